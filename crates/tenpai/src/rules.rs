//! Rule presets and the switches that tell them apart.
//!
//! Every difference between presets lives here, in [`Rules`]. The default is
//! [`Rules::tenhou`]. Each switch can be overridden alone (request fields and CLI flags
//! of the same name).
//!
//! | switch | `tenhou` | `majsoul` | `ema` | `wrc` | `mleague` | other values |
//! |---|---|---|---|---|---|---|
//! | `open_tanyao` (kuitan) | yes | yes | yes | yes | yes | no |
//! | `red_fives` (one per suit, 1 han each) | yes | yes | no | no | yes | no (a `0` scores as a plain five) |
//! | `red_fives_count` (0, 3 or 4 red fives in the set) | 3 | 3 | 0 | 0 | 3 | 4: one red 5m, **two red 5p**, one red 5s |
//! | `double_yakuman` (the four patterns of `double_yakuman_hands` count 2) | no | **yes** | no | no | no | |
//! | `double_yakuman_hands` | all four | all four | all four | all four | all four | any of kokushi_13, suuankou_tanki, junsei_chuuren, daisuushii |
//! | `yakuman_stack` (several yakuman add up) | yes | yes | no | no | yes | no (the largest counts) |
//! | `kazoe` (13+ han) | `yakuman` | `yakuman` | `sanbaiman` | `sanbaiman` | `yakuman` | `none` (pays sanbaiman), `unlimited` |
//! | `kiriage` (4 han 30 fu, 3 han 60 fu = mangan) | no | no | no | yes | no | yes |
//! | `double_wind_fu` (pair of a wind both seat and round) | 4 | 4 | 4 | 4 | 2 | 2 |
//! | `renhou` | `off` | `off` | `mangan_fixed` | `mangan` | `off` | `mangan` (a 5-han yaku), `mangan_fixed` (a mangan, or the hand's own value when higher), `yakuman` |
//! | `fu_for_open_pinfu` (open hand with no fu: 30) | yes | yes | yes | yes | yes | no (20) |
//! | `fu_for_pinfu_tsumo` (tsumo pinfu nashi) | no | no | no | no | no | yes |
//! | `pao_hands` | daisangen, daisuushii | same | same | same | + suukantsu | any |
//! | `pao_liable_part_only` | no | **yes** | no | no | no | |
//! | `pao_liable_pays_honba` | yes | yes | no | no | yes | |
//! | `sashikomi_yakuman`, `daisharin`, `daisharin_other_suits`, `daichisei`, `aotenjou` | no | no | no | no | no | yes (local rules of the `mahjong` library) |
//! | `limit_to_sextuple_yakuman` (stacked yakuman pay at most 6x) | no | **yes** | no | no | no | yes |
//! | `paarenchan_needs_yaku` | yes | yes | yes | yes | yes | no |
//!
//! Tenhou's settings agree with all 3028 Tenhou wins of the corpus test. Mahjong Soul
//! (ranked, 4 players) differs from Tenhou in two scoring rules: the four double
//! patterns count double, and on a hand with several yakuman the liable seat of a pao
//! answers for its yakuman only ("Composite Yakuman: Seperated responsibility for each
//! yakuman"; open tanyao, red fives and pao for daisangen and daisuushii as Tenhou):
//! riichi.wiki's Mahjong Soul page, rules section (<https://riichi.wiki/Mahjong_Soul>),
//! and engines that emulate it (riichienv's `default_mjsoul`). Mahjong Soul's own
//! in-game rule page was not found in the sources searched. Mahjong Soul caps stacked
//! yakuman at six (`limit_to_sextuple_yakuman`, on in `majsoul`): its client names
//! no win above 六倍役满 (6x yakuman; its result titles and voice lines end there),
//! and replay tools built on its rules note that its scoring stops at 6x where the
//! special Battle of Asura room goes beyond (see `docs/rules.md`). Mahjong Soul also
//! lets kokushi rob a closed kan: not modelled. The
//! tournament presets cite their rule texts at [`Rules::ema`], [`Rules::wrc`] and
//! [`Rules::mleague`]. The local rules the `mahjong` library knows (open riichi and
//! sashikomi, nagashi mangan, paarenchan, daisharin, daichisei, the sextuple cap) cite
//! their sources in `docs/rules.md` ("Local rules").
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

