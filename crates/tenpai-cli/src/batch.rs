//! Running a command on one hand or on a stream of hands, with text or JSON output.
//!
//! A batch (`-`) reads standard input as bytes, one input per line, and answers every
//! line with exactly one output line, in input order, whatever the line holds: a bad
//! line (not UTF-8, too long, not a hand) gets an error answer naming its line number,
//! a blank line gets an empty answer, and the batch goes on. Lines are read in chunks
//! that are answered in parallel (rayon), a wave of [`WAVE_LINES`] lines at a time, and
//! written in order, so memory stays bounded on endless input and does not grow with
//! the cores: at most three chunks of input, each at most [`CHUNK_BYTES`] (plus one line
//! of at most [`MAX_LINE`] bytes), and the answers of about three waves.
//!
//! A command plugs in with one line: `batch::run(&input, &ctx, module::answer)`, where
//! `answer(line, ctx, out)` writes one answer into `out`.

use std::fmt::Write as _;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::ExitCode;
use std::sync::mpsc::{sync_channel, Receiver};

use rayon::prelude::*;

/// Longest input line answered, in bytes (the newline not counted). A longer line is
/// skipped without being kept in memory and answered with an error.
pub const MAX_LINE: usize = 64 * 1024;

/// Input bytes gathered into one chunk before it is answered.
pub const CHUNK_BYTES: usize = 1 << 20;

/// Lines gathered into one chunk at most.
const CHUNK_LINES: usize = 8192;

/// Lines answered by one parallel task.
const TASK_LINES: usize = 64;

/// Lines of a chunk answered together before their answers go to the writer: the
/// answers held at once are at most about three waves (one being answered, one queued,
/// one being written), whatever the number of cores; a wave has 16 tasks, work for up
/// to 16 threads. (A `tenpai - --json` summary answer is about 6 KB: three waves are
/// under 20 MB, where whole chunks of 8,192 lines held over 200 MB.)
pub const WAVE_LINES: usize = 16 * TASK_LINES;

/// Exit code when standard output cannot be written (not a closed pipe).
const EXIT_OUTPUT: u8 = 2;

/// Output settings shared by every command.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ctx {
    /// JSON output (one JSON object per answer).
    pub json: bool,
    /// Unicode tile glyphs in text output.
    pub unicode: bool,
    /// Three players (`--players 3`): 2m-8m are not in the game.
    pub sanma: bool,
    /// Colour in text output (`--color`, see `style`).
    pub color: bool,
}

/// Why one input could not be answered.
#[derive(Debug)]
pub struct Failure {
    /// The message for the user.
    pub message: String,
    /// 0-based character offset, in the text reported as `hand`, when known.
    pub position: Option<usize>,
    /// What to report as `hand` in the JSON error (the input line when `None`); the
    /// position counts characters of this text.
    pub hand: Option<String>,
}

impl Failure {
    /// A failure with just a message.
    #[allow(dead_code)]
    pub fn msg(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            position: None,
            hand: None,
        }
    }
}

impl From<tenpai::Error> for Failure {
    fn from(e: tenpai::Error) -> Failure {
        Failure {
            message: e.to_string(),
            position: e.position(),
            hand: None,
        }
    }
}

/// Answer `input`: a single hand, or `-` for one hand per line of stdin. `answer`
/// writes one result (text lines, or a single JSON object without newline) into `out`.
///
/// Exit codes: 0 all answered; 2 a single input failed (message on stderr), or
/// standard output could not be written; 1 some lines of a batch failed (each reported
/// in place). A closed pipe on standard output ends the command quietly.
pub fn run<F>(input: &str, ctx: &Ctx, answer: F) -> ExitCode
where
    F: Fn(&str, &Ctx, &mut String) -> Result<(), Failure> + Sync,
{
    if input.trim() == "-" {
        return run_stream(io::stdin(), io::stdout(), ctx, &answer);
    }
    match answer_one(input, ctx, &answer) {
        Ok(mut buf) => {
            buf.push('\n');
            let mut out = io::stdout().lock();
            match out.write_all(buf.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => output_failed(&e, ExitCode::SUCCESS),
            }
        }
        Err(f) => {
            report_single(input, &f, ctx);
            ExitCode::from(2)
        }
    }
}

