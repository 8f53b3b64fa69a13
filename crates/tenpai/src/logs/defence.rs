//! The defence model ([`crate::safety`]) on game logs: every tile discarded while a riichi stood gets
//! the model's chance (from the discarder's view), and the chances are compared with
//! what happened (did the riichi player ron it?) and with the label-table method.
//!
//! The label table is mahjong-helper's (EndlessCheng/mahjong-helper, `util/risk_data.go`
//! at commit 110665c, MIT): deal-in rates in percent measured on Tenhou games, per
//! turn of the riichi player (1 to 19) and per tile type (no-suji 5, 4/6, 3/7, 2/8,
//! 1/9, half-suji, suji, double suji, honors by copies left and yakuhai or not); a
//! genbutsu is 0. Only its numbers are used here (data, cited), not its code.

use crate::logs::events::{Event, RoundLog, RoundState};
use crate::logs::MeldType;
use crate::safety::{Model, Opponent};
use crate::tile::{Tile, KINDS};

/// mahjong-helper's tile types, in its table's column order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TableType {
    NoSuji5 = 0,
    NoSuji46,
    NoSuji37,
    NoSuji28,
    NoSuji19,
    HalfSuji5,
    /// 4 with 1 seen, 6 with 9 seen (the outer side).
    HalfSuji46Outer,
    /// 4 with 7 seen, 6 with 3 seen.
    HalfSuji46Inner,
    Suji37,
    Suji28,
    Suji19,
    DoubleSuji5,
    DoubleSuji46,
    YakuhaiLeft3,
    YakuhaiLeft2,
    YakuhaiLeft1,
    OtherHonorLeft3,
    OtherHonorLeft2,
    OtherHonorLeft1,
}

