//! The kans a drawn hand can declare on its own turn: a closed kan of four concealed
//! tiles, an added kan of a held tile onto its pon. Each is an extra row of the
//! discard table, priced as the open kan of an offer is (the replacement draw and
//! the new dora indicator, an exact expectation over the pool).

use super::price::kan_option;
use super::OfferOption;
use crate::advise::{AdviseOptions, MAX_DRAWS};
use crate::error::Error;
use crate::hand::{Call, CallKind, Hand};
use crate::tile::Tile;

/// The kans `hand` (3k+2) may declare now, each with its values: closed kans
/// (`[5555m]`, the hand stays closed) and added kans (`(5555m)`, onto a pon), in
/// tile order; none for a 3k+1 hand, none past four calls, none when the draws are
/// already at [`MAX_DRAWS`] (the replacement is one more draw).
///
/// ```
/// use tenpai::advise::{offer::kan_rows, AdviseOptions};
/// let hand: tenpai::Hand = "1111m234p567s8899s".parse()?;
/// let opts = AdviseOptions { draws: 1, changes: 0, ..AdviseOptions::default() };
/// let rows = kan_rows(&hand, &opts)?;
/// assert_eq!(rows.len(), 1);
/// assert_eq!(rows[0].call.unwrap().to_string(), "[1111m]");
/// assert_eq!(rows[0].shanten, 0); // 234p 567s 88s 99s: tenpai on 8s and 9s
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn kan_rows(hand: &Hand, opts: &AdviseOptions) -> Result<Vec<OfferOption>, Error> {
    if !hand.is_drawn() || hand.calls().len() >= 4 || opts.draws >= MAX_DRAWS {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for k in 0..34u8 {
        let kind = Tile::new(k);
        let held: Vec<Tile> = hand
            .concealed()
            .iter()
            .copied()
            .filter(|t| t.kind() == kind)
            .collect();
        let (call, calls, used) = if held.len() == 4 {
            let call = Call::new(CallKind::ClosedKan, &held).map_err(Error::Invalid)?;
            let mut calls = hand.calls().to_vec();
            calls.push(call);
            (call, calls, held)
        } else if let (Some(i), Some(&t)) = (
            hand.calls()
                .iter()
                .position(|c| c.kind() == CallKind::Pon && c.first() == kind),
            held.first(),
        ) {
            let mut tiles = hand.calls()[i].tiles().to_vec();
            tiles.push(t);
            let call = Call::new(CallKind::OpenKan, &tiles).map_err(Error::Invalid)?;
            let mut calls = hand.calls().to_vec();
            calls[i] = call;
            (call, calls, vec![t])
        } else {
            continue;
        };
        let mut conc = hand.concealed().to_vec();
        for u in &used {
            if let Some(i) = conc.iter().position(|x| x == u) {
                conc.remove(i);
            }
        }
        let h = Hand::new(conc, calls)?;
        out.push(kan_option(&h, call, opts)?.0);
    }
    Ok(out)
}
