//! Pooled connections and their health.
//!
//! The pool checks a connection before lending it only if it has been idle a while: a connection
//! handed back a moment ago without a sign of trouble is lent again without a `SELECT 1` (on
//! PostgreSQL each check is a round trip, and under load they were a quarter of all statements).
//! A connection that diesel found broken (libpq's status is bad after the server closed it, or a
//! transaction could not be ended) is thrown away when it comes back, so a restarted database server costs at most the one request that met each dead
//! connection; one that was idle longer than [`FRESH`] is checked, as before.

use std::ops::{Deref, DerefMut};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{self, ManageConnection, PooledConnection, R2D2Connection};

use super::{AnyConnection, Backend};

/// How long after it was handed back a connection is lent again unchecked.
pub const FRESH: Duration = Duration::from_secs(1);

/// Opens connections to the configured database.
#[derive(Debug, Clone)]
pub struct Manager {
    pub(super) backend: Backend,
    pub(super) target: String,
}

/// A connection as the pool keeps it.
pub struct Pooled {
    conn: AnyConnection,
    /// When it was last handed back (or opened).
    returned: Instant,
}

impl ManageConnection for Manager {
    type Connection = Pooled;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<Pooled, r2d2::Error> {
        let conn = match self.backend {
            Backend::Postgres => diesel::PgConnection::establish(&self.target)
                .map(AnyConnection::Postgresql)
                .map_err(r2d2::Error::ConnectionError)?,
            Backend::Sqlite => {
                let mut conn = diesel::SqliteConnection::establish(&self.target)
                    .map_err(r2d2::Error::ConnectionError)?;
                // WAL lets readers work beside the single writer; FULL syncs the WAL on every
                // commit, so an acknowledged write survives a killed process and a power cut.
                // The busy timeout first: switching to WAL itself waits for a lock. Each pooled
                // connection keeps its own page cache (2 MB by default): a quarter of that bounds
                // the pool's share of the server's memory, the operating system caching the file
                // anyway (D38).
                conn.batch_execute(
                    "PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; \
                     PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; \
                     PRAGMA cache_size = -512;",
                )
                .map_err(r2d2::Error::QueryError)?;
                AnyConnection::Sqlite(conn)
            }
        };
        Ok(Pooled {
            conn,
            returned: Instant::now(),
        })
    }

    fn is_valid(&self, pooled: &mut Pooled) -> Result<(), r2d2::Error> {
        if pooled.returned.elapsed() < FRESH {
            return Ok(());
        }
        pooled
            .conn
            .batch_execute("SELECT 1")
            .map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, pooled: &mut Pooled) -> bool {
        pooled.returned = Instant::now();
        // diesel marks a connection broken when libpq says it is gone or a transaction was
        // left in error.
        std::thread::panicking()
            || match &mut pooled.conn {
                AnyConnection::Postgresql(c) => R2D2Connection::is_broken(c),
                AnyConnection::Sqlite(c) => R2D2Connection::is_broken(c),
            }
    }
}

impl Deref for Pooled {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        &self.conn
    }
}

impl DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }
}

/// A connection lent by the pool; `&mut *conn` is the diesel connection.
pub struct Conn(pub(super) PooledConnection<Manager>);

impl Deref for Conn {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        &self.0
    }
}

impl DerefMut for Conn {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_postgres_url;
    use diesel::r2d2::Pool;
    use diesel::result::{DatabaseErrorKind, Error as DieselError};

    #[derive(QueryableByName)]
    struct Pid {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        pid: i32,
    }

    fn pid_of(conn: &mut AnyConnection) -> QueryResult<i32> {
        diesel::sql_query("SELECT pg_backend_pid() AS pid")
            .get_result::<Pid>(conn)
            .map(|p| p.pid)
    }

    #[derive(QueryableByName)]
    struct Setting {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        value: i64,
    }

