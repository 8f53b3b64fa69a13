//! Progress bars of the long runs (`replay` and `stats` over many files, `review` with
//! the engine, round by round): drawn on standard error when it is a terminal, never
//! when it is piped or redirected, nor with `--quiet` (indicatif).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal as _;

/// Whether progress is shown: standard error is a terminal and `--quiet` not given.
pub fn shown(quiet: bool) -> bool {
    !quiet && std::io::stderr().is_terminal()
}

fn bar(total: u64, template: &str, show: bool) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr()).with_style(style)
}

/// A bar over `total` files: files done, the rate and the time left.
pub fn files(command: &str, total: usize, quiet: bool) -> ProgressBar {
    let template =
        format!("{command} [{{bar:20}}] {{pos}}/{{len}} files, {{per_sec}}, {{eta}} left");
    bar(total as u64, &template, shown(quiet))
}

/// A bar over the rounds of a review (every reviewed player's rounds together).
pub fn rounds(total: usize, quiet: bool) -> ProgressBar {
    bar(
        total as u64,
        "review [{bar:20}] {pos}/{len} rounds, {eta} left: {wide_msg}",
        shown(quiet),
    )
}
