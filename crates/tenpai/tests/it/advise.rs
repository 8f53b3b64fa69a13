//! `advise` against a slow, obviously correct reference (plain expectimax over the
//! model, no memo, no pruning; the closed forms worked by hand are in
//! `advise_worked`), and the properties the issue asks for (13/14-tile agreement,
//! probabilities at most 1, curves that never decrease).
#![allow(clippy::needless_range_loop)]

use proptest::prelude::*;
use tenpai::advise::{advise, AdviseOptions, RiichiPolicy};
use tenpai::rules::Rules;
use tenpai::shanten::shanten;
use tenpai::{Call, CallKind, Hand, Tile, Wind};

use crate::advise_reference::{check_against_reference, close, count, red, seen_but, TYPES};
use crate::advise_worked::{opts, tiles};
use crate::common;
use common::rng::Rng;

// ---------------------------------------------------------------------------------
// Small cases: a few live kinds (every other kind fully visible), calls, red fives.
// ---------------------------------------------------------------------------------

/// A small case from a seed: the hand (3k+1 or 3k+2), and options whose visible
/// tiles leave only a handful of kinds in the pool, so the reference stays fast.
pub(crate) fn small_case(seed: u64) -> Option<(Hand, AdviseOptions)> {
    case_with(seed, false)
}

