//! Player statistics: counted by hand on two small hand-written games, and totals that
//! must add up over the whole corpus (every round ends once; every ron has one
//! discarder; placements are a permutation).

use tenpai::logs::events::RoundEnd;
use tenpai::logs::stats::{game_stats, PlayerStats};
use tenpai::logs::{self, track};

use crate::common;
use common::{simple, Mj};

const HANDS: [&str; 4] = [
    "5p22446688s1256z",
    "123456789m1235p",
    "446688p3s123477z",
    "113557799s1234z",
];

/// Game A: E1 seat 1 wins 2600 by ron off seat 0 (seat 2 in riichi); E2 seat 1
/// declares riichi and is alone tenpai at the exhaustive draw.
fn game_a() -> Mj {
    let mut mj = Mj::new()
        .init(0, 2, 1, [25000, 25000, 25000, 24000], HANDS, "1z")
        .td(0)
        .td(1)
        .draw_free(2, simple)
        .reach(2, 1)
        .discard(2, "3s")
        .reach(2, 2)
        .td(3)
        .draw_free(0, simple)
        .discard(0, "5p")
        .agari(
            1,
            0,
            "40,2600,0",
            "yaku=\"24,2\"",
            None,
            [-3200, 5200, 0, 0],
            None,
        )
        .init(1, 0, 0, [21800, 30200, 24000, 24000], HANDS, "1z")
        .draw_free(1, simple)
        .reach(1, 1);
    let id = *mj.hands[1].last().unwrap();
    let t = tenpai::Tile::from_136(id as u16, true).unwrap().to_string();
    mj = mj.discard(1, &t).reach(1, 2);
    for i in 0..69u8 {
        mj = mj.td_with((2 + i) % 4, |_| true);
    }
    mj.ryuukyoku(
        None,
        &[1],
        [-1000, 3000, -1000, -1000],
        Some([20800, 33200, 23000, 23000]),
    )
}

/// Game B: seat 1 pons White (seat 0), Green (seat 2), Red (seat 3, liable) and wins
/// daisangen by tsumo; seat 3 pays it all.
fn game_b() -> Mj {
    common::daisangen_pao().td(0).draw(1, "4m").agari(
        1,
        1,
        "40,32000,5",
        "yakuman=\"39\"",
        Some(3),
        [0, 32300, 0, -32300],
        Some([25000, 57300, 25000, -7300]),
    )
}

fn total(games: &[logs::Game]) -> Vec<PlayerStats> {
    let mut by: Vec<PlayerStats> = Vec::new();
    for g in games {
        for s in game_stats(g) {
            match by.iter_mut().find(|p| p.player == s.player) {
                Some(p) => p.merge(&s),
                None => by.push(s),
            }
        }
    }
    by
}

