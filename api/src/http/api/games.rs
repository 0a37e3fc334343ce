//! Games: creation, moves, draw offers, claims, resignation, arbiter decisions, the log and PGN.

use actix_web::{get, post, web, HttpResponse};
use domain::game::{
    ClaimKind, EventBody, GameResult, Locale, MoveText, Rejection, SealedMoveCheck, TimeControl,
};
use domain::games::{Notation, RuleSetName};

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::reads::current_view_json;
use crate::app::views::GameView;
use crate::app::{self, game_reads, AppState, GameOutcome};
use crate::http::api::spoken::NotationName;
use crate::http::auth::{Caller, Credentials};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::game_commands::{game_id, json_answer, ok_game, run, run_sent, sent_entropy};
use crate::store::{self, StoredEvent};
use domain::game::tablebase::TablebaseClaim;
use domain::games::{Command, GameState, MoveInput};

// ---------------------------------------------------------------------- request bodies

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGameBody {
    pub white: String,
    pub black: String,
    /// The game: `chess` (the default), `checkers`, `dama` or `tavla`.
    #[schema(schema_with = crate::http::api::schema::game_name)]
    pub game: Option<String>,
    #[schema(schema_with = crate::http::api::schema::rule_set)]
    pub rules: Option<RuleSetName>,
    #[schema(schema_with = crate::http::api::schema::time_control)]
    pub time_control: Option<TimeControl>,
    /// A set-up position in the game's position text (chess: FEN; checkers: PDN FEN).
    pub start_position: Option<String>,
    /// Chess: a set-up position in FEN (as `start_position`).
    pub start_fen: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub site: Option<String>,
    /// Leave days each player may take per calendar year (default 30).
    #[serde(default, deserialize_with = "domain::whole::opt_u32")]
    #[schema(minimum = 0, maximum = 366)]
    pub leave_days_per_year: Option<u32>,
    #[schema(schema_with = crate::http::api::schema::sealed_move_check)]
    pub sealed_move_check: Option<SealedMoveCheck>,
    #[schema(schema_with = crate::http::api::schema::ballot)]
    pub ballot: Option<crate::http::api::ballot::BallotBody>,
    /// Dama: moves by each player without a man's move or a capture after which a draw may be
    /// claimed (TÜDAF leaves it to the arbiter; default 25; the game ends by itself after twice
    /// as many).
    #[serde(default, deserialize_with = "domain::whole::opt_u32")]
    #[schema(minimum = 5, maximum = 200)]
    pub no_progress_moves: Option<u32>,
    /// Tavla: the points a player needs to win the match (default: tavla 5, backgammon 7; 1 is a
    /// single game).
    #[serde(default, deserialize_with = "domain::whole::opt_u16")]
    #[schema(minimum = 1, maximum = 99)]
    pub match_length: Option<u16>,
    /// The result counts for both players' ratings in this game (default: not rated). Never
    /// from a set-up position.
    pub rated: Option<bool>,
    /// Who may read the game: `public`, `signed_in` or `participants` (its players, its
    /// arbiter and the admin). Default: where a pupil plays, their school's default
    /// (`participants` unless their organiser chose), else `public`.
    #[schema(schema_with = crate::http::api::schema::visibility)]
    pub visibility: Option<domain::game::Visibility>,
    /// How the endgame tablebases may decide the game (chess only): `off` (FIDE; the default),
    /// `claim` (ICCF: the player to move claims the tables' win or draw) or `automatic` (the
    /// game ends with the tables' result on the move that reaches a position they hold).
    #[schema(schema_with = crate::http::api::schema::tablebase_rule)]
    pub tablebase: Option<domain::game::tablebase::TablebaseRule>,
    /// A tournament the organiser making the game runs, both players being its entrants (an
    /// organiser makes games only between their own players or such entrants).
    pub tournament: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(rename = "move")]
    #[schema(schema_with = crate::http::api::schema::move_text)]
    pub mv: String,
    #[schema(schema_with = crate::http::api::schema::move_notation)]
    pub notation: Option<NotationName>,
    pub offer_draw: Option<bool>,
    #[serde(default, deserialize_with = "domain::whole::opt_u64")]
    pub expected_version: Option<u64>,
    #[schema(schema_with = crate::http::api::schema::message_or_null)]
    pub message: Option<String>,
    /// A game of dice: your own text (1 to 256 characters), from which the throws this move
    /// causes are derived (the opponent's next dice). Without it the service draws one, and
    /// the log marks it as drawn.
    #[schema(min_length = 1, max_length = 256)]
    pub entropy: Option<String>,
}

