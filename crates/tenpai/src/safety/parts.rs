//! The group patterns that can be part of a tenpai hand, with their wait structure.
//!
//! A *group* is one suit (9 kinds, sequences) or the honors (7 kinds, no sequences).
//! A tenpai hand splits into its four group patterns; for the regular form each
//! pattern has one of these roles, by its tile count modulo 3:
//! - `0`: *complete* (melds only), or the hand is not regular tenpai;
//! - `1`: the pattern that waits for a tile making *melds and the pair*: its waits
//!   are the kinds `w` with `h + w` melds plus a pair;
//! - `2`: either *melds and the pair* already (the pair of a hand whose wait is in
//!   another group), or waiting for a tile making *melds only* (a ryanmen, kanchan,
//!   penchan or the shanpon pair), or both.
//!
//! A pattern with a wait never uses a fifth copy (`h[w] < 4`). Seven pairs needs
//! every count in `{0, 2}` but at most one single. The table holds every pattern of
//! at most 13 tiles with a role in some tenpai hand, built once on first use.

use crate::hash::{FastMap, FastSet};
use std::sync::OnceLock;

/// A hash set and map with a small fast hash (the keys are small, not user input).
type Set<K> = FastSet<K>;
type Map<K, V> = FastMap<K, V>;

/// One group pattern and what it can do in a tenpai hand.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Part {
    /// Counts per kind, 3 bits a kind (kind 0 lowest).
    pub counts: u32,
    /// Tiles in the pattern.
    pub total: u8,
    /// Count 0 mod 3: melds only.
    pub melds: bool,
    /// Count 2 mod 3: melds and one pair.
    pub pair: bool,
    /// Waits (bit per kind): count 1 mod 3, kinds completing melds and a pair;
    /// count 2 mod 3, kinds completing melds only.
    pub waits: u16,
    /// Seven-pairs shape: `None` if some count is not 0 or 2 beyond one single;
    /// `Some(None)` pairs only; `Some(Some(k))` pairs and a single at kind `k`.
    pub chiitoi: Option<Option<u8>>,
    /// The index of its signature (everything above but the counts) in the table's
    /// [`Table::sigs`].
    pub sig: u16,
    /// The counts of kinds 0-2, 3-5 and 6-8 as base-5 numbers (for the weight tables).
    pub chunks: [u8; 3],
}

/// What the programme needs of a pattern besides its weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Sig {
    /// Tiles in the pattern.
    pub total: u8,
    /// See [`Part::melds`].
    pub melds: bool,
    /// See [`Part::pair`].
    pub pair: bool,
    /// See [`Part::waits`].
    pub waits: u16,
    /// See [`Part::chiitoi`].
    pub chiitoi: Option<Option<u8>>,
}

/// What the weight sums of a suit are gathered by: a signature, whether the pattern
/// is all simples (no 1 or 9), and its number of fives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct SumKey {
    /// The index of the signature in [`Table::sigs`].
    pub sig: u16,
    /// No terminal in the pattern.
    pub simple: bool,
    /// Fives in the pattern.
    pub fives: u8,
}

/// A pattern as the weight pass reads it: its [`SumKey`] and its counts in two
/// halves, base-5 numbers (kind 0, or 5, lowest).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lean {
    /// The index of its key in [`Table::keys`].
    pub key: u16,
    /// The counts of kinds 0-4 (below `5^5` = 3125).
    pub lo: u16,
    /// The counts of kinds 5-8 (below `5^4` = 625).
    pub hi: u16,
}

/// Sizes of the weight pass's tables of the two halves' codes (powers of two above
/// 3125 and 625: a code masked by `size - 1` is itself and needs no bounds check).
const LO: usize = 4096;
const HI: usize = 1024;

