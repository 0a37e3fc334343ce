//! Event logs of every kind: appending (through the group commit) and reading.

use super::log::{GameLog, LogTable, ProjectionRow, Recorded};
use super::*;

/// What one command appends to a log, in one transaction: the log and its id are the
/// projection's.
#[derive(Debug, Clone, Copy)]
pub struct Append<'a, E: Recorded = GameEvent> {
    /// The last seq the caller folded: the new events follow it.
    pub after_seq: i64,
    pub prev_hash: &'a str,
    pub events: &'a [E],
    pub projection: &'a dyn ProjectionRow,
    pub mail: &'a [OutboxRow],
    /// A game's sealed envelope.
    pub envelope: Option<&'a EnvelopeRow>,
}

/// New events numbered and hash-chained onto a log before they are written: the rows the
/// group commit writes. What the mail they cause quotes as its receipt is taken from here, so it
/// is what the log holds.
#[derive(Debug, Clone)]
pub struct Chained {
    after_seq: i64,
    rows: Vec<EventRow>,
}

/// An event's place in its log: its seq and its hash, which commits to every event up to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Receipt<'a> {
    pub seq: i64,
    pub hash: &'a str,
}

impl Chained {
    /// `events` after `after_seq` of log `log_id`, whose last hash is `prev_hash`.
    pub fn new<E: Recorded>(
        log: &dyn LogTable,
        log_id: &str,
        after_seq: i64,
        prev_hash: &str,
        events: &[E],
    ) -> Chained {
        Chained {
            after_seq,
            rows: chain_rows(log, log_id, after_seq, prev_hash, events),
        }
    }

    /// The chain an append's own events make.
    pub(super) fn of<E: Recorded>(batch: &Append<'_, E>) -> Chained {
        Chained::new(
            batch.projection.log(),
            batch.projection.log_id(),
            batch.after_seq,
            batch.prev_hash,
            batch.events,
        )
    }

    /// The seq of the first new event.
    pub fn first_seq(&self) -> i64 {
        self.after_seq + 1
    }

    /// Each new event's receipt, in order.
    pub fn receipts(&self) -> impl Iterator<Item = Receipt<'_>> {
        self.rows.iter().map(|row| Receipt {
            seq: row.seq,
            hash: &row.hash,
        })
    }

    /// Whether these rows are `batch`'s events, chained onto its log where it names.
    fn belongs_to<E: Recorded>(&self, batch: &Append<'_, E>) -> bool {
        self.after_seq == batch.after_seq
            && self.rows.len() == batch.events.len()
            && self.rows.first().is_none_or(|row| {
                row.prev_hash == batch.prev_hash && row.log_id == batch.projection.log_id()
            })
    }
}

/// An append handed to the group commit: its events, once committed.
#[must_use = "an append is only durable once its answer says so"]
pub struct PendingAppend<E = GameEvent> {
    committing: group::Committing,
    handoff: Option<(crossbeam_channel::Sender<OutboxRow>, Vec<OutboxRow>)>,
    stored: Vec<StoredEvent<E>>,
}

impl<E> PendingAppend<E> {
    /// Waits for the commit on this thread (not on an async worker: it blocks).
    pub fn wait(self) -> Result<Vec<StoredEvent<E>>, StoreError> {
        self.committing.wait()?;
        hand_off(self.handoff);
        Ok(self.stored)
    }

    /// The commit, awaited: an HTTP worker serves other requests meanwhile.
    pub async fn committed(self) -> Result<Vec<StoredEvent<E>>, StoreError> {
        self.committing.answer().await?;
        hand_off(self.handoff);
        Ok(self.stored)
    }
}

/// Passes committed, claimed mail to the sender. Never waits: if its queue is full, the rest are
/// claimed from the table once their lease runs out.
pub(super) fn hand_off(handoff: Option<(crossbeam_channel::Sender<OutboxRow>, Vec<OutboxRow>)>) {
    let Some((tx, rows)) = handoff else { return };
    for row in rows {
        if tx.try_send(row).is_err() {
            tracing::debug!("the mail queue is full; the rest wait for their lease to run out");
            return;
        }
    }
}

/// Stored rows for new events of `log`, each hashed onto the one before.
pub(super) fn chain_rows<E: Recorded>(
    log: &dyn LogTable,
    log_id: &str,
    after_seq: i64,
    prev_hash: &str,
    events: &[E],
) -> Vec<EventRow> {
    let mut prev = prev_hash.to_owned();
    events
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let seq = after_seq + 1 + i as i64;
            let data = chain::canonical_json(&e.data());
            let actor = e.actor();
            let at = rfc3339(e.at());
            let version = e.version() as i32;
            let hash = chain::event_hash(
                &prev,
                &chain::Hashed {
                    id_field: log.id_field(),
                    log_id,
                    seq,
                    type_name: e.type_name(),
                    version,
                    actor: &actor,
                    at: &at,
                    data: &data,
                },
            );
            EventRow {
                log_id: log_id.to_owned(),
                seq,
                type_: e.type_name().to_owned(),
                version,
                data,
                actor,
                recorded_at: micros(e.at()),
                prev_hash: std::mem::replace(&mut prev, hash.clone()),
                hash,
            }
        })
        .collect()
}

/// A stored event, decoded.
#[derive(Debug, Clone)]
pub struct StoredEvent<E = GameEvent> {
    pub seq: i64,
    pub event: E,
    /// The data as stored (canonical JSON), for the events endpoint and verification.
    pub data: serde_json::Value,
    /// The stored `version` of the event's shape (which the hash covers).
    pub version: i32,
    pub prev_hash: String,
    pub hash: String,
    pub log_id: String,
}

