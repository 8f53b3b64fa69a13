//! Every way to read a complete hand: a pair and four melds (calls are fixed melds),
//! seven different pairs (chiitoitsu), or thirteen orphans (kokushi).
//!
//! Red fives count as fives for shape. Each distinct multiset of groups is listed once.

use crate::hand::{CallKind, Hand};
use crate::tile::{Tile, TileCounts, KINDS};
use std::fmt;

/// The shape of a meld.
///
/// ```
/// use tenpai::decompose::{decompose, Decomposition, Meld, MeldShape};
/// let hand: tenpai::Hand = "123m555p777s11z (406p)".parse()?;
/// let Decomposition::Regular { melds, .. } = &decompose(&hand)[0] else { unreachable!() };
/// let shapes: Vec<MeldShape> = melds.iter().map(|m| m.shape).collect();
/// assert_eq!(shapes, [MeldShape::Sequence, MeldShape::Triplet, MeldShape::Triplet, MeldShape::Sequence]);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MeldShape {
    /// Three consecutive tiles of a suit (shuntsu).
    Sequence,
    /// Three of a kind (koutsu).
    Triplet,
    /// Four of a kind (kantsu); only from a kan call.
    Quad,
}

/// One meld of a reading: its shape, its lowest kind, and the call it came from
/// (`None` for a meld formed from the concealed tiles).
///
/// ```
/// use tenpai::decompose::{decompose, Decomposition, Meld, MeldShape};
/// use tenpai::{CallKind, Tile};
/// let hand: tenpai::Hand = "123m555p777s11z (406p)".parse()?;
/// let Decomposition::Regular { pair, melds } = &decompose(&hand)[0] else { unreachable!() };
/// assert_eq!((pair.to_string(), melds[3].tile.to_string(), melds[3].call), ("1z".into(), "4p".into(), Some(CallKind::Chi)));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meld {
    /// Sequence, triplet or quad.
    pub shape: MeldShape,
    /// The lowest kind of the meld (never a red five).
    pub tile: Tile,
    /// The call this meld is, or `None` when it is made of concealed tiles.
    pub call: Option<CallKind>,
}

impl Meld {
    /// A concealed meld (not a call).
    ///
    /// ```
    /// use tenpai::decompose::{decompose, Decomposition, Meld, MeldShape};
    /// use tenpai::Tile;
    /// let m = Meld::concealed(MeldShape::Sequence, Tile::new(0));
    /// assert_eq!((m.call, m.to_string()), (None, "123m".to_string()));
    /// ```
    pub const fn concealed(shape: MeldShape, tile: Tile) -> Meld {
        Meld {
            shape,
            tile,
            call: None,
        }
    }

    /// Whether the meld is an open call (a closed kan is not open).
    ///
    /// ```
    /// use tenpai::decompose::{decompose, Decomposition, Meld, MeldShape};
    /// use tenpai::{CallKind, Tile};
    /// let kan = Meld { shape: MeldShape::Quad, tile: Tile::EAST, call: Some(CallKind::ClosedKan) };
    /// assert!(!kan.is_open() && !Meld::concealed(MeldShape::Triplet, Tile::EAST).is_open());
    /// ```
    pub fn is_open(&self) -> bool {
        self.call.is_some_and(|c| c.is_open())
    }

    /// Whether the meld is a triplet or a quad.
    ///
    /// ```
    /// use tenpai::decompose::{decompose, Decomposition, Meld, MeldShape};
    /// use tenpai::Tile;
    /// assert!(Meld::concealed(MeldShape::Triplet, Tile::RED).is_triplet_like());
    /// assert!(!Meld::concealed(MeldShape::Sequence, Tile::new(0)).is_triplet_like());
    /// ```
    pub fn is_triplet_like(&self) -> bool {
        self.shape != MeldShape::Sequence
    }

    /// The kinds of the meld's tiles (3, or 4 for a quad).
    ///
    /// ```
    /// use tenpai::decompose::{decompose, Decomposition, Meld, MeldShape};
    /// use tenpai::Tile;
    /// let m = Meld::concealed(MeldShape::Sequence, Tile::new(6));
    /// assert_eq!(m.kinds(), [Tile::new(6), Tile::new(7), Tile::new(8)]);
    /// ```
    pub fn kinds(&self) -> Vec<Tile> {
        let i = self.tile.index() as u8;
        match self.shape {
            MeldShape::Sequence => vec![Tile::new(i), Tile::new(i + 1), Tile::new(i + 2)],
            MeldShape::Triplet => vec![self.tile; 3],
            MeldShape::Quad => vec![self.tile; 4],
        }
    }

