//! The reference for `advise`: the model written as plainly as possible (expectimax
//! over every draw and every discard, the level checked literally on every kept hand,
//! no memo, no pruning), and the check of an answer against it.
#![allow(clippy::needless_range_loop)]

use proptest::prelude::*;
use tenpai::advise::{advise, AdviseOptions, RiichiPolicy};
use tenpai::rules::Rules;
use tenpai::score::{score, Situation};
use tenpai::shanten::shanten;
use tenpai::{Call, Hand, Tile};

// ---------------------------------------------------------------------------------
// The reference: the model written as plainly as possible.
// ---------------------------------------------------------------------------------

/// Tile types: 0..33 the kinds (plain fives), 34..36 the red fives.
pub(crate) const TYPES: usize = 37;

pub(crate) fn kind(t: usize) -> usize {
    match t {
        34 => 4,
        35 => 13,
        36 => 22,
        _ => t,
    }
}

pub(crate) fn red(k: usize) -> Option<usize> {
    match k {
        4 => Some(34),
        13 => Some(35),
        22 => Some(36),
        _ => None,
    }
}

pub(crate) fn count(tiles: impl IntoIterator<Item = Tile>) -> [u8; TYPES] {
    let mut c = [0u8; TYPES];
    for t in tiles {
        c[t.id() as usize] += 1;
    }
    c
}

pub(crate) struct Reference {
    calls: Vec<Call>,
    /// Copies of each type in the calls, the visible tiles and the dora indicators.
    outside: [u8; TYPES],
    closed: bool,
    auto: bool,
    /// The reference hand R by kind (the concealed tiles given).
    reference: [u8; 34],
    /// The level L = s0 + K.
    pub(crate) level: i8,
    situation: Situation,
    rules: Rules,
}

impl Reference {
    /// The reference of `hand` with `changes` changes (the budget the answer used).
    pub(crate) fn new(hand: &Hand, o: &AdviseOptions, changes: u32) -> Reference {
        let mut outside = count(hand.calls().iter().flat_map(|c| c.tiles().iter().copied()));
        for t in o.visible.iter().chain(&o.dora) {
            outside[t.id() as usize] += 1;
        }
        let closed = hand.is_closed();
        let auto = o.riichi == RiichiPolicy::Auto && closed;
        let mut reference = [0u8; 34];
        for t in hand.concealed() {
            reference[t.index()] += 1;
        }
        // s0: the shanten of the hand given; of a drawn hand, its best discard's.
        let s0 = if hand.is_drawn() {
            hand.concealed()
                .iter()
                .map(|&t| shanten(&hand.without_tile(t).unwrap()).value())
                .min()
                .unwrap()
        } else {
            shanten(hand).value()
        };
        Reference {
            calls: hand.calls().to_vec(),
            outside,
            closed,
            auto,
            reference,
            level: s0 + changes as i8,
            situation: Situation {
                tsumo: true,
                riichi: auto,
                round_wind: o.round_wind,
                seat_wind: o.seat_wind,
                dora: o.dora.clone(),
                ..Situation::default()
            },
            rules: o.rules.clone(),
        }
    }

    fn hand(&self, c: &[u8; TYPES]) -> Hand {
        let mut tiles = Vec::new();
        for t in 0..TYPES {
            for _ in 0..c[t] {
                tiles.push(Tile::from_id(t as u8).unwrap());
            }
        }
        Hand::new(tiles, self.calls.clone()).expect("a valid hand")
    }

    pub(crate) fn shanten(&self, c: &[u8; TYPES]) -> i8 {
        shanten(&self.hand(c)).value()
    }

    /// new(g): the tiles of `g` the reference does not hold, per kind.
    fn new_tiles(&self, c: &[u8; TYPES]) -> i8 {
        let mut k = [0u8; 34];
        for t in 0..TYPES {
            k[kind(t)] += c[t];
        }
        (0..34)
            .map(|i| k[i].saturating_sub(self.reference[i]) as i8)
            .sum()
    }

