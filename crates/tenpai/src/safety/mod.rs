//! Defence: the exact deal-in chance of each tile of a hand against riichi players,
//! with the labels players use (genbutsu, suji, no-chance...).
//!
//! # The model
//!
//! For an opponent in riichi, with river `D` (its discards, the riichi tile
//! included), `A` (tiles discarded by anyone after the riichi that it did not ron)
//! and the unseen pool `U` (four copies of each kind less my hand and calls, every
//! river, every call, the dora indicators and the other visible tiles; a red five
//! is a five):
//! - its concealed tiles (13 less 3 per closed kan) are a random draw from `U`, every
//!   multiset weighted by its number of ways, `prod over kinds C(U[t], h[t])`,
//!   conditioned on: the hand is tenpai (regular, seven pairs with seven different
//!   pairs, or thirteen orphans; a wait never needs a fifth copy counting its kans)
//!   and none of its waits is in `D` or `A` (a furiten hand cannot ron; a player who
//!   could have won on a tile of `A` would have);
//! - the **deal-in chance** of a kind `T` is the conditional probability that `T` is
//!   one of the waits. A wait whose copies are all visible still counts as a wait
//!   (for furiten and for the count), as the rules say.
//! - Several riichi opponents: their hands are taken as independent given `U` (they
//!   are drawn from the same pool, so this is an approximation, stated), and the
//!   chance of dealing into at least one is `1 - prod (1 - p_i)`.
//!
//! The **expected loss** of `T` is the expected ron payment if `T` is discarded:
//! against each opponent, its deal-in chance times the mean value of the hands that
//! `T` completes (module `value`: riichi, tanyao, honitsu/chinitsu, yakuhai, dora, red
//! fives, seven pairs, thirteen orphans, all honors; 30 fu, 25 for seven pairs; ura
//! as an expectation; the value is averaged over every hand `T` completes, furiten or
//! not), summed over the opponents (a double ron pays both). See
//! [`value::HanCounts`] and `docs/safety.md` for every simplification. Against an
//! open opponent marked tenpai (module `open`), the mean over the hands counted for
//! the chance of the best reading's han, dora and red fives at 30 fu.
//!
//! # How
//!
//! The number of hands is astronomic, so they are counted, not listed: every hand
//! splits into four group patterns (man, pin, sou, honors), and each pattern's role
//! in a tenpai hand (complete, the pair, the waiting part and its waits) is known
//! from a table built once (module `parts`). A dynamic programme over the four groups
//! (module `count`) sums the weights of the hands whose waits are not empty and avoid
//! `D ∪ A`, exactly, in 64-bit integers (at most `C(136, 13)` < 2^59 ways); the hands that also wait on `T` weigh the
//! difference between that sum and the same sum avoiding `T` as well.
//!
//! The model on real games (every tile discarded while a riichi stood, its
//! calibration, the label-table method) and in reviews: [`crate::logs::defence`].
//!
//! ```
//! use tenpai::safety::{safety, Opponent, SafetyQuery};
//! use tenpai::notation::parse_tiles;
//! let opponent = Opponent { river: parse_tiles("5z")?, ..Opponent::default() };
//! let q = SafetyQuery::new("123m456p789s1122z5z".parse()?, vec![opponent]);
//! let s = safety(&q)?;
//! let first = &s.tiles[0]; // safest first: the genbutsu 5z
//! assert_eq!((first.tile.to_string(), first.deal_in), ("5z".to_string(), 0.0));
//! assert!(first.labels.iter().any(|l| l == "genbutsu"));
//! # Ok::<(), tenpai::Error>(())
//! ```

mod count;
pub(crate) mod labels;
mod open;
mod parts;
mod request;
mod seen;
pub mod value;

pub use request::{safety_request, OpponentRequest, SafetyRequest};

