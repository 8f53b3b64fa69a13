//! The hand model: concealed tiles plus calls (chi, pon, open and closed kans).

use crate::error::{Error, ParseErrorKind};
use crate::tile::{Suit, Tile, TileCounts};
use std::fmt;

/// What kind of call a group is.
///
/// ```
/// use tenpai::{CallKind, Hand};
/// let hand: Hand = "123m11z (555p) [7777z]".parse()?;
/// let kinds: Vec<CallKind> = hand.calls().iter().map(|c| c.kind()).collect();
/// assert_eq!(kinds, [CallKind::Pon, CallKind::ClosedKan]);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CallKind {
    /// A sequence called from the player on the left.
    Chi,
    /// A triplet called from another player.
    Pon,
    /// An open quad: called from a discard (daiminkan) or added to a pon (shouminkan).
    OpenKan,
    /// A closed quad (ankan), made of four drawn tiles. It keeps the hand closed.
    ClosedKan,
}

impl CallKind {
    /// Whether this call opens the hand (everything but a closed kan).
    ///
    /// ```
    /// use tenpai::CallKind;
    /// assert!(CallKind::Chi.is_open() && !CallKind::ClosedKan.is_open());
    /// ```
    pub const fn is_open(self) -> bool {
        !matches!(self, CallKind::ClosedKan)
    }

    /// Whether this call is a quad.
    ///
    /// ```
    /// use tenpai::CallKind;
    /// assert!(CallKind::OpenKan.is_kan() && !CallKind::Pon.is_kan());
    /// ```
    pub const fn is_kan(self) -> bool {
        matches!(self, CallKind::OpenKan | CallKind::ClosedKan)
    }
}

/// One call: its kind and its tiles (3, or 4 for kans), sorted, kept inline.
///
/// ```
/// use tenpai::{Call, CallKind, Tile};
/// let chi = Call::new(CallKind::Chi, &[Tile::new(2), Tile::new(0), Tile::new(1)]).unwrap();
/// assert_eq!((chi.to_string(), chi.first(), chi.is_open()), ("(123m)".to_string(), Tile::new(0), true));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Call {
    kind: CallKind,
    /// The tiles, sorted, in `tiles[..len]`; the slots after them hold `Tile::new(0)`.
    tiles: [Tile; 4],
    len: u8,
}

impl fmt::Debug for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Call")
            .field("kind", &self.kind)
            .field("tiles", &self.tiles())
            .finish()
    }
}

impl Call {
    /// A call from its tiles, checked: a chi must be three consecutive tiles of one
    /// suit, a pon three of a kind, a kan four of a kind. Red fives count as fives.
    ///
    /// ```
    /// use tenpai::{Call, CallKind, Tile};
    /// assert!(Call::new(CallKind::Pon, &[Tile::EAST; 3]).is_ok());
    /// assert!(Call::new(CallKind::Chi, &[Tile::EAST, Tile::SOUTH, Tile::WEST]).is_err()); // honors make no sequence
    /// ```
    pub fn new(kind: CallKind, tiles: &[Tile]) -> Result<Call, String> {
        let n = tiles.len();
        match kind {
            CallKind::Chi if n != 3 => return Err(format!("a chi has 3 tiles, not {n}")),
            CallKind::Pon if n != 3 => return Err("a pon is three of the same tile".into()),
            CallKind::OpenKan if n != 4 => {
                return Err("an open kan is four of the same tile".into())
            }
            CallKind::ClosedKan if n != 4 => {
                return Err("a closed kan is four of the same tile".into())
            }
            _ => {}
        }
        let mut inline = [Tile::new(0); 4];
        inline[..n].copy_from_slice(tiles);
        let tiles = &mut inline[..n];
        tiles.sort();
        let same = tiles.iter().all(|t| t.kind() == tiles[0].kind());
        match kind {
            CallKind::Chi => {
                if tiles.len() != 3 {
                    return Err(format!("a chi has 3 tiles, not {}", tiles.len()));
                }
                if tiles[0].is_honor() {
                    return Err("a chi cannot be made of honors".into());
                }
                let (a, b, c) = (tiles[0], tiles[1], tiles[2]);
                if a.suit() != c.suit() || b.index() != a.index() + 1 || c.index() != a.index() + 2
                {
                    return Err("three tiles that are neither a sequence nor a triplet".into());
                }
            }
            CallKind::Pon => {
                if tiles.len() != 3 || !same {
                    return Err("a pon is three of the same tile".into());
                }
            }
            CallKind::OpenKan => {
                if tiles.len() != 4 || !same {
                    return Err("an open kan is four of the same tile".into());
                }
            }
            CallKind::ClosedKan => {
                if tiles.len() != 4 || !same {
                    return Err("a closed kan is four of the same tile".into());
                }
            }
        }
        Ok(Call {
            kind,
            tiles: inline,
            len: n as u8,
        })
    }

