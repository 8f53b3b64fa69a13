//! The tables and the fast paths against the exhaustive programme and the references.

use super::combine::{conv_closed, conv_empty, conv_narrow, regular_distance, widen, EMPTY_GROUP};
use super::special::{chiitoitsu_mask, kokushi_mask, special_masks};
use super::{shanten, tables, Shanten};
use crate::hand::Hand;
use crate::suit_table::{self, Narrow, INF, MAX_TILES};
use crate::tile::KINDS;

/// Calls `f` on every pattern of `len` kinds (at most 4 each) with at most `max`
/// tiles, in rank order (first kind most significant).
fn each_pattern(len: usize, max: usize, f: &mut dyn FnMut(&[u8])) {
    fn each(i: usize, n: usize, max: usize, h: &mut [u8], f: &mut dyn FnMut(&[u8])) {
        if i == h.len() {
            f(h);
            return;
        }
        for v in 0..=4u8 {
            if n + v as usize > max {
                break;
            }
            h[i] = v;
            each(i + 1, n + v as usize, max, h, f);
        }
        h[i] = 0;
    }
    each(0, 0, max, &mut vec![0u8; len], f);
}

fn sh(s: &str) -> Shanten {
    shanten(&s.parse::<Hand>().unwrap())
}

#[test]
fn table_matches_the_programme() {
    // Every pattern's rank; every 97th pattern's distances and improving draws
    // against a fresh exhaustive computation.
    let (ns, nh) = tables::sizes();
    let mut seen = [0usize; 2];
    for (g, len) in [(0usize, 9usize), (3, 7)] {
        let mut k = 0usize;
        each_pattern(len, MAX_TILES, &mut |p| {
            let code = tables::Code::of(g, p);
            assert_eq!(code.rank(g), k, "{p:?}");
            assert_eq!(tables::index_plain(g, p), k, "{p:?}");
            // The classes with one more tile of each kind, read with shared ranks,
            // against the class of the recounted pattern.
            if p.iter().map(|&v| v as usize).sum::<usize>() < MAX_TILES {
                let mut plus = [0u8; 9];
                code.plus_classes(g, &mut plus);
                for kk in 0..len {
                    if p[kk] < 4 {
                        let mut q = [0u8; 9];
                        q[..len].copy_from_slice(p);
                        q[kk] += 1;
                        assert_eq!(plus[kk], tables::class(g, &q[..len]), "{p:?} + {kk}");
                        // A draw never raises a distance (the discard ranking
                        // relies on it to read lowered targets as differences).
                        let (before, after) = (
                            tables::vector(g, code.class(g)),
                            tables::vector(g, plus[kk]),
                        );
                        assert!((0..10).all(|j| after[j] <= before[j]), "{p:?} + {kk}");
                    }
                }
            }
            if k % 97 == 0 {
                let caps = [4u8; 9];
                let d = suit_table::group_vector(p, &caps[..len], g < 3);
                let (l, m) = tables::lanes_masks(g, p);
                assert_eq!(l, d, "{p:?}");
                let tiles = p.iter().map(|&v| v as usize).sum::<usize>();
                let expected = if tiles < MAX_TILES {
                    suit_table::group_masks(p, &caps[..len], g < 3, &d)
                } else {
                    [0; 10]
                };
                assert_eq!(m, expected, "{p:?}");
                // Removing and adding a tile moves the code as recounting does.
                for i in 0..len {
                    if p[i] > 0 {
                        let mut q = [0u8; 9];
                        q[..len].copy_from_slice(p);
                        q[i] -= 1;
                        let back = code.minus(g, i);
                        assert_eq!(back.rank(g), tables::index_plain(g, &q[..len]));
                        assert_eq!(code.take(g, i).rank(g), back.rank(g));
                        assert_eq!(back.plus(g, i).rank(g), k);
                    }
                }
                seen[(g == 3) as usize] += 1;
            }
            k += 1;
        });
        assert_eq!(k, if g < 3 { ns } else { nh });
    }
    assert!(seen[0] > 4000 && seen[1] > 300);
}

