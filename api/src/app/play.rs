//! A player's (or an arbiter's) command in a game, as every door sends it: who acts, in which
//! notation, whether a message may go with it, then the command pipeline.

use std::sync::Arc;

use domain::game::dice::SentEntropy;
use domain::games::{Command, Context};
use domain::GameId;

use super::actors::Account;
use super::{AppState, CommandError, GameOutcome};
use crate::store;

/// Runs `command` in game `id` for `account`: the actor as [`super::actors::in_game`] decides,
/// moves read in the player's notation where they name none, a message refused where the game's
/// organiser turned messages off. The throws it causes in a game of dice are derived from
/// `entropy`, the text the request carried, or from one the service draws (marked so) where it
/// carried none: drawn once, so a command judged again after a lost race throws the same dice.
pub async fn command(
    state: Arc<AppState>,
    account: Account<'_>,
    id: GameId,
    command: Command,
    expected_version: Option<u64>,
    entropy: Option<SentEntropy>,
) -> Result<GameOutcome, CommandError> {
    let actor = super::actors::in_game(account, &command)?;
    if matches!(command, Command::Message { .. }) {
        let key = id.to_string();
        let allowed = {
            let state = state.clone();
            tokio::task::spawn_blocking(move || messages_allowed(&state, &key))
                .await
                .map_err(|e| anyhow::anyhow!("a blocking task failed: {e}"))??
        };
        if !allowed {
            return Err(CommandError::MessagesOff);
        }
    }
    let notation = match account {
        Account::Player(p) => p.read_notation(),
        Account::Admin => None,
    };
    let ctx = Context {
        now: store::now(),
        actor,
        notation,
        dice: None,
        entropy: Some(entropy.unwrap_or_else(super::dice::drawn_entropy)),
        tables: None,
    };
    super::run(state, id, command, ctx, expected_version).await
}

/// May the players send messages in this game: unless its organiser, or the organiser of a
/// pupil who plays in it, turned them off (an unknown game is the pipeline's to answer).
pub fn messages_allowed(state: &AppState, game_id: &str) -> Result<bool, CommandError> {
    let Some(row) = state.store.game_row(game_id)? else {
        return Ok(true);
    };
    let mut organisers = vec![row.organiser_id.clone()];
    for side in [&row.white_id, &row.black_id] {
        if let Some(p) = state.store.player(side)? {
            organisers.push(p.created_by);
        }
    }
    for organiser in organisers.into_iter().flatten() {
        if state.store.messages_off(&organiser)? {
            return Ok(false);
        }
    }
    Ok(true)
}
