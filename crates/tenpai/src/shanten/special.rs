//! The special forms: chiitoitsu and kokushi distances and their improving draws.

use super::words::{byte_flags_to_bits, byte_sum, words};
use super::KindMask;
use crate::tile::KINDS;

/// The terminal and honor kinds as a mask.
pub(super) const ORPHANS: KindMask = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7f << 27;

/// The 13 terminal and honor kinds (the test references use them).
#[cfg(test)]
pub(super) const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Chiitoitsu and kokushi distances (shanten + 1) of 13 or 14 concealed tiles.
///
/// Eight counts at a time: a count (0..=4) is at least 1 when any of its three low
/// bits is set and at least 2 when bit 1 or 2 is.
#[inline]
pub(super) fn special_distances(c: &[u8; KINDS]) -> (u8, u8) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    // Terminal and honor bytes of each word (kinds 0-7, 8-15, 16-23, 24-31, 32-33).
    const ORPHAN: [u64; 5] = [
        0x0000_0000_0000_0001,
        0x0000_0000_0000_0101,
        0x0000_0000_0001_0100,
        0x0101_0101_0101_0000,
        0x0000_0000_0000_0101,
    ];
    let w = words(c);
    let mut pairs = 0u32;
    let mut kinds = 0u32;
    let mut orphans = 0u32;
    let mut orphan_pair = 0u64;
    for k in 0..5 {
        let x = w[k];
        let ge1 = (x | x >> 1 | x >> 2) & LOW;
        let ge2 = (x >> 1 | x >> 2) & LOW;
        pairs += byte_sum(ge2);
        kinds += byte_sum(ge1);
        orphans += byte_sum(ge1 & ORPHAN[k]);
        orphan_pair |= ge2 & ORPHAN[k];
    }
    special_from(pairs, kinds, orphans, orphan_pair != 0)
}

/// Chiitoitsu and kokushi distances (shanten + 1) of 13 or 14 concealed tiles from
/// their pairs, kinds, orphan kinds and whether an orphan kind is paired.
#[inline(always)]
pub(super) const fn special_from(
    pairs: u32,
    kinds: u32,
    orphans: u32,
    orphan_pair: bool,
) -> (u8, u8) {
    let chiitoi = 7u32.saturating_sub(pairs) + 7u32.saturating_sub(kinds);
    let kokushi = 14 - orphans - orphan_pair as u32;
    (chiitoi as u8, kokushi as u8)
}

/// Draws that lower the chiitoitsu and the kokushi distance of 13 tiles, from masks
/// of the kinds held at least once and at least twice (no branch on a count).
#[inline]
pub(super) fn special_masks(c: &[u8; KINDS]) -> (KindMask, KindMask) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let (mut ge1, mut ge2) = (0 as KindMask, 0 as KindMask);
    for (k, x) in words(c).into_iter().enumerate() {
        ge1 |= byte_flags_to_bits((x | x >> 1 | x >> 2) & LOW) << (8 * k);
        ge2 |= byte_flags_to_bits((x >> 1 | x >> 2) & LOW) << (8 * k);
    }
    let all: KindMask = (1 << KINDS) - 1;
    let (ge1, ge2) = (ge1 & all, ge2 & all);
    let (ones, zeros) = (ge1 & !ge2, all & !ge1);
    let when = |b: bool| (b as KindMask).wrapping_neg();
    let chiitoitsu = ones | (zeros & when(ge1.count_ones() < 7));
    let kokushi = ORPHANS & (zeros | (ones & when(ge2 & ORPHANS == 0)));
    (chiitoitsu, kokushi)
}

/// Draws that lower the chiitoitsu distance of 13 tiles (reference for tests).
#[cfg(test)]
pub(super) fn chiitoitsu_mask(c: &[u8; KINDS]) -> KindMask {
    let kinds = c.iter().filter(|&&n| n >= 1).count();
    let mut m = 0;
    for (i, &n) in c.iter().enumerate() {
        if n == 1 || (n == 0 && kinds < 7) {
            m |= 1 << i;
        }
    }
    m
}

/// Draws that lower the kokushi distance of 13 tiles (reference for tests).
#[cfg(test)]
pub(super) fn kokushi_mask(c: &[u8; KINDS]) -> KindMask {
    let pair = YAOCHUU.iter().any(|&i| c[i] >= 2);
    let mut m = 0;
    for &i in YAOCHUU.iter() {
        if c[i] == 0 || (c[i] == 1 && !pair) {
            m |= 1 << i;
        }
    }
    m
}
