//! Games: creation, moves, draw offers, claims, resignation, arbiter decisions, the log and PGN.

use std::sync::Arc;

use actix_web::{get, post, web, HttpResponse};
use domain::chess::{MoveText, Notation};
use domain::game::{
    evolve, export_pgn, Actor, ClaimKind, Command, Context, CreateGame, EventBody, Game,
    GameResult, GameState, Locale, MoveInput, Participant, Rejection, RuleSet, SealedMoveCheck,
    TimeControl,
};
use domain::{decide, GameId, PlayerId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::{Caller, Credentials};
use super::error::{ApiError, ErrorBody};
use super::views::GameView;
use super::AppState;
use crate::folds::Folded;
use crate::outbox;
use crate::store::{self, StoreError, StoredEvent};

// ---------------------------------------------------------------------- request bodies

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGameBody {
    pub white: String,
    pub black: String,
    /// `fide2023` (default) or `fide2005`.
    pub rules: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub time_control: Option<TimeControl>,
    pub start_fen: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub site: Option<String>,
    /// Leave days each player may take per calendar year (default 30).
    pub leave_days_per_year: Option<u32>,
    /// When sealed moves are judged: `at_opening` (FIDE, default) or `at_sealing`.
    pub sealed_move_check: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(rename = "move")]
    pub mv: String,
    /// `san`, `san-tr`, `san-de`, `san-fr`, `uci` or `iccf`.
    pub notation: Option<String>,
    pub offer_draw: Option<bool>,
    pub expected_version: Option<u64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimBody {
    /// `threefold_repetition` or `fifty_moves`.
    pub kind: String,
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub notation: Option<String>,
    pub expected_version: Option<u64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DecisionBody {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClaimAnswer {
    pub accepted: bool,
    pub game: GameView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EventView {
    pub seq: i64,
    #[serde(rename = "type")]
    pub type_name: String,
    pub at: String,
    pub actor: String,
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
    pub hash: String,
    pub prev_hash: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EventsAnswer {
    pub events: Vec<EventView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GamesAnswer {
    pub games: Vec<GameView>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct GamesQuery {
    /// `active` or `finished`.
    pub status: Option<String>,
}

// ---------------------------------------------------------------------- parsing helpers

fn game_id(text: &str, locale: Locale) -> Result<GameId, ApiError> {
    GameId::parse(text).map_err(|_| ApiError::not_found(locale))
}

fn notation(text: Option<&str>) -> Result<Option<Notation>, ApiError> {
    text.map(|t| {
        Notation::parse(t).ok_or_else(|| {
            ApiError::bad_request(format!(
                "unknown notation {t:?}: use san, san-tr, san-de, san-fr, uci or iccf"
            ))
        })
    })
    .transpose()
}

fn move_input(text: &str, notation_text: Option<&str>) -> Result<MoveInput, ApiError> {
    let notation = notation(notation_text)?;
    let text = MoveText::parse(text).map_err(|e| {
        ApiError::new(
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            "unparseable_move",
            format!("{e}"),
        )
    })?;
    Ok(MoveInput { text, notation })
}

/// The domain actor for the caller in a game command.
fn actor_for(caller: &Caller, arbiter_command: bool) -> Result<Actor, ApiError> {
    match caller.require()? {
        Caller::Admin => Ok(Actor::Admin),
        Caller::Player(p) => {
            let id = PlayerId::parse(&p.id)
                .map_err(|_| ApiError::internal(anyhow::anyhow!("bad player id {}", p.id)))?;
            Ok(if arbiter_command && p.has_role("organiser") {
                Actor::Arbiter(id)
            } else {
                Actor::Player(id)
            })
        }
        Caller::Anonymous => Err(ApiError::unauthenticated()),
    }
}

// ---------------------------------------------------------------------- running commands

/// What a command did.
pub struct Outcome {
    /// The game's state after the command (shared with the cache of folds).
    pub folded: std::sync::Arc<crate::folds::Folded>,
    /// The Game resource as of the command (what the projection row holds).
    pub view: GameView,
    /// `view` as JSON: the projection row's copy, so an answer need not write it again.
    pub view_json: String,
    pub new_events: Vec<StoredEvent>,
}

impl Outcome {
    /// The game after the command ([`submit`] made sure the events fold to one).
    pub fn game(&self) -> &Game {
        self.folded
            .state
            .game()
            .expect("a committed outcome holds a game")
    }
}

/// Loads the game's log, folds it, decides, and appends the new events with the projection and
/// the outbox rows in one transaction. A lost race is retried (re-judged on the newer state) unless
/// the client named the version it expects. If the side to move's flag has fallen, the flag fall is
/// recorded first and the command is refused: the game is over.
pub fn execute(
    state: &AppState,
    id: GameId,
    command: Command,
    ctx: &Context,
    expected_version: Option<u64>,
    locale: Locale,
) -> Result<Outcome, ApiError> {
    execute_with(
        state,
        id,
        |_| Ok((command.clone(), Extras::default())),
        ctx,
        expected_version,
        locale,
    )
}

/// What a command stores beside its events.
#[derive(Debug, Default)]
pub struct Extras {
    /// A sealed envelope's encrypted content.
    pub envelope: Option<crate::store::EnvelopeRow>,
}

/// As [`execute`], with the command built from the folded state (a check-in decides from it
/// whether an envelope opens, and so whether to decrypt it).
#[tracing::instrument(level = "debug", skip(state, build, ctx), fields(game = %id))]
pub fn execute_with(
    state: &AppState,
    id: GameId,
    build: impl Fn(&GameState) -> Result<(Command, Extras), ApiError>,
    ctx: &Context,
    expected_version: Option<u64>,
    locale: Locale,
) -> Result<Outcome, ApiError> {
    let key = id.to_string();
    for n in 0..ATTEMPTS {
        let cached = if n == 0 {
            state.folds.cached(&key).map(OwnCopy::of)
        } else {
            None
        };
        let Some(Judged { pending, landing }) =
            attempt(state, &key, cached, &build, ctx, expected_version, locale)?
        else {
            continue;
        };
        if let Some(outcome) = landing.land(state, pending.wait(), locale)? {
            return Ok(outcome);
        }
    }
    Err(ApiError::version_conflict(locale))
}

/// How often a command is judged again after losing a race before it is answered with a
/// version conflict.
const ATTEMPTS: usize = 5;

/// A command judged and handed to the group commit.
struct Judged {
    pending: crate::store::PendingAppend,
    landing: Landing,
}

/// What a judged command becomes once its commit is answered.
struct Landing {
    key: String,
    /// The game after the command, not yet cached.
    after: GameState,
    /// The fold's last seq and hash before the command.
    before: (i64, String),
    view: GameView,
    view_json: String,
    moves: u64,
    /// The flag had fallen: the flag fall is what was written, and the command is refused.
    then_refuse: Option<Rejection>,
    /// A lost race is answered with a version conflict instead of judging again: the command
    /// was judged on the log itself, and the client named the version it expects (or the
    /// command creates a game, or carries an envelope).
    conflict_is_final: bool,
}

/// One try at a command. The first is judged on the cached fold (`cached`) without reading the
/// log: if another server appended meanwhile, the append conflicts on its sequence number. A
/// refusal is only given on a fold brought up to date from the log, since a stale fold could
/// refuse wrongly: `Ok(None)` means "judge again on the log". Without `cached`, the log is read.
fn attempt(
    state: &AppState,
    key: &str,
    cached: Option<OwnCopy>,
    build: &impl Fn(&GameState) -> Result<(Command, Extras), ApiError>,
    ctx: &Context,
    expected_version: Option<u64>,
    locale: Locale,
) -> Result<Option<Judged>, ApiError> {
    let fresh = cached.is_none();
    let OwnCopy { folded, before } = match cached {
        Some(copy) => copy,
        None => OwnCopy::of(
            state
                .folds
                .current(&state.store, key)
                .map_err(|e| match e {
                    StoreError::Corrupt(_) => ApiError::internal(e),
                    other => other.into(),
                })?,
        ),
    };
    let refuse = |e: ApiError| if fresh { Err(e) } else { Ok(None) };
    let (command, extras) = match build(&before) {
        Ok(built) => built,
        Err(e) => return refuse(e),
    };
    let creating = matches!(command, Command::CreateGame(_));
    if folded.seq == 0 && !creating {
        return Err(ApiError::not_found(locale));
    }
    if let Some(v) = expected_version {
        if v != before.version() {
            return refuse(ApiError::version_conflict(locale));
        }
    }
    let flagged = before.game().and_then(|g| g.flagged(ctx.now));
    let (events, then_refuse) = match flagged {
        Some(side) if !matches!(command, Command::FlagFall) => {
            let system = Context {
                actor: Actor::System,
                ..ctx.clone()
            };
            match decide(&before, Command::FlagFall, &system) {
                Ok(events) => (events, Some(Rejection::FlagFallen { side })),
                Err(r) => return refuse(ApiError::rejection(&r, locale)),
            }
        }
        _ => match decide(&before, command, ctx) {
            Ok(events) => (events, None),
            Err(r) => return refuse(ApiError::rejection(&r, locale)),
        },
    };
    let envelope = if then_refuse.is_none() {
        extras.envelope.as_ref()
    } else {
        None
    };
    let decisive = expected_version.is_some() || creating || extras.envelope.is_some();
    let judged =
        submit(state, key, &folded, before, &events, ctx.now, envelope).map_err(ApiError::from)?;
    Ok(Some(Judged {
        pending: judged.pending,
        landing: Landing {
            then_refuse,
            conflict_is_final: fresh && decisive,
            ..judged.landing
        },
    }))
}

/// A fold and the request's own copy of its state, which the command is judged on and evolved
/// into the next fold.
pub(crate) struct OwnCopy {
    folded: Arc<Folded>,
    before: GameState,
}

impl OwnCopy {
    fn of(folded: Arc<Folded>) -> OwnCopy {
        OwnCopy {
            before: folded.state.clone(),
            folded,
        }
    }
}

/// Hands the decided events after `folded` to the group commit, with the projection and outbox
/// rows (one transaction).
fn submit(
    state: &AppState,
    key: &str,
    folded: &crate::folds::Folded,
    before: GameState,
    events: &[domain::GameEvent],
    now: domain::game::Timestamp,
    envelope: Option<&crate::store::EnvelopeRow>,
) -> Result<Judged, StoreError> {
    let mut after = before;
    for e in events {
        after = evolve(after, e);
    }
    let Some(game) = after.game() else {
        return Err(StoreError::Corrupt(
            "decide produced events that do not fold".into(),
        ));
    };
    let view = GameView::of(game, now);
    let mut mail = outbox::rows_for(game, folded.seq + 1, events);
    crate::mail::sender::settle_where_written(&state.store, &mut mail);
    let projection = view.row(game);
    let pending = state.store.submit(&crate::store::Append {
        game_id: key,
        after_seq: folded.seq,
        prev_hash: folded.hash.as_str(),
        events,
        projection: &projection,
        mail: &mail,
        envelope,
    })?;
    let moves = events
        .iter()
        .filter(|e| matches!(e.body, EventBody::MovePlayed { .. }))
        .count() as u64;
    Ok(Judged {
        pending,
        landing: Landing {
            key: key.to_owned(),
            after,
            before: (folded.seq, folded.hash.clone()),
            view,
            view_json: projection.view,
            moves,
            then_refuse: None,
            conflict_is_final: false,
        },
    })
}

impl Landing {
    /// The commit's answer: the outcome (the new fold cached), the command's refusal, or
    /// `Ok(None)` to judge it again on the log (a lost race on a stale fold).
    fn land(
        self,
        state: &AppState,
        committed: Result<Vec<StoredEvent>, StoreError>,
        locale: Locale,
    ) -> Result<Option<Outcome>, ApiError> {
        let stored = match committed {
            Ok(stored) => stored,
            Err(StoreError::Conflict) => {
                state.metrics.store_conflicts.inc();
                if self.conflict_is_final {
                    return Err(ApiError::version_conflict(locale));
                }
                tracing::debug!("lost a race for the next sequence number; judging again");
                return Ok(None);
            }
            Err(e) => return Err(e.into()),
        };
        state.metrics.events_appended.inc_by(stored.len() as u64);
        let (seq, hash) = stored
            .last()
            .map_or(self.before, |e| (e.seq, e.hash.clone()));
        let folded = std::sync::Arc::new(crate::folds::Folded {
            state: self.after,
            seq,
            hash,
        });
        if !stored.is_empty() {
            state.folds.put(&self.key, folded.clone());
        }
        state.metrics.moves_recorded.inc_by(self.moves);
        if let Some(r) = self.then_refuse {
            return Err(ApiError::rejection(&r, locale));
        }
        Ok(Some(Outcome {
            folded,
            view: self.view,
            view_json: self.view_json,
            new_events: stored,
        }))
    }
}

/// Records the flag fall of a game whose deadline has passed (the scheduler's work, also done by
/// any read that finds it due). `Ok(None)` if there was nothing to do.
pub fn flag_fall(state: &AppState, id: GameId) -> Result<Option<Outcome>, ApiError> {
    let ctx = Context {
        now: store::now(),
        actor: Actor::System,
        notation: None,
    };
    match execute(state, id, Command::FlagFall, &ctx, None, Locale::En) {
        Ok(o) => Ok(Some(o)),
        Err(e) if matches!(e.code, "game_over" | "not_due") => Ok(None),
        Err(e) => Err(e),
    }
}

/// The Game of a projection row as of now; a game whose flag has fallen is flagged first, so no
/// read shows a game as going on after its deadline.
pub fn current_view(state: &AppState, row: &crate::store::GameRow) -> Result<GameView, ApiError> {
    let now = store::now();
    let (view, flagged) = GameView::fresh(row, now).map_err(ApiError::internal)?;
    if !flagged {
        return Ok(view);
    }
    let id = GameId::parse(&row.id).map_err(|_| ApiError::internal(anyhow::anyhow!("bad id")))?;
    flag_fall(state, id)?;
    let row = state
        .store
        .game_row(&row.id)?
        .ok_or_else(|| ApiError::not_found(Locale::En))?;
    Ok(GameView::fresh(&row, now).map_err(ApiError::internal)?.0)
}

/// As [`current_view`], as JSON with the game's status: the stored view itself where no clock
/// runs (nothing to read or write again), else the view with its clocks read now.
pub fn current_view_json(
    state: &AppState,
    row: crate::store::GameRow,
) -> Result<(String, String), ApiError> {
    if GameView::stored_is_current(&row) {
        return Ok((row.view, row.status));
    }
    let view = current_view(state, &row)?;
    let json = serde_json::to_string(&view).map_err(ApiError::internal)?;
    Ok((json, view.status))
}

fn fold(log: &[StoredEvent]) -> Result<GameState, ApiError> {
    GameState::replay(log.iter().map(|e| &e.event))
        .map_err(|e| ApiError::internal(anyhow::anyhow!("a stored log does not fold: {e}")))
}

/// Runs a game command for the caller off the async workers and answers with the Game.
pub(crate) async fn run(
    state: web::Data<AppState>,
    caller: Caller,
    id: String,
    command: Command,
    expected_version: Option<u64>,
) -> Result<Outcome, ApiError> {
    let locale = caller.locale();
    let id = game_id(&id, locale)?;
    let arbiter = matches!(
        command,
        Command::DecideResult { .. }
            | Command::AddTime { .. }
            | Command::Adjourn { .. }
            | Command::RestoreEnvelope { .. }
            | Command::SetClocks { .. }
    );
    let actor = actor_for(&caller, arbiter)?;
    let ctx = Context {
        now: store::now(),
        actor,
        notation: caller
            .player()
            .and_then(|p| p.notation.as_deref())
            .and_then(Notation::parse),
    };
    // As `execute`; the commit is awaited here, so no thread sleeps while its batch is written.
    // A move on a cached fold that cannot need the full search is judged on this worker (D35;
    // the game's mating line carried forward counts, D37): nothing in it blocks or takes long.
    // Anything else is judged on a blocking thread, which may read the log or search.
    let key = id.to_string();
    let build = {
        let command = command.clone();
        move |_: &GameState| Ok((command.clone(), Extras::default()))
    };
    for n in 0..ATTEMPTS {
        let cached = if n == 0 {
            state.folds.cached(&key)
        } else {
            None
        };
        // The check carries the game's mating line forward on this request's own copy of the
        // state, where the judgement finds it.
        let (cached, here) = match cached {
            Some(folded) => {
                let mut copy = OwnCopy::of(folded);
                let here = judged_here(&mut copy.before, &command, &ctx);
                (Some(copy), here)
            }
            None => (None, false),
        };
        let judged = if here {
            // A panic here answers this request with a 500, as it would on a blocking thread,
            // instead of ending the worker and every connection it serves.
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                attempt(&state, &key, cached, &build, &ctx, expected_version, locale)
            }))
            .map_err(|_| ApiError::internal(anyhow::anyhow!("judging a move panicked")))??
        } else {
            let (st, k, c, b) = (state.clone(), key.clone(), ctx.clone(), build.clone());
            web::block(move || attempt(&st, &k, cached, &b, &c, expected_version, locale)).await??
        };
        let Some(Judged { pending, landing }) = judged else {
            continue;
        };
        // Were this future dropped before landing (actix-http 3.20 keeps polling a request
        // whose client hung up: tested), the command would still be committed; only its fold
        // would not be cached (the next command loses a race and is judged on the log) and its
        // mail would wait for its lease (D20). A task of its own for each landing measured slower.
        if let Some(outcome) = landing.land(&state, pending.committed().await, locale)? {
            return Ok(outcome);
        }
    }
    Err(ApiError::version_conflict(locale))
}

/// Whether `command` on `state` is judged on the HTTP worker: no flag has fallen (its record
/// asks whether the opponent can still mate, 6.9) and the domain vouches that judging it on this
/// same state (the request's own copy, whose memo the check may carry forward) cannot run the
/// full search.
fn judged_here(state: &mut GameState, command: &Command, ctx: &Context) -> bool {
    state.game().is_some_and(|g| g.flagged(ctx.now).is_none())
        && !domain::game::judging_may_search(state, command, ctx)
}

pub(crate) fn ok_game(outcome: &Outcome) -> HttpResponse {
    json_answer(outcome.view_json.clone())
}

/// A 200 answer whose body is already JSON.
fn json_answer(json: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(json)
}

// ---------------------------------------------------------------------- handlers

#[utoipa::path(
    post, path = "/api/v1/games", tag = "games",
    request_body = CreateGameBody,
    responses(
        (status = 201, description = "The game", body = GameView),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "Unknown player", body = ErrorBody),
        (status = 422, description = "invalid_fen, position_not_playable, invalid_time_control", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/games")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create_game(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CreateGameBody>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let locale = caller.locale();
    let body = body.into_inner();
    let rules = match body.rules.as_deref() {
        None => RuleSet::default(),
        Some(r) => RuleSet::parse(r).ok_or_else(|| {
            ApiError::bad_request(format!("unknown rules {r:?}: use fide2023 or fide2005"))
        })?,
    };
    for (field, value, max) in [
        ("event", &body.event, 200),
        ("site", &body.site, 200),
        ("round", &body.round, 32),
    ] {
        if let Some(v) = value {
            if v.chars().count() > max || v.chars().any(char::is_control) {
                return Err(ApiError::bad_request(format!(
                    "{field} must be at most {max} characters without control characters"
                )));
            }
        }
    }
    let (white_id, black_id) = (
        PlayerId::parse(&body.white).map_err(|_| ApiError::not_found(locale))?,
        PlayerId::parse(&body.black).map_err(|_| ApiError::not_found(locale))?,
    );
    let store = state.store.clone();
    let (w, b) = (body.white.clone(), body.black.clone());
    let (white, black) =
        web::block(move || -> Result<_, StoreError> { Ok((store.player(&w)?, store.player(&b)?)) })
            .await??;
    let (Some(white), Some(black)) = (white, black) else {
        return Err(ApiError::not_found(locale));
    };
    // Who creates: the admin, an organiser (who becomes the game's arbiter), or a side.
    let (actor, organiser) = match &caller {
        Caller::Admin => (Actor::Admin, None),
        Caller::Player(p) => {
            let me = PlayerId::parse(&p.id)
                .map_err(|_| ApiError::internal(anyhow::anyhow!("bad id")))?;
            if me == white_id || me == black_id {
                (Actor::Player(me), None)
            } else if p.has_role("organiser") {
                (Actor::Arbiter(me), Some(me))
            } else {
                return Err(ApiError::rejection(&Rejection::NotAPlayer, locale));
            }
        }
        Caller::Anonymous => return Err(ApiError::unauthenticated()),
    };
    let id = GameId::from_uuid(uuid::Uuid::now_v7());
    let command = Command::CreateGame(Box::new(CreateGame {
        game_id: id,
        white: Participant {
            id: white_id,
            name: white.name,
        },
        black: Participant {
            id: black_id,
            name: black.name,
        },
        organiser,
        rules,
        start_fen: body.start_fen,
        time_control: body.time_control,
        event: body.event,
        round: body.round,
        site: body.site,
        leave_days_per_year: body.leave_days_per_year,
        sealed_move_check: match body.sealed_move_check.as_deref() {
            None | Some("at_opening") => SealedMoveCheck::AtOpening,
            Some("at_sealing") => SealedMoveCheck::AtSealing,
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "unknown sealed_move_check {other:?}: use at_opening or at_sealing"
                )))
            }
        },
    }));
    let ctx = Context {
        now: store::now(),
        actor,
        notation: None,
    };
    let outcome = web::block(move || execute(&state, id, command, &ctx, None, locale)).await??;
    Ok(HttpResponse::Created().json(&outcome.view))
}

