//! The answer for a scored hand (`tenpai score --json`), built from an evaluation.

use super::evaluate::{evaluate, Evaluation, ReadingShape};
use super::payment::{AotenjouPoints, Payments, WidePayment};
use super::text::{
    fu_label, hand_text, meld_group, pair_group, FuLabel, Group, HandText, Name, TileText, MPSZ,
};
use crate::decompose::Decomposition;
use crate::error::Error;
use crate::hand::Hand;
use crate::notation;
use crate::rules::Rules;
use crate::tile::Tile;
use crate::yaku::{Situation, Yaku};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// One yaku in an answer, with its han (dora, ura_dora, aka_dora included when non-zero).
///
/// ```
/// use tenpai::{Hand, Tile, Wind, rules::Rules, score::{score, Situation}};
///
/// // Riichi, pinfu, tanyao and one dora, non-dealer ron on 6s.
/// let hand: Hand = "234567m22345p678s".parse()?;
/// let dora = vec![Tile::from_mpsz("1m").unwrap()];
/// let s = Situation { riichi: true, seat_wind: Wind::South, dora, ..Situation::default() };
/// let r = score(&hand, Tile::from_mpsz("6s").unwrap(), &s, &Rules::tenhou())?;
/// let names: Vec<(&str, u32)> = r.yaku.iter().map(|y| (y.name.as_str(), y.han)).collect();
/// assert_eq!(names, [("riichi", 1), ("pinfu", 1), ("tanyao", 1), ("dora", 1)]);
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct YakuHan {
    /// Contract name, e.g. `riichi`, `seat_wind`, `dora`.
    pub name: Name,
    /// Han it is worth in this hand.
    pub han: u32,
}

/// One yakuman in an answer.
///
/// ```
/// use tenpai::{Hand, Tile, Wind, rules::Rules, score::{score, Situation}};
///
/// let hand: Hand = "19m19p19s1234567z1m".parse()?; // kokushi, 13-sided wait
/// let s = Situation { seat_wind: Wind::South, ..Situation::default() };
/// let r = score(&hand, Tile::from_mpsz("1m").unwrap(), &s, &Rules::majsoul())?;
/// assert_eq!((r.yakuman[0].name.as_str(), r.yakuman[0].multiplier), ("kokushi_13", 2));
/// assert_eq!((r.limit.as_str(), r.points), ("yakuman", 64000));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct YakumanEntry {
    /// Contract name, e.g. `kokushi`, `suuankou_tanki`.
    pub name: Name,
    /// 1, or 2 for a double yakuman pattern where the rules allow it.
    pub multiplier: u32,
}

/// One item of the fu breakdown.
///
/// ```
/// use tenpai::{Hand, Tile, rules::Rules, score::{score, Situation}};
///
/// // Dealer's tsumo on a closed triplet of South, with a pair of East (seat and round).
/// let hand: Hand = "123m456p789s11222z".parse()?;
/// let s = Situation { tsumo: true, ..Situation::default() };
/// let r = score(&hand, Tile::from_mpsz("2z").unwrap(), &s, &Rules::tenhou())?;
/// assert_eq!((r.fu_breakdown[0].reason.to_string(), r.fu_breakdown[0].fu), ("base".to_string(), 20));
/// assert!(r.fu_breakdown.iter().any(|i| i.reason == "closed_triplet_terminal 2z" && i.fu == 8));
/// assert_eq!(r.fu_breakdown.iter().map(|i| i.fu).sum::<u32>(), 34);
/// assert_eq!(r.fu, 40); // rounded up
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FuItem {
    /// What earned the fu, e.g. `base`, `closed_ron`, `tsumo`, `closed_triplet_terminal 1z`.
    pub reason: FuLabel,
    /// Fu it adds.
    pub fu: u32,
}