    /// The pool as the model defines it: per kind, four less everything held or seen;
    /// the red five is among them when it is neither held nor seen.
    fn pool(&self, h: &[u8; TYPES]) -> [u8; TYPES] {
        let mut p = [0u8; TYPES];
        for k in 0..34 {
            let mut gone = h[k] + self.outside[k];
            let mut red_gone = 0;
            if let Some(r) = red(k) {
                red_gone = h[r] + self.outside[r];
                gone += red_gone;
            }
            let left = 4 - gone;
            match red(k) {
                Some(r) if red_gone == 0 && left > 0 => {
                    p[r] = 1;
                    p[k] = left - 1;
                }
                _ => p[k] = left,
            }
        }
        p
    }

    /// Points of a tsumo win, with the ura expectation over every ordered draw of
    /// indicators from the tiles unseen at the win (real tiles, no grouping).
    pub(crate) fn points(&self, h14: &[u8; TYPES], win: usize) -> Option<f64> {
        let hand = self.hand(h14);
        let w = Tile::new(kind(win) as u8);
        let base = score(&hand, w, &self.situation, &self.rules).ok()?;
        if !self.situation.riichi || self.situation.dora.is_empty() {
            return Some(base.points as f64);
        }
        let mut left = self.pool(h14);
        let mut total = 0.0;
        self.ura(
            &hand,
            w,
            &mut left,
            self.situation.dora.len(),
            1.0,
            &mut Vec::new(),
            &mut total,
        );
        Some(total)
    }

    #[allow(clippy::too_many_arguments)]
    fn ura(
        &self,
        hand: &Hand,
        w: Tile,
        left: &mut [u8; TYPES],
        draws: usize,
        p: f64,
        inds: &mut Vec<Tile>,
        total: &mut f64,
    ) {
        let size: u32 = left.iter().map(|&x| x as u32).sum();
        if draws == 0 || size == 0 {
            let mut s = self.situation.clone();
            s.ura = inds.clone();
            let r = score(hand, w, &s, &self.rules).expect("scores with ura");
            *total += p * r.points as f64;
            return;
        }
        for t in 0..TYPES {
            if left[t] == 0 {
                continue;
            }
            let q = p * left[t] as f64 / size as f64;
            left[t] -= 1;
            inds.push(Tile::from_id(t as u8).unwrap());
            self.ura(hand, w, left, draws - 1, q, inds, total);
            inds.pop();
            left[t] += 1;
        }
    }

    /// [tenpai, win, ev] of the 13-tile hand `h` with `n` draws at level `level`:
    /// after a draw, win, give the drawn tile back, or keep any 13 tiles `g` with
    /// `new(g) + shanten(g) <= level`.
    pub(crate) fn value(&self, h: &[u8; TYPES], level: i8, n: usize) -> [f64; 3] {
        let s = self.shanten(h);
        let tenpai = if s == 0 { 1.0 } else { 0.0 };
        if n == 0 {
            return [tenpai, 0.0, 0.0];
        }
        let pool = self.pool(h);
        let size: u32 = pool.iter().map(|&x| x as u32).sum();
        if size == 0 {
            return [tenpai, 0.0, 0.0];
        }
        let locked = self.auto && self.closed && s == 0;
        let mut acc = [0.0; 3];
        for t in 0..TYPES {
            if pool[t] == 0 {
                continue;
            }
            let mut h14 = *h;
            h14[t] += 1;
            let mut best = [0.0f64; 3];
            if self.shanten(&h14) == -1 {
                if let Some(points) = self.points(&h14, t) {
                    best[1] = 1.0;
                    best[2] = points;
                }
            }
            for d in 0..TYPES {
                if h14[d] == 0 || (locked && d != t) {
                    continue;
                }
                let mut after = h14;
                after[d] -= 1;
                if d != t && self.new_tiles(&after) + self.shanten(&after) > level {
                    continue;
                }
                let v = self.value(&after, level, n - 1);
                for i in 0..3 {
                    best[i] = best[i].max(v[i]);
                }
            }
            for i in 0..3 {
                acc[i] += pool[t] as f64 * best[i];
            }
        }
        let size = size as f64;
        [
            if s == 0 { 1.0 } else { acc[0] / size },
            acc[1] / size,
            acc[2] / size,
        ]
    }
}

