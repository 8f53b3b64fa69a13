//! The value of the hands that deal in: for a riichi hand and a tile `T` of mine, the
//! weighted han distribution of every concealed hand `H` (drawn from the unseen pool
//! as in the deal-in model) that `T` completes, counted by group like the deal-in
//! weights, exactly, in integers.
//!
//! The value model (see [`HanCounts`] and `docs/safety.md`):
//! - a regular hand is worth riichi (1), tanyao (1), honitsu (3) or chinitsu (6),
//!   yakuhai (a triplet of a dragon, of the round wind, of its seat wind: 1 each),
//!   dora (each tile of the dora kinds, its closed kans and the winning tile
//!   included) and red fives, added up, at 30 fu;
//! - seven pairs (a hand that is not also a regular complete hand): riichi + seven
//!   pairs (2) + tanyao + honitsu or chinitsu + dora + red fives, at 25 fu;
//! - thirteen orphans and an all-honors hand: a yakuman (the thirteen-sided
//!   thirteen orphans counted apart, a double yakuman where the rules say so);
//! - ura dora: see [`HanCounts::expected_payment`].
//!
//! Red fives: each copy of a five is a distinct tile; a hand with `h` fives of a suit
//! whose unseen fives are `U` of which `r` red holds `j` red ones in
//! `C(r, j) C(U - r, h - j)` of its `C(U, h)` ways, so the red count is exact.

mod states;

use super::parts::{tables, Sig, SuitSums, BINOM};
use crate::rules::Rules;
use crate::score::{basic_points, Payment};
use crate::tile::{Tile, KINDS};
use crate::yaku::Yakuman;
use states::{
    add_shifted, aux_join, combine, conv_into, degree, unit, with_degrees, Form, Key, States,
};
use std::sync::OnceLock;

/// Han bins: 0 to 12, and 13 for 13 or more.
pub const BINS: usize = super::parts::BINS;

type Poly = [u64; BINS];

/// `C(n, k)` for copies of a kind (`n` at most 4), from the table the counting pass
/// uses; 0 for `k > n`.
fn binom(n: u8, k: u8) -> u64 {
    if k > n {
        0
    } else {
        BINOM[usize::from(n.min(4))][usize::from(k)]
    }
}

/// The weights (numbers of ways) of the hands a tile completes, by form and han.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HanCounts {
    /// Regular hands by han before ura (index 13: 13 or more), valued at 30 fu.
    pub regular: [u64; BINS],
    /// Seven-pairs hands (not also regular) by han before ura, valued at 25 fu.
    pub seven_pairs: [u64; BINS],
    /// Yakuman hands: all honors, and thirteen orphans waiting on one kind.
    pub yakuman: u64,
    /// Thirteen orphans with the thirteen-sided wait.
    pub kokushi_13: u64,
}

impl HanCounts {
    /// The total weight.
    pub fn total(&self) -> u64 {
        self.regular.iter().sum::<u64>()
            + self.seven_pairs.iter().sum::<u64>()
            + self.yakuman
            + self.kokushi_13
    }

    /// The expected ron payment of these hands (`None` when there is none), for a
    /// dealer or not, under `rules`, with `ura` ura indicators each adding one han
    /// with the chance `ura_chance` independently of the hand (the ura model).
    pub fn expected_payment(
        &self,
        dealer: bool,
        rules: &Rules,
        ura: u32,
        ura_chance: f64,
    ) -> Option<f64> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let ron = |basic: u32| f64::from(Payment::new(basic, dealer, false).ron.unwrap_or(0));
        // The chance of u ura han, u = 0..=ura.
        let mut ura_p = vec![0.0f64; ura as usize + 1];
        for (u, p) in ura_p.iter_mut().enumerate() {
            let c = (0..u).fold(1.0, |acc, i| acc * (ura - i as u32) as f64 / (i + 1) as f64);
            *p = c * ura_chance.powi(u as i32) * (1.0 - ura_chance).powi((ura as usize - u) as i32);
        }
        let mut sum = 0.0;
        for (weights, fu) in [(&self.regular, 30), (&self.seven_pairs, 25)] {
            for (han, &w) in weights.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                let e: f64 = ura_p
                    .iter()
                    .enumerate()
                    .map(|(u, p)| p * ron(basic_points((han + u) as u32, fu, rules).0))
                    .sum();
                sum += w as f64 * e;
            }
        }
        let double =
            rules.double_yakuman && rules.double_yakuman_hands.contains(Yakuman::Kokushi13);
        sum += self.yakuman as f64 * ron(8000);
        sum += self.kokushi_13 as f64 * ron(if double { 16000 } else { 8000 });
        Some(sum / total as f64)
    }
}

