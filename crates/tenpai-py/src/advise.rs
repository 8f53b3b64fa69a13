//! `advise`: discard advice (`tenpai advise --json`).

use crate::convert::{to_py, want_str, want_tiles, want_u32};
use crate::errors::{err, invalid};
use crate::hand::hand_text;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Discard advice (`tenpai advise --json`): for each discard of a 14-tile hand (or the
/// value of a 13-tile hand), the chance of tenpai and of winning within `draws` draws
/// and the expected points, with `changes` spare exchanges (a hand g may be kept when
/// new(g) + shanten(g) <= shanten(hand) + changes; see the README).
///
/// Options: draws (int 0..30, 17), changes (int 0..2, 1), riichi ("auto" or "never"), visible
/// and dora (tiles: a str such as "1m5p" or a list of str), round_wind, seat_wind
/// ("E", "S", "W", "N"), rules ("tenhou", "majsoul"), sort ("ev", "win", "tenpai",
/// "ukeire"). A closed 14-tile hand's tenpai rows carry "riichi" and "dama" values
/// and "declare".
///
/// Calls: offer (a tile another player discards, for a 13-tile hand), from_ ("left",
/// "across", "right"), furiten, kuikae (bool), call ("chi", "pon", "kan", "ron"),
/// discard (a tile): the answer is then `tenpai advise HAND --offer TILE --json`
/// ({"hand", "offer", "from", "options": [...], "best"}).
/// Returns the answer as a dict; raises TenpaiError subclasses.
#[pyfunction]
#[pyo3(signature = (hand, /, *, draws=None, changes=None, riichi=None, visible=None, dora=None,
    round_wind=None, seat_wind=None, rules=None, sort=None, offer=None, from_=None,
    furiten=false, kuikae=false, call=None, discard=None),
    text_signature = "(hand, /, *, draws=17, changes=1, riichi='auto', visible=None, dora=None, round_wind='E', seat_wind='E', rules='tenhou', sort='ev', offer=None, from_='left', furiten=False, kuikae=False, call=None, discard=None)")]
