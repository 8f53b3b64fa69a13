//! `tenpai shanten`, `waits`, `ukeire` and the summary's shanten block, through the binary.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tenpai"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("run tenpai");
    {
        let mut si = child.stdin.take().unwrap();
        if let Some(text) = stdin {
            si.write_all(text.as_bytes()).unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(args, None);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.trim()).unwrap()
}

#[test]
fn shanten_json_contract() {
    let v = json(&["shanten", "--json", "1112223334444z"]);
    assert_eq!(v["hand"], "1112223334444z");
    assert_eq!(v["shanten"], 1);
    assert_eq!(v["regular"], 1);
    assert_eq!(v["chiitoitsu"], 5);
    assert_eq!(v["kokushi"], 8);
    let v = json(&["shanten", "--json", "1z (111z)"]);
    assert_eq!(v["shanten"], 1);
    assert!(v["chiitoitsu"].is_null() && v["kokushi"].is_null());
    let v = json(&["shanten", "--json", "11112222333444z"]);
    assert_eq!(v["shanten"], 1);
}

#[test]
fn waits_json_contract() {
    let v = json(&["waits", "--json", "19m19p19s1234567z"]);
    assert_eq!(v["tenpai"], true);
    assert_eq!(v["shanten"], 0);
    assert_eq!(
        v["waits"],
        serde_json::json!([
            "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"
        ])
    );
    // A red five in the hand; waits are written plainly.
    let v = json(&["waits", "--json", "340m678p2399s333z"]);
    assert_eq!(v["hand"], "340m678p2399s333z");
    let v = json(&["waits", "--json", "3406m78p2399s333z"]);
    assert_eq!(v["tenpai"], false);
    let v = json(&["waits", "--json", "34m678p22999s333z"]);
    assert_eq!(v["waits"], serde_json::json!(["2m", "5m"]));
    // Pon of 1z plus the fourth 1z alone: no tanki wait.
    let v = json(&["waits", "--json", "123m456p789s1z (111z)"]);
    assert_eq!(
        (v["tenpai"].clone(), v["waits"].clone()),
        (serde_json::json!(false), serde_json::json!([]))
    );
    // A drawn hand has no waits: clear error.
    let (code, _, err) = run(&["waits", "1112345678999m1z"], None);
    assert_eq!(code, 2);
    assert!(err.contains("3k+1"), "{err}");
}

#[test]
fn ukeire_json_contract() {
    let v = json(&["ukeire", "--json", "1112345678999m", "--visible", "5m5m"]);
    assert_eq!(v["shanten"], 0);
    assert_eq!(v["ukeire"]["tiles"].as_array().unwrap().len(), 9);
    assert_eq!(v["ukeire"]["count"], 21);
    let v = json(&["ukeire", "--json", "1112345678999m1z"]);
    let d = v["discards"].as_array().unwrap();
    assert_eq!(d[0]["discard"], "1z");
    assert_eq!(d[0]["shanten"], 0);
    assert_eq!(d[0]["ukeire_count"], 23);
    assert_eq!(d[0]["waits"].as_array().unwrap().len(), 9);
    let last = d.last().unwrap();
    assert_eq!(last["shanten"], 1);
    assert!(last.get("waits").is_none());
    // Ranked: shanten ascending, then count descending, then tile order.
    for w in d.windows(2) {
        let k = |x: &serde_json::Value| {
            (
                x["shanten"].as_i64().unwrap(),
                -x["ukeire_count"].as_i64().unwrap(),
            )
        };
        assert!(k(&w[0]) <= k(&w[1]));
    }
}

#[test]
fn visible_tiles_are_checked() {
    let (code, _, err) = run(&["ukeire", "1112345678999m", "--visible", "11m"], None);
    assert_eq!(code, 2);
    assert!(err.contains("more than 4"), "{err}");
    let (code, _, err) = run(&["ukeire", "1112345678999m", "--visible", "1x"], None);
    assert_eq!(code, 2);
    assert!(err.contains("--visible"), "{err}");
}

#[test]
fn wrong_counts_and_fifth_copies_are_refused() {
    for cmd in ["shanten", "waits", "ukeire"] {
        // 多牌 (15 tiles), 少牌 (3 tiles), a fifth copy, a fifth copy counting a call.
        for (hand, needle) in [
            ("123456789m123456p", "not a hand"),
            ("123m", "not a hand"),
            ("11111m23p", "fifth copy"),
            ("1m (111m) 1m", "fifth copy"),
        ] {
            let (code, out, err) = run(&[cmd, hand], None);
            assert_eq!(code, 2, "{cmd} {hand}");
            assert!(out.is_empty());
            assert!(err.contains(needle), "{cmd} {hand}: {err}");
        }
    }
}

