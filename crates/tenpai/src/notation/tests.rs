//! Parse errors with their kind and position, the fast paths against the general
//! reader, and formatting.

use super::*;

fn err(s: &str) -> (ParseErrorKind, usize) {
    match parse_hand(s) {
        Err(Error::Parse { kind, position }) => (kind, position),
        other => panic!("{s:?} should fail to parse, got {other:?}"),
    }
}

#[test]
fn canonical_form() {
    let h = parse_hand("234m406p11z (789s) [1111m]").unwrap();
    assert_eq!(h.to_string(), "234m406p11z (789s) [1111m]");
    let h = parse_hand("11z406p 234m(978s)").unwrap();
    assert_eq!(h.to_string(), "234m406p11z (789s)");
    let h = parse_hand("🀇🀈🀉 123p🀀").unwrap();
    assert_eq!(h.to_string(), "123m123p1z");
    let h = parse_hand("789s05566p (340s) (406m)").unwrap();
    assert_eq!(h.to_string(), "05566p789s (340s) (406m)");
}

#[test]
fn errors_name_kind_and_position() {
    assert_eq!(err("   ").0, ParseErrorKind::Empty);
    assert_eq!(err(""), (ParseErrorKind::Empty, 0));
    assert_eq!(err("123x"), (ParseErrorKind::UnknownChar('x'), 3));
    assert_eq!(err("123m45"), (ParseErrorKind::MissingSuit, 4));
    assert_eq!(err("12 3m"), (ParseErrorKind::MissingSuit, 0));
    assert_eq!(err("m"), (ParseErrorKind::SuitWithoutDigits('m'), 0));
    assert_eq!(err("1230z"), (ParseErrorKind::InvalidHonor(0), 3));
    assert_eq!(err("128z"), (ParseErrorKind::InvalidHonor(8), 2));
    assert_eq!(err("9z"), (ParseErrorKind::InvalidHonor(9), 0));
    assert_eq!(
        err("11111m"),
        (ParseErrorKind::TooManyCopies("1m".into()), 4)
    );
    assert_eq!(
        err("1m (111m) 1m"),
        (ParseErrorKind::TooManyCopies("1m".into()), 10)
    );
    assert_eq!(err("00m"), (ParseErrorKind::TwoRedFives("0m".into()), 1));
    assert_eq!(
        err("1s (050s)"),
        (ParseErrorKind::TwoRedFives("0s".into()), 6)
    );
    // Two red 5p are the 4-red-five set's (which rules allow them is the scorer's
    // question); a third is in no set.
    assert_eq!(err("000p"), (ParseErrorKind::ThirdRedFive("0p".into()), 2));
    assert_eq!(
        err("0p (500p)"),
        (ParseErrorKind::ThirdRedFive("0p".into()), 6)
    );
    let two = parse_hand("123m00p789s11z (505m)").unwrap();
    assert_eq!(
        (two.red_fives(), two.to_string()),
        (3, "123m00p789s11z (055m)".into())
    );
    assert!(matches!(
        err("1m (124m)"),
        (ParseErrorKind::InvalidCall(_), 3)
    ));
    assert!(matches!(
        err("1m (123z)"),
        (ParseErrorKind::InvalidCall(_), 3)
    ));
    assert!(matches!(
        err("1m [1112m]"),
        (ParseErrorKind::InvalidCall(_), 3)
    ));
    assert!(matches!(
        err("1m [111m]"),
        (ParseErrorKind::InvalidCall(_), 3)
    ));
    assert!(matches!(
        err("1m (12m)"),
        (ParseErrorKind::InvalidCall(_), 3)
    ));
    assert!(matches!(err("1m ()"), (ParseErrorKind::InvalidCall(_), 3)));
    assert!(matches!(
        err("1m (12m3p)"),
        (ParseErrorKind::InvalidCall(_), 3)
    ));
    assert_eq!(
        err("1m (111z) (222z) (333z) (444z) (555z)"),
        (ParseErrorKind::TooManyCalls, 31)
    );
    assert_eq!(err("1m (111z"), (ParseErrorKind::UnbalancedBracket('('), 3));
    assert_eq!(err("1m 111z)"), (ParseErrorKind::UnbalancedBracket(')'), 7));
    assert_eq!(
        err("1m (111z]"),
        (ParseErrorKind::UnbalancedBracket(']'), 8)
    );
    assert_eq!(
        err("123m"),
        (
            ParseErrorKind::WrongTileCount {
                concealed: 3,
                calls: 0
            },
            4
        )
    );
    assert_eq!(
        err("123456789m123456p"),
        (
            ParseErrorKind::WrongTileCount {
                concealed: 15,
                calls: 0
            },
            17
        )
    );
    assert_eq!(
        err("1112223334445m (111z)"),
        (
            ParseErrorKind::WrongTileCount {
                concealed: 13,
                calls: 1
            },
            21
        )
    );
    assert!(parse_hand("123456789m12345p").is_ok());
    assert!(parse_hand("1m").is_ok());
}