use crate::yaku::catalog::{Yakuman, YAKUMAN_ALL};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// How far counted (kazoe) han go.
///
/// ```
/// use tenpai::rules::{KazoeCap, Rules};
/// use tenpai::score::{basic_points, Limit};
///
/// assert_eq!(Rules::tenhou().kazoe, KazoeCap::Yakuman);
/// assert_eq!("sanbaiman".parse::<KazoeCap>(), Ok(KazoeCap::Sanbaiman));
/// // 26 han: one counted yakuman, two without a cap, sanbaiman under EMA.
/// assert_eq!(basic_points(26, 30, &Rules::tenhou()), (8000, Limit::KazoeYakuman));
/// let unlimited = Rules { kazoe: KazoeCap::Unlimited, ..Rules::tenhou() };
/// assert_eq!(basic_points(26, 30, &unlimited), (16000, Limit::KazoeYakuman));
/// assert_eq!(basic_points(26, 30, &Rules::ema()), (6000, Limit::Sanbaiman));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KazoeCap {
    /// 13 han or more is a (counted) yakuman.
    Yakuman,
    /// 11 han or more is sanbaiman, never more.
    Sanbaiman,
    /// No counted yakuman: 13+ han pays sanbaiman (the same points as `Sanbaiman`).
    None,
    /// No cap: 13+ han is a counted yakuman, 26+ a double one, 39+ triple, and so on
    /// (the `mahjong` library's `KAZOE_NO_LIMIT`).
    Unlimited,
}

