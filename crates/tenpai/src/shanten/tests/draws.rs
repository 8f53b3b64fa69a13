//! A hand's draws, discards and exchanges (closed, and with calls) against the shanten
//! of each hand they leave.

use super::{next, random_calls, random_counts};
use crate::tile::KINDS;

#[test]
fn closed_draws_match_the_shanten_of_each_draw() {
    // Every draw of random closed 3k hands (few kinds half the time, so pairs, quads
    // and fours held are common) against the shanten of the hand with the draw,
    // computed from its own counts (the table path the tests above check against the
    // exhaustive programme).
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for i in 0..20_000 {
        let tiles = 3 * (1 + i % 4);
        let c = random_counts(&mut x, tiles);
        let got = crate::shanten::closed_draws(&c);
        for t in 0..KINDS {
            if c[t] == 4 {
                assert_eq!(got[t], i8::MAX, "{c:?} + {t}");
                continue;
            }
            let mut d = c;
            d[t] += 1;
            let want = crate::shanten::closed_shanten(&d)
                .expect("valid counts")
                .value();
            assert_eq!(got[t], want, "{c:?} + {t}");
        }
    }
}

#[test]
fn closed_discard_shanten_matches_the_shanten_of_each_discard() {
    // Every discard of random closed 3k+2 hands against the shanten of the hand left,
    // computed from its own counts.
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for i in 0..20_000 {
        let tiles = 3 * (1 + i % 4) + 2;
        let c = random_counts(&mut x, tiles);
        let which = x as crate::shanten::KindMask & ((1 << KINDS) - 1) | 1 << (x % 34);
        let got = crate::shanten::closed_discard_shanten(&c, which);
        for y in 0..KINDS {
            if c[y] == 0 || which >> y & 1 == 0 {
                assert_eq!(got[y], i8::MAX, "{c:?} - {y}");
                continue;
            }
            let mut d = c;
            d[y] -= 1;
            let want = crate::shanten::closed_shanten(&d)
                .expect("valid counts")
                .value();
            assert_eq!(got[y], want, "{c:?} - {y}");
        }
    }
}

#[test]
fn draws_and_discards_near_the_special_forms() {
    // Hands where seven pairs or thirteen orphans may be the least distance (the two
    // functions skip them when they cannot be): 12- and 14-tile hands dealt from the
    // orphan kinds and a few others, or from seven kinds at most (pairs), against the
    // shanten of each hand after the draw or the discard.
    const ORPHAN_KINDS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let mut x = 0x5851_f42d_4c95_7f2du64;
    let mut next = |m: u64| (super::next(&mut x) % m) as usize;
    for i in 0..20_000 {
        let tiles = if i % 2 == 0 { 12 } else { 14 };
        let mut c = [0u8; KINDS];
        let mut n = 0;
        let pairs = i % 4 >= 2;
        let kinds: Vec<usize> = (0..7).map(|_| next(34)).collect();
        while n < tiles {
            // (Now and then any kind: seven drawn kinds may repeat, too few to fill.)
            let k = if pairs && next(8) != 0 {
                kinds[next(7)]
            } else if next(4) == 0 {
                next(34)
            } else {
                ORPHAN_KINDS[next(13)]
            };
            if c[k] < 4 {
                c[k] += 1;
                n += 1;
            }
        }
        if tiles == 12 {
            let got = crate::shanten::closed_draws(&c);
            for t in (0..KINDS).filter(|&t| c[t] < 4) {
                let mut d = c;
                d[t] += 1;
                let want = crate::shanten::closed_shanten(&d)
                    .expect("valid counts")
                    .value();
                assert_eq!(got[t], want, "{c:?} + {t}");
            }
        } else {
            let got = crate::shanten::closed_discard_shanten(&c, (1 << KINDS) - 1);
            for y in (0..KINDS).filter(|&y| c[y] > 0) {
                let mut d = c;
                d[y] -= 1;
                let want = crate::shanten::closed_shanten(&d)
                    .expect("valid counts")
                    .value();
                assert_eq!(got[y], want, "{c:?} - {y}");
            }
        }
    }
}

