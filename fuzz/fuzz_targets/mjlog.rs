//! Tenhou mjlog XML (plain or gzip): seed the corpus with `crates/tenpai/tests/data/logs/*.mjlog*`.
#![no_main]

use tenpai_dev::fuzz as harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::log(data));
