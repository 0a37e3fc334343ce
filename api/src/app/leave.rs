//! A player's leave: it stops the clocks of all their live games with a clock, judged in every
//! game before it is taken in any, so a leave one game refuses is taken in none.

use domain::game::{Actor, Rejection, Side, Timestamp};
use domain::{GameId, PlayerId};

use super::games::just;
use super::{execute, AppState, CommandError};
use domain::games::{Command, Context};

/// Where a player's leave stands across their games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The days of this year's allowance left in every game (the fewest of them); `None` with no
    /// game that has a clock.
    pub days_left: Option<u32>,
    /// The leave running now or planned: when it starts and ends.
    pub leave: Option<(Timestamp, Timestamp)>,
}

/// The player's active games with a clock.
fn clocked_games(state: &AppState, player_id: &PlayerId) -> Result<Vec<GameId>, CommandError> {
    Ok(state
        .store
        .games_of_player(&player_id.to_string(), Some("active"), 10_000)?
        .into_iter()
        .filter(|r| r.clock_state.is_some())
        .filter_map(|r| GameId::parse(&r.id).ok())
        .collect())
}

fn context(me: &PlayerId, now: Timestamp) -> Context {
    Context {
        now,
        actor: Actor::Player(*me),
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    }
}

/// Takes leave from `from` to `until` in all the player's clocked games: the games whose clocks
/// stop (none if they have no such game).
pub fn take(
    state: &AppState,
    me: &PlayerId,
    from: Timestamp,
    until: Timestamp,
    now: Timestamp,
) -> Result<Vec<GameId>, CommandError> {
    let ctx = context(me, now);
    let games = clocked_games(state, me)?;
    for id in &games {
        let folded = state.folds.current(&state.store, &id.to_string())?;
        domain::decide(&folded.state, Command::TakeLeave { from, until }, &ctx)?;
    }
    for &id in &games {
        execute(
            state,
            id,
            just(Command::TakeLeave { from, until }),
            &ctx,
            None,
        )?;
    }
    Ok(games)
}

/// Ends the player's leave now in every game that has one; refused `no_leave` where none has.
pub fn end(state: &AppState, me: &PlayerId, now: Timestamp) -> Result<Vec<GameId>, CommandError> {
    let ctx = context(me, now);
    let mut ended = Vec::new();
    for id in clocked_games(state, me)? {
        match execute(state, id, just(Command::EndLeave), &ctx, None) {
            Ok(_) => ended.push(id),
            Err(CommandError::Rejected(Rejection::NoLeave)) => {}
            Err(e) => return Err(e),
        }
    }
    if ended.is_empty() {
        return Err(Rejection::NoLeave.into());
    }
    Ok(ended)
}

/// The player's leave across their clocked games at `now`.
pub fn standing(state: &AppState, me: &PlayerId, now: Timestamp) -> Result<Standing, CommandError> {
    let mut standing = Standing {
        days_left: None,
        leave: None,
    };
    for id in clocked_games(state, me)? {
        let folded = state.folds.current(&state.store, &id.to_string())?;
        let Some(game) = folded.state.game() else {
            continue;
        };
        let side = if game.white.id == *me {
            Side::White
        } else if game.black.id == *me {
            Side::Black
        } else {
            continue;
        };
        let left = game.leave_days_left(side, now.year());
        standing.days_left = Some(standing.days_left.map_or(left, |d| d.min(left)));
        standing.leave = standing.leave.or(game.leave_from(side, now));
    }
    Ok(standing)
}
