//! A hand's shanten, improving draws and waits, and (for a hand with a drawn tile)
//! its discards ranked.
//!
//! ```sh
//! cargo run -p tenpai --example hand                       # 123m456p789s11223z
//! cargo run -p tenpai --example hand -- "24m406p789s11223z"
//! ```
#![allow(clippy::print_stdout)]

use tenpai::notation::format_tiles;
use tenpai::shanten::shanten;
use tenpai::ukeire::{discards, ukeire, waits};
use tenpai::{Error, Hand};

/// The hand shown when none is given.
pub const HAND: &str = "123m456p789s11223z";

fn main() -> Result<(), Error> {
    let arg = std::env::args().nth(1);
    show(arg.as_deref().unwrap_or(HAND))
}

/// Prints the analysis of `text` (mpsz notation, calls in brackets).
pub fn show(text: &str) -> Result<(), Error> {
    let hand: Hand = text.parse()?;
    let s = shanten(&hand);
    println!("{hand}: shanten {}", s.value());
    println!(
        "  regular {}, chiitoitsu {:?}, kokushi {:?}",
        s.regular, s.chiitoitsu, s.kokushi
    );
    if hand.size() % 3 == 1 {
        // 13 tiles (or fewer with calls): what improves it, and the waits when tenpai.
        let u = ukeire(&hand, &[])?;
        println!("  ukeire {} ({})", u.count, format_tiles(&u.tiles));
        if s.value() == 0 {
            println!("  waits: {}", format_tiles(&waits(&hand)?));
        }
    } else {
        // With the drawn tile: every discard, best first.
        for d in discards(&hand, &[])?.iter().take(5) {
            println!(
                "  discard {}: shanten {}, ukeire {} ({})",
                d.discard,
                d.shanten,
                d.ukeire_count,
                format_tiles(&d.ukeire_tiles)
            );
        }
    }
    Ok(())
}
