//! The whole dead-position test (5.2.2) after a move, off the request path. Where judging a move
//! let the game go on without the whole answer (the fast check settled nothing and the full
//! search did not run), the move's landing queues the game here; the scheduler's thread, which
//! also judges flag falls (6.9), takes it within moments and runs the rules' full search on the
//! game's cached state, remembering the answer there. A dead position is recorded through the
//! command pipeline, as of the move that made it. Any command that reaches the game first runs the
//! same test before it is judged ([`domain::game::judge`]), so nothing is accepted after a dead
//! position whichever comes first; a server that stops with games queued leaves them to the next
//! command, the flag fall, or the sweep of recently played games when a server starts.

use std::collections::{HashMap, VecDeque};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use domain::game::{Actor, Rejection, Verdict};
use domain::GameId;

use super::commands::CommandError;
use super::games::{execute, just};
use super::AppState;
use crate::store;
use domain::games::{Command, Context};

/// Games waiting for the whole test, each once, at the version it was queued for.
#[derive(Default)]
pub struct Verdicts {
    queue: Mutex<Queue>,
    ready: Condvar,
}

#[derive(Default)]
struct Queue {
    order: VecDeque<String>,
    /// The game's log as of the move to judge (its last event's seq).
    seqs: HashMap<String, i64>,
}

impl Verdicts {
    /// Queues a game whose position after event `seq` waits for the whole test (a game queued
    /// already keeps its place, judged as of the newer event).
    pub fn enqueue(&self, id: &str, seq: i64) {
        let mut q = self.queue.lock().expect("verdicts lock");
        if q.seqs.insert(id.to_owned(), seq).is_none() {
            q.order.push_back(id.to_owned());
        }
        drop(q);
        self.ready.notify_one();
    }

    /// The next game to judge, waiting up to `timeout` for one.
    pub fn next(&self, timeout: Duration) -> Option<(String, i64)> {
        let q = self.queue.lock().expect("verdicts lock");
        let (mut q, _) = self
            .ready
            .wait_timeout_while(q, timeout, |q| q.order.is_empty())
            .expect("verdicts lock");
        let id = q.order.pop_front()?;
        let seq = q.seqs.remove(&id)?;
        Some((id, seq))
    }

    /// Games waiting.
    pub fn len(&self) -> usize {
        self.queue.lock().expect("verdicts lock").order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What the whole test did with a queued game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// Nothing to do: the game moved on (the command that moved it ran the test first), ended,
    /// or its position was settled already.
    Nothing,
    /// Searched: the game goes on.
    GoesOn,
    /// Searched to the bound without an answer: the game goes on, as it did.
    Unknown,
    /// The position is dead: recorded, the game drawn as of the move that made it.
    Dead,
}

/// Runs the whole test on game `id` as of event `seq`.
#[tracing::instrument(level = "debug", skip(state))]
pub fn settle(state: &AppState, id: &str, seq: i64) -> Result<Settled, CommandError> {
    let folded = match state.folds.cached(id) {
        Some(f) if f.seq > seq => return Ok(Settled::Nothing),
        Some(f) if f.seq == seq => f,
        _ => state.folds.current(&state.store, id)?,
    };
    let Some(game) = folded.state.game() else {
        return Ok(Settled::Nothing);
    };
    if !game.is_live() || !game.verdict_pending() {
        return Ok(Settled::Nothing);
    }
    state.metrics.verdict_searches.inc();
    // On the cached state itself: its memo keeps the answer for the next command.
    match game.verdict() {
        Verdict::GoesOn => Ok(Settled::GoesOn),
        Verdict::Unknown => {
            state.metrics.verdicts_unknown.inc();
            tracing::info!(
                game = %id,
                ply = game.ply(),
                "the dead-position search stopped at its bound without an answer; the game goes on"
            );
            Ok(Settled::Unknown)
        }
        Verdict::Dead => {
            let ctx = Context {
                now: store::now(),
                actor: Actor::System,
                notation: None,
                dice: None,
                entropy: None,
                tables: None,
            };
            let Ok(game_id) = GameId::parse(id) else {
                return Ok(Settled::Nothing);
            };
            match execute(state, game_id, just(Command::JudgePosition), &ctx, None) {
                Ok(_) => {
                    state.metrics.dead_positions.inc();
                    tracing::info!(game = %id, ply = game.ply(), "dead position: the game is drawn");
                    Ok(Settled::Dead)
                }
                // Another server, or a command, recorded it (or something else ended the game).
                Err(CommandError::Rejected(Rejection::GameOver | Rejection::NotDead)) => {
                    Ok(Settled::Nothing)
                }
                Err(e) => Err(e),
            }
        }
    }
}

/// Queues the live games played in during the last `since` (a server that stopped may have left
/// their last position unjudged); at most `limit`, the most recent first.
pub fn sweep(
    state: &AppState,
    since: time::Duration,
    limit: i64,
) -> Result<usize, store::StoreError> {
    let games = state
        .store
        .live_games_since(store::micros(store::now() - since), limit)?;
    let n = games.len();
    for (id, seq) in games {
        state.verdicts.enqueue(&id, seq);
    }
    Ok(n)
}
