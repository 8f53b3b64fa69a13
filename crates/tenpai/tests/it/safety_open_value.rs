//! The expected loss against an open opponent marked tenpai (`tenpai::safety`, module
//! `open::value`) against a brute force that lists every concealed hand of small
//! pools (each red five a copy of its own) and values each win with the library's
//! scorer under the model of docs/safety.md: the han of the best reading (found by
//! `score::evaluate` with dora enough added that every reading reaches a limit, so the
//! scorer's best is the one with the most han), plus the dora and red fives the
//! scorer counts, at 30 fu; a yakuman 8000 basic points; the ron payment for the
//! opponent's seat. And hand-worked cases.

use super::safety_open::{pool_of, situation, situation_reading, small, yaku_of, Rng, BINOM};
use proptest::prelude::*;
use tenpai::notation::parse_tiles;
use tenpai::safety::{safety, SafetyQuery};
use tenpai::score::{basic_points, evaluate, Payment, Situation};
use tenpai::shanten::HandCounts;
use tenpai::ukeire::waits_mask;
use tenpai::{Call, CallKind, Hand, Tile, Wind};

/// The kind whose dora is `k` (the indicator of `k`).
fn indicator_of(k: usize) -> usize {
    match k {
        0..=26 if k % 9 == 0 => k + 8,
        0..=26 => k - 1,
        27 => 30,
        28..=30 => k - 1,
        31 => 33,
        _ => k - 1,
    }
}

thread_local! {
    /// Per yaku, the valued wins (this thread) holding it.
    static SEEN: std::cell::RefCell<std::collections::BTreeMap<String, usize>> =
        std::cell::RefCell::default();
}

/// The ron payment of `tiles` (the concealed tiles, the winning tile `win` among them)
/// with `calls` under the model: `None` when no reading has a yaku.
fn payment(tiles: &[Tile], win: Tile, calls: &[Call], q: &SafetyQuery) -> Option<f64> {
    let o = &q.opponents[0];
    let seat = o.seat.unwrap_or(Wind::South);
    let s = Situation {
        round_wind: q.round,
        seat_wind: seat,
        ..Situation::default()
    };
    // The best reading's han: every tile plain, dora added until each reading has 5
    // han or more (its yaku at least 1): the scorer's order (points, then han) then
    // takes the reading with the most han.
    let plain: Vec<Tile> = tiles.iter().map(|t| t.kind()).collect();
    let hand = Hand::new(plain, calls.to_vec()).ok()?;
    let mut all = [0u8; 34];
    for t in hand.all_tiles() {
        all[t.index()] += 1;
    }
    let mut by_count: Vec<usize> = (0..34).filter(|&k| all[k] > 0).collect();
    by_count.sort_by_key(|&k| std::cmp::Reverse(all[k]));
    let (mut extra, mut ind) = (0u32, Vec::new());
    let mut shown = [0u8; 34];
    'fill: for &k in &by_count {
        let i = indicator_of(k);
        while all[i] + shown[i] < 4 {
            shown[i] += 1;
            ind.push(Tile::new(i as u8));
            extra += u32::from(all[k]);
            if extra >= 4 || ind.len() == 5 {
                break 'fill;
            }
        }
    }
    assert!(extra >= 4, "no dora enough for {hand}");
    let trick = Situation {
        dora: ind,
        ..s.clone()
    };
    let e = evaluate(&hand, win.kind(), &trick, &q.rules).ok()?;
    let dealer = seat == Wind::East;
    let ron = |basic: u32| f64::from(Payment::new(basic, dealer, false).ron.unwrap());
    if e.judgement.is_yakuman() {
        SEEN.with(|c| *c.borrow_mut().entry("yakuman".into()).or_insert(0) += 1);
        return Some(ron(8000));
    }
    assert!(e.han >= 5, "{hand}: {} han", e.han);
    let han = e.han - e.dora.iter().sum::<u32>();
    SEEN.with(|c| {
        for (y, _) in e.judgement.yaku() {
            *c.borrow_mut().entry(format!("{y:?}")).or_insert(0) += 1;
        }
    });
    // Dora and red fives as the scorer counts them, with the real indicators.
    let hand = Hand::new(tiles.to_vec(), calls.to_vec()).unwrap();
    let real = Situation {
        dora: q.dora.clone(),
        ..s
    };
    let e = evaluate(&hand, win, &real, &q.rules).unwrap();
    let dora = e.dora[0] + e.dora[2];
    Some(ron(basic_points(han + dora, 30, &q.rules).0))
}

