//! Reading and writing hands in mpsz notation, with calls and Unicode tiles.
//!
//! - mpsz: digits then a suit letter, `123m406p789s1122z`; `0` is a red five; honors
//!   `1z`..`7z` are East, South, West, North, White, Green, Red.
//! - Calls follow the concealed tiles, separated by spaces: `(123m)` chi, `(555z)` pon,
//!   `(5555z)` open kan, `[5555z]` closed kan.
//! - Unicode mahjong glyphs (U+1F000..U+1F021) may stand for any tile.
//!
//! The canonical form ([`Hand`]'s `Display`) sorts the concealed tiles and groups them
//! by suit (m, p, s, z), then writes the calls in the order given.

use crate::error::{Error, ParseErrorKind};
use crate::hand::{check_count, Call, Hand};
use crate::tile::{Suit, Tile};

/// Parse a hand. Errors name the problem and its character offset.
///
/// ```
/// let hand = tenpai::notation::parse_hand("406p11z789s234m (789s) ").unwrap();
/// assert_eq!(hand.to_string(), "234m406p789s11z (789s)");
/// ```
pub fn parse_hand(text: &str) -> Result<Hand, Error> {
    parse_written(text).map(|(hand, _)| hand)
}

/// Parse a hand and also return its concealed tiles in the order they were written
/// (the last one is the winning tile when none is given).
pub fn parse_written(text: &str) -> Result<(Hand, Vec<Tile>), Error> {
    let tokens = tokenize(text, true)?;
    if tokens.tiles.is_empty() {
        return Err(Error::parse(ParseErrorKind::Empty, 0));
    }
    check_limits(&tokens.tiles)?;
    let written: Vec<Tile> = tokens
        .tiles
        .iter()
        .filter(|t| t.call.is_none())
        .map(|t| t.tile)
        .collect();
    let calls: Vec<Call> = tokens.calls.into_iter().map(|(c, _)| c).collect();
    check_count(written.len(), calls.len()).map_err(|k| Error::parse(k, text.chars().count()))?;
    let hand = Hand::new(written.clone(), calls)?;
    Ok((hand, written))
}

/// Parse a plain list of tiles (no calls, no count rule), for dora indicators, visible
/// tiles and the like. Empty text is an empty list. At most 4 copies of a kind.
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, Error> {
    let tokens = tokenize(text, false)?;
    check_limits(&tokens.tiles)?;
    Ok(tokens.tiles.into_iter().map(|t| t.tile).collect())
}

/// Parse exactly one tile, like `5m`, `0p`, `7z`, an mjai name (`E`, `5mr`) or a glyph.
pub fn parse_tile(text: &str) -> Result<Tile, Error> {
    let trimmed = text.trim();
    if let Some(t) = Tile::from_mjai(trimmed) {
        return Ok(t);
    }
    let tiles = tokenize(text, false)?.tiles;
    match tiles.len() {
        1 => Ok(tiles[0].tile),
        0 => Err(Error::parse(ParseErrorKind::Empty, 0)),
        _ => Err(Error::Invalid(format!("{text:?} is more than one tile"))),
    }
}

/// Write tiles in mpsz, sorted and grouped by suit: `123m406p11z`.
pub fn format_tiles(tiles: &[Tile]) -> String {
    let mut sorted = tiles.to_vec();
    sorted.sort();
    let mut out = String::with_capacity(sorted.len() + 4);
    for (i, t) in sorted.iter().enumerate() {
        out.push((b'0' + t.mpsz_digit()) as char);
        if i + 1 == sorted.len() || sorted[i + 1].suit() != t.suit() {
            out.push(t.suit().letter());
        }
    }
    out
}

/// Write tiles as Unicode glyphs, sorted.
pub fn format_unicode(tiles: &[Tile]) -> String {
    let mut sorted = tiles.to_vec();
    sorted.sort();
    sorted.iter().map(|t| t.unicode()).collect()
}

/// Write a hand with Unicode glyphs: concealed tiles, then calls in brackets.
pub fn format_hand_unicode(hand: &Hand) -> String {
    let mut out = format_unicode(hand.concealed());
    for c in hand.calls() {
        let (open, close) = if c.is_open() { ('(', ')') } else { ('[', ']') };
        out.push(' ');
        out.push(open);
        out.push_str(&format_unicode(c.tiles()));
        out.push(close);
    }
    out
}

