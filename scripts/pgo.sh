#!/usr/bin/env bash
# A profile-guided build (PGO) of the `tenpai` command: the `dist` profile's binary,
# compiled a second time with the branch and call counts of a training run, so that
# LLVM lays out the hot paths of the engine (the advice engine's graph build and
# passes above all) for the branches they actually take. Optional: `cargo install
# --profile dist` gives the same answers; this build is faster (docs/advise.md,
# "Against mahjong-cpp": about 4% on the advice benchmark).
#
#   scripts/pgo.sh              # target/pgo/tenpai
#   scripts/pgo.sh --timing     # also target/pgo/advise_timing (scripts/bench-advise)
#
# Needs LLVM's profdata tool of the toolchain (`rustup component add llvm-tools`, done
# here when missing) and python3. The training run covers the batch commands on
# generated inputs (seeds of its own, not the benchmark's hands): advise on 1- to
# 3-shanten hands, shanten, ukeire and decompose on random hands, score on the
# benchmark's scoring requests, replay, stats and review of the test log; code it
# never runs is compiled as cold (smaller, still optimised).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/pgo}
timing=0
for arg in "$@"; do
  case "$arg" in
    --timing) timing=1 ;;
    -h | --help)
      sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "pgo.sh: unknown argument '$arg' (usage: scripts/pgo.sh [--timing])" >&2
      exit 2
      ;;
  esac
done

sysroot=$(rustc --print sysroot)
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
  rustup component add llvm-tools
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# Training inputs.
data="$OUT/train"
mkdir -p "$data"
awk 'BEGIN {
  srand(99);
  split("m p s z", suit, " ");
  for (h = 0; h < 20000; h++) {
    n = 0; delete c;
    for (k = 0; k < 34; k++) for (j = 0; j < 4; j++) wall[n++] = k;
    for (i = 0; i < n; i++) { j = i + int(rand() * (n - i)); t = wall[i]; wall[i] = wall[j]; wall[j] = t }
    size = 13 + (h % 2);
    for (i = 0; i < size; i++) c[wall[i]]++;
    line = "";
    for (s = 0; s < 4; s++) {
      part = "";
      for (d = 0; d < (s < 3 ? 9 : 7); d++) for (j = 0; j < c[9 * s + d]; j++) part = part (d + 1);
      if (part != "") line = line part suit[s + 1];
    }
    print line;
  }
}' > "$data/random.txt"

profile() { # profile NAME: the instrumented build's counts, merged to $OUT/NAME.profdata
  "$profdata" merge -o "$OUT/$1.profdata" "$OUT/raw-$1"
}

# The command.
rm -rf "$OUT/raw-tenpai"
RUSTFLAGS="-Cprofile-generate=$OUT/raw-tenpai" \
  cargo build -q --profile dist -p tenpai-cli --target-dir "$OUT/gen"
gen="$OUT/gen/dist/tenpai"
python3 scripts/bench-advise/gen-hands.py "$gen" "$data/advise.txt" --seed 99 \
  --counts 1:60,2:20,3:2 >/dev/null
cut -d' ' -f1 "$data/advise.txt" | "$gen" advise - --json >/dev/null
"$gen" shanten - --json <"$data/random.txt" >/dev/null
"$gen" ukeire - --json <"$data/random.txt" >/dev/null
"$gen" decompose - --json <"$data/random.txt" >/dev/null
"$gen" score - <crates/tenpai/benches/data/score_hands.jsonl >/dev/null
log=crates/tenpai/tests/data/logs/good.mjlog
"$gen" replay "$log" >/dev/null
"$gen" stats "$log" >/dev/null
"$gen" review "$log" --advise >/dev/null
profile tenpai
RUSTFLAGS="-Cprofile-use=$OUT/tenpai.profdata" \
  cargo build -q --profile dist -p tenpai-cli --target-dir "$OUT/use"
cp "$OUT/use/dist/tenpai" "$OUT/tenpai"
echo "$OUT/tenpai"

# The advice benchmark's driver (release profile, as scripts/bench-advise builds it),
# trained on the same advice hands.
if [ "$timing" = 1 ]; then
  rm -rf "$OUT/raw-timing"
  RUSTFLAGS="-Cprofile-generate=$OUT/raw-timing" \
    cargo build -q --release -p tenpai-dev --bin advise_timing --target-dir "$OUT/gen"
  RAYON_NUM_THREADS=1 "$OUT/gen/release/advise_timing" --changes 1 <"$data/advise.txt" >/dev/null
  profile timing
  RUSTFLAGS="-Cprofile-use=$OUT/timing.profdata" \
    cargo build -q --release -p tenpai-dev --bin advise_timing --target-dir "$OUT/use"
  cp "$OUT/use/release/advise_timing" "$OUT/advise_timing"
  echo "$OUT/advise_timing"
fi
