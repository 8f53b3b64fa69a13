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
//! - **Spare exchanges (`changes`, K).** The *reference* R is the concealed tiles
//!   given (14 or 13), and `new(g)`, for a 13-tile hand `g`, counts the tiles of `g`
//!   that R does not hold, kind by kind (`sum over kinds of max(0, g - R)`; a red five
//!   is a five). The *level* is `L = s0 + K`, with `s0` the shanten of R (of a 14-tile
//!   R: its best discard's). After a draw the player may keep a 13-tile hand `g` only
//!   when `new(g) + shanten(g) <= L`; giving the drawn tile back is always allowed. One
//!   exchange lowers the shanten by at most one, so `new + shanten >= s0` always: with
//!   K = 0 the player keeps only hands on shortest paths from R, with K = 1 one spare
//!   exchange anywhere (a sideways move, a wait change, a step back), and re-drawing a
//!   tile R held is never new.
//! - **Rows.** Each discard `y` of a 14-tile hand is valued as the 13-tile hand `R - y`
//!   under the same R and L; a discard that raises the shanten beyond the level (at
//!   K = 0) is valued at the least level that admits it, one change, and its
//!   [`DiscardAdvice::changes`] says so.
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
//! The hands the player may keep form a graph (module `graph`), built by kind (which
//! hands may be kept never depends on red fives): a state is a 13-tile hand allowed at
//! the level, and after a draw the hands it may keep depend only on the 14 tiles, so
//! the best of them is a *choice node* shared by every state that draws into it; draws
//! that can only give the tile back are self-loops, riichi-locked states only wait for
//! their winning tiles. The values are then computed draw count by draw count over the
//! graph's flat arrays (module `solve`), every state at once: tenpai and win by kind,
//! ev by kind and *red set* (which suits' red five the hand holds, eight entries a
//! state), exactly as if every red set were a state of its own.
//! When the graph would pass [`MAX_STATES`] states, the answer uses fewer changes (down
//! to 0) and says so in [`Advice::changes`].
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

mod budget;
pub mod decide;
mod graph;
mod kinds;
pub mod offer;
mod pool;
pub mod riichi;
mod scratch;
mod solve;
mod value;

use crate::error::Error;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::score::Situation;
use crate::shanten::{mask_tiles, HandCounts};
use crate::tile::{Tile, Wind, KINDS};
use graph::BuildError;
use pool::{kinds, pool, Counts, TYPES};
use serde::{Deserialize, Serialize, Serializer};
pub use value::clear_points_tables;

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
/// Most states one answer may hold (all its graphs together): bounds time (a few
/// seconds) and memory. A hand whose graph passes it with the changes asked for is
/// answered with fewer; one that passes it with none is refused, naming the limit.
///
/// ```
/// use tenpai::advise::*;
/// let hand: tenpai::Hand = "123m456p789s1122z3z".parse()?;
/// let opts = AdviseOptions { draws: 2, changes: 0, ..AdviseOptions::default() };
/// assert!(advise(&hand, &opts)?.states <= MAX_STATES);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub const MAX_STATES: usize = 250_000;

