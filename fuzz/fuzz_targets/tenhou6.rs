//! tenhou.net/6 JSON: seed the corpus with `crates/tenpai/tests/data/logs/*.json`.
#![no_main]

#[path = "../../crates/tenpai/tests/common/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::log(data));
