//! mjai JSON Lines: write a game as mjai events and read mjai logs back.
//!
//! Events written (one JSON object a line, the shapes mjai, Mortal's libriichi and
//! mjai-reviewer use): `start_game {names, kyoku_first, aka_flag}`, `start_kyoku
//! {bakaze, dora_marker, kyoku, honba, kyotaku, oya, scores, tehais}`, `tsumo {actor,
//! pai}`, `dahai {actor, pai, tsumogiri}`, `chi`/`pon {actor, target, pai, consumed[2]}`,
//! `daiminkan {actor, target, pai, consumed[3]}`, `kakan {actor, pai, consumed[3]}`,
//! `ankan {actor, consumed[4]}`, `dora {dora_marker}`, `reach {actor}`,
//! `reach_accepted {actor}`, `hora {actor, target, deltas, ...}`, `ryukyoku {deltas,
//! ...}`, `end_kyoku`, `end_game`. Tiles are mjai names (`1m`..`9s`, `E S W N P F C`,
//! red fives `5mr 5pr 5sr`).
//!
//! Fields added for a lossless round trip (mjai readers ignore unknown fields):
//! `start_game` carries `players`, `open_tanyao` and Tenhou's `go_type`; `hora` carries the record of the
//! win as the source log gave it (`uradora_markers`, `fu`, `fan`, `hora_points`,
//! `yakus` as `[name, han]`, and exactly `yaku_ids` `[[id, han]]`, `yakuman_ids`,
//! `limit`, `pao`); `ryukyoku` carries `reason` (mjai's names) and, when the log shows
//! them, `tenpais`; `end_game` carries the final `scores` when the log has them. The
//! score changes of a round (`deltas`) are written on its last `hora` or its `ryukyoku`.

use super::events::{Abort, Event, RoundEnd};
use super::table::{Table, WinRecord};
use super::{log_error, tenhou_yaku, Game, GameRules, LogFormat, LoggedCall, MeldType, Recorded};
use crate::error::Error;
use crate::tile::{Tile, Wind};
use serde_json::{json, Value};

fn names(tiles: &[Tile]) -> Vec<&'static str> {
    tiles.iter().map(|t| t.mjai()).collect()
}

/// Every call's tiles but one copy of `pai`.
fn consumed(tiles: &[Tile], pai: Tile) -> Vec<&'static str> {
    let mut rest = tiles.to_vec();
    if let Some(i) = rest.iter().position(|&t| t == pai) {
        rest.remove(i);
    }
    names(&rest)
}

fn ryukyoku_reason(end: RoundEnd) -> &'static str {
    match end {
        RoundEnd::Exhaustive | RoundEnd::Unfinished | RoundEnd::Win => "fanpai",
        RoundEnd::Nagashi => "nagashimangan",
        RoundEnd::Abort(Abort::NineTerminals) => "kyushukyuhai",
        RoundEnd::Abort(Abort::FourWinds) => "suufonrenta",
        RoundEnd::Abort(Abort::FourRiichi) => "suuchariichi",
        RoundEnd::Abort(Abort::FourKans) => "suukaikan",
        RoundEnd::Abort(Abort::TripleRon) => "sanchaho",
    }
}

