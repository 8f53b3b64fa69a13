//! Discard advice by win chance and expected value: for each discard of a drawn hand,
//! the probability of reaching tenpai, the probability of a tsumo win and the
//! expected points of that win within the draws left, each under the policy that
//! maximises it, exact for the model below.
//!
//! # The model
//!
//! - **Pool.** For each of the 37 tile types (the 34 kinds, red fives apart), four
//!   copies of the kind less the copies in the player's hand and calls, the `visible`
//!   tiles and the dora indicators (a red five is left when it is in none of those).
//!   A tile the player discards goes back to the pool, so the pool is a function of
//!   the 13-tile hand and its size `P` never changes during the search. Each draw is
//!   uniform over the pool (`P = 0`: no draw happens).
//! - **Options after a draw.** Win by tsumo when the 14 tiles are complete and score
//!   with a yaku (optional: the policy may go on when that is worth more), or discard
//!   one tile. A riichi-locked hand wins or discards the drawn tile.
//! - **Changes.** A step is a *change* when the 13 tiles after it differ in kinds
//!   from the 13 before and the (overall) shanten is not lower. At most `changes`
//!   of them over the whole horizon. Discarding the drawn kind is never a change
//!   (drawing a red five and discarding a plain one of its kind keeps the red one for
//!   free), nor is the evaluated discard (the choice from the 14 tiles given).
//! - **Values.** `tenpai`: 1 if the discard leaves the hand tenpai, else the
//!   probability of being tenpai after some discard within `draws` draws. `win`: the
//!   probability of a tsumo win within `draws` draws. `ev`: the expected points of that
//!   win (0 without one): the total the winner collects, scored as `tenpai score`
//!   would (tsumo, round and seat wind, dora indicators, red fives as the rules say),
//!   without honba, riichi sticks, ippatsu or haitei. Each value has its own optimal
//!   policy.
//! - **Riichi.** [`RiichiPolicy::Auto`]: a closed hand declares riichi as soon as its
//!   13 tiles after a discard (the evaluated one included) are tenpai, and is locked
//!   from then on; its wins score riichi and the ura dora, as the exact expectation
//!   over one ura indicator per dora indicator drawn without replacement from the
//!   tiles unseen at the win. [`RiichiPolicy::Never`]: no declaration, no lock. Open
//!   hands never declare riichi and cannot win without a yaku.
//! - A `3k+1` hand answers the same values for the hand as it stands
//!   ([`Advice::value`]): what its `3k+2` parent's discard leaving it gets.
//!
//! # How
//!
//! A memoised depth-first search over states (the
//! 13-tile hand and the changes used), each solved once for every draw count at once;
//! with no change left only the draws that lower shanten need work.
//!
//! ```
//! use tenpai::advise::{advise, AdviseOptions};
//! let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
//! let opts = AdviseOptions { draws: 2, changes: 0, ..AdviseOptions::default() };
//! let a = advise(&hand, &opts)?;
//! let best = &a.discards[0];
//! assert_eq!(best.discard.to_string(), "3z");
//! // Waits 1z and 2z: 4 live copies in a pool of 136 - 13 = 123 tiles.
//! let p = 4.0 / 123.0;
//! assert!((best.win - (1.0 - (1.0 - p) * (1.0 - p))).abs() < 1e-12);
//! # Ok::<(), tenpai::Error>(())
//! ```

mod pool;
mod search;
mod value;

use crate::error::Error;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::score::Situation;
use crate::shanten::{mask_tiles, HandCounts};
use crate::tile::{Tile, Wind, KINDS};
use pool::{kinds, pool, TYPES};
use search::{Search, EV, TENPAI, WIN};
use serde::{Deserialize, Serialize, Serializer};

/// Most draws the search accepts.
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
/// let opts = AdviseOptions { draws: MAX_DRAWS + 1, ..AdviseOptions::default() };
/// assert!(advise(&hand, &opts).is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub const MAX_DRAWS: u32 = 30;
/// Most changes the search accepts.
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
/// let opts = AdviseOptions { changes: MAX_CHANGES + 1, ..AdviseOptions::default() };
/// assert!(advise(&hand, &opts).is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub const MAX_CHANGES: u32 = 2;
/// Highest shanten the search accepts (of the hand as given: the 14 tiles, or the 13),
/// by the changes allowed: index `K`. Measured on random dealt hands: with no change a
/// 4-shanten hand needs 10,000-360,000 states; each change allowed multiplies the
/// states by the hundreds of hands one change reaches (steps back included), so with
/// one change most 2-shanten hands pass [`MAX_STATES`] and one change stops at
/// 1-shanten, two at tenpai. [`MAX_STATES`] still stops the largest hands within these.
///
/// ```
/// use tenpai::advise::*;
/// // 2-shanten: three melds, five single honors; two changes allow tenpai hands only.
/// let hand: tenpai::Hand = "123m456p789s12345z".parse()?;
/// assert_eq!(tenpai::shanten::shanten(&hand).value(), 2);
/// let opts = AdviseOptions { draws: 2, changes: 2, ..AdviseOptions::default() };
/// assert!(advise(&hand, &opts).is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub const MAX_SHANTEN: [i8; 3] = [4, 1, 0];
/// Most states one search may hold: bounds time (seconds) and memory (about 1.2 kB
/// a state with 17 draws, so about 500 MB).
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
/// let opts = AdviseOptions { draws: 2, changes: 0, ..AdviseOptions::default() };
/// assert!(advise(&hand, &opts)?.states <= MAX_STATES);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub const MAX_STATES: usize = 400_000;