#[test]
fn discard_shanten_values_match_the_shanten_of_each_discard() {
    // Random hands with calls (pon, chi and kan copies sharing kinds with the hand, so
    // the capped groups are exercised) and three-player hands, every discard against
    // the shanten of the hand left, from its own checked counts.
    use crate::shanten::HandCounts;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut checked = 0;
    for i in 0..20_000 {
        let calls = i % 4;
        let sanma = i % 5 == 0;
        let tiles = 14 - 3 * calls;
        let c = random_counts(&mut x, tiles);
        // Calls: pons or chis over random kinds, kept only where the copies allow.
        let (called, made) = random_calls(&mut x, &c, calls, calls * 4, None, false);
        let Ok(mut h) = HandCounts::new(c, called, made) else {
            continue;
        };
        if sanma {
            match h.sanma() {
                Ok(s) => h = s,
                Err(_) => continue,
            }
        }
        let which = x as crate::shanten::KindMask & ((1 << KINDS) - 1) | 1 << (x % 34);
        let got = h.discard_shanten_values(which);
        for y in 0..KINDS {
            if c[y] == 0 || which >> y & 1 == 0 {
                assert_eq!(got[y], i8::MAX, "{c:?} {called:?} - {y}");
                continue;
            }
            let mut d = c;
            d[y] -= 1;
            let left = HandCounts::new(d, called, made).expect("valid counts");
            let left = if sanma {
                left.sanma().expect("three players")
            } else {
                left
            };
            // The searches' unchecked move to other counts makes the same hand (its
            // tile count, calls, capped groups and game) as the checked constructor.
            assert_eq!(h.with_concealed(d), left, "{c:?} {called:?} - {y}");
            assert_eq!(
                got[y],
                left.shanten_value(),
                "{c:?} {called:?} sanma {sanma} - {y}"
            );
            checked += 1;
        }
    }
    assert!(checked > 50_000, "{checked} discards checked");
}

#[test]
fn one_capped_group_draws_match_the_programme() {
    // Random 3k+1 hands whose calls are all in one group (pons, chis and kan copies
    // sharing kinds with the hand), and three-player hands with no call: the
    // distance and improving draws read from the tables of products against the
    // convolutions of every group's exhaustive vector.
    use crate::shanten::HandCounts;
    let mut x = 0x51a3_77c9_0be1_d2f5u64;
    let mut checked = 0;
    for i in 0..20_000 {
        let calls = 1 + i % 3;
        let sanma = i % 7 == 0;
        let (calls, tiles) = if sanma {
            (0, 13)
        } else {
            (calls, 13 - 3 * calls)
        };
        let c = random_counts(&mut x, tiles);
        let g = (next(&mut x) % 4) as usize;
        let (called, made) = random_calls(&mut x, &c, calls, calls * 6, Some(g), true);
        let Ok(mut h) = HandCounts::new(c, called, made) else {
            continue;
        };
        if sanma {
            match h.sanma() {
                Ok(s) => h = s,
                Err(_) => continue,
            }
        }
        if made == 0 && !sanma {
            continue;
        }
        let cg = if sanma { 0 } else { g };
        assert_eq!(
            h.regular_draws_one_capped(cg),
            h.regular_draws_by_programme(),
            "{c:?} {called:?} sanma {sanma}"
        );
        checked += 1;
    }
    assert!(checked > 10_000, "{checked} hands checked");
}

#[test]
fn swap_shanten_values_match_the_shanten_of_each_exchange() {
    // Random 13-tile hands with calls in one group: every exchange of a held kind `u`
    // for a kind `t` against the shanten of the hand it leaves, from its own checked
    // counts; kinds held four times (counting calls) once `u` is out are i8::MAX.
    use crate::shanten::HandCounts;
    let mut x = 0x7f4a_7c15_9e37_79b9u64;
    let mut checked = 0;
    for i in 0..6_000 {
        let calls = 1 + i % 3;
        let c = random_counts(&mut x, 13 - 3 * calls);
        let g = (next(&mut x) % 4) as usize;
        let (called, made) = random_calls(&mut x, &c, calls, calls * 6, Some(g), false);
        let Ok(h) = HandCounts::new(c, called, made) else {
            continue;
        };
        for u in 0..KINDS {
            let got = h.swap_shanten_values(u);
            if c[u] == 0 || made == 0 {
                assert_eq!(got, None);
                continue;
            }
            let got = got.expect("one capped group");
            for t in 0..KINDS {
                let mut d = c;
                d[u] -= 1;
                if d[t] + called[t] >= 4 {
                    assert_eq!(got[t], i8::MAX);
                    continue;
                }
                d[t] += 1;
                let want = HandCounts::new(d, called, made)
                    .expect("valid")
                    .shanten_value();
                assert_eq!(got[t], want, "{c:?} {called:?} {u} -> {t}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000, "{checked} exchanges checked");
}
