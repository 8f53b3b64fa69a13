//! Limits, basic points, and who pays what.

use crate::rules::{KazoeCap, Rules, SanmaTsumo};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who pays what, as in the answer's `payments`: `{"ron": N}` for a ron,
/// `{"dealer": N, "non_dealer": N}` for a non-dealer's tsumo, `{"non_dealer": N}` (each)
/// for the dealer's tsumo. Absent payers are left out of the JSON.
///
/// ```
/// use tenpai::score::{Payment, Payments};
///
/// let p: Payments = Payment::new(2000, false, true).payments(); // non-dealer mangan tsumo
/// assert_eq!(p, Payments { dealer: Some(4000), non_dealer: Some(2000), ron: None });
/// assert_eq!(p.to_string(), r#"{"dealer":4000,"non_dealer":2000}"#);
/// assert_eq!(p, serde_json::json!({"dealer": 4000, "non_dealer": 2000}));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payments {
    /// Ron: what the discarder pays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ron: Option<u32>,
    /// Non-dealer tsumo: what the dealer pays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer: Option<u32>,
    /// Tsumo: what each non-dealer pays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub non_dealer: Option<u32>,
}

impl fmt::Display for Payments {
    /// The JSON object, e.g. `{"dealer":4000,"non_dealer":2000}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        let mut first = true;
        for (k, v) in [
            ("ron", self.ron),
            ("dealer", self.dealer),
            ("non_dealer", self.non_dealer),
        ] {
            if let Some(v) = v {
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                write!(f, "\"{k}\":{v}")?;
            }
        }
        f.write_str("}")
    }
}

impl PartialEq<serde_json::Value> for Payments {
    fn eq(&self, other: &serde_json::Value) -> bool {
        serde_json::to_value(self).is_ok_and(|v| v == *other)
    }
}

impl PartialEq<Payments> for serde_json::Value {
    fn eq(&self, other: &Payments) -> bool {
        other == self
    }
}

/// The limit a hand reaches.
///
/// ```
/// use tenpai::{rules::Rules, score::{basic_points, Limit}};
///
/// assert_eq!(basic_points(6, 30, &Rules::tenhou()).1, Limit::Haneman);
/// assert_eq!(Limit::Haneman.name(), "haneman");
/// assert_eq!(Limit::KazoeYakuman.name(), "kazoe_yakuman");
/// assert!(Limit::None < Limit::Mangan && Limit::Sanbaiman < Limit::Yakuman);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Limit {
    /// Below mangan: points from han and fu.
    None,
    /// 5 han, or basic points reaching 2000 (2000 basic points).
    Mangan,
    /// 6-7 han (3000).
    Haneman,
    /// 8-10 han (4000).
    Baiman,
    /// 11-12 han, or 13+ without counted yakuman (6000).
    Sanbaiman,
    /// Yakuman (8000 per multiple).
    Yakuman,
    /// 13+ han counted as yakuman (8000).
    KazoeYakuman,
}

impl Limit {
    /// Contract name.
    pub const fn name(self) -> &'static str {
        match self {
            Limit::None => "none",
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::Yakuman => "yakuman",
            Limit::KazoeYakuman => "kazoe_yakuman",
        }
    }
}

