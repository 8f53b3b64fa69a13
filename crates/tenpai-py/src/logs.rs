//! Game logs: the files of a replay, one log read, and files replayed on every core
//! (the native side of `tenpai.read_log`, `tenpai.replay` and `tenpai.dask`).

use crate::convert::{plain, plains, to_py};
use crate::errors::err;
use pyo3::prelude::*;
use pyo3::types::PyList;
use rayon::prelude::*;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use tenpai::logs::json as json_lines;
use tenpai::logs::report::AtomicFile;
use tenpai::logs::{self, Game, Win};

/// The files under `paths` (files and directories) in `tenpai replay`'s order, each
/// with whether it must be a log (else a file met in a directory walk whose content is
/// not a log is skipped), and the paths that could not be read.
#[pyfunction]
fn collect_files(paths: Vec<PathBuf>) -> (Vec<(String, bool)>, Vec<String>) {
    let (files, errors) = json_lines::collect_files(&paths);
    (
        files
            .iter()
            .map(|(p, named)| (p.display().to_string(), *named))
            .collect(),
        errors,
    )
}

/// One win as read from a log, with the scoring request rebuilt from it.
fn win_json(game: &Game, win: &Win) -> Value {
    json!({
        "round": win.round_label(), "honba": win.honba, "dealer": win.dealer,
        "winner": win.winner, "from": win.from, "tsumo": win.tsumo,
        "hand": win.hand_text(), "win": plain(win.win_tile),
        "seat_wind": win.seat_wind.letter().to_string(),
        "round_wind": win.round_wind.letter().to_string(),
        "dora": plains(&win.dora), "ura": plains(&win.ura),
        "riichi_sticks": win.paid_sticks,
        "request": serde_json::to_value(win.request(&game.rules)).unwrap_or(Value::Null),
        "recorded": json_lines::recorded_json(win),
    })
}

fn game_json(file: &str, game: Game) -> Value {
    let mut v = json!({
        "file": file,
        "format": match game.format { logs::LogFormat::Mjlog => "mjlog", _ => "tenhou6" },
        "players": game.rules.players, "red_fives": game.rules.red_fives,
        "open_tanyao": game.rules.open_tanyao, "rounds": game.rounds,
        "wins": game.wins.iter().map(|w| win_json(&game, w)).collect::<Vec<_>>(),
    });
    // The score track: the `"round"` and `"game"` lines of `tenpai replay --json`.
    let track: Vec<Value> = json_lines::FileReplay::of_game(file.to_string(), game)
        .lines()
        .into_iter()
        .filter(|l| l["type"] != "win")
        .collect();
    if let Some(o) = v.as_object_mut() {
        o.insert("track".into(), Value::Array(track));
    }
    v
}

/// A game log read: `{"file", "format", "players", "red_fives", "open_tanyao",
/// "rounds", "wins": [...], "track": [the score track's round and game lines]}`
/// (read and scored without the GIL).
#[pyfunction]
fn read_log<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyAny>> {
    let shown = path.display().to_string();
    let v = py
        .allow_threads(|| logs::read_file(&path).map(|game| game_json(&shown, game)))
        .map_err(|e| err(py, &e))?;
    to_py(py, &v)
}

/// Replays files (as `collect_files` gives them: path, must be a log) on every core
/// without the GIL: per file `{"file", "error"}` when it cannot be read, `{"file",
/// "skipped": true}` for a file met in a walk that is not a log, else `{"file",
/// "rounds", "lines": [the replay --json lines: win, round and game]}`.
#[pyfunction]
fn replay_files<'py>(py: Python<'py>, files: Vec<(String, bool)>) -> PyResult<Bound<'py, PyList>> {
    let out: Vec<Value> = py.allow_threads(|| {
        files
            .par_iter()
            .map(|(f, named)| {
                let rep = json_lines::replay_file(Path::new(f), *named);
                match &rep.game {
                    Err(e) => json!({"file": rep.path, "error": e}),
                    Ok(None) => json!({"file": rep.path, "skipped": true}),
                    Ok(Some(g)) => {
                        json!({"file": rep.path, "rounds": g.rounds, "lines": rep.lines()})
                    }
                }
            })
            .collect()
    });
    let items = out
        .iter()
        .map(|v| to_py(py, v))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// `tenpai review LOG --json`: one dict per decision (a discard; with `advise` also
