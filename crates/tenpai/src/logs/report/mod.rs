//! The review report: one player's (or every player's) discards reviewed, with the
//! game's rounds and score track, as JSON ([`Report::to_json`]) and as one
//! self-contained HTML page ([`Report::to_html`]: inline CSS, SVG tiles and script,
//! no network, opens from disk), as `tenpai review LOG --html OUT.html` writes it.
//!
//! The page shows a round list with each round's result and the score change of every
//! seat, the score track (a line chart of the scores, one point per round end), a
//! summary (agreement with the best efficiency discard, what was lost, the total
//! expected points lost with the engine's values, the worst decisions linked to their
//! turns) and every discard of the reviewed player: the hand drawn as tiles, the
//! discard made, the best by efficiency and (with the engine) the best by expected
//! value, their shanten, ukeire, win chance and expected points, and the loss, marked
//! when [large](large_loss); with the engine, the call decisions
//! ([`crate::logs::call_review`]) at their place among the discards, each with its
//! options, and counted in the summary. Arrow keys move between turns; a player switch
//! when several seats are reviewed.
//!
//! Each turn of the JSON is exactly a `tenpai review --json` line
//! ([`ReviewTurn::to_json`]) with `large` and `deal_in_tiles` added: `deal_in_tiles`
//! (the chances that each tile of the hand deals into the opponents in riichi, from the
//! defence model, [`crate::logs::defence`]; the line's `deal_in` is the discard's) is an
//! object from each kind (mpsz, `"5m"`) to its
//! chance (0 to 1) on the turns made while a riichi stood, `null` otherwise; the page
//! shows it tile by tile.
//!
//! ```
//! # let log = include_str!("../../../tests/data/doc/e1.mjlog");
//! // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
//! let game = tenpai::logs::parse_log(log.as_bytes())?;
//! use tenpai::logs::report::{report, Seats};
//! let r = report(&game, Seats::One(0), false, &mut |_| {})?;
//! assert_eq!((r.rounds.len(), r.reviews.len(), r.reviews[0].turns.len()), (1, 1, 2));
//! assert_eq!(r.rounds[0].scores_after, [23000, 29000, 24000, 24000]);
//! let html = r.to_html();
//! assert!(html.starts_with("<!doctype html>") && !html.contains("http://") && !html.contains("https://"));
//! let every = report(&game, Seats::All, false, &mut |_| {})?;
//! assert_eq!(every.reviews.iter().map(|p| p.seat).collect::<Vec<_>>(), [0, 1, 2, 3]);
//! # Ok::<(), tenpai::Error>(())
//! ```

mod file;

pub use file::AtomicFile;

use super::call_review::CallDecision;
use super::events::RoundEnd;
use super::review::{review_decisions, ReviewProgress, ReviewTurn};
use super::Game;
use crate::error::Error;
use serde_json::{json, Value};

/// The tiles drawn as SVG (`tileSVG(code, sideways)`, `tileBackSVG()`,
/// `tileName(code)`): the script the report and the `tenpai serve` page share.
pub const TILES_JS: &str = include_str!("tiles.js");
/// The report's script (renders the page from its JSON).
pub const REPORT_JS: &str = include_str!("report.js");
/// The report's style sheet.
pub const REPORT_CSS: &str = include_str!("report.css");

/// Which seats a report reviews.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seats {
    /// One seat (0-3 as the log numbers them).
    One(u8),
    /// Every seat of the game (`--seat all`).
    All,
}

/// One round as the report lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRow {
    /// The round with its honba, unique in the game (`E1-0`).
    pub name: String,
    /// The dealer seat.
    pub dealer: u8,
    /// `win`, `draw`, `abort` or `unfinished` (as the score track names them).
    pub result: &'static str,
    /// The result in words: who won from whom and for how much, who was tenpai at a
    /// draw, which abortive draw.
    pub text: String,
    /// Each seat's score change in the round, riichi deposits included.
    pub deltas: [i32; 4],
    /// Each seat's score after the round (the score track's, computed from the rules).
    pub scores_after: [i32; 4],
}

/// One reviewed player.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerReview {
    /// The seat.
    pub seat: u8,
    /// The name (`seat N` when the log has none).
    pub name: String,
    /// Every discard, in game order.
    pub turns: Vec<ReviewTurn>,
    /// Every call decision the engine valued (with `advise`), in game order; each
    /// falls before `turns[at]` ([`CallDecision::at`]).
    pub calls: Vec<CallDecision>,
}

