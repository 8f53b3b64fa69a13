//! The expected ron payment of an open opponent marked tenpai, per asked kind `T`:
//! over the concealed hands counted for `T`'s chance (tenpai, not furiten, `T` a
//! wait with a yaku), the weighted sum of the ron payment of the hand won on `T`.
//!
//! The value model (docs/safety.md, "Open opponents marked tenpai"): the han of the
//! hand's best reading, exactly (the most over its readings, as the scorer takes the
//! reading paying most at a fixed fu), plus dora and red fives, at 30 fu, paid for a
//! ron by its seat:
//! - read from the counts: yakuhai (1 a triplet, a double wind 2), shousangen (2),
//!   tanyao (1, where the rules count it open), honitsu (2) or chinitsu (5),
//!   sankantsu (2), honroutou (2);
//! - read from the melds (module `reads`, the most over the readings): ittsu (1),
//!   sanshoku (1), sanshoku doukou (2), chanta (1) or junchan (2) (not with
//!   honroutou), sanankou (2), toitoi (2);
//! - a yakuman (daisangen, shousuushii, daisuushii, tsuuiisou, ryuuiisou,
//!   chinroutou, suukantsu) pays one yakuman (8000 basic points), never more;
//! - dora: each tile of a dora kind (the calls and `T` included), red fives (the
//!   calls' as written, a kan of fives holding the suit's red fives; `T` if red; the
//!   concealed ones exactly over which copies they are, as in module `value`; when
//!   the fives seen written plain outnumber the plain copies, a hand holding more
//!   plain-written fives than the set's plain copies holds that many more red ones, as
//!   the scorer reads a hand); no ura (no riichi).
//!
//! How: the counting programme of the parent module, its state carrying besides the
//! wait classes: the suits used, honors used, all simples, all terminals or honors,
//! all green, the dora so far, the honors' han (known with the last group), and the
//! readings of the groups so far that no other beats (at most 3: only one group of a
//! 14-tile hand can hold 8 tiles or more, and a group of fewer has one best reading).

use super::reads::{ct_bits, ct_of, reads, Rd, CT1, CT2, CT3, IT, NORUN, OUT, RUNS, TRIPS};
use super::{HashMap, OpenModel, F, N, P_MELDS, P_ONE, P_TWO, R_FIN, R_ONE, R_TWO, R_Z, T};
use crate::rules::Rules;
use crate::safety::parts::{tables, BINOM};
use crate::score::{basic_points, Payment};
use crate::tile::KINDS;

/// What an open hand's value depends on besides its tiles and its calls' shapes.
#[derive(Debug, Clone)]
pub(crate) struct OpenValue {
    /// Unseen red fives per suit (among the pool's fives).
    pub red: [u8; 3],
    /// Dora han per copy of each kind.
    pub dora: [u8; KINDS],
    /// Han of a triplet of each honor (dragons 1; the round and its seat wind 1 each).
    pub yakuhai: [u8; 7],
    /// Dora and red fives of its calls.
    pub call_dora: u8,
    /// Fives of its calls per suit written plain (a kan of fives: the suit's plain
    /// copies).
    pub call_plain: [u8; 3],
    /// Plain fives per suit in the set (4 less its red ones). A hand holding more fives
    /// written plain than that holds that many more red ones, as the scorer reads it
    /// (possible only when the fives seen written plain outnumber the plain copies).
    pub plain_in_set: [u8; 3],
    /// Its calls hold an honor.
    pub call_honors: bool,
    /// Every tile of its calls is a terminal or an honor.
    pub call_term: bool,
    /// Every tile of its calls is green (23468s, 6z).
    pub call_green: bool,
    /// Kans among its calls (open and closed).
    pub kans: u8,
    /// Its wins pay as a dealer's.
    pub dealer: bool,
}

/// The best readings of the groups so far (empty: the role is not played).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
struct Rs {
    n: u8,
    v: [Rd; 3],
}

const EMPTY: Rs = Rs { n: 0, v: [0; 3] };

/// A joined reading: the groups so far with one more group's reading.
fn join1(a: Rd, b: Rd) -> Rd {
    let keep = (a & b) & (RUNS | 0x1ff << TRIPS | OUT | NORUN);
    keep | ((a | b) & IT) | ct_bits(ct_of(a) + ct_of(b))
}

