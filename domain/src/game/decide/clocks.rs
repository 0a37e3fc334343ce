//! The clocks' commands: a flag fall, recorded by the service (6.9), and time an arbiter gives.

use super::{arbiter, required_reason, Context};
use crate::game::event::EventBody;
use crate::game::rejection::{FieldProblem, Rejection};
use crate::game::rules::{Rules, Winnability};
use crate::game::state::Game;
use crate::game::time_control::TimeControl;
use crate::game::types::{Actor, GameResult, Side, Termination};

/// 6.9 (6.10 in 2005): the side to move has run out of time. It loses, unless the opponent cannot
/// checkmate by any series of legal moves (the rules' full search): then the game is drawn. If the
/// search cannot decide, nothing proves the draw and the loss stands.
pub(super) fn flag_fall<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    if !matches!(ctx.actor, Actor::System | Actor::Admin) {
        return Err(Rejection::ArbiterOnly);
    }
    if !game.is_active() {
        return Err(Rejection::GameOver);
    }
    let (Some(side), Some(deadline)) = (
        game.flagged(ctx.now),
        game.clock.as_ref().and_then(|c| c.deadline()),
    ) else {
        return Err(Rejection::NotYetDue);
    };
    let opponent = side.opponent();
    let (result, termination) = match R::winnability(game.position(), opponent) {
        Winnability::Unwinnable => (GameResult::Draw, Termination::InsufficientMaterialOnTime),
        Winnability::Winnable | Winnability::Unknown => {
            (GameResult::win_for(opponent), Termination::TimeForfeit)
        }
    };
    Ok(vec![
        EventBody::FlagFell { side, deadline },
        EventBody::GameEnded {
            result,
            termination,
        },
    ])
}

/// An arbiter gives a side more time, with a reason.
pub(super) fn add_time<R: Rules>(
    game: &Game<R>,
    side: Side,
    seconds: u64,
    reason: String,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    arbiter(game, ctx)?;
    if !game.is_active() {
        return Err(Rejection::GameOver);
    }
    if let Some(flagged) = game.flagged(ctx.now) {
        return Err(Rejection::FlagFallen { side: flagged });
    }
    if game.clock.is_none() {
        return Err(Rejection::NoClock);
    }
    if seconds == 0 || seconds > TimeControl::MAX_SECONDS {
        return Err(Rejection::InvalidField {
            field: "seconds",
            problem: FieldProblem::SecondsOutOfRange { days: 400 },
        });
    }
    let reason = required_reason(reason)?;
    Ok(vec![EventBody::TimeAdded {
        side,
        seconds,
        reason,
    }])
}
