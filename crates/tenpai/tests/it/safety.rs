//! Defence (`tenpai::safety`): the counting programme against a brute force that
//! lists every opponent hand of small pools (waits from the shanten engine), the
//! independent oracle's worked answers in `../shared/examples/safety.jsonl`, and
//! hand-worked cases.

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use tenpai::safety::{safety, safety_request, Model, Opponent, SafetyQuery, SafetyRequest};
use tenpai::shanten::HandCounts;
use tenpai::ukeire::waits_mask;
use tenpai::{Call, CallKind, Tile};

const BINOM: [[u128; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// Every hand of `n` tiles from `pool`: its weight, and whether it is tenpai with
/// waits avoiding `furiten` (the shanten engine's waits, the kans as called copies);
/// the total weight of those and, per kind, of those waiting on it.
fn brute(pool: &[u8; 34], n: u8, kans: &[usize], furiten: u64) -> (u128, Vec<u128>) {
    let mut called = [0u8; 34];
    for &k in kans {
        called[k] = 4;
    }
    let mut total = 0u128;
    let mut per = vec![0u128; 34];
    let mut h = [0u8; 34];
    #[allow(clippy::too_many_arguments)]
    fn rec(
        k: usize,
        left: u8,
        w: u128,
        h: &mut [u8; 34],
        pool: &[u8; 34],
        called: &[u8; 34],
        calls: u8,
        furiten: u64,
        total: &mut u128,
        per: &mut [u128],
    ) {
        if left == 0 {
            let hc = HandCounts::new(*h, *called, calls.into()).unwrap();
            let m = waits_mask(&hc).unwrap();
            if m != 0 && m & furiten == 0 {
                *total += w;
                for (kind, p) in per.iter_mut().enumerate() {
                    if m & (1 << kind) != 0 {
                        *p += w;
                    }
                }
            }
            return;
        }
        if k == 34 {
            return;
        }
        for c in 0..=pool[k].min(left) {
            h[k] = c;
            rec(
                k + 1,
                left - c,
                w * BINOM[pool[k] as usize][c as usize],
                h,
                pool,
                called,
                calls,
                furiten,
                total,
                per,
            );
        }
        h[k] = 0;
    }
    rec(
        0,
        n,
        1,
        &mut h,
        pool,
        &called,
        kans.len() as u8,
        furiten,
        &mut total,
        &mut per,
    );
    (total, per)
}

/// A generated situation: the pool, the concealed count, the kans, the furiten set.
#[derive(Debug, Clone)]
struct Case {
    pool: [u8; 34],
    n: u8,
    kans: Vec<usize>,
    furiten: u64,
}

const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Small pools: a few kinds with 1 to 4 copies (every count, four-copy cases
/// included), 0 to 4 kans of kinds outside the pool, a furiten set mixing pool kinds
/// and others; or the thirteen orphans with one or two copies each (kokushi, and
/// seven pairs in the 13-tile hands).
fn case() -> impl Strategy<Value = Case> {
    let general = (
        proptest::collection::vec((0usize..34, 1u8..=4), 3..=6),
        0usize..=4,
        proptest::collection::vec(0usize..34, 0..=5),
        any::<u64>(),
    )
        .prop_map(|(kinds, kans, fur, seed)| {
            let mut pool = [0u8; 34];
            for (k, c) in kinds {
                pool[k] = c;
            }
            let total: u32 = pool.iter().map(|&c| u32::from(c)).sum();
            // The kans asked for, and more while the pool holds fewer tiles than
            // the concealed hand.
            let mut kans_v = Vec::new();
            let mut k = (seed % 34) as usize;
            while kans_v.len() < 4 && (kans_v.len() < kans || 13 - 3 * kans_v.len() as u32 > total)
            {
                while pool[k] != 0 || kans_v.contains(&k) {
                    k = (k + 7) % 34;
                }
                kans_v.push(k);
            }
            let n = 13 - 3 * kans_v.len() as u8;
            let mut furiten = 0u64;
            for f in fur {
                furiten |= 1 << f;
            }
            Case {
                pool,
                n,
                kans: kans_v,
                furiten,
            }
        });
    let orphans = (
        proptest::collection::vec(1u8..=2, 13),
        proptest::collection::vec(0usize..13, 0..=2),
    )
        .prop_map(|(counts, fur)| {
            let mut pool = [0u8; 34];
            for (i, &k) in ORPHANS.iter().enumerate() {
                pool[k] = counts[i];
            }
            let mut furiten = 0u64;
            for f in fur {
                furiten |= 1 << ORPHANS[f];
            }
            Case {
                pool,
                n: 13,
                kans: Vec::new(),
                furiten,
            }
        })
        // Keep the brute force small: few doubled kinds.
        .prop_filter("small", |c| c.pool.iter().filter(|&&x| x == 2).count() <= 4);
    prop_oneof![4 => general, 1 => orphans]
}

/// The generated cases are not trivial: most have tenpai hands, many several waits.
#[test]
fn generated_cases_are_not_trivial() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut nonzero, mut thirteen, mut n) = (0, 0, 0);
    for _ in 0..200 {
        let c = case().new_tree(&mut runner).unwrap().current();
        let w = Model::new(c.pool, c.n, &c.kans)
            .unwrap()
            .weights(c.furiten, &[]);
        n += 1;
        nonzero += usize::from(w.total > 0);
        thirteen += usize::from(c.n == 13 && w.total > 0);
    }
    assert!(
        nonzero * 2 > n && thirteen * 10 > n,
        "{nonzero} / {thirteen} of {n}"
    );
}

fn check(c: &Case) {
    let model = Model::new(c.pool, c.n, &c.kans).unwrap();
    let kinds: Vec<usize> = (0..34).collect();
    let w = model.weights(c.furiten, &kinds);
    let (total, per) = brute(&c.pool, c.n, &c.kans, c.furiten);
    assert_eq!(w.total, total, "total weight of {c:?}");
    assert_eq!(w.waiting, per, "weights per kind of {c:?}");
    // Each kind asked twice gets its own weight each time.
    let twice: Vec<usize> = (0..34).flat_map(|k| [k, k]).collect();
    let w2 = model.weights(c.furiten, &twice);
    let want: Vec<u128> = twice.iter().map(|&k| per[k]).collect();
    assert_eq!(w2.total, total, "total weight of {c:?}, kinds asked twice");
    assert_eq!(w2.waiting, want, "weights of kinds asked twice, {c:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// The programme's weights equal the brute force's, as integers (so the chances
    /// agree far below 1e-12).
    #[test]
    fn weights_equal_brute_force(c in case()) {
        check(&c);
    }
}

/// Seven pairs and kokushi do occur among the generated cases' counted hands: a pool of
/// seven kinds with two copies each and a single, and the thirteen orphans.
#[test]
fn seven_pairs_and_kokushi_waits_counted() {
    // Seven kinds, pairs only possible: 1m 3m 5m 7m 9m 2z 4z (two copies each) and 6z x1.
    let mut pool = [0u8; 34];
    for k in [0, 2, 4, 6, 8, 28, 30] {
        pool[k] = 2;
    }
    pool[32] = 1;
    let c = Case {
        pool,
        n: 13,
        kans: vec![],
        furiten: 0,
    };
    check(&c);
    let w = Model::new(pool, 13, &[])
        .unwrap()
        .weights(0, &(0..34).collect::<Vec<_>>());
    assert!(
        w.total > 0 && w.waiting[32] > 0,
        "a seven-pairs tanki on 6z"
    );
    // The thirteen orphans, one copy each: 13 hands with 12 kinds... only the 13-sided
    // wait holds all of them: weight 1, waiting on all 13.
    let mut pool = [0u8; 34];
    for k in ORPHANS {
        pool[k] = 1;
    }
    let w = Model::new(pool, 13, &[]).unwrap().weights(0, &ORPHANS);
    assert_eq!((w.total, w.waiting.clone()), (1, vec![1; 13]));
    check(&Case {
        pool,
        n: 13,
        kans: vec![],
        furiten: 1 << 33,
    });
}

fn shared_examples() -> PathBuf {
    let p = std::env::var_os("TENPAI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"))
        .join("examples/safety.jsonl");
    assert!(
        p.is_file(),
        "{} is absent: this test needs ../shared (it must be present under CI=true; \
         elsewhere the test is ignored when it is absent)",
        p.display()
    );
    p
}

/// The independent oracle's worked answers (`../shared/examples/safety.jsonl`):
/// every chance to 1e-9.
#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn oracle_examples() {
    let text = std::fs::read_to_string(shared_examples()).unwrap();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let s = |k: &str| v[k].as_str().unwrap_or("").to_string();
        let req = SafetyRequest {
            hand: s("hand"),
            river: s("river"),
            after: s("after"),
            calls: s("calls"),
            visible: s("visible"),
            dora: s("dora"),
            ..SafetyRequest::default()
        };
        let a = safety_request(&req).unwrap_or_else(|e| panic!("{line}: {e}"));
        let expected = v["expected"].as_object().unwrap();
        assert_eq!(a.tiles.len(), expected.len(), "{line}");
        for (tile, p) in expected {
            let got = a
                .tiles
                .iter()
                .find(|t| t.tile.kind().to_string() == *tile)
                .unwrap_or_else(|| panic!("{tile} missing for {line}"));
            let p = p.as_f64().unwrap();
            assert!(
                (got.deal_in - p).abs() < 1e-9,
                "{tile}: {} against the oracle's {p} in {line}",
                got.deal_in
            );
            n += 1;
        }
    }
    assert!(n >= 50, "{n} answers");
}

