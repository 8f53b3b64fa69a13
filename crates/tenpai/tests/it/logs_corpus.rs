//! The log reader against the corpus' independent win records (`agari.jsonl`): every
//! win's hand, calls, winning tile, winds, dora/ura, riichi, honba/sticks and situation
//! flags as rebuilt from the event stream.

#![allow(clippy::print_stderr)]

use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tenpai::logs::{self, Game, Win};
use tenpai::notation::format_tiles;

fn shared() -> PathBuf {
    let dir = std::env::var_os("TENPAI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    assert!(
        dir.join("corpus/tenhou/agari.jsonl").exists(),
        "{} is absent: this test needs ../shared (it must be present under CI=true; \
         elsewhere the test is ignored when it is absent)",
        dir.display()
    );
    dir
}

fn mpsz_list(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|x| x.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

fn tiles_list(t: &[tenpai::Tile]) -> Vec<String> {
    t.iter().map(|t| t.to_string()).collect()
}

fn check(win: &Win, rec: &Value) -> Vec<String> {
    let mut bad = Vec::new();
    let mut eq = |what: &str, ours: String, theirs: String| {
        if ours != theirs {
            bad.push(format!("{what}: rebuilt {ours}, recorded {theirs}"));
        }
    };
    let n = |k: &str| rec[k].as_u64().unwrap().to_string();
    eq(
        "round",
        win.round.to_string(),
        rec["round"]["index"].to_string(),
    );
    eq(
        "round label",
        win.round_label(),
        rec["round"]["label"].as_str().unwrap().into(),
    );
    eq("honba", win.honba.to_string(), n("honba"));
    eq("sticks", win.paid_sticks.to_string(), n("riichi_sticks"));
    eq("dealer", win.dealer.to_string(), n("dealer"));
    eq("winner", win.winner.to_string(), n("winner"));
    eq("from", win.from.to_string(), n("from_who"));
    eq("tsumo", win.tsumo.to_string(), rec["is_tsumo"].to_string());
    eq(
        "order",
        win.multi_ron_order.to_string(),
        rec["multi_ron_order"].to_string(),
    );
    eq(
        "seat wind",
        win.seat_wind.letter().to_string(),
        rec["seat_wind"].as_str().unwrap().into(),
    );
    eq(
        "round wind",
        win.round_wind.letter().to_string(),
        rec["round_wind"].as_str().unwrap().into(),
    );
    let hand = &rec["hand"];
    eq(
        "concealed",
        format_tiles(&win.concealed),
        hand["concealed_mpsz"].as_str().unwrap().into(),
    );
    eq(
        "win tile",
        win.win_tile.to_string(),
        hand["win_tile_mpsz"].as_str().unwrap().into(),
    );
    eq(
        "dora",
        format!("{:?}", tiles_list(&win.dora)),
        format!("{:?}", mpsz_list(&rec["dora_indicators_mpsz"])),
    );
    eq(
        "ura",
        format!("{:?}", tiles_list(&win.ura)),
        format!("{:?}", mpsz_list(&rec["ura_indicators_mpsz"])),
    );
    let mut ours: Vec<String> = win
        .calls
        .iter()
        .map(|c| {
            format!(
                "{} {} {} {} {}",
                c.kind.name(),
                format_tiles(&c.tiles),
                c.called.map(|t| t.to_string()).unwrap_or_default(),
                c.added.map(|t| t.to_string()).unwrap_or_default(),
                c.from
            )
        })
        .collect();
    let mut theirs: Vec<String> = rec["melds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            format!(
                "{} {} {} {} {}",
                m["type"].as_str().unwrap(),
                m["tiles_mpsz"].as_str().unwrap(),
                // A North extraction takes nothing from another player.
                if m["type"] == "nukidora" {
                    ""
                } else {
                    m["called_mpsz"].as_str().unwrap_or("")
                },
                m["added_mpsz"].as_str().unwrap_or(""),
                m["from_who"]
            )
        })
        .collect();
    ours.sort();
    theirs.sort();
    eq("calls", format!("{ours:?}"), format!("{theirs:?}"));
    let s = win.situation;
    eq(
        "riichi",
        s.riichi.to_string(),
        rec["riichi"]["accepted"].to_string(),
    );
    eq(
        "double riichi",
        s.double_riichi.to_string(),
        rec["riichi"]["double_riichi"].to_string(),
    );
    // The flags against the recorded yaku (an independent source for both formats).
    let ids: Vec<u64> = rec["expected"]["yaku"]
        .as_array()
        .unwrap()
        .iter()
        .chain(rec["expected"]["yakuman"].as_array().unwrap())
        .map(|y| y["id"].as_u64().unwrap())
        .collect();
    let yakuman = !rec["expected"]["yakuman"].as_array().unwrap().is_empty();
    for (flag, id, name) in [
        (s.ippatsu, 2, "ippatsu"),
        (s.chankan, 3, "chankan"),
        (s.rinshan, 4, "rinshan"),
        (s.haitei, 5, "haitei"),
        (s.houtei, 6, "houtei"),
        (s.double_riichi, 21, "double riichi"),
        (s.tenhou, 37, "tenhou"),
        (s.chiihou, 38, "chiihou"),
    ] {
        // A yakuman hand lists no ordinary yaku: only check the flags it would list.
        if yakuman && id < 37 {
            continue;
        }
        eq(name, flag.to_string(), ids.contains(&id).to_string());
    }
    // mjlog records also carry the extractor's own flags from the event stream.
    let sit = &rec["situation"];
    if let Some(c) = sit.get("ippatsu_candidate") {
        eq("ippatsu (stream)", s.ippatsu.to_string(), c.to_string());
        eq(
            "haitei (stream)",
            s.haitei.to_string(),
            sit["haitei_candidate"].to_string(),
        );
        eq(
            "houtei (stream)",
            s.houtei.to_string(),
            sit["houtei_candidate"].to_string(),
        );
        eq(
            "tenhou (stream)",
            s.tenhou.to_string(),
            sit["tenhou_candidate"].to_string(),
        );
        eq(
            "chiihou (stream)",
            s.chiihou.to_string(),
            sit["chiihou_candidate"].to_string(),
        );
    }
    eq(
        "chankan (stream)",
        s.chankan.to_string(),
        sit["robbing_kan"].to_string(),
    );
    eq(
        "rinshan (stream)",
        s.rinshan.to_string(),
        sit["after_kan_draw"].to_string(),
    );
    // The record: the same yaku, fu, points.
    let exp = &rec["expected"];
    let r = &win.recorded;
    let mut their_yaku: Vec<(u64, u64)> = exp["yaku"]
        .as_array()
        .unwrap()
        .iter()
        .map(|y| (y["id"].as_u64().unwrap(), y["han"].as_u64().unwrap()))
        .filter(|&(id, h)| !(id == 53 && h == 0))
        .collect();
    let mut our_yaku: Vec<(u64, u64)> = r
        .yaku
        .iter()
        .map(|&(id, h)| (u64::from(id), u64::from(h)))
        .filter(|&(id, h)| !(id == 53 && h == 0))
        .collect();
    their_yaku.sort();
    our_yaku.sort();
    eq(
        "recorded yaku",
        format!("{our_yaku:?}"),
        format!("{their_yaku:?}"),
    );
    eq(
        "recorded points",
        r.points.to_string(),
        exp["points"].to_string(),
    );
    eq(
        "recorded limit",
        r.limit.to_string(),
        exp["limit"].to_string(),
    );
    if !exp["fu"].is_null() {
        eq(
            "recorded fu",
            format!("{:?}", r.fu),
            format!("Some({})", exp["fu"]),
        );
    }
    bad
}

