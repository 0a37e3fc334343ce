//! Sign-in codes and mail settings over the JSON API: a pupil's one-time code (or its printable
//! card), and a player's mail preferences.

use crate::app::sign_in::{self};
use crate::app::{mail_settings, AppState};
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::page::{self};
use crate::i18n::Texts;
use crate::store;
use actix_web::http::StatusCode;
use actix_web::{post, put, web, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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
