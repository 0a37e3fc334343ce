//! Event logs: appending (through the group commit), reading, and the rows a log is kept in.

use super::schema::game_events;
use super::*;

/// What one command appends, in one transaction.
#[derive(Debug, Clone, Copy)]
pub struct Append<'a> {
    pub game_id: &'a str,
    /// The last seq the caller folded: the new events follow it.
    pub after_seq: i64,
    pub prev_hash: &'a str,
    pub events: &'a [GameEvent],
    pub projection: &'a GameRow,
    pub mail: &'a [OutboxRow],
    pub envelope: Option<&'a EnvelopeRow>,
}

/// An append handed to the group commit: its events, once committed.
#[must_use = "an append is only durable once its answer says so"]
pub struct PendingAppend {
    committing: group::Committing,
    handoff: Option<(crossbeam_channel::Sender<OutboxRow>, Vec<OutboxRow>)>,
    stored: Vec<StoredEvent>,
}

impl PendingAppend {
    /// Waits for the commit on this thread (not on an async worker: it blocks).
    pub fn wait(self) -> Result<Vec<StoredEvent>, StoreError> {
        self.committing.wait()?;
        hand_off(self.handoff);
        Ok(self.stored)
    }

    /// The commit, awaited: an HTTP worker serves other requests meanwhile.
    pub async fn committed(self) -> Result<Vec<StoredEvent>, StoreError> {
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

pub(super) fn load_events(
    conn: &mut AnyConnection,
    game_id: &str,
) -> Result<Vec<StoredEvent>, StoreError> {
    let rows: Vec<EventRow> = game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq)
        .select(EventRow::as_select())
        .load(conn)?;
    rows.into_iter().map(StoredEvent::try_from).collect()
}

/// Stored rows for new events, each hashed onto the one before.
pub(super) fn chain_rows(
    game_id: &str,
    after_seq: i64,
    prev_hash: &str,
    events: &[GameEvent],
) -> Vec<EventRow> {
    let mut prev = prev_hash.to_owned();
    events
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let seq = after_seq + 1 + i as i64;
            let data = chain::canonical_json(&e.body.data());
            let actor = e.actor.to_string();
            let at = rfc3339(e.at);
            let hash = chain::event_hash(
                &prev,
                &chain::Hashed {
                    game_id,
                    seq,
                    type_name: e.body.type_name(),
                    version: e.body.version() as i32,
                    actor: &actor,
                    at: &at,
                    data: &data,
                },
            );
            EventRow {
                game_id: game_id.to_owned(),
                seq,
                type_: e.body.type_name().to_owned(),
                version: e.body.version() as i32,
                data,
                actor,
                recorded_at: micros(e.at),
                prev_hash: std::mem::replace(&mut prev, hash.clone()),
                hash,
            }
        })
        .collect()
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = game_events)]
pub struct EventRow {
    pub game_id: String,
    pub seq: i64,
    pub type_: String,
    pub version: i32,
    pub data: String,
    pub actor: String,
    pub recorded_at: i64,
    pub prev_hash: String,
    pub hash: String,
}

/// A stored event, decoded.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub seq: i64,
    pub event: GameEvent,
    /// The data as stored (canonical JSON), for the events endpoint and verification.
    pub data: serde_json::Value,
    pub prev_hash: String,
    pub hash: String,
    pub game_id: String,
}

impl TryFrom<EventRow> for StoredEvent {
    type Error = StoreError;

    fn try_from(row: EventRow) -> Result<StoredEvent, StoreError> {
        let corrupt =
            |what: String| StoreError::Corrupt(format!("{} #{}: {what}", row.game_id, row.seq));
        let data: serde_json::Value =
            serde_json::from_str(&row.data).map_err(|e| corrupt(e.to_string()))?;
        let version = u32::try_from(row.version).map_err(|e| corrupt(e.to_string()))?;
        let body = EventBody::decode(&row.type_, version, data.clone())
            .map_err(|e| corrupt(e.to_string()))?;
        let actor = Actor::parse(&row.actor).ok_or_else(|| corrupt("bad actor".into()))?;
        Ok(StoredEvent {
            seq: row.seq,
            event: GameEvent {
                at: from_micros(row.recorded_at),
                actor,
                body,
            },
            data,
            prev_hash: row.prev_hash,
            hash: row.hash,
            game_id: row.game_id,
        })
    }
}

impl Store {
    /// A game's whole log, in order.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn load_events(&self, game_id: &str) -> Result<Vec<StoredEvent>, StoreError> {
        let mut conn = self.reader()?;
        load_events(&mut conn, game_id)
    }

    /// The events of a game after `after_seq`, in order (to bring a cached fold up to date).
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn load_events_after(
        &self,
        game_id: &str,
        after_seq: i64,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        let mut conn = self.reader()?;
        let rows: Vec<EventRow> = game_events::table
            .filter(game_events::game_id.eq(game_id))
            .filter(game_events::seq.gt(after_seq))
            .order(game_events::seq)
            .select(EventRow::as_select())
            .load(&mut *conn)?;
        rows.into_iter().map(StoredEvent::try_from).collect()
    }

    /// Appends `events` after `after_seq` (the last seq the caller folded), with the projection
    /// row and outbox rows, in one transaction (shared with concurrent appends: see [`group`]),
    /// and answers once it is committed. If another writer got there first, nothing is written
    /// and the answer is [`StoreError::Conflict`].
    #[tracing::instrument(level = "debug", skip_all, fields(game = %batch.game_id, after_seq = batch.after_seq, n = batch.events.len()))]
    pub fn append(&self, batch: &Append<'_>) -> Result<Vec<StoredEvent>, StoreError> {
        self.submit(batch)?.wait()
    }

    /// As [`Store::append`], without waiting for the commit: the rows are handed to the group
    /// commit, and the returned [`PendingAppend`] gives the stored events once they are durable.
    pub fn submit(&self, batch: &Append<'_>) -> Result<PendingAppend, StoreError> {
        let (mut rows, stored) = Self::rows_of(batch);
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
    pub fn append_alone(&self, batch: &Append<'_>) -> Result<Vec<StoredEvent>, StoreError> {
        let (rows, stored) = Self::rows_of(batch);
        let mut conn = self.writer()?;
        conn.transaction(|conn| group::write_rows(conn, &rows))?;
        Ok(stored)
    }

    /// Writes many games' appends in one transaction, without savepoints: for filling a new
    /// database (`zarf-load seed`). Any conflict fails the whole call.
    pub fn import(&self, appends: &[Append<'_>]) -> Result<(), StoreError> {
        let rows: Vec<group::Rows> = appends.iter().map(|a| Self::rows_of(a).0).collect();
        let all: Vec<&group::Rows> = rows.iter().collect();
        let mut conn = self.writer()?;
        conn.transaction(|conn| group::write_together(conn, &all))
    }

    pub(super) fn rows_of(batch: &Append<'_>) -> (group::Rows, Vec<StoredEvent>) {
        let rows = chain_rows(
            batch.game_id,
            batch.after_seq,
            batch.prev_hash,
            batch.events,
        );
        let stored = group::stored(rows.clone(), batch.events);
        let rows = group::Rows {
            game_id: batch.game_id.to_owned(),
            after_seq: batch.after_seq,
            events: rows,
            projection: batch.projection.clone(),
            mail: batch.mail.to_vec(),
            envelope: batch.envelope.cloned(),
        };
        (rows, stored)
    }
}
