//! The command pipeline every entry point uses (HTTP handlers, the scheduler, the mail sender):
//! fold → decide → group commit → answer.
//!
//! 1. The game's state: this server's cached fold ([`crate::folds`]); on a miss, or after a lost
//!    race, the log folded from the last cached event.
//! 2. `domain::decide` judges the command. A refusal is only given on a fold brought up to date
//!    from the log (a stale fold could refuse wrongly): on a cached fold it means "judge again".
//! 3. The events, the projection row and the outbox rows go to the group commit in one
//!    transaction; the answer waits for the commit.
//! 4. A unique violation on `(game_id, seq)` means another writer won: the command is judged
//!    again on the newer log (or answered with a version conflict where the client named the
//!    version it expects). One loop does this for every caller.
//!
//! If the side to move's flag has fallen, the flag fall is recorded first and the command is
//! refused: the game is over.
//!
//! Where judging runs: on an HTTP worker, a move on a cached fold that the domain vouches cannot
//! need chasolver's full search is judged on the worker itself (D35); anything else goes to a
//! blocking thread. Callers on their own threads ([`execute`]) judge in place.

use std::sync::Arc;

use domain::game::{
    evolve, judging_may_search, Actor, Command, Context, EventBody, Game, GameState, Rejection,
    Timestamp,
};
use domain::{decide, GameEvent, GameId};

use super::views::GameView;
use super::AppState;
use crate::folds::Folded;
use crate::outbox;
use crate::store::{self, EnvelopeRow, PendingAppend, StoreError, StoredEvent};

/// Why a command was not recorded.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// The rules refused it: nothing was written.
    #[error("refused: {}", .0.code())]
    Rejected(Rejection),
    /// No such game.
    #[error("no such game")]
    NotFound,
    /// The client's `expected_version` is not the game's, or the command lost every race.
    #[error("the game changed meanwhile")]
    VersionConflict,
    /// Anything unexpected: a store failure, a log that does not fold, a secret that does not open.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<StoreError> for CommandError {
    fn from(e: StoreError) -> CommandError {
        match e {
            StoreError::Conflict => CommandError::VersionConflict,
            other => CommandError::Internal(other.into()),
        }
    }
}

impl From<Rejection> for CommandError {
    fn from(r: Rejection) -> CommandError {
        CommandError::Rejected(r)
    }
}

impl CommandError {
    /// The rules' refusal, if that is what this is.
    pub fn rejection(&self) -> Option<&Rejection> {
        match self {
            CommandError::Rejected(r) => Some(r),
            _ => None,
        }
    }
}

/// What a command stores beside its events.
#[derive(Debug, Default, Clone)]
pub struct Extras {
    /// A sealed envelope's encrypted content.
    pub envelope: Option<EnvelopeRow>,
}

/// Builds the command from the game's state as folded (a check-in decides from it whether an
/// envelope opens, and so whether to decrypt it). Called once for each judgement.
pub trait Build: Fn(&GameState) -> Result<(Command, Extras), CommandError> + Send + Sync {}

impl<F> Build for F where F: Fn(&GameState) -> Result<(Command, Extras), CommandError> + Send + Sync {}

/// A command that needs nothing from the state to be built.
pub fn just(command: Command) -> impl Build + Clone {
    move |_: &GameState| Ok((command.clone(), Extras::default()))
}

/// What a command did.
pub struct Outcome {
    /// The game's state after the command (shared with the cache of folds).
    pub folded: Arc<Folded>,
    /// The Game resource as of the command (what the projection row holds).
    pub view: GameView,
    /// `view` as JSON: the projection row's copy, so an answer need not write it again.
    pub view_json: String,
    pub new_events: Vec<StoredEvent>,
}

impl Outcome {
    /// The game after the command (the events were folded before they were committed).
    pub fn game(&self) -> &Game {
        self.folded
            .state
            .game()
            .expect("a committed outcome holds a game")
    }
}

/// Where the pipeline runs, and so where it may judge.
enum Thread {
    /// An async HTTP worker: judging that might take long goes to a blocking thread.
    HttpWorker {
        state: Arc<AppState>,
        command: Command,
    },
    /// A thread of the caller's own (the scheduler, the mail sender, a blocking task): judge here.
    Own,
}

/// How often a command is judged again after losing a race before it is answered with a
/// version conflict.
const ATTEMPTS: usize = 5;

/// Runs a command from an HTTP worker: the commit is awaited, so no thread sleeps while its batch
/// is written. A command built from the state ([`Build`]) is run with [`execute`] on a blocking
/// thread instead.
#[tracing::instrument(level = "debug", skip(state, command, ctx), fields(game = %id))]
pub async fn run(
    state: Arc<AppState>,
    id: GameId,
    command: Command,
    ctx: Context,
    expected_version: Option<u64>,
) -> Result<Outcome, CommandError> {
    let build = just(command.clone());
    let thread = Thread::HttpWorker {
        state: state.clone(),
        command,
    };
    pipeline(&state, id, build, &ctx, expected_version, thread).await
}

