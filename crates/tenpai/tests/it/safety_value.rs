//! Defence, the expected loss (`tenpai::safety::value`): the value of the hands a
//! tile completes, counted by group, against a brute force that lists every hand of
//! small pools (red fives split copy by copy) and values it directly; and a
//! hand-worked case through the query (`safety`).

// The brute force indexes kinds plainly.
#![allow(clippy::needless_range_loop, clippy::too_many_arguments)]

use proptest::prelude::*;
use tenpai::rules::Rules;
use tenpai::safety::value::{HanCounts, ValueModel, BINS};
use tenpai::safety::{safety, ura_model, Opponent, SafetyQuery};
use tenpai::score::{basic_points, Payment};
use tenpai::{Tile, Wind};

const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

fn binom(n: u8, k: u8) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * u64::from(n - i) / u64::from(i + 1))
}

/// Whether `h` (34 kinds) splits into melds and exactly one pair.
fn regular(h: &mut [u8; 34], pair: bool) -> bool {
    let Some(i) = h.iter().position(|&c| c > 0) else {
        return pair;
    };
    if h[i] >= 3 {
        h[i] -= 3;
        let ok = regular(h, pair);
        h[i] += 3;
        if ok {
            return true;
        }
    }
    if !pair && h[i] >= 2 {
        h[i] -= 2;
        let ok = regular(h, true);
        h[i] += 2;
        if ok {
            return true;
        }
    }
    if i < 27 && i % 9 <= 6 && h[i + 1] > 0 && h[i + 2] > 0 {
        for d in 0..3 {
            h[i + d] -= 1;
        }
        let ok = regular(h, pair);
        for d in 0..3 {
            h[i + d] += 1;
        }
        return ok;
    }
    false
}

/// Every hand of `n` tiles from the model's pool that `win` completes, valued
/// directly (the stated model), by form and han.
fn brute(m: &ValueModel, n: u8, win: Tile) -> HanCounts {
    let mut out = HanCounts::default();
    let mut h = [0u8; 34];
    // reds[s]: red fives of suit s in the hand.
    fn rec(
        k: usize,
        left: u8,
        w: u64,
        reds: u8,
        h: &mut [u8; 34],
        m: &ValueModel,
        win: Tile,
        out: &mut HanCounts,
    ) {
        if left == 0 {
            value(m, h, reds, w, win, out);
            return;
        }
        if k == 34 {
            return;
        }
        for c in 0..=m.pool[k].min(left) {
            h[k] = c;
            if k < 27 && k % 9 == 4 {
                let (u, r) = (m.pool[k], m.red[k / 9]);
                for j in 0..=r.min(c) {
                    let ways = binom(r, j) * binom(u - r, c - j);
                    if ways > 0 {
                        rec(k + 1, left - c, w * ways, reds + j, h, m, win, out);
                    }
                }
            } else {
                let ways = binom(m.pool[k], c);
                rec(k + 1, left - c, w * ways, reds, h, m, win, out);
            }
        }
        h[k] = 0;
    }
    rec(0, n, 1, 0, &mut h, m, win, &mut out);
    out
}