/// [`small_case`]; `long`: three or four calls and three or four draws.
fn case_with(seed: u64, long: bool) -> Option<(Hand, AdviseOptions)> {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    for _ in 0..4 {
        rng.next();
    }
    // Live kinds: a window of one suit (often around the five) plus maybe an honor.
    let suit = rng.below(3);
    let lo = rng.below(5);
    let width = 3 + rng.below(3);
    let mut live: Vec<usize> = (lo..(lo + width).min(9)).map(|n| 9 * suit + n).collect();
    if rng.chance(40) {
        live.push(27 + rng.below(7));
    }
    if rng.chance(25) {
        let other = (suit + 1 + rng.below(2)) % 3;
        live.push(9 * other + 4);
    }
    let mut held = [0u8; 34];
    let mut red_used = [false; 3];
    let mut take = |k: usize, held: &mut [u8; 34], rng: &mut Rng| -> Option<Tile> {
        if held[k] >= 4 {
            return None;
        }
        held[k] += 1;
        if let Some(r) = red(k) {
            let s = k / 9;
            if !red_used[s] && rng.chance(40) {
                red_used[s] = true;
                return Some(Tile::from_id(r as u8).unwrap());
            }
        }
        Some(Tile::new(k as u8))
    };
    let calls_n = if long {
        3 + rng.below(2)
    } else {
        [0, 0, 1, 2, 3, 3, 4, 4][rng.below(8)]
    };
    let mut calls = Vec::new();
    for _ in 0..calls_n {
        let k = if rng.chance(70) {
            live[rng.below(live.len())]
        } else {
            rng.below(34)
        };
        let form = rng.below(4);
        let call = match form {
            0 if k < 27 && k % 9 <= 6 => {
                let t: Option<Vec<Tile>> =
                    (0..3).map(|i| take(k + i, &mut held, &mut rng)).collect();
                Call::new(CallKind::Chi, &t?).ok()?
            }
            2 => {
                let t: Option<Vec<Tile>> = (0..4).map(|_| take(k, &mut held, &mut rng)).collect();
                let kind = if rng.chance(50) {
                    CallKind::OpenKan
                } else {
                    CallKind::ClosedKan
                };
                Call::new(kind, &t?).ok()?
            }
            _ => {
                let t: Option<Vec<Tile>> = (0..3).map(|_| take(k, &mut held, &mut rng)).collect();
                Call::new(CallKind::Pon, &t?).ok()?
            }
        };
        calls.push(call);
    }
    let drawn = rng.chance(75);
    let size = 14 - 3 * calls_n - usize::from(!drawn);
    let mut concealed = Vec::new();
    let mut guard = 0;
    while concealed.len() < size && guard < 200 {
        guard += 1;
        let k = if rng.chance(85) {
            live[rng.below(live.len())]
        } else {
            rng.below(34)
        };
        if let Some(t) = take(k, &mut held, &mut rng) {
            concealed.push(t);
        }
    }
    if concealed.len() < size {
        return None;
    }
    let hand = Hand::new(concealed, calls).ok()?;
    // Visible: every copy of the dead kinds, and some copies of the live ones.
    let have = count(hand.all_tiles());
    let mut visible = Vec::new();
    let mut seen = [0u8; TYPES];
    for k in 0..34 {
        let is_live = live.contains(&k);
        let in_hand = have[k] + red(k).map_or(0, |r| have[r]);
        let mut free = 4 - in_hand;
        let extra = if is_live {
            if rng.chance(30) {
                rng.below(free as usize + 1) as u8
            } else {
                0
            }
        } else {
            free
        };
        for _ in 0..extra {
            if free == 0 {
                break;
            }
            // The red five goes first sometimes, when it is free.
            let t = match red(k) {
                Some(r) if have[r] + seen[r] == 0 && (rng.chance(50) || have[k] + seen[k] >= 3) => {
                    r
                }
                _ => k,
            };
            seen[t] += 1;
            free -= 1;
            visible.push(Tile::from_id(t as u8).unwrap());
        }
    }
    // Dora indicators: taken from the visible tiles (the copies are then not repeated).
    let mut dora = Vec::new();
    let nd = [0, 1, 1, 1, 2][rng.below(5)];
    for _ in 0..nd {
        if !visible.is_empty() {
            let i = rng.below(visible.len());
            dora.push(visible.swap_remove(i));
        }
    }
    // Sometimes the indicator is a live tile instead (it leaves the pool).
    let pool_size =
        |v: &[Tile], d: &[Tile]| -> usize { 136 - hand.all_tiles().count() - v.len() - d.len() };
    let riichi = if rng.chance(60) {
        RiichiPolicy::Auto
    } else {
        RiichiPolicy::Never
    };
    let changes = rng.below(3) as u32;
    // Keep the reference fast: fewer draws when the branching is large.
    let branching = (pool_size(&visible, &dora).min(12) + 1) * (hand.concealed().len() + 1);
    let budget = 12_000.0f64;
    let mut draws = if long {
        3 + rng.below(2) as u32
    } else {
        1 + rng.below(4) as u32
    };
    let budget = if long { 60.0 * budget } else { budget };
    while draws > 1
        && (branching as f64).powi(draws as i32) > budget * if changes == 0 { 30.0 } else { 1.0 }
    {
        draws -= 1;
    }
    let wind = |i: usize| Wind::from_index(i);
    let (round_wind, seat_wind) = (wind(rng.below(2)), wind(rng.below(4)));
    // Now and then a set without red fives (drawn last: the earlier draws, and so the
    // seeds named below, are unchanged).
    let rules = if rng.chance(12) {
        Rules {
            red_fives: false,
            ..Rules::tenhou()
        }
    } else {
        Rules::tenhou()
    };
    Some((
        hand,
        AdviseOptions {
            draws,
            changes,
            riichi,
            visible,
            dora,
            round_wind,
            seat_wind,
            rules,
            ..AdviseOptions::default()
        },
    ))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn fast_search_equals_reference(seed in any::<u64>()) {
        let Some((hand, o)) = small_case(seed) else { return Ok(()) };
        check_against_reference(&hand, &o)?;
    }
}

