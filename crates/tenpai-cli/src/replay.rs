//! `tenpai replay PATH... [--json]`: read Tenhou game logs, rebuild every win, score it
//! and compare with what the server recorded.

use clap::Args;
use rayon::prelude::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tenpai::logs::track::{self, GameCheck};
use tenpai::logs::{self, yaku, Game, Win};
use tenpai::score::ScoreResult;

/// Arguments of `tenpai replay`.
#[derive(Args, Debug, Clone)]
pub struct ReplayArgs {
    /// Log files (mjlog XML plain or gzip, tenhou.net/6 JSON) or directories, read
    /// recursively (every file; one not named .mjlog, .xml, .gz or .json whose content
    /// is not a log is skipped).
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
    /// One JSON line per win instead of the text report.
    #[arg(long)]
    pub json: bool,
}

fn is_log_name(p: &Path) -> bool {
    let name = p
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    [".mjlog", ".xml", ".gz", ".json"]
        .iter()
        .any(|e| name.ends_with(e))
}

/// Every file to read, in order: files as given, directories walked (sorted), each
/// with whether it must be a log (named on the command line, or named like a log).
/// Other files in a directory are read too; their content tells whether they are logs.
pub(crate) fn collect(
    path: &Path,
    out: &mut Vec<(PathBuf, bool)>,
    errors: &mut Vec<String>,
    top: bool,
) {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => match std::fs::read_dir(path) {
            Ok(rd) => {
                let mut entries = Vec::new();
                for e in rd {
                    match e {
                        Ok(e) => entries.push(e.path()),
                        Err(e) => errors.push(format!("{}: cannot list: {e}", path.display())),
                    }
                }
                entries.sort();
                for e in entries {
                    collect(&e, out, errors, false);
                }
            }
            Err(e) => errors.push(format!("{}: cannot list: {e}", path.display())),
        },
        Ok(m) if m.is_file() || top => out.push((path.to_path_buf(), top || is_log_name(path))),
        // Sockets, fifos and the like met in a walk are not files to read.
        Ok(_) => {}
        Err(e) => errors.push(format!("{}: {e}", path.display())),
    }
}

/// The outcome of one win.
enum Outcome {
    /// The engine could not score it.
    Error(String),
    /// Scored: the answer and what differs from the record.
    Scored(Box<ScoreResult>, Vec<logs::Disagreement>),
}

struct FileReport {
    path: String,
    /// The game, or why it was not read; `Ok(None)` for a file met in a directory walk
    /// whose content is not a log at all (skipped).
    game: Result<Option<Game>, String>,
    outcomes: Vec<Outcome>,
    /// The score track (4-player games).
    track: Option<GameCheck>,
}

fn replay_file(path: &Path, named: bool) -> FileReport {
    let shown = path.display().to_string();
    let report = |game| FileReport {
        path: shown.clone(),
        game,
        outcomes: Vec::new(),
        track: None,
    };
    let bytes = match logs::read_log_bytes(path) {
        Ok(b) => b,
        Err(e) => return report(Err(e.to_string())),
    };
    if !named && !logs::looks_like_log(&bytes) {
        return report(Ok(None));
    }
    let game = match logs::parse_log(&bytes) {
        Ok(g) => g,
        Err(e) => return report(Err(e.with_file(&shown).to_string())),
    };
    drop(bytes);
    let outcomes = game
        .wins
        .iter()
        .map(|w| match logs::verify(w, &game.rules) {
            Ok((r, d)) => Outcome::Scored(Box::new(r), d),
            Err(e) => Outcome::Error(e.to_string()),
        })
        .collect::<Vec<_>>();
    let results: Vec<Result<ScoreResult, tenpai::Error>> = outcomes
        .iter()
        .map(|o| match o {
            Outcome::Scored(r, _) => Ok((**r).clone()),
            Outcome::Error(e) => Err(tenpai::Error::Invalid(e.clone())),
        })
        .collect();
    let track = track::check_game_with(&game, &results).ok();
    FileReport {
        path: shown,
        game: Ok(Some(game)),
        outcomes,
        track,
    }
}

fn recorded_json(win: &Win) -> Value {
    let r = &win.recorded;
    let yaku: Vec<Value> = r
        .yaku
        .iter()
        .filter_map(|&(id, han)| {
            yaku::by_id(u32::from(id)).map(|y| json!({"id": id, "name": y.name, "han": han}))
        })
        .collect();
    let yakuman: Vec<Value> = r
        .yakuman
        .iter()
        .filter_map(|&id| yaku::by_id(u32::from(id)).map(|y| json!({"id": id, "name": y.name})))
        .collect();
    let limit = [
        "none",
        "mangan",
        "haneman",
        "baiman",
        "sanbaiman",
        "yakuman",
    ]
    .get(usize::from(r.limit))
    .copied()
    .unwrap_or("unknown");
    json!({
        "yaku": yaku,
        "yakuman": yakuman,
        "han": r.han(),
        "fu": r.fu,
        "points": r.points,
        "limit": limit,
    })
}

