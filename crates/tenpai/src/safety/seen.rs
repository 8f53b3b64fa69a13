//! What a query shows: the unseen pool (four copies of each kind less every tile seen,
//! with the error that names the places holding a fifth copy or a red five too many),
//! the red fives written in each place, and the dora of the indicators.

use super::SafetyQuery;
use crate::error::Error;
use crate::tile::{Tile, KINDS};

/// Per-kind counts of tiles.
fn counts(tiles: &[Tile]) -> [u8; KINDS] {
    let mut c = [0u8; KINDS];
    for t in tiles {
        c[t.index()] += 1;
    }
    c
}

/// The unseen pool of a query, or an error naming a kind seen more than four times.
pub(crate) fn pool_of(q: &SafetyQuery) -> Result<[u8; KINDS], Error> {
    let mut seen: Vec<(&str, [u8; KINDS])> = Vec::new();
    let hand: Vec<Tile> = q.hand.all_tiles().collect();
    seen.push(("my hand", counts(&hand)));
    for o in &q.opponents {
        seen.push(("a river", counts(&o.river)));
        let mut kan = [0u8; KINDS];
        for k in &o.kans {
            kan[k.index()] += 4;
        }
        for c in &o.calls {
            for t in c.tiles() {
                kan[t.index()] += 1;
            }
        }
        seen.push(("a call", kan));
    }
    // Tiles after a riichi: a tile listed for two opponents is the same discard.
    let mut after = [0u8; KINDS];
    for o in &q.opponents {
        let c = counts(&o.after);
        for k in 0..KINDS {
            after[k] = after[k].max(c[k]);
        }
    }
    seen.push(("the tiles after the riichi", after));
    seen.push(("the visible tiles", counts(&q.visible)));
    seen.push(("the dora indicators", counts(&q.dora)));
    let mut pool = [0u8; KINDS];
    for k in 0..KINDS {
        let total: u32 = seen.iter().map(|(_, c)| u32::from(c[k])).sum();
        if total > 4 {
            return Err(Error::Invalid(format!(
                "{total} copies of {} are seen ({}): there are only 4",
                Tile::new(k as u8),
                where_seen(&seen, k)
            )));
        }
        pool[k] = 4 - total as u8;
    }
    // No more red fives of a suit written than the rules have.
    if q.rules.red_fives {
        let places = reds_by_place(q);
        for s in 0..3 {
            let total: u8 = places.iter().map(|(_, r)| r[s]).sum();
            let have = q.rules.red_fives_of_suit(s);
            if total > have {
                return Err(Error::Invalid(format!(
                    "{total} red {} are seen ({}): the rules have {have}",
                    Tile::new(9 * s as u8 + 4),
                    where_seen(&places, s)
                )));
            }
        }
    }
    Ok(pool)
}

/// Dora han per kind from the query's indicators.
pub(super) fn dora_by_kind(q: &SafetyQuery) -> [u8; KINDS] {
    let mut dora = [0u8; KINDS];
    for t in &q.dora {
        dora[t.dora_from_indicator().index()] += 1;
    }
    dora
}

/// Red fives seen per suit, outside any opponent's concealed hand (see
/// [`reds_by_place`]).
pub(super) fn reds_seen(q: &SafetyQuery) -> [u8; 3] {
    let mut seen = [0u8; 3];
    for (_, r) in reds_by_place(q) {
        for s in 0..3 {
            seen[s] += r[s];
        }
    }
    seen
}

/// The places holding entry `i` of their counts, as an error names them: `2 in a
/// call, 1 in my hand`.
fn where_seen<const N: usize>(places: &[(&str, [u8; N])], i: usize) -> String {
    places
        .iter()
        .filter(|(_, c)| c[i] > 0)
        .map(|(name, c)| format!("{} in {name}", c[i]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Red fives written per suit in each place a tile is seen outside the opponents'
/// concealed hands: my hand, each river, each opponent's calls (as written), the most
/// any one opponent's `after` holds, the visible tiles and the indicators.
fn reds_by_place(q: &SafetyQuery) -> Vec<(&'static str, [u8; 3])> {
    fn reds<'a>(tiles: impl IntoIterator<Item = &'a Tile>) -> [u8; 3] {
        let mut r = [0u8; 3];
        for t in tiles.into_iter().filter(|t| t.is_red()) {
            r[t.index() / 9] += 1;
        }
        r
    }
    let hand: Vec<Tile> = q.hand.all_tiles().collect();
    let mut places = vec![("my hand", reds(&hand))];
    let mut after = [0u8; 3];
    for o in &q.opponents {
        places.push(("a river", reds(&o.river)));
        places.push(("a call", reds(o.calls.iter().flat_map(|c| c.tiles()))));
        let a = reds(&o.after);
        for s in 0..3 {
            after[s] = after[s].max(a[s]);
        }
    }
    places.push(("the tiles after the riichi", after));
    places.push(("the visible tiles", reds(&q.visible)));
    places.push(("the dora indicators", reds(&q.dora)));
    places
}
