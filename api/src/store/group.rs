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

use super::log::{missing, ProjectionRow, Recorded};
use super::pg_batch::BatchWrite;
use super::schema::{envelopes, outbox};
use super::{unique_as, AnyConnection, EnvelopeRow, EventRow, Manager, OutboxRow};
use super::{StoreError, StoredEvent};

/// The most appends one transaction takes.
pub const MAX_BATCH: usize = 64;

/// One command's rows, ready to write: its log's kind and id are its projection's.
pub struct Rows {
    pub after_seq: i64,
    pub events: Vec<EventRow>,
    pub projection: Box<dyn ProjectionRow>,
    pub mail: Vec<OutboxRow>,
    /// A game's sealed envelope.
    pub envelope: Option<EnvelopeRow>,
}

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
            prev_hash: row.prev_hash,
            hash: row.hash,
            log_id: row.log_id,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::on_temp_postgres;
    use crate::store::schema::{game_events, games};
    use crate::store::{GameRow, Store, StoreError};

    fn temp_store() -> Store {
        temp_store_and_path().0
    }

    /// A new SQLite store and its file.
    fn temp_store_and_path() -> (Store, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("zarf-group-{}", uuid::Uuid::now_v7()));
        let file = dir.join("zarf.sqlite3");
        let store = Store::open(&format!("sqlite://{}", file.display()), 4).unwrap();
        (store, file)
    }

    /// A game's first append: one event and its projection row (the data need not fold here).
    pub(super) fn first_append(game: &str, marker: &str) -> Rows {
        Rows {
            after_seq: 0,
            events: vec![EventRow {
                log_id: game.into(),
                seq: 1,
                type_: "game_created".into(),
                version: 1,
                data: format!("{{\"marker\":\"{marker}\"}}"),
                actor: "admin".into(),
                recorded_at: 0,
                prev_hash: "0".repeat(64),
                hash: "1".repeat(64),
            }],
            projection: Box::new(game_row(game, marker)),
            mail: vec![],
            envelope: None,
        }
    }

    /// A game's projection row, its view `marker`.
    fn game_row(game: &str, marker: &str) -> GameRow {
        GameRow {
            id: game.into(),
            white_id: "w".into(),
            black_id: "b".into(),
            organiser_id: None,
            status: "active".into(),
            to_move: "white".into(),
            to_move_id: None,
            deadline: None,
            result: None,
            termination: None,
            last_seq: 1,
            created_at: 0,
            updated_at: 0,
            view: marker.into(),
            clock_state: None,
            claimed_until: None,
            reminder_at: None,
            resume_deadline: None,
            game: "chess".into(),
        }
    }

    fn job(rows: Rows) -> Job {
        Job {
            rows,
            answer: oneshot::channel().0,
        }
    }

    fn count_events(store: &Store) -> Vec<(String, String)> {
        game_events::table
            .select((game_events::game_id, game_events::data))
            .order(game_events::game_id)
            .load(&mut *store.reader().unwrap())
            .unwrap()
    }

    #[test]
    fn a_lost_race_in_a_batch_is_undone_alone() {
        a_lost_race_in_a_batch_is_undone_alone_on(temp_store());
        on_temp_postgres(a_lost_race_in_a_batch_is_undone_alone_on);
    }

    fn a_lost_race_in_a_batch_is_undone_alone_on(store: Store) {
        let batch = [
            job(first_append("game-a", "first")),
            job(first_append("game-a", "second")),
            job(first_append("game-b", "third")),
        ];
        let each = write_batch(&mut store.writer().unwrap(), &batch).unwrap();
        assert!(matches!(
            each.as_slice(),
            [Ok(()), Err(StoreError::Conflict), Ok(())]
        ));
        assert_eq!(
            count_events(&store),
            [
                ("game-a".to_owned(), "{\"marker\":\"first\"}".to_owned()),
                ("game-b".to_owned(), "{\"marker\":\"third\"}".to_owned())
            ]
        );
        let views: Vec<String> = games::table
            .select(games::view)
            .order(games::id)
            .load(&mut *store.reader().unwrap())
            .unwrap();
        assert_eq!(
            views,
            ["first", "third"],
            "the loser's projection is not written"
        );
    }

    /// A later append to `game`: event `seq`, the projection's view set to `marker`.
    fn next_append(game: &str, seq: i64, marker: &str) -> Rows {
        let mut rows = first_append(game, marker);
        rows.after_seq = seq - 1;
        rows.events[0].seq = seq;
        rows.events[0].type_ = "move_made".into();
        let mut projection = game_row(game, marker);
        projection.last_seq = seq;
        projection.to_move = if seq % 2 == 0 { "black" } else { "white" }.into();
        rows.projection = Box::new(projection);
        rows
    }

    #[test]
    fn postgres_writes_a_batch_in_one_prepared_statement() {
        on_temp_postgres(|store| {
            let mut conn = store.writer().unwrap();
            let mut first = first_append("game-a", "a1");
            first.mail = vec![OutboxRow::queued(
                Some("game-a".into()),
                "your_move",
                "b".into(),
                "{}".into(),
                7,
            )];
            let batches = [
                vec![job(first), job(first_append("game-b", "b1"))],
                vec![
                    job(next_append("game-a", 2, "a2")),
                    job(next_append("game-b", 2, "b2")),
                ],
                vec![job(next_append("game-a", 3, "a3"))],
            ];
            for batch in &batches {
                let each = write_batch(&mut conn, batch).unwrap();
                assert!(each.iter().all(Result::is_ok), "{each:?}");
            }
            let events: Vec<(String, i64, String)> = game_events::table
                .select((game_events::game_id, game_events::seq, game_events::type_))
                .order((game_events::game_id, game_events::seq))
                .load(&mut *conn)
                .unwrap();
            let seqs: Vec<(&str, i64)> = events.iter().map(|(g, s, _)| (g.as_str(), *s)).collect();
            assert_eq!(
                seqs,
                [
                    ("game-a", 1),
                    ("game-a", 2),
                    ("game-a", 3),
                    ("game-b", 1),
                    ("game-b", 2)
                ]
            );
            assert_eq!(events[1].2, "move_made");
            let games: Vec<(String, String, i64, String)> = games::table
                .select((games::id, games::view, games::last_seq, games::to_move))
                .order(games::id)
                .load(&mut *conn)
                .unwrap();
            assert_eq!(
                games,
                [
                    ("game-a".into(), "a3".into(), 3, "white".into()),
                    ("game-b".into(), "b2".into(), 2, "black".into())
                ],
                "later appends replace the projection row"
            );
            let mail: Vec<(Option<String>, String, i64, Option<i64>)> = outbox::table
                .select((
                    outbox::game_id,
                    outbox::kind,
                    outbox::created_at,
                    outbox::sent_at,
                ))
                .load(&mut *conn)
                .unwrap();
            assert_eq!(mail, [(Some("game-a".into()), "your_move".into(), 7, None)]);
            // Three batches of different sizes, one statement prepared on this connection.
            let AnyConnection::Postgresql(pg) = &mut *conn else {
                unreachable!("a PostgreSQL store")
            };
            let prepared: i64 = diesel::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(
                "(SELECT count(*) FROM pg_prepared_statements \
                 WHERE statement LIKE 'WITH appended AS (INSERT INTO game_events%')",
            ))
            .get_result(pg)
            .unwrap();
            assert_eq!(prepared, 1);
        });
    }

    #[test]
    fn concurrent_appends_are_all_answered_after_their_commit() {
        let store = temp_store();
        let threads: Vec<_> = (0..24)
            .map(|i| {
                let group = store.group.clone();
                thread::spawn(move || group.append(first_append(&format!("game-{i:02}"), "m")))
            })
            .collect();
        for t in threads {
            t.join().unwrap().unwrap();
        }
        assert_eq!(count_events(&store).len(), 24);
        let stats = &store.commit_stats;
        assert_eq!(stats.appends.load(std::sync::atomic::Ordering::Relaxed), 24);
        let transactions = stats
            .transactions
            .load(std::sync::atomic::Ordering::Relaxed);
        assert!((1..=24).contains(&transactions), "{transactions}");
        // A second append for a game already there is a conflict, and writes nothing.
        assert!(matches!(
            store.group.append(first_append("game-00", "again")),
            Err(StoreError::Conflict)
        ));
        assert_eq!(count_events(&store).len(), 24);
    }

    #[test]
    fn an_awaited_append_is_answered_only_after_its_commit() {
        use diesel::connection::SimpleConnection;
        let (store, file) = temp_store_and_path();
        // Another writer holds SQLite's write lock: the committer waits for it.
        let mut other = diesel::SqliteConnection::establish(&file.display().to_string()).unwrap();
        other.batch_execute("BEGIN IMMEDIATE").unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        runtime.block_on(async {
            let committing = store.group.submit(first_append("game-a", "m")).unwrap();
            let mut answer = Box::pin(committing.answer());
            let early = tokio::time::timeout(std::time::Duration::from_millis(300), &mut answer);
            assert!(
                early.await.is_err(),
                "answered while the commit could not happen"
            );
            assert!(count_events(&store).is_empty());
            other.batch_execute("ROLLBACK").unwrap();
            answer.await.unwrap();
            assert_eq!(count_events(&store).len(), 1, "answered once committed");
        });
        // A thread's wait is answered the same way; a lost race is a conflict, awaited or not.
        let again = store.group.submit(first_append("game-a", "again")).unwrap();
        assert!(matches!(again.wait(), Err(StoreError::Conflict)));
        let again = store.group.submit(first_append("game-a", "again")).unwrap();
        assert!(matches!(
            runtime.block_on(again.answer()),
            Err(StoreError::Conflict)
        ));
        assert_eq!(count_events(&store).len(), 1);
    }

    #[test]
    fn a_servers_own_mail_is_handed_to_its_sender_already_claimed() {
        a_servers_own_mail_is_handed_to_its_sender_already_claimed_on(temp_store());
        on_temp_postgres(a_servers_own_mail_is_handed_to_its_sender_already_claimed_on);
    }

    fn a_servers_own_mail_is_handed_to_its_sender_already_claimed_on(store: Store) {
        use crate::store::{micros, now, Append, MAIL_LEASE};
        use domain::game::{Actor, EventBody, GameEvent, Side};
        let event = GameEvent {
            at: now(),
            actor: Actor::System,
            body: EventBody::DrawOffered { by: Side::White },
        };
        let at = micros(now());
        let due = OutboxRow::queued(
            Some("g".into()),
            "draw_offered",
            "b".into(),
            "{}".into(),
            at,
        );
        let mut later = due.clone();
        later.id = uuid::Uuid::now_v7().to_string();
        later.next_attempt_at = at + 3_600_000_000;
        let projection = game_row("g", "v");
        let append = |after_seq: i64, prev_hash: &str, mail: &[OutboxRow]| {
            store.append(&Append {
                after_seq,
                prev_hash,
                events: std::slice::from_ref(&event),
                projection: &projection,
                mail,
                envelope: None,
            })
        };
        // Without a sender to hand to, mail waits unclaimed in the table (zarf-load's limit run).
        let stored = append(0, crate::store::chain::GENESIS, &[]).unwrap();
        let handed = store.hand_off_mail();
        let stored = append(1, &stored[0].hash, &[due.clone(), later.clone()]).unwrap();
        // The mail due now reaches the sender in memory, claimed; the reminder due later does not.
        let got: Vec<OutboxRow> = handed.try_iter().collect();
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].id, due.id);
        let lease = got[0].claimed_until.expect("claimed by this server");
        assert!(lease >= at + MAIL_LEASE.whole_microseconds() as i64);
        let in_table: Vec<(String, Option<i64>)> = outbox::table
            .select((outbox::id, outbox::claimed_until))
            .order(outbox::next_attempt_at)
            .load(&mut *store.reader().unwrap())
            .unwrap();
        assert_eq!(
            in_table,
            [(due.id.clone(), Some(lease)), (later.id.clone(), None)]
        );
        // So no claim takes it while its lease runs...
        let claimed = store.claim_outbox(at + 1, at + 2, 100).unwrap();
        assert!(claimed.is_empty(), "{claimed:?}");
        // ...and once it has run out (the server died before sending it) any sender may.
        let after = lease + 1;
        let mut claimed: Vec<String> = store
            .claim_outbox(later.next_attempt_at.max(after), after + 1, 100)
            .unwrap()
            .into_iter()
            .map(|r| r.id)
            .collect();
        claimed.sort();
        assert_eq!(claimed, [due.id.clone(), later.id.clone()]);
        // A lost race hands nothing over: its rows were never written.
        let mut lost = due.clone();
        lost.id = uuid::Uuid::now_v7().to_string();
        assert!(matches!(
            append(1, &stored[0].hash, &[lost]),
            Err(StoreError::Conflict)
        ));
        assert!(handed.try_iter().next().is_none());
    }
}

