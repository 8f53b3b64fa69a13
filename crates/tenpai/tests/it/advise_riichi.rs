//! Riichi or dama (`advise_riichi`): both policies of every tenpai row of a closed
//! hand against the plain reference, and the two hand-worked cases (dama better:
//! a wait change riichi forbids; riichi better: its han and the ura dora).

use proptest::prelude::*;
use tenpai::advise::riichi::advise_riichi;
use tenpai::advise::{advise, AdviseOptions, RiichiPolicy};
use tenpai::{Hand, Tile};

use crate::advise::small_case;
use crate::advise_reference::{
    check_against_reference, close, count, seen_but, seen_but_indicators, Reference,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn both_policies_equal_the_reference(seed in any::<u64>()) {
        let Some((hand, o)) = small_case(seed) else { return Ok(()) };
        if !hand.is_drawn() || !hand.is_closed() {
            return Ok(());
        }
        let a = advise_riichi(&hand, &o).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let conc = count(hand.concealed().iter().copied());
        for d in &a.discards {
            prop_assert_eq!(d.riichi.is_some(), d.shanten == 0, "{} {}", hand, d.discard);
            let (Some(r), Some(m), Some(declare)) = (d.riichi, d.dama, d.declare) else { continue };
            let mut left = conc;
            left[d.discard.id() as usize] -= 1;
            for (policy, got) in [(RiichiPolicy::Auto, r), (RiichiPolicy::Never, m)] {
                let op = AdviseOptions { riichi: policy, ..o.clone() };
                let re = Reference::new(&hand, &op, o.changes);
                let want = re.value(&left, re.level.max(re.shanten(&left)), o.draws as usize);
                for (i, g) in [got.tenpai, got.win, got.ev].into_iter().enumerate() {
                    prop_assert!(close(g, want[i]), "{} {} {:?} value {}: {} vs {}", hand, d.discard, policy, i, g, want[i]);
                }
            }
            prop_assert_eq!(declare, r.ev > m.ev);
        }
    }
}

fn t(s: &str) -> Tile {
    Tile::from_mpsz(s).unwrap()
}

/// Tenpai on a kanchan whose tile is all gone (2p, four seen): riichi locks the hand on
/// a dead wait (win 0), dama may draw 4p and throw 1p for 34p on 2p-5p.
#[test]
fn dama_wins_when_the_wait_must_change() {
    let hand: Hand = "123m456m789s13p9p11z".parse().unwrap();
    let o = AdviseOptions {
        draws: 4,
        changes: 1,
        visible: vec![t("2p"); 4],
        ..AdviseOptions::default()
    };
    let a = advise_riichi(&hand, &o).unwrap();
    let row = a.discards.iter().find(|d| d.discard == t("9p")).unwrap();
    let (r, m) = (row.riichi.unwrap(), row.dama.unwrap());
    assert_eq!((r.tenpai, r.win, r.ev), (1.0, 0.0, 0.0));
    assert!(m.win > 0.0 && m.ev > 0.0, "{m:?}");
    assert_eq!(row.declare, Some(false));
}

/// The same shape with a live wait and K = 0 (no change is better than the kanchan
/// anyway within two draws): the same win chance, riichi's ev higher by its han and
/// the ura expectation.
#[test]
fn riichi_wins_with_its_han_and_ura() {
    let hand: Hand = "123m456m789s13p9p11z".parse().unwrap();
    let o = AdviseOptions {
        draws: 2,
        changes: 0,
        dora: vec![t("7z")],
        ..AdviseOptions::default()
    };
    let a = advise_riichi(&hand, &o).unwrap();
    let row = a.discards.iter().find(|d| d.discard == t("9p")).unwrap();
    let (r, m) = (row.riichi.unwrap(), row.dama.unwrap());
    // The kanchan: 4 live 2p in a pool of 136 - 13 - 1 indicator.
    let p = 4.0 / 122.0;
    let win = 1.0 - (1.0 - p) * (1.0 - p);
    assert!(close(r.win, win) && close(m.win, win), "{r:?} {m:?}");
    assert!(r.ev > m.ev && row.declare == Some(true));
    // The row's own values (riichi auto) are riichi's.
    assert_eq!((row.win, row.ev), (r.win, r.ev));
}

/// The most ura dora there are: five indicators, each on a kind held four times.
/// `2222m34m456666p1s` waits on 1s; besides it only 1m, 5p and the 9s given back are
/// unseen (ura of 1m and 5p make the four 2m and the four 6p dora), and five dora
/// indicators (on honors no tile of the hand is) make five ura indicators: among the 10
/// unseen tiles at the win, all five are 1m or 5p (20 ura) in 21 of the 252 ways, and
/// no draw gives 19.
/// Every value and curve point against the plain reference (which scores every
/// ordered draw of the indicators).
#[test]
fn five_ura_indicators_on_four_held_copies() {
    let hand: Hand = "2222m34m456666p1s9s".parse().unwrap();
    let dora: Vec<Tile> = ["1z", "2z", "3z", "4z", "5z"].map(t).to_vec();
    let visible = seen_but_indicators(&hand, &["1s", "1m", "5p"], &dora);
    let o = AdviseOptions {
        draws: 2,
        changes: 0,
        riichi: RiichiPolicy::Auto,
        dora,
        visible,
        ..AdviseOptions::default()
    };
    check_against_reference(&hand, &o).unwrap();
    let a = advise(&hand, &o).unwrap();
    let row = a.discards.iter().find(|d| d.discard == t("9s")).unwrap();
    // 3 of the 11 tiles of the pool win (a tile given back goes back to it).
    assert!(close(row.win, 1.0 - (8.0f64 / 11.0).powi(2)), "{row:?}");
}

