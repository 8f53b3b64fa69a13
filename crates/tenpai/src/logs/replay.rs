//! The replay of log files and its JSON lines, as `tenpai replay --json` writes them:
//! one implementation for the CLI, the Python bindings and their Dask tasks.
//!
//! [`collect_files`] finds the files a replay reads (files as given, directories walked
//! in sorted order); [`replay_file`] reads one, scores and checks every win and runs the
//! score track; [`FileReplay::lines`] gives its JSON lines in order: a `"type": "win"`
//! line per win, a `"type": "round"` line per round (after the round's last win), then
//! one `"type": "game"` line (4-player games).

use super::track::{self, GameCheck, RoundCheck};
use super::{
    is_log_content, parse_log, read_log_bytes, tenhou_yaku, verify, Disagreement, Game, Win,
};
use crate::score::ScoreResult;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Whether a file is named like a log: `.mjlog`, `.xml`, `.gz` or `.json`.
///
/// ```
/// use std::path::Path;
/// use tenpai::logs::replay::is_log_name;
///
/// assert!(is_log_name(Path::new("2009/game.mjlog")) && is_log_name(Path::new("g.json")));
/// assert!(!is_log_name(Path::new("notes.txt")));
/// ```
pub fn is_log_name(p: &Path) -> bool {
    let name = p
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    [".mjlog", ".xml", ".gz", ".json"]
        .iter()
        .any(|e| name.ends_with(e))
}

/// Every file to read under `path`, in order: a file as given, a directory walked
/// (sorted), each with whether it must be a log (`top`: named by the caller, or named
/// `.mjlog`). Other files in a directory are read too; their content tells whether
/// they are logs ([`is_log_content`]). Each directory and file
/// is taken once (by device and inode), links to directories are not followed, and
/// FIFOs, sockets and devices met in a walk are left alone (see [`walk`](super::walk)).
/// Paths that cannot be read or listed are added to `errors`.
///
/// ```
/// use std::path::Path;
///
/// let (mut files, mut errors) = (Vec::new(), Vec::new());
/// tenpai::logs::replay::collect(Path::new("no/such/dir"), &mut files, &mut errors, true);
/// assert!(files.is_empty());
/// assert!(errors[0].contains("no/such/dir"));
/// ```
pub fn collect(path: &Path, out: &mut Vec<(PathBuf, bool)>, errors: &mut Vec<String>, top: bool) {
    let found = super::walk::walk(&[path.to_path_buf()], super::walk::WalkOptions::default());
    out.extend(found.files.into_iter().map(|(p, must)| {
        // Not `top`: the path itself is taken as a walk would meet it.
        let must = if !top && p == path {
            super::walk::must_be_log(&p)
        } else {
            must
        };
        (p, must)
    }));
    errors.extend(found.errors);
}

/// [`collect`] over several paths, each directory and file taken once: the files with
/// whether each must be a log, and the paths that could not be read. See
/// [`walk`](super::walk::walk) for the counts and the option to follow links.
///
/// ```
/// use std::path::PathBuf;
///
/// let (files, errors) = tenpai::logs::replay::collect_files(&[PathBuf::from("no/such.mjlog")]);
/// assert_eq!((files.len(), errors.len()), (0, 1));
/// ```
pub fn collect_files(paths: &[PathBuf]) -> (Vec<(PathBuf, bool)>, Vec<String>) {
    let found = super::walk::walk(paths, super::walk::WalkOptions::default());
    (found.files, found.errors)
}

/// The outcome of one win.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::replay::{FileReplay, Outcome};
/// let replay = FileReplay::of_game("e1.mjlog".into(), game);
/// match &replay.outcomes[0] {
///     Outcome::Scored(result, disagreements) => {
///         assert_eq!(result.points, 4000);
///         assert!(disagreements.is_empty());
///     }
///     other => panic!("not scored: {other:?}"),
/// }
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone)]
pub enum Outcome {
    /// The engine could not score it.
    Error(String),
    /// Scored: the answer and what differs from the record.
    Scored(Box<ScoreResult>, Vec<Disagreement>),
}

