//! Finding the best reading of a win: every reading of the hand and of the winning
//! tile is scored, and the one paying most is kept, in compact form (no strings).

use super::check::check_situation;
use super::invalid;
use super::payment::{basic_points, Limit, Payment, WidePayment};

mod aotenjou;
use crate::decompose::{kokushi, Meld, MeldShape};
use crate::error::Error;
use crate::fu::{self, Fu};
use crate::hand::{CallKind, Hand};
use crate::rules::{RenhouRule, Rules};
use crate::tile::{Tile, TileCounts};
use crate::yaku::{self, HandFacts, Judgement, Regular, Situation, Wait, Yaku, Yakuman};

/// Honba and riichi sticks at most (no real game comes near; the cap keeps every total
/// far inside `u32`).
pub const MAX_COUNTERS: u32 = 1000;

/// The shape of the reading an [`Evaluation`] scored.
///
/// ```
/// use tenpai::{Hand, Tile, rules::Rules, score::{evaluate, ReadingShape, Situation}};
///
/// let hand: Hand = "1122m3344p5566s77z".parse()?;
/// let e = evaluate(&hand, Tile::from_mpsz("7z").unwrap(), &Situation::default(), &Rules::tenhou())?;
/// assert_eq!(e.shape, ReadingShape::Chiitoitsu);
/// assert_eq!((e.han, e.fu.total), (2, 25));
/// let hand: Hand = "19m19p19s1234567z1m".parse()?;
/// let e = evaluate(&hand, Tile::from_mpsz("1m").unwrap(), &Situation::default(), &Rules::tenhou())?;
/// assert_eq!(e.shape, ReadingShape::Kokushi { pair: Tile::from_mpsz("1m").unwrap() });
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadingShape {
    /// A pair and four melds (concealed melds ascending, then the calls in order).
    Regular {
        /// The pair's kind.
        pair: Tile,
        /// The four melds.
        melds: [Meld; 4],
    },
    /// Seven pairs.
    Chiitoitsu,
    /// Thirteen orphans with this pair.
    Kokushi {
        /// The kind held twice.
        pair: Tile,
    },
}

/// The best reading of a win, in compact form (no strings): what [`evaluate`] returns
/// and [`score`](super::score) turns into a [`ScoreResult`](super::ScoreResult).
///
/// ```
/// use tenpai::{Hand, Tile, Wind, rules::Rules, yaku::Wait};
/// use tenpai::score::{evaluate, Limit, ReadingShape, Situation};
///
/// let hand: Hand = "234567m22345p678s".parse()?;
/// let dora = vec![Tile::from_mpsz("1m").unwrap()];
/// let s = Situation { riichi: true, seat_wind: Wind::South, dora, ..Situation::default() };
/// let e = evaluate(&hand, Tile::from_mpsz("6s").unwrap(), &s, &Rules::tenhou())?;
/// assert_eq!((e.han, e.fu.total, e.limit), (4, 30, Limit::None));
/// assert_eq!((e.pay.ron, e.pay.total), (Some(7700), 7700));
/// assert_eq!((e.wait, e.dora), (Wait::Ryanmen, [1, 0, 0]));
/// assert!(matches!(e.shape, ReadingShape::Regular { pair, .. } if pair == Tile::from_mpsz("2p").unwrap()));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Evaluation {
    /// Yaku and yakuman of the reading (dora excluded).
    pub judgement: Judgement,
    /// Fu with its items.
    pub fu: Fu,
    /// Total han, dora included (0 for yakuman; under aotenjou, every han, a yakuman
    /// counting 13).
    pub han: u32,
    /// Limit reached.
    pub limit: Limit,
    /// Payments (under aotenjou each figure saturates at `u32::MAX`: the exact ones
    /// are [`Evaluation::exact`]).
    pub pay: Payment,
    /// How the winning tile completed the hand.
    pub wait: Wait,
    /// Dora, ura dora and aka dora han (0 for yakuman, but under aotenjou).
    pub dora: [u32; 3],
    /// Nukidora han: Norths extracted in a three-player game (0 for yakuman).
    pub nukidora: u32,
    /// The reading.
    pub shape: ReadingShape,
}

