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
use crate::hand::{check_count, Call, Hand, MAX_REDS};
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
///
/// ```
/// let (hand, written) = tenpai::notation::parse_written("23m7z5m (111z)")?;
/// assert_eq!((hand.to_string(), written.last().unwrap().to_string()), ("235m7z (111z)".into(), "5m".into()));
/// # Ok::<(), tenpai::Error>(())
/// ```
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

/// Parse a hand and return, besides it, the last concealed tile written (the winning
/// tile when none is given): [`parse_written`] without the list of written tiles.
///
/// Plain ASCII mpsz (digits, suit letters, brackets, spaces) that parses cleanly takes
/// an allocation-light fast path; anything else, and every error, goes through the
/// general parser, so results and errors are the same as [`parse_written`]'s.
pub fn parse_written_last(text: &str) -> Result<(Hand, Tile), Error> {
    if let Some(found) = fast_written(text) {
        return Ok(found);
    }
    let (hand, written) = parse_written(text)?;
    match written.last() {
        Some(&last) => Ok((hand, last)),
        // `parse_written` refuses a hand without concealed tiles (count rule).
        None => Err(Error::parse(ParseErrorKind::Empty, 0)),
    }
}

/// The tile for each suit (m, p, s, z) and digit, as `Tile::from_suit_number` gives it.
const TILE_BY_DIGIT: [[Option<Tile>; 10]; 4] = {
    let suits = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];
    let mut t = [[None; 10]; 4];
    let mut q = 0;
    while q < 4 {
        let mut d = 0;
        while d < 10 {
            t[q][d] = Tile::from_suit_number(suits[q], d as u8);
            d += 1;
        }
        q += 1;
    }
    t
};

/// A hand written in plain ASCII mpsz, scanned without the general parser: what
/// [`fast_written`] and [`closed_counts`] (the one fast path for plain hands) build from.
struct Scanned {
    /// The concealed tiles as written (`nc` of them).
    concealed: [Tile; 14],
    nc: usize,
    calls: Vec<Call>,
    /// Copies of each kind, calls included.
    kinds: [u8; 34],
}

/// The kind index for each suit (m, p, s, z) and digit, 255 for no plain kind (a red
/// five's 0, honors 8 and 9).
const KIND_BY_DIGIT: [[u8; 10]; 4] = {
    let mut t = [[255u8; 10]; 4];
    let mut q = 0;
    while q < 4 {
        let mut d = 1;
        while d < 10 {
            if q < 3 || d <= 7 {
                t[q][d] = (9 * q + d - 1) as u8;
            }
            d += 1;
        }
        q += 1;
    }
    t
};

/// The fast path of [`parse_written_last`]: `None` on anything unusual or wrong (the
/// general parser then gives the answer or the error).
fn fast_written(text: &str) -> Option<(Hand, Tile)> {
    let Scanned {
        mut concealed,
        nc,
        calls,
        ..
    } = scan::<false>(text)?;
    let last = concealed[nc - 1];
    let concealed = &mut concealed[..nc];
    concealed.sort_unstable();
    Some((
        Hand::new_sorted_checked_by_caller(concealed.to_vec(), calls),
        last,
    ))
}

/// The concealed counts (index [`Tile::index`]) of a closed hand written in plain
/// ASCII mpsz without red fives (`123m456p789s1122z`; spaces between groups allowed),
/// read without allocating, when it is a valid hand; `None` for anything else (calls,
/// red fives, other notations, errors), which [`parse_hand`] reads or refuses with
/// the reason. When this gives counts, `parse_hand` gives a hand with exactly those
/// concealed counts and no calls.
///
/// ```
/// use tenpai::notation::{closed_counts, parse_hand};
/// let c = closed_counts("123m456p789s1122z").unwrap();
/// assert_eq!(c, parse_hand("123m456p789s1122z")?.concealed_counts().0);
/// assert_eq!(closed_counts("123m456p789s11z (222z)"), None); // a call
/// assert_eq!(closed_counts("11111m"), None); // an error: the parser names it
/// # Ok::<(), tenpai::Error>(())
/// ```
#[inline]
pub fn closed_counts(text: &str) -> Option<[u8; 34]> {
    scan::<true>(text).map(|s| s.kinds)
}

