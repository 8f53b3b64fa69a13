//! The game model: a [`Game`] read from a log, its rules, its [`Win`]s with their
//! calls, flags and what the server recorded.

use super::{events, tenhou_yaku, MeldType};
use crate::error::Error;
use crate::hand::{Call, CallKind, Hand};
use crate::notation::format_tiles;
use crate::rules::Rules;
use crate::score::ScoreRequest;
use crate::tile::{Tile, Wind};

/// The two log formats read.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::{mjai::to_mjai, parse_log, LogFormat};
/// assert_eq!(game.format, LogFormat::Mjlog);
/// // The same game as mjai JSON Lines reads back with the same win.
/// let again = parse_log(to_mjai(&game).as_bytes())?;
/// assert_eq!(again.format, LogFormat::Mjai);
/// assert_eq!(again.wins[0].hand_text(), game.wins[0].hand_text());
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// Tenhou's mjlog XML (`<mjloggm>`), plain or gzip.
    Mjlog,
    /// tenhou.net/6 JSON (`{"log": [...]}`).
    Tenhou6,
    /// mjai JSON Lines (`{"type": "start_game", ...}` one event a line).
    Mjai,
}

/// The game's rule flags, as the log states them.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::{logs::GameRules, rules::Rules};
/// // GO type 9: red fives and open tanyao on.
/// assert_eq!(game.rules, GameRules { go_type: Some(9), ..GameRules::default() });
/// assert_eq!(game.rules.scoring_rules(), Rules::tenhou());
/// let no_reds = GameRules { red_fives: false, ..GameRules::default() };
/// assert!(!no_reds.scoring_rules().red_fives);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRules {
    /// 3 or 4.
    pub players: u8,
    /// Red fives in play.
    pub red_fives: bool,
    /// Open tanyao (kuitan) allowed.
    pub open_tanyao: bool,
    /// mjlog `GO type` bits, when the log has them.
    pub go_type: Option<u32>,
}

impl Default for GameRules {
    fn default() -> Self {
        GameRules {
            players: 4,
            red_fives: true,
            open_tanyao: true,
            go_type: None,
        }
    }
}

impl GameRules {
    /// The scoring rules for this game: Tenhou's (`tenhou-sanma` for a 3-player game),
    /// with the game's red-five and open-tanyao flags.
    pub fn scoring_rules(&self) -> Rules {
        let base = if self.players == 3 {
            Rules::tenhou_sanma()
        } else {
            Rules::tenhou()
        };
        Rules {
            red_fives: self.red_fives,
            open_tanyao: self.open_tanyao,
            ..base
        }
    }
}

/// One call in a winner's hand, as the log describes it.
///
/// ```
/// use tenpai::{CallKind, Tile, logs::{LoggedCall, MeldType}};
///
/// let chun = Tile::from_mpsz("7z").unwrap();
/// let pon = LoggedCall { kind: MeldType::Pon, tiles: vec![chun; 3], called: Some(chun), added: None, from: 2 };
/// assert_eq!(pon.to_call().unwrap().kind(), CallKind::Pon);
/// let north = Tile::from_mpsz("4z").unwrap();
/// let nuki = LoggedCall { kind: MeldType::Nukidora, tiles: vec![north], called: None, added: None, from: 0 };
/// assert_eq!(nuki.to_call(), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedCall {
    /// What the call is (a shouminkan replaces the pon it was added to).
    pub kind: MeldType,
    /// All its tiles, sorted.
    pub tiles: Vec<Tile>,
    /// The tile taken from another player (`None` for ankan and nukidora).
    pub called: Option<Tile>,
    /// The tile added to make a shouminkan.
    pub added: Option<Tile>,
    /// The seat the called tile came from (the caller's own seat for ankan/nukidora).
    pub from: u8,
}

