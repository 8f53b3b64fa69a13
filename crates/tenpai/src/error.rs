//! The crate's error type, and the "did you mean" hint for mistyped names.

use thiserror::Error;

/// Everything that can go wrong in this crate. Errors about input text carry the
/// character offset of the problem (0-based, counted in Unicode scalar values).
///
/// ```
/// use tenpai::{notation::parse_hand, Error, ParseErrorKind};
/// let e = parse_hand("123m45x").unwrap_err();
/// assert!(matches!(e, Error::Parse { position: 6, .. }));
/// assert_eq!(e.parse_kind(), Some(&ParseErrorKind::UnknownChar('x')));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// The hand text could not be read as a hand.
    #[error("{kind} (at column {col})", col = .position + 1)]
    Parse {
        /// What is wrong.
        kind: ParseErrorKind,
        /// 0-based character offset of the problem in the input.
        position: usize,
    },
    /// A request is not valid (for example a tile that is not in the hand).
    #[error("{0}")]
    Invalid(String),
    /// A game log could not be read: not a log, truncated, damaged or inconsistent.
    #[error("{}{}{message}", prefix(.file), prefix(.position))]
    Log {
        /// The file, when known.
        file: Option<String>,
        /// Where in the file (`byte 1234`, `line 3, column 7`, `round E2`), when known.
        position: Option<String>,
        /// What is wrong.
        message: String,
    },
    /// A complete hand with no yaku and no dora: it cannot win.
    #[error("no yaku")]
    NoYaku,
    /// A complete hand with dora but no yaku: it cannot win (dora alone is not a yaku).
    #[error("no yaku (dora alone is not a yaku)")]
    NoYakuOnlyDora,
    /// A scoring request that cannot be read (not JSON, not an object, an unknown or
    /// missing field, a value out of range).
    #[error("{message}{}", at_column(.position))]
    Request {
        /// What is wrong.
        message: String,
        /// 0-based character offset in the request text, when known.
        position: Option<usize>,
    },
}

fn at_column(position: &Option<usize>) -> String {
    position
        .map(|p| format!(" (at column {})", p + 1))
        .unwrap_or_default()
}

fn prefix(part: &Option<String>) -> String {
    part.as_deref()
        .map(|p| format!("{p}: "))
        .unwrap_or_default()
}

impl Error {
    /// The character offset of the problem in the input text, if it has one.
    ///
    /// ```
    /// use tenpai::{notation::parse_hand, Error, ParseErrorKind};
    /// assert_eq!(parse_hand("123m45x").unwrap_err().position(), Some(6)); // 0-based characters
    /// ```
    pub fn position(&self) -> Option<usize> {
        match self {
            Error::Parse { position, .. } => Some(*position),
            Error::Request { position, .. } => *position,
            _ => None,
        }
    }

    /// The parse error kind, if this is a parse error.
    ///
    /// ```
    /// use tenpai::{notation::parse_hand, Error, ParseErrorKind};
    /// assert_eq!(parse_hand("").unwrap_err().parse_kind(), Some(&ParseErrorKind::Empty));
    /// ```
    pub fn parse_kind(&self) -> Option<&ParseErrorKind> {
        match self {
            Error::Parse { kind, .. } => Some(kind),
            _ => None,
        }
    }

    /// The same error, naming `file` (for log errors that do not name one yet).
    ///
    /// ```
    /// use tenpai::Error;
    /// let e = Error::Log { file: None, position: None, message: "truncated".into() }.with_file("a.xml");
    /// assert!(matches!(e, Error::Log { file: Some(f), .. } if f == "a.xml"));
    /// ```
    pub fn with_file(self, file: &str) -> Error {
        match self {
            Error::Log {
                file: None,
                position,
                message,
            } => Error::Log {
                file: Some(file.to_string()),
                position,
                message,
            },
            other => other,
        }
    }

    pub(crate) fn parse(kind: ParseErrorKind, position: usize) -> Error {
        Error::Parse { kind, position }
    }
}

