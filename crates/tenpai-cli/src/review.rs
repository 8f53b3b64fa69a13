//! `tenpai review LOG [--seat N | --player NAME] [--json]`: every discard of one player
//! against the best efficiency discard (see `tenpai::logs::review`).

use clap::Args;
use serde_json::{json, Value};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use tenpai::logs::review::{review_with, ReviewTurn};
use tenpai::notation::format_tiles;

/// Arguments of `tenpai review`.
#[derive(Args, Debug, Clone)]
pub struct ReviewArgs {
    /// The log file (mjlog, tenhou.net/6 or mjai); `-` reads it from standard input.
    #[arg(value_name = "LOG")]
    pub log: PathBuf,
    /// The seat to review (0-3 as the log numbers them; default 0).
    #[arg(long, conflicts_with = "player")]
    pub seat: Option<u8>,
    /// The player to review, by name.
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// One JSON line per discard.
    #[arg(long)]
    pub json: bool,
    /// Also the win probability and expected value of each discard and of the best one
    /// (the advise engine with no change of hand and auto riichi; a search per discard).
    #[arg(long)]
    pub advise: bool,
}

/// The JSON line of one discard.
pub fn turn_json(t: &ReviewTurn, seat: u8) -> Value {
    json!({
        "round": t.round,
        "honba": t.honba,
        "seat": seat,
        "turn": t.turn,
        "hand": t.hand,
        "discard": t.discard.to_string(),
        "best": t.best.to_string(),
        "shanten": t.shanten,
        "best_shanten": t.best_shanten,
        "ukeire": t.ukeire,
        "best_ukeire": t.best_ukeire,
        "win": t.win,
        "best_win": t.best_win,
        "ev": t.ev,
        "best_ev": t.best_ev,
        "draws_left": t.draws_left,
        "visible": format_tiles(&t.visible),
        "forced": t.forced,
        "riichi": t.riichi,
        "agree": t.agrees(),
    })
}

/// Run the command: exit 0, or 2 when the log cannot be read or the player is unknown.
pub fn run(args: &ReviewArgs) -> ExitCode {
    let game = match tenpai::logs::read_file(&crate::replay::log_path(&args.log)) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("tenpai: {e}");
            return ExitCode::from(2);
        }
    };
    let seat = match (&args.player, args.seat) {
        (Some(name), _) => match game.names.iter().position(|n| n == name) {
            Some(s) => s as u8,
            None => {
                eprintln!(
                    "tenpai: {}: no player {name:?} (players: {})",
                    args.log.display(),
                    game.names.join(", ")
                );
                return ExitCode::from(2);
            }
        },
        (None, s) => s.unwrap_or(0),
    };
    let turns = match review_with(&game, seat, args.advise) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("tenpai: {}: {e}", args.log.display());
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        for t in &turns {
            let _ = writeln!(out, "{}", turn_json(t, seat));
        }
    } else {
        let free: Vec<&ReviewTurn> = turns.iter().filter(|t| !t.forced).collect();
        let agree = free.iter().filter(|t| t.agrees()).count();
        let mut mistakes: Vec<&&ReviewTurn> = free.iter().filter(|t| !t.agrees()).collect();
        mistakes.sort_by_key(|t| std::cmp::Reverse(t.loss()));
        let name = game
            .names
            .get(usize::from(seat))
            .filter(|n| !n.is_empty())
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"));
        let _ = writeln!(out, "review of {name} (seat {seat}): mistakes by loss");
        for t in &mistakes {
            let (sh, uk) = t.loss();
            let _ = writeln!(
                out,
                "{} turn {}: {}  discard {} (shanten {}, ukeire {}), best {} (shanten {}, ukeire {}); loss {}{} tiles; {} draws left",
                t.round,
                t.turn,
                t.hand,
                t.discard,
                t.shanten,
                t.ukeire,
                t.best,
                t.best_shanten,
                t.best_ukeire,
                if sh > 0 { format!("{sh} shanten, ") } else { String::new() },
                uk,
                t.draws_left,
            );
        }
        let total_ukeire: i64 = mistakes.iter().map(|t| t.loss().1.max(0)).sum();
        let total_shanten: i32 = mistakes.iter().map(|t| t.loss().0.max(0)).sum();
        let _ = writeln!(
            out,
            "discards: {}, forced: {}, agreement with the best efficiency discard: {} of {} ({:.1}%), total loss: {} shanten, {} ukeire tiles",
            turns.len(),
            turns.len() - free.len(),
            agree,
            free.len(),
            if free.is_empty() { 100.0 } else { 100.0 * agree as f64 / free.len() as f64 },
            total_shanten,
            total_ukeire,
        );
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}