/// The expected loss of each distinct tile of my hand (red apart) by listing every
/// concealed hand: the weighted sum of the payments of the hands it deals into, over
/// the weight of the hands counted (tenpai, not furiten, a wait with a yaku).
fn brute_loss(q: &SafetyQuery) -> Option<Vec<(Tile, f64)>> {
    let o = &q.opponents[0];
    let red_rules = q.rules.red_fives;
    let calls: Vec<Call> = o
        .calls
        .iter()
        .cloned()
        .chain(o.kans.iter().map(|&t| {
            let mut tiles = [t; 4];
            if red_rules && t.index() < 27 && t.index() % 9 == 4 {
                tiles[0] = Tile::from_id(34 + (t.index() / 9) as u8).unwrap();
            }
            Call::new(CallKind::ClosedKan, &tiles).unwrap()
        }))
        .collect();
    let mut pool = [4u8; 34];
    let mut seen_red = [0u8; 3];
    let seen = q
        .hand
        .all_tiles()
        .chain(q.visible.iter().copied())
        .chain(q.dora.iter().copied())
        .chain(o.river.iter().copied())
        .chain(calls.iter().flat_map(|c| c.tiles().to_vec()));
    for t in seen {
        pool[t.index()] -= 1;
        if t.is_red() {
            seen_red[t.index() / 9] += 1;
        }
    }
    let mut red = [0u8; 3];
    if red_rules {
        for s in 0..3 {
            red[s] = q
                .rules
                .red_fives_of_suit(s)
                .saturating_sub(seen_red[s])
                .min(pool[9 * s + 4]);
        }
    }
    let mut called = [0u8; 34];
    for c in &calls {
        for t in c.tiles() {
            called[t.index()] += 1;
        }
    }
    let n = 13 - 3 * calls.len() as u8;
    let furiten = o.river.iter().fold(0u64, |m, t| m | (1 << t.index()));
    let s = Situation {
        round_wind: q.round,
        seat_wind: o.seat.unwrap_or(Wind::South),
        ..Situation::default()
    };
    // Every hand: counts per kind, red fives per suit, ways.
    let mut hands: Vec<([u8; 34], [u8; 3], u128)> = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn rec(
        k: usize,
        left: u8,
        w: u128,
        h: &mut [u8; 34],
        r: &mut [u8; 3],
        pool: &[u8; 34],
        red: &[u8; 3],
        out: &mut Vec<([u8; 34], [u8; 3], u128)>,
    ) {
        if left == 0 {
            out.push((*h, *r, w));
            return;
        }
        if k == 34 {
            return;
        }
        for c in 0..=pool[k].min(left) {
            h[k] = c;
            if k < 27 && k % 9 == 4 && red[k / 9] > 0 {
                let (u, rr) = (pool[k], red[k / 9]);
                for j in 0..=c.min(rr) {
                    if c - j > u - rr {
                        continue;
                    }
                    r[k / 9] = j;
                    let ways =
                        BINOM[rr as usize][j as usize] * BINOM[(u - rr) as usize][(c - j) as usize];
                    rec(k + 1, left - c, w * ways, h, r, pool, red, out);
                }
                r[k / 9] = 0;
            } else {
                let ways = BINOM[pool[k] as usize][c as usize];
                rec(k + 1, left - c, w * ways, h, r, pool, red, out);
            }
        }
        h[k] = 0;
    }
    rec(0, n, 1, &mut [0; 34], &mut [0; 3], &pool, &red, &mut hands);
    let mut asked: Vec<Tile> = Vec::new();
    for &t in q.hand.concealed() {
        if !asked.contains(&t) {
            asked.push(t);
        }
    }
    let mut total = 0u128;
    let mut sums = vec![0f64; asked.len()];
    for (h, r, w) in hands {
        let hc = HandCounts::new(h, called, calls.len()).unwrap();
        let m = waits_mask(&hc).unwrap();
        if m == 0 || m & furiten != 0 {
            continue;
        }
        let yaku: Vec<usize> = (0..34)
            .filter(|&k| m & (1 << k) != 0 && yaku_of(&h, k, &calls, &s, &q.rules).is_some())
            .collect();
        if yaku.is_empty() {
            continue;
        }
        total += w;
        let mut tiles: Vec<Tile> = Vec::new();
        for (k, &c) in h.iter().enumerate() {
            let reds = if k < 27 && k % 9 == 4 { r[k / 9] } else { 0 };
            for i in 0..c {
                tiles.push(if i < reds {
                    Tile::from_id(34 + (k / 9) as u8).unwrap()
                } else {
                    Tile::new(k as u8)
                });
            }
        }
        for (i, &t) in asked.iter().enumerate() {
            if !yaku.contains(&t.index()) {
                continue;
            }
            let mut all = tiles.clone();
            all.push(t);
            let p = payment(&all, t, &calls, q).expect("a yaku wait pays");
            sums[i] += w as f64 * p;
        }
    }
    (total > 0).then(|| {
        asked
            .iter()
            .zip(sums)
            .map(|(&t, s)| (t, s / total as f64))
            .collect()
    })
}

