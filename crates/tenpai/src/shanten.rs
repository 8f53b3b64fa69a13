//! Exact shanten: how many tiles a hand is from complete, honouring the four-copy limit.
//!
//! A hand of concealed tiles and calls needs `concealed / 3` more melds and a pair from
//! its concealed tiles. Its **shanten** is the least number of tiles that must be
//! drawn or replaced to reach a complete hand, less one: `-1` complete, `0` tenpai.
//! The target complete hand may hold each kind at most four times *counting the
//! copies in the player's own calls*, so `1112223334444z` is 1-shanten (its fourth
//! `4z` cannot become a pair with a fifth) and a pon of a kind plus its fourth copy
//! held alone is not a pair wait.
//!
//! Forms: **regular** (melds and a pair), **chiitoitsu** (seven different pairs; no
//! calls, 13 or 14 concealed tiles) and **kokushi** (the thirteen terminals and
//! honors plus a pair of one; no calls, 13 or 14 tiles). The overall shanten is the
//! least of the forms that apply.
//!
//! How: each suit and the honors is a *group*. Tables built by `build.rs` (see
//! `suit_table`) give, for every group pattern of up to 14 tiles, the exact distance to
//! every (melds, pair) target inside the group with the four-copy cap; the hand's
//! regular distance is the best split of the melds and the pair among the groups. A
//! group that shares kinds with a call has lower caps and is computed by the same
//! exhaustive programme at run time instead. The cost per hand does not depend on its
//! shape: four table lookups and three small min-plus products.
//!
//! ```
//! use tenpai::shanten::shanten;
//! let hand: tenpai::Hand = "1112223334444z".parse()?;
//! let s = shanten(&hand);
//! assert_eq!((s.value(), s.regular, s.chiitoitsu, s.kokushi), (1, 1, Some(5), Some(8)));
//! # Ok::<(), tenpai::Error>(())
//! ```

use crate::error::Error;
use crate::hand::Hand;
use crate::suit_table::{self, Lanes, ALL_INF, INF, MAX_TILES, VALID_LANES};
use crate::tile::{Tile, TileCounts, KINDS};

/// Shanten per form, and overall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shanten {
    /// Regular form (melds and a pair).
    pub regular: i8,
    /// Seven pairs, when it applies (no calls, 13 or 14 concealed tiles).
    pub chiitoitsu: Option<i8>,
    /// Thirteen orphans, when it applies (no calls, 13 or 14 concealed tiles).
    pub kokushi: Option<i8>,
}

impl Shanten {
    /// The overall shanten: the least of the forms that apply.
    pub fn value(&self) -> i8 {
        let mut v = self.regular;
        if let Some(c) = self.chiitoitsu {
            v = v.min(c);
        }
        if let Some(k) = self.kokushi {
            v = v.min(k);
        }
        v
    }

    /// Whether the hand is complete (shanten -1).
    pub fn is_complete(&self) -> bool {
        self.value() < 0
    }

    /// Whether the hand is tenpai (shanten 0).
    pub fn is_tenpai(&self) -> bool {
        self.value() == 0
    }
}

/// The 13 terminal and honor kinds.
const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// A bit set of kinds, bit `i` for kind `i`.
pub type KindMask = u64;

/// The kinds of a mask, ascending.
pub fn mask_tiles(mask: KindMask) -> impl Iterator<Item = Tile> {
    (0..KINDS as u8)
        .filter(move |&i| mask >> i & 1 == 1)
        .map(Tile::new)
}

/// A hand reduced to what shanten needs: concealed counts, the copies in calls, and
/// the number of calls. Always valid: at most four of a kind counting calls, `3k+1`
/// or `3k+2` concealed tiles, at most 14 tiles counting each call as three.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandCounts {
    concealed: [u8; KINDS],
    called: [u8; KINDS],
    calls: u8,
    tiles: u8,
    /// Groups (bit g) that share a kind with a call.
    capped: u8,
}

