//! Exact per-group replacement distances, and the tables built from them.
//!
//! A *group* is one suit (9 kinds, sequences allowed) or the honors (7 kinds, no
//! sequences). For a group's count pattern `h` and a target of `m` melds (0..=4) plus
//! `p` pairs (0 or 1) made inside the group, the *distance* is the least number of
//! tiles to add, `min over targets W of sum_i max(0, W_i - h_i)`, where the target may
//! hold each kind at most `cap_i` times (4, less the copies in the player's calls).
//! Because every target respects the caps, the distance honours the four-copy limit
//! exactly; and since groups share no kinds, the best whole-hand target is the best
//! split of melds and the pair among the groups (a min-plus convolution).
//!
//! [`group_vector`] computes a distance vector by an exhaustive dynamic programme over
//! the kinds (every way of covering each kind by pending sequences, new sequences, a
//! triplet and a pair). [`classify`] runs the same programme over every pattern with
//! at most 14 tiles (sharing prefixes) and reduces each pattern to its *class*, the
//! index of its vector among the few distinct ones (126 for a suit, 55 for the
//! honors); [`products`] classifies the products of classes the same way. `build.rs`
//! stores one byte per pattern and the small class tables; the library loads them
//! with no work at run time.
//!
//! This file is also compiled into the build script, so it uses nothing from the crate.

#![allow(clippy::needless_range_loop)]

/// "Impossible" distance; sums of two stay far below 255.
pub const INF: u8 = 60;

/// Distances for the ten (pair, melds) targets, lane `8 * p + m` (`m` 0..=4, `p` 0..=1).
/// Lanes 5..=7 and 13..=15 are unused and hold [`INF`].
pub type Lanes = [u8; 16];

/// The lanes that hold a target.
pub const VALID_LANES: [usize; 10] = [0, 1, 2, 3, 4, 8, 9, 10, 11, 12];

/// All lanes impossible.
pub const ALL_INF: Lanes = [INF; 16];

/// Most tiles a group pattern can hold (a hand has at most 14 concealed tiles).
pub const MAX_TILES: usize = 14;

/// Prefix state: `[x][y]` lanes, where `x` sequences still need this kind and the
/// next one and `y` sequences need only this kind.
type State = [[Lanes; 5]; 5];

fn initial_state() -> State {
    let mut s = [[ALL_INF; 5]; 5];
    s[0][0][0] = 0;
    s
}

