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
//! - the yaku read from the hand's melds (module `deco`): ittsu, sanshoku, sanshoku
//!   doukou, chanta and junchan (honroutou), sanankou (the ron tile's triplet open);
//! - the open yakuman, through the yaku each implies (daisangen and daisuushii a
//!   yakuhai triplet, shousuushii, tsuuiisou and ryuuiisou a flush, chinroutou
//!   toitoi, suukantsu sankantsu). Not modelled: the situational yaku (haitei,
//!   houtei, rinshan, chankan).
//!
//! The first ones are count properties, read without choosing a decomposition, so a
//! hand's yaku waits follow from its counts: every wait if it has a flush, a yakuhai
//! triplet (calls or concealed) or three kans; otherwise the simple waits of an
//! all-simple hand (tanyao), the waits on a value honor it holds two of, and, for a
//! hand of triplets and a single (or two pairs) without a chi, the single (or the
//! pairs). The reading yaku exist in some reading of the hand exactly when every
//! group has a reading doing its part, so each group's readings are summarised
//! ([`deco::Feat`]) and the programme joins the summaries ([`Y`]).
//!
//! The expected loss (module `value`): per asked kind, the same programme with the
//! readings that no other beats in place of the yaku flags, dora and red fives, and
//! the count yaku's han; each final state is one han count, paid at 30 fu.
//!
//! How: a dynamic programme over the four groups, like the riichi count, whose state
//! adds the suits used, all-simples, a yakuhai triplet, the toitoi counts (singles,
//! pairs, quads), per wait class, whether the waits meet the furiten set, the
//! simples, the value honors held twice, the kinds held once or twice, the asked kind;
//! and the readings so far: with the waiting group's readings over its waits (any
//! wait: the union; an asked kind: its own), and while a group of count 2 modulo 3
//! may be the waiting one or the pair, both.

mod deco;
mod reads;
mod value;

pub(crate) use value::OpenValue;

use super::parts::{tables, BINOM};
use crate::tile::KINDS;
use deco::{feats, Feat};

/// A hash map with a small fast hash (the keys are small states, not user input).
type HashMap<K, V> = crate::hash::FastMap<K, V>;

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
    /// Per suit: the run starts of its chis (bit per kind 0-6).
    pub call_runs: [u8; 3],
    /// Per suit: the kinds of its pons and kans (bit per kind).
    pub call_trips: [u16; 3],
    /// Every call holds a terminal or an honor.
    pub call_out: bool,
    /// Closed kans among the calls (concealed triplets for sanankou).
    pub closed_kans: u8,
}

/// What the readings of the groups so far give the yaku that depend on the reading
/// (module `deco`): ittsu already made, all outside so far, the run starts and the
/// triplet kinds common to the suits so far, concealed triplets (at most 3 kept).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Y {
    it: bool,
    out: bool,
    runs: u8,
    trips: u16,
    ct: u8,
}

/// No reading (a role the group does not play): joined with anything, still none.
const NONE: Y = Y {
    it: false,
    out: false,
    runs: 0,
    trips: 0,
    ct: u8::MAX,
};

/// Some reading has a yaku whatever the rest: one value for all such.
const CERTAIN: Y = Y {
    it: true,
    out: false,
    runs: 0,
    trips: 0,
    ct: 0,
};

impl Y {
    /// One reading of the groups so far with one of the next group.
    fn join(self, o: Y) -> Y {
        if self == NONE || o == NONE {
            return NONE;
        }
        Y {
            it: self.it || o.it,
            out: self.out && o.out,
            runs: self.runs & o.runs,
            trips: self.trips & o.trips,
            ct: (self.ct + o.ct).min(3),
        }
        .norm(false)
    }

    /// A reading of one or the other.
    fn or(self, o: Y) -> Y {
        if self == NONE || o == NONE {
            return if self == NONE { o } else { self };
        }
        Y {
            it: self.it || o.it,
            out: self.out || o.out,
            runs: self.runs | o.runs,
            trips: self.trips | o.trips,
            ct: self.ct.max(o.ct),
        }
        .norm(false)
    }

    /// The same, in one form per outcome (`suits`: the three suits are read).
    fn norm(self, suits: bool) -> Y {
        if self == NONE {
            NONE
        } else if self.it || self.ct >= 3 || (suits && (self.runs != 0 || self.trips != 0)) {
            // (After the three suits, a run or a triplet common to them is sanshoku or
            // sanshoku doukou: certain. Otherwise none is left to read.)
            CERTAIN
        } else {
            self
        }
    }

