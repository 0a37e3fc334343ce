//! Tournaments over the JSON API: an organiser creates one (and runs it as its arbiter),
//! registers players, pairs rounds and records results; whoever its visibility lets reads it and
//! its report file.

use actix_web::{get, post, web, HttpResponse};
use domain::game::{RuleSet, TimeControl};
use domain::games::GameKind;
use domain::ids::PlayerId;
use domain::tournament::{
    ByeKind, Command, Entrant, Pairing, Play, Scoring, System, Team, TeamTiebreak, Tournament,
    TournamentState,
};
use pairing::tiebreak::Code;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::tournament_commands::{self, outcome, result_text, tournament_id};

mod class;
mod commands;
mod continued;
mod create;
mod cups;
mod entries;
mod import;
mod reads;

pub use class::*;
pub use commands::*;
pub use continued::*;
pub use create::*;
pub use cups::*;
pub use entries::*;
pub use import::*;
pub use reads::*;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    #[schema(schema_with = crate::http::api::schema::tournament_name)]
    pub name: String,
    #[schema(schema_with = crate::http::api::schema::system)]
    pub system: String,
    /// Rounds in all: a Swiss's, 1 to 99 (a round robin's and a cup's come from their
    /// players: any number is taken and not used).
    #[schema(minimum = 1, maximum = 99)]
    #[serde(default, deserialize_with = "domain::whole::u32")]
    pub rounds: u32,
    /// The colour of the top-ranked player in round 1, drawn by lot beforehand (white unless
    /// said).
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::side_or_null)]
    pub first_colour: Option<String>,
    /// The Baku acceleration (C.04.5.1), for a Swiss.
    #[serde(default)]
    pub baku: bool,
    /// More arbiters who run it beside its creator (their ids).
    #[serde(default)]
    #[schema(max_items = 10, inline)]
    pub arbiters: Vec<Uuid>,
    /// Its organisers (their ids), who run it as its arbiters do.
    #[serde(default)]
    #[schema(max_items = 10, inline)]
    pub organisers: Vec<Uuid>,
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::place_or_null)]
    pub place: Option<String>,
    /// The first day.
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::date_or_null)]
    pub start_date: Option<String>,
    /// The last day (not before the first).
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::date_or_null)]
    pub end_date: Option<String>,
    /// Points for each result (default 1, ½, 0 and 1 for the pairing bye).
    #[serde(default)]
    pub points: Option<PointsBody>,
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::play_mode_or_null)]
    pub play: Option<String>,
    /// The games' time control: required when play is online.
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::time_control)]
    pub time_control: Option<TimeControl>,
    /// The online games' game: `chess` (default) or `checkers`.
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::game_name)]
    pub game: Option<String>,
    /// The online games' rules, one of the game's (default: its first; chess fide2023).
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::rule_set)]
    pub rules: Option<RuleSet>,
    /// Online: each round's games start from an opening drawn from the game's ballot (checkers:
    /// the three-move ballot); default yes for a game that has one.
    #[serde(default)]
    pub ballot: Option<bool>,
    /// Online tavla: the points to win each board's match (default: the rule set's, tavla 5,
    /// backgammon 7).
    #[serde(default, deserialize_with = "domain::whole::opt_u16")]
    #[schema(minimum = 1, maximum = 99)]
    pub match_length: Option<u16>,
    /// Online chess: how the endgame tablebases may decide the games: `off` (default), `claim`
    /// (the player to move claims their result, as ICCF) or `automatic`.
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::tablebase_rule)]
    pub tablebase: Option<domain::game::tablebase::TablebaseRule>,
    /// Whether players may ask for a half-point bye (default yes).
    #[serde(default)]
    pub half_point_byes: Option<bool>,
    /// The standings' tie-breaks in order (C.07 codes); default FIDE's for the system.
    #[serde(default)]
    #[schema(max_items = 12)]
    pub tiebreaks: Option<Vec<String>>,
    /// Who may read the tournament and its games: `public`, `signed_in` or `participants`
    /// (its players, arbiters and organisers, and the admin). Default: the creating
    /// organiser's school default where they set one, else `participants` once a pupil plays
    /// in it and `public` before.
    #[serde(default)]
    #[schema(schema_with = crate::http::api::schema::visibility)]
    pub visibility: Option<domain::game::Visibility>,
    /// A cup: how its players are seeded, `rating` (the default: their zarf rating in the
    /// game), `given` (the order entered) or `lot`.
    #[serde(default)]
    #[schema(pattern = "^(rating|given|lot)$")]
    pub seeding: Option<String>,
    /// A cup: the games of a match, 1 or an even number to 20 (default 2, the colours
    /// alternating); tavla plays one match a pairing.
    #[serde(default, deserialize_with = "domain::whole::opt_u16")]
    #[schema(minimum = 1, maximum = 20)]
    pub games_per_match: Option<u16>,
    /// A cup: the pairs of games a tied match plays on for before the tie rule (default 1).
    #[serde(default, deserialize_with = "domain::whole::opt_u16")]
    #[schema(minimum = 0, maximum = 10)]
    pub extra_pairs: Option<u16>,
    /// A cup: how a match still tied is decided, `higher_seed` (the default), `lot` or
    /// `arbiter`.
    #[serde(default)]
    #[schema(pattern = "^(higher_seed|lot|arbiter)$")]
    pub tie_rule: Option<String>,
    /// A knockout: the semi-finals' losers play for third place.
    #[serde(default)]
    pub third_place: Option<bool>,
    /// A tavla cup: the points each round's match is played to, round 1 first, the last for
    /// the rounds after (default: `match_length` in every round).
    #[serde(default)]
    #[schema(max_items = 12)]
    pub match_lengths: Option<Vec<u16>>,
    /// A cup: the days a match has from its first games, 1 to 365; past them the bracket shows
    /// it overdue, for the arbiter to decide (default: no deadline).
    #[serde(default, deserialize_with = "domain::whole::opt_u16")]
    #[schema(minimum = 1, maximum = 365)]
    pub match_days: Option<u16>,
}

