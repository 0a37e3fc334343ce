//! A tournament's games in zarf: an online round's games created when it is published, and each
//! finished game's result (an online round's, or a board played over the board and continued
//! in zarf after its adjournment) carried into the tournament as the service's own command.
//!
//! Both are at least once and safe to repeat: a game is created under the id the round's
//! publication recorded (a second creation is refused as `game_exists`), and a result already
//! in is left as it is (the arbiter's entry or correction stands). The publishing request
//! creates its round's games at once; a game's end queues its tournament for the scheduler
//! ([`Due`]), and the scheduler's sweep catches up on anything a stopped server left undone.

use std::collections::BTreeSet;
use std::sync::Mutex;

use domain::game::{
    Actor, BallotChoice, Command as GameCommand, CreateGame, GameResult, Participant, Rejection,
    Status, TournamentBoard,
};
use domain::ids::TournamentId;
use domain::tournament::{
    Command, Outcome as BoardOutcome, Play, Rejection as TournamentRejection, Tournament,
    TournamentState,
};
use domain::GameId;

use super::commands::{execute_on, just_on, CommandError};
use super::games::{execute, just};
use super::tournament_games::{board_outcome, game_ids, Done};
use super::tournaments::{TournamentContext, Tournaments};
use super::AppState;
use crate::store;
use domain::games::Context;

/// Tournaments with a game of theirs just finished, for the scheduler to carry its result.
#[derive(Debug, Default)]
pub struct Due(Mutex<BTreeSet<String>>);

impl Due {
    pub fn add(&self, tournament: &str) {
        self.0
            .lock()
            .expect("due lock")
            .insert(tournament.to_owned());
    }

    fn take(&self) -> BTreeSet<String> {
        std::mem::take(&mut *self.0.lock().expect("due lock"))
    }
}

/// The tournament as its log now stands (the cached fold brought up to date).
fn current(app: &AppState, id: &str) -> Result<Option<Box<Tournament>>, CommandError> {
    let folded = app.tournament_folds.current(&app.store, id)?;
    Ok(match &folded.state {
        TournamentState::Created(t) => Some(t.clone()),
        TournamentState::NotCreated => None,
    })
}

/// Enters or corrects a board's result (`command`, for `board`: its round and White) in
/// tournament `id`, then ends the board's game in zarf if it is still going
/// ([`end_game_of_board`]).
pub fn enter_result(
    app: &AppState,
    id: &str,
    command: Command,
    board: (u16, domain::ids::PlayerId),
    account: super::actors::Account<'_>,
) -> Result<super::Outcome<Tournaments>, CommandError> {
    let ctx = &TournamentContext::of(account)?;
    let outcome = execute_on::<Tournaments>(app, id, just_on(command), ctx, None)?;
    if let TournamentState::Created(t) = &outcome.folded.state {
        end_game_of_board(app, t, board, ctx.actor)?;
    }
    Ok(outcome)
}

/// Publishes round `round` of tournament `id` for `account`, starting at `starts_at`
/// (none: now), and makes its games at once where it is played online: one game id for each
/// board the round could have, and the lot for its opening drawn here (the decider draws
/// nothing). Every door that publishes a round publishes it so; where this server stops after
/// the publication, the scheduler's sweep makes the games.
pub fn publish(
    app: &AppState,
    id: &str,
    round: u16,
    starts_at: Option<domain::game::Timestamp>,
    account: super::actors::Account<'_>,
) -> Result<super::Outcome<Tournaments>, CommandError> {
    let ctx = &TournamentContext::of(account)?;
    let players = match &app.tournament_folds.current(&app.store, id)?.state {
        TournamentState::Created(t) => t.players.len(),
        TournamentState::NotCreated => 0,
    };
    let command = Command::PublishRound {
        round,
        starts_at,
        games: game_ids(players / 2 + 1),
        lot: rand::random(),
    };
    let outcome = execute_on::<Tournaments>(app, id, just_on(command), ctx, None)?;
    if let TournamentState::Created(t) = &outcome.folded.state {
        start_games(app, id, t)?;
    }
    Ok(outcome)
}