/// Dora indicators (0 to 2, from the visible tiles), red fives in my hand (a five of
/// a suit turned red, if the rules have one), red fives off in a quarter.
fn with_dora_and_reds(mut q: SafetyQuery, seed: u64) -> SafetyQuery {
    let mut r = Rng(seed ^ 0x5eed);
    for _ in 0..r.next(3) {
        if q.visible.is_empty() {
            break;
        }
        let i = r.next(q.visible.len());
        let t = q.visible.remove(i);
        q.dora.push(t);
    }
    if r.next(4) == 0 {
        q.rules.red_fives = false;
    } else {
        let mut tiles: Vec<Tile> = q.hand.concealed().to_vec();
        for s in 0..3 {
            if let Some(i) = tiles.iter().position(|t| t.index() == 9 * s + 4) {
                if r.next(2) == 0 {
                    tiles[i] = Tile::from_id(34 + s as u8).unwrap();
                }
            }
        }
        // A five of the opponent's calls written red (a chi, a pon or a kan), while
        // the suit has a red five no other place writes.
        let mut used = [0u8; 3];
        for t in tiles
            .iter()
            .chain(&q.visible)
            .chain(&q.dora)
            .chain(&q.opponents[0].river)
        {
            if t.is_red() {
                used[t.index() / 9] += 1;
            }
        }
        q.hand = Hand::new(tiles, vec![]).unwrap();
        for c in &mut q.opponents[0].calls {
            let mut t: Vec<Tile> = c.tiles().to_vec();
            if let Some(i) = t.iter().position(|t| t.index() < 27 && t.index() % 9 == 4) {
                let s = t[i].index() / 9;
                if used[s] < q.rules.red_fives_of_suit(s) && r.next(2) == 0 {
                    t[i] = Tile::from_id(34 + s as u8).unwrap();
                    *c = Call::new(c.kind(), &t).unwrap();
                    used[s] += 1;
                }
            }
        }
    }
    q
}

/// Checks each tile's expected loss against the brute force (1e-9 relative): 1 if
/// some hand fits, 0 if none.
fn check(q: &SafetyQuery) -> Result<usize, TestCaseError> {
    let want = brute_loss(q);
    match (safety(q), want) {
        (Err(_), None) => Ok(0),
        (Ok(a), Some(want)) => {
            for (t, e) in want {
                let row = a.tiles.iter().find(|r| r.tile == t).unwrap();
                let got = row.expected_loss.unwrap();
                prop_assert!(
                    (got - e).abs() <= 1e-9 * e.abs().max(1.0),
                    "{}: {} against {} (deal-in {})",
                    t,
                    got,
                    e,
                    row.deal_in
                );
                prop_assert_eq!(row.per_opponent[0].expected_loss, Some(got));
            }
            Ok(1)
        }
        (a, w) => {
            prop_assert!(false, "{:?} against {:?}", a.map(|_| ()), w.is_some());
            Ok(0)
        }
    }
}

