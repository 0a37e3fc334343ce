//! A tournament's commands as the JSON API and the pages both run them: the tournament's id and
//! a result as text read, the use-case called off the async workers where it blocks, and its
//! refusal answered. Each door writes its own answer from the outcome (the API the tournament's
//! view, a page where to go next).

use actix_web::web;
use domain::ids::PlayerId;
use domain::tournament::{Command, Outcome};

use crate::app::actors::Account;
use crate::app::commands::{CommandError, Outcome as Done};
use crate::app::new_tournament::{create_tournament, NewTournament, NewTournamentError};
use crate::app::tournament_import::{self, ImportError};
use crate::app::tournaments::Tournaments;
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;

/// What a tournament's command did.
pub type TournamentDone = Done<Tournaments>;

/// A tournament's id as a path names it (a 404 if it cannot be one).
pub fn tournament_id(text: &str, caller: &Caller) -> Result<String, ApiError> {
    uuid::Uuid::try_parse(text)
        .ok()
        .filter(|_| text.len() == 36)
        .map(|u| u.to_string())
        .ok_or_else(|| ApiError::not_found(caller.locale()))
}

/// A board's result as the API and the pages write it.
pub fn result_text(o: Outcome) -> &'static str {
    match o {
        Outcome::WhiteWins => "1-0",
        Outcome::BlackWins => "0-1",
        Outcome::Draw => "1/2-1/2",
        Outcome::WhiteWinsByForfeit => "+/-",
        Outcome::BlackWinsByForfeit => "-/+",
        Outcome::DoubleForfeit => "0-0",
    }
}

/// A board's result read from its text ([`result_text`]).
pub fn outcome(text: &str) -> Result<Outcome, ApiError> {
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

/// Runs `command` on tournament `id` as `caller` ([`crate::app::tournaments::command`]).
pub async fn run(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    command: Command,
) -> Result<TournamentDone, ApiError> {
    crate::app::tournaments::command(state.into_inner(), caller.acting()?, id, command)
        .await
        .map_err(|e| ApiError::command(e, caller.locale()))
}

/// Runs `use_case` (an app function that runs a command and what follows it) on a blocking
/// thread for `caller`'s account.
async fn run_use_case(
    caller: &Caller,
    use_case: impl FnOnce(Account<'_>) -> Result<TournamentDone, CommandError> + Send + 'static,
) -> Result<TournamentDone, ApiError> {
    caller.acting()?;
    let acting = caller.clone();
    web::block(move || -> Result<_, ApiError> {
        let locale = acting.locale();
        use_case(acting.acting()?).map_err(|e| ApiError::command(e, locale))
    })
    .await?
}

/// Publishes round `round` of tournament `id` as `caller` ([`crate::app::rounds::publish`]).
pub async fn publish_round(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    round: u16,
    starts_at: Option<time::OffsetDateTime>,
) -> Result<TournamentDone, ApiError> {
    let key = id.to_owned();
    run_use_case(caller, move |account| {
        crate::app::rounds::publish(&state, &key, round, starts_at, account)
    })
    .await
}

/// Pairs the next round, or draws a cup, as `caller` ([`crate::app::cups::pair_or_draw`]).
pub async fn pair_or_draw(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
) -> Result<TournamentDone, ApiError> {
    let key = id.to_owned();
    run_use_case(caller, move |account| {
        crate::app::cups::pair_or_draw(&state, &key, account)
    })
    .await
}

/// Enters a cup game's result as `caller` ([`crate::app::cups::game_result_entered`]).
pub async fn match_game_entered(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    game: domain::GameId,
    outcome: Outcome,
) -> Result<TournamentDone, ApiError> {
    let key = id.to_owned();
    run_use_case(caller, move |account| {
        crate::app::cups::game_result_entered(&state, &key, game, outcome, account)
    })
    .await
}

/// Decides a cup's match as `caller` ([`crate::app::cups::settle`]).
pub async fn match_decided(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    at: domain::tournament::MatchRef,
    winner: PlayerId,
    reason: String,
) -> Result<TournamentDone, ApiError> {
    let key = id.to_owned();
    run_use_case(caller, move |account| {
        crate::app::cups::settle(&state, &key, at, winner, reason, account)
    })
    .await
}

/// Enters or corrects a board's result as `caller` ([`crate::app::rounds::enter_result`]).
pub async fn result_entered(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    command: Command,
    board: (u16, PlayerId),
) -> Result<TournamentDone, ApiError> {
    let key = id.to_owned();
    run_use_case(caller, move |account| {
        crate::app::rounds::enter_result(&state, &key, command, board, account)
    })
    .await
}

/// Continues board (`round`, its White) of tournament `id` as a game in zarf from `fen`
/// ([`crate::app::rounds::continue_board`]).
pub async fn continue_in_zarf(
    state: web::Data<AppState>,
    caller: &Caller,
    id: &str,
    board: (u16, PlayerId),
    fen: Option<String>,
    time_control: Option<domain::game::TimeControl>,
) -> Result<TournamentDone, ApiError> {
    let id = tournament_id(id, caller)?;
    crate::app::rounds::continue_board(
        state.into_inner(),
        caller.acting()?,
        &id,
        board,
        fen,
        time_control,
    )
    .await
    .map_err(|e| ApiError::command(e, caller.locale()))
}

/// Creates the tournament `asked`, run by `caller` ([`crate::app::new_tournament`]): its id,
/// and what its creation did.
pub async fn create(
    state: web::Data<AppState>,
    caller: &Caller,
    asked: NewTournament,
) -> Result<(String, TournamentDone), ApiError> {
    create_tournament(state.into_inner(), caller.acting()?, asked)
        .await
        .map_err(|e| match e {
            NewTournamentError::Invalid(why) => ApiError::bad_request(why),
            NewTournamentError::TimeControl(why) => ApiError::new(
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_time_control",
                why,
            ),
            NewTournamentError::Command(e) => ApiError::command(e, caller.locale()),
        })
}

/// Makes a tournament of the report file `text`, run by `caller` (an organiser or the admin):
/// its id, and what its import did.
pub async fn import_report(
    state: web::Data<AppState>,
    caller: &Caller,
    text: &str,
) -> Result<(String, TournamentDone), ApiError> {
    let locale = caller.locale();
    tournament_import::import(state.into_inner(), caller.acting()?, locale, text)
        .await
        .map_err(|e| import_refused(e, locale))
}

/// A report file that cannot be read, or whose rounds do not agree.
pub fn invalid_report(why: String) -> ApiError {
    ApiError::new(
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_report",
        why,
    )
}

/// The answer to a report file not imported.
pub fn import_refused(e: ImportError, locale: domain::game::Locale) -> ApiError {
    match e {
        ImportError::NotAnOrganiser => {
            ApiError::tournament_rejection(&domain::tournament::Rejection::ArbiterOnly, locale)
        }
        ImportError::Invalid(why) => invalid_report(why),
        ImportError::Account(e) => crate::http::refusals::account_refused(e, locale),
        ImportError::Command(e) => ApiError::command(e, locale),
    }
}
