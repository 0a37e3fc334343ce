//! What mail a batch of new events causes: outbox rows written in the same transaction as the
//! events. The sender ([`crate::mail::sender`]) renders and delivers them; nothing here talks to a mail server.

use domain::game::{EventBody, Game, GameEvent, Side};
use serde::Serialize;
use serde_json::json;

use crate::store::{micros, OutboxRow};

/// A time reminder for the side to move (the scheduler's).
pub fn reminder(
    game_id: &str,
    recipient_id: &str,
    kind: &str,
    deadline: Option<i64>,
    now: i64,
) -> OutboxRow {
    OutboxRow::queued(
        Some(game_id.to_owned()),
        kind,
        recipient_id.to_owned(),
        json!({ "deadline": deadline }).to_string(),
        now,
    )
}

/// One outbox row per recipient and notable event.
pub fn rows_for(game: &Game, first_seq: i64, events: &[GameEvent]) -> Vec<OutboxRow> {
    let mut rows = Vec::new();
    let player = |side: Side| game.participant(side).id.to_string();
    for (i, e) in events.iter().enumerate() {
        let seq = first_seq + i as i64;
        let mut add = |kind: &str, to: Side, extra: serde_json::Value| {
            rows.push(OutboxRow::queued(
                Some(game.id.to_string()),
                kind,
                player(to),
                json!({ "seq": seq, "event": e.body.type_name(), "detail": extra }).to_string(),
                micros(e.at),
            ))
        };
        match &e.body {
            EventBody::GameCreated(_) => {
                add("game_started", Side::White, json!({}));
                add("game_started", Side::Black, json!({}));
            }
            EventBody::MovePlayed {
                mv, draw_offered, ..
            } => {
                // The mover is the side not to move after the move; the ply tells which.
                let mover = mover_of(game, events, i);
                rows.push(OutboxRow::queued(
                    Some(game.id.to_string()),
                    "opponent_moved",
                    player(mover.opponent()),
                    move_payload(seq, &mv.uci.to_string(), &mv.san, *draw_offered),
                    micros(e.at),
                ));
            }
            EventBody::DrawOffered { by } => add("draw_offered", by.opponent(), json!({})),
            EventBody::DrawAccepted { by } | EventBody::DrawDeclined { by } => add(
                "draw_answered",
                by.opponent(),
                json!({ "accepted": matches!(e.body, EventBody::DrawAccepted { .. }) }),
            ),
            EventBody::DrawClaimed {
                by, upheld, kind, ..
            } => add(
                "claim_judged",
                by.opponent(),
                json!({ "upheld": upheld, "kind": kind }),
            ),
            EventBody::GameEnded {
                result,
                termination,
            } => {
                for side in [Side::White, Side::Black] {
                    add(
                        "game_over",
                        side,
                        json!({ "result": result, "termination": termination }),
                    );
                }
            }
            EventBody::LeaveTaken { side, from, until } => add(
                "opponent_on_leave",
                side.opponent(),
                json!({ "from": crate::store::rfc3339(*from), "until": crate::store::rfc3339(*until) }),
            ),
            EventBody::TimeAdded {
                side,
                seconds,
                reason,
            } => add(
                "time_added",
                *side,
                json!({ "seconds": seconds, "reason": reason }),
            ),
            EventBody::Adjourned {
                resume_at,
                place,
                sealer,
            } => {
                let detail = json!({
                    "resume_at": crate::store::rfc3339(*resume_at),
                    "place": place,
                    "sealer": sealer,
                });
                add("adjourned", Side::White, detail.clone());
                add("adjourned", Side::Black, detail);
                for side in [Side::White, Side::Black] {
                    add(
                        "resumption_reminder",
                        side,
                        json!({ "resume_at": crate::store::rfc3339(*resume_at) }),
                    );
                }
            }
            // The commitment (never the move) is published to both players once the envelope
            // is closed; the envelope's other A2 items go with it.
            EventBody::EnvelopeClosed { kind, sealed_by } => {
                let envelope = game.adjournment.as_ref().and_then(|a| match kind {
                    domain::game::EnvelopeKind::Sealed => a.envelope.as_ref(),
                    domain::game::EnvelopeKind::Reply => a.reply.as_ref(),
                });
                let detail = json!({
                    "kind": kind,
                    "sealed_by": sealed_by,
                    "move_number": envelope.map(|e| e.move_number),
                    "commitment": envelope.map(|e| e.commitment.clone()),
                    "resume_at": game.adjournment.as_ref().map(|a| crate::store::rfc3339(a.resume_at)),
                    "place": game.adjournment.as_ref().and_then(|a| a.place.clone()),
                });
                add("envelope_closed", Side::White, detail.clone());
                add("envelope_closed", Side::Black, detail);
            }
            EventBody::EnvelopeOpened {
                text,
                nonce,
                sealed_by,
                ..
            } => {
                let detail = json!({ "move": text, "nonce": nonce, "sealed_by": sealed_by });
                add("envelope_opened", Side::White, detail.clone());
                add("envelope_opened", Side::Black, detail);
            }
            EventBody::Resigned { .. }
            | EventBody::ArbiterDecided { .. }
            | EventBody::FlagFell { .. }
            | EventBody::LeaveEnded { .. }
            | EventBody::EnvelopeSealed { .. }
            | EventBody::CheckedIn { .. }
            | EventBody::EnvelopeRestored { .. }
            | EventBody::ClocksSet { .. }
            | EventBody::LateForResumption { .. } => {}
        }
        // Resumption reminders wait until an hour before the resumption.
        if let EventBody::Adjourned { resume_at, .. } = &e.body {
            let remind_at = micros(*resume_at - time::Duration::hours(1)).max(micros(e.at));
            for row in rows.iter_mut().filter(|r| r.kind == "resumption_reminder") {
                row.next_attempt_at = remind_at;
            }
        }
    }
    rows
}

/// The payload of the mail every move causes, written straight from a typed value: the JSON that
/// `json!` gave (keys in the same, sorted, order) without building a map of maps on every move.
fn move_payload(seq: i64, uci: &str, san: &str, draw_offered: bool) -> String {
    #[derive(Serialize)]
    struct Payload<'a> {
        detail: Detail<'a>,
        event: &'static str,
        seq: i64,
    }
    #[derive(Serialize)]
    struct Detail<'a> {
        draw_offered: bool,
        san: &'a str,
        uci: &'a str,
    }
    serde_json::to_string(&Payload {
        detail: Detail {
            draw_offered,
            san,
            uci,
        },
        event: "move_played",
        seq,
    })
    .expect("a payload of strings, numbers and booleans serializes")
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The typed payload is, byte for byte, the `json!` payload every other mail has the shape of.
    #[test]
    fn a_moves_payload_is_the_json_it_always_was() {
        for (seq, uci, san, offered) in [
            (7, "e2e4", "e4", false),
            (120, "e7e8q", "e8=Q+", true),
            (3, "g1f3", "Nf3", false),
        ] {
            let detail = json!({ "uci": uci, "san": san, "draw_offered": offered });
            let expected =
                json!({ "seq": seq, "event": "move_played", "detail": detail }).to_string();
            assert_eq!(move_payload(seq, uci, san, offered), expected);
        }
    }
}
