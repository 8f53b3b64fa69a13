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

/// The long options a command's `--help` lists.
fn listed_options(sub: &str) -> Vec<String> {
    let out = tenpai(&[sub, "--help"], None);
    let help = String::from_utf8_lossy(&out.stdout).to_string();
    help.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("-h, ").unwrap_or(l);
            l.starts_with("--")
                .then(|| l.split([' ', ',', '=']).next().unwrap().to_string())
        })
        .collect()
}

/// Every option a command lists does something on it: `--json` and `--unicode` are
/// listed only by the commands that honour them (they were global, so `convert`,
/// `serve` and `completions` listed them too), and given before a command that lacks
/// them they are refused, not ignored.
#[test]
fn commands_list_only_the_options_they_honour() {
    let has = |sub: &str, flag: &str| listed_options(sub).iter().any(|o| o == flag);
    for sub in ["convert", "completions", "serve"] {
        for flag in ["--json", "--unicode", "--color", "--players"] {
            assert!(!has(sub, flag), "tenpai {sub} lists {flag}");
        }
    }
    for sub in ["stats", "replay"] {
        assert!(has(sub, "--json"), "{sub} --json");
        assert!(!has(sub, "--unicode"), "tenpai {sub} lists --unicode");
    }
    for sub in [
        "review",
        "decompose",
        "shanten",
        "waits",
        "ukeire",
        "score",
        "advise",
    ] {
        for flag in ["--json", "--unicode", "--color"] {
            assert!(has(sub, flag), "tenpai {sub} should list {flag}");
        }
    }
    let out = tenpai(&["--json", "convert", "--to", "mjai", "x.mjlog"], None);
    assert_eq!(out.status.code(), Some(2), "{}", show(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("'--json' does nothing for 'tenpai convert'"),
        "{}",
        show(&out)
    );
    // Before a command that takes them, they still apply.
    let out = tenpai(&["--json", "shanten", "123m456p789s1122z"], None);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("{\"hand\""));
    let out = tenpai(&["--unicode", "waits", "123m456p789s1122z"], None);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains('\u{1F000}'),
        "{}",
        show(&out)
    );
}

/// A negative number for a count says what the count must be (clap alone took `-1`
/// for an option and suggested `-- -1`).
#[test]
fn negative_counts_say_what_they_must_be() {
    let hand = "123m456p789s11222z";
    for (args, want) in [
        (vec!["score", hand, "--honba", "-1"], "honba must be >= 0"),
        (vec!["score", hand, "--sticks", "-2"], "sticks must be >= 0"),
        (
            vec!["score", hand, "--nukidora", "-1"],
            "nukidora must be >= 0",
        ),
        (vec!["score", hand, "--pao", "-1"], "pao must be >= 0"),
        (
            vec!["score", hand, "--honba", "x"],
            "honba must be a whole number >= 0",
        ),
        (
            vec!["score", hand, "--honba", "99999999999"],
            "honba must be at most 4294967295",
        ),
        (
            vec!["advise", "123m456p789s11223z", "--draws", "-1"],
            "draws must be >= 0",
        ),
        (
            vec!["advise", "123m456p789s11223z", "--changes", "-1"],
            "changes must be >= 0",
        ),
        (
            vec!["shanten", hand, "--players", "-3"],
            "players must be 3 or 4",
        ),
        (
            vec!["review", "x.mjlog", "--seat", "-1"],
            "seat must be >= 0",
        ),
    ] {
        let out = tenpai(&args, None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", show(&out));
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("-- -"), "{args:?}: {err}");
    }
    // Zero and positive values are unchanged.
    let out = tenpai(&["score", hand, "--tsumo", "--honba", "2", "--json"], None);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
}

/// Colour where it helps (red fives, the best discard) with `--color always`, or on a
/// terminal unless NO_COLOR is set; never through a pipe by default, never in JSON.
#[test]
fn color_follows_the_flag_the_terminal_and_no_color() {
    const RED0: &str = "\u{1b}[1m\u{1b}[31m0\u{1b}[0m";
    let hand = "123m406p789s11223z";
    let out = tenpai(&["ukeire", hand, "--color", "always"], None);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.starts_with(&format!("123m4{RED0}6p789s11223z: tenpai")),
        "{text:?}"
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("  \u{1b}[1mdiscard 3z"), "{text:?}");
    assert!(!lines[2].contains('\u{1b}'), "{text:?}");
    let out = tenpai(&["advise", hand, "--draws", "6", "--color", "always"], None);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.lines().nth(2).unwrap().starts_with("\u{1b}[1m3z "),
        "{text:?}"
    );
    for args in [
        vec!["ukeire", hand],
        vec!["ukeire", hand, "--color", "never"],
        vec!["ukeire", hand, "--color", "always", "--json"],
        vec![hand],
    ] {
        let out = tenpai(&args, None);
        assert!(!out.stdout.contains(&0x1b), "{args:?}: {}", show(&out));
    }
    // On a terminal (`script` gives one): colour, unless NO_COLOR.
    if cfg!(unix) {
        let cmd = format!("{} ukeire {hand}", env!("CARGO_BIN_EXE_tenpai"));
        for (no_color, coloured) in [(false, true), (true, false)] {
            let mut c = std::process::Command::new("script");
            c.args(["-qec", &cmd, "/dev/null"]).env_remove("NO_COLOR");
            if no_color {
                c.env("NO_COLOR", "1");
            }
            let out = c.output().expect("script (util-linux)");
            let text = String::from_utf8_lossy(&out.stdout);
            assert_eq!(
                text.contains(RED0),
                coloured,
                "NO_COLOR {no_color}: {text:?}"
            );
        }
    }
}

/// The text shows what a flag changed (it used to hide it): `advise` names its dora
/// indicators, the tiles seen, winds and rules when not the defaults; `score` its
/// rules preset.
#[test]
fn text_shows_what_the_flags_changed() {
    let out = tenpai(
        &[
            "advise",
            "123m456p789s11223z",
            "--draws",
            "6",
            "--dora",
            "2z",
            "--seat",
            "S",
            "--round",
            "S",
            "--visible",
            "1z",
            "--rules",
            "majsoul",
        ],
        None,
    );
    let head = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(
        head.ends_with("; dora indicators 2z, 1z seen, round S, seat S, rules majsoul)"),
        "{head}"
    );
    let plain = tenpai(&["advise", "123m456p789s11223z", "--draws", "6"], None);
    assert!(String::from_utf8_lossy(&plain.stdout)
        .lines()
        .next()
        .unwrap()
        .ends_with("pool 123)"));
    let out = tenpai(
        &[
            "score",
            "123m456p789s11222z",
            "--tsumo",
            "--rules",
            "majsoul",
        ],
        None,
    );
    let head = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(
        head.ends_with("(win 2z, tsumo, dealer, rules majsoul)"),
        "{head}"
    );
    let out = tenpai(&["score", "123m456p789s11222z", "--tsumo"], None);
    let head = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(head.ends_with("(win 2z, tsumo, dealer)"), "{head}");
}

/// The short help (`tenpai -h`, and `tenpai` alone) opens with what the tool does (it
/// said "The tenpai command-line tool").
#[test]
fn short_help_says_what_the_tool_does() {
    for args in [vec!["-h"], vec![]] {
        let out = tenpai(&args, None);
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert_eq!(
            text.lines().next(),
            Some("Riichi mahjong hand analysis"),
            "{args:?}: {text}"
        );
    }
}
