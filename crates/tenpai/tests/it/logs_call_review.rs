//! `logs::call_review` (call decisions of `review --advise`) on a hand-written log: the
//! offers that are decisions are found (pon from across, chi from the left, nothing
//! from the right without a pair), the choice read from the log, and the options'
//! values equal `advise_offer` called directly on the situation written out by hand
//! (hand, visible tiles, dora, draws left, winds), not taken from the review.

use tenpai::advise::offer::{advise_offer, Choice, Discarder, OfferOptions};
use tenpai::advise::{AdviseOptions, RiichiPolicy, MAX_STATES};
use tenpai::logs::call_review::Chosen;
use tenpai::logs::review::{review, review_decisions};
use tenpai::notation::parse_tiles;
use tenpai::{Hand, Tile, Wind};

use crate::common::Mj;

fn t(s: &str) -> Tile {
    Tile::from_mpsz(s).unwrap()
}

/// E1, seat 0 the dealer with a 1-shanten hand whose only yaku is the pair of 7z.
fn game() -> Mj {
    Mj::new()
        .init(
            0,
            0,
            0,
            [25000; 4],
            [
                "234m66p678s689s77z",
                "1119m1119p11222z",
                "88999m999p33445z",
                "111s555z666z1133z",
            ],
            "4z",
        )
        .draw(0, "1m")
        .discard(0, "1m")
        // From the right (seat 1): no pair of 5m, no chi from the right: no decision.
        .draw(1, "5m")
        .discard(1, "5m")
        // From across: pon (777z) taken.
        .draw(2, "7z")
        .discard(2, "7z")
        .pon(0)
        .discard(0, "9s")
        .draw(1, "5p")
        .discard(1, "5p")
        // From across again: pon (666p) on offer, passed.
        .draw(2, "6p")
        .discard(2, "6p")
        // From the left: chi (567s) on offer, passed.
        .draw(3, "5s")
        .discard(3, "5s")
        .draw(0, "2s")
        .discard(0, "2s")
}

/// The engine's options for the offer, written out from the log by hand.
fn by_hand(draws_left: i32, visible: &str) -> AdviseOptions {
    AdviseOptions {
        draws: (draws_left / 4) as u32,
        changes: 1,
        riichi: RiichiPolicy::Auto,
        visible: parse_tiles(visible).unwrap(),
        dora: vec![t("4z")],
        round_wind: Wind::East,
        seat_wind: Wind::East,
        rules: tenpai::rules::Rules::tenhou(),
        max_states: MAX_STATES,
        max_states_no_change: MAX_STATES,
        ..AdviseOptions::default()
    }
}

