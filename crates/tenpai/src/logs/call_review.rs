//! Call decisions of a review: every tile another player discarded that the reviewed
//! player could call (pon or open kan from anyone, chi from the player on the left,
//! ron on a complete hand that is not furiten), valued with
//! [`advise_offer`] under the review's settings,
//! with what the player did and what it cost.
//!
//! Which offers are decisions:
//!
//! - the player is not in riichi (a player in riichi may only ron, and the review
//!   leaves that choice alone: declining it only makes the hand furiten);
//! - a call is legal: two (pon) or three (kan) of the kind held, or two tiles that make
//!   a sequence with it from the left (never in sanma); not on the last discard of the
//!   round (nobody calls the houtei tile) and no kan when the wall is empty; or the
//!   hand and the tile are complete and the player is not furiten (a wait in the
//!   player's own river, or passed since the player's last discard): whether a yaku
//!   makes the ron legal is the engine's to say (no yaku, no ron option);
//! - what the player did can be read from the log: an offer on which another player
//!   won ends the round (not a decision), and one another player took with a pon or
//!   kan hides whether the player wanted a chi (left out); another player's chi is
//!   taken only when nobody calls pon, kan or ron, so there the player passed.
//!
//! An offer the engine leaves with a single option (kuikae forbids every discard after
//! the call, or the complete hand has no yaku) is no decision either.
//!
//! The engine's settings are the discard review's ([`super::review`]): the player's own
//! draws left (at most 30), one spare exchange, riichi `auto` for the hand while closed,
//! the tiles visible (the offered one lies in the river), the dora indicators, the
//! winds and the rules. A ron of a closed hand is priced without riichi (the player has
//! not declared: the engine's ron under riichi `never`); the other options keep
//! `auto`. The options' values are exactly [`advise_offer`]'s for that situation.
//!
//! [`advise_offer`]: crate::advise::offer::advise_offer

use super::{LoggedCall, MeldType};
use crate::advise::offer::{
    advise_offer, Choice, Discarder, OfferAdvice, OfferOption, OfferOptions,
};
use crate::advise::{AdviseOptions, RiichiPolicy};
use crate::error::Error;
use crate::hand::Hand;
use crate::tile::{Suit, Tile, Wind};
use serde_json::{json, Value};

/// What the player did with an offered tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Chosen {
    /// Let it go.
    Pass,
    /// Won on it.
    Ron,
    /// Called it (chi, pon or open kan).
    Call(LoggedCall),
}

impl Chosen {
    /// The label of the option as [`OfferOption::label`] writes it: `pass`, `ron`,
    /// `chi (406m)`, `pon (555z)`, `kan (5555z)`.
    pub fn label(&self) -> String {
        match self {
            Chosen::Pass => "pass".into(),
            Chosen::Ron => "ron".into(),
            Chosen::Call(c) => match (choice_of(c.kind), c.to_call()) {
                (Some(k), Some(call)) => format!("{} {call}", k.name()),
                _ => format!("{:?}", c.kind).to_lowercase(),
            },
        }
    }
}

fn choice_of(kind: MeldType) -> Option<Choice> {
    match kind {
        MeldType::Chi => Some(Choice::Chi),
        MeldType::Pon => Some(Choice::Pon),
        MeldType::Daiminkan => Some(Choice::Kan),
        _ => None,
    }
}

/// One call decision of the reviewed player.
#[derive(Debug, Clone, PartialEq)]
pub struct CallDecision {
    /// Round label (`E1`, ...).
    pub round: String,
    /// Honba of the round.
    pub honba: u32,
    /// The player's discards in the round before the offer (0: before the first).
    pub turn: u32,
    /// The review's discards before the offer, over the whole game: the decision falls
    /// between `turns[at - 1]` and `turns[at]` of the review.
    pub at: usize,
    /// The tile offered.
    pub offer: Tile,
    /// Who discarded it, seen from the player.
    pub from: Discarder,
    /// The discarder's seat.
    pub from_seat: u8,
    /// The player's concealed tiles (3k+1), in the order held.
    pub concealed: Vec<Tile>,
    /// The player's calls.
    pub calls: Vec<LoggedCall>,
    /// The hand in mpsz (canonical).
    pub hand: String,
    /// Draws left in the live wall.
    pub draws_left: i32,
    /// The player's own draws left (the wall's divided by the players).
    pub own_draws: u32,
    /// The player could not ron (furiten), as the review worked it out.
    pub furiten: bool,
    /// What the player did.
    pub chosen: Chosen,
    /// The engine's answer (options best first); `None` when it refused the hand (its
    /// limits).
    pub advice: Option<OfferAdvice>,
}

