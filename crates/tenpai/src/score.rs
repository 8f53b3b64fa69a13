//! Scoring a winning hand: the request (hand and situation) and the answer.
//!
//! The JSON shapes here are a contract (`tenpai score --json`, `tenpai score -`).

use crate::decompose::{kokushi, Decomposition, Meld, MeldShape};
use crate::error::Error;
use crate::fu::{self, Fu, FuPart, FuReason};
use crate::hand::{CallKind, Hand};
use crate::inline_str::InlineStr;
use crate::inline_vec::InlineVec;
use crate::notation::{parse_tile, parse_tiles_into, parse_written_last};
use crate::rules::{KazoeCap, RenhouRule, Rules};
use crate::tile::{Tile, TileCounts, Wind};
use crate::yaku::{self, HandFacts, Judgement, Regular, Wait, Yaku};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

pub use crate::yaku::Situation;

/// A contract name in an answer (`riichi`, `kokushi_13`, `kazoe_yakuman`, `ryanmen`):
/// one of the scoring vocabulary's static strings, so building an answer copies no text.
///
/// It serializes as a JSON string; reading one back accepts only the vocabulary's
/// names (yaku, yakuman, limits, waits).
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(&'static str);

impl Name {
    /// A name from static text.
    pub const fn new(s: &'static str) -> Name {
        Name(s)
    }

    /// The name.
    pub const fn as_str(self) -> &'static str {
        self.0
    }

    /// The vocabulary's name equal to `s`, if any.
    pub fn from_vocabulary(s: &str) -> Option<Name> {
        let yaku = yaku::YAKU_ALL.iter().map(|y| y.name());
        let yakuman = yaku::YAKUMAN_ALL.iter().map(|y| y.name());
        let limits = LIMITS.iter().map(|l| l.name());
        let waits = WAITS.iter().map(|w| w.name());
        yaku.chain(yakuman)
            .chain(limits)
            .chain(waits)
            .find(|n| *n == s)
            .map(Name)
    }
}

const LIMITS: [Limit; 7] = [
    Limit::None,
    Limit::Mangan,
    Limit::Haneman,
    Limit::Baiman,
    Limit::Sanbaiman,
    Limit::Yakuman,
    Limit::KazoeYakuman,
];

const WAITS: [Wait; 6] = [
    Wait::Ryanmen,
    Wait::Kanchan,
    Wait::Penchan,
    Wait::Tanki,
    Wait::Shanpon,
    Wait::Kokushi13,
];

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl std::borrow::Borrow<str> for Name {
    fn borrow(&self) -> &str {
        self.0
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.0)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        self.0 == other.as_str()
    }
}

impl PartialEq<Name> for str {
    fn eq(&self, other: &Name) -> bool {
        self == other.0
    }
}

impl PartialEq<Name> for &str {
    fn eq(&self, other: &Name) -> bool {
        *self == other.0
    }
}

impl PartialEq<Name> for String {
    fn eq(&self, other: &Name) -> bool {
        self.as_str() == other.0
    }
}

impl Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Name;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a yaku, yakuman, limit or wait name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Name, E> {
                Name::from_vocabulary(v)
                    .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(v), &self))
            }
        }
        deserializer.deserialize_str(V)
    }
}

/// A fu item's label: the reason, and the tile of the group it is for
/// (`closed_triplet_terminal 1z`). Kept as the two parts; written out when displayed
/// or serialized (as one JSON string).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FuLabel {
    /// Why the fu is awarded.
    pub reason: FuReason,
    /// The group's tile kind (triplets, quads, the pair).
    pub tile: Option<Tile>,
}

impl Default for FuLabel {
    fn default() -> Self {
        FuLabel {
            reason: FuReason::Base,
            tile: None,
        }
    }
}

impl FuLabel {
    /// The label as text, in an inline buffer.
    pub fn text(&self) -> InlineStr<31> {
        let mut s = InlineStr::new();
        s.push_str(self.reason.name());
        if let Some(t) = self.tile {
            s.push_ascii(b' ');
            s.push_ascii(b'0' + t.number());
            s.push_ascii(t.suit().letter() as u8);
        }
        s
    }

    /// Read a label written as [`FuLabel::text`] writes it.
    pub fn parse(text: &str) -> Option<FuLabel> {
        let (name, tile) = match text.split_once(' ') {
            Some((n, t)) => (n, Some(Tile::from_mpsz(t)?.kind())),
            None => (text, None),
        };
        let reason = FuReason::ALL.into_iter().find(|r| r.name() == name)?;
        Some(FuLabel { reason, tile })
    }
}

impl fmt::Display for FuLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.text())
    }
}

impl fmt::Debug for FuLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.text().as_str(), f)
    }
}

impl PartialEq<str> for FuLabel {
    fn eq(&self, other: &str) -> bool {
        self.text() == *other
    }
}

impl PartialEq<&str> for FuLabel {
    fn eq(&self, other: &&str) -> bool {
        self.text() == **other
    }
}

impl PartialEq<String> for FuLabel {
    fn eq(&self, other: &String) -> bool {
        self.text() == *other.as_str()
    }
}

impl Serialize for FuLabel {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text())
    }
}

impl<'de> Deserialize<'de> for FuLabel {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = FuLabel;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a fu reason, with its tile for groups")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<FuLabel, E> {
                FuLabel::parse(v)
                    .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(v), &self))
            }
        }
        deserializer.deserialize_str(V)
    }
}

/// One group of a reading (`55z`, `234m`, `(5555z)`, `[0555p]`), kept inline.
pub type Group = InlineStr<8>;

/// A tile (`5s`, `0p`), kept inline.
pub type TileText = InlineStr<4>;

/// A canonical hand (`234567m34088p567s`, `11z (123m) [5555z]`), kept inline.
pub type HandText = InlineStr<64>;

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
    /// Override: double yakuman for kokushi_13, suuankou_tanki, junsei_chuuren, daisuushii.
    pub double_yakuman: Option<bool>,
    /// Override: several yakuman add up.
    pub yakuman_stack: Option<bool>,
    /// Override: counted han cap (`yakuman`, `sanbaiman`, `none`).
    pub kazoe: Option<KazoeCap>,
    /// Override: kiriage mangan (4 han 30 fu, 3 han 60 fu are mangan).
    pub kiriage: Option<bool>,
    /// Override: fu for a double-wind pair (2 or 4).
    pub double_wind_fu: Option<u8>,
    /// Override: renhou scoring (`off`, `mangan`, `yakuman`).
    pub renhou_rule: Option<RenhouRule>,
}