#[test]
fn call_decisions_are_found_and_valued_as_advise_offer_values_them() {
    let game = game().game();
    let plain = review_decisions(&game, 0, false, &mut |_| {}).unwrap();
    assert!(
        plain.calls.is_empty(),
        "no call decisions without the engine"
    );
    let r = review_decisions(&game, 0, true, &mut |_| {}).unwrap();
    // The discards are the review's.
    assert_eq!(r.turns.len(), review(&game, 0).unwrap().len());
    assert_eq!(r.turns.len(), 3);
    let offers: Vec<(Tile, Discarder)> = r.calls.iter().map(|c| (c.offer, c.from)).collect();
    assert_eq!(
        offers,
        [
            (t("7z"), Discarder::Across),
            (t("6p"), Discarder::Across),
            (t("5s"), Discarder::Left)
        ]
    );
    // Where they fall: after the first discard, after the second (twice).
    let at: Vec<(u32, usize)> = r.calls.iter().map(|c| (c.turn, c.at)).collect();
    assert_eq!(at, [(1, 1), (2, 2), (2, 2)]);
    // The choices, from the log: the pon taken, then two passes.
    match &r.calls[0].chosen {
        Chosen::Call(c) => assert_eq!(c.to_call().unwrap().to_string(), "(777z)"),
        other => panic!("{other:?}"),
    }
    assert_eq!(r.calls[0].chosen.label(), "pon (777z)");
    assert_eq!(
        (&r.calls[1].chosen, &r.calls[2].chosen),
        (&Chosen::Pass, &Chosen::Pass)
    );

    // Each situation by hand: the hand, the draws left (70 less the draws made), the
    // tiles in the rivers (the offered tile among them; the 7z taken by the pon is in
    // the call, seat 0's own), the dora indicator apart.
    let cases = [
        (
            "234m66p678s689s77z",
            Discarder::Across,
            t("7z"),
            67,
            "1m5m7z",
        ),
        (
            "234m66p678s68s(777z)",
            Discarder::Across,
            t("6p"),
            65,
            "1m5m9s5p6p",
        ),
        (
            "234m66p678s68s(777z)",
            Discarder::Left,
            t("5s"),
            64,
            "1m5m9s5p6p5s",
        ),
    ];
    for (c, (hand, from, offer, left, visible)) in r.calls.iter().zip(cases) {
        let hand: Hand = hand.parse().unwrap();
        assert_eq!(c.hand, hand.to_string());
        assert_eq!(c.draws_left, left);
        assert!(!c.furiten);
        let o = OfferOptions {
            from,
            ..OfferOptions::default()
        };
        let want = advise_offer(&hand, offer, &o, &by_hand(left, visible)).unwrap();
        let got = c.advice.as_ref().expect("valued");
        assert_eq!(got.options, want.options, "{offer}");
        assert_eq!(got.best, want.best);
        // The loss: the best option's expected points less the chosen one's.
        let chosen = got
            .options
            .iter()
            .find(|x| x.label() == c.chosen.label())
            .expect("the choice made is an option");
        assert_eq!(c.chosen_option(), Some(chosen));
        assert_eq!(c.loss(), Some((want.options[0].ev - chosen.ev).max(0.0)));
        assert_eq!(c.agrees(), c.loss().unwrap() < 0.5);
    }
    // The options on offer: pon (and not chi) from across; chi (and no pon) from the left.
    let kinds = |i: usize| -> Vec<Choice> {
        let mut v: Vec<Choice> = r.calls[i]
            .advice
            .as_ref()
            .unwrap()
            .options
            .iter()
            .map(|o| o.option)
            .collect();
        v.sort_by_key(|c| c.name());
        v
    };
    assert_eq!(kinds(0), [Choice::Pass, Choice::Pon]);
    assert_eq!(kinds(1), [Choice::Pass, Choice::Pon]);
    assert_eq!(kinds(2), [Choice::Chi, Choice::Pass]);
    // The JSON line: the contract's fields.
    let j = r.calls[0].to_json(0);
    assert_eq!(j["kind"], "call");
    assert_eq!(
        (j["offer"].as_str(), j["from"].as_str()),
        (Some("7z"), Some("across"))
    );
    assert_eq!(j["chosen"], "pon (777z)");
    assert_eq!(
        j["best"].as_str(),
        Some(r.calls[0].advice.as_ref().unwrap().best.as_str())
    );
    assert_eq!(j["options"].as_array().unwrap().len(), 2);
    assert!(j["options"][0].get("discards").is_none());
    assert_eq!(j["loss"].as_f64(), r.calls[0].loss());
}

