//! The `tenpai` command: riichi mahjong hand analysis from the command line.
//!
//! Each subcommand answers one hand given as an argument, or, with `-`, one hand per
//! line of standard input (one answer per line, in order; JSON Lines with `--json`).

// The binary is where printing belongs; the library never prints.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod advise;
mod batch;
mod convert;
mod decompose;
mod progress;
mod replay;
mod review;
mod safety;
mod score;
#[cfg(feature = "serve")]
mod serve;
mod shanten;
mod stats;
mod style;
mod summary;

use batch::Ctx;
use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;

/// Riichi mahjong hand analysis.
///
/// Hands are written in mpsz notation: `123m406p789s11z (555z) [1111m]`; `0` is a red
/// five, `1z`..`7z` are East South West North White Green Red, `(...)` an open call,
/// `[...]` a closed kan. Use `-` to read one hand per line from standard input.
///
/// Memory: a batch (`-`) holds at most 32 MB whatever its length and the number of
/// cores; the advise engine's searches share one budget of at most 1 GB per process,
/// also whatever the cores; `replay` and `stats` read at most 4 logs at once.
#[derive(Parser, Debug)]
#[command(name = "tenpai", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    summary: HandArgs,
}

const EXAMPLES: &str = "\
Examples:
  tenpai '234m406p789s11z (555z)'                summary: readings, shanten, score as ron
  tenpai shanten 1112223334444z                  shanten overall and per form
  tenpai waits 1112345678999m                    the waits of a tenpai hand
  tenpai ukeire 123m456p789s11223z --visible 3z  every discard ranked by tile efficiency
  tenpai advise 123m456p789s11223z --draws 6     every discard's win chance and expected points
  tenpai score 234567m234p3488s5s --riichi --tsumo --dora 7p  yaku, fu, han and points
  tenpai safety 123m456p789s1122z5z --river 5z19m3p  each tile's chance of dealing into a riichi
  tenpai decompose '11123450999s (678m)' --json  every reading of a complete hand
  echo '{\"hand\": \"19m19p19s1234567z1m\"}' | tenpai score - --json
  tenpai replay logs/                            rebuild, score and check every win of the logs
  tenpai stats logs/                             player statistics over the logs
  tenpai review game.mjlog --seat 1 --advise     seat 1's discards against the best ones
  tenpai convert --to mjai game.mjlog            the log as mjai events (JSON Lines)
  tenpai serve                                   the page and the API on http://127.0.0.1:8080/
  tenpai completions bash > ~/.local/share/bash-completion/completions/tenpai
(game.mjlog and logs/ stand for game logs of your own: mjlog, tenhou.net/6 or mjai)";

/// What `tenpai serve` says in a build without the `serve` feature.
#[cfg(not(feature = "serve"))]
const NO_SERVE: &str = "this tenpai was built without the web server (cargo feature `serve`, \
     on by default); build it with the server: \
     cargo install --path crates/tenpai-cli (or cargo build --release -p tenpai-cli)";

/// The value parser of a whole-number option that cannot be negative: `--honba -1`
/// answers `honba must be >= 0` (clap alone would take `-1` for an option and suggest
/// `-- -1`); the option needs `allow_negative_numbers = true` so that the value reaches
/// it.
pub fn nonneg<T>(flag: &'static str) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: TryFrom<u64> + std::fmt::Display + Bounded,
{
    move |text: &str| {
        let name = flag.trim_start_matches('-');
        let n: i128 = text
            .trim()
            .parse()
            .map_err(|_| format!("{name} must be a whole number >= 0"))?;
        if n < 0 {
            return Err(format!("{name} must be >= 0"));
        }
        u64::try_from(n)
            .ok()
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| format!("{name} must be at most {}", T::MAX_VALUE))
    }
}

/// The largest value of an unsigned type, for [`nonneg`]'s message.
pub trait Bounded {
    /// The largest value.
    const MAX_VALUE: u64;
}
impl Bounded for u8 {
    const MAX_VALUE: u64 = u8::MAX as u64;
}
impl Bounded for u32 {
    const MAX_VALUE: u64 = u32::MAX as u64;
}
impl Bounded for usize {
    const MAX_VALUE: u64 = usize::MAX as u64;
}

