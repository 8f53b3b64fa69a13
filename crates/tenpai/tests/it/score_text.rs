//! The text answers of `score` (what `tenpai score` prints, in mpsz and as glyphs):
//! `tests/data/score_text.txt` holds requests with the full text expected, one case a
//! block:
//!
//! ```text
//! == a name
//! {"hand": ..., ...}          (a ScoreRequest)
//! --- text
//! the answer's Display, line by line
//! --- unicode
//! the answer's unicode() form
//! ```
//!
//! The figures in the texts (yaku, han, fu, points, payments) are those the scoring
//! fixtures (`score.jsonl`) assert from the rule books; this file pins how they are
//! written: every line kind (hand, yaku, fu breakdown, reading, value, received, pao),
//! the value's forms (plain, limits, yakuman multiples, the sextuple cap, aotenjou,
//! nagashi mangan) and the glyphs of open and closed calls. `TENPAI_BLESS=1` rewrites
//! the expected texts from the current answers (review the diff before committing).

use std::fmt::Write as _;
use tenpai::score::{score_request, ScoreRequest};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/score_text.txt");

struct Case {
    name: String,
    req: String,
    text: String,
    unicode: String,
}

fn parse(data: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for block in data.split("\n== ").skip(1) {
        let (name, rest) = block.split_once('\n').expect("a name line");
        let (req, rest) = rest.split_once("\n--- text\n").expect("a text part");
        let (text, unicode) = rest.split_once("\n--- unicode\n").expect("a unicode part");
        cases.push(Case {
            name: name.to_string(),
            req: req.trim().to_string(),
            text: text.to_string(),
            unicode: unicode.trim_end_matches('\n').to_string(),
        });
    }
    cases
}

fn answers(req: &str) -> (String, String) {
    let r: ScoreRequest = serde_json::from_str(req).unwrap_or_else(|e| panic!("{req}: {e}"));
    let r = score_request(&r).unwrap_or_else(|e| panic!("{req}: {e}"));
    let (text, unicode) = (r.to_string(), r.unicode().to_string());
    // The value line alone (`value_line`, what the summary views show) is the text's.
    let value = text.lines().find_map(|l| l.strip_prefix("value     "));
    assert_eq!(Some(r.value_line().as_str()), value, "{req}: value_line");
    (text, unicode)
}

