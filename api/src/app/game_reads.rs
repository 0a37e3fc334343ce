//! A game read by whoever may read it: its projection row, its log folded (this server's
//! cache, mostly), its events as stored, and a player's list of games. Who may read a game is
//! [`super::reads::game_access`]; every door reads a game through here.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::commands::CommandError;
use super::folds::Folded;
use super::reads::{game_access, Access};
use super::AppState;
use crate::store::{GameRow, PlayerRow, StoreError, StoredEvent};

/// Why a game is not read.
#[derive(Debug)]
pub enum Unreadable {
    /// No such game, or one the reader may not know of.
    NotFound,
    /// Not as an anonymous reader: signing in may allow it.
    SignIn,
    Failed(CommandError),
}

impl From<StoreError> for Unreadable {
    fn from(e: StoreError) -> Self {
        Unreadable::Failed(e.into())
    }
}

/// Game `id`'s projection row, if `reader` (the admin where `admin`) may read the game
/// (blocking).
pub fn readable_game(
    state: &AppState,
    id: &str,
    reader: Option<&PlayerRow>,
    admin: bool,
) -> Result<GameRow, Unreadable> {
    let row = state.store.game_row(id)?.ok_or(Unreadable::NotFound)?;
    match game_access(state, &row, reader, admin).map_err(Unreadable::Failed)? {
        Access::Allowed => Ok(row),
        Access::SignIn => Err(Unreadable::SignIn),
        Access::Hidden => Err(Unreadable::NotFound),
    }
}

/// Game `id`'s projection row, whoever reads it (blocking): for a game the caller has just made
/// or joined.
pub fn own_game(state: &AppState, id: &str) -> Result<Option<GameRow>, StoreError> {
    state.store.game_row(id)
}

/// Game `id`'s log folded as of now (blocking); its reader already allowed.
pub fn folded(
    state: &AppState,
    id: &str,
) -> Result<Arc<Folded<domain::games::GameState>>, StoreError> {
    state.folds.current(&state.store, id)
}

/// Game `id`'s events as stored, and the seqs of those whose personal data was erased
/// (blocking); its reader already allowed.
pub fn events(state: &AppState, id: &str) -> Result<(Vec<StoredEvent>, BTreeSet<i64>), StoreError> {
    Ok((
        state.store.load_events(id)?,
        state.store.erased("game", id)?,
    ))
}

/// A player's games (blocking), the latest `limit`, of `status` where one is given (`active`,
/// `finished`, `adjourned`).
pub fn games_of(
    state: &AppState,
    player: &str,
    status: Option<&str>,
    limit: i64,
) -> Result<Vec<GameRow>, StoreError> {
    state.store.games_of_player(player, status, limit)
}

/// The games of the player whose bearer token hashes to `hash`, as [`games_of`], in one read
/// (blocking): `None` for no player's token.
pub fn games_of_token(
    state: &AppState,
    hash: &str,
    status: Option<&str>,
    limit: i64,
) -> Result<Option<(PlayerRow, Vec<GameRow>)>, StoreError> {
    state.store.games_of_token(hash, status, limit)
}

/// Records that player `player` read game `game` as of `(version, ply)` (blocking): their list
/// of games says what happened since (a player without sight hears it).
pub fn mark_visit(
    state: &AppState,
    player: &str,
    game: &str,
    seen: (i64, i64),
) -> Result<(), StoreError> {
    state.store.mark_seen(player, game, seen)
}

/// The `(version, ply)` at which player `player` last read each game they read (blocking).
pub fn visits(
    state: &AppState,
    player: &str,
) -> Result<std::collections::HashMap<String, (i64, i64)>, StoreError> {
    state.store.seen_versions(player)
}