/// The answer for a scored hand (`tenpai score --json`).
///
/// ```
/// use tenpai::score::Payments;
/// use tenpai::{Hand, Tile, Wind, rules::Rules, score::{score, Situation}};
///
/// // Riichi, pinfu, tanyao and one dora, non-dealer ron on 6s.
/// let hand: Hand = "234567m22345p678s".parse()?;
/// let dora = vec![Tile::from_mpsz("1m").unwrap()];
/// let s = Situation { riichi: true, seat_wind: Wind::South, dora, ..Situation::default() };
/// let r = score(&hand, Tile::from_mpsz("6s").unwrap(), &s, &Rules::tenhou())?;
/// assert_eq!((r.han, r.fu, r.limit.as_str(), r.points), (4, 30, "none", 7700));
/// assert_eq!(r.payments, Payments { ron: Some(7700), ..Payments::default() });
/// assert_eq!((r.total_received, r.dealer, r.tsumo), (7700, false, false));
/// assert_eq!((r.hand.as_str(), r.win.as_str(), r.wait.as_str()), ("234567m22345p678s", "6s", "ryanmen"));
/// let groups: Vec<&str> = r.decomposition.iter().map(|g| g.as_str()).collect();
/// assert_eq!(groups, ["22p", "234m", "567m", "345p", "678s"]);
/// let json = serde_json::to_value(&r).unwrap();
/// assert_eq!((json["points"].as_u64(), json["rules"].as_str()), (Some(7700), Some("tenhou")));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreResult {
    /// The hand, canonical.
    pub hand: HandText,
    /// Total han (0 for yakuman hands; under aotenjou every han, a yakuman counting 13).
    pub han: u32,
    /// Fu after rounding.
    pub fu: u32,
    /// Yaku with han, dora included.
    pub yaku: ArrayVec<YakuHan, 34>,
    /// Yakuman, if any.
    pub yakuman: ArrayVec<YakumanEntry, 16>,
    /// `none`, `mangan`, `haneman`, `baiman`, `sanbaiman`, `yakuman`, `kazoe_yakuman`
    /// (always `none` under aotenjou: it has no limits).
    pub limit: Name,
    /// Value of the hand without honba and sticks (all payments added up; `u32::MAX`
    /// when it passes `u32` under aotenjou: see `aotenjou`).
    pub points: u32,
    /// Who pays what: `{"ron": N}` or `{"dealer": N, "non_dealer": N}` / `{"non_dealer": N}` (tsumo, each payer, before honba).
    pub payments: Payments,
    /// Points the winner receives: `points` plus honba and riichi sticks.
    pub total_received: u32,
    /// Fu items before rounding.
    pub fu_breakdown: ArrayVec<FuItem, 9>,
    /// The reading scored, as groups (see `decompose`).
    pub decomposition: ArrayVec<Group, 14>,
    /// `ryanmen`, `kanchan`, `penchan`, `tanki`, `shanpon`, `kokushi_13`, ...
    pub wait: Name,
    /// The winning tile.
    pub win: TileText,
    /// Whether the winner is the dealer.
    pub dealer: bool,
    /// Won by tsumo.
    pub tsumo: bool,
    /// The rule preset name.
    pub rules: Cow<'static, str>,
    /// Who pays what under liability, when the request names a liable seat (`pao`);
    /// absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pao: Option<super::payment::PaoPayments>,
    /// Under aotenjou ([`Rules::aotenjou`]) only: the exact `points`, `payments` and
    /// `total_received` (decimal strings in JSON), which those fields hold only while
    /// they fit in `u32` (`u32::MAX` beyond); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aotenjou: Option<AotenjouPoints>,
}

impl ScoreResult {
    /// The one-line value: `3 han 30 fu: 3900 (ron 3900)`,
    /// `4 han 40 fu, mangan: 8000 (tsumo 2000/4000)`, `2x yakuman: 96000 (ron 96000)`.
    ///
    /// ```
    /// use tenpai::score::ScoreRequest;
    /// let req: ScoreRequest = serde_json::from_str(r#"{"hand": "123m456p789s11222z", "win": "2z", "tsumo": true}"#).unwrap();
    /// let r = tenpai::score::score_request(&req)?;
    /// assert_eq!(r.value_line(), "1 han 40 fu: 2100 (tsumo 700 all)");
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn value_line(&self) -> String {
        let mut out = String::new();
        let _ = self.write_value(&mut out);
        out
    }

