//! The tiles of a three-player game (sanma): 2m-8m are not in it. Below shanten, which
//! leaves them out of the draws; [`crate::sanma`] names them for the users of the
//! library.

use super::Tile;
use crate::error::Error;

/// The kinds not in a three-player game: 2m-8m (bits 1 to 7).
pub const REMOVED: u64 = 0b1111_1110;

/// Whether `tile` is in a three-player game (every tile but 2m-8m).
pub const fn in_game(tile: Tile) -> bool {
    REMOVED >> tile.index() & 1 == 0
}

/// The error for a 2m-8m in a three-player hand or request.
pub(crate) fn removed_tile_error(tile: Tile) -> Error {
    Error::Invalid(format!(
        "{} is not in a three-player game (sanma removes 2m-8m; only 1m and 9m remain)",
        Tile::new(tile.index() as u8)
    ))
}
