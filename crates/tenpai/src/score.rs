//! Scoring a winning hand: the request (hand and situation) and the answer.
//!
//! The JSON shapes here are a contract (`tenpai score --json`, `tenpai score -`).

use crate::rules::Rules;
use serde::{Deserialize, Serialize};

/// A scoring request, as `tenpai score -` reads it (one JSON object per line). Only
/// `hand` is required.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ScoreRequest {
    /// All 14+ tiles: concealed (winning tile included) and calls, in mpsz.
    pub hand: String,
    /// The winning tile; the last concealed tile written when absent.
    pub win: Option<String>,
    /// Won by self-draw.
    pub tsumo: bool,
    /// Riichi declared.
    pub riichi: bool,
    /// Double riichi declared (implies riichi).
    pub double_riichi: bool,
    /// Won within one go-around of riichi, uninterrupted.
    pub ippatsu: bool,
    /// Tsumo on the last tile of the live wall.
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
    /// `E`, `S`, `W` or `N` (default `E`).
    pub round_wind: Option<String>,
    /// `E`, `S`, `W` or `N` (default `E`, the dealer).
    pub seat_wind: Option<String>,
    /// Dora indicators.
    pub dora: Vec<String>,
    /// Ura dora indicators (count only with riichi).
    pub ura: Vec<String>,
    /// Honba (300 points each).
    pub honba: u32,
    /// Riichi sticks on the table (1000 each, to the winner).
    pub riichi_sticks: u32,
    /// Rule preset name (`tenhou` default, `majsoul`).
    pub rules: Option<String>,
    /// Override: red fives in play.
    pub red_fives: Option<bool>,
    /// Override: open tanyao.
    pub open_tanyao: Option<bool>,
}

/// The rules a request asks for: its preset with its overrides applied.
pub fn request_rules(req: &ScoreRequest) -> Option<Rules> {
    let mut rules = Rules::preset(req.rules.as_deref().unwrap_or("tenhou"))?;
    if let Some(v) = req.red_fives {
        rules.red_fives = v;
    }
    if let Some(v) = req.open_tanyao {
        rules.open_tanyao = v;
    }
    Some(rules)
}
