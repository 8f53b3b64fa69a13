//! Every example a user is shown runs and answers what it shows: the examples at the end
//! of `tenpai --help` (and of each command's `--help`), each checked for what its
//! description promises, and every `$ tenpai ...` of the README, its output compared
//! line by line with the README's (a `...` line stands for lines left out).

use crate::run::show;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_tenpai"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A shell command line as a user types it, with the built `tenpai` first on the PATH.
fn sh(line: &str, dir: &Path, home: &Path) -> Output {
    let path = format!(
        "{}:{}",
        bin_dir().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("sh")
        .arg("-c")
        .arg(line)
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", home)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tenpai-ex-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A directory where the help's placeholders exist: `game.mjlog` (a 4-player log of
/// the test data) and `logs/` (the three-player logs of the test data and it).
fn placeholder_dir() -> PathBuf {
    let dir = temp_dir("help");
    let data = root().join("crates/tenpai/tests/data");
    std::fs::copy(data.join("logs/good.mjlog"), dir.join("game.mjlog")).unwrap();
    std::fs::create_dir_all(dir.join("logs")).unwrap();
    std::fs::copy(data.join("logs/good.mjlog"), dir.join("logs/good.mjlog")).unwrap();
    for f in ["chankan.json", "double_nukidora.json"] {
        std::fs::copy(data.join("sanma").join(f), dir.join("logs").join(f)).unwrap();
    }
    dir
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `tenpai serve` as written (it runs until stopped): its first line, then stopped.
/// Another program may hold port 8080: then its error must say so.
fn serve_first_line(line: &str, dir: &Path) -> String {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec {line}"))
        .current_dir(dir)
        .env("PATH", format!("{}:/usr/bin:/bin", bin_dir().display()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let _ = child.kill();
    let mut err = String::new();
    let _ = child.stderr.take().unwrap().read_to_string(&mut err);
    let _ = child.wait();
    if first.is_empty() {
        assert!(err.contains("8080"), "tenpai serve: {err}");
    }
    first
}

/// The examples of a `--help` text: the lines after `Examples:` (or one `Example:`
/// line), each a command and, after two spaces or more, what it answers.
fn help_examples(help: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut inside = false;
    for l in help.lines() {
        if let Some(rest) = l.strip_prefix("Example: ") {
            out.push((rest.trim().to_string(), String::new()));
        }
        if l.starts_with("Examples:") || l.trim_end() == "Example:" {
            inside = true;
            continue;
        }
        if inside {
            let Some(body) = l.strip_prefix("  ") else {
                inside = false;
                continue;
            };
            let (cmd, what) = match body.find("  ") {
                Some(i) => (body[..i].trim(), body[i..].trim()),
                None => (body.trim(), ""),
            };
            out.push((cmd.to_string(), what.to_string()));
        }
    }
    out
}

/// What each example of `tenpai --help` promises, checked on its output.
fn check_example(cmd: &str, out: &Output, dir: &Path, home: &Path) {
    let stdout = text(&out.stdout);
    let ok = |cond: bool, what: &str| {
        assert!(cond, "`{cmd}`: {what}\n{}", show(out));
    };
    let words: Vec<&str> = cmd.split_whitespace().collect();
    let sub = if words[0] == "tenpai" {
        words[1]
    } else {
        "score"
    };
    match sub {
        s if s.starts_with('\'') => {
            ok(stdout.contains("regular"), "the readings");
            ok(stdout.contains("score"), "the score as ron");
        }
        "shanten" => {
            for form in ["regular", "chiitoitsu", "kokushi"] {
                ok(stdout.contains(form), form);
            }
        }
        "waits" => ok(stdout.contains(": tenpai, waits "), "the waits"),
        "ukeire" => ok(
            stdout
                .lines()
                .filter(|l| l.starts_with("  discard "))
                .count()
                >= 5,
            "every discard ranked",
        ),
        "advise" => {
            let head = stdout.lines().nth(1).unwrap_or("");
            ok(head.contains("win") && head.contains("ev"), "win and ev");
        }
        "safety" if cmd.contains("--json") => {
            let v: Value = serde_json::from_str(stdout.trim()).unwrap();
            let tiles = v["tiles"].as_array().unwrap();
            ok(!tiles.is_empty(), "every tile of the hand");
            ok(tiles[0]["deal_in"] == 0.0, "a genbutsu first");
        }
        "safety" => {
            ok(
                stdout.lines().nth(1).unwrap_or("").contains("deal-in"),
                "the chances",
            );
            ok(stdout.contains("genbutsu"), "the labels");
        }
        "score" if cmd.contains("--json") => {
            let v: Value = serde_json::from_str(stdout.trim()).unwrap();
            ok(v["points"].as_u64().unwrap_or(0) > 0, "the points");
        }
        "score" => {
            for k in ["yaku", "fu", "value"] {
                ok(stdout.lines().any(|l| l.starts_with(k)), k);
            }
        }
        "decompose" => {
            let v: Value = serde_json::from_str(stdout.trim()).unwrap();
            ok(v["complete"] == true, "a complete hand");
            ok(
                !v["decompositions"].as_array().unwrap().is_empty(),
                "its readings",
            );
        }
        "replay" if cmd.contains("--json") => {
            let types: std::collections::BTreeSet<String> = stdout
                .lines()
                .map(|l| {
                    serde_json::from_str::<Value>(l).unwrap()["type"]
                        .as_str()
                        .unwrap()
                        .to_string()
                })
                .collect();
            ok(types.len() == 3, "win, round and game lines");
        }
        "replay" => {
            ok(stdout.contains("agreements: "), "the check of every win");
            let games = if cmd.contains("logs/") {
                "games: 3,"
            } else {
                "games: 1,"
            };
            ok(stdout.contains(games), "every log given");
        }
        "stats" if cmd.contains("--player") => {
            let rows: Vec<&str> = stdout.lines().skip(1).collect();
            ok(
                rows.len() == 2 && rows[0].starts_with("seat 1 "),
                "that player alone",
            );
        }
        "stats" => {
            ok(stdout.starts_with("player "), "a table");
            ok(stdout.contains("TiccyWu"), "the players of logs/");
        }
        "review" if cmd.contains("--html") => {
            let page = std::fs::read_to_string(dir.join("game.html")).unwrap_or_default();
            ok(stdout.starts_with("wrote game.html: "), "what was written");
            ok(page.starts_with("<!doctype html>"), "a page");
            ok(
                page.contains(r#""seat":3,"name""#),
                "every player in the page",
            );
            ok(stdout.contains("(seat 3)"), "every player");
        }
        "review" => {
            ok(stdout.starts_with("review of "), "the review");
            ok(stdout.contains("discards: "), "the summary");
        }
        "convert" => {
            let first: Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
            ok(first["type"] == "start_game", "mjai events");
        }
        "completions" => {
            let file = if words[2] == "bash" {
                home.join(".local/share/bash-completion/completions/tenpai")
            } else {
                home.join(".zfunc/_tenpai")
            };
            let script = std::fs::read_to_string(&file).unwrap_or_default();
            ok(script.contains("tenpai"), "a completion script");
        }
        other => panic!(
            "no check for the example `{cmd}` ({other}) in {}",
            dir.display()
        ),
    }
}

#[test]
fn help_examples_answer_what_they_say() {
    let top = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .arg("--help")
        .output()
        .unwrap();
    let mut examples = help_examples(&text(&top.stdout));
    // The commands' own examples.
    for sub in [
        "completions",
        "review",
        "stats",
        "convert",
        "advise",
        "replay",
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .args([sub, "--help"])
            .output()
            .unwrap();
        examples.extend(help_examples(&text(&out.stdout)));
    }
    let covered: std::collections::BTreeSet<String> = examples
        .iter()
        .filter_map(|(c, _)| {
            let w: Vec<&str> = c.split_whitespace().collect();
            let i = w.iter().position(|x| *x == "tenpai")?;
            Some(w.get(i + 1).map_or("", |s| s).to_string())
        })
        .collect();
    for sub in [
        "shanten",
        "waits",
        "ukeire",
        "advise",
        "score",
        "decompose",
        "replay",
        "stats",
        "review",
        "convert",
        "serve",
        "completions",
    ] {
        assert!(
            covered.contains(sub),
            "no example of `tenpai {sub}` in --help"
        );
    }
    let dir = placeholder_dir();
    let home = dir.join("home");
    std::fs::create_dir_all(home.join(".local/share/bash-completion/completions")).unwrap();
    std::fs::create_dir_all(home.join(".zfunc")).unwrap();
    let mut ran = 0;
    for (cmd, _what) in &examples {
        if cmd == "tenpai serve" {
            if cfg!(feature = "serve") {
                let first = serve_first_line(cmd, &dir);
                assert!(
                    first.is_empty()
                        || first.trim() == "tenpai serve: listening on http://127.0.0.1:8080/",
                    "{first}"
                );
            }
            continue;
        }
        let out = sh(cmd, &dir, &home);
        assert_eq!(out.status.code(), Some(0), "`{cmd}`\n{}", show(&out));
        check_example(cmd, &out, &dir, &home);
        ran += 1;
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(ran >= 20, "{ran} examples ran");
}

/// One `$ ...` of the README with the lines it shows.
struct Shown {
    line: usize,
    cmd: String,
    output: Vec<String>,
}

/// The README's shell sessions: in ```text blocks, each `$ ` line and the lines after
/// it up to the next `$ ` or the end of the block.
fn readme_sessions(readme: &str) -> Vec<Shown> {
    let mut out: Vec<Shown> = Vec::new();
    let mut in_text = false;
    for (i, l) in readme.lines().enumerate() {
        if l.starts_with("```") {
            in_text = l == "```text";
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(cmd) = l.strip_prefix("$ ") {
            out.push(Shown {
                line: i + 1,
                cmd: cmd.to_string(),
                output: Vec::new(),
            });
        } else if let Some(last) = out.last_mut() {
            last.output.push(l.to_string());
        }
    }
    out
}

/// `got` shows `want`: the same lines, where a `...` line of `want` stands for any
/// number of lines (at least one).
fn matches(want: &[String], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((w, rest)) if w == "..." => (1..=got.len()).any(|k| matches(rest, &got[k..])),
        Some((w, rest)) => {
            !got.is_empty() && got[0].trim_end() == w.trim_end() && matches(rest, &got[1..])
        }
    }
}

/// A POST as the README's `curl -s URL -d 'BODY'` sends it, to `addr`.
fn post(addr: &str, url: &str, body: &str) -> String {
    let path = &url[url.find('/').unwrap()..];
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut resp = String::new();
    s.read_to_string(&mut resp).unwrap();
    let (head, body) = resp.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    body.to_string()
}

#[test]
fn readme_examples_answer_what_they_show() {
    let root = root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    // The quick start: `cargo run --release -- ARGS` is `tenpai ARGS`.
    let quick = readme
        .lines()
        .find_map(|l| l.strip_prefix("cargo run --release -- "))
        .expect("the quick start's command");
    let out = sh(&format!("tenpai {quick}"), &root, &root);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    assert!(
        text(&out.stdout)
            .lines()
            .any(|l| l.starts_with("complete ")),
        "the quick start's hand is complete:\n{}",
        show(&out)
    );
    let sessions = readme_sessions(&readme);
    assert!(sessions.len() >= 14, "{} examples", sessions.len());
    let mut server: Option<(std::process::Child, String)> = None;
    for s in &sessions {
        let what = format!("README.md:{}: $ {}", s.line, s.cmd);
        if s.cmd == "tenpai serve" {
            if !cfg!(feature = "serve") {
                continue;
            }
            // On a free port instead of 8080; its first line says which.
            let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
                .args(["serve", "--addr", "127.0.0.1:0"])
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            let mut first = String::new();
            BufReader::new(child.stdout.take().unwrap())
                .read_line(&mut first)
                .unwrap();
            let addr = first
                .trim()
                .strip_prefix("tenpai serve: listening on http://")
                .and_then(|a| a.strip_suffix('/'))
                .unwrap_or_else(|| panic!("{what}: {first}"))
                .to_string();
            let port = addr.rsplit(':').next().unwrap();
            assert_eq!(vec![first.trim().replace(port, "8080")], s.output, "{what}");
            server = Some((child, addr));
            continue;
        }
        if let Some(rest) = s.cmd.strip_prefix("curl -s ") {
            let Some((_, addr)) = &server else {
                if cfg!(feature = "serve") {
                    panic!("{what}: no server started");
                }
                continue;
            };
            let (url, body) = rest.split_once(" -d ").unwrap();
            let body = body.trim_matches('\'');
            let got = post(addr, url, body);
            assert_eq!(vec![got.trim_end().to_string()], s.output, "{what}");
            continue;
        }
        assert!(s.cmd.starts_with("tenpai "), "{what}: not a tenpai command");
        let out = sh(&s.cmd, &root, &root);
        let stdout = text(&out.stdout);
        let got: Vec<&str> = stdout.lines().collect();
        assert!(
            matches(&s.output, &got),
            "{what}\n--- README shows\n{}\n--- the command answers\n{}",
            s.output.join("\n"),
            show(&out)
        );
    }
    if let Some((mut child, _)) = server {
        let _ = child.kill();
        let _ = child.wait();
    }
}
