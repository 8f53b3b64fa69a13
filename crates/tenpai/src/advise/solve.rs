//! The values of a graph, draw count by draw count.
//!
//! With `n` draws left a state's value is the average over its draws of the best
//! option after the draw, read at `n - 1`: the state itself (self-loops), the best
//! child of a choice node (computed once per node and shared), or a win (1 for win, the
//! points for ev, or going on when that is worth more for ev). Cycles (a sideways move
//! and back) are no problem: every value at `n` reads values at `n - 1` only, so each
//! draw count is one pass over the edges, and only two rows of values are kept.

use super::graph::{Graph, SELF};
use rayon::prelude::*;

/// Tenpai, win, ev (and a pad lane).
pub(crate) type Row = [f64; 4];

#[inline]
fn max4(a: Row, b: Row) -> Row {
    [a[0].max(b[0]), a[1].max(b[1]), a[2].max(b[2]), 0.0]
}

/// The values of the states `roots` for every draw count `0..=draws`: `out[r][n]`.
/// `parallel`: share each pass between the cores (the states are independent within a
/// pass; the answer is the same to the bit, each value summed in the same order).
pub(crate) fn solve(
    g: &Graph,
    pool_size: u32,
    draws: usize,
    roots: &[u32],
    parallel: bool,
) -> Vec<Vec<Row>> {
    let n_states = g.states();
    let mut prev: Vec<Row> = g
        .shanten
        .iter()
        .map(|&s| [if s <= 0 { 1.0 } else { 0.0 }, 0.0, 0.0, 0.0])
        .collect();
    let mut out: Vec<Vec<Row>> = roots.iter().map(|&r| vec![prev[r as usize]]).collect();
    if pool_size == 0 {
        for o in &mut out {
            let first = o[0];
            o.resize(draws + 1, first);
        }
        return out;
    }
    let inv_p = 1.0 / pool_size as f64;
    let mut cur: Vec<Row> = vec![[0.0; 4]; n_states];
    let n_nodes = g.child_end.len();
    let mut best: Vec<Row> = vec![[0.0; 4]; n_nodes];
    for _ in 1..=draws {
        if parallel {
            best.par_chunks_mut(CHUNK)
                .enumerate()
                .for_each(|(c, out)| nodes(g, &prev, c * CHUNK, out));
            cur.par_chunks_mut(CHUNK)
                .enumerate()
                .for_each(|(c, out)| states(g, &prev, &best, inv_p, c * CHUNK, out));
        } else {
            nodes(g, &prev, 0, &mut best);
            states(g, &prev, &best, inv_p, 0, &mut cur);
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
pub(crate) const PARALLEL_STATES: usize = 20_000;
/// States (or nodes) a thread takes at a time.
const CHUNK: usize = 4096;

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
fn nodes(g: &Graph, prev: &[Row], first: usize, out: &mut [Row]) {
    let mut from = start(&g.child_end, first);
    for (x, b) in (first..).zip(out.iter_mut()) {
        let end = g.child_end[x] as usize;
        let mut m = [0.0f64; 4];
        for &c in &g.children[from..end] {
            m = max4(m, prev[c as usize]);
        }
        *b = m;
        from = end;
    }
}

/// The values of the states `first..first + out.len()` with one more draw.
fn states(g: &Graph, prev: &[Row], best: &[Row], inv_p: f64, first: usize, out: &mut [Row]) {
    let mut e0 = start(&g.edge_end, first);
    let mut s0 = start(&g.swap_end, first);
    let mut w0 = start(&g.win_end, first);
    let mut o0 = if s0 == 0 {
        0
    } else {
        g.swaps[s0 - 1].end as usize
    };
    for (i, v) in (first..).zip(out.iter_mut()) {
        let sw = g.self_w[i] as f64;
        let p = prev[i];
        let mut acc = [sw * p[0], sw * p[1], sw * p[2], 0.0];
        let e1 = g.edge_end[i] as usize;
        for e in &g.edges[e0..e1] {
            let b = best[e.x as usize];
            let w = e.w as f64;
            acc[0] += w * b[0];
            acc[1] += w * b[1];
            acc[2] += w * b[2];
        }
        e0 = e1;
        let s1 = g.swap_end[i] as usize;
        for e in &g.swaps[s0..s1] {
            let mut m = p;
            for &o in &g.others[o0..e.end as usize] {
                m = max4(m, prev[o as usize]);
            }
            o0 = e.end as usize;
            let w = e.w as f64;
            acc[0] += w * m[0];
            acc[1] += w * m[1];
            acc[2] += w * m[2];
        }
        s0 = s1;
        let w1 = g.win_end[i] as usize;
        for e in &g.wins[w0..w1] {
            let b = if e.x == SELF { p } else { best[e.x as usize] };
            let w = e.w as f64;
            acc[0] += w * b[0];
            acc[1] += w;
            acc[2] += w * b[2].max(e.points);
        }
        w0 = w1;
        let tenpai = if g.shanten[i] <= 0 {
            1.0
        } else {
            acc[0] * inv_p
        };
        *v = [tenpai, acc[1] * inv_p, acc[2] * inv_p, 0.0];
    }
}