/// Whether a closed hand declares riichi.
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
/// let auto = AdviseOptions { draws: 1, changes: 0, ..AdviseOptions::default() };
/// let never = AdviseOptions { riichi: RiichiPolicy::Never, ..auto.clone() };
/// let (a, n) = (advise(&hand, &auto)?, advise(&hand, &never)?);
/// // Discarding 3z leaves tenpai: the same win chance, riichi adds han to every win.
/// assert_eq!(a.discards[0].win, n.discards[0].win);
/// assert!(a.discards[0].ev > n.discards[0].ev);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RiichiPolicy {
    /// Declare at the first tenpai of a closed hand; locked from then on.
    #[default]
    Auto,
    /// Never declare.
    Never,
}

/// The order of the discards in an answer.
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
/// let opts = AdviseOptions { draws: 1, changes: 0, sort: SortKey::Ukeire, ..AdviseOptions::default() };
/// let a = advise(&hand, &opts)?;
/// assert!(a.discards.windows(2).all(|w| w[0].shanten <= w[1].shanten));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SortKey {
    /// Expected points, then win, then tenpai.
    #[default]
    Ev,
    /// Win probability, then expected points, then tenpai.
    Win,
    /// Tenpai probability, then win, then expected points.
    Tenpai,
    /// Lower shanten, then larger ukeire, then expected points.
    Ukeire,
}

/// What to compute and in which situation.
///
/// ```
/// use tenpai::advise::*;
/// let o = AdviseOptions::default();
/// assert_eq!((o.draws, o.changes, o.riichi, o.sort), (17, 1, RiichiPolicy::Auto, SortKey::Ev));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct AdviseOptions {
    /// Draws left (`N`).
    pub draws: u32,
    /// Most changes over the horizon (`K`).
    pub changes: u32,
    /// Riichi policy.
    pub riichi: RiichiPolicy,
    /// Tiles seen elsewhere (discards, other players' calls); not the dora indicators.
    pub visible: Vec<Tile>,
    /// Dora indicators (also removed from the pool).
    pub dora: Vec<Tile>,
    /// Round wind.
    pub round_wind: Wind,
    /// Seat wind (East is the dealer).
    pub seat_wind: Wind,
    /// Scoring rules.
    pub rules: Rules,
    /// Order of the discards.
    pub sort: SortKey,
}

impl Default for AdviseOptions {
    fn default() -> Self {
        AdviseOptions {
            draws: 17,
            changes: 1,
            riichi: RiichiPolicy::Auto,
            visible: Vec::new(),
            dora: Vec::new(),
            round_wind: Wind::East,
            seat_wind: Wind::East,
            rules: Rules::tenhou(),
            sort: SortKey::Ev,
        }
    }
}

/// Values for 1..=N draws left: `per_draw.win[i]` is the win probability with `i + 1`
/// draws left.
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
/// let opts = AdviseOptions { draws: 2, changes: 0, ..AdviseOptions::default() };
/// let best = &advise(&hand, &opts)?.discards[0];
/// // More draws left never lowers the chance to win.
/// assert_eq!(best.per_draw.win.len(), 2);
/// assert!(best.per_draw.win[0] <= best.per_draw.win[1]);
/// assert_eq!(best.per_draw.win[1], best.win);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PerDraw {
    /// Tenpai probability.
    pub tenpai: Vec<f64>,
    /// Win probability.
    pub win: Vec<f64>,
    /// Expected points.
    pub ev: Vec<f64>,
}

