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
    for (i, (e, receipt)) in events.iter().zip(chained.receipts()).enumerate() {
        let cause = Cause {
            seq: receipt.seq,
            event: e.body.type_name(),
            hash: receipt.hash,
        };
        for Addressed {
            mail,
            to,
            not_before,
        } in mails_of(game, events, i)
        {
            let recipient = game.participant(to).id.to_string();
            let game_id = Some(game.id.to_string());
            let mut row = mail.row(game_id, recipient, Some(cause), micros(e.at));
            if let Some(at) = not_before {
                row.next_attempt_at = at;
            }
            rows.push(row);
        }
    }
    rows
}

/// A mail for one player of the game, sent no earlier than `not_before` where it is given.
struct Addressed {
    mail: Mail,
    to: Side,
    not_before: Option<i64>,
}

/// `mail` for the player of `to`, now.
fn to(to: Side, mail: Mail) -> Vec<Addressed> {
    vec![Addressed {
        mail,
        to,
        not_before: None,
    }]
}

/// `mail` for both players, now.
fn to_both(mail: Mail) -> Vec<Addressed> {
    [Side::White, Side::Black]
        .into_iter()
        .map(|side| Addressed {
            mail: mail.clone(),
            to: side,
            not_before: None,
        })
        .collect()
}

/// The mails the `i`-th of the new `events` causes, each with its recipient.
fn mails_of(game: &Game, events: &[GameEvent], i: usize) -> Vec<Addressed> {
    let e = &events[i];
    match &e.body {
        // A tournament's game is announced with its round's pairing.
        EventBody::GameCreated(c) if c.tournament.is_some() => Vec::new(),
        // A game of dice: the commitment to its secret, which checks every throw once the
        // secret is revealed.
        EventBody::GameCreated(c) => to_both(Mail::GameStarted(Started {
            commitment: c.dice.as_ref().map(|d| d.commitment.clone()),
            scheme: c.dice.as_ref().map(|d| d.scheme.clone()),
        })),
        EventBody::MovePlayed { .. } => opponent_moved(game, events, i),
        EventBody::DrawOffered { by } => to(by.opponent(), Mail::DrawOffered),
        // A message goes with its move's mail; one without a move has its own.
        EventBody::MessageSent { by, text } => {
            let with_move = events[i + 1..]
                .iter()
                .any(|later| matches!(later.body, EventBody::MovePlayed { .. }));
            match with_move {
                true => Vec::new(),
                false => to(by.opponent(), Mail::Message(Note { text: text.clone() })),
            }
        }
        // A throw that left its player no play: the turn is the opponent's again.
        EventBody::DiceThrown {
            dice,
            passed: Some(side),
            ..
        } => to(
            side.opponent(),
            Mail::TurnPassed(Passed {
                dice: dice.high_first().to_string(),
            }),
        ),
        EventBody::DiceThrown {
            dice: Faces::Die(die),
            by: Some(side),
            ..
        } => opening_die(game, *side, *die),
        EventBody::DrawAccepted { by } | EventBody::DrawDeclined { by } => to(
            by.opponent(),
            Mail::DrawAnswered(Answer {
                accepted: matches!(e.body, EventBody::DrawAccepted { .. }),
            }),
        ),
        EventBody::DrawClaimed {
            by, upheld, kind, ..
        } => to(
            by.opponent(),
            Mail::ClaimJudged(Claim {
                kind: *kind,
                upheld: *upheld,
            }),
        ),
        EventBody::GameEnded {
            result,
            termination,
        } => to_both(Mail::GameOver(Ended {
            result: *result,
            termination: *termination,
        })),
        EventBody::LeaveTaken { side, from, until } => to(
            side.opponent(),
            Mail::OpponentOnLeave(Leave {
                from: rfc3339(*from),
                until: rfc3339(*until),
            }),
        ),
        EventBody::TimeAdded {
            side,
            seconds,
            reason,
        } => to(
            *side,
            Mail::TimeAdded(TimeGiven {
                reason: reason.clone(),
                seconds: *seconds,
            }),
        ),
        EventBody::Adjourned {
            resume_at,
            place,
            sealer,
        } => adjourned(e.at, *resume_at, place.clone(), *sealer),
        EventBody::EnvelopeClosed { kind, sealed_by } => envelope_closed(game, *kind, *sealed_by),
        EventBody::EnvelopeOpened {
            text,
            nonce,
            sealed_by,
            ..
        } => to_both(Mail::EnvelopeOpened(Opened {
            mv: text.clone(),
            nonce: nonce.clone(),
            sealed_by: *sealed_by,
        })),
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
        // The tables' verdict goes with the game's end, in its mail to both.
        | EventBody::TablebaseAdjudicated { .. }
        // A player's conditional lines are theirs alone: no mail tells of them.
        | EventBody::ConditionalMovesSet { .. }
        | EventBody::ConditionalMovesWithdrawn { .. }
        | EventBody::ConditionalMovesDropped { .. }
        | EventBody::DiceThrown { passed: None, .. }
        | EventBody::EntropyAdded { .. }
        | EventBody::DiceRevealed { .. } => Vec::new(),
    }
}

