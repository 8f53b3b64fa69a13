//! `tenpai advise`: the JSON contract, the text table, batch mode, errors and limits,
//! and the advice block of the summary.

use crate::run::{show, tenpai};
use std::process::Output;

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).expect("one JSON answer")
}

#[test]
fn text_table() {
    let out = tenpai(&["advise", "123m456p789s11223z", "--draws", "6"], None);
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!(show(&out));
}

#[test]
fn json_contract() {
    let out = tenpai(
        &[
            "advise",
            "123m406p789s11223z",
            "--draws",
            "5",
            "--changes",
            "0",
            "--json",
            "--dora",
            "1z",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    let v = json(&out);
    assert_eq!(v["hand"], "123m406p789s11223z");
    assert_eq!(v["shanten"], 0);
    assert_eq!(v["draws"], 5);
    assert_eq!(v["changes"], 0);
    let d = v["discards"].as_array().unwrap();
    // Every distinct tile, the red five apart from nothing else here: 11 kinds... one row each.
    assert_eq!(d.len(), 12);
    for row in d {
        for key in [
            "discard",
            "shanten",
            "ukeire_count",
            "tenpai",
            "win",
            "ev",
            "per_draw",
        ] {
            assert!(!row[key].is_null(), "{key} in {row}");
        }
        for key in ["tenpai", "win", "ev"] {
            let curve = row["per_draw"][key].as_array().unwrap();
            assert_eq!(curve.len(), 5);
            assert_eq!(
                curve[4], row[key],
                "the last point is the value with N draws"
            );
        }
    }
    // Sorted by ev by default; the tenpai discard 3z first, the red five kept.
    assert_eq!(d[0]["discard"], "3z");
    assert!(d
        .windows(2)
        .all(|w| w[0]["ev"].as_f64() >= w[1]["ev"].as_f64()));
    assert!(d.iter().any(|r| r["discard"] == "0p"));
    // --sort win orders by win.
    let out = tenpai(
        &[
            "advise",
            "123m406p789s11223z",
            "--draws",
            "5",
            "--sort",
            "win",
            "--json",
        ],
        None,
    );
    let v = json(&out);
    let d = v["discards"].as_array().unwrap();
    assert!(d
        .windows(2)
        .all(|w| w[0]["win"].as_f64() >= w[1]["win"].as_f64()));
}

#[test]
fn thirteen_tiles_answer_their_value() {
    let out = tenpai(
        &[
            "advise",
            "123m456p789s1122z",
            "--draws",
            "3",
            "--changes",
            "0",
            "--json",
        ],
        None,
    );
    let v = json(&out);
    assert_eq!(v["discards"], serde_json::json!([]));
    let q: f64 = 4.0 / 123.0;
    let win = v["value"]["win"].as_f64().unwrap();
    assert!((win - (1.0 - (1.0 - q).powi(3))).abs() < 1e-12, "{win}");
    let out = tenpai(&["advise", "123m456p789s1122z", "--draws", "3"], None);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn batch_continues_after_errors() {
    let input = "123m456p789s11223z\nnot a hand\n123m456p789s11223z4z\n123m456p789s1122z\n";
    let out = tenpai(&["advise", "-", "--json", "--draws", "3"], Some(input));
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["discards"].as_array().unwrap().len(), 12);
    assert!(lines[1]["error"]
        .as_str()
        .unwrap()
        .contains("unexpected character"));
    assert!(
        lines[2]["error"].as_str().unwrap().contains("tiles"),
        "{}",
        lines[2]
    );
    assert!(lines[3]["value"]["win"].is_f64());
    let out = tenpai(&["advise", "-", "--draws", "3"], Some(input));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 4);
}

#[test]
fn errors_and_limits() {
    // A bad hand: caret and exit 2.
    let out = tenpai(&["advise", "123m456p78s110z"], None);
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!("bad_hand", show(&out));
    for (args, says) in [
        (
            vec!["advise", "123m456p789s11223z", "--draws", "31"],
            "limit of 30 draws",
        ),
        (
            vec!["advise", "123m456p789s11223z", "--changes", "3"],
            "limit of 2 changes",
        ),
        (
            vec!["advise", "123m456p789s11223z", "--visible", "3333z"],
            "four copies of 3z",
        ),
        (
            vec!["advise", "123m456p789s11223z", "--visible", "1x"],
            "--visible",
        ),
        (
            vec!["advise", "123m456p789s11223z", "--riichi", "sometimes"],
            "--riichi",
        ),
        (
            vec!["advise", "123m456p789s11223z", "--sort", "luck"],
            "--sort",
        ),
        (
            vec!["advise", "123m456p789s11223z", "--rules", "house"],
            "--rules",
        ),
        (
            vec!["advise", "123m456p789s11223z", "--seat", "X"],
            "--seat",
        ),
        (vec!["advise", "123m456p789s11223z", "--draws=-1"], "draws"),
        (
            vec!["advise", "123m456p789s11223z", "--draws", "many"],
            "draws",
        ),
    ] {
        let out = tenpai(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn summary_shows_advice_up_to_three_shanten() {
    let out = tenpai(&["123m456p789s11223z"], None);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("advice    17 draws, 1 change(s)"), "{text}");
    assert!(text.contains("discard   shanten ukeire  tenpai    win      ev"));
    let out = tenpai(&["123m456p789s11223z", "--json"], None);
    let v = json(&out);
    assert_eq!(v["advice"]["discards"][0]["discard"], "3z");
    // 3-shanten: the advice of `tenpai advise` (its defaults).
    let out = tenpai(&["12346m4589p1378s1z", "--json"], None);
    let v = json(&out);
    let direct = json(&tenpai(&["advise", "12346m4589p1378s1z", "--json"], None));
    assert_eq!(v["advice"], direct);
    // 4-shanten: no advice block; 13 tiles: none either.
    for hand in ["1357m2468p1359s1z5z", "123m456p789s1122z"] {
        let out = tenpai(&[hand, "--json"], None);
        assert!(json(&out)["advice"].is_null(), "{hand}");
    }
}

/// `--offer`: the short text table of the options, best first.
#[test]
fn offer_text_table() {
    let out = tenpai(
        &[
            "advise",
            "123m456p789s1122z",
            "--offer",
            "1z",
            "--draws",
            "6",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    insta::assert_snapshot!(show(&out));
}

/// `--offer --json`: the contract of the issue, and the pass option equal to
/// `tenpai advise HAND` with the same flags.
#[test]
fn offer_json_contract() {
    let flags = ["--draws", "4", "--changes", "0", "--dora", "3z"];
    let mut args = vec![
        "advise",
        "234m66p678s689s77z",
        "--offer",
        "7z",
        "--from",
        "across",
        "--json",
    ];
    args.extend(flags);
    let out = tenpai(&args, None);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    let v = json(&out);
    assert_eq!(v["hand"], "234m66p667889s77z");
    assert_eq!(v["offer"], "7z");
    assert_eq!(v["from"], "across");
    let options = v["options"].as_array().unwrap();
    let names: Vec<&str> = options
        .iter()
        .map(|o| o["option"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, ["pass", "pon"]);
    for o in options {
        for key in ["option", "tenpai", "win", "ev"] {
            assert!(!o[key].is_null(), "{key} in {o}");
        }
    }
    let pon = options.iter().find(|o| o["option"] == "pon").unwrap();
    assert_eq!(pon["call"], "(777z)");
    assert!(pon["discard"].is_string());
    assert!(
        !pon["discards"].as_array().unwrap().is_empty(),
        "the called hand's table"
    );
    // Ranked by ev; best names the first.
    assert!(options[0]["ev"].as_f64() >= options[1]["ev"].as_f64());
    let best = options[0]["option"].as_str().unwrap();
    assert!(v["best"].as_str().unwrap().starts_with(best));
    // Pass: exactly `tenpai advise HAND` with the same flags.
    let mut plain = vec!["advise", "234m66p678s689s77z", "--json"];
    plain.extend(flags);
    let p = json(&tenpai(&plain, None));
    let pass = options.iter().find(|o| o["option"] == "pass").unwrap();
    for key in ["tenpai", "win", "ev"] {
        assert_eq!(pass[key], p["value"][key], "{key}");
    }
    // Ron carries its points.
    let out = tenpai(
        &[
            "advise",
            "123m456p789s1122z",
            "--offer",
            "1z",
            "--draws",
            "2",
            "--json",
        ],
        None,
    );
    let v = json(&out);
    let ron = &v["options"][0];
    assert_eq!(
        (ron["option"].as_str(), ron["points"].as_u64()),
        (Some("ron"), Some(7700))
    );
    assert_eq!(v["best"], "ron");
}

/// Riichi or dama on the tenpai rows of a closed hand: JSON fields and a text column.
#[test]
fn riichi_or_dama_rows() {
    let out = tenpai(
        &["advise", "123m456m789s13p9p11z", "--draws", "4", "--json"],
        None,
    );
    let v = json(&out);
    for row in v["discards"].as_array().unwrap() {
        let tenpai_row = row["shanten"] == 0;
        assert_eq!(row["declare"].is_boolean(), tenpai_row, "{row}");
        if tenpai_row {
            for key in ["tenpai", "win", "ev"] {
                assert!(row["riichi"][key].is_number() && row["dama"][key].is_number());
            }
        }
    }
    let out = tenpai(&["advise", "123m456m789s13p9p11z", "--draws", "4"], None);
    assert!(show(&out).contains("riichi 3"), "{}", show(&out));
}

/// Bad input with `--offer`: clear errors, exit 2, nothing on stdout.
#[test]
fn offer_errors() {
    for (args, says) in [
        (
            vec!["advise", "1111m234p567s889s", "--offer", "1m"],
            "one copy too many",
        ),
        (
            vec![
                "advise",
                "234m66p678s689s77z",
                "--offer",
                "7s",
                "--from",
                "across",
                "--call",
                "chi",
            ],
            "only from the player on the left",
        ),
        (
            vec!["advise", "234m66p678s689s777z", "--offer", "7z"],
            "3k+1",
        ),
        (
            vec![
                "advise",
                "678m67m123p456s11z",
                "--offer",
                "5m",
                "--call",
                "chi",
                "--discard",
                "8m",
            ],
            "kuikae",
        ),
        (
            vec!["advise", "678m67m123p456s11z", "--from", "right"],
            "--from goes with --offer",
        ),
        (
            vec![
                "advise",
                "678m67m123p456s11z",
                "--offer",
                "5m",
                "--from",
                "up",
            ],
            "--from",
        ),
        (
            vec!["advise", "678m67m123p456s11z", "--offer", "5m5m"],
            "not one tile",
        ),
        (
            vec![
                "advise",
                "678m67m123p456s11z",
                "--offer",
                "5m",
                "--call",
                "steal",
            ],
            "--call",
        ),
        (
            vec![
                "advise",
                "123m456p789s1122z",
                "--offer",
                "1z",
                "--furiten",
                "--call",
                "ron",
            ],
            "furiten",
        ),
    ] {
        let out = tenpai(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A closed kan is an extra row of the table and of the JSON (`kans`).
#[test]
fn closed_kan_rows() {
    let out = tenpai(&["advise", "1111m234p567s8899s", "--draws", "3"], None);
    assert!(show(&out).contains("kan 1111m"), "{}", show(&out));
    let v = json(&tenpai(
        &["advise", "1111m234p567s8899s", "--draws", "3", "--json"],
        None,
    ));
    let kans = v["kans"].as_array().unwrap();
    assert_eq!(kans.len(), 1);
    assert_eq!(kans[0]["call"], "[1111m]");
    assert_eq!(kans[0]["shanten"], 0);
}
