//! [`Suit`]: the suit of a tile.

/// The suit of a tile.
///
/// ```
/// use tenpai::{Suit, Tile};
/// assert_eq!(Tile::from_mpsz("3p").unwrap().suit(), Suit::Pin);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Characters (manzu), `m`.
    Man,
    /// Circles (pinzu), `p`.
    Pin,
    /// Bamboo (souzu), `s`.
    Sou,
    /// Winds and dragons (jihai), `z`.
    Honor,
}

impl Suit {
    /// The suit letter used in mpsz notation.
    ///
    /// ```
    /// assert_eq!(tenpai::Suit::Sou.letter(), 's');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// The suit for an mpsz letter.
    ///
    /// ```
    /// assert_eq!(tenpai::Suit::from_letter('z'), Some(tenpai::Suit::Honor));
    /// assert_eq!(tenpai::Suit::from_letter('x'), None);
    /// ```
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honor),
            _ => None,
        }
    }

    /// 0 for man, 1 pin, 2 sou, 3 honors.
    ///
    /// ```
    /// assert_eq!(tenpai::Suit::Pin.index(), 1);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether this is one of the three numbered suits.
    ///
    /// ```
    /// assert!(tenpai::Suit::Man.is_numbered() && !tenpai::Suit::Honor.is_numbered());
    /// ```
    pub const fn is_numbered(self) -> bool {
        !matches!(self, Suit::Honor)
    }
}