#[test]
fn two_small_games_counted_by_hand() {
    let games = [game_a().game(), game_b().game()];
    for g in &games {
        let c = track::check_game(g).unwrap();
        assert!(c.balanced(), "{:?}", c.first_mismatch());
    }
    let all = total(&games);
    let names: Vec<&str> = all.iter().map(|p| p.player.as_str()).collect();
    assert_eq!(names, ["Ann", "Bob", "あ", "Dee"]);
    let (ann, bob, a, dee) = (&all[0], &all[1], &all[2], &all[3]);

    // Bob: 3 rounds, won E1 of A (ron, ittsu 2600) and B (tsumo, daisangen 32000),
    // riichi in A's E2, called in B, tenpai at A's draw; first in both games.
    assert_eq!((bob.games, bob.complete_games, bob.rounds), (2, 2, 3));
    assert_eq!((bob.wins, bob.tsumo_wins, bob.deal_ins), (2, 1, 0));
    assert_eq!((bob.riichi, bob.calls), (1, 1));
    assert_eq!((bob.exhaustive_draws, bob.tenpai_at_draw), (1, 1));
    assert_eq!(bob.win_rate(), 2.0 / 3.0);
    assert_eq!(bob.tsumo_rate(), 0.5);
    assert_eq!(bob.riichi_rate(), 1.0 / 3.0);
    assert_eq!(bob.call_rate(), 1.0 / 3.0);
    assert_eq!(bob.average_win(), 17300.0);
    assert_eq!(bob.placements, [2, 0, 0, 0]);
    assert_eq!(bob.average_placement(), 1.0);
    assert_eq!(bob.average_final_score(), 45250.0);
    assert_eq!(
        bob.yaku_ranked(),
        [("daisangen".to_string(), 1), ("ittsu".to_string(), 1)]
    );

    // Ann dealt in once (2600); 4th in A, 2nd in B (tied with あ at 25000, nearer the
    // first dealer).
    assert_eq!((ann.rounds, ann.wins, ann.deal_ins), (3, 0, 1));
    assert_eq!(ann.deal_in_rate(), 1.0 / 3.0);
    assert_eq!(ann.average_deal_in(), 2600.0);
    assert_eq!((ann.riichi, ann.calls, ann.tenpai_at_draw), (0, 0, 0));
    assert_eq!(ann.placements, [0, 1, 0, 1]);
    assert_eq!(ann.average_placement(), 3.0);

    // あ (percent-encoded in the log): riichi in A's E1, 2nd in A (23000, tied with Dee),
    // 3rd in B.
    assert_eq!((a.riichi, a.deal_ins, a.wins), (1, 0, 0));
    assert_eq!(a.placements, [0, 1, 1, 0]);
    assert_eq!(a.average_placement(), 2.5);

    // Dee paid the whole daisangen as the liable seat: that is not a deal-in.
    assert_eq!((dee.deal_ins, dee.wins), (0, 0));
    assert_eq!(dee.placements, [0, 0, 1, 1]);
    assert_eq!(dee.average_final_score(), (23000.0 - 7300.0) / 2.0);
}

#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn totals_add_up_over_the_corpus() {
    let files = common::corpus::files_under(&common::corpus::shared_raw());
    let mut games = 0;
    for f in files {
        let Ok(g) = logs::read_file(&f) else { continue };
        games += 1;
        let players = u64::from(g.rules.players);
        let seats = game_stats(&g);
        let sum = |f: fn(&PlayerStats) -> u64| seats.iter().map(f).sum::<u64>();
        let rounds = g.round_logs.len() as u64;
        assert_eq!(rounds, g.rounds as u64);
        // Each round ends one way.
        let ends =
            |e: fn(&RoundEnd) -> bool| g.round_logs.iter().filter(|r| e(&r.end)).count() as u64;
        let won = ends(|e| *e == RoundEnd::Win);
        let drawn = ends(|e| matches!(e, RoundEnd::Exhaustive | RoundEnd::Nagashi));
        let aborted = ends(|e| matches!(e, RoundEnd::Abort(_)));
        let open = ends(|e| *e == RoundEnd::Unfinished);
        assert_eq!(won + drawn + aborted + open, rounds, "{}", f.display());
        assert_eq!(sum(|p| p.rounds), players * rounds);
        // Wins: one per (round, winner); ron rounds have one discarder each.
        let mut winners = 0;
        let mut ron_rounds = 0;
        for r in &g.round_logs {
            let ws = &g.wins[r.wins.clone()];
            assert_eq!(ws.is_empty(), r.end != RoundEnd::Win, "{}", f.display());
            let mut seen: Vec<u8> = ws.iter().map(|w| w.winner).collect();
            seen.dedup();
            winners += seen.len() as u64;
            ron_rounds += u64::from(ws.iter().any(|w| !w.tsumo));
        }
        assert_eq!(sum(|p| p.wins), winners, "{}", f.display());
        assert_eq!(sum(|p| p.deal_ins), ron_rounds, "{}", f.display());
        assert!(sum(|p| p.tsumo_wins) <= won);
        assert_eq!(
            sum(|p| p.exhaustive_draws),
            players * ends(|e| *e == RoundEnd::Exhaustive)
        );
        // Placements: each place taken once per complete game.
        let complete = u64::from(g.final_scores.is_some());
        for k in 0..usize::from(g.rules.players) {
            assert_eq!(seats.iter().map(|p| p.placements[k]).sum::<u64>(), complete);
        }
    }
    assert!(games >= 260, "{games}");
}
