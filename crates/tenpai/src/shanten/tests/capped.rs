//! The capped groups of hands with calls against the exhaustive programme.

use super::each_pattern;
use crate::shanten::tables;
use crate::suit_table::{self, MAX_TILES};

#[test]
fn capped_vectors_match_the_programme() {
    // Random caps (a kind's cap is 4 less the copies in calls: 0..=4) and random
    // patterns within them, suits and honors: the whole-vector programme and the
    // per-thread tables against `suit_table`'s programme, vectors and improving
    // draws; every pattern twice, so the second answer comes from the table.
    use crate::shanten::capped;
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = || super::next(&mut x);
    let mut checked = 0;
    for _ in 0..3000 {
        let g = if next() % 4 == 0 {
            3
        } else {
            (next() % 3) as usize
        };
        let len = if g < 3 { 9 } else { 7 };
        let mut caps = [4u8; 9];
        // A few caps vectors only, as a search over hands with calls has.
        let which = next() % 6;
        for (i, cap) in caps.iter_mut().enumerate().take(len) {
            if (i as u64 + which) % 4 == 0 {
                *cap = ((which + i as u64) % 5) as u8;
            }
        }
        for _ in 0..4 {
            let mut h = [0u8; 9];
            let tiles = (next() % 12) as usize;
            for _ in 0..tiles {
                let k = (next() % len as u64) as usize;
                if h[k] < caps[k] {
                    h[k] += 1;
                }
            }
            let want = suit_table::group_vector(&h[..len], &caps[..len], g < 3);
            assert_eq!(
                capped::vector(&h[..len], &caps[..len], g < 3),
                want,
                "{h:?} {caps:?}"
            );
            for _ in 0..2 {
                assert_eq!(
                    capped::lanes(g, &h[..len], &caps[..len]),
                    want,
                    "{h:?} {caps:?}"
                );
                let (l, m) = capped::lanes_masks(g, &h[..len], &caps[..len]);
                assert_eq!(l, want);
                assert_eq!(
                    m,
                    suit_table::group_masks(&h[..len], &caps[..len], g < 3, &want),
                    "{h:?} {caps:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked == 12_000);
}

#[test]
fn capped_vectors_match_the_programme_on_every_small_pattern() {
    // Every pattern of up to 6 tiles of a suit under the caps of a pon (one kind at
    // 1), a chi (three kinds at 3) and a kan (one kind at 0), and of the honors under
    // a pon's.
    use crate::shanten::capped;
    let mut caps_list: Vec<(usize, [u8; 9])> = Vec::new();
    let mut pon = [4u8; 9];
    pon[4] = 1;
    caps_list.push((0, pon));
    let mut chi = [4u8; 9];
    chi[6..9].fill(3);
    caps_list.push((1, chi));
    let mut kan = [4u8; 9];
    kan[0] = 0;
    caps_list.push((2, kan));
    let mut honor = [4u8; 9];
    honor[5] = 1;
    caps_list.push((3, honor));
    for (g, caps) in caps_list {
        let len = if g < 3 { 9 } else { 7 };
        let mut n = 0;
        each_pattern(len, 6, &mut |p| {
            if p.iter().zip(&caps).any(|(&h, &c)| h > c) {
                return;
            }
            let want = suit_table::group_vector(p, &caps[..len], g < 3);
            assert_eq!(
                capped::vector(p, &caps[..len], g < 3),
                want,
                "{p:?} {caps:?}"
            );
            assert_eq!(capped::lanes(g, p, &caps[..len]), want, "{p:?} {caps:?}");
            n += 1;
        });
        assert!(n > 1000);
    }
}

#[test]
fn capped_lanes_past_the_tables_match_the_programme() {
    // Groups of 14 to 16 tiles: the ranked tables stop at 14 tiles (and a draw from
    // 14 would make 15), so `lanes` and `lanes_masks` compute these by the programme.
    // No hand with a call holds that many tiles in one group, but both answer any
    // counts, suits and honors alike.
    use crate::shanten::capped;
    // A pattern past 14 tiles ranks as its first 14 tiles do (the later terms are
    // left out): read first, it must leave nothing for the shorter one to read.
    let (long, short) = ([4, 0, 0, 4, 0, 0, 4, 2, 1u8], [4, 0, 0, 4, 0, 0, 4, 2, 0u8]);
    let rank = |p: &[u8]| tables::Code::of(0, p).rank(0);
    assert_eq!(rank(&long), rank(&short));
    let four = [4u8; 9];
    let (wl, ws) = (
        suit_table::group_vector(&long, &four, true),
        suit_table::group_vector(&short, &four, true),
    );
    assert_ne!(wl, ws);
    assert_eq!(capped::lanes(0, &long, &four), wl);
    assert_eq!(capped::lanes(0, &short, &four), ws);
    let suits: [[u8; 9]; 4] = [
        [4, 4, 4, 2, 0, 0, 0, 0, 0],
        [3, 1, 1, 1, 1, 1, 1, 1, 4],
        [2, 2, 2, 2, 2, 2, 2, 1, 0],
        [0, 4, 1, 1, 1, 1, 1, 4, 3],
    ];
    let honors: [[u8; 9]; 3] = [
        [4, 4, 4, 2, 0, 0, 0, 0, 0],
        [3, 3, 3, 3, 2, 1, 0, 0, 0],
        [1, 1, 1, 1, 4, 4, 4, 0, 0],
    ];
    let caps_list: [[u8; 9]; 3] = [
        [4; 9],
        [4, 4, 4, 3, 3, 3, 4, 4, 4],
        [4, 4, 4, 4, 4, 4, 4, 4, 1],
    ];
    let mut n = 0;
    for (g, patterns) in [(0usize, &suits[..]), (2, &suits[..]), (3, &honors[..])] {
        let len = if g < 3 { 9 } else { 7 };
        for p in patterns {
            for caps in &caps_list {
                if p.iter().zip(caps).any(|(&h, &c)| h > c) {
                    continue;
                }
                let (h, caps) = (&p[..len], &caps[..len]);
                let tiles: u8 = h.iter().sum();
                assert!((14..=16).contains(&tiles), "{h:?}");
                let want = suit_table::group_vector(h, caps, g < 3);
                assert_eq!(capped::lanes(g, h, caps), want, "{h:?} {caps:?}");
                let (l, m) = capped::lanes_masks(g, h, caps);
                assert_eq!(l, want, "{h:?} {caps:?}");
                let masks = suit_table::group_masks(h, caps, g < 3, &want);
                assert_eq!(m, masks, "{h:?} {caps:?}");
                n += masks.iter().any(|&x| x != 0) as usize;
                // Nothing of it is left in the tables: the pattern of up to 14 tiles
                // whose rank the ranking gives this one still reads its own lanes.
                let rank = tables::Code::of(g, h).rank(g);
                let mut k = 0;
                each_pattern(len, MAX_TILES, &mut |q| {
                    if k == rank && q.iter().zip(caps).all(|(&h, &c)| h <= c) {
                        let want = suit_table::group_vector(q, caps, g < 3);
                        assert_eq!(capped::lanes(g, q, caps), want, "{q:?} after {h:?}");
                    }
                    k += 1;
                });
            }
        }
    }
    // Draws that lower a target met (the masks are not all empty).
    assert!(n >= 4, "{n}");
}