#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn rebuilt_wins_match_agari_jsonl() {
    let shared = shared();
    let corpus = shared.join("corpus/tenhou");
    let text = std::fs::read_to_string(corpus.join("agari.jsonl")).unwrap();
    let mut games: HashMap<String, Game> = HashMap::new();
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut sanma = 0;
    for line in text.lines() {
        let rec: Value = serde_json::from_str(line).unwrap();
        let file = rec["source_file"].as_str().unwrap().to_string();
        if !games.contains_key(&file) {
            let game = logs::read_file(&corpus.join("raw").join(&file))
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            games.insert(file.clone(), game);
        }
        let game = &games[&file];
        let i = rec["win_index_in_file"].as_u64().unwrap() as usize;
        let Some(win) = game.wins.get(i) else {
            failures.push(format!(
                "{}: win {i} missing (read {})",
                rec["id"],
                game.wins.len()
            ));
            continue;
        };
        checked += 1;
        let players = rec["rule"]["players"].as_u64().unwrap();
        assert_eq!(u64::from(game.rules.players), players, "{file}");
        assert_eq!(
            game.rules.red_fives,
            rec["rule"]["aka"].as_bool().unwrap(),
            "{file}"
        );
        assert_eq!(
            game.rules.open_tanyao,
            rec["rule"]["kuitan"].as_bool().unwrap(),
            "{file}"
        );
        for b in check(win, &rec) {
            failures.push(format!("{}: {b}", rec["id"].as_str().unwrap()));
        }
        // The text request (as `tenpai score -` reads it) scores exactly like the typed
        // path `verify` takes.
        // 3-player wins too (under tenhou-sanma, with the extracted Norths).
        let typed = logs::verify(win, &game.rules).map(|(r, _)| r);
        let text = tenpai::score::score_request(&win.request(&game.rules));
        if typed != text {
            failures.push(format!("{}: request path differs", rec["id"]));
        }
        if players == 3 {
            sanma += 1;
            match &typed {
                Ok(r) if r.rules == "tenhou-sanma" => {}
                other => failures.push(format!("{}: 3-player win scored {other:?}", rec["id"])),
            }
        }
    }
    for f in failures.iter().take(40) {
        eprintln!("{f}");
    }
    assert_eq!(checked, 1069);
    assert_eq!(sanma, 4);
    assert!(failures.is_empty(), "{} mismatches", failures.len());
}