/// A second kind of log, declared as any kind is, gets what a game's log gets from the same code.
#[cfg(test)]
mod another_kind {
    use diesel::connection::SimpleConnection;
    use diesel::prelude::*;

    use super::*;
    use crate::store::chain::GENESIS;
    use crate::store::log::tally::*;
    use crate::store::{on_temp_postgres, verify_log, Append, Store};

    #[test]
    fn another_kind_of_log_is_appended_chained_projected_and_verified() {
        let dir = std::env::temp_dir().join(format!("zarf-tally-{}", uuid::Uuid::now_v7()));
        let url = format!("sqlite://{}", dir.join("zarf.sqlite3").display());
        another_kind_on(Store::open(&url, 4).unwrap());
        on_temp_postgres(another_kind_on);
    }

    fn another_kind_on(store: Store) {
        store.writer().unwrap().batch_execute(TABLES).unwrap();
        // Its first append, with mail, through the group commit.
        let first = [counted(2), counted(3)];
        let mail = OutboxRow::queued(None, "your_move", "p".into(), "{}".into(), 1);
        let stored = store
            .append(&Append {
                after_seq: 0,
                prev_hash: GENESIS,
                events: &first,
                projection: &tally("t", 5, 2),
                mail: std::slice::from_ref(&mail),
                envelope: None,
            })
            .unwrap();
        assert_eq!(stored.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(stored[1].prev_hash, stored[0].hash, "chained");

        // In one batch with a game's append: a lost race on the tally is undone alone.
        let next = |n: i64, total: i64| {
            let append = Append {
                after_seq: 2,
                prev_hash: &stored[1].hash,
                events: &[counted(n)],
                projection: &tally("t", total, 3),
                mail: &[],
                envelope: None,
            };
            Store::rows_of(&append).0
        };
        let batch = [
            next(4, 9),
            next(-1, 4),
            super::tests::first_append("g", "m"),
        ];
        let batch: Vec<Job> = batch
            .into_iter()
            .map(|rows| Job {
                rows,
                answer: oneshot::channel().0,
            })
            .collect();
        let each = write_batch(&mut store.writer().unwrap(), &batch).unwrap();
        assert!(
            matches!(each.as_slice(), [Ok(()), Err(StoreError::Conflict), Ok(())]),
            "{each:?}"
        );

        // Read back and decoded; the projection is the winner's; the mail was queued with it.
        let log: Vec<StoredEvent<Counted>> = store.load_log(&TallyLog, "t", 0).unwrap();
        let counts: Vec<i64> = log.iter().map(|e| e.event.n).collect();
        assert_eq!(counts, [2, 3, 4]);
        assert_eq!(log[2].prev_hash, stored[1].hash);
        let row: (String, i64, i64) = tallies::table
            .select((tallies::id, tallies::total, tallies::last_seq))
            .first(&mut *store.reader().unwrap())
            .unwrap();
        assert_eq!(row, ("t".into(), 9, 3));
        let queued: i64 = crate::store::schema::outbox::table
            .count()
            .get_result(&mut *store.reader().unwrap())
            .unwrap();
        assert_eq!(queued, 1);
        assert_eq!(store.log_ids(&TallyLog).unwrap(), ["t"]);

        // Verified as a game's log is: sound, then a tampered event found.
        assert_eq!(verify_log(&store, &TallyLog, "t", fold).unwrap(), []);
        store
            .writer()
            .unwrap()
            .batch_execute(
                "UPDATE tally_events SET data = '{\"n\":40}' WHERE tally_id = 't' AND seq = 3",
            )
            .unwrap();
        let breaks = verify_log(&store, &TallyLog, "t", fold).unwrap();
        assert_eq!(breaks.len(), 1, "{breaks:?}");
        assert_eq!(
            (breaks[0].kind, breaks[0].seq, breaks[0].reason.as_str()),
            ("tally", 3, "hash does not match the event's content")
        );
    }
}
