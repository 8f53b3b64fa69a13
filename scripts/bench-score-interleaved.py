#!/usr/bin/env python3
"""Scoring speed, tenpai against the Python `mahjong` library, interleaved in one run.

Blocks alternate: one block of ours (the `score_timer` driver, kept running, asked for
`block ROUNDS` over all hands: `evaluate`, `score` and `score_request`, mean time per
hand), then one block of the Python library (`HandCalculator.estimate_hand_value` once
over the same hands, conversion to its inputs done beforehand and not timed, as in
scripts/bench-score-python.py). Each pair of blocks gives one ratio per entry point;
the report is the median ratio over the pairs and its spread (min, quartiles, max).
Totals (with honba and sticks) are compared hand by hand as a check.

usage: scripts/bench-score-interleaved.py TIMER HANDS.jsonl [--blocks B] [--rounds R]
(scripts/bench-score.sh builds TIMER and a venv with `mahjong`, then runs this.)
"""
import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import time

spec = importlib.util.spec_from_file_location(
    "bsp", os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-score-python.py")
)
bsp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bsp)


def quartiles(xs):
    xs = sorted(xs)
    if len(xs) < 2:
        return xs[0], xs[0], xs[0]
    q = statistics.quantiles(xs, n=4, method="inclusive")
    return q[0], q[1], q[2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("timer")
    ap.add_argument("hands")
    ap.add_argument("--blocks", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=50, help="passes over the hands per block of ours")
    a = ap.parse_args()
    reqs = [json.loads(l) for l in open(a.hands) if l.strip()]
    inputs = [bsp.convert(r) for r in reqs]
    calc = bsp.HandCalculator()
    timer = subprocess.Popen(
        [a.timer, a.hands], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )

    def ask(cmd):
        timer.stdin.write(cmd + "\n")
        timer.stdin.flush()
        return json.loads(timer.stdout.readline())

    def python_block():
        t0 = time.perf_counter()
        out = [
            calc.estimate_hand_value(t, w, melds=m, dora_indicators=d, config=c, ura_dora_indicators=u)
            for (t, w, m, d, c, u) in inputs
        ]
        return (time.perf_counter() - t0) * 1e9 / len(inputs), out

    # Warm both sides once (caches, branch predictors, lazy imports); not counted.
    ask(f"block {max(1, a.rounds // 5)}")
    _, results = python_block()
    ours = ask("totals")
    agree = sum(
        1 for r, o in zip(results, ours) if r.error is None and r.cost["total"] == o
    )
    rows = []
    for _ in range(a.blocks):
        r = ask(f"block {a.rounds}")
        py, _ = python_block()
        rows.append((r, py))
    timer.stdin.close()
    timer.wait()
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    print(f"hands: {len(reqs)}, blocks: {a.blocks} pairs (ours {a.rounds} passes, then Python 1 pass), load average {load:.1f}")
    print(f"totals (with honba and sticks) agreeing: {agree}/{len(reqs)}")
    py_us = [py / 1000 for _, py in rows]
    print(f"python mahjong HandCalculator: median {statistics.median(py_us):.1f} us/hand "
          f"(min {min(py_us):.1f}, max {max(py_us):.1f})")
    summary = {"hands": len(reqs), "blocks": a.blocks, "load": load, "agree": agree,
               "python_us": statistics.median(py_us)}
    for name in ("evaluate", "score", "score_request"):
        ns = [r[name] for r, _ in rows]
        ratios = [py / r[name] for r, py in rows]
        q1, med, q3 = quartiles(ratios)
        print(f"{name:14} median {statistics.median(ns) / 1000:.3f} us/hand; "
              f"ratio python/{name}: median {med:.0f}x (quartiles {q1:.0f}-{q3:.0f}x, "
              f"min {min(ratios):.0f}x, max {max(ratios):.0f}x)")
        summary[name] = {"us": statistics.median(ns) / 1000, "ratio_median": med,
                         "ratio_q1": q1, "ratio_q3": q3,
                         "ratio_min": min(ratios), "ratio_max": max(ratios)}
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
