//! Group commit: appends from concurrent requests share one database transaction, and so one
//! fsync (SQLite) or one WAL flush (PostgreSQL), instead of one each.
//!
//! A request hands its rows to a queue and waits ([`Committing`]: on its thread, or awaited by
//! an HTTP worker, which then serves other requests meanwhile). A committer thread takes the first waiting
//! append and whatever else is queued behind it (up to [`MAX_BATCH`]), writes them, commits once,
//! and only then answers every request in the batch: nothing is acknowledged before it is durable.
//! Appends to logs of every kind share the queue (see [`super::log`]).
//!
//! If an append loses its race (a unique violation on `(<id>, seq)`), the transaction is rolled
//! back and the batch written again with each append in its own savepoint: the loser is undone
//! alone and answered with [`StoreError::Conflict`]; the others commit. If the commit itself fails, every
//! append in the batch is answered with the failure and none was written.
//!
//! One committer: the next batch gathers while one is written, so batches grow with the load
//! (SQLite has one writer anyway; on PostgreSQL, several committers make smaller batches and more
//! statements: D13).

use std::sync::Arc;
use std::thread;

use crossbeam_channel::{Receiver, Sender};
use diesel::prelude::*;
use diesel::r2d2::Pool;
use tokio::sync::oneshot;

use super::log::{missing, Recorded};
use super::pg_batch::BatchWrite;
use super::schema::{envelopes, outbox};
use super::{unique_as, AnyConnection, EnvelopeRow, EventRow, Manager};
use super::{StoreError, StoredEvent};

/// The most appends one transaction takes.
pub const MAX_BATCH: usize = 64;

pub use super::log::Rows;

struct Job {
    rows: Rows,
    answer: oneshot::Sender<Result<(), StoreError>>,
}

/// An append handed to the committer: its answer, once the batch it joined is committed (or
/// has failed).
#[must_use = "an append is only durable once its answer says so"]
pub struct Committing(oneshot::Receiver<Result<(), StoreError>>);

impl Committing {
    /// Waits for the answer on this thread (not on an async worker: it blocks).
    pub fn wait(self) -> Result<(), StoreError> {
        self.0.blocking_recv().unwrap_or_else(|_| Err(stopped()))
    }

    /// The answer, awaited: the waiting thread is free meanwhile.
    pub async fn answer(self) -> Result<(), StoreError> {
        self.0.await.unwrap_or_else(|_| Err(stopped()))
    }
}

fn stopped() -> StoreError {
    StoreError::Commit("a committer stopped before answering".into())
}

/// The queue in front of the committer threads.
#[derive(Clone)]
pub struct GroupCommit {
    queue: Sender<Job>,
}

/// What the committers have done, for the metrics.
#[derive(Debug, Default)]
pub struct CommitStats {
    pub transactions: std::sync::atomic::AtomicU64,
    pub appends: std::sync::atomic::AtomicU64,
}

impl GroupCommit {
    /// Starts the committer writing through `writers`. It stops when the last `GroupCommit` is
    /// dropped.
    pub fn start(writers: Pool<Manager>, stats: Arc<CommitStats>) -> GroupCommit {
        let (queue, jobs) = crossbeam_channel::unbounded::<Job>();
        thread::Builder::new()
            .name("zarf-commit".into())
            .spawn(move || committer(&jobs, &writers, &stats))
            .expect("the committer thread starts");
        GroupCommit { queue }
    }

    /// Writes `rows` in a shared transaction and answers once it is committed.
    pub fn append(&self, rows: Rows) -> Result<(), StoreError> {
        self.submit(rows)?.wait()
    }

    /// Hands `rows` to the committer without waiting for the commit.
    pub fn submit(&self, rows: Rows) -> Result<Committing, StoreError> {
        let (answer, answered) = oneshot::channel();
        self.queue
            .send(Job { rows, answer })
            .map_err(|_| StoreError::Commit("the committers have stopped".into()))?;
        Ok(Committing(answered))
    }
}

fn committer(jobs: &Receiver<Job>, writers: &Pool<Manager>, stats: &CommitStats) {
    use std::sync::atomic::Ordering::Relaxed;
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let span = tracing::debug_span!("group_commit", appends = batch.len());
        let _entered = span.enter();
        let outcome = writers
            .get()
            .map_err(StoreError::from)
            .and_then(|mut conn| write_batch(&mut conn, &batch));
        stats.transactions.fetch_add(1, Relaxed);
        stats.appends.fetch_add(batch.len() as u64, Relaxed);
        match outcome {
            Ok(each) => {
                for (job, result) in batch.into_iter().zip(each) {
                    let _ = job.answer.send(result);
                }
            }
            Err(e) => {
                tracing::error!(error = %e, appends = batch.len(), "a group commit failed");
                let reason = e.to_string();
                for job in batch {
                    let _ = job.answer.send(Err(StoreError::Commit(reason.clone())));
                }
            }
        }
    }
}