/// One file replayed.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::replay::FileReplay;
/// let replay = FileReplay::of_game("e1.mjlog".into(), game);
/// assert!(replay.track.as_ref().unwrap().balanced());
/// let types: Vec<String> = replay.lines().iter().map(|l| l["type"].as_str().unwrap().to_string()).collect();
/// assert_eq!(types, ["win", "round", "game"]);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct FileReplay {
    /// The path as shown in the lines.
    pub path: String,
    /// The game, or why it was not read; `Ok(None)` for a file met in a directory walk
    /// whose content is not a log at all (skipped).
    pub game: Result<Option<Game>, String>,
    /// Per win, in order.
    pub outcomes: Vec<Outcome>,
    /// The score track (4-player games).
    pub track: Option<GameCheck>,
}

/// Reads one file, scores and checks every win and runs the score track. `named`:
/// the file must be a log (else one whose content is not a log is skipped).
///
/// ```
/// use std::path::Path;
///
/// let replay = tenpai::logs::replay::replay_file(Path::new("no/such.mjlog"), true);
/// assert!(replay.game.is_err() && replay.lines().is_empty());
/// ```
pub fn replay_file(path: &Path, named: bool) -> FileReplay {
    let shown = path.display().to_string();
    let report = |game| FileReplay {
        path: shown.clone(),
        game,
        outcomes: Vec::new(),
        track: None,
    };
    let bytes = match read_log_bytes(path) {
        Ok(b) => b,
        Err(e) => return report(Err(e.to_string())),
    };
    if !named && !is_log_content(&bytes) {
        return report(Ok(None));
    }
    let game = match parse_log(&bytes) {
        Ok(g) => g,
        Err(e) => return report(Err(e.with_file(&shown).to_string())),
    };
    drop(bytes);
    FileReplay::of_game(shown, game)
}

impl FileReplay {
    /// The replay of a game already read from the file shown as `path`: every win
    /// scored and checked, and the score track.
    ///
    /// ```
    /// # let log = include_str!("../../tests/data/doc/e1.mjlog");
    /// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
    /// let game = tenpai::logs::parse_log(log.as_bytes())?;
    /// let replay = tenpai::logs::replay::FileReplay::of_game("e1.mjlog".into(), game);
    /// assert_eq!((replay.path.as_str(), replay.outcomes.len()), ("e1.mjlog", 1));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn of_game(path: String, game: Game) -> FileReplay {
        let outcomes = game
            .wins
            .iter()
            .map(|w| match verify(w, &game.rules) {
                Ok((r, d)) => Outcome::Scored(Box::new(r), d),
                Err(e) => Outcome::Error(e.to_string()),
            })
            .collect::<Vec<_>>();
        let results: Vec<Result<ScoreResult, crate::Error>> = outcomes
            .iter()
            .map(|o| match o {
                Outcome::Scored(r, _) => Ok((**r).clone()),
                Outcome::Error(e) => Err(crate::Error::Invalid(e.clone())),
            })
            .collect();
        let track = track::check_game_with(&game, &results).ok();
        FileReplay {
            path,
            game: Ok(Some(game)),
            outcomes,
            track,
        }
    }
}

/// What the server recorded for a win: `{"yaku": [{"id", "name", "han"}], "yakuman":
/// [{"id", "name"}], "han", "fu", "points", "limit"}`.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let v = tenpai::logs::replay::recorded_json(&game.wins[0]);
/// assert_eq!((v["han"].as_u64(), v["fu"].as_u64(), v["points"].as_u64()), (Some(3), Some(30), Some(4000)));
/// assert_eq!((v["yaku"][1]["name"].as_str(), v["limit"].as_str()), (Some("ittsu"), Some("none")));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn recorded_json(win: &Win) -> Value {
    let r = &win.recorded;
    let yaku: Vec<Value> = r
        .yaku
        .iter()
        .filter_map(|&(id, han)| {
            tenhou_yaku::by_id(u32::from(id)).map(|y| json!({"id": id, "name": y.name, "han": han}))
        })
        .collect();
    let yakuman: Vec<Value> = r
        .yakuman
        .iter()
        .filter_map(|&id| {
            tenhou_yaku::by_id(u32::from(id)).map(|y| json!({"id": id, "name": y.name}))
        })
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

