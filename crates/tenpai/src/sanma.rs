//! Three-player mahjong (sanma): the tiles that are not in the game, the checks that
//! keep four-player hands and situations out of it, and shanten, waits, ukeire and the
//! discard ranking that know about the removed tiles.
//!
//! The rules themselves (payments, honba, nukidora, North) are described in
//! [`crate::rules`] and applied by the scorer under [`Rules::tenhou_sanma`] or
//! [`Rules::majsoul_sanma`].
//!
//! ```
//! use tenpai::sanma;
//! // 1m and 9m are the only characters: an isolated 1m has no 2m or 3m to grow into.
//! let hand: tenpai::Hand = "1m123456p123s155z".parse()?;
//! let four = tenpai::ukeire::ukeire(&hand, &[])?;
//! let three = sanma::ukeire(&hand, &[])?;
//! assert!(four.tiles.iter().any(|t| t.to_string() == "2m"));
//! assert!(three.tiles.iter().all(|t| t.suit() != tenpai::Suit::Man || [1, 9].contains(&t.number())));
//! // A hand with a 2m is refused.
//! assert!(sanma::shanten(&"2m19m123456p1237s".parse()?).is_err());
//! # Ok::<(), tenpai::Error>(())
//! ```

use crate::error::Error;
use crate::hand::{CallKind, Hand};
use crate::rules::Rules;
use crate::shanten::{mask_tiles, HandCounts, Shanten};
use crate::tile::{Tile, Wind, KINDS};
use crate::ukeire::{self, Discard, Ukeire, Visible};
use crate::yaku::Situation;

/// The kind index of North (4z), the tile extracted as nukidora.
pub const NORTH: usize = 30;

// The tiles a three-player game leaves out live below shanten, which needs them too.
pub(crate) use crate::tile::three_player::removed_tile_error;
pub use crate::tile::three_player::{in_game, REMOVED};

/// The dora a three-player indicator points to: `1m` points to `9m` and `9m` to `1m`;
/// every other indicator as with four players.
pub const fn dora_from_indicator(indicator: Tile) -> Tile {
    match indicator.index() {
        0 => Tile::new(8),
        8 => Tile::new(0),
        _ => indicator.dora_from_indicator(),
    }
}

/// Check that a hand can be a three-player hand: no 2m-8m (concealed or called) and
/// no chi.
pub fn check_hand(hand: &Hand) -> Result<(), Error> {
    if let Some(c) = hand.calls().iter().find(|c| c.kind() == CallKind::Chi) {
        return Err(Error::Invalid(format!(
            "chi {c} in a three-player game: sanma has no chi (pon and kan only)"
        )));
    }
    if let Some(t) = hand.all_tiles().find(|t| !in_game(*t)) {
        return Err(removed_tile_error(t));
    }
    Ok(())
}

/// Where, in a hand written in mpsz or glyphs, the first 2m-8m is (0-based characters):
/// for pointing at it in an error.
pub fn removed_tile_position(text: &str) -> Option<usize> {
    let mut digits: Vec<(usize, char)> = Vec::new();
    for (i, c) in text.chars().enumerate() {
        match c {
            '0'..='9' => digits.push((i, c)),
            'm' | 'M' => {
                if let Some(&(at, _)) = digits
                    .iter()
                    .find(|(_, d)| ('2'..='8').contains(d) || *d == '0')
                {
                    return Some(at);
                }
                digits.clear();
            }
            // The glyphs of 2m-8m.
            '\u{1F008}'..='\u{1F00E}' => return Some(i),
            'p' | 's' | 'z' | 'P' | 'S' | 'Z' => digits.clear(),
            _ => {}
        }
    }
    None
}

/// Check a hand given as text (the error points at the first 2m-8m in it).
pub fn check_hand_text(text: &str, hand: &Hand) -> Result<(), Error> {
    check_hand(hand).map_err(|e| match (&e, removed_tile_position(text)) {
        (Error::Invalid(message), Some(position)) if hand.all_tiles().any(|t| !in_game(t)) => {
            Error::Request {
                message: message.clone(),
                position: Some(position),
            }
        }
        _ => e,
    })
}

