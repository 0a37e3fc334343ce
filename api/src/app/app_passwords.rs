//! Application passwords: zarf signs people in by mail, not by password, but a correspondence
//! program (Xfcc) sends a username and a password. A player makes one password per program on
//! their settings page: made by the server, shown once, stored as its SHA-256 (a random 100-bit
//! secret needs no slow hash), listed with when it was last used, revoked at once. The username
//! is the player's mail address. Failed attempts are limited per name and per address.

use rand::Rng;

use super::tokens::token_hash;
use super::AppState;
use crate::store::{AppPasswordRow, PlayerRow, StoreError};

/// The letters a password is made of: no 0/o, 1/l to confuse when copied by hand.
const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
/// Longest name of a password (the program it is for).
pub const MAX_NAME_CHARS: usize = 100;
/// Most passwords in force a player may have.
pub const MAX_LIVE: i64 = 20;

/// A password's name as the player gave it: trimmed, 1 to [`MAX_NAME_CHARS`] characters, no
/// control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasswordName(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("the name is empty")]
    Empty,
    #[error("the name is longer than {MAX_NAME_CHARS} characters")]
    TooLong,
    #[error("the name contains a control character")]
    ControlCharacter,
}

impl PasswordName {
    pub fn parse(text: &str) -> Result<PasswordName, NameError> {
        let t = text.trim();
        if t.is_empty() {
            Err(NameError::Empty)
        } else if t.chars().count() > MAX_NAME_CHARS {
            Err(NameError::TooLong)
        } else if t.chars().any(char::is_control) {
            Err(NameError::ControlCharacter)
        } else {
            Ok(PasswordName(t.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new password, shown to its player this once.
#[derive(Debug, Clone)]
pub struct Created {
    pub id: String,
    pub name: String,
    pub password: String,
}

#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error("at most {MAX_LIVE} application passwords at a time: revoke one first")]
    TooMany,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// 20 letters of [`ALPHABET`] (100 bits), in groups of five.
fn new_password() -> String {
    let mut rng = rand::rng();
    let letters: Vec<char> = (0..20)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect();
    letters
        .chunks(5)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// How a password is stored: its letters (case, spaces and dashes as a program or a person may
/// have copied them do not count), hashed.
fn password_hash(password: &str) -> String {
    let letters: String = password
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect();
    token_hash(&format!("app-password:{letters}"))
}

/// Makes a password for `player_id` named `name`.
pub fn create(
    state: &AppState,
    player_id: &str,
    name: &PasswordName,
) -> Result<Created, CreateError> {
    let (store, now) = (&state.store, crate::store::micros(crate::store::now()));
    if store.live_app_passwords(player_id)? >= MAX_LIVE {
        return Err(CreateError::TooMany);
    }
    let id = uuid::Uuid::now_v7().to_string();
    let password = new_password();
    store.insert_app_password(
        &id,
        player_id,
        name.as_str(),
        &password_hash(&password),
        now,
    )?;
    Ok(Created {
        id,
        name: name.as_str().to_owned(),
        password,
    })
}

/// A player's passwords, newest first.
pub fn list(state: &AppState, player_id: &str) -> Result<Vec<AppPasswordRow>, StoreError> {
    state.store.app_passwords(player_id)
}

/// Revokes one of a player's passwords: false if they have no such password in force.
pub fn revoke(state: &AppState, player_id: &str, id: &str) -> Result<bool, StoreError> {
    let now = crate::store::micros(crate::store::now());
    state.store.revoke_app_password(player_id, id, now)
}

/// Why a username and password were not taken.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// No password in force for that address, or too many failures lately.
    #[error("authentication failed")]
    Failed,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The player whose address `username` is and whose password in force `password` is, asked
/// from `ip` (a client address's key). Every failure counts against (the name, the address) and
/// against the address; while either is locked every attempt fails, right or wrong. The right
/// password from another address is not refused for failures from this one.
pub fn authenticate(
    state: &AppState,
    username: &str,
    password: &str,
    ip: &str,
) -> Result<PlayerRow, AuthError> {
    let now = std::time::Instant::now();
    let failures = &state.password_failures;
    if failures.blocked(username, ip, now) {
        return Err(AuthError::Failed);
    }
    let found = if username.trim().is_empty() || password.trim().is_empty() {
        None
    } else {
        let at = crate::store::micros(crate::store::now());
        state
            .store
            .use_app_password(username, &password_hash(password), at)?
    };
    match found {
        Some(player) => {
            failures.succeeded(username, ip);
            Ok(player)
        }
        None => {
            failures.failed(username, ip, now);
            Err(AuthError::Failed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_random_grouped_and_hashed_as_typed_loosely() {
        let a = new_password();
        assert_eq!(a.len(), 23);
        assert_eq!(a.split('-').count(), 4);
        assert!(a.chars().all(|c| c == '-' || ALPHABET.contains(&(c as u8))));
        assert_ne!(a, new_password());
        let h = password_hash(&a);
        assert_eq!(h, password_hash(&a.to_uppercase()));
        assert_eq!(h, password_hash(&a.replace('-', " ")));
        assert_ne!(h, password_hash(&new_password()));
        assert_ne!(h, token_hash(&a), "not the hash a bearer token would have");
    }

    #[test]
    fn a_name_is_trimmed_short_and_printable() {
        assert_eq!(
            PasswordName::parse("  Scid vs PC ").unwrap().as_str(),
            "Scid vs PC"
        );
        assert_eq!(PasswordName::parse("  "), Err(NameError::Empty));
        assert_eq!(
            PasswordName::parse(&"x".repeat(MAX_NAME_CHARS + 1)),
            Err(NameError::TooLong)
        );
        assert_eq!(
            PasswordName::parse("a\tb"),
            Err(NameError::ControlCharacter)
        );
    }
}
