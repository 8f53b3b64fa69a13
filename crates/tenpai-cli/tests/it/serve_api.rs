//! `tenpai serve`: every API endpoint answers the very bytes the CLI prints with
//! `--json` for the same input, bad requests get a 4xx JSON error naming the problem,
//! and the server goes on serving. The server is the real binary on a loopback port;
//! the client is a few lines of HTTP/1.1 over a TCP stream.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A server on a free loopback port, killed when dropped.
pub struct Server {
    child: Child,
    pub addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start() -> Server {
    start_with(&[])
}

pub fn start_with(extra: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(if extra.contains(&"--time-limit") {
            &[][..]
        } else {
            &["--time-limit", "20"][..]
        })
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start tenpai serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("tenpai serve: listening on http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_string();
    Server { child, addr }
}

/// One HTTP response: status, content type, body.
#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    content_type: String,
    pub body: String,
}

impl Resp {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }
}

pub fn request(addr: &str, method: &str, path: &str, body: &[u8]) -> Resp {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    // A server may answer (413) before reading all of a large body and close: a
    // failed write of the rest is expected then.
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8(raw).expect("UTF-8 response");
    let (head, body) = text.split_once("\r\n\r\n").expect("a complete response");
    let status = head[9..12].parse().unwrap();
    let content_type = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-type: ")
                .map(str::to_string)
        })
        .unwrap_or_default();
    Resp {
        status,
        content_type,
        body: body.to_string(),
    }
}

fn post(addr: &str, path: &str, body: &str) -> Resp {
    request(addr, "POST", path, body.as_bytes())
}

