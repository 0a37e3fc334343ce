//! Cross-site request forgery: every form a page posts carries a token the server checks before
//! anything changes. The token is an HMAC, under a key of the service's own, of the reader's
//! session: for a signed-in reader, the hash of their session cookie; for a reader not signed
//! in, a random value this browser keeps in a cookie of its own (`zarf_csrf`: HttpOnly,
//! SameSite=Lax). Signing in opens a new session, so a token from before it no longer validates,
//! and one session's token is worth nothing in another. Another site's page can make the browser
//! post, but can neither read the cookies nor compute the token. Served over https, both cookies
//! carry the `__Host-` prefix (Secure, Path=/, no Domain: no other host may set them).
//!
//! The JSON API takes the session cookie too, but a write signed in by the cookie alone is
//! refused: it must carry the page's token in `X-CSRF-Token` and come from this site (its
//! `Origin`, or without one its `Referer`) — see [`api_write_refused`].

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::{header, Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::app::AppState;
use crate::http::error::ApiError;
use crate::http::page::{self, Notice};

/// The cookie that holds a signed-in reader's session.
pub const SESSION_COOKIE: &str = "zarf_session";

/// The cookie of a browser not signed in, as named over plain http.
pub const COOKIE: &str = "zarf_csrf";
/// The header a script sends the page's token in, for a write to the JSON API.
pub const HEADER: &str = "x-csrf-token";

/// The site is served over https: its cookies are Secure and `__Host-` named.
pub fn secure(state: &AppState) -> bool {
    state.public_url.starts_with("https://")
}

/// A cookie's name on this site: `__Host-<base>` over https, else `base`.
pub fn cookie_name(state: &AppState, base: &str) -> String {
    if secure(state) {
        format!("__Host-{base}")
    } else {
        base.to_owned()
    }
}

/// A cookie of this site: HttpOnly, SameSite=Lax, Path=/, no Domain, Secure over https.
pub fn site_cookie(state: &AppState, base: &str, value: String) -> Cookie<'static> {
    Cookie::build(cookie_name(state, base), value)
        .path("/")
        .http_only(true)
        .secure(secure(state))
        .same_site(SameSite::Lax)
        .finish()
}

/// The cookie that removes this site's cookie `base`.
pub fn removal(state: &AppState, base: &str) -> Cookie<'static> {
    let mut gone = site_cookie(state, base, String::new());
    gone.make_removal();
    gone
}

/// The value of this site's cookie `base` in `req`, if it has one.
pub fn cookie_value(state: &AppState, req: &HttpRequest, base: &str) -> Option<String> {
    req.cookie(&cookie_name(state, base))
        .map(|c| c.value().to_owned())
}

/// A page's token, and the cookie to set where the browser has none yet.
pub struct Csrf {
    pub token: String,
    cookie: Option<Cookie<'static>>,
}

fn mac(state: &AppState, bound_to: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(&state.envelope_key.derive("csrf"))
        .expect("HMAC takes a key of any length");
    mac.update(bound_to.as_bytes());
    mac
}

/// What a request's tokens are bound to: its session (the hash of the session cookie) if it
/// has one, else the browser's own random cookie; none without either.
fn bound_to(state: &AppState, req: &HttpRequest) -> Option<String> {
    if let Some(session) = cookie_value(state, req, SESSION_COOKIE) {
        return Some(format!(
            "session:{}",
            crate::app::tokens::token_hash(&session)
        ));
    }
    cookie_value(state, req, COOKIE)
        .filter(|v| v.len() == 64)
        .map(|v| format!("browser:{v}"))
}

impl Csrf {
    /// The token for the forms of the page answering `req`.
    pub fn for_page(state: &AppState, req: &HttpRequest) -> Csrf {
        let (bound, cookie) = match bound_to(state, req) {
            Some(b) => (b, None),
            None => {
                let value = crate::app::tokens::new_token();
                let bound = format!("browser:{value}");
                (bound, Some(site_cookie(state, COOKIE, value)))
            }
        };
        Csrf {
            token: hex::encode(mac(state, &bound).finalize().into_bytes()),
            cookie,
        }
    }

    /// The page, with the cookie where it is new.
    pub fn answer(self, mut page: HttpResponse) -> HttpResponse {
        if let Some(cookie) = self.cookie {
            let _ = page.add_cookie(&cookie);
        }
        page
    }
}

/// `token` is the token of `req`'s session (or browser).
fn valid(state: &AppState, req: &HttpRequest, token: Option<&str>) -> bool {
    match (
        bound_to(state, req),
        token.and_then(|t| hex::decode(t).ok()),
    ) {
        (Some(bound), Some(token)) => mac(state, &bound).verify_slice(&token).is_ok(),
        _ => false,
    }
}

/// Was this form posted by one of the service's own pages? `Ok(None)` if so; else the 403 page
/// to answer with (nothing may change).
pub fn refused(
    state: &AppState,
    req: &HttpRequest,
    token: Option<&str>,
) -> Result<Option<HttpResponse>, ApiError> {
    if valid(state, req, token) {
        return Ok(None);
    }
    page::html(
        StatusCode::FORBIDDEN,
        &Notice {
            t: page::texts(req),
            title: "csrf-refused-title",
            text: "csrf-refused",
            link: None,
        },
    )
    .map(Some)
}

/// `scheme://host[:port]` of a URL.
fn origin_of(url: &str) -> &str {
    let start = url.find("://").map_or(0, |i| i + 3);
    match url[start..].find('/') {
        Some(slash) => &url[..start + slash],
        None => url,
    }
}

/// The request comes from a page of this site: its `Origin` (or, without one, its `Referer`)
/// is the public URL's origin, or names the host the request was sent to.
fn from_this_site(state: &AppState, req: &HttpRequest) -> bool {
    let text = |name: header::HeaderName| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let Some(origin) = text(header::ORIGIN).or_else(|| text(header::REFERER)) else {
        return false;
    };
    let origin = origin_of(&origin);
    if origin.eq_ignore_ascii_case(origin_of(&state.public_url)) {
        return true;
    }
    let authority = origin.split_once("://").map(|(_, a)| a);
    match (authority, text(header::HOST)) {
        (Some(a), Some(host)) => !a.is_empty() && a.eq_ignore_ascii_case(&host),
        _ => false,
    }
}

/// A request to the JSON API signed in by the session cookie: `Some(403)` where it may change
/// something (any method but GET and HEAD) and does not carry the session's token in
/// `X-CSRF-Token` from a page of this site. Reads, and requests off the API, pass.
pub fn api_write_refused(state: &AppState, req: &HttpRequest) -> Option<ApiError> {
    let safe = matches!(*req.method(), Method::GET | Method::HEAD);
    if safe || !req.path().starts_with("/api/") {
        return None;
    }
    let token = req.headers().get(HEADER).and_then(|v| v.to_str().ok());
    if valid(state, req, token) && from_this_site(state, req) {
        return None;
    }
    Some(ApiError::forbidden(
        "a write signed in by the pages' cookie needs the page's X-CSRF-Token header and this \
         site's Origin; programs use a bearer token",
    ))
}

#[cfg(test)]
mod tests {
    use super::origin_of;

    #[test]
    fn an_origin_is_the_scheme_and_authority() {
        assert_eq!(
            origin_of("https://zarf.example.org/okul"),
            "https://zarf.example.org"
        );
        assert_eq!(origin_of("http://127.0.0.1:8080"), "http://127.0.0.1:8080");
        assert_eq!(
            origin_of("http://127.0.0.1:8080/games/1?x=y"),
            "http://127.0.0.1:8080"
        );
    }
}
