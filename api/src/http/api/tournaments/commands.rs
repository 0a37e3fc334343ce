//! The arbiter's commands on a tournament: players registered and withdrawn, byes, rounds
//! paired and published, results entered and corrected, tie-breaks, pairings changed, the end.

use super::*;

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/players", tag = "tournaments",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = NewEntrant,
    responses(
        (status = 200, description = "The tournament with the player", body = TournamentView),
        (status = 404, description = "No such tournament", body = ErrorBody),
        (status = 409, description = "already_registered", body = ErrorBody),
        (status = 422, description = "no_such_player, round_robin_closed", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/players")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn register_player(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<NewEntrant>,
) -> Result<HttpResponse, ApiError> {
    caller.acting()?;
    let id = tournament_id(&id, &caller)?;
    // To those who may not read it, it is no tournament.
    read_tournament(state.clone(), &caller, &id, |_, _| Ok(())).await?;
    player_id(&body.player)?;
    let rating = match body.rating {
        Some(r) if r > 3500 => return Err(ApiError::bad_request("rating: 0 to 3500")),
        r => r.and_then(|r| u16::try_from(r).ok()),
    };
    let locale = caller.locale();
    use crate::app::entries::EntryError;
    let outcome = crate::app::entries::register(
        state.clone().into_inner(),
        caller.acting()?,
        &id,
        &body.player,
        rating,
    )
    .await
    .map_err(|e| match e {
        // An unknown player is not an unknown tournament: 422, not 404.
        EntryError::NoSuchPlayer => ApiError::new(
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            "no_such_player",
            "no player has that id",
        ),
        EntryError::Denied(denied) => ApiError::denied(denied, locale),
        EntryError::Command(e) => ApiError::command(e, locale),
    })?;
    let view = shown_to(state, &caller, &id, &outcome.folded.state).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/rounds", tag = "tournaments",
    description = "Pair the next round: the Dutch system for a Swiss, the Berger table for a round robin. A cup is drawn (once), and every match whose players are known starts.",
    params(("id" = String, Path, description = "Tournament id")),
    responses(
        (status = 200, description = "The tournament with the round paired", body = TournamentView),
        (status = 409, description = "results_missing, all_rounds_paired, cup_drawn", body = ErrorBody),
        (status = 422, description = "no_valid_pairing, cup_size", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/rounds")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn pair_round(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.acting()?;
    let id = tournament_id(&id, &caller)?;
    let done = tournament_commands::pair_or_draw(state.clone(), &caller, &id).await?;
    let view = shown_to(state, &caller, &id, &done.folded.state).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/results", tag = "tournaments",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = NewResult,
    responses(
        (status = 200, description = "The tournament with the result", body = TournamentView),
        (status = 409, description = "result_exists", body = ErrorBody),
        (status = 422, description = "round_not_paired, no_such_board, bye_has_no_result", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/results")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn record_result(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<NewResult>,
) -> Result<HttpResponse, ApiError> {
    caller.acting()?;
    let id = tournament_id(&id, &caller)?;
    let board = (round_number(body.round)?, player_id(&body.white)?);
    let command = Command::RecordResult {
        round: board.0,
        white: board.1,
        outcome: outcome(&body.result)?,
    };
    let view = result_entered(state, &caller, &id, command, board).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Enters or corrects a board's result as `caller`, answering the tournament's view.
async fn result_entered(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    command: Command,
    board: (u16, PlayerId),
) -> Result<TournamentView, ApiError> {
    let done =
        tournament_commands::result_entered(state.clone(), caller, id, command, board).await?;
    shown_to(state, caller, id, &done.folded.state).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    #[schema(format = Uuid)]
    pub player: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewBye {
    #[schema(format = Uuid)]
    pub player: String,
    #[schema(minimum = 1, maximum = 99)]
    #[serde(deserialize_with = "domain::whole::u32")]
    pub round: u32,
    /// A half-point bye, or one for nothing.
    pub half: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Correction {
    #[schema(minimum = 1, maximum = 99)]
    #[serde(deserialize_with = "domain::whole::u32")]
    pub round: u32,
    #[schema(format = Uuid)]
    pub white: String,
    #[schema(schema_with = crate::http::api::schema::board_result)]
    pub result: String,
    /// Why the result changes (kept in the tournament's log).
    #[schema(schema_with = crate::http::api::schema::reason)]
    pub reason: String,
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/withdrawals", tag = "tournaments",
    description = "Withdraw a player: not paired from the next round on.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = Withdrawal,
    responses(
        (status = 200, body = TournamentView),
        (status = 422, description = "not_an_entrant, withdrawn", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/withdrawals")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn withdraw(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<Withdrawal>,
) -> Result<HttpResponse, ApiError> {
    answer(state, &caller, &id, || {
        Ok(Command::Withdraw {
            player: player_id(&body.player)?,
        })
    })
    .await
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/byes", tag = "tournaments",
    description = "A bye a player asked for, for a round not yet paired.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = NewBye,
    responses(
        (status = 200, body = TournamentView),
        (status = 409, description = "round_already_paired", body = ErrorBody),
        (status = 422, description = "not_an_entrant, withdrawn", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/byes")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn request_bye(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<NewBye>,
) -> Result<HttpResponse, ApiError> {
    answer(state, &caller, &id, || {
        let kind = if body.half {
            ByeKind::Half
        } else {
            ByeKind::Zero
        };
        Ok(Command::RequestBye {
            player: player_id(&body.player)?,
            round: round_number(body.round)?,
            kind,
        })
    })
    .await
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/corrections", tag = "tournaments",
    description = "Correct a recorded result, with the reason.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = Correction,
    responses(
        (status = 200, body = TournamentView),
        (status = 422, description = "no_result, reason_missing, no_such_board", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/corrections")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn correct_result(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<Correction>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    caller.acting()?;
    let id = tournament_id(&id, &caller)?;
    let board = (round_number(body.round)?, player_id(&body.white)?);
    let command = Command::CorrectResult {
        round: board.0,
        white: board.1,
        outcome: outcome(&body.result)?,
        reason: body.reason,
    };
    let view = result_entered(state, &caller, &id, command, board).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TiebreakList {
    /// FIDE tie-break codes in order (C.07): PTS BH/C1 BH DE WIN BPG, SB, AOB…
    #[schema(min_items = 1, max_items = 12)]
    pub codes: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewBoard {
    #[schema(format = Uuid)]
    pub white: String,
    /// None: the pairing-allocated bye.
    #[schema(format = Uuid)]
    pub black: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PairingChange {
    #[schema(minimum = 1, maximum = 99)]
    #[serde(deserialize_with = "domain::whole::u32")]
    pub round: u32,
    /// A board for each pair and the bye, the whole round: at most 100 (a request's body is
    /// at most 16 KB).
    #[schema(max_items = 100)]
    pub boards: Vec<NewBoard>,
    #[schema(schema_with = crate::http::api::schema::reason)]
    pub reason: String,
    /// The round has results: change it all the same.
    #[serde(default)]
    pub despite_results: bool,
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/tiebreaks", tag = "tournaments",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = TiebreakList,
    responses(
        (status = 200, body = TournamentView),
        (status = 422, description = "unknown_tiebreak", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/tiebreaks")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn set_tiebreaks(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<TiebreakList>,
) -> Result<HttpResponse, ApiError> {
    let codes = body.into_inner().codes;
    if codes.is_empty() || codes.len() > 12 || codes.iter().any(|c| c.len() > 16) {
        return Err(ApiError::bad_request("codes: 1 to 12 tie-breaks"));
    }
    answer(state, &caller, &id, || Ok(Command::SetTiebreaks { codes })).await
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/finish", tag = "tournaments",
    description = "Close the tournament once every round is paired and every result is in.",
    params(("id" = String, Path, description = "Tournament id")),
    responses(
        (status = 200, body = TournamentView),
        (status = 422, description = "not_over", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/finish")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn finish(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    answer(state, &caller, &id, || Ok(Command::Finish)).await
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/pairing", tag = "tournaments",
    description = "The arbiter's own pairing of a round (colours exchanged, pairs changed), with the reason; once a result of it is in, only with despite_results.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = PairingChange,
    responses(
        (status = 200, body = TournamentView),
        (status = 409, description = "results_in", body = ErrorBody),
        (status = 422, description = "not_the_same_players, reason_missing, round_not_paired", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/pairing")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn change_pairing(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<PairingChange>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    answer(state, &caller, &id, || {
        let pairings = body
            .boards
            .iter()
            .map(|b| {
                Ok(Pairing {
                    white: player_id(&b.white)?,
                    black: b.black.as_deref().map(player_id).transpose()?,
                })
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        Ok(Command::ChangePairing {
            round: round_number(body.round)?,
            pairings,
            reason: body.reason,
            despite_results: body.despite_results,
        })
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Publication {
    /// The round to publish: the latest paired.
    #[schema(minimum = 1, maximum = 99)]
    #[serde(deserialize_with = "domain::whole::u32")]
    pub round: u32,
    /// Online: when the round's games start (RFC 3339; default now). At most a year ahead.
    #[serde(default)]
    #[schema(format = DateTime)]
    pub starts_at: Option<String>,
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/publish", tag = "tournaments",
    description = "Publish the latest round's pairing. Online, its games are created in zarf, their clocks starting at starts_at; each finished game's result then enters the tournament by itself.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = Publication,
    responses(
        (status = 200, description = "The tournament with the round published (and its games)", body = TournamentView),
        (status = 409, description = "already_published", body = ErrorBody),
        (status = 422, description = "round_not_paired, not_the_latest_round", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/publish")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn publish(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<Publication>,
) -> Result<HttpResponse, ApiError> {
    caller.acting()?;
    let id = tournament_id(&id, &caller)?;
    let round = round_number(body.round)?;
    let now = crate::store::now();
    let starts_at = match body.starts_at.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            let at =
                time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
                    .map_err(|_| ApiError::bad_request("starts_at: a time, RFC 3339"))?;
            if at > now + time::Duration::days(366) {
                return Err(ApiError::bad_request("starts_at: at most a year ahead"));
            }
            // A start already past is now.
            (at > now).then_some(at)
        }
    };
    let done =
        tournament_commands::publish_round(state.clone(), &caller, &id, round, starts_at).await?;
    let view = shown_to(state, &caller, &id, &done.folded.state).await?;
    Ok(HttpResponse::Ok().json(view))
}