/// Basic points and limit for han and fu (no yakuman), under `rules`.
///
/// ```
/// use tenpai::{rules::Rules, score::{basic_points, Limit}};
///
/// let r = Rules::tenhou();
/// assert_eq!(basic_points(3, 30, &r), (960, Limit::None)); // 30 x 2^(2+3)
/// assert_eq!(basic_points(4, 40, &r), (2000, Limit::Mangan)); // 2560, capped
/// assert_eq!(basic_points(5, 30, &r), (2000, Limit::Mangan));
/// assert_eq!(basic_points(8, 30, &r), (4000, Limit::Baiman));
/// assert_eq!(basic_points(11, 30, &r), (6000, Limit::Sanbaiman));
/// assert_eq!(basic_points(13, 30, &r), (8000, Limit::KazoeYakuman));
/// ```
pub fn basic_points(han: u32, fu: u32, rules: &Rules) -> (u32, Limit) {
    match han {
        13.. => match rules.kazoe {
            KazoeCap::Yakuman => (8000, Limit::KazoeYakuman),
            KazoeCap::Unlimited if rules.limit_to_sextuple_yakuman => {
                (8000 * (han / 13).min(6), Limit::KazoeYakuman)
            }
            KazoeCap::Unlimited => (8000 * (han / 13), Limit::KazoeYakuman),
            KazoeCap::Sanbaiman | KazoeCap::None => (6000, Limit::Sanbaiman),
        },
        11..=12 => (6000, Limit::Sanbaiman),
        8..=10 => (4000, Limit::Baiman),
        6..=7 => (3000, Limit::Haneman),
        5 => (2000, Limit::Mangan),
        _ => {
            let b = fu << (2 + han);
            if b >= 2000 || (rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60))) {
                (2000, Limit::Mangan)
            } else {
                (b, Limit::None)
            }
        }
    }
}

const fn ceil100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// What each payer pays for a win worth `basic` points (before honba), and the total.
///
/// ```
/// use tenpai::score::Payment;
///
/// // 3 han 30 fu (960 basic points).
/// assert_eq!(Payment::new(960, false, false).ron, Some(3900));
/// assert_eq!(Payment::new(960, true, false).ron, Some(5800));
/// let t = Payment::new(960, false, true);
/// assert_eq!((t.dealer, t.non_dealer, t.total), (Some(2000), Some(1000), 4000));
/// let t = Payment::new(960, true, true);
/// assert_eq!((t.non_dealer, t.total), (Some(2000), 6000));
/// assert_eq!(t.payments().non_dealer, Some(2000));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payment {
    /// Ron: what the discarder pays.
    pub ron: Option<u32>,
    /// Non-dealer tsumo: what the dealer pays.
    pub dealer: Option<u32>,
    /// Tsumo: what each non-dealer pays.
    pub non_dealer: Option<u32>,
    /// All payments added up (the hand's points).
    pub total: u32,
}

impl Payment {
    /// Payments for basic points by dealer or not, tsumo or ron (each rounded up to 100).
    pub const fn new(basic: u32, dealer: bool, tsumo: bool) -> Payment {
        if !tsumo {
            let p = ceil100(basic * if dealer { 6 } else { 4 });
            Payment {
                ron: Some(p),
                dealer: None,
                non_dealer: None,
                total: p,
            }
        } else if dealer {
            let p = ceil100(basic * 2);
            Payment {
                ron: None,
                dealer: None,
                non_dealer: Some(p),
                total: 3 * p,
            }
        } else {
            let d = ceil100(basic * 2);
            let n = ceil100(basic);
            Payment {
                ron: None,
                dealer: Some(d),
                non_dealer: Some(n),
                total: d + 2 * n,
            }
        }
    }

    /// Payments under `rules`: as [`Payment::new`] with four players; with three, a
    /// tsumo is paid by the two others only. With tsumo loss ([`SanmaTsumo::Loss`]) each
    /// pays what they would with four players and the absent North seat's share is
    /// lost; with north bisection ([`SanmaTsumo::Split`]) each also pays half of that
    /// share, rounded up to 100.
    ///
    /// ```
    /// use tenpai::{rules::{Rules, SanmaTsumo}, score::Payment};
    /// // A non-dealer's mangan tsumo (2000 basic points).
    /// let loss = Payment::for_rules(2000, false, true, &Rules::tenhou_sanma());
    /// assert_eq!((loss.dealer, loss.non_dealer, loss.total), (Some(4000), Some(2000), 6000));
    /// let split = Rules { sanma_tsumo: SanmaTsumo::Split, ..Rules::majsoul_sanma() };
    /// let split = Payment::for_rules(2000, false, true, &split);
    /// assert_eq!((split.dealer, split.non_dealer, split.total), (Some(5000), Some(3000), 8000));
    /// ```
    pub const fn for_rules(basic: u32, dealer: bool, tsumo: bool, rules: &Rules) -> Payment {
        let four = Payment::new(basic, dealer, tsumo);
        if rules.players != 3 || !tsumo {
            return four;
        }
        // The absent North seat is a non-dealer: it would pay `non_dealer`.
        let north = match four.non_dealer {
            Some(n) => n,
            None => 0,
        };
        let extra = match rules.sanma_tsumo {
            SanmaTsumo::Loss => 0,
            SanmaTsumo::Split => north / 2,
        };
        if dealer {
            let p = ceil100(north + extra);
            Payment {
                ron: None,
                dealer: None,
                non_dealer: Some(p),
                total: 2 * p,
            }
        } else {
            let d = ceil100(
                match four.dealer {
                    Some(d) => d,
                    None => 0,
                } + extra,
            );
            let n = ceil100(north + extra);
            Payment {
                ron: None,
                dealer: Some(d),
                non_dealer: Some(n),
                total: d + n,
            }
        }
    }