#[utoipa::path(
    get, path = "/api/v1/games/{id}", tag = "games",
    params(("id" = String, Path, description = "Game id")),
    responses((status = 200, body = GameView), (status = 404, body = ErrorBody))
)]
#[get("/api/v1/games/{id}")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn get_game(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let id = game_id(&id, locale)?.to_string();
    let (json, _status) = web::block(move || -> Result<(String, String), ApiError> {
        let row = state
            .store
            .game_row(&id)?
            .ok_or_else(|| ApiError::not_found(locale))?;
        current_view_json(&state, row)
    })
    .await??;
    Ok(json_answer(json))
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/moves", tag = "games",
    params(("id" = String, Path)),
    request_body = MoveBody,
    responses(
        (status = 200, body = GameView),
        (status = 403, description = "not_a_player", body = ErrorBody),
        (status = 409, description = "not_your_turn, game_over, version_conflict", body = ErrorBody),
        (status = 422, description = "illegal_move, ambiguous_move, unparseable_move", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/moves")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn post_move(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<MoveBody>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let body = body.into_inner();
    let mv = move_input(&body.mv, body.notation.as_deref())?;
    let command = Command::MakeMove {
        mv,
        offer_draw: body.offer_draw.unwrap_or(false),
    };
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

#[rustfmt::skip]
macro_rules! simple_command {
    ($name:ident, $path:literal, $command:expr, $doc:literal) => {
        #[utoipa::path(
            post, path = $path, tag = "games", description = $doc,
            params(("id" = String, Path)),
            responses(
                (status = 200, body = GameView),
                (status = 403, body = ErrorBody),
                (status = 409, body = ErrorBody),
            ),
            security(("bearer" = []))
        )]
        #[post($path)]
        #[tracing::instrument(level = "debug", skip(state, caller))]
        pub async fn $name(
            state: web::Data<AppState>,
            caller: Caller,
            id: web::Path<String>,
        ) -> Result<HttpResponse, ApiError> {
            Ok(ok_game(&run(state, caller, id.into_inner(), $command, None).await?))
        }
    };
}

