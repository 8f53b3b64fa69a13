//! Review of one player's discards: for every discard, the hand before it, the tile
//! discarded, and its shanten and ukeire against the best efficiency discard (the
//! first of [`crate::ukeire::discards`], with the tiles visible at that moment), the
//! draws left in the wall, and whether the player had a choice.
//!
//! Tiles visible at a discard: every river (a tile taken by a call counted once, in the
//! call), every other player's calls, and the dora indicators revealed so far.
//! A discard is `forced` when the player is in riichi (declared on an earlier discard)
//! or holds a single kind of tile.
//!
//! What a discard lost ([`ReviewTurn::loss`]) is never negative: steps away from tenpai
//! when it raised the shanten, else the tiles that help it gave up; nothing when the
//! player has no draw left (efficiency then buys nothing).
//!
//! Win probability and expected value (`win`, `ev`) come from the `advise` engine,
//! plugged in at [`advise_values`], when asked for ([`review_with`]); else `None`.

use super::call_review::{self, CallDecision};
use super::events::{Event, RoundState};
use super::{Game, LoggedCall};
use crate::error::Error;
use crate::hand::Hand;
use crate::tile::Tile;

/// One discard of the reviewed player.
///
/// ```
/// # let log = concat!(
/// #     r#"<mjloggm ver="2.3"><GO type="9"/><INIT seed="0,0,0,0,0,135" ten="250,250,250,250" oya="0" "#,
/// #     r#"hai0="60,61,62,63,64,65,66,67,68,69,70,71,72" hai1="0,4,8,12,17,20,24,28,32,36,40,44,53" "#,
/// #     r#"hai2="73,74,75,76,77,78,79,80,81,82,83,84,85" hai3="86,87,88,89,90,91,92,93,94,95,96,97,98"/>"#,
/// #     r#"<T100/><D100/><U101/><E101/><V102/><F102/><W103/><G103/><T104/><D104/><U54/>"#,
/// #     r#"<AGARI ba="0,0" machi="54" ten="30,4000,0" yaku="0,1,24,2" doraHai="135" who="1" fromWho="1"/>"#,
/// #     r#"</mjloggm>"#
/// # );
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::Tile;
/// let turns = tenpai::logs::review::review(&game, 0)?; // the dealer's two discards
/// assert_eq!(turns.len(), 2);
/// let t = &turns[0];
/// assert_eq!((t.round.as_str(), t.turn, t.hand.as_str()), ("E1", 1, "777788889999p18s"));
/// assert_eq!((t.discard, t.shanten, t.ukeire), (Tile::from_mpsz("8s").unwrap(), 0, 3));
/// assert!(t.agrees() && !t.forced && !t.riichi);
/// assert_eq!(t.loss(), (0, 0));
/// assert_eq!((t.round_name(), t.own_draws), ("E1-0".to_string(), 17));
/// assert_eq!(t.win, None); // no advise engine asked for
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewTurn {
    /// Round label (`E1`, ...).
    pub round: String,
    /// Honba of the round.
    pub honba: u32,
    /// The player's discard number in the round (1-based).
    pub turn: u32,
    /// Concealed tiles before the discard (3k+2), in the order held.
    pub concealed: Vec<Tile>,
    /// The player's calls at that moment.
    pub calls: Vec<LoggedCall>,
    /// The hand in mpsz (canonical: concealed sorted, then calls).
    pub hand: String,
    /// The tile discarded.
    pub discard: Tile,
    /// The best efficiency discard (lowest shanten, then most ukeire, then tile order).
    pub best: Tile,
    /// Shanten after the actual discard.
    pub shanten: i8,
    /// Shanten after the best discard.
    pub best_shanten: i8,
    /// Ukeire (copies left) after the actual discard.
    pub ukeire: u32,
    /// Ukeire after the best discard.
    pub best_ukeire: u32,
    /// Win probability after the actual discard (advise engine).
    pub win: Option<f64>,
    /// Win probability after the best discard.
    pub best_win: Option<f64>,
    /// Expected value after the actual discard.
    pub ev: Option<f64>,
    /// Expected value after the best discard.
    pub best_ev: Option<f64>,
    /// The advise engine's best discard by expected value (its first with its default
    /// sort), which may differ from the best by efficiency; `None` without the engine.
    pub ev_best: Option<Tile>,
    /// Win probability after [`ev_best`](Self::ev_best).
    pub ev_best_win: Option<f64>,
    /// Expected value after [`ev_best`](Self::ev_best): the most any discard keeps.
    pub ev_best_ev: Option<f64>,
    /// A riichi decision (a closed hand left tenpai by the discard, the player not yet
    /// in riichi): the win probability of the hand left without ever declaring (the
    /// engine with riichi `never`; [`win`](Self::win) is with riichi at once).
    pub dama_win: Option<f64>,
    /// The expected value of the same without ever declaring.
    pub dama_ev: Option<f64>,
    /// Draws left in the live wall.
    pub draws_left: i32,
    /// The player's own draws left after this discard, calls aside: the wall's draws
    /// left divided by the players, rounded down (0: this was the player's last).
    pub own_draws: u32,
    /// Tiles visible to the player (rivers, others' calls, dora indicators).
    pub visible: Vec<Tile>,
    /// In riichi or no choice.
    pub forced: bool,
    /// The discard was a riichi declaration.
    pub riichi: bool,
    /// The other seats in riichi (declared) at that moment, in seat order: where the
    /// deal-in chances of the discards matter.
    pub opponents_riichi: Vec<u8>,
    /// While another player's riichi stood: the model's chance that the tile chosen
    /// deals in (into at least one riichi; see [`crate::safety`]); `None` otherwise.
    pub deal_in: Option<f64>,
    /// The safest kind of the hand then, by the same model.
    pub safest: Option<Tile>,
    /// Its chance.
    pub safest_deal_in: Option<f64>,
    /// A riichi player won on this discard.
    pub dealt_in: bool,
    /// While another player's riichi stood: the chance of every kind of the hand then
    /// (tile order; empty otherwise). Not in the review's JSON line; the HTML report
    /// shows it.
    pub deal_in_tiles: Vec<(Tile, f64)>,
}