impl ScoreRequest {
    /// The request that [`score_request`] reads back as `hand` (written in mpsz), `win`,
    /// `situation` and `rules` (every rule switch written out as an override).
    pub fn from_situation(hand: String, win: Tile, s: &Situation, rules: &Rules) -> Self {
        let names = |v: &[Tile]| v.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        let wind = |w: Wind| Some(w.letter().to_string());
        ScoreRequest {
            hand,
            win: Some(win.to_string()),
            tsumo: s.tsumo,
            riichi: s.riichi,
            double_riichi: s.double_riichi,
            ippatsu: s.ippatsu,
            haitei: s.haitei,
            houtei: s.houtei,
            rinshan: s.rinshan,
            chankan: s.chankan,
            tenhou: s.tenhou,
            chiihou: s.chiihou,
            renhou: s.renhou,
            round_wind: wind(s.round_wind),
            seat_wind: wind(s.seat_wind),
            dora: names(&s.dora),
            ura: names(&s.ura),
            honba: s.honba,
            riichi_sticks: s.riichi_sticks,
            rules: Some(rules.name.to_string()),
            red_fives: Some(rules.red_fives),
            open_tanyao: Some(rules.open_tanyao),
            double_yakuman: Some(rules.double_yakuman),
            yakuman_stack: Some(rules.yakuman_stack),
            kazoe: Some(rules.kazoe),
            kiriage: Some(rules.kiriage),
            double_wind_fu: Some(rules.double_wind_fu),
            renhou_rule: Some(rules.renhou),
        }
    }
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
    if let Some(v) = req.double_yakuman {
        rules.double_yakuman = v;
    }
    if let Some(v) = req.yakuman_stack {
        rules.yakuman_stack = v;
    }
    if let Some(v) = req.kazoe {
        rules.kazoe = v;
    }
    if let Some(v) = req.kiriage {
        rules.kiriage = v;
    }
    if let Some(v) = req.double_wind_fu {
        rules.double_wind_fu = v;
    }
    if let Some(v) = req.renhou_rule {
        rules.renhou = v;
    }
    Some(rules)
}

/// One yaku in an answer, with its han (dora, ura_dora, aka_dora included when non-zero).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct YakuHan {
    /// Contract name, e.g. `riichi`, `seat_wind`, `dora`.
    pub name: Name,
    /// Han it is worth in this hand.
    pub han: u32,
}

/// One yakuman in an answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct YakumanEntry {
    /// Contract name, e.g. `kokushi`, `suuankou_tanki`.
    pub name: Name,
    /// 1, or 2 for a double yakuman pattern where the rules allow it.
    pub multiplier: u32,
}

/// One item of the fu breakdown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FuItem {
    /// What earned the fu, e.g. `base`, `closed_ron`, `tsumo`, `closed_triplet_terminal 1z`.
    pub reason: FuLabel,
    /// Fu it adds.
    pub fu: u32,
}

/// The answer for a scored hand (`tenpai score --json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreResult {
    /// The hand, canonical.
    pub hand: HandText,
    /// Total han (0 for yakuman hands).
    pub han: u32,
    /// Fu after rounding.
    pub fu: u32,
    /// Yaku with han, dora included.
    pub yaku: InlineVec<YakuHan, 34>,
    /// Yakuman, if any.
    pub yakuman: InlineVec<YakumanEntry, 16>,
    /// `none`, `mangan`, `haneman`, `baiman`, `sanbaiman`, `yakuman`, `kazoe_yakuman`.
    pub limit: Name,
    /// Value of the hand without honba and sticks (all payments added up).
    pub points: u32,
    /// Who pays what: `{"ron": N}` or `{"dealer": N, "non_dealer": N}` / `{"non_dealer": N}` (tsumo, each payer, before honba).
    pub payments: Payments,
    /// Points the winner receives: `points` plus honba and riichi sticks.
    pub total_received: u32,
    /// Fu items before rounding.
    pub fu_breakdown: InlineVec<FuItem, 9>,
    /// The reading scored, as groups (see `decompose`).
    pub decomposition: InlineVec<Group, 14>,
    /// `ryanmen`, `kanchan`, `penchan`, `tanki`, `shanpon`, `kokushi_13`, ...
    pub wait: Name,
    /// The winning tile.
    pub win: TileText,
    /// Whether the winner is the dealer.
    pub dealer: bool,
    /// Won by tsumo.
    pub tsumo: bool,
    /// The rule preset name.
    pub rules: Cow<'static, str>,
}

/// Who pays what, as in the answer's `payments`: `{"ron": N}` for a ron,
/// `{"dealer": N, "non_dealer": N}` for a non-dealer's tsumo, `{"non_dealer": N}` (each)
/// for the dealer's tsumo. Absent payers are left out of the JSON.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payments {
    /// Ron: what the discarder pays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ron: Option<u32>,
    /// Non-dealer tsumo: what the dealer pays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer: Option<u32>,
    /// Tsumo: what each non-dealer pays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub non_dealer: Option<u32>,
}

impl fmt::Display for Payments {
    /// The JSON object, e.g. `{"dealer":4000,"non_dealer":2000}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        let mut first = true;
        for (k, v) in [
            ("ron", self.ron),
            ("dealer", self.dealer),
            ("non_dealer", self.non_dealer),
        ] {
            if let Some(v) = v {
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                write!(f, "\"{k}\":{v}")?;
            }
        }
        f.write_str("}")
    }
}

impl PartialEq<serde_json::Value> for Payments {
    fn eq(&self, other: &serde_json::Value) -> bool {
        serde_json::to_value(self).is_ok_and(|v| v == *other)
    }
}

impl PartialEq<Payments> for serde_json::Value {
    fn eq(&self, other: &Payments) -> bool {
        other == self
    }
}

/// The limit a hand reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Limit {
    /// Below mangan: points from han and fu.
    None,
    /// 5 han, or basic points reaching 2000 (2000 basic points).
    Mangan,
    /// 6-7 han (3000).
    Haneman,
    /// 8-10 han (4000).
    Baiman,
    /// 11-12 han, or 13+ without counted yakuman (6000).
    Sanbaiman,
    /// Yakuman (8000 per multiple).
    Yakuman,
    /// 13+ han counted as yakuman (8000).
    KazoeYakuman,
}

impl Limit {
    /// Contract name.
    pub const fn name(self) -> &'static str {
        match self {
            Limit::None => "none",
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::Yakuman => "yakuman",
            Limit::KazoeYakuman => "kazoe_yakuman",
        }
    }
}

