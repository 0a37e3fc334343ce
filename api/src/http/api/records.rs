//! A game's read-only views besides the Game itself: its record (PGN for chess, PDN for
//! checkers) and the legal moves of the player to move.

use actix_web::{get, web, HttpResponse};
use domain::game::export_pgn;
use domain::games::GameKind;
use serde::Serialize;
use utoipa::ToSchema;

use crate::app::reads::current_view_json;
use crate::app::{game_reads, AppState};
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::game_commands::game_id;

/// The legal moves of the player to move.
#[derive(Debug, Serialize, ToSchema)]
pub struct LegalMovesAnswer {
    /// Each move in the game's standard notation (chess: SAN; checkers: PDN with every landing
    /// square of a capture), exactly as `POST …/moves` takes it, in natural order; none once
    /// the game is over.
    pub moves: Vec<String>,
}

#[utoipa::path(
    get, path = "/api/v1/games/{id}/pgn", tag = "games",
    description = "The game in PGN: the Seven Tag Roster, `SetUp`/`FEN`, `TimeControl`, `Termination`; after each move the time it was made as a comment (`{2026-11-24 14:05 UTC}`), then a draw offer made with it as `{(=)}`.",
    params(("id" = String, Path)),
    responses((status = 200, description = "The record: PGN for chess, PDN for checkers", content((String = "application/x-chess-pgn"), (String = "application/x-pdn"))), (status = 404, body = ErrorBody))
)]
#[get("/api/v1/games/{id}/pgn")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn pgn(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let id = game_id(&id, locale)?.to_string();
    let log = web::block(move || -> Result<_, ApiError> {
        crate::http::auth::read_game(&state, &id, &caller, locale)?;
        Ok(game_reads::events(&state, &id)?.0)
    })
    .await??;
    if log.is_empty() {
        return Err(ApiError::not_found(locale));
    }
    let events: Vec<_> = log.into_iter().map(|e| e.event).collect();
    let (_, media_type) =
        crate::games::record_file(crate::games::kind_of_log(&events).unwrap_or(GameKind::Chess));
    let text = export_pgn::<GameKind>(&events).map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type(format!("{media_type}; charset=utf-8"))
        .body(text))
}

#[utoipa::path(
    get, path = "/api/v1/games/{id}/legal-moves", tag = "games",
    params(("id" = String, Path, description = "Game id")),
    responses((status = 200, body = LegalMovesAnswer), (status = 404, body = ErrorBody))
)]
#[get("/api/v1/games/{id}/legal-moves")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn legal_moves(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let id = game_id(&id, locale)?.to_string();
    let moves = web::block(move || -> Result<Vec<String>, ApiError> {
        // As of now: a fallen flag is recorded first, and leaves no moves.
        let row = crate::http::auth::read_game(&state, &id, &caller, locale)?;
        current_view_json(&state, row).map_err(|e| ApiError::command(e, locale))?;
        let folded = game_reads::folded(&state, &id)?;
        let game = folded
            .state
            .game()
            .ok_or_else(|| ApiError::not_found(locale))?;
        Ok(if game.is_live() {
            crate::games::legal_moves(game.position())
        } else {
            Vec::new()
        })
    })
    .await??;
    Ok(HttpResponse::Ok().json(LegalMovesAnswer { moves }))
}
