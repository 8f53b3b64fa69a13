//! `advise` on closed forms worked by hand: a tenpai hand with no change to spare wins
//! with `1 - (1 - w/P)^N`, dead waits never win, no draw left, a single wait's ev is
//! its win chance times its score, an open hand needs a yaku. The helpers here
//! (`tiles`, `opts`, `value_of`) serve the other advise tests too.

use tenpai::advise::{advise, Advice, AdviseOptions, RiichiPolicy};
use tenpai::rules::Rules;
use tenpai::score::{score, Situation};
use tenpai::{Hand, Tile};

use crate::advise_reference::close;

pub(crate) fn tiles(s: &str) -> Vec<Tile> {
    tenpai::notation::parse_tiles(s).unwrap()
}

pub(crate) fn opts(draws: u32, changes: u32, riichi: RiichiPolicy) -> AdviseOptions {
    AdviseOptions {
        draws,
        changes,
        riichi,
        ..AdviseOptions::default()
    }
}

pub(crate) fn value_of(hand: &str, o: &AdviseOptions) -> tenpai::advise::HandValue {
    let a: Advice = advise(&hand.parse().unwrap(), o).unwrap();
    a.value.expect("a 3k+1 hand answers its value")
}

/// K = 0, tenpai with `w` live copies of the waits in a pool of `P`:
/// win = 1 - (1 - w/P)^N for every N (the drawn tile goes back to the pool).
#[test]
fn win_closed_form_without_changes() {
    // Shanpon 1z/2z: 4 copies; seen copies take some away.
    let hand = "123m456p789s1122z";
    for (visible, live) in [
        ("", 4u32),
        ("1z", 3),
        ("12z", 2),
        ("112z", 1),
        ("9m9m9m", 4),
    ] {
        for riichi in [RiichiPolicy::Auto, RiichiPolicy::Never] {
            let mut o = opts(17, 0, riichi);
            o.visible = if visible.is_empty() {
                vec![]
            } else {
                tiles(visible)
            };
            let v = value_of(hand, &o);
            let pool = 136.0 - 13.0 - o.visible.len() as f64;
            let q = live as f64 / pool;
            assert_eq!(v.tenpai, 1.0);
            for n in 1..=17 {
                let want = 1.0 - (1.0 - q).powi(n as i32);
                assert!(
                    close(v.per_draw.win[n - 1], want),
                    "{visible} {n}: {} vs {want}",
                    v.per_draw.win[n - 1]
                );
                assert_eq!(v.per_draw.tenpai[n - 1], 1.0);
            }
        }
    }
    // A ryanmen wait 3p-6p with the red five visible elsewhere: 8 copies.
    let v = value_of(
        "123m45p789s11122z",
        &AdviseOptions {
            visible: tiles("0p"),
            ..opts(5, 0, RiichiPolicy::Auto)
        },
    );
    let q = 8.0 / (136.0 - 13.0 - 1.0);
    assert!(close(v.win, 1.0 - (1.0f64 - q).powi(5)));
}

/// Every copy of the waits seen: no win, whatever the horizon; still tenpai.
#[test]
fn dead_waits_never_win() {
    let o = AdviseOptions {
        visible: tiles("1122z"),
        ..opts(17, 0, RiichiPolicy::Auto)
    };
    let v = value_of("123m456p789s1122z", &o);
    assert_eq!((v.tenpai, v.win, v.ev), (1.0, 0.0, 0.0));
    // The 14-tile hand: the discard keeping the dead wait wins nothing; with a change
    // allowed and riichi never, the hand can move to a live wait and win sometimes.
    let a = advise(&"123m456p789s11225z".parse().unwrap(), &o).unwrap();
    let keep = a
        .discards
        .iter()
        .find(|d| d.discard.to_string() == "5z")
        .unwrap();
    assert_eq!((keep.tenpai, keep.win), (1.0, 0.0));
    let a = advise(
        &"123m456p789s11225z".parse().unwrap(),
        &AdviseOptions {
            changes: 1,
            riichi: RiichiPolicy::Never,
            ..o
        },
    )
    .unwrap();
    let keep = a
        .discards
        .iter()
        .find(|d| d.discard.to_string() == "5z")
        .unwrap();
    assert!(keep.win > 0.0 && keep.win < 1.0);
}

