//! A release-mode fuzz driver: feeds millions of random and mutated inputs to the fuzz
//! harness (the same functions as the cargo-fuzz targets and `tests/it/fuzz_bytes.rs`),
//! and can write a batch file of mutated lines for the CLI's `-` commands.
//!
//! ```sh
//! cargo run --release -p tenpai-dev --bin fuzz_drive -- 1000000 [SEED_DIR...] [--lines FILE N]
//! ```
//!
//! The inputs are split across the targets (notation 40%, score 30%, logs 30%); seeds
//! are the repository's test data plus every file under each SEED_DIR (for example
//! `../shared/corpus/tenhou/raw`). A panic stops the run with the input written to
//! `fuzz-crash.bin`.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use tenpai_dev::fuzz as harness;

use std::path::{Path, PathBuf};
use std::time::Instant;

/// xorshift64*: enough randomness for mutation, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn byte(&mut self) -> u8 {
        self.next() as u8
    }
}

const INTERESTING: [&[u8]; 14] = [
    b"\xff",
    b"\xc3",
    b"\r",
    b"\n",
    b"\t",
    b"\x00",
    "\u{1F007}".as_bytes(),
    "\u{1F004}\u{FE0F}".as_bytes(),
    b"4294967296",
    b"-1",
    b"99999999999999999999",
    b"\"riichii\":true,",
    b"0m",
    b"(",
];

fn mutate(rng: &mut Rng, seed: &[u8], pool: &[Vec<u8>]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..=rng.below(4) {
        let len = v.len();
        let at = rng.below(len + 1);
        match rng.below(9) {
            0 if len > 0 => v[at.min(len - 1)] = rng.byte(),
            1 => v.insert(at, rng.byte()),
            2 if len > 0 => {
                let end = (at + rng.below(32)).min(len);
                v.drain(at.min(len)..end);
            }
            3 if len > 0 => {
                let start = at.min(len - 1);
                let end = (start + 1 + rng.below(64)).min(len);
                let span = v[start..end].to_vec();
                let to = rng.below(v.len() + 1);
                v.splice(to..to, span);
            }
            4 => v.truncate(at),
            5 => {
                let piece = INTERESTING[rng.below(INTERESTING.len())];
                v.splice(at..at, piece.iter().copied());
            }
            6 if len > 0 => {
                // Replace a digit run by another number: ids, counts, honba.
                if let Some(p) = v[at.min(len - 1)..].iter().position(u8::is_ascii_digit) {
                    let p = at.min(len - 1) + p;
                    let q = v[p..]
                        .iter()
                        .position(|b| !b.is_ascii_digit())
                        .map_or(v.len(), |q| p + q);
                    let n = match rng.below(4) {
                        0 => rng.below(10) as u64,
                        1 => rng.below(140) as u64,
                        2 => rng.next() >> rng.below(64),
                        _ => u64::from(u32::MAX) + 1,
                    };
                    v.splice(p..q, n.to_string().into_bytes());
                }
            }
            7 if !pool.is_empty() => {
                // Splice in a piece of another seed.
                let other = &pool[rng.below(pool.len())];
                if !other.is_empty() {
                    let s = rng.below(other.len());
                    let e = (s + rng.below(128)).min(other.len());
                    v.splice(at..at, other[s..e].iter().copied());
                }
            }
            _ if len > 0 => {
                let i = at.min(len - 1);
                v[i] ^= 1 << rng.below(8);
            }
            _ => v.push(rng.byte()),
        }
    }
    v
}

fn random_bytes(rng: &mut Rng, max: usize) -> Vec<u8> {
    let n = rng.below(max + 1);
    (0..n).map(|_| rng.byte()).collect()
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(rd) = std::fs::read_dir(dir) {
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                files_under(&p, out);
            } else {
                out.push(p);
            }
        }
    }
}

