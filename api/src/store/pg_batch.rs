//! PostgreSQL: a whole batch of appends — its event rows, its outbox rows, its games'
//! projection rows and its sealed envelopes — written by one prepared statement.
//!
//! Each column travels as one array parameter and `unnest` turns the arrays back into rows, so the
//! statement's text is the same whatever the batch holds: it is prepared once per connection and
//! its plan kept (diesel caches it by type, see [`QueryId`] below), where multi-row `VALUES` lists
//! would be parsed and planned again for every batch size. Being one statement it is atomic
//! without a transaction around it: in autocommit it commits by itself, so a batch costs one round
//! trip instead of five (`BEGIN`, three inserts, `COMMIT`). If any row fails (an append that lost
//! its race on `(game_id, seq)`), nothing of the batch is written.

use diesel::pg::Pg;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Bool, Integer, Nullable, Text};
use diesel::{QueryResult, RunQueryDsl};

use super::log::Rows;

/// The statement, with each table's rows as columns of arrays.
pub struct BatchWrite<'a> {
    events: EventColumns<'a>,
    mail: OutboxColumns<'a>,
    games: GameColumns<'a>,
    envelopes: EnvelopeColumns<'a>,
}

impl<'a> BatchWrite<'a> {
    /// The statement for `all`, if they are all games' appends; two appends to one game must
    /// not be in it (one upsert may not touch a row twice; such appends have lost a race
    /// anyway).
    pub fn new(all: &[&'a Rows]) -> Option<BatchWrite<'a>> {
        let mut events = EventColumns::default();
        let mut mail = OutboxColumns::default();
        let mut games = GameColumns::default();
        let mut envelopes = EnvelopeColumns::default();
        for rows in all {
            rows.events.iter().for_each(|e| events.push(e));
            rows.mail.iter().for_each(|m| mail.push(m));
            games.push(rows.projection.as_game()?);
            rows.envelope.iter().for_each(|e| envelopes.push(e));
        }
        Some(BatchWrite {
            events,
            mail,
            games,
            envelopes,
        })
    }
}

/// `column, column, …` binds, as `unnest`'s arguments.
macro_rules! binds {
    ($out:ident; $($st:ty => $value:expr),+ $(,)?) => {{
        let mut first = true;
        $(
            if !std::mem::take(&mut first) {
                $out.push_sql(", ");
            }
            $out.push_bind_param::<Array<$st>, _>($value)?;
        )+
    }};
}

/// A row's field as an array element: text borrowed, numbers copied.
trait Column<'a> {
    type Element;
    fn element(&'a self) -> Self::Element;
}

impl<'a> Column<'a> for String {
    type Element = &'a str;
    fn element(&'a self) -> &'a str {
        self
    }
}

impl<'a> Column<'a> for Option<String> {
    type Element = Option<&'a str>;
    fn element(&'a self) -> Option<&'a str> {
        self.as_deref()
    }
}

macro_rules! copied {
    ($($ty:ty),+) => {$(
        impl Column<'_> for $ty {
            type Element = $ty;
            fn element(&self) -> $ty {
                *self
            }
        }
    )+};
}

copied!(i64, i32, bool, Option<i64>);

/// A struct of one array per column, filled from rows: `columns!(Name for Row { field: Element, … })`.
macro_rules! columns {
    ($name:ident for $row:ty { $($field:ident: $ty:ty),+ $(,)? }) => {
        #[derive(Default)]
        struct $name<'a> {
            $($field: Vec<$ty>,)+
        }
        impl<'a> $name<'a> {
            fn push(&mut self, row: &'a $row) {
                $(self.$field.push(row.$field.element());)+
            }
        }
    };
}

columns!(EventColumns for super::EventRow {
    log_id: &'a str, seq: i64, type_: &'a str, version: i32, data: &'a str, actor: &'a str,
    recorded_at: i64, prev_hash: &'a str, hash: &'a str,
});

columns!(OutboxColumns for super::OutboxRow {
    id: &'a str, game_id: Option<&'a str>, kind: &'a str, recipient_id: &'a str,
    payload: &'a str, created_at: i64, attempts: i32, next_attempt_at: i64,
    sent_at: Option<i64>, last_error: Option<&'a str>, claimed_until: Option<i64>,
});

columns!(GameColumns for super::GameRow {
    id: &'a str, white_id: &'a str, black_id: &'a str, organiser_id: Option<&'a str>,
    status: &'a str, to_move: &'a str, to_move_id: Option<&'a str>, deadline: Option<i64>,
    result: Option<&'a str>, termination: Option<&'a str>, last_seq: i64, created_at: i64,
    updated_at: i64, view: &'a str, clock_state: Option<&'a str>, claimed_until: Option<i64>,
    reminder_at: Option<i64>, resume_deadline: Option<i64>, game: &'a str, rated: bool,
    visibility: &'a str,
});

columns!(EnvelopeColumns for super::EnvelopeRow {
    game_id: &'a str, kind: &'a str, sealed_by: &'a str, ciphertext: &'a str, sealed_at: i64,
});

/// The projection's columns that a later append replaces (all but the id).
const GAME_UPDATES: &str = "white_id = EXCLUDED.white_id, black_id = EXCLUDED.black_id, \
    organiser_id = EXCLUDED.organiser_id, status = EXCLUDED.status, to_move = EXCLUDED.to_move, \
    to_move_id = EXCLUDED.to_move_id, deadline = EXCLUDED.deadline, result = EXCLUDED.result, \
    termination = EXCLUDED.termination, last_seq = EXCLUDED.last_seq, \
    created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, view = EXCLUDED.view, \
    clock_state = EXCLUDED.clock_state, claimed_until = EXCLUDED.claimed_until, \
    reminder_at = EXCLUDED.reminder_at, resume_deadline = EXCLUDED.resume_deadline, \
    rated = EXCLUDED.rated, visibility = EXCLUDED.visibility";

impl QueryFragment<Pg> for BatchWrite<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        // Data-modifying statements in WITH all run to completion, read or not.
        let e = &self.events;
        out.push_sql(
            "WITH appended AS (INSERT INTO game_events \
             (game_id, seq, type, version, data, actor, recorded_at, prev_hash, hash) \
             SELECT * FROM unnest(",
        );
        binds!(out; Text => &e.log_id, BigInt => &e.seq, Text => &e.type_,
            Integer => &e.version, Text => &e.data, Text => &e.actor, BigInt => &e.recorded_at,
            Text => &e.prev_hash, Text => &e.hash);
        let m = &self.mail;
        out.push_sql(
            ")), queued AS (INSERT INTO outbox \
             (id, game_id, kind, recipient_id, payload, created_at, attempts, next_attempt_at, \
             sent_at, last_error, claimed_until) SELECT * FROM unnest(",
        );
        binds!(out; Text => &m.id, Nullable<Text> => &m.game_id, Text => &m.kind,
            Text => &m.recipient_id, Text => &m.payload, BigInt => &m.created_at,
            Integer => &m.attempts, BigInt => &m.next_attempt_at, Nullable<BigInt> => &m.sent_at,
            Nullable<Text> => &m.last_error, Nullable<BigInt> => &m.claimed_until);
        // Sealing again replaces an envelope's content (A1); so do conditional lines set again.
        let s = &self.envelopes;
        out.push_sql(
            ")), sealed AS (INSERT INTO envelopes (game_id, kind, sealed_by, ciphertext, \
             sealed_at) SELECT * FROM unnest(",
        );
        binds!(out; Text => &s.game_id, Text => &s.kind, Text => &s.sealed_by,
            Text => &s.ciphertext, BigInt => &s.sealed_at);
        out.push_sql(
            ") ON CONFLICT (game_id, kind) DO UPDATE SET sealed_by = EXCLUDED.sealed_by, \
             ciphertext = EXCLUDED.ciphertext, sealed_at = EXCLUDED.sealed_at",
        );
        let g = &self.games;
        out.push_sql(
            ") INSERT INTO games (id, white_id, black_id, organiser_id, status, to_move, \
             to_move_id, deadline, result, termination, last_seq, created_at, updated_at, view, \
             clock_state, claimed_until, reminder_at, resume_deadline, game, rated, visibility) \
             SELECT * FROM unnest(",
        );
        binds!(out; Text => &g.id, Text => &g.white_id, Text => &g.black_id,
            Nullable<Text> => &g.organiser_id, Text => &g.status, Text => &g.to_move,
            Nullable<Text> => &g.to_move_id, Nullable<BigInt> => &g.deadline,
            Nullable<Text> => &g.result, Nullable<Text> => &g.termination,
            BigInt => &g.last_seq, BigInt => &g.created_at, BigInt => &g.updated_at,
            Text => &g.view, Nullable<Text> => &g.clock_state,
            Nullable<BigInt> => &g.claimed_until, Nullable<BigInt> => &g.reminder_at,
            Nullable<BigInt> => &g.resume_deadline, Text => &g.game, Bool => &g.rated,
            Text => &g.visibility);
        out.push_sql(") ON CONFLICT (id) DO UPDATE SET ");
        out.push_sql(GAME_UPDATES);
        Ok(())
    }
}

/// One statement text for every batch: diesel keeps it prepared, found by this type (without
/// building the text again); the test in `group` checks that it stays prepared.
impl QueryId for BatchWrite<'_> {
    type QueryId = BatchWrite<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<Conn> RunQueryDsl<Conn> for BatchWrite<'_> {}
