//! The outbox: mail written with the events that cause it, handed to this server's sender or
//! claimed from the table, recorded as sent or retried; and the daily digests' schedule.

use super::schema::{outbox, players};
use super::*;

/// How long a claimed mail is its server's to send; after that any server's sender may claim it.
pub const MAIL_LEASE: time::Duration = time::Duration::seconds(60);

/// The most mails waiting to be handed to the sender; more wait in the table for their lease to
/// run out.
pub(super) const MAIL_HANDOFF_CAPACITY: usize = 10_000;

impl OutboxRow {
    /// A mail to send from `now` on, not yet tried.
    pub fn queued(
        game_id: Option<String>,
        kind: &str,
        recipient_id: String,
        payload: String,
        now: i64,
    ) -> OutboxRow {
        OutboxRow {
            id: uuid::Uuid::now_v7().to_string(),
            game_id,
            kind: kind.to_owned(),
            recipient_id,
            payload,
            created_at: now,
            attempts: 0,
            next_attempt_at: now,
            sent_at: None,
            last_error: None,
            claimed_until: None,
        }
    }
}

/// What became of one claimed mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutboxOutcome {
    /// Sent, or settled without sending (`note` says why).
    Done {
        id: String,
        at: i64,
        note: Option<String>,
    },
    /// A failed attempt: try again at `next`.
    Retry {
        id: String,
        attempts: i32,
        next: i64,
        error: String,
    },
}

#[derive(Debug, Clone, Queryable, QueryableByName, Selectable, Insertable)]
#[diesel(table_name = outbox)]
pub struct OutboxRow {
    pub id: String,
    pub game_id: Option<String>,
    pub kind: String,
    pub recipient_id: String,
    pub payload: String,
    pub created_at: i64,
    pub attempts: i32,
    pub next_attempt_at: i64,
    pub sent_at: Option<i64>,
    pub last_error: Option<String>,
    pub claimed_until: Option<i64>,
}

impl Store {
    /// From now on, the mail this store's writes queue (due at once) is written already claimed
    /// by this server and passed to the returned receiver after its commit: the sender sends it
    /// without claiming it from the table (D20). Rows that do not fit in the queue, or that a
    /// crash loses, are claimed from the table once their lease has run out.
    pub fn hand_off_mail(&self) -> crossbeam_channel::Receiver<OutboxRow> {
        let (tx, rx) = crossbeam_channel::bounded(MAIL_HANDOFF_CAPACITY);
        *self.mail.lock().expect("mail hand-off lock") = Some(tx);
        rx
    }

    /// Marks the rows due now as claimed by this server, if it hands mail off; the copies to
    /// hand off once they are committed.
    pub(super) fn claim_for_handoff(
        &self,
        mail: &mut [OutboxRow],
    ) -> Option<(crossbeam_channel::Sender<OutboxRow>, Vec<OutboxRow>)> {
        if mail.is_empty() {
            return None;
        }
        let tx = self.mail.lock().expect("mail hand-off lock").clone()?;
        let now = now();
        let (at, until) = (micros(now), micros(now + MAIL_LEASE));
        let claimed = mail
            .iter_mut()
            .filter(|row| row.sent_at.is_none() && row.next_attempt_at <= at)
            .map(|row| {
                row.claimed_until = Some(until);
                row.clone()
            })
            .collect();
        Some((tx, claimed))
    }