/// One decision of a player's review: a discard or a call decision, each by its index
/// in [`PlayerReview::turns`] or [`PlayerReview::calls`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecisionRef {
    /// `turns[i]`.
    Discard(usize),
    /// `calls[i]`.
    Call(usize),
}

/// What one player's review adds up to.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Discards.
    pub discards: usize,
    /// Forced discards (in riichi, or no choice).
    pub forced: usize,
    /// Discards as good as the best by efficiency, among the free ones.
    pub agree: usize,
    /// `agree` / free discards (1 when there is none).
    pub agreement: f64,
    /// Steps from tenpai lost, over the free discards.
    pub steps_lost: i64,
    /// Useful tiles lost, over the free discards.
    pub tiles_lost: i64,
    /// Expected points lost against the engine's best discard, over the free discards
    /// that have values; `None` without the engine.
    pub ev_lost: Option<f64>,
    /// Expected points lost at riichi decisions ([`ReviewTurn::riichi_loss`]), over the
    /// free discards that have one; `None` when there is none.
    pub riichi_lost: Option<f64>,
    /// Indices into the turns of the worst free decisions (at most 5), worst first:
    /// by expected points lost with the engine (discard and riichi decision together),
    /// then by efficiency lost.
    pub worst: Vec<usize>,
    /// Call decisions valued by the engine (with `advise`).
    pub call_decisions: usize,
    /// Those where the choice made was as good as the engine's best
    /// ([`CallDecision::agrees`]).
    pub call_agree: usize,
    /// `call_agree` / `call_decisions` (1 when there is none).
    pub call_agreement: f64,
    /// Expected points lost at call decisions ([`CallDecision::loss`]); `None` when
    /// there is none.
    pub call_lost: Option<f64>,
    /// Expected points lost in all: discards, riichi decisions and call decisions
    /// (`ev_lost` + `riichi_lost` + `call_lost`); `None` without the engine.
    pub total_lost: Option<f64>,
    /// The worst decisions of every kind (at most 5), worst first: [`worst`](Self::worst)
    /// and the call decisions that lost half a point or more, merged by expected points
    /// lost (a discard counts its discard and riichi losses together).
    pub worst_decisions: Vec<DecisionRef>,
}

/// A discard's loss is large: it went back from tenpai by a step or more, gave up 4 or
/// more useful tiles, or (with the engine) 500 expected points or more, against the
/// best discard or at a riichi decision ([`ReviewTurn::riichi_loss`]).
///
/// ```
/// # let log = include_str!("../../../tests/data/doc/e1.mjlog");
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let turns = tenpai::logs::review::review(&game, 0)?;
/// assert!(!tenpai::logs::report::large_loss(&turns[0]));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn large_loss(t: &ReviewTurn) -> bool {
    if t.forced {
        return false;
    }
    let (steps, tiles) = t.loss();
    steps > 0
        || tiles >= 4
        || t.ev_loss().is_some_and(|e| e >= 500.0)
        || t.riichi_loss().is_some_and(|e| e >= 500.0)
}

