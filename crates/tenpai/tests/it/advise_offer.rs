//! Calls on an offered tile (`advise_offer`) against the plain reference of the advise
//! model: every option recomputed from scratch (the legal calls by brute force over
//! the hand's tiles, kuikae by its rule, each called hand valued by the reference
//! after the call and each allowed discard, the open kan as the expectation over the
//! new indicator), and small hand-picked cases through the same check (the worked
//! cases of ron, pon and kans and the refusals are in `advise_offer_worked`).
#![allow(clippy::needless_range_loop)]

use proptest::prelude::*;
use tenpai::advise::offer::{
    advise_offer, Choice, Discarder, OfferAdvice, OfferOption, OfferOptions,
};
use tenpai::advise::{advise, AdviseOptions, RiichiPolicy};
use tenpai::rules::Rules;
use tenpai::score::{score, Situation};
use tenpai::{Call, CallKind, Hand, Tile};

use crate::advise::small_case;
use crate::advise_reference::{close, count, red, Reference, TYPES};
use crate::common::rng::Rng;

/// The kinds kuikae forbids right after `call` on `offer`, by the rule's words: the
/// called tile's kind, and for a chi on one end of the sequence, the kind one past
/// the other end (in the same suit).
fn forbidden(call: &Call, offer: Tile) -> Vec<usize> {
    let mut out = vec![offer.index()];
    if call.kind() == CallKind::Chi {
        let ns: Vec<u8> = call.tiles().iter().map(|t| t.number()).collect();
        let (lo, hi, n) = (ns[0], ns[2], offer.number());
        let suit = offer.index() / 9;
        if n == lo && hi < 9 {
            out.push(9 * suit + hi as usize); // number hi + 1 is index hi
        }
        if n == hi && lo > 1 {
            out.push(9 * suit + lo as usize - 2);
        }
    }
    out
}

/// Every distinct call (kind, tile ids) the hand can make on `offer`: every choice of
/// 2 or 3 concealed tiles tried with [`Call::new`].
fn legal_calls(hand: &Hand, offer: Tile, from: Discarder, sanma: bool) -> Vec<(Choice, Vec<u8>)> {
    let c = hand.concealed();
    let mut out: Vec<(Choice, Vec<u8>)> = Vec::new();
    let mut push = |choice: Choice, used: Vec<Tile>, kind: CallKind| {
        let mut tiles = used.clone();
        tiles.push(offer);
        if Call::new(kind, &tiles).is_ok() {
            let mut ids: Vec<u8> = tiles.iter().map(|t| t.id()).collect();
            ids.sort();
            if !out.contains(&(choice, ids.clone())) {
                out.push((choice, ids));
            }
        }
    };
    for i in 0..c.len() {
        for j in i + 1..c.len() {
            if from == Discarder::Left && !sanma {
                push(Choice::Chi, vec![c[i], c[j]], CallKind::Chi);
            }
            if hand.calls().len() < 4 {
                push(Choice::Pon, vec![c[i], c[j]], CallKind::Pon);
            }
            for k in j + 1..c.len() {
                if hand.calls().len() < 4 {
                    push(Choice::Kan, vec![c[i], c[j], c[k]], CallKind::OpenKan);
                }
            }
        }
    }
    out
}

/// The called hand: the concealed tiles less those of the call but the offer.
fn after_call(hand: &Hand, call: &[u8], offer: Tile, kind: CallKind) -> Hand {
    let mut conc = hand.concealed().to_vec();
    let mut taken_offer = false;
    let mut tiles = Vec::new();
    for &id in call {
        let t = Tile::from_id(id).unwrap();
        tiles.push(t);
        if t == offer && !taken_offer {
            taken_offer = true;
            continue;
        }
        let i = conc.iter().position(|&x| x == t).unwrap();
        conc.remove(i);
    }
    let mut calls = hand.calls().to_vec();
    calls.push(Call::new(kind, &tiles).unwrap());
    Hand::new(conc, calls).unwrap()
}

