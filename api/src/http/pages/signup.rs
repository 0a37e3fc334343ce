//! Sign-up, as the server allows it (`ZARF_SIGNUP`): closed (organisers make accounts), by a
//! player's invitation link, or open to anyone by e-mail address; and invitation links. The
//! rules are `app::accounts`'; this door reads the forms and the JSON.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use domain::game::Locale;
use serde::Deserialize;

use crate::app::accounts::{self};
use crate::app::AppState;
use crate::config::Signup;
use crate::http::error::ApiError;
use crate::http::page::{self, Notice};
use crate::http::refusals::{invite_refused, sign_up_refused};
use crate::i18n::Texts;

#[derive(Template)]
#[template(path = "pages/signup.html")]
struct SignUpPage {
    t: Texts,
    csrf: String,
    invite: String,
    /// Why the form was refused, with what was typed.
    refused: Option<String>,
    email: String,
    name: String,
}

#[derive(Template)]
#[template(path = "pages/invitation.html")]
struct InvitationPage {
    t: Texts,
    link: String,
    until: String,
}

#[derive(Deserialize)]
pub struct SignUpQuery {
    invite: Option<String>,
}

#[get("/signup")]
pub async fn signup_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    q: web::Query<SignUpQuery>,
) -> Result<HttpResponse, ApiError> {
    let t = page::texts(&req);
    let notice = |status, text| {
        page::html(
            status,
            &Notice {
                t,
                title: "signup-title",
                text,
                link: Some(("/login", "page-sign-in")),
            },
        )
    };
    match (state.signup, q.invite.as_deref()) {
        (Signup::Closed, _) => return notice(StatusCode::NOT_FOUND, "signup-closed"),
        (Signup::Invite, None) => return notice(StatusCode::FORBIDDEN, "signup-invitation"),
        _ => {}
    }
    let csrf = crate::http::csrf::Csrf::for_page(&state, &req);
    let page = SignUpPage {
        t,
        csrf: csrf.token.clone(),
        invite: q.invite.clone().unwrap_or_default(),
        refused: None,
        email: String::new(),
        name: String::new(),
    };
    Ok(csrf.answer(page::html(StatusCode::OK, &page)?))
}

#[derive(Deserialize)]
pub struct SignUpForm {
    email: String,
    name: String,
    locale: Option<String>,
    invite: Option<String>,
    csrf: Option<String>,
}

#[post("/signup")]
pub async fn signup_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<SignUpForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let form = form.into_inner();
    let locale = form
        .locale
        .as_deref()
        .and_then(Locale::parse)
        .unwrap_or_else(|| page::texts(&req).locale());
    let t = Texts::of(locale);
    let (email, name, invite) = (form.email.clone(), form.name.clone(), form.invite.clone());
    let client = crate::http::client::client_address(&req).key();
    let s = state.clone();
    let signed_up = web::block(move || {
        accounts::sign_up(
            &s,
            &client,
            &form.email,
            &form.name,
            locale,
            form.invite.as_deref(),
        )
    })
    .await?
    .map_err(|e| sign_up_refused(e, &t));
    match signed_up {
        Ok(()) => page::html(
            StatusCode::OK,
            &Notice {
                t,
                title: "login-sent-title",
                text: "signup-sent",
                link: None,
            },
        ),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::TOO_MANY_REQUESTS => {
            let csrf = crate::http::csrf::Csrf::for_page(&state, &req);
            let page = SignUpPage {
                t,
                csrf: csrf.token.clone(),
                invite: invite.unwrap_or_default(),
                refused: Some(e.reason(&t)),
                email,
                name,
            };
            Ok(csrf.answer(page::html(e.status, &page)?))
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize)]
pub struct InviteForm {
    csrf: Option<String>,
}

/// An invitation link made on the settings page, shown once on a page of its own.
#[post("/settings/invite")]
pub async fn invitation_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<InviteForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    if caller.player().is_none() {
        return Ok(HttpResponse::SeeOther()
            .insert_header(("location", format!("/login?lang={}&next=/settings", t.lang)))
            .finish());
    }
    let zone = crate::zone::Zone::of_reader(caller.player());
    let (link, until) =
        web::block(move || accounts::invite(&state, caller.acting()?).map_err(invite_refused))
            .await??;
    page::html(
        StatusCode::OK,
        &InvitationPage {
            t,
            link,
            until: t.local_time(until, &zone),
        },
    )
    .map(crate::http::headers::no_store)
}
