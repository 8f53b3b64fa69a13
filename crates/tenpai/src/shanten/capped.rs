//! Groups with caps below four: a suit (or the honors) that shares a kind with a call,
//! or the characters of a three-player game. The closed tables assume caps of four,
//! so these groups' distance vectors come from the exhaustive programme, here run with
//! whole-vector steps, and are kept per thread in tables indexed by the pattern's rank
//! (the closed tables' ranking), one table per caps vector: a search over hands with
//! calls asks for the same few caps again and again, and a pattern's vector is then
//! two loads.
//!
//! Exactness: [`vector`] is checked against `suit_table::group_vector_uncached` (the
//! programme the closed tables are built with) on random patterns and caps, and the
//! cached answers against fresh ones (module `tests`).

use super::combine::conv_min;
use super::tables::Code;
use crate::suit_table::{Lanes, ALL_INF, INF, MAX_TILES, VALID_LANES};
use std::cell::RefCell;

/// Prefix state of the programme: `[x][y]` lanes, where `x` sequences still need this
/// kind and the next one and `y` sequences need only this kind.
type State = [[Lanes; 5]; 5];

/// Per number of melds `dm` started at a kind (0..=5): [`INF`] on the lanes whose
/// target would pass four melds with them (and on the unused lanes), 0 elsewhere.
const SOURCE_MASK: [Lanes; 6] = {
    let mut out = [[0u8; 16]; 6];
    let mut dm = 0;
    while dm < 6 {
        let mut lane = 0;
        while lane < 16 {
            let m = lane % 8;
            if m > 4 || m + dm > 4 {
                out[dm][lane] = INF;
            }
            lane += 1;
        }
        dm += 1;
    }
    out
};

/// The unused lanes [`INF`], the others 0.
const UNUSED: Lanes = [0, 0, 0, 0, 0, INF, INF, INF, 0, 0, 0, 0, 0, INF, INF, INF];

/// `dst = min(dst, src shifted up by `shift` lanes + cost)`, lane-wise (lanes shifted in
/// from below are [`INF`]).
#[inline(always)]
fn relax(dst: &mut Lanes, pad: &[u8; 32], shift: usize, cost: u8) {
    let mut w = [0u8; 16];
    w.copy_from_slice(&pad[16 - shift..32 - shift]);
    for i in 0..16 {
        dst[i] = dst[i].min(w[i] + cost);
    }
}

/// Cover one more kind, holding `h` copies, at most `cap` in the target; `seq` allows
/// starting sequences here. `live` has bit `5x + y` for the states that hold a finite
/// lane; returns the next states and theirs. The same programme as
/// `suit_table::step`, one whole vector per (sequences, triplet, pair) choice.
// The states are indexed by their pending sequences, as in `suit_table`.
#[allow(clippy::needless_range_loop)]
fn step(state: &State, live: u32, h: u8, cap: u8, seq: bool) -> (State, u32) {
    let mut next = [[[u8::MAX; 16]; 5]; 5];
    let mut touched = 0u32;
    for x in 0..5usize {
        for y in 0..5 - x {
            if live >> (5 * x + y) & 1 == 0 {
                continue;
            }
            let cur = &state[x][y];
            let need = (x + y) as u8;
            let max_s = if seq { 4 - need } else { 0 };
            for s in 0..=max_s {
                for t in 0..=1u8 {
                    let dm = (s + t) as usize;
                    if dm > 4 {
                        continue;
                    }
                    // The lanes that can take `dm` more melds, the others impossible.
                    let mut pad = [INF; 32];
                    for i in 0..16 {
                        pad[16 + i] = cur[i].max(SOURCE_MASK[dm][i]);
                    }
                    for q in 0..=1u8 {
                        let w = need + s + 3 * t + 2 * q;
                        if w > cap {
                            continue;
                        }
                        let cost = w.saturating_sub(h);
                        // A pair moves lanes 0..8 to 8..16 (those already holding one
                        // are shifted out).
                        let dst = &mut next[s as usize][x];
                        relax(dst, &pad, dm + 8 * q as usize, cost);
                        touched |= 1 << (5 * s as usize + x);
                    }
                }
            }
        }
    }
    let mut out_live = 0u32;
    for x in 0..5usize {
        for y in 0..5 - x {
            if touched >> (5 * x + y) & 1 == 0 {
                next[x][y] = ALL_INF;
                continue;
            }
            let d = &mut next[x][y];
            let mut finite = false;
            for i in 0..16 {
                d[i] = d[i].min(INF).max(UNUSED[i]);
                finite |= d[i] < INF;
            }
            if finite {
                out_live |= 1 << (5 * x + y);
            }
        }
    }
    (next, out_live)
}