impl HandCounts {
    /// Checked constructor: `concealed` counts, `called` copies per kind in the calls,
    /// `calls` the number of calls.
    pub fn new(
        concealed: [u8; KINDS],
        called: [u8; KINDS],
        calls: usize,
    ) -> Result<HandCounts, Error> {
        let mut tiles = 0usize;
        let mut capped = 0u8;
        for i in 0..KINDS {
            if concealed[i] as usize + called[i] as usize > 4 {
                return Err(Error::Invalid(format!(
                    "a fifth copy of {} (at most 4 of a kind, counting calls)",
                    Tile::new(i as u8)
                )));
            }
            tiles += concealed[i] as usize;
            if called[i] > 0 {
                capped |= 1 << (i / 9);
            }
        }
        let called_total: usize = called.iter().map(|&c| c as usize).sum();
        if calls > 4 || called_total < 3 * calls || called_total > 4 * calls {
            return Err(Error::Invalid(format!(
                "{called_total} called tiles cannot form {calls} call(s)"
            )));
        }
        if tiles == 0 || tiles % 3 == 0 || tiles + 3 * calls > 14 {
            return Err(Error::Invalid(format!(
                "{tiles} concealed tiles with {calls} call(s) is not a hand: need 3k+1 or 3k+2 concealed tiles and at most 14 tiles counting each call as 3"
            )));
        }
        Ok(HandCounts {
            concealed,
            called,
            calls: calls as u8,
            tiles: tiles as u8,
            capped,
        })
    }

    /// Concealed counts with no calls, checked.
    pub fn closed(concealed: [u8; KINDS]) -> Result<HandCounts, Error> {
        HandCounts::new(concealed, [0; KINDS], 0)
    }

    /// The counts of a hand.
    pub fn from_hand(hand: &Hand) -> HandCounts {
        let concealed = hand.concealed_counts().0;
        let called = hand.call_counts().0;
        let mut capped = 0u8;
        for (i, &c) in called.iter().enumerate() {
            if c > 0 {
                capped |= 1 << (i / 9);
            }
        }
        HandCounts {
            concealed,
            called,
            calls: hand.calls().len() as u8,
            tiles: hand.concealed().len() as u8,
            capped,
        }
    }

    /// Concealed counts.
    pub const fn concealed(&self) -> &[u8; KINDS] {
        &self.concealed
    }

    /// Copies of each kind in the calls.
    pub const fn called(&self) -> &[u8; KINDS] {
        &self.called
    }

    /// Number of calls.
    pub const fn calls(&self) -> usize {
        self.calls as usize
    }

    /// Number of concealed tiles.
    pub const fn tiles(&self) -> usize {
        self.tiles as usize
    }

    /// Whether the concealed part has `3k+2` tiles (the player is to discard).
    pub const fn is_drawn(&self) -> bool {
        self.tiles % 3 == 2
    }

    /// Copies of `kind` the player holds, concealed and called.
    pub const fn held(&self, kind: usize) -> u8 {
        self.concealed[kind] + self.called[kind]
    }

    /// Melds the concealed tiles must still make.
    const fn melds(&self) -> usize {
        self.tiles as usize / 3
    }

    /// Whether chiitoitsu and kokushi apply.
    const fn special_forms(&self) -> bool {
        self.calls == 0 && self.tiles >= 13
    }

    /// Add one concealed tile of `kind`; `None` if it would be a fifth copy or too many tiles.
    pub fn with(&self, kind: usize) -> Option<HandCounts> {
        if self.held(kind) >= 4 || self.tiles as usize + 3 * self.calls as usize >= 14 {
            return None;
        }
        let mut h = *self;
        h.concealed[kind] += 1;
        h.tiles += 1;
        (h.tiles % 3 != 0).then_some(h)
    }

    /// Remove one concealed tile of `kind`; `None` if there is none or the count would
    /// not be a hand.
    pub fn without(&self, kind: usize) -> Option<HandCounts> {
        if self.concealed[kind] == 0 || self.tiles <= 1 {
            return None;
        }
        let mut h = *self;
        h.concealed[kind] -= 1;
        h.tiles -= 1;
        (h.tiles % 3 != 0).then_some(h)
    }

    /// Shanten per form.
    pub fn shanten(&self) -> Shanten {
        let g = self.group_lanes();
        let regular = regular_distance(&g, self.melds()) as i8 - 1;
        let (chiitoitsu, kokushi) = if self.special_forms() {
            let (c, k) = special_distances(&self.concealed);
            (Some(c as i8 - 1), Some(k as i8 - 1))
        } else {
            (None, None)
        };
        Shanten {
            regular,
            chiitoitsu,
            kokushi,
        }
    }

