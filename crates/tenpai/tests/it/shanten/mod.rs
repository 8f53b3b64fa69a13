//! Shanten, waits, ukeire and discard ranking against an independent brute force,
//! the shanten corpus, the seed's worked examples and the edge cases of the issue.
#![allow(clippy::print_stderr, clippy::needless_range_loop)]

use std::path::PathBuf;
use tenpai::shanten::{mask_tiles, shanten, HandCounts};
use tenpai::ukeire::{discards, rank_discards_into, ukeire, ukeire_mask, waits, Visible};
use tenpai::{Call, CallKind, Hand, Tile};

use crate::common;
use common::rng::Rng;

// ---------------------------------------------------------------------------------
// Brute-force reference: search over every target complete hand.
// ---------------------------------------------------------------------------------

/// Every meld as its three kinds: 34 triplets then 21 sequences.
fn all_melds() -> Vec<[usize; 3]> {
    let mut v: Vec<[usize; 3]> = (0..34).map(|k| [k, k, k]).collect();
    for s in 0..3 {
        for n in 0..7 {
            let k = 9 * s + n;
            v.push([k, k + 1, k + 2]);
        }
    }
    v
}

struct Reference {
    melds: Vec<[usize; 3]>,
}

impl Reference {
    fn new() -> Reference {
        Reference { melds: all_melds() }
    }

    /// The least number of tiles to add to `conc` to hold a target of `melds` melds
    /// and a pair with each kind at most `cap` times, if it is below `bound`.
    /// Exhaustive: every pair kind, every multiset of melds (in canonical order);
    /// a branch stops only once its partial cost already reaches the best found.
    fn regular_below(
        &self,
        conc: &[u8; 34],
        cap: &[u8; 34],
        melds: usize,
        bound: u8,
    ) -> Option<u8> {
        let mut best = bound;
        let mut w = [0u8; 34];
        for pair in 0..34 {
            if cap[pair] < 2 {
                continue;
            }
            let c = 2u8.saturating_sub(conc[pair]);
            if c >= best {
                continue;
            }
            w[pair] = 2;
            self.dfs(0, melds, c, conc, cap, &mut w, &mut best);
            w[pair] = 0;
        }
        (best < bound).then_some(best)
    }

    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &self,
        start: usize,
        left: usize,
        cost: u8,
        conc: &[u8; 34],
        cap: &[u8; 34],
        w: &mut [u8; 34],
        best: &mut u8,
    ) {
        if left == 0 {
            *best = (*best).min(cost);
            return;
        }
        for mi in start..self.melds.len() {
            let m = self.melds[mi];
            let mut c = 0u8;
            let mut ok = true;
            let mut added = 0;
            for &k in &m {
                if w[k] >= cap[k] {
                    ok = false;
                    break;
                }
                c += (w[k] >= conc[k]) as u8;
                w[k] += 1;
                added += 1;
            }
            if ok && cost + c < *best {
                self.dfs(mi, left - 1, cost + c, conc, cap, w, best);
            }
            for &k in &m[..added] {
                w[k] -= 1;
            }
        }
    }
}

/// Seven different pairs: the best seven kinds, each costing what it lacks of two.
fn ref_chiitoitsu(conc: &[u8; 34]) -> u8 {
    let mut lack: Vec<u8> = conc.iter().map(|&n| 2u8.saturating_sub(n)).collect();
    lack.sort();
    lack[..7].iter().sum()
}

/// Thirteen orphans: one of each, plus a second of some orphan (try all 13).
fn ref_kokushi(conc: &[u8; 34]) -> u8 {
    const Y: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    (0..13)
        .map(|p| {
            Y.iter()
                .map(|&k| (if k == Y[p] { 2u8 } else { 1 }).saturating_sub(conc[k]))
                .sum::<u8>()
        })
        .min()
        .unwrap()
}