    /// The text form with tiles as Unicode glyphs (`tenpai score --unicode`); otherwise
    /// as [`Display`](fmt::Display) writes it.
    ///
    /// ```
    /// use tenpai::score::ScoreRequest;
    /// let req: ScoreRequest = serde_json::from_str(r#"{"hand": "123m456p789s11222z", "win": "2z", "tsumo": true}"#).unwrap();
    /// let r = tenpai::score::score_request(&req)?;
    /// assert!(r.unicode().to_string().starts_with("hand      🀇🀈🀉"));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn unicode(&self) -> impl fmt::Display + '_ {
        Text {
            result: self,
            glyphs: true,
        }
    }

    fn write_value(&self, f: &mut impl fmt::Write) -> fmt::Result {
        if let Some(a) = &self.aotenjou {
            write!(
                f,
                "{} han {} fu, aotenjou: {} (",
                self.han, self.fu, a.points
            )?;
            let pay = &a.payments;
            if let Some(p) = pay.ron {
                write!(f, "ron {p}")?;
            } else if let Some(d) = pay.dealer {
                write!(f, "tsumo {}/{}", pay.non_dealer.unwrap_or(0), d)?;
            } else {
                write!(f, "tsumo {} all", pay.non_dealer.unwrap_or(0))?;
            }
            return f.write_str(")");
        }
        match self.limit.as_str() {
            "yakuman" => {
                let m: u32 = self.yakuman.iter().map(|y| y.multiplier).sum();
                if m > 1 {
                    write!(f, "{m}x yakuman")?;
                } else {
                    f.write_str("yakuman")?;
                }
                // Capped (`limit_to_sextuple_yakuman`): the multiple paid, from a payment
                // of one yakuman's known size (four players' figures; three players' tsumo
                // loss keeps them, north bisection raises them: never below `m`).
                let unit = match (self.payments.ron, self.dealer) {
                    (Some(_), true) => 48000,
                    (Some(_), false) => 32000,
                    (None, true) => 16000,
                    (None, false) => 8000,
                };
                let paid = self.payments.ron.or(self.payments.non_dealer).unwrap_or(0);
                if paid % unit == 0 && paid / unit < m {
                    write!(f, " ({}x paid)", paid / unit)?;
                }
            }
            "none" => write!(f, "{} han {} fu", self.han, self.fu)?,
            // Nagashi mangan: no hand, no fu.
            limit if self.fu == 0 => write!(f, "{} han, {limit}", self.han)?,
            limit => write!(f, "{} han {} fu, {limit}", self.han, self.fu)?,
        }
        write!(f, ": {} (", self.points)?;
        let pay = &self.payments;
        if let Some(p) = pay.ron {
            write!(f, "ron {p}")?;
        } else if let Some(d) = pay.dealer {
            write!(f, "tsumo {}/{}", pay.non_dealer.unwrap_or(0), d)?;
        } else {
            write!(f, "tsumo {} all", pay.non_dealer.unwrap_or(0))?;
        }
        f.write_str(")")
    }
}

/// The answer for people, as `tenpai score` prints it: the hand and how it was won,
/// the yaku, the fu breakdown (below yakuman), the reading and its wait, the value,
/// and what the winner receives when honba or riichi sticks add to it. Lines are
/// separated by newlines, with none after the last.
///
/// ```
/// use tenpai::score::ScoreRequest;
/// let req: ScoreRequest = serde_json::from_str(r#"{"hand": "123m456p789s11222z", "win": "2z", "tsumo": true}"#).unwrap();
/// let r = tenpai::score::score_request(&req)?;
/// assert_eq!(r.to_string(), "\
/// hand      123m456p789s11222z  (win 2z, tsumo, dealer)
/// yaku      menzen_tsumo 1
/// fu        base 20 + tsumo 2 + closed_triplet_terminal 2z 8 + pair_double_wind 1z 4 = 40
/// reading   11z 123m 456p 789s 222z  (wait shanpon)
/// value     1 han 40 fu: 2100 (tsumo 700 all)");
/// # Ok::<(), tenpai::Error>(())
/// ```
impl fmt::Display for ScoreResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Text {
            result: self,
            glyphs: false,
        }
        .fmt(f)
    }
}

/// The text form, tiles in mpsz or as glyphs.
struct Text<'a> {
    result: &'a ScoreResult,
    glyphs: bool,
}

