//! Decomposition: seed fixtures, and the fast enumerator against a brute-force
//! reference over random complete hands.

use proptest::prelude::*;
use std::collections::BTreeSet;
use tenpai::decompose::{decompose, Decomposition, MeldShape};
use tenpai::{Hand, Tile};

type Readings = BTreeSet<(String, Vec<String>)>;

fn readings_of(ds: &[Decomposition]) -> Readings {
    ds.iter()
        .map(|d| {
            let mut g = d.groups();
            g.sort();
            (d.kind_name().to_string(), g)
        })
        .collect()
}

#[test]
fn fixtures() {
    let text = include_str!("../data/decompose.jsonl");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let hand: Hand = v["hand"].as_str().unwrap().parse().unwrap();
        let ds = decompose(&hand);
        // Exact group order within each reading, readings compared as a set.
        let got: BTreeSet<(String, String)> = ds
            .iter()
            .map(|d| (d.kind_name().to_string(), d.groups().join(" ")))
            .collect();
        let want: BTreeSet<(String, String)> = v["readings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r[0].as_str().unwrap().to_string(),
                    r[1].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(got, want, "{} ({})", v["hand"], v["source"]);
        assert_eq!(got.len(), ds.len(), "{}: a reading listed twice", v["hand"]);
        n += 1;
    }
    assert!(n >= 9);
}

/// Group strings as the contract writes them.
fn pair_s(k: usize) -> String {
    let t = Tile::from_index(k).unwrap();
    format!("{0}{0}{1}", t.number(), t.suit().letter())
}
fn trip_s(k: usize) -> String {
    let t = Tile::from_index(k).unwrap();
    format!("{0}{0}{0}{1}", t.number(), t.suit().letter())
}
fn seq_s(k: usize) -> String {
    let t = Tile::from_index(k).unwrap();
    format!(
        "{}{}{}{}",
        t.number(),
        t.number() + 1,
        t.number() + 2,
        t.suit().letter()
    )
}

/// Brute force: try every pair, then every multiset of melds drawn from the list of all
/// 55 possible concealed melds (in non-decreasing list order), keep those that use the
/// concealed tiles exactly. Seven pairs and thirteen orphans by their definitions.
fn brute(hand: &Hand) -> Readings {
    let mut out = Readings::new();
    if hand.size() != 14 {
        return out;
    }
    let counts = hand.concealed_counts().0;
    let calls: Vec<String> = hand
        .calls()
        .iter()
        .map(|c| {
            let t = c.first();
            let body = match c.tiles().len() {
                4 => format!("{0}{0}{0}{0}{1}", t.number(), t.suit().letter()),
                _ if c.tiles()[0].kind() == c.tiles()[1].kind() => trip_s(t.index()),
                _ => seq_s(t.index()),
            };
            if c.is_open() {
                format!("({body})")
            } else {
                format!("[{body}]")
            }
        })
        .collect();
    let need = 4 - hand.calls().len();
    // candidate melds: (tiles used, string)
    let mut cands: Vec<([u8; 34], String)> = Vec::new();
    for k in 0..34 {
        let mut c = [0u8; 34];
        c[k] = 3;
        cands.push((c, trip_s(k)));
        if k < 27 && k % 9 <= 6 {
            let mut c = [0u8; 34];
            c[k] = 1;
            c[k + 1] = 1;
            c[k + 2] = 1;
            cands.push((c, seq_s(k)));
        }
    }
    fn rec(
        left: [u8; 34],
        need: usize,
        start: usize,
        cands: &[([u8; 34], String)],
        acc: &mut Vec<String>,
        found: &mut Vec<Vec<String>>,
    ) {
        if need == 0 {
            if left.iter().all(|&x| x == 0) {
                found.push(acc.clone());
            }
            return;
        }
        for i in start..cands.len() {
            let (use_, s) = &cands[i];
            if (0..34).all(|k| left[k] >= use_[k]) {
                let mut l = left;
                for k in 0..34 {
                    l[k] -= use_[k];
                }
                acc.push(s.clone());
                rec(l, need - 1, i, cands, acc, found);
                acc.pop();
            }
        }
    }
    for p in 0..34 {
        if counts[p] >= 2 {
            let mut left = counts;
            left[p] -= 2;
            let mut found = Vec::new();
            rec(left, need, 0, &cands, &mut Vec::new(), &mut found);
            for melds in found {
                let mut g = vec![pair_s(p)];
                g.extend(melds);
                g.extend(calls.iter().cloned());
                g.sort();
                out.insert(("regular".into(), g));
            }
        }
    }
    if hand.calls().is_empty() {
        let pairs: Vec<usize> = (0..34).filter(|&k| counts[k] == 2).collect();
        if pairs.len() == 7 {
            let mut g: Vec<String> = pairs.iter().map(|&k| pair_s(k)).collect();
            g.sort();
            out.insert(("chiitoitsu".into(), g));
        }
        let yao = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        if yao.iter().all(|&k| counts[k] >= 1)
            && (0..34).all(|k| yao.contains(&k) || counts[k] == 0)
        {
            if let Some(&p) = yao.iter().find(|&&k| counts[k] == 2) {
                let mut g = vec![pair_s(p)];
                g.extend(
                    yao.iter()
                        .filter(|&&k| k != p)
                        .map(|&k| Tile::from_index(k).unwrap().to_string()),
                );
                g.sort();
                out.insert(("kokushi".into(), g));
            }
        }
    }
    out
}