/// Cases of the long property test: `TENPAI_ADVISE_LONG_CASES` (default 120; the
/// mutation runs of `scripts/mutants.sh` take fewer, so a mutant's tests fit in seconds).
fn long_cases() -> u32 {
    std::env::var("TENPAI_ADVISE_LONG_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(long_cases()))]
    #[test]
    fn fast_search_equals_reference_long(seed in any::<u64>()) {
        let Some((hand, o)) = case_with(seed, true) else { return Ok(()) };
        check_against_reference(&hand, &o)?;
    }
}

/// A case where the best play discards a tile held beyond the reference and steps back
/// to a higher shanten (`new` falls by one, so the hand stays within the level): rare
/// among the generated cases (a planted bug that counted such a tile as still new
/// survived 420 cases, and was found by this seed among 4,000).
#[test]
fn a_step_back_through_a_new_tile() {
    let (hand, o) = case_with(15590729832742857097, true).expect("a case");
    check_against_reference(&hand, &o).unwrap();
}

/// The generated cases cover what the property tests claim to cover.
#[test]
fn small_cases_cover_the_model() {
    let (mut n, mut none, mut wins, mut ev, mut reds, mut calls, mut drawn, mut dora) =
        (0, 0, 0, 0, 0, 0, 0, 0);
    let mut by_n = [0; 5];
    let mut by_k = [0; 3];
    for seed in 0..400u64 {
        let Some((h, o)) = case_with(seed.wrapping_mul(7919) + 1, seed % 2 == 0) else {
            none += 1;
            continue;
        };
        n += 1;
        let a = advise(&h, &o).unwrap();
        let vals: Vec<(f64, f64)> = a
            .discards
            .iter()
            .map(|d| (d.win, d.ev))
            .chain(a.value.iter().map(|v| (v.win, v.ev)))
            .collect();
        if vals.iter().any(|v| v.0 > 0.0) {
            wins += 1;
        }
        if vals.iter().any(|v| v.1 > 0.0) {
            ev += 1;
        }
        if h.red_fives() > 0 {
            reds += 1;
        }
        if !h.calls().is_empty() {
            calls += 1;
        }
        if h.is_drawn() {
            drawn += 1;
        }
        if !o.dora.is_empty() {
            dora += 1;
        }
        by_n[o.draws as usize] += 1;
        by_k[o.changes as usize] += 1;
    }
    let msg = format!("cases {n} none {none} wins {wins} ev {ev} reds {reds} calls {calls} drawn {drawn} dora {dora} by_n {by_n:?} by_k {by_k:?}");
    assert!(
        n >= 200 && wins >= 60 && ev >= 60 && reds >= 60 && calls >= 60,
        "{msg}"
    );
    assert!(drawn >= 60 && n - drawn >= 30 && dora >= 60, "{msg}");
    assert!(
        by_n[1..].iter().all(|&x| x >= 30) && by_k.iter().all(|&x| x >= 25),
        "{msg}"
    );
}

// ---------------------------------------------------------------------------------
// Properties on ordinary hands.
// ---------------------------------------------------------------------------------

fn random_hand(seed: u64, size: usize) -> Hand {
    let mut rng = Rng(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1);
    let mut held = [0u8; 34];
    let mut out = Vec::new();
    let mut red_used = [false; 3];
    while out.len() < size {
        let k = rng.below(34);
        if held[k] == 4 {
            continue;
        }
        held[k] += 1;
        let t = match red(k) {
            Some(r) if !red_used[k / 9] && rng.chance(30) => {
                red_used[k / 9] = true;
                Tile::from_id(r as u8).unwrap()
            }
            _ => Tile::new(k as u8),
        };
        out.push(t);
    }
    Hand::new(out, vec![]).unwrap()
}

/// A 14-tile hand near completion: four melds and a pair drawn at random (four copies
/// at most), then up to two tiles replaced by random ones; red fives sometimes. Most
/// are 0- to 2-shanten, so the properties below rarely reject a case (a uniformly
/// random hand is that close about once in a thousand).
fn near_hand(seed: u64) -> Hand {
    let mut rng = Rng(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1);
    let mut held = [0u8; 34];
    let mut kinds = Vec::new();
    let fits = |held: &[u8; 34], ks: &[usize]| {
        let mut h = *held;
        ks.iter().all(|&k| {
            h[k] += 1;
            h[k] <= 4
        })
    };
    while kinds.len() < 14 {
        let group: Vec<usize> = if kinds.len() == 12 {
            let k = rng.below(34);
            vec![k, k]
        } else if rng.chance(60) {
            let q = rng.below(3);
            let n = rng.below(7);
            (0..3).map(|i| 9 * q + n + i).collect()
        } else {
            let k = rng.below(34);
            vec![k, k, k]
        };
        if fits(&held, &group) {
            for &k in &group {
                held[k] += 1;
            }
            kinds.extend(group);
        }
    }
    for _ in 0..rng.below(3) {
        let i = rng.below(14);
        let k = rng.below(34);
        if held[k] < 4 {
            held[kinds[i]] -= 1;
            held[k] += 1;
            kinds[i] = k;
        }
    }
    let mut red_used = [false; 3];
    let tiles = kinds
        .into_iter()
        .map(|k| match red(k) {
            Some(r) if !red_used[k / 9] && rng.chance(30) => {
                red_used[k / 9] = true;
                Tile::from_id(r as u8).unwrap()
            }
            _ => Tile::new(k as u8),
        })
        .collect();
    Hand::new(tiles, vec![]).unwrap()
}

fn values(d: &tenpai::advise::DiscardAdvice) -> Vec<f64> {
    let p = &d.per_draw;
    [d.tenpai, d.win, d.ev]
        .into_iter()
        .chain(p.tenpai.iter().chain(&p.win).chain(&p.ev).copied())
        .collect()
}

fn hand_values(v: &tenpai::advise::HandValue) -> Vec<f64> {
    let p = &v.per_draw;
    [v.tenpai, v.win, v.ev]
        .into_iter()
        .chain(p.tenpai.iter().chain(&p.win).chain(&p.ev).copied())
        .collect()
}

/// `a >= b` point by point (within rounding).
fn at_least(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| *x >= y - 1e-9 * (1.0 + y.abs()))
}