/// The opponent's mail of a move: the mover (in a game of dice, the player who acted, as turns
/// do not alternate move by move; otherwise as the ply tells), the reply the recipient's
/// conditional line played to it, the draw offered and the message sent with it.
fn opponent_moved(game: &Game, events: &[GameEvent], i: usize) -> Vec<Addressed> {
    let e = &events[i];
    let EventBody::MovePlayed {
        mv, draw_offered, ..
    } = &e.body
    else {
        return Vec::new();
    };
    let acted = match e.actor {
        Actor::Player(id) | Actor::Arbiter(id) if game.dice.is_some() => game.side_of(id),
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
        answered_san: reply.map(|r| r.written.clone()),
        answered_uci: reply.map(|r| r.code.to_string()),
        draw_offered: *draw_offered,
        message: message_with(events, i, mover),
        san: mv.written.clone(),
        uci: mv.code.to_string(),
    };
    to(mover.opponent(), Mail::OpponentMoved(moved))
}

/// An opening die: the other player is asked for theirs; where it was the second, the first
/// thrower is told to throw again (equal dice) or that they start.
fn opening_die(game: &Game, side: Side, die: u8) -> Vec<Addressed> {
    let awaited = game.opening_die() == Some((side, die));
    // After equal dice the match awaits the opening again, with no die thrown.
    let tie = game.opening_die().is_none()
        && game.is_live()
        && GameKind::awaits_throw(game.position()) == Throwing::Opening;
    let start = !awaited && !tie && game.is_live() && game.turn() != side;
    if !(awaited || tie || start) {
        return Vec::new();
    }
    to(
        side.opponent(),
        Mail::OpeningDie(OpeningDie { die, tie, start }),
    )
}

/// An adjournment's mail to both players, and a reminder to each an hour before play resumes
/// (at once where that hour has begun).
fn adjourned(
    at: domain::game::Timestamp,
    resume_at: domain::game::Timestamp,
    place: Option<String>,
    sealer: Side,
) -> Vec<Addressed> {
    let mut mails = to_both(Mail::Adjourned(Adjournment {
        place,
        resume_at: rfc3339(resume_at),
        sealer,
    }));
    let remind_at = micros(resume_at - time::Duration::hours(1)).max(micros(at));
    let reminder = Mail::ResumptionReminder(Resumption {
        resume_at: rfc3339(resume_at),
    });
    for mut later in to_both(reminder) {
        later.not_before = Some(remind_at);
        mails.push(later);
    }
    mails
}

/// The commitment (never the move), published to both players once the envelope is closed;
/// the envelope's other A2 items go with it.
fn envelope_closed(game: &Game, kind: EnvelopeKind, sealed_by: Side) -> Vec<Addressed> {
    let a = game.adjournment.as_ref();
    let envelope = a.and_then(|a| match kind {
        EnvelopeKind::Sealed => a.envelope.as_ref(),
        EnvelopeKind::Reply => a.reply.as_ref(),
    });
    to_both(Mail::EnvelopeClosed(Closed {
        commitment: envelope.map(|e| e.commitment.clone()),
        kind,
        move_number: envelope.map(|e| e.move_number),
        place: a.and_then(|a| a.place.clone()),
        resume_at: a.map(|a| rfc3339(a.resume_at)),
        sealed_by,
    }))
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
