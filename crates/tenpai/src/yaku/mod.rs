//! Yaku: every scoring pattern below yakuman and every yakuman, with their contract
//! names and han, and the judgement of one reading of a winning hand.
//!
//! Judgement works on one reading (a pair and four melds with the group the winning
//! tile completed, seven pairs, or thirteen orphans). Upper yaku absorb their lower
//! forms: ryanpeikou over iipeikou, chinitsu over honitsu, junchan over chanta,
//! honroutou over chanta, double riichi over riichi, and among yakuman kokushi_13
//! over kokushi, suuankou_tanki over suuankou, junsei_chuuren over chuuren.
//!
//! The module's files:
//! - `catalog`: [`Yaku`], [`Yakuman`] and [`Wait`], with their names and han;
//! - `situation`: [`Situation`], how the hand was won;
//! - `judgement`: [`Judgement`], the yaku and yakuman found for one reading;
//! - `judge`: the judging of one reading (the facts every reading shares, the regular
//!   form, seven pairs, thirteen orphans);
//! - `reference`: the test references (the regular judgement as first written).

pub(crate) mod catalog;
mod judge;
mod judgement;
#[cfg(test)]
mod reference;
mod situation;

pub use catalog::{Wait, Yaku, Yakuman};
pub(crate) use catalog::{YAKUMAN_ALL, YAKU_ALL};
pub(crate) use judge::{judge_chiitoitsu, judge_kokushi, judge_regular, HandFacts, Regular};
pub(crate) use judgement::renhou_mangan;
pub use judgement::Judgement;
#[cfg(test)]
pub(crate) use reference::{judge_regular_reference, present};
pub use situation::Situation;