    /// The answer's `payments` (who pays what).
    pub const fn payments(&self) -> Payments {
        Payments {
            ron: self.ron,
            dealer: self.dealer,
            non_dealer: self.non_dealer,
        }
    }
}

/// The exact payments of a hand without limits (aotenjou,
/// [`Rules::aotenjou`](crate::rules::Rules::aotenjou)): as [`Payment`], in `u128`.
///
/// ```
/// use tenpai::{rules::Rules, score::WidePayment};
///
/// let r = Rules { aotenjou: true, ..Rules::tenhou() };
/// // 13 han 40 fu, a non-dealer's ron: 40 x 2^15 x 4 = 5242880, rounded up to 100.
/// let p = WidePayment::aotenjou(13, 40, false, false, &r).unwrap();
/// assert_eq!((p.ron, p.total), (Some(5242900), 5242900));
/// // 30 han 30 fu, the dealer's tsumo: beyond u32, exact here, u32::MAX in `Payment`.
/// let p = WidePayment::aotenjou(30, 30, true, true, &r).unwrap();
/// assert_eq!(p.non_dealer, Some(257698037800));
/// assert_eq!(p.saturated().non_dealer, Some(u32::MAX));
/// // Beyond u128: None.
/// assert_eq!(WidePayment::aotenjou(130, 30, true, false, &r), None);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WidePayment {
    /// Ron: what the discarder pays.
    pub ron: Option<u128>,
    /// Non-dealer tsumo: what the dealer pays.
    pub dealer: Option<u128>,
    /// Tsumo: what each non-dealer pays.
    pub non_dealer: Option<u128>,
    /// All payments added up (the hand's points).
    pub total: u128,
}

/// `k * x` rounded up to 100, `None` beyond `u128`.
fn wide_ceil100(x: u128, k: u128) -> Option<u128> {
    Some(x.checked_mul(k)?.checked_add(99)? / 100 * 100)
}

impl WidePayment {
    /// The payments for `han` and `fu` with no limit: basic points `fu x 2^(2+han)`,
    /// each payment rounded up to 100 (the `mahjong` library's `Aotenjou`), with three
    /// players as [`Payment::for_rules`] pays a tsumo. `None` when a figure passes
    /// `u128` (some 120 han).
    pub fn aotenjou(
        han: u32,
        fu: u32,
        dealer: bool,
        tsumo: bool,
        rules: &Rules,
    ) -> Option<WidePayment> {
        let shift = han.checked_add(2)?;
        let basic = u128::from(fu).checked_shl(shift)?;
        if shift >= 128 || basic >> shift != u128::from(fu) {
            return None;
        }
        if !tsumo {
            let p = wide_ceil100(basic, if dealer { 6 } else { 4 })?;
            return Some(WidePayment {
                ron: Some(p),
                total: p,
                ..WidePayment::default()
            });
        }
        // Tsumo: what each would pay with four players (the dealer twice a non-dealer).
        let d = wide_ceil100(basic, 2)?;
        let n = if dealer { d } else { wide_ceil100(basic, 1)? };
        let (d, n, payers) = if rules.players == 3 {
            // The absent North seat would pay `n`: lost, or split between the two.
            let extra = match rules.sanma_tsumo {
                SanmaTsumo::Loss => 0,
                SanmaTsumo::Split => n / 2,
            };
            (
                wide_ceil100(d.checked_add(extra)?, 1)?,
                wide_ceil100(n.checked_add(extra)?, 1)?,
                1u128,
            )
        } else {
            (d, n, 2)
        };
        if dealer {
            // Every payer pays `n` (= `d` with four players).
            let total = n.checked_mul(payers + 1)?;
            Some(WidePayment {
                non_dealer: Some(n),
                total,
                ..WidePayment::default()
            })
        } else {
            let total = d.checked_add(n.checked_mul(payers)?)?;
            Some(WidePayment {
                dealer: Some(d),
                non_dealer: Some(n),
                total,
                ..WidePayment::default()
            })
        }
    }