/// A call decision's loss is large at 500 expected points or more (as a discard's).
pub const LARGE_CALL_LOSS: f64 = 500.0;

impl CallDecision {
    /// The round with its honba: `E1-0`, ...
    pub fn round_name(&self) -> String {
        format!("{}-{}", self.round, self.honba)
    }

    /// The engine's best option.
    pub fn best(&self) -> Option<&OfferOption> {
        self.advice.as_ref().and_then(|a| a.options.first())
    }

    /// The option the player took, among the engine's.
    pub fn chosen_option(&self) -> Option<&OfferOption> {
        let a = self.advice.as_ref()?;
        match &self.chosen {
            Chosen::Pass => a.options.iter().find(|o| o.option == Choice::Pass),
            Chosen::Ron => a.options.iter().find(|o| o.option == Choice::Ron),
            Chosen::Call(c) => {
                let (k, call) = (choice_of(c.kind)?, c.to_call()?);
                a.options
                    .iter()
                    .find(|o| o.option == k && o.call == Some(call))
            }
        }
    }

    /// Expected points the choice gave up against the best option (never negative);
    /// `None` without the engine's values.
    pub fn loss(&self) -> Option<f64> {
        Some((self.best()?.ev - self.chosen_option()?.ev).max(0.0))
    }

    /// The choice is as good as the best (it lost less than half a point).
    pub fn agrees(&self) -> bool {
        self.loss().is_some_and(|l| l < 0.5)
    }

    /// The loss is [large](LARGE_CALL_LOSS).
    pub fn large(&self) -> bool {
        self.loss().is_some_and(|l| l >= LARGE_CALL_LOSS)
    }

    /// The decision as one line of `tenpai review --advise --json`: `"kind": "call"`,
    /// `round`, `honba`, `seat`, `turn`, `offer`, `from` (`left`, `across`, `right`),
    /// `from_seat`, `hand`, `draws_left`, `own_draws`, `furiten`, `options` (each as
    /// `tenpai advise HAND --offer TILE --json` writes an option: `option`, `call`?,
    /// `discard`?, `shanten`, `tenpai`, `win`, `ev`, `points`? for ron; best first),
    /// `best` and `chosen` (labels: `pass`, `ron`, `pon (555z)`...), `best_ev`,
    /// `chosen_ev`, `loss`, `agree`, `large`.
    pub fn to_json(&self, seat: u8) -> Value {
        let options: Vec<Value> = self
            .advice
            .iter()
            .flat_map(|a| &a.options)
            .map(|o| {
                let mut v = serde_json::to_value(o).unwrap_or(Value::Null);
                if let Value::Object(m) = &mut v {
                    m.remove("discards");
                    m.remove("per_draw");
                }
                v
            })
            .collect();
        json!({
            "kind": "call",
            "round": self.round,
            "honba": self.honba,
            "seat": seat,
            "turn": self.turn,
            "offer": self.offer.to_string(),
            "from": self.from.name(),
            "from_seat": self.from_seat,
            "hand": self.hand,
            "draws_left": self.draws_left,
            "own_draws": self.own_draws,
            "furiten": self.furiten,
            "options": options,
            "best": self.best().map(OfferOption::label),
            "chosen": self.chosen.label(),
            "best_ev": self.best().map(|o| o.ev),
            "chosen_ev": self.chosen_option().map(|o| o.ev),
            "loss": self.loss(),
            "agree": self.agrees(),
            "large": self.large(),
        })
    }
}

/// An offer found while a round replays, valued afterwards.
pub(crate) struct PendingOffer {
    pub(crate) decision: CallDecision,
    pub(crate) hand: Hand,
    pub(crate) options: AdviseOptions,
    /// No call is legal (the round's last discard): ron or pass only.
    pub(crate) ron_only: bool,
}