/// What a claim is made on: a draw rule of the game's (9.2, 9.3, …), or the endgame tablebases'
/// result where the game's tablebase rule allows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimGround {
    ThreefoldRepetition,
    FiftyMoves,
    FortyMoves,
    NoProgress,
    TablebaseWin,
    TablebaseDraw,
}

impl ClaimGround {
    /// The command that makes the claim, on the intended move if any.
    fn command(self, intended_move: Option<MoveInput>) -> Command {
        let draw = |kind: ClaimKind| Command::ClaimDraw {
            kind,
            intended_move: intended_move.clone(),
        };
        let tables = |by: TablebaseClaim| Command::ClaimTablebase {
            claim: by,
            intended_move: intended_move.clone(),
        };
        match self {
            ClaimGround::ThreefoldRepetition => draw(ClaimKind::ThreefoldRepetition),
            ClaimGround::FiftyMoves => draw(ClaimKind::FiftyMoves),
            ClaimGround::FortyMoves => draw(ClaimKind::FortyMoves),
            ClaimGround::NoProgress => draw(ClaimKind::NoProgress),
            ClaimGround::TablebaseWin => tables(TablebaseClaim::Win),
            ClaimGround::TablebaseDraw => tables(TablebaseClaim::Draw),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimBody {
    #[schema(schema_with = crate::http::api::schema::claim_kind)]
    pub kind: ClaimGround,
    #[serde(rename = "move")]
    #[schema(schema_with = crate::http::api::schema::move_text_or_null)]
    pub mv: Option<String>,
    #[schema(schema_with = crate::http::api::schema::move_notation)]
    pub notation: Option<NotationName>,
    #[serde(default, deserialize_with = "domain::whole::opt_u64")]
    pub expected_version: Option<u64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DecisionBody {
    #[schema(schema_with = crate::http::api::schema::result)]
    pub result: GameResult,
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
    /// The version of the event's stored shape: the hash covers it with the other fields.
    pub version: i32,
    pub at: String,
    pub actor: String,
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
    pub hash: String,
    pub prev_hash: String,
    /// Its personal data was erased (a player anonymised): `hash` is that of what it held,
    /// and is not recomputed from `data`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub erased: bool,
    /// A player's message whose text is withheld from this reader (neither a player of the
    /// game, nor its arbiter, nor the admin): `hash` is that of what it holds.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub withheld: bool,
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

fn move_input(text: &str, notation: Option<Notation>) -> Result<MoveInput, ApiError> {
    let text = MoveText::parse(text).map_err(|e| {
        ApiError::new(
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            "unparseable_move",
            format!("{e}"),
        )
    })?;
    Ok(MoveInput { text, notation })
}

// ---------------------------------------------------------------------- running commands

fn fold(log: &[StoredEvent]) -> Result<GameState, ApiError> {
    GameState::replay(log.iter().map(|e| &e.event))
        .map_err(|e| ApiError::internal(anyhow::anyhow!("a stored log does not fold: {e}")))
}

// ---------------------------------------------------------------------- handlers

#[utoipa::path(
    post, path = "/api/v1/games", tag = "games",
    request_body = CreateGameBody,
    responses(
        (status = 201, description = "The game", body = GameView),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "Unknown player", body = ErrorBody),
        (status = 422, description = "invalid_fen (chess) or invalid_position (the other games), position_not_playable, invalid_time_control", body = ErrorBody),
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
    let locale = caller.locale();
    let outcome = create(state, caller, body.into_inner(), locale).await?;
    Ok(HttpResponse::Created().json(outcome.view()))
}

/// Creates a game as `caller` asks (the admin, an organiser who becomes its arbiter, or one of
/// its players), answering refusals in `locale`.
async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: CreateGameBody,
    locale: Locale,
) -> Result<GameOutcome, ApiError> {
    let account = caller.acting()?;
    let start_position = match (body.start_position, body.start_fen) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "start_position and start_fen: one set-up position, not two",
            ))
        }
        (p, f) => p.or(f),
    };
    let ballot = body.ballot.map(crate::http::api::ballot::BallotBody::asked);
    let new = crate::app::creation::NewGame {
        white: body.white,
        black: body.black,
        game: body.game,
        rules: body.rules.map(|r| r.0),
        start_position,
        time_control: body.time_control,
        event: body.event,
        round: body.round,
        site: body.site,
        leave_days_per_year: body.leave_days_per_year,
        sealed_move_check: body.sealed_move_check.unwrap_or_default(),
        ballot,
        no_progress_moves: body.no_progress_moves,
        match_length: body.match_length,
        rated: body.rated.unwrap_or(false),
        visibility: body.visibility,
        tablebase: body.tablebase.unwrap_or_default(),
        tournament: body.tournament,
    };
    crate::app::creation::create_game(state.into_inner(), account, new)
        .await
        .map_err(|e| crate::http::refusals::create_refused(e, locale))
}

