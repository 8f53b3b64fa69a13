//! The defence model checked on real games: every tile discarded while a riichi stood,
//! its exact deal-in chance against what happened, overall, per label and per chance
//! bin, and the AUC of the model against mahjong-helper's label table.
//!
//! ```sh
//! cargo run --release -p tenpai --example safety_calibration -- ../shared/corpus/tenhou/raw
//! ```
#![allow(clippy::print_stdout)]

use std::path::PathBuf;
use std::time::Instant;
use tenpai::logs::defence::{calibrate, corpus, Corpus};

/// The folder read when none is given: the test fixtures' logs.
pub const LOGS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn main() {
    let paths: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    let paths = if paths.is_empty() {
        vec![PathBuf::from(LOGS)]
    } else {
        paths
    };
    let start = Instant::now();
    let c = corpus(&paths);
    let secs = start.elapsed().as_secs_f64();
    print!("{}", report(&c));
    println!("time: {secs:.2} s (reading the logs and evaluating every discard)");
}

/// The report as text.
pub fn report(c: &Corpus) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let cal = calibrate(&c.discards);
    let _ = writeln!(
        out,
        "{} games, {} rounds, {} riichi; {} discards while a riichi stood ({} skipped: {} no tenpai hand fits, {} inconsistent); {} files not read",
        c.games,
        c.rounds,
        c.riichi,
        c.discards.len(),
        c.skipped.no_hand + c.skipped.inconsistent,
        c.skipped.no_hand,
        c.skipped.inconsistent,
        c.unreadable
    );
    let _ = writeln!(
        out,
        "{:<12} {:>9} {:>9} {:>11} {:>11} {:>9} {:>9}",
        "class", "discards", "deal-ins", "model pred", "table pred", "actual %", "model %"
    );
    for r in &cal.rows {
        let pct = |x: f64| {
            if r.discards == 0 {
                "-".to_string()
            } else {
                format!("{:.2}", 100.0 * x / r.discards as f64)
            }
        };
        let _ = writeln!(
            out,
            "{:<12} {:>9} {:>9} {:>11.1} {:>11.1} {:>9} {:>9}",
            r.name,
            r.discards,
            r.deal_ins,
            r.predicted,
            r.table,
            pct(r.deal_ins as f64),
            pct(r.predicted)
        );
    }
    let _ = writeln!(
        out,
        "AUC: model {:.4}, label table {:.4}",
        cal.auc, cal.table_auc
    );
    out
}
