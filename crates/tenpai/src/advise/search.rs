//! The exact search: values of every reachable state for every number of draws left.
//!
//! A *state* is the 13-tile hand (concealed counts by type, red fives apart; the calls
//! never change) and the number of changes used. Its value is a vector over the draws
//! left `n = 0..=N` for each of the three objectives (tenpai, win, ev), each maximised
//! on its own. After a draw of type `t` (weight: its copies in the pool over the pool
//! size `P`, which every state shares) the options are:
//!
//! - win, when the 14 tiles are complete and have a yaku (value 1 for win, the
//!   points for ev; optional: the policy keeps the larger of winning and going on);
//! - discard the drawn tile (back to the same state: a self-loop, read from the value
//!   at `n - 1`, never recursed on) or, unlocked, a tile of the same kind with the
//!   other colour (a red five swapped for a plain one or back: same kinds, same
//!   changes; it leads to another *variant* of the same kind-state);
//! - unlocked, discard a tile of another kind: a step to strictly lower shanten, or a
//!   change (shanten not lower) when changes are left.
//!
//! Steps that lower shanten and changes both lead to states strictly later in the
//! order (shanten, changes used), so the kind-states form a DAG and a memoised
//! depth-first search reaches each once. The variants of one kind-state (which red
//! fives are held) can reach each other, so they are solved together, draw count by
//! draw count. A riichi-locked state (a closed tenpai hand under `auto`) only wins or
//! discards the drawn tile. A state with no change left only needs the draws that
//! lower its shanten (its ukeire, from the shanten tables' masks): every other draw is
//! a self-loop or a red-five swap, summed once.

