//! Draw claims (chess 9.2 threefold repetition, 9.3 fifty moves; each game's own from its
//! [`crate::game::rules::DrawRules`]): judged at once; a wrong claim stands as a draw offer,
//! gives the opponent time (9.5) and plays the intended move. And claims by the endgame
//! tablebases, where the event's rule allows them (as ICCF's do): a wrong one is refused with
//! the tables' verdict and changes nothing.

use super::moves::{
    adjudicated, play_and_judge, play_judged, read, record, tables_verdict, Played,
};
use super::{having_the_move, Context, MoveInput};
use crate::game::conditional::DropReason;
use crate::game::event::EventBody;
use crate::game::rejection::Rejection;
use crate::game::rules::Rules;
use crate::game::state::Game;
use crate::game::tablebase::TablebaseClaim;
use crate::game::types::{ClaimKind, GameResult, Side};

pub(super) fn claim<R: Rules>(
    game: &Game<R>,
    kind: ClaimKind,
    intended_move: Option<MoveInput<R>>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    // 9.2 / 9.3: the claim is made by the player having the move, before moving (9.4).
    let side = having_the_move(game, ctx)?;
    let Some(plies) = game.draws().claim(kind) else {
        return Err(Rejection::ClaimNotInGame);
    };
    let intended = intended_move
        .map(|mv| read(game.position(), &mv, ctx))
        .transpose()?;
    // Where the tables hold the position, they decide it, not the count of moves.
    if plies.is_some() {
        let claimed = after::<R>(game.position(), intended);
        if let Some(verdict) = tables_verdict(game, &claimed, ctx) {
            return Err(Rejection::NoProgressRuleSuspended { verdict });
        }
    }
    Ok(judge(game, side, kind, plies, intended, ctx))
}

/// The position a claim is on: the present one, or the one after the intended move.
fn after<R: Rules>(pos: &R::Position, intended: Option<R::Move>) -> R::Position {
    let mut after = pos.clone();
    if let Some(m) = intended {
        R::play(&mut after, m);
    }
    after
}

/// A claim of the tables' result on the present position, or on the position after an intended
/// move (then played, where the claim is right). Right where the tables hold that position and
/// give the claimer what they claim; a cursed win is a win. Else refused with their verdict.
pub(super) fn tablebase<R: Rules>(
    game: &Game<R>,
    claim: TablebaseClaim,
    intended_move: Option<MoveInput<R>>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = having_the_move(game, ctx)?;
    if game.tablebase.is_off() {
        return Err(Rejection::ClaimNotInGame);
    }
    let intended = intended_move
        .map(|mv| read(game.position(), &mv, ctx))
        .transpose()?;
    let claimed = after::<R>(game.position(), intended);
    let Some(verdict) = tables_verdict(game, &claimed, ctx) else {
        return Err(Rejection::NotInTablebases);
    };
    // The verdict is for the side to move in the claimed position: the opponent, after a move.
    let for_mover = verdict.wdl.without_fifty_moves();
    let for_claimer = if intended.is_some() {
        for_mover.map(|won| !won)
    } else {
        for_mover
    };
    let right = match claim {
        TablebaseClaim::Win => for_claimer == Some(true),
        TablebaseClaim::Draw => for_claimer.is_none(),
    };
    if !right {
        return Err(Rejection::TablebaseClaimRefused {
            claim,
            for_claimer,
            verdict,
        });
    }
    let mut events = Vec::new();
    if let Some(m) = intended {
        events = play_judged(game, m, false, Played::WithTablebaseClaim, ctx);
        // A move that ends the game by itself (checkmate, stalemate) ends it so.
        if events
            .iter()
            .any(|e| matches!(e, EventBody::GameEnded { .. }))
        {
            return Ok(events);
        }
    }
    events.extend(adjudicated(R::turn(&claimed), Some((side, claim)), verdict));
    Ok(events)
}

/// 9.2 / 9.3 / 9.5: judge the claim; if wrong, it stands as a draw offer and the intended move
/// (if any) is played.
fn judge<R: Rules>(
    game: &Game<R>,
    side: Side,
    kind: ClaimKind,
    plies: Option<u32>,
    intended: Option<R::Move>,
    ctx: &Context<R>,
) -> Vec<EventBody> {
    let pos = game.position();
    let (occurrences, halfmove_clock) = match intended {
        Some(m) => {
            let mut after = pos.clone();
            R::play(&mut after, m);
            (game.occurrences_after(m, &after), R::halfmove_clock(&after))
        }
        None => (game.occurrences_now(), R::halfmove_clock(pos)),
    };
    let upheld = match plies {
        None => occurrences >= 3,
        Some(plies) => halfmove_clock >= plies,
    };
    let mut events = vec![EventBody::DrawClaimed {
        by: side,
        kind,
        intended_move: intended.map(|m| record::<R>(pos, m)),
        upheld,
        occurrences: (kind == ClaimKind::ThreefoldRepetition).then_some(occurrences),
        halfmove_clock,
    }];
    if upheld {
        events.push(EventBody::GameEnded {
            result: GameResult::Draw,
            termination: kind.termination(),
        });
    } else {
        // A wrong claim stands as a draw offer: no prepared line answers past it.
        events.extend(super::conditional::dropped(
            game,
            &[Side::White, Side::Black],
            DropReason::Claim,
        ));
        if let Some(m) = intended {
            events.extend(play_and_judge(game, m, false, ctx));
        }
    }
    events
}
