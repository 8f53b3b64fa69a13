//! The graph of one level by kind: every 13-tile hand the model lets the player keep,
//! reached from the roots, with its draws; and the 14-tile choice nodes they share.
//! Red fives are left out here (which hands may be kept never depends on them): the
//! module `solve` keeps one value per red set of each state.
//!
//! A *state* is a 13-tile hand `g` (concealed counts by kind; the
//! calls never change) with `new(g) + shanten(g) <= L` (see the module above). After
//! drawing type `t` the 14 tiles are `X = g + t`, and the hands the player may keep are
//! the allowed `X - y` for every type `y` in `X` (discarding the drawn tile gives `g`
//! back, always allowed): a set that depends on `X` alone, so the best of them is
//! computed once per `X` and shared by every state drawing into it (a *choice node*).
//! A draw whose only allowed hands are `g` itself is a self-loop (no node). A
//! riichi-locked state (a closed tenpai hand under `auto`) only wins or gives the drawn
//! tile back: its edges are its waits.
//!
//! Which `X - y` are allowed needs `shanten(X - y)`. Two bounds skip most of that work:
//! `shanten(X - y) >= shanten(X)` (the least over the discards, known from the parent's
//! improving draws), and `new(X - y)` is `new(X)` less one exactly when `y` is a tile
//! `X` holds more of than the reference. So when `new(X) + shanten(X) > L`, only the
//! kinds the hand holds beyond the reference can be discarded, and only those few
//! shanten values are computed; otherwise every discard of `X` is (one table pass for
//! a closed hand).

use super::budget::{Ticket, FREE_STATES, MEDIUM_STATES};
use super::kinds::{at_most, count_words, hand_kinds, kinds_key};
use super::pool::{pack, Counts, Map};
use super::value::Scorer;
use crate::error::Error;
use crate::shanten::{closed_draws, closed_shanten, HandCounts, KindMask};
use crate::tile::KINDS;

/// Marks a draw that leads back to its own state (no choice node).
pub(crate) const SELF: u32 = u32::MAX;

/// Why a graph could not be built.
#[derive(Debug)]
pub(crate) enum BuildError {
    /// More than the allowed number of states, at this level.
    TooLarge(i8),
    /// Anything else (an impossible hand: a bug of the search, reported as an error).
    Other(Error),
}

impl From<Error> for BuildError {
    fn from(e: Error) -> Self {
        BuildError::Other(e)
    }
}

/// A draw of kind `t` (by kind: copies of the kind in the pool) to a choice node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KindEdge {
    /// Copies of the kind in the pool (a float: the passes multiply by it).
    pub w: f64,
    pub x: u32,
    pub t: u8,
}

/// A draw of kind `t` after which the player keeps the state, the hand `first` or
/// one of the hands `others[..end]` (from the previous swap's end; mostly none).
#[derive(Debug, Clone, Copy)]
pub(crate) struct KindSwap {
    /// Copies of the kind in the pool (a float: the passes multiply by it).
    pub w: f64,
    pub first: u32,
    pub end: u32,
    pub t: u8,
    /// No other hand and not a five whose red is live (the usual swap: one test in
    /// the passes).
    pub plain: bool,
}

/// A draw of kind `t` that completes the hand with a yaku: its value
/// ([`Scorer::get`]) and where the hand goes when the policy declines it (a choice
/// node, or [`SELF`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct KindWin {
    pub t: u8,
    pub w: u32,
    pub x: u32,
    pub value: u32,
}