/// Check a scoring situation against the rules' number of players: with three, the
/// hand (no chi, no 2m-8m), the indicators (no 2m-8m), the winds (no North seat or
/// round) and the extracted Norths (at most four with the hand's); with four, no
/// extracted North at all.
pub fn check_situation(hand: &Hand, s: &Situation, rules: &Rules) -> Result<(), Error> {
    if !rules.is_sanma() {
        if s.nukidora > 0 {
            return Err(Error::Invalid(format!(
                "nukidora {} under four-player rules ({}): Norths are extracted only in three-player games (use rules tenhou-sanma or majsoul-sanma)",
                s.nukidora, rules.name
            )));
        }
        return Ok(());
    }
    check_hand(hand)?;
    for (what, list) in [("dora", &s.dora), ("ura", &s.ura)] {
        if let Some(t) = list.iter().find(|t| !in_game(**t)) {
            return Err(Error::Invalid(format!(
                "{what} indicator {t} is not in a three-player game (sanma removes 2m-8m)"
            )));
        }
    }
    for (what, w) in [("seat", s.seat_wind), ("round", s.round_wind)] {
        if w == Wind::North {
            return Err(Error::Invalid(format!(
                "{what} wind North in a three-player game: the seats are East, South and West, and there is no North round"
            )));
        }
    }
    let held = hand.all_tiles().filter(|t| t.index() == NORTH).count();
    if held + usize::from(s.nukidora) > 4 {
        return Err(Error::Invalid(format!(
            "nukidora {} with {held} North in the hand makes more than 4 Norths",
            s.nukidora
        )));
    }
    Ok(())
}

/// The three-player counts of a hand (see [`HandCounts::sanma`]), refused with a chi
/// or a 2m-8m.
pub fn counts(hand: &Hand) -> Result<HandCounts, Error> {
    check_hand(hand)?;
    HandCounts::from_hand(hand).sanma()
}

/// Shanten of a three-player hand, per form.
pub fn shanten(hand: &Hand) -> Result<Shanten, Error> {
    Ok(counts(hand)?.shanten())
}

/// The waits of a three-player `3k+1` hand (empty unless tenpai): never a 2m-8m.
pub fn waits(hand: &Hand) -> Result<Vec<Tile>, Error> {
    let c = counts(hand)?;
    ukeire::waits_mask(&c).map(|m| mask_tiles(m).collect())
}

/// The ukeire of a three-player `3k+1` hand, with `visible` tiles seen outside it
/// (extracted Norths included when the caller counts them): never a 2m-8m.
pub fn ukeire(hand: &Hand, visible: &[Tile]) -> Result<Ukeire, Error> {
    let c = counts(hand)?;
    visible_check(visible)?;
    ukeire::ukeire_of_counts(&c, visible)
}

/// The ranked discards of a three-player `3k+2` hand.
pub fn discards(hand: &Hand, visible: &[Tile]) -> Result<Vec<Discard>, Error> {
    let c = counts(hand)?;
    visible_check(visible)?;
    ukeire::discards_of_counts(&c, visible)
}

fn visible_check(visible: &[Tile]) -> Result<(), Error> {
    match visible.iter().find(|t| !in_game(**t)) {
        Some(t) => Err(Error::Invalid(format!(
            "visible tile {t} is not in a three-player game (sanma removes 2m-8m)"
        ))),
        None => Ok(()),
    }
}

/// Copies of each kind in a three-player wall: 4, and 0 for 2m-8m.
pub fn wall_counts() -> [u8; KINDS] {
    let mut c = [4u8; KINDS];
    c[1..8].fill(0);
    c
}

/// Whether a visible-tile count set fits a three-player game.
pub fn check_visible(hand: &HandCounts, v: [u8; KINDS]) -> Result<Visible, Error> {
    if let Some(k) = (1..8).find(|&k| v[k] > 0) {
        return Err(Error::Invalid(format!(
            "visible tile {} is not in a three-player game (sanma removes 2m-8m)",
            Tile::new(k as u8)
        )));
    }
    Visible::from_counts(hand, v)
}
