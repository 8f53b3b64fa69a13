//! `tenpai score`: the value of a winning hand (yaku, fu, points, payments).

use crate::batch::{Ctx, Failure};
use crate::HandArgs;
use clap::Args;
use std::fmt::Write as _;
use tenpai::rules::{KazoeCap, RenhouRule, SanmaTsumo, YakumanSet};
use tenpai::score::{score_request, ScoreRequest, ScoreResult};

/// Arguments of `tenpai score`.
#[derive(Args, Debug, Clone)]
pub struct ScoreArgs {
    #[command(flatten)]
    pub hand: HandArgs,
    /// The winning tile, which HAND must include among its concealed tiles (default:
    /// the last concealed tile written).
    #[arg(long, value_name = "TILE")]
    pub win: Option<String>,
    /// Won by self-draw (default: ron).
    #[arg(long)]
    pub tsumo: bool,
    /// Riichi declared.
    #[arg(long)]
    pub riichi: bool,
    /// Double riichi declared.
    #[arg(long)]
    pub double_riichi: bool,
    /// Ippatsu (needs riichi).
    #[arg(long)]
    pub ippatsu: bool,
    /// Tsumo on the last wall tile.
    #[arg(long)]
    pub haitei: bool,
    /// Ron on the last discard.
    #[arg(long)]
    pub houtei: bool,
    /// Tsumo on a kan replacement tile.
    #[arg(long)]
    pub rinshan: bool,
    /// Ron on a tile added to a kan.
    #[arg(long)]
    pub chankan: bool,
    /// Dealer's win on the first draw.
    #[arg(long)]
    pub tenhou: bool,
    /// Non-dealer's tsumo on the first draw.
    #[arg(long)]
    pub chiihou: bool,
    /// Non-dealer's ron before the first draw (scored per --renhou-rule).
    #[arg(long)]
    pub renhou: bool,
    /// Round wind.
    #[arg(long, value_name = "E|S|W|N")]
    pub round: Option<String>,
    /// Seat wind (E is the dealer).
    #[arg(long, value_name = "E|S|W|N")]
    pub seat: Option<String>,
    /// Dora indicators, e.g. `3m7z`.
    #[arg(long, value_name = "TILES")]
    pub dora: Option<String>,
    /// Ura dora indicators (need riichi).
    #[arg(long, value_name = "TILES")]
    pub ura: Option<String>,
    /// Honba counters (300 each).
    #[arg(long, default_value_t = 0, value_parser = crate::nonneg::<u32>("--honba"), allow_negative_numbers = true)]
    pub honba: u32,
    /// Riichi sticks on the table (1000 each).
    #[arg(long, default_value_t = 0, value_parser = crate::nonneg::<u32>("--sticks"), allow_negative_numbers = true)]
    pub sticks: u32,
    /// Rule preset (the `-sanma` ones are three-player).
    #[arg(
        long,
        value_name = "tenhou|majsoul|ema|wrc|mleague|tenhou-sanma|majsoul-sanma"
    )]
    pub rules: Option<String>,
    /// Override: open tanyao.
    #[arg(long, value_name = "BOOL")]
    pub open_tanyao: Option<bool>,
    /// Override: red fives count as dora.
    #[arg(long, value_name = "BOOL")]
    pub red_fives: Option<bool>,
    /// Override: the number of red fives in the set: 0, 3 (one per suit) or 4 (one red
    /// 5m, two red 5p, one red 5s; a hand may then hold `00p`).
    #[arg(long, value_name = "0|3|4", value_parser = crate::nonneg::<u8>("--red-fives-count"), allow_negative_numbers = true)]
    pub red_fives_count: Option<u8>,
    /// Override: double yakuman for the double patterns.
    #[arg(long, value_name = "BOOL")]
    pub double_yakuman: Option<bool>,
    /// Override: several yakuman add up.
    #[arg(long, value_name = "BOOL")]
    pub yakuman_stack: Option<bool>,
    /// Override: 13+ han cap.
    #[arg(long, value_name = "yakuman|sanbaiman|none|unlimited")]
    pub kazoe: Option<KazoeCap>,
    /// Override: kiriage mangan.
    #[arg(long, value_name = "BOOL")]
    pub kiriage: Option<bool>,
    /// Override: fu for a double-wind pair.
    #[arg(long, value_name = "2|4", value_parser = crate::nonneg::<u8>("--double-wind-fu"), allow_negative_numbers = true)]
    pub double_wind_fu: Option<u8>,
    /// Override: renhou scoring.
    #[arg(long, value_name = "off|mangan|mangan_fixed|yakuman")]
    pub renhou_rule: Option<RenhouRule>,
    /// Override: an open pinfu-shaped ron is 30 fu (false: 20 fu).
    #[arg(long, value_name = "BOOL")]
    pub fu_for_open_pinfu: Option<bool>,
    /// Override: pinfu tsumo earns the 2 tsumo fu (30 fu; false: 20 fu).
    #[arg(long, value_name = "BOOL")]
    pub fu_for_pinfu_tsumo: Option<bool>,
    /// Override: which double patterns count double under --double-yakuman
    /// (comma-separated: kokushi_13,suuankou_tanki,junsei_chuuren,daisuushii; none).
    #[arg(long, value_name = "LIST")]
    pub double_yakuman_hands: Option<YakumanSet>,
    /// Override: the yakuman liability (pao) applies to (comma-separated names).
    #[arg(long, value_name = "LIST")]
    pub pao_hands: Option<YakumanSet>,
    /// The liable seat (pao), relative to the winner: 1 next, 2 across, 3 previous.
    #[arg(long, value_name = "1|2|3", value_parser = crate::nonneg::<u8>("--pao"), allow_negative_numbers = true)]
    pub pao: Option<u8>,
    /// The seat that dealt in, relative to the winner (needed with --pao on a ron).
    #[arg(long, value_name = "1|2|3", value_parser = crate::nonneg::<u8>("--discarder"), allow_negative_numbers = true)]
    pub discarder: Option<u8>,
    /// Norths extracted (kita), three-player presets only: one han of nukidora each.
    #[arg(long, visible_alias = "kita", value_name = "N", default_value_t = 0, value_parser = crate::nonneg::<u8>("--nukidora"), allow_negative_numbers = true)]
    pub nukidora: u8,
    /// Override (three players): tsumo loss (`loss`, default) or north bisection (`split`).
    #[arg(long, value_name = "loss|split")]
    pub sanma_tsumo: Option<SanmaTsumo>,
}

