//! Checking a win: score it with the engine and compare the answer with the record.

use super::{GameRules, Recorded, Win};
use crate::error::Error;
use crate::score::ScoreResult;

/// How a computed answer differs from the record.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::{compare, verify, Disagreement};
/// let (computed, _) = verify(&game.wins[0], &game.rules)?;
/// let mut rec = game.wins[0].recorded.clone();
/// rec.points = 3900;
/// assert_eq!(compare(&rec, &computed), [Disagreement::Points]);
/// assert_eq!(Disagreement::Points.name(), "points");
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Disagreement {
    /// Not the same yaku (names and han).
    Yaku,
    /// Not the same total han.
    Han,
    /// Not the same fu (checked below mangan only).
    Fu,
    /// Not the same hand value.
    Points,
}

impl Disagreement {
    /// `yaku`, `han`, `fu`, `points`.
    pub const fn name(self) -> &'static str {
        match self {
            Disagreement::Yaku => "yaku",
            Disagreement::Han => "han",
            Disagreement::Fu => "fu",
            Disagreement::Points => "points",
        }
    }
}

/// The computed yaku as (name, han) pairs, yakuman with han 13, 0-han entries left out, sorted.
/// Nukidora (three players) is added to dora, as Tenhou records it (ドラ).
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::{computed_named, verify};
/// let (computed, _) = verify(&game.wins[0], &game.rules)?;
/// assert_eq!(computed_named(&computed), game.wins[0].recorded.named());
/// assert_eq!(computed_named(&computed)[0], ("ittsu".to_string(), 2));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn computed_named(result: &ScoreResult) -> Vec<(String, u32)> {
    let nukidora: u32 = result
        .yaku
        .iter()
        .filter(|y| y.name.as_str() == "nukidora")
        .map(|y| y.han)
        .sum();
    let mut v: Vec<(String, u32)> = result
        .yaku
        .iter()
        .filter(|y| y.han > 0 && y.name.as_str() != "nukidora")
        .map(|y| {
            let extra = if y.name.as_str() == "dora" {
                nukidora
            } else {
                0
            };
            (y.name.to_string(), y.han + extra)
        })
        .chain(result.yakuman.iter().map(|y| (y.name.to_string(), 13)))
        .collect();
    if nukidora > 0 && !v.iter().any(|(n, _)| n == "dora") {
        v.push(("dora".to_string(), nukidora));
    }
    v.sort();
    v
}

/// Compare a scorer answer with the record: yaku set (names and han), total han, fu
/// (below mangan) and points. Empty when they agree.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// use tenpai::logs::{compare, verify, Disagreement};
/// let (computed, none) = verify(&game.wins[0], &game.rules)?;
/// assert!(none.is_empty());
/// let mut rec = game.wins[0].recorded.clone();
/// rec.yaku = vec![(0, 1), (24, 1)]; // a wrong record: ittsu at 1 han
/// assert_eq!(compare(&rec, &computed), [Disagreement::Yaku, Disagreement::Han]);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn compare(recorded: &Recorded, result: &ScoreResult) -> Vec<Disagreement> {
    let mut out = Vec::new();
    if recorded.named() != computed_named(result) {
        out.push(Disagreement::Yaku);
    }
    if recorded.yakuman.is_empty() && recorded.han() != result.han {
        out.push(Disagreement::Han);
    }
    if recorded.limit == 0 {
        if let Some(fu) = recorded.fu {
            if fu != result.fu {
                out.push(Disagreement::Fu);
            }
        }
    }
    if recorded.points != result.points {
        out.push(Disagreement::Points);
    }
    out
}

/// Score a win with the engine (under the game's rule flags: `tenhou-sanma` for a
/// 3-player game) and compare the answer with the record.
///
/// ```
/// # let log = include_str!("../../tests/data/doc/e1.mjlog");
/// // `log`: one East 1 round of mjlog XML, seat 1 wins by tsumo (menzen tsumo, ittsu).
/// let game = tenpai::logs::parse_log(log.as_bytes())?;
/// let (computed, disagreements) = tenpai::logs::verify(&game.wins[0], &game.rules)?;
/// assert_eq!((computed.han, computed.fu, computed.points), (3, 30, 4000));
/// assert!(disagreements.is_empty());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn verify(win: &Win, rules: &GameRules) -> Result<(ScoreResult, Vec<Disagreement>), Error> {
    let result = crate::score::score(
        &win.hand()?,
        win.win_tile,
        &win.score_situation(),
        &rules.scoring_rules(),
    )?;
    let disagreements = compare(&win.recorded, &result);
    Ok((result, disagreements))
}
