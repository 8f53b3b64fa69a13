//! The user examples (`examples/`) run on their default inputs, so that they keep
//! compiling and answering (`cargo run -p tenpai --example NAME` runs the same code).

// Each example's `main` reads the command line; the tests call what it calls.
#[allow(dead_code)]
#[path = "../../examples/advise.rs"]
mod advise_example;
#[allow(dead_code)]
#[path = "../../examples/hand.rs"]
mod hand_example;
#[allow(dead_code)]
#[path = "../../examples/replay.rs"]
mod replay_example;
#[allow(dead_code)]
#[path = "../../examples/score.rs"]
mod score_example;

#[test]
fn hand() {
    hand_example::show(hand_example::HAND).unwrap();
    hand_example::show("24m406p789s11223z").unwrap();
}

#[test]
fn score() {
    score_example::show().unwrap();
}

#[test]
fn replay() {
    replay_example::show(std::path::Path::new(replay_example::LOG)).unwrap();
}

#[test]
fn advise() {
    advise_example::show(advise_example::HAND, 8).unwrap();
}
