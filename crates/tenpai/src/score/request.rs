//! The scoring request (`tenpai score -` reads one per line) and its typed form.

use super::answer::{score, ScoreResult};
use super::invalid;
use crate::error::Error;
use crate::hand::Hand;
use crate::notation::{parse_tile, parse_tiles_into, parse_written_last};
use crate::rules::{KazoeCap, RenhouRule, Rules};
use crate::tile::{Tile, Wind};
use crate::yaku::Situation;
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
