//! Shanten and discard ranking against nyanten (C++) and the `xiangting` crate.
//!
//! Each round draws fresh random hands (none repeated, so no branch predictor or
//! cache learns a small set), then times every implementation over the same hands,
//! the order rotated between rounds. It reports per implementation the median time
//! per hand, and per peer the median ratio (peer time / ours, above 1 when ours is
//! faster) with its quartiles and range over the rounds. Before timing it checks that
//! all three give the same answer on every hand of the first round.
//!
//! `scripts/bench-peers.sh` (env `HANDS` per round, default 100000; `ROUNDS`, default 10;
//! `ONLY=shanten,ukeire,discards` and `SET=one-suit` limit the run).

use std::hint::black_box;
use std::time::Instant;
use tenpai::shanten::{closed_shanten, HandCounts};
use tenpai::ukeire::{rank_discards_into, ukeire_mask, DiscardMask, Visible};
use xiangting::PlayerCount;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `count` hands of `n` tiles drawn from the 136-tile wall; with `one_suit`, each
/// tile comes from one suit (chosen per hand) seven times in eight.
fn hands(count: usize, n: usize, one_suit: bool, seed: u64) -> Vec<[u8; 34]> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let suit = rng.below(3);
        let mut c = [0u8; 34];
        let mut k = 0;
        while k < n {
            let t = if one_suit && rng.below(8) > 0 {
                9 * suit + rng.below(9)
            } else {
                rng.below(34)
            };
            if c[t] < 4 {
                c[t] += 1;
                k += 1;
            }
        }
        out.push(c);
    }
    out
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

type Run = fn(&[[u8; 34]]) -> u64;

fn ours_shanten(hs: &[[u8; 34]]) -> u64 {
    let mut acc = 0u64;
    for c in hs {
        acc += closed_shanten(black_box(c)).map_or(0, |s| (s.value() + 1) as u64);
    }
    acc
}

fn nyanten_shanten(hs: &[[u8; 34]]) -> u64 {
    tenpai_peers_bench::sum(black_box(hs))
}

fn xiangting_shanten(hs: &[[u8; 34]]) -> u64 {
    let mut acc = 0u64;
    for c in hs {
        acc += xiangting::calculate_replacement_number(black_box(c), &PlayerCount::Four)
            .map_or(0, |v| v as u64);
    }
    acc
}

fn ours_discards(hs: &[[u8; 34]]) -> u64 {
    let mut out: Vec<DiscardMask> = Vec::with_capacity(14);
    let mut acc = 0u64;
    for c in hs {
        let h = HandCounts::closed(*black_box(c)).unwrap();
        rank_discards_into(&h, &Visible::none(), &mut out).unwrap();
        acc += out[0].count as u64;
    }
    acc
}

fn ours_ukeire(hs: &[[u8; 34]]) -> u64 {
    let mut acc = 0u64;
    for c in hs {
        let h = HandCounts::closed(*black_box(c)).unwrap();
        acc += ukeire_mask(&h, &Visible::none()).unwrap().mask.count_ones() as u64;
    }
    acc
}

fn xiangting_ukeire(hs: &[[u8; 34]]) -> u64 {
    let mut acc = 0u64;
    for c in hs {
        let (r, m) =
            xiangting::calculate_necessary_tiles(black_box(c), &PlayerCount::Four).unwrap();
        acc += r as u64 + m.count_ones() as u64;
    }
    acc
}

