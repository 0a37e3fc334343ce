//! Sign-in links and codes: single use, limited in time, stored hashed. A link's token is 256
//! random bits and stored as its SHA-256 ([`super::tokens::token_hash`]); a code is read by a
//! child from paper, about 59 bits, and stored as an HMAC-SHA256 under a key derived from the
//! service's envelope key, so that a copy of the database alone (a backup, say) is no list of
//! codes to guess offline.

use super::tokens::{new_token, token_hash};
use super::AppState;
use crate::mail::kind::Mail;
use crate::store::{self, micros, PlayerRow, StoreError};

/// How long a sign-in link is valid.
pub const LINK_MINUTES: i64 = 15;
/// How long a session lasts.
pub const SESSION_DAYS: i64 = 30;

/// Someone asked for a sign-in link for `address` (blocking): the player it belongs to, if any,
/// is sent one. Whoever asked learns nothing either way.
pub fn ask_for_link(state: &AppState, address: &str) -> Result<(), StoreError> {
    if let Some(p) = state.store.player_by_email(address)? {
        let now = micros(store::now());
        state
            .store
            .enqueue(&Mail::SignIn.row(None, p.id, None, now))?;
    }
    Ok(())
}

/// Opens a session for a player (blocking): its token, stored only hashed.
pub fn open_session(state: &AppState, player_id: &str) -> Result<String, StoreError> {
    let token = new_token();
    let expires = store::now() + time::Duration::days(SESSION_DAYS);
    state
        .store
        .create_session(&token_hash(&token), player_id, micros(expires))?;
    Ok(token)
}

/// Ends the session whose token is `token` (blocking); an unknown one is already ended.
pub fn end_session(state: &AppState, token: &str) -> Result<(), StoreError> {
    state.store.end_session(&token_hash(token))
}

/// The player a mailed sign-in link would sign in, while it works (blocking); spends nothing.
pub fn link_player(state: &AppState, token: &str) -> Result<Option<PlayerRow>, StoreError> {
    state
        .store
        .login_link_player(&token_hash(token), micros(store::now()))
}

/// Signs in with a mailed link (blocking): spends it and opens a session, the session's token;
/// `None` for a link that is unknown, used or expired.
pub fn sign_in_by_link(state: &AppState, token: &str) -> Result<Option<String>, StoreError> {
    match state
        .store
        .use_login_link(&token_hash(token), micros(store::now()))?
    {
        Some(player) => open_session(state, &player).map(Some),
        None => Ok(None),
    }
}

/// Signs in with a one-time code as typed (blocking): spends it and opens a session, the
/// session's token; `None` for a code that is not a player's, used or expired.
pub fn sign_in_by_code(state: &AppState, code: &str) -> Result<Option<String>, StoreError> {
    match use_code(state, code)? {
        Some(player) => open_session(state, &player).map(Some),
        None => Ok(None),
    }
}

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

/// A stored code's hash: `k1:` and the HMAC-SHA256 of the code as typed without case or dashes,
/// under the key for codes.
pub fn code_hash(state: &AppState, code: &str) -> String {
    use hmac::{Hmac, Mac};
    let key = state.envelope_key.derive("login-code");
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&key).expect("any key length");
    mac.update(normalise_code(code).as_bytes());
    format!("k1:{}", hex::encode(mac.finalize().into_bytes()))
}

/// Codes are read by children from paper: case and dashes do not matter.
fn normalise_code(code: &str) -> String {
    code.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// A one-time code: 12 characters from an alphabet without look-alikes, grouped by 4.
fn new_code() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    let raw: String = (0..12)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect();
    format!("{}-{}-{}", &raw[0..4], &raw[4..8], &raw[8..12])
}

/// Makes a new login code for a player, valid for `days` from now, and stores its hash
/// (blocking): the code, and when it expires. The codes they were given before and have not
/// used stop working.
pub fn issue_code(
    state: &AppState,
    player_id: &str,
    days: i64,
) -> Result<(String, time::OffsetDateTime), crate::store::StoreError> {
    use crate::store::micros;
    let code = new_code();
    let now = crate::store::now();
    let expires = now + time::Duration::days(days);
    state.store.insert_login_code(
        &code_hash(state, &code),
        player_id,
        micros(now),
        micros(expires),
    )?;
    Ok((code, expires))
}

/// Uses a login code as typed (blocking): the player it signs in, if it is theirs, unused and
/// unexpired. A code stored by an earlier zarf as its plain SHA-256 works until it expires.
pub fn use_code(state: &AppState, code: &str) -> Result<Option<String>, crate::store::StoreError> {
    let now = crate::store::micros(crate::store::now());
    if let Some(player) = state.store.use_login_code(&code_hash(state, code), now)? {
        return Ok(Some(player));
    }
    let plain = super::tokens::token_hash(&normalise_code(code));
    state.store.use_login_code(&plain, now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_twelve_letters_without_look_alikes_read_without_case_or_dashes() {
        for _ in 0..200 {
            let code = new_code();
            assert_eq!(code.len(), 14, "{code}");
            let letters = normalise_code(&code);
            assert_eq!(letters.len(), 12);
            assert!(!letters.contains(['0', 'O', '1', 'I', 'L']), "{code}");
        }
        assert_eq!(normalise_code(" abcd-efgh-2345 "), "ABCDEFGH2345");
    }

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
