//! Notation: every invalid input class (kind and position), canonical round trips,
//! and a fuzz of the parser with random strings.

use proptest::prelude::*;
use tenpai::notation::{format_tiles, parse_hand, parse_tiles};
use tenpai::{Call, CallKind, Error, Hand, Tile};

#[test]
fn invalid_inputs_name_kind_and_position() {
    let text = include_str!("../data/parse_errors.jsonl");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let input = v["input"].as_str().unwrap();
        match parse_hand(input) {
            Err(Error::Parse { kind, position }) => {
                let name = format!("{kind:?}");
                let name = name.split(['(', ' ', '{']).next().unwrap();
                assert_eq!(name, v["kind"].as_str().unwrap(), "{input:?}: {kind}");
                assert_eq!(
                    position as u64,
                    v["position"].as_u64().unwrap(),
                    "{input:?}: {kind}"
                );
            }
            other => panic!("{input:?} should be refused, got {other:?}"),
        }
        n += 1;
    }
    assert!(n >= 30);
}

#[test]
fn accepts_every_notation() {
    let cases = [
        ("123m406p789s1122z", "123m406p789s1122z"),
        ("234m406p11z (789s) [1111m]", "234m406p11z (789s) [1111m]"),
        ("🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀆🀆🀆", "123m123p123s11555z"),
        ("11z 🀇🀈🀉 (🀅🀅🀅) 99m", "12399m11z (666z)"),
        ("🀄\u{FE0F}🀄\u{FE0F} 123456789m123p", "123456789m123p77z"),
        ("5m5m5m 1z1z (406m) [0555p]", "555m11z (406m) [0555p]"),
        (
            "1s (555z) (6666z) [7777z] (789m)",
            "1s (555z) (6666z) [7777z] (789m)",
        ),
    ];
    for (input, canonical) in cases {
        let h = parse_hand(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(h.to_string(), canonical, "{input}");
        assert_eq!(parse_hand(canonical).unwrap(), h);
    }
    let h = parse_hand("406p11z (789s) (555z) [1111m]").unwrap();
    assert_eq!(h.calls()[0].kind(), CallKind::Chi);
    assert_eq!(h.calls()[1].kind(), CallKind::Pon);
    assert_eq!(h.calls()[2].kind(), CallKind::ClosedKan);
    assert!(!h.is_closed());
    assert_eq!(h.red_fives(), 1);
    assert_eq!(h.size(), 14);
    assert!(parse_hand("11z [1111m]").unwrap().is_closed());
    assert_eq!(parse_tiles("1m0p E").unwrap_err().position(), Some(5));
    assert_eq!(parse_tiles("").unwrap(), vec![]);
    assert_eq!(format_tiles(&parse_tiles("7z1m0p5p").unwrap()), "1m05p7z");
}

fn any_tile() -> impl Strategy<Value = Tile> {
    (0u8..37).prop_map(|i| Tile::from_id(i).unwrap())
}

/// A random call: chi, pon, open kan or closed kan, red fives allowed.
fn any_call() -> impl Strategy<Value = Option<Call>> {
    (0u8..4, 0usize..34, any::<bool>()).prop_map(|(kind, k, red)| {
        let t = Tile::from_index(k).unwrap();
        let r = |t: Tile| {
            if red && t.number() == 5 && !t.is_honor() {
                Tile::red_five(t.suit()).unwrap()
            } else {
                t
            }
        };
        let (kind, tiles) = match kind {
            0 => {
                let a = Tile::from_index(k + 1)?;
                let b = Tile::from_index(k + 2)?;
                (CallKind::Chi, vec![r(t), r(a), r(b)])
            }
            1 => (CallKind::Pon, vec![r(t), t, t]),
            2 => (CallKind::OpenKan, vec![t, t, r(t), t]),
            _ => (CallKind::ClosedKan, vec![t, r(t), t, t]),
        };
        Call::new(kind, &tiles).ok()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, .. ProptestConfig::default() })]

    /// `parse(format(h)) == h` for random valid hands.
    #[test]
    fn format_then_parse_is_identity(
        tiles in proptest::collection::vec(any_tile(), 1..15),
        calls in proptest::collection::vec(any_call(), 0..5),
    ) {
        let calls: Vec<Call> = calls.into_iter().flatten().collect();
        let keep = tiles.len().min(14 - 3 * calls.len().min(4));
        if let Ok(h) = Hand::new(tiles[..keep.max(1)].to_vec(), calls) {
            let text = h.to_string();
            prop_assert_eq!(parse_hand(&text), Ok(h.clone()), "{}", text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100_000, .. ProptestConfig::default() })]

    /// The parser never panics; whatever it accepts it writes back to an equal hand,
    /// and every error it gives points inside (or just past) the input.
    #[test]
    fn parser_fuzz(input in "[0-9mpszx()\\[\\] 🀀🀇🀙🀐🀡🀅\t,.-]{0,30}") {
        match parse_hand(&input) {
            Ok(h) => prop_assert_eq!(parse_hand(&h.to_string()), Ok(h)),
            Err(e) => {
                let pos = e.position().unwrap_or(0);
                prop_assert!(pos <= input.chars().count());
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 5_000, .. ProptestConfig::default() })]
    /// Arbitrary Unicode does not panic either.
    #[test]
    fn parser_fuzz_any_string(input in any::<String>()) {
        let _ = parse_hand(&input);
        let _ = parse_tiles(&input);
    }
}

/// Issue #8: a 50 MB line whose problem is early is refused at the first tile too many,
/// without reading (or allocating for) the rest.
#[test]
fn huge_input_stops_at_the_first_tile_too_many() {
    let mut text = "1".repeat(50 << 20);
    text.push('m');
    let e = text.parse::<Hand>().unwrap_err();
    assert_eq!(
        e.parse_kind(),
        Some(&tenpai::error::ParseErrorKind::TooManyTiles(18))
    );
    assert_eq!(e.position(), Some(18));
    // The same for glyphs, and for tile lists (136 at most: four of each kind).
    let glyphs = "\u{1F007}".repeat(1 << 20);
    assert_eq!(glyphs.parse::<Hand>().unwrap_err().position(), Some(18));
    let list = "123456789m".repeat(1 << 20);
    let e = tenpai::notation::parse_tiles(&list).unwrap_err();
    assert_eq!(e.position(), Some(136 + 136 / 9));
    // Up to the limits, hands and lists read as before.
    assert!("1111222233334444m55m".parse::<Hand>().is_err());
    assert!("[1111m] [2222m] [3333m] [4444m] 55m"
        .parse::<Hand>()
        .is_ok());
    assert_eq!(
        tenpai::notation::parse_tiles(&"123456789m".repeat(4))
            .unwrap()
            .len(),
        36
    );
}