simple_command!(
    offer_draw,
    "/api/v1/games/{id}/draw-offer",
    Command::OfferDraw,
    "Offer a draw (either turn, 9.1)."
);
simple_command!(
    accept_draw,
    "/api/v1/games/{id}/draw-offer/accept",
    Command::AcceptDraw,
    "Accept the opponent's standing offer."
);
simple_command!(
    decline_draw,
    "/api/v1/games/{id}/draw-offer/decline",
    Command::DeclineDraw,
    "Decline the opponent's standing offer."
);
simple_command!(
    resign,
    "/api/v1/games/{id}/resign",
    Command::Resign,
    "Resign (either turn)."
);

#[utoipa::path(
    post, path = "/api/v1/games/{id}/claims", tag = "games",
    params(("id" = String, Path)),
    request_body = ClaimBody,
    responses(
        (status = 200, body = ClaimAnswer),
        (status = 409, body = ErrorBody),
        (status = 422, description = "the intended move is not legal: nothing is recorded", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/claims")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn claim(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<ClaimBody>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let body = body.into_inner();
    let kind = match body.kind.as_str() {
        "threefold_repetition" => ClaimKind::ThreefoldRepetition,
        "fifty_moves" => ClaimKind::FiftyMoves,
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown claim kind {other:?}: use threefold_repetition or fifty_moves"
            )))
        }
    };
    let intended_move = body
        .mv
        .as_deref()
        .map(|m| move_input(m, body.notation.as_deref()))
        .transpose()?;
    if intended_move.is_none() && body.notation.is_some() {
        return Err(ApiError::bad_request("notation is given without a move"));
    }
    let outcome = run(
        state,
        caller,
        id.into_inner(),
        Command::ClaimDraw {
            kind,
            intended_move,
        },
        body.expected_version,
    )
    .await?;
    let accepted = outcome
        .new_events
        .iter()
        .any(|e| matches!(e.event.body, EventBody::DrawClaimed { upheld: true, .. }));
    Ok(HttpResponse::Ok().json(ClaimAnswer {
        accepted,
        game: outcome.view.clone(),
    }))
}