/// How renhou (a ron before the player's first draw) is scored.
///
/// ```
/// use tenpai::rules::{RenhouRule, Rules};
///
/// assert_eq!(Rules::tenhou().renhou, RenhouRule::Off);
/// assert_eq!(Rules::ema().renhou, RenhouRule::ManganFixed);
/// assert_eq!(Rules::wrc().renhou, RenhouRule::Mangan);
/// assert_eq!("yakuman".parse::<RenhouRule>(), Ok(RenhouRule::Yakuman));
/// assert!("sometimes".parse::<RenhouRule>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RenhouRule {
    /// Not a yaku.
    Off,
    /// A mangan-valued yaku (5 han, adding to the others).
    Mangan,
    /// A mangan, not adding to anything: the hand scores mangan as renhou, or its own
    /// yaku and dora when those pay more ("mangan" in riichi.wiki's rule variations).
    ManganFixed,
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
///
/// Start from a preset and override single switches; the scorer reads them all.
///
/// ```
/// use tenpai::{Hand, Tile, Wind, rules::Rules, score::{score, Situation}};
///
/// // Riichi, pinfu, tanyao and one dora, non-dealer ron on 6s: 4 han 30 fu.
/// let hand: Hand = "234567m22345p678s".parse()?;
/// let win = Tile::from_mpsz("6s").unwrap();
/// let dora = vec![Tile::from_mpsz("1m").unwrap()]; // indicator 1m: dora 2m
/// let s = Situation { riichi: true, seat_wind: Wind::South, dora, ..Situation::default() };
/// let tenhou = Rules::tenhou();
/// assert!(!tenhou.kiriage && tenhou.red_fives && tenhou.open_tanyao);
/// let r = score(&hand, win, &s, &tenhou)?;
/// assert_eq!((r.han, r.fu, r.points), (4, 30, 7700));
/// // With kiriage 4 han 30 fu is rounded up to a mangan.
/// let kiriage = Rules { kiriage: true, ..Rules::tenhou() };
/// assert_eq!(score(&hand, win, &s, &kiriage)?.points, 8000);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Preset name this was built from (`tenhou`, `majsoul`).
    pub name: Cow<'static, str>,
    /// Tanyao counts in an open hand (kuitan).
    pub open_tanyao: bool,
    /// Red fives are in play and each counts one aka dora.
    pub red_fives: bool,
    /// With [`Rules::red_fives`], the set holds four red fives, two of them 5p (the
    /// common 4-aka variant: one red 5m, two red 5p, one red 5s); otherwise one per
    /// suit. Ignored without `red_fives`. See [`Rules::red_fives_count`]. Which suit
    /// has two: 5p ("4 tiles (red 5-pin ×2)",
    /// <https://mahjong-media.pages.dev/en/articles/glossary/akadora>; Mahjong Soul's
    /// three-player logs state `aka52: 2` the same way). No preset sets it.
    #[serde(default)]
    pub four_red_fives: bool,
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
    /// An open hand won by ron with no fu beyond the base (open pinfu shape) is
    /// raised to 30 fu; without it, such a hand is 20 fu (the `mahjong` library's
    /// `fu_for_open_pinfu`).
    pub fu_for_open_pinfu: bool,
    /// A pinfu tsumo earns the 2 tsumo fu (30 fu); without it, pinfu tsumo is 20 fu
    /// (the `mahjong` library's `fu_for_pinfu_tsumo`).
    pub fu_for_pinfu_tsumo: bool,
    /// Which of the four double patterns (kokushi_13, suuankou_tanki, junsei_chuuren,
    /// daisuushii) count double when [`Rules::double_yakuman`] is on.
    pub double_yakuman_hands: YakumanSet,
    /// Yakuman to which liability (pao, sekinin-barai) applies, when a request names
    /// the liable seat.
    pub pao_hands: YakumanSet,
    /// With pao on a hand holding several yakuman, the liable seat answers for the
    /// liable yakuman only and the rest is paid as usual (Mahjong Soul); otherwise it
    /// answers for the whole hand (Tenhou).
    pub pao_liable_part_only: bool,
    /// On a ron by a player other than the liable one, the liable seat pays the honba
    /// (Tenhou); otherwise the discarder alone pays them (EMA §3.3.9).
    pub pao_liable_pays_honba: bool,
    /// Players at the table: 4, or 3 for sanma (2m-8m removed, no chi, nukidora).
    #[serde(default = "four")]
    pub players: u8,
    /// How a three-player tsumo is paid (ignored with four players).
    #[serde(default = "loss")]
    pub sanma_tsumo: SanmaTsumo,
    /// A ron on an open riichi ([`Situation::open_riichi`](crate::yaku::Situation::open_riichi))
    /// is the yakuman `sashikomi`: the discarder, not in riichi, dealt into a hand shown
    /// to all (the `mahjong` library's `has_sashikomi_yakuman`). No preset sets it.
    #[serde(default)]
    pub sashikomi_yakuman: bool,
    /// Paarenchan (the dealer's eighth win in a row,
    /// [`Situation::paarenchan`](crate::yaku::Situation::paarenchan)) needs a yaku of
    /// its own in the hand; otherwise it makes any complete hand a yakuman (the
    /// `mahjong` library's `paarenchan_needs_yaku`, on by default there and here).
    #[serde(default = "yes")]
    pub paarenchan_needs_yaku: bool,
    /// The local yakuman daisharin: a closed hand of `22334455667788p` (riichi.wiki,
    /// "Daisharin"; the `mahjong` library's `has_daisharin`, which also awards it to an
    /// open hand of those tiles). No preset sets it.
    #[serde(default)]
    pub daisharin: bool,
    /// With it, the same in man (daisuurin) and sou (daichikurin); implies
    /// [`Rules::daisharin`] (the `mahjong` library's `has_daisharin_other_suits`).
    #[serde(default)]
    pub daisharin_other_suits: bool,
    /// The local yakuman daichisei: seven pairs of honors, a yakuman beside tsuuiisou
    /// (the `mahjong` library's `has_daichisei`). No preset sets it.
    #[serde(default)]
    pub daichisei: bool,
    /// Stacked yakuman pay at most six times a yakuman (and counted han at most six
    /// counted yakuman), as the `mahjong` library's `limit_to_sextuple_yakuman` (on
    /// there by default). On in `majsoul` (and `majsoul-sanma`); Tenhou has no cap.
    #[serde(default)]
    pub limit_to_sextuple_yakuman: bool,
    /// Aotenjou (青天井, "blue sky"): no limits. The points come from han and fu by
    /// the formula alone (`fu x 2^(2+han)`, each payment rounded up to 100), however
    /// many han; a yakuman counts 13 han (26 for a double one), added to the hand's
    /// other yaku and dora; the yaku a yakuman contains are dropped (daisangen: the
    /// dragon yakuhai and shousangen; tsuuiisou and chinroutou: toitoi and honroutou;
    /// daisuushii, suuankou and suukantsu: toitoi; chuuren: chinitsu; daisharin:
    /// chinitsu, pinfu, tanyao, ryanpeikou, chiitoitsu; ryuuiisou: honitsu), kazoe and the
    /// sextuple cap do not apply. As the `mahjong` library's `Aotenjou` scores
    /// calculator defines it, with its choices: thirteen orphans scores its yakuman
    /// and dora only, at 30 fu by tsumo and 40 by ron; nagashi mangan is 5 han 30 fu.
    /// The exact payments are in the answer's `aotenjou` (`u128`, written as decimal
    /// strings in JSON); `points`, `payments` and `total_received` hold them while they
    /// fit in `u32` and are `u32::MAX` beyond. No preset sets it.
    #[serde(default)]
    pub aotenjou: bool,
}

