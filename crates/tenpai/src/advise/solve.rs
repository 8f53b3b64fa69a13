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
//! red fives. Expected points do, so a row ([`Row`]) keeps eight of them a state or
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

use super::graph::{KindGraph, SELF};
use super::kinds::{fives, live_five_kinds};
use super::value::Scorer;
use rayon::prelude::*;
use std::sync::OnceLock;

/// A row of values: expected points by red set (entries 0..8), tenpai
/// ([`TENPAI`]) and win ([`WIN`]).
pub(crate) type Row = [f64; 10];

/// The larger of two values (never NaN here: no `f64::max` NaN handling).
#[inline(always)]
fn fmax(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// Entry of the tenpai value in a [`Row`].
pub(crate) const TENPAI: usize = 8;
/// Entry of the win value in a [`Row`].
pub(crate) const WIN: usize = 9;

/// A state's sum over its draws only needs the red sets within its options `OPT`
/// (the suits whose red five it may hold: its value's other entries are copies, see
/// [`finish`]), so the entry-wise operations take the set of entries they need as a
/// constant: `NEED` (bit r: red set r), monomorphised per options, the others left
/// out at compile time.
#[inline(always)]
const fn needed(opt: u8) -> u8 {
    // Every red set r ⊆ opt.
    let mut m = 0u8;
    let mut r = 0;
    while r < 8 {
        if r & !opt == 0 {
            m |= 1 << r;
        }
        r += 1;
    }
    m
}

/// `$e` for the options `$opt` (0..8) known at run time, with the options and the red
/// sets they need as the constants `$OPT` and `$NEED` in it: one monomorphised copy
/// per options (see [`needed`]).
macro_rules! by_options {
    ($opt:expr, $OPT:ident, $NEED:ident => $e:expr) => {
        match $opt {
            0 => by_options!(@one 0, $OPT, $NEED, $e),
            1 => by_options!(@one 1, $OPT, $NEED, $e),
            2 => by_options!(@one 2, $OPT, $NEED, $e),
            3 => by_options!(@one 3, $OPT, $NEED, $e),
            4 => by_options!(@one 4, $OPT, $NEED, $e),
            5 => by_options!(@one 5, $OPT, $NEED, $e),
            6 => by_options!(@one 6, $OPT, $NEED, $e),
            _ => by_options!(@one 7, $OPT, $NEED, $e),
        }
    };
    (@one $o:literal, $OPT:ident, $NEED:ident, $e:expr) => {{
        #[allow(dead_code)]
        const $OPT: u8 = $o;
        const $NEED: u8 = needed($o);
        $e
    }};
}

/// The row with no draw left.
#[inline(always)]
fn init(shanten: i8) -> Row {
    let mut v = [0.0; 10];
    v[TENPAI] = if shanten <= 0 { 1.0 } else { 0.0 };
    v
}

/// The better of two options, entry by entry (the red sets in `NEED`, and the tenpai
/// and win entries).
#[inline(always)]
fn max<const NEED: u8>(a: &Row, b: &Row) -> Row {
    let mut m = [0.0; 10];
    for r in 0..8 {
        if NEED >> r & 1 == 1 {
            m[r] = fmax(a[r], b[r]);
        }
    }
    m[TENPAI] = fmax(a[TENPAI], b[TENPAI]);
    m[WIN] = fmax(a[WIN], b[WIN]);
    m
}

/// The better of two options, every entry.
#[inline(always)]
fn max_all(a: &Row, b: &Row) -> Row {
    max::<0xff>(a, b)
}

/// Add `w` times `b` to `acc` (the red sets in `NEED`, tenpai and win).
#[inline(always)]
fn add<const NEED: u8>(acc: &mut Row, w: f64, b: &Row) {
    for r in 0..8 {
        if NEED >> r & 1 == 1 {
            acc[r] += w * b[r];
        }
    }
    acc[TENPAI] += w * b[TENPAI];
    acc[WIN] += w * b[WIN];
}

/// `w` times `b` (the red sets in `NEED`, tenpai and win; the other entries zero).
#[inline(always)]
fn scaled<const NEED: u8>(w: f64, b: &Row) -> Row {
    let mut m = [0.0; 10];
    for r in 0..8 {
        if NEED >> r & 1 == 1 {
            m[r] = w * b[r];
        }
    }
    m[TENPAI] = w * b[TENPAI];
    m[WIN] = w * b[WIN];
    m
}

/// A win worth `points` (by red set), or going on, worth `b` (the red sets in `NEED`).
#[inline(always)]
fn win<const NEED: u8>(b: &Row, points: &[f64; 8]) -> Row {
    let mut m = [0.0; 10];
    for r in 0..8 {
        if NEED >> r & 1 == 1 {
            m[r] = fmax(b[r], points[r]);
        }
    }
    m[TENPAI] = b[TENPAI];
    m[WIN] = 1.0;
    m
}

/// For a red five of suit `Q` drawn: add `t[r ∪ {Q}] - t[r]` to the entries `r` in
/// `NEED` without `Q`.
#[inline(always)]
fn red<const NEED: u8, const Q: usize>(acc: &mut Row, t: &Row) {
    for r in 0..8 {
        if NEED >> r & 1 == 1 && r >> Q & 1 == 0 {
            acc[r] += t[r | 1 << Q] - t[r];
        }
    }
}

/// [`red`] for the suit `q` known at run time.
#[inline(always)]
fn red_q<const NEED: u8>(acc: &mut Row, q: usize, t: &Row) {
    match q {
        0 => red::<NEED, 0>(acc, t),
        1 => red::<NEED, 1>(acc, t),
        _ => red::<NEED, 2>(acc, t),
    }
}

/// For a red five of suit `q` drawn into a riichi-locked hand that wins: the win is
/// worth `points[r ∪ {q}]`, going on stays `b[r]` (the red five is given back).
#[inline(always)]
fn red_locked_win<const NEED: u8>(acc: &mut Row, q: usize, b: &Row, points: &[f64; 8]) {
    let bit = 1 << q;
    for r in 0..8 {
        if NEED >> r & 1 == 1 && r & bit == 0 {
            let plain = fmax(b[r], points[r]);
            let red = fmax(b[r], points[r | bit]);
            acc[r] += red - plain;
        }
    }
}

/// The state's value from its sum over the draws (`OPT`: the suits whose red five
/// the hand may hold; entry `r` is the entry `r ∩ OPT`).
#[inline(always)]
fn finish<const OPT: u8>(acc: &Row, shanten: i8, inv_p: f64) -> Row {
    let mut v = [0.0; 10];
    for r in 0..8 {
        v[r] = acc[r & OPT as usize] * inv_p;
    }
    v[TENPAI] = if shanten <= 0 {
        1.0
    } else {
        acc[TENPAI] * inv_p
    };
    v[WIN] = acc[WIN] * inv_p;
    v
}

/// What the passes read besides the graph: per state the suits whose red five it may
/// hold, the copies of its self-loops as a float, and its self-looping fives; per win
/// its points by red set.
pub(crate) struct Prepared {
    /// Per state, what its sum reads, in one record.
    states: Vec<StateInfo>,
    points: Vec<[f64; 8]>,
    /// The five kinds (bits 4, 13, 22) whose red five is live.
    live_kinds: u64,
    /// Per choice node, the suits whose five its tiles hold with a live red five.
    node_opt: Vec<u8>,
    /// The bit of each suit in the red sets of the passes' rows (a permutation chosen
    /// per search, see [`prepare`]).
    bit: [u8; 3],
    /// Per kind (a five, for the passes), the bit of its suit: `bit[t / 9]`, read
    /// without a division or a checked index.
    suit_bit: [u8; 64],
}

impl Default for Prepared {
    fn default() -> Self {
        Prepared {
            states: Vec::new(),
            points: Vec::new(),
            live_kinds: 0,
            node_opt: Vec::new(),
            bit: [0, 1, 2],
            suit_bit: suit_bits(&[0, 1, 2]),
        }
    }
}

impl Prepared {
    /// Empty every array (keeping their room).
    pub(crate) fn clear(&mut self) {
        self.states.clear();
        self.points.clear();
        self.node_opt.clear();
    }

    /// The entry of a row holding the value for red set `r` (bit q: the red five of
    /// suit q held).
    pub(crate) fn entry(&self, r: usize) -> usize {
        map_set(&self.bit, r as u8) as usize
    }

    /// Bytes of room the arrays hold, roughly.
    pub(crate) fn bytes(&self) -> usize {
        self.states.capacity() * std::mem::size_of::<StateInfo>()
            + self.points.capacity() * std::mem::size_of::<[f64; 8]>()
            + self.node_opt.capacity()
    }
}

/// One state, as a pass reads it: where its draws are in the graph's arrays, its
/// self-loops and its options.
#[derive(Clone, Copy)]
struct StateInfo {
    /// Its edges: the first, the first drawing a live five, the end.
    edges: (u32, u32, u32),
    swaps: (u32, u32),
    /// The first of its first swap's other hands.
    others: u32,
    wins: (u32, u32),
    /// Copies of the draws that lead back to it (as a float), the fives whose red one
    /// may be drawn included.
    self_w: f64,
    /// The suits (bit q) whose five leads back to it with its red one among the copies
    /// and kept for a plain one (not riichi-locked).
    red_self: u8,
    shanten: i8,
    /// The suits whose red five it may hold.
    opt: u8,
    locked: bool,
}

/// Per kind, the bit `bit` gives its suit (honors: 0, never read).
fn suit_bits(bit: &[u8; 3]) -> [u8; 64] {
    std::array::from_fn(|t| if t < 27 { bit[t / 9] } else { 0 })
}

/// A set of suits (bit q for suit q) in the bits `bit` gives them.
#[inline]
fn map_set(bit: &[u8; 3], set: u8) -> u8 {
    (0..3).fold(0, |m, q| m | (set >> q & 1) << bit[q])
}

/// Prepare the passes over `g` (`live`: the suits whose red five is live; `outside`:
/// copies of each kind outside the hand), in the arrays of `into` (emptied).
///
/// The red sets' bits are ordered per search: a state's sum reads the entries of the
/// red sets within its options, which sit in aligned pairs (two values an instruction)
/// when its options hold the suit of bit 0 and each alone otherwise. So the suit held
/// by the states with the most draws gets bit 0 (the others keep their order).
pub(crate) fn prepare(
    g: &KindGraph,
    live: u8,
    outside: &[u8; crate::tile::KINDS],
    scorer: &Scorer,
    into: &mut Prepared,
) {
    into.clear();
    let n = g.states();
    let states = &mut into.states;
    states.reserve(n);
    let (mut e0, mut s0, mut w0, mut o0) = (0u32, 0u32, 0u32, 0u32);
    // Per suit, the draws of the states whose options hold it.
    let mut weight = [0u64; 3];
    for (i, &key) in g.hands.iter().enumerate() {
        let k = super::kinds::hand_kinds(key);
        // (A self-looping five's copies count with the other self-loops; its red one,
        // kept for a plain one, is the red set's move, summed apart.)
        let mut self_w = g.self_w[i];
        let mut red_self = 0u8;
        for q in 0..3 {
            if g.self_fives[i] >> q & 1 == 1 {
                let t = 9 * q + 4;
                let w = 4u32.saturating_sub(k[t] as u32 + outside[t] as u32);
                self_w += w;
                if w > 0 && !g.locked[i] {
                    red_self |= 1 << q;
                }
            }
        }
        let (e1, s1, w1) = (g.edge_end[i], g.swap_end[i], g.win_end[i]);
        // (A riichi-locked state only wins or gives the tile back, see `locked_sum`.)
        debug_assert!(
            !g.locked[i]
                || e1 == e0
                    && s1 == s0
                    && g.wins[w0 as usize..w1 as usize].iter().all(|e| e.x == SELF)
        );
        let opt = fives(&k) & live;
        for (q, w) in weight.iter_mut().enumerate() {
            *w += u64::from(opt >> q & 1) * u64::from(e1 - e0 + s1 - s0);
        }
        states.push(StateInfo {
            edges: (e0, e1 - g.five_edges[i] as u32, e1),
            swaps: (s0, s1),
            others: o0,
            wins: (w0, w1),
            self_w: self_w as f64,
            red_self,
            shanten: g.shanten[i],
            opt,
            locked: g.locked[i],
        });
        if s1 > s0 {
            o0 = g.swaps[s1 as usize - 1].end;
        }
        (e0, s0, w0) = (e1, s1, w1);
    }
    // (The first suit of the most weight; ties keep the natural order.)
    let first = (0..3).fold(0, |b, q| if weight[q] > weight[b] { q } else { b });
    let mut bit = [0u8; 3];
    let mut next = 1;
    for (q, b) in bit.iter_mut().enumerate() {
        if q != first {
            *b = next;
            next += 1;
        }
    }
    into.bit = bit;
    into.suit_bit = suit_bits(&bit);
    if first != 0 {
        for st in &mut into.states {
            st.opt = map_set(&bit, st.opt);
            st.red_self = map_set(&bit, st.red_self);
        }
    }
    // Entry r of a win's points is the red set whose suits' bits make r.
    let mut set_of = [0u8; 8];
    for set in 0..8u8 {
        set_of[map_set(&bit, set) as usize] = set;
    }
    into.points.extend(g.wins.iter().map(|e| {
        let v = scorer.get(e.value);
        std::array::from_fn(|r| v.points(set_of[r]))
    }));
    into.node_opt
        .extend(g.node_fives.iter().map(|&f| map_set(&bit, f & live)));
    into.live_kinds = live_five_kinds(live);
}

/// The values of the states `roots` for every draw count `0..=draws`: `out[r][n]`.
/// `parallel`: share each pass between the cores (the states are independent within a
/// pass; the answer is the same to the bit, each value summed in the same order).
pub(crate) fn solve(
    g: &KindGraph,
    prep: &Prepared,
    pool_size: u32,
    draws: usize,
    roots: &[u32],
    parallel: bool,
    rows: &mut [Vec<Row>; 3],
) -> Vec<Vec<Row>> {
    let n_states = g.states();
    let [prev, cur, best] = rows;
    prev.clear();
    prev.extend(g.shanten.iter().map(|&s| init(s)));
    let mut out: Vec<Vec<Row>> = roots.iter().map(|&r| vec![prev[r as usize]]).collect();
    if pool_size == 0 {
        for o in &mut out {
            let first = o[0];
            o.resize(draws + 1, first);
        }
        return out;
    }
    let inv_p = 1.0 / pool_size as f64;
    // (Rows of states not computed in a pass stay zero, see `states`.)
    cur.clear();
    cur.resize(n_states, Row::default());
    let n_nodes = g.child_end.len();
    best.clear();
    best.resize(n_nodes, Row::default());
    let last = g.depth_end.len() - 1;
    let pool = if parallel { passes_pool() } else { None };
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
        if let Some(passes) = pool.filter(|_| parallel) {
            passes.install(|| {
                best[..x_end]
                    .par_chunks_mut(CHUNK)
                    .enumerate()
                    .for_each(|(c, out)| nodes(g, prep, prev, c * CHUNK, out));
                cur[..s_end]
                    .par_chunks_mut(CHUNK)
                    .enumerate()
                    .for_each(|(c, out)| states(g, prep, prev, best, inv_p, n8, c * CHUNK, out));
            });
        } else {
            nodes(g, prep, prev, 0, &mut best[..x_end]);
            states(g, prep, prev, best, inv_p, n8, 0, &mut cur[..s_end]);
        }
        std::mem::swap(prev, cur);
        for (o, &r) in out.iter_mut().zip(roots) {
            o.push(prev[r as usize]);
        }
    }
    out
}

