//! What the store holds about one player beyond their account, games and ratings: for the
//! export of everything zarf holds about them.

use diesel::prelude::*;

use super::schema::{challenges, outbox, sessions, tokens, tournament_events};
use super::{ChallengeRow, StoreError};

/// A mail to a player: queued or sent.
#[derive(Debug, Clone, Queryable)]
pub struct MailRow {
    pub kind: String,
    pub payload: String,
    pub created_at: i64,
    pub sent_at: Option<i64>,
}

impl super::Store {
    /// Every challenge a player made or was sent, in any state, newest first.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn challenges_of(&self, player: &str) -> Result<Vec<ChallengeRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(challenges::table
            .filter(
                challenges::challenger_id
                    .eq(player)
                    .or(challenges::challenged_id.eq(player)),
            )
            .order(challenges::created_at.desc())
            .select(ChallengeRow::as_select())
            .load(&mut *conn)?)
    }

    /// The tournaments a player was registered in: those whose log has a registration naming
    /// them (a player's id is a UUID: it matches nothing else).
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn tournaments_entered(&self, player: &str) -> Result<Vec<String>, StoreError> {
        let mut conn = self.reader()?;
        let pattern = format!("%\"player\":\"{player}\"%");
        Ok(tournament_events::table
            .filter(tournament_events::type_.eq("player_registered"))
            .filter(tournament_events::data.like(pattern))
            .select(tournament_events::tournament_id)
            .distinct()
            .load(&mut *conn)?)
    }

    /// The mail kept for a player, oldest first.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn mail_to(&self, player: &str) -> Result<Vec<MailRow>, StoreError> {
        let mut conn = self.reader()?;
        Ok(outbox::table
            .filter(outbox::recipient_id.eq(player))
            .order(outbox::created_at.asc())
            .select((
                outbox::kind,
                outbox::payload,
                outbox::created_at,
                outbox::sent_at,
            ))
            .load(&mut *conn)?)
    }

    /// How many API tokens and page sessions (unexpired at `now`) a player holds.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn credentials_of(&self, player: &str, now: i64) -> Result<(i64, i64), StoreError> {
        let mut conn = self.reader()?;
        let tokens = tokens::table
            .filter(tokens::player_id.eq(player))
            .count()
            .get_result(&mut *conn)?;
        let sessions = sessions::table
            .filter(sessions::player_id.eq(player))
            .filter(sessions::expires_at.gt(now))
            .count()
            .get_result(&mut *conn)?;
        Ok((tokens, sessions))
    }
}