/// After the three suits: ittsu, sanshoku and sanshoku doukou become han (a
/// thermometer in bits 0-3), the run and triplet bits go.
fn norm_suits(v: Rd) -> Rd {
    let base = u32::from(v & IT != 0)
        + u32::from(v & RUNS != 0)
        + 2 * u32::from((v >> TRIPS) & 0x1ff != 0);
    (v & (OUT | NORUN | CT1 | CT2 | CT3)) | ((1 << base) - 1)
}

impl Rs {
    fn one(v: Rd) -> Rs {
        Rs { n: 1, v: [v, 0, 0] }
    }

    fn iter(&self) -> impl Iterator<Item = Rd> + '_ {
        self.v[..usize::from(self.n)].iter().copied()
    }

    /// The readings no other beats, sorted (at most 3: see the module), of at most 9.
    fn of(it: impl Iterator<Item = Rd>) -> Rs {
        let mut buf = [0 as Rd; 9];
        let mut n = 0;
        for x in it.take(9) {
            buf[n] = x;
            n += 1;
        }
        if n == 1 {
            return Rs::one(buf[0]);
        }
        let v = &mut buf[..n];
        v.sort_unstable();
        let mut r = EMPTY;
        for i in 0..n {
            let a = v[i];
            let beaten = v
                .iter()
                .enumerate()
                .any(|(j, &b)| b & a == a && (b != a || j < i));
            if !beaten && usize::from(r.n) < 3 {
                r.v[usize::from(r.n)] = a;
                r.n += 1;
            }
        }
        r
    }

    fn join(self, o: Rs) -> Rs {
        if self.n == 0 || o.n == 0 {
            return EMPTY;
        }
        if self.n == 1 && o.n == 1 {
            return Rs::one(join1(self.v[0], o.v[0]));
        }
        Rs::of(self.iter().flat_map(|a| o.iter().map(move |b| join1(a, b))))
    }

    fn norm(self, suits: bool) -> Rs {
        if !suits || self.n == 0 {
            return self;
        }
        Rs::of(self.iter().map(norm_suits))
    }
}

/// Honors' han byte: yakuhai and shousangen han, bit 7 a yakuman.
const YAKUMAN: u8 = 0x80;

/// A state of the value programme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    tiles: u8,
    reg: u8,
    pair: bool,
    cls: u8,
    suits: u8,
    honors: bool,
    simple: bool,
    term: bool,
    green: bool,
    dora: u8,
    hon: u8,
    yw: Rs,
    yc: Rs,
}

/// A group pattern's contribution (patterns alike summed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Piece {
    total: u8,
    role: u8,
    pair: bool,
    cls: u8,
    simple: bool,
    term: bool,
    green: bool,
    dora: u8,
    /// The honors' han: completed by the asked kind, and as they are.
    hw: u8,
    hc: u8,
    yw: Rs,
    yc: Rs,
}

/// Green kinds: 2, 3, 4, 6, 8 of sou, 6z.
fn green(k: usize) -> bool {
    matches!(k, 19 | 20 | 21 | 23 | 25 | 32)
}

impl OpenModel {
    /// The honors' han byte of the honor counts `c` with its calls.
    fn honor_han(&self, v: &OpenValue, c: &[u8]) -> u8 {
        let (mut han, mut dt, mut dp, mut wt, mut wp) = (0u8, 0, false, 0, false);
        for (k, &n) in c.iter().enumerate().take(7) {
            let trip = n >= 3 || self.called[27 + k] >= 3;
            let pair = n == 2;
            if trip {
                han += v.yakuhai[k];
            }
            if k >= 4 {
                dt += u8::from(trip);
                dp |= pair;
            } else {
                wt += u8::from(trip);
                wp |= pair;
            }
        }
        if dt == 2 && dp {
            han += 2;
        }
        if dt == 3 || wt == 4 || (wt == 3 && wp) {
            han |= YAKUMAN;
        }
        han
    }

