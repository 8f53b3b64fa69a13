//! The review report (`logs::report`): for every log of the shared corpus that reads
//! (4-player and 3-player), the report of every seat is made without error, lists
//! every round, its score track ends where the score track check ends, each turn is
//! exactly the review's JSON line, and the page carries it all.

use tenpai::logs::{
    self,
    report::{report, Seats},
    review::review,
};

#[test]
#[cfg_attr(shared_absent, ignore = "needs ../shared, which is absent")]
fn every_corpus_log_gets_a_report() {
    let files = common_files();
    let (mut four, mut three) = (0, 0);
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        if !logs::is_log_content(&bytes) {
            continue;
        }
        let Ok(game) = logs::parse_log(&bytes) else {
            continue;
        };
        let name = f.display();
        let r =
            report(&game, Seats::All, false, &mut |_| {}).unwrap_or_else(|e| panic!("{name}: {e}"));
        match game.rules.players {
            4 => four += 1,
            _ => three += 1,
        }
        assert_eq!(r.reviews.len(), usize::from(game.rules.players), "{name}");
        assert_eq!(r.rounds.len(), game.round_logs.len(), "{name}");
        let check = logs::track::check_game(&game).unwrap();
        if let (Some(last), Some(c)) = (r.rounds.last(), check.rounds.last()) {
            assert_eq!(last.scores_after, c.scores_after, "{name}");
        }
        // Each round's deltas add up to the score after it.
        let mut scores = r.start_scores;
        for row in &r.rounds {
            for (score, d) in scores.iter_mut().zip(row.deltas) {
                *score += d;
            }
            assert_eq!(scores, row.scores_after, "{name} {}", row.name);
            assert!(!row.text.is_empty(), "{name} {}", row.name);
        }
        let json = r.to_json();
        for (k, p) in r.reviews.iter().enumerate() {
            // The first seat's review checked against a review of its own (the
            // others are made the same way; the test stays quick).
            let alone = if k == 0 {
                review(&game, p.seat).unwrap()
            } else {
                p.turns.clone()
            };
            assert_eq!(p.turns, alone, "{name} seat {}", p.seat);
            let turns = json["reviews"][k]["turns"].as_array().unwrap();
            for (t, v) in alone.iter().zip(turns) {
                for (key, val) in t.to_json(p.seat).as_object().unwrap() {
                    assert_eq!(&v[key], val, "{name} {key}");
                }
            }
            let s = p.summary();
            assert!(
                s.agree <= s.discards - s.forced && s.worst.len() <= 5,
                "{name}"
            );
        }
        let html = r.to_html();
        assert!(html.contains(r#"<script id="review-data" type="application/json">"#));
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "{name}"
        );
    }
    assert!(
        four >= 200 && three >= 2,
        "4-player {four}, 3-player {three}"
    );
}

fn common_files() -> Vec<std::path::PathBuf> {
    super::common::corpus::files_under(&super::common::corpus::shared_raw())
}
