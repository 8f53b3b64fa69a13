//! Counting the weighted tenpai hands whose waits avoid a set of kinds, by a dynamic
//! programme over the four groups (man, pin, sou, honors).
//!
//! Each group pattern of [`parts`](super::parts) gets a *role* (its regular-form
//! role and wait class against the avoided set) and a *seven-pairs role*; patterns
//! with the same tile count and roles are summed into one bucket, weighted by
//! `prod C(pool[k], h[k])`. The programme then combines the four groups' buckets
//! with a state of (tiles so far, regular-form summary, seven-pairs summary); at the
//! end a hand counts when its waits (the union of the forms) are not empty and
//! avoid the set. Thirteen orphans is counted directly (156 + 1 shapes).
//!
//! The wait classes: `E` no wait, `C` waits none of which is avoided ("clean"),
//! `D` some wait avoided ("dirty", a furiten hand). The waits of a hand are the
//! union of its forms' waits, so a hand counts when no form is `D` and some is `C`.
//!
//! The programme's sums fit 64 bits: each counts (weighted) hands of at most 13 tiles
//! drawn from at most 136, at most `C(136, 13)` < 2^59 ways.

use super::parts::{tables, Sig, SuitSums, Table, BINOM};
use crate::tile::KINDS;

const E: u8 = 0;
const C: u8 = 1;
const D: u8 = 2;

// Part roles (regular form).
const ROLE_DEAD: u8 = 0;
const ROLE_M: u8 = 1;
/// `ROLE_ONE + cls` for cls C or D (count 1 mod 3).
const ROLE_ONE: u8 = 1; // + C (1) or D (2): 2, 3
/// `ROLE_TWO + 3 * pair + cls` (count 2 mod 3).
const ROLE_TWO: u8 = 4;
const ROLES: usize = 10;

// Seven-pairs roles of a part: none, pairs only, a single (clean or dirty).
const CHI_NONE: u8 = 0;
const CHI_PAIRS: u8 = 1;
/// `CHI_SINGLE + cls - 1`: 2 clean, 3 dirty.
const CHI_SINGLE: u8 = 2;
const CHIS: usize = 4;

// Regular-form summary states.
const REG_DEAD: u8 = 0;
const REG_Z: u8 = 1;
// 2, 3: one group of count 1 mod 3 (clean, dirty) = ROLE_ONE + cls
// 4..=9: one group of count 2 mod 3 = ROLE_TWO + 3 * pair + cls
const REG_FIN: u8 = 9; // + C or D: 10, 11: two groups of count 2 mod 3 combined
const REGS: usize = 12;

// Seven-pairs summary states: dead, pairs only, one single (clean, dirty).
const CS_DEAD: u8 = 0;
const CS_PAIRS: u8 = 1;

/// Union of two wait classes.
const fn union(a: u8, b: u8) -> u8 {
    if a == D || b == D {
        D
    } else if a == C || b == C {
        C
    } else {
        E
    }
}

const fn reg_next(reg: u8, role: u8) -> u8 {
    if reg == REG_DEAD || role == ROLE_DEAD {
        return REG_DEAD;
    }
    if role == ROLE_M {
        return reg;
    }
    if reg == REG_Z {
        return role;
    }
    if reg >= ROLE_TWO && reg < ROLE_TWO + 6 && role >= ROLE_TWO {
        let (p1, c1) = ((reg - ROLE_TWO) / 3, (reg - ROLE_TWO) % 3);
        let (p2, c2) = ((role - ROLE_TWO) / 3, (role - ROLE_TWO) % 3);
        let a = if p2 == 1 { c1 } else { E };
        let b = if p1 == 1 { c2 } else { E };
        let u = union(a, b);
        return if u == E { REG_DEAD } else { REG_FIN + u };
    }
    REG_DEAD
}

const fn chi_next(cs: u8, role: u8) -> u8 {
    if cs == CS_DEAD || role == CHI_NONE {
        return CS_DEAD;
    }
    if role == CHI_PAIRS {
        return cs;
    }
    if cs == CS_PAIRS {
        return role;
    }
    CS_DEAD
}

/// The final class of a summary: the regular waits' class and the seven-pairs one.
const fn final_class(reg: u8, cs: u8) -> u8 {
    let r = match reg {
        2 | 10 => C,
        3 | 11 => D,
        _ => E,
    };
    let c = match cs {
        2 => C,
        3 => D,
        _ => E,
    };
    union(r, c)
}