/// The game as mjai events, in order.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let events = tenpai::logs::mjai::to_events(&game);
/// assert_eq!(events[0]["type"], "start_game");
/// assert_eq!(events[1]["type"], "start_kyoku");
/// let hora = events.iter().find(|e| e["type"] == "hora").unwrap();
/// assert_eq!((hora["actor"].as_u64(), hora["target"].as_u64()), (Some(1), Some(1)));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn to_events(game: &Game) -> Vec<Value> {
    let players = usize::from(game.rules.players);
    let mut names_out: Vec<String> = (0..4)
        .map(|s| game.names.get(s).cloned().unwrap_or_default())
        .collect();
    names_out.truncate(4);
    let mut out = vec![json!({
        "type": "start_game",
        "names": names_out,
        "kyoku_first": 0,
        "aka_flag": game.rules.red_fives,
        "players": game.rules.players,
        "open_tanyao": game.rules.open_tanyao,
    })];
    if let (Some(t), Some(obj)) = (game.rules.go_type, out[0].as_object_mut()) {
        obj.insert("go_type".into(), json!(t));
    }
    for round in &game.round_logs {
        let tehais: Vec<Vec<&str>> = (0..4)
            .map(|s| {
                if s < players {
                    names(&round.hands[s])
                } else {
                    vec!["?"; 13]
                }
            })
            .collect();
        out.push(json!({
            "type": "start_kyoku",
            "bakaze": Wind::from_index(usize::from(round.round / 4) % 4).tile().mjai(),
            "dora_marker": round.dora.mjai(),
            "kyoku": round.round % 4 + 1,
            "honba": round.honba,
            "kyotaku": round.sticks,
            "oya": round.dealer,
            "scores": round.scores,
            "tehais": tehais,
        }));
        let wins = game.wins.get(round.wins.clone()).unwrap_or(&[]);
        let mut win_index = 0usize;
        for e in &round.events {
            let v = match e {
                Event::Draw { who, tile } => {
                    json!({"type": "tsumo", "actor": who, "pai": tile.mjai()})
                }
                Event::Discard {
                    who,
                    tile,
                    tsumogiri,
                } => {
                    json!({"type": "dahai", "actor": who, "pai": tile.mjai(), "tsumogiri": tsumogiri})
                }
                Event::Riichi { who } => json!({"type": "reach", "actor": who}),
                Event::RiichiAccepted { who } => json!({"type": "reach_accepted", "actor": who}),
                Event::Dora { indicator } => {
                    json!({"type": "dora", "dora_marker": indicator.mjai()})
                }
                Event::Call { who, call } => call_event(*who, call),
                Event::Win { winner, from } => {
                    let mut v = json!({"type": "hora", "actor": winner, "target": from});
                    if let (Some(win), Some(obj)) = (wins.get(win_index), v.as_object_mut()) {
                        let r = &win.recorded;
                        let yakus: Vec<Value> = r
                            .yaku
                            .iter()
                            .filter_map(|&(id, han)| {
                                tenhou_yaku::by_id(u32::from(id)).map(|y| json!([y.name, han]))
                            })
                            .chain(r.yakuman.iter().filter_map(|&id| {
                                tenhou_yaku::by_id(u32::from(id)).map(|y| json!([y.name, 13]))
                            }))
                            .collect();
                        obj.insert("pai".into(), json!(win.win_tile.mjai()));
                        obj.insert("uradora_markers".into(), json!(names(&win.ura)));
                        if let Some(fu) = r.fu {
                            obj.insert("fu".into(), json!(fu));
                        }
                        obj.insert("fan".into(), json!(r.han()));
                        obj.insert("hora_points".into(), json!(r.points));
                        obj.insert("yakus".into(), json!(yakus));
                        obj.insert("yaku_ids".into(), json!(r.yaku));
                        obj.insert("yakuman_ids".into(), json!(r.yakuman));
                        obj.insert("limit".into(), json!(r.limit));
                        if let Some(p) = win.pao {
                            obj.insert("pao".into(), json!(p));
                        }
                        if win_index + 1 == wins.len() {
                            if let Some(d) = round.recorded_deltas {
                                obj.insert("deltas".into(), json!(d));
                            }
                        }
                    }
                    win_index += 1;
                    v
                }
            };
            out.push(v);
        }
        match round.end {
            RoundEnd::Win => {}
            RoundEnd::Unfinished if round.recorded_deltas.is_none() => {}
            end => {
                let mut v = json!({"type": "ryukyoku", "reason": ryukyoku_reason(end)});
                if let Some(obj) = v.as_object_mut() {
                    if let Some(d) = round.recorded_deltas {
                        obj.insert("deltas".into(), json!(d));
                    }
                    if let Some(t) = round.recorded_tenpai {
                        obj.insert("tenpais".into(), json!(t));
                    }
                }
                out.push(v);
            }
        }
        out.push(json!({"type": "end_kyoku"}));
    }
    let mut end = json!({"type": "end_game"});
    if let (Some(f), Some(obj)) = (&game.final_scores, end.as_object_mut()) {
        obj.insert("scores".into(), json!(f));
    }
    out.push(end);
    out
}

fn call_event(who: u8, call: &LoggedCall) -> Value {
    match call.kind {
        MeldType::Chi | MeldType::Pon | MeldType::Daiminkan => {
            let pai = call.called.unwrap_or(call.tiles[0]);
            let kind = match call.kind {
                MeldType::Chi => "chi",
                MeldType::Pon => "pon",
                _ => "daiminkan",
            };
            json!({"type": kind, "actor": who, "target": call.from, "pai": pai.mjai(),
                   "consumed": consumed(&call.tiles, pai)})
        }
        MeldType::Shouminkan => {
            let pai = call.added.unwrap_or(call.tiles[0]);
            json!({"type": "kakan", "actor": who, "pai": pai.mjai(),
                   "consumed": consumed(&call.tiles, pai)})
        }
        MeldType::Ankan => json!({"type": "ankan", "actor": who, "consumed": names(&call.tiles)}),
        MeldType::Nukidora => {
            json!({"type": "nukidora", "actor": who, "pai": call.tiles.first().map_or("N", |t| t.mjai())})
        }
    }
}