impl ScoreArgs {
    /// The request these flags describe for `hand`.
    pub fn request(&self, hand: &str) -> ScoreRequest {
        let list = |s: &Option<String>| s.iter().cloned().collect::<Vec<_>>();
        ScoreRequest {
            hand: hand.to_string(),
            win: self.win.clone(),
            tsumo: self.tsumo,
            riichi: self.riichi,
            double_riichi: self.double_riichi,
            ippatsu: self.ippatsu,
            haitei: self.haitei,
            houtei: self.houtei,
            rinshan: self.rinshan,
            chankan: self.chankan,
            tenhou: self.tenhou,
            chiihou: self.chiihou,
            renhou: self.renhou,
            round_wind: self.round.clone(),
            seat_wind: self.seat.clone(),
            dora: list(&self.dora),
            ura: list(&self.ura),
            honba: self.honba,
            riichi_sticks: self.sticks,
            // `--players 3` asks for the three-player form of the preset.
            rules: match (self.hand.players, &self.rules) {
                (3, None) => Some("tenhou-sanma".into()),
                (3, Some(r)) if !r.ends_with("-sanma") => Some(format!("{r}-sanma")),
                (_, r) => r.clone(),
            },
            red_fives: self.red_fives,
            red_fives_count: self.red_fives_count,
            open_tanyao: self.open_tanyao,
            double_yakuman: self.double_yakuman,
            yakuman_stack: self.yakuman_stack,
            kazoe: self.kazoe,
            kiriage: self.kiriage,
            double_wind_fu: self.double_wind_fu,
            renhou_rule: self.renhou_rule,
            fu_for_open_pinfu: self.fu_for_open_pinfu,
            fu_for_pinfu_tsumo: self.fu_for_pinfu_tsumo,
            double_yakuman_hands: self.double_yakuman_hands,
            pao_hands: self.pao_hands,
            pao: self.pao,
            discarder: self.discarder,
            nukidora: self.nukidora,
            sanma_tsumo: self.sanma_tsumo,
        }
    }
}

