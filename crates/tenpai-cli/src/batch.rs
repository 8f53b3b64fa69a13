//! Running a command on one hand or on a stream of hands, with text or JSON output.

use std::fmt::Write as _;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

/// Output settings shared by every command.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ctx {
    /// JSON output (one JSON object per answer).
    pub json: bool,
    /// Unicode tile glyphs in text output.
    pub unicode: bool,
}

/// Why one input could not be answered.
#[derive(Debug)]
pub struct Failure {
    /// The message for the user.
    pub message: String,
    /// Character offset in the input line, when known.
    pub position: Option<usize>,
    /// What to report as `hand` in the JSON error (the input line when `None`).
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
/// Exit codes: 0 all answered; 2 a single input failed (message on stderr);
/// 1 some lines of a batch failed (each reported in place).
pub fn run<F>(input: &str, ctx: &Ctx, mut answer: F) -> ExitCode
where
    F: FnMut(&str, &Ctx, &mut String) -> Result<(), Failure>,
{
    let stdout = io::stdout();
    let mut w = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut buf = String::with_capacity(256);
    if input.trim() != "-" {
        return match answer(input, ctx, &mut buf) {
            Ok(()) => {
                let _ = writeln!(w, "{buf}");
                finish(w, ExitCode::SUCCESS)
            }
            Err(f) => {
                drop(w);
                report_single(input, &f, ctx);
                ExitCode::from(2)
            }
        };
    }
    let stdin = io::stdin();
    let mut reader = stdin.lock();
    let mut line = String::with_capacity(128);
    let mut failed = false;
    loop {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = w.flush();
                eprintln!("error: reading standard input: {e}");
                return ExitCode::from(2);
            }
        }
        let text = line.trim_end_matches(['\n', '\r']);
        if text.trim().is_empty() {
            continue;
        }
        buf.clear();
        match answer(text, ctx, &mut buf) {
            Ok(()) => {
                if !ctx.json && buf.contains('\n') {
                    fold_lines(&mut buf);
                }
                buf.push('\n');
            }
            Err(f) => {
                failed = true;
                buf.clear();
                write_failure(text, &f, ctx, &mut buf);
            }
        }
        if w.write_all(buf.as_bytes()).is_err() {
            // Broken pipe (e.g. `| head`): stop quietly.
            return if failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            };
        }
    }
    finish(
        w,
        if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        },
    )
}

/// One answer per line in a batch: a multi-line text answer is folded into one line,
/// its lines with spaces collapsed, joined with ` | `.
fn fold_lines(buf: &mut String) {
    let folded = buf
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" | ");
    *buf = folded;
}

fn finish<W: Write>(mut w: W, code: ExitCode) -> ExitCode {
    let _ = w.flush();
    code
}

/// One failed batch line: `{"hand", "error"}` in JSON, `LINE: error: MESSAGE` in text.
fn write_failure(text: &str, f: &Failure, ctx: &Ctx, buf: &mut String) {
    if ctx.json {
        let _ = writeln!(buf, "{}", failure_json(text, f));
    } else {
        let _ = writeln!(buf, "{text}: error: {}", f.message);
    }
}

/// A single failed input: the message on stderr, with a caret under the position.
fn report_single(input: &str, f: &Failure, ctx: &Ctx) {
    if ctx.json {
        eprintln!("{}", failure_json(input, f));
        return;
    }
    let mut msg = format!("error: {}\n", f.message);
    if let Some(pos) = f.position {
        let _ = writeln!(msg, "  {input}");
        let _ = writeln!(msg, "  {}^", " ".repeat(pos.min(input.chars().count())));
    }
    eprint!("{msg}");
}

/// `{"hand", "error"}`, plus `"position"` (0-based character offset) when known.
fn failure_json(input: &str, f: &Failure) -> serde_json::Value {
    let hand = f.hand.as_deref().unwrap_or(input);
    let mut v = serde_json::json!({"hand": hand, "error": f.message});
    if let Some(pos) = f.position {
        v["position"] = pos.into();
    }
    v
}