#[test]
fn small_rows_match_the_programme() {
    // Every pattern of at most `SMALL_MAX` tiles: its code finds its rank (the rows
    // are in rank order) and its row holds its class; the class's vector and the
    // row's improving draws per target against a fresh exhaustive computation.
    for (g, len) in [(0usize, 9usize), (3, 7)] {
        let mut k = 0usize;
        let mut rows = std::collections::HashSet::new();
        each_pattern(len, tables::SMALL_MAX, &mut |p| {
            let code = tables::Code::of(g, p);
            assert_eq!(code.small_rank(g), k, "{p:?}");
            let row = code.small_row(g);
            assert_eq!(tables::row_class(row), code.class(g), "{p:?}");
            rows.insert(row);
            let caps = [4u8; 9];
            let d = suit_table::group_vector(p, &caps[..len], g < 3);
            assert_eq!(
                widen(&tables::vector(g, tables::row_class(row))),
                d,
                "{p:?}"
            );
            let m = suit_table::group_masks(p, &caps[..len], g < 3, &d);
            for (j, &mj) in m.iter().enumerate() {
                assert_eq!(tables::row_draws(row, j), mj, "{p:?} target {j}");
            }
            // Any set of targets at once: the union of their draws.
            for lanes in [1023u16, (k * 37 % 1024) as u16, (k * 101 % 1024) as u16] {
                let union = (0..10)
                    .filter(|j| lanes >> j & 1 == 1)
                    .fold(0u16, |u, j| u | m[j]);
                assert_eq!(tables::row_draws_of(row, lanes), union, "{p:?} {lanes:#b}");
            }
            k += 1;
        });
        // Distinct patterns with different draws have different rows: the lookup
        // cannot be answering one row for many patterns.
        assert!(rows.len() > k / 4, "{} rows for {k} patterns", rows.len());
    }
}

#[test]
fn target_fields_cover_their_targets() {
    // `fields(lanes)` holds the five-bit field of target j exactly when bit j is set,
    // and the packed distances hold each target's distance in its field.
    let (ns, nh) = tables::class_counts();
    for lanes in 0u16..1024 {
        let f = tables::fields(lanes);
        for j in 0..10 {
            let field = 0x1fu64 << (5 * j);
            let want = if lanes >> j & 1 == 1 { field } else { 0 };
            assert_eq!(f & field, want, "{lanes:#b} target {j}");
        }
        assert_eq!(f >> 50, 0);
    }
    for (g, n) in [(0usize, ns), (3, nh)] {
        for c in 0..n {
            let v = tables::vector(g, c as u8);
            let p = tables::packed_class(g, c as u8);
            for (j, &vj) in v.iter().enumerate() {
                assert_eq!((p >> (5 * j) & 0x1f) as u8, vj, "group {g} class {c}");
            }
        }
    }
}

#[test]
fn product_chain_matches_products() {
    // The chained product classes against min-plus products of the class vectors:
    // every pair of suit classes (with the other groups empty) and random quadruples.
    let (ns, nh) = tables::class_counts();
    let vec = |g: usize, c: usize| tables::vector(g, c as u8);
    let check = |a: usize, b: usize, s: usize, z: usize| {
        let v = [vec(0, a), vec(0, b), vec(0, s), vec(3, z)];
        for melds in 0..=4 {
            assert_eq!(
                tables::chain(a, b, s, z, melds),
                regular_distance(&v, melds),
                "{a} {b} {s} {z} {melds}"
            );
        }
    };
    for a in 0..ns {
        for b in 0..ns {
            check(a, b, 0, 0);
        }
    }
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..100_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let r = x as usize;
        check(r % ns, (r >> 8) % ns, (r >> 16) % ns, (r >> 24) % nh);
    }
}

#[test]
fn product_tables_match_products() {
    // The discard ranking's products of other groups, read from tables, against
    // min-plus products of the class vectors: every suit pair, every suit with every
    // honor class, every two suits with every honor class; and the reversed wide
    // copies against the products they reverse.
    let (ns, nh) = tables::class_counts();
    let vec = |g: usize, c: usize| tables::vector(g, c as u8);
    let rev = |n: &Narrow| -> [u8; 16] {
        let w = widen(n);
        core::array::from_fn(|j| if w[15 - j] == INF { 200 } else { w[15 - j] })
    };
    for a in 0..ns {
        for b in 0..ns {
            let p = conv_narrow(&vec(0, a), &vec(0, b));
            assert_eq!(tables::two(a as u8, b as u8), p, "{a} {b}");
            assert_eq!(tables::two_rev(a as u8, b as u8), rev(&p), "{a} {b}");
            for z in 0..nh {
                let q = conv_narrow(&p, &vec(3, z));
                assert_eq!(
                    tables::two_honor(a as u8, b as u8, z as u8),
                    q,
                    "{a} {b} {z}"
                );
            }
        }
        for z in 0..nh {
            let p = conv_narrow(&vec(0, a), &vec(3, z));
            assert_eq!(tables::suit_honor(a as u8, z as u8), p, "{a} {z}");
            assert_eq!(tables::suit_honor_rev(a as u8, z as u8), rev(&p), "{a} {z}");
        }
    }
    // The wide vectors of every class.
    for (g, n) in [(0, ns), (3, nh)] {
        for c in 0..n {
            assert_eq!(tables::wide_vector(g, c as u8), {
                let w = widen(&vec(g, c));
                w.map(|x| if x == INF { 200 } else { x })
            });
        }
    }
}