/// Text from mpsz pieces, weighted so that many strings are valid hands (or
/// nearly): digits, suit letters, brackets, spaces, and now and then a stray byte.
fn mpsz_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let piece = prop_oneof![
        8 => (0u8..10).prop_map(|d| char::from(b'0' + d).to_string()),
        4 => prop::sample::select(vec!["m", "p", "s", "z"]).prop_map(str::to_string),
        1 => prop::sample::select(vec!["(", ")", "[", "]", " ", "x", "\u{1F000}", "\t"])
            .prop_map(str::to_string),
    ];
    prop::collection::vec(piece, 0..28).prop_map(|v| v.concat())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
    /// The fast paths answer exactly as the general parser does (value or error).
    #[test]
    fn fast_paths_match_general_parser(text in mpsz_text()) {
        let general = parse_written(&text).and_then(|(h, w)| match w.last() {
            Some(&last) => Ok((h, last)),
            None => Err(Error::parse(ParseErrorKind::Empty, 0)),
        });
        if let Some(fast) = fast_written(&text) {
            proptest::prop_assert_eq!(Ok(fast), general.clone(), "{:?}", text);
        }
        proptest::prop_assert_eq!(parse_written_last(&text), general.clone(), "{:?}", text);
        if let Some((tiles, n)) = fast_tiles(&text) {
            proptest::prop_assert_eq!(Ok(tiles[..n].to_vec()), parse_tiles(&text), "{:?}", text);
        }
        if let Some(t) = single_tile(&text) {
            proptest::prop_assert_eq!(Ok(vec![t]), parse_tiles(&text), "{:?}", text);
        }
        if let Some(c) = closed_counts(&text) {
            let hand = general.clone().map(|(h, _)| h);
            proptest::prop_assert!(hand.is_ok(), "{:?}", text);
            let hand = hand.unwrap();
            proptest::prop_assert!(hand.calls().is_empty(), "{:?}", text);
            proptest::prop_assert!(hand.concealed().iter().all(|t| !t.is_red()), "{:?}", text);
            proptest::prop_assert_eq!(c, hand.concealed_counts().0, "{:?}", text);
        } else if let Ok((h, _)) = &general {
            // Only calls, red fives or text beyond plain mpsz leave the fast path.
            let plain = text.bytes().all(|b| b == b' ' || b.is_ascii_digit() || b"mpsz".contains(&b));
            proptest::prop_assert!(
                !h.calls().is_empty() || h.concealed().iter().any(|t| t.is_red()) || !plain,
                "{:?}", text
            );
        }
        let mut into = Vec::new();
        let got = parse_tiles_into(&text, &mut into).map(|()| into);
        proptest::prop_assert_eq!(got, parse_tiles(&text), "{:?}", text);
        proptest::prop_assert_eq!(parse_tile(&text), parse_tile_general(&text), "{:?}", text);
    }
}

#[test]
fn fast_path_takes_plain_hands() {
    // The fast path must actually serve the common forms (else it is dead weight).
    for text in [
        "234567m34088p67s5s",
        "456888m66s [7777m] (234s)",
        "11z (123m) (555z) (0555p) [9999s]",
    ] {
        let (hand, last) = fast_written(text).expect(text);
        let (h2, w) = parse_written(text).expect(text);
        assert_eq!((hand, Some(&last)), (h2, w.last()), "{text}");
    }
    assert_eq!(
        fast_tiles("3m7z").map(|(t, n)| t[..n].to_vec()),
        parse_tiles("3m7z").ok()
    );
    assert_eq!(single_tile("0p"), Some(Tile::RED_5P));
    assert_eq!(single_tile("7z"), parse_tile("7z").ok());
    assert_eq!(single_tile("0z"), None);
    assert!(fast_written("1m 2").is_none());
    assert!(fast_written("11111m").is_none());
    assert!(fast_written("00m").is_none());
}
