//! `tenpai serve`: the web page and the JSON API on one address.
//!
//! The API (`POST /api/{shanten,waits,ukeire,decompose,score,advise,safety,summary,replay,review}`)
//! answers each request with the very bytes the CLI's `--json` prints for the same
//! input: both call the commands' `answer` functions through
//! [`crate::batch::answer_one`] (replay: [`crate::replay::answer_log`]). The page is a
//! few static files embedded in the binary ([`page`]).
//!
//! Limits: a request body of at most [`ServeConfig::max_body`] bytes (a log for
//! `/api/replay`: [`tenpai::logs::MAX_LOG_BYTES`]), read within the time limit; the
//! slow commands (advise, summary, replay) run on the blocking pool, at most
//! [`ServeConfig::workers`] at once, each answered within [`ServeConfig::time_limit`].
//! Every error is a JSON object with `"error"` and `"position"` and a 4xx status (503
//! when the server is busy or an answer takes longer than the time limit). Connections:
//! at most `--max-connections`, each request head within `--head-timeout`, and a new
//! connection takes the place of the longest-waiting idle one when all are taken
//! ([`listener`]).

pub mod api;
pub mod listener;
pub mod names;
pub mod page;

use axum::routing::{any, get};
use axum::Router;
use clap::Args;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Options of `tenpai serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on (loopback by default; port 0 picks a free port).
    #[arg(long, value_name = "IP:PORT", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Seconds an answer (or the reading of a request body) may take.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 10.0,
        allow_negative_numbers = true
    )]
    pub time_limit: f64,
    /// Slow answers (advise, summary, replay) computed at once (default: the cores).
    #[arg(long, value_name = "N", value_parser = crate::nonneg::<usize>("--workers"), allow_negative_numbers = true)]
    pub workers: Option<usize>,
    /// Connections open at once (more wait to be accepted).
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = crate::nonneg::<usize>("--max-connections"), allow_negative_numbers = true)]
    pub max_connections: usize,
    /// Seconds a connection may stay silent (nothing read or written) before it is
    /// closed; raised to twice the time limit when lower, so a slow answer is never cut.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 30.0,
        allow_negative_numbers = true
    )]
    pub idle_timeout: f64,
    /// Seconds a request head (request line and headers) may take to arrive whole,
    /// from the connection's accept or the request's first byte; a slower client is
    /// closed. When every connection place is taken, a new connection takes the place
    /// of the one that has waited longest without a request being answered.
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    pub head_timeout: f64,
}

/// The server's limits.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// Largest request body for the hand endpoints, in bytes.
    pub max_body: usize,
    /// Largest uploaded log, in bytes.
    pub max_log: usize,
    /// Time limit of one answer, and of reading one body.
    pub time_limit: Duration,
    /// Slow answers computed at once.
    pub workers: usize,
}

impl Default for ServeConfig {
    fn default() -> ServeConfig {
        ServeConfig {
            max_body: crate::batch::MAX_LINE,
            max_log: tenpai::logs::MAX_LOG_BYTES,
            time_limit: Duration::from_secs(10),
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
        }
    }
}

/// What every handler shares.
#[derive(Debug)]
pub struct AppState {
    /// The limits.
    pub config: ServeConfig,
    /// Permits for the slow answers.
    pub slow: Arc<Semaphore>,
}

/// The whole application: page, API, and JSON 404s.
pub fn router(config: ServeConfig) -> Router {
    let state = Arc::new(AppState {
        slow: Arc::new(Semaphore::new(config.workers.max(1))),
        config,
    });
    Router::new()
        .route("/", get(page::index))
        .route("/assets/{file}", get(page::asset))
        .route("/api/{endpoint}", any(api::handle))
        .fallback(api::not_found)
        .layer(axum::middleware::from_fn(listener::track_requests))
        .with_state(state)
}

/// Run the server until interrupted (Ctrl-C).
pub fn run(args: &ServeArgs) -> ExitCode {
    for (name, v, max) in [
        ("--time-limit", args.time_limit, 3600.0),
        ("--head-timeout", args.head_timeout, 3600.0),
        ("--idle-timeout", args.idle_timeout, 86_400.0),
    ] {
        // Also refuses NaN.
        if !(v > 0.0 && v <= max) {
            eprintln!("error: {name} must be between 0 and {max} seconds");
            return ExitCode::from(2);
        }
    }
    let mut config = ServeConfig {
        time_limit: Duration::from_secs_f64(args.time_limit),
        ..ServeConfig::default()
    };
    if let Some(w) = args.workers {
        config.workers = w.max(1);
    }
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(config.workers.max(1) + 4)
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    rt.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(args.addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on {}: {e}", args.addr);
                return ExitCode::from(2);
            }
        };
        let addr = listener.local_addr().unwrap_or(args.addr);
        let idle = Duration::from_secs_f64(args.idle_timeout.clamp(1.0, 86_400.0))
            .max(2 * Duration::from_secs_f64(args.time_limit));
        let head = Duration::from_secs_f64(args.head_timeout.clamp(0.1, 3600.0));
        let listener = listener::BoundedListener::new(
            listener,
            listener::ConnLimits {
                max: args.max_connections,
                idle,
                head,
            },
        );
        // Tests and scripts read this first line to learn the port.
        println!("tenpai serve: listening on http://{addr}/");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        let app = router(config).into_make_service_with_connect_info::<listener::ConnTag>();
        match axum::serve(listener, app)
            .with_graceful_shutdown(shutdown)
            .await
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: serving: {e}");
                ExitCode::from(1)
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use tower::ServiceExt as _;

    /// One request answered in process: status and JSON body.
    async fn call(app: &Router, path: &str, body: &str) -> (StatusCode, serde_json::Value) {
        let req = Request::post(path)
            .body(Body::from(body.to_string()))
            .unwrap_or_else(|e| unreachable!("{e}"));
        let resp = app
            .clone()
            .oneshot(req)
            .await
            .unwrap_or_else(|e| match e {});
        let status = resp.status();
        let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX)
            .await
            .unwrap_or_default();
        let v = serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null);
        (status, v)
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap_or_else(|e| unreachable!("{e}"))
    }

    /// A slow answer (seconds of advise search: 14 tiles, 3-shanten, one change) past the time
    /// limit is a 503 naming the limit; one waiting for the only worker past the limit
    /// is a 503 saying the server is busy; quick answers go on meanwhile.
    #[test]
    fn over_time_and_busy_are_503_and_the_server_goes_on() {
        let rt = runtime();
        rt.block_on(async {
            let app = router(ServeConfig {
                time_limit: Duration::from_millis(60),
                workers: 1,
                ..ServeConfig::default()
            });
            let slow = r#"{"hand": "12346m4589p1378s1z"}"#;
            let (a, b) = tokio::join!(
                call(&app, "/api/advise", slow),
                call(&app, "/api/advise", slow)
            );
            let mut messages = [a, b]
                .into_iter()
                .map(|(s, v)| {
                    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
                    assert!(v["position"].is_null());
                    v["error"].as_str().unwrap_or_default().to_string()
                })
                .collect::<Vec<_>>();
            messages.sort();
            assert!(
                messages[0].contains("longer than the time limit"),
                "{messages:?}"
            );
            assert!(messages[1].contains("busy"), "{messages:?}");
            let (s, v) = call(&app, "/api/shanten", "123m456p789s1122z").await;
            assert_eq!((s, v["shanten"].as_i64()), (StatusCode::OK, Some(0)));
        });
        // The abandoned search finishes on its own; the test need not wait for it.
        rt.shutdown_background();
    }

    /// The in-process answer is the one `batch::answer_one` gives the CLI.
    #[test]
    fn in_process_answers_are_the_cli_answers() {
        let rt = runtime();
        rt.block_on(async {
            let app = router(ServeConfig::default());
            for hand in [
                "123m456p789s1122z",
                "1112223334444z",
                "234m406p789s11z (555z)",
            ] {
                let (s, v) = call(&app, "/api/ukeire", &format!("{{\"hand\": \"{hand}\"}}")).await;
                assert_eq!(s, StatusCode::OK);
                let cli = crate::batch::answer_one(
                    hand,
                    &crate::batch::Ctx {
                        json: true,
                        unicode: false,
                        sanma: false,
                        color: false,
                    },
                    &|i, c, o| crate::shanten::answer_ukeire(i, c, &[0; 34], o),
                )
                .unwrap_or_else(|f| unreachable!("{}", f.message));
                assert_eq!(
                    v,
                    serde_json::from_str::<serde_json::Value>(&cli).unwrap_or_default()
                );
            }
            let (s, v) = call(&app, "/api/score", "{\"hand\": [[[[1]]]]}").await;
            assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
        });
    }
}
