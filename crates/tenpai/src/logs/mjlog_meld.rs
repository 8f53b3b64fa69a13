//! Tenhou's bit-encoded call code (the `m` attribute of mjlog `N` and `AGARI` tags).
//!
//! Layout (low bits first): bits 0-1 hold who the tile came from, relative to the caller
//! (0 self, 1 shimocha, 2 toimen, 3 kamicha). Bit 2 set: a chi; bit 3: a pon; bit 4: an
//! added kan (shouminkan); bit 5: a 3-player North extraction (nukidora); none of them:
//! a kan from a discard (daiminkan) or, from self, a closed kan (ankan).

use crate::error::Error;

/// What a call is.
///
/// ```
/// use tenpai::logs::MeldType;
///
/// assert_eq!(MeldType::Shouminkan.name(), "shouminkan");
/// assert!(MeldType::Ankan.is_kan() && !MeldType::Pon.is_kan());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MeldType {
    /// A sequence called from the player on the left.
    Chi,
    /// A triplet called from a discard.
    Pon,
    /// A quad called from a discard (open kan).
    Daiminkan,
    /// A quad declared from the concealed hand.
    Ankan,
    /// A tile added to an earlier pon (added kan).
    Shouminkan,
    /// A North set aside in 3-player games.
    Nukidora,
}

impl MeldType {
    /// The name used in the corpus records: `chi`, `pon`, `daiminkan`, `ankan`,
    /// `shouminkan`, `nukidora`.
    pub const fn name(self) -> &'static str {
        match self {
            MeldType::Chi => "chi",
            MeldType::Pon => "pon",
            MeldType::Daiminkan => "daiminkan",
            MeldType::Ankan => "ankan",
            MeldType::Shouminkan => "shouminkan",
            MeldType::Nukidora => "nukidora",
        }
    }

    /// Whether the call is a kan of any sort.
    pub const fn is_kan(self) -> bool {
        matches!(
            self,
            MeldType::Daiminkan | MeldType::Ankan | MeldType::Shouminkan
        )
    }
}

/// A decoded `m` code, in Tenhou 136 ids (`0..136`, `4 * kind + copy`).
///
/// ```
/// use tenpai::logs::mjlog_meld::decode;
///
/// let m = decode(17463).unwrap(); // a chi of 678m from the previous player
/// assert_eq!(m.tiles.iter().map(|t| t / 4).collect::<Vec<_>>(), [5, 6, 7]);
/// assert_eq!((m.added, m.from_rel), (None, 3));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedMeld {
    /// What the call is.
    pub kind: MeldType,
    /// The 136 ids of every tile in the call (3 for chi/pon, 4 for kans, 1 for nukidora), ascending.
    pub tiles: Vec<u8>,
    /// The tile taken from another player (for a shouminkan, the one taken for the pon);
    /// `None` for ankan and nukidora.
    pub called: Option<u8>,
    /// The tile added to the pon, for a shouminkan.
    pub added: Option<u8>,
    /// Who the called tile came from, relative to the caller: 0 self, 1 shimocha (next),
    /// 2 toimen (across), 3 kamicha (previous).
    pub from_rel: u8,
}