    /// Read the kind from the tiles: three of a kind is a pon, a sequence a chi, four of
    /// a kind an open kan (or a closed kan when `closed`).
    ///
    /// ```
    /// use tenpai::{Call, CallKind, Tile};
    /// assert_eq!(Call::infer(&[Tile::RED; 4], true).unwrap().kind(), CallKind::ClosedKan);
    /// assert_eq!(Call::infer(&[Tile::RED_5P, Tile::new(13), Tile::new(13)], false).unwrap().kind(), CallKind::Pon);
    /// ```
    pub fn infer(tiles: &[Tile], closed: bool) -> Result<Call, String> {
        if closed {
            return Call::new(CallKind::ClosedKan, tiles);
        }
        match tiles.len() {
            3 => {
                if tiles.iter().all(|t| t.kind() == tiles[0].kind()) {
                    Call::new(CallKind::Pon, tiles)
                } else {
                    Call::new(CallKind::Chi, tiles)
                }
            }
            4 => Call::new(CallKind::OpenKan, tiles),
            n => Err(format!("a call has 3 tiles (chi, pon) or 4 (kan), not {n}")),
        }
    }

    /// The kind of call.
    ///
    /// ```
    /// use tenpai::{Call, CallKind, Tile};
    /// assert_eq!(Call::infer(&[Tile::RED; 3], false).unwrap().kind(), CallKind::Pon);
    /// ```
    pub const fn kind(&self) -> CallKind {
        self.kind
    }

    /// The tiles, sorted (a red five sorts just before plain fives).
    ///
    /// ```
    /// use tenpai::{Call, Tile};
    /// let c = Call::infer(&[Tile::new(13), Tile::RED_5P, Tile::new(13)], false).unwrap();
    /// assert_eq!(c.tiles(), [Tile::RED_5P, Tile::new(13), Tile::new(13)]);
    /// ```
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..usize::from(self.len)]
    }

    /// The lowest kind in the call.
    ///
    /// ```
    /// use tenpai::{Call, Tile};
    /// let c = Call::infer(&[Tile::new(8), Tile::new(6), Tile::new(7)], false).unwrap();
    /// assert_eq!(c.first().to_string(), "7m");
    /// ```
    pub fn first(&self) -> Tile {
        self.tiles[0].kind()
    }

    /// Whether the call opens the hand.
    ///
    /// ```
    /// use tenpai::{Call, Tile};
    /// assert!(!Call::infer(&[Tile::RED; 4], true).unwrap().is_open());
    /// assert!(Call::infer(&[Tile::RED; 4], false).unwrap().is_open());
    /// ```
    pub const fn is_open(&self) -> bool {
        self.kind.is_open()
    }

    /// The suit of the call.
    ///
    /// ```
    /// use tenpai::{Call, Suit, Tile};
    /// assert_eq!(Call::infer(&[Tile::RED; 3], false).unwrap().suit(), Suit::Honor);
    /// ```
    pub fn suit(&self) -> Suit {
        self.tiles[0].suit()
    }
}

impl fmt::Display for Call {
    /// `(123m)`, `(555z)`, `(5555z)` or `[5555z]`, red fives as `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (open, close) = if self.kind == CallKind::ClosedKan {
            ('[', ']')
        } else {
            ('(', ')')
        };
        write!(f, "{open}")?;
        for t in self.tiles() {
            write!(f, "{}", t.mpsz_digit())?;
        }
        write!(f, "{}{close}", self.suit().letter())
    }
}

/// The most red fives of each suit (man, pin, sou) a hand may hold: those of the
/// largest set in use, the 4-red-five set with two red 5p. Under the usual set (one
/// per suit) a second red 5p is refused when scoring
/// ([`Rules::red_fives_of_suit`](crate::rules::Rules::red_fives_of_suit)).
///
/// ```
/// use tenpai::{Hand, ParseErrorKind};
/// assert_eq!("00p".parse::<Hand>()?.red_fives(), 2);
/// let err = |t: &str| t.parse::<Hand>().unwrap_err().parse_kind().cloned();
/// assert_eq!(err("00m"), Some(ParseErrorKind::TwoRedFives("0m".into())));
/// assert_eq!(err("000p"), Some(ParseErrorKind::ThirdRedFive("0p".into())));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub const MAX_REDS: [u8; 3] = [1, 2, 1];

