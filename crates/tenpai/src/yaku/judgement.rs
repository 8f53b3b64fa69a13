//! [`Judgement`]: the yaku and yakuman found for one reading.

use super::catalog::{Yaku, Yakuman, YAKUMAN_ALL, YAKU_ALL};
use crate::rules::Rules;

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

// How many yakuman a yakuman counts for depends on the rules: it is here, above the
// rules, so that the catalog stays below them.
impl Yakuman {
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

/// The judgement of a renhou scored as a fixed mangan ([`crate::rules::RenhouRule::ManganFixed`]):
/// renhou alone.
pub(crate) fn renhou_mangan(closed: bool) -> Judgement {
    let mut j = Judgement::new(closed);
    j.add(Yaku::Renhou);
    j
}

impl Judgement {
    pub(super) fn new(closed: bool) -> Judgement {
        Judgement {
            closed,
            ..Judgement::default()
        }
    }

    pub(super) fn add(&mut self, y: Yaku) {
        let h = y.han_for(self.closed);
        if h > 0 && self.yaku & (1 << y as u8) == 0 {
            self.yaku |= 1 << y as u8;
            self.han += h;
        }
    }

    pub(super) fn add_yakuman(&mut self, y: Yakuman) {
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

    /// Total yakuman multiple: summed when yakuman stack, else the largest; at most 6
    /// with `limit_to_sextuple_yakuman`.
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
        let multiple = if rules.yakuman_stack {
            it.sum()
        } else {
            it.max().unwrap_or(0)
        };
        if rules.limit_to_sextuple_yakuman {
            multiple.min(6)
        } else {
            multiple
        }
    }

    /// This judgement with the yakuman `y` added: its yaku no longer count.
    pub(crate) fn with_yakuman(mut self, y: Yakuman) -> Judgement {
        self.add_yakuman(y);
        self.clear_yaku();
        self
    }

    /// This judgement with the yakuman `y` added, its yaku kept (aotenjou).
    pub(crate) fn with_yakuman_kept(mut self, y: Yakuman) -> Judgement {
        self.add_yakuman(y);
        self
    }

    pub(super) fn remove(&mut self, y: Yaku) {
        if self.has(y) {
            self.yaku &= !(1 << y as u8);
            self.han -= y.han_for(self.closed);
        }
    }

    /// Aotenjou: a yakuman's precursors are no yaku beside it (as the `mahjong`
    /// library's `Aotenjou.aotenjou_filter_yaku` drops them): daisangen drops the
    /// dragon yakuhai and shousangen; tsuuiisou and chinroutou drop toitoi and
    /// honroutou; daisuushii, suuankou (tanki) and suukantsu drop toitoi; chuuren
    /// (junsei) drops chinitsu; daisharin (daisuurin, daichikurin) drops chinitsu,
    /// pinfu, tanyao, ryanpeikou and chiitoitsu; ryuuiisou drops honitsu.
    pub(super) fn drop_precursors(&mut self) {
        let has = |y| self.has_yakuman(y);
        let dragons = has(Yakuman::Daisangen);
        let all_pons_of_yaochuu = has(Yakuman::Tsuuiisou) || has(Yakuman::Chinroutou);
        let toitoi = all_pons_of_yaochuu
            || has(Yakuman::Daisuushii)
            || has(Yakuman::Suuankou)
            || has(Yakuman::SuuankouTanki)
            || has(Yakuman::Suukantsu);
        let chinitsu = has(Yakuman::Chuuren) || has(Yakuman::JunseiChuuren);
        let wheel = has(Yakuman::Daisharin) || has(Yakuman::Daisuurin) || has(Yakuman::Daichikurin);
        let green = has(Yakuman::Ryuuiisou);
        if dragons {
            for y in [Yaku::Haku, Yaku::Hatsu, Yaku::Chun, Yaku::Shousangen] {
                self.remove(y);
            }
        }
        if toitoi {
            self.remove(Yaku::Toitoi);
        }
        if all_pons_of_yaochuu {
            self.remove(Yaku::Honroutou);
        }
        if chinitsu {
            self.remove(Yaku::Chinitsu);
        }
        if wheel {
            for y in [
                Yaku::Chinitsu,
                Yaku::Pinfu,
                Yaku::Tanyao,
                Yaku::Ryanpeikou,
                Yaku::Chiitoitsu,
            ] {
                self.remove(y);
            }
        }
        if green {
            self.remove(Yaku::Honitsu);
        }
    }

    /// The han of the yakuman under aotenjou: 13 for each yakuman, 26 for a double
    /// one under `rules` (summed; the sextuple cap does not apply).
    pub fn aotenjou_yakuman_han(&self, rules: &Rules) -> u32 {
        let it = self.yakuman(rules).map(|(_, m)| 13 * m);
        if rules.yakuman_stack {
            it.sum()
        } else {
            it.max().unwrap_or(0)
        }
    }

    pub(super) fn clear_yaku(&mut self) {
        self.yaku = 0;
        self.han = 0;
    }
}
