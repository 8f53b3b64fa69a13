//! Calls on an offered tile (`advise_offer`), worked cases: ron (the round wind, the
//! ura expectation by brute force), a yakuhai pon worked by hand, the refusals and a
//! discard named for after the call, closed and added kans (each against the plain
//! reference of `advise_offer`'s checks).

use tenpai::advise::offer::{advise_offer, Choice, Discarder, OfferOptions};
use tenpai::advise::{AdviseOptions, RiichiPolicy};
use tenpai::rules::Rules;
use tenpai::score::{score, Situation};
use tenpai::{Call, Hand, Tile, Wind};

use crate::advise_offer::{check, dead, h, kan_reference, opts, same_curve, t};
use crate::advise_reference::{close, count, red, seen_but_indicators};

/// Ron counts the round wind: `123m456p789s1z222z` in the South round, seat West, ron
/// on 1z: the South triplet is its only yaku, 1 han 40 fu (20, 10 for a closed ron, 8
/// for a concealed honor triplet, 2 for the single wait), 1,300 from a non-dealer. In
/// the East round the same hand has no yaku, so no ron. Both through the reference.
#[test]
fn ron_counts_the_round_wind() {
    let hand = h("123m456p789s1z222z");
    let south = AdviseOptions {
        round_wind: Wind::South,
        seat_wind: Wind::West,
        riichi: RiichiPolicy::Never,
        ..opts(2, 0)
    };
    let oo = OfferOptions::default();
    let a = advise_offer(&hand, t("1z"), &oo, &south).unwrap();
    let ron = a.options.iter().find(|x| x.option == Choice::Ron).unwrap();
    assert_eq!(ron.points, Some(1300));
    assert!(close(ron.ev, 1300.0), "{}", ron.ev);
    check(&hand, t("1z"), &oo, &south).unwrap();
    let east = AdviseOptions {
        round_wind: Wind::East,
        ..south
    };
    let a = advise_offer(&hand, t("1z"), &oo, &east).unwrap();
    assert!(a.options.iter().all(|x| x.option != Choice::Ron));
    check(&hand, t("1z"), &oo, &east).unwrap();
}

/// A riichi ron's `ev`: the points averaged over the ura indicator, every unseen tile
/// one outcome (brute force over the 121 tiles; in three-player mahjong the 93 left
/// without 2m-8m), against the grouped count.
#[test]
fn riichi_ron_ev_is_the_ura_expectation() {
    for (hand, rules, unseen) in [
        ("123m456p789s1122z", Rules::tenhou(), 136 - 14 - 1),
        ("111m456p789s1122z", Rules::tenhou_sanma(), 108 - 14 - 1),
    ] {
        let hand = h(hand);
        let o = AdviseOptions {
            dora: vec![t("9m")],
            rules: rules.clone(),
            ..opts(1, 0)
        };
        let a = advise_offer(&hand, t("1z"), &OfferOptions::default(), &o).unwrap();
        let ron = a.options.iter().find(|x| x.option == Choice::Ron).unwrap();
        let won = hand.with_tile(t("1z")).unwrap();
        let s = Situation {
            riichi: true,
            dora: o.dora.clone(),
            ..Situation::default()
        };
        let seen = count(won.all_tiles().chain(o.dora.iter().copied()));
        let (mut total, mut n) = (0.0, 0u32);
        for k in 0..34 {
            if rules.is_sanma() && (1..8).contains(&k) {
                continue;
            }
            let left = 4 - seen[k] - red(k).map_or(0, |r| seen[r]);
            for _ in 0..left {
                let mut s = s.clone();
                s.ura = vec![Tile::new(k as u8)];
                total += score(&won, t("1z"), &s, &rules).unwrap().points as f64;
                n += 1;
            }
        }
        assert_eq!(n, unseen);
        assert!(
            close(ron.ev, total / n as f64),
            "{hand}: {} vs {}",
            ron.ev,
            total / n as f64
        );
        assert_eq!(
            ron.points,
            Some(score(&won, t("1z"), &s, &rules).unwrap().points)
        );
        assert!(ron.ev > ron.points.unwrap() as f64);
    }
}

