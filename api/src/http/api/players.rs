//! Players: accounts made by the admin or an organiser; the admin is handed the new player's
//! bearer token, shown once (an organiser's pupils sign in with mailed links or printed codes).

use actix_web::{get, patch, post, web, HttpResponse};
use domain::game::Locale;
use domain::games::Notation;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::new_accounts::{self, AccountRequest, Settings};
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::refusals::{account_refused, anonymise_refused, play_setting_refused};
use crate::store::{self, PlayerRow, Role};

pub use crate::app::accounts::{Email, PlayerName, MAX_NAME_CHARS};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    #[schema(schema_with = crate::http::api::schema::name)]
    pub name: String,
    #[schema(schema_with = crate::http::api::schema::email_or_null)]
    pub email: Option<String>,
    #[schema(schema_with = crate::http::api::schema::locale)]
    pub locale: Option<Locale>,
    /// The player's own move notation.
    #[schema(schema_with = crate::http::api::schema::notation)]
    pub notation: Option<Notation>,
    /// Extra roles; only the admin may grant `organiser`.
    #[schema(schema_with = crate::http::api::schema::roles)]
    pub roles: Option<Vec<Role>>,
    /// A pupil's school.
    #[schema(schema_with = crate::http::api::schema::group_or_null)]
    pub school: Option<String>,
    /// A pupil's class.
    #[serde(rename = "class")]
    #[schema(schema_with = crate::http::api::schema::group_or_null)]
    pub class_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerCreated {
    pub id: String,
    pub name: String,
    pub email: Option<String>,
    pub locale: String,
    /// The new player's bearer token, given to the admin only: shown once, stored only hashed.
    /// Absent for an organiser (their pupils sign in with mailed links or printed codes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Me {
    pub id: Option<String>,
    pub name: String,
    pub email: Option<String>,
    pub locale: String,
    pub notation: Option<String>,
    /// The player plays without sight (the non-visual game page, spoken moves).
    pub without_sight: bool,
    pub roles: Vec<String>,
}

/// A change to the caller's own settings: what is given changes, the rest stays.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SettingsChange {
    #[serde(default, deserialize_with = "not_null")]
    #[schema(schema_with = crate::http::api::schema::name)]
    pub name: Option<String>,
    #[schema(schema_with = crate::http::api::schema::locale)]
    pub locale: Option<Locale>,
    /// The player's own move notation; `null` reads moves in the page's language.
    #[serde(default, deserialize_with = "given")]
    #[schema(schema_with = crate::http::api::schema::notation)]
    pub notation: Option<Option<Notation>>,
    /// The player plays without sight: game pages are the non-visual page, moves are written
    /// in spoken words (in the spoken notation chosen, else in the player's language), mails
    /// speak the position.
    pub without_sight: Option<bool>,
}

/// A field that may be left out but not given as `null`.
fn not_null<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// A field that may be given as `null` (`Some(None)`), as distinct from left out (`None`).
fn given<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// The settings a [`SettingsChange`] asks for.
pub fn settings_of(change: SettingsChange) -> Settings {
    Settings {
        name: change.name,
        locale: change.locale,
        notation: change.notation,
        without_sight: change.without_sight,
    }
}

#[utoipa::path(
    post, path = "/api/v1/players", tag = "players",
    request_body = NewPlayer,
    responses(
        (status = 201, body = PlayerCreated),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, description = "email_taken", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/players")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create_player(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<NewPlayer>,
) -> Result<HttpResponse, ApiError> {
    let (row, token) = new_player(&caller, body.into_inner())?;
    let r = row.clone();
    web::block(move || store_players(&state, &[(r, token.clone())]).map(|_| token))
        .await?
        .map(|token| {
            HttpResponse::Created().json(PlayerCreated {
                id: row.id,
                name: row.name,
                email: row.email,
                locale: row.locale,
                token,
            })
        })
}

