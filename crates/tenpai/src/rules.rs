//! Rule presets and the switches that tell them apart.
//!
//! Every difference between presets lives here, in [`Rules`]. The default is
//! [`Rules::tenhou`]. Each switch can be overridden alone (request fields and CLI flags
//! of the same name).
//!
//! | switch | `tenhou` | `majsoul` | other values |
//! |---|---|---|---|
//! | `open_tanyao` (kuitan) | yes | yes | no |
//! | `red_fives` (one per suit, 1 han each) | yes | yes | no (a `0` scores as a plain five) |
//! | `double_yakuman` (kokushi_13, suuankou_tanki, junsei_chuuren, daisuushii count 2) | **no** | **yes** | |
//! | `yakuman_stack` (several yakuman add up) | yes | yes | no (the largest counts) |
//! | `kazoe` (13+ han) | `yakuman` | `yakuman` | `sanbaiman` / `none` (both pay sanbaiman) |
//! | `kiriage` (4 han 30 fu, 3 han 60 fu = mangan) | no | no | yes |
//! | `double_wind_fu` (pair of a wind both seat and round) | 4 | 4 | 2 |
//! | `renhou` | `off` | `off` | `mangan` (a 5-han yaku), `yakuman` |
//!
//! So the two presets differ in one scoring switch only: Mahjong Soul (ranked, 4
//! players) counts the four "double" patterns as double yakuman, Tenhou as single.
//! Both stack yakuman, count 13+ han as yakuman, have no kiriage, give 4 fu for a
//! double-wind pair and have no renhou. Sources: Tenhou's rule page (and the 3028
//! Tenhou wins of the corpus test, which all agree with these settings); for Mahjong
//! Soul, its in-game ranked rules as summarised by riichi.wiki's Mahjong Soul page and
//! by game engines that emulate it (e.g. riichienv's `default_mjsoul`: double yakuman
//! for the four patterns). Mahjong Soul also caps stacked yakuman at 6x, lets kokushi
//! rob a closed kan, and pays yakuman pao differently: these are table rules, outside
//! hand scoring, and not modelled.
//!
//! ## Three players (sanma): `tenhou-sanma`, `majsoul-sanma`
//!
//! [`Rules::players`] is 3 in the two sanma presets, each its four-player preset with
//! these differences (sources: riichi.wiki "Sanma", <https://riichi.wiki/Sanma>; the
//! Mahjong Soul rules as riichi.wiki's "Mahjong Soul" page lists them for 3-player
//! games, revisions 19161, 19195 and the 2019-07-26 one, "Majsoul"; and the 3-player
//! wins of Tenhou's own logs, which the corpus tests replay):
//!
//! - **Tiles**: 2m-8m are removed (108 tiles). A hand, call or indicator holding one is
//!   refused. A `1m` dora indicator points to `9m` and a `9m` one to `1m`. The red fives
//!   are `0p` and `0s` (one each); there is no `0m`.
//! - **No chi**: a hand with a chi is refused. Pon and kan are as usual.
//! - **Seats**: East, South and West only: a `N` seat wind is refused, and so is a `N`
//!   round wind (Tenhou plays East and South, with West as the extension).
//! - **North (4z)** is a guest wind: never yakuhai (there is no North seat or round), a
//!   pair of it earns no fu. It may be **extracted** (kita, nukidora): each extracted
//!   North counts **1 han of `nukidora`** (shown as its own entry; Tenhou folds it into
//!   ドラ, Mahjong Soul shows it apart) and is also a North tile for dora and ura dora (a
//!   `3z` indicator makes each extracted North worth one more dora). Extracted Norths are
//!   not part of the hand (they break no tanyao, they are no call: the hand stays
//!   closed). A win on the replacement tile drawn after a kita is **rinshan** (riichi.wiki;
//!   Tenhou and Mahjong Soul award it), so `rinshan` is allowed with a kita and no kan.
//!   Requests give the count as `"nukidora": N` (CLI `--nukidora N`); a count in a
//!   four-player request is refused.
//! - **Tsumo**: the same table as four players, paid by the two others; the share the
//!   absent North seat would pay is simply lost (**tsumo loss**, ツモ損): a non-dealer
//!   mangan tsumo is 2000/4000 = 6000, a dealer mangan tsumo 4000 all = 8000. Both
//!   presets default to it (Tenhou; Mahjong Soul's default, riichi.wiki revision 19195).
//!   Mahjong Soul offers **north bisection** (北家折半) as an option
//!   ([`SanmaTsumo::Split`], request field `sanma_tsumo`): the North share is split
//!   equally between the two payers, each payment then rounded up to 100.
//! - **Honba**: 100 points per honba from each payer, so 200 per honba in all (ron: the
//!   discarder pays 200 per honba; tsumo: each of the two payers 100). Tenhou's logs
//!   (corpus: a ron at 2 honba pays 32000 + 400) and Mahjong Soul ("Honba point: 200
//!   points for each Honba stick") agree.
//! - **Riichi sticks**: 1000 each, as four players.
//! - Everything else (yaku, fu, limits, yakuman) is as the four-player preset:
//!   `majsoul-sanma` keeps Mahjong Soul's double yakuman. Table rules (35000 start,
//!   2000 noten penalty, robbing a kita without chankan) are outside hand scoring.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// How far counted (kazoe) han go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KazoeCap {
    /// 13 han or more is a (counted) yakuman.
    Yakuman,
    /// 11 han or more is sanbaiman, never more.
    Sanbaiman,
    /// No counted yakuman: 13+ han pays sanbaiman (the same points as `Sanbaiman`).
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