/// The ura expectation of a ron with several indicators, by brute force: every
/// ordered draw of the indicators from the unseen tiles (each copy one outcome,
/// without replacement), against the grouped count. Only a few kinds are unseen (the
/// rest visible), giving 0, 1 or 3 ura each.
#[test]
fn riichi_ron_ev_with_three_ura_indicators() {
    fn walk(
        won: &Hand,
        win: Tile,
        s: &mut Situation,
        unseen: &mut [u8; 34],
        draws: usize,
        p: f64,
        total: &mut f64,
    ) {
        let size: u32 = unseen.iter().map(|&x| x as u32).sum();
        if draws == 0 || size == 0 {
            *total += p * score(won, win, s, &Rules::tenhou()).unwrap().points as f64;
            return;
        }
        for k in 0..34 {
            if unseen[k] == 0 {
                continue;
            }
            let q = p * unseen[k] as f64 / size as f64;
            unseen[k] -= 1;
            s.ura.push(Tile::new(k as u8));
            walk(won, win, s, unseen, draws - 1, q, total);
            s.ura.pop();
            unseen[k] += 1;
        }
    }
    let hand = h("123m456p789s1122z");
    let dora: Vec<Tile> = ["5p", "6p", "2m"].map(t).to_vec();
    // Unseen: 9m (1m dora: one ura), 4z (East: three), 8s (9s: one), 7z and 1s (none).
    let mut visible = seen_but_indicators(&hand, &["9m", "4z", "7z", "1s", "8s"], &dora);
    let o = AdviseOptions {
        dora: dora.clone(),
        visible: visible.clone(),
        ..opts(1, 0)
    };
    let a = advise_offer(&hand, t("1z"), &OfferOptions::default(), &o).unwrap();
    let ron = a.options.iter().find(|x| x.option == Choice::Ron).unwrap();
    let won = hand.with_tile(t("1z")).unwrap();
    // (The offered 1z is one of the visible tiles: the hand holds it now.)
    let i = visible.iter().position(|&v| v == t("1z")).unwrap();
    visible.remove(i);
    let seen = count(won.all_tiles().chain(visible).chain(dora.iter().copied()));
    let mut unseen = [0u8; 34];
    for (k, u) in unseen.iter_mut().enumerate() {
        *u = 4 - seen[k] - red(k).map_or(0, |r| seen[r]);
    }
    assert_eq!(
        unseen.iter().map(|&x| x as u32).sum::<u32>(),
        4 + 4 + 4 + 4 + 3
    );
    let mut s = Situation {
        riichi: true,
        dora,
        ..Situation::default()
    };
    let mut total = 0.0;
    walk(&won, t("1z"), &mut s, &mut unseen, 3, 1.0, &mut total);
    assert!(close(ron.ev, total), "{} vs {total}", ron.ev);
    assert!(ron.ev > ron.points.unwrap() as f64);
}

/// Worked by hand: 1-shanten, the pair of red dragons its only yaku once open. Pon
/// 7z; then 9s or 6s would leave a 7s wait (3 left), but 8s leaves 234m 66p 66789s,
/// a shanpon on 6p and 6s (2 + 2 left, 789s the run): the best. Either tsumo is a
/// yakuhai hand of 1 han 30 fu (20 + 4 for the open dragon triplet + 4 for the
/// concealed triplet of simples + 2 for tsumo), the dealer's 500 all = 1500. With one
/// draw left, the pool is 136 less the 13 tiles held = 123. Passing cannot win in one
/// draw.
#[test]
fn yakuhai_pon_from_one_shanten() {
    let hand = h("234m66p678s689s77z");
    let a = advise_offer(&hand, t("7z"), &OfferOptions::default(), &opts(1, 0)).unwrap();
    assert_eq!(a.best, "pon (777z)");
    let pon = &a.options[0];
    assert_eq!(pon.shanten, 0);
    assert_eq!(pon.discard, Some(t("8s")));
    let p = 4.0 / 123.0;
    assert!(close(pon.win, p), "{}", pon.win);
    assert!(close(pon.ev, p * 1500.0), "{}", pon.ev);
    let pass = a.options.iter().find(|x| x.option == Choice::Pass).unwrap();
    assert_eq!((pass.win, pass.ev), (0.0, 0.0));
    // From across too (pon from any player); no chi on an honor.
    let across = OfferOptions {
        from: Discarder::Across,
        ..OfferOptions::default()
    };
    let b = advise_offer(&hand, t("7z"), &across, &opts(1, 0)).unwrap();
    assert_eq!(b.best, "pon (777z)");
}

/// Bad input: clear errors naming the problem.
#[test]
fn refusals_name_the_problem() {
    let o = opts(1, 0);
    let err = |hand: &str, offer: &str, oo: OfferOptions| {
        advise_offer(&h(hand), t(offer), &oo, &o)
            .unwrap_err()
            .to_string()
    };
    // A fifth copy.
    let e = err("1111m234p567s889s", "1m", OfferOptions::default());
    assert!(e.contains("one copy too many"), "{e}");
    // A 14-tile hand.
    let e = err("234m66p678s689s777z", "7z", OfferOptions::default());
    assert!(e.contains("3k+1"), "{e}");
    // Chi from across.
    let across = OfferOptions {
        from: Discarder::Across,
        only: Some(Choice::Chi),
        ..OfferOptions::default()
    };
    let e = err("234m66p678s689s77z", "7s", across);
    assert!(e.contains("only from the player on the left"), "{e}");
    // Kuikae: chi 5m on 67m and throw 8m, or pon 3s and throw 3s.
    let kuikae = |only, d: &str| OfferOptions {
        only: Some(only),
        discard: Some(t(d)),
        ..OfferOptions::default()
    };
    let e = err("678m67m123p456s11z", "5m", kuikae(Choice::Chi, "8m"));
    assert!(e.contains("kuikae") && e.contains("(567m)"), "{e}");
    let e = err("33s3s12m456p789p11z", "3s", kuikae(Choice::Pon, "3s"));
    assert!(e.contains("kuikae"), "{e}");
    // With kuikae allowed, the same discard is valued.
    let allowed = OfferOptions {
        kuikae: true,
        ..kuikae(Choice::Chi, "8m")
    };
    let a = advise_offer(&h("678m67m123p456s11z"), t("5m"), &allowed, &o).unwrap();
    assert!(a
        .options
        .iter()
        .any(|x| x.option == Choice::Chi && x.discard == Some(t("8m"))));
    // Ron when furiten.
    let furiten = OfferOptions {
        furiten: true,
        only: Some(Choice::Ron),
        ..OfferOptions::default()
    };
    let e = err("123m456p789s1122z", "1z", furiten);
    assert!(e.contains("furiten"), "{e}");
}