    /// A reading of the whole hand has one of these yaku (read after every group: the
    /// suits' runs and triplets have become [`CERTAIN`] or gone, see [`Y::norm`]).
    fn yaku(self) -> bool {
        self != NONE && self.it || self.out || self.ct >= 3
    }
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
    /// The readings so far (with the pending pattern of count 2 as the waiting one).
    yw: Y,
    /// With the pending pattern of count 2 as the pair (only while one is pending).
    yc: Y,
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
    /// The readings of the pattern completed by a wait (the union over its waits,
    /// or the asked kind's).
    yw: Y,
    /// The readings of the pattern as a complete group.
    yc: Y,
}

impl OpenModel {
    /// A group's features as the programme reads them.
    fn y_of(&self, g: usize, f: Feat) -> Y {
        if g == 3 {
            return Y {
                it: false,
                out: f.out,
                runs: 0x7f,
                trips: 0x1ff,
                ct: f.ct,
            };
        }
        let r = self.call_runs[g];
        let have = (r & 1) | ((r >> 3) & 1) << 1 | ((r >> 6) & 1) << 2;
        Y {
            it: (f.ittsu >> (7 & !have)) & 1 != 0,
            out: f.out,
            runs: f.runs | r,
            trips: f.trips | self.call_trips[g],
            ct: f.ct,
        }
    }

    /// The pieces of group `g` against the furiten set `avoid` and the asked kind.
    fn pieces(&self, g: usize, avoid: u64, asked: Option<usize>) -> Vec<(Piece, u64)> {
        let t = tables();
        let (table, width) = if g == 3 { (&t.honor, 7) } else { (&t.suit, 9) };
        let base = 9 * g;
        let fs = if g == 3 { &feats().1 } else { &feats().0 };
        let mut out: HashMap<Piece, u64> = HashMap::default();
        for (i, p) in table.parts.iter().enumerate() {
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
            // The readings: completed by the asked kind (if it is this group's and a
            // wait), by any wait (nothing asked), or as a complete group.
            let first = fs.first[i] as usize;
            let wait_feat =
                |k: usize| fs.waits[first + (p.waits & ((1 << k) - 1)).count_ones() as usize];
            let wf = match asked {
                Some(a) if a >= base && a < base + width => {
                    (waits & (1 << (a - base)) != 0).then(|| wait_feat(a - base))
                }
                Some(_) => None,
                None => (0..width)
                    .filter(|&k| waits & (1 << k) != 0)
                    .map(wait_feat)
                    .reduce(Feat::or),
            };
            let yw = match (role, wf) {
                (P_ONE | P_TWO, Some(f)) => self.y_of(g, f),
                _ => NONE,
            };
            let yc = if role == P_MELDS || (role == P_TWO && p.pair) {
                self.y_of(g, fs.complete[i])
            } else {
                NONE
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
                yw,
                yc,
            };
            *out.entry(piece).or_insert(0) += w;
        }
        // In order of tile count (the programme takes the counts that fit).
        let mut v: Vec<(Piece, u64)> = out.into_iter().collect();
        v.sort_unstable_by_key(|(p, _)| p.total);
        v
    }