/// A random complete hand: a pair and four groups, some of them calls, with random
/// red fives, written in a shuffled order. `None` if it breaks the 4-copy limit.
fn build(pair: usize, groups: &[(u8, usize, u8)], reds: [bool; 3], order: u64) -> Option<String> {
    let mut concealed: Vec<usize> = vec![pair, pair];
    let mut calls: Vec<(Vec<usize>, bool)> = Vec::new();
    let mut total = [0u8; 34];
    total[pair] += 2;
    for &(shape, k, call) in groups {
        let tiles: Vec<usize> = match shape % 3 {
            0 if k < 27 && k % 9 <= 6 => vec![k, k + 1, k + 2],
            0 | 1 => vec![k; 3],
            _ => {
                if call == 0 {
                    vec![k; 3] // a concealed "quad" is just a triplet plus a stray: keep triplet
                } else {
                    vec![k; 4]
                }
            }
        };
        for &t in &tiles {
            total[t] += 1;
        }
        match (call, tiles.len()) {
            (0, _) => concealed.extend(tiles),
            (1, 4) => calls.push((tiles, false)),
            (_, _) => calls.push((tiles, true)),
        }
    }
    if total.iter().any(|&c| c > 4) {
        return None;
    }
    // Writing: shuffle concealed deterministically by `order`.
    let mut state = order | 1;
    for i in (1..concealed.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        concealed.swap(i, (state % (i as u64 + 1)) as usize);
    }
    let mut red_left = reds;
    let mut word = |k: usize| -> String {
        let t = Tile::from_index(k).unwrap();
        let suit = t.suit().index();
        if t.number() == 5 && suit < 3 && red_left[suit] {
            red_left[suit] = false;
            format!("0{}", t.suit().letter())
        } else {
            t.to_string()
        }
    };
    let mut s: String = concealed.iter().map(|&k| word(k)).collect();
    for (tiles, open) in calls {
        let body: String = tiles.iter().map(|&k| word(k)).collect();
        if open {
            s.push_str(&format!(" ({body})"));
        } else {
            s.push_str(&format!(" [{body}]"));
        }
    }
    Some(s)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, .. ProptestConfig::default() })]

    /// Random complete hands built from random groups (calls included) agree with the
    /// brute-force reference, readings are distinct, and concealed melds are ascending.
    #[test]
    fn agrees_with_brute_force_on_complete_hands(
        pair in 0usize..34,
        groups in proptest::collection::vec((0u8..3, 0usize..34, 0u8..4), 4),
        reds in any::<[bool; 3]>(),
        order in any::<u64>(),
        // concentrate on one suit half of the time to make many readings
        one_suit in any::<bool>(),
    ) {
        let groups: Vec<(u8, usize, u8)> = groups
            .into_iter()
            // call: 0 concealed (half the groups), 1 closed (kan) or open, 2 open
            .map(|(s, k, c)| (s, if one_suit { k % 9 } else { k }, c.saturating_sub(1).min(2)))
            .collect();
        let pair = if one_suit { pair % 9 } else { pair };
        let Some(text) = build(pair, &groups, reds, order) else { return Ok(()); };
        let hand: Hand = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        let ds = decompose(&hand);
        prop_assert!(!ds.is_empty(), "{} is complete by construction", text);
        prop_assert_eq!(readings_of(&ds), brute(&hand), "{}", text);
        prop_assert_eq!(readings_of(&ds).len(), ds.len());
        for d in &ds {
            if let Decomposition::Regular { melds, .. } = d {
                let concealed: Vec<_> = melds.iter().filter(|m| m.call.is_none()).collect();
                prop_assert!(concealed.windows(2).all(|w| w[0].tile.index() <= w[1].tile.index()));
                prop_assert!(concealed.iter().all(|m| m.shape != MeldShape::Quad));
                let calls: Vec<String> = melds.iter().filter(|m| m.call.is_some()).map(|m| m.to_string()).collect();
                prop_assert_eq!(calls.len(), hand.calls().len());
            }
        }
    }

    /// Random 14-tile hands of few kinds (mostly not complete, often seven pairs).
    #[test]
    fn agrees_with_brute_force_on_random_hands(
        kinds in proptest::collection::vec(0usize..34, 14),
        few in 1usize..10,
        base in 0usize..34,
    ) {
        let mut counts = [0u8; 34];
        let mut tiles = Vec::new();
        for k in kinds {
            let k = if few < 9 { (base + k % (few + 4)) % 34 } else { k };
            if counts[k] < 4 {
                counts[k] += 1;
                tiles.push(Tile::from_index(k).unwrap());
            }
        }
        if tiles.len() != 14 { return Ok(()); }
        let hand = Hand::new(tiles, vec![]).unwrap();
        prop_assert_eq!(readings_of(&decompose(&hand)), brute(&hand), "{}", hand);
    }

    /// Kokushi and chiitoitsu shapes are found exactly when they are there.
    #[test]
    fn special_forms(pair in 0usize..13, swap in 0usize..40, seven in proptest::collection::btree_set(0usize..34, 7)) {
        let yao = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        let mut k: Vec<Tile> = yao.iter().map(|&i| Tile::from_index(i).unwrap()).collect();
        k.push(Tile::from_index(yao[pair]).unwrap());
        if swap < 34 && !yao.contains(&swap) { k[0] = Tile::from_index(swap).unwrap(); }
        let hand = Hand::new(k, vec![]).unwrap();
        prop_assert_eq!(readings_of(&decompose(&hand)), brute(&hand), "{}", hand);
        let c: Vec<Tile> = seven.iter().flat_map(|&i| [Tile::from_index(i).unwrap(); 2]).collect();
        let hand = Hand::new(c, vec![]).unwrap();
        let ds = decompose(&hand);
        prop_assert!(ds.iter().any(|d| d.kind_name() == "chiitoitsu"));
        prop_assert_eq!(readings_of(&ds), brute(&hand), "{}", hand);
    }
}