fn better(a: [f64; 3], b: [f64; 3]) -> bool {
    // ev, then win, then tenpai (the default sort).
    (a[2], a[1], a[0]) > (b[2], b[1], b[0])
}

/// `a` beats `b` by more than rounding: ev, then win, then tenpai (each compared only
/// where the ones before it are equal within [`close`]).
fn clearly_better(a: [f64; 3], b: [f64; 3]) -> bool {
    for i in [2, 1, 0] {
        if !close(a[i], b[i]) {
            return a[i] > b[i];
        }
    }
    false
}

/// Checks every option of `advise_offer` against the reference.
pub(crate) fn check(
    hand: &Hand,
    offer: Tile,
    oo: &OfferOptions,
    o: &AdviseOptions,
) -> Result<(), TestCaseError> {
    let a: OfferAdvice = advise_offer(hand, offer, oo, o)
        .map_err(|e| TestCaseError::fail(format!("{hand} offer {offer}: {e}")))?;
    let n = o.draws as usize;
    let sanma = o.rules.is_sanma();
    let mut visible = o.visible.clone();
    if let Some(i) = visible.iter().position(|&t| t == offer) {
        visible.remove(i);
    }
    let called_o = AdviseOptions {
        visible,
        ..o.clone()
    };
    // Pass: the reference on the hand as it is.
    let pass = a.options.iter().find(|x| x.option == Choice::Pass).unwrap();
    let r = Reference::new(hand, o, o.changes);
    let want = r.value(&count(hand.concealed().iter().copied()), r.level, n);
    for (i, got) in [pass.tenpai, pass.win, pass.ev].into_iter().enumerate() {
        prop_assert!(
            close(got, want[i]),
            "{hand} pass value {i}: {got} vs {}",
            want[i]
        );
    }
    // Ron.
    let won = hand.with_tile(offer).unwrap();
    let s = Situation {
        riichi: o.riichi == RiichiPolicy::Auto && hand.is_closed(),
        round_wind: o.round_wind,
        seat_wind: o.seat_wind,
        dora: o.dora.clone(),
        ..Situation::default()
    };
    let ron = score(&won, offer, &s, &o.rules)
        .ok()
        .filter(|_| !oo.furiten);
    let got_ron = a.options.iter().find(|x| x.option == Choice::Ron);
    prop_assert_eq!(
        ron.as_ref().map(|r| r.points),
        got_ron.and_then(|x| x.points),
        "{} ron on {}",
        hand,
        offer
    );
    if let (Some(r), Some(g)) = (&ron, got_ron) {
        prop_assert_eq!(g.shanten, -1, "{} ron on {}: a complete hand", hand, offer);
        if !s.riichi || o.dora.is_empty() {
            prop_assert!(close(g.ev, r.points as f64));
        } else {
            prop_assert!(g.ev >= r.points as f64 - 1e-9);
        }
    }
    // The calls.
    let legal = legal_calls(hand, offer, oo.from, sanma);
    let mut seen = 0;
    // The states solved: the pass's search and each chi or pon's (a kan's are one
    // search per new indicator).
    let mut states = advise(hand, o).unwrap().states;
    let mut kans = false;
    for (choice, ids) in &legal {
        let kind = match choice {
            Choice::Chi => CallKind::Chi,
            Choice::Pon => CallKind::Pon,
            _ => CallKind::OpenKan,
        };
        let h = after_call(hand, ids, offer, kind);
        let call = *h.calls().last().unwrap();
        let got = a.options.iter().find(|x| x.call == Some(call));
        if *choice == Choice::Kan {
            let got = got.ok_or_else(|| TestCaseError::fail(format!("{hand}: no {call}")))?;
            seen += 1;
            kans = true;
            let want = kan_reference(&h, &called_o, n);
            same_curve(&format!("{hand} {call}"), got, &want)?;
            continue;
        }
        // Chi, pon: the best discard kuikae allows.
        let r = Reference::new(&h, &called_o, called_o.changes);
        let conc = count(h.concealed().iter().copied());
        let no = if oo.kuikae {
            Vec::new()
        } else {
            forbidden(&call, offer)
        };
        let mut best: Option<[f64; 3]> = None;
        let mut values: Vec<[f64; 3]> = Vec::new();
        for d in 0..TYPES {
            if conc[d] == 0 || no.contains(&Tile::from_id(d as u8).unwrap().index()) {
                continue;
            }
            let mut left = conc;
            left[d] -= 1;
            let level = r.level.max(r.shanten(&left));
            let v = r.value(&left, level, n);
            values.push(v);
            if best.is_none_or(|b| better(v, b)) {
                best = Some(v);
            }
        }
        match (best, got) {
            (None, None) => {}
            (Some(want), Some(got)) => {
                seen += 1;
                states += advise(&h, &called_o).unwrap().states;
                prop_assert!(
                    got.discard.is_some_and(|d| !no.contains(&d.index())),
                    "{hand} {call}: kuikae"
                );
                // The answer's discard is one of the best: its values equal those of a
                // discard that no other beats by more than rounding (ev, then win, then
                // tenpai). Discards whose ev and win tie exactly may come out in
                // either order from float sums done in different orders.
                let g = [got.tenpai, got.win, got.ev];
                let best_ones: Vec<&[f64; 3]> = values
                    .iter()
                    .filter(|v| !values.iter().any(|u| clearly_better(*u, **v)))
                    .collect();
                prop_assert!(
                    best_ones.iter().any(|v| (0..3).all(|i| close(g[i], v[i]))),
                    "{hand} offer {offer} {call}: values {g:?} vs the best {want:?} (best within rounding: {best_ones:?})"
                );
            }
            (want, got) => {
                return Err(TestCaseError::fail(format!(
                    "{hand} offer {offer} {call}: reference {want:?}, answer {got:?}"
                )))
            }
        }
    }
    let calls = a.options.iter().filter(|x| x.call.is_some()).count();
    prop_assert_eq!(calls, seen, "{} offer {}: calls {:?}", hand, offer, legal);
    if kans {
        prop_assert!(a.states > states, "{} offer {}: states", hand, offer);
    } else {
        prop_assert_eq!(a.states, states, "{} offer {}: states", hand, offer);
    }
    // Ranked by ev, the best named.
    prop_assert!(a.options.windows(2).all(|w| w[0].ev >= w[1].ev));
    prop_assert_eq!(&a.best, &a.options[0].label());
    Ok(())
}