use crate::error::Error;
use crate::hand::{Call, CallKind, Hand};
use crate::rules::Rules;
use crate::tile::{Tile, Wind, KINDS};
use seen::pool_of;
use seen::{dora_by_kind, reds_seen};

/// One riichi opponent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Opponent {
    /// Its discards in order, the riichi tile included.
    pub river: Vec<Tile>,
    /// The 0-based index in `river` of its riichi tile (`None`: the last one).
    pub riichi_at: Option<usize>,
    /// Tiles the other players discarded after its riichi (it did not ron them).
    pub after: Vec<Tile>,
    /// The kinds of its closed kans.
    pub kans: Vec<Tile>,
    /// Its seat wind (East: the dealer); `None`: South, a non-dealer.
    pub seat: Option<Wind>,
    /// Marked tenpai without riichi: an open hand (its [`Opponent::calls`]) waiting
    /// for a win with a yaku (module `open`, docs/safety.md). Its river makes it
    /// furiten as a riichi player's does; `riichi_at` must be `None`.
    pub tenpai: bool,
    /// Its open calls (chi, pon, open kan), for an opponent marked [`Opponent::tenpai`];
    /// its closed kans stay in [`Opponent::kans`].
    pub calls: Vec<Call>,
}

/// A defence question: my hand, the riichi opponents and every other visible tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SafetyQuery {
    /// My hand (concealed tiles and calls).
    pub hand: Hand,
    /// The riichi opponents (at least one).
    pub opponents: Vec<Opponent>,
    /// Every other visible tile: the other rivers, the other calls (tiles not already
    /// in a river, `after` or my hand).
    pub visible: Vec<Tile>,
    /// The dora indicators.
    pub dora: Vec<Tile>,
    /// The round wind (for the opponents' yakuhai).
    pub round: Wind,
    /// The rules the hands are valued under (a four-player set).
    pub rules: Rules,
}

/// One opponent's figures for a tile.
#[derive(Debug, Clone, PartialEq)]
pub struct OpponentSafety {
    /// The chance that the tile is one of its waits.
    pub deal_in: f64,
    /// The expected ron payment to it: `deal_in` times the mean value of the hands
    /// the tile completes (module `value` for a riichi, `open` for an open opponent
    /// marked tenpai; always `Some` now, an `Option` for the answers' stability).
    pub expected_loss: Option<f64>,
    /// The labels against this opponent (genbutsu, suji, half-suji).
    pub labels: Vec<String>,
}

impl SafetyQuery {
    /// My hand against these opponents, nothing else visible, no dora indicator, the
    /// East round, Tenhou's rules.
    pub fn new(hand: Hand, opponents: Vec<Opponent>) -> SafetyQuery {
        SafetyQuery {
            hand,
            opponents,
            visible: Vec::new(),
            dora: Vec::new(),
            round: Wind::East,
            rules: Rules::tenhou(),
        }
    }
}

/// One kind of my hand.
#[derive(Debug, Clone, PartialEq)]
pub struct TileSafety {
    /// The tile (a red five apart from a plain one).
    pub tile: Tile,
    /// The chance of dealing into at least one opponent.
    pub deal_in: f64,
    /// The expected ron payment, summed over the opponents (always `Some` now).
    pub expected_loss: Option<f64>,
    /// Labels as players use them: `genbutsu`, `suji`, `half-suji` (against every
    /// opponent), `no-chance`, `one-chance`, `honor, N left`, `dora`.
    pub labels: Vec<String>,
    /// Per opponent, in the query's order.
    pub per_opponent: Vec<OpponentSafety>,
}

/// The answer: each kind of my hand, safest first.
#[derive(Debug, Clone, PartialEq)]
pub struct Safety {
    /// My hand.
    pub hand: Hand,
    /// One entry per distinct tile of my concealed hand, safest first (ties in tile
    /// order).
    pub tiles: Vec<TileSafety>,
}

