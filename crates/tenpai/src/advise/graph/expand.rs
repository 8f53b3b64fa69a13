//! A state's draws: its wins, its draws to a choice node and its swaps (module above),
//! made kind by kind into the graph's arrays.

use super::{BuildError, Builder, KindEdge, KindSwap, KindWin, SELF};
use crate::advise::kinds::{
    draw_masks, hand_kinds, kinds_key, live_five_kinds, mask_fives, unit, DrawMasks,
};
use crate::shanten::KindMask;

impl Builder<'_, '_> {
    /// The draws of one state (states are expanded in id order, so its edges are the
    /// next ones in the arrays).
    pub(super) fn expand(&mut self, id: u32, key: u128) -> Result<(), BuildError> {
        let k = hand_kinds(key);
        let hc = self.counts(k)?;
        let (sh, mask) = hc.analyze();
        let s = sh.value();
        if self.s.calls > 0 || self.s.sanma {
            self.slow.insert(kinds_key(&k), s);
        }
        let locked = self.s.lock && s == 0;
        let level = self.s.level;
        let DrawMasks {
            left,
            avail,
            beyond,
            over,
            held,
            new: new_h,
        } = draw_masks(&k, &self.outside_words, &self.reference_words);
        // A draw of kind t leaves 14 tiles with `new_h + beyond(t)` new tiles and a best
        // discard of shanten `s - improving(t)` (a winning draw keeps 0): its node is
        // allowed when that is within the level. The state is within it, so with slack
        // every draw's is; without, those of the new tiles that do not improve are not.
        let improving = if s > 0 { mask } else { 0 };
        let node_kinds = if locked {
            0
        } else if new_h + s < level {
            avail
        } else {
            avail & (!beyond | improving)
        };
        // The other draws (new tiles, not improving, no slack): a kind held beyond the
        // reference may go for it when the hand stays as good, `new_h + shanten(h - u +
        // t) <= L`: per core `u`, the kinds t that allows, as bits (read once).
        let swap_kinds = if locked { 0 } else { avail & !node_kinds };
        // (At most 13 kinds held, so the array is never full.)
        let mut core_list = [(0usize, 0u32, 0 as KindMask); 14];
        let mut n_cores = 0;
        if swap_kinds != 0 && new_h > 0 {
            let th = level - new_h;
            let mut m = over;
            while m != 0 && n_cores < core_list.len() {
                let u = m.trailing_zeros() as usize;
                m &= m - 1;
                let c = self.core(key - unit(u), &hc, u)?;
                let allowed = self.swappable(c, &k, u, swap_kinds, th)?;
                core_list[n_cores] = (u, c, allowed);
                n_cores += 1;
            }
        }
        let cores = &core_list[..n_cores];
        let mut self_w = 0u32;
        let mut self_fives = 0u8;
        let mut fives_to_node = [KindEdge { t: 0, w: 0.0, x: 0 }; 3];
        let mut n_fives = 0;
        // The draws that can only give the tile back (no node, no swap, not a win; a
        // riichi-locked state's every draw but its winning ones) are only counted, as
        // the loop below would: live fives apart.
        let winning = if s == 0 { mask } else { 0 };
        let swappable = cores.iter().fold(0, |m, &(_, _, allowed)| m | allowed);
        let back = avail & !node_kinds & !swappable & !winning;
        let todo = avail & !back;
        let live = self.s.live;
        // (The live fives by mask, the others' copies summed: no test per kind.)
        let live_fives = live_five_kinds(live);
        self_fives |= mask_fives(back & live_fives);
        let mut plain = back & !live_fives;
        while plain != 0 {
            let t = plain.trailing_zeros() as usize;
            plain &= plain - 1;
            self_w += left[t] as u32;
        }
        // The winning draws, then the draws to a node, then the swaps: each kind in
        // order within each, each in a loop of its own (a draw's target known from its
        // loop, no test per draw the branch predictor cannot learn).
        {
            let mut todo = todo & winning;
            while todo != 0 {
                let t = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let w = left[t] as u32;
                let value = self.s.scorer.value(&hand_kinds(key + unit(t)), t)?;
                let xkey = key + unit(t);
                let target = if node_kinds >> t & 1 == 1 {
                    let new_x = new_h + (beyond >> t & 1) as i8;
                    let s14 = (s - (improving >> t & 1) as i8).max(0);
                    // (The kinds x holds, and holds more of than the reference.)
                    let x_masks = (held | 1 << t, over | (beyond & 1 << t));
                    Target::Node(self.node(id, xkey, t, (new_x, s14), x_masks)?)
                } else if swap_kinds >> t & 1 == 0 {
                    // (Only a winning tile with no yaku: the others were counted above.)
                    Target::Back
                } else {
                    let start = self.g.others.len() as u32;
                    match self.swap_hands(xkey, t, cores)? {
                        None => Target::Back,
                        Some(first) => Target::Others(first, start),
                    }
                };
                let t8 = t as u8;
                match (value, target) {
                    (Some(value), target) => {
                        let x = match target {
                            Target::Back => SELF,
                            Target::Node(x) => x,
                            Target::Others(first, start) => {
                                // A node of its own: this hand and the others.
                                let start = start as usize;
                                let x = self.g.child_end.len() as u32;
                                let g = &mut self.g;
                                g.children.push(id);
                                g.children.push(first);
                                g.children.extend(g.others.drain(start..));
                                self.g.child_end.push(self.g.children.len() as u32);
                                self.g.node_fives.push(mask_fives(held | 1 << t));
                                x
                            }
                        };
                        self.g.wins.push(KindWin { t: t8, w, x, value });
                    }
                    (None, Target::Back) => {
                        give_back(live_fives, t, w, &mut self_w, &mut self_fives)
                    }
                    (None, Target::Node(x)) => {
                        let edge = KindEdge {
                            t: t8,
                            w: w as f64,
                            x,
                        };
                        if live_fives >> t & 1 == 1 {
                            // (A live five's edges go last: the passes treat them apart.)
                            fives_to_node[n_fives] = edge;
                            n_fives += 1;
                        } else {
                            self.g.edges.push(edge);
                        }
                    }
                    (None, Target::Others(first, start)) => {
                        let end = self.g.others.len() as u32;
                        self.g.swaps.push(KindSwap {
                            t: t8,
                            w: w as f64,
                            first,
                            end,
                            plain: end == start && live_fives >> t & 1 == 0,
                        });
                    }
                }
            }
        }
        let mut to_node = todo & !winning & node_kinds;
        while to_node != 0 {
            let t = to_node.trailing_zeros() as usize;
            to_node &= to_node - 1;
            let new_x = new_h + (beyond >> t & 1) as i8;
            let s14 = (s - (improving >> t & 1) as i8).max(0);
            // (The kinds x holds, and holds more of than the reference.)
            let x_masks = (held | 1 << t, over | (beyond & 1 << t));
            let x = self.node(id, key + unit(t), t, (new_x, s14), x_masks)?;
            let edge = KindEdge {
                t: t as u8,
                w: left[t] as f64,
                x,
            };
            if live_fives >> t & 1 == 1 {
                // (A live five's edges go last: the passes treat them apart.)
                fives_to_node[n_fives] = edge;
                n_fives += 1;
            } else {
                self.g.edges.push(edge);
            }
        }
        // (Every such kind is allowed by a core: `todo` holds no other draw.) A kind
        // allowed by one core only (most) has its hand read core by core first, the
        // cores' array then read once a core rather than once a draw.
        let mut to_swap = todo & !winning & !node_kinds;
        let (mut seen, mut multi): (KindMask, KindMask) = (0, 0);
        for &(_, _, allowed) in cores {
            multi |= seen & allowed;
            seen |= allowed;
        }
        let mut single_ids = [u32::MAX; 64];
        for &(u, c, allowed) in cores {
            let mut m = allowed & to_swap & !multi;
            let ukey = key - unit(u);
            while m != 0 {
                let t = m.trailing_zeros() as usize;
                m &= m - 1;
                let mut id = self.cores[c as usize].ids[t];
                if id == u32::MAX {
                    id = self.state(ukey + unit(t))?;
                    self.cores[c as usize].ids[t] = id;
                }
                single_ids[t & 63] = id;
            }
        }
        while to_swap != 0 {
            let t = to_swap.trailing_zeros() as usize;
            to_swap &= to_swap - 1;
            if multi >> t & 1 == 0 {
                // (One other hand: plain unless a live five.)
                debug_assert!(single_ids[t & 63] != u32::MAX);
                let end = self.g.others.len() as u32;
                self.g.swaps.push(KindSwap {
                    t: t as u8,
                    w: left[t] as f64,
                    first: single_ids[t & 63],
                    end,
                    plain: live_fives >> t & 1 == 0,
                });
                continue;
            }
            let start = self.g.others.len() as u32;
            let first = self.swap_hands(key + unit(t), t, cores)?;
            debug_assert!(first.is_some());
            let end = self.g.others.len() as u32;
            self.g.swaps.push(KindSwap {
                t: t as u8,
                w: left[t] as f64,
                first: first.unwrap_or(u32::MAX),
                end,
                plain: end == start && live_fives >> t & 1 == 0,
            });
        }
        self.g.edges.extend_from_slice(&fives_to_node[..n_fives]);
        self.g.five_edges.push(n_fives as u8);
        self.g.shanten.push(s);
        self.g.locked.push(locked);
        self.g.self_fives.push(self_fives);
        self.g.self_w.push(self_w);
        self.g.edge_end.push(self.g.edges.len() as u32);
        self.g.swap_end.push(self.g.swaps.len() as u32);
        self.g.win_end.push(self.g.wins.len() as u32);
        Ok(())
    }

