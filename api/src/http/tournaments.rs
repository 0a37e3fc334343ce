//! Tournaments over the JSON API: an organiser creates one (and runs it as its arbiter),
//! registers players, pairs rounds and records results; anyone reads it and its report file.

use actix_web::{get, post, web, HttpResponse};
use domain::game::Actor;
use domain::game::{RuleSet, TimeControl};

use domain::game::Rules;
use domain::games::GameKind;
use domain::ids::PlayerId;
use domain::tournament::{
    ByeKind, Command, Entrant, OnlineGames, Outcome, Pairing, Play, Scoring, System, Team,
    TeamTiebreak, Tournament, TournamentCreated, TournamentState,
};
use pairing::tiebreak::Code;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::auth::Caller;
use super::error::{ApiError, ErrorBody};
use crate::app::commands::{run_on, CommandError};
use crate::app::tournaments::{TournamentContext, Tournaments};
use crate::app::AppState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    #[schema(schema_with = super::schema::tournament_name)]
    pub name: String,
    #[schema(schema_with = super::schema::system)]
    pub system: String,
    /// Rounds in all.
    #[schema(minimum = 1, maximum = 99)]
    #[serde(deserialize_with = "domain::whole::u32")]
    pub rounds: u32,
    /// The colour of the top-ranked player in round 1, drawn by lot beforehand (white unless
    /// said).
    #[serde(default)]
    #[schema(schema_with = super::schema::side_or_null)]
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
    #[schema(schema_with = super::schema::place_or_null)]
    pub place: Option<String>,
    /// The first day.
    #[serde(default)]
    #[schema(schema_with = super::schema::date_or_null)]
    pub start_date: Option<String>,
    /// The last day (not before the first).
    #[serde(default)]
    #[schema(schema_with = super::schema::date_or_null)]
    pub end_date: Option<String>,
    /// Points for each result (default 1, ½, 0 and 1 for the pairing bye).
    #[serde(default)]
    pub points: Option<PointsBody>,
    #[serde(default)]
    #[schema(schema_with = super::schema::play_mode_or_null)]
    pub play: Option<String>,
    /// The games' time control: required when play is online.
    #[serde(default)]
    #[schema(schema_with = super::schema::time_control)]
    pub time_control: Option<TimeControl>,
    /// The online games' game: `chess` (default) or `checkers`.
    #[serde(default)]
    #[schema(schema_with = super::schema::game_name)]
    pub game: Option<String>,
    /// The online games' rules, one of the game's (default: its first; chess fide2023).
    #[serde(default)]
    #[schema(schema_with = super::schema::rule_set)]
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
    #[schema(schema_with = super::schema::visibility)]
    pub visibility: Option<domain::game::Visibility>,
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
    fn scoring(self) -> Result<Scoring, ApiError> {
        let tenths = |x: f64| {
            let halves = x * 2.0;
            (halves.fract() == 0.0 && (0.0..=20.0).contains(&halves))
                .then(|| halves as i32 * 5)
                .ok_or_else(|| ApiError::bad_request("points: halves of a point, 0 to 10"))
        };
        Ok(Scoring {
            win: tenths(self.win)?,
            draw: tenths(self.draw)?,
            loss: tenths(self.loss)?,
            pairing_bye: tenths(self.bye)?,
        })
    }

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
    #[schema(schema_with = super::schema::board_result)]
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
    pub points: PointsBody,
    pub half_point_byes: bool,
    /// The tie-breaks set (none: FIDE's for the system).
    pub tiebreaks: Option<Vec<String>>,
    pub finished: bool,
    /// Who may read it and its games now: `public`, `signed_in` or `participants`.
    #[schema(schema_with = super::schema::visibility_given)]
    pub visibility: domain::game::Visibility,
    /// Who runs it: its arbiters (its creator first) and organisers.
    pub arbiters: Vec<String>,
    pub organisers: Vec<String>,
    /// Events in the tournament's log.
    pub version: u64,
    /// In starting rank (pairing number order).
    pub players: Vec<EntrantView>,
    pub pairings: Vec<RoundView>,
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
    match s {
        System::Swiss => "swiss",
        System::RoundRobin => "round_robin",
        System::DoubleRoundRobin => "double_round_robin",
    }
}

pub(crate) fn result_text(o: Outcome) -> &'static str {
    match o {
        Outcome::WhiteWins => "1-0",
        Outcome::BlackWins => "0-1",
        Outcome::Draw => "1/2-1/2",
        Outcome::WhiteWinsByForfeit => "+/-",
        Outcome::BlackWinsByForfeit => "-/+",
        Outcome::DoubleForfeit => "0-0",
    }
}