/// Basic points and limit for han and fu (no yakuman), under `rules`.
pub fn basic_points(han: u32, fu: u32, rules: &Rules) -> (u32, Limit) {
    match han {
        13.. => match rules.kazoe {
            KazoeCap::Yakuman => (8000, Limit::KazoeYakuman),
            KazoeCap::Sanbaiman | KazoeCap::None => (6000, Limit::Sanbaiman),
        },
        11..=12 => (6000, Limit::Sanbaiman),
        8..=10 => (4000, Limit::Baiman),
        6..=7 => (3000, Limit::Haneman),
        5 => (2000, Limit::Mangan),
        _ => {
            let b = fu << (2 + han);
            if b >= 2000 || (rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60))) {
                (2000, Limit::Mangan)
            } else {
                (b, Limit::None)
            }
        }
    }
}

const fn ceil100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// What each payer pays for a win worth `basic` points (before honba), and the total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payment {
    /// Ron: what the discarder pays.
    pub ron: Option<u32>,
    /// Non-dealer tsumo: what the dealer pays.
    pub dealer: Option<u32>,
    /// Tsumo: what each non-dealer pays.
    pub non_dealer: Option<u32>,
    /// All payments added up (the hand's points).
    pub total: u32,
}

impl Payment {
    /// Payments for basic points by dealer or not, tsumo or ron (each rounded up to 100).
    pub const fn new(basic: u32, dealer: bool, tsumo: bool) -> Payment {
        if !tsumo {
            let p = ceil100(basic * if dealer { 6 } else { 4 });
            Payment {
                ron: Some(p),
                dealer: None,
                non_dealer: None,
                total: p,
            }
        } else if dealer {
            let p = ceil100(basic * 2);
            Payment {
                ron: None,
                dealer: None,
                non_dealer: Some(p),
                total: 3 * p,
            }
        } else {
            let d = ceil100(basic * 2);
            let n = ceil100(basic);
            Payment {
                ron: None,
                dealer: Some(d),
                non_dealer: Some(n),
                total: d + 2 * n,
            }
        }
    }

    /// The answer's `payments` (who pays what).
    pub const fn payments(&self) -> Payments {
        Payments {
            ron: self.ron,
            dealer: self.dealer,
            non_dealer: self.non_dealer,
        }
    }
}

fn invalid(msg: impl Into<String>) -> Error {
    Error::Invalid(msg.into())
}

/// Check that a situation makes sense for a hand.
fn check_situation(hand: &Hand, s: &Situation) -> Result<(), Error> {
    let riichi = s.riichi || s.double_riichi;
    if s.ippatsu && !riichi {
        return Err(invalid("ippatsu without riichi"));
    }
    if !s.ura.is_empty() && !riichi {
        return Err(invalid("ura dora indicators without riichi"));
    }
    if riichi && !hand.is_closed() {
        return Err(invalid("riichi with an open hand"));
    }
    if s.haitei && !s.tsumo {
        return Err(invalid("haitei is a tsumo win (use houtei for ron)"));
    }
    if s.houtei && s.tsumo {
        return Err(invalid("houtei is a ron win (use haitei for tsumo)"));
    }
    if s.rinshan && !s.tsumo {
        return Err(invalid("rinshan is a tsumo win"));
    }
    if s.rinshan && !hand.calls().iter().any(|c| c.kind().is_kan()) {
        return Err(invalid("rinshan without a kan"));
    }
    if s.rinshan && s.haitei {
        return Err(invalid("rinshan and haitei together"));
    }
    if s.chankan && s.tsumo {
        return Err(invalid("chankan is a ron win"));
    }
    if s.chankan && s.houtei {
        return Err(invalid("chankan and houtei together"));
    }
    let first = s.tenhou as u8 + s.chiihou as u8 + s.renhou as u8;
    if first > 1 {
        return Err(invalid("at most one of tenhou, chiihou, renhou"));
    }
    if first == 1 && !hand.calls().is_empty() {
        return Err(invalid(
            "tenhou, chiihou and renhou need a hand without calls",
        ));
    }
    if first == 1 && riichi {
        return Err(invalid("tenhou, chiihou and renhou come before any riichi"));
    }
    if s.tenhou && !(s.is_dealer() && s.tsumo) {
        return Err(invalid("tenhou is the dealer's tsumo"));
    }
    if s.chiihou && (s.is_dealer() || !s.tsumo) {
        return Err(invalid("chiihou is a non-dealer's tsumo"));
    }
    if s.renhou && (s.is_dealer() || s.tsumo) {
        return Err(invalid("renhou is a non-dealer's ron"));
    }
    if s.dora.len() > 5 || s.ura.len() > 5 {
        return Err(invalid("at most 5 dora and 5 ura indicators"));
    }
    Ok(())
}

/// The shape of the reading an [`Evaluation`] scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadingShape {
    /// A pair and four melds (concealed melds ascending, then the calls in order).
    Regular {
        /// The pair's kind.
        pair: Tile,
        /// The four melds.
        melds: [Meld; 4],
    },
    /// Seven pairs.
    Chiitoitsu,
    /// Thirteen orphans with this pair.
    Kokushi {
        /// The kind held twice.
        pair: Tile,
    },
}

/// The best reading of a win, in compact form (no strings): what [`evaluate`] returns
/// and [`score`] turns into a [`ScoreResult`].
#[derive(Debug, Clone, Copy)]
pub struct Evaluation {
    /// Yaku and yakuman of the reading (dora excluded).
    pub judgement: Judgement,
    /// Fu with its items.
    pub fu: Fu,
    /// Total han, dora included (0 for yakuman).
    pub han: u32,
    /// Limit reached.
    pub limit: Limit,
    /// Payments.
    pub pay: Payment,
    /// How the winning tile completed the hand.
    pub wait: Wait,
    /// Dora, ura dora and aka dora han (0 for yakuman).
    pub dora: [u32; 3],
    /// The reading.
    pub shape: ReadingShape,
}

impl Evaluation {
    fn key(&self) -> (u32, u32, u32) {
        (self.pay.total, self.han, self.fu.total)
    }
}

struct Ctx<'a> {
    facts: HandFacts,
    s: &'a Situation,
    rules: &'a Rules,
    dora: [u32; 3],
    best: Option<Evaluation>,
}

