//! The catalog: every yaku and yakuman with its contract name and han, and the waits.

/// A yaku below yakuman, in Tenhou's order (ids 0..=54 without the yakuman), then the
/// yaku of local rules the `mahjong` library knows (open riichi, nagashi mangan).
///
/// ```
/// use tenpai::yaku::Yaku;
/// assert_eq!((Yaku::Pinfu.name(), Yaku::Pinfu.han()), ("pinfu", (1, 0)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Yaku {
    /// Closed hand won by self-draw.
    MenzenTsumo,
    /// Riichi.
    Riichi,
    /// Won within one go-around of riichi.
    Ippatsu,
    /// Ron on a tile added to a kan.
    Chankan,
    /// Tsumo on a kan replacement tile.
    Rinshan,
    /// Tsumo on the last tile of the wall.
    Haitei,
    /// Ron on the last discard.
    Houtei,
    /// Closed, four sequences, a non-yakuhai pair, two-sided wait.
    Pinfu,
    /// Only simples (2..8).
    Tanyao,
    /// Two identical sequences (closed).
    Iipeikou,
    /// Triplet of the seat wind.
    SeatWind,
    /// Triplet of the round wind.
    RoundWind,
    /// Triplet of white dragons.
    Haku,
    /// Triplet of green dragons.
    Hatsu,
    /// Triplet of red dragons.
    Chun,
    /// Riichi on the first turn.
    DoubleRiichi,
    /// Seven pairs.
    Chiitoitsu,
    /// Every group has a terminal or honor, with a sequence and an honor.
    Chanta,
    /// 123, 456, 789 of one suit.
    Ittsu,
    /// One sequence in all three suits.
    Sanshoku,
    /// One triplet number in all three suits.
    SanshokuDoukou,
    /// Three quads.
    Sankantsu,
    /// All triplets.
    Toitoi,
    /// Three concealed triplets.
    Sanankou,
    /// Two dragon triplets and a dragon pair.
    Shousangen,
    /// Only terminals and honors.
    Honroutou,
    /// Two times two identical sequences (closed).
    Ryanpeikou,
    /// Every group has a terminal, with a sequence, no honors.
    Junchan,
    /// One suit and honors.
    Honitsu,
    /// One suit only.
    Chinitsu,
    /// Renhou counted as a mangan yaku (rules `renhou = mangan`).
    Renhou,
    /// Dora.
    Dora,
    /// Ura dora.
    UraDora,
    /// Red fives.
    AkaDora,
    /// Norths extracted in a three-player game (kita), one han each.
    Nukidora,
    /// Riichi declared with the hand shown (open riichi), in place of riichi.
    OpenRiichi,
    /// Double riichi declared with the hand shown, in place of double riichi.
    DoubleOpenRiichi,
    /// Nagashi mangan: a mangan at an exhaustive draw, no hand (5 han as the `mahjong`
    /// library counts it).
    NagashiMangan,
}

