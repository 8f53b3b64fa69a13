//! Fu (minipoints) with an itemised breakdown.
//!
//! - 20 base; 10 for a closed ron; 2 for tsumo (not with pinfu: pinfu tsumo is 20);
//! - triplets 2 (open simple), 4 (closed simple or open terminal/honor), 8 (closed
//!   terminal/honor); quads four times that; a triplet completed by ron counts as open;
//! - the pair: 2 for a dragon, 2 for the seat wind, 2 for the round wind; a pair of a
//!   wind that is both is worth [`Rules::double_wind_fu`];
//! - 2 for a kanchan, penchan or tanki wait;
//! - an open hand with nothing else (open pinfu shape) is 30 ([`Rules::fu_for_open_pinfu`];
//!   without it such a hand is 20, its tsumo fu dropped too unless
//!   [`Rules::fu_for_pinfu_tsumo`]); under [`Rules::fu_for_pinfu_tsumo`] a closed
//!   tsumo is never pinfu and earns its 2 fu;
//! - chiitoitsu is always 25; everything else rounds up to the next 10.

use crate::decompose::MeldShape;
use crate::rules::Rules;
use crate::tile::Tile;
use crate::yaku::{Regular, Situation, Wait};

/// Why a fu item is awarded.
///
/// ```
/// use tenpai::fu::{chiitoitsu, FuReason};
/// assert_eq!(chiitoitsu().parts()[0].reason, FuReason::Chiitoitsu);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FuReason {
    /// `base`.
    Base,
    /// `closed_ron`.
    ClosedRon,
    /// `tsumo`.
    Tsumo,
    /// `open_triplet_simple`.
    OpenTripletSimple,
    /// `open_triplet_terminal`.
    OpenTripletTerminal,
    /// `closed_triplet_simple`.
    ClosedTripletSimple,
    /// `closed_triplet_terminal`.
    ClosedTripletTerminal,
    /// `open_quad_simple`.
    OpenQuadSimple,
    /// `open_quad_terminal`.
    OpenQuadTerminal,
    /// `closed_quad_simple`.
    ClosedQuadSimple,
    /// `closed_quad_terminal`.
    ClosedQuadTerminal,
    /// `pair_dragon`.
    PairDragon,
    /// `pair_seat_wind`.
    PairSeatWind,
    /// `pair_round_wind`.
    PairRoundWind,
    /// `pair_double_wind`.
    PairDoubleWind,
    /// `wait_kanchan`.
    WaitKanchan,
    /// `wait_penchan`.
    WaitPenchan,
    /// `wait_tanki`.
    WaitTanki,
    /// `open_pinfu`.
    OpenPinfu,
    /// `chiitoitsu`.
    Chiitoitsu,
}

impl FuReason {
    /// Every reason, in declaration order.
    ///
    /// ```
    /// use tenpai::fu::FuReason;
    /// assert_eq!(FuReason::ALL.len(), 20);
    /// assert_eq!(FuReason::ALL[0], FuReason::Base);
    /// ```
    pub const ALL: [FuReason; 20] = [
        FuReason::Base,
        FuReason::ClosedRon,
        FuReason::Tsumo,
        FuReason::OpenTripletSimple,
        FuReason::OpenTripletTerminal,
        FuReason::ClosedTripletSimple,
        FuReason::ClosedTripletTerminal,
        FuReason::OpenQuadSimple,
        FuReason::OpenQuadTerminal,
        FuReason::ClosedQuadSimple,
        FuReason::ClosedQuadTerminal,
        FuReason::PairDragon,
        FuReason::PairSeatWind,
        FuReason::PairRoundWind,
        FuReason::PairDoubleWind,
        FuReason::WaitKanchan,
        FuReason::WaitPenchan,
        FuReason::WaitTanki,
        FuReason::OpenPinfu,
        FuReason::Chiitoitsu,
    ];