impl ReviewTurn {
    /// The discard is as good as the best by efficiency (same shanten, same ukeire).
    pub fn agrees(&self) -> bool {
        self.shanten == self.best_shanten && self.ukeire == self.best_ukeire
    }

    /// What the discard lost against the best by efficiency, `(shanten, ukeire)`, never
    /// negative: the steps it went back from tenpai when it raised the shanten (its
    /// ukeire then is not compared: a hand further from tenpai accepts other tiles), else
    /// the improving tiles it gave up; `(0, 0)` when the player has no draw left
    /// ([`own_draws`](Self::own_draws) is 0), where efficiency buys nothing.
    pub fn loss(&self) -> (i32, i64) {
        if self.own_draws == 0 {
            return (0, 0);
        }
        let steps = (i32::from(self.shanten) - i32::from(self.best_shanten)).max(0);
        if steps > 0 {
            (steps, 0)
        } else {
            (
                0,
                (i64::from(self.best_ukeire) - i64::from(self.ukeire)).max(0),
            )
        }
    }

    /// The discard lost something by efficiency ([`loss`](Self::loss) is not zero).
    pub fn is_mistake(&self) -> bool {
        !self.forced && self.loss() != (0, 0)
    }

    /// The round with its honba, unique within a game: `E1-0`, `S1-1`, ...
    pub fn round_name(&self) -> String {
        format!("{}-{}", self.round, self.honba)
    }

    /// The expected points the discard gave up against the engine's best discard by
    /// expected value ([`ev_best_ev`](Self::ev_best_ev) − [`ev`](Self::ev), never
    /// negative); `None` without the engine's values.
    pub fn ev_loss(&self) -> Option<f64> {
        match (self.ev_best_ev, self.ev) {
            (Some(b), Some(e)) => Some((b - e).max(0.0)),
            _ => None,
        }
    }