/// A hand as counts for the reference.
#[derive(Clone)]
struct RefHand {
    conc: [u8; 34],
    called: [u8; 34],
    calls: usize,
    tiles: usize,
}

impl RefHand {
    fn of(hand: &Hand) -> RefHand {
        RefHand {
            conc: hand.concealed_counts().0,
            called: hand.call_counts().0,
            calls: hand.calls().len(),
            tiles: hand.concealed().len(),
        }
    }
    fn cap(&self) -> [u8; 34] {
        let mut c = [4u8; 34];
        for i in 0..34 {
            c[i] = 4 - self.called[i];
        }
        c
    }
    fn special(&self) -> bool {
        self.calls == 0 && self.tiles >= 13
    }
    /// (regular, chiitoitsu, kokushi) distances, the regular one only if below `bound`.
    fn distances(&self, r: &Reference, bound: u8) -> (Option<u8>, Option<u8>, Option<u8>) {
        let reg = r.regular_below(&self.conc, &self.cap(), self.tiles / 3, bound);
        if self.special() {
            (
                reg,
                Some(ref_chiitoitsu(&self.conc)),
                Some(ref_kokushi(&self.conc)),
            )
        } else {
            (reg, None, None)
        }
    }
    /// Overall distance if below `bound`.
    fn overall_below(&self, r: &Reference, bound: u8) -> Option<u8> {
        let (a, b, c) = self.distances(r, bound);
        [a, b, c].into_iter().flatten().filter(|&v| v < bound).min()
    }
    fn with(&self, k: usize) -> Option<RefHand> {
        if self.conc[k] + self.called[k] >= 4 {
            return None;
        }
        let mut h = self.clone();
        h.conc[k] += 1;
        h.tiles += 1;
        Some(h)
    }
}

/// Checks everything about one hand against the reference. `deep` also checks each
/// discard of a 3k+2 hand.
fn check(hand: &Hand, r: &Reference, deep: bool) {
    let fast = shanten(hand);
    let rh = RefHand::of(hand);
    let reg_cost = (fast.regular + 1) as u8;
    let (reg, chi, kok) = rh.distances(r, reg_cost + 1);
    assert_eq!(reg, Some(reg_cost), "regular shanten of {hand}");
    assert_eq!(
        fast.chiitoitsu.map(|v| (v + 1) as u8),
        chi,
        "chiitoitsu of {hand}"
    );
    assert_eq!(
        fast.kokushi.map(|v| (v + 1) as u8),
        kok,
        "kokushi of {hand}"
    );
    let overall = (fast.value() + 1) as u8;
    // Complete and tenpai as the reference's least distance says (0 and 1).
    let least = [reg, chi, kok].into_iter().flatten().min();
    assert_eq!(fast.is_complete(), least == Some(0), "complete: {hand}");
    assert_eq!(fast.is_tenpai(), least == Some(1), "tenpai: {hand}");
    if hand.concealed().len() % 3 == 1 {
        // Ukeire: the kinds whose draw lowers the overall distance.
        let mut expect = Vec::new();
        for k in 0..34 {
            if let Some(h2) = rh.with(k) {
                if h2.overall_below(r, overall).is_some() {
                    expect.push(Tile::new(k as u8));
                }
            }
        }
        let u = ukeire(hand, &[]).unwrap();
        assert_eq!(u.tiles, expect, "ukeire of {hand}");
        let count: u32 = expect
            .iter()
            .map(|t| 4 - rh.conc[t.index()] as u32 - rh.called[t.index()] as u32)
            .sum();
        assert_eq!(u.count, count, "ukeire count of {hand}");
        // Waits: the kinds that complete the hand (and the decomposer agrees).
        let w = waits(hand).unwrap();
        if fast.value() == 0 {
            assert_eq!(w, expect, "waits of {hand}");
            for t in &w {
                let done = hand.with_tile(*t).unwrap();
                if done.size() == 14 {
                    assert!(tenpai::decompose::is_complete(&done), "{hand} + {t}");
                }
            }
        } else {
            assert!(w.is_empty(), "waits of a hand that is not tenpai: {hand}");
        }
    } else if deep {
        let ranked = discards(hand, &[]).unwrap();
        let kinds: Vec<Tile> = hand.concealed_counts().kinds().collect();
        assert_eq!(ranked.len(), kinds.len());
        let mut best = i8::MAX;
        for d in &ranked {
            let after = hand.without_tile(d.discard).unwrap();
            let s = shanten(&after).value();
            assert_eq!(d.shanten, s, "{hand} discard {}", d.discard);
            best = best.min(s);
            let u = ukeire(&after, &[]).unwrap();
            assert_eq!((&d.ukeire_tiles, d.ukeire_count), (&u.tiles, u.count));
            if s == 0 {
                assert_eq!(d.waits, u.tiles);
            } else {
                assert!(d.waits.is_empty());
            }
        }
        for pair in ranked.windows(2) {
            let key = |d: &tenpai::ukeire::Discard| {
                (
                    d.shanten,
                    std::cmp::Reverse(d.ukeire_count),
                    d.discard.index(),
                )
            };
            assert!(key(&pair[0]) < key(&pair[1]), "order of {hand}");
        }
        // A 3k+2 hand is as far as its best discard, unless it is complete.
        if fast.value() >= 0 {
            assert_eq!(fast.value(), best, "{hand}");
        }
    }
}