    /// Whether the meld contains a kind.
    ///
    /// ```
    /// use tenpai::decompose::{decompose, Decomposition, Meld, MeldShape};
    /// use tenpai::Tile;
    /// let m = Meld::concealed(MeldShape::Sequence, Tile::new(6));
    /// assert!(m.contains(Tile::new(8)) && !m.contains(Tile::new(5)));
    /// ```
    pub fn contains(&self, kind: Tile) -> bool {
        let (k, t) = (kind.index(), self.tile.index());
        match self.shape {
            MeldShape::Sequence => k >= t && k <= t + 2,
            _ => k == t,
        }
    }
}

impl fmt::Display for Meld {
    /// Plain digits: `234m`, `555z`; calls keep their brackets: `(678m)`, `[1111m]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (open, close) = match self.call {
            None => ("", ""),
            Some(CallKind::ClosedKan) => ("[", "]"),
            Some(_) => ("(", ")"),
        };
        f.write_str(open)?;
        for t in self.kinds() {
            write!(f, "{}", t.number())?;
        }
        write!(f, "{}{}", self.tile.suit().letter(), close)
    }
}

/// One reading of a complete hand.
///
/// ```
/// use tenpai::decompose::{decompose, Decomposition, Meld, MeldShape};
/// let hand: tenpai::Hand = "11223344556677z".parse()?;
/// assert!(matches!(&decompose(&hand)[0], Decomposition::Chiitoitsu { pairs } if pairs.len() == 7));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Decomposition {
    /// A pair and four melds; `melds` holds the concealed melds in ascending order,
    /// then the calls in the order given.
    Regular {
        /// The pair's kind.
        pair: Tile,
        /// The four melds.
        melds: Vec<Meld>,
    },
    /// Seven different pairs, ascending.
    Chiitoitsu {
        /// The seven pair kinds.
        pairs: Vec<Tile>,
    },
    /// One of each terminal and honor, plus a second copy of one of them.
    Kokushi {
        /// The kind held twice.
        pair: Tile,
    },
}

impl Decomposition {
    /// `"regular"`, `"chiitoitsu"` or `"kokushi"`.
    ///
    /// ```
    /// use tenpai::decompose::{decompose, Decomposition, Meld, MeldShape};
    /// let hand: tenpai::Hand = "19m19p19s1234567z7z".parse()?;
    /// assert_eq!(decompose(&hand)[0].kind_name(), "kokushi");
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn kind_name(&self) -> &'static str {
        match self {
            Decomposition::Regular { .. } => "regular",
            Decomposition::Chiitoitsu { .. } => "chiitoitsu",
            Decomposition::Kokushi { .. } => "kokushi",
        }
    }

    /// The groups written plainly, the pair first: `["22m", "111m", "234m", "(678m)"]`.
    /// Kokushi is its pair then the twelve other single kinds.
    ///
    /// ```
    /// use tenpai::decompose::{decompose, Decomposition, Meld, MeldShape};
    /// let hand: tenpai::Hand = "22m111m234m (678m) 999p".parse()?;
    /// assert_eq!(decompose(&hand)[0].groups(), ["22m", "111m", "234m", "999p", "(678m)"]);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn groups(&self) -> Vec<String> {
        let pair = |t: Tile| format!("{0}{0}{1}", t.number(), t.suit().letter());
        match self {
            Decomposition::Regular { pair: p, melds } => std::iter::once(pair(*p))
                .chain(melds.iter().map(|m| m.to_string()))
                .collect(),
            Decomposition::Chiitoitsu { pairs } => pairs.iter().map(|&p| pair(p)).collect(),
            Decomposition::Kokushi { pair: p } => std::iter::once(pair(*p))
                .chain(
                    YAOCHUU
                        .iter()
                        .map(|&i| Tile::new(i))
                        .filter(|t| t != p)
                        .map(|t| t.to_string()),
                )
                .collect(),
        }
    }
}

impl fmt::Display for Decomposition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.groups().join(" "))
    }
}

/// The 13 terminal and honor kinds.
///
/// ```
/// use tenpai::{decompose::YAOCHUU, Tile};
/// assert!(YAOCHUU.iter().all(|&k| Tile::new(k).is_terminal_or_honor()));
/// ```
pub const YAOCHUU: [u8; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Whether the hand is complete (has at least one reading).
///
/// ```
/// use tenpai::decompose::is_complete;
/// assert!(is_complete(&"123m456p789s11122z".parse()?));
/// assert!(!is_complete(&"123m456p789s11123z".parse()?));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn is_complete(hand: &Hand) -> bool {
    !decompose(hand).is_empty()
}

