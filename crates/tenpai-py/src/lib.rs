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
use std::sync::{Arc, Condvar, Mutex};
use tenpai::decompose::decompose;
use tenpai::logs::{self, yaku, Game, Win};
use tenpai::score::{score_request, ScoreRequest, ScoreResult};
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
    if items.len() <= CHUNK {
        return items.iter().map(&f).collect();
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
    let mut out = Vec::with_capacity(batch.items.len());
    for r in &batch.results {
        if let Ok(mut v) = r.lock() {
            out.append(&mut v);
        }
    }
    out
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

fn want_bool(key: &str, v: &Bound<'_, PyAny>) -> PyResult<bool> {
    match v.downcast::<PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{key} must be a bool, not {}",
            type_name(v)
        ))),
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
const FIELDS: [&str; 28] = [
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
    "open_tanyao",
    "double_yakuman",
    "yakuman_stack",
    "kazoe",
    "kiriage",
    "double_wind_fu",
    "renhou_rule",
];

/// The request field a dict key names: matched by the key's (cached) hash against the
/// field names' first, so that no string is copied.
fn field_name(k: &Bound<'_, PyAny>) -> PyResult<&'static str> {
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
    if k.downcast::<PyString>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "request keys must be str, not {}",
            type_name(k)
        )));
    }
    let h = k.hash()?;
    for (fh, s, f) in names {
        if *fh == h && (k.is(s.bind(py)) || k.eq(s.bind(py))?) {
            return Ok(f);
        }
    }
    Err(PyTypeError::new_err(format!(
        "unknown score request field {:?} (known: {})",
        want_str("key", k)?,
        FIELDS.join(", ")
    )))
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
                            "kazoe must be yakuman, sanbaiman or none, not {s:?}"
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
                            "renhou_rule must be off, mangan or yakuman, not {s:?}"
                        ))
                    },
                )?),
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
/// fu_breakdown, decomposition, wait, win, dealer, tsumo, rules. `to_dict()` is the
/// CLI's JSON answer.
#[pyclass(module = "tenpai", name = "ScoreResult", frozen)]
struct PyScore {
    r: Box<ScoreResult>,
}

impl PyScore {
    fn field<'py, T: serde::Serialize>(py: Python<'py>, v: &T) -> PyResult<Bound<'py, PyAny>> {
        let v = serde_json::to_value(v).map_err(|e| PyValueError::new_err(e.to_string()))?;
        to_py(py, &v)
    }
}

#[pymethods]
impl PyScore {
    /// The canonical hand.
    #[getter]
    fn hand(&self) -> String {
        self.r.hand.to_string()
    }
    /// Total han (0 for a yakuman).
    #[getter]
    fn han(&self) -> u32 {
        self.r.han
    }
    /// Fu, rounded up to 10.
    #[getter]
    fn fu(&self) -> u32 {
        self.r.fu
    }
    /// `[{"name", "han"}]` in Tenhou order.
    #[getter]
    fn yaku<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, &self.r.yaku)
    }
    /// `[{"name", "multiplier"}]`.
    #[getter]
    fn yakuman<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, &self.r.yakuman)
    }
    /// `none`, `mangan`, `haneman`, `baiman`, `sanbaiman`, `yakuman`, `kazoe_yakuman`.
    #[getter]
    fn limit(&self) -> String {
        self.r.limit.to_string()
    }
    /// The hand's value, all payments added up (no honba or sticks).
    #[getter]
    fn points(&self) -> u32 {
        self.r.points
    }
    /// `{"ron": N}`, `{"dealer": N, "non_dealer": N}` or `{"non_dealer": N}`.
    #[getter]
    fn payments<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, &self.r.payments)
    }
    /// Points received with honba and riichi sticks.
    #[getter]
    fn total_received(&self) -> u32 {
        self.r.total_received
    }
    /// `[{"reason", "fu"}]` before rounding.
    #[getter]
    fn fu_breakdown<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, &self.r.fu_breakdown)
    }
    /// The groups of the reading scored.
    #[getter]
    fn decomposition<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, &self.r.decomposition)
    }
    /// The wait of the reading scored.
    #[getter]
    fn wait(&self) -> String {
        self.r.wait.to_string()
    }
    /// The winning tile.
    #[getter]
    fn win(&self) -> String {
        self.r.win.to_string()
    }
    /// Whether the winner is the dealer.
    #[getter]
    fn dealer(&self) -> bool {
        self.r.dealer
    }
    /// Whether the win is a tsumo.
    #[getter]
    fn tsumo(&self) -> bool {
        self.r.tsumo
    }
    /// The rule preset's name.
    #[getter]
    fn rules(&self) -> String {
        self.r.rules.to_string()
    }
    /// The answer as `tenpai score --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, &*self.r)
    }
    /// The answer as one JSON line, byte for byte the CLI's.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&*self.r).map_err(|e| PyValueError::new_err(e.to_string()))
    }
    fn __repr__(&self) -> String {
        format!(
            "ScoreResult(hand={:?}, han={}, fu={}, limit={:?}, points={})",
            self.r.hand.to_string(),
            self.r.han,
            self.r.fu,
            self.r.limit.to_string(),
            self.r.points
        )
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyScore>()
            .map(|o| *o.get().r == *self.r)
            .unwrap_or(false)
    }
}