/// A set of yakuman patterns, written as a list of their names
/// (`["kokushi_13", "daisuushii"]`).
///
/// ```
/// use tenpai::{rules::{Rules, YakumanSet}, yaku::Yakuman};
///
/// let set: YakumanSet = "kokushi_13, daisuushii".parse().unwrap();
/// assert!(set.contains(Yakuman::Kokushi13) && !set.contains(Yakuman::Daisangen));
/// assert_eq!(set.with(Yakuman::Daisangen).iter().count(), 3);
/// assert_eq!("none".parse::<YakumanSet>(), Ok(YakumanSet::EMPTY));
/// assert_eq!(YakumanSet::DOUBLE_PATTERNS.iter().count(), 4);
/// assert_eq!(Rules::tenhou().pao_hands, YakumanSet::PAO_STANDARD);
/// assert!(Rules::mleague().pao_hands.contains(Yakuman::Suukantsu));
/// assert_eq!(serde_json::to_string(&YakumanSet::PAO_STANDARD).unwrap(), r#"["daisangen","daisuushii"]"#);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct YakumanSet(u32);

impl YakumanSet {
    /// No pattern.
    pub const EMPTY: YakumanSet = YakumanSet(0);
    /// The four patterns that can count double.
    pub const DOUBLE_PATTERNS: YakumanSet = YakumanSet::EMPTY
        .with(Yakuman::Kokushi13)
        .with(Yakuman::SuuankouTanki)
        .with(Yakuman::JunseiChuuren)
        .with(Yakuman::Daisuushii);
    /// Daisangen and daisuushii: the pao hands almost every rule book names.
    pub const PAO_STANDARD: YakumanSet = YakumanSet::EMPTY
        .with(Yakuman::Daisangen)
        .with(Yakuman::Daisuushii);

    /// This set with `y` added.
    pub const fn with(self, y: Yakuman) -> YakumanSet {
        YakumanSet(self.0 | 1 << y as u32)
    }

