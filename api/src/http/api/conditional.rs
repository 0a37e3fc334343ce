//! A player's conditional moves over the API: set (replacing), read and withdraw their own lines.
//! Nobody else reads them: the log holds only a commitment until a line's moves are played.

use actix_web::{delete, get, put, web, HttpResponse};
use domain::game::Command;
use domain::games::Notation;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::conditional::{self, line_texts, Standing};
use crate::app::AppState;
use crate::http::api::adjournment::me;
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::game_commands::{game_id, run};
use crate::store::{self, rfc3339};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalBody {
    /// Lines of alternating moves from the present position, each beginning with the side to
    /// move there and ending with one of yours: at most 32 lines of at most 40 moves.
    #[schema(schema_with = crate::http::api::schema::conditional_lines)]
    pub lines: Vec<Vec<String>>,
    #[schema(schema_with = crate::http::api::schema::notation)]
    pub notation: Option<Notation>,
    #[serde(default, deserialize_with = "domain::whole::opt_u64")]
    pub expected_version: Option<u64>,
}

/// A player's conditional moves, as only they see them.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConditionalMovesView {
    /// The lines that remain, from the present position, in SAN (English letters).
    pub lines: Vec<Vec<String>>,
    /// The same lines in UCI.
    pub lines_uci: Vec<Vec<String>>,
    /// When the lines were set (null: none are held).
    pub set_at: Option<String>,
    /// The ply at which they were set.
    pub set_at_ply: Option<u64>,
    /// The commitment the game's log holds:
    /// `hex(sha256("{game_id}\n{set_at_ply}\n{side}\n{as_set}\n{nonce}"))`, the lines as set
    /// written in UCI, moves separated by spaces and lines by `;`.
    pub commitment: Option<String>,
    pub nonce: Option<String>,
    /// The lines as they were set, in UCI.
    pub as_set: Option<Vec<Vec<String>>>,
    /// Why the last lines were dropped: `no_match`, `exhausted`, `draw_offer`, `claim`,
    /// `adjournment`, `reply_illegal` (null: none were, or the game ended).
    pub dropped: Option<String>,
    /// The game's version.
    pub version: u64,
}

impl ConditionalMovesView {
    fn of(s: Standing) -> ConditionalMovesView {
        let map = |f: fn(&domain::game::MoveRecord) -> String| {
            s.lines
                .iter()
                .map(|l| l.iter().map(f).collect())
                .collect::<Vec<Vec<String>>>()
        };
        ConditionalMovesView {
            lines: map(|m| m.written.clone()),
            lines_uci: map(|m| m.code.to_string()),
            set_at: s.held.as_ref().map(|h| rfc3339(h.set_at)),
            set_at_ply: s.held.as_ref().map(|h| h.from_ply as u64),
            commitment: s.held.as_ref().map(|h| h.commitment.clone()),
            nonce: s.as_set.as_ref().map(|(_, n)| n.clone()),
            as_set: s.as_set.map(|(l, _)| l),
            dropped: s.dropped.map(|d| d.as_str().to_owned()),
            version: s.version,
        }
    }
}

/// The caller's lines as they stand now, as the answer.
async fn answer_standing(
    state: web::Data<AppState>,
    id: domain::GameId,
    player: domain::PlayerId,
    locale: domain::game::Locale,
) -> Result<HttpResponse, ApiError> {
    let view = web::block(move || {
        conditional::standing(&state, id, player)
            .map(ConditionalMovesView::of)
            .map_err(|e| ApiError::command(e, locale))
    })
    .await??;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    put, path = "/api/v1/games/{id}/conditional-moves", tag = "games",
    description = "Set your conditional moves (replacing any you had): lines of alternating moves from the present position, each beginning with the side to move and ending with your move, in any accepted notation, read move by move. A move the opponent makes that a line foresaw is answered at once with the line's reply, marked conditional, taking none of your time; a move no line foresaw, the opponent's draw offer, a claim, an adjournment or the game's end drops them. At most 32 lines of at most 40 moves (`invalid_conditional_moves` names the line and move that is wrong; nothing is stored). Only you can read them: the game's log holds a commitment to them.",
    params(("id" = String, Path)), request_body = ConditionalBody,
    responses(
        (status = 200, body = ConditionalMovesView),
        (status = 409, description = "draw_offer_pending (answer the opponent's offer first), adjourned, game_over", body = ErrorBody),
        (status = 422, description = "invalid_conditional_moves", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[put("/api/v1/games/{id}/conditional-moves")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn set_conditional_moves(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<ConditionalBody>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let player = me(&caller)?;
    let id = game_id(&id, locale)?;
    let body = body.into_inner();
    let lines = line_texts(&body.lines).map_err(|r| ApiError::rejection(&r, locale))?;
    let preferred = caller.player().and_then(|p| p.read_notation());
    let (_, standing) = conditional::set(
        state.into_inner(),
        id,
        player,
        lines,
        body.notation,
        preferred,
        body.expected_version,
        store::now(),
    )
    .await
    .map_err(|e| ApiError::command(e, locale))?;
    Ok(HttpResponse::Ok().json(ConditionalMovesView::of(standing)))
}

#[utoipa::path(
    get, path = "/api/v1/games/{id}/conditional-moves", tag = "games",
    description = "Your conditional moves in this game as they stand (only the player who set them reads them).",
    params(("id" = String, Path)),
    responses((status = 200, body = ConditionalMovesView), (status = 403, body = ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/v1/games/{id}/conditional-moves")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn get_conditional_moves(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let player = me(&caller)?;
    let id = game_id(&id, locale)?;
    answer_standing(state, id, player, locale).await
}

#[utoipa::path(
    delete, path = "/api/v1/games/{id}/conditional-moves", tag = "games",
    description = "Withdraw your conditional moves.",
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ConditionalMovesView),
        (status = 409, description = "no_conditional_moves", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[delete("/api/v1/games/{id}/conditional-moves")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn withdraw_conditional_moves(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let player = me(&caller)?;
    let id_text = id.into_inner();
    let id = game_id(&id_text, locale)?;
    run(
        state.clone(),
        caller,
        id_text,
        Command::WithdrawConditionalMoves,
        None,
    )
    .await?;
    answer_standing(state, id, player, locale).await
}
