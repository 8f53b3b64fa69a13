//! One memory budget per process for the advise searches, shared by every thread
//! that runs them (batches on every core, the server's workers, Python's pool), so
//! that it does not grow with the number of cores.
//!
//! A search's memory grows with its states (about 700 bytes each, all arrays and
//! values included). A search may hold up to [`FREE_STATES`] without asking; beyond
//! that it needs one of [`MEDIUM_GRANTS`] grants (up to [`MEDIUM_STATES`]), and beyond
//! that the single large grant, waiting for them when they are taken. A search waits
//! only for a grant of a higher tier than those it holds, and the holder of the large
//! grant waits for nothing, so the waits always end. The answers never depend on the
//! waits (a search is never refused for want of a grant, only delayed).
//!
//! At most: `FREE_STATES` per thread running a search, `MEDIUM_GRANTS × MEDIUM_STATES`,
//! and one search's cap (`AdviseOptions::max_states`, or `max_states_no_change` for
//! the last resort).

use std::sync::{Condvar, Mutex, PoisonError};

/// States a search may hold without a grant.
pub const FREE_STATES: usize = 4_096;
/// States a search may hold with a medium grant.
pub const MEDIUM_STATES: usize = 50_000;
/// Medium grants in the process.
pub const MEDIUM_GRANTS: usize = 4;

/// A counting gate: at most `max` holders.
struct Gate {
    held: Mutex<usize>,
    free: Condvar,
    max: usize,
}

impl Gate {
    const fn new(max: usize) -> Gate {
        Gate {
            held: Mutex::new(0),
            free: Condvar::new(),
            max,
        }
    }

    fn acquire(&self) {
        // (No code panics while holding the lock: a poisoned lock is still sound.)
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        while *held >= self.max {
            held = self.free.wait(held).unwrap_or_else(PoisonError::into_inner);
        }
        *held += 1;
    }

    fn release(&self) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        *held = held.saturating_sub(1);
        drop(held);
        self.free.notify_one();
    }
}

static MEDIUM: Gate = Gate::new(MEDIUM_GRANTS);
static LARGE: Gate = Gate::new(1);

/// The grants one search holds (released when dropped).
#[derive(Debug, Default)]
pub(crate) struct Ticket {
    medium: bool,
    large: bool,
}

impl Ticket {
    /// Before the search holds `states` states: wait for the grant that needs.
    #[inline]
    pub(crate) fn grow(&mut self, states: usize) {
        if states > FREE_STATES && !self.medium {
            MEDIUM.acquire();
            self.medium = true;
        }
        if states > MEDIUM_STATES && !self.large {
            LARGE.acquire();
            self.large = true;
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if self.large {
            LARGE.release();
        }
        if self.medium {
            MEDIUM.release();
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// The grants a ticket holds: (medium, large).
    pub(crate) fn grants(t: &Ticket) -> (bool, bool) {
        (t.medium, t.large)
    }

    /// The tiers' edges, as the module documents them: up to `FREE_STATES` no grant,
    /// up to `MEDIUM_STATES` a medium one, past it the large one too.
    #[test]
    fn grants_start_past_each_tier() {
        let mut t = Ticket::default();
        t.grow(FREE_STATES);
        assert!(!t.medium && !t.large);
        t.grow(FREE_STATES + 1);
        assert!(t.medium && !t.large);
        t.grow(MEDIUM_STATES);
        assert!(t.medium && !t.large);
        t.grow(MEDIUM_STATES + 1);
        assert!(t.medium && t.large);
    }

    /// Many threads growing tickets at once: never more medium or large holders than
    /// the gates allow, and every thread ends.
    #[test]
    fn grants_are_bounded_and_released() {
        let medium = Arc::new(AtomicUsize::new(0));
        let large = Arc::new(AtomicUsize::new(0));
        let worst = Arc::new(AtomicUsize::new(0));
        let handles: Vec<_> = (0..16)
            .map(|i| {
                let (medium, large, worst) = (medium.clone(), large.clone(), worst.clone());
                std::thread::spawn(move || {
                    for round in 0..20 {
                        let mut t = Ticket::default();
                        t.grow(FREE_STATES + 1);
                        let m = medium.fetch_add(1, Ordering::SeqCst) + 1;
                        worst.fetch_max(m, Ordering::SeqCst);
                        assert!(m <= MEDIUM_GRANTS);
                        if (i + round) % 3 == 0 {
                            t.grow(MEDIUM_STATES + 1);
                            assert_eq!(large.fetch_add(1, Ordering::SeqCst), 0);
                            std::thread::yield_now();
                            large.fetch_sub(1, Ordering::SeqCst);
                        }
                        medium.fetch_sub(1, Ordering::SeqCst);
                        drop(t);
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().expect("a thread ended");
        }
        assert!(worst.load(Ordering::SeqCst) >= 1);
    }
}