impl LoggedCall {
    /// The hand-model call, or `None` for a 3-player North extraction.
    pub fn to_call(&self) -> Option<Call> {
        let kind = match self.kind {
            MeldType::Chi => CallKind::Chi,
            MeldType::Pon => CallKind::Pon,
            MeldType::Daiminkan | MeldType::Shouminkan => CallKind::OpenKan,
            MeldType::Ankan => CallKind::ClosedKan,
            MeldType::Nukidora => return None,
        };
        Call::new(kind, &self.tiles).ok()
    }
}

/// The flags of a win that only the event stream tells (riichi, ippatsu, haitei,
/// rinshan...), as rebuilt from it; [`Win::score_situation`] turns them, with the
/// winds, dora and sticks, into the scoring [`Situation`](crate::score::Situation).
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::WinFlags;
/// // A plain tsumo on the second draw: no riichi, no first-draw or last-tile win.
/// assert_eq!(game.wins[0].situation, WinFlags::default());
/// assert!(!game.wins[0].score_situation().riichi);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WinFlags {
    /// Riichi accepted (double riichi included).
    pub riichi: bool,
    /// Riichi declared with the first discard, before any call.
    pub double_riichi: bool,
    /// Won within one go-around of riichi with no call in between.
    pub ippatsu: bool,
    /// Tsumo on the last tile of the live wall (not a kan replacement).
    pub haitei: bool,
    /// Ron on the discard after the live wall ran out.
    pub houtei: bool,
    /// Tsumo on a kan replacement draw.
    pub rinshan: bool,
    /// Ron on a tile added to a kan.
    pub chankan: bool,
    /// Dealer's tsumo on the first draw, no call before.
    pub tenhou: bool,
    /// Non-dealer's tsumo on the first draw, no call before.
    pub chiihou: bool,
}

/// What the server wrote for a win.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let rec = &game.wins[0].recorded;
/// assert_eq!(rec.yaku, [(0, 1), (24, 2)]); // Tenhou ids with han
/// assert_eq!((rec.han(), rec.fu, rec.points, rec.limit), (3, Some(30), 4000, 0));
/// assert_eq!(rec.named(), [("ittsu".to_string(), 2), ("menzen_tsumo".to_string(), 1)]);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorded {
    /// Yaku ids with han (ura dora may be listed with 0 han).
    pub yaku: Vec<(u8, u32)>,
    /// Yakuman ids.
    pub yakuman: Vec<u8>,
    /// Fu (`None` where the log does not say, e.g. limit hands in tenhou.net/6).
    pub fu: Option<u32>,
    /// Value of the hand without honba and sticks (all payments added up).
    pub points: u32,
    /// Limit code 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman.
    pub limit: u8,
}

impl Recorded {
    /// Total han over the yaku (0 for yakuman hands).
    pub fn han(&self) -> u32 {
        if self.yakuman.is_empty() {
            self.yaku.iter().map(|&(_, h)| h).sum()
        } else {
            0
        }
    }

    /// The yaku as contract names with han, 0-han entries left out, sorted; yakuman
    /// entries as names with han 13.
    pub fn named(&self) -> Vec<(String, u32)> {
        let mut v: Vec<(String, u32)> = self
            .yaku
            .iter()
            .filter(|&&(_, h)| h > 0)
            .filter_map(|&(id, h)| {
                tenhou_yaku::by_id(u32::from(id)).map(|y| (y.name.to_string(), h))
            })
            .chain(self.yakuman.iter().filter_map(|&id| {
                tenhou_yaku::by_id(u32::from(id)).map(|y| (y.name.to_string(), 13))
            }))
            .collect();
        v.sort();
        v
    }
}