#[test]
fn batches_stream_with_errors_in_place() {
    let input = "1112223334444z\n11111m\n19m19p19s1234567z\n";
    let (code, out, _) = run(&["shanten", "--json", "-"], Some(input));
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["shanten"], 1);
    assert_eq!(lines[1]["hand"], "11111m");
    assert!(lines[1]["error"].as_str().unwrap().contains("fifth"));
    assert_eq!(lines[2]["shanten"], 0);
    let (code, out, _) = run(&["waits", "-"], Some("111m678p2399s333z\n1112345678999m\n"));
    assert_eq!(code, 0);
    assert_eq!(out, "111m678p2399s333z: tenpai, waits 1s 4s\n1112345678999m: tenpai, waits 1m 2m 3m 4m 5m 6m 7m 8m 9m\n");
    let (code, out, _) = run(
        &["ukeire", "--json", "-"],
        Some("1112345678999m\n1112345678999m1z\n"),
    );
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2);
    let (code, out, _) = run(&["shanten", "-"], Some("123m456p789s1122z\n"));
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "123m456p789s1122z: tenpai (regular 0, chiitoitsu 4, kokushi 8)\n"
    );
}

#[test]
fn summary_shows_shanten_and_ukeire_or_discards() {
    let (code, out, _) = run(&["123m456p78s1122z5z"], None);
    assert_eq!(code, 0);
    assert!(
        out.contains("shanten   1-shanten (regular 1, chiitoitsu 4, kokushi 8)"),
        "{out}"
    );
    assert!(
        out.contains("ukeire    12 tiles: 6s(4) 9s(4) 1z(2) 2z(2)"),
        "{out}"
    );
    let (_, out, _) = run(&["123m456p789s1122z5z"], None);
    assert!(out.contains("discards\n  discard 5z  tenpai"), "{out}");
    let (_, out, _) = run(&["123m456p789s11222z"], None);
    assert!(!out.contains("shanten"), "{out}");
    let (_, out, _) = run(&["--json", "123m456p78s1122z5z"], None);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["shanten"]["shanten"], 1);
    assert_eq!(v["ukeire"]["count"], 12);
}

/// The plain-hand fast path of `tenpai shanten -` answers exactly like the library
/// on hands written in any order, and hands it does not take (red fives, calls,
/// glyphs, errors) still get the full parser's answer.
#[test]
fn batch_fast_path_matches_the_library() {
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut lines = Vec::new();
    for i in 0..3000 {
        let size = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14][i % 10];
        let mut c = [0u8; 34];
        let mut tiles = Vec::new();
        while tiles.len() < size {
            let k = next(34) as usize;
            if c[k] < 4 {
                c[k] += 1;
                tiles.push(k);
            }
        }
        // Unsorted, one suit letter per tile: still a plain hand.
        let text: String = tiles
            .iter()
            .map(|&k| format!("{}{}", k % 9 + 1, ['m', 'p', 's', 'z'][k / 9]))
            .collect();
        lines.push(text);
    }
    lines.extend(
        [
            "406m11z 123p789s55z",
            "123m456p789s1z (111z)",
            "🀇🀈🀉123p456s11z22z",
            "11111m",
            "123m",
            "1230z",
            "12m4",
        ]
        .map(String::from),
    );
    let input = lines.join("\n") + "\n";
    for json in [false, true] {
        let args: &[&str] = if json {
            &["shanten", "--json", "-"]
        } else {
            &["shanten", "-"]
        };
        let (code, out, _) = run(args, Some(&input));
        assert_eq!(code, 1);
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got.len(), lines.len());
        for (line, answer) in lines.iter().zip(got) {
            match line.parse::<tenpai::Hand>() {
                Ok(hand) => {
                    let s = tenpai::shanten::shanten(&hand);
                    let opt =
                        |v: Option<i8>, none: &str| v.map_or(none.to_string(), |v| v.to_string());
                    let expect = if json {
                        format!(
                            "{{\"hand\":\"{hand}\",\"shanten\":{},\"regular\":{},\"chiitoitsu\":{},\"kokushi\":{}}}",
                            s.value(),
                            s.regular,
                            opt(s.chiitoitsu, "null"),
                            opt(s.kokushi, "null")
                        )
                    } else {
                        let word = match s.value() {
                            -1 => "complete".to_string(),
                            0 => "tenpai".to_string(),
                            n => format!("{n}-shanten"),
                        };
                        format!(
                            "{hand}: {word} (regular {}, chiitoitsu {}, kokushi {})",
                            s.regular,
                            opt(s.chiitoitsu, "n/a"),
                            opt(s.kokushi, "n/a")
                        )
                    };
                    assert_eq!(answer, expect, "{line}");
                }
                Err(e) => {
                    assert!(answer.contains(&e.to_string()), "{line}: {answer}");
                }
            }
        }
    }
}
