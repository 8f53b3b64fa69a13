//! `safety`: one situation (a 14-tile hand against one riichi: every kind of the hand,
//! exact), a middle-game river of 8 tiles and 20 other visible tiles; with two riichi
//! opponents; and the model alone for one kind (the corpus evaluation's unit); the
//! hand against an open opponent marked tenpai (two chis).
//!
//! `cargo bench -p tenpai --bench safety`.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tenpai::notation::parse_tiles;
use tenpai::safety::{safety, Model, Opponent, SafetyQuery};

fn query() -> SafetyQuery {
    let o = Opponent {
        river: parse_tiles("19m4z7p2s6z3m8p").unwrap(),
        riichi_at: None,
        after: parse_tiles("5z").unwrap(),
        kans: vec![],
        seat: None,
        ..Opponent::default()
    };
    let mut q = SafetyQuery::new("23467m3055p1788s3z".parse().unwrap(), vec![o]);
    q.visible = parse_tiles("1z2z9s9p4m6p2p7z1s5m2z3s").unwrap();
    q.dora = parse_tiles("4p").unwrap();
    q
}

fn bench(c: &mut Criterion) {
    let q = query();
    c.bench_function("safety: 14-tile hand, one riichi", |b| {
        b.iter(|| safety(black_box(&q)).unwrap())
    });
    let mut q2 = q.clone();
    q2.opponents.push(Opponent {
        river: parse_tiles("8m1p1s4z").unwrap(),
        riichi_at: None,
        after: vec![],
        kans: parse_tiles("5s").unwrap(),
        seat: None,
        ..Opponent::default()
    });
    c.bench_function("safety: 14-tile hand, two riichi", |b| {
        b.iter(|| safety(black_box(&q2)).unwrap())
    });
    // The same hand against an open opponent marked tenpai (two chis: tanyao, yakuhai
    // or a flush needed): a slower exact count (the yaku state in the programme).
    let mut q3 = q.clone();
    q3.opponents[0].riichi_at = None;
    q3.opponents[0].tenpai = true;
    q3.opponents[0].calls = vec![
        tenpai::Call::new(tenpai::CallKind::Chi, &parse_tiles("234s").unwrap()).unwrap(),
        tenpai::Call::new(tenpai::CallKind::Chi, &parse_tiles("678m").unwrap()).unwrap(),
    ];
    q3.visible = parse_tiles("1z2z9s9p4m6p2p1s5m2z3s").unwrap();
    let mut g = c.benchmark_group("safety open");
    g.sample_size(10);
    g.bench_function("safety: 14-tile hand, one open tenpai opponent", |b| {
        b.iter(|| safety(black_box(&q3)).unwrap())
    });
    g.finish();
    let mut pool = [4u8; 34];
    for t in q.hand.all_tiles().chain(q.visible.iter().copied()) {
        pool[t.index()] -= 1;
    }
    let m = Model::new(pool, 13, &[]).unwrap();
    c.bench_function("safety: model, one kind", |b| {
        b.iter(|| m.weights(black_box(1 << 5), &[10]))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
