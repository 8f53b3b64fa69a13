//! Tile types with red fives apart, packed hands, and the unseen pool.
//!
//! A *type* is one of 37: the 34 kinds (`Tile::id` 0..33, where a five is the plain
//! five) and the three red fives (34, 35, 36). The physical set holds four copies of
//! each kind: for the fives, three plain and one red.

use crate::error::Error;
use crate::hash::FastMap;
use crate::tile::{Tile, KINDS};

/// Number of tile types (34 kinds, plus the three red fives apart).
pub(crate) const TYPES: usize = 37;

/// Counts per tile type.
pub(crate) type Counts = [u8; TYPES];

/// The kind (0..33) of a type.
#[inline]
pub(crate) const fn kind_of(t: usize) -> usize {
    if t >= KINDS {
        4 + 9 * (t - KINDS)
    } else {
        t
    }
}

/// The tile of a type (`0..37`).
#[inline]
pub(crate) fn tile(t: usize) -> Tile {
    Tile::from_id(t as u8).unwrap_or(Tile::new(0))
}

/// Counts by kind (a red five counts as its five).
#[inline]
pub(crate) fn kinds(c: &Counts) -> [u8; KINDS] {
    let mut k = [0u8; KINDS];
    k.copy_from_slice(&c[..KINDS]);
    k[4] += c[34];
    k[13] += c[35];
    k[22] += c[36];
    k
}

/// Three bits per type: a hand in one integer (111 bits; bits 120.. are free).
#[inline]
pub(crate) fn pack(c: &Counts) -> u128 {
    let mut lo = 0u64;
    for (i, &x) in c[..21].iter().enumerate() {
        lo |= (x as u64) << (3 * i);
    }
    let mut hi = 0u64;
    for (i, &x) in c[21..].iter().enumerate() {
        hi |= (x as u64) << (3 * i);
    }
    lo as u128 | (hi as u128) << 64
}

/// Counts of a list of tiles, by type.
pub(crate) fn count_tiles<'a>(tiles: impl IntoIterator<Item = &'a Tile>) -> Counts {
    let mut c = [0u8; TYPES];
    for t in tiles {
        c[t.id() as usize] += 1;
    }
    c
}

/// The copies of each type that are not in the player's concealed tiles and cannot
/// be drawn: the player's calls, the tiles seen elsewhere and the dora indicators.
/// Checked against the physical set together with the concealed tiles.
pub(crate) fn outside(
    concealed: &Counts,
    calls: &Counts,
    visible: &[Tile],
    dora: &[Tile],
) -> Result<Counts, Error> {
    let vis = count_tiles(visible);
    let ind = count_tiles(dora);
    let mut out = [0u8; TYPES];
    for t in 0..TYPES {
        out[t] = calls[t] + vis[t] + ind[t];
    }
    // Per kind, and per red five.
    let all_out = kinds(&out);
    let all_in = kinds(concealed);
    for k in 0..KINDS {
        if all_out[k] + all_in[k] > 4 {
            return Err(Error::Invalid(format!(
                "more than four copies of {} counting the hand, its calls, the visible tiles and the dora indicators",
                Tile::new(k as u8)
            )));
        }
    }
    for t in KINDS..TYPES {
        if out[t] + concealed[t] > 1 {
            return Err(Error::Invalid(format!(
                "more than one red five {} counting the hand, its calls, the visible tiles and the dora indicators",
                tile(t)
            )));
        }
    }
    Ok(out)
}

/// Copies of each type left to draw for a hand with concealed counts `hand`: per
/// kind, four less the copies held and outside; of those, the red five is left when it
/// is neither held nor outside, the plain fives are the rest. (A hand written with
/// four plain fives of a suit, a set without that red five, so leaves none of it.)
#[inline]
pub(crate) fn pool(hand: &Counts, outside: &Counts) -> Counts {
    let mut p = [0u8; TYPES];
    for t in 0..KINDS {
        p[t] = 4u8.saturating_sub(hand[t] + outside[t]);
    }
    for r in KINDS..TYPES {
        let k = kind_of(r);
        let kind_left = p[k].saturating_sub(hand[r] + outside[r]);
        let red_left = (1u8.saturating_sub(hand[r] + outside[r])).min(kind_left);
        p[r] = red_left;
        p[k] = kind_left - red_left;
    }
    p
}

/// A hash map keyed by packed hands.
pub(crate) type Map<V> = FastMap<u128, V>;
