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
//! Modules, one per concept:
//! - [`tile`]: tiles, red fives, and their names (mpsz, 136 ids, mjai, Unicode);
//! - [`notation`]: reading and writing hands;
//! - [`hand`]: the hand model (concealed tiles and calls);
//! - [`decompose`]: every reading of a complete hand;
//! - [`yaku`], [`fu`], [`score`], [`rules`]: scoring a winning hand;
//! - [`shanten`]: exact shanten per form, honouring the four-copy limit;
//! - [`ukeire`]: waits, improving draws and the ranking of discards;
//! - [`advise`]: discard advice by tenpai chance, win chance and expected points;
//! - [`logs`]: Tenhou game logs (mjlog XML, tenhou.net/6 JSON) and every win rebuilt.
#![deny(missing_docs)]

pub mod advise;
pub mod decompose;
pub mod error;
pub mod fu;
pub mod hand;
pub mod inline_str;
pub mod inline_vec;
pub mod logs;
pub mod notation;
pub mod rules;
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
