//! The score track of a game: every point that moved, round by round, computed from the
//! rules and checked against what the log recorded.
//!
//! Per round the score change of each seat is computed from the round's result:
//!
//! - **wins**: each win is scored by the engine; a ron is paid by the discarder (value
//!   plus 300 per honba), a tsumo by every other seat (dealer's share or non-dealer's,
//!   plus 100 per honba each); the riichi sticks on the table (earlier rounds' included)
//!   go to the winner. Of several winners on one discard (double ron; Tenhou aborts on a
//!   triple ron) only the first in turn order from the discarder gets honba and sticks.
//! - **pao** (sekinin-barai, daisangen / daisuushii as Tenhou applies it): on tsumo
//!   the liable seat pays the whole hand and the honba; on ron by a third seat's
//!   discard the liable seat and the discarder pay half the value each, and the liable
//!   seat pays the honba (as Tenhou recorded it in the corpus: daisangen ron at E2
//!   1 honba of `2010060416gm-0061-0000-2d91fbe3`, liable seat -16300, discarder -16000).
//! - **exhaustive draw**: 3000 points from the noten seats to the tenpai seats (none
//!   when all or none are tenpai); tenpai as the engine sees the final hands (a wait on
//!   a kind whose four copies the hand holds itself does not count).
//! - **nagashi mangan**: a mangan tsumo for each qualifying seat (every discard a
//!   terminal or honor, none called), no honba, no tenpai payments.
//! - **abortive draws**: nothing.
//!
//! Riichi deposits (1000 per accepted riichi) are kept apart from the result's
//! changes, as both log formats record them. The scores after a round are its start
//! scores, less deposits, plus changes; they must equal the next round's start scores,
//! and the sticks left on the table the next round's sticks. At the end, sticks still on
//! the table go to the top seat (ties: the seat nearest the first dealer) and the
//! result must equal the log's final scores.

use super::events::{RoundEnd, RoundLog};
use super::{verify, Game, LoggedCall, Win};
use crate::error::Error;
use crate::hand::Hand;
use crate::score::ScoreResult;

/// The check of one round.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let check = tenpai::logs::track::check_game(&game)?;
/// let r = &check.rounds[0];
/// assert_eq!((r.round.as_str(), r.honba, r.result), ("E1", 0, "win"));
/// // Non-dealer tsumo 1000/2000: the dealer pays 2000, the others 1000.
/// assert_eq!(r.deltas, [-2000, 4000, -1000, -1000]);
/// assert_eq!((r.scores_after, r.sticks_after), ([23000, 29000, 24000, 24000], 0));
/// assert!(r.balanced());
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundCheck {
    /// `E1`, `S3`, ...
    pub round: String,
    /// Honba at the start.
    pub honba: u32,
    /// `win`, `draw` (exhaustive, nagashi mangan), `abort`, or `unfinished` (the log
    /// stops inside the round).
    pub result: &'static str,
    /// The score change of each seat computed from the rules (riichi deposits apart).
    pub deltas: [i32; 4],
    /// The change the log recorded, when it records one.
    pub recorded_deltas: Option<[i32; 4]>,
    /// Riichi deposits paid in the round (-1000 per accepted riichi).
    pub deposits: [i32; 4],
    /// Start scores + deposits + computed deltas.
    pub scores_after: [i32; 4],
    /// Riichi sticks left on the table after the round.
    pub sticks_after: u32,
    /// Seats tenpai at an exhaustive draw, as computed.
    pub tenpai: Option<[bool; 4]>,
    /// The first field that differs from the log (`deltas[2]: computed -3900,
    /// recorded -4000`), `None` when the round balances.
    pub mismatch: Option<String>,
}

impl RoundCheck {
    /// The round agrees with the log in every field checked.
    pub fn balanced(&self) -> bool {
        self.mismatch.is_none()
    }
}

