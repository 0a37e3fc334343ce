//! What mail a batch of new events causes: outbox rows written in the same transaction as the
//! events. The sender ([`crate::app::sender`]) renders and delivers them; nothing here talks to a mail server.

use domain::game::dice::Faces;
use domain::game::{Actor, EnvelopeKind, EventBody, GameEvent, Rules, Side, Throwing};

use crate::mail::kind::{
    Adjournment, Answer, Cause, Claim, Closed, Deadline, Ended, Leave, Mail, MailKind, Moved, Note,
    Opened, OpeningDie, Passed, Resumption, Started, TimeGiven,
};
use crate::store::{micros, rfc3339, Chained, OutboxRow};
use domain::games::{Game, GameKind};

/// A time reminder for the side to move (the scheduler's): `time_low` or `day_left`.
pub fn reminder(
    game_id: &str,
    recipient_id: &str,
    kind: MailKind,
    deadline: Option<i64>,
    now: i64,
) -> OutboxRow {
    let mail = match kind {
        MailKind::DayLeft => Mail::DayLeft(Deadline { deadline }),
        _ => Mail::TimeLow(Deadline { deadline }),
    };
    mail.row(Some(game_id.to_owned()), recipient_id.to_owned(), None, now)
}

/// One outbox row per recipient and notable event, each with the event's seq and hash as
/// `chained` (the rows the events are written as) holds them: the mail's receipt of the log.
pub fn rows_for(game: &Game, chained: &Chained, events: &[GameEvent]) -> Vec<OutboxRow> {
    let mut rows = Vec::new();
    let player = |side: Side| game.participant(side).id.to_string();
    for (i, (e, receipt)) in events.iter().zip(chained.receipts()).enumerate() {
        let cause = Cause {
            seq: receipt.seq,
            event: e.body.type_name(),
            hash: receipt.hash,
        };
        let mut add = |mail: Mail, to: Side| {
            rows.push(mail.row(
                Some(game.id.to_string()),
                player(to),
                Some(cause),
                micros(e.at),
            ))
        };
        let both = [Side::White, Side::Black];
        match &e.body {
            // A tournament's game is announced with its round's pairing.
            EventBody::GameCreated(c) if c.tournament.is_some() => {}
            EventBody::GameCreated(c) => {
                // A game of dice: the commitment to its secret, which checks every throw once
                // the secret is revealed.
                let started = Started {
                    commitment: c.dice.as_ref().map(|d| d.commitment.clone()),
                    scheme: c.dice.as_ref().map(|d| d.scheme.clone()),
                };
                for side in both {
                    add(Mail::GameStarted(started.clone()), side);
                }
            }
            EventBody::MovePlayed {
                mv, draw_offered, ..
            } => {
                // The mover: in a game of dice, the player who acted (turns do not alternate
                // move by move); otherwise the side not to move after the move, as the ply tells.
                let acted = match e.actor {
                    Actor::Player(id) | Actor::Arbiter(id) if game.dice.is_some() => {
                        game.side_of(id)
                    }
                    _ => None,
                };
                let mover = acted.unwrap_or_else(|| mover_of(game, events, i));
                // The next move of the batch, if the recipient's conditional line played it.
                let reply = events[i + 1..]
                    .iter()
                    .find_map(|later| match &later.body {
                        EventBody::MovePlayed {
                            mv, conditional, ..
                        } => Some((mv, *conditional)),
                        _ => None,
                    })
                    .and_then(|(mv, conditional)| conditional.then_some(mv));
                let moved = Moved {
                    answered_san: reply.map(|r| r.san.clone()),
                    answered_uci: reply.map(|r| r.uci.to_string()),
                    draw_offered: *draw_offered,
                    message: message_with(events, i, mover),
                    san: mv.san.clone(),
                    uci: mv.uci.to_string(),
                };
                add(Mail::OpponentMoved(moved), mover.opponent());
            }
            EventBody::DrawOffered { by } => add(Mail::DrawOffered, by.opponent()),
            // A message goes with its move's mail; one without a move has its own.
            EventBody::MessageSent { by, text } => {
                let with_move = events[i + 1..]
                    .iter()
                    .any(|later| matches!(later.body, EventBody::MovePlayed { .. }));
                if !with_move {
                    add(Mail::Message(Note { text: text.clone() }), by.opponent());
                }
            }
            // A throw that left its player no play: the turn is the opponent's again.
            EventBody::DiceThrown {
                dice,
                passed: Some(side),
                ..
            } => add(
                Mail::TurnPassed(Passed {
                    dice: dice.high_first().to_string(),
                }),
                side.opponent(),
            ),
            // An opening die: the other player is asked for theirs; where it was the second,
            // the first thrower is told to throw again (equal dice) or that they start.
            EventBody::DiceThrown {
                dice: Faces::Die(die),
                by: Some(side),
                ..
            } => {
                let awaited = game.opening_die() == Some((*side, *die));
                // After equal dice the match awaits the opening again, with no die thrown.
                let tie = game.opening_die().is_none()
                    && game.is_live()
                    && GameKind::awaits_throw(game.position()) == Throwing::Opening;
                let start = !awaited && !tie && game.is_live() && game.turn() != *side;
                if awaited || tie || start {
                    let mail = Mail::OpeningDie(OpeningDie {
                        die: *die,
                        tie,
                        start,
                    });
                    add(mail, side.opponent());
                }
            }
            EventBody::DrawAccepted { by } | EventBody::DrawDeclined { by } => add(
                Mail::DrawAnswered(Answer {
                    accepted: matches!(e.body, EventBody::DrawAccepted { .. }),
                }),
                by.opponent(),
            ),
            EventBody::DrawClaimed {
                by, upheld, kind, ..
            } => add(
                Mail::ClaimJudged(Claim {
                    kind: *kind,
                    upheld: *upheld,
                }),
                by.opponent(),
            ),
            EventBody::GameEnded {
                result,
                termination,
            } => {
                for side in both {
                    let over = Mail::GameOver(Ended {
                        result: *result,
                        termination: *termination,
                    });
                    add(over, side);
                }
            }
            EventBody::LeaveTaken { side, from, until } => add(
                Mail::OpponentOnLeave(Leave {
                    from: rfc3339(*from),
                    until: rfc3339(*until),
                }),
                side.opponent(),
            ),
            EventBody::TimeAdded {
                side,
                seconds,
                reason,
            } => add(
                Mail::TimeAdded(TimeGiven {
                    reason: reason.clone(),
                    seconds: *seconds,
                }),
                *side,
            ),
            EventBody::Adjourned {
                resume_at,
                place,
                sealer,
            } => {
                let adjourned = Adjournment {
                    place: place.clone(),
                    resume_at: rfc3339(*resume_at),
                    sealer: *sealer,
                };
                for side in both {
                    add(Mail::Adjourned(adjourned.clone()), side);
                }
                // Resumption reminders wait until an hour before the resumption.
                let remind_at = micros(*resume_at - time::Duration::hours(1)).max(micros(e.at));
                for side in both {
                    let mut row = Mail::ResumptionReminder(Resumption {
                        resume_at: rfc3339(*resume_at),
                    })
                    .row(
                        Some(game.id.to_string()),
                        player(side),
                        Some(cause),
                        micros(e.at),
                    );
                    row.next_attempt_at = remind_at;
                    rows.push(row);
                }
            }
            // The commitment (never the move) is published to both players once the envelope
            // is closed; the envelope's other A2 items go with it.
            EventBody::EnvelopeClosed { kind, sealed_by } => {
                let a = game.adjournment.as_ref();
                let envelope = a.and_then(|a| match kind {
                    EnvelopeKind::Sealed => a.envelope.as_ref(),
                    EnvelopeKind::Reply => a.reply.as_ref(),
                });
                let closed = Closed {
                    commitment: envelope.map(|e| e.commitment.clone()),
                    kind: *kind,
                    move_number: envelope.map(|e| e.move_number),
                    place: a.and_then(|a| a.place.clone()),
                    resume_at: a.map(|a| rfc3339(a.resume_at)),
                    sealed_by: *sealed_by,
                };
                for side in both {
                    add(Mail::EnvelopeClosed(closed.clone()), side);
                }
            }
            EventBody::EnvelopeOpened {
                text,
                nonce,
                sealed_by,
                ..
            } => {
                let opened = Opened {
                    mv: text.clone(),
                    nonce: nonce.clone(),
                    sealed_by: *sealed_by,
                };
                for side in both {
                    add(Mail::EnvelopeOpened(opened.clone()), side);
                }
            }
            EventBody::Resigned { .. }
            | EventBody::ArbiterDecided { .. }
            | EventBody::FlagFell { .. }
            | EventBody::LeaveEnded { .. }
            | EventBody::EnvelopeSealed { .. }
            | EventBody::CheckedIn { .. }
            | EventBody::EnvelopeRestored { .. }
            | EventBody::ClocksSet { .. }
            | EventBody::LateForResumption { .. }
            | EventBody::DeadPositionFound { .. }
            // A player's conditional lines are theirs alone: no mail tells of them.
            | EventBody::ConditionalMovesSet { .. }
            | EventBody::ConditionalMovesWithdrawn { .. }
            | EventBody::ConditionalMovesDropped { .. }
            | EventBody::DiceThrown { passed: None, .. }
            | EventBody::EntropyAdded { .. }
            | EventBody::DiceRevealed { .. } => {}
        }
    }
    rows
}

/// What the mover of the `i`-th new event (a move) wrote with it: a message before it in the
/// batch, with no move between.
fn message_with(events: &[GameEvent], i: usize, mover: Side) -> Option<String> {
    events[..i]
        .iter()
        .rev()
        .take_while(|e| !matches!(e.body, EventBody::MovePlayed { .. }))
        .find_map(|e| match &e.body {
            EventBody::MessageSent { by, text } if *by == mover => Some(text.clone()),
            _ => None,
        })
}

/// Who made the `i`-th new event's move: count the moves after it in the batch.
fn mover_of(game: &Game, events: &[GameEvent], i: usize) -> Side {
    let later_moves = events[i + 1..]
        .iter()
        .filter(|e| matches!(e.body, EventBody::MovePlayed { .. }))
        .count();
    // After the batch `game.turn()` is to move; each move flips the side.
    let mut side = game.turn();
    for _ in 0..=later_moves {
        side = side.opponent();
    }
    side
}