/// Deal-in rates in percent, `[turn][type]` (row 0 unused; -1: no data, taken as 0).
#[rustfmt::skip]
const RISK: [[f64; 19]; 20] = [
    [0.0; 19],
    [5.7, 5.7, 5.8, 4.7, 3.4, 2.5, 2.5, 3.1, 5.6, 3.8, 1.8, -1.0, -1.0, 2.1, 1.2, 0.5, 2.4, 1.4, 1.2],
    [6.6, 6.9, 6.3, 5.2, 4.0, 3.5, 3.5, 4.1, 5.3, 3.5, 1.9, 0.8, 2.6, 2.3, 1.2, 0.5, 2.7, 1.3, 0.4],
    [7.7, 8.0, 6.7, 5.8, 4.6, 4.3, 4.1, 4.9, 5.2, 3.6, 1.8, 1.6, 2.0, 2.4, 1.2, 0.3, 2.6, 1.2, 0.3],
    [8.5, 8.9, 7.1, 6.2, 5.1, 4.8, 4.7, 5.6, 5.2, 3.8, 1.7, 1.6, 2.0, 2.6, 1.1, 0.2, 2.6, 1.2, 0.2],
    [9.4, 9.7, 7.5, 6.7, 5.5, 5.3, 5.1, 6.0, 5.3, 3.7, 1.7, 1.7, 2.0, 2.9, 1.2, 0.2, 2.8, 1.2, 0.2],
    [10.2, 10.5, 7.9, 7.1, 5.9, 5.8, 5.6, 6.4, 5.2, 3.7, 1.7, 1.8, 2.0, 3.2, 1.3, 0.2, 2.9, 1.3, 0.2],
    [11.0, 11.3, 8.4, 7.5, 6.3, 6.3, 6.1, 6.8, 5.3, 3.7, 1.7, 2.0, 2.1, 3.6, 1.4, 0.2, 3.2, 1.4, 0.2],
    [11.9, 12.2, 8.9, 8.0, 6.8, 6.9, 6.6, 7.4, 5.3, 3.8, 1.7, 2.1, 2.2, 4.0, 1.6, 0.2, 3.5, 1.6, 0.2],
    [12.8, 13.1, 9.5, 8.6, 7.4, 7.4, 7.2, 7.9, 5.5, 3.9, 1.8, 2.2, 2.3, 4.6, 1.9, 0.3, 4.0, 1.8, 0.2],
    [13.8, 14.1, 10.1, 9.2, 8.0, 8.0, 7.8, 8.5, 5.6, 4.0, 1.9, 2.4, 2.4, 5.3, 2.2, 0.3, 4.6, 2.1, 0.3],
    [14.9, 15.1, 10.8, 9.9, 8.7, 8.7, 8.5, 9.2, 5.7, 4.2, 2.0, 2.5, 2.6, 6.0, 2.6, 0.4, 5.1, 2.5, 0.3],
    [16.0, 16.3, 11.6, 10.6, 9.4, 9.4, 9.2, 9.9, 6.0, 4.4, 2.2, 2.7, 2.7, 6.8, 3.1, 0.4, 5.1, 2.5, 0.3],
    [17.2, 17.5, 12.4, 11.4, 10.2, 10.2, 10.0, 10.6, 6.2, 4.6, 2.4, 3.0, 3.0, 7.8, 3.7, 0.5, 6.6, 3.7, 0.5],
    [18.5, 18.8, 13.3, 12.3, 11.1, 11.0, 10.9, 11.4, 6.6, 4.9, 2.7, 3.2, 3.1, 8.8, 4.4, 0.7, 7.4, 4.4, 0.6],
    [19.9, 20.1, 14.3, 13.3, 12.0, 11.9, 11.8, 12.3, 7.0, 5.3, 3.0, 3.4, 3.4, 9.9, 5.2, 0.8, 8.4, 5.3, 0.8],
    [21.3, 21.7, 15.4, 14.3, 13.1, 12.9, 12.8, 13.3, 7.4, 5.7, 3.3, 3.7, 3.6, 11.2, 6.2, 1.0, 9.4, 6.5, 0.9],
    [22.9, 23.2, 16.6, 15.4, 14.2, 14.0, 13.8, 14.4, 8.0, 6.1, 3.6, 3.9, 3.9, 12.4, 7.3, 1.3, 10.5, 7.7, 1.2],
    [24.7, 24.9, 17.9, 16.7, 15.4, 15.2, 15.0, 15.6, 8.5, 6.6, 4.0, 4.3, 4.2, 13.9, 8.5, 1.7, 11.8, 9.4, 1.6],
    [27.5, 27.8, 20.4, 19.1, 17.8, 17.5, 17.5, 17.5, 9.8, 7.4, 5.0, 5.1, 5.1, 18.1, 12.1, 2.8, 14.7, 12.6, 2.1],
];

/// The label-table chance of `tile` (a probability), for a riichi player at `turn`
/// (its discards so far) whose genbutsu are `safe` (bit per kind), with `left`
/// copies unseen by the discarder and `yakuhai` for an honor that is a value tile to
/// the riichi player.
pub fn table_chance(tile: Tile, turn: usize, safe: u64, left: u8, yakuhai: bool) -> f64 {
    let k = tile.kind().index();
    if safe & (1 << k) != 0 {
        return 0.0;
    }
    let ty = if tile.is_honor() {
        match (yakuhai, left) {
            (_, 0) => return 0.0,
            (true, 1) => TableType::YakuhaiLeft1,
            (true, 2) => TableType::YakuhaiLeft2,
            (true, 3) => TableType::YakuhaiLeft3,
            (false, 1) => TableType::OtherHonorLeft1,
            (false, 2) => TableType::OtherHonorLeft2,
            _ => TableType::OtherHonorLeft3,
        }
    } else {
        let n = tile.number();
        let has = |kind: usize| safe & (1 << kind) != 0;
        match n {
            1 | 9 if has(if n == 1 { k + 3 } else { k - 3 }) => TableType::Suji19,
            1 | 9 => TableType::NoSuji19,
            2 | 8 if has(if n == 2 { k + 3 } else { k - 3 }) => TableType::Suji28,
            2 | 8 => TableType::NoSuji28,
            3 | 7 if has(if n == 3 { k + 3 } else { k - 3 }) => TableType::Suji37,
            3 | 7 => TableType::NoSuji37,
            _ => {
                let (low, high) = (has(k - 3), has(k + 3));
                // The outer side: 1 for a 4, 9 for a 6.
                let outer = if n == 4 { low } else { high };
                match (n, low, high) {
                    (5, true, true) => TableType::DoubleSuji5,
                    (5, false, false) => TableType::NoSuji5,
                    (5, _, _) => TableType::HalfSuji5,
                    (_, true, true) => TableType::DoubleSuji46,
                    (_, false, false) => TableType::NoSuji46,
                    _ if outer => TableType::HalfSuji46Outer,
                    _ => TableType::HalfSuji46Inner,
                }
            }
        }
    };
    let row = turn.clamp(1, 19);
    RISK[row][ty as usize].max(0.0) / 100.0
}

