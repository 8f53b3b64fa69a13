#!/usr/bin/env bash
# tenpai advise vs a peer (mahjong-cpp's ExpectedScoreCalculator through a driver), same
# hands, same run, interleaved per block; then the model comparison.
#
#   PEER=/path/to/peer-driver scripts/bench-advise/run.sh [HANDS] [OUTDIR]
#
# PEER: a program that reads lines `HAND DORA_INDICATOR ...` on stdin and prints one
#   JSON line per hand, `{"hand", "us", "discards": [{"discard", "shanten", "tenpai",
#   "win", "ev", "max_prob"}]}` (see README.md here); it takes `--repeat R` (best of R
#   runs) and `--extra K` (the change budget). It is built outside this repository.
# HANDS: default target/bench-advise/hands.txt, generated (fixed seed: 200 / 100 / 20
#   closed 14-tile hands at 1- / 2- / 3-shanten) when missing.
# CHANGES=K (default 1): our --changes and the peer's extra.
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${PEER:?set PEER to the peer driver (see scripts/bench-advise/README.md)}"
HANDS=${1:-target/bench-advise/hands.txt}
OUT=${2:-target/bench-advise/run-$(date -u +%Y%m%dT%H%M%SZ)}
CHANGES=${CHANGES:-1}
cargo build --release -p tenpai-cli >&2
cargo build --release -p tenpai-dev --bin advise_timing >&2
if [ ! -s "$HANDS" ]; then
  mkdir -p "$(dirname "$HANDS")"
  python3 scripts/bench-advise/gen-hands.py target/release/tenpai "$HANDS"
fi
python3 scripts/bench-advise/bench.py run --ours target/release/advise_timing \
  --peer "$PEER" --hands "$HANDS" --out "$OUT" --changes "$CHANGES"
python3 scripts/bench-advise/bench.py compare "$OUT" | tee "$OUT/report.md"
