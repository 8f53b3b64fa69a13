//! An independent oracle: 800 random hands (`scripts/gen-score-hands.py 800 5`) scored
//! by the Python `mahjong` library 2.1.0 (`HandCalculator`, Tenhou rules), answers kept
//! in `tests/data/python_mahjong_oracle.jsonl` (`scripts/make-python-oracle.py`). Our
//! answers must agree: both refuse (no yaku / not a hand), or the same total with honba
//! and sticks, the same set of yaku names, and, below yakuman, the same han (and the
//! same fu below mangan).

use serde_json::Value;
use std::collections::BTreeSet;
use tenpai::score::{score_request, ScoreRequest};

#[test]
fn agrees_with_python_mahjong() {
    let text = include_str!("data/python_mahjong_oracle.jsonl");
    let mut problems = Vec::new();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).expect("oracle line");
        let req: ScoreRequest = serde_json::from_value(v["req"].clone()).expect("request");
        let py = &v["py"];
        n += 1;
        let ours = score_request(&req);
        match (ours, py.get("error")) {
            (Err(_), Some(_)) => {}
            (Err(e), None) => {
                problems.push(format!("{}: we refuse ({e}), Python scores {py}", req.hand))
            }
            (Ok(r), Some(err)) => problems.push(format!(
                "{}: we score {} points, Python refuses ({err})",
                req.hand, r.points
            )),
            (Ok(r), None) => {
                let names: BTreeSet<String> = r
                    .yaku
                    .iter()
                    .map(|y| y.name.to_string())
                    .chain(r.yakuman.iter().map(|y| y.name.to_string()))
                    .collect();
                let want: BTreeSet<String> = py["yaku"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|x| x.as_str().map(String::from))
                    .collect();
                let mut bad = Vec::new();
                if py["total"].as_u64() != Some(r.total_received as u64) {
                    bad.push(format!("total {} vs {}", r.total_received, py["total"]));
                }
                if names != want {
                    bad.push(format!("yaku {names:?} vs {want:?}"));
                }
                if r.yakuman.is_empty() && py["han"].as_u64() != Some(r.han as u64) {
                    bad.push(format!("han {} vs {}", r.han, py["han"]));
                }
                if r.limit == "none" && py["fu"].as_u64() != Some(r.fu as u64) {
                    bad.push(format!("fu {} vs {}", r.fu, py["fu"]));
                }
                if !bad.is_empty() {
                    problems.push(format!("{}: {}", req.hand, bad.join("; ")));
                }
            }
        }
    }
    assert_eq!(n, 800);
    assert!(
        problems.is_empty(),
        "{} of {n} disagree:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