/// The check of one game.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let check = tenpai::logs::track::check_game(&game)?;
/// assert_eq!(check.final_scores, [23000, 29000, 24000, 24000]);
/// assert_eq!(check.recorded_final_scores, None);
/// assert!(check.balanced() && check.first_mismatch().is_none());
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameCheck {
    /// Every round, in order.
    pub rounds: Vec<RoundCheck>,
    /// Final scores computed (after the last round, leftover sticks to the top seat).
    pub final_scores: [i32; 4],
    /// Final scores as the log records them.
    pub recorded_final_scores: Option<Vec<i32>>,
    /// The first mismatch of the final scores, if any.
    pub final_mismatch: Option<String>,
}

impl GameCheck {
    /// Every round balances and the final scores (when recorded) agree.
    pub fn balanced(&self) -> bool {
        self.final_mismatch.is_none() && self.rounds.iter().all(RoundCheck::balanced)
    }

    /// The first mismatch of the game, with its round.
    pub fn first_mismatch(&self) -> Option<String> {
        self.rounds
            .iter()
            .find_map(|r| {
                r.mismatch
                    .as_ref()
                    .map(|m| format!("{}-{}: {m}", r.round, r.honba))
            })
            .or_else(|| self.final_mismatch.as_ref().map(|m| format!("final: {m}")))
    }
}

/// What each seat gains from one win (honba and sticks as paid to this winner),
/// computed from the engine's answer.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let win = &game.wins[0];
/// let (result, _) = tenpai::logs::verify(win, &game.rules)?;
/// assert_eq!(tenpai::logs::track::win_deltas(win, &result, 4), [-2000, 4000, -1000, -1000]);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn win_deltas(win: &Win, result: &ScoreResult, players: u8) -> [i32; 4] {
    let mut d = [0i32; 4];
    let w = usize::from(win.winner) % 4;
    let honba = win.paid_honba as i32;
    let sticks = 1000 * win.paid_sticks as i32;
    let p = &result.payments;
    let pao = win.pao.map(|s| usize::from(s) % 4);
    if let (Some(liable), 4) = (pao, players) {
        // Liability as Tenhou applies it: the same rule as a score request's `pao`.
        let rel = |s: u8| ((usize::from(s) + 4 - w) % 4) as u8;
        let pay = crate::score::Payment {
            ron: p.ron,
            dealer: p.dealer,
            non_dealer: p.non_dealer,
            total: result.points,
        };
        let split = crate::score::pao_payments(
            &pay,
            &pay,
            win.tsumo,
            rel(win.dealer),
            rel(win.from),
            rel(liable as u8),
            win.paid_honba,
            true,
        );
        let mut total = 0;
        for (r, &x) in split.pays.iter().enumerate() {
            d[(w + r + 1) % 4] = -(x as i32);
            total += x as i32;
        }
        d[w] = total + sticks;
        return d;
    }
    if win.tsumo {
        let dealer = usize::from(win.dealer) % 4;
        let mut total = 0;
        for (s, ds) in d.iter_mut().enumerate().take(usize::from(players)) {
            if s == w {
                continue;
            }
            let pay = if s == dealer {
                p.dealer.or(p.non_dealer).unwrap_or(0)
            } else {
                p.non_dealer.unwrap_or(0)
            } as i32
                + 100 * honba;
            total += pay;
            *ds -= pay;
        }
        if let Some(liable) = pao {
            // The liable seat pays the whole hand.
            for (s, x) in d.iter_mut().enumerate() {
                if s != w {
                    *x = 0;
                }
            }
            d[liable] = -total;
        }
        d[w] += total + sticks;
    } else {
        let from = usize::from(win.from) % 4;
        let value = p.ron.unwrap_or(0) as i32;
        // 100 per honba from each player who would pay a tsumo: 300 with four, 200 with three.
        let per_honba = 100 * (i32::from(players) - 1);
        match pao {
            Some(liable) if liable != from => {
                // As Tenhou records it: the liable seat pays the honba.
                d[liable] -= value / 2 + per_honba * honba;
                d[from] -= value - value / 2;
            }
            _ => d[from] -= value + per_honba * honba,
        }
        d[w] += value + per_honba * honba + sticks;
    }
    d
}

