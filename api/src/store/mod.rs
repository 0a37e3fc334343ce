//! The event store: diesel over SQLite (embedded default) or PostgreSQL (production), chosen by the
//! database URL. Game logs are append-only with a hash chain; the games projection and the outbox
//! rows are written in the same transaction as the events they follow from.

pub mod chain;
pub mod group;
mod pg_batch;
pub mod pool;
pub mod schema;

use std::path::Path;
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{self, Pool};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use domain::game::{Actor, EventBody, GameEvent};
pub use pool::{Conn, Manager};
use time::OffsetDateTime;

use schema::{
    envelopes, game_events, games, login_codes, login_links, outbox, players, sessions, tokens,
};

/// The PostgreSQL server for unit tests (`ZARF_TEST_POSTGRES_URL`), or `None` after saying the
/// case is skipped.
#[cfg(test)]
pub(crate) fn test_postgres_url() -> Option<String> {
    let url = std::env::var("ZARF_TEST_POSTGRES_URL")
        .ok()
        .filter(|u| !u.is_empty());
    if url.is_none() {
        eprintln!("ZARF_TEST_POSTGRES_URL is unset: the PostgreSQL case is skipped");
    }
    url
}

/// Runs `test` on a new PostgreSQL database on `ZARF_TEST_POSTGRES_URL`'s server, dropped
/// afterwards; says it skipped where the variable is unset.
#[cfg(test)]
pub(crate) fn on_temp_postgres(test: impl FnOnce(Store)) {
    use diesel::connection::SimpleConnection;
    let Some(base) = crate::store::test_postgres_url() else {
        return;
    };
    let name = format!("zarf_store_{}", uuid::Uuid::now_v7().simple());
    let mut admin = diesel::PgConnection::establish(&base).unwrap();
    admin
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .unwrap();
    let (head, query) = base
        .split_once('?')
        .map_or((base.as_str(), None), |(h, q)| (h, Some(q)));
    let server = &head[..head
        .rfind('/')
        .filter(|&i| i > "postgres://".len())
        .unwrap_or(head.len())];
    let url = match query {
        Some(q) => format!("{server}/{name}?{q}"),
        None => format!("{server}/{name}"),
    };
    test(Store::open(&url, 4).unwrap());
    admin
        .batch_execute(&format!("DROP DATABASE {name} WITH (FORCE)"))
        .unwrap();
}

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/postgres");

/// One connection to either backend.
#[derive(diesel::MultiConnection)]
pub enum AnyConnection {
    Postgresql(diesel::PgConnection),
    Sqlite(diesel::SqliteConnection),
}