/// The summary after a group: `TRANS[reg * 4 + cs][role * CHIS + chi]` is
/// `reg_next * 4 + chi_next`, or `DEAD` when both forms are dead.
const TRANS: [[u8; ROLES * CHIS]; REGS * 4] = {
    let mut t = [[0u8; ROLES * CHIS]; REGS * 4];
    let mut s = 0;
    while s < REGS * 4 {
        let mut b = 0;
        while b < ROLES * CHIS {
            let r2 = reg_next((s / 4) as u8, (b / CHIS) as u8);
            let c2 = chi_next((s % 4) as u8, (b % CHIS) as u8);
            t[s][b] = if r2 == REG_DEAD && c2 == CS_DEAD {
                DEAD
            } else {
                r2 * 4 + c2
            };
            b += 1;
        }
        s += 1;
    }
    t
};
const DEAD: u8 = u8::MAX;

/// `CLEAN[reg * 4 + cs]`: the summary's final class is `C` (the hand counts).
const CLEAN: [bool; REGS * 4] = {
    let mut t = [false; REGS * 4];
    let mut s = 0;
    while s < REGS * 4 {
        t[s] = final_class((s / 4) as u8, (s % 4) as u8) == C;
        s += 1;
    }
    t
};

/// The thirteen orphans kinds.
const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Thirteen orphans for one pool (see [`Model::kokushi_parts`]).
struct Kokushi {
    /// The thirteen-sided hands (one of each orphan).
    all: u128,
    /// Per orphan (in [`ORPHANS`]' order), the hands waiting on it alone.
    single: [u128; 13],
}

impl Kokushi {
    /// The weight of the thirteen-orphans hands whose waits avoid `avoid`.
    fn avoiding(k: Option<&Kokushi>, avoid: u64) -> u128 {
        let Some(k) = k else {
            return 0;
        };
        let all: u64 = ORPHANS.iter().map(|&x| 1u64 << x).sum();
        let mut sum = if avoid & all == 0 { k.all } else { 0 };
        for (&x, &w) in ORPHANS.iter().zip(&k.single) {
            if avoid & (1 << x) == 0 {
                sum += w;
            }
        }
        sum
    }
}

/// One bucket: tile count, regular role and seven-pairs role (`role * CHIS + chi`),
/// summed weight.
#[derive(Clone, Copy)]
struct Bucket {
    total: u8,
    roles: u8,
    weight: u64,
}

/// A riichi opponent's hand under the model, as counts: the unseen `pool`, the
/// number of concealed tiles, its closed kans and the kinds its waits must avoid.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Model {
    pub pool: [u8; KINDS],
    pub concealed: u8,
    /// Kinds of its kans (bit per kind): never a wait (a fifth copy).
    pub kans: u64,
}

const GROUPS: usize = 4;

fn group_of(kind: usize) -> usize {
    (kind / 9).min(3)
}

