//! A school's privacy, on the organiser's page: the default visibility of their pupils' games
//! and tournaments, whether players send messages in the games they run, and a pupil who leaves
//! anonymised; and a pupil who plays without sight.

use actix_web::{post, web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::app::AppState;
use crate::http::error::ApiError;
use crate::http::pages::organise::{poster, render};

#[derive(Deserialize)]
pub struct PrivacyForm {
    visibility: String,
    /// Present (checked): the players may send each other messages in the organiser's games.
    messages: Option<String>,
    csrf: Option<String>,
}

/// Sets who may see the organiser's pupils' games and tournaments unless their maker says.
#[post("/organise/privacy")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn set_privacy(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<PrivacyForm>,
) -> Result<HttpResponse, ApiError> {
    let (_, p, t) = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(o) => o,
        Err(answer) => return Ok(answer),
    };
    let Some(visibility) = crate::http::page::visibility_field(Some(&form.visibility))? else {
        return Err(ApiError::bad_request(
            "visibility: public, signed_in or participants",
        ));
    };
    let s = state.clone();
    let messages_off = form.messages.is_none();
    web::block(move || {
        crate::app::organising::set_school_choices(&s, &p.id, visibility, messages_off)
    })
    .await??;
    Ok(HttpResponse::SeeOther()
        .insert_header((
            "location",
            format!("/organise?lang={}&privacy=saved#privacy", t.lang),
        ))
        .finish())
}

#[derive(Deserialize)]
pub struct AnonymiseForm {
    player: String,
    csrf: Option<String>,
}

/// Anonymises one of the organiser's pupils who leaves; the page again with the reason if
/// refused.
#[post("/organise/anonymise")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn anonymise(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<AnonymiseForm>,
) -> Result<HttpResponse, ApiError> {
    let (_, p, t) = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(o) => o,
        Err(answer) => return Ok(answer),
    };
    let (s, organiser, pupil) = (state.clone(), p.clone(), form.player.clone());
    let done = web::block(move || {
        let account = crate::app::actors::Account::Player(&organiser);
        crate::app::erasure::anonymise_as(&s, account, &pupil)
    })
    .await?
    .map_err(|e| crate::http::refusals::anonymise_refused(e, t.locale()));
    match done {
        Ok(_) => Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/organise?lang={}&privacy=anonymised", t.lang),
            ))
            .finish()),
        Err(e) if e.status.is_client_error() => {
            let (status, reason) = (e.status, e.reason(&t));
            render(state, &req, p, t, None, Some((reason, "pupils")), status).await
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize)]
pub struct WithoutSightForm {
    player: String,
    /// Present (checked): the pupil plays without sight.
    without_sight: Option<String>,
    csrf: Option<String>,
}

/// Sets whether one of the organiser's pupils plays without sight; the page again with the
/// reason if refused.
#[post("/organise/without-sight")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn without_sight(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<WithoutSightForm>,
) -> Result<HttpResponse, ApiError> {
    let (_, p, t) = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(o) => o,
        Err(answer) => return Ok(answer),
    };
    let (s, organiser, pupil) = (state.clone(), p.clone(), form.player.clone());
    let on = form.without_sight.is_some();
    let done = web::block(move || {
        let account = crate::app::actors::Account::Player(&organiser);
        crate::app::accounts::set_without_sight(&s, account, &pupil, on)
    })
    .await?
    .map_err(|e| crate::http::refusals::play_setting_refused(e, t.locale()));
    match done {
        Ok(_) => Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/organise?lang={}&privacy=saved", t.lang),
            ))
            .finish()),
        Err(e) if e.status.is_client_error() => {
            let (status, reason) = (e.status, e.reason(&t));
            render(state, &req, p, t, None, Some((reason, "pupils")), status).await
        }
        Err(e) => Err(e),
    }
}