    /// Overall shanten only (the least over the forms).
    #[inline]
    pub fn shanten_value(&self) -> i8 {
        self.shanten().value()
    }

    fn group_lanes(&self) -> [Lanes; 4] {
        let mut out = [ALL_INF; 4];
        for (g, lanes) in out.iter_mut().enumerate() {
            let (lo, len) = group_span(g);
            let h = &self.concealed[lo..lo + len];
            *lanes = if self.capped >> g & 1 == 0 {
                tables::lanes(g, h)
            } else {
                let caps = self.caps(g);
                suit_table::group_vector(h, &caps[..len], g < 3)
            };
        }
        out
    }

    fn caps(&self, g: usize) -> [u8; 9] {
        let (lo, len) = group_span(g);
        let mut caps = [4u8; 9];
        for (cap, &c) in caps.iter_mut().zip(&self.called[lo..lo + len]) {
            *cap = 4 - c;
        }
        caps
    }

    /// Shanten and the improving draws (ukeire kinds, own four-copy kinds excluded)
    /// of a `3k+1` hand. For a `3k+2` hand the mask is that of the hand as if it
    /// needed one more tile... callers only ask for `3k+1` hands.
    pub(crate) fn analyze(&self) -> (Shanten, KindMask) {
        let mut lanes = [ALL_INF; 4];
        let mut masks = [[0u16; 10]; 4];
        for g in 0..4 {
            let (lo, len) = group_span(g);
            let h = &self.concealed[lo..lo + len];
            if self.capped >> g & 1 == 0 {
                let (l, m) = tables::lanes_masks(g, h);
                lanes[g] = l;
                masks[g] = m;
            } else {
                let caps = self.caps(g);
                lanes[g] = suit_table::group_vector(h, &caps[..len], g < 3);
                masks[g] = suit_table::group_masks(h, &caps[..len], g < 3, &lanes[g]);
            }
        }
        let target = 8 + self.melds();
        let p01 = conv(&lanes[0], &lanes[1]);
        let p23 = conv(&lanes[2], &lanes[3]);
        let rest = [
            conv(&lanes[1], &p23),
            conv(&lanes[0], &p23),
            conv(&p01, &lanes[3]),
            conv(&p01, &lanes[2]),
        ];
        let reg = final_min(&p01, &p23, target);
        let mut reg_mask: KindMask = 0;
        for g in 0..4 {
            let mut m = 0u16;
            for (j, &l) in VALID_LANES.iter().enumerate() {
                if l <= target && lanes[g][l] + rest[g][target - l] == reg {
                    m |= masks[g][j];
                }
            }
            reg_mask |= (m as KindMask) << (9 * g);
        }
        let regular = reg as i8 - 1;
        if !self.special_forms() {
            return (
                Shanten {
                    regular,
                    chiitoitsu: None,
                    kokushi: None,
                },
                reg_mask,
            );
        }
        let (c, k) = special_distances(&self.concealed);
        let best = reg.min(c).min(k);
        let mut mask = 0;
        if reg == best {
            mask |= reg_mask;
        }
        if c == best && c > 0 {
            mask |= chiitoitsu_mask(&self.concealed);
        }
        if k == best && k > 0 {
            mask |= kokushi_mask(&self.concealed);
        }
        (
            Shanten {
                regular,
                chiitoitsu: Some(c as i8 - 1),
                kokushi: Some(k as i8 - 1),
            },
            mask,
        )
    }
}

impl TryFrom<&TileCounts> for HandCounts {
    type Error = Error;
    fn try_from(c: &TileCounts) -> Result<HandCounts, Error> {
        HandCounts::closed(c.0)
    }
}

/// First kind and length of group `g` (0 man, 1 pin, 2 sou, 3 honors).
const fn group_span(g: usize) -> (usize, usize) {
    if g < 3 {
        (9 * g, 9)
    } else {
        (27, 7)
    }
}

/// Shanten of a hand, per form.
pub fn shanten(hand: &Hand) -> Shanten {
    HandCounts::from_hand(hand).shanten()
}

