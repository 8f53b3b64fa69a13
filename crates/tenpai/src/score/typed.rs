//! A request in typed form: its rules, hand, winning tile and situation, checked; and
//! scoring it (with the liable seat's payments).

use super::answer::{score, ScoreResult};
use super::invalid;
use super::payment::{pao_payments, PaoPayments, Payment};
use super::ScoreRequest;
use crate::error::{Error, ParseErrorKind};
use crate::hand::Hand;
use crate::notation::{parse_tile, parse_tiles_into, parse_written_last};
use crate::rules::Rules;
use crate::tile::{Tile, Wind};
use crate::yaku::Situation;

/// [`request_rules`] and the request's situation, built from the table of fields
/// ([`score_request_fields!`](crate::score_request_fields)).
macro_rules! typed_reader {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $ty:ty, $kind:ident,
        serde($($serde:tt)*),
        rule($(|$r:ident, $v:ident| $apply:expr, |$g:ident| $get:expr)?),
        cli($($cli:tt)*),
        values($values:literal);
    )*) => {
        /// The rules a request asks for: its preset with its overrides applied.
        ///
        /// ```
        /// use tenpai::{rules::Rules, score::{request_rules, ScoreRequest}};
        ///
        /// let req = ScoreRequest::from_json(r#"{"hand": "123m456p789s11222z", "rules": "ema", "kiriage": true}"#)?;
        /// let rules = request_rules(&req).unwrap();
        /// assert!(rules.kiriage && !rules.red_fives);
        /// assert_eq!(rules, Rules { kiriage: true, ..Rules::ema() });
        /// let req = ScoreRequest { rules: Some("house".into()), ..req };
        /// assert_eq!(request_rules(&req), None);
        /// # Ok::<(), tenpai::Error>(())
        /// ```
        pub fn request_rules(req: &ScoreRequest) -> Option<Rules> {
            let mut rules = Rules::preset(req.rules.as_deref().unwrap_or("tenhou"))?;
            $($(
                if let Some($v) = req.$name {
                    let $r = &mut rules;
                    $apply;
                }
            )?)*
            Some(rules)
        }

        /// The situation a request describes (its winds and indicators read).
        fn situation(req: &ScoreRequest) -> Result<Situation, Error> {
            let mut s = Situation::default();
            $(situation_field!($kind, s.$name, req.$name);)*
            s.riichi = req.riichi || req.double_riichi;
            Ok(s)
        }
    };
}

/// One field of the situation read from the request's, by the field's kind.
macro_rules! situation_field {
    (flag, $to:expr, $from:expr) => {
        $to = $from
    };
    (nagashi, $to:expr, $from:expr) => {
        $to = $from
    };
    (count, $to:expr, $from:expr) => {
        $to = $from
    };
    (nukidora, $to:expr, $from:expr) => {
        $to = $from
    };
    (wind, $to:expr, $from:expr) => {
        $to = match &$from {
            Some(w) => parse_wind(w)?,
            None => Wind::East,
        }
    };
    (tiles, $to:expr, $from:expr) => {
        $to = indicators(&$from)?
    };
    ($kind:ident, $to:expr, $from:expr) => {};
}

score_request_fields!(typed_reader);

/// Read a wind: `E`/`S`/`W`/`N` (any case), `east`..., or `1z`..`4z`.
///
/// ```
/// use tenpai::{Wind, score::parse_wind};
///
/// assert_eq!(parse_wind("s")?, Wind::South);
/// assert_eq!(parse_wind("West")?, Wind::West);
/// assert_eq!(parse_wind("4z")?, Wind::North);
/// assert!(parse_wind("5z").is_err());
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn parse_wind(text: &str) -> Result<Wind, Error> {
    if let [b] = text.as_bytes() {
        if let Some(w) = Wind::from_letter(char::from(*b)) {
            return Ok(w);
        }
    }
    let t = text.trim();
    let mut chars = t.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if let Some(w) = Wind::from_letter(c) {
            return Ok(w);
        }
    }
    match t.to_ascii_lowercase().as_str() {
        "east" => return Ok(Wind::East),
        "south" => return Ok(Wind::South),
        "west" => return Ok(Wind::West),
        "north" => return Ok(Wind::North),
        _ => {}
    }
    if let Ok(tile) = parse_tile(t) {
        if let Some(w) = tile.wind() {
            return Ok(w);
        }
    }
    Err(invalid(format!("not a wind: {text:?} (use E, S, W or N)")))
}

