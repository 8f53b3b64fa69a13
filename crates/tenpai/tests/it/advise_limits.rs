//! The advise engine's limits and its answers to bad input: errors that name the
//! limit, the fallback to fewer changes, the four-red-five set refused.

use tenpai::advise::{advise, Advice, AdviseOptions, RiichiPolicy};
use tenpai::rules::Rules;
use tenpai::shanten::shanten;
use tenpai::Hand;

use crate::advise_reference::close;
use crate::advise_worked::{opts, tiles, value_of};

#[test]
fn limits_are_errors_naming_them() {
    let h: Hand = "123m456p789s11225z".parse().unwrap();
    let e = advise(
        &h,
        &opts(tenpai::advise::MAX_DRAWS + 1, 1, RiichiPolicy::Auto),
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("draws") && e.to_string().contains("limit"),
        "{e}"
    );
    let e = advise(
        &h,
        &opts(5, tenpai::advise::MAX_CHANGES + 1, RiichiPolicy::Auto),
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("changes") && e.to_string().contains("limit"),
        "{e}"
    );
    // 2- and 3-shanten: answered with the default budget (one change), every row
    // valued with it.
    for (hand, s) in [("234m4589p13789s1z", 2), ("12346m4589p137s8s1z", 3)] {
        let h: Hand = hand.parse().unwrap();
        assert_eq!(shanten(&h).value(), s);
        let a = advise(&h, &opts(3, 1, RiichiPolicy::Auto)).unwrap();
        assert_eq!((a.changes, a.changes_requested), (1, 1));
        assert!(a.discards.iter().all(|d| d.changes == 1));
    }
    let e = advise(
        &h,
        &AdviseOptions {
            visible: tiles("5555z"),
            ..opts(5, 1, RiichiPolicy::Auto)
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("four copies of 5z"), "{e}");
    let e = advise(
        &h,
        &AdviseOptions {
            visible: tiles("0m"),
            dora: tiles("0m"),
            ..opts(5, 1, RiichiPolicy::Auto)
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("red five"), "{e}");
    let e = advise(
        &h,
        &AdviseOptions {
            dora: tiles("123456m"),
            ..opts(5, 1, RiichiPolicy::Auto)
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("5 dora"), "{e}");
}

/// The limits themselves are answered: 30 draws, two changes and five dora indicators
/// on the shanpon 1122z (4 live copies, the indicators 9p 9p 9s 9s 8m take 5 from the
/// pool of 123): under riichi auto the tenpai hand locks, so win is exactly 1 - (1 -
/// 4/118)^30 whatever the changes. With three players, visible tiles in the game (1m
/// 9m) and a 1z indicator shrink the pool of 95 to 92, and a visible 5m, or a 5m
/// indicator, is refused by name.
#[test]
fn the_limits_themselves_are_answered() {
    let h: Hand = "123m456p789s1122z".parse().unwrap();
    let o = AdviseOptions {
        dora: tiles("99p99s8m"),
        ..opts(
            tenpai::advise::MAX_DRAWS,
            tenpai::advise::MAX_CHANGES,
            RiichiPolicy::Auto,
        )
    };
    let a = advise(&h, &o).unwrap();
    assert_eq!((a.pool, a.changes), (118, tenpai::advise::MAX_CHANGES));
    let v = a.value.expect("a 3k+1 hand answers its value");
    let want = 1.0 - (1.0 - 4.0 / 118.0f64).powi(30);
    assert!(close(v.win, want), "{} vs {want}", v.win);
    assert_eq!(v.per_draw.win.len(), 30);
    let sanma = |visible: &str, dora: &str| {
        let h: Hand = "19m123456p123s11z".parse().unwrap();
        advise(
            &h,
            &AdviseOptions {
                rules: Rules::tenhou_sanma(),
                visible: tiles(visible),
                dora: tiles(dora),
                ..opts(3, 0, RiichiPolicy::Auto)
            },
        )
    };
    assert_eq!(sanma("19m", "1z").unwrap().pool, 95 - 1 - 2);
    for (visible, dora) in [("19m5m", "1z"), ("19m", "5m")] {
        let e = sanma(visible, dora).unwrap_err().to_string();
        assert!(e.contains("5m is not in a three-player game"), "{e}");
    }
}

/// The hand of a proptest regression: all four 5p held (one red), 4z with three
/// copies seen. After 8m the pool is {8m, 4p, 6p, 7p, 7p} (P = 5) and the 13 tiles
/// 444 0555 666 77p 4z are 1-shanten. Worked by hand, two draws, no change, riichi
/// auto: 7p (2/5), 6p (1/5) and 4p (1/5) each reach tenpai (discard 4z) with 3 live
/// copies of the waits in the pool of 5, so 3/5 with the one draw left; 8m cannot
/// help. Win = (2 + 1 + 1)/5 * 3/5 = 0.48. (The ura expectation once asked the scorer
/// for two 4p indicators with three 4p in hand, a fifth 4p, and lost the 7p win.)
#[test]
fn all_four_fives_held_one_shanten() {
    let visible = tiles(
        "1111m2222m3333m4444m5505m6666m7777m88m9999m1111p2222p3333p8888p9999p\
         1111s2222s3333s4444s5s0s5s5s6666s7777s8888s999s1111z2222z3333z444z5555z6666z7777z",
    );
    let o = AdviseOptions {
        visible,
        dora: tiles("9s8m"),
        ..opts(2, 0, RiichiPolicy::Auto)
    };
    // The three tenpai hands after an improving draw, one draw left: 3 live of 5.
    for hand in ["4440555666777p", "4440555666677p", "4444055566677p"] {
        let v = value_of(hand, &o);
        assert_eq!(v.tenpai, 1.0, "{hand}");
        assert!(close(v.per_draw.win[0], 0.6), "{hand}: {:?}", v.per_draw);
    }
    let a: Advice = advise(&"8m444055566677p4z".parse().unwrap(), &o).unwrap();
    assert_eq!(a.pool, 5);
    let d = a
        .discards
        .iter()
        .find(|d| d.discard.to_string() == "8m")
        .unwrap();
    assert!(close(d.per_draw.win[0], 0.0), "{:?}", d.per_draw);
    assert!(close(d.win, 0.48), "{:?}", d.per_draw);
    // Tenpai: 4 of 5 draws improve; 8m (1/5) is drawn back and tried again.
    assert!(close(d.per_draw.tenpai[0], 0.8), "{:?}", d.per_draw);
    assert!(close(d.tenpai, 1.0 - 0.2 * 0.2), "{:?}", d.per_draw);
}

/// Past the state cap an answer uses fewer changes, says so, and is exactly the answer
/// with those changes; with none left it is an error naming the limit.
#[test]
fn too_many_states_fall_back_then_refuse() {
    // 13 tiles: one root, so the K = 0 graph is part of the K = 1 graph.
    let h: Hand = "12m456p789s11223z".parse().unwrap();
    let k1 = advise(&h, &opts(5, 1, RiichiPolicy::Auto)).unwrap();
    let k0 = advise(&h, &opts(5, 0, RiichiPolicy::Auto)).unwrap();
    assert!(k0.states < k1.states, "{} {}", k0.states, k1.states);
    let capped = AdviseOptions {
        max_states: k1.states - 1,
        max_states_no_change: k1.states - 1,
        ..opts(5, 1, RiichiPolicy::Auto)
    };
    let a = advise(&h, &capped).unwrap();
    assert_eq!((a.changes, a.changes_requested), (0, 1));
    assert_eq!(a.value, k0.value);
    assert!(a.value.is_some());
    let e = advise(
        &h,
        &AdviseOptions {
            max_states: 3,
            max_states_no_change: 3,
            ..capped
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("more than 3 hands even with --changes 0"), "{e}");
}

/// A 14-tile hand whose one-change graph is past `max_states`: with no change left,
/// its rows that raise the shanten still need that graph (their level is `s0 + 1`),
/// so it is tried again under the larger cap of the answer with no change, and the
/// answer is exactly the one asked with no change. Under a single cap it is refused.
#[test]
fn a_level_too_large_is_tried_again_under_the_cap_of_no_change() {
    let h: Hand = "12m456p789s112234z".parse().unwrap();
    let k1 = advise(&h, &opts(5, 1, RiichiPolicy::Auto)).unwrap();
    let k0 = advise(&h, &opts(5, 0, RiichiPolicy::Auto)).unwrap();
    // The rows that raise the shanten are valued with one change at K = 0 too.
    assert!(k0.discards.iter().any(|d| d.changes == 1));
    let capped = AdviseOptions {
        max_states: k1.states - 1,
        max_states_no_change: k0.states,
        ..opts(5, 1, RiichiPolicy::Auto)
    };
    let a = advise(&h, &capped).unwrap();
    assert_eq!((a.changes, a.changes_requested), (0, 1));
    assert_eq!(a.discards, k0.discards);
    let e = advise(
        &h,
        &AdviseOptions {
            max_states_no_change: k0.states - 1,
            ..capped
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("even with --changes 0"), "{e}");
}

#[test]
fn four_red_fives_are_refused_by_name() {
    // The pool keeps one red five a suit: advise refuses the 4-red-five set (two red
    // 5p), naming the limit, and a hand with two red 5p under the usual set.
    let hand: Hand = "123m406p789s1122z3z".parse().unwrap();
    let aka4 = AdviseOptions {
        rules: Rules::tenhou().with_red_fives_count(4).unwrap(),
        ..opts(1, 0, RiichiPolicy::Never)
    };
    let e = advise(&hand, &aka4).unwrap_err().to_string();
    assert!(
        e.contains("red_fives_count 4") && e.contains("one red five per suit"),
        "{e}"
    );
    // The same hand under the usual set is advised; a second red 5p is not.
    assert!(advise(&hand, &opts(1, 0, RiichiPolicy::Never)).is_ok());
    let two: Hand = "123m400p789s1122z3z".parse().unwrap();
    let e = advise(&two, &opts(1, 0, RiichiPolicy::Never))
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than one red five 0p"), "{e}");
}
