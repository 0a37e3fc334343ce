//! Dice: the throws a command's events leave due, a player's request for their throw, their
//! entropy, and the secret's reveal when the game ends. Every throw is derived from the secret
//! the service hands over in the context ([`crate::game::dice::derive_throw`]); the domain draws
//! nothing.

use super::{having_the_move, player, Context};
use crate::game::dice::{derive_throw, DiceSeed, Entropy, EntropyError};
use crate::game::event::{EventBody, GameEvent};
use crate::game::rejection::{FieldProblem, Rejection};
use crate::game::rules::{Rules, Throwing};
use crate::game::state::{evolve, Game, GameState};
use crate::game::types::Actor;

/// More throws in a row than any game needs (ties of the opening, turns passed back and forth):
/// a position that still awaits one after them waits for the next command.
const MAX_THROWS_IN_A_ROW: usize = 256;

/// The secret in the context, checked against the game's commitment.
fn seed<'a, R: Rules>(game: &Game<R>, ctx: &'a Context<R>) -> Result<&'a DiceSeed, Rejection> {
    let committed = game.dice.as_ref().ok_or(Rejection::DiceUnavailable)?;
    ctx.dice
        .as_ref()
        .filter(|s| s.commitment() == committed.commitment)
        .ok_or(Rejection::DiceUnavailable)
}

fn throw_event<R: Rules>(game: &Game<R>, seed: &DiceSeed) -> EventBody {
    let number = game.throws().len() as u32;
    let dice = derive_throw(
        seed,
        number,
        game.entropy_of(crate::game::Side::White),
        game.entropy_of(crate::game::Side::Black),
    );
    let mut after = game.position().clone();
    let passed = R::throw(&mut after, dice).then(|| R::turn(game.position()));
    EventBody::DiceThrown {
        number,
        dice,
        passed,
    }
}

/// `events`, then the throws they leave due and, where they end a game of dice, its secret.
pub(super) fn settle<R: Rules>(
    state: &GameState<R>,
    mut events: Vec<GameEvent>,
    ctx: &Context<R>,
) -> Result<Vec<GameEvent>, Rejection> {
    let of_dice = |s: &GameState<R>| s.game().is_some_and(|g| g.dice.is_some());
    let created_with_dice = events.iter().any(|e| match &e.body {
        EventBody::GameCreated(c) => c.dice.is_some(),
        _ => false,
    });
    if !of_dice(state) && !created_with_dice {
        return Ok(events);
    }
    let mut after = state.clone();
    for e in &events {
        after = evolve(after, e);
    }
    let system = |body| GameEvent {
        at: ctx.now,
        actor: Actor::System,
        body,
    };
    for _ in 0..MAX_THROWS_IN_A_ROW {
        let game = match &after {
            GameState::Created(g) => g,
            GameState::Corrupt { reason, .. } => return Err(Rejection::CorruptLog(reason.clone())),
            GameState::NotCreated => return Ok(events),
        };
        let body = if game.is_live() {
            if R::awaits_throw(game.position()) != Throwing::Now {
                break;
            }
            throw_event(game, seed(game, ctx)?)
        } else if game.revealed_seed.is_none() {
            EventBody::DiceRevealed {
                seed: seed(game, ctx)?.to_hex(),
            }
        } else {
            break;
        };
        let event = system(body);
        after = evolve(after, &event);
        events.push(event);
    }
    Ok(events)
}

/// The player on roll asks for their throw (where they might first have doubled).
pub(super) fn throw<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    // Whoever is no player here is told so before anything of the game.
    player(game, ctx)?;
    if !game.kind.features().dice {
        return Err(Rejection::NotInThisGame { feature: "dice" });
    }
    having_the_move(game, ctx)?;
    if R::awaits_throw(game.position()) != Throwing::WhenAsked {
        return Err(Rejection::NoThrowDue);
    }
    Ok(vec![throw_event(game, seed(game, ctx)?)])
}

/// A player's own entropy for the throws after it.
pub(super) fn add_entropy<R: Rules>(
    game: &Game<R>,
    text: &str,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    if game.dice.is_none() {
        return Err(Rejection::NotInThisGame { feature: "dice" });
    }
    let entropy = Entropy::chosen(text).map_err(|e| Rejection::InvalidField {
        field: "entropy",
        problem: match e {
            EntropyError::Empty => FieldProblem::Empty,
            EntropyError::TooLong => FieldProblem::TooLong {
                max: crate::game::dice::MAX_ENTROPY_CHARS,
            },
            EntropyError::ControlCharacter => FieldProblem::ControlCharacters,
        },
    })?;
    Ok(vec![EventBody::EntropyAdded { side, entropy }])
}