fn indicators(list: &[String]) -> Result<Vec<Tile>, Error> {
    let mut out = Vec::with_capacity(list.len());
    for s in list {
        parse_tiles_into(s, &mut out).map_err(|e| invalid(format!("bad indicator {s:?}: {e}")))?;
    }
    Ok(out)
}

/// The typed form of a request: the hand, the winning tile, the situation and the rules.
///
/// ```
/// use tenpai::{Tile, Wind, rules::Rules, score::{parse_request, score, ScoreRequest}};
///
/// let req = ScoreRequest::from_json(
///     r#"{"hand": "234567m22345p78s6s", "riichi": true, "seat_wind": "S", "dora": ["1m"]}"#,
/// )?;
/// let (hand, win, s, rules) = parse_request(&req)?;
/// assert_eq!((hand.to_string(), win), ("234567m22345p678s".to_string(), Tile::from_mpsz("6s").unwrap()));
/// assert_eq!((s.riichi, s.seat_wind, s.round_wind), (true, Wind::South, Wind::East));
/// assert_eq!(rules, Rules::tenhou());
/// assert_eq!(score(&hand, win, &s, &rules)?.points, 7700);
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn parse_request(req: &ScoreRequest) -> Result<(Hand, Tile, Situation, Rules), Error> {
    let rules = checked_rules(req)?;
    if req.nagashi_mangan {
        return Err(nagashi_error(req).unwrap_or_else(|| {
            invalid("nagashi mangan is no hand: score_request answers it, with no typed form")
        }));
    }
    let (hand, last) = parse_written_last(&req.hand)?;
    // Two red 5p are the 4-red-five set's: under any other rules, refused at the second.
    let red_5p = hand.all_tiles().filter(|&t| t == Tile::RED_5P).count();
    if red_5p > usize::from(rules.red_fives_of_suit(1).max(1)) {
        return Err(Error::parse(
            ParseErrorKind::TwoRedFives(Tile::RED_5P.to_string()),
            second_red_5p(&req.hand),
        ));
    }
    if rules.is_sanma() {
        crate::sanma::check_hand_text(&req.hand, &hand)?;
    }
    let win = match &req.win {
        Some(w) => parse_tile(w).map_err(|e| invalid(format!("bad winning tile {w:?}: {e}")))?,
        None => last,
    };
    let s = situation(req)?;
    Ok((hand, win, s, rules))
}

/// The rules a request asks for, checked: a known preset, a red-five count of a set,
/// `red_fives` agreeing with it, a double-wind pair of 2 or 4 fu.
fn checked_rules(req: &ScoreRequest) -> Result<Rules, Error> {
    if let Some(n) = req.red_fives_count.filter(|n| !matches!(n, 0 | 3 | 4)) {
        return Err(invalid(format!(
            "red_fives_count {n}: the sets have 0, 3 (one per suit) or 4 (one red 5m, two red 5p, one red 5s) red fives"
        )));
    }
    let rules = request_rules(req).ok_or_else(|| {
        invalid(format!(
            "unknown rules {:?} (use one of {})",
            req.rules.as_deref().unwrap_or(""),
            Rules::PRESETS.join(", ")
        ))
    })?;
    if !matches!(rules.double_wind_fu, 2 | 4) {
        return Err(invalid("double_wind_fu must be 2 or 4"));
    }
    if let (Some(on), Some(n)) = (req.red_fives, req.red_fives_count) {
        if on != (n > 0) {
            return Err(invalid(format!(
                "red_fives {on} and red_fives_count {n} disagree (0 is no red fives; 3 and 4 have them)"
            )));
        }
    }
    Ok(rules)
}

