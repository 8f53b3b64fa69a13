//! Tiles: the 34 kinds, red fives, and their names in every notation players use.
//!
//! A [`Tile`] is one physical tile as far as the rules care: one of the 34 kinds
//! (`0..=33`: 1m..9m, 1p..9p, 1s..9s, then East, South, West, North, White, Green, Red),
//! or one of the three red fives (`34`, `35`, `36` for 0m, 0p, 0s). A red five has the
//! shape of a five ([`Tile::kind`] maps it to 5m/5p/5s) and is worth one aka dora.
//!
//! Conversions: the 34-index ([`Tile::index`]), Tenhou's 136 ids ([`Tile::from_136`]),
//! mjai names ([`Tile::from_mjai`], [`Tile::mjai`]), mpsz ([`Tile::from_mpsz`],
//! [`Display`](std::fmt::Display)) and Unicode glyphs ([`Tile::from_unicode`],
//! [`Tile::unicode`]).
//!
//! The module's files: `mod.rs` ([`Tile`], [`KINDS`]), `suit` ([`Suit`]), `wind`
//! ([`Wind`]), `counts` ([`TileCounts`]), and `three_player`: the tiles a
//! three-player game leaves out, which the layers above (shanten, scoring, advice)
//! share through [`crate::sanma`].

mod counts;
mod suit;
pub(crate) mod three_player;
mod wind;

pub use counts::TileCounts;
pub use suit::Suit;
pub use wind::Wind;

use std::fmt;

/// Number of tile kinds (red fives count as fives).
///
/// ```
/// assert_eq!(tenpai::tile::KINDS, tenpai::Tile::all_kinds().count());
/// ```
pub const KINDS: usize = 34;

/// One tile: a kind `0..=33`, or a red five `34..=36` (0m, 0p, 0s).
///
/// ```
/// use tenpai::Tile;
/// let t = Tile::from_mpsz("0p").unwrap(); // the red five of circles
/// assert_eq!((t.to_string(), t.kind().to_string(), t.is_red()), ("0p".into(), "5p".into(), true));
/// assert_eq!(t.index(), Tile::from_mpsz("5p").unwrap().index());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tile(u8);

impl Tile {
    /// Red five of characters, `0m`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::RED_5M.to_string(), "0m");
    /// ```
    pub const RED_5M: Tile = Tile(34);
    /// Red five of circles, `0p`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::RED_5P.to_string(), "0p");
    /// ```
    pub const RED_5P: Tile = Tile(35);
    /// Red five of bamboo, `0s`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::RED_5S.to_string(), "0s");
    /// ```
    pub const RED_5S: Tile = Tile(36);
    /// East wind, `1z`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::EAST.to_string(), "1z");
    /// ```
    pub const EAST: Tile = Tile(27);
    /// South wind, `2z`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::SOUTH.to_string(), "2z");
    /// ```
    pub const SOUTH: Tile = Tile(28);
    /// West wind, `3z`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::WEST.to_string(), "3z");
    /// ```
    pub const WEST: Tile = Tile(29);
    /// North wind, `4z`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::NORTH.to_string(), "4z");
    /// ```
    pub const NORTH: Tile = Tile(30);
    /// White dragon (haku), `5z`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::WHITE.to_string(), "5z");
    /// ```
    pub const WHITE: Tile = Tile(31);
    /// Green dragon (hatsu), `6z`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::GREEN.to_string(), "6z");
    /// ```
    pub const GREEN: Tile = Tile(32);
    /// Red dragon (chun), `7z`.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::RED.to_string(), "7z");
    /// ```
    pub const RED: Tile = Tile(33);

    /// The tile of kind `index` (`0..34`), not red. `None` out of range.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!(Tile::from_index(9).unwrap().to_string(), "1p");
    /// assert_eq!(Tile::from_index(34), None);
    /// ```
    pub const fn from_index(index: usize) -> Option<Tile> {
        if index < KINDS {
            Some(Tile(index as u8))
        } else {
            None
        }
    }