/// A new player's row, as `caller` (the admin or an organiser) asks, and its bearer token where
/// the caller is handed one (the admin).
pub fn new_player(
    caller: &Caller,
    body: NewPlayer,
) -> Result<(PlayerRow, Option<String>), ApiError> {
    let asked = AccountRequest {
        name: body.name,
        email: body.email,
        locale: body.locale,
        notation: body.notation,
        roles: body.roles.unwrap_or_default(),
        school: body.school,
        class_name: body.class_name,
    };
    new_accounts::new_account(caller.acting()?, asked)
        .map_err(|e| account_refused(e, caller.locale()))
}

/// Stores new players, each with its bearer token if it has one, in one transaction
/// (blocking): 409 `email_taken`, and none stored, if an address is taken.
pub fn store_players(
    state: &AppState,
    players: &[(PlayerRow, Option<String>)],
) -> Result<(), ApiError> {
    new_accounts::store_accounts(state, players).map_err(|e| account_refused(e, Locale::En))
}

fn me_of(p: &PlayerRow) -> Me {
    Me {
        id: Some(p.id.clone()),
        name: p.name.clone(),
        email: p.email.clone(),
        locale: p.locale.clone(),
        notation: p.notation.clone(),
        without_sight: p.without_sight,
        roles: p.roles().map(|r| r.as_str().to_owned()).collect(),
    }
}

#[utoipa::path(
    get, path = "/api/v1/me", tag = "players",
    responses((status = 200, body = Me), (status = 401, body = ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/v1/me")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn me(caller: Caller) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(match caller.require()? {
        Caller::Player(p) => me_of(p),
        _ => Me {
            id: None,
            name: "admin".into(),
            email: None,
            locale: "en".into(),
            notation: None,
            without_sight: false,
            roles: vec!["admin".into()],
        },
    }))
}

#[utoipa::path(
    patch, path = "/api/v1/me", tag = "players",
    description = "Change the caller's name, language or notation. Games keep the names they were created with.",
    request_body = SettingsChange,
    responses((status = 200, body = Me), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)),
    security(("bearer" = []))
)]
#[patch("/api/v1/me")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn change_me(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<SettingsChange>,
) -> Result<HttpResponse, ApiError> {
    let p = caller
        .require()?
        .player()
        .cloned()
        .ok_or_else(|| ApiError::bad_request("the admin has no settings"))?;
    let locale = caller.locale();
    let change = settings_of(body.into_inner());
    let p = web::block(move || new_accounts::change_settings(&state, &p, change, None))
        .await?
        .map_err(|e| account_refused(e, locale))?;
    Ok(HttpResponse::Ok().json(me_of(&p)))
}

/// A player's rating in one game.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingView {
    /// The game (`chess`, `checkers`, `dama`, `tavla`).
    pub game: String,
    /// Glicko-2, with the deviation grown for the rating periods since the last rated game.
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
    /// Fewer rated games than a settled rating needs.
    pub provisional: bool,
    /// As pages show it: rounded, with `?` while provisional.
    pub shown: String,
    pub last_game_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Ratings {
    pub ratings: Vec<RatingView>,
}

#[utoipa::path(
    get, path = "/api/v1/players/{id}/ratings", tag = "players",
    description = "A player's rating in each game they have played rated games of (none before their first).",
    params(("id" = String, Path)),
    responses((status = 200, body = Ratings), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    security(("bearer" = []))
)]
#[get("/api/v1/players/{id}/ratings")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn ratings(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require()?;
    let locale = caller.locale();
    let id = uuid::Uuid::try_parse(&id)
        .map_err(|_| ApiError::not_found(locale))?
        .to_string();
    let now = store::now();
    let standings = web::block(move || {
        crate::app::ratings::standings_of(&state, &id, caller.player(), caller.is_admin())
    })
    .await??
    .ok_or_else(|| ApiError::not_found(locale))?;
    Ok(HttpResponse::Ok().json(Ratings {
        ratings: standings
            .into_iter()
            .map(|(game, s)| {
                let r = s.as_of(now);
                RatingView {
                    game,
                    rating: r.rating,
                    deviation: r.deviation,
                    volatility: r.volatility,
                    games: s.games,
                    provisional: s.provisional(),
                    shown: s.shown(now),
                    last_game_at: s.last_game_at.map(store::rfc3339),
                }
            })
            .collect(),
    }))
}