    /// Contract name, as in the JSON answer.
    ///
    /// ```
    /// assert_eq!(tenpai::fu::FuReason::WaitKanchan.name(), "wait_kanchan");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FuReason::Base => "base",
            FuReason::ClosedRon => "closed_ron",
            FuReason::Tsumo => "tsumo",
            FuReason::OpenTripletSimple => "open_triplet_simple",
            FuReason::OpenTripletTerminal => "open_triplet_terminal",
            FuReason::ClosedTripletSimple => "closed_triplet_simple",
            FuReason::ClosedTripletTerminal => "closed_triplet_terminal",
            FuReason::OpenQuadSimple => "open_quad_simple",
            FuReason::OpenQuadTerminal => "open_quad_terminal",
            FuReason::ClosedQuadSimple => "closed_quad_simple",
            FuReason::ClosedQuadTerminal => "closed_quad_terminal",
            FuReason::PairDragon => "pair_dragon",
            FuReason::PairSeatWind => "pair_seat_wind",
            FuReason::PairRoundWind => "pair_round_wind",
            FuReason::PairDoubleWind => "pair_double_wind",
            FuReason::WaitKanchan => "wait_kanchan",
            FuReason::WaitPenchan => "wait_penchan",
            FuReason::WaitTanki => "wait_tanki",
            FuReason::OpenPinfu => "open_pinfu",
            FuReason::Chiitoitsu => "chiitoitsu",
        }
    }
}

/// One fu item before rounding: a reason code, the tile it is about (if any), and fu.
///
/// ```
/// use tenpai::{fu::{FuPart, FuReason}, Tile};
/// let p = FuPart { reason: FuReason::PairDragon, tile: Some(Tile::RED), fu: 2 };
/// assert_eq!(p.label(), "pair_dragon 7z");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FuPart {
    /// Why it is awarded.
    pub reason: FuReason,
    /// The group's tile (triplets, quads, the pair).
    pub tile: Option<Tile>,
    /// Fu it adds.
    pub fu: u32,
}

impl FuPart {
    const fn new(reason: FuReason, tile: Option<Tile>, fu: u32) -> FuPart {
        FuPart { reason, tile, fu }
    }

    /// The reason with the tile, as in the JSON answer: `closed_triplet_terminal 1z`.
    ///
    /// ```
    /// use tenpai::fu::{FuPart, FuReason};
    /// assert_eq!(FuPart { reason: FuReason::Tsumo, tile: None, fu: 2 }.label(), "tsumo");
    /// ```
    pub fn label(&self) -> String {
        let name = self.reason.name();
        let mut s = String::with_capacity(name.len() + 3);
        s.push_str(name);
        if let Some(t) = self.tile {
            s.push(' ');
            s.push(char::from(b'0' + t.number()));
            s.push(t.suit().letter());
        }
        s
    }
}

/// Fu of a reading: the total after rounding, and the items (at most 9, kept inline so
/// that computing fu allocates nothing).
///
/// ```
/// let fu = tenpai::fu::chiitoitsu();
/// assert_eq!((fu.total, fu.parts().len()), (25, 1));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Fu {
    /// Fu after rounding (25 for chiitoitsu).
    pub total: u32,
    items: [FuPart; 9],
    len: usize,
}

impl Default for Fu {
    fn default() -> Self {
        Fu {
            total: 0,
            items: [FuPart::new(FuReason::Base, None, 0); 9],
            len: 0,
        }
    }
}

impl Fu {
    /// The items before rounding.
    ///
    /// ```
    /// assert_eq!(tenpai::fu::chiitoitsu().parts()[0].fu, 25);
    /// ```
    pub fn parts(&self) -> &[FuPart] {
        &self.items[..self.len]
    }

    fn push(&mut self, p: FuPart) {
        self.items[self.len] = p;
        self.len += 1;
    }

    fn sum(&self) -> u32 {
        self.parts().iter().map(|p| p.fu).sum()
    }
}

/// Round up to the next 10.
///
/// ```
/// use tenpai::fu::round_up;
/// assert_eq!((round_up(22), round_up(30), round_up(0)), (30, 30, 0));
/// ```
pub const fn round_up(fu: u32) -> u32 {
    fu.div_ceil(10) * 10
}

