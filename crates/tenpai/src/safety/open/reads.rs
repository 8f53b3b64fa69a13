//! The readings of each group pattern, for the value of an open hand: the han of the
//! yaku read from the melds (ittsu, sanshoku, sanshoku doukou, chanta and junchan,
//! sanankou, toitoi) is the most over the readings of the whole hand, and a reading
//! of the hand is one reading per group, so each pattern keeps the features of its
//! readings that no other of its readings beats (module `value`).
//!
//! A reading's features are one word whose every field grows with the han it can
//! give, coded so that "at least as good" is "a superset of bits" ([`Rd`]): the run
//! starts, the triplet kinds, all outside, no run, and the concealed triplets as a
//! thermometer (at least 1, 2, 3).

use super::super::parts::{tables, Part};
use super::deco::each_reading;
use std::sync::OnceLock;

/// A reading's features (see the module): bits 0-6 run starts, 7-15 triplet kinds,
/// [`OUT`], [`NORUN`], [`CT1`] to [`CT3`]; [`IT`] for a joined reading with ittsu.
pub(crate) type Rd = u32;

/// The run-start bits.
pub(crate) const RUNS: Rd = 0x7f;
/// The triplet bits start here.
pub(crate) const TRIPS: u32 = 7;
/// Every meld and the pair hold a terminal or an honor.
pub(crate) const OUT: Rd = 1 << 16;
/// No run.
pub(crate) const NORUN: Rd = 1 << 17;
/// At least one concealed triplet (then [`CT2`], [`CT3`]: at least 2, 3).
pub(crate) const CT1: Rd = 1 << 18;
/// At least two concealed triplets.
pub(crate) const CT2: Rd = 1 << 19;
/// At least three concealed triplets.
pub(crate) const CT3: Rd = 1 << 20;
/// Ittsu (a joined reading).
pub(crate) const IT: Rd = 1 << 21;

/// The thermometer bits of `n` concealed triplets.
pub(crate) fn ct_bits(n: u32) -> Rd {
    [0, CT1, CT1 | CT2, CT1 | CT2 | CT3][n.min(3) as usize]
}

/// The number of concealed triplets in `r` (at most 3).
pub(crate) fn ct_of(r: Rd) -> u32 {
    (r & (CT1 | CT2 | CT3)).count_ones()
}

/// Keeps the readings no other one beats (a superset of bits), sorted.
pub(crate) fn pareto(v: &mut Vec<Rd>) {
    v.sort_unstable();
    v.dedup();
    let all = v.clone();
    v.retain(|&a| !all.iter().any(|&b| b != a && b & a == a));
}

/// The best readings of every pattern of a table: as a complete group (melds, or
/// melds and the pair; empty if it is neither) and completed by each of its waits
/// (the wait a ron), in order of the wait bits; `(start, len)` in `list`.
pub(crate) struct Reads {
    /// Per pattern: as a complete group.
    pub complete: Vec<(u32, u8)>,
    /// Per pattern: the index of its first wait's entry in `waits`.
    pub first: Vec<u32>,
    /// The waits' entries.
    pub waits: Vec<(u32, u8)>,
    /// The readings' features.
    pub list: Vec<Rd>,
}

impl Reads {
    /// The readings of an entry.
    pub fn of(&self, e: (u32, u8)) -> &[Rd] {
        &self.list[e.0 as usize..e.0 as usize + usize::from(e.1)]
    }
}

/// The readings of the suit table and of the honor table, built on first use.
pub(crate) fn reads() -> &'static (Reads, Reads) {
    static R: OnceLock<(Reads, Reads)> = OnceLock::new();
    R.get_or_init(|| {
        let t = tables();
        (build(&t.suit.parts, 9), build(&t.honor.parts, 7))
    })
}

fn build(parts: &[Part], width: usize) -> Reads {
    let seq = width == 9;
    let mut r = Reads {
        complete: Vec::with_capacity(parts.len()),
        first: Vec::with_capacity(parts.len()),
        waits: Vec::new(),
        list: Vec::new(),
    };
    let push = |r: &mut Reads, h: &mut [u8], pairs: u8, win: Option<usize>| {
        let mut v: Vec<Rd> = Vec::new();
        each_reading(h, seq, pairs, win, &mut |x, ct| {
            let mut rd = u32::from(x.runs) | u32::from(x.trips) << TRIPS | ct_bits(u32::from(ct));
            if !x.inside {
                rd |= OUT;
            }
            if x.runs == 0 {
                rd |= NORUN;
            }
            if !seq {
                // Honors: the suits' identity for runs and triplets.
                rd |= RUNS | 0x1ff << TRIPS;
            }
            v.push(rd);
        });
        pareto(&mut v);
        let e = (r.list.len() as u32, v.len() as u8);
        r.list.extend(v);
        e
    };
    for p in parts {
        let mut h: Vec<u8> = (0..width)
            .map(|k| ((p.counts >> (3 * k)) & 7) as u8)
            .collect();
        let pair = p.total % 3 == 2;
        let e = if p.melds || p.pair {
            push(&mut r, &mut h, u8::from(pair), None)
        } else {
            (r.list.len() as u32, 0)
        };
        r.complete.push(e);
        r.first.push(r.waits.len() as u32);
        for k in 0..width {
            if p.waits & (1 << k) != 0 {
                h[k] += 1;
                let pairs = u8::from(p.total % 3 == 1);
                let e = push(&mut r, &mut h, pairs, Some(k));
                r.waits.push(e);
                h[k] -= 1;
            }
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many readings a pattern keeps at most, by tile count (printed), and a
    /// known case: 111222333 as three triplets or three runs of 123.
    #[test]
    fn best_readings() {
        let (s, _) = reads();
        let t = tables();
        let mut most = [0usize; 16];
        for (i, p) in t.suit.parts.iter().enumerate() {
            let n = usize::from(p.total);
            most[n] = most[n].max(usize::from(s.complete[i].1));
            let f = s.first[i] as usize;
            for j in 0..p.waits.count_ones() as usize {
                most[n + 1] = most[n + 1].max(usize::from(s.waits[f + j].1));
            }
        }
        // At most one reading below 8 tiles, at most 3 in all: a hand of 14 tiles has
        // one group of 8 or more at most, so a joined set keeps at most 3 (`value`).
        assert_eq!(most, [1, 0, 1, 1, 0, 1, 1, 0, 2, 2, 0, 2, 3, 0, 3, 0]);
        let i = t
            .suit
            .parts
            .iter()
            .position(|p| p.counts == 3 | 3 << 3 | 3 << 6)
            .unwrap();
        let v = s.of(s.complete[i]);
        assert_eq!(v.len(), 2, "{v:x?}");
        assert!(v.contains(&(1 | OUT)));
        assert!(v.contains(&(0b111 << TRIPS | NORUN | CT1 | CT2 | CT3)));
    }
}