    /// At a riichi decision ([`dama_ev`](Self::dama_ev) known): the expected points the
    /// choice made (riichi declared with this discard, or not) gave up against the
    /// other, never negative; `None` elsewhere.
    pub fn riichi_loss(&self) -> Option<f64> {
        let (riichi, dama) = (self.ev?, self.dama_ev?);
        let chosen = if self.riichi { riichi } else { dama };
        Some((riichi.max(dama) - chosen).max(0.0))
    }

    /// The discard as one line of `tenpai review --json` (the Python package's
    /// `tenpai.review` gives the same): `"kind": "discard"` (the call decisions of
    /// [`review_decisions`] are `"kind": "call"` lines), the fields above, `seat`, `visible` in mpsz,
    /// `agree`, what it lost (`shanten_loss`, `ukeire_loss`, see [`loss`](Self::loss);
    /// `ev_loss`, see [`ev_loss`](Self::ev_loss)), `ev_best` in mpsz, and the values of
    /// a riichi decision (`dama_win`, `dama_ev`, `riichi_loss`).
    pub fn to_json(&self, seat: u8) -> serde_json::Value {
        let (shanten_loss, ukeire_loss) = self.loss();
        serde_json::json!({
            "kind": "discard",
            "round": self.round,
            "honba": self.honba,
            "seat": seat,
            "turn": self.turn,
            "hand": self.hand,
            "discard": self.discard.to_string(),
            "best": self.best.to_string(),
            "shanten": self.shanten,
            "best_shanten": self.best_shanten,
            "ukeire": self.ukeire,
            "best_ukeire": self.best_ukeire,
            "win": self.win,
            "best_win": self.best_win,
            "ev": self.ev,
            "best_ev": self.best_ev,
            "draws_left": self.draws_left,
            "visible": crate::notation::format_tiles(&self.visible),
            "forced": self.forced,
            "riichi": self.riichi,
            "agree": self.agrees(),
            "own_draws": self.own_draws,
            "shanten_loss": shanten_loss,
            "ukeire_loss": ukeire_loss,
            "ev_best": self.ev_best.map(|t| t.to_string()),
            "ev_best_win": self.ev_best_win,
            "ev_best_ev": self.ev_best_ev,
            "ev_loss": self.ev_loss(),
            "dama_win": self.dama_win,
            "dama_ev": self.dama_ev,
            "riichi_loss": self.riichi_loss(),
            "opponents_riichi": self.opponents_riichi,
            "deal_in": self.deal_in,
            "safest": self.safest.map(|t| t.to_string()),
            "safest_deal_in": self.safest_deal_in,
            "dealt_in": self.dealt_in,
        })
    }
}

/// Everything the `advise` engine needs about one discard decision.
///
/// ```
/// use tenpai::{Hand, Tile, Wind, rules::Rules, logs::review::{advise_values, AdviseInput}};
///
/// // Tenpai on 1z/2z after discarding 5z.
/// let hand: Hand = "123m456p789s11225z".parse().unwrap();
/// let five = Tile::from_mpsz("5z").unwrap();
/// let input = AdviseInput {
///     hand: &hand, discard: five, best: five, seen: vec![], dora: &[],
///     round_wind: Wind::East, seat_wind: Wind::South, draws_left: 60, own_draws: 15,
///     rules: Rules::tenhou(),
/// };
/// let (win, best_win, ev, best_ev) = advise_values(&input);
/// let p = win.unwrap();
/// assert!(p > 0.0 && p <= 1.0);
/// assert_eq!((best_win, best_ev), (win, ev));
/// assert!(ev.unwrap() > 0.0);
/// ```
#[derive(Debug, Clone)]
pub struct AdviseInput<'a> {
    /// The hand before the discard (3k+2 concealed tiles).
    pub hand: &'a Hand,
    /// The tile the player discarded.
    pub discard: Tile,
    /// The best efficiency discard.
    pub best: Tile,
    /// Tiles seen elsewhere: rivers and other players' calls (no dora indicators).
    pub seen: Vec<Tile>,
    /// Dora indicators revealed.
    pub dora: &'a [Tile],
    /// Round wind.
    pub round_wind: crate::tile::Wind,
    /// The player's seat wind.
    pub seat_wind: crate::tile::Wind,
    /// Draws left in the live wall (all players).
    pub draws_left: i32,
    /// The player's own draws left (about a quarter of the wall's).
    pub own_draws: u32,
    /// Scoring rules of the game.
    pub rules: crate::rules::Rules,
}

