//! Tournaments: their logs (kept as games' are, see [`super::log`]) and the projection row the
//! listings read.

use diesel::prelude::*;
use domain::game::Actor;
use domain::tournament::{Tournament, TournamentEvent, TournamentEventBody};
use time::OffsetDateTime;

use super::log::{LogTable, ProjectionRow, Recorded, TournamentLog};
use super::schema::tournaments;
use super::AnyConnection;

/// A tournament as listed: written with its events, in their transaction.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Insertable, AsChangeset)]
#[diesel(table_name = tournaments)]
pub struct TournamentRow {
    pub id: String,
    pub name: String,
    pub system: String,
    /// `registering` (no round paired), `playing`, `finished`.
    pub status: String,
    pub rounds: i32,
    pub rounds_paired: i32,
    pub players: i32,
    pub last_seq: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// Who may read it now (see [`Tournament::visibility`]); none: not written since it was
    /// first kept, its log says.
    pub visibility: Option<String>,
}

impl TournamentRow {
    /// The row for tournament `id` as folded up to `last_seq` (times in microseconds).
    pub fn of(id: &str, t: &Tournament, last_seq: i64, created_at: i64, updated_at: i64) -> Self {
        let status = if t.finished {
            "finished"
        } else if t.rounds.is_empty() && t.cup.is_none() {
            "registering"
        } else {
            "playing"
        };
        TournamentRow {
            id: id.to_owned(),
            name: t.setup.name.clone(),
            system: t.setup.system.code().to_owned(),
            status: status.to_owned(),
            rounds: i32::from(t.setup.rounds),
            rounds_paired: i32::try_from(t.rounds.len() + usize::from(t.cup.is_some()))
                .unwrap_or(i32::MAX),
            players: i32::try_from(t.players.len()).unwrap_or(i32::MAX),
            last_seq,
            created_at,
            updated_at,
            visibility: Some(t.visibility().as_str().to_owned()),
        }
    }
}

impl super::Store {
    /// Tournaments with a round paired and not finished.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn tournaments_playing(&self) -> Result<Vec<String>, super::StoreError> {
        let mut conn = self.reader()?;
        Ok(on_backend!(&mut *conn, |c| tournaments::table
            .filter(tournaments::status.eq("playing"))
            .select(tournaments::id)
            .load(c))?)
    }
}

impl super::Store {
    /// The latest tournaments, newest first.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn latest_tournaments(&self, limit: i64) -> Result<Vec<TournamentRow>, super::StoreError> {
        let mut conn = self.reader()?;
        Ok(on_backend!(&mut *conn, |c| tournaments::table
            .order(tournaments::created_at.desc())
            .limit(limit)
            .load(c))?)
    }
}

impl ProjectionRow for TournamentRow {
    fn log(&self) -> &'static dyn LogTable {
        &TournamentLog
    }

    fn log_id(&self) -> &str {
        &self.id
    }

    fn write(&self, conn: &mut AnyConnection, first: bool) -> QueryResult<usize> {
        if first {
            diesel::insert_into(tournaments::table)
                .values(self)
                .execute(conn)
        } else {
            diesel::update(tournaments::table.find(&self.id))
                .set(self)
                .execute(conn)
        }
    }

    fn boxed(&self) -> Box<dyn ProjectionRow> {
        Box::new(self.clone())
    }
}

