//! The graph's byte accounting (module `graph`).

use super::*;
use crate::advise::pool::TYPES;

/// Tiles of `k` beyond the reference, per kind added up.
fn new_tiles(k: &[u8; KINDS], r: &[u8; KINDS]) -> i8 {
    k.iter()
        .zip(r)
        .map(|(&a, &b)| a.saturating_sub(b) as i8)
        .sum()
}

fn r<T>(v: &mut Vec<T>, n: usize) -> usize {
    v.reserve_exact(n);
    v.capacity() * std::mem::size_of::<T>()
}

/// Reserve `n` in the graph's array `i`: its heap bytes.
fn reserve_graph(g: &mut KindGraph, i: usize, n: usize) -> usize {
    match i {
        0 => r(&mut g.hands, n),
        1 => r(&mut g.shanten, n),
        2 => r(&mut g.locked, n),
        3 => r(&mut g.self_w, n),
        4 => r(&mut g.self_fives, n),
        5 => r(&mut g.edge_end, n),
        6 => r(&mut g.five_edges, n),
        7 => r(&mut g.edges, n),
        8 => r(&mut g.swap_end, n),
        9 => r(&mut g.swaps, n),
        10 => r(&mut g.others, n),
        11 => r(&mut g.win_end, n),
        12 => r(&mut g.wins, n),
        13 => r(&mut g.child_end, n),
        14 => r(&mut g.children, n),
        15 => r(&mut g.node_fives, n),
        16 => r(&mut g.depth_end, n),
        _ => r(&mut g.node_depth_end, n),
    }
}

/// Reserve `n` slots in a map: its heap bytes at least (a slot holds at least its
/// 16-byte key and a control byte).
fn m<V>(map: &mut Map<V>, n: usize) -> usize {
    map.reserve(n);
    map.capacity() * 17
}

/// Reserve `n` in the build's array `i`: its heap bytes at least.
fn reserve_build(b: &mut BuildArrays, i: usize, n: usize) -> usize {
    match i {
        0 => m(&mut b.states, n),
        1 => r(&mut b.pending, n),
        2 => m(&mut b.core_map, n),
        3 => r(&mut b.cores, n),
        _ => m(&mut b.slow, n),
    }
}

/// Build arrays with room for `n` pending states (for `scratch`'s tests).
pub(crate) fn build_with_room(n: usize) -> BuildArrays {
    let mut b = BuildArrays::default();
    b.pending.reserve_exact(n);
    b
}

/// The 13-tile hands a 14-tile hand by kind leaves, one per kind it holds (the roots
/// of its discards' graph, for tests).
pub(crate) fn discard_roots(reference: &[u8; KINDS]) -> Vec<Counts> {
    (0..KINDS)
        .filter(|&t| reference[t] > 0)
        .map(|t| {
            let mut h = [0u8; TYPES];
            h[..KINDS].copy_from_slice(reference);
            h[t] -= 1;
            h
        })
        .collect()
}

/// The bytes a graph and a build's arrays report (what `scratch` keeps or frees
/// by): none when empty, at least each array's heap bytes, and the sum over the
/// arrays.
#[test]
fn graph_and_build_bytes_count_every_array() {
    assert_eq!(KindGraph::default().bytes(), 0);
    assert_eq!(BuildArrays::default().bytes(), 0);
    let (mut all, mut sum) = (KindGraph::default(), 0);
    for i in 0..18 {
        let mut g = KindGraph::default();
        let heap = reserve_graph(&mut g, i, 100 * (i + 1));
        assert!(g.bytes() >= heap, "graph array {i}: {} < {heap}", g.bytes());
        sum += g.bytes();
        reserve_graph(&mut all, i, 100 * (i + 1));
    }
    assert_eq!(all.bytes(), sum);
    let (mut all, mut sum) = (BuildArrays::default(), 0);
    for i in 0..5 {
        let mut b = BuildArrays::default();
        let heap = reserve_build(&mut b, i, 100 * (i + 1));
        assert!(b.bytes() >= heap, "build array {i}: {} < {heap}", b.bytes());
        sum += b.bytes();
        reserve_build(&mut all, i, 100 * (i + 1));
    }
    assert_eq!(all.bytes(), sum);
}

/// The shanten of a 13-tile hand by kind, from its own checked counts (the calls'
/// copies and a three-player game's missing 2m-8m included).
fn checked_shanten(k: &[u8; KINDS], called: &[u8; KINDS], calls: usize, sanma: bool) -> i8 {
    let h = HandCounts::new(*k, *called, calls).unwrap_or_else(|e| panic!("{e}"));
    let h = if sanma {
        h.sanma().unwrap_or_else(|e| panic!("{e}"))
    } else {
        h
    };
    h.shanten_value()
}