/// No draw left: every value is 0 except tenpai (1 exactly where the discard leaves
/// tenpai).
#[test]
fn no_draws_left() {
    for hand in [
        "123m456p789s11225z",
        "12m456p789s112z34z",
        "123m456p789s1122z",
    ] {
        let h: Hand = hand.parse().unwrap();
        let a = advise(&h, &opts(0, 0, RiichiPolicy::Auto)).unwrap();
        let mut seen = 0;
        for d in &a.discards {
            assert_eq!((d.win, d.ev), (0.0, 0.0));
            assert_eq!(d.tenpai, if d.shanten == 0 { 1.0 } else { 0.0 });
            assert!(d.per_draw.win.is_empty());
            seen += 1;
        }
        if let Some(v) = &a.value {
            let tenpai = if a.shanten == 0 { 1.0 } else { 0.0 };
            assert_eq!((v.tenpai, v.win, v.ev), (tenpai, 0.0, 0.0));
            seen += 1;
        }
        assert!(seen > 0);
    }
}

/// A single wait with a known score: ev = win x that score. The score comes from
/// `tenpai::score` on the complete hand; with riichi and a dora indicator the ura
/// expectation is summed here over every indicator left.
#[test]
fn ev_of_a_single_wait_is_win_times_its_score() {
    // Tanki on 2z (South); 111z is a double East for the East seat in the East round.
    // No five in the hand: no red five can be swapped in for free (that would add an
    // aka dora to some wins).
    let hand = "123m678p789s111z2z";
    let complete: Hand = "123m678p789s111z22z".parse().unwrap();
    let two_z = Tile::from_mpsz("2z").unwrap();
    for riichi in [RiichiPolicy::Never, RiichiPolicy::Auto] {
        for dora in [vec![], tiles("8s")] {
            let o = AdviseOptions {
                dora: dora.clone(),
                ..opts(12, 0, riichi)
            };
            let v = value_of(hand, &o);
            let pool = 136 - 13 - dora.len();
            let q = 3.0 / pool as f64;
            assert!(close(v.win, 1.0 - (1.0 - q).powi(12)));
            let s = Situation {
                tsumo: true,
                riichi: riichi == RiichiPolicy::Auto,
                dora: dora.clone(),
                ..Situation::default()
            };
            let points = if !s.riichi || dora.is_empty() {
                score(&complete, two_z, &s, &Rules::tenhou())
                    .unwrap()
                    .points as f64
            } else {
                // One ura indicator drawn from the 136 - 14 - 1 unseen tiles.
                let mut held = [0u8; 34];
                for t in complete.all_tiles() {
                    held[t.index()] += 1;
                }
                held[dora[0].index()] += 1;
                let unseen: u32 = held.iter().map(|&h| 4 - h as u32).sum();
                let mut total = 0.0;
                for k in 0..34u8 {
                    let left = 4 - held[k as usize];
                    if left == 0 {
                        continue;
                    }
                    let s = Situation {
                        ura: vec![Tile::new(k)],
                        ..s.clone()
                    };
                    let p = score(&complete, two_z, &s, &Rules::tenhou())
                        .unwrap()
                        .points as f64;
                    total += p * left as f64 / unseen as f64;
                }
                total
            };
            assert!(
                close(v.ev, v.win * points),
                "{riichi:?} {dora:?}: ev {} win {} points {points}",
                v.ev,
                v.win
            );
        }
    }
}

/// An open hand without a yaku on its wait cannot win; with a yaku wait it can.
#[test]
fn open_hand_needs_a_yaku() {
    // (123m) open; waits 4p-7p-... no yaku: 123m open, 456p 78s 99s pair -> 6s9s wait.
    let no_yaku = value_of("456p78s99s (123m) (789p)", &opts(10, 0, RiichiPolicy::Auto));
    assert_eq!((no_yaku.tenpai, no_yaku.win, no_yaku.ev), (1.0, 0.0, 0.0));
    // Tanyao (open tanyao on): 234m 456p 678s pair 22p wait... all simples.
    let tanyao = value_of("456p67s22p (234m) (456s)", &opts(10, 0, RiichiPolicy::Auto));
    assert!(tanyao.win > 0.0 && tanyao.ev > 0.0);
}