fn xiangting_discards(hs: &[[u8; 34]]) -> u64 {
    let mut acc = 0u64;
    for c in hs {
        let mut c = *black_box(c);
        for k in 0..34 {
            if c[k] == 0 {
                continue;
            }
            c[k] -= 1;
            let (r, m) = xiangting::calculate_necessary_tiles(&c, &PlayerCount::Four).unwrap();
            acc += r as u64 + m.count_ones() as u64;
            c[k] += 1;
        }
    }
    acc
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    let i = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (i.floor() as usize, i.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (i - lo as f64)
}

/// Rounds of fresh hands, every implementation timed on each chunk of `chunk` hands
/// in turn (the order rotated), so all see the same load on this shared machine; the
/// first implementation is ours. Ratios are per chunk.
fn compare(
    name: &str,
    impls: &[(&str, Run)],
    size: usize,
    one_suit: bool,
    count: usize,
    chunk: usize,
    rounds: usize,
) {
    // `SET=one-suit` (part of a set's name) limits the run to the sets it names.
    if std::env::var("SET").is_ok_and(|s| !name.contains(&s)) {
        return;
    }
    let mut ns = vec![Vec::new(); impls.len()];
    let mut turn = 0usize;
    for r in 0..rounds {
        let set = hands(
            count,
            size,
            one_suit,
            0x5eed_0000 ^ (r as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        for part in set.chunks(chunk) {
            turn += 1;
            for k in 0..impls.len() {
                let i = (k + turn) % impls.len();
                let t = Instant::now();
                black_box((impls[i].1)(part));
                ns[i].push(t.elapsed().as_nanos() as f64 / part.len() as f64);
            }
        }
    }
    let n = ns[0].len();
    let mut line = format!("{name:<28}");
    for (i, (label, _)) in impls.iter().enumerate() {
        let mut v = ns[i].clone();
        v.sort_by(f64::total_cmp);
        line += &format!(" {label} {:>7.1} ns", quantile(&v, 0.5));
    }
    println!("{line}");
    for (i, (label, _)) in impls.iter().enumerate().skip(1) {
        let mut ratio: Vec<f64> = (0..n).map(|r| ns[i][r] / ns[0][r]).collect();
        ratio.sort_by(f64::total_cmp);
        println!(
            "{:<28} {label}/ours: median {:.2}x, quartiles {:.2}-{:.2}, 5-95% {:.2}-{:.2} ({n} chunks of {chunk})",
            "",
            quantile(&ratio, 0.5),
            quantile(&ratio, 0.25),
            quantile(&ratio, 0.75),
            quantile(&ratio, 0.05),
            quantile(&ratio, 0.95),
        );
    }
}

/// All three agree on the replacement number (shanten + 1) of every hand.
fn check(size: usize, one_suit: bool, count: usize) {
    let set = hands(count, size, one_suit, 0x5eed_0000 ^ 0x9e37_79b9_7f4a_7c15);
    let mut bad = 0;
    for c in &set {
        let ours = (closed_shanten(c).unwrap().value() + 1) as u8;
        let ny = tenpai_peers_bench::replacement(c);
        let xt = xiangting::calculate_replacement_number(c, &PlayerCount::Four).unwrap();
        if ours != ny || ours != xt {
            if bad < 5 {
                eprintln!("disagreement on {c:?}: ours {ours}, nyanten {ny}, xiangting {xt}");
            }
            bad += 1;
        }
    }
    assert_eq!(bad, 0, "{bad} disagreements");
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else to parse.
    let count = env("HANDS", 100_000);
    let rounds = env("ROUNDS", 10);
    let chunk = env("CHUNK", 1000);
    for (size, one_suit) in [(13, false), (14, false), (14, true)] {
        check(size, one_suit, count);
    }
    println!("all three agree on {count} hands of each set; {rounds} rounds of {count} fresh hands each, timed in chunks");
    let shanten: [(&str, Run); 3] = [
        ("ours", ours_shanten),
        ("nyanten", nyanten_shanten),
        ("xiangting", xiangting_shanten),
    ];
    // `ONLY=shanten,ukeire,discards` (any of them) limits the run.
    let only = std::env::var("ONLY").unwrap_or_default();
    let run = |part: &str| only.is_empty() || only.contains(part);
    if run("shanten") {
        compare(
            "shanten uniform 13",
            &shanten,
            13,
            false,
            count,
            chunk,
            rounds,
        );
        compare(
            "shanten uniform 14",
            &shanten,
            14,
            false,
            count,
            chunk,
            rounds,
        );
        compare(
            "shanten one-suit-heavy 14",
            &shanten,
            14,
            true,
            count,
            chunk,
            rounds,
        );
    }
    if run("ukeire") {
        let ukeire: [(&str, Run); 2] = [("ours", ours_ukeire), ("xiangting", xiangting_ukeire)];
        compare(
            "ukeire uniform 13",
            &ukeire,
            13,
            false,
            count / 10,
            chunk / 10,
            rounds,
        );
        compare(
            "ukeire one-suit-heavy 13",
            &ukeire,
            13,
            true,
            count / 10,
            chunk / 10,
            rounds,
        );
    }
    if !run("discards") {
        return;
    }
    let discards: [(&str, Run); 2] = [("ours", ours_discards), ("xiangting", xiangting_discards)];
    let dcount = (count / 10).max(1);
    compare(
        "discards uniform 14",
        &discards,
        14,
        false,
        dcount,
        (chunk / 10).max(1),
        rounds,
    );
    compare(
        "discards one-suit-heavy 14",
        &discards,
        14,
        true,
        dcount,
        (chunk / 10).max(1),
        rounds,
    );
}
