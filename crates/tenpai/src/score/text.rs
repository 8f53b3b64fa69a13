//! The answer's text pieces, built without allocating: contract names, fu labels,
//! groups, tiles and the canonical hand, from tables made at compile time.

use super::payment::Limit;
use crate::decompose::{Meld, MeldShape};
use crate::fu::{FuPart, FuReason};
use crate::hand::{CallKind, Hand};
use crate::inline_str::InlineStr;
use crate::tile::Tile;
use crate::yaku::{self, Wait};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A contract name in an answer (`riichi`, `kokushi_13`, `kazoe_yakuman`, `ryanmen`):
/// one of the scoring vocabulary's static strings, so building an answer copies no text.
///
/// It serializes as a JSON string; reading one back accepts only the vocabulary's
/// names (yaku, yakuman, limits, waits).
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(&'static str);

impl Name {
    /// A name from static text.
    pub const fn new(s: &'static str) -> Name {
        Name(s)
    }

    /// The name.
    pub const fn as_str(self) -> &'static str {
        self.0
    }

    /// The vocabulary's name equal to `s`, if any.
    pub fn from_vocabulary(s: &str) -> Option<Name> {
        let yaku = yaku::YAKU_ALL.iter().map(|y| y.name());
        let yakuman = yaku::YAKUMAN_ALL.iter().map(|y| y.name());
        let limits = LIMITS.iter().map(|l| l.name());
        let waits = WAITS.iter().map(|w| w.name());
        yaku.chain(yakuman)
            .chain(limits)
            .chain(waits)
            .find(|n| *n == s)
            .map(Name)
    }
}

pub(super) const LIMITS: [Limit; 7] = [
    Limit::None,
    Limit::Mangan,
    Limit::Haneman,
    Limit::Baiman,
    Limit::Sanbaiman,
    Limit::Yakuman,
    Limit::KazoeYakuman,
];

pub(super) const WAITS: [Wait; 6] = [
    Wait::Ryanmen,
    Wait::Kanchan,
    Wait::Penchan,
    Wait::Tanki,
    Wait::Shanpon,
    Wait::Kokushi13,
];

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl std::borrow::Borrow<str> for Name {
    fn borrow(&self) -> &str {
        self.0
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.0)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        self.0 == other.as_str()
    }
}

impl PartialEq<Name> for str {
    fn eq(&self, other: &Name) -> bool {
        self == other.0
    }
}

impl PartialEq<Name> for &str {
    fn eq(&self, other: &Name) -> bool {
        *self == other.0
    }
}

impl PartialEq<Name> for String {
    fn eq(&self, other: &Name) -> bool {
        self.as_str() == other.0
    }
}

impl Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Name;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a yaku, yakuman, limit or wait name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Name, E> {
                Name::from_vocabulary(v)
                    .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(v), &self))
            }
        }
        deserializer.deserialize_str(V)
    }
}

/// A fu item's label: the reason, and the tile of the group it is for
/// (`closed_triplet_terminal 1z`). Kept as the two parts; written out when displayed
/// or serialized (as one JSON string).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FuLabel {
    /// Why the fu is awarded.
    pub reason: FuReason,
    /// The group's tile kind (triplets, quads, the pair).
    pub tile: Option<Tile>,
}

impl Default for FuLabel {
    fn default() -> Self {
        FuLabel {
            reason: FuReason::Base,
            tile: None,
        }
    }
}

impl FuLabel {
    /// The label as text, in an inline buffer.
    pub fn text(&self) -> InlineStr<31> {
        let mut s = InlineStr::new();
        s.push_str(self.reason.name());
        if let Some(t) = self.tile {
            s.push_ascii(b' ');
            s.push_ascii(b'0' + t.number());
            s.push_ascii(t.suit().letter() as u8);
        }
        s
    }

    /// Read a label written as [`FuLabel::text`] writes it.
    pub fn parse(text: &str) -> Option<FuLabel> {
        let (name, tile) = match text.split_once(' ') {
            Some((n, t)) => (n, Some(Tile::from_mpsz(t)?.kind())),
            None => (text, None),
        };
        let reason = FuReason::ALL.into_iter().find(|r| r.name() == name)?;
        Some(FuLabel { reason, tile })
    }
}

impl fmt::Display for FuLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.text())
    }
}

impl fmt::Debug for FuLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.text().as_str(), f)
    }
}

impl PartialEq<str> for FuLabel {
    fn eq(&self, other: &str) -> bool {
        self.text() == *other
    }
}

impl PartialEq<&str> for FuLabel {
    fn eq(&self, other: &&str) -> bool {
        self.text() == **other
    }
}

impl PartialEq<String> for FuLabel {
    fn eq(&self, other: &String) -> bool {
        self.text() == *other.as_str()
    }
}

impl Serialize for FuLabel {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text())
    }
}

impl<'de> Deserialize<'de> for FuLabel {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = FuLabel;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a fu reason, with its tile for groups")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<FuLabel, E> {
                FuLabel::parse(v)
                    .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(v), &self))
            }
        }
        deserializer.deserialize_str(V)
    }
}

/// One group of a reading (`55z`, `234m`, `(5555z)`, `[0555p]`), kept inline.
pub type Group = InlineStr<8>;

/// A tile (`5s`, `0p`), kept inline.
pub type TileText = InlineStr<4>;

/// A canonical hand (`234567m34088p567s`, `11z (123m) [5555z]`), kept inline.
pub type HandText = InlineStr<64>;

