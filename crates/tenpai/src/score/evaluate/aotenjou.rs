//! Scoring a reading under aotenjou (no limits, [`crate::rules::Rules::aotenjou`]): the points by
//! the formula from every han, a yakuman counting 13 beside the other yaku and dora.

use super::{Ctx, Evaluation, ReadingShape};
use crate::fu::{self, Fu};
use crate::score::payment::{Limit, WidePayment};
use crate::yaku::{Judgement, Wait};

impl Ctx<'_> {
    /// [`Ctx::consider`] under aotenjou: every han counts (a yakuman 13, beside the
    /// reading's other yaku and dora), the points by the formula without limit.
    pub(super) fn consider_aotenjou(
        &mut self,
        judgement: Judgement,
        fu: &Fu,
        wait: Wait,
        shape: ReadingShape,
    ) {
        if judgement.is_empty() {
            return;
        }
        let dealer = self.s.is_dealer();
        let tsumo = self.s.tsumo;
        // Thirteen orphans: 30 fu by tsumo, 40 by ron, as the `mahjong` library has it.
        let fu = match shape {
            ReadingShape::Kokushi { .. } => fu::fixed(if tsumo { 30 } else { 40 }),
            _ => *fu,
        };
        let base = judgement.han() + judgement.aotenjou_yakuman_han(self.rules);
        if let Some((table, any)) = &mut self.table {
            for (e, t) in table.iter_mut().enumerate() {
                let han = base + self.nukidora + e as u32;
                let total = WidePayment::aotenjou(han, fu.total, dealer, tsumo, self.rules)
                    .map_or(u32::MAX, |w| w.saturated().total);
                *t = (*t).max(total);
            }
            *any = true;
            return;
        }
        let han = base + self.dora.iter().sum::<u32>() + self.nukidora;
        let Some(exact) = WidePayment::aotenjou(han, fu.total, dealer, tsumo, self.rules) else {
            self.overflow = true;
            return;
        };
        // The best so far, by its exact points (from its han and fu: the situation and
        // the rules are the same for every reading; it was scored, so they fit).
        let key = (exact.total, judgement.is_yakuman(), han, fu.total);
        if self.best.as_ref().is_some_and(|b| {
            let total = WidePayment::aotenjou(b.han, b.fu.total, dealer, tsumo, self.rules)
                .map_or(u128::MAX, |w| w.total);
            key <= (total, b.judgement.is_yakuman(), b.han, b.fu.total)
        }) {
            return;
        }
        self.best = Some(Evaluation {
            nukidora: self.nukidora,
            judgement,
            fu,
            han,
            limit: Limit::None,
            pay: exact.saturated(),
            wait,
            dora: self.dora,
            shape,
        });
    }
}
