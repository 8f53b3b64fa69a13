//! Score requests read from Python values: the fields of `tenpai score -` (`FIELDS`),
//! each read with its type checked (`set_field`, `request_from`), and the fast path
//! that reads the common request straight into typed form (`fast_typed`).
//!
//! The request is read twice on purpose: `fast_typed` (no request text, no error
//! message: `None` for anything unusual) and `set_field` followed by the library's
//! `parse_request` (every value, with the exact error). The fast path must give the
//! same answer as the checked one (`tests/test_score_paths.py` compares them); making
//! them one function would slow the common call or change which error a request
//! raises first. The callers differ too: keywords (`score`, `ScoreRequest`: a None is
//! left out) and dicts (`score_many`: a None is read, and refused where the field
//! takes none). Both readers are built from the library's table of the request's
//! fields (`tenpai::score_request_fields!`): each field read by its type (`FromPy`)
//! and, on the fast path, by its kind (`fast_field!`).

use crate::convert::{
    type_name, want_bool, want_opt_bool, want_opt_str, want_str, want_tile_strings, want_u32,
    with_str,
};
use crate::errors::invalid;
use crate::hand::hand_text;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};
use serde_json::Value;
use std::sync::OnceLock;
use tenpai::notation::{parse_tile, parse_tiles_into, parse_written_last};
use tenpai::rules::{KazoeCap, RenhouRule, Rules, SanmaTsumo, YakumanSet};
use tenpai::score::{parse_wind, request_rules, ScoreRequest, Situation};
use tenpai::Tile;

/// The request fields, as `tenpai score -` reads them.
const FIELDS: [&str; ScoreRequest::FIELDS.len()] = ScoreRequest::FIELDS;

/// How a short `str` of a request reads: as a tile (`win`), as one indicator (an
/// item of `dora`/`ura`), as a wind. Each is what the library's parser gives for the
/// text (read once, when the table is made).
#[derive(Clone, Copy)]
struct Token {
    tile: Option<Tile>,
    indicator: Option<Tile>,
    wind: Option<tenpai::Wind>,
}

/// A dict from the short texts requests hold most (`"5m"`, `"E"`...) to their place
/// in `tokens`: a lookup by the str's cached hash, with no copy of its text.
struct Lookup {
    texts: Py<PyDict>,
    tokens: Vec<Token>,
}

fn lookup(py: Python<'_>) -> PyResult<&'static Lookup> {
    static LOOKUP: pyo3::sync::GILOnceCell<Lookup> = pyo3::sync::GILOnceCell::new();
    LOOKUP.get_or_try_init(py, || {
        let texts = PyDict::new(py);
        let mut tokens = Vec::new();
        let winds = ["E", "S", "W", "N"].map(String::from);
        let tiles = (0..10).flat_map(|d| ["m", "p", "s", "z"].map(|s| format!("{d}{s}")));
        for text in winds.into_iter().chain(tiles) {
            let mut one = Vec::new();
            let token = Token {
                tile: parse_tile(&text).ok(),
                indicator: match parse_tiles_into(&text, &mut one) {
                    Ok(()) if one.len() == 1 => Some(one[0]),
                    _ => None,
                },
                wind: parse_wind(&text).ok(),
            };
            if token.tile.is_some() || token.indicator.is_some() || token.wind.is_some() {
                texts.set_item(PyString::intern(py, &text), tokens.len())?;
                tokens.push(token);
            }
        }
        Ok(Lookup {
            texts: texts.unbind(),
            tokens,
        })
    })
}

/// The [`Token`] a `str` (exactly) value is, if it is one of the table's texts.
fn token(v: &Bound<'_, PyAny>) -> Option<Token> {
    if !v.is_exact_instance_of::<PyString>() {
        return None;
    }
    let l = lookup(v.py()).ok()?;
    let i: usize = l.texts.bind(v.py()).get_item(v).ok()??.extract().ok()?;
    l.tokens.get(i).copied()
}

/// The request field a `str` key names, if any (`Ok(None)` for any other str):
/// matched by the key's (cached) hash against the field names' first, so that no
/// string is copied.
pub(crate) fn known_field(k: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
    let py = k.py();
    static NAMES: pyo3::sync::GILOnceCell<Vec<(isize, Py<PyString>, &'static str)>> =
        pyo3::sync::GILOnceCell::new();
    let names = NAMES.get_or_try_init(py, || {
        FIELDS
            .iter()
            .map(|&f| {
                let s = PyString::intern(py, f);
                Ok::<_, PyErr>((s.hash()?, s.unbind(), f))
            })
            .collect::<PyResult<Vec<_>>>()
    })?;
    let h = k.hash()?;
    for (fh, s, f) in names {
        if *fh == h && (k.is(s.bind(py)) || k.eq(s.bind(py))?) {
            return Ok(Some(f));
        }
    }
    Ok(None)
}

/// The request field a dict key names.
pub(crate) fn field_name(k: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    if k.downcast::<PyString>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "request keys must be str, not {}",
            type_name(k)
        )));
    }
    match known_field(k)? {
        Some(f) => Ok(f),
        None => {
            let key = want_str("key", k)?;
            let hint = tenpai::score::ScoreRequest::closest_field(&key)
                .map(|f| format!(" (did you mean {f:?}?)"))
                .unwrap_or_default();
            Err(PyTypeError::new_err(format!(
                "unknown score request field {key:?}{hint} (known: {})",
                FIELDS.join(", ")
            )))
        }
    }
}

