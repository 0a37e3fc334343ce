//! A game of dice's own requests: the player on roll's throw, where they may double first, and a
//! player's own text for the dice thrown after it. The same command pipeline as every move.

use actix_web::{post, web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::app::views::GameView;
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::game_commands::{ok_game, run, run_sent, sent_entropy};
use domain::games::Command;

/// What `POST /api/v1/games/{id}/throw` may be sent (or nothing).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ThrowBody {
    /// Your own text (1 to 256 characters), from which your dice are derived with the committed
    /// secret. Without it the service draws one, and the log marks it as drawn.
    #[schema(min_length = 1, max_length = 256)]
    pub entropy: Option<String>,
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/throw", tag = "games",
    description = "A game of dice: throw your own opening die (each player throws one; the higher starts, equal dice are thrown again), or, where you may double first, your dice. The throw is derived from the committed secret and the `entropy` you send (see the dice's commitment in the log).",
    params(("id" = String, Path)),
    request_body(content = Option<ThrowBody>, description = "Optional: your entropy."),
    responses(
        (status = 200, body = GameView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/throw")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn throw_dice(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let locale = caller.locale();
    // Nothing, or `null`, or the body: all are what the document allows.
    let asked = if body.iter().all(u8::is_ascii_whitespace) {
        ThrowBody::default()
    } else {
        serde_json::from_slice::<Option<ThrowBody>>(&body)
            .map_err(|e| ApiError::bad_request(format!("the body is not valid: {e}")))?
            .unwrap_or_default()
    };
    let entropy = sent_entropy(asked.entropy.as_deref(), locale)?;
    let command = Command::ThrowDice;
    Ok(ok_game(
        &run_sent(
            state,
            caller,
            id.into_inner(),
            command,
            None,
            locale,
            entropy,
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntropyBody {
    /// A text of your own (one line, at most 200 characters) mixed into every throw after it
    /// (a match under the first dice scheme, `zarf-dice-v1`; later matches take `entropy` with
    /// each request that throws).
    pub entropy: String,
    #[serde(default, deserialize_with = "domain::whole::opt_u64")]
    pub expected_version: Option<u64>,
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/entropy", tag = "games",
    description = "A match under the first dice scheme (`zarf-dice-v1`): give your own text for the dice thrown after it. Later matches refuse it (422 `not_in_this_game`): send `entropy` with the request that throws instead.",
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
