//! Sign-in links: single use, short-lived, stored hashed.

use super::tokens::{new_token, token_hash};
use super::AppState;
use crate::store::{self, micros};

/// How long a sign-in link is valid.
pub const LINK_MINUTES: i64 = 15;

/// Makes a fresh sign-in link for a player (the sender does this as it sends the mail, so the
/// token exists only in the mail and, hashed, in the database).
pub fn issue_link(state: &AppState, player_id: &str) -> anyhow::Result<String> {
    let token = new_token();
    let expires = store::now() + time::Duration::minutes(LINK_MINUTES);
    state
        .store
        .insert_login_link(&token_hash(&token), player_id, micros(expires))?;
    Ok(format!("{}/login/{token}", state.public_url))
}