/// A run of [`Table::lean`] patterns needing the same high counts: the kinds where
/// they hold three or four copies, and four. A pool with fewer copies of one of these
/// kinds gives every pattern of the run the weight 0: the run is skipped whole.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Run {
    /// Kinds (bit per kind) where the patterns hold at least three copies.
    pub three: u16,
    /// Kinds where they hold four.
    pub four: u16,
    /// `upto[t]`: the end (in [`Table::lean`]) of the run's patterns of at most `t`
    /// tiles; the run starts where the one before it ends (`upto[14]`).
    pub upto: [u32; 15],
}

/// The patterns of one group, sorted by tile count, and their distinct signatures.
pub(crate) struct Table {
    /// The patterns.
    pub parts: Vec<Part>,
    /// The signatures.
    pub sigs: Vec<Sig>,
    /// The distinct keys of the patterns (suits only), in order of signature (so of
    /// tile count).
    pub keys: Vec<SumKey>,
    /// The patterns again, compact, in runs (suits only): in a run, in order of key.
    pub lean: Vec<Lean>,
    /// The runs of [`Table::lean`], in order.
    pub runs: Vec<Run>,
}

/// The weights of a suit's patterns for one pool, summed per signature and all
/// simples, by han (the patterns' dora and red fives): shared by the chance (the sum
/// of a signature's polynomials is its weight) and the expected loss.
pub(crate) struct SuitSums {
    /// Bins of each polynomial: han `0..width`, the last one holding everything
    /// above.
    pub width: usize,
    /// The (signature, all simples) whose polynomial is not 0, in order.
    pub entries: Vec<(u16, bool)>,
    /// Their polynomials, `width` bins each: the patterns' ways
    /// `prod C(pool[k], h[k])`, with `j` red fives of the suit's `red` unseen ones
    /// in `C(red, j) C(pool[4] - red, h[4] - j)` of its `C(pool[4], h[4])` ways for
    /// the fives, at its dora plus `j` han.
    pub polys: Vec<u64>,
    /// The weight of each signature (its polynomials summed).
    pub sig_w: Vec<u64>,
}

impl SuitSums {
    /// The weights of a suit's patterns of at most `n` tiles (`pool`, `dora`: its nine
    /// kinds' unseen copies and dora han per copy; `red`: its red fives unseen), by
    /// signature, all simples and han: one pass over the table by key (signature,
    /// all simples, fives) and dora han, then one over the keys.
    pub fn new(pool: &[u8], dora: &[u8], n: u8, red: u8) -> SuitSums {
        let table = &tables().suit;
        let raw: usize = dora.iter().map(|&d| 4 * usize::from(d)).sum();
        let dmax = raw.min(13) + 1;
        // Each half's weight (the five left out) for every code, and its dora han in
        // the low 8 bits when the suit has dora. A half's weight is at most
        // `C(4, 2)^4` = 1296 and its dora at most 64 (4 copies, 4 indicators), so a
        // sum of two entries holds the two dora in its low 8 bits.
        let shift = if dmax == 1 { 0 } else { 8 };
        let lo = half_table(pool, dora, 0..5, shift, LO);
        let hi = half_table(pool, dora, 5..9, shift, HI);
        let (Ok(lo), Ok(hi)) = (
            <&[u32; LO]>::try_from(&lo[..]),
            <&[u32; HI]>::try_from(&hi[..]),
        ) else {
            return SuitSums {
                width: 1,
                entries: Vec::new(),
                polys: Vec::new(),
                sig_w: vec![0; table.sigs.len()],
            };
        };
        // A key's sum counts patterns of one tile count `t` <= 13, their ways but the
        // five's: at most `sum over f of C(32, t - f)` < 2^30 (at most 32 other
        // copies), so the sums are exact in 32 bits.
        let mut w = vec![0u32; table.keys.len() * dmax];
        // Kinds with fewer than three (four) unseen copies: runs needing more are 0.
        let (mut lt3, mut lt4) = (0u16, 0u16);
        for (k, &c) in pool.iter().enumerate() {
            lt3 |= u16::from(c < 3) << k;
            lt4 |= u16::from(c < 4) << k;
        }
        let n = usize::from(n.min(14));
        let pass = |range: std::ops::Range<usize>, w: &mut [u32]| {
            let Some(lean) = table.lean.get(range) else {
                return;
            };
            if dmax == 1 {
                add_plain(lean, lo, hi, w);
            } else if raw <= 13 {
                // Every dora count fits the bins: no clamp.
                add_dora::<false>(lean, lo, hi, dmax, w);
            } else {
                add_dora::<true>(lean, lo, hi, dmax, w);
            }
        };
        // The runs kept, adjacent ones passed at once.
        let (mut start, mut kept) = (0usize, 0..0);
        for run in &table.runs {
            let (from, to) = (start, run.upto[n] as usize);
            start = run.upto[14] as usize;
            if run.three & lt3 != 0 || run.four & lt4 != 0 {
                continue;
            }
            if from == kept.end {
                kept.end = to;
            } else {
                pass(kept, &mut w);
                kept = from..to;
            }
        }
        pass(kept, &mut w);
        SuitSums::by_sig(&w, dmax, pool[4], red)
    }

