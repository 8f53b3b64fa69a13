//! `tenpai advise`: every discard with its tenpai chance, win chance and expected
//! points within the draws left (see the library's `advise` module for the model).

use crate::batch::{Ctx, Failure};
use crate::HandArgs;
use clap::Args;
use std::fmt::Write as _;
use tenpai::advise::{advise, Advice, AdviseOptions, DiscardAdvice, RiichiPolicy, SortKey};
use tenpai::rules::Rules;
use tenpai::Hand;

/// Options of `tenpai advise`.
#[derive(Args, Debug, Clone)]
pub struct AdviseArgs {
    #[command(flatten)]
    pub hand: HandArgs,
    /// Draws left.
    #[arg(long, value_name = "N", default_value_t = 17, value_parser = crate::nonneg::<u32>("--draws"), allow_negative_numbers = true)]
    pub draws: u32,
    /// Spare exchanges: the player may keep a hand g only if
    /// new(g) + shanten(g) <= shanten(hand given) + K, where new(g) counts the tiles of g
    /// the hand given does not hold (0: shortest paths only; 1: one sideways or backward
    /// exchange anywhere; at most 2).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = crate::nonneg::<u32>("--changes"), allow_negative_numbers = true)]
    pub changes: u32,
    /// Riichi policy: `auto` declares at the first tenpai of a closed hand, `never`.
    #[arg(long, value_name = "auto|never", default_value = "auto")]
    pub riichi: String,
    /// Tiles seen elsewhere (discards, others' calls), like `1m5p77z`; not the dora indicators.
    #[arg(long, value_name = "TILES")]
    pub visible: Option<String>,
    /// Dora indicators, like `3m` (they also leave the pool).
    #[arg(long, value_name = "TILES")]
    pub dora: Option<String>,
    /// Round wind (E, S, W, N).
    #[arg(long = "round", value_name = "W", default_value = "E")]
    pub round_wind: String,
    /// Seat wind (E is the dealer).
    #[arg(long = "seat", value_name = "W", default_value = "E")]
    pub seat_wind: String,
    /// Rule preset (tenhou, majsoul).
    #[arg(long, value_name = "P", default_value = "tenhou")]
    pub rules: String,
    /// Order of the discards: ev, win, tenpai or ukeire.
    #[arg(long, value_name = "KEY", default_value = "ev")]
    pub sort: String,
}

/// The options, checked once before any hand is read.
pub fn options(args: &AdviseArgs) -> Result<AdviseOptions, String> {
    let tiles = |flag: &str, text: &Option<String>| match text {
        Some(t) => tenpai::notation::parse_tiles(t).map_err(|e| format!("{flag}: {e}")),
        None => Ok(Vec::new()),
    };
    let riichi = match args.riichi.as_str() {
        "auto" => RiichiPolicy::Auto,
        "never" => RiichiPolicy::Never,
        other => return Err(format!("--riichi: {other:?} is not auto or never")),
    };
    let sort = match args.sort.as_str() {
        "ev" => SortKey::Ev,
        "win" => SortKey::Win,
        "tenpai" => SortKey::Tenpai,
        "ukeire" => SortKey::Ukeire,
        other => {
            return Err(format!(
                "--sort: {other:?} is not ev, win, tenpai or ukeire"
            ))
        }
    };
    let wind =
        |flag: &str, w: &str| tenpai::score::parse_wind(w).map_err(|e| format!("{flag}: {e}"));
    Ok(AdviseOptions {
        draws: args.draws,
        changes: args.changes,
        riichi,
        visible: tiles("--visible", &args.visible)?,
        dora: tiles("--dora", &args.dora)?,
        round_wind: wind("--round", &args.round_wind)?,
        seat_wind: wind("--seat", &args.seat_wind)?,
        // `--players 3` asks for the three-player form of the preset.
        rules: {
            let name = if args.hand.players == 3 && !args.rules.ends_with("-sanma") {
                format!("{}-sanma", args.rules)
            } else {
                args.rules.clone()
            };
            Rules::preset(&name).ok_or_else(|| {
                format!(
                    "--rules: unknown preset {name:?} ({})",
                    Rules::PRESETS.join(", ")
                )
            })?
        },
        sort,
        ..AdviseOptions::default()
    })
}

