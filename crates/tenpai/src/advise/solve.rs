//! The values of a graph, draw count by draw count.
//!
//! With `n` draws left a state's value is the average over its draws of the best
//! option after the draw, read at `n - 1`: the state itself (self-loops), the best
//! child of a choice node (computed once per node and shared), or a win (1 for win, the
//! points for ev, or going on when that is worth more for ev). Cycles (a sideways move
//! and back) are no problem: every value at `n` reads values at `n - 1` only, so each
//! draw count is one pass over the edges, and only two rows of values are kept.
//!
//! The graph is the graph by kind (module `graph`). Tenpai and win do not depend on
//! red fives. Expected points do, so a row ([`All`]) keeps eight of them a state or
//! node, one per *red set* `r` (bit q: the red five of suit q is held), and a
//! value's entry `r` is its entry for `r ∩ fives(hand)` (a red set only holds suits the
//! hand has a five of; entries are copied so after each pass). Then:
//!
//! - a plain draw keeps the red set, so it reads entry `r` of the node it leads to;
//! - a five of a suit `q` whose red is live and not held is red once in its copies, and
//!   leads to entry `r ∪ {q}`; keeping a hand `c` leaves `R ∩ fives(c)` (a plain five
//!   goes first when one is discarded: holding the red one instead is never worse, the
//!   same hands are reachable and a win counts one more dora);
//! - the red five drawn into a hand that holds a plain one of the suit is kept for it,
//!   unless the hand is riichi-locked (same argument).
//!
//! So each draw adds `w × T` for the options `T` it leads to (entry by entry), and a
//! five whose red is in the pool adds `T[r ∪ {q}] - T[r]` to the entries without `q`.
//! The values are the exact values of the same graph with every red set a state of its
//! own (checked against the plain reference, which knows nothing of this).

use super::graph::{five_suit, fives, KindGraph, SELF};
use super::value::Scorer;
use rayon::prelude::*;

/// The values a pass computes, and how.
pub(crate) trait Lanes: Sync {
    /// The values of one state.
    type Row: Copy + Send + Sync + Default;
    /// Whether the values depend on red fives.
    const RED: bool;
    /// With no draw left.
    fn init(shanten: i8) -> Self::Row;
    /// The better of two options, value by value.
    fn max(a: Self::Row, b: Self::Row) -> Self::Row;
    /// Add `w` times `b` to `acc`.
    fn add(acc: &mut Self::Row, w: f64, b: &Self::Row);
    /// A win worth `points` (by red set), or going on, worth `b`.
    fn win(b: &Self::Row, points: &[f64; 8]) -> Self::Row;
    /// For a red five of suit `q` drawn (the entries without `q`): add `t[r ∪ {q}] -
    /// t[r]`.
    fn red(acc: &mut Self::Row, q: usize, t: &Self::Row);
    /// For a red five of suit `q` drawn into a riichi-locked hand that wins: the win is
    /// worth `points[r ∪ {q}]`, going on stays `b[r]` (the red five is given back).
    fn red_locked_win(acc: &mut Self::Row, q: usize, b: &Self::Row, points: &[f64; 8]);
    /// The state's value from its sum over the draws (`opt`: the suits whose red five
    /// the hand may hold).
    fn finish(acc: Self::Row, shanten: i8, inv_p: f64, opt: u8) -> Self::Row;
}

