//! `tenpai stats PATH... [--player NAME] [--json|--csv]`: player statistics over game
//! logs, as Tenhou's statistics pages define them (see `tenpai::logs::stats`).

use clap::Args;
use rayon::prelude::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use tenpai::logs::stats::{game_stats, PlayerStats};

/// Arguments of `tenpai stats`.
#[derive(Args, Debug, Clone)]
pub struct StatsArgs {
    /// Log files or directories, read recursively (each file once; one whose content
    /// is not a log is skipped and counted); `-` reads one log from standard input. A
    /// game stored twice (as .xml and .json: the same game id) is counted once.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
    /// Only this player.
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// One JSON object per player (JSON Lines).
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// A CSV table, one row per player.
    #[arg(long)]
    pub csv: bool,
    /// Follow links to directories met in a walk (each directory is still read once).
    #[arg(long)]
    pub follow_links: bool,
    /// No progress bar, even on a terminal.
    #[arg(long, short)]
    pub quiet: bool,
}

/// One file read: its game's id (when it has one) and its players' statistics.
type FileStats = (Option<String>, Vec<PlayerStats>);

/// The JSON object of one player (`PlayerStats::to_json`, which the Python package's
/// `tenpai.stats` gives too).
pub fn stats_json(p: &PlayerStats) -> Value {
    p.to_json()
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Run the command: exit 0, or 2 when some file could not be read (the others are
/// still counted), or when no game was read at all.
pub fn run(args: &StatsArgs) -> ExitCode {
    let found = crate::replay::find_logs(&args.paths, args.follow_links);
    let links = crate::replay::links_note(&found);
    let (files, mut errors) = (found.files, found.errors);
    // Progress on a terminal (files done, rate, time left), over more than one file.
    let bar = crate::progress::files("stats", files.len(), args.quiet || files.len() < 2);
    // A file met in a directory walk whose content is not a log is skipped (`Ok(None)`).
    // At most `FILES_AT_ONCE` logs are read at once (memory independent of the cores);
    // each file's statistics are small.
    let read_one = |(p, named): &(PathBuf, bool)| {
        let shown = p.display().to_string();
        let r = tenpai::logs::read_log_bytes(p)
            .map_err(|e| e.to_string())
            .and_then(|bytes| {
                if !named && !tenpai::logs::is_log_content(&bytes) {
                    return Ok(None);
                }
                tenpai::logs::parse_log(&bytes)
                    .map(|g| Some((g.id_or_file_name(p), game_stats(&g))))
                    .map_err(|e| e.with_file(&shown).to_string())
            });
        bar.inc(1);
        r
    };
    let results: Vec<Result<Option<FileStats>, String>> = files
        .chunks(crate::replay::FILES_AT_ONCE)
        .flat_map(|group| group.par_iter().map(read_one).collect::<Vec<_>>())
        .collect();
    bar.finish_and_clear();
    let mut by_player: BTreeMap<String, PlayerStats> = BTreeMap::new();
    let (mut games, mut skipped, mut merged) = (0usize, 0usize, 0usize);
    let mut ids = std::collections::HashSet::new();
    for r in results {
        match r {
            Ok(None) => skipped += 1,
            Ok(Some((id, seats))) => {
                // The same game met again (another format or copy): counted once,
                // the first in path order.
                if id.is_some_and(|id| !ids.insert(id)) {
                    merged += 1;
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
    let files_note = format!(
        "{}{}{links}",
        match skipped {
            0 => String::new(),
            1 => ", 1 file skipped (not a log)".to_string(),
            n => format!(", {n} files skipped (not logs)"),
        },
        match merged {
            0 => String::new(),
            1 => ", 1 game stored twice counted once (same game id)".to_string(),
            n => format!(", {n} games stored twice counted once (same game id)"),
        },
    );
    if let Some(name) = &args.player {
        by_player.retain(|k, _| k == name);
        if by_player.is_empty() {
            errors.push(format!("no game of player {name:?} was read"));
        }
    }
    // Most rounds first, then by name.
    let mut players: Vec<&PlayerStats> = by_player.values().collect();
    players.sort_by(|a, b| {
        b.rounds
            .cmp(&a.rounds)
            .then_with(|| a.player.cmp(&b.player))
    });

    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        for p in &players {
            let _ = writeln!(out, "{}", stats_json(p));
        }
    } else if args.csv {
        let _ = writeln!(out, "player,games,complete_games,rounds,wins,deal_ins,win_rate,deal_in_rate,tsumo_rate,riichi_rate,call_rate,average_win,average_deal_in,first,second,third,fourth,average_placement,average_final_score,tenpai_at_draw_rate,yaku");
        for p in &players {
            let yaku: Vec<String> = p
                .yaku_ranked()
                .iter()
                .map(|(n, c)| format!("{n}:{c}"))
                .collect();
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.4},{:.0},{:.0},{},{},{},{},{:.3},{:.0},{:.4},{}",
                csv_field(&p.player),
                p.games,
                p.complete_games,
                p.rounds,
                p.wins,
                p.deal_ins,
                p.win_rate(),
                p.deal_in_rate(),
                p.tsumo_rate(),
                p.riichi_rate(),
                p.call_rate(),
                p.average_win(),
                p.average_deal_in(),
                p.placements[0],
                p.placements[1],
                p.placements[2],
                p.placements[3],
                p.average_placement(),
                p.average_final_score(),
                p.tenpai_at_draw_rate(),
                csv_field(&yaku.join(" ")),
            );
        }
    } else {
        let _ = out.write_all(table(&players).as_bytes());
        let _ = writeln!(
            out,
            "games: {games}, players: {}{files_note}",
            players.len()
        );
    }
    let _ = out.flush();
    drop(out);
    for e in &errors {
        eprintln!("tenpai: {e}");
    }
    // JSON and CSV keep standard output for the data: the counts go to stderr.
    if (args.json || args.csv) && !files_note.is_empty() {
        eprintln!("tenpai: games: {games}{files_note}");
    }
    if errors.is_empty() && games > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

/// The text report: one row per player, columns aligned (names of any script by their
/// width on a terminal), numbers right-aligned, the most frequent yaku last.
pub fn table(players: &[&PlayerStats]) -> String {
    const HEAD: [&str; 15] = [
        "player",
        "games",
        "rounds",
        "win",
        "tsumo",
        "deal-in",
        "riichi",
        "call",
        "avg win",
        "avg deal-in",
        "placements",
        "avg place",
        "final score",
        "tenpai at draw",
        "top yaku",
    ];
    let rows: Vec<Vec<String>> = players
        .iter()
        .map(|p| {
            let top: Vec<String> = p
                .yaku_ranked()
                .iter()
                .take(5)
                .map(|(n, c)| format!("{n} {c}"))
                .collect();
            vec![
                p.player.clone(),
                p.games.to_string(),
                p.rounds.to_string(),
                pct(p.win_rate()),
                pct(p.tsumo_rate()),
                pct(p.deal_in_rate()),
                pct(p.riichi_rate()),
                pct(p.call_rate()),
                format!("{:.0}", p.average_win()),
                format!("{:.0}", p.average_deal_in()),
                format!(
                    "{}/{}/{}/{}",
                    p.placements[0], p.placements[1], p.placements[2], p.placements[3]
                ),
                format!("{:.2}", p.average_placement()),
                format!("{:.0}", p.average_final_score()),
                pct(p.tenpai_at_draw_rate()),
                if top.is_empty() {
                    "-".to_string()
                } else {
                    top.join(", ")
                },
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..HEAD.len())
        .map(|i| {
            rows.iter()
                .map(|r| crate::style::width(&r[i]))
                .chain([HEAD[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let last = HEAD.len() - 1;
    let line = |cells: &[String]| {
        let mut l = String::new();
        for (i, c) in cells.iter().enumerate() {
            if i > 0 {
                l.push_str("  ");
            }
            if i == last {
                l.push_str(c);
            } else if i == 0 || i == 10 {
                l.push_str(&crate::style::pad(c, widths[i]));
            } else {
                l.push_str(&crate::style::pad_left(c, widths[i]));
            }
        }
        l.truncate(l.trim_end().len());
        l.push('\n');
        l
    };
    let mut out = line(&HEAD.map(String::from));
    for r in &rows {
        out.push_str(&line(r));
    }
    out
}
