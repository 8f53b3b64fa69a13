//! A `score -` line: a JSON request, or a hand scored with the defaults.
#![no_main]

#[path = "../../crates/tenpai/tests/common/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::score(data));
