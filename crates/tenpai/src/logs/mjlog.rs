//! Tenhou mjlog XML: a flat sequence of tags (`<mjloggm>`, `GO`, `INIT`, `T12`, `D34`,
//! `N`, `REACH`, `DORA`, `AGARI`, `RYUUKYOKU`, ...), read with a small scanner.

use super::events::{Abort, RoundEnd, RoundLog};
use super::mjlog_meld;
use super::table::{Table, WinRecord};
use super::{log_error, Game, GameRules, LogFormat, LoggedCall, Recorded};
use crate::error::Error;
use crate::tile::Tile;

struct Tag<'a> {
    name: &'a [u8],
    closing: bool,
    attrs: Vec<(&'a [u8], &'a [u8])>,
    pos: usize,
}

impl<'a> Tag<'a> {
    fn attr(&self, key: &str) -> Option<&'a str> {
        self.attrs
            .iter()
            .find(|(k, _)| *k == key.as_bytes())
            .and_then(|(_, v)| std::str::from_utf8(v).ok())
    }
}

struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
}

fn at(pos: usize) -> Option<String> {
    Some(format!("byte {pos}"))
}

impl<'a> Scanner<'a> {
    fn truncated(start: usize) -> Error {
        log_error(at(start), "truncated: the file ends inside a tag")
    }

    fn skip_ws(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// The common case, read without building a tag: a draw or discard `<T12/>` right
    /// here. Anything else leaves the position alone.
    fn draw_or_discard_here(&mut self) -> Option<(bool, u8, u32, usize)> {
        let b = self.bytes;
        let start = self.pos;
        if b.get(start) != Some(&b'<') {
            return None;
        }
        let letter = *b.get(start + 1)?;
        let (is_draw, who) = match letter {
            b'T'..=b'W' => (true, letter - b'T'),
            b'D'..=b'G' => (false, letter - b'D'),
            _ => return None,
        };
        let mut i = start + 2;
        let mut id = 0u32;
        while i < b.len() && b[i].is_ascii_digit() && i < start + 5 {
            id = id * 10 + u32::from(b[i] - b'0');
            i += 1;
        }
        if i == start + 2 || b.get(i..i + 2) != Some(b"/>") {
            return None;
        }
        self.pos = i + 2;
        Some((is_draw, who, id, start))
    }

    fn next_tag(&mut self) -> Result<Option<Tag<'a>>, Error> {
        let b = self.bytes;
        loop {
            match b[self.pos..].iter().position(|&c| c == b'<') {
                None => return Ok(None),
                Some(off) => self.pos += off,
            }
            let start = self.pos;
            self.pos += 1;
            if b[self.pos..].starts_with(b"?") || b[self.pos..].starts_with(b"!") {
                let end = b[self.pos..]
                    .iter()
                    .position(|&c| c == b'>')
                    .ok_or_else(|| Self::truncated(start))?;
                self.pos += end + 1;
                continue;
            }
            let closing = b.get(self.pos) == Some(&b'/');
            if closing {
                self.pos += 1;
            }
            let name_start = self.pos;
            while self.pos < b.len() && (b[self.pos].is_ascii_alphanumeric() || b[self.pos] == b'_')
            {
                self.pos += 1;
            }
            if self.pos == b.len() {
                return Err(Self::truncated(start));
            }
            let name = &b[name_start..self.pos];
            if name.is_empty() {
                return Err(log_error(at(start), "malformed XML: a tag without a name"));
            }
            let mut attrs = Vec::new();
            loop {
                self.skip_ws();
                match b.get(self.pos) {
                    None => return Err(Self::truncated(start)),
                    Some(b'>') => {
                        self.pos += 1;
                        break;
                    }
                    Some(b'/') => {
                        if b.get(self.pos + 1) == Some(&b'>') {
                            self.pos += 2;
                            break;
                        }
                        if self.pos + 1 >= b.len() {
                            return Err(Self::truncated(start));
                        }
                        return Err(log_error(
                            at(self.pos),
                            "malformed XML: '/' not followed by '>'",
                        ));
                    }
                    Some(_) => {
                        let key_start = self.pos;
                        while self.pos < b.len()
                            && !matches!(b[self.pos], b'=' | b'>' | b'/')
                            && !b[self.pos].is_ascii_whitespace()
                        {
                            self.pos += 1;
                        }
                        let key = &b[key_start..self.pos];
                        self.skip_ws();
                        if self.pos >= b.len() {
                            return Err(Self::truncated(start));
                        }
                        if b[self.pos] != b'=' {
                            return Err(log_error(
                                at(self.pos),
                                "malformed XML: attribute without '='",
                            ));
                        }
                        self.pos += 1;
                        self.skip_ws();
                        let quote = match b.get(self.pos) {
                            None => return Err(Self::truncated(start)),
                            Some(&q @ (b'"' | b'\'')) => q,
                            Some(_) => {
                                return Err(log_error(
                                    at(self.pos),
                                    "malformed XML: unquoted attribute value",
                                ))
                            }
                        };
                        self.pos += 1;
                        let end = b[self.pos..]
                            .iter()
                            .position(|&c| c == quote)
                            .ok_or_else(|| Self::truncated(start))?;
                        attrs.push((key, &b[self.pos..self.pos + end]));
                        self.pos += end + 1;
                    }
                }
            }
            return Ok(Some(Tag {
                name,
                closing,
                attrs,
                pos: start,
            }));
        }
    }
}

