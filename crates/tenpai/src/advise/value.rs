//! The points a tsumo win brings, with riichi and the exact ura dora expectation.
//!
//! A win is scored as `tenpai score` would: tsumo, the round and seat wind, the dora
//! indicators, the red fives, the rules; riichi when the hand declared it. The value is
//! the total the winner collects (every payment added up; no honba, no riichi sticks,
//! no ippatsu, no haitei). With riichi, one ura indicator per dora indicator is drawn
//! without replacement from the tiles unseen at the moment of the win (the pool less
//! the winning tile), and the value is the exact expectation over those draws.
//!
//! Dora of every kind add han to every reading alike, so a complete hand (by kind, with
//! its winning kind) is read once ([`crate::score::points_by_extra_han`]: the best
//! total with `e` extra han, for every `e`), and its value for each count of red fives
//! is that table averaged over the ura distribution (a small exact count over the
//! indicator kinds, grouped by the ura each gives). A hand's red fives only pick the
//! entry.

use super::pool::Map;
use crate::error::Error;
use crate::hand::{Call, Hand};
use crate::rules::Rules;
use crate::score::{points_by_extra_han, Situation, EXTRA_HAN};
use crate::tile::{Tile, KINDS};

/// What a complete hand by kind is worth: the expected points by the number of red
/// fives it holds, and the suits whose red five it holds whatever is written (a red
/// five in a call, or all four fives of a suit held).
#[derive(Debug, Clone, Copy)]
pub(crate) struct WinValue {
    /// By the number of red fives held (0..=3).
    pub by_reds: [f64; 4],
    /// Suits (bit q) whose red five counts whatever the concealed tiles say.
    pub fixed: u8,
}

impl WinValue {
    /// The points with the red fives of the suits `reds` (bit q) among the concealed
    /// tiles.
    #[inline]
    pub(crate) fn points(&self, reds: u8) -> f64 {
        self.by_reds[(reds | self.fixed).count_ones() as usize]
    }
}

/// Scores complete hands by kind, cached by hand and winning kind.
pub(crate) struct Scorer {
    calls: Vec<Call>,
    situation: Situation,
    rules: Rules,
    /// Copies of each kind outside the hand (calls, visible tiles, dora indicators).
    outside: [u8; KINDS],
    /// Copies of each kind in the calls.
    called: [u8; KINDS],
    /// Suits whose red five is in a call (and counts).
    called_reds: u8,
    /// Kinds of the dora indicators (with repeats).
    indicators: Vec<usize>,
    cache: Map<u32>,
    values: Vec<WinValue>,
    /// Per indicator kind, the dora kind it shows.
    dora_of: [u8; KINDS],
    /// The hand the tables are read with: the calls, and concealed tiles refilled for
    /// each new complete hand.
    hand: Hand,
    /// This thread's shared tables of points for the calls, situation and rules
    /// ([`TABLES`]), when it has them.
    shared: u64,
}

/// Points by extra han of the complete hands by kind (with the winning kind, keyed as
/// [`Scorer::value`] keys them), for one context: the calls, the situation without
/// indicators and the rules. The searches of one answer that share those (an open
/// kan's run per possible new indicator, the options of a batch with the same calls)
/// read each hand once per thread instead of once per search.
struct Shared {
    id: u64,
    calls: Vec<Call>,
    situation: Situation,
    rules: Rules,
    tables: Map<Option<[u32; EXTRA_HAN]>>,
}

/// Contexts a thread keeps tables for (the most recent last).
const SHARED_CONTEXTS: usize = 2;
/// Hands a context keeps (about 2.5 MB); past it, the tables start over.
const SHARED_HANDS: usize = 1 << 15;

thread_local! {
    static TABLES: std::cell::RefCell<Vec<Shared>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Empty the calling thread's tables of points kept between searches (the scoring of
/// complete hands, shared by the searches of one thread with the same calls, situation
/// and rules). Answers never depend on them; a benchmark that times searches one by
/// one calls this before each, so that a search repeated on the same hand is timed
/// cold, as its first run was.
///
/// ```
/// use tenpai::advise::{advise, clear_points_tables, AdviseOptions};
/// let hand: tenpai::Hand = "123m456p789s11223z".parse()?;
/// let opts = AdviseOptions { draws: 3, ..AdviseOptions::default() };
/// let warm = advise(&hand, &opts)?;
/// clear_points_tables();
/// let cold = advise(&hand, &opts)?;
/// assert_eq!(warm.discards[0].ev, cold.discards[0].ev);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn clear_points_tables() {
    TABLES.with(|t| t.borrow_mut().clear());
}

