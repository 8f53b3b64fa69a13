//! The fast discard ranking (`rank_discards_into`: every discard of a closed hand at
//! once, the other groups' products shared) against a naive loop: for each kind held,
//! drop one copy and take the ukeire of the 13 tiles left (`ukeire_mask`, the per-hand
//! path), with tiles seen elsewhere, then sort by the documented key. On the hands
//! the peer benchmark times (uniform and one-suit-heavy 14 tiles, closed), on closed
//! hands of every size (2 to 14 tiles) dealt to favour seven pairs and kokushi, and on
//! hands with calls.

use proptest::prelude::*;
use tenpai::shanten::HandCounts;
use tenpai::ukeire::{rank_discards_into, ukeire_mask, DiscardMask, Visible};

/// The ranking by the naive loop.
fn naive(hand: &HandCounts, visible: &Visible) -> Vec<DiscardMask> {
    let mut out = Vec::new();
    for kind in 0..34 {
        let Some(after) = hand.without(kind) else {
            continue;
        };
        let u = ukeire_mask(&after, visible).unwrap();
        out.push(DiscardMask {
            kind: kind as u8,
            shanten: u.shanten.value(),
            mask: u.mask,
            count: u.count,
        });
    }
    out.sort_by_key(|d| (d.shanten, std::cmp::Reverse(d.count), d.kind));
    out
}

/// 14 tiles drawn from the wall in the order of `picks` (kinds, skipping full kinds),
/// and up to `seen` further tiles as visible. `one_suit`: picks map mostly to one suit.
fn deal(picks: &[u8], seen: usize, one_suit: bool) -> Option<(HandCounts, Visible)> {
    let mut wall = [4u8; 34];
    let mut hand = [0u8; 34];
    let mut vis = [0u8; 34];
    let mut n = 0;
    for (i, &p) in picks.iter().enumerate() {
        let k = if one_suit && p % 4 != 0 {
            (p % 9) as usize
        } else {
            (p % 34) as usize
        };
        if wall[k] == 0 {
            continue;
        }
        wall[k] -= 1;
        if n < 14 {
            hand[k] += 1;
            n += 1;
        } else if i % 2 == 0 && vis.iter().map(|&v| v as usize).sum::<usize>() < seen {
            vis[k] += 1;
        }
    }
    if n < 14 {
        return None;
    }
    let h = HandCounts::closed(hand).ok()?;
    let v = Visible::from_counts(&h, vis).ok()?;
    Some((h, v))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn fast_ranking_matches_the_naive_loop(
        picks in proptest::collection::vec(0u8..=255, 40),
        seen in 0usize..12,
        one_suit in any::<bool>(),
    ) {
        let Some((hand, visible)) = deal(&picks, seen, one_suit) else {
            return Ok(());
        };
        let mut fast = Vec::new();
        rank_discards_into(&hand, &visible, &mut fast).unwrap();
        prop_assert_eq!(fast, naive(&hand, &visible), "{:?}", hand.concealed());
    }

    /// With a call (the run-time path of `rank_discards_into`): 11 concealed tiles and
    /// a pon, the pon's kind sometimes among the concealed ones.
    #[test]
    fn ranking_with_a_call_matches_the_naive_loop(
        picks in proptest::collection::vec(0u8..34, 30),
        pon in 0usize..34,
    ) {
        let mut conc = [0u8; 34];
        let mut called = [0u8; 34];
        called[pon] = 3;
        let mut n = 0;
        for &p in &picks {
            let k = p as usize;
            if n < 11 && conc[k] + called[k] < 4 {
                conc[k] += 1;
                n += 1;
            }
        }
        prop_assume!(n == 11);
        let hand = HandCounts::new(conc, called, 1).unwrap();
        let mut fast = Vec::new();
        rank_discards_into(&hand, &Visible::none(), &mut fast).unwrap();
        prop_assert_eq!(fast, naive(&hand, &Visible::none()));
    }

    /// Closed hands of 2, 5, 8, 11 and 14 tiles (fewer melds to make), dealt so that
    /// seven pairs and kokushi are often the best form or tie with the regular one
    /// (pairs dealt two at a time, or most tiles terminals and honors), with tiles
    /// seen elsewhere.
    #[test]
    fn every_size_and_special_forms_match_the_naive_loop(
        picks in proptest::collection::vec(0u8..=255, 60),
        size in 0usize..5,
        style in 0u8..4,
        seen in 0usize..8,
    ) {
        const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        let size = 3 * size + 2;
        let mut wall = [4u8; 34];
        let mut hand = [0u8; 34];
        let mut vis = [0u8; 34];
        let mut n = 0;
        for (i, &p) in picks.iter().enumerate() {
            let k = match style {
                // Terminals and honors, seven times in eight.
                0 if p % 8 != 0 => ORPHANS[p as usize % 13],
                // Pairs: the same kind as the pick before, every other pick.
                1 if i % 2 == 1 => picks[i - 1] as usize % 34,
                // Few kinds (pairs and triplets from a handful).
                2 => (p % 9) as usize * 3 % 34,
                _ => p as usize % 34,
            };
            if wall[k] == 0 {
                continue;
            }
            wall[k] -= 1;
            if n < size {
                hand[k] += 1;
                n += 1;
            } else if vis.iter().map(|&v| v as usize).sum::<usize>() < seen {
                vis[k] += 1;
            }
        }
        prop_assume!(n == size);
        let hand = HandCounts::closed(hand).unwrap();
        let visible = Visible::from_counts(&hand, vis).unwrap();
        let mut fast = Vec::new();
        rank_discards_into(&hand, &visible, &mut fast).unwrap();
        prop_assert_eq!(fast, naive(&hand, &visible), "{:?}", hand.concealed());
    }
}
