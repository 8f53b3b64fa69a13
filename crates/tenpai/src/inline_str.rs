//! A short string kept inline (no heap allocation), for the small strings of an answer:
//! contract names, fu labels, groups such as `(5555z)`, the canonical hand.
//!
//! It serializes as a JSON string and reads back from one, derefs to `str`, and
//! compares with `str`, `&str` and `String`, so it stands in for `String` in the
//! answer types without changing their JSON.

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

/// A UTF-8 string of at most `N` bytes (`N <= 255`), stored inline.
#[derive(Clone, Copy)]
pub struct InlineStr<const N: usize> {
    len: u8,
    bytes: [u8; N],
}

impl<const N: usize> InlineStr<N> {
    /// The empty string.
    pub const fn new() -> Self {
        assert!(N <= 255, "InlineStr holds at most 255 bytes");
        InlineStr {
            len: 0,
            bytes: [0; N],
        }
    }

    /// The first `len` bytes of `bytes`, for constant tables: panics (a compile error
    /// in a constant) when they are not ASCII or `len > N`.
    pub(crate) const fn from_ascii_const(bytes: [u8; N], len: usize) -> Self {
        assert!(len <= N && N <= 255);
        let mut i = 0;
        while i < len {
            assert!(bytes[i].is_ascii());
            i += 1;
        }
        InlineStr {
            len: len as u8,
            bytes,
        }
    }

    /// A copy of `s`, or `None` when it is longer than `N` bytes.
    pub fn try_from_str(s: &str) -> Option<Self> {
        let mut out = Self::new();
        out.push_str(s).then_some(out)
    }

    /// The first `len` bytes of `buf`, when they are ASCII and `len <= N`.
    pub fn from_ascii(buf: [u8; N], len: usize) -> Option<Self> {
        if len > N || !buf[..len].is_ascii() {
            return None;
        }
        Some(InlineStr {
            len: len as u8,
            bytes: buf,
        })
    }

    /// Append `s`; `false` (and nothing appended) when it does not fit.
    pub fn push_str(&mut self, s: &str) -> bool {
        let at = self.len as usize;
        let Some(dst) = self.bytes.get_mut(at..at + s.len()) else {
            return false;
        };
        dst.copy_from_slice(s.as_bytes());
        self.len += s.len() as u8;
        true
    }

    /// Append an ASCII byte; `false` when full or not ASCII.
    pub fn push_ascii(&mut self, b: u8) -> bool {
        let at = self.len as usize;
        if at >= N || !b.is_ascii() {
            return false;
        }
        self.bytes[at] = b;
        self.len += 1;
        true
    }

    /// The string.
    pub fn as_str(&self) -> &str {
        // Only whole `&str`s and ASCII bytes are ever written, so the prefix is UTF-8;
        // the checked conversion keeps this free of `unsafe`.
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }

    /// Length in bytes.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the string is empty.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<const N: usize> Default for InlineStr<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Deref for InlineStr<N> {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl<const N: usize> AsRef<str> for InlineStr<N> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl<const N: usize> Borrow<str> for InlineStr<N> {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl<const N: usize> fmt::Display for InlineStr<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl<const N: usize> fmt::Debug for InlineStr<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl<const N: usize> fmt::Write for InlineStr<N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.push_str(s) {
            Ok(())
        } else {
            Err(fmt::Error)
        }
    }
}

impl<const N: usize> PartialEq for InlineStr<N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl<const N: usize> Eq for InlineStr<N> {}

impl<const N: usize> PartialOrd for InlineStr<N> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Ord for InlineStr<N> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl<const N: usize> std::hash::Hash for InlineStr<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl<const N: usize> PartialEq<str> for InlineStr<N> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl<const N: usize> PartialEq<&str> for InlineStr<N> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl<const N: usize> PartialEq<String> for InlineStr<N> {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other.as_str()
    }
}

impl<const N: usize> PartialEq<InlineStr<N>> for str {
    fn eq(&self, other: &InlineStr<N>) -> bool {
        self == other.as_str()
    }
}

impl<const N: usize> PartialEq<InlineStr<N>> for &str {
    fn eq(&self, other: &InlineStr<N>) -> bool {
        *self == other.as_str()
    }
}

impl<const N: usize> PartialEq<InlineStr<N>> for String {
    fn eq(&self, other: &InlineStr<N>) -> bool {
        self.as_str() == other.as_str()
    }
}

impl<const N: usize> From<InlineStr<N>> for String {
    fn from(s: InlineStr<N>) -> String {
        s.as_str().to_owned()
    }
}

impl<const N: usize> Serialize for InlineStr<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de, const N: usize> Deserialize<'de> for InlineStr<N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<const N: usize>;
        impl<const N: usize> de::Visitor<'_> for V<N> {
            type Value = InlineStr<N>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a string of at most {N} bytes")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                InlineStr::try_from_str(v).ok_or_else(|| E::invalid_length(v.len(), &self))
            }
        }
        deserializer.deserialize_str(V::<N>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_and_round_trips() {
        let mut s = InlineStr::<8>::new();
        assert!(s.is_empty());
        assert!(s.push_str("(555"));
        assert!(s.push_ascii(b'z'));
        assert!(s.push_str(")"));
        assert_eq!(s, "(555z)");
        assert_eq!(s.len(), 6);
        assert!(!s.push_str("abc"), "would be 9 bytes");
        assert_eq!(s.to_string(), "(555z)");
        let json = serde_json::to_string(&s).expect("serializes");
        assert_eq!(json, r#""(555z)""#);
        let back: InlineStr<8> = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, s);
        assert!(serde_json::from_str::<InlineStr<3>>(&json).is_err());
        assert!(InlineStr::<3>::try_from_str("abcd").is_none());
        assert_eq!(
            InlineStr::<4>::from_ascii(*b"12mx", 3).expect("ascii"),
            "12m"
        );
        assert!(InlineStr::<4>::from_ascii(*b"12mx", 5).is_none());
        assert!(InlineStr::<2>::from_ascii([b'1', 0xC3], 2).is_none());
        let escaped: InlineStr<8> = serde_json::from_str(r#""a\"b""#).expect("escapes");
        assert_eq!(escaped, "a\"b");
    }
}
