//! The fast enumeration in [`evaluate`] (pair pruning, allocation-free meld split,
//! deduplicated winning-tile readings) against an obvious reference built on
//! [`crate::decompose::decompose`] that scores every group containing the winning
//! tile, on random complete hands; the answer's text pieces against the library's
//! own writers; the points table.
use super::evaluate::{pair_residue, seq_wait};
use super::text::{meld_group, pair_group, LIMITS, WAITS};
use super::*;
use crate::decompose::decompose;
use crate::decompose::{Decomposition, Meld, MeldShape};
use crate::fu::{self, FuPart};
use crate::hand::Call;
use crate::hand::{CallKind, Hand};
use crate::rules::Rules;
use crate::tile::{Tile, Wind};
use crate::yaku::{self, HandFacts, Judgement, Regular, Wait, Yaku};
use proptest::prelude::*;

/// Dora, ura dora and red fives of a hand, counted the obvious way.
fn reference_dora(hand: &Hand, s: &Situation, rules: &Rules) -> [u32; 3] {
    let counts = hand.all_counts();
    let riichi = s.riichi || s.double_riichi;
    let cd = |inds: &[Tile]| -> u32 {
        inds.iter()
            .map(|i| counts.get(i.dora_from_indicator()) as u32)
            .sum()
    };
    [
        cd(&s.dora),
        if riichi { cd(&s.ura) } else { 0 },
        if rules.red_fives {
            // Written red fives, and for each suit the plain-written fives beyond the
            // plain copies of the set: those are red (one red a suit: 3 plain fives;
            // two red 5p under 4 red fives: 2 plain 5p).
            let tiles: Vec<Tile> = hand.all_tiles().collect();
            let hidden: usize = (0..3)
                .map(|q| {
                    let plain_in_set = if rules.four_red_fives && q == 1 { 2 } else { 3 };
                    let plain_written = tiles
                        .iter()
                        .filter(|t| t.index() == 9 * q + 4 && !t.is_red())
                        .count();
                    plain_written.saturating_sub(plain_in_set)
                })
                .sum();
            (hand.red_fives() + hidden) as u32
        } else {
            0
        },
    ]
}

fn reference(
    hand: &Hand,
    win: Tile,
    s: &Situation,
    rules: &Rules,
) -> Option<(u32, bool, u32, u32)> {
    let counts = hand.all_counts();
    let dora = reference_dora(hand, s, rules);
    let facts = HandFacts::new(
        &counts,
        yaku::present(&counts),
        hand.is_closed(),
        hand.calls().is_empty(),
        win.kind(),
        s,
        rules,
    );
    let mut best: Option<(u32, bool, u32, u32)> = None;
    let mut take = |j: Judgement, fu: u32| {
        let key = if j.is_yakuman() {
            let p = Payment::new(8000 * j.yakuman_multiple(rules), s.is_dealer(), s.tsumo);
            (p.total, true, 0, fu)
        } else if j.is_empty() {
            return;
        } else {
            let han = j.han() + dora.iter().sum::<u32>();
            let (basic, _) = basic_points(han, fu, rules);
            (
                Payment::new(basic, s.is_dealer(), s.tsumo).total,
                false,
                han,
                fu,
            )
        };
        if best.is_none_or(|b| key > b) {
            best = Some(key);
        }
    };
    let w = win.kind();
    for d in decompose(hand) {
        match d {
            Decomposition::Regular { pair, melds } => {
                for (win_meld, wait) in win_choices(pair, &melds, w) {
                    let r = Regular {
                        pair,
                        melds: &melds,
                        win_meld,
                        wait,
                    };
                    let j = yaku::judge_regular_reference(&r, &facts, s, rules);
                    let f = fu::regular(&r, facts.closed, j.has(Yaku::Pinfu), s, rules);
                    take(j, f.total);
                }
            }
            Decomposition::Chiitoitsu { .. } => take(yaku::judge_chiitoitsu(&facts), 25),
            Decomposition::Kokushi { pair } => take(yaku::judge_kokushi(pair, &facts), 0),
        }
    }
    best
}