/// The seat that discarded, seen from `seat` (4 players: left is the one before).
fn discarder(seat: u8, from: u8, players: u8) -> Discarder {
    match (from + players - seat) % players {
        d if d == players - 1 => Discarder::Left,
        1 => Discarder::Right,
        _ => Discarder::Across,
    }
}

/// What happened to the discard at `events[i]`: the player's choice, or `None` when it
/// cannot be read (another player won on it, or took it with a pon or kan).
fn reaction(events: &[super::events::Event], i: usize, seat: u8) -> Option<Chosen> {
    use super::events::Event;
    let mut other_won = false;
    for e in events.iter().skip(i + 1) {
        match e {
            Event::Win { winner, .. } if *winner == seat => return Some(Chosen::Ron),
            Event::Win { .. } => other_won = true,
            Event::RiichiAccepted { .. } | Event::Dora { .. } => {}
            Event::Call { who, call }
                if matches!(
                    call.kind,
                    MeldType::Chi | MeldType::Pon | MeldType::Daiminkan
                ) =>
            {
                if other_won {
                    return None;
                }
                return if *who == seat {
                    Some(Chosen::Call(call.clone()))
                } else if call.kind == MeldType::Chi {
                    Some(Chosen::Pass)
                } else {
                    None
                };
            }
            _ => break,
        }
    }
    (!other_won).then_some(Chosen::Pass)
}

/// The situation of an offer, as the review found it.
pub(crate) struct OfferSituation<'a> {
    pub(crate) state: &'a super::events::RoundState,
    pub(crate) events: &'a [super::events::Event],
    /// Index of the discard in `events`.
    pub(crate) index: usize,
    pub(crate) seat: u8,
    pub(crate) from_seat: u8,
    pub(crate) tile: Tile,
    pub(crate) players: u8,
    pub(crate) round: &'a super::events::RoundLog,
    pub(crate) turn: u32,
    pub(crate) at: usize,
    /// Other players' discards since the player's last discard.
    pub(crate) passed: &'a [Tile],
    pub(crate) rules: &'a crate::rules::Rules,
}

/// The offer at `sit`, when it is a call decision (see the [module](self)): the hand,
/// the engine's options and what the player did, to be valued by [`value`].
pub(crate) fn find(sit: &OfferSituation<'_>) -> Result<Option<PendingOffer>, Error> {
    let s = usize::from(sit.seat);
    let state = sit.state;
    if state.riichi[s] || sit.players != 4 {
        return Ok(None);
    }
    let hand = Hand::new(
        state.hands[s].clone(),
        state.calls[s]
            .iter()
            .filter_map(LoggedCall::to_call)
            .collect(),
    )?;
    if hand.is_drawn() {
        return Ok(None);
    }
    let from = discarder(sit.seat, sit.from_seat, sit.players);
    let kind = sit.tile.kind();
    let held = hand.concealed().iter().filter(|t| t.kind() == kind).count();
    let has = |k: u8| {
        hand.concealed()
            .iter()
            .any(|t| t.kind().index() == usize::from(k))
    };
    let chi = from == Discarder::Left && kind.suit() != Suit::Honor && {
        let k = kind.index() as u8;
        let n = k % 9;
        (n >= 2 && has(k - 2) && has(k - 1))
            || ((1..=7).contains(&n) && has(k - 1) && has(k + 1))
            || (n <= 6 && has(k + 1) && has(k + 2))
    };
    let calls_left = hand.calls().len() < 4 && state.draws_left > 0;
    let can_call = calls_left && (held >= 2 || chi);
    // Ron: complete, and not furiten.
    let waits: Vec<Tile> = crate::ukeire::waits(&hand).unwrap_or_default();
    let furiten = waits.iter().any(|w| {
        state.rivers[s].iter().any(|r| r.tile.kind() == *w)
            || sit.passed.iter().any(|p| p.kind() == *w)
    });
    let can_ron = waits.contains(&kind) && !furiten;
    if !can_call && !can_ron {
        return Ok(None);
    }
    let Some(chosen) = reaction(sit.events, sit.index, sit.seat) else {
        return Ok(None);
    };
    let mut visible = state.visible_to(s);
    for d in &state.dora {
        if let Some(i) = visible.iter().position(|x| x == d) {
            visible.remove(i);
        }
    }
    visible.push(sit.tile);
    let own_draws = u32::try_from(state.draws_left.max(0) / i32::from(sit.players)).unwrap_or(0);
    let options = AdviseOptions {
        draws: own_draws.min(30),
        changes: 1,
        riichi: RiichiPolicy::Auto,
        visible,
        dora: state.dora.clone(),
        round_wind: Wind::from_index(usize::from(sit.round.round / 4) % 4),
        seat_wind: Wind::from_index(
            (s + usize::from(sit.players) - usize::from(sit.round.dealer))
                % usize::from(sit.players),
        ),
        rules: sit.rules.clone(),
        max_states: super::review::REVIEW_MAX_STATES,
        max_states_no_change: super::review::REVIEW_MAX_STATES,
        ..AdviseOptions::default()
    };
    Ok(Some(PendingOffer {
        decision: CallDecision {
            round: sit.round.label(),
            honba: sit.round.honba,
            turn: sit.turn,
            at: sit.at,
            offer: sit.tile,
            from,
            from_seat: sit.from_seat,
            concealed: state.hands[s].clone(),
            calls: state.calls[s].clone(),
            hand: hand.to_string(),
            draws_left: state.draws_left,
            own_draws,
            furiten,
            chosen,
            advice: None,
        },
        hand,
        options,
        ron_only: !calls_left,
    }))
}

