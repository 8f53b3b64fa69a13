//! `tenpai stats` on the one-win fixture: JSON, CSV and text, the `--player` filter,
//! and the exit code when a file cannot be read.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn good() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/logs/good.mjlog")
}

#[test]
fn stats_of_one_game() {
    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["stats", "--json"])
        .arg(good())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    // The log has no names: players are named by seat. Seat 1 won the only round by
    // tsumo (ittsu, menzen tsumo: 4000) and finished first (29000).
    let p = lines.iter().find(|v| v["player"] == "seat 1").unwrap();
    for key in [
        "games",
        "rounds",
        "win_rate",
        "deal_in_rate",
        "riichi_rate",
        "call_rate",
        "tsumo_rate",
        "average_win",
        "average_deal_in",
        "average_placement",
        "placements",
        "yaku",
    ] {
        assert!(p.get(key).is_some(), "{key} missing");
    }
    assert_eq!(
        (p["games"].as_u64(), p["rounds"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(p["win_rate"], 1.0);
    assert_eq!(p["tsumo_rate"], 1.0);
    assert_eq!(p["deal_in_rate"], 0.0);
    assert_eq!(p["average_win"], 4000.0);
    assert_eq!(p["placements"], serde_json::json!([1, 0, 0, 0]));
    assert_eq!(p["average_placement"], 1.0);
    assert_eq!(p["yaku"][0]["name"], "ittsu");
    let s0 = lines.iter().find(|v| v["player"] == "seat 0").unwrap();
    assert_eq!(s0["placements"], serde_json::json!([0, 0, 0, 1]));

    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["stats", "--csv", "--player", "seat 1"])
        .arg(good())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(rows[0].starts_with("player,games,complete_games,rounds,wins"));
    assert!(
        rows[1].starts_with("seat 1,1,1,1,1,0,1.0000,0.0000,1.0000"),
        "{}",
        rows[1]
    );

    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["stats", "--player", "nobody"])
        .arg(good())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("no game of player \"nobody\""));

    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .arg("stats")
        .arg(good())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let row: Vec<&str> = text
        .lines()
        .find(|l| l.starts_with("seat 1 "))
        .unwrap()
        .split_whitespace()
        .collect();
    // player (two words), games, rounds, win, tsumo.
    assert_eq!(
        row[..6],
        ["seat", "1", "1", "1", "100.0%", "100.0%"],
        "{text}"
    );
    assert!(text.ends_with("games: 1, players: 4\n"), "{text}");
}

/// The width of text on a terminal (CJK names take two columns a character).
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| if c as u32 >= 0x1100 { 2 } else { 1 })
        .sum()
}

/// `tenpai stats` text is a table: a header, one row per player, each column's cells
/// ending (numbers) or starting (names) at the same terminal column, names in
/// Japanese included.
#[test]
fn stats_text_is_an_aligned_table() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/sanma");
    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .arg("stats")
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("player "), "{text}");
    assert!(
        lines[0].contains("  win  ") && lines[0].contains("deal-in"),
        "{text}"
    );
    // (The folder's SOURCE.md is not a log: skipped, and counted.)
    assert_eq!(
        lines.last().unwrap(),
        &"games: 4, players: 6, 1 file skipped (not a log)"
    );
    let rows = &lines[1..lines.len() - 1];
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().any(|r| r.starts_with("しめじん")), "{text}");
    // Where each header word ends, every row has a cell ending (right-aligned
    // numbers): the header's "rounds", "win", "deal-in", "final score" columns.
    for head in [
        "games",
        "rounds",
        "win",
        "tsumo",
        "deal-in",
        "riichi",
        "call",
        "avg win",
        "avg place",
        "final score",
    ] {
        let at = lines[0]
            .find(&format!(" {head} "))
            .unwrap_or_else(|| panic!("{head}: {text}"))
            + 1;
        let end = width(&lines[0][..at]) + head.len();
        for r in rows {
            // The cell that ends at `end` (terminal columns): a non-space there and a
            // space right after.
            let cols: Vec<char> = r
                .chars()
                .flat_map(|c| {
                    if width(&c.to_string()) == 2 {
                        vec![c, ' ']
                    } else {
                        vec![c]
                    }
                })
                .collect();
            assert!(
                cols[end - 1] != ' ' && cols.get(end).is_none_or(|c| *c == ' '),
                "{head}: {r}\n{text}"
            );
        }
    }
}
