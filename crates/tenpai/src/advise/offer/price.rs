//! The prices of the options that are not a discard table: the open kan (an
//! expectation over the new dora indicator) and the ron (its points, with the ura
//! dora expectation under riichi).

use super::super::pool::{count_tiles, kind_of, outside, pool, TYPES};
use super::super::{advise, AdviseOptions, HandValue, PerDraw, RiichiPolicy};
use super::{invalid, value_option, Choice, OfferOption};
use crate::error::Error;
use crate::hand::{Call, Hand};
use crate::score::{score, Situation};
use crate::tile::{Tile, KINDS};
use rayon::prelude::*;
use std::collections::HashMap;

/// The open kan: the exact expectation over the new indicator of the called hand's
/// values with one more draw (the replacement tile).
pub(crate) fn kan_option(
    h: &Hand,
    call: Call,
    opts: &AdviseOptions,
) -> Result<(OfferOption, usize), Error> {
    let draws = (opts.draws + 1).min(super::super::MAX_DRAWS);
    let conc = count_tiles(h.concealed());
    let called = count_tiles(h.calls().iter().flat_map(|c| c.tiles()));
    let mut out = outside(&conc, &called, &opts.visible, &opts.dora)?;
    if opts.rules.is_sanma() {
        for kind in out.iter_mut().take(8).skip(1) {
            *kind = 4;
        }
    }
    let p = pool(&conc, &out);
    let size: u32 = p.iter().map(|&x| x as u32).sum();
    let indicators: Vec<(Option<usize>, f64)> = if opts.dora.len() >= 5 || size == 0 {
        vec![(None, 1.0)]
    } else {
        (0..TYPES)
            .filter(|&t| p[t] > 0)
            .map(|t| (Some(t), p[t] as f64 / size as f64))
            .collect()
    };
    let runs: Vec<Result<(super::super::Advice, f64), Error>> = indicators
        .par_iter()
        .map(|&(t, w)| {
            let mut o = AdviseOptions {
                draws,
                ..opts.clone()
            };
            if let Some(t) = t {
                o.dora
                    .push(Tile::from_id(t as u8).unwrap_or(Tile::new(kind_of(t) as u8)));
            }
            Ok((advise(h, &o)?, w))
        })
        .collect();
    let mut v = HandValue {
        tenpai: 0.0,
        win: 0.0,
        ev: 0.0,
        per_draw: PerDraw {
            tenpai: vec![0.0; draws as usize],
            win: vec![0.0; draws as usize],
            ev: vec![0.0; draws as usize],
        },
    };
    let mut states = 0;
    let mut changes = opts.changes;
    let mut shanten = 0;
    for r in runs {
        let (a, w) = r?;
        states += a.states;
        changes = changes.min(a.changes);
        shanten = a.shanten;
        let x = a
            .value
            .ok_or_else(|| invalid("internal: no value for the kan hand"))?;
        v.tenpai += w * x.tenpai;
        v.win += w * x.win;
        v.ev += w * x.ev;
        for i in 0..draws as usize {
            v.per_draw.tenpai[i] += w * x.per_draw.tenpai[i];
            v.per_draw.win[i] += w * x.per_draw.win[i];
            v.per_draw.ev[i] += w * x.per_draw.ev[i];
        }
    }
    Ok((
        value_option(Choice::Kan, Some(call), shanten, v, changes),
        states,
    ))
}

/// Ron on `offer`: the option, or why there is none.
pub(super) fn ron(
    hand: &Hand,
    offer: Tile,
    visible: &[Tile],
    opts: &AdviseOptions,
) -> Result<OfferOption, String> {
    let won = hand.with_tile(offer).map_err(|e| e.to_string())?;
    let sh = if opts.rules.is_sanma() {
        crate::sanma::shanten(&won).map_err(|e| e.to_string())?
    } else {
        crate::shanten::shanten(&won)
    };
    if sh.value() != -1 {
        return Err(format!("no ron: {hand} and {offer} are not complete"));
    }
    let riichi = opts.riichi == RiichiPolicy::Auto && hand.is_closed();
    let s = Situation {
        tsumo: false,
        riichi,
        round_wind: opts.round_wind,
        seat_wind: opts.seat_wind,
        dora: opts.dora.clone(),
        ..Situation::default()
    };
    let base = match score(&won, offer, &s, &opts.rules) {
        Ok(r) => r.points,
        Err(Error::NoYaku) => return Err(format!("no ron: {won} has no yaku on {offer}")),
        Err(e) => return Err(e.to_string()),
    };
    let ev = if riichi && !opts.dora.is_empty() {
        ura_expectation(&won, offer, &s, visible, opts).map_err(|e| e.to_string())?
    } else {
        base as f64
    };
    Ok(OfferOption {
        option: Choice::Ron,
        call: None,
        discard: None,
        shanten: -1,
        tenpai: 1.0,
        win: 1.0,
        ev,
        points: Some(base),
        per_draw: None,
        changes: None,
        discards: Vec::new(),
    })
}

