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
//! `suit_table`) give, for every group pattern of up to 14 tiles, its *class*: which of
//! the few distinct distance vectors (the exact distance to every (melds, pair) target
//! inside the group, with the four-copy cap) it has. The hand's regular distance is
//! the best split of the melds and the pair among the groups; for closed hands the
//! splits are tabulated too (classes of products of classes), so the cost per hand does
//! not depend on its shape: four pattern ranks, four class bytes and three lookups.
//! Improving draws compare a class with the classes of the patterns one tile larger
//! (the discard ranking reads them, for groups of at most seven tiles, from one direct
//! row per pattern). A group that shares kinds with a call has lower caps and is
//! computed by the same exhaustive programme at run time instead.
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
use crate::suit_table::{self, Lanes, Narrow, ALL_INF, INF, MAX_TILES, VALID_LANES};
use crate::tile::{Tile, TileCounts, KINDS};

/// Shanten per form, and overall.
///
/// ```
/// let s = tenpai::shanten::shanten(&"19m19p19s1234567z".parse()?);
/// assert_eq!((s.value(), s.regular, s.chiitoitsu, s.kokushi), (0, 8, Some(6), Some(0))); // thirteen-sided kokushi wait
/// # Ok::<(), tenpai::Error>(())
/// ```
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
    ///
    /// ```
    /// let s = tenpai::shanten::shanten(&"11223344556z77z".parse()?);
    /// assert_eq!((s.value(), s.regular), (0, 3)); // chiitoitsu tenpai; honors make no sequences
    /// # Ok::<(), tenpai::Error>(())
    /// ```
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
    ///
    /// ```
    /// assert!(tenpai::shanten::shanten(&"123m456p789s11122z".parse()?).is_complete());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn is_complete(&self) -> bool {
        self.value() < 0
    }

    /// Whether the hand is tenpai (shanten 0).
    ///
    /// ```
    /// assert!(tenpai::shanten::shanten(&"123m456p789s1112z".parse()?).is_tenpai());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn is_tenpai(&self) -> bool {
        self.value() == 0
    }
}

/// One candidate discard of a closed `3k+2` hand: the kind, the overall distance
/// after it (shanten + 1) and the improving draws after it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ClosedDiscard {
    pub kind: u8,
    pub distance: u8,
    pub mask: KindMask,
}

