//! Challenges over the JSON API: made, read, listed (the caller's, and the lobby of open
//! seeks), accepted, declined and withdrawn; and whom a player takes challenges from. The
//! decisions are `app::challenges`'; this door reads requests and writes answers.

use actix_web::{get, post, put, web, HttpResponse};
use domain::game::{Locale, TimeControl};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::challenge_reads::{self, Named};
use crate::app::challenges::{
    self as challenges, Challenge, ChallengeError, Colour, Target, Terms,
};
use crate::app::views::{GameView, PlayerRef};
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::refusals::challenge_refused;
use crate::store::{self, PlayerRow};

/// Whom a challenge is offered to, and the game.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewChallenge {
    /// The player challenged (their id). Without it, the challenge is an open seek in the
    /// lobby (`open: true`) or, by default, for whoever has its link.
    pub to: Option<String>,
    pub open: Option<bool>,
    /// `chess` (default), `checkers`, `dama` or `tavla`.
    #[schema(schema_with = crate::http::api::schema::game_name)]
    pub game: Option<String>,
    /// One of the game's rule sets (default: the game's first).
    #[schema(schema_with = crate::http::api::schema::rule_set)]
    pub rules: Option<String>,
    #[schema(schema_with = crate::http::api::schema::time_control)]
    pub time_control: Option<TimeControl>,
    /// Tavla: the points to win the match.
    #[serde(default, deserialize_with = "domain::whole::opt_u16")]
    #[schema(minimum = 1, maximum = 99)]
    pub match_length: Option<u16>,
    /// The challenger's colour: `white`, `black` or `random` (default).
    pub colour: Option<Colour>,
    /// The result counts for both players' ratings in the game (default: not rated).
    pub rated: Option<bool>,
    /// A message to the challenged player (at most 500 characters).
    #[schema(max_length = 500)]
    pub message: Option<String>,
    /// Who may read the game: `public`, `signed_in` or `participants`. Default: `participants`
    /// where a pupil plays, else `public`.
    #[schema(schema_with = crate::http::api::schema::visibility)]
    pub visibility: Option<domain::game::Visibility>,
    /// How the endgame tablebases may decide the game (chess): `off` (default), `claim` or
    /// `automatic`.
    #[schema(schema_with = crate::http::api::schema::tablebase_rule)]
    pub tablebase: Option<domain::game::tablebase::TablebaseRule>,
    /// Days the challenge waits for an answer (1 to 30; default 7).
    #[serde(default, deserialize_with = "domain::whole::opt_u32")]
    #[schema(minimum = 1, maximum = 30)]
    pub days: Option<u32>,
}

/// A challenge.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChallengeView {
    pub id: String,
    pub challenger: PlayerRef,
    /// The player challenged; null for an open seek or a challenge by link.
    pub challenged: Option<PlayerRef>,
    /// An open seek, listed in the lobby.
    pub open: bool,
    pub game: String,
    pub rules: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub time_control: Option<TimeControl>,
    pub match_length: Option<u16>,
    /// The challenger's colour: `white`, `black` or `random`.
    pub colour: Colour,
    pub rated: bool,
    pub message: Option<String>,
    /// `open`, `accepted`, `declined`, `withdrawn` or `expired`.
    pub status: String,
    pub created_at: String,
    pub expires_at: String,
    /// Who may read the game, where the challenger chose (else by its players).
    pub visibility: Option<String>,
    /// How the endgame tablebases may decide the game: `off`, `claim` or `automatic`.
    pub tablebase: String,
    /// The game its acceptance started.
    pub game_id: Option<String>,
    /// Where a player accepts it on the pages.
    pub link: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChallengeList {
    pub challenges: Vec<ChallengeView>,
}

/// An accepted challenge and the game it started.
#[derive(Debug, Serialize, ToSchema)]
pub struct Accepted {
    pub challenge: ChallengeView,
    pub game: GameView,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct LobbyQuery {
    /// Only seeks of this game.
    pub game: Option<String>,
    /// Only seeks whose time control gives this many seconds a move.
    pub seconds_per_move: Option<i64>,
}

/// Whom a player takes challenges from, and how many games they play at once.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChallengePreferences {
    /// `anyone`, `played` (players they have played), `school` (their organiser's players) or
    /// `nobody`.
    #[schema(schema_with = crate::http::api::schema::challenges_from)]
    pub from: String,
    /// The most games at once (none: no limit); challenges beyond it are refused.
    #[serde(default, deserialize_with = "domain::whole::opt_u32")]
    #[schema(minimum = 1, maximum = 1000)]
    pub max_games: Option<u32>,
}

