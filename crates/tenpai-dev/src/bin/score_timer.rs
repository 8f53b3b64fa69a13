//! The Rust half of `scripts/bench-score.sh`: times the scorer on a file of requests,
//! one block at a time, when the driver asks, so that blocks of ours and blocks of the
//! Python `mahjong` library alternate in one run on the same hands.
//!
//! usage: `score_timer HANDS.jsonl`, then one command per line on stdin:
//! `block ROUNDS` times ROUNDS passes over all hands with each entry point and answers
//! one JSON line of nanoseconds per hand (the mean over the block):
//! `{"evaluate": ns, "score": ns, "score_request": ns, "points": total}`.
//! `totals` answers the `total_received` of every hand (0 when it does not score).
//! Requests are read into typed form before timing, except for `score_request`.

#![allow(missing_docs, clippy::print_stdout, clippy::print_stderr)]

use std::hint::black_box;
use std::io::{BufRead, Write};
use std::time::Instant;
use tenpai::score::{evaluate, parse_request, score, score_request, ScoreRequest};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: score_timer HANDS.jsonl");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let reqs: Vec<ScoreRequest> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a score request per line"))
        .collect();
    let typed: Vec<_> = reqs
        .iter()
        .map(|r| parse_request(r).expect("a valid request"))
        .collect();
    let n = reqs.len() as f64;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("stdin");
        let mut words = line.split_whitespace();
        match (
            words.next(),
            words.next().and_then(|w| w.parse::<u32>().ok()),
        ) {
            (Some("block"), Some(rounds)) => {
                let mut points = 0u64;
                let t = Instant::now();
                for _ in 0..rounds {
                    for (hand, win, s, rules) in &typed {
                        if let Ok(e) = evaluate(black_box(hand), *win, s, rules) {
                            points += u64::from(e.pay.total);
                        }
                    }
                }
                let ev = t.elapsed().as_secs_f64();
                let t = Instant::now();
                for _ in 0..rounds {
                    for (hand, win, s, rules) in &typed {
                        if let Ok(r) = score(black_box(hand), *win, s, rules) {
                            points += u64::from(black_box(&r).points);
                        }
                    }
                }
                let sc = t.elapsed().as_secs_f64();
                let t = Instant::now();
                for _ in 0..rounds {
                    for r in &reqs {
                        if let Ok(r) = score_request(black_box(r)) {
                            points += u64::from(black_box(&r).points);
                        }
                    }
                }
                let rq = t.elapsed().as_secs_f64();
                let per = |secs: f64| secs * 1e9 / n / f64::from(rounds.max(1));
                let _ = writeln!(
                    out,
                    "{{\"evaluate\":{:.1},\"score\":{:.1},\"score_request\":{:.1},\"points\":{points}}}",
                    per(ev),
                    per(sc),
                    per(rq)
                );
            }
            (Some("totals"), _) => {
                let totals: Vec<u32> = reqs
                    .iter()
                    .map(|r| score_request(r).map_or(0, |r| r.total_received))
                    .collect();
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::to_string(&totals).unwrap_or_default()
                );
            }
            _ => {
                eprintln!("unknown command: {line}");
                std::process::exit(2);
            }
        }
        let _ = out.flush();
    }
}