/// Scores a winning hand (all 14+ tiles, calls included).
///
/// Keyword options are the fields of a `tenpai score -` request: win (tile; default the
/// last concealed tile written), tsumo, riichi, double_riichi, ippatsu, haitei, houtei,
/// rinshan, chankan, tenhou, chiihou, renhou (bool), round_wind, seat_wind ("E", "S",
/// "W", "N"), dora, ura (indicators: a str such as "3m7z" or a list of str), honba,
/// riichi_sticks (int), rules ("tenhou" or "majsoul"), and the switches red_fives,
/// open_tanyao, double_yakuman, yakuman_stack, kiriage (bool), kazoe ("yakuman",
/// "sanbaiman", "none"), double_wind_fu (2 or 4), renhou_rule ("off", "mangan",
/// "yakuman"); None (or leaving one out) keeps the default / the preset's value.
///
/// Returns a ScoreResult; raises NoYakuError, ParseError or InvalidRequestError (all
/// TenpaiError, a ValueError), or TypeError for an argument of the wrong type.
#[pyfunction]
#[pyo3(signature = (hand, /, *, win=None, tsumo=false, riichi=false, double_riichi=false,
    ippatsu=false, haitei=false, houtei=false, rinshan=false, chankan=false, tenhou=false,
    chiihou=false, renhou=false, round_wind=None, seat_wind=None, dora=None, ura=None,
    honba=None, riichi_sticks=None, rules=None, red_fives=None, open_tanyao=None,
    double_yakuman=None, yakuman_stack=None, kazoe=None, kiriage=None, double_wind_fu=None,
    renhou_rule=None))]