/// The kan's values by the reference: the expectation over the new indicator (each
/// tile type of the called hand's pool; none when the pool is empty or five
/// indicators are out) of the called hand's values with one more draw; entry `i` with
/// `i + 1` draws (the option's `per_draw`), the last one the option's values.
pub(crate) fn kan_reference(h: &Hand, o: &AdviseOptions, n: usize) -> Vec<[f64; 3]> {
    let conc = count(h.concealed().iter().copied());
    let mut outside = count(h.calls().iter().flat_map(|c| c.tiles().iter().copied()));
    for t in o.visible.iter().chain(&o.dora) {
        outside[t.id() as usize] += 1;
    }
    let pool = pool_of(&conc, &outside);
    let size: u32 = pool.iter().map(|&x| x as u32).sum();
    let curve = |o: &AdviseOptions| -> Vec<[f64; 3]> {
        let r = Reference::new(h, o, o.changes);
        (1..=n + 1).map(|d| r.value(&conc, r.level, d)).collect()
    };
    if size == 0 || o.dora.len() >= 5 {
        return curve(o);
    }
    let mut want = vec![[0.0; 3]; n + 1];
    for t in 0..TYPES {
        if pool[t] == 0 {
            continue;
        }
        let mut oi = o.clone();
        oi.dora.push(Tile::from_id(t as u8).unwrap());
        for (w, v) in want.iter_mut().zip(curve(&oi)) {
            for i in 0..3 {
                w[i] += v[i] * pool[t] as f64 / size as f64;
            }
        }
    }
    want
}