/// One answer of one command: its text (a single JSON object without newline when
/// `ctx.json`), or why it failed. The CLI prints it; `tenpai serve` sends it, so both
/// answer with the same bytes.
pub fn answer_one<F>(input: &str, ctx: &Ctx, answer: &F) -> Result<String, Failure>
where
    F: Fn(&str, &Ctx, &mut String) -> Result<(), Failure>,
{
    let mut buf = String::with_capacity(256);
    answer(input, ctx, &mut buf)?;
    Ok(buf)
}

/// The exit for a failed write to standard output: quiet with `code` for a closed pipe
/// (the reader has all it wanted), an error otherwise.
pub fn output_failed(e: &io::Error, code: ExitCode) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return code;
    }
    let _ = writeln!(io::stderr(), "error: writing standard output: {e}");
    ExitCode::from(EXIT_OUTPUT)
}

/// One input line as read: where its bytes are in the chunk, or its length when it
/// was too long to keep.
#[derive(Debug, Clone, Copy)]
enum Line {
    Kept { start: usize, end: usize },
    TooLong { len: usize },
}

/// Lines read together, answered together.
#[derive(Debug, Default)]
struct Chunk {
    /// 1-based number of the first line.
    first: usize,
    data: Vec<u8>,
    lines: Vec<Line>,
}

/// What the reader thread sends: a chunk, or the error that stopped reading.
type ReadResult = Result<Chunk, io::Error>;

/// Read one line (without its `\n`) into `data`, keeping at most [`MAX_LINE`] bytes.
/// `None` at end of input.
fn read_line<R: BufRead>(r: &mut R, data: &mut Vec<u8>) -> io::Result<Option<Line>> {
    let start = data.len();
    let mut len = 0usize;
    let mut any = false;
    loop {
        let avail = match r.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match avail.iter().position(|&b| b == b'\n') {
            Some(i) => (&avail[..i], Some(i + 1)),
            None => (avail, None),
        };
        if len + part.len() <= MAX_LINE {
            data.extend_from_slice(part);
        } else if len <= MAX_LINE {
            // Over the cap: drop what was kept; only the length is counted from here.
            data.truncate(start);
        }
        len += part.len();
        let used = done.unwrap_or(part.len());
        r.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    Ok(Some(if len > MAX_LINE {
        Line::TooLong { len }
    } else {
        Line::Kept {
            start,
            end: data.len(),
        }
    }))
}

/// Whether a whole line is already buffered (reading it will not block).
fn line_buffered<R: Read>(r: &BufReader<R>) -> bool {
    r.buffer().contains(&b'\n')
}

/// The reader: chunks of lines, each sent as soon as it is full or as soon as reading
/// on would wait for more input (so an interactive session gets each answer at once).
fn read_chunks<R: Read>(input: R, tx: std::sync::mpsc::SyncSender<ReadResult>) {
    let mut r = BufReader::with_capacity(CHUNK_BYTES, input);
    let mut next = 1usize;
    loop {
        let mut chunk = Chunk {
            first: next,
            ..Chunk::default()
        };
        let mut eof = false;
        loop {
            match read_line(&mut r, &mut chunk.data) {
                Ok(Some(line)) => chunk.lines.push(line),
                Ok(None) => {
                    eof = true;
                    break;
                }
                Err(e) => {
                    if !chunk.lines.is_empty() {
                        let _ = tx.send(Ok(chunk));
                    }
                    let _ = tx.send(Err(e));
                    return;
                }
            }
            if chunk.lines.len() >= CHUNK_LINES
                || chunk.data.len() >= CHUNK_BYTES
                || !line_buffered(&r)
            {
                break;
            }
        }
        next += chunk.lines.len();
        if !chunk.lines.is_empty() && tx.send(Ok(chunk)).is_err() {
            return;
        }
        if eof {
            return;
        }
    }
}

/// Answer one line of a batch into `out` (always exactly one line, newline included).
/// Returns whether it failed.
fn answer_line<F>(bytes: &[u8], number: usize, ctx: &Ctx, answer: &F, out: &mut String) -> bool
where
    F: Fn(&str, &Ctx, &mut String) -> Result<(), Failure>,
{
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            let f = Failure {
                message: format!(
                    "line {number} is not valid UTF-8 (byte {} of the line)",
                    e.valid_up_to() + 1
                ),
                position: Some(valid.chars().count()),
                hand: None,
            };
            write_failure(&String::from_utf8_lossy(bytes), number, &f, ctx, out);
            return true;
        }
    };
    if text.trim().is_empty() {
        // A blank line: an empty answer, so answers and inputs stay line for line.
        if ctx.json {
            let _ = writeln!(out, "{}", serde_json::json!({"hand": text, "empty": true}));
        } else {
            out.push('\n');
        }
        return false;
    }
    let start = out.len();
    match answer(text, ctx, out) {
        Ok(()) => {
            if !ctx.json && out[start..].contains('\n') {
                fold_tail(out, start);
            }
            out.push('\n');
            false
        }
        Err(f) => {
            out.truncate(start);
            write_failure(text, number, &f, ctx, out);
            true
        }
    }
}

