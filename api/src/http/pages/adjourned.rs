//! The game page's forms for an adjourned game (FIDE Laws, Appendix A) and for its arbiter: the
//! envelope sealed, changed and closed, check-in at the resumption; the arbiter adjourns, gives
//! time and decides. The same commands as the JSON API. Their panels are
//! [`crate::http::pages::panels`].

use actix_web::{post, web, HttpRequest, HttpResponse};
use domain::game::{GameResult, Side};
use domain::{GameId, PlayerId};

use serde::Deserialize;
use time::macros::format_description;
use time::PrimitiveDateTime;

use crate::app::{envelopes, AppState};
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::pages::play::after;
use crate::i18n::Texts;
use crate::store;
use crate::zone::Zone;
use domain::games::Command;

#[derive(Deserialize)]
pub struct EnvelopeForm {
    /// `seal`, `close` or `check_in`.
    action: String,
    #[serde(rename = "move")]
    mv: Option<String>,
    csrf: Option<String>,
}

/// The signed-in player's id, or where to send a reader who is not signed in.
fn player_of(caller: &Caller) -> Option<PlayerId> {
    caller.player().and_then(|p| PlayerId::parse(&p.id).ok())
}

fn to_sign_in(t: Texts, id: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((
            "location",
            format!("/login?lang={}&next=/games/{id}", t.lang),
        ))
        .finish()
}

/// A player's envelope action from the page: seal (or change) the move, close the envelope,
/// check in at the resumption.
#[post("/games/{id}/envelope")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn envelope_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<EnvelopeForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    let game = GameId::parse(&id).map_err(|_| ApiError::not_found(t.locale()))?;
    let id = game.to_string();
    let Some(player) = player_of(&caller) else {
        return Ok(to_sign_in(t, &id));
    };
    let locale = t.locale();
    let typed = form.mv.clone().unwrap_or_default();
    let s = state.clone();
    let done = match form.action.as_str() {
        "seal" => {
            let text = typed.clone();
            let notation = caller.player().and_then(|p| p.notation.clone());
            web::block(move || {
                envelopes::seal(&s, game, player, text, notation, store::now()).map(|_| ())
            })
            .await?
        }
        "close" => {
            let closed = crate::http::game_commands::run_in(
                state.clone(),
                caller,
                id.clone(),
                Command::CloseEnvelope,
                None,
                locale,
            )
            .await;
            return after(state, &req, id, closed.map(|_| ()), typed, t).await;
        }
        "check_in" => {
            web::block(move || envelopes::check_in(&s, game, player, store::now()).map(|_| ()))
                .await?
        }
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown action {other:?}: use seal, close or check_in"
            )))
        }
    };
    let done = done.map_err(|e| ApiError::command(e, locale));
    after(state, &req, id, done, typed, t).await
}

#[derive(Deserialize)]
pub struct ArbiterForm {
    /// `adjourn`, `add_time` or `decide`.
    action: String,
    /// When play resumes, in the arbiter's time zone (`2026-11-25T14:00`).
    resume_at: Option<String>,
    place: Option<String>,
    side: Option<String>,
    minutes: Option<u32>,
    result: Option<String>,
    reason: Option<String>,
    csrf: Option<String>,
}

