//! tenhou.net/6 JSON: `{"title", "name", "rule", "log": [round, ...]}` where each round
//! is `[[round, honba, sticks], scores, dora, ura, (haipai, takes, discards) x 4, result]`.
//!
//! The format keeps each player's draws/calls and discards apart, not their global
//! order; the order is rebuilt by playing the round: after each discard, a player whose
//! next entry is a pon/kan of that tile from that seat calls it, else the next player
//! whose next entry is a chi of it, else the next seat draws.

use super::events::{Abort, RoundEnd};
use super::table::{Table, WinRecord};
use super::{log_error, tenhou_yaku, Game, GameRules, LogFormat, LoggedCall, MeldType, Recorded};
use crate::error::Error;
use crate::tile::{Suit, Tile, Wind};
use serde_json::Value;
use std::cell::Cell;
use std::collections::VecDeque;
use std::rc::Rc;

/// A tenhou.net/6 tile code: 11-19 man, 21-29 pin, 31-39 sou, 41-47 honors, 51-53 red fives.
pub(crate) fn tile(code: u64) -> Option<Tile> {
    let (tens, ones) = (code / 10, (code % 10) as u8);
    match tens {
        1..=3 if (1..=9).contains(&ones) => Tile::from_suit_number(suit(tens), ones),
        4 if (1..=7).contains(&ones) => Tile::from_suit_number(Suit::Honor, ones),
        5 if (1..=3).contains(&ones) => Tile::red_five(suit(u64::from(ones))),
        _ => None,
    }
}

fn suit(n: u64) -> Suit {
    match n {
        1 => Suit::Man,
        2 => Suit::Pin,
        _ => Suit::Sou,
    }
}

/// One entry of a draw or discard list, read once.
#[derive(Debug, Clone, Copy)]
enum Item {
    /// A tile code, or 60 (discard the drawn tile), or 0 (no discard after an open kan).
    Num(u64),
    /// `r` + code: riichi with this discard.
    Riichi(u64),
    /// A call string.
    Call(CallText),
}

/// A call string (`c275226`, `41p4141`, `393939m39`, `242424a24`, `3636k3636`, `f44`):
/// its marker letter, the marker's pair index, and its tiles.
#[derive(Debug, Clone, Copy)]
struct CallText {
    marker: char,
    idx: usize,
    len: usize,
    tiles: [Tile; 4],
}

impl CallText {
    fn tiles(&self) -> &[Tile] {
        &self.tiles[..self.len]
    }
}

impl std::fmt::Display for CallText {
    /// The call string as the log writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("\"")?;
        for (i, t) in self.tiles().iter().enumerate() {
            if i == self.idx {
                write!(f, "{}", self.marker)?;
            }
            write!(f, "{}", code(*t))?;
        }
        f.write_str("\"")
    }
}

/// The tenhou.net/6 code of a tile.
fn code(t: Tile) -> u64 {
    if t.is_red() {
        return 50 + t.suit().index() as u64 + 1;
    }
    (t.suit().index() as u64 + 1) * 10 + u64::from(t.number())
}

fn items(v: &Value) -> Result<VecDeque<Item>, String> {
    let arr = v
        .as_array()
        .ok_or("a draw or discard list is not an array")?;
    arr.iter()
        .map(|x| match x {
            Value::Number(n) => n
                .as_u64()
                .map(Item::Num)
                .ok_or_else(|| format!("bad tile code {n}")),
            Value::String(s) => match s.strip_prefix('r') {
                Some(c) => c
                    .parse::<u64>()
                    .map(Item::Riichi)
                    .map_err(|_| format!("bad riichi discard {s:?}")),
                None => call_parts(s).map(Item::Call),
            },
            other => Err(format!("unexpected entry {other}")),
        })
        .collect()
}

fn call_parts(s: &str) -> Result<CallText, String> {
    let bad = || format!("call string {s:?} not understood");
    let (pos, marker) = s
        .char_indices()
        .find(|(_, c)| c.is_ascii_alphabetic())
        .ok_or_else(bad)?;
    let digits: Vec<u8> = s.bytes().filter(u8::is_ascii_digit).collect();
    let len = digits.len() / 2;
    if pos % 2 != 0
        || digits.len() % 2 != 0
        || digits.len() + 1 != s.len()
        || !(1..=4).contains(&len)
        || pos / 2 >= len
    {
        return Err(bad());
    }
    let mut tiles = [Tile::EAST; 4];
    for (i, pair) in digits.chunks(2).enumerate() {
        let c = u64::from(pair[0] - b'0') * 10 + u64::from(pair[1] - b'0');
        tiles[i] = tile(c).ok_or_else(bad)?;
    }
    Ok(CallText {
        marker,
        idx: pos / 2,
        len,
        tiles,
    })
}

