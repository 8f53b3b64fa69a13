//! `tenpai score`: the value of a winning hand (yaku, fu, points, payments).

use crate::batch::{Ctx, Failure};
use crate::HandArgs;
use clap::Args;
use std::fmt::Write as _;
use tenpai::score::{score_request, ScoreRequest, ScoreResult};
// The count flags of the request table parse with it.
use crate::nonneg;

/// `ScoreArgs` (the flags of `tenpai score`) and the request they make, built from
/// the library's table of request fields ([`tenpai::score_request_fields!`]).
macro_rules! score_args {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $ty:ty, $kind:ident,
        serde($($serde:tt)*),
        rule($($rule:tt)*),
        cli($($(#[$flag_attr:meta])* $flag:ident: $flag_ty:ty)?),
        values($values:literal);
    )*) => {
        /// Arguments of `tenpai score`.
        #[derive(Args, Debug, Clone)]
        pub struct ScoreArgs {
            #[command(flatten)]
            pub hand: HandArgs,
            $($(
                $(#[$flag_attr])*
                pub $flag: $flag_ty,
            )?)*
        }

        impl ScoreArgs {
            /// The request these flags describe for `hand`.
            pub fn request(&self, hand: &str) -> ScoreRequest {
                ScoreRequest {
                    $($name: from_flag!($kind, self, hand $(, self.$flag)?),)*
                }
            }
        }
    };
}

/// A request field from its flag (or, for the hand, the hand), by the field's kind.
macro_rules! from_flag {
    (hand, $args:ident, $hand:ident) => {
        $hand.to_string()
    };
    (tiles, $args:ident, $hand:ident, $flag:expr) => {
        $flag.iter().cloned().collect::<Vec<_>>()
    };
    (tile, $args:ident, $hand:ident, $flag:expr) => {
        $flag.clone()
    };
    (wind, $args:ident, $hand:ident, $flag:expr) => {
        $flag.clone()
    };
    // `--players 3` asks for the three-player form of the preset.
    (preset, $args:ident, $hand:ident, $flag:expr) => {
        match ($args.hand.players, &$flag) {
            (3, None) => Some("tenhou-sanma".into()),
            (3, Some(r)) if !r.ends_with("-sanma") => Some(format!("{r}-sanma")),
            (_, r) => r.clone(),
        }
    };
    ($kind:ident, $args:ident, $hand:ident, $flag:expr) => {
        $flag
    };
}

tenpai::score_request_fields!(score_args);

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
