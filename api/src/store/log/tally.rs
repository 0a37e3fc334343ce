//! A second kind of log for tests: a tally, its events counts added to a running total. Declared
//! as any kind is, it shows that another kind gets the store's guarantees (and the pipeline's)
//! from the same code. Its tables are made by the tests ([`TABLES`]).

use diesel::prelude::*;
use time::OffsetDateTime;

use super::{LogTable, ProjectionRow, Recorded};
use crate::store::AnyConnection;

diesel::table! {
    tally_events (tally_id, seq) {
        tally_id -> Text,
        seq -> BigInt,
        #[sql_name = "type"]
        type_ -> Text,
        version -> Integer,
        data -> Text,
        actor -> Text,
        recorded_at -> BigInt,
        prev_hash -> Text,
        hash -> Text,
    }
}

diesel::table! {
    tallies (id) {
        id -> Text,
        total -> BigInt,
        last_seq -> BigInt,
    }
}

event_log!(
    /// Tallies' logs.
    TallyLog, "tally",
    tally_events,
    tally_id
);

pub(crate) const TABLES: &str = "
    CREATE TABLE tally_events (
        tally_id TEXT NOT NULL, seq BIGINT NOT NULL, type TEXT NOT NULL,
        version INTEGER NOT NULL, data TEXT NOT NULL, actor TEXT NOT NULL,
        recorded_at BIGINT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL,
        PRIMARY KEY (tally_id, seq));
    CREATE TABLE tallies (id TEXT PRIMARY KEY NOT NULL, total BIGINT NOT NULL,
        last_seq BIGINT NOT NULL);";

/// The projection: the running total.
#[derive(Debug, Clone, Queryable, Insertable, AsChangeset)]
#[diesel(table_name = tallies)]
pub(crate) struct TallyRow {
    pub id: String,
    pub total: i64,
    pub last_seq: i64,
}

impl ProjectionRow for TallyRow {
    fn log(&self) -> &'static dyn LogTable {
        &TallyLog
    }

    fn log_id(&self) -> &str {
        &self.id
    }

    fn write(&self, conn: &mut AnyConnection, first: bool) -> QueryResult<usize> {
        if first {
            diesel::insert_into(tallies::table)
                .values(self)
                .execute(conn)
        } else {
            diesel::update(tallies::table.find(&self.id))
                .set(self)
                .execute(conn)
        }
    }

    fn boxed(&self) -> Box<dyn ProjectionRow> {
        Box::new(self.clone())
    }
}

/// The event: `n` counted.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Counted {
    pub at: OffsetDateTime,
    pub n: i64,
}

impl Recorded for Counted {
    fn at(&self) -> OffsetDateTime {
        self.at
    }
    fn actor(&self) -> String {
        "system".into()
    }
    fn type_name(&self) -> &'static str {
        "counted"
    }
    fn version(&self) -> u32 {
        1
    }
    fn data(&self) -> serde_json::Value {
        serde_json::json!({ "n": self.n })
    }
    fn decode(
        type_name: &str,
        version: u32,
        data: serde_json::Value,
        at: OffsetDateTime,
        _actor: &str,
    ) -> Result<Counted, String> {
        match (type_name, version, data["n"].as_i64()) {
            ("counted", 1, Some(n)) => Ok(Counted { at, n }),
            _ => Err(format!("not a count: {type_name} v{version} {data}")),
        }
    }
}

pub(crate) fn tally(id: &str, total: i64, last_seq: i64) -> TallyRow {
    TallyRow {
        id: id.into(),
        total,
        last_seq,
    }
}

pub(crate) fn counted(n: i64) -> Counted {
    Counted {
        at: crate::store::now(),
        n,
    }
}

/// Sums a log; a negative count does not fold.
pub(crate) fn fold(events: &[Counted]) -> Result<(), (i64, String)> {
    match events.iter().position(|e| e.n < 0) {
        Some(i) => Err((i as i64 + 1, "a negative count".into())),
        None => Ok(()),
    }
}