    /// As a [`Payment`]: each figure, or `u32::MAX` when it passes `u32`.
    pub fn saturated(&self) -> Payment {
        let sat = |v: u128| u32::try_from(v).unwrap_or(u32::MAX);
        Payment {
            ron: self.ron.map(sat),
            dealer: self.dealer.map(sat),
            non_dealer: self.non_dealer.map(sat),
            total: sat(self.total),
        }
    }

    /// The exact payments as the answer writes them.
    pub const fn payments(&self) -> WidePayments {
        WidePayments {
            ron: self.ron,
            dealer: self.dealer,
            non_dealer: self.non_dealer,
        }
    }
}

/// [`Payments`] exactly, under aotenjou: in JSON each figure is a string of decimal
/// digits (`{"ron": "5242900"}`), as numbers past 2^53 are not read exactly by
/// JavaScript or by JSON readers that use doubles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WidePayments {
    /// Ron: what the discarder pays.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "decimal_opt")]
    pub ron: Option<u128>,
    /// Non-dealer tsumo: what the dealer pays.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "decimal_opt")]
    pub dealer: Option<u128>,
    /// Tsumo: what each non-dealer pays.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "decimal_opt")]
    pub non_dealer: Option<u128>,
}

/// The answer's `aotenjou` (present only under [`Rules::aotenjou`](crate::rules::Rules::aotenjou)):
/// the exact figures of `points`, `payments` and `total_received`, which those fields
/// hold only while they fit in `u32` (`u32::MAX` beyond). In JSON each figure is a
/// string of decimal digits.
///
/// ```
/// use tenpai::score::ScoreRequest;
///
/// // Daisangen with chanta and sanankou: 13 + 2 + 2 han, 60 fu, a non-dealer's ron.
/// let req = ScoreRequest::from_json(
///     r#"{"hand": "123m11p555666777z", "win": "1p", "seat_wind": "S", "aotenjou": true}"#,
/// )?;
/// let r = tenpai::score::score_request(&req)?;
/// assert_eq!((r.han, r.fu, r.limit.as_str()), (17, 60, "none"));
/// let a = r.aotenjou.unwrap();
/// assert_eq!((a.points, a.payments.ron), (125829200, Some(125829200)));
/// let json = serde_json::to_value(&r).unwrap();
/// assert_eq!(json["aotenjou"]["points"], "125829200");
/// assert_eq!(json["aotenjou"]["payments"]["ron"], "125829200");
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AotenjouPoints {
    /// The hand's value, all payments added up.
    #[serde(with = "decimal")]
    pub points: u128,
    /// Who pays what, before honba.
    pub payments: WidePayments,
    /// `points` plus honba and riichi sticks.
    #[serde(with = "decimal")]
    pub total_received: u128,
}

/// A `u128` as a JSON string of decimal digits.
mod decimal {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u128, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("expected decimal digits, got {text:?}")))
    }
}