proptest! {
    // (Hands of at most two shanten are a few in a hundred random ones: room for the
    // rejects, which cost a shanten each. The test of at most one shanten draws hands
    // near completion: uniformly random ones are that close too rarely.)
    #![proptest_config(ProptestConfig { max_global_rejects: 50_000, ..ProptestConfig::with_cases(30) })]
    /// A row is worth at least the 3k+1 answer of the hand it leaves with the budget
    /// `s0 + changes - shanten(R - y)` (exactly that when riichi locks it at once: the
    /// reference never matters then); probabilities stay in [0, 1], win never exceeds
    /// tenpai, curves never decrease, and with riichi `auto` a tenpai row wins with
    /// probability `1 - (1 - w/P)^n`.
    #[test]
    fn rows_and_the_hands_they_leave(seed in any::<u64>(), draws in 1u32..7, auto in any::<bool>(), changes in 0u32..2) {
        let hand = random_hand(seed, 14);
        let s = shanten(&hand).value();
        prop_assume!(s <= 2);
        // The 3z dora indicator is a fifth 3z next to four in hand: an input error.
        prop_assume!(hand.concealed().iter().filter(|t| t.to_string() == "3z").count() < 4);
        let riichi = if auto { RiichiPolicy::Auto } else { RiichiPolicy::Never };
        let o = AdviseOptions { draws, changes, riichi, dora: tiles("3z"), ..AdviseOptions::default() };
        let a = advise(&hand, &o).unwrap();
        let s0 = a.discards.iter().map(|d| d.shanten).min().unwrap();
        let mut best = [0.0f64; 3];
        for d in &a.discards {
            let left = hand.without_tile(d.discard).unwrap();
            // without_tile takes the exact tile first: a red five discard leaves the plain ones.
            let k = s0 as i32 + d.changes as i32 - d.shanten as i32;
            prop_assert!(k >= 0);
            let o13 = AdviseOptions { changes: k as u32, ..o.clone() };
            let v = advise(&left, &o13).unwrap().value.unwrap();
            prop_assert!(at_least(&values(d), &hand_values(&v)), "{} discard {}: {:?} < {:?}", hand, d.discard, values(d), hand_values(&v));
            if auto && d.shanten == 0 {
                // Riichi at once: the hand never changes, so the reference cannot matter.
                let (x, y) = (values(d), hand_values(&v));
                prop_assert!(at_least(&x, &y) && at_least(&y, &x), "{} discard {} (locked): {:?} vs {:?}", hand, d.discard, x, y);
            }
            for (i, x) in [d.tenpai, d.win, d.ev].into_iter().enumerate() {
                best[i] = best[i].max(x);
            }
            prop_assert!((0.0..=1.0).contains(&d.tenpai) && (0.0..=1.0).contains(&d.win));
            prop_assert!(d.win <= d.tenpai + 1e-12 && d.ev >= 0.0);
            for curve in [&d.per_draw.tenpai, &d.per_draw.win, &d.per_draw.ev] {
                prop_assert_eq!(curve.len(), draws as usize);
                prop_assert!(curve.windows(2).all(|w| w[0] <= w[1] + 1e-12), "{} {}: {:?}", hand, d.discard, curve);
            }
            if auto && d.shanten == 0 {
                let q = d.ukeire_count as f64 / a.pool as f64;
                for (n, w) in d.per_draw.win.iter().enumerate() {
                    prop_assert!(close(*w, 1.0 - (1.0 - q).powi(n as i32 + 1)), "{} {}: {} draws {}", hand, d.discard, n + 1, w);
                }
            }
        }
        // Sorted by ev (the default), best first.
        prop_assert!(a.discards.windows(2).all(|w| w[0].ev >= w[1].ev));
        prop_assert!(close(a.discards[0].ev, best[2]));
    }

    /// More changes never lower a value (every row, every draw count).
    #[test]
    fn more_changes_never_lower_a_value(seed in any::<u64>(), draws in 1u32..6, auto in any::<bool>()) {
        let hand = near_hand(seed);
        prop_assume!(shanten(&hand).value() <= 1);
        let riichi = if auto { RiichiPolicy::Auto } else { RiichiPolicy::Never };
        let o = AdviseOptions { draws, changes: 0, riichi, ..AdviseOptions::default() };
        let a0 = advise(&hand, &o).unwrap();
        let a1 = advise(&hand, &AdviseOptions { changes: 1, ..o.clone() }).unwrap();
        for d in &a0.discards {
            let e = a1.discards.iter().find(|x| x.discard == d.discard).unwrap();
            prop_assert!(at_least(&values(e), &values(d)), "{} {}", hand, d.discard);
        }
    }
}

