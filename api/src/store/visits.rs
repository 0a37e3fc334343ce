//! Which version of each game its players last read on its page, so that their list of games
//! can say what happened since.

use std::collections::HashMap;

use super::schema::game_visits;
use super::*;

impl Store {
    /// Records that `player_id` read `game_id` at `version`, after `ply` moves (a later version
    /// only).
    pub fn mark_seen(
        &self,
        player_id: &str,
        game_id: &str,
        (version, ply): (i64, i64),
    ) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        let found = game_visits::table
            .find((player_id, game_id))
            .select(game_visits::seen_version)
            .first::<i64>(&mut *conn)
            .optional()?;
        match found {
            Some(seen) if seen >= version => {}
            Some(_) => {
                diesel::update(game_visits::table.find((player_id, game_id)))
                    .filter(game_visits::seen_version.lt(version))
                    .set((
                        game_visits::seen_version.eq(version),
                        game_visits::seen_ply.eq(ply),
                    ))
                    .execute(&mut *conn)?;
            }
            None => {
                let inserted = diesel::insert_into(game_visits::table)
                    .values((
                        game_visits::player_id.eq(player_id),
                        game_visits::game_id.eq(game_id),
                        game_visits::seen_version.eq(version),
                        game_visits::seen_ply.eq(ply),
                    ))
                    .execute(&mut *conn);
                match inserted {
                    // Another of the player's pages recorded its visit first.
                    Err(diesel::result::Error::DatabaseError(
                        diesel::result::DatabaseErrorKind::UniqueViolation,
                        _,
                    )) => {}
                    other => {
                        other?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The version and ply of each of a player's games when they last read it (games never
    /// read are absent).
    pub fn seen_versions(
        &self,
        player_id: &str,
    ) -> Result<HashMap<String, (i64, i64)>, StoreError> {
        let mut conn = self.reader()?;
        let rows: Vec<(String, i64, i64)> = game_visits::table
            .filter(game_visits::player_id.eq(player_id))
            .select((
                game_visits::game_id,
                game_visits::seen_version,
                game_visits::seen_ply,
            ))
            .load(&mut *conn)?;
        Ok(rows.into_iter().map(|(g, v, p)| (g, (v, p))).collect())
    }
}
