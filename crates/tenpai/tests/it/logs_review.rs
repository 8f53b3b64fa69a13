//! `logs::review`: on hand-written logs with known best discards, and on every 4-player
//! mjlog of the corpus the hand before each discard equals the hand rebuilt straight
//! from the log's tags (136 ids: the deal, draws, discards, calls decoded from `m`),
//! independently of the reader.

use std::io::Read;
use tenpai::logs::mjlog_meld::{decode, MeldType};
use tenpai::logs::{self, review::review};
use tenpai::Tile;

use crate::common;
use common::Mj;

fn t(s: &str) -> Tile {
    Tile::from_mpsz(s).unwrap()
}

#[test]
fn known_best_discards() {
    let hands = [
        "123456789m11p23s",
        "123456789m1235p",
        "446688p3s123477z",
        "113557799s1234z",
    ];
    let mj = Mj::new()
        .init(0, 0, 0, [25000; 4], hands, "1z")
        // Turn 1: 5z keeps tenpai on 1s-4s; 1p goes back to 1-shanten.
        .draw(0, "5z")
        .discard(0, "1p")
        .go_round(1, 3)
        // Turn 2: a second 5z: now 1p is the one to let go (pair 5z, wait 1s-4s).
        .draw(0, "5z")
        .discard(0, "1p")
        .go_round(1, 3)
        // Turn 3: riichi, discarding the drawn 9p (the only tenpai discard).
        .draw(0, "9p")
        .reach(0, 1)
        .discard(0, "9p")
        .reach(0, 2)
        .go_round(1, 3)
        // Turn 4: in riichi: forced.
        .draw(0, "7p")
        .discard(0, "7p");
    let game = mj.game();
    let turns = review(&game, 0).unwrap();
    assert_eq!(turns.len(), 4);
    let r = &turns[0];
    assert_eq!((r.turn, r.discard, r.best), (1, t("1p"), t("5z")));
    assert_eq!((r.shanten, r.best_shanten), (1, 0));
    // 1s and 4s: four copies each, none seen (only the 1z indicator is visible).
    assert_eq!(r.best_ukeire, 8);
    assert_eq!(r.visible, vec![t("1z")]);
    assert_eq!(r.draws_left, 69);
    assert_eq!(r.hand, "123456789m11p23s5z");
    assert!(!r.agrees() && !r.forced && !r.riichi);
    assert_eq!((r.win, r.ev), (None, None));
    let r = &turns[1];
    assert_eq!(
        (r.discard, r.best, r.shanten, r.best_shanten),
        (t("1p"), t("1p"), 0, 0)
    );
    assert!(r.agrees());
    assert_eq!(r.draws_left, 65);
    let r = &turns[2];
    assert_eq!((r.discard, r.best, r.shanten), (t("9p"), t("9p"), 0));
    assert!(r.riichi && !r.forced && r.agrees());
    let r = &turns[3];
    assert!(r.forced && !r.riichi);
    // With the advise engine: win probability and expected value of the actual and the
    // best discard. Turn 1: the best (5z) leaves tenpai, the actual (1p) 1-shanten, so
    // the best wins more often; turns 2 and 3 agree with the best, so equal values.
    let advised = tenpai::logs::review::review_with(&game, 0, true).unwrap();
    let a = &advised[0];
    let (w, bw) = (a.win.unwrap(), a.best_win.unwrap());
    assert!(0.0 < w && w < bw && bw <= 1.0, "{w} {bw}");
    assert!(a.ev.unwrap() < a.best_ev.unwrap());
    for a in &advised[1..3] {
        assert_eq!(a.win, a.best_win);
        assert_eq!(a.ev, a.best_ev);
        assert!(a.win.unwrap() > 0.0);
    }
    // Efficiency fields are the same with or without the engine.
    for (x, y) in advised.iter().zip(&turns) {
        assert_eq!((x.best, x.shanten, x.ukeire), (y.best, y.shanten, y.ukeire));
    }
    // Seat 1 discards are reviewed as well (draw-discards of simples).
    assert_eq!(review(&game, 1).unwrap().len(), 3);
    assert!(review(&game, 4).is_err());
}