    /// Whether `y` is in the set.
    pub const fn contains(self, y: Yakuman) -> bool {
        self.0 & (1 << y as u32) != 0
    }

    /// The patterns in the set, in Tenhou order.
    pub fn iter(self) -> impl Iterator<Item = Yakuman> {
        YAKUMAN_ALL.into_iter().filter(move |y| self.contains(*y))
    }
}

impl Serialize for YakumanSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(Yakuman::name))
    }
}

impl<'de> Deserialize<'de> for YakumanSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<YakumanSet, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        let mut set = YakumanSet::EMPTY;
        for n in &names {
            set = set.with(n.parse().map_err(serde::de::Error::custom)?);
        }
        Ok(set)
    }
}

impl std::str::FromStr for YakumanSet {
    type Err = String;
    /// Names separated by commas (`kokushi_13,daisuushii`); `none` or an empty text
    /// is the empty set.
    fn from_str(s: &str) -> Result<YakumanSet, String> {
        let mut set = YakumanSet::EMPTY;
        for n in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if n.eq_ignore_ascii_case("none") {
                continue;
            }
            set = set.with(n.parse()?);
        }
        Ok(set)
    }
}

impl std::str::FromStr for Yakuman {
    type Err = String;
    fn from_str(s: &str) -> Result<Yakuman, String> {
        let lower = s.trim().to_ascii_lowercase();
        YAKUMAN_ALL
            .into_iter()
            .find(|y| y.name() == lower)
            .ok_or_else(|| {
                let names: Vec<&str> = YAKUMAN_ALL.iter().map(|y| y.name()).collect();
                format!("unknown yakuman {s:?} (one of {})", names.join(", "))
            })
    }
}

const fn four() -> u8 {
    4
}

const fn loss() -> SanmaTsumo {
    SanmaTsumo::Loss
}

const fn yes() -> bool {
    true
}

impl Default for Rules {
    fn default() -> Self {
        Rules::tenhou()
    }
}

impl Rules {
    /// Tenhou: open tanyao, red fives, no double yakuman for single patterns, yakuman
    /// stack, 13+ han is a counted yakuman, no kiriage, double-wind pair 4 fu, no renhou.
    ///
    /// ```
    /// use tenpai::rules::{KazoeCap, RenhouRule, Rules};
    ///
    /// let r = Rules::tenhou();
    /// assert_eq!(r.name, "tenhou");
    /// assert_eq!(r, Rules::default());
    /// assert!(r.open_tanyao && r.red_fives && r.yakuman_stack && !r.double_yakuman);
    /// assert_eq!((r.kazoe, r.kiriage, r.double_wind_fu, r.renhou), (KazoeCap::Yakuman, false, 4, RenhouRule::Off));
    /// ```
    pub fn tenhou() -> Rules {
        Rules {
            name: Cow::Borrowed("tenhou"),
            open_tanyao: true,
            red_fives: true,
            four_red_fives: false,
            double_yakuman: false,
            yakuman_stack: true,
            kazoe: KazoeCap::Yakuman,
            kiriage: false,
            double_wind_fu: 4,
            renhou: RenhouRule::Off,
            fu_for_open_pinfu: true,
            fu_for_pinfu_tsumo: false,
            double_yakuman_hands: YakumanSet::DOUBLE_PATTERNS,
            pao_hands: YakumanSet::PAO_STANDARD,
            pao_liable_part_only: false,
            pao_liable_pays_honba: true,
            players: 4,
            sanma_tsumo: SanmaTsumo::Loss,
            sashikomi_yakuman: false,
            paarenchan_needs_yaku: true,
            daisharin: false,
            daisharin_other_suits: false,
            daichisei: false,
            limit_to_sextuple_yakuman: false,
            aotenjou: false,
        }
    }

