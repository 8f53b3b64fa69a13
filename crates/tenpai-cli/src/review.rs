//! `tenpai review LOG [--seat N|all | --player NAME] [--json] [--advise] [--html OUT]`:
//! every discard of one player (or of every player) against the best efficiency
//! discard (see `tenpai::logs::review`), as text, JSON lines, or one self-contained
//! HTML report (`tenpai::logs::report`).

use crate::batch::Ctx;
use crate::style::{self, ColorWhen};
use clap::Args;
use serde_json::Value;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use tenpai::logs::call_review::CallDecision;
use tenpai::logs::report::{report, AtomicFile, DecisionRef, ReportProgress, Seats};
use tenpai::logs::review::ReviewTurn;
use tenpai::Hand;

/// Arguments of `tenpai review`.
#[derive(Args, Debug, Clone)]
pub struct ReviewArgs {
    /// The log file (mjlog, tenhou.net/6 or mjai); `-` reads it from standard input.
    #[arg(value_name = "LOG")]
    pub log: PathBuf,
    /// The seat to review (0-3 as the log numbers them; default 0), or `all`: every
    /// player (the HTML report then has a player switch).
    #[arg(long, value_name = "N|all", conflicts_with = "player", value_parser = seat_choice, allow_negative_numbers = true)]
    pub seat: Option<Seats>,
    /// The player to review, by name.
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// One JSON line per discard.
    #[arg(long)]
    pub json: bool,
    /// Also the win probability and expected value of each discard and of the best one
    /// (the advise engine with its defaults: one spare exchange, auto riichi, the
    /// player's own draws left; a search per discard, so slower: progress per round is
    /// shown on a terminal).
    #[arg(long)]
    pub advise: bool,
    /// Write the review as one self-contained HTML page (no network: opens from disk)
    /// to OUT: the rounds and the score track, every discard with the hand drawn as
    /// tiles, the summary; arrow keys move between turns. Standard output then has one
    /// line saying what was written (or the JSON lines with `--json`).
    #[arg(long, value_name = "OUT")]
    pub html: Option<PathBuf>,
    /// No progress bar, even on a terminal.
    #[arg(long, short)]
    pub quiet: bool,
    /// Print tiles as Unicode glyphs in text output.
    #[arg(long)]
    pub unicode: bool,
    /// Colour in text output (red fives, what a discard lost): auto (on a terminal,
    /// unless NO_COLOR is set), always or never.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorWhen::Auto)]
    pub color: ColorWhen,
}

/// `--seat`: a seat number or `all`.
fn seat_choice(text: &str) -> Result<Seats, String> {
    if text.trim().eq_ignore_ascii_case("all") {
        Ok(Seats::All)
    } else {
        crate::nonneg::<u8>("--seat")(text)
            .map(Seats::One)
            .map_err(|e| format!("{e}, or all"))
    }
}

/// The JSON line of one discard.
pub fn turn_json(t: &ReviewTurn, seat: u8) -> Value {
    t.to_json(seat)
}

fn shanten_word(s: i8) -> String {
    match s {
        -1 => "complete".into(),
        0 => "tenpai".into(),
        n => format!("{n}-shanten"),
    }
}

/// What the discard lost, in words: `2-shanten instead of 1-shanten`, or `4 fewer
/// useful tiles (10 instead of 14)`.
pub fn loss_text(t: &ReviewTurn) -> String {
    match t.loss() {
        (s, _) if s > 0 => format!(
            "{} instead of {}",
            shanten_word(t.shanten),
            shanten_word(t.best_shanten)
        ),
        (_, u) if u > 0 => format!(
            "{u} fewer useful tile{} ({} instead of {})",
            if u == 1 { "" } else { "s" },
            t.ukeire,
            t.best_ukeire
        ),
        _ => "nothing".into(),
    }
}

/// The hand before the discard, as the text shows it (glyphs and colour when asked).
fn hand_text(t: &ReviewTurn, ctx: &Ctx) -> String {
    let calls = t
        .calls
        .iter()
        .filter_map(tenpai::logs::LoggedCall::to_call)
        .collect();
    match Hand::new(t.concealed.clone(), calls) {
        Ok(h) => style::hand(&h, ctx),
        Err(_) => t.hand.clone(),
    }
}

