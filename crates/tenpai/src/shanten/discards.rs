//! The discard ranking's fast path: every discard of a closed `3k+2` hand with its
//! distance and improving draws, by table lookups only.

use super::combine::{complements, group_span, OTHERS, SLOTS};
use super::special::{special_from, ORPHANS};
use super::words::{byte_flags_to_bits, words};
use super::{tables, KindMask};
use crate::suit_table::MAX_TILES;
use crate::tile::KINDS;

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