/// One tile discarded while a riichi stood, against that riichi player.
#[derive(Debug, Clone, PartialEq)]
pub struct RiichiDiscard {
    /// The model's chance that the tile is one of the riichi hand's waits.
    pub chance: f64,
    /// The label table's deal-in rate for it.
    pub table: f64,
    /// Whether the riichi player won on it (ron).
    pub dealt_in: bool,
    /// Its class, the first of: `genbutsu`, `honor`, `suji`, `half-suji`,
    /// `no-chance`, `one-chance`, `other`.
    pub class: &'static str,
    /// The riichi player's discards when the tile was discarded.
    pub turn: usize,
}

/// What a round's riichi discards could not be evaluated for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Skipped {
    /// The table state did not allow a pool (more than four copies seen).
    pub inconsistent: usize,
    /// No tenpai hand fits the model (every wait furiten or needing a fifth copy).
    pub no_hand: usize,
}

/// Every tile discarded while a riichi stood in `round`, with the model's chance,
/// the label table's rate and what happened; `players` 3 leaves 2m-8m out of the
/// pool (they are not in a three-player game).
pub fn riichi_discards(round: &RoundLog, players: u8) -> (Vec<RiichiDiscard>, Skipped) {
    let mut out = Vec::new();
    let mut skipped = Skipped::default();
    let mut state = RoundState::new(round);
    // Per seat: tiles others discarded after its riichi (it did not ron them).
    let mut after: [Vec<Tile>; 4] = Default::default();
    let round_wind = Tile::new(27 + (round.round / 4) % 4);
    for (i, e) in round.events.iter().enumerate() {
        if let Event::Discard { who, tile, .. } = *e {
            let s = usize::from(who) % 4;
            #[allow(clippy::needless_range_loop)] // r: the riichi seat, indexes the state too
            for r in 0..4 {
                if r == s || !state.rivers[r].iter().any(|t| t.riichi) {
                    continue;
                }
                let dealt_in = round.events[i + 1..]
                    .iter()
                    .take_while(|e| matches!(e, Event::Win { .. }))
                    .any(|e| matches!(e, Event::Win { winner, from } if usize::from(*winner) % 4 == r && usize::from(*from) % 4 == s));
                match evaluate(&state, s, r, tile, &after[r], players, round, round_wind) {
                    Ok(Some(mut d)) => {
                        d.dealt_in = dealt_in;
                        out.push(d);
                    }
                    Ok(None) => skipped.no_hand += 1,
                    Err(()) => skipped.inconsistent += 1,
                }
                if !dealt_in {
                    after[r].push(tile);
                }
            }
        }
        state.apply(e);
    }
    (out, skipped)
}

/// The model of riichi seat `r` from seat `s`'s view: the model, the furiten mask
/// (`r`'s river and `after`), the pool and `r`'s river.
type Seen = (Model, u64, [u8; KINDS], Vec<Tile>);

