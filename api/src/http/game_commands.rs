//! A command in a game as a door runs it for its caller and answers it: shared by the JSON API
//! and the pages (the game's id read, the entropy a request sent checked, the refusal answered
//! in the reader's language).

use actix_web::{web, HttpResponse};
use domain::game::dice::{EntropyError, SentEntropy};
use domain::game::{FieldProblem, Locale, Rejection};
use domain::games::Command;
use domain::GameId;

use crate::app::{self, AppState, GameOutcome};
use crate::http::auth::Caller;
use crate::http::error::ApiError;

/// A game's id as a path gives it: an id that is not one is no game (404).
pub(crate) fn game_id(text: &str, locale: Locale) -> Result<GameId, ApiError> {
    GameId::parse(text).map_err(|_| ApiError::not_found(locale))
}

/// Runs a game command for the caller (see [`app::play::command`]).
pub(crate) async fn run(
    state: web::Data<AppState>,
    caller: Caller,
    id: String,
    command: Command,
    expected_version: Option<u64>,
) -> Result<GameOutcome, ApiError> {
    let locale = caller.locale();
    run_in(state, caller, id, command, expected_version, locale).await
}

/// As [`run`], answering refusals in `locale` (a page's language).
pub(crate) async fn run_in(
    state: web::Data<AppState>,
    caller: Caller,
    id: String,
    command: Command,
    expected_version: Option<u64>,
    locale: Locale,
) -> Result<GameOutcome, ApiError> {
    run_sent(state, caller, id, command, expected_version, locale, None).await
}

/// As [`run_in`], with the entropy the request carried for the throws the command causes (a game
/// of dice; the `entropy` field as sent, checked by [`sent_entropy`]).
pub(crate) async fn run_sent(
    state: web::Data<AppState>,
    caller: Caller,
    id: String,
    command: Command,
    expected_version: Option<u64>,
    locale: Locale,
    entropy: Option<SentEntropy>,
) -> Result<GameOutcome, ApiError> {
    let id = game_id(&id, locale)?;
    app::play::command(
        state.into_inner(),
        caller.acting()?,
        id,
        command,
        expected_version,
        entropy,
    )
    .await
    .map_err(|e| ApiError::command(e, locale))
}

pub(crate) fn ok_game(outcome: &GameOutcome) -> HttpResponse {
    json_answer(outcome.view_json().to_owned())
}

/// A 200 answer whose body is already JSON.
pub(crate) fn json_answer(json: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(json)
}

/// A request's `entropy` field: none where it was not sent (the service draws one), a 400
/// where it is empty or too long.
pub(crate) fn sent_entropy(
    text: Option<&str>,
    locale: Locale,
) -> Result<Option<SentEntropy>, ApiError> {
    let Some(text) = text else {
        return Ok(None);
    };
    SentEntropy::parse(text).map(Some).map_err(|e| {
        let problem = match e {
            EntropyError::TooLong { max } => FieldProblem::TooLong { max },
            _ => FieldProblem::Empty,
        };
        ApiError::rejection(
            &Rejection::InvalidField {
                field: "entropy",
                problem,
            },
            locale,
        )
    })
}