#[utoipa::path(
    post, path = "/api/v1/games/{id}/decision", tag = "games",
    description = "An arbiter's ruling on the result, with a reason (the game's organiser, or the admin).",
    params(("id" = String, Path)),
    request_body = DecisionBody,
    responses((status = 200, body = GameView), (status = 403, body = ErrorBody)),
    security(("bearer" = []))
)]
#[post("/api/v1/games/{id}/decision")]
#[tracing::instrument(level = "debug", skip(state, caller, body))]
pub async fn decision(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<DecisionBody>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let body = body.into_inner();
    let result = GameResult::parse(&body.result)
        .ok_or_else(|| ApiError::bad_request("result must be 1-0, 0-1 or 1/2-1/2"))?;
    let command = Command::DecideResult {
        result,
        reason: body.reason,
    };
    Ok(ok_game(
        &run(state, caller, id.into_inner(), command, None).await?,
    ))
}

/// May the caller read this game's log? A player, the organiser, the admin; anyone once it is over.
fn may_read_log(caller: &Caller, game: &Game) -> bool {
    if !game.is_active() || caller.is_admin() {
        return true;
    }
    caller.player().is_some_and(|p| {
        let id = p.id.as_str();
        game.white.id.to_string() == id
            || game.black.id.to_string() == id
            || game.organiser.is_some_and(|o| o.to_string() == id)
    })
}