    /// Claims due, unsent outbox rows with a lease (`FOR UPDATE SKIP LOCKED` on PostgreSQL).
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn claim_outbox(
        &self,
        now: i64,
        lease_until: i64,
        limit: i64,
    ) -> Result<Vec<OutboxRow>, StoreError> {
        use diesel::sql_types::BigInt;
        let select = "SELECT id FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 \
             AND (claimed_until IS NULL OR claimed_until < $1) ORDER BY next_attempt_at LIMIT $3";
        let mut conn = self.writer()?;
        let rows: Vec<OutboxRow> = match &mut *conn {
            AnyConnection::Postgresql(pg) => diesel::sql_query(format!(
                "UPDATE outbox SET claimed_until = $2 WHERE id IN ({select} FOR UPDATE SKIP LOCKED) RETURNING *"
            ))
            .bind::<BigInt, _>(now)
            .bind::<BigInt, _>(lease_until)
            .bind::<BigInt, _>(limit)
            .load(pg)?,
            AnyConnection::Sqlite(lite) => diesel::sql_query(format!(
                "UPDATE outbox SET claimed_until = ?2 WHERE id IN ({}) RETURNING *",
                select.replace('$', "?")
            ))
            .bind::<BigInt, _>(now)
            .bind::<BigInt, _>(lease_until)
            .bind::<BigInt, _>(limit)
            .load(lite)?,
        };
        Ok(rows)
    }

