//! The labels players use for a tile against a riichi: genbutsu, suji, half-suji
//! (against one opponent), no-chance, one-chance, honors left, dora (of the tile).

use super::Opponent;
use crate::tile::{Tile, KINDS};

/// `genbutsu` (in its river or passed after its riichi), `suji` (a number tile whose
/// ryanmen waits are all excluded by genbutsu three apart: 1-4-7, 2-5-8, 3-6-9; for
/// 4, 5, 6 both sides), `half-suji` (4, 5, 6 with one side).
pub(crate) fn against(t: Tile, o: &Opponent) -> Vec<String> {
    let safe = o
        .river
        .iter()
        .chain(&o.after)
        .fold(0u64, |m, x| m | (1 << x.index()));
    let has = |k: usize| safe & (1 << k) != 0;
    let k = t.index();
    let mut out = Vec::new();
    if has(k) {
        out.push("genbutsu".to_string());
    }
    if t.is_honor() {
        return out;
    }
    let n = t.number();
    let low = n >= 4 && has(k - 3);
    let high = n <= 6 && has(k + 3);
    match n {
        1..=3 if high => out.push("suji".into()),
        7..=9 if low => out.push("suji".into()),
        4..=6 if low && high => out.push("suji".into()),
        4..=6 if low || high => out.push("half-suji".into()),
        _ => {}
    }
    out
}

/// `no-chance` (every ryanmen shape waiting on it needs a kind with no copy left
/// unseen), `one-chance` (every such shape has a kind with at most one copy left,
/// not no-chance), `honor, N left` (copies unseen), `dora` (a dora or a red five).
pub(crate) fn of_tile(t: Tile, pool: &[u8; KINDS], dora: &[Tile]) -> Vec<String> {
    let mut out = Vec::new();
    let k = t.index();
    if t.is_honor() {
        out.push(format!("honor, {} left", pool[k]));
    } else {
        let n = t.number();
        // The ryanmen shapes waiting on the tile: n+1 n+2 (n <= 6), n-2 n-1 (n >= 4).
        let mut shapes: Vec<u8> = Vec::new();
        if n <= 6 {
            shapes.push(pool[k + 1].min(pool[k + 2]));
        }
        if n >= 4 {
            shapes.push(pool[k - 1].min(pool[k - 2]));
        }
        if shapes.iter().all(|&c| c == 0) {
            out.push("no-chance".into());
        } else if shapes.iter().all(|&c| c <= 1) {
            out.push("one-chance".into());
        }
    }
    if t.is_red() || dora.contains(&t.kind()) {
        out.push("dora".into());
    }
    out
}
