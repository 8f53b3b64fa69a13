//! `--players 3` on the hand commands and the sanma presets of `tenpai score`; `tenpai
//! replay` on the three-player fixtures.

use std::path::Path;
use std::process::Command;

fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

#[test]
fn efficiency_with_three_players() {
    // Four players: 2m and 3m improve the lone 1m; three: they are not in the game.
    let (four, _, _) = run(&["ukeire", "1m123456p123s155z"]);
    assert_eq!(
        four,
        "1m123456p123s155z: 1-shanten, ukeire 16 tiles: 1m(3) 2m(4) 3m(4) 1z(3) 5z(2)\n"
    );
    let (three, _, code) = run(&["ukeire", "1m123456p123s155z", "--players", "3"]);
    assert_eq!(
        three,
        "1m123456p123s155z: 1-shanten, ukeire 8 tiles: 1m(3) 1z(3) 5z(2)\n"
    );
    assert_eq!(code, Some(0));
    let (out, _, _) = run(&["shanten", "1111m9999m11p123s", "--players", "3", "--json"]);
    assert!(out.contains("\"shanten\":2,\"regular\":2"), "{out}");
    let (out, _, _) = run(&["shanten", "1111m9999m11p123s", "--json"]);
    assert!(out.contains("\"shanten\":1,\"regular\":1"), "{out}");
    let (out, _, _) = run(&["waits", "19m19p19s1234567z", "--players", "3"]);
    assert!(
        out.contains("waits 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"),
        "{out}"
    );
}

#[test]
fn mixed_rules_are_refused() {
    let (_, err, code) = run(&["shanten", "111m2m999m11p123s1z", "--players", "3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("2m is not in a three-player game"), "{err}");
    assert!(err.contains("(at column 5)"), "{err}");
    let (_, err, code) = run(&[
        "ukeire",
        "19m123456p1237s1z",
        "--players",
        "3",
        "--visible",
        "4m",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--visible: visible tile 4m"), "{err}");
    let (_, err, _) = run(&[
        "score",
        "11m456p789s555z",
        "(123p)",
        "--rules",
        "tenhou-sanma",
    ]);
    assert!(err.contains("sanma has no chi"), "{err}");
    let (_, err, _) = run(&[
        "score",
        "123p456p789s11s567s",
        "--riichi",
        "--nukidora",
        "1",
    ]);
    assert!(
        err.contains("Norths are extracted only in three-player games"),
        "{err}"
    );
    let (_, err, code) = run(&["123p456p789s11s567s", "--players", "3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("the summary is for four players"), "{err}");
}

#[test]
fn score_with_three_players() {
    // --players 3 picks the -sanma form of the preset; --kita is --nukidora.
    let (out, _, _) = run(&[
        "score",
        "123p456p789s11s567s",
        "--players",
        "3",
        "--tsumo",
        "--seat",
        "S",
        "--kita",
        "1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rules"], "tenhou-sanma");
    // 3 han 20 fu: 700/1300 with four players; tsumo loss: 1300 + 700.
    assert_eq!(v["points"], 2000);
    let (out, _, _) = run(&[
        "score",
        "123p456p789s11s567s",
        "--players",
        "3",
        "--rules",
        "majsoul",
        "--tsumo",
        "--seat",
        "S",
        "--kita",
        "1",
        "--sanma-tsumo",
        "split",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rules"], "majsoul-sanma");
    // North bisection: the North's 700 split, 1300 + 350 -> 1700, 700 + 350 -> 1100.
    assert_eq!(
        v["payments"],
        serde_json::json!({"dealer": 1700, "non_dealer": 1100})
    );
}

#[test]
fn replay_three_player_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/sanma");
    let (out, _, _) = run(&["replay", dir.to_str().unwrap()]);
    assert!(
        out.contains("games: 4, rounds: 20, wins: 16\nagreements: 16, disagreements: 0\n"),
        "{out}"
    );
    assert!(
        out.contains("score track: rounds balanced 19 of 20, games balanced 3 of 4"),
        "{out}"
    );
}