use super::pool::{kind_of, kinds, pack, pool, red_of, twin, Counts, TYPES};
use super::value::Scorer;
use crate::error::Error;
use crate::shanten::{closed_discards, HandCounts};
use crate::tile::KINDS;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A small multiplicative hasher for the packed keys (no DoS concern: keys come from
/// the search, not from outside).
#[derive(Default)]
pub(crate) struct FastHasher(u64);

impl Hasher for FastHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
    #[inline]
    fn write_u128(&mut self, v: u128) {
        let x = (v as u64) ^ ((v >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let x = (x ^ (x >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        self.0 = x ^ (x >> 32);
    }
}

type Map<V> = HashMap<u128, V, BuildHasherDefault<FastHasher>>;

/// Objectives, in the order values are stored.
pub(crate) const TENPAI: usize = 0;
/// Win probability.
pub(crate) const WIN: usize = 1;
/// Expected points.
pub(crate) const EV: usize = 2;

/// The search over one hand's states.
pub(crate) struct Search {
    /// Draws of the horizon.
    n: usize,
    /// Values per state: three vectors of `n + 1`.
    stride: usize,
    max_changes: u8,
    auto: bool,
    closed: bool,
    called: [u8; KINDS],
    calls: usize,
    outside: Counts,
    /// The pool size (the same for every state).
    pool_size: u32,
    memo: Map<u32>,
    vals: Vec<f64>,
    /// Best improving successor of a 14-tile hand (no change left): key -> slot in
    /// `best`.
    best_memo: Map<u32>,
    best: Vec<f64>,
    scorer: Scorer,
    max_states: usize,
}

/// Options after one draw: its weight, the win value if it wins, and the states it
/// may lead to (slots).
struct Entry {
    weight: f64,
    win: Option<f64>,
    opts: std::ops::Range<usize>,
    /// The shared best improving successor of the 14 tiles (slot in `best`).
    best14: Option<u32>,
}

impl Search {
    /// A search with `draws` draws, at most `max_changes` changes, for a hand with the
    /// given calls (`called` copies per kind, `calls` calls, `closed`), the copies
    /// outside the concealed tiles, and a pool of `pool_size` tiles.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        draws: usize,
        max_changes: u8,
        auto: bool,
        closed: bool,
        called: [u8; KINDS],
        calls: usize,
        outside: Counts,
        pool_size: u32,
        scorer: Scorer,
        max_states: usize,
    ) -> Search {
        Search {
            n: draws,
            stride: 3 * (draws + 1),
            max_changes,
            auto,
            closed,
            called,
            calls,
            outside,
            pool_size,
            memo: Map::default(),
            vals: Vec::new(),
            best_memo: Map::default(),
            best: Vec::new(),
            scorer,
            max_states,
        }
    }

    /// Number of states solved.
    pub(crate) fn states(&self) -> usize {
        self.memo.len()
    }

    /// The values of a solved state: objective `obj`, `n + 1` entries (draws left 0..=N).
    pub(crate) fn values(&self, slot: u32, obj: usize) -> &[f64] {
        let at = slot as usize * self.stride + obj * (self.n + 1);
        &self.vals[at..at + self.n + 1]
    }

    fn key(h: &Counts, c: u8) -> u128 {
        pack(h) | (c as u128) << 120
    }

    fn counts(&self, kinds: [u8; KINDS]) -> Result<HandCounts, Error> {
        HandCounts::new(kinds, self.called, self.calls)
    }

    /// The variants of `h`'s kind-state: which red fives it holds, where both are
    /// possible (the red one not elsewhere, the plain ones at most three).
    fn variants(&self, h: &Counts) -> Vec<Counts> {
        let mut out = vec![*h];
        for k in [4usize, 13, 22] {
            let Some(r) = red_of(k) else { continue };
            if h[k] + h[r] == 0 {
                continue;
            }
            let len = out.len();
            for i in 0..len {
                let mut w = out[i];
                if w[r] == 1 {
                    w[r] = 0;
                    w[k] += 1;
                    if w[k] + self.outside[k] > 3 {
                        continue;
                    }
                } else {
                    if self.outside[r] > 0 {
                        continue;
                    }
                    w[r] = 1;
                    w[k] -= 1;
                }
                out.push(w);
            }
        }
        out
    }

    /// The best improving successor of the 14 tiles `h14` drawn by an `s`-shanten
    /// hand with no change left (`c` used): per objective and draw count, the largest
    /// value over the discards that lower the shanten (to `s - 1`, the least the 14
    /// tiles allow). Shared by every hand that reaches these 14 tiles by an improving
    /// draw.
    fn best_of(&mut self, h14: &Counts, s: i8, c: u8) -> Result<u32, Error> {
        let key = pack(h14) | (c as u128) << 120;
        if let Some(&b) = self.best_memo.get(&key) {
            return Ok(b);
        }
        let hc = self.counts(kinds(h14))?;
        let mut lower = 0u64;
        if self.calls == 0 {
            closed_discards(hc.concealed(), hc.tiles(), |d| {
                if (d.distance as i8 - 1) < s {
                    lower |= 1 << d.kind;
                }
            });
        } else {
            for dk in 0..KINDS {
                if let Some(after) = hc.without(dk) {
                    if after.shanten_value() < s {
                        lower |= 1 << dk;
                    }
                }
            }
        }
        let mut slots = Vec::new();
        let mut m = lower;
        while m != 0 {
            let dk = m.trailing_zeros() as usize;
            m &= m - 1;
            for u in [Some(dk), red_of(dk)].into_iter().flatten() {
                if h14[u] == 0 {
                    continue;
                }
                let mut succ = *h14;
                succ[u] -= 1;
                slots.push(self.solve(&succ, c)?);
            }
        }
        let stride = self.stride;
        let at = self.best.len();
        self.best.resize(at + stride, 0.0);
        for slot in slots {
            let from = slot as usize * stride;
            for j in 0..stride {
                let v = self.vals[from + j];
                if v > self.best[at + j] {
                    self.best[at + j] = v;
                }
            }
        }
        let b = (at / stride) as u32;
        self.best_memo.insert(key, b);
        Ok(b)
    }

    /// Solve the state `h` (13 tiles counting calls as 3) with `c` changes used, and
    /// every state it leads to; returns its slot.
    pub(crate) fn solve(&mut self, h: &Counts, c: u8) -> Result<u32, Error> {
        if let Some(&s) = self.memo.get(&Self::key(h, c)) {
            return Ok(s);
        }
        let hc = self.counts(kinds(h))?;
        let (sh, mask) = hc.analyze();
        let s = sh.value();
        let locked = self.auto && self.closed && s == 0;
        let changes_left = c < self.max_changes;

        let variants = self.variants(h);
        if self.memo.len() + variants.len() > self.max_states {
            return Err(Error::Invalid(format!(
                "the search is too large: more than {} states (use fewer draws or changes, or a hand closer to tenpai)",
                self.max_states
            )));
        }
        let base = (self.vals.len() / self.stride) as u32;
        for (i, v) in variants.iter().enumerate() {
            self.memo.insert(Self::key(v, c), base + i as u32);
        }
        self.vals
            .resize(self.vals.len() + variants.len() * self.stride, 0.0);

        // Per drawn kind: does it complete the hand, and which other-kind discards
        // are allowed (kind, is a change).
        let mut relevant = [false; KINDS];
        let mut complete = [false; KINDS];
        let mut moves: Vec<(u8, u8, bool)> = Vec::new(); // (drawn kind, discard kind, change)
        for tk in 0..KINDS {
            if hc.held(tk) >= 4 {
                continue;
            }
            let needed = locked || !changes_left;
            if needed && mask >> tk & 1 == 0 {
                continue;
            }
            let Some(h14) = hc.with(tk) else { continue };
            relevant[tk] = true;
            complete[tk] = s == 0 && mask >> tk & 1 == 1;
            if locked || (!changes_left && s > 0) {
                continue;
            }
            let mut push = |dk: usize, after: i8| {
                if dk == tk {
                    return;
                }
                if after < s {
                    moves.push((tk as u8, dk as u8, false));
                } else if changes_left {
                    moves.push((tk as u8, dk as u8, true));
                }
            };
            if self.calls == 0 {
                closed_discards(h14.concealed(), h14.tiles(), |d| {
                    push(d.kind as usize, d.distance as i8 - 1)
                });
            } else {
                for dk in 0..KINDS {
                    if let Some(after) = h14.without(dk) {
                        push(dk, after.shanten_value());
                    }
                }
            }
        }

        // Per variant: the entries of its draws.
        let mut opts: Vec<u32> = Vec::new();
        let mut entries: Vec<Entry> = Vec::new();
        let mut spans = Vec::with_capacity(variants.len());
        let mut self_weights = Vec::with_capacity(variants.len());
        for (vi, hv) in variants.iter().enumerate() {
            let slot = base + vi as u32;
            let left = pool(hv, &self.outside);
            let first = entries.len();
            let mut self_w = 0u32;
            for t in 0..TYPES {
                if left[t] == 0 {
                    continue;
                }
                let tk = kind_of(t);
                let start = opts.len();
                opts.push(slot);
                let mut h14 = *hv;
                h14[t] += 1;
                // Swap: keep the drawn five, discard the other colour of its kind.
                if !locked {
                    if let Some(o) = twin(t) {
                        if hv[o] > 0 {
                            let mut w = h14;
                            w[o] -= 1;
                            if let Some(&to) = self.memo.get(&Self::key(&w, c)) {
                                opts.push(to);
                            }
                        }
                    }
                }
                if !relevant[tk] {
                    if opts.len() == start + 1 {
                        opts.pop();
                        self_w += left[t] as u32;
                    } else {
                        entries.push(Entry {
                            weight: left[t] as f64,
                            win: None,
                            opts: start..opts.len(),
                            best14: None,
                        });
                    }
                    continue;
                }
                let win = if complete[tk] {
                    self.scorer.value(&h14, t)?
                } else {
                    None
                };
                if !locked && !changes_left && s > 0 {
                    let b = self.best_of(&h14, s, c)?;
                    entries.push(Entry {
                        weight: left[t] as f64,
                        win,
                        opts: start..opts.len(),
                        best14: Some(b),
                    });
                    continue;
                }
                for &(_, dk, change) in moves.iter().filter(|m| m.0 as usize == tk) {
                    let dk = dk as usize;
                    let c2 = c + change as u8;
                    for u in [Some(dk), red_of(dk)].into_iter().flatten() {
                        if h14[u] == 0 {
                            continue;
                        }
                        let mut succ = h14;
                        succ[u] -= 1;
                        let to = self.solve(&succ, c2)?;
                        opts.push(to);
                    }
                }
                entries.push(Entry {
                    weight: left[t] as f64,
                    win,
                    opts: start..opts.len(),
                    best14: None,
                });
            }
            spans.push(first..entries.len());
            self_weights.push(self_w as f64);
        }

        // Values, draw count by draw count (all variants together).
        let np1 = self.n + 1;
        let stride = self.stride;
        let inv_p = if self.pool_size == 0 {
            0.0
        } else {
            1.0 / self.pool_size as f64
        };
        let vals = &mut self.vals;
        for vi in 0..variants.len() {
            let at = (base as usize + vi) * stride;
            vals[at + TENPAI * np1] = if s == 0 { 1.0 } else { 0.0 };
        }
        for i in 1..np1 {
            for vi in 0..variants.len() {
                let at = (base as usize + vi) * stride;
                let sw = self_weights[vi];
                let mut acc = [
                    sw * vals[at + i - 1],
                    sw * vals[at + np1 + i - 1],
                    sw * vals[at + 2 * np1 + i - 1],
                ];
                for e in &entries[spans[vi].clone()] {
                    let mut best = [0.0f64; 3];
                    for &o in &opts[e.opts.clone()] {
                        let b = o as usize * stride + i - 1;
                        best[0] = best[0].max(vals[b]);
                        best[1] = best[1].max(vals[b + np1]);
                        best[2] = best[2].max(vals[b + 2 * np1]);
                    }
                    if let Some(b) = e.best14 {
                        let b = b as usize * stride + i - 1;
                        best[0] = best[0].max(self.best[b]);
                        best[1] = best[1].max(self.best[b + np1]);
                        best[2] = best[2].max(self.best[b + 2 * np1]);
                    }
                    if let Some(points) = e.win {
                        best[1] = 1.0;
                        best[2] = best[2].max(points);
                    }
                    for (a, b) in acc.iter_mut().zip(best) {
                        *a += e.weight * b;
                    }
                }
                vals[at + TENPAI * np1 + i] = if s == 0 { 1.0 } else { acc[0] * inv_p };
                vals[at + WIN * np1 + i] = acc[1] * inv_p;
                vals[at + EV * np1 + i] = acc[2] * inv_p;
            }
        }
        Ok(base)
    }
}
