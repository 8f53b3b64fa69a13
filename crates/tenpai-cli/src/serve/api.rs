//! The JSON API: one handler for every `POST /api/ENDPOINT`.
//!
//! A request body is either a JSON object (`{"hand": "123m...", ...}`, for score the
//! `tenpai score -` request object) or the hand itself as text, exactly as the CLI
//! takes it. The answer is what the CLI prints with `--json` for the same input, byte
//! for byte (one JSON object and a newline; JSON Lines for a replay).

use super::AppState;
use crate::batch::{answer_one, failure_json, Ctx, Failure};
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::{Arc, OnceLock};
use tokio::time::{timeout_at, Instant};

/// The endpoints, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    /// `tenpai shanten HAND --json`.
    Shanten,
    /// `tenpai waits HAND --json`.
    Waits,
    /// `tenpai ukeire HAND [--visible TILES] --json`.
    Ukeire,
    /// `tenpai decompose HAND --json`.
    Decompose,
    /// `tenpai score HAND --json`, or the `tenpai score -` request object.
    Score,
    /// `tenpai advise HAND [options] --json`.
    Advise,
    /// `tenpai safety - --json` for one request object.
    Safety,
    /// `tenpai HAND --json`.
    Summary,
    /// `tenpai replay LOG --json` for an uploaded log.
    Replay,
    /// `tenpai review LOG --json` for an uploaded log (`?seat=N|all`, `?player=NAME`,
    /// `?advise=true`); `?format=html`: the page `tenpai review LOG --html` writes.
    Review,
}

/// Every endpoint's name, for messages.
pub const ENDPOINTS: [&str; 10] = [
    "shanten",
    "waits",
    "ukeire",
    "decompose",
    "score",
    "advise",
    "safety",
    "summary",
    "replay",
    "review",
];

impl Endpoint {
    /// The endpoint named `name`.
    pub fn from_name(name: &str) -> Option<Endpoint> {
        Some(match name {
            "shanten" => Endpoint::Shanten,
            "waits" => Endpoint::Waits,
            "ukeire" => Endpoint::Ukeire,
            "decompose" => Endpoint::Decompose,
            "score" => Endpoint::Score,
            "advise" => Endpoint::Advise,
            "safety" => Endpoint::Safety,
            "summary" => Endpoint::Summary,
            "replay" => Endpoint::Replay,
            "review" => Endpoint::Review,
            _ => return None,
        })
    }

    /// Whether answers can take long (run on the blocking pool, bounded and timed).
    fn slow(self) -> bool {
        matches!(
            self,
            Endpoint::Advise | Endpoint::Summary | Endpoint::Replay | Endpoint::Review
        )
    }
}

/// A refused request: its status and its JSON body (`error`, `position`, and for a
/// hand's problem the CLI's `hand` and `column`).
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status (4xx; 503 when busy or over time).
    pub status: StatusCode,
    /// The JSON body.
    pub body: Value,
}

impl ApiError {
    /// An error about the request as a whole.
    pub fn new(status: StatusCode, message: impl Into<String>, position: Option<usize>) -> Self {
        ApiError {
            status,
            body: json!({"error": message.into(), "position": position}),
        }
    }

    /// The CLI's JSON error for `input` (`"position": null` when it has none).
    fn failure(status: StatusCode, input: &str, f: &Failure) -> Self {
        ApiError {
            status,
            body: failure_json(input, f),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut text = self.body.to_string();
        text.push('\n');
        let mut r = (self.status, text).into_response();
        r.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        if self.status == StatusCode::METHOD_NOT_ALLOWED {
            r.headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static("POST"));
        }
        r
    }
}

/// A successful answer: its body and content type.
#[derive(Debug)]
pub struct Answer {
    /// The body: what the CLI prints on standard output.
    pub body: String,
    /// `application/json`, or `application/x-ndjson` for a replay.
    pub content_type: &'static str,
}

const JSON: Ctx = Ctx {
    json: true,
    unicode: false,
    sanma: false,
    color: false,
};

/// The CLI's `--json` context for `players` (the `--players` flag: 3 or 4).
fn json_ctx(players: Option<u8>) -> Result<Ctx, ApiError> {
    match players {
        None | Some(4) => Ok(JSON),
        Some(3) => Ok(Ctx {
            sanma: true,
            ..JSON
        }),
        Some(n) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("players: {n} is not 3 or 4"),
            None,
        )),
    }
}