/// A riichi hand under the model, as counts: the low-level entry point (the query
/// form, [`safety`], builds these).
///
/// ```
/// use tenpai::safety::Model;
/// // Only one suit left unseen (the rest all visible): a small pool.
/// let mut pool = [0u8; 34];
/// for k in 0..9 { pool[k] = 4; }
/// let m = Model::new(pool, 13, &[])?;
/// let w = m.weights(0, &[0, 4]);
/// assert!(w.total > 0 && w.waiting[0] < w.total);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Model(count::Model);

/// Weights of hands (numbers of ways) from [`Model::weights`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// The tenpai hands whose waits avoid the furiten set.
    pub total: u128,
    /// For each asked kind, those among them that wait on it.
    pub waiting: Vec<u128>,
}

impl Weights {
    /// The chance of each asked kind (0 when no hand is possible).
    pub fn chances(&self) -> Vec<f64> {
        self.waiting
            .iter()
            .map(|&w| {
                if self.total == 0 {
                    0.0
                } else {
                    ratio(w, self.total)
                }
            })
            .collect()
    }
}

/// `a / b` for `a <= b` to the last bit of an `f64`.
fn ratio(a: u128, b: u128) -> f64 {
    // Both below 2^128; scale so that b fits 2^100 at most, keeping 53 bits of a/b.
    a as f64 / b as f64
}

impl Model {
    /// A riichi hand drawn from `pool` (unseen copies per kind, at most 4) with
    /// `concealed` tiles (13, 10, 7, 4 or 1) and closed kans of the kinds `kans`
    /// (whose copies must not be in the pool).
    pub fn new(pool: [u8; KINDS], concealed: u8, kans: &[usize]) -> Result<Model, Error> {
        if let Some(k) = pool.iter().position(|&c| c > 4) {
            return Err(Error::Invalid(format!(
                "the pool holds {} copies of {}",
                pool[k],
                Tile::new(k as u8)
            )));
        }
        if concealed > 13 || concealed % 3 != 1 {
            return Err(Error::Invalid(format!(
                "a riichi hand holds 13, 10, 7, 4 or 1 concealed tiles, not {concealed}"
            )));
        }
        if usize::from((13 - concealed) / 3) != kans.len() {
            return Err(Error::Invalid(format!(
                "{concealed} concealed tiles need {} kans, not {}",
                (13 - concealed) / 3,
                kans.len()
            )));
        }
        let mut mask = 0u64;
        for &k in kans {
            if k >= KINDS || pool[k] != 0 || mask & (1 << k) != 0 {
                return Err(Error::Invalid(format!(
                    "a kan of {} with copies of it unseen or twice",
                    Tile::new(k.min(KINDS - 1) as u8)
                )));
            }
            mask |= 1 << k;
        }
        Ok(Model(count::Model {
            pool,
            concealed,
            kans: mask,
        }))
    }

    /// The weight of the tenpai hands whose waits avoid the kinds of the mask
    /// `furiten` (bit per kind), and for each kind of `kinds`, of those waiting on it
    /// (a kind past the last, 33, reads as the last; mask bits past it are ignored).
    pub fn weights(&self, furiten: u64, kinds: &[usize]) -> Weights {
        let kinds: Vec<usize> = kinds.iter().map(|&k| k.min(KINDS - 1)).collect();
        let (total, waiting) = self.0.weights(furiten & ((1 << KINDS) - 1), &kinds);
        Weights { total, waiting }
    }
}

/// `a` and `b`, on two threads of the pool if `parallel`.
fn join<A: Send, B: Send>(
    parallel: bool,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    if parallel {
        rayon::join(a, b)
    } else {
        (a(), b())
    }
}

