//! [`HandCounts`]: a hand reduced to what shanten needs, its shanten and its
//! improving draws.

mod batch;
#[cfg(test)]
mod tests;

use super::capped;
use super::combine::{
    complements, conv, conv_narrow, final_min, group_span, narrow, regular_distance, widen, OTHERS,
};
use super::special::{special_distances, special_masks};
use super::words::check_counts;
use super::{closed_unchecked, tables, KindMask, Shanten};
use crate::error::Error;
use crate::hand::Hand;
use crate::suit_table::{Lanes, ALL_INF, VALID_LANES};
use crate::tile::three_player::{removed_tile_error, REMOVED};
use crate::tile::{Tile, TileCounts, KINDS};

/// A hand reduced to what shanten needs: concealed counts, the copies in calls, and
/// the number of calls. Always valid: at most four of a kind counting calls, `3k+1`
/// or `3k+2` concealed tiles, at most 14 tiles counting each call as three.
///
/// ```
/// use tenpai::shanten::HandCounts;
/// let mut c = [0u8; 34];
/// for k in [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28] { c[k] += 1; }
/// let h = HandCounts::closed(c)?;
/// assert_eq!((h.tiles(), h.shanten().value()), (13, 0));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandCounts {
    concealed: [u8; KINDS],
    called: [u8; KINDS],
    calls: u8,
    tiles: u8,
    /// Groups (bit g) that share a kind with a call (or, with three players, the
    /// characters, whose 2m-8m are absent).
    capped: u8,
    /// Three players: 2m-8m are not in the game (never drawn, never waited on).
    sanma: bool,
}

