//! The shared corpus (`../shared`, or `$TENPAI_SHARED`) for the tests that need it.

use std::path::{Path, PathBuf};

/// `corpus/tenhou/raw` of the shared data. Panics when it is absent: such a test is
/// marked `#[cfg_attr(shared_absent, ignore = ...)]`, so it only runs without the data
/// under `CI=true`, where it must fail.
pub fn shared_raw() -> PathBuf {
    let dir = std::env::var_os("TENPAI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"))
        .join("corpus/tenhou/raw");
    assert!(
        dir.is_dir(),
        "{} is absent: this test needs ../shared (it must be present under CI=true; \
         elsewhere the test is ignored when it is absent)",
        dir.display()
    );
    dir
}

/// Every file under `dir`, recursively, in sorted order.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out
}
