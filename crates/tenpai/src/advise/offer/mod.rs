//! Calls on an offered tile: pass, ron, chi, pon or open kan, each valued on the
//! advise engine's scale (tenpai, win, ev), ranked, the best named.
//!
//! Every option is the engine run on the hand the option leaves (module docs of
//! [`crate::advise`] for the model); nothing here changes the engine:
//!
//! - **pass**: the 13-tile hand as it stands, exactly [`advise`] of the hand with the
//!   same options.
//! - **ron**: the hand and the offered tile, complete with a yaku: `tenpai` and `win`
//!   1, `points` as `tenpai score` gives them for a ron with the situation of the
//!   options (riichi when the policy is `auto` and the hand closed: under that policy a
//!   closed tenpai hand has declared), `ev` those points with the exact expectation of
//!   the ura dora under riichi. Refused when [`OfferOptions::furiten`].
//! - **chi** (only from the left, never in sanma), **pon**: the called hand (its
//!   concealed tiles less the two used, the call added) is a 3k+2 hand: [`advise`]
//!   values each of its discards with the reference R = those concealed tiles, and the
//!   option takes the best discard (by the sort key) that kuikae allows. Each distinct
//!   set of tiles is its own option (a red five in the call or kept in the hand). After
//!   the call the hand is open: no riichi, a win needs a yaku, kuisagari and open
//!   tanyao as the rules say (the engine scores open hands so).
//! - **kan** (open kan, daiminkan): the called hand has 3k+1 concealed tiles and draws
//!   a replacement tile. The model: a new dora indicator is turned, drawn uniformly
//!   from the pool of the called hand, then the replacement tile is drawn from the
//!   pool, and the hand goes on with the `N` draws of the others. Its value is the exact
//!   expectation over the indicator: for each tile type `i` of the pool, [`advise`] of
//!   the called hand with `i` added to the indicators (so out of the pool) and `N + 1`
//!   draws (the first is the replacement), weighted by the copies of `i` in the pool.
//!   A win on the replacement tile is scored as a plain tsumo (rinshan kaihou is not
//!   counted). With 5 indicators already, no new one; with `N` at [`super::MAX_DRAWS`],
//!   the kan is valued with `N` draws (the limit).
//!
//! The offered tile is one copy: when it is also among the visible tiles (it lies in
//! a discard pond), the called options count it once (in the call), and pass, as
//! `tenpai advise HAND`, counts it where the options put it.
//!
//! ```
//! use tenpai::advise::offer::{advise_offer, Choice, OfferOptions};
//! use tenpai::advise::AdviseOptions;
//! // 1-shanten; the pair of 7z (red dragon) is the only yaku on offer.
//! let hand: tenpai::Hand = "234m66p678s689s77z".parse()?;
//! let opts = AdviseOptions { draws: 3, changes: 0, ..AdviseOptions::default() };
//! let a = advise_offer(&hand, tenpai::Tile::from_mpsz("7z").unwrap(), &OfferOptions::default(), &opts)?;
//! let pon = a.options.iter().find(|o| o.option == Choice::Pon).unwrap();
//! assert_eq!(pon.call.unwrap().to_string(), "(777z)");
//! assert_eq!(pon.shanten, 0); // tenpai after the pon and its discard
//! # Ok::<(), tenpai::Error>(())
//! ```

mod kans;
mod price;

pub use kans::kan_rows;

use super::pool::{count_tiles, kinds, outside, Counts};
use super::{advise, AdviseOptions, DiscardAdvice, HandValue, PerDraw, RiichiPolicy, SortKey};
use crate::error::Error;
use crate::hand::{Call, CallKind, Hand};
use crate::tile::{Suit, Tile, KINDS};
use price::{kan_option, ron};
use rayon::prelude::*;
use serde::{Deserialize, Serialize, Serializer};
use std::collections::HashMap;

/// The player who discarded the offered tile, seen from the one deciding.
///
/// ```
/// use tenpai::advise::offer::Discarder;
/// assert_eq!("across".parse::<Discarder>().unwrap(), Discarder::Across);
/// assert_eq!(Discarder::default(), Discarder::Left);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Discarder {
    /// The player on the left (kamicha): the only one a chi is called from.
    #[default]
    Left,
    /// The player across (toimen).
    Across,
    /// The player on the right (shimocha).
    Right,
}

