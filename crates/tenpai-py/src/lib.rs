//! Python bindings of the tenpai engine: the native module `tenpai._tenpai`.
//!
//! The Python package `tenpai` (in `python/tenpai/`) wraps this module. Every answer
//! that the CLI also gives is built here with the same fields, in the same order, as
//! the CLI's `--json` output, so `to_dict()` on the Python side equals it.
//!
//! Bad input from Python never panics: wrong types raise `TypeError`, bad hands and
//! requests raise `tenpai.TenpaiError` (a `ValueError`) subclasses.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};
use rayon::prelude::*;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::sync::{Arc, Condvar, Mutex};
use tenpai::decompose::decompose;
use tenpai::logs::json as json_lines;
use tenpai::logs::{self, Game, Win};
use tenpai::notation::{parse_tile, parse_tiles_into, parse_written_last};
use tenpai::rules::Rules;
use tenpai::score::{
    evaluate, parse_request, parse_wind, request_rules, score_request, Evaluation, ScoreRequest,
    ScoreResult, Situation,
};
use tenpai::shanten::shanten;
use tenpai::ukeire::{discards, ukeire};
use tenpai::{Error, Tile};

create_exception!(
    _tenpai,
    TenpaiError,
    PyValueError,
    "Base of every tenpai error (a ValueError): `.message`, and `.position` when known."
);
create_exception!(
    _tenpai,
    ParseError,
    TenpaiError,
    "A hand or tile text that cannot be read; `.position` is the 0-based character offset."
);
create_exception!(
    _tenpai,
    InvalidRequestError,
    TenpaiError,
    "A request that is not valid (a winning tile not in the hand, ura without riichi, ...)."
);
create_exception!(
    _tenpai,
    NoYakuError,
    TenpaiError,
    "A complete hand with no yaku: it cannot win (dora alone is not a yaku)."
);
create_exception!(
    _tenpai,
    LogError,
    TenpaiError,
    "A game log that cannot be read; `.file` and `.position` (text) when known."
);

/// The Python exception for a library error, with `.message` and `.position`.
fn err(py: Python<'_>, e: &Error) -> PyErr {
    let msg = e.to_string();
    let (pe, position, file): (PyErr, Option<PyObject>, Option<String>) = match e {
        Error::Parse { position, .. } => (
            ParseError::new_err(msg.clone()),
            position
                .into_pyobject(py)
                .ok()
                .map(|p| p.into_any().unbind()),
            None,
        ),
        Error::NoYaku => (NoYakuError::new_err(msg.clone()), None, None),
        Error::Log { file, position, .. } => (
            LogError::new_err(msg.clone()),
            position
                .as_ref()
                .map(|p| PyString::new(py, p).into_any().unbind()),
            file.clone(),
        ),
        _ => (InvalidRequestError::new_err(msg.clone()), None, None),
    };
    let v = pe.value(py);
    let _ = v.setattr("message", msg);
    let _ = v.setattr("position", position);
    if matches!(e, Error::Log { .. }) {
        let _ = v.setattr("file", file);
    }
    pe
}

/// An error with a message of our own (the request is not valid).
fn invalid(msg: String) -> PyErr {
    InvalidRequestError::new_err(msg)
}

/// A JSON value as Python objects (dict, list, str, int, float, bool, None).
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let items = a
                .iter()
                .map(|x| to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// A tile written plainly: `5m`, never `0m`.
fn plain(t: Tile) -> String {
    format!("{}{}", t.number(), t.suit().letter())
}

fn plains(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(|&t| plain(t)).collect()
}

/// Items per unit of work in the batch functions.
const CHUNK: usize = 128;

/// The state of one [`par_map`]: the items, the next chunk to take, the results per
/// chunk, and how many chunks are finished.
struct Batch<T, R, F> {
    items: Vec<T>,
    f: F,
    next: AtomicUsize,
    results: Vec<Mutex<Vec<R>>>,
    done: Mutex<usize>,
    all_done: Condvar,
}

impl<T, R, F: Fn(&T) -> R> Batch<T, R, F> {
    /// Takes chunks until none is left.
    fn work(&self) {
        let chunks = self.results.len();
        loop {
            let c = self.next.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                return;
            }
            let end = ((c + 1) * CHUNK).min(self.items.len());
            let out: Vec<R> = self.items[c * CHUNK..end].iter().map(&self.f).collect();
            if let Ok(mut slot) = self.results[c].lock() {
                *slot = out;
            }
            if let Ok(mut d) = self.done.lock() {
                *d += 1;
                if *d == chunks {
                    self.all_done.notify_all();
                }
            }
        }
    }
}

/// `items.map(f)` on the calling thread and on rayon's workers as they come free: the
/// caller takes chunks too, so it never waits for a sleeping worker to wake up (on a
/// busy machine that wait can exceed the whole batch), only for chunks a worker has
/// already started. Workers that start after the last chunk find nothing to do.
fn par_map<T, R, F>(items: Vec<T>, f: F) -> Vec<R>
where
    T: Send + Sync + 'static,
    R: Send + 'static,
    F: Fn(&T) -> R + Send + Sync + 'static,
{
    par_chunks(items, f).into_iter().flatten().collect()
}

/// [`par_map`], the results left in their chunks (in order): large results are then
/// moved once less, and no large block is allocated.
fn par_chunks<T, R, F>(items: Vec<T>, f: F) -> Vec<Vec<R>>
where
    T: Send + Sync + 'static,
    R: Send + 'static,
    F: Fn(&T) -> R + Send + Sync + 'static,
{
    if items.len() <= CHUNK {
        return vec![items.iter().map(&f).collect()];
    }
    let chunks = items.len().div_ceil(CHUNK);
    let batch = Arc::new(Batch {
        items,
        f,
        next: AtomicUsize::new(0),
        results: (0..chunks).map(|_| Mutex::new(Vec::new())).collect(),
        done: Mutex::new(0),
        all_done: Condvar::new(),
    });
    for _ in 0..rayon::current_num_threads().min(chunks - 1) {
        let b = Arc::clone(&batch);
        rayon::spawn(move || b.work());
    }
    batch.work();
    if let Ok(mut d) = batch.done.lock() {
        while *d < chunks {
            d = match batch.all_done.wait(d) {
                Ok(d) => d,
                Err(_) => break,
            };
        }
    }
    batch
        .results
        .iter()
        .map(|r| {
            r.lock()
                .map(|mut v| std::mem::take(&mut *v))
                .unwrap_or_default()
        })
        .collect()
}

/// `items.map(f)` in order, on the calling thread and on rayon's workers, made for a
/// busy machine: the caller never waits for a worker. Blocks of items are claimed
/// from a shared counter; once none is left, the caller takes the answers in order
/// and computes itself any block a worker has not finished (a worker descheduled in
/// the middle of one then drops its own). `f` must be pure: an item may be computed
/// twice. The answers are left in their blocks (no large block of memory to fault in
/// and to copy them to).
fn race_map<T, R, F>(items: Vec<T>, f: F) -> Vec<Vec<R>>
where
    T: Send + Sync + 'static,
    R: Send + 'static,
    F: Fn(&T) -> R + Send + Sync + 'static,
{
    /// Items claimed at a time.
    const BLOCK: usize = 16;
    enum Slot<R> {
        Empty,
        Done(Vec<R>),
        Taken,
    }
    struct Race<T, R, F> {
        items: Vec<T>,
        f: F,
        next: AtomicUsize,
        blocks: Vec<Mutex<Slot<R>>>,
    }
    impl<T, R, F: Fn(&T) -> R> Race<T, R, F> {
        fn block(&self, b: usize) -> Vec<R> {
            let end = ((b + 1) * BLOCK).min(self.items.len());
            self.items[b * BLOCK..end].iter().map(&self.f).collect()
        }
        fn run(&self) {
            loop {
                let b = self.next.fetch_add(1, Ordering::Relaxed);
                if b >= self.blocks.len() {
                    return;
                }
                let out = self.block(b);
                if let Ok(mut s) = self.blocks[b].lock() {
                    if matches!(*s, Slot::Empty) {
                        *s = Slot::Done(out);
                    }
                }
            }
        }
    }
    if items.len() <= 2 * BLOCK {
        return vec![items.iter().map(&f).collect()];
    }
    let race = Arc::new(Race {
        blocks: (0..items.len().div_ceil(BLOCK))
            .map(|_| Mutex::new(Slot::Empty))
            .collect(),
        items,
        f,
        next: AtomicUsize::new(0),
    });
    for _ in 0..rayon::current_num_threads().saturating_sub(1) {
        let r = Arc::clone(&race);
        rayon::spawn(move || r.run());
    }
    race.run();
    race.blocks
        .iter()
        .enumerate()
        .map(|(b, slot)| {
            match slot
                .lock()
                .map(|mut s| std::mem::replace(&mut *s, Slot::Taken))
            {
                Ok(Slot::Done(r)) => r,
                _ => race.block(b),
            }
        })
        .collect()
}

