//! The tables and the fast paths against the exhaustive programme and the references:
//! the tables and products here, the draws, discards and exchanges of a hand in
//! `draws`, the capped groups (hands with calls) in `capped`.

use super::combine::{conv_closed, conv_empty, conv_narrow, regular_distance, widen, EMPTY_GROUP};
use super::special::{chiitoitsu_mask, kokushi_mask, special_masks};
use super::{shanten, tables, Shanten};
use crate::hand::Hand;
use crate::suit_table::{self, each_pattern, Narrow, INF, MAX_TILES};
use crate::tile::KINDS;

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
        let r = next(&mut x) as usize;
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
    let mut next = move || next(&mut x);
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

/// The xorshift state `x` one step on: its new value.
pub(super) fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// Up to `calls` calls (pons, chis, and kans when `kans`) over random kinds, in
/// `group` alone when given, kept only where the copies allow with the concealed counts
/// `c`, from at most `tries` draws of the xorshift state `x`: the called counts by kind
/// and the number of calls made.
pub(super) fn random_calls(
    x: &mut u64,
    c: &[u8; KINDS],
    calls: usize,
    tries: usize,
    group: Option<usize>,
    kans: bool,
) -> ([u8; KINDS], usize) {
    let mut called = [0u8; KINDS];
    let mut made = 0;
    for _ in 0..tries {
        if made == calls {
            break;
        }
        let r = next(x);
        let k = match group {
            None => (r % 34) as usize,
            Some(g) if g < 3 => 9 * g + (r % 9) as usize,
            Some(_) => 27 + (r % 7) as usize,
        };
        let chi = r >> 20 & 1 == 1 && k < 27 && k % 9 <= 6;
        let kan = kans && r >> 22 & 3 == 0;
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
    (called, made)
}

/// Random closed counts of `tiles` tiles (at most 4 a kind; a few kinds half the time,
/// so pairs, quads and fours held are common), from the xorshift state `x`.
pub(super) fn random_counts(x: &mut u64, tiles: usize) -> [u8; KINDS] {
    let mut c = [0u8; KINDS];
    let mut n = 0;
    while n < tiles {
        let r = next(x);
        let k = (r % if r >> 40 & 1 == 0 { 34 } else { 9 }) as usize;
        if c[k] < 4 {
            c[k] += 1;
            n += 1;
        }
    }
    c
}

mod capped;
mod draws;
