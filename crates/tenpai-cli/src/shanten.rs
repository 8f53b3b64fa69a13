//! `tenpai shanten`, `tenpai waits` and `tenpai ukeire`, and the shanten block of the
//! summary.

use crate::batch::{Ctx, Failure};
use crate::decompose::hand_text;
use std::fmt::Write as _;
use tenpai::shanten::{mask_tiles, HandCounts, KindMask, Shanten};
use tenpai::ukeire::{rank_discards_into, ukeire_mask, DiscardMask, Visible};
use tenpai::{Hand, Tile};

/// A tile for people: `5m` (never `0m`), or its glyph.
fn push_tile(out: &mut String, t: Tile, ctx: &Ctx) {
    if ctx.unicode {
        out.push(t.unicode());
    } else {
        out.push((b'0' + t.number()) as char);
        out.push(t.suit().letter());
    }
}

/// `1-shanten`, `tenpai` or `complete`.
fn push_shanten_word(out: &mut String, s: i8) {
    match s {
        -1 => out.push_str("complete"),
        0 => out.push_str("tenpai"),
        n => {
            push_small(out, n);
            out.push_str("-shanten");
        }
    }
}

fn push_opt(out: &mut String, v: Option<i8>) {
    match v {
        Some(v) => push_small(out, v),
        None => out.push_str("n/a"),
    }
}

/// `regular 1, chiitoitsu 4, kokushi 9` (n/a for forms that do not apply).
fn push_forms(out: &mut String, s: &Shanten) {
    out.push_str("regular ");
    push_small(out, s.regular);
    out.push_str(", chiitoitsu ");
    push_opt(out, s.chiitoitsu);
    out.push_str(", kokushi ");
    push_opt(out, s.kokushi);
}

fn json_opt(out: &mut String, v: Option<i8>) {
    match v {
        Some(v) => push_small(out, v),
        None => out.push_str("null"),
    }
}

/// `["1m","4m"]`.
fn json_tiles(out: &mut String, mask: KindMask) {
    out.push('[');
    for (i, t) in mask_tiles(mask).enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('"');
        push_tile(out, t, &Ctx::default());
        out.push('"');
    }
    out.push(']');
}

/// Copies left of each kind of `mask`: `4 - held - visible`.
fn lefts<'a>(
    counts: &'a HandCounts,
    visible: &'a [u8; 34],
    mask: KindMask,
) -> impl Iterator<Item = (Tile, u8)> + 'a {
    mask_tiles(mask).map(move |t| {
        let i = t.index();
        (t, 4 - counts.held(i) - visible[i])
    })
}

/// `4m(3) 7m(4)`.
fn push_counted(
    out: &mut String,
    counts: &HandCounts,
    visible: &[u8; 34],
    mask: KindMask,
    ctx: &Ctx,
) {
    for (i, (t, n)) in lefts(counts, visible, mask).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_tile(out, t, ctx);
        let _ = write!(out, "({n})");
    }
}

fn push_list(out: &mut String, mask: KindMask, ctx: &Ctx) {
    for (i, t) in mask_tiles(mask).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_tile(out, t, ctx);
    }
}

/// Canonical mpsz of plain counts.
fn push_plain(out: &mut String, c: &[u8; 34]) {
    for (g, letter) in ['m', 'p', 's', 'z'].into_iter().enumerate() {
        let len = if g < 3 { 9 } else { 7 };
        let mut any = false;
        for i in 0..len {
            for _ in 0..c[9 * g + i] {
                out.push((b'1' + i as u8) as char);
                any = true;
            }
        }
        if any {
            out.push(letter);
        }
    }
}

/// A small integer (shanten values are -1..=8).
fn push_small(out: &mut String, v: i8) {
    if v < 0 {
        out.push('-');
    }
    let a = v.unsigned_abs();
    if a >= 10 {
        out.push((b'0' + a / 10) as char);
    }
    out.push((b'0' + a % 10) as char);
}