/// The generated cases hold tenpai rows of closed hands, some where dama is better
/// (so the property test above is not vacuous).
#[test]
fn generated_cases_hold_tenpai_rows() {
    let (mut rows, mut dama) = (0, 0);
    for seed in 0..400u64 {
        let Some((hand, o)) = small_case(seed) else {
            continue;
        };
        if !hand.is_drawn() || !hand.is_closed() {
            continue;
        }
        let Ok(a) = advise_riichi(&hand, &o) else {
            continue;
        };
        rows += a.discards.iter().filter(|d| d.declare.is_some()).count();
        dama += a
            .discards
            .iter()
            .filter(|d| d.declare == Some(false))
            .count();
    }
    assert!(rows >= 20 && dama >= 1, "{rows} tenpai rows, {dama} dama");
}

/// Which hands get the two runs: a closed hand with a tenpai row is searched under
/// both policies (its `states` the sum of the two searches'), and its tenpai rows
/// carry both values; an open hand with a tenpai row, and a closed hand without one,
/// are answered as `advise` answers them (one search, no riichi values).
#[test]
fn only_closed_hands_with_a_tenpai_row_are_searched_twice() {
    use tenpai::advise::advise;
    let o = AdviseOptions {
        draws: 3,
        changes: 0,
        ..AdviseOptions::default()
    };
    let never = AdviseOptions {
        riichi: RiichiPolicy::Never,
        ..o.clone()
    };
    let closed: Hand = "123m456p789s1122z3z".parse().unwrap();
    let a = advise_riichi(&closed, &o).unwrap();
    let (auto_run, never_run) = (
        advise(&closed, &o).unwrap(),
        advise(&closed, &never).unwrap(),
    );
    assert_eq!(a.states, auto_run.states + never_run.states);
    assert!(a.discards.iter().any(|d| d.shanten == 0));
    for d in &a.discards {
        assert_eq!(d.declare.is_some(), d.shanten == 0, "{}", d.discard);
        assert_eq!(d.riichi.is_some(), d.shanten == 0, "{}", d.discard);
    }
    for (hand, tenpai_rows) in [
        ("123m456p1122z3z (789s)", true),
        ("123m456p1479s1257z", false),
    ] {
        let h: Hand = hand.parse().unwrap();
        let a = advise_riichi(&h, &o).unwrap();
        assert!(!a.discards.is_empty(), "{hand}");
        assert_eq!(
            a.discards.iter().any(|d| d.shanten == 0),
            tenpai_rows,
            "{hand}"
        );
        assert_eq!(a.states, advise(&h, &o).unwrap().states, "{hand}");
        assert!(
            a.discards
                .iter()
                .all(|d| d.declare.is_none() && d.riichi.is_none() && d.dama.is_none()),
            "{hand}"
        );
    }
}

/// A red five drawn to a hand that holds a plain one and wins on it.
/// `234m234s34p567p99s` waits on 2p (tsumo, pinfu and the sanshoku 234) and on 5p (no
/// sanshoku); every other tile is seen, so the pool is 2p x4 and 5p x3, one of them
/// red. With the red 5p drawn and draws left, holding the red five and going on towards
/// the sanshoku is worth more than the cheap win and more than giving the red five
/// back. Under dama the player may do that (keep the red five, give back the plain
/// one); under riichi the hand is locked and must win or give the drawn red five back.
/// Every value and curve point equals the plain reference, which tries every choice.
#[test]
fn a_red_five_drawn_to_a_plain_five_is_kept_only_when_the_hand_is_free() {
    let hand: Hand = "234m234s34p567p99s".parse().unwrap();
    let held = count(hand.concealed().iter().copied());
    let visible = seen_but(&hand, &["2p", "5p"]);
    let (plain, red) = (t("5p").id() as usize, t("0p").id() as usize);
    for riichi in [RiichiPolicy::Auto, RiichiPolicy::Never] {
        let o = AdviseOptions {
            draws: 3,
            changes: 0,
            riichi,
            visible: visible.clone(),
            ..AdviseOptions::default()
        };
        check_against_reference(&hand, &o).unwrap();
        // The red 5p drawn, one draw left: what the choices are worth.
        let re = Reference::new(&hand, &o, 0);
        let mut drawn = held;
        drawn[red] += 1;
        let win_now = re.points(&drawn, red).unwrap();
        let (mut with_red, mut given_back) = (drawn, drawn);
        with_red[plain] -= 1;
        given_back[red] -= 1;
        let with_red = re.value(&with_red, re.level, 1)[2];
        let given_back = re.value(&given_back, re.level, 1)[2];
        assert!(
            with_red > win_now && with_red > given_back,
            "{riichi:?}: {with_red} against {win_now} and {given_back}"
        );
    }
}
