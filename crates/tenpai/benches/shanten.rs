//! Shanten and discard ranking on uniform 13- and 14-tile hands and one-suit-heavy
//! hands.
//!
//! `cargo bench -p tenpai --bench shanten`. These sets are small and repeated (in cache),
//! for quick before/after comparisons of our own code. The comparison with the peers
//! (nyanten and the `xiangting` crate, interleaved on fresh hands) is
//! `scripts/bench-peers.sh` (the `benches/peers` crate, outside the workspace, so that
//! `cargo test` never builds the peers).
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tenpai::shanten::{closed_shanten, HandCounts};
use tenpai::ukeire::{rank_discards_into, Visible};

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
    let mut rng = Rng(seed);
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

fn bench_shanten(cr: &mut Criterion) {
    let sets = [
        ("uniform13", hands(1000, 13, false, 1)),
        ("uniform14", hands(1000, 14, false, 2)),
        ("onesuit14", hands(1000, 14, true, 3)),
    ];
    let mut g = cr.benchmark_group("shanten");
    for (name, set) in &sets {
        g.throughput(Throughput::Elements(set.len() as u64));
        g.bench_with_input(BenchmarkId::new("tenpai", name), set, |b, set| {
            b.iter(|| {
                let mut acc = 0i32;
                for c in set {
                    acc += closed_shanten(black_box(c)).map_or(0, |s| s.value() as i32);
                }
                acc
            })
        });
    }
    g.finish();
}

fn bench_discards(cr: &mut Criterion) {
    let sets = [
        ("uniform14", hands(300, 14, false, 4)),
        ("onesuit14", hands(300, 14, true, 5)),
    ];
    let mut g = cr.benchmark_group("discards");
    for (name, set) in &sets {
        g.throughput(Throughput::Elements(set.len() as u64));
        g.bench_with_input(BenchmarkId::new("tenpai", name), set, |b, set| {
            let mut out = Vec::with_capacity(14);
            b.iter(|| {
                let mut acc = 0u32;
                for c in set {
                    let h = HandCounts::closed(*black_box(c)).unwrap();
                    rank_discards_into(&h, &Visible::none(), &mut out).unwrap();
                    acc += out[0].count;
                }
                acc
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = bench_shanten, bench_discards
}
criterion_main!(benches);
