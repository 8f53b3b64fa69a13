//! The scoring request (`tenpai score -` reads one per line) and its typed form.

use super::answer::{score, ScoreResult};
use super::invalid;
use super::payment::{pao_payments, PaoPayments, Payment};
use crate::error::{Error, ParseErrorKind};
use crate::hand::Hand;
use crate::notation::{parse_tile, parse_tiles_into, parse_written_last};
use crate::rules::{KazoeCap, RenhouRule, Rules, SanmaTsumo, YakumanSet};
use crate::tile::{Tile, Wind};
use crate::yaku::Situation;
use serde::{Deserialize, Serialize};

/// A scoring request, as `tenpai score -` reads it (one JSON object per line). Only
/// `hand` is required.
///
/// ```
/// use tenpai::score::{score_request, ScoreRequest};
///
/// let req = ScoreRequest {
///     hand: "234567m22345p78s6s".into(), // the winning tile written last
///     riichi: true,
///     seat_wind: Some("S".into()),
///     dora: vec!["1m".into()],
///     ..ScoreRequest::default()
/// };
/// assert_eq!(score_request(&req)?.points, 7700);
/// let json = serde_json::to_string(&req).unwrap();
/// assert_eq!(serde_json::from_str::<ScoreRequest>(&json).unwrap(), req);
/// # Ok::<(), tenpai::Error>(())
/// ```
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
    /// Dora indicators: a list of strings, each one or several tiles (`["3m", "7z"]`,
    /// `["3m7z"]`), or one string (`"3m7z"`).
    #[serde(deserialize_with = "one_or_many")]
    pub dora: Vec<String>,
    /// Ura dora indicators (count only with riichi), written like `dora`.
    #[serde(deserialize_with = "one_or_many")]
    pub ura: Vec<String>,
    /// Honba (300 points each).
    pub honba: u32,
    /// Riichi sticks on the table (1000 each, to the winner).
    pub riichi_sticks: u32,
    /// Rule preset name (`tenhou` default, `majsoul`).
    pub rules: Option<String>,
    /// Override: red fives in play.
    pub red_fives: Option<bool>,
    /// Override: the number of red fives in the set: 0 (as `red_fives: false`), 3 (one
    /// per suit, as `red_fives: true`) or 4 (one red 5m, two red 5p, one red 5s: a hand
    /// may then hold `00p`). With `red_fives` too, both must agree.
    pub red_fives_count: Option<u8>,
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
    /// Override: an open pinfu-shaped ron is 30 fu (else 20).
    pub fu_for_open_pinfu: Option<bool>,
    /// Override: pinfu tsumo earns the 2 tsumo fu (30 fu, else 20).
    pub fu_for_pinfu_tsumo: Option<bool>,
    /// Override: which double patterns count double under `double_yakuman` (a list of
    /// `kokushi_13`, `suuankou_tanki`, `junsei_chuuren`, `daisuushii`).
    pub double_yakuman_hands: Option<YakumanSet>,
    /// Override: the yakuman liability (pao) applies to (a list of yakuman names).
    pub pao_hands: Option<YakumanSet>,
    /// The liable seat (pao), relative to the winner: 1 the next player (shimocha),
    /// 2 the one across (toimen), 3 the previous one (kamicha). The answer's `pao`
    /// then says who pays what.
    pub pao: Option<u8>,
    /// The seat that dealt in, relative to the winner as for `pao`: needed with `pao`
    /// on a ron.
    pub discarder: Option<u8>,
    /// Norths extracted (kita) in a three-player game (`tenhou-sanma`,
    /// `majsoul-sanma`): each one han of nukidora. Refused under four-player rules.
    #[serde(skip_serializing_if = "is_zero")]
    pub nukidora: u8,
    /// Override (three players): how a tsumo is paid, `loss` (tsumo loss, the default)
    /// or `split` (north bisection).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sanma_tsumo: Option<SanmaTsumo>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl ScoreRequest {
    /// The request that [`score_request`] reads back as `hand` (written in mpsz), `win`,
    /// `situation` and `rules` (every rule switch written out as an override).
    ///
    /// ```
    /// use tenpai::{Tile, Wind, rules::Rules, score::{request_rules, score_request, ScoreRequest, Situation}};
    ///
    /// let dora = vec![Tile::from_mpsz("1m").unwrap()];
    /// let s = Situation { riichi: true, seat_wind: Wind::South, dora, ..Situation::default() };
    /// let win = Tile::from_mpsz("6s").unwrap();
    /// let req = ScoreRequest::from_situation("234567m22345p678s".into(), win, &s, &Rules::wrc());
    /// assert_eq!(request_rules(&req), Some(Rules::wrc()));
    /// assert_eq!(score_request(&req)?.points, 8000); // 4 han 30 fu, kiriage
    /// # Ok::<(), tenpai::Error>(())
    /// ```
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
            red_fives_count: Some(rules.red_fives_count()),
            open_tanyao: Some(rules.open_tanyao),
            double_yakuman: Some(rules.double_yakuman),
            yakuman_stack: Some(rules.yakuman_stack),
            kazoe: Some(rules.kazoe),
            kiriage: Some(rules.kiriage),
            double_wind_fu: Some(rules.double_wind_fu),
            renhou_rule: Some(rules.renhou),
            fu_for_open_pinfu: Some(rules.fu_for_open_pinfu),
            fu_for_pinfu_tsumo: Some(rules.fu_for_pinfu_tsumo),
            double_yakuman_hands: Some(rules.double_yakuman_hands),
            pao_hands: Some(rules.pao_hands),
            pao: None,
            discarder: None,
            nukidora: s.nukidora,
            sanma_tsumo: rules.is_sanma().then_some(rules.sanma_tsumo),
        }
    }
}

