//! Ratings moved by finished rated games: the scheduler's every round counts the games that
//! ended since, in the order they ended, each exactly once (store/ratings.rs), by Glicko-2
//! (`domain::rating`).

use domain::game::GameResult;
use domain::rating::rated_game;

use super::AppState;
use crate::store::from_micros;

/// The most games one round counts.
const PER_ROUND: i64 = 100;

/// Counts the finished rated games not yet counted: how many this server counted.
pub fn settle_due(state: &AppState) -> anyhow::Result<usize> {
    let mut counted = 0;
    for due in state.store.ratings_due(PER_ROUND)? {
        let Some(result) = due.result.as_deref().and_then(GameResult::parse) else {
            tracing::warn!(game = %due.id, "a finished rated game has no result");
            continue;
        };
        let at = from_micros(due.updated_at);
        if state
            .store
            .settle_rating(&due, result, |w, b, r| rated_game(w, b, r, at))?
        {
            counted += 1;
        }
    }
    Ok(counted)
}

/// Player `id`'s rating in each game they have one in, if `reader` (the admin where `admin`)
/// may see the player (blocking): `None` for a player unknown or hidden from the reader.
pub fn standings_of(
    state: &AppState,
    id: &str,
    reader: Option<&crate::store::PlayerRow>,
    admin: bool,
) -> Result<Option<Vec<(String, domain::rating::Standing)>>, crate::store::StoreError> {
    let Some(player) = state
        .store
        .player(id)?
        .filter(|p| super::authority::sees_player(reader, admin, p))
    else {
        return Ok(None);
    };
    state.store.standings(&player.id).map(Some)
}

/// Each of `players`' ratings in `game`, where they have one (blocking).
pub fn ratings_in(
    state: &AppState,
    players: &[&str],
    game: &str,
) -> Result<std::collections::HashMap<String, domain::rating::Standing>, crate::store::StoreError> {
    state.store.ratings_in(players, game)
}