/// Answer the lines `from..` (at most [`WAVE_LINES`]) of a chunk, in parallel, in
/// order. Returns the output pieces and whether some line failed.
fn answer_wave<F>(chunk: &Chunk, from: usize, ctx: &Ctx, answer: &F) -> (Vec<String>, bool)
where
    F: Fn(&str, &Ctx, &mut String) -> Result<(), Failure> + Sync,
{
    let wave = &chunk.lines[from..chunk.lines.len().min(from + WAVE_LINES)];
    let task = |(t, lines): (usize, &[Line])| {
        let mut out = String::with_capacity(lines.len() * 48);
        let mut failed = false;
        for (i, line) in lines.iter().enumerate() {
            let number = chunk.first + from + t * TASK_LINES + i;
            failed |= match *line {
                Line::Kept { start, end } => {
                    answer_line(&chunk.data[start..end], number, ctx, answer, &mut out)
                }
                Line::TooLong { len } => {
                    let f = Failure::msg(format!(
                        "line {number} is too long: {len} bytes (the limit is {MAX_LINE} bytes)"
                    ));
                    write_failure("", number, &f, ctx, &mut out);
                    true
                }
            };
        }
        (out, failed)
    };
    let pieces: Vec<(String, bool)> = if wave.len() <= TASK_LINES {
        vec![task((0, wave))]
    } else {
        wave.par_chunks(TASK_LINES).enumerate().map(task).collect()
    };
    let failed = pieces.iter().any(|(_, f)| *f);
    (pieces.into_iter().map(|(s, _)| s).collect(), failed)
}

/// The writer: every piece in order, flushed after each wave. Stops at the first
/// failed write and returns its error.
fn write_pieces<W: Write>(out: W, rx: Receiver<Vec<String>>) -> io::Result<()> {
    let mut w = io::BufWriter::with_capacity(1 << 16, out);
    for pieces in rx {
        for p in &pieces {
            w.write_all(p.as_bytes())?;
        }
        w.flush()?;
    }
    w.flush()
}

