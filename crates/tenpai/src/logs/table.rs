//! The table during one round: hands, calls, wall, riichi and the flags a win needs.
//! Both readers feed it the same events in play order.

use super::events::{Event, RoundLog};
use super::{LoggedCall, MeldType, Recorded, Win, WinFlags};
use crate::tile::{Tile, Wind};

/// What happened last, for rinshan/chankan/houtei.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    Start,
    Draw {
        who: u8,
        rinshan: bool,
    },
    Discard {
        who: u8,
        tile: Tile,
    },
    AddedKan {
        who: u8,
        tile: Tile,
    },
    ClosedKan {
        who: u8,
        tile: Tile,
    },
    /// A North extracted (3 players): it can be robbed by ron, without chankan.
    Nukidora {
        who: u8,
        tile: Tile,
    },
    OtherCall,
}

/// The result part of a win, as the reader found it.
#[derive(Debug, Clone, Default)]
pub(crate) struct WinRecord {
    pub winner: u8,
    pub from: u8,
    pub ura: Vec<Tile>,
    /// What the server recorded for the win.
    pub recorded: Recorded,
    /// The seat liable for the hand (pao), when the log names one other than the winner.
    pub pao: Option<u8>,
}

#[derive(Debug, Clone)]
pub(crate) struct Table {
    players: u8,
    pub round: u8,
    pub honba: u32,
    sticks: u32,
    dealer: u8,
    hands: [Vec<Tile>; 4],
    calls: [Vec<LoggedCall>; 4],
    live: i32,
    discards: [u32; 4],
    any_call: bool,
    riichi: [bool; 4],
    double_riichi: [bool; 4],
    declaring: [Option<bool>; 4],
    ippatsu: [bool; 4],
    /// Ippatsu as it stood before an added kan: a robbed kan never happened.
    ippatsu_before_kan: [bool; 4],
    rinshan_next: [bool; 4],
    last: Last,
    pub dora: Vec<Tile>,
    wins_on_last: u8,
    /// Copies of each kind in play so far (dealt, drawn, shown as dora indicators).
    seen: [u8; 34],
    /// Red fives in play so far, per suit.
    reds: [u8; 3],
    /// The round as events, for [`super::Game::round_logs`].
    pub log: RoundLog,
    /// Kan dora indicators known in advance (tenhou.net/6 lists them with the round):
    /// their events are placed when a kan reveals them.
    hidden_dora: std::collections::VecDeque<Tile>,
    /// Open or added kans whose dora is still to be revealed: by the kan seat's
    /// discard, the next kan, or a win (seat, count).
    kan_dora_due: Option<(u8, u8)>,
}

pub(crate) type Res<T> = Result<T, String>;

