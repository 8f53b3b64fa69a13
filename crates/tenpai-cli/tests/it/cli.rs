//! The `tenpai` binary: output snapshots, exit codes, batch streaming, and a fuzz of
//! the whole CLI that must never print a panic.

use crate::run::{show, tenpai};

#[test]
fn decompose_text() {
    insta::assert_snapshot!(show(&tenpai(&["decompose", "55554444776666m"], None)));
}

#[test]
fn decompose_json_seed_example() {
    let out = tenpai(&["decompose", "789s05566p (340s) (406m)", "--json"], None);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["hand"], "05566p789s (340s) (406m)");
    assert_eq!(v["complete"], true);
    assert_eq!(v["decompositions"][0]["kind"], "regular");
    assert_eq!(
        v["decompositions"][0]["groups"],
        serde_json::json!(["66p", "555p", "789s", "(345s)", "(456m)"])
    );
    insta::assert_snapshot!(show(&out));
}

#[test]
fn decompose_unicode() {
    insta::assert_snapshot!(show(&tenpai(
        &["decompose", "--unicode", "19m19p19s12345677z"],
        None
    )));
}

#[test]
fn bad_hand_has_caret_and_exit_2() {
    let out = tenpai(&["decompose", "123m456p789s11z1x"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    insta::assert_snapshot!(show(&out));
    let out = tenpai(&["123m456p78s110z"], None);
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!(show(&out));
}

#[test]
fn batch_json_lines_continue_after_errors() {
    let input = "12345671206712m\nnot a hand\n\n11123450999s (678m)\n123m\n";
    let out = tenpai(&["decompose", "-", "--json"], Some(input));
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // One answer per line: the blank line's is an explicit empty answer.
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["complete"], true);
    assert_eq!(lines[1]["hand"], "not a hand");
    assert!(lines[1]["error"]
        .as_str()
        .unwrap()
        .contains("unexpected character"));
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[2], serde_json::json!({"hand": "", "empty": true}));
    assert_eq!(lines[3]["hand"], "11123405999s (678m)");
    assert_eq!(lines[4]["hand"], "123m");
    assert!(lines[4]["error"].is_string());
    insta::assert_snapshot!(show(&out));
}

#[test]
fn batch_text_all_good_exits_0() {
    let out = tenpai(
        &["decompose", "-"],
        Some("55544433322211z\n33445566778899p\n"),
    );
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!(show(&out));
}

#[test]
fn batch_text_is_one_line_per_hand() {
    let input = "123m456p789s1122z\n55554444776666m\n1x\n123m406p789s11223z\n";
    for args in [
        vec!["-"],
        vec!["decompose", "-"],
        vec!["ukeire", "-"],
        vec!["shanten", "-"],
    ] {
        let out = tenpai(&args, Some(input));
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().count(), 4, "{args:?}: {text}");
        assert!(
            text.lines().nth(2).unwrap().starts_with("1x: error:"),
            "{args:?}"
        );
    }
}

#[test]
fn summary() {
    insta::assert_snapshot!(show(&tenpai(&["234m406p11z (789s) [1111m]"], None)));
}

/// Random lines through every command in batch mode: one answer per line, never a panic.
#[test]
fn cli_never_panics() {
    let alphabet: Vec<char> = "0123456789mpsz()[] x🀀🀇".chars().collect();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut input = String::new();
    let mut lines = 0;
    for _ in 0..20_000 {
        let len = (next() % 24) as usize;
        let line: String = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        if line.trim().is_empty() {
            continue;
        }
        input.push_str(&line);
        input.push('\n');
        lines += 1;
    }
    for args in [
        vec!["decompose", "-", "--json"],
        vec!["-", "--json"],
        vec!["-"],
    ] {
        let out = tenpai(&args, Some(&input));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(matches!(out.status.code(), Some(0) | Some(1)), "{args:?}");
        if args.contains(&"--json") {
            let n = String::from_utf8_lossy(&out.stdout).lines().count();
            assert_eq!(n, lines, "{args:?}: one answer per line");
        }
    }
}

/// The words of a shell command line: spaces split, single quotes group.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            _ => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[test]
fn help_examples_run() {
    let help = tenpai(&["--help"], None);
    assert_eq!(help.status.code(), Some(0));
    let text = String::from_utf8_lossy(&help.stdout).to_string();
    let examples: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Examples:"))
        .filter_map(|l| l.strip_prefix("  tenpai "))
        .collect();
    assert!(examples.len() >= 6, "{text}");
    let mut ran = 0;
    for ex in examples {
        // The command, without its description (after two spaces) or redirection.
        let cmd = ex.split("  ").next().unwrap_or("");
        // `serve` runs until stopped (tests/serve_api.rs starts it on a free port).
        if cmd.contains('>') || cmd.starts_with("replay") || cmd.starts_with("serve") {
            continue;
        }
        let args = words(cmd);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = tenpai(&args, None);
        assert_eq!(out.status.code(), Some(0), "tenpai {cmd}\n{}", show(&out));
        assert!(!out.stdout.is_empty(), "tenpai {cmd}");
        ran += 1;
    }
    assert!(ran >= 5, "{ran} examples ran");
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef tenpai"),
        ("fish", "complete -c tenpai"),
    ] {
        let out = tenpai(&["completions", shell], None);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", show(&out));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(marker), "{shell}: {text}");
        for sub in ["decompose", "score", "shanten", "waits", "ukeire", "replay"] {
            assert!(text.contains(sub), "{shell} completes {sub}");
        }
    }
    let bad = tenpai(&["completions", "tcsh"], None);
    assert_eq!(bad.status.code(), Some(2));
}

/// `tenpai serve` is a command of every build: with the `serve` feature (the default)
/// it is the server (its options in `--help`; tests/serve_api.rs runs it); without it
/// (`--no-default-features`, the lean binary) it refuses with exit 2, naming the
/// feature and the command that builds the server, whatever options follow.
#[test]
fn serve_command_in_either_build() {
    if cfg!(feature = "serve") {
        let out = tenpai(&["serve", "--help"], None);
        assert_eq!(out.status.code(), Some(0), "{}", show(&out));
        let help = String::from_utf8_lossy(&out.stdout);
        for flag in ["--addr", "--time-limit", "--workers", "--max-connections"] {
            assert!(help.contains(flag), "{flag} missing: {help}");
        }
    } else {
        let out = tenpai(&["serve", "--addr", "127.0.0.1:0", "--workers", "2"], None);
        assert_eq!(out.status.code(), Some(2), "{}", show(&out));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("feature `serve`"), "{err}");
        assert!(
            err.contains("cargo install --path crates/tenpai-cli"),
            "{err}"
        );
        assert!(out.stdout.is_empty(), "{}", show(&out));
    }
}
