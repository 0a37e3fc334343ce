//! A cup's games in zarf: drawn when whoever runs it starts it, each match's games made as soon
//! as both its players are known, and each finished game's result carried back into the cup as
//! the service's own command, which decides the match where the result does.
//!
//! As with a round's games ([`super::rounds`]), everything is at least once and safe to repeat:
//! a match's games are made under the ids its start recorded (a second creation is refused as
//! `game_exists`), and a result already in is left as it is. A cup's commands mark it due, so
//! the scheduler's next tick catches up on what they made possible, and its sweep on anything
//! a stopped server left undone.

use domain::game::{
    Actor, BallotChoice, Command as GameCommand, CreateGame, Participant, Rejection, Status,
    TournamentBoard,
};
use domain::ids::{PlayerId, TournamentId};
use domain::tournament::{
    BracketPart, Command, MatchGame, MatchRef, Play, Rejection as TournamentRejection, Tournament,
    TournamentState,
};
use domain::GameId;

use super::commands::{execute_on, just_on, CommandError, Outcome};
use super::games::{execute, just};
use super::tournament_games::{board_outcome, game_ids, Done};
use super::tournaments::{TournamentContext, Tournaments};
use super::AppState;
use crate::store;
use domain::games::Context;

/// The tournament as its log now stands.
fn current(app: &AppState, id: &str) -> Result<Option<Box<Tournament>>, CommandError> {
    Ok(match &app.tournament_folds.current(&app.store, id)?.state {
        TournamentState::Created(t) => Some(t.clone()),
        TournamentState::NotCreated => None,
    })
}

/// Pairs tournament `id`'s next round for `account`, or, where it is a cup, draws it (the lot
/// for a seeding by lot drawn here) and starts every match whose players are known. The
/// tournament as it then stands.
pub fn pair_or_draw(
    app: &AppState,
    id: &str,
    account: super::actors::Account<'_>,
) -> Result<Outcome<Tournaments>, CommandError> {
    let ctx = &TournamentContext::of(account)?;
    let cup = current(app, id)?.is_some_and(|t| t.setup.system.is_cup());
    let command = match cup {
        true => Command::DrawCup {
            lot: rand::random(),
        },
        false => Command::PairNextRound,
    };
    let drawn = execute_on::<Tournaments>(app, id, just_on(command), ctx, None)?;
    if !cup {
        return Ok(drawn);
    }
    Ok(caught_up(app, id).unwrap_or(drawn))
}

/// Catches cup `id` up at once after a command of its arbiter's, the last outcome if it wrote
/// any. The command is in: what fails here is logged and left to the scheduler, for which the
/// cup is due already.
fn caught_up(app: &AppState, id: &str) -> Option<Outcome<Tournaments>> {
    match catch_up(app, id) {
        Ok((_, last)) => last,
        Err(e) => {
            tracing::warn!(tournament = %id, error = %e, "a cup could not be caught up at once");
            None
        }
    }
}

/// Whoever runs cup `id` (`account`) enters the result of one of its games played over the
/// board; the match is decided where the result decides it, and what that makes ready starts.
pub fn game_result_entered(
    app: &AppState,
    id: &str,
    game: GameId,
    outcome: domain::tournament::Outcome,
    account: super::actors::Account<'_>,
) -> Result<Outcome<Tournaments>, CommandError> {
    let ctx = &TournamentContext::of(account)?;
    let command = Command::RecordMatchGame {
        game,
        outcome,
        lot: rand::random(),
    };
    let entered = execute_on::<Tournaments>(app, id, just_on(command), ctx, None)?;
    Ok(caught_up(app, id).unwrap_or(entered))
}

/// Whoever runs cup `id` (`account`) decides match `at` for `winner`, with `reason`; the
/// match's games still being played end by their decision, and what it makes ready starts.
pub fn settle(
    app: &AppState,
    id: &str,
    at: MatchRef,
    winner: PlayerId,
    reason: String,
    account: super::actors::Account<'_>,
) -> Result<Outcome<Tournaments>, CommandError> {
    let ctx = &TournamentContext::of(account)?;
    let command = Command::SettleMatch { at, winner, reason };
    let settled = execute_on::<Tournaments>(app, id, just_on(command), ctx, None)?;
    if let TournamentState::Created(t) = &settled.folded.state {
        if let Some(play) = &t.cup {
            let games = play.games.get(&at.id()).cloned().unwrap_or_default();
            if let Err(e) = end_games(app, &games, winner, ctx.actor) {
                // The decision is in: its games are ended at the scheduler's next tick.
                tracing::warn!(tournament = %id, error = %e, "a decided match's games did not end");
            }
        }
    }
    Ok(caught_up(app, id).unwrap_or(settled))
}

