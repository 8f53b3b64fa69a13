//! Scoring a win: a typed hand with its situation, and the same as a JSON request
//! (what `tenpai score -` reads).
//!
//! ```sh
//! cargo run -p tenpai --example score
//! ```
#![allow(clippy::print_stdout)]

use std::error::Error;
use tenpai::rules::Rules;
use tenpai::score::{score, score_request, ScoreRequest, ScoreResult, Situation};
use tenpai::{Hand, Tile, Wind};

fn main() -> Result<(), Box<dyn Error>> {
    show()
}

fn print(r: &ScoreResult) {
    println!("{}: {}", r.hand, r.value_line());
    for y in &r.yaku {
        println!("  {} {}", y.name, y.han);
    }
    for y in &r.yakuman {
        println!("  {} (yakuman x{})", y.name, y.multiplier);
    }
}

/// Scores the two example wins and prints them.
pub fn show() -> Result<(), Box<dyn Error>> {
    // Riichi, tsumo on 5s, South seat, East round; dora indicator 4p.
    let hand: Hand = "234567m234p3488s5s".parse()?;
    let situation = Situation {
        riichi: true,
        tsumo: true,
        seat_wind: Wind::South,
        dora: vec![Tile::from_mpsz("4p").expect("a tile")],
        ..Situation::default()
    };
    let win = Tile::from_mpsz("5s").expect("a tile");
    print(&score(&hand, win, &situation, &Rules::tenhou())?);

    // A JSON request: the last tile is the winning one (a ron unless `"tsumo": true`).
    let req: ScoreRequest =
        serde_json::from_str(r#"{"hand": "19m19p19s1234567z1m", "seat_wind": "E"}"#)?;
    print(&score_request(&req)?);
    Ok(())
}
