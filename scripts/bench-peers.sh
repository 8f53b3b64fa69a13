#!/usr/bin/env bash
# Shanten against nyanten (C++, built here from its public source with the system g++)
# and the `xiangting` crate, and the discard ranking against xiangting, interleaved on
# the same fresh random hands. See benches/peers/benches/peers.rs.
#
#   scripts/bench-peers.sh                 # clones nyanten at the pinned commit
#   NYANTEN_DIR=/path/to/nyanten scripts/bench-peers.sh
#   HANDS=1000000 ROUNDS=11 scripts/bench-peers.sh
set -euo pipefail
cd "$(dirname "$0")/.."
NYANTEN_COMMIT=581aa72ce53e0ffeb0ef8d1ed14df2521ca5fb9b
if [ -z "${NYANTEN_DIR:-}" ]; then
  NYANTEN_DIR=target/nyanten-$NYANTEN_COMMIT
  if [ ! -d "$NYANTEN_DIR" ]; then
    git clone -q https://github.com/Cryolite/nyanten "$NYANTEN_DIR"
    git -C "$NYANTEN_DIR" checkout -q "$NYANTEN_COMMIT"
  fi
fi
export NYANTEN_DIR=$(cd "$NYANTEN_DIR" && pwd)
CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target} \
  cargo bench --manifest-path benches/peers/Cargo.toml --bench peers