/// The type name of a Python object, for messages.
fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// A `str` argument, or a clear `TypeError`.
fn want_str(what: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    match v.downcast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be a str, not {}",
            type_name(v)
        ))),
    }
}

/// Tiles given as one string (`"1m55p"`) or a list/tuple of strings (`["1m", "5p"]`),
/// or None (no tiles).
fn want_tile_strings(what: &str, v: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if v.is_none() {
        return Ok(Vec::new());
    }
    if let Ok(s) = v.downcast::<PyString>() {
        return Ok(vec![s.to_cow()?.into_owned()]);
    }
    if v.downcast::<PyList>().is_ok() || v.downcast::<PyTuple>().is_ok() {
        let n = v.len()?;
        if n > 64 {
            return Err(invalid(format!(
                "{what}: {n} entries is not a list of tiles"
            )));
        }
        let mut out = Vec::with_capacity(n);
        for x in v.try_iter()? {
            let x = x?;
            match x.downcast::<PyString>() {
                Ok(s) => out.push(s.to_cow()?.into_owned()),
                Err(_) => {
                    return Err(PyTypeError::new_err(format!(
                        "{what} entries must be a str, not {}",
                        type_name(&x)
                    )))
                }
            }
        }
        return Ok(out);
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be a str or a list of str, not {}",
        type_name(v)
    )))
}

fn want_tiles(what: &str, v: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Tile>> {
    let py_err = |e: Error| Python::with_gil(|py| err(py, &e));
    let mut out = Vec::new();
    if let Some(v) = v {
        for s in want_tile_strings(what, v)? {
            out.extend(tenpai::notation::parse_tiles(&s).map_err(py_err)?);
        }
    }
    Ok(out)
}

/// A `bool` (numpy's bool too, as PyO3 reads it; never an int).
fn want_bool(key: &str, v: &Bound<'_, PyAny>) -> PyResult<bool> {
    match v.downcast::<PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => v.extract::<bool>().map_err(|_| {
            PyTypeError::new_err(format!("{key} must be a bool, not {}", type_name(v)))
        }),
    }
}

fn want_opt_bool(key: &str, v: &Bound<'_, PyAny>) -> PyResult<Option<bool>> {
    if v.is_none() {
        Ok(None)
    } else {
        want_bool(key, v).map(Some)
    }
}

fn want_u32(key: &str, v: &Bound<'_, PyAny>) -> PyResult<u32> {
    if v.downcast::<PyBool>().is_ok() || v.downcast::<pyo3::types::PyInt>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "{key} must be an int, not {}",
            type_name(v)
        )));
    }
    v.extract::<u32>()
        .map_err(|_| invalid(format!("{key} must be between 0 and {}", u32::MAX)))
}

fn want_opt_str(key: &str, v: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if v.is_none() {
        Ok(None)
    } else {
        want_str(key, v).map(Some)
    }
}

/// The request fields, as `tenpai score -` reads them.
const FIELDS: [&str; 37] = ScoreRequest::FIELDS;

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
fn known_field(k: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
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
fn field_name(k: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    if k.downcast::<PyString>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "request keys must be str, not {}",
            type_name(k)
        )));
    }
    match known_field(k)? {
        Some(f) => Ok(f),
        None => Err(PyTypeError::new_err(format!(
            "unknown score request field {:?} (known: {})",
            want_str("key", k)?,
            FIELDS.join(", ")
        ))),
    }
}

/// Sets one request field from a Python value, checking its type.
fn set_field(req: &mut ScoreRequest, key: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
    match key {
        "hand" => req.hand = hand_text(v)?,
        "win" => req.win = want_opt_str(key, v)?,
        "tsumo" => req.tsumo = want_bool(key, v)?,
        "riichi" => req.riichi = want_bool(key, v)?,
        "double_riichi" => req.double_riichi = want_bool(key, v)?,
        "ippatsu" => req.ippatsu = want_bool(key, v)?,
        "haitei" => req.haitei = want_bool(key, v)?,
        "houtei" => req.houtei = want_bool(key, v)?,
        "rinshan" => req.rinshan = want_bool(key, v)?,
        "chankan" => req.chankan = want_bool(key, v)?,
        "tenhou" => req.tenhou = want_bool(key, v)?,
        "chiihou" => req.chiihou = want_bool(key, v)?,
        "renhou" => req.renhou = want_bool(key, v)?,
        "round_wind" => req.round_wind = want_opt_str(key, v)?,
        "seat_wind" => req.seat_wind = want_opt_str(key, v)?,
        "dora" => req.dora = want_tile_strings(key, v)?,
        "ura" => req.ura = want_tile_strings(key, v)?,
        "honba" => req.honba = want_u32(key, v)?,
        "riichi_sticks" => req.riichi_sticks = want_u32(key, v)?,
        "rules" => req.rules = want_opt_str(key, v)?,
        "red_fives" => req.red_fives = want_opt_bool(key, v)?,
        "open_tanyao" => req.open_tanyao = want_opt_bool(key, v)?,
        "double_yakuman" => req.double_yakuman = want_opt_bool(key, v)?,
        "yakuman_stack" => req.yakuman_stack = want_opt_bool(key, v)?,
        "kiriage" => req.kiriage = want_opt_bool(key, v)?,
        "kazoe" => {
            req.kazoe = match want_opt_str(key, v)? {
                None => None,
                Some(s) => Some(serde_json::from_value(Value::String(s.clone())).map_err(
                    |_| {
                        invalid(format!(
                            "kazoe must be yakuman, sanbaiman, none or unlimited, not {s:?}"
                        ))
                    },
                )?),
            }
        }
        "renhou_rule" => {
            req.renhou_rule = match want_opt_str(key, v)? {
                None => None,
                Some(s) => Some(serde_json::from_value(Value::String(s.clone())).map_err(
                    |_| {
                        invalid(format!(
                            "renhou_rule must be off, mangan, mangan_fixed or yakuman, not {s:?}"
                        ))
                    },
                )?),
            }
        }
        "red_fives_count" => {
            req.red_fives_count =
                if v.is_none() {
                    None
                } else {
                    let n = want_u32(key, v)?;
                    Some(u8::try_from(n).map_err(|_| {
                        invalid(format!("red_fives_count must be 0, 3 or 4, not {n}"))
                    })?)
                }
        }
        "double_wind_fu" => {
            req.double_wind_fu = if v.is_none() {
                None
            } else {
                let n = want_u32(key, v)?;
                Some(
                    u8::try_from(n)
                        .map_err(|_| invalid(format!("double_wind_fu must be 2 or 4, not {n}")))?,
                )
            }
        }
        "fu_for_open_pinfu" => req.fu_for_open_pinfu = want_opt_bool(key, v)?,
        "fu_for_pinfu_tsumo" => req.fu_for_pinfu_tsumo = want_opt_bool(key, v)?,
        "double_yakuman_hands" | "pao_hands" => {
            let set = if v.is_none() {
                None
            } else {
                let names = want_tile_strings(key, v)?.join(",");
                Some(
                    names
                        .parse::<tenpai::rules::YakumanSet>()
                        .map_err(|e| invalid(format!("{key}: {e}")))?,
                )
            };
            if key == "pao_hands" {
                req.pao_hands = set;
            } else {
                req.double_yakuman_hands = set;
            }
        }
        "pao" | "discarder" => {
            let seat = if v.is_none() {
                None
            } else {
                let n = want_u32(key, v)?;
                Some(u8::try_from(n).map_err(|_| {
                    invalid(format!(
                        "{key} must be 1, 2 or 3 (a seat relative to the winner), not {n}"
                    ))
                })?)
            };
            if key == "pao" {
                req.pao = seat;
            } else {
                req.discarder = seat;
            }
        }
        "nukidora" => {
            let n = if v.is_none() { 0 } else { want_u32(key, v)? };
            req.nukidora = u8::try_from(n)
                .map_err(|_| invalid(format!("nukidora must be 0 to 4, not {n}")))?;
        }
        "sanma_tsumo" => {
            req.sanma_tsumo = match want_opt_str(key, v)? {
                None => None,
                Some(s) => Some(serde_json::from_value(Value::String(s.clone())).map_err(
                    |_| invalid(format!("sanma_tsumo must be loss or split, not {s:?}")),
                )?),
            }
        }
        _ => {
            return Err(PyTypeError::new_err(format!(
                "unknown score option {key:?} (known: {})",
                FIELDS.join(", ")
            )))
        }
    }
    Ok(())
}

/// The text of a hand argument: a `str`, or a `tenpai.Hand` (its canonical form).
fn hand_text(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = v.downcast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if let Ok(h) = v.downcast::<PyHand>() {
        return Ok(h.get().inner.to_string());
    }
    if let Ok(inner) = v.getattr("_native") {
        if let Ok(h) = inner.downcast::<PyHand>() {
            return Ok(h.get().inner.to_string());
        }
    }
    want_str("hand", v)
}

