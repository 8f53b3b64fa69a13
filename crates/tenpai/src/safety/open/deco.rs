//! What a group's readings give the yaku that depend on how the hand is read
//! (ittsu, sanshoku, sanshoku doukou, chanta and junchan, sanankou), for every group
//! pattern of the table: as a complete group, and completed by each of its waits.
//!
//! A reading of a group splits it into melds (and the pair, where its count is 2
//! modulo 3). A whole hand's reading is one reading per group with the calls, so
//! each of those yaku exists in some reading of the hand exactly when each group
//! has a reading doing its part:
//! - ittsu: some suit's reading holds the runs 123, 456 and 789 not among its chis;
//! - sanshoku: a run start present in some reading of each of the three suits (the
//!   chis included); sanshoku doukou: the same for triplets (pons and kans included);
//! - chanta, junchan (and honroutou): every group has a reading whose melds and pair
//!   all hold a terminal or an honor (and the calls do);
//! - sanankou: three concealed triplets in all, the closed kans included; a triplet
//!   completed by the ron tile is open unless that tile can be read in another meld
//!   or the pair of the same reading (the scorer takes the best choice).
//!
//! So a group pattern is summarised, over its readings, by a [`Feat`]: which subsets
//! of {123, 456, 789} some reading holds, the union of run starts and of triplets,
//! whether some reading is all outside, and the most concealed triplets.

use super::super::parts::tables;
use std::sync::OnceLock;

/// What the readings of one group give (see the module).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Feat {
    /// Bit `s` (a subset of {123 = 1, 456 = 2, 789 = 4}): some reading holds those runs.
    pub ittsu: u8,
    /// Run starts (bit per kind 0-6) in some reading.
    pub runs: u8,
    /// Triplets (bit per kind) in some reading.
    pub trips: u16,
    /// Some reading has every meld and its pair holding a terminal or an honor.
    pub out: bool,
    /// The most concealed triplets of a reading (the ron tile's triplet open).
    pub ct: u8,
}

impl Feat {
    /// The union: some reading of one of the two.
    pub fn or(self, o: Feat) -> Feat {
        Feat {
            ittsu: self.ittsu | o.ittsu,
            runs: self.runs | o.runs,
            trips: self.trips | o.trips,
            out: self.out || o.out,
            ct: self.ct.max(o.ct),
        }
    }
}

/// The features of every pattern of a table: `complete[i]` the pattern as it is
/// (melds, or melds and the pair; `Feat::default()` if it is neither), and its
/// waits' features in order of the wait bits from `first[i]` in `waits`.
pub(crate) struct Feats {
    /// Per pattern: as a complete group.
    pub complete: Vec<Feat>,
    /// Per pattern: the index of its first wait's feature in `waits`.
    pub first: Vec<u32>,
    /// The waits' features (the pattern completed by each wait, the wait a ron).
    pub waits: Vec<Feat>,
}

/// The features of the suit table and of the honor table, built on first use.
pub(crate) fn feats() -> &'static (Feats, Feats) {
    static F: OnceLock<(Feats, Feats)> = OnceLock::new();
    F.get_or_init(|| {
        let t = tables();
        (build(&t.suit.parts, 9), build(&t.honor.parts, 7))
    })
}

fn build(parts: &[super::super::parts::Part], width: usize) -> Feats {
    let seq = width == 9;
    let mut f = Feats {
        complete: Vec::with_capacity(parts.len()),
        first: Vec::with_capacity(parts.len()),
        waits: Vec::new(),
    };
    for p in parts {
        let mut h: Vec<u8> = (0..width)
            .map(|k| ((p.counts >> (3 * k)) & 7) as u8)
            .collect();
        let pair = p.total % 3 == 2;
        f.complete.push(if p.melds || p.pair {
            readings(&mut h, seq, u8::from(pair), None)
        } else {
            Feat::default()
        });
        f.first.push(f.waits.len() as u32);
        for k in 0..width {
            if p.waits & (1 << k) != 0 {
                h[k] += 1;
                // Count 1 mod 3 completes with the pair, count 2 with melds only.
                let pairs = u8::from(p.total % 3 == 1);
                f.waits.push(readings(&mut h, seq, pairs, Some(k)));
                h[k] -= 1;
            }
        }
    }
    f
}

/// The features over every reading of `h` as melds and `pairs` pairs, the winning
/// kind `win` (a ron) if any.
pub(crate) fn readings(h: &mut [u8], seq: bool, pairs: u8, win: Option<usize>) -> Feat {
    let mut acc: Option<Feat> = None;
    each_reading(h, seq, pairs, win, &mut |r, ct| {
        let mut ittsu = 0u8;
        let have = (r.runs & 1) | ((r.runs >> 3) & 1) << 1 | ((r.runs >> 6) & 1) << 2;
        for s in 0..8u8 {
            if s & !have == 0 {
                ittsu |= 1 << s;
            }
        }
        let f = Feat {
            ittsu,
            runs: r.runs,
            trips: r.trips,
            out: !r.inside,
            ct,
        };
        acc = Some(acc.map_or(f, |a| a.or(f)));
    });
    acc.unwrap_or_default()
}