/// An option's values and `per_draw` curve against the reference's (`want[i]`: with
/// `i + 1` draws).
pub(crate) fn same_curve(
    what: &str,
    got: &OfferOption,
    want: &[[f64; 3]],
) -> Result<(), TestCaseError> {
    let last = want[want.len() - 1];
    for (i, g) in [got.tenpai, got.win, got.ev].into_iter().enumerate() {
        prop_assert!(
            close(g, last[i]),
            "{}: value {} {} vs {}",
            what,
            i,
            g,
            last[i]
        );
    }
    let pd = got
        .per_draw
        .as_ref()
        .ok_or_else(|| TestCaseError::fail(format!("{what}: no per_draw")))?;
    prop_assert_eq!(pd.win.len(), want.len(), "{}: per_draw points", what);
    for (d, w) in want.iter().enumerate() {
        let g = [pd.tenpai[d], pd.win[d], pd.ev[d]];
        for i in 0..3 {
            prop_assert!(
                close(g[i], w[i]),
                "{}: per_draw {} at {} draws: {} vs {}",
                what,
                i,
                d + 1,
                g[i],
                w[i]
            );
        }
    }
    Ok(())
}

/// The model's pool (four per kind less held and outside, the red five when free).
fn pool_of(h: &[u8; TYPES], outside: &[u8; TYPES]) -> [u8; TYPES] {
    let mut p = [0u8; TYPES];
    for k in 0..34 {
        let mut gone = h[k] + outside[k];
        let mut red_gone = 0;
        if let Some(r) = red(k) {
            red_gone = h[r] + outside[r];
            gone += red_gone;
        }
        let left = 4 - gone;
        match red(k) {
            Some(r) if red_gone == 0 && left > 0 => {
                p[r] = 1;
                p[k] = left - 1;
            }
            _ => p[k] = left,
        }
    }
    p
}

/// A small 3k+1 case and an offered tile near the hand's tiles that is still unseen.
fn offer_case(seed: u64) -> Option<(Hand, Tile, OfferOptions, AdviseOptions)> {
    let (mut hand, mut o) = small_case(seed)?;
    if hand.is_drawn() {
        let t = *hand.concealed().last()?;
        hand = hand.without_tile(t).ok()?;
    }
    o.draws = o.draws.min(2);
    let mut rng = Rng(seed.rotate_left(17) | 1);
    let mut outside = count(hand.calls().iter().flat_map(|c| c.tiles().iter().copied()));
    for t in o.visible.iter().chain(&o.dora) {
        outside[t.id() as usize] += 1;
    }
    let pool = pool_of(&count(hand.concealed().iter().copied()), &outside);
    let near: Vec<usize> = (0..TYPES)
        .filter(|&t| pool[t] > 0)
        .filter(|&t| {
            let k = Tile::from_id(t as u8).unwrap().index();
            hand.concealed().iter().any(|c| {
                let j = c.index();
                j == k || (k < 27 && j / 9 == k / 9 && j.abs_diff(k) <= 2)
            })
        })
        .collect();
    if near.is_empty() {
        return None;
    }
    let offer = Tile::from_id(near[rng.below(near.len())] as u8).unwrap();
    // Sometimes the offered tile is listed among the visible tiles too (counted once).
    if rng.chance(20) {
        o.visible.push(offer);
    }
    let from = [
        Discarder::Left,
        Discarder::Left,
        Discarder::Across,
        Discarder::Right,
    ][rng.below(4)];
    let oo = OfferOptions {
        from,
        furiten: rng.chance(10),
        kuikae: rng.chance(15),
        ..OfferOptions::default()
    };
    Some((hand, offer, oo, o))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    #[test]
    fn every_option_equals_the_reference(seed in any::<u64>()) {
        let Some((hand, offer, oo, o)) = offer_case(seed) else { return Ok(()) };
        check(&hand, offer, &oo, &o)?;
    }
}

