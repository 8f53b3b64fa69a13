//! Whole-game throughput on one core, every Tenhou log of `../shared/corpus/tenhou/raw`
//! in memory: read + statistics (what `tenpai stats` does per file), the score track
//! (scoring every win), mjai export, reading the mjai text back, and reviewing all four
//! seats, in the same run. Throughput is in logs.

#![allow(missing_docs, clippy::print_stderr)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::path::{Path, PathBuf};
use tenpai::logs::{mjai, parse_log, review, stats, track};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn logs() -> Vec<Vec<u8>> {
    let shared = std::env::var_os("TENPAI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    let mut files = Vec::new();
    walk(&shared.join("corpus/tenhou/raw"), &mut files);
    files.sort();
    let mut logs: Vec<Vec<u8>> = files
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| parse_log(b).is_ok())
        .collect();
    if logs.is_empty() {
        eprintln!("skipping the corpus: ../shared absent; timing the fixture log");
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/logs/good.mjlog");
        logs.push(std::fs::read(fixture).unwrap());
    }
    logs
}

fn bench(c: &mut Criterion) {
    let logs = logs();
    let games: Vec<_> = logs.iter().map(|b| parse_log(b).unwrap()).collect();
    let four: Vec<_> = games.iter().filter(|g| g.rules.players == 4).collect();
    let mjai_texts: Vec<String> = games.iter().map(mjai::to_mjai).collect();
    let rounds: usize = games.iter().map(|g| g.rounds).sum();
    eprintln!(
        "{} logs, {rounds} rounds ({} 4-player games)",
        logs.len(),
        four.len()
    );

    let mut group = c.benchmark_group("games");
    group.throughput(Throughput::Elements(logs.len() as u64));
    group.sample_size(10);
    group.bench_function("read_and_stats", |b| {
        b.iter(|| {
            let mut n = 0u64;
            for bytes in &logs {
                let g = parse_log(black_box(bytes)).unwrap();
                n += stats::game_stats(&g).iter().map(|p| p.wins).sum::<u64>();
            }
            n
        })
    });
    group.bench_function("read_only", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for bytes in &logs {
                n += parse_log(black_box(bytes)).unwrap().rounds;
            }
            n
        })
    });
    group.throughput(Throughput::Elements(four.len() as u64));
    group.bench_function("score_track", |b| {
        b.iter(|| {
            four.iter()
                .filter(|g| track::check_game(black_box(g)).unwrap().balanced())
                .count()
        })
    });
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("mjai_export", |b| {
        b.iter(|| {
            games
                .iter()
                .map(|g| mjai::to_mjai(black_box(g)).len())
                .sum::<usize>()
        })
    });
    group.bench_function("mjai_read", |b| {
        b.iter(|| {
            mjai_texts
                .iter()
                .map(|t| parse_log(black_box(t.as_bytes())).unwrap().rounds)
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(four.len() as u64));
    group.bench_function("review_all_seats", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for g in &four {
                for s in 0..4 {
                    n += review::review(black_box(g), s).unwrap().len();
                }
            }
            n
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
