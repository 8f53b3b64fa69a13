//! Rule presets and the switches that tell them apart.
//!
//! Every difference between presets lives here, in [`Rules`]. The default is
//! [`Rules::tenhou`].

use serde::{Deserialize, Serialize};

/// How far counted (kazoe) han go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KazoeCap {
    /// 13 han or more is a (counted) yakuman.
    Yakuman,
    /// 11 han or more is sanbaiman, never more.
    Sanbaiman,
    /// No counted yakuman: 13+ han stays sanbaiman... (same as `Sanbaiman` for points).
    None,
}

/// How renhou (a ron before the player's first draw) is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RenhouRule {
    /// Not a yaku.
    Off,
    /// A mangan-valued yaku.
    Mangan,
    /// A yakuman.
    Yakuman,
}

/// The scoring rules in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Preset name this was built from (`tenhou`, `majsoul`).
    pub name: String,
    /// Tanyao counts in an open hand (kuitan).
    pub open_tanyao: bool,
    /// Red fives are in play and each counts one aka dora.
    pub red_fives: bool,
    /// Kokushi 13-wait, suuankou tanki, junsei chuuren and daisuushii count double.
    pub double_yakuman: bool,
    /// Several yakuman in one hand add up.
    pub yakuman_stack: bool,
    /// Where counted han stop.
    pub kazoe: KazoeCap,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan.
    pub kiriage: bool,
    /// Fu for a pair of a wind that is both seat and round wind (2 or 4).
    pub double_wind_fu: u8,
    /// Renhou scoring.
    pub renhou: RenhouRule,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::tenhou()
    }
}

impl Rules {
    /// Tenhou: open tanyao, red fives, no double yakuman for single patterns, yakuman
    /// stack, 13+ han is a counted yakuman, no kiriage, double-wind pair 4 fu, no renhou.
    pub fn tenhou() -> Rules {
        Rules {
            name: "tenhou".into(),
            open_tanyao: true,
            red_fives: true,
            double_yakuman: false,
            yakuman_stack: true,
            kazoe: KazoeCap::Yakuman,
            kiriage: false,
            double_wind_fu: 4,
            renhou: RenhouRule::Off,
        }
    }

    /// A preset by name: `tenhou` or `majsoul`.
    pub fn preset(name: &str) -> Option<Rules> {
        match name {
            "tenhou" => Some(Rules::tenhou()),
            "majsoul" => Some(Rules::majsoul()),
            _ => None,
        }
    }

    /// Mahjong Soul ranked rules (to be confirmed by the scoring work).
    pub fn majsoul() -> Rules {
        Rules {
            name: "majsoul".into(),
            double_yakuman: true,
            ..Rules::tenhou()
        }
    }
}
