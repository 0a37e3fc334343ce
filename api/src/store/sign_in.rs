//! Signing in: single-use links, one-time codes and sessions, all stored as SHA-256 hashes.

use super::schema::{login_codes, login_links, players, sessions};
use super::*;

impl Store {
    pub fn insert_login_link(
        &self,
        hash: &str,
        player_id: &str,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        diesel::insert_into(login_links::table)
            .values((
                login_links::hash.eq(hash),
                login_links::player_id.eq(player_id),
                login_links::expires_at.eq(expires_at),
            ))
            .execute(&mut *conn)?;
        Ok(())
    }

    /// Uses a sign-in link once: the player it was for, if unused and unexpired. The link came
    /// by mail, so following it confirms the player's address.
    pub fn use_login_link(&self, hash: &str, now: i64) -> Result<Option<String>, StoreError> {
        let mut conn = self.writer()?;
        let (player, confirmed) = conn.transaction(|conn| {
            let player = diesel::update(
                login_links::table
                    .filter(login_links::hash.eq(hash))
                    .filter(login_links::used_at.is_null())
                    .filter(login_links::expires_at.gt(now)),
            )
            .set(login_links::used_at.eq(Some(now)))
            .returning(login_links::player_id)
            .get_result::<String>(conn)
            .optional()?;
            let confirmed = match &player {
                Some(p) => diesel::update(
                    players::table
                        .find(p)
                        .filter(players::email_confirmed.eq(false)),
                )
                .set(players::email_confirmed.eq(true))
                .execute(conn)?,
                None => 0,
            };
            Ok::<_, StoreError>((player, confirmed))
        })?;
        if confirmed > 0 {
            self.forget_players();
        }
        Ok(player)
    }

    /// The player a sign-in link is for, if it is unused and unexpired at `now` (spending
    /// nothing: the link's page asks before it is used).
    pub fn login_link_player(&self, hash: &str, now: i64) -> Result<Option<PlayerRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(login_links::table
            .inner_join(players::table.on(players::id.eq(login_links::player_id)))
            .filter(login_links::hash.eq(hash))
            .filter(login_links::used_at.is_null())
            .filter(login_links::expires_at.gt(now))
            .select(PlayerRow::as_select())
            .first(&mut *conn)
            .optional()?)
    }

    /// Records an invitation link (its token's hash) a player made.
    pub fn create_invitation(
        &self,
        hash: &str,
        by: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        use super::schema::invitations;
        let mut conn = self.writer()?;
        diesel::insert_into(invitations::table)
            .values((
                invitations::hash.eq(hash),
                invitations::created_by.eq(by),
                invitations::created_at.eq(now),
                invitations::expires_at.eq(expires_at),
            ))
            .execute(&mut *conn)?;
        Ok(())
    }

    /// Who made the invitation with this hash, if it is still valid at `now`.
    pub fn invitation(&self, hash: &str, now: i64) -> Result<Option<String>, StoreError> {
        use super::schema::invitations;
        let mut conn = self.reader()?;
        Ok(invitations::table
            .find(hash)
            .filter(invitations::expires_at.gt(now))
            .select(invitations::created_by)
            .first(&mut *conn)
            .optional()?)
    }

    /// Records a player's new login code, valid until `expires_at`, and cancels their codes
    /// not yet used: only the newest code a player was given works.
    pub fn insert_login_code(
        &self,
        hash: &str,
        player_id: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        conn.transaction(|conn| {
            diesel::delete(
                login_codes::table
                    .filter(login_codes::player_id.eq(player_id))
                    .filter(login_codes::used_at.is_null()),
            )
            .execute(conn)?;
            diesel::insert_into(login_codes::table)
                .values((
                    login_codes::hash.eq(hash),
                    login_codes::player_id.eq(player_id),
                    login_codes::created_at.eq(now),
                    login_codes::expires_at.eq(expires_at),
                ))
                .execute(conn)?;
            Ok::<_, StoreError>(())
        })
    }

    /// Uses a one-time login code: the player it was for, if unused and unexpired at `now`.
    pub fn use_login_code(&self, hash: &str, now: i64) -> Result<Option<String>, StoreError> {
        let mut conn = self.writer()?;
        Ok(diesel::update(
            login_codes::table
                .filter(login_codes::hash.eq(hash))
                .filter(login_codes::used_at.is_null())
                .filter(login_codes::expires_at.gt(now)),
        )
        .set(login_codes::used_at.eq(Some(now)))
        .returning(login_codes::player_id)
        .get_result::<String>(&mut *conn)
        .optional()?)
    }

    pub fn create_session(
        &self,
        hash: &str,
        player_id: &str,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        diesel::insert_into(sessions::table)
            .values((
                sessions::hash.eq(hash),
                sessions::player_id.eq(player_id),
                sessions::expires_at.eq(expires_at),
            ))
            .execute(&mut *conn)?;
        Ok(())
    }

    /// Ends a session (signing out): its cookie no longer signs anyone in.
    #[tracing::instrument(level = "debug", skip_all)]
    pub fn end_session(&self, hash: &str) -> Result<(), StoreError> {
        let mut conn = self.writer()?;
        diesel::delete(sessions::table.filter(sessions::hash.eq(hash))).execute(&mut *conn)?;
        Ok(())
    }

    pub fn player_by_session(&self, hash: &str, now: i64) -> Result<Option<PlayerRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(sessions::table
            .inner_join(players::table.on(players::id.eq(sessions::player_id)))
            .filter(sessions::hash.eq(hash))
            .filter(sessions::expires_at.gt(now))
            .select(PlayerRow::as_select())
            .first(&mut *conn)
            .optional()?)
    }
}