pub(crate) fn opts(draws: u32, changes: u32) -> AdviseOptions {
    AdviseOptions {
        draws,
        changes,
        ..AdviseOptions::default()
    }
}

pub(crate) fn t(s: &str) -> Tile {
    Tile::from_mpsz(s).unwrap()
}

pub(crate) fn h(s: &str) -> Hand {
    s.parse().unwrap()
}

/// Every copy of every kind but those in `live` that `hand` and `extra` do not hold
/// (the red five first where free; none of 2m-8m in three-player games): the visible
/// tiles that leave few live kinds, so that the reference stays fast.
pub(crate) fn dead(live: &[&str], hand: &Hand, extra: &[Tile], sanma: bool) -> Vec<Tile> {
    let live: Vec<usize> = live.iter().map(|s| t(s).index()).collect();
    let have = count(hand.all_tiles().chain(extra.iter().copied()));
    let mut v = Vec::new();
    for k in 0..34 {
        if live.contains(&k) || (sanma && (1..8).contains(&k)) {
            continue;
        }
        let mut n = have[k] + red(k).map_or(0, |r| have[r]);
        if let Some(r) = red(k) {
            if have[r] == 0 && n < 4 {
                v.push(Tile::from_id(r as u8).unwrap());
                n += 1;
            }
        }
        while n < 4 {
            v.push(Tile::new(k as u8));
            n += 1;
        }
    }
    v
}