fn value(m: &ValueModel, h: &[u8; 34], reds: u8, w: u64, win: Tile, out: &mut HanCounts) {
    let mut c = *h;
    c[win.index()] += 1;
    let mut full = c;
    for &k in &m.kans {
        full[k] += 3; // a kan counts as a triplet for the shape-free yaku below
    }
    let is_regular = regular(&mut c.clone(), false);
    let is_seven = m.kans.is_empty() && c.iter().all(|&x| x == 0 || x == 2);
    let is_kokushi = m.kans.is_empty()
        && ORPHANS.iter().all(|&k| c[k] >= 1)
        && ORPHANS.iter().map(|&k| c[k]).sum::<u8>() == 14;
    if is_kokushi {
        if ORPHANS.iter().all(|&k| h[k] == 1) {
            out.kokushi_13 += w;
        } else {
            out.yakuman += w;
        }
        return;
    }
    if !is_regular && !is_seven {
        return;
    }
    let used = |k: usize| c[k] > 0 || m.kans.contains(&k);
    if (0..27).all(|k| !used(k)) {
        out.yakuman += w;
        return;
    }
    let mut han = 1usize; // riichi
    if is_seven && !is_regular {
        han += 2;
    }
    if (0..34).all(|k| !used(k) || Tile::new(k as u8).is_simple()) {
        han += 1;
    }
    let suits = (0..3).filter(|&s| (0..9).any(|i| used(9 * s + i))).count();
    let honors = (27..34).any(used);
    if suits == 1 {
        han += if honors { 3 } else { 6 };
    }
    if is_regular {
        for k in 27..34 {
            if c[k] == 3 || m.kans.contains(&k) {
                han += usize::from(m.yakuhai[k - 27]);
            }
        }
    }
    for k in 0..34 {
        let copies = usize::from(c[k]) + if m.kans.contains(&k) { 4 } else { 0 };
        han += copies * usize::from(m.dora[k]);
    }
    han += usize::from(reds) + usize::from(win.is_red());
    for &k in &m.kans {
        if k < 27 && k % 9 == 4 {
            han += usize::from(m.red_in_play[k / 9]);
        }
    }
    let bins = if is_regular {
        &mut out.regular
    } else {
        &mut out.seven_pairs
    };
    bins[han.min(BINS - 1)] += w;
}

