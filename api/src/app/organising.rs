//! An organiser's school: the pupils they made, the games they organise, the school's choices
//! (who sees its pupils' games, whether its pupils write messages), and the class's printed
//! sign-in codes.

use std::collections::HashMap;

use domain::game::Visibility;

use super::actors::Account;
use super::AppState;
use crate::store::{GameRow, PlayerRow, StoreError};

/// The most pupils one class list may hold.
pub const MAX_CLASS: usize = 200;

/// What an organiser's page shows of their school.
pub struct School {
    /// The players they made.
    pub pupils: Vec<PlayerRow>,
    /// The games they organise, the latest 200.
    pub games: Vec<GameRow>,
    /// Who may read their pupils' games by default.
    pub visibility: Visibility,
    /// Their pupils write no messages to opponents.
    pub messages_off: bool,
}

/// Organiser `organiser`'s school (blocking).
pub fn school_of(state: &AppState, organiser: &str) -> Result<School, StoreError> {
    Ok(School {
        pupils: state.store.players_created_by(organiser)?,
        games: state.store.games_organised_by(organiser, 200)?,
        visibility: super::accounts::school_visibility(&state.store, organiser)?,
        messages_off: state.store.messages_off(organiser)?,
    })
}

/// The players organiser `organiser` made (blocking).
pub fn pupils_of(state: &AppState, organiser: &str) -> Result<Vec<PlayerRow>, StoreError> {
    state.store.players_created_by(organiser)
}

/// Keeps an organiser's choices for their school (blocking).
pub fn set_school_choices(
    state: &AppState,
    organiser: &str,
    visibility: Visibility,
    messages_off: bool,
) -> Result<(), StoreError> {
    state
        .store
        .set_school_visibility(organiser, Some(visibility.as_str()))?;
    state.store.set_messages_off(organiser, messages_off)?;
    Ok(())
}

/// New sign-in codes, valid for `days`, for the pupils of `organiser` in `class` of `school`
/// (empty: none given) who may have one ([`super::authority::issue_login_code`]: never an
/// account since made an organiser or an admin), in the order the store gives them (blocking):
/// each pupil with their code. Their older codes stop working.
pub fn class_codes(
    state: &AppState,
    organiser: &PlayerRow,
    school: &str,
    class: &str,
    days: i64,
) -> Result<Vec<(PlayerRow, String)>, StoreError> {
    state
        .store
        .players_created_by(&organiser.id)?
        .into_iter()
        .filter(|p| super::authority::issue_login_code(Account::Player(organiser), p).is_ok())
        .filter(|p| p.school.as_deref().unwrap_or_default() == school)
        .filter(|p| p.class_name.as_deref().unwrap_or_default() == class)
        .map(|p| {
            let (code, _) = super::sign_in::issue_code(state, &p.id, days)?;
            Ok((p, code))
        })
        .collect()
}

/// The players with ids `ids` (blocking), for their names: the caller shows of each only what
/// its reader may see.
pub fn players(state: &AppState, ids: &[&str]) -> Result<HashMap<String, PlayerRow>, StoreError> {
    state.store.players(ids)
}
