//! `tenpai advise`: every discard with its tenpai chance, win chance and expected
//! points within the draws left (see the library's `advise` module for the model).

use crate::batch::{Ctx, Failure};
use crate::HandArgs;
use clap::Args;
use std::fmt::Write as _;
use tenpai::advise::decide::advise_decisions;
use tenpai::advise::offer::{advise_offer, Choice, Discarder, OfferAdvice, OfferOptions};
use tenpai::advise::{Advice, AdviseOptions, DiscardAdvice, RiichiPolicy, SortKey};
use tenpai::rules::Rules;
use tenpai::{Hand, Tile};

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
    /// A tile another player discards, for a 13-tile (3k+1) hand: every option on it
    /// (pass, ron, chi, pon, kan) with its values, best first.
    #[arg(long, value_name = "TILE")]
    pub offer: Option<String>,
    /// Who discarded the offered tile: left (the only seat a chi is called from),
    /// across or right.
    #[arg(
        long = "from",
        value_name = "left|across|right",
        default_value = "left"
    )]
    pub from: String,
    /// The player is furiten: no ron on the offered tile.
    #[arg(long)]
    pub furiten: bool,
    /// Allow kuikae (every preset forbids discarding the called kind, or the other end
    /// of a chi, right after the call).
    #[arg(long)]
    pub kuikae: bool,
    /// Only this option on the offered tile (and pass): chi, pon, kan or ron; an error
    /// says why it is not legal.
    #[arg(long = "call", value_name = "OPTION")]
    pub call: Option<String>,
    /// The discard after a chi or pon, when you have one in mind.
    #[arg(long = "discard", value_name = "TILE")]
    pub discard: Option<String>,
}