/// The threads that share passes: a pool of their own, whose threads run nothing
/// else (so never wait for a grant of the memory budget, module `budget`: a search
/// holding one can always count on them), as many as the global pool's; `None` if
/// the system refuses the threads (the passes then run on the caller's thread).
fn passes_pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(rayon::current_num_threads())
            .thread_name(|i| format!("tenpai-advise-{i}"))
            .build()
            .ok()
    })
    .as_ref()
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

/// The best child of the nodes `first..first + out.len()`, in the red sets within
/// the node's options (the suits whose five its 14 tiles hold, with a live red five):
/// a parent reads no other entry (its own options, and the suit of the five it drew,
/// are among them).
fn nodes(g: &KindGraph, prep: &Prepared, prev: &[Row], first: usize, out: &mut [Row]) {
    let last = first + out.len();
    let mut from = start(&g.child_end, first);
    // (The nodes' ends, options and children walked in step: no index checked a node.)
    let mut rest = &g.children[from..];
    let nodes = g.child_end[first..last]
        .iter()
        .zip(&prep.node_opt[first..last]);
    for ((&end, &opt), b) in nodes.zip(out.iter_mut()) {
        let end = end as usize;
        let (children, tail) = rest.split_at(end - from);
        rest = tail;
        *b = by_options!(opt, OPT, NEED => best::<NEED>(children, prev));
        from = end;
    }
}