// ---------------------------------------------------------------------------------
// Hand generators stressing the four-copy limit.
// ---------------------------------------------------------------------------------

const SIZES: [usize; 10] = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14];

/// One random hand: a mode picks the kinds the tiles come from, then calls (some on
/// the same kinds as the concealed tiles) and concealed tiles are drawn from them.
fn random_hand(rng: &mut Rng) -> Option<Hand> {
    let mode = rng.below(6);
    let pool: Vec<usize> = match mode {
        // Uniform over all kinds.
        0 => (0..34).collect(),
        // Few kinds with many copies.
        1 => (0..2 + rng.below(4)).map(|_| rng.below(34)).collect(),
        // One suit plus honors.
        2 => {
            let s = rng.below(3);
            (9 * s..9 * s + 9).chain(27..34).collect()
        }
        // A narrow window of one suit.
        3 => {
            let lo = rng.below(27);
            let w = 2 + rng.below(4);
            (lo..(lo + w).min(9 * (lo / 9) + 9)).collect()
        }
        // Honors only.
        4 => (27..34).collect(),
        // Two suits.
        _ => {
            let s = rng.below(3);
            let t = (s + 1 + rng.below(2)) % 3;
            (9 * s..9 * s + 9).chain(9 * t..9 * t + 9).collect()
        }
    };
    let mut held = [0u8; 34];
    // Calls: none half the time.
    let ncalls = if rng.below(2) == 0 {
        0
    } else {
        1 + rng.below(4)
    };
    let mut calls = Vec::new();
    for _ in 0..ncalls {
        let k = pool[rng.below(pool.len())];
        let kind = match rng.below(4) {
            0 if k < 27 && k % 9 <= 6 => CallKind::Chi,
            1 => CallKind::OpenKan,
            2 => CallKind::ClosedKan,
            _ => CallKind::Pon,
        };
        let kinds: Vec<usize> = match kind {
            CallKind::Chi => vec![k, k + 1, k + 2],
            CallKind::Pon => vec![k; 3],
            _ => vec![k; 4],
        };
        let mut ok = true;
        for &x in &kinds {
            held[x] += 1;
            ok &= held[x] <= 4;
        }
        if !ok {
            for &x in &kinds {
                held[x] -= 1;
            }
            continue;
        }
        let tiles: Vec<Tile> = kinds.iter().map(|&x| Tile::new(x as u8)).collect();
        calls.push(Call::new(kind, &tiles).ok()?);
    }
    let max = 14 - 3 * calls.len();
    let sizes: Vec<usize> = SIZES.iter().copied().filter(|&s| s <= max).collect();
    let n = sizes[rng.below(sizes.len())];
    let mut concealed = Vec::with_capacity(n);
    let mut tries = 0;
    while concealed.len() < n {
        tries += 1;
        if tries > 200 {
            return None;
        }
        let k = if mode == 0 || rng.below(8) > 0 {
            pool[rng.below(pool.len())]
        } else {
            rng.below(34)
        };
        if held[k] < 4 {
            held[k] += 1;
            concealed.push(Tile::new(k as u8));
        }
    }
    Hand::new(concealed, calls).ok()
}

