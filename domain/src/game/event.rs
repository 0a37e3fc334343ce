//! What happened in a game. Events are facts: `decide` produces them, `evolve` folds them, the
//! store keeps them for years.
//!
//! Stored form: a `type` (snake_case), a `version` and a JSON `data` object, beside the event's
//! time and actor. Once a (type, version) has been stored its shape never changes: a new shape is
//! a new version, and [`EventBody::decode`] upcasts the old one.

use serde::{Deserialize, Serialize};

use super::adjournment::{EnvelopeKind, SealedMoveCheck};
use super::conditional::DropReason;
use super::dice::{DiceCommitment, Entropy, Faces};
use super::moves::MoveRecord;
use super::tablebase::{TablebaseClaim, TablebaseRule, Verdict};
use super::time_control::TimeControl;
use super::types::{
    Actor, ClaimKind, GameResult, Participant, RuleSet, Side, Termination, Timestamp,
};
use crate::ids::{GameId, PlayerId};

/// One entry of a game's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameEvent {
    #[serde(with = "time::serde::rfc3339")]
    pub at: Timestamp,
    pub actor: Actor,
    #[serde(flatten)]
    pub body: EventBody,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameCreated {
    pub game_id: GameId,
    /// The game played (`checkers`, …); absent for chess, as in every log written before there
    /// was another game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    pub white: Participant,
    pub black: Participant,
    /// The organiser who created the game: the arbiter of it (with the instance admin).
    pub organiser: Option<PlayerId>,
    pub rules: RuleSet,
    /// The set-up position's text (chess: FEN; checkers: PDN FEN); `None`: the standard
    /// starting position. A log names it `start_fen`, as chess first did.
    #[serde(rename = "start_fen")]
    pub start_position: Option<String>,
    pub time_control: Option<TimeControl>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub site: Option<String>,
    /// Days of leave a player may take per calendar year in this game's event.
    #[serde(default = "default_leave_days")]
    pub leave_days_per_year: u32,
    /// When a sealed move is judged (Appendix A8): at opening (FIDE) or at sealing.
    #[serde(default)]
    pub sealed_move_check: SealedMoveCheck,
    /// The tournament round whose board the game is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentBoard>,
    /// When the clocks start and the first move may be made (none: at creation).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "time::serde::rfc3339::option"
    )]
    pub starts_at: Option<Timestamp>,
    /// The opening of the game's ballot it starts from, its moves played before either player
    /// moves (from the start position; never with a set-up one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ballot: Option<BallotOpening>,
    /// Moves by each player without progress after which a draw may be claimed, set for this
    /// game where the rules leave the count to the arbiter (dama); absent: the rules' own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_progress_moves: Option<u32>,
    /// The points a side needs to win the match, where the game is played as a match (tavla).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_length: Option<u16>,
    /// The commitment to the game's dice and the players' entropy, in a game of dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceCommitment>,
    /// The result counts for both players' ratings in this game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub rated: bool,
    /// How the endgame tablebases may decide the game (absent: not at all).
    #[serde(default, skip_serializing_if = "TablebaseRule::is_off")]
    pub tablebase: TablebaseRule,
    /// Who may read the game (absent: anyone).
    #[serde(
        default,
        skip_serializing_if = "crate::game::types::Visibility::is_public"
    )]
    pub visibility: crate::game::types::Visibility,
}

/// An opening of a game's ballot (checkers: the three-move ballot), as the game was started
/// from it: its moves are the game's first, made by no player and on no clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BallotOpening {
    /// Its number in the deck, from 1.
    pub number: u16,
    /// Drawn by lot by the service (not chosen by the organiser).
    pub by_lot: bool,
    pub moves: Vec<MoveRecord>,
}