/// Most states an answer with no change may hold (the last resort, after
/// [`MAX_STATES`] refused the changes asked for): a 4- or 5-shanten hand is answered
/// with no change, in seconds, within about 700 MB; past it, an error naming the
/// limit.
pub const MAX_STATES_NO_CHANGE: usize = 1_000_000;

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
    /// Most states the answer with the changes asked for (or any but none) may hold
    /// ([`MAX_STATES`] by default): past it, fewer changes.
    pub max_states: usize,
    /// Most states the answer with no change may hold
    /// ([`MAX_STATES_NO_CHANGE`] by default; never less than `max_states`): past it,
    /// an error naming the limit.
    pub max_states_no_change: usize,
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
            max_states: MAX_STATES,
            max_states_no_change: MAX_STATES_NO_CHANGE,
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
    /// The change budget this row was valued with: the answer's `changes`, or 1 for a
    /// discard that raises the shanten when no change is allowed (the least budget that
    /// lets the player keep the hand it leaves).
    pub changes: u32,
    /// Tenpai probability within the draws (1 when the discard leaves tenpai).
    pub tenpai: f64,
    /// Tsumo win probability within the draws.
    pub win: f64,
    /// Expected points received.
    pub ev: f64,
    /// The values for each number of draws left, 1..=N.
    pub per_draw: PerDraw,
    /// For a closed hand's row that leaves it tenpai, filled by
    /// [`riichi::advise_riichi`]: the values when riichi is declared with this discard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub riichi: Option<riichi::PolicyValues>,
    /// The same row's values when the hand stays dama (no declaration, ever).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dama: Option<riichi::PolicyValues>,
    /// Whether declaring is worth more (`riichi.ev > dama.ev`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declare: Option<bool>,
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
    /// Changes allowed (`K`): the budget used, which is the one asked for unless the
    /// hand needed too many states with it (then fewer, down to 0).
    pub changes: u32,
    /// Changes asked for.
    pub changes_requested: u32,
    /// Riichi policy.
    pub riichi: RiichiPolicy,
    /// Pool size `P` (tiles that can be drawn).
    pub pool: u32,
    /// Every discard (3k+2 hands; empty for 3k+1), sorted as asked.
    pub discards: Vec<DiscardAdvice>,
    /// The values of a 3k+1 hand as it stands (absent for 3k+2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<HandValue>,
    /// States the search solved: 13-tile hands by kind, in all the graphs (each with
    /// its eight red-set values).
    pub states: usize,
    /// The closed and added kans the hand may declare, each an extra row valued with
    /// the replacement draw and the new indicator (filled by
    /// [`decide::advise_decisions`]; empty from [`advise`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kans: Vec<offer::OfferOption>,
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
/// more than 5 dora indicators, more copies of a tile than the set
/// holds (hand, calls, visible and indicators together), rules with 4 red fives (the
/// pool holds one red five per suit, so a hand with `00p` is refused too), or a search above
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
    if opts.rules.red_fives_count() == 4 {
        return Err(invalid(
            "advise knows sets of 0 or 3 red fives (its pool holds at most one red five per suit): red_fives_count 4 (two red 5p) is not supported by advise; use 3".into(),
        ));
    }
    let concealed = pool::count_tiles(hand.concealed());
    let called = pool::count_tiles(hand.calls().iter().flat_map(|c| c.tiles()));
    let mut outside = pool::outside(&concealed, &called, &opts.visible, &opts.dora)?;
    let sanma = opts.rules.is_sanma();
    if sanma {
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
    let counts = if sanma {
        HandCounts::from_hand(hand).sanma()?
    } else {
        HandCounts::from_hand(hand)
    };
    let closed = hand.is_closed();
    let auto = opts.riichi == RiichiPolicy::Auto && closed;
    // (The scorer scores every win as a tsumo.)
    let situation = Situation {
        riichi: auto,
        round_wind: opts.round_wind,
        seat_wind: opts.seat_wind,
        dora: opts.dora.clone(),
        ..Situation::default()
    };
    let mut scorer = value::Scorer::new(hand.calls(), situation, &opts.rules, kinds(&outside));
    // The search's share of the process's memory budget, held to the end.
    let mut ticket = budget::Ticket::default();
    // Suits whose red five may be drawn or held: in the rules, and not outside.
    let mut live = 0u8;
    for q in 0..3 {
        if opts.rules.red_fives_of_suit(q) > 0 && outside[KINDS + q] == 0 {
            live |= 1 << q;
        }
    }
    let mut called_kinds = [0u8; KINDS];
    called_kinds.copy_from_slice(&kinds(&called)[..]);
    let drawn = hand.is_drawn();
    let reference = kinds(&concealed);
    // The 13-tile hands to value: every discard of a drawn hand, or the hand itself;
    // each with its shanten.
    let mut roots: Vec<(Option<usize>, Counts, i8)> = Vec::new();
    if drawn {
        for t in 0..TYPES {
            if concealed[t] == 0 {
                continue;
            }
            let mut h = concealed;
            h[t] -= 1;
            let s = counts
                .without(pool::kind_of(t))
                .ok_or_else(|| invalid("internal: discard not in hand".into()))?
                .shanten_value();
            roots.push((Some(t), h, s));
        }
    } else {
        roots.push((None, concealed, counts.shanten_value()));
    }
    // s0: the shanten of the hand given (of a drawn hand: its best discard's).
    let s0 = roots.iter().map(|r| r.2).min().unwrap_or(0);
    let pool_size: u32 = pool(&roots[0].1, &outside).iter().map(|&x| x as u32).sum();
    let n = opts.draws as usize;
    // The changes asked for, then fewer when a graph is too large. A level whose graph
    // was too large is not tried again (the lower budget's rows that raise the shanten
    // need that level: their graph is the same but for a few roots).
    let mut budget = opts.changes as i8;
    let mut failed = i8::MAX;
    let last_cap = opts.max_states_no_change.max(opts.max_states);
    let too_large = || {
        invalid(format!(
            "the hand is {}-shanten: its advice needs more than {} hands even with --changes 0 (the limit of the search)",
            counts.shanten_value(),
            last_cap
        ))
    };
    let (values, states) = loop {
        let highest = roots
            .iter()
            .map(|r| r.2.max(s0 + budget))
            .max()
            .unwrap_or(0);
        // (A level that failed under the smaller cap is tried again under the cap of
        // the answer with no change.)
        let retry = budget == 0 && last_cap > opts.max_states;
        if highest >= failed && !retry {
            if budget == 0 {
                return Err(too_large());
            }
            budget -= 1;
            continue;
        }
        match values_at(
            &roots,
            s0,
            budget,
            reference,
            auto,
            called_kinds,
            hand.calls().len(),
            sanma,
            outside,
            live,
            pool_size,
            n,
            if budget == 0 {
                last_cap
            } else {
                opts.max_states
            },
            &mut scorer,
            &mut ticket,
        ) {
            Ok(v) => break v,
            Err(BuildError::TooLarge(level)) if budget > 0 => {
                failed = failed.min(level);
                budget -= 1;
            }
            Err(BuildError::TooLarge(_)) => return Err(too_large()),
            Err(BuildError::Other(e)) => return Err(e),
        }
    };
    let mut advice = Advice {
        hand: hand.to_string(),
        shanten: counts.shanten_value(),
        draws: opts.draws,
        changes: budget as u32,
        changes_requested: opts.changes,
        riichi: opts.riichi,
        pool: pool_size,
        discards: Vec::new(),
        value: None,
        states,
        kans: Vec::new(),
    };
    for ((discard, h, s), (level, rows)) in roots.iter().zip(values) {
        let v = hand_value(&rows, n);
        let Some(t) = discard else {
            advice.value = Some(v);
            continue;
        };
        let kind = pool::kind_of(*t);
        let after = counts
            .without(kind)
            .ok_or_else(|| invalid("internal: discard not in hand".into()))?;
        let u = crate::ukeire::ukeire_mask(&after, &crate::ukeire::Visible::none())?;
        let left = pool(h, &outside);
        let all = kinds(&left);
        let ukeire_count = mask_tiles(u.mask).map(|k| all[k.index()] as u32).sum();
        debug_assert_eq!(u.shanten.value(), *s);
        advice.discards.push(DiscardAdvice {
            discard: pool::tile(*t),
            shanten: *s,
            ukeire_count,
            ukeire_tiles: mask_tiles(u.mask).collect(),
            changes: (level - s0) as u32,
            tenpai: v.tenpai,
            win: v.win,
            ev: v.ev,
            per_draw: v.per_draw,
            riichi: None,
            dama: None,
            declare: None,
        });
    }
    sort(&mut advice.discards, opts.sort);
    Ok(advice)
}

