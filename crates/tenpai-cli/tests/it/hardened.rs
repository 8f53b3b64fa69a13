//! Issue #8 regressions at the command line: every batch line answered (bytes that are
//! not UTF-8, blank lines, long lines), closed pipes and full disks, one position
//! convention, mistyped commands, and the replay directory walk.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn tenpai(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tenpai");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const BATCH_COMMANDS: [&[&str]; 6] = [
    &["shanten", "-"],
    &["waits", "-"],
    &["ukeire", "-"],
    &["decompose", "-"],
    &["score", "-"],
    &["-"],
];

/// The issue's reproducer: one bad byte no longer stops the batch.
#[test]
fn invalid_utf8_line_gets_its_own_error() {
    let input = b"123m456p789s1122z\n\xff\n123m456p789s1122z\n";
    let out = tenpai(&["shanten", "-"], input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], lines[2]);
    assert!(lines[0].contains("tenpai (regular 0"), "{stdout}");
    assert!(
        lines[1].contains("error: line 2 is not valid UTF-8"),
        "{stdout}"
    );
    let out = tenpai(&["shanten", "-", "--json"], input);
    let v: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().nth(1).unwrap()).expect("a JSON line");
    assert_eq!(v["line"], 2);
    assert_eq!(v["position"], 0);
    assert!(v["error"].as_str().unwrap().contains("not valid UTF-8"));
}

/// Every input line gets exactly one answer line, blank lines included, in every
/// batch command, text and JSON.
#[test]
fn one_answer_per_input_line_everywhere() {
    let input = b"123m456p789s1122z\n\n   \n\t\r\n\xfe\xff\n1x\n11123455678999m\n123m456p789s1122z";
    for args in BATCH_COMMANDS {
        for json in [false, true] {
            let mut a = args.to_vec();
            if json {
                a.push("--json");
            }
            let out = tenpai(&a, input);
            let stdout = text(&out.stdout);
            let lines: Vec<&str> = stdout.lines().collect();
            assert_eq!(lines.len(), 8, "{a:?}: {stdout}");
            assert!(!text(&out.stderr).contains("panicked"), "{a:?}");
            assert_eq!(out.status.code(), Some(1), "{a:?}");
            for blank in &lines[1..4] {
                if json {
                    let v: serde_json::Value = serde_json::from_str(blank).unwrap();
                    assert_eq!(v["empty"], true, "{a:?}: {blank}");
                } else {
                    assert_eq!(*blank, "", "{a:?}");
                }
            }
            if json {
                for l in &lines {
                    serde_json::from_str::<serde_json::Value>(l)
                        .unwrap_or_else(|e| panic!("{a:?}: {l}: {e}"));
                }
            }
        }
    }
}

/// A line past the cap is answered with an error without being kept; the next line
/// is answered as usual.
#[test]
fn long_lines_are_refused_and_the_batch_goes_on() {
    let mut input = vec![b'1'; 200_000];
    input.extend_from_slice(b"\n123m456p789s1122z\n");
    let out = tenpai(&["shanten", "-"], &input);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[0].contains("line 1 is too long: 200000 bytes (the limit is 65536 bytes)"),
        "{stdout}"
    );
    assert!(lines[1].contains("tenpai (regular 0"), "{stdout}");
}

/// A closed pipe ends every command quietly (no panic message).
#[test]
fn closed_pipe_is_quiet() {
    let logs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/logs/good.mjlog");
    let many: Vec<u8> = "123m456p789s1122z\n".repeat(50_000).into_bytes();
    let runs: [(&[&str], &[u8]); 3] = [
        (&["shanten", "-"], &many),
        (&["replay", "--json", logs.to_str().unwrap()], b""),
        (&["replay", logs.to_str().unwrap()], b""),
    ];
    for (args, input) in runs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // like `| true`
        let mut pipe = child.stdin.take().unwrap();
        let input = input.to_vec();
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        writer.join().unwrap();
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("Broken pipe"), "{args:?}: {err}");
        assert!(status.code().is_some(), "{args:?}: killed by a signal");
    }
}

/// A failed write (`> /dev/full`) is an error exit, never 0.
#[test]
fn full_disk_is_an_error() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let logs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/logs/good.mjlog");
    let runs: [(&[&str], &[u8]); 6] = [
        (&["--help"], b""),
        (&["score", "--help"], b""),
        (&["shanten", "123m456p789s1122z"], b""),
        (&["shanten", "-"], b"123m456p789s1122z\n"),
        (&["score", "-", "--json"], b"123m456p789s11222z\n"),
        (&["replay", logs.to_str().unwrap()], b""),
    ];
    for (args, input) in runs {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::from(full))
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains("error: writing standard output"),
            "{args:?}: {err}"
        );
    }
}

/// JSON `position` (0-based) and the text's column (1-based) name the same character;
/// the caret lines up under tabs and wide glyphs.
#[test]
fn one_position_convention_and_aligned_caret() {
    let hand = "\t\u{1F004}\u{1F004}\u{1F004}1x";
    let out = tenpai(&["shanten", "--json", hand], b"");
    let v: serde_json::Value = serde_json::from_str(text(&out.stderr).trim()).unwrap();
    assert_eq!(v["position"], 5);
    assert_eq!(v["column"], 6);
    let out = tenpai(&["shanten", hand], b"");
    let err = text(&out.stderr);
    assert!(err.contains("(at column 6)"), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[1], format!("  {hand}"));
    // Tab kept, each wide glyph two columns, the digit one: the caret is under `x`.
    assert_eq!(lines[2], "  \t       ^");
    // A batch failure carries the same numbers, and the line.
    let out = tenpai(&["shanten", "-", "--json"], format!("{hand}\n").as_bytes());
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(
        (
            v["position"].clone(),
            v["column"].clone(),
            v["line"].clone()
        ),
        (5.into(), 6.into(), 1.into())
    );
}