#[derive(Clone)]
struct RoundPlay {
    table: Table,
    players: u8,
    takes: Vec<VecDeque<Item>>,
    discards: Vec<VecDeque<Item>>,
    last_drawn: [Option<Tile>; 4],
    outcome: Vec<(u8, u8, Recorded, Option<u8>)>,
    wins: Vec<super::Win>,
    /// Draws left to spend over every reading tried (shared by the copies made at
    /// choice points), so that no input makes the search run long.
    budget: Rc<Cell<u32>>,
    ura: Vec<Tile>,
}

/// A chi/pon/daiminkan string as a call by `who`, with the seat it comes from.
fn open_call(s: &CallText, who: u8, players: u8) -> Result<LoggedCall, String> {
    let (marker, idx) = (s.marker, s.idx);
    let mut tiles = s.tiles().to_vec();
    let called = tiles[idx];
    let (kind, rel) = match (marker, tiles.len(), idx) {
        ('c', 3, 0) => (MeldType::Chi, 3),
        ('p', 3, 0) => (MeldType::Pon, 3),
        ('p', 3, 1) => (MeldType::Pon, 2),
        ('p', 3, 2) => (MeldType::Pon, 1),
        ('m', 4, 0) => (MeldType::Daiminkan, 3),
        ('m', 4, 1) => (MeldType::Daiminkan, 2),
        ('m', 4, 3) => (MeldType::Daiminkan, 1),
        _ => return Err(format!("call string {s} not understood here")),
    };
    // The tiles must make the meld: one kind for a pon or kan, a run of one suit for
    // a chi (the string's shape alone does not say so).
    let mut kinds: Vec<usize> = tiles.iter().map(|t| t.index()).collect();
    kinds.sort_unstable();
    let meld = match kind {
        MeldType::Chi => {
            kinds[0] < 27
                && kinds[0] % 9 <= 6
                && kinds[1] == kinds[0] + 1
                && kinds[2] == kinds[0] + 2
        }
        _ => kinds.iter().all(|&k| k == kinds[0]),
    };
    if !meld {
        return Err(format!(
            "call string {s}: its tiles do not make a {}: the log is broken",
            match kind {
                MeldType::Chi => "chi",
                MeldType::Pon => "pon",
                _ => "kan",
            }
        ));
    }
    // Relative seats count around a table of four, in 3-player games too (there,
    // seat 2's "toimen" is seat 0, Tenhou's own 三鳳 logs say so); with four players
    // this is the usual kamicha / toimen / shimocha.
    let from = if players == 3 {
        (who + rel) % 4
    } else if rel == 3 {
        (who + players - 1) % players
    } else {
        (who + rel) % players
    };
    if from >= players {
        return Err(format!(
            "call string {s}: no seat {from} in a {players}-player game"
        ));
    }
    tiles.sort();
    Ok(LoggedCall {
        kind,
        tiles,
        called: Some(called),
        added: None,
        from,
    })
}

impl RoundPlay {
    fn draw(&mut self, who: u8) -> Result<bool, String> {
        let left = self.budget.get();
        if left == 0 {
            return Err("the calls cannot be put in any playable order".into());
        }
        self.budget.set(left - 1);
        match self.takes[usize::from(who)].pop_front() {
            None => Ok(false),
            Some(Item::Num(c)) => {
                let t = tile(c).ok_or_else(|| format!("bad tile code {c}"))?;
                self.last_drawn[usize::from(who)] = Some(t);
                self.table.draw(who, t)?;
                Ok(true)
            }
            Some(Item::Riichi(_)) => {
                Err(format!("seat {who} declares riichi where a draw was due"))
            }
            Some(Item::Call(s)) => Err(format!("seat {who} calls {s} where a draw was due")),
        }
    }