impl Table {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        players: u8,
        round: u8,
        honba: u32,
        sticks: u32,
        dealer: u8,
        dora: Tile,
        hands: [Vec<Tile>; 4],
    ) -> Res<Table> {
        if !(players == 3 || players == 4) || dealer >= players {
            return Err(format!("dealer seat {dealer} out of range"));
        }
        for (seat, h) in hands.iter().enumerate() {
            let expected = if seat < usize::from(players) { 13 } else { 0 };
            if h.len() != expected {
                return Err(format!(
                    "seat {seat} is dealt {} tiles, not {expected}",
                    h.len()
                ));
            }
        }
        let wall: i32 = if players == 4 { 136 } else { 108 };
        let log = RoundLog::new(round, honba, sticks, dealer, dora, hands.clone());
        let mut table = Table {
            players,
            round,
            honba,
            sticks,
            dealer,
            hands,
            calls: Default::default(),
            live: wall - 14 - 13 * i32::from(players),
            discards: [0; 4],
            any_call: false,
            riichi: [false; 4],
            double_riichi: [false; 4],
            declaring: [None; 4],
            ippatsu: [false; 4],
            ippatsu_before_kan: [false; 4],
            rinshan_next: [false; 4],
            last: Last::Start,
            dora: vec![dora],
            wins_on_last: 0,
            log,
            hidden_dora: Default::default(),
            kan_dora_due: None,
            seen: [0; 34],
            reds: [0; 3],
        };
        for seat in 0..usize::from(players) {
            for i in 0..table.hands[seat].len() {
                let t = table.hands[seat][i];
                table.in_play(t, || format!("dealt to seat {seat}"))?;
            }
        }
        table.in_play(dora, || "shown as the first dora indicator".into())?;
        Ok(table)
    }

    /// One more tile in play: refused when it would be a fifth copy of its kind or a
    /// second red five of its suit. `what` says how it came into play.
    fn in_play(&mut self, t: Tile, what: impl Fn() -> String) -> Res<()> {
        let k = &mut self.seen[t.index()];
        *k += 1;
        if *k > 4 {
            return Err(format!(
                "a fifth {} in play ({}): the log is broken",
                t.kind(),
                what()
            ));
        }
        if t.is_red() {
            let r = &mut self.reds[t.suit().index()];
            *r += 1;
            if *r > 1 {
                return Err(format!(
                    "a second red five {t} in play ({}): the log is broken",
                    what()
                ));
            }
        }
        Ok(())
    }

    /// Tiles a seat holds, counting each call (but not a North extraction) as three: 13
    /// between turns, 14 between a draw (or a call) and the discard.
    fn size(&self, s: usize) -> usize {
        self.hands[s].len()
            + 3 * self.calls[s]
                .iter()
                .filter(|c| c.kind != MeldType::Nukidora)
                .count()
    }

    fn seat(&self, who: u8) -> Res<usize> {
        if who < self.players {
            Ok(usize::from(who))
        } else {
            Err(format!("seat {who} out of range"))
        }
    }

    fn take(&mut self, who: usize, tile: Tile) -> Res<()> {
        let hand = &mut self.hands[who];
        match hand.iter().position(|&t| t == tile) {
            Some(i) => {
                hand.swap_remove(i);
                Ok(())
            }
            None => Err(format!("seat {who} has no {tile} in hand")),
        }
    }

    pub fn draw(&mut self, who: u8, tile: Tile) -> Res<()> {
        let s = self.seat(who)?;
        if self.live <= 0 {
            return Err("a draw from an empty wall".into());
        }
        if self.size(s) != 13 {
            return Err(format!(
                "seat {who} draws {tile} twice without a discard in between"
            ));
        }
        if let Some(p) = (0..usize::from(self.players)).find(|&p| self.size(p) == 14) {
            return Err(format!(
                "seat {who} draws {tile} while seat {p} has not discarded (a missing discard)"
            ));
        }
        self.in_play(tile, || format!("drawn by seat {who}"))?;
        self.live -= 1;
        let rinshan = std::mem::take(&mut self.rinshan_next[s]);
        self.hands[s].push(tile);
        self.wins_on_last = 0;
        self.last = Last::Draw { who, rinshan };
        self.log.events.push(Event::Draw { who, tile });
        Ok(())
    }

    /// A discard; `tsumogiri` when the log tells the drawn tile was discarded.
    pub fn discard(&mut self, who: u8, tile: Tile, tsumogiri: bool) -> Res<()> {
        let s = self.seat(who)?;
        if self.size(s) != 14 {
            return Err(format!(
                "seat {who} discards {tile} without a draw or call before it"
            ));
        }
        self.take(s, tile)?;
        self.discards[s] += 1;
        // Ippatsu lasts until the riichi player's next discard.
        self.ippatsu[s] = false;
        self.wins_on_last = 0;
        self.last = Last::Discard { who, tile };
        self.log.events.push(Event::Discard {
            who,
            tile,
            tsumogiri,
        });
        if let Some((seat, n)) = self.kan_dora_due {
            if seat == who {
                self.kan_dora_due = None;
                self.reveal_hidden_dora(n);
            }
        }
        Ok(())
    }

    /// A kan dora indicator known in advance: counted for wins from the start (as
    /// before), its event placed when a kan reveals it.
    pub fn add_hidden_dora(&mut self, indicator: Tile) -> Res<()> {
        self.in_play(indicator, || "shown as a dora indicator".into())?;
        self.dora.push(indicator);
        self.hidden_dora.push_back(indicator);
        Ok(())
    }

    fn reveal_hidden_dora(&mut self, n: u8) {
        for _ in 0..n {
            if let Some(indicator) = self.hidden_dora.pop_front() {
                self.log.events.push(Event::Dora { indicator });
            }
        }
    }

    fn kan_dora_later(&mut self, who: u8) {
        let n = self.kan_dora_due.take().map_or(0, |(_, n)| n);
        self.kan_dora_due = Some((who, n.saturating_add(1)));
    }

    pub fn riichi_declare(&mut self, who: u8) -> Res<()> {
        let s = self.seat(who)?;
        self.declaring[s] = Some(self.discards[s] == 0 && !self.any_call);
        self.log.events.push(Event::Riichi { who });
        Ok(())
    }

    pub fn riichi_accept(&mut self, who: u8) -> Res<()> {
        let s = self.seat(who)?;
        let double = self.declaring[s]
            .take()
            .ok_or("riichi accepted but never declared")?;
        self.riichi[s] = true;
        self.double_riichi[s] = double;
        self.ippatsu[s] = true;
        self.sticks = self.sticks.saturating_add(1);
        self.log.events.push(Event::RiichiAccepted { who });
        Ok(())
    }

    pub fn add_dora(&mut self, indicator: Tile) -> Res<()> {
        self.in_play(indicator, || "shown as a dora indicator".into())?;
        self.dora.push(indicator);
        self.log.events.push(Event::Dora { indicator });
        Ok(())
    }

    /// A call. For chi/pon/daiminkan the called tile is the last discard; `tiles` are all
    /// the call's tiles (for a shouminkan: the four).
    pub fn call(&mut self, who: u8, call: LoggedCall) -> Res<()> {
        let s = self.seat(who)?;
        self.any_call = true;
        self.ippatsu_before_kan = self.ippatsu;
        self.ippatsu = [false; 4];
        self.wins_on_last = 0;
        let event_call = call.clone();
        match call.kind {
            MeldType::Chi | MeldType::Pon | MeldType::Daiminkan => {
                let called = call.called.ok_or("a call without a called tile")?;
                match self.last {
                    Last::Discard { who: d, tile } if d != who && tile == called => {}
                    _ => {
                        return Err(format!(
                            "seat {who} calls {called}, which was not just discarded"
                        ))
                    }
                }
                if self.size(s) != 13 {
                    return Err(format!(
                        "seat {who} calls {called} while holding a drawn tile"
                    ));
                }
                let mut skipped = false;
                for &t in &call.tiles {
                    if t == called && !skipped {
                        skipped = true;
                    } else {
                        self.take(s, t)?;
                    }
                }
                if call.kind == MeldType::Daiminkan {
                    self.rinshan_next[s] = true;
                    self.kan_dora_later(who);
                }
                self.last = Last::OtherCall;
                self.calls[s].push(call);
                self.log.events.push(Event::Call {
                    who,
                    call: event_call,
                });
            }
            MeldType::Ankan => {
                for &t in &call.tiles {
                    self.take(s, t)?;
                }
                self.rinshan_next[s] = true;
                self.last = Last::ClosedKan {
                    who,
                    tile: call.tiles[0],
                };
                self.calls[s].push(call);
                self.log.events.push(Event::Call {
                    who,
                    call: event_call,
                });
                let pending = self.kan_dora_due.take().map_or(0, |(_, n)| n);
                self.reveal_hidden_dora(pending.saturating_add(1));
            }
            MeldType::Shouminkan => {
                let added = call.added.ok_or("an added kan without its added tile")?;
                self.take(s, added)?;
                let pon = self.calls[s]
                    .iter_mut()
                    .find(|c| c.kind == MeldType::Pon && c.tiles[0].kind() == added.kind())
                    .ok_or_else(|| format!("seat {who} adds {added} to a pon it does not have"))?;
                pon.kind = MeldType::Shouminkan;
                pon.added = Some(added);
                pon.tiles.push(added);
                pon.tiles.sort();
                let quad = pon.clone();
                self.rinshan_next[s] = true;
                self.last = Last::AddedKan { who, tile: added };
                self.kan_dora_later(who);
                self.log.events.push(Event::Call { who, call: quad });
            }
            MeldType::Nukidora => {
                self.take(s, call.tiles[0])?;
                self.rinshan_next[s] = true;
                self.last = Last::Nukidora {
                    who,
                    tile: call.tiles[0],
                };
                self.calls[s].push(call);
                self.log.events.push(Event::Call {
                    who,
                    call: event_call,
                });
            }
        }
        Ok(())
    }

    /// A win: by tsumo on the winner's own draw, or by ron on the last discard, added
    /// kan (chankan) or closed kan (kokushi only).
    pub fn win(&mut self, rec: WinRecord) -> Res<Win> {
        let w = self.seat(rec.winner)?;
        self.seat(rec.from)?;
        let tsumo = rec.winner == rec.from;
        let expected = if tsumo { 14 } else { 13 };
        if self.size(w) != expected {
            return Err(format!(
                "seat {} wins by {} holding {} tiles (counting calls as 3), not {expected}",
                rec.winner,
                if tsumo { "tsumo" } else { "ron" },
                self.size(w)
            ));
        }
        let (mut seen, mut reds) = (self.seen, self.reds);
        for &t in &rec.ura {
            seen[t.index()] += 1;
            if seen[t.index()] > 4 {
                return Err(format!(
                    "a fifth {} in play (shown as an ura indicator): the log is broken",
                    t.kind()
                ));
            }
            if t.is_red() {
                reds[t.suit().index()] += 1;
                if reds[t.suit().index()] > 1 {
                    return Err(format!(
                        "a second red five {t} in play (shown as an ura indicator): the log is broken"
                    ));
                }
            }
        }
        let mut situation = WinFlags {
            riichi: self.riichi[w],
            double_riichi: self.double_riichi[w],
            ippatsu: self.ippatsu[w],
            ..WinFlags::default()
        };
        let no_calls_first_turn = self.discards[w] == 0 && !self.any_call;
        let mut concealed = self.hands[w].clone();
        let win_tile;
        if tsumo {
            match self.last {
                Last::Draw { who, rinshan } if who == rec.winner => {
                    win_tile = *concealed.last().ok_or("empty hand")?;
                    situation.rinshan = rinshan;
                    situation.haitei = !rinshan && self.live == 0;
                    situation.tenhou = no_calls_first_turn && rec.winner == self.dealer;
                    situation.chiihou = no_calls_first_turn && rec.winner != self.dealer;
                }
                _ => return Err(format!("seat {} wins by tsumo without a draw", rec.winner)),
            }
        } else {
            let (who, tile) = match self.last {
                Last::Discard { who, tile } => {
                    situation.houtei = self.live == 0;
                    (who, tile)
                }
                Last::AddedKan { who, tile } => {
                    situation.chankan = true;
                    situation.ippatsu = self.ippatsu_before_kan[w];
                    (who, tile)
                }
                Last::ClosedKan { who, tile } => (who, tile),
                // Robbing an extracted North: a ron, but no chankan (riichi.wiki "Sanma").
                Last::Nukidora { who, tile } => (who, tile),
                _ => {
                    return Err(format!(
                        "seat {} wins by ron with nothing to ron",
                        rec.winner
                    ))
                }
            };
            if who != rec.from {
                return Err(format!(
                    "ron from seat {} but the last tile came from seat {who}",
                    rec.from
                ));
            }
            win_tile = tile;
            concealed.push(tile);
        }
        concealed.sort();
        let order = self.wins_on_last;
        self.wins_on_last += 1;
        if let Some((_, n)) = self.kan_dora_due.take() {
            self.reveal_hidden_dora(n);
        }
        self.log.events.push(Event::Win {
            winner: rec.winner,
            from: rec.from,
        });
        let (paid_honba, paid_sticks) = if order == 0 {
            (self.honba, std::mem::take(&mut self.sticks))
        } else {
            (0, 0)
        };
        Ok(Win {
            round: self.round,
            honba: self.honba,
            dealer: self.dealer,
            winner: rec.winner,
            from: rec.from,
            tsumo,
            multi_ron_order: order,
            concealed,
            calls: self.calls[w].clone(),
            win_tile,
            // Seats count from the dealer around the players at the table (a 3-player
            // game has no North seat).
            seat_wind: Wind::from_index(
                (usize::from(rec.winner) + usize::from(self.players) - usize::from(self.dealer))
                    % usize::from(self.players),
            ),
            round_wind: Wind::from_index(usize::from(self.round / 4) % 4),
            dora: self.dora.clone(),
            ura: rec.ura,
            situation,
            paid_honba,
            paid_sticks,
            recorded: rec.recorded,
            pao: rec.pao.filter(|&p| p != rec.winner),
        })
    }
}