/// A request from a dict (the fields of `tenpai score -`) or a hand string.
fn request_from(v: &Bound<'_, PyAny>) -> PyResult<ScoreRequest> {
    let mut req = ScoreRequest::default();
    if let Ok(d) = v.downcast::<PyDict>() {
        let mut has_hand = false;
        for (k, x) in d.iter() {
            let key = field_name(&k)?;
            has_hand |= key == "hand";
            set_field(&mut req, key, &x)?;
        }
        if !has_hand {
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

/// The score of a winning hand: the `tenpai score --json` answer.
///
/// Attributes: hand, han, fu, yaku, yakuman, limit, points, payments, total_received,
/// fu_breakdown, decomposition, wait, win, dealer, tsumo, rules, pao. `to_dict()` is
/// the CLI's JSON answer.
///
/// The answer is built lazily: the figures (han, fu, limit, points, payments,
/// total_received, wait, dealer, tsumo, rules) come from the engine's compact
/// evaluation; the first access to anything else (yaku, fu_breakdown, to_dict(), ==,
/// ...) builds the full answer once (`ScoreResult::from_evaluation`, as the CLI does).
#[pyclass(module = "tenpai", name = "ScoreResult", frozen)]
struct PyScore {
    a: Scored,
}

/// A scored request: its evaluation with what is needed to build the answer (built
/// on first need, then kept), or the answer itself.
enum Scored {
    Lazy {
        req: Arc<Typed>,
        // Boxed: answers move several times on their way to Python (in batches,
        // copying 200 bytes each costs more than the allocation).
        e: Box<Evaluation>,
        full: OnceLock<Box<ScoreResult>>,
    },
    Full(Box<ScoreResult>),
    /// One of a batch's evaluations, left in its block (shared by the batch's answers:
    /// no allocation per answer, and the block is freed by the thread that made it).
    InBlock {
        block: Arc<Vec<Item>>,
        i: usize,
        full: OnceLock<Box<ScoreResult>>,
    },
}

/// A batch's answer as a worker leaves it: the evaluation with its request, or an
/// answer taken out of the block before it is shared.
enum Item {
    Eval(Arc<Typed>, Evaluation),
    Done(Answer),
    Taken,
}

impl Scored {
    /// The request and its evaluation, when the answer is lazy.
    fn lazy(&self) -> Option<(&Typed, &Evaluation)> {
        match self {
            Scored::Lazy { req, e, .. } => Some((req, e)),
            Scored::InBlock { block, i, .. } => match &block[*i] {
                Item::Eval(req, e) => Some((req, e)),
                _ => None,
            },
            Scored::Full(_) => None,
        }
    }

    /// The full answer (built once).
    fn full(&self) -> &ScoreResult {
        match self {
            Scored::Full(r) => r,
            Scored::Lazy { full, .. } | Scored::InBlock { full, .. } => full.get_or_init(|| {
                // Lazy answers always have their evaluation (`lazy` is Some).
                let (req, e) = self.lazy().expect("a lazy answer has its evaluation");
                Box::new(ScoreResult::from_evaluation(
                    &req.hand, req.win, &req.s, &req.rules, e,
                ))
            }),
        }
    }
}

impl PyScore {
    fn field<'py, T: serde::Serialize>(py: Python<'py>, v: &T) -> PyResult<Bound<'py, PyAny>> {
        let v = serde_json::to_value(v).map_err(|e| PyValueError::new_err(e.to_string()))?;
        to_py(py, &v)
    }

    fn r(&self) -> &ScoreResult {
        self.a.full()
    }

    /// The request and its evaluation, when the answer is lazy.
    fn lazy(&self) -> Option<(&Typed, &Evaluation)> {
        self.a.lazy()
    }
}

#[pymethods]
impl PyScore {
    /// The canonical hand.
    #[getter]
    fn hand(&self) -> String {
        self.r().hand.to_string()
    }
    /// Who pays what under liability (`{"liable": seat, "pays": [seat 1, 2, 3]}`,
    /// honba included), or None without `pao`.
    #[getter]
    fn pao<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.a {
            Scored::Lazy { .. } | Scored::InBlock { .. } => Ok(py.None().into_bound(py)),
            Scored::Full(r) => Self::field(py, &r.pao),
        }
    }
    /// Total han (0 for a yakuman).
    #[getter]
    fn han(&self) -> u32 {
        match self.lazy() {
            Some((_, e)) => e.han,
            None => self.r().han,
        }
    }
    /// Fu, rounded up to 10.
    #[getter]
    fn fu(&self) -> u32 {
        match self.lazy() {
            Some((_, e)) => e.fu.total,
            None => self.r().fu,
        }
    }
    /// `[{"name", "han"}]` in Tenhou order.
    #[getter]
    fn yaku<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, &self.r().yaku)
    }
    /// `[{"name", "multiplier"}]`.
    #[getter]
    fn yakuman<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, &self.r().yakuman)
    }
    /// `none`, `mangan`, `haneman`, `baiman`, `sanbaiman`, `yakuman`, `kazoe_yakuman`.
    #[getter]
    fn limit(&self) -> &'static str {
        match self.lazy() {
            Some((_, e)) => e.limit.name(),
            None => self.r().limit.as_str(),
        }
    }
    /// The hand's value, all payments added up (no honba or sticks).
    #[getter]
    fn points(&self) -> u32 {
        match self.lazy() {
            Some((_, e)) => e.pay.total,
            None => self.r().points,
        }
    }
    /// `{"ron": N}`, `{"dealer": N, "non_dealer": N}` or `{"non_dealer": N}`.
    #[getter]
    fn payments<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.lazy() {
            Some((_, e)) => Self::field(py, &e.pay.payments()),
            None => Self::field(py, &self.r().payments),
        }
    }
    /// Points received with honba and riichi sticks.
    #[getter]
    fn total_received(&self) -> u32 {
        match self.lazy() {
            Some((t, e)) => e.total_received(&t.s, &t.rules),
            None => self.r().total_received,
        }
    }
    /// `[{"reason", "fu"}]` before rounding.
    #[getter]
    fn fu_breakdown<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, &self.r().fu_breakdown)
    }
    /// The groups of the reading scored.
    #[getter]
    fn decomposition<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, &self.r().decomposition)
    }
    /// The wait of the reading scored.
    #[getter]
    fn wait(&self) -> &'static str {
        match self.lazy() {
            Some((_, e)) => e.wait.name(),
            None => self.r().wait.as_str(),
        }
    }
    /// The winning tile.
    #[getter]
    fn win(&self) -> String {
        self.r().win.to_string()
    }
    /// Whether the winner is the dealer.
    #[getter]
    fn dealer(&self) -> bool {
        match self.lazy() {
            Some((t, _)) => t.s.is_dealer(),
            None => self.r().dealer,
        }
    }
    /// Whether the win is a tsumo.
    #[getter]
    fn tsumo(&self) -> bool {
        match self.lazy() {
            Some((t, _)) => t.s.tsumo,
            None => self.r().tsumo,
        }
    }
    /// The rule preset's name.
    #[getter]
    fn rules(&self) -> String {
        match self.lazy() {
            Some((t, _)) => t.rules.name.to_string(),
            None => self.r().rules.to_string(),
        }
    }
    /// The answer as `tenpai score --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, self.r())
    }
    /// The answer as one JSON line, byte for byte the CLI's.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(self.r()).map_err(|e| PyValueError::new_err(e.to_string()))
    }
    fn __repr__(&self) -> String {
        let r = self.r();
        format!(
            "ScoreResult(hand={:?}, han={}, fu={}, limit={:?}, points={})",
            r.hand.to_string(),
            r.han,
            r.fu,
            r.limit.to_string(),
            r.points
        )
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyScore>()
            .map(|o| *o.get().r() == *self.r())
            .unwrap_or(false)
    }
}

/// A request in typed form, read straight from Python values (no request text).
struct Typed {
    hand: tenpai::Hand,
    win: Tile,
    s: Situation,
    rules: Rules,
}

/// A request ready to score: typed (the fast path), or the request itself, which
/// the library reads as `tenpai score -` does (every unusual value and every error).
/// Cheap to clone (prepared requests share theirs).
#[derive(Clone)]
enum Work {
    Typed(Arc<Typed>),
    Request(Arc<ScoreRequest>),
}

/// A scored request of a batch.
type Answer = Result<Scored, Error>;

/// The evaluation of a typed request (its answer is built when needed).
fn evaluate_typed(t: &Arc<Typed>) -> Answer {
    evaluate(&t.hand, t.win, &t.s, &t.rules).map(|e| Scored::Lazy {
        req: Arc::clone(t),
        e: Box::new(e),
        full: OnceLock::new(),
    })
}

/// A request read as `tenpai score -` reads it: typed, or kept whole when it names a
/// liable seat or a discarder (`score_request` then answers with `pao`).
fn typed_request(req: ScoreRequest) -> Result<Work, Error> {
    let (hand, win, s, rules) = req.check()?;
    if req.pao.is_some() || req.discarder.is_some() {
        return Ok(Work::Request(Arc::new(req)));
    }
    Ok(Work::Typed(Arc::new(Typed {
        hand,
        win,
        s,
        rules,
    })))
}