/// The reference under aotenjou: every reading scored as `reference` does, its han
/// counting each yakuman as 13 (26 double) beside the reading's other yaku and dora,
/// thirteen orphans at 30 fu by tsumo and 40 by ron, the points by the formula with no
/// limit, written out: `fu x 2^(2+han)` times 4 or 6 (ron), or each payer's share (1 or
/// 2) of a tsumo, each rounded up to 100. The key: (total, yakuman, han, fu).
fn reference_aotenjou(
    hand: &Hand,
    win: Tile,
    s: &Situation,
    rules: &Rules,
) -> Option<(u128, bool, u32, u32)> {
    let counts = hand.all_counts();
    let dora: u32 = reference_dora(hand, s, rules).iter().sum();
    let facts = HandFacts::new(
        &counts,
        yaku::present(&counts),
        hand.is_closed(),
        hand.calls().is_empty(),
        win.kind(),
        s,
        rules,
    );
    let round_up = |x: u128| x.div_ceil(100) * 100;
    let mut best: Option<(u128, bool, u32, u32)> = None;
    let mut take = |j: Judgement, fu: u32| {
        if j.is_empty() {
            return;
        }
        let yakuman_han: u32 = j.yakuman(rules).map(|(_, m)| 13 * m).sum();
        let han = j.han() + yakuman_han + dora;
        let basic = u128::from(fu) * 2u128.pow(2 + han);
        let total = match (s.tsumo, s.is_dealer()) {
            (false, false) => round_up(4 * basic),
            (false, true) => round_up(6 * basic),
            (true, true) => 3 * round_up(2 * basic),
            (true, false) => round_up(2 * basic) + 2 * round_up(basic),
        };
        let key = (total, j.is_yakuman(), han, fu);
        if best.is_none_or(|b| key > b) {
            best = Some(key);
        }
    };
    let w = win.kind();
    for d in decompose(hand) {
        match d {
            Decomposition::Regular { pair, melds } => {
                for (win_meld, wait) in win_choices(pair, &melds, w) {
                    let r = Regular {
                        pair,
                        melds: &melds,
                        win_meld,
                        wait,
                    };
                    let j = yaku::judge_regular_reference(&r, &facts, s, rules);
                    let f = fu::regular(&r, facts.closed, j.has(Yaku::Pinfu), s, rules);
                    take(j, f.total);
                }
            }
            Decomposition::Chiitoitsu { .. } => take(yaku::judge_chiitoitsu(&facts), 25),
            Decomposition::Kokushi { pair } => take(
                yaku::judge_kokushi(pair, &facts),
                if s.tsumo { 30 } else { 40 },
            ),
        }
    }
    best
}

/// Every group the winning tile `w` can have completed in a regular reading (the pair,
/// or a concealed meld holding it), with the wait.
fn win_choices(pair: Tile, melds: &[Meld], w: Tile) -> Vec<(Option<usize>, Wait)> {
    let mut choices: Vec<(Option<usize>, Wait)> = Vec::new();
    if pair == w {
        choices.push((None, Wait::Tanki));
    }
    for (i, m) in melds.iter().enumerate() {
        if m.call.is_none() && m.kinds().contains(&w) {
            let wait = if m.shape == MeldShape::Sequence {
                seq_wait(m, w)
            } else {
                Wait::Shanpon
            };
            choices.push((Some(i), wait));
        }
    }
    choices
}

