//! FIDE Laws, Appendix A: adjourning a game (A1), the sealed move and its envelope (A2-A6),
//! the resumption (A7-A9), a player late for it (A10), a lost envelope and wrong clocks (A11,
//! A12).

use super::moves::{play_judged, read, Played};
use super::{
    arbiter, is_arbiter, label, player, required_reason, service, Context, MoveInput,
    MAX_LABEL_CHARS,
};
use crate::game::adjournment::{commitment, valid_nonce, EnvelopeKind, Revealed, SealedMoveCheck};
use crate::game::conditional::DropReason;
use crate::game::event::EventBody;
use crate::game::rejection::{FieldProblem, Rejection};
use crate::game::rules::{MoveText, Rules, Winnability};
use crate::game::state::{Game, Status};
use crate::game::time_control::TimeControl;
use crate::game::types::{GameResult, Side, Termination, Timestamp};

/// The longest time ahead a resumption may be set.
const MAX_ADJOURNMENT_DAYS: i64 = 400;

/// A1: the arbiter adjourns at the session's end, or the player to move before it.
pub(super) fn adjourn<R: Rules>(
    game: &Game<R>,
    resume_at: Timestamp,
    place: Option<String>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    if !is_arbiter(game, ctx) && game.turn() != player(game, ctx)? {
        return Err(Rejection::NotYourTurn);
    }
    if game.status == Status::Adjourned {
        return Err(Rejection::Adjourned);
    }
    if !game.is_active() {
        return Err(Rejection::GameOver);
    }
    if let Some(side) = game.flagged(ctx.now) {
        return Err(Rejection::FlagFallen { side });
    }
    if resume_at <= ctx.now || resume_at > ctx.now + time::Duration::days(MAX_ADJOURNMENT_DAYS) {
        return Err(Rejection::InvalidField {
            field: "resume_at",
            problem: FieldProblem::ResumptionOutOfRange {
                days: MAX_ADJOURNMENT_DAYS,
            },
        });
    }
    let mut events = vec![EventBody::Adjourned {
        resume_at,
        place: label("place", place, MAX_LABEL_CHARS)?,
        sealer: game.turn(),
    }];
    // The sealed move is written afresh: prepared lines do not answer across the adjournment.
    events.extend(super::conditional::dropped(
        game,
        &[Side::White, Side::Black],
        DropReason::Adjournment,
    ));
    Ok(events)
}

/// Which envelope `side` may seal now: the sealed move (while adjourned, before closing), or a
/// reply (A9c: play resumed, the sealer is absent, and it is `side`'s turn).
fn sealable<R: Rules>(game: &Game<R>, side: Side) -> Result<EnvelopeKind, Rejection> {
    let a = game.adjournment.as_ref().ok_or(Rejection::NotAdjourned)?;
    if !a.resumed {
        if side != a.sealer {
            return Err(Rejection::NotYourTurn);
        }
        if a.envelope.as_ref().is_some_and(|e| e.closed) {
            return Err(Rejection::EnvelopeClosed);
        }
        return Ok(EnvelopeKind::Sealed);
    }
    if side == a.responder() && !a.present(a.sealer) && game.turn() == side {
        if a.reply.as_ref().is_some_and(|e| e.closed) {
            return Err(Rejection::EnvelopeClosed);
        }
        return Ok(EnvelopeKind::Reply);
    }
    Err(Rejection::NotAdjourned)
}

pub(super) fn seal<R: Rules>(
    game: &Game<R>,
    text: String,
    nonce: String,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    let kind = sealable(game, side)?;
    let text = sealed_text(&text, &nonce)?;
    if game.sealed_move_check == SealedMoveCheck::AtSealing {
        // The event's choice: an illegal or ambiguous sealed move is refused at once.
        read(
            game.position(),
            &MoveInput {
                text: text.clone(),
                notation: None,
            },
            ctx,
        )?;
    }
    let move_number = R::move_number(game.position());
    Ok(vec![EventBody::EnvelopeSealed {
        kind,
        sealed_by: side,
        move_number,
        commitment: commitment(game.id, move_number, side, text.as_str(), &nonce),
    }])
}