/// Ids of the contexts, unique in the process (0: none).
static NEXT_CONTEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// The id of this thread's context for `calls`, `situation` and `rules`, made when new.
fn shared_context(calls: &[Call], situation: &Situation, rules: &Rules) -> u64 {
    TABLES.with(|t| {
        let mut t = t.borrow_mut();
        if let Some(s) = t
            .iter()
            .find(|s| s.calls == calls && s.situation == *situation && s.rules == *rules)
        {
            return s.id;
        }
        if t.len() >= SHARED_CONTEXTS {
            t.remove(0);
        }
        let id = NEXT_CONTEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        t.push(Shared {
            id,
            calls: calls.to_vec(),
            situation: situation.clone(),
            rules: rules.clone(),
            tables: Map::with_capacity_and_hasher(1024, Default::default()),
        });
        id
    })
}

/// Marks a complete hand that has no yaku (it cannot win).
const NO_WIN: u32 = u32::MAX;

/// The dora a kind indicates (three players: 1m indicates 9m).
fn dora_of(kind: usize, sanma: bool) -> usize {
    let t = Tile::new(kind as u8);
    if sanma {
        crate::sanma::dora_from_indicator(t).index()
    } else {
        t.dora_from_indicator().index()
    }
}

impl Scorer {
    /// A scorer for hands with `calls`, under `situation` (tsumo is set here; riichi
    /// says whether wins are riichi wins; its dora indicators are counted here, not by
    /// the reading) and `rules`; `outside` by kind.
    pub(crate) fn new(
        calls: &[Call],
        mut situation: Situation,
        rules: &Rules,
        outside: [u8; KINDS],
    ) -> Scorer {
        situation.tsumo = true;
        let sanma = rules.is_sanma();
        let indicators = situation
            .dora
            .iter()
            .map(|t| dora_of(t.index(), sanma))
            .collect();
        situation.dora.clear();
        situation.ura.clear();
        let mut called = [0u8; KINDS];
        let mut called_reds = 0u8;
        for t in calls.iter().flat_map(|c| c.tiles()) {
            called[t.index()] += 1;
            if t.is_red() && rules.red_fives_of_suit(t.index() / 9) > 0 {
                called_reds |= 1 << (t.index() / 9);
            }
        }
        let shared = shared_context(calls, &situation, rules);
        Scorer {
            calls: calls.to_vec(),
            situation,
            rules: rules.clone(),
            shared,
            outside,
            called,
            called_reds,
            indicators,
            // (Room for the wins of a typical search: growing a map rehashes it.)
            cache: Map::with_capacity_and_hasher(1024, Default::default()),
            values: Vec::with_capacity(1024),
            dora_of: std::array::from_fn(|k| dora_of(k, sanma) as u8),
            hand: Hand::calls_to_fill(calls.to_vec()),
        }
    }

    /// The value of a tsumo win with the concealed tiles `hand` by kind (14 counting
    /// calls as 3, complete), won on kind `win`, as an index for [`Scorer::get`];
    /// `None` when the hand has no yaku. Any other refusal of the scorer is an error
    /// of the search (an impossible hand), never a silent "no win".
    // (Out of line: it runs once per new win; builds that inlined it into the graph's
    // build ran more instructions there.)
    #[inline(never)]
    pub(crate) fn value(&mut self, hand: &[u8; KINDS], win: usize) -> Result<Option<u32>, Error> {
        let key = counts_key(hand) | (win as u128) << 104;
        if let Some(&v) = self.cache.get(&key) {
            return Ok((v != NO_WIN).then_some(v));
        }
        let v = match self.compute(hand, win, key)? {
            Some(w) => {
                self.values.push(w);
                (self.values.len() - 1) as u32
            }
            None => NO_WIN,
        };
        self.cache.insert(key, v);
        Ok((v != NO_WIN).then_some(v))
    }

    /// A value found by [`Scorer::value`].
    #[inline]
    pub(crate) fn get(&self, index: u32) -> &WinValue {
        &self.values[index as usize]
    }

