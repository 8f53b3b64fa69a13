//! Hand notation (mpsz, glyphs, calls) and tile lists.
#![no_main]

#[path = "../../crates/tenpai/tests/common/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::notation(data));