#[test]
fn score_text_answers() {
    let data = std::fs::read_to_string(FILE).expect("tests/data/score_text.txt");
    let cases = parse(&data);
    assert!(cases.len() >= 15, "only {} cases read", cases.len());
    if std::env::var_os("TENPAI_BLESS").is_some() {
        let mut out = data.split("\n== ").next().unwrap_or("").to_string();
        for c in &cases {
            let (text, unicode) = answers(&c.req);
            write!(
                out,
                "\n== {}\n{}\n--- text\n{text}\n--- unicode\n{unicode}\n",
                c.name, c.req
            )
            .unwrap();
        }
        std::fs::write(FILE, out).expect("write the blessed file");
        return;
    }
    let mut bad = Vec::new();
    for c in &cases {
        let (text, unicode) = answers(&c.req);
        if text != c.text {
            bad.push(format!(
                "{}: text\n{text}\n--- expected\n{}",
                c.name, c.text
            ));
        }
        if unicode != c.unicode {
            bad.push(format!(
                "{}: unicode\n{unicode}\n--- expected\n{}",
                c.name, c.unicode
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} problem(s):\n{}",
        bad.len(),
        bad.join("\n\n")
    );
}

/// Every name an answer holds (its yaku, yakuman, limit and wait) reads back from the
/// vocabulary as itself, and through JSON; the empty text and unknown names do not.
#[test]
fn score_names_read_back_from_the_vocabulary() {
    use tenpai::score::Name;
    let reqs = [
        r#"{"hand": "234567m34588p67s5s", "riichi": true, "tsumo": true, "seat_wind": "S"}"#,
        r#"{"hand": "19m19p19s1234567z1m", "seat_wind": "S"}"#,
        r#"{"hand": "111m123p55z(666z)(777z)", "win": "1m", "seat_wind": "S"}"#,
        r#"{"hand": "11223344556677m", "riichi": true, "seat_wind": "E"}"#,
    ];
    let mut names: Vec<Name> = Vec::new();
    for req in reqs {
        let r = score_request(&ScoreRequest::from_json(req).unwrap()).unwrap();
        names.extend(r.yaku.iter().map(|y| y.name));
        names.extend(r.yakuman.iter().map(|y| y.name));
        names.push(r.wait);
        if !r.limit.as_str().is_empty() {
            names.push(r.limit);
        }
    }
    let texts: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
    for want in [
        "riichi",
        "pinfu",
        "kokushi_13",
        "mangan",
        "sanbaiman",
        "chinitsu",
        "ryanmen",
        "shanpon",
    ] {
        assert!(texts.contains(&want), "{want} not in {texts:?}");
    }
    for n in names {
        let text = n.as_str();
        assert!(!text.is_empty());
        assert_eq!(Name::from_vocabulary(text).map(Name::as_str), Some(text));
        let json = serde_json::to_string(&n).unwrap();
        let back: Name = serde_json::from_str(&json).unwrap();
        assert_eq!(back.as_str(), text);
    }
    // Names compare, order and hash as their texts, and read as them.
    let (a, b) = (
        Name::from_vocabulary("riichi").unwrap(),
        Name::from_vocabulary("pinfu").unwrap(),
    );
    assert!(a == Name::from_vocabulary("riichi").unwrap() && a != b);
    assert_eq!(a.partial_cmp(&b), Some(std::cmp::Ordering::Greater));
    assert!(b < a && a.cmp(&b) == std::cmp::Ordering::Greater);
    let hasher = std::collections::hash_map::RandomState::new();
    use std::hash::BuildHasher as _;
    assert_eq!(hasher.hash_one(a), hasher.hash_one("riichi"));
    assert_ne!(hasher.hash_one(a), hasher.hash_one(b));
    assert_eq!(&*a, "riichi");
    assert_eq!(AsRef::<str>::as_ref(&b), "pinfu");
    assert!(a.starts_with("rii"));
    for bad in ["", "not_a_yaku", "Riichi", "riichi "] {
        assert!(Name::from_vocabulary(bad).is_none(), "{bad:?}");
        assert!(
            serde_json::from_str::<Name>(&format!("{bad:?}")).is_err(),
            "{bad:?}"
        );
    }
}

/// The names and fu labels of an answer compare with text both ways (`str`, `&str`,
/// `String`), look up by text in maps, print as quoted text, and read back from JSON;
/// a fu label reads back from its text, and unknown reasons or tiles do not (mutation
/// testing of `score/text.rs`: these impls were only reached by doctests).
#[test]
// (Each side of each comparison is a different impl under test: clippy takes them
// for one symmetric relation.)
#[allow(clippy::nonminimal_bool, clippy::cmp_owned)]
fn score_labels_compare_and_read_as_their_texts() {
    use std::collections::{BTreeSet, HashMap};
    use tenpai::score::{FuLabel, Name};
    let riichi = Name::from_vocabulary("riichi").unwrap();
    let pinfu = Name::from_vocabulary("pinfu").unwrap();
    // Equal text, both ways and every text type; and a different one.
    let (s, owned) = ("riichi", String::from("riichi"));
    assert!(riichi == *s && riichi == s && riichi == owned);
    assert!(*s == riichi && s == riichi && owned == riichi);
    assert!(riichi != *"pinfu" && riichi != "pinfu" && riichi != String::from("pinfu"));
    assert!(*"pinfu" != riichi && "pinfu" != riichi && String::from("pinfu") != riichi);
    assert!(pinfu == "pinfu" && "pinfu" == pinfu);
    // Maps keyed by names look up by text (`Borrow<str>`, consistent with `Hash` and
    // `Ord`).
    let by_hash: HashMap<Name, u32> = [(riichi, 1), (pinfu, 2)].into_iter().collect();
    assert_eq!(by_hash.get("riichi"), Some(&1));
    assert_eq!(by_hash.get("pinfu"), Some(&2));
    assert_eq!(by_hash.get("tanyao"), None);
    let ordered: BTreeSet<Name> = [riichi, pinfu].into_iter().collect();
    assert!(ordered.contains("riichi") && ordered.contains("pinfu"));
    assert!(!ordered.contains("tanyao"));
    assert_eq!(format!("{riichi:?}"), r#""riichi""#);
    assert_eq!(format!("{:?}", vec![pinfu]), r#"["pinfu"]"#);
    let err = serde_json::from_str::<Name>(r#""no_such""#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("a yaku, yakuman, limit or wait name"), "{err}");
    let err = serde_json::from_str::<Name>("3").unwrap_err().to_string();
    assert!(err.contains("a yaku, yakuman, limit or wait name"), "{err}");

    // Fu labels: every label of real answers reads back as itself, from text and JSON.
    let reqs = [
        r#"{"hand": "111m123p55z(666z)(777z)", "win": "1m", "seat_wind": "S"}"#,
        r#"{"hand": "111m999p[1111s]456s22z", "win": "4s", "seat_wind": "S"}"#,
        r#"{"hand": "234m456p678s22z777z", "win": "2m", "seat_wind": "E"}"#,
    ];
    let mut labels: Vec<FuLabel> = Vec::new();
    for req in reqs {
        let r = score_request(&ScoreRequest::from_json(req).unwrap()).unwrap();
        labels.extend(r.fu_breakdown.iter().map(|f| f.reason));
    }
    let texts: Vec<String> = labels.iter().map(|l| l.to_string()).collect();
    for want in ["closed_triplet_terminal 1m", "closed_quad_terminal 1s"] {
        assert!(texts.iter().any(|t| t == want), "{want} not in {texts:?}");
    }
    for (label, text) in labels.iter().zip(&texts) {
        let back = FuLabel::parse(text).unwrap();
        assert!(back == *label, "{text}");
        assert_eq!(back.reason.name(), text.split(' ').next().unwrap());
        assert!(*label == **text && *label == text.as_str() && *label == *text);
        let json = serde_json::to_string(label).unwrap();
        assert_eq!(json, format!("{text:?}"));
        assert!(serde_json::from_str::<FuLabel>(&json).unwrap() == *label);
        assert_eq!(format!("{label:?}"), format!("{text:?}"));
    }
    let terminal = FuLabel::parse("closed_triplet_terminal 1z").unwrap();
    assert_eq!(terminal.reason.name(), "closed_triplet_terminal");
    assert_eq!(terminal.tile.map(|t| t.to_string()).as_deref(), Some("1z"));
    assert!(terminal != *"closed_triplet_terminal 2z" && terminal != "closed_triplet_simple 1z");
    assert!(terminal != String::from("closed_triplet_terminal"));
    for bad in [
        "no_such_fu",
        "closed_triplet_terminal 8z",
        "closed_triplet_terminal x",
        "",
    ] {
        assert!(FuLabel::parse(bad).is_none(), "{bad:?}");
        let err = serde_json::from_str::<FuLabel>(&format!("{bad:?}"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("a fu reason, with its tile for groups"),
            "{err}"
        );
    }
}

/// An answer's payments compare with their JSON object both ways, differ from any
/// other value, and print as that object (mutation testing of `score/payment.rs`).
/// Riichi, tsumo, pinfu and tanyao, 4 han 20 fu, won by a non-dealer: 1300 from each
/// non-dealer and 2600 from the dealer (the standard table).
#[test]
// (Each side of each comparison is a different impl under test: clippy takes them
// for one symmetric relation.)
#[allow(clippy::nonminimal_bool, clippy::cmp_owned)]
fn score_payments_compare_with_their_json() {
    let req = r#"{"hand": "234567m34588p67s5s", "riichi": true, "tsumo": true, "seat_wind": "S"}"#;
    let r = score_request(&ScoreRequest::from_json(req).unwrap()).unwrap();
    let want = serde_json::json!({"dealer": 2600, "non_dealer": 1300});
    assert!(r.payments == want && want == r.payments, "{}", r.payments);
    // Its text is the same object, written compactly (`Display`).
    assert_eq!(
        r.payments.to_string(),
        r#"{"dealer":2600,"non_dealer":1300}"#
    );
    for other in [
        serde_json::json!({"dealer": 2600, "non_dealer": 1000}),
        serde_json::json!({"ron": 5200}),
        serde_json::json!(null),
    ] {
        assert!(r.payments != other && other != r.payments, "{other}");
    }
}

/// Aotenjou's points past `u64` are written as decimal strings and read back from them
/// (mutation run of `score/payment.rs`: both readers answered a constant). Suuankou
/// tanki, menzen tsumo and chinitsu by the dealer, 33 han 50 fu: 3435973836800 from
/// each non-dealer, 10307921510400 in all (the `mahjong` library's
/// `tests_aotenjou.py`, as in `tests/data/score.jsonl`).
#[test]
fn score_aotenjou_points_read_back_from_their_decimal_strings() {
    use tenpai::score::{AotenjouPoints, WidePayments};
    let req = r#"{"hand": "11133355566688m", "win": "8m", "tsumo": true, "double_yakuman": true, "aotenjou": true}"#;
    let r = score_request(&ScoreRequest::from_json(req).unwrap()).unwrap();
    let a = r.aotenjou.unwrap();
    assert_eq!(a.points, 10_307_921_510_400);
    assert_eq!(a.payments.non_dealer, Some(3_435_973_836_800));
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(
        json,
        r#"{"points":"10307921510400","payments":{"non_dealer":"3435973836800"},"total_received":"10307921510400"}"#
    );
    let back: AotenjouPoints = serde_json::from_str(&json).unwrap();
    assert_eq!(back, a);
    // Past u64, and each optional payment.
    let wide: WidePayments = serde_json::from_str(
        r#"{"ron": "18446744073709551616", "dealer": "7", "non_dealer": "340282366920938463463374607431768211455"}"#,
    )
    .unwrap();
    assert_eq!(wide.ron, Some(1u128 << 64));
    assert_eq!(wide.dealer, Some(7));
    assert_eq!(wide.non_dealer, Some(u128::MAX));
    assert_eq!(
        serde_json::from_str::<WidePayments>("{}").unwrap().ron,
        None
    );
    for bad in [
        r#"{"points": "12x", "payments": {}, "total_received": "1"}"#,
        r#"{"points": "1", "payments": {"ron": "-5"}, "total_received": "1"}"#,
    ] {
        let err = serde_json::from_str::<AotenjouPoints>(bad)
            .unwrap_err()
            .to_string();
        assert!(err.contains("expected decimal digits"), "{err}");
    }
}