impl<E: Recorded> StoredEvent<E> {
    /// The event a row holds.
    pub fn decode(row: EventRow) -> Result<StoredEvent<E>, StoreError> {
        let corrupt =
            |what: String| StoreError::Corrupt(format!("{} #{}: {what}", row.log_id, row.seq));
        let data: serde_json::Value =
            serde_json::from_str(&row.data).map_err(|e| corrupt(e.to_string()))?;
        let version = u32::try_from(row.version).map_err(|e| corrupt(e.to_string()))?;
        let event = E::decode(
            &row.type_,
            version,
            data.clone(),
            from_micros(row.recorded_at),
            &row.actor,
        )
        .map_err(corrupt)?;
        Ok(StoredEvent {
            seq: row.seq,
            event,
            data,
            version: row.version,
            prev_hash: row.prev_hash,
            hash: row.hash,
            log_id: row.log_id,
        })
    }
}

impl Store {
    /// A game's whole log, in order.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn load_events(&self, game_id: &str) -> Result<Vec<StoredEvent>, StoreError> {
        self.load_log(&GameLog, game_id, 0)
    }

    /// The events of a game after `after_seq`, in order (to bring a cached fold up to date).
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn load_events_after(
        &self,
        game_id: &str,
        after_seq: i64,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        self.load_log(&GameLog, game_id, after_seq)
    }

    /// The events of any kind of log after `after_seq`, in order.
    pub fn load_log<E: Recorded>(
        &self,
        log: &dyn LogTable,
        id: &str,
        after_seq: i64,
    ) -> Result<Vec<StoredEvent<E>>, StoreError> {
        let mut conn = self.reader()?;
        let rows = log.load(&mut conn, id, after_seq)?;
        rows.into_iter().map(StoredEvent::decode).collect()
    }

    /// Every id with a log of this kind, in order (for `zarf verify`).
    pub fn log_ids(&self, log: &dyn LogTable) -> Result<Vec<String>, StoreError> {
        Ok(log.ids(&mut *self.reader()?)?)
    }

    /// Appends `events` after `after_seq` (the last seq the caller folded), with the projection
    /// row and outbox rows, in one transaction (shared with concurrent appends: see [`group`]),
    /// and answers once it is committed. If another writer got there first, nothing is written
    /// and the answer is [`StoreError::Conflict`].
    #[tracing::instrument(level = "debug", skip_all, fields(log = %batch.projection.log_id(), after_seq = batch.after_seq, n = batch.events.len()))]
    pub fn append<E: Recorded>(
        &self,
        batch: &Append<'_, E>,
    ) -> Result<Vec<StoredEvent<E>>, StoreError> {
        self.submit(batch)?.wait()
    }

    /// As [`Store::append`], without waiting for the commit: the rows are handed to the group
    /// commit, and the returned [`PendingAppend`] gives the stored events once they are durable.
    pub fn submit<E: Recorded>(
        &self,
        batch: &Append<'_, E>,
    ) -> Result<PendingAppend<E>, StoreError> {
        self.submit_chained(batch, Chained::of(batch))
    }

    /// As [`Store::submit`], with the batch's events already chained (`chained`, made by
    /// [`Chained::new`] from the same log, seq, hash and events): the rows written are those.
    pub fn submit_chained<E: Recorded>(
        &self,
        batch: &Append<'_, E>,
        chained: Chained,
    ) -> Result<PendingAppend<E>, StoreError> {
        if !chained.belongs_to(batch) {
            return Err(StoreError::Corrupt(format!(
                "{}: events chained for another append",
                batch.projection.log_id()
            )));
        }
        let (mut rows, stored) = Self::rows_of(batch, chained);
        let handoff = self.claim_for_handoff(&mut rows.mail);
        let committing = self.group.submit(rows)?;
        Ok(PendingAppend {
            committing,
            handoff,
            stored,
        })
    }

    /// As [`Store::append`], in a transaction of its own (one commit per append): the shape
    /// `zarf-load` measures the database's limit with.
    pub fn append_alone<E: Recorded>(
        &self,
        batch: &Append<'_, E>,
    ) -> Result<Vec<StoredEvent<E>>, StoreError> {
        let (rows, stored) = Self::rows_of(batch, Chained::of(batch));
        let mut conn = self.writer()?;
        conn.transaction(|conn| group::write_rows(conn, &rows))?;
        Ok(stored)
    }

    /// Writes many logs' appends in one transaction, without savepoints: for filling a new
    /// database (`zarf-load seed`). Any conflict fails the whole call.
    pub fn import<E: Recorded>(&self, appends: &[Append<'_, E>]) -> Result<(), StoreError> {
        let rows: Vec<group::Rows> = appends
            .iter()
            .map(|a| Self::rows_of(a, Chained::of(a)).0)
            .collect();
        let all: Vec<&group::Rows> = rows.iter().collect();
        let mut conn = self.writer()?;
        conn.transaction(|conn| group::write_together(conn, &all))
    }

    pub(super) fn rows_of<E: Recorded>(
        batch: &Append<'_, E>,
        chained: Chained,
    ) -> (group::Rows, Vec<StoredEvent<E>>) {
        let rows = chained.rows;
        let stored = group::stored(rows.clone(), batch.events);
        let rows = group::Rows {
            after_seq: batch.after_seq,
            events: rows,
            projection: batch.projection.boxed(),
            mail: batch.mail.to_vec(),
            envelope: batch.envelope.cloned(),
        };
        (rows, stored)
    }
}
