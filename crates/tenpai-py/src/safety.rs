//! `safety`: the deal-in chance of each tile against riichi players (`tenpai safety
//! --json`).

use crate::convert::{to_py, want_str, want_tile_strings};
use crate::errors::{err, invalid};
use crate::hand::hand_text;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use tenpai::safety::{safety_request, OpponentRequest, SafetyRequest};

/// Tiles (a str or a list of str) joined into one mpsz text.
fn tiles_text(what: &str, v: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    match v {
        Some(v) => Ok(want_tile_strings(what, v)?.concat()),
        None => Ok(String::new()),
    }
}

/// The deal-in chance of each tile of `hand` against riichi players (`tenpai safety
/// --json`): one opponent by `river` (its discards, the riichi tile included),
/// `riichi_at`, `after` (tiles others discarded after the riichi), `calls` (its closed
/// kans, like "[1111z]"); several by `opponents`, a list of dicts with those keys;
/// `visible` (every other visible tile), `dora` (indicators); `seat` the riichi
/// player's seat wind ("E" the dealer; default "S"; per opponent a `seat` key),
/// `round` the round wind (default "E"), `rules` a preset (default "tenhou") for the
/// expected loss; `tenpai=True` marks the opponent open and tenpai, not in riichi
/// (`calls` its open melds like "(555z)(123m)"; a `tenpai` key per opponent): its wins
/// need a yaku. Returns the answer as a dict; raises TenpaiError subclasses.
#[pyfunction]
#[pyo3(signature = (hand, /, *, river=None, riichi_at=None, after=None, calls=None,
    opponents=None, visible=None, dora=None, seat=None, round=None, rules=None, tenpai=false),
    text_signature = "(hand, /, *, river=None, riichi_at=None, after=None, calls=None, opponents=None, visible=None, dora=None, seat=None, round=None, rules=None, tenpai=False)")]
#[allow(clippy::too_many_arguments)]
fn safety<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    river: Option<&Bound<'py, PyAny>>,
    riichi_at: Option<&Bound<'py, PyAny>>,
    after: Option<&Bound<'py, PyAny>>,
    calls: Option<&Bound<'py, PyAny>>,
    opponents: Option<&Bound<'py, PyAny>>,
    visible: Option<&Bound<'py, PyAny>>,
    dora: Option<&Bound<'py, PyAny>>,
    seat: Option<&Bound<'py, PyAny>>,
    round: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
    tenpai: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let text = |name: &str, v: Option<&Bound<'py, PyAny>>| -> PyResult<Option<String>> {
        match v {
            Some(v) if !v.is_none() => want_str(name, v).map(Some),
            _ => Ok(None),
        }
    };
    let index = |v: Option<&Bound<'py, PyAny>>| -> PyResult<Option<usize>> {
        match v {
            None => Ok(None),
            Some(v) if v.is_none() => Ok(None),
            Some(v) => {
                if v.downcast::<pyo3::types::PyBool>().is_ok() {
                    return Err(PyTypeError::new_err("riichi_at must be an int, not bool"));
                }
                let n: i64 = v
                    .extract()
                    .map_err(|_| PyTypeError::new_err("riichi_at must be an int".to_string()))?;
                usize::try_from(n)
                    .map(Some)
                    .map_err(|_| invalid(format!("riichi_at must be >= 0, not {n}")))
            }
        }
    };
    let calls_text = |v: Option<&Bound<'py, PyAny>>| match v {
        Some(v) if !v.is_none() => want_str("calls", v),
        _ => Ok(String::new()),
    };
    let mut req = SafetyRequest {
        hand: hand_text(hand)?,
        river: tiles_text("river", river)?,
        riichi_at: index(riichi_at)?,
        after: tiles_text("after", after)?,
        calls: calls_text(calls)?,
        seat: text("seat", seat)?,
        tenpai,
        opponents: Vec::new(),
        visible: tiles_text("visible", visible)?,
        dora: tiles_text("dora", dora)?,
        round: text("round", round)?,
        rules: text("rules", rules)?,
    };
    if let Some(list) = opponents.filter(|o| !o.is_none()) {
        let list = list
            .downcast::<pyo3::types::PyList>()
            .map_err(|_| PyTypeError::new_err("opponents must be a list of dicts"))?;
        for (i, o) in list.iter().enumerate() {
            let d = o
                .downcast::<pyo3::types::PyDict>()
                .map_err(|_| PyTypeError::new_err(format!("opponents[{i}] must be a dict")))?;
            for key in d.keys() {
                let k: String = key.extract().unwrap_or_default();
                if !["river", "riichi_at", "after", "calls", "seat", "tenpai"].contains(&k.as_str())
                {
                    return Err(invalid(format!(
                        "opponents[{i}]: unknown key {k:?} (river, riichi_at, after, calls, seat, tenpai)"
                    )));
                }
            }
            req.opponents.push(OpponentRequest {
                river: tiles_text("river", d.get_item("river")?.as_ref())?,
                riichi_at: index(d.get_item("riichi_at")?.as_ref())?,
                after: tiles_text("after", d.get_item("after")?.as_ref())?,
                calls: calls_text(d.get_item("calls")?.as_ref())?,
                seat: text("seat", d.get_item("seat")?.as_ref())?,
                tenpai: match d.get_item("tenpai")? {
                    Some(v) if !v.is_none() => v.extract::<bool>().map_err(|_| {
                        PyTypeError::new_err(format!("opponents[{i}].tenpai must be a bool"))
                    })?,
                    _ => false,
                },
            });
        }
    }
    let s = py
        .allow_threads(|| safety_request(&req))
        .map_err(|e| err(py, &e))?;
    let v = serde_json::to_value(&s).map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_py(py, &v)
}

/// Adds `safety` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(safety, m)?)
}
