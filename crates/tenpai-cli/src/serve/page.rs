//! The page: static files embedded in the binary.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// The page's files: name, content type, content.
const ASSETS: [(&str, &str, &str); 2] = [
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/app.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/style.css"),
    ),
];

const INDEX: &str = include_str!("../../assets/index.html");

/// `GET /`.
pub async fn index() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], INDEX).into_response()
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => super::api::ApiError::new(StatusCode::NOT_FOUND, format!("no asset {file}"), None)
            .into_response(),
    }
}