#[test]
fn no_call_decisions_in_riichi_or_when_another_player_took_the_tile() {
    // Seat 0 declares riichi on its first discard (waiting on 6p and 7z): the 7z and
    // 6p offered afterwards are no decisions (a player in riichi only rons, which the
    // review leaves alone).
    let game = Mj::new()
        .init(
            0,
            0,
            0,
            [25000; 4],
            [
                "234m66p678s678s77z",
                "1119m1119p11222z",
                "88999m999p33445z",
                "111s555z666z1133z",
            ],
            "4z",
        )
        .draw(0, "1m")
        .reach(0, 1)
        .discard(0, "1m")
        .reach(0, 2)
        .draw(1, "5m")
        .discard(1, "5m")
        .draw(2, "7z")
        .discard(2, "7z")
        .draw(3, "6p")
        .discard(3, "6p")
        .game();
    let r = review_decisions(&game, 0, true, &mut |_| {}).unwrap();
    assert_eq!(r.turns.len(), 1);
    assert!(r.calls.is_empty(), "{:?}", r.calls);
    // Seat 3's 7s: seat 0 could chi it, but seat 1 pons it (a pon goes first): what
    // seat 0 wanted cannot be read, so it is no decision.
    let game = Mj::new()
        .init(
            0,
            0,
            0,
            [25000; 4],
            [
                "234m66p678s689s77z",
                "1119m1119p77s222z",
                "88999m999p33445z",
                "111s555z666z1133z",
            ],
            "4z",
        )
        .draw(0, "1m")
        .discard(0, "1m")
        .draw(1, "5m")
        .discard(1, "5m")
        .draw(2, "5m")
        .discard(2, "5m")
        .draw(3, "7s")
        .discard(3, "7s")
        .pon(1)
        .discard(1, "1m")
        .game();
    let r = review_decisions(&game, 0, true, &mut |_| {}).unwrap();
    assert!(r.calls.is_empty(), "{:?}", r.calls);
    // Seat 1's own review: seat 0's 1m (from its left; seat 1 holds three: chi, pon
    // and open kan on offer) passed, and the 7s pon, read from the log.
    let r1 = review_decisions(&game, 1, true, &mut |_| {}).unwrap();
    assert_eq!(r1.calls.len(), 2);
    let first = &r1.calls[0];
    assert_eq!(
        (first.offer, first.from, &first.chosen),
        (t("1m"), Discarder::Left, &Chosen::Pass)
    );
    let labels: Vec<String> = first
        .advice
        .as_ref()
        .unwrap()
        .options
        .iter()
        .map(|o| o.label())
        .collect();
    for want in ["pass", "pon (111m)", "kan (1111m)"] {
        assert!(labels.contains(&want.to_string()), "{labels:?}");
    }
    let c = &r1.calls[1];
    assert_eq!((c.offer, c.from), (t("7s"), Discarder::Across));
    assert_eq!(c.chosen.label(), "pon (777s)");
    assert!(c.chosen_option().is_some());
}

#[test]
fn a_closed_hand_not_in_riichi_rons_without_riichi() {
    use tenpai::logs::call_review::value_offer;
    use tenpai::score::{score, Situation};
    let across = |furiten| OfferOptions {
        from: Discarder::Across,
        furiten,
        ..OfferOptions::default()
    };
    // Waits on 1z and 2z, closed, not declared: the ron is priced as the hand stands.
    let hand: Hand = "123m456p789s1122z".parse().unwrap();
    let opts = AdviseOptions {
        draws: 2,
        changes: 0,
        ..AdviseOptions::default()
    };
    let a = value_offer(&hand, t("1z"), &across(false), &opts).unwrap();
    let ron = a.options.iter().find(|o| o.option == Choice::Ron).unwrap();
    let won = hand.with_tile(t("1z")).unwrap();
    let s = Situation {
        tsumo: false,
        riichi: false,
        round_wind: opts.round_wind,
        seat_wind: opts.seat_wind,
        ..Situation::default()
    };
    let points = score(&won, t("1z"), &s, &opts.rules).unwrap().points;
    assert_eq!((ron.points, ron.ev), (Some(points), f64::from(points)));
    // advise_offer itself (riichi auto) counts a riichi: more.
    let auto = advise_offer(
        &hand,
        t("1z"),
        &OfferOptions {
            from: Discarder::Across,
            ..OfferOptions::default()
        },
        &opts,
    )
    .unwrap();
    let riichi = auto
        .options
        .iter()
        .find(|o| o.option == Choice::Ron)
        .unwrap();
    assert!(riichi.points.unwrap() > points);
    // Everything else is advise_offer's, best first by expected points.
    let others = |v: &[tenpai::advise::offer::OfferOption]| -> Vec<(String, f64)> {
        let mut o: Vec<(String, f64)> = v
            .iter()
            .filter(|o| o.option != Choice::Ron)
            .map(|o| (o.label(), o.ev))
            .collect();
        o.sort_by(|a, b| a.0.cmp(&b.0));
        o
    };
    assert_eq!(others(&a.options), others(&auto.options));
    assert!(a.options.windows(2).all(|w| w[0].ev >= w[1].ev));
    assert_eq!(a.best, a.options[0].label());
    // Furiten: no ron at all.
    let f = value_offer(&hand, t("1z"), &across(true), &opts).unwrap();
    assert!(f.options.iter().all(|o| o.option != Choice::Ron));
}