fn numbers(text: &str) -> Result<Vec<u32>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|s| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("{text:?} is not a list of numbers"))
        })
        .collect()
}

/// A list of tile ids (`"12,40,135"`): each in 0..135, or why not (a number too
/// large for any type counts as out of range).
fn tile_id_list(text: &str) -> Result<Vec<u32>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|s| {
            let s = s.trim();
            match s.parse::<u32>() {
                Ok(id) if id < 136 => Ok(id),
                Err(_) if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) => {
                    Err(format!("{text:?} is not a list of tile ids"))
                }
                _ => Err(format!("tile id {s} out of range 0..135")),
            }
        })
        .collect()
}

/// A draw (`T`..`W`) or discard (`D`..`G`) tag: seat and 136 id, the id `None` when
/// the digits are not one Tenhou writes (a leading zero, or past 3 digits).
fn draw_or_discard(name: &[u8]) -> Option<(bool, u8, Option<u32>)> {
    let (&first, rest) = name.split_first()?;
    if rest.is_empty() || !rest.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let id = if rest.len() > 3 || (rest.len() > 1 && rest[0] == b'0') {
        None
    } else {
        std::str::from_utf8(rest).ok()?.parse().ok()
    };
    match first {
        b'T'..=b'W' => Some((true, first - b'T', id)),
        b'D'..=b'G' => Some((false, first - b'D', id)),
        _ => None,
    }
}

/// Where each of the 136 tile ids is in a round, to catch logs that use an id twice.
struct Ids {
    state: [u8; 136],
}

/// Not dealt or drawn yet.
const IN_WALL: u8 = u8::MAX;
/// Out of every hand: discarded, called, or shown as an indicator.
const OUT: u8 = 4;

impl Ids {
    fn new() -> Ids {
        Ids {
            state: [IN_WALL; 136],
        }
    }

    /// `id` comes into play (dealt or drawn by `seat`, or shown as an indicator when
    /// `seat` is [`OUT`]): it must still be in the wall.
    fn take(&mut self, id: u32, seat: u8, what: &str) -> Result<(), String> {
        let s = self
            .state
            .get_mut(id as usize)
            .ok_or_else(|| format!("tile id {id} out of range 0..136"))?;
        if *s != IN_WALL {
            return Err(format!(
                "tile id {id} {what}, but it is already in play: the log is broken"
            ));
        }
        *s = seat;
        Ok(())
    }