/// A list of strings, or one string standing for a list of one.
fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    match OneOrMany::deserialize(d) {
        Ok(OneOrMany::One(s)) => Ok(vec![s]),
        Ok(OneOrMany::Many(v)) => Ok(v),
        Err(_) => Err(serde::de::Error::custom(
            "expected a string of tiles or a list of them",
        )),
    }
}

/// Edit distance (insertions, deletions, substitutions), for field suggestions.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != b[j]))
                .min(row[j] + 1)
                .min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Where `key` is written as an object key in `text` (0-based characters, at its
/// opening quote), for errors that concern a field.
fn key_position(text: &str, key: &str) -> Option<usize> {
    let quoted = serde_json::to_string(key).ok()?;
    let mut from = 0;
    while let Some(i) = text.get(from..)?.find(&quoted) {
        let at = from + i;
        let after = at + quoted.len();
        if text.get(after..)?.trim_start().starts_with(':') {
            return Some(text[..at].chars().count());
        }
        from = after;
    }
    None
}

fn request_error(message: impl Into<String>, position: Option<usize>) -> Error {
    Error::Request {
        message: message.into(),
        position,
    }
}

impl ScoreRequest {
    /// Read a request from its JSON text (one line of `tenpai score -`), strictly: the
    /// text must be one JSON object, every field must be one of the request's (an
    /// unknown field is refused, naming the closest known one), `hand` must be there,
    /// and `honba` and `riichi_sticks` must be at most 1000. Syntax errors carry the
    /// character offset in `text`.
    ///
    /// ```
    /// use tenpai::score::ScoreRequest;
    /// let req = ScoreRequest::from_json(r#"{"hand": "123m456p789s11z222z", "dora": "3m7z"}"#)?;
    /// assert_eq!(req.dora, ["3m7z"]);
    /// let e = ScoreRequest::from_json(r#"{"hand": "123m456p789s11z222z", "riichii": true}"#);
    /// assert!(e.unwrap_err().to_string().contains("did you mean \"riichi\"?"));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn from_json(text: &str) -> Result<ScoreRequest, Error> {
        // The common request (an object of known fields, each once, `hand` there,
        // counters in range) read in one pass straight into the request; anything
        // else, and every error, goes through the general reading below.
        if let Ok(Strict(req)) = serde_json::from_str::<Strict>(text) {
            return Ok(req);
        }
        Self::from_json_general(text)
    }

    /// [`ScoreRequest::from_json`] without its fast path: the JSON read into a
    /// `serde_json::Value`, its keys and counters checked, then the request read from it.
    fn from_json_general(text: &str) -> Result<ScoreRequest, Error> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            // serde_json counts lines from 1 and columns in bytes from 1.
            let mut byte = 0usize;
            for (n, line) in text.split_inclusive('\n').enumerate() {
                if n + 1 == e.line() {
                    byte += e.column().saturating_sub(1).min(line.len());
                    break;
                }
                byte += line.len();
            }
            while !text.is_char_boundary(byte.min(text.len())) {
                byte -= 1;
            }
            let position = text[..byte.min(text.len())].chars().count();
            let what = match e.classify() {
                serde_json::error::Category::Eof => "truncated JSON",
                _ => "not valid JSON",
            };
            let detail = e.to_string();
            let detail = detail
                .split(" at line ")
                .next()
                .unwrap_or_default()
                .to_string();
            request_error(format!("bad request: {what}: {detail}"), Some(position))
        })?;
        let serde_json::Value::Object(map) = &value else {
            return Err(request_error(
                "bad request: a request is a JSON object ({\"hand\": ...})",
                None,
            ));
        };
        let mut known: Vec<String> = match serde_json::to_value(ScoreRequest::default()) {
            Ok(serde_json::Value::Object(m)) => m.keys().cloned().collect(),
            _ => Vec::new(),
        };
        // Fields left out of the JSON when unset (so four-player requests are written
        // as before) are fields all the same.
        for key in ["nukidora", "sanma_tsumo"] {
            if !known.iter().any(|k| k == key) {
                known.push(key.to_string());
            }
        }
        for key in map.keys() {
            if known.iter().any(|k| k == key) {
                continue;
            }
            let lower = key.to_ascii_lowercase();
            let best = known
                .iter()
                .map(|k| {
                    let d = if k.starts_with(&lower) || lower.starts_with(k.as_str()) {
                        1
                    } else {
                        distance(&lower, k)
                    };
                    (d, k)
                })
                .min()
                .filter(|&(d, k)| d <= 2.max(k.len() / 3));
            let hint = match best {
                Some((_, k)) => format!(" (did you mean {k:?}?)"),
                None => String::new(),
            };
            return Err(request_error(
                format!(
                    "bad request: unknown field {key:?}{hint}; the fields are {}",
                    known.join(", ")
                ),
                key_position(text, key),
            ));
        }
        if !map.contains_key("hand") {
            return Err(request_error("bad request: missing field hand", None));
        }
        for key in ["honba", "riichi_sticks"] {
            if let Some(v) = map.get(key) {
                if v.as_u64()
                    .is_none_or(|n| n > u64::from(super::evaluate::MAX_COUNTERS))
                {
                    return Err(request_error(
                        format!(
                            "bad request: {key} {v} is out of range: a count from 0 to {}",
                            super::evaluate::MAX_COUNTERS
                        ),
                        key_position(text, key),
                    ));
                }
            }
        }
        serde_json::from_value(value).map_err(|e| request_error(format!("bad request: {e}"), None))
    }
}

