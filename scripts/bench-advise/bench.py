#!/usr/bin/env python3
"""Interleaved timing and model comparison: tenpai advise vs a peer driver.

    bench.py run --ours CMD --peer CMD --hands FILE --out DIR [--changes K]
                 [--limit 1:40,2:5] [--repeat R]
    bench.py compare DIR

`run` feeds the hands (lines `HAND DORA SHANTEN`) to both programs block by block,
alternating which goes first (A B, B A, ...), each program a fresh process per block
that prints one JSON line per hand (`{"hand", "us", "discards": [{"discard", "tenpai",
"win", "ev", ...}]}`; other lines are ignored). Blocks are small enough that both
programs see the same machine load. Answers go to DIR/ours.jsonl and DIR/peer.jsonl.
`compare` prints the timing table per shanten class (median time of each, median and
10th-90th percentile of the per-hand ratio peer/ours) and the model comparison.
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys

# Hands per block and best-of repeats per shanten class (time per hand grows ~10x a class).
BLOCK = {0: 40, 1: 20, 2: 5, 3: 1, 4: 1}
REPEAT = {0: 5, 1: 5, 2: 3, 3: 1, 4: 1}


def run_block(cmd, lines, repeat, extra):
    args = shlex.split(cmd) + ["--repeat", str(repeat)] + extra
    # One thread each: the peer computes on one, and ours shares its passes between
    # the cores from 5,000 states (RAYON_NUM_THREADS=1 turns that off).
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    res = subprocess.run(args, input="".join(lines), capture_output=True, text=True, env=env)
    if res.returncode != 0:
        sys.exit(f"{cmd} failed ({res.returncode}): {res.stderr[-2000:]}")
    rows = [json.loads(x) for x in res.stdout.splitlines() if x.startswith("{")]
    if len(rows) != len(lines):
        sys.exit(f"{cmd}: {len(rows)} answers for {len(lines)} hands: {res.stderr[-2000:]}")
    return rows


def cmd_run(a):
    with open(a.hands) as f:
        hands = [line for line in f if line.strip()]
    by_class = {}
    for line in hands:
        by_class.setdefault(int(line.split()[2]), []).append(line)
    if a.limit:
        for k, v in (x.split(":") for x in a.limit.split(",")):
            if int(k) in by_class:
                by_class[int(k)] = by_class[int(k)][: int(v)]
    os.makedirs(a.out, exist_ok=True)
    ours_f = open(os.path.join(a.out, "ours.jsonl"), "w")
    peer_f = open(os.path.join(a.out, "peer.jsonl"), "w")
    k = 0
    for sh in sorted(by_class):
        lines = by_class[sh]
        b, r = BLOCK.get(sh, 1), a.repeat or REPEAT.get(sh, 1)
        for i in range(0, len(lines), b):
            block = lines[i : i + b]
            order = [("ours", a.ours, ["--changes", str(a.changes)]),
                     ("peer", a.peer, ["--extra", str(a.changes)])]
            if k % 2:
                order.reverse()
            k += 1
            for name, cmd, extra in order:
                rows = run_block(cmd, block, r, extra)
                fh = ours_f if name == "ours" else peer_f
                for row in rows:
                    row["class"] = sh
                    fh.write(json.dumps(row) + "\n")
                fh.flush()
            print(f"{sh}-shanten: {min(i + b, len(lines))}/{len(lines)}", file=sys.stderr)
    ours_f.close()
    peer_f.close()


def pct(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    i = (len(xs) - 1) * p
    lo = int(i)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (i - lo)


def fmt_ratio(r):
    return f"{r:.1f}x" if r >= 1 else f"{r:.3g}x"


def fmt_us(us):
    return f"{us / 1000:.3f} ms" if us < 1e6 else f"{us / 1e6:.2f} s"


def load(path):
    with open(path) as f:
        return [json.loads(x) for x in f if x.strip()]


def best(discards, key):
    """Discards (strings) with the highest value of key, within a relative 1e-9."""
    top = max(d[key] for d in discards)
    return {d["discard"] for d in discards if d[key] >= top - 1e-9 * max(1.0, abs(top))}


def cmd_compare(a):
    ours = load(os.path.join(a.dir, "ours.jsonl"))
    peer = load(os.path.join(a.dir, "peer.jsonl"))
    pairs = {}
    for o in ours:
        pairs.setdefault(o["hand"], [None, None])[0] = o
    for p in peer:
        pairs.setdefault(p["hand"], [None, None])[1] = p
    classes = sorted({(o or p)["class"] for o, p in pairs.values()})
    print("Timing (one process per program per block, alternating; best of repeats per hand)")
    print("| class | hands | refused by ours | ours median | peer median (all) "
          "| peer median (same hands) | median ratio peer/ours | p10-p90 ratio |")
    print("|---|---|---|---|---|---|---|---|")
    errors = {}
    for sh in classes:
        every = [(o, p) for o, p in pairs.values() if p and (o or p)["class"] == sh]
        refused = [o for o, p in every if o and "error" in o]
        for o in refused:
            errors[o["error"].split(":")[0]] = errors.get(o["error"].split(":")[0], 0) + 1
        ps = [(o, p) for o, p in every if o and "error" not in o]
        peer_all = fmt_us(statistics.median(p["us"] for _, p in every))
        if not ps:
            print(f"| {sh}-shanten | {len(every)} | {len(refused)} | - | {peer_all} | - | - | - |")
            continue
        ratios = [p["us"] / max(o["us"], 1e-3) for o, p in ps]
        print(f"| {sh}-shanten | {len(every)} | {len(refused)} "
              f"| {fmt_us(statistics.median(o['us'] for o, _ in ps))} | {peer_all} "
              f"| {fmt_us(statistics.median(p['us'] for _, p in ps))} "
              f"| {fmt_ratio(statistics.median(ratios))} "
              f"| {fmt_ratio(pct(ratios, 0.1))}-{fmt_ratio(pct(ratios, 0.9))} |")
    for e, n in errors.items():
        print(f"\nrefused by ours ({n}): {e}")
    print()
    print("Model comparison (17 draws; values per discard both evaluate; diff = peer - ours;")
    print("best = same best discard among those, ties within 1e-9 count as same)")
    print("| class | discards | best-ev same | best-win same | win: max/median abs diff "
          "| tenpai: max/median abs diff | ev: median rel diff (p10-p90) | peer prob > 1 "
          "| not in peer |")
    print("|---|---|---|---|---|---|---|---|---|")
    for sh in classes:
        ps = [(o, p) for o, p in pairs.values()
              if o and p and o["class"] == sh and "error" not in o]
        if not ps:
            continue
        dwin, dten, rev = [], [], []
        same_ev = same_win = 0
        over = 0
        n = 0
        missing = 0
        for o, p in ps:
            od = {d["discard"]: d for d in o["discards"]}
            pd = {d["discard"]: d for d in p["discards"]}
            # Best among the discards both evaluate (with extra 0 the peer leaves out
            # the discards that raise the shanten).
            common = [t for t in od if t in pd]
            missing += len(od) - len(common)
            if best([od[t] for t in common], "ev") & best([pd[t] for t in common], "ev"):
                same_ev += 1
            if best([od[t] for t in common], "win") & best([pd[t] for t in common], "win"):
                same_win += 1
            for t, x in od.items():
                y = pd.get(t)
                if y is None:
                    continue
                n += 1
                dwin.append(y["win"] - x["win"])
                dten.append(y["tenpai"] - x["tenpai"])
                if x["ev"] > 0:
                    rev.append((y["ev"] - x["ev"]) / x["ev"])
            over += sum(1 for d in p["discards"] if d.get("max_prob", 0) > 1 + 1e-12)
        aw = [abs(x) for x in dwin]
        at = [abs(x) for x in dten]
        print(f"| {sh}-shanten | {n} | {same_ev}/{len(ps)} | {same_win}/{len(ps)} "
              f"| {max(aw):.4f} / {statistics.median(aw):.4f} "
              f"| {max(at):.4f} / {statistics.median(at):.4f} "
              f"| {100 * statistics.median(rev):+.1f}% ({100 * pct(rev, 0.1):+.1f}%..{100 * pct(rev, 0.9):+.1f}%) "
              f"| {over} | {missing} |")
    print()
    print("Signed median diffs (peer - ours): " + "; ".join(
        f"{sh}-shanten win {statistics.median(w):+.4f} tenpai {statistics.median(t):+.4f}"
        for sh, w, t in _signed(pairs, classes)))


def _signed(pairs, classes):
    for sh in classes:
        w, t = [], []
        for o, p in pairs.values():
            if not (o and p and o["class"] == sh) or "error" in o:
                continue
            pd = {d["discard"]: d for d in p["discards"]}
            for d in o["discards"]:
                y = pd.get(d["discard"])
                if y:
                    w.append(y["win"] - d["win"])
                    t.append(y["tenpai"] - d["tenpai"])
        if w:
            yield sh, w, t


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--ours", required=True)
    r.add_argument("--peer", required=True)
    r.add_argument("--hands", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--changes", type=int, default=1)
    r.add_argument("--limit", help="hands per class, e.g. 1:40,2:5,3:0 (default: all)")
    r.add_argument("--repeat", type=int, help="best of R runs per hand (default per class)")
    c = sub.add_parser("compare")
    c.add_argument("dir")
    a = ap.parse_args()
    cmd_run(a) if a.cmd == "run" else cmd_compare(a)


if __name__ == "__main__":
    main()