impl Text<'_> {
    /// Tiles of a group or hand (`123m (555z)`), as glyphs when asked, brackets kept.
    fn tiles(&self, f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
        if !self.glyphs {
            return f.write_str(text);
        }
        for (i, g) in text.split(' ').enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            let (open, body, close) = match (g.strip_prefix('('), g.strip_prefix('[')) {
                (Some(b), _) => ("(", b.strip_suffix(')').unwrap_or(b), ")"),
                (_, Some(b)) => ("[", b.strip_suffix(']').unwrap_or(b), "]"),
                _ => ("", g, ""),
            };
            let tiles = notation::parse_tiles(body).unwrap_or_default();
            write!(f, "{open}{}{close}", notation::format_unicode(&tiles))?;
        }
        Ok(())
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.result;
        let dealer = if r.dealer { "dealer" } else { "non-dealer" };
        // The rules when not the default preset (the text shows what a flag changed).
        let rules = if r.rules != "tenhou" {
            format!(", rules {}", r.rules)
        } else {
            String::new()
        };
        // Nagashi mangan: no hand, no reading.
        let no_hand = r.hand.is_empty();
        if no_hand {
            write!(
                f,
                "hand      none  (nagashi mangan, {dealer}{rules})\nyaku      "
            )?;
        } else {
            f.write_str("hand      ")?;
            self.tiles(f, &r.hand)?;
            f.write_str("  (win ")?;
            self.tiles(f, &r.win)?;
            write!(
                f,
                ", {}, {dealer}{rules})\nyaku      ",
                if r.tsumo { "tsumo" } else { "ron" },
            )?;
        }
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| {
            let s = if first { "" } else { ", " };
            first = false;
            f.write_str(s)
        };
        for y in &r.yakuman {
            sep(f)?;
            if y.multiplier > 1 {
                write!(f, "{} (x{})", y.name, y.multiplier)?;
            } else {
                write!(f, "{}", y.name)?;
            }
        }
        for y in &r.yaku {
            sep(f)?;
            write!(f, "{} {}", y.name, y.han)?;
        }
        if (r.yakuman.is_empty() || r.aotenjou.is_some()) && !no_hand {
            f.write_str("\nfu        ")?;
            if r.fu_breakdown.is_empty() {
                // Aotenjou's thirteen orphans: a fixed count, no items.
                write!(f, "{} (thirteen orphans under aotenjou)", r.fu)?;
            }
            for (i, item) in r.fu_breakdown.iter().enumerate() {
                if i > 0 {
                    f.write_str(" + ")?;
                }
                write!(f, "{} {}", item.reason, item.fu)?;
            }
            if !r.fu_breakdown.is_empty() {
                write!(f, " = {}", r.fu)?;
            }
        }
        if !no_hand {
            f.write_str("\nreading   ")?;
            self.tiles(f, &r.decomposition.join(" "))?;
            write!(f, "  (wait {})", r.wait)?;
        }
        f.write_str("\nvalue     ")?;
        r.write_value(f)?;
        if let Some(a) = &r.aotenjou {
            if a.total_received != a.points {
                write!(
                    f,
                    "\nreceived  {} (with honba and riichi sticks)",
                    a.total_received
                )?;
            }
        } else if r.total_received != r.points {
            write!(
                f,
                "\nreceived  {} (with honba and riichi sticks)",
                r.total_received
            )?;
        }
        if let Some(p) = &r.pao {
            write!(
                f,
                "\npao       seat {} liable; seats 1/2/3 pay {}/{}/{} (honba included)",
                p.liable, p.pays[0], p.pays[1], p.pays[2]
            )?;
        }
        Ok(())
    }
}

/// Score a complete hand won on `win` (a tile of the concealed part) in situation `s`
/// under `rules`: every reading of the hand and of the winning tile is scored and the
/// one paying most (then more han, then more fu) is kept.
///
/// Errors: the hand is not complete, the winning tile is not among the concealed tiles,
/// the situation is contradictory (ippatsu or ura without riichi, riichi with an open
/// hand, haitei on a ron, ...), or the hand has no yaku ([`Error::NoYaku`]).
///
/// ```
/// use tenpai::{score::{score, Situation}, rules::Rules, Hand, Tile};
/// let hand: Hand = "123m456p789s11222z".parse()?;
/// let s = Situation { tsumo: true, ..Situation::default() };
/// let r = score(&hand, Tile::from_mpsz("2z").unwrap(), &s, &Rules::tenhou())?;
/// assert_eq!((r.han, r.fu, r.points), (1, 40, 2100));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn score(hand: &Hand, win: Tile, s: &Situation, rules: &Rules) -> Result<ScoreResult, Error> {
    let e = evaluate(hand, win, s, rules)?;
    Ok(ScoreResult::from_evaluation(hand, win, s, rules, &e))
}

