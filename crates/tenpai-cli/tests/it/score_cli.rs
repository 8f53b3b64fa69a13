//! `tenpai score` and the score block of `tenpai HAND`, run as a process.

use crate::run::tenpai;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn score_text_and_json() {
    let out = tenpai(&["score", "234567m34588p67s5s", "--seat", "S"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains("pinfu 1") && s.contains("2 han 30 fu: 2000"),
        "{s}"
    );

    let out = tenpai(
        &[
            "score",
            "234567m34088p67s5s",
            "--riichi",
            "--tsumo",
            "--seat",
            "S",
            "--dora",
            "1m",
            "--ura",
            "7p",
            "--honba",
            "1",
            "--sticks",
            "2",
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    for key in [
        "hand",
        "han",
        "fu",
        "yaku",
        "yakuman",
        "limit",
        "points",
        "payments",
        "total_received",
        "fu_breakdown",
        "decomposition",
        "wait",
    ] {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
    // riichi tsumo pinfu tanyao + dora 1 + ura 2 + aka 1 = 8 han: baiman 4000/8000.
    assert_eq!(v["han"], 8);
    assert_eq!(v["limit"], "baiman");
    assert_eq!(v["points"], 16000);
    assert_eq!(
        v["payments"],
        serde_json::json!({"dealer": 8000, "non_dealer": 4000})
    );
    assert_eq!(v["total_received"], 16000 + 300 + 2000);
}

#[test]
fn score_batch_goes_on_after_errors() {
    let input = [
        r#"{"hand": "19m19p19s1234567z1m", "seat_wind": "S"}"#,
        r#"{"hand": "123m456p789s11m99m9m"}"#,
        r#"{"hand": "234567m34588p67s5s", "ura": ["1m"]}"#,
        r#"{"hand": 5}"#,
        "234567m34588p67s5s",
        r#"{"hand": "123m456p789s11m99m"}"#,
    ]
    .join("\n");
    let out = tenpai(&["score", "-", "--json"], Some(&input));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0]["yakuman"][0]["name"], "kokushi_13");
    assert_eq!(lines[0]["points"], 32000);
    assert_eq!(lines[1]["hand"], "123m456p789s11m99m9m");
    assert!(lines[1]["error"].as_str().unwrap().contains("no yaku"));
    assert!(lines[2]["error"].as_str().unwrap().contains("ura"));
    assert!(lines[3]["error"].as_str().unwrap().contains("bad request"));
    assert_eq!(lines[4]["points"], 2900); // bare hand, default: dealer ron
    assert!(lines[5]["error"]
        .as_str()
        .unwrap()
        .contains("not a complete hand"));
    assert!(!text(&out.stderr).contains("panicked"));
}

#[test]
fn score_unicode_text() {
    let out = tenpai(
        &[
            "score",
            "234m567p678s88s [7777z]",
            "--unicode",
            "--seat",
            "S",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("[🀄🀄🀄🀄]") && s.contains("win 🀗"), "{s}");
    assert!(
        s.contains("closed_quad_terminal 7z 32") && s.contains("2300"),
        "{s}"
    );
}

#[test]
fn score_single_error_exit_code() {
    let out = tenpai(&["score", "123m456p789s11m99m9m"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no yaku"));
    let out = tenpai(&["score", "234567m34588p67s5s", "--ippatsu"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("ippatsu without riichi"));
}

#[test]
fn garbage_never_panics() {
    let input = [
        "",
        "{",
        "{}",
        r#"{"hand": ""}"#,
        r#"{"hand": "1m", "win": "9z"}"#,
        r#"{"hand": "11112222333344z"}"#,
        r#"{"hand": "1111222233334444m"}"#,
        r#"{"hand": "234567m34588p67s5s", "dora": ["xx"]}"#,
        r#"{"hand": "234567m34588p67s5s", "kazoe": "lots"}"#,
        "🀄🀄🀄🀄🀄",
        "(123m) (456m) (789m) (111z) 2z",
        "[1111m] [2222m] [3333m] [4444m] 55m",
    ]
    .join("\n");
    let out = tenpai(&["score", "-", "--json"], Some(&input));
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
    for l in text(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(l).expect("JSON line");
        assert!(
            v.get("error").is_some() || v.get("points").is_some() || v["empty"] == true,
            "{v}"
        );
    }
}

#[test]
fn summary_shows_score_block() {
    let out = tenpai(&["123m456p789s11222z"], None);
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(s.contains("score "), "{s}");
    assert!(s.contains("no yaku"), "{s}");
    assert!(s.contains("with tsumo: 1 han 40 fu: 2100"), "{s}");
    let out = tenpai(&["234567m34588p67s5s", "--json"], None);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["score"]["ron_default"]["points"], 2900);
    assert!(v["score"]["changed_by"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["option"] == "tsumo"));
}

#[test]
fn rule_switch_flags_and_pao() {
    // Each new flag reaches the scorer: the same hand with and without it.
    let base = [
        "score",
        "234m56p7p22p(345s)(678s)",
        "--win",
        "7p",
        "--seat",
        "S",
    ];
    let run = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let out = tenpai(&args, None);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    assert!(run(&[]).contains("1 han 30 fu: 1000"));
    assert!(run(&["--fu-for-open-pinfu", "false"]).contains("1 han 20 fu: 700"));
    let pinfu = ["score", "234567m234p3488s5s", "--riichi", "--tsumo"];
    let out = tenpai(
        &[&pinfu[..], &["--fu-for-pinfu-tsumo", "true"]].concat(),
        None,
    );
    assert!(
        text(&out.stdout).contains("3 han 30 fu: 6000"),
        "{}",
        text(&out.stdout)
    );
    let kokushi = ["score", "19m19p19s1234567z7z", "--rules", "majsoul"];
    let out = tenpai(&kokushi, None);
    assert!(text(&out.stdout).contains("96000"));
    let out = tenpai(
        &[&kokushi[..], &["--double-yakuman-hands", "daisuushii"]].concat(),
        None,
    );
    assert!(
        text(&out.stdout).contains("yakuman: 48000"),
        "{}",
        text(&out.stdout)
    );
    // Pao: text line and JSON field; a bad seat is an error with a non-zero exit.
    let dsg = [
        "score",
        "123m1p1p(555z)(666z)(777z)",
        "--seat",
        "S",
        "--tsumo",
        "--pao",
        "3",
    ];
    let out = tenpai(&dsg, None);
    assert!(
        text(&out.stdout).contains("pao       seat 3 liable; seats 1/2/3 pay 0/0/32000"),
        "{}",
        text(&out.stdout)
    );
    let out = tenpai(&[&dsg[..], &["--json"]].concat(), None);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(
        v["pao"],
        serde_json::json!({"liable": 3, "pays": [0, 0, 32000]})
    );
    let out = tenpai(
        &[
            "score",
            "123m1p1p(555z)(666z)(777z)",
            "--pao",
            "5",
            "--tsumo",
        ],
        None,
    );
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("relative to the winner"));
    // Presets by name, and the unknown-preset message lists them.
    let out = tenpai(
        &[
            "score",
            "234m567p234s67s55p8s",
            "--riichi",
            "--seat",
            "S",
            "--dora",
            "1m",
            "--rules",
            "wrc",
        ],
        None,
    );
    assert!(text(&out.stdout).contains("8000"), "{}", text(&out.stdout));
    let out = tenpai(&["score", "234m567p234s67s55p8s", "--rules", "jpml"], None);
    assert!(text(&out.stderr).contains("tenhou, majsoul, ema, wrc, mleague"));
}

#[test]
fn red_fives_count_flag() {
    // Two red 5p: scored under --red-fives-count 4 (tanyao + 2 aka dora, 3 han 30 fu),
    // refused at the second 0p otherwise, with a non-zero exit.
    let hand = [
        "score",
        "234m456p00p(345s)(678s)",
        "--win",
        "6p",
        "--seat",
        "S",
    ];
    let out = tenpai(&[&hand[..], &["--red-fives-count", "4"]].concat(), None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("3 han 30 fu: 3900"),
        "{}",
        text(&out.stdout)
    );
    let out = tenpai(&hand, None);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("a second red five 0p"),
        "{}",
        text(&out.stderr)
    );
    let out = tenpai(&[&hand[..], &["--red-fives-count", "5"]].concat(), None);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("red_fives_count 5"),
        "{}",
        text(&out.stderr)
    );
}

/// The local rules of issue 24 as flags: nagashi mangan needs no hand (and refuses
/// one), open riichi and paarenchan change the value, a request line takes them too.
#[test]
fn local_rule_flags() {
    let out = tenpai(
        &["score", "--nagashi-mangan", "--seat", "S", "--honba", "1"],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "hand      none  (nagashi mangan, non-dealer)\nyaku      nagashi_mangan 5\nvalue     5 han, mangan: 8000 (tsumo 2000/4000)\nreceived  8300 (with honba and riichi sticks)\n"
    );
    let out = tenpai(&["score", "--nagashi-mangan", "123m456p789s11222z"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("nagashi mangan with a hand"));
    let out = tenpai(&["score"], None);
    assert_eq!(
        out.status.code(),
        Some(2),
        "no hand and no nagashi: the usage"
    );

    let open = tenpai(
        &[
            "score",
            "234567m22345p78s6s",
            "--riichi",
            "--open-riichi",
            "--seat",
            "S",
        ],
        None,
    );
    assert!(text(&open.stdout).contains("open_riichi 2") && text(&open.stdout).contains(": 7700"));
    let eight = tenpai(
        &[
            "score",
            "123m456p789s11222z",
            "--tsumo",
            "--paarenchan",
            "8",
        ],
        None,
    );
    assert!(
        text(&eight.stdout).contains("yaku      paarenchan\n"),
        "{}",
        text(&eight.stdout)
    );
    let seven = tenpai(
        &[
            "score",
            "123m456p789s11222z",
            "--tsumo",
            "--paarenchan",
            "7",
        ],
        None,
    );
    assert_eq!(seven.status.code(), Some(2));

    let out = tenpai(
        &["score", "-", "--json"],
        Some("{\"nagashi_mangan\": true}\n{\"hand\": \"22334455667788p\", \"daisharin\": true}\n"),
    );
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (lines[0]["points"].as_u64(), lines[1]["points"].as_u64()),
        (Some(12000), Some(48000))
    );
    assert_eq!(lines[1]["yakuman"][0]["name"], "daisharin");
}
