//! `NativeHand` (the native part of `tenpai.Hand`: shanten, waits, ukeire, discards,
//! decompositions), the hand argument of the other functions, and `shanten_many`.

use crate::convert::{plain, plains, to_py, want_str, want_tiles};
use crate::errors::{annotate, err, invalid};
use crate::pool::par_map;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use serde_json::{json, Value};
use tenpai::decompose::decompose;
use tenpai::shanten::shanten;
use tenpai::ukeire::{discards, ukeire};
use tenpai::{Error, Tile};

/// A hand (the native part of `tenpai.Hand`).
#[pyclass(module = "tenpai._tenpai", name = "NativeHand", frozen)]
struct PyHand {
    inner: tenpai::Hand,
}

/// The text of a hand argument: a `str`, or a `tenpai.Hand` (its canonical form).
pub(crate) fn hand_text(v: &Bound<'_, PyAny>) -> PyResult<String> {
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

/// The shanten of a closed hand given as 34 counts (`mahjong`'s `tiles_34`), straight
/// from the counts: `(regular, chiitoitsu, kokushi)`, the last two None below 13
/// tiles or with `three_player` (then 2m-8m are out of the game, and only the regular
/// form is answered). Counts that are not a hand raise `ParseError`.
#[pyfunction]
#[pyo3(signature = (counts, three_player=false))]
fn shanten_counts(
    py: Python<'_>,
    counts: Vec<u8>,
    three_player: bool,
) -> PyResult<(i8, Option<i8>, Option<i8>)> {
    let arr: [u8; 34] = counts
        .as_slice()
        .try_into()
        .map_err(|_| PyTypeError::new_err(format!("34 counts, not {}", counts.len())))?;
    let mut h = tenpai::shanten::HandCounts::closed(arr).map_err(|e| err(py, &e))?;
    if three_player {
        h = h.sanma().map_err(|e| err(py, &e))?;
        return Ok((h.shanten().regular, None, None));
    }
    let s = h.shanten();
    Ok((s.regular, s.chiitoitsu, s.kokushi))
}

/// Adds `NativeHand`, `shanten_many` and `shanten_counts` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyHand>()?;
    m.add_function(wrap_pyfunction!(shanten_counts, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_many, m)?)
}
