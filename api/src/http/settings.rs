//! A player's settings page: name, language, notation, time zone, mail, and leave (which stops
//! the clocks of all their games). The same rules as `PATCH /api/v1/me`, `PUT /api/v1/me/mail`
//! and `/api/v1/me/leave`.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use domain::chess::Notation;
use domain::game::Locale;
use domain::PlayerId;
use serde::Deserialize;
use time::macros::format_description;
use time::{Date, OffsetDateTime, UtcOffset};

use super::auth::Caller;
use super::error::ApiError;
use super::page;
use super::players::{change_settings, SettingsChange};
use crate::app::{leave, AppState};
use crate::i18n::Texts;
use crate::store::{self, PlayerRow};

/// The offsets from UTC a player may choose, in minutes: every zone in use.
const UTC_OFFSETS: [i32; 38] = [
    -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120,
    180, 210, 240, 270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765,
    780, 840,
];

const MAIL_MODES: [&str; 3] = ["every_event", "digest", "reminders_only"];

#[derive(Template)]
#[template(path = "pages/settings.html")]
struct SettingsPage {
    t: Texts,
    p: PlayerRow,
    signed_in: Option<String>,
    csrf: String,
    here: &'static str,
    organiser: bool,
    /// A notice that the settings were saved.
    saved: bool,
    /// Why a change was refused.
    refused: Option<String>,
    notations: Vec<(&'static str, String)>,
    offsets: Vec<(i32, String)>,
    leave: leave::Standing,
    /// "Days of leave left this year: …", where a game has a clock.
    leave_left: Option<String>,
    /// The running or planned leave, in the player's time zone.
    leave_text: Option<String>,
    /// Today's date in the player's time zone (the first day leave may start).
    today: String,
}

impl SettingsPage {
    fn mail_mode_key(mode: &str) -> String {
        format!("page-settings-mail-{}", mode.replace('_', "-"))
    }
}

/// `UTC+03:00` for 180.
fn offset_label(minutes: i32) -> String {
    let sign = if minutes < 0 { '-' } else { '+' };
    let m = minutes.abs();
    format!("UTC{sign}{:02}:{:02}", m / 60, m % 60)
}

fn local_today(now: OffsetDateTime, offset_minutes: i32) -> Date {
    let offset = UtcOffset::from_whole_seconds(offset_minutes * 60).unwrap_or(UtcOffset::UTC);
    now.to_offset(offset).date()
}

/// The settings page for `p`, answered with `status`.
async fn render(
    state: web::Data<AppState>,
    req: &HttpRequest,
    p: PlayerRow,
    saved: bool,
    refused: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, ApiError> {
    let t = page::texts_for(req, Some(&p));
    let csrf = super::csrf::Csrf::for_page(&state, req);
    let now = store::now();
    let me = player_id(&p)?;
    let s = state.clone();
    let standing = web::block(move || leave::standing(&s, &me, now))
        .await?
        .map_err(|e| ApiError::command(e, t.locale()))?;
    let leave_text = standing.leave.map(|(from, until)| {
        let at = |when| t.local_time(when, p.utc_offset_minutes);
        t.get("page-leave-on", &[("from", at(from)), ("until", at(until))])
    });
    let page = SettingsPage {
        t,
        signed_in: Some(t.get("page-signed-in-as", &[("name", p.name.clone())])),
        csrf: csrf.token.clone(),
        here: "/settings",
        organiser: p.has_role(crate::store::Role::Organiser),
        saved,
        refused,
        notations: Notation::ALL
            .iter()
            .map(|n| (n.as_str(), t.text(&format!("notation-{}", n.as_str()))))
            .collect(),
        offsets: UTC_OFFSETS.iter().map(|&m| (m, offset_label(m))).collect(),
        leave_left: standing
            .days_left
            .map(|d| t.get("page-leave-left", &[("days", d.to_string())])),
        leave: standing,
        leave_text,
        today: local_today(now, p.utc_offset_minutes).to_string(),
        p,
    };
    Ok(csrf.answer(page::html(status, &page)?))
}

fn player_id(p: &PlayerRow) -> Result<PlayerId, ApiError> {
    PlayerId::parse(&p.id).map_err(|_| ApiError::internal(anyhow::anyhow!("bad player id")))
}

/// The signed-in player, or where to send a reader who is not.
async fn signed_in(
    state: &web::Data<AppState>,
    req: &HttpRequest,
) -> Result<Result<PlayerRow, HttpResponse>, ApiError> {
    let (caller, t) = page::viewer(state, req).await?;
    Ok(match caller {
        Caller::Player(p) => Ok(*p),
        _ => Err(HttpResponse::SeeOther()
            .insert_header(("location", format!("/login?lang={}&next=/settings", t.lang)))
            .finish()),
    })
}

/// The signed-in player posting a form with its token; else the answer (403 without the token,
/// to sign in without a session).
async fn poster(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    csrf: Option<&str>,
) -> Result<Result<PlayerRow, HttpResponse>, ApiError> {
    if let Some(refusal) = super::csrf::refused(state, req, csrf)? {
        return Ok(Err(refusal));
    }
    signed_in(state, req).await
}

#[get("/settings")]
pub async fn settings_page(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let p = match signed_in(&state, &req).await? {
        Ok(p) => p,
        Err(to_sign_in) => return Ok(to_sign_in),
    };
    let saved = req.query_string().split('&').any(|q| q == "saved=1");
    render(state, &req, p, saved, None, StatusCode::OK).await
}

#[derive(Deserialize)]
pub struct SettingsForm {
    name: String,
    locale: String,
    /// A notation's name, or empty for the page's language.
    notation: String,
    utc_offset_minutes: i32,
    mail_mode: String,
    digest_hour: i32,
    csrf: Option<String>,
}

/// What the form asks to change, or why it cannot be.
fn read_form(form: &SettingsForm) -> Result<SettingsChange, ApiError> {
    let locale = Locale::parse(&form.locale)
        .ok_or_else(|| ApiError::bad_request("locale must be en or tr"))?;
    let notation = match form.notation.as_str() {
        "" => None,
        n => Some(Notation::parse(n).ok_or_else(|| ApiError::bad_request("not a notation"))?),
    };
    if !MAIL_MODES.contains(&form.mail_mode.as_str())
        || !(0..24).contains(&form.digest_hour)
        || !UTC_OFFSETS.contains(&form.utc_offset_minutes)
    {
        return Err(ApiError::bad_request(
            "mail_mode, digest_hour or utc_offset_minutes out of range",
        )
        .with_text("error-settings-range", &[]));
    }
    Ok(SettingsChange {
        name: Some(form.name.clone()),
        locale: Some(locale),
        notation: Some(notation),
    })
}

/// Saves the settings form; back to the page, in the language just chosen.
#[post("/settings")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn settings_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<SettingsForm>,
) -> Result<HttpResponse, ApiError> {
    let p = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(p) => p,
        Err(answer) => return Ok(answer),
    };
    let change = match read_form(&form) {
        Ok(change) => change,
        Err(e) => {
            let (status, reason) = (e.status, e.reason(&page::texts_for(&req, Some(&p))));
            return render(state, &req, p, false, Some(reason), status).await;
        }
    };
    let lang = change.locale.map_or("en", |l| l.as_str());
    let s = state.clone();
    let form = form.into_inner();
    let p2 = p.clone();
    let done = web::block(move || -> Result<(), ApiError> {
        let mail = (
            form.mail_mode.as_str(),
            form.digest_hour,
            form.utc_offset_minutes,
        );
        change_settings(&s, &p2, change, Some(mail))
    })
    .await?;
    match done {
        Ok(()) => Ok(HttpResponse::SeeOther()
            .insert_header(("location", format!("/settings?lang={lang}&saved=1")))
            .finish()),
        Err(e) if e.status.is_client_error() => {
            let (status, reason) = (e.status, e.reason(&page::texts_for(&req, Some(&p))));
            render(state, &req, p, false, Some(reason), status).await
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize)]
pub struct LeaveForm {
    /// The first day, in the player's time zone (`2026-12-24`); today means from now.
    from: String,
    days: u32,
    csrf: Option<String>,
}

#[derive(Deserialize)]
pub struct CsrfOnly {
    csrf: Option<String>,
}

/// Takes leave from the page: from midnight of the first day in the player's time zone (from
/// now if that is today), in every game with a clock.
#[post("/settings/leave")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn take_leave_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<LeaveForm>,
) -> Result<HttpResponse, ApiError> {
    let p = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(p) => p,
        Err(answer) => return Ok(answer),
    };
    let t = page::texts_for(&req, Some(&p));
    let now = store::now();
    let span = leave_span(&form, p.utc_offset_minutes, now, t);
    let (from, until) = match span {
        Ok(span) => span,
        Err(reason) => {
            return render(state, &req, p, false, Some(reason), StatusCode::BAD_REQUEST).await
        }
    };
    let me = player_id(&p)?;
    let s = state.clone();
    let taken = web::block(move || leave::take(&s, &me, from, until, now)).await?;
    answer(state, &req, p, taken.map(|_| ()), t).await
}