impl ScoreRequest {
    /// The request's fields: the keys of its JSON object (`tenpai score -`), in order.
    ///
    /// ```
    /// use tenpai::score::ScoreRequest;
    /// assert_eq!(ScoreRequest::FIELDS[..3], ["hand", "win", "tsumo"]);
    /// assert!(ScoreRequest::FIELDS.contains(&"riichi_sticks"));
    /// ```
    pub const FIELDS: [&'static str; 37] = [
        "hand",
        "win",
        "tsumo",
        "riichi",
        "double_riichi",
        "ippatsu",
        "haitei",
        "houtei",
        "rinshan",
        "chankan",
        "tenhou",
        "chiihou",
        "renhou",
        "round_wind",
        "seat_wind",
        "dora",
        "ura",
        "honba",
        "riichi_sticks",
        "rules",
        "red_fives",
        "red_fives_count",
        "open_tanyao",
        "double_yakuman",
        "yakuman_stack",
        "kazoe",
        "kiriage",
        "double_wind_fu",
        "renhou_rule",
        "fu_for_open_pinfu",
        "fu_for_pinfu_tsumo",
        "double_yakuman_hands",
        "pao_hands",
        "pao",
        "discarder",
        "nukidora",
        "sanma_tsumo",
    ];
}

/// A request's field names, as a key of its JSON object (the fast path of
/// [`ScoreRequest::from_json`]; an unknown name is an error, which sends the text to
/// the general reading).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(field_identifier, rename_all = "snake_case")]
enum Field {
    Hand,
    Win,
    Tsumo,
    Riichi,
    DoubleRiichi,
    Ippatsu,
    Haitei,
    Houtei,
    Rinshan,
    Chankan,
    Tenhou,
    Chiihou,
    Renhou,
    RoundWind,
    SeatWind,
    Dora,
    Ura,
    Honba,
    RiichiSticks,
    Rules,
    RedFives,
    RedFivesCount,
    OpenTanyao,
    DoubleYakuman,
    YakumanStack,
    Kazoe,
    Kiriage,
    DoubleWindFu,
    RenhouRule,
    FuForOpenPinfu,
    FuForPinfuTsumo,
    DoubleYakumanHands,
    PaoHands,
    Pao,
    Discarder,
    Nukidora,
    SanmaTsumo,
}

