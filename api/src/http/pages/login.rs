//! Signing in without a password: a link by mail (single use, 15 minutes, stored hashed; its
//! page signs in by a button, a POST) or a one-time code an organiser printed for a pupil
//! without e-mail (30 days unless they choose, the newest only); both open a session cookie.
//! Also the unsubscribe link and the mail preferences.

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::app::accounts::Email;
use crate::app::sign_in::{self, SESSION_DAYS};
use crate::app::{mail_settings, AppState};
use crate::http::csrf::{self, Csrf};
use crate::http::error::ApiError;
use crate::http::page::{self, Notice};
use crate::i18n::Texts;

use crate::http::csrf::SESSION_COOKIE;
/// Where a player who asked to sign in from a page goes once signed in (by link or code).
const NEXT_COOKIE: &str = "zarf_next";

#[derive(Template)]
#[template(path = "pages/login.html")]
struct LoginPage {
    t: Texts,
    csrf: String,
    /// Anyone may create an account here (sign-up is open).
    signup: bool,
}

#[derive(Deserialize)]
pub struct LoginQuery {
    next: Option<String>,
}

/// A path on this site to go to after signing in (never another site's address).
fn local_path(next: &str) -> Option<&str> {
    let ok = next.starts_with('/')
        && !next.starts_with("//")
        && next.len() <= 256
        && !next.chars().any(|c| c == '\\' || c.is_control());
    ok.then_some(next)
}

#[get("/login")]
pub async fn login_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    q: web::Query<LoginQuery>,
) -> Result<HttpResponse, ApiError> {
    let t = page::texts(&req);
    let csrf = Csrf::for_page(&state, &req);
    let mut answer = page::html(
        StatusCode::OK,
        &LoginPage {
            t,
            csrf: csrf.token.clone(),
            signup: state.signup == crate::config::Signup::Open,
        },
    )?;
    if let Some(next) = q.next.as_deref().and_then(local_path) {
        let cookie = Cookie::build(NEXT_COOKIE, next.to_owned())
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .max_age(actix_web::cookie::time::Duration::hours(1))
            .finish();
        let _ = answer.add_cookie(&cookie);
    }
    Ok(csrf.answer(answer))
}

#[derive(Deserialize)]
pub struct LoginForm {
    email: String,
    csrf: Option<String>,
}

/// Asks for a link. The answer is the same whether or not the address belongs to a player.
#[post("/login")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn request_link(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<LoginForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let ip = crate::http::client::client_address(&req).key();
    let address = Email::parse(&form.email)
        .map(|e| e.as_str().to_owned())
        .unwrap_or_default();
    // A client asking too often, for any address or again for this one, is told so; a stranger
    // elsewhere asking for this address uses a count of their own, so cannot lock its owner out.
    if !state
        .login_limits
        .allow(&format!("{address} from {ip}"), &ip)
    {
        return Err(ApiError::rate_limited());
    }
    // Asked for from many places, an address gets no more mail past its cap this hour, and the
    // page answers as ever: nobody can flood an inbox, nor learn the cap was reached.
    if !address.is_empty() && state.sign_in_mail_cap.allow_key(&address) {
        web::block(move || sign_in::ask_for_link(&state, &address)).await??;
    }
    page::html(
        StatusCode::OK,
        &Notice {
            t: page::texts(&req),
            title: "login-sent-title",
            text: "login-sent",
            link: None,
        },
    )
}

/// Signed in: the session cookie, and on to the page the player asked to sign in from.
fn session_response(state: &AppState, req: &HttpRequest, token: String) -> HttpResponse {
    let mut cookie = csrf::site_cookie(state, SESSION_COOKIE, token);
    cookie.set_max_age(actix_web::cookie::time::Duration::days(SESSION_DAYS));
    let next = req
        .cookie(NEXT_COOKIE)
        .and_then(|c| local_path(c.value()).map(str::to_owned))
        .unwrap_or_else(|| "/".to_owned());
    let mut answer = HttpResponse::SeeOther()
        .insert_header(("location", next))
        .cookie(cookie)
        .finish();
    let mut gone = Cookie::build(NEXT_COOKIE, "").path("/").finish();
    gone.make_removal();
    let _ = answer.add_cookie(&gone);
    answer
}

#[derive(Deserialize)]
pub struct LogoutForm {
    csrf: Option<String>,
}

/// Signs out: the session ends on the server and its cookie is removed.
#[post("/logout")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn logout(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<LogoutForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let gone = csrf::removal(&state, SESSION_COOKIE);
    if let Some(session) = csrf::cookie_value(&state, &req, SESSION_COOKIE) {
        web::block(move || sign_in::end_session(&state, &session)).await??;
    }
    let lang = page::texts(&req).lang;
    Ok(HttpResponse::SeeOther()
        .insert_header(("location", format!("/login?lang={lang}")))
        .cookie(gone)
        .finish())
}