    /// `seat` gives up `id` (a discard or a call): it must be holding it.
    fn give(&mut self, id: u32, seat: u8, what: &str) -> Result<(), String> {
        let s = self
            .state
            .get_mut(id as usize)
            .ok_or_else(|| format!("tile id {id} out of range 0..136"))?;
        if *s != seat {
            return Err(format!(
                "seat {seat} {what} tile id {id}, which it does not hold: the log is broken"
            ));
        }
        *s = OUT;
        Ok(())
    }
}

/// A draw or discard of tile id `id` by `who`.
fn draw_or_discard_event(
    table: &mut Option<Table>,
    ids: &mut Ids,
    last_draw: &mut [Option<u32>; 4],
    rules: GameRules,
    is_draw: bool,
    who: u8,
    id: u32,
) -> Result<(), String> {
    let t = u16::try_from(id)
        .ok()
        .and_then(|id| Tile::from_136(id, rules.red_fives))
        .ok_or_else(|| format!("tile id {id} out of range 0..136"))?;
    let tb = table.as_mut().ok_or("a draw or discard before any INIT")?;
    if who >= rules.players {
        return Err(format!("seat {who} out of range"));
    }
    let seat = usize::from(who) % 4;
    if is_draw {
        ids.take(id, who, &format!("is drawn by seat {who}"))?;
        last_draw[seat] = Some(id);
        tb.draw(who, t)
    } else {
        let tsumogiri = last_draw[seat].take() == Some(id);
        tb.discard(who, t, tsumogiri)?;
        ids.give(id, who, "discards")
    }
}