/// `{"hand": ..., "players": 3|4}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HandRequest {
    hand: String,
    #[serde(default)]
    players: Option<u8>,
}

/// `{"hand": ..., "visible": ..., "players": 3|4}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UkeireRequest {
    hand: String,
    #[serde(default)]
    visible: Option<String>,
    #[serde(default)]
    players: Option<u8>,
}

/// The options of `tenpai advise`, named like its flags.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdviseRequest {
    hand: String,
    draws: Option<u32>,
    changes: Option<u32>,
    riichi: Option<String>,
    visible: Option<String>,
    dora: Option<String>,
    round: Option<String>,
    seat: Option<String>,
    rules: Option<String>,
    sort: Option<String>,
    players: Option<u8>,
    /// `--offer`: a tile another player discards (the call options of a 3k+1 hand).
    offer: Option<String>,
    /// `--from`: left, across or right.
    from: Option<String>,
    /// `--furiten`.
    furiten: Option<bool>,
    /// `--kuikae`.
    kuikae: Option<bool>,
    /// `--call`.
    call: Option<String>,
    /// `--discard`.
    discard: Option<String>,
}

/// The CLI's own defaults for a command's flags, read once from its parser.
#[derive(clap::Parser)]
struct ScoreDefaults {
    #[command(flatten)]
    args: crate::score::ScoreArgs,
}

#[derive(clap::Parser)]
struct AdviseDefaults {
    #[command(flatten)]
    args: crate::advise::AdviseArgs,
}

fn score_defaults() -> &'static crate::score::ScoreArgs {
    static D: OnceLock<crate::score::ScoreArgs> = OnceLock::new();
    D.get_or_init(|| {
        use clap::Parser as _;
        ScoreDefaults::try_parse_from(["score"])
            .map(|d| d.args)
            .unwrap_or_else(|e| unreachable!("the score defaults parse: {e}"))
    })
}

fn advise_defaults() -> crate::advise::AdviseArgs {
    use clap::Parser as _;
    AdviseDefaults::try_parse_from(["advise"])
        .map(|d| d.args)
        .unwrap_or_else(|e| unreachable!("the advise defaults parse: {e}"))
}

/// 0-based character offset of serde_json's (line, column) in `text`.
fn json_position(text: &str, e: &serde_json::Error) -> Option<usize> {
    if e.line() == 0 {
        return None;
    }
    if e.is_eof() {
        // The request stops early: the place is its end.
        return Some(text.chars().count());
    }
    let mut offset = 0usize;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i + 1 == e.line() {
            let col = e.column().saturating_sub(1).min(line.len());
            let mut byte = offset + col;
            while !text.is_char_boundary(byte) {
                byte -= 1;
            }
            return Some(text[..byte].chars().count());
        }
        offset += line.len();
    }
    Some(text.chars().count())
}

/// Read a JSON request; a request that cannot be read is a 400 naming the problem.
fn read_request<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, ApiError> {
    serde_json::from_str(text).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the request cannot be read: {e}"),
            json_position(text, &e),
        )
    })
}

/// The body as text: UTF-8, not blank.
fn body_text(body: &[u8]) -> Result<&str, ApiError> {
    let text = std::str::from_utf8(body).map_err(|e| {
        let ok = std::str::from_utf8(&body[..e.valid_up_to()]).unwrap_or_default();
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "the request is not valid UTF-8 (byte {} of the body)",
                e.valid_up_to() + 1
            ),
            Some(ok.chars().count()),
        )
    })?;
    if text.trim().is_empty() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "empty request: send a hand (`123m456p789s1122z`) or a JSON request (`{\"hand\": \"123m456p789s1122z\"}`)",
            None,
        ));
    }
    Ok(text)
}

fn is_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// The hand of a request for the hand-only endpoints, and its context.
fn hand_of(text: &str) -> Result<(String, Ctx), ApiError> {
    if is_json(text) {
        let r = read_request::<HandRequest>(text)?;
        Ok((r.hand, json_ctx(r.players)?))
    } else {
        Ok((text.trim().to_string(), JSON))
    }
}