/// Min-plus product of two lane vectors: the best split of melds and pair.
#[inline(always)]
pub(crate) fn conv(a: &Lanes, b: &Lanes) -> Lanes {
    let mut c = [u8::MAX; 16];
    for &l1 in VALID_LANES.iter() {
        let av = a[l1];
        let mut shifted = [INF; 16];
        shifted[l1..].copy_from_slice(&b[..16 - l1]);
        for i in 0..16 {
            c[i] = c[i].min(shifted[i] + av);
        }
    }
    const GARBAGE: Lanes = [0, 0, 0, 0, 0, INF, INF, INF, 0, 0, 0, 0, 0, INF, INF, INF];
    for i in 0..16 {
        c[i] = c[i].min(INF).max(GARBAGE[i]);
    }
    c
}

/// The best total for `target` lane from two partial products.
#[inline(always)]
fn final_min(a: &Lanes, b: &Lanes, target: usize) -> u8 {
    let mut best = u8::MAX;
    for &l in VALID_LANES.iter() {
        if l <= target {
            best = best.min(a[l] + b[target - l]);
        }
    }
    best
}

/// The regular distance (shanten + 1) from the four group vectors.
#[inline(always)]
fn regular_distance(g: &[Lanes; 4], melds: usize) -> u8 {
    let ab = conv(&g[0], &g[1]);
    let cd = conv(&g[2], &g[3]);
    final_min(&ab, &cd, 8 + melds)
}

/// Chiitoitsu and kokushi distances (shanten + 1) of 13 or 14 concealed tiles.
#[inline]
fn special_distances(c: &[u8; KINDS]) -> (u8, u8) {
    let mut pairs = 0u8;
    let mut kinds = 0u8;
    for &n in c.iter() {
        pairs += (n >= 2) as u8;
        kinds += (n >= 1) as u8;
    }
    let chiitoi = 7u8.saturating_sub(pairs) + 7u8.saturating_sub(kinds);
    let mut orphans = 0u8;
    let mut pair = 0u8;
    for &i in YAOCHUU.iter() {
        orphans += (c[i] >= 1) as u8;
        pair |= (c[i] >= 2) as u8;
    }
    (chiitoi, 14 - orphans - pair)
}

/// Draws that lower the chiitoitsu distance of 13 tiles.
fn chiitoitsu_mask(c: &[u8; KINDS]) -> KindMask {
    let kinds = c.iter().filter(|&&n| n >= 1).count();
    let mut m = 0;
    for (i, &n) in c.iter().enumerate() {
        if n == 1 || (n == 0 && kinds < 7) {
            m |= 1 << i;
        }
    }
    m
}

/// Draws that lower the kokushi distance of 13 tiles.
fn kokushi_mask(c: &[u8; KINDS]) -> KindMask {
    let pair = YAOCHUU.iter().any(|&i| c[i] >= 2);
    let mut m = 0;
    for &i in YAOCHUU.iter() {
        if c[i] == 0 || (c[i] == 1 && !pair) {
            m |= 1 << i;
        }
    }
    m
}

/// The tables generated by `build.rs`, and lookups into them.
pub(crate) mod tables {
    use super::*;

    static SUIT_DIST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/suit_dist.bin"));
    static SUIT_MASKS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/suit_masks.bin"));
    static HONOR_DIST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/honor_dist.bin"));
    static HONOR_MASKS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/honor_masks.bin"));

    type RankTable<const N: usize> = [[[u32; 5]; MAX_TILES + 1]; N];

    const fn rank_table<const N: usize>() -> RankTable<N> {
        // count[k][r]: patterns of k kinds with at most r tiles.
        let mut count = [[0u32; MAX_TILES + 1]; 10];
        let mut r = 0;
        while r <= MAX_TILES {
            count[0][r] = 1;
            r += 1;
        }
        let mut k = 1;
        while k < 10 {
            let mut r = 0;
            while r <= MAX_TILES {
                let mut v = 0;
                while v <= 4 && v <= r {
                    count[k][r] += count[k - 1][r - v];
                    v += 1;
                }
                r += 1;
            }
            k += 1;
        }
        let mut t = [[[0u32; 5]; MAX_TILES + 1]; N];
        let mut i = 0;
        while i < N {
            let rest = N - i - 1;
            let mut n = 0;
            while n <= MAX_TILES {
                let mut h = 0;
                while h < 5 && h <= n {
                    let before = n - h;
                    let mut v = 0;
                    while v < h {
                        t[i][n][h] += count[rest][MAX_TILES - before - v];
                        v += 1;
                    }
                    h += 1;
                }
                n += 1;
            }
            i += 1;
        }
        t
    }

