//! Yaku: every scoring pattern below yakuman and every yakuman, with their contract
//! names and han, and the judgement of one reading of a winning hand.
//!
//! Judgement works on one reading (a pair and four melds with the group the winning
//! tile completed, seven pairs, or thirteen orphans). Upper yaku absorb their lower
//! forms: ryanpeikou over iipeikou, chinitsu over honitsu, junchan over chanta,
//! honroutou over chanta, double riichi over riichi, and among yakuman kokushi_13
//! over kokushi, suuankou_tanki over suuankou, junsei_chuuren over chuuren.

use crate::decompose::{Meld, MeldShape};
use crate::hand::CallKind;
use crate::rules::{RenhouRule, Rules};
use crate::tile::{Tile, TileCounts, Wind};

/// A yaku below yakuman, in Tenhou's order (ids 0..=54 without the yakuman).
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
            Yaku::DoubleRiichi | Yaku::Chiitoitsu => (2, 0),
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

    /// Multiplier under `rules` (1, or 2 for a double pattern with double yakuman on).
    ///
    /// ```
    /// use tenpai::{rules::Rules, yaku::Yakuman};
    /// let double = Rules { double_yakuman: true, ..Rules::tenhou() };
    /// let single = Rules { double_yakuman: false, ..Rules::tenhou() };
    /// assert_eq!((Yakuman::Kokushi13.multiplier(&double), Yakuman::Kokushi13.multiplier(&single)), (2, 1));
    /// ```
    pub const fn multiplier(self, rules: &Rules) -> u32 {
        if rules.double_yakuman
            && self.is_double_pattern()
            && rules.double_yakuman_hands.contains(self)
        {
            2
        } else {
            1
        }
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

/// The situation of a win: how it was won, the winds, the indicators, the table.
///
/// ```
/// use tenpai::{score::Situation, Wind};
/// let s = Situation { tsumo: true, seat_wind: Wind::South, ..Situation::default() };
/// assert!(!s.is_dealer() && s.dora.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Situation {
    /// Won by self-draw (otherwise ron).
    pub tsumo: bool,
    /// Riichi declared.
    pub riichi: bool,
    /// Double riichi declared (implies riichi).
    pub double_riichi: bool,
    /// Ippatsu (needs riichi).
    pub ippatsu: bool,
    /// Tsumo on the last wall tile.
    pub haitei: bool,
    /// Ron on the last discard.
    pub houtei: bool,
    /// Tsumo on a kan replacement tile.
    pub rinshan: bool,
    /// Ron on a tile added to a kan.
    pub chankan: bool,
    /// Dealer's win on the first draw.
    pub tenhou: bool,
    /// Non-dealer's tsumo on the first draw.
    pub chiihou: bool,
    /// Non-dealer's ron before their first draw.
    pub renhou: bool,
    /// Round wind.
    pub round_wind: Wind,
    /// Seat wind (East is the dealer).
    pub seat_wind: Wind,
    /// Dora indicators.
    pub dora: Vec<Tile>,
    /// Ura dora indicators (count only with riichi).
    pub ura: Vec<Tile>,
    /// Honba counters (300 points each).
    pub honba: u32,
    /// Riichi sticks on the table (1000 each).
    pub riichi_sticks: u32,
    /// Norths extracted (kita) in a three-player game: each one han of nukidora, and a
    /// North tile for dora and ura dora.
    pub nukidora: u8,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            tsumo: false,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            haitei: false,
            houtei: false,
            rinshan: false,
            chankan: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            round_wind: Wind::East,
            seat_wind: Wind::East,
            dora: Vec::new(),
            ura: Vec::new(),
            honba: 0,
            riichi_sticks: 0,
            nukidora: 0,
        }
    }
}

impl Situation {
    /// Whether the winner is the dealer (seat East).
    ///
    /// ```
    /// use tenpai::{score::Situation, Wind};
    /// assert!(Situation { seat_wind: Wind::East, ..Situation::default() }.is_dealer());
    /// ```
    pub fn is_dealer(&self) -> bool {
        self.seat_wind == Wind::East
    }
}

