//! Sign-up, as the server allows it (`ZARF_SIGNUP`): closed (organisers make accounts), by a
//! player's invitation link, or open to anyone by e-mail address; and invitation links. The
//! rules are `app::accounts`'; this door reads the forms and the JSON.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use domain::game::Locale;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::Caller;
use super::error::{ApiError, ErrorBody};
use super::page::{self, Notice};
use crate::app::accounts::{self, SignUpError};
use crate::app::AppState;
use crate::config::Signup;
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

/// A sign-up's refusal as the contract answers it, in the reader's language.
fn refusal(e: SignUpError, t: &Texts) -> ApiError {
    let said = |status, code, key: &'static str| {
        ApiError::new(status, code, t.text(key)).with_text(key, &[])
    };
    match e {
        SignUpError::Closed => said(StatusCode::FORBIDDEN, "signup_closed", "signup-closed"),
        SignUpError::NoInvitation => said(
            StatusCode::FORBIDDEN,
            "invitation_required",
            "signup-invitation",
        ),
        SignUpError::Email => said(StatusCode::BAD_REQUEST, "bad_request", "signup-email"),
        SignUpError::Name => said(StatusCode::BAD_REQUEST, "bad_request", "signup-name"),
        SignUpError::Store(e) => e.into(),
    }
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
    let csrf = super::csrf::Csrf::for_page(&state, &req);
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

/// A sign-up from the page or the API: the rate limit (as for sign-in links), then the rules.
async fn sign_up(
    state: web::Data<AppState>,
    req: &HttpRequest,
    email: String,
    name: String,
    locale: Locale,
    invite: Option<String>,
    t: Texts,
) -> Result<(), ApiError> {
    let ip = super::client::client_address(req).key();
    let address = accounts::Email::parse(&email)
        .map(|e| e.as_str().to_owned())
        .unwrap_or_default();
    if !state.login_limits.allow(&format!("signup:{address}"), &ip) {
        return Err(ApiError::rate_limited());
    }
    web::block(move || {
        accounts::sign_up(
            &state,
            &email,
            &name,
            locale,
            invite.as_deref().filter(|i| !i.is_empty()),
        )
    })
    .await?
    .map_err(|e| refusal(e, &t))
}

#[post("/signup")]
pub async fn signup_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<SignUpForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = super::csrf::refused(&state, &req, form.csrf.as_deref())? {
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
    match sign_up(
        state.clone(),
        &req,
        form.email,
        form.name,
        locale,
        form.invite,
        t,
    )
    .await
    {
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
            let csrf = super::csrf::Csrf::for_page(&state, &req);
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

/// A sign-up over the API.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUpBody {
    #[schema(schema_with = super::schema::email)]
    pub email: String,
    #[schema(schema_with = super::schema::name)]
    pub name: String,
    #[schema(schema_with = super::schema::locale)]
    pub locale: Option<Locale>,
    /// The invitation link's token, where sign-up is by invitation.
    pub invitation: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SignUpAnswer {
    /// Always `mailed`: a sign-in link went to the address (for an address that has an
    /// account already, to that account), and the account plays once it is followed.
    pub status: &'static str,
}

#[utoipa::path(
    post, path = "/api/v1/signup", tag = "players",
    description = "Make an account of one's own, where the server allows it (ZARF_SIGNUP=open, or invite with an invitation). The account plays once the sign-in link mailed to the address is followed.",
    request_body = SignUpBody,
    responses(
        (status = 202, body = SignUpAnswer),
        (status = 400, body = ErrorBody),
        (status = 403, description = "signup_closed, invitation_required", body = ErrorBody),
        (status = 429, body = ErrorBody),
    )
)]
#[post("/api/v1/signup")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn signup_api(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<SignUpBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let locale = body.locale.unwrap_or_default();
    sign_up(
        state,
        &req,
        body.email,
        body.name,
        locale,
        body.invitation,
        Texts::of(locale),
    )
    .await?;
    Ok(HttpResponse::Accepted().json(SignUpAnswer { status: "mailed" }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Invitation {
    /// The link to share: whoever follows it may sign up (where sign-up is by invitation).
    pub link: String,
    pub expires_at: String,
}

#[utoipa::path(
    post, path = "/api/v1/invitations", tag = "players",
    description = "A new invitation link, valid for 14 days, for others to sign up with.",
    responses((status = 201, body = Invitation), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/v1/invitations")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn invitation_api(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    let me = inviter(&caller)?;
    let (link, until) = web::block(move || accounts::invite(&state, &me)).await??;
    Ok(super::no_store(HttpResponse::Created().json(Invitation {
        link,
        expires_at: crate::store::rfc3339(until),
    })))
}

/// The player who may invite: one whose own address is confirmed.
fn inviter(caller: &Caller) -> Result<crate::store::PlayerRow, ApiError> {
    match caller.require()? {
        Caller::Player(p) if p.email_confirmed => Ok((**p).clone()),
        Caller::Player(_) => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "unconfirmed",
            "confirm your e-mail address first: follow the sign-in link mailed to it",
        )),
        _ => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not_a_player",
            "an invitation is a player's",
        )),
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
    if let Some(refusal) = super::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (caller, t) = page::viewer(&state, &req).await?;
    if caller.player().is_none() {
        return Ok(HttpResponse::SeeOther()
            .insert_header(("location", format!("/login?lang={}&next=/settings", t.lang)))
            .finish());
    }
    let me = inviter(&caller)?;
    let zone = crate::zone::Zone::of(&me);
    let (link, until) = web::block(move || accounts::invite(&state, &me)).await??;
    page::html(
        StatusCode::OK,
        &InvitationPage {
            t,
            link,
            until: t.local_time(until, &zone),
        },
    )
    .map(super::no_store)
}