fn run(label: &str, input: &[u8], f: fn(&[u8])) {
    if std::panic::catch_unwind(|| f(input)).is_err() {
        let _ = std::fs::write("fuzz-crash.bin", input);
        eprintln!("PANIC in target {label}; input written to fuzz-crash.bin");
        std::process::exit(101);
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let total: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let mut seed_dirs = Vec::new();
    let mut lines_out: Option<(PathBuf, usize)> = None;
    while let Some(a) = args.next() {
        if a == "--lines" {
            let file = args.next().expect("--lines FILE N");
            let n = args
                .next()
                .and_then(|n| n.parse().ok())
                .expect("--lines FILE N");
            lines_out = Some((PathBuf::from(file), n));
        } else {
            seed_dirs.push(PathBuf::from(a));
        }
    }
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data");
    let mut log_files = Vec::new();
    files_under(&data.join("logs"), &mut log_files);
    for d in &seed_dirs {
        files_under(d, &mut log_files);
    }
    let logs: Vec<Vec<u8>> = log_files
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| b.len() <= 1 << 20)
        .collect();
    let mut requests = Vec::new();
    let mut hands = Vec::new();
    for name in ["score.jsonl", "decompose.jsonl", "parse_errors.jsonl"] {
        let text = std::fs::read_to_string(data.join(name)).unwrap_or_default();
        for line in text.lines() {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            if v["req"].is_object() {
                requests.push(v["req"].to_string().into_bytes());
            }
            for key in ["hand", "input"] {
                if let Some(h) = v[key].as_str().or_else(|| v["req"][key].as_str()) {
                    hands.push(h.as_bytes().to_vec());
                }
            }
        }
    }
    eprintln!(
        "seeds: {} logs, {} requests, {} hands",
        logs.len(),
        requests.len(),
        hands.len()
    );
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ total as u64);

    if let Some((file, n)) = lines_out {
        // Mutated hands and requests, random bytes, blank lines and a few long lines,
        // joined with newlines (mutations may add or remove newlines: the CLI must
        // answer every line however the bytes fall).
        let mut out = Vec::new();
        let mut pool = hands.clone();
        pool.extend(requests.iter().cloned());
        for i in 0..n {
            let line = match rng.below(20) {
                0 => random_bytes(&mut rng, 40),
                1 => Vec::new(),
                2 if i % 1000 == 2 => vec![b'1'; 70_000],
                _ => {
                    let seed = &pool[rng.below(pool.len())].clone();
                    if rng.below(3) == 0 {
                        seed.clone()
                    } else {
                        mutate(&mut rng, seed, &pool)
                    }
                }
            };
            out.extend_from_slice(&line);
            out.push(b'\n');
        }
        std::fs::write(&file, &out).expect("write the lines file");
        let count = out.iter().filter(|&&b| b == b'\n').count();
        println!("lines: {count} written to {}", file.display());
        return;
    }

    let start = Instant::now();
    let (mut n_notation, mut n_score, mut n_log) = (0usize, 0usize, 0usize);
    for i in 0..total {
        match i % 10 {
            0..=3 => {
                let input = if rng.below(4) == 0 {
                    random_bytes(&mut rng, 48)
                } else {
                    {
                        let i = rng.below(hands.len());
                        mutate(&mut rng, &hands[i], &hands)
                    }
                };
                run("notation", &input, harness::notation);
                n_notation += 1;
            }
            4..=6 => {
                let input = match rng.below(4) {
                    0 => random_bytes(&mut rng, 96),
                    1 => {
                        let i = rng.below(hands.len());
                        mutate(&mut rng, &hands[i], &hands)
                    }
                    _ => {
                        let i = rng.below(requests.len());
                        mutate(&mut rng, &requests[i], &requests)
                    }
                };
                run("score", &input, harness::score);
                n_score += 1;
            }
            _ => {
                let input = if rng.below(8) == 0 {
                    random_bytes(&mut rng, 512)
                } else {
                    {
                        let i = rng.below(logs.len());
                        mutate(&mut rng, &logs[i], &logs)
                    }
                };
                run("log", &input, harness::log);
                n_log += 1;
            }
        }
    }
    println!(
        "inputs: {total} (notation {n_notation}, score {n_score}, logs {n_log}), no panic, {:.1} s",
        start.elapsed().as_secs_f64()
    );
}
