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
    assert!(complete_tenpai.iter().all(|&n| n > target / 100), "{complete_tenpai:?}");
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
    // Wrong totals: 0, 3k, more than 14.
    assert!(closed_shanten(&[0; 34]).is_err());
    let mut c = base;
    c[33] = 2;
    assert!(closed_shanten(&c).is_err()); // 15
    // Every total past 14, of the sizes a hand has (3k+1, 3k+2) too: 15 to 22 tiles,
    // four copies at most of each kind.
    for total in 15..=22 {
        let mut c = [0u8; 34];
        for k in 0..total {
            c[k * 3 % 34] += 1;
        }
        assert!(c.iter().all(|&n| n <= 4));
        assert!(closed_shanten(&c).is_err(), "{total} tiles");
    }
    let mut c = [0u8; 34];
    c[5] = 3;
    assert!(closed_shanten(&c).is_err()); // 3
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
    }
}
