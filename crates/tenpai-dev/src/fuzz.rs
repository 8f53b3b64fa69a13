//! The fuzz harness: one function per target, each taking arbitrary bytes. Shared by
//! the cargo-fuzz targets (`fuzz/fuzz_targets/`), the proptest versions run in CI
//! (`crates/tenpai/tests/it/fuzz_bytes.rs`) and the release-mode driver
//! (`src/bin/fuzz_drive.rs`).
//!
//! Each function must not panic on any input, and checks what must hold whatever the
//! input: a hand that parses prints as text that parses back to the same hand; a
//! scored hand's points are at least its han's floor and the payments add up; a log
//! that reads gives wins whose rebuilt hands are hands.

use tenpai::notation::{parse_tile, parse_tiles};
use tenpai::score::{score_request, ScoreRequest};
use tenpai::Hand;

/// Hand notation: hands, tile lists, single tiles, and what a parsed hand feeds.
pub fn notation(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(hand) = text.parse::<Hand>() {
        let printed = hand.to_string();
        let again: Hand = printed
            .parse()
            .unwrap_or_else(|e| panic!("{printed:?} (from {text:?}) does not parse back: {e}"));
        assert_eq!(again, hand, "round trip of {text:?}");
        let s = tenpai::shanten::shanten(&hand);
        assert!((-1..=8).contains(&s.value()), "shanten {s:?} of {printed}");
        let readings = tenpai::decompose::decompose(&hand);
        assert_eq!(
            readings.is_empty(),
            s.value() != -1 || hand.size() != 14,
            "{printed}"
        );
    }
    if let Ok(tiles) = parse_tiles(&text) {
        assert!(tiles.len() <= 136);
    }
    let _ = parse_tile(&text);
}

/// A `score -` request: the bytes as a JSON request, and as a hand scored with the
/// default situation.
pub fn score(bytes: &[u8]) {
    if let Ok(req) = serde_json::from_slice::<ScoreRequest>(bytes) {
        check_score(&req);
    }
    let req = ScoreRequest {
        hand: String::from_utf8_lossy(bytes).into_owned(),
        ..ScoreRequest::default()
    };
    check_score(&req);
}

fn check_score(req: &ScoreRequest) {
    if let Ok(r) = score_request(req) {
        assert!(
            r.points >= 1000 || r.han == 0,
            "{req:?}: {} points",
            r.points
        );
        assert!(r.total_received >= r.points, "{req:?}");
        let json = serde_json::to_string(&r).expect("a result always serialises");
        assert!(json.starts_with('{'));
    }
}

/// A game log, whatever the format (mjlog XML plain or gzip, tenhou.net/6 JSON): read,
/// and every 4-player win scored.
pub fn log(bytes: &[u8]) {
    if let Ok(game) = tenpai::logs::parse_log(bytes) {
        for win in &game.wins {
            let hand = win.hand().expect("a rebuilt win is a hand");
            assert!(
                hand.size() == 14,
                "rebuilt win {} has {} tiles",
                win.hand_text(),
                hand.size()
            );
            if game.rules.players == 4 {
                let _ = tenpai::logs::verify(win, &game.rules);
            }
        }
    }
}