    /// The points by extra han of a complete hand by kind (`key` as
    /// [`Scorer::value`] makes it), from this thread's shared tables when they hold it.
    fn table(
        &mut self,
        hand: &[u8; KINDS],
        win: usize,
        key: u128,
    ) -> Result<Option<[u32; EXTRA_HAN]>, Error> {
        let known = TABLES.with(|t| {
            t.borrow()
                .iter()
                .find(|s| s.id == self.shared)
                .and_then(|s| s.tables.get(&key).copied())
        });
        if let Some(table) = known {
            return Ok(table);
        }
        // (Sorted by kind, and valid: the search only draws tiles left in the pool,
        // so no kind exceeds four counting the calls; debug builds check.) The
        // scorer's hand is refilled: its calls stay, no allocation.
        let concealed = self.hand.concealed_mut_checked_by_caller();
        concealed.clear();
        // (Four copies of each kind written, the end moved by its count: no branch on
        // the counts. At most 14 concealed tiles.)
        let mut tiles = [Tile::new(0); 18];
        let mut end = 0;
        for (t, &n) in hand.iter().enumerate() {
            let tile = Tile::new(t as u8);
            tiles[end..end + 4].fill(tile);
            end = (end + n as usize).min(14);
        }
        concealed.extend_from_slice(&tiles[..end]);
        debug_assert!(Hand::new(self.hand.concealed().to_vec(), self.calls.clone()).is_ok());
        let table = points_by_extra_han(
            &self.hand,
            Tile::new(win as u8),
            &self.situation,
            &self.rules,
        )?;
        TABLES.with(|t| {
            if let Some(s) = t.borrow_mut().iter_mut().find(|s| s.id == self.shared) {
                if s.tables.len() >= SHARED_HANDS {
                    s.tables.clear();
                }
                s.tables.insert(key, table);
            }
        });
        Ok(table)
    }

    fn compute(
        &mut self,
        hand: &[u8; KINDS],
        win: usize,
        key: u128,
    ) -> Result<Option<WinValue>, Error> {
        let Some(table) = self.table(hand, win, key)? else {
            return Ok(None);
        };
        let mut all = *hand;
        for (a, c) in all.iter_mut().zip(self.called) {
            *a += c;
        }
        let dora: usize = self.indicators.iter().map(|&d| all[d] as usize).sum();
        // The red fives held whatever the concealed tiles say: in a call, or all four
        // fives of a suit in the hand (the set's red five is then one of them).
        let mut fixed = self.called_reds;
        for q in 0..3 {
            if all[9 * q + 4] == 4 && self.rules.red_fives_of_suit(q) > 0 {
                fixed |= 1 << q;
            }
        }
        // Ura: the distribution of the ura total over the indicators drawn.
        let ura = if self.situation.riichi && !self.indicators.is_empty() {
            // Per indicator kind, its unseen copies go to the class of the ura it gives
            // (the copies of its dora kind held, four at most): five counters of 12 bits
            // in one word, no branch on the hand.
            let mut packed = 0u64;
            for k in 0..KINDS {
                let left = 4u64.saturating_sub(hand[k] as u64 + self.outside[k] as u64);
                let gain = all[self.dora_of[k] as usize].min(4) as u64;
                packed += left << (12 * gain);
            }
            let class: [usize; 5] = std::array::from_fn(|g| (packed >> (12 * g) & 0xfff) as usize);
            ura_of_classes(class, self.indicators.len())
        } else {
            // (No ura: none, surely.)
            let mut p = [0.0; MAX_URA + 1];
            p[0] = 1.0;
            Ura { p, len: 1 }
        };
        let ura = ura.probs();
        let mut by_reds = [0.0; 4];
        for (r, v) in by_reds.iter_mut().enumerate() {
            // (Every count, those of probability 0 adding 0: no branch on the
            // distribution, the same sum.)
            *v = ura.iter().enumerate().fold(0.0, |acc, (u, &p)| {
                acc + p * table[(dora + r + u).min(EXTRA_HAN - 1)] as f64
            });
        }
        Ok(Some(WinValue { by_reds, fixed }))
    }
}

/// Counts of at most 7 by kind as a number, three bits a kind (kind `i` at bit `3i`),
/// read eight counts at a time: each word's bytes are packed to 24 bits in three
/// steps (pairs of bytes, then of 16-bit lanes, then of 32-bit ones).
#[inline]
fn counts_key(hand: &[u8; KINDS]) -> u128 {
    let mut key = 0u128;
    for (j, chunk) in hand.chunks_exact(8).enumerate() {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        let mut x = u64::from_le_bytes(b);
        x = (x | x >> 5) & 0x003f_003f_003f_003f;
        x = (x | x >> 10) & 0x0000_0fff_0000_0fff;
        x = (x | x >> 20) & 0x00ff_ffff;
        key |= (x as u128) << (24 * j);
    }
    key | (hand[32] as u128) << 96 | (hand[33] as u128) << 99
}

/// The distribution of the ura dora total when `draws` indicators are drawn without
/// replacement from a pool given per kind as (copies, ura each copy gives): entry `u`
/// is the probability of `u` ura dora. Fewer copies than draws: all are drawn. Kinds
/// are grouped by the ura a copy gives (0 to 4), then counted class by class.
#[cfg(test)]
fn ura_distribution(kinds: impl IntoIterator<Item = (u32, usize)>, draws: usize) -> Ura {
    let mut class = [0usize; 5];
    for (copies, gain) in kinds {
        class[gain.min(4)] += copies as usize;
    }
    ura_of_classes(class, draws)
}

