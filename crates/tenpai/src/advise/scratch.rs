//! The arrays of one search, kept by the thread for its next search.
//!
//! A search fills a few megabytes of arrays (the graph, its values row by row) and
//! frees them when it ends. Freed, large blocks go back to the system, and the next
//! search of a batch faults the same amount of fresh memory in again, page by page: at
//! two shanten that was about a tenth of the time (docs/advise.md, "Memory"). So each
//! thread keeps the arrays of its last search, emptied, for the next one, unless they
//! are larger than [`KEEP_BYTES`] (a large search's arrays are returned at once, so what
//! the threads keep stays small beside the process's budget, module `budget`).
//!
//! Answers never depend on this: the arrays are emptied before they are used again.

use super::graph::KindGraph;
use super::solve::{Prepared, Row};
use std::cell::RefCell;

/// The most a thread keeps between searches, in bytes (about ten thousand states).
pub(crate) const KEEP_BYTES: usize = 8 << 20;

/// The arrays one search uses, kept between searches.
#[derive(Default)]
pub(crate) struct Scratch {
    pub graph: KindGraph,
    pub build: super::graph::BuildArrays,
    pub prepared: Prepared,
    /// The value rows of the passes (previous, current, best of each node).
    pub rows: [Vec<Row>; 3],
}

impl Scratch {
    /// Bytes held (capacities), roughly.
    fn bytes(&self) -> usize {
        self.graph.bytes()
            + self.build.bytes()
            + self.prepared.bytes()
            + self
                .rows
                .iter()
                .map(|r| r.capacity() * std::mem::size_of::<Row>())
                .sum::<usize>()
    }
}

thread_local! {
    static KEPT: RefCell<Option<Scratch>> = const { RefCell::new(None) };
}

/// The arrays this thread kept, or new ones. Not emptied here: each user empties
/// what it takes (`graph::build`, `solve::prepare`, `solve::solve`).
pub(crate) fn take() -> Scratch {
    KEPT.try_with(|k| k.borrow_mut().take())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Keep `s` for this thread's next search, if it is small enough.
pub(crate) fn give_back(s: Scratch) {
    if s.bytes() <= KEEP_BYTES {
        // (A thread being torn down keeps nothing.)
        let _ = KEPT.try_with(|k| *k.borrow_mut() = Some(s));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A thread keeps small arrays for its next search, and frees large ones at once
    /// (on a thread of its own: nothing kept before).
    #[test]
    fn small_arrays_are_kept_and_large_ones_freed() {
        std::thread::spawn(|| {
            let mut s = Scratch::default();
            s.rows[0] = Vec::with_capacity(1000);
            give_back(s);
            assert!(take().rows[0].capacity() >= 1000);
            assert_eq!(take().rows[0].capacity(), 0, "taken: nothing left");
            let mut s = Scratch::default();
            s.rows[1] = Vec::with_capacity(KEEP_BYTES / std::mem::size_of::<Row>() + 1);
            give_back(s);
            assert_eq!(take().rows[1].capacity(), 0, "larger than KEEP_BYTES");
        })
        .join()
        .expect("the thread ends");
    }

    /// Every part of the arrays counts towards `KEEP_BYTES`: the graph's, the build's
    /// and the passes' alone, each past the limit, are freed; so are two parts under
    /// it whose sum is past it.
    #[test]
    fn every_part_counts_towards_the_limit() {
        std::thread::spawn(|| {
            let n = KEEP_BYTES / 8 + 1;
            let freed = |s: Scratch, what: &str| {
                give_back(s);
                let t = take();
                let held = t.graph.bytes() + t.build.bytes() + t.prepared.bytes();
                assert_eq!(held, 0, "{what}: kept");
            };
            let mut s = Scratch::default();
            s.graph.hands.reserve_exact(n);
            freed(s, "graph");
            let s = Scratch {
                build: super::super::graph::tests::build_with_room(n),
                ..Scratch::default()
            };
            freed(s, "build");
            let s = Scratch {
                prepared: super::super::solve::tests::prepared_with_room(n),
                ..Scratch::default()
            };
            freed(s, "prepared");
            let mut s = Scratch::default();
            s.graph.hands.reserve_exact(KEEP_BYTES / 16 * 6 / 10);
            s.rows[0] = Vec::with_capacity(KEEP_BYTES / std::mem::size_of::<Row>() * 6 / 10);
            freed(s, "graph and rows");
        })
        .join()
        .expect("the thread ends");
    }
}