pub(super) fn close_envelope<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    let a = game.adjournment.as_ref().ok_or(Rejection::NotAdjourned)?;
    let open = [&a.envelope, &a.reply]
        .into_iter()
        .flatten()
        .find(|e| e.sealed_by == side && !e.closed && e.opened.is_none())
        .ok_or(Rejection::NoEnvelope)?;
    Ok(vec![EventBody::EnvelopeClosed {
        kind: open.kind,
        sealed_by: side,
    }])
}

/// A sealed move's text as written and the service's nonce for its commitment, checked.
fn sealed_text(text: &str, nonce: &str) -> Result<MoveText, Rejection> {
    let text = MoveText::parse(text).map_err(|e| Rejection::UnparseableMove {
        text: e.to_string(),
    })?;
    if !valid_nonce(nonce) {
        return Err(Rejection::InvalidField {
            field: "nonce",
            problem: FieldProblem::Nonce,
        });
    }
    Ok(text)
}

/// The envelope a check-in by `side` would open, if any (the service decrypts it first).
pub fn envelope_to_open<R: Rules>(
    game: &Game<R>,
    side: Side,
    now: Timestamp,
) -> Option<EnvelopeKind> {
    let a = game.adjournment.as_ref()?;
    if now < a.resume_at {
        return None;
    }
    let responder_present = a.present(a.responder()) || side == a.responder();
    let sealer_present = a.present(a.sealer) || side == a.sealer;
    match (&a.envelope, &a.reply) {
        (Some(e), _) if e.closed && e.opened.is_none() && responder_present => {
            Some(EnvelopeKind::Sealed)
        }
        (_, Some(r)) if r.closed && r.opened.is_none() && sealer_present => {
            Some(EnvelopeKind::Reply)
        }
        _ => None,
    }
}

/// A7, A9: a player is present. The envelope opens when the player who must answer it is.
pub(super) fn check_in<R: Rules>(
    game: &Game<R>,
    revealed: Option<Revealed<R>>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    let a = game.adjournment.as_ref().ok_or(Rejection::NotAdjourned)?;
    if ctx.now < a.resume_at {
        return Err(Rejection::BeforeResumption);
    }
    let mut events = Vec::new();
    if !a.present(side) {
        events.push(EventBody::CheckedIn { side });
    }
    if let Some(kind) = envelope_to_open(game, side, ctx.now) {
        let envelope = match kind {
            EnvelopeKind::Sealed => a.envelope.as_ref(),
            EnvelopeKind::Reply => a.reply.as_ref(),
        }
        .ok_or(Rejection::NoEnvelope)?;
        let content = revealed
            .filter(|r| r.kind == kind)
            .ok_or(Rejection::EnvelopeContentMissing)?;
        let recomputed = commitment(
            game.id,
            envelope.move_number,
            envelope.sealed_by,
            &content.text,
            &content.nonce,
        );
        if recomputed != envelope.commitment {
            // What the service stored is not what was sealed: nothing is judged on it.
            return Err(Rejection::CorruptLog(
                "the envelope does not match its commitment".into(),
            ));
        }
        events.push(EventBody::EnvelopeOpened {
            kind,
            sealed_by: envelope.sealed_by,
            text: content.text.clone(),
            nonce: content.nonce.clone(),
        });
        events.extend(judge_sealed(game, envelope.sealed_by, &content, ctx));
    }
    if events.is_empty() {
        return Err(Rejection::AlreadyCheckedIn);
    }
    Ok(events)
}