impl PlayerReview {
    /// The totals of this player's review.
    pub fn summary(&self) -> Summary {
        let free: Vec<usize> = (0..self.turns.len())
            .filter(|&i| !self.turns[i].forced)
            .collect();
        let agree = free.iter().filter(|&&i| self.turns[i].agrees()).count();
        let steps_lost = free
            .iter()
            .map(|&i| i64::from(self.turns[i].loss().0))
            .sum();
        let tiles_lost = free.iter().map(|&i| self.turns[i].loss().1).sum();
        let valued: Vec<f64> = free
            .iter()
            .filter_map(|&i| self.turns[i].ev_loss())
            .collect();
        let ev_lost = (!valued.is_empty()).then(|| valued.iter().sum());
        let decisions: Vec<f64> = free
            .iter()
            .filter_map(|&i| self.turns[i].riichi_loss())
            .collect();
        let riichi_lost = (!decisions.is_empty()).then(|| decisions.iter().sum());
        let points = |t: &ReviewTurn| t.ev_loss().unwrap_or(0.0) + t.riichi_loss().unwrap_or(0.0);
        let mut worst: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&i| {
                let t = &self.turns[i];
                t.is_mistake() || points(t) > 0.5
            })
            .collect();
        // Stable: equal losses keep game order.
        worst.sort_by(|&a, &b| {
            let (ta, tb) = (&self.turns[a], &self.turns[b]);
            points(tb)
                .total_cmp(&points(ta))
                .then(tb.loss().cmp(&ta.loss()))
        });
        let mut all: Vec<(DecisionRef, f64)> = worst
            .iter()
            .map(|&i| (DecisionRef::Discard(i), points(&self.turns[i])))
            .collect();
        worst.truncate(5);
        let call_losses: Vec<f64> = self.calls.iter().filter_map(CallDecision::loss).collect();
        let call_decisions = call_losses.len();
        let call_agree = self.calls.iter().filter(|c| c.agrees()).count();
        let call_lost = (!call_losses.is_empty()).then(|| call_losses.iter().sum::<f64>());
        all.extend(self.calls.iter().enumerate().filter_map(|(i, c)| {
            c.loss()
                .filter(|&l| l >= 0.5)
                .map(|l| (DecisionRef::Call(i), l))
        }));
        // Stable: discards keep their order (points, then efficiency), calls after
        // equal points.
        all.sort_by(|a, b| b.1.total_cmp(&a.1));
        all.truncate(5);
        let total_lost =
            ev_lost.map(|e: f64| e + riichi_lost.unwrap_or(0.0) + call_lost.unwrap_or(0.0));
        Summary {
            discards: self.turns.len(),
            forced: self.turns.len() - free.len(),
            agree,
            agreement: if free.is_empty() {
                1.0
            } else {
                agree as f64 / free.len() as f64
            },
            steps_lost,
            tiles_lost,
            ev_lost,
            riichi_lost,
            worst,
            call_decisions,
            call_agree,
            call_agreement: if call_decisions == 0 {
                1.0
            } else {
                call_agree as f64 / call_decisions as f64
            },
            call_lost,
            total_lost,
            worst_decisions: all.into_iter().map(|(d, _)| d).collect(),
        }
    }
}

/// A whole report: the game and the reviewed players.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The page's title: the game's id when the log has one, else `tenpai review`.
    pub title: String,
    /// 3 or 4.
    pub players: u8,
    /// Every seat's name (`seat N` when the log has none).
    pub names: Vec<String>,
    /// The scores at the start of the game.
    pub start_scores: [i32; 4],
    /// Every round, in order.
    pub rounds: Vec<RoundRow>,
    /// The reviewed players, in seat order.
    pub reviews: Vec<PlayerReview>,
    /// The engine's win chances and expected points were asked for.
    pub advise: bool,
}

/// Progress of a report: the player's review progress and which of the reviewed
/// players it is (`player` of `players`, from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportProgress {
    /// The reviewed player, from 1.
    pub player: usize,
    /// Players reviewed in all.
    pub players: usize,
    /// That player's review progress.
    pub review: ReviewProgress,
}

/// Review `seats` of `game` (with the engine's values when `advise`), with the rounds
/// and the score track; `progress` is called after each round of each player.
///
/// A seat not in the game is an error; so is a log whose score track cannot be
/// rebuilt.
pub fn report(
    game: &Game,
    seats: Seats,
    advise: bool,
    progress: &mut dyn FnMut(&ReportProgress),
) -> Result<Report, Error> {
    let players = game.rules.players;
    let list: Vec<u8> = match seats {
        Seats::One(s) => vec![s],
        Seats::All => (0..players).collect(),
    };
    let names: Vec<String> = (0..players)
        .map(|s| {
            game.names
                .get(usize::from(s))
                .filter(|n| !n.is_empty())
                .cloned()
                .unwrap_or_else(|| format!("seat {s}"))
        })
        .collect();
    let mut reviews = Vec::with_capacity(list.len());
    for (k, &seat) in list.iter().enumerate() {
        let r = review_decisions(game, seat, advise, &mut |p| {
            progress(&ReportProgress {
                player: k + 1,
                players: list.len(),
                review: p.clone(),
            })
        })?;
        reviews.push(PlayerReview {
            seat,
            name: names[usize::from(seat)].clone(),
            turns: r.turns,
            calls: r.calls,
        });
    }
    let check = super::track::check_game(game)?;
    let start_scores = game.round_logs.first().map_or([0; 4], |r| r.scores);
    let mut before = start_scores;
    let mut rounds = Vec::with_capacity(check.rounds.len());
    for (log, c) in game.round_logs.iter().zip(&check.rounds) {
        let mut deltas = [0i32; 4];
        for s in 0..4 {
            deltas[s] = c.scores_after[s] - before[s];
        }
        before = c.scores_after;
        rounds.push(RoundRow {
            name: log.name(),
            dealer: log.dealer,
            result: c.result,
            text: round_text(game, log, c, &names),
            deltas,
            scores_after: c.scores_after,
        });
    }
    Ok(Report {
        title: game
            .id
            .clone()
            .unwrap_or_else(|| "tenpai review".to_string()),
        players,
        names,
        start_scores,
        rounds,
        reviews,
        advise,
    })
}