/// Creates the games of tournament `id`'s latest round, if published, that are not there yet
/// (a board whose result is in needs none).
#[tracing::instrument(level = "debug", skip(app, t))]
pub fn start_games(app: &AppState, id: &str, t: &Tournament) -> Result<usize, CommandError> {
    let Play::Online(online) = &t.setup.play else {
        return Ok(0);
    };
    let Ok(tournament) = TournamentId::parse(id) else {
        return Ok(0);
    };
    let mut created = 0;
    // Only the latest round can lack games: a round is paired once the one before has every
    // result, and an online round's results come from its games (or the arbiter).
    let latest = t.rounds.len().saturating_sub(1);
    for (i, round) in t.rounds.iter().enumerate().skip(latest) {
        let Some(published) = &round.published else {
            continue;
        };
        let number = u16::try_from(i + 1).unwrap_or(u16::MAX);
        for board in &published.games {
            let game_id = board.game.to_string();
            if round
                .boards
                .iter()
                .any(|(p, o)| p.white == board.white && o.is_some())
                || app.store.game_row(&game_id)?.is_some()
            {
                continue;
            }
            let Some((pairing, _)) = round.boards.iter().find(|(p, _)| p.white == board.white)
            else {
                continue;
            };
            let Some(black) = pairing.black else { continue };
            let name = |player| {
                t.player(player)
                    .map(|p| p.entrant.name.clone())
                    .unwrap_or_default()
            };
            // The games are the publishing arbiter's (the admin's if the admin published).
            let (actor, organiser) = match published.by {
                Actor::Arbiter(p) => (Actor::Arbiter(p), Some(p)),
                _ => (Actor::Admin, None),
            };
            let create = CreateGame {
                game_id: board.game,
                white: Participant {
                    id: board.white,
                    name: name(board.white),
                },
                black: Participant {
                    id: black,
                    name: name(black),
                },
                organiser,
                game: online.game.clone(),
                rules: Some(online.rules),
                start_position: None,
                time_control: Some(online.time_control.clone()),
                event: Some(t.setup.name.clone()),
                round: Some(number.to_string()),
                site: t.setup.place.clone(),
                leave_days_per_year: None,
                sealed_move_check: Default::default(),
                tournament: Some(TournamentBoard {
                    tournament,
                    round: number,
                }),
                starts_at: published.starts_at,
                ballot: published.ballot.map(|number| BallotChoice {
                    number,
                    by_lot: true,
                }),
                no_progress_moves: None,
                match_length: online.match_length,
                rated: false,
                visibility: t.visibility(),
                tablebase: online.tablebase,
            };
            let ctx = Context {
                now: store::now(),
                actor,
                notation: None,
                dice: None,
                entropy: None,
                tables: None,
            };
            let command = GameCommand::CreateGame(Box::new(create));
            match execute(app, board.game, just(command), &ctx, None) {
                Ok(_) => created += 1,
                // Another server created it first.
                Err(CommandError::Rejected(Rejection::GameExists)) => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok(created)
}

/// Records the results of tournament `id`'s finished games that are not in yet.
#[tracing::instrument(level = "debug", skip(app, t))]
pub fn carry_results(app: &AppState, id: &str, t: &Tournament) -> Result<usize, CommandError> {
    let mut carried = 0;
    for (i, round) in t.rounds.iter().enumerate() {
        let number = u16::try_from(i + 1).unwrap_or(u16::MAX);
        for board in round.games() {
            let open = round
                .boards
                .iter()
                .any(|(p, o)| p.white == board.white && o.is_none());
            if !open {
                continue;
            }
            let game = app.folds.current(&app.store, &board.game.to_string())?;
            let Some(game) = game.state.game() else {
                continue;
            };
            let Status::Finished {
                result,
                termination,
            } = game.status
            else {
                continue;
            };
            let command = Command::RecordResult {
                round: number,
                white: board.white,
                outcome: board_outcome(
                    result,
                    termination,
                    // A ballot's opening is no player's move.
                    game.ply() - game.ballot_plies(),
                ),
            };
            let ctx = TournamentContext {
                now: store::now(),
                actor: Actor::System,
            };
            match execute_on::<Tournaments>(app, id, just_on::<Tournaments>(command), &ctx, None) {
                Ok(_) => carried += 1,
                // The arbiter entered it first, or the round's pairing moved on.
                Err(CommandError::TournamentRejected(
                    TournamentRejection::ResultExists
                    | TournamentRejection::NoSuchBoard { .. }
                    | TournamentRejection::Finished,
                )) => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok(carried)
}

/// The arbiter (`actor`) entered board (`round`, `white`)'s result in the tournament: a game of
/// that board still going ends by their decision with the same result, so no game runs on
/// whose result no longer counts. Where the actor may not decide that game (an arbiter of the
/// tournament who is not the game's), or no game result says it (a double forfeit), the game
/// is left for its own arbiter.
pub fn end_game_of_board(
    app: &AppState,
    t: &Tournament,
    (round, white): (u16, domain::ids::PlayerId),
    actor: Actor,
) -> Result<(), CommandError> {
    let Some(r) = t.rounds.get(usize::from(round).wrapping_sub(1)) else {
        return Ok(());
    };
    let (Some(game), Some((_, Some(outcome)))) = (
        r.game_of(white),
        r.boards.iter().find(|(p, _)| p.white == white),
    ) else {
        return Ok(());
    };
    let result = match outcome {
        BoardOutcome::WhiteWins | BoardOutcome::WhiteWinsByForfeit => GameResult::WhiteWins,
        BoardOutcome::BlackWins | BoardOutcome::BlackWinsByForfeit => GameResult::BlackWins,
        BoardOutcome::Draw => GameResult::Draw,
        BoardOutcome::DoubleForfeit => return Ok(()),
    };
    let folded = app.folds.current(&app.store, &game.to_string())?;
    let Some(g) = folded.state.game() else {
        return Ok(());
    };
    let may = match actor {
        Actor::Admin => true,
        Actor::Arbiter(p) => g.organiser == Some(p),
        Actor::Player(_) | Actor::System => false,
    };
    if !g.is_live() || !may {
        return Ok(());
    }
    let command = GameCommand::DecideResult {
        result,
        reason: format!("the result entered in the tournament, round {round}"),
    };
    let ctx = Context {
        now: store::now(),
        actor,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    match execute(app, game, just(command), &ctx, None) {
        // It ended meanwhile: its own result is what it is; the tournament's stands.
        Ok(_) | Err(CommandError::Rejected(Rejection::GameOver)) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Both, on tournament `id` as it now stands.
pub fn catch_up(app: &AppState, id: &str) -> Result<Done, CommandError> {
    let Some(t) = current(app, id)? else {
        return Ok(Done::default());
    };
    if t.setup.system.is_cup() {
        return Ok(super::cups::catch_up(app, id)?.0);
    }
    if t.finished {
        return Ok(Done::default());
    }
    // Over the board, only boards continued in zarf have games, made by the arbiter.
    let games_created = start_games(app, id, &t)?;
    let results_carried = carry_results(app, id, &t)?;
    Ok(Done {
        games_created,
        results_carried,
    })
}

/// The scheduler's part: the tournaments whose games ended here since its last round, and with
/// `sweep` every tournament in play.
pub fn tick(app: &AppState, sweep: bool) -> Result<Done, CommandError> {
    let mut ids = app.tournaments_due.take();
    if sweep {
        ids.extend(app.store.tournaments_playing()?);
    }
    let mut done = Done::default();
    for id in ids {
        match catch_up(app, &id) {
            Ok(d) => {
                done.games_created += d.games_created;
                done.results_carried += d.results_carried;
            }
            Err(e) => {
                // Tried again at the next sweep.
                tracing::warn!(tournament = %id, error = %e, "a tournament's games could not be caught up");
            }
        }
    }
    Ok(done)
}

/// A game of a tournament has ended: its tournament is due.
pub fn game_ended(app: &AppState, board: &TournamentBoard) {
    app.tournaments_due.add(&board.tournament.to_string());
}

/// Continues board (`round`, its White) of tournament `id`, played over the board, as a game in
/// zarf from `fen` (the position it reached), for `account`: the attachment is judged on the
/// tournament first, then the game is made and attached. From an HTTP worker.
pub async fn continue_board(
    state: std::sync::Arc<AppState>,
    account: super::actors::Account<'_>,
    id: &str,
    (round, white): (u16, domain::ids::PlayerId),
    fen: Option<String>,
    time_control: Option<domain::game::TimeControl>,
) -> Result<super::Outcome<Tournaments>, CommandError> {
    let (actor, me) = super::actors::in_tournament(account)?;
    let folded = {
        let (s, key) = (state.clone(), id.to_owned());
        tokio::task::spawn_blocking(move || s.tournament_folds.current(&s.store, &key))
            .await
            .map_err(|e| anyhow::anyhow!("a blocking task failed: {e}"))??
    };
    let TournamentState::Created(t) = &folded.state else {
        return Err(CommandError::NotFound);
    };
    // Judged before the game is made: the same command, on the tournament as it is.
    let game = GameId::from_uuid(uuid::Uuid::now_v7());
    let attach = Command::AttachGame { round, white, game };
    domain::tournament::decide(&folded.state, attach.clone(), store::now(), actor)
        .map_err(CommandError::TournamentRejected)?;
    let pairing = t.rounds[usize::from(round) - 1]
        .boards
        .iter()
        .find(|(p, _)| p.white == white)
        .map(|(p, _)| *p)
        .ok_or_else(|| anyhow::anyhow!("a board the decider found"))?;
    let black = pairing
        .black
        .ok_or_else(|| anyhow::anyhow!("a bye has no game"))?;
    let name = |p: domain::ids::PlayerId| {
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
        organiser: me.filter(|_| matches!(actor, domain::game::Actor::Arbiter(_))),
        game: None,
        rules: None,
        start_position: fen.filter(|f| !f.trim().is_empty()),
        time_control,
        event: Some(t.setup.name.clone()),
        round: Some(round.to_string()),
        site: t.setup.place.clone(),
        leave_days_per_year: None,
        sealed_move_check: Default::default(),
        tournament: Some(domain::game::TournamentBoard {
            tournament: TournamentId::parse(id).map_err(|_| CommandError::NotFound)?,
            round,
        }),
        starts_at: None,
        ballot: None,
        no_progress_moves: None,
        match_length: None,
        rated: false,
        visibility: t.visibility(),
        // Over the board the Laws decide, not the tables.
        tablebase: Default::default(),
    };
    let ctx = Context {
        now: store::now(),
        actor,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    super::run(
        state.clone(),
        game,
        domain::games::Command::CreateGame(Box::new(create)),
        ctx,
        None,
    )
    .await?;
    super::tournaments::command(state, account, id, attach).await
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use domain::tournament::{OnlineGames, TournamentCreated};

    use super::*;
    use crate::store::on_both_backends;
    use crate::store::tournaments::tests::{id, pupil};

    #[test]
    fn the_sweep_creates_a_published_rounds_missing_games_and_carries_their_results() {
        on_both_backends(on);
    }

    fn on(store: store::Store) {
        let app: Arc<AppState> = crate::app::kind::tests::app_state(store);
        let tid = uuid::Uuid::now_v7().to_string();
        let ctx = TournamentContext {
            now: store::now(),
            actor: Actor::Arbiter(id(99)),
        };
        let run = |command: Command| {
            execute_on::<Tournaments>(&app, &tid, just_on::<Tournaments>(command), &ctx, None)
                .unwrap()
        };
        let mut setup =
            TournamentCreated::new("Kupa", domain::tournament::System::Swiss, 2, vec![id(99)]);
        setup.play = Play::Online(OnlineGames {
            game: None,
            time_control: domain::game::TimeControl::PerMove {
                seconds: 86_400,
                whole_days: false,
                wrong_claim_bonus_seconds: None,
            },
            rules: Default::default(),
            ballot: false,
            match_length: None,
            tablebase: Default::default(),
        });
        run(Command::Create(setup));
        for n in 1..=4 {
            run(pupil(n));
        }
        run(Command::PairNextRound);
        // Published, and the server stopped before it created the games.
        let published = run(Command::PublishRound {
            round: 1,
            starts_at: None,
            games: game_ids(3),
            lot: 0,
        });
        let TournamentState::Created(t) = &published.folded.state else {
            panic!()
        };
        let boards = t.rounds[0].published.clone().unwrap().games;
        assert_eq!(boards.len(), 2);
        for b in &boards {
            assert!(app.store.game_row(&b.game.to_string()).unwrap().is_none());
        }
        assert_eq!(
            tick(&app, true).unwrap(),
            Done {
                games_created: 2,
                results_carried: 0
            }
        );
        assert_eq!(tick(&app, true).unwrap(), Done::default(), "once only");

        // White resigns board 1: the game's end queues the tournament, the next tick carries it.
        let game = app
            .folds
            .current(&app.store, &boards[0].game.to_string())
            .unwrap();
        let white = game.state.game().unwrap().white.id;
        let resign = Context {
            now: store::now(),
            actor: Actor::Player(white),
            notation: None,
            dice: None,
            entropy: None,
            tables: None,
        };
        execute(
            &app,
            boards[0].game,
            just(GameCommand::Resign),
            &resign,
            None,
        )
        .unwrap();
        assert_eq!(tick(&app, false).unwrap().results_carried, 1);
        let t = current(&app, &tid).unwrap().unwrap();
        assert_eq!(
            t.rounds[0]
                .boards
                .iter()
                .filter(|(_, o)| o.is_some())
                .count(),
            1
        );
        let carried = t.rounds[0]
            .boards
            .iter()
            .find(|(p, _)| p.white == white)
            .and_then(|(_, o)| *o);
        assert_eq!(carried, Some(BoardOutcome::BlackWins));
        assert_eq!(tick(&app, true).unwrap(), Done::default());
    }
}
