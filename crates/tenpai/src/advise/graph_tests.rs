//! The graph's byte accounting (module `graph`).

use super::*;

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