/// A hand: concealed tiles (kept sorted) and calls (in the order given).
///
/// A `Hand` is always valid: at most four of a kind counting calls, at most the red
/// fives of the largest set ([`MAX_REDS`]: one red 5m, two red 5p, one red 5s; which
/// of them a rule set allows is checked when scoring), at most four calls, and a concealed count of `3k+1` or `3k+2` with
/// `concealed + 3 * calls <= 14`.
///
/// ```
/// use tenpai::Hand;
/// let hand: Hand = "234m406p55s (789s) [1111z]".parse()?;
/// assert_eq!((hand.concealed().len(), hand.calls().len(), hand.size()), (8, 2, 14));
/// assert_eq!(hand.to_string(), "234m406p55s (789s) [1111z]");
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Hand {
    concealed: Vec<Tile>,
    calls: Vec<Call>,
}

impl Hand {
    /// A hand from concealed tiles and calls, validated.
    ///
    /// ```
    /// use tenpai::{Hand, Tile};
    /// let hand = Hand::new(vec![Tile::EAST, Tile::EAST, Tile::new(0), Tile::new(1)], vec![])?;
    /// assert_eq!(hand.to_string(), "12m11z");
    /// assert!(Hand::new(vec![Tile::EAST; 5], vec![]).is_err()); // five of a kind
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn new(mut concealed: Vec<Tile>, calls: Vec<Call>) -> Result<Hand, Error> {
        concealed.sort();
        let hand = Hand { concealed, calls };
        hand.validate()?;
        Ok(hand)
    }

    /// A hand of these calls whose concealed tiles are to be filled in by
    /// [`Hand::concealed_mut_checked_by_caller`] before any use (not valid until then).
    pub(crate) fn calls_to_fill(calls: Vec<Call>) -> Hand {
        Hand {
            concealed: Vec::with_capacity(14),
            calls,
        }
    }

    /// The concealed tiles to refill in place (the same contract as
    /// [`Hand::new_sorted_checked_by_caller`]: sorted and valid, which the caller
    /// checks): for searches that score many hands with the same calls without a new
    /// allocation each.
    #[inline]
    pub(crate) fn concealed_mut_checked_by_caller(&mut self) -> &mut Vec<Tile> {
        &mut self.concealed
    }

    /// A hand whose checks the caller has made (at most 4 calls, 4 of a kind, the red
    /// fives of [`MAX_REDS`], the count rule), concealed tiles already sorted. For the parser's
    /// fast path.
    pub(crate) fn new_sorted_checked_by_caller(concealed: Vec<Tile>, calls: Vec<Call>) -> Hand {
        debug_assert!(concealed.is_sorted());
        let hand = Hand { concealed, calls };
        debug_assert!(hand.validate().is_ok(), "{hand}");
        hand
    }

    fn validate(&self) -> Result<(), Error> {
        let end = 0;
        if self.calls.len() > 4 {
            return Err(Error::parse(ParseErrorKind::TooManyCalls, end));
        }
        let mut counts = [0u8; 37];
        for t in self.all_tiles() {
            counts[t.id() as usize] += 1;
        }
        let kinds = self.all_counts();
        for t in Tile::all_kinds() {
            if kinds.get(t) > 4 {
                return Err(Error::parse(
                    ParseErrorKind::TooManyCopies(t.to_string()),
                    end,
                ));
            }
        }
        for red in [Tile::RED_5M, Tile::RED_5P, Tile::RED_5S] {
            let n = counts[red.id() as usize];
            if n > MAX_REDS[red.suit().index()] {
                let kind = if n > 2 {
                    ParseErrorKind::ThirdRedFive(red.to_string())
                } else {
                    ParseErrorKind::TwoRedFives(red.to_string())
                };
                return Err(Error::parse(kind, end));
            }
        }
        check_count(self.concealed.len(), self.calls.len()).map_err(|k| Error::parse(k, end))
    }

    /// The concealed tiles, sorted.
    ///
    /// ```
    /// let hand: tenpai::Hand = "21m (333p) 1m1z".parse()?;
    /// assert_eq!(tenpai::notation::format_tiles(hand.concealed()), "112m1z");
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn concealed(&self) -> &[Tile] {
        &self.concealed
    }

