//! Replaying a game log: every win rebuilt, scored under the game's rules and checked
//! against the server's record.
//!
//! ```sh
//! cargo run -p tenpai --example replay                          # a one-round fixture
//! cargo run -p tenpai --example replay -- path/to/game.mjlog    # mjlog, gzip or tenhou.net/6 JSON
//! ```
#![allow(clippy::print_stdout)]

use std::path::Path;
use tenpai::logs::{parse_log, read_log_bytes, verify};
use tenpai::Error;

/// The log replayed when none is given: one East 1 round, seat 1 wins by tsumo.
pub const LOG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/doc/e1.mjlog");

fn main() -> Result<(), Error> {
    let arg = std::env::args().nth(1);
    show(Path::new(arg.as_deref().unwrap_or(LOG)))
}

/// Reads the log at `path` and prints each win with its check.
pub fn show(path: &Path) -> Result<(), Error> {
    let game = parse_log(&read_log_bytes(path)?)?;
    println!(
        "{}: {:?}, {} players, {} rounds, {} wins",
        path.display(),
        game.format,
        game.rules.players,
        game.rounds,
        game.wins.len()
    );
    for win in &game.wins {
        let how = if win.tsumo { "tsumo" } else { "ron" };
        print!(
            "  seat {} {how} on {}: {}",
            win.winner,
            win.win_tile,
            win.hand_text()
        );
        if game.rules.players == 4 {
            let (result, disagreements) = verify(win, &game.rules)?;
            let names: Vec<&str> = disagreements.iter().map(|d| d.name()).collect();
            print!(", {}", result.value_line());
            if names.is_empty() {
                print!(", as recorded");
            } else {
                print!(", differs from the record in {}", names.join(", "));
            }
        }
        println!();
    }
    Ok(())
}
