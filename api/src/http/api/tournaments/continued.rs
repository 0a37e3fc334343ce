//! A board played over the board, continued in zarf after its adjournment.

use super::*;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ContinuedBoard {
    #[schema(minimum = 1, maximum = 99)]
    #[serde(deserialize_with = "domain::whole::u32")]
    pub round: u32,
    /// The board's player with White.
    #[schema(format = Uuid)]
    pub white: String,
    /// The position the game reached at the board (FEN; default the starting position).
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::fen_or_null)]
    pub fen: Option<String>,
    /// The game's clocks from here, if it has any.
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::time_control)]
    pub time_control: Option<domain::game::TimeControl>,
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/games", tag = "tournaments",
    description = "Continue a board played over the board as a game in zarf, from the position it reached: typically to adjourn it with a sealed move (the game's adjournment endpoints). The game's result then enters the tournament by itself.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = ContinuedBoard,
    responses(
        (status = 201, description = "The tournament, the board with its game", body = TournamentView),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "result_exists, game_attached", body = ErrorBody),
        (status = 422, description = "round_not_paired, no_such_board, invalid_fen (chess) or invalid_position, position_not_playable, invalid_time_control", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/games")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn continue_board(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<ContinuedBoard>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let view = continue_in_zarf(
        state,
        &caller,
        &id,
        (round_number(body.round)?, player_id(&body.white)?),
        body.fen,
        body.time_control,
    )
    .await?;
    Ok(HttpResponse::Created().json(view))
}

/// Continues board (`round`, its White) of tournament `id` as a game in zarf from `fen`,
/// answering the tournament's view.
async fn continue_in_zarf(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    board: (u16, PlayerId),
    fen: Option<String>,
    time_control: Option<domain::game::TimeControl>,
) -> Result<TournamentView, ApiError> {
    let id = tournament_id(id, caller)?;
    let done =
        tournament_commands::continue_in_zarf(state.clone(), caller, &id, board, fen, time_control)
            .await?;
    shown_to(state, caller, &id, &done.folded.state).await
}
