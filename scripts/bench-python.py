#!/usr/bin/env python3
"""Benchmark the tenpai Python package against the `mahjong` package, same run,
interleaved rounds, same inputs (a benchmark script, not a test).

1. Scoring: the 1000 hands of crates/tenpai/benches/data/score_hands.jsonl.
   - mahjong: HandCalculator.estimate_hand_value per hand (inputs converted to 136 ids
     and HandConfig beforehand, not timed; Tenhou rules as scripts/bench-score-python.py);
   - tenpai.score(hand, **options) per hand (keywords prepared beforehand);
   - prepared requests, the counterpart of mahjong's prepared inputs:
     tenpai.ScoreRequest(hand, **options) built beforehand (not timed), then
     tenpai.score(req) and req.score() per hand;
   - tenpai.score_many(list of request dicts), one call for the 1000;
   - tenpai.score_many(JSON Lines bytes: the file's content), one call for the 1000;
   - tenpai.score_many(list of prepared requests), one call for the 1000.
   Each round times them all on all hands in turn (mahjong once, about 0.06-0.3 s;
   ours best of 5 repetitions, each 1/100 of that or less, so that one lost time slice
   on a shared machine does not decide them); the ratios are per round, and the median
   and spread (min-max) over the rounds are printed, with the load average.
2. Shanten: N random 13/14-tile hands (default 1,000,000) with tenpai.shanten_many
   (mpsz strings in, parsing included), against a Python loop over mahjong's
   Shanten.calculate_shanten (34-count arrays prepared beforehand) on the first M hands
   (default 100,000; per-hand times compared), interleaved over the rounds.

usage: scripts/bench-python.py [--rounds R] [--shanten-hands N] [--mahjong-shanten-hands M]
                               [--no-shanten]
Needs: pip install ./crates/tenpai-py mahjong
"""
import argparse
import importlib.util
import json
import os
import pathlib
import random
import statistics
import time

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.shanten import Shanten

import tenpai

ROOT = pathlib.Path(__file__).resolve().parents[1]
HANDS = ROOT / "crates/tenpai/benches/data/score_hands.jsonl"


