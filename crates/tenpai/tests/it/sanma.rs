//! Three-player mahjong (sanma): scoring fixtures worked by hand from the rules cited in
//! `tenpai::rules` (`tests/data/sanma_score.jsonl`), the 3-player logs kept as fixtures
//! (`tests/data/sanma/`, see its SOURCE.md) replayed against the servers' records, the
//! refusal of requests that mix the rules, and shanten, waits, ukeire and the discard
//! ranking against an independent brute force over the 108-tile set.
#![allow(clippy::print_stderr, clippy::needless_range_loop)]

use serde_json::Value;
use std::path::PathBuf;
use tenpai::logs::{self, track};
use tenpai::score::{score_request, ScoreRequest};
use tenpai::{sanma, Hand, Tile};

use crate::common;
use common::rng::Rng;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

// ---------------------------------------------------------------------------------
// Scoring fixtures.
// ---------------------------------------------------------------------------------

#[test]
fn scoring_fixtures() {
    let text = std::fs::read_to_string(data("sanma_score.jsonl")).unwrap();
    let mut failures = Vec::new();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        n += 1;
        let case: Value = serde_json::from_str(line).unwrap();
        let name = case["name"].as_str().unwrap();
        let req = ScoreRequest::from_json(&case["req"].to_string()).unwrap();
        let e = &case["expect"];
        let got = score_request(&req);
        let mut bad = Vec::new();
        match (&got, e.get("error").or(e.get("error_is"))) {
            (Err(err), Some(want)) => {
                let msg = err.to_string();
                let want = want.as_str().unwrap();
                let ok = if e.get("error_is").is_some() {
                    msg == want
                } else {
                    msg.contains(want)
                };
                if !ok {
                    bad.push(format!("error {msg:?}, expected {want:?}"));
                }
                if let Some(p) = e.get("position") {
                    if err.position().map(|p| p as u64) != p.as_u64() {
                        bad.push(format!("position {:?} != {p}", err.position()));
                    }
                }
            }
            (Err(err), None) => bad.push(format!("error {err}")),
            (Ok(r), Some(want)) => bad.push(format!("scored {} instead of error {want}", r.points)),
            (Ok(r), None) => {
                let v = serde_json::to_value(r).unwrap();
                if let Some(y) = e.get("yaku") {
                    let got: serde_json::Map<String, Value> = r
                        .yaku
                        .iter()
                        .map(|y| (y.name.to_string(), Value::from(y.han)))
                        .collect();
                    if &Value::Object(got.clone()) != y {
                        bad.push(format!("yaku {got:?} != {y}"));
                    }
                }
                if let Some(y) = e.get("yakuman") {
                    let got: serde_json::Map<String, Value> = r
                        .yakuman
                        .iter()
                        .map(|y| (y.name.to_string(), Value::from(y.multiplier)))
                        .collect();
                    if &Value::Object(got.clone()) != y {
                        bad.push(format!("yakuman {got:?} != {y}"));
                    }
                }
                for key in [
                    "han",
                    "fu",
                    "points",
                    "limit",
                    "wait",
                    "payments",
                    "total_received",
                ] {
                    if let Some(want) = e.get(key) {
                        if &v[key] != want {
                            bad.push(format!("{key} {} != {want}", v[key]));
                        }
                    }
                }
                for h in e.get("has").and_then(Value::as_array).into_iter().flatten() {
                    if !r.yaku.iter().any(|y| y.name.as_str() == h) {
                        bad.push(format!("missing {h}"));
                    }
                }
            }
        }
        if !bad.is_empty() {
            failures.push(format!("{name}: {}", bad.join("; ")));
        }
    }
    for f in &failures {
        eprintln!("{f}");
    }
    assert!(n >= 30, "{n} cases");
    assert!(failures.is_empty(), "{} of {n} cases fail", failures.len());
}