    /// The calls, in the order given.
    ///
    /// ```
    /// let hand: tenpai::Hand = "11m (333p) (456s) 99s".parse()?;
    /// assert_eq!(hand.calls()[1].to_string(), "(456s)");
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// Whether the hand has no open call (closed kans keep it closed).
    ///
    /// ```
    /// assert!("1234m [5555p] 1z".parse::<tenpai::Hand>()?.is_closed());
    /// assert!(!"1234m (555p) 1z".parse::<tenpai::Hand>()?.is_closed());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn is_closed(&self) -> bool {
        self.calls.iter().all(|c| !c.is_open())
    }

    /// Counts of the concealed tiles by kind.
    ///
    /// ```
    /// let hand: tenpai::Hand = "1105m (555z)".parse()?;
    /// assert_eq!((hand.concealed_counts().get(tenpai::Tile::new(4)), hand.concealed_counts().total()), (2, 4));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn concealed_counts(&self) -> TileCounts {
        TileCounts::from_tiles(self.concealed.iter().copied())
    }

    /// Counts of the tiles in the calls by kind.
    ///
    /// ```
    /// let hand: tenpai::Hand = "1105m (555z)".parse()?;
    /// assert_eq!(hand.call_counts().get(tenpai::Tile::WHITE), 3);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn call_counts(&self) -> TileCounts {
        TileCounts::from_tiles(self.calls.iter().flat_map(|c| c.tiles().iter().copied()))
    }

    /// Counts of every tile the player holds, concealed and called.
    ///
    /// ```
    /// let hand: tenpai::Hand = "1105m (555z)".parse()?;
    /// assert_eq!(hand.all_counts().total(), 7);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn all_counts(&self) -> TileCounts {
        TileCounts::from_tiles(self.all_tiles())
    }

    /// Every tile, concealed then called.
    ///
    /// ```
    /// let hand: tenpai::Hand = "11m (555z)".parse()?;
    /// assert_eq!(tenpai::notation::format_tiles(&hand.all_tiles().collect::<Vec<_>>()), "11m555z");
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn all_tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.concealed
            .iter()
            .copied()
            .chain(self.calls.iter().flat_map(|c| c.tiles().iter().copied()))
    }

    /// Tile count with each call counted as 3 (a complete hand has 14).
    ///
    /// ```
    /// let hand: tenpai::Hand = "11m (555z) [6666z]".parse()?;
    /// assert_eq!(hand.size(), 8); // a quad counts as 3
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn size(&self) -> usize {
        self.concealed.len() + 3 * self.calls.len()
    }

    /// Number of melds a complete hand still needs from the concealed tiles.
    ///
    /// ```
    /// let hand: tenpai::Hand = "123456m11z (555z)".parse()?;
    /// assert_eq!(hand.melds_needed(), 2);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn melds_needed(&self) -> usize {
        self.concealed.len() / 3
    }

    /// Whether the concealed part has `3k+2` tiles (a hand that has just drawn).
    ///
    /// ```
    /// assert!("123m11z".parse::<tenpai::Hand>()?.is_drawn());
    /// assert!(!"123m1z".parse::<tenpai::Hand>()?.is_drawn());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn is_drawn(&self) -> bool {
        self.concealed.len() % 3 == 2
    }

    /// Number of red fives held (concealed and called).
    ///
    /// ```
    /// let hand: tenpai::Hand = "406m (055p) 11z".parse()?;
    /// assert_eq!(hand.red_fives(), 2);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn red_fives(&self) -> usize {
        self.all_tiles().filter(|t| t.is_red()).count()
    }

    /// This hand with `tile` added to the concealed tiles.
    ///
    /// ```
    /// let hand: tenpai::Hand = "123m1z".parse()?;
    /// assert_eq!(hand.with_tile(tenpai::Tile::EAST)?.to_string(), "123m11z");
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn with_tile(&self, tile: Tile) -> Result<Hand, Error> {
        let mut concealed = self.concealed.clone();
        concealed.push(tile);
        Hand::new(concealed, self.calls.clone())
    }

    /// This hand with one `tile` removed from the concealed tiles (exact red-ness first,
    /// then any tile of the same kind).
    ///
    /// ```
    /// let hand: tenpai::Hand = "123m11z".parse()?;
    /// assert_eq!(hand.without_tile(tenpai::Tile::new(1))?.to_string(), "13m11z");
    /// assert!(hand.without_tile(tenpai::Tile::RED).is_err());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn without_tile(&self, tile: Tile) -> Result<Hand, Error> {
        let mut concealed = self.concealed.clone();
        let pos = concealed
            .iter()
            .position(|&t| t == tile)
            .or_else(|| concealed.iter().position(|t| t.kind() == tile.kind()))
            .ok_or_else(|| Error::Invalid(format!("{tile} is not in the concealed tiles")))?;
        concealed.remove(pos);
        Hand::new(concealed, self.calls.clone())
    }
}

/// Checks the `3k+1` / `3k+2` rule and the 14-tile limit.
pub(crate) fn check_count(concealed: usize, calls: usize) -> Result<(), ParseErrorKind> {
    if concealed == 0 || concealed % 3 == 0 || concealed + 3 * calls > 14 {
        Err(ParseErrorKind::WrongTileCount { concealed, calls })
    } else {
        Ok(())
    }
}