/// Answer one `advise` input.
pub fn answer(input: &str, ctx: &Ctx, o: &AdviseOptions, out: &mut String) -> Result<(), Failure> {
    let hand: Hand = input.parse()?;
    let a = advise(&hand, o)?;
    if ctx.json {
        let v = serde_json::to_string(&a).map_err(|e| Failure::msg(e.to_string()))?;
        out.push_str(&v);
        return Ok(());
    }
    let _ = writeln!(
        out,
        "hand      {}  ({}; {} draws, {}, riichi {}, pool {}{})",
        crate::decompose::hand_text(&hand, ctx),
        shanten_word(a.shanten),
        a.draws,
        budget_text(&a),
        match a.riichi {
            RiichiPolicy::Auto => "auto",
            RiichiPolicy::Never => "never",
        },
        a.pool,
        situation_text(o, ctx)
    );
    table(&a, ctx, out);
    if out.ends_with('\n') {
        out.pop();
    }
    Ok(())
}

/// What the options changed from the defaults, for the header (`; dora 2z, seat S`):
/// the text shows every flag given.
fn situation_text(o: &AdviseOptions, ctx: &Ctx) -> String {
    let mut parts = Vec::new();
    let tiles = |v: &[tenpai::Tile]| {
        v.iter()
            .map(|&t| crate::style::tile(t, ctx))
            .collect::<String>()
    };
    if !o.dora.is_empty() {
        parts.push(format!("dora indicators {}", tiles(&o.dora)));
    }
    if !o.visible.is_empty() {
        parts.push(format!("{} seen", tiles(&o.visible)));
    }
    if o.round_wind != tenpai::Wind::East {
        parts.push(format!("round {}", o.round_wind.letter()));
    }
    if o.seat_wind != tenpai::Wind::East {
        parts.push(format!("seat {}", o.seat_wind.letter()));
    }
    if o.rules.name != "tenhou" {
        parts.push(format!("rules {}", o.rules.name));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("; {}", parts.join(", "))
    }
}

/// The change budget as the text says it: `1 change(s)`, or the one used when the
/// one asked for needed too many hands.
pub fn budget_text(a: &Advice) -> String {
    if a.changes == a.changes_requested {
        format!("{} change(s)", a.changes)
    } else {
        format!(
            "{} change(s) (--changes {} needs more than {} hands)",
            a.changes,
            a.changes_requested,
            tenpai::advise::MAX_STATES
        )
    }
}

fn shanten_word(s: i8) -> String {
    match s {
        -1 => "complete".into(),
        0 => "tenpai".into(),
        n => format!("{n}-shanten"),
    }
}

fn tile_text(t: tenpai::Tile, ctx: &Ctx) -> String {
    crate::style::tile(t, ctx)
}

/// The table: one row per discard (or the hand's own values for 3k+1).
pub fn table(a: &Advice, ctx: &Ctx, out: &mut String) {
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    if let Some(v) = &a.value {
        let _ = writeln!(
            out,
            "value     tenpai {}  win {}  ev {:.0}",
            pct(v.tenpai),
            pct(v.win),
            v.ev
        );
        return;
    }
    let _ = writeln!(
        out,
        "{:<9} {:>7} {:>6} {:>7} {:>6} {:>7}",
        "discard", "shanten", "ukeire", "tenpai", "win", "ev"
    );
    let best = a.discards.first().map(|d| (d.tenpai, d.win, d.ev));
    for d in &a.discards {
        // The best discards (the first row's values) in bold with `--color`.
        let is_best = best == Some((d.tenpai, d.win, d.ev));
        let mut line = String::new();
        row(d, ctx, &mut line, &pct, a.changes);
        let line = line.trim_end_matches('\n');
        out.push_str(&crate::style::paint(
            line,
            crate::style::BEST,
            ctx.color && is_best,
        ));
        out.push('\n');
    }
    if a.discards.iter().any(|d| d.changes != a.changes) {
        let _ = writeln!(
            out,
            "* raises the shanten: valued with {} change(s), the least that lets the player keep the hand it leaves",
            a.changes + 1
        );
    }
}

fn row(d: &DiscardAdvice, ctx: &Ctx, out: &mut String, pct: &dyn Fn(f64) -> String, k: u32) {
    let mark = if d.changes != k { "*" } else { "" };
    let _ = writeln!(
        out,
        "{} {:>7} {:>6} {:>7} {:>6} {:>7.0}",
        crate::style::pad(&format!("{}{mark}", tile_text(d.discard, ctx)), 9),
        d.shanten,
        d.ukeire_count,
        pct(d.tenpai),
        pct(d.win),
        d.ev
    );
}

/// The summary's advice for a 14-tile hand from tenpai to 3-shanten: `tenpai advise`
/// with its defaults; `None` for other hands.
pub fn summary(hand: &Hand) -> Option<Advice> {
    let s = tenpai::shanten::shanten(hand).value();
    if !hand.is_drawn() || !(0..=3).contains(&s) {
        return None;
    }
    advise(hand, &AdviseOptions::default()).ok()
}