/// What a discard lost is never negative, and nothing on the player's last draw:
/// seat 0's hand of `known_best_discards` turn 1 (1p raises the shanten, 5z keeps
/// tenpai), played once early and once when the wall has no draw left for seat 0; the
/// round is South 1 with 1 honba, named `S1-1` (not `S1`, which another round with
/// other honba shares).
#[test]
fn losses_are_never_negative_and_none_without_a_draw_left() {
    let hands = [
        "123456789m11p23s",
        "123456789m1235p",
        "446688p3s123477z",
        "113557799s1234z",
    ];
    let early = Mj::new()
        .init(4, 1, 0, [25000; 4], hands, "1z")
        .draw(0, "5z")
        .discard(0, "1p");
    let game = early.game();
    let r = &review(&game, 0).unwrap()[0];
    // The actual discard (1p) leaves a 1-shanten hand that accepts more kinds than the
    // tenpai one (8 tiles): the loss is the step back from tenpai, not a negative count.
    assert_eq!((r.shanten, r.best_shanten, r.best_ukeire), (1, 0, 8));
    assert!(r.ukeire > r.best_ukeire, "{r:?}");
    assert_eq!(r.loss(), (1, 0));
    assert!(r.is_mistake());
    assert_eq!((r.round_name(), r.own_draws), ("S1-1".to_string(), 17));

    // The same choice on seat 0's last draw: 68 draws go round first.
    let mut late = Mj::new().init(4, 1, 0, [25000; 4], hands, "1z");
    for i in 0..68u8 {
        late = late.td_with(i % 4, |_| true);
    }
    let late = late.draw(0, "5z").discard(0, "1p");
    let game = late.game();
    let turns = review(&game, 0).unwrap();
    let r = turns.last().unwrap();
    assert_eq!((r.discard, r.best, r.draws_left), (t("1p"), t("5z"), 1));
    assert_eq!((r.shanten, r.best_shanten), (1, 0));
    assert_eq!(r.own_draws, 0);
    assert_eq!(r.loss(), (0, 0));
    assert!(!r.is_mistake());
    for r in &turns {
        let (s, u) = r.loss();
        assert!(s >= 0 && u >= 0, "{r:?}");
    }
}

/// Progress is reported after every round, in order, with the round's unique name.
#[test]
fn progress_after_each_round() {
    let hands = [
        "123456789m11p23s",
        "123456789m1235p",
        "446688p3s123477z",
        "113557799s1234z",
    ];
    let mj = Mj::new()
        .init(4, 0, 0, [25000; 4], hands, "1z")
        .draw(0, "5z")
        .discard(0, "1p")
        .ryuukyoku(Some("yao9"), &[], [0; 4], None)
        .init(4, 1, 0, [25000; 4], hands, "1z")
        .draw(0, "5z")
        .discard(0, "5z")
        .go_round(1, 3)
        .td(0);
    let game = mj.game();
    let mut seen = Vec::new();
    let turns = tenpai::logs::review::review_with_progress(&game, 0, true, &mut |p| {
        seen.push((p.done, p.total, p.round.clone(), p.discards))
    })
    .unwrap();
    assert_eq!(
        seen,
        [(1, 2, "S1-0".to_string(), 1), (2, 2, "S1-1".to_string(), 3)]
    );
    // Two rounds labelled S1 apart by their honba.
    let names: Vec<String> = turns.iter().map(|t| t.round_name()).collect();
    assert_eq!(names, ["S1-0", "S1-1", "S1-1"]);
    // Valued round by round.
    assert!(turns.iter().all(|t| t.win.is_some() && t.ev.is_some()));
}

fn attr<'a>(tag: &'a str, key: &str) -> Option<&'a str> {
    let pat = format!(" {key}=\"");
    let i = tag.find(&pat)? + pat.len();
    Some(&tag[i..i + tag[i..].find('"')?])
}

