//! mjai export and import: every corpus log converted to mjai and read back gives the
//! same game (every win with its whole situation and record, every round's events,
//! deltas and scores, the final scores), hence identical scoring; every event has the
//! mjai shape; and mjai-reviewer's converter test data (tenhou.net/6 logs of the
//! corpus) convert with the event counts their rounds imply.

use serde_json::Value;
use tenpai::logs::{self, mjai, track};

use crate::common;

/// The mjai event shapes: required fields and their kinds.
fn check_shape(e: &Value) -> Result<(), String> {
    let ty = e["type"].as_str().ok_or("no type")?;
    let tile = |k: &str| {
        e[k].as_str()
            .and_then(tenpai::Tile::from_mjai)
            .map(|_| ())
            .ok_or(format!("{ty}.{k} is not a tile: {e}"))
    };
    let tiles = |k: &str, n: usize| {
        let a = e[k].as_array().ok_or(format!("{ty}.{k} is not a list"))?;
        if a.len() != n
            || a.iter()
                .any(|t| t.as_str().and_then(tenpai::Tile::from_mjai).is_none())
        {
            return Err(format!("{ty}.{k} is not {n} tiles: {e}"));
        }
        Ok(())
    };
    let seat = |k: &str| {
        e[k].as_u64()
            .filter(|&s| s < 4)
            .map(|_| ())
            .ok_or(format!("{ty}.{k} is not a seat: {e}"))
    };
    match ty {
        "start_game" => {
            if e["names"].as_array().map(Vec::len) != Some(4) {
                return Err(format!("start_game.names: {e}"));
            }
        }
        "start_kyoku" => {
            tile("bakaze")?;
            tile("dora_marker")?;
            for k in ["kyoku", "honba", "kyotaku", "oya"] {
                e[k].as_u64().ok_or(format!("start_kyoku.{k}"))?;
            }
            if e["scores"].as_array().map(Vec::len) != Some(4) {
                return Err("start_kyoku.scores".into());
            }
            let t = e["tehais"].as_array().ok_or("tehais")?;
            if t.len() != 4 || t.iter().any(|h| h.as_array().map(Vec::len) != Some(13)) {
                return Err(format!("start_kyoku.tehais: {e}"));
            }
        }
        "tsumo" => {
            seat("actor")?;
            tile("pai")?;
        }
        "dahai" => {
            seat("actor")?;
            tile("pai")?;
            e["tsumogiri"].as_bool().ok_or("dahai.tsumogiri")?;
        }
        "chi" | "pon" => {
            seat("actor")?;
            seat("target")?;
            tile("pai")?;
            tiles("consumed", 2)?;
        }
        "daiminkan" => {
            seat("actor")?;
            seat("target")?;
            tile("pai")?;
            tiles("consumed", 3)?;
        }
        "kakan" => {
            seat("actor")?;
            tile("pai")?;
            tiles("consumed", 3)?;
        }
        "ankan" => {
            seat("actor")?;
            tiles("consumed", 4)?;
        }
        "dora" => tile("dora_marker")?,
        "reach" | "reach_accepted" => seat("actor")?,
        "hora" => {
            seat("actor")?;
            seat("target")?;
        }
        "ryukyoku" | "end_kyoku" | "end_game" | "nukidora" => {}
        other => return Err(format!("unknown event type {other}")),
    }
    Ok(())
}

#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn every_corpus_log_round_trips_through_mjai() {
    let files = common::corpus::files_under(&common::corpus::shared_raw());
    let (mut games, mut wins, mut events) = (0, 0, 0);
    for f in &files {
        let Ok(game) = logs::read_file(f) else {
            continue;
        };
        games += 1;
        let text = mjai::to_mjai(&game);
        for line in text.lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            check_shape(&v).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            events += 1;
        }
        let back =
            logs::parse_log(text.as_bytes()).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(back.format, logs::LogFormat::Mjai);
        assert_eq!(back.rules, game.rules, "{}", f.display());
        assert_eq!(back.names, game.names, "{}", f.display());
        assert_eq!(back.wins, game.wins, "{}", f.display());
        assert_eq!(back.round_logs, game.round_logs, "{}", f.display());
        assert_eq!(back.final_scores, game.final_scores, "{}", f.display());
        // Hence the same scoring and the same score track.
        if game.rules.players == 4 {
            for (a, b) in game.wins.iter().zip(&back.wins) {
                assert_eq!(
                    logs::verify(a, &game.rules),
                    logs::verify(b, &back.rules),
                    "{}",
                    f.display()
                );
                wins += 1;
            }
            assert_eq!(
                track::check_game(&game).unwrap(),
                track::check_game(&back).unwrap()
            );
        }
    }
    assert!(
        games >= 260 && wins >= 1460 && events > 100_000,
        "{games} {wins} {events}"
    );
}