    /// Every preset name [`Rules::preset`] knows.
    ///
    /// ```
    /// use tenpai::rules::Rules;
    ///
    /// for name in Rules::PRESETS {
    ///     assert_eq!(Rules::preset(name).unwrap().name, name);
    /// }
    /// ```
    pub const PRESETS: [&'static str; 7] = [
        "tenhou",
        "majsoul",
        "ema",
        "wrc",
        "mleague",
        "tenhou-sanma",
        "majsoul-sanma",
    ];

    /// The number of red fives in the set: 0 (none in play), 3 (one per suit) or 4
    /// (one red 5m, two red 5p, one red 5s).
    ///
    /// ```
    /// use tenpai::rules::Rules;
    ///
    /// assert_eq!((Rules::tenhou().red_fives_count(), Rules::ema().red_fives_count()), (3, 0));
    /// let aka4 = Rules::tenhou().with_red_fives_count(4).unwrap();
    /// assert!(aka4.red_fives && aka4.four_red_fives && aka4.red_fives_count() == 4);
    /// assert_eq!(Rules::tenhou().with_red_fives_count(0), Some(Rules { red_fives: false, ..Rules::tenhou() }));
    /// assert_eq!(Rules::tenhou().with_red_fives_count(2), None);
    /// ```
    pub fn red_fives_count(&self) -> u8 {
        match (self.red_fives, self.four_red_fives) {
            (false, _) => 0,
            (true, false) => 3,
            (true, true) => 4,
        }
    }

    /// These rules with `count` red fives in the set (0, 3 or 4); `None` for any other
    /// count.
    pub fn with_red_fives_count(&self, count: u8) -> Option<Rules> {
        let (red_fives, four_red_fives) = match count {
            0 => (false, false),
            3 => (true, false),
            4 => (true, true),
            _ => return None,
        };
        Some(Rules {
            red_fives,
            four_red_fives,
            ..self.clone()
        })
    }

    /// How many red fives of suit `q` (0 man, 1 pin, 2 sou) the set holds under these
    /// rules: 1, or 2 for pin under 4 red fives; 0 without red fives.
    ///
    /// ```
    /// use tenpai::rules::Rules;
    ///
    /// let aka4 = Rules { four_red_fives: true, ..Rules::tenhou() };
    /// assert_eq!([0, 1, 2].map(|q| aka4.red_fives_of_suit(q)), [1, 2, 1]);
    /// assert_eq!([0, 1, 2].map(|q| Rules::tenhou().red_fives_of_suit(q)), [1, 1, 1]);
    /// assert_eq!(Rules::ema().red_fives_of_suit(1), 0);
    /// ```
    pub fn red_fives_of_suit(&self, q: usize) -> u8 {
        match (self.red_fives, self.four_red_fives && q == 1) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => 2,
        }
    }

    /// A preset by name: `tenhou`, `majsoul`, `ema`, `wrc`, `mleague`, `tenhou-sanma`
    /// or `majsoul-sanma`.
    ///
    /// ```
    /// use tenpai::rules::Rules;
    ///
    /// assert_eq!(Rules::preset("wrc"), Some(Rules::wrc()));
    /// assert_eq!(Rules::preset("Tenhou"), None); // names are lower case
    /// ```
    pub fn preset(name: &str) -> Option<Rules> {
        match name {
            "tenhou" => Some(Rules::tenhou()),
            "majsoul" => Some(Rules::majsoul()),
            "ema" => Some(Rules::ema()),
            "wrc" => Some(Rules::wrc()),
            "mleague" => Some(Rules::mleague()),
            "tenhou-sanma" => Some(Rules::tenhou_sanma()),
            "majsoul-sanma" => Some(Rules::majsoul_sanma()),
            _ => None,
        }
    }

    /// Mahjong Soul ranked rules: as Tenhou, but kokushi_13, suuankou_tanki,
    /// junsei_chuuren and daisuushii are double yakuman.
    ///
    /// ```
    /// use tenpai::{Hand, Tile, Wind, rules::Rules, score::{score, Situation}};
    ///
    /// let r = Rules::majsoul();
    /// assert!(r.double_yakuman && r.pao_liable_part_only);
    /// // Kokushi on its 13-sided wait, non-dealer ron: double yakuman here, single on Tenhou.
    /// let hand: Hand = "19m19p19s1234567z1m".parse()?;
    /// let win = Tile::from_mpsz("1m").unwrap();
    /// let s = Situation { seat_wind: Wind::South, ..Situation::default() };
    /// assert_eq!(score(&hand, win, &s, &r)?.points, 64000);
    /// assert_eq!(score(&hand, win, &s, &Rules::tenhou())?.points, 32000);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn majsoul() -> Rules {
        Rules {
            name: Cow::Borrowed("majsoul"),
            double_yakuman: true,
            pao_liable_part_only: true,
            limit_to_sextuple_yakuman: true,
            ..Rules::tenhou()
        }
    }
}

