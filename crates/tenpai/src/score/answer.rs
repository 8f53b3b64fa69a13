//! The answer for a scored hand (`tenpai score --json`), built from an evaluation.

use super::evaluate::{evaluate, Evaluation, ReadingShape};
use super::payment::Payments;
use super::text::{
    fu_label, hand_text, meld_group, name, pair_group, FuLabel, Group, HandText, Name, TileText,
    MPSZ,
};
use crate::decompose::Decomposition;
use crate::error::Error;
use crate::hand::Hand;
use crate::inline_vec::InlineVec;
use crate::rules::Rules;
use crate::tile::Tile;
use crate::yaku::{Situation, Yaku};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// One yaku in an answer, with its han (dora, ura_dora, aka_dora included when non-zero).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct YakuHan {
    /// Contract name, e.g. `riichi`, `seat_wind`, `dora`.
    pub name: Name,
    /// Han it is worth in this hand.
    pub han: u32,
}

/// One yakuman in an answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct YakumanEntry {
    /// Contract name, e.g. `kokushi`, `suuankou_tanki`.
    pub name: Name,
    /// 1, or 2 for a double yakuman pattern where the rules allow it.
    pub multiplier: u32,
}

/// One item of the fu breakdown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FuItem {
    /// What earned the fu, e.g. `base`, `closed_ron`, `tsumo`, `closed_triplet_terminal 1z`.
    pub reason: FuLabel,
    /// Fu it adds.
    pub fu: u32,
}

/// The answer for a scored hand (`tenpai score --json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreResult {
    /// The hand, canonical.
    pub hand: HandText,
    /// Total han (0 for yakuman hands).
    pub han: u32,
    /// Fu after rounding.
    pub fu: u32,
    /// Yaku with han, dora included.
    pub yaku: InlineVec<YakuHan, 34>,
    /// Yakuman, if any.
    pub yakuman: InlineVec<YakumanEntry, 16>,
    /// `none`, `mangan`, `haneman`, `baiman`, `sanbaiman`, `yakuman`, `kazoe_yakuman`.
    pub limit: Name,
    /// Value of the hand without honba and sticks (all payments added up).
    pub points: u32,
    /// Who pays what: `{"ron": N}` or `{"dealer": N, "non_dealer": N}` / `{"non_dealer": N}` (tsumo, each payer, before honba).
    pub payments: Payments,
    /// Points the winner receives: `points` plus honba and riichi sticks.
    pub total_received: u32,
    /// Fu items before rounding.
    pub fu_breakdown: InlineVec<FuItem, 9>,
    /// The reading scored, as groups (see `decompose`).
    pub decomposition: InlineVec<Group, 14>,
    /// `ryanmen`, `kanchan`, `penchan`, `tanki`, `shanpon`, `kokushi_13`, ...
    pub wait: Name,
    /// The winning tile.
    pub win: TileText,
    /// Whether the winner is the dealer.
    pub dealer: bool,
    /// Won by tsumo.
    pub tsumo: bool,
    /// The rule preset name.
    pub rules: Cow<'static, str>,
}

/// Score a complete hand won on `win` (a tile of the concealed part) in situation `s`
/// under `rules`: every reading of the hand and of the winning tile is scored and the
/// one paying most (then more han, then more fu) is kept.
///
/// Errors: the hand is not complete, the winning tile is not among the concealed tiles,
/// the situation is contradictory (ippatsu or ura without riichi, riichi with an open
/// hand, haitei on a ron, ...), or the hand has no yaku ([`Error::NoYaku`]).
///
/// ```
/// use tenpai::{score::{score, Situation}, rules::Rules, Hand, Tile};
/// let hand: Hand = "123m456p789s11222z".parse()?;
/// let s = Situation { tsumo: true, ..Situation::default() };
/// let r = score(&hand, Tile::from_mpsz("2z").unwrap(), &s, &Rules::tenhou())?;
/// assert_eq!((r.han, r.fu, r.points), (1, 40, 2100));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn score(hand: &Hand, win: Tile, s: &Situation, rules: &Rules) -> Result<ScoreResult, Error> {
    let e = evaluate(hand, win, s, rules)?;
    Ok(build_result(hand, win, s, rules, &e))
}

fn build_result(
    hand: &Hand,
    win: Tile,
    s: &Situation,
    rules: &Rules,
    e: &Evaluation,
) -> ScoreResult {
    let mut yaku = InlineVec::new();
    yaku.extend(e.judgement.yaku().map(|(y, han)| YakuHan {
        name: name(y.name()),
        han,
    }));
    for (y, han) in [Yaku::Dora, Yaku::UraDora, Yaku::AkaDora]
        .into_iter()
        .zip(e.dora)
    {
        if han > 0 {
            yaku.push(YakuHan {
                name: name(y.name()),
                han,
            });
        }
    }
    let mut yakuman = InlineVec::new();
    if e.judgement.is_yakuman() {
        yakuman.extend(
            e.judgement
                .yakuman(rules)
                .map(|(y, multiplier)| YakumanEntry {
                    name: name(y.name()),
                    multiplier,
                }),
        );
    }
    let mut decomposition = InlineVec::new();
    match e.shape {
        ReadingShape::Regular { pair, melds } => {
            decomposition.push(pair_group(pair));
            decomposition.extend(melds.iter().map(meld_group));
        }
        ReadingShape::Chiitoitsu => {
            decomposition.extend(hand.concealed_counts().kinds().map(pair_group));
        }
        ReadingShape::Kokushi { pair } => decomposition.extend(
            Decomposition::Kokushi { pair }
                .groups()
                .iter()
                .map(|g| Group::try_from_str(g).unwrap_or_default()),
        ),
    }
    let fu_breakdown =
        e.fu.parts()
            .iter()
            .map(|p| FuItem {
                reason: fu_label(p),
                fu: p.fu,
            })
            .collect();
    let [d, l] = MPSZ[usize::from(win.id())];
    let win_text = TileText::from_ascii([d, l, 0, 0], 2).unwrap_or_default();
    ScoreResult {
        hand: hand_text(hand),
        han: e.han,
        fu: e.fu.total,
        yaku,
        yakuman,
        limit: name(e.limit.name()),
        points: e.pay.total,
        payments: e.pay.payments(),
        // Honba and sticks are capped (`MAX_COUNTERS`) before evaluation; saturating
        // all the same, so no situation can wrap the total.
        total_received: e
            .pay
            .total
            .saturating_add(s.honba.saturating_mul(300))
            .saturating_add(s.riichi_sticks.saturating_mul(1000)),
        fu_breakdown,
        decomposition,
        wait: name(e.wait.name()),
        win: win_text,
        dealer: s.is_dealer(),
        tsumo: s.tsumo,
        rules: rules.name.clone(),
    }
}
