//! Every decision of a hand's turn in one answer: the discards ([`super::advise()`]), riichi
//! or dama on the tenpai rows of a closed hand ([`super::riichi`]), and the closed and
//! added kans as extra rows ([`super::offer::kan_rows`]). What `tenpai advise`, `tenpai
//! HAND`, the web API and Python answer.

use super::{offer, riichi, Advice, AdviseOptions};
use crate::error::Error;
use crate::hand::Hand;

/// [`super::riichi::advise_riichi`] with [`Advice::kans`] filled.
///
/// ```
/// use tenpai::advise::{decide::advise_decisions, AdviseOptions};
/// let hand: tenpai::Hand = "1111m234p567s8899s".parse()?;
/// let opts = AdviseOptions { draws: 1, changes: 0, ..AdviseOptions::default() };
/// let a = advise_decisions(&hand, &opts)?;
/// assert_eq!(a.kans.len(), 1);
/// assert!(a.discards.iter().any(|d| d.declare.is_some()));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn advise_decisions(hand: &Hand, opts: &AdviseOptions) -> Result<Advice, Error> {
    let mut a = riichi::advise_riichi(hand, opts)?;
    a.kans = offer::kan_rows(hand, opts)?;
    Ok(a)
}