fn ids(s: &str) -> Vec<u32> {
    s.split(',')
        .filter(|x| !x.is_empty())
        .map(|x| x.parse().unwrap())
        .collect()
}

/// Per seat, the sorted hand (136 ids) before each of its discards, straight from the
/// tags.
fn hands_before_discards(xml: &str, red: bool) -> [Vec<Vec<Tile>>; 4] {
    let mut out: [Vec<Vec<Tile>>; 4] = Default::default();
    let mut hands: [Vec<u32>; 4] = Default::default();
    let kinds = |h: &[u32]| {
        let mut v: Vec<Tile> = h
            .iter()
            .map(|&i| Tile::from_136(i as u16, red).unwrap())
            .collect();
        v.sort();
        v
    };
    for raw in xml.split('<').skip(1) {
        let tag = raw.split('>').next().unwrap();
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let first = name.chars().next().unwrap_or(' ');
        let rest = &name[first.len_utf8().min(name.len())..];
        if name == "INIT" {
            for (s, h) in hands.iter_mut().enumerate() {
                *h = ids(attr(tag, &format!("hai{s}")).unwrap_or(""));
            }
        } else if !rest.is_empty()
            && rest.chars().all(|c| c.is_ascii_digit())
            && ('D'..='W').contains(&first)
        {
            let id: u32 = rest.parse().unwrap();
            if ('T'..='W').contains(&first) {
                hands[(first as u8 - b'T') as usize].push(id);
            } else if ('D'..='G').contains(&first) {
                let s = (first as u8 - b'D') as usize;
                out[s].push(kinds(&hands[s]));
                let i = hands[s].iter().position(|&x| x == id).unwrap();
                hands[s].remove(i);
            }
        } else if name == "N" {
            let who: usize = attr(tag, "who").unwrap().parse().unwrap();
            let m = decode(attr(tag, "m").unwrap().parse().unwrap()).unwrap();
            let gone: Vec<u32> = match m.kind {
                MeldType::Shouminkan => vec![u32::from(m.added.unwrap())],
                _ => m
                    .tiles
                    .iter()
                    .filter(|&&x| Some(x) != m.called)
                    .map(|&x| u32::from(x))
                    .collect(),
            };
            for g in gone {
                let i = hands[who].iter().position(|&x| x == g).unwrap();
                hands[who].remove(i);
            }
        }
    }
    out
}

#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn hands_before_discards_match_the_raw_log() {
    let files = common::corpus::files_under(&common::corpus::shared_raw());
    let (mut games, mut discards) = (0, 0);
    for f in files {
        let bytes = std::fs::read(&f).unwrap();
        let text = if bytes.starts_with(&[0x1f, 0x8b]) {
            let mut s = String::new();
            flate2::read::MultiGzDecoder::new(&bytes[..])
                .read_to_string(&mut s)
                .unwrap();
            s
        } else {
            String::from_utf8_lossy(&bytes).into_owned()
        };
        if !text.trim_start().starts_with('<') {
            continue;
        }
        let Ok(game) = logs::parse_log(&bytes) else {
            continue;
        };
        if game.rules.players != 4 {
            continue;
        }
        games += 1;
        let expected = hands_before_discards(&text, game.rules.red_fives);
        for seat in 0..4u8 {
            let turns = review(&game, seat).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let got: Vec<Vec<Tile>> = turns
                .iter()
                .map(|t| {
                    let mut v = t.concealed.clone();
                    v.sort();
                    v
                })
                .collect();
            assert_eq!(
                got,
                expected[usize::from(seat)],
                "{} seat {seat}",
                f.display()
            );
            for t in &turns {
                assert!(t.concealed.contains(&t.discard));
                assert!(t.best_shanten <= t.shanten);
                assert!(t.best_shanten < t.shanten || t.best_ukeire >= t.ukeire);
            }
            discards += turns.len();
        }
    }
    assert!(
        games >= 190 && discards >= 50_000,
        "{games} games, {discards} discards"
    );
}
