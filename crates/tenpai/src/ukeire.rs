//! Waits, ukeire (improving draws) and the ranking of discards.
//!
//! - **waits** of a tenpai `3k+1` hand: every kind that completes it, except kinds
//!   whose four copies are all in the player's own hand and calls.
//! - **ukeire** of a `3k+1` hand: the kinds whose draw lowers the overall shanten (a
//!   kind the player already holds four of cannot be drawn), each with the copies
//!   left: `4 - in hand - in calls - visible`; the count is their sum.
//! - **discard ranking** of a `3k+2` hand: for each distinct concealed kind, the
//!   shanten after discarding it and its ukeire, sorted by lower shanten, then larger
//!   ukeire count, then tile order.
//!
//! ```
//! use tenpai::ukeire::{discards, ukeire, waits};
//! let hand: tenpai::Hand = "1112345678999m".parse()?;
//! assert_eq!(waits(&hand)?.len(), 9);
//! let u = ukeire(&hand, &[])?;
//! assert_eq!(u.count, 23);
//! let d = discards(&"1112345678999m1z".parse()?, &[])?;
//! assert_eq!((d[0].discard.to_string(), d[0].shanten, d[0].ukeire_count), ("1z".into(), 0, 23));
//! # Ok::<(), tenpai::Error>(())
//! ```

use crate::error::Error;
use crate::hand::Hand;
use crate::shanten::{mask_tiles, HandCounts, KindMask, Shanten};
use crate::tile::{Tile, KINDS};

/// The ukeire of a `3k+1` hand.
///
/// ```
/// let u = tenpai::ukeire::ukeire(&"1112345678999m".parse()?, &[])?;
/// assert_eq!((u.tiles.len(), u.left[0], u.count), (9, 1, 23)); // one 1m left
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ukeire {
    /// Shanten of the hand, per form.
    pub shanten: Shanten,
    /// The kinds whose draw lowers the overall shanten, ascending.
    pub tiles: Vec<Tile>,
    /// Copies left of each of `tiles`, in the same order.
    pub left: Vec<u8>,
    /// Total copies left of all the `tiles`.
    pub count: u32,
}

/// One candidate discard of a `3k+2` hand.
///
/// ```
/// let d = tenpai::ukeire::discards(&"123m456p789s1122z5z".parse()?, &[])?;
/// assert_eq!((d[0].discard.to_string(), d[0].waits.len(), d[0].ukeire_count), ("5z".into(), 2, 4));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discard {
    /// The discarded kind (a plain tile, never a red five).
    pub discard: Tile,
    /// Overall shanten after the discard.
    pub shanten: i8,
    /// The ukeire kinds after the discard, ascending.
    pub ukeire_tiles: Vec<Tile>,
    /// Copies left of each of `ukeire_tiles`.
    pub ukeire_left: Vec<u8>,
    /// Total copies left of the ukeire kinds.
    pub ukeire_count: u32,
    /// The waits, when the discard leaves the hand tenpai (else empty).
    pub waits: Vec<Tile>,
}

/// Copies of each kind seen outside the player's hand (discards, dora indicators,
/// other players' calls), checked against the hand: no kind may exceed four in all.
///
/// ```
/// use tenpai::{shanten::HandCounts, ukeire::*};
/// let h = HandCounts::from_hand(&"123m456p789s1122z".parse()?);
/// let seen = Visible::new(&h, &[tenpai::Tile::EAST])?; // one 1z discarded elsewhere
/// assert_eq!(ukeire_mask(&h, &seen)?.count, 3);
/// assert!(Visible::new(&h, &[tenpai::Tile::EAST; 3]).is_err()); // five 1z in all
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Visible([u8; KINDS]);