struct Placed {
    tile: Tile,
    pos: usize,
    call: Option<usize>,
}

struct Tokens {
    tiles: Vec<Placed>,
    calls: Vec<(Call, usize)>,
}

fn tokenize(text: &str, allow_calls: bool) -> Result<Tokens, Error> {
    let mut tiles: Vec<Placed> = Vec::with_capacity(16);
    let mut calls: Vec<(Call, usize)> = Vec::new();
    let mut pending: Vec<(u8, usize)> = Vec::with_capacity(16);
    // (closing char, position of opening bracket, first tile index of the call)
    let mut open: Option<(char, usize, usize)> = None;
    let mut last = 0;
    for (pos, ch) in text.chars().enumerate() {
        last = pos + 1;
        let missing_suit = |pending: &Vec<(u8, usize)>| -> Result<(), Error> {
            match pending.first() {
                Some(&(_, p)) => Err(Error::parse(ParseErrorKind::MissingSuit, p)),
                None => Ok(()),
            }
        };
        let call_index = open.map(|_| calls.len());
        match ch {
            '0'..='9' => pending.push((ch as u8 - b'0', pos)),
            'm' | 'p' | 's' | 'z' => {
                if pending.is_empty() {
                    return Err(Error::parse(ParseErrorKind::SuitWithoutDigits(ch), pos));
                }
                let suit = Suit::from_letter(ch).unwrap_or(Suit::Honor);
                for &(d, p) in &pending {
                    let tile = Tile::from_suit_number(suit, d)
                        .ok_or_else(|| Error::parse(ParseErrorKind::InvalidHonor(d), p))?;
                    tiles.push(Placed {
                        tile,
                        pos: p,
                        call: call_index,
                    });
                }
                pending.clear();
            }
            '(' | '[' if allow_calls => {
                missing_suit(&pending)?;
                if open.is_some() {
                    return Err(Error::parse(ParseErrorKind::UnbalancedBracket(ch), pos));
                }
                if calls.len() == 4 {
                    return Err(Error::parse(ParseErrorKind::TooManyCalls, pos));
                }
                open = Some((if ch == '(' { ')' } else { ']' }, pos, tiles.len()));
            }
            ')' | ']' if allow_calls => {
                missing_suit(&pending)?;
                let Some((close, start, first)) = open else {
                    return Err(Error::parse(ParseErrorKind::UnbalancedBracket(ch), pos));
                };
                if close != ch {
                    return Err(Error::parse(ParseErrorKind::UnbalancedBracket(ch), pos));
                }
                let group: Vec<Tile> = tiles[first..].iter().map(|t| t.tile).collect();
                if group.is_empty() {
                    return Err(Error::parse(
                        ParseErrorKind::InvalidCall("empty call".into()),
                        start,
                    ));
                }
                let call = Call::infer(&group, ch == ']')
                    .map_err(|m| Error::parse(ParseErrorKind::InvalidCall(m), start))?;
                calls.push((call, start));
                open = None;
            }
            // Variation selectors that often follow glyphs such as 🀄 (emoji style).
            '\u{FE0E}' | '\u{FE0F}' => {}
            c if c.is_whitespace() => missing_suit(&pending)?,
            c => match Tile::from_unicode(c) {
                Some(tile) => {
                    missing_suit(&pending)?;
                    tiles.push(Placed {
                        tile,
                        pos,
                        call: call_index,
                    });
                }
                None => return Err(Error::parse(ParseErrorKind::UnknownChar(c), pos)),
            },
        }
    }
    if let Some(&(_, p)) = pending.first() {
        return Err(Error::parse(ParseErrorKind::MissingSuit, p));
    }
    if let Some((close, start, _)) = open {
        let opening = if close == ')' { '(' } else { '[' };
        let _ = last;
        return Err(Error::parse(
            ParseErrorKind::UnbalancedBracket(opening),
            start,
        ));
    }
    Ok(Tokens { tiles, calls })
}

