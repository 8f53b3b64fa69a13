//! Every rule switch on and off on a hand where it changes the answer; the tournament
//! presets on the statements of their rule books; the corrections of issue #10 (red
//! five among four fives, a real yakuman over a counted one, pao in requests).

use serde_json::{json, Value};
use tenpai::score::{score_request, ScoreRequest, ScoreResult};

fn score(v: Value) -> ScoreResult {
    let req: ScoreRequest = serde_json::from_value(v.clone()).expect("request reads");
    score_request(&req).unwrap_or_else(|e| panic!("{v}: {e}"))
}

fn refused(v: Value) -> String {
    let req: ScoreRequest = serde_json::from_value(v.clone()).expect("request reads");
    match score_request(&req) {
        Ok(r) => panic!("{v} scored {}", r.value_line()),
        Err(e) => e.to_string(),
    }
}

fn with(base: &Value, extra: Value) -> Value {
    let mut v = base.clone();
    for (k, x) in extra.as_object().unwrap() {
        v[k] = x.clone();
    }
    v
}

fn names(r: &ScoreResult) -> Vec<String> {
    r.yakuman
        .iter()
        .map(|y| y.name.to_string())
        .chain(r.yaku.iter().map(|y| y.name.to_string()))
        .collect()
}

#[test]
fn fu_for_open_pinfu_on_and_off() {
    // Open tanyao, ryanmen on 7p, a plain pair: nothing but the base 20 fu.
    let base = json!({"hand": "234m56p7p22p(345s)(678s)", "seat_wind": "S", "win": "7p"});
    let on = score(base.clone());
    assert_eq!((on.han, on.fu, on.points), (1, 30, 1000));
    let off = score(with(&base, json!({"fu_for_open_pinfu": false})));
    // 1 han 20 fu: 20 * 2^3 * 4 = 640, rounded up to 700.
    assert_eq!((off.han, off.fu, off.points), (1, 20, 700));
    assert!(off.fu_breakdown.iter().all(|f| f.reason != "open_pinfu"));
    // An open tsumo with no fu: 30 with the switch (20 + 2 tsumo, rounded up); 20
    // without it, its tsumo fu dropped too, as the `mahjong` library scores it.
    let tsumo = json!({"tsumo": true});
    assert_eq!(score(with(&base, tsumo.clone())).fu, 30);
    let t = score(with(
        &with(&base, tsumo),
        json!({"fu_for_open_pinfu": false}),
    ));
    assert_eq!((t.fu, t.points), (20, 800));
}

#[test]
fn fu_for_pinfu_tsumo_on_and_off() {
    // The README's pinfu tsumo: riichi, tsumo, pinfu, tanyao, dealer.
    let base = json!({"hand": "234567m234p3488s5s", "riichi": true, "tsumo": true});
    let off = score(base.clone());
    assert_eq!((off.han, off.fu, off.points), (4, 20, 7800));
    let on = score(with(&base, json!({"fu_for_pinfu_tsumo": true})));
    // "Tsumo pinfu nashi": no pinfu on a tsumo, the tsumo's 2 fu count (22 -> 30):
    // riichi, tsumo, tanyao, 3 han 30 fu dealer tsumo, 2000 all.
    assert!(!names(&on).contains(&"pinfu".to_string()));
    assert_eq!((on.han, on.fu, on.points), (3, 30, 6000));
    // A ron is unchanged: pinfu, 30 fu.
    let ron = json!({"hand": "234567m234p3488s5s", "riichi": true});
    let a = score(ron.clone());
    let b = score(with(&ron, json!({"fu_for_pinfu_tsumo": true})));
    assert_eq!((a.han, a.fu, a.points), (b.han, b.fu, b.points));
}

/// Chinitsu ryanpeikou with riichi, tsumo and ten dora and ten ura dora: far past 26 han.
fn big_counted_hand() -> Value {
    json!({"hand": "22334455667788p", "riichi": true, "tsumo": true,
           "dora": ["1p", "2p", "3p", "4p", "5p"], "ura": ["6p", "7p", "1p", "2p", "3p"]})
}

#[test]
fn kazoe_caps() {
    let base = big_counted_hand();
    let capped = score(base.clone());
    assert!(capped.han >= 26, "{}", capped.han);
    assert_eq!(
        (capped.limit.as_str(), capped.points),
        ("kazoe_yakuman", 48000)
    );
    let multiple = capped.han / 13;
    let unlimited = score(with(&base, json!({"kazoe": "unlimited"})));
    assert_eq!(unlimited.limit.as_str(), "kazoe_yakuman");
    assert_eq!(unlimited.points, 48000 * multiple);
    for cap in ["sanbaiman", "none"] {
        let r = score(with(&base, json!({"kazoe": cap})));
        assert_eq!((r.limit.as_str(), r.points), ("sanbaiman", 36000), "{cap}");
    }
}

