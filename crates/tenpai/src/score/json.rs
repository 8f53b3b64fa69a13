//! Reading a request from its JSON text: the strict one-pass reading (the common
//! case) and the general one, which names what is wrong (an unknown field with the
//! closest known one, a missing hand, counters over the cap, positions).

use super::ScoreRequest;
use crate::error::{did_you_mean, Error};
use serde::Deserialize;

/// Where `key` is written as an object key in `text` (0-based characters, at its
/// opening quote), for errors that concern a field.
fn key_position(text: &str, key: &str) -> Option<usize> {
    let quoted = serde_json::to_string(key).ok()?;
    let mut from = 0;
    while let Some(i) = text.get(from..)?.find(&quoted) {
        let at = from + i;
        let after = at + quoted.len();
        if text.get(after..)?.trim_start().starts_with(':') {
            return Some(text[..at].chars().count());
        }
        from = after;
    }
    None
}

fn request_error(message: impl Into<String>, position: Option<usize>) -> Error {
    Error::Request {
        message: message.into(),
        position,
    }
}

impl ScoreRequest {
    /// The names of a request's fields, in the order its JSON writes them.
    ///
    /// ```
    /// let fields = tenpai::score::ScoreRequest::fields();
    /// assert_eq!(fields[0], "hand");
    /// assert!(fields.iter().any(|f| f == "seat_wind") && fields.iter().any(|f| f == "nukidora"));
    /// ```
    pub fn fields() -> Vec<String> {
        ScoreRequest::FIELDS.iter().map(|f| f.to_string()).collect()
    }

    /// The field closest to an unknown name, as the errors suggest it: a misspelling
    /// (`riichii`), or a name one is the start of (`seat` for `seat_wind`); `None` when
    /// none is close, or when `key` is a field.
    ///
    /// ```
    /// use tenpai::score::ScoreRequest;
    /// assert_eq!(ScoreRequest::closest_field("seat").as_deref(), Some("seat_wind"));
    /// assert_eq!(ScoreRequest::closest_field("riichii").as_deref(), Some("riichi"));
    /// assert_eq!(ScoreRequest::closest_field("xyzzy"), None);
    /// assert_eq!(ScoreRequest::closest_field("honba"), None);
    /// ```
    pub fn closest_field(key: &str) -> Option<String> {
        if ScoreRequest::FIELDS.contains(&key) {
            return None;
        }
        did_you_mean(key, &ScoreRequest::FIELDS).map(str::to_string)
    }

    /// Read a request from its JSON text (one line of `tenpai score -`), strictly: the
    /// text must be one JSON object, every field must be one of the request's (an
    /// unknown field is refused, naming the closest known one), `hand` must be there
    /// (unless `nagashi_mangan` is true), and `honba` and `riichi_sticks` must be at
    /// most 1000. Syntax errors carry the character offset in `text`.
    ///
    /// ```
    /// use tenpai::score::ScoreRequest;
    /// let req = ScoreRequest::from_json(r#"{"hand": "123m456p789s11z222z", "dora": "3m7z"}"#)?;
    /// assert_eq!(req.dora, ["3m7z"]);
    /// let e = ScoreRequest::from_json(r#"{"hand": "123m456p789s11z222z", "riichii": true}"#);
    /// assert!(e.unwrap_err().to_string().contains("did you mean \"riichi\"?"));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn from_json(text: &str) -> Result<ScoreRequest, Error> {
        // The common request (an object of known fields, each once, `hand` there,
        // counters in range) read in one pass straight into the request; anything
        // else, and every error, goes through the general reading below.
        if let Ok(Strict(req)) = serde_json::from_str::<Strict>(text) {
            return Ok(req);
        }
        Self::from_json_general(text)
    }

    /// [`ScoreRequest::from_json`] without its fast path: the JSON read into a
    /// `serde_json::Value`, its keys and counters checked, then the request read from it.
    pub(super) fn from_json_general(text: &str) -> Result<ScoreRequest, Error> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            // serde_json counts lines from 1 and columns in bytes from 1.
            let mut byte = 0usize;
            for (n, line) in text.split_inclusive('\n').enumerate() {
                if n + 1 == e.line() {
                    byte += e.column().saturating_sub(1).min(line.len());
                    break;
                }
                byte += line.len();
            }
            while !text.is_char_boundary(byte.min(text.len())) {
                byte -= 1;
            }
            let position = text[..byte.min(text.len())].chars().count();
            let what = match e.classify() {
                serde_json::error::Category::Eof => "truncated JSON",
                _ => "not valid JSON",
            };
            let detail = e.to_string();
            let detail = detail
                .split(" at line ")
                .next()
                .unwrap_or_default()
                .to_string();
            request_error(format!("bad request: {what}: {detail}"), Some(position))
        })?;
        let serde_json::Value::Object(map) = &value else {
            return Err(request_error(
                "bad request: a request is a JSON object ({\"hand\": ...})",
                None,
            ));
        };
        let known = ScoreRequest::FIELDS;
        for key in map.keys() {
            if known.contains(&key.as_str()) {
                continue;
            }
            let hint = match did_you_mean(key, &known) {
                Some(k) => format!(" (did you mean {k:?}?)"),
                None => String::new(),
            };
            return Err(request_error(
                format!(
                    "bad request: unknown field {key:?}{hint}; the fields are {}",
                    known.join(", ")
                ),
                key_position(text, key),
            ));
        }
        // Nagashi mangan is no hand: `hand` may be left out.
        let nagashi = map.get("nagashi_mangan") == Some(&serde_json::Value::Bool(true));
        if !map.contains_key("hand") && !nagashi {
            return Err(request_error("bad request: missing field hand", None));
        }
        for key in ["honba", "riichi_sticks"] {
            if let Some(v) = map.get(key) {
                if v.as_u64()
                    .is_none_or(|n| n > u64::from(super::evaluate::MAX_COUNTERS))
                {
                    return Err(request_error(
                        format!(
                            "bad request: {key} {v} is out of range: a count from 0 to {}",
                            super::evaluate::MAX_COUNTERS
                        ),
                        key_position(text, key),
                    ));
                }
            }
        }
        serde_json::from_value(value).map_err(|e| request_error(format!("bad request: {e}"), None))
    }
}

