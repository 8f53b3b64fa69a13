//! Colour in text output where it helps: red fives in red, the best row in bold, what a
//! discard lost in red. `--color auto|always|never`: `auto` (the default) colours only
//! a terminal, and never when `NO_COLOR` is set (or `TERM=dumb`; `CLICOLOR_FORCE`
//! forces it), as anstream decides; `always` and `never` override both. JSON, CSV and
//! the web API are never coloured.

use crate::batch::Ctx;
use anstyle::{AnsiColor, Style};
use std::fmt::Write as _;
use tenpai::{Hand, Tile};

/// When to colour text output.
#[derive(clap::ValueEnum, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set.
    #[default]
    Auto,
    /// Always (even through a pipe, even with NO_COLOR).
    Always,
    /// Never.
    Never,
}

impl ColorWhen {
    /// Whether standard output gets colour.
    pub fn enabled(self) -> bool {
        match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => {
                anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never
            }
        }
    }
}

/// A red five.
pub const RED_FIVE: Style = AnsiColor::Red.on_default().bold();
/// The best row of a table.
pub const BEST: Style = Style::new().bold();
/// A loss.
pub const LOSS: Style = AnsiColor::Red.on_default();

/// `text` in `style` when `on`.
pub fn paint(text: &str, style: Style, on: bool) -> String {
    if on && !text.is_empty() {
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}

/// Red fives coloured in mpsz text (where `0` is only ever a red five's digit).
pub fn red_fives(mpsz: &str, on: bool) -> String {
    if !on || !mpsz.contains('0') {
        return mpsz.to_string();
    }
    let red = paint("0", RED_FIVE, true);
    mpsz.replace('0', &red)
}

/// One tile as text: mpsz, or its glyph with `--unicode`; a red five in red.
pub fn tile(t: Tile, ctx: &Ctx) -> String {
    let text = if ctx.unicode {
        t.unicode().to_string()
    } else {
        t.to_string()
    };
    if t.is_red() {
        paint(&text, RED_FIVE, ctx.color)
    } else {
        text
    }
}

/// Tiles as glyphs (in the order given), red fives in red.
fn glyphs(tiles: &[Tile], ctx: &Ctx, out: &mut String) {
    for &t in tiles {
        out.push_str(&tile(t, ctx));
    }
}

/// A hand as text: mpsz, or glyphs with `--unicode` (concealed tiles sorted, then the
/// calls); red fives in red.
pub fn hand(h: &Hand, ctx: &Ctx) -> String {
    if !ctx.unicode {
        return red_fives(&h.to_string(), ctx.color);
    }
    let mut out = String::new();
    let mut concealed = h.concealed().to_vec();
    concealed.sort();
    glyphs(&concealed, ctx, &mut out);
    for c in h.calls() {
        let (open, close) = if c.is_open() { ('(', ')') } else { ('[', ']') };
        let mut tiles = c.tiles().to_vec();
        tiles.sort();
        let _ = write!(out, " {open}");
        glyphs(&tiles, ctx, &mut out);
        out.push(close);
    }
    out
}

/// The width of `text` on a terminal, colour codes left out.
pub fn width(text: &str) -> usize {
    let plain = anstream::adapter::strip_str(text).to_string();
    unicode_width::UnicodeWidthStr::width(plain.as_str())
}

/// `text` padded with spaces to `w` columns (left-aligned), colour codes not counted.
pub fn pad(text: &str, w: usize) -> String {
    let n = width(text);
    format!("{text}{}", " ".repeat(w.saturating_sub(n)))
}

/// `text` padded with spaces to `w` columns (right-aligned), colour codes not counted.
pub fn pad_left(text: &str, w: usize) -> String {
    let n = width(text);
    format!("{}{text}", " ".repeat(w.saturating_sub(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn red_fives_are_red_only_when_asked() {
        let h: Hand = "406m11z (055p)".parse().unwrap();
        let plain = Ctx::default();
        assert_eq!(hand(&h, &plain), "406m11z (055p)");
        let on = Ctx {
            color: true,
            ..Ctx::default()
        };
        let text = hand(&h, &on);
        assert_eq!(text.matches("\u{1b}[0m").count(), 2, "{text:?}");
        assert_eq!(
            anstream::adapter::strip_str(&text).to_string(),
            "406m11z (055p)"
        );
        assert_eq!(width(&text), 14);
        assert_eq!(pad(&text, 16).len(), text.len() + 2);
        let uni = Ctx {
            unicode: true,
            color: true,
            ..Ctx::default()
        };
        let text = hand(&h, &uni);
        assert_eq!(text.matches("\u{1b}[0m").count(), 2, "{text:?}");
        assert_eq!(
            hand(
                &h,
                &Ctx {
                    unicode: true,
                    ..Ctx::default()
                }
            ),
            tenpai::notation::format_hand_unicode(&h)
        );
    }
}