    /// The seat that calls `tile` just discarded by `who`, if any.
    fn caller(&self, who: u8, tile: Tile) -> Result<Option<(u8, LoggedCall)>, String> {
        let mut chi = None;
        for step in 1..self.players {
            let p = (who + step) % self.players;
            if let Some(Item::Call(s)) = self.takes[usize::from(p)].front() {
                let call = open_call(s, p, self.players)?;
                if call.from == who && call.called == Some(tile) {
                    if call.kind == MeldType::Chi {
                        chi = Some((p, call));
                    } else {
                        return Ok(Some((p, call)));
                    }
                }
            }
        }
        Ok(chi)
    }

    /// Play the round from `turn` to its end, then read its result. Where a player could
    /// call a discard with their next entry, calling is tried first and, if the rest of
    /// the round then cannot be played, passing (the same call may be of a later discard).
    fn play(&mut self, mut turn: u8, mut need_draw: bool) -> Result<(), String> {
        loop {
            if need_draw && !self.draw(turn)? {
                break;
            }
            // The player's turn: kans and North extractions, then one discard.
            let discarded = loop {
                let Some(item) = self.discards[usize::from(turn)].pop_front() else {
                    break None;
                };
                let (riichi, code) = match item {
                    Item::Num(c) => (false, c),
                    Item::Riichi(c) => (true, c),
                    Item::Call(s) => {
                        let (marker, idx) = (s.marker, s.idx);
                        let tiles = s.tiles().to_vec();
                        let call = match (marker, tiles.len()) {
                            ('a', 4) => LoggedCall {
                                kind: MeldType::Ankan,
                                tiles: sorted(tiles),
                                called: None,
                                added: None,
                                from: turn,
                            },
                            ('k', 4) => LoggedCall {
                                kind: MeldType::Shouminkan,
                                added: Some(tiles[idx]),
                                tiles: sorted(tiles),
                                called: None,
                                from: turn,
                            },
                            ('f', 1) => LoggedCall {
                                kind: MeldType::Nukidora,
                                tiles,
                                called: None,
                                added: None,
                                from: turn,
                            },
                            _ => return Err(format!("call string {s} not understood here")),
                        };
                        self.table.call(turn, call)?;
                        if !self.draw(turn)? {
                            return self.finish();
                        }
                        continue;
                    }
                };
                let t = if code == 60 {
                    self.last_drawn[usize::from(turn)].ok_or("a draw-discard (60) with no draw")?
                } else if code == 0 {
                    return Err("an empty discard (0) with no open kan before it".into());
                } else {
                    tile(code).ok_or_else(|| format!("bad tile code {code}"))?
                };
                if riichi {
                    self.table.riichi_declare(turn)?;
                }
                self.table.discard(turn, t, code == 60)?;
                break Some((t, riichi));
            };
            let Some((t, riichi)) = discarded else { break };
            self.last_drawn[usize::from(turn)] = None;
            if let Some((p, call)) = self.caller(turn, t)? {
                let backup = self.clone();
                return match self.take_call(turn, riichi, p, call) {
                    Ok(()) => Ok(()),
                    Err(call_error) => {
                        // Pass instead; if that fails too, the call's error is the clearer one.
                        *self = backup;
                        self.pass(turn, riichi)
                            .and_then(|next| self.play(next, true))
                            .map_err(|_| call_error)
                    }
                };
            }
            turn = self.pass(turn, riichi)?;
            need_draw = true;
        }
        self.finish()
    }

    /// Nobody calls `turn`'s discard: accept a riichi (unless it is ronned) and give
    /// the next seat.
    fn pass(&mut self, turn: u8, riichi: bool) -> Result<u8, String> {
        let next = (turn + 1) % self.players;
        let round_over = self.takes[usize::from(next)].is_empty();
        if riichi && !(round_over && self.ron_on(turn)) {
            self.table.riichi_accept(turn)?;
        }
        Ok(next)
    }

    /// `p` calls the tile `turn` just discarded, then play goes on from `p`.
    fn take_call(&mut self, turn: u8, riichi: bool, p: u8, call: LoggedCall) -> Result<(), String> {
        if riichi {
            self.table.riichi_accept(turn)?;
        }
        self.takes[usize::from(p)].pop_front();
        let kan = call.kind == MeldType::Daiminkan;
        self.table.call(p, call)?;
        if kan {
            match self.discards[usize::from(p)].pop_front() {
                Some(Item::Num(0)) => {}
                _ => return Err("an open kan not followed by an empty discard (0)".into()),
            }
        }
        self.play(p, kan)
    }