impl Visible {
    /// Nothing visible.
    ///
    /// ```
    /// use tenpai::{shanten::HandCounts, ukeire::*};
    /// let h = HandCounts::from_hand(&"123m456p789s1122z".parse()?);
    /// assert_eq!(ukeire_mask(&h, &Visible::none())?.count, 4);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn none() -> Visible {
        Visible([0; KINDS])
    }

    /// The visible tiles, checked against the hand.
    ///
    /// ```
    /// use tenpai::{shanten::HandCounts, ukeire::*};
    /// let h = HandCounts::from_hand(&"1m".parse()?);
    /// assert!(Visible::new(&h, &[tenpai::Tile::new(0); 3]).is_ok());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn new(hand: &HandCounts, tiles: &[Tile]) -> Result<Visible, Error> {
        let mut v = [0u8; KINDS];
        for t in tiles {
            v[t.index()] += 1;
        }
        Visible::from_counts(hand, v)
    }

    /// Visible counts, checked against the hand.
    ///
    /// ```
    /// use tenpai::{shanten::HandCounts, ukeire::*};
    /// let h = HandCounts::from_hand(&"1m".parse()?);
    /// let mut v = [0u8; 34];
    /// v[0] = 4;
    /// assert!(Visible::from_counts(&h, v).is_err()); // with the 1m in hand, five
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn from_counts(hand: &HandCounts, v: [u8; KINDS]) -> Result<Visible, Error> {
        for (i, &n) in v.iter().enumerate() {
            if hand.held(i) as usize + n as usize > 4 {
                return Err(Error::Invalid(format!(
                    "{} visible {} with {} in the hand and calls makes more than 4",
                    n,
                    Tile::new(i as u8),
                    hand.held(i)
                )));
            }
        }
        Ok(Visible(v))
    }

    /// Copies left of `kind` for a hand holding `held` of it.
    const fn left(&self, kind: usize, held: u8) -> u8 {
        4 - held - self.0[kind]
    }
}

/// Ukeire as a mask with the counts, from counts.
///
/// ```
/// use tenpai::{shanten::HandCounts, ukeire::*};
/// let u = ukeire_mask(&HandCounts::from_hand(&"1112345678999m".parse()?), &Visible::none())?;
/// assert_eq!((u.mask, u.count, u.shanten.value()), (0x1ff, 23, 0));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UkeireMask {
    /// Shanten of the hand.
    pub shanten: Shanten,
    /// Improving kinds, bit `i` for kind `i`.
    pub mask: KindMask,
    /// Total copies left of those kinds.
    pub count: u32,
}

fn not_3k1(hand: &HandCounts) -> Error {
    Error::Invalid(format!(
        "ukeire and waits need a hand waiting for a tile (3k+1 concealed tiles), not {} concealed tiles; use the discard ranking for 3k+2",
        hand.tiles()
    ))
}

/// Ukeire of a `3k+1` hand from counts.
///
/// ```
/// use tenpai::{shanten::HandCounts, ukeire::*};
/// let h = HandCounts::from_hand(&"123m456p789s1123z".parse()?);
/// assert_eq!(ukeire_mask(&h, &Visible::none())?.count, 8);
/// assert!(ukeire_mask(&HandCounts::from_hand(&"11z".parse()?), &Visible::none()).is_err()); // 3k+2
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn ukeire_mask(hand: &HandCounts, visible: &Visible) -> Result<UkeireMask, Error> {
    if hand.is_drawn() {
        return Err(not_3k1(hand));
    }
    Ok(ukeire_unchecked(hand, visible))
}

#[inline]
fn ukeire_unchecked(hand: &HandCounts, visible: &Visible) -> UkeireMask {
    let (shanten, mask) = hand.analyze();
    let mut count = 0u32;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        count += visible.left(i, hand.held(i)) as u32;
        m &= m - 1;
    }
    UkeireMask {
        shanten,
        mask,
        count,
    }
}

fn expand(hand: &HandCounts, visible: &Visible, mask: KindMask) -> (Vec<Tile>, Vec<u8>) {
    let tiles: Vec<Tile> = mask_tiles(mask).collect();
    let left = tiles
        .iter()
        .map(|t| visible.left(t.index(), hand.held(t.index())))
        .collect();
    (tiles, left)
}

/// The ukeire of a `3k+1` hand, with `visible` tiles seen outside it.
///
/// ```
/// use tenpai::{notation::parse_tiles, ukeire::ukeire};
/// let hand = "123m456p789s1123z".parse()?;
/// assert_eq!(ukeire(&hand, &[])?.count, 8);
/// assert_eq!(ukeire(&hand, &parse_tiles("33z")?)?.count, 6); // two 3z seen
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn ukeire(hand: &Hand, visible: &[Tile]) -> Result<Ukeire, Error> {
    ukeire_of_counts(&HandCounts::from_hand(hand), visible)
}

/// [`ukeire`] from counts (three-player counts included: see
/// [`HandCounts::sanma`]).
pub fn ukeire_of_counts(counts: &HandCounts, visible: &[Tile]) -> Result<Ukeire, Error> {
    let counts = *counts;
    let vis = Visible::new(&counts, visible)?;
    let u = ukeire_mask(&counts, &vis)?;
    let (tiles, left) = expand(&counts, &vis, u.mask);
    Ok(Ukeire {
        shanten: u.shanten,
        tiles,
        left,
        count: u.count,
    })
}

