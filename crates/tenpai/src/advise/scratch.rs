//! The arrays of one search, kept by the thread for its next search.
//!
//! A search fills a few megabytes of arrays (the graph, its values row by row) and
//! frees them when it ends. Freed, large blocks go back to the system, and the next
//! search of a batch faults the same amount of fresh memory in again, page by page: at
//! two shanten that was about a tenth of the time (docs/advise.md, "Memory"). So each
//! thread keeps the arrays of its last search, emptied, for the next one, up to
//! [`KEEP_BYTES`]; and up to [`LARGE_KEEP_BYTES`] (a two-shanten search's arrays take
//! 6 to 13 MB) for at most [`LARGE_KEEPERS`] threads of the process at a time, so what
//! the threads keep stays small beside the process's budget (module `budget`) whatever
//! the number of threads. A larger search's arrays are returned at once.
//!
//! Answers never depend on this: the arrays are emptied before they are used again.

use super::graph::KindGraph;
use super::solve::{Prepared, Row};
use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most any thread keeps between searches, in bytes (about ten thousand states).
pub(crate) const KEEP_BYTES: usize = 8 << 20;
/// The most a thread keeps between searches when it holds one of the process's
/// [`LARGE_KEEPERS`] places (about forty thousand states: a two-shanten search).
pub(crate) const LARGE_KEEP_BYTES: usize = 32 << 20;
/// Threads of the process that may keep more than [`KEEP_BYTES`] at a time.
pub(crate) const LARGE_KEEPERS: usize = 2;

/// Threads holding a place to keep more than [`KEEP_BYTES`].
static LARGE_HELD: AtomicUsize = AtomicUsize::new(0);

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

/// What a thread keeps: its arrays, and whether it holds one of the places (counted
/// in `places`) to keep more than [`KEEP_BYTES`], given back when the thread ends.
struct Kept {
    scratch: Option<Scratch>,
    places: &'static AtomicUsize,
    large: bool,
}

impl Kept {
    const fn new(places: &'static AtomicUsize) -> Self {
        Kept {
            scratch: None,
            places,
            large: false,
        }
    }

    /// Keep `s` if it is small enough: up to [`KEEP_BYTES`], or [`LARGE_KEEP_BYTES`]
    /// when this thread holds (or can take) a place for that; otherwise free it.
    fn keep(&mut self, s: Scratch) {
        let bytes = s.bytes();
        if bytes <= KEEP_BYTES {
            self.release_large();
            self.scratch = Some(s);
        } else if bytes <= LARGE_KEEP_BYTES && self.hold_large() {
            self.scratch = Some(s);
        } else {
            self.release_large();
            self.scratch = None;
        }
    }

    /// Take a place to keep more than [`KEEP_BYTES`], or keep the one held; false when
    /// every place is taken.
    fn hold_large(&mut self) -> bool {
        if !self.large {
            self.large = self
                .places
                .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                    (n < LARGE_KEEPERS).then_some(n + 1)
                })
                .is_ok();
        }
        self.large
    }

    /// Give the place back, if held.
    fn release_large(&mut self) {
        if std::mem::take(&mut self.large) {
            self.places.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        self.release_large();
    }
}

thread_local! {
    static KEPT: RefCell<Kept> = const { RefCell::new(Kept::new(&LARGE_HELD)) };
}

/// The arrays this thread kept, or new ones. Not emptied here: each user empties
/// what it takes (`graph::build`, `solve::prepare`, `solve::solve`).
pub(crate) fn take() -> Scratch {
    KEPT.try_with(|k| k.borrow_mut().scratch.take())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Keep `s` for this thread's next search, if it is small enough (see [`Kept::keep`]).
pub(crate) fn give_back(s: Scratch) {
    // (A thread being torn down keeps nothing.)
    let _ = KEPT.try_with(|k| k.borrow_mut().keep(s));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Arrays of about `bytes` (value rows).
    fn sized(bytes: usize) -> Scratch {
        let mut s = Scratch::default();
        s.rows[1] = Vec::with_capacity(bytes / std::mem::size_of::<Row>() + 1);
        s
    }

    /// A thread keeps small arrays for its next search, and frees those past the
    /// largest it may keep at once (on a thread of its own: nothing kept before).
    #[test]
    fn small_arrays_are_kept_and_large_ones_freed() {
        std::thread::spawn(|| {
            let mut s = Scratch::default();
            s.rows[0] = Vec::with_capacity(1000);
            give_back(s);
            assert!(take().rows[0].capacity() >= 1000);
            assert_eq!(take().rows[0].capacity(), 0, "taken: nothing left");
            give_back(sized(LARGE_KEEP_BYTES));
            assert_eq!(take().rows[1].capacity(), 0, "larger than LARGE_KEEP_BYTES");
        })
        .join()
        .expect("the thread ends");
    }

    /// Arrays between the two limits are kept by at most `LARGE_KEEPERS` threads at a
    /// time (here with a count of places of its own, each `Kept` a thread): a place is
    /// given back when its thread keeps small arrays again, frees its arrays, or ends.
    #[test]
    fn at_most_two_threads_keep_large_arrays() {
        let places: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(0)));
        let kept = |k: &Kept| k.scratch.as_ref().map_or(0, |s| s.rows[1].capacity());
        let mid = || sized(KEEP_BYTES + (LARGE_KEEP_BYTES - KEEP_BYTES) / 2);
        let mut threads: Vec<Kept> = (0..4).map(|_| Kept::new(places)).collect();
        for k in &mut threads[..3] {
            k.keep(mid());
        }
        let held: Vec<bool> = threads.iter().map(|k| kept(k) > 0).collect();
        assert_eq!(held, [true, true, false, false]);
        assert_eq!(places.load(Ordering::Acquire), LARGE_KEEPERS);
        // A thread with a place keeps the next large arrays without another.
        threads[0].keep(mid());
        assert!(kept(&threads[0]) > 0);
        assert_eq!(places.load(Ordering::Acquire), 2);
        // Small arrays: the place goes back, and another thread takes it.
        threads[0].keep(sized(1000));
        assert!(kept(&threads[0]) > 0);
        assert_eq!(places.load(Ordering::Acquire), 1);
        threads[2].keep(mid());
        assert!(kept(&threads[2]) > 0);
        // Arrays past the largest: freed, the place given back.
        threads[1].keep(sized(LARGE_KEEP_BYTES));
        assert_eq!(kept(&threads[1]), 0);
        assert_eq!(places.load(Ordering::Acquire), 1);
        threads[3].keep(mid());
        assert!(kept(&threads[3]) > 0);
        assert_eq!(places.load(Ordering::Acquire), 2);
        // A thread that ends gives its place back.
        drop(threads.remove(3));
        assert_eq!(places.load(Ordering::Acquire), 1);
        drop(threads);
        assert_eq!(places.load(Ordering::Acquire), 0);
    }

    /// Every part of the arrays counts towards the limits: the graph's, the build's
    /// and the passes' alone, each past the largest, are freed; so are two parts under
    /// it whose sum is past it.
    #[test]
    fn every_part_counts_towards_the_limit() {
        std::thread::spawn(|| {
            let n = LARGE_KEEP_BYTES / 8 + 1;
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
            s.graph.hands.reserve_exact(LARGE_KEEP_BYTES / 16 * 6 / 10);
            s.rows[0] = Vec::with_capacity(LARGE_KEEP_BYTES / std::mem::size_of::<Row>() * 6 / 10);
            freed(s, "graph and rows");
        })
        .join()
        .expect("the thread ends");
    }
}
