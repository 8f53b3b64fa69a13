//! Each round of a game as it was played: the deal, every event in play order (draws,
//! discards, calls, riichi, dora, wins), how it ended and what the log recorded for it
//! (scores at the start, score changes). Both readers record the same events, so the
//! score track, statistics, reviews and mjai export work the same on either format.

use super::{LoggedCall, MeldType};
use crate::tile::{Tile, Wind};

/// One thing that happened in a round, in play order.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::{Tile, logs::events::Event};
/// let events = &game.round_logs[0].events;
/// let s8 = Tile::from_mpsz("8s").unwrap();
/// assert_eq!(events[0], Event::Draw { who: 0, tile: s8 });
/// assert_eq!(events[1], Event::Discard { who: 0, tile: s8, tsumogiri: true });
/// assert_eq!(events.last(), Some(&Event::Win { winner: 1, from: 1 }));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// `who` drew `tile` (from the live wall, or a kan replacement).
    Draw {
        /// Seat.
        who: u8,
        /// The tile drawn.
        tile: Tile,
    },
    /// `who` discarded `tile`.
    Discard {
        /// Seat.
        who: u8,
        /// The tile discarded.
        tile: Tile,
        /// The tile just drawn was discarded (tsumogiri), as far as the log tells.
        tsumogiri: bool,
    },
    /// A call: chi, pon, open kan (of the last discard), closed kan, added kan (the
    /// call is then the whole quad with its `added` tile), or a North extraction.
    Call {
        /// Seat of the caller.
        who: u8,
        /// The call.
        call: LoggedCall,
    },
    /// `who` declares riichi (the discard follows).
    Riichi {
        /// Seat.
        who: u8,
    },
    /// `who`'s riichi is accepted: the 1000-point deposit is paid.
    RiichiAccepted {
        /// Seat.
        who: u8,
    },
    /// A new dora indicator is revealed (kan dora).
    Dora {
        /// The indicator.
        indicator: Tile,
    },
    /// A win; the details are the matching entry of [`super::Game::wins`].
    Win {
        /// Winner seat.
        winner: u8,
        /// Who dealt in (the winner for tsumo).
        from: u8,
    },
}

/// Why a round ended without a win and before the wall ran out.
///
/// ```
/// use tenpai::logs::events::Abort;
///
/// assert_eq!(Abort::NineTerminals.name(), "nine_terminals");
/// assert_eq!(Abort::FourRiichi.name(), "four_riichi");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abort {
    /// Nine different terminals and honors in a first hand (kyuushu kyuuhai).
    NineTerminals,
    /// The same wind discarded by all four players on the first go-around.
    FourWinds,
    /// Four players in riichi.
    FourRiichi,
    /// Four kans by more than one player.
    FourKans,
    /// Three players ron the same discard.
    TripleRon,
}

impl Abort {
    /// `nine_terminals`, `four_winds`, `four_riichi`, `four_kans`, `triple_ron`.
    pub const fn name(self) -> &'static str {
        match self {
            Abort::NineTerminals => "nine_terminals",
            Abort::FourWinds => "four_winds",
            Abort::FourRiichi => "four_riichi",
            Abort::FourKans => "four_kans",
            Abort::TripleRon => "triple_ron",
        }
    }
}

/// How a round ended.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::events::RoundEnd;
/// assert_eq!(game.round_logs[0].end, RoundEnd::Win);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundEnd {
    /// One or more wins (see [`RoundLog::wins`]).
    Win,
    /// Exhaustive draw: the wall ran out (tenpai/noten payments).
    Exhaustive,
    /// Exhaustive draw with nagashi mangan.
    Nagashi,
    /// Abortive draw.
    Abort(Abort),
    /// The log stops without a result.
    Unfinished,
}

