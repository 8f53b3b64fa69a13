//! The thread pool of the batch functions: `items.map(f)` on the calling thread and
//! on rayon's workers, made for a busy machine (the caller never sleeps waiting for a
//! worker to wake up).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

/// Items per unit of work in the batch functions.
pub(crate) const CHUNK: usize = 128;

/// The state of one [`par_map`]: the items, the next chunk to take, the results per
/// chunk, and how many chunks are finished.
struct Batch<T, R, F> {
    items: Vec<T>,
    f: F,
    next: AtomicUsize,
    results: Vec<Mutex<Vec<R>>>,
    done: Mutex<usize>,
    all_done: Condvar,
}

impl<T, R, F: Fn(&T) -> R> Batch<T, R, F> {
    /// Takes chunks until none is left.
    fn work(&self) {
        let chunks = self.results.len();
        loop {
            let c = self.next.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                return;
            }
            let end = ((c + 1) * CHUNK).min(self.items.len());
            let out: Vec<R> = self.items[c * CHUNK..end].iter().map(&self.f).collect();
            if let Ok(mut slot) = self.results[c].lock() {
                *slot = out;
            }
            if let Ok(mut d) = self.done.lock() {
                *d += 1;
                if *d == chunks {
                    self.all_done.notify_all();
                }
            }
        }
    }
}

/// `items.map(f)` on the calling thread and on rayon's workers as they come free: the
/// caller takes chunks too, so it never waits for a sleeping worker to wake up (on a
/// busy machine that wait can exceed the whole batch), only for chunks a worker has
/// already started. Workers that start after the last chunk find nothing to do.
pub(crate) fn par_map<T, R, F>(items: Vec<T>, f: F) -> Vec<R>
where
    T: Send + Sync + 'static,
    R: Send + 'static,
    F: Fn(&T) -> R + Send + Sync + 'static,
{
    par_chunks(items, f).into_iter().flatten().collect()
}

/// [`par_map`], the results left in their chunks (in order): large results are then
/// moved once less, and no large block is allocated.
fn par_chunks<T, R, F>(items: Vec<T>, f: F) -> Vec<Vec<R>>
where
    T: Send + Sync + 'static,
    R: Send + 'static,
    F: Fn(&T) -> R + Send + Sync + 'static,
{
    if items.len() <= CHUNK {
        return vec![items.iter().map(&f).collect()];
    }
    let chunks = items.len().div_ceil(CHUNK);
    let batch = Arc::new(Batch {
        items,
        f,
        next: AtomicUsize::new(0),
        results: (0..chunks).map(|_| Mutex::new(Vec::new())).collect(),
        done: Mutex::new(0),
        all_done: Condvar::new(),
    });
    for _ in 0..rayon::current_num_threads().min(chunks - 1) {
        let b = Arc::clone(&batch);
        rayon::spawn(move || b.work());
    }
    batch.work();
    if let Ok(mut d) = batch.done.lock() {
        while *d < chunks {
            d = match batch.all_done.wait(d) {
                Ok(d) => d,
                Err(_) => break,
            };
        }
    }
    batch
        .results
        .iter()
        .map(|r| {
            r.lock()
                .map(|mut v| std::mem::take(&mut *v))
                .unwrap_or_default()
        })
        .collect()
}

/// `items.map(f)` in order, on the calling thread and on rayon's workers, made for a
/// busy machine: the caller never waits for a worker. Blocks of items are claimed
/// from a shared counter; once none is left, the caller takes the answers in order
/// and computes itself any block a worker has not finished (a worker descheduled in
/// the middle of one then drops its own). `f` must be pure: an item may be computed
/// twice. The answers are left in their blocks (no large block of memory to fault in
/// and to copy them to).
pub(crate) fn race_map<T, R, F>(items: Vec<T>, f: F) -> Vec<Vec<R>>
where
    T: Send + Sync + 'static,
    R: Send + 'static,
    F: Fn(&T) -> R + Send + Sync + 'static,
{
    /// Items claimed at a time.
    const BLOCK: usize = 16;
    enum Slot<R> {
        Empty,
        Done(Vec<R>),
        Taken,
    }
    struct Race<T, R, F> {
        items: Vec<T>,
        f: F,
        next: AtomicUsize,
        blocks: Vec<Mutex<Slot<R>>>,
    }
    impl<T, R, F: Fn(&T) -> R> Race<T, R, F> {
        fn block(&self, b: usize) -> Vec<R> {
            let end = ((b + 1) * BLOCK).min(self.items.len());
            self.items[b * BLOCK..end].iter().map(&self.f).collect()
        }
        fn run(&self) {
            loop {
                let b = self.next.fetch_add(1, Ordering::Relaxed);
                if b >= self.blocks.len() {
                    return;
                }
                let out = self.block(b);
                if let Ok(mut s) = self.blocks[b].lock() {
                    if matches!(*s, Slot::Empty) {
                        *s = Slot::Done(out);
                    }
                }
            }
        }
    }
    if items.len() <= 2 * BLOCK {
        return vec![items.iter().map(&f).collect()];
    }
    let race = Arc::new(Race {
        blocks: (0..items.len().div_ceil(BLOCK))
            .map(|_| Mutex::new(Slot::Empty))
            .collect(),
        items,
        f,
        next: AtomicUsize::new(0),
    });
    for _ in 0..rayon::current_num_threads().saturating_sub(1) {
        let r = Arc::clone(&race);
        rayon::spawn(move || r.run());
    }
    race.run();
    race.blocks
        .iter()
        .enumerate()
        .map(|(b, slot)| {
            match slot
                .lock()
                .map(|mut s| std::mem::replace(&mut *s, Slot::Taken))
            {
                Ok(Slot::Done(r)) => r,
                _ => race.block(b),
            }
        })
        .collect()
}