/// The calling player (the admin token plays no games).
fn player(caller: &Caller) -> Result<PlayerRow, ApiError> {
    match caller.require()? {
        Caller::Player(p) => Ok((**p).clone()),
        _ => Err(challenge_refused(
            ChallengeError::NotAPlayer,
            caller.locale(),
        )),
    }
}

/// A challenge as answered, its players named for the reader.
pub fn view_of(state: &AppState, n: Named) -> ChallengeView {
    let Named {
        challenge: c,
        challenger,
        challenged,
    } = n;
    ChallengeView {
        link: format!("{}/challenges/{}", state.public_url, c.row.id),
        challenger,
        challenged,
        open: c.row.listed,
        game: c.terms.game,
        rules: c.terms.rules,
        time_control: c.terms.time_control,
        match_length: c.terms.match_length,
        colour: c.terms.colour,
        rated: c.terms.rated,
        message: c.terms.message,
        visibility: c.terms.visibility.map(|v| v.as_str().to_owned()),
        tablebase: c.terms.tablebase.as_str().to_owned(),
        status: c.row.status,
        created_at: store::rfc3339(store::from_micros(c.row.created_at)),
        expires_at: store::rfc3339(store::from_micros(c.row.expires_at)),
        game_id: c.row.game_id,
        id: c.row.id,
    }
}

/// A challenge as answered to `reader` (the admin where `admin`), its players' names read as
/// the reader may read them (blocking).
pub fn view(
    state: &AppState,
    c: Challenge,
    reader: Option<&PlayerRow>,
    admin: bool,
) -> Result<ChallengeView, ApiError> {
    let named = challenge_reads::named(state, vec![c], reader, admin)?
        .pop()
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a challenge named")))?;
    Ok(view_of(state, named))
}

