//! The kinds of event log the store keeps. A game is one kind; any other (a tournament) is kept
//! the same way and gets the same guarantees from the same code: its own table with the columns
//! every log has, keyed `(<id>, seq)` so that a lost race is a unique violation (a conflict,
//! never a lost write); the hash chain over its events, which `zarf verify` checks; its
//! projection row and outbox rows written in the same transaction as its events; the group
//! commit.
//!
//! A kind is a table declared with [`event_log!`], a [`ProjectionRow`] that says how its
//! projection is written, and a [`Recorded`] event type.

use diesel::QueryResult;
use domain::game::{Actor, EventBody, GameEvent};
use time::OffsetDateTime;

use super::{AnyConnection, StoreError};

/// One command's rows, ready to write in one transaction (alone, or grouped with others by the
/// group commit): its log's kind and id are its projection's.
pub struct Rows {
    pub after_seq: i64,
    pub events: Vec<EventRow>,
    pub projection: Box<dyn ProjectionRow>,
    pub mail: Vec<super::OutboxRow>,
    /// A game's sealed envelope.
    pub envelope: Option<super::EnvelopeRow>,
}

/// One kind of event log's table: `(<id>, seq, type, version, data, actor, recorded_at,
/// prev_hash, hash)`.
pub trait LogTable: Send + Sync + std::fmt::Debug {
    /// The kind, as `zarf verify` names it.
    fn kind(&self) -> &'static str;
    /// The id's column, which is also the name the hash chain covers the id under.
    fn id_field(&self) -> &'static str;
    /// Inserts one event row (a unique violation: another writer got there first).
    fn insert(&self, conn: &mut AnyConnection, row: &EventRow) -> QueryResult<usize>;
    /// A log's events after `after_seq`, in order.
    fn load(
        &self,
        conn: &mut AnyConnection,
        id: &str,
        after_seq: i64,
    ) -> QueryResult<Vec<EventRow>>;
    /// Every id with a log, in order.
    fn ids(&self, conn: &mut AnyConnection) -> QueryResult<Vec<String>>;
    /// Replaces the data of event `seq` of log `id`, its hash left as recorded: for erasing
    /// personal data only (see `Store::anonymise`).
    fn erase(&self, conn: &mut AnyConnection, id: &str, seq: i64, data: &str)
        -> QueryResult<usize>;
}

/// Declares a kind of log over a `diesel::table!` with the columns every log has: a unit struct
/// implementing [`LogTable`].
macro_rules! event_log {
    ($(#[$meta:meta])* $name:ident, $kind:literal, $table:ident, $id:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy)]
        pub struct $name;

        impl $crate::store::log::LogTable for $name {
            fn kind(&self) -> &'static str {
                $kind
            }

            fn id_field(&self) -> &'static str {
                stringify!($id)
            }

            fn insert(
                &self,
                conn: &mut $crate::store::AnyConnection,
                row: &$crate::store::EventRow,
            ) -> diesel::QueryResult<usize> {
                use diesel::prelude::*;
                use $table as t;
                diesel::insert_into(t::table)
                    .values((
                        t::$id.eq(&row.log_id),
                        t::seq.eq(row.seq),
                        t::type_.eq(&row.type_),
                        t::version.eq(row.version),
                        t::data.eq(&row.data),
                        t::actor.eq(&row.actor),
                        t::recorded_at.eq(row.recorded_at),
                        t::prev_hash.eq(&row.prev_hash),
                        t::hash.eq(&row.hash),
                    ))
                    .execute(conn)
            }

            fn load(
                &self,
                conn: &mut $crate::store::AnyConnection,
                id: &str,
                after_seq: i64,
            ) -> diesel::QueryResult<Vec<$crate::store::EventRow>> {
                use diesel::prelude::*;
                use $table as t;
                t::table
                    .filter(t::$id.eq(id))
                    .filter(t::seq.gt(after_seq))
                    .order(t::seq)
                    .select((
                        t::$id,
                        t::seq,
                        t::type_,
                        t::version,
                        t::data,
                        t::actor,
                        t::recorded_at,
                        t::prev_hash,
                        t::hash,
                    ))
                    .load(conn)
            }

            fn ids(
                &self,
                conn: &mut $crate::store::AnyConnection,
            ) -> diesel::QueryResult<Vec<String>> {
                use diesel::prelude::*;
                use $table as t;
                t::table.select(t::$id).distinct().order(t::$id).load(conn)
            }

            fn erase(
                &self,
                conn: &mut $crate::store::AnyConnection,
                id: &str,
                seq: i64,
                data: &str,
            ) -> diesel::QueryResult<usize> {
                use diesel::prelude::*;
                use $table as t;
                diesel::update(t::table.filter(t::$id.eq(id)).filter(t::seq.eq(seq)))
                    .set(t::data.eq(data))
                    .execute(conn)
            }
        }
    };
}
#[cfg(test)]
pub(crate) mod tally;