/// The leave the form asks for, or why it cannot be read.
fn leave_span(
    form: &LeaveForm,
    offset_minutes: i32,
    now: OffsetDateTime,
    t: Texts,
) -> Result<(OffsetDateTime, OffsetDateTime), String> {
    let date = Date::parse(
        form.from.trim(),
        format_description!("[year]-[month]-[day]"),
    )
    .map_err(|_| t.text("page-leave-bad-date"))?;
    if !(1..=366).contains(&form.days) {
        return Err(t.text("page-leave-bad-days"));
    }
    let offset = UtcOffset::from_whole_seconds(offset_minutes * 60).unwrap_or(UtcOffset::UTC);
    let midnight = date.midnight().assume_offset(offset);
    let from = if date == local_today(now, offset_minutes) {
        now
    } else {
        midnight
    };
    // The rules refuse a start in the past or too far ahead; the arithmetic must not overflow.
    let until = midnight
        .checked_add(time::Duration::days(i64::from(form.days)))
        .ok_or_else(|| t.text("page-leave-bad-date"))?;
    Ok((from, until))
}

/// Ends the player's leave now, in every game.
#[post("/settings/leave/end")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn end_leave_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, ApiError> {
    let p = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(p) => p,
        Err(answer) => return Ok(answer),
    };
    let t = page::texts_for(&req, Some(&p));
    let me = player_id(&p)?;
    let s = state.clone();
    let ended = web::block(move || leave::end(&s, &me, store::now())).await?;
    answer(state, &req, p, ended.map(|_| ()), t).await
}