#[utoipa::path(
    get, path = "/api/v1/games/{id}/events", tag = "games",
    params(("id" = String, Path)),
    responses((status = 200, body = EventsAnswer), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
)]
#[get("/api/v1/games/{id}/events")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn game_log(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let id = game_id(&id, locale)?.to_string();
    let store = state.store.clone();
    let log = web::block(move || store.load_events(&id)).await??;
    if log.is_empty() {
        return Err(ApiError::not_found(locale));
    }
    let folded = fold(&log)?;
    let game = folded.game().ok_or_else(|| ApiError::not_found(locale))?;
    if !may_read_log(&caller, game) {
        return Err(match caller {
            Caller::Anonymous => ApiError::unauthenticated(),
            _ => ApiError::rejection(&Rejection::NotAPlayer, locale),
        });
    }
    let events = log
        .into_iter()
        .map(|e| EventView {
            seq: e.seq,
            type_name: e.event.body.type_name().to_owned(),
            at: store::rfc3339(e.event.at),
            actor: e.event.actor.to_string(),
            data: e.data,
            hash: e.hash,
            prev_hash: e.prev_hash,
        })
        .collect();
    Ok(HttpResponse::Ok().json(EventsAnswer { events }))
}

#[utoipa::path(
    get, path = "/api/v1/games/{id}/pgn", tag = "games",
    params(("id" = String, Path)),
    responses((status = 200, description = "PGN", content_type = "application/x-chess-pgn", body = String), (status = 404, body = ErrorBody))
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
    let store = state.store.clone();
    let log = web::block(move || store.load_events(&id)).await??;
    if log.is_empty() {
        return Err(ApiError::not_found(locale));
    }
    let events: Vec<_> = log.into_iter().map(|e| e.event).collect();
    let text = export_pgn(&events).map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-chess-pgn; charset=utf-8")
        .body(text))
}

