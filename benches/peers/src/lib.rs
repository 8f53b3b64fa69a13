//! nyanten through FFI: `nyanten_replacement(counts)` is nyanten's replacement
//! number (shanten + 1, least over the three forms) of 34 counts.

#![allow(unsafe_code)]

extern "C" {
    fn nyanten_replacement(counts: *const u8) -> u8;
    fn nyanten_sum(hands: *const u8, n: usize) -> u64;
}

/// nyanten's replacement number (shanten + 1) of a valid hand of 34 counts.
pub fn replacement(counts: &[u8; 34]) -> u8 {
    // SAFETY: the shim reads exactly 34 bytes; nyanten only throws on invalid counts,
    // and the benchmark passes valid hands only.
    unsafe { nyanten_replacement(counts.as_ptr()) }
}

/// Sum of nyanten's replacement numbers over `hands`, the loop in C++ (no call
/// across the language boundary per hand).
pub fn sum(hands: &[[u8; 34]]) -> u64 {
    // SAFETY: `hands` is `n` contiguous arrays of 34 bytes.
    unsafe { nyanten_sum(hands.as_ptr().cast(), hands.len()) }
}
