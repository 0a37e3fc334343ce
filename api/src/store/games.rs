//! The games projection: one row per game, written with its events; the listings, the
//! scheduler's claims (flag falls, reminders, A10) and sealed envelopes.

use super::log::{GameLog, LogTable, ProjectionRow};
use super::schema::{envelopes, games, outbox, players, tokens};
use super::*;

/// A player's games, theirs to move first (soonest deadline first), then the most recently
/// changed.
pub(super) fn most_urgent_first(rows: &mut [GameRow], player_id: &str) {
    rows.sort_by_key(|g| {
        (
            g.to_move_id.as_deref() != Some(player_id) || g.status != "active",
            g.deadline.unwrap_or(i64::MAX),
            std::cmp::Reverse(g.updated_at),
        )
    });
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = games, treat_none_as_null = true)]
pub struct GameRow {
    pub id: String,
    pub white_id: String,
    pub black_id: String,
    pub organiser_id: Option<String>,
    pub status: String,
    pub to_move: String,
    pub to_move_id: Option<String>,
    pub deadline: Option<i64>,
    pub result: Option<String>,
    pub termination: Option<String>,
    pub last_seq: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub view: String,
    /// The domain's clock state as of `last_seq` (JSON), for games with a clock.
    pub clock_state: Option<String>,
    /// Until when a scheduler holds this game (flag fall or reminder in progress).
    pub claimed_until: Option<i64>,
    /// When the next time reminder is due.
    pub reminder_at: Option<i64>,
    /// When A10 applies (an hour after an adjourned game's resumption time).
    pub resume_deadline: Option<i64>,
    /// The game played (`chess`, `checkers`, …).
    pub game: String,
    /// The result counts for the players' ratings.
    pub rated: bool,
    /// Who may read the game: `public`, `signed_in` or `participants`.
    pub visibility: String,
}

impl ProjectionRow for GameRow {
    fn log(&self) -> &'static dyn LogTable {
        &GameLog
    }

    fn log_id(&self) -> &str {
        &self.id
    }

    fn write(&self, conn: &mut AnyConnection, first: bool) -> QueryResult<usize> {
        if first {
            diesel::insert_into(games::table).values(self).execute(conn)
        } else {
            diesel::update(games::table.find(&self.id))
                .set(self)
                .execute(conn)
        }
    }

    fn boxed(&self) -> Box<dyn ProjectionRow> {
        Box::new(self.clone())
    }

    fn as_game(&self) -> Option<&GameRow> {
        Some(self)
    }
}

/// A sealed envelope's encrypted content.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = envelopes)]
pub struct EnvelopeRow {
    pub game_id: String,
    /// `sealed` or `reply`.
    pub kind: String,
    pub sealed_by: String,
    pub ciphertext: String,
    pub sealed_at: i64,
}