/// the call decisions, `"kind": "call"`) of the player at `seat` (or named
/// `player`; seat 0 when neither; every seat, one after the other, with `all_seats`),
/// the advise engine's values with `advise` (reviewed without the GIL); with `html`,
/// also the report `tenpai review LOG --html` writes, written whole to that path or not
/// at all. A log that cannot be read raises `LogError`; an unknown player or seat, or
/// an output path that cannot be written, `InvalidRequestError`.
#[pyfunction]
#[pyo3(signature = (path, seat=None, player=None, advise=false, all_seats=false, html=None))]
fn review_log<'py>(
    py: Python<'py>,
    path: PathBuf,
    seat: Option<u8>,
    player: Option<String>,
    advise: bool,
    all_seats: bool,
    html: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    use tenpai::logs::report::{report, DecisionRef, Seats};
    let game = py
        .allow_threads(|| logs::read_file(&path))
        .map_err(|e| err(py, &e))?;
    if player.is_some() && (seat.is_some() || all_seats) {
        return Err(crate::errors::invalid(
            "give seat or player, not both".into(),
        ));
    }
    let seats = match (&player, seat) {
        (Some(name), _) => match game.names.iter().position(|n| n == name) {
            Some(s) => Seats::One(s as u8),
            None => {
                return Err(crate::errors::invalid(format!(
                    "{}: no player {name:?} (players: {})",
                    path.display(),
                    game.names.join(", ")
                )))
            }
        },
        (None, _) if all_seats => Seats::All,
        (None, s) => Seats::One(s.unwrap_or(0)),
    };
    // The output place first: one that cannot be written is refused before the work.
    let target = match &html {
        Some(out) => {
            Some(AtomicFile::create(out).map_err(|e| crate::errors::invalid(e.to_string()))?)
        }
        None => None,
    };
    let rep = py
        .allow_threads(|| report(&game, seats, advise, &mut |_| {}))
        .map_err(|e| err(py, &e))?;
    if let Some(t) = target {
        let page = rep.to_html();
        py.allow_threads(|| t.commit(page.as_bytes()))
            .map_err(|e| crate::errors::invalid(e.to_string()))?;
    }
    // The `tenpai review --json` lines: each player's decisions in game order.
    let v = Value::Array(
        rep.reviews
            .iter()
            .flat_map(|p| {
                p.decisions().into_iter().map(|d| match d {
                    DecisionRef::Discard(i) => p.turns[i].to_json(p.seat),
                    DecisionRef::Call(i) => p.calls[i].to_json(p.seat),
                })
            })
            .collect(),
    );
    to_py(py, &v)
}

/// `tenpai stats PATH... --json` over files as `collect_files` gives them: one dict
/// per player (most rounds first, then by name; only `player` when given), the number
/// of games read, and the files that could not be read (read on every core without
/// the GIL).
#[pyfunction]
#[pyo3(signature = (files, player=None))]
fn stats_files<'py>(
    py: Python<'py>,
    files: Vec<(String, bool)>,
    player: Option<String>,
) -> PyResult<(Bound<'py, PyAny>, usize, Vec<String>)> {
    use std::collections::BTreeMap;
    use tenpai::logs::stats::{game_stats, PlayerStats};
    let (players, games, errors) = py.allow_threads(|| {
        // As the CLI: a file met in a walk whose content is not a log is skipped, and a
        // game met again (same game id: another format or copy) is counted once, the
        // first in path order.
        type FileStats = (Option<String>, Vec<PlayerStats>);
        let results: Vec<Result<Option<FileStats>, String>> = files
            .par_iter()
            .map(|(f, named)| {
                let bytes = logs::read_log_bytes(Path::new(f)).map_err(|e| e.to_string())?;
                if !named && !logs::is_log_content(&bytes) {
                    return Ok(None);
                }
                logs::parse_log(&bytes)
                    .map(|g| Some((g.id_or_file_name(Path::new(f)), game_stats(&g))))
                    .map_err(|e| e.with_file(f).to_string())
            })
            .collect();
        let mut by_player: BTreeMap<String, PlayerStats> = BTreeMap::new();
        let (mut games, mut errors) = (0usize, Vec::new());
        let mut ids = std::collections::HashSet::new();
        for r in results {
            match r {
                Ok(None) => {}
                Ok(Some((id, seats))) => {
                    if id.is_some_and(|id| !ids.insert(id)) {
                        continue;
                    }
                    games += 1;
                    for s in seats {
                        by_player
                            .entry(s.player.clone())
                            .or_insert_with(|| PlayerStats::new(&s.player))
                            .merge(&s);
                    }
                }
                Err(e) => errors.push(e),
            }
        }
        if let Some(name) = &player {
            by_player.retain(|k, _| k == name);
        }
        let mut players: Vec<&PlayerStats> = by_player.values().collect();
        players.sort_by(|a, b| {
            b.rounds
                .cmp(&a.rounds)
                .then_with(|| a.player.cmp(&b.player))
        });
        let v = Value::Array(players.iter().map(|p| p.to_json()).collect());
        (v, games, errors)
    });
    Ok((to_py(py, &players)?, games, errors))
}

/// `tenpai convert --to mjai LOG`: the game as mjai JSON Lines (one event a line).
#[pyfunction]
#[pyo3(signature = (path, to="mjai"))]
fn convert_log(py: Python<'_>, path: PathBuf, to: &str) -> PyResult<String> {
    if to != "mjai" {
        return Err(crate::errors::invalid(format!(
            "convert: unknown format {to:?} (the formats: mjai)"
        )));
    }
    let game = py
        .allow_threads(|| logs::read_file(&path))
        .map_err(|e| err(py, &e))?;
    Ok(py.allow_threads(|| logs::mjai::to_mjai(&game)))
}

/// Adds `collect_files`, `read_log`, `replay_files`, `review_log`, `stats_files` and
/// `convert_log` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(collect_files, m)?)?;
    m.add_function(wrap_pyfunction!(read_log, m)?)?;
    m.add_function(wrap_pyfunction!(review_log, m)?)?;
    m.add_function(wrap_pyfunction!(stats_files, m)?)?;
    m.add_function(wrap_pyfunction!(convert_log, m)?)?;
    m.add_function(wrap_pyfunction!(replay_files, m)?)
}