/// Every distinct reading of a complete hand; empty when the hand is not complete
/// (including when it does not have 14 tiles counting each call as 3).
///
/// ```
/// let hand: tenpai::Hand = "55554444776666m".parse().unwrap();
/// assert_eq!(tenpai::decompose::decompose(&hand).len(), 3);
/// ```
pub fn decompose(hand: &Hand) -> Vec<Decomposition> {
    if hand.size() != 14 {
        return Vec::new();
    }
    let counts = hand.concealed_counts();
    let calls: Vec<Meld> = hand
        .calls()
        .iter()
        .map(|c| Meld {
            shape: match c.kind() {
                CallKind::Chi => MeldShape::Sequence,
                CallKind::Pon => MeldShape::Triplet,
                CallKind::OpenKan | CallKind::ClosedKan => MeldShape::Quad,
            },
            tile: c.first(),
            call: Some(c.kind()),
        })
        .collect();
    let mut out: Vec<Decomposition> = regular_readings(&counts)
        .into_iter()
        .map(|(pair, mut melds)| {
            melds.extend(calls.iter().copied());
            Decomposition::Regular { pair, melds }
        })
        .collect();
    if hand.calls().is_empty() {
        if let Some(pairs) = chiitoitsu(&counts) {
            out.push(Decomposition::Chiitoitsu { pairs });
        }
        if let Some(pair) = kokushi(&counts) {
            out.push(Decomposition::Kokushi { pair });
        }
    }
    out
}

/// Every (pair, concealed melds) split of `counts` into one pair and melds, each
/// distinct multiset once, melds ascending. `counts` must total `3k+2`.
///
/// ```
/// use tenpai::{decompose::regular_readings, TileCounts};
/// let c = TileCounts::from_tiles(tenpai::notation::parse_tiles("11122233344455m")?);
/// assert_eq!(regular_readings(&c).len(), 4); // pair 55 three ways, pair 22 once
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn regular_readings(counts: &TileCounts) -> Vec<(Tile, Vec<Meld>)> {
    let mut out = Vec::new();
    if counts.total() % 3 != 2 {
        return out;
    }
    let mut c = counts.0;
    let mut melds = Vec::with_capacity(4);
    for p in 0..KINDS {
        if c[p] >= 2 {
            c[p] -= 2;
            extract(&mut c, 0, &mut melds, &mut |m| {
                out.push((Tile::new(p as u8), m.to_vec()))
            });
            c[p] += 2;
        }
    }
    out
}

/// Split `c` (from index `from` on) wholly into melds, calling `emit` for each way.
fn extract(c: &mut [u8; KINDS], from: usize, melds: &mut Vec<Meld>, emit: &mut dyn FnMut(&[Meld])) {
    let Some(i) = (from..KINDS).find(|&i| c[i] > 0) else {
        emit(melds);
        return;
    };
    let n = c[i];
    let depth = melds.len();
    // At the lowest kind, every copy is in a triplet or starts a sequence: choose
    // whether one triplet is taken; the rest must all be sequences starting here.
    for triplets in [1u8, 0] {
        if 3 * triplets > n {
            continue;
        }
        let seqs = n - 3 * triplets;
        if seqs > 0 && (i >= 27 || i % 9 > 6 || c[i + 1] < seqs || c[i + 2] < seqs) {
            continue;
        }
        let tile = Tile::new(i as u8);
        c[i] -= n;
        if triplets == 1 {
            melds.push(Meld::concealed(MeldShape::Triplet, tile));
        }
        if seqs > 0 {
            c[i + 1] -= seqs;
            c[i + 2] -= seqs;
            for _ in 0..seqs {
                melds.push(Meld::concealed(MeldShape::Sequence, tile));
            }
        }
        extract(c, i + 1, melds, emit);
        if seqs > 0 {
            c[i + 1] += seqs;
            c[i + 2] += seqs;
        }
        c[i] += n;
        melds.truncate(depth);
    }
}

/// The seven pair kinds when the 14 tiles are seven different pairs.
///
/// ```
/// use tenpai::{decompose::chiitoitsu, TileCounts};
/// let c = TileCounts::from_tiles(tenpai::notation::parse_tiles("1122m3344p5566s77z")?);
/// assert_eq!(chiitoitsu(&c).map(|p| p.len()), Some(7));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn chiitoitsu(counts: &TileCounts) -> Option<Vec<Tile>> {
    if counts.total() != 14 || counts.0.iter().any(|&n| n != 0 && n != 2) {
        return None;
    }
    Some(counts.kinds().collect())
}

/// The doubled kind when the 14 tiles are thirteen orphans.
///
/// ```
/// use tenpai::{decompose::kokushi, Tile, TileCounts};
/// let c = TileCounts::from_tiles(tenpai::notation::parse_tiles("19m19p19s12345677z")?);
/// assert_eq!(kokushi(&c), Some(Tile::RED));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn kokushi(counts: &TileCounts) -> Option<Tile> {
    if counts.total() != 14 || YAOCHUU.iter().any(|&i| counts.0[i as usize] == 0) {
        return None;
    }
    let others: u32 = (0..KINDS)
        .filter(|i| !YAOCHUU.contains(&(*i as u8)))
        .map(|i| counts.0[i] as u32)
        .sum();
    if others != 0 {
        return None;
    }
    YAOCHUU
        .iter()
        .find(|&&i| counts.0[i as usize] == 2)
        .map(|&i| Tile::new(i))
}