#[utoipa::path(
    post, path = "/api/v1/challenges", tag = "challenges",
    description = "Challenge a player (`to`), anyone in the lobby (`open`), or whoever has the link.",
    request_body = NewChallenge,
    responses(
        (status = 201, body = ChallengeView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "not_a_player, challenges_refused", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "too_many_games, too_many_challenges", body = ErrorBody),
        (status = 422, description = "own_challenge, or the terms are not a game", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/challenges")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<NewChallenge>,
) -> Result<HttpResponse, ApiError> {
    let me = player(&caller)?;
    let locale = caller.locale();
    let body = body.into_inner();
    let target = match (body.to, body.open) {
        (Some(to), _) => Target::Player(
            uuid::Uuid::try_parse(&to)
                .map_err(|_| ApiError::not_found(locale))?
                .to_string(),
        ),
        (None, Some(true)) => Target::Lobby,
        (None, _) => Target::Link,
    };
    let terms = Terms {
        game: body
            .game
            .unwrap_or_else(|| domain::game::UNNAMED_GAME.into()),
        rules: body.rules,
        time_control: body.time_control,
        match_length: body.match_length,
        colour: body.colour.unwrap_or_default(),
        rated: body.rated.unwrap_or(false),
        message: body.message,
        visibility: body.visibility,
        tablebase: body.tablebase.unwrap_or_default(),
    };
    let view = web::block(move || {
        let c = challenges::create(&state, &me, target, terms, body.days)
            .map_err(|e| challenge_refused(e, locale))?;
        view(&state, c, Some(&me), me.has_role(store::Role::Admin))
    })
    .await??;
    Ok(HttpResponse::Created().json(view))
}

#[utoipa::path(
    get, path = "/api/v1/challenges", tag = "challenges",
    description = "The caller's open challenges: those they made and those sent to them, newest first.",
    responses((status = 200, body = ChallengeList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/v1/challenges")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn mine(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    let me = player(&caller)?;
    let list = web::block(move || -> Result<_, ApiError> {
        let open = challenge_reads::open_of(&state, &me.id)
            .map_err(|e| challenge_refused(e, Locale::En))?;
        let admin = me.has_role(store::Role::Admin);
        Ok(challenge_reads::named(&state, open, Some(&me), admin)?
            .into_iter()
            .map(|n| view_of(&state, n))
            .collect::<Vec<_>>())
    })
    .await??;
    Ok(HttpResponse::Ok().json(ChallengeList { challenges: list }))
}

#[utoipa::path(
    get, path = "/api/v1/challenges/open", tag = "challenges",
    description = "The lobby: open seeks anyone signed in may accept, oldest first.",
    params(LobbyQuery),
    responses((status = 200, body = ChallengeList), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/v1/challenges/open")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn lobby(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<LobbyQuery>,
) -> Result<HttpResponse, ApiError> {
    let me = player(&caller)?;
    let locale = caller.locale();
    let q = query.into_inner();
    let list = web::block(move || -> Result<_, ApiError> {
        challenges::lobby(&state, &me, q.game.as_deref(), q.seconds_per_move)
            .map_err(|e| challenge_refused(e, locale))?
            .into_iter()
            .map(|c| view(&state, c, Some(&me), me.has_role(store::Role::Admin)))
            .collect::<Result<Vec<_>, _>>()
    })
    .await??;
    Ok(HttpResponse::Ok().json(ChallengeList { challenges: list }))
}

/// A challenge's id from the path: a malformed one is not found.
fn challenge_id(text: &str, locale: Locale) -> Result<String, ApiError> {
    uuid::Uuid::try_parse(text)
        .ok()
        .filter(|_| text.len() == 36)
        .map(|u| u.to_string())
        .ok_or_else(|| ApiError::not_found(locale))
}

#[utoipa::path(
    get, path = "/api/v1/challenges/{id}", tag = "challenges",
    params(("id" = String, Path)),
    responses((status = 200, body = ChallengeView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/v1/challenges/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn read(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let locale = caller.locale();
    let id = challenge_id(&id, locale)?;
    let view = web::block(move || {
        let c = challenges::read(&state, &id, caller.player(), caller.is_admin())
            .map_err(|e| challenge_refused(e, locale))?;
        view(&state, c, caller.player(), caller.is_admin())
    })
    .await??;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    post, path = "/api/v1/challenges/{id}/accept", tag = "challenges",
    description = "Accept a challenge: the game starts, and both players are mailed. Of two players who accept an open seek at once, one gets the game; the other is told 409 challenge_closed.",
    params(("id" = String, Path)),
    responses(
        (status = 200, body = Accepted),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "challenge_closed, too_many_games", body = ErrorBody),
        (status = 422, description = "own_challenge", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/challenges/{id}/accept")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn accept(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let me = player(&caller)?;
    let locale = caller.locale();
    let id = challenge_id(&id, locale)?;
    let answer = web::block(move || -> Result<_, ApiError> {
        let (c, game) =
            challenges::accept(&state, &id, &me).map_err(|e| challenge_refused(e, locale))?;
        let row = crate::app::game_reads::own_game(&state, &game.to_string())?
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("an accepted challenge's game")))?;
        let (json, _) = crate::app::reads::current_view_json(&state, row)
            .map_err(|e| ApiError::command(e, locale))?;
        let game: GameView = serde_json::from_str(&json).map_err(ApiError::internal)?;
        Ok(Accepted {
            challenge: view(&state, c, Some(&me), me.has_role(store::Role::Admin))?,
            game,
        })
    })
    .await??;
    Ok(HttpResponse::Ok().json(answer))
}

/// Declines or withdraws a challenge, as the caller may.
async fn answer(
    state: web::Data<AppState>,
    caller: Caller,
    id: String,
    withdrawing: bool,
) -> Result<HttpResponse, ApiError> {
    let me = player(&caller)?;
    let locale = caller.locale();
    let id = challenge_id(&id, locale)?;
    let view = web::block(move || {
        let c = challenges::answer(&state, &id, &me, withdrawing)
            .map_err(|e| challenge_refused(e, locale))?;
        view(&state, c, Some(&me), me.has_role(store::Role::Admin))
    })
    .await??;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    post, path = "/api/v1/challenges/{id}/decline", tag = "challenges",
    description = "The challenged player declines; the challenger is mailed.",
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ChallengeView), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "challenge_closed", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/challenges/{id}/decline")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn decline(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    answer(state, caller, id.into_inner(), false).await
}

#[utoipa::path(
    post, path = "/api/v1/challenges/{id}/withdraw", tag = "challenges",
    description = "The challenger withdraws their challenge; the challenged player is mailed.",
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ChallengeView), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "challenge_closed", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/challenges/{id}/withdraw")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn withdraw(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    answer(state, caller, id.into_inner(), true).await
}

#[utoipa::path(
    put, path = "/api/v1/me/challenges", tag = "challenges",
    description = "Whom the caller takes challenges from, and the most games they play at once.",
    request_body = ChallengePreferences,
    responses((status = 200, body = ChallengePreferences), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)),
    security(("bearer" = []))
)]
#[put("/api/v1/me/challenges")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn preferences(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<ChallengePreferences>,
) -> Result<HttpResponse, ApiError> {
    let me = player(&caller)?;
    let locale = caller.locale();
    let body = body.into_inner();
    let (from, max) = (body.from.clone(), body.max_games);
    web::block(move || challenges::set_preferences(&state, &me, &from, max))
        .await?
        .map_err(|e| challenge_refused(e, locale))?;
    Ok(HttpResponse::Ok().json(body))
}
