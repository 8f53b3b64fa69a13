//! The judgement of one reading: the facts every reading shares, then each form.

use super::catalog::{Wait, Yaku, Yakuman};
use super::judgement::Judgement;
use super::situation::Situation;
use crate::decompose::{Meld, MeldShape};
use crate::hand::CallKind;
use crate::rules::{RenhouRule, Rules};
use crate::tile::{Tile, TileCounts};

/// Facts about the whole hand that every reading shares.
#[derive(Debug, Clone)]
pub(crate) struct HandFacts {
    /// No open call.
    pub closed: bool,
    /// No call at all (closed kans included).
    pub no_calls: bool,
    /// Winning tile kind.
    pub win: Tile,
    /// Tile-content facts (all simples, flushes, ...).
    pub content: Content,
    /// The situational yaku and yakuman (the same for every reading).
    pub situational: Judgement,
    /// What every regular reading has: the situational judgement, the tile-content
    /// yakuman (tsuuiisou, ryuuiisou, chinroutou, chuuren), tanyao and the flushes.
    pub regular_base: Judgement,
    /// Seven pairs of honors are daichisei (rules `daichisei`).
    pub daichisei: bool,
    /// Aotenjou (rules `aotenjou`): a yakuman keeps the reading's other yaku.
    pub aotenjou: bool,
}

impl HandFacts {
    /// The facts of a hand whose tiles (calls included) are `counts` (the kinds
    /// present: the bits of `present`), with the judgement every reading shares
    /// computed once.
    pub fn new(
        counts: &TileCounts,
        present: u64,
        closed: bool,
        no_calls: bool,
        win: Tile,
        s: &Situation,
        rules: &Rules,
    ) -> HandFacts {
        let mut f = HandFacts {
            closed,
            no_calls,
            win,
            content: content_of(present),
            situational: Judgement::new(closed),
            regular_base: Judgement::new(closed),
            daichisei: rules.daichisei,
            aotenjou: rules.aotenjou,
        };
        let mut j = Judgement::new(closed);
        situational(&mut j, &f, s, rules);
        // Daisharin is in the tiles, whatever the reading (seven pairs or a regular
        // one): with the situational yakuman, every reading has it.
        if let Some(y) = daisharin(counts, present, closed, rules) {
            j.add_yakuman(y);
        }
        f.situational = j;
        let k = &f.content;
        if k.all_honor {
            j.add_yakuman(Yakuman::Tsuuiisou);
        }
        if k.all_green {
            j.add_yakuman(Yakuman::Ryuuiisou);
        }
        if k.all_terminal {
            j.add_yakuman(Yakuman::Chinroutou);
        }
        if let Some(y) = chuuren(counts, present, &f) {
            j.add_yakuman(y);
        }
        if k.all_simple && (closed || rules.open_tanyao) {
            j.add(Yaku::Tanyao);
        }
        flush_colour(&mut j, k);
        f.regular_base = j;
        f
    }
}

/// One regular reading: the pair, the four melds, and which group the winning tile
/// completed (`None` = the pair).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Regular<'a> {
    pub pair: Tile,
    pub melds: &'a [Meld],
    pub win_meld: Option<usize>,
    pub wait: Wait,
}

impl Regular<'_> {
    /// Whether meld `i` counts as concealed (for sanankou, suuankou and fu): not a call
    /// (closed kans are concealed), and not a triplet completed by ron.
    pub fn concealed(&self, i: usize, tsumo: bool) -> bool {
        let m = &self.melds[i];
        match m.call {
            Some(CallKind::ClosedKan) => true,
            Some(_) => false,
            None => !(m.shape == MeldShape::Triplet && !tsumo && self.win_meld == Some(i)),
        }
    }
}

/// Situational yaku and yakuman (the same for every reading).
fn situational(j: &mut Judgement, f: &HandFacts, s: &Situation, rules: &Rules) {
    if s.tenhou {
        j.add_yakuman(Yakuman::Tenhou);
    }
    if s.chiihou {
        j.add_yakuman(Yakuman::Chiihou);
    }
    if s.renhou && rules.renhou == RenhouRule::Yakuman {
        j.add_yakuman(Yakuman::Renhou);
    }
    if f.closed && s.tsumo {
        j.add(Yaku::MenzenTsumo);
    }
    if s.double_riichi {
        j.add(if s.open_riichi {
            Yaku::DoubleOpenRiichi
        } else {
            Yaku::DoubleRiichi
        });
    } else if s.riichi {
        j.add(if s.open_riichi {
            Yaku::OpenRiichi
        } else {
            Yaku::Riichi
        });
    }
    if s.open_riichi && !s.tsumo && rules.sashikomi_yakuman {
        j.add_yakuman(Yakuman::Sashikomi);
    }
    if s.ippatsu {
        j.add(Yaku::Ippatsu);
    }
    if s.chankan {
        j.add(Yaku::Chankan);
    }
    if s.rinshan {
        j.add(Yaku::Rinshan);
    }
    if s.haitei {
        j.add(Yaku::Haitei);
    }
    if s.houtei {
        j.add(Yaku::Houtei);
    }
    if s.renhou && rules.renhou == RenhouRule::Mangan {
        j.add(Yaku::Renhou);
    }
}