impl ScoreResult {
    /// The answer for `e`, the [`evaluate`] of the same `hand`, `win`, `s` and `rules`:
    /// [`score`] is [`evaluate`] then this. Callers that need only the figures of the
    /// [`Evaluation`] (han, fu, points...) can keep it and build the answer (its
    /// lists and texts, about 1.6 KB) only when they need it.
    ///
    /// ```
    /// use tenpai::{Hand, Tile, rules::Rules, score::{evaluate, score, ScoreResult, Situation}};
    ///
    /// // Four fives of a suit hold its red one: the answer writes it `0`, as `score` does.
    /// let hand: Hand = "123m456p455556s22z".parse()?;
    /// let (win, s, rules) = (Tile::from_mpsz("6s").unwrap(), Situation { tsumo: true, ..Situation::default() }, Rules::tenhou());
    /// let e = evaluate(&hand, win, &s, &rules)?;
    /// let r = ScoreResult::from_evaluation(&hand, win, &s, &rules, &e);
    /// assert_eq!(r, score(&hand, win, &s, &rules)?);
    /// assert_eq!((r.hand.as_str(), r.points, r.total_received), ("123m456p405556s22z", e.pay.total, e.total_received(&s, &rules)));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn from_evaluation(
        hand: &Hand,
        win: Tile,
        s: &Situation,
        rules: &Rules,
        e: &Evaluation,
    ) -> ScoreResult {
        // All four fives of a suit hold its red one: the answer writes it `0`.
        let reddened = super::evaluate::with_hidden_reds(hand, rules);
        build_result(reddened.as_ref().unwrap_or(hand), win, s, rules, e)
    }
}

impl Evaluation {
    /// The answer's `total_received`: the hand's points plus honba (`rules`' value
    /// each) and riichi sticks (1000 each) of `s`.
    ///
    /// ```
    /// use tenpai::{Hand, Tile, rules::Rules, score::{evaluate, Situation}};
    ///
    /// let hand: Hand = "123m456p789s11222z".parse()?;
    /// let s = Situation { tsumo: true, honba: 2, riichi_sticks: 1, ..Situation::default() };
    /// let e = evaluate(&hand, Tile::from_mpsz("2z").unwrap(), &s, &Rules::tenhou())?;
    /// assert_eq!(e.total_received(&s, &Rules::tenhou()), 2100 + 600 + 1000);
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn total_received(&self, s: &Situation, rules: &Rules) -> u32 {
        // Honba and sticks are capped (`MAX_COUNTERS`) before evaluation; saturating
        // all the same, so no situation can wrap the total.
        self.pay
            .total
            .saturating_add(s.honba.saturating_mul(rules.honba_ron()))
            .saturating_add(s.riichi_sticks.saturating_mul(1000))
    }
}

impl Evaluation {
    /// Under aotenjou, the exact figures of the answer: points, payments, and
    /// `total_received` (points plus honba and riichi sticks); `None` otherwise.
    pub fn aotenjou_points(&self, s: &Situation, rules: &Rules) -> Option<AotenjouPoints> {
        self.exact(s, rules).map(|w| aotenjou_points(&w, s, rules))
    }
}

fn aotenjou_points(w: &WidePayment, s: &Situation, rules: &Rules) -> AotenjouPoints {
    let counters =
        u128::from(s.honba) * u128::from(rules.honba_ron()) + u128::from(s.riichi_sticks) * 1000;
    AotenjouPoints {
        points: w.total,
        payments: w.payments(),
        total_received: w.total.saturating_add(counters),
    }
}