/// What the value of a riichi hand depends on besides its tiles: the low-level entry
/// point ([`super::safety`] builds it from a query).
///
/// ```
/// use tenpai::safety::value::ValueModel;
/// use tenpai::Tile;
/// // Only 234m 567m 345p 678s 2s unseen: the one hand waits on 2s (riichi, tanyao).
/// let mut pool = [0u8; 34];
/// for k in [1, 2, 3, 4, 5, 6, 11, 12, 13, 23, 24, 25, 19] { pool[k] = 1; }
/// let m = ValueModel { pool, ..ValueModel::default() };
/// let h = &m.han_counts(13, &[Tile::new(19)])[0];
/// assert_eq!(h.regular[2], 1); // 2 han
/// let rules = tenpai::rules::Rules::tenhou();
/// assert_eq!(h.expected_payment(false, &rules, 0, 0.0), Some(2000.0));
/// ```
#[derive(Debug, Clone)]
pub struct ValueModel {
    /// Unseen copies per kind.
    pub pool: [u8; KINDS],
    /// Unseen red fives per suit (among the pool's fives).
    pub red: [u8; 3],
    /// Red fives per suit in play (a closed kan of fives holds them all).
    pub red_in_play: [u8; 3],
    /// Dora han per copy of each kind.
    pub dora: [u8; KINDS],
    /// The kinds of its closed kans.
    pub kans: Vec<usize>,
    /// Han of a triplet of each honor (dragons, round and seat winds).
    pub yakuhai: [u8; 7],
}

impl Default for ValueModel {
    /// An empty pool, no red five, no dora, no kan; yakuhai of the East round and
    /// the South seat.
    fn default() -> ValueModel {
        ValueModel {
            pool: [0; KINDS],
            red: [0; 3],
            red_in_play: [0; 3],
            dora: [0; KINDS],
            kans: Vec::new(),
            yakuhai: [1, 1, 0, 0, 1, 1, 1],
        }
    }
}

/// An honor pattern's weight `w` (its copies chosen from the pool), at `dora` han.
struct Term {
    w: u64,
    dora: usize,
}

/// Slots of an [`Acc`]: tiles (0-14), aux (3), simple.
const ACC_SLOTS: usize = 15 * 3 * 2;

/// A group's contributions gathered by (tiles, aux, simple): `at[slot]` is one past
/// the index of the slot's polynomial in `polys` (0: none yet).
struct Acc {
    at: [u8; ACC_SLOTS],
    polys: Vec<Poly>,
}

impl Acc {
    fn new() -> Acc {
        Acc {
            at: [0; ACC_SLOTS],
            polys: Vec::new(),
        }
    }

    fn add(&mut self, tiles: u8, aux: u8, simple: bool, t: &Term, by: usize) {
        let i = (usize::from(tiles) * 3 + usize::from(aux)) * 2 + usize::from(simple);
        self.add_at(i, t, by);
    }

    /// Add a polynomial at slot `i`: `(tiles * 3 + aux) * 2 + simple`.
    fn add_poly(&mut self, i: usize, p: &[u64]) {
        let Some(at) = self.at.get_mut(i) else {
            return;
        };
        if *at == 0 {
            self.polys.push([0; BINS]);
            *at = self.polys.len() as u8;
        }
        if let Some(slot) = self.polys.get_mut(usize::from(*at) - 1) {
            for (s, &x) in slot.iter_mut().zip(p) {
                *s += x;
            }
        }
    }

