//! [`Wind`]: seat and round winds.

use super::Tile;

/// A wind, as a seat or a round wind.
///
/// ```
/// use tenpai::{Tile, Wind};
/// assert_eq!(Tile::from_mpsz("2z").unwrap().wind(), Some(Wind::South));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wind {
    /// East.
    East,
    /// South.
    South,
    /// West.
    West,
    /// North.
    North,
}

impl Wind {
    /// The wind tile (1z..4z).
    ///
    /// ```
    /// assert_eq!(tenpai::Wind::West.tile().to_string(), "3z");
    /// ```
    pub const fn tile(self) -> Tile {
        Tile(27 + self as u8)
    }

    /// Wind from its letter `E`, `S`, `W`, `N` (either case).
    ///
    /// ```
    /// assert_eq!(tenpai::Wind::from_letter('n'), Some(tenpai::Wind::North));
    /// ```
    pub const fn from_letter(c: char) -> Option<Wind> {
        match c {
            'E' | 'e' => Some(Wind::East),
            'S' | 's' => Some(Wind::South),
            'W' | 'w' => Some(Wind::West),
            'N' | 'n' => Some(Wind::North),
            _ => None,
        }
    }

    /// The letter `E`, `S`, `W` or `N`.
    ///
    /// ```
    /// assert_eq!(tenpai::Wind::East.letter(), 'E');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Wind::East => 'E',
            Wind::South => 'S',
            Wind::West => 'W',
            Wind::North => 'N',
        }
    }

    /// Wind from 0..=3 (East, South, West, North), wrapping.
    ///
    /// ```
    /// use tenpai::Wind;
    /// assert_eq!(Wind::from_index(5), Wind::South); // wraps
    /// ```
    pub const fn from_index(i: usize) -> Wind {
        match i % 4 {
            0 => Wind::East,
            1 => Wind::South,
            2 => Wind::West,
            _ => Wind::North,
        }
    }

    /// 0 for East .. 3 for North.
    ///
    /// ```
    /// assert_eq!(tenpai::Wind::North.index(), 3);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }
}