/// A request read strictly in one pass (the fast path of [`ScoreRequest::from_json`]):
/// a JSON object whose keys are request fields, each at most once, with `hand`, and
/// `honba` and `riichi_sticks` at most [`MAX_COUNTERS`](super::evaluate::MAX_COUNTERS).
/// Anything else is an error (its text is not the one to show: the general reading
/// gives that).
pub(super) struct Strict(pub(super) ScoreRequest);

/// Indicators as `one_or_many` reads them, without buffering the value first.
struct Indicators(Vec<String>);

impl<'de> Deserialize<'de> for Indicators {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Indicators;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string of tiles or a list of them")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Indicators, E> {
                Ok(Indicators(vec![v.to_string()]))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Indicators, E> {
                Ok(Indicators(vec![v]))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Indicators, A::Error> {
                let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(8));
                while let Some(s) = seq.next_element::<String>()? {
                    v.push(s);
                }
                Ok(Indicators(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// The field names (a key of the request's JSON object) and the strict reading, built
/// from the table of fields ([`score_request_fields!`](crate::score_request_fields)).
macro_rules! strict_reader {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $ty:ty, $kind:ident,
        serde($($serde:tt)*),
        rule($($rule:tt)*),
        cli($($cli:tt)*),
        values($values:literal);
    )*) => {
        /// A request's field names, as a key of its JSON object (the fast path of
        /// [`ScoreRequest::from_json`]; an unknown name is an error, which sends the text
        /// to the general reading).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
        #[serde(field_identifier)]
        #[allow(non_camel_case_types)]
        pub(super) enum Field {
            $($name,)*
        }

        impl<'de> Deserialize<'de> for Strict {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> serde::de::Visitor<'de> for V {
                    type Value = Strict;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str("a request object")
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<Strict, A::Error> {
                        use serde::de::Error as _;
                        let mut r = ScoreRequest::default();
                        let mut seen = 0u64;
                        while let Some(field) = map.next_key::<Field>()? {
                            let bit = 1u64 << (field as u8);
                            if seen & bit != 0 {
                                return Err(A::Error::custom("duplicate field"));
                            }
                            seen |= bit;
                            match field {
                                $(Field::$name => r.$name = strict_value!($kind, map),)*
                            }
                        }
                        let max = super::evaluate::MAX_COUNTERS;
                        if seen & (1 << Field::hand as u8) == 0
                            || r.honba > max
                            || r.riichi_sticks > max
                        {
                            return Err(A::Error::custom("not a plain request"));
                        }
                        Ok(Strict(r))
                    }
                }
                d.deserialize_map(V)
            }
        }
    };
}

/// A field's value read strictly: indicators as `one_or_many` reads them (unbuffered),
/// anything else as its type reads itself.
macro_rules! strict_value {
    (tiles, $map:ident) => {
        $map.next_value::<Indicators>()?.0
    };
    ($kind:ident, $map:ident) => {
        $map.next_value()?
    };
}

score_request_fields!(strict_reader);

// At most 64 fields: the strict reader keeps the fields seen in a `u64`.
const _: () = assert!(ScoreRequest::FIELDS.len() <= 64);
