//! Reading scoring requests from JSON (`ScoreRequest::from_json`, what `tenpai score -`
//! and the HTTP API read): `tests/data/score_requests.jsonl`, one case a line,
//! `{"name", "text", "expect"}` with `expect` either `{"ok": {field: value}}` (the
//! fields read, as the request's JSON writes them) or `{"error": substring,
//! "error_absent"?: substring, "position": 0-based character offset or null}`.
//!
//! The positions were counted on the texts themselves (in characters: glyphs are one
//! each), independently of the reader: the key of an unknown or out-of-range field
//! (not an earlier value with the same text), the character where the JSON breaks (on
//! any line), the last character of a truncated text.

use serde_json::Value;
use tenpai::score::ScoreRequest;

#[test]
fn score_requests_read_or_refused_with_positions() {
    let data = include_str!("../data/score_requests.jsonl");
    let mut bad = Vec::new();
    let mut n = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        n += 1;
        let case: Value = serde_json::from_str(line).expect("a fixture line");
        let name = case["name"].as_str().unwrap_or("?");
        let text = case["text"].as_str().expect("text");
        let expect = &case["expect"];
        match (ScoreRequest::from_json(text), expect.get("ok")) {
            (Ok(req), Some(Value::Object(want))) => {
                let got = serde_json::to_value(&req).expect("a request serializes");
                for (k, v) in want {
                    if got.get(k) != Some(v) {
                        bad.push(format!("{name}: {k} = {:?}, expected {v}", got.get(k)));
                    }
                }
            }
            (Ok(_), _) => bad.push(format!("{name}: read, expected an error")),
            (Err(e), Some(_)) => bad.push(format!("{name}: refused: {e}")),
            (Err(e), None) => {
                let msg = match &e {
                    tenpai::Error::Request { message, .. } => message.clone(),
                    other => {
                        bad.push(format!("{name}: not a request error: {other}"));
                        continue;
                    }
                };
                let want = expect["error"].as_str().unwrap_or("");
                if !msg.contains(want) {
                    bad.push(format!("{name}: error {msg:?} lacks {want:?}"));
                }
                if let Some(absent) = expect.get("error_absent").and_then(Value::as_str) {
                    if msg.contains(absent) {
                        bad.push(format!("{name}: error {msg:?} has {absent:?}"));
                    }
                }
                let pos = expect["position"].as_u64().map(|p| p as usize);
                if e.position() != pos {
                    bad.push(format!(
                        "{name}: position {:?}, expected {pos:?}",
                        e.position()
                    ));
                }
            }
        }
    }
    assert!(n >= 20, "only {n} cases");
    assert!(
        bad.is_empty(),
        "{} problem(s):\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn score_request_fields_and_suggestions() {
    let fields = ScoreRequest::fields();
    assert_eq!(fields[0], "hand");
    // Every key a request's JSON writes is a field (fields at their default are left
    // out), and the request read back from it is the same.
    let req = ScoreRequest::from_json(
        r#"{"hand": "123m456p789s11z222z", "riichi": true, "honba": 2, "aotenjou": true, "nukidora": 1}"#,
    )
    .expect("a request");
    let Value::Object(written) = serde_json::to_value(&req).expect("serializes") else {
        panic!("a request writes an object")
    };
    for k in written.keys() {
        assert!(fields.contains(k), "{k} written but not a field");
    }
    assert!(written.len() >= 5, "{written:?}");
    let again = ScoreRequest::from_json(&Value::Object(written).to_string()).expect("read back");
    assert_eq!(
        serde_json::to_value(&again).expect("serializes"),
        serde_json::to_value(&req).expect("serializes")
    );
    for f in &fields {
        assert_eq!(ScoreRequest::closest_field(f), None, "{f} is a field");
    }
    assert_eq!(
        ScoreRequest::closest_field("seat").as_deref(),
        Some("seat_wind")
    );
    assert_eq!(
        ScoreRequest::closest_field("riichii").as_deref(),
        Some("riichi")
    );
    assert_eq!(
        ScoreRequest::closest_field("honbaa").as_deref(),
        Some("honba")
    );
    assert_eq!(ScoreRequest::closest_field("xyzzy"), None);
}
