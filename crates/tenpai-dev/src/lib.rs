//! Development tools for tenpai, never published. The library holds the fuzz harness
//! ([`fuzz`]); the binaries (`src/bin/`) are the timing drivers of the benchmark
//! scripts (`advise_timing`, `score_timer`), a probe (`advise_probe`) and the
//! release-mode fuzz driver (`fuzz_drive`).

pub mod fuzz;