/// Build the graph of a drawn hand's discards at level `s0 + changes` and check its
/// states against the model taken literally: the states are exactly the 13-tile hands
/// reached from the allowed discards by drawing any live kind and keeping any hand `g`
/// with `new(g) + shanten(g) <= L` (a locked tenpai keeps its hand), each with its
/// shanten. Returns the number of states.
fn states_match_the_model(
    hand: &str,
    rules: &crate::rules::Rules,
    visible: &str,
    changes: i8,
) -> usize {
    use super::super::pool::{count_tiles, kinds, outside};
    use super::super::scratch::Scratch;
    use crate::hand::Hand;
    use crate::score::Situation;
    use crate::tile::Tile;
    use std::collections::{BTreeMap, VecDeque};
    let hand: Hand = hand.parse().unwrap_or_else(|e| panic!("{hand}: {e}"));
    let visible: Vec<Tile> =
        crate::notation::parse_tiles(visible).unwrap_or_else(|e| panic!("{e}"));
    let sanma = rules.is_sanma();
    let concealed = count_tiles(hand.concealed());
    let called_t = count_tiles(hand.calls().iter().flat_map(|c| c.tiles()));
    let mut out = outside(&concealed, &called_t, &visible, &[]).unwrap_or_else(|e| panic!("{e}"));
    if sanma {
        for kind in out.iter_mut().take(8).skip(1) {
            *kind = 4;
        }
    }
    let outside_k = kinds(&out);
    let reference = kinds(&concealed);
    let called = kinds(&called_t);
    let calls = hand.calls().len();
    let lock = calls == 0;
    let shanten = |k: &[u8; KINDS]| checked_shanten(k, &called, calls, sanma);
    let by_kind = |c: &Counts| -> [u8; KINDS] { std::array::from_fn(|t| c[t]) };
    let all = discard_roots(&reference);
    let s0 = all.iter().map(|c| shanten(&by_kind(c))).min().unwrap_or(0);
    let level = s0 + changes;
    let packed: Vec<Counts> = all
        .into_iter()
        .filter(|c| shanten(&by_kind(c)) <= level)
        .collect();
    let roots: Vec<[u8; KINDS]> = packed.iter().map(by_kind).collect();
    // The model, literally: breadth first from the roots.
    let mut model: BTreeMap<[u8; KINDS], i8> = BTreeMap::new();
    let mut queue: VecDeque<[u8; KINDS]> = roots.iter().copied().collect();
    for h in &roots {
        model.insert(*h, shanten(h));
    }
    while let Some(g) = queue.pop_front() {
        let s = model[&g];
        if lock && s == 0 {
            continue;
        }
        for t in 0..KINDS {
            if g[t] + outside_k[t] >= 4 {
                continue;
            }
            let mut x = g;
            x[t] += 1;
            for y in 0..KINDS {
                if x[y] == 0 || y == t {
                    continue;
                }
                let mut h = x;
                h[y] -= 1;
                if model.contains_key(&h) {
                    continue;
                }
                let sh = shanten(&h);
                if new_tiles(&h, &reference) + sh <= level {
                    model.insert(h, sh);
                    queue.push_back(h);
                }
            }
        }
    }
    let situation = Situation {
        riichi: lock,
        ..Situation::default()
    };
    let mut scorer = Scorer::new(hand.calls(), situation, rules, outside_k);
    let mut setup = Setup {
        reference,
        level,
        lock,
        called,
        calls,
        sanma,
        outside: outside_k,
        live: 0,
        max_states: 1 << 20,
        scorer: &mut scorer,
        ticket: &mut Ticket::default(),
    };
    let mut scratch = Scratch::default();
    let (g, _) = build(&mut setup, &packed, &mut scratch).unwrap_or_else(|_| panic!("built"));
    let built: BTreeMap<[u8; KINDS], i8> = (0..g.states())
        .map(|i| (hand_kinds(g.hands[i]), g.shanten[i]))
        .collect();
    assert_eq!(built.len(), g.states(), "{hand}: a hand kept twice");
    let extra: Vec<_> = built
        .iter()
        .filter(|(h, s)| model.get(*h) != Some(s))
        .collect();
    let missing: Vec<_> = model
        .iter()
        .filter(|(h, s)| built.get(*h) != Some(s))
        .collect();
    assert!(
        extra.is_empty() && missing.is_empty(),
        "{hand} at level {level}: {} states, the model {}; not in the model (or another shanten): {:?}; missing: {:?}",
        built.len(),
        model.len(),
        &extra[..extra.len().min(3)],
        &missing[..missing.len().min(3)],
    );
    g.states()
}

