//! `score` and `ScoreRequest` (a request read and checked once): requests made ready
//! to score ([`Work`]) and scored.

use crate::convert::to_py;
use crate::errors::err;
use crate::hand::hand_text;
use crate::request::{fast_typed, known_field, set_field, Typed};
use crate::result::{Answer, Item, PyScore, Scored};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use serde_json::Value;
use std::sync::{Arc, OnceLock};
use tenpai::rules::Rules;
use tenpai::score::{evaluate, parse_request, score_request, ScoreRequest, Situation};
use tenpai::Error;

/// A request ready to score: typed (the fast path), or the request itself, which
/// the library reads as `tenpai score -` does (every unusual value and every error).
/// Cheap to clone (prepared requests share theirs).
#[derive(Clone)]
pub(crate) enum Work {
    Typed(Arc<Typed>),
    Request(Arc<ScoreRequest>),
}

/// The evaluation of a typed request (its answer is built when needed).
fn evaluate_typed(t: &Arc<Typed>) -> Answer {
    evaluate(&t.hand, t.win, &t.s, &t.rules).map(|e| Scored::Lazy {
        req: Arc::clone(t),
        e: Box::new(e),
        full: OnceLock::new(),
    })
}

/// A request read as `tenpai score -` reads it: typed, or kept whole when it names a
/// liable seat or a discarder (`score_request` then answers with `pao`) or is nagashi
/// mangan (no hand).
fn typed_request(req: ScoreRequest) -> Result<Work, Error> {
    if req.nagashi_mangan {
        // No hand: the request itself, checked by scoring it once.
        score_request(&req)?;
        return Ok(Work::Request(Arc::new(req)));
    }
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

/// `score_request`'s answer or error: for a request without `pao`, `discarder` or
/// nagashi mangan, `score_request` is `parse_request` then `score`, so the evaluation
/// is kept instead.
pub(crate) fn answer_request(req: &ScoreRequest) -> Answer {
    if req.pao.is_some() || req.discarder.is_some() || req.nagashi_mangan {
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
    pub(crate) fn item(&self) -> Item {
        match self {
            Work::Typed(t) => match evaluate(&t.hand, t.win, &t.s, &t.rules) {
                Ok(e) => Item::Eval(Arc::clone(t), e),
                Err(e) => Item::Done(Err(e)),
            },
            Work::Request(r) => Item::Done(answer_request(r)),
        }
    }

    /// The evaluation (or, with `pao`, the answer).
    pub(crate) fn score(&self) -> Answer {
        match self {
            Work::Typed(t) => evaluate_typed(t),
            Work::Request(r) => answer_request(r),
        }
    }
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
/// nukidora (int) and sanma_tsumo ("loss", "split"); the local rules open_riichi,
/// nagashi_mangan (bool; nagashi mangan takes an empty hand), paarenchan (int, the
/// dealer's wins in a row: 8 or more), and the switches sashikomi_yakuman,
/// paarenchan_needs_yaku, daisharin, daisharin_other_suits, daichisei,
/// limit_to_sextuple_yakuman, aotenjou (bool; the exact aotenjou points are the
/// answer's `aotenjou`). None (or leaving one out) keeps the default / the preset's
/// value.
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
    text_signature = "(hand, /, *, win=None, tsumo=False, riichi=False, double_riichi=False, ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, round_wind=None, seat_wind=None, dora=None, ura=None, honba=None, riichi_sticks=None, rules=None, red_fives=None, red_fives_count=None, open_tanyao=None, double_yakuman=None, yakuman_stack=None, kazoe=None, kiriage=None, double_wind_fu=None, renhou_rule=None, fu_for_open_pinfu=None, fu_for_pinfu_tsumo=None, double_yakuman_hands=None, pao_hands=None, pao=None, discarder=None, nukidora=None, sanma_tsumo=None, open_riichi=False, nagashi_mangan=False, paarenchan=None, sashikomi_yakuman=None, paarenchan_needs_yaku=None, daisharin=None, daisharin_other_suits=None, daichisei=None, limit_to_sextuple_yakuman=None, aotenjou=None)")]
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
    // A keyword that is not a field: the CLI's and the API's hint (`seat` ->
    // `seat_wind`), as a TypeError like Python's own.
    if let Some(kw) = kwargs {
        for k in kw.keys() {
            if let Ok(name) = k.extract::<String>() {
                if let Some(hint) = tenpai::score::ScoreRequest::closest_field(&name) {
                    return Err(PyTypeError::new_err(format!(
                        "score() got an unexpected keyword argument '{name}' (did you mean '{hint}'?)"
                    )));
                }
            }
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

/// `score_checked`: `score`'s request with its full signature (every keyword of the
/// table of request fields, [`tenpai::score_request_fields!`]), the hand first.
macro_rules! score_checked {
    (
        $(#[doc = $hand_doc:literal])*
        hand: $hand_ty:ty, hand, serde($($hand_serde:tt)*), rule($($hand_rule:tt)*),
        cli($($hand_cli:tt)*), values($hand_values:literal);
        $(
            $(#[doc = $doc:literal])*
            $name:ident: $ty:ty, $kind:ident,
            serde($($serde:tt)*),
            rule($($rule:tt)*),
            cli($($cli:tt)*),
            values($values:literal);
        )*
    ) => {
        /// `score`'s request with its full signature: every argument checked by name
        /// and type, the request read (`parse_request`), its errors raised as `score`
        /// raises them.
        #[pyfunction]
        #[pyo3(name = "score", signature = (hand, /, *, $($name = None),*))]
        #[allow(clippy::too_many_arguments)]
        fn score_checked<'py>(
            py: Python<'py>,
            hand: &Bound<'py, PyAny>,
            $($name: Option<Bound<'py, PyAny>>,)*
        ) -> PyResult<PyRequest> {
            let given = [$((stringify!($name), $name),)*];
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
    };
}

tenpai::score_request_fields!(score_checked);

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
pub(crate) struct PyRequest {
    pub(crate) work: Work,
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
        text_signature = "(hand, /, *, win=None, tsumo=False, riichi=False, double_riichi=False, ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, round_wind=None, seat_wind=None, dora=None, ura=None, honba=None, riichi_sticks=None, rules=None, red_fives=None, red_fives_count=None, open_tanyao=None, double_yakuman=None, yakuman_stack=None, kazoe=None, kiriage=None, double_wind_fu=None, renhou_rule=None, fu_for_open_pinfu=None, fu_for_pinfu_tsumo=None, double_yakuman_hands=None, pao_hands=None, pao=None, discarder=None, nukidora=None, sanma_tsumo=None, open_riichi=False, nagashi_mangan=False, paarenchan=None, sashikomi_yakuman=None, paarenchan_needs_yaku=None, daisharin=None, daisharin_other_suits=None, daichisei=None, limit_to_sextuple_yakuman=None, aotenjou=None)")]
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

/// Adds `ScoreRequest` and `score` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRequest>()?;
    m.add_function(wrap_pyfunction!(score, m)?)
}