/// How a tsumo is paid in a three-player game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SanmaTsumo {
    /// Tsumo loss (ツモ損): the two payers pay what they would with four players; the
    /// absent North seat's share is lost (Tenhou, Mahjong Soul's default).
    Loss,
    /// North bisection (北家折半): the absent North seat's share is split equally
    /// between the two payers (a Mahjong Soul option).
    Split,
}

/// The scoring rules in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Preset name this was built from (`tenhou`, `majsoul`).
    pub name: Cow<'static, str>,
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
    /// Players at the table: 4, or 3 for sanma (2m-8m removed, no chi, nukidora).
    #[serde(default = "four")]
    pub players: u8,
    /// How a three-player tsumo is paid (ignored with four players).
    #[serde(default = "loss")]
    pub sanma_tsumo: SanmaTsumo,
}

const fn four() -> u8 {
    4
}

const fn loss() -> SanmaTsumo {
    SanmaTsumo::Loss
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
            name: Cow::Borrowed("tenhou"),
            open_tanyao: true,
            red_fives: true,
            double_yakuman: false,
            yakuman_stack: true,
            kazoe: KazoeCap::Yakuman,
            kiriage: false,
            double_wind_fu: 4,
            renhou: RenhouRule::Off,
            players: 4,
            sanma_tsumo: SanmaTsumo::Loss,
        }
    }

    /// A preset by name: `tenhou`, `majsoul`, `tenhou-sanma` or `majsoul-sanma`.
    pub fn preset(name: &str) -> Option<Rules> {
        match name {
            "tenhou" => Some(Rules::tenhou()),
            "majsoul" => Some(Rules::majsoul()),
            "tenhou-sanma" => Some(Rules::tenhou_sanma()),
            "majsoul-sanma" => Some(Rules::majsoul_sanma()),
            _ => None,
        }
    }

    /// Mahjong Soul ranked rules: as Tenhou, but kokushi_13, suuankou_tanki,
    /// junsei_chuuren and daisuushii are double yakuman.
    pub fn majsoul() -> Rules {
        Rules {
            name: Cow::Borrowed("majsoul"),
            double_yakuman: true,
            ..Rules::tenhou()
        }
    }
}

impl Rules {
    /// Tenhou's three-player rules (see the module docs): Tenhou's with 3 players and
    /// tsumo loss.
    pub fn tenhou_sanma() -> Rules {
        Rules {
            name: Cow::Borrowed("tenhou-sanma"),
            players: 3,
            sanma_tsumo: SanmaTsumo::Loss,
            ..Rules::tenhou()
        }
    }

    /// Mahjong Soul's three-player rules (see the module docs): Mahjong Soul's with 3
    /// players and tsumo loss (its default; north bisection is the option).
    pub fn majsoul_sanma() -> Rules {
        Rules {
            name: Cow::Borrowed("majsoul-sanma"),
            players: 3,
            sanma_tsumo: SanmaTsumo::Loss,
            ..Rules::majsoul()
        }
    }

    /// Whether these are three-player rules.
    pub const fn is_sanma(&self) -> bool {
        self.players == 3
    }

    /// Points per honba from each payer of a tsumo (100), and so from the discarder of
    /// a ron per honba: 300 with four players, 200 with three.
    pub const fn honba_ron(&self) -> u32 {
        100 * (self.players as u32 - 1)
    }
}

impl std::str::FromStr for SanmaTsumo {
    type Err = String;
    fn from_str(s: &str) -> Result<SanmaTsumo, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "loss" => Ok(SanmaTsumo::Loss),
            "split" => Ok(SanmaTsumo::Split),
            _ => Err(format!("sanma_tsumo must be loss or split, not {s:?}")),
        }
    }
}

impl std::str::FromStr for KazoeCap {
    type Err = String;
    fn from_str(s: &str) -> Result<KazoeCap, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "yakuman" => Ok(KazoeCap::Yakuman),
            "sanbaiman" => Ok(KazoeCap::Sanbaiman),
            "none" => Ok(KazoeCap::None),
            _ => Err(format!(
                "kazoe must be yakuman, sanbaiman or none, not {s:?}"
            )),
        }
    }
}

impl std::str::FromStr for RenhouRule {
    type Err = String;
    fn from_str(s: &str) -> Result<RenhouRule, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "off" => Ok(RenhouRule::Off),
            "mangan" => Ok(RenhouRule::Mangan),
            "yakuman" => Ok(RenhouRule::Yakuman),
            _ => Err(format!("renhou must be off, mangan or yakuman, not {s:?}")),
        }
    }
}
