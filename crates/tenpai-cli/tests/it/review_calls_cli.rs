//! `tenpai review --advise`: the call decisions (JSON lines of kind `call`, the text's
//! lines), against `tenpai advise --offer` on the position read from the log.

use super::review_cli::{data, run};
use serde_json::Value;

/// `--advise` adds the call decisions: JSON lines of kind `call` in game order between
/// the discards, whose options are `tenpai advise HAND --offer TILE --from F --json`'s
/// for the same position; the text lists each with a summary line.
#[test]
fn review_advise_values_the_call_decisions() {
    let log = data("review/two_e1_rounds.mjlog");
    let (code, json, err) = run(&["review", &log, "--advise", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Without --advise: the discards alone, the same lines.
    let (_, plain, _) = run(&["review", &log, "--json"]);
    assert!(plain.lines().all(|l| l.contains(r#""kind":"discard""#)));
    assert_eq!(
        lines.iter().filter(|t| t["kind"] == "discard").count(),
        plain.lines().count()
    );
    let calls: Vec<&Value> = lines.iter().filter(|t| t["kind"] == "call").collect();
    assert!(!calls.is_empty());
    // In game order: a call line's `turn` is the number of discards of the round
    // before it.
    let mut last = (String::new(), 0u64);
    for t in &lines {
        let round = format!("{}-{}", t["round"], t["honba"]);
        if round != last.0 {
            last = (round, 0);
        }
        if t["kind"] == "discard" {
            last.1 = t["turn"].as_u64().unwrap();
        } else {
            assert_eq!(t["turn"].as_u64(), Some(last.1), "{t}");
        }
    }
    // The first: E1-0, 3m from the left after the dealer's first discard.
    let c = calls[0];
    assert_eq!(
        (
            c["round"].as_str(),
            c["honba"].as_u64(),
            c["offer"].as_str(),
            c["from"].as_str()
        ),
        (Some("E1"), Some(0), Some("3m"), Some("left"))
    );
    let first = &lines[0];
    // The position, read from the log's tags (<D36/><U6/><E6/><V7/><F7/><W10/><G10/>):
    // the dealer's hand after discarding the 1p, the rivers then 1p 2m 2m and the
    // offered 3m, the indicator 1z.
    assert_eq!(first["discard"], "1p");
    let draws = c["own_draws"].as_u64().unwrap().min(30).to_string();
    let (_, advice, err) = run(&[
        "advise",
        c["hand"].as_str().unwrap(),
        "--offer",
        "3m",
        "--from",
        "left",
        "--draws",
        &draws,
        "--dora",
        "1z",
        "--visible",
        "1p2m2m3m",
        "--round",
        "E",
        "--seat",
        "E",
        "--json",
    ]);
    let advice: Value = serde_json::from_str(&advice).unwrap_or_else(|e| panic!("{e}: {err}"));
    let strip = |v: &Value| -> Vec<Value> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|o| {
                let mut o = o.clone();
                let m = o.as_object_mut().unwrap();
                m.remove("discards");
                m.remove("per_draw");
                o
            })
            .collect()
    };
    assert_eq!(strip(&c["options"]), strip(&advice["options"]));
    assert_eq!(c["best"], advice["best"]);
    assert_eq!(c["chosen"], "pass");
    let pass = c["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["option"] == "pass")
        .unwrap();
    assert_eq!(c["chosen_ev"], pass["ev"]);
    let loss = c["best_ev"].as_f64().unwrap() - pass["ev"].as_f64().unwrap();
    assert_eq!(c["loss"].as_f64(), Some(loss.max(0.0)));
    // Every call line: the loss is the gap between the best option and the chosen one.
    for c in &calls {
        let evs: Vec<f64> = c["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["ev"].as_f64().unwrap())
            .collect();
        assert!(evs.windows(2).all(|w| w[0] >= w[1]), "{c}");
        assert_eq!(c["best_ev"].as_f64(), evs.first().copied());
        assert_eq!(
            c["loss"].as_f64(),
            Some((evs[0] - c["chosen_ev"].as_f64().unwrap()).max(0.0))
        );
    }
    // The text: a summary line and one line per call decision.
    let (_, text, _) = run(&["review", &log, "--advise"]);
    let valued = calls.iter().filter(|c| !c["loss"].is_null()).count();
    let agree = calls.iter().filter(|c| c["agree"] == true).count();
    assert!(
        text.contains(&format!(
            "call decisions: {valued}, the engine's best chosen at {agree} ("
        )),
        "{text}"
    );
    assert_eq!(
        text.lines()
            .filter(|l| l.contains(" from left, hand ")
                || l.contains(" from across, hand ")
                || l.contains(" from right, hand "))
            .count(),
        calls.len(),
        "{text}"
    );
}