/// Hands for the furiten cases: seat 0 waits on 1z and 2z (East is its seat and the
/// round's wind: a ron on 1z has a yaku).
fn furiten_game() -> Mj {
    Mj::new().init(
        0,
        0,
        0,
        [25000; 4],
        [
            "123m456p789s1122z",
            "1119m1119p33344z",
            "88999m999p55566z",
            "111s777z66z44z22s3s",
        ],
        "5m",
    )
}

#[test]
fn ron_on_offer_unless_furiten() {
    // Seat 0 let a 2z go (a wait in its own river): furiten, the 1z offered across
    // has a pon and no ron.
    let game = furiten_game()
        .draw(0, "2z")
        .discard(0, "2z")
        .draw(1, "5m")
        .discard(1, "5m")
        .draw(2, "1z")
        .discard(2, "1z")
        .draw(3, "1s")
        .discard(3, "1s")
        .game();
    let r = review_decisions(&game, 0, true, &mut |_| {}).unwrap();
    assert_eq!(r.calls.len(), 1, "{:?}", r.calls);
    let c = &r.calls[0];
    assert!(c.furiten);
    let labels: Vec<String> = c
        .advice
        .as_ref()
        .unwrap()
        .options
        .iter()
        .map(|o| o.label())
        .collect();
    assert!(
        labels.contains(&"pon (111z)".to_string()) && !labels.contains(&"ron".to_string()),
        "{labels:?}"
    );

    // Not furiten: the 1z is a ron (dama: no riichi han), passed here; then the 2z
    // offered by seat 3 comes after a wait was passed: furiten again, a pon only.
    let game = furiten_game()
        .draw(0, "5m")
        .discard(0, "5m")
        .draw(1, "5m")
        .discard(1, "5m")
        .draw(2, "1z")
        .discard(2, "1z")
        .draw(3, "2z")
        .discard(3, "2z")
        .game();
    let r = review_decisions(&game, 0, true, &mut |_| {}).unwrap();
    assert_eq!(r.calls.len(), 2, "{:?}", r.calls);
    let (ron, later) = (&r.calls[0], &r.calls[1]);
    assert!(!ron.furiten);
    let a = ron.advice.as_ref().unwrap();
    assert_eq!(
        a.options[0].option,
        Choice::Ron,
        "a ron wins at once: the best"
    );
    assert_eq!(ron.chosen, Chosen::Pass);
    let pass = a.options.iter().find(|o| o.option == Choice::Pass).unwrap();
    assert_eq!(ron.loss(), Some((a.options[0].ev - pass.ev).max(0.0)));
    assert!(ron.loss().unwrap() > 0.0);
    // Its points: a dama ron, as `score` gives them.
    let won: Hand = "123m456p789s11122z".parse().unwrap();
    let s = tenpai::score::Situation {
        tsumo: false,
        riichi: false,
        round_wind: Wind::East,
        seat_wind: Wind::East,
        dora: vec![t("5m")],
        ..tenpai::score::Situation::default()
    };
    let points = tenpai::score::score(&won, t("1z"), &s, &game.rules.scoring_rules())
        .unwrap()
        .points;
    assert_eq!(a.options[0].points, Some(points));
    assert_eq!(
        (later.offer, later.from, later.furiten),
        (t("2z"), Discarder::Left, true)
    );
    assert!(later
        .advice
        .as_ref()
        .unwrap()
        .options
        .iter()
        .all(|o| o.option != Choice::Ron));
}
