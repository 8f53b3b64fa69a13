#!/usr/bin/env bash
# Scoring speed, tenpai vs the Python `mahjong` library, interleaved in one run.
#
#   scripts/bench-score.sh [--blocks B] [--rounds R]
#
# Makes a venv (target/bench-venv) with the Python `mahjong` library (2.1.0, from PyPI),
# builds the timing driver `score_timer` (crates/tenpai-dev/src/bin/score_timer.rs) in
# release mode, and runs scripts/bench-score-interleaved.py: blocks of ours and blocks
# of the Python library's `HandCalculator` alternate on the same 1000 hands
# (crates/tenpai/benches/data/score_hands.jsonl); it prints the median ratio per entry
# point and its spread. The criterion benchmark `cargo bench -p tenpai --bench score`
# times our side alone. To regenerate the hands, see docs/performance.md, "Scoring".
set -euo pipefail
cd "$(dirname "$0")/.."
HANDS=crates/tenpai/benches/data/score_hands.jsonl
VENV=target/bench-venv
if ! "$VENV/bin/python" -c 'import mahjong' 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "mahjong==2.1.0"
fi
cargo build --release -p tenpai-dev --bin score_timer >&2
TARGET_DIR=$(cargo metadata --format-version 1 --no-deps | "$VENV/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
"$VENV/bin/python" scripts/bench-score-interleaved.py "$TARGET_DIR/release/score_timer" "$HANDS" "$@"
