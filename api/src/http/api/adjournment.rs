//! Adjournments and sealed-move envelopes (FIDE Laws, Appendix A). The sealed move is encrypted
//! under the server's envelope key as soon as it arrives and is never logged, mailed, or shown to
//! anyone but its sealer before the envelope opens.

use actix_web::{get, post, web, HttpResponse};
use askama::Template;
use domain::game::{Adjournment, EnvelopeKind, Locale};
use domain::{GameId, PlayerId};

use serde::{Deserialize, Serialize};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};

use crate::app::envelopes;
use crate::app::views::{DrawOfferView, GameView};
use crate::app::AppState;
use crate::app::{envelope_reads, game_reads};
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::game_commands::{ok_game, run};
use crate::i18n::Texts;
use crate::store::{self, rfc3339};
use domain::games::{Command, Game};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdjournBody {
    /// When play resumes (RFC 3339).
    #[schema(schema_with = crate::http::api::schema::date_time)]
    pub resume_at: String,
    pub place: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SealBody {
    /// The move as the sealer writes it: kept as written (judged at opening, A8).
    #[serde(rename = "move")]
    #[schema(schema_with = crate::http::api::schema::sealed_move)]
    pub mv: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RestoreBody {
    /// The move the sealer states they sealed (A11).
    #[serde(rename = "move")]
    pub mv: String,
    pub reason: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClocksBody {
    #[serde(deserialize_with = "domain::whole::u64")]
    pub white_seconds: u64,
    #[serde(deserialize_with = "domain::whole::u64")]
    pub black_seconds: u64,
    pub reason: String,
    /// After the first move of a resumption, a correction needs the arbiter to see grave
    /// consequences (A12).
    pub grave_consequences: Option<bool>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct EnvelopeQuery {
    /// `sealed` (default) or `reply` (A9c).
    #[param(schema_with = crate::http::api::schema::envelope_kind)]
    pub kind: Option<EnvelopeKind>,
}

/// The contract's Envelope: the A2 items and the commitment.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EnvelopeView {
    pub white: String,
    pub black: String,
    pub fen_before: String,
    pub move_number: u32,
    pub sealed_by: String,
    pub white_seconds_used: i64,
    pub black_seconds_used: i64,
    pub draw_offer: Option<DrawOfferView>,
    pub resume_at: String,
    pub place: Option<String>,
    pub closed: bool,
    pub commitment: String,
    pub opened: bool,
    /// Before opening: only for the sealer.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// Before opening: only for the sealer.
    pub nonce: Option<String>,
}

fn game_id(text: &str, locale: Locale) -> Result<GameId, ApiError> {
    GameId::parse(text).map_err(|_| ApiError::not_found(locale))
}

/// The Envelope of a game for the caller. The sealer sees their own move before opening (read
/// from the encrypted store); everyone else sees it only once the log holds the opening.
pub(crate) fn envelope_view(
    state: &AppState,
    game: &Game,
    kind: EnvelopeKind,
    caller: &Caller,
    locale: Locale,
) -> Result<EnvelopeView, ApiError> {
    let a: &Adjournment = game
        .adjournment
        .as_ref()
        .or(game.past_adjournment.as_ref())
        .ok_or_else(|| ApiError::not_found(locale))?;
    let e = envelope_reads::envelope(game, kind).ok_or_else(|| ApiError::not_found(locale))?;
    let (mv, nonce) = envelope_reads::readable_move(state, game, e, caller.account())
        .map_err(ApiError::internal)?
        .unzip();
    let used = a.used_at_close.unwrap_or(game.thinking_us);
    Ok(EnvelopeView {
        white: game.white.name.clone(),
        black: game.black.name.clone(),
        fen_before: a.position_before.clone(),
        move_number: e.move_number,
        sealed_by: e.sealed_by.as_str().to_owned(),
        white_seconds_used: used[0] / 1_000_000,
        black_seconds_used: used[1] / 1_000_000,
        draw_offer: a.draw_offer.map(|s| DrawOfferView {
            by: s.as_str().to_owned(),
        }),
        resume_at: rfc3339(a.resume_at),
        place: a.place.clone(),
        closed: e.closed,
        commitment: e.commitment.clone(),
        opened: e.opened.is_some(),
        mv,
        nonce,
    })
}

fn load_game(state: &AppState, id: GameId, locale: Locale) -> Result<Game, ApiError> {
    game_reads::folded(state, &id.to_string())?
        .state
        .game()
        .cloned()
        .ok_or_else(|| ApiError::not_found(locale))
}

pub(crate) fn me(caller: &Caller) -> Result<PlayerId, ApiError> {
    let p = caller
        .require()?
        .player()
        .ok_or_else(|| ApiError::forbidden("only the players seal and check in"))?;
    PlayerId::parse(&p.id).map_err(|_| ApiError::internal(anyhow::anyhow!("bad player id")))
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/adjourn", tag = "adjournment",
    description = "Adjourn the game (A1): the organiser/arbiter, or the player to move. The player to move must then seal.",
    params(("id" = String, Path)), request_body = AdjournBody,
    responses((status = 200, body = GameView), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/adjourn")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn adjourn(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<AdjournBody>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let body = body.into_inner();
    let resume_at = OffsetDateTime::parse(body.resume_at.trim(), &Rfc3339)
        .map_err(|_| ApiError::bad_request("resume_at must be an RFC 3339 time"))?;
    let command = Command::Adjourn {
        resume_at,
        place: body.place,
    };
    Ok(ok_game(
        &run(state, caller, id.into_inner(), command, None).await?,
    ))
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/envelope", tag = "adjournment",
    description = "Seal a move (the player to move, while adjourned and before closing); sealing again replaces it (A1). While play resumes without the sealer, the answering player may seal a reply (A9c).",
    params(("id" = String, Path)), request_body = SealBody,
    responses((status = 200, body = EnvelopeView), (status = 409, description = "not_adjourned, envelope_closed", body = ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/envelope")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn seal(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<SealBody>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let player = me(&caller)?;
    let id = game_id(&id, locale)?;
    let text = body.into_inner().mv;
    let notation = caller.player().and_then(|p| p.notation.clone());
    let view = web::block(move || -> Result<EnvelopeView, ApiError> {
        let (outcome, kind) = envelopes::seal(&state, id, player, text, notation, store::now())
            .map_err(|e| ApiError::command(e, locale))?;
        envelope_view(&state, outcome.game(), kind, &caller, locale)
    })
    .await??;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/envelope/close", tag = "adjournment",
    description = "Close the envelope (the sealer): the move cannot change, and the sealer's clock stops without starting the opponent's.",
    params(("id" = String, Path)),
    responses((status = 200, body = EnvelopeView), (status = 409, body = ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/envelope/close")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn close(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let outcome = run(
        state.clone(),
        caller.clone(),
        id.into_inner(),
        Command::CloseEnvelope,
        None,
    )
    .await?;
    let kind = outcome
        .new_events
        .iter()
        .find_map(|e| match &e.event.body {
            domain::game::EventBody::EnvelopeClosed { kind, .. } => Some(*kind),
            _ => None,
        })
        .unwrap_or(EnvelopeKind::Sealed);
    let view =
        web::block(move || envelope_view(&state, outcome.game(), kind, &caller, locale)).await??;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    get, path = "/api/v1/games/{id}/envelope", tag = "adjournment",
    params(("id" = String, Path), EnvelopeQuery),
    responses((status = 200, body = EnvelopeView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/v1/games/{id}/envelope")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn get_envelope(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    q: web::Query<EnvelopeQuery>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let locale = caller.locale();
    let id = game_id(&id, locale)?;
    let kind = q.kind.unwrap_or(EnvelopeKind::Sealed);
    let view = web::block(move || -> Result<EnvelopeView, ApiError> {
        let game = load_game(&state, id, locale)?;
        if !envelope_reads::may_see(caller.account(), &game) {
            return Err(ApiError::rejection(&domain::Rejection::NotAPlayer, locale));
        }
        envelope_view(&state, &game, kind, &caller, locale)
    })
    .await??;
    Ok(HttpResponse::Ok().json(view))
}

#[derive(Template)]
#[template(path = "pages/envelope.html")]
struct PrintedEnvelope<'a> {
    /// The reader's language, and the other one beside each label.
    t: Texts,
    o: Texts,
    e: &'a EnvelopeView,
    game_id: &'a str,
    draw_offer: String,
    /// The side that sealed, the times used and the resumption, in the reader's words and time
    /// zone.
    sealed_by: String,
    white_used: String,
    black_used: String,
    resumes: String,
}

#[get("/api/v1/games/{id}/envelope/print")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn print_envelope(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let t = crate::http::page::texts_for(&req, caller.player());
    let zone = crate::zone::Zone::of_reader(caller.player());
    let locale = t.locale();
    let id = game_id(&id, locale)?;
    let view = web::block(move || -> Result<EnvelopeView, ApiError> {
        let game = load_game(&state, id, locale)?;
        if !envelope_reads::may_see(caller.account(), &game) {
            return Err(ApiError::rejection(&domain::Rejection::NotAPlayer, locale));
        }
        // The printed envelope is for the arbiter's paper copy: never the move before opening,
        // whoever prints it.
        let mut view = envelope_view(
            &state,
            &game,
            EnvelopeKind::Sealed,
            &Caller::Anonymous,
            locale,
        )?;
        if !view.opened {
            view.mv = None;
            view.nonce = None;
        }
        Ok(view)
    })
    .await??;
    let draw_offer = match &view.draw_offer {
        Some(offer) => t.get(
            "sealed-page-offered-by",
            &[("side", t.text(&format!("side-{}", offer.by)))],
        ),
        None => t.text("sealed-page-no-offer"),
    };
    let page = PrintedEnvelope {
        t,
        o: t.other(),
        sealed_by: t.text(&format!("side-{}", view.sealed_by)),
        white_used: format!(
            "{} ({} s)",
            t.duration(view.white_seconds_used),
            view.white_seconds_used
        ),
        black_used: format!(
            "{} ({} s)",
            t.duration(view.black_seconds_used),
            view.black_seconds_used
        ),
        resumes: t.local_time_of(&view.resume_at, &zone).unwrap_or_default(),
        e: &view,
        game_id: &id.to_string(),
        draw_offer,
    };
    crate::http::page::html(actix_web::http::StatusCode::OK, &page)
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/check-in", tag = "adjournment",
    description = "A player is present for the resumption (at or after resume_at). When the player who must answer the sealed move is present, the envelope opens and the move is made, or the game is decided under A8.",
    params(("id" = String, Path)),
    responses((status = 200, body = GameView), (status = 409, description = "not_adjourned, before_resumption, already_checked_in", body = ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/check-in")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn check_in(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let player = me(&caller)?;
    let id = game_id(&id, locale)?;
    let outcome = web::block(move || envelopes::check_in(&state, id, player, store::now()))
        .await?
        .map_err(|e| ApiError::command(e, locale))?;
    Ok(ok_game(&outcome))
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/envelope/restore", tag = "adjournment",
    description = "A11: the envelope is lost; the arbiter records the move the sealer states they sealed, which opens as the envelope would have.",
    params(("id" = String, Path)), request_body = RestoreBody,
    responses((status = 200, body = GameView), (status = 403, body = ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/envelope/restore")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn restore(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<RestoreBody>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let locale = caller.locale();
    let id = game_id(&id, locale)?;
    caller.acting()?;
    let body = body.into_inner();
    let outcome = web::block(move || -> Result<_, ApiError> {
        envelopes::restore(&state, id, caller.acting()?, body.mv, body.reason)
            .map_err(|e| ApiError::command(e, locale))
    })
    .await??;
    Ok(ok_game(&outcome))
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/clocks", tag = "adjournment",
    description = "A11/A12: the arbiter sets the clocks, while adjourned or before the first move of a resumption (later only with grave_consequences).",
    params(("id" = String, Path)), request_body = ClocksBody,
    responses((status = 200, body = GameView), (status = 403, body = ErrorBody), (status = 409, description = "too_late", body = ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/clocks")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn set_clocks(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<ClocksBody>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let b = body.into_inner();
    let command = Command::SetClocks {
        white_seconds: b.white_seconds,
        black_seconds: b.black_seconds,
        reason: b.reason,
        grave_consequences: b.grave_consequences.unwrap_or(false),
    };
    Ok(ok_game(
        &run(state, caller, id.into_inner(), command, None).await?,
    ))
}
