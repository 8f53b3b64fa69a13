//! `tenpai replay` on the damaged-log fixtures: each bad file is named on stderr with
//! its problem, the good one is still read and agrees, and the exit code says some
//! files were not read.

use std::path::Path;
use std::process::Command;

#[test]
fn bad_files_are_reported_and_good_ones_read() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/logs");
    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .arg("replay")
        .arg(&dir)
        .arg(dir.join("not_a_log.txt"))
        .arg(dir.join("not_tenhou6.json"))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        // In the walk, not_a_log.txt, not_tenhou6.json and other_xml.xml are skipped
        // (not logs by content, whatever their names); named on the command line, a
        // file must be a log (read once, though the walk met it too). Each log that
        // fails to read is an error.
        stdout.starts_with("files: 1 read, 9 not read, 1 skipped (not logs)\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("wins: 1\nagreements: 1, disagreements: 0"),
        "{stdout}"
    );
    for name in [
        "truncated_in_tag.xml: byte 371: truncated",
        "truncated_no_end.xml: byte 598: truncated",
        "truncated.mjlog.gz: gzip data is damaged or truncated",
        "truncated.json: line 1, column 116: truncated JSON",
        "bad_call.mjlog: byte 315: call code m=65535",
        "tile_not_in_hand.mjlog: byte 308: seat 0 has no 1m in hand",
        "not_a_log.txt: byte 0: not a game log",
        "not_tenhou6.json: not a game log",
        "empty.mjlog: empty file",
    ] {
        assert!(stderr.contains(name), "{name} not in {stderr}");
    }
    assert!(!stderr.contains("other_xml.xml"), "{stderr}");
    assert_eq!(stderr.matches("not_a_log.txt").count(), 1, "{stderr}");
    assert_eq!(out.status.code(), Some(2));

    // JSON: one line for the one win, agreeing; 3,000/1,000 for a non-dealer 3 han 30 fu tsumo.
    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["replay", "--json"])
        .arg(dir.join("good.mjlog"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{text}");
    let v = &lines[0];
    assert_eq!(v["type"], "win");
    assert_eq!(v["round"], "E1");
    assert_eq!(v["winner"], 1);
    assert_eq!(v["tsumo"], true);
    assert_eq!(v["hand"], "123456789m12355p");
    assert_eq!(v["computed"]["points"], 4000);
    assert_eq!(v["recorded"]["points"], 4000);
    assert_eq!(v["recorded"]["yaku"][1]["name"], "ittsu");
    assert_eq!(v["agree"], true);
    // Then the round's score track line and the game's: the dealer pays 2000, the
    // others 1000 each.
    let r = &lines[1];
    assert_eq!(r["type"], "round");
    assert_eq!(r["result"], "win");
    assert_eq!(r["deltas"], serde_json::json!([-2000, 4000, -1000, -1000]));
    assert_eq!(r["recorded_deltas"], r["deltas"]);
    assert_eq!(r["balanced"], true);
    let g = &lines[2];
    assert_eq!(g["type"], "game");
    assert_eq!(
        g["final_scores"],
        serde_json::json!([23000, 29000, 24000, 24000])
    );
    assert_eq!(g["recorded_final_scores"], g["final_scores"]);
    assert_eq!(g["balanced"], true);
}

/// A disagreement names its round with its honba (`E1-0`), as every text output does.
#[test]
fn a_disagreement_names_its_round_with_its_honba() {
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/logs/good.mjlog");
    let text = std::fs::read_to_string(good).unwrap();
    // The server's record says 8000 points where the hand is worth 4000.
    let wrong = text.replacen("ten=\"30,4000,0\"", "ten=\"30,8000,0\"", 1);
    assert_ne!(wrong, text);
    let dir = std::env::temp_dir().join(format!("tenpai-round-name-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.mjlog");
    std::fs::write(&file, wrong).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let first = stdout.lines().next().unwrap();
    assert!(
        first.ends_with("wrong.mjlog E1-0: seat 1 tsumo: 123456789m12355p  [points]"),
        "{stdout}"
    );
}