/// The game as mjai JSON Lines text (one event a line, a newline after each).
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::mjai::{to_events, to_mjai};
/// let text = to_mjai(&game);
/// assert_eq!(text.lines().count(), to_events(&game).len());
/// assert!(text.ends_with('\n'));
/// assert_eq!(tenpai::logs::parse_log(text.as_bytes())?.wins[0].recorded.points, 4000);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn to_mjai(game: &Game) -> String {
    let mut s = String::new();
    for e in to_events(game) {
        s.push_str(&e.to_string());
        s.push('\n');
    }
    s
}

/// Whether the text looks like mjai JSON Lines: its first line is an object with a
/// `"type"` (tenhou.net/6 logs are one object with a `"log"`).
pub(crate) fn looks_like(bytes: &[u8]) -> bool {
    let first = bytes
        .split(|&b| b == b'\n')
        .find(|l| l.iter().any(|b| !b.is_ascii_whitespace()))
        .unwrap_or(&[]);
    let has = |needle: &[u8]| first.windows(needle.len()).any(|w| w == needle);
    has(b"\"type\"") && !has(b"\"log\"")
}

/// Read an mjai log (JSON Lines). Errors name the line.
pub(crate) fn parse(bytes: &[u8]) -> Result<Game, Error> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| log_error(Some(format!("byte {}", e.valid_up_to())), "not UTF-8 text"))?;
    let mut game = Game::new(LogFormat::Mjai, GameRules::default());
    let mut table: Option<Table> = None;
    let mut players_set = false;
    for (ln, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = || Some(format!("line {}", ln + 1));
        let err = |m: String| log_error(at(), m);
        let v: Value =
            serde_json::from_str(line).map_err(|e| err(format!("not valid JSON: {e}")))?;
        let ty = v
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| err("an event without a \"type\"".into()))?;
        let num = |k: &str| -> Result<u64, Error> {
            v.get(k)
                .and_then(Value::as_u64)
                .ok_or_else(|| err(format!("{ty} without a number {k:?}")))
        };
        let seat = |k: &str| -> Result<u8, Error> {
            u8::try_from(num(k)?)
                .ok()
                .filter(|&s| s < 4)
                .ok_or_else(|| err(format!("{ty}: {k} is not a seat")))
        };
        let tile_of = |x: &Value| -> Result<Tile, Error> {
            x.as_str()
                .and_then(Tile::from_mjai)
                .ok_or_else(|| err(format!("{ty}: {x} is not an mjai tile")))
        };
        let tile = |k: &str| -> Result<Tile, Error> {
            tile_of(v.get(k).ok_or_else(|| err(format!("{ty} without {k:?}")))?)
        };
        let tiles = |k: &str| -> Result<Vec<Tile>, Error> {
            v.get(k)
                .and_then(Value::as_array)
                .ok_or_else(|| err(format!("{ty} without a list {k:?}")))?
                .iter()
                .map(&tile_of)
                .collect()
        };
        let tb = |table: &mut Option<Table>| -> Result<(), Error> {
            if table.is_none() {
                return Err(err(format!("{ty} before any start_kyoku")));
            }
            Ok(())
        };
        match ty {
            "start_game" => {
                if let Some(n) = v.get("names").and_then(Value::as_array) {
                    game.names = n
                        .iter()
                        .map(|x| x.as_str().unwrap_or("").to_string())
                        .collect();
                }
                if let Some(a) = v.get("aka_flag").and_then(Value::as_bool) {
                    game.rules.red_fives = a;
                }
                if let Some(k) = v.get("open_tanyao").and_then(Value::as_bool) {
                    game.rules.open_tanyao = k;
                }
                if let Some(t) = v.get("go_type").and_then(Value::as_u64) {
                    game.rules.go_type = u32::try_from(t).ok();
                }
                if let Some(p) = v.get("players").and_then(Value::as_u64) {
                    game.rules.players = if p == 3 { 3 } else { 4 };
                    players_set = true;
                }
            }
            "start_kyoku" => {
                if let Some(done) = table.take() {
                    game.push_round(done.log);
                }
                let bakaze = tile("bakaze")?
                    .wind()
                    .ok_or_else(|| err("bakaze is not a wind".into()))?;
                let kyoku = num("kyoku")?;
                if !(1..=4).contains(&kyoku) {
                    return Err(err(format!("kyoku {kyoku} is not 1..4")));
                }
                let round = u8::try_from(bakaze.index() * 4 + kyoku as usize - 1)
                    .map_err(|_| err("round out of range".into()))?;
                let tehais = v
                    .get("tehais")
                    .and_then(Value::as_array)
                    .filter(|t| t.len() == 4)
                    .ok_or_else(|| err("start_kyoku without 4 tehais".into()))?;
                let mut hands: [Vec<Tile>; 4] = Default::default();
                for (s, h) in tehais.iter().enumerate() {
                    let list = h
                        .as_array()
                        .ok_or_else(|| err("a tehai is not a list".into()))?;
                    if list.iter().all(|x| x.as_str() == Some("?")) {
                        continue;
                    }
                    hands[s] = list.iter().map(&tile_of).collect::<Result<_, _>>()?;
                }
                if !players_set && hands[3].is_empty() {
                    game.rules.players = 3;
                }
                let dealer = seat("oya")?;
                let mut t = Table::new(
                    game.rules.players,
                    round,
                    u32::try_from(num("honba")?).unwrap_or(u32::MAX),
                    u32::try_from(num("kyotaku")?).unwrap_or(u32::MAX),
                    dealer,
                    tile("dora_marker")?,
                    hands,
                )
                .map_err(err)?;
                if let Some(sc) = v.get("scores").and_then(Value::as_array) {
                    for (s, x) in sc.iter().take(4).enumerate() {
                        t.log.scores[s] = x.as_i64().unwrap_or(0) as i32;
                    }
                }
                game.rounds += 1;
                table = Some(t);
            }
            "tsumo" => {
                tb(&mut table)?;
                let (who, t) = (seat("actor")?, tile("pai")?);
                if let Some(tb) = table.as_mut() {
                    tb.draw(who, t).map_err(err)?;
                }
            }
            "dahai" => {
                tb(&mut table)?;
                let tsumogiri = v.get("tsumogiri").and_then(Value::as_bool).unwrap_or(false);
                let (who, t) = (seat("actor")?, tile("pai")?);
                if let Some(tb) = table.as_mut() {
                    tb.discard(who, t, tsumogiri).map_err(err)?;
                }
            }
            "chi" | "pon" | "daiminkan" | "kakan" | "ankan" | "nukidora" => {
                tb(&mut table)?;
                let who = seat("actor")?;
                let call = match ty {
                    "ankan" => LoggedCall {
                        kind: MeldType::Ankan,
                        tiles: sorted(tiles("consumed")?),
                        called: None,
                        added: None,
                        from: who,
                    },
                    "nukidora" => LoggedCall {
                        kind: MeldType::Nukidora,
                        tiles: vec![tile("pai")?],
                        called: None,
                        added: None,
                        from: who,
                    },
                    "kakan" => {
                        let pai = tile("pai")?;
                        let mut all = tiles("consumed")?;
                        all.push(pai);
                        LoggedCall {
                            kind: MeldType::Shouminkan,
                            tiles: sorted(all),
                            called: None,
                            added: Some(pai),
                            from: who,
                        }
                    }
                    _ => {
                        let pai = tile("pai")?;
                        let mut all = tiles("consumed")?;
                        all.push(pai);
                        LoggedCall {
                            kind: match ty {
                                "chi" => MeldType::Chi,
                                "pon" => MeldType::Pon,
                                _ => MeldType::Daiminkan,
                            },
                            tiles: sorted(all),
                            called: Some(pai),
                            added: None,
                            from: seat("target")?,
                        }
                    }
                };
                if let Some(tb) = table.as_mut() {
                    tb.call(who, call).map_err(err)?;
                }
            }
            "reach" => {
                tb(&mut table)?;
                let who = seat("actor")?;
                if let Some(tb) = table.as_mut() {
                    tb.riichi_declare(who).map_err(err)?;
                }
            }
            "reach_accepted" => {
                tb(&mut table)?;
                let who = seat("actor")?;
                if let Some(tb) = table.as_mut() {
                    tb.riichi_accept(who).map_err(err)?;
                }
            }
            "dora" => {
                tb(&mut table)?;
                let t = tile("dora_marker")?;
                if let Some(tb) = table.as_mut() {
                    tb.add_dora(t).map_err(err)?;
                }
            }
            "hora" => {
                tb(&mut table)?;
                let ura = match v.get("uradora_markers") {
                    Some(_) => tiles("uradora_markers")?,
                    None => Vec::new(),
                };
                let recorded = hora_record(&v).map_err(err)?;
                let pao = v
                    .get("pao")
                    .and_then(Value::as_u64)
                    .and_then(|p| u8::try_from(p).ok());
                let rec = WinRecord {
                    winner: seat("actor")?,
                    from: seat("target")?,
                    ura: ura.clone(),
                    recorded,
                    pao,
                };
                if let Some(tb) = table.as_mut() {
                    let win = tb.win(rec).map_err(err)?;
                    game.wins.push(win);
                    tb.log.end = RoundEnd::Win;
                    tb.log.ura = ura;
                    if let Some(d) = deltas(&v) {
                        tb.log.add_deltas(d);
                    }
                }
            }
            "ryukyoku" => {
                tb(&mut table)?;
                if let Some(tb) = table.as_mut() {
                    tb.log.end = match v.get("reason").and_then(Value::as_str) {
                        None | Some("fanpai") => RoundEnd::Exhaustive,
                        Some("nagashimangan") => RoundEnd::Nagashi,
                        Some("kyushukyuhai") => RoundEnd::Abort(Abort::NineTerminals),
                        Some("suufonrenta") => RoundEnd::Abort(Abort::FourWinds),
                        Some("suuchariichi") => RoundEnd::Abort(Abort::FourRiichi),
                        Some("suukaikan") => RoundEnd::Abort(Abort::FourKans),
                        Some("sanchaho") => RoundEnd::Abort(Abort::TripleRon),
                        Some(r) => return Err(err(format!("unknown ryukyoku reason {r:?}"))),
                    };
                    if let Some(t) = v.get("tenpais").and_then(Value::as_array) {
                        let mut out = [false; 4];
                        for (o, x) in out.iter_mut().zip(t) {
                            *o = x.as_bool().unwrap_or(false);
                        }
                        tb.log.recorded_tenpai = Some(out);
                    }
                    if let Some(d) = deltas(&v) {
                        tb.log.add_deltas(d);
                    }
                }
            }
            "end_kyoku" => {
                if let Some(done) = table.take() {
                    game.push_round(done.log);
                }
            }
            "end_game" => {
                if let Some(done) = table.take() {
                    game.push_round(done.log);
                }
                if let Some(sc) = v.get("scores").and_then(Value::as_array) {
                    game.final_scores =
                        Some(sc.iter().map(|x| x.as_i64().unwrap_or(0) as i32).collect());
                }
            }
            // Other events (none, error, hello...) carry nothing for a game record.
            _ => {}
        }
    }
    if let Some(done) = table.take() {
        game.push_round(done.log);
    }
    if game.round_logs.is_empty() {
        return Err(log_error(None, "an mjai log without any start_kyoku"));
    }
    Ok(game)
}

