//! `tenpai review`: JSON lines with the contract fields, the text summary, seat and
//! player selection, errors.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

pub(crate) fn run(args: &[&str]) -> (Option<i32>, String, String) {
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

pub(crate) fn data(path: &str) -> String {
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
    // The engine's best by expected points is `tenpai advise`'s first discard for the
    // same position (the dealer's first discard: 17 own draws, the dora indicator 1z,
    // East round, East seat, nothing else seen), with its values.
    let (_, advice, _) = run(&[
        "advise",
        "123456789m11p23s5z",
        "--draws",
        "17",
        "--dora",
        "1z",
        "--round",
        "E",
        "--seat",
        "E",
        "--json",
    ]);
    let advice: Value = serde_json::from_str(&advice).unwrap();
    let top = &advice["discards"][0];
    assert_eq!(first["hand"], "123456789m11p23s5z");
    assert_eq!(first["visible"], "1z");
    assert_eq!(first["ev_best"], top["discard"]);
    assert_eq!(first["ev_best_ev"], top["ev"]);
    assert_eq!(first["ev_best_win"], top["win"]);
    let actual = advice["discards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["discard"] == first["discard"])
        .unwrap();
    assert_eq!(first["ev"], actual["ev"]);
    // A riichi decision (closed, left tenpai, not in riichi): the values without riichi
    // are `tenpai advise --riichi never`'s for the same position (E1-1's first discard:
    // the dealer again, 17 own draws, the dora indicator 1z, nothing else seen).
    let lines: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let d = lines.iter().find(|t| !t["dama_ev"].is_null()).unwrap();
    assert_eq!(
        (
            d["round"].as_str(),
            d["honba"].as_u64(),
            d["turn"].as_u64(),
            d["visible"].as_str()
        ),
        (Some("E1"), Some(1), Some(1), Some("1z"))
    );
    assert_eq!(
        (d["shanten"].as_i64(), d["riichi"].as_bool()),
        (Some(0), Some(false))
    );
    let (_, never, _) = run(&[
        "advise",
        d["hand"].as_str().unwrap(),
        "--draws",
        "17",
        "--dora",
        "1z",
        "--round",
        "E",
        "--seat",
        "E",
        "--riichi",
        "never",
        "--json",
    ]);
    let never: Value = serde_json::from_str(&never).unwrap();
    let same = never["discards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["discard"] == d["discard"])
        .unwrap();
    assert_eq!((&d["dama_ev"], &d["dama_win"]), (&same["ev"], &same["win"]));
    let (ev, dama) = (d["ev"].as_f64().unwrap(), d["dama_ev"].as_f64().unwrap());
    assert_eq!(
        d["riichi_loss"].as_f64(),
        Some((ev.max(dama) - dama).max(0.0))
    );
    // No decision where the hand is not left tenpai.
    for t in lines.iter().filter(|t| t["kind"] == "discard") {
        if t["shanten"] != 0 || t["forced"] == true {
            assert!(t["dama_ev"].is_null() && t["riichi_loss"].is_null(), "{t}");
        }
    }
    // Every turn: the best by expected points keeps the most, and the loss is the gap.
    for t in lines.iter().filter(|t| t["kind"] == "discard") {
        let Some(top) = t["ev_best_ev"].as_f64() else {
            assert!(t["ev_loss"].is_null(), "{t}");
            continue;
        };
        let (ev, best) = (t["ev"].as_f64().unwrap(), t["best_ev"].as_f64().unwrap());
        assert!(top >= ev && top >= best, "{t}");
        assert_eq!(t["ev_loss"].as_f64(), Some(top - ev), "{t}");
    }
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

/// On a terminal, `--advise` shows a progress bar advanced after each round (on
/// stderr), then clears it; `--quiet` shows none; run under a pseudo-terminal
/// (`script`, util-linux).
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
    // The last state drawn (indicatif draws at most 20 times a second, so the first
    // round may be drawn over before it shows).
    assert!(text.contains("review ["), "{text:?}");
    assert!(
        text.contains("/2 rounds") && text.contains(" done, ") && text.contains("discards"),
        "{text:?}"
    );
    assert!(text.contains("review of Ann (seat 0)"), "{text:?}");
    // NO_COLOR: no colour on the terminal (the bar moves the cursor, nothing more).
    assert!(
        !text.contains("\u{1b}[31m") && !text.contains("\u{1b}[1m"),
        "{text:?}"
    );
    let report = &text[text.find("review of Ann").unwrap()..];
    assert!(!report.contains('\u{1b}'), "{report:?}");
    // Not a terminal: no progress at all.
    let (_, _, err) = run(&["review", &log, "--advise"]);
    assert_eq!(err, "");
    // --quiet: none on a terminal either.
    let out = Command::new("script")
        .args(["-qec", &format!("{cmd} --quiet"), "/dev/null"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains("rounds,") && text.contains("review of Ann (seat 0)"),
        "{text:?}"
    );
}

/// The JSON embedded in a report page (`<script id="review-data">`).
fn report_data(page: &str) -> Value {
    let start = r#"<script id="review-data" type="application/json">"#;
    let a = page.find(start).expect("the report's data") + start.len();
    let b = a + page[a..].find("</script>").unwrap();
    serde_json::from_str(&page[a..b]).unwrap()
}

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tenpai-review-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `--html` writes one self-contained page (no address outside it, nothing loaded);
/// each turn in it is exactly the `--json` line plus the drawing fields; `--seat all`
/// reviews every player (their `--json` lines, seat after seat).
#[test]
fn review_html_is_self_contained_and_carries_the_json() {
    let log = data("review/two_e1_rounds.mjlog");
    let dir = temp_dir("html");
    let out = dir.join("report.html");
    let (code, printed, err) = run(&["review", &log, "--html", out.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        printed.starts_with(&format!(
            "wrote {}: review of Ann (seat 0), 2 rounds, 20 discards",
            out.display()
        )),
        "{printed}"
    );
    let page = std::fs::read_to_string(&out).unwrap();
    for outside in ["http:", "https:", "src=", "<link", "@import", "url("] {
        assert!(!page.contains(outside), "{outside} in the page");
    }
    let data = report_data(&page);
    let (_, json, _) = run(&["review", &log, "--json"]);
    let lines: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let turns = data["reviews"][0]["turns"].as_array().unwrap();
    assert_eq!(turns.len(), lines.len());
    for (t, l) in turns.iter().zip(&lines) {
        for (k, v) in l.as_object().unwrap() {
            assert_eq!(&t[k], v, "{k}");
        }
        // The drawing: the concealed tiles sorted, as many as the hand holds.
        let n = t["tiles"].as_array().unwrap().len();
        assert_eq!(n % 3, 2, "{t}");
        // The chances of every tile of the hand exactly where the line has the
        // discard's, and the discard's among them.
        assert_eq!(t["deal_in_tiles"].is_null(), t["deal_in"].is_null(), "{t}");
        if let Some(d) = t["deal_in"].as_f64() {
            // (The chances are by kind: a red five's is its five's.)
            let kind = t["discard"].as_str().unwrap().replace('0', "5");
            assert_eq!(t["deal_in_tiles"][kind.as_str()].as_f64(), Some(d));
        }
    }
    // The rounds and the score track: every round, each seat's change adds up.
    let rounds = data["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2);
    let mut scores: Vec<i64> = data["start_scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    for r in rounds {
        for (s, score) in scores.iter_mut().enumerate() {
            *score += r["deltas"][s].as_i64().unwrap();
            assert_eq!(*score, r["scores_after"][s].as_i64().unwrap());
        }
    }
    let summary = &data["reviews"][0]["summary"];
    let free = lines
        .iter()
        .filter(|l| !l["forced"].as_bool().unwrap())
        .count();
    let agree = lines
        .iter()
        .filter(|l| !l["forced"].as_bool().unwrap() && l["agree"].as_bool().unwrap())
        .count();
    assert_eq!(summary["agree"].as_u64(), Some(agree as u64));
    assert_eq!(summary["discards"].as_u64(), Some(lines.len() as u64));
    assert_eq!(
        summary["forced"].as_u64(),
        Some((lines.len() - free) as u64)
    );
    // The text's summary says the same.
    let (_, text, _) = run(&["review", &log]);
    assert!(
        text.contains(&format!(
            "agreement with the best efficiency discard: {agree} of {free}"
        )),
        "{text}"
    );

    // Every player: the page has four reviews, the JSON every seat's lines in turn.
    let all = dir.join("all.html");
    let (code, printed, err) = run(&[
        "review",
        &log,
        "--seat",
        "all",
        "--html",
        all.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(printed.contains("(seat 3)"), "{printed}");
    let data = report_data(&std::fs::read_to_string(&all).unwrap());
    let seats: Vec<u64> = data["reviews"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["seat"].as_u64().unwrap())
        .collect();
    assert_eq!(seats, [0, 1, 2, 3]);
    let (_, every, _) = run(&["review", &log, "--seat", "all", "--json"]);
    let mut one_by_one = String::new();
    for s in ["0", "1", "2", "3"] {
        one_by_one.push_str(&run(&["review", &log, "--seat", s, "--json"]).1);
    }
    assert_eq!(every, one_by_one);
    let (_, text, _) = run(&["review", &log, "--seat", "ALL"]);
    assert_eq!(text.matches("review of ").count(), 4, "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Bad input: a file that is not a log, a seat not in the game, an unknown player, an
/// output path that cannot be written (no such folder, a folder, a read-only folder):
/// exit 2 with a message naming the problem, and no file (not even a partial or a
/// temporary one) left behind.
#[test]
fn review_html_bad_input_leaves_no_file() {
    let dir = temp_dir("bad");
    let out = dir.join("r.html");
    let o = out.to_str().unwrap();
    let log = data("review/two_e1_rounds.mjlog");
    let not_a_log = data("logs/not_a_log.txt");
    for (args, words) in [
        (
            vec!["review", not_a_log.as_str(), "--html", o],
            vec!["not_a_log.txt"],
        ),
        (
            vec!["review", log.as_str(), "--seat", "4", "--html", o],
            vec!["seat 4 is not in this 4-player game"],
        ),
        (
            vec!["review", log.as_str(), "--seat", "-1", "--html", o],
            vec!["seat must be >= 0"],
        ),
        (
            vec!["review", log.as_str(), "--seat", "every", "--html", o],
            vec!["or all"],
        ),
        (
            vec!["review", log.as_str(), "--player", "Zed", "--html", o],
            vec!["no player \"Zed\""],
        ),
    ] {
        let (code, stdout, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(stdout, "");
        for w in words {
            assert!(err.contains(w), "{args:?}: {err}");
        }
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "{args:?}");
    }
    let missing = dir.join("no/such/folder/r.html");
    let (code, _, err) = run(&["review", &log, "--html", missing.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("cannot be written") && err.contains("no/such/folder/r.html"),
        "{err}"
    );
    let (code, _, err) = run(&["review", &log, "--html", dir.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("is a directory"), "{err}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let ro = dir.join("ro");
        std::fs::create_dir(&ro).unwrap();
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
        let target = ro.join("r.html");
        let (code, _, err) = run(&["review", &log, "--html", target.to_str().unwrap()]);
        // root may write anyway; anyone else is refused with nothing left behind.
        if code == Some(2) {
            assert!(err.contains("cannot be written"), "{err}");
            assert_eq!(std::fs::read_dir(&ro).unwrap().count(), 0);
        } else {
            assert!(target.is_file());
            let left: Vec<_> = std::fs::read_dir(&ro).unwrap().collect();
            assert_eq!(left.len(), 1, "only the report, no temporary file");
        }
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    assert_eq!(
        std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().file_name() != "ro")
            .count(),
        0
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `replay` and `stats` over many files show a progress bar (files done, rate, time
/// left) on a terminal only: none when piped, none with `--quiet`.
#[cfg(unix)]
#[test]
fn replay_and_stats_progress_only_on_a_terminal() {
    let dir = data("logs");
    for command in ["replay", "stats"] {
        let cmd = format!("{} {command} {dir}", env!("CARGO_BIN_EXE_tenpai"));
        let tty = |extra: &str| {
            let out = Command::new("script")
                .args(["-qec", &format!("{cmd}{extra}"), "/dev/null"])
                .env("NO_COLOR", "1")
                .output()
                .expect("script (util-linux) runs a command on a pseudo-terminal");
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        let text = tty("");
        assert!(
            text.contains(&format!("{command} [")) && text.contains(" files, "),
            "{command}: {text:?}"
        );
        assert!(text.contains("left"), "{text:?}");
        let quiet = tty(" --quiet");
        assert!(
            !quiet.contains(&format!("{command} [")),
            "{command}: {quiet:?}"
        );
        let (_, _, err) = run(&[command, &dir]);
        assert!(!err.contains(&format!("{command} [")), "{command}: {err:?}");
        assert!(!err.contains('\r'), "{command}: {err:?}");
    }
}

/// The report carries the defence model's chance of every tile of the hand on the turns
/// made while a riichi stood (a three-player fixture with riichi): the discard's equals
/// the review line's `deal_in`, every kind of the hand is there, each in [0, 1].
#[test]
fn review_html_carries_the_deal_in_chances_of_every_tile() {
    let log = data("sanma/chankan.json");
    let dir = temp_dir("html-deal-in");
    let out = dir.join("report.html");
    let (code, _, err) = run(&[
        "review",
        &log,
        "--seat",
        "0",
        "--html",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let page = std::fs::read_to_string(&out).unwrap();
    let data = report_data(&page);
    let turns = data["reviews"][0]["turns"].as_array().unwrap();
    let mut seen = 0;
    for t in turns {
        let Some(d) = t["deal_in"].as_f64() else {
            assert!(t["deal_in_tiles"].is_null(), "{t}");
            continue;
        };
        seen += 1;
        let tiles = t["deal_in_tiles"].as_object().unwrap();
        let kind = t["discard"].as_str().unwrap().replace('0', "5");
        assert_eq!(tiles[kind.as_str()].as_f64(), Some(d), "{t}");
        for held in t["tiles"].as_array().unwrap() {
            let k = held.as_str().unwrap().replace('0', "5");
            assert!(tiles.contains_key(k.as_str()), "{k} in {t}");
        }
        assert!(tiles
            .values()
            .all(|v| (0.0..=1.0).contains(&v.as_f64().unwrap())));
        let safest = t["safest_deal_in"].as_f64().unwrap();
        assert!(tiles
            .values()
            .all(|v| v.as_f64().unwrap() >= safest - 1e-15));
    }
    assert!(seen > 0, "no turn under riichi in the fixture");
    std::fs::remove_dir_all(&dir).ok();
}
