//! The log commands' directory walk (issue 27, items 2 and 3; issue 23, items 5 and 6):
//! links that make loops are not followed (or followed once with `--follow-links`),
//! each file is read once, a named FIFO is refused at once while a FIFO in a folder is
//! left alone and streams (`-`, `<(...)`) still work, a game stored in two formats is
//! counted once by `stats`, and files that are not logs are skipped and counted in one
//! line. Every run is bounded: a walk that does not end fails the test.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Run `tenpai` with `args`, failing the test if it has not ended within 60 s.
fn bounded(args: &[&std::ffi::OsStr], stdin: &[u8]) -> Output {
    bounded_cmd(Command::new(env!("CARGO_BIN_EXE_tenpai")).args(args), stdin)
}

fn bounded_cmd(cmd: &mut Command, stdin: &[u8]) -> Output {
    let mut child = cmd
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
    let read = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            v
        })
    };
    let out = read(Box::new(child.stdout.take().unwrap()));
    let err = read(Box::new(child.stderr.take().unwrap()));
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{cmd:?} did not end within 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    writer.join().unwrap();
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

fn run(args: &[&str], paths: &[&Path]) -> (String, String, Option<i32>) {
    let mut all: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    all.extend(paths.iter().map(|p| p.as_os_str()));
    let out = bounded(&all, b"");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn logs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/logs")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tenpai-walk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A folder holding one log and two links that make loops (`loop -> .`, `up -> ..`),
/// and a link to a folder beside it: `replay` and `stats` read the game once and end,
/// with links followed or not.
#[cfg(unix)]
#[test]
fn symlink_loops_are_walked_once() {
    let dir = temp_dir("loops");
    let sub = dir.join("games");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::copy(logs().join("good.mjlog"), sub.join("good.mjlog")).unwrap();
    std::os::unix::fs::symlink(".", sub.join("loop")).unwrap();
    std::os::unix::fs::symlink("..", sub.join("up")).unwrap();
    std::os::unix::fs::symlink("games", dir.join("same-games")).unwrap();
    // A link to the log itself: the same file, read once.
    std::os::unix::fs::symlink("good.mjlog", sub.join("again.mjlog")).unwrap();

    let (out, err, code) = run(&["replay"], &[&dir]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.starts_with(
            "files: 1 read, 0 not read, 3 links to directories not followed (--follow-links)\ngames: 1, rounds: 1, wins: 1\n"
        ),
        "{out}"
    );
    let (out, err, code) = run(&["replay", "--follow-links"], &[&dir]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.starts_with("files: 1 read, 0 not read\ngames: 1, rounds: 1, wins: 1\n"),
        "{out}"
    );
    // Named twice, and once through the link: still one game.
    let (out, _, _) = run(
        &["replay", "--json"],
        &[&dir, &sub, &dir.join("same-games")],
    );
    assert_eq!(
        out.lines()
            .filter(|l| l.contains("\"type\":\"game\""))
            .count(),
        1,
        "{out}"
    );
    for follow in [false, true] {
        let args: &[&str] = if follow {
            &["stats", "--json", "--follow-links"]
        } else {
            &["stats", "--json"]
        };
        let (out, err, code) = run(args, &[&dir]);
        assert_eq!(code, Some(0), "{out}{err}");
        let games: Vec<u64> = out
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["games"]
                    .as_u64()
                    .unwrap()
            })
            .collect();
        assert_eq!(games, [1, 1, 1, 1], "{out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A named FIFO with no writer is refused at once by `replay`, `stats`, `review` and
/// `convert`, saying what it is; a FIFO met in a walk is left alone; a log given as
/// `-` or as `<(...)` (a /dev/fd path) is read.
#[cfg(unix)]
#[test]
fn a_named_fifo_is_refused_and_streams_are_read() {
    let dir = temp_dir("fifo");
    std::fs::copy(logs().join("good.mjlog"), dir.join("good.mjlog")).unwrap();
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    for args in [
        &["replay"][..],
        &["stats"],
        &["review"],
        &["convert", "--to", "mjai"],
    ] {
        let (out, err, code) = run(args, &[&fifo]);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(
            err.contains("pipe: not a regular file (a FIFO): not read"),
            "{args:?}: {err}"
        );
    }
    // In a walk: skipped without a word.
    let (out, err, code) = run(&["replay"], &[&dir]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.starts_with("files: 1 read, 0 not read\n"), "{out}");
    assert!(err.is_empty(), "{err}");

    // `-`: the log on standard input.
    let log = std::fs::read(logs().join("good.mjlog")).unwrap();
    let out = bounded(&["review".as_ref(), "-".as_ref(), "--json".as_ref()], &log);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    let out = bounded(&["stats".as_ref(), "-".as_ref()], &log);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("games: 1, players: 4\n"));
    // `<(...)`: a pipe named /dev/fd/N.
    let out = bounded_cmd(
        Command::new("bash")
            .arg("-c")
            .arg(r#""$0" replay <(cat "$1")"#)
            .arg(env!("CARGO_BIN_EXE_tenpai"))
            .arg(logs().join("good.mjlog")),
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.starts_with("files: 1 read, 0 not read\n"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `stats` counts a game stored twice (the same Tenhou game id, as `.xml` and as
/// `.json`) once and says so; files that are not logs (whatever their names) are
/// skipped and counted in the summary line, not reported one by one; only a log that
/// fails to read is an error.
#[test]
fn stats_counts_a_game_once_and_skips_what_is_not_a_log() {
    let dir = temp_dir("stats");
    let id = "2019021004gm-00a9-0000-e2f6516d";
    let good = logs().join("good.mjlog");
    std::fs::copy(&good, dir.join(format!("{id}.xml"))).unwrap();
    // The same game as mjai JSON Lines, under the same id.
    let mjai = bounded(
        &[
            "convert".as_ref(),
            "--to".as_ref(),
            "mjai".as_ref(),
            good.as_os_str(),
        ],
        b"",
    );
    assert_eq!(mjai.status.code(), Some(0));
    std::fs::write(dir.join(format!("{id}.json")), &mjai.stdout).unwrap();
    // What a checkout holds beside logs.
    std::fs::write(dir.join("README.md"), "# notes\n").unwrap();
    std::fs::write(
        dir.join("package.json"),
        r#"{"name": "x", "version": "1.0.0"}"#,
    )
    .unwrap();
    std::fs::write(dir.join("page.html"), "<!doctype html><html></html>").unwrap();
    std::fs::write(dir.join("feed.xml"), "<?xml version=\"1.0\"?><rss/>").unwrap();

    let (out, err, code) = run(&["stats"], &[&dir]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(err.is_empty(), "{err}");
    assert!(
        out.ends_with(
            "games: 1, players: 4, 4 files skipped (not logs), 1 game stored twice counted once (same game id)\n"
        ),
        "{out}"
    );
    // The table's row of the winner (seat 1, one game, every win a tsumo).
    assert!(
        out.lines()
            .any(|l| l.starts_with("seat 1 ") && l.contains("100.0%  100.0%")),
        "{out}"
    );
    // JSON keeps standard output for the data; the counts go to stderr.
    let (out, err, code) = run(&["stats", "--json"], &[&dir]);
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().count(), 4);
    assert!(err.contains("1 game stored twice counted once"), "{err}");
    // A log that fails to read is still an error (exit 2), named.
    std::fs::copy(logs().join("truncated.json"), dir.join("cut.json")).unwrap();
    let (_, err, code) = run(&["stats"], &[&dir]);
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("cut.json: line 1, column 116: truncated JSON"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
