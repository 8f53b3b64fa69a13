//! Data-driven scoring fixtures: `tests/data/score.jsonl`, one case a line:
//! `{"name", "req": <ScoreRequest>, "expect": {...}}`. Expectations (all optional):
//! `yaku` (exact map name -> han, dora included), `yakuman` (exact map name ->
//! multiplier), `has` / `absent` (names among yaku and yakuman), `han`, `fu`,
//! `points`, `limit`, `wait`, `payments`, `total_received`, `fu_items` (exact
//! breakdown `[reason, fu]`), `aotenjou` (the answer's exact aotenjou figures, as
//! the JSON writes them), `error` (a substring of the error message), `error_is`
//! (the whole message).
//!
//! The values were worked out by hand from the standard rules (and the seed 004
//! examples); the harness also checks that every yaku and yakuman name of the contract
//! is asserted present somewhere and absent somewhere, and that every fu item, limit
//! and wait appears.

use serde_json::{Map, Value};
use std::collections::BTreeSet;
use tenpai::score::{score_request, ScoreRequest};

const YAKU: [&str; 37] = [
    "menzen_tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "chankan",
    "rinshan",
    "haitei",
    "houtei",
    "pinfu",
    "tanyao",
    "iipeikou",
    "seat_wind",
    "round_wind",
    "haku",
    "hatsu",
    "chun",
    "chiitoitsu",
    "chanta",
    "ittsu",
    "sanshoku",
    "sanshoku_doukou",
    "sankantsu",
    "toitoi",
    "sanankou",
    "shousangen",
    "honroutou",
    "ryanpeikou",
    "junchan",
    "honitsu",
    "chinitsu",
    "renhou",
    "dora",
    "ura_dora",
    "aka_dora",
    "open_riichi",
    "double_open_riichi",
    "nagashi_mangan",
];

const YAKUMAN: [&str; 22] = [
    "tenhou",
    "chiihou",
    "renhou",
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "junsei_chuuren",
    "daisuushii",
    "shousuushii",
    "suukantsu",
    "sashikomi",
    "paarenchan",
    "daisharin",
    "daisuurin",
    "daichikurin",
    "daichisei",
];

const FU_REASONS: [&str; 17] = [
    "base",
    "closed_ron",
    "tsumo",
    "open_triplet_simple",
    "open_triplet_terminal",
    "closed_triplet_simple",
    "closed_triplet_terminal",
    "open_quad_simple",
    "open_quad_terminal",
    "closed_quad_simple",
    "closed_quad_terminal",
    "pair_dragon",
    "pair_seat_wind",
    "pair_round_wind",
    "pair_double_wind",
    "wait_kanchan",
    "wait_penchan",
];

const MORE_FU: [&str; 3] = ["wait_tanki", "open_pinfu", "chiitoitsu"];

const LIMITS: [&str; 7] = [
    "none",
    "mangan",
    "haneman",
    "baiman",
    "sanbaiman",
    "yakuman",
    "kazoe_yakuman",
];

const WAITS: [&str; 6] = [
    "ryanmen",
    "kanchan",
    "penchan",
    "tanki",
    "shanpon",
    "kokushi_13",
];