use super::schema::game_events;
event_log!(
    /// Games' logs.
    GameLog,
    "game",
    game_events,
    game_id
);

use super::schema::tournament_events;
event_log!(
    /// Tournaments' logs.
    TournamentLog,
    "tournament",
    tournament_events,
    tournament_id
);

/// The kinds of log `zarf verify` checks.
pub const LOGS: [&dyn LogTable; 2] = [&GameLog, &TournamentLog];

/// A stored event's row, in whichever log's table.
#[derive(Debug, Clone, diesel::Queryable)]
pub struct EventRow {
    pub log_id: String,
    pub seq: i64,
    pub type_: String,
    pub version: i32,
    pub data: String,
    pub actor: String,
    pub recorded_at: i64,
    pub prev_hash: String,
    pub hash: String,
}

/// A kind of log's projection row: written with the log's events, in their transaction.
pub trait ProjectionRow: Send + Sync + std::fmt::Debug {
    /// The log it is projected from.
    fn log(&self) -> &'static dyn LogTable;
    /// The projected log's id.
    fn log_id(&self) -> &str;
    /// Writes the row: inserted with a log's first events (a unique violation is a lost race),
    /// replaced after. A later write that finds no row answers `Ok(0)`.
    fn write(&self, conn: &mut AnyConnection, first: bool) -> QueryResult<usize>;
    /// A copy, to queue.
    fn boxed(&self) -> Box<dyn ProjectionRow>;
    /// The row as a game's, for PostgreSQL's one-statement batch of games.
    fn as_game(&self) -> Option<&super::GameRow> {
        None
    }
}

/// An event as a log keeps it: its type and version name the shape of its data.
pub trait Recorded: Clone + Send + Sync + 'static {
    fn at(&self) -> OffsetDateTime;
    fn actor(&self) -> String;
    fn type_name(&self) -> &'static str;
    fn version(&self) -> u32;
    fn data(&self) -> serde_json::Value;
    /// The event back from its stored parts.
    fn decode(
        type_name: &str,
        version: u32,
        data: serde_json::Value,
        at: OffsetDateTime,
        actor: &str,
    ) -> Result<Self, String>;
}

impl Recorded for GameEvent {
    fn at(&self) -> OffsetDateTime {
        self.at
    }

    fn actor(&self) -> String {
        self.actor.to_string()
    }

    fn type_name(&self) -> &'static str {
        self.body.type_name()
    }

    fn version(&self) -> u32 {
        self.body.version()
    }

    fn data(&self) -> serde_json::Value {
        self.body.data()
    }

    fn decode(
        type_name: &str,
        version: u32,
        data: serde_json::Value,
        at: OffsetDateTime,
        actor: &str,
    ) -> Result<GameEvent, String> {
        let body = EventBody::decode(type_name, version, data).map_err(|e| e.to_string())?;
        let actor = Actor::parse(actor).ok_or_else(|| "bad actor".to_owned())?;
        Ok(GameEvent { at, actor, body })
    }
}

/// A row that should be there is not.
pub(super) fn missing(row: &dyn ProjectionRow) -> StoreError {
    StoreError::Corrupt(format!(
        "{} {} has events but no projection row",
        row.log().kind(),
        row.log_id()
    ))
}
