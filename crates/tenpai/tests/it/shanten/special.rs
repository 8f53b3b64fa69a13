//! Closed hands near seven pairs and thirteen orphans. The discard ranking of a closed
//! 14-tile hand takes the special forms after each discard from the whole hand's
//! tallies (pairs, kinds, orphans, an orphan pair) and skips them when neither can
//! reach the regular distance; only 14 tiles have special forms at all. Uniform random
//! hands seldom come near either form, so these are drawn from orphans, from pairs and
//! from few kinds, in every closed size, and each ranking is checked against the brute
//! force, every hand it leaves too.

use super::{check, Reference};
use crate::common::rng::Rng;
use tenpai::shanten::shanten;
use tenpai::ukeire::discards;
use tenpai::{Hand, Tile};

/// The thirteen terminal and honor kinds.
const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// A closed hand of `n` tiles near a special form: `mode` 0 mostly orphans (rarely two
/// of one), 1 mostly pairs of seven to nine kinds, 2 few kinds (quads and triplets,
/// honors often). One tile in eight is any kind.
fn near_special(rng: &mut Rng, mode: usize, n: usize) -> Option<Hand> {
    let pool: Vec<usize> = match mode {
        0 => ORPHANS.to_vec(),
        1 => (0..7 + rng.below(3)).map(|_| rng.below(34)).collect(),
        _ => (0..3 + rng.below(4))
            .map(|_| {
                if rng.below(2) == 0 {
                    27 + rng.below(7)
                } else {
                    rng.below(34)
                }
            })
            .collect(),
    };
    let most = match mode {
        0 => 1 + (rng.below(3) == 0) as u8,
        1 => 2 + (rng.below(4) == 0) as u8 * 2,
        _ => 4,
    };
    let mut counts = [0u8; 34];
    let mut tiles = Vec::with_capacity(n);
    let mut tries = 0;
    while tiles.len() < n {
        tries += 1;
        if tries > 400 {
            return None;
        }
        let (k, limit) = if rng.below(8) == 0 {
            (rng.below(34), 4)
        } else {
            (pool[rng.below(pool.len())], most)
        };
        // Pairs come two at a time (a single when one tile is left).
        let copies = if mode == 1 { 2.min(n - tiles.len()) } else { 1 };
        if counts[k] as usize + copies <= limit as usize {
            counts[k] += copies as u8;
            tiles.extend(std::iter::repeat_n(Tile::new(k as u8), copies));
        }
    }
    Hand::new(tiles, vec![]).ok()
}

#[test]
fn near_special_hands_agree_with_brute_force() {
    let r = Reference::new();
    let mut rng = Rng(0x005e_ed0f_5e7e_9a1d);
    // Discards of 14 tiles after which seven pairs / kokushi is the least distance,
    // and those where it ties with the regular one (their draws are merged).
    let (mut chi_least, mut kok_least, mut chi_tie, mut kok_tie) = (0, 0, 0, 0);
    let mut by_size = [0usize; 15];
    let mut checked = 0;
    while checked < 600 {
        let mode = checked % 3;
        let n = [14, 14, 14, 11, 8, 5, 2][rng.below(7)];
        let Some(hand) = near_special(&mut rng, mode, n) else {
            continue;
        };
        check(&hand, &r, true);
        for d in discards(&hand, &[]).unwrap() {
            let after = hand.without_tile(d.discard).unwrap();
            // The hands left, against the brute force too (one in eight: it is slow
            // far from tenpai, and `check` compares every ranking with them anyway).
            if checked % 8 == 0 {
                check(&after, &r, false);
            }
            let s = shanten(&after);
            let least = s.value();
            chi_least += (s.chiitoitsu == Some(least)) as usize;
            kok_least += (s.kokushi == Some(least)) as usize;
            chi_tie += (s.chiitoitsu == Some(s.regular)) as usize;
            kok_tie += (s.kokushi == Some(s.regular)) as usize;
        }
        by_size[n] += 1;
        checked += 1;
    }
    // Every size met, and each special form met as the answer and as a tie.
    for n in [2, 5, 8, 11, 14] {
        assert!(by_size[n] > 40, "size {n}: {by_size:?}");
    }
    for (what, met) in [
        ("seven pairs least", chi_least),
        ("kokushi least", kok_least),
        ("seven pairs tied", chi_tie),
        ("kokushi tied", kok_tie),
    ] {
        assert!(met > 20, "{what}: {met}");
    }
}

/// Hands built by hand: a special form one above the regular distance (a discard that
/// raises the regular distance ties them, and the special form's draws join), few
/// kinds, and partial closed hands made of orphans.
#[test]
fn special_forms_in_hands_built_by_hand() {
    let r = Reference::new();
    for text in [
        // Kokushi 4-shanten with the 1z pair, regular 3-shanten: discarding 2m raises
        // the regular distance to kokushi's, whose draws (3z..7z) join.
        "1235m9m1p79p12s9s11z2z",
        // Nine orphan kinds and no pair beside the same regular shape.
        "1235m9m1p79p129s12z5z",
        // Pairs beside sequences.
        "112233m4477p59s15z",
        // Quads of honors: four pairs over four or six kinds (discarding the 5z single
        // leaves five kinds: seven pairs needs two new kinds, not none).
        "11112222333444z",
        "1111222233z44z5z6z",
        // Eleven orphans, closed with three fewer tiles than a hand: no kokushi.
        "19m19p19s12345z",
        "19m19p19s1234z5m",
    ] {
        let hand: Hand = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        check(&hand, &r, true);
        for d in discards(&hand, &[]).unwrap() {
            check(&hand.without_tile(d.discard).unwrap(), &r, false);
        }
    }
}
