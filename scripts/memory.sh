#!/usr/bin/env bash
# Peak resident memory (RSS, from /usr/bin/time) of every batch command on 100,000
# input lines, text and --json, on all cores and again with RAYON_NUM_THREADS=16,
# each checked against the stated budget (docs/cli.md, "Memory"): a batch's budget is
# one per process and does not grow with the core count. Also `replay` and `stats` over
# the shared corpus.
#
# The summary (`tenpai -`) runs on 14-tile hands of 4 shanten or more: its answers are
# the largest (about 3 KB of JSON each) and it gives no advice block for them, so the
# batch's own memory is measured. The advise engine (`advise -`, and the summary's
# advice block for 0-3 shanten hands) has its own budget and is slow (a search per
# hand): ADVISE=1 adds it, on ADVISE_N lines of random hands.
#
#   scripts/memory.sh                        # builds the release CLI, 100,000 lines
#   N=20000 scripts/memory.sh                # fewer lines
#   THREADS="default 16" BUDGET_MB=32 scripts/memory.sh
#   ADVISE=1 ADVISE_N=300 scripts/memory.sh  # also the advise engine (ADVISE_BUDGET_MB)
#
# With ADVISE=1 it also measures the advise engine's largest searches (a 5-shanten hand
# answered with no change, and twenty 3-shanten hands in one batch) and `tenpai serve`
# under 50 parallel `/api/advise` requests of 2- and 3-shanten hands with 50 workers:
# the engine's budget is one per process (docs/advise.md, "Memory").
#
# Exit status 1 when some run is over its budget (each line says OK or OVER).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-100000}
THREADS=${THREADS:-"default 16"}
BUDGET_MB=${BUDGET_MB:-32}
ADVISE_BUDGET_MB=${ADVISE_BUDGET_MB:-1024}
ADVISE_N=${ADVISE_N:-300}
CMDS=${CMDS:-"summary shanten waits ukeire decompose score"}
if [ "${ADVISE:-0}" = 1 ]; then CMDS="$CMDS advise summary-advice"; fi
target=${CARGO_TARGET_DIR:-target}
if [ -z "${BIN:-}" ]; then
  cargo build --release -q -p tenpai-cli
  BIN=$target/release/tenpai
fi
DIR=${DIR:-$target/memory}
mkdir -p "$DIR"
# Uniform random closed hands from the 136-tile wall (mode 13: 13 tiles; else half 13,
# half 14), mpsz with suits grouped; deterministic.
gen() {
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
SCORE_FILE="$DIR/score-$N.jsonl"
if [ ! -s "$SCORE_FILE" ]; then
  src=crates/tenpai/benches/data/score_hands.jsonl
  awk -v n="$N" 'NR == FNR { l[c++] = $0; next } END { for (i = 0; i < n; i++) print l[i % c] }' "$src" "$src" > "$SCORE_FILE"
fi
# 14-tile hands of 4 shanten or more (no advice block in the summary), repeated to N.
FAR_FILE="$DIR/far14-$N.txt"
if [ ! -s "$FAR_FILE" ]; then
  "$BIN" shanten - --json < "$DIR/hands-$N.txt" | awk -F'"' -v n="$N" '{
    s = $0; sub(/.*"shanten":/, "", s); sub(/,.*/, "", s);
    t = $4; tiles = gsub(/[0-9]/, "", t);
    if (tiles == 14 && s + 0 >= 4) h[c++] = $4
  } END { for (i = 0; i < n; i++) print h[i % c] }' > "$FAR_FILE"
