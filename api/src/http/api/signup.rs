//! Sign-up and invitations over the JSON API, and the sign-up's rules as both doors answer
//! them.

use crate::app::accounts::{self, SignUpError};
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::i18n::Texts;
use actix_web::http::StatusCode;
use actix_web::{post, web, HttpRequest, HttpResponse};
use domain::game::Locale;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A sign-up's refusal as the contract answers it, in the reader's language.
pub(crate) fn refusal(e: SignUpError, t: &Texts) -> ApiError {
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

/// A sign-up from the page or the API: the rate limit (as for sign-in links), then the rules.
pub(crate) async fn sign_up(
    state: web::Data<AppState>,
    req: &HttpRequest,
    email: String,
    name: String,
    locale: Locale,
    invite: Option<String>,
    t: Texts,
) -> Result<(), ApiError> {
    let ip = crate::http::client::client_address(req).key();
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

/// A sign-up over the API.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUpBody {
    #[schema(schema_with = crate::http::api::schema::email)]
    pub email: String,
    #[schema(schema_with = crate::http::api::schema::name)]
    pub name: String,
    #[schema(schema_with = crate::http::api::schema::locale)]
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
    Ok(crate::http::no_store(HttpResponse::Created().json(
        Invitation {
            link,
            expires_at: crate::store::rfc3339(until),
        },
    )))
}

/// The player who may invite: one whose own address is confirmed.
pub(crate) fn inviter(caller: &Caller) -> Result<crate::store::PlayerRow, ApiError> {
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