/// A discard named for after the call (`discard`) is refused only when kuikae
/// refuses it after every chi and pon: of the three chi on 5m with 34m, 46m and 67m,
/// kuikae refuses 8m (the suji of the 5m) after the 567m one only; with that chi alone
/// it is refused; with no call at all there is nothing to refuse.
#[test]
fn a_named_discard_is_refused_only_after_every_call() {
    let o = opts(1, 0);
    let named = |d: &str| OfferOptions {
        discard: Some(t(d)),
        ..OfferOptions::default()
    };
    let a = advise_offer(&h("34m67m8m123p456s11z"), t("5m"), &named("8m"), &o).unwrap();
    let mut chi: Vec<String> = a
        .options
        .iter()
        .filter(|x| x.option == Choice::Chi)
        .map(|x| format!("{} {}", x.call.unwrap(), x.discard.unwrap()))
        .collect();
    chi.sort();
    assert_eq!(chi, ["(345m) 8m", "(456m) 8m"]);
    let e = advise_offer(&h("678m67m123p456s11z"), t("5m"), &named("8m"), &o)
        .unwrap_err()
        .to_string();
    assert!(e.contains("kuikae") && e.contains("(567m)"), "{e}");
    // No chi or pon on 5m: the pass (the named discard has nothing to follow).
    let a = advise_offer(&h("123p456s789s11z23z"), t("5m"), &named("2z"), &o).unwrap();
    let labels: Vec<String> = a.options.iter().map(|x| x.label()).collect();
    assert_eq!(labels, ["pass"]);
}

/// Closed and added kans of a drawn hand: extra rows, each equal to the reference's
/// expectation over the new indicator with the replacement draw.
#[test]
fn closed_and_added_kans_equal_the_reference() {
    let cases: &[(&str, &str)] = &[
        // A closed kan of 1m: the hand stays closed (riichi auto on the tenpai it leaves).
        ("1111m3p (555z) (999s) (888s)", "[1111m]"),
        // An added kan of 1m onto its pon.
        ("1m2p3p55p (111m) (999s) (888s)", "(1111m)"),
    ];
    for (hand, call) in cases {
        let hand = h(hand);
        let visible = dead(&["1p", "2p", "3p", "4p", "5p"], &hand, &[], false);
        let o = AdviseOptions {
            visible,
            ..opts(2, 1)
        };
        let rows = tenpai::advise::offer::kan_rows(&hand, &o).unwrap();
        assert_eq!(rows.len(), 1, "{hand}");
        let row = &rows[0];
        assert_eq!(row.call.unwrap().to_string(), *call);
        // The hand after the kan, built from the call.
        let mut conc = hand.concealed().to_vec();
        conc.retain(|x| x.kind() != t("1m"));
        let mut calls: Vec<Call> = hand
            .calls()
            .iter()
            .copied()
            .filter(|c| c.first() != t("1m"))
            .collect();
        calls.push(row.call.unwrap());
        let after = Hand::new(conc, calls).unwrap();
        let want = kan_reference(&after, &o, 2);
        same_curve(&format!("{hand} {call}"), row, &want).unwrap();
    }
}

/// A hand's kan rows, as `kan_rows` documents them: none for a 3k+1 hand, none past four calls (an added
/// kan onto one of them included, though it adds no call), and none when the draws are
/// already at `MAX_DRAWS` (the replacement would be one more draw); one draw less, the
/// closed kan of 1111m is a row.
#[test]
fn kan_rows_stop_at_four_calls_and_the_draw_limit() {
    use tenpai::advise::offer::kan_rows;
    use tenpai::advise::MAX_DRAWS;
    let four = h("5m1z (555m) (111p) (222p) (333p)");
    assert!(kan_rows(&four, &opts(1, 0)).unwrap().is_empty());
    let three = h("5m1z4s4s4s (555m) (111p) (222p)");
    assert_eq!(kan_rows(&three, &opts(1, 0)).unwrap().len(), 1);
    let hand = h("1111m234p567s8899s");
    assert_eq!(kan_rows(&hand, &opts(MAX_DRAWS - 1, 0)).unwrap().len(), 1);
    // Not on a hand waiting for its draw (3k+1).
    assert!(kan_rows(&h("1111m234p567s889s"), &opts(1, 0))
        .unwrap()
        .is_empty());
    assert!(kan_rows(&hand, &opts(MAX_DRAWS, 0)).unwrap().is_empty());
}
