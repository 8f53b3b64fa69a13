//! A call decision (`advise_offer`: pass, ron, every chi, pon and kan on the offered
//! tile, each valued by the engine) against the 13-tile `advise` of the same hand
//! (which is its `pass` option), on fresh random closed 1-shanten 13-tile hands, each
//! offered the next tile of the wall that it can call (chi from the left, or pon),
//! default options (17 draws, one change). Both functions take the same hands in the
//! same order, each iteration the next one.
//!
//! `cargo bench -p tenpai --bench offer`. The figures are in the README ("Calls").
#![allow(missing_docs, clippy::print_stderr)]

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::cell::Cell;
use tenpai::advise::offer::{advise_offer, OfferOptions};
use tenpai::advise::{advise, clear_points_tables, AdviseOptions};
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

/// `count` closed 1-shanten 13-tile hands, each with an offered tile it can call.
fn cases(count: usize, seed: u64, kan: bool) -> Vec<(Hand, Tile)> {
    let mut rng = Rng(seed);
    let mut wall: Vec<Tile> = Vec::with_capacity(136);
    for k in 0..34u8 {
        for copy in 0..4 {
            let t = Tile::new(k);
            let red = copy == 0 && matches!(k, 4 | 13 | 22);
            wall.push(if red {
                Tile::red_five(t.suit()).unwrap()
            } else {
                t
            });
        }
    }
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        for i in (1..wall.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            wall.swap(i, j);
        }
        let hand = Hand::new(wall[..13].to_vec(), vec![]).unwrap();
        if shanten(&hand).value() != 1 {
            continue;
        }
        let held = |k: usize| hand.concealed().iter().filter(|t| t.index() == k).count();
        let offer = wall[13..].iter().copied().find(|t| {
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
        });
        if let Some(offer) = offer {
            out.push((hand, offer));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("offer");
    g.sample_size(20);
    let opts = AdviseOptions::default();
    let oo = OfferOptions::default();
    for (name, kan, count) in [
        ("1shanten_chi_pon", false, 40usize),
        ("1shanten_kan", true, 10),
    ] {
        let all = cases(count, 0x0ffe_0000 + kan as u64, kan);
        let pool: Vec<(Hand, Tile)> = all
            .into_iter()
            .filter(|(h, t)| advise_offer(h, *t, &oo, &opts).is_ok())
            .collect();
        eprintln!("{name}: {} hands", pool.len());
        let next = Cell::new(0usize);
        let pick = || {
            // Each search cold (not timed): the thread's points tables, kept between
            // searches, would let the pool's hands, met again, skip their scoring.
            clear_points_tables();
            let i = next.get();
            next.set(i + 1);
            pool[i % pool.len()].clone()
        };
        g.bench_function(format!("{name}/advise_13"), |b| {
            b.iter_batched(
                pick,
                |(h, _)| advise(&h, &opts).map(|a| a.states),
                BatchSize::PerIteration,
            )
        });
        next.set(0);
        g.bench_function(format!("{name}/offer"), |b| {
            b.iter_batched(
                pick,
                |(h, t)| advise_offer(&h, t, &oo, &opts).map(|a| a.states),
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