/// The `"win"` line of a win.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::{replay::{win_json, Outcome}, verify};
/// let (r, d) = verify(&game.wins[0], &game.rules)?;
/// let v = win_json("e1.mjlog", &game.wins[0], &Outcome::Scored(Box::new(r), d));
/// assert_eq!((v["type"].as_str(), v["round"].as_str(), v["agree"].as_bool()), (Some("win"), Some("E1"), Some(true)));
/// assert_eq!(v["computed"]["points"], v["recorded"]["points"]);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn win_json(file: &str, win: &Win, outcome: &Outcome) -> Value {
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
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let check = tenpai::logs::track::check_game(&game)?;
/// let v = tenpai::logs::replay::round_json("e1.mjlog", 0, &check.rounds[0]);
/// assert_eq!((v["result"].as_str(), v["balanced"].as_bool()), (Some("win"), Some(true)));
/// assert_eq!(v["deltas"], serde_json::json!([-2000, 4000, -1000, -1000]));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn round_json(file: &str, honba: u32, r: &RoundCheck) -> Value {
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
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let check = tenpai::logs::track::check_game(&game)?;
/// let v = tenpai::logs::replay::game_json("e1.mjlog", &check);
/// assert_eq!((v["rounds"].as_u64(), v["rounds_balanced"].as_u64()), (Some(1), Some(1)));
/// assert_eq!(v["final_scores"], serde_json::json!([23000, 29000, 24000, 24000]));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn game_json(file: &str, g: &GameCheck) -> Value {
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

impl FileReplay {
    /// The file's `tenpai replay --json` lines in order: the win lines, each round's
    /// line after its last win (a round without wins in its place), then the game's
    /// line. Empty for a file not read or skipped.
    ///
    /// ```
    /// # let log = include_str!("../../tests/data/doc/e1.mjlog");
    /// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
    /// let game = tenpai::logs::parse_log(log.as_bytes())?;
    /// let replay = tenpai::logs::replay::FileReplay::of_game("e1.mjlog".into(), game);
    /// let lines = replay.lines();
    /// assert_eq!(lines.len(), 3);
    /// assert!(lines.iter().all(|l| l["file"] == "e1.mjlog"));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn lines(&self) -> Vec<Value> {
        let Ok(Some(game)) = &self.game else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(game.wins.len() + game.round_logs.len() + 1);
        let mut round_after_win: BTreeMap<usize, usize> = BTreeMap::new();
        for (i, r) in game.round_logs.iter().enumerate() {
            if let Some(last) = r.wins.clone().last() {
                round_after_win.insert(last, i);
            }
        }
        let emit_round = |out: &mut Vec<Value>, i: usize| {
            if let (Some(tr), Some(r)) = (&self.track, game.round_logs.get(i)) {
                if let Some(rc) = tr.rounds.get(i) {
                    out.push(round_json(&self.path, r.honba, rc));
                }
            }
        };
        let mut next_round = 0usize;
        for (wi, (win, outcome)) in game.wins.iter().zip(&self.outcomes).enumerate() {
            // Rounds without wins that come before this win.
            while next_round < game.round_logs.len() && game.round_logs[next_round].wins.end <= wi {
                emit_round(&mut out, next_round);
                next_round += 1;
            }
            out.push(win_json(&self.path, win, outcome));
            if let Some(&ri) = round_after_win.get(&wi) {
                while next_round <= ri {
                    emit_round(&mut out, next_round);
                    next_round += 1;
                }
            }
        }
        while next_round < game.round_logs.len() {
            emit_round(&mut out, next_round);
            next_round += 1;
        }
        if let Some(tr) = &self.track {
            out.push(game_json(&self.path, tr));
        }
        out
    }
}
