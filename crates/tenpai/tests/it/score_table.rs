//! The points the advice engine prices its wins with: a mode of the scorer of its own
//! (the crate's `points_by_extra_han`: every reading's points by extra han), reached
//! here through `advise`. A yakuman is paid as a multiple of 8000 basic points, as the
//! rule books pay it and as `score` answers for the same win.

use tenpai::advise::{advise, AdviseOptions, RiichiPolicy};
use tenpai::rules::Rules;
use tenpai::score::{score_request, ScoreRequest};
use tenpai::{Hand, Wind};

#[test]
fn score_table_prices_yakuman_multiples() {
    // 13 tiles in tenpai for thirteen orphans, one draw left, no riichi, no dora, a
    // non-dealer: the value is the chance of drawing a winning tile times the tsumo's
    // total. A single wait on 7z (four copies left of the 123 unseen) is one yakuman:
    // 8000 basic points, paid 8000 + 8000 + 16000 = 32000 in all. Thirteen waits (three copies of each left, 39) are one yakuman on
    // Tenhou (no double yakuman for a single pattern) and a double one on Mahjong Soul
    // (kokushi on its 13-sided wait): 64000.
    for (hand, win_tile, copies, rules, total) in [
        ("19m19p19s1234566z", "7z", 4u32, "tenhou", 32000u32),
        ("19m19p19s1234567z", "1m", 39, "tenhou", 32000),
        ("19m19p19s1234567z", "1m", 39, "majsoul", 64000),
    ] {
        let opts = AdviseOptions {
            draws: 1,
            changes: 0,
            riichi: RiichiPolicy::Never,
            seat_wind: Wind::South,
            rules: Rules::preset(rules).unwrap(),
            ..AdviseOptions::default()
        };
        let h: Hand = hand.parse().unwrap();
        let a = advise(&h, &opts).unwrap();
        let v = a.value.expect("a 13-tile hand answers its own value");
        assert_eq!(a.pool, 123, "{hand}");
        let p = f64::from(a.pool);
        assert!(
            (v.win - f64::from(copies) / p).abs() < 1e-12,
            "{hand}: {}",
            v.win
        );
        assert!(
            (v.ev - v.win * f64::from(total)).abs() < 1e-6,
            "{hand} ({rules}): ev {} for win {}",
            v.ev,
            v.win
        );
        // The scorer's own answer for one such win, by its other path.
        let req = ScoreRequest::from_json(&format!(
            r#"{{"hand": "{hand}{win_tile}", "win": "{win_tile}", "tsumo": true, "seat_wind": "S", "rules": "{rules}"}}"#
        ))
        .unwrap();
        assert_eq!(score_request(&req).unwrap().points, total, "{hand}");
    }
}

#[test]
fn score_table_prices_every_han_under_aotenjou() {
    // Under aotenjou (no limits) the table prices the yakuman as 13 han beside the
    // dora: thirteen orphans waiting on 7z with 6z as the dora indicator wins with one
    // dora, 14 han; by tsumo 30 fu (as the `mahjong` library fixes kokushi's fu). A
    // non-dealer's tsumo: basic points 30 * 2^(14 + 2) = 1,966,080, the dealer pays
    // twice that, each rounded up to 100: 3,932,200 + 2 * 1,966,100 = 7,864,400.
    let hand = "19m19p19s1234566z";
    let opts = AdviseOptions {
        draws: 1,
        changes: 0,
        riichi: RiichiPolicy::Never,
        seat_wind: Wind::South,
        dora: vec![tenpai::Tile::from_mpsz("6z").unwrap()],
        rules: Rules {
            aotenjou: true,
            ..Rules::tenhou()
        },
        ..AdviseOptions::default()
    };
    let h: Hand = hand.parse().unwrap();
    let v = advise(&h, &opts).unwrap().value.unwrap();
    let total = 7_864_400.0;
    assert!(v.win > 0.0);
    assert!(
        (v.ev - v.win * total).abs() < 1e-3,
        "ev {} for win {}",
        v.ev,
        v.win
    );
    let req = ScoreRequest::from_json(&format!(
        r#"{{"hand": "{hand}7z", "win": "7z", "tsumo": true, "seat_wind": "S", "dora": ["6z"], "aotenjou": true}}"#
    ))
    .unwrap();
    let answer = score_request(&req).unwrap();
    assert_eq!((answer.han, answer.points), (14, 7_864_400));
}