/// Cover one more kind, holding `h` copies, at most `cap` in the target; `seq`
/// allows starting sequences here (false for honors and the last two kinds of a suit).
fn step(state: &State, h: u8, cap: u8, seq: bool) -> State {
    let mut next = [[ALL_INF; 5]; 5];
    for x in 0..5usize {
        for y in 0..5 - x {
            let cur = &state[x][y];
            if cur.iter().all(|&v| v >= INF) {
                continue;
            }
            let need = (x + y) as u8;
            let max_s = if seq { 4 - need } else { 0 };
            for s in 0..=max_s {
                for t in 0..=1u8 {
                    for q in 0..=1u8 {
                        let w = need + s + 3 * t + 2 * q;
                        if w > cap {
                            continue;
                        }
                        let cost = w.saturating_sub(h);
                        let dm = (s + t) as usize;
                        let dst = &mut next[s as usize][x];
                        for p in 0..2 - q as usize {
                            for m in 0..5usize.saturating_sub(dm) {
                                let v = cur[8 * p + m];
                                if v >= INF {
                                    continue;
                                }
                                let lane = 8 * (p + q as usize) + m + dm;
                                let c = v + cost;
                                if c < dst[lane] {
                                    dst[lane] = c;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    next
}

/// Whether a sequence may start at position `i` of a group of `len` kinds.
const fn seq_at(i: usize, len: usize, suited: bool) -> bool {
    suited && i + 2 < len
}

/// The exact distance vector of one group: `h` the counts, `caps` the most copies of
/// each kind a target may use, `suited` whether sequences exist (9-kind suits).
pub fn group_vector(h: &[u8], caps: &[u8], suited: bool) -> Lanes {
    // A pure function of small arguments, remembered per thread (three bits a count
    // and a cap, at most nine of each), the memory bounded by starting over when full.
    // (The library's hands with calls read `shanten::capped`'s tables instead; this is
    // the reference the tests check them and the closed tables against.)
    let key = h.len() <= 9 && h.iter().chain(caps).all(|&x| x < 8);
    let key = key.then(|| {
        let mut k = u64::from(suited) << 60 | (h.len() as u64) << 56;
        for (i, (&x, &c)) in h.iter().zip(caps).enumerate() {
            k |= u64::from(x) << (3 * i) | u64::from(c) << (27 + 3 * i);
        }
        k
    });
    if let Some(k) = key {
        if let Some(v) = MEMO.with(|m| m.borrow().get(&k).copied()) {
            return v;
        }
    }
    let v = group_vector_uncached(h, caps, suited);
    if let Some(k) = key {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() >= MEMO_MAX {
                m.clear();
            }
            m.insert(k, v);
        });
    }
    v
}

/// Most group vectors a thread remembers (about 30 MB).
const MEMO_MAX: usize = 1 << 20;

thread_local! {
    static MEMO: std::cell::RefCell<std::collections::HashMap<u64, Lanes>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// [`group_vector`] without the memo.
fn group_vector_uncached(h: &[u8], caps: &[u8], suited: bool) -> Lanes {
    let len = h.len();
    let mut st = initial_state();
    for i in 0..len {
        st = step(&st, h[i], caps[i], seq_at(i, len, suited));
    }
    st[0][0]
}

/// The kinds (bit `i` for position `i`) whose addition lowers the distance of each
/// target, given the distance vector `d` of `h`. A kind already at its cap, or
/// already held `cap` times, cannot be drawn and never appears.
pub fn group_masks(h: &[u8], caps: &[u8], suited: bool, d: &Lanes) -> [u16; 10] {
    let mut masks = [0u16; 10];
    let mut g = h.to_vec();
    for i in 0..h.len() {
        if h[i] >= caps[i] {
            continue;
        }
        g[i] += 1;
        let e = group_vector(&g, caps, suited);
        g[i] -= 1;
        for (j, &lane) in VALID_LANES.iter().enumerate() {
            if e[lane] < d[lane] {
                masks[j] |= 1 << i;
            }
        }
    }
    masks
}

/// `count[k][r]`: patterns of `k` kinds (0..=4 each) with at most `r` tiles.
pub fn pattern_counts() -> [[u32; MAX_TILES + 1]; 10] {
    let mut c = [[0u32; MAX_TILES + 1]; 10];
    c[0] = [1; MAX_TILES + 1];
    for k in 1..10 {
        for r in 0..=MAX_TILES {
            let mut total = 0;
            for v in 0..=4.min(r) {
                total += c[k - 1][r - v];
            }
            c[k][r] = total;
        }
    }
    c
}

/// Distances as ten values, target `5p + m` (`m` 0..=4 melds, `p` 0..=1 pairs).
pub type Narrow = [u8; 10];

/// The ten target lanes of a lane vector.
pub fn narrow_of(l: &Lanes) -> Narrow {
    let mut n = [0u8; 10];
    for (j, &lane) in VALID_LANES.iter().enumerate() {
        n[j] = l[lane];
    }
    n
}

/// Every pattern of a group, in rank order, reduced to its *class*: the index of its
/// distance vector (caps 4) among the distinct vectors, numbered in order of first
/// appearance (so the empty pattern is class 0).
pub struct Classes {
    /// Class of each pattern, in rank order.
    pub class: Vec<u8>,
    /// Distance vector of each class.
    pub vectors: Vec<Narrow>,
}

/// Min-plus product of two distance vectors: the best split of the melds and the pair
/// between two groups that share no kinds.
pub fn product(a: &Narrow, b: &Narrow) -> Narrow {
    let mut c = [INF; 10];
    for pa in 0..2 {
        for ma in 0..5 {
            for pb in 0..2 - pa {
                for mb in 0..5 - ma {
                    let v = a[5 * pa + ma].saturating_add(b[5 * pb + mb]).min(INF);
                    let t = 5 * (pa + pb) + ma + mb;
                    c[t] = c[t].min(v);
                }
            }
        }
    }
    c
}

/// Every pattern of `len` kinds with at most 14 tiles, classified (caps 4).
pub fn classify(len: usize, suited: bool) -> Classes {
    let mut out = Classes {
        class: Vec::with_capacity(pattern_counts()[len][MAX_TILES] as usize),
        vectors: Vec::new(),
    };
    let mut seen = std::collections::HashMap::new();
    walk(0, len, suited, 0, &initial_state(), &mut |l| {
        let n = narrow_of(l);
        let next = seen.len();
        let c = *seen.entry(n).or_insert(next);
        if c == next {
            out.vectors.push(n);
        }
        out.class
            .push(u8::try_from(c).expect("at most 256 classes"));
    });
    out
}

/// The classes of products: `first[a * nb + b]` is the class of `product(a, b)`
/// among `vectors`, numbered in order of first appearance.
pub struct Products {
    /// Class of the product of each pair, row-major.
    pub first: Vec<u8>,
    /// Distance vector of each product class.
    pub vectors: Vec<Narrow>,
}

/// Classify the products of every vector of `a` with every vector of `b`.
pub fn products(a: &[Narrow], b: &[Narrow]) -> Products {
    let mut out = Products {
        first: Vec::with_capacity(a.len() * b.len()),
        vectors: Vec::new(),
    };
    let mut seen = std::collections::HashMap::new();
    for x in a {
        for y in b {
            let p = product(x, y);
            let next = seen.len();
            let c = *seen.entry(p).or_insert(next);
            if c == next {
                out.vectors.push(p);
            }
            out.first
                .push(u8::try_from(c).expect("at most 256 product classes"));
        }
    }
    out
}

fn walk(i: usize, len: usize, suited: bool, tiles: usize, st: &State, f: &mut dyn FnMut(&Lanes)) {
    if i == len {
        f(&st[0][0]);
        return;
    }
    for v in 0..=4u8 {
        if tiles + v as usize > MAX_TILES {
            break;
        }
        let next = step(st, v, 4, seq_at(i, len, suited));
        walk(i + 1, len, suited, tiles + v as usize, &next, f);
    }
}

/// Rank of pattern `h` among the patterns of `h.len()` kinds (0..=4 each) with at most
/// `max` tiles, in lexicographic order (first kind most significant), as [`walk`]
/// visits them.
pub fn rank(h: &[u8], max: usize) -> usize {
    let count = pattern_counts();
    let len = h.len();
    let mut before = 0usize;
    let mut r = 0usize;
    for i in 0..len {
        for v in 0..h[i] as usize {
            if before + v <= max {
                r += count[len - i - 1][max - before - v] as usize;
            }
        }
        before += h[i] as usize;
    }
    r
}

/// Direct rows for the small patterns of a group (at most `max` tiles): the class and,
/// per target, the kinds whose addition lowers its distance, so the discard ranking
/// reads a small group's improving draws after each discard with one load. Indexed as
/// the library's `Code`: `pre[base-5 code of the first head kinds] + suf[tiles in
/// them][base-5 code of the rest]`.
pub struct Small {
    /// Per pattern, in rank order: bits `9j..9j + 9` the kinds (bit per position)
    /// whose addition lowers target `j`'s distance, bits `96..104` the class.
    pub rows: Vec<u128>,
    /// Rank of the first pattern with each prefix (prefixes with at most `max` tiles).
    pub pre: Vec<u16>,
    /// `suf[before * 5^(len - head) + code]`: rank of the rest among the rests with at
    /// most `max - before` tiles.
    pub suf: Vec<u16>,
}

/// Calls `f` on every pattern of `len` kinds (at most 4 each) with at most `max`
/// tiles, in rank order (first kind most significant).
pub fn each_pattern(len: usize, max: usize, f: &mut dyn FnMut(&[u8])) {
    each(0, 0, max, &mut vec![0u8; len], f);
}

/// Calls `f` on every filling of `h[i..]` (at most 4 a kind) with at most `max` tiles
/// counting `n` already placed, in rank order; `h[i..]` is left zero.
fn each(i: usize, n: usize, max: usize, h: &mut [u8], f: &mut dyn FnMut(&[u8])) {
    if i == h.len() {
        f(h);
        return;
    }
    for v in 0..=4u8 {
        if n + v as usize > max {
            break;
        }
        h[i] = v;
        each(i + 1, n + v as usize, max, h, f);
    }
    h[i] = 0;
}

/// The [`Small`] rows of the group with `len` kinds (ranking split after `head`
/// kinds), from its [`classify`] result (caps 4).
pub fn small(len: usize, head: usize, max: usize, classes: &Classes) -> Small {
    assert!(max < MAX_TILES);
    let pow5 = |n: usize| 5usize.pow(n as u32);
    let code = |h: &[u8]| h.iter().rev().fold(0usize, |c, &v| 5 * c + v as usize);
    let mut out = Small {
        rows: Vec::new(),
        pre: vec![0; pow5(head)],
        suf: vec![0; (max + 1) * pow5(len - head)],
    };
    let class_of = |h: &[u8]| classes.class[rank(h, MAX_TILES)] as usize;
    each_pattern(len, max, &mut |p| {
        let r = out.rows.len();
        if p[head..].iter().all(|&v| v == 0) {
            out.pre[code(&p[..head])] = u16::try_from(r).expect("small table");
        }
        let c = class_of(p);
        let d = classes.vectors[c];
        let mut row = (c as u128) << 96;
        let mut q = p.to_vec();
        for k in 0..len {
            if q[k] < 4 {
                q[k] += 1;
                let e = classes.vectors[class_of(&q)];
                q[k] -= 1;
                for j in 0..10 {
                    if e[j] < d[j] {
                        row |= 1 << (9 * j + k);
                    }
                }
            }
        }
        out.rows.push(row);
    });
    let rest = len - head;
    for before in 0..=max {
        let mut r = 0u16;
        let mut t = vec![0u8; rest];
        each(0, before, max, &mut t, &mut |s| {
            out.suf[before * pow5(rest) + code(s)] = r;
            r += 1;
        });
    }
    out
}