/// The counts of a hand for the table size: with three players (`--players 3`) the
/// hand is checked (no 2m-8m, no chi; the error points at the tile) and 2m-8m are out
/// of the game.
fn counts_for(hand: &Hand, input: &str, ctx: &Ctx) -> Result<HandCounts, Failure> {
    if ctx.sanma {
        tenpai::sanma::check_hand_text(input, hand)?;
        Ok(HandCounts::from_hand(hand).sanma()?)
    } else {
        Ok(HandCounts::from_hand(hand))
    }
}

/// Answer one `shanten` input.
pub fn answer_shanten(input: &str, ctx: &Ctx, out: &mut String) -> Result<(), Failure> {
    if !ctx.unicode && !ctx.sanma {
        // The library's one fast path for plain hands: closed, no red fives, valid.
        if let Some(c) = tenpai::notation::closed_counts(input) {
            // Valid by construction; the checked call cannot fail.
            let s = tenpai::shanten::closed_shanten(&c)?;
            if ctx.json {
                out.push_str("{\"hand\":\"");
                push_plain(out, &c);
                out.push_str("\",\"shanten\":");
                push_small(out, s.value());
                out.push_str(",\"regular\":");
                push_small(out, s.regular);
                out.push_str(",\"chiitoitsu\":");
                json_opt(out, s.chiitoitsu);
                out.push_str(",\"kokushi\":");
                json_opt(out, s.kokushi);
                out.push('}');
            } else {
                push_plain(out, &c);
                out.push_str(": ");
                push_shanten_word(out, s.value());
                out.push_str(" (");
                push_forms(out, &s);
                out.push(')');
            }
            return Ok(());
        }
    }
    answer_shanten_general(input, ctx, out)
}

/// [`answer_shanten`] through the general parser (every notation, calls, errors).
fn answer_shanten_general(input: &str, ctx: &Ctx, out: &mut String) -> Result<(), Failure> {
    let hand: Hand = input.parse()?;
    let s = counts_for(&hand, input, ctx)?.shanten();
    if ctx.json {
        out.push_str("{\"hand\":\"");
        let _ = write!(out, "{hand}");
        let _ = write!(
            out,
            "\",\"shanten\":{},\"regular\":{},\"chiitoitsu\":",
            s.value(),
            s.regular
        );
        json_opt(out, s.chiitoitsu);
        out.push_str(",\"kokushi\":");
        json_opt(out, s.kokushi);
        out.push('}');
        return Ok(());
    }
    out.push_str(&hand_text(&hand, ctx));
    out.push_str(": ");
    push_shanten_word(out, s.value());
    out.push_str(" (");
    push_forms(out, &s);
    out.push(')');
    Ok(())
}

/// Answer one `waits` input.
pub fn answer_waits(input: &str, ctx: &Ctx, out: &mut String) -> Result<(), Failure> {
    let hand: Hand = input.parse()?;
    let counts = counts_for(&hand, input, ctx)?;
    if counts.is_drawn() {
        return Err(Failure::msg(format!(
            "waits need a hand waiting for a tile (3k+1 concealed tiles), not {} concealed tiles; `tenpai ukeire` ranks the discards of a hand that has drawn",
            counts.tiles()
        )));
    }
    let u = ukeire_mask(&counts, &Visible::none())?;
    let s = u.shanten.value();
    let waits = if s == 0 { u.mask } else { 0 };
    if ctx.json {
        let _ = write!(
            out,
            "{{\"hand\":\"{hand}\",\"shanten\":{s},\"tenpai\":{},\"waits\":",
            s == 0
        );
        json_tiles(out, waits);
        out.push('}');
        return Ok(());
    }
    out.push_str(&hand_text(&hand, ctx));
    out.push_str(": ");
    match s {
        0 => {
            out.push_str("tenpai, waits ");
            push_list(out, waits, ctx);
        }
        -1 => out.push_str("complete"),
        _ => {
            push_shanten_word(out, s);
            out.push_str(", not tenpai");
        }
    }
    Ok(())
}

