//! Shanten of many neighbours of one hand at once: every discard, every exchange of
//! one tile for another. The groups are read once and each neighbour reads only the
//! group it changes (an impl block of [`HandCounts`] in a module of its own).

use super::*;

impl HandCounts {
    /// The overall shanten ([`HandCounts::shanten_value`]) of the hand less one tile of
    /// each kind `y` in `which` that it holds, `i8::MAX` for the other kinds: the
    /// groups are read once, and each discard reads its own group again.
    pub(crate) fn discard_shanten_values(&self, which: KindMask) -> [i8; KINDS] {
        let mut out = [i8::MAX; KINDS];
        if self.tiles < 2 {
            return out;
        }
        let tiles = self.tiles as usize - 1;
        let melds = tiles / 3;
        let special = self.calls == 0 && tiles >= 13;
        // One capped group (see `regular_of`): its vector and the other groups' classes
        // are read once; a discard from an uncapped group changes one class (and the
        // product), one from the capped group its vector.
        let one = (self.capped.count_ones() == 1).then(|| {
            let cg = self.capped.trailing_zeros() as usize;
            let (clo, clen) = group_span(cg);
            let caps = self.caps(cg);
            let vc = narrow(&capped::lanes(
                cg,
                &self.concealed[clo..clo + clen],
                &caps[..clen],
            ));
            let mut codes = [None; 4];
            let mut own = [0u8; 4];
            for o in OTHERS[cg] {
                let (lo, len) = group_span(o);
                let code = tables::Code::of(o, &self.concealed[lo..lo + len]);
                own[o] = code.class(o);
                codes[o] = Some(code);
            }
            (cg, caps, vc, codes, own)
        });
        let product = |cg: usize, own: &[u8; 4]| {
            if cg == 3 {
                tables::three(own[0], own[1], own[2])
            } else {
                let o = OTHERS[cg];
                tables::two_honor(own[o[0]], own[o[1]], own[3])
            }
        };
        let comp = complements(melds);
        let best = |v: &[u8; 10], all: &[u8; 10]| {
            let mut b = u8::MAX;
            for (j, &cj) in comp.iter().enumerate() {
                if cj != usize::MAX {
                    b = b.min(v[j] + all[cj]);
                }
            }
            b
        };
        let base_all = one.as_ref().map(|(cg, _, _, _, own)| product(*cg, own));
        for (y, slot) in out.iter_mut().enumerate() {
            if which >> y & 1 == 0 || self.concealed[y] == 0 {
                continue;
            }
            let mut c = self.concealed;
            c[y] -= 1;
            let reg = match (&one, &base_all) {
                (Some((cg, caps, vc, codes, own)), Some(all)) => {
                    let g = y / 9;
                    let (lo, len) = group_span(g);
                    if g == *cg {
                        let v = narrow(&capped::lanes(g, &c[lo..lo + len], &caps[..len]));
                        best(&v, all)
                    } else {
                        let mut own = *own;
                        if let Some(code) = codes[g] {
                            own[g] = code.take(g, y - lo).class(g);
                        }
                        best(vc, &product(*cg, &own))
                    }
                }
                _ => self.regular_of(&c, melds),
            };
            let mut v = reg as i8 - 1;
            if special {
                let (chi, kok) = special_distances(&c);
                v = v.min(chi as i8 - 1).min(kok as i8 - 1);
            }
            *slot = v;
        }
        out
    }

    /// For a hand with calls whose calls are all in one group, `f[t]`: the overall
    /// shanten of the hand with one tile of kind `u` exchanged for one of kind `t`
    /// (`t == u` included), for every kind `t` the hand (with its calls) holds fewer
    /// than four of once `u` is out, `i8::MAX` for the others; `None` for other hands
    /// (no call, calls in several groups, three players) and when the hand holds no
    /// `u`. The groups are read once: an exchange changes one uncapped group's class
    /// (and the product of the tables), or the capped group's vector.
    pub(crate) fn swap_shanten_values(&self, u: usize) -> Option<[i8; KINDS]> {
        if self.calls == 0 || self.sanma || self.capped.count_ones() != 1 {
            return None;
        }
        if u >= KINDS || self.concealed[u] == 0 {
            return None;
        }
        let mut c = self.concealed;
        c[u] -= 1;
        let melds = self.melds();
        let comp = complements(melds);
        let cg = self.capped.trailing_zeros() as usize;
        let (clo, clen) = group_span(cg);
        let caps = self.caps(cg);
        let vc = narrow(&capped::lanes(cg, &c[clo..clo + clen], &caps[..clen]));
        let mut codes = [None; 4];
        let mut own = [0u8; 4];
        for o in OTHERS[cg] {
            let (lo, len) = group_span(o);
            let code = tables::Code::of(o, &c[lo..lo + len]);
            own[o] = code.class(o);
            codes[o] = Some(code);
        }
        let product = |own: &[u8; 4]| {
            if cg == 3 {
                tables::three(own[0], own[1], own[2])
            } else {
                let o = OTHERS[cg];
                tables::two_honor(own[o[0]], own[o[1]], own[3])
            }
        };
        let best = |v: &[u8; 10], all: &[u8; 10]| {
            let mut b = u8::MAX;
            for (j, &cj) in comp.iter().enumerate() {
                if cj != usize::MAX {
                    b = b.min(v[j] + all[cj]);
                }
            }
            b
        };
        let base_all = product(&own);
        let mut out = [i8::MAX; KINDS];
        for (t, slot) in out.iter_mut().enumerate() {
            if c[t] + self.called[t] >= 4 {
                continue;
            }
            let g = t / 9;
            let (lo, len) = group_span(g);
            let reg = if g == cg {
                let mut p = [0u8; 9];
                p[..len].copy_from_slice(&c[lo..lo + len]);
                p[t - lo] += 1;
                let v = narrow(&capped::lanes(g, &p[..len], &caps[..len]));
                best(&v, &base_all)
            } else {
                let mut own = own;
                if let Some(code) = codes[g] {
                    own[g] = code.plus(g, t - lo).class(g);
                }
                best(&vc, &product(&own))
            };
            *slot = reg as i8 - 1;
        }
        Some(out)
    }
}
