//! The graph by type (red fives apart), made from the graph by kind without a single
//! shanten or hash lookup.
//!
//! Which hands may be kept never depends on red fives (the level counts kinds), so
//! every choice is made once by kind (module `graph`); red fives only change the
//! points of a win, and which copies the pool holds. A state by type is a state by
//! kind with a *red set*: the suits (bit q) whose red five it holds, among the suits
//! where it holds a five and whose red five is live (in the rules and not outside the
//! hand). State `(i, r)` has id `base[i] + compress(r)`, its red set numbered within
//! the suits that are possible for `i`; choice nodes likewise.
//!
//! A move keeps the red fives that stay: from 14 tiles with red set `R`, keeping the
//! hand `c` leaves the red set `R ∩ fives(c)`. When a five is discarded the plain one
//! goes, while there is one: holding the red five instead of a plain one is never
//! worse (the same hands are reachable, a win then counts one more dora, and no value
//! decreases with the points), so the other choice is never the best and is left
//! out. For the same reason a red five drawn into a hand holding a plain one of the
//! suit is kept (a sideways move between the two red sets of one hand), unless the
//! hand is riichi-locked. A drawn five of a suit whose red five is in the pool is red
//! with one chance in the copies of the kind left.

use super::graph::{five_suit, fives, Edge, Graph, KindGraph, Swap, WinEdge, SELF};
use super::value::Scorer;
use crate::tile::KINDS;

/// The graph by type, and where each state by kind starts in it.
pub(crate) struct Typed {
    pub graph: Graph,
    /// Per state by kind: the id of its first state by type.
    pub base: Vec<u32>,
    /// Per state by kind: the suits whose red five it may hold.
    pub opt: Vec<u8>,
}

impl Typed {
    /// The id of the state by kind `i` holding the red fives of the suits `reds`.
    pub(crate) fn id(&self, i: u32, reds: u8) -> u32 {
        let opt = self.opt[i as usize];
        self.base[i as usize] + compress(reds & opt, opt)
    }
}

/// The bits of `r` in `mask`, packed to the low bits in order.
#[inline]
fn compress(r: u8, mask: u8) -> u32 {
    let mut out = 0u32;
    let mut j = 0;
    for q in 0..3 {
        if mask >> q & 1 == 1 {
            out |= ((r >> q & 1) as u32) << j;
            j += 1;
        }
    }
    out
}

/// The red set numbered `slot` within the suits of `mask` (inverse of [`compress`]).
#[inline]
fn deposit(slot: u32, mask: u8) -> u8 {
    let mut out = 0u8;
    let mut j = 0;
    for q in 0..3 {
        if mask >> q & 1 == 1 {
            out |= ((slot >> j & 1) as u8) << q;
            j += 1;
        }
    }
    out
}

/// The number of red sets possible with the suits of `mask`.
#[inline]
fn sets(mask: u8) -> u32 {
    1 << mask.count_ones()
}

