#!/usr/bin/env python3
"""Random closed 14-tile hands per shanten class, for the advise benchmark.

    gen-hands.py TENPAI_BIN OUT [--seed S] [--counts 1:200,2:100,3:20]

Deals 14 tiles and one dora indicator from a shuffled 136-tile wall (one red five per
suit, written 0m/0p/0s), asks `TENPAI_BIN shanten - --json` for the overall shanten of
each hand, and keeps the first hands of each requested class. Writes one line per hand:
`HAND DORA SHANTEN` (mpsz; the hand sorted by suit). Same seed, same file.
"""
import argparse
import json
import random
import subprocess
import sys


def mpsz(tiles):
    """tiles: list of (kind 0..33, red flag) -> canonical mpsz, red five as 0."""
    out = []
    for s, letter in enumerate("mpsz"):
        digits = sorted(
            (k - 9 * s, red) for k, red in tiles if 9 * s <= k < 9 * s + (9 if s < 3 else 7)
        )
        if digits:
            # red five sorts with the fives, written 0
            out.append("".join("0" if red else str(d + 1) for d, red in digits) + letter)
    return "".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tenpai")
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--counts", default="1:200,2:100,3:20")
    a = ap.parse_args()
    want = {int(k): int(v) for k, v in (x.split(":") for x in a.counts.split(","))}
    rng = random.Random(a.seed)
    wall = [(k, k in (4, 13, 22) and c == 0) for k in range(34) for c in range(4)]
    kept = {k: [] for k in want}
    batch = 5000
    while any(len(kept[k]) < n for k, n in want.items()):
        deals = []
        for _ in range(batch):
            rng.shuffle(wall)
            hand, dora = wall[:14], wall[14]
            deals.append((mpsz(hand), mpsz([dora])))
        res = subprocess.run(
            [a.tenpai, "shanten", "-", "--json"],
            input="".join(h + "\n" for h, _ in deals),
            capture_output=True, text=True, check=True,
        )

        for (hand, dora), line in zip(deals, res.stdout.splitlines()):
            sh = json.loads(line)["shanten"]
            if sh in kept and len(kept[sh]) < want[sh]:
                kept[sh].append((hand, dora, sh))
    with open(a.out, "w") as f:
        for k in sorted(kept):
            for hand, dora, sh in kept[k]:
                f.write(f"{hand} {dora} {sh}\n")
    print(f"wrote {a.out}: " + ", ".join(f"{len(v)} at {k}-shanten" for k, v in sorted(kept.items())),
          file=sys.stderr)


if __name__ == "__main__":
    main()