fn tiles(s: &str) -> Vec<Tile> {
    tenpai::notation::parse_tiles(s).unwrap()
}

fn chance(q: &SafetyQuery, tile: &str) -> f64 {
    let a = safety(q).unwrap();
    a.tiles
        .iter()
        .find(|t| t.tile.to_string() == tile)
        .unwrap()
        .deal_in
}

/// A genbutsu is 0, and an honor with every copy visible is 0.
#[test]
fn genbutsu_and_dead_honor_are_zero() {
    let o = Opponent {
        river: tiles("19m5z3p"),
        riichi_at: Some(3),
        after: tiles("7s"),
        kans: vec![],
        seat: None,
        ..Opponent::default()
    };
    let mut q = SafetyQuery::new("123m456p789s1122z5z".parse().unwrap(), vec![o]);
    assert_eq!(chance(&q, "5z"), 0.0);
    assert_eq!(chance(&q, "7s"), 0.0, "after the riichi: genbutsu too");
    assert!(chance(&q, "1m") == 0.0);
    // 6z: my hand holds none; with the 4 copies visible it is 0.
    q.hand = "123m456p789s1122z6z".parse().unwrap();
    assert!(chance(&q, "6z") > 0.0);
    q.visible = tiles("666z");
    // Three visible and mine: no shanpon or tanki can wait on it. Only a kokushi hand
    // missing 6z still does (a wait with no copy left is a wait): its weight, counted
    // here by hand, over the model's total.
    let a = safety(&q).unwrap();
    let row = a.tiles.iter().find(|t| t.tile.to_string() == "6z").unwrap();
    assert!(row.labels.iter().any(|l| l == "honor, 0 left"));
    let pool = tenpai_pool(&q);
    let orphans: Vec<usize> = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 33].into();
    let mut kokushi = 0u128;
    for &y in &orphans {
        let mut w = BINOM[pool[y] as usize][2];
        for &k in &orphans {
            if k != y {
                w *= u128::from(pool[k]);
            }
        }
        kokushi += w;
    }
    let furiten = tiles("19m5z3p7s")
        .iter()
        .fold(0u64, |m, t| m | (1 << t.index()));
    let total = Model::new(pool, 13, &[])
        .unwrap()
        .weights(furiten, &[])
        .total;
    let expected = kokushi as f64 / total as f64;
    assert!(expected > 0.0 && (row.deal_in - expected).abs() < 1e-15);
    // Against a riichi with a kan (no kokushi possible) it is exactly 0.
    q.opponents[0].kans = tiles("4z");
    assert_eq!(chance(&q, "6z"), 0.0);
}

