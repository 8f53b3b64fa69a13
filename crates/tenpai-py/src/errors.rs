//! The exceptions of the module (`TenpaiError` and its subclasses) and the library's
//! errors raised as them.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use tenpai::Error;

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
pub(crate) fn err(py: Python<'_>, e: &Error) -> PyErr {
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

/// An error with a message of our own (the request is not valid): `.message`, and
/// `.position` None, as every TenpaiError has them.
pub(crate) fn invalid(msg: String) -> PyErr {
    let e = InvalidRequestError::new_err(msg.clone());
    Python::with_gil(|py| {
        let v = e.value(py);
        let _ = v.setattr("message", msg);
        let _ = v.setattr("position", py.None());
    });
    e
}

/// The same error, its message prefixed with the index of the failing item (the
/// attributes are kept).
pub(crate) fn annotate(py: Python<'_>, e: PyErr, i: usize) -> PyErr {
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

/// Adds the exceptions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TenpaiError", py.get_type::<TenpaiError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("InvalidRequestError", py.get_type::<InvalidRequestError>())?;
    m.add("NoYakuError", py.get_type::<NoYakuError>())?;
    m.add("LogError", py.get_type::<LogError>())?;
    Ok(())
}
