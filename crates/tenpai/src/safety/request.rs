//! The JSON request (`tenpai safety -` reads one per line, `/api/safety` one per call)
//! and the JSON answer.

use super::{safety, Opponent, Safety, SafetyQuery};
use crate::error::Error;
use crate::hand::Call;
use crate::notation::{parse_hand, parse_tiles};
use crate::rules::Rules;
use crate::score::parse_wind;
use crate::tile::{Tile, Wind};
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Deserialize, Serialize};

/// One riichi opponent in a request: tiles written in mpsz.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OpponentRequest {
    /// Its discards in order, the riichi tile included, like `19m5z`.
    pub river: String,
    /// The 0-based index of its riichi tile in `river` (default: the last).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub riichi_at: Option<usize>,
    /// The tiles the other players discarded after its riichi.
    pub after: String,
    /// Its closed kans, like `[1111z] [5555m]`.
    pub calls: String,
    /// Its seat wind (`E` the dealer, `S`, `W`, `N`; default `S`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
    /// Marked tenpai without riichi: an open hand whose `calls` are its open melds
    /// like `(555z)(123m)` (closed kans `[1111z]` allowed beside them), no riichi index.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tenpai: bool,
}

/// A defence request: my hand, the riichi opponents (either `opponents`, or one
/// opponent in the top-level `river`, `riichi_at`, `after`, `calls`), the other
/// visible tiles and the dora indicators.
///
/// ```
/// use tenpai::safety::{safety_request, SafetyRequest};
/// let req: SafetyRequest = serde_json::from_str(
///     r#"{"hand": "123m456p789s1122z5z", "river": "5z", "visible": "2z"}"#,
/// ).unwrap();
/// let s = safety_request(&req)?;
/// assert_eq!(s.tiles[0].deal_in, 0.0); // the 5z: genbutsu
/// let json = serde_json::to_value(&s).unwrap();
/// assert_eq!(json["tiles"][0]["tile"], "5z");
/// # Ok::<(), tenpai::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SafetyRequest {
    /// My hand, like `123m456p789s1122z5z`.
    pub hand: String,
    /// One opponent: its river.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub river: String,
    /// One opponent: the index of its riichi tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub riichi_at: Option<usize>,
    /// One opponent: the tiles discarded after its riichi.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub after: String,
    /// One opponent: its closed kans.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub calls: String,
    /// One opponent: its seat wind (`E` the dealer, `S`, `W`, `N`; default `S`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
    /// The single opponent is marked tenpai without riichi (see
    /// [`OpponentRequest::tenpai`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tenpai: bool,
    /// Several opponents.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub opponents: Vec<OpponentRequest>,
    /// Every other visible tile.
    pub visible: String,
    /// The dora indicators.
    pub dora: String,
    /// The round wind (default `E`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    /// The rules preset the hands are valued under (default `tenhou`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

fn tiles(field: &str, text: &str) -> Result<Vec<Tile>, Error> {
    parse_tiles(text).map_err(|e| Error::Invalid(format!("{field}: {e}")))
}

fn opponent(prefix: &str, o: &OpponentRequest) -> Result<Opponent, Error> {
    let (kans, calls) = if o.tenpai {
        parse_calls(&o.calls)
    } else {
        parse_kans(&o.calls).map(|k| (k, Vec::new()))
    }
    .map_err(|e| Error::Invalid(format!("{prefix}calls: {e}")))?;
    Ok(Opponent {
        tenpai: o.tenpai,
        calls,
        river: tiles(&format!("{prefix}river"), &o.river)?,
        riichi_at: o.riichi_at,
        after: tiles(&format!("{prefix}after"), &o.after)?,
        kans,
        seat: o
            .seat
            .as_deref()
            .map(|w| parse_wind(w).map_err(|e| Error::Invalid(format!("{prefix}seat: {e}"))))
            .transpose()?,
    })
}

/// An open opponent's calls: open melds `(555z)`, `(123m)`, `(1111z)` and closed kans
/// `[1111z]`: (the closed kans' kinds, the other calls).
pub(crate) fn parse_calls(text: &str) -> Result<(Vec<Tile>, Vec<Call>), Error> {
    let (mut kans, mut calls) = (Vec::new(), Vec::new());
    let mut rest = text.trim();
    while !rest.is_empty() {
        let (close, closed) = match rest.as_bytes()[0] {
            b'(' => (')', false),
            b'[' => (']', true),
            _ => {
                return Err(Error::Invalid(format!(
                    "calls are open melds like (555z) or (123m) and closed kans like [1111z], not {rest:?}"
                )))
            }
        };
        let body = &rest[1..];
        let Some(end) = body.find(close) else {
            return Err(Error::Invalid(format!("an unclosed bracket in {text:?}")));
        };
        let tiles = parse_tiles(&body[..end])?;
        let call = Call::infer(&tiles, closed).map_err(Error::Invalid)?;
        if closed {
            kans.push(tiles[0].kind());
        } else {
            calls.push(call);
        }
        rest = body[end + 1..].trim_start();
    }
    Ok((kans, calls))
}