    /// [`Acc::add`] at slot `i`: `(tiles * 3 + aux) * 2 + simple`.
    fn add_at(&mut self, i: usize, t: &Term, by: usize) {
        let Some(at) = self.at.get_mut(i) else {
            return;
        };
        if *at == 0 {
            self.polys.push([0; BINS]);
            *at = self.polys.len() as u8;
        }
        let slot = &mut self.polys[usize::from(*at) - 1];
        slot[(t.dora + by).min(BINS - 1)] += t.w;
    }

    /// The states of group `g` (a group with tiles uses its suit, a new one unless a
    /// closed kan is of it (`kan_suits`, bit per suit), or the honors).
    fn states(&self, g: usize, kan_suits: u8) -> States {
        let mut out = States::new();
        for (i, &at) in self.at.iter().enumerate() {
            if at == 0 {
                continue;
            }
            let p = &self.polys[usize::from(at) - 1];
            let tiles = (i / 6) as u8;
            let used = tiles > 0;
            *out.slot(Key {
                tiles,
                aux: ((i / 2) % 3) as u8,
                simple: i % 2 == 1,
                suits: u8::from(g < 3 && used && kan_suits & (1 << g) == 0),
                honors: g == 3 && used,
            }) = *p;
        }
        out
    }
}

/// What a suit pattern of one signature adds (see [`ValueModel::group`]): its
/// [`Acc`] slots without the simple bit.
struct Plan {
    /// As a complete part (melds, or melds and the pair) of a hand won elsewhere.
    base: Option<usize>,
    /// As pairs only, in a seven-pairs hand won elsewhere.
    seven: Option<usize>,
    /// The seven-pairs single (bit), if seven pairs counts.
    single: u16,
    /// Its waits.
    waits: u16,
    /// Completed by a wait: the regular form's slot, and seven pairs' one too.
    won: usize,
    /// Completed as the seven-pairs single only (not a regular wait).
    won_single: usize,
}

impl Plan {
    /// The plan of `sig`, seven pairs counted or not.
    fn new(sig: &Sig, seven: bool) -> Plan {
        let slot = |tiles: u8, aux: u8| (usize::from(tiles) * 3 + usize::from(aux)) * 2;
        let single = match sig.chiitoi {
            Some(Some(k)) if seven => 1u16 << k,
            _ => 0,
        };
        let seven_aux = if sig.melds {
            0
        } else if sig.pair {
            1
        } else {
            2
        };
        Plan {
            base: (sig.melds || sig.pair).then(|| slot(sig.total, u8::from(sig.pair))),
            seven: (seven && sig.chiitoi == Some(None)).then(|| slot(sig.total, seven_aux)),
            single,
            waits: sig.waits,
            won: slot(sig.total + 1, u8::from(sig.total % 3 == 1)),
            won_single: slot(sig.total + 1, 2),
        }
    }
}

/// The plans of the suit table's signatures (they depend on the signature and on
/// whether seven pairs counts, nothing else), without and with seven pairs: built
/// once per process.
fn plans() -> &'static [Vec<Plan>; 2] {
    static PLANS: OnceLock<[Vec<Plan>; 2]> = OnceLock::new();
    PLANS.get_or_init(|| {
        let sigs = &tables().suit.sigs;
        [false, true].map(|seven| sigs.iter().map(|sig| Plan::new(sig, seven)).collect())
    })
}

/// One group's contributions: the complete patterns of a hand that wins elsewhere,
/// and, per asked kind of the group, the patterns that the kind completes.
struct GroupParts {
    base: [States; 2],
    won: Vec<[States; 2]>,
}

impl ValueModel {
    /// Per chunk of three honor kinds (1z-3z, 4z-6z, 7z) and base-5 code of their
    /// counts: the weight and the dora (the honor tables hold no count past 7z).
    fn honor_chunks(&self) -> [[(u64, u8); 125]; 3] {
        let mut out = [[(0u64, 0u8); 125]; 3];
        for (j, table) in out.iter_mut().enumerate() {
            for (code, slot) in table.iter_mut().enumerate() {
                let mut c = code;
                let (mut w, mut d) = (1u64, 0u8);
                for k in (27 + 3 * j..KINDS).take(3) {
                    let h = (c % 5) as u8;
                    c /= 5;
                    d += h * self.dora[k];
                    w *= binom(self.pool[k], h);
                }
                *slot = (w, d);
            }
        }
        out
    }