#[test]
fn closed_product_matches_general() {
    // Products of table vectors (and of products) agree with the general form.
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..20_000 {
        let mut v = [[0u8; 10]; 3];
        for (k, vk) in v.iter_mut().enumerate() {
            let mut h = [0u8; 9];
            let mut n = 0;
            while n < 5 {
                let i = (next() % 9) as usize;
                if h[i] < 4 {
                    h[i] += 1;
                    n += 1;
                }
            }
            *vk = if k < 2 {
                tables::narrow_masks(0, &h).0
            } else {
                tables::narrow_masks(3, &h[..7]).0
            };
        }
        let g = conv_narrow(&v[0], &v[1]);
        assert_eq!(conv_closed(&v[0], &v[1]), g);
        assert_eq!(conv_empty(&g), conv_narrow(&g, &EMPTY_GROUP));
        assert_eq!(conv_empty(&v[2]), conv_narrow(&v[2], &EMPTY_GROUP));
        assert_eq!(conv_closed(&g, &v[2]), conv_narrow(&g, &v[2]));
    }
}

#[test]
fn special_masks_match_the_counting() {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..200_000 {
        let c = random_counts(&mut x, 13);
        assert_eq!(
            special_masks(&c),
            (chiitoitsu_mask(&c), kokushi_mask(&c)),
            "{c:?}"
        );
    }
}

#[test]
fn empty_group_constant() {
    assert_eq!(tables::narrow_masks(0, &[0; 9]).0, EMPTY_GROUP);
    assert_eq!(tables::narrow_masks(3, &[0; 7]).0, EMPTY_GROUP);
    assert_eq!(conv_narrow(&EMPTY_GROUP, &EMPTY_GROUP), EMPTY_GROUP);
}