/// Options every hand command takes.
#[derive(Args, Debug, Clone)]
pub struct HandArgs {
    /// The hand (words are joined with spaces), or `-` to read hands from stdin.
    #[arg(value_name = "HAND", allow_hyphen_values = false)]
    pub hand: Vec<String>,
    /// Answer in JSON (JSON Lines for `-`).
    #[arg(long)]
    pub json: bool,
    /// Print tiles as Unicode glyphs in text output.
    #[arg(long)]
    pub unicode: bool,
    /// Colour in text output (red fives, the best discard): auto (on a terminal, unless
    /// NO_COLOR is set), always or never.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = style::ColorWhen::Auto)]
    pub color: style::ColorWhen,
    /// Players at the table: 3 for sanma (2m-8m are never waits or draws, no chi;
    /// `score` then uses the `-sanma` form of its preset).
    #[arg(long, value_name = "3|4", default_value_t = 4, value_parser = players, allow_negative_numbers = true)]
    pub players: u8,
}

/// `--players`: 3 or 4.
fn players(text: &str) -> Result<u8, String> {
    match text.trim() {
        "3" => Ok(3),
        "4" => Ok(4),
        _ => Err("players must be 3 or 4".into()),
    }
}

impl HandArgs {
    fn input(&self) -> String {
        self.hand.join(" ")
    }
    fn ctx(&self) -> Ctx {
        Ctx {
            json: self.json,
            unicode: self.unicode,
            sanma: self.players == 3,
            color: !self.json && self.color.enabled(),
        }
    }