    static SUIT_RANK: RankTable<9> = rank_table::<9>();
    static HONOR_RANK: RankTable<7> = rank_table::<7>();

    #[inline(always)]
    fn rank<const N: usize>(t: &RankTable<N>, h: &[u8]) -> usize {
        let mut n = 0usize;
        let mut r = 0u32;
        for i in 0..N {
            let v = h[i] as usize;
            n += v;
            r += t[i][n][v];
        }
        r as usize
    }

    #[inline(always)]
    fn read_u64(bytes: &[u8], i: usize) -> u64 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&bytes[8 * i..8 * i + 8]);
        u64::from_le_bytes(b)
    }

    #[inline(always)]
    fn index(g: usize, h: &[u8]) -> usize {
        if g < 3 {
            rank(&SUIT_RANK, h)
        } else {
            rank(&HONOR_RANK, h)
        }
    }

    /// Distance lanes of group `g` with counts `h` (caps 4).
    #[inline(always)]
    pub(crate) fn lanes(g: usize, h: &[u8]) -> Lanes {
        let i = index(g, h);
        let bytes = if g < 3 { SUIT_DIST } else { HONOR_DIST };
        suit_table::unpack(read_u64(bytes, i))
    }

    /// Distance lanes and improving-draw masks of group `g` with counts `h` (caps 4).
    #[inline(always)]
    pub(crate) fn lanes_masks(g: usize, h: &[u8]) -> (Lanes, [u16; 10]) {
        let i = index(g, h);
        let (dist, masks) = if g < 3 {
            (SUIT_DIST, SUIT_MASKS)
        } else {
            (HONOR_DIST, HONOR_MASKS)
        };
        let mut m = [0u16; 10];
        let raw = &masks[20 * i..20 * i + 20];
        for (j, v) in m.iter_mut().enumerate() {
            *v = u16::from_le_bytes([raw[2 * j], raw[2 * j + 1]]);
        }
        (suit_table::unpack(read_u64(dist, i)), m)
    }

    /// Number of patterns in the suit and honor tables.
    #[cfg(test)]
    pub(crate) fn sizes() -> (usize, usize) {
        (SUIT_DIST.len() / 8, HONOR_DIST.len() / 8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(s: &str) -> Shanten {
        shanten(&s.parse::<Hand>().unwrap())
    }

    #[test]
    fn table_matches_the_programme() {
        // Every 200th pattern of each table against a fresh exhaustive computation.
        let (ns, nh) = tables::sizes();
        let mut seen = [0usize; 2];
        let mut h = [0u8; 9];
        fn each(i: usize, len: usize, n: usize, h: &mut [u8; 9], f: &mut dyn FnMut(&[u8])) {
            if i == len {
                f(&h[..len]);
                return;
            }
            for v in 0..=4u8 {
                if n + v as usize > MAX_TILES {
                    break;
                }
                h[i] = v;
                each(i + 1, len, n + v as usize, h, f);
            }
            h[i] = 0;
        }
        for (g, len) in [(0usize, 9usize), (3, 7)] {
            let mut k = 0usize;
            each(0, len, 0, &mut h, &mut |p| {
                if k % 97 == 0 {
                    let caps = [4u8; 9];
                    let d = suit_table::group_vector(p, &caps[..len], g < 3);
                    let (l, m) = tables::lanes_masks(g, p);
                    assert_eq!(l, d, "{p:?}");
                    if p.iter().map(|&v| v as usize).sum::<usize>() < MAX_TILES {
                        assert_eq!(
                            m,
                            suit_table::group_masks(p, &caps[..len], g < 3, &d),
                            "{p:?}"
                        );
                    }
                    seen[(g == 3) as usize] += 1;
                }
                k += 1;
            });
            assert_eq!(k, if g < 3 { ns } else { nh });
        }
        assert!(seen[0] > 4000 && seen[1] > 300);
    }

    #[test]
    fn four_copy_limit() {
        assert_eq!(sh("1112223334444z").regular, 1);
        assert_eq!(sh("11112222333444z").regular, 1);
        assert_eq!(sh("123m456p789s1111z").regular, 1);
        assert_eq!(sh("1z (111z)").regular, 1);
        assert_eq!(sh("2z (111z)").regular, 0);
    }
}
