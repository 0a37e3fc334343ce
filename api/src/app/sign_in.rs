//! Sign-in links: single use, short-lived, stored hashed.

use super::AppState;

/// How long a sign-in link is valid.
pub const LINK_MINUTES: i64 = 15;

/// Makes a fresh sign-in link for a player (the sender does this as it sends the mail, so the
/// token exists only in the mail and, hashed, in the database).
pub fn issue_link(state: &AppState, player_id: &str) -> anyhow::Result<String> {
    Ok(super::accounts::sign_in_link(
        &state.store,
        &state.public_url,
        player_id,
        time::Duration::minutes(LINK_MINUTES),
    )?)
}