/// Scan plain ASCII mpsz (digits, suit letters, brackets, spaces) with every check of
/// the general parser; `None` on anything unusual or wrong. `CLOSED`: counts only, for
/// [`closed_counts`] (calls and red fives give `None`, the tiles are not kept).
#[inline(always)]
fn scan<const CLOSED: bool>(text: &str) -> Option<Scanned> {
    let mut concealed = [Tile::new(0); 14];
    let mut nc = 0;
    let mut calls: Vec<Call> = Vec::new();
    let mut digits = [0u8; 14];
    let mut nd = 0;
    // Some(closed) while inside brackets, with the call's tiles so far.
    let mut open: Option<bool> = None;
    let mut group = [Tile::new(0); 4];
    let mut ng = 0;
    // Copies of each kind (calls included) and the red fives seen of each suit.
    let mut kinds = [0u8; 34];
    let mut reds = [0u8; 3];
    for &b in text.as_bytes() {
        match b {
            b'0'..=b'9' => {
                *digits.get_mut(nd)? = b - b'0';
                nd += 1;
            }
            b'm' | b'p' | b's' | b'z' => {
                if nd == 0 {
                    return None;
                }
                let q = match b {
                    b'm' => 0,
                    b'p' => 1,
                    b's' => 2,
                    _ => 3,
                };
                for &d in &digits[..nd] {
                    if CLOSED {
                        // Plain kinds only: a table lookup, no tile kept.
                        let i = KIND_BY_DIGIT[q][usize::from(d)];
                        let k = kinds.get_mut(usize::from(i))?;
                        *k += 1;
                        if *k > 4 || nc == concealed.len() {
                            return None;
                        }
                        nc += 1;
                        continue;
                    }
                    let t = TILE_BY_DIGIT[q][usize::from(d)]?;
                    // At most 4 of a kind (the check of `check_limits`).
                    let k = &mut kinds[t.index()];
                    *k += 1;
                    if *k > 4 {
                        return None;
                    }
                    if d == 0 {
                        // A red five (honors have no 0): at most `MAX_REDS` of a suit.
                        let r = &mut reds[q];
                        *r += 1;
                        if *r > MAX_REDS[q] {
                            return None;
                        }
                    }
                    if open.is_some() {
                        *group.get_mut(ng)? = t;
                        ng += 1;
                    } else {
                        *concealed.get_mut(nc)? = t;
                        nc += 1;
                    }
                }
                nd = 0;
            }
            b'(' | b'[' => {
                if CLOSED || nd > 0 || open.is_some() || calls.len() == 4 {
                    return None;
                }
                open = Some(b == b'[');
                ng = 0;
            }
            b')' | b']' => {
                if nd > 0 || open != Some(b == b']') || ng == 0 {
                    return None;
                }
                calls.push(Call::infer(&group[..ng], b == b']').ok()?);
                open = None;
            }
            b' ' => {
                if nd > 0 {
                    return None;
                }
            }
            _ => return None,
        }
    }
    if nd > 0 || open.is_some() || nc == 0 {
        return None;
    }
    // The count rule (at most 4 of a kind and the red fives of `MAX_REDS` are checked above,
    // as `check_limits` and `Hand::new` do).
    check_count(nc, calls.len()).ok()?;
    Some(Scanned {
        concealed,
        nc,
        calls,
        kinds,
    })
}

/// Parse a plain list of tiles as [`parse_tiles`] does, appending them to `out`.
///
/// Short plain ASCII mpsz (`3m`, `3m7z`) takes a fast path that allocates nothing;
/// anything else, and every error, goes through [`parse_tiles`].
pub fn parse_tiles_into(text: &str, out: &mut Vec<Tile>) -> Result<(), Error> {
    if let Some(t) = single_tile(text) {
        out.push(t);
        return Ok(());
    }
    if let Some((tiles, n)) = fast_tiles(text) {
        out.extend_from_slice(&tiles[..n]);
        return Ok(());
    }
    out.extend(parse_tiles(text)?);
    Ok(())
}

/// One tile written as a digit and a suit letter (`5m`, `0p`, `7z`), the commonest
/// indicator and winning-tile form.
fn single_tile(text: &str) -> Option<Tile> {
    let &[d @ b'0'..=b'9', l] = text.as_bytes() else {
        return None;
    };
    let q = match l {
        b'm' => 0,
        b'p' => 1,
        b's' => 2,
        b'z' => 3,
        _ => return None,
    };
    TILE_BY_DIGIT[q][usize::from(d - b'0')]
}

/// The fast path of [`parse_tiles_into`]: up to 8 tiles written as digits and suit
/// letters only, within the copy limits; `None` otherwise.
fn fast_tiles(text: &str) -> Option<([Tile; 8], usize)> {
    let mut tiles = [Tile::new(0); 8];
    let mut n = 0;
    let mut run = 0;
    let mut digits = [0u8; 8];
    for &b in text.as_bytes() {
        match b {
            b'0'..=b'9' => {
                *digits.get_mut(run)? = b - b'0';
                run += 1;
            }
            b'm' | b'p' | b's' | b'z' => {
                if run == 0 {
                    return None;
                }
                let suit = Suit::from_letter(b as char)?;
                for &d in &digits[..run] {
                    *tiles.get_mut(n)? = Tile::from_suit_number(suit, d)?;
                    n += 1;
                }
                run = 0;
            }
            _ => return None,
        }
    }
    if run > 0 {
        return None;
    }
    if n <= 1 {
        return Some((tiles, n));
    }
    let (mut kinds, mut reds) = ([0u8; 34], [0u8; 3]);
    for t in &tiles[..n] {
        kinds[t.index()] += 1;
        if t.is_red() {
            reds[t.suit().index()] += 1;
        }
    }
    if kinds.iter().any(|&k| k > 4) || (0..3).any(|q| reds[q] > MAX_REDS[q]) {
        return None;
    }
    Some((tiles, n))
}

