//! The page: static files embedded in the binary.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// The page's files: name, content type, content.
const ASSETS: [(&str, &str, &str); 4] = [
    (
        "tiles.js",
        "text/javascript; charset=utf-8",
        tenpai::logs::report::TILES_JS,
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/app.js"),
    ),
    (
        "defence.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/defence.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/style.css"),
    ),
];

const INDEX: &str = include_str!("../../assets/index.html");

/// The page with the library's rule presets in its select list (so a new preset
/// shows up without editing the page) and the yaku's display names.
fn index_html() -> &'static str {
    static PAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| {
        let options: String = tenpai::rules::Rules::PRESETS
            .iter()
            .map(|name| format!("<option>{name}</option>"))
            .collect();
        INDEX
            .replace("<!--PRESETS-->", &options)
            .replace("/*YAKU_NAMES*/", &super::names::json())
    })
}

/// `GET /`.
pub async fn index() -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        index_html(),
    )
        .into_response()
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => super::api::ApiError::new(StatusCode::NOT_FOUND, format!("no asset {file}"), None)
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_lists_every_preset() {
        let page = super::index_html();
        assert!(!page.contains("<!--PRESETS-->"));
        assert!(!page.contains("/*YAKU_NAMES*/"));
        assert!(page.contains(r#""tanyao":["All Simples","断幺九"]"#));
        for name in tenpai::rules::Rules::PRESETS {
            assert!(page.contains(&format!("<option>{name}</option>")), "{name}");
        }
    }
}
