//! How the groups' distances combine into the hand's: the group layout, the min-plus
//! products of distance vectors (lanes and narrow), and the lanes that complete each other.

use crate::suit_table::{Lanes, Narrow, ALL_INF, INF, VALID_LANES};

/// First kind and length of group `g` (0 man, 1 pin, 2 sou, 3 honors).
pub(super) const fn group_span(g: usize) -> (usize, usize) {
    if g < 3 {
        (9 * g, 9)
    } else {
        (27, 7)
    }
}

/// `comp[j]`: the lane (`5p + m`) that completes lane `j` to one pair and `melds` melds,
/// `usize::MAX` when lane `j` holds more melds than that.
pub(super) const fn complements(melds: usize) -> [usize; 10] {
    let mut comp = [usize::MAX; 10];
    let mut j = 0;
    while j < 10 {
        let (p, m) = (j / 5, j % 5);
        if m <= melds {
            comp[j] = (1 - p) * 5 + melds - m;
        }
        j += 1;
    }
    comp
}

/// For each group, the other three.
pub(super) const OTHERS: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];
/// For each group, per other group (in [`OTHERS`] order) the slot of the product of
/// the remaining two (slot order 01, 02, 03, 12, 13, 23).
pub(super) const SLOTS: [[usize; 3]; 4] = [[5, 4, 3], [5, 2, 1], [4, 2, 0], [3, 1, 0]];

/// Distances of a group with no tiles (any group): three per meld, two for the pair.
#[cfg(test)]
pub(super) const EMPTY_GROUP: Narrow = [0, 3, 6, 9, 12, 2, 5, 8, 11, 14];

/// `c = min(c, b shifted up by S lanes + a[S])`, lane-wise; `pad` is `[INF; 16]`
/// followed by `b`, so the shifted `b` is a window of it (compiled to a byte shift).
#[inline(always)]
pub(super) fn conv_step<const S: usize>(c: &mut Lanes, a: &Lanes, pad: &[u8; 32]) {
    let mut sb = [0u8; 16];
    sb.copy_from_slice(&pad[16 - S..32 - S]);
    let av = a[S];
    for i in 0..16 {
        c[i] = c[i].min(sb[i].saturating_add(av));
    }
}

/// Min-plus product of two lane vectors: the best split of melds and pair.
#[inline(always)]
pub(crate) fn conv(a: &Lanes, b: &Lanes) -> Lanes {
    let mut c = [u8::MAX; 16];
    let mut pad = [INF; 32];
    pad[16..].copy_from_slice(b);
    let b = &pad;
    conv_step::<0>(&mut c, a, b);
    conv_step::<1>(&mut c, a, b);
    conv_step::<2>(&mut c, a, b);
    conv_step::<3>(&mut c, a, b);
    conv_step::<4>(&mut c, a, b);
    conv_step::<8>(&mut c, a, b);
    conv_step::<9>(&mut c, a, b);
    conv_step::<10>(&mut c, a, b);
    conv_step::<11>(&mut c, a, b);
    conv_step::<12>(&mut c, a, b);
    // Lanes past four melds are not targets: make them impossible again.
    const GARBAGE: Lanes = [0, 0, 0, 0, 0, INF, INF, INF, 0, 0, 0, 0, 0, INF, INF, INF];
    for i in 0..16 {
        c[i] = c[i].min(INF).max(GARBAGE[i]);
    }
    c
}

/// `c = min(c, conv(a, b))` lane-wise, for a `c` whose lanes are at most [`INF`] and
/// whose unused lanes are [`INF`] (as [`conv`] leaves them): the same clamping.
#[inline(always)]
pub(super) fn conv_min(c: &mut Lanes, a: &Lanes, b: &Lanes) {
    let mut pad = [INF; 32];
    pad[16..].copy_from_slice(b);
    let b = &pad;
    conv_step::<0>(c, a, b);
    conv_step::<1>(c, a, b);
    conv_step::<2>(c, a, b);
    conv_step::<3>(c, a, b);
    conv_step::<4>(c, a, b);
    conv_step::<8>(c, a, b);
    conv_step::<9>(c, a, b);
    conv_step::<10>(c, a, b);
    conv_step::<11>(c, a, b);
    conv_step::<12>(c, a, b);
    const GARBAGE: Lanes = [0, 0, 0, 0, 0, INF, INF, INF, 0, 0, 0, 0, 0, INF, INF, INF];
    for i in 0..16 {
        c[i] = c[i].min(INF).max(GARBAGE[i]);
    }
}

