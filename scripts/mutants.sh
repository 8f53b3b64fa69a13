#!/usr/bin/env bash
# Mutation testing of the rules of the game with cargo-mutants: each module where a
# silent wrong answer costs players points or trust, run with the fast tests that
# cover it (a test filter per module), so that one module fits in a dev session.
#
#   cargo install cargo-mutants --locked
#   scripts/mutants.sh                 # every module below (hours on 2 cores)
#   scripts/mutants.sh draws sanma     # some of them, by the names below
#   LIST=1 scripts/mutants.sh yaku     # only list the mutants
#   MUTANTS_ARGS="-j 2 --re held_mask" scripts/mutants.sh draws   # more cargo-mutants options
#   MUTANTS_TOOL=cargo scripts/mutants.sh sanma   # cargo test even where nextest is installed
#
# Tests run under cargo-nextest when it is installed (`cargo install cargo-nextest
# --locked`), which stops a mutant's tests at the first failure.
#
# Each module writes its report to target/mutants/MODULE/ (mutants.out: caught.txt,
# missed.txt, timeout.txt, unviable.txt). A surviving mutant is either killed by a new
# test whose answer comes from an independent source, or listed in docs/testing.md
# ("Mutation testing") as equivalent, with the reason.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants >/dev/null || {
  echo "cargo-mutants is not installed: cargo install cargo-mutants --locked" >&2
  exit 2
}