#[test]
fn presets_and_request_round_trip() {
    use tenpai::rules::{Rules, SanmaTsumo};
    for (name, players, double) in [
        ("tenhou", 4, false),
        ("majsoul", 4, true),
        ("tenhou-sanma", 3, false),
        ("majsoul-sanma", 3, true),
    ] {
        let r = Rules::preset(name).unwrap();
        assert_eq!(
            (r.players, r.double_yakuman, r.name.as_ref()),
            (players, double, name)
        );
        assert_eq!(r.sanma_tsumo, SanmaTsumo::Loss);
        assert_eq!(r.honba_ron(), if players == 3 { 200 } else { 300 });
    }
    // A four-player request written out has no sanma fields (its JSON is unchanged).
    let s = tenpai::score::Situation::default();
    let four = ScoreRequest::from_situation("123m".into(), Tile::new(0), &s, &Rules::tenhou());
    let text = serde_json::to_string(&four).unwrap();
    assert!(
        !text.contains("nukidora") && !text.contains("sanma_tsumo"),
        "{text}"
    );
    let s = tenpai::score::Situation {
        nukidora: 2,
        ..Default::default()
    };
    let three =
        ScoreRequest::from_situation("123p".into(), Tile::new(9), &s, &Rules::tenhou_sanma());
    let back = ScoreRequest::from_json(&serde_json::to_string(&three).unwrap()).unwrap();
    assert_eq!(
        (back.nukidora, back.sanma_tsumo),
        (2, Some(SanmaTsumo::Loss))
    );
    // Unknown-field suggestions know the new fields.
    let e = ScoreRequest::from_json(r#"{"hand": "1m", "nukidoa": 1}"#).unwrap_err();
    assert!(e.to_string().contains("did you mean \"nukidora\"?"), "{e}");
}

// ---------------------------------------------------------------------------------
// Three-player logs (fixtures with their source named in tests/data/sanma/SOURCE.md).
// ---------------------------------------------------------------------------------

#[test]
fn three_player_logs_agree_with_the_record() {
    let files = common::sanma_logs();
    let (mut games, mut wins, mut agree, mut rounds, mut balanced) = (0, 0, 0, 0, 0);
    let mut unbalanced = Vec::new();
    let mut kinds = std::collections::BTreeSet::new();
    for f in &files {
        let game = logs::read_file(f).unwrap();
        assert_eq!(game.rules.players, 3, "{}", f.display());
        games += 1;
        let mut results = Vec::new();
        for w in &game.wins {
            wins += 1;
            let (r, d) = logs::verify(w, &game.rules).unwrap();
            assert_eq!(r.rules, "tenhou-sanma");
            if d.is_empty() {
                agree += 1;
            } else {
                eprintln!("{}: {} {:?}", f.display(), w.round_label(), d);
            }
            if w.nukidora() > 0 {
                kinds.insert("nukidora");
            }
            if w.tsumo {
                kinds.insert("tsumo");
            } else {
                kinds.insert("ron");
            }
            if w.situation.chankan {
                kinds.insert("chankan");
            }
            if w.calls.iter().any(|c| c.kind == logs::MeldType::Pon) {
                kinds.insert("pon");
            }
            if w.paid_honba > 0 {
                kinds.insert("honba");
            }
            results.push(Ok(r));
        }
        let check = track::check_game_with(&game, &results).unwrap();
        for r in &check.rounds {
            rounds += 1;
            match &r.mismatch {
                None => balanced += 1,
                Some(m) => unbalanced.push(format!(
                    "{}: {}: {m}",
                    f.file_name().unwrap().to_string_lossy(),
                    r.round
                )),
            }
        }
    }
    eprintln!("{games} games, {wins} wins, {agree} agree; {balanced}/{rounds} rounds balance");
    assert_eq!((games, wins, agree), (4, 16, 16));
    assert_eq!((rounds, balanced), (20, 19));
    // The one exported round that leaves the riichi stick out (SOURCE.md).
    assert_eq!(
        unbalanced,
        ["kokushi_peinuki.json: E3: deltas[2]: computed 49000, recorded 48000"]
    );
    for k in ["nukidora", "tsumo", "ron", "chankan", "pon", "honba"] {
        assert!(kinds.contains(k), "no {k} win among the fixtures");
    }
}

#[test]
fn tenhou_houou_game_balances_to_its_final_scores() {
    let game = logs::read_file(&data("sanma/double_nukidora.json")).unwrap();
    let check = track::check_game(&game).unwrap();
    assert_eq!(check.rounds.len(), 12);
    assert_eq!(check.first_mismatch(), None);
    assert!(check.recorded_final_scores.is_some());
}

// ---------------------------------------------------------------------------------
// Requests that mix the rules.
// ---------------------------------------------------------------------------------

fn hand(s: &str) -> Hand {
    s.parse().unwrap()
}

#[test]
fn efficiency_refuses_four_player_tiles_and_chi() {
    for (h, want) in [
        ("2m19m123456p1237s", "2m is not in a three-player game"),
        (
            "19m123456p1s (789s) 1z",
            "chi (789s) in a three-player game",
        ),
        ("0m19m123456p1237s", "5m is not in a three-player game"),
    ] {
        let e = sanma::shanten(&hand(h)).unwrap_err().to_string();
        assert!(e.contains(want), "{h}: {e}");
        assert!(sanma::waits(&hand(h)).is_err());
        assert!(sanma::ukeire(&hand(h), &[]).is_err());
    }
    let e = sanma::ukeire(&hand("19m123456p1237s1z"), &[Tile::new(3)]).unwrap_err();
    assert!(e.to_string().contains("visible tile 4m"), "{e}");
    assert!(sanma::discards(&hand("19m123456p12378s1z"), &[Tile::new(4)]).is_err());
    assert_eq!(sanma::removed_tile_position("19m123p3m"), Some(7));
    assert_eq!(sanma::removed_tile_position("19m123p456s"), None);
    // Glyphs (Unicode's Mahjong Tiles block): U+1F007 is 1m, U+1F008..=U+1F00E are 2m-8m,
    // U+1F00F is 9m; positions count characters.
    assert_eq!(
        sanma::removed_tile_position("\u{1F007}\u{1F00F}\u{1F008}"),
        Some(2)
    );
    assert_eq!(sanma::removed_tile_position("\u{1F007}\u{1F00E}"), Some(1));
    assert_eq!(sanma::removed_tile_position("\u{1F007}\u{1F00F}19p"), None);
}

#[test]
fn removed_tiles_are_never_waits_or_draws() {
    // Four players: an isolated 1m grows into 12m/13m with 2m or 3m; three: it cannot.
    let h = hand("1m123456p123s155z");
    let four = tenpai::ukeire::ukeire(&h, &[]).unwrap();
    let three = sanma::ukeire(&h, &[]).unwrap();
    let has = |u: &tenpai::ukeire::Ukeire, t: &str| u.tiles.iter().any(|x| x.to_string() == t);
    assert!(has(&four, "2m") && has(&four, "3m"));
    assert!(!has(&three, "2m") && !has(&three, "3m") && has(&three, "1m"));
    // 1111m holds every 1m: with three players the fourth cannot make 123m.
    let h = hand("1111m9999m11p123s");
    assert_eq!(tenpai::shanten::shanten(&h).regular, 1);
    assert_eq!(sanma::shanten(&h).unwrap().regular, 2);
    // Chiitoitsu: new kinds that help are never 2m-8m.
    let h = hand("1199m1155p1177s1z");
    let u = sanma::ukeire(&h, &[]).unwrap();
    assert!(u.tiles.iter().all(|t| sanma::in_game(*t)));
}

// ---------------------------------------------------------------------------------
// Brute force over the 108 tiles: shanten, waits, ukeire and the discard ranking.
// ---------------------------------------------------------------------------------

/// The kinds in a three-player game.
fn kinds() -> Vec<usize> {
    (0..34).filter(|&k| !(1..8).contains(&k)).collect()
}

/// Every meld of the three-player kinds: triplets, and sequences of pins and sous.
fn melds() -> Vec<[usize; 3]> {
    let mut v: Vec<[usize; 3]> = kinds().into_iter().map(|k| [k, k, k]).collect();
    for s in 1..3 {
        for n in 0..7 {
            let k = 9 * s + n;
            v.push([k, k + 1, k + 2]);
        }
    }
    v
}

/// The least number of tiles to add to `conc` for `m` melds and a pair within `cap`,
/// by trying every pair and every multiset of melds.
fn regular(conc: &[u8; 34], cap: &[u8; 34], m: usize, melds: &[[usize; 3]]) -> u8 {
    #[allow(clippy::too_many_arguments)]
    fn go(
        start: usize,
        left: usize,
        cost: u8,
        conc: &[u8; 34],
        cap: &[u8; 34],
        w: &mut [u8; 34],
        melds: &[[usize; 3]],
        best: &mut u8,
    ) {
        if cost >= *best {
            return;
        }
        if left == 0 {
            *best = cost;
            return;
        }
        for i in start..melds.len() {
            let mut c = 0;
            let mut n = 0;
            let mut ok = true;
            for &k in &melds[i] {
                if w[k] >= cap[k] {
                    ok = false;
                    break;
                }
                c += u8::from(w[k] >= conc[k]);
                w[k] += 1;
                n += 1;
            }
            if ok {
                go(i, left - 1, cost + c, conc, cap, w, melds, best);
            }
            for &k in &melds[i][..n] {
                w[k] -= 1;
            }
        }
    }
    let mut best = u8::MAX;
    let mut w = [0u8; 34];
    for p in kinds() {
        if cap[p] < 2 {
            continue;
        }
        w[p] = 2;
        go(
            0,
            m,
            2u8.saturating_sub(conc[p]),
            conc,
            cap,
            &mut w,
            melds,
            &mut best,
        );
        w[p] = 0;
    }
    best
}

/// Overall distance (shanten + 1) of a three-player hand by brute force.
fn distance(conc: &[u8; 34], called: &[u8; 34], calls: usize, melds: &[[usize; 3]]) -> u8 {
    let tiles: usize = conc.iter().map(|&n| n as usize).sum();
    let mut cap = [0u8; 34];
    for k in kinds() {
        cap[k] = 4 - called[k];
    }
    let mut best = regular(conc, &cap, tiles / 3, melds);
    if calls == 0 && tiles >= 13 {
        let mut lack: Vec<u8> = kinds()
            .iter()
            .map(|&k| 2u8.saturating_sub(conc[k]))
            .collect();
        lack.sort();
        best = best.min(lack[..7].iter().sum());
        let y = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        for p in y {
            let c: u8 = y
                .iter()
                .map(|&k| (if k == p { 2u8 } else { 1 }).saturating_sub(conc[k]))
                .sum();
            best = best.min(c);
        }
    }
    best
}

/// A random three-player hand: 0-2 pons or kans (no chi), then concealed tiles from
/// the 108-tile wall; a third of them drawn only from the terminals, honors and a few
/// kinds, to stress the four-copy limit and the lone 1m/9m.
fn random_hand(rng: &mut Rng) -> Hand {
    let ks = kinds();
    let narrow = rng.below(3) == 0;
    let pool: Vec<usize> = if narrow {
        let mut p = vec![0, 8, 30];
        for _ in 0..4 {
            p.push(ks[rng.below(ks.len())]);
        }
        p
    } else {
        ks.clone()
    };
    let mut used = [0u8; 34];
    let mut calls = Vec::new();
    let n_calls = [0, 0, 0, 1, 2][rng.below(5)];
    for _ in 0..n_calls {
        let k = ks[rng.below(ks.len())];
        let kan = rng.below(4) == 0;
        let n = if kan { 4 } else { 3 };
        if used[k] + n > 4 {
            continue;
        }
        used[k] += n;
        let t = vec![Tile::new(k as u8); n as usize];
        let kind = if kan {
            tenpai::CallKind::OpenKan
        } else {
            tenpai::CallKind::Pon
        };
        calls.push(tenpai::Call::new(kind, &t).unwrap());
    }
    let size = 14 - 3 * calls.len() - rng.below(2);
    let mut conc = Vec::new();
    let mut tries = 0;
    while conc.len() < size {
        // A narrow pool can run out of copies: then draw from every kind.
        tries += 1;
        let k = if tries < 200 {
            pool[rng.below(pool.len())]
        } else {
            ks[rng.below(ks.len())]
        };
        if used[k] < 4 {
            used[k] += 1;
            conc.push(Tile::new(k as u8));
        }
    }
    Hand::new(conc, calls).unwrap()
}

/// Check one hand's fast answers against the brute force.
fn check(h: &Hand, melds: &[[usize; 3]], deep: bool) {
    let conc = h.concealed_counts().0;
    let called = h.call_counts().0;
    let calls = h.calls().len();
    let fast = sanma::shanten(h).unwrap();
    let d = distance(&conc, &called, calls, melds);
    assert_eq!((fast.value() + 1) as u8, d, "shanten of {h}");
    if h.concealed().len() % 3 == 1 {
        let mut expect = Vec::new();
        let mut count = 0u32;
        for k in kinds() {
            if conc[k] + called[k] >= 4 {
                continue;
            }
            let mut c2 = conc;
            c2[k] += 1;
            if distance(&c2, &called, calls, melds) < d {
                expect.push(Tile::new(k as u8));
                count += u32::from(4 - conc[k] - called[k]);
            }
        }
        let u = sanma::ukeire(h, &[]).unwrap();
        assert_eq!(u.tiles, expect, "ukeire of {h}");
        assert_eq!(u.count, count, "ukeire count of {h}");
        let w = sanma::waits(h).unwrap();
        if d == 1 {
            assert_eq!(w, expect, "waits of {h}");
        } else {
            assert!(w.is_empty(), "waits of {h}");
        }
    } else if deep {
        let ranked = sanma::discards(h, &[]).unwrap();
        for r in &ranked {
            let after = h.without_tile(r.discard).unwrap();
            let u = sanma::ukeire(&after, &[]).unwrap();
            assert_eq!(r.shanten, u.shanten.value(), "{h} discard {}", r.discard);
            assert_eq!((&r.ukeire_tiles, r.ukeire_count), (&u.tiles, u.count));
        }
    }
}

/// Seeded random hands against the brute force. CI checks 3,000 hands (seconds in a
/// debug build); the issue's 50,000 were run once by hand in release mode with
/// `TENPAI_SANMA_HANDS=50000 cargo test --release -p tenpai --test sanma` (all agreed:
/// 2,309 tenpai, 88 complete).
#[test]
fn random_hands_agree_with_brute_force() {
    let n: usize = std::env::var("TENPAI_SANMA_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let melds = melds();
    let mut rng = Rng(0x5a17_3b0e_c0ff_ee11);
    let (mut tenpai_hands, mut complete) = (0, 0);
    for i in 0..n {
        let h = random_hand(&mut rng);
        check(&h, &melds, i % 10 == 0);
        let s = sanma::shanten(&h).unwrap().value();
        tenpai_hands += usize::from(s == 0);
        complete += usize::from(s < 0);
    }
    eprintln!(
        "{n} sanma hands agree with the brute force ({tenpai_hands} tenpai, {complete} complete)"
    );
    assert!(tenpai_hands > 0);
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Uniform hands of 13 or 14 tiles from the 108.
        #[test]
        fn uniform_closed_hands(picks in proptest::collection::vec(0usize..27, 14), short in any::<bool>()) {
            let ks = kinds();
            let mut used = [0u8; 34];
            let mut conc = Vec::new();
            for p in picks.iter().take(if short { 13 } else { 14 }) {
                let mut k = ks[*p];
                while used[k] >= 4 {
                    k = ks[(ks.iter().position(|&x| x == k).unwrap() + 1) % ks.len()];
                }
                used[k] += 1;
                conc.push(Tile::new(k as u8));
            }
            let h = Hand::new(conc, Vec::new()).unwrap();
            check(&h, &melds(), true);
        }
    }
}

#[test]
fn advise_draws_from_the_108_tiles() {
    use tenpai::advise::{advise, AdviseOptions};
    let opts = AdviseOptions {
        draws: 3,
        changes: 0,
        rules: tenpai::rules::Rules::tenhou_sanma(),
        seat_wind: tenpai::Wind::South,
        ..AdviseOptions::default()
    };
    // After a discard, 13 tiles in hand: 136 - 13 = 123 unseen with four players,
    // 108 - 13 = 95 with three.
    let h = hand("1m123456p123s1556z");
    let three = advise(&h, &opts).unwrap();
    let four = advise(
        &h,
        &AdviseOptions {
            rules: tenpai::rules::Rules::tenhou(),
            ..opts.clone()
        },
    )
    .unwrap();
    assert_eq!((three.pool, four.pool), (95, 123));
    for d in &three.discards {
        assert!(
            d.ukeire_tiles.iter().all(|t| sanma::in_game(*t)),
            "{:?}",
            d.discard
        );
    }
    assert!(four
        .discards
        .iter()
        .any(|d| d.ukeire_tiles.iter().any(|t| !sanma::in_game(*t))));
    let e = advise(&hand("2m19m123456p123s11z"), &opts).unwrap_err();
    assert!(
        e.to_string().contains("2m is not in a three-player game"),
        "{e}"
    );
}

/// The three-player checks at their edges (each line kills a mutant that the tests above
/// let live, see docs/testing.md "Mutation testing"): the 108-tile wall, visible tiles,
/// extracted Norths up to four with the hand's, and where a refusal points.
#[test]
fn sanma_checks_at_their_edges() {
    use tenpai::rules::Rules;
    use tenpai::score::Situation;
    use tenpai::shanten::HandCounts;
    // The wall: 27 kinds of 4 copies, 108 tiles; 2m-8m are out.
    let wall = sanma::wall_counts();
    assert_eq!(wall.iter().map(|&n| n as u32).sum::<u32>(), 108);
    for (k, &n) in wall.iter().enumerate() {
        assert_eq!(n, if (1..8).contains(&k) { 0 } else { 4 }, "kind {k}");
    }
    // Visible tiles: a 3m is refused, 1m and 9m are fine.
    let counts = HandCounts::from_hand(&hand("19m123456p123s11z"));
    let mut v = [0u8; 34];
    v[0] = 1;
    v[8] = 2;
    assert!(sanma::check_visible(&counts, v).is_ok());
    v[2] = 1;
    let e = sanma::check_visible(&counts, v).unwrap_err().to_string();
    assert!(e.contains("visible tile 3m"), "{e}");
    // Extracted Norths: four in all at most, the hand's own Norths included.
    let rules = Rules::tenhou_sanma();
    let with = |h: &str, nukidora: u8| {
        let s = Situation {
            tsumo: true,
            nukidora,
            ..Situation::default()
        };
        sanma::check_situation(&hand(h), &s, &rules)
    };
    assert!(with("111m999p123s11z555z", 4).is_ok()); // no North held: 4 extracted
    assert!(with("111m999p123s44z555z", 2).is_ok()); // 2 held + 2 = 4
    assert!(with("111m999p123s4z555z1z", 3).is_ok()); // 1 held + 3 = 4
    assert!(with("111m999p123s4z555z1z", 4).is_err()); // 1 + 4 = 5
    assert!(with("111m999p123s44z555z", 3).is_err()); // 2 + 3 = 5
                                                      // A refusal for 2m-8m points at the first of them, even when every tile is one.
    let text = "2223334445556m";
    let e = sanma::check_hand_text(text, &hand(text)).unwrap_err();
    assert_eq!(e.position(), Some(0), "{e}");
    let text = "19m22233344455m";
    let e = sanma::check_hand_text(text, &hand(text)).unwrap_err();
    assert_eq!(e.position(), Some(3), "{e}");
    // A chi is refused without a position (no 2m-8m is the problem).
    let text = "19m11p(789p)123s111z";
    let e = sanma::check_hand_text(text, &hand(text)).unwrap_err();
    assert_eq!(e.position(), None, "{e}");
    // The position is only given for a hand that holds a removed tile, whatever the text.
    let e = sanma::check_hand_text("2m", &hand(text)).unwrap_err();
    assert_eq!(e.position(), None, "{e}");
}