/// Runs a command on the caller's own thread (never an async worker: it blocks until the commit).
#[tracing::instrument(level = "debug", skip(state, build, ctx), fields(game = %id))]
pub fn execute(
    state: &AppState,
    id: GameId,
    build: impl Build + Clone + 'static,
    ctx: &Context,
    expected_version: Option<u64>,
) -> Result<Outcome, CommandError> {
    futures_executor::block_on(pipeline(
        state,
        id,
        build,
        ctx,
        expected_version,
        Thread::Own,
    ))
}

/// The one loop: judge, hand to the group commit, land; again on a lost race.
async fn pipeline(
    state: &AppState,
    id: GameId,
    build: impl Build + Clone + 'static,
    ctx: &Context,
    expected_version: Option<u64>,
    thread: Thread,
) -> Result<Outcome, CommandError> {
    let key = id.to_string();
    for n in 0..ATTEMPTS {
        // The first try is judged on the cached fold; later ones read the log.
        let cached = if n == 0 {
            state.folds.cached(&key).map(OwnCopy::of)
        } else {
            None
        };
        // The check carries the game's mating line forward on this command's own copy of the
        // state, where the judgement finds it.
        let (cached, here) = match (&thread, cached) {
            (Thread::HttpWorker { command, .. }, Some(mut copy)) => {
                let here = judged_here(&mut copy, command, ctx);
                (Some(copy), here)
            }
            (_, cached) => (cached, false),
        };
        let judged = match &thread {
            Thread::Own => attempt(state, &key, cached, &build, ctx, expected_version)?,
            Thread::HttpWorker { .. } if here => {
                // A panic here answers this request with a 500, as it would on a blocking
                // thread, instead of ending the worker and every connection it serves.
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    attempt(state, &key, cached, &build, ctx, expected_version)
                }))
                .map_err(|_| anyhow::anyhow!("judging a command panicked"))??
            }
            Thread::HttpWorker { state, .. } => {
                let (st, k, b, c) = (state.clone(), key.clone(), build.clone(), ctx.clone());
                tokio::task::spawn_blocking(move || {
                    attempt(&st, &k, cached, &b, &c, expected_version)
                })
                .await
                .map_err(|e| anyhow::anyhow!("a blocking task failed: {e}"))??
            }
        };
        let Some(Judged { pending, landing }) = judged else {
            continue;
        };
        // Were this future dropped before landing (actix-http keeps polling a request whose
        // client hung up), the command would still be committed; only its fold would not be
        // cached (the next command loses a race and is judged on the log) and its mail would
        // wait for its lease (D20).
        if let Some(outcome) = landing.land(state, pending.committed().await)? {
            return Ok(outcome);
        }
    }
    Err(CommandError::VersionConflict)
}

/// Whether `command` on this cached fold is judged on the HTTP worker: no flag has fallen (its
/// record asks whether the opponent can still win, 6.9) and the domain vouches that judging it on
/// this same copy (whose memo the check may carry forward) cannot take long.
fn judged_here(copy: &mut OwnCopy, command: &Command, ctx: &Context) -> bool {
    copy.before
        .game()
        .is_some_and(|g| g.flagged(ctx.now).is_none())
        && !judging_may_search(&mut copy.before, command, ctx)
}

/// A command judged and handed to the group commit.
struct Judged {
    pending: PendingAppend,
    landing: Landing,
}

/// What a judged command becomes once its commit is answered.
struct Landing {
    key: String,
    /// The game after the command, not yet cached.
    after: GameState,
    /// The fold's last seq and hash before the command.
    before: (i64, String),
    view: GameView,
    view_json: String,
    moves: u64,
    /// The flag had fallen: the flag fall is what was written, and the command is refused.
    then_refuse: Option<Rejection>,
    /// A lost race is answered with a version conflict instead of judging again: the command
    /// was judged on the log itself, and the client named the version it expects (or the
    /// command creates a game, or carries an envelope).
    conflict_is_final: bool,
}

/// A fold and the command's own copy of its state, which the command is judged on and evolved
/// into the next fold.
struct OwnCopy {
    folded: Arc<Folded>,
    before: GameState,
}

impl OwnCopy {
    fn of(folded: Arc<Folded>) -> OwnCopy {
        OwnCopy {
            before: folded.state.clone(),
            folded,
        }
    }
}