impl std::str::FromStr for Discarder {
    type Err = Error;
    fn from_str(s: &str) -> Result<Discarder, Error> {
        match s {
            "left" => Ok(Discarder::Left),
            "across" => Ok(Discarder::Across),
            "right" => Ok(Discarder::Right),
            other => Err(Error::Invalid(format!(
                "--from: {other:?} is not left, across or right"
            ))),
        }
    }
}

impl Discarder {
    /// The name as the interfaces write it.
    ///
    /// ```
    /// assert_eq!(tenpai::advise::offer::Discarder::Right.name(), "right");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Discarder::Left => "left",
            Discarder::Across => "across",
            Discarder::Right => "right",
        }
    }
}

/// One kind of option on an offered tile.
///
/// ```
/// use tenpai::advise::offer::Choice;
/// assert_eq!("kan".parse::<Choice>().unwrap(), Choice::Kan);
/// assert_eq!(Choice::Chi.name(), "chi");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Choice {
    /// Let the tile go.
    Pass,
    /// Win on it.
    Ron,
    /// Call a sequence with it (from the left).
    Chi,
    /// Call a triplet with it.
    Pon,
    /// Call a quad with it (open kan).
    Kan,
}

impl Choice {
    /// The name as the interfaces write it.
    pub fn name(self) -> &'static str {
        match self {
            Choice::Pass => "pass",
            Choice::Ron => "ron",
            Choice::Chi => "chi",
            Choice::Pon => "pon",
            Choice::Kan => "kan",
        }
    }
}

impl std::str::FromStr for Choice {
    type Err = Error;
    fn from_str(s: &str) -> Result<Choice, Error> {
        match s {
            "pass" => Ok(Choice::Pass),
            "ron" => Ok(Choice::Ron),
            "chi" => Ok(Choice::Chi),
            "pon" => Ok(Choice::Pon),
            "kan" => Ok(Choice::Kan),
            other => Err(Error::Invalid(format!(
                "--call: {other:?} is not pass, ron, chi, pon or kan"
            ))),
        }
    }
}

/// The situation of the offer beyond the advise options.
///
/// ```
/// use tenpai::advise::offer::*;
/// let o = OfferOptions::default();
/// assert_eq!((o.from, o.furiten, o.kuikae, o.only, o.discard), (Discarder::Left, false, false, None, None));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OfferOptions {
    /// Who discarded the tile.
    pub from: Discarder,
    /// The player is furiten: no ron.
    pub furiten: bool,
    /// Kuikae is allowed (every preset forbids it: after a chi or pon, the called kind,
    /// or the tile at the other end of a chi's sequence, may not be discarded at once).
    pub kuikae: bool,
    /// Only this kind of option (with pass when it is another): an error names why
    /// none is legal.
    pub only: Option<Choice>,
    /// The discard after a chi or pon, when the player has one in mind (an error when
    /// kuikae refuses it for every call).
    pub discard: Option<Tile>,
}

/// One option with its values.
///
/// ```
/// use tenpai::advise::offer::*;
/// use tenpai::advise::AdviseOptions;
/// let hand: tenpai::Hand = "123m456p789s1122z".parse()?; // waits 1z and 2z
/// let opts = AdviseOptions { draws: 2, changes: 0, ..AdviseOptions::default() };
/// let a = advise_offer(&hand, tenpai::Tile::from_mpsz("1z").unwrap(), &OfferOptions::default(), &opts)?;
/// let ron = &a.options[0]; // riichi (auto, closed), double East: 3 han 40 fu, dealer
/// assert_eq!((ron.option, ron.win, ron.points), (Choice::Ron, 1.0, Some(7700)));
/// assert_eq!(a.best, "ron");
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferOption {
    /// What the player does.
    pub option: Choice,
    /// The call made (chi, pon, kan), with its red fives (`(406m)`).
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "ser_call")]
    pub call: Option<Call>,
    /// The discard after a chi or pon: the best one kuikae allows.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "ser_tile")]
    pub discard: Option<Tile>,
    /// Shanten of the 13 tiles the option leaves (-1 for ron).
    pub shanten: i8,
    /// Tenpai probability within the draws.
    pub tenpai: f64,
    /// Win probability within the draws (1 for ron).
    pub win: f64,
    /// Expected points.
    pub ev: f64,
    /// The ron's points as `tenpai score` gives them (without ura dora).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// The values for each number of draws left (not for ron).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_draw: Option<PerDraw>,
    /// The change budget the values used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<u32>,
    /// Chi and pon: the called hand's discard table (those kuikae allows), sorted.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub discards: Vec<DiscardAdvice>,
}

