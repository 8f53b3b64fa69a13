//! Fu (minipoints) with an itemised breakdown.
//!
//! - 20 base; 10 for a closed ron; 2 for tsumo (not with pinfu: pinfu tsumo is 20);
//! - triplets 2 (open simple), 4 (closed simple or open terminal/honor), 8 (closed
//!   terminal/honor); quads four times that; a triplet completed by ron counts as open;
//! - the pair: 2 for a dragon, 2 for the seat wind, 2 for the round wind; a pair of a
//!   wind that is both is worth [`Rules::double_wind_fu`];
//! - 2 for a kanchan, penchan or tanki wait;
//! - an open hand with nothing else (open pinfu shape) is 30;
//! - chiitoitsu is always 25; everything else rounds up to the next 10.

use crate::decompose::MeldShape;
use crate::rules::Rules;
use crate::tile::Tile;
use crate::yaku::{Regular, Situation, Wait};

/// One fu item before rounding: a reason code, the tile it is about (if any), and fu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FuPart {
    /// Reason code, e.g. `base`, `closed_ron`, `closed_triplet_terminal`.
    pub reason: &'static str,
    /// The group's tile (triplets, quads, the pair).
    pub tile: Option<Tile>,
    /// Fu it adds.
    pub fu: u32,
}

impl FuPart {
    const fn new(reason: &'static str, tile: Option<Tile>, fu: u32) -> FuPart {
        FuPart { reason, tile, fu }
    }

    /// The reason with the tile, as in the JSON answer: `closed_triplet_terminal 1z`.
    pub fn label(&self) -> String {
        match self.tile {
            Some(t) => format!("{} {}", self.reason, t.kind()),
            None => self.reason.to_string(),
        }
    }
}

/// Fu of a reading: the total after rounding, and the items (at most 9, kept inline so
/// that computing fu allocates nothing).
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
            items: [FuPart::new("", None, 0); 9],
            len: 0,
        }
    }
}

impl Fu {
    /// The items before rounding.
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
pub const fn round_up(fu: u32) -> u32 {
    fu.div_ceil(10) * 10
}

/// Chiitoitsu: 25 fu flat.
pub fn chiitoitsu() -> Fu {
    let mut f = Fu::default();
    f.push(FuPart::new("chiitoitsu", None, 25));
    f.total = 25;
    f
}

/// Fu of a regular reading. `pinfu` says whether the reading scored pinfu.
pub(crate) fn regular(r: &Regular, closed: bool, pinfu: bool, s: &Situation, rules: &Rules) -> Fu {
    let mut parts = Fu::default();
    parts.push(FuPart::new("base", None, 20));
    if pinfu && s.tsumo {
        parts.total = 20;
        return parts;
    }
    if closed && !s.tsumo {
        parts.push(FuPart::new("closed_ron", None, 10));
    }
    if s.tsumo {
        parts.push(FuPart::new("tsumo", None, 2));
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
            (false, false, false) => "open_triplet_simple",
            (false, false, true) => "open_triplet_terminal",
            (true, false, false) => "closed_triplet_simple",
            (true, false, true) => "closed_triplet_terminal",
            (false, true, false) => "open_quad_simple",
            (false, true, true) => "open_quad_terminal",
            (true, true, false) => "closed_quad_simple",
            (true, true, true) => "closed_quad_terminal",
        };
        parts.push(FuPart::new(reason, Some(m.tile), fu));
    }
    let p = r.pair;
    if p.is_dragon() {
        parts.push(FuPart::new("pair_dragon", Some(p), 2));
    } else if p.is_wind() {
        let seat = p == s.seat_wind.tile();
        let round = p == s.round_wind.tile();
        match (seat, round) {
            (true, true) => parts.push(FuPart::new(
                "pair_double_wind",
                Some(p),
                rules.double_wind_fu as u32,
            )),
            (true, false) => parts.push(FuPart::new("pair_seat_wind", Some(p), 2)),
            (false, true) => parts.push(FuPart::new("pair_round_wind", Some(p), 2)),
            (false, false) => {}
        }
    }
    match r.wait {
        Wait::Kanchan => parts.push(FuPart::new("wait_kanchan", None, 2)),
        Wait::Penchan => parts.push(FuPart::new("wait_penchan", None, 2)),
        Wait::Tanki => parts.push(FuPart::new("wait_tanki", None, 2)),
        _ => {}
    }
    let sum = parts.sum();
    if !closed && sum == 20 {
        parts.push(FuPart::new("open_pinfu", None, 10));
        parts.total = 30;
        return parts;
    }
    parts.total = round_up(sum);
    parts
}
