//! The answer's text pieces, built without allocating: contract names, fu labels,
//! groups, tiles and the canonical hand, from tables made at compile time.

use super::payment::Limit;
use crate::decompose::{Meld, MeldShape};
use crate::fu::{FuPart, FuReason};
use crate::hand::{CallKind, Hand};
use crate::tile::Tile;
use crate::yaku::{self, Wait};
use arrayvec::ArrayString;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::LazyLock;

/// A contract name in an answer (`riichi`, `kokushi_13`, `kazoe_yakuman`, `ryanmen`):
/// one of the scoring vocabulary's static strings, kept as its place in the vocabulary
/// (one byte), so building an answer copies no text.
///
/// It compares, orders and hashes as its text, serializes as a JSON string, and reading
/// one back accepts only the vocabulary's names (yaku, yakuman, limits, waits).
///
/// ```
/// use tenpai::score::Name;
/// let n = Name::from_vocabulary("riichi").unwrap();
/// assert_eq!(n.as_str(), "riichi");
/// assert_eq!(serde_json::to_string(&n).unwrap(), r#""riichi""#);
/// assert!(Name::from_vocabulary("not_a_yaku").is_none());
/// ```
#[derive(Clone, Copy, Default)]
pub struct Name(u8);

/// Where each part of the vocabulary starts (0 is the empty name, the default).
const YAKU_AT: usize = 1;
const YAKUMAN_AT: usize = YAKU_AT + yaku::YAKU_ALL.len();
const LIMIT_AT: usize = YAKUMAN_AT + yaku::YAKUMAN_ALL.len();
const WAIT_AT: usize = LIMIT_AT + LIMITS.len();

/// Every contract name: the empty name, then the yaku, yakuman, limits and waits, each
/// in its enum's order. Built at compile time.
const VOCABULARY: [&str; 128] = {
    let mut t = [""; 128];
    let mut i = 0;
    while i < yaku::YAKU_ALL.len() {
        t[YAKU_AT + i] = yaku::YAKU_ALL[i].name();
        i += 1;
    }
    i = 0;
    while i < yaku::YAKUMAN_ALL.len() {
        t[YAKUMAN_AT + i] = yaku::YAKUMAN_ALL[i].name();
        i += 1;
    }
    i = 0;
    while i < LIMITS.len() {
        t[LIMIT_AT + i] = LIMITS[i].name();
        i += 1;
    }
    i = 0;
    while i < WAITS.len() {
        t[WAIT_AT + i] = WAITS[i].name();
        i += 1;
    }
    assert!(WAIT_AT + WAITS.len() <= 128);
    t
};

