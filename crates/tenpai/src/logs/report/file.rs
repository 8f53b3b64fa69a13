//! The report's file, written whole or not at all.

use crate::error::Error;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// A file written whole or not at all: the bytes go to a temporary file beside `out`
/// (created first, so an unwritable place is refused before any work), renamed over
/// `out` once complete; on any failure, or when dropped unwritten, the temporary file
/// is removed. The CLI's `review --html` and Python's `tenpai.review(html=...)` write
/// the report with it.
#[derive(Debug)]
pub struct AtomicFile {
    tmp: PathBuf,
    out: PathBuf,
    file: Option<std::fs::File>,
}

impl AtomicFile {
    /// Create the temporary file beside `out`: an error names `out` when the path is
    /// empty, a directory, or not writable.
    pub fn create(out: &Path) -> Result<AtomicFile, Error> {
        if out.as_os_str().is_empty() {
            return Err(Error::Invalid("the output path is empty".into()));
        }
        if out.is_dir() {
            return Err(Error::Invalid(format!("{}: is a directory", out.display())));
        }
        let name = out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "report.html".into());
        let tmp = out.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(|e| cannot(out, &e))?;
        Ok(AtomicFile {
            tmp,
            out: out.to_path_buf(),
            file: Some(file),
        })
    }

    /// Write `bytes` and put the file in place.
    pub fn commit(mut self, bytes: &[u8]) -> Result<(), Error> {
        let mut file = self
            .file
            .take()
            .ok_or_else(|| Error::Invalid("already written".into()))?;
        file.write_all(bytes)
            .and_then(|()| file.sync_all())
            .map_err(|e| cannot(&self.out, &e))?;
        drop(file);
        std::fs::rename(&self.tmp, &self.out).map_err(|e| cannot(&self.out, &e))
    }
}

/// The error of an output that cannot be written.
fn cannot(out: &Path, e: &std::io::Error) -> Error {
    Error::Invalid(format!("{}: cannot be written: {e}", out.display()))
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // Not committed (or the rename failed): leave nothing behind.
        if self.tmp.exists() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}
