//! Sign-up and invitations over the JSON API.

use crate::app::accounts;
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::refusals::{invite_refused, sign_up_refused};
use crate::i18n::Texts;
use actix_web::{post, web, HttpRequest, HttpResponse};
use domain::game::Locale;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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
    let client = crate::http::client::client_address(&req).key();
    web::block(move || {
        accounts::sign_up(
            &state,
            &client,
            &body.email,
            &body.name,
            locale,
            body.invitation.as_deref(),
        )
    })
    .await?
    .map_err(|e| sign_up_refused(e, &Texts::of(locale)))?;
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
    let caller = caller.require()?.clone();
    let (link, until) =
        web::block(move || accounts::invite(&state, caller.acting()?).map_err(invite_refused))
            .await??;
    Ok(crate::http::headers::no_store(
        HttpResponse::Created().json(Invitation {
            link,
            expires_at: crate::store::rfc3339(until),
        }),
    ))
}
