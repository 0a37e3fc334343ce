//! The event store: diesel over SQLite (embedded default) or PostgreSQL (production), chosen by the
//! database URL. Event logs (a game's, and any other kind: see [`log`]) are append-only with a
//! hash chain; a log's projection row and the outbox rows are written in the same transaction as
//! the events they follow from.

pub mod chain;
pub mod pool;
pub mod schema;

use std::path::Path;
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{self, Pool};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use domain::game::GameEvent;
pub use pool::{Conn, Manager};
use time::OffsetDateTime;

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

/// Runs `test` on a new SQLite store, then on a new PostgreSQL database (see
/// [`on_temp_postgres`]).
#[cfg(test)]
pub(crate) fn on_both_backends(test: impl Fn(Store)) {
    let dir = std::env::temp_dir().join(format!("zarf-store-{}", uuid::Uuid::now_v7()));
    let url = format!("sqlite://{}", dir.join("zarf.sqlite3").display());
    test(Store::open(&url, 4).unwrap());
    on_temp_postgres(test);
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

// The store's parts, by concern (after `on_backend!`, which they use).
mod challenges;
mod erasure;
mod events;
mod export;
mod games;
pub mod group;
pub mod live;
pub mod log;
mod mail;
mod pg_batch;
mod players;
mod ratings;
mod sign_in;
mod tokens;
pub(crate) mod tournaments;
mod verify;
mod visits;
mod xfcc;

pub use challenges::*;
pub use erasure::*;
pub use events::*;
pub use export::*;
pub use games::*;
pub use log::{EventRow, GameLog, LogTable, ProjectionRow, Recorded, TournamentLog};
pub use mail::*;
pub use players::*;
pub use ratings::*;
pub use tokens::{TokenListed, LAST_USED_EVERY};
pub use tournaments::*;
pub use verify::*;
pub use xfcc::AppPasswordRow;

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
    /// The connection that listens for other servers could not be opened.
    #[error("listening for other servers: {0}")]
    Listen(String),
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
    /// PostgreSQL's URL, for the connection that listens for other servers' commits.
    listen_url: Option<String>,
    /// Where the mail this store's own writes queue goes: this server's sender (D20).
    mail: std::sync::Arc<std::sync::Mutex<Option<crossbeam_channel::Sender<OutboxRow>>>>,
}

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
            crate::files::sqlite_database(Path::new(&target))?;
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
            // second, and past it mail is settled by the sender as before.
            tokens: std::sync::Arc::new(RecentPlayers::new(50_000)),
            players_by_id: std::sync::Arc::new(RecentPlayers::new(RECIPIENTS_KEPT)),
            mail: Default::default(),
            listen_url: (backend == Backend::Postgres).then(|| url.to_owned()),
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
}

fn unique_as(replacement: StoreError) -> impl FnOnce(DieselError) -> StoreError {
    move |e| match e {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => replacement,
        other => StoreError::Database(other),
    }
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
            created_by: None,
            school: None,
            class_name: None,
            time_zone: None,
            challenges_from: "anyone".into(),
            max_games: None,
            email_confirmed: true,
            without_sight: false,
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