/// A request read strictly in one pass (the fast path of [`ScoreRequest::from_json`]):
/// a JSON object whose keys are request fields, each at most once, with `hand`, and
/// `honba` and `riichi_sticks` at most [`MAX_COUNTERS`](super::evaluate::MAX_COUNTERS).
/// Anything else is an error (its text is not the one to show: the general reading
/// gives that).
struct Strict(ScoreRequest);

/// Indicators as `one_or_many` reads them, without buffering the value first.
struct Indicators(Vec<String>);

impl<'de> Deserialize<'de> for Indicators {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Indicators;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string of tiles or a list of them")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Indicators, E> {
                Ok(Indicators(vec![v.to_string()]))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Indicators, E> {
                Ok(Indicators(vec![v]))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Indicators, A::Error> {
                let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(8));
                while let Some(s) = seq.next_element::<String>()? {
                    v.push(s);
                }
                Ok(Indicators(v))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Strict;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a request object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Strict, A::Error> {
                use serde::de::Error as _;
                let mut r = ScoreRequest::default();
                let mut seen = 0u64;
                while let Some(field) = map.next_key::<Field>()? {
                    let bit = 1u64 << (field as u8);
                    if seen & bit != 0 {
                        return Err(A::Error::custom("duplicate field"));
                    }
                    seen |= bit;
                    match field {
                        Field::Hand => r.hand = map.next_value()?,
                        Field::Win => r.win = map.next_value()?,
                        Field::Tsumo => r.tsumo = map.next_value()?,
                        Field::Riichi => r.riichi = map.next_value()?,
                        Field::DoubleRiichi => r.double_riichi = map.next_value()?,
                        Field::Ippatsu => r.ippatsu = map.next_value()?,
                        Field::Haitei => r.haitei = map.next_value()?,
                        Field::Houtei => r.houtei = map.next_value()?,
                        Field::Rinshan => r.rinshan = map.next_value()?,
                        Field::Chankan => r.chankan = map.next_value()?,
                        Field::Tenhou => r.tenhou = map.next_value()?,
                        Field::Chiihou => r.chiihou = map.next_value()?,
                        Field::Renhou => r.renhou = map.next_value()?,
                        Field::RoundWind => r.round_wind = map.next_value()?,
                        Field::SeatWind => r.seat_wind = map.next_value()?,
                        Field::Dora => r.dora = map.next_value::<Indicators>()?.0,
                        Field::Ura => r.ura = map.next_value::<Indicators>()?.0,
                        Field::Honba => r.honba = map.next_value()?,
                        Field::RiichiSticks => r.riichi_sticks = map.next_value()?,
                        Field::Rules => r.rules = map.next_value()?,
                        Field::RedFives => r.red_fives = map.next_value()?,
                        Field::RedFivesCount => r.red_fives_count = map.next_value()?,
                        Field::OpenTanyao => r.open_tanyao = map.next_value()?,
                        Field::DoubleYakuman => r.double_yakuman = map.next_value()?,
                        Field::YakumanStack => r.yakuman_stack = map.next_value()?,
                        Field::Kazoe => r.kazoe = map.next_value()?,
                        Field::Kiriage => r.kiriage = map.next_value()?,
                        Field::DoubleWindFu => r.double_wind_fu = map.next_value()?,
                        Field::RenhouRule => r.renhou_rule = map.next_value()?,
                        Field::FuForOpenPinfu => r.fu_for_open_pinfu = map.next_value()?,
                        Field::FuForPinfuTsumo => r.fu_for_pinfu_tsumo = map.next_value()?,
                        Field::DoubleYakumanHands => r.double_yakuman_hands = map.next_value()?,
                        Field::PaoHands => r.pao_hands = map.next_value()?,
                        Field::Pao => r.pao = map.next_value()?,
                        Field::Discarder => r.discarder = map.next_value()?,
                        Field::Nukidora => r.nukidora = map.next_value()?,
                        Field::SanmaTsumo => r.sanma_tsumo = map.next_value()?,
                    }
                }
                let max = super::evaluate::MAX_COUNTERS;
                if seen & (1 << Field::Hand as u8) == 0 || r.honba > max || r.riichi_sticks > max {
                    return Err(A::Error::custom("not a plain request"));
                }
                Ok(Strict(r))
            }
        }
        d.deserialize_map(V)
    }
}