/// A result as the API writes it.
pub(crate) fn outcome(text: &str) -> Result<Outcome, ApiError> {
    Ok(match text {
        "1-0" => Outcome::WhiteWins,
        "0-1" => Outcome::BlackWins,
        "1/2-1/2" => Outcome::Draw,
        "+/-" => Outcome::WhiteWinsByForfeit,
        "-/+" => Outcome::BlackWinsByForfeit,
        "0-0" => Outcome::DoubleForfeit,
        _ => {
            return Err(ApiError::bad_request(
                "result: 1-0, 0-1, 1/2-1/2, +/-, -/+ or 0-0",
            ))
        }
    })
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

fn view(id: &str, state: &TournamentState) -> Option<TournamentView> {
    match state {
        TournamentState::Created(t) => Some(view_of(id, t)),
        TournamentState::NotCreated => None,
    }
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
        points: PointsBody::of(&t.setup.scoring),
        half_point_byes: t.setup.half_point_byes,
        tiebreaks: t.tiebreaks.clone(),
        finished: t.finished,
        visibility: t.visibility(),
        arbiters: t.setup.arbiters.iter().map(ToString::to_string).collect(),
        organisers: t.setup.organisers.iter().map(ToString::to_string).collect(),
        version: t.events,
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

/// The acting account in the tournament's terms ([`crate::app::actors::in_tournament`]).
fn actor(caller: &Caller) -> Result<(Actor, Option<PlayerId>), ApiError> {
    Ok(crate::app::actors::in_tournament(caller.acting()?)?)
}

pub(crate) fn tournament_id(text: &str, caller: &Caller) -> Result<String, ApiError> {
    uuid::Uuid::try_parse(text)
        .ok()
        .filter(|_| text.len() == 36)
        .map(|u| u.to_string())
        .ok_or_else(|| ApiError::not_found(caller.locale()))
}

/// Runs a command on tournament `id`, answering its view.
pub(crate) async fn command(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    command: Command,
) -> Result<TournamentView, ApiError> {
    let (actor, _) = actor(caller)?;
    let ctx = TournamentContext {
        now: crate::store::now(),
        actor,
    };
    let outcome = run_on::<Tournaments>(state.into_inner(), id, command, ctx, None)
        .await
        .map_err(|e| ApiError::command(e, caller.locale()))?;
    view(id, &outcome.folded.state)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a tournament without its creation")))
}

/// Runs `use_case` (an app function that runs a command and what follows it) on a blocking
/// thread for `caller`, answering with the tournament's view.
async fn run_use_case(
    caller: &Caller,
    id: &str,
    use_case: impl FnOnce(&TournamentContext) -> Result<crate::app::Outcome<Tournaments>, CommandError>
        + Send
        + 'static,
) -> Result<TournamentView, ApiError> {
    let (actor, _) = actor(caller)?;
    let ctx = TournamentContext {
        now: crate::store::now(),
        actor,
    };
    let outcome = web::block(move || use_case(&ctx))
        .await?
        .map_err(|e| ApiError::command(e, caller.locale()))?;
    view(id, &outcome.folded.state)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a tournament without its creation")))
}

/// Publishes round `round` of tournament `id` as `caller` (see [`crate::app::rounds::publish`]),
/// answering with the tournament's view.
pub(crate) async fn publish_round(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    round: u16,
    starts_at: Option<time::OffsetDateTime>,
) -> Result<TournamentView, ApiError> {
    let key = id.to_owned();
    run_use_case(caller, id, move |ctx| {
        crate::app::rounds::publish(&state, &key, round, starts_at, ctx)
    })
    .await
}

/// Answers a command on tournament `id` (built once the caller and id are known good) with the
/// tournament's view.
async fn answer(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    build: impl FnOnce() -> Result<Command, ApiError>,
) -> Result<HttpResponse, ApiError> {
    actor(caller)?;
    let id = tournament_id(id, caller)?;
    let view = command(state, caller, &id, build()?).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    post, path = "/api/v1/tournaments", tag = "tournaments",
    request_body = NewTournament,
    responses(
        (status = 201, description = "The tournament, run by its creator", body = TournamentView),
        (status = 403, description = "Only organisers create tournaments", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create_tournament(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<NewTournament>,
) -> Result<HttpResponse, ApiError> {
    let view = create(state, &caller, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(view))
}

/// Creates a tournament as `caller` asks, run by them.
pub(crate) async fn create(
    state: web::Data<AppState>,
    caller: &Caller,
    body: NewTournament,
) -> Result<TournamentView, ApiError> {
    let (_, me) = actor(caller)?;
    let name = body.name.trim();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request("name: 1 to 100 visible characters"));
    }
    let system = match body.system.as_str() {
        "swiss" => System::Swiss,
        "round_robin" => System::RoundRobin,
        "double_round_robin" => System::DoubleRoundRobin,
        _ => {
            return Err(ApiError::bad_request(
                "system: swiss, round_robin or double_round_robin",
            ))
        }
    };
    let rounds = u16::try_from(body.rounds)
        .ok()
        .filter(|r| (1..=99).contains(r))
        .ok_or_else(|| ApiError::bad_request("rounds: 1 to 99"))?;
    let first_colour_white = match body.first_colour.as_deref() {
        None | Some("white") => true,
        Some("black") => false,
        Some(_) => return Err(ApiError::bad_request("first_colour: white or black")),
    };
    if body.arbiters.len() > 10 || body.organisers.len() > 10 {
        return Err(ApiError::bad_request(
            "arbiters, organisers: at most 10 each",
        ));
    }
    let mut organisers: Vec<PlayerId> = Vec::new();
    for o in body.organisers.iter().map(|o| PlayerId::from_uuid(*o)) {
        if !organisers.contains(&o) {
            organisers.push(o);
        }
    }
    let mut arbiters: Vec<PlayerId> = me.into_iter().collect();
    for a in &body.arbiters {
        let a = PlayerId::from_uuid(*a);
        if !arbiters.contains(&a) {
            arbiters.push(a);
        }
    }
    let place = match body.place.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(p) if p.chars().count() > 100 || p.chars().any(char::is_control) => {
            return Err(ApiError::bad_request(
                "place: at most 100 visible characters",
            ))
        }
        Some(p) => Some(p.to_owned()),
    };
    let start_date = day("start_date", body.start_date.as_deref())?;
    let end_date = day("end_date", body.end_date.as_deref())?;
    if let (Some(start), Some(end)) = (start_date, end_date) {
        if end < start {
            return Err(ApiError::bad_request("end_date: not before start_date"));
        }
    }
    // The online games' settings are for online games only, and a game is one zarf plays.
    if let Some(name) = body.game.as_deref() {
        if GameKind::named(name).is_none() {
            return Err(ApiError::bad_request(
                "game: chess, checkers, dama or tavla",
            ));
        }
    }
    let play = match (body.play.as_deref(), body.time_control) {
        (None | Some("over_the_board"), None)
            if body.game.is_some()
                || body.rules.is_some()
                || body.ballot.is_some()
                || body.match_length.is_some() =>
        {
            return Err(ApiError::bad_request(
                "game, rules, ballot, match_length: only for a tournament played online",
            ))
        }
        (None | Some("over_the_board"), None) => Play::OverTheBoard,
        (None | Some("over_the_board"), Some(_)) => {
            return Err(ApiError::bad_request(
                "time_control: only for a tournament played online",
            ))
        }
        (Some("online"), Some(time_control)) => {
            time_control.validate().map_err(|e| {
                ApiError::new(
                    actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                    "invalid_time_control",
                    e.to_string(),
                )
            })?;
            let kind = match body.game.as_deref() {
                None => GameKind::Chess,
                Some(name) => GameKind::named(name)
                    .ok_or_else(|| ApiError::bad_request("game: chess, checkers, dama or tavla"))?,
            };
            let rules = match body.rules {
                None => kind.rule_sets()[0],
                Some(r) if kind.rule_sets().contains(&r) => r,
                Some(_) => {
                    return Err(ApiError::bad_request(
                        "rules: not one of the game's rule sets",
                    ))
                }
            };
            // A game with a ballot plays it unless told not to.
            let ballot = match (body.ballot, kind.ballot()) {
                (Some(true), None) => {
                    return Err(ApiError::bad_request("ballot: the game has no ballot"))
                }
                (Some(b), _) => b,
                (None, deck) => deck.is_some(),
            };
            // A match's length only where the game is played as a match, within its bounds.
            let match_length = match (body.match_length, kind.match_lengths(rules)) {
                (None, _) => None,
                (Some(_), None) => {
                    return Err(ApiError::bad_request(
                        "match_length: the game is not played as a match",
                    ))
                }
                (Some(n), Some(lengths)) if (1..=lengths.max).contains(&n) => Some(n),
                (Some(_), Some(lengths)) => {
                    return Err(ApiError::bad_request(format!(
                        "match_length: from 1 to {}",
                        lengths.max
                    )))
                }
            };
            Play::Online(OnlineGames {
                game: (kind != GameKind::Chess).then(|| kind.name().to_owned()),
                time_control,
                rules,
                ballot,
                match_length,
            })
        }
        (Some("online"), None) => {
            return Err(ApiError::bad_request(
                "time_control: an online tournament's games need one",
            ))
        }
        (Some(_), _) => return Err(ApiError::bad_request("play: over_the_board or online")),
    };
    if let Some(codes) = &body.tiebreaks {
        if codes.len() > 12 || codes.iter().any(|c| c.len() > 16) {
            return Err(ApiError::bad_request("tiebreaks: at most 12 codes"));
        }
    }
    let visibility = match (body.visibility, caller.player()) {
        (Some(v), _) => Some(v),
        (None, Some(me)) if caller.is_organiser() => {
            let (store, me) = (state.store.clone(), me.id.clone());
            web::block(move || store.school_visibility(&me))
                .await??
                .as_deref()
                .and_then(domain::game::Visibility::parse)
        }
        (None, _) => None,
    };
    let id = uuid::Uuid::now_v7().to_string();
    let created = Command::Create(TournamentCreated {
        scoring: body
            .points
            .map(PointsBody::scoring)
            .transpose()?
            .unwrap_or_default(),
        first_colour_white,
        baku: body.baku && system == System::Swiss,
        place,
        start_date: start_date.map(|d| d.to_string()),
        end_date: end_date.map(|d| d.to_string()),
        play,
        half_point_byes: body.half_point_byes.unwrap_or(true),
        tiebreaks: body.tiebreaks.filter(|c| !c.is_empty()),
        organisers,
        visibility,
        ..TournamentCreated::new(name, system, rounds, arbiters)
    });
    command(state, caller, &id, created).await
}

/// A day as `YYYY-MM-DD`.
fn day(field: &str, text: Option<&str>) -> Result<Option<time::Date>, ApiError> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) => time::Date::parse(t, &format)
            .map(Some)
            .map_err(|_| ApiError::bad_request(format!("{field}: a day, YYYY-MM-DD"))),
    }
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
async fn read_tournament<T: Send + 'static>(
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
            super::auth::tournament_readable(&t, &reader, locale)?;
            read(&state, &t)
        }
        TournamentState::NotCreated => Err(ApiError::not_found(locale)),
    })
    .await?
}