#[allow(clippy::too_many_arguments)]
fn score(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    win: Option<&Bound<'_, PyAny>>,
    tsumo: bool,
    riichi: bool,
    double_riichi: bool,
    ippatsu: bool,
    haitei: bool,
    houtei: bool,
    rinshan: bool,
    chankan: bool,
    tenhou: bool,
    chiihou: bool,
    renhou: bool,
    round_wind: Option<&Bound<'_, PyAny>>,
    seat_wind: Option<&Bound<'_, PyAny>>,
    dora: Option<&Bound<'_, PyAny>>,
    ura: Option<&Bound<'_, PyAny>>,
    honba: Option<&Bound<'_, PyAny>>,
    riichi_sticks: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    red_fives: Option<bool>,
    open_tanyao: Option<bool>,
    double_yakuman: Option<bool>,
    yakuman_stack: Option<bool>,
    kazoe: Option<&Bound<'_, PyAny>>,
    kiriage: Option<bool>,
    double_wind_fu: Option<&Bound<'_, PyAny>>,
    renhou_rule: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyScore> {
    let mut req = ScoreRequest {
        hand: hand_text(hand)?,
        tsumo,
        riichi,
        double_riichi,
        ippatsu,
        haitei,
        houtei,
        rinshan,
        chankan,
        tenhou,
        chiihou,
        renhou,
        red_fives,
        open_tanyao,
        double_yakuman,
        yakuman_stack,
        kiriage,
        ..ScoreRequest::default()
    };
    for (key, v) in [
        ("win", win),
        ("round_wind", round_wind),
        ("seat_wind", seat_wind),
        ("dora", dora),
        ("ura", ura),
        ("honba", honba),
        ("riichi_sticks", riichi_sticks),
        ("rules", rules),
        ("kazoe", kazoe),
        ("double_wind_fu", double_wind_fu),
        ("renhou_rule", renhou_rule),
    ] {
        if let Some(v) = v {
            if !v.is_none() {
                set_field(&mut req, key, v)?;
            }
        }
    }
    match score_request(&req) {
        Ok(r) => Ok(PyScore { r: Box::new(r) }),
        Err(e) => Err(err(py, &e)),
    }
}

/// Scores many requests on every core, without the GIL.
///
/// `requests`: an iterable of dicts (the fields of `tenpai score -`, `hand` required)
/// or hand strings. Returns a list of ScoreResult in order. With `errors="raise"` (the
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
    if requests.downcast::<PyString>().is_ok() || requests.downcast::<PyDict>().is_ok() {
        return Err(PyTypeError::new_err(
            "score_many takes a list of requests; use score() for one",
        ));
    }
    let mut reqs = Vec::new();
    for (i, x) in requests.try_iter()?.enumerate() {
        let x = x?;
        reqs.push(request_from(&x).map_err(|e| annotate(py, e, i))?);
    }
    let results: Vec<Result<ScoreResult, Error>> =
        py.allow_threads(move || par_map(reqs, score_request));
    let mut out = Vec::with_capacity(results.len());
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Ok(r) => out.push(Bound::new(py, PyScore { r: Box::new(r) })?.into_any()),
            Err(e) if ret => out.push(err(py, &e).into_value(py).into_bound(py).into_any()),
            Err(e) => return Err(annotate(py, err(py, &e), i)),
        }
    }
    PyList::new(py, out)
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
/// and the expected points, allowing `changes` changes of plan.
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

fn is_log_name(p: &Path) -> bool {
    let name = p
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    [".mjlog", ".xml", ".gz", ".json"]
        .iter()
        .any(|e| name.ends_with(e))
}

/// Every file to read, in order, as `tenpai replay` finds them: files as given,
/// directories walked (sorted, log names only).
fn collect(path: &Path, out: &mut Vec<PathBuf>, errors: &mut Vec<String>, top: bool) {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => match std::fs::read_dir(path) {
            Ok(rd) => {
                let mut entries: Vec<PathBuf> =
                    rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
                entries.sort();
                for e in entries {
                    collect(&e, out, errors, false);
                }
            }
            Err(e) => errors.push(format!("{}: cannot list: {e}", path.display())),
        },
        Ok(_) => {
            if top || is_log_name(path) {
                out.push(path.to_path_buf());
            }
        }
        Err(e) => errors.push(format!("{}: {e}", path.display())),
    }
}

/// The log files under `paths` (files and directories) in `tenpai replay`'s order,
/// and the paths that could not be read.
#[pyfunction]
fn collect_files(paths: Vec<PathBuf>) -> (Vec<String>, Vec<String>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for p in &paths {
        collect(p, &mut files, &mut errors, true);
    }
    (
        files.iter().map(|p| p.display().to_string()).collect(),
        errors,
    )
}

