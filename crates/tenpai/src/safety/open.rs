//! Open (non-riichi) opponents marked tenpai: the weighted count of their concealed
//! hands that are tenpai with a wait that wins *with a yaku*, not furiten, and of
//! those among them that win on a given kind with a yaku.
//!
//! The model (docs/safety.md, "Open opponents marked tenpai"): the concealed tiles
//! (13 less 3 per call) are drawn from the unseen pool as for a riichi hand, the
//! calls fixed; the hand's *shape waits* (kinds `w` with hand + `w` four melds and a
//! pair, no fifth copy counting the calls) must avoid the furiten set, and one of
//! them must give a hand with a yaku. The yaku counted, all exact for a ron:
//! - yakuhai: a triplet or kan of a dragon, the round wind or its seat wind, in the
//!   calls, among the concealed tiles, or made by the winning tile (a shanpon);
//! - tanyao (every tile simple, the calls and the winning tile included) where the
//!   rules count it open;
//! - honitsu and chinitsu (one suit at most, the calls included; an all-honors hand
//!   is a yakuman and counts too);
//! - toitoi (no chi, and hand + `w` reads as triplets and one pair);
//! - sankantsu (three kans among the calls).
//!
//! Those are count properties, read without choosing a decomposition, so a hand's
//! yaku waits follow from its counts: every wait if it has a flush, a yakuhai
//! triplet (calls or concealed) or three kans; otherwise the simple waits of an
//! all-simple hand (tanyao), the waits on a value honor it holds two of, and, for a
//! hand of triplets and a single (or two pairs) without a chi, the single (or the
//! pairs). Left out: chanta and junchan, ittsu, sanshoku (sequences or triplets),
//! sanankou (a hand whose only yaku is one of those counts as having none).
//!
//! How: a dynamic programme over the four groups, like the riichi count, whose state
//! adds the suits used, all-simples, a yakuhai triplet, the toitoi counts (singles,
//! pairs, quads) and, per wait class, whether the waits meet the furiten set, the
//! simples, the value honors held twice, the kinds held once or twice, the asked kind.

use super::parts::{tables, BINOM};
use crate::tile::KINDS;
use std::collections::HashMap;

// Wait-class bits: some wait, one furiten, one simple, one value honor held twice,
// one kind held once or twice, the asked kind.
const N: u8 = 1;
const F: u8 = 2;
const S: u8 = 4;
const V: u8 = 8;
const O: u8 = 16;
const T: u8 = 32;

// Regular-form summary: (kind, pair, class).
const R_Z: u8 = 0;
const R_ONE: u8 = 1;
const R_TWO: u8 = 2;
const R_FIN: u8 = 3;

// Part roles.
const P_MELDS: u8 = 0;
const P_ONE: u8 = 1;
const P_TWO: u8 = 2;

// Toitoi counts: (singles, pairs) so far: (0,0), (1,0), (0,1), (0,2); 4 dead.
const TOI_DEAD: u8 = 4;

fn toi_of(n1: u8, n2: u8, quads: bool) -> u8 {
    match (quads, n1, n2) {
        (false, 0, 0) => 0,
        (false, 1, 0) => 1,
        (false, 0, 1) => 2,
        (false, 0, 2) => 3,
        _ => TOI_DEAD,
    }
}

fn toi_join(a: u8, b: u8) -> u8 {
    const COUNTS: [(u8, u8); 4] = [(0, 0), (1, 0), (0, 1), (0, 2)];
    if a == TOI_DEAD || b == TOI_DEAD {
        return TOI_DEAD;
    }
    let (a1, a2) = COUNTS[usize::from(a)];
    let (b1, b2) = COUNTS[usize::from(b)];
    toi_of(a1 + b1, a2 + b2, false)
}

