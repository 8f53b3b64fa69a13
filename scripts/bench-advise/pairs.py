#!/usr/bin/env python3
"""Two builds of `advise_timing` compared hand by hand, in pairs.

    scripts/bench-advise/pairs.py OLD NEW HANDS [--rounds N] [--repeat R] [--changes K]

For each round and each hand of HANDS (lines as `gen-hands.py` writes them), OLD and NEW
each time the hand in a fresh process (best of R runs, one thread), back to back, the
order alternating from pair to pair; the ratio of a pair is OLD's time over NEW's. On a
machine whose speed moves in stretches of seconds (another tenant of the host), both
runs of a pair see the same stretch, where block-by-block timings do not: prints the
median of the pairs' ratios with its 10th-90th percentiles, and per hand the best time
of each over the rounds (median of those ratios, and their sums' ratio). An A/A run
(the same build twice) shows the noise: docs/advise.md, lab note "Records and memory".
"""
import argparse
import json
import os
import statistics
import subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("hands")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--changes", type=int, default=1)
    a = ap.parse_args()
    hands = [line for line in open(a.hands) if line.strip()]
    env = dict(os.environ, RAYON_NUM_THREADS="1")

    def time_of(binary, line):
        out = subprocess.run(
            [binary, "--repeat", str(a.repeat), "--changes", str(a.changes)],
            input=line, capture_output=True, text=True, env=env, check=True,
        ).stdout
        answer = json.loads(out.splitlines()[0])
        if "error" in answer:
            raise SystemExit(f"{binary} refused {line.strip()}: {answer['error']}")
        return answer["us"]

    ratios, best = [], {}
    for r in range(a.rounds):
        for i, line in enumerate(hands):
            if (r + i) % 2 == 0:
                old = time_of(a.old, line)
                new = time_of(a.new, line)
            else:
                new = time_of(a.new, line)
                old = time_of(a.old, line)
            ratios.append(old / new)
            o, n = best.get(i, (old, new))
            best[i] = (min(o, old), min(n, new))
    q = statistics.quantiles(ratios, n=10)
    per_hand = [o / n for o, n in best.values()]
    print(
        "%d pairs: old/new median %.3f (p10 %.3f, p90 %.3f); per hand, best of %d rounds: "
        "median %.3f, sums %.3f"
        % (
            len(ratios), statistics.median(ratios), q[0], q[-1], a.rounds,
            statistics.median(per_hand),
            sum(o for o, _ in best.values()) / sum(n for _, n in best.values()),
        )
    )


if __name__ == "__main__":
    main()