    /// Records what became of sent (or skipped, or failed) mails, in one transaction.
    #[tracing::instrument(level = "debug", skip_all, fields(n = outcomes.len()))]
    pub fn outbox_record(&self, outcomes: &[OutboxOutcome]) -> Result<(), StoreError> {
        if outcomes.is_empty() {
            return Ok(());
        }
        let mut conn = self.writer()?;
        if let AnyConnection::Postgresql(pg) = &mut *conn {
            // Sent mail, the common case, in one statement (one round trip, atomic alone).
            let done: Vec<_> = outcomes
                .iter()
                .filter_map(|o| match o {
                    OutboxOutcome::Done { id, at, note } => Some((id, at, note)),
                    OutboxOutcome::Retry { .. } => None,
                })
                .collect();
            if done.len() == outcomes.len() {
                let values = (0..done.len())
                    .map(|i| {
                        format!(
                            "(${}, ${}::bigint, ${}::text)",
                            3 * i + 1,
                            3 * i + 2,
                            3 * i + 3
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                let mut q = diesel::sql_query(format!(
                    "UPDATE outbox SET sent_at = v.at, last_error = v.note, claimed_until = NULL \
                     FROM (VALUES {values}) AS v(id, at, note) WHERE outbox.id = v.id"
                ))
                .into_boxed::<diesel::pg::Pg>();
                for (id, at, note) in done {
                    q = q
                        .bind::<diesel::sql_types::Text, _>(id.as_str())
                        .bind::<diesel::sql_types::BigInt, _>(*at)
                        .bind::<diesel::sql_types::Nullable<diesel::sql_types::Text>, _>(
                            note.as_deref(),
                        );
                }
                q.execute(pg)?;
                return Ok(());
            }
        }
        conn.transaction(|conn| {
            for outcome in outcomes {
                match outcome {
                    OutboxOutcome::Done { id, at, note } => {
                        diesel::update(outbox::table.find(id))
                            .set((
                                outbox::sent_at.eq(Some(*at)),
                                outbox::last_error.eq(note.as_deref()),
                                outbox::claimed_until.eq(None::<i64>),
                            ))
                            .execute(conn)?;
                    }
                    OutboxOutcome::Retry {
                        id,
                        attempts,
                        next,
                        error,
                    } => {
                        diesel::update(outbox::table.find(id))
                            .set((
                                outbox::attempts.eq(*attempts),
                                outbox::next_attempt_at.eq(*next),
                                outbox::last_error.eq(Some(error.as_str())),
                                outbox::claimed_until.eq(None::<i64>),
                            ))
                            .execute(conn)?;
                    }
                }
            }
            Ok(())
        })
    }

    /// Queues many mails in one transaction (one row per insert, as MultiConnection wants).
    pub fn enqueue_many(&self, rows: &[OutboxRow]) -> Result<(), StoreError> {
        let mut rows = rows.to_vec();
        let handoff = self.claim_for_handoff(&mut rows);
        let mut conn = self.writer()?;
        conn.transaction(|conn| {
            for row in &rows {
                diesel::insert_into(outbox::table)
                    .values(row)
                    .execute(conn)?;
            }
            Ok::<_, StoreError>(())
        })?;
        hand_off(handoff);
        Ok(())
    }

    /// Queues one mail (outside a game's transaction: sign-in links, digests).
    pub fn enqueue(&self, row: &OutboxRow) -> Result<(), StoreError> {
        self.enqueue_many(std::slice::from_ref(row))
    }

    /// Up to `limit` players whose digest is due at `now`, each with the time it was due at.
    pub fn digests_due(&self, now: i64, limit: i64) -> Result<Vec<(PlayerRow, i64)>, StoreError> {
        let mut conn = self.reader()?;
        let rows: Vec<(PlayerRow, Option<i64>)> = players::table
            .filter(players::next_digest_at.le(now))
            .order(players::next_digest_at)
            .select((PlayerRow::as_select(), players::next_digest_at))
            .limit(limit)
            .load(&mut *conn)?;
        Ok(rows
            .into_iter()
            .filter_map(|(p, due)| Some((p, due?)))
            .collect())
    }

    /// Moves a player's digest due at `due` to `next`; with `sent_at`, records that day's digest as
    /// done and queues its mail, if any, in the same transaction. Returns false, writing nothing, if
    /// the digest was no longer due at `due` (another server's scheduler took it, or the player
    /// changed their preferences meanwhile).
    pub fn record_digest(
        &self,
        player_id: &str,
        due: i64,
        next: i64,
        sent_at: Option<i64>,
        mail: Option<&OutboxRow>,
    ) -> Result<bool, StoreError> {
        let mut mail: Vec<OutboxRow> = mail.into_iter().cloned().collect();
        let handoff = self.claim_for_handoff(&mut mail);
        let mut conn = self.writer()?;
        let done = conn.transaction(|conn| {
            let mine = players::table
                .find(player_id)
                .filter(players::next_digest_at.eq(due));
            let n = match sent_at {
                Some(at) => diesel::update(mine)
                    .set((
                        players::next_digest_at.eq(next),
                        players::last_digest_at.eq(at),
                    ))
                    .execute(conn)?,
                None => diesel::update(mine)
                    .set(players::next_digest_at.eq(next))
                    .execute(conn)?,
            };
            if n == 1 {
                for m in &mail {
                    diesel::insert_into(outbox::table).values(m).execute(conn)?;
                }
            }
            Ok::<_, StoreError>(n == 1)
        })?;
        if done {
            hand_off(handoff);
            // Cached callers carry the player's row.
            self.forget_players();
        }
        Ok(done)
    }

    /// The outbox's backlog at `now`: how many mails are due and unsent, and when the oldest of
    /// them fell due (microseconds).
    pub fn outbox_backlog(&self, now: i64) -> Result<(i64, Option<i64>), StoreError> {
        let mut conn = self.reader()?;
        let due = outbox::table
            .filter(outbox::sent_at.is_null())
            .filter(outbox::next_attempt_at.le(now));
        let count: i64 = due.count().get_result(&mut *conn)?;
        let oldest: Option<i64> = due
            .select(diesel::dsl::min(outbox::next_attempt_at))
            .get_result(&mut *conn)?;
        Ok((count, oldest))
    }

    /// Outbox rows not yet sent (oldest first).
    pub fn pending_outbox(&self, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(outbox::table
            .filter(outbox::sent_at.is_null())
            .order(outbox::created_at)
            .limit(limit)
            .select(OutboxRow::as_select())
            .load(&mut *conn)?)
    }

    /// The first mails queued, sent or not, oldest first.
    pub fn outbox(&self, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(outbox::table
            .order(outbox::created_at)
            .limit(limit)
            .select(OutboxRow::as_select())
            .load(&mut *conn)?)
    }
}