/// The rules a request asks for: its preset with its overrides applied.
///
/// ```
/// use tenpai::{rules::Rules, score::{request_rules, ScoreRequest}};
///
/// let req = ScoreRequest::from_json(r#"{"hand": "123m456p789s11222z", "rules": "ema", "kiriage": true}"#)?;
/// let rules = request_rules(&req).unwrap();
/// assert!(rules.kiriage && !rules.red_fives);
/// assert_eq!(rules, Rules { kiriage: true, ..Rules::ema() });
/// let req = ScoreRequest { rules: Some("house".into()), ..req };
/// assert_eq!(request_rules(&req), None);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn request_rules(req: &ScoreRequest) -> Option<Rules> {
    let mut rules = Rules::preset(req.rules.as_deref().unwrap_or("tenhou"))?;
    if let Some(v) = req.red_fives {
        rules.red_fives = v;
    }
    if let Some(n) = req.red_fives_count {
        rules = rules.with_red_fives_count(n)?;
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
    if let Some(v) = req.fu_for_open_pinfu {
        rules.fu_for_open_pinfu = v;
    }
    if let Some(v) = req.fu_for_pinfu_tsumo {
        rules.fu_for_pinfu_tsumo = v;
    }
    if let Some(v) = req.double_yakuman_hands {
        rules.double_yakuman_hands = v;
    }
    if let Some(v) = req.pao_hands {
        rules.pao_hands = v;
    }
    if let Some(v) = req.sanma_tsumo {
        rules.sanma_tsumo = v;
    }
    Some(rules)
}

/// Read a wind: `E`/`S`/`W`/`N` (any case), `east`..., or `1z`..`4z`.
///
/// ```
/// use tenpai::{Wind, score::parse_wind};
///
/// assert_eq!(parse_wind("s")?, Wind::South);
/// assert_eq!(parse_wind("West")?, Wind::West);
/// assert_eq!(parse_wind("4z")?, Wind::North);
/// assert!(parse_wind("5z").is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
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
///
/// ```
/// use tenpai::{Tile, Wind, rules::Rules, score::{parse_request, score, ScoreRequest}};
///
/// let req = ScoreRequest::from_json(
///     r#"{"hand": "234567m22345p78s6s", "riichi": true, "seat_wind": "S", "dora": ["1m"]}"#,
/// )?;
/// let (hand, win, s, rules) = parse_request(&req)?;
/// assert_eq!((hand.to_string(), win), ("234567m22345p678s".to_string(), Tile::from_mpsz("6s").unwrap()));
/// assert_eq!((s.riichi, s.seat_wind, s.round_wind), (true, Wind::South, Wind::East));
/// assert_eq!(rules, Rules::tenhou());
/// assert_eq!(score(&hand, win, &s, &rules)?.points, 7700);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn parse_request(req: &ScoreRequest) -> Result<(Hand, Tile, Situation, Rules), Error> {
    if let Some(n) = req.red_fives_count.filter(|n| !matches!(n, 0 | 3 | 4)) {
        return Err(invalid(format!(
            "red_fives_count {n}: the sets have 0, 3 (one per suit) or 4 (one red 5m, two red 5p, one red 5s) red fives"
        )));
    }
    let rules = request_rules(req).ok_or_else(|| {
        invalid(format!(
            "unknown rules {:?} (use one of {})",
            req.rules.as_deref().unwrap_or(""),
            Rules::PRESETS.join(", ")
        ))
    })?;
    if !matches!(rules.double_wind_fu, 2 | 4) {
        return Err(invalid("double_wind_fu must be 2 or 4"));
    }
    if let (Some(on), Some(n)) = (req.red_fives, req.red_fives_count) {
        if on != (n > 0) {
            return Err(invalid(format!(
                "red_fives {on} and red_fives_count {n} disagree (0 is no red fives; 3 and 4 have them)"
            )));
        }
    }
    let (hand, last) = parse_written_last(&req.hand)?;
    // Two red 5p are the 4-red-five set's: under any other rules, refused at the second.
    let red_5p = hand.all_tiles().filter(|&t| t == Tile::RED_5P).count();
    if red_5p > usize::from(rules.red_fives_of_suit(1).max(1)) {
        return Err(Error::parse(
            ParseErrorKind::TwoRedFives(Tile::RED_5P.to_string()),
            second_red_5p(&req.hand),
        ));
    }
    if rules.is_sanma() {
        crate::sanma::check_hand_text(&req.hand, &hand)?;
    }
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
        nukidora: req.nukidora,
    };
    Ok((hand, win, s, rules))
}

