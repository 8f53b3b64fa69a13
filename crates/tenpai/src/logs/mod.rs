//! Game logs: read Tenhou mjlog XML (plain or gzip) and tenhou.net/6 JSON, and rebuild
//! every win with its full situation from the event stream.
//!
//! [`read_file`] / [`parse_log`] give a [`Game`]: its rules, its round count and its
//! [`Win`]s. Each win carries what was rebuilt from the events (hand, calls, winds, dora,
//! riichi, ippatsu, haitei/houtei, rinshan, chankan, tenhou/chiihou, honba and sticks as
//! paid) and, separately, what the server recorded ([`Recorded`]: yaku, han, fu, points).
//! [`Win::request`] turns a win into the scorer's [`ScoreRequest`](crate::score::ScoreRequest); [`compare`] checks a
//! scorer answer against the record; [`verify`] does both.
//!
//! ```
//! let log = concat!(
//!     r#"<mjloggm ver="2.3"><GO type="9"/><INIT seed="0,0,0,0,0,135" ten="250,250,250,250" oya="0" "#,
//!     r#"hai0="60,61,62,63,64,65,66,67,68,69,70,71,72" hai1="0,4,8,12,17,20,24,28,32,36,40,44,53" "#,
//!     r#"hai2="73,74,75,76,77,78,79,80,81,82,83,84,85" hai3="86,87,88,89,90,91,92,93,94,95,96,97,98"/>"#,
//!     r#"<T100/><D100/><U101/><E101/><V102/><F102/><W103/><G103/><T104/><D104/><U54/>"#,
//!     r#"<AGARI ba="0,0" machi="54" ten="30,4000,0" yaku="0,1,24,2" doraHai="135" who="1" fromWho="1"/>"#,
//!     r#"</mjloggm>"#
//! );
//! let game = tenpai::logs::parse_log(log.as_bytes())?;
//! let win = &game.wins[0];
//! assert_eq!((win.round_label(), win.winner, win.tsumo), ("E1".to_string(), 1, true));
//! assert_eq!(win.hand_text(), "123456789m12355p");
//! let (computed, disagreements) = tenpai::logs::verify(win, &game.rules)?;
//! assert_eq!((computed.han, computed.fu, computed.points), (3, 30, 4000));
//! assert!(disagreements.is_empty());
//! # Ok::<(), tenpai::Error>(())
//! ```
//!
//! The module's files: `game` (the game model: [`Game`], [`Win`], [`Recorded`]...),
//! `read` (reading a log: [`parse_log`], [`read_file`]), `verification` (a win against
//! its record: [`verify`], [`compare`]); the readers per format (`mjlog`, `tenhou6`,
//! [`mjai`], with [`mjlog_meld`] for mjlog's call codes and `table` for the round
//! being rebuilt); [`events`] (every round as played); [`track`] (every round
//! checked); [`walk`] (finding the log files under paths); [`replay`] (the replay of
//! files and its JSON); [`review`] (and its HTML [`report`]), [`stats`]; [`defence`] (the
//! deal-in model of [`crate::safety`] on every discard made while a riichi stood);
//! [`tenhou_yaku`] (Tenhou's yaku ids). The old paths `logs::json`, `logs::meld` and
//! `logs::yaku` still name [`replay`], [`mjlog_meld`] and [`tenhou_yaku`].

pub mod call_review;
pub mod defence;
pub mod events;
mod game;
pub mod mjai;
mod mjlog;
pub mod mjlog_meld;
mod read;
pub mod replay;
pub mod report;
pub mod review;
pub mod stats;
mod table;
mod tenhou6;
pub mod tenhou_yaku;
pub mod track;
mod verification;
pub mod walk;

// The modules' former names, kept working.
#[doc(hidden)]
pub use mjlog_meld as meld;
#[doc(hidden)]
pub use replay as json;
#[doc(hidden)]
pub use tenhou_yaku as yaku;

pub use game::{Game, GameRules, LogFormat, LoggedCall, Recorded, Win, WinFlags};
pub use mjlog_meld::MeldType;
pub(crate) use read::log_error;
pub use read::{
    is_log_content, looks_like_log, parse_log, read_file, read_log_bytes, MAX_LOG_BYTES,
};
pub use verification::{compare, computed_named, verify, Disagreement};

/// A round named with its honba, unique within a game (`E1`.. with `-` and the honba:
/// `E1-0`, `S1-1`; `round` counts from 0 as [`Win::round`] does): the text outputs
/// label rounds this way, the JSON ones with `round` and `honba`.
///
/// ```
/// assert_eq!(tenpai::logs::round_name(0, 0), "E1-0");
/// assert_eq!(tenpai::logs::round_name(4, 1), "S1-1");
/// ```
pub fn round_name(round: u8, honba: u32) -> String {
    let wind = crate::tile::Wind::from_index(usize::from(round / 4) % 4);
    format!("{}{}-{honba}", wind.letter(), round % 4 + 1)
}