/// Make the graph by type from the graph by kind; `live`: the suits whose red five
/// is live; `outside`: copies of each kind outside the hand. `None` when it would have
/// more than `max_states` states.
pub(crate) fn expand(
    kg: &KindGraph,
    live: u8,
    outside: &[u8; KINDS],
    scorer: &Scorer,
    max_states: usize,
) -> Option<Typed> {
    let n = kg.states();
    let mut opt = Vec::with_capacity(n);
    let mut base = Vec::with_capacity(n);
    let mut total = 0u64;
    for &key in &kg.hands {
        let o = fives(&hand_kinds(key)) & live;
        opt.push(o);
        base.push(total as u32);
        total += sets(o) as u64;
    }
    if total > max_states as u64 {
        return None;
    }
    let typed_id = |i: u32, reds: u8| -> u32 {
        let o = opt[i as usize];
        base[i as usize] + compress(reds & o, o)
    };
    let mut nopt = Vec::with_capacity(kg.child_end.len());
    let mut nbase = Vec::with_capacity(kg.child_end.len());
    let mut ntotal = 0u32;
    for &f in &kg.node_fives {
        let o = f & live;
        nopt.push(o);
        nbase.push(ntotal);
        ntotal += sets(o);
    }
    let node_id = |x: u32, reds: u8| -> u32 {
        let o = nopt[x as usize];
        nbase[x as usize] + compress(reds & o, o)
    };
    let mut g = Graph::default();
    let total = total as usize;
    g.child_end.reserve(ntotal as usize);
    g.children.reserve(kg.children.len() * 2);
    // Choice nodes: each child keeps the red fives it still holds.
    let mut from = 0usize;
    for (&end, &o) in kg.child_end.iter().zip(&nopt) {
        let end = end as usize;
        for slot in 0..sets(o) {
            let r = deposit(slot, o);
            for &c in &kg.children[from..end] {
                g.children.push(typed_id(c, r));
            }
            g.child_end.push(g.children.len() as u32);
        }
        from = end;
    }
    g.shanten.reserve(total);
    g.self_w.reserve(total);
    g.edge_end.reserve(total);
    g.swap_end.reserve(total);
    g.win_end.reserve(total);
    g.edges.reserve(kg.edges.len() * 2);
    g.swaps.reserve(kg.swaps.len() * 2);
    g.others.reserve(kg.others.len() * 2);
    let (mut e0, mut s0, mut w0, mut o0) = (0usize, 0usize, 0usize, 0usize);
    for i in 0..n {
        let k = hand_kinds(kg.hands[i]);
        let o = opt[i];
        let locked = kg.locked[i];
        let (e1, s1, w1) = (
            kg.edge_end[i] as usize,
            kg.swap_end[i] as usize,
            kg.win_end[i] as usize,
        );
        let o_start = o0;
        for slot in 0..sets(o) {
            let r = deposit(slot, o);
            let id = base[i] + slot;
            // The draws of kind t as (copies, red set after the draw): a five whose
            // red is in the pool is red once in its copies.
            let split = |t: u8, w: u32| -> [(u32, u8); 2] {
                match five_suit(t as usize) {
                    Some(q) if live >> q & 1 == 1 && r >> q & 1 == 0 && w > 0 => {
                        [(w - 1, r), (1, r | 1 << q)]
                    }
                    _ => [(w, r), (0, r)],
                }
            };
            let mut self_w = kg.self_w[i];
            for q in 0..3 {
                if kg.self_fives[i] >> q & 1 == 0 {
                    continue;
                }
                let t = 9 * q + 4;
                let w = 4u32.saturating_sub(k[t] as u32 + outside[t] as u32);
                for (wv, rr) in split(t as u8, w) {
                    if wv == 0 {
                        continue;
                    }
                    let to = typed_id(i as u32, rr);
                    if locked || to == id {
                        self_w += wv;
                    } else {
                        g.others.push(to);
                        g.swaps.push(Swap {
                            w: wv,
                            end: g.others.len() as u32,
                        });
                    }
                }
            }
            for e in &kg.edges[e0..e1] {
                for (wv, rr) in split(e.t, e.w) {
                    if wv > 0 {
                        g.edges.push(Edge {
                            w: wv,
                            x: node_id(e.x, rr),
                        });
                    }
                }
            }
            let mut ob = o_start;
            for e in &kg.swaps[s0..s1] {
                let oe = e.end as usize;
                for (wv, rr) in split(e.t, e.w) {
                    if wv == 0 {
                        continue;
                    }
                    let start = g.others.len();
                    let back = typed_id(i as u32, rr);
                    if back != id {
                        g.others.push(back);
                    }
                    for &c in &kg.others[ob..oe] {
                        g.others.push(typed_id(c, rr));
                    }
                    if g.others.len() == start {
                        self_w += wv;
                    } else {
                        g.swaps.push(Swap {
                            w: wv,
                            end: g.others.len() as u32,
                        });
                    }
                }
                ob = oe;
            }
            o0 = ob;
            for e in &kg.wins[w0..w1] {
                let value = scorer.get(e.value);
                for (wv, rr) in split(e.t, e.w) {
                    if wv == 0 {
                        continue;
                    }
                    let x = if e.x != SELF {
                        node_id(e.x, rr)
                    } else {
                        let back = typed_id(i as u32, rr);
                        if locked || back == id {
                            SELF
                        } else {
                            // Declined: give back the drawn red five or a plain one.
                            g.children.push(id);
                            g.children.push(back);
                            g.child_end.push(g.children.len() as u32);
                            (g.child_end.len() - 1) as u32
                        }
                    };
                    g.wins.push(WinEdge {
                        w: wv,
                        x,
                        points: value.points(rr),
                    });
                }
            }
            g.shanten.push(kg.shanten[i]);
            g.self_w.push(self_w);
            g.edge_end.push(g.edges.len() as u32);
            g.swap_end.push(g.swaps.len() as u32);
            g.win_end.push(g.wins.len() as u32);
        }
        (e0, s0, w0) = (e1, s1, w1);
    }
    Some(Typed {
        graph: g,
        base,
        opt,
    })
}

/// A packed hand's counts by kind (the hands by kind hold no red type).
#[inline]
fn hand_kinds(key: u128) -> [u8; KINDS] {
    let mut k = [0u8; KINDS];
    let (lo, hi) = (key as u64, (key >> 64) as u64);
    for (i, x) in k.iter_mut().enumerate() {
        *x = if i < 21 {
            (lo >> (3 * i)) as u8 & 7
        } else {
            (hi >> (3 * (i - 21))) as u8 & 7
        };
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compress_and_deposit_are_inverse() {
        for mask in 0..8u8 {
            for slot in 0..sets(mask) {
                assert_eq!(compress(deposit(slot, mask), mask), slot);
            }
        }
    }
}