impl OfferOption {
    /// `pass`, `ron`, `chi (406m)`, `pon (555z)`, `kan (5555z)`.
    ///
    /// ```
    /// use tenpai::advise::offer::*;
    /// use tenpai::advise::AdviseOptions;
    /// let hand: tenpai::Hand = "123m456p789s1122z".parse()?;
    /// let opts = AdviseOptions { draws: 1, changes: 0, ..AdviseOptions::default() };
    /// let a = advise_offer(&hand, tenpai::Tile::from_mpsz("1z").unwrap(), &OfferOptions::default(), &opts)?;
    /// let labels: Vec<String> = a.options.iter().map(|o| o.label()).collect();
    /// assert!(labels.contains(&"pon (111z)".to_string()) && labels.contains(&"pass".to_string()));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn label(&self) -> String {
        match &self.call {
            Some(c) => format!("{} {c}", self.option.name()),
            None => self.option.name().to_string(),
        }
    }
}

/// The answer of [`advise_offer`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferAdvice {
    /// The hand, canonical.
    pub hand: String,
    /// The offered tile.
    #[serde(serialize_with = "ser_tile_plain")]
    pub offer: Tile,
    /// Who discarded it.
    pub from: Discarder,
    /// Draws left.
    pub draws: u32,
    /// Changes asked for.
    pub changes: u32,
    /// Riichi policy (for the hand while closed).
    pub riichi: RiichiPolicy,
    /// Every legal option, best first (by the sort key; ties keep the order pass,
    /// ron, chi, pon, kan).
    pub options: Vec<OfferOption>,
    /// The best option's label ([`OfferOption::label`]).
    pub best: String,
    /// States the engine solved over all options.
    pub states: usize,
}

fn ser_tile<S: Serializer>(t: &Option<Tile>, s: S) -> Result<S::Ok, S::Error> {
    match t {
        Some(t) => s.collect_str(t),
        None => s.serialize_none(),
    }
}

fn ser_tile_plain<S: Serializer>(t: &Tile, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(t)
}

fn ser_call<S: Serializer>(c: &Option<Call>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => s.collect_str(c),
        None => s.serialize_none(),
    }
}

fn invalid(msg: impl Into<String>) -> Error {
    Error::Invalid(msg.into())
}

/// A call the hand can make: the tiles it takes from the hand and the call.
struct Candidate {
    choice: Choice,
    used: Vec<Tile>,
    call: Call,
}

/// The distinct ways to take `need` kinds (each once) from the concealed tiles, red
/// fives apart: for each kind, the types held.
fn variants(conc: &Counts, need: &[usize]) -> Vec<Vec<Tile>> {
    let mut out: Vec<Vec<Tile>> = vec![Vec::new()];
    for &k in need {
        let mut types = Vec::new();
        if conc[k] > 0 {
            types.push(k);
        }
        if k < 27 && k % 9 == 4 && conc[KINDS + k / 9] > 0 {
            types.push(KINDS + k / 9);
        }
        out = out
            .into_iter()
            .flat_map(|v| {
                types.iter().map(move |&t| {
                    let mut v = v.clone();
                    v.push(Tile::from_id(t as u8).unwrap_or(Tile::new(0)));
                    v
                })
            })
            .collect();
    }
    out
}

