//! Scoring a winning hand: the request (hand and situation) and the answer.
//!
//! The JSON shapes here are a contract (`tenpai score --json`, `tenpai score -`).
//!
//! One file per concept:
//! - `fields`: the table of the request's fields, one row each (its type, kind, rule
//!   override, command-line flag), from which the request, its readers, the CLI's
//!   flags and the Python keywords are built;
//! - `request`: the request schema ([`ScoreRequest`]) and its field names;
//! - `json`: reading a request from its JSON text ([`ScoreRequest::from_json`]);
//! - `typed`: the request in typed form, checked ([`parse_request`]), and scored
//!   ([`score_request`]);
//! - `check`: whether a situation makes sense for a hand (every contradiction refused);
//! - `evaluate`: finding the best reading of a win ([`evaluate()`], [`Evaluation`]);
//! - `payment`: limits, basic points and who pays what ([`Payment`], [`Payments`]);
//! - `answer`: the answer ([`ScoreResult`]) built from an evaluation ([`score`]);
//! - `text`: the answer's allocation-free text pieces ([`Name`], [`FuLabel`], groups).

mod answer;
mod check;
mod evaluate;
#[macro_use]
mod fields;
mod json;
mod payment;
mod request;
#[cfg(test)]
mod tests;
mod text;
mod typed;

pub use crate::yaku::Situation;
pub use answer::{score, FuItem, ScoreResult, YakuHan, YakumanEntry};
pub use evaluate::{evaluate, Evaluation, ReadingShape};
pub(crate) use evaluate::{points_by_extra_han, EXTRA_HAN};
pub use payment::{
    basic_points, pao_payments, AotenjouPoints, Limit, PaoPayments, Payment, Payments, WidePayment,
    WidePayments,
};
pub use request::ScoreRequest;
pub use text::{FuLabel, Group, HandText, Name, TileText};
pub use typed::{parse_request, parse_wind, request_rules, score_request};

use crate::error::Error;

fn invalid(msg: impl Into<String>) -> Error {
    Error::Invalid(msg.into())
}
