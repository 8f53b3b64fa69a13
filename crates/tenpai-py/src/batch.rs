//! `score_many`: many requests scored on every core, without the GIL.

use crate::errors::{annotate, err};
use crate::pool::{race_map, CHUNK};
use crate::request::{fast_typed, field_name, request_from};
use crate::result::{Answer, Item, PyScore, Scored};
use crate::score::{answer_request, PyRequest, Work};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use tenpai::score::ScoreRequest;
use tenpai::Error;

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
#[pyo3(signature = (requests, /, *, errors = None), text_signature = "(requests, /, *, errors='raise')")]
fn score_many<'py>(
    py: Python<'py>,
    requests: &Bound<'py, PyAny>,
    errors: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let errors = match errors {
        Some(e) => crate::convert::want_str("errors", e)?,
        None => "raise".to_string(),
    };
    let ret = match errors.as_str() {
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

/// Adds `score_many` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score_many, m)?)
}