/// The kinds of problem a hand text can have.
///
/// ```
/// use tenpai::{notation::parse_hand, Error, ParseErrorKind};
/// assert_eq!(parse_hand("123").unwrap_err().parse_kind(), Some(&ParseErrorKind::MissingSuit));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing but whitespace.
    #[error("empty hand")]
    Empty,
    /// A character that is not a digit, suit letter, bracket, space or tile glyph.
    #[error("unexpected character {0:?}")]
    UnknownChar(char),
    /// Digits not followed by a suit letter (`m`, `p`, `s`, `z`).
    #[error("digits without a suit letter")]
    MissingSuit,
    /// A suit letter with no digits before it.
    #[error("suit letter {0:?} without digits")]
    SuitWithoutDigits(char),
    /// `0z`, `8z` or `9z`.
    #[error("no honor tile {0}z (honors are 1z..7z)")]
    InvalidHonor(u8),
    /// A fifth copy of a kind, counting calls.
    #[error("a fifth copy of {0} (at most 4 of a kind, counting calls)")]
    TooManyCopies(String),
    /// Two red fives of one suit.
    #[error("a second red five {0} (one red five per suit)")]
    TwoRedFives(String),
    /// A third red 5p: the largest set (4 red fives) holds two.
    #[error("a third red five {0} (at most two red 5p, as in the 4-red-five set)")]
    ThirdRedFive(String),
    /// A call that is not a chi, pon, open kan or closed kan.
    #[error("invalid call: {0}")]
    InvalidCall(String),
    /// A bracket that does not close or open properly.
    #[error("unbalanced bracket {0:?}")]
    UnbalancedBracket(char),
    /// More tiles than the text can hold (a hand 18: four kans and a pair; a list of
    /// tiles 136); reading stops at the first tile too many.
    #[error("more than {0} tiles: nothing holds that many (a hand at most 14, 18 with four kans; a list 4 of each kind)")]
    TooManyTiles(usize),
    /// More than four calls.
    #[error("more than 4 calls")]
    TooManyCalls,
    /// The tile count cannot be a hand.
    #[error("{concealed} concealed tiles with {calls} call(s) is not a hand: need 3k+1 or 3k+2 concealed tiles and at most 14 tiles counting each call as 3")]
    WrongTileCount {
        /// Concealed tiles.
        concealed: usize,
        /// Number of calls.
        calls: usize,
    },
}

/// The name among `names` that `word` most likely mistypes, for a "did you mean" hint
/// (an unknown request field, a mistyped command): the closest by edit distance
/// (insertions, deletions, substitutions and swaps of neighbours count one each), a
/// name that starts with the word or that the word starts with counting one when both
/// have at least 3 characters (`seat` for `seat_wind`, `uradora` for `ura`); at most
/// 2 edits away, or a third of the name's length for long names. Case is ignored
/// (`names` are lower case); ties go to the nearer spelling, then the first name in
/// alphabetical order. `None` when nothing is that close.
///
/// ```
/// use tenpai::error::did_you_mean;
///
/// let fields = ["riichi", "seat_wind", "double_yakuman", "double_yakuman_hands", "ura"];
/// assert_eq!(did_you_mean("riichii", &fields), Some("riichi"));
/// assert_eq!(did_you_mean("rihcii", &fields), Some("riichi")); // a swap of neighbours
/// assert_eq!(did_you_mean("Seat", &fields), Some("seat_wind"));
/// assert_eq!(did_you_mean("double_yakuman_hand", &fields), Some("double_yakuman_hands"));
/// assert_eq!(did_you_mean("uradora", &fields), Some("ura"));
/// assert_eq!(did_you_mean("xyzzy", &fields), None);
/// assert_eq!(did_you_mean("", &fields), None);
/// ```
pub fn did_you_mean<'a>(word: &str, names: &[&'a str]) -> Option<&'a str> {
    let lower = word.to_ascii_lowercase();
    names
        .iter()
        .map(|&name| {
            let d = edit_distance(&lower, name);
            let prefix = lower.chars().count().min(name.chars().count()) >= 3
                && (name.starts_with(&lower) || lower.starts_with(name));
            (if prefix { d.min(1) } else { d }, d, name)
        })
        .min()
        .filter(|&(score, _, name)| score <= 2.max(name.chars().count() / 3))
        .map(|(_, _, name)| name)
}

/// Edit distance between two short words: insertions, deletions, substitutions and
/// swaps of neighbours count one each (optimal string alignment).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}
