//! The choice nodes: the 14-tile hands a draw makes, with the 13-tile hands they allow
//! (module above), made once by their first reader and shared.

use super::{BuildError, Builder};
use crate::advise::kinds::{equal_to, hand_kinds, mask_fives, unit};
use crate::shanten::{closed_discard_shanten, KindMask};

impl Builder<'_, '_> {
    /// The shared choice node of `x = h + t` (key `xkey`), when `new(x) + shanten(x) <=
    /// L` (`new_x`: tiles of `x` beyond the reference): every discard of `x` may be
    /// allowed, so all are looked at (one table pass for a closed hand).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn node(
        &mut self,
        parent: u32,
        xkey: u128,
        t: usize,
        (new_x, s14): (i8, i8),
        (held, over): (KindMask, KindMask),
    ) -> Result<u32, BuildError> {
        let known = self.pending[parent as usize][t];
        if known != u32::MAX {
            return Ok(known);
        }
        let level = self.s.level;
        // Every discard leaves a shanten of s14 or s14 + 1 (one exchange from the best
        // discard), so a discard is allowed whatever its shanten when `new + s14 + 1 <=
        // L`; only when the node has no slack (`new_x + s14 == L`) must a discard of a
        // kind the reference holds (one that leaves `new` as it is) be one of the
        // best, which takes the shanten of the discards. (`held` and `over`: the kinds
        // x holds, and holds more of than the reference.)
        let mut allowed: KindMask = 1 << t | over;
        if new_x + s14 < level {
            allowed |= held;
        } else {
            // (Only the kinds the reference holds as many of, not allowed yet.)
            let which = held & !over;
            if which == 0 {
                return self.make_node(parent, xkey, t, allowed, held);
            }
            let xk = hand_kinds(xkey);
            let f = if self.s.calls == 0 && !self.s.sanma {
                closed_discard_shanten(&xk, which)
            } else {
                // (Calls or three players: each discard's group read again, the others
                // once.)
                self.counts(xk)?.discard_shanten_values(which)
            };
            allowed |= equal_to(&f, s14);
        }
        self.make_node(parent, xkey, t, allowed, held)
    }

    /// The node of `x = xkey` drawn by `parent` (kind `t`), with the discards
    /// `allowed` (`held`: the kinds x holds).
    fn make_node(
        &mut self,
        parent: u32,
        xkey: u128,
        t: usize,
        allowed: KindMask,
        held: KindMask,
    ) -> Result<u32, BuildError> {
        let id = self.g.child_end.len() as u32;
        let mut m = allowed;
        while m != 0 {
            let y = m.trailing_zeros() as usize;
            m &= m - 1;
            // (Hands by kind: `allowed` holds only kinds of `x`.)
            let c = if y == t {
                parent
            } else {
                self.state(xkey - unit(y))?
            };
            // The child reaches this node by drawing `y`: no lookup when it does. (Only
            // a child still to expand reads it: states are expanded in id order, the
            // parent now, so the rows of those expanded are not written, a store to a
            // row long out of the cache each.)
            if c > parent {
                self.pending[c as usize][y] = id;
            }
            self.g.children.push(c);
        }
        self.g.child_end.push(self.g.children.len() as u32);
        self.g.node_fives.push(mask_fives(held));
        Ok(id)
    }
}
