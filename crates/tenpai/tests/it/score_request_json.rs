//! Reading a scoring request from its JSON text (`ScoreRequest::from_json`, one line of
//! `tenpai score -`), as docs/scoring.md states it: an unknown field is refused with
//! the closest known one, a missing `hand` says so (nagashi mangan needs none),
//! `honba`/`riichi_sticks` above 1000 are refused, such errors carry `position`
//! (0-based characters in the line) at the field's key, and a JSON syntax error at the
//! place it is found. The positions are counted by hand in the comments.

use tenpai::score::ScoreRequest;
use tenpai::Error;

fn refused(text: &str) -> Error {
    match ScoreRequest::from_json(text) {
        Ok(r) => panic!("{text} read as {r:?}"),
        Err(e) => e,
    }
}

#[test]
fn score_request_json_reads_a_plain_request() {
    let r = ScoreRequest::from_json(
        r#"{"hand": "123m456p789s11z222z", "dora": "3m", "ura": ["4m", "5z"], "honba": 1000, "riichi_sticks": 0}"#,
    )
    .unwrap();
    assert_eq!(r.hand, "123m456p789s11z222z");
    assert_eq!(
        (r.dora, r.ura),
        (
            vec!["3m".to_string()],
            vec!["4m".to_string(), "5z".to_string()]
        )
    );
    assert_eq!((r.honba, r.riichi_sticks), (1000, 0));
    // Nagashi mangan is no hand: no `hand` needed.
    let n = ScoreRequest::from_json(r#"{"nagashi_mangan": true, "seat_wind": "S"}"#).unwrap();
    assert!(n.nagashi_mangan && n.hand.is_empty());
}

#[test]
fn score_request_json_unknown_fields_are_named_at_their_key() {
    // `{"hand": "123m456p789s11z222z", ` is 1 + 6 + 2 + 21 + 2 = 32 characters.
    let e = refused(r#"{"hand": "123m456p789s11z222z", "riichii": true}"#);
    assert!(
        e.to_string()
            .starts_with(r#"bad request: unknown field "riichii" (did you mean "riichi"?); the fields are hand, "#),
        "{e}"
    );
    assert_eq!(e.position(), Some(32));
    assert!(e.to_string().ends_with(" (at column 33)"), "{e}");
    // Nothing close: no suggestion.
    let far = refused(r#"{"hand": "123m456p789s11z222z", "xyzzy": 1}"#).to_string();
    assert!(
        far.starts_with(r#"bad request: unknown field "xyzzy"; the fields are"#),
        "{far}"
    );
    // The key, not an earlier string value of the same text: `{"dora": "riichii", ` is
    // 1 + 6 + 2 + 9 + 2 = 20 characters.
    let e = refused(r#"{"dora": "riichii", "riichii": 1, "hand": "1m"}"#);
    assert_eq!(e.position(), Some(20));
    // Characters, not bytes: each glyph is 4 bytes, one character. `{"hand": "` is 10
    // characters, the 14 glyphs 14, then `", ` 3: 27.
    let e = refused(r#"{"hand": "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀀🀁🀁", "seat": "S"}"#);
    assert!(
        e.to_string().contains(r#"(did you mean "seat_wind"?)"#),
        "{e}"
    );
    assert_eq!(e.position(), Some(27));
}

#[test]
fn score_request_json_missing_hand_and_counters_out_of_range() {
    let e = refused(r#"{"riichi": true}"#);
    assert_eq!(e.to_string(), "bad request: missing field hand");
    assert_eq!(e.position(), None);
    // Nagashi mangan false still needs the hand.
    let e = refused(r#"{"nagashi_mangan": false}"#);
    assert_eq!(e.to_string(), "bad request: missing field hand");
    // `{"hand": "1m", ` is 1 + 6 + 2 + 4 + 2 = 15 characters.
    let e = refused(r#"{"hand": "1m", "honba": 1001}"#);
    assert_eq!(
        e.to_string(),
        "bad request: honba 1001 is out of range: a count from 0 to 1000 (at column 16)"
    );
    assert_eq!(e.position(), Some(15));
    let e = refused(r#"{"hand": "1m", "riichi_sticks": -1}"#);
    assert!(
        e.to_string()
            .starts_with("bad request: riichi_sticks -1 is out of range"),
        "{e}"
    );
    assert_eq!(e.position(), Some(15));
    // 1000 is in range (the sticks are named, not the honba): `{"hand": "1m", "honba":
    // 1000, ` is 15 + 9 + 4 + 2 = 30 characters.
    let e = refused(r#"{"hand": "1m", "honba": 1000, "riichi_sticks": 1001}"#);
    assert_eq!(
        e.to_string(),
        "bad request: riichi_sticks 1001 is out of range: a count from 0 to 1000 (at column 31)"
    );
    let e = refused(r#"{"hand": "1m", "honba": "2"}"#);
    assert!(
        e.to_string()
            .starts_with(r#"bad request: honba "2" is out of range"#),
        "{e}"
    );
}

#[test]
fn score_request_json_syntax_errors_at_their_place() {
    // Not an object.
    let e = refused(r#"["hand", "1m"]"#);
    assert_eq!(
        e.to_string(),
        r#"bad request: a request is a JSON object ({"hand": ...})"#
    );
    assert_eq!(e.position(), None);
    // Cut off: serde_json reports the end at the last character read, the closing
    // quote, the 17th of 17 (column 17 from 1: position 16).
    let e = refused(r#"{"hand": "1m2m3m""#);
    assert!(
        e.to_string().starts_with("bad request: truncated JSON: "),
        "{e}"
    );
    assert!(!e.to_string().contains(" at line "), "{e}");
    assert_eq!(e.position(), Some(16));
    // Cut off inside a glyph's string: serde_json reports the glyph's last byte (column
    // 14 of 14 bytes); the position is the glyph's, the 11th character (10).
    let e = refused(r#"{"hand": "🀇"#);
    assert!(
        e.to_string().starts_with("bad request: truncated JSON: "),
        "{e}"
    );
    assert_eq!(e.position(), Some(10));
    // A bare word where a value goes: `{"hand": ` is 9 characters, the error at the
    // `x` (the 10th).
    let e = refused(r#"{"hand": x}"#);
    assert!(
        e.to_string().starts_with("bad request: not valid JSON: "),
        "{e}"
    );
    assert_eq!(e.position(), Some(9));
    // After glyphs and on a second line: `{"hand": "🀇🀈🀉",\n` is 10 + 3 + 3 = 16
    // characters (the glyphs 4 bytes each), then `"riichi": ` 10, the error at `y`:
    // 26 characters in.
    let e = refused("{\"hand\": \"🀇🀈🀉\",\n\"riichi\": yes}");
    assert!(
        e.to_string().starts_with("bad request: not valid JSON: "),
        "{e}"
    );
    assert_eq!(e.position(), Some(26));
}

#[test]
fn score_request_json_field_names_and_the_closest_one() {
    // The request of docs/scoring.md, its keys in order, then the local rules' fields it
    // names below it.
    let documented = [
        "hand",
        "win",
        "tsumo",
        "riichi",
        "double_riichi",
        "ippatsu",
        "haitei",
        "houtei",
        "rinshan",
        "chankan",
        "tenhou",
        "chiihou",
        "renhou",
        "round_wind",
        "seat_wind",
        "dora",
        "ura",
        "honba",
        "riichi_sticks",
        "rules",
        "red_fives",
        "red_fives_count",
        "open_tanyao",
        "double_yakuman",
        "yakuman_stack",
        "kazoe",
        "kiriage",
        "double_wind_fu",
        "renhou_rule",
        "fu_for_open_pinfu",
        "fu_for_pinfu_tsumo",
        "double_yakuman_hands",
        "pao_hands",
        "pao",
        "discarder",
        "open_riichi",
        "nagashi_mangan",
        "paarenchan",
        "sashikomi_yakuman",
        "paarenchan_needs_yaku",
        "daisharin",
        "daisharin_other_suits",
        "daichisei",
        "limit_to_sextuple_yakuman",
        "aotenjou",
    ];
    let fields = ScoreRequest::fields();
    assert_eq!(fields[0], "hand");
    for f in documented {
        assert!(fields.iter().any(|x| x == f), "{f} missing from {fields:?}");
        // A field is no misspelling of another.
        assert_eq!(ScoreRequest::closest_field(f), None, "{f}");
    }
    assert_eq!(
        ScoreRequest::closest_field("seat").as_deref(),
        Some("seat_wind")
    );
    assert_eq!(
        ScoreRequest::closest_field("riichii").as_deref(),
        Some("riichi")
    );
    assert_eq!(ScoreRequest::closest_field("hnad").as_deref(), Some("hand"));
    assert_eq!(ScoreRequest::closest_field("xyzzy"), None);
}

#[test]
fn score_request_json_duplicates_types_and_fields() {
    // A field named twice: the last one is read (the general reading keeps the last
    // key, and so does the strict one's refusal to read it).
    let r =
        ScoreRequest::from_json(r#"{"hand": "11z", "hand": "123m456p789s11z222z"}"#).expect("read");
    assert_eq!(r.hand, "123m456p789s11z222z");
    // A value of the wrong type is refused after the field checks, without a position.
    let e = refused(r#"{"hand": 5}"#);
    assert!(
        e.to_string().starts_with("bad request: invalid type"),
        "{e}"
    );
    assert_eq!(e.position(), None);
    // Every key a request's JSON writes is a field (fields at their default are left
    // out), and the request read back from it is the same.
    let fields = ScoreRequest::fields();
    let req = ScoreRequest::from_json(
        r#"{"hand": "123m456p789s11z222z", "riichi": true, "honba": 2, "aotenjou": true, "nukidora": 1}"#,
    )
    .expect("a request");
    let serde_json::Value::Object(written) = serde_json::to_value(&req).expect("serializes") else {
        panic!("a request writes an object")
    };
    assert!(written.len() >= 5, "{written:?}");
    for k in written.keys() {
        assert!(fields.contains(k), "{k} written but not a field");
    }
    let again = ScoreRequest::from_json(&serde_json::Value::Object(written).to_string())
        .expect("read back");
    assert_eq!(
        serde_json::to_value(&again).expect("serializes"),
        serde_json::to_value(&req).expect("serializes")
    );
    for f in &fields {
        assert_eq!(ScoreRequest::closest_field(f), None, "{f} is a field");
    }
    assert_eq!(
        ScoreRequest::closest_field("honbaa").as_deref(),
        Some("honba")
    );
}

#[test]
fn score_request_json_wind_spellings() {
    use tenpai::score::{parse_wind, score_request};
    use tenpai::Wind;
    // A wind is its letter (any case), its English name (any case, spaces around it
    // allowed) or its tile `1z`..`4z` (docs/scoring.md, `parse_wind`).
    let forms: [(&[&str], Wind); 4] = [
        (
            &["E", "e", "east", "East", "EAST", " east ", "1z"],
            Wind::East,
        ),
        (
            &["S", "s", "south", "South", "SOUTH", "south ", "2z"],
            Wind::South,
        ),
        (
            &["W", "w", "west", "West", "WEST", " west", "3z"],
            Wind::West,
        ),
        (
            &["N", "n", "north", "North", "NORTH", "\tnorth", "4z"],
            Wind::North,
        ),
    ];
    for (texts, want) in forms {
        for t in texts {
            assert_eq!(parse_wind(t).unwrap(), want, "{t:?}");
        }
    }
    for bad in [
        "", " ", "5z", "0z", "1m", "x", "ES", "eastern", "nort", "1z1z",
    ] {
        let e = parse_wind(bad).unwrap_err();
        assert!(e.to_string().contains("not a wind"), "{bad:?}: {e}");
    }
    // Through a request: a concealed triplet of 2z is worth one han as the seat wind,
    // one as the round wind, two when both are South. Riichi, a ron on 1m (23m waits
    // on 1m-4m): 20 + 10 (closed ron) + 8 (concealed honor triplet) = 38, 40 fu; for a
    // non-dealer 1 han 1300, 2 han 2600, 3 han 5200 (the standard table).
    let han = |seat: &str, round: &str| {
        let req = ScoreRequest::from_json(&format!(
            r#"{{"hand": "123m456p789s99m222z", "win": "1m", "riichi": true, "seat_wind": "{seat}", "round_wind": "{round}"}}"#
        ))
        .unwrap();
        let r = score_request(&req).unwrap();
        (r.han, r.points)
    };
    for south in ["S", "south", "SOUTH", "2z"] {
        assert_eq!(han(south, "east"), (2, 2600), "{south}");
        assert_eq!(han("WEST", south), (2, 2600), "{south}");
        assert_eq!(han(south, south), (3, 5200), "{south}");
    }
    assert_eq!(han("north", "East"), (1, 1300));
    let req = ScoreRequest::from_json(
        r#"{"hand": "123m456p789s99m222z", "win": "1m", "riichi": true, "seat_wind": "southern"}"#,
    )
    .unwrap();
    assert!(score_request(&req)
        .unwrap_err()
        .to_string()
        .contains("not a wind"));
}

/// A request written back as JSON leaves out the later fields at their defaults
/// (extracted Norths, open riichi, nagashi mangan, paarenchan), so requests written
/// before them read the same, and writes each one that is set (mutation run of
/// `score/request.rs`: `is_default` as `true` and as `false`).
#[test]
fn score_request_written_back_leaves_out_only_default_later_fields() {
    let later = ["nukidora", "open_riichi", "nagashi_mangan", "paarenchan"];
    let plain = ScoreRequest::from_json(r#"{"hand": "123m456p789s11z222z"}"#).unwrap();
    let v = serde_json::to_value(&plain).unwrap();
    for k in later {
        assert!(v.get(k).is_none(), "{k} written at its default: {v}");
    }
    assert!(v.get("hand").is_some() && v.get("riichi").is_some(), "{v}");
    let set = ScoreRequest::from_json(
        r#"{"hand": "123m456p789s11z222z", "nukidora": 1, "open_riichi": true, "riichi": true, "nagashi_mangan": false, "paarenchan": 2}"#,
    )
    .unwrap();
    let v = serde_json::to_value(&set).unwrap();
    assert_eq!(v["nukidora"], 1, "{v}");
    assert_eq!(v["open_riichi"], true, "{v}");
    assert_eq!(v["paarenchan"], 2, "{v}");
    assert!(v.get("nagashi_mangan").is_none(), "{v}");
    let back: ScoreRequest = serde_json::from_value(v).unwrap();
    assert_eq!(back, set);
}
