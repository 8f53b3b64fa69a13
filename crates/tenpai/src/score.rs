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

/// One yaku in an answer, with its han (dora, ura_dora, aka_dora included when non-zero).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct YakuHan {
    /// Contract name, e.g. `riichi`, `seat_wind`, `dora`.
    pub name: String,
    /// Han it is worth in this hand.
    pub han: u32,
}

/// One yakuman in an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct YakumanEntry {
    /// Contract name, e.g. `kokushi`, `suuankou_tanki`.
    pub name: String,
    /// 1, or 2 for a double yakuman pattern where the rules allow it.
    pub multiplier: u32,
}

/// One item of the fu breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FuItem {
    /// What earned the fu, e.g. `base`, `closed_ron`, `tsumo`, `closed_triplet_terminal 1z`.
    pub reason: String,
    /// Fu it adds.
    pub fu: u32,
}

/// The answer for a scored hand (`tenpai score --json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreResult {
    /// The hand, canonical.
    pub hand: String,
    /// Total han (0 for yakuman hands).
    pub han: u32,
    /// Fu after rounding.
    pub fu: u32,
    /// Yaku with han, dora included.
    pub yaku: Vec<YakuHan>,
    /// Yakuman, if any.
    pub yakuman: Vec<YakumanEntry>,
    /// `none`, `mangan`, `haneman`, `baiman`, `sanbaiman`, `yakuman`, `kazoe_yakuman`.
    pub limit: String,
    /// Value of the hand without honba and sticks (all payments added up).
    pub points: u32,
    /// Who pays what: `{"ron": N}` or `{"dealer": N, "non_dealer": N}` / `{"non_dealer": N}` (tsumo, each payer, before honba).
    pub payments: serde_json::Value,
    /// Points the winner receives: `points` plus honba and riichi sticks.
    pub total_received: u32,
    /// Fu items before rounding.
    pub fu_breakdown: Vec<FuItem>,
    /// The reading scored, as groups (see `decompose`).
    pub decomposition: Vec<String>,
    /// `ryanmen`, `kanchan`, `penchan`, `tanki`, `shanpon`, `kokushi_13`, ...
    pub wait: String,
}
