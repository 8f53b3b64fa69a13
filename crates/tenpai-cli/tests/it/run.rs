//! Running the built `tenpai` binary, shared by the modules of this test binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `tenpai` with `args`, feeding `stdin` from another thread (so a large input
/// cannot deadlock against a full output pipe).
pub fn tenpai(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tenpai"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("run tenpai");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.unwrap_or("").to_string();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Exit code, stdout and stderr as one text (for snapshots).
pub fn show(out: &Output) -> String {
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}
