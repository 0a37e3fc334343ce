//! The command pipeline every entry point uses (HTTP handlers, the scheduler, the mail sender),
//! for every kind of log ([`LogKind`]; games are one): fold → decide → group commit → answer.
//!
//! 1. The log's state: this server's cached fold ([`super::folds`]); on a miss, or after a lost
//!    race, the log folded from the last cached event.
//! 2. The kind judges the command (a game: `domain::decide`, after recording a fallen flag). A
//!    refusal is only given on a fold brought up to date from the log (a stale fold could refuse
//!    wrongly): on a cached fold it means "judge again".
//! 3. The events, the projection row and the outbox rows go to the group commit in one
//!    transaction; the answer waits for the commit.
//! 4. A unique violation on `(<id>, seq)` means another writer won: the command is judged again
//!    on the newer log (or answered with a version conflict where the client named the version
//!    it expects). One loop does this for every caller.
//!
//! Where judging runs: on an HTTP worker, a command on a cached fold that its kind vouches is
//! quick (a game's move that cannot need the rules' full search, D35) is judged on the worker
//! itself; anything else goes to a blocking thread. Callers on their own threads
//! ([`execute_on`]) judge in place.

use std::sync::Arc;

use domain::game::Rejection;

pub use super::command_error::CommandError;
use super::folds::Folded;
use super::kind::{Judgement, LogKind};
use super::AppState;
use crate::store::{self, EnvelopeRow, PendingAppend, StoreError, StoredEvent};

/// What a command stores beside its events.
#[derive(Debug, Default, Clone)]
pub struct Extras {
    /// A sealed envelope's encrypted content.
    pub envelope: Option<EnvelopeRow>,
}

/// Builds the command from the log's state as folded (a check-in decides from it whether an
/// envelope opens, and so whether to decrypt it). Called once for each judgement.
pub trait Build<K: LogKind>:
    Fn(&K::State) -> Result<(K::Command, Extras), CommandError> + Send + Sync
{
}

impl<K: LogKind, F> Build<K> for F where
    F: Fn(&K::State) -> Result<(K::Command, Extras), CommandError> + Send + Sync
{
}

/// A command of any kind of log that needs nothing from the state to be built.
pub fn just_on<K: LogKind>(command: K::Command) -> impl Build<K> + Clone {
    move |_: &K::State| Ok((command.clone(), Extras::default()))
}

/// What a command did.
pub struct Outcome<K: LogKind> {
    /// The log's state after the command (shared with the cache of folds).
    pub folded: Arc<Folded<K::State>>,
    /// What the kind answers with (a game's view).
    pub answer: K::Answer,
    pub new_events: Vec<StoredEvent<K::Event>>,
}

/// Where the pipeline runs, and so where it may judge.
enum Thread<K: LogKind> {
    /// An async HTTP worker: judging that might take long goes to a blocking thread.
    HttpWorker {
        state: Arc<AppState>,
        command: K::Command,
    },
    /// A thread of the caller's own (the scheduler, the mail sender, a blocking task): judge here.
    Own,
}

/// How often a command is judged again after losing a race before it is answered with a
/// version conflict.
const ATTEMPTS: usize = 5;

/// Runs a command from an HTTP worker: the commit is awaited, so no thread sleeps while its batch
/// is written. A command built from the state ([`Build`]) is run with [`execute_on`] on a
/// blocking thread instead.
#[tracing::instrument(level = "debug", skip(state, command, ctx), fields(kind = K::table().kind()))]
pub async fn run_on<K: LogKind>(
    state: Arc<AppState>,
    id: &str,
    command: K::Command,
    ctx: K::Context,
    expected_version: Option<u64>,
) -> Result<Outcome<K>, CommandError> {
    let build = just_on::<K>(command.clone());
    let thread = Thread::HttpWorker {
        state: state.clone(),
        command,
    };
    pipeline(&state, id, build, &ctx, expected_version, thread).await
}

/// Runs a command built from its state ([`Build`]) from an HTTP worker: judged on a blocking
/// thread (`command` is what the build makes, asked only whether the worker may judge it), its
/// commit awaited without holding a thread.
pub async fn run_built_on<K: LogKind>(
    state: Arc<AppState>,
    id: &str,
    command: K::Command,
    build: impl Build<K> + Clone + 'static,
    ctx: K::Context,
    expected_version: Option<u64>,
) -> Result<Outcome<K>, CommandError> {
    let thread = Thread::HttpWorker {
        state: state.clone(),
        command,
    };
    pipeline(&state, id, build, &ctx, expected_version, thread).await
}

