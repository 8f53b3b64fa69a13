//! The 34 counts eight at a time: counts as words, checked, summed and turned into masks.

use super::KindMask;
use crate::tile::KINDS;

/// Whether any count is above 4, and the number of tiles (meaningful when none is),
/// a word at a time.
#[inline(always)]
pub(super) fn check_counts(c: &[u8; KINDS]) -> (bool, u32) {
    let mut bad = 0u64;
    let mut tiles = 0u32;
    for x in words(c) {
        // A byte above 4: its high bit, or its low seven bits plus 123 reach 128.
        bad |= (x | ((x & 0x7f7f_7f7f_7f7f_7f7f) + 0x7b7b_7b7b_7b7b_7b7b)) & 0x8080_8080_8080_8080;
        tiles += byte_sum(x);
    }
    (bad != 0, tiles)
}

/// The 34 counts as five little-endian words (kinds 0-7, 8-15, 16-23, 24-31, 32-33).
#[inline(always)]
pub(super) fn words(c: &[u8; KINDS]) -> [u64; 5] {
    let mut w = [0u64; 5];
    for (k, word) in w.iter_mut().enumerate().take(4) {
        let mut b = [0u8; 8];
        b.copy_from_slice(&c[8 * k..8 * k + 8]);
        *word = u64::from_le_bytes(b);
    }
    w[4] = c[32] as u64 | (c[33] as u64) << 8;
    w
}

/// Bit `i` set when byte `i` of `flags` is 1 (each byte 0 or 1): the multiplication
/// moves byte `i`'s bit to bit `56 + i` with no two partial products colliding.
#[inline(always)]
pub(super) const fn byte_flags_to_bits(flags: u64) -> KindMask {
    flags.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Sum of the bytes of `x` (the sum must stay below 256).
#[inline(always)]
pub(super) const fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}