# Globs reach into a module's folders (`**`: `score/evaluate/`, `safety/open/`, ...).
shopt -s globstar
# MODULE -> "FILE GLOB|TEST ARGS" (test args go to `cargo test`: the package, the test
# target and, after `--`, the name filter).
declare -A MODULES=(
  [draws]="crates/tenpai/src/shanten/draws.rs|-p tenpai --lib -- closed_d"
  [shanten]="crates/tenpai/src/shanten/**/*.rs|-p tenpai --lib --test it -- shanten --skip uniform_hands"
  [ukeire]="crates/tenpai/src/ukeire.rs|-p tenpai --test it -- shanten discard_ranking examples ukeire sanma::random_hands sanma::removed"
  [sanma]="crates/tenpai/src/sanma.rs|-p tenpai --test it -- sanma"
  [yaku]="crates/tenpai/src/yaku/**/*.rs|-p tenpai --test it -- score_fixtures yaku seed"
  [fu]="crates/tenpai/src/fu.rs|-p tenpai --lib --test it -- score_fixtures fu answer_text_types_round_trip"
  [score]="crates/tenpai/src/score/**/*.rs|-p tenpai --test it -- score rule_switches sanma::scoring_fixtures"
  [rules]="crates/tenpai/src/rules.rs|-p tenpai --test it -- rule score_fixtures sanma::presets sanma::scoring_fixtures"
  [track]="crates/tenpai/src/logs/track.rs|-p tenpai --test it -- logs_track"
  [advise]="crates/tenpai/src/advise/**/*.rs|-p tenpai --lib --test it -- advise"
  [safety]="crates/tenpai/src/safety/**/*.rs|-p tenpai --lib --test it -- safety"
)
# `shanten`, `advise` and `safety` take the library's unit tests too (`--lib`): the
# tables of `HandCounts`, the memory budget's gates and the passes shared between
# threads (`advise::budget::tests`, `advise::tests`), and the labels (`safety::tests`:
# suji, kabe, no-chance), are checked there.
# The brute-force check of random hands (tests/it/shanten/) runs 200,000 hands by
# default, 90 s unoptimised: a mutant run takes 8,000 (about 4 s), still thousands of
# ukeire, waits and discard rankings against the reference. The shanten run skips the
# proptest over uniform tiles (2,000 cases with the deep checks, 14 s of the module's 22
# at opt-level 1): the random hands above cover the same sizes.
export TENPAI_PROPTEST_HANDS="${TENPAI_PROPTEST_HANDS:-8000}"
# The advice's long property test (120 cases of up to N = 4 against the plain
# expectimax) takes 75 s at opt-level 1 on the loaded 2-core machine, most of a mutant's
# time: a mutant run takes 20 cases (the 300 short cases and the hand-worked ones run
# in full).
export TENPAI_ADVISE_LONG_CASES="${TENPAI_ADVISE_LONG_CASES:-20}"
# Tests get at least 60 s (cargo-mutants auto-sets 5 times the baseline, at least 20 s):
# on the 2-core machine under load, a score mutant's tests (1-2 s alone) once took over
# 20 s and counted as a timeout though they fail in 1.2 s when rerun.
export CARGO_MUTANTS_MINIMUM_TEST_TIMEOUT="${CARGO_MUTANTS_MINIMUM_TEST_TIMEOUT:-60}"
ORDER=(draws shanten ukeire sanma yaku fu score rules track advise safety)
if [ "$#" -gt 0 ]; then ORDER=("$@"); fi
for m in "${ORDER[@]}"; do
  spec=${MODULES[$m]:-}
  if [ -z "$spec" ]; then
    echo "unknown module $m (one of: ${!MODULES[*]})" >&2
    exit 2
  fi
  files=${spec%%|*}
  read -r -a test_args <<< "${spec#*|}"
  out="target/mutants/$m"
  mkdir -p "$out"
  # (The `mutants` profile: the library and the tests at opt-level 1, see Cargo.toml.)
  args=(mutants --no-shuffle --profile mutants --output "$out")
  read -r -a extra <<< "${MUTANTS_ARGS:-}"
  args+=("${extra[@]}")
  for f in $files; do args+=(--file "$f"); done
  if [ "${LIST:-0}" = 1 ]; then
    cargo "${args[@]}" --list
    continue
  fi
  # The test targets (`--lib`, `--test it`) go to every cargo call, the build's too:
  # otherwise each mutant builds every test target of the package (the library's
  # unit tests, the examples) before running the one asked for. cargo-mutants names
  # the package itself; the name filters go to the test binary.
  targets=()
  filters=()
  seen_dashes=0
  i=0
  while [ "$i" -lt "${#test_args[@]}" ]; do
    a=${test_args[$i]}
    if [ "$seen_dashes" = 1 ]; then
      filters+=("$a")
    elif [ "$a" = "--" ]; then
      seen_dashes=1
    elif [ "$a" = "-p" ]; then
      i=$((i + 1))
    elif [ "$a" = "--test" ]; then
      i=$((i + 1))
      targets+=("--cargo-arg=--test=${test_args[$i]}")
    else
      targets+=("--cargo-arg=$a")
    fi
    i=$((i + 1))
  done
  start=$(date +%s)
  # With nextest (when installed) a mutant's run stops at its first failing test, the
  # running ones killed (`--max-fail=1:immediate`): a caught advise mutant took 20-40 s
  # under `cargo test`, which runs every test of the binary, and takes 1-3 s. Four test
  # processes at a time, so that a quick test that fails is not queued behind the long
  # property tests. nextest reads the same name filters and `--skip`.
  if [ "${MUTANTS_TOOL:-}" != cargo ] && cargo nextest --version >/dev/null 2>&1; then
    tool=(--test-tool nextest -- --max-fail=1:immediate --test-threads=4 --)
    runner="cargo nextest run"
  else
    tool=(-- --)
    runner="cargo test"
  fi
  echo "== $m: $files; $runner ${test_args[*]}" >&2
  cargo "${args[@]}" "${targets[@]}" "${tool[@]}" "${filters[@]}" || true
  n() { if [ -f "$out/mutants.out/$1.txt" ]; then wc -l < "$out/mutants.out/$1.txt"; else echo 0; fi; }
  echo "== $m: $(( $(date +%s) - start )) s; caught $(n caught), missed $(n missed), timeout $(n timeout), unviable $(n unviable)" >&2
done
