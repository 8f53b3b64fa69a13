//! Player statistics over games, as Tenhou's statistics pages define them.
//!
//! Per player (by name; a seat without a name is `seat N`), counted over every round
//! the player sat in:
//!
//! - `rounds`: rounds dealt (abortive draws included);
//! - `win_rate` (和了率): rounds the player won / rounds;
//! - `deal_in_rate` (放銃率): rounds in which the player's discard (or added kan) was
//!   won by ron / rounds (a double ron is one deal-in);
//! - `tsumo_rate` (ツモ率): wins by tsumo / wins;
//! - `riichi_rate` (立直率): rounds with a riichi declaration / rounds;
//! - `call_rate` (副露率): rounds with at least one open call (chi, pon, open kan) /
//!   rounds; closed kans do not open the hand and do not count;
//! - `average_win` (平均和了): average hand value of the player's wins (the value the
//!   log records, without honba and riichi sticks);
//! - `average_deal_in` (平均放銃): average hand value of the wins the player dealt in
//!   (both hands of a double ron added);
//! - `tenpai_at_draw_rate` (流局時聴牌率): exhaustive draws in which the player was tenpai
//!   / exhaustive draws (tenpai as the log shows it, else as the engine sees the hand);
//! - `placements` (1st..4th) and `average_placement` over complete games (the log has
//!   final scores), ties to the seat nearest the first dealer; `average_final_score`
//!   likewise;
//! - `yaku`: how often each yaku (and yakuman) was in the player's wins, most frequent
//!   first.

use super::events::{Event, RoundEnd};
use super::{tenhou_yaku, Game, MeldType};
use std::collections::BTreeMap;