impl Evaluation {
    /// The order of readings: more points, then a real yakuman over counted han (as
    /// Tenhou reports `22244055666777s` tsumo: suuankou, not a kazoe yakuman), then
    /// more han, then more fu.
    pub(super) fn key(&self) -> (u32, bool, u32, u32) {
        (
            self.pay.total,
            self.judgement.is_yakuman(),
            self.han,
            self.fu.total,
        )
    }

    /// Under aotenjou ([`Rules::aotenjou`]), the exact payments of this evaluation of a
    /// win in situation `s` (from its han and fu); `None` under other rules.
    ///
    /// ```
    /// use tenpai::{Hand, Tile, rules::Rules, score::{evaluate, Situation}};
    ///
    /// let hand: Hand = "11133355566688m".parse()?; // suuankou tanki, by tsumo
    /// let s = Situation { tsumo: true, ..Situation::default() };
    /// let rules = Rules { aotenjou: true, double_yakuman: true, ..Rules::tenhou() };
    /// let e = evaluate(&hand, Tile::from_mpsz("8m").unwrap(), &s, &rules)?;
    /// assert_eq!((e.han, e.fu.total, e.pay.total), (33, 50, u32::MAX));
    /// assert_eq!(e.exact(&s, &rules).unwrap().total, 10307921510400);
    /// assert!(e.exact(&s, &Rules::tenhou()).is_none());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn exact(&self, s: &Situation, rules: &Rules) -> Option<WidePayment> {
        if !rules.aotenjou {
            return None;
        }
        WidePayment::aotenjou(self.han, self.fu.total, s.is_dealer(), s.tsumo, rules)
    }
}

struct Ctx<'a> {
    /// Han of extracted Norths (three players).
    nukidora: u32,
    facts: HandFacts,
    s: &'a Situation,
    rules: &'a Rules,
    dora: [u32; 3],
    best: Option<Evaluation>,
    /// In [`points_by_extra_han`]'s mode: per count of extra han `e`, the most any
    /// reading pays with `e` han added (dora of every kind), and whether any reading
    /// has a yaku.
    table: Option<([u32; EXTRA_HAN], bool)>,
    /// Under aotenjou: some reading's points passed `u128`.
    overflow: bool,
}

/// The counts of extra han [`points_by_extra_han`] answers for: `0..EXTRA_HAN`. Every
/// reading has at least one han of yaku, and 13 han is the most a limit counts
/// (kazoe yakuman; sanbaiman from 11 without it): more extra han pay as the last.
pub(crate) const EXTRA_HAN: usize = 13;

