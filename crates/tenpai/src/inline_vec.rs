//! A short list kept inline (no heap allocation), for the lists of an answer (yaku, fu
//! items, groups), whose lengths the rules bound.
//!
//! It serializes as a JSON array and reads back from one, and derefs to a slice, so it
//! stands in for `Vec` in the answer types without changing their JSON.

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut};

/// At most `N` (`N <= 255`) values of a `Copy` type, stored inline.
#[derive(Clone, Copy)]
pub struct InlineVec<T: Copy + Default, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    /// The empty list.
    pub fn new() -> Self {
        assert!(N <= 255, "InlineVec holds at most 255 values");
        InlineVec {
            len: 0,
            items: [T::default(); N],
        }
    }

    /// Append `v`; `false` (and nothing appended) when full.
    pub fn push(&mut self, v: T) -> bool {
        let at = self.len as usize;
        match self.items.get_mut(at) {
            Some(slot) => {
                *slot = v;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// The values.
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }

    /// The values, mutable.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }

    /// A copy in a `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        self.as_slice().to_vec()
    }
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for InlineVec<T, N> {
    /// Appends while there is room; values beyond `N` are dropped.
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for v in iter {
            if !self.push(v) {
                break;
            }
        }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for InlineVec<T, N> {
    /// The first `N` values.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut v = Self::new();
        v.extend(iter);
        v
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: Copy + Default + PartialEq<U>, U, const N: usize> PartialEq<Vec<U>> for InlineVec<T, N> {
    fn eq(&self, other: &Vec<U>) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a == b)
    }
}

impl<T: Copy + Default + Serialize, const N: usize> Serialize for InlineVec<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de>
    for InlineVec<T, N>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<T, const N: usize>(std::marker::PhantomData<T>);
        impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> de::Visitor<'de> for V<T, N> {
            type Value = InlineVec<T, N>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {N} values")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut out = InlineVec::new();
                while let Some(v) = seq.next_element()? {
                    if !out.push(v) {
                        return Err(de::Error::invalid_length(N + 1, &self));
                    }
                }
                Ok(out)
            }
        }
        deserializer.deserialize_seq(V::<T, N>(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_and_round_trips() {
        let mut v = InlineVec::<u32, 3>::new();
        assert!(v.is_empty());
        assert!(v.push(1) && v.push(2) && v.push(3));
        assert!(!v.push(4), "full");
        assert_eq!(v.as_slice(), [1, 2, 3]);
        assert_eq!(v, vec![1, 2, 3]);
        let json = serde_json::to_string(&v).expect("serializes");
        assert_eq!(json, "[1,2,3]");
        let back: InlineVec<u32, 3> = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, v);
        assert!(serde_json::from_str::<InlineVec<u32, 2>>(&json).is_err());
        let empty: InlineVec<u32, 3> = serde_json::from_str("[]").expect("empty");
        assert!(empty.is_empty());
        assert_eq!(format!("{v:?}"), "[1, 2, 3]");
    }
}