def load_converter():
    spec = importlib.util.spec_from_file_location("bsp", ROOT / "scripts/bench-score-python.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.convert


def random_hands(n, seed=7):
    rng = random.Random(seed)
    wall = list(range(136))
    texts, arrays = [], []
    for i in range(n):
        k = 13 if i % 2 else 14
        tiles = rng.sample(wall, k)
        counts = [0] * 34
        for t in tiles:
            counts[t // 4] += 1
        arrays.append(counts)
        texts.append("".join(
            "".join(str(j % 9 + 1) * counts[j] for j in range(9 * s, min(9 * s + 9, 34))) + "mpsz"[s]
            for s in range(4) if any(counts[9 * s:min(9 * s + 9, 34)])))
    return texts, arrays


def summary(name, xs):
    return f"{name}: median {statistics.median(xs):.3g} (min {min(xs):.3g}, max {max(xs):.3g})"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--shanten-hands", type=int, default=1_000_000)
    ap.add_argument("--mahjong-shanten-hands", type=int, default=100_000)
    ap.add_argument("--no-shanten", action="store_true", help="scoring only")
    args = ap.parse_args()

    convert = load_converter()
    reqs = [json.loads(line) for line in HANDS.read_text().splitlines()]
    theirs_in = [convert(r) for r in reqs]
    ours_in = []
    for r in reqs:
        kw = dict(r)
        ours_in.append((kw.pop("hand"), kw))
    n = len(reqs)
    # The answers agree (totals with honba and sticks).
    ours_ans = tenpai.score_many(reqs)
    agree = 0
    for (tiles, win, melds, dora, cfg, ura), o in zip(theirs_in, ours_ans):
        t = HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora,
                                               ura_dora_indicators=ura, config=cfg)
        agree += t.error is None and t.cost["total"] == o.total_received
    print(f"scoring: {n} hands, totals agreeing: {agree}/{n}")

    lines = HANDS.read_bytes()
    assert [r.to_json() for r in tenpai.score_many(lines)] == [r.to_json() for r in ours_ans]
    prepared = [tenpai.ScoreRequest(hand, **kw) for hand, kw in ours_in]
    assert [r.to_json() for r in tenpai.score_many(prepared)] == [r.to_json() for r in ours_ans]
    assert [tenpai.score(q).to_json() for q in prepared] == [r.to_json() for r in ours_ans]

    def best_of(f, reps=5):
        best = float("inf")
        for _ in range(reps):
            t1 = time.perf_counter()
            f()
            best = min(best, time.perf_counter() - t1)
        return best / n * 1e6

    def per_call():
        for hand, kw in ours_in:
            score(hand, **kw)

    def per_prepared():
        for q in prepared:
            score(q)

    def per_method():
        for q in prepared:
            q.score()

    score = tenpai.score
    load = [os.getloadavg()[0]]
    mj, one, many, jl, prep, meth, pmany = [], [], [], [], [], [], []
    for _ in range(args.rounds):
        t0 = time.perf_counter()
        for tiles, win, melds, dora, cfg, ura in theirs_in:
            HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora,
                                               ura_dora_indicators=ura, config=cfg)
        t1 = time.perf_counter()
        mj.append((t1 - t0) / n * 1e6)
        # Ours take ~1/100 of the time: best of 5 repetitions within the round, so that
        # one lost time slice on a shared machine does not decide the figure.
        one.append(best_of(per_call))
        prep.append(best_of(per_prepared))
        meth.append(best_of(per_method))
        many.append(best_of(lambda: tenpai.score_many(reqs)))
        jl.append(best_of(lambda: tenpai.score_many(lines)))
        pmany.append(best_of(lambda: tenpai.score_many(prepared)))
        load.append(os.getloadavg()[0])
    print(f"load average (1 min) during the rounds: {min(load):.2f}-{max(load):.2f}")
    rows = [
        ("tenpai.score(hand, **kw)", one),
        ("tenpai.score(prepared request)", prep),
        ("prepared request .score()", meth),
        ("tenpai.score_many(dicts)", many),
        ("tenpai.score_many(JSON Lines bytes)", jl),
        ("tenpai.score_many(prepared requests)", pmany),
    ]
    print(summary("mahjong HandCalculator us/hand", mj))
    for name, xs in rows:
        print(summary(f"{name} us/hand", xs))
    for name, xs in rows:
        print(summary(f"ratio mahjong / {name}", [a / b for a, b in zip(mj, xs)]))

    if args.no_shanten:
        return
    texts, arrays = random_hands(args.shanten_hands)
    m = min(args.mahjong_shanten_hands, len(arrays))
    calc = Shanten()
    ours = tenpai.shanten_many(texts[:m])
    theirs = [calc.calculate_shanten(a) for a in arrays[:m]]
    print(f"shanten: {len(texts)} hands (mahjong loop on the first {m}); "
          f"answers equal on those: {sum(a == b for a, b in zip(ours, theirs))}/{m}")
    sm, py = [], []
    rounds = max(1, args.rounds // 2)
    for _ in range(rounds):
        t0 = time.perf_counter()
        tenpai.shanten_many(texts)
        t1 = time.perf_counter()
        for a in arrays[:m]:
            calc.calculate_shanten(a)
        t2 = time.perf_counter()
        sm.append((t1 - t0) / len(texts) * 1e9)
        py.append((t2 - t1) / m * 1e9)
    print(summary(f"tenpai.shanten_many ns/hand ({len(texts)} hands)", sm))
    print(summary("mahjong calculate_shanten loop ns/hand", py))
    print(summary("ratio", [b / a for a, b in zip(sm, py)]))


if __name__ == "__main__":
    main()