/// 300 fixed seeds of each generator agree with the brute force, most admit a hand,
/// and the valued wins hold every yaku of the model.
#[test]
fn open_values_equal_brute_force_fixed() {
    let mut fit = 0;
    for seed in 0..300u64 {
        fit += check(&with_dora_and_reds(situation(seed * 7919 + 13), seed)).unwrap();
        fit += check(&with_dora_and_reds(
            situation_reading(seed * 7919 + 17),
            seed,
        ))
        .unwrap();
    }
    assert!(fit >= 250, "{fit}");
    let seen = SEEN.with(|c| c.borrow().clone());
    for y in [
        "Ittsu",
        "Sanshoku",
        "Chanta",
        "Junchan",
        "SanshokuDoukou",
        "Sanankou",
        "Toitoi",
        "Honitsu",
        "Chinitsu",
        "Tanyao",
        "Honroutou",
        "Shousangen",
        "Haku",
        "SeatWind",
        "RoundWind",
        "yakuman",
    ] {
        assert!(seen.get(y).copied().unwrap_or(0) > 0, "{y}: {seen:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The expected loss equals the brute force on generated situations.
    #[test]
    fn open_values_equal_brute_force(seed in any::<u64>()) {
        check(&with_dora_and_reds(situation(seed), seed))?;
    }

    /// The same on situations built for ittsu, sanshoku and sanshoku doukou.
    #[test]
    fn reading_values_equal_brute_force(seed in any::<u64>()) {
        check(&with_dora_and_reds(situation_reading(seed), seed))?;
    }
}

/// The expected loss of tile `t` in an answer.
fn loss(a: &tenpai::safety::Safety, t: &str) -> f64 {
    let t = Tile::from_mpsz(t).unwrap();
    a.tiles
        .iter()
        .find(|r| r.tile == t)
        .unwrap()
        .expected_loss
        .unwrap()
}

/// One possible concealed hand (the unseen tiles are exactly its tiles) valued by
/// hand.
#[test]
fn hand_worked_values() {
    let one = |mine: &str, calls: &str, concealed: &str| {
        let pool = pool_of(concealed);
        let mut q = small(mine, calls, &pool);
        q.rules.red_fives = false;
        q
    };
    // (123m) 45678m 234p 55s: 9m makes ittsu (1 han, 30 fu): 1000 from a non-dealer;
    // 6m has no yaku: no loss.
    let q = one("69m11z22z33z55z66z77z", "(123m)", "45678m234p55s");
    let a = safety(&q).unwrap();
    assert_eq!(loss(&a, "9m"), 1000.0);
    assert_eq!(loss(&a, "6m"), 0.0);
    // With red fives (one a suit, none seen: the 5m and one 5s of the hand are red):
    // 3 han, 3900.
    let mut d = q.clone();
    d.rules.red_fives = true;
    assert_eq!(loss(&safety(&d).unwrap(), "9m"), 3900.0);
    // The same against the dealer (seat East): 1500.
    let mut d = q.clone();
    d.opponents[0].seat = Some(Wind::East);
    assert_eq!(loss(&safety(&d).unwrap(), "9m"), 1500.0);
    // With the 9m a dora (indicator 8m from the visible tiles): 2 han, 2000.
    let mut d = q.clone();
    let i = d.visible.iter().position(|t| t.index() == 7).unwrap();
    d.visible.remove(i);
    d.dora.push(Tile::new(7));
    assert_eq!(loss(&safety(&d).unwrap(), "9m"), 2000.0);
    // (777z) chun, 234m 678p 33s 55s: the shanpon on 3s or 5s: yakuhai 1 han and
    // tanyao? no (the 7z): 1000 each, each half the hands... one hand, both waits:
    // each deals in for sure, 1000.
    let q = one("3s5s11z22z33z55z66z1z", "(777z)", "234m678p33s55s");
    let a = safety(&q).unwrap();
    assert_eq!(loss(&a, "3s"), 1000.0);
    assert_eq!(loss(&a, "5s"), 1000.0);
    // (111m) 999m 111p 11s 44z (north: no yakuhai for a south seat in the east
    // round): 4z makes honroutou and toitoi (4 han, 30 fu: 7700), 1s those and the
    // triplets of 1 in three suits (doukou 2: 6 han, haneman 12000); 999m and 111p
    // are concealed, the ron's triplet open: no sanankou.
    let q = one("1s4z11z22z33z55z66z1z", "(111m)", "999m111p11s44z");
    let a = safety(&q).unwrap();
    assert_eq!(loss(&a, "4z"), 7700.0);
    assert_eq!(loss(&a, "1s"), 12000.0);
    check(&q).unwrap();
    // With 99s for the 44z every tile is a terminal: chinroutou, a yakuman (32000).
    let q = one("1s9s11z22z33z55z66z1z", "(111m)", "999m111p11s99s");
    assert_eq!(loss(&safety(&q).unwrap(), "9s"), 32000.0);
    check(&q).unwrap();
}

/// Calls holding four fives of a suit written plain hold its red one (three plain in
/// the set), and my red 5p asked: the opponent's (555m)(456m) 234s 678s 5p waits on 5p
/// (tanki), tanyao; won on my red 5p it counts the calls' red 5m and mine. Each tile's
/// loss against the brute force, which reads the red fives from the tiles.
#[test]
fn plain_fives_in_calls_and_my_red_five_asked() {
    let pool = pool_of("234s678s5p");
    let q = small("0p11z22z33z44z55z66z7z", "(555m)(456m)", &pool);
    assert!(q.rules.red_fives);
    assert_eq!(check(&q).unwrap(), 1);
    assert!(loss(&safety(&q).unwrap(), "0p") > 0.0);
}

/// Ryuuiisou against an open opponent (rule book: every tile one of 2, 3, 4, 6, 8s and
/// the green dragon, a yakuman open or closed): (666z) 234s 234s 66s 88s waits on 6s
/// and 8s (shanpon), either win all green: the limit, 32000 from a non-dealer. With
/// 55s for the 66s the 8s win holds the 5s (not green): the dragon, honitsu (2 han
/// open) at the model's 30 fu, 3 han: 3900; the 5s win the same.
#[test]
fn open_ryuuiisou_pays_the_limit() {
    let one = |concealed: &str, mine: &str| {
        let pool = pool_of(concealed);
        let mut q = small(mine, "(666z)", &pool);
        q.rules.red_fives = false;
        check(&q).unwrap();
        safety(&q).unwrap()
    };
    let a = one("234s234s66s88s", "6s8s11z22z33z44z55z77z");
    assert_eq!(loss(&a, "8s"), 32000.0);
    assert_eq!(loss(&a, "6s"), 32000.0);
    let a = one("234s234s55s88s", "5s8s11z22z33z44z55z77z");
    assert_eq!(loss(&a, "8s"), 3900.0);
    assert_eq!(loss(&a, "5s"), 3900.0);
}

/// Fives written plain beyond the set's plain copies: the hand holding them holds the
/// red one, as the scorer reads it (found by the proptest below, seed 786283097547049571:
/// a pon of 5m written plain, my 5m plain, the red counted by the brute force only).
#[test]
fn fives_written_plain_beyond_the_plain_copies() {
    let one = |mine: &str, red: bool| {
        let pool: Vec<(usize, u8)> = parse_tiles("46m678p234s88s")
            .unwrap()
            .iter()
            .map(|t| (t.index(), 1 + u8::from(t.index() == 25)))
            .collect::<std::collections::BTreeMap<_, _>>()
            .into_iter()
            .collect();
        let mut q = small(mine, "(555m)", &pool);
        q.rules.red_fives = red;
        q
    };
    // (555m) 46m 678p 234s 88s waits on 5m only: open tanyao, 1 han, 30 fu, 1000.
    let q = one("5m9m11z22z33z55z66z77z", false);
    assert_eq!(loss(&safety(&q).unwrap(), "5m"), 1000.0);
    assert_eq!(loss(&safety(&q).unwrap(), "9m"), 0.0);
    // With red fives, the four 5m of the win hold Tenhou's red one: 2 han, 2000,
    // whether my 5m is written plain or red.
    let q = one("5m9m11z22z33z55z66z77z", true);
    assert_eq!(loss(&safety(&q).unwrap(), "5m"), 2000.0);
    check(&q).unwrap();
    let q = one("0m9m11z22z33z55z66z77z", true);
    assert_eq!(loss(&safety(&q).unwrap(), "0m"), 2000.0);
    check(&q).unwrap();
    // The seed that found it.
    check(&with_dora_and_reds(
        situation(786283097547049571),
        786283097547049571,
    ))
    .unwrap();
}

/// A red five in another opponent's call is seen: a riichi opponent's values equal
/// those of the query without the open opponent, its river and calls written among the
/// visible tiles (and differ from the same call written plain, where the last 5p may be
/// the red one).
#[test]
fn a_red_five_in_another_opponents_call_is_seen() {
    let answer = |json: &str| {
        let r: tenpai::safety::SafetyRequest = serde_json::from_str(json).unwrap();
        tenpai::safety::safety_request(&r).unwrap()
    };
    let hand = "123m467p789s1122z5z";
    let both = answer(&format!(
        r#"{{"hand": "{hand}", "opponents": [{{"river": "19m5z3p"}}, {{"river": "8s2z6p", "calls": "(055p)(777z)", "tenpai": true}}]}}"#
    ));
    let alone = |pon: &str| {
        answer(&format!(
            r#"{{"hand": "{hand}", "river": "19m5z3p", "visible": "8s2z6p{pon}777z"}}"#
        ))
    };
    let (red, plain) = (alone("055p"), alone("555p"));
    let mut differ = 0;
    for row in &both.tiles {
        let t = row.tile.to_string();
        let got = row.per_opponent[0].expected_loss.unwrap();
        let want = loss(&red, &t);
        assert!(
            (got - want).abs() <= 1e-9 * want.max(1.0),
            "{t}: {got} against {want}"
        );
        differ += usize::from((loss(&plain, &t) - want).abs() > 1e-6);
    }
    assert!(differ > 0);
}