/// The larger of two values (never NaN here: no `f64::max` NaN handling).
#[inline(always)]
fn fmax(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// Every value: expected points by red set (entries 0..8), tenpai (8) and win (9).
pub(crate) struct All;

/// The red sets without suit `q`, as 1.0 / 0.0.
const WITHOUT: [[f64; 8]; 3] = {
    let mut m = [[0.0; 8]; 3];
    let mut q = 0;
    while q < 3 {
        let mut r = 0;
        while r < 8 {
            if r >> q & 1 == 0 {
                m[q][r] = 1.0;
            }
            r += 1;
        }
        q += 1;
    }
    m
};

/// Entry of the tenpai value in a row of [`All`].
pub(crate) const TENPAI: usize = 8;
/// Entry of the win value in a row of [`All`].
pub(crate) const WIN: usize = 9;

impl Lanes for All {
    type Row = [f64; 10];
    const RED: bool = true;
    #[inline(always)]
    fn init(shanten: i8) -> [f64; 10] {
        let mut v = [0.0; 10];
        v[TENPAI] = if shanten <= 0 { 1.0 } else { 0.0 };
        v
    }
    #[inline(always)]
    fn max(a: [f64; 10], b: [f64; 10]) -> [f64; 10] {
        let mut m = [0.0; 10];
        for r in 0..10 {
            m[r] = fmax(a[r], b[r]);
        }
        m
    }
    #[inline(always)]
    fn add(acc: &mut [f64; 10], w: f64, b: &[f64; 10]) {
        for r in 0..10 {
            acc[r] += w * b[r];
        }
    }
    #[inline(always)]
    fn win(b: &[f64; 10], points: &[f64; 8]) -> [f64; 10] {
        let mut m = [0.0; 10];
        for r in 0..8 {
            m[r] = fmax(b[r], points[r]);
        }
        m[TENPAI] = b[TENPAI];
        m[WIN] = 1.0;
        m
    }
    #[inline(always)]
    fn red(acc: &mut [f64; 10], q: usize, t: &[f64; 10]) {
        match q {
            0 => red_fix::<1>(acc, &WITHOUT[0], t),
            1 => red_fix::<2>(acc, &WITHOUT[1], t),
            _ => red_fix::<4>(acc, &WITHOUT[2], t),
        }
    }
    #[inline(always)]
    fn red_locked_win(acc: &mut [f64; 10], q: usize, b: &[f64; 10], points: &[f64; 8]) {
        let bit = 1 << q;
        for r in 0..8 {
            let plain = fmax(b[r], points[r]);
            let red = fmax(b[r], points[r | bit]);
            acc[r] += WITHOUT[q][r] * (red - plain);
        }
    }
    #[inline(always)]
    fn finish(acc: [f64; 10], shanten: i8, inv_p: f64, opt: u8) -> [f64; 10] {
        let mut v = [0.0; 10];
        for r in 0..8 {
            v[r] = acc[r & opt as usize] * inv_p;
        }
        v[TENPAI] = if shanten <= 0 {
            1.0
        } else {
            acc[TENPAI] * inv_p
        };
        v[WIN] = acc[WIN] * inv_p;
        v
    }
}

/// `acc[r] += t[r | BIT] - t[r]` for the red sets `r` without `BIT` (`without`).
#[inline(always)]
fn red_fix<const BIT: usize>(acc: &mut [f64; 10], without: &[f64; 8], t: &[f64; 10]) {
    for r in 0..8 {
        acc[r] += without[r] * (t[r | BIT] - t[r]);
    }
}

/// What the passes read besides the graph: per state the suits whose red five it may
/// hold, the copies of its self-loops as a float, and its self-looping fives; per win
/// its points by red set.
pub(crate) struct Prepared {
    opt: Vec<u8>,
    self_w: Vec<f64>,
    /// Per state: (suit, copies) of the fives whose draw leads back to it.
    self_fives: Vec<[(u8, u32); 3]>,
    points: Vec<[f64; 8]>,
    live: u8,
}

/// Prepare the passes over `g` (`live`: the suits whose red five is live; `outside`:
/// copies of each kind outside the hand).
pub(crate) fn prepare(
    g: &KindGraph,
    live: u8,
    outside: &[u8; crate::tile::KINDS],
    scorer: &Scorer,
) -> Prepared {
    let n = g.states();
    let mut opt = Vec::with_capacity(n);
    let mut self_fives = Vec::with_capacity(n);
    for (i, &key) in g.hands.iter().enumerate() {
        let k = super::graph::hand_kinds(key);
        opt.push(fives(&k) & live);
        let mut f = [(0u8, 0u32); 3];
        for (q, e) in f.iter_mut().enumerate() {
            if g.self_fives[i] >> q & 1 == 1 {
                let t = 9 * q + 4;
                *e = (1, 4u32.saturating_sub(k[t] as u32 + outside[t] as u32));
            }
        }
        self_fives.push(f);
    }
    let points = g
        .wins
        .iter()
        .map(|e| {
            let v = scorer.get(e.value);
            std::array::from_fn(|r| v.points(r as u8))
        })
        .collect();
    Prepared {
        opt,
        self_w: g.self_w.iter().map(|&w| w as f64).collect(),
        self_fives,
        points,
        live,
    }
}

/// The values of the states `roots` for every draw count `0..=draws`: `out[r][n]`.
/// `parallel`: share each pass between the cores (the states are independent within a
/// pass; the answer is the same to the bit, each value summed in the same order).
pub(crate) fn solve<L: Lanes>(
    g: &KindGraph,
    prep: &Prepared,
    pool_size: u32,
    draws: usize,
    roots: &[u32],
    parallel: bool,
) -> Vec<Vec<L::Row>> {
    let n_states = g.states();
    let mut prev: Vec<L::Row> = g.shanten.iter().map(|&s| L::init(s)).collect();
    let mut out: Vec<Vec<L::Row>> = roots.iter().map(|&r| vec![prev[r as usize]]).collect();
    if pool_size == 0 {
        for o in &mut out {
            let first = o[0];
            o.resize(draws + 1, first);
        }
        return out;
    }
    let inv_p = 1.0 / pool_size as f64;
    let mut cur: Vec<L::Row> = vec![L::Row::default(); n_states];
    let n_nodes = g.child_end.len();
    let mut best: Vec<L::Row> = vec![L::Row::default(); n_nodes];
    let last = g.depth_end.len() - 1;
    for n in 1..=draws {
        // With n draws left, only the states within `draws - n` draws of a root are
        // read later (ids grow with the depth); states of a shanten above n are
        // worth nothing yet (their rows stay zero).
        let depth = (draws - n).min(last);
        let (s_end, x_end) = (
            g.depth_end[depth] as usize,
            g.node_depth_end[depth] as usize,
        );
        let n8 = n.min(i8::MAX as usize) as i8;
        if parallel {
            best[..x_end]
                .par_chunks_mut(CHUNK)
                .enumerate()
                .for_each(|(c, out)| nodes::<L>(g, &prev, c * CHUNK, out));
            cur[..s_end]
                .par_chunks_mut(CHUNK)
                .enumerate()
                .for_each(|(c, out)| states::<L>(g, prep, &prev, &best, inv_p, n8, c * CHUNK, out));
        } else {
            nodes::<L>(g, &prev, 0, &mut best[..x_end]);
            states::<L>(g, prep, &prev, &best, inv_p, n8, 0, &mut cur[..s_end]);
        }
        std::mem::swap(&mut prev, &mut cur);
        for (o, &r) in out.iter_mut().zip(roots) {
            o.push(prev[r as usize]);
        }
    }
    out
}

/// States from which a pass is worth sharing between threads (below, the split costs
/// more than it saves).
pub(crate) const PARALLEL_STATES: usize = 5_000;
/// States (or nodes) a thread takes at a time.
const CHUNK: usize = 1024;

/// The start of item `i`'s range in an array of range ends.
#[inline]
fn start(ends: &[u32], i: usize) -> usize {
    if i == 0 {
        0
    } else {
        ends[i - 1] as usize
    }
}

/// The best child of the nodes `first..first + out.len()`.
fn nodes<L: Lanes>(g: &KindGraph, prev: &[L::Row], first: usize, out: &mut [L::Row]) {
    let mut from = start(&g.child_end, first);
    for (x, b) in (first..).zip(out.iter_mut()) {
        let end = g.child_end[x] as usize;
        let mut m = L::Row::default();
        for &c in &g.children[from..end] {
            m = L::max(m, prev[c as usize]);
        }
        *b = m;
        from = end;
    }
}

/// The suit of a five kind whose red five is live, if `t` is one.
#[inline(always)]
fn live_five(t: u8, live: u8) -> Option<usize> {
    five_suit(t as usize).filter(|&q| live >> q & 1 == 1)
}

/// The values of the states `first..first + out.len()` with one more draw.
#[allow(clippy::too_many_arguments)]
fn states<L: Lanes>(
    g: &KindGraph,
    prep: &Prepared,
    prev: &[L::Row],
    best: &[L::Row],
    inv_p: f64,
    n: i8,
    first: usize,
    out: &mut [L::Row],
) {
    let live = if L::RED { prep.live } else { 0 };
    let mut e0 = start(&g.edge_end, first);
    let mut s0 = start(&g.swap_end, first);
    let mut w0 = start(&g.win_end, first);
    let mut o0 = if s0 == 0 {
        0
    } else {
        g.swaps[s0 - 1].end as usize
    };
    for (i, v) in (first..).zip(out.iter_mut()) {
        let e1 = g.edge_end[i] as usize;
        let s1 = g.swap_end[i] as usize;
        let w1 = g.win_end[i] as usize;
        if g.shanten[i] > n {
            // No tenpai within n draws: the row stays zero (as it was two passes ago).
            e0 = e1;
            if s1 > s0 {
                o0 = g.swaps[s1 - 1].end as usize;
            }
            s0 = s1;
            w0 = w1;
            continue;
        }
        let p = &prev[i];
        let locked = g.locked[i];
        let mut acc = L::Row::default();
        L::add(&mut acc, prep.self_w[i], p);
        for (q, &(on, w)) in prep.self_fives[i].iter().enumerate() {
            if on == 1 {
                L::add(&mut acc, w as f64, p);
                if L::RED && !locked {
                    L::red(&mut acc, q, p);
                }
            }
        }
        for e in &g.edges[e0..e1] {
            let t = &best[e.x as usize];
            L::add(&mut acc, e.w as f64, t);
            if let Some(q) = live_five(e.t, live) {
                L::red(&mut acc, q, t);
            }
        }
        e0 = e1;
        for e in &g.swaps[s0..s1] {
            let mut m = *p;
            for &o in &g.others[o0..e.end as usize] {
                m = L::max(m, prev[o as usize]);
            }
            o0 = e.end as usize;
            L::add(&mut acc, e.w as f64, &m);
            if let Some(q) = live_five(e.t, live) {
                L::red(&mut acc, q, &m);
            }
        }
        s0 = s1;
        for (e, points) in g.wins[w0..w1].iter().zip(&prep.points[w0..w1]) {
            let b = if e.x == SELF { p } else { &best[e.x as usize] };
            let t = L::win(b, points);
            L::add(&mut acc, e.w as f64, &t);
            if let Some(q) = live_five(e.t, live) {
                if locked && e.x == SELF {
                    L::red_locked_win(&mut acc, q, b, points);
                } else {
                    L::red(&mut acc, q, &t);
                }
            }
        }
        w0 = w1;
        *v = L::finish(acc, g.shanten[i], inv_p, prep.opt[i]);
    }
}