    /// The keys' sums `w[key * dmax + d]` gathered by (signature, all simples) and
    /// han, the fives' ways put back with their red split.
    fn by_sig(w: &[u32], dmax: usize, five: u8, red: u8) -> SuitSums {
        let table = &tables().suit;
        let (u, r) = (five.min(4), red.min(five.min(4)));
        // For h fives, the ways with j red ones: `split[h][..reds[h]]`.
        let mut split = [[0u64; 3]; 5];
        for (h, row) in split.iter_mut().enumerate() {
            for (j, slot) in row.iter_mut().enumerate() {
                let (h, j) = (h as u8, j as u8);
                if j <= r && j <= h && h - j <= u - r {
                    *slot = BINOM[usize::from(r)][usize::from(j)]
                        * BINOM[usize::from(u - r)][usize::from(h - j)];
                }
            }
        }
        let reds = split.map(|row| row.iter().rposition(|&x| x != 0).map_or(0, |j| j + 1));
        let width = (dmax + usize::from(r)).min(BINS);
        let mut out = SuitSums {
            width,
            entries: Vec::with_capacity(table.keys.len()),
            polys: Vec::with_capacity(table.keys.len() * width),
            sig_w: vec![0; table.sigs.len()],
        };
        let mut cur: Option<(u16, bool)> = None;
        let mut poly = [0u64; BINS];
        let mut flush = |cur: Option<(u16, bool)>, poly: &mut [u64; BINS]| {
            if let Some(e) = cur {
                out.entries.push(e);
                let mut sum = 0;
                for &x in &poly[..width] {
                    out.polys.push(x);
                    sum += x;
                }
                if let Some(slot) = out.sig_w.get_mut(usize::from(e.0)) {
                    *slot += sum;
                }
                *poly = [0; BINS];
            }
        };
        if dmax == 1 {
            for (key, &x) in table.keys.iter().zip(w) {
                if x == 0 {
                    continue;
                }
                let at = Some((key.sig, key.simple));
                if at != cur {
                    flush(cur, &mut poly);
                    cur = at;
                }
                let f = usize::from(key.fives.min(4));
                for (slot, &ways) in poly.iter_mut().zip(&split[f]).take(reds[f]) {
                    *slot += u64::from(x) * ways;
                }
            }
        } else {
            for (key, ws) in table.keys.iter().zip(w.chunks_exact(dmax)) {
                let f = usize::from(key.fives.min(4));
                let split = &split[f][..reds[f]];
                for (d, &x) in ws.iter().enumerate() {
                    if x == 0 {
                        continue;
                    }
                    let at = Some((key.sig, key.simple));
                    if at != cur {
                        flush(cur, &mut poly);
                        cur = at;
                    }
                    for (j, &ways) in split.iter().enumerate() {
                        poly[(d + j).min(BINS - 1)] += u64::from(x) * ways;
                    }
                }
            }
        }
        flush(cur, &mut poly);
        out
    }
}