/// The waits of a `3k+1` hand (empty unless it is tenpai).
///
/// ```
/// let w = tenpai::ukeire::waits(&"1112345678999m".parse()?)?;
/// assert_eq!(w.len(), 9); // the nine-gates wait
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn waits(hand: &Hand) -> Result<Vec<Tile>, Error> {
    let counts = HandCounts::from_hand(hand);
    waits_mask(&counts).map(|m| mask_tiles(m).collect())
}

/// The waits of a `3k+1` hand from counts, as a mask (0 unless tenpai).
///
/// ```
/// use tenpai::{shanten::HandCounts, ukeire::*};
/// assert_eq!(waits_mask(&HandCounts::from_hand(&"123m456p789s1112z".parse()?))?, 1 << 28); // 2z
/// assert_eq!(waits_mask(&HandCounts::from_hand(&"123m456p789s1357z".parse()?))?, 0); // not tenpai
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn waits_mask(hand: &HandCounts) -> Result<KindMask, Error> {
    if hand.is_drawn() {
        return Err(not_3k1(hand));
    }
    let (s, mask) = hand.analyze();
    Ok(if s.value() == 0 { mask } else { 0 })
}

/// One ranked discard, as masks.
///
/// ```
/// use tenpai::{shanten::HandCounts, ukeire::*};
/// let mut out = Vec::new();
/// rank_discards_into(&HandCounts::from_hand(&"123m456p789s1122z5z".parse()?), &Visible::none(), &mut out)?;
/// assert_eq!((out[0].kind, out[0].shanten, out[0].count), (31, 0, 4));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscardMask {
    /// The discarded kind.
    pub kind: u8,
    /// Overall shanten after the discard.
    pub shanten: i8,
    /// Improving kinds after the discard.
    pub mask: KindMask,
    /// Copies left of those kinds.
    pub count: u32,
}