/// A curve point is the value with that many draws: every row of a 2-shanten hand
/// (one change, riichi auto, a dora) asked with 5 to 8 draws equals the same row's
/// point of the 17-draw curve (the passes of a long search compute every state a
/// shorter horizon reads).
#[test]
fn curve_points_are_the_values_of_shorter_horizons() {
    let hand: Hand = "3m50799p506899s45z".parse().unwrap();
    let base = AdviseOptions {
        dora: tiles("6z"),
        ..opts(17, 1, RiichiPolicy::Auto)
    };
    let long = advise(&hand, &base).unwrap();
    assert!(long.discards.iter().any(|d| d.win > 0.0));
    for n in 5..=8u32 {
        let short = advise(
            &hand,
            &AdviseOptions {
                draws: n,
                ..base.clone()
            },
        )
        .unwrap();
        for d in &short.discards {
            let l = long
                .discards
                .iter()
                .find(|e| e.discard == d.discard)
                .unwrap();
            let i = n as usize - 1;
            for (what, a, b) in [
                ("tenpai", d.tenpai, l.per_draw.tenpai[i]),
                ("win", d.win, l.per_draw.win[i]),
                ("ev", d.ev, l.per_draw.ev[i]),
            ] {
                assert!(close(a, b), "{} {what} at {n}: {a} vs {b}", d.discard);
            }
        }
    }
}

