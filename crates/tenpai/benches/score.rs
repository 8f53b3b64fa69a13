//! Scoring throughput: a batch of complete hands (`benches/data/score_hands.jsonl`,
//! made by `scripts/gen-score-hands.py` and kept when scorable), scored through the
//! compact typed entry point (`evaluate`), the typed entry point with the full answer
//! (`score`; requests parsed beforehand for both) and the string request
//! (`score_request`, parsing included), and the JSON line read by `from_json`
//! then scored (`json_batch`), or only read (`from_json_batch`). `scripts/bench-score.sh` runs this and
//! the Python `mahjong` library on the same hands and prints the ratio.

#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use tenpai::score::{evaluate, parse_request, score, score_request, ScoreRequest};

fn requests() -> Vec<ScoreRequest> {
    include_str!("data/score_hands.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("request"))
        .collect()
}

fn bench(c: &mut Criterion) {
    let reqs = requests();
    let typed: Vec<_> = reqs
        .iter()
        .map(|r| parse_request(r).expect("valid request"))
        .collect();
    let mut g = c.benchmark_group("score");
    g.throughput(Throughput::Elements(reqs.len() as u64));
    g.bench_function("evaluate_batch", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for (hand, win, s, rules) in &typed {
                if let Ok(e) = evaluate(black_box(hand), *win, s, rules) {
                    total += e.pay.total as u64;
                }
            }
            total
        })
    });
    g.bench_function("typed_batch", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for (hand, win, s, rules) in &typed {
                if let Ok(r) = score(black_box(hand), *win, s, rules) {
                    total += r.points as u64;
                }
            }
            total
        })
    });
    g.bench_function("request_batch", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for r in &reqs {
                if let Ok(r) = score_request(black_box(r)) {
                    total += r.points as u64;
                }
            }
            total
        })
    });
    // The JSON line read as `tenpai score -` reads it (`from_json`: strict field
    // check, untagged indicator lists), then scored.
    let lines: Vec<&str> = include_str!("data/score_hands.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    g.bench_function("json_batch", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for l in &lines {
                if let Ok(r) = ScoreRequest::from_json(black_box(l)).and_then(|r| score_request(&r))
                {
                    total += r.points as u64;
                }
            }
            total
        })
    });
    g.bench_function("from_json_batch", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for l in &lines {
                if let Ok(r) = ScoreRequest::from_json(black_box(l)) {
                    total += r.hand.len() as u64;
                }
            }
            total
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(4));
    targets = bench
}
criterion_main!(benches);