/// Every discard of a closed `3k+2` hand (no calls) with its distance and improving
/// draws, by table lookups only: one lookup per discard, the other groups' products
/// shared between discards of the same group.
// Groups are indexed together in several parallel arrays.
#[allow(clippy::needless_range_loop)]
pub(crate) fn closed_discards(c: &[u8; KINDS], tiles: usize, mut emit: impl FnMut(ClosedDiscard)) {
    let melds = tiles / 3;
    // Kinds held at least once / at least twice / four times, as bit masks, a word at
    // a time (a count is at most 4: three bits).
    let (mut ge1, mut ge2, mut four) = (0 as KindMask, 0 as KindMask, 0 as KindMask);
    for (k, x) in words(c).into_iter().enumerate() {
        const LOW: u64 = 0x0101_0101_0101_0101;
        ge1 |= byte_flags_to_bits((x | x >> 1 | x >> 2) & LOW) << (8 * k);
        ge2 |= byte_flags_to_bits((x >> 1 | x >> 2) & LOW) << (8 * k);
        four |= byte_flags_to_bits(x >> 2 & LOW) << (8 * k);
    }
    let all_kinds: KindMask = (1 << KINDS) - 1;
    ge1 &= all_kinds;
    ge2 &= all_kinds;
    // Each group's class. Groups of at most `SMALL_MAX` tiles read their improving
    // draws, and those after each discard, from direct rows (read in the first pass
    // below). For the one larger group, if any (`big`; 4 if none: 14 tiles hold at most
    // one), every class it needs is fetched first so that the loads overlap: the
    // group's with one more tile of each kind (`grow`), and after each discard the
    // group's (`classes`) and the group's with one more tile of each kind (`swap`).
    let mut own = [0u8; 4];
    let mut big = 4;
    let mut grow = [0u8; 9];
    let mut classes = [0u8; 9];
    let mut swap = [[0u8; 9]; 9];
    let mut sizes = [0usize; 4];
    let mut small = [false; 4];
    let mut own_row = [0u128; 4];
    let mut codes = [tables::Code::of(3, &[0; 7]); 4];
    for g in 0..4 {
        let (lo, len) = group_span(g);
        let h = &c[lo..lo + len];
        let code = tables::Code::of(g, h);
        codes[g] = code;
        sizes[g] = h.iter().map(|&n| n as usize).sum();
        if sizes[g] <= tables::SMALL_MAX {
            small[g] = true;
            own_row[g] = code.small_row(g);
            own[g] = tables::row_class(own_row[g]);
            continue;
        }
        big = g;
        own[g] = code.class(g);
        if sizes[g] < MAX_TILES {
            code.plus_classes(g, &mut grow);
        }
        // The held kinds as bits (no branch on the random counts).
        let mut held = (ge1 >> lo) as u16 & ((1 << len) - 1);
        while held != 0 {
            let i = held.trailing_zeros() as usize;
            held &= held - 1;
            let after = code.take(g, i);
            classes[i] = after.class(g);
            after.plus_classes(g, &mut swap[i]);
        }
    }
    // The large group's targets lowered by a draw of each kind.
    let mut low = [0 as tables::LaneSet; 9];
    if big < 4 && sizes[big] < MAX_TILES {
        let (lo, len) = group_span(big);
        for k in 0..len {
            // Nothing for a kind held four times (its `grow` means nothing).
            let below_four = ((four >> (lo + k) & 1) as tables::LaneSet).wrapping_sub(1);
            low[k] = tables::lower(big, own[big], grow[k]) & below_four;
        }
    }
    let comp = complements(melds);
    // (pairs, kinds, orphan kinds, orphan kinds with a pair) of the whole hand.
    let tally = (
        ge2.count_ones(),
        ge1.count_ones(),
        (ge1 & ORPHANS).count_ones(),
        (ge2 & ORPHANS).count_ones(),
    );
    let ones = ge1 & !ge2;
    let zeros = all_kinds & !ge1;
    // Seven pairs and kokushi matter only if one of them can reach the regular
    // distance after some discard. A discard never lowers their distances (it takes
    // pairs, kinds and orphans away) and raises the regular one by at most one, so
    // when both stay above the whole hand's regular distance plus one, every discard's
    // answer is its regular one.
    let special = tiles == 14 && {
        let (chi, kok) = special_from(tally.0, tally.1, tally.2, tally.3 > 0);
        chi.min(kok) <= tables::chain_of(&own, melds) + 1
    };
    // Each group's distances and improving draws per target in wide lanes (`8p + m`;
    // the unused lanes never match), for the other groups' draws below.
    let mut v16 = [[0u8; 16]; 4];
    let mut mk16 = [[0u16; 16]; 4];
    for g in 0..4 {
        v16[g] = tables::wide_vector(g, own[g]);
        // A large group's draws per target, transposed from its per-kind target sets:
        // the kinds 0..5 in five-bit fields (bit k of field j), the kinds 5..9 in others.
        let (mut first, mut second) = (0u64, 0u64);
        for k in 0..5 {
            first |= (low[k] >> 4) << k;
        }
        for k in 5..9 {
            second |= (low[k] >> 4) << (k - 5);
        }
        for j in 0..10 {
            let w = if j < 5 { j } else { j + 3 };
            mk16[g][w] = if small[g] {
                tables::row_draws(own_row[g], j)
            } else {
                (first >> (5 * j) & 31 | (second >> (5 * j) & 15) << 5) as u16
            };
        }
    }
    // The products of two groups (slot order: 01, 02, 03, 12, 13, 23), from the tables
    // of products of classes, reversed in wide lanes (`rev[16 + j]` = wide lane
    // `15 - j`, the rest never matching), so that a window of sixteen holds the
    // complements of a group's lanes.
    const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let mut rev_cache = [[200u8; 48]; 6];
    for (slot, &(a, b)) in PAIRS.iter().enumerate() {
        let r = if b < 3 {
            tables::two_rev(own[a], own[b])
        } else {
            tables::suit_honor_rev(own[a], own[b])
        };
        rev_cache[slot][16..32].copy_from_slice(&r);
    }
    // Per group, the product of the other three (from the tables) and the union of its
    // discards' best lanes; per discard, in order (at most 14), its distance, best
    // lanes and row.
    let mut alls = [[0u8; 10]; 4];
    let mut best_of = [0u8; 14];
    let mut lanes_of = [0u16; 14];
    let mut rows = [0u128; 14];
    let mut n = 0;
    let mut unions = [0u16; 4];
    for g in 0..4 {
        let (lo, len) = group_span(g);
        let others = OTHERS[g];
        let all = if g == 3 {
            tables::three(own[0], own[1], own[2])
        } else {
            tables::two_honor(own[others[0]], own[others[1]], own[3])
        };
        // allc[j]: the best of the other groups for the complement of lane j.
        let mut allc = [u8::MAX; 10];
        for j in 0..10 {
            if comp[j] != usize::MAX {
                allc[j] = all[comp[j]];
            }
        }
        alls[g] = all;
        let held = (ge1 >> lo) as u16 & ((1u16 << len) - 1);
        // First pass: each discard's distance and best lanes (the lanes where this
        // group's distances after the discard plus the others' best for the complement
        // are least), and the union of those lanes.
        let mut union = 0u16;
        let mut rest = held;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let after = if small[g] {
                rows[n] = codes[g].take(g, i).small_row(g);
                tables::row_class(rows[n])
            } else {
                classes[i]
            };
            let vg = tables::vector(g, after);
            let mut total = [0u8; 10];
            for j in 0..10 {
                total[j] = vg[j].saturating_add(allc[j]);
            }
            // The least as a tree (depth four, not a chain of ten).
            let half: [u8; 5] = core::array::from_fn(|j| total[j].min(total[j + 5]));
            let best = half[0].min(half[1]).min(half[2].min(half[3])).min(half[4]);
            let mut lanes = 0u16;
            for (j, &t) in total.iter().enumerate() {
                lanes |= ((t == best) as u16) << j;
            }
            best_of[n] = best;
            lanes_of[n] = lanes;
            n = (n + 1).min(13);
            union |= lanes;
        }
        unions[g] = union;
    }
    // ups[g][jg]: the other groups' improving draws over every best split in which
    // group g takes lane jg. It does not depend on which tile g discards: the split is
    // best overall exactly when g's lane is best and the others' split is best for the
    // complement (`all`). Only the lanes some discard needs (lane 10 stays empty).
    let mut ups = [[0 as KindMask; 11]; 4];
    for g in 0..4 {
        let others = OTHERS[g];
        let slots = SLOTS[g];
        let all = &alls[g];
        let up = &mut ups[g];
        let mut need = unions[g];
        while need != 0 {
            let jg = need.trailing_zeros() as usize;
            need &= need - 1;
            let target = all[comp[jg]];
            // The wide lane the other groups fill together, and for each of them the
            // lanes j whose complement (t - j) in the remaining two is best.
            let t = 8 + melds - (8 * (jg / 5) + jg % 5);
            let mut u: KindMask = 0;
            for (k, &o) in others.iter().enumerate() {
                let mut x = [0u8; 16];
                x.copy_from_slice(&rev_cache[slots[k]][31 - t..47 - t]);
                let mut bits = 0u16;
                for j in 0..16 {
                    let hit = v16[o][j].saturating_add(x[j]) == target;
                    bits |= mk16[o][j] & (hit as u16).wrapping_neg();
                }
                u |= (bits as KindMask) << group_span(o).0;
            }
            up[jg] = u;
        }
    }
    let mut n = 0;
    for g in 0..4 {
        let (lo, len) = group_span(g);
        let group_kinds = (1u16 << len) - 1;
        let mut held = (ge1 >> lo) as u16 & group_kinds;
        let below_four = !(four >> lo) as u16 & group_kinds;
        let up = &ups[g];
        // Second pass: each discard's improving draws, without branches on its lanes.
        while held != 0 {
            let i = held.trailing_zeros() as usize;
            held &= held - 1;
            let at = n;
            n = (n + 1).min(13);
            let (best, lanes) = (best_of[at], lanes_of[at]);
            // The other groups' draws over the best lanes: usually one to three lanes,
            // so the first three without a loop (lane 10, left empty, when fewer).
            let l0 = lanes.trailing_zeros() as usize;
            let r1 = lanes & lanes.wrapping_sub(1);
            let l1 = (r1 | 1 << 10).trailing_zeros() as usize;
            let r2 = r1 & r1.wrapping_sub(1);
            let l2 = (r2 | 1 << 10).trailing_zeros() as usize;
            let mut rest = r2 & r2.wrapping_sub(1);
            let mut reg_mask = up[l0] | up[l1] | up[l2];
            while rest != 0 {
                reg_mask |= up[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            // Own improving draws: the kinds whose draw lowers a best lane of this group
            // after the discard (drawing the discarded kind back gives the group's class).
            let own_draws = if small[g] {
                tables::row_draws_of(rows[at], lanes)
            } else {
                // A draw never raises a distance, so it lowers one of the targets
                // `lanes` exactly when the packed distances differ there. Every kind at
                // once (`swap[i][i]` is the group's own class); the kinds held four
                // times, whose entries mean nothing, masked after.
                let fields = tables::fields(lanes);
                let after = tables::packed_class(g, classes[i]);
                let mut d = 0u16;
                for k in 0..9 {
                    let to = tables::packed_class(g, swap[i][k]);
                    d |= (((after ^ to) & fields != 0) as u16) << k;
                }
                d & (below_four | 1 << i)
            };
            reg_mask |= (own_draws as KindMask) << lo;
            let kind = (lo + i) as u8;
            if !special {
                emit(ClosedDiscard {
                    kind,
                    distance: best,
                    mask: reg_mask,
                });
                continue;
            }
            // Chiitoitsu and kokushi after the discard, from the whole hand's tallies.
            let k = lo + i;
            let orphan = (ORPHANS >> k & 1) as u32;
            // Without branches on the count (it is random): a single leaves the kinds,
            // one of a pair leaves the pairs.
            let (single, pair) = ((c[k] == 1) as u32, (c[k] == 2) as u32);
            let (pairs, kinds, orphans, orphan_pairs) = (
                tally.0 - pair,
                tally.1 - single,
                tally.2 - (orphan & single),
                tally.3 - (orphan & pair),
            );
            let (chi, kok) = special_from(pairs, kinds, orphans, orphan_pairs > 0);
            let overall = best.min(chi).min(kok);
            // Improving draws of the special forms after the discard: singles make
            // pairs, new kinds help seven pairs while fewer than seven kinds.
            let bit = (1 as KindMask) << k;
            let all = |b: bool| (b as KindMask).wrapping_neg();
            let ones_after = (ones & !(bit & all(single == 1))) | (bit & all(pair == 1));
            let zeros_after = zeros | (bit & all(single == 1));
            let mut mask = reg_mask & all(best == overall);
            mask |= (ones_after | (zeros_after & all(kinds < 7))) & all(chi == overall && chi > 0);
            mask |= ORPHANS
                & (zeros_after | (ones_after & all(orphan_pairs == 0)))
                & all(kok == overall && kok > 0);
            emit(ClosedDiscard {
                kind,
                distance: overall,
                mask,
            });
        }
    }
}

/// `comp[j]`: the lane (`5p + m`) that completes lane `j` to one pair and `melds` melds,
/// `usize::MAX` when lane `j` holds more melds than that.
const fn complements(melds: usize) -> [usize; 10] {
    let mut comp = [usize::MAX; 10];
    let mut j = 0;
    while j < 10 {
        let (p, m) = (j / 5, j % 5);
        if m <= melds {
            comp[j] = (1 - p) * 5 + melds - m;
        }
        j += 1;
    }
    comp
}

/// For each group, the other three.
const OTHERS: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];
/// For each group, per other group (in [`OTHERS`] order) the slot of the product of
/// the remaining two (slot order 01, 02, 03, 12, 13, 23).
const SLOTS: [[usize; 3]; 4] = [[5, 4, 3], [5, 2, 1], [4, 2, 0], [3, 1, 0]];

/// Distances of a group with no tiles (any group): three per meld, two for the pair.
#[cfg(test)]
const EMPTY_GROUP: Narrow = [0, 3, 6, 9, 12, 2, 5, 8, 11, 14];

/// The terminal and honor kinds as a mask.
const ORPHANS: KindMask = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7f << 27;

/// The 13 terminal and honor kinds (the test references use them).
#[cfg(test)]
const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// A bit set of kinds, bit `i` for kind `i`.
///
/// ```
/// use tenpai::{shanten::HandCounts, ukeire::waits_mask};
/// let m = waits_mask(&HandCounts::from_hand(&"123m456p789s1122z".parse()?))?;
/// assert_eq!(m, 1 << 27 | 1 << 28); // 1z and 2z
/// # Ok::<(), tenpai::Error>(())
/// ```
pub type KindMask = u64;

/// The kinds of a mask, ascending. Internal (the CLI's and the tests' fast paths);
/// the public answers ([`crate::ukeire::ukeire`], [`crate::ukeire::waits`]) list tiles.
///
/// ```
/// let t: Vec<String> = tenpai::shanten::mask_tiles(1 | 1 << 33).map(|t| t.to_string()).collect();
/// assert_eq!(t, ["1m", "7z"]);
/// ```
#[doc(hidden)]
pub fn mask_tiles(mask: KindMask) -> impl Iterator<Item = Tile> {
    (0..KINDS as u8)
        .filter(move |&i| mask >> i & 1 == 1)
        .map(Tile::new)
}

/// A hand reduced to what shanten needs: concealed counts, the copies in calls, and
/// the number of calls. Always valid: at most four of a kind counting calls, `3k+1`
/// or `3k+2` concealed tiles, at most 14 tiles counting each call as three.
///
/// ```
/// use tenpai::shanten::HandCounts;
/// let mut c = [0u8; 34];
/// for k in [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28] { c[k] += 1; }
/// let h = HandCounts::closed(c)?;
/// assert_eq!((h.tiles(), h.shanten().value()), (13, 0));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandCounts {
    concealed: [u8; KINDS],
    called: [u8; KINDS],
    calls: u8,
    tiles: u8,
    /// Groups (bit g) that share a kind with a call (or, with three players, the
    /// characters, whose 2m-8m are absent).
    capped: u8,
    /// Three players: 2m-8m are not in the game (never drawn, never waited on).
    sanma: bool,
}

