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
    #[schema(schema_with = crate::http::schema::fen_or_null)]
    pub fen: Option<String>,
    /// The game's clocks from here, if it has any.
    #[serde(default)]
    #[schema(schema_with = crate::http::schema::time_control)]
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
        (status = 422, description = "round_not_paired, no_such_board, invalid_fen, position_not_playable, invalid_time_control", body = ErrorBody),
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

/// Continues board (`round`, its White) of tournament `id` as a game in zarf from `fen`.
pub(crate) async fn continue_in_zarf(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    (round, white): (u16, PlayerId),
    fen: Option<String>,
    time_control: Option<domain::game::TimeControl>,
) -> Result<TournamentView, ApiError> {
    let (actor, me) = actor(caller)?;
    let id = tournament_id(id, caller)?;
    let locale = caller.locale();
    let s = state.clone();
    let key = id.clone();
    let TournamentState::Created(t) = web::block(move || folded(&s, &key)).await?? else {
        return Err(ApiError::not_found(locale));
    };
    // Judged before the game is made: the same command, on the tournament as it is.
    let game = domain::GameId::from_uuid(uuid::Uuid::now_v7());
    let attach = Command::AttachGame { round, white, game };
    domain::tournament::decide(
        &TournamentState::Created(t.clone()),
        attach.clone(),
        crate::store::now(),
        actor,
    )
    .map_err(|r| ApiError::tournament_rejection(&r, locale))?;
    let pairing = t.rounds[usize::from(round) - 1]
        .boards
        .iter()
        .find(|(p, _)| p.white == white)
        .map(|(p, _)| *p)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a board the decider found")))?;
    let black = pairing
        .black
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a bye has no game")))?;
    let name = |p: PlayerId| {
        t.player(p)
            .map(|p| p.entrant.name.clone())
            .unwrap_or_default()
    };
    let create = domain::game::CreateGame {
        game_id: game,
        white: domain::game::Participant {
            id: white,
            name: name(white),
        },
        black: domain::game::Participant {
            id: black,
            name: name(black),
        },
        organiser: me.filter(|_| matches!(actor, Actor::Arbiter(_))),
        game: None,
        rules: None,
        start_fen: fen.filter(|f| !f.trim().is_empty()),
        time_control,
        event: Some(t.setup.name.clone()),
        round: Some(round.to_string()),
        site: t.setup.place.clone(),
        leave_days_per_year: None,
        sealed_move_check: Default::default(),
        tournament: Some(domain::game::TournamentBoard {
            tournament: domain::ids::TournamentId::parse(&id)
                .map_err(|_| ApiError::not_found(locale))?,
            round,
        }),
        starts_at: None,
        ballot: None,
        no_progress_moves: None,
        match_length: None,
        entropy: None,
        rated: false,
        visibility: t.visibility(),
    };
    let ctx = domain::games::Context {
        now: crate::store::now(),
        actor,
        notation: None,
        dice: None,
    };
    crate::app::run(
        state.clone().into_inner(),
        game,
        domain::games::Command::CreateGame(Box::new(create)),
        ctx,
        None,
    )
    .await
    .map_err(|e| ApiError::command(e, locale))?;
    command(state, caller, &id, attach).await
}