/// The engine's answer for an offer, as the review values it: [`advise_offer`] with
/// `offer_options` (who discarded, furiten, [`Choice::Ron`] alone on the round's last
/// discard) under `options`, the ron of a closed hand priced under riichi `never`
/// (see the [module](self)). Public so that a test or a caller can value one
/// situation on its own.
///
/// ```
/// use tenpai::advise::{AdviseOptions, offer::{Choice, Discarder, OfferOptions}};
/// use tenpai::logs::call_review::value_offer;
/// let hand: tenpai::Hand = "234m66p678s689s77z".parse()?;
/// let opts = AdviseOptions { draws: 3, changes: 0, ..AdviseOptions::default() };
/// let across = OfferOptions { from: Discarder::Across, ..OfferOptions::default() };
/// let a = value_offer(&hand, tenpai::Tile::from_mpsz("7z").unwrap(), &across, &opts)?;
/// assert!(a.options.iter().any(|o| o.option == Choice::Pon));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn value_offer(
    hand: &Hand,
    offer: Tile,
    offer_options: &OfferOptions,
    options: &AdviseOptions,
) -> Result<OfferAdvice, Error> {
    let o = offer_options.clone();
    let mut a = advise_offer(hand, offer, &o, options)?;
    if hand.is_closed() && a.options.iter().any(|x| x.option == Choice::Ron) {
        let never = AdviseOptions {
            riichi: RiichiPolicy::Never,
            ..options.clone()
        };
        let only = OfferOptions {
            only: Some(Choice::Ron),
            ..o.clone()
        };
        let dama = advise_offer(hand, offer, &only, &never)?;
        if let Some(r) = dama.options.into_iter().find(|x| x.option == Choice::Ron) {
            for x in a.options.iter_mut().filter(|x| x.option == Choice::Ron) {
                *x = r.clone();
            }
        }
        // Best first again (by expected points, then win, then tenpai; stable).
        a.options.sort_by(|x, y| {
            y.ev.total_cmp(&x.ev)
                .then(y.win.total_cmp(&x.win))
                .then(y.tenpai.total_cmp(&x.tenpai))
        });
        a.best = a
            .options
            .first()
            .map(OfferOption::label)
            .unwrap_or_default();
    }
    Ok(a)
}

/// Value a pending offer; `None` when it is no decision after all (a single option).
pub(crate) fn value(p: PendingOffer) -> Option<CallDecision> {
    let mut d = p.decision;
    let o = OfferOptions {
        from: d.from,
        furiten: d.furiten,
        only: p.ron_only.then_some(Choice::Ron),
        ..OfferOptions::default()
    };
    match value_offer(&p.hand, d.offer, &o, &p.options) {
        Ok(a) if a.options.len() < 2 => None,
        Ok(a) => {
            d.advice = Some(a);
            Some(d)
        }
        Err(_) => Some(d),
    }
}