/// The weight pass over some patterns of a suit without dora: `w[key] += weight`.
/// Apart (not inlined), so that its loop keeps its few values in registers.
#[inline(never)]
fn add_plain(lean: &[Lean], lo: &[u32; LO], hi: &[u32; HI], w: &mut [u32]) {
    for p in lean {
        let x = lo[usize::from(p.lo) & (LO - 1)] * hi[usize::from(p.hi) & (HI - 1)];
        if let Some(slot) = w.get_mut(usize::from(p.key)) {
            *slot += x;
        }
    }
}

/// The weight pass over some patterns of a suit with dora: `w[key * dmax + d] +=
/// weight` (`d` clamped to the last bin if `CLAMP`).
#[inline(never)]
fn add_dora<const CLAMP: bool>(
    lean: &[Lean],
    lo: &[u32; LO],
    hi: &[u32; HI],
    dmax: usize,
    w: &mut [u32],
) {
    for p in lean {
        let (a, b) = (
            lo[usize::from(p.lo) & (LO - 1)],
            hi[usize::from(p.hi) & (HI - 1)],
        );
        let mut d = ((a + b) & 255) as usize;
        if CLAMP {
            d = d.min(dmax - 1);
        }
        if let Some(slot) = w.get_mut(usize::from(p.key) * dmax + d) {
            *slot += (a >> 8) * (b >> 8);
        }
    }
}

/// The weight pass's table of one half of a suit's kinds (`kinds`, the first one
/// lowest in the base-5 code): for every code below `5^kinds`, its ways
/// `prod C(pool[k], h[k])` but the five's, shifted left by `shift`, plus its dora han
/// `sum h[k] dora[k]`; then zeros up to `size`.
fn half_table(
    pool: &[u8],
    dora: &[u8],
    kinds: std::ops::Range<usize>,
    shift: u32,
    size: usize,
) -> Vec<u32> {
    let low = (1u32 << shift) - 1;
    let mut t: Vec<u32> = Vec::with_capacity(size);
    t.push(1 << shift);
    for k in kinds {
        let (p, dk) = (
            pool.get(k).copied().unwrap_or(0),
            dora.get(k).copied().unwrap_or(0),
        );
        let len = t.len();
        for h in 1..5u8 {
            let w = if k == 4 {
                1
            } else {
                BINOM[usize::from(p.min(4))][usize::from(h)] as u32
            };
            let d = u32::from(h) * u32::from(dk);
            let start = t.len();
            t.extend_from_within(..len);
            for x in &mut t[start..] {
                *x = (*x & !low) * w + (*x & low) + d;
            }
        }
    }
    t.resize(size, 0);
    t
}

/// Han bins of the expected loss's polynomials: 0 to 12, and 13 for 13 or more.
pub(crate) const BINS: usize = 14;

/// `C(n, k)` for `n, k <= 4` (0 for `k > n`).
pub(crate) const BINOM: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// The tables: suits (sequences) and honors, each sorted by tile count.
pub(crate) struct Tables {
    /// Patterns of a numbered suit.
    pub suit: Table,
    /// Patterns of the honors.
    pub honor: Table,
}

/// The tables, built on first use (about 220M instructions, once per process).
pub(crate) fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| Tables {
        suit: build(9, true),
        honor: build(7, false),
    })
}