/// `score_request`'s answer or error: for a request without `pao` or `discarder`,
/// `score_request` is `parse_request` then `score`, so the evaluation is kept instead.
fn answer_request(req: &ScoreRequest) -> Answer {
    if req.pao.is_some() || req.discarder.is_some() {
        return score_request(req).map(|r| Scored::Full(Box::new(r)));
    }
    let (hand, win, s, rules) = parse_request(req)?;
    evaluate_typed(&Arc::new(Typed {
        hand,
        win,
        s,
        rules,
    }))
}

impl Work {
    /// The evaluation as a batch keeps it (or, with `pao`, the answer).
    fn item(&self) -> Item {
        match self {
            Work::Typed(t) => match evaluate(&t.hand, t.win, &t.s, &t.rules) {
                Ok(e) => Item::Eval(Arc::clone(t), e),
                Err(e) => Item::Done(Err(e)),
            },
            Work::Request(r) => Item::Done(answer_request(r)),
        }
    }

    /// The evaluation (or, with `pao`, the answer).
    fn score(&self) -> Answer {
        match self {
            Work::Typed(t) => evaluate_typed(t),
            Work::Request(r) => answer_request(r),
        }
    }
}

/// The rules of a request that names none: `request_rules` of the default request.
fn default_rules() -> Option<&'static Rules> {
    static RULES: OnceLock<Option<Rules>> = OnceLock::new();
    RULES
        .get_or_init(|| request_rules(&ScoreRequest::default()))
        .as_ref()
}

/// `f` on the text of a `str` (None for anything else). `PyBackedStr` reads it with
/// one Python-side copy at most (none on CPython >= 3.10 builds), no Rust `String`.
fn with_str<R>(v: &Bound<'_, PyAny>, f: impl FnOnce(&str) -> Option<R>) -> Option<R> {
    if v.downcast::<PyString>().is_err() {
        return None;
    }
    let s: pyo3::pybacked::PyBackedStr = v.extract().ok()?;
    f(&s)
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

/// The fast path: a request read from Python values straight into typed form, as
/// `parse_request` would read the same request. `hand` is the hand argument of
/// `score()` (None: the `"hand"` entry of `fields`). `None` when anything is unusual
/// (a type, a value that does not read, a None in a request dict): the request path
/// then gives the same answer or the exact error.
fn fast_typed<'py>(
    hand: Option<&Bound<'py, PyAny>>,
    fields: impl Iterator<Item = Option<(&'static str, Bound<'py, PyAny>)>>,
) -> Option<Typed> {
    let keywords = hand.is_some();
    let mut hand_obj = hand.cloned();
    let mut s = Situation::default();
    let mut win = None;
    let mut rule_fields = Vec::new();
    {
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
                "hand" if !keywords => hand_obj = Some(v),
                "win" => {
                    win = Some(
                        token(&v)
                            .and_then(|t| t.tile)
                            .or_else(|| with_str(&v, |t| parse_tile(t).ok()))?,
                    )
                }
                "tsumo" => s.tsumo = b()?,
                "riichi" => s.riichi = b()?,
                "double_riichi" => s.double_riichi = b()?,
                "ippatsu" => s.ippatsu = b()?,
                "haitei" => s.haitei = b()?,
                "houtei" => s.houtei = b()?,
                "rinshan" => s.rinshan = b()?,
                "chankan" => s.chankan = b()?,
                "tenhou" => s.tenhou = b()?,
                "chiihou" => s.chiihou = b()?,
                "renhou" => s.renhou = b()?,
                "round_wind" => s.round_wind = read_wind(&v)?,
                "seat_wind" => s.seat_wind = read_wind(&v)?,
                "dora" => fast_tiles(&v, &mut s.dora)?,
                "ura" => fast_tiles(&v, &mut s.ura)?,
                "honba" => s.honba = n()?,
                "riichi_sticks" => s.riichi_sticks = n()?,
                // The liable seat and the discarder are no rules: the request path.
                // The red-five count (checked against `red_fives` and the hand there)
                // too.
                "hand" | "pao" | "discarder" | "nukidora" | "sanma_tsumo" | "red_fives_count" => {
                    return None
                }
                _ => rule_fields.push((key, v)),
            }
        }
    }
    s.riichi |= s.double_riichi;
    let rules = if rule_fields.is_empty() {
        default_rules()?.clone()
    } else {
        let mut req = ScoreRequest::default();
        for (key, v) in &rule_fields {
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
    let hand_obj = hand_obj?;
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

/// Scores a winning hand (all 14+ tiles, calls included).
///
/// Keyword options are the fields of a `tenpai score -` request: win (tile; default the
/// last concealed tile written), tsumo, riichi, double_riichi, ippatsu, haitei, houtei,
/// rinshan, chankan, tenhou, chiihou, renhou (bool), round_wind, seat_wind ("E", "S",
/// "W", "N"), dora, ura (indicators: a str such as "3m7z" or a list of str), honba,
/// riichi_sticks (int), rules ("tenhou" or "majsoul"), red_fives_count (0, 3 or 4), and
/// the switches red_fives,
/// open_tanyao, double_yakuman, yakuman_stack, kiriage (bool), kazoe ("yakuman",
/// "sanbaiman", "none"), double_wind_fu (2 or 4), renhou_rule ("off", "mangan",
/// "yakuman"); with a three-player preset ("tenhou-sanma", "majsoul-sanma") also
/// nukidora (int) and sanma_tsumo ("loss", "split"). None (or leaving one out) keeps
/// the default / the preset's value.
///
/// Returns a ScoreResult; raises NoYakuError, ParseError or InvalidRequestError (all
/// TenpaiError, a ValueError), or TypeError for an argument of the wrong type.
///
/// `hand` may also be a prepared ScoreRequest (read and checked once, reusable), with
/// no options: `score(req)` is `req.score()`.
///
/// Reads the common call (the hand, then known keywords of plain types) straight from
/// the argument dict; anything else goes through the checked signature, which gives
/// the same answer or the exact error.
#[pyfunction]
#[pyo3(signature = (*args, **kwargs),
    text_signature = "(hand, /, *, win=None, tsumo=False, riichi=False, double_riichi=False, ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, round_wind=None, seat_wind=None, dora=None, ura=None, honba=None, riichi_sticks=None, rules=None, red_fives=None, red_fives_count=None, open_tanyao=None, double_yakuman=None, yakuman_stack=None, kazoe=None, kiriage=None, double_wind_fu=None, renhou_rule=None, fu_for_open_pinfu=None, fu_for_pinfu_tsumo=None, double_yakuman_hands=None, pao_hands=None, pao=None, discarder=None, nukidora=None, sanma_tsumo=None)")]
fn score<'py>(
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    // No `py` argument: with `*args, **kwargs` alone PyO3 hands over the tuple and the
    // dict as they are, with no per-keyword work.
    let py = args.py();
    if args.len() == 1 && kwargs.is_none() {
        // A prepared request: scored in place (no clone of its Arc).
        if let Ok(req) = args.get_item(0)?.downcast::<PyRequest>() {
            return scored(py, req.get().work.score());
        }
    }
    scored(py, prepare(args, kwargs)?.score())
}