fn to_hand(concealed: &[crate::tile::Tile], calls: &[LoggedCall]) -> Result<Hand, Error> {
    Hand::new(
        concealed.to_vec(),
        calls.iter().filter_map(LoggedCall::to_call).collect(),
    )
}

/// The seats tenpai with the hands they hold at the end of the round.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// // The dealer holds 7777p8888p9999p1s: tenpai on 1s.
/// assert!(tenpai::logs::track::tenpai_at_end(&game.round_logs[0], 4)[0]);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn tenpai_at_end(round: &RoundLog, players: u8) -> [bool; 4] {
    let state = round.replay(|_, _| {});
    let mut out = [false; 4];
    for (s, o) in out.iter_mut().enumerate().take(usize::from(players)) {
        *o = to_hand(&state.hands[s], &state.calls[s])
            .and_then(|h| crate::ukeire::waits(&h))
            .is_ok_and(|w| !w.is_empty());
    }
    out
}

/// The seats that qualify for nagashi mangan: every discard a terminal or honor, none
/// of them called.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// // Everyone discarded an 8s: nobody qualifies.
/// assert!(tenpai::logs::track::nagashi_seats(&game.round_logs[0], 4).is_empty());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn nagashi_seats(round: &RoundLog, players: u8) -> Vec<u8> {
    let state = round.replay(|_, _| {});
    (0..players)
        .filter(|&s| {
            let river = &state.rivers[usize::from(s)];
            !river.is_empty()
                && river
                    .iter()
                    .all(|t| t.tile.is_terminal_or_honor() && !t.called)
        })
        .collect()
}

fn first_diff(name: &str, computed: &[i32], recorded: &[i32]) -> Option<String> {
    if computed.len() != recorded.len() {
        return Some(format!(
            "{name}: computed {} seats, recorded {}",
            computed.len(),
            recorded.len()
        ));
    }
    computed
        .iter()
        .zip(recorded)
        .enumerate()
        .find(|(_, (c, r))| c != r)
        .map(|(i, (c, r))| format!("{name}[{i}]: computed {c}, recorded {r}"))
}

/// Check one round. `results` are the engine's answers for the round's wins, in order
/// (an `Err` where a win could not be scored). `next` is the following round, if any.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::{track::check_round, verify};
/// let results = [verify(&game.wins[0], &game.rules).map(|(r, _)| r)];
/// let r = check_round(&game, &game.round_logs[0], &results, None);
/// assert_eq!((r.result, r.deltas), ("win", [-2000, 4000, -1000, -1000]));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn check_round(
    game: &Game,
    round: &RoundLog,
    results: &[Result<ScoreResult, Error>],
    next: Option<&RoundLog>,
) -> RoundCheck {
    let players = game.rules.players;
    let mut deltas = [0i32; 4];
    let mut mismatch: Option<String> = None;
    let mut tenpai = None;
    let mut deposits = [0i32; 4];
    let mut riichi_count = 0u32;
    for e in &round.events {
        if let super::events::Event::RiichiAccepted { who } = e {
            deposits[usize::from(*who) % 4] -= 1000;
            riichi_count += 1;
        }
    }
    let mut sticks_after = round.sticks + riichi_count;
    let result = match round.end {
        RoundEnd::Win => {
            for (win, res) in game.wins[round.wins.clone()].iter().zip(results) {
                match res {
                    Ok(r) => {
                        for (x, y) in deltas.iter_mut().zip(win_deltas(win, r, players)) {
                            *x += y;
                        }
                    }
                    Err(e) => {
                        mismatch.get_or_insert_with(|| {
                            format!("win of seat {} not scored: {e}", win.winner)
                        });
                    }
                }
            }
            sticks_after = 0;
            "win"
        }
        RoundEnd::Exhaustive => {
            let t = tenpai_at_end(round, players);
            let n = t.iter().take(usize::from(players)).filter(|&&x| x).count() as i32;
            let noten = i32::from(players) - n;
            if n > 0 && noten > 0 {
                let pot = if players == 4 { 3000 } else { 2000 };
                for s in 0..usize::from(players) {
                    deltas[s] = if t[s] { pot / n } else { -pot / noten };
                }
            }
            if let Some(rec) = round.recorded_tenpai {
                if let Some(i) = (0..usize::from(players)).find(|&i| rec[i] != t[i]) {
                    mismatch = Some(format!(
                        "tenpai[{i}]: computed {}, recorded {}",
                        t[i], rec[i]
                    ));
                }
            }
            tenpai = Some(t);
            "draw"
        }
        RoundEnd::Nagashi => {
            let dealer = usize::from(round.dealer) % 4;
            for s in nagashi_seats(round, players) {
                let s = usize::from(s);
                for o in 0..usize::from(players) {
                    if o == s {
                        continue;
                    }
                    let pay = if s == dealer || o == dealer {
                        4000
                    } else {
                        2000
                    };
                    deltas[o] -= pay;
                    deltas[s] += pay;
                }
            }
            "draw"
        }
        RoundEnd::Abort(_) => "abort",
        RoundEnd::Unfinished => "unfinished",
    };
    let n = usize::from(players);
    if mismatch.is_none() {
        if let Some(rec) = &round.recorded_deltas {
            mismatch = first_diff("deltas", &deltas[..n], &rec[..n]);
        }
    }
    let mut scores_after = [0i32; 4];
    for s in 0..4 {
        scores_after[s] = round.scores[s] + deposits[s] + deltas[s];
    }
    if let (None, Some(next)) = (&mismatch, next) {
        if round.end != RoundEnd::Unfinished {
            mismatch = first_diff("next_scores", &scores_after[..n], &next.scores[..n]);
            if mismatch.is_none() && next.sticks != sticks_after {
                mismatch = Some(format!(
                    "next_sticks: computed {sticks_after}, recorded {}",
                    next.sticks
                ));
            }
        }
    }
    RoundCheck {
        round: round.label(),
        honba: round.honba,
        result,
        deltas,
        recorded_deltas: round.recorded_deltas,
        deposits,
        scores_after,
        sticks_after,
        tenpai,
        mismatch,
    }
}

