//! The rule books' own worked examples: `tests/data/rulebooks.jsonl`, one a line:
//! `{"source", "req": <ScoreRequest with "rules">, "expect": {...}}`.
//!
//! Each expectation is what the cited rule book states for its example (han, fu,
//! points, payments, yaku); nothing here was taken from our own output. Where a
//! book pictures the tiles and only describes them in words, the request's hand has
//! exactly the win tile, openness, dora and yaku the text states (the `source` says
//! so). Expectations (all optional): `yaku` (exact map name -> han), `yakuman`
//! (exact map name -> multiplier), `han`, `fu`, `points`, `limit`, `payments`.

use serde_json::Value;
use std::collections::BTreeMap;
use tenpai::score::{score_request, ScoreRequest};

fn as_map(v: &Value) -> BTreeMap<String, u64> {
    v.as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_u64().unwrap_or(u64::MAX)))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn rule_book_examples() {
    let text = include_str!("../data/rulebooks.jsonl");
    let mut failures = Vec::new();
    let mut per_rules: BTreeMap<String, usize> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("fixture line is JSON");
        let source = case["source"].as_str().unwrap_or("?").to_string();
        assert!(source.contains("http"), "no address in source: {source}");
        let rules = case["req"]["rules"].as_str().unwrap_or("").to_string();
        assert!(!rules.is_empty(), "{source}: the request names no rules");
        *per_rules.entry(rules).or_default() += 1;
        let req: ScoreRequest = serde_json::from_value(case["req"].clone()).expect("request");
        let e = case["expect"].as_object().cloned().unwrap_or_default();
        let r = match score_request(&req) {
            Ok(r) => r,
            Err(err) => {
                failures.push(format!("{source}: unexpected error {err}"));
                continue;
            }
        };
        let mut bad = Vec::new();
        if let Some(w) = e.get("yaku") {
            let got: BTreeMap<String, u64> = r
                .yaku
                .iter()
                .map(|y| (y.name.to_string(), u64::from(y.han)))
                .collect();
            if got != as_map(w) {
                bad.push(format!("yaku {got:?} != {:?}", as_map(w)));
            }
        }
        if let Some(w) = e.get("yakuman") {
            let got: BTreeMap<String, u64> = r
                .yakuman
                .iter()
                .map(|y| (y.name.to_string(), u64::from(y.multiplier)))
                .collect();
            if got != as_map(w) {
                bad.push(format!("yakuman {got:?} != {:?}", as_map(w)));
            }
        }
        for (k, got) in [("han", r.han), ("fu", r.fu), ("points", r.points)] {
            if let Some(w) = e.get(k).and_then(|v| v.as_u64()) {
                if w != u64::from(got) {
                    bad.push(format!("{k} {got} != {w}"));
                }
            }
        }
        if let Some(w) = e.get("limit").and_then(|v| v.as_str()) {
            if w != r.limit {
                bad.push(format!("limit {} != {w}", r.limit));
            }
        }
        if let Some(w) = e.get("payments") {
            if *w != r.payments {
                bad.push(format!("payments {} != {w}", r.payments));
            }
        }
        failures.extend(bad.into_iter().map(|b| format!("{source}: {b}")));
    }
    assert!(
        per_rules.get("ema").copied().unwrap_or(0) >= 7,
        "fixtures per preset: {per_rules:?}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
