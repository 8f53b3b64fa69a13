//! `HandCounts` by the rules: its accessors, three-player counts (2m-8m are not in the
//! game) and the discard values of hands the random tests seldom make.

use super::{HandCounts, KindMask};
use crate::hand::Hand;
use crate::tile::KINDS;

fn counts(s: &str) -> HandCounts {
    HandCounts::from_hand(&s.parse::<Hand>().unwrap())
}

const ALL: KindMask = (1 << KINDS) - 1;

#[test]
fn accessors_read_the_hand() {
    for (text, tiles, calls, drawn) in [
        ("55m (555p) (123s)", 2, 2, true),
        ("123m456p789s1z", 10, 0, false),
        ("1m [1111z] (222z) (333z) (444z)", 1, 4, false),
        ("1m (123p)", 1, 1, false),
    ] {
        let h = counts(text);
        assert_eq!(
            (h.tiles(), h.calls(), h.is_drawn()),
            (tiles, calls, drawn),
            "{text}"
        );
        assert!(!h.is_sanma(), "{text}");
    }
}

#[test]
fn three_player_counts_leave_out_2m_to_8m() {
    // A 2m-8m held concealed or called is refused, each of them.
    for k in 1..8u8 {
        let n = k + 1;
        for text in [format!("{n}m1p"), format!("1p ({n}{n}{n}m)")] {
            let h = counts(&text);
            assert!(h.sanma().is_err(), "{text}");
        }
    }
    assert!(counts("1p (123m)").sanma().is_err());
    // 1m and 9m stay; the fourth 1m makes no 123m with three players.
    let four = counts("1111m9999m11p123s");
    let three = four.sanma().unwrap();
    assert!(three.is_sanma());
    assert_eq!((four.shanten().regular, three.shanten().regular), (1, 2));
    // Seven pairs 1-shanten with six kinds (111m counts as a pair): any kind not held
    // helps, 28 of them, but 2m-8m are not drawn with three players: 21.
    let four = counts("111m99m11p99p11s99s");
    let three = four.sanma().unwrap();
    for (h, n) in [(four, 28), (three, 21)] {
        let (s, mask) = h.analyze();
        assert_eq!((s.value(), s.chiitoitsu, s.regular), (1, Some(1), 2));
        // Kokushi: six orphan kinds and a pair, 14 - 7 = 7 away.
        assert_eq!(s.kokushi, Some(6));
        assert_eq!(h.shanten(), s);
        assert_eq!(mask.count_ones(), n);
        let held = (0..KINDS)
            .filter(|&k| h.concealed()[k] > 0)
            .fold(0 as KindMask, |m, k| m | 1 << k);
        assert_eq!(mask & held, 0);
    }
    assert_eq!(three.analyze().1 & 0b1111_1110, 0);
    // Adding a tile: 2m-8m never with three players, 1m and 9m as usual.
    for k in 1..8 {
        assert!(three.with(k).is_none(), "{k}");
        assert!(four.with(k).is_some(), "{k}");
    }
    assert_eq!(three.with(0).map(|h| h.held(0)), Some(4));
    assert_eq!(three.with(8).map(|h| h.held(8)), Some(3));
    // Only the characters lose 2m-8m: a pon of 8p leaves 234p and 567p their melds
    // (1-shanten: two melds, the 1s pair, 1m and 9m left).
    let pin = counts("19m234567p11s (888p)");
    assert_eq!(pin.sanma().unwrap().shanten(), pin.shanten());
    assert_eq!(pin.sanma().unwrap().shanten().regular, 1);
    // Exchanges are valued by the general search with three players.
    let pon = counts("19p19s1234567z (111m)").sanma().unwrap();
    assert_eq!(pon.swap_shanten_values(9), None);
    assert!(counts("19p19s1234567z (111m)")
        .swap_shanten_values(9)
        .is_some());
}

#[test]
fn a_tile_added_or_taken_keeps_a_hand_size() {
    // Concealed tiles are 3k+1 or 3k+2: from 3k+2 nothing is added, from 3k+1 nothing
    // is taken; 14 tiles counting each call as three at most.
    let two = counts("1m2m");
    assert_eq!(two.with(0).map(|h| h.tiles()), None);
    assert_eq!(two.without(0).map(|h| h.tiles()), Some(1));
    let five = counts("123m45p");
    assert_eq!(five.with(0), None);
    assert_eq!(five.without(0).map(|h| h.tiles()), Some(4));
    let four = counts("123m4p");
    assert_eq!(four.with(0).map(|h| h.tiles()), Some(5));
    assert_eq!(four.without(0), None);
    let one = counts("1m");
    assert_eq!(one.without(0), None);
    assert_eq!(one.with(5).map(|h| h.held(5)), Some(1));
    let full = counts("12m (111z) (222z) (333z) (444z)");
    assert!((0..KINDS).all(|k| full.with(k).is_none()));
}

#[test]
fn discard_values_of_rare_hands() {
    // Each discard against the checked counts of the hand it leaves, and the rule's
    // answer: ten unconnected orphans with a pon, or closed, need three melds and a
    // pair (6-shanten; kokushi needs fourteen tiles and no call); a single after four
    // calls is a tanki wait (tenpai).
    for (text, expect) in [
        ("19m19p19s12345z (666z)", 6),
        ("19m19p19s12345z", 6),
        ("12m [1111z] (222z) (333z) (444z)", 0),
    ] {
        let h = counts(text);
        let got = h.discard_shanten_values(ALL);
        for y in 0..KINDS {
            if h.concealed()[y] == 0 {
                assert_eq!(got[y], i8::MAX, "{text} - {y}");
                continue;
            }
            let mut d = *h.concealed();
            d[y] -= 1;
            let left = HandCounts::new(d, *h.called(), h.calls()).unwrap();
            assert_eq!(got[y], left.shanten_value(), "{text} - {y}");
            assert_eq!(got[y], expect, "{text} - {y}");
        }
    }
}