fn model_for(
    state: &RoundState,
    s: usize,
    r: usize,
    after: &[Tile],
    players: u8,
) -> Result<Seen, ()> {
    // The pool from the discarder's view: its hand (the tile included), its calls,
    // everything visible.
    let mut seen = [0u8; KINDS];
    let own_calls = state.calls[s].iter().flat_map(|c| c.tiles.iter().copied());
    for t in state.hands[s]
        .iter()
        .copied()
        .chain(own_calls)
        .chain(state.visible_to(s))
    {
        seen[t.index()] += 1;
    }
    if players == 3 {
        for c in &mut seen[1..8] {
            *c = 4;
        }
    }
    let mut pool = [0u8; KINDS];
    for k in 0..KINDS {
        pool[k] = 4u8.checked_sub(seen[k]).ok_or(())?;
    }
    let mut kans = Vec::new();
    for c in &state.calls[r] {
        match c.kind {
            MeldType::Ankan => kans.push(c.tiles[0].kind().index()),
            MeldType::Nukidora => {}
            _ => return Err(()),
        }
    }
    let concealed = 13 - 3 * kans.len() as u8;
    let model = Model::new(pool, concealed, &kans).map_err(|_| ())?;
    let river: Vec<Tile> = state.rivers[r].iter().map(|t| t.tile).collect();
    let safe = river
        .iter()
        .chain(after)
        .fold(0u64, |m, t| m | (1 << t.index()));
    Ok((model, safe, pool, river))
}

#[allow(clippy::too_many_arguments)]
fn evaluate(
    state: &RoundState,
    s: usize,
    r: usize,
    tile: Tile,
    after: &[Tile],
    players: u8,
    round: &RoundLog,
    round_wind: Tile,
) -> Result<Option<RiichiDiscard>, ()> {
    let (model, safe, pool, river) = model_for(state, s, r, after, players)?;
    let k = tile.index();
    let w = model.weights(safe, &[k]);
    if w.total == 0 {
        return Ok(None);
    }
    let chance = w.chances()[0];
    let seat_wind = Tile::new(27 + ((r + 4 - usize::from(round.dealer)) % 4) as u8);
    let yakuhai = tile.is_dragon() || tile.kind() == round_wind || tile.kind() == seat_wind;
    let turn = river.len();
    let table = table_chance(tile, turn, safe, pool[k], yakuhai);
    let opponent = Opponent {
        river,
        riichi_at: None,
        after: after.to_vec(),
        kans: Vec::new(),
        seat: None,
        ..Opponent::default()
    };
    let against = crate::safety::labels::against(tile, &opponent);
    let of_tile = crate::safety::labels::of_tile(tile.kind(), &pool, &[]);
    let class = if against.iter().any(|l| l == "genbutsu") {
        "genbutsu"
    } else if tile.is_honor() {
        "honor"
    } else if against.iter().any(|l| l == "suji") {
        "suji"
    } else if against.iter().any(|l| l == "half-suji") {
        "half-suji"
    } else if of_tile.iter().any(|l| l == "no-chance") {
        "no-chance"
    } else if of_tile.iter().any(|l| l == "one-chance") {
        "one-chance"
    } else {
        "other"
    };
    Ok(Some(RiichiDiscard {
        chance,
        table,
        dealt_in: false,
        class,
        turn,
    }))
}

/// The area under the ROC curve of `score` as a predictor of `positive`: the chance
/// that a random positive scores above a random negative (ties count one half).
///
/// ```
/// use tenpai::logs::defence::auc;
/// assert_eq!(auc(&[(0.9, true), (0.1, false), (0.5, false)]), 1.0);
/// assert_eq!(auc(&[(0.5, true), (0.5, false)]), 0.5);
/// ```
pub fn auc(samples: &[(f64, bool)]) -> f64 {
    let mut v: Vec<(f64, bool)> = samples.to_vec();
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    let pos = v.iter().filter(|x| x.1).count() as f64;
    let neg = v.len() as f64 - pos;
    if pos == 0.0 || neg == 0.0 {
        return 0.5;
    }
    // Sum of the positives' mid-ranks (1-based, ties averaged).
    let mut rank_sum = 0.0;
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j < v.len() && v[j].0 == v[i].0 {
            j += 1;
        }
        let mid = (i + 1 + j) as f64 / 2.0;
        rank_sum += mid * v[i..j].iter().filter(|x| x.1).count() as f64;
        i = j;
    }
    (rank_sum - pos * (pos + 1.0) / 2.0) / (pos * neg)
}