/// A ScoreResult for an answer, or the error raised.
fn scored(py: Python<'_>, a: Answer) -> PyResult<Bound<'_, PyAny>> {
    match a {
        Ok(a) => Ok(Bound::new(py, PyScore { a })?.into_any()),
        Err(e) => Err(err(py, &e)),
    }
}

/// The request of `score(*args, **kwargs)`, read and checked: a prepared
/// ScoreRequest as it is (no options allowed with it); the common call (the hand,
/// then known keywords of plain types) read straight from the argument dict; anything
/// else through the checked signature, which gives the same request or the exact
/// error.
fn prepare(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Work> {
    let py = args.py();
    if args.len() == 1 {
        let hand = args.get_item(0)?;
        if let Ok(req) = hand.downcast::<PyRequest>() {
            if kwargs.is_some_and(|k| !k.is_empty()) {
                return Err(PyTypeError::new_err(
                    "a ScoreRequest takes no options: it holds them (make a new one with the options)",
                ));
            }
            return Ok(req.get().work.clone());
        }
        let fields = kwargs.into_iter().flat_map(|d| d.iter()).map(|(k, v)| {
            if !k.is_exact_instance_of::<PyString>() {
                return None;
            }
            known_field(&k).ok()?.map(|f| (f, v))
        });
        if let Some(t) = fast_typed(Some(&hand), fields) {
            return Ok(Work::Typed(Arc::new(t)));
        }
    }
    static CHECKED: pyo3::sync::GILOnceCell<Py<PyAny>> = pyo3::sync::GILOnceCell::new();
    let checked = CHECKED.get_or_try_init(py, || {
        wrap_pyfunction!(score_checked, py).map(|f| f.into_any().unbind())
    })?;
    let req = checked.bind(py).call(args, kwargs)?;
    let req = req.downcast::<PyRequest>()?;
    Ok(req.get().work.clone())
}

/// `score`'s request with its full signature: every argument checked by name and
/// type, the request read (`parse_request`), its errors raised as `score` raises them.
#[pyfunction]
#[pyo3(name = "score", signature = (hand, /, *, win=None, tsumo=None, riichi=None, double_riichi=None,
    ippatsu=None, haitei=None, houtei=None, rinshan=None, chankan=None, tenhou=None,
    chiihou=None, renhou=None, round_wind=None, seat_wind=None, dora=None, ura=None,
    honba=None, riichi_sticks=None, rules=None, red_fives=None, red_fives_count=None, open_tanyao=None,
    double_yakuman=None, yakuman_stack=None, kazoe=None, kiriage=None, double_wind_fu=None,
    renhou_rule=None, fu_for_open_pinfu=None, fu_for_pinfu_tsumo=None,
    double_yakuman_hands=None, pao_hands=None, pao=None, discarder=None, nukidora=None,
    sanma_tsumo=None),
    text_signature = "(hand, /, *, win=None, tsumo=False, riichi=False, double_riichi=False, ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, round_wind=None, seat_wind=None, dora=None, ura=None, honba=None, riichi_sticks=None, rules=None, red_fives=None, red_fives_count=None, open_tanyao=None, double_yakuman=None, yakuman_stack=None, kazoe=None, kiriage=None, double_wind_fu=None, renhou_rule=None, fu_for_open_pinfu=None, fu_for_pinfu_tsumo=None, double_yakuman_hands=None, pao_hands=None, pao=None, discarder=None, nukidora=None, sanma_tsumo=None)")]
#[allow(clippy::too_many_arguments)]
fn score_checked<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    win: Option<Bound<'py, PyAny>>,
    tsumo: Option<Bound<'py, PyAny>>,
    riichi: Option<Bound<'py, PyAny>>,
    double_riichi: Option<Bound<'py, PyAny>>,
    ippatsu: Option<Bound<'py, PyAny>>,
    haitei: Option<Bound<'py, PyAny>>,
    houtei: Option<Bound<'py, PyAny>>,
    rinshan: Option<Bound<'py, PyAny>>,
    chankan: Option<Bound<'py, PyAny>>,
    tenhou: Option<Bound<'py, PyAny>>,
    chiihou: Option<Bound<'py, PyAny>>,
    renhou: Option<Bound<'py, PyAny>>,
    round_wind: Option<Bound<'py, PyAny>>,
    seat_wind: Option<Bound<'py, PyAny>>,
    dora: Option<Bound<'py, PyAny>>,
    ura: Option<Bound<'py, PyAny>>,
    honba: Option<Bound<'py, PyAny>>,
    riichi_sticks: Option<Bound<'py, PyAny>>,
    rules: Option<Bound<'py, PyAny>>,
    red_fives: Option<Bound<'py, PyAny>>,
    red_fives_count: Option<Bound<'py, PyAny>>,
    open_tanyao: Option<Bound<'py, PyAny>>,
    double_yakuman: Option<Bound<'py, PyAny>>,
    yakuman_stack: Option<Bound<'py, PyAny>>,
    kazoe: Option<Bound<'py, PyAny>>,
    kiriage: Option<Bound<'py, PyAny>>,
    double_wind_fu: Option<Bound<'py, PyAny>>,
    renhou_rule: Option<Bound<'py, PyAny>>,
    fu_for_open_pinfu: Option<Bound<'py, PyAny>>,
    fu_for_pinfu_tsumo: Option<Bound<'py, PyAny>>,
    double_yakuman_hands: Option<Bound<'py, PyAny>>,
    pao_hands: Option<Bound<'py, PyAny>>,
    pao: Option<Bound<'py, PyAny>>,
    discarder: Option<Bound<'py, PyAny>>,
    nukidora: Option<Bound<'py, PyAny>>,
    sanma_tsumo: Option<Bound<'py, PyAny>>,
) -> PyResult<PyRequest> {
    let given = [
        ("win", win),
        ("tsumo", tsumo),
        ("riichi", riichi),
        ("double_riichi", double_riichi),
        ("ippatsu", ippatsu),
        ("haitei", haitei),
        ("houtei", houtei),
        ("rinshan", rinshan),
        ("chankan", chankan),
        ("tenhou", tenhou),
        ("chiihou", chiihou),
        ("renhou", renhou),
        ("round_wind", round_wind),
        ("seat_wind", seat_wind),
        ("dora", dora),
        ("ura", ura),
        ("honba", honba),
        ("riichi_sticks", riichi_sticks),
        ("rules", rules),
        ("red_fives", red_fives),
        ("red_fives_count", red_fives_count),
        ("open_tanyao", open_tanyao),
        ("double_yakuman", double_yakuman),
        ("yakuman_stack", yakuman_stack),
        ("kazoe", kazoe),
        ("kiriage", kiriage),
        ("double_wind_fu", double_wind_fu),
        ("renhou_rule", renhou_rule),
        ("fu_for_open_pinfu", fu_for_open_pinfu),
        ("fu_for_pinfu_tsumo", fu_for_pinfu_tsumo),
        ("double_yakuman_hands", double_yakuman_hands),
        ("pao_hands", pao_hands),
        ("pao", pao),
        ("discarder", discarder),
        ("nukidora", nukidora),
        ("sanma_tsumo", sanma_tsumo),
    ];
    let fields = given
        .iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| Some((*k, v.clone()))));
    let work = match fast_typed(Some(hand), fields) {
        Some(t) => Work::Typed(Arc::new(t)),
        None => {
            let mut req = ScoreRequest {
                hand: hand_text(hand)?,
                ..ScoreRequest::default()
            };
            for (key, v) in &given {
                if let Some(v) = v.as_ref().filter(|v| !v.is_none()) {
                    set_field(&mut req, key, v)?;
                }
            }
            typed_request(req).map_err(|e| err(py, &e))?
        }
    };
    Ok(PyRequest { work })
}

/// A scoring request read and checked once, ready to score many times.
///
/// `ScoreRequest(hand, **options)` takes exactly the arguments of `tenpai.score` and
/// raises at construction the errors `score` raises while reading them (ParseError
/// for a hand or tile that cannot be read, InvalidRequestError for a value that is not
/// valid, TypeError for a wrong type or an unknown option, with the same messages).
/// The errors of the hand itself (not complete, the winning tile not in it, a
/// contradictory situation, no yaku) are raised when it is scored, as `score` raises
/// them.
///
/// `req.score()`, `tenpai.score(req)` and `tenpai.score_many([req, ...])` then score
/// it with no reading at all: this is the counterpart of the inputs the `mahjong`
/// package's `HandCalculator` takes (136-tile ids, `HandConfig`, `Meld`s, built
/// beforehand). Immutable, hashable, comparable (`==`: the same request) and
/// picklable. `to_dict()` gives the request's fields as `tenpai score -` reads them
/// (every rule switch written out).
///
///     >>> req = tenpai.ScoreRequest("123m456p789s11222z", tsumo=True, seat_wind="S")
///     >>> req.score().points, tenpai.score(req) == req.score()
///     (2700, True)
///     >>> [r.points for r in tenpai.score_many([req, {"hand": "123m456p789s11777z"}])]
///     [2700, 2000]
#[pyclass(module = "tenpai", name = "ScoreRequest", frozen)]
struct PyRequest {
    work: Work,
}

impl PyRequest {
    /// The request, as `tenpai score -` reads it to the same typed form.
    fn request(&self) -> ScoreRequest {
        match &self.work {
            Work::Typed(t) => {
                ScoreRequest::from_situation(t.hand.to_string(), t.win, &t.s, &t.rules)
            }
            Work::Request(r) => (**r).clone(),
        }
    }

