//! `tenpai safety`: the exact deal-in chance of each tile of my hand against riichi
//! players (see the library's `safety` module for the model).

use crate::batch::{Ctx, Failure};
use crate::HandArgs;
use clap::Args;
use std::fmt::Write as _;
use tenpai::safety::{safety_request, Safety, SafetyRequest};

/// Options of `tenpai safety`.
#[derive(Args, Debug, Clone)]
pub struct SafetyArgs {
    #[command(flatten)]
    pub hand: HandArgs,
    /// The riichi player's discards in order, the riichi tile included, like `19m5z3p`.
    #[arg(long, value_name = "TILES")]
    pub river: Option<String>,
    /// The 0-based index of its riichi tile in `--river` (default: the last).
    #[arg(long = "riichi-at", value_name = "I", value_parser = crate::nonneg::<usize>("--riichi-at"), allow_negative_numbers = true)]
    pub riichi_at: Option<usize>,
    /// Tiles the other players discarded after the riichi (it did not ron them).
    #[arg(long, value_name = "TILES")]
    pub after: Option<String>,
    /// The riichi player's closed kans, like `[1111z]`; with `--open-tenpai`, the
    /// open opponent's calls, like `(555z)(123m)` (closed kans `[1111z]` beside them).
    #[arg(long, value_name = "CALLS")]
    pub calls: Option<String>,
    /// The opponent is not in riichi but marked tenpai with the open hand of
    /// `--calls`: its wins need a yaku (no `--riichi-at`; `--river` its discards).
    #[arg(long = "open-tenpai", conflicts_with = "riichi_at")]
    pub open_tenpai: bool,
    /// Every other visible tile (the other rivers and calls), like `1m5p77z`.
    #[arg(long, value_name = "TILES")]
    pub visible: Option<String>,
    /// Dora indicators, like `3m` (also the number of ura indicators).
    #[arg(long, value_name = "TILES")]
    pub dora: Option<String>,
    /// The round wind, for the riichi player's yakuhai (E, S, W, N; default E).
    #[arg(long, value_name = "W")]
    pub round: Option<String>,
    /// The riichi player's seat wind (E: the dealer, whose wins pay 1.5 times; S, W, N;
    /// default S, a non-dealer).
    #[arg(long, value_name = "W")]
    pub seat: Option<String>,
    /// The rules preset its hands are valued under (tenhou, majsoul, ema, wrc,
    /// mleague; default tenhou).
    #[arg(long, value_name = "P")]
    pub rules: Option<String>,
}

impl SafetyArgs {
    /// The request for a hand given on the command line (or a line of `-`).
    fn request(&self, hand: &str) -> SafetyRequest {
        let s = |o: &Option<String>| o.clone().unwrap_or_default();
        SafetyRequest {
            hand: hand.trim().to_string(),
            river: s(&self.river),
            riichi_at: self.riichi_at,
            after: s(&self.after),
            calls: s(&self.calls),
            seat: self.seat.clone(),
            tenpai: self.open_tenpai,
            opponents: Vec::new(),
            visible: s(&self.visible),
            dora: s(&self.dora),
            round: self.round.clone(),
            rules: self.rules.clone(),
        }
    }
}

/// A JSON request read (a request that cannot be read is a failure without `hand`).
fn read_request(input: &str) -> Result<SafetyRequest, Failure> {
    serde_json::from_str(input).map_err(|e| Failure {
        message: format!("not a safety request: {e}"),
        position: None,
        hand: None,
    })
}

/// Answer one input: a hand (with the flags), or a JSON request (several opponents).
pub fn answer(args: &SafetyArgs, input: &str, ctx: &Ctx, out: &mut String) -> Result<(), Failure> {
    let req: SafetyRequest = if input.trim_start().starts_with('{') {
        read_request(input)?
    } else {
        args.request(input)
    };
    answer_request(&req, ctx, out)
}

/// Answer a JSON request only (`POST /api/safety`).
#[cfg_attr(not(feature = "serve"), allow(dead_code))]
pub fn answer_json(input: &str, ctx: &Ctx, out: &mut String) -> Result<(), Failure> {
    answer_request(&read_request(input)?, ctx, out)
}

fn answer_request(req: &SafetyRequest, ctx: &Ctx, out: &mut String) -> Result<(), Failure> {
    let s = safety_request(req).map_err(|e| Failure {
        message: e.to_string(),
        position: None,
        hand: Some(req.hand.clone()),
    })?;
    if ctx.json {
        match serde_json::to_string(&s) {
            Ok(v) => out.push_str(&v),
            Err(_) => out.push_str("null"),
        }
        return Ok(());
    }
    table(&s, req, ctx, out);
    if out.ends_with('\n') {
        out.pop();
    }
    Ok(())
}

/// The table: one row per tile, safest first.
fn table(s: &Safety, req: &SafetyRequest, ctx: &Ctx, out: &mut String) {
    let opponents = s.tiles.first().map_or(0, |t| t.per_opponent.len());
    let _ = writeln!(
        out,
        "hand      {}  ({}; the chance of dealing in and the expected loss in points, safest first)",
        crate::decompose::hand_text(&s.hand, ctx),
        if opponents == 1 && req.tenpai {
            format!("open tenpai {}, river {}", req.calls, req.river)
        } else if opponents == 1 {
            format!("riichi river {}", req.river)
        } else {
            format!("{opponents} riichi players")
        }
    );
    let mut head = String::from("tile   deal-in     loss");
    if opponents > 1 {
        for i in 0..opponents {
            let _ = write!(head, "   opp {}", i + 1);
        }
    }
    let _ = writeln!(out, "{head}  labels");
    for t in &s.tiles {
        let mut row = format!(
            "{:<4} {:>8} {:>8}",
            crate::style::tile(t.tile, ctx),
            format!("{:.1}%", 100.0 * t.deal_in),
            t.expected_loss
                .map_or("-".to_string(), |l| format!("{l:.0}"))
        );
        if opponents > 1 {
            for o in &t.per_opponent {
                let _ = write!(row, " {:>7}", format!("{:.1}%", 100.0 * o.deal_in));
            }
        }
        let _ = writeln!(out, "{row}  {}", t.labels.join(", "));
    }
}