#[allow(clippy::too_many_arguments)]
fn advise<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    draws: Option<&Bound<'py, PyAny>>,
    changes: Option<&Bound<'py, PyAny>>,
    riichi: Option<&Bound<'py, PyAny>>,
    visible: Option<&Bound<'py, PyAny>>,
    dora: Option<&Bound<'py, PyAny>>,
    round_wind: Option<&Bound<'py, PyAny>>,
    seat_wind: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
    sort: Option<&Bound<'py, PyAny>>,
    offer: Option<&Bound<'py, PyAny>>,
    from_: Option<&Bound<'py, PyAny>>,
    furiten: bool,
    kuikae: bool,
    call: Option<&Bound<'py, PyAny>>,
    discard: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    use tenpai::advise::{AdviseOptions, RiichiPolicy, SortKey, MAX_CHANGES, MAX_DRAWS};
    // Each option read as its type, named in the error: a TypeError for another
    // type, an InvalidRequestError with the range for a value out of it (never
    // PyO3's OverflowError or conversion message).
    let count = |name: &str, v: Option<&Bound<'py, PyAny>>, default: u32, max: u32| {
        let Some(v) = v else { return Ok(default) };
        match want_u32(name, v) {
            Ok(n) if n <= max => Ok(n),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) => Err(e),
            _ => Err(invalid(format!("{name} must be between 0 and {max}"))),
        }
    };
    let text = |name: &str, v: Option<&Bound<'py, PyAny>>, default: &str| match v {
        Some(v) => want_str(name, v),
        None => Ok(default.to_string()),
    };
    let draws = count("draws", draws, 17, MAX_DRAWS)?;
    let changes = count("changes", changes, 1, MAX_CHANGES)?;
    let riichi = text("riichi", riichi, "auto")?;
    let round_wind = text("round_wind", round_wind, "E")?;
    let seat_wind = text("seat_wind", seat_wind, "E")?;
    let rules = text("rules", rules, "tenhou")?;
    let sort = text("sort", sort, "ev")?;
    let h: tenpai::Hand = hand_text(hand)?.parse().map_err(|e| err(py, &e))?;
    let riichi = match riichi.as_str() {
        "auto" => RiichiPolicy::Auto,
        "never" => RiichiPolicy::Never,
        other => {
            return Err(invalid(format!(
                "riichi must be auto or never, not {other:?}"
            )))
        }
    };
    let sort = match sort.as_str() {
        "ev" => SortKey::Ev,
        "win" => SortKey::Win,
        "tenpai" => SortKey::Tenpai,
        "ukeire" => SortKey::Ukeire,
        other => {
            return Err(invalid(format!(
                "sort must be ev, win, tenpai or ukeire, not {other:?}"
            )))
        }
    };
    let opts = AdviseOptions {
        draws,
        changes,
        riichi,
        visible: want_tiles("visible", visible)?,
        dora: want_tiles("dora", dora)?,
        round_wind: wind("round_wind", &round_wind)?,
        seat_wind: wind("seat_wind", &seat_wind)?,
        rules: tenpai::rules::Rules::preset(&rules)
            .ok_or_else(|| invalid(format!("unknown rules preset {rules:?} (tenhou, majsoul)")))?,
        sort,
        ..tenpai::advise::AdviseOptions::default()
    };
    let one = |name: &str, v: Option<&Bound<'py, PyAny>>| -> PyResult<Option<tenpai::Tile>> {
        if v.is_none() {
            return Ok(None);
        }
        match want_tiles(name, v)?.as_slice() {
            [t] => Ok(Some(*t)),
            _ => Err(invalid(format!("{name} must be one tile"))),
        }
    };
    let offer = one("offer", offer)?;
    let discard = one("discard", discard)?;
    let from = text("from_", from_, "left")?;
    let call = match call {
        Some(c) => Some(want_str("call", c)?),
        None => None,
    };
    let Some(offer) = offer else {
        if from != "left" || furiten || kuikae || call.is_some() || discard.is_some() {
            return Err(invalid(
                "from_, furiten, kuikae, call and discard go with offer".to_string(),
            ));
        }
        let a = py
            .allow_threads(|| tenpai::advise::decide::advise_decisions(&h, &opts))
            .map_err(|e| err(py, &e))?;
        let v = serde_json::to_value(&a).map_err(|e| PyValueError::new_err(e.to_string()))?;
        return to_py(py, &v);
    };
    use tenpai::advise::offer::{advise_offer, Choice, Discarder, OfferOptions};
    let oo = OfferOptions {
        from: from
            .parse::<Discarder>()
            .map_err(|_| invalid(format!("from_ must be left, across or right, not {from:?}")))?,
        furiten,
        kuikae,
        only: match call {
            Some(c) => Some(c.parse::<Choice>().map_err(|_| {
                invalid(format!(
                    "call must be pass, ron, chi, pon or kan, not {c:?}"
                ))
            })?),
            None => None,
        },
        discard,
    };
    let a = py
        .allow_threads(|| advise_offer(&h, offer, &oo, &opts))
        .map_err(|e| err(py, &e))?;
    let v = serde_json::to_value(&a).map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_py(py, &v)
}

/// A wind: `E`, `S`, `W`, `N` (or `1z`..`4z`).
fn wind(what: &str, text: &str) -> PyResult<tenpai::Wind> {
    let t = text.trim();
    let w = match t {
        "1z" => Some(tenpai::Wind::East),
        "2z" => Some(tenpai::Wind::South),
        "3z" => Some(tenpai::Wind::West),
        "4z" => Some(tenpai::Wind::North),
        _ if t.chars().count() == 1 => t.chars().next().and_then(tenpai::Wind::from_letter),
        _ => None,
    };
    w.ok_or_else(|| invalid(format!("{what} must be E, S, W or N, not {text:?}")))
}

/// Adds `advise` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(advise, m)?)
}