#[utoipa::path(
    get, path = "/api/v1/games/{id}", tag = "games",
    params(("id" = String, Path, description = "Game id"), crate::http::api::spoken::GameQuery),
    responses(
        (status = 200, body = GameView),
        (status = 400, description = "not a notation", body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
#[get("/api/v1/games/{id}")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn get_game(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    query: web::Query<crate::http::api::spoken::GameQuery>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let id = game_id(&id, locale)?.to_string();
    let asked = query.notation.map(|n| n.resolve(locale));
    let tongue = crate::http::api::spoken::tongue_for(&caller, asked);
    let json = web::block(move || -> Result<String, ApiError> {
        let row = crate::http::auth::read_game(&state, &id, &caller, locale)?;
        let (json, _status) =
            current_view_json(&state, row).map_err(|e| ApiError::command(e, locale))?;
        if tongue.is_none() {
            return Ok(json);
        }
        let folded = game_reads::folded(&state, &id)?;
        let game = folded
            .state
            .game()
            .ok_or_else(|| ApiError::not_found(locale))?;
        Ok(crate::http::api::spoken::with_spoken(json, game, tongue))
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
        (status = 403, description = "not_a_player; messages_off (a message where the game's organiser turned messages off)", body = ErrorBody),
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
    let locale = caller.locale();
    let notation = body.notation.map(|n| n.resolve(locale));
    let tongue = crate::http::api::spoken::tongue_for(&caller, notation);
    let mv = move_input(&body.mv, notation)?;
    let command = Command::MakeMove {
        mv,
        offer_draw: body.offer_draw.unwrap_or(false),
        conditional: Vec::new(),
    };
    let command = match body.message.as_deref() {
        None => command,
        Some(text) => Command::Message {
            text: domain::game::MessageText::parse(text)
                .map_err(|e| ApiError::bad_request(format!("message: {e}")))?,
            with: Some(Box::new(command)),
        },
    };
    let entropy = sent_entropy(body.entropy.as_deref(), locale)?;
    Ok(crate::http::api::spoken::spoken_game(
        &run_sent(
            state,
            caller,
            id.into_inner(),
            command,
            body.expected_version,
            locale,
            entropy,
        )
        .await?,
        tongue,
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
    "Resign (either turn; in tavla, the whole match)."
);

#[utoipa::path(
    post, path = "/api/v1/games/{id}/claims", tag = "games",
    params(("id" = String, Path)),
    request_body = ClaimBody,
    responses(
        (status = 200, body = ClaimAnswer),
        (status = 409, description = "not_your_turn, game_over; by the tables: not_in_tablebases (the tables do not hold the position), tablebase_claim_refused (they do not give what is claimed: nothing is recorded), no_progress_rule_suspended (a fifty-move claim where they hold it)", body = ErrorBody),
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
    let kind = body.kind;
    let notation = body.notation.map(|n| n.resolve(caller.locale()));
    let tongue = crate::http::api::spoken::tongue_for(&caller, notation);
    let intended_move = body
        .mv
        .as_deref()
        .map(|m| move_input(m, notation))
        .transpose()?;
    if intended_move.is_none() && body.notation.is_some() {
        return Err(ApiError::bad_request("notation is given without a move"));
    }
    let outcome = run(
        state,
        caller,
        id.into_inner(),
        kind.command(intended_move),
        body.expected_version,
    )
    .await?;
    // A claim by the tables that is wrong is refused (409) and records nothing: one recorded
    // was right (and ended the game, by the tables or by the intended move itself).
    let by_tables = matches!(kind, ClaimGround::TablebaseWin | ClaimGround::TablebaseDraw);
    let accepted = by_tables
        || outcome
            .new_events
            .iter()
            .any(|e| matches!(e.event.body, EventBody::DrawClaimed { upheld: true, .. }));
    let mut game = outcome.view().clone();
    game.spoken = tongue.map(|t| crate::games::spoken_moves(outcome.game(), t));
    Ok(HttpResponse::Ok().json(ClaimAnswer { accepted, game }))
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
    let command = Command::DecideResult {
        result: body.result,
        reason: body.reason,
    };
    Ok(ok_game(
        &run(state, caller, id.into_inner(), command, None).await?,
    ))
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
    let reader = caller.clone();
    let log = web::block(move || -> Result<_, ApiError> {
        crate::http::auth::read_game(&state, &id, &reader, locale)?;
        Ok(game_reads::events(&state, &id)?)
    })
    .await??;
    let (log, erased) = log;
    if log.is_empty() {
        return Err(ApiError::not_found(locale));
    }
    let folded = fold(&log)?;
    let game = folded.game().ok_or_else(|| ApiError::not_found(locale))?;
    if !app::reads::reads_log(caller.account(), game) {
        return Err(match caller {
            Caller::Anonymous => ApiError::unauthenticated(),
            _ => ApiError::rejection(&Rejection::NotAPlayer, locale),
        });
    }
    // The players' messages are theirs, their arbiter's and the admin's to read.
    let reads_messages = app::reads::reads_messages(caller.account(), game);
    let events = log
        .into_iter()
        .map(|mut e| {
            let withheld = !reads_messages
                && matches!(e.event.body, domain::game::EventBody::MessageSent { .. });
            if withheld {
                e.data["text"] = serde_json::Value::Null;
            }
            (e, withheld)
        })
        .map(|(e, withheld)| EventView {
            seq: e.seq,
            type_name: e.event.body.type_name().to_owned(),
            version: e.version,
            at: store::rfc3339(e.event.at),
            actor: e.event.actor.to_string(),
            data: e.data,
            hash: e.hash,
            prev_hash: e.prev_hash,
            erased: erased.contains(&e.seq),
            withheld,
        })
        .collect();
    Ok(HttpResponse::Ok().json(EventsAnswer { events }))
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
                let (_player, rows) = game_reads::games_of_token(&state, &hash, status, 500)?
                    .ok_or_else(ApiError::unauthenticated)?;
                (rows, status)
            }
            (credentials, status) => {
                let caller = credentials.resolve(&state)?;
                let player = caller.require()?.player().cloned().ok_or_else(|| {
                    ApiError::bad_request("the admin token plays no games; use a player's token")
                })?;
                let status = status?;
                (
                    game_reads::games_of(&state, &player.id, status, 500)?,
                    status,
                )
            }
        };
        let mut body = String::from(r#"{"games":["#);
        let mut first = true;
        for row in rows {
            let (game, game_status) =
                current_view_json(&state, row).map_err(|e| ApiError::command(e, Locale::En))?;
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