/// A8: the sealed move is made if it is one legal move as written; else the sealer loses —
/// unless the opponent could not checkmate by any series of legal moves (as under 6.9/6.10), when
/// the game is drawn.
fn judge_sealed<R: Rules>(
    game: &Game<R>,
    sealer: Side,
    content: &Revealed<R>,
    ctx: &Context<R>,
) -> Vec<EventBody> {
    let pos = game.position();
    let reading = MoveText::parse(&content.text).ok().and_then(|text| {
        let ctx = Context {
            notation: content.notation,
            dice: None,
            entropy: None,
            ..ctx.clone()
        };
        read(
            pos,
            &MoveInput {
                text,
                notation: content.notation,
            },
            &ctx,
        )
        .ok()
    });
    match reading {
        Some(m) => play_judged(game, m, false, Played::Sealed, ctx),
        None => {
            let result = match R::winnability(pos, sealer.opponent()) {
                Winnability::Unwinnable => GameResult::Draw,
                _ => GameResult::win_for(sealer.opponent()),
            };
            vec![EventBody::GameEnded {
                result,
                termination: Termination::SealedMoveInvalid,
            }]
        }
    }
}

/// A10: more than an hour after the resumption time, an absent player loses. The exceptions
/// for a late sealer (the sealed move mates, stalemates or makes a dead position; the present
/// player lost on time) have already ended the game when the envelope opened or the flag fell.
pub(super) fn lateness<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    service(game, ctx)?;
    let a = game.adjournment.as_ref().ok_or(Rejection::NotAdjourned)?;
    if ctx.now <= a.resume_at + time::Duration::hours(1) {
        return Err(Rejection::NotYetDue);
    }
    let absent: Vec<Side> = [Side::White, Side::Black]
        .into_iter()
        .filter(|s| !a.present(*s))
        .collect();
    match absent.as_slice() {
        [late] => Ok(vec![
            EventBody::LateForResumption { side: *late },
            EventBody::GameEnded {
                result: GameResult::win_for(late.opponent()),
                termination: Termination::LateForResumption,
            },
        ]),
        // Both absent: the arbiter decides. Both present: nothing to do.
        _ => Err(Rejection::NotYetDue),
    }
}

/// A11: the envelope is lost. The arbiter records the move the sealer states, in a new
/// commitment; it opens as the original would have.
pub(super) fn restore_envelope<R: Rules>(
    game: &Game<R>,
    text: String,
    nonce: String,
    reason: String,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    arbiter(game, ctx)?;
    let a = game.adjournment.as_ref().ok_or(Rejection::NotAdjourned)?;
    let e = a
        .envelope
        .as_ref()
        .filter(|e| e.opened.is_none())
        .ok_or(Rejection::NoEnvelope)?;
    let text = sealed_text(&text, &nonce)?;
    Ok(vec![EventBody::EnvelopeRestored {
        reason: required_reason(reason)?,
        commitment: commitment(game.id, e.move_number, e.sealed_by, text.as_str(), &nonce),
    }])
}

/// A11 / A12: the arbiter sets the clocks while adjourned or before the first move of the
/// resumption; later only where the arbiter sees grave consequences.
pub(super) fn set_clocks<R: Rules>(
    game: &Game<R>,
    white_seconds: u64,
    black_seconds: u64,
    reason: String,
    grave: bool,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    arbiter(game, ctx)?;
    if !game.is_live() {
        return Err(Rejection::GameOver);
    }
    if game.clock.is_none() {
        return Err(Rejection::NoClock);
    }
    let in_time = game.status == Status::Adjourned || game.resumed_at_ply == Some(game.ply());
    if !in_time && !grave {
        return Err(Rejection::ClockCorrectionTooLate);
    }
    if white_seconds > TimeControl::MAX_SECONDS || black_seconds > TimeControl::MAX_SECONDS {
        return Err(Rejection::InvalidField {
            field: "seconds",
            problem: FieldProblem::SecondsOverDays { days: 400 },
        });
    }
    Ok(vec![EventBody::ClocksSet {
        white_seconds,
        black_seconds,
        reason: required_reason(reason)?,
    }])
}