impl Ctx<'_> {
    fn consider(&mut self, judgement: Judgement, fu: &Fu, wait: Wait, shape: ReadingShape) {
        let dealer = self.s.is_dealer();
        let (han, limit, pay, dora) = if judgement.is_yakuman() {
            let mult = judgement.yakuman_multiple(self.rules);
            let pay = Payment::new(8000 * mult, dealer, self.s.tsumo);
            (0, Limit::Yakuman, pay, [0; 3])
        } else {
            if judgement.is_empty() {
                return;
            }
            let han = judgement.han() + self.dora.iter().sum::<u32>();
            let (basic, limit) = basic_points(han, fu.total, self.rules);
            let pay = Payment::new(basic, dealer, self.s.tsumo);
            (han, limit, pay, self.dora)
        };
        // Only a better reading is built and kept.
        if self
            .best
            .as_ref()
            .is_some_and(|b| (pay.total, han, fu.total) <= b.key())
        {
            return;
        }
        self.best = Some(Evaluation {
            judgement,
            fu: *fu,
            han,
            limit,
            pay,
            wait,
            dora,
            shape,
        });
    }

    /// Score every reading of the winning tile in one regular reading.
    fn regular(&mut self, pair: Tile, melds: &[Meld; 4]) {
        let w = self.facts.win;
        let mut seen: [Option<(MeldShape, Tile)>; 4] = [None; 4];
        let mut n_seen = 0;
        let mut options: [(Option<usize>, Wait); 5] = [(None, Wait::Tanki); 5];
        let mut n = 0;
        if pair == w {
            n = 1;
        }
        for (i, m) in melds.iter().enumerate() {
            if m.call.is_some() || !m.contains(w) {
                continue;
            }
            let key = Some((m.shape, m.tile));
            if seen[..n_seen].contains(&key) {
                continue;
            }
            seen[n_seen] = key;
            n_seen += 1;
            let wait = match m.shape {
                MeldShape::Sequence => seq_wait(m, w),
                _ => Wait::Shanpon,
            };
            options[n] = (Some(i), wait);
            n += 1;
        }
        for &(win_meld, wait) in &options[..n] {
            let r = Regular {
                pair,
                melds,
                win_meld,
                wait,
            };
            let j = yaku::judge_regular(&r, &self.facts, self.s, self.rules);
            let f = fu::regular(
                &r,
                self.facts.closed,
                j.has(Yaku::Pinfu),
                self.s,
                self.rules,
            );
            self.consider(
                j,
                &f,
                wait,
                ReadingShape::Regular {
                    pair,
                    melds: *melds,
                },
            );
        }
    }
}

fn seq_wait(m: &Meld, win: Tile) -> Wait {
    let start = m.tile.number();
    match win.index() - m.tile.index() {
        1 => Wait::Kanchan,
        0 if start == 7 => Wait::Penchan,
        2 if start == 1 => Wait::Penchan,
        _ => Wait::Ryanmen,
    }
}

/// Split `c` (its non-zero kinds are the bits of `present`) into the concealed melds `melds[n..k]`,
/// calling `emit` for each way; the same enumeration as [`decompose`] (each distinct
/// multiset once), without allocating.
fn melds_of<F: FnMut(&[Meld; 4])>(
    c: &mut [u8; 34],
    present: u64,
    melds: &mut [Meld; 4],
    n: usize,
    k: usize,
    emit: &mut F,
) {
    // `present` has bit i set when c[i] > 0: the lowest such kind starts the next meld.
    if present == 0 {
        if n == k {
            emit(melds);
        }
        return;
    }
    let i = present.trailing_zeros() as usize;
    let count = c[i];
    for triplets in [1u8, 0] {
        if 3 * triplets > count {
            continue;
        }
        let seqs = count - 3 * triplets;
        if seqs > 0 && (i >= 27 || i % 9 > 6 || c[i + 1] < seqs || c[i + 2] < seqs) {
            continue;
        }
        if n + (triplets + seqs) as usize > k {
            continue;
        }
        let tile = Tile::new(i as u8);
        let mut m = n;
        if triplets == 1 {
            melds[m] = Meld::concealed(MeldShape::Triplet, tile);
            m += 1;
        }
        for _ in 0..seqs {
            melds[m] = Meld::concealed(MeldShape::Sequence, tile);
            m += 1;
        }
        let mut rest = present & !(1 << i);
        c[i] = 0;
        if seqs > 0 {
            c[i + 1] -= seqs;
            c[i + 2] -= seqs;
            for j in [i + 1, i + 2] {
                if c[j] == 0 {
                    rest &= !(1 << j);
                }
            }
        }
        melds_of(c, rest, melds, m, k, emit);
        c[i] = count;
        if seqs > 0 {
            c[i + 1] += seqs;
            c[i + 2] += seqs;
        }
    }
}

