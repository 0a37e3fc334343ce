//! What server-rendered pages share: the reader's language and the HTML answer.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;

use crate::http::error::ApiError;
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
    Reader::of(req).texts(player)
}

/// What a request says of its reader's language, to choose it where the request is not at hand
/// (off the async workers, once the signed-in player is known).
pub struct Reader {
    asked: Option<&'static str>,
    browser_tr: bool,
}

impl Reader {
    pub fn of(req: &HttpRequest) -> Reader {
        let accept = req
            .headers()
            .get(actix_web::http::header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        Reader {
            asked: asked(req).map(|l| Texts::for_locale(l).lang),
            browser_tr: accept.trim_start().to_ascii_lowercase().starts_with("tr"),
        }
    }

    pub fn texts(&self, player: Option<&PlayerRow>) -> Texts {
        match self.asked.or(player.map(|p| p.locale.as_str())) {
            Some(lang) => Texts::for_locale(lang),
            None if self.browser_tr => Texts::for_locale("tr"),
            None => Texts::for_locale("en"),
        }
    }
}

/// What the signed-in reader runs, for the pages' navigation.
#[derive(Debug, Clone, Copy, Default)]
pub struct Staff {
    pub organiser: bool,
    pub admin: bool,
}

impl Staff {
    pub fn of(player: Option<&crate::store::PlayerRow>) -> Staff {
        use crate::store::Role;
        player.map_or_else(Staff::default, |p| Staff {
            organiser: p.has_role(Role::Organiser),
            admin: p.has_role(Role::Admin),
        })
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

/// A form's `visibility` field: empty for the default, else one of the values of
/// [`domain::game::Visibility`].
pub fn visibility_field(text: Option<&str>) -> Result<Option<domain::game::Visibility>, ApiError> {
    match text.map(str::trim).unwrap_or("") {
        "" => Ok(None),
        v => domain::game::Visibility::parse(v)
            .map(Some)
            .ok_or_else(|| ApiError::bad_request("visibility: public, signed_in or participants")),
    }
}

/// The tablebase rule a form chose (none chosen: off).
pub fn tablebase_field(
    text: Option<&str>,
) -> Result<domain::game::tablebase::TablebaseRule, ApiError> {
    match text.map(str::trim).unwrap_or("") {
        "" => Ok(Default::default()),
        v => domain::game::tablebase::TablebaseRule::parse(v)
            .ok_or_else(|| ApiError::bad_request("tablebase: off, claim or automatic")),
    }
}

/// Only pages post forms, so a form that cannot be read is answered with a page in the reader's
/// language (a field missing, a number that is not one, a form too large); nothing changes.
pub fn form_error(
    err: actix_web::error::UrlencodedError,
    req: &actix_web::HttpRequest,
) -> actix_web::Error {
    use actix_web::error::UrlencodedError as U;
    let (status, text) = match &err {
        U::Overflow { .. } | U::UnknownLength => {
            (StatusCode::PAYLOAD_TOO_LARGE, "form-refused-too-large")
        }
        _ => (StatusCode::BAD_REQUEST, "form-refused"),
    };
    tracing::debug!(%err, "form refused");
    let notice = Notice {
        t: texts(req),
        title: "form-refused-title",
        text,
        link: None,
    };
    match html(status, &notice) {
        Ok(page) => actix_web::error::InternalError::from_response(err, page).into(),
        Err(e) => e.into(),
    }
}