/// Points for each result, in halves of a point from 0 to 10.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsBody {
    #[schema(minimum = 0, maximum = 10, multiple_of = 0.5)]
    pub win: f64,
    #[schema(minimum = 0, maximum = 10, multiple_of = 0.5)]
    pub draw: f64,
    #[schema(minimum = 0, maximum = 10, multiple_of = 0.5)]
    pub loss: f64,
    /// The pairing-allocated bye.
    #[schema(minimum = 0, maximum = 10, multiple_of = 0.5)]
    pub bye: f64,
}

impl PointsBody {
    fn of(s: &Scoring) -> PointsBody {
        let points = |t: i32| f64::from(t) / 10.0;
        PointsBody {
            win: points(s.win),
            draw: points(s.draw),
            loss: points(s.loss),
            bye: points(s.pairing_bye),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEntrant {
    /// The player's id (an account of the service).
    #[schema(format = Uuid)]
    pub player: String,
    /// The player's rating, for the starting rank.
    #[schema(minimum = 0, maximum = 3500)]
    #[serde(default, deserialize_with = "domain::whole::opt_u32")]
    pub rating: Option<u32>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewResult {
    #[schema(minimum = 1, maximum = 99)]
    #[serde(deserialize_with = "domain::whole::u32")]
    pub round: u32,
    /// The id of the board's player with White.
    #[schema(format = Uuid)]
    pub white: String,
    #[schema(schema_with = crate::http::api::schema::board_result)]
    pub result: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TournamentView {
    pub id: String,
    pub name: String,
    pub system: String,
    pub rounds: u16,
    pub place: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// `over_the_board` or `online`.
    pub play: String,
    /// Online: the games' time control and rules.
    #[schema(value_type = Option<Object>)]
    pub time_control: Option<TimeControl>,
    pub rules: Option<String>,
    /// Online: the game its rounds' games are (`chess`, `checkers`, `dama`).
    pub game: Option<String>,
    /// Online: each round's games start from an opening of the game's ballot.
    pub ballot: bool,
    /// Online tavla: the points to win each board's match, where set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_length: Option<u16>,
    /// How the endgame tablebases may decide its games: `off`, `claim` or `automatic`.
    pub tablebase: String,
    pub points: PointsBody,
    pub half_point_byes: bool,
    /// The tie-breaks set (none: FIDE's for the system).
    pub tiebreaks: Option<Vec<String>>,
    pub finished: bool,
    /// Who may read it and its games now: `public`, `signed_in` or `participants`.
    #[schema(schema_with = crate::http::api::schema::visibility_given)]
    pub visibility: domain::game::Visibility,
    /// Who runs it: its arbiters (its creator first) and organisers.
    pub arbiters: Vec<String>,
    pub organisers: Vec<String>,
    /// Players who asked to enter and are not entered yet (shown to those who run it).
    pub asked: Vec<String>,
    /// Players invited and not entered yet (shown to those who run it; to an invited player,
    /// themselves).
    pub invited: Vec<String>,
    /// Players who declined an invitation (shown to those who run it; to one who declined,
    /// themselves): not invited again.
    pub declined: Vec<String>,
    /// Events in the tournament's log.
    pub version: u64,
    /// In starting rank (pairing number order).
    pub players: Vec<EntrantView>,
    pub pairings: Vec<RoundView>,
    /// A cup's terms (its bracket: `/bracket`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cup: Option<CupView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EntrantView {
    pub number: usize,
    pub id: String,
    pub name: String,
    pub rating: Option<u16>,
    pub school: Option<String>,
    pub class: Option<String>,
    pub birth_year: Option<u16>,
    /// The round from which they are not paired.
    pub withdrawn_from: Option<u16>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoundView {
    pub round: usize,
    /// When the pairing was published (none: not yet).
    pub published_at: Option<String>,
    /// When its games start.
    pub starts_at: Option<String>,
    /// The opening of the game's ballot its games start from (its number).
    pub ballot: Option<u16>,
    pub boards: Vec<BoardView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BoardView {
    pub white: String,
    /// None: the pairing-allocated bye.
    pub black: Option<String>,
    pub result: Option<String>,
    /// Online: the board's game.
    pub game: Option<String>,
}

fn system_name(s: System) -> &'static str {
    s.code()
}

/// A round number as the API takes it.
fn round_number(n: u32) -> Result<u16, ApiError> {
    u16::try_from(n)
        .ok()
        .filter(|r| (1..=99).contains(r))
        .ok_or_else(|| ApiError::bad_request("round: 1 to 99"))
}

fn player_id(text: &str) -> Result<PlayerId, ApiError> {
    PlayerId::parse(text).map_err(|_| ApiError::bad_request("player: a player's id"))
}

fn view_of(id: &str, t: &Tournament) -> TournamentView {
    let (play, time_control, rules, game) = match &t.setup.play {
        Play::OverTheBoard => ("over_the_board", None, None, None),
        Play::Online(o) => (
            "online",
            Some(o.time_control.clone()),
            Some(o.rules.as_str().to_owned()),
            Some(
                o.game
                    .as_deref()
                    .unwrap_or(domain::game::UNNAMED_GAME)
                    .to_owned(),
            ),
        ),
    };
    TournamentView {
        id: id.to_owned(),
        name: t.setup.name.clone(),
        system: system_name(t.setup.system).to_owned(),
        rounds: t.setup.rounds,
        place: t.setup.place.clone(),
        start_date: t.setup.start_date.clone(),
        end_date: t.setup.end_date.clone(),
        play: play.to_owned(),
        time_control,
        rules,
        game,
        ballot: matches!(&t.setup.play, Play::Online(o) if o.ballot),
        match_length: match &t.setup.play {
            Play::Online(o) => o.match_length,
            _ => None,
        },
        tablebase: match &t.setup.play {
            Play::Online(o) => o.tablebase,
            _ => Default::default(),
        }
        .as_str()
        .to_owned(),
        points: PointsBody::of(&t.setup.scoring),
        half_point_byes: t.setup.half_point_byes,
        tiebreaks: t.tiebreaks.clone(),
        finished: t.finished,
        visibility: t.visibility(),
        arbiters: t.setup.arbiters.iter().map(ToString::to_string).collect(),
        organisers: t.setup.organisers.iter().map(ToString::to_string).collect(),
        asked: t.asked.iter().map(ToString::to_string).collect(),
        invited: t.invited.iter().map(ToString::to_string).collect(),
        declined: t.declined.iter().map(ToString::to_string).collect(),
        version: t.events,
        cup: t.setup.system.is_cup().then(|| CupView::of(&t.cup_terms())),
        players: t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| EntrantView {
                number: i + 1,
                id: p.entrant.player.to_string(),
                name: p.entrant.name.clone(),
                rating: p.entrant.rating,
                school: p.entrant.school.clone(),
                class: p.entrant.class.clone(),
                birth_year: p.entrant.birth_year,
                withdrawn_from: p.withdrawn_from,
            })
            .collect(),
        pairings: t
            .rounds
            .iter()
            .enumerate()
            .map(|(i, r)| RoundView {
                round: i + 1,
                published_at: r.published.as_ref().map(|p| crate::store::rfc3339(p.at)),
                starts_at: r
                    .published
                    .as_ref()
                    .and_then(|p| p.starts_at)
                    .map(crate::store::rfc3339),
                ballot: r.published.as_ref().and_then(|p| p.ballot),
                boards: r
                    .boards
                    .iter()
                    .map(|(p, o)| BoardView {
                        white: p.white.to_string(),
                        black: p.black.map(|b| b.to_string()),
                        result: o.map(|o| result_text(o).to_owned()),
                        game: r.game_of(p.white).map(|g| g.to_string()),
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// Runs a command on tournament `id`, answering its view.
async fn command(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    command: Command,
) -> Result<TournamentView, ApiError> {
    let done = tournament_commands::run(state.clone(), caller, id, command).await?;
    shown_to(state, caller, id, &done.folded.state).await
}

/// The tournament's view after a command, as `caller` may read it (a pupil's school and class
/// only to those who may see the pupil).
async fn shown_to(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    after: &TournamentState,
) -> Result<TournamentView, ApiError> {
    let TournamentState::Created(t) = after else {
        return Err(ApiError::internal(anyhow::anyhow!(
            "a tournament without its creation"
        )));
    };
    let (t, reader, admin) = (t.clone(), caller.player().cloned(), caller.is_admin());
    let read = web::block(move || {
        crate::app::reads::tournament_as_read_by(&state, &t, reader.as_ref(), admin)
    })
    .await??;
    Ok(view_of(id, &read))
}

/// Answers a command on tournament `id` (built once the caller and id are known good) with the
/// tournament's view.
async fn answer(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    build: impl FnOnce() -> Result<Command, ApiError>,
) -> Result<HttpResponse, ApiError> {
    caller.acting()?;
    let id = tournament_id(id, caller)?;
    let view = command(state, caller, &id, build()?).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    get, path = "/api/v1/tournaments/{id}", tag = "tournaments",
    params(("id" = String, Path, description = "Tournament id")),
    responses((status = 200, body = TournamentView), (status = 404, body = ErrorBody))
)]
#[get("/api/v1/tournaments/{id}")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn get_tournament(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = tournament_id(&id, &caller)?;
    let key = id.clone();
    let view = read_tournament(state, &caller, &id, move |_, t| Ok(view_of(&key, t))).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Answers `read` of tournament `id` as it now stands (a 404 where there is none), off the
/// async workers.
pub(crate) async fn read_tournament<T: Send + 'static>(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    read: impl FnOnce(&AppState, &Tournament) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let id = tournament_id(id, caller)?;
    let locale = caller.locale();
    let reader = caller.clone();
    web::block(move || match folded(&state, &id)? {
        TournamentState::Created(t) => {
            crate::http::auth::tournament_readable(&t, &reader, locale)?;
            let t = crate::app::reads::tournament_as_read_by(
                &state,
                &t,
                reader.player(),
                reader.is_admin(),
            )?;
            read(&state, &t)
        }
        TournamentState::NotCreated => Err(ApiError::not_found(locale)),
    })
    .await?
}

/// A tournament's state now: this server's cached fold, brought up to date from the log.
pub(crate) fn folded(state: &AppState, id: &str) -> Result<TournamentState, ApiError> {
    Ok(crate::app::tournaments::current(state, id)?.state.clone())
}