/// One round (one deal) of a game.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let round = &game.round_logs[0];
/// assert_eq!((round.label(), round.round, round.honba, round.dealer), ("E1".to_string(), 0, 0, 0));
/// assert_eq!((round.scores, round.wins.clone()), ([25000; 4], 0..1));
/// assert_eq!(round.dora, tenpai::Tile::from_mpsz("7z").unwrap());
/// let mut discards = 0;
/// let end = round.replay(|_, e| discards += matches!(e, tenpai::logs::events::Event::Discard { .. }) as u32);
/// assert_eq!((discards, end.rivers[0].len()), (5, 2));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundLog {
    /// Round index: 0 = East 1, 4 = South 1.
    pub round: u8,
    /// Honba count at the start.
    pub honba: u32,
    /// Riichi sticks on the table at the start.
    pub sticks: u32,
    /// Dealer seat.
    pub dealer: u8,
    /// Scores at the start, in points (before this round's riichi deposits).
    pub scores: [i32; 4],
    /// The dealt hands (13 tiles each; empty for the absent seat of a 3-player game).
    pub hands: [Vec<Tile>; 4],
    /// The first dora indicator.
    pub dora: Tile,
    /// Everything that happened, in order.
    pub events: Vec<Event>,
    /// How it ended.
    pub end: RoundEnd,
    /// The wins of this round: a range of [`super::Game::wins`].
    pub wins: std::ops::Range<usize>,
    /// The score change of each seat the log recorded for the result (wins, tenpai
    /// payments, nagashi), without riichi deposits; `None` when the log has none.
    pub recorded_deltas: Option<[i32; 4]>,
    /// The seats the log shows as tenpai at an exhaustive draw (mjlog only).
    pub recorded_tenpai: Option<[bool; 4]>,
    /// Ura dora indicators, when the log gives them.
    pub ura: Vec<Tile>,
}

impl RoundLog {
    pub(crate) fn new(
        round: u8,
        honba: u32,
        sticks: u32,
        dealer: u8,
        dora: Tile,
        hands: [Vec<Tile>; 4],
    ) -> RoundLog {
        RoundLog {
            round,
            honba,
            sticks,
            dealer,
            scores: [0; 4],
            hands,
            dora,
            events: Vec::new(),
            end: RoundEnd::Unfinished,
            wins: 0..0,
            recorded_deltas: None,
            recorded_tenpai: None,
            ura: Vec::new(),
        }
    }

    /// `E1`..`E4`, `S1`.., `W1`.., `N1`..
    pub fn label(&self) -> String {
        let wind = Wind::from_index(usize::from(self.round / 4) % 4);
        format!("{}{}", wind.letter(), self.round % 4 + 1)
    }

    /// The round with its honba, unique within a game: `E1-0`, `S1-1`, ... (see
    /// [`round_name`](super::round_name)).
    pub fn name(&self) -> String {
        super::round_name(self.round, self.honba)
    }

    /// Add a recorded score change (several wins on one discard add up).
    pub(crate) fn add_deltas(&mut self, d: [i32; 4]) {
        let sum = self.recorded_deltas.get_or_insert([0; 4]);
        for (s, x) in sum.iter_mut().zip(d) {
            *s += x;
        }
    }

    /// The table state after each event, from the deal: calls `f(state, event)` before
    /// applying each event, then returns the state at the end.
    pub fn replay<F: FnMut(&RoundState, &Event)>(&self, mut f: F) -> RoundState {
        let mut state = RoundState::new(self);
        for e in &self.events {
            f(&state, e);
            state.apply(e);
        }
        state
    }
}

/// One tile in a river.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let end = game.round_logs[0].replay(|_, _| {});
/// let first = end.rivers[0][0];
/// assert_eq!(first.tile, tenpai::Tile::from_mpsz("8s").unwrap());
/// assert!(first.tsumogiri && !first.called && !first.riichi);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RiverTile {
    /// The tile.
    pub tile: Tile,
    /// Discarded straight after drawing it.
    pub tsumogiri: bool,
    /// Taken by another player's call.
    pub called: bool,
    /// The riichi declaration tile.
    pub riichi: bool,
}

/// The table during a round, rebuilt from the events alone (no knowledge of the log
/// format): hands, calls, rivers, riichi, dora indicators, draws left.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::events::RoundState;
/// let round = &game.round_logs[0];
/// let mut state = RoundState::new(round);
/// assert_eq!(state.hands[1].len(), 13);
/// state.apply(&round.events[0]); // the dealer draws
/// assert_eq!(state.hands[0].len(), 14);
/// let end = round.replay(|_, _| {});
/// // Seat 1 sees the dora indicator and the five discards.
/// assert_eq!(end.visible_to(1).len(), 6);
/// assert_eq!(end.dora, [tenpai::Tile::from_mpsz("7z").unwrap()]);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundState {
    /// Concealed tiles of each seat, in the order held (drawn tiles last).
    pub hands: [Vec<Tile>; 4],
    /// Calls of each seat, in the order made (an added kan replaces its pon).
    pub calls: [Vec<LoggedCall>; 4],
    /// Each seat's discards.
    pub rivers: [Vec<RiverTile>; 4],
    /// Riichi declared (accepted or not yet).
    pub riichi: [bool; 4],
    /// Riichi accepted (deposit paid).
    pub riichi_accepted: [bool; 4],
    /// Dora indicators revealed so far.
    pub dora: Vec<Tile>,
    /// Draws left in the live wall.
    pub draws_left: i32,
    riichi_pending: [bool; 4],
}