/// One row of the calibration: discards, actual deal-ins, predicted deal-ins (the
/// model's chances summed, and the table's).
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The class (or `all`, or a chance bin like `0-2%`).
    pub name: String,
    /// Discards.
    pub discards: usize,
    /// Deal-ins that happened.
    pub deal_ins: usize,
    /// The model's chances summed.
    pub predicted: f64,
    /// The label table's rates summed.
    pub table: f64,
}

/// The calibration over many discards.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    /// All discards, then per class, then per bin of the model's chance.
    pub rows: Vec<Row>,
    /// AUC of the model's chance as a predictor of a deal-in.
    pub auc: f64,
    /// AUC of the label table's rate.
    pub table_auc: f64,
}

/// Sum the discards up: calibration overall, per class and per chance bin, and both
/// AUCs.
pub fn calibrate(d: &[RiichiDiscard]) -> Calibration {
    let row = |name: &str, f: &dyn Fn(&RiichiDiscard) -> bool| {
        let sel: Vec<&RiichiDiscard> = d.iter().filter(|x| f(x)).collect();
        Row {
            name: name.to_string(),
            discards: sel.len(),
            deal_ins: sel.iter().filter(|x| x.dealt_in).count(),
            predicted: sel.iter().map(|x| x.chance).sum(),
            table: sel.iter().map(|x| x.table).sum(),
        }
    };
    let mut rows = vec![row("all", &|_| true)];
    for class in [
        "genbutsu",
        "suji",
        "half-suji",
        "no-chance",
        "one-chance",
        "honor",
        "other",
    ] {
        rows.push(row(class, &|x| x.class == class));
    }
    let bins: [f64; 8] = [0.0, 0.02, 0.04, 0.06, 0.08, 0.10, 0.15, 1.01];
    for w in bins.windows(2) {
        let name = format!("{:.0}-{:.0}%", 100.0 * w[0], 100.0 * w[1].min(1.0));
        rows.push(row(&name, &|x| {
            x.chance >= w[0] && x.chance < w[1] && x.class != "genbutsu"
        }));
    }
    let model: Vec<(f64, bool)> = d.iter().map(|x| (x.chance, x.dealt_in)).collect();
    let table: Vec<(f64, bool)> = d.iter().map(|x| (x.table, x.dealt_in)).collect();
    Calibration {
        rows,
        auc: auc(&model),
        table_auc: auc(&table),
    }
}

/// The riichi discards of every game under `paths` (files or folders; a game stored
/// twice, with the same id, counted once), with the number of games read, of files
/// that are not logs or could not be read, and the discards skipped.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Corpus {
    /// Games read (distinct).
    pub games: usize,
    /// Rounds in them.
    pub rounds: usize,
    /// Riichi declarations whose tile was discarded.
    pub riichi: usize,
    /// Files that could not be read as a log.
    pub unreadable: usize,
    /// Discards skipped.
    pub skipped: Skipped,
    /// Every discard evaluated.
    pub discards: Vec<RiichiDiscard>,
}

/// Read every log under `paths` and evaluate the riichi discards (games in parallel).
pub fn corpus(paths: &[std::path::PathBuf]) -> Corpus {
    use rayon::prelude::*;
    let found = crate::logs::walk::walk(paths, crate::logs::walk::WalkOptions::default());
    let games: Vec<Option<(Option<String>, crate::logs::Game)>> = found
        .files
        .par_iter()
        .map(|(path, _)| {
            let g = crate::logs::read_file(path).ok()?;
            Some((g.id_or_file_name(path), g))
        })
        .collect();
    let mut out = Corpus {
        unreadable: found.errors.len(),
        ..Corpus::default()
    };
    let mut ids = std::collections::HashSet::new();
    let mut kept = Vec::new();
    for g in games {
        match g {
            None => out.unreadable += 1,
            Some((id, g)) => {
                if id.is_none_or(|id| ids.insert(id)) {
                    kept.push(g);
                }
            }
        }
    }
    out.games = kept.len();
    let per_round: Vec<(Vec<RiichiDiscard>, Skipped, usize)> = kept
        .par_iter()
        .flat_map_iter(|g| {
            let players = g.rules.players;
            g.round_logs.iter().map(move |r| {
                let riichi = r
                    .replay(|_, _| {})
                    .rivers
                    .iter()
                    .filter(|river| river.iter().any(|t| t.riichi))
                    .count();
                let (d, s) = riichi_discards(r, players);
                (d, s, riichi)
            })
        })
        .collect();
    for (d, s, riichi) in per_round {
        out.rounds += 1;
        out.riichi += riichi;
        out.skipped.inconsistent += s.inconsistent;
        out.skipped.no_hand += s.no_hand;
        out.discards.extend(d);
    }
    out
}