/// For a nagashi mangan request, the first field that has no place in one (a hand, a
/// winning tile, a yaku of a win, indicators, liability), as the error to give.
fn nagashi_error(req: &ScoreRequest) -> Option<Error> {
    if !req.hand.trim().is_empty() {
        return Some(invalid(super::check::NAGASHI_WITH_A_HAND));
    }
    let given = [
        ("win", req.win.is_some()),
        ("ippatsu", req.ippatsu),
        ("haitei", req.haitei),
        ("houtei", req.houtei),
        ("rinshan", req.rinshan),
        ("chankan", req.chankan),
        ("tenhou", req.tenhou),
        ("chiihou", req.chiihou),
        ("renhou", req.renhou),
        ("open_riichi", req.open_riichi),
        ("paarenchan", req.paarenchan > 0),
        ("dora", !req.dora.is_empty()),
        ("ura", !req.ura.is_empty()),
        ("pao", req.pao.is_some()),
        ("discarder", req.discarder.is_some()),
        ("nukidora", req.nukidora > 0),
    ];
    given.iter().find(|(_, on)| *on).map(|(field, _)| {
        invalid(format!(
            "nagashi mangan with {field}: nagashi mangan is no win on a hand (a mangan paid as a tsumo at an exhaustive draw); it takes the seat, the round, honba, riichi sticks and the rules only"
        ))
    })
}

/// A nagashi mangan request scored: its checks, then a mangan paid as a tsumo.
fn score_nagashi(req: &ScoreRequest) -> Result<ScoreResult, Error> {
    let rules = checked_rules(req)?;
    if let Some(e) = nagashi_error(req) {
        return Err(e);
    }
    let s = situation(req)?;
    if rules.is_sanma() {
        for (what, w) in [("seat", s.seat_wind), ("round", s.round_wind)] {
            if w == Wind::North {
                return Err(invalid(format!(
                    "{what} wind North in a three-player game: the seats are East, South and West, and there is no North round"
                )));
            }
        }
    }
    if s.honba > super::evaluate::MAX_COUNTERS || s.riichi_sticks > super::evaluate::MAX_COUNTERS {
        return Err(invalid(format!(
            "honba {} and riichi sticks {}: each is at most {}",
            s.honba,
            s.riichi_sticks,
            super::evaluate::MAX_COUNTERS
        )));
    }
    Ok(super::answer::nagashi_mangan(&s, &rules))
}

/// Where the second `0p` of an mpsz text is (the byte offset of its digit; 0 when the
/// text writes it some other way).
fn second_red_5p(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut seen = 0;
    let mut run_start = None;
    for (i, &b) in bytes.iter().enumerate() {
        if b.is_ascii_digit() {
            run_start.get_or_insert(i);
            continue;
        }
        if let Some(start) = run_start.take() {
            if b == b'p' {
                for (j, &d) in bytes[start..i].iter().enumerate() {
                    if d == b'0' {
                        seen += 1;
                        if seen == 2 {
                            return start + j;
                        }
                    }
                }
            }
        }
    }
    0
}