/// [`ura_distribution`] from the copies of each class (`class[u]`: the copies giving
/// `u` ura each, 4 for four or more).
fn ura_of_classes(class: [usize; 5], draws: usize) -> Ura {
    let total: usize = class.iter().sum();
    let draws = draws.min(total).min(MAX_INDICATORS);
    if draws == 1 {
        // One indicator (the common case): each class's copies over the pool, the
        // numbers the programme below gives (`1 * copies` ways out of `total`).
        let last = (0..class.len()).rev().find(|&u| class[u] > 0).unwrap_or(0);
        let all = total as f64;
        let mut p = [0.0; MAX_URA + 1];
        for (p, &c) in p.iter_mut().zip(&class[..=last]) {
            *p = c as f64 / all;
        }
        return Ura { p, len: last + 1 };
    }
    // ways[j][u]: the number of ways to choose j indicators giving u ura in all.
    let mut ways = [[0.0f64; MAX_URA + 1]; MAX_INDICATORS + 1];
    ways[0][0] = 1.0;
    for (gain, &copies) in class.iter().enumerate() {
        if copies == 0 {
            continue;
        }
        let before = ways;
        for (j, row) in before.iter().enumerate().take(draws) {
            for (u, &w) in row.iter().enumerate() {
                if w == 0.0 {
                    continue;
                }
                for take in 1..=copies.min(draws - j) {
                    let v = u + gain * take;
                    if v <= MAX_URA {
                        ways[j + take][v] += w * binomial(copies, take);
                    }
                }
            }
        }
    }
    let all = binomial(total, draws);
    let last = (0..=MAX_URA)
        .rev()
        .find(|&u| ways[draws][u] > 0.0)
        .unwrap_or(0);
    let mut p = [0.0; MAX_URA + 1];
    for (p, w) in p.iter_mut().zip(&ways[draws][..=last]) {
        *p = w / all;
    }
    Ura { p, len: last + 1 }
}

/// A distribution of the ura dora total: `p[u]` for `u < len` (the last one above 0,
/// or the single entry 0).
struct Ura {
    p: [f64; MAX_URA + 1],
    len: usize,
}

impl Ura {
    /// The probabilities, ura 0 first.
    fn probs(&self) -> &[f64] {
        &self.p[..self.len]
    }
}

/// The most dora indicators a hand can have (and so ura indicators).
const MAX_INDICATORS: usize = 5;
/// The most ura dora: four per indicator.
const MAX_URA: usize = 4 * MAX_INDICATORS;

/// `n` choose `k`, as a float (exact for the small numbers here).
fn binomial(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let mut v = 1.0;
    for i in 0..k {
        v = v * (n - i) as f64 / (i + 1) as f64;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The word-wise key is the plain one: count `i` shifted to bit `3i`.
        #[test]
        fn counts_key_packs_each_count_at_three_bits_a_kind(
            hand in proptest::array::uniform::<_, KINDS>(0u8..=7),
        ) {
            let mut plain = 0u128;
            for (i, &n) in hand.iter().enumerate() {
                plain |= (n as u128) << (3 * i);
            }
            proptest::prop_assert_eq!(counts_key(&hand), plain);
        }
    }

    /// Against plain enumeration of every ordered draw.
    #[test]
    fn ura_distribution_counts_every_draw() {
        // (Up to four indicators on copies giving four ura each: totals past nine.)
        let kinds = [(3u32, 0usize), (2, 1), (4, 2), (1, 3), (3, 4)];
        for draws in 0..=4 {
            let d = ura_distribution(kinds.iter().copied(), draws);
            let d = d.probs();
            // Enumerate ordered draws of distinct copies.
            let copies: Vec<usize> = kinds
                .iter()
                .flat_map(|&(c, g)| std::iter::repeat_n(g, c as usize))
                .collect();
            let mut count = vec![0.0f64; 17];
            let mut n = 0.0;
            fn rec(
                c: &[usize],
                used: &mut Vec<bool>,
                left: usize,
                u: usize,
                out: &mut [f64],
                n: &mut f64,
            ) {
                if left == 0 {
                    out[u] += 1.0;
                    *n += 1.0;
                    return;
                }
                for i in 0..c.len() {
                    if !used[i] {
                        used[i] = true;
                        rec(c, used, left - 1, u + c[i], out, n);
                        used[i] = false;
                    }
                }
            }
            rec(
                &copies,
                &mut vec![false; copies.len()],
                draws,
                0,
                &mut count,
                &mut n,
            );
            for (u, &p) in d.iter().enumerate() {
                assert!((p - count[u] / n).abs() < 1e-12, "draws {draws} ura {u}");
            }
            assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
    }
}