/// Tile-content facts of a whole hand, for tanyao, flushes, honroutou and the
/// tile-content yakuman.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Content {
    pub(super) all_simple: bool,
    pub(super) all_honor: bool,
    pub(super) all_terminal: bool,
    pub(super) all_yaochuu: bool,
    pub(super) all_green: bool,
    /// Suits used among m/p/s (bit mask).
    pub(super) suits: u8,
    pub(super) has_honor: bool,
}

/// Bit masks over the 34 kinds.
const HONOR_MASK: u64 = 0x3f8000000;
const TERMINAL_MASK: u64 = 0x4060301;
const SIMPLE_MASK: u64 = 0x3f9fcfe;
/// 2s 3s 4s 6s 8s 6z.
const GREEN_MASK: u64 = 0x102b80000;
const SUIT_MASK: [u64; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];
/// 1z-4z and 5z-7z.
const WIND_MASK: u64 = 0xf << 27;
const DRAGON_MASK: u64 = 0x7 << 31;
/// Sequences holding a terminal: from 1 or from 7 of each suit.
const YAOCHUU_SEQ_MASK: u64 = 0x41 | 0x41 << 9 | 0x41 << 18;

/// The tile-content facts of the kinds present (bit `i` for kind `i`).
pub(crate) fn content_of(present: u64) -> Content {
    let mut suits = 0u8;
    for (s, m) in SUIT_MASK.iter().enumerate() {
        if present & m != 0 {
            suits |= 1 << s;
        }
    }
    Content {
        all_simple: present & !SIMPLE_MASK == 0,
        all_honor: present & !HONOR_MASK == 0,
        all_terminal: present & !TERMINAL_MASK == 0,
        all_yaochuu: present & !(TERMINAL_MASK | HONOR_MASK) == 0,
        all_green: present & !GREEN_MASK == 0,
        suits,
        has_honor: present & HONOR_MASK != 0,
    }
}

fn flush_colour(j: &mut Judgement, k: &Content) {
    if k.suits.count_ones() == 1 {
        if k.has_honor {
            j.add(Yaku::Honitsu);
        } else {
            j.add(Yaku::Chinitsu);
        }
    }
}

/// Nine gates: no calls, one suit, 1112345678999 plus one. Junsei when the 13 tiles
/// before the win are exactly 1112345678999.
fn chuuren(counts: &TileCounts, present: u64, f: &HandFacts) -> Option<Yakuman> {
    if !f.no_calls {
        return None;
    }
    let w = f.win.index();
    if w >= 27 {
        return None;
    }
    // All 14 tiles (no calls) in the winning tile's suit.
    if present & !SUIT_MASK[w / 9] != 0 {
        return None;
    }
    let base = w / 9 * 9;
    let c = &counts.0;
    const PATTERN: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    if (0..9).any(|i| c[base + i] < PATTERN[i]) {
        return None;
    }
    if c[w] == PATTERN[w - base] + 1 {
        Some(Yakuman::JunseiChuuren)
    } else {
        Some(Yakuman::Chuuren)
    }
}

/// Daisharin and its other-suit forms: a closed hand of 22334455667788 in one suit
/// (pin; man and sou too with `daisharin_other_suits`), whatever its reading
/// (riichi.wiki, "Daisharin": "a closed hand with the following pattern").
fn daisharin(counts: &TileCounts, present: u64, closed: bool, rules: &Rules) -> Option<Yakuman> {
    if !(rules.daisharin || rules.daisharin_other_suits) || !closed {
        return None;
    }
    let q = (0..3).find(|&q| present == 0x7f << (9 * q + 1))?;
    if (1..8).any(|n| counts.0[9 * q + n] != 2) {
        return None;
    }
    match q {
        1 => Some(Yakuman::Daisharin),
        0 if rules.daisharin_other_suits => Some(Yakuman::Daisuurin),
        2 if rules.daisharin_other_suits => Some(Yakuman::Daichikurin),
        _ => None,
    }
}

