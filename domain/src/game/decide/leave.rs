//! A player's leave: the clocks of all their games stop for whole days, within the year's
//! allowance; they may come back early.

use super::{player, Context};
use crate::game::event::EventBody;
use crate::game::rejection::{LeaveProblem, Rejection};

/// The furthest ahead a leave may start.
pub const MAX_LEAVE_AHEAD_DAYS: i64 = 400;
use crate::game::rules::Rules;
use crate::game::state::Game;
use crate::game::types::Timestamp;

/// A player's leave: from now or later, whole days, within the year's allowance in this game.
pub(super) fn take<R: Rules>(
    game: &Game<R>,
    from: Timestamp,
    until: Timestamp,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    let Some(clock) = &game.clock else {
        return Err(Rejection::NoClock);
    };
    let invalid = |problem| Err(Rejection::InvalidLeave(problem));
    // A minute's grace for "from now" sent by a client whose clock is a little behind.
    if from < ctx.now - time::Duration::minutes(1) {
        return invalid(LeaveProblem::InPast);
    }
    let from = from.max(ctx.now);
    if from > ctx.now + time::Duration::days(MAX_LEAVE_AHEAD_DAYS) {
        return invalid(LeaveProblem::TooFarAhead {
            days: MAX_LEAVE_AHEAD_DAYS,
        });
    }
    if until <= from {
        return invalid(LeaveProblem::EndsBeforeStart);
    }
    if clock.leave_ahead(side, ctx.now) {
        return invalid(LeaveProblem::AlreadyTaken);
    }
    let asked = crate::game::clock::whole_days(from, until);
    let left = game.leave_days_left(side, from.year());
    if asked > i64::from(left) {
        return Err(Rejection::LeaveAllowanceExceeded { left_days: left });
    }
    Ok(vec![EventBody::LeaveTaken { side, from, until }])
}

/// The player ends their leave now.
pub(super) fn end<R: Rules>(game: &Game<R>, ctx: &Context<R>) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    let ahead = game
        .clock
        .as_ref()
        .is_some_and(|c| c.leave_ahead(side, ctx.now));
    if !ahead {
        return Err(Rejection::NoLeave);
    }
    Ok(vec![EventBody::LeaveEnded { side }])
}