    /// The tile of kind `index`, which must be below 34 (checked in debug builds).
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::new(33).to_string(), "7z");
    /// ```
    pub const fn new(index: u8) -> Tile {
        debug_assert!((index as usize) < KINDS);
        Tile(index)
    }

    /// The raw id: `0..=33` for kinds, `34..=36` for red fives.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!((Tile::new(4).id(), Tile::RED_5M.id()), (4, 34));
    /// ```
    pub const fn id(self) -> u8 {
        self.0
    }

    /// A tile from its raw id (`0..=36`).
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!(Tile::from_id(35), Some(Tile::RED_5P));
    /// assert_eq!(Tile::from_id(37), None);
    /// ```
    pub const fn from_id(id: u8) -> Option<Tile> {
        if id < 37 {
            Some(Tile(id))
        } else {
            None
        }
    }

    /// The red five of a numbered suit.
    ///
    /// ```
    /// use tenpai::{Suit, Tile};
    /// assert_eq!(Tile::red_five(Suit::Sou), Some(Tile::RED_5S));
    /// assert_eq!(Tile::red_five(Suit::Honor), None);
    /// ```
    pub const fn red_five(suit: Suit) -> Option<Tile> {
        match suit {
            Suit::Man => Some(Tile::RED_5M),
            Suit::Pin => Some(Tile::RED_5P),
            Suit::Sou => Some(Tile::RED_5S),
            Suit::Honor => None,
        }
    }

    /// A tile from suit and number (1..=9 for suits, 1..=7 for honors; 0 is the red five).
    ///
    /// ```
    /// use tenpai::{Suit, Tile};
    /// assert_eq!(Tile::from_suit_number(Suit::Man, 9).unwrap().to_string(), "9m");
    /// assert_eq!(Tile::from_suit_number(Suit::Honor, 8), None);
    /// ```
    pub const fn from_suit_number(suit: Suit, number: u8) -> Option<Tile> {
        match suit {
            Suit::Honor => {
                if number >= 1 && number <= 7 {
                    Some(Tile(27 + number - 1))
                } else {
                    None
                }
            }
            _ => {
                if number == 0 {
                    Tile::red_five(suit)
                } else if number <= 9 {
                    Some(Tile(suit as u8 * 9 + number - 1))
                } else {
                    None
                }
            }
        }
    }

    /// The kind, with a red five mapped to its plain five.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::RED_5S.kind().to_string(), "5s");
    /// ```
    pub const fn kind(self) -> Tile {
        match self.0 {
            34 => Tile(4),
            35 => Tile(13),
            36 => Tile(22),
            k => Tile(k),
        }
    }

    /// The 34-index of the kind (`0..34`).
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::RED_5P.index(), 13); // 5p
    /// ```
    pub const fn index(self) -> usize {
        self.kind().0 as usize
    }

    /// Whether this is a red five.
    ///
    /// ```
    /// assert!(tenpai::Tile::RED_5M.is_red() && !tenpai::Tile::new(4).is_red());
    /// ```
    pub const fn is_red(self) -> bool {
        self.0 >= 34
    }

    /// The suit.
    ///
    /// ```
    /// assert_eq!(tenpai::Tile::GREEN.suit(), tenpai::Suit::Honor);
    /// ```
    pub const fn suit(self) -> Suit {
        match self.index() / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// The number: 1..=9 for suited tiles (a red five is 5), 1..=7 for honors.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!((Tile::RED_5P.number(), Tile::GREEN.number()), (5, 6));
    /// ```
    pub const fn number(self) -> u8 {
        (self.index() % 9) as u8 + 1
    }

    /// The digit written in mpsz: like [`Tile::number`] but 0 for a red five.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!((Tile::RED_5P.mpsz_digit(), Tile::new(13).mpsz_digit()), (0, 5));
    /// ```
    pub const fn mpsz_digit(self) -> u8 {
        if self.is_red() {
            0
        } else {
            self.number()
        }
    }

    /// Whether this is a wind or a dragon.
    ///
    /// ```
    /// assert!(tenpai::Tile::EAST.is_honor() && !tenpai::Tile::new(0).is_honor());
    /// ```
    pub const fn is_honor(self) -> bool {
        self.index() >= 27
    }

    /// Whether this is a 1 or a 9 of a suit.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert!(Tile::new(8).is_terminal() && !Tile::EAST.is_terminal());
    /// ```
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.number() == 1 || self.number() == 9)
    }

    /// Terminal or honor (yaochuuhai).
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert!(Tile::new(0).is_terminal_or_honor() && Tile::RED.is_terminal_or_honor());
    /// ```
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// A suited 2..8 (chunchanpai).
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert!(Tile::RED_5M.is_simple() && !Tile::new(17).is_simple()); // 9p is not
    /// ```
    pub const fn is_simple(self) -> bool {
        !self.is_terminal_or_honor()
    }

    /// Whether this is a dragon (5z, 6z, 7z).
    ///
    /// ```
    /// assert!(tenpai::Tile::WHITE.is_dragon() && !tenpai::Tile::EAST.is_dragon());
    /// ```
    pub const fn is_dragon(self) -> bool {
        self.index() >= 31
    }

    /// Whether this is a wind (1z..4z).
    ///
    /// ```
    /// assert!(tenpai::Tile::NORTH.is_wind() && !tenpai::Tile::RED.is_wind());
    /// ```
    pub const fn is_wind(self) -> bool {
        let i = self.index();
        i >= 27 && i <= 30
    }

    /// The wind of a wind tile.
    ///
    /// ```
    /// use tenpai::{Tile, Wind};
    /// assert_eq!(Tile::WEST.wind(), Some(Wind::West));
    /// assert_eq!(Tile::WHITE.wind(), None);
    /// ```
    pub const fn wind(self) -> Option<Wind> {
        if self.is_wind() {
            Some(Wind::from_index(self.index() - 27))
        } else {
            None
        }
    }

    /// The tile a dora indicator points at (its successor, wrapping within the suit,
    /// the winds and the dragons). Red fives indicate six.
    ///
    /// ```
    /// use tenpai::Tile;
    /// let dora = |s: &str| Tile::from_mpsz(s).unwrap().dora_from_indicator().to_string();
    /// assert_eq!((dora("9m"), dora("4z"), dora("7z"), dora("0p")), ("1m".into(), "1z".into(), "5z".into(), "6p".into()));
    /// ```
    pub const fn dora_from_indicator(self) -> Tile {
        let i = self.index() as u8;
        Tile(match i {
            8 => 0,
            17 => 9,
            26 => 18,
            30 => 27,
            33 => 31,
            _ => i + 1,
        })
    }

    /// The tile for Tenhou's 136 id (`0..136`, four copies per kind in 34-order).
    /// With `red_fives`, ids 16, 52 and 88 are the red fives, as on Tenhou.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!(Tile::from_136(16, true), Some(Tile::RED_5M));
    /// assert_eq!(Tile::from_136(16, false).unwrap().to_string(), "5m");
    /// assert_eq!(Tile::from_136(136, true), None);
    /// ```
    pub const fn from_136(id: u16, red_fives: bool) -> Option<Tile> {
        if id >= 136 {
            return None;
        }
        if red_fives {
            match id {
                16 => return Some(Tile::RED_5M),
                52 => return Some(Tile::RED_5P),
                88 => return Some(Tile::RED_5S),
                _ => {}
            }
        }
        Some(Tile((id / 4) as u8))
    }

    /// The lowest Tenhou 136 id of this tile: the red five's own id (16, 52, 88) for a
    /// red five, and the first plain copy (`4 * kind`, or `4 * kind + 1` for fives) otherwise.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!((Tile::RED_5M.to_136(), Tile::new(4).to_136(), Tile::EAST.to_136()), (16, 17, 108));
    /// ```
    pub const fn to_136(self) -> u16 {
        match self.0 {
            34 => 16,
            35 => 52,
            36 => 88,
            k if k == 4 || k == 13 || k == 22 => k as u16 * 4 + 1,
            k => k as u16 * 4,
        }
    }

    /// The mjai name: `1m`..`9m`, `5mr` for a red five, `E S W N P F C` for honors.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!((Tile::RED_5P.mjai(), Tile::RED.mjai(), Tile::new(0).mjai()), ("5pr", "C", "1m"));
    /// ```
    pub const fn mjai(self) -> &'static str {
        const NAMES: [&str; 37] = [
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
            "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S",
            "W", "N", "P", "F", "C", "5mr", "5pr", "5sr",
        ];
        NAMES[self.0 as usize]
    }

    /// The tile for an mjai name.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!(Tile::from_mjai("5sr"), Some(Tile::RED_5S));
    /// assert_eq!(Tile::from_mjai("P"), Some(Tile::WHITE));
    /// ```
    pub fn from_mjai(name: &str) -> Option<Tile> {
        match name {
            "E" => Some(Tile::EAST),
            "S" => Some(Tile::SOUTH),
            "W" => Some(Tile::WEST),
            "N" => Some(Tile::NORTH),
            "P" => Some(Tile::WHITE),
            "F" => Some(Tile::GREEN),
            "C" => Some(Tile::RED),
            "5mr" => Some(Tile::RED_5M),
            "5pr" => Some(Tile::RED_5P),
            "5sr" => Some(Tile::RED_5S),
            _ => {
                let b = name.as_bytes();
                if b.len() != 2 {
                    return None;
                }
                let suit = Suit::from_letter(b[1] as char)?;
                if suit == Suit::Honor || !(b'1'..=b'9').contains(&b[0]) {
                    return None;
                }
                Tile::from_suit_number(suit, b[0] - b'0')
            }
        }
    }

    /// The tile written as a single mpsz tile, like `1m`, `0p` or `7z`.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!(Tile::from_mpsz("7z"), Some(Tile::RED));
    /// assert_eq!(Tile::from_mpsz("8z"), None);
    /// ```
    pub fn from_mpsz(s: &str) -> Option<Tile> {
        let b = s.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_digit() {
            return None;
        }
        Tile::from_suit_number(Suit::from_letter(b[1] as char)?, b[0] - b'0')
    }

    /// The Unicode glyph (U+1F000..U+1F021). A red five has no glyph of its own and is
    /// shown as its five.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!(Tile::EAST.unicode(), '\u{1F000}');
    /// assert_eq!(Tile::RED_5M.unicode(), Tile::new(4).unicode());
    /// ```
    pub const fn unicode(self) -> char {
        let i = self.index() as u32;
        let code = match i {
            0..=8 => 0x1F007 + i,
            9..=17 => 0x1F019 + (i - 9),
            18..=26 => 0x1F010 + (i - 18),
            27..=30 => 0x1F000 + (i - 27),
            31 => 0x1F006,
            32 => 0x1F005,
            _ => 0x1F004,
        };
        match char::from_u32(code) {
            Some(c) => c,
            None => '?',
        }
    }

    /// The tile for a Unicode mahjong glyph, if it is one of the 34 kinds.
    ///
    /// ```
    /// use tenpai::Tile;
    /// assert_eq!(Tile::from_unicode('\u{1F000}'), Some(Tile::EAST));
    /// assert_eq!(Tile::from_unicode('x'), None);
    /// ```
    pub const fn from_unicode(c: char) -> Option<Tile> {
        let code = c as u32;
        let i = match code {
            0x1F000..=0x1F003 => code - 0x1F000 + 27,
            0x1F004 => 33,
            0x1F005 => 32,
            0x1F006 => 31,
            0x1F007..=0x1F00F => code - 0x1F007,
            0x1F010..=0x1F018 => code - 0x1F010 + 18,
            0x1F019..=0x1F021 => code - 0x1F019 + 9,
            _ => return None,
        };
        Some(Tile(i as u8))
    }

    /// All 34 kinds in order.
    ///
    /// ```
    /// let names: Vec<String> = tenpai::Tile::all_kinds().map(|t| t.to_string()).collect();
    /// assert_eq!((names.len(), names[0].as_str(), names[33].as_str()), (34, "1m", "7z"));
    /// ```
    pub fn all_kinds() -> impl Iterator<Item = Tile> {
        (0..KINDS as u8).map(Tile)
    }

    /// Sort key: by kind, a red five just before the plain fives.
    ///
    /// ```
    /// use tenpai::Tile;
    /// let mut t = vec![Tile::new(5), Tile::new(4), Tile::RED_5M];
    /// t.sort_by_key(|t| t.sort_key());
    /// assert_eq!(t, [Tile::RED_5M, Tile::new(4), Tile::new(5)]); // 0m 5m 6m
    /// ```
    pub const fn sort_key(self) -> u8 {
        self.index() as u8 * 2 + if self.is_red() { 0 } else { 1 }
    }
}

