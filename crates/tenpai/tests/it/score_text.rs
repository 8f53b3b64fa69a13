//! The text answer of `tenpai score` (`ScoreResult`'s `Display`, `unicode()` and
//! `value_line()`), line by line: the layout is the one docs/scoring.md shows, the
//! figures come from the scoring tables (worked out in the comments), the glyphs from
//! Unicode's Mahjong Tiles block (U+1F000 East ... U+1F004 red dragon, U+1F005 green,
//! U+1F006 white, U+1F007 1m, U+1F010 1s, U+1F019 1p).

use serde_json::{json, Value};
use tenpai::score::{score_request, ScoreRequest, ScoreResult};

fn score(v: Value) -> ScoreResult {
    let req: ScoreRequest = serde_json::from_value(v.clone()).expect("request reads");
    score_request(&req).unwrap_or_else(|e| panic!("{v}: {e}"))
}

/// The text answer's line starting with `label` (the label column is 10 wide), without
/// the label; `None` when there is no such line.
fn line(text: &str, label: &str) -> Option<String> {
    text.lines()
        .find(|l| l.starts_with(&format!("{label:<10}")))
        .map(|l| l[10..].to_string())
}

#[test]
fn score_text_of_the_documented_example() {
    // docs/scoring.md, `tenpai score 234567m34088p67s5s --riichi --tsumo --seat S --dora
    // 1m --ura 7p --honba 1 --sticks 2`: 8 han (riichi, tsumo, pinfu, tanyao, dora 2m,
    // ura 8p x2, the red 5p) at 20 fu is a baiman, 16000 = 4000 + 4000 + 8000; one honba
    // (300) and two sticks (2000) make 18300.
    let r = score(
        json!({"hand": "234567m34088p67s5s", "riichi": true, "tsumo": true,
                         "seat_wind": "S", "dora": ["1m"], "ura": ["7p"], "honba": 1,
                         "riichi_sticks": 2}),
    );
    assert_eq!(
        r.to_string(),
        "\
hand      234567m34088p567s  (win 5s, tsumo, non-dealer)
yaku      menzen_tsumo 1, riichi 1, pinfu 1, tanyao 1, dora 1, ura_dora 2, aka_dora 1
fu        base 20 = 20
reading   88p 234m 567m 345p 567s  (wait ryanmen)
value     8 han 20 fu, baiman: 16000 (tsumo 4000/8000)
received  18300 (with honba and riichi sticks)"
    );
    assert_eq!(
        r.value_line(),
        "8 han 20 fu, baiman: 16000 (tsumo 4000/8000)"
    );
}

#[test]
fn score_text_in_glyphs_keeps_the_calls_brackets() {
    // Haku by pon, chun by closed kan, won by ron on the penchan 3m: 2 han; fu 20 + 4
    // (open honor triplet) + 32 (closed honor quad) + 4 (East pair, the dealer's seat
    // and the round) + 2 (penchan) = 62, 70 fu; no closed-ron fu (the pon opened the
    // hand). The dealer's ron: 70 * 2^4 * 6 = 6720, 6800.
    let r = score(json!({"hand": "123m456p11z(555z)[7777z]", "win": "3m"}));
    let plain = r.to_string();
    let glyphs = r.unicode().to_string();
    assert_eq!(
        line(&plain, "value").as_deref(),
        Some("2 han 70 fu: 6800 (ron 6800)")
    );
    assert_eq!(line(&plain, "yaku").as_deref(), Some("haku 1, chun 1"));
    let hand = line(&plain, "hand").unwrap();
    assert!(hand.starts_with("123m456p11z (555z) [7777z]  (win 3m, ron, dealer)"));
    assert_eq!(
        line(&glyphs, "hand").as_deref(),
        Some("🀇🀈🀉🀜🀝🀞🀀🀀 (🀆🀆🀆) [🀄🀄🀄🀄]  (win 🀉, ron, dealer)")
    );
    // The reading's groups, each in glyphs, separated as in the plain text.
    let reading = line(&plain, "reading").unwrap();
    let in_glyphs = line(&glyphs, "reading").unwrap();
    assert_eq!(
        reading.split(' ').count(),
        in_glyphs.split(' ').count(),
        "{reading} / {in_glyphs}"
    );
    assert!(in_glyphs.contains("🀇🀈🀉") && in_glyphs.contains("(🀆🀆🀆)"));
    assert!(in_glyphs.contains("[🀄🀄🀄🀄]") && in_glyphs.ends_with("(wait penchan)"));
    // Everything but the tiles is the same text.
    assert_eq!(line(&glyphs, "value"), line(&plain, "value"));
    assert_eq!(line(&glyphs, "fu"), line(&plain, "fu"));
}

#[test]
fn score_text_of_yakuman() {
    // Kokushi on its thirteen-sided wait: a double yakuman with double_yakuman on (64000
    // for a non-dealer's ron), single under Tenhou's rules (32000). No fu line.
    let base = json!({"hand": "19m19p19s12345677z", "win": "7z", "seat_wind": "S"});
    let mut double = base.clone();
    double["double_yakuman"] = json!(true);
    let d = score(double).to_string();
    assert_eq!(line(&d, "yaku").as_deref(), Some("kokushi_13 (x2)"));
    assert_eq!(
        line(&d, "value").as_deref(),
        Some("2x yakuman: 64000 (ron 64000)")
    );
    assert_eq!(line(&d, "fu"), None);
    let s = score(base).to_string();
    assert_eq!(line(&s, "yaku").as_deref(), Some("kokushi_13"));
    assert_eq!(
        line(&s, "value").as_deref(),
        Some("yakuman: 32000 (ron 32000)")
    );
    assert_eq!(line(&s, "fu"), None);
    assert!(line(&s, "hand")
        .unwrap()
        .ends_with("(win 7z, ron, non-dealer)"));
}

