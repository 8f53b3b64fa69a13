//! `tenpai review`: JSON lines with the contract fields, the text summary, seat and
//! player selection, errors.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn review_of_the_fixture() {
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/logs/good.mjlog");
    let good = good.to_str().unwrap();
    // Seat 0 (the dealer) holds ids 60..=72 (7777 8888 9999p 1s), draws id 100 (8s)
    // and discards it, then does the same with 104 (9s).
    let (code, out, err) = run(&["review", good, "--seat", "0", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for v in &lines {
        for key in [
            "turn",
            "hand",
            "discard",
            "best",
            "shanten",
            "best_shanten",
            "ukeire",
            "best_ukeire",
            "win",
            "best_win",
            "ev",
            "best_ev",
            "draws_left",
            "forced",
        ] {
            assert!(v.get(key).is_some(), "{key} missing in {v}");
        }
        assert!(v["win"].is_null() && v["ev"].is_null());
    }
    assert_eq!(lines[0]["turn"], 1);
    assert_eq!(lines[0]["hand"], "777788889999p18s");
    assert_eq!(lines[0]["discard"], "8s");
    assert_eq!(lines[1]["discard"], "9s");
    assert_eq!(lines[0]["draws_left"], 69);
    assert_eq!(lines[1]["turn"], 2);

    let (code, out, _) = run(&["review", good, "--seat", "1"]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with(
            "review of seat 1 (seat 1): 0 of 1 discards lost tile efficiency, worst first\n"
        ),
        "{out}"
    );
    assert!(out.contains("discards: 1, forced: 0, agreement"), "{out}");

    let (code, _, err) = run(&["review", good, "--player", "nobody"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no player \"nobody\""), "{err}");
    let (code, _, err) = run(&["review", good, "--seat", "5"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("seat 5"), "{err}");
}

fn data(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tenpai/tests/data")
        .join(path)
        .to_str()
        .unwrap()
        .to_string()
}

/// The rows of the text table: its cells split on two spaces or more.
fn rows(out: &str) -> Vec<Vec<String>> {
    out.lines()
        .skip(2)
        .take_while(|l| !l.starts_with("discards: "))
        .map(|l| {
            l.split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(String::from)
                .collect()
        })
        .collect()
}

/// Two rounds named E1 (honba 0 and 1) are told apart in the text as in the JSON; a
/// loss is never negative and is said in words; the discard on the player's last draw
/// is no mistake.
#[test]
fn review_text_names_rounds_with_their_honba_and_losses_in_words() {
    let log = data("review/two_e1_rounds.mjlog");
    let (code, out, err) = run(&["review", &log]);
    assert_eq!(code, Some(0), "{err}");
    let (_, json, _) = run(&["review", &log, "--json"]);
    let turns: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let honba: std::collections::BTreeSet<(String, u64)> = turns
        .iter()
        .map(|t| {
            (
                t["round"].as_str().unwrap().to_string(),
                t["honba"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(honba.len(), 2, "{honba:?}");
    assert!(honba.iter().all(|(r, _)| r == "E1"));
    assert_eq!(
        out.lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>(),
        ["round", "turn", "left", "hand", "discard", "best", "lost"],
        "{out}"
    );
    let rows = rows(&out);
    assert_eq!(
        rows,
        [
            [
                "E1-0",
                "1",
                "69",
                "123456789m11p23s5z",
                "1p",
                "5z",
                "1-shanten instead of tenpai"
            ],
            [
                "E1-0",
                "2",
                "65",
                "1233456789m1p23s5z",
                "3m",
                "1p",
                "5 fewer useful tiles (13 instead of 18)"
            ],
        ],
        "{out}"
    );
    // The last draw of E1-1: 1p instead of 5z again, with no draw left after it.
    let last = turns.last().unwrap();
    assert_eq!(
        (
            last["honba"].as_u64(),
            last["discard"].as_str(),
            last["best"].as_str()
        ),
        (Some(1), Some("1p"), Some("5z"))
    );
    assert_eq!(
        (last["own_draws"].as_u64(), last["agree"].as_bool()),
        (Some(0), Some(false))
    );
    assert_eq!(
        (last["shanten_loss"].as_i64(), last["ukeire_loss"].as_i64()),
        (Some(0), Some(0))
    );
    assert!(!out.contains("E1-1"), "{out}");
    assert!(
        out.contains("1 other discard on a last draw not counted"),
        "{out}"
    );
    // Never a negative loss, anywhere.
    for t in &turns {
        assert!(
            t["shanten_loss"].as_i64().unwrap() >= 0 && t["ukeire_loss"].as_i64().unwrap() >= 0,
            "{t}"
        );
    }
    let first = &turns[0];
    assert_eq!(
        (
            first["shanten_loss"].as_i64(),
            first["ukeire_loss"].as_i64()
        ),
        (Some(1), Some(0))
    );
    assert!(
        first["ukeire"].as_u64() > first["best_ukeire"].as_u64(),
        "{first}"
    );
    assert!(
        out.contains("lost: 1 step from tenpai, 5 useful tiles"),
        "{out}"
    );
}

/// `--advise` adds the win chance and expected value columns to the text (it used to
/// print the same bytes as without), with the JSON's values.
#[test]
fn review_advise_shows_win_and_ev_in_text() {
    let log = data("review/two_e1_rounds.mjlog");
    let (_, plain, _) = run(&["review", &log]);
    let (code, out, err) = run(&["review", &log, "--advise"]);
    assert_eq!(code, Some(0), "{err}");
    assert_ne!(out, plain);
    assert_eq!(
        out.lines()
            .nth(1)
            .unwrap()
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect::<Vec<_>>(),
        [
            "round", "turn", "left", "hand", "discard", "best", "win", "best win", "ev", "best ev",
            "lost"
        ],
        "{out}"
    );
    let (_, json, _) = run(&["review", &log, "--advise", "--json"]);
    let first: Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let row = &rows(&out)[0];
    let pct = |v: &Value| format!("{:.1}%", 100.0 * v.as_f64().unwrap());
    let pts = |v: &Value| format!("{:.0}", v.as_f64().unwrap());
    assert_eq!(row[6], pct(&first["win"]));
    assert_eq!(row[7], pct(&first["best_win"]));
    assert_eq!(row[8], pts(&first["ev"]));
    assert_eq!(row[9], pts(&first["best_ev"]));
    // The best efficiency discard keeps tenpai: it wins more often.
    assert!(
        first["best_win"].as_f64() > first["win"].as_f64(),
        "{first}"
    );
}

/// `--unicode` prints the tiles as glyphs (it used to be ignored); `--color always`
/// paints the loss and red fives, `never` (and NO_COLOR) does not.
#[test]
fn review_unicode_and_color() {
    let log = data("review/two_e1_rounds.mjlog");
    let (code, out, err) = run(&["review", &log, "--unicode"]);
    assert_eq!(code, Some(0), "{err}");
    let row = &rows(&out)[0];
    assert_eq!(row[3], "🀇🀈🀉🀊🀋🀌🀍🀎🀏🀙🀙🀑🀒🀆", "{out}");
    assert_eq!((row[4].as_str(), row[5].as_str()), ("🀙", "🀆"));
    let (_, always, _) = run(&["review", &log, "--color", "always"]);
    assert!(
        always.contains("\u{1b}[31m1-shanten instead of tenpai\u{1b}[0m"),
        "{always:?}"
    );
    let (_, never, _) = run(&["review", &log, "--color", "never"]);
    assert!(!never.contains('\u{1b}'));
    let sanma = data("sanma/double_nukidora.json");
    let (_, red, _) = run(&["review", &sanma, "--player", "TiccyWu", "--color", "always"]);
    assert!(red.contains("\u{1b}[1m\u{1b}[31m0\u{1b}[0m"), "{red:?}");
}

/// On a terminal, `--advise` shows how far it has gone after each round (on stderr),
/// then clears the line; run under a pseudo-terminal (`script`, util-linux).
#[cfg(unix)]
#[test]
fn review_advise_progress_on_a_terminal() {
    let log = data("review/two_e1_rounds.mjlog");
    let cmd = format!("{} review {log} --advise", env!("CARGO_BIN_EXE_tenpai"));
    let out = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .env("NO_COLOR", "1")
        .output()
        .expect("script (util-linux) runs a command on a pseudo-terminal");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("\rreview: round E1-0 done (1 of 2), 2 discards"),
        "{text:?}"
    );
    assert!(
        text.contains("\rreview: round E1-1 done (2 of 2), 20 discards"),
        "{text:?}"
    );
    assert!(text.contains("review of Ann (seat 0)"), "{text:?}");
    // NO_COLOR: no colour on the terminal.
    assert!(!text.contains('\u{1b}'), "{text:?}");
    // Not a terminal: no progress at all.
    let (_, _, err) = run(&["review", &log, "--advise"]);
    assert_eq!(err, "");
}