/// Judge a regular reading.
///
/// Starts from `f.regular_base` (the situational and tile-content judgement every
/// reading shares) and adds what depends on the reading.
pub(crate) fn judge_regular(r: &Regular, f: &HandFacts, s: &Situation, rules: &Rules) -> Judgement {
    let mut j = f.regular_base;
    let closed = f.closed;
    let k = &f.content;
    let seat = s.seat_wind.tile().index();
    let round = s.round_wind.tile().index();

    // The melds as bit sets over kinds: `seqs` has bit t for a sequence from t (and
    // `odd_seqs` for those held an odd number of times), `trips` bit t for a triplet
    // or quad of t (never two of one kind: that would be six tiles).
    let mut seqs = 0u64;
    let mut odd_seqs = 0u64;
    let mut n_seq = 0u32;
    let mut trips = 0u64;
    let mut n_quad = 0;
    let mut n_concealed_trip = 0;
    for (i, m) in r.melds.iter().enumerate() {
        let bit = 1u64 << m.tile.index();
        if m.shape == MeldShape::Sequence {
            seqs |= bit;
            odd_seqs ^= bit;
            n_seq += 1;
        } else {
            trips |= bit;
            n_quad += u32::from(m.shape == MeldShape::Quad);
            n_concealed_trip += u32::from(r.concealed(i, s.tsumo));
        }
    }
    let n_trip = trips.count_ones();
    let dragon_trips = (trips & DRAGON_MASK).count_ones();
    let wind_trips = (trips & WIND_MASK).count_ones();

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
    // Peikou: each sequence held c times makes c / 2 pairs of identical sequences.
    if closed && n_seq >= 2 {
        let pairs = (n_seq - odd_seqs.count_ones()) / 2;
        if pairs == 2 {
            j.add(Yaku::Ryanpeikou);
        } else if pairs == 1 {
            j.add(Yaku::Iipeikou);
        }
    }
    // Yakuhai.
    if trips & (1 << seat) != 0 {
        j.add(Yaku::SeatWind);
    }
    if trips & (1 << round) != 0 {
        j.add(Yaku::RoundWind);
    }
    if trips & (1 << 31) != 0 {
        j.add(Yaku::Haku);
    }
    if trips & (1 << 32) != 0 {
        j.add(Yaku::Hatsu);
    }
    if trips & (1 << 33) != 0 {
        j.add(Yaku::Chun);
    }
    // Chanta family: every group holds a terminal or an honor.
    let all_yaochuu_groups = r.pair.is_terminal_or_honor()
        && seqs & !YAOCHUU_SEQ_MASK == 0
        && trips & !(TERMINAL_MASK | HONOR_MASK) == 0;
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
    if n_seq >= 3 {
        const ITTSU: u64 = 0b1001001;
        if (0..3).any(|q| (seqs >> (9 * q)) & ITTSU == ITTSU) {
            j.add(Yaku::Ittsu);
        }
        if seqs & (seqs >> 9) & (seqs >> 18) & 0x7f != 0 {
            j.add(Yaku::Sanshoku);
        }
    }
    if trips & (trips >> 9) & (trips >> 18) & 0x1ff != 0 {
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
    if j.is_yakuman() {
        // Aotenjou (no other way here): the yakuman's precursors go.
        j.drop_precursors();
    }
    j
}

/// Judge the seven-pairs reading.
pub(crate) fn judge_chiitoitsu(f: &HandFacts) -> Judgement {
    let mut j = f.situational;
    let k = &f.content;
    if k.all_honor {
        j.add_yakuman(Yakuman::Tsuuiisou);
        if f.daichisei {
            j.add_yakuman(Yakuman::Daichisei);
        }
    }
    if j.is_yakuman() && !f.aotenjou {
        j.clear_yaku();
        return j;
    }
    j.add(Yaku::Chiitoitsu);
    if k.all_simple {
        j.add(Yaku::Tanyao);
    }
    if k.all_yaochuu {
        j.add(Yaku::Honroutou);
    }
    flush_colour(&mut j, k);
    if j.is_yakuman() {
        // Aotenjou (no other way here): the yakuman's precursors go.
        j.drop_precursors();
    }
    j
}

/// Judge the thirteen-orphans reading.
pub(crate) fn judge_kokushi(pair: Tile, f: &HandFacts) -> Judgement {
    let mut j = f.situational;
    j.clear_yaku();
    if pair == f.win {
        j.add_yakuman(Yakuman::Kokushi13);
    } else {
        j.add_yakuman(Yakuman::Kokushi);
    }
    j
}