/// The visible tiles as counts (checked per hand by [`Visible::from_counts`]).
pub fn visible_counts(text: Option<&str>) -> Result<[u8; 34], tenpai::Error> {
    let mut v = [0u8; 34];
    if let Some(text) = text {
        for t in tenpai::notation::parse_tiles(text)? {
            v[t.index()] += 1;
        }
    }
    Ok(v)
}

fn visible_for(counts: &HandCounts, visible: &[u8; 34]) -> Result<Visible, Failure> {
    Visible::from_counts(counts, *visible).map_err(|e| Failure::msg(format!("--visible: {e}")))
}

/// Answer one `ukeire` input, with the visible tiles (already parsed).
pub fn answer_ukeire(
    input: &str,
    ctx: &Ctx,
    visible: &[u8; 34],
    out: &mut String,
) -> Result<(), Failure> {
    let hand: Hand = input.parse()?;
    let counts = counts_for(&hand, input, ctx)?;
    let vis = if ctx.sanma {
        tenpai::sanma::check_visible(&counts, *visible)
            .map_err(|e| Failure::msg(format!("--visible: {e}")))?
    } else {
        visible_for(&counts, visible)?
    };
    if !counts.is_drawn() {
        let u = ukeire_mask(&counts, &vis)?;
        if ctx.json {
            let _ = write!(
                out,
                "{{\"hand\":\"{hand}\",\"shanten\":{},\"ukeire\":{{\"tiles\":",
                u.shanten.value()
            );
            json_tiles(out, u.mask);
            let _ = write!(out, ",\"count\":{},\"left\":[", u.count);
            for (i, (_, n)) in lefts(&counts, visible, u.mask).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let _ = write!(out, "{n}");
            }
            out.push_str("]}}");
            return Ok(());
        }
        out.push_str(&hand_text(&hand, ctx));
        out.push_str(": ");
        push_shanten_word(out, u.shanten.value());
        if u.shanten.value() >= 0 {
            let _ = write!(out, ", ukeire {} tiles: ", u.count);
            push_counted(out, &counts, visible, u.mask, ctx);
        }
        return Ok(());
    }
    let s = counts.shanten().value();
    let mut ranked = Vec::with_capacity(14);
    rank_discards_into(&counts, &vis, &mut ranked)?;
    if ctx.json {
        let _ = write!(out, "{{\"hand\":\"{hand}\",\"shanten\":{s},\"discards\":[");
        for (i, d) in ranked.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json_discard(out, &counts, visible, d);
        }
        out.push_str("]}");
        return Ok(());
    }
    out.push_str(&hand_text(&hand, ctx));
    out.push_str(": ");
    push_shanten_word(out, s);
    push_discards_text(out, &counts, visible, &ranked, ctx, "\n  ");
    Ok(())
}

fn json_discard(out: &mut String, counts: &HandCounts, visible: &[u8; 34], d: &DiscardMask) {
    out.push_str("{\"discard\":\"");
    push_tile(out, Tile::new(d.kind), &Ctx::default());
    let _ = write!(out, "\",\"shanten\":{},\"ukeire_tiles\":", d.shanten);
    json_tiles(out, d.mask);
    let _ = write!(out, ",\"ukeire_count\":{}", d.count);
    let after = counts.without(d.kind as usize).unwrap_or(*counts);
    out.push_str(",\"ukeire_left\":[");
    for (i, (_, n)) in lefts(&after, visible, d.mask).enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{n}");
    }
    out.push(']');
    if d.shanten == 0 {
        out.push_str(",\"waits\":");
        json_tiles(out, d.mask);
    }
    out.push('}');
}