/// A mistyped command is named as such with the closest command; a command without
/// a hand prints its usage.
#[test]
fn mistyped_and_empty_commands() {
    let out = tenpai(&["scroe", "123m456p789s11222z"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("unknown command 'scroe': did you mean 'score'?"),
        "{err}"
    );
    assert!(!err.contains("unexpected character"), "{err}");
    for cmd in ["score", "shanten", "waits", "ukeire", "decompose"] {
        let out = tenpai(&[cmd], b"");
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let err = text(&out.stderr);
        assert!(err.contains("no hand given"), "{cmd}: {err}");
        assert!(
            err.contains(&format!("Usage: tenpai {cmd}")),
            "{cmd}: {err}"
        );
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tenpai-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A directory walk reads logs by content (a `.txt` tenhou.net/6 log is read), skips
/// files that are not logs, and names the files it cannot read.
#[test]
fn replay_walks_directories_by_content() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/logs");
    let dir = temp_dir("walk");
    std::fs::copy(data.join("good.mjlog"), dir.join("game-one.txt")).unwrap();
    std::fs::copy(data.join("good.mjlog"), dir.join("game-two")).unwrap();
    std::fs::write(dir.join("README.md"), "# not a log\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("gone.mjlog"), dir.join("dangling.json")).unwrap();
    let out = tenpai(&["replay", dir.to_str().unwrap()], b"");
    let stdout = text(&out.stdout);
    let err = text(&out.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(stdout.contains("games: 2,"), "{stdout}");
    assert!(stdout.contains("1 skipped (not logs)"), "{stdout}");
    if cfg!(unix) {
        assert!(stdout.contains("files: 2 read, 1 not read"), "{stdout}");
        assert!(err.contains("dangling.json"), "{err}");
        assert_eq!(out.status.code(), Some(2));
    }
}

/// `score -` requests are read strictly: unknown fields are refused with the closest
/// known one, `hand` is required, counters have a limit, syntax errors have positions.
#[test]
fn score_requests_are_read_strictly() {
    let input = concat!(
        r#"{"hand": "234567m34088p67s5s", "seat": "S"}"#,
        "\n",
        r#"{"hand": "234567m34088p67s5s", "riichii": true}"#,
        "\n",
        r#"{"riichi": true}"#,
        "\n",
        r#"{"hand": "234567m34088p67s5s", "honba": 4294967296}"#,
        "\n",
        r#"{"hand": "234567m34088p67s5s", "dora": "3m7z", "riichi": true}"#,
        "\n",
        r#"{"hand": "234567m34088p67s5s", "riichi": tru}"#,
        "\n",
        r#"{"hand": "234567m34088p67s5x"}"#,
        "\n",
    );
    let out = tenpai(&["score", "-", "--json"], input.as_bytes());
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 7);
    let err = |i: usize| lines[i]["error"].as_str().unwrap_or("").to_string();
    assert!(
        err(0).contains(r#"unknown field "seat" (did you mean "seat_wind"?)"#),
        "{}",
        err(0)
    );
    assert!(
        err(1).contains(r#"unknown field "riichii" (did you mean "riichi"?)"#),
        "{}",
        err(1)
    );
    assert!(lines[1]["points"].is_null(), "never scored without riichi");
    // Field errors point at the field's key in the line (0-based characters).
    let line0 = r#"{"hand": "234567m34088p67s5s", "seat": "S"}"#;
    assert_eq!(lines[0]["position"], line0.find(r#""seat""#).unwrap());
    let line1 = r#"{"hand": "234567m34088p67s5s", "riichii": true}"#;
    assert_eq!(lines[1]["position"], line1.find(r#""riichii""#).unwrap());
    let line3 = r#"{"hand": "234567m34088p67s5s", "honba": 4294967296}"#;
    assert_eq!(lines[3]["position"], line3.find(r#""honba""#).unwrap());
    assert_eq!(err(2), "bad request: missing field hand");
    assert!(
        err(3).contains("honba 4294967296 is out of range: a count from 0 to 1000"),
        "{}",
        err(3)
    );
    // Several indicators in one string: 3m -> 4m (one in the hand), 7z -> 5z (none).
    let dora = lines[4]["yaku"]
        .as_array()
        .unwrap()
        .iter()
        .find(|y| y["name"] == "dora")
        .map(|y| y["han"].clone());
    assert_eq!(dora, Some(1.into()), "{}", lines[4]);
    // A syntax error: the position is in the line (reported whole as `hand`).
    let line5 = r#"{"hand": "234567m34088p67s5s", "riichi": tru}"#;
    assert_eq!(lines[5]["hand"], line5);
    let pos = lines[5]["position"].as_u64().unwrap() as usize;
    assert!(
        line5[pos..].starts_with("tru") || line5[..pos].ends_with("tru"),
        "{pos}"
    );
    assert_eq!(lines[5]["column"].as_u64(), Some(pos as u64 + 1));
    // A hand error inside a readable request: the position is in the hand.
    assert_eq!(lines[6]["hand"], "234567m34088p67s5x");
    assert_eq!(lines[6]["position"], 17);
}

/// The winning tile must be in the hand, and `--help` says so.
#[test]
fn winning_tile_must_be_in_the_hand() {
    let out = tenpai(&["score", "234567m34088p67s5s", "--win", "9m"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("the hand must include the winning tile"),
        "{err}"
    );
    let out = tenpai(&["score", "--help"], b"");
    let help = text(&out.stdout);
    assert!(help.contains("which HAND must include"), "{help}");
}