/// Checks `TENPAI_PROPTEST_HANDS` (default 200,000) random hands in four parts
/// (so the test harness can run them side by side), each from its own seed.
fn random_part(part: u64) {
    let r = Reference::new();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (part.wrapping_mul(0x2545_f491_4f6c_dd1d)));
    let total = std::env::var("TENPAI_PROPTEST_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000usize);
    let target = total / 4;
    let mut done = 0;
    let mut by_size = [0usize; 15];
    let mut with_calls = 0;
    // Hands complete and tenpai met (so `check` tests both answers of each flag).
    let mut complete_tenpai = [0usize; 2];
    while done < target {
        let Some(hand) = random_hand(&mut rng) else {
            continue;
        };
        check(&hand, &r, done % 8 == 0);
        if let v @ -1..=0 = shanten(&hand).value() {
            complete_tenpai[(v + 1) as usize] += 1;
        }
        by_size[hand.concealed().len()] += 1;
        with_calls += !hand.calls().is_empty() as usize;
        done += 1;
    }
    for s in SIZES {
        assert!(by_size[s] > target / 100, "size {s}: {by_size:?}");
    }
    assert!(with_calls > target / 4);
    assert!(
        complete_tenpai.iter().all(|&n| n > target / 100),
        "{complete_tenpai:?}"
    );
}

#[test]
fn random_hands_agree_with_brute_force_1() {
    random_part(1);
}

#[test]
fn random_hands_agree_with_brute_force_2() {
    random_part(2);
}

#[test]
fn random_hands_agree_with_brute_force_3() {
    random_part(3);
}

#[test]
fn random_hands_agree_with_brute_force_4() {
    random_part(4);
}

/// The same through `proptest`, on uniformly chosen tiles and sizes.
mod prop {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn uniform_hands(tiles in proptest::collection::vec(0u8..34, 14), size in 0usize..10) {
            let n = SIZES[size];
            let mut counts = [0u8; 34];
            let mut concealed = Vec::new();
            for &t in &tiles {
                if concealed.len() < n && counts[t as usize] < 4 {
                    counts[t as usize] += 1;
                    concealed.push(Tile::new(t));
                }
            }
            prop_assume!(concealed.len() == n);
            let hand = Hand::new(concealed, vec![]).unwrap();
            check(&hand, &Reference::new(), true);
        }

