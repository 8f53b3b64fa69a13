//! The benchmark's safety situations (`crates/tenpai/benches/safety.rs`) run `N` times
//! in one process after one warm-up (the tables built), for instruction counts
//! (callgrind): the per-situation count is the difference of two runs over the
//! difference of their `N`.
//!
//! ```sh
//! cargo build --release -p tenpai-dev --bin safety_probe
//! valgrind --tool=callgrind target/release/safety_probe open 3
//! ```
//!
//! `riichi N` (the 14-tile hand against one riichi) or `open N` (against an open
//! opponent marked tenpai with two chis).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::hint::black_box;
use tenpai::notation::parse_tiles;
use tenpai::safety::{safety, Opponent, SafetyQuery};
use tenpai::{Call, CallKind};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(case), Some(n)) = (args.get(1), args.get(2).and_then(|n| n.parse::<u32>().ok()))
    else {
        eprintln!("usage: safety_probe riichi|open N");
        std::process::exit(2);
    };
    let o = Opponent {
        river: parse_tiles("19m4z7p2s6z3m8p").unwrap(),
        after: parse_tiles("5z").unwrap(),
        ..Opponent::default()
    };
    let mut q = SafetyQuery::new("23467m3055p1788s3z".parse().unwrap(), vec![o]);
    q.visible = parse_tiles("1z2z9s9p4m6p2p7z1s5m2z3s").unwrap();
    q.dora = parse_tiles("4p").unwrap();
    if case == "open" {
        q.opponents[0].tenpai = true;
        q.opponents[0].calls = vec![
            Call::new(CallKind::Chi, &parse_tiles("234s").unwrap()).unwrap(),
            Call::new(CallKind::Chi, &parse_tiles("678m").unwrap()).unwrap(),
        ];
        q.visible = parse_tiles("1z2z9s9p4m6p2p1s5m2z3s").unwrap();
    }
    let first = safety(&q).unwrap();
    for _ in 0..n {
        black_box(safety(black_box(&q)).unwrap());
    }
    for t in &first.tiles {
        println!("{} {:.6}", t.tile, t.deal_in);
    }
}