impl HandCounts {
    /// Checked constructor: `concealed` counts, `called` copies per kind in the calls,
    /// `calls` the number of calls.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// // 1z pair concealed, a pon of 5z called (3 copies)
    /// let (mut conc, mut called) = ([0u8; 34], [0u8; 34]);
    /// conc[27] = 2;
    /// called[31] = 3;
    /// let h = HandCounts::new(conc, called, 1)?;
    /// assert_eq!((h.held(31), h.shanten().value()), (3, -1));
    /// conc[31] = 2; // two more 5z: five in all
    /// assert!(HandCounts::new(conc, called, 1).is_err());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
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
            sanma: false,
        })
    }

    /// Concealed counts with no calls, checked.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert!(HandCounts::closed([1; 34]).is_err()); // 34 tiles
    /// let mut c = [0u8; 34];
    /// c[0] = 2;
    /// assert_eq!(HandCounts::closed(c)?.shanten().value(), -1); // a pair is complete
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    #[inline]
    pub fn closed(concealed: [u8; KINDS]) -> Result<HandCounts, Error> {
        let (bad, tiles) = check_counts(&concealed);
        if bad || tiles == 0 || tiles % 3 == 0 || tiles > 14 {
            // The checked path names the problem.
            return HandCounts::new(concealed, [0; KINDS], 0);
        }
        Ok(HandCounts {
            concealed,
            called: [0; KINDS],
            calls: 0,
            tiles: tiles as u8,
            capped: 0,
            sanma: false,
        })
    }

    /// The counts of a hand.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// let h = HandCounts::from_hand(&"55m (555p)".parse()?);
    /// assert_eq!((h.tiles(), h.calls(), h.called()[13]), (2, 1, 3));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
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
            sanma: false,
        }
    }

    /// The same counts in a three-player game (sanma): 2m-8m are not in the game, so
    /// they are never drawn, waited on or counted in ukeire, and the characters can
    /// only make triplets and pairs of 1m and 9m. Refused when the hand holds a 2m-8m
    /// (concealed or called).
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// let hand: tenpai::Hand = "1111m9999m11p123s".parse()?;
    /// let four = HandCounts::from_hand(&hand);
    /// let three = four.sanma()?;
    /// // With four players the fourth 1m can still make 123m; with three it cannot.
    /// assert_eq!((four.shanten().regular, three.shanten().regular), (1, 2));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn sanma(&self) -> Result<HandCounts, Error> {
        for k in 1..8 {
            if self.concealed[k] + self.called[k] > 0 {
                return Err(crate::sanma::removed_tile_error(Tile::new(k as u8)));
            }
        }
        let mut h = *self;
        h.sanma = true;
        h.capped |= 1;
        Ok(h)
    }

    /// Whether these are three-player counts (see [`HandCounts::sanma`]).
    pub const fn is_sanma(&self) -> bool {
        self.sanma
    }

    /// Concealed counts.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"55m (555p)".parse()?).concealed()[4], 2);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn concealed(&self) -> &[u8; KINDS] {
        &self.concealed
    }

    /// Copies of each kind in the calls.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"55m [5555p]".parse()?).called()[13], 4);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn called(&self) -> &[u8; KINDS] {
        &self.called
    }

    /// Number of calls.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"55m (555p) (123s)".parse()?).calls(), 2);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn calls(&self) -> usize {
        self.calls as usize
    }

    /// Number of concealed tiles.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"55m (555p) (123s)".parse()?).tiles(), 2);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn tiles(&self) -> usize {
        self.tiles as usize
    }

    /// Whether the concealed part has `3k+2` tiles (the player is to discard).
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert!(HandCounts::from_hand(&"55m (555p) (123s)".parse()?).is_drawn());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn is_drawn(&self) -> bool {
        self.tiles % 3 == 2
    }

    /// Copies of `kind` the player holds, concealed and called.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"5m0m1z2z (555p)".parse()?).held(13), 3);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn held(&self, kind: usize) -> u8 {
        if kind >= KINDS {
            return 0;
        }
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

    /// Add one concealed tile of `kind`; `None` if it would be a fifth copy (counting
    /// calls), too many tiles, or `kind` is not one of the 34 kinds.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// let h = HandCounts::from_hand(&"1111m".parse()?);
    /// assert_eq!(h.with(0), None); // a fifth 1m
    /// assert_eq!(h.with(1).map(|a| a.tiles()), Some(5));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    #[doc(hidden)] // internal (the discard search); public for the property tests
    pub fn with(&self, kind: usize) -> Option<HandCounts> {
        if kind >= KINDS
            || self.held(kind) >= 4
            || (self.sanma && (1..8).contains(&kind))
            || self.tiles as usize + 3 * self.calls as usize >= 14
        {
            return None;
        }
        let mut h = *self;
        h.concealed[kind] += 1;
        h.tiles += 1;
        (h.tiles % 3 != 0).then_some(h)
    }

    /// Remove one concealed tile of `kind`; `None` if there is none or the count would
    /// not be a hand.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// let h = HandCounts::from_hand(&"123m11z".parse()?);
    /// assert_eq!(h.without(27).map(|a| a.tiles()), Some(4));
    /// assert_eq!(h.without(5), None); // no 6m
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn without(&self, kind: usize) -> Option<HandCounts> {
        if kind >= KINDS || self.concealed[kind] == 0 || self.tiles <= 1 {
            return None;
        }
        let mut h = *self;
        h.concealed[kind] -= 1;
        h.tiles -= 1;
        (h.tiles % 3 != 0).then_some(h)
    }

    /// Shanten per form.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"1112223334444z".parse()?).shanten().chiitoitsu, Some(5));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn shanten(&self) -> Shanten {
        if self.capped == 0 && self.calls == 0 {
            return closed_unchecked(&self.concealed, self.tiles as usize);
        }
        let g = self.group_lanes();
        let regular = regular_distance(&g.map(|l| narrow(&l)), self.melds()) as i8 - 1;
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
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"1112223334444z".parse()?).shanten_value(), 1);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
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
        if g == 0 && self.sanma {
            // 2m-8m are not in a three-player game.
            caps[1..8].fill(0);
        }
        caps
    }

    /// The regular distance and its improving draws when every group is uncapped:
    /// each group's class (and draws per target) from the tables, the product of the
    /// other three groups from the tables of products, and per group the targets it
    /// takes in a best split.
    // Groups are indexed together in several parallel arrays.
    #[allow(clippy::needless_range_loop)]
    fn regular_draws_by_tables(&self) -> (u8, KindMask) {
        let melds = self.melds();
        let comp = complements(melds);
        let mut own = [0u8; 4];
        let mut rows = [0u128; 4];
        let mut low = [0 as tables::LaneSet; 9];
        let mut big = 4;
        for g in 0..4 {
            let (lo, len) = group_span(g);
            let h = &self.concealed[lo..lo + len];
            let code = tables::Code::of(g, h);
            if h.iter().map(|&n| n as usize).sum::<usize>() <= tables::SMALL_MAX {
                rows[g] = code.small_row(g);
                own[g] = tables::row_class(rows[g]);
            } else {
                // At most one group of more than `SMALL_MAX` tiles in 13.
                big = g;
                own[g] = code.class(g);
                low = tables::lowered(g, h, code, own[g]);
            }
        }
        let reg = tables::chain_of(&own, melds);
        let mut mask: KindMask = 0;
        for g in 0..4 {
            let others = OTHERS[g];
            let all = if g == 3 {
                tables::three(own[0], own[1], own[2])
            } else {
                tables::two_honor(own[others[0]], own[others[1]], own[3])
            };
            let v = tables::vector(g, own[g]);
            // The targets this group takes in some best split.
            let (mut lanes, mut set) = (0u16, 0 as tables::LaneSet);
            for (j, &cj) in comp.iter().enumerate() {
                if cj != usize::MAX && v[j] + all[cj] == reg {
                    lanes |= 1 << j;
                    set |= tables::lane(j);
                }
            }
            let draws = if g == big {
                tables::mask_of(&low, set)
            } else {
                tables::row_draws_of(rows[g], lanes)
            };
            mask |= (draws as KindMask) << group_span(g).0;
        }
        (reg, mask)
    }

    /// The regular distance and its improving draws by convolutions of the groups'
    /// distances, for hands with a capped group (its distances from the exhaustive
    /// programme).
    fn regular_draws_by_programme(&self) -> (u8, KindMask) {
        let mut lanes = [ALL_INF; 4];
        let mut masks = [[0u16; 10]; 4];
        // Uncapped groups: per kind, the targets its draw lowers.
        let mut low = [[0; 9]; 4];
        for g in 0..4 {
            let (lo, len) = group_span(g);
            let h = &self.concealed[lo..lo + len];
            if self.capped >> g & 1 == 0 {
                let code = tables::Code::of(g, h);
                let class = code.class(g);
                lanes[g] = widen(&tables::vector(g, class));
                low[g] = tables::lowered(g, h, code, class);
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
            // The targets this group takes in some best split.
            let mut best: tables::LaneSet = 0;
            for (j, &l) in VALID_LANES.iter().enumerate() {
                if l <= target && lanes[g][l] + rest[g][target - l] == reg {
                    best |= tables::lane(j);
                }
            }
            let m = if self.capped >> g & 1 == 0 {
                tables::mask_of(&low[g], best)
            } else {
                let mut m = 0u16;
                for (j, &mj) in masks[g].iter().enumerate() {
                    if best & tables::lane(j) != 0 {
                        m |= mj;
                    }
                }
                m
            };
            reg_mask |= (m as KindMask) << (9 * g);
        }
        (reg, reg_mask)
    }

    /// Shanten and the improving draws (ukeire kinds; kinds the player holds four
    /// of are never included) of a `3k+1` hand. Callers only ask for `3k+1` hands.
    pub(crate) fn analyze(&self) -> (Shanten, KindMask) {
        let (reg, reg_mask) = if self.capped == 0 {
            self.regular_draws_by_tables()
        } else {
            self.regular_draws_by_programme()
        };
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
        let mut special = special_masks(&self.concealed);
        if self.sanma {
            special.0 &= !crate::sanma::REMOVED;
        }
        let best = reg.min(c).min(k);
        let mut mask = 0;
        if reg == best {
            mask |= reg_mask;
        }
        if c == best && c > 0 {
            mask |= special.0;
        }
        if k == best && k > 0 {
            mask |= special.1;
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
///
/// ```
/// let s = tenpai::shanten::shanten(&"123m456p1z (789s)".parse()?);
/// assert_eq!((s.value(), s.chiitoitsu), (0, None)); // a call: regular form only
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn shanten(hand: &Hand) -> Shanten {
    HandCounts::from_hand(hand).shanten()
}

/// `c = min(c, b shifted up by S lanes + a[S])`, lane-wise; `pad` is `[INF; 16]`
/// followed by `b`, so the shifted `b` is a window of it (compiled to a byte shift).
#[inline(always)]
fn conv_step<const S: usize>(c: &mut Lanes, a: &Lanes, pad: &[u8; 32]) {
    let mut sb = [0u8; 16];
    sb.copy_from_slice(&pad[16 - S..32 - S]);
    let av = a[S];
    for i in 0..16 {
        c[i] = c[i].min(sb[i].saturating_add(av));
    }
}

/// Min-plus product of two lane vectors: the best split of melds and pair.
#[inline(always)]
pub(crate) fn conv(a: &Lanes, b: &Lanes) -> Lanes {
    let mut c = [u8::MAX; 16];
    let mut pad = [INF; 32];
    pad[16..].copy_from_slice(b);
    let b = &pad;
    conv_step::<0>(&mut c, a, b);
    conv_step::<1>(&mut c, a, b);
    conv_step::<2>(&mut c, a, b);
    conv_step::<3>(&mut c, a, b);
    conv_step::<4>(&mut c, a, b);
    conv_step::<8>(&mut c, a, b);
    conv_step::<9>(&mut c, a, b);
    conv_step::<10>(&mut c, a, b);
    conv_step::<11>(&mut c, a, b);
    conv_step::<12>(&mut c, a, b);
    // Lanes past four melds are not targets: make them impossible again.
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
            best = best.min(a[l].saturating_add(b[target - l]));
        }
    }
    best
}

/// The regular distance (shanten + 1) from the four group vectors.
#[inline(always)]
fn regular_distance(g: &[Narrow; 4], melds: usize) -> u8 {
    let ab = conv_narrow(&g[0], &g[1]);
    let cd = conv_narrow(&g[2], &g[3]);
    let mut best = u8::MAX;
    for j in 0..=melds {
        best = best
            .min(ab[j] + cd[5 + melds - j])
            .min(ab[5 + j] + cd[melds - j]);
    }
    best
}

/// The ten target lanes of a lane vector.
#[inline(always)]
fn narrow(l: &Lanes) -> Narrow {
    [
        l[0], l[1], l[2], l[3], l[4], l[8], l[9], l[10], l[11], l[12],
    ]
}

/// Shanten per form of a closed hand given by its concealed counts, checked.
///
/// ```
/// let mut c = [0u8; 34];
/// for k in [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 28, 28] { c[k] += 1; }
/// assert_eq!(tenpai::shanten::closed_shanten(&c)?.value(), 0);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[inline]
pub fn closed_shanten(concealed: &[u8; KINDS]) -> Result<Shanten, Error> {
    let (bad, tiles) = check_counts(concealed);
    if bad || tiles == 0 || tiles % 3 == 0 || tiles > 14 {
        return HandCounts::new(*concealed, [0; KINDS], 0).map(|h| h.shanten());
    }
    Ok(closed_unchecked(concealed, tiles as usize))
}

/// Whether any count is above 4, and the number of tiles (meaningful when none is),
/// a word at a time.
#[inline(always)]
fn check_counts(c: &[u8; KINDS]) -> (bool, u32) {
    let mut bad = 0u64;
    let mut tiles = 0u32;
    for x in words(c) {
        // A byte above 4: its high bit, or its low seven bits plus 123 reach 128.
        bad |= (x | ((x & 0x7f7f_7f7f_7f7f_7f7f) + 0x7b7b_7b7b_7b7b_7b7b)) & 0x8080_8080_8080_8080;
        tiles += byte_sum(x);
    }
    (bad != 0, tiles)
}

/// The 34 counts as five little-endian words (kinds 0-7, 8-15, 16-23, 24-31, 32-33).
#[inline(always)]
fn words(c: &[u8; KINDS]) -> [u64; 5] {
    let mut w = [0u64; 5];
    for (k, word) in w.iter_mut().enumerate().take(4) {
        let mut b = [0u8; 8];
        b.copy_from_slice(&c[8 * k..8 * k + 8]);
        *word = u64::from_le_bytes(b);
    }
    w[4] = c[32] as u64 | (c[33] as u64) << 8;
    w
}

/// Shanten of valid closed counts with `tiles` tiles.
#[inline(always)]
fn closed_unchecked(c: &[u8; KINDS], tiles: usize) -> Shanten {
    let regular = tables::regular_closed(c, tiles / 3) as i8 - 1;
    if tiles < 13 {
        return Shanten {
            regular,
            chiitoitsu: None,
            kokushi: None,
        };
    }
    let (chi, kok) = special_distances(c);
    Shanten {
        regular,
        chiitoitsu: Some(chi as i8 - 1),
        kokushi: Some(kok as i8 - 1),
    }
}

/// Min-plus product on narrow vectors (values stay at most `2 * INF`).
#[inline(always)]
fn conv_narrow(a: &Narrow, b: &Narrow) -> Narrow {
    let mut c = [0u8; 10];
    for m in 0..5 {
        let mut p0 = u8::MAX;
        let mut p1 = u8::MAX;
        for j in 0..=m {
            p0 = p0.min(a[j] + b[m - j]);
            p1 = p1.min(a[j] + b[5 + m - j]).min(a[5 + j] + b[m - j]);
        }
        c[m] = p0.min(INF);
        c[5 + m] = p1.min(INF);
    }
    c
}

/// [`conv_narrow`] for vectors of groups without caps: every lane finite and lane 0
/// (no meld, no pair) zero, so the terms with it need no addition and nothing needs
/// clamping (a hand's distances stay below 64).
#[inline(always)]
#[cfg(test)]
fn conv_closed(a: &Narrow, b: &Narrow) -> Narrow {
    let mut c = [0u8; 10];
    for m in 1..5 {
        let mut p0 = a[m].min(b[m]);
        for j in 1..m {
            p0 = p0.min(a[j] + b[m - j]);
        }
        c[m] = p0;
    }
    for m in 0..5 {
        let mut p1 = a[5 + m].min(b[5 + m]);
        for j in 1..=m {
            p1 = p1.min(a[j] + b[5 + m - j]);
        }
        for j in 0..m {
            p1 = p1.min(a[5 + j] + b[m - j]);
        }
        c[5 + m] = p1;
    }
    c
}

/// [`conv_closed`] with a group that has no tiles ([`EMPTY_GROUP`]: three per meld,
/// two for the pair): a running minimum instead of every split.
#[inline(always)]
#[cfg(test)]
fn conv_empty(a: &Narrow) -> Narrow {
    let mut c = [0u8; 10];
    let mut r0 = a[0];
    let mut r1 = a[5];
    c[0] = r0;
    c[5] = r1.min(r0 + 2);
    for m in 1..5 {
        r0 = (r0 + 3).min(a[m]);
        r1 = (r1 + 3).min(a[5 + m]);
        c[m] = r0;
        c[5 + m] = r1.min(r0 + 2);
    }
    c
}

/// Chiitoitsu and kokushi distances (shanten + 1) of 13 or 14 concealed tiles.
///
/// Eight counts at a time: a count (0..=4) is at least 1 when any of its three low
/// bits is set and at least 2 when bit 1 or 2 is.
#[inline]
fn special_distances(c: &[u8; KINDS]) -> (u8, u8) {
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
const fn special_from(pairs: u32, kinds: u32, orphans: u32, orphan_pair: bool) -> (u8, u8) {
    let chiitoi = 7u32.saturating_sub(pairs) + 7u32.saturating_sub(kinds);
    let kokushi = 14 - orphans - orphan_pair as u32;
    (chiitoi as u8, kokushi as u8)
}

/// Bit `i` set when byte `i` of `flags` is 1 (each byte 0 or 1): the multiplication
/// moves byte `i`'s bit to bit `56 + i` with no two partial products colliding.
#[inline(always)]
const fn byte_flags_to_bits(flags: u64) -> KindMask {
    flags.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Sum of the bytes of `x` (the sum must stay below 256).
#[inline(always)]
const fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// Draws that lower the chiitoitsu and the kokushi distance of 13 tiles, from masks
/// of the kinds held at least once and at least twice (no branch on a count).
#[inline]
fn special_masks(c: &[u8; KINDS]) -> (KindMask, KindMask) {
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

/// Draws that lower the kokushi distance of 13 tiles (reference for tests).
#[cfg(test)]
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
///
/// A group pattern is ranked (two loads, see [`tables::Code`]) and its rank gives its class,
/// one byte; the class gives the distance vector. Improving draws are computed from
/// the classes of the patterns one tile larger: a kind lowers a target's distance
/// exactly when adding it lowers that lane of the vector.
pub(crate) mod tables {
    use super::*;

    include!(concat!(env!("OUT_DIR"), "/class_vectors.rs"));

    static SUIT_CLASS: [u8; 405_350] = *include_bytes!(concat!(env!("OUT_DIR"), "/suit_class.bin"));
    static HONOR_CLASS: [u8; 43_130] =
        *include_bytes!(concat!(env!("OUT_DIR"), "/honor_class.bin"));
    /// Class of the product of two suits: `[a << 7 | b]`.
    static TWO: [u8; 1 << 14] = *include_bytes!(concat!(env!("OUT_DIR"), "/two_class.bin"));
    /// Class of the product of two suits' class `x` and a third suit: `[x << 7 | s]`.
    static THREE: [u8; 1 << 15] = *include_bytes!(concat!(env!("OUT_DIR"), "/three_class.bin"));
    /// Class of the product of a suit's class `a` and the honors' class `z`: `[a << 6 | z]`.
    static SUIT_HONOR: [u8; 1 << 13] =
        *include_bytes!(concat!(env!("OUT_DIR"), "/suit_honor_class.bin"));
    /// Class of the product of two suits' class `x` and the honors' class `z`: `[x << 6 | z]`.
    static TWO_HONOR: [u8; 1 << 14] =
        *include_bytes!(concat!(env!("OUT_DIR"), "/two_honor_class.bin"));
    /// Distance with one pair of three suits' class `y` and the honors' class `z`, for
    /// `m` melds: `[(y << 6 | z) << 3 | m]`.
    static FOUR: [u8; 1 << 17] = *include_bytes!(concat!(env!("OUT_DIR"), "/four_dist.bin"));
    /// Direct rows of the groups with at most [`SMALL_MAX`] tiles (see
    /// `suit_table::small`): per target the improving kinds (nine bits each), and the class.
    static SMALL_SUIT: [u8; SMALL_SUIT_ROWS * 16] =
        *include_bytes!(concat!(env!("OUT_DIR"), "/small_suit.bin"));
    static SMALL_HONOR: [u8; SMALL_HONOR_ROWS * 16] =
        *include_bytes!(concat!(env!("OUT_DIR"), "/small_honor.bin"));

    /// The class in a direct row.
    #[inline(always)]
    pub(crate) const fn row_class(row: u128) -> u8 {
        (row >> 96) as u8
    }

    /// For each five-bit mask of targets, the `width`-bit fields `0..5` of the targets
    /// it sets, all ones.
    const fn target_fields(width: u32) -> [u64; 32] {
        let mut t = [0u64; 32];
        let mut m = 0;
        while m < 32 {
            let mut j = 0;
            while j < 5 {
                if m >> j & 1 == 1 {
                    t[m] |= ((1 << width) - 1) << (width * j);
                }
                j += 1;
            }
            m += 1;
        }
        t
    }

    /// Nine-bit fields `0..5` set for the targets set in a five-bit mask.
    const SPREAD: [u64; 32] = target_fields(9);

    /// The improving kinds of any of the targets `lanes` (bit `j` for target `j`) in a
    /// direct row, without a loop: the row's fields of those targets, folded.
    #[inline(always)]
    pub(crate) fn row_draws_of(row: u128, lanes: u16) -> u16 {
        let lo = row as u64 & SPREAD[lanes as usize & 31];
        let hi = (row >> 45) as u64 & SPREAD[(lanes as usize >> 5) & 31];
        // Five nine-bit fields: OR them into the lowest.
        let a = lo | hi;
        let b = a | a >> 18;
        let c = b | b >> 9;
        ((c | a >> 36) & 0x1ff) as u16
    }

    /// The improving kinds of target `j` in a direct row.
    #[inline(always)]
    pub(crate) const fn row_draws(row: u128, j: usize) -> u16 {
        (row >> (9 * j)) as u16 & 0x1ff
    }

    /// A set of targets: bit `5j + 4` for target `j` (the guard bits of [`packed`]).
    pub(crate) type LaneSet = u64;

    /// Target `j` as a [`LaneSet`].
    #[inline(always)]
    pub(crate) const fn lane(j: usize) -> LaneSet {
        1 << (5 * j + 4)
    }

    /// Every target.
    const GUARDS: u64 = {
        let mut g = 0;
        let mut j = 0;
        while j < 10 {
            g |= lane(j);
            j += 1;
        }
        g
    };
    /// One in the low bit of every five-bit field.
    const LOW_BITS: u64 = GUARDS >> 4;

    /// Class vectors packed five bits a target (distances are at most 14).
    const fn packed<const N: usize>(v: &[[u8; 10]; N]) -> [u64; N] {
        let mut p = [0u64; N];
        let mut i = 0;
        while i < N {
            let mut j = 0;
            while j < 10 {
                assert!(v[i][j] < 16);
                p[i] |= (v[i][j] as u64) << (5 * j);
                j += 1;
            }
            i += 1;
        }
        p
    }
    static SUIT_PACKED: [u64; 256] = packed(&SUIT_VEC);
    static HONOR_PACKED: [u64; 256] = packed(&HONOR_VEC);

    /// A table padded to 256 entries, so that a class byte indexes it with no bounds
    /// check (the padding is never read: classes are below the table's length).
    const fn pad<const N: usize>(v: &[[u8; 10]; N]) -> [[u8; 10]; 256] {
        assert!(N <= 256);
        let mut out = [[0u8; 10]; 256];
        let mut i = 0;
        while i < N {
            out[i] = v[i];
            i += 1;
        }
        out
    }
    static SUIT_VEC: [[u8; 10]; 256] = pad(&SUIT_VECTORS);
    static HONOR_VEC: [[u8; 10]; 256] = pad(&HONOR_VECTORS);
    static TWO_VEC: [[u8; 10]; 256] = pad(&TWO_VECTORS);
    static THREE_VEC: [[u8; 10]; 256] = pad(&THREE_VECTORS);
    static SUIT_HONOR_VEC: [[u8; 10]; 256] = pad(&SUIT_HONOR_VECTORS);
    static TWO_HONOR_VEC: [[u8; 10]; 256] = pad(&TWO_HONOR_VECTORS);

    type RankTable<const N: usize> = [[[u32; 5]; MAX_TILES + 1]; N];

    /// `t[i][n][h]`: patterns skipped, in lexicographic order (first kind most
    /// significant), by holding `h` of kind `i` with `n` tiles in kinds `0..=i`.
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

    #[cfg(test)]
    static SUIT_RANK: RankTable<9> = rank_table::<9>();
    #[cfg(test)]
    static HONOR_RANK: RankTable<7> = rank_table::<7>();

    #[cfg(test)]
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

    /// Two-level ranking: the first `P` kinds by their base-5 code, the rest by the
    /// tiles before them and their own base-5 code. Same ranks as the plain sum.
    struct Split<const P: usize, const PRE: usize, const S: usize, const SUF: usize> {
        pre: [u32; PRE],
        suf: [[u32; SUF]; MAX_TILES + 1],
    }

    const fn split<
        const N: usize,
        const P: usize,
        const PRE: usize,
        const S: usize,
        const SUF: usize,
    >(
        t: &RankTable<N>,
    ) -> Split<P, PRE, S, SUF> {
        let mut out = Split {
            pre: [0; PRE],
            suf: [[0; SUF]; MAX_TILES + 1],
        };
        let mut code = 0;
        while code < PRE {
            let (mut x, mut n, mut r, mut i) = (code, 0, 0, 0);
            while i < P {
                let v = x % 5;
                x /= 5;
                n += v;
                if n <= MAX_TILES {
                    r += t[i][n][v];
                }
                i += 1;
            }
            out.pre[code] = r;
            code += 1;
        }
        let mut before = 0;
        while before <= MAX_TILES {
            let mut code = 0;
            while code < SUF {
                let (mut x, mut n, mut r, mut i) = (code, before, 0, 0);
                while i < S {
                    let v = x % 5;
                    x /= 5;
                    n += v;
                    if n <= MAX_TILES {
                        r += t[P + i][n][v];
                    }
                    i += 1;
                }
                out.suf[before][code] = r;
                code += 1;
            }
            before += 1;
        }
        out
    }

    static SUIT_SPLIT: Split<5, 3125, 4, 625> = split::<9, 5, 3125, 4, 625>(&rank_table::<9>());
    static HONOR_SPLIT: Split<4, 625, 3, 125> = split::<7, 4, 625, 3, 125>(&rank_table::<7>());

    /// Kinds of a group in the first part of its ranking.
    const fn head(g: usize) -> usize {
        if g < 3 {
            5
        } else {
            4
        }
    }

    const POW5: [u16; 5] = [1, 5, 25, 125, 625];

    /// A group pattern as its ranking needs it: base-5 code of the first kinds, their
    /// tile count, base-5 code of the other kinds.
    #[derive(Clone, Copy)]
    pub(crate) struct Code {
        pre: u16,
        before: u8,
        suf: u16,
    }

    impl Code {
        /// The code of counts `h` of group `g`.
        #[inline(always)]
        pub(crate) fn of(g: usize, h: &[u8]) -> Code {
            if g < 3 {
                Code {
                    pre: h[0] as u16
                        + 5 * (h[1] as u16
                            + 5 * (h[2] as u16 + 5 * (h[3] as u16 + 5 * h[4] as u16))),
                    before: h[0] + h[1] + h[2] + h[3] + h[4],
                    suf: h[5] as u16 + 5 * (h[6] as u16 + 5 * (h[7] as u16 + 5 * h[8] as u16)),
                }
            } else {
                Code {
                    pre: h[0] as u16 + 5 * (h[1] as u16 + 5 * (h[2] as u16 + 5 * h[3] as u16)),
                    before: h[0] + h[1] + h[2] + h[3],
                    suf: h[4] as u16 + 5 * (h[5] as u16 + 5 * h[6] as u16),
                }
            }
        }

        /// One more tile of kind `k` (the caller keeps counts at most 4, 14 in all).
        #[inline(always)]
        pub(crate) fn plus(self, g: usize, k: usize) -> Code {
            let p = head(g);
            if k < p {
                Code {
                    pre: self.pre + POW5[k],
                    before: self.before + 1,
                    suf: self.suf,
                }
            } else {
                Code {
                    suf: self.suf + POW5[k - p],
                    ..self
                }
            }
        }

        /// One tile less of kind `k` (the caller checks there is one; the tests check
        /// [`Code::take`] against it).
        #[cfg(test)]
        pub(crate) fn minus(self, g: usize, k: usize) -> Code {
            let p = head(g);
            if k < p {
                Code {
                    pre: self.pre - POW5[k],
                    before: self.before - 1,
                    suf: self.suf,
                }
            } else {
                Code {
                    suf: self.suf - POW5[k - p],
                    ..self
                }
            }
        }

        /// One tile less of kind `k`, without a branch on `k` (for a kind that varies
        /// at run time; the caller checks there is one).
        #[inline(always)]
        pub(crate) fn take(self, g: usize, k: usize) -> Code {
            let p = head(g);
            let in_pre = (k < p) as u16;
            let w = POW5[if k < p { k } else { k - p }];
            Code {
                pre: self.pre - w * in_pre,
                before: self.before - in_pre as u8,
                suf: self.suf - w * (1 - in_pre),
            }
        }

        /// The pattern's rank among the group's patterns.
        #[inline(always)]
        pub(crate) fn rank(self, g: usize) -> usize {
            let (pre, before, suf) = (self.pre as usize, self.before as usize, self.suf as usize);
            if g < 3 {
                (SUIT_SPLIT.pre[pre] + SUIT_SPLIT.suf[before][suf]) as usize
            } else {
                (HONOR_SPLIT.pre[pre] + HONOR_SPLIT.suf[before][suf]) as usize
            }
        }

        /// The direct row of a pattern with at most [`SMALL_MAX`] tiles (the caller
        /// checks the size).
        #[inline(always)]
        pub(crate) fn small_row(self, g: usize) -> u128 {
            let r = self.small_rank(g);
            let t = if g < 3 {
                &SMALL_SUIT[..]
            } else {
                &SMALL_HONOR[..]
            };
            let mut b = [0u8; 16];
            b.copy_from_slice(&t[16 * r..16 * r + 16]);
            u128::from_le_bytes(b)
        }

        /// The pattern's rank among the group's patterns of at most [`SMALL_MAX`]
        /// tiles (the caller checks the size).
        #[inline(always)]
        pub(crate) fn small_rank(self, g: usize) -> usize {
            let (pre, before, suf) = (self.pre as usize, self.before as usize, self.suf as usize);
            if g < 3 {
                SMALL_SUIT_PRE[pre] as usize + SMALL_SUIT_SUF[before * 625 + suf] as usize
            } else {
                SMALL_HONOR_PRE[pre] as usize + SMALL_HONOR_SUF[before * 125 + suf] as usize
            }
        }

        /// `out[k]`: the class of the pattern with one more tile of kind `k`, for every
        /// kind of group `g` (`out[k]` means nothing when kind `k` is held four times or
        /// the pattern holds 14 tiles). The ranking's two parts are shared: one kind
        /// more in the first part leaves the second part's rank as it is, and the other
        /// way round, so the patterns cost one rank load each besides the class.
        #[inline(always)]
        pub(crate) fn plus_classes(self, g: usize, out: &mut [u8; 9]) {
            if g < 3 {
                self.plus_classes_in(&SUIT_SPLIT, &SUIT_CLASS, out);
            } else {
                self.plus_classes_in(&HONOR_SPLIT, &HONOR_CLASS, out);
            }
        }

        // Indices are clamped (a `min`, no branch) only so that the meaningless entries
        // stay in bounds; the meaningful ones are in range.
        #[inline(always)]
        fn plus_classes_in<const P: usize, const PRE: usize, const S: usize, const SUF: usize>(
            self,
            t: &Split<P, PRE, S, SUF>,
            class: &[u8],
            out: &mut [u8; 9],
        ) {
            let (pre, before, suf) = (self.pre as usize, self.before as usize, self.suf as usize);
            let second = t.suf[(before + 1).min(MAX_TILES)][suf.min(SUF - 1)];
            for k in 0..P {
                let r = t.pre[(pre + POW5[k] as usize).min(PRE - 1)] + second;
                out[k] = class[(r as usize).min(class.len() - 1)];
            }
            let first = t.pre[pre.min(PRE - 1)];
            let row = &t.suf[before.min(MAX_TILES)];
            for k in 0..S {
                let r = first + row[(suf + POW5[k] as usize).min(SUF - 1)];
                out[P + k] = class[(r as usize).min(class.len() - 1)];
            }
        }

        /// The pattern's class.
        #[inline(always)]
        pub(crate) fn class(self, g: usize) -> u8 {
            let r = self.rank(g);
            if g < 3 {
                SUIT_CLASS[r]
            } else {
                HONOR_CLASS[r]
            }
        }
    }

    /// The plain ranking (tests check the split one against it).
    #[cfg(test)]
    pub(crate) fn index_plain(g: usize, h: &[u8]) -> usize {
        if g < 3 {
            rank(&SUIT_RANK, h)
        } else {
            rank(&HONOR_RANK, h)
        }
    }

    /// Class of group `g` with counts `h` (caps 4).
    #[inline(always)]
    pub(crate) fn class(g: usize, h: &[u8]) -> u8 {
        Code::of(g, h).class(g)
    }

    /// Distances of class `c` of group `g`.
    #[inline(always)]
    pub(crate) fn vector(g: usize, c: u8) -> Narrow {
        if g < 3 {
            SUIT_VEC[c as usize]
        } else {
            HONOR_VEC[c as usize]
        }
    }

    /// Class vectors in wide lanes (`8p + m`), the unused ones 200 (never least, never
    /// matching); `reverse`: wide lane `j` at `15 - j`.
    const fn wide_of(v: &[[u8; 10]; 256], reverse: bool) -> [[u8; 16]; 256] {
        let mut w = [[200u8; 16]; 256];
        let mut i = 0;
        while i < 256 {
            let mut j = 0;
            while j < 5 {
                let (a, b) = if reverse { (15 - j, 7 - j) } else { (j, j + 8) };
                w[i][a] = v[i][j];
                w[i][b] = v[i][j + 5];
                j += 1;
            }
            i += 1;
        }
        w
    }
    static SUIT_WIDE: [[u8; 16]; 256] = wide_of(&SUIT_VEC, false);
    static HONOR_WIDE: [[u8; 16]; 256] = wide_of(&HONOR_VEC, false);
    static TWO_REV: [[u8; 16]; 256] = wide_of(&TWO_VEC, true);
    static SUIT_HONOR_REV: [[u8; 16]; 256] = wide_of(&SUIT_HONOR_VEC, true);

    /// The product of two suits' classes `a`, `b` in reversed wide lanes (wide lane `j`
    /// at `15 - j`).
    #[inline(always)]
    pub(crate) fn two_rev(a: u8, b: u8) -> [u8; 16] {
        TWO_REV[TWO[(a as usize) << 7 | b as usize] as usize]
    }

    /// The product of a suit's class `a` and the honors' class `z` in reversed wide
    /// lanes.
    #[inline(always)]
    pub(crate) fn suit_honor_rev(a: u8, z: u8) -> [u8; 16] {
        SUIT_HONOR_REV[SUIT_HONOR[((a as usize) << 6 | z as usize) & 0x1fff] as usize]
    }

    /// Distances of class `c` of group `g` in wide lanes.
    #[inline(always)]
    pub(crate) fn wide_vector(g: usize, c: u8) -> [u8; 16] {
        if g < 3 {
            SUIT_WIDE[c as usize]
        } else {
            HONOR_WIDE[c as usize]
        }
    }

    /// The five-bit fields of the targets set in `lanes` (bit `j` for target `j`).
    #[inline(always)]
    pub(crate) fn fields(lanes: u16) -> u64 {
        FIELDS[lanes as usize & 31] | FIELDS[(lanes as usize >> 5) & 31] << 25
    }

    /// Five-bit fields `0..5` set for the targets set in a five-bit mask.
    const FIELDS: [u64; 32] = target_fields(5);

    /// Distances of class `c` of group `g`, packed five bits a target.
    #[inline(always)]
    pub(crate) fn packed_class(g: usize, c: u8) -> u64 {
        if g < 3 {
            SUIT_PACKED[c as usize]
        } else {
            HONOR_PACKED[c as usize]
        }
    }

    /// The targets where class `to` is below class `from` in group `g`: per five-bit
    /// field, `16 + from - to - 1` keeps its guard bit exactly when `from > to`.
    #[inline(always)]
    pub(crate) fn lower(g: usize, from: u8, to: u8) -> LaneSet {
        let (a, b) = if g < 3 {
            (SUIT_PACKED[from as usize], SUIT_PACKED[to as usize])
        } else {
            (HONOR_PACKED[from as usize], HONOR_PACKED[to as usize])
        };
        ((a | GUARDS) - b - LOW_BITS) & GUARDS
    }

    /// Distances of group `g` with counts `h` (caps 4), narrow.
    #[inline(always)]
    pub(crate) fn narrow(g: usize, h: &[u8]) -> Narrow {
        vector(g, class(g, h))
    }

    /// Distance lanes of group `g` with counts `h` (caps 4).
    #[inline(always)]
    pub(crate) fn lanes(g: usize, h: &[u8]) -> Lanes {
        widen(&narrow(g, h))
    }

    /// Per kind of group `g`, the narrow lanes its draw lowers, for counts `h` with
    /// code `code` and class `c`: 0 for a kind held four times or when the group
    /// already holds 14 tiles.
    #[inline(always)]
    pub(crate) fn lowered(g: usize, h: &[u8], code: Code, c: u8) -> [LaneSet; 9] {
        let mut out = [0; 9];
        let tiles: u8 = h.iter().sum();
        if tiles as usize >= MAX_TILES {
            return out;
        }
        let mut to = [0u8; 9];
        for (k, &n) in h.iter().enumerate() {
            if n < 4 {
                to[k] = code.plus(g, k).class(g);
            }
        }
        for (k, &n) in h.iter().enumerate() {
            if n < 4 {
                out[k] = lower(g, c, to[k]);
            }
        }
        out
    }

    /// The kinds whose draw lowers any of the narrow lanes `lanes`, from [`lowered`].
    #[inline(always)]
    pub(crate) fn mask_of(low: &[LaneSet; 9], lanes: LaneSet) -> u16 {
        let mut m = 0u16;
        for (k, &l) in low.iter().enumerate() {
            m |= ((l & lanes != 0) as u16) << k;
        }
        m
    }

    /// Narrow distances and improving-draw masks (per target) of group `g` with
    /// counts `h` (caps 4).
    #[cfg(test)]
    pub(crate) fn narrow_masks(g: usize, h: &[u8]) -> (Narrow, [u16; 10]) {
        let code = Code::of(g, h);
        let c = code.class(g);
        let low = lowered(g, h, code, c);
        let mut masks = [0u16; 10];
        for (j, m) in masks.iter_mut().enumerate() {
            for (k, &l) in low.iter().enumerate() {
                *m |= ((l & lane(j) != 0) as u16) << k;
            }
        }
        (vector(g, c), masks)
    }

    /// Distance lanes and improving-draw masks of group `g` with counts `h` (caps 4).
    #[cfg(test)]
    pub(crate) fn lanes_masks(g: usize, h: &[u8]) -> (Lanes, [u16; 10]) {
        let (n, m) = narrow_masks(g, h);
        (widen(&n), m)
    }

    /// The regular distance (shanten + 1) of closed counts with `melds` melds to
    /// make: four classes and three lookups in the tables of products.
    #[inline(always)]
    pub(crate) fn regular_closed(c: &[u8; KINDS], melds: usize) -> u8 {
        let a = class(0, &c[0..9]) as usize;
        let b = class(1, &c[9..18]) as usize;
        let s = class(2, &c[18..27]) as usize;
        let z = class(3, &c[27..34]) as usize;
        chain(a, b, s, z, melds)
    }

    /// The regular distance from the four groups' classes (suits `a`, `b`, `s`,
    /// honors `z`) for `melds` melds and one pair.
    #[inline(always)]
    pub(crate) fn chain(a: usize, b: usize, s: usize, z: usize, melds: usize) -> u8 {
        let x = TWO[(a << 7 | b) & 0x3fff] as usize;
        let y = THREE[(x << 7 | s) & 0x7fff] as usize;
        FOUR[((y << 6 | z) << 3 | melds) & 0x1_ffff]
    }

    /// [`chain`] of the four groups' classes in group order.
    #[inline(always)]
    pub(crate) fn chain_of(own: &[u8; 4], melds: usize) -> u8 {
        chain(
            own[0] as usize,
            own[1] as usize,
            own[2] as usize,
            own[3] as usize,
            melds,
        )
    }

    /// Distances of the product of two suits' classes.
    #[cfg(test)]
    pub(crate) fn two(a: u8, b: u8) -> Narrow {
        TWO_VEC[TWO[(a as usize) << 7 | b as usize] as usize]
    }

    /// Distances of the product of a suit's class `a` and the honors' class `z`.
    #[cfg(test)]
    pub(crate) fn suit_honor(a: u8, z: u8) -> Narrow {
        SUIT_HONOR_VEC[SUIT_HONOR[((a as usize) << 6 | z as usize) & 0x1fff] as usize]
    }

    /// Distances of the product of two suits' classes `a`, `b` and the honors' class `z`.
    #[inline(always)]
    pub(crate) fn two_honor(a: u8, b: u8, z: u8) -> Narrow {
        let x = TWO[(a as usize) << 7 | b as usize] as usize;
        TWO_HONOR_VEC[TWO_HONOR[(x << 6 | z as usize) & 0x3fff] as usize]
    }

    /// Distances of the product of three suits' classes.
    #[inline(always)]
    pub(crate) fn three(a: u8, b: u8, s: u8) -> Narrow {
        let x = TWO[(a as usize) << 7 | b as usize] as usize;
        THREE_VEC[THREE[(x << 7 | s as usize) & 0x7fff] as usize]
    }

    /// Number of patterns in the suit and honor tables.
    #[cfg(test)]
    pub(crate) fn sizes() -> (usize, usize) {
        (SUIT_CLASS.len(), HONOR_CLASS.len())
    }

    /// Numbers of suit and honor classes.
    #[cfg(test)]
    pub(crate) fn class_counts() -> (usize, usize) {
        (SUIT_VECTORS.len(), HONOR_VECTORS.len())
    }
}

/// A narrow vector in 16 lanes (`8p + m`, unused lanes [`INF`]).
#[inline(always)]
fn widen(n: &Narrow) -> Lanes {
    let mut l = ALL_INF;
    l[..5].copy_from_slice(&n[..5]);
    l[8..13].copy_from_slice(&n[5..]);
    l
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls `f` on every pattern of `len` kinds (at most 4 each) with at most `max`
    /// tiles, in rank order (first kind most significant).
    fn each_pattern(len: usize, max: usize, f: &mut dyn FnMut(&[u8])) {
        fn each(i: usize, n: usize, max: usize, h: &mut [u8], f: &mut dyn FnMut(&[u8])) {
            if i == h.len() {
                f(h);
                return;
            }
            for v in 0..=4u8 {
                if n + v as usize > max {
                    break;
                }
                h[i] = v;
                each(i + 1, n + v as usize, max, h, f);
            }
            h[i] = 0;
        }
        each(0, 0, max, &mut vec![0u8; len], f);
    }

    fn sh(s: &str) -> Shanten {
        shanten(&s.parse::<Hand>().unwrap())
    }

    #[test]
    fn table_matches_the_programme() {
        // Every pattern's rank; every 97th pattern's distances and improving draws
        // against a fresh exhaustive computation.
        let (ns, nh) = tables::sizes();
        let mut seen = [0usize; 2];
        for (g, len) in [(0usize, 9usize), (3, 7)] {
            let mut k = 0usize;
            each_pattern(len, MAX_TILES, &mut |p| {
                let code = tables::Code::of(g, p);
                assert_eq!(code.rank(g), k, "{p:?}");
                assert_eq!(tables::index_plain(g, p), k, "{p:?}");
                // The classes with one more tile of each kind, read with shared ranks,
                // against the class of the recounted pattern.
                if p.iter().map(|&v| v as usize).sum::<usize>() < MAX_TILES {
                    let mut plus = [0u8; 9];
                    code.plus_classes(g, &mut plus);
                    for kk in 0..len {
                        if p[kk] < 4 {
                            let mut q = [0u8; 9];
                            q[..len].copy_from_slice(p);
                            q[kk] += 1;
                            assert_eq!(plus[kk], tables::class(g, &q[..len]), "{p:?} + {kk}");
                            // A draw never raises a distance (the discard ranking
                            // relies on it to read lowered targets as differences).
                            let (before, after) = (
                                tables::vector(g, code.class(g)),
                                tables::vector(g, plus[kk]),
                            );
                            assert!((0..10).all(|j| after[j] <= before[j]), "{p:?} + {kk}");
                        }
                    }
                }
                if k % 97 == 0 {
                    let caps = [4u8; 9];
                    let d = suit_table::group_vector(p, &caps[..len], g < 3);
                    let (l, m) = tables::lanes_masks(g, p);
                    assert_eq!(l, d, "{p:?}");
                    let tiles = p.iter().map(|&v| v as usize).sum::<usize>();
                    let expected = if tiles < MAX_TILES {
                        suit_table::group_masks(p, &caps[..len], g < 3, &d)
                    } else {
                        [0; 10]
                    };
                    assert_eq!(m, expected, "{p:?}");
                    // Removing and adding a tile moves the code as recounting does.
                    for i in 0..len {
                        if p[i] > 0 {
                            let mut q = [0u8; 9];
                            q[..len].copy_from_slice(p);
                            q[i] -= 1;
                            let back = code.minus(g, i);
                            assert_eq!(back.rank(g), tables::index_plain(g, &q[..len]));
                            assert_eq!(code.take(g, i).rank(g), back.rank(g));
                            assert_eq!(back.plus(g, i).rank(g), k);
                        }
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
    fn small_rows_match_the_programme() {
        // Every pattern of at most `SMALL_MAX` tiles: its code finds its rank (the rows
        // are in rank order) and its row holds its class; the class's vector and the
        // row's improving draws per target against a fresh exhaustive computation.
        for (g, len) in [(0usize, 9usize), (3, 7)] {
            let mut k = 0usize;
            let mut rows = std::collections::HashSet::new();
            each_pattern(len, tables::SMALL_MAX, &mut |p| {
                let code = tables::Code::of(g, p);
                assert_eq!(code.small_rank(g), k, "{p:?}");
                let row = code.small_row(g);
                assert_eq!(tables::row_class(row), code.class(g), "{p:?}");
                rows.insert(row);
                let caps = [4u8; 9];
                let d = suit_table::group_vector(p, &caps[..len], g < 3);
                assert_eq!(
                    widen(&tables::vector(g, tables::row_class(row))),
                    d,
                    "{p:?}"
                );
                let m = suit_table::group_masks(p, &caps[..len], g < 3, &d);
                for (j, &mj) in m.iter().enumerate() {
                    assert_eq!(tables::row_draws(row, j), mj, "{p:?} target {j}");
                }
                // Any set of targets at once: the union of their draws.
                for lanes in [1023u16, (k * 37 % 1024) as u16, (k * 101 % 1024) as u16] {
                    let union = (0..10)
                        .filter(|j| lanes >> j & 1 == 1)
                        .fold(0u16, |u, j| u | m[j]);
                    assert_eq!(tables::row_draws_of(row, lanes), union, "{p:?} {lanes:#b}");
                }
                k += 1;
            });
            // Distinct patterns with different draws have different rows: the lookup
            // cannot be answering one row for many patterns.
            assert!(rows.len() > k / 4, "{} rows for {k} patterns", rows.len());
        }
    }

    #[test]
    fn target_fields_cover_their_targets() {
        // `fields(lanes)` holds the five-bit field of target j exactly when bit j is set,
        // and the packed distances hold each target's distance in its field.
        let (ns, nh) = tables::class_counts();
        for lanes in 0u16..1024 {
            let f = tables::fields(lanes);
            for j in 0..10 {
                let field = 0x1fu64 << (5 * j);
                let want = if lanes >> j & 1 == 1 { field } else { 0 };
                assert_eq!(f & field, want, "{lanes:#b} target {j}");
            }
            assert_eq!(f >> 50, 0);
        }
        for (g, n) in [(0usize, ns), (3, nh)] {
            for c in 0..n {
                let v = tables::vector(g, c as u8);
                let p = tables::packed_class(g, c as u8);
                for (j, &vj) in v.iter().enumerate() {
                    assert_eq!((p >> (5 * j) & 0x1f) as u8, vj, "group {g} class {c}");
                }
            }
        }
    }

    #[test]
    fn product_chain_matches_products() {
        // The chained product classes against min-plus products of the class vectors:
        // every pair of suit classes (with the other groups empty) and random quadruples.
        let (ns, nh) = tables::class_counts();
        let vec = |g: usize, c: usize| tables::vector(g, c as u8);
        let check = |a: usize, b: usize, s: usize, z: usize| {
            let v = [vec(0, a), vec(0, b), vec(0, s), vec(3, z)];
            for melds in 0..=4 {
                assert_eq!(
                    tables::chain(a, b, s, z, melds),
                    regular_distance(&v, melds),
                    "{a} {b} {s} {z} {melds}"
                );
            }
        };
        for a in 0..ns {
            for b in 0..ns {
                check(a, b, 0, 0);
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let r = x as usize;
            check(r % ns, (r >> 8) % ns, (r >> 16) % ns, (r >> 24) % nh);
        }
    }

    #[test]
    fn product_tables_match_products() {
        // The discard ranking's products of other groups, read from tables, against
        // min-plus products of the class vectors: every suit pair, every suit with every
        // honor class, every two suits with every honor class; and the reversed wide
        // copies against the products they reverse.
        let (ns, nh) = tables::class_counts();
        let vec = |g: usize, c: usize| tables::vector(g, c as u8);
        let rev = |n: &Narrow| -> [u8; 16] {
            let w = widen(n);
            core::array::from_fn(|j| if w[15 - j] == INF { 200 } else { w[15 - j] })
        };
        for a in 0..ns {
            for b in 0..ns {
                let p = conv_narrow(&vec(0, a), &vec(0, b));
                assert_eq!(tables::two(a as u8, b as u8), p, "{a} {b}");
                assert_eq!(tables::two_rev(a as u8, b as u8), rev(&p), "{a} {b}");
                for z in 0..nh {
                    let q = conv_narrow(&p, &vec(3, z));
                    assert_eq!(
                        tables::two_honor(a as u8, b as u8, z as u8),
                        q,
                        "{a} {b} {z}"
                    );
                }
            }
            for z in 0..nh {
                let p = conv_narrow(&vec(0, a), &vec(3, z));
                assert_eq!(tables::suit_honor(a as u8, z as u8), p, "{a} {z}");
                assert_eq!(tables::suit_honor_rev(a as u8, z as u8), rev(&p), "{a} {z}");
            }
        }
        // The wide vectors of every class.
        for (g, n) in [(0, ns), (3, nh)] {
            for c in 0..n {
                assert_eq!(tables::wide_vector(g, c as u8), {
                    let w = widen(&vec(g, c));
                    w.map(|x| if x == INF { 200 } else { x })
                });
            }
        }
    }

    #[test]
    fn closed_product_matches_general() {
        // Products of table vectors (and of products) agree with the general form.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let mut v = [[0u8; 10]; 3];
            for (k, vk) in v.iter_mut().enumerate() {
                let mut h = [0u8; 9];
                let mut n = 0;
                while n < 5 {
                    let i = (next() % 9) as usize;
                    if h[i] < 4 {
                        h[i] += 1;
                        n += 1;
                    }
                }
                *vk = if k < 2 {
                    tables::narrow_masks(0, &h).0
                } else {
                    tables::narrow_masks(3, &h[..7]).0
                };
            }
            let g = conv_narrow(&v[0], &v[1]);
            assert_eq!(conv_closed(&v[0], &v[1]), g);
            assert_eq!(conv_empty(&g), conv_narrow(&g, &EMPTY_GROUP));
            assert_eq!(conv_empty(&v[2]), conv_narrow(&v[2], &EMPTY_GROUP));
            assert_eq!(conv_closed(&g, &v[2]), conv_narrow(&g, &v[2]));
        }
    }

    #[test]
    fn special_masks_match_the_counting() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            let mut c = [0u8; KINDS];
            let mut n = 0;
            while n < 13 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Few kinds half the time, so pairs and quads are common.
                let k = (x % if x >> 40 & 1 == 0 { 34 } else { 9 }) as usize;
                if c[k] < 4 {
                    c[k] += 1;
                    n += 1;
                }
            }
            assert_eq!(
                special_masks(&c),
                (chiitoitsu_mask(&c), kokushi_mask(&c)),
                "{c:?}"
            );
        }
    }

    #[test]
    fn empty_group_constant() {
        assert_eq!(tables::narrow_masks(0, &[0; 9]).0, EMPTY_GROUP);
        assert_eq!(tables::narrow_masks(3, &[0; 7]).0, EMPTY_GROUP);
        assert_eq!(conv_narrow(&EMPTY_GROUP, &EMPTY_GROUP), EMPTY_GROUP);
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
