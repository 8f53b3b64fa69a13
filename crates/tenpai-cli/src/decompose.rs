//! `tenpai decompose`: every reading of a complete hand.

use crate::batch::{Ctx, Failure};
use std::fmt::Write as _;
use tenpai::decompose::{decompose, Decomposition};
use tenpai::Hand;

/// The JSON object for a reading: `{"kind", "groups"}`.
pub fn reading_json(d: &Decomposition) -> serde_json::Value {
    serde_json::json!({"kind": d.kind_name(), "groups": d.groups()})
}

/// Text for a reading, with glyphs when asked.
pub fn reading_text(d: &Decomposition, ctx: &Ctx) -> String {
    if !ctx.unicode {
        return d.to_string();
    }
    d.groups()
        .iter()
        .map(|g| {
            let (pre, body, post) = match g.chars().next() {
                Some('(') => ("(", &g[1..g.len() - 1], ")"),
                Some('[') => ("[", &g[1..g.len() - 1], "]"),
                _ => ("", g.as_str(), ""),
            };
            let tiles = tenpai::notation::parse_tiles(body).unwrap_or_default();
            format!("{pre}{}{post}", tenpai::notation::format_unicode(&tiles))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The hand as text, with glyphs when asked, red fives in red with `--color`.
pub fn hand_text(hand: &Hand, ctx: &Ctx) -> String {
    crate::style::hand(hand, ctx)
}

/// Answer one `decompose` input.
pub fn answer(input: &str, ctx: &Ctx, out: &mut String) -> Result<(), Failure> {
    let hand: Hand = input.parse()?;
    if ctx.sanma {
        tenpai::sanma::check_hand_text(input, &hand)?;
    }
    let readings = decompose(&hand);
    if ctx.json {
        let v = serde_json::json!({
            "hand": hand.to_string(),
            "complete": !readings.is_empty(),
            "decompositions": readings.iter().map(reading_json).collect::<Vec<_>>(),
        });
        let _ = write!(out, "{v}");
        return Ok(());
    }
    let _ = write!(out, "{}", hand_text(&hand, ctx));
    if readings.is_empty() {
        let _ = write!(out, ": not a complete hand");
    } else {
        let _ = write!(out, ": {} reading(s)", readings.len());
        for d in &readings {
            let _ = write!(out, "\n  {:<10} {}", d.kind_name(), reading_text(d, ctx));
        }
    }
    Ok(())
}
