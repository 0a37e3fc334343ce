//! Dice: the throws a command's events leave due, a player's request for their throw, their
//! entropy, and the secret's reveal when the game ends. Every throw is derived from the secret
//! the service hands over in the context ([`crate::game::dice::derive_throw`]); the domain draws
//! nothing.

use super::{at_the_board, having_the_move, player, player_side, Context};
use crate::game::dice::{derive_throw_v1, derive_v2, Dice, DiceSeed, Entropy, EntropyError, Faces};
use crate::game::event::{EventBody, GameEvent};
use crate::game::rejection::{FieldProblem, Rejection};
use crate::game::rules::{Rules, Throwing};
use crate::game::state::{evolve, Game, GameState};
use crate::game::types::{Actor, Side};

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

/// Is the match thrown under the first scheme?
fn under_v1<R: Rules>(game: &Game<R>) -> bool {
    game.dice.as_ref().is_some_and(|d| d.is_v1())
}

/// The next throw, of two dice (under the first scheme, also the opening's): from the request's
/// entropy, and who sent it.
fn throw_event<R: Rules>(game: &Game<R>, ctx: &Context<R>) -> Result<EventBody, Rejection> {
    let seed = seed(game, ctx)?;
    let number = game.thrown().len() as u32;
    let passes = |dice: Dice| {
        let mut after = game.position().clone();
        R::throw(&mut after, dice).then(|| R::turn(game.position()))
    };
    if under_v1(game) {
        let dice = derive_throw_v1(
            seed,
            number,
            game.entropy_of(Side::White),
            game.entropy_of(Side::Black),
        );
        return Ok(EventBody::DiceThrown {
            number,
            dice: Faces::Two(dice),
            passed: passes(dice),
            entropy: None,
            by: None,
            drawn: false,
        });
    }
    let sent = ctx.entropy.as_ref().ok_or(Rejection::DiceUnavailable)?;
    let Faces::Two(dice) = derive_v2(seed, &game.id.to_string(), number, sent.text(), false) else {
        unreachable!("a throw of two dice has two faces")
    };
    Ok(EventBody::DiceThrown {
        number,
        dice: Faces::Two(dice),
        passed: passes(dice),
        entropy: Some(sent.text().to_owned()),
        by: player_side(game, ctx).ok(),
        drawn: sent.is_drawn(),
    })
}

/// `side`'s own opening die, from their request's entropy: where the other player's is in, the
/// two decide who starts (and whether the starter's dice pass the turn).
fn opening_die_event<R: Rules>(
    game: &Game<R>,
    side: Side,
    ctx: &Context<R>,
) -> Result<EventBody, Rejection> {
    let seed = seed(game, ctx)?;
    let sent = ctx.entropy.as_ref().ok_or(Rejection::DiceUnavailable)?;
    let number = game.thrown().len() as u32;
    let Faces::Die(face) = derive_v2(seed, &game.id.to_string(), number, sent.text(), true) else {
        unreachable!("an opening die has one face")
    };
    let passed = match game.opening_die() {
        Some((other, theirs)) if other != side => {
            let (white, black) = match side {
                Side::White => (face, theirs),
                Side::Black => (theirs, face),
            };
            let dice = Dice::new(white, black).expect("faces are 1 to 6");
            let mut after = game.position().clone();
            R::throw(&mut after, dice).then(|| R::turn(game.position()))
        }
        _ => None,
    };
    Ok(EventBody::DiceThrown {
        number,
        dice: Faces::Die(face),
        passed,
        entropy: Some(sent.text().to_owned()),
        by: Some(side),
        drawn: sent.is_drawn(),
    })
}

/// `events`, then the throws they leave due and, where they end a game of dice, its secret.
/// Every throw they cause is derived from the request's entropy; an opening waits for each
/// player's own request, and the write that creates a match throws nothing.
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
    // A throw due before these events (a position set up with the dice to throw) waits for the
    // player on roll's own request: no other command throws it with another's entropy.
    let waiting = state
        .game()
        .filter(|g| g.is_live() && R::awaits_throw(g.position()) == Throwing::Now)
        .map(|g| g.position().clone());
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
            if created_with_dice {
                // No throw in the write that commits: each waits for a player's request.
                break;
            }
            match R::awaits_throw(game.position()) {
                Throwing::Now if waiting.as_ref() == Some(game.position()) => break,
                Throwing::Now => throw_event(game, ctx)?,
                Throwing::Opening if under_v1(game) => throw_event(game, ctx)?,
                _ => break,
            }
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

/// A player throws: their own opening die (in either order), or their dice where they might
/// first have doubled (or where the match was set up with their dice to throw).
pub(super) fn throw<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    // Whoever is no player here is told so before anything of the game.
    player(game, ctx)?;
    if !game.kind.features().dice {
        return Err(Rejection::NotInThisGame { feature: "dice" });
    }
    if R::awaits_throw(game.position()) == Throwing::Opening && !under_v1(game) {
        let side = at_the_board(game, ctx)?;
        if game.opening_die().is_some_and(|(thrown, _)| thrown == side) {
            // Theirs is in; the opponent's is awaited.
            return Err(Rejection::NotYourTurn);
        }
        return Ok(vec![opening_die_event(game, side, ctx)?]);
    }
    having_the_move(game, ctx)?;
    // A throw due by itself waits for a request only where the match was just created (a
    // position set up with the dice to throw).
    if !matches!(
        R::awaits_throw(game.position()),
        Throwing::WhenAsked | Throwing::Now
    ) {
        return Err(Rejection::NoThrowDue);
    }
    Ok(vec![throw_event(game, ctx)?])
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
    if !under_v1(game) {
        // Each request that causes a throw carries its own entropy.
        return Err(Rejection::NotInThisGame {
            feature: "entropy_added",
        });
    }
    let entropy = Entropy::chosen(text).map_err(|e| Rejection::InvalidField {
        field: "entropy",
        problem: match e {
            EntropyError::Empty => FieldProblem::Empty,
            EntropyError::TooLong { max } => FieldProblem::TooLong { max },
            EntropyError::ControlCharacter => FieldProblem::ControlCharacters,
        },
    })?;
    Ok(vec![EventBody::EntropyAdded { side, entropy }])
}