impl HandCounts {
    /// Checked constructor: `concealed` counts, `called` copies per kind in the calls,
    /// `calls` the number of calls.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// // 1z pair concealed, a pon of 5z called (3 copies)
    /// let (mut conc, mut called) = ([0u8; 34], [0u8; 34]);
    /// conc[27] = 2;
    /// called[31] = 3;
    /// let h = HandCounts::new(conc, called, 1)?;
    /// assert_eq!((h.held(31), h.shanten().value()), (3, -1));
    /// conc[31] = 2; // two more 5z: five in all
    /// assert!(HandCounts::new(conc, called, 1).is_err());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn new(
        concealed: [u8; KINDS],
        called: [u8; KINDS],
        calls: usize,
    ) -> Result<HandCounts, Error> {
        let mut tiles = 0usize;
        let mut capped = 0u8;
        for i in 0..KINDS {
            if concealed[i] as usize + called[i] as usize > 4 {
                return Err(Error::Invalid(format!(
                    "a fifth copy of {} (at most 4 of a kind, counting calls)",
                    Tile::new(i as u8)
                )));
            }
            tiles += concealed[i] as usize;
            if called[i] > 0 {
                capped |= 1 << (i / 9);
            }
        }
        let called_total: usize = called.iter().map(|&c| c as usize).sum();
        if calls > 4 || called_total < 3 * calls || called_total > 4 * calls {
            return Err(Error::Invalid(format!(
                "{called_total} called tiles cannot form {calls} call(s)"
            )));
        }
        if tiles == 0 || tiles % 3 == 0 || tiles + 3 * calls > 14 {
            return Err(Error::Invalid(format!(
                "{tiles} concealed tiles with {calls} call(s) is not a hand: need 3k+1 or 3k+2 concealed tiles and at most 14 tiles counting each call as 3"
            )));
        }
        Ok(HandCounts {
            concealed,
            called,
            calls: calls as u8,
            tiles: tiles as u8,
            capped,
            sanma: false,
        })
    }

    /// Concealed counts with no calls, checked.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert!(HandCounts::closed([1; 34]).is_err()); // 34 tiles
    /// let mut c = [0u8; 34];
    /// c[0] = 2;
    /// assert_eq!(HandCounts::closed(c)?.shanten().value(), -1); // a pair is complete
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    #[inline]
    pub fn closed(concealed: [u8; KINDS]) -> Result<HandCounts, Error> {
        let (bad, tiles) = check_counts(&concealed);
        if bad || tiles == 0 || tiles % 3 == 0 || tiles > 14 {
            // The checked path names the problem.
            return HandCounts::new(concealed, [0; KINDS], 0);
        }
        Ok(HandCounts {
            concealed,
            called: [0; KINDS],
            calls: 0,
            tiles: tiles as u8,
            capped: 0,
            sanma: false,
        })
    }

    /// The same calls (and game) with other concealed counts, unchecked: for searches
    /// that only move tiles drawn from what is left, so every kind stays within four
    /// counting the calls (and 2m-8m out of a three-player game); debug builds check.
    #[inline]
    pub(crate) fn with_concealed(&self, concealed: [u8; KINDS]) -> HandCounts {
        let (_, tiles) = check_counts(&concealed);
        debug_assert!(
            HandCounts::new(concealed, self.called, self.calls as usize)
                .and_then(|h| if self.sanma { h.sanma() } else { Ok(h) })
                .is_ok(),
            "with_concealed: not a hand with these calls"
        );
        HandCounts {
            concealed,
            tiles: tiles as u8,
            ..*self
        }
    }

    /// The counts of a hand.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// let h = HandCounts::from_hand(&"55m (555p)".parse()?);
    /// assert_eq!((h.tiles(), h.calls(), h.called()[13]), (2, 1, 3));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn from_hand(hand: &Hand) -> HandCounts {
        let concealed = hand.concealed_counts().0;
        let called = hand.call_counts().0;
        let mut capped = 0u8;
        for (i, &c) in called.iter().enumerate() {
            if c > 0 {
                capped |= 1 << (i / 9);
            }
        }
        HandCounts {
            concealed,
            called,
            calls: hand.calls().len() as u8,
            tiles: hand.concealed().len() as u8,
            capped,
            sanma: false,
        }
    }

    /// The same counts in a three-player game (sanma): 2m-8m are not in the game, so
    /// they are never drawn, waited on or counted in ukeire, and the characters can
    /// only make triplets and pairs of 1m and 9m. Refused when the hand holds a 2m-8m
    /// (concealed or called).
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// let hand: tenpai::Hand = "1111m9999m11p123s".parse()?;
    /// let four = HandCounts::from_hand(&hand);
    /// let three = four.sanma()?;
    /// // With four players the fourth 1m can still make 123m; with three it cannot.
    /// assert_eq!((four.shanten().regular, three.shanten().regular), (1, 2));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn sanma(&self) -> Result<HandCounts, Error> {
        for k in 1..8 {
            if self.concealed[k] + self.called[k] > 0 {
                return Err(removed_tile_error(Tile::new(k as u8)));
            }
        }
        let mut h = *self;
        h.sanma = true;
        h.capped |= 1;
        Ok(h)
    }

    /// Whether these are three-player counts (see [`HandCounts::sanma`]).
    pub const fn is_sanma(&self) -> bool {
        self.sanma
    }

    /// Concealed counts.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"55m (555p)".parse()?).concealed()[4], 2);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn concealed(&self) -> &[u8; KINDS] {
        &self.concealed
    }

    /// Copies of each kind in the calls.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"55m [5555p]".parse()?).called()[13], 4);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn called(&self) -> &[u8; KINDS] {
        &self.called
    }

    /// Number of calls.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"55m (555p) (123s)".parse()?).calls(), 2);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn calls(&self) -> usize {
        self.calls as usize
    }

    /// Number of concealed tiles.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"55m (555p) (123s)".parse()?).tiles(), 2);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn tiles(&self) -> usize {
        self.tiles as usize
    }

    /// Whether the concealed part has `3k+2` tiles (the player is to discard).
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert!(HandCounts::from_hand(&"55m (555p) (123s)".parse()?).is_drawn());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn is_drawn(&self) -> bool {
        self.tiles % 3 == 2
    }

    /// Copies of `kind` the player holds, concealed and called.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"5m0m1z2z (555p)".parse()?).held(13), 3);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn held(&self, kind: usize) -> u8 {
        if kind >= KINDS {
            return 0;
        }
        self.concealed[kind] + self.called[kind]
    }

    /// Melds the concealed tiles must still make.
    const fn melds(&self) -> usize {
        self.tiles as usize / 3
    }

    /// Whether chiitoitsu and kokushi apply.
    const fn special_forms(&self) -> bool {
        self.calls == 0 && self.tiles >= 13
    }

    /// Add one concealed tile of `kind`; `None` if it would be a fifth copy (counting
    /// calls), too many tiles, or `kind` is not one of the 34 kinds.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// let h = HandCounts::from_hand(&"1111m".parse()?);
    /// assert_eq!(h.with(0), None); // a fifth 1m
    /// assert_eq!(h.with(1).map(|a| a.tiles()), Some(5));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    #[doc(hidden)] // internal (the discard search); public for the property tests
    pub fn with(&self, kind: usize) -> Option<HandCounts> {
        if kind >= KINDS
            || self.held(kind) >= 4
            || (self.sanma && (1..8).contains(&kind))
            || self.tiles as usize + 3 * self.calls as usize >= 14
        {
            return None;
        }
        let mut h = *self;
        h.concealed[kind] += 1;
        h.tiles += 1;
        (h.tiles % 3 != 0).then_some(h)
    }

    /// Remove one concealed tile of `kind`; `None` if there is none or the count would
    /// not be a hand.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// let h = HandCounts::from_hand(&"123m11z".parse()?);
    /// assert_eq!(h.without(27).map(|a| a.tiles()), Some(4));
    /// assert_eq!(h.without(5), None); // no 6m
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn without(&self, kind: usize) -> Option<HandCounts> {
        if kind >= KINDS || self.concealed[kind] == 0 || self.tiles <= 1 {
            return None;
        }
        let mut h = *self;
        h.concealed[kind] -= 1;
        h.tiles -= 1;
        (h.tiles % 3 != 0).then_some(h)
    }

    /// Shanten per form.
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"1112223334444z".parse()?).shanten().chiitoitsu, Some(5));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn shanten(&self) -> Shanten {
        if self.capped == 0 && self.calls == 0 {
            return closed_unchecked(&self.concealed, self.tiles as usize);
        }
        let regular = self.regular_of(&self.concealed, self.melds()) as i8 - 1;
        let (chiitoitsu, kokushi) = if self.special_forms() {
            let (c, k) = special_distances(&self.concealed);
            (Some(c as i8 - 1), Some(k as i8 - 1))
        } else {
            (None, None)
        };
        Shanten {
            regular,
            chiitoitsu,
            kokushi,
        }
    }

    /// Overall shanten only (the least over the forms).
    ///
    /// ```
    /// use tenpai::shanten::HandCounts;
    /// assert_eq!(HandCounts::from_hand(&"1112223334444z".parse()?).shanten_value(), 1);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    #[inline]
    pub fn shanten_value(&self) -> i8 {
        self.shanten().value()
    }

    /// The regular distance (shanten + 1) of the concealed counts `c` (this hand's
    /// caps) with `melds` melds to make. With one capped group (a hand whose calls are
    /// in one suit, or the honors), the other three groups' product comes from the
    /// closed tables of products and only the capped group's vector is looked up.
    #[inline]
    fn regular_of(&self, c: &[u8; KINDS], melds: usize) -> u8 {
        if self.capped.count_ones() != 1 {
            let mut g = [[0u8; 10]; 4];
            for (i, v) in g.iter_mut().enumerate() {
                *v = narrow(&self.lanes_of(i, c));
            }
            return regular_distance(&g, melds);
        }
        let g = self.capped.trailing_zeros() as usize;
        let v = narrow(&self.lanes_of(g, c));
        let mut own = [0u8; 4];
        for o in OTHERS[g] {
            let (lo, len) = group_span(o);
            own[o] = tables::class(o, &c[lo..lo + len]);
        }
        let all = if g == 3 {
            tables::three(own[0], own[1], own[2])
        } else {
            let o = OTHERS[g];
            tables::two_honor(own[o[0]], own[o[1]], own[3])
        };
        let comp = complements(melds);
        let mut best = u8::MAX;
        for (j, &cj) in comp.iter().enumerate() {
            if cj != usize::MAX {
                best = best.min(v[j] + all[cj]);
            }
        }
        best
    }

    /// The lanes of group `g` with the concealed counts `c` (this hand's caps).
    fn lanes_of(&self, g: usize, c: &[u8; KINDS]) -> Lanes {
        let (lo, len) = group_span(g);
        let h = &c[lo..lo + len];
        if self.capped >> g & 1 == 0 {
            tables::lanes(g, h)
        } else {
            let caps = self.caps(g);
            capped::lanes(g, h, &caps[..len])
        }
    }

    fn caps(&self, g: usize) -> [u8; 9] {
        let (lo, len) = group_span(g);
        let mut caps = [4u8; 9];
        for (cap, &c) in caps.iter_mut().zip(&self.called[lo..lo + len]) {
            *cap = 4 - c;
        }
        if g == 0 && self.sanma {
            // 2m-8m are not in a three-player game.
            caps[1..8].fill(0);
        }
        caps
    }

    /// The regular distance and its improving draws when every group is uncapped:
    /// each group's class (and draws per target) from the tables, the product of the
    /// other three groups from the tables of products, and per group the targets it
    /// takes in a best split.
    // Groups are indexed together in several parallel arrays.
    #[allow(clippy::needless_range_loop)]
    fn regular_draws_by_tables(&self) -> (u8, KindMask) {
        let melds = self.melds();
        let comp = complements(melds);
        let mut own = [0u8; 4];
        let mut rows = [0u128; 4];
        let mut low = [0 as tables::LaneSet; 9];
        let mut big = 4;
        for g in 0..4 {
            let (lo, len) = group_span(g);
            let h = &self.concealed[lo..lo + len];
            let code = tables::Code::of(g, h);
            if h.iter().map(|&n| n as usize).sum::<usize>() <= tables::SMALL_MAX {
                rows[g] = code.small_row(g);
                own[g] = tables::row_class(rows[g]);
            } else {
                // At most one group of more than `SMALL_MAX` tiles in 13.
                big = g;
                own[g] = code.class(g);
                low = tables::lowered(g, h, code, own[g]);
            }
        }
        let reg = tables::chain_of(&own, melds);
        let mut mask: KindMask = 0;
        for g in 0..4 {
            let others = OTHERS[g];
            let all = if g == 3 {
                tables::three(own[0], own[1], own[2])
            } else {
                tables::two_honor(own[others[0]], own[others[1]], own[3])
            };
            let v = tables::vector(g, own[g]);
            // The targets this group takes in some best split.
            let (mut lanes, mut set) = (0u16, 0 as tables::LaneSet);
            for (j, &cj) in comp.iter().enumerate() {
                if cj != usize::MAX && v[j] + all[cj] == reg {
                    lanes |= 1 << j;
                    set |= tables::lane(j);
                }
            }
            let draws = if g == big {
                tables::mask_of(&low, set)
            } else {
                tables::row_draws_of(rows[g], lanes)
            };
            mask |= (draws as KindMask) << group_span(g).0;
        }
        (reg, mask)
    }

    /// The regular distance and its improving draws when exactly group `cg` is capped:
    /// the uncapped groups' classes (and draws per target) from the tables, the capped
    /// group's vector and draws from [`capped::lanes_masks`], the products of the other
    /// groups from the tables of products (with the capped group's vector, one
    /// min-plus product), and per group the targets it takes in a best split; the same
    /// answer as [`HandCounts::regular_draws_by_programme`].
    // Groups are indexed together in several parallel arrays.
    #[allow(clippy::needless_range_loop)]
    pub(super) fn regular_draws_one_capped(&self, cg: usize) -> (u8, KindMask) {
        let melds = self.melds();
        let comp = complements(melds);
        let mut own = [0u8; 4];
        let mut vecs = [[0u8; 10]; 4];
        let mut low = [[0 as tables::LaneSet; 9]; 4];
        let mut cmasks = [0u16; 10];
        for g in 0..4 {
            let (lo, len) = group_span(g);
            let h = &self.concealed[lo..lo + len];
            if g == cg {
                let caps = self.caps(g);
                let (l, m) = capped::lanes_masks(g, h, &caps[..len]);
                vecs[g] = narrow(&l);
                cmasks = m;
            } else {
                let code = tables::Code::of(g, h);
                own[g] = code.class(g);
                vecs[g] = tables::vector(g, own[g]);
                low[g] = tables::lowered(g, h, code, own[g]);
            }
        }
        let o = OTHERS[cg];
        let all_c = if cg == 3 {
            tables::three(own[0], own[1], own[2])
        } else {
            tables::two_honor(own[o[0]], own[o[1]], own[3])
        };
        let mut reg = u8::MAX;
        for (j, &cj) in comp.iter().enumerate() {
            if cj != usize::MAX {
                reg = reg.min(vecs[cg][j] + all_c[cj]);
            }
        }
        let mut mask: KindMask = 0;
        for g in 0..4 {
            let all = if g == cg {
                all_c
            } else {
                // The two uncapped groups other than g, then the capped one.
                let mut pair = [0usize; 2];
                let mut n = 0;
                for x in 0..4 {
                    if x != g && x != cg {
                        pair[n] = x;
                        n += 1;
                    }
                }
                let two = if pair[1] == 3 {
                    tables::suit_honor(own[pair[0]], own[3])
                } else {
                    tables::two(own[pair[0]], own[pair[1]])
                };
                conv_narrow(&vecs[cg], &two)
            };
            let mut set = 0 as tables::LaneSet;
            let mut lanes = 0u16;
            for (j, &cj) in comp.iter().enumerate() {
                if cj != usize::MAX && vecs[g][j] + all[cj] == reg {
                    set |= tables::lane(j);
                    lanes |= 1 << j;
                }
            }
            let m = if g == cg {
                let mut m = 0u16;
                for (j, &mj) in cmasks.iter().enumerate() {
                    if lanes >> j & 1 == 1 {
                        m |= mj;
                    }
                }
                m
            } else {
                tables::mask_of(&low[g], set)
            };
            mask |= (m as KindMask) << group_span(g).0;
        }
        (reg, mask)
    }

    /// The regular distance and its improving draws by convolutions of the groups'
    /// distances, for hands with a capped group (its distances from the exhaustive
    /// programme).
    pub(super) fn regular_draws_by_programme(&self) -> (u8, KindMask) {
        let mut lanes = [ALL_INF; 4];
        let mut masks = [[0u16; 10]; 4];
        // Uncapped groups: per kind, the targets its draw lowers.
        let mut low = [[0; 9]; 4];
        for g in 0..4 {
            let (lo, len) = group_span(g);
            let h = &self.concealed[lo..lo + len];
            if self.capped >> g & 1 == 0 {
                let code = tables::Code::of(g, h);
                let class = code.class(g);
                lanes[g] = widen(&tables::vector(g, class));
                low[g] = tables::lowered(g, h, code, class);
            } else {
                let caps = self.caps(g);
                (lanes[g], masks[g]) = capped::lanes_masks(g, h, &caps[..len]);
            }
        }
        let target = 8 + self.melds();
        let p01 = conv(&lanes[0], &lanes[1]);
        let p23 = conv(&lanes[2], &lanes[3]);
        let rest = [
            conv(&lanes[1], &p23),
            conv(&lanes[0], &p23),
            conv(&p01, &lanes[3]),
            conv(&p01, &lanes[2]),
        ];
        let reg = final_min(&p01, &p23, target);
        let mut reg_mask: KindMask = 0;
        for g in 0..4 {
            // The targets this group takes in some best split.
            let mut best: tables::LaneSet = 0;
            for (j, &l) in VALID_LANES.iter().enumerate() {
                if l <= target && lanes[g][l] + rest[g][target - l] == reg {
                    best |= tables::lane(j);
                }
            }
            let m = if self.capped >> g & 1 == 0 {
                tables::mask_of(&low[g], best)
            } else {
                let mut m = 0u16;
                for (j, &mj) in masks[g].iter().enumerate() {
                    if best & tables::lane(j) != 0 {
                        m |= mj;
                    }
                }
                m
            };
            reg_mask |= (m as KindMask) << (9 * g);
        }
        (reg, reg_mask)
    }

    /// Shanten and the improving draws (ukeire kinds; kinds the player holds four
    /// of are never included) of a `3k+1` hand. Callers only ask for `3k+1` hands.
    pub(crate) fn analyze(&self) -> (Shanten, KindMask) {
        let (reg, reg_mask) = if self.capped == 0 {
            self.regular_draws_by_tables()
        } else if self.capped.count_ones() == 1 {
            self.regular_draws_one_capped(self.capped.trailing_zeros() as usize)
        } else {
            self.regular_draws_by_programme()
        };
        let regular = reg as i8 - 1;
        if !self.special_forms() {
            return (
                Shanten {
                    regular,
                    chiitoitsu: None,
                    kokushi: None,
                },
                reg_mask,
            );
        }
        let (c, k) = special_distances(&self.concealed);
        let mut special = special_masks(&self.concealed);
        if self.sanma {
            special.0 &= !REMOVED;
        }
        let best = reg.min(c).min(k);
        let mut mask = 0;
        if reg == best {
            mask |= reg_mask;
        }
        if c == best && c > 0 {
            mask |= special.0;
        }
        if k == best && k > 0 {
            mask |= special.1;
        }
        (
            Shanten {
                regular,
                chiitoitsu: Some(c as i8 - 1),
                kokushi: Some(k as i8 - 1),
            },
            mask,
        )
    }
}

impl TryFrom<&TileCounts> for HandCounts {
    type Error = Error;
    fn try_from(c: &TileCounts) -> Result<HandCounts, Error> {
        HandCounts::closed(c.0)
    }
}
