//! Code shared by test binaries (not a test binary itself).

pub mod fuzz_harness;
