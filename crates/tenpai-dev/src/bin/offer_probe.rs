//! Call decisions (`tenpai::advise::offer::advise_offer`) on many offers in one
//! process, for profiling (callgrind) and for checking that a change keeps every answer.
//!
//! ```sh
//! cargo build --release -p tenpai-dev --bin offer_probe
//! target/release/offer_probe gen 300 7 > cases.txt   # HAND;OFFER;DORA lines
//! target/release/offer_probe < cases.txt > answers.jsonl
//! ```
//!
//! `gen N SEED [bench|kan]`: `N` random hands (1- and 2-shanten, a quarter with a pon already
//! called, half with a dora indicator), each with the next tile of its wall that it
//! can call (chi from the left, pon or kan); `bench`: closed 1-shanten hands with no
//! indicator, as the offer benchmark's; `kan`: the same, each offered a tile it holds
//! three of. Otherwise reads lines `HAND;OFFER;DORA` (DORA may be empty)
//! and answers one JSON line per case: the `advise_offer` answer with default options
//! (17 draws, one change), or `{"error"}`.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::{BufRead, Write};

use tenpai::advise::offer::{advise_offer, OfferOptions};
use tenpai::advise::AdviseOptions;
use tenpai::hand::{Call, CallKind};
use tenpai::notation::parse_tile;
use tenpai::shanten::shanten;
use tenpai::{Hand, Tile};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn gen(count: usize, seed: u64, bench: bool, kan: bool) {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut wall: Vec<Tile> = Vec::with_capacity(136);
    for k in 0..34u8 {
        for copy in 0..4 {
            let t = Tile::new(k);
            let red = copy == 0 && matches!(k, 4 | 13 | 22);
            wall.push(if red {
                Tile::red_five(t.suit()).unwrap_or(t)
            } else {
                t
            });
        }
    }
    let mut made = 0;
    while made < count {
        for i in (1..wall.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            wall.swap(i, j);
        }
        let with_call = !bench && rng.next() % 4 == 0;
        let (conc, calls, rest): (Vec<Tile>, Vec<Call>, &[Tile]) = if with_call {
            // A pon of the kind of the first tile, from its next copies in the wall.
            let k = wall[0].index();
            let idx: Vec<usize> = (0..wall.len())
                .filter(|&i| wall[i].index() == k)
                .take(3)
                .collect();
            if idx.len() < 3 {
                continue;
            }
            let tiles: Vec<Tile> = idx.iter().map(|&i| wall[i]).collect();
            let Ok(call) = Call::new(CallKind::Pon, &tiles) else {
                continue;
            };
            let others: Vec<Tile> = (0..wall.len())
                .filter(|i| !idx.contains(i))
                .map(|i| wall[i])
                .collect();
            let conc = others[..10].to_vec();
            wall = idx
                .iter()
                .map(|&i| wall[i])
                .chain(others.iter().copied())
                .collect();
            (conc, vec![call], &wall[13..])
        } else {
            (wall[..13].to_vec(), vec![], &wall[13..])
        };
        let Ok(hand) = Hand::new(conc, calls) else {
            continue;
        };
        let s = shanten(&hand).value();
        if !(1..=2).contains(&s) || (s == 2 && (bench || rng.next() % 3 != 0)) {
            continue;
        }
        let held = |k: usize| hand.concealed().iter().filter(|t| t.index() == k).count();
        let Some(offer) = rest.iter().copied().find(|t| {
            let k = t.index();
            if kan {
                return held(k) == 3;
            }
            let n = k % 9;
            let chi = k < 27
                && ((n >= 2 && held(k - 2) > 0 && held(k - 1) > 0)
                    || ((1..=7).contains(&n) && held(k - 1) > 0 && held(k + 1) > 0)
                    || (n <= 6 && held(k + 1) > 0 && held(k + 2) > 0));
            chi || held(k) >= 2
        }) else {
            continue;
        };
        let dora = if !bench && rng.next() % 2 == 0 {
            rest.iter()
                .rev()
                .find(|t| t.index() != offer.index())
                .map(|t| t.to_string())
                .unwrap_or_default()
        } else {
            String::new()
        };
        println!("{hand};{offer};{dora}");
        made += 1;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("gen") {
        let n = args.get(2).and_then(|v| v.parse().ok()).unwrap_or(100);
        let seed = args.get(3).and_then(|v| v.parse().ok()).unwrap_or(1);
        let bench = args.iter().any(|a| a == "bench");
        let kan = args.iter().any(|a| a == "kan");
        gen(n, seed, bench || kan, kan);
        return;
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            std::process::exit(2);
        };
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        if f.len() < 2 {
            continue;
        }
        let (Ok(hand), Ok(offer)) = (f[0].parse::<Hand>(), parse_tile(f[1])) else {
            eprintln!("offer_probe: bad line {line}");
            std::process::exit(2);
        };
        let mut opts = AdviseOptions::default();
        if let Some(d) = f
            .get(2)
            .filter(|d| !d.is_empty())
            .and_then(|d| parse_tile(d).ok())
        {
            opts.dora = vec![d];
        }
        let row = match advise_offer(&hand, offer, &OfferOptions::default(), &opts) {
            Ok(a) => serde_json::to_value(&a).unwrap_or_default(),
            Err(e) => serde_json::json!({ "error": e.to_string() }),
        };
        if writeln!(out, "{row}").is_err() {
            std::process::exit(1);
        }
    }
}
