//! # tenpai
//!
//! A riichi mahjong hand analysis engine: read hands written as players write them,
//! list every way a hand can be read, and (in the modules that build on these) compute
//! shanten, waits, ukeire and discard rankings, score winning hands, and replay
//! Tenhou game logs.
//!
//! The library never prints and never panics on user input: every fallible entry
//! point returns [`Result`] with an [`Error`] that names the problem and, for text,
//! its position.
//!
//! Read a hand and list its readings:
//!
//! ```
//! use tenpai::{Hand, decompose::decompose};
//!
//! let hand: Hand = "11123450999s (678m)".parse()?;
//! assert_eq!(hand.to_string(), "11123405999s (678m)");
//! let readings = decompose(&hand);
//! assert_eq!(readings.len(), 1);
//! assert_eq!(readings[0].to_string(), "55s 111s 234s 999s (678m)");
//! # Ok::<(), tenpai::Error>(())
//! ```
//!
//! Shanten per form, the improving draws, the waits and the discards ranked:
//!
//! ```
//! use tenpai::{Hand, Tile, shanten::shanten, ukeire::{discards, ukeire, waits}};
//!
//! let hand: Hand = "123m456p789s1123z".parse()?;
//! let s = shanten(&hand);
//! assert_eq!((s.value(), s.regular, s.chiitoitsu, s.kokushi), (1, 1, Some(5), Some(7)));
//! let u = ukeire(&hand, &[])?; // nothing seen outside the hand
//! assert_eq!(u.tiles.len(), 3); // 1z, 2z, 3z: a pair and a tanki
//! assert_eq!(u.count, 8);
//!
//! let tenpai: Hand = "123m456p789s1122z".parse()?;
//! let w: Vec<String> = waits(&tenpai)?.iter().map(Tile::to_string).collect();
//! assert_eq!(w, ["1z", "2z"]);
//!
//! let drawn: Hand = "123m456p789s11223z".parse()?;
//! let best = &discards(&drawn, &[])?[0]; // best first
//! assert_eq!((best.discard.to_string(), best.shanten), ("3z".to_string(), 0));
//! # Ok::<(), tenpai::Error>(())
//! ```
//!
//! Score a win, typed or from a JSON request (`tenpai score -` reads the same):
//!
//! ```
//! use tenpai::{Hand, Tile, Wind, rules::Rules, score::{score, score_request, ScoreRequest, Situation}};
//!
//! let hand: Hand = "234567m234p3488s5s".parse()?;
//! let s = Situation { riichi: true, tsumo: true, seat_wind: Wind::South, ..Situation::default() };
//! let r = score(&hand, Tile::from_mpsz("5s").unwrap(), &s, &Rules::tenhou())?;
//! assert_eq!((r.han, r.fu, r.points), (4, 20, 5200));
//! assert_eq!(r.value_line(), "4 han 20 fu: 5200 (tsumo 1300/2600)");
//!
//! let req: ScoreRequest = serde_json::from_str(r#"{"hand": "19m19p19s1234567z1m"}"#).unwrap();
//! let r = score_request(&req)?;
//! assert_eq!((r.limit.as_str(), r.points), ("yakuman", 48000));
//! # Ok::<(), tenpai::Error>(())
//! ```
//!
//! The public API, by module (one per concept):
//! - [`tile`]: [`Tile`] (34 kinds and the red fives; names in mpsz, 136 ids, mjai,
//!   Unicode), [`Suit`], [`Wind`], [`TileCounts`];
//! - [`hand`]: [`Hand`] (concealed tiles and calls), [`Call`], [`CallKind`];
//! - [`notation`]: reading and writing hands ([`notation::parse_hand`], also
//!   `str::parse::<Hand>`; [`notation::parse_tiles`], [`notation::parse_tile`];
//!   [`notation::format_tiles`], [`notation::format_unicode`]; [`notation::closed_counts`],
//!   the allocation-free fast path for plain closed hands in batches);
//! - [`decompose`]: every reading of a complete hand ([`decompose::decompose`]);
//! - [`shanten`]: exact shanten per form, honouring the four-copy limit
//!   ([`shanten::shanten`]; [`shanten::HandCounts`] for batches of counts);
//! - [`ukeire`]: improving draws, waits and the ranking of discards
//!   ([`ukeire::ukeire`], [`ukeire::waits`], [`ukeire::discards`]);
//! - [`sanma`]: three-player mahjong (2m-8m removed): its checks and its shanten,
//!   waits, ukeire and discard ranking ([`sanma::ukeire`]); scoring under the
//!   `tenhou-sanma` / `majsoul-sanma` presets of [`rules`];
//! - [`score`]: scoring a win ([`score::score`], [`score::score_request`],
//!   [`score::evaluate`]), with [`yaku`], [`fu`] and [`rules`] (presets and switches);
//! - [`advise`]: discard advice by tenpai chance, win chance and expected points
//!   ([`advise::advise`]);
//! - [`logs`]: Tenhou game logs (mjlog XML, tenhou.net/6 JSON) and every win rebuilt
//!   ([`logs::read_file`], [`logs::verify`]);
//! - [`Error`]: the one error type, with positions for text.
#![deny(missing_docs)]

pub mod advise;
pub mod decompose;
pub mod error;
pub mod fu;
pub mod hand;
mod hash;
pub mod logs;
pub mod notation;
pub mod rules;
pub mod safety;
pub mod sanma;
pub mod score;
pub mod shanten;
// Shared with build.rs, which uses the table generator the library does not call.
#[allow(dead_code)]
mod suit_table;
pub mod tile;
pub mod ukeire;
pub mod yaku;

pub use error::{Error, ParseErrorKind};
pub use hand::{Call, CallKind, Hand};
pub use tile::{Suit, Tile, TileCounts, Wind};