        /// `HandCounts::with` never makes a fifth copy (counting calls), never passes 14
        /// tiles, refuses kinds past 33, and every hand it makes passes the checked
        /// constructor; `without` undoes it. The walk adds a tile and drops one, over
        /// hands of 10 concealed tiles and a pon.
        #[test]
        fn with_never_makes_a_fifth_copy(
            fill in proptest::collection::vec(0u8..34, 40),
            kinds in proptest::collection::vec(0usize..40, 1..60),
            drops in proptest::collection::vec(0usize..14, 60),
            pon in 0u8..34,
        ) {
            let pon_tile = Tile::new(pon);
            let mut counts = [0u8; 34];
            counts[pon as usize] = 3;
            let mut concealed = Vec::new();
            for &t in &fill {
                if concealed.len() < 10 && counts[t as usize] < 4 {
                    counts[t as usize] += 1;
                    concealed.push(Tile::new(t));
                }
            }
            prop_assume!(concealed.len() == 10);
            let hand = Hand::new(
                concealed,
                vec![Call::new(CallKind::Pon, &[pon_tile; 3]).unwrap()],
            )
            .unwrap();
            let mut h = HandCounts::from_hand(&hand);
            for (i, &k) in kinds.iter().enumerate() {
                let held_before = h.held(k);
                match h.with(k) {
                    Some(next) => {
                        prop_assert!(k < 34 && held_before < 4);
                        prop_assert_eq!(next.held(k), held_before + 1);
                        prop_assert!((0..34).all(|j| next.held(j) <= 4));
                        prop_assert_eq!(next.without(k), Some(h));
                        let back = HandCounts::new(*next.concealed(), *next.called(), 1);
                        prop_assert_eq!(back, Ok(next));
                        // Fourteen tiles counting the pon: no more can be added.
                        prop_assert!((0..40).all(|j| next.with(j).is_none()));
                        let present: Vec<usize> =
                            (0..34).filter(|&j| next.concealed()[j] > 0).collect();
                        let drop = present[drops[i] % present.len()];
                        h = next.without(drop).unwrap();
                    }
                    None => prop_assert!(k >= 34 || held_before >= 4),
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// Independent sources: the corpus and the seed's examples.
// ---------------------------------------------------------------------------------

fn shared() -> PathBuf {
    let p = std::env::var_os("TENPAI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    assert!(
        p.is_dir(),
        "{} is absent: this test needs ../shared (it must be present under CI=true; \
         elsewhere the test is ignored when it is absent)",
        p.display()
    );
    p
}

#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn corpus_agrees_on_all_three_forms() {
    let dir = shared();
    let mut total = 0;
    for name in [
        "p_hon_10000.txt",
        "p_koku_10000.txt",
        "p_normal_10000.txt",
        "p_tin_10000.txt",
    ] {
        let path = dir.join("corpus/shanten").join(name);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: Vec<i32> = line
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            assert_eq!(v.len(), 17, "{line}");
            let mut c = [0u8; 34];
            for &t in &v[..14] {
                c[t as usize] += 1;
            }
            let s = HandCounts::closed(c).unwrap().shanten();
            let got = [
                s.regular as i32,
                s.kokushi.unwrap() as i32,
                s.chiitoitsu.unwrap() as i32,
            ];
            assert_eq!(got, [v[14], v[15], v[16]], "{name}: {line}");
            total += 1;
        }
    }
    assert_eq!(total, 40_000);
}

#[test]
fn seed_001_examples() {
    // From seed 001 (figures are the regular form): hand, shanten.
    let cases = [
        ("125689s125689m12p", 4),
        ("114477s114477m11p", 3),
        ("11114477s114477m", 2),
        ("11112222s114477m", 1),
        ("11112222s111144m", 0),
        ("11112222s111145m", 1),
        ("11114444s111145m", 2),
        ("11114589s125689m", 3),
        ("11114444s125689m", 2),
        ("11112222s125689m", 2),
        ("11114444s147m147p", 4),
        ("11112222333344z", 2),
        ("11112222333345z", 2),
        ("1111m1111222233z", 1),
        ("1111m1111222234z", 2),
        ("111222333444s12z", 0),
        ("111222333444s12p", 0),
        ("111222333444s11p", -1),
        ("258m258p258s12345z", 8),
        ("11122s", -1),
        ("11112s", 0),
        ("11114s", 0),
        ("12569s", 1),
        ("11s123z", 1),
        ("12345z", 2),
        ("11s", -1),
        ("12s", 0),
        ("14s", 0),
    ];
    let r = Reference::new();
    for (text, expect) in cases {
        let hand: Hand = text.parse().unwrap();
        assert_eq!(shanten(&hand).regular, expect, "{text}");
        check(&hand, &r, true);
    }
}

mod caches;
mod edges;
mod special;