    fn json(&self) -> PyResult<Value> {
        serde_json::to_value(self.request()).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

#[pymethods]
impl PyRequest {
    #[new]
    #[pyo3(signature = (*args, **kwargs),
        text_signature = "(hand, /, *, win=None, tsumo=False, riichi=False, double_riichi=False, ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, round_wind=None, seat_wind=None, dora=None, ura=None, honba=None, riichi_sticks=None, rules=None, red_fives=None, red_fives_count=None, open_tanyao=None, double_yakuman=None, yakuman_stack=None, kazoe=None, kiriage=None, double_wind_fu=None, renhou_rule=None, fu_for_open_pinfu=None, fu_for_pinfu_tsumo=None, double_yakuman_hands=None, pao_hands=None, pao=None, discarder=None, nukidora=None, sanma_tsumo=None)")]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        prepare(args, kwargs).map(|work| PyRequest { work })
    }
    /// Scores the request: a ScoreResult, or the error `tenpai.score` raises for it.
    fn score<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        scored(py, self.work.score())
    }
    /// The hand, canonical.
    #[getter]
    fn hand(&self) -> String {
        match &self.work {
            Work::Typed(t) => t.hand.to_string(),
            Work::Request(r) => parse_request(r)
                .map(|(h, ..)| h.to_string())
                .unwrap_or_else(|_| r.hand.clone()),
        }
    }
    /// The winning tile.
    #[getter]
    fn win(&self) -> String {
        match &self.work {
            Work::Typed(t) => t.win.to_string(),
            Work::Request(r) => parse_request(r)
                .map(|(_, w, ..)| w.to_string())
                .unwrap_or_default(),
        }
    }
    /// The request's fields as `tenpai score -` reads them (`hand` included; every
    /// rule switch written out): `ScoreRequest(**d)` with `hand` passed first, or a
    /// line of `tenpai score -`, is the same request.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.json()?)
    }
    /// The request as one JSON line for `tenpai score -`.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.request()).map_err(|e| PyValueError::new_err(e.to_string()))
    }
    /// `ScoreRequest('hand', win=..., ...)`: the hand, the winning tile, the rules'
    /// name and the fields that differ from a plain win under those rules.
    fn __repr__(&self) -> PyResult<String> {
        let req = self.request();
        let plain = match &self.work {
            Work::Typed(t) => {
                let rules = Rules::preset(&t.rules.name).unwrap_or_else(|| t.rules.clone());
                ScoreRequest::from_situation(
                    t.hand.to_string(),
                    t.win,
                    &Situation::default(),
                    &rules,
                )
            }
            Work::Request(_) => ScoreRequest::default(),
        };
        let to_json = |r: &ScoreRequest| serde_json::to_value(r).unwrap_or(Value::Null);
        let (Value::Object(now), Value::Object(base)) = (to_json(&req), to_json(&plain)) else {
            return Ok("ScoreRequest(?)".into());
        };
        let py_text = |v: &Value| match v {
            Value::Bool(true) => "True".to_string(),
            Value::Bool(false) => "False".to_string(),
            Value::Null => "None".to_string(),
            Value::String(s) => format!("{s:?}"),
            other => other.to_string(),
        };
        let mut out = format!("ScoreRequest({:?}", self.hand());
        for (k, v) in &now {
            let always = (k == "win" || k == "rules") && !v.is_null();
            if k != "hand" && (always || base.get(k) != Some(v)) {
                out.push_str(&format!(", {k}={}", py_text(v)));
            }
        }
        out.push(')');
        Ok(out)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyRequest>()
            .map(|o| o.get().request() == self.request())
            .unwrap_or(false)
    }
    fn __hash__(&self) -> PyResult<isize> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.to_json()?.hash(&mut h);
        Ok(h.finish() as isize)
    }
    /// Pickles as `ScoreRequest(hand, **fields)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let d = slf.get().to_dict(py)?;
        let d = d.downcast::<PyDict>()?;
        let hand = d.get_item("hand")?;
        d.del_item("hand")?;
        let newobj = py.import("copyreg")?.getattr("__newobj_ex__")?;
        let args = (slf.get_type(), (hand,), d.clone()).into_pyobject(py)?;
        (newobj, args).into_pyobject(py)
    }
}

/// The chunks of a `score_many` batch: read ones waiting to be scored, scored ones,
/// and how many are not finished yet.
#[derive(Default)]
struct Pipe {
    queue: Mutex<std::collections::VecDeque<(usize, Vec<Work>)>>,
    scored: Mutex<Vec<(usize, Vec<Answer>)>>,
    pending: Mutex<usize>,
    finished: Condvar,
}

impl Pipe {
    fn push(&self, index: usize, chunk: Vec<Work>) {
        if let Ok(mut p) = self.pending.lock() {
            *p += 1;
        }
        if let Ok(mut q) = self.queue.lock() {
            q.push_back((index, chunk));
        }
    }

    /// Scores waiting chunks until none is left.
    fn drain(&self) {
        loop {
            let Some((index, chunk)) = self.queue.lock().ok().and_then(|mut q| q.pop_front())
            else {
                return;
            };
            let r: Vec<_> = chunk.iter().map(Work::score).collect();
            if let Ok(mut s) = self.scored.lock() {
                s.push((index, r));
            }
            if let Ok(mut p) = self.pending.lock() {
                *p -= 1;
                if *p == 0 {
                    self.finished.notify_all();
                }
            }
        }
    }

    /// Scores what is left, waits for the chunks being scored, and gives every answer
    /// in order, chunk by chunk.
    fn finish(&self) -> Vec<Vec<Answer>> {
        self.drain();
        if let Ok(mut p) = self.pending.lock() {
            while *p > 0 {
                p = match self.finished.wait(p) {
                    Ok(p) => p,
                    Err(_) => break,
                };
            }
        }
        let mut scored = self
            .scored
            .lock()
            .map(|mut s| std::mem::take(&mut *s))
            .unwrap_or_default();
        scored.sort_unstable_by_key(|(i, _)| *i);
        scored.into_iter().map(|(_, r)| r).collect()
    }
}

/// Scores many requests on every core, without the GIL.
///
/// `requests`: an iterable of prepared ScoreRequest objects (taken as they are: the
/// fastest input), dicts (the fields of `tenpai score -`, `hand` required) or hand
/// strings, mixed freely; or `bytes` holding JSON Lines as `tenpai score -` reads them (one
/// request object, or one hand, a line; blank lines skipped), read and scored on every
/// core without the GIL. Returns a list of ScoreResult in order. With `errors="raise"` (the
/// default) the first failing request raises its error (the message names its index);
/// with `errors="return"` its place in the list holds the exception instead.
#[pyfunction]
#[pyo3(signature = (requests, /, *, errors = "raise"))]
fn score_many<'py>(
    py: Python<'py>,
    requests: &Bound<'py, PyAny>,
    errors: &str,
) -> PyResult<Bound<'py, PyList>> {
    let ret = match errors {
        "raise" => false,
        "return" => true,
        _ => {
            return Err(PyValueError::new_err(format!(
                "errors must be \"raise\" or \"return\", not {errors:?}"
            )))
        }
    };
    if let Ok(b) = requests.downcast::<pyo3::types::PyBytes>() {
        let data = b.as_bytes().to_vec();
        let results = py.allow_threads(move || score_lines(data));
        return answers(py, results, ret);
    }
    if requests.downcast::<PyString>().is_ok() || requests.downcast::<PyDict>().is_ok() {
        return Err(PyTypeError::new_err(
            "score_many takes a list of requests; use score() for one",
        ));
    }
    // Prepared requests are taken as they are (a downcast and an Arc clone each); a
    // batch of them alone is scored by `race_map`, which never waits for a worker.
    let mut items = requests.try_iter()?;
    let mut prepared = Vec::new();
    let mut other = None;
    for x in items.by_ref() {
        let x = x?;
        match x.downcast::<PyRequest>() {
            Ok(r) => prepared.push(r.get().work.clone()),
            Err(_) => {
                other = Some(x);
                break;
            }
        }
    }
    let Some(other) = other else {
        let results = py.allow_threads(move || race_map(prepared, Work::item));
        return block_answers(py, results, ret);
    };
    // Otherwise the requests are read under the GIL (one thread) while rayon's workers
    // score the chunks already read; the caller scores what is left once reading is
    // over.
    let pipe = Arc::new(Pipe::default());
    let mut chunk = Vec::with_capacity(CHUNK);
    let mut chunks = 0;
    let first = prepared.len();
    for c in prepared.chunks(CHUNK) {
        pipe.push(chunks, c.to_vec());
        chunks += 1;
        let p = Arc::clone(&pipe);
        rayon::spawn(move || p.drain());
    }
    for (i, x) in std::iter::once(Ok(other)).chain(items).enumerate() {
        let i = first + i;
        let x = x?;
        if let Ok(r) = x.downcast::<PyRequest>() {
            chunk.push(r.get().work.clone());
        } else {
            let fast = match x.downcast::<PyDict>() {
                Ok(d) => fast_typed(
                    None,
                    d.iter().map(|(k, v)| field_name(&k).ok().map(|f| (f, v))),
                ),
                Err(_) if x.downcast::<PyString>().is_ok() => {
                    fast_typed(Some(&x), std::iter::empty())
                }
                Err(_) => None,
            };
            chunk.push(match fast {
                Some(t) => Work::Typed(Arc::new(t)),
                None => Work::Request(Arc::new(request_from(&x).map_err(|e| annotate(py, e, i))?)),
            });
        }
        if chunk.len() == CHUNK {
            pipe.push(
                chunks,
                std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK)),
            );
            chunks += 1;
            let p = Arc::clone(&pipe);
            rayon::spawn(move || p.drain());
        }
    }
    if !chunk.is_empty() {
        pipe.push(chunks, chunk);
    }
    let results = py.allow_threads(|| pipe.finish());
    answers(py, results, ret)
}

