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

/// How long a login code lives unless its organiser says: a school term.
pub const CODE_DAYS: i64 = 30;
/// The longest an organiser may make a code live: a school year.
pub const MAX_CODE_DAYS: i64 = 365;

/// A login code's life in days as asked (none: [`CODE_DAYS`]), or `None` if it is not 1 to
/// [`MAX_CODE_DAYS`].
pub fn code_days(asked: Option<i64>) -> Option<i64> {
    let days = asked.unwrap_or(CODE_DAYS);
    (1..=MAX_CODE_DAYS).contains(&days).then_some(days)
}

/// Records a new login code (its hash) for a player, valid for `days` from `now`; the codes
/// they were given before and have not used stop working. When it expires.
pub fn record_code(
    store: &crate::store::Store,
    hash: &str,
    player_id: &str,
    now: time::OffsetDateTime,
    days: i64,
) -> Result<time::OffsetDateTime, crate::store::StoreError> {
    use crate::store::micros;
    let expires = now + time::Duration::days(days);
    store.insert_login_code(hash, player_id, micros(now), micros(expires))?;
    Ok(expires)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_lives_a_day_to_a_year() {
        assert_eq!(code_days(None), Some(30));
        assert_eq!(code_days(Some(1)), Some(1));
        assert_eq!(code_days(Some(365)), Some(365));
        assert_eq!(code_days(Some(0)), None);
        assert_eq!(code_days(Some(366)), None);
        assert_eq!(code_days(Some(-5)), None);
    }
}