fn sorted(mut v: Vec<Tile>) -> Vec<Tile> {
    v.sort();
    v
}

fn deltas(v: &Value) -> Option<[i32; 4]> {
    let d = v.get("deltas")?.as_array()?;
    let mut out = [0i32; 4];
    for (o, x) in out.iter_mut().zip(d) {
        *o = x.as_i64().unwrap_or(0) as i32;
    }
    Some(out)
}

/// The record of a win from a `hora` event: exact ids when written by this crate,
/// else the mjai `yakus` names.
fn hora_record(v: &Value) -> Result<Recorded, String> {
    let mut r = Recorded {
        fu: v.get("fu").and_then(Value::as_u64).map(|f| f as u32),
        points: v.get("hora_points").and_then(Value::as_u64).unwrap_or(0) as u32,
        limit: v.get("limit").and_then(Value::as_u64).unwrap_or(0) as u8,
        ..Recorded::default()
    };
    if let Some(ids) = v.get("yaku_ids").and_then(Value::as_array) {
        for p in ids {
            let id = p.get(0).and_then(Value::as_u64).ok_or("bad yaku_ids")?;
            let han = p.get(1).and_then(Value::as_u64).ok_or("bad yaku_ids")?;
            r.yaku.push((id as u8, han as u32));
        }
        if let Some(ids) = v.get("yakuman_ids").and_then(Value::as_array) {
            r.yakuman = ids
                .iter()
                .filter_map(Value::as_u64)
                .map(|x| x as u8)
                .collect();
        }
        return Ok(r);
    }
    if let Some(list) = v.get("yakus").and_then(Value::as_array) {
        for p in list {
            let name = p.get(0).and_then(Value::as_str).ok_or("bad yakus")?;
            let han = p.get(1).and_then(Value::as_u64).unwrap_or(0) as u32;
            let info = tenhou_yaku::YAKU
                .iter()
                .find(|y| y.name == name)
                .ok_or_else(|| format!("unknown yaku {name:?}"))?;
            if (37..=51).contains(&info.id) && han >= 13 {
                r.yakuman.push(info.id);
            } else {
                r.yaku.push((info.id, han));
            }
        }
    }
    Ok(r)
}