    fn group(&self, g: usize, n: u8, asked: &[usize], sums: Option<&SuitSums>) -> GroupParts {
        let table = &tables();
        let table = if g == 3 { &table.honor } else { &table.suit };
        let base = 9 * g;
        let seven = n == 13 && self.kans.is_empty();
        // (A kan of honors sets bit 3, which no suit reads.)
        let kan_suits = self.kans.iter().fold(0u8, |m, &k| m | 1 << (k / 9));
        let mut base_acc = [Acc::new(), Acc::new()];
        let mut won_acc: Vec<[Acc; 2]> = asked.iter().map(|_| [Acc::new(), Acc::new()]).collect();
        let asked_mask: u16 = asked.iter().map(|&t| 1u16 << (t - base)).sum();
        // The index in `asked` of each kind of the group.
        let mut asked_at = [0u8; 9];
        for (i, &t) in asked.iter().enumerate() {
            asked_at[t - base] = i as u8;
        }
        let asked_simple: Vec<bool> = asked
            .iter()
            .map(|&t| Tile::new(t as u8).is_simple())
            .collect();
        // What one honor pattern adds: its shape, whether it is empty (all simples),
        // its weight term, and its counts for yakuhai.
        let mut apply = |sig: &Sig, simple: bool, term: &Term, counts: u32| {
            let Sig {
                total,
                melds,
                pair,
                waits,
                chiitoi,
            } = *sig;
            let base_seven = seven && chiitoi == Some(None);
            let h = |k: usize| ((counts >> (3 * k)) & 7) as u8;
            let yakuhai = |extra: Option<usize>| -> usize {
                if g != 3 {
                    return 0;
                }
                (0..7)
                    .filter(|&k| h(k) + u8::from(extra == Some(k)) == 3)
                    .map(|k| usize::from(self.yakuhai[k]))
                    .sum()
            };
            if melds || pair {
                base_acc[0].add(total, u8::from(pair), simple, term, yakuhai(None));
            }
            if base_seven {
                let aux = if melds {
                    0
                } else if pair {
                    1
                } else {
                    2
                };
                base_acc[1].add(total, aux, simple, term, 0);
            }
            // Only the asked kinds this pattern waits on (or holds as the single).
            let single = match chiitoi {
                Some(Some(k)) if seven => 1u16 << k,
                _ => 0,
            };
            let mut bits = (waits | single) & asked_mask;
            while bits != 0 {
                let w = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let i = usize::from(asked_at[w]);
                let completes = waits & (1 << w) != 0;
                let paired = u8::from(total % 3 == 1);
                // (The group is the honors: a won pattern holds an honor, no simple.)
                if completes {
                    won_acc[i][0].add(total + 1, paired, false, term, yakuhai(Some(w)));
                }
                if single == 1 << w {
                    let aux = if completes { paired } else { 2 };
                    won_acc[i][1].add(total + 1, aux, false, term, 0);
                }
            }
        };
        if g == 3 {
            // Honors: pattern by pattern (yakuhai needs the counts).
            let chunks = self.honor_chunks();
            for part in &table.parts {
                if part.total > n {
                    break;
                }
                let codes = part.chunks;
                let (w0, d0) = chunks[0][usize::from(codes[0])];
                let (w1, d1) = chunks[1][usize::from(codes[1])];
                let (w2, d2) = chunks[2][usize::from(codes[2])];
                let w = w0 * w1 * w2;
                if w == 0 {
                    continue;
                }
                let term = Term {
                    w,
                    dora: usize::from(d0 + d1 + d2),
                };
                let sig = &table.sigs[usize::from(part.sig)];
                apply(sig, part.total == 0, &term, part.counts);
            }
        } else {
            // Suits: the weights summed per (signature, all simples) and han first.
            let own;
            let sums = match sums {
                Some(s) => s,
                None => {
                    let (pool, dora) = (&self.pool[base..base + 9], &self.dora[base..base + 9]);
                    own = SuitSums::new(pool, dora, n, self.red[g]);
                    &own
                }
            };
            // What each signature adds, worked out once per process.
            let plans = &plans()[usize::from(seven)];
            // Each (signature, all simples)'s polynomial goes to every slot its plan
            // names.
            let polys = sums.polys.chunks_exact(sums.width);
            for (&(sig, simple), poly) in sums.entries.iter().zip(polys) {
                let Some(plan) = plans.get(usize::from(sig)) else {
                    continue;
                };
                let simple = usize::from(simple);
                if let Some(at) = plan.base {
                    base_acc[0].add_poly(at + simple, poly);
                }
                if let Some(at) = plan.seven {
                    base_acc[1].add_poly(at + simple, poly);
                }
                // Patterns that no asked kind completes are done.
                let mut bits = (plan.waits | plan.single) & asked_mask;
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let i = usize::from(asked_at[k]);
                    let simple = simple & usize::from(asked_simple[i]);
                    let completes = plan.waits & (1 << k) != 0;
                    if completes {
                        won_acc[i][0].add_poly(plan.won + simple, poly);
                    }
                    if plan.single == 1 << k {
                        let at = if completes { plan.won } else { plan.won_single };
                        won_acc[i][1].add_poly(at + simple, poly);
                    }
                }
            }
        }
        GroupParts {
            base: [
                base_acc[0].states(g, kan_suits),
                base_acc[1].states(g, kan_suits),
            ],
            won: won_acc
                .iter()
                .map(|a| [a[0].states(g, kan_suits), a[1].states(g, kan_suits)])
                .collect(),
        }
    }

    /// The closed kans as a starting state.
    fn kans_state(&self) -> States {
        let mut key = Key {
            tiles: 0,
            aux: 0,
            simple: true,
            suits: 0,
            honors: false,
        };
        let mut han = 0usize;
        let mut kan_suits = 0u8;
        for &k in &self.kans {
            let t = Tile::new(k as u8);
            key.simple &= t.is_simple();
            if k >= 27 {
                key.honors = true;
                han += usize::from(self.yakuhai[k - 27]);
            } else {
                kan_suits |= 1 << (k / 9);
                if k % 9 == 4 {
                    han += usize::from(self.red_in_play[k / 9]);
                }
            }
            han += 4 * usize::from(self.dora[k]);
        }
        key.suits = kan_suits.count_ones().min(2) as u8;
        let mut s = States::new();
        s.slot(key)[han.min(BINS - 1)] = 1;
        s
    }

    /// For each tile of `tiles` (my tiles: a red five wins as a red five), the hands
    /// of `n` concealed tiles that it completes, by form and han.
    pub fn han_counts(&self, n: u8, tiles: &[Tile]) -> Vec<HanCounts> {
        self.han_counts_with(n, tiles, None)
    }

    /// [`ValueModel::han_counts`] with the suits' weight sums already made (for this
    /// pool, dora and `n`).
    pub(crate) fn han_counts_with(
        &self,
        n: u8,
        tiles: &[Tile],
        sums: Option<&[SuitSums; 3]>,
    ) -> Vec<HanCounts> {
        let mut kinds: Vec<usize> = tiles.iter().map(|t| t.index()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let groups: Vec<GroupParts> = (0..4)
            .map(|g| {
                let asked: Vec<usize> = kinds
                    .iter()
                    .copied()
                    .filter(|&k| (k / 9).min(3) == g)
                    .collect();
                self.group(g, n, &asked, sums.and_then(|s| s.get(g)))
            })
            .collect();
        let full = n + 1;
        // The other groups of a won hand hold at most `full - 2` tiles: the won group
        // holds the winning tile in a meld or the pair.
        let others_max = full.saturating_sub(2);
        // Per asked kind (in `kinds`' order) and form: the weights by han, every han
        // but the winning tile's dora counted (yakuman hands apart).
        let mut finals: Vec<([Poly; 2], u64)> = vec![([[0; BINS]; 2], 0); kinds.len()];
        for (f, form) in [Form::Regular, Form::SevenPairs].into_iter().enumerate() {
            if form == Form::SevenPairs && !(n == 13 && self.kans.is_empty()) {
                continue;
            }
            let start = if form == Form::Regular {
                self.kans_state()
            } else {
                unit()
            };
            // The other groups' states for each group: prefixes, then the groups after.
            let mut prefix = vec![start];
            for (g, gp) in groups.iter().enumerate().take(3) {
                let next = combine(form, &prefix[g], &gp.base[f], others_max);
                prefix.push(next);
            }
            let mut first = 0;
            for (g, gp) in groups.iter().enumerate() {
                if gp.won.is_empty() {
                    continue;
                }
                let mut others = prefix[g].clone();
                for later in &groups[g + 1..] {
                    others = combine(form, &others, &later.base[f], others_max);
                }
                // The other groups' states by tile count: a won state meets only those
                // that fill the hand.
                let mut others_d: Vec<Vec<_>> = vec![Vec::new(); usize::from(full) + 1];
                for (k, p, d) in with_degrees(&others) {
                    if let Some(v) = others_d.get_mut(usize::from(k.tiles)) {
                        v.push((k, p, d));
                    }
                }
                for (i, won) in gp.won.iter().enumerate() {
                    let Some((polys, yakuman)) = finals.get_mut(first + i) else {
                        continue;
                    };
                    for (kw, pw) in won[f].iter() {
                        let Some(others) = full
                            .checked_sub(kw.tiles)
                            .and_then(|t| others_d.get(usize::from(t)))
                        else {
                            continue;
                        };
                        let dw = degree(pw);
                        for &(ko, po, dg) in others {
                            let Some(aux) = aux_join(form, ko.aux, kw.aux) else {
                                continue;
                            };
                            let complete = match form {
                                Form::Regular => aux == 1,
                                Form::SevenPairs => aux != 1,
                            };
                            if !complete {
                                continue;
                            }
                            let suits = ko.suits + kw.suits;
                            if suits == 0 {
                                let mut p = [0; BINS];
                                conv_into(&mut p, po, dg, pw, dw, 0);
                                *yakuman += p.iter().sum::<u64>();
                                continue;
                            }
                            let mut han = 1 + if f == 1 { 2 } else { 0 };
                            if ko.simple && kw.simple {
                                han += 1;
                            }
                            if suits == 1 {
                                han += if ko.honors || kw.honors { 3 } else { 6 };
                            }
                            conv_into(&mut polys[f], po, dg, pw, dw, han);
                        }
                    }
                }
                first += gp.won.len();
            }
        }
        tiles
            .iter()
            .map(|&t| {
                let k = t.index();
                let mut hc = HanCounts::default();
                let win_dora = usize::from(self.dora[k]) + usize::from(t.is_red());
                if let Some(ki) = kinds.iter().position(|&x| x == k) {
                    let (polys, yakuman) = &finals[ki];
                    add_shifted(&mut hc.regular, &polys[0], win_dora);
                    add_shifted(&mut hc.seven_pairs, &polys[1], win_dora);
                    hc.yakuman += yakuman;
                }
                let (y, y13) = self.kokushi(n, k);
                hc.yakuman += y;
                hc.kokushi_13 += y13;
                hc
            })
            .collect()
    }

    /// Thirteen orphans completed by kind `t`: (waiting on `t` alone or as a pair
    /// wait, the thirteen-sided wait).
    fn kokushi(&self, n: u8, t: usize) -> (u64, u64) {
        const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        if n != 13 || !self.kans.is_empty() || !ORPHANS.contains(&t) {
            return (0, 0);
        }
        let all: u64 = ORPHANS.iter().map(|&k| u64::from(self.pool[k])).product();
        let mut single = 0u64;
        for &x in &ORPHANS {
            if x == t {
                continue;
            }
            let mut w = binom(self.pool[x], 2);
            for &k in &ORPHANS {
                if k != x && k != t {
                    w *= u64::from(self.pool[k]);
                }
            }
            single += w;
        }
        (single, all)
    }
}
