//! The dual of the discard ranking: the shanten of a closed `3k` hand with each kind
//! added, by table lookups only (the advice engine asks it of 12-tile hands, whose
//! 13-tile neighbours it values).

use super::combine::group_span;
use super::special::{special_from, ORPHANS};
use super::words::{byte_flags_to_bits, byte_sum, words};
use super::{tables, KindMask};
use crate::tile::KINDS;

/// Shanten of `c + t` for every kind `t` of a closed hand `c` of 3, 6, 9 or 12 tiles
/// (no calls, counts at most 4; the caller checks): `out[t]`, or `i8::MAX` where `c`
/// holds four of `t`. Each group's classes with one more tile of each kind are read
/// in one go; the special forms (13 tiles only) from the counts of pairs, kinds and
/// orphans.
// Groups are indexed together in parallel arrays.
#[allow(clippy::needless_range_loop)]
pub(crate) fn closed_draws(c: &[u8; KINDS]) -> [i8; KINDS] {
    // (Word by word, as the caller's counts are usually written.)
    let tiles: usize = words(c).iter().map(|&w| byte_sum(w) as usize).sum();
    // The hands after a draw hold tiles + 1 tiles: melds to make as for them.
    let melds = (tiles + 1) / 3;
    let mut own = [0u8; 4];
    let mut plus = [[0u8; 9]; 4];
    for g in 0..4 {
        let (lo, len) = group_span(g);
        let code = tables::Code::of(g, &c[lo..lo + len]);
        own[g] = code.class(g);
        code.plus_classes(g, &mut plus[g]);
    }
    // Special forms of 13 tiles: the draw adds a kind, a pair, an orphan kind or an
    // orphan pair.
    let (pairs, kinds, orphans, orphan_pairs) = if tiles == 12 {
        special_counts(c)
    } else {
        (0, 0, 0, 0)
    };
    let orphan_pair = orphan_pairs > 0;
    let chains = tables::Chains::new(&own, melds);
    // A draw lowers either special distance by one at most and never raises the
    // regular one: when both special distances are above the regular one already, no
    // draw makes them less than its regular one.
    let special = tiles == 12 && {
        let (chi, kok) = special_from(pairs, kinds, orphans, orphan_pair);
        chi.min(kok) <= chains.whole()
    };
    let mut out = [i8::MAX; KINDS];
    for g in 0..4 {
        let (lo, len) = group_span(g);
        for k in 0..len {
            let t = lo + k;
            let n = c[t];
            if n >= 4 {
                continue;
            }
            let mut d = chains.with(g, plus[g][k]);
            if special {
                let orphan = ORPHANS >> t & 1 == 1;
                let (chi, kok) = special_from(
                    pairs + (n == 1) as u32,
                    kinds + (n == 0) as u32,
                    orphans + (orphan && n == 0) as u32,
                    orphan_pair || (orphan && n == 1),
                );
                d = d.min(chi).min(kok);
            }
            out[t] = d as i8 - 1;
        }
    }
    out
}

/// Shanten of `c - y` for every kind `y` in `which` of a closed hand `c` of 5, 8, 11
/// or 14 tiles (no calls, counts at most 4; the caller checks): `out[y]`, or `i8::MAX`
/// where `c` holds no `y` or `y` is not in `which`. The discard ranking without the improving draws (see
/// `closed_discards`), for callers that only need the distances.
// Groups are indexed together in parallel arrays.
#[allow(clippy::needless_range_loop)]
pub(crate) fn closed_discard_shanten(c: &[u8; KINDS], which: KindMask) -> [i8; KINDS] {
    // (Word by word, as the caller's counts are usually written.)
    let tiles: usize = words(c).iter().map(|&w| byte_sum(w) as usize).sum();
    let melds = tiles.saturating_sub(1) / 3;
    let mut own = [0u8; 4];
    let mut codes = [tables::Code::of(3, &[0; 7]); 4];
    for g in 0..4 {
        let (lo, len) = group_span(g);
        codes[g] = tables::Code::of(g, &c[lo..lo + len]);
        own[g] = codes[g].class(g);
    }
    // Special forms of 13 tiles: the discard takes a kind, a pair, an orphan kind or
    // an orphan pair away.
    let (pairs, kinds, orphans, orphan_pairs) = if tiles == 14 {
        special_counts(c)
    } else {
        (0, 0, 0, 0)
    };
    let chains = tables::Chains::new(&own, melds);
    // A discard never lowers a special distance and raises the regular one by one at
    // most: when both special distances are above the regular one already, no discard
    // makes them less than its regular one.
    let special = tiles == 14 && {
        let (chi, kok) = special_from(pairs, kinds, orphans, orphan_pairs > 0);
        chi.min(kok) <= chains.whole()
    };
    let mut out = [i8::MAX; KINDS];
    let mut m = which & held_mask(c);
    while m != 0 {
        let y = m.trailing_zeros() as usize;
        m &= m - 1;
        let n = c[y];
        let (g, k) = (y / 9, y % 9);
        let mut d = chains.with(g, codes[g].take(g, k).class(g));
        if special {
            let orphan = ORPHANS >> y & 1 == 1;
            let (chi, kok) = special_from(
                pairs - (n == 2) as u32,
                kinds - (n == 1) as u32,
                orphans - (orphan && n == 1) as u32,
                orphan_pairs - (orphan && n == 2) as u32 > 0,
            );
            d = d.min(chi).min(kok);
        }
        out[y] = d as i8 - 1;
    }
    out
}

/// Pairs, kinds, orphan kinds and orphan pairs of counts, eight counts at a time (a
/// count is at least 1 when any of its three low bits is set, at least 2 when bit 1
/// or 2 is).
#[inline(always)]
fn special_counts(c: &[u8; KINDS]) -> (u32, u32, u32, u32) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let (mut pairs, mut kinds, mut orphans, mut orphan_pairs) = (0u32, 0u32, 0u32, 0u32);
    for (k, x) in words(c).into_iter().enumerate() {
        let ge1 = (x | x >> 1 | x >> 2) & LOW;
        let ge2 = (x >> 1 | x >> 2) & LOW;
        let orphan = ORPHAN_BYTES[k];
        pairs += byte_sum(ge2);
        kinds += byte_sum(ge1);
        orphans += byte_sum(ge1 & orphan);
        orphan_pairs += byte_sum(ge2 & orphan);
    }
    (pairs, kinds, orphans, orphan_pairs)
}

/// The terminal and honor bytes of each word (kinds 0-7, 8-15, 16-23, 24-31, 32-33).
const ORPHAN_BYTES: [u64; 5] = {
    let mut m = [0u64; 5];
    let mut t = 0;
    while t < KINDS {
        if ORPHANS >> t & 1 == 1 {
            m[t / 8] |= 1 << (8 * (t % 8));
        }
        t += 1;
    }
    m
};

/// The kinds held at least once.
#[inline(always)]
fn held_mask(c: &[u8; KINDS]) -> KindMask {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let mut m: KindMask = 0;
    for (k, x) in words(c).into_iter().enumerate() {
        m |= byte_flags_to_bits((x | x >> 1 | x >> 2) & LOW) << (8 * k);
    }
    m & ((1 << KINDS) - 1)
}