/// One of a player's discards made while a riichi stood: the model's chance for the
/// tile chosen, against every riichi standing, and for the safest tile of the hand.
#[derive(Debug, Clone, PartialEq)]
pub struct Defence {
    /// The player's discard number in the round (1-based, as `review`'s `turn`).
    pub turn: u32,
    /// The chance of the tile discarded (of dealing into at least one riichi).
    pub chance: f64,
    /// The safest kind of the hand (the first in tile order among equals).
    pub safest: Tile,
    /// Its chance.
    pub safest_chance: f64,
    /// Whether a riichi player won on it.
    pub dealt_in: bool,
    /// The chance of every kind of the hand then, in tile order.
    pub chances: Vec<(Tile, f64)>,
}

/// `seat`'s discards in `round` made while a riichi stood (riichi players' hands
/// independent given the pool; situations the model cannot take are left out).
pub fn defence(round: &RoundLog, seat: u8, players: u8) -> Vec<Defence> {
    let s = usize::from(seat) % 4;
    let mut out = Vec::new();
    let mut state = RoundState::new(round);
    let mut after: [Vec<Tile>; 4] = Default::default();
    let mut turn = 0u32;
    for (i, e) in round.events.iter().enumerate() {
        if let Event::Discard { who, tile, .. } = *e {
            let d = usize::from(who) % 4;
            let wins: Vec<(usize, usize)> = round.events[i + 1..]
                .iter()
                .take_while(|e| matches!(e, Event::Win { .. }))
                .filter_map(|e| match e {
                    Event::Win { winner, from } => {
                        Some((usize::from(*winner) % 4, usize::from(*from) % 4))
                    }
                    _ => None,
                })
                .collect();
            let standing: Vec<usize> = (0..4)
                .filter(|&r| r != d && state.rivers[r].iter().any(|t| t.riichi))
                .collect();
            if d == s {
                turn += 1;
                let mut kinds: Vec<usize> = state.hands[s].iter().map(|t| t.index()).collect();
                kinds.sort_unstable();
                kinds.dedup();
                let mut safe_all = vec![1.0f64; kinds.len()];
                let mut ok = !standing.is_empty();
                for &r in &standing {
                    match model_for(&state, s, r, &after[r], players) {
                        Ok((m, safe, _, _)) => {
                            let w = m.weights(safe, &kinds);
                            if w.total == 0 {
                                ok = false;
                                break;
                            }
                            for (a, p) in safe_all.iter_mut().zip(w.chances()) {
                                *a *= 1.0 - p;
                            }
                        }
                        Err(()) => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    let chance_of = |k: usize| {
                        kinds
                            .iter()
                            .position(|&x| x == k)
                            .map_or(0.0, |j| 1.0 - safe_all[j])
                    };
                    let (best_j, _) =
                        safe_all
                            .iter()
                            .enumerate()
                            .fold(
                                (0, f64::MIN),
                                |acc, (j, &v)| if v > acc.1 { (j, v) } else { acc },
                            );
                    out.push(Defence {
                        turn,
                        chance: chance_of(tile.index()),
                        safest: Tile::new(kinds[best_j] as u8),
                        safest_chance: 1.0 - safe_all[best_j],
                        dealt_in: wins.iter().any(|&(w, f)| f == s && standing.contains(&w)),
                        chances: kinds
                            .iter()
                            .zip(&safe_all)
                            .map(|(&k, &v)| (Tile::new(k as u8), 1.0 - v))
                            .collect(),
                    });
                }
            }
            for &r in &standing {
                if !wins.iter().any(|&(w, f)| w == r && f == d) {
                    after[r].push(tile);
                }
            }
        }
        state.apply(e);
    }
    out
}
