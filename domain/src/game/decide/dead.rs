//! A dead position found after the move that made it (5.2.2). Where the per-move judgement let
//! the game go on without the whole answer ([`Rules::verdict_pending`]), the whole test runs
//! before anything else in the game is judged ([`super::judge`]), and the service runs it for
//! every such position in the background ([`Command::JudgePosition`](super::Command)). A dead
//! position ends the game as of the move that made it: the move stands, nothing after it does.

use super::{service, Context};
use crate::game::event::EventBody;
use crate::game::rejection::Rejection;
use crate::game::rules::{Rules, Verdict};
use crate::game::state::Game;
use crate::game::types::{GameResult, Termination};

/// The service asks for the whole answer on the present position.
pub(super) fn judge_position<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    service(game, ctx)?;
    match game.verdict() {
        Verdict::Dead => Ok(ended(game)),
        Verdict::GoesOn | Verdict::Unknown => Err(Rejection::NotDead),
    }
}

/// Is the present position, left open by the per-move judgement, dead? Asked before any other
/// command in a game that goes on.
pub(super) fn found_dead<R: Rules>(game: &Game<R>) -> bool {
    game.is_live() && game.verdict_pending() && game.verdict() == Verdict::Dead
}

/// The game ends with the last move: the ply it ended at, then the ending.
pub(super) fn ended<R: Rules>(game: &Game<R>) -> Vec<EventBody> {
    vec![
        EventBody::DeadPositionFound {
            ply: game.ply() as u32,
        },
        EventBody::GameEnded {
            result: GameResult::Draw,
            termination: Termination::DeadPosition,
        },
    ]
}