/// Most states one reviewed discard may use (the `advise` engine's cap, the same as
/// the command's: a whole game reviews in seconds): a hand past it is valued with fewer
/// changes, then left without values.
pub const REVIEW_MAX_STATES: usize = crate::advise::MAX_STATES;

/// The values the `advise` engine gives a discard decision: `(win, best_win, ev,
/// best_ev)`.
///
/// See [`AdviseInput`] for an example.
pub type AdviseValues = (Option<f64>, Option<f64>, Option<f64>, Option<f64>);

/// The single place where the `advise` engine plugs in: win probability and expected
/// value (tsumo wins within the player's own draws left, one spare exchange, riichi as
/// soon as a closed hand is tenpai: `tenpai advise` with its defaults) of the hand left
/// after the actual discard and after the best one. `None` where the engine refuses the hand (its limits) or the turn is
/// past the last draw.
pub fn advise_values(input: &AdviseInput<'_>) -> AdviseValues {
    engine_values(input).0
}

/// The win probability and expected value without riichi, at a riichi decision.
type Dama = Option<(f64, f64)>;

/// [`advise_values`] and the engine's best discard by expected value (tile, win, ev).
type EngineValues = (AdviseValues, Option<(Tile, f64, f64)>);

/// [`advise_values`] and the engine's best discard by expected value with its win
/// probability and expected value.
fn engine_values(input: &AdviseInput<'_>) -> EngineValues {
    let none = ((None, None, None, None), None);
    let opts = engine_options(input, crate::advise::RiichiPolicy::Auto);
    let Ok(advice) = crate::advise::advise(input.hand, &opts) else {
        return none;
    };
    let find = |t: Tile| {
        advice.discards.iter().find(|d| d.discard == t).or_else(|| {
            advice
                .discards
                .iter()
                .find(|d| d.discard.kind() == t.kind())
        })
    };
    // The default sort puts the best expected value first.
    let top = advice.discards.first().map(|d| (d.discard, d.win, d.ev));
    match (find(input.discard), find(input.best)) {
        (Some(a), Some(b)) => ((Some(a.win), Some(b.win), Some(a.ev), Some(b.ev)), top),
        _ => none,
    }
}

/// The win probability and expected value of the actual discard when the player never
/// declares riichi (the engine's defaults otherwise).
fn dama_values(input: &AdviseInput<'_>) -> Dama {
    let opts = engine_options(input, crate::advise::RiichiPolicy::Never);
    let advice = crate::advise::advise(input.hand, &opts).ok()?;
    let d = advice
        .discards
        .iter()
        .find(|d| d.discard == input.discard)
        .or_else(|| {
            advice
                .discards
                .iter()
                .find(|d| d.discard.kind() == input.discard.kind())
        })?;
    Some((d.win, d.ev))
}