#[utoipa::path(
    get, path = "/api/v1/me/games", tag = "games",
    params(GamesQuery),
    responses((status = 200, body = GamesAnswer), (status = 401, body = ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/v1/me/games")]
#[tracing::instrument(level = "debug", skip(state, credentials))]
pub async fn my_games(
    state: web::Data<AppState>,
    credentials: Credentials,
    query: web::Query<GamesQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    // Each game as of now, as `GET /games/{id}` shows it: running clocks read, fallen flags
    // recorded (a game that has just ended so leaves a list of active games).
    // The answer is `GamesAnswer`, written from the games' JSON without reading it. The caller is
    // looked up on the same blocking thread as the games (one hop, not two, for a token the
    // server has not seen lately), and in the same query as the games (one round trip, not two).
    let body = web::block(move || -> Result<String, ApiError> {
        let status = match query.status.as_deref() {
            None => Ok(None),
            Some(s @ ("active" | "finished" | "adjourned")) => Ok(Some(s)),
            Some(other) => Err(ApiError::bad_request(format!(
                "unknown status {other:?}: use active or finished"
            ))),
        };
        // The caller is known before the status is judged: an unknown token is a 401 whatever
        // the status says.
        let (rows, status) = match (credentials, status) {
            (Credentials::Token { hash }, Ok(status)) => {
                let (_player, rows) = state
                    .store
                    .games_of_token(&hash, status, 500)?
                    .ok_or_else(ApiError::unauthenticated)?;
                (rows, status)
            }
            (credentials, status) => {
                let caller = credentials.resolve(&state.store)?;
                let player = caller.require()?.player().cloned().ok_or_else(|| {
                    ApiError::bad_request("the admin token plays no games; use a player's token")
                })?;
                let status = status?;
                (
                    state.store.games_of_player(&player.id, status, 500)?,
                    status,
                )
            }
        };
        let mut body = String::from(r#"{"games":["#);
        let mut first = true;
        for row in rows {
            let (game, game_status) = current_view_json(&state, row)?;
            if status.is_none_or(|s| s == game_status) {
                if !std::mem::take(&mut first) {
                    body.push(',');
                }
                body.push_str(&game);
            }
        }
        body.push_str("]}");
        Ok(body)
    })
    .await??;
    Ok(json_answer(body))
}