impl Ctx<'_> {
    fn consider(&mut self, judgement: Judgement, fu: &Fu, wait: Wait, shape: ReadingShape) {
        let dealer = self.s.is_dealer();
        // Paarenchan (checked: 8 or more, the dealer's) makes the reading a yakuman,
        // given a yaku of its own unless the rules waive it (dora are no yaku).
        let judgement = if self.s.paarenchan > 0
            && (!self.rules.paarenchan_needs_yaku || !judgement.is_empty())
        {
            if self.rules.aotenjou {
                judgement.with_yakuman_kept(Yakuman::Paarenchan)
            } else {
                judgement.with_yakuman(Yakuman::Paarenchan)
            }
        } else {
            judgement
        };
        if self.rules.aotenjou {
            self.consider_aotenjou(judgement, fu, wait, shape);
            return;
        }
        if let Some((table, any)) = &mut self.table {
            if judgement.is_yakuman() {
                let mult = judgement.yakuman_multiple(self.rules);
                let pay = Payment::for_rules(8000 * mult, dealer, self.s.tsumo, self.rules);
                for t in table.iter_mut() {
                    *t = (*t).max(pay.total);
                }
                *any = true;
            } else if !judgement.is_empty() {
                let han = judgement.han() + self.nukidora;
                // (The basic points only step up at the limits: a payment is computed
                // once per distinct basic.)
                let mut last = (u32::MAX, 0);
                for (e, t) in table.iter_mut().enumerate() {
                    let (basic, _) = basic_points(han + e as u32, fu.total, self.rules);
                    if basic != last.0 {
                        let pay = Payment::for_rules(basic, dealer, self.s.tsumo, self.rules);
                        last = (basic, pay.total);
                    }
                    *t = (*t).max(last.1);
                }
                *any = true;
            }
            return;
        }
        let mut judgement = judgement;
        let mut dora_here = self.dora;
        let mut nukidora_here = self.nukidora;
        if self.s.renhou && self.rules.renhou == RenhouRule::ManganFixed && !judgement.is_yakuman()
        {
            // Renhou is a mangan, unless the hand's own yaku and dora pay more.
            let han = judgement.han() + self.dora.iter().sum::<u32>();
            if judgement.is_empty() || basic_points(han, fu.total, self.rules).0 <= 2000 {
                judgement = yaku::renhou_mangan(self.facts.closed);
                dora_here = [0; 3];
                nukidora_here = 0;
            }
        }
        let (han, limit, pay, dora) = if judgement.is_yakuman() {
            let mult = judgement.yakuman_multiple(self.rules);
            let pay = Payment::for_rules(8000 * mult, dealer, self.s.tsumo, self.rules);
            (0, Limit::Yakuman, pay, [0; 3])
        } else {
            if judgement.is_empty() {
                return;
            }
            let han = judgement.han() + dora_here.iter().sum::<u32>() + nukidora_here;
            let (basic, limit) = basic_points(han, fu.total, self.rules);
            let pay = Payment::for_rules(basic, dealer, self.s.tsumo, self.rules);
            (han, limit, pay, dora_here)
        };
        // Only a better reading is built and kept.
        if self
            .best
            .as_ref()
            .is_some_and(|b| (pay.total, limit == Limit::Yakuman, han, fu.total) <= b.key())
        {
            return;
        }
        let nukidora = if limit == Limit::Yakuman {
            0
        } else {
            self.nukidora
        };
        self.best = Some(Evaluation {
            nukidora,
            judgement,
            fu: *fu,
            han,
            limit,
            pay,
            wait,
            dora,
            shape,
        });
    }

    /// Score every reading of the winning tile in one regular reading.
    fn regular(&mut self, pair: Tile, melds: &[Meld; 4]) {
        let w = self.facts.win;
        let mut seen: [Option<(MeldShape, Tile)>; 4] = [None; 4];
        let mut n_seen = 0;
        let mut options: [(Option<usize>, Wait); 5] = [(None, Wait::Tanki); 5];
        let mut n = 0;
        if pair == w {
            n = 1;
        }
        for (i, m) in melds.iter().enumerate() {
            if m.call.is_some() || !m.contains(w) {
                continue;
            }
            let key = Some((m.shape, m.tile));
            if seen[..n_seen].contains(&key) {
                continue;
            }
            seen[n_seen] = key;
            n_seen += 1;
            let wait = match m.shape {
                MeldShape::Sequence => seq_wait(m, w),
                _ => Wait::Shanpon,
            };
            options[n] = (Some(i), wait);
            n += 1;
        }
        for &(win_meld, wait) in &options[..n] {
            let r = Regular {
                pair,
                melds,
                win_meld,
                wait,
            };
            let j = yaku::judge_regular(&r, &self.facts, self.s, self.rules);
            let f = fu::regular(
                &r,
                self.facts.closed,
                j.has(Yaku::Pinfu),
                self.s,
                self.rules,
            );
            self.consider(
                j,
                &f,
                wait,
                ReadingShape::Regular {
                    pair,
                    melds: *melds,
                },
            );
        }
    }
}

pub(super) fn seq_wait(m: &Meld, win: Tile) -> Wait {
    let start = m.tile.number();
    match win.index() - m.tile.index() {
        1 => Wait::Kanchan,
        0 if start == 7 => Wait::Penchan,
        2 if start == 1 => Wait::Penchan,
        _ => Wait::Ryanmen,
    }
}