/// The three values of one 13-tile hand.
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z".parse()?; // 3k+1: the hand as it stands
/// let opts = AdviseOptions { draws: 1, changes: 0, ..AdviseOptions::default() };
/// let v = advise(&hand, &opts)?.value.unwrap();
/// assert_eq!(v.tenpai, 1.0);
/// assert!(v.win > 0.0 && v.ev > 0.0);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HandValue {
    /// Tenpai probability within the draws (1 when tenpai now).
    pub tenpai: f64,
    /// Tsumo win probability within the draws.
    pub win: f64,
    /// Expected points received.
    pub ev: f64,
    /// The same for each number of draws left, 1..=N.
    pub per_draw: PerDraw,
}

/// One discard of a drawn hand and what it leads to.
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
/// let opts = AdviseOptions { draws: 2, changes: 0, ..AdviseOptions::default() };
/// let best = &advise(&hand, &opts)?.discards[0];
/// assert_eq!((best.discard.to_string(), best.shanten, best.ukeire_count, best.tenpai), ("3z".into(), 0, 4, 1.0));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DiscardAdvice {
    /// The discarded tile (`0m` is a red five: red and plain fives are separate choices).
    #[serde(serialize_with = "ser_tile")]
    pub discard: Tile,
    /// Shanten of the hand left.
    pub shanten: i8,
    /// Copies left in the pool of the kinds that lower the shanten of the hand left.
    pub ukeire_count: u32,
    /// Those kinds (written plainly).
    #[serde(serialize_with = "ser_tiles")]
    pub ukeire_tiles: Vec<Tile>,
    /// Tenpai probability within the draws (1 when the discard leaves tenpai).
    pub tenpai: f64,
    /// Tsumo win probability within the draws.
    pub win: f64,
    /// Expected points received.
    pub ev: f64,
    /// The values for each number of draws left, 1..=N.
    pub per_draw: PerDraw,
}

/// The answer of [`advise`].
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
/// let opts = AdviseOptions { draws: 2, changes: 0, ..AdviseOptions::default() };
/// let a = advise(&hand, &opts)?;
/// assert_eq!((a.shanten, a.discards.len(), a.pool), (0, 12, 136 - 13)); // a discard returns to the pool
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Advice {
    /// The hand, canonical.
    pub hand: String,
    /// Its overall shanten.
    pub shanten: i8,
    /// Draws left (`N`).
    pub draws: u32,
    /// Changes allowed (`K`).
    pub changes: u32,
    /// Riichi policy.
    pub riichi: RiichiPolicy,
    /// Pool size `P` (tiles that can be drawn).
    pub pool: u32,
    /// Every discard (3k+2 hands; empty for 3k+1), sorted as asked.
    pub discards: Vec<DiscardAdvice>,
    /// The values of a 3k+1 hand as it stands (absent for 3k+2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<HandValue>,
    /// States the search solved.
    pub states: usize,
}

fn ser_tile<S: Serializer>(t: &Tile, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(t)
}

fn ser_tiles<S: Serializer>(ts: &[Tile], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(ts.iter().map(|t| t.to_string()))
}

fn invalid(msg: String) -> Error {
    Error::Invalid(msg)
}