/// A generated situation: the model, the concealed count and my winning tile.
fn case() -> impl Strategy<Value = (ValueModel, u8, Tile)> {
    (
        proptest::collection::vec((0usize..34, 1u8..=4), 3..=7),
        0usize..=3,
        proptest::collection::vec(0usize..34, 0..=3),
        (0u8..=2, 0u8..=2, 0u8..=2),
        proptest::collection::vec(0u8..=2, 7),
        0usize..34,
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(|(kinds, kans, dora, red, yak, win, red_win, seed)| {
            let mut m = ValueModel::default();
            for (k, c) in kinds {
                m.pool[k] = c;
            }
            // My winning tile: I hold one copy, so at most 3 unseen.
            m.pool[win] = m.pool[win].min(3);
            let total: u32 = m.pool.iter().map(|&c| u32::from(c)).sum();
            let mut k = (seed % 34) as usize;
            while m.kans.len() < 4 && (m.kans.len() < kans || 13 - 3 * m.kans.len() as u32 > total)
            {
                while m.pool[k] != 0 || m.kans.contains(&k) || k == win {
                    k = (k + 7) % 34;
                }
                m.kans.push(k);
            }
            for d in dora {
                m.dora[d] += 1;
            }
            let red = [red.0, red.1, red.2];
            for s in 0..3 {
                m.red_in_play[s] = red[s].max(1);
                m.red[s] = red[s].min(m.pool[9 * s + 4]);
            }
            m.yakuhai.copy_from_slice(&yak);
            let n = 13 - 3 * m.kans.len() as u8;
            let mut t = Tile::new(win as u8);
            if red_win && win < 27 && win % 9 == 4 {
                t = Tile::red_five(t.suit()).unwrap_or(t);
            }
            (m, n, t)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The counted han distribution equals the brute force's, as integers.
    #[test]
    fn han_counts_equal_brute_force((m, n, win) in case()) {
        let fast = m.han_counts(n, &[win]).remove(0);
        prop_assert_eq!(fast, brute(&m, n, win));
    }
}

/// Pools where many hands complete (one suit, the orphans, pairs): the counts are
/// not trivially empty, and equal the brute force.
#[test]
fn rich_pools_equal_brute_force() {
    let mut seen_forms = [false; 4];
    let mut cases: Vec<(ValueModel, u8, Tile)> = Vec::new();
    // One suit with every copy (chinitsu, tanyao, red fives, dora).
    for (win, red) in [(4usize, 1u8), (0, 0), (6, 1)] {
        let mut m = ValueModel::default();
        for k in 0..9 {
            m.pool[k] = 3;
        }
        m.red = [red, 0, 0];
        m.red_in_play = [1, 1, 1];
        m.dora[5] = 1;
        cases.push((m, 13, Tile::new(win as u8)));
    }
    // Pairs of seven kinds and an honor (seven pairs, honitsu).
    let mut m = ValueModel::default();
    for k in [1, 2, 3, 5, 6, 7, 31, 32] {
        m.pool[k] = 2;
    }
    m.pool[27] = 3;
    cases.push((m.clone(), 13, Tile::new(31)));
    cases.push((m, 13, Tile::new(27)));
    // The orphans (thirteen orphans), two copies each.
    let mut m = ValueModel::default();
    for k in ORPHANS {
        m.pool[k] = 2;
    }
    cases.push((m.clone(), 13, Tile::new(0)));
    cases.push((m.clone(), 13, Tile::new(33)));
    // Ten concealed tiles (no kan written) are never thirteen orphans.
    cases.push((m, 10, Tile::new(8)));
    // The orphans once each but one twice, and a 4m: won on the 4m, no thirteen
    // orphans (however many of them the pool holds).
    let mut m = ValueModel::default();
    for k in ORPHANS {
        m.pool[k] = 1;
    }
    m.pool[33] = 2;
    m.pool[3] = 1;
    cases.push((m.clone(), 13, Tile::new(3)));
    cases.push((m, 13, Tile::new(0)));
    // Honors only (all honors), a kan of dragons with dora.
    let mut m = ValueModel::default();
    for k in 27..32 {
        m.pool[k] = 3;
    }
    m.kans = vec![33];
    m.dora[33] = 1;
    cases.push((m, 10, Tile::new(27)));
    for (m, n, win) in cases {
        let fast = m.han_counts(n, &[win]).remove(0);
        let slow = brute(&m, n, win);
        assert_eq!(fast, slow, "win {win}");
        seen_forms[0] |= fast.regular.iter().any(|&w| w > 0);
        seen_forms[1] |= fast.seven_pairs.iter().any(|&w| w > 0);
        seen_forms[2] |= fast.yakuman > 0;
        seen_forms[3] |= fast.kokushi_13 > 0;
    }
    assert_eq!(seen_forms, [true; 4], "every form met");
}

/// The expected payment: by hand from the han counts, ura included.
#[test]
fn expected_payment_by_hand() {
    let rules = Rules::tenhou();
    let mut h = HanCounts::default();
    h.regular[2] = 3; // 2 han 30 fu: 2000 (dealer 2900); with an ura 3900 (5800)
    h.seven_pairs[3] = 1; // 3 han 25 fu: 3200 (4800); with an ura 6400 (9600)
    h.kokushi_13 = 1; // 32000 (48000)
    let p = 0.25;
    let e = (3.0 * (2000.0 * (1.0 - p) + 3900.0 * p) + (3200.0 * (1.0 - p) + 6400.0 * p) + 32000.0)
        / 5.0;
    let got = h.expected_payment(false, &rules, 1, p).unwrap();
    assert!((got - e).abs() < 1e-9, "{got} {e}");
    let e = (3.0 * (2900.0 * (1.0 - p) + 5800.0 * p) + (4800.0 * (1.0 - p) + 9600.0 * p) + 48000.0)
        / 5.0;
    let got = h.expected_payment(true, &rules, 1, p).unwrap();
    assert!((got - e).abs() < 1e-9, "{got} {e}");
    // Majsoul: the thirteen-sided wait is a double yakuman.
    let k = HanCounts {
        kokushi_13: 1,
        ..HanCounts::default()
    };
    assert_eq!(
        k.expected_payment(false, &Rules::majsoul(), 0, 0.0),
        Some(64000.0)
    );
    assert_eq!(
        HanCounts::default().expected_payment(false, &rules, 1, p),
        None
    );
    // The library's own payment for 2 han 30 fu, as the figures above assume.
    assert_eq!(
        Payment::new(basic_points(2, 30, &rules).0, false, false).ron,
        Some(2000)
    );
}

/// Through the query: every tile but one hand's is visible, so the riichi hand is
/// 234m 567m 345p 678s 2s waiting on 2s (riichi, tanyao): the 2s deals in for sure
/// and loses 2000 or, with an ura (1 indicator, chance 14/34), 3900; the dealer's
/// 2900 or 5800; with the dora indicator 1s (2s dora, twice) 4 han 30 fu: 7700, ura
/// making it a mangan (8000). The red fives are visible (else the hand's lone
/// unseen 5m and 5p would be the red ones).
#[test]
fn one_hand_left_worked_by_hand() {
    let hand_kinds = [1usize, 2, 3, 4, 5, 6, 11, 12, 13, 23, 24, 25, 19];
    let mine: Tile = tenpai::notation::parse_tiles("2s").unwrap()[0];
    let river: Vec<Tile> = tenpai::notation::parse_tiles("9p").unwrap();
    let build = |seat: Option<Wind>, dora: &str| {
        let dora = tenpai::notation::parse_tiles(dora).unwrap();
        let mut seen = [0u8; 34];
        seen[mine.index()] += 1;
        for t in river.iter().chain(&dora) {
            seen[t.index()] += 1;
        }
        let mut visible = Vec::new();
        for k in 0..34 {
            let keep = u8::from(hand_kinds.contains(&k));
            for i in seen[k] + keep..4 {
                // The red fives are among the visible copies.
                let t = Tile::new(k as u8);
                let red = (i == seen[k] + keep && k < 27 && k % 9 == 4)
                    .then(|| Tile::red_five(t.suit()))
                    .flatten();
                visible.push(red.unwrap_or(t));
            }
        }
        let o = Opponent {
            river: river.clone(),
            seat,
            ..Opponent::default()
        };
        let mut q = SafetyQuery::new("2s".parse().unwrap(), vec![o]);
        q.visible = visible;
        q.dora = dora;
        safety(&q).unwrap().tiles[0].clone()
    };
    let p = 14.0 / 34.0;
    assert_eq!(ura_model(0, 0), (1, p));
    let row = build(None, "");
    assert_eq!(row.deal_in, 1.0);
    let e = 2000.0 * (1.0 - p) + 3900.0 * p;
    assert!((row.expected_loss.unwrap() - e).abs() < 1e-9, "{row:?}");
    let row = build(Some(Wind::East), "");
    let e = 2900.0 * (1.0 - p) + 5800.0 * p;
    assert!((row.expected_loss.unwrap() - e).abs() < 1e-9, "{row:?}");
    let row = build(None, "1s");
    let e = 7700.0 * (1.0 - p) + 8000.0 * p;
    assert!((row.expected_loss.unwrap() - e).abs() < 1e-9, "{row:?}");
    assert_eq!(row.per_opponent[0].expected_loss, row.expected_loss);
}

/// A genbutsu loses nothing; the expected loss is the chance times a value of at
/// least 1000 (riichi alone, 30 fu) and at most a yakuman's.
#[test]
fn loss_is_chance_times_a_value() {
    let o = Opponent {
        river: tenpai::notation::parse_tiles("19m5z3p").unwrap(),
        ..Opponent::default()
    };
    let mut q = SafetyQuery::new("123m456p789s1122z5z".parse().unwrap(), vec![o]);
    q.dora = tenpai::notation::parse_tiles("4p").unwrap();
    let s = safety(&q).unwrap();
    for row in &s.tiles {
        let loss = row.expected_loss.unwrap();
        if row.deal_in == 0.0 {
            assert_eq!(loss, 0.0, "{}", row.tile);
        } else {
            assert!(
                loss >= 1000.0 * row.deal_in && loss <= 48000.0 * row.deal_in,
                "{row:?}"
            );
        }
    }
}

/// The ura han follow the binomial: with two indicators each adding a han with the
/// chance 1/2, a 1-han 30-fu non-dealer ron pays 1,000, 2,000 or 3,900 (the payment
/// table) with the chances 1/4, 1/2, 1/4: 2,225; with three, 1,000, 2,000, 3,900 or
/// 7,700 with 1/8, 3/8, 3/8, 1/8: 3,300. With the chance 1 every ura is a han, with 0
/// none.
#[test]
fn ura_han_follow_the_binomial() {
    let mut h = HanCounts::default();
    h.regular[1] = 5;
    let rules = Rules::tenhou();
    let pay = |ura: u32, chance: f64| h.expected_payment(false, &rules, ura, chance).unwrap();
    assert!((pay(2, 0.5) - 2225.0).abs() < 1e-9, "{}", pay(2, 0.5));
    assert!((pay(3, 0.5) - 3300.0).abs() < 1e-9, "{}", pay(3, 0.5));
    assert_eq!((pay(2, 1.0), pay(3, 1.0)), (3900.0, 7700.0));
    assert_eq!((pay(2, 0.0), pay(1, 0.0)), (1000.0, 1000.0));
    assert_eq!(
        HanCounts::default().expected_payment(false, &rules, 2, 0.5),
        None
    );
}

/// Yakuman hands pay the limit: a non-dealer's ron 32,000, a dealer's 48,000 (the
/// payment table); the thirteen-sided kokushi twice that where the rules count it a
/// double yakuman (Mahjong Soul), once on Tenhou; mixed with 1-han hands, the mean by
/// weight.
#[test]
fn yakuman_hands_pay_the_limit() {
    let tenhou = Rules::tenhou();
    let majsoul = Rules::majsoul();
    let yakuman = HanCounts {
        yakuman: 3,
        ..HanCounts::default()
    };
    assert_eq!(
        yakuman.expected_payment(false, &tenhou, 1, 0.4),
        Some(32000.0)
    );
    assert_eq!(
        yakuman.expected_payment(true, &tenhou, 1, 0.4),
        Some(48000.0)
    );
    let thirteen = HanCounts {
        kokushi_13: 1,
        ..HanCounts::default()
    };
    assert_eq!(
        thirteen.expected_payment(false, &tenhou, 1, 0.4),
        Some(32000.0)
    );
    assert_eq!(
        thirteen.expected_payment(false, &majsoul, 1, 0.4),
        Some(64000.0)
    );
    let mut mixed = HanCounts {
        yakuman: 2,
        ..HanCounts::default()
    };
    mixed.regular[1] = 2;
    assert_eq!(
        mixed.expected_payment(false, &tenhou, 1, 0.0),
        Some(16500.0)
    );
}

/// Thirteen han or more is a counted yakuman (kazoe, Tenhou's rules): 32,000 from a
/// non-dealer's ron. The one hand of the pool, 123m 456p 222z 777z and a 9m tanki,
/// holds riichi, two yakuhai (2z, the seat's, and 7z) and 15 dora from its honor
/// triplets alone (7z three a copy, 2z two): 18 han, read in the last bin whatever the
/// ura. The same honors as closed kans: 23 han, the last bin too.
#[test]
fn dora_from_honor_triplets_reach_the_counted_yakuman() {
    let mut pool = [0u8; 34];
    for k in [0, 1, 2, 12, 13, 14, 8] {
        pool[k] = 1;
    }
    pool[28] = 3;
    pool[33] = 3;
    let mut dora = [0u8; 34];
    dora[33] = 3;
    dora[28] = 2;
    let m = ValueModel {
        pool,
        dora,
        ..ValueModel::default()
    };
    let h = &m.han_counts(13, &[Tile::new(8)])[0];
    assert_eq!((h.regular[BINS - 1], h.total()), (1, 1), "{h:?}");
    assert_eq!(
        h.expected_payment(false, &Rules::tenhou(), 1, 0.4),
        Some(32000.0)
    );
    // The same two honors as closed kans (7777z 2222z, seven concealed tiles): 23
    // han, the kans' dora alone 20.
    let mut pool = [0u8; 34];
    for k in [0, 1, 2, 12, 13, 14, 8] {
        pool[k] = 1;
    }
    let kans = ValueModel {
        pool,
        dora,
        kans: vec![28, 33],
        ..ValueModel::default()
    };
    let h = &kans.han_counts(7, &[Tile::new(8)])[0];
    assert_eq!((h.regular[BINS - 1], h.total()), (1, 1), "{h:?}");
    assert_eq!(
        h.expected_payment(false, &Rules::tenhou(), 1, 0.4),
        Some(32000.0)
    );
    // Without the 2z's dora: 12 han, a sanbaiman (24,000).
    let mut m = m;
    m.dora[28] = 0;
    let h = &m.han_counts(13, &[Tile::new(8)])[0];
    assert_eq!(h.regular[12], 1, "{h:?}");
    assert_eq!(
        h.expected_payment(false, &Rules::tenhou(), 0, 0.0),
        Some(24000.0)
    );
}

/// Dora past the last bin from a suit with its red five: 123m 789p 234s 555s and a 9m
/// tanki, the 5s worth 5 dora a copy (five indicators on 4s) and one of the three
/// red: riichi, 15 dora and the red one, 17 han, read in the last bin (13 and more,
/// a counted yakuman): 32,000 from a non-dealer's ron. With 9m a dora too (an
/// indicator on 8m), the winning tile's dora add to a hand already in the last bin:
/// 19 han, still the last bin.
#[test]
fn dora_of_a_suit_and_its_red_five_reach_the_last_bin() {
    let mut pool = [0u8; 34];
    for k in [0, 1, 2, 15, 16, 17, 19, 20, 21, 8] {
        pool[k] = 1;
    }
    pool[22] = 3;
    for dora_9m in [0, 1] {
        let mut dora = [0u8; 34];
        dora[22] = 5;
        dora[8] = dora_9m;
        let m = ValueModel {
            pool,
            red: [0, 0, 1],
            red_in_play: [1, 1, 1],
            dora,
            ..ValueModel::default()
        };
        let h = &m.han_counts(13, &[Tile::new(8)])[0];
        assert_eq!((h.regular[BINS - 1], h.total()), (1, 1), "{h:?}");
        assert_eq!(
            h.expected_payment(false, &Rules::tenhou(), 0, 0.0),
            Some(32000.0)
        );
    }
}

/// Two closed kans of one suit keep the hand in that suit: 1111m and 9999m with 234m
/// 678m and a 5m tanki is chinitsu (closed, 6 han) and riichi, 7 han: a haneman, 12,000
/// from a non-dealer's ron.
#[test]
fn two_kans_of_one_suit_keep_chinitsu() {
    let mut pool = [0u8; 34];
    for k in [1, 2, 3, 4, 5, 6, 7] {
        pool[k] = 1;
    }
    let m = ValueModel {
        pool,
        kans: vec![0, 8],
        ..ValueModel::default()
    };
    let h = &m.han_counts(7, &[Tile::new(4)])[0];
    assert_eq!((h.regular[7], h.total()), (1, 1), "{h:?}");
    assert_eq!(
        h.expected_payment(false, &Rules::tenhou(), 0, 0.0),
        Some(12000.0)
    );
}

/// Through the query, each tile's expected loss against a riichi player is its chance
/// times the mean payment of the value model built here from the query: the unseen
/// copies, the dora of the indicators, the red fives not written anywhere (at most the
/// fives unseen), the yakuhai of the East round and a South seat, and one ura
/// indicator per dora indicator, each a han with the chance (14 + kans) / 34 (the
/// winning hand's tiles). With and without a closed kan, and with a suit's four fives
/// seen written plain (so its red one is among them, and the other suits' are not).
#[test]
fn riichi_losses_follow_the_value_model() {
    for (calls, visible, dora) in [
        ("", "5555s19p2z", "3m"),
        ("[7777z]", "5555s19p2z", "3m"),
        ("[2222p]", "5555s8m", "3m1z"),
        ("", "5555p19s", "3m"),
    ] {
        let req: tenpai::safety::SafetyRequest = serde_json::from_value(serde_json::json!({
            "hand": "2346m4688p3477s6z5z", "river": "19m4z3p", "calls": calls,
            "visible": visible, "dora": dora,
        }))
        .unwrap();
        let q = req.query().unwrap();
        let o = &q.opponents[0];
        let mut pool = [4u8; 34];
        let mut reds = [0u8; 3];
        let seen = q
            .hand
            .all_tiles()
            .chain(o.river.iter().copied())
            .chain(q.visible.iter().copied())
            .chain(q.dora.iter().copied());
        for t in seen {
            pool[t.index()] -= 1;
            if t.is_red() {
                reds[t.index() / 9] += 1;
            }
        }
        for k in &o.kans {
            pool[k.index()] -= 4;
        }
        let mut dora = [0u8; 34];
        for t in &q.dora {
            dora[t.dora_from_indicator().index()] += 1;
        }
        let m = ValueModel {
            pool,
            red: std::array::from_fn(|s| (1 - reds[s]).min(pool[9 * s + 4])),
            red_in_play: [1; 3],
            dora,
            kans: o.kans.iter().map(|t| t.index()).collect(),
            ..ValueModel::default()
        };
        let n = 13 - 3 * o.kans.len() as u8;
        let ura = (q.dora.len() as u32, (14 + o.kans.len()) as f64 / 34.0);
        let s = safety(&q).unwrap();
        let mut dangerous = 0;
        for row in &s.tiles {
            let v = m.han_counts(n, &[row.tile])[0]
                .expected_payment(false, &q.rules, ura.0, ura.1)
                .unwrap_or(0.0);
            let want = row.deal_in * v;
            let got = row.expected_loss.unwrap();
            assert!(
                (got - want).abs() <= 1e-9 * want.max(1.0),
                "{calls} {}: {got} against {want}",
                row.tile
            );
            dangerous += usize::from(want > 0.0);
        }
        assert!(dangerous >= 5, "{calls}: {dangerous}");
    }
    assert_eq!(ura_model(2, 1), (2, 15.0 / 34.0));
}

/// Hands alike in tile count and pairs but not in suits, honors or simples stay
/// apart: the other groups of a hand won on 9m are 666z 777z (honitsu with the
/// manzu) or 123p 123p (none), and those of a hand won on 5z are 234m 456m (simples
/// of one suit: honitsu with the honors) or 123m 123p (two suits). Counted by hand
/// (riichi, 666z and 777z a han each, closed honitsu 3): one way to the 6 han of
/// 123456m 99m 666z 777z; three to those of 123m 456m or 234m 456m (two copies of
/// 4m) with 666z 777z 55z. Every bin against the brute force.
#[test]
fn suits_and_honors_of_equal_sized_groups_stay_apart() {
    let mut won_on_9m = [0u8; 34];
    for k in [0, 1, 2, 3, 4, 5, 8] {
        won_on_9m[k] = 1;
    }
    let mut won_on_5z = [0u8; 34];
    for k in [0, 1, 2, 4, 5] {
        won_on_5z[k] = 1;
    }
    won_on_5z[3] = 2;
    for k in [9, 10, 11] {
        won_on_9m[k] = 2;
        won_on_5z[k] = 1;
    }
    for k in [32, 33] {
        won_on_9m[k] = 3;
        won_on_5z[k] = 3;
    }
    won_on_5z[31] = 1;
    for (pool, win, honitsu) in [(won_on_9m, 8, 1), (won_on_5z, 31, 3)] {
        let m = ValueModel {
            pool,
            ..ValueModel::default()
        };
        let win = Tile::new(win);
        let fast = m.han_counts(13, &[win]).remove(0);
        assert_eq!(fast.regular[6], honitsu, "won on {win}: {fast:?}");
        assert_eq!(fast, brute(&m, 13, win), "won on {win}");
    }
}