    /// Whether the round ends with a ron on `from`'s discard.
    fn ron_on(&self, from: u8) -> bool {
        self.outcome
            .iter()
            .any(|&(w, f, _, _)| f == from && w != from)
    }

    fn finish(&mut self) -> Result<(), String> {
        for seat in 0..4 {
            if !self.takes[seat].is_empty() || !self.discards[seat].is_empty() {
                return Err(format!(
                    "seat {seat} has draws or discards left when the round ends"
                ));
            }
        }
        for (winner, from, recorded, pao) in self.outcome.clone() {
            let rec = WinRecord {
                winner,
                from,
                ura: self.ura.clone(),
                recorded,
                pao,
            };
            let win = self.table.win(rec)?;
            self.wins.push(win);
        }
        Ok(())
    }
}

/// The wins a round result lists (`["和了", deltas, detail, deltas, detail, ...]`):
/// winner, from, record. Empty for draws.
#[allow(clippy::type_complexity)]
fn outcome(result: &[Value], players: u8) -> Result<Vec<(u8, u8, Recorded, Option<u8>)>, String> {
    if result.first().and_then(Value::as_str) != Some("和了") {
        return Ok(Vec::new());
    }
    let mut wins = Vec::new();
    for pair in result[1..].chunks(2) {
        let detail = pair
            .get(1)
            .and_then(Value::as_array)
            .ok_or("a win without its detail")?;
        let seat = |i: usize| {
            detail
                .get(i)
                .and_then(Value::as_u64)
                .and_then(|v| u8::try_from(v).ok())
                .filter(|&v| v < players)
                .ok_or("a win detail without valid seats")
        };
        let (winner, from) = (seat(0)?, seat(1)?);
        let pao = seat(2).ok().filter(|&p| p != winner);
        wins.push((
            winner,
            from,
            recorded(detail, players, winner == from)?,
            pao,
        ));
    }
    Ok(wins)
}

fn sorted(mut v: Vec<Tile>) -> Vec<Tile> {
    v.sort();
    v
}