#[utoipa::path(
    get, path = "/api/v1/me/export", tag = "players",
    description = "Everything zarf holds about the calling player, as one JSON file to keep: their account, ratings and their history, games, tournament entries, challenges, the mail kept for them and how many ways of signing in they hold.",
    responses(
        (status = 200, description = "The document, as an attachment", content_type = "application/json", body = Object),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not_a_player: the admin token has no data of its own", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[get("/api/v1/me/export")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn export(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let player = match caller.require()? {
        Caller::Player(p) => (**p).clone(),
        _ => {
            return Err(ApiError::new(
                actix_web::http::StatusCode::FORBIDDEN,
                "not_a_player",
                "the admin token has no data of its own",
            ))
        }
    };
    let file = format!("zarf-{}.json", player.id);
    let document = web::block(move || crate::app::export::export(&state, &player))
        .await?
        .map_err(|e| ApiError::command(e, locale))?;
    let body = serde_json::to_vec_pretty(&document).map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            "content-disposition",
            format!("attachment; filename=\"{file}\""),
        ))
        .insert_header(("cache-control", "no-store"))
        .body(body))
}

/// A pupil as anonymised.
#[derive(Debug, Serialize, ToSchema)]
pub struct Anonymised {
    pub id: String,
    /// The name they go by from now on, in their games and tournaments too.
    pub name: String,
}

#[utoipa::path(
    post, path = "/api/v1/players/{id}/anonymise", tag = "players",
    description = "A pupil who leaves: their account loses its name, address, school and class and every way of signing in, and their name is erased from their games and tournament entries (each erased event keeps the hash of what it held; see the events' `erased`). Their organiser's, or the admin's; refused while they still play.",
    params(("id" = String, Path, description = "The pupil's id")),
    responses(
        (status = 200, body = Anonymised),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such pupil of the caller's", body = ErrorBody),
        (status = 409, description = "already_anonymised, still_playing", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/players/{id}/anonymise")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn anonymise(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let caller = caller.require()?.clone();
    let id = id.into_inner();
    let row = web::block(move || {
        crate::app::erasure::anonymise_as(&state, caller.acting()?, &id)
            .map_err(|e| anonymise_refused(e, locale))
    })
    .await??;
    Ok(HttpResponse::Ok().json(Anonymised {
        id: row.id,
        name: row.name,
    }))
}

/// How a pupil plays, as their organiser sets it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayChange {
    /// The pupil plays without sight: their game pages are the non-visual page, moves are
    /// written for them in spoken words, their mails speak the position.
    pub without_sight: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlaySetting {
    pub id: String,
    pub without_sight: bool,
}

#[utoipa::path(
    post, path = "/api/v1/players/{id}/without-sight", tag = "players",
    description = "Sets whether a pupil plays without sight (the non-visual game page, moves in spoken words, the position in words in mails): their organiser's, or the admin's. A player sets it for themselves with `PATCH /api/v1/me`.",
    params(("id" = String, Path, description = "The pupil's id")),
    request_body = PlayChange,
    responses(
        (status = 200, body = PlaySetting),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "forbidden: not the pupil's organiser", body = ErrorBody),
        (status = 404, description = "No such player the caller may see", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/players/{id}/without-sight")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn set_without_sight(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<PlayChange>,
) -> Result<HttpResponse, ApiError> {
    let locale = caller.locale();
    let caller = caller.require()?.clone();
    let (id, on) = (id.into_inner(), body.without_sight);
    let row = web::block(move || {
        crate::app::accounts::set_without_sight(&state, caller.acting()?, &id, on)
            .map_err(|e| play_setting_refused(e, locale))
    })
    .await??;
    Ok(HttpResponse::Ok().json(PlaySetting {
        id: row.id,
        without_sight: row.without_sight,
    }))
}