    /// A pragma's value, read through its table-valued function (`column` is its one column).
    fn pragma(conn: &mut AnyConnection, name: &str, column: &str) -> i64 {
        diesel::sql_query(format!("SELECT {column} AS value FROM pragma_{name}"))
            .get_result::<Setting>(conn)
            .unwrap_or_else(|e| panic!("PRAGMA {name}: {e}"))
            .value
    }

    /// Every SQLite connection the pool opens commits durably (FULL; `synchronous` reads 2) and
    /// keeps a page cache of 512 kB (a negative `cache_size` is in kibibytes), not SQLite's 2 MB:
    /// the pool's share of memory with 100,000 active games (D38).
    #[test]
    fn a_pooled_sqlite_connection_syncs_every_commit_and_keeps_a_small_page_cache() {
        let dir = std::env::temp_dir().join(format!("zarf-pool-{}", uuid::Uuid::now_v7()));
        let store =
            crate::store::Store::open(&format!("sqlite://{}/z.sqlite3", dir.display()), 2).unwrap();
        let (mut reader, mut writer) = (store.reader().unwrap(), store.writer().unwrap());
        for conn in [&mut *reader, &mut *writer] {
            assert_eq!(pragma(conn, "cache_size", "cache_size"), -512);
            assert_eq!(pragma(conn, "synchronous", "synchronous"), 2);
            assert_eq!(pragma(conn, "foreign_keys", "foreign_keys"), 1);
            assert_eq!(pragma(conn, "busy_timeout", "timeout"), 10_000);
        }
        drop((reader, writer, store));
        let _ = std::fs::remove_dir_all(dir);
    }

    /// Ends the backend serving `pid`, as a server restart does.
    fn terminate(url: &str, pid: i32) {
        let mut admin = diesel::PgConnection::establish(url).unwrap();
        diesel::sql_query(format!("SELECT pg_terminate_backend({pid})"))
            .execute(&mut admin)
            .unwrap();
        std::thread::sleep(Duration::from_millis(100));
    }

    /// A dead connection shows which branch ran: lent unchecked while fresh, refused by the check
    /// once idle past [`FRESH`].
    #[test]
    fn a_connection_back_a_moment_ago_is_lent_unchecked_and_an_idle_one_is_checked() {
        let Some(url) = test_postgres_url() else {
            return;
        };
        let manager = Manager {
            backend: Backend::Postgres,
            target: url.clone(),
        };
        let mut pooled = manager.connect().expect("a connection");
        terminate(&url, pid_of(&mut pooled).unwrap());
        assert!(
            manager.is_valid(&mut pooled).is_ok(),
            "fresh: lent without a statement"
        );
        pooled.returned = Instant::now() - FRESH - Duration::from_millis(1);
        assert!(
            manager.is_valid(&mut pooled).is_err(),
            "idle: checked, and the dead connection fails the check"
        );
    }

    /// The database server drops the connection (as on a restart): the request that meets the
    /// dead connection fails, the pool throws it away, and the next request gets a new one.
    #[test]
    fn a_connection_the_server_closed_is_thrown_away_after_one_failure() {
        let Some(url) = test_postgres_url() else {
            return;
        };
        let pool = Pool::builder()
            .max_size(1)
            .build(Manager {
                backend: Backend::Postgres,
                target: url.clone(),
            })
            .unwrap();
        let first = pid_of(&mut pool.get().unwrap()).unwrap();
        terminate(&url, first);

        // Handed back a moment ago, so lent unchecked: this request meets the dead connection.
        let failed = pid_of(&mut pool.get().unwrap());
        assert!(
            matches!(
                failed,
                Err(DieselError::DatabaseError(
                    DatabaseErrorKind::ClosedConnection,
                    _
                ))
            ),
            "{failed:?}"
        );
        // Thrown away when handed back: the next request is served by a new backend.
        let next = pid_of(&mut pool.get().unwrap()).unwrap();
        assert_ne!(next, first);
    }
}