/// Every sort key orders the rows as documented: by ev (then win, tenpai), by win
/// (then ev, tenpai), by tenpai (then win, ev), by ukeire (the least shanten first,
/// then the most tiles accepted, then ev); all from the largest down, ties by tile.
#[test]
fn rows_follow_their_sort_key() {
    use tenpai::advise::SortKey;
    let hand: Hand = "123m456p78s112234z".parse().unwrap();
    for key in [SortKey::Ev, SortKey::Win, SortKey::Tenpai, SortKey::Ukeire] {
        let a = advise(
            &hand,
            &AdviseOptions {
                draws: 3,
                changes: 0,
                sort: key,
                ..AdviseOptions::default()
            },
        )
        .unwrap();
        let d = &a.discards;
        assert!(d.len() > 3);
        let by = |r: &tenpai::advise::DiscardAdvice| -> Vec<f64> {
            match key {
                SortKey::Ev => vec![r.ev, r.win, r.tenpai],
                SortKey::Win => vec![r.win, r.ev, r.tenpai],
                SortKey::Tenpai => vec![r.tenpai, r.win, r.ev],
                SortKey::Ukeire => vec![-(r.shanten as f64), r.ukeire_count as f64, r.ev],
            }
        };
        for w in d.windows(2) {
            let (x, y) = (by(&w[0]), by(&w[1]));
            assert!(
                x > y || (x == y && w[0].discard.sort_key() < w[1].discard.sort_key()),
                "{key:?}: {} before {}",
                w[0].discard,
                w[1].discard
            );
        }
        // The first row is the best by the key's first value.
        let best = d.iter().map(|r| by(r)[0]).fold(f64::MIN, f64::max);
        assert_eq!(by(&d[0])[0], best, "{key:?}");
        if key == SortKey::Ukeire {
            assert!(d[0].shanten < d[d.len() - 1].shanten);
        }
    }
}

/// Open hands with spare changes and a wider pool than the random cases (a dozen live
/// kinds), calls in one group and in two (whose moves' shanten is computed hand by
/// hand), and calls holding the copies a wait needs: every value against the plain
/// reference.
#[test]
fn open_hands_with_spare_changes_equal_the_reference() {
    let live = [
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "6p", "7z", "2s",
    ];
    for (hand, changes) in [
        ("1235m4p67m3p6p1z (777z)", 1),
        ("123m3455m6p11z (777z)", 2),
        ("2346m34p5p6m (1111z) (777z)", 1),
        ("12m356m46p77z1m (555p)", 1),
        // Every 5p held: the single 5p is no wait.
        ("123m456s789s5p (555p)", 1),
        // Calls in two groups (their shanten computed hand by hand).
        ("2346m34p5p6m (123s) (777z)", 1),
        ("12356m46p7z (789s) (111z)", 2),
        ("1234m45p6p (555p) (777z)", 1),
    ] {
        let hand: Hand = hand.parse().unwrap();
        let visible = seen_but(&hand, &live);
        let o = AdviseOptions {
            draws: 2,
            changes,
            riichi: RiichiPolicy::Never,
            visible,
            ..AdviseOptions::default()
        };
        check_against_reference(&hand, &o).unwrap();
    }
}

