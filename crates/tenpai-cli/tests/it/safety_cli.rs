//! `tenpai safety`: the JSON contract, the text table, several opponents through a JSON
//! request, batches and errors.

use crate::run::{show, tenpai};

fn json(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).expect("one JSON answer")
}

#[test]
fn json_contract() {
    let out = tenpai(
        &[
            "safety",
            "123m406p789s1122z5z",
            "--river",
            "5z19m3p",
            "--riichi-at",
            "2",
            "--after",
            "7s",
            "--visible",
            "1z",
            "--dora",
            "4m",
            "--json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    let v = json(&out);
    assert_eq!(v["hand"], "123m406p789s11225z");
    let tiles = v["tiles"].as_array().unwrap();
    // One row per distinct tile of the hand: 12 kinds, the red 5p its own.
    assert_eq!(tiles.len(), 12);
    let mut last = 0.0;
    for t in tiles {
        let p = t["deal_in"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p) && p >= last, "safest first: {t}");
        last = p;
        assert!(t["labels"].is_array() && t["per_opponent"].as_array().unwrap().len() == 1);
        assert!(t.get("expected_loss").is_some());
    }
    let row = |tile: &str| tiles.iter().find(|t| t["tile"] == tile).unwrap().clone();
    assert_eq!(row("1m")["deal_in"], 0.0);
    assert_eq!(row("7s")["deal_in"], 0.0, "passed after the riichi");
    assert!(row("0p")["labels"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l == "dora"));
    assert!(row("5z")["labels"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l == "genbutsu"));
}

#[test]
fn text_table_and_batch() {
    let out = tenpai(
        &["safety", "123m456p789s1122z5z", "--river", "5z19m3p"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("riichi river 5z19m3p"), "{text}");
    assert!(text.lines().nth(2).unwrap().contains("genbutsu"), "{text}");
    // Several opponents through a JSON request, JSON Lines out.
    let input = r#"{"hand": "123m456p789s1122z5z", "opponents": [{"river": "5z19m"}, {"river": "3p", "calls": "[7777z]"}]}
123m456p789s1122z5z"#;
    let out = tenpai(&["safety", "-", "--river", "1z", "--json"], Some(input));
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for t in lines[0]["tiles"].as_array().unwrap() {
        let per = t["per_opponent"].as_array().unwrap();
        assert_eq!(per.len(), 2);
        let (a, b) = (
            per[0]["deal_in"].as_f64().unwrap(),
            per[1]["deal_in"].as_f64().unwrap(),
        );
        let all = t["deal_in"].as_f64().unwrap();
        assert!((all - (1.0 - (1.0 - a) * (1.0 - b))).abs() < 1e-12);
    }
}

#[test]
fn errors_name_the_problem() {
    let out = tenpai(&["safety", "1m", "--river", "11111m"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fifth copy of 1m"));
    let out = tenpai(
        &["safety", "1m", "--river", "19m", "--riichi-at", "5"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("riichi index 5 is past the river"));
    let out = tenpai(
        &["safety", "1555m", "--river", "1z", "--visible", "55m"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("5 copies of 5m"));
}

/// The expected loss: a number for every tile (0 for a genbutsu), larger against the
/// dealer (`--seat E`: about 1.5 times the non-dealer's, 2900 for 2000, 11600 for
/// 7700; the same chance); `--round`, `--rules` read, a bad one named.
#[test]
fn expected_loss_and_the_seat() {
    let args = |extra: &[&str]| {
        let mut a = vec![
            "safety",
            "23467m3055p1788s3z",
            "--river",
            "19m4z7p2s6z3m8p",
            "--after",
            "5z",
            "--dora",
            "4p",
            "--json",
        ];
        a.extend_from_slice(extra);
        let out = tenpai(&a, None);
        assert_eq!(out.status.code(), Some(0), "{}", show(&out));
        json(&out)["tiles"].as_array().unwrap().clone()
    };
    let loss = |rows: &[serde_json::Value], tile: &str| {
        let r = rows.iter().find(|t| t["tile"] == tile).unwrap();
        (
            r["deal_in"].as_f64().unwrap(),
            r["expected_loss"].as_f64().unwrap(),
        )
    };
    let plain = args(&[]);
    let dealer = args(&["--seat", "E"]);
    assert_eq!(
        args(&["--round", "S", "--rules", "majsoul"]).len(),
        plain.len()
    );
    assert_eq!(loss(&plain, "3m"), (0.0, 0.0), "genbutsu");
    for t in ["2m", "6m", "0p", "8s"] {
        let (p, l) = loss(&plain, t);
        let (pd, ld) = loss(&dealer, t);
        assert_eq!(p, pd, "{t}: the chance does not depend on the seat");
        assert!(
            l >= 1000.0 * p && ld > 1.4 * l && ld < 1.51 * l,
            "{t}: {l} {ld}"
        );
    }
    let out = tenpai(&["safety", "1m", "--river", "9p", "--rules", "house"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no preset \"house\""));
    let out = tenpai(&["safety", "1m", "--river", "9p", "--seat", "X"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("seat"));
}

/// `--open-tenpai` with open calls: the same answer as the JSON request with
/// `"tenpai": true`, no expected loss (`null`, `-` in the table), and the errors of
/// an open opponent (a riichi index, no open call, open calls without the flag).
#[test]
fn open_tenpai_opponent() {
    let args = [
        "safety",
        "23467m3055p1788s3z",
        "--river",
        "19m4z7p2s6z3m8p",
        "--open-tenpai",
        "--calls",
        "(234s)(678m)",
        "--visible",
        "1z2z9s9p4m6p2p1s5m2z3s",
    ];
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let out = tenpai(&with_json, None);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    let v = json(&out);
    let req = r#"{"hand": "23467m3055p1788s3z", "river": "19m4z7p2s6z3m8p", "tenpai": true, "calls": "(234s)(678m)", "visible": "1z2z9s9p4m6p2p1s5m2z3s"}"#;
    let out2 = tenpai(&["safety", "-", "--json"], Some(req));
    assert_eq!(out2.status.code(), Some(0), "{}", show(&out2));
    assert_eq!(json(&out2), v);
    // The expected loss: at least the cheapest ron (1 han 30 fu, 1000 from a
    // non-dealer) times the chance, 0 with no chance.
    for t in v["tiles"].as_array().unwrap() {
        let (p, l) = (
            t["deal_in"].as_f64().unwrap(),
            t["expected_loss"].as_f64().unwrap(),
        );
        assert!(l >= 1000.0 * p - 1e-9 && (p > 0.0) == (l > 0.0), "{t}");
    }
    // The genbutsu 3m is 0; an honor off its yaku (West, a chi in the calls: no
    // toitoi, no flush) is far below the middle tiles.
    let p = |tile: &str| {
        v["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["tile"] == tile)
            .unwrap()["deal_in"]
            .as_f64()
            .unwrap()
    };
    assert_eq!(p("3m"), 0.0);
    assert!(p("3z") < p("3p") / 5.0, "{v}");
    let text = tenpai(&args, None);
    let s = String::from_utf8_lossy(&text.stdout);
    assert!(
        s.contains("open tenpai (234s)(678m)") && s.contains("3m       0.0%        0  genbutsu"),
        "{s}"
    );
    // The table with the expected loss of each tile against the open hand.
    insta::assert_snapshot!("open_tenpai_table", s);
    for (extra, message) in [
        (vec!["--calls", "[1111z]"], "needs an open call"),
        (vec!["--calls", "(12m)"], "calls:"),
    ] {
        let mut a = vec![
            "safety",
            "23467m3055p1788s3z",
            "--river",
            "19m",
            "--open-tenpai",
        ];
        a.extend(extra);
        let out = tenpai(&a, None);
        assert_ne!(out.status.code(), Some(0));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(message),
            "{}",
            show(&out)
        );
    }
    let out = tenpai(
        &[
            "safety",
            "23467m3055p1788s3z",
            "--river",
            "19m",
            "--calls",
            "(555z)",
        ],
        None,
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("closed kans"),
        "{}",
        show(&out)
    );
    let out = tenpai(
        &["safety", "-"],
        Some(
            r#"{"hand": "23467m3055p1788s3z", "river": "19m", "riichi_at": 0, "tenpai": true, "calls": "(555z)"}"#,
        ),
    );
    assert!(show(&out).contains("not in riichi"), "{}", show(&out));
}
