//! The scoring request (`tenpai score -` reads one per line): its schema and its field
//! names, built from the table of fields (`fields`). Reading it from JSON is in
//! `json`, its typed form in `typed`.

use crate::rules::Rules;
use crate::tile::Tile;
use crate::yaku::Situation;
use serde::{Deserialize, Serialize};

/// The request struct, its field names and its writing from a situation, built from
/// the table of fields ([`score_request_fields!`](crate::score_request_fields)).
macro_rules! request_struct {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $ty:ty, $kind:ident,
        serde($($serde:tt)*),
        rule($(|$r:ident, $v:ident| $apply:expr, |$g:ident| $get:expr)?),
        cli($($cli:tt)*),
        values($values:literal);
    )*) => {
        /// A scoring request, as `tenpai score -` reads it (one JSON object per line). Only
        /// `hand` is required (and not even it for nagashi mangan, which has no hand).
        ///
        /// ```
        /// use tenpai::score::{score_request, ScoreRequest};
        ///
        /// let req = ScoreRequest {
        ///     hand: "234567m22345p78s6s".into(), // the winning tile written last
        ///     riichi: true,
        ///     seat_wind: Some("S".into()),
        ///     dora: vec!["1m".into()],
        ///     ..ScoreRequest::default()
        /// };
        /// assert_eq!(score_request(&req)?.points, 7700);
        /// let json = serde_json::to_string(&req).unwrap();
        /// assert_eq!(serde_json::from_str::<ScoreRequest>(&json).unwrap(), req);
        /// # Ok::<(), tenpai::Error>(())
        /// ```
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
        #[serde(default)]
        pub struct ScoreRequest {
            $(
                $(#[doc = $doc])*
                #[serde($($serde)*)]
                pub $name: $ty,
            )*
        }

        impl ScoreRequest {
            /// The request's fields: the keys of its JSON object (`tenpai score -`), in order.
            ///
            /// ```
            /// use tenpai::score::ScoreRequest;
            /// assert_eq!(ScoreRequest::FIELDS[..3], ["hand", "win", "tsumo"]);
            /// assert!(ScoreRequest::FIELDS.contains(&"riichi_sticks"));
            /// ```
            pub const FIELDS: [&'static str; FIELD_COUNT] = [$(stringify!($name)),*];

            /// The request that [`score_request`](super::score_request) reads back as `hand` (written in mpsz), `win`,
            /// `situation` and `rules` (every rule switch written out as an override).
            ///
            /// ```
            /// use tenpai::{Tile, Wind, rules::Rules, score::{request_rules, score_request, ScoreRequest, Situation}};
            ///
            /// let dora = vec![Tile::from_mpsz("1m").unwrap()];
            /// let s = Situation { riichi: true, seat_wind: Wind::South, dora, ..Situation::default() };
            /// let win = Tile::from_mpsz("6s").unwrap();
            /// let req = ScoreRequest::from_situation("234567m22345p678s".into(), win, &s, &Rules::wrc());
            /// assert_eq!(request_rules(&req), Some(Rules::wrc()));
            /// assert_eq!(score_request(&req)?.points, 8000); // 4 han 30 fu, kiriage
            /// # Ok::<(), tenpai::Error>(())
            /// ```
            pub fn from_situation(hand: String, win: Tile, s: &Situation, rules: &Rules) -> Self {
                ScoreRequest {
                    $($name: written!($kind, $name, hand, win, s, rules $(, |$g| $get)?),)*
                }
            }
        }

        /// The number of request fields.
        const FIELD_COUNT: usize = [$(stringify!($name)),*].len();
    };
}

/// A field of the request written from the hand's text, the winning tile, the situation
/// and the rules, by the field's kind.
macro_rules! written {
    (hand, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident) => {
        $hand
    };
    (tile, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident) => {
        Some($win.to_string())
    };
    (flag, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident) => {
        $s.$name
    };
    (nagashi, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident) => {
        $s.$name
    };
    (wind, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident) => {
        Some($s.$name.letter().to_string())
    };
    (tiles, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident) => {
        $s.$name.iter().map(|t| t.to_string()).collect::<Vec<_>>()
    };
    (count, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident) => {
        $s.$name
    };
    (nukidora, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident) => {
        $s.$name
    };
    (preset, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident) => {
        Some($rules.name.to_string())
    };
    (rule, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident, |$g:ident| $get:expr) => {{
        let $g: &Rules = $rules;
        $get
    }};
    (seat, $name:ident, $hand:ident, $win:ident, $s:ident, $rules:ident) => {
        None
    };
}

score_request_fields!(request_struct);

/// A field left out of the written request when it has its default value (the fields
/// added since the four-player requests were first written, so those read the same).
fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// A list of strings, or one string standing for a list of one.
fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    match OneOrMany::deserialize(d) {
        Ok(OneOrMany::One(s)) => Ok(vec![s]),
        Ok(OneOrMany::Many(v)) => Ok(v),
        Err(_) => Err(serde::de::Error::custom(
            "expected a string of tiles or a list of them",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::super::json::{Field, Strict};
    use super::*;
    use crate::rules::SanmaTsumo;
    use proptest::prelude::*;

    /// The fast path's field names are the request's JSON keys, in order.
    #[test]
    fn fields_are_the_request_keys() {
        // Every field written: those left out when unset are set.
        let full = ScoreRequest {
            nukidora: 1,
            sanma_tsumo: Some(SanmaTsumo::Split),
            open_riichi: true,
            nagashi_mangan: true,
            paarenchan: 8,
            sashikomi_yakuman: Some(false),
            paarenchan_needs_yaku: Some(true),
            daisharin: Some(false),
            daisharin_other_suits: Some(false),
            daichisei: Some(false),
            limit_to_sextuple_yakuman: Some(false),
            aotenjou: Some(false),
            ..ScoreRequest::from_situation(
                "123m456p789s11222z".into(),
                Tile::from_mpsz("2z").unwrap(),
                &Situation::default(),
                &Rules::tenhou(),
            )
        };
        let serde_json::Value::Object(m) = serde_json::to_value(&full).unwrap() else {
            panic!("a request is written as an object");
        };
        for (i, key) in m.keys().enumerate() {
            let f: Field = serde_json::from_value(serde_json::Value::String(key.clone()))
                .unwrap_or_else(|e| panic!("{key}: {e}"));
            assert_eq!(f as usize, i, "{key}");
        }
        assert_eq!(m.len(), ScoreRequest::FIELDS.len());
        assert_eq!(
            m.keys().map(String::as_str).collect::<Vec<_>>(),
            ScoreRequest::FIELDS
        );
        assert!(serde_json::from_str::<Field>("\"riichii\"").is_err());
    }

    /// A JSON value for a request field: usually of the right type, often not.
    fn value() -> BoxedStrategy<String> {
        let text = prop_oneof![
            Just("234567m22345p78s6s".to_string()),
            Just("456888m66s [7777m] (234s)".to_string()),
            Just("19m19p19s1234567z1m".to_string()),
            Just("123m456p789s11222z".to_string()),
            Just("1m".to_string()),
            Just("3m7z".to_string()),
            Just("0p".to_string()),
            "[0-9mpsz ESWNeast]{0,6}",
            Just("tenhou".to_string()),
            Just("majsoul-sanma".to_string()),
            Just("yakuman".to_string()),
            Just("split".to_string()),
            Just("kokushi_13".to_string()),
            Just("h\u{e9}".to_string()),
        ]
        .prop_map(|s| serde_json::to_string(&s).unwrap());
        let scalar = prop_oneof![
            text.clone(),
            Just("true".to_string()),
            Just("false".to_string()),
            Just("null".to_string()),
            (-3i64..1005).prop_map(|n| n.to_string()),
            Just("4294967296".to_string()),
            Just("1.0".to_string()),
            Just("-0".to_string()),
            Just("2e0".to_string()),
            Just("{}".to_string()),
            Just("{\"a\": 1}".to_string()),
        ];
        prop_oneof![
            4 => scalar.clone(),
            1 => proptest::collection::vec(prop_oneof![3 => text, 1 => scalar], 0..3)
                .prop_map(|v| format!("[{}]", v.join(","))),
        ]
        .boxed()
    }

    /// A value of the type of field `i` (its JSON text), or null, or something close.
    fn typed_value(i: usize) -> BoxedStrategy<String> {
        let q = |v: &[&str]| {
            proptest::sample::select(v.iter().map(|s| s.to_string()).collect::<Vec<_>>()).boxed()
        };
        let quoted = |v: &[&str]| {
            proptest::sample::select(
                v.iter()
                    .map(|s| serde_json::to_string(s).unwrap())
                    .collect::<Vec<_>>(),
            )
            .boxed()
        };
        let tiles = || quoted(&["1m", "3m7z", "0p", "5z", "1m2m", "9s", "", "x"]);
        let small = || (0u32..300).prop_map(|n| n.to_string()).boxed();
        match FIELD_KEYS[i] {
            "hand" => quoted(&[
                "234567m22345p78s6s",
                "456888m66s [7777m] (234s)",
                "19m19p19s1234567z1m",
                "123m456p789s11222z",
                "00p123m456s789s11z",
                "11111m",
            ]),
            "win" | "round_wind" | "seat_wind" => prop_oneof![
                quoted(&["E", "s", "West", "4z", "5z", "6s", "1m", "0p", ""]),
                Just("null".to_string())
            ]
            .boxed(),
            "dora" | "ura" => prop_oneof![
                tiles(),
                proptest::collection::vec(tiles(), 0..4).prop_map(|v| format!("[{}]", v.join(",")))
            ]
            .boxed(),
            "honba" | "riichi_sticks" => prop_oneof![
                (0u32..1003).prop_map(|n| n.to_string()),
                (995u32..1003).prop_map(|n| n.to_string())
            ]
            .boxed(),
            "rules" => quoted(&["tenhou", "majsoul", "wrc", "tenhou-sanma", "house"]),
            "kazoe" => quoted(&["yakuman", "sanbaiman", "none", "bogus"]),
            "renhou_rule" => quoted(&["off", "mangan", "yakuman", "on"]),
            "sanma_tsumo" => quoted(&["loss", "split", "half"]),
            "double_yakuman_hands" | "pao_hands" => q(&[
                "[]",
                "[\"kokushi_13\"]",
                "[\"daisangen\", \"daisuushii\"]",
                "[\"nope\"]",
            ]),
            "red_fives_count" | "double_wind_fu" | "pao" | "discarder" | "nukidora"
            | "paarenchan" => small(),
            _ => q(&["true", "false", "null"]),
        }
    }

    /// A key and its value: a request field with a value of its type most of the time,
    /// else any value, or a key that is not a field (or a field written with an escape).
    fn entry() -> BoxedStrategy<(String, String)> {
        prop_oneof![
            6 => (0..FIELD_KEYS.len())
                .prop_flat_map(|i| (Just(FIELD_KEYS[i].to_string()), typed_value(i))),
            2 => (key(), value()),
        ]
        .boxed()
    }

    /// A key: a request field, sometimes written with an escape, or not a field.
    fn key() -> impl Strategy<Value = String> {
        prop_oneof![
            12 => (0..FIELD_KEYS.len()).prop_map(|i| FIELD_KEYS[i].to_string()),
            1 => Just("han\\u0064".to_string()),
            1 => Just("riichii".to_string()),
            1 => Just("Hand".to_string()),
            1 => Just("".to_string()),
        ]
    }

    const FIELD_KEYS: [&str; FIELD_COUNT] = ScoreRequest::FIELDS;

    /// A request's JSON text: an object of such keys and values (with `hand` most of
    /// the time), sometimes another JSON value or a broken text.
    fn request_text() -> impl Strategy<Value = String> {
        let object = || {
            (
                proptest::option::weighted(0.9, prop_oneof![3 => typed_value(0), 1 => value()]),
                proptest::collection::vec(entry(), 0..6),
                any::<bool>(),
            )
                .prop_map(|(hand, rest, spaced)| {
                    let sep = if spaced { ", " } else { "," };
                    let mut parts: Vec<String> =
                        hand.map(|h| format!("\"hand\":{h}")).into_iter().collect();
                    parts.extend(rest.into_iter().map(|(k, v)| format!("\"{k}\":{v}")));
                    format!("{{{}}}", parts.join(sep))
                })
                .boxed()
        };
        prop_oneof![
            8 => object(),
            1 => object().prop_map(|o| format!("[{o}]")),
            1 => object().prop_map(|o| format!("{o} x")),
            1 => (object(), any::<proptest::sample::Index>()).prop_map(|(o, i)| {
                let mut b = o.into_bytes();
                let at = i.index(b.len());
                b.truncate(at);
                String::from_utf8_lossy(&b).into_owned()
            }),
            1 => Just("\"hand\"".to_string()),
            1 => Just("[\"123m456p789s11222z\"]".to_string()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        /// The fast path of `from_json` reads a request only when the general reading
        /// gives that same request; `from_json` then answers exactly as the general
        /// reading does (request or error, message and position).
        #[test]
        fn from_json_fast_path_matches_general(text in request_text()) {
            let general = ScoreRequest::from_json_general(&text);
            if let Ok(Strict(fast)) = serde_json::from_str::<Strict>(&text) {
                prop_assert_eq!(Ok(&fast), general.as_ref(), "{}", text);
            }
            let got = ScoreRequest::from_json(&text);
            prop_assert_eq!(
                got.as_ref().map_err(|e| (e.to_string(), e.position())),
                general.as_ref().map_err(|e| (e.to_string(), e.position())),
                "{}", text
            );
        }
    }

    /// The generated texts exercise both paths: a good share is read by the fast path.
    #[test]
    fn generated_requests_take_both_paths() {
        use proptest::strategy::ValueTree;
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let strategy = request_text();
        let fast = (0..2000)
            .filter(|_| {
                let text = strategy.new_tree(&mut runner).unwrap().current();
                serde_json::from_str::<Strict>(&text).is_ok()
            })
            .count();
        assert!(
            (200..1800).contains(&fast),
            "{fast} of 2000 read by the fast path"
        );
    }

    /// Every line of the benchmark hands takes the fast path, to the same request.
    #[test]
    fn benchmark_lines_take_the_fast_path() {
        for line in include_str!("../../benches/data/score_hands.jsonl").lines() {
            let Ok(Strict(fast)) = serde_json::from_str::<Strict>(line) else {
                panic!("not read by the fast path: {line}");
            };
            assert_eq!(fast, ScoreRequest::from_json_general(line).unwrap());
        }
    }
}