/// Chiitoitsu: 25 fu flat.
///
/// ```
/// assert_eq!(tenpai::fu::chiitoitsu().total, 25);
/// ```
pub fn chiitoitsu() -> Fu {
    let mut f = Fu::default();
    f.push(FuPart::new(FuReason::Chiitoitsu, None, 25));
    f.total = 25;
    f
}

/// A fixed fu count with no items (aotenjou's thirteen orphans: 30 by tsumo, 40 by
/// ron, as the `mahjong` library counts them).
pub(crate) fn fixed(total: u32) -> Fu {
    Fu {
        total,
        ..Fu::default()
    }
}

/// Fu of a regular reading. `pinfu` says whether the reading scored pinfu.
pub(crate) fn regular(r: &Regular, closed: bool, pinfu: bool, s: &Situation, rules: &Rules) -> Fu {
    let mut parts = Fu::default();
    parts.push(FuPart::new(FuReason::Base, None, 20));
    if pinfu && s.tsumo && !rules.fu_for_pinfu_tsumo {
        parts.total = 20;
        return parts;
    }
    if closed && !s.tsumo {
        parts.push(FuPart::new(FuReason::ClosedRon, None, 10));
    }
    if s.tsumo {
        parts.push(FuPart::new(FuReason::Tsumo, None, 2));
    }
    for (i, m) in r.melds.iter().enumerate() {
        if m.shape == MeldShape::Sequence {
            continue;
        }
        let concealed = r.concealed(i, s.tsumo);
        let yaochuu = m.tile.is_terminal_or_honor();
        let mut fu = 2;
        if concealed {
            fu *= 2;
        }
        if yaochuu {
            fu *= 2;
        }
        let quad = m.shape == MeldShape::Quad;
        if quad {
            fu *= 4;
        }
        let reason = match (concealed, quad, yaochuu) {
            (false, false, false) => FuReason::OpenTripletSimple,
            (false, false, true) => FuReason::OpenTripletTerminal,
            (true, false, false) => FuReason::ClosedTripletSimple,
            (true, false, true) => FuReason::ClosedTripletTerminal,
            (false, true, false) => FuReason::OpenQuadSimple,
            (false, true, true) => FuReason::OpenQuadTerminal,
            (true, true, false) => FuReason::ClosedQuadSimple,
            (true, true, true) => FuReason::ClosedQuadTerminal,
        };
        parts.push(FuPart::new(reason, Some(m.tile), fu));
    }
    let p = r.pair;
    if p.is_dragon() {
        parts.push(FuPart::new(FuReason::PairDragon, Some(p), 2));
    } else if p.is_wind() {
        let seat = p == s.seat_wind.tile();
        let round = p == s.round_wind.tile();
        match (seat, round) {
            (true, true) => parts.push(FuPart::new(
                FuReason::PairDoubleWind,
                Some(p),
                rules.double_wind_fu as u32,
            )),
            (true, false) => parts.push(FuPart::new(FuReason::PairSeatWind, Some(p), 2)),
            (false, true) => parts.push(FuPart::new(FuReason::PairRoundWind, Some(p), 2)),
            (false, false) => {}
        }
    }
    match r.wait {
        Wait::Kanchan => parts.push(FuPart::new(FuReason::WaitKanchan, None, 2)),
        Wait::Penchan => parts.push(FuPart::new(FuReason::WaitPenchan, None, 2)),
        Wait::Tanki => parts.push(FuPart::new(FuReason::WaitTanki, None, 2)),
        _ => {}
    }
    let sum = parts.sum();
    if !closed && sum == 20 && rules.fu_for_open_pinfu {
        parts.push(FuPart::new(FuReason::OpenPinfu, None, 10));
        parts.total = 30;
        return parts;
    }
    if !closed && s.tsumo && sum == 22 && !rules.fu_for_open_pinfu && !rules.fu_for_pinfu_tsumo {
        // Without the open-pinfu fu, an open hand with no fu but the tsumo's is scored
        // like pinfu tsumo: 20 fu, the tsumo fu dropped (as the `mahjong` library does).
        // The items are the base and the tsumo only.
        parts.len = 1;
        parts.total = 20;
        return parts;
    }
    parts.total = round_up(sum);
    parts
}