/// Split `c` (its non-zero kinds are the bits of `present`) into the concealed melds `melds[n..k]`,
/// calling `emit` for each way; the same enumeration as [`crate::decompose`] (each distinct
/// multiset once), without allocating.
fn melds_of<F: FnMut(&[Meld; 4])>(
    c: &mut [u8; 34],
    present: u64,
    melds: &mut [Meld; 4],
    n: usize,
    k: usize,
    emit: &mut F,
) {
    // `present` has bit i set when c[i] > 0: the lowest such kind starts the next meld.
    if present == 0 {
        if n == k {
            emit(melds);
        }
        return;
    }
    let i = present.trailing_zeros() as usize;
    let count = c[i];
    for triplets in [1u8, 0] {
        if 3 * triplets > count {
            continue;
        }
        let seqs = count - 3 * triplets;
        if seqs > 0 && (i >= 27 || i % 9 > 6 || c[i + 1] < seqs || c[i + 2] < seqs) {
            continue;
        }
        if n + (triplets + seqs) as usize > k {
            continue;
        }
        let tile = Tile::new(i as u8);
        let mut m = n;
        if triplets == 1 {
            melds[m] = Meld::concealed(MeldShape::Triplet, tile);
            m += 1;
        }
        for _ in 0..seqs {
            melds[m] = Meld::concealed(MeldShape::Sequence, tile);
            m += 1;
        }
        let mut rest = present & !(1 << i);
        c[i] = 0;
        if seqs > 0 {
            c[i + 1] -= seqs;
            c[i + 2] -= seqs;
            for j in [i + 1, i + 2] {
                if c[j] == 0 {
                    rest &= !(1 << j);
                }
            }
        }
        melds_of(c, rest, melds, m, k, emit);
        c[i] = count;
        if seqs > 0 {
            c[i + 1] += seqs;
            c[i + 2] += seqs;
        }
    }
}

/// The red fives of a suit a hand holds, from the fives of that suit it holds
/// (`fives`), those written `0` (`written`) and the red fives of that suit in the set
/// (`in_set`): those written, or, when the hand holds more fives than the set has plain
/// ones, that many more. With one red per suit, all four fives hold the red one; with
/// two red 5p (4 red fives), three 5p hold one red and all four hold both.
pub(crate) const fn reds_held(fives: u8, written: u8, in_set: u8) -> u8 {
    if in_set == 0 {
        return 0;
    }
    let forced = fives.saturating_sub(4 - in_set);
    if forced > written {
        forced
    } else {
        written
    }
}

/// By tile id: 0 for a tile that is no five, else its suit plus one, plus 4 when red.
const FIVES: [u8; 37] = {
    let mut t = [0u8; 37];
    let mut q = 0;
    while q < 3 {
        t[9 * q + 4] = q as u8 + 1;
        t[34 + q] = q as u8 + 1 + 4;
        q += 1;
    }
    t
};

/// Per suit: the fives held and the red fives written.
fn fives_and_reds(hand: &Hand) -> ([u8; 3], [u8; 3]) {
    let (mut fives, mut written) = ([0u8; 3], [0u8; 3]);
    // Plain loops over the concealed tiles and each call, with a table by tile id (a
    // chained iterator costs more than the counting here).
    let mut count = |t: Tile| {
        let v = FIVES[usize::from(t.id())];
        if v != 0 {
            let q = usize::from(v & 3) - 1;
            fives[q] += 1;
            written[q] += v >> 2;
        }
    };
    for &t in hand.concealed() {
        count(t);
    }
    for call in hand.calls() {
        for &t in call.tiles() {
            count(t);
        }
    }
    (fives, written)
}