/// A request field's value read from a Python value, its type checked: `key` is the
/// field, `values` what it takes (for messages).
trait FromPy: Sized {
    fn from_py(key: &str, values: &str, v: &Bound<'_, PyAny>) -> PyResult<Self>;
}

/// The hand.
impl FromPy for String {
    fn from_py(_: &str, _: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        hand_text(v)
    }
}

impl FromPy for Option<String> {
    fn from_py(key: &str, _: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        want_opt_str(key, v)
    }
}

impl FromPy for bool {
    fn from_py(key: &str, _: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        want_bool(key, v)
    }
}

impl FromPy for Option<bool> {
    fn from_py(key: &str, _: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        want_opt_bool(key, v)
    }
}

/// Indicators.
impl FromPy for Vec<String> {
    fn from_py(key: &str, _: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        want_tile_strings(key, v)
    }
}

impl FromPy for u32 {
    fn from_py(key: &str, _: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        want_u32(key, v)
    }
}

/// A small count (None is 0).
impl FromPy for u8 {
    fn from_py(key: &str, values: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        let n = if v.is_none() { 0 } else { want_u32(key, v)? };
        u8::try_from(n).map_err(|_| invalid(format!("{key} must be {values}, not {n}")))
    }
}

impl FromPy for Option<u8> {
    fn from_py(key: &str, values: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        if v.is_none() {
            return Ok(None);
        }
        u8::from_py(key, values, v).map(Some)
    }
}

/// A set of yakuman: names as one str (comma-separated) or a list of str.
impl FromPy for Option<YakumanSet> {
    fn from_py(key: &str, _: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        if v.is_none() {
            return Ok(None);
        }
        let names = want_tile_strings(key, v)?.join(",");
        Ok(Some(
            names
                .parse::<YakumanSet>()
                .map_err(|e| invalid(format!("{key}: {e}")))?,
        ))
    }
}

/// A choice, written as its name (as in a request's JSON).
macro_rules! from_py_choice {
    ($($t:ty),*) => {$(
        impl FromPy for Option<$t> {
            fn from_py(key: &str, values: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
                match want_opt_str(key, v)? {
                    None => Ok(None),
                    Some(s) => serde_json::from_value(Value::String(s.clone()))
                        .map(Some)
                        .map_err(|_| invalid(format!("{key} must be {values}, not {s:?}"))),
                }
            }
        }
    )*};
}

from_py_choice!(KazoeCap, RenhouRule, SanmaTsumo);

/// `set_field` and the fast path's reading of each field (`fast_typed`), built from
/// the library's table of request fields ([`tenpai::score_request_fields!`]).
macro_rules! py_readers {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $ty:ty, $kind:ident,
        serde($($serde:tt)*),
        rule($($rule:tt)*),
        cli($($cli:tt)*),
        values($values:literal);
    )*) => {
        /// Sets one request field from a Python value, checking its type.
        pub(crate) fn set_field(
            req: &mut ScoreRequest,
            key: &str,
            v: &Bound<'_, PyAny>,
        ) -> PyResult<()> {
            match key {
                $(stringify!($name) => req.$name = FromPy::from_py(key, $values, v)?,)*
                _ => {
                    let hint = tenpai::score::ScoreRequest::closest_field(key)
                        .map(|k| format!(" (did you mean {k:?}?)"))
                        .unwrap_or_default();
                    return Err(PyTypeError::new_err(format!(
                        "unknown score option {key:?}{hint} (known: {})",
                        FIELDS.join(", ")
                    )));
                }
            }
            Ok(())
        }

        /// The fast path: a request read from Python values straight into typed form,
        /// as `parse_request` would read the same request. `hand` is the hand argument
        /// of `score()` (None: the `"hand"` entry of `fields`). `None` when anything is
        /// unusual (a type, a value that does not read, a None in a request dict): the
        /// request path then gives the same answer or the exact error.
        pub(crate) fn fast_typed<'py>(
            hand: Option<&Bound<'py, PyAny>>,
            fields: impl Iterator<Item = Option<(&'static str, Bound<'py, PyAny>)>>,
        ) -> Option<Typed> {
            let keywords = hand.is_some();
            let mut hand_obj = hand.cloned();
            let mut s = Situation::default();
            let mut win = None;
            let mut rule_fields = Vec::new();
            for item in fields {
                let (key, v) = item?;
                if v.is_none() {
                    if keywords {
                        continue;
                    }
                    return None;
                }
                let b = || v.downcast::<PyBool>().ok().map(|b| b.is_true());
                let n = || {
                    if v.downcast::<PyBool>().is_ok() {
                        return None;
                    }
                    v.downcast::<pyo3::types::PyInt>()
                        .ok()?
                        .extract::<u32>()
                        .ok()
                };
                match key {
                    $(stringify!($name) => fast_field!(
                        $kind, s.$name, key, v, b, n, keywords, hand_obj, win, rule_fields
                    ),)*
                    _ => return None,
                }
            }
            fast_rest(hand_obj?, s, win, &rule_fields)
        }
    };
}

