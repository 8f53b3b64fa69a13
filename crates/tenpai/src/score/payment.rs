//! Limits, basic points, and who pays what.

use crate::rules::{KazoeCap, Rules, SanmaTsumo};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who pays what, as in the answer's `payments`: `{"ron": N}` for a ron,
/// `{"dealer": N, "non_dealer": N}` for a non-dealer's tsumo, `{"non_dealer": N}` (each)
/// for the dealer's tsumo. Absent payers are left out of the JSON.
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
pub fn basic_points(han: u32, fu: u32, rules: &Rules) -> (u32, Limit) {
    match han {
        13.. => match rules.kazoe {
            KazoeCap::Yakuman => (8000, Limit::KazoeYakuman),
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
