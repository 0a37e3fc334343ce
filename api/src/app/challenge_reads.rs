//! Challenges as their readers see them: a player's open challenges, each with its players'
//! names as the reader may read them (one read of the players for any number of challenges),
//! and the opponent a challenge form names.

use super::accounts::{name_for, Email};
use super::authority::sees_player;
use super::challenges::{Challenge, ChallengeError};
use super::views::PlayerRef;
use super::AppState;
use crate::store::{self, micros, PlayerRow, StoreError};

/// A challenge with its players named for its reader.
pub struct Named {
    pub challenge: Challenge,
    pub challenger: PlayerRef,
    /// The player challenged; none for a seek or a challenge by link.
    pub challenged: Option<PlayerRef>,
}

/// The challenges `player` made or was sent that are still open, newest first (blocking).
pub fn open_of(state: &AppState, player: &str) -> Result<Vec<Challenge>, ChallengeError> {
    let now = micros(store::now());
    state
        .store
        .open_challenges_of(player, 200)?
        .into_iter()
        .filter(|r| r.expires_at > now)
        .map(Challenge::of)
        .collect()
}

/// Names the players of `challenges` as `reader` (the admin where `admin`) may read them
/// (blocking): a player the reader may not see is named as [`name_for`] names them.
pub fn named(
    state: &AppState,
    challenges: Vec<Challenge>,
    reader: Option<&PlayerRow>,
    admin: bool,
) -> Result<Vec<Named>, StoreError> {
    let ids: Vec<&str> = challenges
        .iter()
        .flat_map(|c| {
            [
                Some(c.row.challenger_id.as_str()),
                c.row.challenged_id.as_deref(),
            ]
        })
        .flatten()
        .collect();
    let players = state.store.players(&ids)?;
    let named = |id: &str| PlayerRef {
        id: id.to_owned(),
        name: players
            .get(id)
            .map(|p| name_for(reader, admin, p))
            .unwrap_or_default(),
    };
    Ok(challenges
        .into_iter()
        .map(|c| Named {
            challenger: named(&c.row.challenger_id),
            challenged: c.row.challenged_id.as_deref().map(named),
            challenge: c,
        })
        .collect())
}

/// The player a challenge form names, by address or by name, among those `me` may see
/// (blocking): their id, or why none is (a page text's id).
pub fn opponent(
    state: &AppState,
    me: &PlayerRow,
    text: &str,
) -> Result<Result<String, &'static str>, StoreError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Err("page-challenge-no-opponent"));
    }
    if let Some(email) = Email::parse(text) {
        return Ok(match state.store.player_by_email(email.as_str())? {
            Some(p) if sees_player(Some(me), false, &p) => Ok(p.id),
            _ => Err("page-challenge-unknown-opponent"),
        });
    }
    let found: Vec<PlayerRow> = state
        .store
        .players_named(text, 10)?
        .into_iter()
        .filter(|p| p.id != me.id && sees_player(Some(me), false, p))
        .collect();
    Ok(match found.as_slice() {
        [one] => Ok(one.id.clone()),
        [] => Err("page-challenge-unknown-opponent"),
        _ => Err("page-challenge-several-opponents"),
    })
}