impl PartialOrd for Tile {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Tile {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.sort_key().cmp(&other.sort_key())
    }
}

impl fmt::Display for Tile {
    /// mpsz form of one tile: `1m`, `0p` (red five), `7z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.mpsz_digit(), self.suit().letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_round_trip() {
        for id in 0..37u8 {
            let t = Tile::from_id(id).unwrap();
            assert_eq!(Tile::from_mjai(t.mjai()), Some(t));
            assert_eq!(Tile::from_mpsz(&t.to_string()), Some(t));
            assert_eq!(Tile::from_unicode(t.unicode()), Some(t.kind()));
            assert_eq!(Tile::from_136(t.to_136(), true), Some(t));
        }
    }

    #[test]
    fn known_values() {
        assert_eq!(Tile::from_mpsz("0m"), Some(Tile::RED_5M));
        assert_eq!(Tile::RED_5P.kind(), Tile::from_mpsz("5p").unwrap());
        assert_eq!(Tile::from_136(16, true), Some(Tile::RED_5M));
        assert_eq!(Tile::from_136(16, false), Tile::from_mpsz("5m"));
        assert_eq!(Tile::from_136(135, true), Some(Tile::RED));
        assert_eq!(Tile::from_136(136, true), None);
        assert_eq!(Tile::EAST.unicode(), '\u{1F000}');
        assert_eq!(Tile::RED.unicode(), '\u{1F004}');
        assert_eq!(Tile::WHITE.unicode(), '\u{1F006}');
        assert_eq!(Tile::from_mpsz("1s").unwrap().unicode(), '\u{1F010}');
        assert_eq!(Tile::from_mpsz("1p").unwrap().unicode(), '\u{1F019}');
        assert_eq!(Tile::from_mpsz("9m").unwrap().unicode(), '\u{1F00F}');
        assert_eq!(Tile::from_mjai("P"), Some(Tile::WHITE));
        assert_eq!(Tile::from_mjai("C"), Some(Tile::RED));
        assert_eq!(Tile::from_mjai("5sr"), Some(Tile::RED_5S));
        assert_eq!(Tile::from_mjai("0m"), None);
        assert_eq!(Tile::from_mpsz("8z"), None);
        assert_eq!(Tile::from_mpsz("0z"), None);
        let d = |s: &str| {
            Tile::from_mpsz(s)
                .unwrap()
                .dora_from_indicator()
                .to_string()
        };
        assert_eq!(d("9m"), "1m");
        assert_eq!(d("0s"), "6s");
        assert_eq!(d("4z"), "1z");
        assert_eq!(d("7z"), "5z");
        assert_eq!(d("5z"), "6z");
    }
}