/// The graph of one level by kind, in flat arrays, with what the graph
/// by type needs: each state's hand, each draw's kind, and the fives each hand holds.
#[derive(Debug, Default)]
pub(crate) struct KindGraph {
    /// Each state's hand by kind, packed ([`pack`]).
    pub hands: Vec<u128>,
    pub shanten: Vec<i8>,
    /// Riichi-locked states (every draw but a win is given back).
    pub locked: Vec<bool>,
    /// Copies of the kinds whose draw leads back to the state, but for the fives of
    /// the suits in `self_fives`.
    pub self_w: Vec<u32>,
    /// Suits (bit q) with a live red five whose five, drawn, leads back to the state.
    pub self_fives: Vec<u8>,
    pub edge_end: Vec<u32>,
    /// Per state, how many of its edges (the last ones) draw a five whose red five is
    /// live.
    pub five_edges: Vec<u8>,
    pub edges: Vec<KindEdge>,
    pub swap_end: Vec<u32>,
    pub swaps: Vec<KindSwap>,
    pub others: Vec<u32>,
    pub win_end: Vec<u32>,
    pub wins: Vec<KindWin>,
    pub child_end: Vec<u32>,
    pub children: Vec<u32>,
    /// Per choice node, the suits (bit q) whose five its 14 tiles hold.
    pub node_fives: Vec<u8>,
    /// Per depth d (draws from the nearest root), the end of the states of depth at
    /// most d (ids grow with the depth).
    pub depth_end: Vec<u32>,
    /// Per depth d, the end of the nodes the states of depth at most d read.
    pub node_depth_end: Vec<u32>,
}

impl KindGraph {
    /// Number of states.
    pub(crate) fn states(&self) -> usize {
        self.shanten.len()
    }

    /// Empty every array (keeping their room).
    pub(crate) fn clear(&mut self) {
        let KindGraph {
            hands,
            shanten,
            locked,
            self_w,
            self_fives,
            edge_end,
            five_edges,
            edges,
            swap_end,
            swaps,
            others,
            win_end,
            wins,
            child_end,
            children,
            node_fives,
            depth_end,
            node_depth_end,
        } = self;
        hands.clear();
        shanten.clear();
        locked.clear();
        self_w.clear();
        self_fives.clear();
        edge_end.clear();
        five_edges.clear();
        edges.clear();
        swap_end.clear();
        swaps.clear();
        others.clear();
        win_end.clear();
        wins.clear();
        child_end.clear();
        children.clear();
        node_fives.clear();
        depth_end.clear();
        node_depth_end.clear();
    }

    /// Bytes of room the arrays hold, roughly.
    pub(crate) fn bytes(&self) -> usize {
        fn b<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        b(&self.hands)
            + b(&self.shanten)
            + b(&self.locked)
            + b(&self.self_w)
            + b(&self.self_fives)
            + b(&self.edge_end)
            + b(&self.five_edges)
            + b(&self.edges)
            + b(&self.swap_end)
            + b(&self.swaps)
            + b(&self.others)
            + b(&self.win_end)
            + b(&self.wins)
            + b(&self.child_end)
            + b(&self.children)
            + b(&self.node_fives)
            + b(&self.depth_end)
            + b(&self.node_depth_end)
    }
}

/// What one graph is built for.
pub(crate) struct Setup<'a> {
    /// The reference hand R, by kind.
    pub reference: [u8; KINDS],
    /// The level L.
    pub level: i8,
    /// Riichi auto on a closed hand: tenpai states are locked.
    pub lock: bool,
    pub called: [u8; KINDS],
    pub calls: usize,
    pub sanma: bool,
    /// Copies of each kind outside the hand (calls, visible tiles, dora indicators).
    pub outside: [u8; KINDS],
    /// Suits (bit q) whose red five may be drawn or held (the rules have it and it is
    /// not outside).
    pub live: u8,
    pub max_states: usize,
    pub scorer: &'a mut Scorer,
    /// The search's grants of the process's memory budget.
    pub ticket: &'a mut Ticket,
}

/// The arrays of a build that are not part of the graph (kept between searches,
/// module `scratch`).
#[derive(Default)]
pub(crate) struct BuildArrays {
    states: Map<u32>,
    pending: Vec<[u32; KINDS]>,
    core_map: Map<u32>,
    cores: Vec<Core>,
    slow: Map<i8>,
}

impl BuildArrays {
    /// Empty every array (keeping their room).
    pub(crate) fn clear(&mut self) {
        self.states.clear();
        self.pending.clear();
        self.core_map.clear();
        self.cores.clear();
        self.slow.clear();
    }

    /// Bytes of room the arrays hold, roughly (a map entry with its control byte).
    pub(crate) fn bytes(&self) -> usize {
        (self.states.capacity() + self.core_map.capacity()) * 21
            + self.slow.capacity() * 18
            + self.pending.capacity() * std::mem::size_of::<[u32; KINDS]>()
            + self.cores.capacity() * std::mem::size_of::<Core>()
    }
}

