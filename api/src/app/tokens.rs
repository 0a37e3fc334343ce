//! Secrets handed to people: bearer tokens, sign-in links and codes are random 256-bit values,
//! stored only as their SHA-256. A player holds several bearer tokens, each made by the player
//! (the settings page, or `POST /api/v1/me/token` rotating the one it is called with) or handed
//! to the admin who made the account, and revoked by the player at once.

use rand::RngCore;
use sha2::{Digest, Sha256};

use super::AppState;
use crate::store::{self, micros, PlayerRow, StoreError, TokenListed};

/// A new bearer token: 32 random bytes, hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// How tokens are stored.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Constant-time equality of two hashes.
pub fn same_hash(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Most bearer tokens a player may hold at once.
pub const MAX_TOKENS: i64 = 20;
/// Longest name of a token (the program or script it is for).
pub const MAX_NAME_CHARS: usize = 100;

/// Whether whoever makes an account is handed its bearer token: the admin only. An
/// organiser's pupils sign in with mailed links or printed codes, and a player makes their own
/// tokens; a token shown to someone else would let them act as the player unseen.
pub fn handed_to_creator(creator: super::actors::Account<'_>) -> bool {
    creator.is_admin()
}

/// A token's name as the player typed it: trimmed, at most [`MAX_NAME_CHARS`] characters on
/// one line; empty is no name.
pub fn token_name(text: &str) -> Option<Option<String>> {
    let t = text.trim();
    if t.chars().count() > MAX_NAME_CHARS || t.chars().any(char::is_control) {
        return None;
    }
    Some((!t.is_empty()).then(|| t.to_owned()))
}

#[derive(Debug, thiserror::Error)]
pub enum IssueError {
    #[error("at most {MAX_TOKENS} tokens at a time: revoke one first")]
    TooMany,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Makes a player a new bearer token named `name` (blocking): the token, shown this once.
pub fn issue(state: &AppState, player_id: &str, name: Option<&str>) -> Result<String, IssueError> {
    if state.store.token_count(player_id)? >= MAX_TOKENS {
        return Err(IssueError::TooMany);
    }
    let token = new_token();
    let now = micros(store::now());
    state
        .store
        .add_token(player_id, &token_hash(&token), name, now)?;
    Ok(token)
}

/// A new bearer token in the place of the one with hash `used` (blocking): the new token, or
/// `None` if `used` is no longer a token of the player (revoked meanwhile). The old token fails
/// from the next request on.
pub fn rotate(state: &AppState, player_id: &str, used: &str) -> Result<Option<String>, StoreError> {
    let token = new_token();
    let now = micros(store::now());
    Ok(state
        .store
        .rotate_token(player_id, used, &token_hash(&token), now)?
        .map(|_| token))
}

/// A player's tokens as they may see them: names and dates, never the tokens (blocking).
pub fn list(state: &AppState, player_id: &str) -> Result<Vec<TokenListed>, StoreError> {
    state.store.tokens_of(player_id)
}

/// Revokes the player's token `id` (blocking): whether it was theirs and is now gone.
pub fn revoke(state: &AppState, player_id: &str, id: &str) -> Result<bool, StoreError> {
    state.store.revoke_token(player_id, id)
}

/// The player a token hashed to `hash` belongs to, if it was seen moments ago (no database).
pub fn known_holder(state: &AppState, hash: &str) -> Option<PlayerRow> {
    state.store.cached_player_by_token_hash(hash)
}

/// The player a token hashed to `hash` belongs to (blocking); `None` for no player's.
pub fn holder(state: &AppState, hash: &str) -> Result<Option<PlayerRow>, StoreError> {
    state.store.player_by_token_hash(hash)
}

/// The player whose session cookie hashes to `hash`, while the session lasts (blocking).
pub fn session_holder(state: &AppState, hash: &str) -> Result<Option<PlayerRow>, StoreError> {
    state.store.player_by_session(hash, micros(store::now()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bit_and_unique() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a), token_hash(&a));
        assert_ne!(token_hash(&a), a, "stored hashed");
        assert!(same_hash(&token_hash(&a), &token_hash(&a)));
        assert!(!same_hash(&token_hash(&a), &token_hash(&b)));
        assert!(!same_hash("ab", "abc"));
    }

    #[test]
    fn a_tokens_name_is_one_short_line_or_none() {
        assert_eq!(token_name("  bot.py "), Some(Some("bot.py".to_owned())));
        assert_eq!(token_name("   "), Some(None));
        assert_eq!(token_name("a\nb"), None);
        assert_eq!(token_name(&"x".repeat(MAX_NAME_CHARS + 1)), None);
    }
}
