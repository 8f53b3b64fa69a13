//! The labels on hand-worked cases.

use super::*;
use crate::notation::parse_tiles;

fn t(s: &str) -> Vec<Tile> {
    parse_tiles(s).unwrap()
}

fn labels_of(hand: &str, river: &str, visible: &str, dora: &str) -> Vec<(String, Vec<String>)> {
    let o = Opponent {
        river: t(river),
        ..Opponent::default()
    };
    let mut q = SafetyQuery::new(hand.parse().unwrap(), vec![o]);
    q.visible = t(visible);
    q.dora = t(dora);
    let mut rows: Vec<(String, Vec<String>)> = safety(&q)
        .unwrap()
        .tiles
        .into_iter()
        .map(|r| (r.tile.to_string(), r.labels))
        .collect();
    rows.sort();
    rows
}

fn has(rows: &[(String, Vec<String>)], tile: &str, label: &str) -> bool {
    rows.iter()
        .any(|(t, l)| t == tile && l.iter().any(|x| x == label))
}

#[test]
fn suji_and_half_suji() {
    // River 4m: 1m and 7m suji; 4p only: 1p suji, 7p suji; 5s with 2s only: half-suji.
    let rows = labels_of("17m17p58s9s", "4m4p2s", "", "");
    assert!(has(&rows, "1m", "suji") && has(&rows, "7m", "suji"));
    assert!(has(&rows, "1p", "suji") && has(&rows, "7p", "suji"));
    assert!(has(&rows, "5s", "half-suji") && !has(&rows, "5s", "suji"));
    assert!(!has(&rows, "8s", "suji"));
    // Both 2s and 8s: 5s is suji.
    let rows = labels_of("17m17p58s9s", "4m4p2s8s", "", "");
    assert!(has(&rows, "5s", "suji") && has(&rows, "8s", "genbutsu"));
    // Only a tile three apart makes suji: with 4m in the river, 2m and 3m are not
    // (their suji are 5m and 6m), nor is 5p half-suji with neither 2p nor 8p.
    let rows = labels_of("23m5p9s", "4m", "", "");
    for tile in ["2m", "3m", "5p"] {
        assert!(
            !has(&rows, tile, "suji") && !has(&rows, tile, "half-suji"),
            "{tile}"
        );
    }
    // A kind discarded twice is genbutsu, and its suji too.
    let rows = labels_of("4m1m", "4m9s4m", "", "");
    assert!(has(&rows, "4m", "genbutsu") && has(&rows, "1m", "suji"));
}

#[test]
fn no_chance_one_chance_honors_dora() {
    // 1m with all 2m visible: no-chance; 9p with three 8p visible and mine none: one-chance.
    let rows = labels_of("1m9p0s1z", "9s", "2222m888p", "4s");
    assert!(has(&rows, "1m", "no-chance"));
    assert!(has(&rows, "9p", "one-chance"));
    assert!(has(&rows, "0s", "dora"), "a red five");
    assert!(has(&rows, "1z", "honor, 3 left"));
    // 5m: shapes 67m and 34m; all 6m gone only: neither label.
    let rows = labels_of("5m", "9s", "6666m", "");
    assert!(!has(&rows, "5m", "no-chance") && !has(&rows, "5m", "one-chance"));
    // 6m with every 4m and 7m seen: both ryanmen shapes (45m, 78m) are gone.
    let rows = labels_of("6m", "9s", "4444m7777m", "");
    assert!(has(&rows, "6m", "no-chance"));
    // A dora from its indicator.
    let rows = labels_of("5m", "9s", "", "4m");
    assert!(has(&rows, "5m", "dora"));
}

/// Against an open opponent, the two programmes count the same hands per asked kind:
/// the chance's (yaku flags per wait class) and the value's (best readings), on the
/// benchmark's hand against a few sets of calls.
#[test]
fn open_programmes_agree() {
    for (calls, visible) in [
        ("(234s)(678m)", "1z2z9s9p4m6p2p1s5m2z3s"),
        ("(777z)", "1z2z9s9p4m6p2p1s5m2z3s"),
        ("(111m)(999p)", "1z2z9s4m6p2p1s2z3s"),
        ("(123p)", "1z2z9s9p4m6p1s5m2z3s"),
    ] {
        let req = SafetyRequest {
            hand: "23467m3055p1788s3z".into(),
            river: "19m4z7p2s6z3m8p".into(),
            calls: calls.into(),
            tenpai: true,
            visible: visible.into(),
            dora: "4p".into(),
            ..SafetyRequest::default()
        };
        let q = req.query().unwrap();
        let pool = pool_of(&q).unwrap();
        let o = &q.opponents[0];
        let (m, furiten) = open_model_of(&q, &pool, o).unwrap();
        let kinds: Vec<usize> = (0..KINDS).collect();
        let (total, per) = m.weights(furiten, &kinds);
        let v = open_value_of(&q, &pool, o);
        let values = m.values(&v, &q.rules, furiten, &kinds);
        assert!(total > 0, "{calls}");
        assert!(per.iter().any(|&w| w > 0), "{calls}");
        for k in 0..KINDS {
            assert_eq!(per[k], values[k].0, "{calls}: {}", Tile::new(k as u8));
        }
    }
}
