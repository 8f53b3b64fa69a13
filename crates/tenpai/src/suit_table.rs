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
//! triplet and a pair). [`generate`] runs the same programme over every pattern with
//! at most 14 tiles (sharing prefixes) and also records, per target, the kinds whose
//! addition lowers the distance; `build.rs` stores the results and the library loads
//! them with no work at run time.
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

/// Ranking table for patterns of `len` kinds with at most 14 tiles in lexicographic
/// order (first kind most significant): `rank = sum_i t[i][n_i][h_i]`, where `n_i` is
/// the number of tiles in kinds `0..=i`.
pub fn rank_table(len: usize) -> Vec<[[u32; 5]; MAX_TILES + 1]> {
    let c = pattern_counts();
    let mut t = vec![[[0u32; 5]; MAX_TILES + 1]; len];
    for (i, ti) in t.iter_mut().enumerate() {
        let rest = len - i - 1;
        for n in 0..=MAX_TILES {
            for h in 0..5usize {
                if h > n {
                    continue;
                }
                // Tiles before kind i: n - h. Patterns skipped: those with a smaller
                // value v < h at kind i.
                let before = n - h;
                let mut skipped = 0;
                for v in 0..h {
                    let left = MAX_TILES - before - v;
                    skipped += c[rest][left];
                }
                ti[n][h] = skipped;
            }
        }
    }
    t
}

/// One generated table: per pattern (in rank order) its packed distances and masks.
pub struct Generated {
    /// Distances, 4 bits per target, target `j` (`VALID_LANES[j]`) at bits `4j..4j+4`.
    pub dist: Vec<u64>,
    /// Masks per target, as in [`group_masks`].
    pub masks: Vec<[u16; 10]>,
}

/// Pack a distance vector.
pub fn pack(d: &Lanes) -> u64 {
    let mut v = 0u64;
    for (j, &lane) in VALID_LANES.iter().enumerate() {
        v |= (d[lane].min(15) as u64) << (4 * j);
    }
    v
}

/// Unpack distances into lanes.
#[inline(always)]
pub fn unpack(v: u64) -> Lanes {
    let mut d = ALL_INF;
    let mut j = 0;
    while j < 10 {
        d[VALID_LANES[j]] = ((v >> (4 * j)) & 15) as u8;
        j += 1;
    }
    d
}

/// Every pattern of `len` kinds with at most 14 tiles, in rank order, with caps 4.
pub fn generate(len: usize, suited: bool) -> Generated {
    let count = pattern_counts()[len][MAX_TILES] as usize;
    let mut out = Generated {
        dist: Vec::with_capacity(count),
        masks: Vec::with_capacity(count),
    };
    let mut h = vec![0u8; len];
    walk(0, len, suited, 0, &initial_state(), &mut h, &mut out);
    // Masks from the finished distance table: adding one tile is a lookup.
    let ranks = rank_table(len);
    let rank = |h: &[u8]| -> usize {
        let mut n = 0usize;
        let mut r = 0u32;
        for (i, &v) in h.iter().enumerate() {
            n += v as usize;
            r += ranks[i][n][v as usize];
        }
        r as usize
    };
    let mut h = vec![0u8; len];
    let mut idx = 0usize;
    fill_masks(0, len, 0, &mut h, &mut idx, &rank, &mut out);
    out
}

fn walk(
    i: usize,
    len: usize,
    suited: bool,
    tiles: usize,
    st: &State,
    h: &mut Vec<u8>,
    out: &mut Generated,
) {
    if i == len {
        out.dist.push(pack(&st[0][0]));
        out.masks.push([0; 10]);
        return;
    }
    for v in 0..=4u8 {
        if tiles + v as usize > MAX_TILES {
            break;
        }
        h[i] = v;
        let next = step(st, v, 4, seq_at(i, len, suited));
        walk(i + 1, len, suited, tiles + v as usize, &next, h, out);
    }
    h[i] = 0;
}

fn fill_masks(
    i: usize,
    len: usize,
    tiles: usize,
    h: &mut Vec<u8>,
    idx: &mut usize,
    rank: &dyn Fn(&[u8]) -> usize,
    out: &mut Generated,
) {
    if i == len {
        let me = *idx;
        *idx += 1;
        if tiles >= MAX_TILES {
            return;
        }
        let d = unpack(out.dist[me]);
        let mut masks = [0u16; 10];
        for k in 0..len {
            if h[k] >= 4 {
                continue;
            }
            h[k] += 1;
            let e = unpack(out.dist[rank(h)]);
            h[k] -= 1;
            for (j, &lane) in VALID_LANES.iter().enumerate() {
                if e[lane] < d[lane] {
                    masks[j] |= 1 << k;
                }
            }
        }
        out.masks[me] = masks;
        return;
    }
    for v in 0..=4u8 {
        if tiles + v as usize > MAX_TILES {
            break;
        }
        h[i] = v;
        fill_masks(i + 1, len, tiles + v as usize, h, idx, rank, out);
    }
    h[i] = 0;
}
