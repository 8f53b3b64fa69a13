//! Full `advise` (every discard, the three values, 17 draws) on fresh random closed
//! 14-tile hands by shanten class: each iteration takes the next hand of a few
//! hundred generated per class (wall order, red fives from the 136-tile set).
//!
//! Every class with no change (K = 0); tenpai/1-shanten also with one change (K = 1,
//! refused above 1-shanten: see `advise::MAX_SHANTEN`), on hands whose search stays
//! under `advise::MAX_STATES` (checked once before timing; the others are left out and
//! counted on stderr), so only complete searches are timed.
//!
//! `cargo bench -p tenpai --bench advise` (one thread: the search is sequential).
#![allow(missing_docs, clippy::print_stderr)]

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::cell::Cell;
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

/// `count` closed 14-tile hands whose shanten is in `classes`, dealt from a shuffled
/// 136-tile wall (one red five per suit).
fn hands(count: usize, classes: &[i8], seed: u64) -> Vec<Hand> {
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
        let hand = Hand::new(wall[..14].to_vec(), vec![]).unwrap();
        if classes.contains(&shanten(&hand).value()) {
            out.push(hand);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("advise");
    g.sample_size(10);
    for (name, classes, changes, count) in [
        ("tenpai_1shanten_k0", &[0i8, 1][..], 0u32, 60usize),
        ("2shanten_k0", &[2][..], 0, 60),
        ("3shanten_k0", &[3][..], 0, 30),
        ("4shanten_k0", &[4][..], 0, 20),
        ("tenpai_1shanten_k1", &[0i8, 1][..], 1, 12),
    ] {
        let opts = AdviseOptions {
            changes,
            ..AdviseOptions::default()
        };
        let dealt = hands(
            count,
            classes,
            0x5eed_0000 + changes as u64 * 7 + classes[0] as u64,
        );
        let pool: Vec<Hand> = dealt
            .iter()
            .filter(|h| advise(h, &opts).is_ok())
            .cloned()
            .collect();
        eprintln!(
            "{name}: {} of {} dealt hands complete",
            pool.len(),
            dealt.len()
        );
        let next = Cell::new(0usize);
        g.bench_function(name, |b| {
            b.iter_batched(
                || {
                    // Each search cold (not timed; see `clear_points_tables`).
                    clear_points_tables();
                    let i = next.get();
                    next.set(i + 1);
                    pool[i % pool.len()].clone()
                },
                |h| advise(&h, &opts).map(|a| a.states),
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