/// mjai-reviewer keeps tenhou.net/6 logs as its converter's test data (copied into the
/// corpus). Its converter writes, per round, one start_kyoku, one tsumo per draw (the
/// draws of the log, 60 and calls not being draws), one dahai per discard, and ends
/// each round with end_kyoku; our conversion must agree on those counts.
#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn mjai_reviewer_test_data_converts_with_the_counts_the_logs_imply() {
    let dir = common::corpus::shared_raw().join("Equim-chan__mjai-reviewer/convlog/tests/testdata");
    let files = common::corpus::files_under(&dir);
    let mut checked = 0;
    for f in files {
        let Ok(game) = logs::read_file(&f) else {
            continue;
        };
        let raw: Value = serde_json::from_slice(&std::fs::read(&f).unwrap()).unwrap();
        let text = mjai::to_mjai(&game);
        let evs: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let count = |t: &str| evs.iter().filter(|e| e["type"] == t).count();
        let rounds = raw["log"].as_array().unwrap();
        assert_eq!(count("start_kyoku"), rounds.len());
        assert_eq!(count("end_kyoku"), rounds.len());
        let (mut draws, mut discards) = (0, 0);
        for r in rounds {
            for s in 0..4 {
                // Draws: tile codes, and the called tile of chi/pon/daiminkan strings is
                // no draw; discards: codes, 60 and r-strings; 0 (after an open kan) is
                // no discard; kakan/ankan strings are no discard.
                for x in r[5 + 3 * s].as_array().unwrap() {
                    if x.is_number() {
                        draws += 1;
                    }
                }
                for x in r[6 + 3 * s].as_array().unwrap() {
                    match x {
                        Value::Number(n) if n.as_u64() != Some(0) => discards += 1,
                        Value::String(s) if s.starts_with('r') => discards += 1,
                        _ => {}
                    }
                }
            }
        }
        assert_eq!(count("tsumo"), draws, "{}", f.display());
        assert_eq!(count("dahai"), discards, "{}", f.display());
        checked += 1;
    }
    assert!(checked >= 15, "{checked}");
}

#[test]
fn hand_written_log_events_in_order() {
    let mj = common::Mj::new()
        .init(
            0,
            0,
            0,
            [25000; 4],
            [
                "5p22446688s1256z",
                "123456789m1235p",
                "446688p3s123477z",
                "113557799s1234z",
            ],
            "1z",
        )
        .draw(0, "9m")
        .discard(0, "9m")
        .draw_free(1, common::simple)
        .reach(1, 1);
    let id = *mj.hands[1].last().unwrap();
    let t = tenpai::Tile::from_136(id as u16, true).unwrap().to_string();
    let mj = mj
        .discard(1, &t)
        .reach(1, 2)
        .draw(2, "5z")
        .discard(2, "5z")
        .draw(3, "0p")
        .discard(3, "0p")
        .draw(0, "5p")
        .discard(0, "5p")
        .agari(
            1,
            0,
            "40,3900,0",
            "yaku=\"1,1,24,2\"",
            None,
            [-3900, 4900, 0, 0],
            None,
        );
    let text = mjai::to_mjai(&mj.game());
    let types: Vec<String> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        types,
        [
            "start_game",
            "start_kyoku",
            "tsumo",
            "dahai",
            "tsumo",
            "reach",
            "dahai",
            "reach_accepted",
            "tsumo",
            "dahai",
            "tsumo",
            "dahai",
            "tsumo",
            "dahai",
            "hora",
            "end_kyoku",
            "end_game"
        ]
    );
    let evs: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        evs[0]["names"],
        serde_json::json!(["Ann", "Bob", "あ", "Dee"])
    );
    assert_eq!(evs[1]["bakaze"], "E");
    assert_eq!(evs[1]["tehais"][1][12], "5p");
    assert_eq!(
        evs[3],
        serde_json::json!({"type": "dahai", "actor": 0, "pai": "9m", "tsumogiri": true})
    );
    assert_eq!(evs[8]["pai"], "P");
    // The red five is written as mjai writes it.
    assert_eq!(evs[10]["pai"], "5pr");
    assert_eq!(evs[14]["actor"], 1);
    assert_eq!(evs[14]["target"], 0);
    assert_eq!(evs[14]["deltas"], serde_json::json!([-3900, 4900, 0, 0]));
}