    fn step(
        &self,
        g: usize,
        states: &HashMap<State, u128>,
        pieces: &[(Piece, u64)],
        mask: u8,
    ) -> HashMap<State, u128> {
        let mut next: HashMap<State, u128> = HashMap::default();
        let suits = g == 2;
        // `upto[t]`: the pieces of fewer than `t` tiles (they come in order of count).
        let upto: [usize; 16] =
            std::array::from_fn(|t| pieces.partition_point(|(p, _)| usize::from(p.total) < t));
        let last = g == 3;
        for (s, &v) in states {
            // The last group must bring the hand to its count, earlier ones may not pass it.
            let left = usize::from(self.concealed - s.tiles);
            let from = if last { upto[left] } else { 0 };
            for &(p, w) in &pieces[from..upto[left + 1]] {
                let tiles = s.tiles + p.total;
                let (reg, pair, cls, yw, yc) = match (s.reg, p.role) {
                    (R_TWO, P_MELDS) => (s.reg, s.pair, s.cls, s.yw.join(p.yc), s.yc.join(p.yc)),
                    (_, P_MELDS) => (s.reg, s.pair, s.cls, s.yw.join(p.yc), NONE),
                    (R_Z, P_ONE) => (R_ONE, false, p.cls, s.yw.join(p.yw), NONE),
                    (R_Z, P_TWO) => (R_TWO, p.pair, p.cls, s.yw.join(p.yw), s.yw.join(p.yc)),
                    (R_TWO, P_TWO) => {
                        let a = if p.pair { s.cls } else { 0 };
                        let b = if s.pair { p.cls } else { 0 };
                        if (a | b) & N == 0 {
                            continue;
                        }
                        // The earlier pattern waiting and this one the pair, or the
                        // other way round: a reading of either.
                        let y1 = (a & mask != 0).then(|| s.yw.join(p.yc));
                        let y2 = (b & mask != 0).then(|| s.yc.join(p.yw));
                        let y = match (y1, y2) {
                            (Some(x), Some(y)) => x.or(y),
                            (Some(x), None) | (None, Some(x)) => x,
                            (None, None) => NONE,
                        };
                        (R_FIN, false, a | b, y, NONE)
                    }
                    _ => continue,
                };
                if last && reg != R_ONE && reg != R_FIN {
                    continue;
                }
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
                    yw: yw.norm(suits),
                    yc: yc.norm(suits),
                };
                *next.entry(key).or_insert(0) += v * u128::from(w);
            }
        }
        next
    }

    /// The programme's first state: no group yet, the calls' readings.
    fn start(&self) -> HashMap<State, u128> {
        let y0 = Y {
            it: false,
            out: self.call_out,
            runs: 0x7f,
            trips: 0x1ff,
            ct: self.closed_kans.min(3),
        };
        let mut states: HashMap<State, u128> = HashMap::default();
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
                yw: y0,
                yc: NONE,
            },
            1,
        );
        states
    }

    /// The final states that are tenpai hands, not furiten.
    fn finals(&self, states: HashMap<State, u128>) -> Vec<(State, u128)> {
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
    /// each kind of `kinds`, of those that win on it with a yaku (the answer reads
    /// those from the value programme, [`OpenModel::values`]; this one checks it).
    pub fn weights(&self, avoid: u64, kinds: &[usize]) -> (u128, Vec<u128>) {
        let mut states = self.start();
        for g in 0..4 {
            states = self.step(g, &states, &self.pieces(g, avoid, None), N);
        }
        let total = self
            .finals(states)
            .iter()
            .filter(|(s, _)| {
                self.all_yaku(s)
                    || (self.tanyao(s) && s.cls & S != 0)
                    || s.cls & V != 0
                    || (self.toitoi(s) && s.cls & O != 0)
                    || s.yw.yaku()
            })
            .map(|(_, w)| *w)
            .sum();
        if kinds.is_empty() {
            return (total, Vec::new());
        }
        // The groups' pieces when the asked kind is in another group (the same for
        // every such kind), and the programme's states over the groups before each
        // group with those pieces: an asked kind's programme starts there.
        let other: Vec<Vec<(Piece, u64)>> = (0..4)
            .map(|g| self.pieces(g, avoid, Some(usize::MAX)))
            .collect();
        let mut prefix = vec![self.start()];
        for g in 0..3 {
            let next = self.step(g, &prefix[g], &other[g], T);
            prefix.push(next);
        }
        let per = kinds
            .iter()
            .map(|&k| {
                if avoid & (1 << k) != 0 {
                    return 0;
                }
                let gk = k / 9;
                let mut states = self.step(gk, &prefix[gk], &self.pieces(gk, avoid, Some(k)), T);
                for (g, pieces) in other.iter().enumerate().skip(gk + 1) {
                    states = self.step(g, &states, pieces, T);
                }
                let simple = k < 27 && k % 9 != 0 && k % 9 != 8;
                let value = k >= 27 && self.value & (1 << (k - 27)) != 0;
                self.finals(states)
                    .iter()
                    .filter(|(s, _)| {
                        s.cls & T != 0
                            && (self.all_yaku(s)
                                || (self.tanyao(s) && simple)
                                || (value && s.held == 2)
                                || (self.toitoi(s) && (s.held == 1 || s.held == 2))
                                || s.yw.yaku())
                    })
                    .map(|(_, w)| *w)
                    .sum()
            })
            .collect();
        (total, per)
    }
}