/// The model of one opponent of a query, and its furiten mask.
fn model_of(pool: &[u8; KINDS], o: &Opponent) -> Result<(Model, u64), Error> {
    if o.river.is_empty() {
        return Err(Error::Invalid(
            "a riichi opponent's river holds at least its riichi tile".into(),
        ));
    }
    if let Some(i) = o.riichi_at {
        if i >= o.river.len() {
            return Err(Error::Invalid(format!(
                "the riichi index {i} is past the river ({} tiles, indices 0 to {})",
                o.river.len(),
                o.river.len() - 1
            )));
        }
    }
    if o.kans.len() > 4 {
        return Err(Error::Invalid("a hand has at most 4 kans".into()));
    }
    let kans: Vec<usize> = o.kans.iter().map(|t| t.index()).collect();
    let concealed = 13 - 3 * kans.len() as u8;
    let model = Model::new(*pool, concealed, &kans)?;
    let furiten = o
        .river
        .iter()
        .chain(&o.after)
        .fold(0u64, |m, t| m | (1 << t.index()));
    Ok((model, furiten))
}

/// The deal-in chance of each tile of my hand against every riichi opponent.
///
/// Errors: no opponent, a kind seen more than four times (named, with where it was
/// seen), a riichi index past the river, an empty river, more than four kans.
pub fn safety(q: &SafetyQuery) -> Result<Safety, Error> {
    if q.opponents.is_empty() {
        return Err(Error::Invalid("no riichi opponent".into()));
    }
    if q.rules.players != 4 {
        return Err(Error::Invalid(format!(
            "safety counts a four-player set, not the {}-player rules {}",
            q.rules.players, q.rules.name
        )));
    }
    let pool = pool_of(q)?;
    // One situation's independent parts (the three suits' sums, then the chance and
    // the expected loss) run on two threads when called outside a thread pool; inside
    // one (a batch, the corpus evaluation) the caller already keeps the cores busy.
    let parallel = rayon::current_thread_index().is_none();
    // The distinct tiles of my concealed hand (red fives apart).
    let mut tiles: Vec<Tile> = Vec::new();
    for &t in q.hand.concealed() {
        if !tiles.contains(&t) {
            tiles.push(t);
        }
    }
    tiles.sort_by_key(|t| t.sort_key());
    let mut kinds: Vec<usize> = tiles.iter().map(|t| t.index()).collect();
    kinds.dedup();
    let mut per_opp: Vec<Vec<f64>> = Vec::new();
    let mut values: Vec<Vec<f64>> = Vec::new();
    let mut dora_han = [0u8; KINDS];
    for t in &q.dora {
        dora_han[t.dora_from_indicator().index()] += 1;
    }
    // The suits' weight sums, made once per number of concealed tiles and shared by
    // the chance and the value.
    let mut sums: Vec<(u8, [parts::SuitSums; 3])> = Vec::new();
    for o in &q.opponents {
        if o.tenpai || !o.calls.is_empty() {
            let (m, furiten) = open_model_of(q, &pool, o)?;
            // Per asked kind, the hands it deals into (their weight: the chance) and
            // their payments; beside it, whether any hand fits.
            let v = open_value_of(q, &pool, o);
            let ((total, _), sums) = join(
                parallel,
                || m.weights(furiten, &[]),
                || m.values(&v, &q.rules, furiten, &kinds),
            );
            if total == 0 {
                return Err(Error::Invalid(
                    "no tenpai hand with a yaku fits this open opponent (every yaku wait is furiten or exhausted)".into(),
                ));
            }
            let waiting = sums.iter().map(|s| s.0).collect();
            per_opp.push(Weights { total, waiting }.chances());
            values.push(
                tiles
                    .iter()
                    .map(|t| {
                        let ki = kinds.iter().position(|&k| k == t.index()).unwrap_or(0);
                        let (w, plain, red) = sums[ki];
                        if w == 0 {
                            0.0
                        } else if t.is_red() {
                            red / w as f64
                        } else {
                            plain / w as f64
                        }
                    })
                    .collect(),
            );
            continue;
        }
        let (m, furiten) = model_of(&pool, o)?;
        let n = m.0.concealed;
        if !sums.iter().any(|(c, _)| *c == n) {
            // The red fives unseen (the same for every opponent).
            let red = value_model(q, &pool, o).red;
            let s = |g: usize| {
                let (pool, dora) = (&pool[9 * g..9 * g + 9], &dora_han[9 * g..9 * g + 9]);
                parts::SuitSums::new(pool, dora, n, red[g])
            };
            let (s0, (s1, s2)) = join(parallel, || s(0), || join(parallel, || s(1), || s(2)));
            sums.push((n, [s0, s1, s2]));
        }
        let s = sums.iter().find(|(c, _)| *c == n).map(|(_, s)| s);
        // The chance and the expected loss, each from the sums.
        let ((total, waiting), v) = join(
            parallel,
            || m.0.weights_with(furiten, &kinds, s),
            || mean_values(q, &pool, o, &tiles, s),
        );
        let w = Weights { total, waiting };
        if w.total == 0 {
            return Err(Error::Invalid(
                "no tenpai hand fits this riichi (every wait is furiten or exhausted)".into(),
            ));
        }
        per_opp.push(w.chances());
        values.push(v);
    }
    let dora: Vec<Tile> = q.dora.iter().map(|t| t.dora_from_indicator()).collect();
    let mut out: Vec<TileSafety> = tiles
        .iter()
        .enumerate()
        .map(|(ti, &t)| {
            let ki = kinds.iter().position(|&k| k == t.index()).unwrap_or(0);
            let per_opponent: Vec<OpponentSafety> = q
                .opponents
                .iter()
                .zip(&per_opp)
                .zip(&values)
                .map(|((o, p), v)| OpponentSafety {
                    deal_in: p[ki],
                    expected_loss: if p[ki] > 0.0 {
                        Some(p[ki] * v[ti])
                    } else {
                        Some(0.0)
                    },
                    labels: labels::against(t, o),
                })
                .collect();
            // One opponent: its chance as it is (no rounding through 1 - (1 - p)).
            let deal_in = match per_opponent.as_slice() {
                [one] => one.deal_in,
                many => 1.0 - many.iter().map(|o| 1.0 - o.deal_in).product::<f64>(),
            };
            let expected_loss = per_opponent
                .iter()
                .map(|o| o.expected_loss)
                .sum::<Option<f64>>();
            let mut labels: Vec<String> = Vec::new();
            for l in &per_opponent[0].labels {
                if per_opponent.iter().all(|o| o.labels.contains(l)) {
                    labels.push(l.clone());
                }
            }
            labels.extend(labels::of_tile(t, &pool, &dora));
            TileSafety {
                tile: t,
                deal_in: deal_in.clamp(0.0, 1.0),
                expected_loss,
                labels,
                per_opponent,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        a.deal_in
            .total_cmp(&b.deal_in)
            .then(a.tile.sort_key().cmp(&b.tile.sort_key()))
    });
    Ok(Safety {
        hand: q.hand.clone(),
        tiles: out,
    })
}

/// The open model of an opponent marked tenpai, and its furiten mask.
fn open_model_of(
    q: &SafetyQuery,
    pool: &[u8; KINDS],
    o: &Opponent,
) -> Result<(open::OpenModel, u64), Error> {
    if !o.tenpai {
        return Err(Error::Invalid(
            "open calls belong to an opponent marked tenpai (a riichi player's calls are closed kans)".into(),
        ));
    }
    if o.riichi_at.is_some() {
        return Err(Error::Invalid(
            "an opponent marked tenpai is not in riichi: no riichi index".into(),
        ));
    }
    if !o.calls.iter().any(|c| c.is_open()) {
        return Err(Error::Invalid(
            "an opponent marked tenpai needs an open call, like (555z) or (123m) (a closed hand is counted as a riichi)".into(),
        ));
    }
    if o.calls.len() + o.kans.len() > 4 {
        return Err(Error::Invalid("a hand has at most 4 calls".into()));
    }
    let mut called = [0u8; KINDS];
    let (mut chi, mut call_yaku, mut call_suits, mut call_simple) = (false, false, 0u8, true);
    let seat = o.seat.unwrap_or(Wind::South);
    let value: u8 = 0b111_0000 | (1 << q.round.index()) | (1 << seat.index());
    let mut kans = o.kans.len();
    let (mut call_runs, mut call_trips, mut call_out) = ([0u8; 3], [0u16; 3], true);
    let mut closed_kans = 0u8;
    let kinds = o
        .calls
        .iter()
        .map(|c| (c.first(), c.kind(), c.tiles().to_vec()))
        .chain(o.kans.iter().map(|&t| (t, CallKind::ClosedKan, vec![t; 4])));
    for (first, kind, tiles) in kinds {
        for t in &tiles {
            called[t.index()] += 1;
            call_simple &= t.is_simple();
        }
        let k = first.index();
        match kind {
            CallKind::Chi => chi = true,
            CallKind::OpenKan => kans += 1,
            _ => {}
        }
        if kind == CallKind::ClosedKan {
            closed_kans += 1;
        }
        if kind == CallKind::Chi {
            call_runs[k / 9] |= 1 << (k % 9);
            call_out &= k % 9 == 0 || k % 9 == 6;
        } else {
            if k < 27 {
                call_trips[k / 9] |= 1 << (k % 9);
            }
            call_out &= !first.is_simple();
        }
        if k >= 27 && kind != CallKind::Chi && value & (1 << (k - 27)) != 0 {
            call_yaku = true;
        }
        if k < 27 {
            call_suits |= 1 << (k / 9);
        }
    }
    if kans >= 3 {
        call_yaku = true;
    }
    let concealed = 13 - 3 * (o.calls.len() + o.kans.len()) as u8;
    let furiten = o
        .river
        .iter()
        .chain(&o.after)
        .fold(0u64, |m, t| m | (1 << t.index()));
    Ok((
        open::OpenModel {
            pool: *pool,
            concealed,
            called,
            chi,
            call_yaku,
            call_suits,
            call_simple,
            value,
            open_tanyao: q.rules.open_tanyao,
            call_runs,
            call_trips,
            call_out,
            closed_kans,
        },
        furiten,
    ))
}

/// The value model of an open opponent marked tenpai (module `open`): dora by the
/// indicators, the unseen red fives, its calls' dora and red fives (as written; a kan
/// of fives holds the suit's red fives) and the fives they write plain (for the red
/// fives a win must hold, see [`open::OpenValue::plain_in_set`]), its yakuhai, its seat.
fn open_value_of(q: &SafetyQuery, pool: &[u8; KINDS], o: &Opponent) -> open::OpenValue {
    let dora = dora_by_kind(q);
    let calls: Vec<Call> = o
        .calls
        .iter()
        .cloned()
        .chain(
            o.kans
                .iter()
                .filter_map(|&t| Call::new(CallKind::ClosedKan, &[t; 4]).ok()),
        )
        .collect();
    let mut call_reds = [0u8; 3];
    let mut call_plain = [0u8; 3];
    let mut red_in_play = [0u8; 3];
    let mut red = [0u8; 3];
    if q.rules.red_fives {
        for (s, r) in red_in_play.iter_mut().enumerate() {
            *r = q.rules.red_fives_of_suit(s);
        }
        for c in &calls {
            let k = c.first().index();
            if c.kind().is_kan() && k < 27 && k % 9 == 4 {
                call_reds[k / 9] = red_in_play[k / 9];
                call_plain[k / 9] = 4 - red_in_play[k / 9];
            } else {
                for t in c
                    .tiles()
                    .iter()
                    .filter(|t| t.index() < 27 && t.index() % 9 == 4)
                {
                    if t.is_red() {
                        call_reds[t.index() / 9] += 1;
                    } else {
                        call_plain[t.index() / 9] += 1;
                    }
                }
            }
        }
        // (Its own calls' red fives are among those seen; a kan of fives holds no
        // five of the pool.)
        let seen = reds_seen(q);
        for s in 0..3 {
            red[s] = red_in_play[s].saturating_sub(seen[s]).min(pool[9 * s + 4]);
        }
    }
    let seat = o.seat.unwrap_or(Wind::South);
    let yakuhai = yakuhai_han(q, seat);
    let tiles = || calls.iter().flat_map(|c| c.tiles().to_vec());
    let green = |k: usize| matches!(k, 19 | 20 | 21 | 23 | 25 | 32);
    open::OpenValue {
        red,
        dora,
        yakuhai,
        call_dora: tiles().map(|t| dora[t.index()]).sum::<u8>() + call_reds.iter().sum::<u8>(),
        call_plain,
        plain_in_set: red_in_play.map(|r| 4 - r),
        call_honors: tiles().any(|t| t.is_honor()),
        call_term: tiles().all(|t| t.is_terminal_or_honor()),
        call_green: tiles().all(|t| green(t.index())),
        kans: calls.iter().filter(|c| c.kind().is_kan()).count() as u8,
        dealer: seat == Wind::East,
    }
}

/// The value model of one opponent of a query.
pub(crate) fn value_model(q: &SafetyQuery, pool: &[u8; KINDS], o: &Opponent) -> value::ValueModel {
    let dora = dora_by_kind(q);
    // Red fives: those in play less those seen (mine, rivers, calls, visible,
    // indicators).
    let mut red_in_play = [0u8; 3];
    let mut red = [0u8; 3];
    if q.rules.red_fives {
        let seen = reds_seen(q);
        for s in 0..3 {
            red_in_play[s] = q.rules.red_fives_of_suit(s);
            red[s] = red_in_play[s].saturating_sub(seen[s]).min(pool[9 * s + 4]);
        }
    }
    let yakuhai = yakuhai_han(q, o.seat.unwrap_or(Wind::South));
    value::ValueModel {
        pool: *pool,
        red,
        red_in_play,
        dora,
        kans: o.kans.iter().map(|t| t.index()).collect(),
        yakuhai,
    }
}

/// Yakuhai han per honor kind (1z..7z) for a player of `seat`: the dragons one, the
/// round wind and the seat wind one each (two for a double wind).
fn yakuhai_han(q: &SafetyQuery, seat: Wind) -> [u8; 7] {
    let mut yakuhai = [0u8; 7];
    yakuhai[4..].fill(1);
    yakuhai[q.round.index()] += 1;
    yakuhai[seat.index()] += 1;
    yakuhai
}

/// The mean ron payment of the hands each of `tiles` completes, for one opponent
/// (0 where none).
fn mean_values(
    q: &SafetyQuery,
    pool: &[u8; KINDS],
    o: &Opponent,
    tiles: &[Tile],
    sums: Option<&[parts::SuitSums; 3]>,
) -> Vec<f64> {
    let m = value_model(q, pool, o);
    let n = 13 - 3 * o.kans.len() as u8;
    let dealer = o.seat == Some(Wind::East);
    let (ura, chance) = ura_model(q.dora.len(), o.kans.len());
    m.han_counts_with(n, tiles, sums)
        .iter()
        .map(|h| {
            h.expected_payment(dealer, &q.rules, ura, chance)
                .unwrap_or(0.0)
        })
        .collect()
}

/// The ura model: one ura indicator per dora indicator (at least one), each adding
/// one han with the chance (tiles of the winning hand) / 34, the mean number of
/// copies of a kind in it.
pub fn ura_model(indicators: usize, kans: usize) -> (u32, f64) {
    (indicators.max(1) as u32, (14 + kans) as f64 / 34.0)
}

#[cfg(test)]
mod tests;