/// The unseen pool of a query, counted here.
fn tenpai_pool(q: &SafetyQuery) -> [u8; 34] {
    let mut pool = [4u8; 34];
    let seen = q.hand.all_tiles().chain(q.visible.iter().copied()).chain(
        q.opponents
            .iter()
            .flat_map(|o| o.river.iter().chain(&o.after).copied()),
    );
    for t in seen {
        pool[t.index()] -= 1;
    }
    pool
}

/// No-chance: 1m with every 2m visible can only be won by a shanpon or a tanki on 1m
/// (no ryanmen 23m, no kanchan 2m-less, no penchan): the label says so, the query
/// agrees with the model built from the pool counted by hand, and the chance is below
/// that of 1m with the 2m all live.
#[test]
fn no_chance_is_only_shanpon_or_tanki() {
    // Pool: 1m 2m 3m 4m and some honors; every 2m is visible.
    let o = Opponent {
        river: tiles("9p"),
        ..Opponent::default()
    };
    let mut q = SafetyQuery::new("1m".parse().unwrap(), vec![o]);
    q.visible = tiles("2222m");
    let a = safety(&q).unwrap();
    let row = &a.tiles[0];
    assert!(
        row.labels.iter().any(|l| l == "no-chance"),
        "{:?}",
        row.labels
    );
    let pool = {
        let mut p = [4u8; 34];
        p[0] = 3;
        p[1] = 0;
        p[17] = 3;
        p
    };
    let w = Model::new(pool, 13, &[]).unwrap().weights(1 << 17, &[0]);
    let brute_shapes = w.chances()[0];
    assert!((row.deal_in - brute_shapes).abs() < 1e-12);
    // And it is below the chance of 1m with the 2m all live.
    q.visible = tiles("");
    let live = safety(&q).unwrap().tiles[0].deal_in;
    assert!(live > row.deal_in, "{live} > {}", row.deal_in);
}

