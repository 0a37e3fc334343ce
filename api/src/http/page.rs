//! What server-rendered pages share: the reader's language and the HTML answer.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;

use super::error::ApiError;
use crate::i18n::Texts;

/// The reader's language: `?lang=tr` or `?lang=en` if given, else Turkish where the browser asks
/// for it first, else English.
pub fn texts(req: &HttpRequest) -> Texts {
    let asked = req
        .query_string()
        .split('&')
        .find_map(|pair| pair.strip_prefix("lang="));
    let accept = req
        .headers()
        .get(actix_web::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    match asked {
        Some(lang) => Texts::for_locale(lang),
        None if accept.trim_start().to_ascii_lowercase().starts_with("tr") => {
            Texts::for_locale("tr")
        }
        None => Texts::for_locale("en"),
    }
}

/// A rendered page with `status`.
pub fn html(status: StatusCode, page: &impl Template) -> Result<HttpResponse, ApiError> {
    let body = page.render().map_err(ApiError::internal)?;
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(body))
}

/// A page that says one thing: a title, a sentence, perhaps a link (texts by key).
#[derive(Template)]
#[template(path = "pages/notice.html")]
pub struct Notice {
    pub t: Texts,
    pub title: &'static str,
    pub text: &'static str,
    /// A link's path (without a query: the page adds the reader's language) and its text's key.
    pub link: Option<(&'static str, &'static str)>,
}