/// The distinct multisets of `n` tiles of kind `k` from the concealed tiles.
fn copies(conc: &Counts, k: usize, n: u8) -> Vec<Vec<Tile>> {
    let plain = conc[k];
    let red = if k < 27 && k % 9 == 4 {
        conc[KINDS + k / 9]
    } else {
        0
    };
    let mut out = Vec::new();
    for r in 0..=red.min(n) {
        if plain + r >= n && n - r <= plain {
            let mut v = vec![Tile::new(k as u8); (n - r) as usize];
            if let Some(red) = Tile::from_id((KINDS + k / 9) as u8).filter(|_| r > 0) {
                v.extend(std::iter::repeat_n(red, r as usize));
            }
            out.push(v);
        }
    }
    out
}

/// The kinds kuikae forbids discarding right after `call` made on `offer`: the
/// offered kind, and for a chi taken on an end, the kind beyond the other end.
fn kuikae_kinds(call: &Call, offer: Tile) -> Vec<usize> {
    let o = offer.index();
    let mut out = vec![o];
    if call.kind() == CallKind::Chi {
        let first = call.first().index();
        let n = |k: usize| k % 9;
        if o == first && n(first) + 3 <= 8 {
            out.push(first + 3); // 5 on 67: 8 too
        } else if o == first + 2 && n(first) >= 1 {
            out.push(first - 1); // 5 on 34: 2 too
        }
    }
    out
}

