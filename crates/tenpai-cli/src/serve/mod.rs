//! `tenpai serve`: the web page and the JSON API on one address.
//!
//! The API (`POST /api/{shanten,waits,ukeire,decompose,score,advise,summary,replay}`)
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
//! when the server is busy or an answer takes longer than the time limit).

pub mod api;
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
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub time_limit: f64,
    /// Slow answers (advise, summary, replay) computed at once (default: the cores).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
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
        .with_state(state)
}

/// Run the server until interrupted (Ctrl-C).
pub fn run(args: &ServeArgs) -> ExitCode {
    if !(args.time_limit > 0.0 && args.time_limit <= 3600.0) {
        eprintln!("error: --time-limit must be between 0 and 3600 seconds");
        return ExitCode::from(2);
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
        // Tests and scripts read this first line to learn the port.
        println!("tenpai serve: listening on http://{addr}/");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        match axum::serve(listener, router(config))
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