/// The list `score_many` returns: each answer as a ScoreResult; an error raised (the
/// first, naming its index), or in its place with `ret`.
fn answers<'py>(
    py: Python<'py>,
    results: Vec<Vec<Answer>>,
    ret: bool,
) -> PyResult<Bound<'py, PyList>> {
    let mut out = Vec::with_capacity(results.iter().map(Vec::len).sum());
    for (i, r) in results.into_iter().flatten().enumerate() {
        match r {
            Ok(a) => out.push(Bound::new(py, PyScore { a })?.into_any()),
            Err(e) if ret => out.push(err(py, &e).into_value(py).into_bound(py).into_any()),
            Err(e) => return Err(annotate(py, err(py, &e), i)),
        }
    }
    PyList::new(py, out)
}

/// The answers of a batch scored in blocks of [`Item`]s: the evaluations stay in
/// their block, which the answers share.
fn block_answers<'py>(
    py: Python<'py>,
    results: Vec<Vec<Item>>,
    ret: bool,
) -> PyResult<Bound<'py, PyList>> {
    let mut out = Vec::with_capacity(results.iter().map(Vec::len).sum());
    for mut block in results {
        // Answers and errors that are no evaluation leave the block first.
        let mut taken = Vec::new();
        for (i, item) in block.iter_mut().enumerate() {
            if matches!(item, Item::Done(_)) {
                if let Item::Done(a) = std::mem::replace(item, Item::Taken) {
                    taken.push((i, a));
                }
            }
        }
        let mut taken = taken.into_iter().peekable();
        let block = Arc::new(block);
        for i in 0..block.len() {
            let a = match taken.next_if(|(j, _)| *j == i) {
                Some((_, a)) => a,
                None => Ok(Scored::InBlock {
                    block: Arc::clone(&block),
                    i,
                    full: OnceLock::new(),
                }),
            };
            let index = out.len();
            match a {
                Ok(a) => out.push(Bound::new(py, PyScore { a })?.into_any()),
                Err(e) if ret => out.push(err(py, &e).into_value(py).into_bound(py).into_any()),
                Err(e) => return Err(annotate(py, err(py, &e), index)),
            }
        }
    }
    PyList::new(py, out)
}

/// One line of a JSON Lines batch: a request object, or a hand.
fn score_line(line: &str) -> Answer {
    let req = if line.trim_start().starts_with('{') {
        // `from_json` reads a plain request in one pass (its own fast path), anything
        // else with its exact error.
        ScoreRequest::from_json(line)?
    } else {
        ScoreRequest {
            hand: line.trim().to_string(),
            ..ScoreRequest::default()
        }
    };
    answer_request(&req)
}

/// Every non-blank line of a JSON Lines batch scored, in parallel.
fn score_lines(data: Vec<u8>) -> Vec<Vec<Answer>> {
    let mut ranges = Vec::new();
    let mut start = 0;
    for (i, &b) in data.iter().enumerate() {
        if b == b'\n' {
            ranges.push((start, i));
            start = i + 1;
        }
    }
    ranges.push((start, data.len()));
    let data = Arc::new(data);
    let kept: Vec<(usize, usize)> = ranges
        .into_iter()
        .filter(|&(a, b)| !data[a..b].iter().all(u8::is_ascii_whitespace))
        .collect();
    race_map(kept, move |&(a, b)| {
        match std::str::from_utf8(&data[a..b]) {
            Ok(line) => score_line(line.trim_end_matches('\r')),
            Err(e) => Err(Error::Invalid(format!(
                "a line that is not valid UTF-8 (byte {} of the line)",
                e.valid_up_to() + 1
            ))),
        }
    })
}

/// The same error, its message prefixed with the index of the failing item (the
/// attributes are kept).
fn annotate(py: Python<'_>, e: PyErr, i: usize) -> PyErr {
    let v = e.value(py);
    let msg = v
        .getattr("message")
        .and_then(|m| m.extract::<String>())
        .unwrap_or_else(|_| v.to_string());
    let _ = v.setattr("index", i);
    if let Ok(args) = PyTuple::new(py, [format!("item {i}: {msg}")]) {
        let _ = v.setattr("args", args);
    }
    e
}

/// The shanten of many hands on every core, without the GIL.
///
/// `hands`: an iterable of hand strings. Returns a list of int (the overall shanten:
/// -1 complete, 0 tenpai, ...). A hand that cannot be read raises ParseError naming
/// its index.
#[pyfunction]
#[pyo3(signature = (hands, /))]
fn shanten_many<'py>(py: Python<'py>, hands: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    if hands.downcast::<PyString>().is_ok() {
        return Err(PyTypeError::new_err(
            "shanten_many takes a list of hand strings, not one str",
        ));
    }
    let mut texts = Vec::new();
    for (i, x) in hands.try_iter()?.enumerate() {
        let x = x?;
        texts.push(want_str(&format!("hands[{i}]"), &x)?);
    }
    let results: Vec<Result<i8, Error>> = py.allow_threads(move || {
        par_map(texts, |t: &String| {
            t.parse::<tenpai::Hand>().map(|h| shanten(&h).value())
        })
    });
    let mut out = Vec::with_capacity(results.len());
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Ok(v) => out.push(v),
            Err(e) => return Err(annotate(py, err(py, &e), i)),
        }
    }
    PyList::new(py, out)
}

/// A hand (the native part of `tenpai.Hand`).
#[pyclass(module = "tenpai._tenpai", name = "NativeHand", frozen)]
struct PyHand {
    inner: tenpai::Hand,
}

fn shanten_json(hand: &tenpai::Hand) -> Value {
    let s = shanten(hand);
    json!({"hand": hand.to_string(), "shanten": s.value(), "regular": s.regular,
           "chiitoitsu": s.chiitoitsu, "kokushi": s.kokushi})
}

fn discards_json(hand: &tenpai::Hand, visible: &[Tile]) -> Result<Value, Error> {
    let ranked = discards(hand, visible)?;
    let list: Vec<Value> = ranked
        .iter()
        .map(|d| {
            let mut v = json!({"discard": plain(d.discard), "shanten": d.shanten,
                "ukeire_tiles": plains(&d.ukeire_tiles), "ukeire_count": d.ukeire_count,
                "ukeire_left": d.ukeire_left});
            if d.shanten == 0 {
                if let Some(o) = v.as_object_mut() {
                    o.insert("waits".into(), json!(plains(&d.waits)));
                }
            }
            v
        })
        .collect();
    Ok(json!({"hand": hand.to_string(), "shanten": shanten(hand).value(), "discards": list}))
}

#[pymethods]
impl PyHand {
    #[new]
    fn new(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text = want_str("a hand", text)?;
        text.parse()
            .map(|inner| PyHand { inner })
            .map_err(|e| err(py, &e))
    }
    /// The canonical form.
    fn __str__(&self) -> String {
        self.inner.to_string()
    }
    /// The concealed tiles, plainly written except red fives (`0m`).
    fn concealed(&self) -> Vec<String> {
        self.inner
            .concealed()
            .iter()
            .map(|t| t.to_string())
            .collect()
    }
    /// The calls as written (`(123m)`, `[5555z]`).
    fn calls(&self) -> Vec<String> {
        self.inner.calls().iter().map(|c| c.to_string()).collect()
    }
    /// No calls other than closed kans.
    fn is_closed(&self) -> bool {
        self.inner.is_closed()
    }
    /// `tenpai shanten --json`.
    fn shanten<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &shanten_json(&self.inner))
    }
    /// `tenpai waits --json`.
    fn waits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if self.inner.is_drawn() {
            return Err(invalid(format!(
                "waits need a hand waiting for a tile (3k+1 concealed tiles), not {} concealed tiles; ukeire() ranks the discards of a hand that has drawn",
                self.inner.concealed().len()
            )));
        }
        let u = ukeire(&self.inner, &[]).map_err(|e| err(py, &e))?;
        let s = u.shanten.value();
        let waits = if s == 0 { plains(&u.tiles) } else { Vec::new() };
        to_py(
            py,
            &json!({"hand": self.inner.to_string(), "shanten": s, "tenpai": s == 0, "waits": waits}),
        )
    }
    /// `tenpai ukeire --json [--visible]`: the ukeire (3k+1) or the ranked discards (3k+2).
    #[pyo3(signature = (visible = None))]
    fn ukeire<'py>(
        &self,
        py: Python<'py>,
        visible: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let vis = want_tiles("visible", visible)?;
        let v = if self.inner.is_drawn() {
            discards_json(&self.inner, &vis).map_err(|e| err(py, &e))?
        } else {
            let u = ukeire(&self.inner, &vis).map_err(|e| err(py, &e))?;
            json!({"hand": self.inner.to_string(), "shanten": u.shanten.value(),
                   "ukeire": {"tiles": plains(&u.tiles), "count": u.count, "left": u.left}})
        };
        to_py(py, &v)
    }
    /// The ranked discards of a 3k+2 hand (`tenpai ukeire --json` on it).
    #[pyo3(signature = (visible = None))]
    fn discards<'py>(
        &self,
        py: Python<'py>,
        visible: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if !self.inner.is_drawn() {
            return Err(invalid(format!(
                "discards need a hand that has drawn (3k+2 concealed tiles), not {} concealed tiles; ukeire() answers a hand waiting for a tile",
                self.inner.concealed().len()
            )));
        }
        let vis = want_tiles("visible", visible)?;
        let v = discards_json(&self.inner, &vis).map_err(|e| err(py, &e))?;
        to_py(py, &v)
    }
    /// `tenpai decompose --json`.
    fn decompose<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let readings = decompose(&self.inner);
        let v = json!({
            "hand": self.inner.to_string(),
            "complete": !readings.is_empty(),
            "decompositions": readings.iter()
                .map(|d| json!({"kind": d.kind_name(), "groups": d.groups()}))
                .collect::<Vec<_>>(),
        });
        to_py(py, &v)
    }
}