/// One win, rebuilt.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::{Tile, Wind};
/// let win = &game.wins[0];
/// assert_eq!((win.round_label(), win.dealer, win.winner, win.from, win.tsumo), ("E1".to_string(), 0, 1, 1, true));
/// assert_eq!((win.win_tile, win.seat_wind, win.round_wind), (Tile::from_mpsz("5p").unwrap(), Wind::South, Wind::East));
/// assert_eq!((win.hand()?.to_string(), win.nukidora()), ("123456789m12355p".to_string(), 0));
/// let s = win.score_situation();
/// assert_eq!((s.tsumo, s.seat_wind, s.dora.len()), (true, Wind::South, 1));
/// let req = win.request(&game.rules);
/// assert_eq!(tenpai::score::score_request(&req)?.points, 4000);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Win {
    /// Round index: 0 = East 1, 4 = South 1, 8 = West 1.
    pub round: u8,
    /// The round's honba count.
    pub honba: u32,
    /// Dealer seat.
    pub dealer: u8,
    /// Winner seat (0-3 as the log numbers them).
    pub winner: u8,
    /// Who dealt in (the winner for tsumo).
    pub from: u8,
    /// Won by self-draw.
    pub tsumo: bool,
    /// 0 for the first (or only) winner on a discard, 1, 2 for the next ones.
    pub multi_ron_order: u8,
    /// Concealed tiles, the winning tile included, sorted.
    pub concealed: Vec<Tile>,
    /// Calls in the order made (North extractions included in 3-player games).
    pub calls: Vec<LoggedCall>,
    /// The winning tile.
    pub win_tile: Tile,
    /// The winner's seat wind.
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,
    /// Dora indicators revealed at the win.
    pub dora: Vec<Tile>,
    /// Ura dora indicators (as the win record gives them).
    pub ura: Vec<Tile>,
    /// The win's flags (riichi, ippatsu, haitei, rinshan...).
    pub situation: WinFlags,
    /// Honba paid to this winner (0 for a later double-ron winner).
    pub paid_honba: u32,
    /// Riichi sticks paid to this winner (declared earlier included; 0 for a later double-ron winner).
    pub paid_sticks: u32,
    /// What the log recorded.
    pub recorded: Recorded,
    /// The seat liable for the hand (pao / sekinin-barai), when the log names one
    /// other than the winner.
    pub pao: Option<u8>,
}

impl Win {
    /// `E1`..`E4`, `S1`.., `W1`.., `N1`..
    pub fn round_label(&self) -> String {
        let wind = Wind::from_index(usize::from(self.round / 4) % 4);
        format!("{}{}", wind.letter(), self.round % 4 + 1)
    }

    /// The round with its honba, unique within a game: `E1-0`, `S1-1`, ... (see
    /// [`round_name`](super::round_name)).
    pub fn round_name(&self) -> String {
        super::round_name(self.round, self.honba)
    }

    /// The hand in mpsz: concealed tiles (winning tile included) then the calls
    /// (`(...)` open, `[...]` closed kan). North extractions are left out.
    pub fn hand_text(&self) -> String {
        let mut s = format_tiles(&self.concealed);
        for c in self.calls.iter().filter_map(LoggedCall::to_call) {
            s.push(' ');
            s.push_str(&c.to_string());
        }
        s
    }

    /// Number of 3-player North extractions (nukidora).
    pub fn nukidora(&self) -> usize {
        self.calls
            .iter()
            .filter(|c| c.kind == MeldType::Nukidora)
            .count()
    }

    /// The hand as the scorer sees it: concealed tiles and calls (North extractions
    /// left out).
    pub fn hand(&self) -> Result<Hand, Error> {
        Hand::new(
            self.concealed.clone(),
            self.calls.iter().filter_map(LoggedCall::to_call).collect(),
        )
    }

    /// The scoring situation of this win (ura indicators only with riichi).
    pub fn score_situation(&self) -> crate::score::Situation {
        let s = &self.situation;
        crate::score::Situation {
            tsumo: self.tsumo,
            riichi: s.riichi,
            double_riichi: s.double_riichi,
            ippatsu: s.ippatsu,
            haitei: s.haitei,
            houtei: s.houtei,
            rinshan: s.rinshan,
            chankan: s.chankan,
            tenhou: s.tenhou,
            chiihou: s.chiihou,
            renhou: false,
            round_wind: self.round_wind,
            seat_wind: self.seat_wind,
            dora: self.dora.clone(),
            ura: if s.riichi {
                self.ura.clone()
            } else {
                Vec::new()
            },
            honba: self.paid_honba,
            riichi_sticks: self.paid_sticks,
            nukidora: self.nukidora() as u8,
            ..crate::score::Situation::default()
        }
    }

