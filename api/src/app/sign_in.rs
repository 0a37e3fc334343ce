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

/// The player a sign-in code may be made for by `account` ([`super::authority::issue_login_code`]):
/// an unknown player is as hidden as one the account may not see.
pub fn code_may_be_made(
    state: &AppState,
    account: super::actors::Account<'_>,
    player_id: &str,
) -> Result<Result<crate::store::PlayerRow, super::authority::Denied>, crate::store::StoreError> {
    use super::authority::{issue_login_code, Denied};
    let Some(player) = state.store.player(player_id)? else {
        return Ok(Err(Denied::Hidden));
    };
    Ok(issue_login_code(account, &player).map(|()| player))
}
