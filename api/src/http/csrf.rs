//! Cross-site request forgery: every form a page posts carries a token the server checks before
//! anything changes. The token is an HMAC, under a key of the service's own, of a random value
//! this browser keeps in a cookie (`zarf_csrf`: HttpOnly, SameSite=Lax): another site's page can
//! make the browser post, but can neither read the cookie nor compute the token.

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::error::ApiError;
use super::page::{self, Notice};
use crate::app::AppState;

pub const COOKIE: &str = "zarf_csrf";

/// A page's token, and the cookie to set where the browser has none yet.
pub struct Csrf {
    pub token: String,
    cookie: Option<Cookie<'static>>,
}

fn mac(state: &AppState, value: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(&state.envelope_key.derive("csrf"))
        .expect("HMAC takes a key of any length");
    mac.update(value.as_bytes());
    mac
}

impl Csrf {
    /// The token for the forms of the page answering `req`.
    pub fn for_page(state: &AppState, req: &HttpRequest) -> Csrf {
        let (value, cookie) = match req.cookie(COOKIE).filter(|c| c.value().len() == 64) {
            Some(c) => (c.value().to_owned(), None),
            None => {
                let value = crate::app::tokens::new_token();
                let cookie = Cookie::build(COOKIE, value.clone())
                    .path("/")
                    .http_only(true)
                    .secure(state.public_url.starts_with("https://"))
                    .same_site(SameSite::Lax)
                    .finish();
                (value, Some(cookie))
            }
        };
        Csrf {
            token: hex::encode(mac(state, &value).finalize().into_bytes()),
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

/// Was this form posted by one of the service's own pages? `Ok(None)` if so; else the 403 page
/// to answer with (nothing may change).
pub fn refused(
    state: &AppState,
    req: &HttpRequest,
    token: Option<&str>,
) -> Result<Option<HttpResponse>, ApiError> {
    let valid = match (req.cookie(COOKIE), token.and_then(|t| hex::decode(t).ok())) {
        (Some(cookie), Some(token)) => mac(state, cookie.value()).verify_slice(&token).is_ok(),
        _ => false,
    };
    if valid {
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
