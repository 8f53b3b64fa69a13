#!/usr/bin/env bash
# Load test of `tenpai serve` on loopback (not a timed test): a fixed number of
# requests, many in parallel, at /api/score and /api/ukeire, repeated; prints
# requests/s, p99 latency, errors, and the server's resident memory before and after
# each round (it must not grow from round to round).
#
#   scripts/bench-serve.sh [REQUESTS [CONCURRENCY [ROUNDS]]]     (default 20000 64 5)
#
# Needs ApacheBench (`ab`, Debian's apache2-utils; installed with apt when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20000}
c=${2:-64}
rounds=${3:-5}
if ! command -v ab >/dev/null; then
  apt-get update && apt-get install -y apache2-utils
fi
cargo build --release -q -p tenpai-cli
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
target/release/tenpai serve --addr 127.0.0.1:0 > "$tmp/out" &
pid=$!
for _ in $(seq 100); do grep -q listening "$tmp/out" 2>/dev/null && break; sleep 0.05; done
base=$(sed -n 's/.*listening on \(http:[^ ]*\)\/$/\1/p' "$tmp/out")
# A riichi tsumo with dora, ura, honba and sticks (the README's example); a 14-tile
# hand whose 13 discards are ranked (ukeire of each).
printf '%s' '{"hand": "234567m34088p67s5s", "tsumo": true, "riichi": true, "seat_wind": "S", "dora": ["1m"], "ura": ["7p"], "honba": 1, "riichi_sticks": 2}' > "$tmp/score.json"
printf '%s' '{"hand": "123m456p789s11234z"}' > "$tmp/ukeire.json"
rss() { awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }
# Warm-up, then the rounds.
ab -q -n 2000 -c "$c" -k -p "$tmp/score.json" -T application/json "$base/api/score" > /dev/null
ab -q -n 2000 -c "$c" -k -p "$tmp/ukeire.json" -T application/json "$base/api/ukeire" > /dev/null
echo "requests per round: $n per endpoint, $c in parallel (keep-alive); server pid $pid"
echo "RSS after warm-up: $(rss) KB"
printf '%-6s %-8s %10s %8s %8s %7s %10s\n' round endpoint "req/s" "p50 ms" "p99 ms" errors "RSS KB"
for r in $(seq "$rounds"); do
  for ep in score ukeire; do
    ab -n "$n" -c "$c" -k -p "$tmp/$ep.json" -T application/json "$base/api/$ep" > "$tmp/ab" 2>&1
    rps=$(awk '/Requests per second/ {print $4}' "$tmp/ab")
    p50=$(awk '$1 == "50%" {print $2}' "$tmp/ab")
    p99=$(awk '$1 == "99%" {print $2}' "$tmp/ab")
    failed=$(awk '/Failed requests/ {print $3}' "$tmp/ab")
    non2xx=$(awk '/Non-2xx responses/ {print $3}' "$tmp/ab")
    done_n=$(awk '/Complete requests/ {print $3}' "$tmp/ab")
    errors=$((failed + ${non2xx:-0} + n - done_n))
    printf '%-6s %-8s %10s %8s %8s %7s %10s\n' "$r" "$ep" "$rps" "$p50" "$p99" "$errors" "$(rss)"
  done
done
