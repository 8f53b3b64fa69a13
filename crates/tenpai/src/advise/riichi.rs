//! Riichi or dama: for every discard of a closed hand that leaves it tenpai, the
//! values of both policies side by side.
//!
//! - **riichi**: declared with this discard, locked from then on (every non-winning
//!   draw is discarded), riichi and the ura dora expectation in `ev`: the row's values
//!   under [`RiichiPolicy::Auto`] (which declares at the first tenpai).
//! - **dama**: not declared, now or later; the hand may still change within the
//!   change budget (a better wait, a step back); no riichi han, no ura: the row's
//!   values under [`RiichiPolicy::Never`].
//!
//! `declare` is true when riichi's `ev` is the larger. The two policies are two runs
//! of the engine ([`advise`]); the second runs only when some row leaves the closed
//! hand tenpai.
//!
//! ```
//! use tenpai::advise::{riichi::advise_riichi, AdviseOptions};
//! let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
//! let opts = AdviseOptions { draws: 3, changes: 0, ..AdviseOptions::default() };
//! let a = advise_riichi(&hand, &opts)?;
//! let best = &a.discards[0]; // 3z: tenpai on 1z and 2z
//! let (r, d) = (best.riichi.unwrap(), best.dama.unwrap());
//! assert_eq!(r.win, d.win); // the wait cannot improve here (K = 0)
//! assert!(r.ev > d.ev && best.declare == Some(true)); // riichi adds a han (and ura)
//! # Ok::<(), tenpai::Error>(())
//! ```

use super::{advise, Advice, AdviseOptions, RiichiPolicy};
use crate::error::Error;
use crate::hand::Hand;
use serde::Serialize;

/// The three values of one row under one riichi policy.
///
/// ```
/// let v = tenpai::advise::riichi::PolicyValues { tenpai: 1.0, win: 0.25, ev: 2000.0 };
/// assert!(v.win <= v.tenpai);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PolicyValues {
    /// Tenpai probability (1: the row leaves tenpai).
    pub tenpai: f64,
    /// Win probability within the draws.
    pub win: f64,
    /// Expected points.
    pub ev: f64,
}

/// [`advise`], with every row of a closed hand that leaves it tenpai carrying its
/// `riichi` and `dama` values and `declare`. Other hands (open, 3k+1, no tenpai row)
/// are answered as [`advise`] answers them, with one run.
///
/// ```
/// use tenpai::advise::{riichi::advise_riichi, AdviseOptions};
/// let open: tenpai::Hand = "123m456p1122z3z (789s)".parse()?;
/// let opts = AdviseOptions { draws: 2, changes: 0, ..AdviseOptions::default() };
/// assert!(advise_riichi(&open, &opts)?.discards.iter().all(|d| d.declare.is_none()));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn advise_riichi(hand: &Hand, opts: &AdviseOptions) -> Result<Advice, Error> {
    let mut a = advise(hand, opts)?;
    if !hand.is_closed() || !a.discards.iter().any(|d| d.shanten == 0) {
        return Ok(a);
    }
    let other = AdviseOptions {
        riichi: match opts.riichi {
            RiichiPolicy::Auto => RiichiPolicy::Never,
            RiichiPolicy::Never => RiichiPolicy::Auto,
        },
        ..opts.clone()
    };
    let b = advise(hand, &other)?;
    a.states += b.states;
    for d in a.discards.iter_mut().filter(|d| d.shanten == 0) {
        let Some(e) = b.discards.iter().find(|e| e.discard == d.discard) else {
            continue;
        };
        let mine = PolicyValues {
            tenpai: d.tenpai,
            win: d.win,
            ev: d.ev,
        };
        let theirs = PolicyValues {
            tenpai: e.tenpai,
            win: e.win,
            ev: e.ev,
        };
        let (r, m) = match opts.riichi {
            RiichiPolicy::Auto => (mine, theirs),
            RiichiPolicy::Never => (theirs, mine),
        };
        d.declare = Some(r.ev > m.ev);
        d.riichi = Some(r);
        d.dama = Some(m);
    }
    Ok(a)
}