/// Evaluate a complete hand won on `win` in situation `s` under `rules`: every reading
/// of the hand and of the winning tile is scored and the one paying most (then more
/// han, then more fu) is returned, in compact form. [`score`] is this plus the JSON
/// answer.
///
/// Errors: as [`score`].
pub fn evaluate(hand: &Hand, win: Tile, s: &Situation, rules: &Rules) -> Result<Evaluation, Error> {
    if hand.size() != 14 || !hand.is_drawn() {
        return Err(invalid(format!(
            "not a complete hand: {} tiles counting each call as 3, a win needs 14",
            hand.size()
        )));
    }
    // One pass over the tiles: counts by kind (concealed, then all) and red fives.
    let mut concealed = TileCounts::default();
    let mut reds = 0u32;
    for t in hand.concealed() {
        concealed.0[t.index()] += 1;
        reds += u32::from(t.is_red());
    }
    if concealed.get(win.kind()) == 0 {
        return Err(invalid(format!(
            "winning tile {win} is not in the concealed part of the hand"
        )));
    }
    check_situation(hand, s)?;
    let mut counts = concealed;
    for t in hand.calls().iter().flat_map(|c| c.tiles()) {
        counts.0[t.index()] += 1;
        reds += u32::from(t.is_red());
    }
    let riichi = s.riichi || s.double_riichi;
    let count_dora = |inds: &[Tile]| -> u32 {
        inds.iter()
            .map(|i| counts.get(i.dora_from_indicator()) as u32)
            .sum()
    };
    let dora = [
        count_dora(&s.dora),
        if riichi { count_dora(&s.ura) } else { 0 },
        if rules.red_fives { reds } else { 0 },
    ];
    let mut ctx = Ctx {
        facts: HandFacts {
            counts,
            closed: hand.is_closed(),
            no_calls: hand.calls().is_empty(),
            win: win.kind(),
            content: yaku::content(&counts),
        },
        s,
        rules,
        dora,
        best: None,
    };
    let mut melds = [Meld::concealed(MeldShape::Sequence, Tile::new(0)); 4];
    let k = 4 - hand.calls().len();
    for (i, c) in hand.calls().iter().enumerate() {
        melds[k + i] = Meld {
            shape: match c.kind() {
                CallKind::Chi => MeldShape::Sequence,
                CallKind::Pon => MeldShape::Triplet,
                CallKind::OpenKan | CallKind::ClosedKan => MeldShape::Quad,
            },
            tile: c.first(),
            call: Some(c.kind()),
        };
    }
    let mut c = concealed.0;
    let mut complete = false;
    // A pair can only be taken from the suit whose count is 2 mod 3 (every other
    // suit, and the honors, must split into melds alone).
    let suit_len = [
        c[0..9].iter().sum::<u8>(),
        c[9..18].iter().sum::<u8>(),
        c[18..27].iter().sum::<u8>(),
        c[27..34].iter().sum::<u8>(),
    ];
    let pair_suit = suit_len.iter().position(|&n| n % 3 == 2);
    let regular_possible = pair_suit.is_some()
        && suit_len
            .iter()
            .enumerate()
            .all(|(q, &n)| Some(q) == pair_suit || n % 3 == 0);
    let pair_range = match pair_suit {
        Some(q) if regular_possible => q * 9..(q * 9 + 9).min(34),
        _ => 0..0,
    };
    // Bit i set when c[i] > 0 (before taking the pair out).
    let mut all_present = 0u64;
    for (i, &n) in c.iter().enumerate() {
        all_present |= ((n != 0) as u64) << i;
    }
    for p in pair_range {
        if c[p] >= 2 {
            c[p] -= 2;
            let pair = Tile::new(p as u8);
            let present = if c[p] == 0 {
                all_present & !(1 << p)
            } else {
                all_present
            };
            melds_of(&mut c, present, &mut melds, 0, k, &mut |m| {
                complete = true;
                ctx.regular(pair, m);
            });
            c[p] += 2;
        }
    }
    if hand.calls().is_empty() {
        if concealed.0.iter().all(|&n| n == 0 || n == 2) {
            complete = true;
            let j = yaku::judge_chiitoitsu(&ctx.facts, s, rules);
            ctx.consider(j, &fu::chiitoitsu(), Wait::Tanki, ReadingShape::Chiitoitsu);
        }
        // Thirteen orphans never has another reading.
        if let Some(pair) = (!complete).then(|| kokushi(&concealed)).flatten() {
            complete = true;
            let j = yaku::judge_kokushi(pair, &ctx.facts, s, rules);
            let wait = if pair == ctx.facts.win {
                Wait::Kokushi13
            } else {
                Wait::Tanki
            };
            ctx.consider(j, &Fu::default(), wait, ReadingShape::Kokushi { pair });
        }
    }
    if !complete {
        return Err(invalid("not a complete hand: no reading as 4 melds and a pair, seven pairs or thirteen orphans"));
    }
    ctx.best.ok_or(Error::NoYaku)
}

/// Score a complete hand won on `win` (a tile of the concealed part) in situation `s`
/// under `rules`: every reading of the hand and of the winning tile is scored and the
/// one paying most (then more han, then more fu) is kept.
///
/// Errors: the hand is not complete, the winning tile is not among the concealed tiles,
/// the situation is contradictory (ippatsu or ura without riichi, riichi with an open
/// hand, haitei on a ron, ...), or the hand has no yaku ([`Error::NoYaku`]).
///
/// ```
/// use tenpai::{score::{score, Situation}, rules::Rules, Hand, Tile};
/// let hand: Hand = "123m456p789s11222z".parse()?;
/// let s = Situation { tsumo: true, ..Situation::default() };
/// let r = score(&hand, Tile::from_mpsz("2z").unwrap(), &s, &Rules::tenhou())?;
/// assert_eq!((r.han, r.fu, r.points), (1, 40, 2100));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn score(hand: &Hand, win: Tile, s: &Situation, rules: &Rules) -> Result<ScoreResult, Error> {
    let e = evaluate(hand, win, s, rules)?;
    Ok(build_result(hand, win, s, rules, &e))
}

/// Each tile id's mpsz digit (`0` for a red five) and suit letter, as ASCII bytes.
const MPSZ: [[u8; 2]; 37] = {
    let mut t = [[0u8; 2]; 37];
    let letters = [b'm', b'p', b's', b'z'];
    let mut i = 0;
    while i < 34 {
        t[i] = [b'1' + (i % 9) as u8, letters[i / 9]];
        i += 1;
    }
    t[34] = [b'0', b'm'];
    t[35] = [b'0', b'p'];
    t[36] = [b'0', b's'];
    t
};

/// A fixed byte buffer (`N` a power of two) being filled with ASCII; a text that
/// overflows it reads as empty (the callers' texts are bounded well below `N`).
struct Buf<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Buf<N> {
    const fn new() -> Self {
        const { assert!(N.is_power_of_two()) };
        Buf {
            bytes: [0; N],
            len: 0,
        }
    }

    fn put(&mut self, b: u8) {
        // `N` is a power of two: the mask keeps the index in range without a branch;
        // a text longer than `N` (never the case here) becomes empty in `text`.
        self.bytes[self.len & (N - 1)] = b;
        self.len += 1;
    }

    /// Write `b` after the text; keep it only when `keep`.
    fn put_if(&mut self, b: u8, keep: bool) {
        self.bytes[self.len & (N - 1)] = b;
        self.len += usize::from(keep);
    }

    fn text(self) -> InlineStr<N> {
        InlineStr::from_ascii(self.bytes, self.len).unwrap_or_default()
    }
}

/// The pair group `55z` of each tile kind. Built at compile time.
const PAIRS: [Group; 34] = {
    let mut t = [Group::from_ascii_const([0; 8], 0); 34];
    let mut k = 0;
    while k < 34 {
        let [d, l] = MPSZ[k];
        t[k] = Group::from_ascii_const([d, d, l, 0, 0, 0, 0, 0], 3);
        k += 1;
    }
    t
};

/// The pair group `55z` of a tile kind.
fn pair_group(t: Tile) -> Group {
    PAIRS[t.index()]
}

/// A name from the fixed contract vocabulary.
const fn name(s: &'static str) -> Name {
    Name(s)
}

/// The canonical hand, written as `Hand`'s `Display` does (concealed tiles, already
/// sorted, grouped by suit, then each call), without allocating.
fn hand_text(hand: &Hand) -> HandText {
    let mut out = Buf::new();
    let concealed = hand.concealed();
    // Branch-free: each tile's digit, then its suit letter, kept (the length moves
    // past it) only where the suit changes or the tiles end.
    let mut ids = concealed.iter().map(|t| usize::from(t.id())).peekable();
    while let Some(id) = ids.next() {
        let [d, l] = MPSZ[id];
        out.put(d);
        let next_letter = ids.peek().map_or(0, |&n| MPSZ[n][1]);
        out.put_if(l, next_letter != l);
    }
    for c in hand.calls() {
        let (open, close) = if c.kind() == CallKind::ClosedKan {
            (b'[', b']')
        } else {
            (b'(', b')')
        };
        out.put(b' ');
        out.put(open);
        let mut letter = b'z';
        for t in c.tiles() {
            let [d, l] = MPSZ[usize::from(t.id())];
            out.put(d);
            letter = l;
        }
        out.put(letter);
        out.put(close);
    }
    out.text()
}

