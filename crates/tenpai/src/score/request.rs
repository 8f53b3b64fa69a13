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