impl Name {
    /// The name.
    pub const fn as_str(self) -> &'static str {
        // Always in range: names are only made from the vocabulary's places.
        VOCABULARY[self.0 as usize & 127]
    }

    /// The vocabulary's name equal to `s`, if any.
    pub fn from_vocabulary(s: &str) -> Option<Name> {
        (1..VOCABULARY.len())
            .find(|&i| VOCABULARY[i] == s && !s.is_empty())
            .map(|i| Name(i as u8))
    }

    /// A yaku's name.
    pub(crate) const fn of_yaku(y: yaku::Yaku) -> Name {
        // `YAKU_ALL[i]` is the yaku with discriminant `i` (checked where it is walked).
        Name((YAKU_AT + y as usize) as u8)
    }

    /// A yakuman's name.
    pub(crate) fn of_yakuman(y: yaku::Yakuman) -> Name {
        let i = yaku::YAKUMAN_ALL.iter().position(|&x| x == y).unwrap_or(0);
        Name((YAKUMAN_AT + i) as u8)
    }

    /// A limit's name.
    pub(crate) fn of_limit(l: Limit) -> Name {
        let i = LIMITS.iter().position(|&x| x == l).unwrap_or(0);
        Name((LIMIT_AT + i) as u8)
    }

    /// A wait's name.
    pub(crate) fn of_wait(w: Wait) -> Name {
        let i = WAITS.iter().position(|&x| x == w).unwrap_or(0);
        Name((WAIT_AT + i) as u8)
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Name {}

impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Name) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Name {
    fn cmp(&self, other: &Name) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl std::hash::Hash for Name {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
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
        self.as_str()
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl std::borrow::Borrow<str> for Name {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<Name> for str {
    fn eq(&self, other: &Name) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Name> for &str {
    fn eq(&self, other: &Name) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Name> for String {
    fn eq(&self, other: &Name) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
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
///
/// ```
/// use tenpai::score::FuLabel;
///
/// let label = FuLabel::parse("closed_triplet_terminal 1z").unwrap();
/// assert_eq!(label.reason.name(), "closed_triplet_terminal");
/// assert_eq!(label.tile.map(|t| t.to_string()), Some("1z".to_string()));
/// assert_eq!(label.text().as_str(), "closed_triplet_terminal 1z");
/// assert_eq!(serde_json::to_string(&label).unwrap(), r#""closed_triplet_terminal 1z""#);
/// assert_eq!(FuLabel::parse("closed_ron").unwrap().tile, None);
/// assert!(FuLabel::parse("no_such_fu").is_none());
/// ```
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
    pub fn text(&self) -> ArrayString<32> {
        // The longest reason name and a tile fit: nothing is ever cut.
        let mut s = ArrayString::new();
        let _ = s.try_push_str(self.reason.name());
        if let Some(t) = self.tile {
            let _ = s.try_push(' ');
            let _ = s.try_push(char::from(b'0' + t.number()));
            let _ = s.try_push(t.suit().letter());
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
///
/// ```
/// let req = tenpai::score::ScoreRequest::from_json(r#"{"hand": "123m456p789s11222z", "tsumo": true}"#)?;
/// let r = tenpai::score::score_request(&req)?;
/// let groups: Vec<&str> = r.decomposition.iter().map(|g| g.as_str()).collect();
/// assert_eq!(groups, ["11z", "123m", "456p", "789s", "222z"]);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub type Group = ArrayString<8>;

/// A tile (`5s`, `0p`), kept inline.
///
/// ```
/// let req = tenpai::score::ScoreRequest::from_json(r#"{"hand": "123m456p789s11222z", "win": "1m", "tsumo": true}"#)?;
/// assert_eq!(tenpai::score::score_request(&req)?.win.as_str(), "1m");
/// # Ok::<(), tenpai::Error>(())
/// ```
pub type TileText = ArrayString<4>;

/// A canonical hand (`234567m34088p567s`, `11z (123m) [5555z]`), kept inline.
///
/// ```
/// let req = tenpai::score::ScoreRequest::from_json(r#"{"hand": "222z11z789s456p123m", "tsumo": true}"#)?;
/// assert_eq!(tenpai::score::score_request(&req)?.hand.as_str(), "123m456p789s11222z");
/// # Ok::<(), tenpai::Error>(())
/// ```
pub type HandText = ArrayString<64>;

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

    fn text(self) -> ArrayString<N> {
        self.bytes
            .get(..self.len)
            .and_then(|b| std::str::from_utf8(b).ok())
            .and_then(|s| ArrayString::from(s).ok())
            .unwrap_or_default()
    }
}

/// Append ASCII bytes to a group (the tables' texts fit: nothing is ever cut).
fn put(g: &mut Group, bytes: &[u8]) {
    for &b in bytes {
        let _ = g.try_push(char::from(b));
    }
}

/// The pair group `55z` of each tile kind. Built once, on first use.
static PAIRS: LazyLock<[Group; 34]> = LazyLock::new(|| {
    let mut t = [Group::new(); 34];
    for (g, &[d, l]) in t.iter_mut().zip(&MPSZ) {
        put(g, &[d, d, l]);
    }
    t
});

/// The pair group `55z` of a tile kind.
pub(super) fn pair_group(t: Tile) -> Group {
    PAIRS[t.index()]
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
/// writes them (red fives as 5). Built once, on first use.
static GROUPS: LazyLock<[[[Group; 34]; 3]; 3]> = LazyLock::new(|| {
    let mut t = [[[Group::new(); 34]; 3]; 3];
    for (shape, by_brackets) in t.iter_mut().enumerate() {
        for (brackets, row) in by_brackets.iter_mut().enumerate() {
            for (g, &[d, l]) in row.iter_mut().zip(&MPSZ) {
                let [open, close] = [[b' ', b' '], [b'(', b')'], [b'[', b']']][brackets];
                if brackets > 0 {
                    put(g, &[open]);
                }
                let copies = if shape == 2 { 4 } else { 3 };
                for i in 0..copies {
                    // Sequences past 7 never occur; their digits are not used.
                    put(g, &[if shape == 0 { d + i } else { d }]);
                }
                put(g, &[l]);
                if brackets > 0 {
                    put(g, &[close]);
                }
            }
        }
    }
    t
});

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
