#!/usr/bin/env python3
"""Time the Python `mahjong` library's HandCalculator on the benchmark hands.

Reads `tenpai score -` requests (JSON Lines) from the file given, converts each to the
library's inputs (136 tile ids, melds, dora/ura indicators, HandConfig with Tenhou
rules: open tanyao, red fives, no double yakuman, kazoe yakuman, no kiriage), times
`HandCalculator.estimate_hand_value` over all hands (best of R rounds, conversion not
timed), and prints one JSON line: hands, seconds per round, microseconds per hand.
With `--answers FILE` (our `tenpai score - --json` output for the same requests) it also
counts how many totals agree.

usage: scripts/bench-score-python.py HANDS.jsonl [--rounds R] [--answers OURS.jsonl]
"""
import argparse
import json
import time

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

SUITS = "mpsz"
WINDS = "ESWN"


def parse_group(text):
    """'406m' -> [(kind, red)]"""
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            s = SUITS.index(ch)
            for d in digits:
                out.append((s * 9 + (4 if d == 0 else d - 1), d == 0))
            digits = []
    return out


class Ids:
    def __init__(self):
        self.used = set()

    def take(self, kind, red):
        if red:
            i = kind * 4
            self.used.add(i)
            return i
        start = kind * 4 + (1 if kind in (4, 13, 22) else 0)
        # a fourth plain five has to take the red five's id (our hand says no red)
        for i in list(range(start, kind * 4 + 4)) + [kind * 4]:
            if i not in self.used:
                self.used.add(i)
                return i
        raise ValueError("too many copies")


def convert(req):
    ids = Ids()
    tokens = req["hand"].split()
    concealed, melds = [], []
    for tok in tokens:
        if tok[0] in "([":
            tiles = [ids.take(k, r) for k, r in parse_group(tok[1:-1])]
            kinds = {t // 4 for t in tiles}
            if len(tiles) == 4:
                melds.append(Meld(Meld.KAN, tiles, opened=tok[0] == "("))
            elif len(kinds) == 1:
                melds.append(Meld(Meld.PON, tiles, opened=True))
            else:
                melds.append(Meld(Meld.CHI, tiles, opened=True))
        else:
            concealed += [ids.take(k, r) for k, r in parse_group(tok)]
    (wk, wr), = parse_group(req["win"])
    win = next(t for t in concealed if t // 4 == wk)
    tiles = concealed + [t for m in melds for t in m.tiles]
    def ind(names):
        # indicators only matter by kind
        return [k * 4 + 3 for n in names for k, _ in parse_group(n)]

    config = HandConfig(
        is_tsumo=req.get("tsumo", False),
        is_riichi=req.get("riichi", False),
        player_wind=EAST + WINDS.index(req.get("seat_wind", "E")),
        round_wind=EAST + WINDS.index(req.get("round_wind", "E")),
        kyoutaku_number=req.get("riichi_sticks", 0),
        tsumi_number=req.get("honba", 0),
        options=OptionalRules(
            has_open_tanyao=True,
            has_aka_dora=True,
            has_double_yakuman=False,
            kazoe_limit=HandConstants.KAZOE_LIMITED,
            kiriage=False,
            fu_for_open_pinfu=True,
            fu_for_pinfu_tsumo=False,
        ),
    )
    return (tiles, win, melds, ind(req.get("dora", [])), config, ind(req.get("ura", [])))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("hands")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--answers")
    a = ap.parse_args()
    reqs = [json.loads(l) for l in open(a.hands) if l.strip()]
    inputs = [convert(r) for r in reqs]
    calc = HandCalculator()
    best = None
    results = None
    for _ in range(a.rounds):
        t0 = time.perf_counter()
        out = [
            calc.estimate_hand_value(t, w, melds=m, dora_indicators=d, config=c, ura_dora_indicators=u)
            for (t, w, m, d, c, u) in inputs
        ]
        dt = time.perf_counter() - t0
        if best is None or dt < best:
            best, results = dt, out
    report = {
        "library": "mahjong (Python) HandCalculator",
        "hands": len(reqs),
        "seconds_per_round": best,
        "us_per_hand": best / len(reqs) * 1e6,
    }
    if a.answers:
        ours = [json.loads(l) for l in open(a.answers) if l.strip()]
        agree = sum(
            1
            for r, o in zip(results, ours)
            if r.error is None and "total_received" in o and r.cost["total"] == o["total_received"]
        )
        report["totals_agreeing_with_tenpai"] = agree
    print(json.dumps(report))


if __name__ == "__main__":
    main()