/// Bad input: a fifth copy, a riichi index past the river, my hand and the visible
/// tiles beyond four copies, an open call: clear errors naming the problem.
#[test]
fn bad_input_errors() {
    let req = |json: &str| {
        let r: SafetyRequest = serde_json::from_str(json).unwrap();
        safety_request(&r).unwrap_err().to_string()
    };
    let e = req(r#"{"hand": "1m", "river": "11111m"}"#);
    assert!(e.contains("river") && e.contains("fifth copy of 1m"), "{e}");
    let e = req(r#"{"hand": "11m", "river": "111m"}"#);
    assert!(
        e.contains("5 copies of 1m") && e.contains("2 in my hand"),
        "{e}"
    );
    // (Only the places that hold copies are named.)
    assert!(!e.contains("0 in"), "{e}");
    let e = req(r#"{"hand": "1m", "river": "19m", "riichi_at": 2}"#);
    assert!(
        e.contains("riichi index 2") && e.contains("past the river"),
        "{e}"
    );
    let e = req(r#"{"hand": "1555m", "river": "1z", "visible": "55m"}"#);
    assert!(e.contains("5 copies of 5m") && e.contains("my hand"), "{e}");
    let e = req(r#"{"hand": "5m", "river": "1z", "calls": "(555m)"}"#);
    assert!(e.contains("closed kans"), "{e}");
    let e = req(r#"{"hand": "5m"}"#);
    assert!(e.contains("no riichi opponent"), "{e}");
    for kan in ["[111z]", "[1112z]"] {
        let e = req(&format!(
            r#"{{"hand": "5m", "river": "9p", "calls": "{kan}"}}"#
        ));
        assert!(e.contains("four copies of one kind"), "{kan}: {e}");
    }
}

/// No more red fives of a suit may be written than the rules have (one a suit under
/// Tenhou's rules; two red 5p in the four-red-five set of Mahjong Soul): the error
/// names the places that write them, wherever they are (my hand, a river, a call, the
/// visible tiles, the indicators).
#[test]
fn red_fives_beyond_the_rules_are_refused() {
    let req = |json: &str| {
        let r: SafetyRequest = serde_json::from_str(json).unwrap();
        safety_request(&r)
    };
    let e = req(r#"{"opponents": [{"river": "1z"}, {"river": "9p", "calls": "(067m)(067m)", "tenpai": true}], "hand": "1s"}"#)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("2 red 5m are seen (2 in a call): the rules have 1"),
        "{e}"
    );
    let e = req(r#"{"hand": "0s1p", "river": "1z", "visible": "0s", "dora": "0p"}"#)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("2 red 5s are seen (1 in my hand, 1 in the visible tiles)"),
        "{e}"
    );
    // One red five of each suit is fine, and so are two red 5p in the four-red set,
    // not three.
    assert!(req(r#"{"hand": "0m", "river": "0s", "dora": "0p"}"#).is_ok());
    let four = |json: &str| {
        let r: SafetyRequest = serde_json::from_str(json).unwrap();
        let mut q = r.query().unwrap();
        q.rules = q.rules.with_red_fives_count(4).unwrap();
        safety(&q)
    };
    assert!(four(r#"{"hand": "0p", "river": "0p1z"}"#).is_ok());
    let e = four(r#"{"hand": "0p", "river": "0p1z", "visible": "0p"}"#)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("3 red 5p are seen") && e.contains("the rules have 2"),
        "{e}"
    );
    // Without red fives in the rules, a red five reads as a plain five.
    let e = req(r#"{"hand": "0m", "river": "0m1z", "rules": "ema"}"#);
    assert!(e.is_ok(), "{e:?}");
}

/// A riichi with four closed kans holds one concealed tile and waits on it alone (a
/// tanki): each one-tile hand weighs its unseen copies, so a tile's chance is its
/// unseen copies over those of every kind its river does not make furiten. A fifth kan
/// is refused.
#[test]
fn four_kans_leave_a_tanki_on_one_tile() {
    let o = Opponent {
        river: tiles("9p1s"),
        kans: tiles("1234z"),
        ..Opponent::default()
    };
    let mut q = SafetyQuery::new("5s9p".parse().unwrap(), vec![o]);
    // Unseen: 136 tiles less my 2, the river's 2 and the kans' 16; 9p (2 left) and 1s
    // (3 left) are furiten.
    let live = f64::from(136 - 2 - 2 - 16 - 2 - 3);
    assert!((chance(&q, "5s") - 3.0 / live).abs() < 1e-15);
    assert_eq!(chance(&q, "9p"), 0.0);
    q.opponents[0].kans = tiles("12345z");
    let e = safety(&q).unwrap_err().to_string();
    assert!(e.contains("at most 4 kans"), "{e}");
}

/// An opponent marked tenpai is an open hand: without an open call it is refused (a
/// closed hand is counted as a riichi), and open calls belong only to an opponent
/// marked tenpai.
#[test]
fn tenpai_mark_and_open_calls_go_together() {
    let o = Opponent {
        river: tiles("9p"),
        tenpai: true,
        ..Opponent::default()
    };
    let q = SafetyQuery::new("1m".parse().unwrap(), vec![o]);
    let e = safety(&q).unwrap_err().to_string();
    assert!(e.contains("needs an open call"), "{e}");
    let o = Opponent {
        river: tiles("9p"),
        calls: vec![Call::new(CallKind::Pon, &tiles("555z")).unwrap()],
        ..Opponent::default()
    };
    let q = SafetyQuery::new("1m".parse().unwrap(), vec![o]);
    let e = safety(&q).unwrap_err().to_string();
    assert!(e.contains("belong to an opponent marked tenpai"), "{e}");
}

/// Against two riichi players a tile deals in unless it passes both: `1 - (1 - p1)(1 -
/// p2)`, where each `p` is the chance the same tile has against that player alone, the
/// other's river then counted among the visible tiles (the same unseen pool). Each
/// player's own chance is listed as that single query gives it.
#[test]
fn two_riichi_players_combine_as_independent_chances() {
    let a = Opponent {
        river: tiles("19m5z3p"),
        ..Opponent::default()
    };
    let b = Opponent {
        river: tiles("8s2z6p"),
        after: tiles("4m"),
        ..Opponent::default()
    };
    let hand: tenpai::Hand = "2356m4688p3477s6z".parse().unwrap();
    let both = safety(&SafetyQuery::new(hand.clone(), vec![a.clone(), b.clone()])).unwrap();
    let alone = |o: &Opponent, other: &Opponent| {
        let mut q = SafetyQuery::new(hand.clone(), vec![o.clone()]);
        q.visible = other.river.iter().chain(&other.after).copied().collect();
        safety(&q).unwrap()
    };
    let (sa, sb) = (alone(&a, &b), alone(&b, &a));
    let mut combined = 0;
    for row in &both.tiles {
        let p = |s: &tenpai::safety::Safety| {
            s.tiles
                .iter()
                .find(|r| r.tile == row.tile)
                .map(|r| r.deal_in)
                .unwrap()
        };
        let (pa, pb) = (p(&sa), p(&sb));
        assert!((row.per_opponent[0].deal_in - pa).abs() < 1e-15, "{row:?}");
        assert!((row.per_opponent[1].deal_in - pb).abs() < 1e-15, "{row:?}");
        let expected = 1.0 - (1.0 - pa) * (1.0 - pb);
        assert!((row.deal_in - expected).abs() < 1e-15, "{row:?} {pa} {pb}");
        combined += usize::from(pa > 0.0 && pb > 0.0);
    }
    assert!(combined >= 5, "{combined} tiles dangerous against both");
}

/// A genbutsu costs nothing: its chance is 0 and so is its expected loss.
#[test]
fn genbutsu_loses_nothing() {
    let o = Opponent {
        river: tiles("19m5z3p"),
        ..Opponent::default()
    };
    let q = SafetyQuery::new("123m456p789s1122z5z".parse().unwrap(), vec![o]);
    let a = safety(&q).unwrap();
    let row = a.tiles.iter().find(|t| t.tile.to_string() == "5z").unwrap();
    assert_eq!((row.deal_in, row.expected_loss), (0.0, Some(0.0)));
    assert!(a.tiles.iter().any(|t| t.expected_loss.unwrap() > 0.0));
}

/// A hand tenpai in both forms is furiten when either form's waits are: 223344m
/// 5566778p waits on 5p and 8p as four melds and a pair (2-3-4m twice, 5-6-7p twice
/// and an 8p tanki, or 55p with 678p and 67p) and on 8p as seven pairs. With 5p in the
/// river it is no riichi hand of the model (furiten), though its seven-pairs wait is
/// clean; with 2p there, it still is.
#[test]
fn a_furiten_regular_wait_excludes_a_clean_seven_pairs_hand() {
    let mut pool = [0u8; 34];
    for k in [1, 2, 3, 13, 14, 15] {
        pool[k] = 2;
    }
    pool[16] = 1;
    let m = Model::new(pool, 13, &[]).unwrap();
    let w = m.weights(0, &[13, 16, 10]);
    assert_eq!((w.total, w.waiting.clone()), (1, vec![1, 1, 0]));
    assert_eq!(m.weights(1 << 13, &[16]).total, 0);
    assert_eq!(m.weights(1 << 16, &[13]).total, 0);
    assert_eq!(m.weights(1 << 10, &[16]).total, 1);
}

/// A group holding the pair and no wait of its own still heads a tenpai hand:
/// 7788889s 9s 123p 23m is 789s 789s 88s, 123p and the 23m waiting on 1m and 4m
/// (the 8s group adds no tile: all four 8s are held). Seven pairs needs thirteen
/// concealed tiles: with two kans, 11m 33p 55s 7z is no hand at all.
#[test]
fn a_pair_group_without_waits_heads_a_tenpai_hand() {
    let mut pool = [0u8; 34];
    for (k, c) in [
        (1, 1),
        (2, 1),
        (9, 1),
        (10, 1),
        (11, 1),
        (24, 2),
        (25, 4),
        (26, 2),
    ] {
        pool[k] = c;
    }
    let m = Model::new(pool, 13, &[]).unwrap();
    let w = m.weights(0, &[0, 3, 25]);
    assert_eq!((w.total, w.waiting.clone()), (1, vec![1, 1, 0]));
    let mut pool = [0u8; 34];
    for (k, c) in [(0, 2), (11, 2), (22, 2), (33, 1)] {
        pool[k] = c;
    }
    let m = Model::new(pool, 7, &[27, 28]).unwrap();
    assert_eq!(m.weights(0, &[33]).total, 0);
}

/// A kind past the last one (33, 7z) asked of the model reads as the last: no panic.
#[test]
fn model_kinds_past_the_last_read_as_the_last() {
    let mut pool = [0u8; 34];
    for k in [27, 28, 31, 32, 33] {
        pool[k] = 3;
    }
    let m = Model::new(pool, 4, &[0, 1, 2]).unwrap();
    let last = m.weights(0, &[33]);
    assert!(last.waiting[0] > 0, "{last:?}");
    assert_eq!(
        m.weights(0, &[34, 40, usize::MAX]).waiting,
        vec![last.waiting[0]; 3]
    );
    // Mask bits past the kinds are ignored.
    assert_eq!(m.weights(!0 << 34, &[33]).waiting, last.waiting);
}

/// An open hand with four calls holds one tile: with four pons it has toitoi, so
/// every tanki counts, and a tile's chance is its unseen copies over those of every
/// kind its river does not make furiten, less the last copy of each ponned kind (held
/// alone it waits on a fifth copy: no wait). A fifth call is refused.
#[test]
fn four_open_calls_leave_a_toitoi_tanki() {
    let pon = |s: &str| Call::new(CallKind::Pon, &tiles(s)).unwrap();
    let o = Opponent {
        river: tiles("8p1s"),
        tenpai: true,
        calls: vec![pon("111m"), pon("999p"), pon("444s"), pon("777s")],
        ..Opponent::default()
    };
    let mut q = SafetyQuery::new("2m8p".parse().unwrap(), vec![o]);
    // Unseen: 136 less my 2, the river's 2 and the calls' 12; 8p (2 left) and 1s (3
    // left) are furiten; 1m, 9p, 4s and 7s (1 left each) cannot be waited on alone.
    let live = f64::from(136 - 2 - 2 - 12 - 2 - 3 - 4);
    assert!(
        (chance(&q, "2m") - 3.0 / live).abs() < 1e-15,
        "{} against {}",
        chance(&q, "2m"),
        3.0 / live
    );
    assert_eq!(chance(&q, "8p"), 0.0);
    // A closed kan beside the four calls is a fifth call too.
    q.opponents[0].kans = tiles("2z");
    let e = safety(&q).unwrap_err().to_string();
    assert!(e.contains("at most 4 calls"), "{e}");
    q.opponents[0].kans.clear();
    q.opponents[0].calls.push(pon("222z"));
    let e = safety(&q).unwrap_err().to_string();
    assert!(e.contains("at most 4 calls"), "{e}");
}

/// The request's calls read as the typed query's: a riichi player's closed kans, and an
/// open opponent's open melds with a closed kan beside them (`(555z) [2222z]`); the
/// answers are the same.
#[test]
fn requests_read_calls_as_the_typed_query() {
    let answer = |json: &str| {
        let r: SafetyRequest = serde_json::from_str(json).unwrap();
        safety_request(&r).unwrap()
    };
    let hand: tenpai::Hand = "2356m4688p3477s6z".parse().unwrap();
    let open = Opponent {
        river: tiles("19m5z3p"),
        tenpai: true,
        calls: vec![Call::new(CallKind::Pon, &tiles("555z")).unwrap()],
        kans: tiles("2z"),
        ..Opponent::default()
    };
    let typed = safety(&SafetyQuery::new(hand.clone(), vec![open])).unwrap();
    let read = answer(
        r#"{"hand": "2356m4688p3477s6z", "river": "19m5z3p", "tenpai": true, "calls": "(555z) [2222z]"}"#,
    );
    assert_eq!(read, typed);
    let riichi = Opponent {
        river: tiles("19m5z3p"),
        kans: tiles("1z9s"),
        ..Opponent::default()
    };
    let typed = safety(&SafetyQuery::new(hand, vec![riichi])).unwrap();
    let read =
        answer(r#"{"hand": "2356m4688p3477s6z", "river": "19m5z3p", "calls": "[1111z][9999s]"}"#);
    assert_eq!(read, typed);
}

/// Real games: every tile discarded while a riichi stood in the shared Tenhou corpus.
/// No genbutsu ever dealt in; the model's chances sum to the actual deal-ins within
/// 15%; the model's AUC is at least the label table's (mahjong-helper's rates).
#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn real_games_calibration() {
    use tenpai::logs::defence::{calibrate, corpus};
    let c = corpus(&[crate::common::corpus::shared_raw()]);
    assert!(
        c.games > 200 && c.discards.len() > 10_000,
        "{} games",
        c.games
    );
    let cal = calibrate(&c.discards);
    let all = &cal.rows[0];
    assert!(all.deal_ins > 200, "{} deal-ins", all.deal_ins);
    let genbutsu = cal.rows.iter().find(|r| r.name == "genbutsu").unwrap();
    assert!(genbutsu.discards > 1000 && genbutsu.deal_ins == 0 && genbutsu.predicted == 0.0);
    let ratio = all.predicted / all.deal_ins as f64;
    assert!(
        (0.85..1.15).contains(&ratio),
        "predicted {} for {}",
        all.predicted,
        all.deal_ins
    );
    assert!(
        cal.auc >= cal.table_auc,
        "AUC {} against the table's {}",
        cal.auc,
        cal.table_auc
    );
}

/// `review` against a riichi: on the corpus's games, every discard made while another
/// player's riichi stood has the chosen tile's chance and the safest tile's (no
/// higher), the others none; every deal-in into a riichi is among them, with the
/// chance the model gave it.
#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn review_shows_the_chance_against_a_riichi() {
    let files = crate::common::corpus::files_under(&crate::common::corpus::shared_raw());
    let (mut with, mut dealt, mut games) = (0, 0, 0);
    for f in files
        .iter()
        .filter(|f| f.to_string_lossy().ends_with(".mjlog"))
        .take(25)
    {
        let Ok(game) = tenpai::logs::read_file(f) else {
            continue;
        };
        games += 1;
        for seat in 0..game.rules.players {
            for t in tenpai::logs::review::review(&game, seat).unwrap() {
                match (t.deal_in, t.safest_deal_in) {
                    (Some(p), Some(best)) => {
                        with += 1;
                        assert!(best <= p + 1e-15 && (0.0..=1.0).contains(&p), "{t:?}");
                        assert!(t.safest.is_some());
                        if t.dealt_in {
                            dealt += 1;
                            assert!(p > 0.0, "a deal-in the model called impossible: {t:?}");
                        }
                    }
                    (None, None) => assert!(!t.dealt_in, "{t:?}"),
                    _ => panic!("{t:?}"),
                }
            }
        }
    }
    assert!(
        games >= 20 && with > 100 && dealt > 0,
        "{games} games, {with}, {dealt}"
    );
}