/// Runs a typed query on the connection's own backend. Through `MultiConnection` a query is
/// wrapped, and the wrapper writes its whole SQL out on every pass over it (binding its values,
/// asking whether it may be cached), although its prepared statement is found by its type: on the
/// hot reads that was a tenth of the server's CPU (D33). The body is compiled once per backend.
macro_rules! on_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            AnyConnection::Postgresql($c) => $body,
            AnyConnection::Sqlite($c) => $body,
        }
    };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another writer appended first (a unique violation on the key): nothing was written.
    #[error("the game changed meanwhile")]
    Conflict,
    #[error("a row with that key exists")]
    Duplicate,
    #[error("stored data is unreadable: {0}")]
    Corrupt(String),
    #[error(transparent)]
    Database(#[from] DieselError),
    #[error("no database connection: {0}")]
    Pool(#[from] r2d2::PoolError),
    /// A shared transaction failed to commit: nothing of it was written.
    #[error("the commit failed: {0}")]
    Commit(String),
}

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
fn hand_off(handoff: Option<(crossbeam_channel::Sender<OutboxRow>, Vec<OutboxRow>)>) {
    let Some((tx, rows)) = handoff else { return };
    for row in rows {
        if tx.try_send(row).is_err() {
            tracing::debug!("the mail queue is full; the rest wait for their lease to run out");
            return;
        }
    }
}

/// The store: a pool of readers and, for SQLite, a single writer so writes queue instead of
/// failing with "database is locked".
#[derive(Clone)]
pub struct Store {
    backend: Backend,
    readers: Pool<Manager>,
    writers: Pool<Manager>,
    group: group::GroupCommit,
    pub commit_stats: std::sync::Arc<group::CommitStats>,
    tokens: std::sync::Arc<RecentPlayers>,
    /// Players by id, as read for mail (D36).
    players_by_id: std::sync::Arc<RecentPlayers>,
    /// Where the mail this store's own writes queue goes: this server's sender (D20).
    mail: std::sync::Arc<std::sync::Mutex<Option<crossbeam_channel::Sender<OutboxRow>>>>,
}

/// How long a claimed mail is its server's to send; after that any server's sender may claim it.
pub const MAIL_LEASE: time::Duration = time::Duration::seconds(60);

/// The most mails waiting to be handed to the sender; more wait in the table for their lease to
/// run out.
const MAIL_HANDOFF_CAPACITY: usize = 10_000;

/// Players seen in the last few seconds, by a key (a token's hash; a player's id): every API
/// request authenticates, and this spares most of them a query; the mail written with a move is
/// settled at once where its recipient is known to take none (D36). A change to a player made
/// through this store forgets both caches at once; one made by another server is seen within
/// [`RecentPlayers::TTL`].
///
/// A row read before a change but put after it would bring the old player back: each forgetting
/// starts a new generation, and a row read in an earlier one is not put.
struct RecentPlayers {
    entries: std::sync::Mutex<Entries>,
    /// The most players kept; past it the expired are dropped, and if that is not enough, all.
    capacity: usize,
}

#[derive(Default)]
struct Entries {
    generation: u64,
    players: std::collections::HashMap<String, (std::time::Instant, PlayerRow)>,
}

impl RecentPlayers {
    const TTL: Duration = Duration::from_secs(5);

    fn new(capacity: usize) -> RecentPlayers {
        RecentPlayers {
            entries: Default::default(),
            capacity,
        }
    }

    /// `read` of the player under `key`, if seen within the TTL.
    fn with<R>(&self, key: &str, read: impl FnOnce(&PlayerRow) -> R) -> Option<R> {
        let entries = self.entries.lock().expect("player cache lock");
        entries
            .players
            .get(key)
            .filter(|(at, _)| at.elapsed() < Self::TTL)
            .map(|(_, p)| read(p))
    }

    fn get(&self, key: &str) -> Option<PlayerRow> {
        self.with(key, PlayerRow::clone)
    }

    /// The generation a read about to start belongs to.
    fn generation(&self) -> u64 {
        self.entries.lock().expect("player cache lock").generation
    }

    /// Remembers `player`, read in generation `read_in`, unless a change has been made since.
    fn put(&self, read_in: u64, key: &str, player: &PlayerRow) {
        let mut entries = self.entries.lock().expect("player cache lock");
        if entries.generation != read_in {
            return;
        }
        let players = &mut entries.players;
        if players.len() >= self.capacity {
            players.retain(|_, (at, _)| at.elapsed() < Self::TTL);
            if players.len() >= self.capacity {
                players.clear();
            }
        }
        players.insert(key.to_owned(), (std::time::Instant::now(), player.clone()));
    }

    fn forget_all(&self) {
        let mut entries = self.entries.lock().expect("player cache lock");
        entries.generation += 1;
        entries.players.clear();
    }
}

/// How many players are kept by id for mail (D36).
const RECIPIENTS_KEPT: usize = 2_000;

/// The generations of the two player caches when a read began.
#[derive(Clone, Copy)]
struct Seen(u64, u64);

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.backend)
            .finish()
    }
}

