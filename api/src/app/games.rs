//! Games as a kind of log: every game's decide and evolve through the games' seam, the games
//! projection (the Game resource as of each command) and the mail a command sends; and the
//! pipeline's entry points for a game's commands.

use std::sync::Arc;

use domain::game::{evolve, judge, judging_may_search, Actor, EventBody, Rejection};
use domain::{GameEvent, GameId};

use super::commands::{execute_on, just_on, run_built_on, run_on, Build, CommandError, Outcome};
use super::folds::{Folded, Folds, LogFold};
use super::kind::{Judgement, LogKind, Prepared, Projected};
use super::views::GameView;
use super::AppState;
use crate::outbox;
use crate::store::{self, Chained, GameLog, LogTable, StoreError, StoredEvent};
use domain::game::tablebase::Tables;
use domain::game::{CreateGame, Rules};
use domain::games::{Command, Context, Game, GameKind, GameState};

/// Games' logs.
#[derive(Debug, Clone, Copy)]
pub struct Games;

/// The Game resource a command answers with.
pub struct GameAnswer {
    pub view: GameView,
    /// `view` as JSON: the projection row's copy, so an answer need not write it again.
    pub json: String,
}

impl LogFold for Games {
    type State = GameState;
    type Event = GameEvent;

    fn table() -> &'static dyn LogTable {
        &GameLog
    }

    fn empty() -> GameState {
        GameState::NotCreated
    }

    fn evolve(state: GameState, event: &GameEvent) -> GameState {
        evolve(state, event)
    }

    fn corrupt(state: &GameState) -> Option<String> {
        match state {
            GameState::Corrupt { version, reason } => Some(format!("at {version}: {reason}")),
            _ => None,
        }
    }
}

impl LogKind for Games {
    type Command = Command;
    type Context = Context;
    type Answer = GameAnswer;

    fn folds(app: &AppState) -> &Folds<Games> {
        &app.folds
    }

    fn version(state: &GameState) -> u64 {
        state.version()
    }

    fn creates(command: &Command) -> bool {
        matches!(command, Command::CreateGame(_))
    }

    /// A dead position left open by the last move's judgement, then a fallen flag, is recorded
    /// first and the command refused: the game is over ([`domain::game::judge`]).
    fn judge(
        before: &GameState,
        command: Command,
        ctx: &Context,
    ) -> Result<Judgement<GameEvent>, CommandError> {
        let judged = judge(before, command, ctx)?;
        Ok(Judgement {
            events: judged.events,
            then_refuse: judged.then_refuse,
        })
    }

    fn project(
        app: &AppState,
        _id: &str,
        after: &GameState,
        chained: &Chained,
        events: &[GameEvent],
        ctx: &Context,
    ) -> Result<Projected<Games>, StoreError> {
        let Some(game) = after.game() else {
            return Err(StoreError::Corrupt(
                "decide produced events that do not fold".into(),
            ));
        };
        let view = GameView::of(game, ctx.now);
        let mut mail = outbox::rows_for(game, chained, events);
        super::sender::settle_where_written(&app.store, &mut mail);
        let row = view.row(game);
        let json = row.view.clone();
        Ok(Projected {
            row: Box::new(row),
            mail,
            answer: GameAnswer { view, json },
        })
    }

    /// A move in a game where conditional lines are held is judged with them, opened (never on
    /// an HTTP worker: the domain says such a move may take long, [`judging_may_search`]). A
    /// game of dice is judged with its secret: drawn for its creation, read for the rest. A game
    /// whose tablebase rule is not `off` is judged with the service's tables, where it has any.
    fn prepare(
        app: &AppState,
        state: &GameState,
        command: Command,
        ctx: &Context,
    ) -> Result<Prepared<Games>, CommandError> {
        let mut prepared = Prepared {
            command: Games::opened(app, state, command)?,
            ctx: None,
            secret: None,
        };
        match (state.game(), &mut prepared.command) {
            (None, Command::CreateGame(create)) if ctx.dice.is_none() && of_dice(create) => {
                let (ctx, row) = super::dice::for_creation(app, create, ctx);
                prepared.ctx = Some(ctx);
                prepared.secret = Some(row);
            }
            (Some(game), _) if game.dice.is_some() && ctx.dice.is_none() => {
                // A command from no request (the scheduler's) throws with drawn entropy.
                prepared.ctx = Some(Context {
                    dice: Some(super::dice::seed_of(app, game)?),
                    entropy: ctx
                        .entropy
                        .clone()
                        .or_else(|| Some(super::dice::drawn_entropy())),
                    ..ctx.clone()
                });
            }
            _ => {}
        }
        // A game the tables may decide is judged with them, where the service has some.
        let ruled = state.game().is_some_and(|g| !g.tablebase.is_off());
        if ruled && ctx.tables.is_none() && app.tablebases.pieces() > 0 {
            let tables: Arc<dyn Tables<GameKind>> = app.tablebases.clone();
            let base = prepared.ctx.take().unwrap_or_else(|| ctx.clone());
            prepared.ctx = Some(Context {
                tables: Some(tables),
                ..base
            });
        }
        Ok(prepared)
    }