impl Recorded for TournamentEvent {
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
        1
    }

    fn data(&self) -> serde_json::Value {
        let mut tagged = serde_json::to_value(&self.body).expect("an event serialises");
        tagged
            .get_mut("data")
            .map(serde_json::Value::take)
            .unwrap_or(serde_json::Value::Null)
    }

    fn decode(
        type_name: &str,
        version: u32,
        data: serde_json::Value,
        at: OffsetDateTime,
        actor: &str,
    ) -> Result<TournamentEvent, String> {
        if version != 1 {
            return Err(format!("{type_name} version {version} is unknown"));
        }
        let mut tagged = serde_json::json!({ "type": type_name });
        if !data.is_null() {
            tagged["data"] = data;
        }
        let body: TournamentEventBody =
            serde_json::from_value(tagged).map_err(|e| format!("{type_name}: {e}"))?;
        let actor = Actor::parse(actor).ok_or_else(|| "bad actor".to_owned())?;
        Ok(TournamentEvent { at, actor, body })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::store::chain::GENESIS;
    use crate::store::{on_both_backends, verify_tournament, Append, Store, StoreError};
    use diesel::connection::SimpleConnection;
    use domain::ids::PlayerId;
    use domain::tournament::{
        decide, evolve, Command, Entrant, System, TournamentCreated, TournamentState,
    };

    pub(crate) fn id(n: u128) -> PlayerId {
        PlayerId::from_uuid(uuid::Uuid::from_u128(n))
    }

    /// A Swiss of `rounds` rounds, to create.
    pub(crate) fn championship(rounds: u16) -> Command {
        Command::Create(TournamentCreated::new(
            "Okul Şampiyonası",
            System::Swiss,
            rounds,
            vec![id(99)],
        ))
    }

    /// Pupil `n`'s registration.
    pub(crate) fn pupil(n: u128) -> Command {
        Command::Register(Entrant {
            player: id(n),
            name: format!("Öğrenci {n}"),
            rating: None,
            school: None,
            class: None,
            birth_year: None,
            pupil: false,
        })
    }

    /// Decides `command` on the folded log, as the service will.
    fn decided(log: &[TournamentEvent], command: Command) -> Vec<TournamentEvent> {
        let state = log.iter().fold(TournamentState::default(), evolve);
        decide(&state, command, crate::store::now(), Actor::Arbiter(id(99))).unwrap()
    }

    #[test]
    fn a_tournament_log_is_appended_chained_projected_and_verified() {
        on_both_backends(on);
    }

    fn on(store: Store) {
        let mut log = decided(&[], championship(5));
        for n in 1..=4 {
            let registered = decided(&log, pupil(n));
            log.extend(registered);
        }
        let paired = decided(&log, Command::PairNextRound);
        log.extend(paired);
        let state = log.iter().fold(TournamentState::default(), evolve);
        let TournamentState::Created(t) = &state else {
            panic!("created")
        };
        let row = |seq: i64| TournamentRow::of("t1", t, seq, 1, 2);
        let first = store
            .append(&Append {
                after_seq: 0,
                prev_hash: GENESIS,
                events: &log[..5],
                projection: &row(5),
                mail: &[],
                envelope: None,
            })
            .unwrap();
        let stored = store
            .append(&Append {
                after_seq: 5,
                prev_hash: &first[4].hash,
                events: &log[5..],
                projection: &row(6),
                mail: &[],
                envelope: None,
            })
            .unwrap();
        // A writer that folded an older log loses the race: nothing is written.
        let late = store.append(&Append {
            after_seq: 5,
            prev_hash: &first[4].hash,
            events: &log[5..],
            projection: &row(6),
            mail: &[],
            envelope: None,
        });
        assert!(matches!(late, Err(StoreError::Conflict)), "{late:?}");

        // Read back as written, and listed.
        let back: Vec<crate::store::StoredEvent<TournamentEvent>> =
            store.load_log(&TournamentLog, "t1", 0).unwrap();
        let events: Vec<TournamentEvent> = back.into_iter().map(|e| e.event).collect();
        assert_eq!(events, log);
        assert_eq!(stored[0].seq, 6);
        let listed: TournamentRow = tournaments::table
            .find("t1")
            .first(&mut *store.reader().unwrap())
            .unwrap();
        assert_eq!(
            (
                listed.status.as_str(),
                listed.rounds_paired,
                listed.players,
                listed.last_seq
            ),
            ("playing", 1, 4, 6)
        );

        // `zarf verify`'s check: sound, then a tampered result found.
        assert_eq!(verify_tournament(&store, "t1").unwrap(), []);
        store
            .writer()
            .unwrap()
            .batch_execute(
                "UPDATE tournament_events SET data = replace(data, 'Öğrenci 2', 'Öğrenci 9') \
                 WHERE tournament_id = 't1' AND seq = 3",
            )
            .unwrap();
        let breaks = verify_tournament(&store, "t1").unwrap();
        assert_eq!(
            breaks
                .iter()
                .map(|b| (b.kind, b.seq, b.reason.as_str()))
                .collect::<Vec<_>>(),
            [("tournament", 3, "hash does not match the event's content")]
        );
    }
}
