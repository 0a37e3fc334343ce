//! How a game ends by a person's word: resignation (5.1.2), and an arbiter's ruling on the
//! result, with its reason.

use super::{arbiter, player, required_reason, Context};
use crate::game::event::EventBody;
use crate::game::rejection::Rejection;
use crate::game::rules::Rules;
use crate::game::state::Game;
use crate::game::types::{GameResult, Termination};

/// Resignation, in either turn.
pub(super) fn resign<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    Ok(vec![
        EventBody::Resigned { by: side },
        EventBody::GameEnded {
            result: GameResult::win_for(side.opponent()),
            termination: Termination::Resignation,
        },
    ])
}

/// The arbiter rules on the result, with a reason (also after the game ended).
pub(super) fn decide_result<R: Rules>(
    game: &Game<R>,
    result: GameResult,
    reason: String,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    arbiter(game, ctx)?;
    let reason = required_reason(reason)?;
    Ok(vec![
        EventBody::ArbiterDecided { result, reason },
        EventBody::GameEnded {
            result,
            termination: Termination::ArbiterDecision,
        },
    ])
}