/// One field read by the fast path, by the field's kind (see `fast_typed`).
macro_rules! fast_field {
    (hand, $to:expr, $key:ident, $v:ident, $b:ident, $n:ident, $keywords:ident, $hand:ident, $win:ident, $rules:ident) => {{
        if $keywords {
            return None;
        }
        $hand = Some($v)
    }};
    (tile, $to:expr, $key:ident, $v:ident, $b:ident, $n:ident, $keywords:ident, $hand:ident, $win:ident, $rules:ident) => {
        $win = Some(
            token(&$v)
                .and_then(|t| t.tile)
                .or_else(|| with_str(&$v, |t| parse_tile(t).ok()))?,
        )
    };
    (flag, $to:expr, $key:ident, $v:ident, $b:ident, $n:ident, $keywords:ident, $hand:ident, $win:ident, $rules:ident) => {
        $to = $b()?
    };
    (wind, $to:expr, $key:ident, $v:ident, $b:ident, $n:ident, $keywords:ident, $hand:ident, $win:ident, $rules:ident) => {
        $to = read_wind(&$v)?
    };
    (tiles, $to:expr, $key:ident, $v:ident, $b:ident, $n:ident, $keywords:ident, $hand:ident, $win:ident, $rules:ident) => {
        fast_tiles(&$v, &mut $to)?
    };
    (count, $to:expr, $key:ident, $v:ident, $b:ident, $n:ident, $keywords:ident, $hand:ident, $win:ident, $rules:ident) => {
        $to = $n()?
    };
    (preset, $to:expr, $key:ident, $v:ident, $b:ident, $n:ident, $keywords:ident, $hand:ident, $win:ident, $rules:ident) => {
        $rules.push(($key, $v))
    };
    // The red-five count (checked against `red_fives` and the hand there) and the
    // three-player tsumo: the request path.
    (rule, $to:expr, $key:ident, $v:ident, $b:ident, $n:ident, $keywords:ident, $hand:ident, $win:ident, $rules:ident) => {{
        if matches!($key, "red_fives_count" | "sanma_tsumo") {
            return None;
        }
        $rules.push(($key, $v))
    }};
    // The liable seat and the discarder are no rules, the Norths need the
    // three-player rules: the request path.
    ($kind:ident, $to:expr, $key:ident, $v:ident, $b:ident, $n:ident, $keywords:ident, $hand:ident, $win:ident, $rules:ident) => {
        return None
    };
}

tenpai::score_request_fields!(py_readers);

