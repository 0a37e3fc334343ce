//! Leave (vacation) and the arbiter's added time.

use actix_web::{delete, post, web, HttpResponse};
use domain::game::{LeaveProblem, Rejection, Side, MAX_LEAVE_AHEAD_DAYS};
use domain::PlayerId;
use serde::{Deserialize, Serialize};
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, OffsetDateTime};
use utoipa::ToSchema;

use crate::app::leave;
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::game_commands::{ok_game, run};
use crate::store::{self, rfc3339};
use domain::games::Command;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaveBody {
    /// When the leave starts: an RFC 3339 time, or a date (`2026-12-24`, from midnight UTC, or
    /// from now if that is today). Not in the past.
    pub from: String,
    /// Whole days of leave.
    #[serde(deserialize_with = "domain::whole::u32")]
    pub days: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LeaveAnswer {
    pub from: String,
    pub until: String,
    /// The games whose clocks stop.
    pub games: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeBody {
    #[schema(schema_with = crate::http::api::schema::side)]
    pub side: Side,
    #[serde(deserialize_with = "domain::whole::u64")]
    pub seconds: u64,
    pub reason: String,
}

/// The calling player, their id, language, and the time: who takes or ends leave.
fn leave_taker(
    caller: &Caller,
) -> Result<(PlayerId, domain::game::Locale, OffsetDateTime), ApiError> {
    let player = caller
        .require()?
        .player()
        .cloned()
        .ok_or_else(|| ApiError::bad_request("only players take leave"))?;
    let me = PlayerId::parse(&player.id)
        .map_err(|_| ApiError::internal(anyhow::anyhow!("bad player id")))?;
    Ok((me, caller.locale(), store::now()))
}

fn parse_from(text: &str, now: OffsetDateTime) -> Result<OffsetDateTime, ApiError> {
    let t = text.trim();
    if let Ok(at) = OffsetDateTime::parse(t, &Rfc3339) {
        // A time in the past is refused by the rules (no leave backwards).
        return Ok(at);
    }
    let date = Date::parse(t, format_description!("[year]-[month]-[day]")).map_err(|_| {
        ApiError::bad_request("from must be an RFC 3339 time or a date such as 2026-12-24")
    })?;
    let midnight = date.midnight().assume_utc();
    // Today's date means "from now".
    Ok(if date == now.date() { now } else { midnight })
}

#[utoipa::path(
    post, path = "/api/v1/me/leave", tag = "clocks",
    description = "Take leave: the clocks of all the caller's games stop for that time. The yearly allowance (30 days unless the event set another) is checked in every game.",
    request_body = LeaveBody,
    responses(
        (status = 200, body = LeaveAnswer),
        (status = 400, body = ErrorBody),
        (status = 422, description = "invalid_leave, leave_allowance_exceeded", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/me/leave")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn take_leave(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<LeaveBody>,
) -> Result<HttpResponse, ApiError> {
    let (me, locale, now) = leave_taker(&caller)?;
    let from = parse_from(&body.from, now)?;
    if body.days == 0 || body.days > 366 {
        return Err(ApiError::bad_request("days must be 1 to 366"));
    }
    // Leave is planned within the coming year; never date arithmetic that could overflow.
    if from > now + time::Duration::days(MAX_LEAVE_AHEAD_DAYS) {
        return Err(ApiError::rejection(
            &Rejection::InvalidLeave(LeaveProblem::TooFarAhead {
                days: MAX_LEAVE_AHEAD_DAYS,
            }),
            locale,
        ));
    }
    let until = from
        .checked_add(time::Duration::days(i64::from(body.days)))
        .ok_or_else(|| ApiError::bad_request("from is out of range"))?;
    let answer = web::block(move || -> Result<LeaveAnswer, ApiError> {
        let games =
            leave::take(&state, &me, from, until, now).map_err(|e| ApiError::command(e, locale))?;
        Ok(LeaveAnswer {
            from: rfc3339(from),
            until: rfc3339(until),
            games: games.iter().map(|g| g.to_string()).collect(),
        })
    })
    .await??;
    Ok(HttpResponse::Ok().json(answer))
}

#[utoipa::path(
    delete, path = "/api/v1/me/leave", tag = "clocks",
    description = "End the caller's leave now, in every game.",
    responses((status = 200, body = LeaveAnswer), (status = 409, description = "no_leave", body = ErrorBody)),
    security(("bearer" = []))
)]
#[delete("/api/v1/me/leave")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn end_leave(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    let (me, locale, now) = leave_taker(&caller)?;
    let ended = web::block(move || leave::end(&state, &me, now))
        .await?
        .map_err(|e| ApiError::command(e, locale))?;
    Ok(HttpResponse::Ok().json(LeaveAnswer {
        from: rfc3339(now),
        until: rfc3339(now),
        games: ended.iter().map(|g| g.to_string()).collect(),
    }))
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/time", tag = "clocks",
    description = "An arbiter (the game's organiser, or the admin) gives a side more time, with a reason.",
    params(("id" = String, Path)),
    request_body = TimeBody,
    responses((status = 200, body = crate::app::views::GameView), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/time")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn add_time(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<TimeBody>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let body = body.into_inner();
    let command = Command::AddTime {
        side: body.side,
        seconds: body.seconds,
        reason: body.reason,
    };
    Ok(ok_game(
        &run(state, caller, id.into_inner(), command, None).await?,
    ))
}