impl RoundState {
    /// The state right after the deal.
    pub fn new(round: &RoundLog) -> RoundState {
        let players = round.hands.iter().filter(|h| !h.is_empty()).count() as i32;
        let wall = if players == 3 { 108 } else { 136 };
        RoundState {
            hands: round.hands.clone(),
            calls: Default::default(),
            rivers: Default::default(),
            riichi: [false; 4],
            riichi_accepted: [false; 4],
            dora: vec![round.dora],
            draws_left: wall - 14 - 13 * players,
            riichi_pending: [false; 4],
        }
    }

    fn take(&mut self, who: usize, tile: Tile) {
        if let Some(i) = self.hands[who].iter().position(|&t| t == tile) {
            self.hands[who].remove(i);
        }
    }

    /// Apply one event (events that do not fit the state are applied as far as they go).
    pub fn apply(&mut self, e: &Event) {
        match e {
            Event::Draw { who, tile } => {
                self.hands[usize::from(*who) % 4].push(*tile);
                self.draws_left -= 1;
            }
            Event::Discard {
                who,
                tile,
                tsumogiri,
            } => {
                let s = usize::from(*who) % 4;
                self.take(s, *tile);
                let riichi = std::mem::take(&mut self.riichi_pending[s]);
                self.rivers[s].push(RiverTile {
                    tile: *tile,
                    tsumogiri: *tsumogiri,
                    called: false,
                    riichi,
                });
            }
            Event::Call { who, call } => {
                let s = usize::from(*who) % 4;
                match call.kind {
                    MeldType::Chi | MeldType::Pon | MeldType::Daiminkan => {
                        let from = usize::from(call.from) % 4;
                        if let Some(last) = self.rivers[from].last_mut() {
                            last.called = true;
                        }
                        let mut skipped = false;
                        for &t in &call.tiles {
                            if Some(t) == call.called && !skipped {
                                skipped = true;
                            } else {
                                self.take(s, t);
                            }
                        }
                        self.calls[s].push(call.clone());
                    }
                    MeldType::Ankan | MeldType::Nukidora => {
                        for &t in &call.tiles {
                            self.take(s, t);
                        }
                        self.calls[s].push(call.clone());
                    }
                    MeldType::Shouminkan => {
                        if let Some(added) = call.added {
                            self.take(s, added);
                            if let Some(pon) = self.calls[s].iter_mut().find(|c| {
                                c.kind == MeldType::Pon && c.tiles[0].kind() == added.kind()
                            }) {
                                *pon = call.clone();
                            }
                        }
                    }
                }
                // A kan replacement draw is one of the live wall's 70 draws too (the
                // dead wall is refilled from the live wall), so nothing to adjust here.
            }
            Event::Riichi { who } => {
                let s = usize::from(*who) % 4;
                self.riichi[s] = true;
                self.riichi_pending[s] = true;
            }
            Event::RiichiAccepted { who } => {
                self.riichi_accepted[usize::from(*who) % 4] = true;
            }
            Event::Dora { indicator } => self.dora.push(*indicator),
            Event::Win { .. } => {}
        }
    }

    /// Tiles `seat` can see outside its own hand: every river (called tiles are counted
    /// once, in the call), every other seat's calls, and the dora indicators.
    pub fn visible_to(&self, seat: usize) -> Vec<Tile> {
        let mut v: Vec<Tile> = self.dora.clone();
        for (s, river) in self.rivers.iter().enumerate() {
            v.extend(river.iter().filter(|r| !r.called).map(|r| r.tile));
            for c in &self.calls[s] {
                if s == seat {
                    // Own calls are part of the hand; only the tiles the hand lacks
                    // are counted by the caller.
                    continue;
                }
                v.extend(c.tiles.iter().copied());
            }
        }
        v
    }
}
