//! Per-hand timing of `tenpai::advise::advise` for the peer benchmark
//! (`scripts/bench-advise/run.sh`), on one thread.
//!
//! ```sh
//! cargo run --release -p tenpai-dev --bin advise_timing -- [--repeat R] [--changes K] < hands.txt
//! ```
//!
//! Reads lines `HAND [DORA_INDICATOR [...]]` (mpsz; the fields after the indicator
//! are ignored) and answers one JSON line per hand: `{"hand", "dora", "shanten", "us",
//! "states", "discards": [{"discard", "shanten", "ukeire_count", "tenpai", "win",
//! "ev"}]}`, where
//! `us` is the best of `R` runs of a full `advise` (each cold: the thread's points
//! tables are emptied before it, see `tenpai::advise::clear_points_tables`) (every discard, all three values,
//! 17 draws, the given change budget, riichi auto, East round and seat), in
//! microseconds, and the discards are as `advise` answers them (red fives as `0m`).
//! A hand `advise` refuses (beyond its limits) answers `{"hand", "dora", "us",
//! "error"}`.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::{BufRead, Write};
use std::time::Instant;

use tenpai::advise::{advise, clear_points_tables, AdviseOptions};
use tenpai::notation::parse_tile;
use tenpai::Hand;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let flag = |name: &str, default: u32| -> u32 {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let repeat = flag("--repeat", 1).max(1);
    let changes = flag("--changes", 1);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("advise_timing: {e}");
                std::process::exit(2);
            }
        };
        let mut fields = line.split_whitespace();
        let Some(hand_text) = fields.next() else {
            continue;
        };
        let dora_text = fields.next().unwrap_or("");
        let hand: Hand = match hand_text.parse() {
            Ok(h) => h,
            Err(e) => {
                eprintln!("advise_timing: {hand_text}: {e}");
                std::process::exit(2);
            }
        };
        let mut opts = AdviseOptions {
            changes,
            ..AdviseOptions::default()
        };
        if !dora_text.is_empty() {
            match parse_tile(dora_text) {
                Ok(t) => opts.dora = vec![t],
                Err(e) => {
                    eprintln!("advise_timing: {dora_text}: {e}");
                    std::process::exit(2);
                }
            }
        }
        let run = || {
            // Each run cold: the thread's points tables (kept between searches) would
            // let a repeat of the same hand skip its scoring.
            clear_points_tables();
            let start = Instant::now();
            let answer = advise(&hand, &opts);
            (start.elapsed().as_secs_f64() * 1e6, answer)
        };
        let (mut best, mut answer) = run();
        for _ in 1..repeat {
            let (us, again) = run();
            best = best.min(us);
            answer = again;
        }
        let advice = match answer {
            Ok(a) => a,
            Err(e) => {
                // A hand beyond the engine's limits: say so and go on.
                let row = serde_json::json!({
                    "hand": hand_text,
                    "dora": dora_text,
                    "us": (best * 10.0).round() / 10.0,
                    "error": e.to_string(),
                });
                if writeln!(out, "{row}").and_then(|()| out.flush()).is_err() {
                    std::process::exit(1);
                }
                continue;
            }
        };
        let discards: Vec<serde_json::Value> = advice
            .discards
            .iter()
            .map(|d| {
                serde_json::json!({
                    "discard": d.discard.to_string(),
                    "shanten": d.shanten,
                    "ukeire_count": d.ukeire_count,
                    "tenpai": d.tenpai,
                    "win": d.win,
                    "ev": d.ev,
                })
            })
            .collect();
        let row = serde_json::json!({
            "hand": hand_text,
            "dora": dora_text,
            "shanten": advice.shanten,
            "us": (best * 10.0).round() / 10.0,
            "states": advice.states,
            "discards": discards,
        });
        if writeln!(out, "{row}").and_then(|()| out.flush()).is_err() {
            std::process::exit(1);
        }
    }
}