/// A batch over `input`, answers to `output`: reader, parallel answering and writer run
/// at once, with at most two chunks of input queued before the answering and one wave
/// of answers ([`WAVE_LINES`]) queued before the writer: the memory held does not grow
/// with the input's length nor with the number of cores.
pub fn run_stream<R, W, F>(input: R, output: W, ctx: &Ctx, answer: &F) -> ExitCode
where
    R: Read + Send + 'static,
    W: Write + Send,
    F: Fn(&str, &Ctx, &mut String) -> Result<(), Failure> + Sync,
{
    let (in_tx, in_rx) = sync_channel::<ReadResult>(2);
    // Not joined: a reader blocked on input is ended with the process.
    std::thread::spawn(move || read_chunks(input, in_tx));
    let mut failed = false;
    let mut read_error = None;
    let written = std::thread::scope(|s| {
        let (out_tx, out_rx) = sync_channel::<Vec<String>>(1);
        let writer = s.spawn(move || write_pieces(output, out_rx));
        'chunks: for item in in_rx {
            match item {
                Ok(chunk) => {
                    for from in (0..chunk.lines.len()).step_by(WAVE_LINES) {
                        let (pieces, f) = answer_wave(&chunk, from, ctx, answer);
                        failed |= f;
                        if out_tx.send(pieces).is_err() {
                            break 'chunks; // the writer stopped: its error is reported below
                        }
                    }
                }
                Err(e) => {
                    read_error = Some(e);
                    break;
                }
            }
        }
        drop(out_tx);
        writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("writer thread panicked")))
    });
    let code = if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    };
    if let Err(e) = written {
        return output_failed(&e, code);
    }
    if let Some(e) = read_error {
        let _ = writeln!(io::stderr(), "error: reading standard input: {e}");
        return ExitCode::from(2);
    }
    code
}

/// [`fold_lines`] applied to `out[start..]` in place, without allocating per line or
/// word: ASCII answers (the usual) are folded byte by byte, others by `fold_lines`.
fn fold_tail(out: &mut String, start: usize) {
    if !out[start..].is_ascii() {
        let folded = fold_lines(&out[start..]);
        out.truncate(start);
        out.push_str(&folded);
        return;
    }
    // ASCII: lines end at `\n`; `char::is_whitespace` is exactly these bytes.
    let is_space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    let tail = out.split_off(start);
    let bytes = tail.as_bytes();
    let mut i = 0;
    // Whether a word was written on this line, and before it on any line.
    let (mut on_line, mut any) = (false, false);
    loop {
        while i < bytes.len() && is_space(bytes[i]) {
            on_line &= bytes[i] != b'\n';
            i += 1;
        }
        if i == bytes.len() {
            break;
        }
        out.push_str(match (on_line, any) {
            (true, _) => " ",
            (false, true) => " | ",
            (false, false) => "",
        });
        // Words followed by one plain space are kept as written, in one copy.
        let from = i;
        loop {
            while i < bytes.len() && !is_space(bytes[i]) {
                i += 1;
            }
            match bytes.get(i..i + 2) {
                Some(&[b' ', next]) if !is_space(next) => i += 1,
                _ => break,
            }
        }
        out.push_str(&tail[from..i]);
        on_line = true;
        any = true;
    }
}

/// One answer per line in a batch: a multi-line text answer is folded into one line,
/// its lines with spaces collapsed, joined with ` | `.
fn fold_lines(text: &str) -> String {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" | ")
}

/// One failed batch line: `{"hand", "error", "line", ...}` in JSON, `TEXT: error: MESSAGE`
/// in text.
fn write_failure(text: &str, number: usize, f: &Failure, ctx: &Ctx, buf: &mut String) {
    if ctx.json {
        let mut v = failure_json(text, f);
        v["line"] = number.into();
        let _ = writeln!(buf, "{v}");
    } else {
        let shown = text.replace(['\n', '\r'], " ");
        let _ = writeln!(buf, "{shown}: error: {}", f.message);
    }
}

/// A single failed input: the message on stderr, with a caret under the position.
fn report_single(input: &str, f: &Failure, ctx: &Ctx) {
    let mut msg = String::new();
    if ctx.json {
        let _ = writeln!(msg, "{}", failure_json(input, f));
    } else {
        let _ = writeln!(msg, "error: {}", f.message);
        if let Some(pos) = f.position {
            let shown = f.hand.as_deref().unwrap_or(input);
            let _ = writeln!(msg, "  {shown}");
            let _ = writeln!(msg, "  {}^", caret_pad(shown, pos));
        }
    }
    let _ = io::stderr().write_all(msg.as_bytes());
}