fn map_u32(v: &Value) -> BTreeSet<(String, u32)> {
    v.as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_u64().unwrap_or(0) as u32))
                .collect()
        })
        .unwrap_or_default()
}

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// Check one case; the problems found.
fn check(req: &ScoreRequest, e: &Map<String, Value>) -> Vec<String> {
    let mut bad = Vec::new();
    let got = score_request(req);
    if let Some(want) = e.get("error").and_then(|v| v.as_str()) {
        match got {
            Err(err) if err.to_string().contains(want) => {
                if let Some(exact) = e.get("error_is").and_then(|v| v.as_str()) {
                    if err.to_string() != exact {
                        bad.push(format!("error {err:?} is not exactly {exact:?}"));
                    }
                }
            }
            Err(err) => bad.push(format!("error {err:?} does not contain {want:?}")),
            Ok(r) => bad.push(format!("expected error {want:?}, got {} points", r.points)),
        }
        return bad;
    }
    let r = match got {
        Ok(r) => r,
        Err(err) => return vec![format!("unexpected error: {err}")],
    };
    let yaku: BTreeSet<(String, u32)> =
        r.yaku.iter().map(|y| (y.name.to_string(), y.han)).collect();
    let yakuman: BTreeSet<(String, u32)> = r
        .yakuman
        .iter()
        .map(|y| (y.name.to_string(), y.multiplier))
        .collect();
    let all: BTreeSet<&str> = r
        .yaku
        .iter()
        .map(|y| y.name.as_str())
        .chain(r.yakuman.iter().map(|y| y.name.as_str()))
        .collect();
    if let Some(v) = e.get("yaku") {
        if map_u32(v) != yaku {
            bad.push(format!("yaku {yaku:?} != {:?}", map_u32(v)));
        }
    }
    if let Some(v) = e.get("yakuman") {
        if map_u32(v) != yakuman {
            bad.push(format!("yakuman {yakuman:?} != {:?}", map_u32(v)));
        }
    }
    for n in names(e.get("has").unwrap_or(&Value::Null)) {
        if !all.contains(n.as_str()) {
            bad.push(format!("{n} missing from {all:?}"));
        }
    }
    for n in names(e.get("absent").unwrap_or(&Value::Null)) {
        if all.contains(n.as_str()) {
            bad.push(format!("{n} present in {all:?}"));
        }
    }
    let num = |k: &str| e.get(k).and_then(|v| v.as_u64()).map(|v| v as u32);
    for (k, got) in [
        ("han", r.han),
        ("fu", r.fu),
        ("points", r.points),
        ("total_received", r.total_received),
    ] {
        if let Some(w) = num(k) {
            if w != got {
                bad.push(format!("{k} {got} != {w}"));
            }
        }
    }
    for (k, got) in [("limit", &r.limit), ("wait", &r.wait)] {
        if let Some(w) = e.get(k).and_then(|v| v.as_str()) {
            if w != got {
                bad.push(format!("{k} {got} != {w}"));
            }
        }
    }
    // `hand`: the answer's canonical hand (a red five all four fives must hold, written 0).
    if let Some(w) = e.get("hand").and_then(|v| v.as_str()) {
        if w != r.hand.as_str() {
            bad.push(format!("hand {} != {w}", r.hand.as_str()));
        }
    }
    if let Some(w) = e.get("payments") {
        if *w != r.payments {
            bad.push(format!("payments {} != {w}", r.payments));
        }
    }
    if let Some(w) = e.get("aotenjou") {
        let got = serde_json::to_value(r.aotenjou).unwrap_or_default();
        if got != *w {
            bad.push(format!("aotenjou {got} != {w}"));
        }
    }
    if let Some(w) = e.get("fu_items") {
        let got: Vec<Value> = r
            .fu_breakdown
            .iter()
            .map(|f| serde_json::json!([f.reason, f.fu]))
            .collect();
        if Value::Array(got.clone()) != *w {
            bad.push(format!("fu_items {got:?} != {w}"));
        }
    }
    bad
}

#[test]
fn score_fixtures() {
    let text = include_str!("../data/score.jsonl");
    let mut failures = Vec::new();
    let (mut present, mut absent) = (BTreeSet::new(), BTreeSet::new());
    let (mut fu_seen, mut limits, mut waits) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("fixture line is JSON");
        let name = case["name"].as_str().unwrap_or("?").to_string();
        let req: ScoreRequest = serde_json::from_value(case["req"].clone()).expect("request");
        let e = case["expect"].as_object().cloned().unwrap_or_default();
        n += 1;
        for p in check(&req, &e) {
            failures.push(format!("{name}: {p}"));
        }
        // Coverage of the assertions themselves.
        for key in ["yaku", "yakuman"] {
            if let Some(m) = e.get(key).and_then(|v| v.as_object()) {
                present.extend(m.keys().cloned());
                let list: &[&str] = if key == "yaku" { &YAKU } else { &YAKUMAN };
                absent.extend(
                    list.iter()
                        .filter(|y| !m.contains_key(**y))
                        .map(|y| y.to_string()),
                );
            }
        }
        present.extend(names(e.get("has").unwrap_or(&Value::Null)));
        absent.extend(names(e.get("absent").unwrap_or(&Value::Null)));
        if let Some(items) = e.get("fu_items").and_then(|v| v.as_array()) {
            for it in items {
                let reason = it[0].as_str().unwrap_or("");
                fu_seen.insert(reason.split(' ').next().unwrap_or("").to_string());
            }
        }
        if let Some(l) = e.get("limit").and_then(|v| v.as_str()) {
            limits.insert(l.to_string());
        }
        if let Some(w) = e.get("wait").and_then(|v| v.as_str()) {
            waits.insert(w.to_string());
        }
    }
    assert!(n > 100, "only {n} fixtures");
    for y in YAKU.iter().chain(YAKUMAN.iter()) {
        if !present.contains(*y) {
            failures.push(format!("coverage: no fixture asserts {y} present"));
        }
        if !absent.contains(*y) {
            failures.push(format!("coverage: no fixture asserts {y} absent"));
        }
    }
    for f in FU_REASONS.iter().chain(MORE_FU.iter()) {
        if !fu_seen.contains(*f) {
            failures.push(format!("coverage: no fixture checks fu item {f}"));
        }
    }
    for l in LIMITS {
        if !limits.contains(l) {
            failures.push(format!("coverage: no fixture checks limit {l}"));
        }
    }
    for w in WAITS {
        if !waits.contains(w) {
            failures.push(format!("coverage: no fixture checks wait {w}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} problem(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