fn recorded_json(win: &Win) -> Value {
    let r = &win.recorded;
    let yaku: Vec<Value> = r
        .yaku
        .iter()
        .filter_map(|&(id, han)| {
            yaku::by_id(u32::from(id)).map(|y| json!({"id": id, "name": y.name, "han": han}))
        })
        .collect();
    let yakuman: Vec<Value> = r
        .yakuman
        .iter()
        .filter_map(|&id| yaku::by_id(u32::from(id)).map(|y| json!({"id": id, "name": y.name})))
        .collect();
    let limit = [
        "none",
        "mangan",
        "haneman",
        "baiman",
        "sanbaiman",
        "yakuman",
    ]
    .get(usize::from(r.limit))
    .copied()
    .unwrap_or("unknown");
    json!({"yaku": yaku, "yakuman": yakuman, "han": r.han(), "fu": r.fu,
           "points": r.points, "limit": limit})
}

/// One `tenpai replay --json` line for a win.
fn replay_json(file: &str, game: &Game, win: &Win) -> Value {
    // 3-player games are scored under tenhou-sanma, as `tenpai replay` does.
    let (computed, agree, extra) = match logs::verify(win, &game.rules) {
        Err(e) => (
            json!({"hand": win.hand_text(), "error": e.to_string()}),
            false,
            Some(("disagree", json!(["error"]))),
        ),
        Ok((r, d)) => (
            serde_json::to_value(&r).unwrap_or(Value::Null),
            d.is_empty(),
            (!d.is_empty()).then(|| {
                (
                    "disagree",
                    json!(d.iter().map(|k| k.name()).collect::<Vec<_>>()),
                )
            }),
        ),
    };
    let mut v = json!({
        "type": "win",
        "file": file, "round": win.round_label(), "honba": win.honba,
        "winner": win.winner, "from": win.from, "tsumo": win.tsumo,
        "hand": win.hand_text(), "computed": computed,
        "recorded": recorded_json(win), "agree": agree,
    });
    if let (Some((k, x)), Some(obj)) = (extra, v.as_object_mut()) {
        obj.insert(k.to_string(), x);
    }
    v
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
        "recorded": recorded_json(win),
    })
}

fn game_json(file: &str, game: &Game) -> Value {
    json!({
        "file": file,
        "format": match game.format { logs::LogFormat::Mjlog => "mjlog", _ => "tenhou6" },
        "players": game.rules.players, "red_fives": game.rules.red_fives,
        "open_tanyao": game.rules.open_tanyao, "rounds": game.rounds,
        "wins": game.wins.iter().map(|w| win_json(game, w)).collect::<Vec<_>>(),
    })
}

fn read(py: Python<'_>, path: &str) -> PyResult<Game> {
    let p = PathBuf::from(path);
    py.allow_threads(|| logs::read_file(&p))
        .map_err(|e| err(py, &e))
}

/// A game log read: `{"file", "format", "players", "red_fives", "open_tanyao",
/// "rounds", "wins": [...]}`.
#[pyfunction]
fn read_log<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyAny>> {
    let shown = path.display().to_string();
    let game = read(py, &shown)?;
    to_py(py, &game_json(&shown, &game))
}

/// Replays files (already collected) on every core without the GIL: per file
/// `{"file", "error"}` when it cannot be read, else `{"file", "rounds", "wins": [the
/// replay --json lines]}`.
#[pyfunction]
fn replay_files<'py>(py: Python<'py>, files: Vec<String>) -> PyResult<Bound<'py, PyList>> {
    let out: Vec<Value> = py.allow_threads(|| {
        files
            .par_iter()
            .map(|f| match logs::read_file(Path::new(f)) {
                Err(e) => json!({"file": f, "error": e.to_string()}),
                Ok(g) => json!({
                    "file": f, "rounds": g.rounds,
                    "wins": g.wins.iter().map(|w| replay_json(f, &g, w)).collect::<Vec<_>>(),
                }),
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