/// The result of a round in words.
fn round_text(
    game: &Game,
    log: &super::events::RoundLog,
    check: &super::track::RoundCheck,
    names: &[String],
) -> String {
    let name = |s: u8| {
        names
            .get(usize::from(s))
            .cloned()
            .unwrap_or_else(|| format!("seat {s}"))
    };
    match log.end {
        RoundEnd::Win => game
            .wins
            .get(log.wins.clone())
            .unwrap_or(&[])
            .iter()
            .map(|w| {
                let yaku: Vec<String> = w.recorded.named().into_iter().map(|(y, _)| y).collect();
                let how = if w.tsumo {
                    format!("{} tsumo", name(w.winner))
                } else {
                    format!("{} ron from {}", name(w.winner), name(w.from))
                };
                format!("{how}, {} ({})", w.recorded.points, yaku.join(", "))
            })
            .collect::<Vec<_>>()
            .join("; "),
        RoundEnd::Exhaustive | RoundEnd::Nagashi => {
            let tenpai: Vec<String> = check
                .tenpai
                .map(|t| {
                    (0..game.rules.players)
                        .filter(|&s| t[usize::from(s)])
                        .map(name)
                        .collect()
                })
                .unwrap_or_default();
            let what = if log.end == RoundEnd::Nagashi {
                "draw, nagashi mangan"
            } else {
                "exhaustive draw"
            };
            if tenpai.is_empty() {
                format!("{what}, nobody tenpai")
            } else {
                format!("{what}, tenpai: {}", tenpai.join(", "))
            }
        }
        RoundEnd::Abort(a) => format!("abortive draw ({})", a.name().replace('_', " ")),
        RoundEnd::Unfinished => "unfinished (the log stops here)".to_string(),
    }
}

fn tiles_json(tiles: &[crate::tile::Tile]) -> Value {
    Value::Array(tiles.iter().map(|t| Value::String(t.to_string())).collect())
}

/// The JSON of one turn in a report: the `tenpai review --json` line, with `large`
/// ([`large_loss`]), `deal_in_tiles` (while a riichi stood: the chance of every kind of
/// the hand, from [`crate::logs::defence`]; `null` otherwise), the concealed tiles sorted
/// (`tiles`) and the calls (`calls`: each `{"kind", "tiles"}`) for drawing the hand.
pub fn turn_json(t: &ReviewTurn, seat: u8) -> Value {
    let mut v = t.to_json(seat);
    let mut concealed = t.concealed.clone();
    concealed.sort();
    if let Value::Object(m) = &mut v {
        m.insert("large".into(), Value::Bool(large_loss(t)));
        // The chances of every kind of the hand while a riichi stood (the review's
        // `deal_in` is the discard's alone).
        let deal_in = if t.deal_in_tiles.is_empty() {
            Value::Null
        } else {
            Value::Object(
                t.deal_in_tiles
                    .iter()
                    .map(|(tile, p)| (tile.to_string(), json!(p)))
                    .collect(),
            )
        };
        m.insert("deal_in_tiles".into(), deal_in);
        m.insert("tiles".into(), tiles_json(&concealed));
        m.insert("calls".into(), calls_json(&t.calls));
    }
    v
}

/// The JSON of one call decision in a report: the `tenpai review --advise --json` line
/// ([`CallDecision::to_json`]) with `at` (it falls before `turns[at]`), the concealed
/// tiles sorted (`tiles`) and the calls (`calls`) for drawing the hand.
pub fn call_json(c: &CallDecision, seat: u8) -> Value {
    let mut v = c.to_json(seat);
    let mut concealed = c.concealed.clone();
    concealed.sort();
    if let Value::Object(m) = &mut v {
        m.insert("at".into(), json!(c.at));
        m.insert("tiles".into(), tiles_json(&concealed));
        m.insert("calls".into(), calls_json(&c.calls));
    }
    v
}