/// Counts for one player; rates are derived from them.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::stats::{game_stats, PlayerStats};
/// let stats = game_stats(&game);
/// let winner = &stats[1]; // seat 1 won the only round, by tsumo, for 4000
/// assert_eq!((winner.player.as_str(), winner.rounds, winner.wins, winner.tsumo_wins), ("seat 1", 1, 1, 1));
/// assert_eq!((winner.win_rate(), winner.tsumo_rate(), winner.average_win()), (1.0, 1.0, 4000.0));
/// assert_eq!((winner.riichi_rate(), winner.call_rate(), winner.deal_in_rate()), (0.0, 0.0, 0.0));
/// assert_eq!(winner.yaku_ranked(), [("ittsu".to_string(), 1), ("menzen_tsumo".to_string(), 1)]);
/// // Records add up over games.
/// let mut total = PlayerStats::new("seat 1");
/// total.merge(winner);
/// total.merge(&stats[0]);
/// assert_eq!((total.rounds, total.wins, total.win_rate()), (2, 1, 0.5));
/// assert_eq!((total.average_deal_in(), total.tenpai_at_draw_rate()), (0.0, 0.0));
/// assert_eq!(total.complete_games, 0); // no final scores in this log
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerStats {
    /// The player's name.
    pub player: String,
    /// Games the player sat in.
    pub games: u64,
    /// Games with final scores (placements are counted over these).
    pub complete_games: u64,
    /// Rounds the player sat in.
    pub rounds: u64,
    /// Rounds the player won.
    pub wins: u64,
    /// Wins by tsumo.
    pub tsumo_wins: u64,
    /// Rounds in which the player dealt in.
    pub deal_ins: u64,
    /// Rounds with a riichi declaration.
    pub riichi: u64,
    /// Rounds with at least one open call.
    pub calls: u64,
    /// Exhaustive draws the player sat in.
    pub exhaustive_draws: u64,
    /// Exhaustive draws in which the player was tenpai.
    pub tenpai_at_draw: u64,
    /// Sum of the values of the player's wins.
    pub win_points: u64,
    /// Sum of the values of the wins the player dealt in.
    pub deal_in_points: u64,
    /// Finishes in 1st, 2nd, 3rd, 4th place.
    pub placements: [u64; 4],
    /// Sum of final scores over complete games.
    pub final_score_total: i64,
    /// Yaku name -> number of wins with it.
    pub yaku: BTreeMap<String, u64>,
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

impl PlayerStats {
    /// An empty record for `player`.
    pub fn new(player: &str) -> PlayerStats {
        PlayerStats {
            player: player.to_string(),
            ..PlayerStats::default()
        }
    }

    /// Add another record's counts (same player).
    pub fn merge(&mut self, o: &PlayerStats) {
        self.games += o.games;
        self.complete_games += o.complete_games;
        self.rounds += o.rounds;
        self.wins += o.wins;
        self.tsumo_wins += o.tsumo_wins;
        self.deal_ins += o.deal_ins;
        self.riichi += o.riichi;
        self.calls += o.calls;
        self.exhaustive_draws += o.exhaustive_draws;
        self.tenpai_at_draw += o.tenpai_at_draw;
        self.win_points += o.win_points;
        self.deal_in_points += o.deal_in_points;
        for (a, b) in self.placements.iter_mut().zip(o.placements) {
            *a += b;
        }
        self.final_score_total += o.final_score_total;
        for (k, v) in &o.yaku {
            *self.yaku.entry(k.clone()).or_default() += v;
        }
    }

    /// Wins / rounds.
    pub fn win_rate(&self) -> f64 {
        ratio(self.wins, self.rounds)
    }
    /// Deal-ins / rounds.
    pub fn deal_in_rate(&self) -> f64 {
        ratio(self.deal_ins, self.rounds)
    }
    /// Tsumo wins / wins.
    pub fn tsumo_rate(&self) -> f64 {
        ratio(self.tsumo_wins, self.wins)
    }
    /// Rounds with riichi / rounds.
    pub fn riichi_rate(&self) -> f64 {
        ratio(self.riichi, self.rounds)
    }
    /// Rounds with an open call / rounds.
    pub fn call_rate(&self) -> f64 {
        ratio(self.calls, self.rounds)
    }
    /// Average value of a win.
    pub fn average_win(&self) -> f64 {
        ratio(self.win_points, self.wins)
    }
    /// Average value of a deal-in.
    pub fn average_deal_in(&self) -> f64 {
        ratio(self.deal_in_points, self.deal_ins)
    }
    /// Tenpai at exhaustive draws / exhaustive draws.
    pub fn tenpai_at_draw_rate(&self) -> f64 {
        ratio(self.tenpai_at_draw, self.exhaustive_draws)
    }
    /// Average placement (1..4) over complete games; 0 when none.
    pub fn average_placement(&self) -> f64 {
        let n: u64 = self.placements.iter().sum();
        let s: u64 = self
            .placements
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as u64 + 1) * c)
            .sum();
        ratio(s, n)
    }
    /// Average final score over complete games.
    pub fn average_final_score(&self) -> f64 {
        if self.complete_games == 0 {
            0.0
        } else {
            self.final_score_total as f64 / self.complete_games as f64
        }
    }
    /// Yaku by frequency (most frequent first, then by name).
    pub fn yaku_ranked(&self) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> = self.yaku.iter().map(|(k, &c)| (k.clone(), c)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v
    }

    /// The record as one line of `tenpai stats --json` (the Python package's
    /// `tenpai.stats` gives the same): the counts, the rates (rounded to 3 places),
    /// averages and the yaku by frequency.
    ///
    /// ```
    /// let p = tenpai::logs::stats::PlayerStats::new("Ann");
    /// let v = p.to_json();
    /// assert_eq!((v["player"].as_str(), v["games"].as_u64()), (Some("Ann"), Some(0)));
    /// assert_eq!(v["win_rate"].as_f64(), Some(0.0));
    /// ```
    pub fn to_json(&self) -> serde_json::Value {
        let round3 = |x: f64| (x * 1000.0).round() / 1000.0;
        let yaku: Vec<serde_json::Value> = self
            .yaku_ranked()
            .into_iter()
            .map(|(name, count)| serde_json::json!({"name": name, "count": count}))
            .collect();
        serde_json::json!({
            "player": self.player,
            "games": self.games,
            "complete_games": self.complete_games,
            "rounds": self.rounds,
            "wins": self.wins,
            "tsumo_wins": self.tsumo_wins,
            "deal_ins": self.deal_ins,
            "riichi": self.riichi,
            "calls": self.calls,
            "win_rate": round3(self.win_rate()),
            "deal_in_rate": round3(self.deal_in_rate()),
            "tsumo_rate": round3(self.tsumo_rate()),
            "riichi_rate": round3(self.riichi_rate()),
            "call_rate": round3(self.call_rate()),
            "average_win": self.average_win().round(),
            "average_deal_in": self.average_deal_in().round(),
            "placements": self.placements,
            "average_placement": round3(self.average_placement()),
            "average_final_score": self.average_final_score().round(),
            "exhaustive_draws": self.exhaustive_draws,
            "tenpai_at_draw": self.tenpai_at_draw,
            "tenpai_at_draw_rate": round3(self.tenpai_at_draw_rate()),
            "yaku": yaku,
        })
    }
}