impl Yaku {
    /// Contract name, as in the JSON answer.
    ///
    /// ```
    /// assert_eq!(tenpai::yaku::Yaku::Ittsu.name(), "ittsu");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Yaku::MenzenTsumo => "menzen_tsumo",
            Yaku::Riichi => "riichi",
            Yaku::Ippatsu => "ippatsu",
            Yaku::Chankan => "chankan",
            Yaku::Rinshan => "rinshan",
            Yaku::Haitei => "haitei",
            Yaku::Houtei => "houtei",
            Yaku::Pinfu => "pinfu",
            Yaku::Tanyao => "tanyao",
            Yaku::Iipeikou => "iipeikou",
            Yaku::SeatWind => "seat_wind",
            Yaku::RoundWind => "round_wind",
            Yaku::Haku => "haku",
            Yaku::Hatsu => "hatsu",
            Yaku::Chun => "chun",
            Yaku::DoubleRiichi => "double_riichi",
            Yaku::Chiitoitsu => "chiitoitsu",
            Yaku::Chanta => "chanta",
            Yaku::Ittsu => "ittsu",
            Yaku::Sanshoku => "sanshoku",
            Yaku::SanshokuDoukou => "sanshoku_doukou",
            Yaku::Sankantsu => "sankantsu",
            Yaku::Toitoi => "toitoi",
            Yaku::Sanankou => "sanankou",
            Yaku::Shousangen => "shousangen",
            Yaku::Honroutou => "honroutou",
            Yaku::Ryanpeikou => "ryanpeikou",
            Yaku::Junchan => "junchan",
            Yaku::Honitsu => "honitsu",
            Yaku::Chinitsu => "chinitsu",
            Yaku::Renhou => "renhou",
            Yaku::Dora => "dora",
            Yaku::UraDora => "ura_dora",
            Yaku::AkaDora => "aka_dora",
            Yaku::Nukidora => "nukidora",
            Yaku::OpenRiichi => "open_riichi",
            Yaku::DoubleOpenRiichi => "double_open_riichi",
            Yaku::NagashiMangan => "nagashi_mangan",
        }
    }

    /// Han in a closed hand and in an open hand (0: not allowed open). Dora kinds are 1
    /// per tile and are counted elsewhere.
    ///
    /// ```
    /// use tenpai::yaku::Yaku;
    /// assert_eq!(Yaku::Chinitsu.han(), (6, 5)); // one han less open
    /// assert_eq!(Yaku::Riichi.han(), (1, 0)); // closed only
    /// ```
    pub const fn han(self) -> (u32, u32) {
        match self {
            Yaku::MenzenTsumo | Yaku::Riichi | Yaku::Ippatsu | Yaku::Pinfu | Yaku::Iipeikou => {
                (1, 0)
            }
            Yaku::Chankan
            | Yaku::Rinshan
            | Yaku::Haitei
            | Yaku::Houtei
            | Yaku::Tanyao
            | Yaku::SeatWind
            | Yaku::RoundWind
            | Yaku::Haku
            | Yaku::Hatsu
            | Yaku::Chun
            | Yaku::Dora
            | Yaku::UraDora
            | Yaku::AkaDora
            | Yaku::Nukidora => (1, 1),
            Yaku::DoubleRiichi | Yaku::Chiitoitsu | Yaku::OpenRiichi => (2, 0),
            Yaku::DoubleOpenRiichi => (3, 0),
            Yaku::NagashiMangan => (5, 5),
            Yaku::Chanta | Yaku::Ittsu | Yaku::Sanshoku => (2, 1),
            Yaku::SanshokuDoukou
            | Yaku::Sankantsu
            | Yaku::Toitoi
            | Yaku::Sanankou
            | Yaku::Shousangen
            | Yaku::Honroutou => (2, 2),
            Yaku::Ryanpeikou => (3, 0),
            Yaku::Junchan | Yaku::Honitsu => (3, 2),
            Yaku::Chinitsu => (6, 5),
            Yaku::Renhou => (5, 0),
        }
    }

    /// Han in a hand that is closed or not (kuisagari applied).
    ///
    /// ```
    /// use tenpai::yaku::Yaku;
    /// assert_eq!((Yaku::Honitsu.han_for(true), Yaku::Honitsu.han_for(false)), (3, 2));
    /// ```
    pub const fn han_for(self, closed: bool) -> u32 {
        let (c, o) = self.han();
        if closed {
            c
        } else {
            o
        }
    }
}

/// A yakuman pattern.
///
/// ```
/// use tenpai::yaku::Yakuman;
/// assert_eq!(Yakuman::Daisuushii.name(), "daisuushii");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Yakuman {
    /// Dealer wins on the first draw.
    Tenhou,
    /// Non-dealer tsumo on the first draw.
    Chiihou,
    /// Non-dealer ron before the first draw (rules `renhou = yakuman`).
    Renhou,
    /// Thirteen orphans.
    Kokushi,
    /// Thirteen orphans on the 13-sided wait.
    Kokushi13,
    /// Four concealed triplets.
    Suuankou,
    /// Four concealed triplets, won on the pair.
    SuuankouTanki,
    /// Three dragon triplets.
    Daisangen,
    /// Only honors.
    Tsuuiisou,
    /// Only green tiles (23468s, 6z).
    Ryuuiisou,
    /// Only terminals.
    Chinroutou,
    /// Nine gates.
    Chuuren,
    /// Nine gates on the 9-sided wait.
    JunseiChuuren,
    /// Four wind triplets.
    Daisuushii,
    /// Three wind triplets and a wind pair.
    Shousuushii,
    /// Four quads.
    Suukantsu,
    /// A ron on an open riichi by a player not in riichi (rules `sashikomi_yakuman`).
    Sashikomi,
    /// The dealer's eighth win in a row (situation `paarenchan`).
    Paarenchan,
    /// Seven pairs 2-8 of pin (rules `daisharin`).
    Daisharin,
    /// Seven pairs 2-8 of man (rules `daisharin_other_suits`).
    Daisuurin,
    /// Seven pairs 2-8 of sou (rules `daisharin_other_suits`).
    Daichikurin,
    /// Seven pairs of honors (rules `daichisei`), beside tsuuiisou.
    Daichisei,
}