/// The exact distance vector of one group: `h` the counts, `caps` the most copies of
/// each kind a target may use, `suited` whether sequences exist (9-kind suits).
pub(crate) fn vector(h: &[u8], caps: &[u8], suited: bool) -> Lanes {
    let len = h.len();
    let mut st: State = [[ALL_INF; 5]; 5];
    st[0][0][0] = 0;
    let mut live = 1u32;
    for i in 0..len {
        let seq = suited && i + 2 < len;
        (st, live) = step(&st, live, h[i], caps[i], seq);
    }
    st[0][0]
}

/// Kinds of a suit in the first part of its split (the closed tables' ranking splits
/// there too).
const HEAD: usize = 5;

/// The vectors of one caps vector's patterns, by rank (0: not computed yet). A suit's
/// pattern is computed in two halves: the programme's state after its first
/// [`HEAD`] kinds (kept per first half), and per state `(x, y)` of pending sequences
/// the vector of its last kinds starting from that state alone (kept per second half
/// and state); the pattern's vector is the best over the states of the product of the
/// two (a min-plus product: the halves share no kinds, and costs add up).
struct Table {
    key: u64,
    caps: [u8; 9],
    /// Per pattern rank computed: 1 + its position in `lanes`. A map, not an array
    /// by rank (a suit has 405,350 patterns: 0.8 MB a table, four a thread, most of it
    /// touched sooner or later), so a thread's tables grow with the patterns it meets.
    index: RankMap,
    lanes: Vec<Lanes>,
    /// Per base-5 code of the first half: 1 + its position in `heads`, 0 unknown.
    head_index: Vec<u32>,
    heads: Vec<(State, u32)>,
    /// Per base-5 code of the second half and state `5x + y`: 1 + its position in
    /// `tails`, 0 unknown.
    tail_index: Vec<u32>,
    tails: Vec<Lanes>,
}

/// Pattern rank to position in a table's lanes.
type RankMap = crate::hash::FastMap<u32, u16>;

/// Caps vectors a thread keeps tables for (the most recently used first).
const TABLES: usize = 4;

thread_local! {
    static CACHE: RefCell<Vec<Table>> = const { RefCell::new(Vec::new()) };
}

impl Table {
    /// The vector of the pattern `h` of rank `rank`.
    #[inline]
    fn get(&mut self, rank: usize, h: &[u8], caps: &[u8], suited: bool) -> Lanes {
        if let Some(&i) = self.index.get(&(rank as u32)) {
            return self.lanes[i as usize];
        }
        let v = if suited && h.len() == 9 {
            self.split_vector(h)
        } else {
            vector(h, caps, suited)
        };
        if self.lanes.len() >= u16::MAX as usize {
            // Full (a long-lived thread): start over.
            self.index.clear();
            self.lanes.clear();
            self.head_index.fill(0);
            self.heads.clear();
            self.tail_index.fill(0);
            self.tails.clear();
        }
        self.index.insert(rank as u32, self.lanes.len() as u16);
        self.lanes.push(v);
        v
    }
}

impl Table {
    fn new(key: u64, g: usize, caps: &[u8]) -> Table {
        let mut c = [4u8; 9];
        c[..caps.len()].copy_from_slice(caps);
        let suited = g < 3;
        Table {
            key,
            caps: c,
            index: RankMap::default(),
            lanes: Vec::new(),
            head_index: if suited { vec![0; 3125] } else { Vec::new() },
            heads: Vec::new(),
            tail_index: if suited {
                vec![0; 625 * 25]
            } else {
                Vec::new()
            },
            tails: Vec::new(),
        }
    }

    /// The same table for `key` (group `g`, `caps`), empty, in the room of this one.
    fn reset(&mut self, key: u64, g: usize, caps: &[u8]) {
        let mut c = [4u8; 9];
        c[..caps.len()].copy_from_slice(caps);
        let suited = g < 3;
        self.key = key;
        self.caps = c;
        self.index.clear();
        self.lanes.clear();
        self.head_index.clear();
        self.head_index.resize(if suited { 3125 } else { 0 }, 0);
        self.heads.clear();
        self.tail_index.clear();
        self.tail_index.resize(if suited { 625 * 25 } else { 0 }, 0);
        self.tails.clear();
    }