/// Yaku and yakuman found for one reading (dora excluded): two bit sets, so a
/// judgement is a small `Copy` value and judging allocates nothing.
///
/// ```
/// use tenpai::{rules::Rules, score::{evaluate, Situation}, Tile};
/// let rules = Rules::tenhou();
/// let hand: tenpai::Hand = "234567m234p3488s5s".parse()?;
/// let s = Situation { riichi: true, tsumo: true, ..Situation::default() };
/// let j = evaluate(&hand, Tile::from_mpsz("5s").unwrap(), &s, &rules)?.judgement;
/// assert!(j.has(tenpai::yaku::Yaku::Riichi) && !j.is_yakuman());
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Judgement {
    /// Bit `y as u8` set for each [`Yaku`] present.
    yaku: u64,
    /// Bit `y as u8` set for each [`Yakuman`] present.
    yakuman: u32,
    /// Han from yaku (kuisagari applied, dora excluded).
    han: u32,
    /// Whether the hand is closed (for each yaku's han).
    closed: bool,
}

pub(crate) const YAKU_ALL: [Yaku; 35] = [
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
];

pub(crate) const YAKUMAN_ALL: [Yakuman; 16] = [
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
];

/// The judgement of a renhou scored as a fixed mangan ([`RenhouRule::ManganFixed`]):
/// renhou alone.
pub(crate) fn renhou_mangan(closed: bool) -> Judgement {
    let mut j = Judgement::new(closed);
    j.add(Yaku::Renhou);
    j
}

impl Judgement {
    fn new(closed: bool) -> Judgement {
        Judgement {
            closed,
            ..Judgement::default()
        }
    }

    fn add(&mut self, y: Yaku) {
        let h = y.han_for(self.closed);
        if h > 0 && self.yaku & (1 << y as u8) == 0 {
            self.yaku |= 1 << y as u8;
            self.han += h;
        }
    }

    fn add_yakuman(&mut self, y: Yakuman) {
        self.yakuman |= 1 << y as u8;
    }