impl Yakuman {
    /// Contract name, as in the JSON answer.
    ///
    /// ```
    /// assert_eq!(tenpai::yaku::Yakuman::Tenhou.name(), "tenhou");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Yakuman::Tenhou => "tenhou",
            Yakuman::Chiihou => "chiihou",
            Yakuman::Renhou => "renhou",
            Yakuman::Kokushi => "kokushi",
            Yakuman::Kokushi13 => "kokushi_13",
            Yakuman::Suuankou => "suuankou",
            Yakuman::SuuankouTanki => "suuankou_tanki",
            Yakuman::Daisangen => "daisangen",
            Yakuman::Tsuuiisou => "tsuuiisou",
            Yakuman::Ryuuiisou => "ryuuiisou",
            Yakuman::Chinroutou => "chinroutou",
            Yakuman::Chuuren => "chuuren",
            Yakuman::JunseiChuuren => "junsei_chuuren",
            Yakuman::Daisuushii => "daisuushii",
            Yakuman::Shousuushii => "shousuushii",
            Yakuman::Suukantsu => "suukantsu",
            Yakuman::Sashikomi => "sashikomi",
            Yakuman::Paarenchan => "paarenchan",
            Yakuman::Daisharin => "daisharin",
            Yakuman::Daisuurin => "daisuurin",
            Yakuman::Daichikurin => "daichikurin",
            Yakuman::Daichisei => "daichisei",
        }
    }

    /// Whether this pattern counts double when the rules have double yakuman.
    ///
    /// ```
    /// use tenpai::yaku::Yakuman;
    /// assert!(Yakuman::Kokushi13.is_double_pattern() && !Yakuman::Kokushi.is_double_pattern());
    /// ```
    pub const fn is_double_pattern(self) -> bool {
        matches!(
            self,
            Yakuman::Kokushi13
                | Yakuman::SuuankouTanki
                | Yakuman::JunseiChuuren
                | Yakuman::Daisuushii
        )
    }
}

/// How the winning tile completed the hand.
///
/// ```
/// use tenpai::{rules::Rules, score::{evaluate, Situation}, yaku::Wait, Tile};
/// let hand: tenpai::Hand = "123m456p789s1133z3z".parse()?;
/// let e = evaluate(&hand, Tile::from_mpsz("3z").unwrap(), &Situation { tsumo: true, ..Situation::default() }, &Rules::tenhou())?;
/// assert_eq!(e.wait, Wait::Shanpon);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wait {
    /// Two-sided sequence wait.
    Ryanmen,
    /// Middle of a sequence.
    Kanchan,
    /// 12 waiting on 3, or 89 on 7.
    Penchan,
    /// Pair wait (also every chiitoitsu and single kokushi wait).
    Tanki,
    /// One of two pairs becomes a triplet.
    Shanpon,
    /// Kokushi waiting on all thirteen.
    Kokushi13,
}

impl Wait {
    /// Contract name.
    ///
    /// ```
    /// assert_eq!(tenpai::yaku::Wait::Kanchan.name(), "kanchan");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Wait::Ryanmen => "ryanmen",
            Wait::Kanchan => "kanchan",
            Wait::Penchan => "penchan",
            Wait::Tanki => "tanki",
            Wait::Shanpon => "shanpon",
            Wait::Kokushi13 => "kokushi_13",
        }
    }
}

pub(crate) const YAKU_ALL: [Yaku; 38] = [
    Yaku::MenzenTsumo,
    Yaku::Riichi,
    Yaku::Ippatsu,
    Yaku::Chankan,
    Yaku::Rinshan,
    Yaku::Haitei,
    Yaku::Houtei,
    Yaku::Pinfu,
    Yaku::Tanyao,
    Yaku::Iipeikou,
    Yaku::SeatWind,
    Yaku::RoundWind,
    Yaku::Haku,
    Yaku::Hatsu,
    Yaku::Chun,
    Yaku::DoubleRiichi,
    Yaku::Chiitoitsu,
    Yaku::Chanta,
    Yaku::Ittsu,
    Yaku::Sanshoku,
    Yaku::SanshokuDoukou,
    Yaku::Sankantsu,
    Yaku::Toitoi,
    Yaku::Sanankou,
    Yaku::Shousangen,
    Yaku::Honroutou,
    Yaku::Ryanpeikou,
    Yaku::Junchan,
    Yaku::Honitsu,
    Yaku::Chinitsu,
    Yaku::Renhou,
    Yaku::Dora,
    Yaku::UraDora,
    Yaku::AkaDora,
    Yaku::Nukidora,
    Yaku::OpenRiichi,
    Yaku::DoubleOpenRiichi,
    Yaku::NagashiMangan,
];

pub(crate) const YAKUMAN_ALL: [Yakuman; 22] = [
    Yakuman::Tenhou,
    Yakuman::Chiihou,
    Yakuman::Renhou,
    Yakuman::Kokushi,
    Yakuman::Kokushi13,
    Yakuman::Suuankou,
    Yakuman::SuuankouTanki,
    Yakuman::Daisangen,
    Yakuman::Tsuuiisou,
    Yakuman::Ryuuiisou,
    Yakuman::Chinroutou,
    Yakuman::Chuuren,
    Yakuman::JunseiChuuren,
    Yakuman::Daisuushii,
    Yakuman::Shousuushii,
    Yakuman::Suukantsu,
    Yakuman::Sashikomi,
    Yakuman::Paarenchan,
    Yakuman::Daisharin,
    Yakuman::Daisuurin,
    Yakuman::Daichikurin,
    Yakuman::Daichisei,
];
