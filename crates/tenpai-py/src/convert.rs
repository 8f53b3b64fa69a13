//! Conversions between Python values and Rust ones: JSON answers as Python objects,
//! tiles as text, and the checked readers of arguments (`str`, tiles, `bool`, `int`).

use crate::errors::{err, invalid};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};
use serde_json::Value;
use tenpai::{Error, Tile};

/// A JSON value as Python objects (dict, list, str, int, float, bool, None).
pub(crate) fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
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
pub(crate) fn plain(t: Tile) -> String {
    format!("{}{}", t.number(), t.suit().letter())
}

pub(crate) fn plains(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(|&t| plain(t)).collect()
}

/// The type name of a Python object, for messages.
pub(crate) fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// A `str` argument, or a clear `TypeError`.
pub(crate) fn want_str(what: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
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
pub(crate) fn want_tile_strings(what: &str, v: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
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

pub(crate) fn want_tiles(what: &str, v: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Tile>> {
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
pub(crate) fn want_bool(key: &str, v: &Bound<'_, PyAny>) -> PyResult<bool> {
    match v.downcast::<PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => v.extract::<bool>().map_err(|_| {
            PyTypeError::new_err(format!("{key} must be a bool, not {}", type_name(v)))
        }),
    }
}

pub(crate) fn want_opt_bool(key: &str, v: &Bound<'_, PyAny>) -> PyResult<Option<bool>> {
    if v.is_none() {
        Ok(None)
    } else {
        want_bool(key, v).map(Some)
    }
}

pub(crate) fn want_u32(key: &str, v: &Bound<'_, PyAny>) -> PyResult<u32> {
    if v.downcast::<PyBool>().is_ok() || v.downcast::<pyo3::types::PyInt>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "{key} must be an int, not {}",
            type_name(v)
        )));
    }
    v.extract::<u32>()
        .map_err(|_| invalid(format!("{key} must be between 0 and {}", u32::MAX)))
}

pub(crate) fn want_opt_str(key: &str, v: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if v.is_none() {
        Ok(None)
    } else {
        want_str(key, v).map(Some)
    }
}

/// `f` on the text of a `str` (None for anything else). `PyBackedStr` reads it with
/// one Python-side copy at most (none on CPython >= 3.10 builds), no Rust `String`.
pub(crate) fn with_str<R>(v: &Bound<'_, PyAny>, f: impl FnOnce(&str) -> Option<R>) -> Option<R> {
    if v.downcast::<PyString>().is_err() {
        return None;
    }
    let s: pyo3::pybacked::PyBackedStr = v.extract().ok()?;
    f(&s)
}