struct Builder<'a, 'b> {
    s: &'b mut Setup<'a>,
    g: KindGraph,
    states: Map<u32>,
    /// Per state and drawn type, the choice node it leads to, when one of its
    /// children made it first (every parent of a node is one of its children).
    pending: Vec<[u32; KINDS]>,
    core_map: Map<u32>,
    cores: Vec<Core>,
    /// Shanten of 13-tile hands by kind, when it is slow to compute (calls, three
    /// players).
    slow: Map<i8>,
    /// With calls (or three players): the counts of the first hand, whose calls every
    /// other hand shares (see `counts`).
    template: Option<HandCounts>,
    /// The reference and the copies outside the hand, as words ([`count_words`]).
    reference_words: [u64; 5],
    outside_words: [u64; 5],
}

/// Marks a shanten not computed yet.
const UNKNOWN: i8 = i8::MIN;

/// A 12-tile hand `u`: `shanten(u + t)` by kind as it is needed, and the state ids of
/// `u + t` by type as they are met.
struct Core {
    f: [i8; KINDS],
    /// `le[v]`: the kinds `t` with `f[t] <= v`, as bits (v at most 7).
    le: [KindMask; 8],
    ids: [u32; KINDS],
}

/// Build the graph reached from `roots` (13-tile hands by kind, in the first 34
/// entries, each allowed at the level); returns it with the state id of each root.
/// The graph is built in `scratch.graph`'s arrays (emptied), moved out; the build's
/// other arrays are left in `scratch.build` (emptied on the next use).
pub(crate) fn build(
    setup: &mut Setup<'_>,
    roots: &[Counts],
    scratch: &mut super::scratch::Scratch,
) -> Result<(KindGraph, Vec<u32>), BuildError> {
    let mut g = std::mem::take(&mut scratch.graph);
    g.clear();
    let mut a = std::mem::take(&mut scratch.build);
    a.clear();
    let (reference_words, outside_words) =
        (count_words(&setup.reference), count_words(&setup.outside));
    let mut b = Builder {
        s: setup,
        g,
        states: a.states,
        pending: a.pending,
        core_map: a.core_map,
        cores: a.cores,
        slow: a.slow,
        template: None,
        reference_words,
        outside_words,
    };
    // (Room for a typical graph up front: growing the arrays by doubling copies them.)
    b.states.reserve(4096);
    b.g.hands.reserve(4096);
    b.pending.reserve(4096);
    b.g.edges.reserve(16384);
    b.g.swaps.reserve(16384);
    b.g.others.reserve(16384);
    b.g.children.reserve(16384);
    let mut ids = Vec::with_capacity(roots.len());
    for r in roots {
        ids.push(b.state(pack(r))?);
    }
    // Breadth first: the states of one depth (draws from a root) are expanded before
    // the next depth's, so ids grow with the depth, and so do the ids of the nodes
    // (a node is made by the first of its readers, one of the least depth).
    let mut i = 0;
    let mut depth_end = b.g.hands.len();
    while i < b.g.hands.len() {
        if i == depth_end {
            b.g.depth_end.push(i as u32);
            b.g.node_depth_end.push(b.g.child_end.len() as u32);
            depth_end = b.g.hands.len();
        }
        let key = b.g.hands[i];
        b.expand(i as u32, key)?;
        i += 1;
    }
    b.g.depth_end.push(b.g.hands.len() as u32);
    b.g.node_depth_end.push(b.g.child_end.len() as u32);
    scratch.build = BuildArrays {
        states: b.states,
        pending: b.pending,
        core_map: b.core_map,
        cores: b.cores,
        slow: b.slow,
    };
    Ok((b.g, ids))
}

impl Builder<'_, '_> {
    fn counts(&mut self, k: [u8; KINDS]) -> Result<HandCounts, Error> {
        if self.s.calls == 0 && !self.s.sanma {
            // (The closed check is a word-wise count.)
            return HandCounts::closed(k);
        }
        // The calls are the same for every hand of the search, and its hands only hold
        // tiles left in the pool: the first hand is checked, the others take its calls.
        if let Some(t) = &self.template {
            return Ok(t.with_concealed(k));
        }
        let h = HandCounts::new(k, self.s.called, self.s.calls)?;
        let h = if self.s.sanma { h.sanma()? } else { h };
        self.template = Some(h);
        Ok(h)
    }