    /// Whether yaku `y` is present.
    ///
    /// ```
    /// use tenpai::{rules::Rules, score::{evaluate, Situation}, Tile};
    /// let rules = Rules::tenhou();
    /// let hand: tenpai::Hand = "234567m234p3488s5s".parse()?;
    /// let s = Situation { riichi: true, tsumo: true, ..Situation::default() };
    /// let j = evaluate(&hand, Tile::from_mpsz("5s").unwrap(), &s, &rules)?.judgement;
    /// assert!(j.has(tenpai::yaku::Yaku::MenzenTsumo));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn has(&self, y: Yaku) -> bool {
        self.yaku & (1 << y as u8) != 0
    }

    /// Whether yakuman `y` is present.
    ///
    /// ```
    /// use tenpai::{rules::Rules, score::{evaluate, Situation}, yaku::Yakuman, Tile};
    /// let hand: tenpai::Hand = "19m19p19s1234566z7z".parse()?; // waiting on 7z alone
    /// let e = evaluate(&hand, Tile::RED, &Situation::default(), &Rules::tenhou())?;
    /// assert!(e.judgement.has_yakuman(Yakuman::Kokushi));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn has_yakuman(&self, y: Yakuman) -> bool {
        self.yakuman & (1 << y as u8) != 0
    }

    /// Whether there is no yaku and no yakuman (dora excluded).
    ///
    /// ```
    /// use tenpai::{rules::Rules, score::{evaluate, Situation}, Tile};
    /// let rules = Rules::tenhou();
    /// let hand: tenpai::Hand = "234567m234p3488s5s".parse()?;
    /// let s = Situation { riichi: true, tsumo: true, ..Situation::default() };
    /// let j = evaluate(&hand, Tile::from_mpsz("5s").unwrap(), &s, &rules)?.judgement;
    /// assert!(!j.is_empty());
    /// assert!(tenpai::yaku::Judgement::default().is_empty());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.yaku == 0 && self.yakuman == 0
    }

    /// Whether any yakuman is present.
    ///
    /// ```
    /// use tenpai::{rules::Rules, score::{evaluate, Situation}, Tile};
    /// let rules = Rules::tenhou();
    /// let hand: tenpai::Hand = "234567m234p3488s5s".parse()?;
    /// let s = Situation { riichi: true, tsumo: true, ..Situation::default() };
    /// let j = evaluate(&hand, Tile::from_mpsz("5s").unwrap(), &s, &rules)?.judgement;
    /// assert!(!j.is_yakuman());
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn is_yakuman(&self) -> bool {
        self.yakuman != 0
    }

    /// Han from yaku (dora excluded).
    ///
    /// ```
    /// use tenpai::{rules::Rules, score::{evaluate, Situation}, Tile};
    /// let rules = Rules::tenhou();
    /// let hand: tenpai::Hand = "234567m234p3488s5s".parse()?;
    /// let s = Situation { riichi: true, tsumo: true, ..Situation::default() };
    /// let j = evaluate(&hand, Tile::from_mpsz("5s").unwrap(), &s, &rules)?.judgement;
    /// // riichi, menzen tsumo, pinfu and tanyao (dora excluded)
    /// assert_eq!(j.han(), 4);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub const fn han(&self) -> u32 {
        self.han
    }

    /// The yaku with their han, in Tenhou order.
    ///
    /// ```
    /// use tenpai::{rules::Rules, score::{evaluate, Situation}, Tile};
    /// let rules = Rules::tenhou();
    /// let hand: tenpai::Hand = "234567m234p3488s5s".parse()?;
    /// let s = Situation { riichi: true, tsumo: true, ..Situation::default() };
    /// let j = evaluate(&hand, Tile::from_mpsz("5s").unwrap(), &s, &rules)?.judgement;
    /// let names: Vec<&str> = j.yaku().map(|(y, _)| y.name()).collect();
    /// assert_eq!(names, ["menzen_tsumo", "riichi", "pinfu", "tanyao"]);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn yaku(&self) -> impl Iterator<Item = (Yaku, u32)> + '_ {
        // Bit `i` is `YAKU_ALL[i]` (the enum is declared in Tenhou's order): the set
        // bits, lowest first, are the yaku present in that order.
        const {
            let mut i = 0;
            while i < YAKU_ALL.len() {
                assert!(YAKU_ALL[i] as usize == i);
                i += 1;
            }
        }
        let mut rest = self.yaku;
        std::iter::from_fn(move || {
            let y = *YAKU_ALL.get(rest.trailing_zeros() as usize)?;
            rest &= rest - 1;
            Some((y, y.han_for(self.closed)))
        })
    }

    /// The yakuman with their multipliers under `rules`, in Tenhou order.
    ///
    /// ```
    /// use tenpai::{rules::Rules, score::{evaluate, Situation}, yaku::Yakuman, Tile};
    /// let rules = Rules::tenhou();
    /// let hand: tenpai::Hand = "19m19p19s1234566z7z".parse()?; // waiting on 7z alone
    /// let e = evaluate(&hand, Tile::RED, &Situation::default(), &rules)?;
    /// assert_eq!(e.judgement.yakuman(&rules).collect::<Vec<_>>(), [(Yakuman::Kokushi, 1)]);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn yakuman<'a>(&'a self, rules: &'a Rules) -> impl Iterator<Item = (Yakuman, u32)> + 'a {
        YAKUMAN_ALL
            .iter()
            .filter(|y| self.has_yakuman(**y))
            .map(|&y| (y, y.multiplier(rules)))
    }

    /// Total yakuman multiple: summed when yakuman stack, else the largest.
    ///
    /// ```
    /// use tenpai::{rules::Rules, score::{evaluate, Situation}, Tile};
    /// let rules = Rules::tenhou();
    /// let hand: tenpai::Hand = "19m19p19s1234566z7z".parse()?; // waiting on 7z alone
    /// let e = evaluate(&hand, Tile::RED, &Situation::default(), &rules)?;
    /// assert_eq!(e.judgement.yakuman_multiple(&rules), 1);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn yakuman_multiple(&self, rules: &Rules) -> u32 {
        let it = self.yakuman(rules).map(|(_, m)| m);
        if rules.yakuman_stack {
            it.sum()
        } else {
            it.max().unwrap_or(0)
        }
    }

    fn clear_yaku(&mut self) {
        self.yaku = 0;
        self.han = 0;
    }
}

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
        };
        let mut j = Judgement::new(closed);
        situational(&mut j, &f, s, rules);
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
        j.add(Yaku::DoubleRiichi);
    } else if s.riichi {
        j.add(Yaku::Riichi);
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
    all_simple: bool,
    all_honor: bool,
    all_terminal: bool,
    all_yaochuu: bool,
    all_green: bool,
    /// Suits used among m/p/s (bit mask).
    suits: u8,
    has_honor: bool,
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

/// Bit `i` set when kind `i` is present in `c`.
#[cfg(test)]
pub(crate) fn present(c: &TileCounts) -> u64 {
    let mut present = 0u64;
    for (i, &n) in c.0.iter().enumerate() {
        present |= ((n != 0) as u64) << i;
    }
    present
}

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
    if j.is_yakuman() {
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
    j
}

/// Judge the seven-pairs reading.
pub(crate) fn judge_chiitoitsu(f: &HandFacts) -> Judgement {
    let mut j = f.situational;
    let k = &f.content;
    if k.all_honor {
        j.add_yakuman(Yakuman::Tsuuiisou);
    }
    if j.is_yakuman() {
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
    if j.is_yakuman() {
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
    j
}
