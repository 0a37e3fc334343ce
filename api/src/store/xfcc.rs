//! What Xfcc needs stored: players' application passwords (hashed) and each game's number.

use super::schema::{app_passwords, game_numbers, players};
use super::*;

/// An application password as its player sees it listed (never the password itself).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = app_passwords)]
pub struct AppPasswordRow {
    pub id: String,
    pub player_id: String,
    pub name: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

impl Store {
    /// Records a new application password (its hash) for a player.
    #[tracing::instrument(level = "debug", skip(self, hash))]
    pub fn insert_app_password(
        &self,
        id: &str,
        player_id: &str,
        name: &str,
        hash: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        diesel::insert_into(app_passwords::table)
            .values((
                app_passwords::id.eq(id),
                app_passwords::player_id.eq(player_id),
                app_passwords::name.eq(name),
                app_passwords::hash.eq(hash),
                app_passwords::created_at.eq(now),
            ))
            .execute(&mut *conn)
            .map_err(unique_as(StoreError::Duplicate))?;
        Ok(())
    }

    /// A player's application passwords, newest first (revoked ones too: the list says so).
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn app_passwords(&self, player_id: &str) -> Result<Vec<AppPasswordRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(app_passwords::table
            .filter(app_passwords::player_id.eq(player_id))
            .order(app_passwords::created_at.desc())
            .select(AppPasswordRow::as_select())
            .limit(200)
            .load(&mut *conn)?)
    }

    /// How many application passwords a player has that are not revoked.
    pub fn live_app_passwords(&self, player_id: &str) -> Result<i64, StoreError> {
        let mut conn = self.reader()?;
        Ok(app_passwords::table
            .filter(app_passwords::player_id.eq(player_id))
            .filter(app_passwords::revoked_at.is_null())
            .count()
            .get_result(&mut *conn)?)
    }

    /// Revokes one of a player's application passwords: false if they have no such password
    /// in force.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn revoke_app_password(
        &self,
        player_id: &str,
        id: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let n = diesel::update(
            app_passwords::table
                .filter(app_passwords::id.eq(id))
                .filter(app_passwords::player_id.eq(player_id))
                .filter(app_passwords::revoked_at.is_null()),
        )
        .set(app_passwords::revoked_at.eq(Some(now)))
        .execute(&mut *conn)?;
        Ok(n == 1)
    }

    /// The player an application password in force belongs to, given its hash and the mail
    /// address it is used with (the Xfcc username, compared without regard to case). Marks it
    /// used at `now`.
    #[tracing::instrument(level = "debug", skip_all)]
    pub fn use_app_password(
        &self,
        address: &str,
        hash: &str,
        now: i64,
    ) -> Result<Option<PlayerRow>, StoreError> {
        let found: Option<(String, String)> = {
            let mut conn = self.reader()?;
            app_passwords::table
                .filter(app_passwords::hash.eq(hash))
                .filter(app_passwords::revoked_at.is_null())
                .select((app_passwords::id, app_passwords::player_id))
                .first(&mut *conn)
                .optional()?
        };
        let Some((id, player_id)) = found else {
            return Ok(None);
        };
        let Some(player) = self.player(&player_id)? else {
            return Ok(None);
        };
        let same_address = player
            .email
            .as_deref()
            .is_some_and(|e| e.trim().eq_ignore_ascii_case(address.trim()));
        if !same_address {
            return Ok(None);
        }
        let mut conn = self.writer()?;
        diesel::update(app_passwords::table.find(&id))
            .set(app_passwords::last_used_at.eq(Some(now)))
            .execute(&mut *conn)?;
        Ok(Some(player))
    }

    /// The game's Xfcc number, given now if it has none.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn game_number(&self, game_id: &str) -> Result<i64, StoreError> {
        if let Some(n) = self.known_game_number(game_id)? {
            return Ok(n);
        }
        let inserted = {
            let mut conn = self.writer()?;
            diesel::insert_into(game_numbers::table)
                .values(game_numbers::game_id.eq(game_id))
                .execute(&mut *conn)
                .map_err(unique_as(StoreError::Duplicate))
        };
        match inserted {
            // Another server gave it one first: that one stands.
            Ok(_) | Err(StoreError::Duplicate) => self
                .known_game_number(game_id)?
                .ok_or_else(|| StoreError::Corrupt(format!("no number for game {game_id}"))),
            Err(e) => Err(e),
        }
    }

    fn known_game_number(&self, game_id: &str) -> Result<Option<i64>, StoreError> {
        let mut conn = self.reader()?;
        Ok(game_numbers::table
            .filter(game_numbers::game_id.eq(game_id))
            .select(game_numbers::number)
            .first(&mut *conn)
            .optional()?)
    }

    /// The game with this Xfcc number, if any.
    pub fn game_of_number(&self, number: i64) -> Result<Option<String>, StoreError> {
        let mut conn = self.reader()?;
        Ok(game_numbers::table
            .find(number)
            .select(game_numbers::game_id)
            .first(&mut *conn)
            .optional()?)
    }

    /// Has this organiser turned messages off in the games they run?
    pub fn messages_off(&self, organiser: &str) -> Result<bool, StoreError> {
        let mut conn = self.reader()?;
        Ok(players::table
            .find(organiser)
            .select(players::messages_off)
            .first::<bool>(&mut *conn)
            .optional()?
            .unwrap_or(false))
    }

    /// Sets whether a player plays without sight.
    pub fn set_without_sight(&self, player: &str, on: bool) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let n = diesel::update(players::table.find(player))
            .set(players::without_sight.eq(on))
            .execute(&mut *conn)?;
        self.forget_players();
        Ok(n == 1)
    }

    /// Turns messages off (or on again) in the games an organiser runs.
    pub fn set_messages_off(&self, organiser: &str, off: bool) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let n = diesel::update(players::table.find(organiser))
            .set(players::messages_off.eq(off))
            .execute(&mut *conn)?;
        Ok(n == 1)
    }
}
