#!/usr/bin/env bash
# Batch throughput of the CLI on 1 thread against 2 (RAYON_NUM_THREADS), runs
# interleaved, CPU (user + sys) and wall time per run, medians over ROUNDS.
#
#   scripts/bench-batch.sh                     # builds the release CLI, 1,000,000 hands, 5 rounds
#   N=200000 ROUNDS=3 scripts/bench-batch.sh
#   CMDS="shanten ukeire" scripts/bench-batch.sh
#   BIN_B=path/to/other/tenpai scripts/bench-batch.sh   # two binaries, 1 thread each, interleaved
#
# Hands: uniform random closed hands from the 136-tile wall, half 13 and half 14 tiles
# (13 only for `waits`, which refuses 3k+2), written in mpsz with suits grouped.
# `score` reads crates/tenpai/benches/data/score_hands.jsonl repeated to SCORE_N lines.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-1000000}
ROUNDS=${ROUNDS:-5}
CMDS=${CMDS:-"shanten waits ukeire decompose score"}
if [ -z "${BIN:-}" ]; then
  cargo build --release -q -p tenpai-cli
  BIN=target/release/tenpai
fi
DIR=${DIR:-target/bench-batch}
mkdir -p "$DIR"
gen() { # gen SIZE_MODE FILE: uniform random hands (mode 13, or 1314 for half each)
  [ -s "$2" ] && return
  awk -v n="$N" -v mode="$1" 'BEGIN {
    srand(20261130 + mode);
    split("m p s z", suit, " ");
    for (h = 0; h < n; h++) {
      size = (mode == 13) ? 13 : 13 + (h % 2);
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
  }' > "$2"
}
gen 1314 "$DIR/hands-$N.txt"
gen 13 "$DIR/hands13-$N.txt"
SCORE_N=${SCORE_N:-100000}
SCORE_FILE="$DIR/score-$SCORE_N.jsonl"
if [ ! -s "$SCORE_FILE" ]; then
  src=crates/tenpai/benches/data/score_hands.jsonl
  awk -v n="$SCORE_N" 'NR == FNR { l[c++] = $0; next } END { for (i = 0; i < n; i++) print l[i % c] }' "$src" "$src" > "$SCORE_FILE"
fi
input_of() {
  case "$1" in
    waits) echo "$DIR/hands13-$N.txt" ;;
    score) echo "$SCORE_FILE" ;;
    *) echo "$DIR/hands-$N.txt" ;;
  esac
}
# run LABEL BIN THREADS CMD: one timed run; prints "LABEL cpu wall"
run() {
  local t
  TIMEFORMAT='%U %S %R'
  t=$( { time RAYON_NUM_THREADS=$3 "$2" "$4" - < "$(input_of "$4")" > /dev/null; } 2>&1 )
  read -r u s r <<< "$t"
  awk -v l="$1" -v u="$u" -v s="$s" -v r="$r" 'BEGIN { printf "%s %.3f %.3f\n", l, u + s, r }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $N hands, $ROUNDS rounds, interleaved"
for cmd in $CMDS; do
  lines=$(wc -l < "$(input_of "$cmd")")
  log="$DIR/log-$cmd.txt"
  : > "$log"
  for r in $(seq "$ROUNDS"); do
    if [ -n "${BIN_B:-}" ]; then
      if [ $((r % 2)) -eq 1 ]; then order="A B"; else order="B A"; fi
      for x in $order; do
        if [ "$x" = A ]; then run A "$BIN" 1 "$cmd"; else run B "$BIN_B" 1 "$cmd"; fi >> "$log"
      done
    else
      if [ $((r % 2)) -eq 1 ]; then order="1 2"; else order="2 1"; fi
      for n in $order; do run "t$n" "$BIN" "$n" "$cmd" >> "$log"; done
    fi
  done
  for label in $(cut -d' ' -f1 "$log" | sort -u); do
    cpu=$(awk -v l="$label" '$1 == l { print $2 }' "$log" | median)
    wall=$(awk -v l="$label" '$1 == l { print $3 }' "$log" | median)
    range=$(awk -v l="$label" '$1 == l { print $3 }' "$log" | sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print lo "-" hi }')
    awk -v c="$cmd" -v l="$label" -v cpu="$cpu" -v w="$wall" -v rg="$range" -v n="$lines" 'BEGIN {
      printf "%-10s %-3s median %.3f s CPU, %.3f s wall (wall range %s s): %.0f lines/s wall, %.0f per CPU-second\n", c, l, cpu, w, rg, n / w, n / cpu
    }'
  done
done
