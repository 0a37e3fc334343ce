//! Entering a tournament: a player asks to enter (or accepts an invitation), whoever runs it
//! invites a player, and an invited player declines.

use super::*;

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/entries", tag = "tournaments",
    description = "The caller asks to enter the tournament: whoever runs it may then enter them (`POST …/players`), as they may their own pupils (D69). A player invited to it (`invited`) enters at once, accepting the invitation.",
    params(("id" = String, Path, description = "Tournament id")),
    responses(
        (status = 200, description = "The tournament: the caller among `asked`, or entered if invited", body = TournamentView),
        (status = 403, description = "not_a_player (the admin token)", body = ErrorBody),
        (status = 404, description = "No such tournament", body = ErrorBody),
        (status = 409, description = "already_registered (or asked already), tournament_finished", body = ErrorBody),
        (status = 422, description = "round_robin_closed", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/entries")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn ask_to_enter(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = tournament_id(&id, &caller)?;
    let locale = caller.locale();
    // Only those who may read it may ask: to anyone else it is no tournament.
    read_tournament(state.clone(), &caller, &id, |_, _| Ok(())).await?;
    let outcome = crate::app::entries::ask(state.clone().into_inner(), caller.acting()?, &id)
        .await
        .map_err(|e| entry_error(e, locale))?;
    let view = shown_to(state, &caller, &id, &outcome.folded.state).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Whom a tournament's runner invites.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewInvitation {
    /// The player's id (an account of the service).
    #[schema(format = Uuid)]
    pub player: String,
}

fn entry_error(e: crate::app::entries::EntryError, locale: domain::game::Locale) -> ApiError {
    use crate::app::entries::EntryError;
    match e {
        // An unknown player is not an unknown tournament: 422, not 404.
        EntryError::NoSuchPlayer => ApiError::new(
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            "no_such_player",
            "no player has that id",
        ),
        EntryError::Denied(denied) => ApiError::denied(denied, locale),
        EntryError::Command(e) => ApiError::command(e, locale),
    }
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/invitations", tag = "tournaments",
    description = "Whoever runs the tournament invites a player they may see (D69): the player is mailed, and enters by accepting (`POST …/entries`) or declines (`POST …/invitations/decline`). The invitation enters no one.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = NewInvitation,
    responses(
        (status = 200, description = "The tournament, the player among `invited`", body = TournamentView),
        (status = 403, description = "forbidden: the caller does not run it", body = ErrorBody),
        (status = 400, description = "bad_request: not a player's id", body = ErrorBody),
        (status = 404, description = "No such tournament", body = ErrorBody),
        (status = 409, description = "already_registered, already_invited, invitation_declined (they declined before: they may ask to enter), tournament_finished", body = ErrorBody),
        (status = 422, description = "no_such_player, round_robin_closed", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/invitations")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn invite_player(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<NewInvitation>,
) -> Result<HttpResponse, ApiError> {
    let id = tournament_id(&id, &caller)?;
    let locale = caller.locale();
    // To those who may not read it, it is no tournament.
    read_tournament(state.clone(), &caller, &id, |_, _| Ok(())).await?;
    player_id(&body.player)?;
    let outcome = crate::app::entries::invite(
        state.clone().into_inner(),
        caller.acting()?,
        &id,
        &body.player,
    )
    .await
    .map_err(|e| entry_error(e, locale))?;
    let view = shown_to(state, &caller, &id, &outcome.folded.state).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/invitations/withdraw", tag = "tournaments",
    description = "Whoever runs the tournament withdraws an invitation not yet answered: the player may no longer accept it, nor read the tournament by it.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = NewInvitation,
    responses(
        (status = 200, description = "The tournament, the player no longer among `invited`", body = TournamentView),
        (status = 400, description = "bad_request: not a player's id", body = ErrorBody),
        (status = 403, description = "forbidden: the caller does not run it", body = ErrorBody),
        (status = 404, description = "No such tournament", body = ErrorBody),
        (status = 409, description = "not_invited, tournament_finished", body = ErrorBody),
        (status = 422, description = "no_such_player", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/invitations/withdraw")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn withdraw_invitation(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<NewInvitation>,
) -> Result<HttpResponse, ApiError> {
    let id = tournament_id(&id, &caller)?;
    let locale = caller.locale();
    read_tournament(state.clone(), &caller, &id, |_, _| Ok(())).await?;
    player_id(&body.player)?;
    let outcome = crate::app::entries::withdraw(
        state.clone().into_inner(),
        caller.acting()?,
        &id,
        &body.player,
    )
    .await
    .map_err(|e| entry_error(e, locale))?;
    let view = shown_to(state, &caller, &id, &outcome.folded.state).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/invitations/decline", tag = "tournaments",
    description = "The caller declines their invitation to enter the tournament (an ask to enter made before is withdrawn too); they are not invited again, and may still ask to enter.",
    params(("id" = String, Path, description = "Tournament id")),
    responses(
        (status = 200, description = "The tournament", body = TournamentView),
        (status = 403, description = "not_a_player (the admin token)", body = ErrorBody),
        (status = 404, description = "No such tournament", body = ErrorBody),
        (status = 409, description = "not_invited", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/invitations/decline")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn decline_invitation(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = tournament_id(&id, &caller)?;
    let locale = caller.locale();
    read_tournament(state.clone(), &caller, &id, |_, _| Ok(())).await?;
    let outcome = crate::app::entries::decline(state.clone().into_inner(), caller.acting()?, &id)
        .await
        .map_err(|e| entry_error(e, locale))?;
    let view = shown_to(state, &caller, &id, &outcome.folded.state).await?;
    Ok(HttpResponse::Ok().json(view))
}
