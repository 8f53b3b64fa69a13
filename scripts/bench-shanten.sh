#!/usr/bin/env bash
# Times `tenpai shanten -` over 1,000,000 random hands (one core) and single-hand
# invocations, and optionally runs the criterion benchmark against `xiangting`.
#
#   scripts/bench-shanten.sh            # CLI figures
#   scripts/bench-shanten.sh --criterion  # also `cargo bench -p tenpai --bench shanten`
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-1000000}
FILE=${FILE:-target/bench-hands-$N.txt}
cargo build --release -q -p tenpai-cli
BIN=target/release/tenpai
if [ ! -s "$FILE" ]; then
  # Uniform random 13- and 14-tile closed hands (half each) from the 136-tile wall,
  # written in mpsz with suits grouped (the order players write them).
  awk -v n="$N" 'BEGIN {
    srand(20261130);
    split("m p s z", suit, " ");
    for (h = 0; h < n; h++) {
      size = 13 + (h % 2);
      for (k = 0; k < 34; k++) c[k] = 0;
      got = 0;
      while (got < size) { k = int(rand() * 34); if (c[k] < 4) { c[k]++; got++ } }
      line = "";
      for (s = 0; s < 4; s++) {
        part = ""; len = (s < 3) ? 9 : 7;
        for (i = 0; i < len; i++) for (j = 0; j < c[9 * s + i]; j++) part = part (i + 1);
        if (part != "") line = line part suit[s + 1];
      }
      print line;
    }
  }' > "$FILE"
fi
echo "hands: $(wc -l < "$FILE") in $FILE"
# CPU time of one process on one core (user + sys), text output.
TIMEFORMAT='%U %S %R'
t=$( { time taskset -c 0 "$BIN" shanten - < "$FILE" > /dev/null; } 2>&1 )
read -r user sys real <<< "$t"
awk -v u="$user" -v s="$sys" -v r="$real" -v n="$(wc -l < "$FILE")" 'BEGIN {
  cpu = u + s;
  printf "tenpai shanten -: %.3f s CPU (%.3f user + %.3f sys), %.3f s wall, %.0f hands/s of CPU\n", cpu, u, s, r, n / cpu
}'
t=$( { time taskset -c 0 "$BIN" shanten --json - < "$FILE" > /dev/null; } 2>&1 )
read -r user sys real <<< "$t"
awk -v u="$user" -v s="$sys" -v n="$(wc -l < "$FILE")" 'BEGIN {
  printf "tenpai shanten --json -: %.3f s CPU, %.0f hands/s of CPU\n", u + s, n / (u + s)
}'
# One hand per process, process start included (mean of 100 runs).
start=$(date +%s%N)
for _ in $(seq 100); do "$BIN" shanten 123m456p789s1122z > /dev/null; done
end=$(date +%s%N)
awk -v d="$((end - start))" 'BEGIN { printf "single hand: %.2f ms per process (mean of 100)\n", d / 100 / 1e6 }'
if [ "${1:-}" = "--criterion" ]; then
  cargo bench -p tenpai --bench shanten
fi