/// A root's values for `0..=n` draws as the public type.
fn hand_value(rows: &[[f64; 3]], n: usize) -> HandValue {
    let curve = |i: usize| rows[1..].iter().map(|r| r[i]).collect::<Vec<f64>>();
    HandValue {
        tenpai: rows[n][0],
        win: rows[n][1],
        ev: rows[n][2],
        per_draw: PerDraw {
            tenpai: curve(0),
            win: curve(1),
            ev: curve(2),
        },
    }
}

/// A root's level and its values for `0..=n` draws.
type RootValues = (i8, Vec<[f64; 3]>);

/// The values of every root with `budget` changes: each root at the level `s0 +
/// budget`, or at its own shanten when that is higher (a discard that raises the
/// shanten with no change to spare); one graph per level. Returns per root its level
/// and its values for `0..=n` draws, and the states of all graphs.
#[allow(clippy::too_many_arguments)]
fn values_at(
    roots: &[(Option<usize>, Counts, i8)],
    s0: i8,
    budget: i8,
    reference: [u8; KINDS],
    lock: bool,
    called: [u8; KINDS],
    calls: usize,
    sanma: bool,
    outside: Counts,
    live: u8,
    pool_size: u32,
    n: usize,
    max_states: usize,
    scorer: &mut value::Scorer,
    ticket: &mut budget::Ticket,
) -> Result<(Vec<RootValues>, usize), BuildError> {
    let outside_kinds = kinds(&outside);
    let base = s0 + budget;
    let level_of = |s: i8| s.max(base);
    let mut levels: Vec<i8> = roots.iter().map(|r| level_of(r.2)).collect();
    levels.sort_unstable();
    levels.dedup();
    let mut out: Vec<RootValues> = vec![(0, Vec::new()); roots.len()];
    let mut states = 0;
    // (The arrays of this thread's last search, for this one's graphs.)
    let mut scratch = scratch::take();
    for level in levels {
        let which: Vec<usize> = (0..roots.len())
            .filter(|&i| level_of(roots[i].2) == level)
            .collect();
        // The graph by kind (red fives as fives), then by type.
        let hands: Vec<Counts> = which
            .iter()
            .map(|&i| {
                let mut c = [0u8; TYPES];
                c[..KINDS].copy_from_slice(&kinds(&roots[i].1));
                c
            })
            .collect();
        let room = max_states.saturating_sub(states);
        let mut setup = graph::Setup {
            reference,
            level,
            lock,
            called,
            calls,
            sanma,
            outside: outside_kinds,
            live,
            max_states: room,
            scorer: &mut *scorer,
            ticket: &mut *ticket,
        };
        let (kg, kind_ids) = graph::build(&mut setup, &hands, &mut scratch)?;
        let ids = kind_ids;
        // Tenpai and win by kind, ev by kind and red set (module `solve`).
        let mut prep = std::mem::take(&mut scratch.prepared);
        solve::prepare(&kg, live, &outside_kinds, scorer, &mut prep);
        states += kg.states();
        // Passes are shared between the cores only for a search run outside a thread
        // pool (inside one, the caller already keeps the cores busy with searches), and
        // only when there is more than one thread to share them (with one, handing each
        // pass to the pool's thread and back is all it would do).
        let parallel = kg.states() >= solve::PARALLEL_STATES
            && rayon::current_thread_index().is_none()
            && rayon::current_num_threads() > 1;
        let rows = solve::solve(&kg, &prep, pool_size, n, &ids, parallel, &mut scratch.rows);
        let reds: Vec<usize> = which
            .iter()
            .map(|&i| {
                let c = &roots[i].1;
                prep.entry((0..3).fold(0usize, |m, q| m | (usize::from(c[KINDS + q] > 0) << q)))
            })
            .collect();
        scratch.graph = kg;
        scratch.prepared = prep;
        let vals = rows.into_iter().zip(&reds).map(|(rows, &r)| {
            rows.into_iter()
                .map(|row| [row[solve::TENPAI], row[solve::WIN], row[r]])
                .collect::<Vec<_>>()
        });
        for (i, v) in which.into_iter().zip(vals) {
            out[i] = (level, v);
        }
    }
    scratch::give_back(scratch);
    Ok((out, states))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The passes shared between threads give the one-thread answer to the bit.
    #[test]
    fn parallel_passes_equal_one_thread() {
        let hand: Hand = "3m50799p506899s45z"
            .parse()
            .unwrap_or_else(|e| panic!("{e}"));
        let opts = AdviseOptions {
            dora: vec![Tile::new(31)],
            ..AdviseOptions::default()
        };
        let concealed = pool::count_tiles(hand.concealed());
        let outside = pool::outside(&concealed, &[0; TYPES], &[], &opts.dora)
            .unwrap_or_else(|e| panic!("{e}"));
        let situation = Situation {
            riichi: true,
            dora: opts.dora.clone(),
            ..Situation::default()
        };
        let mut scorer = value::Scorer::new(&[], situation, &opts.rules, kinds(&outside));
        let reference = kinds(&concealed);
        let roots = graph::tests::discard_roots(&reference);
        let mut setup = graph::Setup {
            reference,
            level: 3,
            lock: true,
            called: [0; KINDS],
            calls: 0,
            sanma: false,
            outside: kinds(&outside),
            live: 7,
            max_states: MAX_STATES,
            scorer: &mut scorer,
            ticket: &mut budget::Ticket::default(),
        };
        let mut scratch = scratch::Scratch::default();
        let (g, ids) =
            graph::build(&mut setup, &roots, &mut scratch).unwrap_or_else(|_| panic!("built"));
        assert!(
            g.states() > 4 * 1024,
            "{} states: several chunks",
            g.states()
        );
        let mut prep = solve::Prepared::default();
        solve::prepare(&g, 7, &kinds(&outside), &scorer, &mut prep);
        let pool_size: u32 = pool(&roots[0], &outside).iter().map(|&x| x as u32).sum();
        let one = solve::solve(&g, &prep, pool_size, 17, &ids, false, &mut scratch.rows);
        // (Rows left over from the first solve: the second must not read them.)
        let many = solve::solve(&g, &prep, pool_size, 17, &ids, true, &mut scratch.rows);
        assert_eq!(one, many);
        assert!(one
            .iter()
            .any(|r| r[17][solve::WIN] > 0.0 && r[17][0] > 0.0));
    }
}
