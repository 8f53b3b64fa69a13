//! Log replay throughput, end to end on one core: read (gunzip, parse), rebuild every
//! win, score it and compare with the record; against the same without scoring, and
//! scoring alone, in the same run. Every Tenhou log of `../shared/corpus/tenhou/raw`
//! is loaded into memory first (files that are not logs are left out), so the figures
//! exclude disk reads.

#![allow(missing_docs, clippy::print_stderr)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::path::{Path, PathBuf};
use tenpai::logs::{parse_log, verify};

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

/// The corpus logs as bytes, or the one fixture when the corpus is absent.
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
    let wins: usize = games.iter().map(|g| g.wins.len()).sum();
    let four: usize = games
        .iter()
        .filter(|g| g.rules.players == 4)
        .map(|g| g.wins.len())
        .sum();
    eprintln!("{} logs, {wins} wins ({four} 4-player)", logs.len());

    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(wins as u64));
    group.sample_size(20);
    group.bench_function("read_rebuild_score_compare", |b| {
        b.iter(|| {
            let mut agree = 0usize;
            for bytes in &logs {
                let game = parse_log(black_box(bytes)).unwrap();
                if game.rules.players != 4 {
                    continue;
                }
                for w in &game.wins {
                    if let Ok((_, d)) = verify(w, &game.rules) {
                        agree += usize::from(d.is_empty());
                    }
                }
            }
            agree
        })
    });
    group.bench_function("read_rebuild_only", |b| {
        b.iter(|| {
            logs.iter()
                .map(|bytes| parse_log(black_box(bytes)).unwrap().wins.len())
                .sum::<usize>()
        })
    });
    group.bench_function("score_compare_only", |b| {
        b.iter(|| {
            let mut agree = 0usize;
            for game in games.iter().filter(|g| g.rules.players == 4) {
                for w in &game.wins {
                    if let Ok((_, d)) = verify(black_box(w), &game.rules) {
                        agree += usize::from(d.is_empty());
                    }
                }
            }
            agree
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
