//! Python bindings of the tenpai engine: the native module `tenpai._tenpai`.
//!
//! The Python package `tenpai` (in `python/tenpai/`) wraps this module. Every answer
//! that the CLI also gives is built here with the same fields, in the same order, as
//! the CLI's `--json` output, so `to_dict()` on the Python side equals it.
//!
//! Bad input from Python never panics: wrong types raise `TypeError`, bad hands and
//! requests raise `tenpai.TenpaiError` (a `ValueError`) subclasses.
//!
//! The modules, each adding its classes and functions to the module (`register`),
//! lower ones first:
//! - `errors`: the exceptions, and the library's errors raised as them;
//! - `convert`: JSON answers as Python objects, tiles as text, checked arguments;
//! - `pool`: the thread pool of the batch functions;
//! - `hand`: `NativeHand`, the hand argument, `shanten_many`;
//! - `request`: score requests read from Python values (`FIELDS`, the fast path);
//! - `result`: `ScoreResult`;
//! - `score`: `score` and `ScoreRequest`;
//! - `batch`: `score_many`;
//! - `advise`: `advise`;
//! - `safety`: `safety`;
//! - `logs`: game logs (`collect_files`, `read_log`, `replay_files`, `review_log`,
//!   `stats_files`, `convert_log`).

use pyo3::prelude::*;

mod advise;
mod batch;
mod convert;
mod errors;
mod hand;
mod logs;
mod pool;
mod request;
mod result;
mod safety;
mod score;

/// The native module.
#[pymodule]
fn _tenpai(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    result::register(m)?;
    score::register(m)?;
    hand::register(m)?;
    batch::register(m)?;
    advise::register(m)?;
    safety::register(m)?;
    logs::register(m)?;
    request::register(m)?;
    // The package's version (`tenpai.__version__`), the crates' own.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