/// The best total for `target` lane from two partial products.
#[inline(always)]
pub(super) fn final_min(a: &Lanes, b: &Lanes, target: usize) -> u8 {
    let mut best = u8::MAX;
    for &l in VALID_LANES.iter() {
        if l <= target {
            best = best.min(a[l].saturating_add(b[target - l]));
        }
    }
    best
}

/// The regular distance (shanten + 1) from the four group vectors.
#[inline(always)]
pub(super) fn regular_distance(g: &[Narrow; 4], melds: usize) -> u8 {
    let ab = conv_narrow(&g[0], &g[1]);
    let cd = conv_narrow(&g[2], &g[3]);
    let mut best = u8::MAX;
    for j in 0..=melds {
        best = best
            .min(ab[j] + cd[5 + melds - j])
            .min(ab[5 + j] + cd[melds - j]);
    }
    best
}

/// The ten target lanes of a lane vector.
#[inline(always)]
pub(super) fn narrow(l: &Lanes) -> Narrow {
    [
        l[0], l[1], l[2], l[3], l[4], l[8], l[9], l[10], l[11], l[12],
    ]
}

/// Min-plus product on narrow vectors (values stay at most `2 * INF`).
#[inline(always)]
pub(super) fn conv_narrow(a: &Narrow, b: &Narrow) -> Narrow {
    let mut c = [0u8; 10];
    for m in 0..5 {
        let mut p0 = u8::MAX;
        let mut p1 = u8::MAX;
        for j in 0..=m {
            p0 = p0.min(a[j] + b[m - j]);
            p1 = p1.min(a[j] + b[5 + m - j]).min(a[5 + j] + b[m - j]);
        }
        c[m] = p0.min(INF);
        c[5 + m] = p1.min(INF);
    }
    c
}

/// [`conv_narrow`] for vectors of groups without caps: every lane finite and lane 0
/// (no meld, no pair) zero, so the terms with it need no addition and nothing needs
/// clamping (a hand's distances stay below 64).
#[inline(always)]
#[cfg(test)]
pub(super) fn conv_closed(a: &Narrow, b: &Narrow) -> Narrow {
    let mut c = [0u8; 10];
    for m in 1..5 {
        let mut p0 = a[m].min(b[m]);
        for j in 1..m {
            p0 = p0.min(a[j] + b[m - j]);
        }
        c[m] = p0;
    }
    for m in 0..5 {
        let mut p1 = a[5 + m].min(b[5 + m]);
        for j in 1..=m {
            p1 = p1.min(a[j] + b[5 + m - j]);
        }
        for j in 0..m {
            p1 = p1.min(a[5 + j] + b[m - j]);
        }
        c[5 + m] = p1;
    }
    c
}

/// [`conv_closed`] with a group that has no tiles ([`EMPTY_GROUP`]: three per meld,
/// two for the pair): a running minimum instead of every split.
#[inline(always)]
#[cfg(test)]
pub(super) fn conv_empty(a: &Narrow) -> Narrow {
    let mut c = [0u8; 10];
    let mut r0 = a[0];
    let mut r1 = a[5];
    c[0] = r0;
    c[5] = r1.min(r0 + 2);
    for m in 1..5 {
        r0 = (r0 + 3).min(a[m]);
        r1 = (r1 + 3).min(a[5 + m]);
        c[m] = r0;
        c[5 + m] = r1.min(r0 + 2);
    }
    c
}

/// A narrow vector in 16 lanes (`8p + m`, unused lanes [`INF`]).
#[inline(always)]
pub(super) fn widen(n: &Narrow) -> Lanes {
    let mut l = ALL_INF;
    l[..5].copy_from_slice(&n[..5]);
    l[8..13].copy_from_slice(&n[5..]);
    l
}