#[test]
fn four_copy_limit() {
    assert_eq!(sh("1112223334444z").regular, 1);
    assert_eq!(sh("11112222333444z").regular, 1);
    assert_eq!(sh("123m456p789s1111z").regular, 1);
    assert_eq!(sh("1z (111z)").regular, 1);
    assert_eq!(sh("2z (111z)").regular, 0);
}

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
        let got = super::closed_draws(&c);
        for t in 0..KINDS {
            if c[t] == 4 {
                assert_eq!(got[t], i8::MAX, "{c:?} + {t}");
                continue;
            }
            let mut d = c;
            d[t] += 1;
            let want = super::closed_shanten(&d).expect("valid counts").value();
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
        let which = x as super::KindMask & ((1 << KINDS) - 1) | 1 << (x % 34);
        let got = super::closed_discard_shanten(&c, which);
        for y in 0..KINDS {
            if c[y] == 0 || which >> y & 1 == 0 {
                assert_eq!(got[y], i8::MAX, "{c:?} - {y}");
                continue;
            }
            let mut d = c;
            d[y] -= 1;
            let want = super::closed_shanten(&d).expect("valid counts").value();
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
    let mut next = |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % m) as usize
    };
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
            let got = super::closed_draws(&c);
            for t in (0..KINDS).filter(|&t| c[t] < 4) {
                let mut d = c;
                d[t] += 1;
                let want = super::closed_shanten(&d).expect("valid counts").value();
                assert_eq!(got[t], want, "{c:?} + {t}");
            }
        } else {
            let got = super::closed_discard_shanten(&c, (1 << KINDS) - 1);
            for y in (0..KINDS).filter(|&y| c[y] > 0) {
                let mut d = c;
                d[y] -= 1;
                let want = super::closed_shanten(&d).expect("valid counts").value();
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
    use super::HandCounts;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut checked = 0;
    for i in 0..20_000 {
        let calls = i % 4;
        let sanma = i % 5 == 0;
        let tiles = 14 - 3 * calls;
        let c = random_counts(&mut x, tiles);
        // Calls: pons or chis over random kinds, kept only where the copies allow.
        let mut called = [0u8; KINDS];
        let mut made = 0;
        for _ in 0..calls * 4 {
            if made == calls {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let k = (x % 34) as usize;
            let chi = x >> 20 & 1 == 1 && k < 27 && k % 9 <= 6;
            let kinds: &[usize] = if chi { &[k, k + 1, k + 2] } else { &[k, k, k] };
            let mut trial = called;
            for &t in kinds {
                trial[t] += 1;
            }
            if (0..KINDS).all(|t| c[t] + trial[t] <= 4) {
                called = trial;
                made += 1;
            }
        }
        let Ok(mut h) = HandCounts::new(c, called, made) else {
            continue;
        };
        if sanma {
            match h.sanma() {
                Ok(s) => h = s,
                Err(_) => continue,
            }
        }
        let which = x as super::KindMask & ((1 << KINDS) - 1) | 1 << (x % 34);
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

/// Random closed counts of `tiles` tiles (at most 4 a kind; a few kinds half the time,
/// so pairs, quads and fours held are common), from the xorshift state `x`.
fn random_counts(x: &mut u64, tiles: usize) -> [u8; KINDS] {
    let mut c = [0u8; KINDS];
    let mut n = 0;
    while n < tiles {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        let k = (*x % if *x >> 40 & 1 == 0 { 34 } else { 9 }) as usize;
        if c[k] < 4 {
            c[k] += 1;
            n += 1;
        }
    }
    c
}

#[test]
fn capped_vectors_match_the_programme() {
    // Random caps (a kind's cap is 4 less the copies in calls: 0..=4) and random
    // patterns within them, suits and honors: the whole-vector programme and the
    // per-thread tables against `suit_table`'s programme, vectors and improving
    // draws; every pattern twice, so the second answer comes from the table.
    use super::capped;
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
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
    use super::capped;
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
    use super::capped;
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

#[test]
fn one_capped_group_draws_match_the_programme() {
    // Random 3k+1 hands whose calls are all in one group (pons, chis and kan copies
    // sharing kinds with the hand), and three-player hands with no call: the
    // distance and improving draws read from the tables of products against the
    // convolutions of every group's exhaustive vector.
    use super::HandCounts;
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
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let g = (x % 4) as usize;
        let mut called = [0u8; KINDS];
        let mut made = 0;
        for _ in 0..calls * 6 {
            if made == calls {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let k = if g < 3 {
                9 * g + (x % 9) as usize
            } else {
                27 + (x % 7) as usize
            };
            let chi = x >> 20 & 1 == 1 && k < 27 && k % 9 <= 6;
            let kan = x >> 22 & 3 == 0;
            let kinds: &[usize] = if chi {
                &[k, k + 1, k + 2]
            } else if kan {
                &[k, k, k, k]
            } else {
                &[k, k, k]
            };
            let mut trial = called;
            for &t in kinds {
                trial[t] += 1;
            }
            if (0..KINDS).all(|t| c[t] + trial[t] <= 4) {
                called = trial;
                made += 1;
            }
        }
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
    use super::HandCounts;
    let mut x = 0x7f4a_7c15_9e37_79b9u64;
    let mut checked = 0;
    for i in 0..6_000 {
        let calls = 1 + i % 3;
        let c = random_counts(&mut x, 13 - 3 * calls);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let g = (x % 4) as usize;
        let mut called = [0u8; KINDS];
        let mut made = 0;
        for _ in 0..calls * 6 {
            if made == calls {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let k = if g < 3 {
                9 * g + (x % 9) as usize
            } else {
                27 + (x % 7) as usize
            };
            let chi = x >> 20 & 1 == 1 && k < 27 && k % 9 <= 6;
            let kinds: &[usize] = if chi { &[k, k + 1, k + 2] } else { &[k, k, k] };
            let mut trial = called;
            for &t in kinds {
                trial[t] += 1;
            }
            if (0..KINDS).all(|t| c[t] + trial[t] <= 4) {
                called = trial;
                made += 1;
            }
        }
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