impl Model {
    fn group_table(&self, g: usize) -> &'static Table {
        let t = tables();
        if g == 3 {
            &t.honor
        } else {
            &t.suit
        }
    }

    /// The weight of each signature of group `g`'s table: from the suit's sums
    /// (`sums`, or computed here), or a pass over the honor patterns.
    fn sig_weights(&self, g: usize, sums: Option<&SuitSums>) -> Vec<u64> {
        let base = 9 * g;
        if g < 3 {
            let pool = &self.pool[base..base + 9];
            return match sums {
                Some(s) => s.sig_w.clone(),
                None => SuitSums::new(pool, &[0; 9], self.concealed, 0).sig_w,
            };
        }
        let kinds = 7;
        let pool = &self.pool[base..base + kinds];
        let n = self.concealed;
        let table = self.group_table(g);
        // Weights of the three chunks of kinds (0-2, 3-5, 6-8) for every count pattern.
        let mut chunk_w = [[0u64; 125]; 3];
        for (j, w) in chunk_w.iter_mut().enumerate() {
            let ks: Vec<usize> = (3 * j..kinds).take(3).collect();
            for (code, slot) in w.iter_mut().enumerate() {
                let mut c = code;
                let mut prod = 1u64;
                for &k in &ks {
                    let h = c % 5;
                    c /= 5;
                    prod *= BINOM[usize::from(pool[k])][h];
                }
                // Codes that use kinds the chunk lacks (honors' last chunk) weigh 0.
                *slot = if c == 0 { prod } else { 0 };
            }
        }
        // The weight of each signature: its patterns summed.
        let mut sig_w = vec![0u64; table.sigs.len()];
        for p in &table.parts {
            if p.total > n {
                break;
            }
            let w = chunk_w[0][usize::from(p.chunks[0])]
                * chunk_w[1][usize::from(p.chunks[1])]
                * chunk_w[2][usize::from(p.chunks[2])];
            sig_w[usize::from(p.sig)] += w;
        }
        sig_w
    }

    /// The buckets of group `g` for each avoided mask in `avoid` (group bits), the
    /// suit's weight sums given or not.
    fn buckets(&self, g: usize, avoid: &[u16], sums: Option<&SuitSums>) -> Vec<Vec<Bucket>> {
        let kinds = if g == 3 { 7 } else { 9 };
        let base = 9 * g;
        let kans = ((self.kans >> base) as u16) & ((1 << kinds) - 1);
        let chiitoi_ok = self.concealed == 13;
        let table = self.group_table(g);
        let own;
        let sig_w: &[u64] = match sums {
            Some(s) => &s.sig_w,
            _ => {
                own = self.sig_weights(g, sums);
                &own
            }
        };
        let mut dense = vec![[[0u64; CHIS]; ROLES * 14]; avoid.len()];
        // The cell of a signature under an avoided mask: (tile count and role, chi).
        let cell = |p: &Sig, waits: u16, a: u16| -> Option<(usize, usize)> {
            let cls = if waits == 0 {
                E
            } else if waits & a != 0 {
                D
            } else {
                C
            };
            let role = match p.total % 3 {
                0 if p.melds => ROLE_M,
                1 if cls != E => ROLE_ONE + cls,
                2 if p.pair || cls != E => ROLE_TWO + 3 * u8::from(p.pair) + cls,
                _ => ROLE_DEAD,
            };
            let chi = match p.chiitoi {
                Some(_) if !chiitoi_ok => CHI_NONE,
                Some(None) => CHI_PAIRS,
                Some(Some(k)) => CHI_SINGLE + u8::from(a & (1 << k) != 0),
                None => CHI_NONE,
            };
            (role != ROLE_DEAD || chi != CHI_NONE).then(|| {
                (
                    usize::from(p.total) * ROLES + usize::from(role),
                    usize::from(chi),
                )
            })
        };
        // The first mask in full; each other one as its difference from the first
        // (wrapping: a cell's final sum is exact), only for the signatures whose waits
        // or seven-pairs single meet the kinds it adds.
        let Some((&first, rest)) = avoid.split_first() else {
            return Vec::new();
        };
        let extra: Vec<u16> = rest.iter().map(|&a| a & !first).collect();
        let any_extra = extra.iter().fold(0u16, |m, &e| m | e);
        let Some((d0, ds)) = dense.split_first_mut() else {
            return Vec::new();
        };
        for (p, &w) in table.sigs.iter().zip(sig_w) {
            if w == 0 {
                continue;
            }
            let waits = p.waits & !kans;
            let c0 = cell(p, waits, first);
            if let Some((i, chi)) = c0 {
                d0[i][chi] += w;
            }
            let single = match p.chiitoi {
                Some(Some(k)) if chiitoi_ok => 1u16 << k,
                _ => 0,
            };
            let touch = (waits | single) & any_extra;
            if touch == 0 {
                continue;
            }
            for ((&e, &a), d) in extra.iter().zip(rest).zip(ds.iter_mut()) {
                if e & touch == 0 {
                    continue;
                }
                let c = cell(p, waits, a);
                if c != c0 {
                    if let Some((i, chi)) = c0 {
                        d[i][chi] = d[i][chi].wrapping_sub(w);
                    }
                    if let Some((i, chi)) = c {
                        d[i][chi] = d[i][chi].wrapping_add(w);
                    }
                }
            }
        }
        for d in ds.iter_mut() {
            for (row, row0) in d.iter_mut().zip(d0.iter()) {
                for (x, &x0) in row.iter_mut().zip(row0) {
                    *x = x.wrapping_add(x0);
                }
            }
        }
        dense
            .into_iter()
            .map(|d| {
                let mut out = Vec::new();
                for (i, row) in d.iter().enumerate() {
                    for (chi, &weight) in row.iter().enumerate() {
                        if weight != 0 {
                            out.push(Bucket {
                                total: (i / ROLES) as u8,
                                roles: ((i % ROLES) * CHIS + chi) as u8,
                                weight,
                            });
                        }
                    }
                }
                out
            })
            .collect()
    }

    /// Advance the programme by one group.
    fn step(&self, state: &[u64], buckets: &[Bucket]) -> Vec<u64> {
        let n = usize::from(self.concealed);
        let mut next = vec![0u64; state.len()];
        for (t, row) in state.chunks(REGS * 4).enumerate() {
            // The buckets are in order of tile count.
            let fit = buckets.partition_point(|b| t + usize::from(b.total) <= n);
            let buckets = &buckets[..fit];
            for (rc, &v) in row.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                let trans = &TRANS[rc];
                for b in buckets {
                    let to = trans[usize::from(b.roles)];
                    if to == DEAD {
                        continue;
                    }
                    let t2 = t + usize::from(b.total);
                    if let Some(slot) = next.get_mut(t2 * REGS * 4 + usize::from(to)) {
                        *slot += v * b.weight;
                    }
                }
            }
        }
        next
    }

    /// The last group's step and the end at once: the weight of the hands of
    /// exactly the concealed tiles that count (waits not empty, avoiding the set).
    fn step_finish(&self, state: &[u64], buckets: &[Bucket]) -> u128 {
        let n = usize::from(self.concealed);
        let mut sum = 0u64;
        for (t, row) in state.chunks(REGS * 4).enumerate() {
            let Some(need) = n.checked_sub(t) else {
                break;
            };
            let from = buckets.partition_point(|b| usize::from(b.total) < need);
            let to = buckets.partition_point(|b| usize::from(b.total) <= need);
            let buckets = &buckets[from..to];
            if buckets.is_empty() {
                continue;
            }
            for (rc, &v) in row.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                let trans = &TRANS[rc];
                let mut w = 0u64;
                for b in buckets {
                    let to = trans[usize::from(b.roles)];
                    if to != DEAD && CLEAN[usize::from(to)] {
                        w += b.weight;
                    }
                }
                sum += v * w;
            }
        }
        u128::from(sum)
    }

    fn initial(&self) -> Vec<u64> {
        let n = usize::from(self.concealed);
        let mut s = vec![0u64; (n + 1) * REGS * 4];
        let cs = if self.concealed == 13 {
            CS_PAIRS
        } else {
            CS_DEAD
        };
        s[usize::from(REG_Z) * 4 + usize::from(cs)] = 1;
        s
    }

    /// Thirteen orphans, worked out once per pool: the weight of the thirteen-sided
    /// hands, and for each orphan `x` the weight of the hands waiting on `x` alone
    /// (a pair of another orphan), `None` when the hand is not of 13 tiles.
    fn kokushi_parts(&self) -> Option<Kokushi> {
        if self.concealed != 13 {
            return None;
        }
        let all = ORPHANS
            .iter()
            .map(|&k| u128::from(self.pool[k]))
            .product::<u128>();
        let mut single = [0u128; 13];
        for (slot, &x) in single.iter_mut().zip(&ORPHANS) {
            for &y in &ORPHANS {
                if y == x {
                    continue;
                }
                let mut w = u128::from(BINOM[usize::from(self.pool[y].min(4))][2]);
                for &k in &ORPHANS {
                    if k != x && k != y {
                        w *= u128::from(self.pool[k]);
                    }
                }
                *slot += w;
            }
        }
        Some(Kokushi { all, single })
    }

    /// The total weight of the hands that are tenpai with waits avoiding `avoid`, and
    /// for each kind in `kinds` the weight of those that also wait on it.
    pub fn weights(&self, avoid: u64, kinds: &[usize]) -> (u128, Vec<u128>) {
        self.weights_with(avoid, kinds, None)
    }

    /// [`Model::weights`] with the suits' weight sums already made (for this pool
    /// and number of concealed tiles).
    pub fn weights_with(
        &self,
        avoid: u64,
        kinds: &[usize],
        sums: Option<&[SuitSums; 3]>,
    ) -> (u128, Vec<u128>) {
        // Buckets per group: the base mask, then one per asked kind of that group.
        let mut per_group: Vec<Vec<Vec<Bucket>>> = Vec::with_capacity(GROUPS);
        let mut index: Vec<usize> = vec![0; kinds.len()];
        for g in 0..GROUPS {
            let base = 9 * g;
            let width = if g == 3 { 7 } else { 9 };
            let mask = ((avoid >> base) as u16) & ((1 << width) - 1);
            let mut masks = vec![mask];
            for (i, &k) in kinds.iter().enumerate() {
                if group_of(k) == g {
                    index[i] = masks.len();
                    masks.push(mask | (1 << (k - base)));
                }
            }
            per_group.push(self.buckets(g, &masks, sums.and_then(|s| s.get(g))));
        }
        let mut prefix = vec![self.initial()];
        for (g, b) in per_group.iter().enumerate().take(GROUPS - 1) {
            let s = self.step(&prefix[g], &b[0]);
            prefix.push(s);
        }
        let last = GROUPS - 1;
        let kokushi = self.kokushi_parts();
        let total = self.step_finish(&prefix[last], &per_group[last][0])
            + Kokushi::avoiding(kokushi.as_ref(), avoid);
        let per_kind = kinds
            .iter()
            .zip(&index)
            .map(|(&k, &i)| {
                if avoid & (1 << k) != 0 {
                    return 0;
                }
                let g = group_of(k);
                let without = if g == last {
                    self.step_finish(&prefix[g], &per_group[g][i])
                } else {
                    let mut s = self.step(&prefix[g], &per_group[g][i]);
                    for b in &per_group[g + 1..last] {
                        s = self.step(&s, &b[0]);
                    }
                    self.step_finish(&s, &per_group[last][0])
                };
                total - without - Kokushi::avoiding(kokushi.as_ref(), avoid | (1 << k))
            })
            .collect();
        (total, per_kind)
    }
}
