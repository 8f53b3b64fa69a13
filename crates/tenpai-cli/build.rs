//! Marks the tests that need `../shared` (see `build-support/shared_cfg.rs`).

#[path = "../../build-support/shared_cfg.rs"]
mod shared_cfg;

fn main() {
    shared_cfg::shared_cfg();
}