#[test]
fn kiriage_on_and_off() {
    // Riichi, pinfu, tanyao and one dora: 4 han 30 fu, non-dealer ron.
    let base = json!({"hand": "234m567p234s67s55p8s", "riichi": true, "seat_wind": "S",
                      "dora": "1m"});
    let off = score(base.clone());
    assert_eq!(
        (off.han, off.fu, off.points, off.limit.as_str()),
        (4, 30, 7700, "none")
    );
    let on = score(with(&base, json!({"kiriage": true})));
    assert_eq!((on.points, on.limit.as_str()), (8000, "mangan"));
}

#[test]
fn double_yakuman_per_hand() {
    // Kokushi on the 13-sided wait (dealer ron) and daisuushii, under majsoul.
    let kokushi = json!({"hand": "19m19p19s1234567z7z", "rules": "majsoul"});
    let daisuushii =
        json!({"hand": "(111z)(222z)(333z)444z5z5z", "rules": "majsoul", "tsumo": true});
    assert_eq!(score(kokushi.clone()).points, 96000);
    assert_eq!(score(daisuushii.clone()).points, 96000 + 48000);
    let only = json!({"double_yakuman_hands": ["daisuushii"]});
    let k = score(with(&kokushi, only.clone()));
    assert_eq!((k.points, k.yakuman[0].multiplier), (48000, 1));
    // Daisuushii and tsuuiisou: still 2 + 1.
    assert_eq!(score(with(&daisuushii, only)).points, 144000);
    let none = score(with(&daisuushii, json!({"double_yakuman_hands": []})));
    assert_eq!(none.points, 96000);
    // The switch as a whole still wins: off means single whatever the list.
    let off = score(with(&kokushi, json!({"double_yakuman": false})));
    assert_eq!(off.points, 48000);
    // An unknown name is refused when the request is read.
    let e = ScoreRequest::from_json(r#"{"hand": "1m", "double_yakuman_hands": ["kokushi13"]}"#);
    assert!(e.unwrap_err().to_string().contains("unknown yakuman"));
}

#[test]
fn yakuman_stack_on_and_off() {
    // Daisuushii + tsuuiisou under Tenhou: 2 yakuman stacked, 1 without stacking.
    let base = json!({"hand": "(111z)(222z)(333z)444z5z5z", "tsumo": true});
    assert_eq!(score(base.clone()).points, 96000);
    assert_eq!(
        score(with(&base, json!({"yakuman_stack": false}))).points,
        48000
    );
}

#[test]
fn renhou_variants() {
    // Non-dealer ron before the first draw; the hand has no other yaku.
    let base = json!({"hand": "123m456p789s11z33z3z", "renhou": true, "seat_wind": "S",
                      "round_wind": "E"});
    assert!(refused(base.clone()).contains("no yaku"));
    let mangan = score(with(&base, json!({"renhou_rule": "mangan"})));
    assert_eq!((mangan.han, mangan.points), (5, 8000));
    let fixed = score(with(&base, json!({"renhou_rule": "mangan_fixed"})));
    assert_eq!(
        (names(&fixed), fixed.points),
        (vec!["renhou".to_string()], 8000)
    );
    // A pinfu tanyao hand with dora: cumulative renhou adds up (5 + 3 han: baiman);
    // fixed renhou is a mangan while its own 3 han pay less, and gives way to them
    // once they pay more (8 han: baiman, no renhou).
    let pinfu = json!({"hand": "234m567p234s67s55p8s", "renhou": true, "seat_wind": "S",
                       "dora": ["1m"]});
    let add = score(with(&pinfu, json!({"renhou_rule": "mangan"})));
    assert_eq!((add.han, add.points), (8, 16000));
    let fixed = score(with(&pinfu, json!({"renhou_rule": "mangan_fixed"})));
    assert_eq!(
        (names(&fixed), fixed.points),
        (vec!["renhou".to_string()], 8000)
    );
    let rich = with(
        &pinfu,
        json!({"renhou_rule": "mangan_fixed",
                                   "dora": ["1m", "4p", "6p", "1s"]}),
    );
    let own = score(rich);
    assert!(!names(&own).contains(&"renhou".to_string()));
    assert_eq!((own.han, own.points), (8, 16000));
    let yakuman = score(with(&base, json!({"renhou_rule": "yakuman"})));
    assert_eq!(
        (names(&yakuman), yakuman.points),
        (vec!["renhou".to_string()], 32000)
    );
}

#[test]
fn red_fives_and_open_tanyao() {
    let base = json!({"hand": "234m406p22p(345s)(678s)", "seat_wind": "S", "win": "6p"});
    let on = score(base.clone());
    assert_eq!((on.han, on.points), (2, 2000));
    let no_red = score(with(&base, json!({"red_fives": false})));
    assert_eq!((no_red.han, no_red.points), (1, 1000));
    let no_kuitan = refused(with(&base, json!({"open_tanyao": false})));
    assert!(no_kuitan.contains("no yaku"), "{no_kuitan}");
}

#[test]
fn double_wind_pair_fu() {
    // Dealer tsumo, East round: a pair of East, a closed triplet, a kanchan wait.
    let base = json!({"hand": "222m456p789s13s11z2s", "tsumo": true});
    let four = score(base.clone());
    assert_eq!((four.fu, four.points), (40, 2100));
    let two = score(with(&base, json!({"double_wind_fu": 2})));
    assert_eq!((two.fu, two.points), (30, 1500));
    // M.League's preset has the 2-fu pair.
    assert_eq!(score(with(&base, json!({"rules": "mleague"}))).fu, 30);
}

// --- Presets: each from the statements of its rule book (see rules.rs for sources).

#[test]
fn ema_preset() {
    // "A hand with 13+ fan is scored as a sanbaiman, not a yakuman."
    let big = score(with(&big_counted_hand(), json!({"rules": "ema"})));
    assert_eq!((big.limit.as_str(), big.points), ("sanbaiman", 36000));
    // "4-30 is not rounded to mangan payment" (EMA), but it is under WRC.
    let four30 = json!({"hand": "234m567p234s67s55p8s", "riichi": true, "seat_wind": "S",
                        "dora": "1m"});
    assert_eq!(score(with(&four30, json!({"rules": "ema"}))).points, 7700);
    assert_eq!(score(with(&four30, json!({"rules": "wrc"}))).points, 8000);
    // "Red fives have been removed": a 0 scores as a plain five.
    let red = json!({"hand": "234m406p22p(345s)(678s)", "seat_wind": "S", "win": "6p"});
    assert_eq!(score(with(&red, json!({"rules": "ema"}))).han, 1);
    // "Tanyao can be an open hand": the same hand scores tanyao.
    assert!(names(&score(with(&red, json!({"rules": "ema"})))).contains(&"tanyao".into()));
    // "Dai suushii is a yakuman, not a double yakuman"; yakuman are not cumulative.
    let dsuushii = json!({"hand": "(111z)(222z)(333z)444z5z5z", "tsumo": true, "rules": "ema"});
    assert_eq!(score(dsuushii).points, 48000);
    // "Renho is a mangan, not a yakuman."
    let renhou = json!({"hand": "123m456p789s11z33z3z", "renhou": true, "seat_wind": "S",
                        "rules": "ema"});
    assert_eq!(score(renhou).points, 8000);
    // "Strict mangan": renhou does not add to pinfu, tanyao and a dora (WRC: it does).
    let pinfu = json!({"hand": "234m567p234s67s55p8s", "renhou": true, "seat_wind": "S",
                       "dora": "1m"});
    assert_eq!(score(with(&pinfu, json!({"rules": "ema"}))).points, 8000);
    assert_eq!(score(with(&pinfu, json!({"rules": "wrc"}))).points, 16000);
}

#[test]
fn wrc_preset() {
    // Errata to the WRC rules: kazoe yakuman is not allowed (11+ is sanbaiman);
    // renhou is cumulative with other yaku and dora.
    let big = score(with(&big_counted_hand(), json!({"rules": "wrc"})));
    assert_eq!((big.limit.as_str(), big.points), ("sanbaiman", 36000));
    let renhou = json!({"hand": "234m567p234s67s55p8s", "renhou": true, "seat_wind": "S",
                        "rules": "wrc", "dora": "1m"});
    // Renhou 5 + pinfu 1 + tanyao 1 + dora 1 = 8 han: baiman, cumulative.
    let r = score(renhou);
    assert_eq!((r.han, r.points), (8, 16000));
}

#[test]
fn mleague_preset() {
    // One red five per suit, open tanyao: as Tenhou.
    let red = json!({"hand": "234m406p22p(345s)(678s)", "seat_wind": "S", "win": "6p",
                     "rules": "mleague"});
    assert_eq!(score(red).han, 2);
    // Yakuman single but cumulative: daisuushii + tsuuiisou is 2x.
    let dsuushii = json!({"hand": "(111z)(222z)(333z)444z5z5z", "tsumo": true, "rules": "mleague"});
    assert_eq!(score(dsuushii).points, 96000);
    // Pao for suukantsu too (not under Tenhou).
    let suukantsu = json!({"hand": "5z5z[1111m](2222p)(3333s)(4444s)", "tsumo": true,
                           "seat_wind": "S", "pao": 2});
    let r = score(with(&suukantsu, json!({"rules": "mleague"})));
    assert_eq!(r.pao.unwrap().pays, [0, 32000, 0]);
    assert!(refused(suukantsu).contains("pao applies to daisangen, daisuushii"));
}

#[test]
fn unknown_preset_lists_them_all() {
    let e = refused(json!({"hand": "123m456p789s11222z", "rules": "jpml"}));
    assert!(e.contains("tenhou, majsoul, ema, wrc, mleague"), "{e}");
}

// --- Corrections.

#[test]
fn four_fives_hold_the_red_one() {
    // A kan of 5p under a preset with red fives: one aka dora, written 0.
    let kan = json!({"hand": "22255566678s(5555p)", "win": "8s", "seat_wind": "S"});
    let r = score(kan.clone());
    assert_eq!(r.hand.as_str(), "22255566678s (0555p)");
    assert!(r
        .yaku
        .iter()
        .any(|y| y.name.as_str() == "aka_dora" && y.han == 1));
    // Without red fives: no aka dora and the text keeps plain fives.
    let plain = score(with(&kan, json!({"red_fives": false})));
    assert_eq!(plain.hand.as_str(), "22255566678s (5555p)");
    assert_eq!(plain.han + 1, r.han);
    // Three concealed 5p and a 5p in a chi.
    let split = json!({"hand": "234m555p88s(345p)(678s)", "seat_wind": "S", "win": "8s"});
    let r = score(split.clone());
    assert!(r
        .yaku
        .iter()
        .any(|y| y.name.as_str() == "aka_dora" && y.han == 1));
    assert_eq!(r.hand.as_str(), "234m555p88s (340p) (678s)");
    assert_eq!(score(with(&split, json!({"rules": "ema"}))).yaku.len(), 1);
    // A red five written already is not counted twice.
    let written = score(json!({"hand": "22255566678s(0555p)", "win": "8s", "seat_wind": "S"}));
    assert_eq!(written.han, score(kan).han);
}

#[test]
fn real_yakuman_over_counted_han() {
    // Tenhou reports suuankou, not kazoe from chinitsu + iipeikou + dora, for the
    // same 48000.
    // Dora 5s and 6s: the sequence reading (222 44 567 567 567: chinitsu, tanyao,
    // tsumo, pinfu-less iipeikou, aka and six dora) passes 13 han and pays the same
    // as suuankou.
    let req = json!({"hand": "22244055666777s", "tsumo": true, "dora": ["4s", "5s"]});
    let r = score(req.clone());
    assert_eq!(names(&r), ["suuankou"]);
    assert_eq!((r.limit.as_str(), r.points), ("yakuman", 48000));
    // The counted reading is there and pays as much: without suuankou (a ron on the
    // 7s makes its triplet open) the hand is a kazoe yakuman.
    let ron = score(with(&req, json!({"tsumo": false})));
    assert_eq!((ron.limit.as_str(), ron.points), ("kazoe_yakuman", 48000));
}

#[test]
fn pao_tenhou() {
    // Daisangen by a non-dealer (South seat); the dealer is seat 3 (kamicha).
    let base = json!({"hand": "123m1p1p(555z)(666z)(777z)", "seat_wind": "S", "honba": 2,
                      "pao": 1});
    let tsumo = score(with(&base, json!({"tsumo": true})));
    assert_eq!(tsumo.points, 32000);
    let p = tsumo.pao.unwrap();
    // The liable seat pays the whole hand and every honba.
    assert_eq!((p.liable, p.pays), (1, [32600, 0, 0]));
    assert_eq!(p.pays.iter().sum::<u32>(), tsumo.total_received);
    // Ron by the liable seat: it pays all.
    let own = score(with(&base, json!({"discarder": 1}))).pao.unwrap();
    assert_eq!(own.pays, [32600, 0, 0]);
    // Ron by a third player: half each, the liable seat pays the honba (Tenhou).
    let third = score(with(&base, json!({"discarder": 2}))).pao.unwrap();
    assert_eq!(third.pays, [16600, 16000, 0]);
    // EMA §3.3.9: "only the discarder pays for any counters".
    let ema = score(with(&base, json!({"discarder": 2, "rules": "ema"})))
        .pao
        .unwrap();
    assert_eq!(ema.pays, [16000, 16600, 0]);
    // Errors: a ron without the discarder, a seat out of range, a hand without the
    // liable yakuman.
    assert!(refused(base.clone()).contains("needs discarder"));
    assert!(refused(with(&base, json!({"pao": 4, "tsumo": true}))).contains("relative"));
    let plain = json!({"hand": "123m456p789s11222z", "tsumo": true, "pao": 1});
    assert!(refused(plain).contains("none of them"));
    // Without pao the answer has no `pao` and its JSON no key.
    let none = score(json!({"hand": "123m1p1p(555z)(666z)(777z)", "seat_wind": "S"}));
    assert!(none.pao.is_none());
    assert!(!serde_json::to_string(&none).unwrap().contains("pao"));
}

#[test]
fn pao_majsoul_answers_for_its_yakuman_only() {
    // Daisangen + tsuuiisou: 2 yakuman; the liable seat answers for daisangen.
    let base = json!({"hand": "222z4z4z(555z)(666z)(777z)", "win": "4z", "seat_wind": "S",
                      "pao": 3, "discarder": 1});
    let tenhou = score(base.clone());
    assert_eq!(tenhou.points, 64000);
    assert_eq!(tenhou.pao.unwrap().pays, [32000, 0, 32000]);
    let majsoul = score(with(&base, json!({"rules": "majsoul"})));
    assert_eq!(majsoul.pao.unwrap().pays, [48000, 0, 16000]);
    // Tsumo: the liable seat pays the daisangen part whole; the tsuuiisou part is a
    // plain tsumo (dealer 16000, the others 8000).
    let t = score(with(
        &base,
        json!({"rules": "majsoul", "tsumo": true, "discarder": null}),
    ));
    // Seat 3 is the dealer (the winner sits South).
    assert_eq!(t.pao.unwrap().pays, [8000, 8000, 16000 + 32000]);
    // Daisuushii (a double yakuman on Mahjong Soul) + tsuuiisou, ron: 96000; the
    // liable seat answers for the double part (64000), half of it on a ron by
    // another seat, the discarder the rest.
    let winds = json!({"hand": "5z5z(111z)(222z)(333z)(444z)", "win": "5z", "seat_wind": "S",
                       "pao": 3, "discarder": 1, "rules": "majsoul"});
    let w = score(winds);
    assert_eq!(w.points, 96000);
    assert_eq!(w.pao.unwrap().pays, [64000, 0, 32000]);
}

#[test]
fn yakuman_sets_read_and_write_as_names() {
    use tenpai::rules::YakumanSet;
    let set: YakumanSet = "daisuushii, kokushi_13".parse().unwrap();
    // Written in Tenhou order, read back the same.
    let text = serde_json::to_string(&set).unwrap();
    assert_eq!(text, r#"["kokushi_13","daisuushii"]"#);
    assert_eq!(serde_json::from_str::<YakumanSet>(&text).unwrap(), set);
    assert_eq!("none".parse::<YakumanSet>().unwrap(), YakumanSet::EMPTY);
    assert!("kokushi13".parse::<YakumanSet>().is_err());
    // A set: naming a pattern twice keeps it once (adding is idempotent).
    let twice: YakumanSet = "daisangen, daisangen".parse().unwrap();
    assert_eq!(serde_json::to_string(&twice).unwrap(), r#"["daisangen"]"#);
    let twice = serde_json::from_str::<YakumanSet>(r#"["kokushi_13","kokushi_13"]"#).unwrap();
    assert_eq!(serde_json::to_string(&twice).unwrap(), r#"["kokushi_13"]"#);
    // A request written back by `from_situation` carries every switch and reads the
    // same rules.
    for preset in tenpai::rules::Rules::PRESETS {
        let rules = tenpai::rules::Rules::preset(preset).unwrap();
        let req = ScoreRequest::from_situation(
            "123m456p789s11222z".into(),
            tenpai::Tile::from_mpsz("2z").unwrap(),
            &tenpai::score::Situation::default(),
            &rules,
        );
        let back = ScoreRequest::from_json(&serde_json::to_string(&req).unwrap()).unwrap();
        assert_eq!(
            tenpai::score::request_rules(&back).unwrap(),
            rules,
            "{preset}"
        );
    }
}

#[test]
fn red_fives_count_four_allows_two_red_5p() {
    // 234m 456p 00p(pair) (345s) (678s), ron on 6p (ryanmen), seat S: open tanyao and
    // the two red 5p of the 4-red-five set: 3 han; open pinfu shape, 30 fu.
    // Non-dealer 3 han 30 fu: 30 * 2^5 * 4 = 3840, rounded up 3900.
    let base = json!({"hand": "234m456p00p(345s)(678s)", "seat_wind": "S", "win": "6p"});
    let four = score(with(&base, json!({"red_fives_count": 4})));
    assert_eq!((four.han, four.fu, four.points), (3, 30, 3900));
    assert!(four
        .yaku
        .iter()
        .any(|y| y.name.as_str() == "aka_dora" && y.han == 2));
    assert_eq!(four.hand.as_str(), "234m40056p (345s) (678s)");
    // Under one red five per suit (the default) the second red 5p is refused at its
    // digit, with the hand parser's error.
    let three = refused(base.clone());
    assert!(
        three.contains("a second red five 0p (one red five per suit) (at column 10)"),
        "{three}"
    );
    assert_eq!(refused(with(&base, json!({"red_fives_count": 3}))), three);
    assert_eq!(refused(with(&base, json!({"red_fives": false}))), three);
    // Dora indicator 4p: dora 5p, three of them held (456p and the pair): 1 + 3 + 2 =
    // 6 han, haneman 12000.
    let dora = score(with(&base, json!({"red_fives_count": 4, "dora": "4p"})));
    assert_eq!((dora.han, dora.points), (6, 12000));
    // A third red 5p as an indicator: refused, naming the set.
    let third = refused(with(&base, json!({"red_fives_count": 4, "dora": "0p"})));
    assert!(
        third.contains("two red 5p in the 4-red-five set"),
        "{third}"
    );
}

#[test]
fn red_fives_count_with_one_red_a_suit_scores_as_three() {
    // Where the hand holds no second red 5p and no hidden one, 4 and 3 agree, 0 drops
    // the aka dora (as red_fives false).
    let base = json!({"hand": "234m406p22p(345s)(678s)", "seat_wind": "S", "win": "6p"});
    let three = score(base.clone());
    assert_eq!((three.han, three.points), (2, 2000));
    for (count, han, points) in [(4, 2, 2000), (3, 2, 2000), (0, 1, 1000)] {
        let r = score(with(&base, json!({"red_fives_count": count})));
        assert_eq!((r.han, r.points), (han, points), "count {count}");
    }
    let none = score(with(&base, json!({"red_fives": false})));
    let zero = score(with(&base, json!({"red_fives_count": 0})));
    assert_eq!((none.han, none.points), (zero.han, zero.points));
    // Both fields given: they must agree (false with 0, true with 3 or 4).
    let both = score(with(
        &base,
        json!({"red_fives": false, "red_fives_count": 0}),
    ));
    assert_eq!((both.han, both.points), (none.han, none.points));
    let both = score(with(
        &base,
        json!({"red_fives": true, "red_fives_count": 4}),
    ));
    assert_eq!((both.han, both.points), (2, 2000));
    for (on, count) in [(true, 0), (false, 3)] {
        let e = refused(with(
            &base,
            json!({"red_fives": on, "red_fives_count": count}),
        ));
        assert!(
            e.contains(&format!(
                "red_fives {on} and red_fives_count {count} disagree"
            )),
            "{e}"
        );
    }
}

#[test]
fn four_red_fives_hidden_among_the_fives() {
    // 222s 555s 66s 678s + open kan 5555p, ron 8s (ryanmen 67), seat S. Fu: 20 + 8
    // (open kan of simples) + 4 + 4 (concealed triplets 222s, 555s) = 36 -> 40.
    // One red per suit: tanyao + 1 aka = 2 han 40 fu, 2600 (40 * 2^4 * 4 = 2560).
    // Two red 5p: all four 5p hold both: 3 han 40 fu, 5200 (5120 rounded up).
    let kan = json!({"hand": "22255566678s(5555p)", "win": "8s", "seat_wind": "S"});
    let three = score(kan.clone());
    assert_eq!((three.han, three.fu, three.points), (2, 40, 2600));
    assert_eq!(three.hand.as_str(), "22255566678s (0555p)");
    let four = score(with(&kan, json!({"red_fives_count": 4})));
    assert_eq!((four.han, four.fu, four.points), (3, 40, 5200));
    assert_eq!(four.hand.as_str(), "22255566678s (0055p)");
    // One written, one hidden: still both, not three.
    let written = score(
        json!({"hand": "22255566678s(0555p)", "win": "8s", "seat_wind": "S", "red_fives_count": 4}),
    );
    assert_eq!(
        (written.han, written.hand.as_str()),
        (3, "22255566678s (0055p)")
    );
    // Three 5p, none written: the set has only two plain 5p, so one is red under 4
    // red fives (and none need be under 3). 234m 555p 88s (234p) (678s), ron 8s
    // (tanki, 2 fu), seat S: 20 + 4 (concealed 555p) + 2 = 26 -> 30 fu.
    let three_5p = json!({"hand": "234m555p88s(234p)(678s)", "seat_wind": "S", "win": "8s"});
    let r3 = score(three_5p.clone());
    assert_eq!((r3.han, r3.fu, r3.points), (1, 30, 1000));
    let r4 = score(with(&three_5p, json!({"red_fives_count": 4})));
    assert_eq!((r4.han, r4.fu, r4.points), (2, 30, 2000));
    assert_eq!(r4.hand.as_str(), "234m055p88s (234p) (678s)");
    // Four 5p split between the hand and a chi: both reds, the call's first.
    let split = json!({"hand": "234m555p88s(345p)(678s)", "seat_wind": "S", "win": "8s", "red_fives_count": 4});
    let r = score(split);
    assert_eq!((r.han, r.fu, r.points), (3, 30, 3900));
    assert_eq!(r.hand.as_str(), "234m055p88s (340p) (678s)");
}

#[test]
fn red_fives_count_errors() {
    let base = json!({"hand": "234m406p22p(345s)(678s)", "seat_wind": "S", "win": "6p"});
    let two = refused(with(&base, json!({"red_fives_count": 2})));
    assert!(
        two.contains("red_fives_count 2") && two.contains("0, 3"),
        "{two}"
    );
    let clash = refused(with(
        &base,
        json!({"red_fives": false, "red_fives_count": 4}),
    ));
    assert!(clash.contains("disagree"), "{clash}");
    // Agreeing values are fine.
    let ok = score(with(
        &base,
        json!({"red_fives": true, "red_fives_count": 4}),
    ));
    assert_eq!(ok.points, 2000);
    // A third red 5p is in no set.
    let third = refused(json!({"hand": "234m000p(345s)(678s)22z", "red_fives_count": 4}));
    assert!(third.contains("a third red five 0p"), "{third}");
}

#[test]
fn red_fives_count_round_trips_through_from_situation() {
    use tenpai::rules::Rules;
    use tenpai::score::{request_rules, Situation};
    let aka4 = Rules::tenhou().with_red_fives_count(4).unwrap();
    let win = tenpai::Tile::from_mpsz("6p").unwrap();
    let req = ScoreRequest::from_situation(
        "234m456p00p(345s)(678s)".into(),
        win,
        &Situation::default(),
        &aka4,
    );
    assert_eq!(req.red_fives_count, Some(4));
    assert_eq!(request_rules(&req), Some(aka4));
    assert_eq!(score_request(&req).unwrap().han, 3);
}

/// Rules written before the later switches existed (no `players`, `sanma_tsumo`,
/// `sashikomi_yakuman`, `paarenchan_needs_yaku`, `daisharin`) read as those switches'
/// documented defaults: four players, paarenchan needing a yaku, no local yakuman.
#[test]
fn rules_without_the_later_switches_read_as_their_defaults() {
    use tenpai::rules::Rules;
    for preset in ["tenhou", "majsoul", "mleague"] {
        let rules = Rules::preset(preset).unwrap();
        let mut v = serde_json::to_value(&rules).unwrap();
        let o = v.as_object_mut().unwrap();
        for k in [
            "players",
            "sanma_tsumo",
            "sashikomi_yakuman",
            "paarenchan_needs_yaku",
            "daisharin",
        ] {
            assert!(o.remove(k).is_some(), "{preset}: {k} is written");
        }
        let back: Rules = serde_json::from_value(v).unwrap();
        assert_eq!(back.players, 4, "{preset}");
        assert!(back.paarenchan_needs_yaku, "{preset}");
        assert!(!back.sashikomi_yakuman && !back.daisharin, "{preset}");
        assert_eq!(back, rules, "{preset}");
    }
}

/// Every preset carries its own name (the answer's `rules` field and the rules table
/// name it), and the name reads back to the same rules.
#[test]
fn presets_carry_their_names() {
    use tenpai::rules::Rules;
    for preset in Rules::PRESETS {
        let rules = Rules::preset(preset).unwrap();
        assert_eq!(rules.name, preset);
        assert_eq!(Rules::preset(&rules.name), Some(rules));
    }
}

/// The rule switches given as words (`--kazoe`, `--renhou`, `--sanma-tsumo`, ...) read
/// every value under the name the JSON writes for it, in any case, and refuse others.
#[test]
fn switch_words_read_every_value() {
    use tenpai::rules::{KazoeCap, RenhouRule, SanmaTsumo};
    fn check<T>(values: &[T])
    where
        T: std::str::FromStr<Err = String> + serde::Serialize + PartialEq + std::fmt::Debug,
    {
        for v in values {
            let name = serde_json::to_value(v).unwrap();
            let name = name.as_str().unwrap();
            assert_eq!(name.parse::<T>().as_ref(), Ok(v), "{name}");
            assert_eq!(name.to_uppercase().parse::<T>().as_ref(), Ok(v), "{name}");
        }
        assert!("nonsense".parse::<T>().is_err());
    }
    check(&[
        KazoeCap::Yakuman,
        KazoeCap::Sanbaiman,
        KazoeCap::None,
        KazoeCap::Unlimited,
    ]);
    check(&[
        RenhouRule::Off,
        RenhouRule::Mangan,
        RenhouRule::ManganFixed,
        RenhouRule::Yakuman,
    ]);
    check(&[SanmaTsumo::Loss, SanmaTsumo::Split]);
}

/// Only the four double patterns (kokushi_13, suuankou_tanki, junsei_chuuren,
/// daisuushii) can count twice: a rules set naming another yakuman among its double
/// hands (the field reads any yakuman's name) leaves that one single.
#[test]
fn yakuman_double_only_for_the_four_double_patterns() {
    let rules =
        json!({"double_yakuman": true, "double_yakuman_hands": ["daisangen", "kokushi_13"]});
    let base = |hand: &str| json!({"hand": hand, "seat_wind": "S"});
    let daisangen = score(with(&base("555z666z777z234m4p4p"), rules.clone()));
    assert_eq!(
        (names(&daisangen), daisangen.points),
        (vec!["daisangen".to_string()], 32000)
    );
    let thirteen = score(with(&base("19m19p19s1234567z1m"), rules));
    assert_eq!(thirteen.points, 64000);
}

/// Basic points past the counted yakuman with no kazoe cap, with and without the
/// limit at six yakuman, and 5 han as a mangan whatever the fu. The `mahjong` library
/// (`ScoresCalculator.calculate_scores`, `kazoe_limit=KAZOE_NO_LIMIT`, a non-dealer's
/// ron, 30 fu) pays 64000 at 26 han; at 91 han 192000 with `limit_to_sextuple_yakuman`
/// and 224000 without; at 104 han 192000 and 256000; and 8000 for 5 han at 20, 25 and
/// 30 fu: basic points of a quarter of those (mutation run of `score/payment.rs`).
/// With kiriage mangan, only 4 han 30 fu and 3 han 60 fu round up.
#[test]
fn kazoe_past_yakuman_with_and_without_the_six_yakuman_limit() {
    use tenpai::rules::{KazoeCap, Rules};
    use tenpai::score::{basic_points, Limit};
    for (limit, want) in [
        (true, [16000, 48000, 48000]),
        (false, [16000, 56000, 64000]),
    ] {
        let mut r = Rules::tenhou();
        r.kazoe = KazoeCap::Unlimited;
        r.limit_to_sextuple_yakuman = limit;
        for (han, basic) in [26, 91, 104].into_iter().zip(want) {
            assert_eq!(
                basic_points(han, 30, &r),
                (basic, Limit::KazoeYakuman),
                "{han} han, limit {limit}"
            );
        }
        assert_eq!(basic_points(13, 30, &r), (8000, Limit::KazoeYakuman));
    }
    let r = Rules::tenhou();
    for fu in [10, 20, 25, 30] {
        assert_eq!(
            basic_points(5, fu, &r),
            (2000, Limit::Mangan),
            "5 han {fu} fu"
        );
    }
    // Kiriage mangan rounds up 4 han 30 fu and 3 han 60 fu only (the library with
    // `kiriage=True`: 8000 for those, 3900 for 3 han 30 fu, 6400 for 4 han 25 fu, 4500
    // for 2 han 70 fu).
    let mut k = Rules::tenhou();
    k.kiriage = true;
    for (han, fu, want) in [
        (4, 30, (2000, Limit::Mangan)),
        (3, 60, (2000, Limit::Mangan)),
        (3, 30, (960, Limit::None)),
        (4, 25, (1600, Limit::None)),
        (2, 70, (1120, Limit::None)),
    ] {
        assert_eq!(
            basic_points(han, fu, &k),
            want,
            "{han} han {fu} fu, kiriage"
        );
    }
}

/// Aotenjou's wide payments agree with the capped payments wherever no limit applies
/// (basic points below 2000: 1 to 4 han), for ron and tsumo, dealer or not, four
/// players and three with either tsumo rule (North's share lost or split); and a value
/// past `u128` is refused, not wrapped (mutation run of `score/payment.rs`).
#[test]
fn aotenjou_payments_agree_with_the_capped_ones_below_the_limits() {
    use tenpai::rules::{Rules, SanmaTsumo};
    use tenpai::score::{Payment, WidePayment};
    let four = Rules::tenhou();
    let mut loss = Rules::tenhou();
    loss.players = 3;
    loss.sanma_tsumo = SanmaTsumo::Loss;
    let mut split = loss.clone();
    split.sanma_tsumo = SanmaTsumo::Split;
    let mut checked = 0;
    for rules in [&four, &loss, &split] {
        for (han, fu) in [(1, 30), (2, 40), (3, 30), (1, 110), (4, 25), (3, 50)] {
            let basic = fu << (2 + han);
            assert!(basic < 2000);
            for dealer in [false, true] {
                for tsumo in [false, true] {
                    let p = Payment::for_rules(basic, dealer, tsumo, rules);
                    let w = WidePayment::aotenjou(han, fu, dealer, tsumo, rules).unwrap();
                    let case = format!("{han} han {fu} fu dealer {dealer} tsumo {tsumo}");
                    assert_eq!(w.ron, p.ron.map(u128::from), "{case}");
                    assert_eq!(w.dealer, p.dealer.map(u128::from), "{case}");
                    assert_eq!(w.non_dealer, p.non_dealer.map(u128::from), "{case}");
                    assert_eq!(w.total, u128::from(p.total), "{case}");
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 72);
    // Split and loss differ on a tsumo: split pays half of North's share more.
    let s = WidePayment::aotenjou(3, 30, false, true, &split).unwrap();
    let l = WidePayment::aotenjou(3, 30, false, true, &loss).unwrap();
    assert!(s.total > l.total, "{s:?} {l:?}");
    // 40 fu at 122 to 124 han is 40 x 2^124 to 2^126, past u128: refused, not
    // wrapped (wrapped, 40 x 2^125 and 2^126 would be 0).
    for han in [122, 123, 124] {
        for tsumo in [false, true] {
            assert_eq!(
                WidePayment::aotenjou(han, 40, false, tsumo, &four),
                None,
                "{han}"
            );
        }
    }
}