/// A riichi player's closed kans written `[1111z] [5055m]`; anything else (an open
/// call, loose tiles, a kan of other than four copies of one kind) is an error naming
/// it.
pub(crate) fn parse_kans(text: &str) -> Result<Vec<Tile>, Error> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let Some(body) = rest.strip_prefix('[') else {
            return Err(Error::Invalid(format!(
                "a riichi player's calls are closed kans like [1111z], not {rest:?}"
            )));
        };
        let Some(end) = body.find(']') else {
            return Err(Error::Invalid(format!("an unclosed bracket in {text:?}")));
        };
        let tiles = parse_tiles(&body[..end])?;
        if tiles.len() != 4 || tiles.iter().any(|t| t.kind() != tiles[0].kind()) {
            return Err(Error::Invalid(format!(
                "a closed kan is four copies of one kind, not [{}]",
                &body[..end]
            )));
        }
        out.push(tiles[0].kind());
        rest = body[end + 1..].trim_start();
    }
    Ok(out)
}

impl SafetyRequest {
    /// The typed query.
    pub fn query(&self) -> Result<SafetyQuery, Error> {
        let hand = parse_hand(&self.hand).map_err(|e| Error::Invalid(format!("hand: {e}")))?;
        let single = OpponentRequest {
            river: self.river.clone(),
            riichi_at: self.riichi_at,
            after: self.after.clone(),
            calls: self.calls.clone(),
            seat: self.seat.clone(),
            tenpai: self.tenpai,
        };
        let mut opponents = Vec::new();
        if single != OpponentRequest::default() {
            opponents.push(opponent("", &single)?);
        }
        for (i, o) in self.opponents.iter().enumerate() {
            opponents.push(opponent(&format!("opponents[{i}]."), o)?);
        }
        Ok(SafetyQuery {
            hand,
            opponents,
            visible: tiles("visible", &self.visible)?,
            dora: tiles("dora", &self.dora)?,
            round: match &self.round {
                Some(w) => parse_wind(w).map_err(|e| Error::Invalid(format!("round: {e}")))?,
                None => Wind::East,
            },
            rules: match &self.rules {
                None => Rules::tenhou(),
                Some(name) => Rules::preset(name).ok_or_else(|| {
                    Error::Invalid(format!(
                        "rules: no preset {name:?} (tenhou, majsoul, ema, wrc, mleague)"
                    ))
                })?,
            },
        })
    }
}

/// Answer a request.
pub fn safety_request(r: &SafetyRequest) -> Result<Safety, Error> {
    safety(&r.query()?)
}

struct PerOpponent<'a>(&'a super::OpponentSafety);

impl Serialize for PerOpponent<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("deal_in", &self.0.deal_in)?;
        m.serialize_entry("expected_loss", &self.0.expected_loss)?;
        m.serialize_entry("labels", &self.0.labels)?;
        m.end()
    }
}

struct Row<'a>(&'a super::TileSafety);

impl Serialize for Row<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = self.0;
        let mut m = s.serialize_map(Some(5))?;
        m.serialize_entry("tile", &t.tile.to_string())?;
        m.serialize_entry("deal_in", &t.deal_in)?;
        m.serialize_entry("expected_loss", &t.expected_loss)?;
        m.serialize_entry("labels", &t.labels)?;
        let per: Vec<PerOpponent> = t.per_opponent.iter().map(PerOpponent).collect();
        m.serialize_entry("per_opponent", &per)?;
        m.end()
    }
}

/// `{"hand", "tiles": [{"tile", "deal_in", "expected_loss", "labels", "per_opponent":
/// [{"deal_in", "expected_loss", "labels"}]}]}`, safest first.
impl Serialize for Safety {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Safety", 2)?;
        st.serialize_field("hand", &self.hand.to_string())?;
        let rows: Vec<Row> = self.tiles.iter().map(Row).collect();
        st.serialize_field("tiles", &rows)?;
        st.end()
    }
}
