//! Advice on a discard: for each tile the hand can let go, the chance of reaching
//! tenpai and of winning within the draws left, and the expected points.
//!
//! ```sh
//! cargo run -p tenpai --example advise                  # 123m456p2378s1157z, 8 draws
//! cargo run -p tenpai --example advise -- "35m406p578s112233z"
//! ```
#![allow(clippy::print_stdout)]

use tenpai::advise::{advise, AdviseOptions};
use tenpai::{Error, Hand, Tile};

/// The hand advised when none is given (14 tiles: a discard to choose).
pub const HAND: &str = "123m456p2378s1157z";

fn main() -> Result<(), Error> {
    let arg = std::env::args().nth(1);
    show(arg.as_deref().unwrap_or(HAND), 8)
}

/// Prints the advice on `text` with `draws` draws left (East seat, Tenhou rules, dora
/// indicator 9m, at most one change of plan).
pub fn show(text: &str, draws: u32) -> Result<(), Error> {
    let hand: Hand = text.parse()?;
    let opts = AdviseOptions {
        draws,
        dora: vec![Tile::from_mpsz("9m").expect("a tile")],
        ..AdviseOptions::default()
    };
    let advice = advise(&hand, &opts)?;
    println!(
        "{}: shanten {}, {} draws left, {} tiles to draw from",
        advice.hand, advice.shanten, advice.draws, advice.pool
    );
    for d in advice.discards.iter().take(5) {
        println!(
            "  discard {}: tenpai {:.1}%, win {:.1}%, expected {:.0} points (ukeire {})",
            d.discard,
            100.0 * d.tenpai,
            100.0 * d.win,
            d.ev,
            d.ukeire_count
        );
    }
    Ok(())
}