/// Every option on `offer` for the 3k+1 `hand`, valued with the advise engine under
/// `opts` (see the module docs for what each option is).
///
/// Errors: a hand that is not 3k+1, an offered tile that would be a fifth copy (or a
/// second red five), the errors of [`advise`], and for [`OfferOptions::only`] or
/// [`OfferOptions::discard`] an option that is not legal (chi from across, no pair for
/// a pon, kuikae...), naming why.
///
/// ```
/// use tenpai::advise::offer::*;
/// use tenpai::advise::AdviseOptions;
/// let hand: tenpai::Hand = "123m456p789s1122z".parse()?;
/// let opts = AdviseOptions { draws: 1, changes: 0, ..AdviseOptions::default() };
/// let across = OfferOptions { from: Discarder::Across, only: Some(Choice::Chi), ..OfferOptions::default() };
/// assert!(advise_offer(&hand, tenpai::Tile::from_mpsz("3m").unwrap(), &across, &opts).is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn advise_offer(
    hand: &Hand,
    offer: Tile,
    o: &OfferOptions,
    opts: &AdviseOptions,
) -> Result<OfferAdvice, Error> {
    if hand.is_drawn() {
        return Err(invalid(format!(
            "--offer needs a hand waiting for a tile (3k+1 tiles, 13 with no call): {hand} has {} tiles",
            hand.size()
        )));
    }
    let sanma = opts.rules.is_sanma();
    if sanma && !crate::sanma::in_game(offer) {
        return Err(crate::sanma::removed_tile_error(offer));
    }
    // The visible tiles of the called options: the offered tile once.
    let mut visible = opts.visible.clone();
    if let Some(i) = visible.iter().position(|&t| t == offer) {
        visible.remove(i);
    }
    {
        let conc = count_tiles(hand.concealed());
        let called = count_tiles(hand.calls().iter().flat_map(|c| c.tiles()));
        let mut with = visible.clone();
        with.push(offer);
        outside(&conc, &called, &with, &opts.dora).map_err(|e| {
            invalid(format!(
                "the offered tile {offer} is one copy too many: {}",
                e.to_string().replace("more than", "it makes more than")
            ))
        })?;
    }
    let called_opts = AdviseOptions {
        visible: visible.clone(),
        ..opts.clone()
    };
    let conc = count_tiles(hand.concealed());
    let k = offer.index();
    let mut why_not: HashMap<Choice, String> = HashMap::new();
    // The calls.
    let mut cands: Vec<Candidate> = Vec::new();
    if offer.suit() == Suit::Honor {
        why_not.insert(Choice::Chi, format!("no chi on an honor ({offer})"));
    } else if sanma {
        why_not.insert(
            Choice::Chi,
            "no chi in a three-player game (the rules are sanma)".into(),
        );
    } else if o.from != Discarder::Left {
        why_not.insert(
            Choice::Chi,
            format!(
                "chi is called only from the player on the left, not from {} (--from {})",
                o.from.name(),
                o.from.name()
            ),
        );
    } else {
        let n = (k % 9) as i32;
        for shape in [[-2, -1], [-1, 1], [1, 2]] {
            if shape.iter().any(|d| !(0..9).contains(&(n + d))) {
                continue;
            }
            let need: Vec<usize> = shape.iter().map(|d| (k as i32 + d) as usize).collect();
            for used in variants(&conc, &need) {
                let mut tiles = used.clone();
                tiles.push(offer);
                let call = Call::new(CallKind::Chi, &tiles).map_err(invalid)?;
                cands.push(Candidate {
                    choice: Choice::Chi,
                    used,
                    call,
                });
            }
        }
        if cands.is_empty() {
            why_not.insert(
                Choice::Chi,
                format!("no chi: the hand holds no two tiles that make a sequence with {offer}"),
            );
        }
    }
    let held = kinds(&conc)[k];
    for (choice, n, kind) in [
        (Choice::Pon, 2u8, CallKind::Pon),
        (Choice::Kan, 3u8, CallKind::OpenKan),
    ] {
        if held < n {
            why_not.insert(
                choice,
                format!(
                    "no {}: the hand holds {held} {} (a {} needs {n})",
                    if choice == Choice::Kan {
                        "open kan"
                    } else {
                        "pon"
                    },
                    offer.kind(),
                    if choice == Choice::Kan { "kan" } else { "pon" },
                ),
            );
            continue;
        }
        if hand.calls().len() >= 4 {
            why_not.insert(choice, "the hand has four calls already".into());
            continue;
        }
        for used in copies(&conc, k, n) {
            let mut tiles = used.clone();
            tiles.push(offer);
            let call = Call::new(kind, &tiles).map_err(invalid)?;
            cands.push(Candidate { choice, used, call });
        }
    }
    if let Some(only) = o.only {
        cands.retain(|c| c.choice == only);
    }
    // Pass: the hand as it stands.
    let mut options: Vec<OfferOption> = Vec::new();
    let mut states = 0;
    {
        let a = advise(hand, opts)?;
        states += a.states;
        let v = a
            .value
            .ok_or_else(|| invalid("internal: no value for a 3k+1 hand"))?;
        options.push(value_option(Choice::Pass, None, a.shanten, v, a.changes));
    }
    // Ron.
    if o.only.is_none() || o.only == Some(Choice::Ron) {
        match ron(hand, offer, &visible, opts) {
            Ok(_) if o.furiten => {
                why_not.insert(
                    Choice::Ron,
                    "furiten: the player may not ron (--furiten)".into(),
                );
            }
            Ok(r) => options.push(r),
            Err(e) => {
                why_not.insert(Choice::Ron, e);
            }
        }
    }
    // Chi and pon: the called hand and its best discard kuikae allows.
    let mut kuikae_refused = Vec::new();
    #[allow(clippy::type_complexity)]
    let valued: Vec<Result<Option<(OfferOption, usize)>, Error>> = cands
        .par_iter()
        .map(|c| call_option(hand, c, offer, o, &called_opts))
        .collect();
    for (c, v) in cands.iter().zip(valued) {
        match v? {
            Some((opt, s)) => {
                states += s;
                options.push(opt);
            }
            None => kuikae_refused.push(format!("{} {}", c.choice.name(), c.call)),
        }
    }
    if let Some(only) = o.only.filter(|&c| c != Choice::Pass) {
        if !options.iter().any(|x| x.option == only) {
            let why = if !kuikae_refused.is_empty() {
                kuikae_error(&kuikae_refused, o.discard, offer)
            } else {
                why_not
                    .remove(&only)
                    .unwrap_or_else(|| format!("no {} on {offer}", only.name()))
            };
            return Err(invalid(why));
        }
    }
    if o.discard.is_some()
        && !kuikae_refused.is_empty()
        && !options
            .iter()
            .any(|x| matches!(x.option, Choice::Chi | Choice::Pon))
    {
        return Err(invalid(kuikae_error(&kuikae_refused, o.discard, offer)));
    }
    sort_options(&mut options, opts.sort);
    let best = options.first().map(|x| x.label()).unwrap_or_default();
    Ok(OfferAdvice {
        hand: hand.to_string(),
        offer,
        from: o.from,
        draws: opts.draws,
        changes: opts.changes,
        riichi: opts.riichi,
        options,
        best,
        states,
    })
}