/// Decode a Tenhou `m` code. Codes that do not describe a possible call are errors.
///
/// ```
/// use tenpai::logs::mjlog_meld::{decode, MeldType};
/// let m = decode(17463).unwrap();
/// assert_eq!(m.kind, MeldType::Chi);
/// assert_eq!(m.from_rel, 3);
/// assert_eq!(m.called.map(|t| t / 4), Some(7)); // 8m
/// ```
pub fn decode(m: u32) -> Result<DecodedMeld, Error> {
    let bad = || Error::Invalid(format!("call code m={m} is not a valid Tenhou call"));
    if m > 0xFFFF {
        return Err(bad());
    }
    let from_rel = (m & 3) as u8;
    if m & 0x4 != 0 {
        // Chi: the base sequence (0..21) and which of the three was called, then the
        // copy (0..4) of each tile.
        let t = m >> 10;
        let called_index = (t % 3) as usize;
        let seq = t / 3;
        if seq >= 21 || from_rel != 3 || m & 0x200 != 0 {
            return Err(bad());
        }
        let base = (seq / 7) * 9 + seq % 7;
        let tiles: Vec<u8> = (0..3u32)
            .map(|i| ((base + i) * 4 + ((m >> (3 + 2 * i)) & 3)) as u8)
            .collect();
        let called = tiles[called_index];
        return Ok(DecodedMeld {
            kind: MeldType::Chi,
            tiles,
            called: Some(called),
            added: None,
            from_rel,
        });
    }
    if m & 0x18 != 0 {
        // Pon (bit 3) or added kan (bit 4): the kind, which of the three pon tiles was
        // called, and the copy left out of the pon (the added one for a kan).
        let t = m >> 9;
        let called_index = (t % 3) as usize;
        let kind = t / 3;
        if kind >= 34 || from_rel == 0 || m & 0x18 == 0x18 || m & 0x180 != 0 {
            return Err(bad());
        }
        let unused = (m >> 5) & 3;
        let pon: Vec<u8> = (0..4u32)
            .filter(|&c| c != unused)
            .map(|c| (kind * 4 + c) as u8)
            .collect();
        let called = pon[called_index];
        let unused_id = (kind * 4 + unused) as u8;
        if m & 0x8 != 0 {
            return Ok(DecodedMeld {
                kind: MeldType::Pon,
                tiles: pon,
                called: Some(called),
                added: None,
                from_rel,
            });
        }
        return Ok(DecodedMeld {
            kind: MeldType::Shouminkan,
            tiles: (0..4u32).map(|c| (kind * 4 + c) as u8).collect(),
            called: Some(called),
            added: Some(unused_id),
            from_rel,
        });
    }
    if m & 0x20 != 0 {
        let id = m >> 8;
        if id >= 136 || id / 4 != 30 || m & 0xC3 != 0 {
            return Err(bad());
        }
        return Ok(DecodedMeld {
            kind: MeldType::Nukidora,
            tiles: vec![id as u8],
            called: None,
            added: None,
            from_rel: 0,
        });
    }
    // A kan: the 136 id of the called tile (or, for ankan, of one of the four).
    let id = m >> 8;
    if id >= 136 || m & 0xFC != 0 {
        return Err(bad());
    }
    let kind = id / 4;
    let tiles: Vec<u8> = (0..4u32).map(|c| (kind * 4 + c) as u8).collect();
    if from_rel == 0 {
        Ok(DecodedMeld {
            kind: MeldType::Ankan,
            tiles,
            called: None,
            added: None,
            from_rel,
        })
    } else {
        Ok(DecodedMeld {
            kind: MeldType::Daiminkan,
            tiles,
            called: Some(id as u8),
            added: None,
            from_rel,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Vectors from gimite/mjai's Tenhou archive test and an mjx log (see the corpus SOURCE.md).
    #[test]
    fn known_codes() {
        let chi = decode(17463).unwrap();
        assert_eq!(chi.kind, MeldType::Chi);
        assert_eq!(
            chi.tiles.iter().map(|t| t / 4).collect::<Vec<_>>(),
            [5, 6, 7]
        );
        assert_eq!(chi.called.unwrap() / 4, 7);
        assert_eq!(chi.from_rel, 3);

        let pon = decode(26633).unwrap();
        assert_eq!(pon.kind, MeldType::Pon);
        assert!(pon.tiles.iter().all(|t| t / 4 == 17)); // 9p
        assert_eq!(pon.from_rel, 1);

        let west = decode(45674).unwrap();
        assert_eq!(west.kind, MeldType::Pon);
        assert!(west.tiles.iter().all(|t| t / 4 == 29));
        assert_eq!(west.from_rel, 2);

        let kan = decode(33795).unwrap();
        assert_eq!(kan.kind, MeldType::Daiminkan);
        assert!(kan.tiles.iter().all(|t| t / 4 == 33));
        assert_eq!(kan.tiles.len(), 4);
        assert_eq!(kan.from_rel, 3);

        let chun = decode(51305).unwrap();
        assert_eq!(chun.kind, MeldType::Pon);
        assert!(chun.tiles.iter().all(|t| t / 4 == 33));
        // Called by seat 2 from seat 3: shimocha.
        assert_eq!(chun.from_rel, 1);
    }

    /// An encoder written from the layout description, to round-trip every call.
    fn encode(d: &DecodedMeld) -> u32 {
        match d.kind {
            MeldType::Chi => {
                let base = u32::from(d.tiles[0] / 4);
                let seq = (base / 9) * 7 + base % 9;
                let ci = d.tiles.iter().position(|&t| Some(t) == d.called).unwrap() as u32;
                let mut m = ((seq * 3 + ci) << 10) | 0x4 | u32::from(d.from_rel);
                for (i, &t) in d.tiles.iter().enumerate() {
                    m |= u32::from(t % 4) << (3 + 2 * i);
                }
                m
            }
            MeldType::Pon | MeldType::Shouminkan => {
                let kind = u32::from(d.tiles[0] / 4);
                let (unused, pon): (u32, Vec<u8>) = match d.added {
                    Some(a) => (
                        u32::from(a % 4),
                        d.tiles.iter().copied().filter(|&t| t != a).collect(),
                    ),
                    None => {
                        let u = (0..4u8)
                            .find(|c| !d.tiles.iter().any(|t| t % 4 == *c))
                            .unwrap();
                        (u32::from(u), d.tiles.clone())
                    }
                };
                let ci = pon.iter().position(|&t| Some(t) == d.called).unwrap() as u32;
                let bit = if d.kind == MeldType::Pon { 0x8 } else { 0x10 };
                ((kind * 3 + ci) << 9) | (unused << 5) | bit | u32::from(d.from_rel)
            }
            MeldType::Nukidora => (u32::from(d.tiles[0]) << 8) | 0x20,
            MeldType::Daiminkan => (u32::from(d.called.unwrap()) << 8) | u32::from(d.from_rel),
            MeldType::Ankan => u32::from(d.tiles[0]) << 8,
        }
    }

    #[test]
    fn every_code_decodes_or_errs_and_round_trips() {
        let mut ok = 0;
        for m in 0..=0xFFFFu32 {
            if let Ok(d) = decode(m) {
                ok += 1;
                // Distinct 136 ids of one or consecutive kinds.
                let mut t = d.tiles.clone();
                t.dedup();
                assert_eq!(t.len(), d.tiles.len(), "m={m}");
                assert_eq!(decode(encode(&d)).unwrap(), d, "m={m}");
                if d.kind != MeldType::Ankan {
                    assert_eq!(encode(&d), m, "m={m} {d:?}");
                }
            }
        }
        // chi 21 sequences x 3 called x 4^3 copies, pon and added kan 34 x 3 x 4 x 3 each,
        // open kan 136 x 3 sources, closed kan 136, North 4.
        assert_eq!(ok, 21 * 3 * 64 + 2 * 34 * 3 * 4 * 3 + 136 * 4 + 4);
        assert!(decode(0x10000).is_err());
    }

    #[test]
    fn red_fives_and_added_kan() {
        // Pon of 5p (kind 13) with the red five (id 52) as the called tile, copy 3 unused.
        let d = DecodedMeld {
            kind: MeldType::Pon,
            tiles: vec![52, 53, 54],
            called: Some(52),
            added: None,
            from_rel: 2,
        };
        let m = encode(&d);
        assert_eq!(decode(m).unwrap(), d);
        // Adding the fourth copy: the same pon bits with bit 4.
        let k = decode((m & !0x8) | 0x10).unwrap();
        assert_eq!(k.kind, MeldType::Shouminkan);
        assert_eq!(k.added, Some(55));
        assert_eq!(k.tiles, vec![52, 53, 54, 55]);
        // Chi 3-4-5s with the red 5s (88) called.
        let c = DecodedMeld {
            kind: MeldType::Chi,
            tiles: vec![80, 85, 88],
            called: Some(88),
            added: None,
            from_rel: 3,
        };
        assert_eq!(decode(encode(&c)).unwrap(), c);
        // Ankan of East: from self.
        let a = decode((27 * 4) << 8).unwrap();
        assert_eq!(a.kind, MeldType::Ankan);
        assert_eq!(a.called, None);
    }
}