/// Runs a command on the caller's own thread (never an async worker: it blocks until the commit).
#[tracing::instrument(level = "debug", skip(state, build, ctx), fields(kind = K::table().kind()))]
pub fn execute_on<K: LogKind>(
    state: &AppState,
    id: &str,
    build: impl Build<K> + Clone + 'static,
    ctx: &K::Context,
    expected_version: Option<u64>,
) -> Result<Outcome<K>, CommandError> {
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
async fn pipeline<K: LogKind>(
    state: &AppState,
    key: &str,
    build: impl Build<K> + Clone + 'static,
    ctx: &K::Context,
    expected_version: Option<u64>,
    thread: Thread<K>,
) -> Result<Outcome<K>, CommandError> {
    for n in 0..ATTEMPTS {
        // The first try is judged on the cached fold; later ones read the log.
        let cached = if n == 0 {
            K::folds(state).cached(key).map(OwnCopy::of)
        } else {
            None
        };
        // The check carries the log's memo (a game's mating line) forward on this command's
        // own copy of the state, where the judgement finds it.
        let (cached, here) = match (&thread, cached) {
            (Thread::HttpWorker { command, .. }, Some(mut copy)) => {
                let here = K::judged_on_worker(state, &mut copy.before, command, ctx);
                (Some(copy), here)
            }
            (_, cached) => (cached, false),
        };
        let judged = match &thread {
            Thread::Own => attempt(state, key, cached, &build, ctx, expected_version)?,
            Thread::HttpWorker { .. } if here => {
                // A panic here answers this request with a 500, as it would on a blocking
                // thread, instead of ending the worker and every connection it serves.
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    attempt(state, key, cached, &build, ctx, expected_version)
                }))
                .map_err(|_| anyhow::anyhow!("judging a command panicked"))??
            }
            Thread::HttpWorker { state, .. } => {
                let (st, k, b, c) = (state.clone(), key.to_owned(), build.clone(), ctx.clone());
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

/// A command judged and handed to the group commit.
struct Judged<K: LogKind> {
    pending: PendingAppend<K::Event>,
    landing: Landing<K>,
}

/// What a judged command becomes once its commit is answered.
struct Landing<K: LogKind> {
    key: String,
    /// The log after the command, not yet cached.
    after: K::State,
    /// The fold's last seq and hash before the command.
    before: (i64, String),
    answer: K::Answer,
    /// The events record what had to happen first, and the command is refused.
    then_refuse: Option<Rejection>,
    /// A lost race is answered with a version conflict instead of judging again: the command
    /// was judged on the log itself, and the client named the version it expects (or the
    /// command creates a log, or carries an envelope).
    conflict_is_final: bool,
}

/// A fold and the command's own copy of its state, which the command is judged on and evolved
/// into the next fold.
struct OwnCopy<S> {
    folded: Arc<Folded<S>>,
    before: S,
}

impl<S: Clone> OwnCopy<S> {
    fn of(folded: Arc<Folded<S>>) -> OwnCopy<S> {
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
fn attempt<K: LogKind>(
    state: &AppState,
    key: &str,
    cached: Option<OwnCopy<K::State>>,
    build: &impl Build<K>,
    ctx: &K::Context,
    expected_version: Option<u64>,
) -> Result<Option<Judged<K>>, CommandError> {
    let fresh = cached.is_none();
    let OwnCopy { folded, before } =
        match cached {
            Some(copy) => copy,
            None => OwnCopy::of(K::folds(state).current(&state.store, key).map_err(
                |e| match e {
                    StoreError::Corrupt(_) => CommandError::Internal(e.into()),
                    other => other.into(),
                },
            )?),
        };
    let refuse = |e: CommandError| if fresh { Err(e) } else { Ok(None) };
    let (command, extras) = match build(&before) {
        Ok(built) => built,
        Err(e) => return refuse(e),
    };
    let prepared = K::prepare(state, &before, command, ctx)?;
    let command = prepared.command;
    let ctx = prepared.ctx.as_ref().unwrap_or(ctx);
    let creating = K::creates(&command);
    if folded.seq == 0 && !creating {
        return Err(CommandError::NotFound);
    }
    if let Some(v) = expected_version {
        if v != K::version(&before) {
            return refuse(CommandError::VersionConflict);
        }
    }
    let Judgement {
        events,
        then_refuse,
    } = match K::judge(&before, command, ctx) {
        Ok(judgement) => judgement,
        Err(r) => return refuse(r),
    };
    let mut after = before;
    for e in &events {
        after = K::evolve(after, e);
    }
    // Numbered and chained here, so that the mail the events cause quotes the hashes the log
    // is written with.
    let chained = store::Chained::new(K::table(), key, folded.seq, &folded.hash, &events);
    let projected = K::project(state, key, &after, &chained, &events, ctx)?;
    let envelope = extras
        .envelope
        .as_ref()
        .or(prepared.secret.as_ref())
        .filter(|_| then_refuse.is_none());
    let append = store::Append {
        after_seq: folded.seq,
        prev_hash: folded.hash.as_str(),
        events: &events,
        projection: &*projected.row,
        mail: &projected.mail,
        envelope,
    };
    let pending = state.store.submit_chained(&append, chained)?;
    let decisive = expected_version.is_some() || creating || extras.envelope.is_some();
    Ok(Some(Judged {
        pending,
        landing: Landing {
            key: key.to_owned(),
            after,
            before: (folded.seq, folded.hash.clone()),
            answer: projected.answer,
            then_refuse,
            conflict_is_final: fresh && decisive,
        },
    }))
}

impl<K: LogKind> Landing<K> {
    /// The commit's answer: the outcome (the new fold cached), the command's refusal, or
    /// `Ok(None)` to judge it again on the log (a lost race on a stale fold).
    fn land(
        self,
        state: &AppState,
        committed: Result<Vec<StoredEvent<K::Event>>, StoreError>,
    ) -> Result<Option<Outcome<K>>, CommandError> {
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
            K::folds(state).put(&self.key, folded.clone());
            K::landed(state, &self.key, &folded);
        }
        K::count(state, &stored);
        if let Some(r) = self.then_refuse {
            return Err(CommandError::Rejected(r));
        }
        Ok(Some(Outcome {
            folded,
            answer: self.answer,
            new_events: stored,
        }))
    }
}