/// The recorded result from a tenhou.net/6 win detail
/// (`[who, from, pao, "30符1飜1000点", "立直(1飜)", ...]`).
fn recorded(detail: &[Value], players: u8, tsumo: bool) -> Result<Recorded, String> {
    let text = detail
        .get(3)
        .and_then(Value::as_str)
        .ok_or("a win without a recorded score")?;
    let mut rest = text;
    let mut fu = None;
    let mut limit = 0u8;
    if let Some(i) = rest.find('符') {
        fu = Some(
            rest[..i]
                .parse::<u32>()
                .map_err(|_| format!("score {text:?} not understood"))?,
        );
        rest = &rest[i + '符'.len_utf8()..];
        let j = rest
            .find('飜')
            .ok_or_else(|| format!("score {text:?} not understood"))?;
        rest = &rest[j + '飜'.len_utf8()..];
    } else {
        for (name, code) in [
            ("数え役満", 5),
            ("三倍満", 4),
            ("倍満", 3),
            ("跳満", 2),
            ("満貫", 1),
            ("役満", 5),
        ] {
            if let Some(r) = rest.strip_prefix(name) {
                limit = code;
                rest = r;
                break;
            }
        }
        if limit == 0 {
            return Err(format!("score {text:?} not understood"));
        }
    }
    let all = rest.ends_with('∀');
    let body = rest
        .trim_end_matches('∀')
        .strip_suffix('点')
        .ok_or_else(|| format!("score {text:?} not understood"))?;
    let nums = body
        .split('-')
        .map(|n| {
            n.parse::<u32>()
                .map_err(|_| format!("score {text:?} not understood"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let others = u32::from(players) - 1;
    let points = match (nums.as_slice(), all) {
        ([a], true) => a.saturating_mul(others),
        ([a], false) if !tsumo => *a,
        ([a, b], false) => a.saturating_mul(others - 1).saturating_add(*b),
        _ => return Err(format!("score {text:?} not understood")),
    };
    let mut yaku_list = Vec::new();
    let mut yakuman = Vec::new();
    for y in &detail[4..] {
        let s = y.as_str().ok_or("a yaku entry is not text")?;
        let open = s
            .find('(')
            .ok_or_else(|| format!("yaku {s:?} not understood"))?;
        // Mahjong Soul exports (3-player) name a few yaku their own way: extracted
        // Norths (抜きドラ), which Tenhou folds into dora, and the wind yakuhai.
        let ja = match &s[..open] {
            "抜きドラ" => "ドラ",
            "役牌:場風牌" => "場風 東",
            "役牌:自風牌" => "自風 東",
            other => other,
        };
        let info =
            tenhou_yaku::by_ja(ja).ok_or_else(|| format!("unknown yaku name {:?}", &s[..open]))?;
        let value = s[open + 1..].trim_end_matches(')');
        if value == "役満" {
            yakuman.push(info.id);
        } else {
            let han = value
                .strip_suffix('飜')
                .and_then(|h| h.parse::<u32>().ok())
                .ok_or_else(|| format!("yaku {s:?} not understood"))?;
            // Dora written twice (ドラ and 抜きドラ) is one entry.
            match yaku_list.iter_mut().find(|(id, _)| *id == info.id) {
                Some((_, h)) => *h += han,
                None => yaku_list.push((info.id, han)),
            }
        }
    }
    if limit == 5 && yakuman.is_empty() {
        // Counted (kazoe) yakuman: the han are listed.
    }
    Ok(Recorded {
        yaku: yaku_list,
        yakuman,
        fu,
        points,
        limit,
    })
}

pub(super) fn parse(bytes: &[u8]) -> Result<Game, Error> {
    let root: Value = serde_json::from_slice(bytes).map_err(|e| {
        let what = if e.is_eof() {
            "truncated JSON"
        } else {
            "not valid JSON"
        };
        log_error(
            Some(format!("line {}, column {}", e.line(), e.column())),
            format!("{what}: {e}"),
        )
    })?;
    let log = root.get("log").and_then(Value::as_array).ok_or_else(|| {
        log_error(
            None,
            "not a game log: JSON without a \"log\" array (tenhou.net/6 format expected)",
        )
    })?;
    let rule = root.get("rule");
    let disp = rule.and_then(|r| r.get("disp")).and_then(Value::as_str);
    let flag = |k: &str| rule.and_then(|r| r.get(k)).and_then(Value::as_u64);
    let red_fives = match (flag("aka"), flag("aka51"), flag("aka52"), flag("aka53")) {
        (Some(a), ..) => a != 0,
        (None, None, None, None) => disp.is_none_or(|d| d.contains('赤')),
        (None, a, b, c) => a.unwrap_or(0) + b.unwrap_or(0) + c.unwrap_or(0) > 0,
    };
    let mut rules = GameRules {
        players: if disp.is_some_and(|d| d.starts_with('三')) {
            3
        } else {
            4
        },
        red_fives,
        open_tanyao: disp.is_none_or(|d| d.contains('喰')),
        go_type: None,
    };
    let mut game = Game::new(LogFormat::Tenhou6, rules);
    game.id = root
        .get("ref")
        .and_then(Value::as_str)
        .filter(|r| !r.is_empty())
        .map(str::to_string);
    if let Some(names) = root.get("name").and_then(Value::as_array) {
        game.names = names
            .iter()
            .map(|n| n.as_str().unwrap_or("").to_string())
            .collect();
    }
    if let Some(sc) = root.get("sc").and_then(Value::as_array) {
        let finals: Option<Vec<i32>> = sc
            .iter()
            .step_by(2)
            .map(|v| v.as_f64().map(|x| x.round() as i32))
            .collect();
        game.final_scores = finals;
    }
    for (ri, round) in log.iter().enumerate() {
        let err = |m: String| log_error(Some(format!("round {}", ri + 1)), m);
        let r = round
            .as_array()
            .filter(|r| r.len() >= 17)
            .ok_or_else(|| err("a round is not an array of 17 entries".into()))?;
        let head = r[0]
            .as_array()
            .filter(|h| h.len() >= 3)
            .ok_or_else(|| err("bad round header".into()))?;
        let num = |v: &Value| {
            v.as_u64()
                .ok_or_else(|| err(format!("{v} is not a number")))
        };
        let (round_no, honba, sticks) = (num(&head[0])?, num(&head[1])?, num(&head[2])?);
        let round_no = u8::try_from(round_no).map_err(|_| err("round out of range".into()))?;
        let label = format!(
            "round {}{} ({} honba)",
            Wind::from_index(usize::from(round_no / 4) % 4).letter(),
            round_no % 4 + 1,
            honba
        );
        let err = |m: String| log_error(Some(label.clone()), m);
        let codes = |v: &Value| -> Result<Vec<Tile>, Error> {
            v.as_array()
                .ok_or_else(|| err("a tile list is not an array".into()))?
                .iter()
                .map(|c| {
                    c.as_u64()
                        .and_then(tile)
                        .ok_or_else(|| err(format!("bad tile code {c}")))
                })
                .collect()
        };
        let dora = codes(&r[2])?;
        let ura = codes(&r[3])?;
        let mut hands: [Vec<Tile>; 4] = Default::default();
        for (seat, h) in hands.iter_mut().enumerate() {
            *h = codes(&r[4 + 3 * seat])?;
        }
        if hands[3].is_empty() && rules.players == 4 {
            rules.players = 3;
            game.rules = rules;
        }
        let players = rules.players;
        let dealer = round_no % 4 % players;
        let first = *dora
            .first()
            .ok_or_else(|| err("no dora indicator".into()))?;
        let mut table = Table::new(
            players,
            round_no,
            u32::try_from(honba).unwrap_or(u32::MAX),
            u32::try_from(sticks).unwrap_or(u32::MAX),
            dealer,
            first,
            hands,
        )
        .map_err(err)?;
        for &d in &dora[1..] {
            table.add_hidden_dora(d).map_err(err)?;
        }
        for (seat, v) in r[1].as_array().into_iter().flatten().take(4).enumerate() {
            table.log.scores[seat] = v.as_f64().map_or(0, |x| x.round() as i32);
        }
        table.log.ura.clone_from(&ura);
        let (end, deltas) = round_end(&r[16]).map_err(err)?;
        table.log.end = end;
        if let Some(d) = deltas {
            table.log.add_deltas(d);
        }
        let result = r[16]
            .as_array()
            .ok_or_else(|| err("no round result".into()))?;
        let mut play = RoundPlay {
            table,
            players,
            takes: (0..4)
                .map(|s| items(&r[5 + 3 * s]))
                .collect::<Result<_, _>>()
                .map_err(err)?,
            discards: (0..4)
                .map(|s| items(&r[6 + 3 * s]))
                .collect::<Result<_, _>>()
                .map_err(err)?,
            last_drawn: [None; 4],
            outcome: outcome(result, players).map_err(err)?,
            wins: Vec::new(),
            budget: Rc::new(Cell::new(20_000)),
            ura,
        };
        play.play(dealer, true).map_err(err)?;
        game.rounds += 1;
        game.wins.append(&mut play.wins);
        game.push_round(play.table.log);
    }
    Ok(game)
}

/// How a round ended and the score changes it lists: `["和了", deltas, detail, deltas,
/// detail, ...]`, `["流局", deltas]`, `["流し満貫", deltas]`, or an abortive draw
/// (`["九種九牌"]`, `["四家立直"]`, `["三家和了"]`, `["四槓散了"]`, `["四風連打"]`).
fn round_end(result: &Value) -> Result<(RoundEnd, Option<[i32; 4]>), String> {
    let list = result.as_array().ok_or("no round result")?;
    let name = list.first().and_then(Value::as_str).unwrap_or("");
    let end = match name {
        "和了" => RoundEnd::Win,
        "流局" | "全員聴牌" | "全員不聴" => RoundEnd::Exhaustive,
        "流し満貫" => RoundEnd::Nagashi,
        "九種九牌" => RoundEnd::Abort(Abort::NineTerminals),
        "四風連打" => RoundEnd::Abort(Abort::FourWinds),
        "四家立直" => RoundEnd::Abort(Abort::FourRiichi),
        "四槓散了" => RoundEnd::Abort(Abort::FourKans),
        "三家和了" => RoundEnd::Abort(Abort::TripleRon),
        other => return Err(format!("unknown round result {other:?}")),
    };
    let step = if end == RoundEnd::Win { 2 } else { 1 };
    let mut sum: Option<[i32; 4]> = None;
    for d in list.iter().skip(1).step_by(step) {
        let Some(arr) = d.as_array() else { continue };
        let total = sum.get_or_insert([0; 4]);
        for (t, v) in total.iter_mut().zip(arr) {
            *t += v.as_f64().map_or(0, |x| x.round() as i32);
        }
    }
    Ok((end, sum))
}