/// Discard advice (`tenpai advise --json`): for each discard of a 14-tile hand (or the
/// value of a 13-tile hand), the chance of tenpai and of winning within `draws` draws
/// and the expected points, with `changes` spare exchanges (a hand g may be kept when
/// new(g) + shanten(g) <= shanten(hand) + changes; see the README).
///
/// Options: draws (int, 17), changes (int, 1), riichi ("auto" or "never"), visible
/// and dora (tiles: a str such as "1m5p" or a list of str), round_wind, seat_wind
/// ("E", "S", "W", "N"), rules ("tenhou", "majsoul"), sort ("ev", "win", "tenpai",
/// "ukeire"). Returns the answer as a dict; raises TenpaiError subclasses.
#[pyfunction]
#[pyo3(signature = (hand, /, *, draws=17, changes=1, riichi="auto", visible=None, dora=None,
    round_wind="E", seat_wind="E", rules="tenhou", sort="ev"))]
#[allow(clippy::too_many_arguments)]
fn advise<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    draws: u32,
    changes: u32,
    riichi: &str,
    visible: Option<&Bound<'py, PyAny>>,
    dora: Option<&Bound<'py, PyAny>>,
    round_wind: &str,
    seat_wind: &str,
    rules: &str,
    sort: &str,
) -> PyResult<Bound<'py, PyAny>> {
    use tenpai::advise::{AdviseOptions, RiichiPolicy, SortKey};
    let h: tenpai::Hand = hand_text(hand)?.parse().map_err(|e| err(py, &e))?;
    let riichi = match riichi {
        "auto" => RiichiPolicy::Auto,
        "never" => RiichiPolicy::Never,
        other => {
            return Err(invalid(format!(
                "riichi must be auto or never, not {other:?}"
            )))
        }
    };
    let sort = match sort {
        "ev" => SortKey::Ev,
        "win" => SortKey::Win,
        "tenpai" => SortKey::Tenpai,
        "ukeire" => SortKey::Ukeire,
        other => {
            return Err(invalid(format!(
                "sort must be ev, win, tenpai or ukeire, not {other:?}"
            )))
        }
    };
    let opts = AdviseOptions {
        draws,
        changes,
        riichi,
        visible: want_tiles("visible", visible)?,
        dora: want_tiles("dora", dora)?,
        round_wind: wind("round_wind", round_wind)?,
        seat_wind: wind("seat_wind", seat_wind)?,
        rules: tenpai::rules::Rules::preset(rules)
            .ok_or_else(|| invalid(format!("unknown rules preset {rules:?} (tenhou, majsoul)")))?,
        sort,
        max_states: tenpai::advise::MAX_STATES,
    };
    let a = py
        .allow_threads(|| tenpai::advise::advise(&h, &opts))
        .map_err(|e| err(py, &e))?;
    let v = serde_json::to_value(&a).map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_py(py, &v)
}

/// A wind: `E`, `S`, `W`, `N` (or `1z`..`4z`).
fn wind(what: &str, text: &str) -> PyResult<tenpai::Wind> {
    let t = text.trim();
    let w = match t {
        "1z" => Some(tenpai::Wind::East),
        "2z" => Some(tenpai::Wind::South),
        "3z" => Some(tenpai::Wind::West),
        "4z" => Some(tenpai::Wind::North),
        _ if t.chars().count() == 1 => t.chars().next().and_then(tenpai::Wind::from_letter),
        _ => None,
    };
    w.ok_or_else(|| invalid(format!("{what} must be E, S, W or N, not {text:?}")))
}

// ---- Game logs --------------------------------------------------------------------

/// The files under `paths` (files and directories) in `tenpai replay`'s order, each
/// with whether it must be a log (else a file met in a directory walk whose content is
/// not a log is skipped), and the paths that could not be read.
#[pyfunction]
fn collect_files(paths: Vec<PathBuf>) -> (Vec<(String, bool)>, Vec<String>) {
    let (files, errors) = json_lines::collect_files(&paths);
    (
        files
            .iter()
            .map(|(p, named)| (p.display().to_string(), *named))
            .collect(),
        errors,
    )
}

/// One win as read from a log, with the scoring request rebuilt from it.
fn win_json(game: &Game, win: &Win) -> Value {
    json!({
        "round": win.round_label(), "honba": win.honba, "dealer": win.dealer,
        "winner": win.winner, "from": win.from, "tsumo": win.tsumo,
        "hand": win.hand_text(), "win": plain(win.win_tile),
        "seat_wind": win.seat_wind.letter().to_string(),
        "round_wind": win.round_wind.letter().to_string(),
        "dora": plains(&win.dora), "ura": plains(&win.ura),
        "riichi_sticks": win.paid_sticks,
        "request": serde_json::to_value(win.request(&game.rules)).unwrap_or(Value::Null),
        "recorded": json_lines::recorded_json(win),
    })
}

fn game_json(file: &str, game: Game) -> Value {
    let mut v = json!({
        "file": file,
        "format": match game.format { logs::LogFormat::Mjlog => "mjlog", _ => "tenhou6" },
        "players": game.rules.players, "red_fives": game.rules.red_fives,
        "open_tanyao": game.rules.open_tanyao, "rounds": game.rounds,
        "wins": game.wins.iter().map(|w| win_json(&game, w)).collect::<Vec<_>>(),
    });
    // The score track: the `"round"` and `"game"` lines of `tenpai replay --json`.
    let track: Vec<Value> = json_lines::FileReplay::of_game(file.to_string(), game)
        .lines()
        .into_iter()
        .filter(|l| l["type"] != "win")
        .collect();
    if let Some(o) = v.as_object_mut() {
        o.insert("track".into(), Value::Array(track));
    }
    v
}

/// A game log read: `{"file", "format", "players", "red_fives", "open_tanyao",
/// "rounds", "wins": [...], "track": [the score track's round and game lines]}`
/// (read and scored without the GIL).
#[pyfunction]
fn read_log<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyAny>> {
    let shown = path.display().to_string();
    let v = py
        .allow_threads(|| logs::read_file(&path).map(|game| game_json(&shown, game)))
        .map_err(|e| err(py, &e))?;
    to_py(py, &v)
}

/// Replays files (as `collect_files` gives them: path, must be a log) on every core
/// without the GIL: per file `{"file", "error"}` when it cannot be read, `{"file",
/// "skipped": true}` for a file met in a walk that is not a log, else `{"file",
/// "rounds", "lines": [the replay --json lines: win, round and game]}`.
#[pyfunction]
fn replay_files<'py>(py: Python<'py>, files: Vec<(String, bool)>) -> PyResult<Bound<'py, PyList>> {
    let out: Vec<Value> = py.allow_threads(|| {
        files
            .par_iter()
            .map(|(f, named)| {
                let rep = json_lines::replay_file(Path::new(f), *named);
                match &rep.game {
                    Err(e) => json!({"file": rep.path, "error": e}),
                    Ok(None) => json!({"file": rep.path, "skipped": true}),
                    Ok(Some(g)) => {
                        json!({"file": rep.path, "rounds": g.rounds, "lines": rep.lines()})
                    }
                }
            })
            .collect()
    });
    let items = out
        .iter()
        .map(|v| to_py(py, v))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// The native module.
#[pymodule]
fn _tenpai(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TenpaiError", py.get_type::<TenpaiError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("InvalidRequestError", py.get_type::<InvalidRequestError>())?;
    m.add("NoYakuError", py.get_type::<NoYakuError>())?;
    m.add("LogError", py.get_type::<LogError>())?;
    m.add_class::<PyScore>()?;
    m.add_class::<PyRequest>()?;
    m.add_class::<PyHand>()?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_many, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_many, m)?)?;
    m.add_function(wrap_pyfunction!(advise, m)?)?;
    m.add_function(wrap_pyfunction!(collect_files, m)?)?;
    m.add_function(wrap_pyfunction!(read_log, m)?)?;
    m.add_function(wrap_pyfunction!(replay_files, m)?)?;
    m.add("FIELDS", FIELDS.to_vec())?;
    Ok(())
}
