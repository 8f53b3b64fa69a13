//! Hand notation (mpsz, glyphs, calls) and tile lists.
#![no_main]

use tenpai_dev::fuzz as harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::notation(data));