/// The command an arbiter's form asks for, or why it cannot be read.
fn arbiter_command(form: &ArbiterForm, zone: &Zone, t: Texts) -> Result<Command, String> {
    let reason = form.reason.clone().unwrap_or_default();
    match form.action.as_str() {
        "adjourn" => {
            let text = form.resume_at.as_deref().unwrap_or("").trim();
            // A browser sends minutes, or seconds where the field's step asks for them.
            let local = PrimitiveDateTime::parse(
                text,
                format_description!("[year]-[month]-[day]T[hour]:[minute]"),
            )
            .or_else(|_| {
                PrimitiveDateTime::parse(
                    text,
                    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]"),
                )
            })
            .map_err(|_| t.text("page-arbiter-bad-time"))?;
            let place = form
                .place
                .as_deref()
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(str::to_owned);
            Ok(Command::Adjourn {
                resume_at: zone.instant(local),
                place,
            })
        }
        "add_time" => {
            let side = match form.side.as_deref() {
                Some("white") => Side::White,
                Some("black") => Side::Black,
                _ => return Err(t.text("page-arbiter-bad-side")),
            };
            let minutes = form
                .minutes
                .filter(|m| (1..=60 * 24 * 30).contains(m))
                .ok_or_else(|| t.text("page-arbiter-bad-minutes"))?;
            Ok(Command::AddTime {
                side,
                seconds: u64::from(minutes) * 60,
                reason,
            })
        }
        "decide" => {
            let result = match form.result.as_deref() {
                Some("1-0") => GameResult::WhiteWins,
                Some("0-1") => GameResult::BlackWins,
                Some("1/2-1/2") => GameResult::Draw,
                _ => return Err(t.text("page-arbiter-bad-result")),
            };
            Ok(Command::DecideResult { result, reason })
        }
        other => Err(format!(
            "unknown action {other:?}: use adjourn, add_time or decide"
        )),
    }
}

/// The arbiter's action from the page: adjourn (A1), give a side time, decide the result.
#[post("/games/{id}/arbiter")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn arbiter_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<ArbiterForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    let id = GameId::parse(&id)
        .map_err(|_| ApiError::not_found(t.locale()))?
        .to_string();
    let Caller::Player(p) = &caller else {
        return Ok(to_sign_in(t, &id));
    };
    let command = match arbiter_command(&form, &Zone::of(p), t) {
        Ok(command) => command,
        Err(reason) => {
            let e = ApiError::bad_request(reason);
            return after(state, &req, id, Err(e), String::new(), t).await;
        }
    };
    let done = crate::http::game_commands::run_in(
        state.clone(),
        caller,
        id.clone(),
        command,
        None,
        t.locale(),
    )
    .await
    .map(|_| ());
    after(state, &req, id, done, String::new(), t).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(action: &str) -> ArbiterForm {
        ArbiterForm {
            action: action.into(),
            resume_at: None,
            place: None,
            side: None,
            minutes: None,
            result: None,
            reason: Some("the hall closes".into()),
            csrf: None,
        }
    }

    #[test]
    fn the_arbiters_forms_read_in_their_time_zone() {
        let t = Texts::for_locale("en");
        let mut f = form("adjourn");
        f.resume_at = Some("2026-11-25T14:00".into());
        f.place = Some("  ".into());
        let Ok(Command::Adjourn { resume_at, place }) = arbiter_command(&f, &Zone::fixed(180), t)
        else {
            panic!("an adjournment");
        };
        assert_eq!(resume_at, time::macros::datetime!(2026-11-25 11:00 UTC));
        assert_eq!(place, None);
        f.resume_at = Some("2026-11-25T14:00:30".into());
        let Ok(Command::Adjourn { resume_at, .. }) = arbiter_command(&f, &Zone::fixed(0), t) else {
            panic!("seconds are read too");
        };
        assert_eq!(resume_at, time::macros::datetime!(2026-11-25 14:00:30 UTC));
        f.resume_at = Some("tomorrow".into());
        assert!(arbiter_command(&f, &Zone::fixed(180), t).is_err());
        let mut f = form("add_time");
        f.side = Some("black".into());
        f.minutes = Some(90);
        assert!(matches!(
            arbiter_command(&f, &Zone::fixed(0), t),
            Ok(Command::AddTime {
                side: Side::Black,
                seconds: 5400,
                ..
            })
        ));
        f.minutes = Some(0);
        assert!(arbiter_command(&f, &Zone::fixed(0), t).is_err());
        let mut f = form("decide");
        f.result = Some("1/2-1/2".into());
        assert!(matches!(
            arbiter_command(&f, &Zone::fixed(0), t),
            Ok(Command::DecideResult {
                result: GameResult::Draw,
                ..
            })
        ));
        f.result = Some("2-0".into());
        assert!(arbiter_command(&f, &Zone::fixed(0), t).is_err());
        assert!(arbiter_command(&form("shuffle"), &Zone::fixed(0), t).is_err());
    }
}
