//! The fuzz targets as property tests over arbitrary bytes (run in CI with modest case
//! counts; `fuzz/` runs the same harness under cargo-fuzz, `tenpai-dev`'s `fuzz_drive`
//! for millions of inputs). Inputs are raw bytes, and bytes mutated from real inputs
//! (hands, requests, logs in `tests/data`), so that the deep paths are reached.

use proptest::prelude::*;
use std::path::Path;
use tenpai_dev::fuzz as harness;

/// Seeds: the test data's logs.
fn log_seeds() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/logs");
    let mut v: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .expect("tests/data/logs is in the repository")
        .filter_map(|e| std::fs::read(e.ok()?.path()).ok())
        .collect();
    v.sort();
    v
}

/// Seeds: the score fixtures' requests, one JSON object each.
fn request_seeds() -> Vec<Vec<u8>> {
    let text = include_str!("../data/score.jsonl");
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|v| v["req"].to_string().into_bytes())
        .collect()
}

/// One edit of `seed`: flip a byte, insert, delete, duplicate or cut a span.
fn mutate(seed: &[u8], op: u8, at: usize, len: usize, byte: u8) -> Vec<u8> {
    let mut v = seed.to_vec();
    if v.is_empty() {
        return vec![byte];
    }
    let at = at % v.len();
    let end = (at + len).min(v.len());
    match op % 6 {
        0 => v[at] = byte,
        1 => v.insert(at, byte),
        2 => {
            v.drain(at..end);
        }
        3 => {
            let span = v[at..end].to_vec();
            v.splice(at..at, span);
        }
        4 => v.truncate(at),
        _ => v[at] ^= 1 << (byte % 8),
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn notation_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        harness::notation(&bytes);
    }

    #[test]
    fn notation_mpsz_like_bytes(bytes in proptest::collection::vec(
        prop::sample::select(b"0123456789mpsz ()[]\xf0\x9f\x80\x87\xff".to_vec()), 0..40)) {
        harness::notation(&bytes);
    }

    #[test]
    fn score_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..96)) {
        harness::score(&bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn score_mutated_requests(i in any::<usize>(), edits in proptest::collection::vec((any::<u8>(), any::<usize>(), 0usize..16, any::<u8>()), 1..4)) {
        let seeds = request_seeds();
        let mut v = seeds[i % seeds.len()].clone();
        for (op, at, len, byte) in edits {
            v = mutate(&v, op, at, len, byte);
        }
        harness::score(&v);
    }

    #[test]
    fn logs_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        harness::log(&bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn logs_mutated(i in any::<usize>(), edits in proptest::collection::vec((any::<u8>(), any::<usize>(), 0usize..64, any::<u8>()), 1..4)) {
        let seeds = log_seeds();
        let mut v = seeds[i % seeds.len()].clone();
        for (op, at, len, byte) in edits {
            v = mutate(&v, op, at, len, byte);
        }
        harness::log(&v);
    }
}