/// The engine's options for a review (`tenpai advise`'s defaults in the position).
fn engine_options(
    input: &AdviseInput<'_>,
    riichi: crate::advise::RiichiPolicy,
) -> crate::advise::AdviseOptions {
    crate::advise::AdviseOptions {
        draws: input.own_draws.min(30),
        changes: 1,
        riichi,
        visible: input.seen.clone(),
        dora: input.dora.to_vec(),
        round_wind: input.round_wind,
        seat_wind: input.seat_wind,
        rules: input.rules.clone(),
        max_states: REVIEW_MAX_STATES,
        max_states_no_change: REVIEW_MAX_STATES,
        ..crate::advise::AdviseOptions::default()
    }
}

/// Review every discard of `seat` in `game` by efficiency (`win`/`ev` left `None`).
///
/// ```
/// # let log = concat!(
/// #     r#"<mjloggm ver="2.3"><GO type="9"/><INIT seed="0,0,0,0,0,135" ten="250,250,250,250" oya="0" "#,
/// #     r#"hai0="60,61,62,63,64,65,66,67,68,69,70,71,72" hai1="0,4,8,12,17,20,24,28,32,36,40,44,53" "#,
/// #     r#"hai2="73,74,75,76,77,78,79,80,81,82,83,84,85" hai3="86,87,88,89,90,91,92,93,94,95,96,97,98"/>"#,
/// #     r#"<T100/><D100/><U101/><E101/><V102/><F102/><W103/><G103/><T104/><D104/><U54/>"#,
/// #     r#"<AGARI ba="0,0" machi="54" ten="30,4000,0" yaku="0,1,24,2" doraHai="135" who="1" fromWho="1"/>"#,
/// #     r#"</mjloggm>"#
/// # );
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::review::review;
/// let turns = review(&game, 1)?;
/// assert_eq!(turns.len(), 1); // seat 1 discarded once, then won
/// assert!(review(&game, 4).is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn review(game: &Game, seat: u8) -> Result<Vec<ReviewTurn>, Error> {
    review_with(game, seat, false)
}

/// Review every discard of `seat`; with `advise`, also the win probability and expected
/// value of the actual and the best discard from the `advise` engine (slow: a search
/// per discard).
///
/// ```
/// # let log = concat!(
/// #     r#"<mjloggm ver="2.3"><GO type="9"/><INIT seed="0,0,0,0,0,135" ten="250,250,250,250" oya="0" "#,
/// #     r#"hai0="60,61,62,63,64,65,66,67,68,69,70,71,72" hai1="0,4,8,12,17,20,24,28,32,36,40,44,53" "#,
/// #     r#"hai2="73,74,75,76,77,78,79,80,81,82,83,84,85" hai3="86,87,88,89,90,91,92,93,94,95,96,97,98"/>"#,
/// #     r#"<T100/><D100/><U101/><E101/><V102/><F102/><W103/><G103/><T104/><D104/><U54/>"#,
/// #     r#"<AGARI ba="0,0" machi="54" ten="30,4000,0" yaku="0,1,24,2" doraHai="135" who="1" fromWho="1"/>"#,
/// #     r#"</mjloggm>"#
/// # );
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let turns = tenpai::logs::review::review_with(&game, 2, false)?;
/// assert_eq!(turns, tenpai::logs::review::review(&game, 2)?);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn review_with(game: &Game, seat: u8, advise: bool) -> Result<Vec<ReviewTurn>, Error> {
    review_with_progress(game, seat, advise, &mut |_| {})
}

/// How far a review has gone: passed to the callback of [`review_with_progress`] after
/// each round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewProgress {
    /// Rounds done (1 after the first).
    pub done: usize,
    /// Rounds in the game.
    pub total: usize,
    /// The round just done, unique within the game (`E1-0`, `S1-1`, ...).
    pub round: String,
    /// The player's discards reviewed so far.
    pub discards: usize,
}

