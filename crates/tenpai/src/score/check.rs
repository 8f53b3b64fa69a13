//! Whether a situation makes sense for a hand: every contradiction refused before
//! scoring, with a message naming it.

use super::evaluate::MAX_COUNTERS;
use super::invalid;
use crate::error::Error;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::tile::{Tile, TileCounts};
use crate::yaku::Situation;

/// The error for nagashi mangan given with a hand (the request path and the typed one
/// say the same).
pub(crate) const NAGASHI_WITH_A_HAND: &str =
    "nagashi mangan with a hand: nagashi mangan is no hand (a mangan paid as a tsumo at an exhaustive draw); give no hand, no winning tile and no yaku of a win";

/// Check that a situation makes sense for a hand.
///
/// `counts` are the hand's tiles by kind (calls included) and `written[q]` the red fives
/// written in suit `q` (both counted once by [`evaluate`]).
pub(super) fn check_situation(
    hand: &Hand,
    win: Tile,
    s: &Situation,
    rules: &Rules,
    counts: &TileCounts,
    written: &[u8; 4],
) -> Result<(), Error> {
    let riichi = s.riichi || s.double_riichi;
    if s.nagashi_mangan {
        return Err(invalid(NAGASHI_WITH_A_HAND));
    }
    crate::sanma::check_situation(hand, s, rules)?;
    if s.honba > MAX_COUNTERS || s.riichi_sticks > MAX_COUNTERS {
        return Err(invalid(format!(
            "honba {} and riichi sticks {}: each is at most {MAX_COUNTERS}",
            s.honba, s.riichi_sticks
        )));
    }
    if rules.aotenjou && s.renhou && rules.renhou == crate::rules::RenhouRule::ManganFixed {
        return Err(invalid(
            "renhou_rule mangan_fixed under aotenjou: a fixed mangan is a limit and aotenjou has none; use renhou_rule mangan (a 5-han yaku) or yakuman",
        ));
    }
    if s.paarenchan > 0 && s.paarenchan < 8 {
        return Err(invalid(format!(
            "paarenchan {}: the yakuman is the dealer's 8th win in a row or later (this one counted); below 8 there is no paarenchan (give 0)",
            s.paarenchan
        )));
    }
    if s.paarenchan > MAX_COUNTERS {
        return Err(invalid(format!(
            "paarenchan {}: at most {MAX_COUNTERS} wins in a row",
            s.paarenchan
        )));
    }
    if s.paarenchan > 0 && !s.is_dealer() {
        return Err(invalid(
            "paarenchan is the dealer's 8th win in a row: the seat wind must be E",
        ));
    }
    if s.open_riichi && !riichi {
        return Err(invalid(
            "open_riichi without riichi: an open riichi is a riichi (or double riichi) declared with the hand shown",
        ));
    }
    if s.ippatsu && !riichi {
        return Err(invalid("ippatsu without riichi"));
    }
    if !s.ura.is_empty() && !riichi {
        return Err(invalid("ura dora indicators without riichi"));
    }
    if riichi && !hand.is_closed() {
        return Err(invalid(if s.open_riichi {
            "open riichi with an open hand (riichi, open or not, needs a closed hand)"
        } else {
            "riichi with an open hand"
        }));
    }
    if s.haitei && !s.tsumo {
        return Err(invalid("haitei is a tsumo win (use houtei for ron)"));
    }
    if s.houtei && s.tsumo {
        return Err(invalid("houtei is a ron win (use haitei for tsumo)"));
    }
    if s.rinshan && !s.tsumo {
        return Err(invalid("rinshan is a tsumo win"));
    }
    if s.rinshan && !hand.calls().iter().any(|c| c.kind().is_kan()) && s.nukidora == 0 {
        return Err(invalid(if rules.is_sanma() {
            "rinshan without a kan or an extracted North (nukidora)"
        } else {
            "rinshan without a kan"
        }));
    }
    if s.rinshan && s.haitei {
        return Err(invalid("rinshan and haitei together"));
    }
    if s.chankan && s.tsumo {
        return Err(invalid("chankan is a ron win"));
    }
    if s.chankan && s.houtei {
        return Err(invalid("chankan and houtei together"));
    }
    let first = s.tenhou as u8 + s.chiihou as u8 + s.renhou as u8;
    if first > 1 {
        return Err(invalid("at most one of tenhou, chiihou, renhou"));
    }
    if first == 1 && !hand.calls().is_empty() {
        return Err(invalid(
            "tenhou, chiihou and renhou need a hand without calls",
        ));
    }
    if first == 1 && riichi {
        return Err(invalid("tenhou, chiihou and renhou come before any riichi"));
    }
    if s.tenhou && !(s.is_dealer() && s.tsumo) {
        return Err(invalid("tenhou is the dealer's tsumo"));
    }
    if s.chiihou && (s.is_dealer() || !s.tsumo) {
        return Err(invalid("chiihou is a non-dealer's tsumo"));
    }
    if s.renhou && (s.is_dealer() || s.tsumo) {
        return Err(invalid("renhou is a non-dealer's ron"));
    }
    if s.dora.len() > 5 || s.ura.len() > 5 {
        return Err(invalid("at most 5 dora and 5 ura indicators"));
    }
    if (s.tenhou || s.chiihou) && s.haitei {
        return Err(invalid(
            "tenhou/chiihou and haitei together: the first draw is never the last tile of the wall",
        ));
    }
    if s.renhou && s.houtei {
        return Err(invalid(
            "renhou and houtei together: a win before one's first draw is never on the last discard",
        ));
    }
    if s.ura.len() > s.dora.len() {
        return Err(invalid(format!(
            "{} ura indicators for {} dora indicators: each ura indicator lies under a dora indicator",
            s.ura.len(),
            s.dora.len()
        )));
    }
    // Indicators are tiles of the same set: with the hand and each other, at most four
    // of a kind and the red fives of the set (one per suit; two red 5p under 4 red
    // fives). Without red fives a `0` is a five like any other, one per suit.
    let most_reds = |q: usize| rules.red_fives_of_suit(q).max(1);
    let mut reds = [written[0], written[1], written[2]];
    // The indicators seen so far, by kind (the hand's tiles are `counts`).
    let mut shown = [0u8; 34];
    // Extracted Norths are tiles of the 136 too (at most 4 with the hand's: checked
    // by `sanma::check_situation`).
    shown[crate::sanma::NORTH] = s.nukidora;
    for (q, &n) in reds.iter().enumerate() {
        if n > most_reds(q) {
            let red = Tile::red_five(Tile::new(9 * q as u8).suit()).unwrap_or(win);
            return Err(invalid(format!(
                "a second red five {red} in the hand: one red five per suit under these rules (two red 5p only with red_fives_count 4)"
            )));
        }
    }
    for (what, list) in [("dora", &s.dora), ("ura", &s.ura)] {
        for t in list.iter() {
            shown[t.index()] += 1;
            if counts.0[t.index()] + shown[t.index()] > 4 {
                return Err(invalid(format!(
                    "{what} indicator {t} would be a fifth {} (with the hand and the other indicators): at most 4 of a kind",
                    t.kind()
                )));
            }
            if t.is_red() {
                let q = t.suit().index();
                reds[q] += 1;
                if reds[q] > most_reds(q) {
                    let limit = if most_reds(q) == 2 {
                        "two red 5p in the 4-red-five set"
                    } else {
                        "one red five per suit"
                    };
                    let nth = if reds[q] == 2 { "second" } else { "third" };
                    return Err(invalid(format!(
                        "{what} indicator {t} would be a {nth} red five of its suit (with the hand and the other indicators): {limit}"
                    )));
                }
            }
        }
    }
    if s.chankan {
        let held = counts.get(win.kind());
        if held >= 2 {
            return Err(invalid(format!(
                "chankan with {held} copies of {} in the hand: the robbed tile completes another player's added kan (3 copies and itself), so the hand holds no other copy",
                win.kind()
            )));
        }
    }
    Ok(())
}