/// The name of the player at `seat`: the log's, or `seat N` when it has none.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// assert_eq!(tenpai::logs::stats::player_name(&game, 2), "seat 2"); // no names in this log
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn player_name(game: &Game, seat: usize) -> String {
    match game.names.get(seat) {
        Some(n) if !n.is_empty() => n.clone(),
        _ => format!("seat {seat}"),
    }
}

/// Placements (0 = first) from final scores; ties go to the seat nearest the first
/// dealer (seat 0).
///
/// ```
/// use tenpai::logs::stats::placements;
///
/// assert_eq!(placements(&[25000, 30000, 25000, 20000]), [1, 0, 2, 3]);
/// ```
pub fn placements(scores: &[i32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| scores[b].cmp(&scores[a]).then(a.cmp(&b)));
    let mut place = vec![0; scores.len()];
    for (p, &s) in order.iter().enumerate() {
        place[s] = p;
    }
    place
}

/// The statistics of one game, one record per seat.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let stats = tenpai::logs::stats::game_stats(&game);
/// assert_eq!(stats.len(), 4);
/// assert_eq!(stats.iter().map(|p| p.wins).collect::<Vec<_>>(), [0, 1, 0, 0]);
/// assert!(stats.iter().all(|p| p.games == 1 && p.rounds == 1));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn game_stats(game: &Game) -> Vec<PlayerStats> {
    let players = usize::from(game.rules.players).min(4);
    let mut out: Vec<PlayerStats> = (0..players)
        .map(|s| {
            let mut p = PlayerStats::new(&player_name(game, s));
            p.games = 1;
            p
        })
        .collect();
    for round in &game.round_logs {
        let mut riichi = [false; 4];
        let mut called = [false; 4];
        for e in &round.events {
            match e {
                Event::Riichi { who } => riichi[usize::from(*who) % 4] = true,
                Event::Call { who, call }
                    if matches!(
                        call.kind,
                        MeldType::Chi | MeldType::Pon | MeldType::Daiminkan
                    ) =>
                {
                    called[usize::from(*who) % 4] = true
                }
                _ => {}
            }
        }
        let mut won = [false; 4];
        let mut dealt_in = [false; 4];
        for win in game.wins.get(round.wins.clone()).unwrap_or(&[]) {
            let w = usize::from(win.winner) % 4;
            if w >= players {
                continue;
            }
            let p = &mut out[w];
            if !won[w] {
                won[w] = true;
                p.wins += 1;
                p.tsumo_wins += u64::from(win.tsumo);
            }
            p.win_points += u64::from(win.recorded.points);
            for (id, han) in &win.recorded.yaku {
                if *han > 0 {
                    if let Some(y) = tenhou_yaku::by_id(u32::from(*id)) {
                        *p.yaku.entry(y.name.to_string()).or_default() += 1;
                    }
                }
            }
            for id in &win.recorded.yakuman {
                if let Some(y) = tenhou_yaku::by_id(u32::from(*id)) {
                    *p.yaku.entry(y.name.to_string()).or_default() += 1;
                }
            }
            if !win.tsumo {
                let f = usize::from(win.from) % 4;
                if f < players {
                    if !dealt_in[f] {
                        dealt_in[f] = true;
                        out[f].deal_ins += 1;
                    }
                    out[f].deal_in_points += u64::from(win.recorded.points);
                }
            }
        }
        let tenpai = if round.end == RoundEnd::Exhaustive {
            Some(
                round
                    .recorded_tenpai
                    .unwrap_or_else(|| super::track::tenpai_at_end(round, game.rules.players)),
            )
        } else {
            None
        };
        for (s, p) in out.iter_mut().enumerate() {
            p.rounds += 1;
            p.riichi += u64::from(riichi[s]);
            p.calls += u64::from(called[s]);
            if let Some(t) = tenpai {
                p.exhaustive_draws += 1;
                p.tenpai_at_draw += u64::from(t[s]);
            }
        }
    }
    if let Some(finals) = &game.final_scores {
        if finals.len() >= players {
            let place = placements(&finals[..players]);
            for (s, p) in out.iter_mut().enumerate() {
                p.complete_games = 1;
                p.placements[place[s].min(3)] += 1;
                p.final_score_total = i64::from(finals[s]);
            }
        }
    }
    out
}