/// The best of `children`, in the entries `NEED` (no other entry is read: they are
/// zero, or the first child's where the node has one child).
#[inline(always)]
fn best<const NEED: u8>(children: &[u32], prev: &[Row]) -> Row {
    let Some((&first, rest)) = children.split_first() else {
        return Row::default();
    };
    let mut m = prev[first as usize];
    for &c in rest {
        m = max::<NEED>(&m, &prev[c as usize]);
    }
    m
}

/// The values of the states `first..first + out.len()` with one more draw.
#[allow(clippy::too_many_arguments)]
fn states(
    g: &KindGraph,
    prep: &Prepared,
    prev: &[Row],
    best: &[Row],
    inv_p: f64,
    n: i8,
    first: usize,
    out: &mut [Row],
) {
    let last = first + out.len();
    // (Each state's record and own row walked in step with its output: no index checked.)
    let infos = prep.states[first..last].iter().zip(&prev[first..last]);
    for ((info, p), v) in infos.zip(out.iter_mut()) {
        if info.shanten > n {
            // No tenpai within n draws: the row stays zero (as it was two passes ago).
            continue;
        }
        let sh = info.shanten;
        if info.locked {
            // (Only its self-loops and its wins: a sum of its own.)
            let a = (g, prep, p, info);
            *v = by_options!(info.opt, OPT, NEED =>
                finish::<OPT>(&locked_sum::<NEED>(a), sh, inv_p));
            continue;
        }
        let a = (g, prep, prev, best, p, info);
        *v = by_options!(info.opt, OPT, NEED => finish::<OPT>(&sum::<NEED>(a), sh, inv_p));
    }
}

