//! Conditional moves: a player sets or withdraws their lines, and a move they foresaw is answered
//! by the line's reply in the same events, judged as any move (no time taken from its owner).
//! A move no line foresaw, the opponent's draw offer, a claim, an adjournment or a reply that is
//! no longer legal drops the lines with the reason; the game's end drops them with its ending.

use super::moves::{self, play_judged, Played};
use super::{player, Context, MoveInput};
use crate::game::adjournment::{side_index, valid_nonce};
use crate::game::conditional::{commitment, Advance, ConditionalLines, DropReason, OpenedLines};
use crate::game::event::{EventBody, GameEvent};
use crate::game::rejection::{FieldProblem, Rejection};
use crate::game::rules::{MoveCode, MoveText, Rules, Verdict};
use crate::game::state::{evolve, Game, GameState, Status};
use crate::game::types::{Actor, Side};

/// A player sets their lines (replacing any they had), from the present position.
pub(super) fn set<R: Rules>(
    game: &Game<R>,
    lines: &[Vec<MoveText>],
    notation: Option<R::Notation>,
    nonce: &str,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    // Until an adjournment is over, the envelopes come first.
    if game.status == Status::Adjourned || game.adjournment.is_some() {
        return Err(Rejection::Adjourned);
    }
    // The opponent's offer must be answered first.
    if let Some(by) = game.draw_offer.filter(|by| *by != side) {
        return Err(Rejection::DrawOfferPending { by, yours: false });
    }
    if !valid_nonce(nonce) {
        return Err(Rejection::InvalidField {
            field: "nonce",
            problem: FieldProblem::Nonce,
        });
    }
    let read = ConditionalLines::parse::<R>(game.position(), side, lines, notation, ctx.notation)
        .map_err(Rejection::InvalidConditionalMoves)?;
    Ok(vec![EventBody::ConditionalMovesSet {
        side,
        commitment: commitment(game.id, game.ply(), side, &read, nonce),
    }])
}

/// A player withdraws their lines.
pub(super) fn withdraw<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    if game.conditional[side_index(side)].is_none() {
        return Err(Rejection::NoConditionalMoves);
    }
    Ok(vec![EventBody::ConditionalMovesWithdrawn { side }])
}

/// The held lines of `sides`, dropped for `reason`.
pub(super) fn dropped<R: Rules>(
    game: &Game<R>,
    sides: &[Side],
    reason: DropReason,
) -> Vec<EventBody> {
    sides
        .iter()
        .filter(|side| game.conditional[side_index(**side)].is_some())
        .map(|side| EventBody::ConditionalMovesDropped {
            side: *side,
            reason,
        })
        .collect()
}

/// A move, then the replies of the lines that foresaw it, in turn, until no line answers.
pub(super) fn make_move<R: Rules>(
    game: &Game<R>,
    mv: MoveInput<R>,
    offer_draw: bool,
    opened: &[OpenedLines],
    ctx: &Context<R>,
) -> Result<Vec<GameEvent>, Rejection> {
    let stamp = |body, actor| GameEvent {
        at: ctx.now,
        actor,
        body,
    };
    let first = moves::make_move(game, mv, offer_draw, ctx)?;
    let mut events: Vec<GameEvent> = first.into_iter().map(|b| stamp(b, ctx.actor)).collect();
    if game.conditional.iter().all(Option::is_none) {
        return Ok(events);
    }
    let mut lines = standing(game, opened)?;
    let mut after = GameState::Created(Box::new(game.clone()));
    for e in &events {
        after = evolve(after, e);
    }
    // Each turn: every held line takes the last move; then the side to move answers from theirs.
    loop {
        let GameState::Created(g) = &after else {
            return Err(Rejection::CorruptLog("a move does not fold".into()));
        };
        if !g.is_live() {
            // The game's end drops every line; its ending says why.
            break;
        }
        let last = last_move(&events);
        let mover = g.turn().opponent();
        let mut bodies = Vec::new();
        for side in [Side::White, Side::Black] {
            let i = side_index(side);
            let Some(held) = &lines[i] else { continue };
            lines[i] = match held.advance(&last) {
                Advance::Continues(rest) => Some(rest),
                Advance::Exhausted => {
                    bodies.push(drop_of(side, DropReason::Exhausted));
                    None
                }
                Advance::NoMatch => {
                    bodies.push(drop_of(side, DropReason::NoMatch));
                    None
                }
            };
        }
        // The mover's draw offer waits for the opponent's answer, not for their lines.
        if g.draw_offer == Some(mover) && lines[side_index(mover.opponent())].take().is_some() {
            bodies.push(drop_of(mover.opponent(), DropReason::DrawOffer));
        }
        let to_move = g.turn();
        let reply = lines[side_index(to_move)].as_ref().and_then(|l| l.next());
        let mut reply_events = Vec::new();
        if let Some(code) = reply {
            // A position left open by the last move's judgement is judged whole first: were it
            // dead, the game ended with that move (5.2.2).
            if g.verdict_pending() && g.verdict() == Verdict::Dead {
                reply_events = super::dead::ended(g)
                    .into_iter()
                    .map(|b| stamp(b, Actor::System))
                    .collect();
            } else {
                match R::read_code(g.position(), &code) {
                    Some(m) => {
                        let owner = Actor::Player(g.participant(to_move).id);
                        reply_events = play_judged(g, m, false, Played::Conditionally, ctx)
                            .into_iter()
                            .map(|b| stamp(b, owner))
                            .collect();
                    }
                    None => {
                        lines[side_index(to_move)] = None;
                        bodies.push(drop_of(to_move, DropReason::ReplyIllegal));
                    }
                }
            }
        }
        let mut next: Vec<GameEvent> = bodies
            .into_iter()
            .map(|b| stamp(b, Actor::System))
            .collect();
        next.extend(reply_events);
        if next.is_empty() {
            break;
        }
        let replied = next
            .iter()
            .any(|e| matches!(e.body, EventBody::MovePlayed { .. }));
        for e in &next {
            after = evolve(after, e);
        }
        events.extend(next);
        if !replied {
            break;
        }
    }
    Ok(events)
}

fn drop_of(side: Side, reason: DropReason) -> EventBody {
    EventBody::ConditionalMovesDropped { side, reason }
}

/// The last move among `events` (every batch here begins with one).
fn last_move(events: &[GameEvent]) -> MoveCode {
    events
        .iter()
        .rev()
        .find_map(|e| match &e.body {
            EventBody::MovePlayed { mv, .. } => Some(mv.code),
            _ => None,
        })
        .expect("the batch begins with a move")
}

/// The lines each side holds as they stand now: the opened lines (checked against the
/// commitment the log holds) after the moves played since they were set.
fn standing<R: Rules>(
    game: &Game<R>,
    opened: &[OpenedLines],
) -> Result<[Option<ConditionalLines>; 2], Rejection> {
    let mut lines = [None, None];
    for side in [Side::White, Side::Black] {
        let Some(held) = &game.conditional[side_index(side)] else {
            continue;
        };
        let open = opened
            .iter()
            .find(|o| o.side == side)
            .filter(|o| {
                commitment(game.id, held.from_ply, side, &o.lines, &o.nonce) == held.commitment
            })
            .ok_or(Rejection::ConditionalMovesUnavailable)?;
        lines[side_index(side)] = match open.lines.after(&held.since) {
            Advance::Continues(rest) => Some(rest),
            // Lines that could not have been held: treated as foreseeing nothing.
            Advance::Exhausted | Advance::NoMatch => Some(ConditionalLines::default()),
        };
    }
    Ok(lines)
}