/// The advice for a hand: every discard of a `3k+2` hand with its three values, or
/// the values of a `3k+1` hand as it stands.
///
/// Errors: draws above [`MAX_DRAWS`], changes above [`MAX_CHANGES`], a hand above
/// [`MAX_SHANTEN`] for its changes, more than 5 dora indicators, more copies of a tile than the set
/// holds (hand, calls, visible and indicators together), or a search above
/// [`MAX_STATES`] states.
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
/// let opts = AdviseOptions { draws: 2, changes: 0, ..AdviseOptions::default() };
/// let a = advise(&hand, &opts)?;
/// assert_eq!(a.discards[0].discard.to_string(), "3z");
/// assert!(advise(&hand, &AdviseOptions { dora: vec![tenpai::Tile::EAST; 6], ..opts }).is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn advise(hand: &Hand, opts: &AdviseOptions) -> Result<Advice, Error> {
    if opts.draws > MAX_DRAWS {
        return Err(invalid(format!(
            "--draws {} is above the limit of {MAX_DRAWS} draws",
            opts.draws
        )));
    }
    if opts.changes > MAX_CHANGES {
        return Err(invalid(format!(
            "--changes {} is above the limit of {MAX_CHANGES} changes",
            opts.changes
        )));
    }
    if opts.dora.len() > 5 {
        return Err(invalid("at most 5 dora indicators".into()));
    }
    let concealed = pool::count_tiles(hand.concealed());
    let called = pool::count_tiles(hand.calls().iter().flat_map(|c| c.tiles()));
    let mut outside = pool::outside(&concealed, &called, &opts.visible, &opts.dora)?;
    if opts.rules.is_sanma() {
        // Three players: 2m-8m are not in the game, so none of them is ever drawn.
        crate::sanma::check_hand(hand)?;
        if let Some(t) = opts
            .visible
            .iter()
            .chain(&opts.dora)
            .find(|t| !crate::sanma::in_game(**t))
        {
            return Err(crate::sanma::removed_tile_error(*t));
        }
        for kind in outside.iter_mut().take(8).skip(1) {
            *kind = 4;
        }
    }
    let counts = if opts.rules.is_sanma() {
        HandCounts::from_hand(hand).sanma()?
    } else {
        HandCounts::from_hand(hand)
    };
    let shanten = counts.shanten_value();
    let limit = MAX_SHANTEN[opts.changes as usize];
    if shanten > limit {
        return Err(invalid(format!(
            "the hand is {shanten}-shanten: with {} change(s) advice is limited to {limit}-shanten hands",
            opts.changes
        )));
    }
    let closed = hand.is_closed();
    let auto = opts.riichi == RiichiPolicy::Auto && closed;
    let situation = Situation {
        tsumo: true,
        riichi: auto,
        round_wind: opts.round_wind,
        seat_wind: opts.seat_wind,
        dora: opts.dora.clone(),
        ..Situation::default()
    };
    let scorer = value::Scorer::new(hand.calls(), situation, &opts.rules, outside);
    let mut called_kinds = [0u8; KINDS];
    called_kinds.copy_from_slice(&kinds(&called)[..]);
    let drawn = hand.is_drawn();
    // The pool size of the 13-tile hands.
    let first13 = if drawn {
        let mut h = concealed;
        let t = hand.concealed()[0].id() as usize;
        h[t] -= 1;
        h
    } else {
        concealed
    };
    let pool_size: u32 = pool(&first13, &outside).iter().map(|&x| x as u32).sum();
    let mut search = Search::new(
        opts.draws as usize,
        opts.changes as u8,
        auto,
        closed,
        called_kinds,
        hand.calls().len(),
        outside,
        pool_size,
        scorer,
        MAX_STATES,
    );
    let value_of = |search: &Search, slot: u32| {
        let v = |obj| search.values(slot, obj);
        let n = opts.draws as usize;
        HandValue {
            tenpai: v(TENPAI)[n],
            win: v(WIN)[n],
            ev: v(EV)[n],
            per_draw: PerDraw {
                tenpai: v(TENPAI)[1..].to_vec(),
                win: v(WIN)[1..].to_vec(),
                ev: v(EV)[1..].to_vec(),
            },
        }
    };
    let mut advice = Advice {
        hand: hand.to_string(),
        shanten,
        draws: opts.draws,
        changes: opts.changes,
        riichi: opts.riichi,
        pool: pool_size,
        discards: Vec::new(),
        value: None,
        states: 0,
    };
    if !drawn {
        let slot = search.solve(&concealed, 0)?;
        advice.value = Some(value_of(&search, slot));
        advice.states = search.states();
        return Ok(advice);
    }
    for t in 0..TYPES {
        if concealed[t] == 0 {
            continue;
        }
        let mut h = concealed;
        h[t] -= 1;
        let slot = search.solve(&h, 0)?;
        let v = value_of(&search, slot);
        let kind = pool::kind_of(t);
        let after = counts
            .without(kind)
            .ok_or_else(|| invalid("internal: discard not in hand".into()))?;
        let u = crate::ukeire::ukeire_mask(&after, &crate::ukeire::Visible::none())?;
        let left = pool(&h, &outside);
        let all = kinds(&left);
        let ukeire_count = mask_tiles(u.mask).map(|k| all[k.index()] as u32).sum();
        advice.discards.push(DiscardAdvice {
            discard: pool::tile(t),
            shanten: u.shanten.value(),
            ukeire_count,
            ukeire_tiles: mask_tiles(u.mask).collect(),
            tenpai: v.tenpai,
            win: v.win,
            ev: v.ev,
            per_draw: v.per_draw,
        });
    }
    sort(&mut advice.discards, opts.sort);
    advice.states = search.states();
    Ok(advice)
}

fn sort(d: &mut [DiscardAdvice], key: SortKey) {
    let order = |a: &DiscardAdvice| -> [f64; 3] {
        match key {
            SortKey::Ev => [a.ev, a.win, a.tenpai],
            SortKey::Win => [a.win, a.ev, a.tenpai],
            SortKey::Tenpai => [a.tenpai, a.win, a.ev],
            SortKey::Ukeire => [-(a.shanten as f64), a.ukeire_count as f64, a.ev],
        }
    };
    d.sort_by(|a, b| {
        let (x, y) = (order(a), order(b));
        y[0].total_cmp(&x[0])
            .then(y[1].total_cmp(&x[1]))
            .then(y[2].total_cmp(&x[2]))
            .then(a.discard.sort_key().cmp(&b.discard.sort_key()))
    });
}