/// A fu item's label, as [`FuPart::label`] writes it.
const fn fu_label(p: &FuPart) -> FuLabel {
    FuLabel {
        reason: p.reason,
        tile: p.tile,
    }
}

/// Every group text, by shape (sequence, triplet, quad), brackets (none, `(..)`,
/// `[..]`) and lowest kind: `234m`, `(555z)`, `[1111s]`, as `Decomposition::groups`
/// writes them (red fives as 5). Built at compile time.
const GROUPS: [[[Group; 34]; 3]; 3] = {
    let mut t = [[[Group::from_ascii_const([0; 8], 0); 34]; 3]; 3];
    let mut shape = 0;
    while shape < 3 {
        let mut brackets = 0;
        while brackets < 3 {
            let mut k = 0;
            while k < 34 {
                let [d, l] = MPSZ[k];
                let mut bytes = [0u8; 8];
                let mut n = 0;
                if brackets > 0 {
                    bytes[n] = if brackets == 1 { b'(' } else { b'[' };
                    n += 1;
                }
                let copies = if shape == 2 { 4 } else { 3 };
                let mut i = 0;
                while i < copies {
                    // Sequences past 7 never occur; their digits are not used.
                    bytes[n] = if shape == 0 { d + i } else { d };
                    n += 1;
                    i += 1;
                }
                bytes[n] = l;
                n += 1;
                if brackets > 0 {
                    bytes[n] = if brackets == 1 { b')' } else { b']' };
                    n += 1;
                }
                t[shape][brackets][k] = Group::from_ascii_const(bytes, n);
                k += 1;
            }
            brackets += 1;
        }
        shape += 1;
    }
    t
};

/// A group of a regular reading, as `Decomposition::groups` writes it.
fn meld_group(m: &Meld) -> Group {
    let shape = match m.shape {
        MeldShape::Sequence => 0,
        MeldShape::Triplet => 1,
        MeldShape::Quad => 2,
    };
    let brackets = match m.call {
        None => 0,
        Some(CallKind::ClosedKan) => 2,
        Some(_) => 1,
    };
    GROUPS[shape][brackets][m.tile.index()]
}

fn build_result(
    hand: &Hand,
    win: Tile,
    s: &Situation,
    rules: &Rules,
    e: &Evaluation,
) -> ScoreResult {
    let mut yaku = InlineVec::new();
    yaku.extend(e.judgement.yaku().map(|(y, han)| YakuHan {
        name: name(y.name()),
        han,
    }));
    for (y, han) in [Yaku::Dora, Yaku::UraDora, Yaku::AkaDora]
        .into_iter()
        .zip(e.dora)
    {
        if han > 0 {
            yaku.push(YakuHan {
                name: name(y.name()),
                han,
            });
        }
    }
    let mut yakuman = InlineVec::new();
    if e.judgement.is_yakuman() {
        yakuman.extend(
            e.judgement
                .yakuman(rules)
                .map(|(y, multiplier)| YakumanEntry {
                    name: name(y.name()),
                    multiplier,
                }),
        );
    }
    let mut decomposition = InlineVec::new();
    match e.shape {
        ReadingShape::Regular { pair, melds } => {
            decomposition.push(pair_group(pair));
            decomposition.extend(melds.iter().map(meld_group));
        }
        ReadingShape::Chiitoitsu => {
            decomposition.extend(hand.concealed_counts().kinds().map(pair_group));
        }
        ReadingShape::Kokushi { pair } => decomposition.extend(
            Decomposition::Kokushi { pair }
                .groups()
                .iter()
                .map(|g| Group::try_from_str(g).unwrap_or_default()),
        ),
    }
    let fu_breakdown =
        e.fu.parts()
            .iter()
            .map(|p| FuItem {
                reason: fu_label(p),
                fu: p.fu,
            })
            .collect();
    let [d, l] = MPSZ[usize::from(win.id())];
    let win_text = TileText::from_ascii([d, l, 0, 0], 2).unwrap_or_default();
    ScoreResult {
        hand: hand_text(hand),
        han: e.han,
        fu: e.fu.total,
        yaku,
        yakuman,
        limit: name(e.limit.name()),
        points: e.pay.total,
        payments: e.pay.payments(),
        total_received: e.pay.total + 300 * s.honba + 1000 * s.riichi_sticks,
        fu_breakdown,
        decomposition,
        wait: name(e.wait.name()),
        win: win_text,
        dealer: s.is_dealer(),
        tsumo: s.tsumo,
        rules: rules.name.clone(),
    }
}

/// Read a wind: `E`/`S`/`W`/`N` (any case), `east`..., or `1z`..`4z`.
pub fn parse_wind(text: &str) -> Result<Wind, Error> {
    if let [b] = text.as_bytes() {
        if let Some(w) = Wind::from_letter(char::from(*b)) {
            return Ok(w);
        }
    }
    let t = text.trim();
    let mut chars = t.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if let Some(w) = Wind::from_letter(c) {
            return Ok(w);
        }
    }
    match t.to_ascii_lowercase().as_str() {
        "east" => return Ok(Wind::East),
        "south" => return Ok(Wind::South),
        "west" => return Ok(Wind::West),
        "north" => return Ok(Wind::North),
        _ => {}
    }
    if let Ok(tile) = parse_tile(t) {
        if let Some(w) = tile.wind() {
            return Ok(w);
        }
    }
    Err(invalid(format!("not a wind: {text:?} (use E, S, W or N)")))
}

fn indicators(list: &[String]) -> Result<Vec<Tile>, Error> {
    let mut out = Vec::with_capacity(list.len());
    for s in list {
        parse_tiles_into(s, &mut out).map_err(|e| invalid(format!("bad indicator {s:?}: {e}")))?;
    }
    Ok(out)
}

