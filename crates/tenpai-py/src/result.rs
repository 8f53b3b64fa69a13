//! `ScoreResult`: the answer of `score`, built lazily from the engine's evaluation.

use crate::convert::to_py;
use crate::request::Typed;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::{Arc, OnceLock};
use tenpai::score::{Evaluation, ScoreResult};
use tenpai::Error;

/// The score of a winning hand: the `tenpai score --json` answer.
///
/// Attributes: hand, han, fu, yaku, yakuman, limit, points, payments, total_received,
/// fu_breakdown, decomposition, wait, win, dealer, tsumo, rules, pao, aotenjou.
/// `to_dict()` is the CLI's JSON answer.
///
/// The answer is built lazily: the figures (han, fu, limit, points, payments,
/// total_received, wait, dealer, tsumo, rules) come from the engine's compact
/// evaluation; the first access to anything else (yaku, fu_breakdown, to_dict(), ==,
/// ...) builds the full answer once (`ScoreResult::from_evaluation`, as the CLI does).
#[pyclass(module = "tenpai", name = "ScoreResult", frozen)]
pub(crate) struct PyScore {
    pub(crate) a: Scored,
}

/// A scored request: its evaluation with what is needed to build the answer (built
/// on first need, then kept), or the answer itself.
pub(crate) enum Scored {
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
pub(crate) enum Item {
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
    /// The hand's value, all payments added up (no honba or sticks; under aotenjou at
    /// most 4294967295: the exact value is `aotenjou["points"]`).
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
    /// Under aotenjou (`aotenjou=True`): the exact figures as Python ints,
    /// `{"points": N, "payments": {"ron": N} | {"dealer": N, "non_dealer": N} |
    /// {"non_dealer": N}, "total_received": N}` (`points`, `payments` and
    /// `total_received` stop at 4294967295); None otherwise. (`to_dict()` has them as
    /// decimal strings, as the JSON.)
    #[getter]
    fn aotenjou<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let a = match self.lazy() {
            Some((t, e)) => e.aotenjou_points(&t.s, &t.rules),
            None => self.r().aotenjou,
        };
        let Some(a) = a else {
            return Ok(py.None().into_bound(py));
        };
        let pay = PyDict::new(py);
        for (k, v) in [
            ("ron", a.payments.ron),
            ("dealer", a.payments.dealer),
            ("non_dealer", a.payments.non_dealer),
        ] {
            if let Some(v) = v {
                pay.set_item(k, v)?;
            }
        }
        let d = PyDict::new(py);
        d.set_item("points", a.points)?;
        d.set_item("payments", pay)?;
        d.set_item("total_received", a.total_received)?;
        Ok(d.into_any())
    }
    /// The answer as `tenpai score --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::field(py, self.r())
    }
    /// The answer as one JSON line, byte for byte the CLI's.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(self.r()).map_err(|e| PyValueError::new_err(e.to_string()))
    }
    /// The answer as `tenpai score` prints it (text).
    fn __str__(&self) -> String {
        self.r().to_string()
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

/// A scored request of a batch.
pub(crate) type Answer = Result<Scored, Error>;

/// Adds `ScoreResult` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyScore>()
}