impl Store {
    /// The projection row of a game.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn game_row(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(on_backend!(&mut *conn, |c| games::table
            .find(id)
            .select(GameRow::as_select())
            .first(c)
            .optional())?)
    }

    /// Games that go on and changed at or after `since`, with their last event's seq, the most
    /// recently changed first.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn live_games_since(
        &self,
        since: i64,
        limit: i64,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let mut conn = self.reader()?;
        Ok(on_backend!(&mut *conn, |c| games::table
            .filter(
                games::status
                    .eq_any(["active", "adjourned"])
                    .and(games::updated_at.ge(since)),
            )
            .order(games::updated_at.desc())
            .select((games::id, games::last_seq))
            .limit(limit)
            .load(c))?)
    }

    /// A player's games from the projection, most urgent first: the player's turn, then nearest
    /// deadline, then most recently changed.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn games_of_player(
        &self,
        player_id: &str,
        status: Option<&str>,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        let mut conn = self.reader()?;
        let theirs = games::white_id
            .eq(player_id)
            .or(games::black_id.eq(player_id));
        // Two queries of fixed shape rather than one boxed query: diesel finds a fixed shape's
        // prepared statement by its type, where a boxed query's SQL is written out and looked up
        // on every call.
        let mut rows: Vec<GameRow> = on_backend!(&mut *conn, |c| match status {
            Some(s) => games::table
                .filter(theirs.and(games::status.eq(s)))
                .select(GameRow::as_select())
                .limit(limit)
                .load(c),
            None => games::table
                .filter(theirs)
                .select(GameRow::as_select())
                .limit(limit)
                .load(c),
        })?;
        most_urgent_first(&mut rows, player_id);
        Ok(rows)
    }

    /// The games an organiser runs (as their arbiter), newest first.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn games_organised_by(
        &self,
        organiser: &str,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(on_backend!(&mut *conn, |c| games::table
            .filter(games::organiser_id.eq(organiser))
            .order(games::created_at.desc())
            .select(GameRow::as_select())
            .limit(limit)
            .load(c))?)
    }

    /// As [`Store::games_of_player`] for the player whose bearer token has this hash, found in the
    /// same query (one round trip for a token the server has not seen lately, as a correspondence
    /// player's is when they look in again): `None` for an unknown token. The player is cached by
    /// the token as [`Store::player_by_token_hash`] does.
    #[tracing::instrument(level = "debug", skip(self, hash))]
    pub fn games_of_token(
        &self,
        hash: &str,
        status: Option<&str>,
        limit: i64,
    ) -> Result<Option<(PlayerRow, Vec<GameRow>)>, StoreError> {
        let read_in = self.players_generation();
        let mut conn = self.reader()?;
        let theirs = games::white_id
            .eq(players::id)
            .or(games::black_id.eq(players::id));
        let player = tokens::table
            .inner_join(players::table.on(players::id.eq(tokens::player_id)))
            .filter(tokens::hash.eq(hash));
        // A fixed shape each, as in `games_of_player`; the status is part of the join, so a player
        // with no such games is still found.
        let rows: Vec<(PlayerRow, Option<GameRow>)> = on_backend!(&mut *conn, |c| match status {
            Some(s) => player
                .left_join(games::table.on(theirs.and(games::status.eq(s))))
                .select((PlayerRow::as_select(), Option::<GameRow>::as_select()))
                .limit(limit)
                .load(c),
            None => player
                .left_join(games::table.on(theirs))
                .select((PlayerRow::as_select(), Option::<GameRow>::as_select()))
                .limit(limit)
                .load(c),
        })?;
        let mut rows = rows.into_iter();
        let Some((player, first)) = rows.next() else {
            return Ok(None);
        };
        let mut games: Vec<GameRow> = first
            .into_iter()
            .chain(rows.filter_map(|(_, g)| g))
            .collect();
        most_urgent_first(&mut games, &player.id);
        self.seen(read_in, Some(hash), &player);
        Ok(Some((player, games)))
    }

    /// Claims up to `limit` active games whose deadline has passed and that no scheduler holds,
    /// holding them until `lease_until`. On PostgreSQL, rows another server is claiming at the same
    /// moment are skipped (`FOR UPDATE SKIP LOCKED`), so several servers share the work.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn claim_due(
        &self,
        now: i64,
        lease_until: i64,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        self.claim("deadline", now, lease_until, limit)
    }

    /// As [`Store::claim_due`], for games whose next time reminder is due.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn claim_reminders(
        &self,
        now: i64,
        lease_until: i64,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        self.claim("reminder_at", now, lease_until, limit)
    }

    pub(super) fn claim(
        &self,
        column: &str,
        now: i64,
        lease_until: i64,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        use diesel::sql_types::BigInt;
        #[derive(QueryableByName)]
        struct Claimed {
            #[diesel(sql_type = diesel::sql_types::Text)]
            id: String,
        }
        // `column` is one of two fixed names, never input.
        let select = format!(
            "SELECT id FROM games WHERE status IN ('active', 'adjourned') AND {column} IS NOT NULL AND {column} <= $1 \
             AND (claimed_until IS NULL OR claimed_until < $1) ORDER BY {column} LIMIT $3"
        );
        let mut conn = self.writer()?;
        let rows: Vec<Claimed> = match &mut *conn {
            AnyConnection::Postgresql(pg) => diesel::sql_query(format!(
                "UPDATE games SET claimed_until = $2 WHERE id IN ({select} FOR UPDATE SKIP LOCKED) RETURNING id"
            ))
            .bind::<BigInt, _>(now)
            .bind::<BigInt, _>(lease_until)
            .bind::<BigInt, _>(limit)
            .load(pg)?,
            // One writer connection: no other claimer can interleave.
            AnyConnection::Sqlite(lite) => diesel::sql_query(format!(
                "UPDATE games SET claimed_until = ?2 WHERE id IN ({}) RETURNING id",
                select.replace('$', "?")
            ))
            .bind::<BigInt, _>(now)
            .bind::<BigInt, _>(lease_until)
            .bind::<BigInt, _>(limit)
            .load(lite)?,
        };
        Ok(rows.into_iter().map(|r| r.id).collect())
    }

    /// Records a sent reminder (an outbox row) and when the next one is due, releasing the claim.
    #[tracing::instrument(level = "debug", skip(self, mail))]
    pub fn record_reminder(
        &self,
        game_id: &str,
        mail: Option<&OutboxRow>,
        next: Option<i64>,
    ) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        conn.transaction(|conn| {
            if let Some(m) = mail {
                diesel::insert_into(outbox::table).values(m).execute(conn)?;
            }
            diesel::update(games::table.find(game_id))
                .set((
                    games::reminder_at.eq(next),
                    games::claimed_until.eq(None::<i64>),
                ))
                .execute(conn)?;
            Ok(())
        })
    }

    /// Releases a claim early.
    pub fn release(&self, game_id: &str) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        diesel::update(games::table.find(game_id))
            .set(games::claimed_until.eq(None::<i64>))
            .execute(&mut *conn)?;
        Ok(())
    }

    /// A game's envelope of this kind.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn envelope(&self, game_id: &str, kind: &str) -> Result<Option<EnvelopeRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(envelopes::table
            .find((game_id, kind))
            .select(EnvelopeRow::as_select())
            .first(&mut *conn)
            .optional()?)
    }

    /// Claims adjourned games an hour past their resumption time (A10), as [`Store::claim_due`].
    pub fn claim_late(
        &self,
        now: i64,
        lease_until: i64,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        self.claim("resume_deadline", now, lease_until, limit)
    }

    /// Stops looking at a game's resumption (the arbiter decides; see A10 with both absent).
    pub fn clear_resume_deadline(&self, game_id: &str) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        diesel::update(games::table.find(game_id))
            .set((
                games::resume_deadline.eq(None::<i64>),
                games::claimed_until.eq(None::<i64>),
            ))
            .execute(&mut *conn)?;
        Ok(())
    }
}