/// An optional `u128` as a JSON string of decimal digits.
mod decimal_opt {
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<u128>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => super::decimal::serialize(v, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u128>, D::Error> {
        super::decimal::deserialize(d).map(Some)
    }
}

/// Who pays what under liability (pao, sekinin-barai): the answer's `pao`.
/// Seats are relative to the winner: 1 the next player (shimocha, to the winner's
/// right), 2 the one across (toimen), 3 the previous one (kamicha).
///
/// ```
/// use tenpai::score::ScoreRequest;
///
/// // Daisangen by a non-dealer, ron from seat 1 with seat 2 liable: they split it.
/// let req = ScoreRequest::from_json(
///     r#"{"hand": "123m99p(555z)(666z)(777z)", "win": "9p", "seat_wind": "S", "pao": 2, "discarder": 1}"#,
/// )?;
/// let r = tenpai::score::score_request(&req)?;
/// let pao = r.pao.unwrap();
/// assert_eq!((pao.liable, pao.pays), (2, [16000, 16000, 0]));
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaoPayments {
    /// The liable seat.
    pub liable: u8,
    /// What seats 1, 2 and 3 pay, honba included (riichi sticks are not a payment).
    pub pays: [u32; 3],
}

/// The payments of a win under liability.
///
/// - `pay` is the whole hand's payment; `liable_part` the part the liable seat
///   answers for (the whole hand, or only the liable yakuman with
///   [`Rules::pao_liable_part_only`]), as a payment of the same kind;
/// - `dealer` is the dealer's relative seat (0 when the winner deals), `discarder`
///   the seat that dealt in (ignored for a tsumo), `liable` the liable seat;
/// - tsumo: the liable seat pays `liable_part` whole and all honba; the rest of the
///   hand is paid as a tsumo by the three seats;
/// - ron by the liable seat: it pays everything;
/// - ron by another seat: the liable seat pays half of `liable_part`, the discarder
///   the rest; the honba go to the liable seat when `liable_pays_honba` (Tenhou), to
///   the discarder otherwise (EMA).
///
/// ```
/// use tenpai::score::{pao_payments, Payment};
///
/// let yakuman = Payment::new(8000, false, false); // non-dealer ron: 32000
/// // Ron from seat 1, seat 2 liable, one honba: half each, honba to the liable seat.
/// let p = pao_payments(&yakuman, &yakuman, false, 3, 1, 2, 1, true);
/// assert_eq!(p.pays, [16000, 16300, 0]);
/// // The same under EMA: the discarder pays the honba.
/// let p = pao_payments(&yakuman, &yakuman, false, 3, 1, 2, 1, false);
/// assert_eq!(p.pays, [16300, 16000, 0]);
/// // Tsumo: the liable seat pays it all.
/// let tsumo = Payment::new(8000, false, true);
/// assert_eq!(pao_payments(&tsumo, &tsumo, true, 3, 0, 2, 0, true).pays, [0, 32000, 0]);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn pao_payments(
    pay: &Payment,
    liable_part: &Payment,
    tsumo: bool,
    dealer: u8,
    discarder: u8,
    liable: u8,
    honba: u32,
    liable_pays_honba: bool,
) -> PaoPayments {
    let mut pays = [0u32; 3];
    let li = usize::from(liable.clamp(1, 3)) - 1;
    let honba_all = 300 * honba;
    if tsumo {
        for (i, p) in pays.iter_mut().enumerate() {
            let seat_pay = |x: &Payment| {
                if usize::from(dealer) == i + 1 {
                    x.dealer.or(x.non_dealer).unwrap_or(0)
                } else {
                    x.non_dealer.unwrap_or(0)
                }
            };
            *p = seat_pay(pay).saturating_sub(seat_pay(liable_part));
        }
        pays[li] += liable_part.total + honba_all;
    } else {
        let di = usize::from(discarder.clamp(1, 3)) - 1;
        if di == li {
            pays[li] = pay.total + honba_all;
        } else {
            let half = liable_part.total / 2;
            pays[li] = half;
            pays[di] = pay.total - half;
            pays[if liable_pays_honba { li } else { di }] += honba_all;
        }
    }
    PaoPayments { liable, pays }
}