/// Fives in three suits: hands holding 5m and 5p (whose red fives are live) and a five
/// of sou, red or plain, which they may give back and draw again; every value and
/// curve point of each row against the plain reference, under both riichi policies.
/// (A state's red-set entries for a suit whose five it does not hold are its entries
/// without that suit: a parent that gives back its five of the suit reads them.)
#[test]
fn giving_back_a_red_five_and_drawing_a_plain_one_equal_the_reference() {
    let live = ["3s", "4s", "5s", "6s", "7s", "5m", "5p"];
    let pin = ["3p", "4p", "5p", "6p", "7p", "5m", "5s"];
    for (hand, live) in [
        "340s5m5p123456m99p",
        "40s55m5p789p1234m1z",
        "3450s5m5p456789m1z",
        "0s66s5m5p12378m11z9p",
        "345s5m5p123456m99p",
        "5s66s5m5p12378m11z9p",
        "3455s5m5p456789m1z",
    ]
    .into_iter()
    .map(|h| (h, &live[..]))
    .chain(
        // The red five of sou alone, given back for a wait once 4p or 6p comes (the
        // hand it keeps may hold a red 5m or 5p, never 5s).
        ["123m345m789p11z5p0s9s", "123m345m789p11z6p0s9s"].map(|h| (h, &pin[..])),
    ) {
        let hand: Hand = hand.parse().unwrap();
        let visible = seen_but(&hand, live);
        for riichi in [RiichiPolicy::Auto, RiichiPolicy::Never] {
            let o = AdviseOptions {
                draws: 3,
                changes: 1,
                riichi,
                visible: visible.clone(),
                ..AdviseOptions::default()
            };
            check_against_reference(&hand, &o).unwrap();
        }
    }
}

/// The points tables a thread keeps between searches belong to one situation each
/// (calls, winds, riichi, rules): on one thread a search under riichi, then under dama,
/// then under riichi again give the answers each gives cold (on another thread, its
/// tables emptied before each).
#[test]
fn kept_points_tables_belong_to_their_situation() {
    use tenpai::advise::clear_points_tables;
    let hand: Hand = "123m456p789s1122z3z".parse().unwrap();
    let auto = AdviseOptions {
        draws: 4,
        changes: 0,
        riichi: RiichiPolicy::Auto,
        dora: vec![Tile::from_mpsz("1z").unwrap()],
        ..AdviseOptions::default()
    };
    let never = AdviseOptions {
        riichi: RiichiPolicy::Never,
        ..auto.clone()
    };
    // One thread, warm: each search after the first may read the tables of the ones
    // before it.
    let (h, a, n) = (hand.clone(), auto.clone(), never.clone());
    let warm = std::thread::spawn(move || [&a, &n, &a].map(|o| advise(&h, o).unwrap()))
        .join()
        .expect("the searches end");
    // Another thread, cold: its tables emptied before each search.
    let cold = std::thread::spawn(move || {
        [&auto, &never].map(|o| {
            clear_points_tables();
            advise(&hand, o).unwrap()
        })
    })
    .join()
    .expect("the searches end");
    assert_ne!(cold[0].discards, cold[1].discards);
    assert_eq!(warm[0], cold[0]);
    assert_eq!(warm[1], cold[1]);
    assert_eq!(warm[2], cold[0]);
}

/// All four fives of a suit in a winning hand: with red fives in play one of them is
/// the red one whatever is written; with none in the rules, none is. `123m456s555p67p99s`
/// wins on 5p (all four then held) or 8p; against the plain reference under both rule
/// sets.
#[test]
fn four_fives_hold_the_red_one_only_when_the_rules_have_it() {
    let hand: Hand = "123m456s555p67p99s".parse().unwrap();
    for rules in [
        Rules::tenhou(),
        Rules::tenhou().with_red_fives_count(0).unwrap(),
    ] {
        for riichi in [RiichiPolicy::Auto, RiichiPolicy::Never] {
            let o = AdviseOptions {
                draws: 2,
                changes: 0,
                riichi,
                rules: rules.clone(),
                ..AdviseOptions::default()
            };
            check_against_reference(&hand, &o).unwrap();
        }
    }
}