/// The CLI's standard output for `args` (and `stdin`).
fn cli(args: &[&str], stdin: Option<&str>) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    {
        let mut si = child.stdin.take().unwrap();
        if let Some(t) = stdin {
            si.write_all(t.as_bytes()).unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

fn shared() -> PathBuf {
    let dir = std::env::var_os("TENPAI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    assert!(
        dir.join("corpus").is_dir(),
        "{} is absent: this test needs ../shared (it must be present under CI=true; \
         elsewhere the test is ignored when it is absent)",
        dir.display()
    );
    dir
}

/// Hands of every kind: 13 and 14 tiles, calls, red fives, complete, kokushi, pairs.
const HANDS: [&str; 12] = [
    "123m456p789s1122z",
    "1112223334444z",
    "19m19p19s1234567z",
    "123m406p789s11z (555z)",
    "234m406p789s11z (555z)",
    "11223344556677z",
    "1112345678999m",
    "23456m22p (789s) [1111z]",
    "13579m2468p1357s",
    "123456789m1234p5p",
    "119m19p19s123456z",
    "40m 5m 55p 123s 789s 11z",
];

/// The API's answer to `request` is the CLI's for `cli_args`: its standard output
/// (200), or for an input the CLI refuses its JSON error (422, with `position`).
fn same(addr: &str, endpoint: &str, request: &str, cli_args: &[&str]) {
    let r = post(addr, &format!("/api/{endpoint}"), request);
    let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .args(cli_args)
        .output()
        .unwrap();
    let what = format!("{endpoint} {request} vs {cli_args:?}");
    assert_eq!(r.content_type, "application/json", "{what}");
    if out.status.success() {
        assert_eq!(r.status, 200, "{what}: {}", r.body);
        assert_eq!(r.body, String::from_utf8(out.stdout).unwrap(), "{what}");
    } else {
        assert_eq!(r.status, 422, "{what}: {}", r.body);
        let mut expected: Value = serde_json::from_slice(&out.stderr).unwrap();
        if expected.get("position").is_none() {
            expected["position"] = Value::Null;
        }
        assert_eq!(r.json(), expected, "{what}");
    }
}

#[test]
fn hand_endpoints_answer_the_cli_json() {
    let s = start();
    for hand in HANDS {
        let req = json!({ "hand": hand }).to_string();
        for cmd in ["shanten", "ukeire", "decompose", "summary"] {
            let args: Vec<&str> = if cmd == "summary" {
                vec![hand, "--json"]
            } else {
                vec![cmd, hand, "--json"]
            };
            same(&s.addr, cmd, &req, &args);
            // The hand as plain text is the same request.
            same(&s.addr, cmd, hand, &args);
        }
        same(&s.addr, "waits", &req, &["waits", hand, "--json"]);
    }
    // A hand the CLI refuses is refused alike: its JSON error.
    for bad in ["123m45x6p", "11112m", "123m456p789s1122z (123z)"] {
        for cmd in ["shanten", "waits", "ukeire", "decompose"] {
            same(
                &s.addr,
                cmd,
                &json!({ "hand": bad }).to_string(),
                &[cmd, bad, "--json"],
            );
        }
    }
    let req = json!({"hand": "123m456p789s1122z", "visible": "3z3z1m"}).to_string();
    same(
        &s.addr,
        "ukeire",
        &req,
        &[
            "ukeire",
            "123m456p789s1122z",
            "--visible",
            "3z3z1m",
            "--json",
        ],
    );
}

/// `"players": 3` is the CLI's `--players 3` (2m-8m out of the game); other counts are
/// a 400 naming the field.
#[test]
fn three_player_requests_answer_the_cli_json() {
    let s = start();
    // 1-shanten with four players, 2-shanten with three (2m-8m are never drawn).
    let hand = "1111m9999m11p123s";
    for cmd in ["shanten", "ukeire"] {
        let req = json!({ "hand": hand, "players": 3 }).to_string();
        same(&s.addr, cmd, &req, &[cmd, hand, "--players", "3", "--json"]);
    }
    let three = post(
        &s.addr,
        "/api/shanten",
        &json!({"hand": hand, "players": 3}).to_string(),
    );
    let four = post(
        &s.addr,
        "/api/shanten",
        &json!({"hand": hand, "players": 4}).to_string(),
    );
    assert_eq!(
        (
            three.json()["shanten"].as_i64(),
            four.json()["shanten"].as_i64()
        ),
        (Some(2), Some(1))
    );
    // A 2m in a three-player hand: the CLI's error, with its position.
    let bad = "123m456p789s1122z";
    let req = json!({ "hand": bad, "players": 3 }).to_string();
    same(
        &s.addr,
        "shanten",
        &req,
        &["shanten", bad, "--players", "3", "--json"],
    );
    let r = post(
        &s.addr,
        "/api/shanten",
        &json!({"hand": hand, "players": 5}).to_string(),
    );
    check_error(&r, 400, &["players", "5"]);
}

#[test]
fn advise_answers_the_cli_json() {
    let s = start();
    for (req, args) in [
        (
            json!({"hand": "123m456p789s11223z", "changes": 0}),
            vec!["advise", "123m456p789s11223z", "--changes", "0", "--json"],
        ),
        (
            json!({"hand": "23m456p789s11223z4s", "changes": 0, "draws": 8, "dora": "1z",
                   "round": "S", "seat": "W", "rules": "majsoul", "sort": "win",
                   "riichi": "never", "visible": "1m4m"}),
            vec![
                "advise",
                "23m456p789s11223z4s",
                "--changes",
                "0",
                "--draws",
                "8",
                "--dora",
                "1z",
                "--round",
                "S",
                "--seat",
                "W",
                "--rules",
                "majsoul",
                "--sort",
                "win",
                "--riichi",
                "never",
                "--visible",
                "1m4m",
                "--json",
            ],
        ),
        (
            json!({"hand": "123m456p789s1123z"}),
            vec!["advise", "123m456p789s1123z", "--json"],
        ),
        // The call options on an offered tile (issue 25).
        (
            json!({"hand": "234m66p678s689s77z", "offer": "7z", "from": "across", "draws": 4}),
            vec![
                "advise",
                "234m66p678s689s77z",
                "--offer",
                "7z",
                "--from",
                "across",
                "--draws",
                "4",
                "--json",
            ],
        ),
        (
            json!({"hand": "678m67m123p456s11z", "offer": "5m", "kuikae": true, "furiten": true, "draws": 3}),
            vec![
                "advise",
                "678m67m123p456s11z",
                "--offer",
                "5m",
                "--kuikae",
                "--furiten",
                "--draws",
                "3",
                "--json",
            ],
        ),
    ] {
        same(&s.addr, "advise", &req.to_string(), &args);
    }
    // An illegal call: the CLI's message, 422.
    let r = post(
        &s.addr,
        "/api/advise",
        r#"{"hand": "234m66p678s689s77z", "offer": "7s", "from": "across", "call": "chi"}"#,
    );
    assert_eq!(r.status, 422);
    assert!(r.json()["error"]
        .as_str()
        .unwrap()
        .contains("only from the player on the left"));
    // An option the CLI refuses is refused with the CLI's message.
    let r = post(
        &s.addr,
        "/api/advise",
        r#"{"hand": "123m456p789s1123z", "sort": "luck"}"#,
    );
    assert_eq!(r.status, 422);
    assert!(r.json()["error"].as_str().unwrap().contains("--sort"));
}

#[test]
fn safety_answers_the_cli_json() {
    let s = start();
    let req = json!({"hand": "23467m3055p1788s3z", "river": "19m4z7p2s6z3m8p", "riichi_at": 5,
                     "after": "5z", "visible": "1z2z", "dora": "4p"});
    same(
        &s.addr,
        "safety",
        &req.to_string(),
        &[
            "safety",
            "23467m3055p1788s3z",
            "--river",
            "19m4z7p2s6z3m8p",
            "--riichi-at",
            "5",
            "--after",
            "5z",
            "--visible",
            "1z2z",
            "--dora",
            "4p",
            "--json",
        ],
    );
    // Several opponents; a bad request (400) and a bad situation (422).
    let two = json!({"hand": "123m456p789s1122z5z",
                     "opponents": [{"river": "5z19m"}, {"river": "3p", "calls": "[7777z]"}]});
    let r = post(&s.addr, "/api/safety", &two.to_string());
    assert_eq!(r.status, 200);
    assert_eq!(
        r.json()["tiles"][0]["per_opponent"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let r = post(
        &s.addr,
        "/api/safety",
        r#"{"hand": "1m", "river": "1z", "turn": 3}"#,
    );
    assert_eq!(r.status, 400);
    let r = post(
        &s.addr,
        "/api/safety",
        r#"{"hand": "1m", "river": "19m", "riichi_at": 4}"#,
    );
    check_error(&r, 422, &["riichi index 4"]);
}

/// Score requests: own ones, and the first wins of the shared corpus as requests.
#[test]
fn score_answers_the_cli_json() {
    let s = start();
    let requests: Vec<String> = vec![
        json!({"hand": "234567m34088p67s5s", "tsumo": true, "riichi": true, "seat_wind": "S",
               "dora": ["1m"], "ura": ["7p"], "honba": 1, "riichi_sticks": 2})
        .to_string(),
        json!({"hand": "19m19p19s1234567z1m"}).to_string(),
        json!({"hand": "123m406p789s11z (555z)", "win": "1z", "rules": "majsoul"}).to_string(),
        json!({"hand": "11122233344455z", "tsumo": true, "kazoe": "sanbaiman"}).to_string(),
        json!({"hand": "22334455m667788p", "riichi": true, "ippatsu": true, "double_wind_fu": 2})
            .to_string(),
    ];
    for r in &requests {
        let expected = cli(&["score", "-", "--json"], Some(&format!("{r}\n")));
        let got = post(&s.addr, "/api/score", r);
        assert_eq!(got.status, 200, "{r}: {}", got.body);
        assert_eq!(got.body, expected, "{r}");
    }
    // The plain hand form is `tenpai score HAND --json`.
    same(
        &s.addr,
        "score",
        "234m406p789s11z (555z)",
        &["score", "234m406p789s11z (555z)", "--json"],
    );
}

#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn corpus_hands_and_logs_answer_the_cli_json() {
    let dir = shared();
    let s = start();
    // Shanten corpus lines: 14 tile indices (0..136) then expected values.
    let text = std::fs::read_to_string(dir.join("corpus/shanten/p_normal_10000.txt")).unwrap();
    for line in text.lines().take(20) {
        let ids: Vec<usize> = line
            .split_whitespace()
            .take(14)
            .map(|x| x.parse().unwrap())
            .collect();
        let mut hand = String::new();
        for suit in 0..4 {
            let digits: String = ids
                .iter()
                .filter(|&&i| i / 9 == suit)
                .map(|&i| char::from(b'1' + (i % 9) as u8))
                .collect();
            if !digits.is_empty() {
                hand.push_str(&digits);
                hand.push("mpsz".as_bytes()[suit] as char);
            }
        }
        for cmd in ["shanten", "ukeire"] {
            same(
                &s.addr,
                cmd,
                &json!({ "hand": hand }).to_string(),
                &[cmd, &hand, "--json"],
            );
        }
    }
    // Real logs: the API's answer to the uploaded bytes is `tenpai replay FILE --json`.
    let mut logs: Vec<PathBuf> = Vec::new();
    let mut stack = vec![dir.join("corpus/tenhou/raw")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .is_some_and(|x| x == "mjlog" || x == "xml" || x == "json")
            {
                logs.push(p);
            }
        }
    }
    logs.sort();
    assert!(logs.len() >= 50, "the corpus has its logs");
    for p in logs.iter().step_by(logs.len() / 12) {
        let name = p.display().to_string();
        let expected = cli(&["replay", &name, "--json"], None);
        if expected.is_empty() {
            continue; // not a log the CLI reads (a known non-log)
        }
        let bytes = std::fs::read(p).unwrap();
        let path = format!("/api/replay?name={}", encode(&name));
        let r = request(&s.addr, "POST", &path, &bytes);
        assert_eq!(r.status, 200, "{name}: {}", r.body);
        assert_eq!(r.content_type, "application/x-ndjson");
        assert_eq!(r.body, expected, "{name}");
    }
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_./".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[test]
fn replay_answers_the_cli_json_for_an_uploaded_log() {
    let s = start();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenpai/tests/data/logs");
    let good = dir.join("good.mjlog");
    let name = good.display().to_string();
    let expected = cli(&["replay", &name, "--json"], None);
    assert!(expected.contains("\"type\":\"win\""));
    let path = format!("/api/replay?name={}", encode(&name));
    let r = request(&s.addr, "POST", &path, &std::fs::read(&good).unwrap());
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body, expected);
    // Without a name the file is called "upload".
    let r = request(
        &s.addr,
        "POST",
        "/api/replay",
        &std::fs::read(&good).unwrap(),
    );
    assert_eq!(
        r.body,
        expected.replace(&format!("\"{name}\""), "\"upload\"")
    );
    // A damaged log is a 422 with the reader's message.
    for bad in ["truncated.json", "tile_not_in_hand.mjlog", "empty.mjlog"] {
        let r = request(
            &s.addr,
            "POST",
            "/api/replay",
            &std::fs::read(dir.join(bad)).unwrap(),
        );
        assert!(
            r.status == 422 || r.status == 400,
            "{bad}: {} {}",
            r.status,
            r.body
        );
        assert!(!r.json()["error"].as_str().unwrap().is_empty());
    }
}

fn check_error(r: &Resp, status: u16, words: &[&str]) {
    assert_eq!(r.status, status, "{}", r.body);
    assert_eq!(r.content_type, "application/json");
    let v = r.json();
    let msg = v["error"].as_str().expect("an error message");
    for w in words {
        assert!(msg.contains(w), "{msg:?} lacks {w:?}");
    }
    assert!(v.get("position").is_some(), "position present: {v}");
}

#[test]
fn bad_requests_get_a_4xx_and_the_server_goes_on() {
    let s = start();
    let a = s.addr.as_str();
    let good = || {
        let r = post(a, "/api/shanten", r#"{"hand": "123m456p789s1122z"}"#);
        assert_eq!(r.status, 200, "the server still answers: {}", r.body);
        assert_eq!(r.json()["shanten"], 0);
    };
    // Malformed JSON: the position of the problem.
    let r = post(a, "/api/shanten", r#"{"hand": "123m456p789s1122z""#);
    check_error(&r, 400, &["cannot be read"]);
    assert_eq!(r.json()["position"], 28);
    let r = post(a, "/api/score", r#"{"hand": "123m456p789s1122z", tsumo}"#);
    check_error(&r, 400, &[]);
    assert!(r.json()["position"].is_u64());
    good();
    // A 10 MB body: refused as too large, with or without a declared length.
    let big = vec![b' '; 10 << 20];
    for endpoint in ["shanten", "score", "replay"] {
        let r = request(a, "POST", &format!("/api/{endpoint}"), &big);
        check_error(&r, 413, &["larger than"]);
    }
    let mut st = TcpStream::connect(a).unwrap();
    st.write_all(
        b"POST /api/score HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..10 {
        if st
            .write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
            .is_err()
            || st.write_all(&chunk).is_err()
            || st.write_all(b"\r\n").is_err()
        {
            break;
        }
    }
    let _ = st.write_all(b"0\r\n\r\n");
    let mut raw = String::new();
    let _ = st.read_to_string(&mut raw);
    assert!(raw.starts_with("HTTP/1.1 413"), "{raw}");
    good();
    // Unknown fields, named.
    let r = post(a, "/api/shanten", r#"{"hand": "123m", "hnad": 1}"#);
    check_error(&r, 400, &["hnad"]);
    let r = post(
        a,
        "/api/score",
        r#"{"hand": "123m456p789s1122z", "tsumoo": true}"#,
    );
    check_error(&r, 400, &["tsumoo"]);
    let r = post(
        a,
        "/api/advise",
        r#"{"hand": "123m456p789s1122z", "draw": 3}"#,
    );
    check_error(&r, 400, &["draw"]);
    // Wrong types.
    let r = post(a, "/api/shanten", r#"{"hand": 5}"#);
    check_error(&r, 400, &["invalid type"]);
    let r = post(
        a,
        "/api/score",
        r#"{"hand": "123m456p789s1122z", "honba": "x"}"#,
    );
    check_error(&r, 400, &[]);
    let r = post(
        a,
        "/api/advise",
        r#"{"hand": "123m456p789s1122z", "draws": -1}"#,
    );
    check_error(&r, 400, &[]);
    // Deep nesting.
    let deep = format!(
        "{{\"hand\": {}1{}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    for endpoint in ["shanten", "score", "advise", "ukeire"] {
        let r = request(a, "POST", &format!("/api/{endpoint}"), deep.as_bytes());
        assert!(
            r.status == 400 || r.status == 413,
            "{endpoint}: {}",
            r.status
        );
        assert!(r.json()["error"].is_string());
    }
    let deep = format!("{{\"hand\": {}1{}}}", "[".repeat(5000), "]".repeat(5000));
    for endpoint in ["shanten", "score", "advise", "ukeire"] {
        let r = post(a, &format!("/api/{endpoint}"), &deep);
        check_error(&r, 400, &[]);
    }
    good();
    // A bad hand: the CLI's message and position.
    let r = post(a, "/api/shanten", r#"{"hand": "123m45x6p"}"#);
    check_error(&r, 422, &[]);
    let v = r.json();
    let cli_err = {
        let out = Command::new(env!("CARGO_BIN_EXE_tenpai"))
            .args(["shanten", "123m45x6p", "--json"])
            .output()
            .unwrap();
        serde_json::from_slice::<Value>(&out.stderr).unwrap()
    };
    assert_eq!(v, cli_err, "the CLI's JSON error");
    assert_eq!(v["position"], 6);
    // Not UTF-8, empty, wrong method, unknown endpoint, unknown page.
    let r = request(a, "POST", "/api/shanten", b"12\xff3m");
    check_error(&r, 400, &["UTF-8"]);
    assert_eq!(r.json()["position"], 2);
    check_error(&post(a, "/api/score", "  "), 400, &["empty"]);
    check_error(&request(a, "GET", "/api/score", b""), 405, &["POST"]);
    check_error(&post(a, "/api/scroe", "{}"), 404, &["/api/score"]);
    check_error(&request(a, "GET", "/nope", b""), 404, &["no page"]);
    // Out-of-range values reach the scorer's own checks.
    let r = post(
        a,
        "/api/score",
        r#"{"hand": "123m456p789s1122z", "honba": 5000}"#,
    );
    assert!(r.status == 400 || r.status == 422, "{}", r.body);
    good();
}

#[test]
fn the_page_and_its_assets_are_served() {
    let s = start();
    let r = request(&s.addr, "GET", "/", b"");
    assert_eq!(r.status, 200);
    assert!(r.content_type.starts_with("text/html"));
    assert!(r.body.contains("/assets/app.js") && r.body.contains("id=\"palette\""));
    let r = request(&s.addr, "GET", "/assets/app.js", b"");
    assert_eq!(r.status, 200);
    assert!(r.content_type.starts_with("text/javascript"));
    assert!(r.body.contains("/api/"));
    let r = request(&s.addr, "GET", "/assets/style.css", b"");
    assert!(r.content_type.starts_with("text/css"));
    // The defence view: its script, and the page loads it.
    assert!(request(&s.addr, "GET", "/", b"")
        .body
        .contains("/assets/defence.js"));
    let r = request(&s.addr, "GET", "/assets/defence.js", b"");
    assert_eq!(r.status, 200);
    assert!(r.body.contains("api(\"safety\""));
}

/// `POST /api/review` answers the CLI's `review --json` lines, and with `?format=html`
/// the very page `review --html` writes; the seat, player and advise parameters work
/// as the flags; a log URL, a seat not in the game and a body that is not a log are
/// 4xx errors saying so.
#[test]
fn review_answers_the_cli_json_and_html_for_an_uploaded_log() {
    let s = start();
    let log = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tenpai/tests/data/review/two_e1_rounds.mjlog");
    let name = log.display().to_string();
    let bytes = std::fs::read(&log).unwrap();
    let post_log = |query: &str| request(&s.addr, "POST", &format!("/api/review{query}"), &bytes);
    for (query, flags) in [
        ("", vec![]),
        ("?seat=2", vec!["--seat", "2"]),
        ("?seat=all", vec!["--seat", "all"]),
        (
            "?player=Ann&advise=true",
            vec!["--player", "Ann", "--advise"],
        ),
    ] {
        let mut args = vec!["review", name.as_str(), "--json"];
        args.extend(flags.iter().copied());
        let expected = cli(&args, None);
        assert!(expected.lines().count() >= 10, "{expected}");
        let r = post_log(query);
        assert_eq!(r.status, 200, "{query}: {}", r.body);
        assert_eq!(r.content_type, "application/x-ndjson");
        assert_eq!(r.body, expected, "{query}");
    }
    let dir = std::env::temp_dir().join(format!("tenpai-api-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("r.html");
    let printed = cli(
        &[
            "review",
            &name,
            "--seat",
            "all",
            "--html",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(printed.starts_with("wrote "), "{printed}");
    let page = std::fs::read_to_string(&out).unwrap();
    let r = post_log(&format!("?seat=all&format=html&name={}", encode(&name)));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.content_type, "text/html; charset=utf-8");
    assert_eq!(r.body, page);
    std::fs::remove_dir_all(&dir).unwrap();

    for (query, body, status, words) in [
        ("?seat=7", &bytes[..], 422, &["seat 7", "4-player"][..]),
        ("?seat=x", &bytes[..], 400, &["seat", "all"][..]),
        ("?format=pdf", &bytes[..], 400, &["format", "html"][..]),
        (
            "?seat=0&player=Ann",
            &bytes[..],
            400,
            &["seat or player"][..],
        ),
        (
            "",
            b"https://tenhou.net/0/?log=2019081518gm-00a9-0000-cce9d00c",
            422,
            &["URL is not fetched"][..],
        ),
        ("", b"hello, not a log", 422, &["not a game log"][..]),
        ("", b"  \n", 400, &["empty request"][..]),
    ] {
        let r = request(&s.addr, "POST", &format!("/api/review{query}"), body);
        check_error(&r, status, words);
    }
}
