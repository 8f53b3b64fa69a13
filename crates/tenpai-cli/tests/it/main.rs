//! The command-line tool's integration tests: one binary (`cargo test -p tenpai-cli
//! --test it`), a module per command or concern, each running the built `tenpai`. The
//! insta snapshots are in `tests/it/snapshots`, named `it__MODULE__TEST.snap`.

mod advise_cli;
mod cli;
mod convert_cli;
mod examples;
mod hardened;
mod log_walks;
mod replay_corpus;
mod replay_fixtures;
mod review_calls_cli;
mod review_cli;
mod run;
mod safety_cli;
mod sanma_cli;
mod score_cli;
// Starts the server: only with the `serve` feature.
#[cfg(feature = "serve")]
mod serve_abuse;
#[cfg(feature = "serve")]
mod serve_api;
#[cfg(feature = "serve")]
mod serve_connections;
mod shanten_cli;
mod stats_cli;