/// What goes before a caret under character `pos` of `text` as a terminal shows it:
/// tabs kept as tabs, every other character replaced by as many spaces as the
/// columns it takes (wide glyphs two, combining marks none).
pub fn caret_pad(text: &str, pos: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    let mut pad = String::new();
    for c in text.chars().take(pos) {
        if c == '\t' {
            pad.push('\t');
        } else {
            let w = c.width().unwrap_or(0);
            pad.extend(std::iter::repeat_n(' ', w));
        }
    }
    pad
}

/// `{"hand", "error", "position", "column"}`: `position` the 0-based character offset
/// in `hand`, `column` the same 1-based (as the text message says it), both `null`
/// when the error has no place (a line too long, a request that is not valid as a
/// whole). Every error has the same keys, in the CLI, the API and Python's
/// `.position`.
pub fn failure_json(input: &str, f: &Failure) -> serde_json::Value {
    let hand = f.hand.as_deref().unwrap_or(input);
    serde_json::json!({
        "hand": hand,
        "error": f.message,
        "position": f.position,
        "column": f.position.map(|p| p + 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy as _;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(5_000))]
        /// Folding in place gives what `fold_lines` gives, after what `out` held.
        #[test]
        fn fold_tail_matches_fold_lines(
            head in "[a-z ]{0,3}",
            text in proptest::collection::vec(
                proptest::prop_oneof![
                    "[a-z0-9|:,()]{1,4}",
                    proptest::sample::select(vec![
                        " ", "  ", "\n", "\r\n", "\r", "\t", "\u{b}", "\u{c}", "\u{a0}",
                        "\u{3000}", "\u{85}", "\u{2028}", "東", "🀄", "\n\n",
                    ]).prop_map(|s: &str| s.to_string()),
                ],
                0..24,
            ).prop_map(|v| v.concat()),
        ) {
            let mut out = format!("{head}{text}");
            fold_tail(&mut out, head.len());
            proptest::prop_assert_eq!(out, format!("{head}{}", fold_lines(&text)));
        }
    }

    fn echo(input: &str, _: &Ctx, out: &mut String) -> Result<(), Failure> {
        if input.starts_with('!') {
            return Err(Failure {
                message: "bad".into(),
                position: Some(1),
                hand: None,
            });
        }
        out.push_str(input);
        Ok(())
    }

    fn batch(input: &[u8], json: bool) -> (String, ExitCode) {
        let mut out = Vec::new();
        let ctx = Ctx {
            json,
            unicode: false,
            sanma: false,
            color: false,
        };
        let code = run_stream(std::io::Cursor::new(input.to_vec()), &mut out, &ctx, &echo);
        (String::from_utf8(out).unwrap(), code)
    }

    #[test]
    fn every_line_gets_one_answer_in_order() {
        let mut input = Vec::new();
        let mut expected = String::new();
        for i in 0..20_000 {
            match i % 7 {
                0 => {
                    input.extend_from_slice(b"\xff\n");
                    expected.push_str(&format!(
                        "\u{fffd}: error: line {} is not valid UTF-8 (byte 1 of the line)\n",
                        i + 1
                    ));
                }
                1 => {
                    input.extend_from_slice(b"  \t\r\n");
                    expected.push('\n');
                }
                2 => {
                    input.extend_from_slice(b"!x\n");
                    expected.push_str("!x: error: bad\n");
                }
                _ => {
                    input.extend_from_slice(format!("h{i}\r\n").as_bytes());
                    expected.push_str(&format!("h{i}\n"));
                }
            }
        }
        let (out, code) = batch(&input, false);
        assert_eq!(out, expected);
        assert_eq!(code, ExitCode::from(1));
    }

    #[test]
    fn last_line_without_newline_and_empty_input() {
        assert_eq!(batch(b"a\nb", false).0, "a\nb\n");
        let (out, code) = batch(b"", false);
        assert_eq!((out.as_str(), code), ("", ExitCode::SUCCESS));
        assert_eq!(batch(b"\n", true).0, "{\"hand\":\"\",\"empty\":true}\n");
    }

    #[test]
    fn long_line_is_refused_without_keeping_it() {
        let mut input = b"a\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        input.extend_from_slice(b"\nb\n");
        let (out, _) = batch(&input, true);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], "a");
        let v: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
        assert_eq!(v["line"], 2);
        assert!(v["error"].as_str().unwrap().contains("too long"));
        assert_eq!(lines[2], "b");
        // Exactly at the limit is answered.
        let mut input = vec![b'y'; MAX_LINE];
        input.push(b'\n');
        assert_eq!(batch(&input, false).0.len(), MAX_LINE + 1);
    }

    #[test]
    fn json_failure_has_line_position_and_column() {
        let (out, _) = batch(b"ok\n!bad\n", true);
        let v: serde_json::Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"hand": "!bad", "error": "bad", "position": 1, "column": 2, "line": 2})
        );
    }

    /// Issue 27, item 7: an error with no place has `"position": null` and
    /// `"column": null`, so every JSON error has the same keys.
    #[test]
    fn every_json_error_has_the_same_keys() {
        let mut input = b"!bad\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        input.push(b'\n');
        let (out, _) = batch(&input, true);
        let keys: Vec<Vec<String>> = out
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v.as_object().unwrap().keys().cloned().collect()
            })
            .collect();
        assert_eq!(keys.len(), 2);
        assert_eq!(keys[0], ["hand", "error", "position", "column", "line"]);
        assert_eq!(keys[0], keys[1]);
        let v: serde_json::Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
        assert!(v["position"].is_null() && v["column"].is_null(), "{v}");
    }

    #[test]
    fn caret_counts_display_columns() {
        assert_eq!(caret_pad("ab", 1), " ");
        assert_eq!(caret_pad("\ta", 1), "\t");
        // U+1F004 (red dragon) is wide; U+1F007 (one of characters) is one column.
        assert_eq!(caret_pad("\u{1F004}\u{1F007}x", 2), "   ");
        assert_eq!(caret_pad("中x", 1), "  ");
    }

    /// Issue 27, item 4: the answers held at once are bounded by the waves, not by the
    /// chunks (8,192 lines) nor by the cores: with a writer slower than the answering,
    /// lines answered but not yet written never pass three waves (plus what the 64 KiB
    /// output buffer holds: 64 answers of 1 KiB).
    #[test]
    fn answers_held_at_once_are_bounded_by_the_waves() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        struct Slow {
            answered: Arc<AtomicUsize>,
            written: usize,
            most: Arc<AtomicUsize>,
        }
        impl Write for Slow {
            fn write(&mut self, b: &[u8]) -> io::Result<usize> {
                let held = self.answered.load(Ordering::SeqCst) - self.written;
                self.most.fetch_max(held, Ordering::SeqCst);
                self.written += b.iter().filter(|&&c| c == b'\n').count();
                std::thread::sleep(std::time::Duration::from_micros(200));
                Ok(b.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let answered = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let count = answered.clone();
        let answer = move |_: &str, _: &Ctx, out: &mut String| -> Result<(), Failure> {
            count.fetch_add(1, Ordering::SeqCst);
            out.extend(std::iter::repeat_n('y', 1023));
            Ok(())
        };
        let lines = 40_000;
        let input = "x\n".repeat(lines).into_bytes();
        let out = Slow {
            answered: answered.clone(),
            written: 0,
            most: most.clone(),
        };
        let code = run_stream(std::io::Cursor::new(input), out, &Ctx::default(), &answer);
        assert_eq!(code, ExitCode::SUCCESS);
        assert_eq!(answered.load(Ordering::SeqCst), lines);
        let most = most.load(Ordering::SeqCst);
        assert!(
            most <= 3 * WAVE_LINES + 64,
            "{most} answers held at once (waves of {WAVE_LINES})"
        );
        assert!(most >= WAVE_LINES, "the writer was slower: {most}");
    }

    struct Full;
    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::StorageFull, "no space"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn failed_output_is_an_error_exit() {
        let code = run_stream(
            std::io::Cursor::new(b"a\n".to_vec()),
            Full,
            &Ctx::default(),
            &echo,
        );
        assert_eq!(code, ExitCode::from(EXIT_OUTPUT));
    }
}
