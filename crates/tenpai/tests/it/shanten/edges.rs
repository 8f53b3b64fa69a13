//! Edge cases named in the issue: exhausted pairs and waits, a pon and its fourth copy,
//! kokushi, chiitoitsu with a quad, visible tiles, wrong sizes, the counts API.

use super::*;

// ---------------------------------------------------------------------------------
// Edge cases named in the issue.
// ---------------------------------------------------------------------------------

fn hand(s: &str) -> Hand {
    s.parse().unwrap()
}

fn names(tiles: &[Tile]) -> String {
    tiles
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn exhausted_pair_is_not_tenpai() {
    let h = hand("1112223334444z");
    assert_eq!(shanten(&h).value(), 1);
    assert!(waits(&h).unwrap().is_empty());
    // Same with the honors spread: the fourth 4z cannot pair.
    let h = hand("123m456p789s4444z");
    assert_eq!(shanten(&h).value(), 1);
    // With one 4z fewer the hand waits on 4z... no: 444z and a single 4z
    // is a wait on the fourth copy only when it is not held.
    let h = hand("123m456p789s444z5z");
    assert_eq!(names(&waits(&h).unwrap()), "5z");
}

#[test]
fn pon_plus_fourth_copy_is_not_a_tanki_wait() {
    let h = hand("123m456p789s1z (111z)");
    assert_eq!(shanten(&h).value(), 1);
    assert!(waits(&h).unwrap().is_empty());
    let h = hand("1z (111z)");
    assert_eq!(shanten(&h).value(), 1);
    let h = hand("5m (555m) (123p) (789s) (777z)");
    assert_eq!(shanten(&h).value(), 1);
    assert!(waits(&h).unwrap().is_empty());
    // Without the pon the single 1z is a tanki wait.
    let h = hand("123m456p789s1z (222z)");
    assert_eq!(names(&waits(&h).unwrap()), "1z");
    // The same with a kan of another kind next to it.
    let h = hand("4m [4444p] (123p) (789s) (777z)");
    assert_eq!(names(&waits(&h).unwrap()), "4m");
}

#[test]
fn four_four_three_three_honors() {
    let h = hand("11112222333444z");
    assert_eq!(shanten(&h).regular, 1);
    assert_eq!(shanten(&h).value(), 1);
}

#[test]
fn exhausted_wait_is_refused() {
    // Seed 003's example: 111m 2399s 678p 333z waits on 1s and 4s.
    assert_eq!(names(&waits(&hand("111m678p2399s333z")).unwrap()), "1s 4s");
    // 1111s + 234s: a fifth 1s would complete the shape (111s 11s 234s): refused.
    let h = hand("1111s234s678p333z");
    assert_eq!(names(&waits(&h).unwrap()), "4s");
    assert_eq!(names(&ukeire(&h, &[]).unwrap().tiles), "4s");
    let h = hand("2222m3456m678p33z");
    assert_eq!(names(&waits(&h).unwrap()), "1m 4m 7m");
}

#[test]
fn kokushi_thirteen_way_wait() {
    let h = hand("19m19p19s1234567z");
    let s = shanten(&h);
    assert_eq!((s.kokushi, s.value()), (Some(0), 0));
    let w = waits(&h).unwrap();
    assert_eq!(names(&w), "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z");
    let u = ukeire(&h, &[]).unwrap();
    assert_eq!(u.count, 39);
    // With a pair, a single wait.
    let h = hand("119m19p19s123456z");
    assert_eq!(names(&waits(&h).unwrap()), "7z");
    // Kokushi does not apply with calls or fewer tiles.
    assert_eq!(shanten(&hand("19m19p19s1234z (777z)")).kokushi, None);
}

#[test]
fn chiitoitsu_with_a_quad() {
    // A quad is one pair, never two: 1111m + four pairs + a single is 2-shanten
    // (counting the quad as two pairs would say 1).
    let h = hand("1111m2299p3377s6z");
    let s = shanten(&h);
    assert_eq!(s.chiitoitsu, Some(2));
    // Seven pairs with a quad in the 14 tiles is not complete.
    let h = hand("1111m2299p337799s");
    assert_eq!(shanten(&h).chiitoitsu, Some(1));
    let h = hand("11m2299p337799s66z");
    assert_eq!(shanten(&h).chiitoitsu, Some(-1));
    // Chiitoitsu tenpai waits on its single, not on a pair kind.
    let h = hand("11m2299p337799s6z");
    assert_eq!(names(&waits(&h).unwrap()), "6z");
}

#[test]
fn visible_tiles_reduce_counts_and_are_checked() {
    let h = hand("1112345678999m");
    let u = ukeire(&h, &tenpai::notation::parse_tiles("5m5m2m").unwrap()).unwrap();
    assert_eq!(u.count, 23 - 3);
    let five = u.tiles.iter().position(|t| t.to_string() == "5m").unwrap();
    assert_eq!(u.left[five], 1);
    assert!(ukeire(&h, &tenpai::notation::parse_tiles("111m").unwrap()).is_err());
}

/// The four-copy rule at every split between the hand and the visible tiles: `h` copies
/// of 1m in the hand and `v` visible are refused exactly when `h + v > 4`.
#[test]
fn visible_copies_beyond_four_with_the_hands_are_refused_at_every_split() {
    let filler = ["", "1m", "11m", "111m", "1111m"];
    for h in 0..=4usize {
        // 13 tiles: h copies of 1m, the rest from other kinds (at most 3 a kind).
        let rest = [
            "456p789s1234567z",
            "456p789s123456z",
            "456p789s12345z",
            "56p789s12345z",
            "6p789s12345z",
        ][h];
        let text = format!("{}{rest}", filler[h]);
        let hand = hand(&text);
        assert_eq!(hand.concealed().len(), 13, "{text}");
        for v in 0..=4usize {
            let visible = vec![Tile::new(0); v];
            let got = ukeire(&hand, &visible);
            assert_eq!(
                got.is_err(),
                h + v > 4,
                "{text} with {v} 1m visible: {got:?}"
            );
        }
    }
}

#[test]
fn wrong_sizes_are_refused() {
    assert!(ukeire(&hand("11123m"), &[]).is_err());
    assert!(waits(&hand("11123m")).is_err());
    assert!(discards(&hand("1112m"), &[]).is_err());
    assert!(HandCounts::closed([0; 34]).is_err());
    let mut c = [0u8; 34];
    c[0] = 5;
    assert!(HandCounts::closed(c).is_err());
    let mut c = [0u8; 34];
    c[0] = 3;
    assert!(HandCounts::closed(c).is_err());
    // Any count above 4 anywhere is refused, however large (the word-wise check), with
    // a legal total elsewhere as well.
    for k in [0, 7, 8, 15, 16, 31, 32, 33] {
        for bad in [5u8, 6, 7, 8, 127, 128, 200, 255] {
            let mut c = [0u8; 34];
            c[k] = bad;
            let e = HandCounts::closed(c).unwrap_err();
            assert!(e.to_string().contains("fifth copy"), "{k} {bad}: {e}");
            c[(k + 1) % 34] = 1;
            assert!(HandCounts::closed(c).is_err(), "{k} {bad} and one more");
        }
    }
}

#[test]
fn counts_api_matches_hand_api() {
    let h = hand("1112345678999m1z");
    let c = HandCounts::from_hand(&h);
    let mut out = Vec::new();
    rank_discards_into(&c, &Visible::none(), &mut out).unwrap();
    let d = discards(&h, &[]).unwrap();
    assert_eq!(out.len(), d.len());
    for (a, b) in out.iter().zip(&d) {
        assert_eq!(a.kind as usize, b.discard.index());
        assert_eq!(mask_tiles(a.mask).collect::<Vec<_>>(), b.ukeire_tiles);
    }
    let after = c.without(27).unwrap();
    assert_eq!(ukeire_mask(&after, &Visible::none()).unwrap().count, 23);
}

#[test]
fn closed_shanten_checks_counts() {
    use tenpai::shanten::closed_shanten;
    let base = {
        let mut c = [0u8; 34];
        for k in [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 28, 28] {
            c[k] += 1;
        }
        c
    };
    assert_eq!(closed_shanten(&base).unwrap().value(), 0);
    // Any count above 4 anywhere is refused, however large (the word-wise check).
    for k in [0, 7, 8, 15, 16, 31, 32, 33] {
        for bad in [5u8, 6, 7, 8, 127, 128, 200, 255] {
            let mut c = [0u8; 34];
            c[k] = bad;
            let e = closed_shanten(&c).unwrap_err();
            assert!(e.to_string().contains("fifth copy"), "{k} {bad}: {e}");
        }
    }
    // Wrong totals: 0, 3k, more than 14; `HandCounts::closed` checks the same.
    assert!(closed_shanten(&[0; 34]).is_err());
    assert!(HandCounts::closed([0; 34]).is_err());
    let mut c = base;
    c[33] = 2;
    // 15 tiles.
    assert!(closed_shanten(&c).is_err());
    // Every total past 14, of the sizes a hand has (3k+1, 3k+2) too: 15 to 22 tiles,
    // four copies at most of each kind; and every kind once (34 tiles).
    for total in 15..=22 {
        let mut c = [0u8; 34];
        for k in 0..total {
            c[k * 3 % 34] += 1;
        }
        assert!(c.iter().all(|&n| n <= 4));
        assert!(closed_shanten(&c).is_err(), "{total} tiles");
        assert!(HandCounts::closed(c).is_err(), "{total} tiles");
    }
    assert!(HandCounts::closed([1; 34]).is_err());
    assert_eq!(HandCounts::closed(base).unwrap().tiles(), 13);
    // 3 tiles.
    let mut c = [0u8; 34];
    c[5] = 3;
    assert!(closed_shanten(&c).is_err());
    assert!(HandCounts::closed(c).is_err());
    // Agrees with the hand API on random closed hands.
    let mut rng = Rng(77);
    for _ in 0..20_000 {
        let Some(hand) = random_hand(&mut rng) else {
            continue;
        };
        if !hand.calls().is_empty() {
            continue;
        }
        assert_eq!(
            closed_shanten(&hand.concealed_counts().0).unwrap(),
            shanten(&hand)
        );
        assert_eq!(
            HandCounts::closed(hand.concealed_counts().0).unwrap(),
            HandCounts::from_hand(&hand)
        );
    }
}