    /// Shanten of a 13-tile hand by kind.
    #[inline]
    fn shanten13(&mut self, k: &[u8; KINDS]) -> Result<i8, Error> {
        if self.s.calls == 0 && !self.s.sanma {
            return closed_shanten(k).map(|s| s.value());
        }
        // With calls (or three players) shanten runs the exhaustive programme on the
        // capped groups: thousands of times the table lookup, so each hand's is kept.
        let key = kinds_key(k);
        if let Some(&s) = self.slow.get(&key) {
            return Ok(s);
        }
        let s = self.counts(*k)?.shanten_value();
        self.slow.insert(key, s);
        Ok(s)
    }

    /// The id of a state, added (to be expanded later) when new.
    #[inline]
    fn state(&mut self, key: u128) -> Result<u32, BuildError> {
        let next = self.g.hands.len() as u32;
        let id = *self.states.entry(key).or_insert(next);
        if id == next {
            if self.g.hands.len() >= self.s.max_states {
                return Err(BuildError::TooLarge(self.s.level));
            }
            if next as usize == FREE_STATES || next as usize == MEDIUM_STATES {
                // (Waits until the process's budget has room for a search this size.)
                self.s.ticket.grow(next as usize + 1);
            }
            self.g.hands.push(key);
            self.pending.push([u32::MAX; KINDS]);
        }
        Ok(id)
    }

    /// The core `u` (a 12-tile hand, packed `ukey`): `shanten(u + t)` for every kind
    /// `t` (`i8::MAX` where `u` holds four), computed once; the states `u + t` of one
    /// core share it, and their ids are kept in it as they are met.
    fn core(&mut self, ukey: u128, hand: &HandCounts, u: usize) -> Result<u32, Error> {
        if let Some(&c) = self.core_map.get(&ukey) {
            return Ok(c);
        }
        let c = self.cores.len() as u32;
        // A closed hand's are all read at once (a few table lookups each), and so are
        // those of a hand whose calls are in one group (from `hand`, this core and `u`);
        // with calls in several groups or three players each is computed when first
        // needed.
        let f = if self.s.calls == 0 && !self.s.sanma {
            closed_draws(&hand_kinds(ukey))
        } else {
            hand.swap_shanten_values(u).unwrap_or([UNKNOWN; KINDS])
        };
        self.cores.push(Core {
            f,
            le: at_most(&f),
            ids: [u32::MAX; KINDS],
        });
        self.core_map.insert(ukey, c);
        Ok(c)
    }

    /// The kinds `t` of `kinds` (none of them `u`) for which the core `c` (the hand
    /// `k` without a `u`) plus `t` has a shanten of at most `th`, as bits; shanten
    /// not known yet (calls in several groups, three players) are computed here.
    fn swappable(
        &mut self,
        c: u32,
        k: &[u8; KINDS],
        u: usize,
        kinds: KindMask,
        th: i8,
    ) -> Result<KindMask, Error> {
        let kinds = kinds & !(1 << u);
        if self.s.calls > 0 || self.s.sanma {
            let mut m = kinds;
            let mut filled = false;
            while m != 0 {
                let t = m.trailing_zeros() as usize;
                m &= m - 1;
                if self.cores[c as usize].f[t] == UNKNOWN {
                    let mut g = *k;
                    g[u] -= 1;
                    g[t] += 1;
                    let f = self.shanten13(&g)?;
                    self.cores[c as usize].f[t] = f;
                    filled = true;
                }
            }
            if filled {
                let core = &mut self.cores[c as usize];
                core.le = at_most(&core.f);
            }
        }
        // (A 13-tile hand's shanten is at most 6: `le[7]` holds every kind known.)
        let within = match th {
            ..0 => 0,
            0..8 => self.cores[c as usize].le[th as usize],
            _ => self.cores[c as usize].le[7],
        };
        Ok(kinds & within)
    }
}

mod expand;
mod node;

#[cfg(test)]
pub(crate) mod tests;