/// A request from a dict (the fields of `tenpai score -`) or a hand string.
pub(crate) fn request_from(v: &Bound<'_, PyAny>) -> PyResult<ScoreRequest> {
    let mut req = ScoreRequest::default();
    if let Ok(d) = v.downcast::<PyDict>() {
        let mut has_hand = false;
        for (k, x) in d.iter() {
            let key = field_name(&k)?;
            has_hand |= key == "hand";
            set_field(&mut req, key, &x)?;
        }
        // Nagashi mangan is no hand.
        if !has_hand && !req.nagashi_mangan {
            return Err(invalid("a score request needs a \"hand\"".into()));
        }
    } else if v.downcast::<PyString>().is_ok() || v.getattr("_native").is_ok() {
        req.hand = hand_text(v)?;
    } else {
        return Err(PyTypeError::new_err(format!(
            "a score request is a dict (the fields of `tenpai score -`) or a hand str, not {}",
            type_name(v)
        )));
    }
    Ok(req)
}

/// A request in typed form, read straight from Python values (no request text).
pub(crate) struct Typed {
    pub(crate) hand: tenpai::Hand,
    pub(crate) win: Tile,
    pub(crate) s: Situation,
    pub(crate) rules: Rules,
}

/// The rules of a request that names none: `request_rules` of the default request.
fn default_rules() -> Option<&'static Rules> {
    static RULES: OnceLock<Option<Rules>> = OnceLock::new();
    RULES
        .get_or_init(|| request_rules(&ScoreRequest::default()))
        .as_ref()
}

/// A wind as [`parse_wind`] reads the str `v` (None for anything else).
fn read_wind(v: &Bound<'_, PyAny>) -> Option<tenpai::Wind> {
    token(v)
        .and_then(|t| t.wind)
        .or_else(|| with_str(v, |t| parse_wind(t).ok()))
}

/// The indicators of the str `v` as [`parse_tiles_into`] reads them, appended to `out`.
fn read_indicators(v: &Bound<'_, PyAny>, out: &mut Vec<Tile>) -> Option<()> {
    match token(v).and_then(|t| t.indicator) {
        Some(t) => {
            out.push(t);
            Some(())
        }
        None => with_str(v, |s| parse_tiles_into(s, out).ok()),
    }
}

/// Indicators as a str or a list/tuple of str (at most 64), appended to `out`.
fn fast_tiles(v: &Bound<'_, PyAny>, out: &mut Vec<Tile>) -> Option<()> {
    if v.downcast::<PyString>().is_ok() {
        return read_indicators(v, out);
    }
    if let Ok(l) = v.downcast::<PyList>() {
        if l.len() > 64 {
            return None;
        }
        for x in l.iter() {
            read_indicators(&x, out)?;
        }
        return Some(());
    }
    let t = v.downcast::<PyTuple>().ok()?;
    if t.len() > 64 {
        return None;
    }
    for x in t.iter() {
        read_indicators(&x, out)?;
    }
    Some(())
}

/// The end of the fast path: the rules from the rule fields read, the hand read.
fn fast_rest(
    hand_obj: Bound<'_, PyAny>,
    mut s: Situation,
    win: Option<Tile>,
    rule_fields: &[(&'static str, Bound<'_, PyAny>)],
) -> Option<Typed> {
    s.riichi |= s.double_riichi;
    let rules = if rule_fields.is_empty() {
        default_rules()?.clone()
    } else {
        let mut req = ScoreRequest::default();
        for (key, v) in rule_fields {
            set_field(&mut req, key, v).ok()?;
        }
        let rules = request_rules(&req)?;
        // Three-player rules check the hand's text too (`parse_request`): the request
        // path reads them.
        if !matches!(rules.double_wind_fu, 2 | 4) || rules.is_sanma() {
            return None;
        }
        rules
    };
    let (hand, last) = if hand_obj.downcast::<PyString>().is_ok() {
        with_str(&hand_obj, |t| parse_written_last(t).ok())?
    } else {
        parse_written_last(&hand_text(&hand_obj).ok()?).ok()?
    };
    // Two red 5p: the request path says which rules allow them, with its own error.
    if hand
        .all_tiles()
        .filter(|&t| t == tenpai::Tile::RED_5P)
        .count()
        > 1
    {
        return None;
    }
    Some(Typed {
        hand,
        win: win.unwrap_or(last),
        s,
        rules,
    })
}

/// Adds `FIELDS` (the request fields) to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("FIELDS", FIELDS.to_vec())
}
