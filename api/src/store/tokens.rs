//! A player's bearer tokens: several each, stored as SHA-256 hashes, listed by an id of their
//! own, revoked by deleting them. A change forgets every token the server remembered, so a
//! revoked token fails from the next request on.

use super::schema::tokens;
use super::*;

/// A bearer token as its player sees it listed (never its hash).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tokens)]
pub struct TokenListed {
    pub id: String,
    pub name: Option<String>,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

/// A new token's row.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = tokens)]
pub(super) struct TokenRow {
    pub(super) hash: String,
    pub(super) player_id: String,
    pub(super) created_at: i64,
    pub(super) id: String,
    pub(super) name: Option<String>,
}

impl TokenRow {
    pub(super) fn new(hash: &str, player_id: &str, now: i64, name: Option<&str>) -> TokenRow {
        TokenRow {
            hash: hash.to_owned(),
            player_id: player_id.to_owned(),
            created_at: now,
            id: uuid::Uuid::now_v7().to_string(),
            name: name.map(str::to_owned),
        }
    }
}

/// How stale a token's `last_used_at` may grow before a use writes it again.
pub const LAST_USED_EVERY: i64 = 3_600_000_000;

impl Store {
    /// Gives a player a new token (its hash), named `name`: its id.
    #[tracing::instrument(level = "debug", skip(self, hash))]
    pub fn add_token(
        &self,
        player_id: &str,
        hash: &str,
        name: Option<&str>,
        now: i64,
    ) -> Result<String, StoreError> {
        let row = TokenRow::new(hash, player_id, now, name);
        let mut conn = self.writer()?;
        diesel::insert_into(tokens::table)
            .values(&row)
            .execute(&mut *conn)?;
        Ok(row.id)
    }

    /// Puts a new token (its hash) in the place of the one with hash `old`, keeping its name, in
    /// one transaction: the new token's id, or `None` (nothing changed) if `old` is no token of
    /// `player_id`.
    #[tracing::instrument(level = "debug", skip_all)]
    pub fn rotate_token(
        &self,
        player_id: &str,
        old: &str,
        new: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError> {
        let mut conn = self.writer()?;
        let made = conn.transaction(|conn| {
            let name = diesel::delete(
                tokens::table
                    .filter(tokens::hash.eq(old))
                    .filter(tokens::player_id.eq(player_id)),
            )
            .returning(tokens::name)
            .get_result::<Option<String>>(conn)
            .optional()?;
            let Some(name) = name else {
                return Ok::<_, StoreError>(None);
            };
            let row = TokenRow::new(new, player_id, now, name.as_deref());
            diesel::insert_into(tokens::table)
                .values(&row)
                .execute(conn)?;
            Ok(Some(row.id))
        })?;
        self.tokens.forget_all();
        Ok(made)
    }

    /// A player's tokens, the newest first.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn tokens_of(&self, player_id: &str) -> Result<Vec<TokenListed>, StoreError> {
        let mut conn = self.reader()?;
        Ok(tokens::table
            .filter(tokens::player_id.eq(player_id))
            .order(tokens::created_at.desc())
            .select(TokenListed::as_select())
            .limit(1_000)
            .load(&mut *conn)?)
    }

    /// How many tokens a player holds.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn token_count(&self, player_id: &str) -> Result<i64, StoreError> {
        let mut conn = self.reader()?;
        Ok(tokens::table
            .filter(tokens::player_id.eq(player_id))
            .count()
            .get_result(&mut *conn)?)
    }

    /// Revokes a player's token `id`: it fails from the next request on. False if they have
    /// no such token.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn revoke_token(&self, player_id: &str, id: &str) -> Result<bool, StoreError> {
        let mut conn = self.writer()?;
        let n = diesel::delete(
            tokens::table
                .filter(tokens::id.eq(id))
                .filter(tokens::player_id.eq(player_id)),
        )
        .execute(&mut *conn)?;
        self.tokens.forget_all();
        Ok(n == 1)
    }

    /// Records that the token with this hash was used at `now`, where its record (`last`, as
    /// read) is older than [`LAST_USED_EVERY`]: a token in use writes at most once an hour.
    pub(super) fn token_used(&self, hash: &str, last: Option<i64>, now: i64) {
        let stale = now - LAST_USED_EVERY;
        if last.is_some_and(|at| at > stale) {
            return;
        }
        let written = self.writer().and_then(|mut conn| {
            let unrecorded = tokens::last_used_at
                .is_null()
                .or(tokens::last_used_at.le(stale));
            diesel::update(
                tokens::table
                    .filter(tokens::hash.eq(hash))
                    .filter(unrecorded),
            )
            .set(tokens::last_used_at.eq(Some(now)))
            .execute(&mut *conn)
            .map_err(StoreError::from)
        });
        if let Err(e) = written {
            tracing::warn!(error = %e, "a token's last use was not recorded");
        }
    }
}
