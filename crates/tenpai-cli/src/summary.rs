//! `tenpai HAND`: a human-readable summary of a hand.

use crate::batch::{Ctx, Failure};
use crate::decompose::{hand_text, reading_json, reading_text};
use std::fmt::Write as _;
use tenpai::decompose::decompose;
use tenpai::Hand;

/// Answer one hand with everything we know about it.
pub fn answer(input: &str, ctx: &Ctx, out: &mut String) -> Result<(), Failure> {
    if ctx.sanma {
        return Err(Failure::msg(
            "--players 3: the summary is for four players; use shanten, waits, ukeire, score or advise with --players 3",
        ));
    }
    let hand: Hand = input.parse()?;
    let readings = decompose(&hand);
    if ctx.json {
        let v = serde_json::json!({
            "hand": hand.to_string(),
            "tiles": hand.size(),
            "concealed": hand.concealed().len(),
            "calls": hand.calls().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "closed": hand.is_closed(),
            "red_fives": hand.red_fives(),
            "complete": !readings.is_empty(),
            "decompositions": readings.iter().map(reading_json).collect::<Vec<_>>(),
        });
        let mut v = v;
        if !readings.is_empty() {
            v["score"] = crate::score::summary_block(input).1;
        }
        // -- shanten block (shanten per form, ukeire or ranked discards) --
        if let Some(map) = v.as_object_mut() {
            for (key, value) in crate::shanten::summary_json(&hand) {
                map.insert(key.to_string(), value);
            }
        }
        // -- end shanten block --
        // Advice block (14 tiles, 0- to 3-shanten): `tenpai advise` with its defaults.
        if let Some(a) = crate::advise::summary(&hand) {
            v["advice"] = serde_json::to_value(&a).unwrap_or_default();
        }
        let _ = write!(out, "{v}");
        return Ok(());
    }
    let _ = writeln!(out, "hand      {}", hand_text(&hand, ctx));
    let _ = write!(
        out,
        "tiles     {} ({} concealed, {} call(s), {}{})",
        hand.size(),
        hand.concealed().len(),
        hand.calls().len(),
        if hand.is_closed() { "closed" } else { "open" },
        match hand.red_fives() {
            0 => String::new(),
            n => format!(", {n} red five(s)"),
        }
    );
    if !readings.is_empty() {
        let _ = write!(out, "\ncomplete  {} reading(s)", readings.len());
        for d in &readings {
            let _ = write!(out, "\n  {:<10} {}", d.kind_name(), reading_text(d, ctx));
        }
        // Score block (scoring): the hand as ron with default winds, and what changes it.
        let _ = write!(out, "\n\n{}", crate::score::summary_block(input).0);
    }
    // -- shanten block (shanten per form, ukeire or ranked discards) --
    crate::shanten::summary_text(&hand, ctx, out);
    // -- end shanten block --
    // Advice block (14 tiles, 0- to 3-shanten): `tenpai advise` with its defaults.
    if let Some(a) = crate::advise::summary(&hand) {
        let _ = write!(
            out,
            "\n\nadvice    {} draws, {}, riichi auto (tenpai advise for more)\n",
            a.draws,
            crate::advise::budget_text(&a)
        );
        crate::advise::table(&a, ctx, out);
        if out.ends_with('\n') {
            out.pop();
        }
    }
    Ok(())
}
