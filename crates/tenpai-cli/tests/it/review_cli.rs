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
        out.starts_with("review of seat 1 (seat 1): mistakes by loss\n"),
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
