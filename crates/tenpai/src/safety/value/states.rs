//! The value pass's programme over groups: states by (tiles, pairs, all simples,
//! suits used, honors used), each with its weights by han, combined group by group.

use super::{Poly, BINS};

/// A state of the programme over groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Key {
    /// Tiles of the completed hand so far.
    pub(super) tiles: u8,
    /// Regular form: pairs so far (0 or 1). Seven pairs: whether the groups so far
    /// also make a regular hand with 0 or 1 pair (0, 1), or not (2).
    pub(super) aux: u8,
    /// Only simples so far.
    pub(super) simple: bool,
    /// The number of suits used, 2 for two or more (each group but the honors is
    /// one suit; a suit of a closed kan counts once).
    pub(super) suits: u8,
    /// Honors used.
    pub(super) honors: bool,
}

/// Slots of the programme's states: tiles (0-14), aux (3), simple, suits (3), honors.
pub(super) const SLOTS: usize = 15 * 3 * 2 * 3 * 2;

impl Key {
    pub(super) fn index(self) -> usize {
        ((((usize::from(self.tiles) * 3 + usize::from(self.aux)) * 2 + usize::from(self.simple))
            * 3
            + usize::from(self.suits.min(2)))
            * 2)
            + usize::from(self.honors)
    }
}

/// The programme's states: those in use, and where each slot's is (`u16::MAX`: none).
#[derive(Clone)]
pub(super) struct States {
    polys: Vec<(Key, Poly)>,
    at: Vec<u16>,
}

impl States {
    pub(super) fn new() -> States {
        States {
            polys: Vec::new(),
            at: vec![u16::MAX; SLOTS],
        }
    }

    pub(super) fn slot(&mut self, k: Key) -> &mut Poly {
        let i = k.index();
        if self.at[i] == u16::MAX {
            self.at[i] = self.polys.len() as u16;
            self.polys.push((k, [0; BINS]));
        }
        &mut self.polys[usize::from(self.at[i])].1
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (Key, &Poly)> + '_ {
        self.polys.iter().map(|(k, p)| (*k, p))
    }
}

/// Which form a programme counts.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Form {
    /// The regular form (melds and a pair).
    Regular,
    /// Seven pairs.
    SevenPairs,
}

pub(super) fn aux_join(form: Form, a: u8, b: u8) -> Option<u8> {
    match form {
        Form::Regular => (a + b <= 1).then_some(a + b),
        // (Two groups that each hold a regular pair make no regular hand: 2.)
        Form::SevenPairs => Some((a + b).min(2)),
    }
}

pub(super) fn add_shifted(dst: &mut Poly, src: &Poly, by: usize) {
    for (i, &v) in src.iter().enumerate() {
        if v != 0 {
            dst[(i + by).min(BINS - 1)] += v;
        }
    }
}

/// One past the last non-zero bin.
pub(super) fn degree(p: &Poly) -> usize {
    p.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1)
}

/// `dst += a * b * x^by` for polynomials of the given degrees (bins past 13 fold
/// into 13).
pub(super) fn conv_into(dst: &mut Poly, a: &Poly, da: usize, b: &Poly, db: usize, by: usize) {
    for (i, &x) in a.iter().enumerate().take(da) {
        if x == 0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate().take(db) {
            if y != 0 {
                dst[(i + j + by).min(BINS - 1)] += x * y;
            }
        }
    }
}

/// The states with their polynomials' degrees.
pub(super) fn with_degrees(s: &States) -> Vec<(Key, &Poly, usize)> {
    s.iter().map(|(k, p)| (k, p, degree(p))).collect()
}

pub(super) fn combine(form: Form, a: &States, b: &States, max_tiles: u8) -> States {
    let mut out = States::new();
    let bs = with_degrees(b);
    for (ka, pa, da) in with_degrees(a) {
        for &(kb, pb, db) in &bs {
            let tiles = ka.tiles + kb.tiles;
            if tiles > max_tiles {
                continue;
            }
            let Some(aux) = aux_join(form, ka.aux, kb.aux) else {
                continue;
            };
            let k = Key {
                tiles,
                aux,
                simple: ka.simple && kb.simple,
                suits: (ka.suits + kb.suits).min(2),
                honors: ka.honors || kb.honors,
            };
            conv_into(out.slot(k), pa, da, pb, db, 0);
        }
    }
    out
}

pub(super) fn unit() -> States {
    let mut s = States::new();
    s.slot(Key {
        tiles: 0,
        aux: 0,
        simple: true,
        suits: 0,
        honors: false,
    })[0] = 1;
    s
}