/// The options of an offered tile (`--offer` and the flags that go with it), checked
/// once before any hand is read.
pub fn offer_options(args: &AdviseArgs) -> Result<Option<(Tile, OfferOptions)>, String> {
    let tile = |flag: &str, text: &str| -> Result<Tile, String> {
        let v = tenpai::notation::parse_tiles(text).map_err(|e| format!("{flag}: {e}"))?;
        match v.as_slice() {
            [t] => Ok(*t),
            _ => Err(format!("{flag}: {text:?} is not one tile")),
        }
    };
    let Some(offer) = &args.offer else {
        for (given, flag) in [
            (args.from != "left", "--from"),
            (args.furiten, "--furiten"),
            (args.kuikae, "--kuikae"),
            (args.call.is_some(), "--call"),
            (args.discard.is_some(), "--discard"),
        ] {
            if given {
                return Err(format!("{flag} goes with --offer TILE"));
            }
        }
        return Ok(None);
    };
    let offer = tile("--offer", offer)?;
    let from: Discarder = args
        .from
        .parse()
        .map_err(|e: tenpai::Error| e.to_string())?;
    let only = match &args.call {
        Some(c) => Some(c.parse::<Choice>().map_err(|e| e.to_string())?),
        None => None,
    };
    let discard = match &args.discard {
        Some(d) => Some(tile("--discard", d)?),
        None => None,
    };
    Ok(Some((
        offer,
        OfferOptions {
            from,
            furiten: args.furiten,
            kuikae: args.kuikae,
            only,
            discard,
        },
    )))
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

/// Answer one `advise` input (with `offer`: the options on the offered tile).
pub fn answer(
    input: &str,
    ctx: &Ctx,
    o: &AdviseOptions,
    offer: Option<&(Tile, OfferOptions)>,
    out: &mut String,
) -> Result<(), Failure> {
    let hand: Hand = input.parse()?;
    if let Some((tile, oo)) = offer {
        let a = advise_offer(&hand, *tile, oo, o)?;
        if ctx.json {
            let v = serde_json::to_string(&a).map_err(|e| Failure::msg(e.to_string()))?;
            out.push_str(&v);
            return Ok(());
        }
        offer_text(&hand, &a, o, ctx, out);
        if out.ends_with('\n') {
            out.pop();
        }
        return Ok(());
    }
    let a = advise_decisions(&hand, o)?;
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

/// The options on an offered tile as a short table: option, call, discard, the
/// shanten it leaves, tenpai, win, ev; the best first (bold with `--color`).
pub fn offer_text(hand: &Hand, a: &OfferAdvice, o: &AdviseOptions, ctx: &Ctx, out: &mut String) {
    let _ = writeln!(
        out,
        "hand      {}  (offer {} from {}; {} draws, {} change(s), riichi {}{})",
        crate::decompose::hand_text(hand, ctx),
        tile_text(a.offer, ctx),
        a.from.name(),
        a.draws,
        a.changes,
        match a.riichi {
            RiichiPolicy::Auto => "auto",
            RiichiPolicy::Never => "never",
        },
        situation_text(o, ctx)
    );
    let _ = writeln!(
        out,
        "{:<7} {:<8} {:<8} {:>7} {:>7} {:>6} {:>7}",
        "option", "call", "discard", "shanten", "tenpai", "win", "ev"
    );
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    for (i, x) in a.options.iter().enumerate() {
        let call = x.call.map(|c| call_text(&c, ctx)).unwrap_or_default();
        let discard = x.discard.map(|d| tile_text(d, ctx)).unwrap_or_default();
        let line = format!(
            "{:<7} {} {} {:>7} {:>7} {:>6} {:>7.0}",
            x.option.name(),
            crate::style::pad(&call, 8),
            crate::style::pad(&discard, 8),
            x.shanten,
            pct(x.tenpai),
            pct(x.win),
            x.ev
        );
        out.push_str(&crate::style::paint(
            line.trim_end(),
            crate::style::BEST,
            ctx.color && i == 0,
        ));
        out.push('\n');
    }
    let _ = writeln!(out, "best      {}", a.best);
    if a.options.iter().any(|x| x.option == Choice::Kan) {
        let _ = writeln!(
            out,
            "kan: the replacement draw and the new dora indicator priced exactly (one more draw, every indicator)"
        );
    }
}

fn call_text(c: &tenpai::Call, ctx: &Ctx) -> String {
    if ctx.unicode {
        c.tiles().iter().map(|&t| tile_text(t, ctx)).collect()
    } else {
        c.to_string()
    }
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
    // The kans the hand may declare: extra rows, valued with the replacement draw.
    for k in &a.kans {
        let tiles = k
            .call
            .map(|c| {
                c.tiles()
                    .iter()
                    .map(|&t| tile_text(t, ctx))
                    .collect::<String>()
            })
            .unwrap_or_default();
        let tiles = if ctx.unicode {
            tiles
        } else {
            // `5555m`: the digits, then the suit once.
            let suit = tiles.chars().last().map(String::from).unwrap_or_default();
            tiles
                .chars()
                .filter(|c| c.is_ascii_digit())
                .collect::<String>()
                + &suit
        };
        let _ = writeln!(
            out,
            "{} {:>7} {:>6} {:>7} {:>6} {:>7.0}",
            crate::style::pad(&format!("kan {tiles}"), 9),
            k.shanten,
            "",
            pct(k.tenpai),
            pct(k.win),
            k.ev
        );
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
    // Riichi or dama, for a closed hand's tenpai rows: both evs, the better named.
    let choice = match (d.riichi, d.dama, d.declare) {
        (Some(r), Some(m), Some(declare)) => format!(
            "  riichi {:.0} / dama {:.0}: {}",
            r.ev,
            m.ev,
            if declare { "riichi" } else { "dama" }
        ),
        _ => String::new(),
    };
    let _ = writeln!(
        out,
        "{} {:>7} {:>6} {:>7} {:>6} {:>7.0}{choice}",
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
    advise_decisions(hand, &AdviseOptions::default()).ok()
}