/// The typed form of a request: the hand, the winning tile, the situation and the rules.
pub fn parse_request(req: &ScoreRequest) -> Result<(Hand, Tile, Situation, Rules), Error> {
    let rules = request_rules(req).ok_or_else(|| {
        invalid(format!(
            "unknown rules {:?} (use tenhou or majsoul)",
            req.rules.as_deref().unwrap_or("")
        ))
    })?;
    if !matches!(rules.double_wind_fu, 2 | 4) {
        return Err(invalid("double_wind_fu must be 2 or 4"));
    }
    let (hand, last) = parse_written_last(&req.hand)?;
    let win = match &req.win {
        Some(w) => parse_tile(w).map_err(|e| invalid(format!("bad winning tile {w:?}: {e}")))?,
        None => last,
    };
    let wind = |w: &Option<String>| match w {
        Some(w) => parse_wind(w),
        None => Ok(Wind::East),
    };
    let s = Situation {
        tsumo: req.tsumo,
        riichi: req.riichi || req.double_riichi,
        double_riichi: req.double_riichi,
        ippatsu: req.ippatsu,
        haitei: req.haitei,
        houtei: req.houtei,
        rinshan: req.rinshan,
        chankan: req.chankan,
        tenhou: req.tenhou,
        chiihou: req.chiihou,
        renhou: req.renhou,
        round_wind: wind(&req.round_wind)?,
        seat_wind: wind(&req.seat_wind)?,
        dora: indicators(&req.dora)?,
        ura: indicators(&req.ura)?,
        honba: req.honba,
        riichi_sticks: req.riichi_sticks,
    };
    Ok((hand, win, s, rules))
}

/// Score a request as `tenpai score -` reads it.
///
/// ```
/// let req: tenpai::score::ScoreRequest =
///     serde_json::from_str(r#"{"hand": "234567m234p3488s5s", "riichi": true, "tsumo": true}"#).unwrap();
/// let r = tenpai::score::score_request(&req)?;
/// assert_eq!(r.yaku.iter().map(|y| y.name.as_str()).collect::<Vec<_>>(),
///            ["menzen_tsumo", "riichi", "pinfu", "tanyao"]);
/// assert_eq!((r.han, r.fu, r.points), (4, 20, 7800));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn score_request(req: &ScoreRequest) -> Result<ScoreResult, Error> {
    let (hand, win, s, rules) = parse_request(req)?;
    score(&hand, win, &s, &rules)
}

#[cfg(test)]
mod tests {
    //! The fast enumeration in [`evaluate`] (pair pruning, allocation-free meld split,
    //! deduplicated winning-tile readings) against an obvious reference built on
    //! [`crate::decompose::decompose`] that scores every group containing the winning
    //! tile, on random complete hands.
    use super::*;
    use crate::decompose::decompose;
    use crate::hand::Call;
    use proptest::prelude::*;

    fn reference(hand: &Hand, win: Tile, s: &Situation, rules: &Rules) -> Option<(u32, u32, u32)> {
        let counts = hand.all_counts();
        let riichi = s.riichi || s.double_riichi;
        let cd = |inds: &[Tile]| -> u32 {
            inds.iter()
                .map(|i| counts.get(i.dora_from_indicator()) as u32)
                .sum()
        };
        let dora = [
            cd(&s.dora),
            if riichi { cd(&s.ura) } else { 0 },
            if rules.red_fives {
                hand.red_fives() as u32
            } else {
                0
            },
        ];
        let facts = HandFacts {
            counts,
            closed: hand.is_closed(),
            no_calls: hand.calls().is_empty(),
            win: win.kind(),
            content: yaku::content(&counts),
        };
        let mut best: Option<(u32, u32, u32)> = None;
        let mut take = |j: Judgement, fu: u32| {
            let key = if j.is_yakuman() {
                let p = Payment::new(8000 * j.yakuman_multiple(rules), s.is_dealer(), s.tsumo);
                (p.total, 0, fu)
            } else if j.is_empty() {
                return;
            } else {
                let han = j.han() + dora.iter().sum::<u32>();
                let (basic, _) = basic_points(han, fu, rules);
                (Payment::new(basic, s.is_dealer(), s.tsumo).total, han, fu)
            };
            if best.is_none_or(|b| key > b) {
                best = Some(key);
            }
        };
        let w = win.kind();
        for d in decompose(hand) {
            match d {
                Decomposition::Regular { pair, melds } => {
                    let mut choices: Vec<(Option<usize>, Wait)> = Vec::new();
                    if pair == w {
                        choices.push((None, Wait::Tanki));
                    }
                    for (i, m) in melds.iter().enumerate() {
                        if m.call.is_none() && m.kinds().contains(&w) {
                            let wait = if m.shape == MeldShape::Sequence {
                                seq_wait(m, w)
                            } else {
                                Wait::Shanpon
                            };
                            choices.push((Some(i), wait));
                        }
                    }
                    for (win_meld, wait) in choices {
                        let r = Regular {
                            pair,
                            melds: &melds,
                            win_meld,
                            wait,
                        };
                        let j = yaku::judge_regular(&r, &facts, s, rules);
                        let f = fu::regular(&r, facts.closed, j.has(Yaku::Pinfu), s, rules);
                        take(j, f.total);
                    }
                }
                Decomposition::Chiitoitsu { .. } => {
                    take(yaku::judge_chiitoitsu(&facts, s, rules), 25)
                }
                Decomposition::Kokushi { pair } => {
                    take(yaku::judge_kokushi(pair, &facts, s, rules), 0)
                }
            }
        }
        best
    }