/// A random complete hand from a seed: a pair and four melds (some called), or
/// seven pairs; a random winning tile among the concealed tiles.
fn random_hand(seed: u64) -> Option<(Hand, Tile, Situation)> {
    let mut x = seed | 1;
    let mut next = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut counts = [0u8; 34];
    let mut concealed = Vec::new();
    let mut calls = Vec::new();
    if next(10) == 0 {
        let mut kinds = Vec::new();
        while kinds.len() < 7 {
            let k = next(34) as u8;
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
        for k in kinds {
            concealed.extend([Tile::new(k); 2]);
        }
    } else {
        let p = next(34) as usize;
        counts[p] += 2;
        concealed.extend([Tile::new(p as u8); 2]);
        let mut melds = 0;
        let mut tries = 0;
        while melds < 4 && tries < 100 {
            tries += 1;
            let (kinds, kind) = match next(10) {
                0..=5 => {
                    let k = (next(3) * 9 + next(7)) as usize;
                    (vec![k, k + 1, k + 2], CallKind::Chi)
                }
                6..=8 => {
                    let k = next(34) as usize;
                    (vec![k; 3], CallKind::Pon)
                }
                _ => {
                    let k = next(34) as usize;
                    (vec![k; 4], CallKind::OpenKan)
                }
            };
            let mut c = counts;
            for &k in &kinds {
                c[k] += 1;
            }
            if c.iter().any(|&n| n > 4) {
                continue;
            }
            counts = c;
            melds += 1;
            let tiles: Vec<Tile> = kinds.iter().map(|&k| Tile::new(k as u8)).collect();
            if kind == CallKind::OpenKan {
                let closed = next(2) == 0;
                let k = if closed { CallKind::ClosedKan } else { kind };
                calls.push(Call::new(k, &tiles).ok()?);
            } else if next(4) == 0 {
                calls.push(Call::new(kind, &tiles).ok()?);
            } else {
                concealed.extend(tiles);
            }
        }
        if melds < 4 {
            return None;
        }
    }
    let win = concealed[next(concealed.len() as u64) as usize];
    let hand = Hand::new(concealed, calls).ok()?;
    let riichi = hand.is_closed() && next(2) == 0;
    // Indicators are tiles too: never a fifth copy with the hand and each other.
    let mut seen = [0u8; 34];
    for t in hand.all_tiles() {
        seen[t.index()] += 1;
    }
    let mut indicator = || loop {
        let k = next(34) as usize;
        if seen[k] < 4 {
            seen[k] += 1;
            return Tile::new(k as u8);
        }
    };
    let dora = vec![indicator()];
    let ura = if riichi {
        vec![indicator()]
    } else {
        Vec::new()
    };
    let s = Situation {
        tsumo: next(2) == 0,
        riichi,
        round_wind: Wind::from_index(next(2) as usize),
        seat_wind: Wind::from_index(next(4) as usize),
        dora,
        ura,
        ..Situation::default()
    };
    Some((hand, win, s))
}

/// `hand` with some of its plain fives written red: for each suit, `pick` says how many
/// (up to `most[q]` and the fives there are), taken from the calls and the concealed
/// tiles in turn.
fn redden(hand: &Hand, mut pick: u64, most: [u8; 3]) -> Option<Hand> {
    let mut concealed = hand.concealed().to_vec();
    let mut calls = hand.calls().to_vec();
    for (q, &cap) in most.iter().enumerate() {
        let mut left = (pick % 3).min(u64::from(cap));
        pick /= 3;
        let from_calls = pick % 2 == 0;
        pick /= 2;
        let red = Tile::red_five(Tile::new(9 * q as u8).suit())?;
        let is_five = |t: &Tile| t.index() == 9 * q + 4 && !t.is_red();
        for pass in [from_calls, !from_calls] {
            if pass {
                for c in calls.iter_mut() {
                    let mut tiles = c.tiles().to_vec();
                    for t in tiles.iter_mut().filter(|t| is_five(t)) {
                        if left > 0 {
                            *t = red;
                            left -= 1;
                        }
                    }
                    *c = Call::new(c.kind(), &tiles).ok()?;
                }
            } else {
                for t in concealed.iter_mut().filter(|t| is_five(t)) {
                    if left > 0 {
                        *t = red;
                        left -= 1;
                    }
                }
            }
        }
    }
    Hand::new(concealed, calls).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    #[test]
    fn evaluate_matches_reference(
        seed in any::<u64>(),
        preset in 0usize..Rules::PRESETS.len() + 1,
        reds in any::<u64>(),
    ) {
        let Some((hand, win, s)) = random_hand(seed) else { return Ok(()); };
        // Four-player presets (the generator deals four-player hands; the three-player
        // rules have their own brute-force checks in tests/sanma*.rs), and Tenhou's with
        // 4 red fives (two red 5p).
        let four: Vec<&str> = Rules::PRESETS.into_iter().filter(|n| !n.ends_with("-sanma")).collect();
        let rules = match four.get(preset) {
            Some(name) => Rules::preset(name).unwrap(),
            None => Rules::tenhou().with_red_fives_count(4).unwrap(),
        };
        // Red fives written on some fives, as many as the set holds (two red 5p only
        // under 4 red fives), or none.
        let most = [0, 1, 2].map(|q| rules.red_fives_of_suit(q).max(1));
        let hand = if reds % 4 == 0 { hand } else { redden(&hand, reds / 4, most).unwrap() };
        let fast = evaluate(&hand, win, &s, &rules).ok().map(|e| e.key());
        prop_assert_eq!(fast, reference(&hand, win, &s, &rules), "{} win {}", hand, win);
        // The answer (which writes hidden red fives as `0`) scores the same.
        let answer = crate::score::score(&hand, win, &s, &rules).ok();
        prop_assert_eq!(answer.is_some(), fast.is_some());
        if let Some(a) = answer {
            let text_reds = a.hand.as_str().matches('0').count() as u32;
            let aka = a.yaku.iter().find(|y| y.name.as_str() == "aka_dora").map_or(0, |y| y.han);
            if rules.red_fives && a.yakuman.is_empty() {
                prop_assert_eq!(text_reds, aka, "{}", a.hand.as_str());
            }
        }
    }

    /// Aotenjou: `evaluate` against the written-out reference, with and without double
    /// yakuman, on random hands (their honor triplets make daisangen, suuankou and the
    /// like now and then) and on all-honor and all-terminal hands.
    #[test]
    fn aotenjou_matches_reference(
        seed in any::<u64>(),
        double in any::<bool>(),
        heavy in 0usize..12,
        tsumo in any::<bool>(),
    ) {
        let Some((hand, win, mut s)) = random_hand(seed) else { return Ok(()); };
        const HEAVY: [&str; 6] = [
            "11122233344455z", "111999m111p99s999p", "11223344556677z",
            "19m19p19s1234567z1m", "11112345678999m", "22334466688s666z",
        ];
        let (hand, win) = match HEAVY.get(heavy) {
            Some(h) => {
                let hand: Hand = h.parse().unwrap();
                let win = hand.concealed()[(seed % 14) as usize];
                // Indicators the hand leaves room for (at most four of a kind).
                let mut seen = hand.all_counts();
                let mut room = |t: &Tile| {
                    let ok = seen.get(*t) < 4;
                    if ok {
                        seen.0[t.index()] += 1;
                    }
                    ok
                };
                let dora: Vec<Tile> = s.dora.iter().copied().filter(|t| room(t)).collect();
                let ura: Vec<Tile> = s.ura.iter().copied().filter(|t| room(t)).take(dora.len()).collect();
                // The random hand's winds, riichi and indicators; no other yaku of luck.
                s = Situation {
                    tsumo,
                    riichi: s.riichi,
                    seat_wind: s.seat_wind,
                    round_wind: s.round_wind,
                    dora,
                    ura,
                    ..Situation::default()
                };
                (hand, win)
            }
            None => (hand, win),
        };
        let rules = Rules { aotenjou: true, double_yakuman: double, ..Rules::tenhou() };
        let fast = evaluate(&hand, win, &s, &rules).ok().map(|e| {
            let total = e.exact(&s, &rules).map_or(0, |w| w.total);
            (total, e.judgement.is_yakuman(), e.han, e.fu.total)
        });
        prop_assert_eq!(fast, reference_aotenjou(&hand, win, &s, &rules), "{} win {}", hand, win);
    }

    /// The bit-set judgement of a regular reading against the meld-by-meld reference,
    /// yaku by yaku, on every reading and winning group of random hands, under every
    /// preset and the switches the judgement reads, every pair of winds, tsumo or ron.
    #[test]
    fn judge_regular_matches_reference(
        seed in any::<u64>(),
        preset in 0usize..Rules::PRESETS.len(),
        winds in 0usize..16,
        tsumo in any::<bool>(),
        switches in 0u8..8,
    ) {
        let Some((hand, win, mut s)) = random_hand(seed) else { return Ok(()); };
        // The preset, or with its pinfu-tsumo and open-tanyao switches from `switches`.
        let mut rules = Rules::preset(Rules::PRESETS[preset]).unwrap();
        if switches > 0 {
            rules.fu_for_pinfu_tsumo = switches & 1 != 0;
            rules.open_tanyao = switches & 2 != 0;
            rules.aotenjou = switches & 4 != 0;
        }
        s.round_wind = Wind::from_index(winds % 4);
        s.seat_wind = Wind::from_index(winds / 4);
        s.tsumo = tsumo;
        let counts = hand.all_counts();
        let facts = HandFacts::new(
            &counts,
            yaku::present(&counts),
            hand.is_closed(),
            hand.calls().is_empty(),
            win.kind(),
            &s,
            &rules,
        );
        for d in decompose(&hand) {
            let Decomposition::Regular { pair, melds } = d else { continue };
            for (win_meld, wait) in win_choices(pair, &melds, win.kind()) {
                let r = Regular { pair, melds: &melds, win_meld, wait };
                prop_assert_eq!(
                    yaku::judge_regular(&r, &facts, &s, &rules),
                    yaku::judge_regular_reference(&r, &facts, &s, &rules),
                    "{} win {} reading {:?}", hand, win, r
                );
            }
        }
    }

    /// The pair kinds `evaluate` skips have no reading: in every regular reading the
    /// general decomposer finds, a pair in a numbered suit has the number
    /// `pair_residue` gives (mod 3).
    #[test]
    fn skipped_pair_kinds_have_no_reading(seed in any::<u64>()) {
        let Some((hand, _, _)) = random_hand(seed) else { return Ok(()); };
        let c = hand.concealed_counts().0;
        for d in decompose(&hand) {
            let Decomposition::Regular { pair, .. } = d else { continue };
            let p = pair.index();
            if p < 27 {
                prop_assert_eq!(p % 9 % 3, pair_residue(&c, p / 9), "{} pair {}", hand, pair);
            }
        }
    }

    /// A second red 5p is refused unless the rules have 4 red fives.
    #[test]
    fn two_red_5p_only_with_four_red_fives(seed in any::<u64>(), preset in 0usize..Rules::PRESETS.len()) {
        let Some((hand, win, s)) = random_hand(seed) else { return Ok(()); };
        let Some(two) = redden(&hand, 2 * 3, [0, 2, 0]).filter(|h| h.red_fives() == 2) else { return Ok(()); };
        let four: Vec<&str> = Rules::PRESETS.into_iter().filter(|n| !n.ends_with("-sanma")).collect();
        let rules = Rules::preset(four[preset % four.len()]).unwrap();
        let refused = evaluate(&two, win, &s, &rules).unwrap_err().to_string();
        prop_assert!(refused.contains("a second red five 0p"), "{}", refused);
        let aka4 = rules.with_red_fives_count(4).unwrap();
        let scored = evaluate(&two, win, &s, &aka4).ok().map(|e| e.key());
        prop_assert_eq!(scored, reference(&two, win, &s, &aka4));
    }
}

#[test]
fn generator_makes_scorable_hands() {
    let hands: Vec<_> = (1..2000u64).filter_map(|s| random_hand(s * 7919)).collect();
    assert!(hands.len() > 1000, "{} hands", hands.len());
    let scored = hands
        .iter()
        .filter(|(h, w, s)| evaluate(h, *w, s, &Rules::tenhou()).is_ok())
        .count();
    assert!(scored > 300, "{scored} scorable");
}

#[test]
fn answer_groups_match_decompose_groups() {
    let mut checked = 0;
    for seed in 1..3000u64 {
        let Some((h, w, s)) = random_hand(seed * 31) else {
            continue;
        };
        let rules = Rules::tenhou();
        let Ok(e) = evaluate(&h, w, &s, &rules) else {
            continue;
        };
        let r = score(&h, w, &s, &rules).expect("scores as evaluate does");
        let want = match e.shape {
            ReadingShape::Regular { pair, melds } => Decomposition::Regular {
                pair,
                melds: melds.to_vec(),
            },
            ReadingShape::Chiitoitsu => Decomposition::Chiitoitsu {
                pairs: h.concealed_counts().kinds().collect(),
            },
            ReadingShape::Kokushi { pair } => Decomposition::Kokushi { pair },
        };
        assert_eq!(
            r.decomposition
                .iter()
                .map(|g| g.as_str())
                .collect::<Vec<_>>(),
            want.groups()
        );
        for (item, part) in r.fu_breakdown.iter().zip(e.fu.parts()) {
            let want = match part.tile {
                Some(t) => format!("{} {}", part.reason.name(), t),
                None => part.reason.name().to_string(),
            };
            assert_eq!(item.reason, want);
        }
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn answer_text_types_round_trip() {
    // Every contract name reads back from JSON; anything else is refused.
    let names = yaku::YAKU_ALL
        .iter()
        .map(|y| y.name())
        .chain(yaku::YAKUMAN_ALL.iter().map(|y| y.name()))
        .chain(LIMITS.iter().map(|l| l.name()))
        .chain(WAITS.iter().map(|w| w.name()));
    for n in names {
        let json = serde_json::to_string(&Name::from_vocabulary(n).expect(n)).expect("serializes");
        assert_eq!(json, format!("{n:?}"));
        let back: Name = serde_json::from_str(&json).expect(n);
        assert_eq!(back, n);
    }
    assert!(serde_json::from_str::<Name>(r#""not_a_yaku""#).is_err());
    // Fu labels: as `FuPart::label` writes them, and back.
    for reason in fu::FuReason::ALL {
        for tile in [None, Some(Tile::new(0)), Some(Tile::new(31))] {
            let label = FuLabel { reason, tile };
            let want = FuPart {
                reason,
                tile,
                fu: 0,
            }
            .label();
            assert_eq!(label.to_string(), want);
            let json = serde_json::to_string(&label).expect("serializes");
            assert_eq!(json, format!("{want:?}"));
            assert_eq!(
                serde_json::from_str::<FuLabel>(&json).expect("reads"),
                label
            );
        }
    }
    // Groups and pairs from the tables, as `Decomposition::groups` writes them.
    for k in 0..34u8 {
        let t = Tile::new(k);
        let shapes: &[MeldShape] = if k < 27 && k % 9 < 7 {
            &[MeldShape::Sequence, MeldShape::Triplet, MeldShape::Quad]
        } else {
            &[MeldShape::Triplet, MeldShape::Quad]
        };
        for &shape in shapes {
            for call in [None, Some(CallKind::Pon), Some(CallKind::ClosedKan)] {
                let m = Meld {
                    shape,
                    tile: t,
                    call,
                };
                assert_eq!(meld_group(&m).as_str(), m.to_string(), "{m:?}");
            }
        }
        let d = Decomposition::Chiitoitsu { pairs: vec![t] };
        assert_eq!(pair_group(t).as_str(), d.groups()[0]);
    }
}

#[test]
fn points_table() {
    // Standard non-dealer ron values (independent of the formula's code path).
    let r = Rules::tenhou();
    for (han, fu, ron) in [
        (1, 30, 1000),
        (1, 40, 1300),
        (2, 25, 1600),
        (2, 30, 2000),
        (3, 30, 3900),
        (3, 40, 5200),
        (4, 30, 7700),
        (3, 70, 8000),
        (4, 40, 8000),
        (5, 30, 8000),
        (6, 30, 12000),
        (8, 30, 16000),
        (11, 30, 24000),
        (13, 30, 32000),
    ] {
        let (basic, _) = basic_points(han, fu, &r);
        assert_eq!(
            Payment::new(basic, false, false).total,
            ron,
            "{han} han {fu} fu"
        );
    }
    // Dealer tsumo 1 han 30 fu: 500 all; non-dealer tsumo 2 han 30 fu: 500/1000.
    assert_eq!(
        Payment::new(basic_points(1, 30, &r).0, true, true).non_dealer,
        Some(500)
    );
    let p = Payment::new(basic_points(2, 30, &r).0, false, true);
    assert_eq!(
        (p.dealer, p.non_dealer, p.total),
        (Some(1000), Some(500), 2000)
    );
}
