//! `tenpai replay PATH... [--json]`: read Tenhou game logs, rebuild every win, score it
//! and compare with what the server recorded.

use clap::Args;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use tenpai::logs::replay::{replay_file, FileReplay as FileReport, Outcome};
use tenpai::logs::walk::{walk, Walk, WalkOptions};
use tenpai::logs::{self, Win};

/// Arguments of `tenpai replay`.
#[derive(Args, Debug, Clone)]
pub struct ReplayArgs {
    /// Log files (mjlog XML plain or gzip, tenhou.net/6 JSON, mjai JSON Lines) or
    /// directories, read recursively (each file once; one whose content is not a log is
    /// skipped); `-` reads one log from standard input.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
    /// One JSON line per win instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// Follow links to directories met in a walk (each directory is still read once).
    #[arg(long)]
    pub follow_links: bool,
    /// No progress bar, even on a terminal.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Log files read at once by `replay` and `stats`: a fixed number, so their memory
/// does not grow with the cores. A log takes at most about 40 MB while it is read (the
/// worst, a 1 MiB JSON array of one-digit numbers; real logs take well under 1 MB), so
/// at most about 160 MB whatever the machine.
pub(crate) const FILES_AT_ONCE: usize = 4;

/// A log path as given: `-` is standard input.
pub(crate) fn log_path(p: &std::path::Path) -> PathBuf {
    if p == std::path::Path::new("-") {
        PathBuf::from("/dev/stdin")
    } else {
        p.to_path_buf()
    }
}

/// The files under the paths a log command is given (`-`: standard input): each
/// directory and file once, links to directories followed only when asked.
pub(crate) fn find_logs(paths: &[PathBuf], follow_links: bool) -> Walk {
    let paths: Vec<PathBuf> = paths.iter().map(|p| log_path(p)).collect();
    let mut options = WalkOptions::default();
    options.follow_links = follow_links;
    walk(&paths, options)
}

/// What the summary says of links not followed, when there were some.
pub(crate) fn links_note(found: &Walk) -> String {
    match found.links_not_followed {
        0 => String::new(),
        1 => ", 1 link to a directory not followed (--follow-links)".to_string(),
        n => format!(", {n} links to directories not followed (--follow-links)"),
    }
}

/// One line of situation for the text report: what was passed to the scorer.
fn situation_text(win: &Win) -> String {
    let s = win.situation;
    let mut parts = vec![format!(
        "{} {}",
        if win.tsumo { "tsumo" } else { "ron" },
        win.win_tile
    )];
    parts.push(format!(
        "seat {} round {}",
        win.seat_wind.letter(),
        win.round_wind.letter()
    ));
    for (on, name) in [
        (s.double_riichi, "double riichi"),
        (s.riichi && !s.double_riichi, "riichi"),
        (s.ippatsu, "ippatsu"),
        (s.haitei, "haitei"),
        (s.houtei, "houtei"),
        (s.rinshan, "rinshan"),
        (s.chankan, "chankan"),
        (s.tenhou, "tenhou"),
        (s.chiihou, "chiihou"),
    ] {
        if on {
            parts.push(name.to_string());
        }
    }
    let tiles = |v: &[tenpai::Tile]| v.iter().map(|t| t.to_string()).collect::<String>();
    parts.push(format!("dora {}", tiles(&win.dora)));
    if s.riichi {
        parts.push(format!("ura {}", tiles(&win.ura)));
    }
    parts.join(", ")
}

fn yaku_text(list: &[(String, u32)]) -> String {
    list.iter()
        .map(|(n, h)| format!("{n} {h}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Run the command; the exit code is 0 when every 4-player win agrees and every file was
/// read, 1 when some win disagrees (or could not be scored), 2 when only some file could
/// not be read.
pub fn run(args: &ReplayArgs) -> ExitCode {
    let found = find_logs(&args.paths, args.follow_links);
    let links = links_note(&found);
    let (files, mut errors) = (found.files, found.errors);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut totals = Totals::default();
    // Files are read in groups of `FILES_AT_ONCE`, in parallel within a group, and
    // reported in order: at most one group of games is held at once, and at most that
    // many logs are being read (each at most `logs::MAX_LOG_BYTES` of text), however
    // many cores there are.
    // Progress on a terminal (files done, rate, time left), over more than one file.
    let bar = crate::progress::files("replay", files.len(), args.quiet || files.len() < 2);
    for group in files.chunks(FILES_AT_ONCE) {
        let reports: Vec<FileReport> = group
            .par_iter()
            .map(|(p, named)| replay_file(p, *named))
            .collect();
        // The bar is lifted while the group's lines are written.
        let written = bar.suspend(|| {
            reports
                .iter()
                .try_for_each(|rep| report_file(rep, args.json, &mut totals, &mut errors, &mut out))
                .and_then(|()| out.flush())
        });
        bar.inc(group.len() as u64);
        if let Err(e) = written {
            bar.finish_and_clear();
            return crate::batch::output_failed(&e, totals.code(&errors));
        }
    }
    bar.finish_and_clear();
    if let Err(e) = out.flush() {
        return crate::batch::output_failed(&e, totals.code(&errors));
    }
    drop(out);
    {
        let mut err = std::io::stderr().lock();
        for e in &errors {
            let _ = writeln!(err, "tenpai: {e}");
        }
    }
    if !args.json {
        let t = &totals;
        let kinds = if t.by_kind.is_empty() {
            String::new()
        } else {
            format!(
                " ({})",
                t.by_kind
                    .iter()
                    .map(|(k, n)| format!("{k}: {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let skipped_files = if t.skipped_files > 0 {
            format!(", {} skipped (not logs)", t.skipped_files)
        } else {
            String::new()
        };
        let summary = format!(
            "files: {} read, {} not read{skipped_files}{links}\ngames: {}, rounds: {}, wins: {}\nagreements: {}, disagreements: {}{kinds}\nscore track: rounds balanced {} of {}, games balanced {} of {}\n",
            t.games,
            errors.len(),
            t.games,
            t.rounds,
            t.wins,
            t.agree,
            t.disagreeing,
            t.track_rounds_ok,
            t.track_rounds,
            t.track_games_ok,
            t.track_games
        );
        let mut so = std::io::stdout().lock();
        if let Err(e) = so.write_all(summary.as_bytes()).and_then(|()| so.flush()) {
            return crate::batch::output_failed(&e, totals.code(&errors));
        }
    }
    totals.code(&errors)
}

/// Counts over the files read so far.
#[derive(Default)]
struct Totals {
    games: usize,
    rounds: usize,
    wins: usize,
    agree: usize,
    skipped_files: usize,
    disagreeing: usize,
    by_kind: BTreeMap<&'static str, usize>,
    track_games: usize,
    track_games_ok: usize,
    track_rounds: usize,
    track_rounds_ok: usize,
}

impl Totals {
    /// 1 when some win disagrees, 2 when only some file could not be read, else 0.
    fn code(&self, errors: &[String]) -> ExitCode {
        if self.disagreeing > 0 {
            ExitCode::from(1)
        } else if !errors.is_empty() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// Count one file's wins and write what it has to say (JSON lines, or the text of
/// each disagreement).
fn report_file<W: std::io::Write>(
    rep: &FileReport,
    json: bool,
    t: &mut Totals,
    errors: &mut Vec<String>,
    out: &mut W,
) -> std::io::Result<()> {
    let game = match &rep.game {
        Ok(Some(g)) => g,
        Ok(None) => {
            t.skipped_files += 1;
            return Ok(());
        }
        Err(e) => {
            errors.push(e.clone());
            return Ok(());
        }
    };
    t.games += 1;
    t.rounds += game.rounds;
    if json {
        for line in rep.lines() {
            writeln!(out, "{line}")?;
        }
    }
    for (win, outcome) in game.wins.iter().zip(&rep.outcomes) {
        t.wins += 1;
        let mut text = String::new();
        match outcome {
            Outcome::Scored(_, d) if d.is_empty() => t.agree += 1,
            Outcome::Scored(r, d) => {
                t.disagreeing += 1;
                for k in d {
                    *t.by_kind.entry(k.name()).or_default() += 1;
                }
                let names: Vec<&str> = d.iter().map(|k| k.name()).collect();
                let _ = writeln!(
                    text,
                    "{} {}: seat {} {}: {}  [{}]\n  {}\n  computed: {} han {} fu {} points ({})\n  recorded: {} han {} fu {} points ({})",
                    rep.path,
                    win.round_name(),
                    win.winner,
                    if win.tsumo { "tsumo".to_string() } else { format!("ron from seat {}", win.from) },
                    win.hand_text(),
                    names.join(", "),
                    situation_text(win),
                    r.han,
                    r.fu,
                    r.points,
                    yaku_text(&logs::computed_named(r)),
                    win.recorded.han(),
                    win.recorded.fu.map(|f| f.to_string()).unwrap_or_else(|| "-".into()),
                    win.recorded.points,
                    yaku_text(&win.recorded.named()),
                );
            }
            Outcome::Error(e) => {
                t.disagreeing += 1;
                *t.by_kind.entry("error").or_default() += 1;
                let _ = writeln!(
                    text,
                    "{} {}: seat {}: {}  [error]\n  {}\n  computed: error: {e}\n  recorded: {} han {} points ({})",
                    rep.path,
                    win.round_name(),
                    win.winner,
                    win.hand_text(),
                    situation_text(win),
                    win.recorded.han(),
                    win.recorded.points,
                    yaku_text(&win.recorded.named()),
                );
            }
        }
        if !json && !text.is_empty() {
            write!(out, "{text}")?;
        }
    }
    if let Some(tr) = &rep.track {
        t.track_games += 1;
        t.track_rounds += tr.rounds.len();
        t.track_rounds_ok += tr.rounds.iter().filter(|r| r.balanced()).count();
        if tr.balanced() {
            t.track_games_ok += 1;
        } else if !json {
            writeln!(
                out,
                "{}: does not balance: {}",
                rep.path,
                tr.first_mismatch().unwrap_or_default()
            )?;
        }
    }
    Ok(())
}

/// The JSON Lines `tenpai replay --json` prints for one log file named `name` (each
/// line ends with a newline), from the log's bytes (plain or gzip); or why the log was
/// not read. `tenpai serve` answers an uploaded log with it.
#[cfg(feature = "serve")]
pub fn answer_log(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    let game = logs::parse_log(&bytes).map_err(|e| e.with_file(name).to_string())?;
    drop(bytes);
    let rep = FileReport::of_game(name.to_string(), game);
    let mut out = Vec::new();
    report_file(
        &rep,
        true,
        &mut Totals::default(),
        &mut Vec::new(),
        &mut out,
    )
    .map_err(|e| e.to_string())?;
    String::from_utf8(out).map_err(|e| e.to_string())
}