/// Each tile id's mpsz digit (`0` for a red five) and suit letter, as ASCII bytes.
pub(super) const MPSZ: [[u8; 2]; 37] = {
    let mut t = [[0u8; 2]; 37];
    let letters = [b'm', b'p', b's', b'z'];
    let mut i = 0;
    while i < 34 {
        t[i] = [b'1' + (i % 9) as u8, letters[i / 9]];
        i += 1;
    }
    t[34] = [b'0', b'm'];
    t[35] = [b'0', b'p'];
    t[36] = [b'0', b's'];
    t
};

/// A fixed byte buffer (`N` a power of two) being filled with ASCII; a text that
/// overflows it reads as empty (the callers' texts are bounded well below `N`).
struct Buf<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Buf<N> {
    const fn new() -> Self {
        const { assert!(N.is_power_of_two()) };
        Buf {
            bytes: [0; N],
            len: 0,
        }
    }

    fn put(&mut self, b: u8) {
        // `N` is a power of two: the mask keeps the index in range without a branch;
        // a text longer than `N` (never the case here) becomes empty in `text`.
        self.bytes[self.len & (N - 1)] = b;
        self.len += 1;
    }

    /// Write `b` after the text; keep it only when `keep`.
    fn put_if(&mut self, b: u8, keep: bool) {
        self.bytes[self.len & (N - 1)] = b;
        self.len += usize::from(keep);
    }

    fn text(self) -> InlineStr<N> {
        InlineStr::from_ascii(self.bytes, self.len).unwrap_or_default()
    }
}

/// The pair group `55z` of each tile kind. Built at compile time.
const PAIRS: [Group; 34] = {
    let mut t = [Group::from_ascii_const([0; 8], 0); 34];
    let mut k = 0;
    while k < 34 {
        let [d, l] = MPSZ[k];
        t[k] = Group::from_ascii_const([d, d, l, 0, 0, 0, 0, 0], 3);
        k += 1;
    }
    t
};

/// The pair group `55z` of a tile kind.
pub(super) fn pair_group(t: Tile) -> Group {
    PAIRS[t.index()]
}

/// A name from the fixed contract vocabulary.
pub(super) const fn name(s: &'static str) -> Name {
    Name(s)
}

/// The canonical hand, written as `Hand`'s `Display` does (concealed tiles, already
/// sorted, grouped by suit, then each call), without allocating.
pub(super) fn hand_text(hand: &Hand) -> HandText {
    let mut out = Buf::new();
    let concealed = hand.concealed();
    // Branch-free: each tile's digit, then its suit letter, kept (the length moves
    // past it) only where the suit changes or the tiles end.
    let mut ids = concealed.iter().map(|t| usize::from(t.id())).peekable();
    while let Some(id) = ids.next() {
        let [d, l] = MPSZ[id];
        out.put(d);
        let next_letter = ids.peek().map_or(0, |&n| MPSZ[n][1]);
        out.put_if(l, next_letter != l);
    }
    for c in hand.calls() {
        let (open, close) = if c.kind() == CallKind::ClosedKan {
            (b'[', b']')
        } else {
            (b'(', b')')
        };
        out.put(b' ');
        out.put(open);
        let mut letter = b'z';
        for t in c.tiles() {
            let [d, l] = MPSZ[usize::from(t.id())];
            out.put(d);
            letter = l;
        }
        out.put(letter);
        out.put(close);
    }
    out.text()
}

/// A fu item's label, as [`FuPart::label`] writes it.
pub(super) const fn fu_label(p: &FuPart) -> FuLabel {
    FuLabel {
        reason: p.reason,
        tile: p.tile,
    }
}

/// Every group text, by shape (sequence, triplet, quad), brackets (none, `(..)`,
/// `[..]`) and lowest kind: `234m`, `(555z)`, `[1111s]`, as `Decomposition::groups`
/// writes them (red fives as 5). Built at compile time.
const GROUPS: [[[Group; 34]; 3]; 3] = {
    let mut t = [[[Group::from_ascii_const([0; 8], 0); 34]; 3]; 3];
    let mut shape = 0;
    while shape < 3 {
        let mut brackets = 0;
        while brackets < 3 {
            let mut k = 0;
            while k < 34 {
                let [d, l] = MPSZ[k];
                let mut bytes = [0u8; 8];
                let mut n = 0;
                if brackets > 0 {
                    bytes[n] = if brackets == 1 { b'(' } else { b'[' };
                    n += 1;
                }
                let copies = if shape == 2 { 4 } else { 3 };
                let mut i = 0;
                while i < copies {
                    // Sequences past 7 never occur; their digits are not used.
                    bytes[n] = if shape == 0 { d + i } else { d };
                    n += 1;
                    i += 1;
                }
                bytes[n] = l;
                n += 1;
                if brackets > 0 {
                    bytes[n] = if brackets == 1 { b')' } else { b']' };
                    n += 1;
                }
                t[shape][brackets][k] = Group::from_ascii_const(bytes, n);
                k += 1;
            }
            brackets += 1;
        }
        shape += 1;
    }
    t
};

/// A group of a regular reading, as `Decomposition::groups` writes it.
pub(super) fn meld_group(m: &Meld) -> Group {
    let shape = match m.shape {
        MeldShape::Sequence => 0,
        MeldShape::Triplet => 1,
        MeldShape::Quad => 2,
    };
    let brackets = match m.call {
        None => 0,
        Some(CallKind::ClosedKan) => 2,
        Some(_) => 1,
    };
    GROUPS[shape][brackets][m.tile.index()]
}