/// Five copies of a kind or two red fives of a suit, reported at the offending tile.
fn check_limits(tiles: &[Placed]) -> Result<(), Error> {
    let mut kinds = [0u8; 34];
    let mut reds = [0u8; 3];
    for p in tiles {
        let k = &mut kinds[p.tile.index()];
        *k += 1;
        if *k > 4 {
            return Err(Error::parse(
                ParseErrorKind::TooManyCopies(p.tile.kind().to_string()),
                p.pos,
            ));
        }
        if p.tile.is_red() {
            let r = &mut reds[p.tile.suit().index()];
            *r += 1;
            if *r > 1 {
                return Err(Error::parse(
                    ParseErrorKind::TwoRedFives(p.tile.to_string()),
                    p.pos,
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> (ParseErrorKind, usize) {
        match parse_hand(s) {
            Err(Error::Parse { kind, position }) => (kind, position),
            other => panic!("{s:?} should fail to parse, got {other:?}"),
        }
    }

    #[test]
    fn canonical_form() {
        let h = parse_hand("234m406p11z (789s) [1111m]").unwrap();
        assert_eq!(h.to_string(), "234m406p11z (789s) [1111m]");
        let h = parse_hand("11z406p 234m(978s)").unwrap();
        assert_eq!(h.to_string(), "234m406p11z (789s)");
        let h = parse_hand("🀇🀈🀉 123p🀀").unwrap();
        assert_eq!(h.to_string(), "123m123p1z");
        let h = parse_hand("789s05566p (340s) (406m)").unwrap();
        assert_eq!(h.to_string(), "05566p789s (340s) (406m)");
    }

    #[test]
    fn errors_name_kind_and_position() {
        assert_eq!(err("   ").0, ParseErrorKind::Empty);
        assert_eq!(err(""), (ParseErrorKind::Empty, 0));
        assert_eq!(err("123x"), (ParseErrorKind::UnknownChar('x'), 3));
        assert_eq!(err("123m45"), (ParseErrorKind::MissingSuit, 4));
        assert_eq!(err("12 3m"), (ParseErrorKind::MissingSuit, 0));
        assert_eq!(err("m"), (ParseErrorKind::SuitWithoutDigits('m'), 0));
        assert_eq!(err("1230z"), (ParseErrorKind::InvalidHonor(0), 3));
        assert_eq!(err("128z"), (ParseErrorKind::InvalidHonor(8), 2));
        assert_eq!(err("9z"), (ParseErrorKind::InvalidHonor(9), 0));
        assert_eq!(
            err("11111m"),
            (ParseErrorKind::TooManyCopies("1m".into()), 4)
        );
        assert_eq!(
            err("1m (111m) 1m"),
            (ParseErrorKind::TooManyCopies("1m".into()), 10)
        );
        assert_eq!(err("00m"), (ParseErrorKind::TwoRedFives("0m".into()), 1));
        assert!(matches!(
            err("1m (124m)"),
            (ParseErrorKind::InvalidCall(_), 3)
        ));
        assert!(matches!(
            err("1m (123z)"),
            (ParseErrorKind::InvalidCall(_), 3)
        ));
        assert!(matches!(
            err("1m [1112m]"),
            (ParseErrorKind::InvalidCall(_), 3)
        ));
        assert!(matches!(
            err("1m [111m]"),
            (ParseErrorKind::InvalidCall(_), 3)
        ));
        assert!(matches!(
            err("1m (12m)"),
            (ParseErrorKind::InvalidCall(_), 3)
        ));
        assert!(matches!(err("1m ()"), (ParseErrorKind::InvalidCall(_), 3)));
        assert!(matches!(
            err("1m (12m3p)"),
            (ParseErrorKind::InvalidCall(_), 3)
        ));
        assert_eq!(
            err("1m (111z) (222z) (333z) (444z) (555z)"),
            (ParseErrorKind::TooManyCalls, 31)
        );
        assert_eq!(err("1m (111z"), (ParseErrorKind::UnbalancedBracket('('), 3));
        assert_eq!(err("1m 111z)"), (ParseErrorKind::UnbalancedBracket(')'), 7));
        assert_eq!(
            err("1m (111z]"),
            (ParseErrorKind::UnbalancedBracket(']'), 8)
        );
        assert_eq!(
            err("123m"),
            (
                ParseErrorKind::WrongTileCount {
                    concealed: 3,
                    calls: 0
                },
                4
            )
        );
        assert_eq!(
            err("123456789m123456p"),
            (
                ParseErrorKind::WrongTileCount {
                    concealed: 15,
                    calls: 0
                },
                17
            )
        );
        assert_eq!(
            err("1112223334445m (111z)"),
            (
                ParseErrorKind::WrongTileCount {
                    concealed: 13,
                    calls: 1
                },
                21
            )
        );
        assert!(parse_hand("123456789m12345p").is_ok());
        assert!(parse_hand("1m").is_ok());
    }
}