    /// A random complete hand from a seed: a pair and four melds (some called), or
    /// seven pairs; a random winning tile among the concealed tiles.
    fn random_hand(seed: u64) -> Option<(Hand, Tile, Situation)> {
        let mut x = seed | 1;
        let mut next = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        let mut counts = [0u8; 34];
        let mut concealed = Vec::new();
        let mut calls = Vec::new();
        if next(10) == 0 {
            let mut kinds = Vec::new();
            while kinds.len() < 7 {
                let k = next(34) as u8;
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
            for k in kinds {
                concealed.extend([Tile::new(k); 2]);
            }
        } else {
            let p = next(34) as usize;
            counts[p] += 2;
            concealed.extend([Tile::new(p as u8); 2]);
            let mut melds = 0;
            let mut tries = 0;
            while melds < 4 && tries < 100 {
                tries += 1;
                let (kinds, kind) = match next(10) {
                    0..=5 => {
                        let k = (next(3) * 9 + next(7)) as usize;
                        (vec![k, k + 1, k + 2], CallKind::Chi)
                    }
                    6..=8 => {
                        let k = next(34) as usize;
                        (vec![k; 3], CallKind::Pon)
                    }
                    _ => {
                        let k = next(34) as usize;
                        (vec![k; 4], CallKind::OpenKan)
                    }
                };
                let mut c = counts;
                for &k in &kinds {
                    c[k] += 1;
                }
                if c.iter().any(|&n| n > 4) {
                    continue;
                }
                counts = c;
                melds += 1;
                let tiles: Vec<Tile> = kinds.iter().map(|&k| Tile::new(k as u8)).collect();
                if kind == CallKind::OpenKan {
                    let closed = next(2) == 0;
                    let k = if closed { CallKind::ClosedKan } else { kind };
                    calls.push(Call::new(k, &tiles).ok()?);
                } else if next(4) == 0 {
                    calls.push(Call::new(kind, &tiles).ok()?);
                } else {
                    concealed.extend(tiles);
                }
            }
            if melds < 4 {
                return None;
            }
        }
        let win = concealed[next(concealed.len() as u64) as usize];
        let hand = Hand::new(concealed, calls).ok()?;
        let riichi = hand.is_closed() && next(2) == 0;
        let s = Situation {
            tsumo: next(2) == 0,
            riichi,
            round_wind: Wind::from_index(next(2) as usize),
            seat_wind: Wind::from_index(next(4) as usize),
            dora: vec![Tile::new(next(34) as u8)],
            ura: if riichi {
                vec![Tile::new(next(34) as u8)]
            } else {
                Vec::new()
            },
            ..Situation::default()
        };
        Some((hand, win, s))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn evaluate_matches_reference(seed in any::<u64>(), preset in 0usize..2) {
            let Some((hand, win, s)) = random_hand(seed) else { return Ok(()); };
            let rules = if preset == 0 { Rules::tenhou() } else { Rules::majsoul() };
            let fast = evaluate(&hand, win, &s, &rules).ok().map(|e| e.key());
            prop_assert_eq!(fast, reference(&hand, win, &s, &rules), "{} win {}", hand, win);
        }
    }

    #[test]
    fn generator_makes_scorable_hands() {
        let hands: Vec<_> = (1..2000u64).filter_map(|s| random_hand(s * 7919)).collect();
        assert!(hands.len() > 1000, "{} hands", hands.len());
        let scored = hands
            .iter()
            .filter(|(h, w, s)| evaluate(h, *w, s, &Rules::tenhou()).is_ok())
            .count();
        assert!(scored > 300, "{scored} scorable");
    }

    #[test]
    fn answer_groups_match_decompose_groups() {
        let mut checked = 0;
        for seed in 1..3000u64 {
            let Some((h, w, s)) = random_hand(seed * 31) else {
                continue;
            };
            let rules = Rules::tenhou();
            let Ok(e) = evaluate(&h, w, &s, &rules) else {
                continue;
            };
            let r = score(&h, w, &s, &rules).expect("scores as evaluate does");
            let want = match e.shape {
                ReadingShape::Regular { pair, melds } => Decomposition::Regular {
                    pair,
                    melds: melds.to_vec(),
                },
                ReadingShape::Chiitoitsu => Decomposition::Chiitoitsu {
                    pairs: h.concealed_counts().kinds().collect(),
                },
                ReadingShape::Kokushi { pair } => Decomposition::Kokushi { pair },
            };
            assert_eq!(r.decomposition, want.groups());
            for (item, part) in r.fu_breakdown.iter().zip(e.fu.parts()) {
                let want = match part.tile {
                    Some(t) => format!("{} {}", part.reason.name(), t),
                    None => part.reason.name().to_string(),
                };
                assert_eq!(item.reason, want);
            }
            checked += 1;
        }
        assert!(checked > 300, "{checked}");
    }

    #[test]
    fn answer_text_types_round_trip() {
        // Every contract name reads back from JSON; anything else is refused.
        let names = yaku::YAKU_ALL
            .iter()
            .map(|y| y.name())
            .chain(yaku::YAKUMAN_ALL.iter().map(|y| y.name()))
            .chain(LIMITS.iter().map(|l| l.name()))
            .chain(WAITS.iter().map(|w| w.name()));
        for n in names {
            let json = serde_json::to_string(&Name::new(n)).expect("serializes");
            assert_eq!(json, format!("{n:?}"));
            let back: Name = serde_json::from_str(&json).expect(n);
            assert_eq!(back, n);
        }
        assert!(serde_json::from_str::<Name>(r#""not_a_yaku""#).is_err());
        // Fu labels: as `FuPart::label` writes them, and back.
        for reason in fu::FuReason::ALL {
            for tile in [None, Some(Tile::new(0)), Some(Tile::new(31))] {
                let label = FuLabel { reason, tile };
                let want = FuPart {
                    reason,
                    tile,
                    fu: 0,
                }
                .label();
                assert_eq!(label.to_string(), want);
                let json = serde_json::to_string(&label).expect("serializes");
                assert_eq!(json, format!("{want:?}"));
                assert_eq!(
                    serde_json::from_str::<FuLabel>(&json).expect("reads"),
                    label
                );
            }
        }
        // Groups and pairs from the tables, as `Decomposition::groups` writes them.
        for k in 0..34u8 {
            let t = Tile::new(k);
            let shapes: &[MeldShape] = if k < 27 && k % 9 < 7 {
                &[MeldShape::Sequence, MeldShape::Triplet, MeldShape::Quad]
            } else {
                &[MeldShape::Triplet, MeldShape::Quad]
            };
            for &shape in shapes {
                for call in [None, Some(CallKind::Pon), Some(CallKind::ClosedKan)] {
                    let m = Meld {
                        shape,
                        tile: t,
                        call,
                    };
                    assert_eq!(meld_group(&m), m.to_string(), "{m:?}");
                }
            }
            let d = Decomposition::Chiitoitsu { pairs: vec![t] };
            assert_eq!(pair_group(t), d.groups()[0]);
        }
    }

    #[test]
    fn points_table() {
        // Standard non-dealer ron values (independent of the formula's code path).
        let r = Rules::tenhou();
        for (han, fu, ron) in [
            (1, 30, 1000),
            (1, 40, 1300),
            (2, 25, 1600),
            (2, 30, 2000),
            (3, 30, 3900),
            (3, 40, 5200),
            (4, 30, 7700),
            (3, 70, 8000),
            (4, 40, 8000),
            (5, 30, 8000),
            (6, 30, 12000),
            (8, 30, 16000),
            (11, 30, 24000),
            (13, 30, 32000),
        ] {
            let (basic, _) = basic_points(han, fu, &r);
            assert_eq!(
                Payment::new(basic, false, false).total,
                ron,
                "{han} han {fu} fu"
            );
        }
        // Dealer tsumo 1 han 30 fu: 500 all; non-dealer tsumo 2 han 30 fu: 500/1000.
        assert_eq!(
            Payment::new(basic_points(1, 30, &r).0, true, true).non_dealer,
            Some(500)
        );
        let p = Payment::new(basic_points(2, 30, &r).0, false, true);
        assert_eq!(
            (p.dealer, p.non_dealer, p.total),
            (Some(1000), Some(500), 2000)
        );
    }
}