fn win_json(file: &str, win: &Win, outcome: &Outcome) -> Value {
    let (computed, agree, extra) = match outcome {
        Outcome::Error(e) => (
            json!({"hand": win.hand_text(), "error": e}),
            false,
            Some(("disagree", json!(["error"]))),
        ),
        Outcome::Scored(r, d) => (
            serde_json::to_value(r).unwrap_or(Value::Null),
            d.is_empty(),
            (!d.is_empty()).then(|| {
                (
                    "disagree",
                    json!(d.iter().map(|k| k.name()).collect::<Vec<_>>()),
                )
            }),
        ),
    };
    let mut v = json!({
        "type": "win",
        "file": file,
        "round": win.round_label(),
        "honba": win.honba,
        "winner": win.winner,
        "from": win.from,
        "tsumo": win.tsumo,
        "hand": win.hand_text(),
        "computed": computed,
        "recorded": recorded_json(win),
        "agree": agree,
    });
    if let (Some((k, x)), Some(obj)) = (extra, v.as_object_mut()) {
        obj.insert(k.to_string(), x);
    }
    v
}

/// The `"round"` line of the score track.
fn round_json(file: &str, honba: u32, r: &track::RoundCheck) -> Value {
    let mut v = json!({
        "type": "round",
        "file": file,
        "round": r.round,
        "honba": honba,
        "result": r.result,
        "deltas": r.deltas,
        "recorded_deltas": r.recorded_deltas,
        "balanced": r.balanced(),
        "deposits": r.deposits,
        "scores_after": r.scores_after,
        "sticks_after": r.sticks_after,
    });
    if let Some(obj) = v.as_object_mut() {
        if let Some(t) = r.tenpai {
            obj.insert("tenpai".into(), json!(t));
        }
        if let Some(m) = &r.mismatch {
            obj.insert("mismatch".into(), json!(m));
        }
    }
    v
}

/// The `"game"` line of the score track.
fn game_json(file: &str, g: &GameCheck) -> Value {
    let mut v = json!({
        "type": "game",
        "file": file,
        "final_scores": g.final_scores,
        "recorded_final_scores": g.recorded_final_scores,
        "balanced": g.balanced(),
        "rounds": g.rounds.len(),
        "rounds_balanced": g.rounds.iter().filter(|r| r.balanced()).count(),
    });
    if let (Some(m), Some(obj)) = (g.first_mismatch(), v.as_object_mut()) {
        obj.insert("mismatch".into(), json!(m));
    }
    v
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
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for p in &args.paths {
        collect(p, &mut files, &mut errors, true);
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut totals = Totals::default();
    // Files are read in chunks, in parallel within a chunk, and reported in order: at
    // most one chunk of games is held at once, and at most one log per thread is being
    // read (each at most `logs::MAX_LOG_BYTES` of text).
    let chunk = rayon::current_num_threads() * 4;
    for group in files.chunks(chunk) {
        let reports: Vec<FileReport> = group
            .par_iter()
            .map(|(p, named)| replay_file(p, *named))
            .collect();
        for rep in &reports {
            if let Err(e) = report_file(rep, args.json, &mut totals, &mut errors, &mut out) {
                return crate::batch::output_failed(&e, totals.code(&errors));
            }
        }
    }
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
            "files: {} read, {} not read{skipped_files}\ngames: {}, rounds: {}, wins: {}\nagreements: {}, disagreements: {}{kinds}\nscore track: rounds balanced {} of {}, games balanced {} of {}\n",
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
    // Win lines, each round's line after its wins, then the game's line.
    let mut round_after_win: BTreeMap<usize, usize> = BTreeMap::new();
    for (i, r) in game.round_logs.iter().enumerate() {
        if let Some(last) = r.wins.clone().last() {
            round_after_win.insert(last, i);
        }
    }
    let emit_round = |out: &mut W, i: usize| -> std::io::Result<()> {
        if let (Some(tr), Some(r)) = (&rep.track, game.round_logs.get(i)) {
            if let Some(rc) = tr.rounds.get(i) {
                writeln!(out, "{}", round_json(&rep.path, r.honba, rc))?;
            }
        }
        Ok(())
    };
    let mut next_round = 0usize;
    for (wi, (win, outcome)) in game.wins.iter().zip(&rep.outcomes).enumerate() {
        t.wins += 1;
        if json {
            // Rounds without wins that come before this win.
            while next_round < game.round_logs.len() && game.round_logs[next_round].wins.end <= wi {
                emit_round(out, next_round)?;
                next_round += 1;
            }
            writeln!(out, "{}", win_json(&rep.path, win, outcome))?;
            if let Some(&ri) = round_after_win.get(&wi) {
                while next_round <= ri {
                    emit_round(out, next_round)?;
                    next_round += 1;
                }
            }
        }
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
                    "{} {} honba {}: seat {} {}: {}  [{}]\n  {}\n  computed: {} han {} fu {} points ({})\n  recorded: {} han {} fu {} points ({})",
                    rep.path,
                    win.round_label(),
                    win.honba,
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
                    "{} {} honba {}: seat {}: {}  [error]\n  {}\n  computed: error: {e}\n  recorded: {} han {} points ({})",
                    rep.path,
                    win.round_label(),
                    win.honba,
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
    if json {
        while next_round < game.round_logs.len() {
            emit_round(out, next_round)?;
            next_round += 1;
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
        if json {
            writeln!(out, "{}", game_json(&rep.path, tr))?;
        }
    }
    Ok(())
}