/// A game played as a board of a tournament's round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentBoard {
    pub tournament: crate::ids::TournamentId,
    pub round: u16,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn default_leave_days() -> u32 {
    30
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
pub enum EventBody {
    GameCreated(Box<GameCreated>),
    /// A move on the board (Art. 1-3), with a draw offer made with it (9.1.2.1, `(=)`).
    MovePlayed {
        #[serde(rename = "move")]
        mv: MoveRecord,
        draw_offered: bool,
        /// The move came out of an envelope: its time was charged when the envelope closed.
        #[serde(default, skip_serializing_if = "is_false")]
        sealed: bool,
        /// The move came from the mover's conditional lines, answering the move before it (in
        /// the same append); it took no time from them.
        #[serde(default, skip_serializing_if = "is_false")]
        conditional: bool,
    },
    /// A draw offer made at another time than with a move (still valid, 9.1.2.1).
    DrawOffered {
        by: Side,
    },
    DrawAccepted {
        by: Side,
    },
    DrawDeclined {
        by: Side,
    },
    /// A claim under 9.2 or 9.3, with what the arbiter found. A claim that is not upheld counts
    /// as a draw offer (9.1.2.3); with an intended move, that move is then played (9.5).
    DrawClaimed {
        by: Side,
        kind: ClaimKind,
        intended_move: Option<MoveRecord>,
        upheld: bool,
        /// How often the claimed position had appeared (threefold), counting the new one.
        occurrences: Option<u32>,
        /// Half-moves without a pawn move or capture (fifty moves), counting the intended move.
        halfmove_clock: u32,
    },
    Resigned {
        by: Side,
    },
    /// An arbiter's ruling on the result, with the reason that explains it.
    ArbiterDecided {
        result: GameResult,
        reason: String,
    },
    /// The side to move ran out of time (6.9; 6.10 in 2005). The ending follows: a loss, or a
    /// draw if the opponent could not checkmate by any series of legal moves.
    FlagFell {
        side: Side,
        #[serde(with = "time::serde::rfc3339")]
        deadline: Timestamp,
    },
    /// A player's leave: the clocks stop from `from` to `until`.
    LeaveTaken {
        side: Side,
        #[serde(with = "time::serde::rfc3339")]
        from: Timestamp,
        #[serde(with = "time::serde::rfc3339")]
        until: Timestamp,
    },
    /// The player ended their leave early (at the event's time).
    LeaveEnded {
        side: Side,
    },
    /// An arbiter gave a side more time, with the reason.
    TimeAdded {
        side: Side,
        seconds: u64,
        reason: String,
    },
    /// The game is adjourned (A1): the player to move seals a move; play resumes at `resume_at`.
    Adjourned {
        #[serde(with = "time::serde::rfc3339")]
        resume_at: Timestamp,
        place: Option<String>,
        sealer: Side,
    },
    /// A move was sealed (or sealed again, replacing it, A1). Only the commitment is recorded.
    EnvelopeSealed {
        kind: EnvelopeKind,
        sealed_by: Side,
        move_number: u32,
        commitment: String,
    },
    /// The envelope is closed: the move cannot change and the sealer's clock stops without
    /// starting the opponent's (A1, A9c).
    EnvelopeClosed {
        kind: EnvelopeKind,
        sealed_by: Side,
    },
    /// A player is present for the resumption (A7).
    CheckedIn {
        side: Side,
    },
    /// The envelope is opened (A7, A9): the move as written and the nonce, so anyone can check
    /// the commitment.
    EnvelopeOpened {
        kind: EnvelopeKind,
        sealed_by: Side,
        #[serde(rename = "move")]
        text: String,
        nonce: String,
    },
    /// The envelope was lost (A11): the arbiter records the move the sealer states they sealed.
    EnvelopeRestored {
        reason: String,
        commitment: String,
    },
    /// The arbiter sets the clocks (A11: unknown times; A12: a wrong setting corrected).
    ClocksSet {
        white_seconds: u64,
        black_seconds: u64,
        reason: String,
    },
    /// A player came more than an hour late for the resumption (A10).
    LateForResumption {
        side: Side,
    },
    /// The position after half-move `ply` (the last one played) is dead (5.2.2): found by the
    /// whole test after the move was recorded. The game ended with that move; the ending follows.
    DeadPositionFound {
        ply: u32,
    },
    /// A player set conditional lines (replacing any they had). Only a commitment to them is
    /// recorded: the moves are the player's secret until played.
    ConditionalMovesSet {
        side: Side,
        commitment: String,
    },
    /// The player withdrew their conditional lines.
    ConditionalMovesWithdrawn {
        side: Side,
    },
    /// A player's conditional lines were dropped, and why (the game's end drops them without
    /// this: its ending says why).
    ConditionalMovesDropped {
        side: Side,
        reason: DropReason,
    },
    /// The tables ruled on the position after the last move (or, without a move since, the
    /// present one): claimed by the player to move (`claimed_by`, with the claim), or by
    /// themselves where the event's rule is `automatic`. The game's end follows, with the
    /// result the verdict gives.
    TablebaseAdjudicated {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claimed_by: Option<Side>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim: Option<TablebaseClaim>,
        verdict: Verdict,
    },
    /// The game is over. The last event of a finished game, right after the event that ended
    /// it (but for the dice's secret, revealed after it).
    GameEnded {
        result: GameResult,
        termination: Termination,
    },
    /// Dice thrown (throw `number`, from 0, of the match), derived from the committed secret
    /// and the entropy of the request that caused it (the first scheme: the players' entropy in
    /// force): a player's opening die (one face), or a throw of two dice.
    DiceThrown {
        number: u32,
        dice: Faces,
        /// The side on roll had no legal play with them: its turn passed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        passed: Option<Side>,
        /// The entropy text it was derived from, as the request carried it (not under the
        /// first scheme).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entropy: Option<String>,
        /// The player whose request carried the entropy (none: a request by no player).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Side>,
        /// The request carried none: the service drew it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        drawn: bool,
    },
    /// A player's entropy for the throws after this one, replacing theirs (the first scheme).
    EntropyAdded {
        side: Side,
        entropy: Entropy,
    },
    /// The game is over and the dice's secret is revealed (hex): every throw can be checked.
    DiceRevealed {
        seed: String,
    },
    /// A player's message to their opponent, sent with the events that follow it in the same
    /// append (a move, an offer, a resignation), or alone.
    MessageSent {
        by: Side,
        text: String,
    },
}

/// A stored event that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("unknown event type {0:?}")]
    UnknownType(String),
    #[error("event {type_name:?} has unknown version {version}")]
    UnknownVersion { type_name: String, version: u32 },
    #[error("event {type_name:?} v{version} has malformed data: {detail}")]
    Malformed {
        type_name: String,
        version: u32,
        detail: String,
    },
}