/// One line per discard: `discard 1z  tenpai  ukeire 8: 3m(4) 6m(4)  waits 3m 6m`.
fn push_discards_text(
    out: &mut String,
    counts: &HandCounts,
    visible: &[u8; 34],
    ranked: &[DiscardMask],
    ctx: &Ctx,
    sep: &str,
) {
    let best = ranked.first().map(|d| (d.shanten, d.count));
    let mut line = String::new();
    for d in ranked {
        out.push_str(sep);
        line.clear();
        line.push_str("discard ");
        push_tile(&mut line, Tile::new(d.kind), ctx);
        line.push_str("  ");
        let mut word = String::new();
        push_shanten_word(&mut word, d.shanten);
        let _ = write!(line, "{word:<10}  ukeire {:>3}: ", d.count);
        let after = counts.without(d.kind as usize).unwrap_or(*counts);
        push_counted(&mut line, &after, visible, d.mask, ctx);
        if d.shanten == 0 {
            line.push_str("  waits ");
            push_list(&mut line, d.mask, ctx);
        }
        // The best discards (the first's shanten and ukeire) in bold with `--color`.
        let is_best = best == Some((d.shanten, d.count));
        out.push_str(&crate::style::paint(
            &line,
            crate::style::BEST,
            ctx.color && is_best,
        ));
    }
}

// ---- The summary's shanten block (`tenpai HAND`) ----------------------------------

/// Text lines for the summary of a hand that is not complete: shanten per form, then
/// the ukeire (3k+1) or the ranked discards (3k+2). Nothing for a complete hand.
pub fn summary_text(hand: &Hand, ctx: &Ctx, out: &mut String) {
    let counts = HandCounts::from_hand(hand);
    let s = counts.shanten();
    if s.is_complete() {
        return;
    }
    out.push_str("\nshanten   ");
    push_shanten_word(out, s.value());
    out.push_str(" (");
    push_forms(out, &s);
    out.push(')');
    let none = [0u8; 34];
    if counts.is_drawn() {
        let mut ranked = Vec::with_capacity(14);
        if rank_discards_into(&counts, &Visible::none(), &mut ranked).is_ok() {
            out.push_str("\ndiscards");
            push_discards_text(out, &counts, &none, &ranked, ctx, "\n  ");
        }
    } else if let Ok(u) = ukeire_mask(&counts, &Visible::none()) {
        let _ = write!(out, "\nukeire    {} tiles: ", u.count);
        push_counted(out, &counts, &none, u.mask, ctx);
        if s.value() == 0 {
            out.push_str("\nwaits     ");
            push_list(out, u.mask, ctx);
        }
    }
}

/// JSON fields for the summary: `shanten` (per form), then `ukeire` or `discards` as
/// in `tenpai ukeire --json`.
pub fn summary_json(hand: &Hand) -> Vec<(&'static str, serde_json::Value)> {
    let counts = HandCounts::from_hand(hand);
    let s = counts.shanten();
    let mut fields = vec![(
        "shanten",
        serde_json::json!({
            "shanten": s.value(), "regular": s.regular,
            "chiitoitsu": s.chiitoitsu, "kokushi": s.kokushi,
        }),
    )];
    let mut text = String::new();
    let ok = answer_ukeire(
        &hand.to_string(),
        &Ctx {
            json: true,
            unicode: false,
            sanma: false,
            color: false,
        },
        &[0; 34],
        &mut text,
    )
    .is_ok();
    if let (true, Ok(serde_json::Value::Object(mut m))) = (ok, serde_json::from_str(&text)) {
        for key in ["ukeire", "discards"] {
            if let Some(v) = m.remove(key) {
                fields.push((key, v));
            }
        }
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path for plain hands answers exactly as the general parser does.
    #[test]
    fn plain_fast_path_answers_as_the_general_path() {
        let inputs = [
            "123m456p789s1122z",
            "1112223334444z",
            "19m19p19s1234567z1z",
            "  5m 46p  99s 123z ",
            "9s8s7s6s5s4s3s2s1s1s1z",
            "11223344556677z",
            "2m",
        ];
        for input in inputs {
            assert!(tenpai::notation::closed_counts(input).is_some(), "{input}");
            for json in [false, true] {
                let ctx = Ctx {
                    json,
                    unicode: false,
                    sanma: false,
                    color: false,
                };
                let (mut fast, mut general) = (String::new(), String::new());
                answer_shanten(input, &ctx, &mut fast).unwrap();
                answer_shanten_general(input, &ctx, &mut general).unwrap();
                assert_eq!(fast, general, "{input}");
            }
        }
    }
}