/// Calls `leaf` with every reading of `h` as melds and `pairs` pairs and its number
/// of concealed triplets (the ron tile `win`'s triplet open unless that tile is in a
/// run or the pair of the reading).
pub(crate) fn each_reading(
    h: &mut [u8],
    seq: bool,
    pairs: u8,
    win: Option<usize>,
    leaf: &mut dyn FnMut(&Reading, u8),
) {
    let mut cur = Reading::default();
    rec(h, seq, pairs, win, &mut cur, leaf);
}

/// One reading being built.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Reading {
    /// Run starts (bit per kind).
    pub runs: u8,
    /// Triplets (bit per kind).
    pub trips: u16,
    n_trips: u8,
    /// Some meld or the pair holds no terminal or honor.
    pub inside: bool,
    /// The winning kind is in a run or the pair of this reading.
    win_free: bool,
}

fn rec(
    h: &mut [u8],
    seq: bool,
    pairs: u8,
    win: Option<usize>,
    cur: &mut Reading,
    leaf: &mut dyn FnMut(&Reading, u8),
) {
    let width = h.len();
    let Some(i) = h.iter().position(|&c| c > 0) else {
        if pairs == 0 {
            let r = *cur;
            let ct = match win {
                Some(w) if !r.win_free && r.trips & (1 << w) != 0 => r.n_trips - 1,
                _ => r.n_trips,
            };
            leaf(&r, ct);
        }
        return;
    };
    let terminal = |k: usize| !seq || k == 0 || k == width - 1;
    if h[i] >= 3 {
        h[i] -= 3;
        let saved = *cur;
        cur.trips |= 1 << i;
        cur.n_trips += 1;
        cur.inside |= !terminal(i);
        rec(h, seq, pairs, win, cur, leaf);
        *cur = saved;
        h[i] += 3;
    }
    if pairs == 1 && h[i] >= 2 {
        h[i] -= 2;
        let saved = *cur;
        cur.inside |= !terminal(i);
        cur.win_free |= win == Some(i);
        rec(h, seq, 0, win, cur, leaf);
        *cur = saved;
        h[i] += 2;
    }
    if seq && i + 2 < width && h[i + 1] > 0 && h[i + 2] > 0 {
        for c in &mut h[i..i + 3] {
            *c -= 1;
        }
        let saved = *cur;
        cur.runs |= 1 << i;
        cur.inside |= i != 0 && i != 6;
        cur.win_free |= win.is_some_and(|w| w >= i && w < i + 3);
        rec(h, seq, pairs, win, cur, leaf);
        *cur = saved;
        for c in &mut h[i..i + 3] {
            *c += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(s: &str) -> Vec<u8> {
        let mut h = vec![0u8; 9];
        for c in s.bytes() {
            h[usize::from(c - b'1')] += 1;
        }
        h
    }

    #[test]
    fn readings_of_small_groups() {
        // 123456789 + 11: ittsu in the one reading.
        let f = readings(&mut counts("12345678911"), true, 1, None);
        assert_eq!(f.ittsu, 0xff);
        assert_eq!(f.runs, 0b1001001);
        assert!(!f.out);
        // 111222333: three triplets or three runs of 123.
        let f = readings(&mut counts("111222333"), true, 0, None);
        assert_eq!((f.runs, f.trips, f.ct), (1, 0b111, 3));
        assert!(f.out);
        // 111222333 won on the 3 by ron: read as runs, the triplets 1 and 2 remain;
        // read as triplets, the 3's is open, unless it is in a run: the best is 2.
        let f = readings(&mut counts("111222333"), true, 0, Some(2));
        assert_eq!(f.ct, 2);
        // 11122 + 2 (shanpon, the 2 by ron): one concealed triplet.
        let f = readings(&mut counts("111222"), true, 0, Some(1));
        assert_eq!(f.ct, 1);
        // 123 + 99 won on 9 (tanki): outside.
        let f = readings(&mut counts("12399"), true, 1, Some(8));
        assert!(f.out && f.ct == 0);
        // 234 + 99: not outside.
        assert!(!readings(&mut counts("23499"), true, 1, None).out);
        // 111222333456: 111 222 333 456 or 123 123 123 456; the run starts of the two
        // readings together are 1 and 4 (the 456 is in both).
        let f = readings(&mut counts("111222333456"), true, 0, None);
        assert_eq!((f.runs, f.trips), (0b1001, 0b111));
        // A triplet completed by ron is open unless the winning tile can be read in a
        // run or the pair: 1111 23 55 won on the 1 keeps 111 concealed (the 1 in the
        // 123); 111 234 55 won on the 1 and 123 444 55 won on the 4 do not.
        assert_eq!(readings(&mut counts("11112355"), true, 1, Some(0)).ct, 1);
        assert_eq!(readings(&mut counts("11123455"), true, 1, Some(0)).ct, 0);
        assert_eq!(readings(&mut counts("12344455"), true, 1, Some(3)).ct, 0);
        // 111222333777: the 777 is a triplet of both readings.
        let f = readings(&mut counts("111222333777"), true, 0, None);
        assert_eq!((f.runs, f.trips), (0b1, 0b1000111));
    }

    #[test]
    fn every_pattern_has_its_features() {
        let (s, h) = feats();
        let t = tables();
        assert_eq!(s.complete.len(), t.suit.parts.len());
        assert_eq!(h.complete.len(), t.honor.parts.len());
        let nw: usize = t
            .suit
            .parts
            .iter()
            .map(|p| p.waits.count_ones() as usize)
            .sum();
        assert_eq!(s.waits.len(), nw);
    }
}
