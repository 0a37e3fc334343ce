//! A game of dice's own requests: the player on roll's throw, where they may double first, and a
//! player's own text for the dice thrown after it. The same command pipeline as every move.

use actix_web::{post, web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::auth::Caller;
use super::error::{ApiError, ErrorBody};
use super::games::{ok_game, run};
use crate::app::views::GameView;
use crate::app::AppState;
use domain::games::Command;

#[utoipa::path(
    post, path = "/api/v1/games/{id}/throw", tag = "games",
    description = "Tavla with the cube: the player on roll throws instead of doubling (without a choice the dice are thrown by themselves).",
    params(("id" = String, Path)),
    responses(
        (status = 200, body = GameView),
        (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/throw")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn throw_dice(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    Ok(ok_game(
        &run(state, caller, id.into_inner(), Command::ThrowDice, None).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntropyBody {
    /// A text of your own (one line, at most 200 characters) mixed into every throw after it.
    pub entropy: String,
    #[serde(default, deserialize_with = "domain::whole::opt_u64")]
    pub expected_version: Option<u64>,
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/entropy", tag = "games",
    description = "A game of dice: give your own text for the dice thrown after it (see the dice's commitment in the log).",
    params(("id" = String, Path)),
    request_body = EntropyBody,
    responses(
        (status = 200, body = GameView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/entropy")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn add_entropy(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<EntropyBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let command = Command::AddEntropy { text: body.entropy };
    Ok(ok_game(
        &run(
            state,
            caller,
            id.into_inner(),
            command,
            body.expected_version,
        )
        .await?,
    ))
}