/// The hand with the red fives it must hold but does not write (see [`reds_held`])
/// written as `0` (in the calls holding a plain five of that suit first, in order,
/// then among the concealed tiles), when the rules have red fives and some suit lacks
/// them; `None` otherwise.
pub(super) fn with_hidden_reds(hand: &Hand, rules: &Rules) -> Option<Hand> {
    if !rules.red_fives {
        // No red five in the set: none is ever missing.
        return None;
    }
    let (fives, written) = fives_and_reds(hand);
    let missing = [0, 1, 2].map(|q| {
        reds_held(fives[q], written[q], rules.red_fives_of_suit(q)).saturating_sub(written[q])
    });
    if missing == [0; 3] {
        return None;
    }
    let mut concealed = hand.concealed().to_vec();
    let mut calls = hand.calls().to_vec();
    for (q, &need) in missing.iter().enumerate() {
        let mut left = need;
        if left == 0 {
            continue;
        }
        let plain_five = |t: &Tile| t.index() == 9 * q + 4 && !t.is_red();
        let red = Tile::red_five(Tile::new(9 * q as u8).suit())?;
        for call in calls.iter_mut() {
            if left == 0 {
                break;
            }
            let mut tiles = call.tiles().to_vec();
            for t in tiles.iter_mut().filter(|t| plain_five(t)) {
                if left == 0 {
                    break;
                }
                *t = red;
                left -= 1;
            }
            *call = crate::hand::Call::new(call.kind(), &tiles).ok()?;
        }
        for t in concealed.iter_mut().filter(|t| plain_five(t)) {
            if left == 0 {
                break;
            }
            *t = red;
            left -= 1;
        }
    }
    Hand::new(concealed, calls).ok()
}

/// The number (0-based, mod 3) the pair of a regular reading must have when it lies in
/// numbered suit `q` of the concealed tiles `c`: each meld's numbers add up to a
/// multiple of 3, so 2 * pair = the suit's number sum (mod 3), pair = 2 * sum (mod 3).
pub(super) fn pair_residue(c: &[u8; 34], q: usize) -> usize {
    let sum: usize = (0..9).map(|n| n * usize::from(c[9 * q + n])).sum();
    2 * sum % 3
}

/// Whether every kind present (the bits of `present`) is held exactly twice in `c`.
fn all_pairs(c: &[u8; 34], present: u64) -> bool {
    let mut rest = present;
    while rest != 0 {
        if c[rest.trailing_zeros() as usize] != 2 {
            return false;
        }
        rest &= rest - 1;
    }
    true
}

/// Evaluate a complete hand won on `win` in situation `s` under `rules`: every reading
/// of the hand and of the winning tile is scored and the one paying most (then more
/// han, then more fu) is returned, in compact form. [`score`](super::score) is this plus the JSON
/// answer.
///
/// Errors: as [`score`](super::score).
///
/// ```
/// use tenpai::{Hand, Tile, rules::Rules, score::{evaluate, Limit, Situation}};
///
/// let hand: Hand = "123m456p789s11222z".parse()?;
/// let s = Situation { tsumo: true, ..Situation::default() };
/// let e = evaluate(&hand, Tile::from_mpsz("2z").unwrap(), &s, &Rules::tenhou())?;
/// assert_eq!((e.han, e.fu.total, e.limit, e.pay.total), (1, 40, Limit::None, 2100));
/// // Not a complete hand: an error, never a panic.
/// let short: Hand = "123m456p789s1122z".parse()?;
/// assert!(evaluate(&short, Tile::from_mpsz("2z").unwrap(), &s, &Rules::tenhou()).is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn evaluate(hand: &Hand, win: Tile, s: &Situation, rules: &Rules) -> Result<Evaluation, Error> {
    match readings(hand, win, s, rules, false)? {
        Outcome::Best(e) => Ok(e),
        Outcome::Table(_) => Err(invalid("internal: a table answered for one reading")),
    }
}

/// What [`readings`] found.
enum Outcome {
    /// The best reading.
    Best(Evaluation),
    /// The points by extra han (see [`points_by_extra_han`]).
    Table([u32; EXTRA_HAN]),
}

