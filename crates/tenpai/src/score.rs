//! Scoring a winning hand: the request (hand and situation) and the answer.
//!
//! The JSON shapes here are a contract (`tenpai score --json`, `tenpai score -`).

use crate::decompose::{decompose, Decomposition, Meld, MeldShape};
use crate::error::Error;
use crate::fu::{self, Fu, FuPart};
use crate::hand::Hand;
use crate::notation::{parse_tile, parse_tiles, parse_written};
use crate::rules::{KazoeCap, RenhouRule, Rules};
use crate::tile::{Tile, Wind};
use crate::yaku::{self, HandFacts, Judgement, Regular, Wait, Yaku};
use serde::{Deserialize, Serialize};

pub use crate::yaku::Situation;

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
    /// The winning tile.
    pub win: String,
    /// Whether the winner is the dealer.
    pub dealer: bool,
    /// Won by tsumo.
    pub tsumo: bool,
    /// The rule preset name.
    pub rules: String,
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

    fn json(&self) -> serde_json::Value {
        let mut m = serde_json::Map::new();
        if let Some(v) = self.ron {
            m.insert("ron".into(), v.into());
        }
        if let Some(v) = self.dealer {
            m.insert("dealer".into(), v.into());
        }
        if let Some(v) = self.non_dealer {
            m.insert("non_dealer".into(), v.into());
        }
        serde_json::Value::Object(m)
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

/// One scored reading.
struct Candidate {
    dec: usize,
    judgement: Judgement,
    fu: Fu,
    han: u32,
    limit: Limit,
    pay: Payment,
    wait: Wait,
    dora: [u32; 3],
}

impl Candidate {
    fn key(&self) -> (u32, u32, u32) {
        (self.pay.total, self.han, self.fu.total)
    }
}

struct Ctx<'a> {
    facts: HandFacts,
    s: &'a Situation,
    rules: &'a Rules,
    dora: [u32; 3],
}

impl Ctx<'_> {
    fn evaluate(&self, dec: usize, judgement: Judgement, fu: Fu, wait: Wait) -> Option<Candidate> {
        let dealer = self.s.is_dealer();
        if !judgement.yakuman.is_empty() {
            let mult = if self.rules.yakuman_stack {
                judgement.yakuman.iter().map(|&(_, m)| m).sum()
            } else {
                judgement.yakuman.iter().map(|&(_, m)| m).max().unwrap_or(1)
            };
            return Some(Candidate {
                dec,
                judgement,
                fu,
                han: 0,
                limit: Limit::Yakuman,
                pay: Payment::new(8000 * mult, dealer, self.s.tsumo),
                wait,
                dora: [0; 3],
            });
        }
        if judgement.yaku.is_empty() {
            return None;
        }
        let han = judgement.han() + self.dora.iter().sum::<u32>();
        let (basic, limit) = basic_points(han, fu.total, self.rules);
        Some(Candidate {
            dec,
            judgement,
            fu,
            han,
            limit,
            pay: Payment::new(basic, dealer, self.s.tsumo),
            wait,
            dora: self.dora,
        })
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
    if hand.size() != 14 || !hand.is_drawn() {
        return Err(invalid(format!(
            "not a complete hand: {} tiles counting each call as 3, a win needs 14",
            hand.size()
        )));
    }
    if !hand.concealed().iter().any(|t| t.kind() == win.kind()) {
        return Err(invalid(format!(
            "winning tile {win} is not in the concealed part of the hand"
        )));
    }
    check_situation(hand, s)?;
    let decs = decompose(hand);
    if decs.is_empty() {
        return Err(invalid("not a complete hand: no reading as 4 melds and a pair, seven pairs or thirteen orphans"));
    }
    let counts = hand.all_counts();
    let riichi = s.riichi || s.double_riichi;
    let count_dora = |inds: &[Tile]| -> u32 {
        inds.iter()
            .map(|i| counts.get(i.dora_from_indicator()) as u32)
            .sum()
    };
    let dora = [
        count_dora(&s.dora),
        if riichi { count_dora(&s.ura) } else { 0 },
        if rules.red_fives {
            hand.red_fives() as u32
        } else {
            0
        },
    ];
    let ctx = Ctx {
        facts: HandFacts {
            counts,
            closed: hand.is_closed(),
            no_calls: hand.calls().is_empty(),
            win: win.kind(),
        },
        s,
        rules,
        dora,
    };
    let w = win.kind();
    let mut best: Option<Candidate> = None;
    let mut consider = |c: Option<Candidate>| {
        if let Some(c) = c {
            if best.as_ref().is_none_or(|b| c.key() > b.key()) {
                best = Some(c);
            }
        }
    };
    for (di, d) in decs.iter().enumerate() {
        match d {
            Decomposition::Regular { pair, melds } => {
                let mut tried: [Option<(MeldShape, Tile)>; 4] = [None; 4];
                let mut options: [(Option<usize>, Wait); 5] = [(None, Wait::Tanki); 5];
                let mut n = 0;
                if *pair == w {
                    options[0] = (None, Wait::Tanki);
                    n = 1;
                }
                for (i, m) in melds.iter().enumerate() {
                    if m.call.is_some() || !m.contains(w) {
                        continue;
                    }
                    let key = Some((m.shape, m.tile));
                    if tried.contains(&key) {
                        continue;
                    }
                    tried[i] = key;
                    let wait = match m.shape {
                        MeldShape::Sequence => seq_wait(m, w),
                        _ => Wait::Shanpon,
                    };
                    options[n] = (Some(i), wait);
                    n += 1;
                }
                for &(win_meld, wait) in &options[..n] {
                    let r = Regular {
                        pair: *pair,
                        melds,
                        win_meld,
                        wait,
                    };
                    let j = yaku::judge_regular(&r, &ctx.facts, s, rules);
                    let pinfu = j.yaku.iter().any(|&(y, _)| y == Yaku::Pinfu);
                    let f = fu::regular(&r, ctx.facts.closed, pinfu, s, rules);
                    consider(ctx.evaluate(di, j, f, wait));
                }
            }
            Decomposition::Chiitoitsu { .. } => {
                let j = yaku::judge_chiitoitsu(&ctx.facts, s, rules);
                consider(ctx.evaluate(di, j, fu::chiitoitsu(), Wait::Tanki));
            }
            Decomposition::Kokushi { pair } => {
                let j = yaku::judge_kokushi(*pair, &ctx.facts, s, rules);
                let wait = if *pair == w {
                    Wait::Kokushi13
                } else {
                    Wait::Tanki
                };
                consider(ctx.evaluate(di, j, Fu::default(), wait));
            }
        }
    }
    let Some(best) = best else {
        return Err(Error::NoYaku);
    };
    Ok(build_result(hand, win, s, rules, &decs[best.dec], best))
}

