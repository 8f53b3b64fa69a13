#!/usr/bin/env python3
"""The states a call decision solves, against those of the 13-tile advise of the hand.

    offer_states.py TENPAI_BIN CASES

CASES: lines `HAND;OFFER;DORA` (DORA may be empty), e.g. from
`offer_probe gen 20 3 bench` (crates/tenpai-dev). For each case it runs
`tenpai advise HAND --offer OFFER [--dora D] --json` (its `states`: every option's
graph, the pass included) and `tenpai advise HAND [--dora D] --json` (the pass alone),
and prints the ratio per case and its median. Each option's values are exact for its own
graph, so a call decision solves at least these states: with the same cost a state, the
ratio is the least a call decision can cost against the 13-tile advise.
"""
import json
import statistics
import subprocess
import sys


def states(cmd):
    """The `states` of one answer, or None with the command's error on stderr."""
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        return None
    return json.loads(run.stdout)["states"]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tenpai, cases = sys.argv[1], sys.argv[2]
    ratios = []
    for line in open(cases):
        line = line.strip()
        if not line:
            continue
        hand, offer, dora = (line.split(";") + ["", ""])[:3]
        extra = ["--dora", dora] if dora else []
        whole = states([tenpai, "advise", hand, "--offer", offer, "--json"] + extra)
        alone = states([tenpai, "advise", hand, "--json"] + extra)
        if whole is None or alone is None:
            print(f"{hand} offer {offer}: refused (above)")
            continue
        ratios.append(whole / alone)
        print(f"{hand} offer {offer}: {whole} states against {alone} ({whole / alone:.2f}x)")
    if ratios:
        print(
            f"{len(ratios)} cases: median {statistics.median(ratios):.2f}x, "
            f"{min(ratios):.2f}x to {max(ratios):.2f}x, {sum(r <= 2 for r in ratios)} at or below 2x"
        )


if __name__ == "__main__":
    main()