/// Answer one input: a JSON request (`{"hand": ...}`) or a hand with the flags.
pub fn answer(args: &ScoreArgs, input: &str, ctx: &Ctx, out: &mut String) -> Result<(), Failure> {
    let req: ScoreRequest = if input.trim_start().starts_with('{') {
        // A request that cannot be read reports the whole line as `hand` (positions
        // count in it); errors in a readable request report its hand.
        ScoreRequest::from_json(input).map_err(|e| Failure {
            message: e.to_string(),
            position: e.position(),
            hand: None,
        })?
    } else {
        args.request(input)
    };
    let result = score_request(&req).map_err(|e| Failure {
        message: e.to_string(),
        position: e.position(),
        hand: Some(req.hand.clone()),
    })?;
    if ctx.json {
        // Written straight from the answer (the same text as through a `Value`).
        match serde_json::to_string(&result) {
            Ok(v) => out.push_str(&v),
            Err(_) => out.push_str("null"),
        }
    } else if ctx.unicode {
        let _ = write!(out, "{}", result.unicode());
    } else {
        let text = result.to_string();
        // Red fives in red (`--color`): the hand is the first line's first word after
        // its label, where a `0` is only ever a red five.
        match (ctx.color, text.split_once('\n')) {
            (true, Some((first, rest))) => {
                let (label, tail) =
                    first.split_at(first.find(|c: char| c.is_ascii_digit()).unwrap_or(0));
                let (hand, after) = tail.split_at(tail.find("  (").unwrap_or(tail.len()));
                let _ = write!(
                    out,
                    "{label}{}{after}\n{rest}",
                    crate::style::red_fives(hand, true)
                );
            }
            _ => out.push_str(&text),
        }
    }
    Ok(())
}

/// Variants of the default situation tried by the summary, as (label, request change).
type Variant = (&'static str, fn(&mut ScoreRequest));

const VARIANTS: [Variant; 9] = [
    ("tsumo", |r| r.tsumo = true),
    ("riichi", |r| r.riichi = true),
    ("non-dealer (seat S)", |r| r.seat_wind = Some("S".into())),
    ("South round", |r| r.round_wind = Some("S".into())),
    ("rules majsoul", |r| r.rules = Some("majsoul".into())),
    ("double-wind pair 2 fu", |r| r.double_wind_fu = Some(2)),
    ("kiriage", |r| r.kiriage = Some(true)),
    ("no open tanyao", |r| r.open_tanyao = Some(false)),
    ("no red fives", |r| r.red_fives = Some(false)),
];

fn outcome(r: &Result<ScoreResult, tenpai::Error>) -> String {
    match r {
        Ok(r) => r.value_line(),
        Err(e) => e.to_string(),
    }
}

/// The score block of `tenpai HAND` for a complete hand: its score as ron with default
/// winds (East round, East seat, winning tile = last tile written), then each option
/// that changes it. Text lines, and the same as JSON.
pub fn summary_block(input: &str) -> (String, serde_json::Value) {
    let base_req = ScoreRequest {
        hand: input.to_string(),
        ..ScoreRequest::default()
    };
    let base = score_request(&base_req);
    let mut text = String::new();
    let _ = write!(
        text,
        "score     as ron, East round, East seat (dealer), winning on the last tile written:\n  {}",
        outcome(&base)
    );
    if let Ok(r) = &base {
        let names: Vec<String> = r
            .yakuman
            .iter()
            .map(|y| y.name.to_string())
            .chain(r.yaku.iter().map(|y| format!("{} {}", y.name, y.han)))
            .collect();
        let _ = write!(text, "\n  yaku: {}", names.join(", "));
    }
    let mut changes = Vec::new();
    for (label, change) in VARIANTS {
        let mut req = base_req.clone();
        change(&mut req);
        let alt = score_request(&req);
        let differs = match (&base, &alt) {
            (Ok(a), Ok(b)) => a.points != b.points || a.han != b.han || a.fu != b.fu,
            // An option the hand cannot take (e.g. riichi on an open hand) changes
            // nothing; neither does one error for another.
            (_, Err(_)) => false,
            (Err(_), Ok(_)) => true,
        };
        if differs {
            let _ = write!(text, "\n  with {label}: {}", outcome(&alt));
            changes.push(serde_json::json!({
                "option": label,
                "result": match &alt {
                    Ok(r) => serde_json::to_value(r).unwrap_or_default(),
                    Err(e) => serde_json::json!({"error": e.to_string()}),
                },
            }));
        }
    }
    if changes.is_empty() {
        let tried: Vec<&str> = VARIANTS.iter().map(|(l, _)| *l).collect();
        let _ = write!(
            text,
            "\n  no single option changes it (tried: {})",
            tried.join(", ")
        );
    }
    let json = serde_json::json!({
        "ron_default": match &base {
            Ok(r) => serde_json::to_value(r).unwrap_or_default(),
            Err(e) => serde_json::json!({"error": e.to_string()}),
        },
        "changed_by": changes,
    });
    (text, json)
}
