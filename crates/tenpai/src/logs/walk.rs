//! Finding the log files under the paths a command is given: files as named,
//! directories walked in sorted order, every directory and every file taken once (by
//! device and inode), links to directories not followed unless asked (and then loops
//! cut), FIFOs, sockets and devices met in a walk left alone.
//!
//! [`walk`] gives the files, each with whether it must be a log (named by the caller,
//! or named `.mjlog`): a file met in a walk that is not named so is read only when
//! its content is a log ([`is_log_content`](super::is_log_content)), and skipped
//! otherwise.

use std::collections::HashMap;
use std::fs::Metadata;
use std::path::{Path, PathBuf};

/// How [`walk`] treats what it meets.
///
/// ```
/// let mut options = tenpai::logs::walk::WalkOptions::default();
/// assert!(!options.follow_links);
/// options.follow_links = true;
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WalkOptions {
    /// Follow links to directories met in a walk (a directory reached twice, by a link
    /// or a loop, is still walked once). Off by default: such links are counted in
    /// [`Walk::links_not_followed`]. Links to files are always read, once.
    pub follow_links: bool,
}

/// What a walk found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Walk {
    /// The files to read, in order, each with whether it must be a log (named by the
    /// caller, or named `.mjlog`; otherwise its content tells).
    pub files: Vec<(PathBuf, bool)>,
    /// Paths that could not be read or listed, each message naming its path.
    pub errors: Vec<String>,
    /// Files and directories reached again (the same device and inode by another
    /// path: a link, a loop, a path named twice), not taken again.
    pub repeated: usize,
    /// Links to directories met in a walk and not followed.
    pub links_not_followed: usize,
}

/// What identifies a file or directory: its device and inode (on Unix), else its
/// canonical path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    #[cfg(unix)]
    Inode(u64, u64),
    #[cfg(not(unix))]
    Path(PathBuf),
}

#[cfg(unix)]
fn key(_path: &Path, m: &Metadata) -> Key {
    use std::os::unix::fs::MetadataExt;
    Key::Inode(m.dev(), m.ino())
}

#[cfg(not(unix))]
fn key(path: &Path, _m: &Metadata) -> Key {
    Key::Path(std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()))
}

/// Whether a file met in a walk must be a log by its name alone (`.mjlog`); other
/// names (`.xml`, `.json`, `.gz`, none) are told by their content.
pub(crate) fn must_be_log(p: &Path) -> bool {
    p.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mjlog"))
        || p.file_name().is_some_and(|n| {
            n.to_string_lossy()
                .to_ascii_lowercase()
                .ends_with(".mjlog.gz")
        })
}

/// The files under `paths`, in order (see the [module](self)).
///
/// ```
/// use std::path::PathBuf;
/// use tenpai::logs::walk::{walk, WalkOptions};
///
/// let found = walk(&[PathBuf::from("no/such/dir")], WalkOptions::default());
/// assert!(found.files.is_empty());
/// assert!(found.errors[0].contains("no/such/dir"));
/// ```
pub fn walk(paths: &[PathBuf], options: WalkOptions) -> Walk {
    let mut w = Walker {
        options,
        seen: HashMap::new(),
        found: Walk::default(),
    };
    for p in paths {
        w.root(p);
    }
    w.found
}

struct Walker {
    options: WalkOptions,
    /// Every directory and file met, with its place in `found.files` (files).
    seen: HashMap<Key, Option<usize>>,
    found: Walk,
}

impl Walker {
    /// Whether `path` is met for the first time (counted as repeated otherwise).
    fn first(&mut self, path: &Path, m: &Metadata) -> bool {
        match self.seen.entry(key(path, m)) {
            std::collections::hash_map::Entry::Occupied(_) => {
                self.found.repeated += 1;
                false
            }
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(None);
                true
            }
        }
    }

    /// Take a file met for the first time.
    fn take(&mut self, path: &Path, m: &Metadata, must: bool) {
        let at = self.found.files.len();
        self.seen.insert(key(path, m), Some(at));
        self.found.files.push((path.to_path_buf(), must));
    }

    fn error(&mut self, path: &Path, e: impl std::fmt::Display) {
        self.found.errors.push(format!("{}: {e}", path.display()));
    }

    /// A path named by the caller: a directory is walked; anything else is a file that
    /// must be a log (what is not a regular file is refused when read, with a message
    /// saying what it is; see [`read_log_bytes`](super::read_log_bytes)).
    fn root(&mut self, path: &Path) {
        let m = match std::fs::metadata(path) {
            Ok(m) => m,
            Err(e) => return self.error(path, e),
        };
        if m.is_dir() {
            if self.first(path, &m) {
                self.dir(path);
            }
        } else if !m.is_file() {
            self.found.files.push((path.to_path_buf(), true));
        } else if self.first(path, &m) {
            self.take(path, &m, true);
        } else if let Some(&Some(at)) = self.seen.get(&key(path, &m)) {
            // Named after a walk met it: it must be a log.
            self.found.files[at].1 = true;
        }
    }

    fn dir(&mut self, root: &Path) {
        let mut it = walkdir::WalkDir::new(root)
            .follow_links(self.options.follow_links)
            .sort_by_file_name()
            .min_depth(1)
            .into_iter();
        while let Some(next) = it.next() {
            let entry = match next {
                Ok(e) => e,
                // A link back to a directory being walked: already taken.
                Err(e) if e.loop_ancestor().is_some() => {
                    self.found.repeated += 1;
                    continue;
                }
                Err(e) => {
                    let path = e.path().unwrap_or(root).to_path_buf();
                    let why = e
                        .io_error()
                        .map_or_else(|| e.to_string(), ToString::to_string);
                    if std::fs::metadata(&path).is_ok_and(|m| m.is_dir()) {
                        self.error(&path, format_args!("cannot list: {why}"));
                    } else {
                        self.error(&path, why);
                    }
                    continue;
                }
            };
            let path = entry.path();
            // The entry itself (not followed), or its target when it is a link.
            let meta = if entry.path_is_symlink() && !self.options.follow_links {
                match std::fs::metadata(path) {
                    Ok(m) if m.is_dir() => {
                        self.found.links_not_followed += 1;
                        continue;
                    }
                    Ok(m) => m,
                    Err(e) => {
                        self.error(path, e);
                        continue;
                    }
                }
            } else {
                match entry.metadata() {
                    Ok(m) => m,
                    Err(e) => {
                        self.error(path, e);
                        continue;
                    }
                }
            };
            if meta.is_dir() {
                if !self.first(path, &meta) {
                    it.skip_current_dir();
                }
            } else if meta.is_file() && self.first(path, &meta) {
                self.take(path, &meta, must_be_log(path));
            }
            // FIFOs, sockets and devices met in a walk are not files to read.
        }
    }
}