/// Parse a plain list of tiles (no calls, no count rule), for dora indicators, visible
/// tiles and the like. Empty text is an empty list. At most 4 copies of a kind.
///
/// ```
/// use tenpai::notation::parse_tiles;
/// assert_eq!(parse_tiles("1m0p7z")?.len(), 3);
/// assert!(parse_tiles("")?.is_empty());
/// assert!(parse_tiles("11111m").is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, Error> {
    let tokens = tokenize(text, false)?;
    check_limits(&tokens.tiles)?;
    Ok(tokens.tiles.into_iter().map(|t| t.tile).collect())
}

/// Parse exactly one tile, like `5m`, `0p`, `7z`, an mjai name (`E`, `5mr`) or a glyph.
///
/// ```
/// use tenpai::{notation::parse_tile, Tile};
/// assert_eq!(parse_tile("0p")?, Tile::RED_5P);
/// assert_eq!(parse_tile("E")?, Tile::EAST); // mjai
/// assert!(parse_tile("12m").is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn parse_tile(text: &str) -> Result<Tile, Error> {
    if let Some(t) = single_tile(text) {
        return Ok(t);
    }
    if let Some(([t, ..], 1)) = fast_tiles(text) {
        return Ok(t);
    }
    parse_tile_general(text)
}

/// [`parse_tile`] without its fast path.
fn parse_tile_general(text: &str) -> Result<Tile, Error> {
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
///
/// ```
/// use tenpai::notation::{format_tiles, parse_tiles};
/// assert_eq!(format_tiles(&parse_tiles("1z6p3m0p1m")?), "13m06p1z");
/// # Ok::<(), tenpai::Error>(())
/// ```
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
///
/// ```
/// use tenpai::{notation::format_unicode, Tile};
/// assert_eq!(format_unicode(&[Tile::SOUTH, Tile::EAST]), "\u{1F000}\u{1F001}");
/// ```
pub fn format_unicode(tiles: &[Tile]) -> String {
    let mut sorted = tiles.to_vec();
    sorted.sort();
    sorted.iter().map(|t| t.unicode()).collect()
}

/// Write a hand with Unicode glyphs: concealed tiles, then calls in brackets.
///
/// ```
/// let hand: tenpai::Hand = "11z (222z)".parse()?;
/// assert_eq!(tenpai::notation::format_hand_unicode(&hand).chars().filter(|c| ('\u{1F000}'..='\u{1F021}').contains(c)).count(), 5);
/// # Ok::<(), tenpai::Error>(())
/// ```
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

/// The most tiles a hand can be written with: four kans and a pair.
const MAX_HAND_TILES: usize = 18;

/// The most tiles a list can hold: four of each kind.
const MAX_LIST_TILES: usize = 136;

fn tokenize(text: &str, allow_calls: bool) -> Result<Tokens, Error> {
    let max = if allow_calls {
        MAX_HAND_TILES
    } else {
        MAX_LIST_TILES
    };
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
            '0'..='9' => {
                // Stop at the first tile past what any hand can hold, so a huge input
                // costs no more than its first few characters.
                if tiles.len() + pending.len() >= max {
                    return Err(Error::parse(ParseErrorKind::TooManyTiles(max), pos));
                }
                pending.push((ch as u8 - b'0', pos))
            }
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
                    if tiles.len() >= max {
                        return Err(Error::parse(ParseErrorKind::TooManyTiles(max), pos));
                    }
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

/// Five copies of a kind or more red fives of a suit than [`MAX_REDS`], reported at
/// the offending tile.
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
            let q = p.tile.suit().index();
            let r = &mut reds[q];
            *r += 1;
            if *r > MAX_REDS[q] {
                let kind = if *r > 2 {
                    ParseErrorKind::ThirdRedFive(p.tile.to_string())
                } else {
                    ParseErrorKind::TwoRedFives(p.tile.to_string())
                };
                return Err(Error::parse(kind, p.pos));
            }
        }
    }
    Ok(())
}

// Reading and writing a hand live here, so that data flows one way: `notation` builds
// on `hand`, never the reverse.
impl std::str::FromStr for Hand {
    type Err = Error;
    fn from_str(s: &str) -> Result<Hand, Error> {
        parse_hand(s)
    }
}

impl std::fmt::Display for Hand {
    /// Canonical mpsz: concealed tiles sorted and grouped by suit, then the calls.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&format_tiles(self.concealed()))?;
        for c in self.calls() {
            write!(f, " {c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