/// The answer for nagashi mangan in situation `s` (its seat, honba and riichi sticks)
/// under `rules`: no hand, the yaku `nagashi_mangan` (5 han, no fu), a mangan paid as
/// a tsumo (with three players, as the rules pay a tsumo).
pub(super) fn nagashi_mangan(s: &Situation, rules: &Rules) -> ScoreResult {
    // Aotenjou: 5 han 30 fu by the formula, as the `mahjong` library scores it (5 han
    // and 30 fu are far inside `u128`: the `None` arm is never taken).
    let exact = rules
        .aotenjou
        .then(|| WidePayment::aotenjou(5, 30, s.is_dealer(), true, rules))
        .flatten();
    let pay = match &exact {
        Some(w) => w.saturated(),
        None => super::payment::Payment::for_rules(2000, s.is_dealer(), true, rules),
    };
    let mut yaku = ArrayVec::new();
    yaku.push(YakuHan {
        name: Name::of_yaku(Yaku::NagashiMangan),
        han: 5,
    });
    ScoreResult {
        hand: HandText::new(),
        han: 5,
        fu: if exact.is_some() { 30 } else { 0 },
        yaku,
        yakuman: ArrayVec::new(),
        limit: Name::of_limit(if exact.is_some() {
            super::payment::Limit::None
        } else {
            super::payment::Limit::Mangan
        }),
        points: pay.total,
        payments: pay.payments(),
        total_received: pay
            .total
            .saturating_add(s.honba.saturating_mul(rules.honba_ron()))
            .saturating_add(s.riichi_sticks.saturating_mul(1000)),
        fu_breakdown: ArrayVec::new(),
        decomposition: ArrayVec::new(),
        wait: Name::default(),
        win: TileText::new(),
        dealer: s.is_dealer(),
        tsumo: true,
        rules: rules.name.clone(),
        pao: None,
        aotenjou: exact.map(|w| aotenjou_points(&w, s, rules)),
    }
}

/// Append `items` while there is room (the bounds the rules give are never reached).
fn fill<T, const N: usize>(list: &mut ArrayVec<T, N>, items: impl IntoIterator<Item = T>) {
    for item in items {
        if list.try_push(item).is_err() {
            break;
        }
    }
}

/// The answer for an evaluation. The lists are filled where they lie in the answer
/// (it is about 1.6 KB; building them apart and moving them in costs copies).
#[inline]
fn build_result(
    hand: &Hand,
    win: Tile,
    s: &Situation,
    rules: &Rules,
    e: &Evaluation,
) -> ScoreResult {
    let [d, l] = MPSZ[usize::from(win.id())];
    let mut win_text = TileText::new();
    let _ = win_text.try_push(char::from(d));
    let _ = win_text.try_push(char::from(l));
    let mut r = ScoreResult {
        hand: hand_text(hand),
        han: e.han,
        fu: e.fu.total,
        yaku: ArrayVec::new(),
        yakuman: ArrayVec::new(),
        limit: Name::of_limit(e.limit),
        points: e.pay.total,
        payments: e.pay.payments(),
        total_received: e.total_received(s, rules),
        fu_breakdown: ArrayVec::new(),
        decomposition: ArrayVec::new(),
        wait: Name::of_wait(e.wait),
        win: win_text,
        dealer: s.is_dealer(),
        tsumo: s.tsumo,
        rules: rules.name.clone(),
        pao: None,
        aotenjou: e.aotenjou_points(s, rules),
    };
    fill(
        &mut r.yaku,
        e.judgement.yaku().map(|(y, han)| YakuHan {
            name: Name::of_yaku(y),
            han,
        }),
    );
    let dora = [Yaku::Dora, Yaku::UraDora, Yaku::AkaDora]
        .into_iter()
        .zip(e.dora)
        .filter(|&(_, han)| han > 0)
        .map(|(y, han)| YakuHan {
            name: Name::of_yaku(y),
            han,
        });
    fill(&mut r.yaku, dora);
    if e.nukidora > 0 {
        fill(
            &mut r.yaku,
            [YakuHan {
                name: Name::of_yaku(Yaku::Nukidora),
                han: e.nukidora,
            }],
        );
    }
    if e.judgement.is_yakuman() {
        // (Under aotenjou the yaku above are the reading's other yaku, kept.)
        fill(
            &mut r.yakuman,
            e.judgement
                .yakuman(rules)
                .map(|(y, multiplier)| YakumanEntry {
                    name: Name::of_yakuman(y),
                    multiplier,
                }),
        );
    }
    let groups = &mut r.decomposition;
    match e.shape {
        ReadingShape::Regular { pair, melds } => {
            fill(groups, [pair_group(pair)]);
            fill(groups, melds.iter().map(meld_group));
        }
        ReadingShape::Chiitoitsu => {
            fill(groups, hand.concealed_counts().kinds().map(pair_group));
        }
        ReadingShape::Kokushi { pair } => fill(
            groups,
            Decomposition::Kokushi { pair }
                .groups()
                .iter()
                .map(|g| Group::from(g).unwrap_or_default()),
        ),
    }
    fill(
        &mut r.fu_breakdown,
        e.fu.parts().iter().map(|p| FuItem {
            reason: fu_label(p),
            fu: p.fu,
        }),
    );
    r
}