/// Microseconds since the Unix epoch: how times are stored.
pub fn micros(t: OffsetDateTime) -> i64 {
    (t.unix_timestamp_nanos() / 1000) as i64
}

pub fn from_micros(us: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(us) * 1000)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

/// The present moment at the precision the store keeps (events are hashed at that precision).
pub fn now() -> OffsetDateTime {
    from_micros(micros(OffsetDateTime::now_utc()))
}

pub fn rfc3339(t: OffsetDateTime) -> String {
    t.format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

impl Store {
    /// Connects to `url` (`sqlite://PATH` or `postgres://...`) and runs the migrations.
    pub fn open(url: &str, pool_size: u32) -> anyhow::Result<Store> {
        let (backend, target) = if let Some(rest) = url.strip_prefix("sqlite://") {
            (Backend::Sqlite, rest.to_owned())
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_owned())
        } else {
            anyhow::bail!("the database URL must start with sqlite:// or postgres://, not {url:?}");
        };
        if backend == Backend::Sqlite {
            if let Some(dir) = Path::new(&target)
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
            {
                std::fs::create_dir_all(dir)?;
            }
        }
        let manager = Manager { backend, target };
        let build = |size: u32| {
            Pool::builder()
                .max_size(size)
                .connection_timeout(Duration::from_secs(30))
                .build(manager.clone())
        };
        let writers = match backend {
            Backend::Sqlite => build(1)?,
            Backend::Postgres => build(pool_size)?,
        };
        let readers = match backend {
            Backend::Sqlite => build(pool_size)?,
            Backend::Postgres => writers.clone(),
        };
        let commit_stats = std::sync::Arc::new(group::CommitStats::default());
        let group = group::GroupCommit::start(writers.clone(), commit_stats.clone());
        let store = Store {
            backend,
            readers,
            writers,
            group,
            commit_stats,
            // Every request's player by token; by id, the recipients of the games played in the
            // last few seconds (D36): 2,000 covers a load of 100 games at thousands of moves a
            // second, and past it mail is settled by the sender as before. With 100,000 active
            // games and 10,000 kept, the server's memory rose by 14 MB (docs/performance.md).
            tokens: std::sync::Arc::new(RecentPlayers::new(50_000)),
            players_by_id: std::sync::Arc::new(RecentPlayers::new(RECIPIENTS_KEPT)),
            mail: Default::default(),
        };
        store.migrate()?;
        Ok(store)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    fn migrate(&self) -> anyhow::Result<()> {
        let mut conn = self.writers.get()?;
        let migrations = match self.backend {
            Backend::Sqlite => SQLITE_MIGRATIONS,
            Backend::Postgres => POSTGRES_MIGRATIONS,
        };
        conn.run_pending_migrations(migrations)
            .map_err(|e| anyhow::anyhow!("migrations failed: {e}"))?;
        Ok(())
    }

    pub fn reader(&self) -> Result<Conn, StoreError> {
        Ok(Conn(self.readers.get()?))
    }

    pub fn writer(&self) -> Result<Conn, StoreError> {
        Ok(Conn(self.writers.get()?))
    }

    /// After a bulk load (`zarf-load seed`), what autovacuum does in time where it runs (it can be
    /// off, as on this project's test machines): on PostgreSQL, `VACUUM (ANALYZE)`. Without the
    /// planner's statistics a player's games were estimated at 12,547 rows where there are 5, and
    /// without the visibility map and hint bits the first read of each page dirtied it (written
    /// again on eviction). On SQLite, nothing.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn vacuum_analyze(&self) -> Result<(), StoreError> {
        if self.backend == Backend::Postgres {
            self.writer()?.batch_execute("VACUUM (ANALYZE)")?;
        }
        Ok(())
    }

    /// Is the database reachable?
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn ping(&self) -> Result<(), StoreError> {
        self.reader()?.batch_execute("SELECT 1")?;
        Ok(())
    }

    // ------------------------------------------------------------------ players and tokens

    #[tracing::instrument(level = "debug", skip(self, player, token_hash), fields(player = %player.id))]
    pub fn create_player(&self, player: &PlayerRow, token_hash: &str) -> Result<(), StoreError> {
        self.create_players(&[(player, token_hash)])
    }

    /// Creates players, each with its token, in one transaction (one commit for many players,
    /// where each commit waits for the disk): `Duplicate`, and nothing written, if any of them
    /// exists already.
    pub fn create_players(&self, players: &[(&PlayerRow, &str)]) -> Result<(), StoreError> {
        let written_in = self.players_generation();
        let mut conn = self.writer()?;
        conn.transaction(|conn| {
            for (player, token_hash) in players {
                diesel::insert_into(players::table)
                    .values(*player)
                    .execute(conn)
                    .map_err(unique_as(StoreError::Duplicate))?;
                diesel::insert_into(tokens::table)
                    .values(TokenRow {
                        hash: (*token_hash).to_owned(),
                        player_id: player.id.clone(),
                        created_at: player.created_at,
                    })
                    .execute(conn)?;
            }
            Ok::<_, StoreError>(())
        })?;
        for (player, _) in players {
            self.seen(written_in, None, player);
        }
        Ok(())
    }

    /// The generation of the player caches a read about to start belongs to.
    fn players_generation(&self) -> Seen {
        Seen(self.tokens.generation(), self.players_by_id.generation())
    }

    /// Remembers a player read or written (since `read_in`), by token hash (if given) and by id.
    fn seen(&self, read_in: Seen, token_hash: Option<&str>, player: &PlayerRow) {
        if let Some(hash) = token_hash {
            self.tokens.put(read_in.0, hash, player);
        }
        self.players_by_id.put(read_in.1, &player.id, player);
    }

    /// Forgets every player seen: one has changed.
    fn forget_players(&self) {
        self.tokens.forget_all();
        self.players_by_id.forget_all();
    }

    /// `read` of the player with this id if it was read or written in the last few seconds,
    /// without touching the database (so an async worker may ask).
    pub fn recent_player_with<R>(&self, id: &str, read: impl FnOnce(&PlayerRow) -> R) -> Option<R> {
        self.players_by_id.with(id, read)
    }

    /// The player of a token seen in the last few seconds, without touching the database (so
    /// an async worker may ask).
    pub fn cached_player_by_token_hash(&self, hash: &str) -> Option<PlayerRow> {
        self.tokens.get(hash)
    }

    #[tracing::instrument(level = "debug", skip_all)]
    pub fn player_by_token_hash(&self, hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        if let Some(player) = self.tokens.get(hash) {
            return Ok(Some(player));
        }
        let read_in = self.players_generation();
        let mut conn = self.reader()?;
        let player = tokens::table
            .inner_join(players::table.on(players::id.eq(tokens::player_id)))
            .filter(tokens::hash.eq(hash))
            .select(PlayerRow::as_select())
            .first(&mut *conn)
            .optional()?;
        if let Some(p) = &player {
            self.seen(read_in, Some(hash), p);
        }
        Ok(player)
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub fn player(&self, id: &str) -> Result<Option<PlayerRow>, StoreError> {
        let read_in = self.players_generation();
        let mut conn = self.reader()?;
        let player = players::table
            .find(id)
            .select(PlayerRow::as_select())
            .first(&mut *conn)
            .optional()?;
        if let Some(p) = &player {
            self.seen(read_in, None, p);
        }
        Ok(player)
    }

    /// The players with these ids, in one query (the mail sender's recipients of a round).
    #[tracing::instrument(level = "debug", skip_all, fields(n = ids.len()))]
    pub fn players(
        &self,
        ids: &[&str],
    ) -> Result<std::collections::HashMap<String, PlayerRow>, StoreError> {
        let read_in = self.players_generation();
        let mut conn = self.reader()?;
        let mut found = std::collections::HashMap::with_capacity(ids.len());
        // SQLite takes at most 32,766 parameters a statement.
        for chunk in ids.chunks(10_000) {
            let rows: Vec<PlayerRow> = players::table
                .filter(players::id.eq_any(chunk))
                .select(PlayerRow::as_select())
                .load(&mut *conn)?;
            rows.iter().for_each(|p| self.seen(read_in, None, p));
            found.extend(rows.into_iter().map(|p| (p.id.clone(), p)));
        }
        Ok(found)
    }

    // ------------------------------------------------------------------ game logs

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
    fn claim_for_handoff(
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

    fn rows_of(batch: &Append<'_>) -> (group::Rows, Vec<StoredEvent>) {
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

    fn claim(
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

    /// Every game id with a log (for `zarf verify`).
    pub fn game_ids(&self) -> Result<Vec<String>, StoreError> {
        let mut conn = self.reader()?;
        Ok(game_events::table
            .select(game_events::game_id)
            .distinct()
            .order(game_events::game_id)
            .load(&mut *conn)?)
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

    pub fn player_by_email(&self, email: &str) -> Result<Option<PlayerRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(players::table
            .filter(players::email.eq(email))
            .select(PlayerRow::as_select())
            .first(&mut *conn)
            .optional()?)
    }

    /// Sets a player's mail preferences. A player who now wants a digest is due one at once: the
    /// scheduler's next round sends it if this is the player's hour, else it schedules the next.
    pub fn set_mail_preferences(
        &self,
        player_id: &str,
        mode: &str,
        digest_hour: i32,
        utc_offset_minutes: i32,
    ) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let n = diesel::update(players::table.find(player_id))
            .set((
                players::mail_mode.eq(mode),
                players::digest_hour.eq(digest_hour),
                players::utc_offset_minutes.eq(utc_offset_minutes),
                players::next_digest_at.eq((mode == "digest").then_some(0)),
            ))
            .execute(&mut *conn)?;
        self.forget_players();
        Ok(n == 1)
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

    pub fn insert_login_link(
        &self,
        hash: &str,
        player_id: &str,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        diesel::insert_into(login_links::table)
            .values((
                login_links::hash.eq(hash),
                login_links::player_id.eq(player_id),
                login_links::expires_at.eq(expires_at),
            ))
            .execute(&mut *conn)?;
        Ok(())
    }

    /// Uses a sign-in link once: the player it was for, if unused and unexpired.
    pub fn use_login_link(&self, hash: &str, now: i64) -> Result<Option<String>, StoreError> {
        let mut conn = self.writer()?;
        Ok(diesel::update(
            login_links::table
                .filter(login_links::hash.eq(hash))
                .filter(login_links::used_at.is_null())
                .filter(login_links::expires_at.gt(now)),
        )
        .set(login_links::used_at.eq(Some(now)))
        .returning(login_links::player_id)
        .get_result::<String>(&mut *conn)
        .optional()?)
    }

    pub fn insert_login_code(
        &self,
        hash: &str,
        player_id: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        diesel::insert_into(login_codes::table)
            .values((
                login_codes::hash.eq(hash),
                login_codes::player_id.eq(player_id),
                login_codes::created_at.eq(now),
            ))
            .execute(&mut *conn)?;
        Ok(())
    }

    /// Uses a one-time login code: the player it was for, if unused.
    pub fn use_login_code(&self, hash: &str, now: i64) -> Result<Option<String>, StoreError> {
        let mut conn = self.writer()?;
        Ok(diesel::update(
            login_codes::table
                .filter(login_codes::hash.eq(hash))
                .filter(login_codes::used_at.is_null()),
        )
        .set(login_codes::used_at.eq(Some(now)))
        .returning(login_codes::player_id)
        .get_result::<String>(&mut *conn)
        .optional()?)
    }

    pub fn create_session(
        &self,
        hash: &str,
        player_id: &str,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        diesel::insert_into(sessions::table)
            .values((
                sessions::hash.eq(hash),
                sessions::player_id.eq(player_id),
                sessions::expires_at.eq(expires_at),
            ))
            .execute(&mut *conn)?;
        Ok(())
    }

    pub fn player_by_session(&self, hash: &str, now: i64) -> Result<Option<PlayerRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(sessions::table
            .inner_join(players::table.on(players::id.eq(sessions::player_id)))
            .filter(sessions::hash.eq(hash))
            .filter(sessions::expires_at.gt(now))
            .select(PlayerRow::as_select())
            .first(&mut *conn)
            .optional()?)
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

fn unique_as(replacement: StoreError) -> impl FnOnce(DieselError) -> StoreError {
    move |e| match e {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => replacement,
        other => StoreError::Database(other),
    }
}

fn load_events(conn: &mut AnyConnection, game_id: &str) -> Result<Vec<StoredEvent>, StoreError> {
    let rows: Vec<EventRow> = game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq)
        .select(EventRow::as_select())
        .load(conn)?;
    rows.into_iter().map(StoredEvent::try_from).collect()
}

/// Stored rows for new events, each hashed onto the one before.
fn chain_rows(
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

// ---------------------------------------------------------------------- rows

/// A player's games, theirs to move first (soonest deadline first), then the most recently
/// changed.
fn most_urgent_first(rows: &mut [GameRow], player_id: &str) {
    rows.sort_by_key(|g| {
        (
            g.to_move_id.as_deref() != Some(player_id) || g.status != "active",
            g.deadline.unwrap_or(i64::MAX),
            std::cmp::Reverse(g.updated_at),
        )
    });
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = players)]
pub struct PlayerRow {
    pub id: String,
    pub name: String,
    pub email: Option<String>,
    pub locale: String,
    pub notation: Option<String>,
    pub roles: String,
    pub created_at: i64,
    /// `every_event`, `digest` or `reminders_only`.
    pub mail_mode: String,
    pub digest_hour: i32,
    pub utc_offset_minutes: i32,
    pub last_digest_at: Option<i64>,
}

impl PlayerRow {
    pub fn roles(&self) -> impl Iterator<Item = &str> {
        self.roles.split(',').filter(|r| !r.is_empty())
    }

    pub fn has_role(&self, role: &str) -> bool {
        self.roles().any(|r| r == role)
    }
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = tokens)]
struct TokenRow {
    hash: String,
    player_id: String,
    created_at: i64,
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
}

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

/// A break found by [`verify_game`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainBreak {
    pub game_id: String,
    pub seq: i64,
    pub reason: String,
}

/// Checks one game's log: sequence without gaps, every hash recomputed and chained, every event
/// readable and the whole log folding.
pub fn verify_game(store: &Store, game_id: &str) -> Result<Vec<ChainBreak>, StoreError> {
    let mut conn = store.reader()?;
    let rows: Vec<EventRow> = game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq)
        .select(EventRow::as_select())
        .load(&mut *conn)?;
    let mut breaks: Vec<(i64, String)> = Vec::new();
    let mut prev = chain::GENESIS.to_owned();
    let mut events = Vec::with_capacity(rows.len());
    for (i, row) in rows.into_iter().enumerate() {
        let seq = row.seq;
        if seq != i as i64 + 1 {
            breaks.push((seq, format!("expected seq {}", i + 1)));
        }
        if row.prev_hash != prev {
            breaks.push((
                seq,
                "prev_hash does not match the previous event's hash".into(),
            ));
        }
        match serde_json::from_str::<serde_json::Value>(&row.data) {
            Ok(data) => {
                let at = rfc3339(from_micros(row.recorded_at));
                let expected = chain::event_hash(
                    &row.prev_hash,
                    &chain::Hashed {
                        game_id,
                        seq,
                        type_name: &row.type_,
                        version: row.version,
                        actor: &row.actor,
                        at: &at,
                        data: &chain::canonical_json(&data),
                    },
                );
                if expected != row.hash {
                    breaks.push((seq, "hash does not match the event's content".into()));
                }
            }
            Err(e) => breaks.push((seq, format!("data is not JSON: {e}"))),
        }
        prev = row.hash.clone();
        match StoredEvent::try_from(row) {
            Ok(e) => events.push(e.event),
            Err(e) => breaks.push((seq, e.to_string())),
        }
    }
    if breaks.is_empty() {
        if let Err(e) = domain::GameState::<domain::chess::Chess>::replay(&events) {
            breaks.push((
                e.version as i64,
                format!("the log does not fold: {}", e.reason),
            ));
        }
    }
    Ok(breaks
        .into_iter()
        .map(|(seq, reason)| ChainBreak {
            game_id: game_id.to_owned(),
            seq,
            reason,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use diesel::prelude::*;
    use diesel::sql_types::{Bool, Text};

    use super::{on_temp_postgres, Store};

    /// The seeder's last step leaves PostgreSQL's tables with their statistics and visibility
    /// map, where autovacuum (off on this project's test machines) has not made them.
    #[test]
    fn vacuum_analyze_leaves_postgres_tables_vacuumed_and_analysed() {
        on_temp_postgres(|store| {
            let done = |store: &Store| -> bool {
                let mut conn = store.reader().unwrap();
                diesel::select(diesel::dsl::sql::<Bool>(
                    "(SELECT last_vacuum IS NOT NULL AND last_analyze IS NOT NULL \
                     FROM pg_stat_user_tables WHERE relname = 'games')",
                ))
                .get_result(&mut *conn)
                .unwrap()
            };
            assert!(!done(&store), "a new database is not vacuumed yet");
            store.vacuum_analyze().unwrap();
            assert!(done(&store));
        });
    }

    /// The stored view's column is compressed with lz4 (a long game's view is over 2 kB), not
    /// with PostgreSQL's slower default, pglz.
    #[test]
    fn stored_views_are_compressed_with_lz4_on_postgres() {
        on_temp_postgres(|store| {
            let mut conn = store.reader().unwrap();
            let method: String = diesel::select(diesel::dsl::sql::<Text>(
                "(SELECT attcompression::text FROM pg_attribute \
                 WHERE attrelid = 'games'::regclass AND attname = 'view')",
            ))
            .get_result(&mut *conn)
            .unwrap();
            assert_eq!(method, "l");
        });
    }

    fn player(id: &str, mail_mode: &str) -> super::PlayerRow {
        super::PlayerRow {
            id: id.into(),
            name: "Mehmet".into(),
            email: None,
            locale: "tr".into(),
            notation: None,
            roles: String::new(),
            created_at: 0,
            mail_mode: mail_mode.into(),
            digest_hour: 8,
            utc_offset_minutes: 180,
            last_digest_at: None,
        }
    }

    /// A player read before a change but put after it is not remembered: the old row would
    /// otherwise stand for the new one for a few seconds.
    #[test]
    fn a_player_read_before_a_change_is_not_remembered_after_it() {
        let cache = super::RecentPlayers::new(10);
        let mode = |cache: &super::RecentPlayers| cache.with("p", |p| p.mail_mode.clone());
        let read_in = cache.generation();
        cache.put(read_in, "p", &player("p", "every_event"));
        assert_eq!(mode(&cache).as_deref(), Some("every_event"));

        let read_in = cache.generation();
        cache.forget_all();
        assert_eq!(mode(&cache), None, "forgotten");
        cache.put(read_in, "p", &player("p", "every_event"));
        assert_eq!(mode(&cache), None, "read before the change");

        cache.put(cache.generation(), "p", &player("p", "digest"));
        assert_eq!(mode(&cache).as_deref(), Some("digest"));
    }
}