/// Check a whole game with the engine's answers for its wins (`results[i]` for
/// `game.wins[i]`). 3-player games are scored under `tenhou-sanma`.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::{track::check_game_with, verify};
/// let results: Vec<_> = game.wins.iter().map(|w| verify(w, &game.rules).map(|(r, _)| r)).collect();
/// let check = check_game_with(&game, &results)?;
/// assert_eq!(check.final_scores, [23000, 29000, 24000, 24000]);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn check_game_with(
    game: &Game,
    results: &[Result<ScoreResult, Error>],
) -> Result<GameCheck, Error> {
    let logs = &game.round_logs;
    let rounds: Vec<RoundCheck> = logs
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let res = results.get(r.wins.clone()).unwrap_or(&[]);
            check_round(game, r, res, logs.get(i + 1))
        })
        .collect();
    let mut final_scores = [0i32; 4];
    if let (Some(last), Some(check)) = (logs.last(), rounds.last()) {
        final_scores = check.scores_after;
        if last.end != RoundEnd::Unfinished && check.sticks_after > 0 {
            let top = (0..4).max_by_key(|&s| (final_scores[s], -(s as i32)));
            if let Some(top) = top {
                final_scores[top] += 1000 * check.sticks_after as i32;
            }
        }
    }
    let final_mismatch = game
        .final_scores
        .as_ref()
        .and_then(|rec| first_diff("final_scores", &final_scores, rec));
    Ok(GameCheck {
        rounds,
        final_scores,
        recorded_final_scores: game.final_scores.clone(),
        final_mismatch,
    })
}

/// Check a whole game, scoring its wins with the engine.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let check = tenpai::logs::track::check_game(&game)?;
/// assert_eq!((check.rounds.len(), check.balanced()), (1, true));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn check_game(game: &Game) -> Result<GameCheck, Error> {
    let results: Vec<Result<ScoreResult, Error>> = game
        .wins
        .iter()
        .map(|w| verify(w, &game.rules).map(|(r, _)| r))
        .collect();
    check_game_with(game, &results)
}
