#!/usr/bin/env bash
# Scoring speed, tenpai vs the Python `mahjong` library, on the same hands in one run.
#
#   scripts/bench-score.sh
#
# Runs the criterion benchmark `score` (crates/tenpai/benches/score.rs) on the hands in
# crates/tenpai/benches/data/score_hands.jsonl, then scripts/bench-score-python.py
# (HandCalculator.estimate_hand_value) on the same file, and prints microseconds per
# hand for each and the ratio. Installs `mahjong` with pip if it is missing.
# To regenerate the hands: scripts/gen-score-hands.py 3000 4 | tenpai score - --json ...
# (see the README section "Scoring").
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
py=$(python3 scripts/bench-score-python.py "$HANDS" --rounds 3 --answers "$ours_answers")
python3 - "$N" "$py" <<'PY'
import json, sys
n = int(sys.argv[1]); py = json.loads(sys.argv[2])
def est(name):
    with open(f"target/criterion/score/{name}/new/estimates.json") as f:
        return json.load(f)["mean"]["point_estimate"] / n / 1000.0  # us per hand
ev, typed, req = est("evaluate_batch"), est("typed_batch"), est("request_batch")
print(f"hands: {n}")
print(f"tenpai evaluate (typed, compact answer): {ev:.2f} us/hand")
print(f"tenpai score (typed, parsed beforehand): {typed:.2f} us/hand")
print(f"tenpai score_request (string request):   {req:.2f} us/hand")
print(f"python mahjong HandCalculator:           {py['us_per_hand']:.1f} us/hand")
print(f"ratio python / tenpai evaluate: {py['us_per_hand'] / ev:.0f}x")
print(f"ratio python / tenpai typed:   {py['us_per_hand'] / typed:.0f}x")
print(f"ratio python / tenpai request: {py['us_per_hand'] / req:.0f}x")
if "totals_agreeing_with_tenpai" in py:
    print(f"totals (with honba and sticks) agreeing: {py['totals_agreeing_with_tenpai']}/{n}")
PY