    /// A group's reading as the programme joins it: the calls' runs and triplets of
    /// its suit added, ittsu marked.
    fn rd_of(&self, g: usize, r: Rd) -> Rd {
        if g == 3 {
            return r;
        }
        let r = r | u32::from(self.call_runs[g]) | u32::from(self.call_trips[g]) << TRIPS;
        if r & 0b1001001 == 0b1001001 {
            r | IT
        } else {
            r
        }
    }

    /// The value pieces of group `g`: `asked` the asked kind (or one of another group).
    fn value_pieces(
        &self,
        v: &OpenValue,
        g: usize,
        avoid: u64,
        asked: usize,
    ) -> Vec<(Piece, u128)> {
        let t = tables();
        let (table, width) = if g == 3 { (&t.honor, 7) } else { (&t.suit, 9) };
        let base = 9 * g;
        let rs = if g == 3 { &reads().1 } else { &reads().0 };
        let mine = asked >= base && asked < base + width;
        let mut out: HashMap<Piece, u128> = HashMap::default();
        for (i, p) in table.parts.iter().enumerate() {
            if p.total > self.concealed {
                break;
            }
            if mine && p.waits & (1 << asked.wrapping_sub(base)) == 0 {
                continue;
            }
            let h = |k: usize| ((p.counts >> (3 * k)) & 7) as u8;
            let mut w = 1u128;
            let mut dora = 0u8;
            for k in 0..width {
                w *= u128::from(BINOM[usize::from(self.pool[base + k])][usize::from(h(k))]);
                dora += h(k) * v.dora[base + k];
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
            let a = asked.wrapping_sub(base);
            // The asked kind's group waits on it (no other pattern of it ends in a
            // hand that deals in).
            if mine && waits & (1 << a) == 0 {
                continue;
            }
            let role = match p.total % 3 {
                0 if p.melds => P_MELDS,
                1 if waits != 0 => P_ONE,
                2 if p.pair || waits != 0 => P_TWO,
                _ => continue,
            };
            let mut cls = 0u8;
            for k in 0..width {
                if waits & (1 << k) != 0 {
                    cls |= N;
                    if avoid & (1 << (base + k)) != 0 {
                        cls |= F;
                    }
                    if asked == base + k {
                        cls |= T;
                    }
                }
            }
            let first = rs.first[i] as usize;
            let yw = if mine && role != P_MELDS && waits & (1 << a) != 0 {
                let e = rs.waits[first + (p.waits & ((1 << a) - 1)).count_ones() as usize];
                Rs::of(rs.of(e).iter().map(|&r| self.rd_of(g, r)))
            } else {
                EMPTY
            };
            let yc = if role == P_MELDS || (role == P_TWO && p.pair) {
                Rs::of(rs.of(rs.complete[i]).iter().map(|&r| self.rd_of(g, r)))
            } else {
                EMPTY
            };
            let (hw, hc) = if g == 3 {
                let mut c = [0u8; 7];
                for (k, x) in c.iter_mut().enumerate() {
                    *x = h(k);
                }
                let hc = self.honor_han(v, &c);
                let hw = if mine {
                    c[a] += 1;
                    self.honor_han(v, &c)
                } else {
                    0
                };
                (hw, hc)
            } else {
                (0, 0)
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
                term: g == 3 || (1..8).all(|k| h(k) == 0),
                green: if g == 3 {
                    (0..7).all(|k| k == 5 || h(k) == 0)
                } else {
                    (0..9).all(|k| h(k) == 0 || green(base + k))
                },
                dora: 0,
                hw,
                hc,
                yw,
                yc,
            };
            // Red fives: the ways of the fives with `j` red ones, `j` more han.
            let h5 = h(4);
            if g < 3 && h5 > 0 && v.red[g] > 0 {
                let u = self.pool[base + 4];
                let r = v.red[g];
                let rest = w / u128::from(BINOM[usize::from(u)][usize::from(h5)]);
                for j in 0..=h5.min(r) {
                    if h5 - j > u - r {
                        continue;
                    }
                    let ways = BINOM[usize::from(r)][usize::from(j)]
                        * BINOM[usize::from(u - r)][usize::from(h5 - j)];
                    let key = Piece {
                        dora: dora + j,
                        ..piece
                    };
                    *out.entry(key).or_insert(0) += rest * u128::from(ways);
                }
            } else {
                *out.entry(Piece { dora, ..piece }).or_insert(0) += w;
            }
        }
        let mut v: Vec<(Piece, u128)> = out.into_iter().collect();
        v.sort_unstable_by_key(|(p, _)| p.total);
        v
    }

    fn value_step(
        &self,
        g: usize,
        states: &HashMap<State, u128>,
        pieces: &[(Piece, u128)],
    ) -> HashMap<State, u128> {
        let mut next: HashMap<State, u128> = HashMap::default();
        let suits = g == 2;
        let last = g == 3;
        let upto: [usize; 16] =
            std::array::from_fn(|t| pieces.partition_point(|(p, _)| usize::from(p.total) < t));
        for (s, &w0) in states {
            let left = usize::from(self.concealed - s.tiles);
            let from = if last { upto[left] } else { 0 };
            for &(p, w) in &pieces[from..upto[left + 1]] {
                // The roles: (reg, pair, cls, readings waiting, readings pending, honors).
                let (reg, pair, cls, yw, yc, hon) = match (s.reg, p.role) {
                    (R_TWO, P_MELDS) => {
                        (s.reg, s.pair, s.cls, s.yw.join(p.yc), s.yc.join(p.yc), p.hc)
                    }
                    (_, P_MELDS) => (s.reg, s.pair, s.cls, s.yw.join(p.yc), EMPTY, p.hc),
                    (R_Z, P_ONE) => (R_ONE, false, p.cls, s.yw.join(p.yw), EMPTY, p.hw),
                    (R_Z, P_TWO) => (R_TWO, p.pair, p.cls, s.yw.join(p.yw), s.yw.join(p.yc), p.hw),
                    (R_TWO, P_TWO) => {
                        let a = if p.pair { s.cls } else { 0 };
                        let b = if s.pair { p.cls } else { 0 };
                        if (a | b) & N == 0 {
                            continue;
                        }
                        // The asked kind is in one of the two: that one waits.
                        if a & T != 0 {
                            (R_FIN, false, a | b, s.yw.join(p.yc), EMPTY, p.hc)
                        } else if b & T != 0 {
                            (R_FIN, false, a | b, s.yc.join(p.yw), EMPTY, p.hw)
                        } else {
                            (R_FIN, false, a | b, EMPTY, EMPTY, 0)
                        }
                    }
                    _ => continue,
                };
                if last && reg != R_ONE && reg != R_FIN {
                    continue;
                }
                let used = p.total > 0;
                let key = State {
                    tiles: s.tiles + p.total,
                    reg,
                    pair,
                    cls,
                    suits: s.suits | if g < 3 && used { 1 << g } else { 0 },
                    honors: s.honors || (g == 3 && used),
                    simple: s.simple && p.simple,
                    term: s.term && p.term,
                    green: s.green && p.green,
                    dora: s.dora.saturating_add(p.dora),
                    hon: if last { hon } else { 0 },
                    yw: yw.norm(suits),
                    yc: yc.norm(suits),
                };
                *next.entry(key).or_insert(0) += w0 * w;
            }
        }
        next
    }

    fn value_start(&self) -> HashMap<State, u128> {
        let mut y0 = RUNS | 0x1ff << TRIPS | ct_bits(u32::from(self.closed_kans));
        if self.call_out {
            y0 |= OUT;
        }
        if !self.chi {
            y0 |= NORUN;
        }
        let mut states: HashMap<State, u128> = HashMap::default();
        states.insert(
            State {
                tiles: 0,
                reg: R_Z,
                pair: false,
                cls: 0,
                suits: 0,
                honors: false,
                simple: true,
                term: true,
                green: true,
                dora: 0,
                hon: 0,
                yw: Rs::one(y0),
                yc: EMPTY,
            },
            1,
        );
        states
    }

    /// The han of a final state won on kind `k` (`None`: no yaku), and whether it is
    /// a yakuman.
    fn han_of(&self, v: &OpenValue, s: &State, k: usize) -> Option<(u32, bool)> {
        let suits = s.suits | self.call_suits | if k < 27 { 1 << (k / 9) } else { 0 };
        let honors = s.honors || v.call_honors || k >= 27;
        let simple = s.simple && self.call_simple && k < 27 && k % 9 != 0 && k % 9 != 8;
        let term = s.term && v.call_term && (k >= 27 || k % 9 == 0 || k % 9 == 8);
        let green = s.green && v.call_green && green(k);
        let yakuman =
            s.hon & YAKUMAN != 0 || suits == 0 || (term && !honors) || green || v.kans == 4;
        if yakuman {
            return Some((0, true));
        }
        let mut han = u32::from(s.hon);
        if simple && self.open_tanyao {
            han += 1;
        }
        if suits.count_ones() == 1 {
            han += if honors { 2 } else { 5 };
        }
        if v.kans >= 3 {
            han += 2;
        }
        if term {
            han += 2;
        }
        // The best reading: its base (ittsu, sanshoku, doukou), chanta or junchan,
        // sanankou, toitoi.
        let best =
            s.yw.iter()
                .map(|r| {
                    let mut h = (r & 0xf).count_ones();
                    if r & OUT != 0 && !term {
                        h += if honors { 1 } else { 2 };
                    }
                    if r & CT3 != 0 {
                        h += 2;
                    }
                    if r & NORUN != 0 {
                        h += 2;
                    }
                    h
                })
                .max()?;
        han += best;
        (han > 0).then_some((han, false))
    }

    /// For each asked kind: the weight of the hands it deals into (tenpai, not
    /// furiten, a wait with a yaku) and their summed ron payments with the tile plain
    /// and red.
    pub fn values(
        &self,
        v: &OpenValue,
        rules: &Rules,
        avoid: u64,
        kinds: &[usize],
    ) -> Vec<(u128, f64, f64)> {
        let other: Vec<Vec<(Piece, u128)>> = (0..4)
            .map(|g| self.value_pieces(v, g, avoid, usize::MAX))
            .collect();
        let mut prefix = vec![self.value_start()];
        for g in 0..3 {
            let next = self.value_step(g, &prefix[g], &other[g]);
            prefix.push(next);
        }
        let ron = |basic: u32| f64::from(Payment::new(basic, v.dealer, false).ron.unwrap_or(0));
        kinds
            .iter()
            .map(|&k| {
                if avoid & (1 << k) != 0 {
                    return (0, 0.0, 0.0);
                }
                let gk = k / 9;
                let mut states =
                    self.value_step(gk, &prefix[gk], &self.value_pieces(v, gk, avoid, k));
                for (g, pieces) in other.iter().enumerate().skip(gk + 1) {
                    states = self.value_step(g, &states, pieces);
                }
                let (mut weight, mut plain, mut red) = (0u128, 0.0, 0.0);
                let kd = u32::from(v.call_dora) + u32::from(v.dora[k]);
                // Red fives forced by fives written plain beyond the plain copies (the
                // concealed ones are then all red): with `T` plain, and with `T` red.
                let forced = |t_plain: Option<usize>| -> u32 {
                    (0..3)
                        .map(|g| {
                            let t = u8::from(t_plain == Some(g));
                            u32::from((v.call_plain[g] + t).saturating_sub(v.plain_in_set[g]))
                        })
                        .sum()
                };
                let five = (k < 27 && k % 9 == 4).then_some(k / 9);
                let (f0, f1) = (forced(five), forced(None));
                for (s, w) in states {
                    if s.tiles != self.concealed
                        || (s.reg != R_ONE && s.reg != R_FIN)
                        || s.cls & (N | T) != (N | T)
                        || s.cls & F != 0
                    {
                        continue;
                    }
                    let Some((han, yakuman)) = self.han_of(v, &s, k) else {
                        continue;
                    };
                    weight += w;
                    let (p0, p1) = if yakuman {
                        (ron(8000), ron(8000))
                    } else {
                        let d = han + u32::from(s.dora) + kd;
                        (
                            ron(basic_points(d + f0, 30, rules).0),
                            ron(basic_points(d + 1 + f1, 30, rules).0),
                        )
                    };
                    plain += w as f64 * p0;
                    red += w as f64 * p1;
                }
                (weight, plain, red)
            })
            .collect()
    }
}
