//! Reading a log: the format by its first bytes, the size cap, the file.

use super::{mjai, mjlog, tenhou6, Game};
use crate::error::Error;
use std::io::Read;
use std::path::Path;

/// Where in a log a problem is, for error messages.
pub(crate) fn log_error(position: Option<String>, message: impl Into<String>) -> Error {
    Error::Log {
        file: None,
        position,
        message: message.into(),
    }
}

/// The largest log read, in bytes: a file's size, and a gzip log's size once
/// unpacked. Real Tenhou logs are 5-100 KB (the corpus' largest is 23 KB); the cap
/// bounds the memory one log can take whatever the input (the JSON reader needs up to
/// about 40 times the text: 40 MB for a 1 MiB JSON array of one-digit numbers).
///
/// ```
/// use tenpai::logs::{parse_log, MAX_LOG_BYTES};
///
/// let huge = vec![b' '; MAX_LOG_BYTES + 1];
/// assert!(parse_log(&huge).is_err());
/// ```
pub const MAX_LOG_BYTES: usize = 1 << 20;

/// Whether `bytes` could be a log by its first bytes: gzip data, or text (after an
/// optional byte-order mark and whitespace) starting with `<` or `{`.
///
/// ```
/// use tenpai::logs::looks_like_log;
///
/// assert!(looks_like_log(b"<mjloggm ver=\"2.3\">"));
/// assert!(looks_like_log(b"\xEF\xBB\xBF  {\"log\": []}"));
/// assert!(looks_like_log(&[0x1f, 0x8b, 8, 0]));
/// assert!(!looks_like_log(b"hello"));
/// ```
pub fn looks_like_log(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return true;
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    matches!(
        bytes.iter().find(|b| !b.is_ascii_whitespace()),
        Some(b'<' | b'{')
    )
}

/// Whether `bytes` are a game log by their start: mjlog XML (an `<mjloggm` tag in
/// the first 4 KiB), tenhou.net/6 JSON (a `"log"` key in the first 64 KiB of an
/// object), mjai JSON Lines (a first line with `"type"`), or gzip data that unpacks to
/// one of these. Stricter than [`looks_like_log`]: a walk reads a file not named like
/// a log only when this holds, so other XML and JSON files (an HTML page, a
/// `package.json`) are skipped rather than reported as damaged logs, while a log that
/// is truncated or damaged past its start is still read and reported.
///
/// ```
/// use tenpai::logs::is_log_content;
///
/// assert!(is_log_content(b"<?xml version=\"1.0\"?><mjloggm ver=\"2.3\"><INIT"));
/// assert!(is_log_content(b"{\"title\": [\"\", \"\"], \"log\": [[[0, 0"));
/// assert!(is_log_content(b"{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}\n"));
/// assert!(!is_log_content(b"<html><body>hello</body></html>"));
/// assert!(!is_log_content(b"{\"name\": \"a package\", \"version\": \"1.0.0\"}"));
/// ```
pub fn is_log_content(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        // The start of what it unpacks to is enough; damaged data after it does not
        // matter here (the reader reports it).
        let mut head = Vec::new();
        let _ = flate2::read::MultiGzDecoder::new(bytes)
            .take(64 * 1024)
            .read_to_end(&mut head);
        return !head.starts_with(&[0x1f, 0x8b]) && is_log_content(&head);
    }
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let Some(start) = text.iter().position(|b| !b.is_ascii_whitespace()) else {
        return false;
    };
    let text = &text[start..];
    let has = |within: usize, needle: &[u8]| {
        text[..text.len().min(within)]
            .windows(needle.len())
            .any(|w| w == needle)
    };
    match text[0] {
        b'<' => has(4096, b"<mjloggm"),
        b'{' => mjai::looks_like(text) || has(64 * 1024, b"\"log\""),
        _ => false,
    }
}

fn too_large(what: &str) -> Error {
    log_error(
        None,
        format!(
            "{what} larger than {} MiB, the limit for a log: not read",
            MAX_LOG_BYTES >> 20
        ),
    )
}