/// Where the second `0p` of an mpsz text is (the byte offset of its digit; 0 when the
/// text writes it some other way).
fn second_red_5p(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut seen = 0;
    let mut run_start = None;
    for (i, &b) in bytes.iter().enumerate() {
        if b.is_ascii_digit() {
            run_start.get_or_insert(i);
            continue;
        }
        if let Some(start) = run_start.take() {
            if b == b'p' {
                for (j, &d) in bytes[start..i].iter().enumerate() {
                    if d == b'0' {
                        seen += 1;
                        if seen == 2 {
                            return start + j;
                        }
                    }
                }
            }
        }
    }
    0
}

impl ScoreRequest {
    /// The request read ([`parse_request`]) and its liable seat (`pao`) and
    /// `discarder` checked: every error [`score_request`] gives before scoring the
    /// hand (the hand's own errors, such as [`Error::NoYaku`], come from scoring it).
    ///
    /// ```
    /// use tenpai::score::ScoreRequest;
    /// let req = ScoreRequest::from_json(r#"{"hand": "123m99p(555z)(666z)(777z)", "pao": 7}"#)?;
    /// assert!(req.check().unwrap_err().to_string().contains("pao is a seat"));
    /// let (hand, win, s, _rules) = ScoreRequest::from_json(r#"{"hand": "123m456p789s11222z", "tsumo": true}"#)?.check()?;
    /// assert_eq!((hand.to_string().as_str(), win.to_string().as_str(), s.tsumo), ("123m456p789s11222z", "2z", true));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn check(&self) -> Result<(Hand, Tile, Situation, Rules), Error> {
        let (hand, win, s, rules) = parse_request(self)?;
        for (what, v) in [("pao", self.pao), ("discarder", self.discarder)] {
            if v.is_some_and(|v| !(1..=3).contains(&v)) {
                return Err(invalid(format!(
                    "{what} is a seat relative to the winner: 1 (next), 2 (across) or 3 (previous)"
                )));
            }
        }
        if self.discarder.is_some() && s.tsumo {
            return Err(invalid("discarder on a tsumo: nobody dealt in"));
        }
        Ok((hand, win, s, rules))
    }
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
    let (hand, win, s, rules) = req.check()?;
    let mut r = score(&hand, win, &s, &rules)?;
    if let Some(liable) = req.pao {
        r.pao = Some(pao_answer(&r, &s, &rules, liable, req.discarder)?);
    }
    Ok(r)
}

