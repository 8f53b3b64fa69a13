//! A `score -` line: a JSON request, or a hand scored with the defaults.
#![no_main]

use tenpai_dev::fuzz as harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::score(data));