fn build_result(
    hand: &Hand,
    win: Tile,
    s: &Situation,
    rules: &Rules,
    dec: &Decomposition,
    c: Candidate,
) -> ScoreResult {
    let mut yaku: Vec<YakuHan> = c
        .judgement
        .yaku
        .iter()
        .map(|&(y, han)| YakuHan {
            name: y.name().to_string(),
            han,
        })
        .collect();
    for (y, han) in [Yaku::Dora, Yaku::UraDora, Yaku::AkaDora]
        .into_iter()
        .zip(c.dora)
    {
        if han > 0 {
            yaku.push(YakuHan {
                name: y.name().to_string(),
                han,
            });
        }
    }
    let yakuman = c
        .judgement
        .yakuman
        .iter()
        .map(|&(y, multiplier)| YakumanEntry {
            name: y.name().to_string(),
            multiplier,
        })
        .collect();
    ScoreResult {
        hand: hand.to_string(),
        han: c.han,
        fu: c.fu.total,
        yaku,
        yakuman,
        limit: c.limit.name().to_string(),
        points: c.pay.total,
        payments: c.pay.json(),
        total_received: c.pay.total + 300 * s.honba + 1000 * s.riichi_sticks,
        fu_breakdown: c
            .fu
            .parts
            .iter()
            .map(|p: &FuPart| FuItem {
                reason: p.label(),
                fu: p.fu,
            })
            .collect(),
        decomposition: dec.groups(),
        wait: c.wait.name().to_string(),
        win: win.to_string(),
        dealer: s.is_dealer(),
        tsumo: s.tsumo,
        rules: rules.name.clone(),
    }
}

/// Read a wind: `E`/`S`/`W`/`N` (any case), `east`..., or `1z`..`4z`.
pub fn parse_wind(text: &str) -> Result<Wind, Error> {
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
    let mut out = Vec::new();
    for s in list {
        out.extend(parse_tiles(s).map_err(|e| invalid(format!("bad indicator {s:?}: {e}")))?);
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
    let (hand, written) = parse_written(&req.hand)?;
    let win = match &req.win {
        Some(w) => parse_tile(w).map_err(|e| invalid(format!("bad winning tile {w:?}: {e}")))?,
        None => *written
            .last()
            .ok_or_else(|| invalid("no concealed tile to win on"))?,
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
