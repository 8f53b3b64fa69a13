//! Open (non-riichi) opponents marked tenpai (`tenpai::safety`, module `open`): the
//! counting programme against a brute force that lists every concealed hand of small
//! pools, takes its waits from the shanten engine and judges each win with the
//! library's own scorer (`score::evaluate` on the hand with its calls, a ron); and
//! hand-worked cases.

use proptest::prelude::*;
use tenpai::notation::parse_tiles;
use tenpai::rules::Rules;
use tenpai::safety::{safety, Opponent, SafetyQuery, SafetyRequest};
use tenpai::score::{evaluate, Situation};
use tenpai::shanten::HandCounts;
use tenpai::ukeire::waits_mask;
use tenpai::{Call, CallKind, Hand, Tile, Wind};

pub(crate) const BINOM: [[u128; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// The yaku of the best reading of the win (empty for a yakuman), `None` for no win
/// with a yaku.
pub(crate) fn yaku_of(
    h: &[u8; 34],
    w: usize,
    calls: &[Call],
    s: &Situation,
    rules: &Rules,
) -> Option<Vec<String>> {
    if s.riichi {
        // The yaku-free count (the riichi flag marks it here): every shape wait wins.
        return Some(vec![]);
    }
    let mut tiles: Vec<Tile> = Vec::new();
    for (k, &c) in h.iter().enumerate() {
        for _ in 0..c {
            tiles.push(Tile::new(k as u8));
        }
    }
    tiles.push(Tile::new(w as u8));
    let Ok(hand) = Hand::new(tiles, calls.to_vec()) else {
        return None;
    };
    let e = evaluate(&hand, Tile::new(w as u8), s, rules).ok()?;
    if e.judgement.yakuman(rules).next().is_some() {
        return Some(vec![]);
    }
    let y: Vec<String> = e.judgement.yaku().map(|(y, _)| format!("{y:?}")).collect();
    (!y.is_empty()).then_some(y)
}

thread_local! {
    /// Per yaku, the wins the brute force met (this thread) with it as the only yaku.
    static SOLE: std::cell::RefCell<std::collections::BTreeMap<String, usize>> =
        std::cell::RefCell::default();
}

/// Every concealed hand of `n` tiles from `pool`: the weight of those tenpai with a
/// yaku wait and no wait in `furiten`, and per kind of `asked`, of those winning on
/// it with a yaku.
fn brute(
    pool: &[u8; 34],
    n: u8,
    calls: &[Call],
    furiten: u64,
    asked: &[usize],
    s: &Situation,
    rules: &Rules,
) -> (u128, Vec<u128>) {
    let mut called = [0u8; 34];
    for c in calls {
        for t in c.tiles() {
            called[t.index()] += 1;
        }
    }
    let mut hands: Vec<([u8; 34], u128)> = Vec::new();
    fn rec(
        k: usize,
        left: u8,
        w: u128,
        h: &mut [u8; 34],
        pool: &[u8; 34],
        out: &mut Vec<([u8; 34], u128)>,
    ) {
        if left == 0 {
            out.push((*h, w));
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
                out,
            );
        }
        h[k] = 0;
    }
    rec(0, n, 1, &mut [0; 34], pool, &mut hands);
    let mut total = 0u128;
    let mut per = vec![0u128; asked.len()];
    for (h, w) in hands {
        let hc = HandCounts::new(h, called, calls.len()).unwrap();
        let m = waits_mask(&hc).unwrap();
        if m == 0 || m & furiten != 0 {
            continue;
        }
        let mut yaku: Vec<usize> = Vec::new();
        for k in (0..34).filter(|&k| m & (1 << k) != 0) {
            if let Some(y) = yaku_of(&h, k, calls, s, rules) {
                if let [one] = y.as_slice() {
                    SOLE.with(|c| *c.borrow_mut().entry(one.clone()).or_insert(0) += 1);
                }
                yaku.push(k);
            }
        }
        if yaku.is_empty() {
            continue;
        }
        total += w;
        for (i, k) in asked.iter().enumerate() {
            if yaku.contains(k) {
                per[i] += w;
            }
        }
    }
    (total, per)
}

/// A tiny deterministic generator.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A situation with a small unseen pool: the opponent's calls (one or two: pons of
/// value honors or not, chis, an open kan), a few kinds left unseen, my 14 tiles and
/// its river taken from the seen copies, everything else visible.
pub(crate) fn situation(seed: u64) -> SafetyQuery {
    let mut r = Rng(seed);
    let mut left = [4u8; 34];
    let mut calls: Vec<Call> = Vec::new();
    let ncalls = 1 + r.next(2);
    while calls.len() < ncalls {
        let c = match r.next(4) {
            0 => {
                let k = 27 + r.next(7);
                (CallKind::Pon, vec![k; 3])
            }
            1 => {
                let s = r.next(3);
                let v = r.next(7);
                (CallKind::Chi, vec![9 * s + v, 9 * s + v + 1, 9 * s + v + 2])
            }
            2 => {
                let k = r.next(34);
                (CallKind::Pon, vec![k; 3])
            }
            _ => {
                let k = r.next(34);
                (CallKind::OpenKan, vec![k; 4])
            }
        };
        if c.1.iter().any(|&k| left[k] == 0)
            || c.1.iter().filter(|&&k| k == c.1[0]).count() > usize::from(left[c.1[0]])
        {
            continue;
        }
        let mut tiles: Vec<Tile> = c.1.iter().map(|&k| Tile::new(k as u8)).collect();
        // A kan of fives holds the red five.
        if c.0 == CallKind::OpenKan && c.1[0] < 27 && c.1[0] % 9 == 4 {
            tiles[0] = Tile::from_id(34 + (c.1[0] / 9) as u8).unwrap();
        }
        for &k in &c.1 {
            left[k] -= 1;
        }
        calls.push(Call::new(c.0, &tiles).unwrap());
    }
    // The pool: a few kinds near each other (a suit stretch, honors), 1 to 4 copies.
    let mut pool = [0u8; 34];
    let start = r.next(34);
    let kinds = 4 + r.next(4);
    for i in 0..kinds {
        let k = if r.next(3) == 0 {
            27 + r.next(7)
        } else {
            (start + i) % 34
        };
        let u = (1 + r.next(4) as u8).min(left[k]);
        pool[k] = u;
    }
    finish(&mut r, calls, pool, left)
}

/// A situation built for the yaku read from the hand's reading: one call (a chi for
/// ittsu or sanshoku, a pon for sanshoku doukou) and a pool holding the rest of the
/// yaku's tiles (one copy each; three of the doukou's kinds) and a few other kinds.
pub(crate) fn situation_reading(seed: u64) -> SafetyQuery {
    let mut r = Rng(seed);
    let mut left = [4u8; 34];
    let mut pool = [0u8; 34];
    let s = r.next(3);
    let (others, rest) = ((s + 1) % 3, (s + 2) % 3);
    let call = match r.next(3) {
        0 => {
            // Ittsu: a chi of one of 123, 456, 789; the two others unseen.
            let v = 3 * r.next(3);
            for u in [0, 3, 6].into_iter().filter(|&u| u != v) {
                for k in u..u + 3 {
                    pool[9 * s + k] = 1;
                }
            }
            (CallKind::Chi, vec![9 * s + v, 9 * s + v + 1, 9 * s + v + 2])
        }
        1 => {
            // Sanshoku: a chi, the same run of the two other suits unseen.
            let v = r.next(7);
            for t in [others, rest] {
                for k in v..v + 3 {
                    pool[9 * t + k] = 1;
                }
            }
            (CallKind::Chi, vec![9 * s + v, 9 * s + v + 1, 9 * s + v + 2])
        }
        _ => {
            // Doukou: a pon, the same number of the two other suits unseen (3 each).
            let v = r.next(9);
            pool[9 * others + v] = 3;
            pool[9 * rest + v] = 3;
            (CallKind::Pon, vec![9 * s + v; 3])
        }
    };
    for _ in 0..2 + r.next(3) {
        let k = r.next(34);
        if pool[k] == 0 {
            pool[k] = 1 + r.next(2) as u8;
        }
    }
    let tiles: Vec<Tile> = call.1.iter().map(|&k| Tile::new(k as u8)).collect();
    for &k in &call.1 {
        left[k] -= 1;
        pool[k] = 0;
    }
    let calls = vec![Call::new(call.0, &tiles).unwrap()];
    // A third of them with a closed kan too (a concealed triplet for sanankou).
    let mut kans = Vec::new();
    if r.next(3) == 0 {
        let k = r.next(34);
        if pool[k] == 0 && left[k] == 4 {
            left[k] = 0;
            kans.push(Tile::new(k as u8));
        }
    }
    let mut q = finish(&mut r, calls, pool, left);
    q.opponents[0].kans = kans;
    q
}

/// The rest of a situation: my hand and the opponent's river from the seen copies,
/// its seat, the round, the rules.
fn finish(r: &mut Rng, calls: Vec<Call>, pool: [u8; 34], left: [u8; 34]) -> SafetyQuery {
    let mut seen: Vec<usize> = Vec::new();
    for k in 0..34 {
        for _ in 0..left[k] - pool[k] {
            seen.push(k);
        }
    }
    // My hand: 14 seen tiles, kinds near the pool first.
    let mut keyed: Vec<(u8, usize, usize)> = seen
        .iter()
        .map(|&k| {
            let near = pool[k] > 0 || (k > 0 && pool[k - 1] > 0) || (k < 33 && pool[k + 1] > 0);
            (u8::from(!near), r.next(1000), k)
        })
        .collect();
    keyed.sort_unstable();
    let mut seen: Vec<usize> = keyed.into_iter().map(|(_, _, k)| k).collect();
    let mine: Vec<Tile> = seen.drain(..14).map(|k| Tile::new(k as u8)).collect();
    let mut rest: Vec<usize> = seen;
    let river: Vec<Tile> = (0..r.next(4))
        .map(|_| Tile::new(rest.remove(r.next(rest.len())) as u8))
        .collect();
    let o = Opponent {
        river,
        tenpai: true,
        calls,
        seat: [None, Some(Wind::East), Some(Wind::West)][r.next(3)],
        ..Opponent::default()
    };
    let mut q = SafetyQuery::new(Hand::new(mine, vec![]).unwrap(), vec![o]);
    q.visible = rest.iter().map(|&k| Tile::new(k as u8)).collect();
    q.round = [Wind::East, Wind::South][r.next(2)];
    if r.next(4) == 0 {
        q.rules.open_tanyao = false;
    }
    q
}

/// Checks the chances of `q` against the brute force: 1 if some hand fits, 0 if none
/// (then the query is refused).
fn check(q: &SafetyQuery) -> Result<usize, TestCaseError> {
    let o = &q.opponents[0];
    // Its calls, the closed kans included.
    let calls: Vec<Call> = o
        .calls
        .iter()
        .cloned()
        .chain(
            o.kans
                .iter()
                .map(|&t| Call::new(CallKind::ClosedKan, &[t; 4]).unwrap()),
        )
        .collect();
    let mut pool = [4u8; 34];
    let seen = q
        .hand
        .all_tiles()
        .chain(q.visible.iter().copied())
        .chain(o.river.iter().copied())
        .chain(calls.iter().flat_map(|c| c.tiles().to_vec()));
    for t in seen {
        pool[t.index()] -= 1;
    }
    let n = 13 - 3 * calls.len() as u8;
    let furiten = o.river.iter().fold(0u64, |m, t| m | (1 << t.index()));
    let s = Situation {
        round_wind: q.round,
        seat_wind: o.seat.unwrap_or(Wind::South),
        ..Situation::default()
    };
    let mut asked: Vec<usize> = q.hand.concealed().iter().map(|t| t.index()).collect();
    asked.dedup();
    let (total, per) = brute(&pool, n, &calls, furiten, &asked, &s, &q.rules);
    match safety(q) {
        Err(e) => {
            prop_assert_eq!(total, 0, "{}", e);
            Ok(0)
        }
        Ok(a) => {
            prop_assert!(total > 0);
            for (k, p) in asked.iter().zip(&per) {
                let row = a.tiles.iter().find(|t| t.tile.index() == *k).unwrap();
                let want = *p as f64 / total as f64;
                prop_assert!(
                    (row.deal_in - want).abs() < 1e-12,
                    "{:?}: {} against {}",
                    Tile::new(*k as u8),
                    row.deal_in,
                    want
                );
                prop_assert!(row.expected_loss.is_some());
            }
            Ok(1)
        }
    }
}

/// The generated situations are not trivial: most admit a hand, and among those
/// many give some tile a chance strictly between 0 and 1 (checked on 200 fixed seeds,
/// which must all agree with the brute force too).
#[test]
fn generated_situations_are_varied() {
    let (mut fit, mut mixed, mut yakuless) = (0, 0, 0);
    for seed in 0..200u64 {
        let q = situation(seed * 7919 + 13);
        fit += check(&q).unwrap();
        if let Ok(a) = safety(&q) {
            if a.tiles.iter().any(|t| t.deal_in > 0.0 && t.deal_in < 1.0) {
                mixed += 1;
            }
            // Some tile is a shape wait of a hand but never a yaku wait.
            let shape = shape_only(&q);
            if shape.iter().any(|&(k, p)| {
                p > 0.0
                    && a.tiles
                        .iter()
                        .any(|t| t.tile.index() == k && t.deal_in == 0.0)
            }) {
                yakuless += 1;
            }
        }
    }
    assert!(
        fit >= 100 && mixed >= 80 && yakuless >= 10,
        "{fit} {mixed} {yakuless}"
    );
    // And 100 situations built for the yaku read from the hand's reading.
    let (mut fit_reading, mut fit_kan) = (0, 0);
    for seed in 0..100u64 {
        let q = situation_reading(seed * 7919 + 17);
        let f = check(&q).unwrap();
        fit_reading += f;
        if !q.opponents[0].kans.is_empty() {
            fit_kan += f;
        }
    }
    assert!(fit_reading >= 30 && fit_kan >= 5, "{fit_reading} {fit_kan}");
    // Wins whose only yaku is one of those read from the hand's reading.
    let sole = SOLE.with(|c| c.borrow().clone());
    for y in [
        "Ittsu",
        "Sanshoku",
        "Chanta",
        "Junchan",
        "SanshokuDoukou",
        "Sanankou",
    ] {
        assert!(sole.get(y).copied().unwrap_or(0) > 0, "{y}: {sole:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The programme equals the brute force judged by the scorer on generated
    /// situations.
    #[test]
    fn open_chances_equal_brute_force(seed in any::<u64>()) {
        check(&situation(seed))?;
    }

    /// The same on situations built for ittsu, sanshoku and sanshoku doukou.
    #[test]
    fn reading_yaku_equal_brute_force(seed in any::<u64>()) {
        check(&situation_reading(seed))?;
    }
}

/// My hand against an opponent with `calls`, only the kinds of `pool` unseen (the
/// rest visible), nothing in its river.
pub(crate) fn small(mine: &str, calls: &str, pool: &[(usize, u8)]) -> SafetyQuery {
    let mut seen = [4u8; 34];
    for t in parse_tiles(mine).unwrap() {
        seen[t.index()] -= 1;
    }
    let req = SafetyRequest {
        hand: mine.into(),
        calls: calls.into(),
        tenpai: true,
        ..SafetyRequest::default()
    };
    let mut q = req.query().unwrap();
    for c in &q.opponents[0].calls {
        for t in c.tiles() {
            seen[t.index()] -= 1;
        }
    }
    for &(k, u) in pool {
        seen[k] -= u;
    }
    for (k, &c) in seen.iter().enumerate() {
        for _ in 0..c {
            q.visible.push(Tile::new(k as u8));
        }
    }
    q
}

/// The unseen kinds of a written hand with their copies (`small`'s pool): the
/// tiles of the one concealed hand a hand-made case leaves possible.
pub(crate) fn pool_of(concealed: &str) -> Vec<(usize, u8)> {
    let mut pool = [0u8; 34];
    for t in parse_tiles(concealed).unwrap() {
        pool[t.index()] += 1;
    }
    (0..34)
        .filter(|&k| pool[k] > 0)
        .map(|k| (k, pool[k]))
        .collect()
}

/// The shape-only chances (every tenpai hand, every wait, no yaku asked) of my kinds.
fn shape_only(q: &SafetyQuery) -> Vec<(usize, f64)> {
    let o = &q.opponents[0];
    let mut pool = [4u8; 34];
    let seen = q
        .hand
        .all_tiles()
        .chain(q.visible.iter().copied())
        .chain(o.river.iter().copied())
        .chain(o.calls.iter().flat_map(|c| c.tiles().to_vec()));
    for t in seen {
        pool[t.index()] -= 1;
    }
    let furiten = o.river.iter().fold(0u64, |m, t| m | (1 << t.index()));
    let mut asked: Vec<usize> = q.hand.concealed().iter().map(|t| t.index()).collect();
    asked.dedup();
    let s = Situation {
        riichi: true,
        ..Situation::default()
    };
    let (total, per) = brute(
        &pool,
        13 - 3 * o.calls.len() as u8,
        &o.calls,
        furiten,
        &asked,
        &s,
        &q.rules,
    );
    asked
        .iter()
        .zip(per)
        .map(|(&k, p)| (k, p as f64 / total as f64))
        .collect()
}

/// The answer of `q`, checked against the brute force and, tile by tile, equal to the
/// shape-only chance (every wait counts: the opponent has a yaku whatever it waits
/// on); with the shape-only chances.
fn every_wait_counts(q: &SafetyQuery) -> (tenpai::safety::Safety, Vec<(usize, f64)>) {
    let a = safety(q).unwrap();
    check(q).unwrap();
    let shape = shape_only(q);
    for &(k, p) in &shape {
        let row = a.tiles.iter().find(|t| t.tile.index() == k).unwrap();
        assert!((row.deal_in - p).abs() < 1e-12, "{row:?} against {p}");
    }
    (a, shape)
}

/// With a pon of a dragon every wait has a yaku (yakuhai): each tile's chance is the
/// shape-only chance.
#[test]
fn dragon_pon_every_wait_counts() {
    // Unseen: 1p-6p and 1s-3s, two copies each; a mixed pool (no flush, terminals).
    let pool: Vec<(usize, u8)> = (9..15).chain(18..21).map(|k| (k, 2)).collect();
    let q = small("1166p1133s789m456m", "(777z)", &pool);
    let (a, _) = every_wait_counts(&q);
    assert!(a.tiles.iter().any(|t| t.deal_in > 0.0));
}

/// The dealer's pon of East in the East round is a yakuhai (a double one): every wait
/// counts, each tile's chance is the shape-only chance. South's pon of East in the
/// South round is none, and with no other yaku possible here the opponent is refused.
#[test]
fn double_east_pon_every_wait_counts() {
    // Unseen: 3m-6m and 3p-6p, two copies each: two-sided waits with no other yaku.
    let pool: Vec<(usize, u8)> = (2..6).chain(11..15).map(|k| (k, 2)).collect();
    let mut q = small("34m56p", "(111z)", &pool);
    q.opponents[0].seat = Some(Wind::East);
    let (_, shape) = every_wait_counts(&q);
    assert!(shape.iter().all(|&(_, p)| p > 0.0), "{shape:?}");
    q.opponents[0].seat = Some(Wind::South);
    q.round = Wind::South;
    let e = safety(&q).unwrap_err().to_string();
    assert!(e.contains("no tenpai hand with a yaku"), "{e}");
}

/// A kind discarded twice is furiten once: against an open opponent whose river holds
/// 9p twice, my 9p is genbutsu, though 78p and a 9p tanki could wait on it.
#[test]
fn a_kind_discarded_twice_stays_furiten() {
    // Unseen: 3m-6m and 3p-8p, two copies each, and the last 9p.
    let mut pool: Vec<(usize, u8)> = (2..6).chain(11..17).map(|k| (k, 2)).collect();
    pool.push((17, 1));
    let mut q = small("34m9p1z", "(777z)", &pool);
    // The river's tiles come out of the visible ones (the same unseen pool).
    let river = parse_tiles("9p1s9p").unwrap();
    for t in &river {
        let i = q.visible.iter().position(|v| v == t).unwrap();
        q.visible.remove(i);
    }
    q.opponents[0].river = river;
    let a = safety(&q).unwrap();
    assert_eq!(chance(&a, Tile::from_mpsz("9p").unwrap().index()), 0.0);
    assert!(chance(&a, Tile::from_mpsz("3m").unwrap().index()) > 0.0);
}

/// An open kan of fives holds the suit's red five however it is written: `(5555m)`
/// and `(0555m)` are the same call, and every tile's chance and expected loss agree.
#[test]
fn a_kan_of_fives_holds_the_red_five_however_written() {
    let pool: Vec<(usize, u8)> = (11..15).chain(19..23).map(|k| (k, 2)).collect();
    let answer = |calls: &str| {
        let q = small("3p6p4s7s", calls, &pool);
        safety(&q).unwrap()
    };
    let plain = answer("(777z)(5555m)");
    let red = answer("(777z)(0555m)");
    assert_eq!(plain.tiles.len(), red.tiles.len());
    for (a, b) in plain.tiles.iter().zip(&red.tiles) {
        assert_eq!(a.tile, b.tile);
        assert!((a.deal_in - b.deal_in).abs() < 1e-15, "{a:?} {b:?}");
        let (x, y) = (a.expected_loss.unwrap(), b.expected_loss.unwrap());
        assert!((x - y).abs() < 1e-9, "{a:?} {b:?}");
    }
    assert!(plain.tiles.iter().any(|t| t.expected_loss.unwrap() > 0.0));
}

/// Three open kans are sankantsu, a yaku of the calls: every wait counts, each tile's
/// chance is the shape-only chance (with 1m and 9p in the calls no tanyao, with three
/// suits no flush, and a two-sided wait has no other yaku).
#[test]
fn three_open_kans_every_wait_counts() {
    // Unseen: 3m-6m and 3p-6p, two copies each.
    let pool: Vec<(usize, u8)> = (2..6).chain(11..15).map(|k| (k, 2)).collect();
    let q = small("34m56p", "(1111m)(9999p)(2222s)", &pool);
    let (_, shape) = every_wait_counts(&q);
    assert!(shape.iter().all(|&(_, p)| p > 0.0), "{shape:?}");
}

/// A chi of 123m, the unseen tiles 1m-6m and 4p-6p, two copies each: a hand with
/// pins has no yaku (no flush, no tanyao with the chi's 1m, no honor, no toitoi with
/// a chi, no outside hand with 456p, no ittsu or sanshoku without 7m-9m and sou, no
/// three concealed triplets from two copies), so the pins' waits never count (6p:
/// 0, though it is a shape wait of many hands), while the all-man hands (chinitsu)
/// count every wait.
#[test]
fn chi_without_yaku_waits_do_not_count() {
    let pool: Vec<(usize, u8)> = (0..6).chain(12..15).map(|k| (k, 2)).collect();
    let q = small("11p66p11s99s1122z3m6m", "(123m)", &pool);
    let a = safety(&q).unwrap();
    check(&q).unwrap();
    let shape = shape_only(&q);
    let p6 = Tile::from_mpsz("6p").unwrap().index();
    let m3 = Tile::from_mpsz("3m").unwrap().index();
    let shape_of = |k: usize| shape.iter().find(|(kk, _)| *kk == k).unwrap().1;
    assert_eq!(chance(&a, p6), 0.0);
    assert!(shape_of(p6) > 0.0);
    assert!(chance(&a, m3) > 0.0);
}

/// The chance of kind `k` in an answer.
fn chance(a: &tenpai::safety::Safety, k: usize) -> f64 {
    a.tiles
        .iter()
        .find(|t| t.tile.index() == k)
        .unwrap()
        .deal_in
}

/// One possible concealed hand (the unseen tiles are exactly its tiles), with two
/// shape waits: the one giving the hand its only yaku deals in for sure, the other
/// never (it wins without a yaku). `mine` holds both waits.
fn only_yaku(mine: &str, calls: &str, concealed: &str, yaku: &str, other: &str) {
    let pool = pool_of(concealed);
    let q = small(mine, calls, &pool);
    let a = safety(&q).unwrap();
    check(&q).unwrap();
    let y = Tile::from_mpsz(yaku).unwrap().index();
    let o = Tile::from_mpsz(other).unwrap().index();
    assert_eq!(chance(&a, y), 1.0, "{concealed} on {yaku}");
    assert_eq!(chance(&a, o), 0.0, "{concealed} on {other}");
    // Both are shape waits of the hand.
    let shape = shape_only(&q);
    for k in [y, o] {
        assert_eq!(shape.iter().find(|(kk, _)| *kk == k).unwrap().1, 1.0);
    }
}

/// Ittsu: (123m) and 456m78m234p55s wait on 6m and 9m; 9m makes 123-456-789m (its
/// only yaku), 6m makes nothing (no tanyao with the chi's 1m).
#[test]
fn ittsu_is_the_only_yaku() {
    only_yaku(
        "69m11z22z33z55z66z77z",
        "(123m)",
        "45678m234p55s",
        "9m",
        "6m",
    );
}

/// Sanshoku: (234m) and 234p678m23s99p wait on 1s and 4s; 4s makes 234 in the three
/// suits, 1s nothing (the 99p pair and 123s: no tanyao).
#[test]
fn sanshoku_is_the_only_yaku() {
    only_yaku(
        "14s11z22z33z55z66z77z",
        "(234m)",
        "234p678m23s99p",
        "4s",
        "1s",
    );
}

/// Chanta: (123m) and 789p444z99s78s (north, no value wind for a south seat in an
/// east round) wait on 6s and 9s; 9s makes every group hold a terminal or an honor,
/// 6s makes 678s (nothing).
#[test]
fn chanta_is_the_only_yaku() {
    only_yaku(
        "69s11z22z33z55z66z77z",
        "(123m)",
        "789p444z99s78s",
        "9s",
        "6s",
    );
}

/// Sanankou: (123m) and 222p444p666s5s wait on 5s (tanki): three concealed triplets.
/// Sanshoku doukou: (222m) and 222p22s567s99m: 2s (shanpon) makes the triplets of 2
/// in the three suits, 9m makes a pair's triplet (no yaku: 9m breaks tanyao).
#[test]
fn sanankou_and_doukou_are_yaku() {
    let pool: Vec<(usize, u8)> = ["2p", "4p", "6s"]
        .iter()
        .map(|t| (Tile::from_mpsz(t).unwrap().index(), 3))
        .chain([(Tile::from_mpsz("5s").unwrap().index(), 1)])
        .collect();
    let q = small("5s9p11z22z33z55z66z77z", "(123m)", &pool);
    let a = safety(&q).unwrap();
    check(&q).unwrap();
    assert_eq!(chance(&a, Tile::from_mpsz("5s").unwrap().index()), 1.0);
    only_yaku(
        "2s9m11z22z33z55z66z7z",
        "(222m)",
        "222p22s567s99m",
        "2s",
        "9m",
    );
}

/// Hand-made situations for the yaku read from the whole hand's reading, each against
/// the brute force, each with the tile it is built for dealing in only through that
/// yaku: sanshoku 234 with the chi's run also among the concealed tiles ((234m) and
/// 234m 234p 234s, a 9s tanki); sanshoku on either of two pair-or-wait groups
/// ((234m)(234s), 23444p and 55z: the 4p wait reads 234p 444p with the 55z pair,
/// the 5z wait reads 234p 44p with 555z); sanshoku on one reading of two such groups
/// only, and no other yaku ((234m)(234s), 99m and 34555p: the 2p wait reads 234p
/// 555p with the 99m pair, the complete 345p 55p has no 234).
#[test]
fn reading_yaku_in_hand_made_situations() {
    // (My hand, the opponent's calls, the unseen kinds, the tile the case is for.)
    type Case = (&'static str, &'static str, Vec<(usize, u8)>, &'static str);
    let cases: [Case; 3] = [
        (
            "9s5z",
            "(234m)",
            vec![
                (1, 1),
                (2, 1),
                (3, 1),
                (10, 1),
                (11, 1),
                (12, 1),
                (19, 1),
                (20, 1),
                (21, 1),
                (26, 2),
            ],
            "9s",
        ),
        (
            "1p4p5z7z",
            "(234m)(234s)",
            vec![(9, 1), (10, 1), (11, 1), (12, 2), (31, 2)],
            "5z",
        ),
        (
            "2p5p9m7z",
            "(234m)(234s)",
            vec![(8, 2), (10, 1), (11, 1), (12, 1), (13, 3)],
            "2p",
        ),
    ];
    for (mine, calls, pool, tile) in cases {
        let q = small(mine, calls, &pool);
        assert_eq!(check(&q).unwrap(), 1, "{calls} {mine}");
        let a = safety(&q).unwrap();
        let row = a.tiles.iter().find(|t| t.tile.to_string() == tile).unwrap();
        assert!(row.deal_in > 0.0, "{calls}: {tile} {}", row.deal_in);
    }
}

/// Tanyao needs the winning tile simple: with every 4m in an open kan, 23m waits only
/// on the 1m, so (4444m)(567s) 23m 678p 55s has no yaku on any wait, and the
/// programme, like the brute force, finds no hand to count.
#[test]
fn a_terminal_wait_gives_no_tanyao() {
    let pool = [(0, 1), (1, 1), (2, 1), (14, 1), (15, 1), (16, 1), (22, 2)];
    let q = small("1m9s", "(4444m)(567s)", &pool);
    assert_eq!(check(&q).unwrap(), 0);
    assert!(safety(&q).is_err());
}
