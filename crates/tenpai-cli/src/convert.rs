//! `tenpai convert --to mjai LOG`: a game log (mjlog, tenhou.net/6, mjai) written as
//! mjai JSON Lines events on standard output.

use clap::{Args, ValueEnum};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Output formats of `tenpai convert`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// mjai JSON Lines.
    Mjai,
}

/// Arguments of `tenpai convert`.
#[derive(Args, Debug, Clone)]
pub struct ConvertArgs {
    /// The format to write.
    #[arg(long, value_enum)]
    pub to: Target,
    /// The log file; `-` reads it from standard input.
    #[arg(value_name = "LOG")]
    pub log: PathBuf,
}

/// Run the command: exit 0, or 2 with the error on stderr when the log cannot be read.
pub fn run(args: &ConvertArgs) -> ExitCode {
    match tenpai::logs::read_file(&crate::replay::log_path(&args.log)) {
        Ok(game) => {
            let text = match args.to {
                Target::Mjai => tenpai::logs::mjai::to_mjai(&game),
            };
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            if out
                .write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .is_err()
            {
                return ExitCode::from(1);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tenpai: {e}");
            ExitCode::from(2)
        }
    }
}