/// What an open opponent's win depends on besides its concealed tiles.
#[derive(Debug, Clone)]
pub(crate) struct OpenModel {
    /// Unseen copies per kind.
    pub pool: [u8; KINDS],
    /// Concealed tiles: 13 less 3 per call.
    pub concealed: u8,
    /// Copies of each kind in its calls.
    pub called: [u8; KINDS],
    /// Some call is a chi (no toitoi).
    pub chi: bool,
    /// Its calls give a yaku to every win: a value honor's triplet or kan, or three kans.
    pub call_yaku: bool,
    /// Suits in its calls (bit per suit).
    pub call_suits: u8,
    /// Every tile of its calls is simple.
    pub call_simple: bool,
    /// Value honors (bit per honor, 1z = bit 0): dragons, the round wind, its seat wind.
    pub value: u8,
    /// Tanyao counts in an open hand.
    pub open_tanyao: bool,
}

/// A state of the programme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    tiles: u8,
    reg: u8,
    pair: bool,
    cls: u8,
    suits: u8,
    simple: bool,
    yakuhai: bool,
    toi: u8,
    /// Copies of the asked kind in the hand.
    held: u8,
}

/// A group pattern's contribution, patterns alike summed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Piece {
    total: u8,
    role: u8,
    pair: bool,
    cls: u8,
    simple: bool,
    yakuhai: bool,
    toi: u8,
    held: u8,
}

impl OpenModel {
    /// The pieces of group `g` against the furiten set `avoid` and the asked kind.
    fn pieces(&self, g: usize, avoid: u64, asked: Option<usize>) -> Vec<(Piece, u64)> {
        let t = tables();
        let (table, width) = if g == 3 { (&t.honor, 7) } else { (&t.suit, 9) };
        let base = 9 * g;
        let mut out: HashMap<Piece, u64> = HashMap::new();
        for p in &table.parts {
            if p.total > self.concealed {
                break;
            }
            let h = |k: usize| ((p.counts >> (3 * k)) & 7) as u8;
            let mut w = 1u64;
            for k in 0..width {
                w *= BINOM[usize::from(self.pool[base + k])][usize::from(h(k))];
            }
            if w == 0 {
                continue;
            }
            let mut waits = 0u16;
            for k in 0..width {
                if p.waits & (1 << k) != 0 && h(k) + self.called[base + k] < 4 {
                    waits |= 1 << k;
                }
            }
            let role = match p.total % 3 {
                0 if p.melds => P_MELDS,
                1 if waits != 0 => P_ONE,
                2 if p.pair || waits != 0 => P_TWO,
                _ => continue,
            };
            let mut cls = 0u8;
            let (mut n1, mut n2, mut quads, mut yakuhai) = (0u8, 0u8, false, false);
            for k in 0..width {
                let c = h(k);
                match c {
                    1 => n1 += 1,
                    2 => n2 += 1,
                    3 => yakuhai |= g == 3 && self.value & (1 << k) != 0,
                    4 => quads = true,
                    _ => {}
                }
                if waits & (1 << k) == 0 {
                    continue;
                }
                cls |= N;
                if avoid & (1 << (base + k)) != 0 {
                    cls |= F;
                }
                if g < 3 && k != 0 && k != 8 {
                    cls |= S;
                }
                if g == 3 && c == 2 && self.value & (1 << k) != 0 {
                    cls |= V;
                }
                if c == 1 || c == 2 {
                    cls |= O;
                }
                if asked == Some(base + k) {
                    cls |= T;
                }
            }
            let held = match asked {
                Some(a) if a >= base && a < base + width => h(a - base),
                _ => 0,
            };
            let piece = Piece {
                total: p.total,
                role,
                pair: p.pair,
                cls,
                simple: if g == 3 {
                    p.total == 0
                } else {
                    h(0) == 0 && h(8) == 0
                },
                yakuhai,
                toi: toi_of(n1.min(2), n2.min(3), quads),
                held,
            };
            *out.entry(piece).or_insert(0) += w;
        }
        out.into_iter().collect()
    }