    /// Options given before the command (`tenpai --json shanten HAND`) added to the
    /// command's own.
    fn merge(&mut self, top: &HandArgs) {
        self.json |= top.json;
        self.unicode |= top.unicode;
        if top.color != style::ColorWhen::Auto {
            self.color = top.color;
        }
        if top.players != 4 {
            self.players = top.players;
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
    /// Replay game logs: rebuild and score every win, compare with the log.
    #[command(after_help = "Examples:
  tenpai replay game.mjlog                 every win of one game checked
  tenpai replay logs/ --json               one JSON line per win, round and game
(game.mjlog and logs/ stand for game logs of your own: mjlog, tenhou.net/6 or mjai)")]
    Replay(replay::ReplayArgs),
    /// Player statistics over game logs (win, deal-in, riichi, call rates, placements...).
    #[command(after_help = "Examples:
  tenpai stats logs/                       a table, one row per player
  tenpai stats logs/ --player 'seat 1'     one player (a seat with no name is 'seat N')
(logs/ stands for game logs of your own: mjlog, tenhou.net/6 or mjai)")]
    Stats(stats::StatsArgs),
    /// Convert a game log to another format (mjai JSON Lines).
    #[command(after_help = "Example:
  tenpai convert --to mjai game.mjlog      the game as mjai events, one JSON line each")]
    Convert(convert::ConvertArgs),
    /// Review one player's discards against the best efficiency discard.
    #[command(after_help = "Examples:
  tenpai review game.mjlog --seat 2        seat 2's discards that lost efficiency, worst first
  tenpai review game.mjlog --seat 2 --advise  with win chances and expected points
  tenpai review game.mjlog --seat all --html game.html  every player's review as one page
(game.mjlog stands for a game log of your own: mjlog, tenhou.net/6 or mjai)")]
    Review(review::ReviewArgs),
    /// Every discard with its tenpai chance, win chance and expected points within the
    /// draws left (3k+2), or the hand's own values (3k+1).
    Advise(Box<advise::AdviseArgs>),
    /// The exact chance that each tile of the hand deals into a riichi (labels: genbutsu,
    /// suji, no-chance...).
    #[command(after_help = "Examples:
  tenpai safety 123m456p789s1122z5z --river 5z19m3p --riichi-at 3
  tenpai safety 123m456p789s1122z5z --river 5z19m3p --after 7s --visible 1z --dora 4m --json")]
    Safety(Box<safety::SafetyArgs>),
    /// Serve the web page and the JSON API (`POST /api/score`, ...) on a local address.
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Serve the web page and the JSON API: not in this build (built without the
    /// `serve` feature); says how to get it.
    #[cfg(not(feature = "serve"))]
    Serve {
        /// The options `tenpai serve` takes (not read).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        args: Vec<String>,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(after_help = "Example: tenpai completions zsh > ~/.zfunc/_tenpai")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
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

/// The subcommand names, for suggestions: read from the command definition (clap), in
/// its order, so a new command is suggested without another list to keep.
fn commands() -> Vec<String> {
    use clap::CommandFactory;
    Cli::command()
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| c.get_name().to_string())
        .collect()
}

/// A first word that cannot start a hand (letters only) is a mistyped command: the
/// message names it and the closest command.
fn unknown_command(word: &str) -> Option<String> {
    if !word.starts_with(|c: char| c.is_ascii_alphabetic())
        || !word.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
    {
        return None;
    }
    let names = commands();
    let best =
        tenpai::error::did_you_mean(word, &names.iter().map(String::as_str).collect::<Vec<_>>());
    Some(match best {
        Some(c) => format!(
            "unknown command '{word}': did you mean '{c}'?\n\n  tenpai {c} ...\n\nCommands: {}; or give a hand (`tenpai --help`).",
            names.join(", ")
        ),
        None => format!(
            "unknown command '{word}' (a hand starts with a digit or a tile glyph)\n\nCommands: {}; or give a hand (`tenpai --help`).",
            names.join(", ")
        ),
    })
}

/// Options given before the command name (`tenpai --json shanten HAND`) go to the
/// command when it has them; naming one the command does not take is an error (every
/// option a command lists does something on it).
fn top_options(top: &HandArgs, cmd: &mut Command) -> Result<(), String> {
    let given: Vec<&str> = [
        ("--json", top.json),
        ("--unicode", top.unicode),
        ("--color", top.color != style::ColorWhen::Auto),
        ("--players", top.players != 4),
    ]
    .into_iter()
    .filter(|&(_, on)| on)
    .map(|(name, _)| name)
    .collect();
    if given.is_empty() {
        return Ok(());
    }
    let (name, takes): (&str, &[&str]) = match cmd {
        Command::Decompose(a) | Command::Shanten(a) | Command::Waits(a) => {
            a.merge(top);
            return Ok(());
        }
        Command::Score(a) => {
            a.hand.merge(top);
            return Ok(());
        }
        Command::Ukeire(a) => {
            a.hand.merge(top);
            return Ok(());
        }
        Command::Advise(a) => {
            a.hand.merge(top);
            return Ok(());
        }
        Command::Safety(a) => {
            a.hand.merge(top);
            return Ok(());
        }
        Command::Review(a) => {
            a.json |= top.json;
            a.unicode |= top.unicode;
            if top.color != style::ColorWhen::Auto {
                a.color = top.color;
            }
            ("review", &["--json", "--unicode", "--color"])
        }
        Command::Stats(a) => {
            a.json |= top.json;
            ("stats", &["--json"])
        }
        Command::Replay(a) => {
            a.json |= top.json;
            ("replay", &["--json"])
        }
        Command::Convert(_) => ("convert", &[]),
        #[cfg(feature = "serve")]
        Command::Serve(_) => ("serve", &[]),
        #[cfg(not(feature = "serve"))]
        Command::Serve { .. } => ("serve", &[]),
        Command::Completions { .. } => ("completions", &[]),
    };
    match given.iter().find(|g| !takes.contains(g)) {
        Some(flag) => Err(format!(
            "'{flag}' does nothing for 'tenpai {name}' (its options: 'tenpai {name} --help')"
        )),
        None => Ok(()),
    }
}

/// `tenpai COMMAND` without a hand: the command's usage on stderr, exit code 2.
fn missing_hand(name: &str) -> ExitCode {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    cmd.build();
    let usage = cmd
        .find_subcommand_mut(name)
        .map(|c| c.render_usage().to_string())
        .unwrap_or_default();
    eprintln!(
        "error: no hand given (give one, or `-` to read hands from standard input)\n\n{usage}\n\nFor more information, try 'tenpai {name} --help'."
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help, version and usage errors, checked like every other output: a
            // closed pipe is quiet, a failed write is an error exit.
            let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
            use std::io::Write as _;
            return match e.print().and_then(|()| std::io::stdout().flush()) {
                Ok(()) => code,
                Err(err) => batch::output_failed(&err, code),
            };
        }
    };
    let mut cli = cli;
    if let Some(cmd) = cli.command.as_mut() {
        if let Err(msg) = top_options(&cli.summary, cmd) {
            eprintln!("error: {msg}");
            return ExitCode::from(2);
        }
    }
    match cli.command {
        Some(Command::Decompose(args)) if args.hand.is_empty() => missing_hand("decompose"),
        Some(Command::Decompose(args)) => batch::run(&args.input(), &args.ctx(), decompose::answer),
        // Nagashi mangan is no hand: `tenpai score --nagashi-mangan` scores it as it is.
        Some(Command::Score(args)) if args.hand.hand.is_empty() && !args.nagashi_mangan => {
            missing_hand("score")
        }
        Some(Command::Score(args)) => {
            batch::run(&args.hand.input(), &args.hand.ctx(), |i, c, o| {
                score::answer(&args, i, c, o)
            })
        }
        Some(Command::Shanten(args)) if args.hand.is_empty() => missing_hand("shanten"),
        Some(Command::Shanten(args)) => {
            batch::run(&args.input(), &args.ctx(), shanten::answer_shanten)
        }
        Some(Command::Waits(args)) if args.hand.is_empty() => missing_hand("waits"),
        Some(Command::Waits(args)) => batch::run(&args.input(), &args.ctx(), shanten::answer_waits),
        Some(Command::Ukeire(args)) if args.hand.hand.is_empty() => missing_hand("ukeire"),
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
        Some(Command::Stats(args)) => stats::run(&args),
        Some(Command::Convert(args)) => convert::run(&args),
        Some(Command::Review(args)) => review::run(&args),
        Some(Command::Advise(args)) if args.hand.hand.is_empty() => missing_hand("advise"),
        Some(Command::Advise(args)) => match advise::options(&args)
            .and_then(|o| advise::offer_options(&args).map(|f| (o, f)))
        {
            Ok((o, offer)) => batch::run(&args.hand.input(), &args.hand.ctx(), |i, c, out| {
                advise::answer(i, c, &o, offer.as_ref(), out)
            }),
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Safety(args)) if args.hand.hand.is_empty() => missing_hand("safety"),
        Some(Command::Safety(args)) => {
            batch::run(&args.hand.input(), &args.hand.ctx(), |i, c, out| {
                safety::answer(&args, i, c, out)
            })
        }
        #[cfg(feature = "serve")]
        Some(Command::Serve(args)) => serve::run(&args),
        #[cfg(not(feature = "serve"))]
        Some(Command::Serve { .. }) => {
            eprintln!("error: {NO_SERVE}");
            ExitCode::from(2)
        }
        Some(Command::Completions { shell }) => {
            use clap::CommandFactory;
            let mut cmd = Cli::command();
            clap_complete::generate(shell, &mut cmd, "tenpai", &mut std::io::stdout());
            ExitCode::SUCCESS
        }
        None => {
            if cli.summary.hand.is_empty() {
                use clap::CommandFactory;
                let _ = Cli::command().print_help();
                return ExitCode::from(2);
            }
            if let Some(msg) = cli.summary.hand.first().and_then(|w| unknown_command(w)) {
                eprintln!("error: {msg}");
                return ExitCode::from(2);
            }
            batch::run(&cli.summary.input(), &cli.summary.ctx(), summary::answer)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mistyped_commands_are_suggested() {
        assert!(unknown_command("scroe")
            .unwrap()
            .contains("did you mean 'score'?"));
        assert!(unknown_command("shantne").unwrap().contains("'shanten'"));
        assert!(unknown_command("decompse").unwrap().contains("'decompose'"));
        assert!(unknown_command("wait").unwrap().contains("'waits'"));
        assert!(!unknown_command("xyzzy").unwrap().contains("did you mean"));
        assert_eq!(unknown_command("123m"), None);
        assert_eq!(unknown_command("-"), None);
        assert_eq!(unknown_command("\u{1F007}"), None);
    }
}
