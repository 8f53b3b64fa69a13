//! Debug probe.
#![allow(clippy::print_stdout)]
use tenpai::advise::{advise, AdviseOptions, RiichiPolicy};
fn main() {
    let hand: tenpai::Hand = std::env::args().nth(1).unwrap().parse().unwrap();
    let n: u32 = std::env::args().nth(2).unwrap().parse().unwrap();
    let o = AdviseOptions { draws: n, changes: 0, riichi: RiichiPolicy::Never, ..AdviseOptions::default() };
    let a = advise(&hand, &o).unwrap();
    println!("{}", serde_json::to_string(&a).unwrap());
}