/// [`review_with`], calling `progress` after each round (with `advise`, each round's
/// discards are valued before the next is read, so a long review can show how far it
/// is). The library never prints: the caller decides what to show.
///
/// ```
/// # let log = concat!(
/// #     r#"<mjloggm ver="2.3"><GO type="9"/><INIT seed="0,0,0,0,0,135" ten="250,250,250,250" oya="0" "#,
/// #     r#"hai0="60,61,62,63,64,65,66,67,68,69,70,71,72" hai1="0,4,8,12,17,20,24,28,32,36,40,44,53" "#,
/// #     r#"hai2="73,74,75,76,77,78,79,80,81,82,83,84,85" hai3="86,87,88,89,90,91,92,93,94,95,96,97,98"/>"#,
/// #     r#"<T100/><D100/><U101/><E101/><V102/><F102/><W103/><G103/><T104/><D104/><U54/>"#,
/// #     r#"<AGARI ba="0,0" machi="54" ten="30,4000,0" yaku="0,1,24,2" doraHai="135" who="1" fromWho="1"/>"#,
/// #     r#"</mjloggm>"#
/// # );
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let mut seen = Vec::new();
/// let turns = tenpai::logs::review::review_with_progress(&game, 0, false, &mut |p| {
///     seen.push((p.done, p.total, p.round.clone(), p.discards))
/// })?;
/// assert_eq!(seen, [(1, 1, "E1-0".to_string(), 2)]);
/// assert_eq!(turns.len(), 2);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn review_with_progress(
    game: &Game,
    seat: u8,
    advise: bool,
    progress: &mut dyn FnMut(&ReviewProgress),
) -> Result<Vec<ReviewTurn>, Error> {
    review_seat(game, seat, advise, false, progress).map(|r| r.turns)
}

/// A player's review: the discards, and with the engine the call decisions.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatReview {
    /// Every discard, in game order ([`review_with_progress`]'s).
    pub turns: Vec<ReviewTurn>,
    /// Every call decision valued (see [`super::call_review`]), in game order; each
    /// falls before `turns[at]` ([`CallDecision::at`]). Empty without the engine, and
    /// in 3-player games (the engine values 4-player games only).
    pub calls: Vec<CallDecision>,
}

/// [`review_with_progress`] with the call decisions when `advise` (a search per
/// call decision more; see [`super::call_review`]).
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let r = tenpai::logs::review::review_decisions(&game, 0, false, &mut |_| {})?;
/// assert_eq!(r.turns.len(), 2);
/// assert!(r.calls.is_empty()); // valued only with the engine
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn review_decisions(
    game: &Game,
    seat: u8,
    advise: bool,
    progress: &mut dyn FnMut(&ReviewProgress),
) -> Result<SeatReview, Error> {
    review_seat(game, seat, advise, advise, progress)
}