/// Whether `h` splits into melds and `pairs` pairs (0 or 1): the tests' reference.
#[cfg(test)]
fn complete(h: &mut [u8], seq: bool, pairs: u8) -> bool {
    let Some(i) = h.iter().position(|&c| c > 0) else {
        return pairs == 0;
    };
    if h[i] >= 3 {
        h[i] -= 3;
        let ok = complete(h, seq, pairs);
        h[i] += 3;
        if ok {
            return true;
        }
    }
    if pairs == 1 && h[i] >= 2 {
        h[i] -= 2;
        let ok = complete(h, seq, 0);
        h[i] += 2;
        if ok {
            return true;
        }
    }
    if seq && i + 2 < h.len() && h[i + 1] > 0 && h[i + 2] > 0 {
        h[i] -= 1;
        h[i + 1] -= 1;
        h[i + 2] -= 1;
        let ok = complete(h, seq, pairs);
        h[i] += 1;
        h[i + 1] += 1;
        h[i + 2] += 1;
        return ok;
    }
    false
}

fn pack(h: &[u8]) -> u32 {
    h.iter()
        .enumerate()
        .fold(0, |acc, (k, &c)| acc | (u32::from(c) << (3 * k)))
}

fn unpack(code: u32, kinds: usize) -> [u8; 9] {
    let mut h = [0u8; 9];
    for (k, c) in h.iter_mut().enumerate().take(kinds) {
        *c = ((code >> (3 * k)) & 7) as u8;
    }
    h
}

/// Every complete pattern (up to four melds and at most one pair, counts at most 4),
/// packed 3 bits a kind.
fn complete_patterns(kinds: usize, seq: bool) -> Set<u32> {
    let mut melds: Vec<[u8; 9]> = Vec::new();
    for k in 0..kinds {
        let mut m = [0u8; 9];
        m[k] = 3;
        melds.push(m);
        if seq && k + 2 < kinds {
            let mut m = [0u8; 9];
            m[k] = 1;
            m[k + 1] = 1;
            m[k + 2] = 1;
            melds.push(m);
        }
    }
    let mut out = Set::default();
    // Multisets of melds (non-decreasing index), then each pair choice.
    fn rec(
        melds: &[[u8; 9]],
        kinds: usize,
        from: usize,
        left: usize,
        h: &mut [u8; 9],
        out: &mut Set<u32>,
    ) {
        let code = pack(&h[..kinds]);
        out.insert(code);
        for (k, &c) in h.iter().enumerate().take(kinds) {
            if c + 2 <= 4 {
                out.insert(code + (2 << (3 * k)));
            }
        }
        if left == 0 {
            return;
        }
        for (i, m) in melds.iter().enumerate().skip(from) {
            if h.iter().zip(m).all(|(a, b)| a + b <= 4) {
                for (a, b) in h.iter_mut().zip(m) {
                    *a += b;
                }
                rec(melds, kinds, i, left - 1, h, out);
                for (a, b) in h.iter_mut().zip(m) {
                    *a -= b;
                }
            }
        }
    }
    rec(&melds, kinds, 0, 4, &mut [0u8; 9], &mut out);
    out
}

