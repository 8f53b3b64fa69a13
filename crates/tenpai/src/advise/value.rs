//! The points a tsumo win brings, with riichi and the exact ura dora expectation.
//!
//! A win is scored by [`crate::score::evaluate`] as `tenpai score` would: tsumo, the
//! round and seat wind, the dora indicators, the rules; riichi when the hand declared
//! it. The value is the total the winner collects (every payment added up; no honba,
//! no riichi sticks, no ippatsu, no haitei). With riichi, one ura indicator per dora
//! indicator is drawn without replacement from the tiles unseen at the moment of the
//! win (the pool less the winning tile), and the value is the exact expectation over
//! those draws: outcomes are grouped by how many ura dora they give, each group is
//! scored once with real indicators that give that many (points are not linear in han,
//! and the best reading may change with the han, so each total is scored in full).

use super::pool::{kind_of, kinds, pack, pool, tile, Counts, Map, TYPES};
use crate::error::Error;
use crate::hand::{Call, Hand};
use crate::rules::Rules;
use crate::score::{evaluate, Situation};
use crate::tile::{Tile, KINDS};

/// Scores complete hands, cached by hand and winning kind.
pub(crate) struct Scorer {
    calls: Vec<Call>,
    situation: Situation,
    rules: Rules,
    outside: Counts,
    /// Copies of each kind in the calls.
    called: [u8; KINDS],
    cache: Map<f64>,
}

/// Marks a complete hand that has no yaku (it cannot win).
const NO_WIN: f64 = -1.0;

impl Scorer {
    /// A scorer for hands with `calls`, under `situation` (tsumo is set here; riichi
    /// says whether wins are riichi wins) and `rules`.
    pub(crate) fn new(
        calls: &[Call],
        mut situation: Situation,
        rules: &Rules,
        outside: Counts,
    ) -> Scorer {
        situation.tsumo = true;
        let mut called = [0u8; KINDS];
        for t in calls.iter().flat_map(|c| c.tiles()) {
            called[t.index()] += 1;
        }
        Scorer {
            calls: calls.to_vec(),
            situation,
            rules: rules.clone(),
            outside,
            called,
            cache: Map::default(),
        }
    }

    /// The expected points of a tsumo win with the concealed tiles `hand` (14 counting
    /// calls as 3, complete), won on a tile of type `win`; `None` when the hand has no
    /// yaku. Any other refusal of the scorer is an error of the search (it would mean
    /// the search built an impossible hand), never a silent "no win".
    pub(crate) fn value(&mut self, hand: &Counts, win: usize) -> Result<Option<f64>, Error> {
        let key = pack(hand) | (kind_of(win) as u128) << 112;
        if let Some(&v) = self.cache.get(&key) {
            return Ok((v >= 0.0).then_some(v));
        }
        let v = self.compute(hand, win)?.unwrap_or(NO_WIN);
        self.cache.insert(key, v);
        Ok((v >= 0.0).then_some(v))
    }

    fn compute(&self, hand: &Counts, win: usize) -> Result<Option<f64>, Error> {
        let mut concealed = Vec::with_capacity(14);
        for (t, &n) in hand.iter().enumerate() {
            for _ in 0..n {
                concealed.push(tile(t));
            }
        }
        let h = Hand::new(concealed, self.calls.clone())?;
        let win_tile = Tile::new(kind_of(win) as u8);
        let s = &self.situation;
        if !s.riichi || s.dora.is_empty() {
            return no_yaku_is_none(evaluate(&h, win_tile, s, &self.rules))
                .map(|e| e.map(|e| e.pay.total as f64));
        }
        // Ura: class of an indicator kind = copies of its dora kind in the hand.
        let mut all = kinds(hand);
        for (a, c) in all.iter_mut().zip(self.called) {
            *a += c;
        }
        // Each class keeps its copies as real tiles: the j-th indicator drawn from a
        // class is its j-th copy, so the indicators of an outcome are distinct
        // copies of the pool (one witness per class could ask for more copies of a
        // kind than the set holds: a fifth tile, which the scorer rejects).
        let left = pool(hand, &self.outside);
        let mut class_count = [0u32; 5];
        let mut witness: [Vec<Tile>; 5] = Default::default();
        for (t, &n) in left.iter().enumerate().take(TYPES) {
            if n == 0 {
                continue;
            }
            let ind = Tile::new(kind_of(t) as u8);
            let class = all[ind.dora_from_indicator().index()] as usize;
            class_count[class] += n as u32;
            for _ in 0..n {
                witness[class].push(tile(t));
            }
        }
        // Distribution of the ura total over draws without replacement, with one
        // list of indicators giving each total.
        let draws = s.dora.len();
        let total: u32 = class_count.iter().sum();
        let mut outcomes: Vec<(f64, Vec<Tile>)> = Vec::new();
        enumerate(
            &mut class_count,
            total,
            draws,
            1.0,
            &witness,
            &mut Vec::new(),
            &mut outcomes,
        );
        // Merge by ura total: the score depends on the total only.
        let mut by_total: Vec<(u32, f64, Vec<Tile>)> = Vec::new();
        for (p, inds) in outcomes {
            let u: u32 = inds
                .iter()
                .map(|i| all[i.dora_from_indicator().index()] as u32)
                .sum();
            match by_total.iter_mut().find(|(x, _, _)| *x == u) {
                Some(e) => e.1 += p,
                None => by_total.push((u, p, inds)),
            }
        }
        let mut sit = s.clone();
        let mut ev = 0.0;
        for (_, p, inds) in by_total {
            sit.ura = inds;
            let Some(e) = no_yaku_is_none(evaluate(&h, win_tile, &sit, &self.rules))? else {
                return Ok(None);
            };
            ev += p * e.pay.total as f64;
        }
        Ok(Some(ev))
    }
}

/// A scorer answer with "no yaku" (the hand cannot win) as `None`; every other
/// refusal stays an error.
fn no_yaku_is_none<T>(r: Result<T, Error>) -> Result<Option<T>, Error> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(Error::NoYaku | Error::NoYakuOnlyDora) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Every sequence of indicator classes drawn without replacement (`left` draws), with
/// its probability and a witness indicator per draw: the next unused copy of its class
/// (`witness[c]` holds the class's copies, `count[c]` of them still undrawn). Stops
/// early when the pool is empty.
fn enumerate(
    count: &mut [u32; 5],
    total: u32,
    left: usize,
    p: f64,
    witness: &[Vec<Tile>; 5],
    path: &mut Vec<Tile>,
    out: &mut Vec<(f64, Vec<Tile>)>,
) {
    if left == 0 || total == 0 {
        out.push((p, path.clone()));
        return;
    }
    for class in 0..5 {
        if count[class] == 0 {
            continue;
        }
        let used = witness[class].len() - count[class] as usize;
        let Some(&w) = witness[class].get(used) else {
            continue;
        };
        let q = p * count[class] as f64 / total as f64;
        count[class] -= 1;
        path.push(w);
        enumerate(count, total - 1, left - 1, q, witness, path, out);
        path.pop();
        count[class] += 1;
    }
}