impl Rules {
    /// EMA Riichi Competition Rules (2016 edition, in force from 1 April 2016):
    /// no red fives, open tanyao, renhou a fixed mangan (riichi.wiki's summary of the
    /// 2016 changes: "renhou is now a strict mangan only"), no double yakuman
    /// (daisuushii single) and yakuman not cumulative, 13+ han is sanbaiman (no counted
    /// yakuman), no kiriage (4 han 30 fu is not rounded up), pao for daisangen and
    /// daisuushii with the discarder alone paying the counters on a ron by a third
    /// player.
    ///
    /// Sources: the EMA's announcement "Revised EMA Riichi rules are ready"
    /// (<http://mahjong-europe.org/portal/index.php?option=com_content&view=article&id=1>,
    /// "Main changes since the 2012 edition": red fives removed, tanyao open, renhou a
    /// mangan, daisuushii a single yakuman, 13+ han sanbaiman; "Differences to World
    /// Championship Rules 2015": "4-30 is not rounded to mangan payment"); the rule
    /// book "Rules for Japanese Mahjong, 2016 edition" §3.3.9 (liability) as quoted at
    /// <http://mahjongtime.com/mahjong-japanese-rules-4.html>; cumulative yakuman were
    /// removed in the 2012 edition ("double yakuman has been omitted", preface of the
    /// 2012 rule book; news item at
    /// <https://mahjongnews.com/index.php/news/reports/67-riichirulesemarev.html>:
    /// "previous removal of accumulative and double yakuman"). Not found in the texts
    /// read: the fu of a double-wind pair (4 kept, as in the WRC rules); the EMA 2025
    /// revision (not found). The rule book's own §4.3 scoring examples 1-4 (transcribed
    /// at <https://ooyamaneko.net/en/mahjong/bookcmp/view.php?book=RCR_2016_en&rbook=RCR_2012_en&diff=1&chap=4.3>)
    /// are fixtures in `tests/data/rulebooks.jsonl`; its example 2 (4 fan 30
    /// minipoints: 11600 from the discarder to East, 7700 otherwise) shows no kiriage.
    ///
    /// ```
    /// use tenpai::rules::{KazoeCap, RenhouRule, Rules};
    ///
    /// let r = Rules::ema();
    /// assert!(!r.red_fives && !r.yakuman_stack && !r.kiriage && !r.pao_liable_pays_honba);
    /// assert_eq!((r.kazoe, r.renhou), (KazoeCap::Sanbaiman, RenhouRule::ManganFixed));
    /// ```
    pub fn ema() -> Rules {
        Rules {
            name: Cow::Borrowed("ema"),
            red_fives: false,
            four_red_fives: false,
            double_yakuman: false,
            yakuman_stack: false,
            kazoe: KazoeCap::Sanbaiman,
            kiriage: false,
            renhou: RenhouRule::ManganFixed,
            pao_liable_pays_honba: false,
            ..Rules::tenhou()
        }
    }