/// Every hand a graph keeps is one the level allows, with its shanten, and every hand
/// the level allows is kept: hands with calls in several groups (whose exchanges'
/// shanten is computed one by one, counting the calls' copies), in one group, closed
/// (riichi-locked), and three-player hands holding four 1m or 9m.
#[test]
fn graph_states_are_the_hands_the_level_allows() {
    use crate::rules::Rules;
    let four = Rules::default();
    let three = Rules::tenhou_sanma();
    let cases: &[(&str, &Rules, &str, i8)] = &[
        // Calls in two groups holding copies of the waits.
        ("345m78p11z8p (789p) (666s)", &four, "", 1),
        ("356m68p77z5s (789p) (456s)", &four, "9p", 1),
        ("123m4p(444p)(111z)55z66z", &four, "", 2),
        // One group.
        ("345m99s12p6p (789p) (345p)", &four, "", 1),
        // Closed, locked at tenpai.
        ("2346m406p77s12266z", &four, "7z", 1),
        // Three players.
        ("1111m9m123p579s11z2z", &three, "", 1),
        // (Four 1m and four 9m: 2-shanten, 1-shanten if 2m and 8m were in the game.)
        ("1111m9999m123s77z5p", &three, "", 1),
        ("1111m999m123s77z5p6p", &three, "", 2),
        ("19999m13p56s11277z", &three, "", 1),
        ("1m99m(111z)13p567s22z7z", &three, "", 1),
    ];
    for &(hand, rules, visible, changes) in cases {
        states_match_the_model(hand, rules, visible, changes);
    }
}

/// The graph of a closed hand's discards at `level`, built under `max_states`: whether
/// it was built, with how many states, and the grants its ticket held at the end.
fn grants_of(hand: &str, level: i8, max_states: usize) -> (Option<usize>, (bool, bool)) {
    use super::super::budget::tests::grants;
    use super::super::pool::{count_tiles, kinds};
    use super::super::scratch::Scratch;
    use crate::hand::Hand;
    let hand: Hand = hand.parse().unwrap_or_else(|e| panic!("{hand}: {e}"));
    let concealed = count_tiles(hand.concealed());
    let reference = kinds(&concealed);
    let outside = [0u8; KINDS];
    let mut scorer = Scorer::new(
        &[],
        crate::score::Situation::default(),
        &crate::rules::Rules::default(),
        outside,
    );
    let roots = discard_roots(&reference);
    let mut ticket = Ticket::default();
    let mut setup = Setup {
        reference,
        level,
        lock: false,
        called: [0; KINDS],
        calls: 0,
        sanma: false,
        outside,
        live: 0,
        max_states,
        scorer: &mut scorer,
        ticket: &mut ticket,
    };
    let built = match build(&mut setup, &roots, &mut Scratch::default()) {
        Ok((g, _)) => Some(g.states()),
        Err(BuildError::TooLarge(_)) => None,
        Err(BuildError::Other(e)) => panic!("{e}"),
    };
    (built, grants(&ticket))
}

/// A search asks for the memory grant of each tier (module `budget`) before it holds
/// more states than the tier below allows: none up to `FREE_STATES`, the medium one as
/// it adds state `FREE_STATES + 1`, the large one as it adds state `MEDIUM_STATES + 1`
/// (even when the cap stops it right there).
#[test]
fn a_search_holds_the_grant_of_its_size() {
    // 1-shanten, one change: a few hundred states.
    let (built, held) = grants_of("2346m406p77s12266z", 2, usize::MAX);
    assert!(built.is_some_and(|n| n <= FREE_STATES), "{built:?}");
    assert_eq!(held, (false, false));
    // 2-shanten, two changes: past `MEDIUM_STATES`.
    let big = "3m50799p506899s45z";
    let (built, held) = grants_of(big, 4, usize::MAX);
    assert!(built.is_some_and(|n| n > MEDIUM_STATES), "{built:?}");
    assert_eq!(held, (true, true));
    let (built, held) = grants_of(big, 3, usize::MAX);
    assert!(
        built.is_some_and(|n| n > FREE_STATES && n <= MEDIUM_STATES),
        "{built:?}"
    );
    assert_eq!(held, (true, false));
    // Stopped by the cap as it reaches each tier's first state.
    assert_eq!(grants_of(big, 4, FREE_STATES + 1), (None, (true, false)));
    assert_eq!(grants_of(big, 4, MEDIUM_STATES + 1), (None, (true, true)));
    assert_eq!(grants_of(big, 4, FREE_STATES), (None, (false, false)));
}
