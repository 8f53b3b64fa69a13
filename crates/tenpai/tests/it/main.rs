//! The library's integration tests: one binary (`cargo test -p tenpai --test it`), a
//! module per concern; `cargo test -p tenpai --test it advise::` runs one of them. The
//! test data is in `tests/data`, proptest's saved seeds in `tests/proptest-regressions`
//! (its default place for a module of a `main.rs`), the fuzz harness in the crate
//! `tenpai-dev`.

mod common;

mod advise;
mod advise_limits;
mod advise_offer;
mod advise_offer_worked;
mod advise_reference;
mod advise_riichi;
mod advise_worked;
mod decompose;
mod discard_ranking;
mod examples;
mod fuzz_bytes;
mod layers;
mod logs_call_review;
mod logs_corpus;
mod logs_errors;
mod logs_events;
mod logs_mjai;
mod logs_report;
mod logs_review;
mod logs_stats;
mod logs_track;
mod logs_walk;
mod notation;
mod rule_switches;
mod rulebooks;
mod safety;
mod safety_open;
mod safety_open_value;
mod safety_value;
mod sanma;
mod score_corpus;
mod score_fixtures;
mod score_python_oracle;
mod score_request_json;
mod score_table;
mod score_text;
mod shanten;
