//! Word of committed events between servers sharing one PostgreSQL database: `NOTIFY` on a
//! channel every server `LISTEN`s on, so a page served by one server hears of a move committed on
//! another (D47). SQLite has one server: nothing crosses.

use diesel::connection::Connection;
use diesel::RunQueryDsl;

use super::{Backend, Store, StoreError};

/// The channel servers tell each other on.
const CHANNEL: &str = "zarf_live";

/// A connection of its own that listens on the channel.
pub struct Listener {
    conn: diesel::PgConnection,
}

impl Listener {
    /// The payloads notified since the last call (without waiting).
    pub fn poll(&mut self) -> Result<Vec<String>, StoreError> {
        let mut payloads = Vec::new();
        for n in self.conn.notifications_iter() {
            payloads.push(n?.payload);
        }
        Ok(payloads)
    }
}

impl Store {
    /// Tells every listening server `payload` (at most 7,999 bytes). Nothing on SQLite.
    #[tracing::instrument(level = "debug", skip_all)]
    pub fn notify_live(&self, payload: &str) -> Result<(), StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(());
        }
        let mut conn = self.writer()?;
        // Word is best effort: its commit need not wait for the disk as the moves' commits do.
        conn.transaction(|conn| {
            diesel::sql_query("SET LOCAL synchronous_commit TO OFF").execute(conn)?;
            diesel::sql_query("SELECT pg_notify($1, $2)")
                .bind::<diesel::sql_types::Text, _>(CHANNEL)
                .bind::<diesel::sql_types::Text, _>(payload)
                .execute(conn)?;
            Ok::<_, StoreError>(())
        })
    }

    /// A listener on the channel, on PostgreSQL.
    pub fn listen_live(&self) -> Result<Option<Listener>, StoreError> {
        let Some(url) = &self.listen_url else {
            return Ok(None);
        };
        let mut conn =
            diesel::PgConnection::establish(url).map_err(|e| StoreError::Listen(e.to_string()))?;
        diesel::sql_query(format!("LISTEN {CHANNEL}")).execute(&mut conn)?;
        Ok(Some(Listener { conn }))
    }
}
