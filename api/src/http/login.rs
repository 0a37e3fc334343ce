//! Signing in without a password: a link by mail (single use, 15 minutes, stored hashed; its
//! page signs in by a button, a POST) or a one-time code an organiser printed for a pupil
//! without e-mail (30 days unless they choose, the newest only); both open a session cookie.
//! Also the unsubscribe link and the mail preferences.

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::StatusCode;
use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::Caller;
use super::csrf::{self, Csrf};
use super::error::{ApiError, ErrorBody};
use super::page::{self, Notice};
use super::players::Email;
use crate::app::sign_in::{self, SESSION_DAYS};
use crate::app::{mail_settings, AppState};
use crate::i18n::Texts;
use crate::store;

pub const SESSION_COOKIE: &str = "zarf_session";
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
    let ip = super::client::client_address(&req).key();
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
    let ip = super::client::client_address(&req).key();
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

#[derive(Debug, Serialize, ToSchema)]
pub struct LoginCode {
    pub player: String,
    /// Shown once; stored only hashed. Works once, at /login, until `expires_at`; a newer code
    /// for the player cancels it.
    pub code: String,
    /// When the code stops working (RFC 3339).
    pub expires_at: String,
}

#[derive(Debug, Deserialize)]
pub struct CodeQuery {
    format: Option<String>,
    /// How many days the code works (1 to 365; default 30).
    days: Option<i64>,
}

/// What `POST /api/v1/players/{id}/login-code` may be sent (or nothing).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CodeRequest {
    /// How many days the code works: 1 to 365 (default 30).
    #[schema(minimum = 1, maximum = 365)]
    #[serde(default, deserialize_with = "domain::whole::opt_u32")]
    pub days: Option<u32>,
}

/// The days a code is asked to live, from the body (JSON, or empty) or the query: 400 if the
/// body is not a [`CodeRequest`] or either gives days that are not 1 to 365 (the body's win
/// where both are valid).
fn code_days(body: &[u8], q: &CodeQuery) -> Result<i64, ApiError> {
    let out_of_range = || ApiError::bad_request(format!("days: 1 to {}", sign_in::MAX_CODE_DAYS));
    if q.days.is_some() && sign_in::code_days(q.days).is_none() {
        return Err(out_of_range());
    }
    let asked = if body.iter().all(u8::is_ascii_whitespace) {
        None
    } else {
        serde_json::from_slice::<CodeRequest>(body)
            .map_err(|e| ApiError::bad_request(format!("the body is not valid: {e}")))?
            .days
            .map(i64::from)
    };
    sign_in::code_days(asked.or(q.days)).ok_or_else(out_of_range)
}

#[utoipa::path(
    post, path = "/api/v1/players/{id}/login-code", tag = "players",
    description = "A one-time login code for a pupil without e-mail (the admin, or the organiser who made the pupil; never for an organiser's or admin's account). It works once, for `days` days (1 to 365, default 30; in the body or the query), and cancels the pupil's older codes. `?format=html` gives a printable card.",
    params(("id" = String, Path), ("days" = Option<i64>, Query, minimum = 1, maximum = 365, description = "How many days the code works (1 to 365; default 30).")),
    request_body(content = CodeRequest, description = "Optional: the body may be empty."),
    responses((status = 201, body = LoginCode), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/v1/players/{id}/login-code")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn login_code(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    q: web::Query<CodeQuery>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let days = code_days(&body, &q)?;
    let id = id.into_inner();
    let (player, (code, expires_at)) = web::block(move || -> Result<_, ApiError> {
        let p = sign_in::code_may_be_made(&state, caller.acting()?, &id)?
            .map_err(|denied| ApiError::denied(denied, locale))?;
        let code = sign_in::issue_code(&state, &p.id, days)?;
        Ok((p, code))
    })
    .await??;
    if q.format.as_deref() == Some("html") {
        let card = LoginCard {
            t: Texts::of(locale),
            name: player.name,
            code,
        };
        return page::html(StatusCode::OK, &card);
    }
    Ok(HttpResponse::Created().json(LoginCode {
        player: player.id,
        code,
        expires_at: store::rfc3339(expires_at),
    }))
}

/// A printable card with a pupil's one-time code.
#[derive(Template)]
#[template(path = "pages/login-card.html")]
struct LoginCard {
    t: Texts,
    name: String,
    code: String,
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

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MailPreferences {
    /// `every_event` (default), `digest` or `reminders_only`.
    pub mode: String,
    /// Hour of the daily digest (0-23), in the player's time zone.
    #[serde(default, deserialize_with = "domain::whole::opt_i32")]
    pub digest_hour: Option<i32>,
    /// A fixed offset from UTC in minutes (-720 to 840), in place of a named time zone.
    #[serde(default, deserialize_with = "domain::whole::opt_i32")]
    pub utc_offset_minutes: Option<i32>,
    /// A named time zone of the tz database (`Europe/Istanbul`, `Europe/London`): the digest
    /// hour, deadlines and leave follow its summer time. Takes the place of `utc_offset_minutes`.
    #[schema(max_length = 64, example = "Europe/Istanbul")]
    pub time_zone: Option<String>,
}

#[utoipa::path(
    put, path = "/api/v1/me/mail", tag = "players",
    request_body = MailPreferences,
    responses((status = 204), (status = 400, body = ErrorBody)),
    security(("bearer" = []))
)]
#[put("/api/v1/me/mail")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn mail_preferences(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<MailPreferences>,
) -> Result<HttpResponse, ApiError> {
    let p = caller
        .require()?
        .player()
        .cloned()
        .ok_or_else(|| ApiError::bad_request("only players get mail"))?;
    let b = body.into_inner();
    let mail = mail_settings::MailChoice {
        mode: b.mode,
        digest_hour: b.digest_hour,
        utc_offset_minutes: b.utc_offset_minutes,
        time_zone: b.time_zone,
    }
    .settings_for(&p)
    .map_err(|e| ApiError::bad_request(e.to_string()))?;
    web::block(move || mail_settings::set(&state, &p.id, &mail)).await??;
    Ok(HttpResponse::NoContent().finish())
}
