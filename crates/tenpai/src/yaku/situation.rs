//! The situation of a win: how it was won, the winds, the indicators, the table.

use crate::tile::{Tile, Wind};

/// The situation of a win: how it was won, the winds, the indicators, the table.
///
/// ```
/// use tenpai::{score::Situation, Wind};
/// let s = Situation { tsumo: true, seat_wind: Wind::South, ..Situation::default() };
/// assert!(!s.is_dealer() && s.dora.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Situation {
    /// Won by self-draw (otherwise ron).
    pub tsumo: bool,
    /// Riichi declared.
    pub riichi: bool,
    /// Double riichi declared (implies riichi).
    pub double_riichi: bool,
    /// Ippatsu (needs riichi).
    pub ippatsu: bool,
    /// Tsumo on the last wall tile.
    pub haitei: bool,
    /// Ron on the last discard.
    pub houtei: bool,
    /// Tsumo on a kan replacement tile.
    pub rinshan: bool,
    /// Ron on a tile added to a kan.
    pub chankan: bool,
    /// Dealer's win on the first draw.
    pub tenhou: bool,
    /// Non-dealer's tsumo on the first draw.
    pub chiihou: bool,
    /// Non-dealer's ron before their first draw.
    pub renhou: bool,
    /// Round wind.
    pub round_wind: Wind,
    /// Seat wind (East is the dealer).
    pub seat_wind: Wind,
    /// Dora indicators.
    pub dora: Vec<Tile>,
    /// Ura dora indicators (count only with riichi).
    pub ura: Vec<Tile>,
    /// Honba counters (300 points each).
    pub honba: u32,
    /// Riichi sticks on the table (1000 each).
    pub riichi_sticks: u32,
    /// Norths extracted (kita) in a three-player game: each one han of nukidora, and a
    /// North tile for dora and ura dora.
    pub nukidora: u8,
    /// The riichi (or double riichi) was an open riichi: declared with the hand shown.
    /// Open riichi is 2 han (double open riichi 3) in place of riichi's 1 (double
    /// riichi's 2); with [`Rules::sashikomi_yakuman`](crate::rules::Rules::sashikomi_yakuman)
    /// a ron on it is a yakuman.
    pub open_riichi: bool,
    /// Nagashi mangan: every discard a terminal or honor, none called, at an exhaustive
    /// draw. Not a hand: a mangan paid as a tsumo (scored by
    /// [`score_request`](crate::score::score_request) from a request without a hand);
    /// with a hand it is refused.
    pub nagashi_mangan: bool,
    /// Paarenchan: the dealer's wins in a row, this one included (0: not counted). From
    /// 8 the win is the yakuman `paarenchan` (with a yaku of its own unless
    /// [`Rules::paarenchan_needs_yaku`](crate::rules::Rules::paarenchan_needs_yaku) is
    /// off); 1 to 7, or for a non-dealer, it is refused.
    pub paarenchan: u32,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            tsumo: false,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            haitei: false,
            houtei: false,
            rinshan: false,
            chankan: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            round_wind: Wind::East,
            seat_wind: Wind::East,
            dora: Vec::new(),
            ura: Vec::new(),
            honba: 0,
            riichi_sticks: 0,
            nukidora: 0,
            open_riichi: false,
            nagashi_mangan: false,
            paarenchan: 0,
        }
    }
}

impl Situation {
    /// Whether the winner is the dealer (seat East).
    ///
    /// ```
    /// use tenpai::{score::Situation, Wind};
    /// assert!(Situation { seat_wind: Wind::East, ..Situation::default() }.is_dealer());
    /// ```
    pub fn is_dealer(&self) -> bool {
        self.seat_wind == Wind::East
    }
}
