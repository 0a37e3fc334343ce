//! A player's new bearer token over the JSON API: `POST /api/v1/me/token`, a new token in
//! the place of the one it is called with (added, when called from a page).

use crate::app::tokens::{self, IssueError};
use crate::app::AppState;
use crate::http::auth::{bearer_hash, Caller};
use crate::http::error::{ApiError, ErrorBody};
use actix_web::http::StatusCode;
use actix_web::{post, web, HttpRequest, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct NewToken {
    /// The new bearer token: shown once, stored only hashed.
    pub token: String,
}

#[utoipa::path(
    post, path = "/api/v1/me/token", tag = "players",
    description = "A new bearer token for the calling player. Called with a bearer token, the new one takes its place: the token used is revoked at once (its name kept). Called from a page (the session cookie, with the page's `X-CSRF-Token` header and this site's `Origin`), a token is added. A player holds at most 20 tokens; the settings page lists and revokes them.",
    responses(
        (status = 201, body = NewToken),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not_a_player: the admin token is configuration, not a player's", body = ErrorBody),
        (status = 409, description = "too_many_tokens: revoke one first", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/me/token")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn new_token(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    let player = match caller.require()? {
        Caller::Player(p) => (**p).clone(),
        _ => {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "not_a_player",
                "the admin token is set in the configuration",
            ))
        }
    };
    let used = bearer_hash(&req);
    let made = web::block(move || -> Result<Option<String>, ApiError> {
        match used {
            Some(hash) => Ok(tokens::rotate(&state, &player.id, &hash)?),
            None => match tokens::issue(&state, &player.id, None) {
                Ok(token) => Ok(Some(token)),
                Err(IssueError::TooMany) => Err(too_many()),
                Err(IssueError::Store(e)) => Err(e.into()),
            },
        }
    })
    .await??;
    let token = made.ok_or_else(ApiError::unauthenticated)?;
    Ok(crate::http::headers::no_store(
        HttpResponse::Created().json(NewToken { token }),
    ))
}

fn too_many() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "too_many_tokens",
        format!(
            "at most {} tokens at a time: revoke one first",
            tokens::MAX_TOKENS
        ),
    )
}
