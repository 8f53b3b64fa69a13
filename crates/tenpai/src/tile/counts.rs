//! [`TileCounts`]: counts of each of the 34 kinds.

use super::{Tile, KINDS};

/// Counts of each of the 34 kinds (red fives counted as fives).
///
/// ```
/// use tenpai::{Tile, TileCounts};
/// let c = TileCounts::from_tiles(tenpai::notation::parse_tiles("1120m")?);
/// assert_eq!((c.get(Tile::new(0)), c.get(Tile::new(4)), c.total()), (2, 1, 4));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileCounts(pub [u8; KINDS]);

impl Default for TileCounts {
    fn default() -> Self {
        TileCounts::new()
    }
}

impl TileCounts {
    /// No tiles.
    ///
    /// ```
    /// assert_eq!(tenpai::TileCounts::new().total(), 0);
    /// ```
    pub const fn new() -> TileCounts {
        TileCounts([0; KINDS])
    }

    /// Counts of the given tiles.
    ///
    /// ```
    /// use tenpai::{Tile, TileCounts};
    /// let c = TileCounts::from_tiles([Tile::EAST, Tile::EAST, Tile::RED_5P]);
    /// assert_eq!((c.get(Tile::EAST), c.get(Tile::new(13))), (2, 1));
    /// ```
    pub fn from_tiles<I: IntoIterator<Item = Tile>>(tiles: I) -> TileCounts {
        let mut c = TileCounts::new();
        for t in tiles {
            c.0[t.index()] += 1;
        }
        c
    }

    /// The count of a kind.
    ///
    /// ```
    /// use tenpai::{Tile, TileCounts};
    /// assert_eq!(TileCounts::from_tiles([Tile::RED_5S]).get(Tile::new(22)), 1);
    /// ```
    pub const fn get(&self, t: Tile) -> u8 {
        self.0[t.index()]
    }

    /// Add one tile.
    ///
    /// ```
    /// use tenpai::{Tile, TileCounts};
    /// let mut c = TileCounts::new();
    /// c.add(Tile::RED);
    /// assert_eq!(c.get(Tile::RED), 1);
    /// ```
    pub fn add(&mut self, t: Tile) {
        self.0[t.index()] += 1;
    }

    /// Remove one tile (no-op if none is there).
    ///
    /// ```
    /// use tenpai::{Tile, TileCounts};
    /// let mut c = TileCounts::from_tiles([Tile::RED]);
    /// c.remove(Tile::RED);
    /// c.remove(Tile::RED); // nothing left: no-op
    /// assert_eq!(c.total(), 0);
    /// ```
    pub fn remove(&mut self, t: Tile) {
        let c = &mut self.0[t.index()];
        *c = c.saturating_sub(1);
    }

    /// Total number of tiles.
    ///
    /// ```
    /// assert_eq!(tenpai::TileCounts::from_tiles(tenpai::Tile::all_kinds()).total(), 34);
    /// ```
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }

    /// The kinds present, each once, in order.
    ///
    /// ```
    /// use tenpai::{Tile, TileCounts};
    /// let c = TileCounts::from_tiles([Tile::RED, Tile::EAST, Tile::EAST]);
    /// assert_eq!(c.kinds().collect::<Vec<_>>(), [Tile::EAST, Tile::RED]);
    /// ```
    pub fn kinds(&self) -> impl Iterator<Item = Tile> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(i, _)| Tile(i as u8))
    }

    /// Every tile, kinds repeated by count, in order.
    ///
    /// ```
    /// use tenpai::{Tile, TileCounts};
    /// let c = TileCounts::from_tiles([Tile::RED, Tile::EAST, Tile::EAST]);
    /// assert_eq!(c.tiles().collect::<Vec<_>>(), [Tile::EAST, Tile::EAST, Tile::RED]);
    /// ```
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.0
            .iter()
            .enumerate()
            .flat_map(|(i, &c)| std::iter::repeat_n(Tile(i as u8), c as usize))
    }
}