/// Back to the page after a leave command: saved, or the rules' reason.
async fn answer(
    state: web::Data<AppState>,
    req: &HttpRequest,
    p: PlayerRow,
    done: Result<(), crate::app::CommandError>,
    t: Texts,
) -> Result<HttpResponse, ApiError> {
    match done.map_err(|e| ApiError::command(e, t.locale())) {
        Ok(()) => Ok(HttpResponse::SeeOther()
            .insert_header(("location", format!("/settings?lang={}&saved=1", t.lang)))
            .finish()),
        Err(e) if e.status.is_client_error() => {
            let (status, reason) = (e.status, e.reason(&t));
            render(state, req, p, false, Some(reason), status).await
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_are_labelled_as_clocks_show_them() {
        assert_eq!(offset_label(180), "UTC+03:00");
        assert_eq!(offset_label(-210), "UTC-03:30");
        assert_eq!(offset_label(0), "UTC+00:00");
        assert!(UTC_OFFSETS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn leave_starts_at_local_midnight_or_now() {
        let t = Texts::for_locale("en");
        let now = time::macros::datetime!(2026-11-24 22:30 UTC);
        let form = |from: &str, days| LeaveForm {
            from: from.into(),
            days,
            csrf: None,
        };
        // In Istanbul it is already the 25th: that is today, so from now.
        let (from, until) = leave_span(&form("2026-11-25", 2), 180, now, t).unwrap();
        assert_eq!(from, now);
        assert_eq!(until, time::macros::datetime!(2026-11-26 21:00 UTC));
        let (from, _) = leave_span(&form("2026-12-01", 1), 180, now, t).unwrap();
        assert_eq!(from, time::macros::datetime!(2026-11-30 21:00 UTC));
        assert!(leave_span(&form("2026-13-01", 1), 0, now, t).is_err());
        assert!(leave_span(&form("2026-12-01", 0), 0, now, t).is_err());
        assert!(leave_span(&form("2026-12-01", 367), 0, now, t).is_err());
    }
}
