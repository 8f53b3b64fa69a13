//! Hands by kind as the graph's search handles them: packed in a `u128` (three bits a
//! kind), unpacked to counts written eight at a time, and sets of kinds as bit masks
//! computed eight kinds a word.

use super::pool::{pack, TYPES};
use crate::shanten::KindMask;
use crate::tile::KINDS;

/// A packed hand's counts by kind (the hands by kind hold no red type).
///
/// The counts are written eight at a time, as the shanten functions read them (whole
/// words at offsets 0, 8, 16 and 24, bytes 32 and 33): a read that spans several
/// narrower writes cannot take its bytes from them and waits until they reach the
/// cache.
#[inline]
pub(crate) fn hand_kinds(key: u128) -> [u8; KINDS] {
    /// The eight three-bit fields of the low 24 bits spread to the eight bytes of a
    /// word: halves of four fields to the two 32-bit lanes, then pairs to the 16-bit
    /// lanes, then single fields to the bytes.
    #[inline(always)]
    fn spread(x: u64) -> u64 {
        let x = x & 0xfff | (x & 0xff_f000) << 20;
        let x = x & 0x0000_003f_0000_003f | (x & 0x0000_0fc0_0000_0fc0) << 10;
        x & 0x0007_0007_0007_0007 | (x & 0x0038_0038_0038_0038) << 5
    }
    let (lo, hi) = (key as u64, (key >> 64) as u64);
    // (Kinds 0..21 in the low word, 21..34 in the high one, three bits each.)
    let words = [
        spread(lo),
        spread(lo >> 24),
        spread(lo >> 48 | hi << 15),
        spread(hi >> 9),
    ];
    let mut k = [0u8; KINDS];
    for (chunk, w) in k.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    k[32] = (hi >> 33) as u8 & 7;
    k[33] = (hi >> 36) as u8 & 7;
    k
}

/// What a state's draws need of its hand by kind `k`, given the copies outside the
/// hand and the reference as words ([`count_words`]; every kind at most four copies
/// counting the hand and outside).
pub(crate) struct DrawMasks {
    /// Per kind, the copies left to draw.
    pub left: [u8; KINDS],
    /// The kinds with a copy left to draw.
    pub avail: KindMask,
    /// The kinds the hand holds at least as many of as the reference (drawing one is a
    /// new tile).
    pub beyond: KindMask,
    /// The kinds the hand holds more of than the reference.
    pub over: KindMask,
    /// The kinds the hand holds.
    pub held: KindMask,
    /// The hand's tiles beyond the reference: `sum over t of max(0, k[t] - r[t])`.
    pub new: i8,
}

/// [`DrawMasks`] of the hand `k`, eight kinds at a time (a byte each: counts at most
/// 4, so no byte carries into the next; the bytes past kind 33 are masked off).
#[inline(always)]
pub(crate) fn draw_masks(k: &[u8; KINDS], outside: &[u64; 5], reference: &[u64; 5]) -> DrawMasks {
    const ONE: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x80 * ONE;
    let mut left = [0u8; KINDS];
    let (mut avail, mut beyond, mut held, mut over): (KindMask, KindMask, KindMask, KindMask) =
        (0, 0, 0, 0);
    let mut new = 0;
    for (j, ((x, o), r)) in count_words(k)
        .into_iter()
        .zip(*outside)
        .zip(*reference)
        .enumerate()
    {
        // 0x84 - (hand + outside): its high bit set when at most four are out, its
        // low bits then the copies left.
        let d = 0x84 * ONE - (x + o);
        let l = d & (0x0f * ONE) & ((d & HIGH) >> 7).wrapping_mul(0xff);
        let at = 8 * j;
        if j < 4 {
            left[at..at + 8].copy_from_slice(&l.to_le_bytes());
        } else {
            left[at..].copy_from_slice(&l.to_le_bytes()[..KINDS - at]);
        }
        avail |= high_bits(l + 0x7f * ONE) << at;
        // The count less the reference's, its high bit set where that is not negative;
        // the positive ones added up across the bytes.
        let e = (x | HIGH) - r;
        new += ((e & (0x0f * ONE) & ((e & HIGH) >> 7).wrapping_mul(0xff)).wrapping_mul(ONE) >> 56)
            as i8;
        beyond |= high_bits(e) << at;
        over |= high_bits((x | HIGH) - r - ONE) << at;
        held |= high_bits(x + 0x7f * ONE) << at;
    }
    let all: KindMask = (1 << KINDS) - 1;
    DrawMasks {
        left,
        avail: avail & all,
        beyond: beyond & all,
        over: over & all,
        held: held & all,
        new,
    }
}