/// The batch in one transaction (on PostgreSQL usually one statement); if an append fails, again
/// with each append in its own savepoint.
fn write_batch(
    conn: &mut AnyConnection,
    batch: &[Job],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let postgres = matches!(conn, AnyConnection::Postgresql(_));
    if let (false, [only]) = (postgres, batch) {
        // Alone: the transaction is the append's, and so is its failure.
        return Ok(vec![conn.transaction(|conn| write_rows(conn, &only.rows))]);
    }
    // Races are rare: first the whole batch without savepoints (they cost two statements per
    // append, round trips on PostgreSQL); only if an append fails, again with one each.
    let all: Vec<&Rows> = batch.iter().map(|job| &job.rows).collect();
    let one_statement = all.iter().all(|rows| rows.projection.as_game().is_some());
    let together = if postgres && one_statement {
        // One statement, atomic and committed by itself: no transaction around it.
        write_together(conn, &all)
    } else {
        conn.transaction(|conn| write_together(conn, &all))
    };
    match together {
        Ok(()) => return Ok(batch.iter().map(|_| Ok(())).collect()),
        Err(StoreError::Conflict | StoreError::Corrupt(_)) => {
            tracing::debug!("an append in the batch failed; writing each in a savepoint");
        }
        Err(other) => return Err(other),
    }
    conn.transaction(|conn| {
        let mut each = Vec::with_capacity(batch.len());
        for job in batch {
            // A nested transaction is a savepoint: a failed append is undone alone.
            match conn.transaction(|conn| write_rows(conn, &job.rows)) {
                Ok(()) => each.push(Ok(())),
                Err(e @ (StoreError::Conflict | StoreError::Corrupt(_))) => each.push(Err(e)),
                Err(other) => return Err(other),
            }
        }
        Ok(each)
    })
}

/// A whole batch's rows. On PostgreSQL, one prepared statement writes a batch of games' appends
/// ([`BatchWrite`]: each statement is a round trip there); SQLite, in process, and any batch
/// holding another kind of log take the rows one at a time (as `MultiConnection` wants on
/// SQLite).
///
/// On PostgreSQL a game's first append inserts its projection row (its event's insert shows that
/// the game is new) and later ones replace it with the fold's. Unlike the one-append path, which
/// refuses an append whose game has lost its projection row as corrupt, the batch writes that row
/// again from the fold (the projection is derived from the log; `zarf verify` still checks the log
/// itself).
pub(super) fn write_together(conn: &mut AnyConnection, all: &[&Rows]) -> Result<(), StoreError> {
    let (AnyConnection::Postgresql(pg), Some(statement)) = (&mut *conn, BatchWrite::new(all))
    else {
        return all.iter().try_for_each(|rows| write_rows(conn, rows));
    };
    // Two appends to one game in a batch have lost a race (their events share a seq, so the
    // statement would fail on them anyway); the check is for safety: one upsert may not touch a
    // row twice.
    let mut ids: Vec<&str> = all.iter().map(|r| r.projection.log_id()).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() != all.len() {
        return Err(StoreError::Conflict);
    }
    statement
        .execute(pg)
        .map_err(unique_as(StoreError::Conflict))?;
    Ok(())
}

/// The append's statements: events, the projection row, outbox rows, the envelope.
pub(super) fn write_rows(conn: &mut AnyConnection, rows: &Rows) -> Result<(), StoreError> {
    let log = rows.projection.log();
    for row in &rows.events {
        log.insert(conn, row)
            .map_err(unique_as(StoreError::Conflict))?;
    }
    for m in &rows.mail {
        diesel::insert_into(outbox::table).values(m).execute(conn)?;
    }
    write_projection(conn, rows)
}

/// The projection row and the envelope of an append.
fn write_projection(conn: &mut AnyConnection, rows: &Rows) -> Result<(), StoreError> {
    let first = rows.after_seq == 0;
    let written = rows
        .projection
        .write(conn, first)
        .map_err(unique_as(StoreError::Conflict))?;
    if written != 1 {
        return Err(missing(&*rows.projection));
    }
    rows.envelope
        .as_ref()
        .map_or(Ok(()), |env| write_envelope(conn, env))
}

/// Sealing again replaces the envelope's content (A1).
fn write_envelope(conn: &mut AnyConnection, env: &EnvelopeRow) -> Result<(), StoreError> {
    diesel::delete(envelopes::table.find((&env.game_id, &env.kind))).execute(conn)?;
    diesel::insert_into(envelopes::table)
        .values(env)
        .execute(conn)?;
    Ok(())
}

/// The stored events an append made, from the rows written and the events they came from.
pub(super) fn stored<E: Recorded>(rows: Vec<EventRow>, events: &[E]) -> Vec<StoredEvent<E>> {
    rows.into_iter()
        .zip(events)
        .map(|(row, event)| StoredEvent {
            seq: row.seq,
            event: event.clone(),
            data: event.data(),
            version: row.version,
            prev_hash: row.prev_hash,
            hash: row.hash,
            log_id: row.log_id,
        })
        .collect()
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod another_kind;
