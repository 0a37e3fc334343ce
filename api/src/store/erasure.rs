//! Erasing a player's personal data: their account emptied, their ways of signing in ended,
//! and their name replaced in the events that recorded it, each such event's hash left as
//! recorded and the erasure kept beside it (see `zarf verify`).

use std::collections::BTreeSet;

use diesel::prelude::*;

use super::log::{LogTable, ProjectionRow};
use super::schema::{
    challenges, erasures, login_codes, login_links, outbox, players, sessions, tokens,
};
use super::StoreError;

/// One event's data as erased.
pub struct Erased {
    pub log: &'static dyn LogTable,
    pub log_id: String,
    pub seq: i64,
    pub data: String,
}

impl super::Store {
    /// Anonymises `player` as `by` at `at` (microseconds), in one transaction: the account
    /// takes `name` and loses its address, school, class and ways of signing in; their open
    /// challenges are withdrawn and the mail kept for them dropped; each of `events` takes its
    /// erased data, recorded in `erasures`; `views` are the projections made from the erased
    /// logs. `false`, writing nothing, if the player was anonymised already.
    pub fn anonymise(
        &self,
        player: &str,
        name: &str,
        (by, at): (&str, i64),
        events: &[Erased],
        views: &[Box<dyn ProjectionRow>],
    ) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let done = conn.transaction(|conn| -> Result<bool, StoreError> {
            let n = diesel::update(
                players::table
                    .find(player)
                    .filter(players::anonymised_at.is_null()),
            )
            .set((
                players::name.eq(name),
                players::email.eq(None::<String>),
                players::school.eq(None::<String>),
                players::class_name.eq(None::<String>),
                players::anonymised_at.eq(at),
            ))
            .execute(conn)?;
            if n != 1 {
                return Ok(false);
            }
            diesel::delete(tokens::table.filter(tokens::player_id.eq(player))).execute(conn)?;
            diesel::delete(
                super::schema::app_passwords::table
                    .filter(super::schema::app_passwords::player_id.eq(player)),
            )
            .execute(conn)?;
            diesel::delete(sessions::table.filter(sessions::player_id.eq(player))).execute(conn)?;
            diesel::delete(login_codes::table.filter(login_codes::player_id.eq(player)))
                .execute(conn)?;
            diesel::delete(login_links::table.filter(login_links::player_id.eq(player)))
                .execute(conn)?;
            diesel::delete(outbox::table.filter(outbox::recipient_id.eq(player))).execute(conn)?;
            diesel::delete(
                super::schema::game_visits::table
                    .filter(super::schema::game_visits::player_id.eq(player)),
            )
            .execute(conn)?;
            diesel::update(
                challenges::table
                    .filter(challenges::status.eq("open"))
                    .filter(
                        challenges::challenger_id
                            .eq(player)
                            .or(challenges::challenged_id.eq(player)),
                    ),
            )
            .set((
                challenges::status.eq("withdrawn"),
                challenges::answered_at.eq(at),
                challenges::answered_by.eq(by),
            ))
            .execute(conn)?;
            for e in events {
                e.log.erase(conn, &e.log_id, e.seq, &e.data)?;
                // An event may name two players, each anonymised in their turn.
                let before: i64 = erasures::table
                    .filter(erasures::kind.eq(e.log.kind()))
                    .filter(erasures::log_id.eq(&e.log_id))
                    .filter(erasures::seq.eq(e.seq))
                    .count()
                    .get_result(conn)?;
                if before == 0 {
                    diesel::insert_into(erasures::table)
                        .values((
                            erasures::kind.eq(e.log.kind()),
                            erasures::log_id.eq(&e.log_id),
                            erasures::seq.eq(e.seq),
                            erasures::erased_at.eq(at),
                            erasures::erased_by.eq(by),
                        ))
                        .execute(conn)?;
                }
            }
            for view in views {
                view.write(conn, false)?;
            }
            Ok(true)
        })?;
        self.forget_players();
        Ok(done)
    }

    /// The events of log `id` (of `kind`) whose data was erased.
    pub fn erased(&self, kind: &str, id: &str) -> Result<BTreeSet<i64>, StoreError> {
        let mut conn = self.reader()?;
        Ok(erasures::table
            .filter(erasures::kind.eq(kind))
            .filter(erasures::log_id.eq(id))
            .select(erasures::seq)
            .load::<i64>(&mut *conn)?
            .into_iter()
            .collect())
    }

    /// How many events were ever erased: a server that sees it change forgets its folds.
    pub fn erasures_made(&self) -> Result<i64, StoreError> {
        let mut conn = self.reader()?;
        Ok(erasures::table.count().get_result(&mut *conn)?)
    }

    /// Whether a player was anonymised.
    pub fn anonymised(&self, player: &str) -> Result<bool, StoreError> {
        let mut conn = self.reader()?;
        Ok(players::table
            .find(player)
            .select(players::anonymised_at)
            .first::<Option<i64>>(&mut *conn)
            .optional()?
            .flatten()
            .is_some())
    }
}