impl ScoreRequest {
    /// The request read ([`parse_request`]) and its liable seat (`pao`) and
    /// `discarder` checked: every error [`score_request`] gives before scoring the
    /// hand (the hand's own errors, such as [`Error::NoYaku`], come from scoring it).
    ///
    /// ```
    /// use tenpai::score::ScoreRequest;
    /// let req = ScoreRequest::from_json(r#"{"hand": "123m99p(555z)(666z)(777z)", "pao": 7}"#)?;
    /// assert!(req.check().unwrap_err().to_string().contains("pao is a seat"));
    /// let (hand, win, s, _rules) = ScoreRequest::from_json(r#"{"hand": "123m456p789s11222z", "tsumo": true}"#)?.check()?;
    /// assert_eq!((hand.to_string().as_str(), win.to_string().as_str(), s.tsumo), ("123m456p789s11222z", "2z", true));
    /// # Ok::<(), tenpai::Error>(())
    /// ```
    pub fn check(&self) -> Result<(Hand, Tile, Situation, Rules), Error> {
        let (hand, win, s, rules) = parse_request(self)?;
        for (what, v) in [("pao", self.pao), ("discarder", self.discarder)] {
            if v.is_some_and(|v| !(1..=3).contains(&v)) {
                return Err(invalid(format!(
                    "{what} is a seat relative to the winner: 1 (next), 2 (across) or 3 (previous)"
                )));
            }
        }
        if self.discarder.is_some() && s.tsumo {
            return Err(invalid("discarder on a tsumo: nobody dealt in"));
        }
        Ok((hand, win, s, rules))
    }
}

/// Score a request as `tenpai score -` reads it.
///
/// ```
/// let req: tenpai::score::ScoreRequest =
///     serde_json::from_str(r#"{"hand": "234567m234p3488s5s", "riichi": true, "tsumo": true}"#).unwrap();
/// let r = tenpai::score::score_request(&req)?;
/// assert_eq!(r.yaku.iter().map(|y| y.name.as_str()).collect::<Vec<_>>(),
///            ["menzen_tsumo", "riichi", "pinfu", "tanyao"]);
/// assert_eq!((r.han, r.fu, r.points), (4, 20, 7800));
/// # Ok::<(), tenpai::Error>(())
/// ```
pub fn score_request(req: &ScoreRequest) -> Result<ScoreResult, Error> {
    if req.nagashi_mangan {
        return score_nagashi(req);
    }
    let (hand, win, s, rules) = req.check()?;
    let mut r = score(&hand, win, &s, &rules)?;
    if let Some(liable) = req.pao {
        if rules.aotenjou {
            return Err(super::invalid(
                "pao under aotenjou: liability is paid in yakuman, and aotenjou counts a yakuman as 13 han with no limit; score the hand without pao",
            ));
        }
        r.pao = Some(pao_answer(&r, &s, &rules, liable, req.discarder)?);
    }
    Ok(r)
}

/// The answer's `pao`: who pays what when `liable` answers for the hand.
fn pao_answer(
    r: &ScoreResult,
    s: &Situation,
    rules: &Rules,
    liable: u8,
    discarder: Option<u8>,
) -> Result<PaoPayments, Error> {
    let liable_multiple: u32 = r
        .yakuman
        .iter()
        .filter(|y| rules.pao_hands.iter().any(|p| p.name() == y.name.as_str()))
        .map(|y| y.multiplier)
        .sum();
    if liable_multiple == 0 {
        let names: Vec<&str> = rules.pao_hands.iter().map(|y| y.name()).collect();
        return Err(invalid(format!(
            "pao applies to {} under rules {}; this hand has none of them",
            if names.is_empty() {
                "no hand".to_string()
            } else {
                names.join(", ")
            },
            rules.name
        )));
    }
    let discarder = match (s.tsumo, discarder) {
        (true, _) => 0,
        (false, Some(d)) => d,
        (false, None) => {
            return Err(invalid(
                "pao on a ron needs discarder (the seat that dealt in, relative to the winner)",
            ))
        }
    };
    let pay = Payment {
        ron: r.payments.ron,
        dealer: r.payments.dealer,
        non_dealer: r.payments.non_dealer,
        total: r.points,
    };
    let dealer = s.is_dealer();
    let part = if rules.pao_liable_part_only {
        Payment::new(8000 * liable_multiple, dealer, s.tsumo)
    } else {
        pay
    };
    // The dealer's seat relative to the winner (0: the winner deals).
    let dealer_seat = (4 - s.seat_wind as u8) % 4;
    Ok(pao_payments(
        &pay,
        &part,
        s.tsumo,
        dealer_seat,
        discarder,
        liable,
        s.honba,
        rules.pao_liable_pays_honba,
    ))
}