fn pct(x: Option<f64>) -> String {
    x.map_or("-".into(), |x| format!("{:.1}%", 100.0 * x))
}

fn points(x: Option<f64>) -> String {
    x.map_or("-".into(), |x| format!("{x:.0}"))
}

/// The text report: the discards that lost efficiency as a table, worst first, then a
/// summary line.
pub fn text(
    turns: &[ReviewTurn],
    calls: &[CallDecision],
    who: &str,
    seat: u8,
    advise: bool,
    ctx: &Ctx,
) -> String {
    let free: Vec<&ReviewTurn> = turns.iter().filter(|t| !t.forced).collect();
    let agree = free.iter().filter(|t| t.agrees()).count();
    let mut mistakes: Vec<&ReviewTurn> = free.iter().copied().filter(|t| t.is_mistake()).collect();
    mistakes.sort_by_key(|t| std::cmp::Reverse(t.loss()));
    let mut out = format!(
        "review of {who} (seat {seat}): {} of {} discards lost tile efficiency, worst first\n",
        mistakes.len(),
        free.len()
    );
    if !mistakes.is_empty() {
        let mut head = vec!["round", "turn", "left", "hand", "discard", "best"];
        if advise {
            head.extend(["win", "best win", "ev", "best ev"]);
        }
        head.push("lost");
        let rows: Vec<Vec<String>> = mistakes
            .iter()
            .map(|t| {
                let mut r = vec![
                    t.round_name(),
                    t.turn.to_string(),
                    t.draws_left.to_string(),
                    hand_text(t, ctx),
                    style::tile(t.discard, ctx),
                    style::tile(t.best, ctx),
                ];
                if advise {
                    r.extend([pct(t.win), pct(t.best_win), points(t.ev), points(t.best_ev)]);
                }
                r.push(style::paint(&loss_text(t), style::LOSS, ctx.color));
                r
            })
            .collect();
        // Numbers right-aligned (turn, left, and the advise columns), words left.
        let right = |i: usize| i == 1 || i == 2 || (advise && (6..10).contains(&i));
        let widths: Vec<usize> = (0..head.len())
            .map(|i| {
                rows.iter()
                    .map(|r| style::width(&r[i]))
                    .chain([head[i].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: Vec<String>| {
            let last = cells.len() - 1;
            let mut l = String::new();
            for (i, c) in cells.into_iter().enumerate() {
                if i > 0 {
                    l.push_str("  ");
                }
                if i == last {
                    l.push_str(&c);
                } else if right(i) {
                    l.push_str(&style::pad_left(&c, widths[i]));
                } else {
                    l.push_str(&style::pad(&c, widths[i]));
                }
            }
            l.push('\n');
            l
        };
        out.push_str(&line(head.iter().map(|h| h.to_string()).collect()));
        for r in rows {
            out.push_str(&line(r));
        }
    }
    let steps: i32 = mistakes.iter().map(|t| t.loss().0).sum();
    let tiles: i64 = mistakes.iter().map(|t| t.loss().1).sum();
    let last = free
        .iter()
        .filter(|t| t.own_draws == 0 && !t.agrees())
        .count();
    let plural = |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    out.push_str(&format!(
        "discards: {}, forced: {}, agreement with the best efficiency discard: {} of {} ({:.1}%), lost: {}, {}{}\n",
        turns.len(),
        turns.len() - free.len(),
        agree,
        free.len(),
        if free.is_empty() { 100.0 } else { 100.0 * agree as f64 / free.len() as f64 },
        plural(i64::from(steps), "step from tenpai", "steps from tenpai"),
        plural(tiles, "useful tile", "useful tiles"),
        if last > 0 {
            format!(
                "; {} on a last draw not counted (efficiency buys nothing there)",
                plural(last as i64, "other discard", "other discards")
            )
        } else {
            String::new()
        },
    ));
    // The engine values 4-player games only.
    if advise && !ctx.sanma {
        out.push_str(&calls_text(calls, ctx));
    }
    // Defence: the discards made while another player's riichi stood.
    let against: Vec<&ReviewTurn> = turns.iter().filter(|t| t.deal_in.is_some()).collect();
    if !against.is_empty() {
        let chosen: f64 = against.iter().filter_map(|t| t.deal_in).sum();
        let safest: f64 = against.iter().filter_map(|t| t.safest_deal_in).sum();
        let deal_ins: Vec<String> = against
            .iter()
            .filter(|t| t.dealt_in)
            .map(|t| {
                format!(
                    "{} turn {} {} ({:.1}%, safest {} {:.1}%)",
                    t.round_name(),
                    t.turn,
                    style::tile(t.discard, ctx),
                    100.0 * t.deal_in.unwrap_or(0.0),
                    t.safest.map(|x| style::tile(x, ctx)).unwrap_or_default(),
                    100.0 * t.safest_deal_in.unwrap_or(0.0)
                )
            })
            .collect();
        out.push_str(&format!(
            "against riichi: {} discards, deal-in chances summed {:.2} (the safest tiles' {:.2}); deal-ins: {}\n",
            against.len(),
            chosen,
            safest,
            if deal_ins.is_empty() {
                "none".to_string()
            } else {
                deal_ins.join(", ")
            }
        ));
    }
    out
}

/// The call decisions (with `--advise`): a summary line, then one line per decision
/// in game order: where, the offered tile and who discarded it, the hand, the best
/// option and the one chosen with their expected points, and the loss.
fn calls_text(calls: &[CallDecision], ctx: &Ctx) -> String {
    let valued: Vec<&CallDecision> = calls.iter().filter(|c| c.loss().is_some()).collect();
    let agree = valued.iter().filter(|c| c.agrees()).count();
    let lost: f64 = valued.iter().filter_map(|c| c.loss()).sum();
    let mut out = format!(
        "call decisions: {}, the engine's best chosen at {} ({:.1}%), lost {:.0} expected points\n",
        valued.len(),
        agree,
        if valued.is_empty() {
            100.0
        } else {
            100.0 * agree as f64 / valued.len() as f64
        },
        lost
    );
    for c in calls {
        let ev = |o: Option<&tenpai::advise::offer::OfferOption>| {
            o.map_or("-".to_string(), |o| {
                let then = o
                    .discard
                    .map(|d| format!(" then {}", style::tile(d, ctx)))
                    .unwrap_or_default();
                format!("{}{then} {:.0}", o.label(), o.ev)
            })
        };
        let loss = match c.loss() {
            Some(l) if l >= 0.5 => style::paint(&format!("lost {l:.0}"), style::LOSS, ctx.color),
            Some(_) => "agrees".to_string(),
            None => "not valued (the engine's limits)".to_string(),
        };
        out.push_str(&format!(
            "  {} after turn {}: {} from {}, hand {}: best {}, chose {} — {}{}\n",
            c.round_name(),
            c.turn,
            style::tile(c.offer, ctx),
            c.from.name(),
            c.hand,
            ev(c.best()),
            c.chosen_option()
                .map_or_else(|| c.chosen.label(), |o| ev(Some(o))),
            loss,
            if c.large() { " (large)" } else { "" }
        ));
    }
    out
}

/// The seats a review asks for (`--seat`, `--player`) in `game`: an unknown player or
/// a seat not in the game is an error naming the log as `name`.
pub fn choose_seats(
    game: &tenpai::logs::Game,
    name: &str,
    seat: Option<Seats>,
    player: Option<&str>,
) -> Result<Seats, String> {
    let seats = match (player, seat) {
        (Some(p), _) => match game.names.iter().position(|n| n == p) {
            Some(s) => Seats::One(s as u8),
            None => {
                return Err(format!(
                    "{name}: no player {p:?} (players: {})",
                    game.names.join(", ")
                ))
            }
        },
        (None, s) => s.unwrap_or(Seats::One(0)),
    };
    if let Seats::One(s) = seats {
        if s >= game.rules.players {
            return Err(format!(
                "{name}: seat {s} is not in this {}-player game (seats 0-{})",
                game.rules.players,
                game.rules.players - 1
            ));
        }
    }
    Ok(seats)
}

/// What `tenpai review --json` prints for a report: one line per decision (a discard,
/// `"kind": "discard"`, or with `--advise` a call decision, `"kind": "call"`), in
/// game order, the reviewed players in seat order.
pub fn json_lines(rep: &tenpai::logs::report::Report) -> String {
    let mut out = String::new();
    for p in &rep.reviews {
        for d in p.decisions() {
            let line = match d {
                DecisionRef::Discard(i) => turn_json(&p.turns[i], p.seat),
                DecisionRef::Call(i) => p.calls[i].to_json(p.seat),
            };
            out.push_str(&line.to_string());
            out.push('\n');
        }
    }
    out
}

/// The review of an uploaded log, as `POST /api/review` answers it: the JSON lines of
/// `tenpai review --json`, or with `html` the page `--html` writes (the same bytes).
#[cfg(feature = "serve")]
pub fn answer_log(
    name: &str,
    bytes: &[u8],
    seat: Option<Seats>,
    player: Option<&str>,
    advise: bool,
    html: bool,
) -> Result<String, String> {
    let game = tenpai::logs::parse_log(bytes).map_err(|e| e.with_file(name).to_string())?;
    let seats = choose_seats(&game, name, seat, player)?;
    let rep = report(&game, seats, advise, &mut |_| {}).map_err(|e| format!("{name}: {e}"))?;
    Ok(if html {
        rep.to_html()
    } else {
        json_lines(&rep)
    })
}

/// Run the command: exit 0, or 2 when the log cannot be read, the player is unknown or
/// the report cannot be written.
pub fn run(args: &ReviewArgs) -> ExitCode {
    let game = match tenpai::logs::read_file(&crate::replay::log_path(&args.log)) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("tenpai: {e}");
            return ExitCode::from(2);
        }
    };
    let seats = match choose_seats(
        &game,
        &args.log.display().to_string(),
        args.seat,
        args.player.as_deref(),
    ) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tenpai: {e}");
            return ExitCode::from(2);
        }
    };
    // The output file first: a place that cannot be written is refused before the
    // review's work, and nothing is left there when anything fails.
    let target = match args.html.as_deref().map(AtomicFile::create).transpose() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("tenpai: {e}");
            return ExitCode::from(2);
        }
    };
    let players = match seats {
        Seats::One(_) => 1,
        Seats::All => usize::from(game.rules.players),
    };
    // Progress on a terminal, where the engine makes a review take a while.
    let bar = crate::progress::rounds(players * game.round_logs.len(), args.quiet || !args.advise);
    let mut progress = |p: &ReportProgress| {
        // Short, so the line fits a terminal (the message is cut at its width).
        bar.set_message(format!(
            "{}{} done, {} discards",
            if p.players > 1 {
                format!("player {}/{}, ", p.player, p.players)
            } else {
                String::new()
            },
            p.review.round,
            p.review.discards
        ));
        bar.inc(1);
    };
    let result = report(&game, seats, args.advise, &mut progress);
    bar.finish_and_clear();
    let rep = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tenpai: {}: {e}", args.log.display());
            return ExitCode::from(2);
        }
    };
    let mut note = None;
    if let (Some(target), Some(path)) = (target, &args.html) {
        let html = rep.to_html();
        if let Err(e) = target.commit(html.as_bytes()) {
            eprintln!("tenpai: {e}");
            return ExitCode::from(2);
        }
        let discards: usize = rep.reviews.iter().map(|p| p.turns.len()).sum();
        note = Some(format!(
            "wrote {}: review of {}, {} rounds, {discards} discards, {} bytes\n",
            path.display(),
            rep.reviews
                .iter()
                .map(|p| format!("{} (seat {})", p.name, p.seat))
                .collect::<Vec<_>>()
                .join(", "),
            rep.rounds.len(),
            html.len()
        ));
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let written = if args.json {
        out.write_all(json_lines(&rep).as_bytes())
    } else if let Some(note) = note {
        out.write_all(note.as_bytes())
    } else {
        let ctx = Ctx {
            json: false,
            unicode: args.unicode,
            sanma: game.rules.players == 3,
            color: args.color.enabled(),
        };
        let texts: Vec<String> = rep
            .reviews
            .iter()
            .map(|p| text(&p.turns, &p.calls, &p.name, p.seat, args.advise, &ctx))
            .collect();
        out.write_all(texts.join("\n").as_bytes())
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::batch::output_failed(&e, ExitCode::SUCCESS),
    }
}