/// What the advice engine needs to price a win under every dora count at once: for a
/// complete hand won on `win`, per number `e` of extra han (`0..EXTRA_HAN`: dora, ura
/// dora and red fives, which the caller counts), the total the best reading pays with
/// those `e` han added; `None` when no reading has a yaku. The dora indicators, the ura
/// indicators and the red fives of the hand are not counted here (renhou as a mangan
/// is not applied: the engine never asks for it).
pub(crate) fn points_by_extra_han(
    hand: &Hand,
    win: Tile,
    s: &Situation,
    rules: &Rules,
) -> Result<Option<[u32; EXTRA_HAN]>, Error> {
    match readings(hand, win, s, rules, true) {
        Ok(Outcome::Table(t)) => Ok(Some(t)),
        Ok(Outcome::Best(_)) => Err(invalid("internal: one reading answered for a table")),
        Err(Error::NoYaku | Error::NoYakuOnlyDora) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The readings of a win: the best one, or (`table`) the points of every reading by
/// extra han (see [`points_by_extra_han`]).
fn readings(
    hand: &Hand,
    win: Tile,
    s: &Situation,
    rules: &Rules,
    table: bool,
) -> Result<Outcome, Error> {
    if hand.size() != 14 || !hand.is_drawn() {
        return Err(invalid(format!(
            "not a complete hand: {} tiles counting each call as 3, a win needs 14",
            hand.size()
        )));
    }
    // One pass over the tiles: counts by kind (concealed, and all), the kinds present
    // (bit i for kind i), the concealed tiles of each suit and red fives. The arrays
    // are counted into where they are used, never copied whole after byte-wise
    // counting (a wide read of bytes just written stalls the store forwarding).
    // `c`: the concealed tiles by kind (split into melds below, and restored).
    let mut c = [0u8; 34];
    let mut counts = TileCounts::default();
    // Red fives written, by suit (honors never are).
    let mut written = [0u8; 4];
    let mut concealed_present = 0u64;
    // Concealed tiles of suit q (m, p, s, honors) in byte q.
    let mut suit_len = 0u32;
    for t in hand.concealed() {
        let i = t.index();
        c[i] += 1;
        counts.0[i] += 1;
        if t.is_red() {
            written[i / 9] += 1;
        }
        concealed_present |= 1 << i;
        suit_len += 1 << (8 * (i / 9));
    }
    if c[win.index()] == 0 {
        return Err(invalid(format!(
            "winning tile {win} is not in the concealed part of the hand: the hand must include the winning tile (all 14 tiles, the winning one among the concealed tiles)"
        )));
    }
    let mut all_present = concealed_present;
    for call in hand.calls() {
        for t in call.tiles() {
            let i = t.index();
            counts.0[i] += 1;
            if t.is_red() {
                written[i / 9] += 1;
            }
            all_present |= 1 << i;
        }
    }
    check_situation(hand, win, s, rules, &counts, &written)?;
    // The red fives held: those written, and those the fives held must include (all
    // four fives of a suit hold its red one; see `reds_held`, from the counts at hand).
    let reds: u32 = (0..3)
        .map(|q| {
            let held = reds_held(counts.0[9 * q + 4], written[q], rules.red_fives_of_suit(q));
            u32::from(held)
        })
        .sum();
    let riichi = s.riichi || s.double_riichi;
    let sanma = rules.is_sanma();
    let count_dora = |inds: &[Tile]| -> u32 {
        inds.iter()
            .map(|i| {
                let d = if sanma {
                    crate::sanma::dora_from_indicator(*i)
                } else {
                    i.dora_from_indicator()
                };
                // Extracted Norths count as North tiles for dora and ura dora.
                let extracted = if d.index() == crate::sanma::NORTH {
                    u32::from(s.nukidora)
                } else {
                    0
                };
                counts.get(d) as u32 + extracted
            })
            .sum()
    };
    let dora = [
        count_dora(&s.dora),
        if riichi { count_dora(&s.ura) } else { 0 },
        if rules.red_fives { reds } else { 0 },
    ];
    let mut ctx = Ctx {
        nukidora: u32::from(s.nukidora),
        facts: HandFacts::new(
            &counts,
            all_present,
            hand.is_closed(),
            hand.calls().is_empty(),
            win.kind(),
            s,
            rules,
        ),
        s,
        rules,
        dora: if table { [0; 3] } else { dora },
        best: None,
        table: table.then_some(([0; EXTRA_HAN], false)),
        overflow: false,
    };
    let mut melds = [Meld::concealed(MeldShape::Sequence, Tile::new(0)); 4];
    let k = 4 - hand.calls().len();
    for (i, c) in hand.calls().iter().enumerate() {
        melds[k + i] = Meld {
            shape: match c.kind() {
                CallKind::Chi => MeldShape::Sequence,
                CallKind::Pon => MeldShape::Triplet,
                CallKind::OpenKan | CallKind::ClosedKan => MeldShape::Quad,
            },
            tile: c.first(),
            call: Some(c.kind()),
        };
    }
    let mut complete = false;
    // A pair can only be taken from the suit whose count is 2 mod 3 (every other
    // suit, and the honors, must split into melds alone).
    let suit_len = suit_len.to_le_bytes();
    let pair_suit = suit_len.iter().position(|&n| n % 3 == 2);
    let regular_possible = pair_suit.is_some()
        && suit_len
            .iter()
            .enumerate()
            .all(|(q, &n)| Some(q) == pair_suit || n % 3 == 0);
    let pair_range = match pair_suit {
        Some(q) if regular_possible => q * 9..(q * 9 + 9).min(34),
        _ => 0..0,
    };
    // In a numbered suit, every meld's numbers add up to a multiple of 3 (3n+3 for a
    // sequence from n, 3n for a triplet), so the pair's number p (0-based) has
    // 2p = the suit's sum of numbers (mod 3), that is p = 2 * sum (mod 3): the other
    // kinds of the suit have no reading and are skipped (the readings, and their
    // order, are unchanged).
    let pair_residue = match pair_suit {
        Some(q) if q < 3 => Some(pair_residue(&c, q)),
        _ => None,
    };
    for p in pair_range {
        if c[p] >= 2 && pair_residue.is_none_or(|r| p % 9 % 3 == r) {
            c[p] -= 2;
            let pair = Tile::new(p as u8);
            let present = if c[p] == 0 {
                concealed_present & !(1 << p)
            } else {
                concealed_present
            };
            melds_of(&mut c, present, &mut melds, 0, k, &mut |m| {
                complete = true;
                ctx.regular(pair, m);
            });
            c[p] += 2;
        }
    }
    // `c` is the concealed tiles again (the meld split restores it).
    if hand.calls().is_empty() {
        if all_pairs(&c, concealed_present) {
            complete = true;
            let j = yaku::judge_chiitoitsu(&ctx.facts);
            ctx.consider(j, &fu::chiitoitsu(), Wait::Tanki, ReadingShape::Chiitoitsu);
        }
        // Thirteen orphans never has another reading.
        if let Some(pair) = (!complete).then(|| kokushi(&TileCounts(c))).flatten() {
            complete = true;
            let j = yaku::judge_kokushi(pair, &ctx.facts);
            let wait = if pair == ctx.facts.win {
                Wait::Kokushi13
            } else {
                Wait::Tanki
            };
            ctx.consider(j, &Fu::default(), wait, ReadingShape::Kokushi { pair });
        }
    }
    if !complete {
        return Err(invalid("not a complete hand: no reading as 4 melds and a pair, seven pairs or thirteen orphans"));
    }
    if ctx.overflow {
        return Err(invalid(
            "aotenjou: the points of this hand pass 2^128 (some 120 han); it is not scored",
        ));
    }
    if let Some((t, any)) = ctx.table {
        return if any {
            Ok(Outcome::Table(t))
        } else {
            Err(Error::NoYaku)
        };
    }
    ctx.best.map(Outcome::Best).ok_or_else(|| {
        // "dora alone is not a yaku" only when the hand has dora to speak of.
        let dora = count_dora(&s.dora) > 0 || (rules.red_fives && reds > 0) || s.nukidora > 0;
        if dora {
            Error::NoYakuOnlyDora
        } else {
            Error::NoYaku
        }
    })
}