    /// World Riichi Championship rules (WRC 2015 rule book by Sylvain Malbec, as
    /// later championships use it): as [`Rules::ema`] but with kiriage (4 han 30 fu
    /// and 3 han 60 fu pay mangan) and renhou a mangan yaku that adds to the others.
    ///
    /// Sources: the EMA announcement cited at [`Rules::ema`], "Differences to World
    /// Championship Rules 2015" (the WRC rounds 4-30 up to mangan); the author's WRC
    /// 2014 errata (<http://reachmahjong.com/en/forum/viewtopic.php?f=17&t=53230>:
    /// "Kazoe yakuman is not allowed", "Renhō is cumulative with other yaku and
    /// dora"); riichi.wiki's WRC page ("Every yakuman is counted as single yakuman",
    /// kuitan on); the 2015 rule book's §6.1 itself, transcribed at
    /// <https://ooyamaneko.net/fr/mahjong/bookcmp/view.php?book=WRC_2015_en&rbook=RCR_2012MATCH_en&chap=6.2>
    /// ("A base value of 1920 points, being close to mangan, is rounded up to 2,000
    /// points"; "There is no counted yakuman"; han are yaku, dora, kan dora and ura
    /// dora, no red fives named). The book has no worked scoring examples (§6 read);
    /// not read: whether several yakuman add up (taken as not, as in EMA), the WRC
    /// 2022/2025 editions.
    ///
    /// ```
    /// use tenpai::rules::{RenhouRule, Rules};
    /// use tenpai::score::{basic_points, Limit};
    ///
    /// let r = Rules::wrc();
    /// assert!(r.kiriage && !r.red_fives);
    /// assert_eq!(r.renhou, RenhouRule::Mangan);
    /// assert_eq!(basic_points(4, 30, &r), (2000, Limit::Mangan));
    /// assert_eq!(basic_points(4, 30, &Rules::ema()), (1920, Limit::None));
    /// ```
    pub fn wrc() -> Rules {
        Rules {
            name: Cow::Borrowed("wrc"),
            kiriage: true,
            renhou: RenhouRule::Mangan,
            ..Rules::ema()
        }
    }

    /// M.League (Japan's professional team league): one red five per suit, open
    /// tanyao, a double-wind pair is 2 fu, every yakuman single but several add up,
    /// pao for daisangen, daisuushii and suukantsu.
    ///
    /// Sources: the official rules at <https://m-league.jp/about/> as summarised by
    /// riichi.wiki's M.League page ("Double-wind pair worths 2 fu", sekinin-barai for
    /// daisangen, daisuushi and suukantsu), majannavi.com/archives/55 ("赤ドラあり(各1枚づつ)",
    /// 喰いタンあり) and w.atwiki.jp/mahjlocal/pages/215 (M.League from 2023: "純粋な役満の複合を認める",
    /// single patterns not double). Not found: kazoe yakuman, kiriage and renhou (kept
    /// as Tenhou's).
    ///
    /// ```
    /// use tenpai::{rules::Rules, yaku::Yakuman};
    ///
    /// let r = Rules::mleague();
    /// assert_eq!(r.double_wind_fu, 2);
    /// assert!(r.red_fives && r.yakuman_stack && !r.double_yakuman);
    /// assert!(r.pao_hands.contains(Yakuman::Suukantsu));
    /// ```
    pub fn mleague() -> Rules {
        Rules {
            name: Cow::Borrowed("mleague"),
            double_wind_fu: 2,
            pao_hands: YakumanSet::PAO_STANDARD.with(Yakuman::Suukantsu),
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
            "unlimited" => Ok(KazoeCap::Unlimited),
            _ => Err(format!(
                "kazoe must be yakuman, sanbaiman, none or unlimited, not {s:?}"
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
            "mangan_fixed" => Ok(RenhouRule::ManganFixed),
            "yakuman" => Ok(RenhouRule::Yakuman),
            _ => Err(format!(
                "renhou must be off, mangan, mangan_fixed or yakuman, not {s:?}"
            )),
        }
    }
}