    /// The scoring request for this win under the game's rules: the text form of
    /// [`Win::score_situation`] and [`GameRules::scoring_rules`].
    pub fn request(&self, rules: &GameRules) -> ScoreRequest {
        ScoreRequest::from_situation(
            self.hand_text(),
            self.win_tile,
            &self.score_situation(),
            &rules.scoring_rules(),
        )
    }
}

/// A game read from a log.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// assert_eq!((game.rounds, game.wins.len(), game.round_logs.len()), (1, 1, 1));
/// assert_eq!(game.round_logs[0].label(), "E1");
/// assert_eq!(game.final_scores, None); // this log has no final tally
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The format it came in.
    pub format: LogFormat,
    /// Its rules.
    pub rules: GameRules,
    /// Rounds played (dealt hands).
    pub rounds: usize,
    /// Every win, in order (both winners of a double ron).
    pub wins: Vec<Win>,
    /// Every round as it was played, in order (see [`events`]).
    pub round_logs: Vec<events::RoundLog>,
    /// Player names by seat, when the log gives them.
    pub names: Vec<String>,
    /// Final scores in points as the log records them (mjlog `owari`, tenhou.net/6
    /// `sc`), leftover riichi sticks included; `None` when the log has none.
    pub final_scores: Option<Vec<i32>>,
    /// The game's id when the log gives one (tenhou.net/6 `ref`, such as
    /// `2019021004gm-00a9-0000-e2f6516d`); see [`Game::id_or_file_name`].
    pub id: Option<String>,
}

impl Game {
    pub(crate) fn new(format: LogFormat, rules: GameRules) -> Game {
        Game {
            format,
            rules,
            rounds: 0,
            wins: Vec::new(),
            round_logs: Vec::new(),
            names: Vec::new(),
            final_scores: None,
            id: None,
        }
    }

    /// The game's id: the one the log gives, else a Tenhou game id that names the file
    /// (`2019021004gm-00a9-0000-e2f6516d.xml`, as Tenhou names its downloads: mjlog
    /// XML carries no id of its own). The same game stored in two formats has the same
    /// id, so `tenpai stats` counts it once.
    ///
    /// ```
    /// # let log = include_str!("../../tests/data/doc/e1.mjlog");
    /// let game = tenpai::logs::parse_log(log.as_bytes())?;
    /// let named = std::path::Path::new("logs/2019021004gm-00a9-0000-e2f6516d.mjlog.gz");
    /// assert_eq!(game.id_or_file_name(named).as_deref(), Some("2019021004gm-00a9-0000-e2f6516d"));
    /// assert_eq!(game.id_or_file_name(std::path::Path::new("e1.mjlog")), None);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn id_or_file_name(&self, path: &std::path::Path) -> Option<String> {
        if let Some(id) = &self.id {
            return Some(id.clone());
        }
        let name = path.file_name()?.to_str()?;
        let stem = name.split('.').next()?;
        is_tenhou_id(stem).then(|| stem.to_string())
    }

    /// Push a finished round's log, pointing it at the wins added since the last one.
    pub(crate) fn push_round(&mut self, mut log: events::RoundLog) {
        let start = self
            .round_logs
            .last()
            .map(|r| r.wins.end)
            .unwrap_or(0)
            .min(self.wins.len());
        log.wins = start..self.wins.len();
        if log.end == events::RoundEnd::Unfinished && !log.wins.is_empty() {
            log.end = events::RoundEnd::Win;
        }
        self.round_logs.push(log);
    }
}

/// Whether `s` is a Tenhou game id: `YYYYMMDDHHgm-XXXX-XXXX-XXXXXXXX` (hex digits).
fn is_tenhou_id(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    let hex = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_hexdigit());
    matches!(parts.as_slice(), [head, a, b, c]
        if head.len() == 12
            && head.ends_with("gm")
            && head[..10].bytes().all(|b| b.is_ascii_digit())
            && hex(a, 4)
            && hex(b, 4)
            && hex(c, 8))
}