/// A tournament's state now: this server's cached fold, brought up to date from the log.
pub(crate) fn folded(state: &AppState, id: &str) -> Result<TournamentState, ApiError> {
    Ok(state
        .tournament_folds
        .current(&state.store, id)?
        .state
        .clone())
}

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
    actor(&caller)?;
    let id = tournament_id(&id, &caller)?;
    let player = player_id(&body.player)?;
    let rating = match body.rating {
        Some(r) if r > 3500 => return Err(ApiError::bad_request("rating: 0 to 3500")),
        r => r.and_then(|r| u16::try_from(r).ok()),
    };
    // Without a rating given, the player's zarf rating in the tournament's game, if any.
    let s = state.clone();
    let locale = caller.locale();
    let (key, tournament) = (body.player.clone(), id.clone());
    let (row, rating) = web::block(move || -> Result<_, ApiError> {
        let row = s.store.player(&key)?;
        let rating = match (&row, folded(&s, &tournament)?) {
            (Some(p), TournamentState::Created(t)) => {
                crate::app::profiles::entrant_rating(&s, &t, &p.id, rating)
                    .map_err(|e| ApiError::command(e, locale))?
            }
            _ => rating,
        };
        Ok((row, rating))
    })
    .await??;
    // An unknown player is not an unknown tournament: 422, not 404.
    let row = row.ok_or_else(|| {
        ApiError::new(
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            "no_such_player",
            "no player has that id",
        )
    })?;
    let entrant = Entrant {
        player,
        name: crate::app::accounts::recorded_name(&row),
        rating,
        school: row.school.clone(),
        class: row.class_name.clone(),
        birth_year: None,
        pupil: row.created_by.is_some(),
    };
    let view = command(state, &caller, &id, Command::Register(entrant)).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/rounds", tag = "tournaments",
    description = "Pair the next round: the Dutch system for a Swiss, the Berger table for a round robin.",
    params(("id" = String, Path, description = "Tournament id")),
    responses(
        (status = 200, description = "The tournament with the round paired", body = TournamentView),
        (status = 409, description = "results_missing, all_rounds_paired", body = ErrorBody),
        (status = 422, description = "no_valid_pairing", body = ErrorBody),
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
    answer(state, &caller, &id, || Ok(Command::PairNextRound)).await
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
    actor(&caller)?;
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

/// Enters or corrects a board's result as `caller` (see [`crate::app::rounds::enter_result`]).
pub(crate) async fn result_entered(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    command: Command,
    board: (u16, PlayerId),
) -> Result<TournamentView, ApiError> {
    let key = id.to_owned();
    run_use_case(caller, id, move |ctx| {
        crate::app::rounds::enter_result(&state, &key, command, board, ctx)
    })
    .await
}

#[utoipa::path(
    get, path = "/api/v1/tournaments/{id}/report.trf", tag = "tournaments",
    description = "The tournament as FIDE's Tournament Report File (TRF-2026), for pairing engines and rating officers.",
    params(("id" = String, Path, description = "Tournament id")),
    responses(
        (status = 200, description = "The report file", content_type = "text/plain", body = String),
        (status = 404, body = ErrorBody),
    )
)]
#[get("/api/v1/tournaments/{id}/report.trf")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn report(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let text = read_tournament(state, &caller, &id, |_, t| {
        Ok(t.report(t.next_round()).write())
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(text))
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
    #[schema(schema_with = super::schema::board_result)]
    pub result: String,
    /// Why the result changes (kept in the tournament's log).
    #[schema(schema_with = super::schema::reason)]
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
    actor(&caller)?;
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