fn kuikae_error(refused: &[String], discard: Option<Tile>, offer: Tile) -> String {
    match discard {
        Some(d) => format!(
            "kuikae: {d} may not be discarded right after {} on {offer} (--kuikae allows it)",
            refused.join(", ")
        ),
        None => format!(
            "kuikae: every discard after {} on {offer} is forbidden (--kuikae allows them)",
            refused.join(", ")
        ),
    }
}

fn value_option(
    choice: Choice,
    call: Option<Call>,
    shanten: i8,
    v: HandValue,
    changes: u32,
) -> OfferOption {
    OfferOption {
        option: choice,
        call,
        discard: None,
        shanten,
        tenpai: v.tenpai,
        win: v.win,
        ev: v.ev,
        points: None,
        per_draw: Some(v.per_draw),
        changes: Some(changes),
        discards: Vec::new(),
    }
}

/// The called hand of a candidate.
fn called_hand(hand: &Hand, c: &Candidate) -> Result<Hand, Error> {
    let mut conc = hand.concealed().to_vec();
    for u in &c.used {
        let i = conc
            .iter()
            .position(|t| t == u)
            .ok_or_else(|| invalid("internal: a called tile is not in the hand"))?;
        conc.remove(i);
    }
    let mut calls = hand.calls().to_vec();
    calls.push(c.call);
    Hand::new(conc, calls)
}

/// A chi, pon or kan valued; `None` when kuikae leaves no discard (or refuses the
/// one asked for).
fn call_option(
    hand: &Hand,
    c: &Candidate,
    offer: Tile,
    o: &OfferOptions,
    opts: &AdviseOptions,
) -> Result<Option<(OfferOption, usize)>, Error> {
    let h = called_hand(hand, c)?;
    if c.choice == Choice::Kan {
        return kan_option(&h, c.call, opts).map(Some);
    }
    let a = advise(&h, opts)?;
    let forbidden = if o.kuikae {
        Vec::new()
    } else {
        kuikae_kinds(&c.call, offer)
    };
    if let Some(d) = o.discard {
        if !h.concealed().contains(&d) {
            return Err(invalid(format!(
                "--discard {d}: not in the hand after {}{} ({h})",
                c.choice.name(),
                c.call
            )));
        }
    }
    let discards: Vec<DiscardAdvice> = a
        .discards
        .into_iter()
        .filter(|d| !forbidden.contains(&d.discard.index()))
        .collect();
    let best = match o.discard {
        Some(d) => discards.iter().find(|x| x.discard == d),
        None => discards.first(),
    };
    let Some(best) = best.cloned() else {
        return Ok(None);
    };
    Ok(Some((
        OfferOption {
            option: c.choice,
            call: Some(c.call),
            discard: Some(best.discard),
            shanten: best.shanten,
            tenpai: best.tenpai,
            win: best.win,
            ev: best.ev,
            points: None,
            per_draw: Some(best.per_draw.clone()),
            changes: Some(best.changes),
            discards,
        },
        a.states,
    )))
}

fn sort_options(v: &mut [OfferOption], key: SortKey) {
    let order = |a: &OfferOption| -> [f64; 3] {
        match key {
            SortKey::Win => [a.win, a.ev, a.tenpai],
            SortKey::Tenpai => [a.tenpai, a.win, a.ev],
            SortKey::Ev | SortKey::Ukeire => [a.ev, a.win, a.tenpai],
        }
    };
    // Stable: ties keep pass, ron, chi, pon, kan.
    v.sort_by(|a, b| {
        let (x, y) = (order(a), order(b));
        y[0].total_cmp(&x[0])
            .then(y[1].total_cmp(&x[1]))
            .then(y[2].total_cmp(&x[2]))
    });
}