/// The answer's `pao`: who pays what when `liable` answers for the hand.
fn pao_answer(
    r: &ScoreResult,
    s: &Situation,
    rules: &Rules,
    liable: u8,
    discarder: Option<u8>,
) -> Result<PaoPayments, Error> {
    let liable_multiple: u32 = r
        .yakuman
        .iter()
        .filter(|y| rules.pao_hands.iter().any(|p| p.name() == y.name.as_str()))
        .map(|y| y.multiplier)
        .sum();
    if liable_multiple == 0 {
        let names: Vec<&str> = rules.pao_hands.iter().map(|y| y.name()).collect();
        return Err(invalid(format!(
            "pao applies to {} under rules {}; this hand has none of them",
            if names.is_empty() {
                "no hand".to_string()
            } else {
                names.join(", ")
            },
            rules.name
        )));
    }
    let discarder = match (s.tsumo, discarder) {
        (true, _) => 0,
        (false, Some(d)) => d,
        (false, None) => {
            return Err(invalid(
                "pao on a ron needs discarder (the seat that dealt in, relative to the winner)",
            ))
        }
    };
    let pay = Payment {
        ron: r.payments.ron,
        dealer: r.payments.dealer,
        non_dealer: r.payments.non_dealer,
        total: r.points,
    };
    let dealer = s.is_dealer();
    let part = if rules.pao_liable_part_only {
        Payment::new(8000 * liable_multiple, dealer, s.tsumo)
    } else {
        pay
    };
    // The dealer's seat relative to the winner (0: the winner deals).
    let dealer_seat = (4 - s.seat_wind as u8) % 4;
    Ok(pao_payments(
        &pay,
        &part,
        s.tsumo,
        dealer_seat,
        discarder,
        liable,
        s.honba,
        rules.pao_liable_pays_honba,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The fast path's field names are the request's JSON keys, in order.
    #[test]
    fn fields_are_the_request_keys() {
        let full = ScoreRequest {
            nukidora: 1,
            sanma_tsumo: Some(SanmaTsumo::Split),
            ..ScoreRequest::from_situation(
                "123m456p789s11222z".into(),
                Tile::from_mpsz("2z").unwrap(),
                &Situation::default(),
                &Rules::tenhou(),
            )
        };
        let serde_json::Value::Object(m) = serde_json::to_value(&full).unwrap() else {
            panic!("a request is written as an object");
        };
        for (i, key) in m.keys().enumerate() {
            let f: Field = serde_json::from_value(serde_json::Value::String(key.clone()))
                .unwrap_or_else(|e| panic!("{key}: {e}"));
            assert_eq!(f as usize, i, "{key}");
        }
        assert_eq!(m.len(), Field::SanmaTsumo as usize + 1);
        assert_eq!(
            m.keys().map(String::as_str).collect::<Vec<_>>(),
            ScoreRequest::FIELDS
        );
        assert!(serde_json::from_str::<Field>("\"riichii\"").is_err());
    }

    /// A JSON value for a request field: usually of the right type, often not.
    fn value() -> BoxedStrategy<String> {
        let text = prop_oneof![
            Just("234567m22345p78s6s".to_string()),
            Just("456888m66s [7777m] (234s)".to_string()),
            Just("19m19p19s1234567z1m".to_string()),
            Just("123m456p789s11222z".to_string()),
            Just("1m".to_string()),
            Just("3m7z".to_string()),
            Just("0p".to_string()),
            "[0-9mpsz ESWNeast]{0,6}",
            Just("tenhou".to_string()),
            Just("majsoul-sanma".to_string()),
            Just("yakuman".to_string()),
            Just("split".to_string()),
            Just("kokushi_13".to_string()),
            Just("h\u{e9}".to_string()),
        ]
        .prop_map(|s| serde_json::to_string(&s).unwrap());
        let scalar = prop_oneof![
            text.clone(),
            Just("true".to_string()),
            Just("false".to_string()),
            Just("null".to_string()),
            (-3i64..1005).prop_map(|n| n.to_string()),
            Just("4294967296".to_string()),
            Just("1.0".to_string()),
            Just("-0".to_string()),
            Just("2e0".to_string()),
            Just("{}".to_string()),
            Just("{\"a\": 1}".to_string()),
        ];
        prop_oneof![
            4 => scalar.clone(),
            1 => proptest::collection::vec(prop_oneof![3 => text, 1 => scalar], 0..3)
                .prop_map(|v| format!("[{}]", v.join(","))),
        ]
        .boxed()
    }

    /// A value of the type of field `i` (its JSON text), or null, or something close.
    fn typed_value(i: usize) -> BoxedStrategy<String> {
        let q = |v: &[&str]| {
            proptest::sample::select(v.iter().map(|s| s.to_string()).collect::<Vec<_>>()).boxed()
        };
        let quoted = |v: &[&str]| {
            proptest::sample::select(
                v.iter()
                    .map(|s| serde_json::to_string(s).unwrap())
                    .collect::<Vec<_>>(),
            )
            .boxed()
        };
        let tiles = || quoted(&["1m", "3m7z", "0p", "5z", "1m2m", "9s", "", "x"]);
        let small = || (0u32..300).prop_map(|n| n.to_string()).boxed();
        match FIELD_KEYS[i] {
            "hand" => quoted(&[
                "234567m22345p78s6s",
                "456888m66s [7777m] (234s)",
                "19m19p19s1234567z1m",
                "123m456p789s11222z",
                "00p123m456s789s11z",
                "11111m",
            ]),
            "win" | "round_wind" | "seat_wind" => prop_oneof![
                quoted(&["E", "s", "West", "4z", "5z", "6s", "1m", "0p", ""]),
                Just("null".to_string())
            ]
            .boxed(),
            "dora" | "ura" => prop_oneof![
                tiles(),
                proptest::collection::vec(tiles(), 0..4).prop_map(|v| format!("[{}]", v.join(",")))
            ]
            .boxed(),
            "honba" | "riichi_sticks" => prop_oneof![
                (0u32..1003).prop_map(|n| n.to_string()),
                (995u32..1003).prop_map(|n| n.to_string())
            ]
            .boxed(),
            "rules" => quoted(&["tenhou", "majsoul", "wrc", "tenhou-sanma", "house"]),
            "kazoe" => quoted(&["yakuman", "sanbaiman", "none", "bogus"]),
            "renhou_rule" => quoted(&["off", "mangan", "yakuman", "on"]),
            "sanma_tsumo" => quoted(&["loss", "split", "half"]),
            "double_yakuman_hands" | "pao_hands" => q(&[
                "[]",
                "[\"kokushi_13\"]",
                "[\"daisangen\", \"daisuushii\"]",
                "[\"nope\"]",
            ]),
            "red_fives_count" | "double_wind_fu" | "pao" | "discarder" | "nukidora" => small(),
            _ => q(&["true", "false", "null"]),
        }
    }

    /// A key and its value: a request field with a value of its type most of the time,
    /// else any value, or a key that is not a field (or a field written with an escape).
    fn entry() -> BoxedStrategy<(String, String)> {
        prop_oneof![
            6 => (0..FIELD_KEYS.len())
                .prop_flat_map(|i| (Just(FIELD_KEYS[i].to_string()), typed_value(i))),
            2 => (key(), value()),
        ]
        .boxed()
    }

    /// A key: a request field, sometimes written with an escape, or not a field.
    fn key() -> impl Strategy<Value = String> {
        prop_oneof![
            12 => (0..=Field::SanmaTsumo as usize).prop_map(|i| FIELD_KEYS[i].to_string()),
            1 => Just("han\\u0064".to_string()),
            1 => Just("riichii".to_string()),
            1 => Just("Hand".to_string()),
            1 => Just("".to_string()),
        ]
    }

    const FIELD_KEYS: [&str; 37] = ScoreRequest::FIELDS;

    /// A request's JSON text: an object of such keys and values (with `hand` most of
    /// the time), sometimes another JSON value or a broken text.
    fn request_text() -> impl Strategy<Value = String> {
        let object = || {
            (
                proptest::option::weighted(0.9, prop_oneof![3 => typed_value(0), 1 => value()]),
                proptest::collection::vec(entry(), 0..6),
                any::<bool>(),
            )
                .prop_map(|(hand, rest, spaced)| {
                    let sep = if spaced { ", " } else { "," };
                    let mut parts: Vec<String> =
                        hand.map(|h| format!("\"hand\":{h}")).into_iter().collect();
                    parts.extend(rest.into_iter().map(|(k, v)| format!("\"{k}\":{v}")));
                    format!("{{{}}}", parts.join(sep))
                })
                .boxed()
        };
        prop_oneof![
            8 => object(),
            1 => object().prop_map(|o| format!("[{o}]")),
            1 => object().prop_map(|o| format!("{o} x")),
            1 => (object(), any::<proptest::sample::Index>()).prop_map(|(o, i)| {
                let mut b = o.into_bytes();
                let at = i.index(b.len());
                b.truncate(at);
                String::from_utf8_lossy(&b).into_owned()
            }),
            1 => Just("\"hand\"".to_string()),
            1 => Just("[\"123m456p789s11222z\"]".to_string()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        /// The fast path of `from_json` reads a request only when the general reading
        /// gives that same request; `from_json` then answers exactly as the general
        /// reading does (request or error, message and position).
        #[test]
        fn from_json_fast_path_matches_general(text in request_text()) {
            let general = ScoreRequest::from_json_general(&text);
            if let Ok(Strict(fast)) = serde_json::from_str::<Strict>(&text) {
                prop_assert_eq!(Ok(&fast), general.as_ref(), "{}", text);
            }
            let got = ScoreRequest::from_json(&text);
            prop_assert_eq!(
                got.as_ref().map_err(|e| (e.to_string(), e.position())),
                general.as_ref().map_err(|e| (e.to_string(), e.position())),
                "{}", text
            );
        }
    }

    /// The generated texts exercise both paths: a good share is read by the fast path.
    #[test]
    fn generated_requests_take_both_paths() {
        use proptest::strategy::ValueTree;
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let strategy = request_text();
        let fast = (0..2000)
            .filter(|_| {
                let text = strategy.new_tree(&mut runner).unwrap().current();
                serde_json::from_str::<Strict>(&text).is_ok()
            })
            .count();
        assert!(
            (200..1800).contains(&fast),
            "{fast} of 2000 read by the fast path"
        );
    }

    /// Every line of the benchmark hands takes the fast path, to the same request.
    #[test]
    fn benchmark_lines_take_the_fast_path() {
        for line in include_str!("../../benches/data/score_hands.jsonl").lines() {
            let Ok(Strict(fast)) = serde_json::from_str::<Strict>(line) else {
                panic!("not read by the fast path: {line}");
            };
            assert_eq!(fast, ScoreRequest::from_json_general(line).unwrap());
        }
    }
}