    /// The hands kept after drawing `t` into a state (`xkey`: its 14 tiles) by
    /// discarding a kind held beyond the reference, one per core `(u, c, allowed)` that
    /// allows `t`: the first returned, the others pushed to `others` after the previous
    /// ones; `None` when no core allows it.
    #[inline(always)]
    fn swap_hands(
        &mut self,
        xkey: u128,
        t: usize,
        cores: &[(usize, u32, KindMask)],
    ) -> Result<Option<u32>, BuildError> {
        let mut first = None;
        for &(u, c, allowed) in cores {
            if allowed >> t & 1 == 0 {
                continue;
            }
            let mut id = self.cores[c as usize].ids[t];
            if id == u32::MAX {
                id = self.state(xkey - unit(u))?;
                self.cores[c as usize].ids[t] = id;
            }
            if first.is_none() {
                first = Some(id);
            } else {
                self.g.others.push(id);
            }
        }
        Ok(first)
    }
}

/// Count a draw of kind `t` (`w` copies) that gives the tile back: in `self_w`, but a
/// five whose red is live (`live_fives`: those five kinds, see [`live_five_kinds`]),
/// whose red one may be kept for a plain one (module `solve`): such draws are told
/// apart in `self_fives`.
#[inline]
fn give_back(live_fives: KindMask, t: usize, w: u32, self_w: &mut u32, self_fives: &mut u8) {
    if live_fives >> t & 1 == 1 {
        *self_fives |= mask_fives(1 << t);
    } else {
        *self_w += w;
    }
}

/// Where a draw leads.
#[derive(Clone, Copy)]
enum Target {
    /// Back to the state itself.
    Back,
    /// A shared choice node.
    Node(u32),
    /// The state itself, the hand `first` or those in `others[start..]`: `(first,
    /// start)`.
    Others(u32, u32),
}