/// Counts by kind as five words of eight bytes (kinds 0-7, 8-15, 16-23, 24-31 and
/// 32-33), read as [`hand_kinds`] writes them.
#[inline(always)]
pub(crate) fn count_words(c: &[u8; KINDS]) -> [u64; 5] {
    let mut w = [0u64; 5];
    for (word, chunk) in w.iter_mut().zip(c.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *word = u64::from_le_bytes(b);
    }
    w[4] = c[32] as u64 | (c[33] as u64) << 8;
    w
}

/// Entries by kind (shanten values, `i8`) as five words of eight bytes, as
/// [`count_words`] reads counts: each byte the entry's two's complement. (No copy of the
/// array as `u8` first: a copy byte by byte read back by the word stalled the store
/// forwarding.)
#[inline(always)]
pub(crate) fn entry_words(f: &[i8; KINDS]) -> [u64; 5] {
    let mut w = [0u64; 5];
    for (word, chunk) in w.iter_mut().zip(f.chunks_exact(8)) {
        // (Eight adjacent bytes or-ed in place: one load.)
        *word = chunk
            .iter()
            .enumerate()
            .fold(0, |x, (i, &v)| x | u64::from(v as u8) << (8 * i));
    }
    w[4] = u64::from(f[32] as u8) | u64::from(f[33] as u8) << 8;
    w
}