/// Every copy not in `hand` of every kind but those in `live` (mpsz, plain): the
/// visible tiles that leave only the `live` kinds in the pool.
pub(crate) fn seen_but(hand: &Hand, live: &[&str]) -> Vec<Tile> {
    let have = count(hand.all_tiles());
    let mut visible = Vec::new();
    for k in 0..34u8 {
        let t = Tile::new(k);
        if live.contains(&t.to_string().as_str()) {
            continue;
        }
        let held = have[k as usize] + red(k as usize).map_or(0, |r| have[r]);
        for _ in held..4 {
            visible.push(t);
        }
    }
    visible
}

/// [`seen_but`] less one copy of each of `indicators`: with those dora indicators
/// out, the visible tiles that leave only the `live` kinds in the pool.
pub(crate) fn seen_but_indicators(hand: &Hand, live: &[&str], indicators: &[Tile]) -> Vec<Tile> {
    let mut visible = seen_but(hand, live);
    for d in indicators {
        let i = visible
            .iter()
            .position(|v| v == d)
            .unwrap_or_else(|| panic!("{d} is live or held"));
        visible.remove(i);
    }
    visible
}

pub(crate) fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

/// Every value of `advise` (every discard, every draw count) equals the reference.
pub(crate) fn check_against_reference(hand: &Hand, o: &AdviseOptions) -> Result<(), TestCaseError> {
    let a = advise(hand, o).map_err(|e| TestCaseError::fail(format!("{hand}: {e}")))?;
    prop_assert_eq!(
        a.changes,
        o.changes,
        "small cases fit with the budget asked"
    );
    let r = Reference::new(hand, o, o.changes);
    let conc = count(hand.concealed().iter().copied());
    // (13-tile hand, values, curve, what it is)
    type Case = ([u8; TYPES], i8, [f64; 3], Vec<[f64; 3]>, String);
    let mut cases: Vec<Case> = Vec::new();
    let curve = |pd: &tenpai::advise::PerDraw| -> Vec<[f64; 3]> {
        (0..pd.win.len())
            .map(|i| [pd.tenpai[i], pd.win[i], pd.ev[i]])
            .collect()
    };
    if let Some(v) = &a.value {
        cases.push((
            conc,
            r.level,
            [v.tenpai, v.win, v.ev],
            curve(&v.per_draw),
            "as it stands".into(),
        ));
    }
    for d in &a.discards {
        let mut h = conc;
        h[d.discard.id() as usize] -= 1;
        // A discard over the level is valued at its own shanten (new = 0 there).
        let level = r.level.max(r.shanten(&h));
        prop_assert_eq!(
            d.changes as i8,
            level - (r.level - o.changes as i8),
            "{} discard {}: changes",
            hand,
            d.discard
        );
        cases.push((
            h,
            level,
            [d.tenpai, d.win, d.ev],
            curve(&d.per_draw),
            format!("discard {}", d.discard),
        ));
    }
    let distinct = conc.iter().filter(|&&x| x > 0).count();
    prop_assert_eq!(a.discards.len(), if hand.is_drawn() { distinct } else { 0 });
    for (h, level, top, curve, what) in cases {
        let want = r.value(&h, level, o.draws as usize);
        for i in 0..3 {
            prop_assert!(
                close(top[i], want[i]),
                "{} {:?}: {} value {} = {}, reference {}",
                hand,
                o.riichi,
                what,
                i,
                top[i],
                want[i]
            );
        }
        // Every point of the curve (fewer draws).
        for (m, got) in curve.iter().enumerate().take(o.draws as usize - 1) {
            let want = r.value(&h, level, m + 1);
            for i in 0..3 {
                prop_assert!(
                    close(got[i], want[i]),
                    "{} {}: {} draws, value {} = {}, reference {}",
                    hand,
                    what,
                    m + 1,
                    i,
                    got[i],
                    want[i]
                );
            }
        }
    }
    Ok(())
}
