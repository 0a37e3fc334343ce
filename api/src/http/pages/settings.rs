//! A player's settings page: name, language, notation, time zone, mail, and leave (which stops
//! the clocks of all their games). The same rules as `PATCH /api/v1/me`, `PUT /api/v1/me/mail`
//! and `/api/v1/me/leave`.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use domain::game::Locale;
use domain::games::Notation;
use domain::PlayerId;
use serde::Deserialize;
use time::macros::format_description;
use time::{Date, OffsetDateTime};

use crate::app::mail_settings::MailChoice;
use crate::app::new_accounts::{self, Settings};
use crate::app::{challenges, leave, AppState};
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;
use crate::i18n::Texts;
use crate::store::{self, MailSettings, PlayerRow};
use crate::zone::{self, Zone, UTC_OFFSETS};

#[derive(Template)]
#[template(path = "pages/settings.html")]
struct SettingsPage {
    t: Texts,
    p: PlayerRow,
    signed_in: Option<String>,
    csrf: String,
    here: &'static str,
    staff: crate::http::page::Staff,
    /// A notice that the settings were saved.
    saved: bool,
    /// Why a change was refused.
    refused: Option<String>,
    notations: Vec<(&'static str, String)>,
    /// The named zones, then the fixed offsets (each written as the form sends it).
    zones: &'static [String],
    offsets: Vec<String>,
    /// The player's choice among them.
    zone: String,
    /// Whether the choice is among them (a zone set over the API may be another name of the tz
    /// database, or another offset, offered then as well so that saving the form keeps it).
    listed: bool,
    leave: leave::Standing,
    /// "Days of leave left this year: …", where a game has a clock.
    leave_left: Option<String>,
    /// The running or planned leave, in the player's time zone.
    leave_text: Option<String>,
    /// Today's date in the player's time zone (the first day leave may start).
    today: String,
    /// Whom a player may take challenges from, each with its words.
    challenges_from: Vec<(&'static str, String)>,
    /// Sign-up is by invitation: the player may make invitation links.
    invites: bool,
}

impl SettingsPage {
    fn mail_mode_key(mode: &str) -> String {
        format!("page-settings-mail-{}", mode.replace('_', "-"))
    }
}

fn local_today(now: OffsetDateTime, zone: &Zone) -> Date {
    zone.local(now).date()
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
    let csrf = crate::http::csrf::Csrf::for_page(&state, req);
    let now = store::now();
    let me = player_id(&p)?;
    let s = state.clone();
    let standing = web::block(move || leave::standing(&s, &me, now))
        .await?
        .map_err(|e| ApiError::command(e, t.locale()))?;
    let zone = Zone::of(&p);
    let offsets: Vec<String> = UTC_OFFSETS.iter().map(|&m| zone::offset_label(m)).collect();
    let choice = zone.choice();
    let leave_text = standing.leave.map(|(from, until)| {
        let at = |when| t.local_time(when, &zone);
        t.get("page-leave-on", &[("from", at(from)), ("until", at(until))])
    });
    let page = SettingsPage {
        t,
        signed_in: Some(t.get("page-signed-in-as", &[("name", p.name.clone())])),
        csrf: csrf.token.clone(),
        here: "/settings",
        staff: crate::http::page::Staff::of(Some(&p)),
        saved,
        refused,
        notations: Notation::all()
            .map(|n| (n.as_str(), t.text(&format!("notation-{}", n.as_str()))))
            .collect(),
        zones: zone::names(),
        listed: zone::names().contains(&choice) || offsets.contains(&choice),
        offsets,
        zone: choice,
        leave_left: standing
            .days_left
            .map(|d| t.get("page-leave-left", &[("days", d.to_string())])),
        leave: standing,
        leave_text,
        today: local_today(now, &zone).to_string(),
        challenges_from: challenges::FROM
            .iter()
            .map(|f| (*f, t.text(&format!("page-settings-challenges-{f}"))))
            .collect(),
        invites: state.signup == crate::config::Signup::Invite && p.email_confirmed,
        p,
    };
    Ok(csrf.answer(page::html(status, &page)?))
}

fn player_id(p: &PlayerRow) -> Result<PlayerId, ApiError> {
    PlayerId::parse(&p.id).map_err(|_| ApiError::internal(anyhow::anyhow!("bad player id")))
}

/// The signed-in player, or where to send a reader who is not (to sign in, then to `next`).
pub(super) async fn signed_in(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    next: &str,
) -> Result<Result<PlayerRow, HttpResponse>, ApiError> {
    let (caller, t) = crate::http::auth::viewer(state, req).await?;
    Ok(match caller {
        Caller::Player(p) => Ok(*p),
        _ => Err(HttpResponse::SeeOther()
            .insert_header(("location", format!("/login?lang={}&next={next}", t.lang)))
            .finish()),
    })
}

/// The signed-in player posting a form with its token; else the answer (403 without the token,
/// to sign in without a session).
pub(super) async fn poster(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    csrf: Option<&str>,
) -> Result<Result<PlayerRow, HttpResponse>, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(state, req, csrf)? {
        return Ok(Err(refusal));
    }
    signed_in(state, req, "/settings").await
}

#[get("/settings")]
pub async fn settings_page(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let p = match signed_in(&state, &req, "/settings").await? {
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
    /// A named zone (`Europe/London`) or a fixed offset (`UTC+03:00`).
    time_zone: Option<String>,
    /// A fixed offset in minutes, where no `time_zone` is given.
    utc_offset_minutes: Option<i32>,
    mail_mode: String,
    digest_hour: i32,
    /// The checkbox "I play without sight" (present when ticked).
    without_sight: Option<String>,
    csrf: Option<String>,
}

/// What the form asks to change, or why it cannot be.
fn read_form(form: &SettingsForm, p: &PlayerRow) -> Result<(Settings, MailSettings), ApiError> {
    let locale = Locale::parse(&form.locale)
        .ok_or_else(|| ApiError::bad_request("locale must be en or tr"))?;
    let notation = match form.notation.as_str() {
        "" => None,
        n => Some(Notation::parse(n).ok_or_else(|| ApiError::bad_request("not a notation"))?),
    };
    let zone = match (&form.time_zone, form.utc_offset_minutes) {
        (Some(choice), _) => Zone::parse(choice),
        (None, Some(minutes)) => UTC_OFFSETS.contains(&minutes).then(|| Zone::fixed(minutes)),
        (None, None) => Some(Zone::of(p)),
    };
    let out_of_range = || {
        ApiError::bad_request("mail_mode, digest_hour or time zone out of range")
            .with_text("error-settings-range", &[])
    };
    let zone = zone.ok_or_else(out_of_range)?;
    let mail = MailChoice {
        mode: form.mail_mode.clone(),
        digest_hour: Some(form.digest_hour),
        utc_offset_minutes: Some(zone.minutes_at(store::now())),
        time_zone: zone.name().map(str::to_owned),
    }
    .settings_for(p)
    .map_err(|_| out_of_range())?;
    let change = Settings {
        name: Some(form.name.clone()),
        locale: Some(locale),
        notation: Some(notation),
        without_sight: Some(form.without_sight.is_some()),
    };
    Ok((change, mail))
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
    let (change, mail) = match read_form(&form, &p) {
        Ok(read) => read,
        Err(e) => {
            let (status, reason) = (e.status, e.reason(&page::texts_for(&req, Some(&p))));
            return render(state, &req, p, false, Some(reason), status).await;
        }
    };
    let lang = change.locale.map_or("en", |l| l.as_str());
    let s = state.clone();
    let p2 = p.clone();
    let locale = Locale::parse(&p.locale).unwrap_or_default();
    let done = web::block(move || new_accounts::change_settings(&s, &p2, change, Some(&mail)))
        .await?
        .map_err(|e| crate::http::refusals::account_refused(e, locale));
    match done {
        Ok(_) => Ok(HttpResponse::SeeOther()
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
    let span = leave_span(&form, &Zone::of(&p), now, t);
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

#[derive(Deserialize)]
pub struct ChallengesForm {
    from: String,
    /// The most games at once; empty: no limit.
    max_games: Option<String>,
    csrf: Option<String>,
}

/// Whom the player takes challenges from, and the most games they play at once.
#[post("/settings/challenges")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn challenges_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<ChallengesForm>,
) -> Result<HttpResponse, ApiError> {
    let p = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(p) => p,
        Err(answer) => return Ok(answer),
    };
    let t = page::texts_for(&req, Some(&p));
    let max = match form.max_games.as_deref().map(str::trim).unwrap_or("") {
        "" => Ok(None),
        n => n.parse::<u32>().map(Some),
    };
    let s = state.clone();
    let me = p.clone();
    let from = form.from.clone();
    let done = match max {
        Ok(max) => web::block(move || challenges::set_preferences(&s, &me, &from, max)).await?,
        Err(_) => Err(challenges::ChallengeError::Preferences),
    };
    match done {
        Ok(()) => Ok(HttpResponse::SeeOther()
            .insert_header(("location", format!("/settings?lang={}&saved=1", t.lang)))
            .finish()),
        Err(e) => {
            let e = crate::http::refusals::challenge_refused(e, t.locale());
            let (status, reason) = (e.status, e.reason(&t));
            render(state, &req, p, false, Some(reason), status).await
        }
    }
}

/// The leave the form asks for, or why it cannot be read.
fn leave_span(
    form: &LeaveForm,
    zone: &Zone,
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
    let midnight = zone.instant(date.midnight());
    let from = if date == local_today(now, zone) {
        now
    } else {
        midnight
    };
    // The rules refuse a start in the past or too far ahead; the arithmetic must not overflow.
    let last = date
        .checked_add(time::Duration::days(i64::from(form.days)))
        .ok_or_else(|| t.text("page-leave-bad-date"))?;
    let until = zone.instant(last.midnight());
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
        assert_eq!(zone::offset_label(180), "UTC+03:00");
        assert_eq!(zone::offset_label(-210), "UTC-03:30");
        assert_eq!(zone::offset_label(0), "UTC+00:00");
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
        let istanbul = Zone::fixed(180);
        // In Istanbul it is already the 25th: that is today, so from now.
        let (from, until) = leave_span(&form("2026-11-25", 2), &istanbul, now, t).unwrap();
        assert_eq!(from, now);
        assert_eq!(until, time::macros::datetime!(2026-11-26 21:00 UTC));
        let (from, _) = leave_span(&form("2026-12-01", 1), &istanbul, now, t).unwrap();
        assert_eq!(from, time::macros::datetime!(2026-11-30 21:00 UTC));
        assert!(leave_span(&form("2026-13-01", 1), &Zone::fixed(0), now, t).is_err());
        assert!(leave_span(&form("2026-12-01", 0), &Zone::fixed(0), now, t).is_err());
        assert!(leave_span(&form("2026-12-01", 367), &Zone::fixed(0), now, t).is_err());
        // In London the clocks go forward on 2027-03-28: two days from the 27th end at
        // midnight summer time.
        let london = Zone::named("Europe/London").unwrap();
        let (from, until) = leave_span(&form("2027-03-27", 2), &london, now, t).unwrap();
        assert_eq!(from, time::macros::datetime!(2027-03-27 00:00 UTC));
        assert_eq!(until, time::macros::datetime!(2027-03-28 23:00 UTC));
    }
}