fn review_seat(
    game: &Game,
    seat: u8,
    advise: bool,
    with_calls: bool,
    progress: &mut dyn FnMut(&ReviewProgress),
) -> Result<SeatReview, Error> {
    if seat >= game.rules.players {
        return Err(Error::Invalid(format!(
            "seat {seat} is not in this {}-player game",
            game.rules.players
        )));
    }
    let s = usize::from(seat);
    let mut out = Vec::new();
    let mut calls: Vec<CallDecision> = Vec::new();
    let total = game.round_logs.len();
    let scoring = game.rules.scoring_rules();
    for (done, round) in game.round_logs.iter().enumerate() {
        let round_start = out.len();
        let mut pending: Vec<(usize, OwnedInput, bool)> = Vec::new();
        let mut offers: Vec<call_review::PendingOffer> = Vec::new();
        let mut turn = 0u32;
        let mut failure: Option<Error> = None;
        let mut pending_riichi = false;
        let mut index = 0usize;
        let mut passed: Vec<Tile> = Vec::new();
        round.replay(|state: &RoundState, e: &Event| {
            let i = index;
            index += 1;
            if failure.is_some() {
                return;
            }
            match e {
                Event::Riichi { who } if *who == seat => pending_riichi = true,
                Event::Discard { who, tile, .. } if *who != seat => {
                    if with_calls {
                        let sit = call_review::OfferSituation {
                            state,
                            events: &round.events,
                            index: i,
                            seat,
                            from_seat: *who,
                            tile: *tile,
                            players: game.rules.players,
                            round,
                            turn,
                            at: out.len(),
                            passed: &passed,
                            rules: &scoring,
                        };
                        match call_review::find(&sit) {
                            Ok(Some(p)) => offers.push(p),
                            Ok(None) => {}
                            Err(e) => {
                                failure = Some(Error::Invalid(format!(
                                    "{} offer of {tile}: {e}",
                                    round.name()
                                )))
                            }
                        }
                    }
                    passed.push(*tile);
                }
                Event::Discard { who, tile, .. } if *who == seat => {
                    turn += 1;
                    passed.clear();
                    let riichi_now = std::mem::take(&mut pending_riichi);
                    match review_one(state, s, *tile) {
                        Ok((hand, ranked_pos, ranked)) => {
                            let visible = state.visible_to(s);
                            let best = &ranked[0];
                            let actual = &ranked[ranked_pos];
                            let kinds = {
                                let mut k: Vec<Tile> =
                                    hand.concealed().iter().map(|t| t.kind()).collect();
                                k.sort();
                                k.dedup();
                                k.len()
                            };
                            let in_riichi = state.riichi[s] && !riichi_now;
                            let players = i32::from(game.rules.players);
                            let seen: Vec<Tile> = {
                                let mut v = visible.clone();
                                for d in &state.dora {
                                    if let Some(i) = v.iter().position(|x| x == d) {
                                        v.remove(i);
                                    }
                                }
                                v
                            };
                            let input = AdviseInput {
                                hand: &hand,
                                discard: *tile,
                                best: best.discard,
                                seen,
                                dora: &state.dora,
                                round_wind: crate::tile::Wind::from_index(
                                    usize::from(round.round / 4) % 4,
                                ),
                                seat_wind: crate::tile::Wind::from_index(
                                    (s + players as usize - usize::from(round.dealer))
                                        % players as usize,
                                ),
                                draws_left: state.draws_left,
                                own_draws: u32::try_from(state.draws_left.max(0) / players)
                                    .unwrap_or(0),
                                rules: game.rules.scoring_rules(),
                            };
                            if advise && game.rules.players == 4 {
                                // A riichi decision: closed, left tenpai, not yet in riichi.
                                let decision = !in_riichi
                                    && actual.shanten == 0
                                    && state.calls[s]
                                        .iter()
                                        .all(|c| c.kind == super::MeldType::Ankan);
                                pending.push((out.len(), OwnedInput::of(&input), decision));
                            }
                            let (win, best_win, ev, best_ev) = (None, None, None, None);
                            out.push(ReviewTurn {
                                round: round.label(),
                                honba: round.honba,
                                turn,
                                concealed: state.hands[s].clone(),
                                calls: state.calls[s].clone(),
                                hand: hand.to_string(),
                                discard: *tile,
                                best: best.discard,
                                shanten: actual.shanten,
                                best_shanten: best.shanten,
                                ukeire: actual.ukeire_count,
                                best_ukeire: best.ukeire_count,
                                win,
                                best_win,
                                ev,
                                best_ev,
                                draws_left: state.draws_left,
                                own_draws: u32::try_from(state.draws_left.max(0) / players)
                                    .unwrap_or(0),
                                ev_best: None,
                                ev_best_win: None,
                                ev_best_ev: None,
                                dama_win: None,
                                dama_ev: None,
                                visible,
                                forced: in_riichi || kinds <= 1,
                                riichi: riichi_now,
                                opponents_riichi: (0..4u8)
                                    .filter(|&o| o != seat && state.riichi[usize::from(o)])
                                    .collect(),
                                deal_in: None,
                                safest: None,
                                safest_deal_in: None,
                                dealt_in: false,
                                deal_in_tiles: Vec::new(),
                            });
                        }
                        Err(e) => {
                            failure =
                                Some(Error::Invalid(format!("{} turn {turn}: {e}", round.name())))
                        }
                    }
                }
                _ => {}
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        // Defence: each discard made while another player's riichi stood.
        for d in crate::logs::defence::defence(round, seat, game.rules.players) {
            if let Some(t) = out[round_start..].iter_mut().find(|t| t.turn == d.turn) {
                t.deal_in = Some(d.chance);
                t.safest = Some(d.safest);
                t.safest_deal_in = Some(d.safest_chance);
                t.dealt_in = d.dealt_in;
                t.deal_in_tiles = d.chances;
            }
        }
        // The engine's values for this round's discards, one search each, on every core.
        use rayon::prelude::*;
        let values: Vec<(usize, EngineValues, Dama)> = pending
            .par_iter()
            .map(|(i, o, decision)| {
                let input = o.input();
                let dama = if *decision { dama_values(&input) } else { None };
                (*i, engine_values(&input), dama)
            })
            .collect();
        calls.extend(
            offers
                .into_par_iter()
                .map(call_review::value)
                .collect::<Vec<_>>()
                .into_iter()
                .flatten(),
        );
        for (i, ((win, best_win, ev, best_ev), top), dama) in values {
            let t = &mut out[i];
            if let Some((w, e)) = dama {
                (t.dama_win, t.dama_ev) = (Some(w), Some(e));
            }
            (t.win, t.best_win, t.ev, t.best_ev) = (win, best_win, ev, best_ev);
            if let Some((tile, w, e)) = top {
                (t.ev_best, t.ev_best_win, t.ev_best_ev) = (Some(tile), Some(w), Some(e));
            }
        }
        progress(&ReviewProgress {
            done: done + 1,
            total,
            round: round.name(),
            discards: out.len(),
        });
    }
    Ok(SeatReview { turns: out, calls })
}

/// An [`AdviseInput`] that owns its hand and indicators (kept while the round replays,
/// valued afterwards).
struct OwnedInput {
    hand: Hand,
    dora: Vec<Tile>,
    discard: Tile,
    best: Tile,
    seen: Vec<Tile>,
    round_wind: crate::tile::Wind,
    seat_wind: crate::tile::Wind,
    draws_left: i32,
    own_draws: u32,
    rules: crate::rules::Rules,
}

impl OwnedInput {
    fn of(i: &AdviseInput<'_>) -> OwnedInput {
        OwnedInput {
            hand: i.hand.clone(),
            dora: i.dora.to_vec(),
            discard: i.discard,
            best: i.best,
            seen: i.seen.clone(),
            round_wind: i.round_wind,
            seat_wind: i.seat_wind,
            draws_left: i.draws_left,
            own_draws: i.own_draws,
            rules: i.rules.clone(),
        }
    }

    fn input(&self) -> AdviseInput<'_> {
        AdviseInput {
            hand: &self.hand,
            discard: self.discard,
            best: self.best,
            seen: self.seen.clone(),
            dora: &self.dora,
            round_wind: self.round_wind,
            seat_wind: self.seat_wind,
            draws_left: self.draws_left,
            own_draws: self.own_draws,
            rules: self.rules.clone(),
        }
    }
}

/// The ranked discards of the hand before `tile` is discarded, and the position of the
/// discarded kind among them.
fn review_one(
    state: &RoundState,
    s: usize,
    tile: Tile,
) -> Result<(Hand, usize, Vec<crate::ukeire::Discard>), Error> {
    let hand = Hand::new(
        state.hands[s].clone(),
        state.calls[s]
            .iter()
            .filter_map(LoggedCall::to_call)
            .collect(),
    )?;
    let visible = state.visible_to(s);
    let ranked = crate::ukeire::discards(&hand, &visible)?;
    let pos = ranked
        .iter()
        .position(|d| d.discard == tile.kind())
        .ok_or_else(|| Error::Invalid(format!("{tile} is not in the hand {hand}")))?;
    Ok((hand, pos, ranked))
}