fn calls_json(calls: &[super::LoggedCall]) -> Value {
    Value::Array(
        calls
            .iter()
            .map(|c| {
                json!({
                    "kind": format!("{:?}", c.kind).to_lowercase(),
                    "tiles": tiles_json(&c.tiles),
                })
            })
            .collect(),
    )
}

impl PlayerReview {
    /// The player's decisions in game order: each call decision before the discard
    /// it precedes, as `tenpai review --json` lists them.
    pub fn decisions(&self) -> Vec<DecisionRef> {
        let mut out = Vec::with_capacity(self.turns.len() + self.calls.len());
        let mut c = 0;
        for i in 0..=self.turns.len() {
            while c < self.calls.len() && self.calls[c].at <= i {
                out.push(DecisionRef::Call(c));
                c += 1;
            }
            if i < self.turns.len() {
                out.push(DecisionRef::Discard(i));
            }
        }
        out
    }
}

impl Report {
    /// The report as JSON: `title`, `players`, `names`, `start_scores`, `advise`,
    /// `rounds` (each `name`, `dealer`, `result`, `text`, `deltas`, `scores_after`,
    /// seats past `players` left out), `reviews` (each `seat`, `name`, `summary`,
    /// `turns`, see [`turn_json`], and `calls`, see [`call_json`]).
    pub fn to_json(&self) -> Value {
        let n = usize::from(self.players).min(4);
        json!({
            "title": self.title,
            "players": self.players,
            "names": self.names,
            "start_scores": &self.start_scores[..n],
            "advise": self.advise,
            "rounds": self.rounds.iter().map(|r| json!({
                "name": r.name,
                "dealer": r.dealer,
                "result": r.result,
                "text": r.text,
                "deltas": &r.deltas[..n],
                "scores_after": &r.scores_after[..n],
            })).collect::<Vec<_>>(),
            "reviews": self.reviews.iter().map(|p| {
                let s = p.summary();
                json!({
                    "seat": p.seat,
                    "name": p.name,
                    "summary": {
                        "discards": s.discards,
                        "forced": s.forced,
                        "agree": s.agree,
                        "agreement": s.agreement,
                        "steps_lost": s.steps_lost,
                        "tiles_lost": s.tiles_lost,
                        "ev_lost": s.ev_lost,
                        "riichi_lost": s.riichi_lost,
                        "worst": s.worst,
                        "call_decisions": s.call_decisions,
                        "call_agree": s.call_agree,
                        "call_agreement": s.call_agreement,
                        "call_lost": s.call_lost,
                        "total_lost": s.total_lost,
                        "worst_decisions": s.worst_decisions.iter().map(|d| match d {
                            DecisionRef::Discard(i) => json!({"kind": "discard", "i": i}),
                            DecisionRef::Call(i) => json!({"kind": "call", "i": i}),
                        }).collect::<Vec<_>>(),
                    },
                    "turns": p.turns.iter().map(|t| turn_json(t, p.seat)).collect::<Vec<_>>(),
                    "calls": p.calls.iter().map(|c| call_json(c, p.seat)).collect::<Vec<_>>(),
                })
            }).collect::<Vec<_>>(),
        })
    }

    /// The report as one self-contained HTML page (no network: style, tiles and
    /// script inline, the data as JSON in the page).
    pub fn to_html(&self) -> String {
        // `<` only occurs inside JSON strings, where `\u003c` is the same character:
        // nothing in the data can close the script element.
        let data = self.to_json().to_string().replace('<', "\\u003c");
        let title = html_escape(&format!("{} · tenpai review", self.title));
        format!(
            "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{title}</title>\n<style>\n{REPORT_CSS}</style>\n</head>\n<body>\n\
             <noscript>This report draws itself with JavaScript: allow scripts for this file.</noscript>\n\
             <div id=\"app\"></div>\n\
             <script id=\"review-data\" type=\"application/json\">{data}</script>\n\
             <script>\n{TILES_JS}</script>\n<script>\n{REPORT_JS}</script>\n</body>\n</html>\n"
        )
    }
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_cannot_close_its_script() {
        let mut r = Report {
            title: "</script><script>alert(1)</script>".into(),
            players: 4,
            names: vec!["</script>".into(); 4],
            start_scores: [25000; 4],
            rounds: vec![],
            reviews: vec![],
            advise: false,
        };
        let html = r.to_html();
        assert_eq!(html.matches("</script>").count(), 3, "{html}");
        r.title = "a & b".into();
        assert!(r
            .to_html()
            .contains("<title>a &amp; b · tenpai review</title>"));
    }
}