/// The expected points of a riichi ron with one ura indicator per dora indicator,
/// drawn without replacement from the tiles unseen (four per kind less the hand, its
/// calls, the visible tiles and the indicators): indicator kinds grouped by the ura
/// each gives, every outcome scored.
fn ura_expectation(
    won: &Hand,
    win: Tile,
    s: &Situation,
    visible: &[Tile],
    opts: &AdviseOptions,
) -> Result<f64, Error> {
    let sanma = opts.rules.is_sanma();
    let mut seen = [0u8; KINDS];
    for t in won
        .all_tiles()
        .chain(visible.iter().copied())
        .chain(opts.dora.iter().copied())
    {
        seen[t.index()] += 1;
    }
    let mut held = [0u8; KINDS];
    for t in won.all_tiles() {
        held[t.index()] += 1;
    }
    // Per ura gain: the copies unseen, and per indicator kind giving it its copies.
    let mut groups: Vec<(u32, Vec<(Tile, u32)>)> = Vec::new();
    let mut by_gain: HashMap<u8, usize> = HashMap::new();
    for (k, &seen) in seen.iter().enumerate() {
        let t = Tile::new(k as u8);
        if sanma && !crate::sanma::in_game(t) {
            continue;
        }
        let left = 4u32.saturating_sub(seen as u32);
        if left == 0 {
            continue;
        }
        let dora = if sanma {
            crate::sanma::dora_from_indicator(t)
        } else {
            t.dora_from_indicator()
        };
        let gain = held[dora.index()];
        match by_gain.get(&gain) {
            Some(&i) => {
                groups[i].0 += left;
                groups[i].1.push((t, left));
            }
            None => {
                by_gain.insert(gain, groups.len());
                groups.push((left, vec![(t, left)]));
            }
        }
    }
    let mut cache: HashMap<Vec<Tile>, f64> = HashMap::new();
    let mut total = 0.0;
    let mut inds = Vec::new();
    ura_walk(
        won,
        win,
        s,
        opts,
        &mut groups,
        opts.dora.len(),
        1.0,
        &mut inds,
        &mut cache,
        &mut total,
    )?;
    Ok(total)
}

#[allow(clippy::too_many_arguments)]
fn ura_walk(
    won: &Hand,
    win: Tile,
    s: &Situation,
    opts: &AdviseOptions,
    groups: &mut [(u32, Vec<(Tile, u32)>)],
    draws: usize,
    p: f64,
    inds: &mut Vec<Tile>,
    cache: &mut HashMap<Vec<Tile>, f64>,
    total: &mut f64,
) -> Result<(), Error> {
    let size: u32 = groups.iter().map(|g| g.0).sum();
    if draws == 0 || size == 0 {
        let mut key = inds.clone();
        key.sort_by_key(|t| t.id());
        let pts = match cache.get(&key) {
            Some(&v) => v,
            None => {
                let mut s = s.clone();
                s.ura = key.clone();
                let v = score(won, win, &s, &opts.rules)?.points as f64;
                cache.insert(key, v);
                v
            }
        };
        *total += p * pts;
        return Ok(());
    }
    for i in 0..groups.len() {
        if groups[i].0 == 0 {
            continue;
        }
        let q = p * groups[i].0 as f64 / size as f64;
        // Any copy of the group gives the same ura: one still unseen stands for it.
        let Some(j) = groups[i].1.iter().position(|x| x.1 > 0) else {
            continue;
        };
        groups[i].0 -= 1;
        groups[i].1[j].1 -= 1;
        inds.push(groups[i].1[j].0);
        ura_walk(won, win, s, opts, groups, draws - 1, q, inds, cache, total)?;
        groups[i].1[j].1 += 1;
        inds.pop();
        groups[i].0 += 1;
    }
    Ok(())
}