/// The same games as mjlog XML and as tenhou.net/6 JSON: the JSON reader rebuilds the
/// play order the XML states, so every win must come out the same (hand, calls, winds,
/// dora, ura, every situation flag, honba and sticks paid), apart from the "ura 0 han"
/// entry that JSON leaves out.
#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn both_formats_rebuild_the_same_wins() {
    let shared = shared();
    let raw = shared.join("corpus/tenhou/raw");
    let pairs = [
        "tsubakisakura__mjlog2json/data/2019021004gm-00a9-0000-e2f6516d",
        "tsubakisakura__mjlog2json/data/2019080322gm-00a9-0000-81e85e04",
        "tsubakisakura__mjlog2json/data/2019081518gm-00a9-0000-cce9d00c",
        "tsubakisakura__mjlog2json/data/2019103023gm-00a9-0000-f90e0fe9",
        "tsubakisakura__mjlog2json/data/2019123123gm-00a9-0000-f4386d0e",
        "tsubakisakura__mjlog2json/data/2023053016gm-0029-0000-e54b3b98",
        "summivox__riichi-rs/tenhou-shuffle/test_data/2016022509gm-0009-0000-b327da61",
    ];
    let mut compared = 0;
    for base in pairs {
        let xml = logs::read_file(&raw.join(format!("{base}.xml"))).unwrap();
        let json = logs::read_file(&raw.join(format!("{base}.json"))).unwrap();
        assert_eq!(xml.format, logs::LogFormat::Mjlog);
        assert_eq!(json.format, logs::LogFormat::Tenhou6);
        assert_eq!(xml.rounds, json.rounds, "{base}");
        assert_eq!(xml.wins.len(), json.wins.len(), "{base}");
        assert_eq!(
            (
                xml.rules.players,
                xml.rules.red_fives,
                xml.rules.open_tanyao
            ),
            (
                json.rules.players,
                json.rules.red_fives,
                json.rules.open_tanyao
            )
        );
        for (a, b) in xml.wins.iter().zip(&json.wins) {
            let strip = |w: &Win| {
                let mut w = w.clone();
                w.recorded.yaku.retain(|&(id, h)| !(id == 53 && h == 0));
                w.recorded.yaku.sort();
                w.recorded.fu = None; // JSON leaves it out for limit hands
                w.calls.sort_by_key(|c| format!("{c:?}"));
                w
            };
            assert_eq!(strip(a), strip(b), "{base} {}", a.round_label());
            compared += 1;
        }
    }
    assert!(compared >= 40, "{compared}");
}
