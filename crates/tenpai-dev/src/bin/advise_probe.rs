//! Probe: time `advise` on hands given as arguments.
#![allow(clippy::print_stdout)]
use std::time::Instant;
use tenpai::advise::{advise, AdviseOptions};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let k: u32 = std::env::var("K")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let n: u32 = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(17);
    for h in args {
        let hand: tenpai::Hand = h.parse().unwrap();
        let max_states = std::env::var("MAX")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(tenpai::advise::MAX_STATES);
        let opts = AdviseOptions {
            draws: n,
            changes: k,
            max_states,
            ..AdviseOptions::default()
        };
        let t = Instant::now();
        let a = advise(&hand, &opts);
        let el = t.elapsed();
        match a {
            Ok(a) => {
                println!(
                    "{} shanten {} states {} time {:?}",
                    a.hand, a.shanten, a.states, el
                );
                for d in a.discards.iter().take(4) {
                    println!(
                        "  {} s{} u{} t{:.4} w{:.4} ev{:.1}",
                        d.discard, d.shanten, d.ukeire_count, d.tenpai, d.win, d.ev
                    );
                }
                if let Some(v) = a.value {
                    println!("  value t{:.4} w{:.4} ev{:.1}", v.tenpai, v.win, v.ev);
                }
            }
            Err(e) => println!("{h}: error {e} ({el:?})"),
        }
    }
}