/// One try at a command. The first is judged on the cached fold (`cached`) without reading the
/// log: if another server appended meanwhile, the append conflicts on its sequence number. A
/// refusal is only given on a fold brought up to date from the log: `Ok(None)` means "judge
/// again on the log". Without `cached`, the log is read.
fn attempt(
    state: &AppState,
    key: &str,
    cached: Option<OwnCopy>,
    build: &impl Build,
    ctx: &Context,
    expected_version: Option<u64>,
) -> Result<Option<Judged>, CommandError> {
    let fresh = cached.is_none();
    let OwnCopy { folded, before } = match cached {
        Some(copy) => copy,
        None => OwnCopy::of(
            state
                .folds
                .current(&state.store, key)
                .map_err(|e| match e {
                    StoreError::Corrupt(_) => CommandError::Internal(e.into()),
                    other => other.into(),
                })?,
        ),
    };
    let refuse = |e: CommandError| if fresh { Err(e) } else { Ok(None) };
    let (command, extras) = match build(&before) {
        Ok(built) => built,
        Err(e) => return refuse(e),
    };
    let creating = matches!(command, Command::CreateGame(_));
    if folded.seq == 0 && !creating {
        return Err(CommandError::NotFound);
    }
    if let Some(v) = expected_version {
        if v != before.version() {
            return refuse(CommandError::VersionConflict);
        }
    }
    let flagged = before.game().and_then(|g| g.flagged(ctx.now));
    let (events, then_refuse) = match flagged {
        Some(side) if !matches!(command, Command::FlagFall) => {
            let system = Context {
                actor: Actor::System,
                ..ctx.clone()
            };
            match decide(&before, Command::FlagFall, &system) {
                Ok(events) => (events, Some(Rejection::FlagFallen { side })),
                Err(r) => return refuse(r.into()),
            }
        }
        _ => match decide(&before, command, ctx) {
            Ok(events) => (events, None),
            Err(r) => return refuse(r.into()),
        },
    };
    let envelope = if then_refuse.is_none() {
        extras.envelope.as_ref()
    } else {
        None
    };
    let decisive = expected_version.is_some() || creating || extras.envelope.is_some();
    let judged = submit(state, key, &folded, before, &events, ctx.now, envelope)?;
    Ok(Some(Judged {
        pending: judged.pending,
        landing: Landing {
            then_refuse,
            conflict_is_final: fresh && decisive,
            ..judged.landing
        },
    }))
}

/// Hands the decided events after `folded` to the group commit, with the projection and outbox
/// rows (one transaction).
fn submit(
    state: &AppState,
    key: &str,
    folded: &Folded,
    before: GameState,
    events: &[GameEvent],
    now: Timestamp,
    envelope: Option<&EnvelopeRow>,
) -> Result<Judged, StoreError> {
    let mut after = before;
    for e in events {
        after = evolve(after, e);
    }
    let Some(game) = after.game() else {
        return Err(StoreError::Corrupt(
            "decide produced events that do not fold".into(),
        ));
    };
    let view = GameView::of(game, now);
    let mut mail = outbox::rows_for(game, folded.seq + 1, events);
    crate::mail::sender::settle_where_written(&state.store, &mut mail);
    let projection = view.row(game);
    let pending = state.store.submit(&store::Append {
        game_id: key,
        after_seq: folded.seq,
        prev_hash: folded.hash.as_str(),
        events,
        projection: &projection,
        mail: &mail,
        envelope,
    })?;
    let moves = events
        .iter()
        .filter(|e| matches!(e.body, EventBody::MovePlayed { .. }))
        .count() as u64;
    Ok(Judged {
        pending,
        landing: Landing {
            key: key.to_owned(),
            after,
            before: (folded.seq, folded.hash.clone()),
            view,
            view_json: projection.view,
            moves,
            then_refuse: None,
            conflict_is_final: false,
        },
    })
}

impl Landing {
    /// The commit's answer: the outcome (the new fold cached), the command's refusal, or
    /// `Ok(None)` to judge it again on the log (a lost race on a stale fold).
    fn land(
        self,
        state: &AppState,
        committed: Result<Vec<StoredEvent>, StoreError>,
    ) -> Result<Option<Outcome>, CommandError> {
        let stored = match committed {
            Ok(stored) => stored,
            Err(StoreError::Conflict) => {
                state.metrics.store_conflicts.inc();
                if self.conflict_is_final {
                    return Err(CommandError::VersionConflict);
                }
                tracing::debug!("lost a race for the next sequence number; judging again");
                return Ok(None);
            }
            Err(e) => return Err(e.into()),
        };
        state.metrics.events_appended.inc_by(stored.len() as u64);
        let (seq, hash) = stored
            .last()
            .map_or(self.before, |e| (e.seq, e.hash.clone()));
        let folded = Arc::new(Folded {
            state: self.after,
            seq,
            hash,
        });
        if !stored.is_empty() {
            state.folds.put(&self.key, folded.clone());
        }
        state.metrics.moves_recorded.inc_by(self.moves);
        if let Some(r) = self.then_refuse {
            return Err(CommandError::Rejected(r));
        }
        Ok(Some(Outcome {
            folded,
            view: self.view,
            view_json: self.view_json,
            new_events: stored,
        }))
    }
}

/// Records the flag fall of a game whose deadline has passed (the scheduler's work, also done by
/// any read that finds it due). `Ok(None)` if there was nothing to do.
pub fn flag_fall(state: &AppState, id: GameId) -> Result<Option<Outcome>, CommandError> {
    let ctx = Context {
        now: store::now(),
        actor: Actor::System,
        notation: None,
    };
    match execute(state, id, just(Command::FlagFall), &ctx, None) {
        Ok(o) => Ok(Some(o)),
        Err(CommandError::Rejected(Rejection::GameOver | Rejection::NotYetDue)) => Ok(None),
        Err(e) => Err(e),
    }
}
