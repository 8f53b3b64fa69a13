//! The crate's error type.

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
