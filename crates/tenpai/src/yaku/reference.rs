//! Test references: the judgement of a regular reading as first written, and its helpers.

use super::catalog::{Wait, Yaku, Yakuman};
use super::judge::{HandFacts, Regular};
use super::judgement::Judgement;
use super::situation::Situation;
use crate::decompose::{Meld, MeldShape};
use crate::rules::Rules;
use crate::tile::TileCounts;

/// Bit `i` set when kind `i` is present in `c`.
#[cfg(test)]
pub(crate) fn present(c: &TileCounts) -> u64 {
    let mut present = 0u64;
    for (i, &n) in c.0.iter().enumerate() {
        present |= ((n != 0) as u64) << i;
    }
    present
}

#[cfg(test)]
pub(crate) const fn is_yaochuu_meld(m: &Meld) -> bool {
    match m.shape {
        MeldShape::Sequence => {
            let n = m.tile.number();
            n == 1 || n == 7
        }
        _ => m.tile.is_terminal_or_honor(),
    }
}

/// The reading-by-reading judgement of a regular reading as first written (a meld
/// loop with arrays and a sort), the reference [`judge_regular`] (bit sets) is
/// tested against.
#[cfg(test)]
pub(crate) fn judge_regular_reference(
    r: &Regular,
    f: &HandFacts,
    s: &Situation,
    rules: &Rules,
) -> Judgement {
    let mut j = f.regular_base;
    let closed = f.closed;
    let k = &f.content;
    let seat = s.seat_wind.tile().index();
    let round = s.round_wind.tile().index();

    let mut seqs = [0usize; 4];
    let mut n_seq = 0;
    let mut n_trip = 0; // triplets and quads
    let mut n_quad = 0;
    let mut n_concealed_trip = 0;
    let mut dragon_trips = 0;
    let mut wind_trips = 0;
    let mut all_yaochuu_groups = r.pair.is_terminal_or_honor();
    let mut trip_numbers = [0u8; 9]; // bit mask of suits per number
    for (i, m) in r.melds.iter().enumerate() {
        all_yaochuu_groups &= is_yaochuu_meld(m);
        let t = m.tile.index();
        match m.shape {
            MeldShape::Sequence => {
                seqs[n_seq] = t;
                n_seq += 1;
            }
            MeldShape::Triplet | MeldShape::Quad => {
                n_trip += 1;
                if m.shape == MeldShape::Quad {
                    n_quad += 1;
                }
                if r.concealed(i, s.tsumo) {
                    n_concealed_trip += 1;
                }
                if t >= 31 {
                    dragon_trips += 1;
                } else if t >= 27 {
                    wind_trips += 1;
                } else {
                    trip_numbers[t % 9] |= 1 << (t / 9);
                }
            }
        }
    }

    // Yakuman from the reading.
    if n_concealed_trip == 4 {
        j.add_yakuman(if r.win_meld.is_none() {
            Yakuman::SuuankouTanki
        } else {
            Yakuman::Suuankou
        });
    }
    if dragon_trips == 3 {
        j.add_yakuman(Yakuman::Daisangen);
    }
    if wind_trips == 4 {
        j.add_yakuman(Yakuman::Daisuushii);
    } else if wind_trips == 3 && r.pair.is_wind() {
        j.add_yakuman(Yakuman::Shousuushii);
    }
    if n_quad == 4 {
        j.add_yakuman(Yakuman::Suukantsu);
    }
    if j.is_yakuman() && !f.aotenjou {
        j.clear_yaku();
        return j;
    }

    // Pinfu.
    let pair_idx = r.pair.index();
    let yakuhai_pair = pair_idx >= 31 || pair_idx == seat || pair_idx == round;
    // With tsumo fu on pinfu (`fu_for_pinfu_tsumo`), a tsumo has fu beyond the base:
    // no pinfu (the "tsumo pinfu nashi" rule, as the `mahjong` library scores it).
    if closed
        && n_seq == 4
        && !yakuhai_pair
        && r.wait == Wait::Ryanmen
        && !(s.tsumo && rules.fu_for_pinfu_tsumo)
    {
        j.add(Yaku::Pinfu);
    }
    // Peikou.
    if closed && n_seq >= 2 {
        let s4 = &mut seqs[..n_seq];
        s4.sort_unstable();
        let mut pairs = 0;
        let mut i = 0;
        while i + 1 < s4.len() {
            if s4[i] == s4[i + 1] {
                pairs += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        if pairs == 2 {
            j.add(Yaku::Ryanpeikou);
        } else if pairs == 1 {
            j.add(Yaku::Iipeikou);
        }
    }
    // Yakuhai.
    for m in r.melds.iter().filter(|m| m.shape != MeldShape::Sequence) {
        let t = m.tile.index();
        if t == seat {
            j.add(Yaku::SeatWind);
        }
        if t == round {
            j.add(Yaku::RoundWind);
        }
        match t {
            31 => j.add(Yaku::Haku),
            32 => j.add(Yaku::Hatsu),
            33 => j.add(Yaku::Chun),
            _ => {}
        }
    }
    // Chanta family.
    if all_yaochuu_groups {
        if n_seq == 0 {
            j.add(Yaku::Honroutou);
        } else if k.has_honor {
            j.add(Yaku::Chanta);
        } else {
            j.add(Yaku::Junchan);
        }
    }
    // Ittsu and sanshoku.
    let seq = &seqs[..n_seq];
    if n_seq >= 3 {
        let ittsu = (0..3).any(|suit| {
            let b = suit * 9;
            seq.contains(&b) && seq.contains(&(b + 3)) && seq.contains(&(b + 6))
        });
        if ittsu {
            j.add(Yaku::Ittsu);
        }
        let sanshoku =
            (0..7).any(|n| seq.contains(&n) && seq.contains(&(n + 9)) && seq.contains(&(n + 18)));
        if sanshoku {
            j.add(Yaku::Sanshoku);
        }
    }
    if trip_numbers.contains(&0b111) {
        j.add(Yaku::SanshokuDoukou);
    }
    if n_quad == 3 {
        j.add(Yaku::Sankantsu);
    }
    if n_trip == 4 {
        j.add(Yaku::Toitoi);
    }
    if n_concealed_trip == 3 {
        j.add(Yaku::Sanankou);
    }
    if dragon_trips == 2 && pair_idx >= 31 {
        j.add(Yaku::Shousangen);
    }
    // Aotenjou: each yakuman's precursors go, as the `mahjong` library lists them.
    const PRECURSORS: [(Yakuman, &[Yaku]); 12] = [
        (
            Yakuman::Daisangen,
            &[Yaku::Haku, Yaku::Hatsu, Yaku::Chun, Yaku::Shousangen],
        ),
        (Yakuman::Tsuuiisou, &[Yaku::Toitoi, Yaku::Honroutou]),
        (Yakuman::Chinroutou, &[Yaku::Toitoi, Yaku::Honroutou]),
        (Yakuman::Daisuushii, &[Yaku::Toitoi]),
        (Yakuman::Suuankou, &[Yaku::Toitoi]),
        (Yakuman::SuuankouTanki, &[Yaku::Toitoi]),
        (Yakuman::Suukantsu, &[Yaku::Toitoi]),
        (Yakuman::Chuuren, &[Yaku::Chinitsu]),
        (Yakuman::JunseiChuuren, &[Yaku::Chinitsu]),
        (Yakuman::Ryuuiisou, &[Yaku::Honitsu]),
        (Yakuman::Daisharin, WHEEL),
        (Yakuman::Daisuurin, WHEEL),
    ];
    const WHEEL: &[Yaku] = &[
        Yaku::Chinitsu,
        Yaku::Pinfu,
        Yaku::Tanyao,
        Yaku::Ryanpeikou,
        Yaku::Chiitoitsu,
    ];
    let all = j;
    for (y, gone) in PRECURSORS
        .iter()
        .chain([(Yakuman::Daichikurin, WHEEL)].iter())
    {
        if all.has_yakuman(*y) {
            for g in gone.iter() {
                j.remove(*g);
            }
        }
    }
    j
}