    fn step(
        &self,
        g: usize,
        states: &HashMap<State, u128>,
        pieces: &[(Piece, u64)],
    ) -> HashMap<State, u128> {
        let mut next: HashMap<State, u128> = HashMap::new();
        for (s, &v) in states {
            for &(p, w) in pieces {
                let tiles = s.tiles + p.total;
                if tiles > self.concealed {
                    continue;
                }
                let (reg, pair, cls) = match (s.reg, p.role) {
                    (_, P_MELDS) => (s.reg, s.pair, s.cls),
                    (R_Z, P_ONE) => (R_ONE, false, p.cls),
                    (R_Z, P_TWO) => (R_TWO, p.pair, p.cls),
                    (R_TWO, P_TWO) => {
                        let a = if p.pair { s.cls } else { 0 };
                        let b = if s.pair { p.cls } else { 0 };
                        if (a | b) & N == 0 {
                            continue;
                        }
                        (R_FIN, false, a | b)
                    }
                    _ => continue,
                };
                let toi = toi_join(s.toi, p.toi);
                let used = p.total > 0;
                let key = State {
                    tiles,
                    reg,
                    pair,
                    cls,
                    suits: s.suits | if g < 3 && used { 1 << g } else { 0 },
                    simple: s.simple && p.simple,
                    yakuhai: s.yakuhai || p.yakuhai,
                    // Only toitoi-shaped hands use the counts: merge the dead ones.
                    toi,
                    held: s.held.max(p.held),
                };
                *next.entry(key).or_insert(0) += v * u128::from(w);
            }
        }
        next
    }

    /// The final states of the programme against `avoid`, asking about `asked`.
    fn finals(&self, avoid: u64, asked: Option<usize>) -> Vec<(State, u128)> {
        let mut states: HashMap<State, u128> = HashMap::new();
        states.insert(
            State {
                tiles: 0,
                reg: R_Z,
                pair: false,
                cls: 0,
                suits: 0,
                simple: true,
                yakuhai: false,
                toi: 0,
                held: 0,
            },
            1,
        );
        for g in 0..4 {
            let pieces = self.pieces(g, avoid, asked);
            states = self.step(g, &states, &pieces);
        }
        states
            .into_iter()
            .filter(|(s, _)| {
                s.tiles == self.concealed
                    && (s.reg == R_ONE || s.reg == R_FIN)
                    && s.cls & N != 0
                    && s.cls & F == 0
            })
            .collect()
    }

    /// Every wait of a hand in this state has a yaku.
    fn all_yaku(&self, s: &State) -> bool {
        (s.suits | self.call_suits).count_ones() <= 1 || self.call_yaku || s.yakuhai
    }

    fn tanyao(&self, s: &State) -> bool {
        self.open_tanyao && self.call_simple && s.simple
    }

    fn toitoi(&self, s: &State) -> bool {
        !self.chi && (s.toi == 1 || s.toi == 3)
    }

    /// The weight of the hands tenpai with a yaku wait and no wait in `avoid`, and for
    /// each kind of `kinds`, of those that win on it with a yaku.
    pub fn weights(&self, avoid: u64, kinds: &[usize]) -> (u128, Vec<u128>) {
        let total = self
            .finals(avoid, None)
            .iter()
            .filter(|(s, _)| {
                self.all_yaku(s)
                    || (self.tanyao(s) && s.cls & S != 0)
                    || s.cls & V != 0
                    || (self.toitoi(s) && s.cls & O != 0)
            })
            .map(|(_, w)| *w)
            .sum();
        let per = kinds
            .iter()
            .map(|&k| {
                if avoid & (1 << k) != 0 {
                    return 0;
                }
                let simple = k < 27 && k % 9 != 0 && k % 9 != 8;
                let value = k >= 27 && self.value & (1 << (k - 27)) != 0;
                self.finals(avoid, Some(k))
                    .iter()
                    .filter(|(s, _)| {
                        s.cls & T != 0
                            && (self.all_yaku(s)
                                || (self.tanyao(s) && simple)
                                || (value && s.held == 2)
                                || (self.toitoi(s) && (s.held == 1 || s.held == 2)))
                    })
                    .map(|(_, w)| *w)
                    .sum()
            })
            .collect();
        (total, per)
    }
}