/// Run a command's answer on `hand` as the CLI does with `--json`.
fn run<F>((hand, ctx): (String, Ctx), answer: F) -> Result<Answer, ApiError>
where
    F: Fn(&str, &Ctx, &mut String) -> Result<(), Failure>,
{
    let hand = hand.as_str();
    match answer_one(hand, &ctx, &answer) {
        Ok(mut body) => {
            body.push('\n');
            Ok(Answer {
                body,
                content_type: "application/json",
            })
        }
        Err(f) => Err(ApiError::failure(
            StatusCode::UNPROCESSABLE_ENTITY,
            hand,
            &f,
        )),
    }
}

/// The query of a request: `name` (the file name a replay or review reports, default
/// `upload`), and for a review `seat`, `player`, `advise`, `format`.
#[derive(Debug, Clone, Default)]
pub struct Query {
    /// The uploaded file's name.
    pub name: String,
    /// `seat=N|all`.
    pub seat: Option<String>,
    /// `player=NAME`.
    pub player: Option<String>,
    /// `advise=true|1`.
    pub advise: Option<String>,
    /// `format=json|html`.
    pub format: Option<String>,
}

/// A review request answered: the JSON lines, or the HTML page.
fn answer_review(body: &[u8], q: &Query) -> Result<Answer, ApiError> {
    let bad = |m: String| ApiError::new(StatusCode::BAD_REQUEST, m, None);
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(bad("empty request: send a game log (mjlog XML, tenhou.net/6 JSON or mjai JSON Lines; gzip or plain) as the body".into()));
    }
    let text = String::from_utf8_lossy(&body[..body.len().min(512)]);
    let head = text.trim_start();
    if head.starts_with("http://")
        || head.starts_with("https://")
        || head.starts_with("tenhou.net/")
    {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "a log URL is not fetched (the server reaches no other site): download the log (mjlog XML or tenhou.net/6 JSON) and send the file",
            None,
        ));
    }
    let seat = match q.seat.as_deref() {
        None | Some("") => None,
        Some(s) => Some(seat_param(s).map_err(|e| bad(format!("seat: {e}")))?),
    };
    let advise = match q.advise.as_deref() {
        None | Some("") | Some("false") | Some("0") => false,
        Some("true") | Some("1") => true,
        Some(v) => return Err(bad(format!("advise: {v:?} is not true or false"))),
    };
    let html = match q.format.as_deref() {
        None | Some("") | Some("json") => false,
        Some("html") => true,
        Some(v) => return Err(bad(format!("format: {v:?} is not json or html"))),
    };
    if seat.is_some() && q.player.is_some() {
        return Err(bad("give seat or player, not both".into()));
    }
    crate::review::answer_log(&q.name, body, seat, q.player.as_deref(), advise, html)
        .map(|body| Answer {
            body,
            content_type: if html {
                "text/html; charset=utf-8"
            } else {
                "application/x-ndjson"
            },
        })
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e, None))
}

/// `seat=`: as `--seat` takes it.
fn seat_param(s: &str) -> Result<tenpai::logs::report::Seats, String> {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    struct P {
        #[command(flatten)]
        args: crate::review::ReviewArgs,
    }
    P::try_parse_from(["review", "-", "--seat", s])
        .map_err(|e| {
            e.to_string()
                .lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("error: ")
                .to_string()
        })?
        .args
        .seat
        .ok_or_else(|| "no seat".to_string())
}

