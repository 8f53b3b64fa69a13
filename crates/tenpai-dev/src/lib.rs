//! Development tools for tenpai, never published. The library holds the fuzz harness
//! ([`fuzz`]); the binary `fuzz_drive` (`src/bin/`) is its release-mode driver.

pub mod fuzz;