fi
ADVISE_FILE="$DIR/advise-$ADVISE_N.txt"
head -n "$ADVISE_N" "$DIR/hands-$N.txt" > "$ADVISE_FILE"
input_of() {
  case "$1" in
    waits) echo "$DIR/hands13-$N.txt" ;;
    score) echo "$SCORE_FILE" ;;
    summary) echo "$FAR_FILE" ;;
    advise | summary-advice) echo "$ADVISE_FILE" ;;
    *) echo "$DIR/hands-$N.txt" ;;
  esac
}
over=0
# measure LABEL BUDGET_MB THREADS CMD...: one run, stdin from $INPUT, stdout discarded.
measure() {
  local label=$1 budget=$2 threads=$3
  shift 3
  local envs=()
  if [ "$threads" != default ]; then envs=(RAYON_NUM_THREADS="$threads"); fi
  env "${envs[@]}" /usr/bin/time -f %M -o "$DIR/rss.txt" "$@" < "${INPUT:-/dev/null}" > /dev/null 2> "$DIR/stderr.txt" || true
  local kb
  kb=$(tail -1 "$DIR/rss.txt")
  local mb
  mb=$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')
  local verdict=OK
  if awk -v m="$mb" -v b="$budget" 'BEGIN { exit !(m > b) }'; then verdict=OVER; over=1; fi
  printf '%-34s threads %-7s peak %7s MB  (budget %s MB) %s\n' "$label" "$threads" "$mb" "$budget" "$verdict"
}
echo "$(nproc) cores; $N lines per batch ($(wc -l < "$ADVISE_FILE") for advise); budget $BUDGET_MB MB per batch process"
for cmd in $CMDS; do
  for json in "" "--json"; do
    for t in $THREADS; do
      budget=$BUDGET_MB
      case "$cmd" in advise | summary-advice) budget=$ADVISE_BUDGET_MB ;; esac
      case "$cmd" in summary | summary-advice) args=(-) ;; *) args=("$cmd" -) ;; esac
      [ -n "$json" ] && args+=("$json")
      INPUT=$(input_of "$cmd") measure "$cmd - $json" "$budget" "$t" "$BIN" "${args[@]}"
    done
  done
done
# serve_peak THREADS: peak RSS of `tenpai serve` (50 workers) answering 50 parallel
# /api/advise requests of 2- and 3-shanten hands.
serve_peak() {
  local t=$1 port=$((20000 + RANDOM % 20000))
  local envs=()
  if [ "$t" != default ]; then envs=(RAYON_NUM_THREADS="$t"); fi
  env "${envs[@]}" /usr/bin/time -f %M -o "$DIR/rss.txt" "$BIN" serve --addr "127.0.0.1:$port" \
    --workers 50 --time-limit 600 > /dev/null 2>&1 &
  local timer=$!
  for _ in $(seq 100); do
    curl -s -o /dev/null "127.0.0.1:$port/" && break
    sleep 0.1
  done
  local hands=(12346m4589p137s8s1z 234m4589p13789s1z 3m50799p506899s45z 1335m2667p377s557z)
  local curls=()
  for i in $(seq 50); do
    curl -s -o /dev/null --max-time 600 -X POST "127.0.0.1:$port/api/advise" \
      -d "{\"hand\": \"${hands[$((i % 4))]}\"}" &
    curls+=($!)
  done
  wait "${curls[@]}"
  pkill -INT -P "$timer" || true
  wait "$timer" || true
  local mb
  mb=$(awk -v k="$(tail -1 "$DIR/rss.txt")" 'BEGIN { printf "%.1f", k / 1024 }')
  local verdict=OK
  if awk -v m="$mb" -v b="$ADVISE_BUDGET_MB" 'BEGIN { exit !(m > b) }'; then verdict=OVER; over=1; fi
  printf '%-34s threads %-7s peak %7s MB  (budget %s MB) %s\n' "serve: 50 x /api/advise" "$t" "$mb" "$ADVISE_BUDGET_MB" "$verdict"
}
if [ "${ADVISE:-0}" = 1 ]; then
  printf '%s\n' 12346m4589p137s8s1z 234m4589p13789s1z > "$DIR/big.txt"
  awk '$3 == 3 { print $1 }' "${BENCH_HANDS:-target/bench-advise/hands.txt}" 2>/dev/null >> "$DIR/big.txt" || true
  for t in $THREADS; do
    INPUT=/dev/null measure "advise 5-shanten (largest)" "$ADVISE_BUDGET_MB" "$t" "$BIN" advise 1469m258p39s12345z
    INPUT="$DIR/big.txt" measure "advise - (3-shanten hands)" "$ADVISE_BUDGET_MB" "$t" "$BIN" advise -
    if "$BIN" serve --help > /dev/null 2>&1; then serve_peak "$t"; fi
  done
fi
SHARED=${TENPAI_SHARED:-../shared}
if [ -d "$SHARED/corpus/tenhou/raw" ]; then
  for cmd in replay "replay --json" stats "stats --json"; do
    for t in $THREADS; do
      # shellcheck disable=SC2086
      measure "$cmd (corpus)" "$BUDGET_MB" "$t" "$BIN" $cmd "$SHARED/corpus/tenhou/raw"
    done
  done
fi
exit "$over"