/// A riichi-locked state's sum over its draws (every draw but a win gives the tile
/// back, and a win declined does too), in the entries `NEED`: [`sum`] without the
/// draws such a state never has.
#[inline(always)]
fn locked_sum<const NEED: u8>(
    (g, prep, p, info): (&KindGraph, &Prepared, &Row, &StateInfo),
) -> Row {
    let live = prep.live_kinds;
    let mut acc = scaled::<NEED>(info.self_w, p);
    let wins = info.wins.0 as usize..info.wins.1 as usize;
    for (e, points) in g.wins[wins.clone()].iter().zip(&prep.points[wins]) {
        if live >> e.t & 1 == 1 {
            let q = prep.suit_bit[e.t as usize & 63] as usize;
            let t = win::<0xff>(p, points);
            add::<NEED>(&mut acc, e.w as f64, &t);
            red_locked_win::<NEED>(&mut acc, q, p, points);
        } else {
            let t = win::<NEED>(p, points);
            add::<NEED>(&mut acc, e.w as f64, &t);
        }
    }
    acc
}

/// One state's sum over its draws, in the entries `NEED` (the red sets within its
/// options; the others are not read, see [`finish`]).
#[inline(always)]
fn sum<const NEED: u8>(
    (g, prep, prev, best, p, info): (&KindGraph, &Prepared, &[Row], &[Row], &Row, &StateInfo),
) -> Row {
    let live = prep.live_kinds;
    let locked = info.locked;
    // (The self-loops' term first, as the sum's start: no addition to zero.)
    let mut acc = scaled::<NEED>(info.self_w, p);
    let mut red_self = info.red_self;
    while red_self != 0 {
        red_q::<NEED>(&mut acc, red_self.trailing_zeros() as usize, p);
        red_self &= red_self - 1;
    }
    let (e0, e_five, e1) = info.edges;
    let (plain, fives) = g.edges[e0 as usize..e1 as usize].split_at((e_five - e0) as usize);
    for e in plain {
        add::<NEED>(&mut acc, e.w, &best[e.x as usize]);
    }
    for e in fives {
        let t = &best[e.x as usize];
        add::<NEED>(&mut acc, e.w, t);
        red_q::<NEED>(&mut acc, prep.suit_bit[e.t as usize & 63] as usize, t);
    }
    let mut o0 = info.others as usize;
    for e in &g.swaps[info.swaps.0 as usize..info.swaps.1 as usize] {
        let first = &prev[e.first as usize];
        if e.plain {
            // (The usual swap: one other hand, not a live five.)
            add::<NEED>(&mut acc, e.w, &max::<NEED>(first, p));
            continue;
        }
        // (Other hands, or a five whose red one reads entries outside NEED.)
        let others = &g.others[o0..e.end as usize];
        o0 = e.end as usize;
        let mut m = max_all(p, first);
        for &o in others {
            m = max_all(&m, &prev[o as usize]);
        }
        add::<NEED>(&mut acc, e.w, &m);
        if live >> e.t & 1 == 1 {
            red_q::<NEED>(&mut acc, prep.suit_bit[e.t as usize & 63] as usize, &m);
        }
    }
    if info.wins.0 == info.wins.1 {
        // (Most states have no winning draw: no slices made.)
        return acc;
    }
    let wins = info.wins.0 as usize..info.wins.1 as usize;
    for (e, points) in g.wins[wins.clone()].iter().zip(&prep.points[wins]) {
        let b = if e.x == SELF { p } else { &best[e.x as usize] };
        if live >> e.t & 1 == 1 {
            let q = prep.suit_bit[e.t as usize & 63] as usize;
            let t = win::<0xff>(b, points);
            add::<NEED>(&mut acc, e.w as f64, &t);
            if locked && e.x == SELF {
                red_locked_win::<NEED>(&mut acc, q, b, points);
            } else {
                red_q::<NEED>(&mut acc, q, &t);
            }
        } else {
            let t = win::<NEED>(b, points);
            add::<NEED>(&mut acc, e.w as f64, &t);
        }
    }
    acc
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A `Prepared` with room for `n` states (for `scratch`'s tests).
    pub(crate) fn prepared_with_room(n: usize) -> Prepared {
        let mut p = Prepared::default();
        p.states.reserve_exact(n);
        p
    }

    /// The bytes a `Prepared` reports (what `scratch` keeps or frees by): none when
    /// empty, at least each array's heap bytes, and the sum over its arrays.
    #[test]
    fn prepared_bytes_count_every_array() {
        assert_eq!(Prepared::default().bytes(), 0);
        let reserved = |which: usize| {
            let mut p = Prepared::default();
            if which & 1 != 0 {
                p.states.reserve_exact(1000);
            }
            if which & 2 != 0 {
                p.points.reserve_exact(2000);
            }
            if which & 4 != 0 {
                p.node_opt.reserve_exact(3000);
            }
            p
        };
        let heap = [
            reserved(1).states.capacity() * std::mem::size_of::<StateInfo>(),
            reserved(2).points.capacity() * std::mem::size_of::<[f64; 8]>(),
            reserved(4).node_opt.capacity(),
        ];
        let single: Vec<usize> = [1, 2, 4].iter().map(|&w| reserved(w).bytes()).collect();
        for (s, h) in single.iter().zip(heap) {
            assert!(*s >= h, "{single:?} {heap:?}");
        }
        assert_eq!(reserved(7).bytes(), single.iter().sum::<usize>());
    }
}