/// The games of a match still being played end as its winner's wins, by the decision of
/// `actor` where they may decide them (an arbiter of the cup who is not a game's arbiter leaves
/// it to its own).
fn end_games(
    app: &AppState,
    games: &[MatchGame],
    winner: PlayerId,
    actor: Actor,
) -> Result<(), CommandError> {
    for g in games.iter().filter(|g| g.outcome.is_none()) {
        let folded = app.folds.current(&app.store, &g.game.to_string())?;
        let Some(game) = folded.state.game() else {
            continue;
        };
        let may = match actor {
            Actor::Admin => true,
            Actor::Arbiter(p) => game.organiser == Some(p),
            Actor::Player(_) | Actor::System => false,
        };
        if !game.is_live() || !may {
            continue;
        }
        let result = if g.white == winner {
            domain::game::GameResult::WhiteWins
        } else {
            domain::game::GameResult::BlackWins
        };
        let command = GameCommand::DecideResult {
            result,
            reason: "its match in the cup is decided".into(),
        };
        let ctx = game_context(actor);
        match execute(app, g.game, just(command), &ctx, None) {
            Ok(_) | Err(CommandError::Rejected(Rejection::GameOver)) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

fn game_context(actor: Actor) -> Context {
    Context {
        now: store::now(),
        actor,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    }
}

fn system_context() -> TournamentContext {
    TournamentContext {
        now: store::now(),
        actor: Actor::System,
    }
}

/// Catches cup `id` up: finished games' results carried, matches that can start started, and
/// their games made. What it did, and the last command's outcome.
pub fn catch_up(
    app: &AppState,
    id: &str,
) -> Result<(Done, Option<Outcome<Tournaments>>), CommandError> {
    let mut done = Done::default();
    let mut last = None;
    let Some(t) = current(app, id)? else {
        return Ok((done, last));
    };
    if t.cup.is_none() {
        return Ok((done, last));
    }
    for (game, outcome) in finished_games(app, &t)? {
        let command = Command::RecordMatchGame {
            game,
            outcome,
            lot: rand::random(),
        };
        match execute_on::<Tournaments>(app, id, just_on(command), &system_context(), None) {
            Ok(o) => {
                done.results_carried += 1;
                last = Some(o);
            }
            // Another server carried it first.
            Err(CommandError::TournamentRejected(TournamentRejection::ResultExists)) => {}
            Err(e) => return Err(e),
        }
    }
    if t.finished {
        // Its last match may have been won with a game still being played.
        end_decided(app, &t)?;
        return Ok((done, last));
    }
    if let Some(o) = start_matches(app, id)? {
        last = Some(o);
    }
    if let Some(t) = current(app, id)? {
        done.games_created = make_games(app, id, &t)?;
        end_decided(app, &t)?;
    }
    Ok((done, last))
}

/// A decided match's games still being played (a walkover's, or a last game after the match
/// was won) end as its winner's wins, by the cup's first arbiter, whose games they are (the
/// admin's where it has none).
fn end_decided(app: &AppState, t: &Tournament) -> Result<(), CommandError> {
    let Some(play) = &t.cup else {
        return Ok(());
    };
    let actor = t
        .setup
        .arbiters
        .first()
        .copied()
        .map_or(Actor::Admin, Actor::Arbiter);
    for (m, &side) in &play.decided {
        let (Some(players), Some(games)) = (play.players(*m), play.games.get(m)) else {
            continue;
        };
        if games.iter().any(|g| g.outcome.is_none()) {
            end_games(app, games, players[side], actor)?;
        }
    }
    Ok(())
}

/// The cup's games that are over in zarf and not yet in the cup, with their outcome.
fn finished_games(
    app: &AppState,
    t: &Tournament,
) -> Result<Vec<(GameId, domain::tournament::Outcome)>, CommandError> {
    let Some(play) = &t.cup else {
        return Ok(Vec::new());
    };
    let mut finished = Vec::new();
    for g in play
        .games
        .values()
        .flatten()
        .filter(|g| g.outcome.is_none())
    {
        let folded = app.folds.current(&app.store, &g.game.to_string())?;
        let Some(game) = folded.state.game() else {
            continue;
        };
        if let Status::Finished {
            result,
            termination,
        } = game.status
        {
            let plies = game.ply() - game.ballot_plies();
            finished.push((g.game, board_outcome(result, termination, plies)));
        }
    }
    Ok(finished)
}

/// Starts the cup's matches that can start, where there is any: judged first on the cup as
/// it stands, so a cup with nothing to start writes nothing.
fn start_matches(app: &AppState, id: &str) -> Result<Option<Outcome<Tournaments>>, CommandError> {
    let folded = app.tournament_folds.current(&app.store, id)?;
    let TournamentState::Created(t) = &folded.state else {
        return Ok(None);
    };
    let Some(play) = &t.cup else {
        return Ok(None);
    };
    let ready = play.cup.ready(&play.decided).len();
    let command = Command::StartMatches {
        games: game_ids(2 * ready),
        lot: rand::random(),
    };
    let ctx = system_context();
    let would = domain::tournament::decide(&folded.state, command.clone(), ctx.now, ctx.actor);
    if !would.is_ok_and(|events| !events.is_empty()) {
        return Ok(None);
    }
    match execute_on::<Tournaments>(app, id, just_on(command), &ctx, None) {
        Ok(o) => Ok(Some(o)),
        // Another server started them first.
        Err(CommandError::TournamentRejected(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Makes the games of the cup's started matches that are not made yet: the cup's first arbiter
/// is their arbiter. How many it made.
#[tracing::instrument(level = "debug", skip(app, t))]
pub fn make_games(app: &AppState, id: &str, t: &Tournament) -> Result<usize, CommandError> {
    let (Play::Online(online), Some(play), Ok(tournament)) =
        (&t.setup.play, &t.cup, TournamentId::parse(id))
    else {
        return Ok(0);
    };
    let terms = t.cup_terms();
    let arbiter = t.setup.arbiters.first().copied();
    let actor = arbiter.map_or(Actor::Admin, Actor::Arbiter);
    let mut created = 0;
    // A match decided before its games were made (a walkover) needs none.
    for (m, games) in play
        .games
        .iter()
        .filter(|(m, _)| !play.decided.contains_key(m))
    {
        let at = MatchRef::of(*m);
        let Some(players) = play.players(*m) else {
            continue;
        };
        for g in games.iter().filter(|g| g.outcome.is_none()) {
            if app.store.game_row(&g.game.to_string())?.is_some() {
                continue;
            }
            let black = if g.white == players[0] {
                players[1]
            } else {
                players[0]
            };
            let seat = |p: PlayerId| Participant {
                id: p,
                name: t
                    .player(p)
                    .map(|e| e.entrant.name.clone())
                    .unwrap_or_default(),
            };
            let create = CreateGame {
                game_id: g.game,
                white: seat(g.white),
                black: seat(black),
                organiser: arbiter,
                game: online.game.clone(),
                rules: Some(online.rules),
                start_position: None,
                time_control: Some(online.time_control.clone()),
                event: Some(t.setup.name.clone()),
                round: Some(round_tag(at)),
                site: t.setup.place.clone(),
                leave_days_per_year: None,
                sealed_move_check: Default::default(),
                tournament: Some(TournamentBoard {
                    tournament,
                    round: at.round,
                }),
                starts_at: None,
                ballot: g.ballot.map(|number| BallotChoice {
                    number,
                    by_lot: true,
                }),
                no_progress_moves: None,
                match_length: terms.match_length(at).or(online.match_length),
                rated: false,
                visibility: t.visibility(),
                tablebase: online.tablebase,
            };
            let command = GameCommand::CreateGame(Box::new(create));
            match execute(app, g.game, just(command), &game_context(actor), None) {
                Ok(_) => created += 1,
                Err(CommandError::Rejected(Rejection::GameExists)) => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok(created)
}

/// A match game's round as its record names it: the round and the match (`2.3`), the losers'
/// bracket's with an `L`, the finals' with an `F`.
pub fn round_tag(at: MatchRef) -> String {
    match at.bracket {
        BracketPart::Winners => format!("{}.{}", at.round, at.number),
        BracketPart::Losers => format!("L{}.{}", at.round, at.number),
        BracketPart::Final => format!("F{}", at.round),
    }
}