    /// No flag has fallen (its record asks whether the opponent can still win, 6.9) and the
    /// domain vouches that judging the command on this same copy (whose memo the check may carry
    /// forward) cannot take long (D35). A game of dice reads its secret, and a game the tables
    /// may decide reads their files once its moves may reach them: never on a worker. (Only a
    /// plain move with no conditional lines held comes this far, [`judging_may_search`] sending
    /// the rest to a blocking thread: it plays one move, taking at most one piece; the reach
    /// asked leaves one more as margin.)
    fn judged_on_worker(
        app: &AppState,
        copy: &mut GameState,
        command: &Command,
        ctx: &Context,
    ) -> bool {
        copy.game().is_some_and(|g| {
            g.flagged(ctx.now).is_none()
                && g.dice.is_none()
                && (g.tablebase.is_off() || !app.tablebases.within_reach(g.position(), 2))
        }) && !judging_may_search(copy, command, ctx)
    }

    /// A position the move's judgement left open waits for the whole dead-position test.
    fn landed(app: &AppState, id: &str, folded: &Folded<GameState>) {
        let Some(game) = folded.state.game() else {
            return;
        };
        if game.is_live() && game.verdict_pending() {
            app.verdicts.enqueue(id, folded.seq);
        }
        if let (false, Some(board)) = (game.is_live(), &game.tournament) {
            // Its tournament is due: the scheduler carries the result.
            app.tournaments_due.add(&board.tournament.to_string());
        }
        if let Ok(id) = domain::GameId::parse(id) {
            let version = folded.seq.max(0) as u64;
            app.live.landed(id, version, [game.white.id, game.black.id]);
        }
    }

    fn count(app: &AppState, events: &[StoredEvent]) {
        let moves = events
            .iter()
            .filter(|e| matches!(e.event.body, EventBody::MovePlayed { .. }))
            .count();
        app.metrics.moves_recorded.inc_by(moves as u64);
    }
}

/// Is the game a creation names played with dice?
fn of_dice(create: &CreateGame) -> bool {
    GameKind::named(create.game.as_deref().unwrap_or(domain::game::UNNAMED_GAME))
        .is_some_and(|k| k.features().dice)
}

impl Games {
    fn opened(
        app: &AppState,
        state: &GameState,
        command: Command,
    ) -> Result<Command, CommandError> {
        match (state.game(), command) {
            (
                Some(game),
                Command::MakeMove {
                    mv,
                    offer_draw,
                    conditional,
                },
            ) if conditional.is_empty() && game.conditional.iter().any(Option::is_some) => {
                Ok(Command::MakeMove {
                    mv,
                    offer_draw,
                    conditional: super::held_lines::opened(app, game)?,
                })
            }
            (_, command) => Ok(command),
        }
    }
}

/// What the mail composes from: each game as its log now stands.
impl crate::mail::compose::CurrentGames for Folds<Games> {
    fn current_game(
        &self,
        store: &crate::store::Store,
        id: &str,
    ) -> Result<(Option<domain::games::Game>, i64), StoreError> {
        let folded = self.current(store, id)?;
        Ok((folded.state.game().cloned(), folded.seq))
    }
}

/// What a game's command did.
pub type GameOutcome = Outcome<Games>;

impl Outcome<Games> {
    /// The game after the command (the events were folded before they were committed).
    pub fn game(&self) -> &Game {
        self.folded
            .state
            .game()
            .expect("a committed outcome holds a game")
    }

    /// The Game resource as of the command (what the projection row holds).
    pub fn view(&self) -> &GameView {
        &self.answer.view
    }

    /// [`Outcome::view`] as JSON.
    pub fn view_json(&self) -> &str {
        &self.answer.json
    }
}

/// A game's command that needs nothing from the state to be built.
pub fn just(command: Command) -> impl Build<Games> + Clone {
    just_on::<Games>(command)
}

/// Runs a game's command from an HTTP worker: see [`run_on`].
pub async fn run(
    state: Arc<AppState>,
    id: GameId,
    command: Command,
    ctx: Context,
    expected_version: Option<u64>,
) -> Result<GameOutcome, CommandError> {
    run_on::<Games>(state, &id.to_string(), command, ctx, expected_version).await
}

/// Runs a game's command built from its state from an HTTP worker: see [`run_built_on`].
pub async fn run_built(
    state: Arc<AppState>,
    id: GameId,
    command: Command,
    build: impl Build<Games> + Clone + 'static,
    ctx: Context,
    expected_version: Option<u64>,
) -> Result<GameOutcome, CommandError> {
    let id = id.to_string();
    run_built_on::<Games>(state, &id, command, build, ctx, expected_version).await
}

/// Runs a game's command on the caller's own thread: see [`execute_on`].
pub fn execute(
    state: &AppState,
    id: GameId,
    build: impl Build<Games> + Clone + 'static,
    ctx: &Context,
    expected_version: Option<u64>,
) -> Result<GameOutcome, CommandError> {
    execute_on::<Games>(state, &id.to_string(), build, ctx, expected_version)
}

/// Records the flag fall of a game whose deadline has passed (the scheduler's work, also done by
/// any read that finds it due). `Ok(None)` if there was nothing to do.
pub fn flag_fall(state: &AppState, id: GameId) -> Result<Option<GameOutcome>, CommandError> {
    let ctx = Context {
        now: store::now(),
        actor: Actor::System,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    match execute(state, id, just(Command::FlagFall), &ctx, None) {
        Ok(o) => Ok(Some(o)),
        Err(CommandError::Rejected(Rejection::GameOver | Rejection::NotYetDue)) => Ok(None),
        Err(e) => Err(e),
    }
}