impl EventBody {
    pub const TYPES: [&'static str; 30] = [
        "game_created",
        "move_played",
        "draw_offered",
        "draw_accepted",
        "draw_declined",
        "draw_claimed",
        "resigned",
        "arbiter_decided",
        "flag_fell",
        "leave_taken",
        "leave_ended",
        "time_added",
        "adjourned",
        "envelope_sealed",
        "envelope_closed",
        "checked_in",
        "envelope_opened",
        "envelope_restored",
        "clocks_set",
        "late_for_resumption",
        "dead_position_found",
        "conditional_moves_set",
        "conditional_moves_withdrawn",
        "conditional_moves_dropped",
        "tablebase_adjudicated",
        "game_ended",
        "dice_thrown",
        "entropy_added",
        "dice_revealed",
        "message_sent",
    ];

    /// The stored `type`.
    pub const fn type_name(&self) -> &'static str {
        match self {
            EventBody::GameCreated(_) => "game_created",
            EventBody::MovePlayed { .. } => "move_played",
            EventBody::DrawOffered { .. } => "draw_offered",
            EventBody::DrawAccepted { .. } => "draw_accepted",
            EventBody::DrawDeclined { .. } => "draw_declined",
            EventBody::DrawClaimed { .. } => "draw_claimed",
            EventBody::Resigned { .. } => "resigned",
            EventBody::ArbiterDecided { .. } => "arbiter_decided",
            EventBody::FlagFell { .. } => "flag_fell",
            EventBody::LeaveTaken { .. } => "leave_taken",
            EventBody::LeaveEnded { .. } => "leave_ended",
            EventBody::TimeAdded { .. } => "time_added",
            EventBody::Adjourned { .. } => "adjourned",
            EventBody::EnvelopeSealed { .. } => "envelope_sealed",
            EventBody::EnvelopeClosed { .. } => "envelope_closed",
            EventBody::CheckedIn { .. } => "checked_in",
            EventBody::EnvelopeOpened { .. } => "envelope_opened",
            EventBody::EnvelopeRestored { .. } => "envelope_restored",
            EventBody::ClocksSet { .. } => "clocks_set",
            EventBody::LateForResumption { .. } => "late_for_resumption",
            EventBody::DeadPositionFound { .. } => "dead_position_found",
            EventBody::ConditionalMovesSet { .. } => "conditional_moves_set",
            EventBody::ConditionalMovesWithdrawn { .. } => "conditional_moves_withdrawn",
            EventBody::ConditionalMovesDropped { .. } => "conditional_moves_dropped",
            EventBody::TablebaseAdjudicated { .. } => "tablebase_adjudicated",
            EventBody::GameEnded { .. } => "game_ended",
            EventBody::DiceThrown { .. } => "dice_thrown",
            EventBody::EntropyAdded { .. } => "entropy_added",
            EventBody::DiceRevealed { .. } => "dice_revealed",
            EventBody::MessageSent { .. } => "message_sent",
        }
    }

    /// The stored `version` of the shape this code writes.
    pub const fn version(&self) -> u32 {
        1
    }

    /// The stored `data` object.
    pub fn data(&self) -> serde_json::Value {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(mut map)) => {
                map.remove("data").unwrap_or(serde_json::Value::Null)
            }
            // Serialising plain data to a Value cannot fail.
            _ => unreachable!("an event body serialises to an object"),
        }
    }

    /// Reads a stored event, upcasting older versions to today's shape.
    pub fn decode(
        type_name: &str,
        version: u32,
        data: serde_json::Value,
    ) -> Result<EventBody, DecodeError> {
        if !Self::TYPES.contains(&type_name) {
            return Err(DecodeError::UnknownType(type_name.to_owned()));
        }
        // Every type is at version 1 today. An upcaster for (type, old version) goes here and
        // rewrites `data` into the current shape before it is read below.
        if version != 1 {
            return Err(DecodeError::UnknownVersion {
                type_name: type_name.to_owned(),
                version,
            });
        }
        let tagged = serde_json::json!({ "type": type_name, "data": data });
        serde_json::from_value(tagged).map_err(|e| DecodeError::Malformed {
            type_name: type_name.to_owned(),
            version,
            detail: e.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::moves::MoveCode;
    use serde_json::json;

    #[test]
    fn stored_form_is_stable() {
        let body = EventBody::MovePlayed {
            mv: MoveRecord {
                code: MoveCode::parse("e2e4").unwrap(),
                written: "e4".into(),
            },
            draw_offered: true,
            sealed: false,
            conditional: false,
        };
        assert_eq!(body.type_name(), "move_played");
        assert_eq!(body.version(), 1);
        assert_eq!(
            body.data(),
            json!({"move": {"uci": "e2e4", "san": "e4"}, "draw_offered": true})
        );
        assert_eq!(
            EventBody::decode("move_played", 1, body.data()).unwrap(),
            body
        );
        let ended = EventBody::GameEnded {
            result: GameResult::Draw,
            termination: Termination::FivefoldRepetition,
        };
        assert_eq!(
            ended.data(),
            json!({"result": "1/2-1/2", "termination": "fivefold_repetition"})
        );
    }

    #[test]
    fn every_type_name_is_listed() {
        let side = Side::White;
        let bodies = [
            EventBody::DrawOffered { by: side },
            EventBody::DrawAccepted { by: side },
            EventBody::DrawDeclined { by: side },
            EventBody::Resigned { by: side },
            EventBody::DeadPositionFound { ply: 41 },
            EventBody::ConditionalMovesSet {
                side,
                commitment: "ab".into(),
            },
            EventBody::ConditionalMovesWithdrawn { side },
            EventBody::ConditionalMovesDropped {
                side,
                reason: DropReason::DrawOffer,
            },
            EventBody::ArbiterDecided {
                result: GameResult::Draw,
                reason: "r".into(),
            },
            EventBody::DiceThrown {
                number: 3,
                dice: Faces::Two(crate::game::dice::Dice::new(6, 2).unwrap()),
                passed: Some(side),
                entropy: None,
                by: None,
                drawn: false,
            },
            EventBody::DiceThrown {
                number: 4,
                dice: Faces::Die(5),
                passed: None,
                entropy: Some("ş".into()),
                by: Some(side),
                drawn: true,
            },
            EventBody::EntropyAdded {
                side,
                entropy: Entropy::chosen("zar").unwrap(),
            },
            EventBody::DiceRevealed { seed: "ab".into() },
            EventBody::MessageSent {
                by: side,
                text: "Kolay gelsin".into(),
            },
        ];
        for b in bodies {
            assert!(EventBody::TYPES.contains(&b.type_name()));
            assert_eq!(EventBody::decode(b.type_name(), 1, b.data()).unwrap(), b);
        }
    }

    #[test]
    fn unreadable_events_are_errors_not_panics() {
        assert_eq!(
            EventBody::decode("castled_twice", 1, json!({})),
            Err(DecodeError::UnknownType("castled_twice".into()))
        );
        assert!(matches!(
            EventBody::decode("resigned", 7, json!({"by": "white"})),
            Err(DecodeError::UnknownVersion { version: 7, .. })
        ));
        assert!(matches!(
            EventBody::decode("resigned", 1, json!({"by": "purple"})),
            Err(DecodeError::Malformed { .. })
        ));
        assert!(matches!(
            EventBody::decode("resigned", 1, json!(null)),
            Err(DecodeError::Malformed { .. })
        ));
    }
}