/// A link, code or unsubscribe token that does not work: 400.
fn refused(req: &HttpRequest) -> Result<HttpResponse, ApiError> {
    page::html(
        StatusCode::BAD_REQUEST,
        &Notice {
            t: page::texts(req),
            title: "login-refused-title",
            text: "login-refused",
            link: Some(("/login", "login-ask-again")),
        },
    )
}

/// A page, or the refusal if there is no session to open.
fn session_or_refused(
    state: &AppState,
    req: &HttpRequest,
    session: Option<String>,
) -> Result<HttpResponse, ApiError> {
    match session {
        Some(token) => Ok(session_response(state, req, token)),
        None => refused(req),
    }
}

/// The page a mailed sign-in link opens: who it signs in, and a button that does (a POST). The
/// GET spends nothing, so a mail scanner that follows the link leaves it usable, and another
/// site cannot sign a browser into an account by sending it there. Neither cached nor sent on
/// as a referrer: its address holds the link.
#[derive(Template)]
#[template(path = "pages/login-link.html")]
struct LinkPage {
    t: Texts,
    csrf: String,
    token: String,
    name: String,
}

/// Keeps a page holding a secret out of caches and other sites' referrers.
fn private(mut answer: HttpResponse) -> HttpResponse {
    use actix_web::http::header::{HeaderValue, CACHE_CONTROL, REFERRER_POLICY};
    let headers = answer.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    answer
}

#[get("/login/{token}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn link_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    token: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let token = token.into_inner();
    let (s, asked) = (state.clone(), token.clone());
    let player = web::block(move || sign_in::link_player(&s, &asked)).await??;
    let Some(player) = player else {
        return refused(&req).map(private);
    };
    let csrf = Csrf::for_page(&state, &req);
    let page = page::html(
        StatusCode::OK,
        &LinkPage {
            t: page::texts_for(&req, Some(&player)),
            csrf: csrf.token.clone(),
            token,
            name: player.name,
        },
    )?;
    Ok(private(csrf.answer(page)))
}

#[derive(Deserialize)]
pub struct LinkForm {
    token: String,
    csrf: Option<String>,
}

/// Signs in with a mailed link, posted from its page: spends the link, opens a session.
#[post("/login/link")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn use_link(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<LinkForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (s, token) = (state.clone(), form.into_inner().token);
    let session = web::block(move || sign_in::sign_in_by_link(&s, &token)).await??;
    session_or_refused(&state, &req, session)
}

#[derive(Deserialize)]
pub struct CodeForm {
    code: String,
    csrf: Option<String>,
}

#[post("/login/code")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn use_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<CodeForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    // Wrong codes count against the client address (a wrong code names no pupil); while it
    // is locked, every code from it is refused unchecked. Other addresses are not affected.
    let ip = crate::http::client::client_address(&req).key();
    if state.code_failures.blocked(&ip, std::time::Instant::now()) {
        return Err(ApiError::rate_limited());
    }
    let (s, code) = (state.clone(), form.into_inner().code);
    let session = web::block(move || sign_in::sign_in_by_code(&s, &code)).await??;
    if session.is_none() {
        state.code_failures.failed(&ip, std::time::Instant::now());
    }
    session_or_refused(&state, &req, session)
}

#[derive(Template)]
#[template(path = "pages/unsubscribe.html")]
struct UnsubscribePage<'a> {
    t: Texts,
    player: &'a str,
    token: &'a str,
}

#[derive(Deserialize)]
pub struct UnsubscribeQuery {
    player: String,
    token: String,
}

fn check_unsubscribe(state: &AppState, q: &UnsubscribeQuery) -> bool {
    crate::app::tokens::same_hash(&state.mail.unsubscribe_token(&q.player), &q.token)
}

#[get("/unsubscribe")]
pub async fn unsubscribe_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    q: web::Query<UnsubscribeQuery>,
) -> Result<HttpResponse, ApiError> {
    if !check_unsubscribe(&state, &q) {
        return refused(&req);
    }
    let form = UnsubscribePage {
        t: page::texts(&req),
        player: &q.player,
        token: &q.token,
    };
    page::html(StatusCode::OK, &form)
}

/// One click (RFC 8058: the mail client posts `List-Unsubscribe=One-Click`).
#[post("/unsubscribe")]
pub async fn unsubscribe(
    state: web::Data<AppState>,
    req: HttpRequest,
    q: web::Query<UnsubscribeQuery>,
) -> Result<HttpResponse, ApiError> {
    if !check_unsubscribe(&state, &q) {
        return refused(&req);
    }
    let player = q.player.clone();
    web::block(move || mail_settings::unsubscribe(&state, &player)).await??;
    page::html(
        StatusCode::OK,
        &Notice {
            t: page::texts(&req),
            title: "unsubscribed-title",
            text: "unsubscribed",
            link: None,
        },
    )
}