pub(super) fn parse(bytes: &[u8]) -> Result<Game, Error> {
    let mut sc = Scanner { bytes, pos: 0 };
    let mut rules = GameRules::default();
    let mut table: Option<Table> = None;
    let mut game = Game::new(LogFormat::Mjlog, rules);
    // The 136 id each seat drew last, to tell a discard of the drawn tile (tsumogiri).
    let mut last_draw: [Option<u32>; 4] = [None; 4];
    let mut root = false;
    let mut closed = false;
    let mut ids = Ids::new();
    loop {
        if root && !closed {
            if let Some((is_draw, who, id, pos)) = sc.draw_or_discard_here() {
                draw_or_discard_event(
                    &mut table,
                    &mut ids,
                    &mut last_draw,
                    rules,
                    is_draw,
                    who,
                    id,
                )
                .map_err(|m| log_error(at(pos), m))?;
                continue;
            }
        }
        let Some(tag) = sc.next_tag()? else { break };
        let pos = tag.pos;
        let err = |m: String| log_error(at(pos), m);
        if !root {
            if tag.name != b"mjloggm" || tag.closing {
                return Err(err("not an mjlog: the first tag is not <mjloggm>".into()));
            }
            root = true;
            continue;
        }
        if closed {
            return Err(err("content after </mjloggm>".into()));
        }
        if tag.closing {
            if tag.name == b"mjloggm" {
                closed = true;
            }
            continue;
        }
        let tile = |id: u32| {
            u16::try_from(id)
                .ok()
                .and_then(|id| Tile::from_136(id, rules.red_fives))
                .ok_or_else(|| err(format!("tile id {id} out of range 0..136")))
        };
        // Every tile id of an attribute: a list of numbers each in 0..135, the tag and
        // the attribute named when one is not.
        let tag_name = String::from_utf8_lossy(tag.name);
        let tile_ids = |attr: &str| -> Result<Vec<u32>, Error> {
            tile_id_list(tag.attr(attr).unwrap_or(""))
                .map_err(|m| err(format!("{tag_name} {attr}: {m}")))
        };
        let tiles_of = |attr: &str| -> Result<Vec<Tile>, Error> {
            tile_ids(attr)?.into_iter().map(tile).collect()
        };
        if let Some((is_draw, who, id)) = draw_or_discard(tag.name) {
            let id = id.ok_or_else(|| {
                err(format!(
                    "<{}/>: not a tile id 0..135",
                    String::from_utf8_lossy(tag.name)
                ))
            })?;
            draw_or_discard_event(
                &mut table,
                &mut ids,
                &mut last_draw,
                rules,
                is_draw,
                who,
                id,
            )
            .map_err(err)?;
            continue;
        }
        let num = |key: &str| -> Result<u32, Error> {
            tag.attr(key)
                .ok_or_else(|| {
                    err(format!(
                        "{} without {key}",
                        String::from_utf8_lossy(tag.name)
                    ))
                })?
                .trim()
                .parse()
                .map_err(|_| err(format!("{key} is not a number")))
        };
        match tag.name {
            b"GO" => {
                let t = num("type")?;
                rules = GameRules {
                    players: if t & 0x10 != 0 { 3 } else { 4 },
                    red_fives: t & 0x02 == 0,
                    open_tanyao: t & 0x04 == 0,
                    go_type: Some(t),
                };
                game.rules = rules;
            }
            b"INIT" => {
                let seed = numbers(tag.attr("seed").unwrap_or(""))
                    .map_err(|m| err(format!("INIT seed: {m}")))?;
                if seed.len() < 6 {
                    return Err(err("INIT seed needs 6 numbers".into()));
                }
                if seed[5] >= 136 {
                    return Err(err(format!(
                        "INIT seed: dora indicator tile id {} out of range 0..135",
                        seed[5]
                    )));
                }
                let mut hands: [Vec<Tile>; 4] = Default::default();
                ids = Ids::new();
                ids.take(seed[5], OUT, "is the dora indicator")
                    .map_err(err)?;
                for (seat, hand) in hands.iter_mut().enumerate() {
                    let dealt = tile_ids(&format!("hai{seat}"))?;
                    for &id in &dealt {
                        ids.take(id, seat as u8, &format!("is dealt to seat {seat}"))
                            .map_err(err)?;
                    }
                    *hand = dealt.into_iter().map(tile).collect::<Result<_, _>>()?;
                }
                if hands[3].is_empty() && rules.players == 4 && game.rounds == 0 {
                    rules.players = 3;
                    game.rules = rules;
                }
                let round = u8::try_from(seed[0]).map_err(|_| err("round out of range".into()))?;
                game.rounds += 1;
                if let Some(done) = table.take() {
                    game.push_round(done.log);
                }
                last_draw = [None; 4];
                let mut tb = Table::new(
                    rules.players,
                    round,
                    seed[1],
                    seed[2],
                    u8::try_from(num("oya")?).unwrap_or(u8::MAX),
                    tile(seed[5])?,
                    hands,
                )
                .map_err(err)?;
                tb.log.scores = hundreds(tag.attr("ten")).map_err(err)?;
                table = Some(tb);
            }
            b"N" => {
                let who = u8::try_from(num("who")?)
                    .ok()
                    .filter(|&w| w < rules.players)
                    .ok_or_else(|| err("call by a seat out of range".into()))?;
                let d = mjlog_meld::decode(num("m")?).map_err(|e| err(e.to_string()))?;
                let from = match d.from_rel {
                    0 => who,
                    3 => (who + rules.players - 1) % rules.players,
                    r => (who + r) % rules.players,
                };
                let call = LoggedCall {
                    kind: d.kind,
                    tiles: d
                        .tiles
                        .iter()
                        .map(|&t| tile(u32::from(t)))
                        .collect::<Result<_, _>>()?,
                    called: d.called.map(|t| tile(u32::from(t))).transpose()?,
                    added: d.added.map(|t| tile(u32::from(t))).transpose()?,
                    from,
                };
                let tb = table
                    .as_mut()
                    .ok_or_else(|| err("a call before any INIT".into()))?;
                match d.kind {
                    mjlog_meld::MeldType::Shouminkan => {
                        if let Some(a) = d.added {
                            ids.give(u32::from(a), who, "adds to a kan").map_err(err)?;
                        }
                    }
                    _ => {
                        for &t in d.tiles.iter().filter(|&&t| Some(t) != d.called) {
                            ids.give(u32::from(t), who, "calls with").map_err(err)?;
                        }
                    }
                }
                tb.call(who, call).map_err(err)?;
            }
            b"REACH" => {
                let who = u8::try_from(num("who")?).unwrap_or(u8::MAX);
                let tb = table
                    .as_mut()
                    .ok_or_else(|| err("REACH before any INIT".into()))?;
                match num("step")? {
                    1 => tb.riichi_declare(who),
                    2 => tb.riichi_accept(who),
                    s => Err(format!("REACH step {s}")),
                }
                .map_err(err)?;
            }
            b"DORA" => {
                num("hai")?;
                let [id] = tile_ids("hai")?[..] else {
                    return Err(err("DORA hai: not one tile id".into()));
                };
                let t = tile(id)?;
                let tb = table
                    .as_mut()
                    .ok_or_else(|| err("DORA before any INIT".into()))?;
                ids.take(id, OUT, "is shown as a dora indicator")
                    .map_err(err)?;
                tb.add_dora(t).map_err(err)?;
            }
            b"AGARI" => {
                let ten = numbers(tag.attr("ten").unwrap_or("")).map_err(err)?;
                if ten.len() < 3 {
                    return Err(err("AGARI ten needs fu,points,limit".into()));
                }
                let yaku = numbers(tag.attr("yaku").unwrap_or("")).map_err(err)?;
                if yaku.len() % 2 != 0 {
                    return Err(err("AGARI yaku needs id,han pairs".into()));
                }
                let yakuman = numbers(tag.attr("yakuman").unwrap_or("")).map_err(err)?;
                let id = |v: u32| {
                    u8::try_from(v)
                        .ok()
                        .filter(|&v| v < 55)
                        .ok_or_else(|| err(format!("unknown yaku id {v}")))
                };
                let recorded = Recorded {
                    yaku: yaku
                        .chunks(2)
                        .map(|p| Ok((id(p[0])?, p[1])))
                        .collect::<Result<_, Error>>()?,
                    yakuman: yakuman.into_iter().map(id).collect::<Result<_, _>>()?,
                    fu: Some(ten[0]),
                    points: ten[1],
                    limit: u8::try_from(ten[2]).unwrap_or(u8::MAX),
                };
                let ura: Vec<Tile> = tiles_of("doraHaiUra")?;
                // Checked, not kept: the rebuilt win has its own winning tile and
                // indicators (hand-made logs often write any id there).
                tiles_of("doraHai")?;
                if tag.attr("machi").is_some() && tiles_of("machi")?.len() != 1 {
                    return Err(err("AGARI machi: not one tile id".into()));
                }
                let pao = match tag.attr("paoWho") {
                    Some(p) => Some(
                        p.trim()
                            .parse::<u8>()
                            .map_err(|_| err("paoWho is not a seat".into()))?,
                    ),
                    None => None,
                };
                let rec = WinRecord {
                    winner: u8::try_from(num("who")?).unwrap_or(u8::MAX),
                    from: u8::try_from(num("fromWho")?).unwrap_or(u8::MAX),
                    ura: ura.clone(),
                    recorded,
                    pao,
                };
                let tb = table
                    .as_mut()
                    .ok_or_else(|| err("AGARI before any INIT".into()))?;
                let win = tb.win(rec).map_err(err)?;
                if tag.attr("hai").is_some() {
                    let mut logged = tiles_of("hai")?;
                    logged.sort();
                    if logged != win.concealed {
                        return Err(err(format!(
                            "AGARI hai {} is not the rebuilt hand {}: the log is broken",
                            crate::notation::format_tiles(&logged),
                            crate::notation::format_tiles(&win.concealed)
                        )));
                    }
                }
                game.wins.push(win);
                tb.log.end = RoundEnd::Win;
                tb.log.ura = ura;
                record_result(&tag, &mut tb.log, &mut game.final_scores).map_err(err)?;
            }
            b"RYUUKYOKU" => {
                let tb = table
                    .as_mut()
                    .ok_or_else(|| err("RYUUKYOKU before any INIT".into()))?;
                tb.log.end = match tag.attr("type") {
                    None => RoundEnd::Exhaustive,
                    Some("nm") => RoundEnd::Nagashi,
                    Some("yao9") => RoundEnd::Abort(Abort::NineTerminals),
                    Some("kaze4") => RoundEnd::Abort(Abort::FourWinds),
                    Some("reach4") => RoundEnd::Abort(Abort::FourRiichi),
                    Some("kan4") => RoundEnd::Abort(Abort::FourKans),
                    Some("ron3") => RoundEnd::Abort(Abort::TripleRon),
                    Some(t) => return Err(err(format!("unknown RYUUKYOKU type {t:?}"))),
                };
                // The hands shown at a draw: checked, not kept.
                for seat in 0..4 {
                    tile_ids(&format!("hai{seat}"))?;
                }
                if tb.log.end == RoundEnd::Exhaustive {
                    let mut tenpai = [false; 4];
                    for (seat, t) in tenpai.iter_mut().enumerate() {
                        *t = tag.attr(&format!("hai{seat}")).is_some();
                    }
                    tb.log.recorded_tenpai = Some(tenpai);
                }
                record_result(&tag, &mut tb.log, &mut game.final_scores).map_err(err)?;
            }
            b"UN" if game.names.is_empty() => {
                game.names = (0..4)
                    .map(|seat| percent_decode(tag.attr(&format!("n{seat}")).unwrap_or("")))
                    .collect();
            }
            _ => {}
        }
    }
    if !root {
        return Err(log_error(None, "not an mjlog: no <mjloggm> tag"));
    }
    if let Some(done) = table.take() {
        game.push_round(done.log);
    }
    if !closed {
        return Err(log_error(
            at(bytes.len()),
            "truncated: the log ends without </mjloggm>",
        ));
    }
    Ok(game)
}