/// Answer one request body for `endpoint` with the request's query (`name`: the file
/// name a replay or a review reports).
pub fn answer(endpoint: Endpoint, body: Vec<u8>, q: &Query) -> Result<Answer, ApiError> {
    let name = q.name.as_str();
    if endpoint == Endpoint::Review {
        return answer_review(&body, q);
    }
    if endpoint == Endpoint::Replay {
        if body.iter().all(u8::is_ascii_whitespace) {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "empty request: send a game log (mjlog XML, tenhou.net/6 JSON or mjai JSON Lines; gzip or plain) as the body",
                None,
            ));
        }
        return match crate::replay::answer_log(name, body) {
            Ok(body) => Ok(Answer {
                body,
                content_type: "application/x-ndjson",
            }),
            Err(e) => Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e, None)),
        };
    }
    let text = body_text(&body)?;
    match endpoint {
        Endpoint::Shanten => run(hand_of(text)?, crate::shanten::answer_shanten),
        Endpoint::Waits => run(hand_of(text)?, crate::shanten::answer_waits),
        Endpoint::Decompose => run(hand_of(text)?, crate::decompose::answer),
        Endpoint::Summary => run(hand_of(text)?, crate::summary::answer),
        Endpoint::Ukeire => {
            let (hand, visible) = if is_json(text) {
                let r: UkeireRequest = read_request(text)?;
                ((r.hand, json_ctx(r.players)?), r.visible)
            } else {
                ((text.trim().to_string(), JSON), None)
            };
            let v = crate::shanten::visible_counts(visible.as_deref()).map_err(|e| {
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!("visible: {e}"),
                    e.position(),
                )
            })?;
            run(hand, |i, c, o| crate::shanten::answer_ukeire(i, c, &v, o))
        }
        Endpoint::Score => {
            let args = score_defaults();
            if is_json(text) {
                // The `score -` request object, read by the CLI's own reader: one that
                // cannot be read is a 400, a hand that cannot be scored a 422.
                match answer_one(text, &JSON, &|i, c, o| crate::score::answer(args, i, c, o)) {
                    Ok(mut body) => {
                        body.push('\n');
                        Ok(Answer {
                            body,
                            content_type: "application/json",
                        })
                    }
                    Err(f) => {
                        let status = if f.hand.is_none() {
                            StatusCode::BAD_REQUEST
                        } else {
                            StatusCode::UNPROCESSABLE_ENTITY
                        };
                        Err(ApiError::failure(status, text, &f))
                    }
                }
            } else {
                run((text.trim().to_string(), JSON), |i, c, o| {
                    crate::score::answer(args, i, c, o)
                })
            }
        }
        Endpoint::Advise => {
            let mut args = advise_defaults();
            let hand = if is_json(text) {
                let r: AdviseRequest = read_request(text)?;
                let a = &mut args;
                a.draws = r.draws.unwrap_or(a.draws);
                a.changes = r.changes.unwrap_or(a.changes);
                a.riichi = r.riichi.unwrap_or(std::mem::take(&mut a.riichi));
                a.visible = r.visible.or(a.visible.take());
                a.dora = r.dora.or(a.dora.take());
                a.round_wind = r.round.unwrap_or(std::mem::take(&mut a.round_wind));
                a.seat_wind = r.seat.unwrap_or(std::mem::take(&mut a.seat_wind));
                a.rules = r.rules.unwrap_or(std::mem::take(&mut a.rules));
                a.sort = r.sort.unwrap_or(std::mem::take(&mut a.sort));
                a.offer = r.offer.or(a.offer.take());
                a.from = r.from.unwrap_or(std::mem::take(&mut a.from));
                a.furiten = r.furiten.unwrap_or(a.furiten);
                a.kuikae = r.kuikae.unwrap_or(a.kuikae);
                a.call = r.call.or(a.call.take());
                a.discard = r.discard.or(a.discard.take());
                let ctx = json_ctx(r.players)?;
                a.hand.players = if ctx.sanma { 3 } else { 4 };
                (r.hand, ctx)
            } else {
                (text.trim().to_string(), JSON)
            };
            let o = crate::advise::options(&args)
                .and_then(|o| crate::advise::offer_options(&args).map(|f| (o, f)))
                .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e, None))?;
            run(hand, |i, c, out| {
                crate::advise::answer(i, c, &o.0, o.1.as_ref(), out)
            })
        }
        Endpoint::Safety => {
            if !is_json(text) {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "send a safety request object: {\"hand\": \"...\", \"river\": \"...\"} (or \"opponents\": [...])",
                    None,
                ));
            }
            match answer_one(text, &JSON, &crate::safety::answer_json) {
                Ok(mut body) => {
                    body.push('\n');
                    Ok(Answer {
                        body,
                        content_type: "application/json",
                    })
                }
                Err(f) => {
                    let status = if f.hand.is_none() {
                        StatusCode::BAD_REQUEST
                    } else {
                        StatusCode::UNPROCESSABLE_ENTITY
                    };
                    Err(ApiError::failure(status, text, &f))
                }
            }
        }
        Endpoint::Replay | Endpoint::Review => unreachable!("answered above"),
    }
}

/// The answer as a response (the CLI's bytes, with its content type).
fn respond(r: Result<Answer, ApiError>) -> Response {
    match r {
        Ok(a) => {
            let mut resp = (StatusCode::OK, a.body).into_response();
            resp.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(a.content_type),
            );
            resp
        }
        Err(e) => e.into_response(),
    }
}