/// Read a log from its bytes: gzip is unpacked, then the text is read as mjlog XML when
/// it starts with `<`, as mjai JSON Lines when its first line is an event (`"type"`),
/// and as tenhou.net/6 JSON when it starts with `{` otherwise. Text (given or unpacked)
/// larger than [`MAX_LOG_BYTES`] is refused.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// assert_eq!(game.wins[0].hand_text(), "123456789m12355p");
/// assert!(tenpai::logs::parse_log(b"not a log").is_err());
/// assert!(tenpai::logs::parse_log(b"<mjloggm ver=\"2.3\"><INIT").is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn parse_log(bytes: &[u8]) -> Result<Game, Error> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut text = Vec::with_capacity((bytes.len() * 6).min(MAX_LOG_BYTES));
        flate2::read::MultiGzDecoder::new(bytes)
            .take(MAX_LOG_BYTES as u64 + 1)
            .read_to_end(&mut text)
            .map_err(|e| log_error(None, format!("gzip data is damaged or truncated ({e})")))?;
        if text.len() > MAX_LOG_BYTES {
            return Err(too_large("gzip data that unpacks to"));
        }
        return parse_text(&text);
    }
    if bytes.len() > MAX_LOG_BYTES {
        return Err(too_large("a text"));
    }
    parse_text(bytes)
}

fn parse_text(bytes: &[u8]) -> Result<Game, Error> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
    match start.map(|i| bytes[i]) {
        Some(b'<') => mjlog::parse(bytes),
        Some(b'{') if mjai::looks_like(&bytes[start.unwrap_or(0)..]) => mjai::parse(bytes),
        Some(b'{') => tenhou6::parse(bytes),
        Some(_) => Err(log_error(
            start.map(|i| format!("byte {i}")),
            "not a game log: neither mjlog XML (<mjloggm>) nor tenhou.net/6 JSON ({\"log\": ...})",
        )),
        None => Err(log_error(None, "empty file: not a game log")),
    }
}

/// The bytes of a log file, refused (naming the file) when it cannot be read or is
/// larger than [`MAX_LOG_BYTES`]; nothing past the cap is read.
///
/// ```
/// use std::path::Path;
///
/// let e = tenpai::logs::read_log_bytes(Path::new("no/such/log.xml")).unwrap_err();
/// assert!(e.to_string().contains("no/such/log.xml"));
/// ```
pub fn read_log_bytes(path: &Path) -> Result<Vec<u8>, Error> {
    let with_file = |e: Error| e.with_file(&path.display().to_string());
    let cannot = |e: std::io::Error| with_file(log_error(None, format!("cannot read: {e}")));
    // Opening a FIFO waits for a writer, for ever if there is none: what is not a
    // regular file is refused before it is opened, but for a stream the process
    // already holds (`/dev/stdin`, `/dev/fd/N` as `<(...)` gives).
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() && !is_stream_path(path) {
        return Err(with_file(log_error(
            None,
            format!(
                "not a regular file ({}): not read; give a log file, or a stream as \
                 `-` (standard input) or /dev/fd/N",
                file_kind(&meta)
            ),
        )));
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(MAX_LOG_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() > MAX_LOG_BYTES {
        return Err(with_file(too_large("a file")));
    }
    Ok(bytes)
}

/// Whether `path` names a stream the process already has open: `/dev/stdin` or a
/// file descriptor under `/dev/fd/` or `/proc/self/fd/` (what a shell's `<(...)`
/// passes).
fn is_stream_path(path: &Path) -> bool {
    path == Path::new("/dev/stdin")
        || path.starts_with("/dev/fd/")
        || path.starts_with("/proc/self/fd/")
}

/// What kind of file `meta` is, for the message refusing it.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    "neither a file nor a directory"
}

/// Read a log file (see [`parse_log`]); errors name the file.
///
/// ```
/// use std::path::Path;
///
/// let e = tenpai::logs::read_file(Path::new("no/such/game.json")).unwrap_err();
/// assert!(e.to_string().contains("no/such/game.json"));
/// ```
pub fn read_file(path: &Path) -> Result<Game, Error> {
    let bytes = read_log_bytes(path)?;
    parse_log(&bytes).map_err(|e| e.with_file(&path.display().to_string()))
}
