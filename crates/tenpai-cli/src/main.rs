//! The `tenpai` command: riichi mahjong hand analysis from the command line.
//!
//! Each subcommand answers one hand given as an argument, or, with `-`, one hand per
//! line of standard input (one answer per line, in order; JSON Lines with `--json`).

// The binary is where printing belongs; the library never prints.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod advise;
mod batch;
mod decompose;
mod replay;
mod score;
mod shanten;
mod summary;

use batch::Ctx;
use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;

/// Riichi mahjong hand analysis.
///
/// Hands are written in mpsz notation: `123m406p789s11z (555z) [1111m]`; `0` is a red
/// five, `1z`..`7z` are East South West North White Green Red, `(...)` an open call,
/// `[...]` a closed kan. Use `-` to read one hand per line from standard input.
#[derive(Parser, Debug)]
#[command(name = "tenpai", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    summary: HandArgs,
}

/// Options every hand command takes.
#[derive(Args, Debug, Clone)]
pub struct HandArgs {
    /// The hand (words are joined with spaces), or `-` to read hands from stdin.
    #[arg(value_name = "HAND", allow_hyphen_values = false)]
    pub hand: Vec<String>,
    /// Answer in JSON (JSON Lines for `-`).
    #[arg(long, global = true)]
    pub json: bool,
    /// Print tiles as Unicode glyphs in text output.
    #[arg(long, global = true)]
    pub unicode: bool,
}

impl HandArgs {
    fn input(&self) -> String {
        self.hand.join(" ")
    }
    fn ctx(&self) -> Ctx {
        Ctx {
            json: self.json,
            unicode: self.unicode,
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List every reading of a complete hand (pair + melds, seven pairs, thirteen orphans).
    Decompose(HandArgs),
    /// Score a winning hand: yaku, fu breakdown, points and payments.
    Score(Box<score::ScoreArgs>),
    /// Shanten per form (regular, chiitoitsu, kokushi) and overall.
    Shanten(HandArgs),
    /// The waits of a tenpai hand (3k+1 tiles).
    Waits(HandArgs),
    /// Improving draws (3k+1 tiles) or the ranked discards (3k+2 tiles).
    Ukeire(UkeireArgs),
    /// Replay Tenhou game logs: rebuild and score every win, compare with the log.
    Replay(replay::ReplayArgs),
    /// Every discard with its tenpai chance, win chance and expected points within the
    /// draws left (3k+2), or the hand's own values (3k+1).
    Advise(Box<advise::AdviseArgs>),
}

/// Options of `tenpai ukeire`.
#[derive(Args, Debug, Clone)]
struct UkeireArgs {
    #[command(flatten)]
    hand: HandArgs,
    /// Tiles seen outside the hand (discards, dora indicators, others' calls), like `1m5p77z`.
    #[arg(long, value_name = "TILES")]
    visible: Option<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Decompose(args)) => batch::run(&args.input(), &args.ctx(), decompose::answer),
        Some(Command::Score(args)) => {
            batch::run(&args.hand.input(), &args.hand.ctx(), |i, c, o| {
                score::answer(&args, i, c, o)
            })
        }
        Some(Command::Shanten(args)) => {
            batch::run(&args.input(), &args.ctx(), shanten::answer_shanten)
        }
        Some(Command::Waits(args)) => batch::run(&args.input(), &args.ctx(), shanten::answer_waits),
        Some(Command::Ukeire(args)) => match shanten::visible_counts(args.visible.as_deref()) {
            Ok(v) => batch::run(&args.hand.input(), &args.hand.ctx(), |i, c, o| {
                shanten::answer_ukeire(i, c, &v, o)
            }),
            Err(e) => {
                eprintln!("error: --visible: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Advise(args)) => match advise::options(&args) {
            Ok(o) => batch::run(&args.hand.input(), &args.hand.ctx(), |i, c, out| {
                advise::answer(i, c, &o, out)
            }),
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        None => {
            if cli.summary.hand.is_empty() {
                use clap::CommandFactory;
                let _ = Cli::command().print_help();
                return ExitCode::from(2);
            }
            batch::run(&cli.summary.input(), &cli.summary.ctx(), summary::answer)
        }
    }
}