/// The ranked discards of a `3k+2` hand from counts, into `out` (cleared first).
///
/// ```
/// use tenpai::{shanten::HandCounts, ukeire::*};
/// let h = HandCounts::from_hand(&"1112345678999m1z".parse()?);
/// let mut out = Vec::new();
/// rank_discards_into(&h, &Visible::none(), &mut out)?;
/// assert_eq!((out.len(), out[0].kind, out[0].count), (10, 27, 23)); // 1z first
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn rank_discards_into(
    hand: &HandCounts,
    visible: &Visible,
    out: &mut Vec<DiscardMask>,
) -> Result<(), Error> {
    out.clear();
    if !hand.is_drawn() {
        return Err(Error::Invalid(format!(
            "a discard ranking needs a hand that has drawn (3k+2 concealed tiles), not {} concealed tiles",
            hand.tiles()
        )));
    }
    if hand.calls() == 0 && !hand.is_sanma() {
        let mut left = [0u8; 40];
        for (i, l) in left.iter_mut().enumerate().take(KINDS) {
            *l = visible.left(i, hand.held(i));
        }
        // The copies left as three bit planes: bit k of planes[b] is bit b of kind k's.
        // Eight kinds a word: the multiplication moves byte i's low bit to bit 56 + i.
        let mut planes = [0 as KindMask; 3];
        for k in 0..5 {
            let mut b = [0u8; 8];
            b.copy_from_slice(&left[8 * k..8 * k + 8]);
            let w = u64::from_le_bytes(b);
            for (bit, p) in planes.iter_mut().enumerate() {
                let flags = (w >> bit) & 0x0101_0101_0101_0101;
                *p |= (flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
            }
        }
        // Collect with their sort keys, sort the keys (at most 14), then emit.
        let mut found = [(0u32, 0 as KindMask); 14];
        let mut n = 0usize;
        crate::shanten::closed_discards(
            hand.concealed(),
            hand.tiles(),
            #[inline(always)]
            |d| {
                // The discarded copy is back in the count (it left the hand).
                let count = (d.mask >> d.kind & 1) as u32 + masked_sum(d.mask, &planes);
                if n < found.len() {
                    found[n] = (rank_key(d.distance as i8 - 1, count, d.kind), d.mask);
                    n += 1;
                }
            },
        );
        // Sorted without branches on the (random) keys: each key's place is the number
        // of smaller keys (keys are distinct: they end with the kind). Signed (the keys
        // are below 2^24), so that the comparisons of all sixteen are vector ones.
        let mut keys = [i32::MAX; 16];
        for (k, f) in keys.iter_mut().zip(&found[..n]) {
            *k = f.0 as i32;
        }
        // Written in place: every place below n is taken once.
        out.resize(
            n,
            DiscardMask {
                kind: 0,
                shanten: 0,
                mask: 0,
                count: 0,
            },
        );
        for (i, &(key, mask)) in found[..n].iter().enumerate() {
            let mut place = 0u8;
            for &k in keys.iter() {
                place += (k < keys[i]) as u8;
            }
            out[place as usize] = DiscardMask {
                kind: key as u8,
                shanten: (key >> 16) as i8 - 1,
                mask,
                count: 255 - (key >> 8 & 255),
            };
        }
        return Ok(());
    }
    for kind in 0..KINDS {
        let Some(after) = hand.without(kind) else {
            continue;
        };
        // The ukeire of the hand after the discard, exactly as `ukeire` defines it:
        // the discarded copy is not counted as visible unless `visible` says so.
        let u = ukeire_unchecked(&after, visible);
        out.push(DiscardMask {
            kind: kind as u8,
            shanten: u.shanten.value(),
            mask: u.mask,
            count: u.count,
        });
    }
    sort_ranked(out);
    Ok(())
}

/// Sum of the copies left (as bit planes) at the kinds set in `mask`: the three
/// planes' counts per byte, weighted and added (at most 8 + 16 + 32 a byte), then the
/// bytes summed (at most 136) by one multiplication. (One version for every target:
/// a second one for CPUs with a population count instruction, compiled only there,
/// went untested by the usual builds.)
#[inline(always)]
fn masked_sum(mask: KindMask, planes: &[KindMask; 3]) -> u32 {
    const fn per_byte(v: u64) -> u64 {
        let v = v - (v >> 1 & 0x5555_5555_5555_5555);
        let v = (v & 0x3333_3333_3333_3333) + (v >> 2 & 0x3333_3333_3333_3333);
        (v + (v >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
    }
    let s = per_byte(mask & planes[0])
        + 2 * per_byte(mask & planes[1])
        + 4 * per_byte(mask & planes[2]);
    (s.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// Lower shanten first, then larger ukeire count, then tile order.
fn sort_ranked(out: &mut [DiscardMask]) {
    out.sort_unstable_by_key(|d| rank_key(d.shanten, d.count, d.kind));
}

/// One integer in ranking order: shanten (at least -1), then 255 - count (a count is
/// at most 136), then kind.
const fn rank_key(shanten: i8, count: u32, kind: u8) -> u32 {
    ((shanten as i32 + 1) as u32) << 16 | (255 - count) << 8 | kind as u32
}

/// The ranked discards of a `3k+2` hand, with `visible` tiles seen outside it.
///
/// ```
/// let d = tenpai::ukeire::discards(&"123m456p789s11223z".parse()?, &[])?;
/// assert_eq!((d[0].discard.to_string(), d[0].shanten), ("3z".into(), 0));
/// assert_eq!(d.last().unwrap().shanten, 1);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn discards(hand: &Hand, visible: &[Tile]) -> Result<Vec<Discard>, Error> {
    discards_of_counts(&HandCounts::from_hand(hand), visible)
}

/// [`discards`] from counts (three-player counts included: see
/// [`HandCounts::sanma`]).
pub fn discards_of_counts(counts: &HandCounts, visible: &[Tile]) -> Result<Vec<Discard>, Error> {
    let counts = *counts;
    let vis = Visible::new(&counts, visible)?;
    let mut ranked = Vec::with_capacity(14);
    rank_discards_into(&counts, &vis, &mut ranked)?;
    Ok(ranked
        .iter()
        .map(|d| {
            let tiles: Vec<Tile> = mask_tiles(d.mask).collect();
            let after = counts.without(d.kind as usize).unwrap_or(counts);
            let left = tiles
                .iter()
                .map(|t| vis.left(t.index(), after.held(t.index())))
                .collect();
            Discard {
                discard: Tile::new(d.kind),
                shanten: d.shanten,
                waits: if d.shanten == 0 {
                    tiles.clone()
                } else {
                    Vec::new()
                },
                ukeire_tiles: tiles,
                ukeire_left: left,
                ukeire_count: d.count,
            }
        })
        .collect())
}