#[derive(Debug, Serialize, ToSchema)]
pub struct StandingsView {
    /// The tie-breaks, PTS first (the tournament's, else FIDE's recommendation for its system).
    pub tiebreaks: Vec<String>,
    pub rows: Vec<StandingsRow>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StandingsRow {
    pub rank: usize,
    pub number: u16,
    pub id: String,
    pub name: String,
    /// Each tie-break's value, in the order of `tiebreaks`.
    pub values: Vec<Option<f64>>,
}

#[utoipa::path(
    get, path = "/api/v1/tournaments/{id}/standings", tag = "tournaments",
    description = "The standings after the rounds played, by the FIDE tie-breaks (C.07, 2026).",
    params(("id" = String, Path, description = "Tournament id")),
    responses((status = 200, body = StandingsView), (status = 404, body = ErrorBody))
)]
#[get("/api/v1/tournaments/{id}/standings")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn standings(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let answer = read_tournament(state, &caller, &id, |_, t| {
        let codes = codes_of(t);
        let table = t.standings(&codes);
        let mut rows: Vec<StandingsRow> = table
            .rows
            .iter()
            .filter_map(|row| {
                let p = t.players.get(usize::from(row.id).checked_sub(1)?)?;
                Some(StandingsRow {
                    rank: row.rank,
                    number: row.id,
                    id: p.entrant.player.to_string(),
                    name: p.entrant.name.clone(),
                    values: row.values.iter().map(|v| v.map(|v| v.as_f64())).collect(),
                })
            })
            .collect();
        rows.sort_by_key(|r| (r.rank, r.number));
        Ok(StandingsView {
            tiebreaks: codes.iter().map(Code::to_string).collect(),
            rows,
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The standings' tie-breaks (PTS first).
pub(crate) fn codes_of(t: &domain::tournament::Tournament) -> Vec<Code> {
    t.tiebreak_codes()
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
    #[schema(schema_with = super::schema::reason)]
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

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub struct TeamQuery {
    /// `school` (the default) or `class`.
    #[param(pattern = "^(school|class)?$")]
    pub by: Option<String>,
    /// How many of each team's players count (default 4).
    #[param(minimum = 1, maximum = 100)]
    pub best: Option<u32>,
    /// `sum` (of the counted players' first tie-break; the default) or `best_board`.
    #[param(pattern = "^(sum|best_board)?$")]
    pub tiebreak: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TeamView {
    pub team: String,
    pub rank: usize,
    pub points: f64,
    pub tiebreak: f64,
    /// The individual rank of the team's best player.
    pub best_board: usize,
    /// The players whose results count, best first.
    pub counted: Vec<String>,
}

#[utoipa::path(
    get, path = "/api/v1/tournaments/{id}/teams", tag = "tournaments",
    description = "Schools' (or classes') standings from individual results: each team's best players' points summed.",
    params(("id" = String, Path, description = "Tournament id"), TeamQuery),
    responses((status = 200, body = [TeamView]), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody))
)]
#[get("/api/v1/tournaments/{id}/teams")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn teams(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    query: web::Query<TeamQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = tournament_id(&id, &caller)?;
    let by = match query.by.as_deref() {
        None | Some("" | "school") => Team::School,
        Some("class") => Team::Class,
        Some(_) => return Err(ApiError::bad_request("by: school or class")),
    };
    let tiebreak = match query.tiebreak.as_deref() {
        None | Some("" | "sum") => TeamTiebreak::SumOfTiebreaks,
        Some("best_board") => TeamTiebreak::BestBoard,
        Some(_) => return Err(ApiError::bad_request("tiebreak: sum or best_board")),
    };
    let best = match query.best {
        None => 4,
        Some(n @ 1..=100) => n as usize,
        Some(_) => return Err(ApiError::bad_request("best: 1 to 100")),
    };
    let rows: Vec<TeamView> = read_tournament(state, &caller, &id, move |_, t| {
        let hundredths = |v: i64| v as f64 / 100.0;
        Ok(t.team_standings(by, best, &codes_of(t), tiebreak)
            .into_iter()
            .map(|r| TeamView {
                team: r.team,
                rank: r.rank,
                points: hundredths(r.points),
                tiebreak: hundredths(r.tiebreak),
                best_board: r.best_board,
                counted: r.counted.iter().map(ToString::to_string).collect(),
            })
            .collect())
    })
    .await?;
    Ok(HttpResponse::Ok().json(rows))
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
    actor(&caller)?;
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
    let view = publish_round(state, &caller, &id, round, starts_at).await?;
    Ok(HttpResponse::Ok().json(view))
}

