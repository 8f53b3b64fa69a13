//! Hands with calls checked one after another on one thread. A group that shares a
//! kind with a call (its caps below four) takes its distances from tables kept per
//! thread, one per group and caps vector: a later hand must read only the table of its
//! own group and caps, never one an earlier hand left for another suit or other caps.

use super::{check, Reference};
use tenpai::Hand;

/// Every call on the 1 of a suit or on East, with a hand around it that holds the
/// called kind's last copies where there are any (so the caps decide the answer).
fn hands() -> Vec<Hand> {
    let mut out = Vec::new();
    let suits = ['m', 'p', 's'];
    for (i, &s) in suits.iter().enumerate() {
        let (t, u) = (suits[(i + 1) % 3], suits[(i + 2) % 3]);
        for (call, called) in [("(111", 3), ("(1111", 4), ("[1111", 4), ("(123", 1)] {
            let close = if call.starts_with('[') { ']' } else { ')' };
            // 4 - called copies of the 1 are left: hold one of them when there is one.
            let first = if called < 4 { '1' } else { '4' };
            out.push(format!("{first}23{s}456{t}789{t}55{u} {call}{s}{close}"));
        }
    }
    for call in ["(111z)", "(1111z)", "[1111z]"] {
        let rest = if call.len() == 6 { "1z5z" } else { "55z" };
        out.push(format!("123m456p789s{rest} {call}"));
    }
    out.iter()
        .map(|s| s.parse().unwrap_or_else(|e| panic!("{s}: {e}")))
        .collect()
}

#[test]
fn capped_tables_are_kept_apart_by_group_and_caps() {
    let r = Reference::new();
    let hands = hands();
    assert_eq!(hands.len(), 15);
    // Every ordered pair, each on a thread of its own (the tables start empty): the
    // second hand meets exactly the tables the first one left.
    std::thread::scope(|scope| {
        for a in &hands {
            for b in &hands {
                let r = &r;
                scope
                    .spawn(move || {
                        check(a, r, true);
                        check(b, r, true);
                    })
                    .join()
                    .unwrap_or_else(|_| panic!("{a} then {b}"));
            }
        }
    });
}
