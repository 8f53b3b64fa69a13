#!/usr/bin/env bash
# Scoring speed, tenpai vs the Python `mahjong` library, on the same hands in one run.
#
#   scripts/bench-score.sh
#
# Runs the criterion benchmark `score` (crates/tenpai/benches/score.rs) on the hands in
# crates/tenpai/benches/data/score_hands.jsonl, then scripts/bench-score-python.py
# (HandCalculator.estimate_hand_value) on the same file, and prints microseconds per
# hand for each and the ratio. Installs `mahjong` with pip if it is missing.
# To regenerate the hands, see the README section "Scoring" (Speed).
set -euo pipefail
cd "$(dirname "$0")/.."
HANDS=crates/tenpai/benches/data/score_hands.jsonl
N=$(grep -c . "$HANDS")
python3 -c 'import mahjong' 2>/dev/null || python3 -m pip install --quiet mahjong
cargo bench -p tenpai --bench score -- --noplot >&2
cargo build --release -p tenpai-cli >&2
ours_answers=$(mktemp)
trap 'rm -f "$ours_answers"' EXIT
./target/release/tenpai score - --json < "$HANDS" > "$ours_answers" || true
py=$(python3 scripts/bench-score-python.py "$HANDS" --rounds 5 --answers "$ours_answers")
python3 - "$N" "$py" <<'PY'
import json, sys
n = int(sys.argv[1]); py = json.loads(sys.argv[2])
def est(name):
    # Best sample (least disturbed by other load), like Python's best round; and mean.
    base = f"target/criterion/score/{name}/new"
    with open(f"{base}/sample.json") as f:
        smp = json.load(f)
    best = min(t / i for t, i in zip(smp["times"], smp["iters"])) / n / 1000.0
    with open(f"{base}/estimates.json") as f:
        mean = json.load(f)["mean"]["point_estimate"] / n / 1000.0
    return best, mean
ev, typed, req = est("evaluate_batch"), est("typed_batch"), est("request_batch")
pyu = py["us_per_hand"]
print(f"hands: {n} (best sample / mean, microseconds per hand)")
print(f"tenpai evaluate (typed, compact answer):   {ev[0]:.2f} / {ev[1]:.2f}")
print(f"tenpai score (typed, full answer):         {typed[0]:.2f} / {typed[1]:.2f}")
print(f"tenpai score_request (string request):     {req[0]:.2f} / {req[1]:.2f}")
print(f"python mahjong HandCalculator (best of 5): {pyu:.1f}")
print(f"ratio python / evaluate:      {pyu / ev[0]:.0f}x (vs mean: {pyu / ev[1]:.0f}x)")
print(f"ratio python / score:         {pyu / typed[0]:.0f}x (vs mean: {pyu / typed[1]:.0f}x)")
print(f"ratio python / score_request: {pyu / req[0]:.0f}x (vs mean: {pyu / req[1]:.0f}x)")
if "totals_agreeing_with_tenpai" in py:
    print(f"totals (with honba and sticks) agreeing: {py['totals_agreeing_with_tenpai']}/{n}")
PY