#[test]
fn score_text_of_stacked_yakuman_capped_at_six() {
    // The dealer's tenhou of 11122233344455z, eighth win in a row: tenhou, suuankou
    // tanki (x2), tsuuiisou, daisuushii (x2), paarenchan = 7 yakuman, in Tenhou's
    // order. Mahjong Soul pays six: 6 * 48000 = 288000, 96000 from each; without the cap
    // seven: 336000, 112000 each.
    let base = json!({"hand": "11122233344455z", "tsumo": true, "tenhou": true,
                      "paarenchan": 8, "rules": "majsoul"});
    let capped = score(base.clone()).to_string();
    assert_eq!(
        line(&capped, "yaku").as_deref(),
        Some("tenhou, suuankou_tanki (x2), tsuuiisou, daisuushii (x2), paarenchan")
    );
    assert_eq!(
        line(&capped, "value").as_deref(),
        Some("7x yakuman (6x paid): 288000 (tsumo 96000 all)")
    );
    assert!(line(&capped, "hand")
        .unwrap()
        .ends_with("(win 5z, tsumo, dealer, rules majsoul)"));
    let mut all = base;
    all["limit_to_sextuple_yakuman"] = json!(false);
    let seven = score(all).to_string();
    assert_eq!(
        line(&seven, "value").as_deref(),
        Some("7x yakuman: 336000 (tsumo 112000 all)")
    );
}

#[test]
fn score_text_of_nagashi_mangan() {
    // No hand: no reading, no fu; a non-dealer's mangan paid as a tsumo, 2000 from each
    // non-dealer and 4000 from the dealer.
    let r = score(json!({"hand": "", "nagashi_mangan": true, "seat_wind": "S"}));
    assert_eq!(
        r.to_string(),
        "\
hand      none  (nagashi mangan, non-dealer)
yaku      nagashi_mangan 5
value     5 han, mangan: 8000 (tsumo 2000/4000)"
    );
}

#[test]
fn score_text_under_aotenjou() {
    // docs/scoring.md: suuankou tanki (26) with tsumo and chinitsu, 33 han 50 fu, the
    // dealer's tsumo: 50 * 2^35 * 2 = 3435973836800 from each, rounded up to 100.
    let r = score(
        json!({"hand": "11133355566688m", "win": "8m", "tsumo": true,
                         "double_yakuman": true, "aotenjou": true}),
    )
    .to_string();
    assert_eq!(
        line(&r, "value").as_deref(),
        Some("33 han 50 fu, aotenjou: 10307921510400 (tsumo 3435973836800 all)")
    );
    assert_eq!(
        line(&r, "yaku").as_deref(),
        Some("suuankou_tanki (x2), menzen_tsumo 1, chinitsu 6")
    );
    // The yakuman's han stand beside the others', so the fu are shown: 20 + 2 (tsumo)
    // + 8 (closed 111m) + 3 * 4 (closed 333m, 555m, 666m) + 2 (tanki) = 44, 50.
    let fu = line(&r, "fu").unwrap();
    assert!(
        fu.starts_with("base 20 + ") && fu.ends_with(" = 50"),
        "{fu}"
    );
    // A non-dealer's tsumo: daisuurin (13) with menzen tsumo, 14 han 30 fu: 30 * 2^16
    // = 1966080 basic, 3932200 from the dealer and 1966100 from each other seat.
    let d = score(
        json!({"hand": "22334455667788m", "win": "7m", "tsumo": true,
                         "seat_wind": "S", "daisharin_other_suits": true,
                         "aotenjou": true}),
    )
    .to_string();
    assert_eq!(
        line(&d, "value").as_deref(),
        Some("14 han 30 fu, aotenjou: 7864400 (tsumo 1966100/3932200)")
    );
    // A ron with two honba and a stick: 20 han 60 fu, 60 * 2^22 * 6 = 1509949440,
    // 1509949500; received 600 + 1000 more.
    let h = score(
        json!({"hand": "11123s555666777z", "win": "1s", "aotenjou": true,
                         "honba": 2, "riichi_sticks": 1}),
    )
    .to_string();
    assert_eq!(
        line(&h, "value").as_deref(),
        Some("20 han 60 fu, aotenjou: 1509949500 (ron 1509949500)")
    );
    assert_eq!(
        line(&h, "received").as_deref(),
        Some("1509951100 (with honba and riichi sticks)")
    );
    // Thirteen orphans: a fixed 30 fu (tsumo) with no items.
    let k = score(
        json!({"hand": "19m19p19s12345677z", "win": "7z", "tsumo": true,
                         "double_yakuman": true, "aotenjou": true}),
    )
    .to_string();
    assert_eq!(
        line(&k, "fu").as_deref(),
        Some("30 (thirteen orphans under aotenjou)")
    );
    assert_eq!(line(&k, "received"), None);
}

#[test]
fn score_text_of_liability() {
    // Daisangen by the South seat, pon of chun from seat 1 (shimocha), won by tsumo with
    // two honba: the liable seat pays the whole 32000 and the 600.
    let r = score(
        json!({"hand": "123m1p1p(555z)(666z)(777z)", "seat_wind": "S",
                         "honba": 2, "pao": 1, "tsumo": true}),
    )
    .to_string();
    assert_eq!(
        line(&r, "pao").as_deref(),
        Some("seat 1 liable; seats 1/2/3 pay 32600/0/0 (honba included)")
    );
    assert_eq!(
        line(&r, "received").as_deref(),
        Some("32600 (with honba and riichi sticks)")
    );
}