#[utoipa::path(
    get, path = "/api/v1/tournaments/{id}/games.pgn", tag = "tournaments",
    description = "Every game the tournament played in zarf, round by round and board by board, in PGN (each as `/api/v1/games/{id}/pgn` gives it). Games played over the board are not in zarf: their results are in the report file.",
    params(("id" = String, Path, description = "Tournament id")),
    responses(
        (status = 200, description = "PGN", content_type = "application/x-chess-pgn", body = String),
        (status = 404, body = ErrorBody),
    )
)]
#[get("/api/v1/tournaments/{id}/games.pgn")]
#[tracing::instrument(level = "debug", skip(state, caller))]
pub async fn games_pgn(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let text = read_tournament(state, &caller, &id, |state, t| {
        let mut games = Vec::new();
        for round in &t.rounds {
            for (pairing, _) in &round.boards {
                let Some(game) = round.game_of(pairing.white) else {
                    continue;
                };
                let log = state.store.load_events(&game.to_string())?;
                if log.is_empty() {
                    // Not created yet: the scheduler's sweep will.
                    continue;
                }
                let events: Vec<_> = log.into_iter().map(|e| e.event).collect();
                games.push(
                    domain::game::export_pgn::<GameKind>(&events).map_err(ApiError::internal)?,
                );
            }
        }
        Ok(games.join("\n"))
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-chess-pgn; charset=utf-8")
        .body(text))
}

/// The largest report file an import takes (a few thousand players over many rounds).
const MAX_REPORT_BYTES: usize = 2 * 1024 * 1024;

#[utoipa::path(
    post, path = "/api/v1/tournament-imports", tag = "tournaments",
    description = "Continue here a tournament played elsewhere: the body is its report file (TRF-16 or TRF-2026, at most 2 MB). Each of its players gets an account (no e-mail address; a sign-in code gives them access); its rounds, byes and results are recorded as played, and the next round is paired here as the rules give it. Played over the board; the importing organiser runs it.",
    request_body(content = String, content_type = "text/plain", description = "The tournament report file"),
    responses(
        (status = 201, description = "The tournament, as far as it was played", body = TournamentView),
        (status = 403, description = "Only organisers import tournaments", body = ErrorBody),
        (status = 413, description = "The file is over 2 MB", body = ErrorBody),
        (status = 422, description = "invalid_report: the file cannot be read, or its rounds do not agree", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournament-imports")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn import_tournament(
    state: web::Data<AppState>,
    caller: Caller,
    mut body: web::Payload,
) -> Result<HttpResponse, ApiError> {
    use futures_core::Stream;
    actor(&caller)?;
    if !(caller.is_admin() || caller.is_organiser()) {
        return Err(ApiError::tournament_rejection(
            &domain::tournament::Rejection::ArbiterOnly,
            caller.locale(),
        ));
    }
    let mut bytes = Vec::new();
    while let Some(chunk) =
        std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_next(cx)).await
    {
        let chunk = chunk.map_err(|e| ApiError::bad_request(e.to_string()))?;
        if bytes.len() + chunk.len() > MAX_REPORT_BYTES {
            return Err(ApiError::new(
                actix_web::http::StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                "a report file is at most 2 MB",
            ));
        }
        bytes.extend_from_slice(&chunk);
    }
    let text = String::from_utf8(bytes).map_err(|_| invalid("the file is not UTF-8".into()))?;
    let view = import_report(state, &caller, &text).await?;
    Ok(HttpResponse::Created().json(view))
}

/// A report file the service cannot continue, and why.
fn invalid(why: String) -> ApiError {
    ApiError::new(
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_report",
        why,
    )
}

/// Makes a tournament of the report file `text`, run by `caller` (an organiser or the admin).
pub(crate) async fn import_report(
    state: web::Data<AppState>,
    caller: &Caller,
    text: &str,
) -> Result<TournamentView, ApiError> {
    let (_, me) = actor(caller)?;
    if !(caller.is_admin() || caller.is_organiser()) {
        return Err(ApiError::tournament_rejection(
            &domain::tournament::Rejection::ArbiterOnly,
            caller.locale(),
        ));
    }
    let file = pairing::Tournament::parse(text).map_err(|e| invalid(e.to_string()))?;
    if file.players.len() > 5_000 {
        return Err(invalid("at most 5,000 players".into()));
    }
    // Each of the file's players, in the order of their numbers, gets an account.
    let mut players: Vec<&pairing::trf::Player> = file.players.iter().collect();
    players.sort_by_key(|p| p.id);
    let accounts = players
        .iter()
        .map(|p| {
            let name = if p.name.trim().is_empty() {
                format!("{}", p.id)
            } else {
                p.name.trim().to_owned()
            };
            super::players::new_player(
                caller,
                super::players::NewPlayer {
                    name,
                    email: None,
                    locale: Some(caller.locale()),
                    notation: None,
                    roles: None,
                    school: None,
                    class_name: None,
                },
            )
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let ids = accounts
        .iter()
        .map(|(row, _)| {
            PlayerId::parse(&row.id)
                .map_err(|_| ApiError::internal(anyhow::anyhow!("a new player's id is bad")))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let setup = TournamentCreated::new("", System::Swiss, 1, me.into_iter().collect());
    let mut imported =
        domain::tournament::import(&file, &ids, setup).map_err(|e| invalid(e.to_string()))?;
    if imported.setup.name.is_empty() {
        imported.setup.name = "TRF".to_owned();
    }
    imported.setup.name = imported.setup.name.chars().take(100).collect();
    let s = state.clone();
    web::block(move || super::players::store_players(&s, &accounts)).await??;
    let id = uuid::Uuid::now_v7().to_string();
    command(state, caller, &id, Command::Import(Box::new(imported))).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewClass {
    /// One pupil a line. A first line naming the columns (`name`/`ad`, `school`/`okul`,
    /// `class`/`sınıf`, `birth_year`/`doğum yılı`, `rating`/`puan`, `email`/`e-posta`) says
    /// which is which; without it a line is a name and, after a comma, an e-mail address.
    /// Columns are separated by commas, semicolons or tabs. At most 15,000 characters and 200
    /// pupils (the request as a whole is at most 16 KB).
    pub csv: String,
    /// The school and class of pupils whose line names none.
    #[serde(default)]
    #[schema(schema_with = super::schema::group_or_empty)]
    pub school: Option<String>,
    #[serde(default)]
    #[schema(schema_with = super::schema::group_or_empty)]
    pub class: Option<String>,
    /// The pupils' language (default the organiser's).
    #[serde(default)]
    #[schema(schema_with = super::schema::locale)]
    pub locale: Option<domain::game::Locale>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PupilRegistered {
    pub id: String,
    pub name: String,
    /// A one-time sign-in code for the pupil, to print (`/login`).
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClassRegistered {
    pub pupils: Vec<PupilRegistered>,
    pub tournament: TournamentView,
}

/// A pupil's line of a class list.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Pupil {
    pub name: String,
    pub email: Option<String>,
    pub school: Option<String>,
    pub class: Option<String>,
    pub birth_year: Option<u16>,
    pub rating: Option<u16>,
}

/// The pupils of a class list, or why line `n` (from 1) is not one.
pub(crate) fn read_pupils(csv: &str) -> Result<Vec<Pupil>, String> {
    #[derive(Clone, Copy, PartialEq)]
    enum Column {
        Name,
        Email,
        School,
        Class,
        Birth,
        Rating,
        Other,
    }
    let column = |head: &str| match head.trim().to_lowercase().as_str() {
        "name" | "ad" | "isim" | "ad soyad" | "adı soyadı" | "adi soyadi" => Column::Name,
        "email" | "e-mail" | "e-posta" | "eposta" => Column::Email,
        "school" | "okul" => Column::School,
        "class" | "sınıf" | "sinif" => Column::Class,
        "birth_year" | "birth year" | "born" | "doğum yılı" | "dogum yili" | "doğum" => {
            Column::Birth
        }
        "rating" | "elo" | "puan" | "ukd" => Column::Rating,
        _ => Column::Other,
    };
    let mut columns = vec![Column::Name, Column::Email];
    let mut pupils = Vec::new();
    let mut first = true;
    for (i, line) in csv.lines().enumerate() {
        let line = line.trim().trim_start_matches('\u{feff}');
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line
            .split([',', ';', '\t'])
            .map(|f| f.trim().trim_matches('"').trim())
            .collect();
        if std::mem::take(&mut first) && fields.iter().any(|f| column(f) == Column::Name) {
            columns = fields.iter().map(|f| column(f)).collect();
            continue;
        }
        let n = i + 1;
        let mut pupil = Pupil::default();
        for (field, col) in fields.iter().zip(&columns) {
            let text = (!field.is_empty()).then(|| (*field).to_owned());
            match col {
                Column::Name => pupil.name = field.to_string(),
                Column::Email => pupil.email = text,
                Column::School => pupil.school = text,
                Column::Class => pupil.class = text,
                Column::Birth => {
                    pupil.birth_year = match text {
                        None => None,
                        Some(y) => Some(
                            y.parse()
                                .ok()
                                .filter(|y| (1900..=2100).contains(y))
                                .ok_or(format!("line {n}: a birth year such as 2012"))?,
                        ),
                    }
                }
                Column::Rating => {
                    pupil.rating = match text {
                        None => None,
                        Some(r) => Some(
                            r.parse()
                                .ok()
                                .filter(|r| *r <= 3500)
                                .ok_or(format!("line {n}: a rating from 0 to 3500"))?,
                        ),
                    }
                }
                Column::Other => {}
            }
        }
        if super::players::PlayerName::parse(&pupil.name).is_none() {
            return Err(format!("line {n}: a name of 1 to 100 visible characters"));
        }
        if pupils.len() == super::organise::MAX_CLASS {
            return Err(format!("at most {} pupils", super::organise::MAX_CLASS));
        }
        pupils.push(pupil);
    }
    if pupils.is_empty() {
        return Err("no pupil in the list".into());
    }
    Ok(pupils)
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/class", tag = "tournaments",
    description = "A whole class at once: each pupil of the list gets an account (with the school and class, and an e-mail address if given) and a one-time sign-in code, and is registered with their rating and birth year. All or nothing for the accounts; pupils are registered in the list's order.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = NewClass,
    responses(
        (status = 200, description = "The pupils with their sign-in codes, and the tournament", body = ClassRegistered),
        (status = 400, description = "A line of the list that is not a pupil", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "email_taken", body = ErrorBody),
        (status = 413, description = "The request is over 16 KB", body = ErrorBody),
        (status = 422, description = "round_robin_closed", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/class")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn register_class(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<NewClass>,
) -> Result<HttpResponse, ApiError> {
    actor(&caller)?;
    let id = tournament_id(&id, &caller)?;
    // The tournament must be there and the caller run it before anyone is made.
    let s = state.clone();
    let key = id.clone();
    let TournamentState::Created(t) = web::block(move || folded(&s, &key)).await?? else {
        return Err(ApiError::not_found(caller.locale()));
    };
    let me = caller.player().and_then(|p| PlayerId::parse(&p.id).ok());
    if !caller.is_admin() && !me.is_some_and(|me| t.setup.run_by(me)) {
        return Err(ApiError::tournament_rejection(
            &domain::tournament::Rejection::ArbiterOnly,
            caller.locale(),
        ));
    }
    // Refused as the first registration would be, before any account is made.
    if t.finished {
        return Err(ApiError::tournament_rejection(
            &domain::tournament::Rejection::Finished,
            caller.locale(),
        ));
    }
    if t.setup.system != System::Swiss && !t.rounds.is_empty() {
        return Err(ApiError::tournament_rejection(
            &domain::tournament::Rejection::RoundRobinClosed,
            caller.locale(),
        ));
    }
    let body = body.into_inner();
    if body.csv.chars().count() > 15_000 {
        return Err(ApiError::bad_request("csv: at most 15,000 characters"));
    }
    let pupils = read_pupils(&body.csv).map_err(ApiError::bad_request)?;
    let group = |own: &Option<String>, given: &Option<String>| {
        own.clone()
            .or_else(|| given.clone())
            .filter(|g| !g.trim().is_empty())
    };
    let accounts = pupils
        .iter()
        .map(|p| {
            super::players::new_player(
                &caller,
                super::players::NewPlayer {
                    name: p.name.clone(),
                    email: p.email.clone(),
                    locale: body.locale.or(Some(caller.locale())),
                    notation: None,
                    roles: None,
                    school: group(&p.school, &body.school),
                    class_name: group(&p.class, &body.class),
                },
            )
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let s = state.clone();
    let stored = accounts.clone();
    let codes = web::block(move || -> Result<Vec<String>, ApiError> {
        super::players::store_players(&s, &stored)?;
        stored
            .iter()
            .map(|(row, _)| Ok(super::login::issue_code(&s, &row.id)?))
            .collect()
    })
    .await??;
    let mut view = None;
    for ((row, _), pupil) in accounts.iter().zip(&pupils) {
        let entrant = Entrant {
            player: player_id(&row.id)?,
            name: crate::app::accounts::recorded_name(row),
            rating: pupil.rating,
            school: row.school.clone(),
            class: row.class_name.clone(),
            birth_year: pupil.birth_year,
            pupil: row.created_by.is_some(),
        };
        view = Some(command(state.clone(), &caller, &id, Command::Register(entrant)).await?);
    }
    let tournament =
        view.ok_or_else(|| ApiError::internal(anyhow::anyhow!("a class without pupils")))?;
    let pupils = accounts
        .into_iter()
        .zip(codes)
        .map(|((row, _), code)| PupilRegistered {
            id: row.id,
            name: row.name,
            code,
        })
        .collect();
    Ok(HttpResponse::Ok().json(ClassRegistered { pupils, tournament }))
}

#[cfg(test)]
mod tests {
    use super::{read_pupils, Pupil};

    #[test]
    fn a_class_list_reads_its_columns_by_their_names_in_either_language() {
        let csv = "\u{feff}Ad;Okul;Sınıf;Doğum yılı;Puan;E-posta\n\
                   Ayşe Yılmaz;Atatürk Lisesi;9-A;2011;1450;\n\
                   \n\
                   \"Mehmet Öz\";;9-B;;;mehmet@okul.tr\n";
        assert_eq!(
            read_pupils(csv).unwrap(),
            vec![
                Pupil {
                    name: "Ayşe Yılmaz".into(),
                    school: Some("Atatürk Lisesi".into()),
                    class: Some("9-A".into()),
                    birth_year: Some(2011),
                    rating: Some(1450),
                    email: None,
                },
                Pupil {
                    name: "Mehmet Öz".into(),
                    class: Some("9-B".into()),
                    email: Some("mehmet@okul.tr".into()),
                    ..Pupil::default()
                },
            ]
        );
        // No header: a name and an address.
        let plain = read_pupils("Can Demir, can@okul.tr\nElif Kaya").unwrap();
        assert_eq!(plain[0].email.as_deref(), Some("can@okul.tr"));
        assert_eq!(plain[1].name, "Elif Kaya");
        assert_eq!(
            read_pupils("name,rating\nCan,strong"),
            Err("line 2: a rating from 0 to 3500".into())
        );
        assert_eq!(
            read_pupils("name,birth_year\nCan,1850"),
            Err("line 2: a birth year such as 2012".into())
        );
        assert!(read_pupils("name\n\u{7}\n").is_err());
        assert!(read_pupils("\n\n").is_err());
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ContinuedBoard {
    #[schema(minimum = 1, maximum = 99)]
    #[serde(deserialize_with = "domain::whole::u32")]
    pub round: u32,
    /// The board's player with White.
    #[schema(format = Uuid)]
    pub white: String,
    /// The position the game reached at the board (FEN; default the starting position).
    #[serde(default)]
    #[schema(schema_with = super::schema::fen_or_null)]
    pub fen: Option<String>,
    /// The game's clocks from here, if it has any.
    #[serde(default)]
    #[schema(schema_with = super::schema::time_control)]
    pub time_control: Option<domain::game::TimeControl>,
}

#[utoipa::path(
    post, path = "/api/v1/tournaments/{id}/games", tag = "tournaments",
    description = "Continue a board played over the board as a game in zarf, from the position it reached: typically to adjourn it with a sealed move (the game's adjournment endpoints). The game's result then enters the tournament by itself.",
    params(("id" = String, Path, description = "Tournament id")),
    request_body = ContinuedBoard,
    responses(
        (status = 201, description = "The tournament, the board with its game", body = TournamentView),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "result_exists, game_attached", body = ErrorBody),
        (status = 422, description = "round_not_paired, no_such_board, invalid_fen, position_not_playable, invalid_time_control", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournaments/{id}/games")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn continue_board(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<ContinuedBoard>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let view = continue_in_zarf(
        state,
        &caller,
        &id,
        (round_number(body.round)?, player_id(&body.white)?),
        body.fen,
        body.time_control,
    )
    .await?;
    Ok(HttpResponse::Created().json(view))
}

/// Continues board (`round`, its White) of tournament `id` as a game in zarf from `fen`.
pub(crate) async fn continue_in_zarf(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    (round, white): (u16, PlayerId),
    fen: Option<String>,
    time_control: Option<domain::game::TimeControl>,
) -> Result<TournamentView, ApiError> {
    let (actor, me) = actor(caller)?;
    let id = tournament_id(id, caller)?;
    let locale = caller.locale();
    let s = state.clone();
    let key = id.clone();
    let TournamentState::Created(t) = web::block(move || folded(&s, &key)).await?? else {
        return Err(ApiError::not_found(locale));
    };
    // Judged before the game is made: the same command, on the tournament as it is.
    let game = domain::GameId::from_uuid(uuid::Uuid::now_v7());
    let attach = Command::AttachGame { round, white, game };
    domain::tournament::decide(
        &TournamentState::Created(t.clone()),
        attach.clone(),
        crate::store::now(),
        actor,
    )
    .map_err(|r| ApiError::tournament_rejection(&r, locale))?;
    let pairing = t.rounds[usize::from(round) - 1]
        .boards
        .iter()
        .find(|(p, _)| p.white == white)
        .map(|(p, _)| *p)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a board the decider found")))?;
    let black = pairing
        .black
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a bye has no game")))?;
    let name = |p: PlayerId| {
        t.player(p)
            .map(|p| p.entrant.name.clone())
            .unwrap_or_default()
    };
    let create = domain::game::CreateGame {
        game_id: game,
        white: domain::game::Participant {
            id: white,
            name: name(white),
        },
        black: domain::game::Participant {
            id: black,
            name: name(black),
        },
        organiser: me.filter(|_| matches!(actor, Actor::Arbiter(_))),
        game: None,
        rules: None,
        start_fen: fen.filter(|f| !f.trim().is_empty()),
        time_control,
        event: Some(t.setup.name.clone()),
        round: Some(round.to_string()),
        site: t.setup.place.clone(),
        leave_days_per_year: None,
        sealed_move_check: Default::default(),
        tournament: Some(domain::game::TournamentBoard {
            tournament: domain::ids::TournamentId::parse(&id)
                .map_err(|_| ApiError::not_found(locale))?,
            round,
        }),
        starts_at: None,
        ballot: None,
        no_progress_moves: None,
        match_length: None,
        entropy: None,
        rated: false,
        visibility: t.visibility(),
    };
    let ctx = domain::games::Context {
        now: crate::store::now(),
        actor,
        notation: None,
        dice: None,
    };
    crate::app::run(
        state.clone().into_inner(),
        game,
        domain::games::Command::CreateGame(Box::new(create)),
        ctx,
        None,
    )
    .await
    .map_err(|e| ApiError::command(e, locale))?;
    command(state, caller, &id, attach).await
}

#[cfg(test)]
mod points_tests {
    use super::PointsBody;

    #[test]
    fn points_far_out_of_range_are_refused_not_multiplied() {
        for bye in [-214_748_365.0, 1e300, 10.5, -0.5, 0.25] {
            let body = PointsBody {
                win: 1.0,
                draw: 0.5,
                loss: 0.0,
                bye,
            };
            assert!(body.scoring().is_err(), "{bye}");
        }
        let fine = PointsBody {
            win: 3.0,
            draw: 1.0,
            loss: 0.0,
            bye: 10.0,
        };
        assert_eq!(fine.scoring().unwrap().pairing_bye, 100);
    }
}