/// Small hand-picked cases through the same check: the suit's edges, red fives in the
/// called tiles, a tile held three times (pon or kan), sanma, a call leaving no yaku.
#[test]
fn named_cases_equal_the_reference() {
    let cases: &[(&str, &str, &[&str], Discarder, Rules)] = &[
        // Chi at the suit's edges: 12m on 3m, 89s on 7s.
        (
            "12m89s (777z) (222p) (333p)",
            "3m",
            &["3m", "4m", "7s"],
            Discarder::Left,
            Rules::tenhou(),
        ),
        (
            "12m89s (777z) (222p) (333p)",
            "7s",
            &["3m", "7s", "6s"],
            Discarder::Left,
            Rules::tenhou(),
        ),
        // Red five in the hand and offered: 46m with 0m on offer; 40m with 6m on offer.
        (
            "46m0p5p (111z) (999s) (888s)",
            "0m",
            &["5m", "5p"],
            Discarder::Left,
            Rules::tenhou(),
        ),
        (
            "340m6m (111z) (999s) (888s)",
            "5m",
            &["5m", "2m", "6m"],
            Discarder::Left,
            Rules::tenhou(),
        ),
        // A tile held three times: pon (with or without the red five) or kan.
        (
            "055p3s (111z) (999s) (888m)",
            "5p",
            &["5p", "3s"],
            Discarder::Across,
            Rules::tenhou(),
        ),
        // A pon that leaves no yaku (and no dora): nothing can win after it.
        (
            "33m456p89p (234s) (567s)",
            "3m",
            &["3m", "7p"],
            Discarder::Right,
            Rules::tenhou(),
        ),
    ];
    for (hand, offer, live, from, rules) in cases {
        let hand = h(hand);
        let offer = t(offer);
        let mut o = AdviseOptions {
            rules: rules.clone(),
            ..opts(2, 1)
        };
        o.visible = dead(live, &hand, &[offer], rules.is_sanma());
        let oo = OfferOptions {
            from: *from,
            ..OfferOptions::default()
        };
        check(&hand, offer, &oo, &o).unwrap_or_else(|e| panic!("{hand} on {offer}: {e}"));
        let a = advise_offer(&hand, offer, &oo, &o).unwrap();
        let kinds: Vec<Choice> = a.options.iter().map(|x| x.option).collect();
        if rules.is_sanma() || *from != Discarder::Left {
            assert!(!kinds.contains(&Choice::Chi), "{hand}: {kinds:?}");
        }
    }
    // Sanma (the reference knows four players only): no chi, and the pon is the
    // engine's best row of the called hand.
    let hand = h("99m12p (111z) (555z) (999s)");
    let o = AdviseOptions {
        rules: Rules::tenhou_sanma(),
        ..opts(2, 1)
    };
    let a = advise_offer(&hand, t("9m"), &OfferOptions::default(), &o).unwrap();
    let kinds: Vec<Choice> = a.options.iter().map(|x| x.option).collect();
    assert!(
        kinds.contains(&Choice::Pon) && !kinds.contains(&Choice::Chi),
        "{kinds:?}"
    );
    let pon = a.options.iter().find(|x| x.option == Choice::Pon).unwrap();
    let row = &advise(&h("12p (999m) (111z) (555z) (999s)"), &o)
        .unwrap()
        .discards[0];
    assert_eq!(
        (pon.discard, pon.ev, pon.win),
        (Some(row.discard), row.ev, row.win)
    );
    let chi = OfferOptions {
        only: Some(Choice::Chi),
        ..OfferOptions::default()
    };
    let e = advise_offer(&hand, t("3p"), &chi, &o)
        .unwrap_err()
        .to_string();
    assert!(e.contains("three-player"), "{e}");
    // A pon that leaves no yaku but one that can still be built: tanyao, by throwing
    // 9p and 8p for a 7p pair wait (456p + 77p), when the rules allow open tanyao;
    // without open tanyao nothing can win after the pon.
    let hand = h("33m456p89p (234s) (567s)");
    for open_tanyao in [true, false] {
        let o = AdviseOptions {
            visible: dead(&["3m", "7p"], &hand, &[t("3m")], false),
            rules: Rules {
                open_tanyao,
                ..Rules::tenhou()
            },
            ..opts(2, 1)
        };
        check(&hand, t("3m"), &OfferOptions::default(), &o).unwrap_or_else(|e| panic!("{e}"));
        let a = advise_offer(&hand, t("3m"), &OfferOptions::default(), &o).unwrap();
        let pon = a.options.iter().find(|x| x.option == Choice::Pon).unwrap();
        assert_eq!(
            pon.win > 0.0,
            open_tanyao,
            "open tanyao {open_tanyao}: {pon:?}"
        );
        // Passing keeps an open hand with no yaku in reach: no win either way.
        assert_eq!(
            a.options
                .iter()
                .find(|x| x.option == Choice::Pass)
                .unwrap()
                .win,
            0.0
        );
    }
    // Pon or kan of a tile held three times; the red five in the call or in the hand.
    let hand = h("055p3s (111z) (999s) (888m)");
    let a = advise_offer(&hand, t("5p"), &OfferOptions::default(), &opts(1, 0)).unwrap();
    let mut labels: Vec<String> = a.options.iter().map(|x| x.label()).collect();
    labels.sort();
    assert_eq!(labels, ["kan (0555p)", "pass", "pon (055p)", "pon (555p)"]);
}

/// The generated cases reach every kind of option (so the property test above is not
/// vacuous): chi, pon, kan, ron, a call kuikae empties, and calls from across.
#[test]
fn generated_cases_cover_every_option() {
    let mut seen = std::collections::HashMap::new();
    for seed in 0..600u64 {
        let Some((hand, offer, oo, o)) = offer_case(seed) else {
            continue;
        };
        let Ok(a) = advise_offer(&hand, offer, &oo, &o) else {
            continue;
        };
        for x in &a.options {
            *seen.entry(x.option.name()).or_insert(0) += 1;
        }
        if a.options
            .iter()
            .any(|x| x.call.is_some_and(|c| c.tiles().iter().any(|t| t.is_red())))
        {
            *seen.entry("red call").or_insert(0) += 1;
        }
        if oo.from != Discarder::Left && a.options.len() > 1 {
            *seen.entry("not left").or_insert(0) += 1;
        }
    }
    for k in ["pass", "ron", "chi", "pon", "kan", "red call", "not left"] {
        assert!(seen.get(k).copied().unwrap_or(0) >= 3, "{k}: {seen:?}");
    }
}