/// Four scores in hundreds (`ten="250,250,250,250"`) as points.
fn hundreds(text: Option<&str>) -> Result<[i32; 4], String> {
    let mut out = [0i32; 4];
    let Some(text) = text else { return Ok(out) };
    for (i, part) in text.split(',').take(4).enumerate() {
        let v: f64 = part
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a list of scores"))?;
        out[i] = (v * 100.0).round() as i32;
    }
    Ok(out)
}

/// The score changes of a result tag (`sc="before0,delta0,before1,delta1,..."` in
/// hundreds) and the final scores of the game (`owari="score0,points0,..."`).
fn record_result(
    tag: &Tag<'_>,
    log: &mut RoundLog,
    final_scores: &mut Option<Vec<i32>>,
) -> Result<(), String> {
    if let Some(sc) = tag.attr("sc") {
        let v: Vec<f64> = sc
            .split(',')
            .map(|x| x.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("sc {sc:?} is not a list of numbers"))?;
        let mut deltas = [0i32; 4];
        for (seat, d) in deltas.iter_mut().enumerate() {
            *d = v
                .get(2 * seat + 1)
                .map_or(0, |x| (x * 100.0).round() as i32);
        }
        log.add_deltas(deltas);
    }
    if let Some(owari) = tag.attr("owari") {
        let v: Vec<f64> = owari
            .split(',')
            .map(|x| x.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("owari {owari:?} is not a list of numbers"))?;
        *final_scores = Some(
            v.iter()
                .step_by(2)
                .map(|x| (x * 100.0).round() as i32)
                .collect(),
        );
    }
    Ok(())
}

/// Tenhou writes player names URL-encoded (`%E3%81%82`).
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
