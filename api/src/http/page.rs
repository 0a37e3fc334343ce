//! What server-rendered pages share: the reader's language and the HTML answer.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

use super::auth::{Caller, Credentials};
use super::error::ApiError;
use crate::app::AppState;
use crate::i18n::Texts;
use crate::store::PlayerRow;

/// The reader's language: `?lang=tr` or `?lang=en` if given, else Turkish where the browser asks
/// for it first, else English.
pub fn texts(req: &HttpRequest) -> Texts {
    texts_for(req, None)
}

/// The language asked for in the page's query (`?lang=`), if any.
fn asked(req: &HttpRequest) -> Option<&str> {
    req.query_string()
        .split('&')
        .find_map(|pair| pair.strip_prefix("lang="))
}

/// The reader's language: `?lang=` if given, else the signed-in player's setting, else
/// Turkish where the browser asks for it first, else English.
pub fn texts_for(req: &HttpRequest, player: Option<&PlayerRow>) -> Texts {
    let asked = asked(req).or(player.map(|p| p.locale.as_str()));
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

/// Who reads the page (looked up off the async workers) and in which language.
pub async fn viewer(
    state: &web::Data<AppState>,
    req: &HttpRequest,
) -> Result<(Caller, Texts), ApiError> {
    let credentials = Credentials::read(req)?;
    let s = state.clone();
    let caller = web::block(move || credentials.resolve(&s.store)).await??;
    let t = match &caller {
        Caller::Player(p) => texts_for(req, Some(p)),
        _ => texts(req),
    };
    Ok((caller, t))
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