    /// A suit's vector from its two halves (see [`Table`]).
    fn split_vector(&mut self, h: &[u8]) -> Lanes {
        let caps = self.caps;
        let mut head = 0usize;
        for &n in h[..HEAD].iter().rev() {
            head = 5 * head + n as usize;
        }
        let mut tail = 0usize;
        for &n in h[HEAD..].iter().rev() {
            tail = 5 * tail + n as usize;
        }
        let mut i = self.head_index[head];
        if i == 0 {
            let mut st: State = [[ALL_INF; 5]; 5];
            st[0][0][0] = 0;
            let mut live = 1u32;
            for k in 0..HEAD {
                (st, live) = step(&st, live, h[k], caps[k], true);
            }
            self.heads.push((st, live));
            i = self.heads.len() as u32;
            self.head_index[head] = i;
        }
        let (st, live) = self.heads[i as usize - 1];
        let mut out = ALL_INF;
        for x in 0..5usize {
            for y in 0..5 - x {
                let b = 5 * x + y;
                if live >> b & 1 == 0 {
                    continue;
                }
                let slot = tail * 25 + b;
                let mut j = self.tail_index[slot];
                if j == 0 {
                    let mut t: State = [[ALL_INF; 5]; 5];
                    t[x][y][0] = 0;
                    let mut tl = 1u32 << b;
                    for k in HEAD..9 {
                        (t, tl) = step(&t, tl, h[k], caps[k], k + 2 < 9);
                    }
                    self.tails.push(t[0][0]);
                    j = self.tails.len() as u32;
                    self.tail_index[slot] = j;
                }
                conv_min(&mut out, &st[x][y], &self.tails[j as usize - 1]);
            }
        }
        out
    }
}

/// Run `f` with the table of group `g` under `caps`.
#[inline]
fn with_table<R>(g: usize, caps: &[u8], f: impl FnOnce(&mut Table) -> R) -> R {
    let mut key = g as u64;
    for (i, &c) in caps.iter().enumerate() {
        key |= u64::from(c) << (2 + 3 * i);
    }
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let pos = match cache.iter().position(|t| t.key == key) {
            Some(p) => p,
            None => {
                if cache.len() < TABLES {
                    cache.push(Table::new(key, g, caps));
                } else {
                    // The least recently used table's room is used again (new room
                    // would be faulted in again page by page).
                    let last = cache.len() - 1;
                    cache[last].reset(key, g, caps);
                }
                cache.len() - 1
            }
        };
        if pos != 0 {
            cache.swap(0, pos);
        }
        f(&mut cache[0])
    })
}

/// The distance lanes of group `g` (counts `h`) under `caps`, as [`vector`] gives them.
#[inline]
pub(crate) fn lanes(g: usize, h: &[u8], caps: &[u8]) -> Lanes {
    let tiles: usize = h.iter().map(|&n| n as usize).sum();
    if tiles > MAX_TILES {
        return vector(h, caps, g < 3);
    }
    let rank = Code::of(g, h).rank(g);
    with_table(g, caps, |t| t.get(rank, h, caps, g < 3))
}

/// The lanes of group `g` (counts `h`) under `caps` and, per target, the kinds whose
/// addition lowers its distance (a kind held `cap` times never; as
/// `suit_table::group_masks` gives them).
pub(crate) fn lanes_masks(g: usize, h: &[u8], caps: &[u8]) -> (Lanes, [u16; 10]) {
    let tiles: usize = h.iter().map(|&n| n as usize).sum();
    let suited = g < 3;
    if tiles >= MAX_TILES {
        let d = vector(h, caps, suited);
        let mut masks = [0u16; 10];
        let mut p = [0u8; 9];
        p[..h.len()].copy_from_slice(h);
        for i in 0..h.len() {
            if h[i] < caps[i] {
                p[i] += 1;
                let e = vector(&p[..h.len()], caps, suited);
                p[i] -= 1;
                for (j, &lane) in VALID_LANES.iter().enumerate() {
                    if e[lane] < d[lane] {
                        masks[j] |= 1 << i;
                    }
                }
            }
        }
        return (d, masks);
    }
    let code = Code::of(g, h);
    with_table(g, caps, |t| {
        let d = t.get(code.rank(g), h, caps, suited);
        let mut masks = [0u16; 10];
        let mut p = [0u8; 9];
        p[..h.len()].copy_from_slice(h);
        for i in 0..h.len() {
            if h[i] >= caps[i] {
                continue;
            }
            p[i] += 1;
            let e = t.get(code.plus(g, i).rank(g), &p[..h.len()], caps, suited);
            p[i] -= 1;
            for (j, &lane) in VALID_LANES.iter().enumerate() {
                if e[lane] < d[lane] {
                    masks[j] |= 1 << i;
                }
            }
        }
        (d, masks)
    })
}