/// Bit `i` set when byte `i` of `x` has its high bit set (the multiplication moves
/// byte `i`'s low bit to bit `56 + i`, no two partial products colliding).
#[inline(always)]
pub(crate) fn high_bits(x: u64) -> KindMask {
    ((x >> 7) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The kinds whose entry of `f` is `v` (0 to 127), as bits: eight entries a word,
/// a byte of `f ^ v` being zero exactly there.
#[inline]
pub(crate) fn equal_to(f: &[i8; KINDS], v: i8) -> KindMask {
    const ONE: u64 = 0x0101_0101_0101_0101;
    let pattern = (v as u8 as u64) * ONE;
    let mut m = 0;
    for (j, w) in entry_words(f).into_iter().enumerate() {
        let z = w ^ pattern;
        // A byte's high bit set when the byte is not zero.
        let nonzero = z | ((z & (0x7f * ONE)) + 0x7f * ONE);
        m |= high_bits(!nonzero) << (8 * j);
    }
    m & ((1 << KINDS) - 1)
}

/// The suits (bit q) whose five a hand by kind holds.
#[inline]
pub(crate) fn fives(k: &[u8]) -> u8 {
    (k[4] > 0) as u8 | ((k[13] > 0) as u8) << 1 | ((k[22] > 0) as u8) << 2
}

/// The suits (bit q) whose five is in a set of kinds (bits).
#[inline]
pub(crate) fn mask_fives(kinds: KindMask) -> u8 {
    (kinds >> 4 & 1 | (kinds >> 13 & 1) << 1 | (kinds >> 22 & 1) << 2) as u8
}

/// The five kinds (4, 13, 22) of the suits in `live` (bit q for suit q), as bits.
#[inline]
pub(crate) fn live_five_kinds(live: u8) -> KindMask {
    let live = live as KindMask;
    (live & 1) << 4 | (live >> 1 & 1) << 13 | (live >> 2 & 1) << 22
}

/// A hand by kind as a map key (three bits a kind).
#[inline]
pub(crate) fn kinds_key(k: &[u8; KINDS]) -> u128 {
    let mut c = [0u8; TYPES];
    c[..KINDS].copy_from_slice(k);
    pack(&c)
}

/// One tile of each kind in a packed hand (kinds 0..21 in the low word, 21..34 in
/// the high one, three bits each), read from a table: a shift of a `u128` by a
/// variable amount is a few instructions and a branch.
const UNITS: [u128; KINDS] = {
    let mut u = [0u128; KINDS];
    let mut t = 0;
    while t < KINDS {
        u[t] = 1u128 << (if t < 21 { 3 * t } else { 64 + 3 * (t - 21) });
        t += 1;
    }
    u
};

/// One tile of kind `t` in a packed hand.
#[inline(always)]
pub(crate) fn unit(t: usize) -> u128 {
    UNITS[t]
}

/// Per shanten value `v` (0..8), the kinds whose entry of `f` is at most `v`, as bits
/// (entries not known yet are left out).
#[inline]
pub(crate) fn at_most(f: &[i8; KINDS]) -> [KindMask; 8] {
    // Eight entries a word: `0x80 + v - f` keeps its high bit exactly when `0 <= f <=
    // v` (an entry not known, -128, leaves v; four held, 127, leaves v + 1), with no
    // borrow between bytes.
    const ONE: u64 = 0x0101_0101_0101_0101;
    let words = entry_words(f);
    let mut le = [0 as KindMask; 8];
    for (v, m) in le.iter_mut().enumerate() {
        for (j, &w) in words.iter().enumerate() {
            *m |= high_bits((0x80 + v as u64) * ONE - w) << (8 * j);
        }
        *m &= (1 << KINDS) - 1;
    }
    le
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// A packed hand's counts read back word by word are the counts packed.
        #[test]
        fn hand_kinds_reads_back_the_packed_counts(
            kinds in proptest::array::uniform::<_, KINDS>(0u8..=4),
        ) {
            let mut c = [0u8; TYPES];
            c[..KINDS].copy_from_slice(&kinds);
            proptest::prop_assert_eq!(hand_kinds(pack(&c)), kinds);
        }
    }

    /// Counts by kind of at most four each (a hand by kind, or copies outside it).
    fn counts() -> impl proptest::strategy::Strategy<Value = [u8; KINDS]> {
        proptest::array::uniform::<_, KINDS>(0u8..=4)
    }

    proptest::proptest! {
        /// The word-wise helpers against their definitions, entry by entry: the words of
        /// the counts, the high bits of a word's bytes, the suits whose five is held or
        /// in a mask, the five kinds of a set of suits, a hand's key read back, and one
        /// tile of a kind.
        #[test]
        fn word_helpers_are_the_plain_definitions(
            k in counts(),
            x in proptest::num::u64::ANY,
            mask in 0u64..1 << KINDS,
        ) {
            let words = count_words(&k);
            for i in 0..40 {
                let byte = (words[i / 8] >> (8 * (i % 8)) & 0xff) as u8;
                proptest::prop_assert_eq!(byte, if i < KINDS { k[i] } else { 0 }, "byte {}", i);
            }
            let plain = (0..8).filter(|&i| x >> (8 * i + 7) & 1 == 1).fold(0, |m, i| m | 1 << i);
            proptest::prop_assert_eq!(high_bits(x), plain);
            let plain = (0..3).filter(|&q| k[9 * q + 4] > 0).fold(0u8, |m, q| m | 1 << q);
            proptest::prop_assert_eq!(fives(&k), plain);
            let plain = (0..3).filter(|&q| mask >> (9 * q + 4) & 1 == 1).fold(0u8, |m, q| m | 1 << q);
            proptest::prop_assert_eq!(mask_fives(mask), plain);
            let live = (x & 7) as u8;
            let five_kinds = (0..3).filter(|&q| live >> q & 1 == 1).fold(0, |m, q| m | 1 << (9 * q + 4));
            proptest::prop_assert_eq!(live_five_kinds(live), five_kinds);
            proptest::prop_assert_eq!(hand_kinds(kinds_key(&k)), k);
            for t in 0..KINDS {
                let mut one = [0u8; KINDS];
                one[t] = 1;
                proptest::prop_assert_eq!(unit(t), kinds_key(&one), "kind {}", t);
                if k[t] < 4 {
                    let mut more = k;
                    more[t] += 1;
                    proptest::prop_assert_eq!(hand_kinds(kinds_key(&k) + unit(t)), more);
                }
            }
        }
    }

    /// A hand, the copies outside it (at most four of a kind in all) and a reference.
    fn hand_outside_reference(
    ) -> impl proptest::strategy::Strategy<Value = ([u8; KINDS], [u8; KINDS], [u8; KINDS])> {
        use proptest::strategy::Strategy;
        (
            proptest::array::uniform::<_, KINDS>((0u8..=4, 0u8..=4)),
            counts(),
        )
            .prop_map(|(split, r)| {
                let k = split.map(|(a, _)| a);
                let o: [u8; KINDS] = std::array::from_fn(|t| split[t].1.min(4 - k[t]));
                (k, o, r)
            })
    }

    proptest::proptest! {
        /// A state's draw masks against their definitions, kind by kind.
        #[test]
        fn draw_masks_are_the_plain_definitions((k, o, r) in hand_outside_reference()) {
            let d = draw_masks(&k, &count_words(&o), &count_words(&r));
            let bits = |f: &dyn Fn(usize) -> bool| (0..KINDS).filter(|&t| f(t)).fold(0, |m, t| m | 1 << t);
            let left: [u8; KINDS] = std::array::from_fn(|t| 4 - k[t] - o[t]);
            proptest::prop_assert_eq!(d.left, left);
            proptest::prop_assert_eq!(d.avail, bits(&|t| left[t] > 0));
            proptest::prop_assert_eq!(d.beyond, bits(&|t| k[t] >= r[t]));
            proptest::prop_assert_eq!(d.over, bits(&|t| k[t] > r[t]));
            proptest::prop_assert_eq!(d.held, bits(&|t| k[t] > 0));
            let new: i8 = (0..KINDS).map(|t| k[t].saturating_sub(r[t]) as i8).sum();
            proptest::prop_assert_eq!(d.new, new);
        }
    }

    /// `equal_to` at the entries' extremes: four held (127) and not known (-128 as a
    /// byte, 128) are told apart from every shanten and from each other.
    #[test]
    fn equal_to_tells_the_extremes_apart() {
        let mut f = [0i8; KINDS];
        f[3] = i8::MAX;
        f[30] = i8::MIN;
        f[33] = 6;
        assert_eq!(equal_to(&f, i8::MAX), 1 << 3);
        assert_eq!(equal_to(&f, 6), 1 << 33);
        let zeros = ((1u64 << KINDS) - 1) & !(1 << 3 | 1 << 30 | 1 << 33);
        assert_eq!(equal_to(&f, 0), zeros);
        assert_eq!(at_most(&f)[7], zeros | 1 << 33);
        assert_eq!(at_most(&f)[5], zeros);
    }

    /// Entries as the shanten tables give them: a shanten, four held, or not known yet.
    fn entry() -> impl proptest::strategy::Strategy<Value = i8> {
        proptest::prop_oneof![
            0i8..=6,
            proptest::strategy::Just(i8::MAX),
            proptest::strategy::Just(i8::MIN)
        ]
    }

    proptest::proptest! {
        /// The word-wise masks of a core's entries are the plain ones.
        #[test]
        fn entry_masks_are_the_plain_comparisons(
            f in proptest::array::uniform::<_, KINDS>(entry()),
            v in 0i8..=6,
        ) {
            let le = at_most(&f);
            for w in 0..8i8 {
                let plain = (0..KINDS).filter(|&t| (0..=w).contains(&f[t])).fold(0, |m, t| m | 1 << t);
                proptest::prop_assert_eq!(le[w as usize], plain);
            }
            let plain = (0..KINDS).filter(|&t| f[t] == v).fold(0, |m, t| m | 1 << t);
            proptest::prop_assert_eq!(equal_to(&f, v), plain);
        }
    }
}