/// The query (`?name=game.mjlog&seat=all`), each value percent-decoded; `name` is
/// `"upload"` when not given.
fn query_params(query: Option<&str>) -> Query {
    let mut q = Query {
        name: name_param(query),
        ..Query::default()
    };
    for pair in query.unwrap_or_default().split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let v = Some(decode(v));
        match k {
            "seat" => q.seat = v,
            "player" => q.player = v,
            "advise" => q.advise = v,
            "format" => q.format = v,
            _ => {}
        }
    }
    q
}

/// A query value percent-decoded (`+` is a space), at most 256 characters.
fn decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = |c: u8| (c as char).to_digit(16);
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).chars().take(256).collect()
}

/// The `name` query parameter (`?name=game.mjlog`), percent-decoded (the first one
/// not empty); `"upload"`.
fn name_param(query: Option<&str>) -> String {
    query
        .unwrap_or_default()
        .split('&')
        .filter_map(|pair| pair.strip_prefix("name="))
        .map(decode)
        .find(|s| !s.is_empty())
        .unwrap_or_else(|| "upload".into())
}

/// `POST /api/{endpoint}`.
pub async fn handle(
    State(state): State<Arc<AppState>>,
    Path(name): Path<String>,
    req: Request,
) -> Response {
    let deadline = Instant::now() + state.config.time_limit;
    let Some(endpoint) = Endpoint::from_name(&name) else {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no endpoint /api/{name}: the endpoints are {}",
                ENDPOINTS.map(|e| format!("/api/{e}")).join(", ")
            ),
            None,
        )
        .into_response();
    };
    if req.method() != Method::POST {
        return ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            format!(
                "/api/{name} takes POST (the request in the body), not {}",
                req.method()
            ),
            None,
        )
        .into_response();
    }
    let limit = if matches!(endpoint, Endpoint::Replay | Endpoint::Review) {
        state.config.max_log
    } else {
        state.config.max_body
    };
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is larger than {limit} bytes, the limit for /api/{name}"),
            None,
        )
        .into_response()
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return too_large();
    }
    let query = query_params(req.uri().query());
    let body = match timeout_at(deadline, axum::body::to_bytes(req.into_body(), limit)).await {
        Ok(Ok(b)) => b.to_vec(),
        Ok(Err(e)) => {
            let msg = format!("{e} {:?}", std::error::Error::source(&e));
            if msg.contains("length limit exceeded") {
                return too_large();
            }
            return ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("the request body cannot be read: {e}"),
                None,
            )
            .into_response();
        }
        Err(_) => {
            return ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "the request body did not arrive within the time limit",
                None,
            )
            .into_response()
        }
    };
    if !endpoint.slow() {
        // Microseconds of work bounded by the body limit: answered in place.
        return respond(
            std::panic::catch_unwind(move || answer(endpoint, body, &query)).unwrap_or_else(|_| {
                Err(ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal error (a bug: please report the request)",
                    None,
                ))
            }),
        );
    }
    let permit = match timeout_at(deadline, state.slow.clone().acquire_owned()).await {
        Ok(Ok(p)) => p,
        _ => {
            return ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy with other slow answers: try again",
                None,
            )
            .into_response()
        }
    };
    // The permit lives as long as the computation, so however many requests time
    // out, at most `workers` computations run at once.
    let task = tokio::task::spawn_blocking(move || {
        let r = answer(endpoint, body, &query);
        drop(permit);
        r
    });
    match timeout_at(deadline, task).await {
        Ok(Ok(r)) => respond(r),
        Ok(Err(_)) => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error (a bug: please report the request)",
            None,
        )
        .into_response(),
        Err(_) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the answer took longer than the time limit of {} s: ask for less ({})",
                state.config.time_limit.as_secs_f64(),
                if endpoint == Endpoint::Review {
                    "one seat, or no advice; `tenpai review --advise` has no limit"
                } else {
                    "fewer draws or changes"
                }
            ),
            None,
        )
        .into_response(),
    }
}

/// Any other path: a JSON 404.
pub async fn not_found(req: Request) -> Response {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "no page {}: the page is / and the API is POST /api/{{{}}}",
            req.uri().path(),
            ENDPOINTS.join(",")
        ),
        None,
    )
    .into_response()
}