fn build(kinds: usize, seq: bool) -> Table {
    // A pattern is melds only (melds and one pair) exactly when it is in this set
    // with a tile count 0 (2) modulo 3: every such pattern has at most 14 tiles.
    let whole = complete_patterns(kinds, seq);
    let mut cands: Set<u32> = Set::default();
    for &c in &whole {
        let h = unpack(c, kinds);
        let total: u8 = h.iter().sum();
        if total <= 13 {
            cands.insert(c);
        }
        for (k, &n) in h.iter().enumerate().take(kinds) {
            if n > 0 && total - 1 <= 13 {
                cands.insert(c - (1 << (3 * k)));
            }
        }
    }
    // Seven-pairs shapes: pairs on a set of kinds, at most one single elsewhere.
    for set in 0u32..(1 << kinds) {
        if set.count_ones() > 6 {
            continue;
        }
        let base: u32 = (0..kinds).map(|k| ((set >> k) & 1) << (3 * k + 1)).sum();
        cands.insert(base);
        for k in 0..kinds {
            if set & (1 << k) == 0 {
                cands.insert(base + (1 << (3 * k)));
            }
        }
    }
    let mut parts: Vec<Part> = cands
        .into_iter()
        .filter_map(|code| {
            let h = unpack(code, kinds);
            let h = &h[..kinds];
            let total: u8 = h.iter().sum();
            let r = total % 3;
            let melds = r == 0 && whole.contains(&code);
            let pair = r == 2 && whole.contains(&code);
            let mut waits = 0u16;
            if r != 0 {
                for (w, &c) in h.iter().enumerate() {
                    if c < 4 && whole.contains(&(code + (1 << (3 * w)))) {
                        waits |= 1 << w;
                    }
                }
            }
            let singles = h.iter().filter(|&&c| c == 1).count();
            let chiitoi = if h.iter().all(|&c| c <= 2) && singles <= 1 {
                Some(h.iter().position(|&c| c == 1).map(|k| k as u8))
            } else {
                None
            };
            let chunk = |from: usize| {
                (from..(from + 3).min(kinds))
                    .rev()
                    .fold(0u8, |acc, k| acc * 5 + h[k])
            };
            (melds || pair || waits != 0 || chiitoi.is_some()).then(|| Part {
                counts: code,
                total,
                melds,
                pair,
                waits,
                chiitoi,
                sig: 0,
                chunks: [chunk(0), chunk(3), chunk(6)],
            })
        })
        .collect();
    parts.sort_by_key(|p| (p.total, p.counts));
    let mut index: Map<Sig, u16> = Map::default();
    let mut sigs = Vec::new();
    for p in &mut parts {
        let sig = Sig {
            total: p.total,
            melds: p.melds,
            pair: p.pair,
            waits: p.waits,
            chiitoi: p.chiitoi,
        };
        p.sig = *index.entry(sig).or_insert_with(|| {
            sigs.push(sig);
            (sigs.len() - 1) as u16
        });
    }
    let mut keys: Vec<SumKey> = Vec::new();
    let mut compact: Vec<Lean> = Vec::new();
    let mut runs: Vec<Run> = Vec::new();
    if seq {
        let key_of = |p: &Part| SumKey {
            sig: p.sig,
            simple: p.chunks[0] % 5 == 0 && p.chunks[2] / 25 == 0,
            fives: (p.chunks[1] / 5) % 5,
        };
        // The keys in order of signature (so in order of tile count), a signature's
        // keys together.
        let distinct: Set<SumKey> = parts.iter().map(key_of).collect();
        keys = distinct.into_iter().collect();
        keys.sort_unstable_by_key(|k| (k.sig, k.simple, k.fives));
        let kindex: Map<SumKey, u16> = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, i as u16))
            .collect();
        let mut lean: Vec<(u16, u16, u16, u16, u16, u8)> = Vec::new();
        for p in &parts {
            let key = kindex.get(&key_of(p)).copied().unwrap_or(0);
            let (mut three, mut four) = (0u16, 0u16);
            for k in 0..kinds {
                let h = (p.counts >> (3 * k)) & 7;
                three |= u16::from(h >= 3) << k;
                four |= u16::from(h == 4) << k;
            }
            let code = |kinds: std::ops::Range<usize>| {
                kinds
                    .rev()
                    .fold(0u16, |acc, k| acc * 5 + ((p.counts >> (3 * k)) & 7) as u16)
            };
            lean.push((three, four, key, code(0..5), code(5..9), p.total));
        }
        // Keys are numbered in order of tile count: in a run, in order of key, the
        // patterns stay in order of tile count.
        lean.sort_unstable();
        for (i, &(three, four, key, lo, hi, total)) in lean.iter().enumerate() {
            compact.push(Lean { key, lo, hi });
            if runs.last().map(|r| (r.three, r.four)) != Some((three, four)) {
                let end = runs.last().map_or(0, |r| r.upto[14]);
                runs.push(Run {
                    three,
                    four,
                    upto: [end; 15],
                });
            }
            let last = runs.len() - 1;
            let run = &mut runs[last];
            for slot in &mut run.upto[usize::from(total)..] {
                *slot = (i + 1) as u32;
            }
        }
    }
    Table {
        parts,
        sigs,
        keys,
        lean: compact,
        runs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_and_examples() {
        let t = tables();
        assert!(t.suit.parts.len() > 1000 && t.honor.parts.len() > 100);
        assert!(t.suit.sigs.len() < 5000, "{}", t.suit.sigs.len());
        // 23m (count 2): waits 1m and 4m, not a pair.
        let p = t
            .suit
            .parts
            .iter()
            .find(|p| p.counts == pack(&[0, 1, 1, 0, 0, 0, 0, 0, 0]));
        let p = p.unwrap();
        assert_eq!((p.waits, p.pair, p.melds), (0b1001, false, false));
        // 1112345678999m: the nine-sided wait.
        let p = t
            .suit
            .parts
            .iter()
            .find(|p| p.counts == pack(&[3, 1, 1, 1, 1, 1, 1, 1, 3]))
            .unwrap();
        assert_eq!(p.waits, 0x1ff);
        // A lone honor waits on itself (tanki); four copies of it are no pattern.
        let p = t
            .honor
            .parts
            .iter()
            .find(|p| p.counts == pack(&[1, 0, 0, 0, 0, 0, 0]));
        assert_eq!(p.unwrap().waits, 1);
        assert!(t
            .honor
            .parts
            .iter()
            .all(|p| p.counts != pack(&[4, 0, 0, 0, 0, 0, 0])));
    }

    /// What `complete` (the plain recursive split) says of a pattern: melds only,
    /// melds and a pair, the waits.
    fn reference(h: &mut [u8], seq: bool) -> (bool, bool, u16) {
        let total: u8 = h.iter().sum();
        let r = total % 3;
        let melds = r == 0 && complete(h, seq, 0);
        let pair = r == 2 && complete(h, seq, 1);
        let mut waits = 0u16;
        if r != 0 {
            for w in 0..h.len() {
                if h[w] < 4 {
                    h[w] += 1;
                    if complete(h, seq, u8::from(r == 1)) {
                        waits |= 1 << w;
                    }
                    h[w] -= 1;
                }
            }
        }
        (melds, pair, waits)
    }

    #[test]
    fn parts_agree_with_the_recursive_split() {
        let t = tables();
        assert_eq!((t.suit.parts.len(), t.honor.parts.len()), (72_062, 1_877));
        for (table, kinds, seq) in [(&t.suit, 9, true), (&t.honor, 7, false)] {
            for p in &table.parts {
                let mut h = unpack(p.counts, kinds)[..kinds].to_vec();
                assert_eq!(
                    reference(&mut h, seq),
                    (p.melds, p.pair, p.waits),
                    "{:?}",
                    unpack(p.counts, kinds)
                );
            }
        }
        // The honors in full: a pattern of at most 13 tiles is in the table exactly
        // when it has a role (melds, melds and a pair, a wait, a seven-pairs shape).
        let inside: Set<u32> = t.honor.parts.iter().map(|p| p.counts).collect();
        for code in 0..5u32.pow(7) {
            let mut h: Vec<u8> = (0..7).map(|k| ((code / 5u32.pow(k)) % 5) as u8).collect();
            if h.iter().sum::<u8>() > 13 {
                continue;
            }
            let singles = h.iter().filter(|&&c| c == 1).count();
            let chiitoi = h.iter().all(|&c| c <= 2) && singles <= 1;
            let (m, p, w) = reference(&mut h, false);
            assert_eq!(
                inside.contains(&pack(&h)),
                m || p || w != 0 || chiitoi,
                "{h:?}"
            );
        }
    }
}
