//! Why a command is refused: a value with a stable code (the API's error code) and a message a
//! player understands, in English and Turkish.

use super::conditional::LineProblem;
use super::rules::Ending;

use super::tablebase::{TablebaseClaim, Verdict, Wdl};
use super::time_control::TimeControlError;
use super::types::{Side, Timestamp};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    #[error("the game does not exist")]
    NoSuchGame,
    #[error("the game already exists")]
    GameExists,
    #[error("the game's log is damaged: {0}")]
    CorruptLog(String),
    #[error("not a player in this game")]
    NotAPlayer,
    #[error("only the arbiter may do this")]
    ArbiterOnly,
    #[error("not your turn")]
    NotYourTurn,
    #[error("the game is over")]
    GameOver,
    #[error("illegal move {text:?}")]
    IllegalMove { text: String },
    #[error("promotion piece missing in {text:?}")]
    PromotionMissing { text: String },
    #[error("ambiguous move {text:?}: {candidates:?}")]
    AmbiguousMove {
        text: String,
        candidates: Vec<String>,
    },
    #[error("unparseable move {text:?}")]
    UnparseableMove { text: String },
    #[error("no draw offer to answer")]
    NoDrawOffer,
    /// The game's rules have no such claim (a fifty-move claim in checkers).
    #[error("this game has no such claim")]
    ClaimNotInGame,
    #[error("a draw offer already stands")]
    DrawOfferPending { by: Side, yours: bool },
    /// A set-up position the game cannot start from: `detail` says why, as the rules' message
    /// key; `fen` where the game's position text is FEN ([`crate::game::Rules::position_is_fen`]),
    /// which the contract answers `invalid_fen` (else `invalid_position`).
    #[error("invalid position: {detail}")]
    InvalidPosition { fen: bool, detail: &'static str },
    #[error("position not playable: {0}")]
    PositionNotPlayable(Ending),
    #[error("invalid time control: {0}")]
    InvalidTimeControl(TimeControlError),
    #[error("the same player on both sides")]
    SamePlayer,
    #[error("invalid {field}: {problem:?}")]
    InvalidField {
        field: &'static str,
        problem: FieldProblem,
    },
    #[error("{side}'s flag has fallen")]
    FlagFallen { side: Side },
    #[error("no flag has fallen")]
    NotYetDue,
    /// The whole dead-position test found the position not dead (or could not decide).
    #[error("the position is not dead")]
    NotDead,
    #[error("the game has no clock")]
    NoClock,
    #[error("no leave to end")]
    NoLeave,
    #[error("invalid leave: {0:?}")]
    InvalidLeave(LeaveProblem),
    #[error("leave allowance exceeded ({left_days} days left)")]
    LeaveAllowanceExceeded { left_days: u32 },
    #[error("the game is adjourned")]
    Adjourned,
    #[error("the game is not adjourned")]
    NotAdjourned,
    #[error("the envelope is closed")]
    EnvelopeClosed,
    #[error("no envelope")]
    NoEnvelope,
    #[error("before the resumption time")]
    BeforeResumption,
    #[error("already checked in")]
    AlreadyCheckedIn,
    #[error("the envelope's content is needed to open it")]
    EnvelopeContentMissing,
    #[error("too late to correct the clocks")]
    ClockCorrectionTooLate,
    #[error("the game starts at {starts_at}")]
    NotStarted { starts_at: Timestamp },
    #[error("the conditional moves are refused: {0}")]
    InvalidConditionalMoves(LineProblem),
    #[error("no conditional moves")]
    NoConditionalMoves,
    /// The service did not hand over the lines the log holds a commitment to.
    #[error("the conditional moves held are needed to judge a move")]
    ConditionalMovesUnavailable,
    /// The game does not offer this (a draw offer or a sealed move in a game of dice).
    #[error("this game has no {feature}")]
    NotInThisGame { feature: &'static str },
    /// The player asked for their throw where none is theirs to ask for.
    #[error("no throw is yours to ask for now")]
    NoThrowDue,
    /// The service did not hand over the game's dice secret (or not the one committed to).
    #[error("the game's dice are needed")]
    DiceUnavailable,
    /// A claim by the tables on a position they do not hold (too many pieces, castling rights,
    /// an en passant capture to be made, or no tables at all).
    #[error("the tablebases do not hold this position")]
    NotInTablebases,
    /// A claim by the tables that they do not bear out: `for_claimer` is what they give the
    /// claimer (`Some(true)` a win, `Some(false)` a loss, `None` a draw).
    #[error("the tablebases do not give {claim:?}: {verdict:?}")]
    TablebaseClaimRefused {
        claim: TablebaseClaim,
        for_claimer: Option<bool>,
        verdict: Verdict,
    },
    /// A claim by the count of moves without progress where the tables hold the position: the
    /// event's rule suspends the count there.
    #[error("the fifty-move rule does not apply where the tablebases hold the position")]
    NoProgressRuleSuspended { verdict: Verdict },
}

/// A verdict for [`Rejection::examples`].
fn example_verdict() -> Verdict {
    Verdict {
        wdl: Wdl::Draw,
        dtz: 0,
        dtz_rounded: false,
        pieces: 4,
        tables: "syzygy:0123456789abcdef".into(),
    }
}

impl Rejection {
    /// One of every kind of rejection (for tests that must cover them all, here and in the API).
    pub fn examples() -> Vec<Rejection> {
        vec![
            Rejection::NoSuchGame,
            Rejection::GameExists,
            Rejection::CorruptLog("x".into()),
            Rejection::NotAPlayer,
            Rejection::ArbiterOnly,
            Rejection::NotYourTurn,
            Rejection::GameOver,
            Rejection::IllegalMove { text: "e5".into() },
            Rejection::PromotionMissing { text: "e8".into() },
            Rejection::AmbiguousMove {
                text: "Kd8".into(),
                candidates: vec!["Rd8".into(), "Kd8".into()],
            },
            Rejection::UnparseableMove { text: "zz".into() },
            Rejection::NoDrawOffer,
            Rejection::ClaimNotInGame,
            Rejection::DrawOfferPending {
                by: Side::White,
                yours: true,
            },
            Rejection::InvalidPosition {
                fen: true,
                detail: "fen-missing-king",
            },
            Rejection::InvalidPosition {
                fen: false,
                detail: "position-square",
            },
            Rejection::PositionNotPlayable(Ending::Stalemate),
            Rejection::InvalidTimeControl(TimeControlError::NoPeriods),
            Rejection::SamePlayer,
            Rejection::InvalidField {
                field: "name",
                problem: FieldProblem::TooLong { max: 200 },
            },
            Rejection::FlagFallen { side: Side::Black },
            Rejection::NotYetDue,
            Rejection::NotDead,
            Rejection::NoClock,
            Rejection::NoLeave,
            Rejection::InvalidLeave(LeaveProblem::InPast),
            Rejection::LeaveAllowanceExceeded { left_days: 3 },
            Rejection::Adjourned,
            Rejection::NotAdjourned,
            Rejection::EnvelopeClosed,
            Rejection::NoEnvelope,
            Rejection::BeforeResumption,
            Rejection::AlreadyCheckedIn,
            Rejection::EnvelopeContentMissing,
            Rejection::ClockCorrectionTooLate,
            Rejection::NotStarted {
                starts_at: time::OffsetDateTime::UNIX_EPOCH,
            },
            Rejection::InvalidConditionalMoves(LineProblem::NoReply { line: 2 }),
            Rejection::NoConditionalMoves,
            Rejection::ConditionalMovesUnavailable,
            Rejection::NotInThisGame {
                feature: "draw_offers",
            },
            Rejection::NoThrowDue,
            Rejection::DiceUnavailable,
            Rejection::NotInTablebases,
            Rejection::TablebaseClaimRefused {
                claim: TablebaseClaim::Win,
                for_claimer: None,
                verdict: example_verdict(),
            },
            Rejection::NoProgressRuleSuspended {
                verdict: example_verdict(),
            },
        ]
    }

    /// The stable code (the API's `error.code`).
    pub const fn code(&self) -> &'static str {
        match self {
            Rejection::NoSuchGame => "not_found",
            Rejection::GameExists => "game_exists",
            Rejection::CorruptLog(_) => "corrupt_log",
            Rejection::NotAPlayer => "not_a_player",
            Rejection::ArbiterOnly => "forbidden",
            Rejection::NotYourTurn => "not_your_turn",
            Rejection::GameOver => "game_over",
            Rejection::IllegalMove { .. } | Rejection::PromotionMissing { .. } => "illegal_move",
            Rejection::AmbiguousMove { .. } => "ambiguous_move",
            Rejection::UnparseableMove { .. } => "unparseable_move",
            Rejection::NoDrawOffer => "no_draw_offer",
            Rejection::ClaimNotInGame => "claim_not_in_game",
            Rejection::DrawOfferPending { .. } => "draw_offer_pending",
            Rejection::InvalidPosition { fen: true, .. } => "invalid_fen",
            Rejection::InvalidPosition { fen: false, .. } => "invalid_position",
            Rejection::PositionNotPlayable(_) => "position_not_playable",
            Rejection::InvalidTimeControl(_) => "invalid_time_control",
            Rejection::SamePlayer => "same_player",
            Rejection::InvalidField { .. } => "bad_request",
            Rejection::FlagFallen { .. } => "game_over",
            Rejection::NotYetDue => "not_due",
            Rejection::NotDead => "not_dead",
            Rejection::NoClock => "no_clock",
            Rejection::NoLeave => "no_leave",
            Rejection::InvalidLeave(_) => "invalid_leave",
            Rejection::LeaveAllowanceExceeded { .. } => "leave_allowance_exceeded",
            Rejection::Adjourned => "adjourned",
            Rejection::NotAdjourned => "not_adjourned",
            Rejection::EnvelopeClosed => "envelope_closed",
            Rejection::NoEnvelope => "no_envelope",
            Rejection::BeforeResumption => "before_resumption",
            Rejection::AlreadyCheckedIn => "already_checked_in",
            Rejection::EnvelopeContentMissing => "internal",
            Rejection::ClockCorrectionTooLate => "too_late",
            Rejection::NotStarted { .. } => "not_started",
            Rejection::InvalidConditionalMoves(_) => "invalid_conditional_moves",
            Rejection::NoConditionalMoves => "no_conditional_moves",
            Rejection::ConditionalMovesUnavailable => "internal",
            Rejection::NotInThisGame { .. } => "not_in_this_game",
            Rejection::NoThrowDue => "no_throw_due",
            Rejection::DiceUnavailable => "internal",
            Rejection::NotInTablebases => "not_in_tablebases",
            Rejection::TablebaseClaimRefused { .. } => "tablebase_claim_refused",
            Rejection::NoProgressRuleSuspended { .. } => "no_progress_rule_suspended",
        }
    }

    /// The message a player reads, as its key in the translations (`templates/i18n/*.ftl`) and
    /// its arguments: the domain keeps no user-facing text.
    pub const fn key(&self) -> &'static str {
        match self {
            Rejection::NoSuchGame => "rejection-no-such-game",
            Rejection::GameExists => "rejection-game-exists",
            Rejection::CorruptLog(_) => "rejection-corrupt-log",
            Rejection::NotAPlayer => "rejection-not-a-player",
            Rejection::ArbiterOnly => "rejection-arbiter-only",
            Rejection::NotYourTurn => "rejection-not-your-turn",
            Rejection::GameOver => "rejection-game-over",
            Rejection::IllegalMove { .. } => "rejection-illegal-move",
            Rejection::PromotionMissing { .. } => "rejection-promotion-missing",
            Rejection::AmbiguousMove { .. } => "rejection-ambiguous-move",
            Rejection::UnparseableMove { .. } => "rejection-unparseable-move",
            Rejection::NoDrawOffer => "rejection-no-draw-offer",
            Rejection::ClaimNotInGame => "rejection-claim-not-in-game",
            Rejection::DrawOfferPending { .. } => "rejection-draw-offer-pending",
            Rejection::InvalidPosition { fen: true, .. } => "rejection-invalid-fen",
            Rejection::InvalidPosition { fen: false, .. } => "rejection-invalid-position",
            Rejection::PositionNotPlayable(_) => "rejection-position-not-playable",
            Rejection::InvalidTimeControl(_) => "rejection-invalid-time-control",
            Rejection::SamePlayer => "rejection-same-player",
            Rejection::InvalidField { .. } => "rejection-invalid-field",
            Rejection::FlagFallen { .. } => "rejection-flag-fallen",
            Rejection::NotYetDue => "rejection-not-yet-due",
            Rejection::NotDead => "rejection-not-dead",
            Rejection::NoClock => "rejection-no-clock",
            Rejection::NoLeave => "rejection-no-leave",
            Rejection::InvalidLeave(_) => "rejection-invalid-leave",
            Rejection::LeaveAllowanceExceeded { .. } => "rejection-leave-allowance-exceeded",
            Rejection::Adjourned => "rejection-adjourned",
            Rejection::NotAdjourned => "rejection-not-adjourned",
            Rejection::EnvelopeClosed => "rejection-envelope-closed",
            Rejection::NoEnvelope => "rejection-no-envelope",
            Rejection::BeforeResumption => "rejection-before-resumption",
            Rejection::AlreadyCheckedIn => "rejection-already-checked-in",
            Rejection::EnvelopeContentMissing => "rejection-envelope-content-missing",
            Rejection::ClockCorrectionTooLate => "rejection-clock-correction-too-late",
            Rejection::NotStarted { .. } => "rejection-not-started",
            Rejection::InvalidConditionalMoves(_) => "rejection-invalid-conditional-moves",
            Rejection::NoConditionalMoves => "rejection-no-conditional-moves",
            Rejection::ConditionalMovesUnavailable => "rejection-conditional-moves-unavailable",
            Rejection::NotInThisGame { .. } => "rejection-not-in-this-game",
            Rejection::NoThrowDue => "rejection-no-throw-due",
            Rejection::DiceUnavailable => "rejection-dice-unavailable",
            Rejection::NotInTablebases => "rejection-not-in-tablebases",
            Rejection::TablebaseClaimRefused { .. } => "rejection-tablebase-claim-refused",
            Rejection::NoProgressRuleSuspended { .. } => "rejection-no-progress-rule-suspended",
        }
    }

    /// The arguments of [`Rejection::key`]'s message.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
        match self {
            Rejection::IllegalMove { text }
            | Rejection::PromotionMissing { text }
            | Rejection::UnparseableMove { text } => vec![("text", text.clone())],
            Rejection::AmbiguousMove { text, candidates } => {
                vec![
                    ("text", text.clone()),
                    ("candidates", candidates.join(", ")),
                ]
            }
            Rejection::DrawOfferPending { yours, .. } => vec![("yours", yes_no(*yours))],
            Rejection::PositionNotPlayable(ending) => vec![(
                "ending",
                match ending {
                    Ending::Checkmate { .. } => "checkmate",
                    Ending::NoMoves { .. } => "no-moves",
                    Ending::Stalemate => "stalemate",
                    Ending::DeadPosition => "dead",
                    Ending::OnePieceEach => "one-piece-each",
                    Ending::MatchWon { .. } => "match-won",
                    Ending::SeventyfiveMoves => "seventyfive",
                }
                .to_owned(),
            )],
            Rejection::InvalidField { field, .. } => vec![("field", (*field).to_owned())],
            Rejection::NotInThisGame { feature } => vec![("feature", (*feature).to_owned())],
            Rejection::FlagFallen { side } => vec![("side", side.as_str().to_owned())],
            Rejection::LeaveAllowanceExceeded { left_days } => {
                vec![("left_days", left_days.to_string())]
            }
            Rejection::NotStarted { starts_at } => vec![(
                "starts_at",
                starts_at
                    .format(&time::format_description::well_known::Rfc3339)
                    .unwrap_or_default(),
            )],
            Rejection::TablebaseClaimRefused {
                for_claimer,
                verdict,
                ..
            } => vec![
                (
                    "outcome",
                    match for_claimer {
                        Some(true) => "win",
                        Some(false) => "loss",
                        None => "draw",
                    }
                    .to_owned(),
                ),
                ("dtz", verdict.dtz.abs().to_string()),
            ],
            Rejection::NoProgressRuleSuspended { verdict } => {
                vec![("dtz", verdict.dtz.abs().to_string())]
            }
            Rejection::NoSuchGame
            | Rejection::NotInTablebases
            | Rejection::GameExists
            | Rejection::CorruptLog(_)
            | Rejection::NotAPlayer
            | Rejection::ArbiterOnly
            | Rejection::NotYourTurn
            | Rejection::GameOver
            | Rejection::NoDrawOffer
            | Rejection::NoThrowDue
            | Rejection::DiceUnavailable
            | Rejection::ClaimNotInGame
            | Rejection::SamePlayer
            | Rejection::NotYetDue
            | Rejection::NotDead
            | Rejection::NoClock
            | Rejection::NoLeave
            | Rejection::Adjourned
            | Rejection::NotAdjourned
            | Rejection::EnvelopeClosed
            | Rejection::NoEnvelope
            | Rejection::BeforeResumption
            | Rejection::AlreadyCheckedIn
            | Rejection::EnvelopeContentMissing
            | Rejection::InvalidLeave(_)
            | Rejection::InvalidTimeControl(_)
            | Rejection::InvalidPosition { .. }
            | Rejection::ClockCorrectionTooLate
            | Rejection::InvalidConditionalMoves(_)
            | Rejection::NoConditionalMoves
            | Rejection::ConditionalMovesUnavailable => Vec::new(),
        }
    }

    /// The message's `detail`, itself a message (key and arguments), for the refusals that have
    /// one made of parts.
    pub fn detail(&self) -> Option<(&'static str, Vec<(&'static str, String)>)> {
        match self {
            Rejection::InvalidField { problem, .. } => Some((problem.key(), problem.args())),
            Rejection::InvalidLeave(problem) => Some((problem.key(), problem.args())),
            Rejection::InvalidTimeControl(problem) => Some((problem.key(), problem.args())),
            Rejection::InvalidPosition { detail, .. } => Some((detail, Vec::new())),
            Rejection::InvalidConditionalMoves(problem) => Some((problem.key(), problem.args())),
            _ => None,
        }
    }
}

/// What is wrong with a field's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldProblem {
    TooLong {
        max: usize,
    },
    ControlCharacters,
    NameMissing,
    ReasonMissing,
    AtMost {
        max: u64,
    },
    /// A resumption in the past, or further ahead than `days`.
    ResumptionOutOfRange {
        days: i64,
    },
    /// Not 16 to 64 lower-case hex digits.
    Nonce,
    /// A message sent with a message: one message goes with a command.
    OneMessage,
    /// Not between a second and `days` days.
    SecondsOutOfRange {
        days: u64,
    },
    SecondsOverDays {
        days: u64,
    },
    /// Not one of the values this game knows (a game's name, a rule set).
    Unknown,
    /// Not between `min` and `max`.
    Between {
        min: u64,
        max: u64,
    },
    /// Not to be given with a set-up position.
    NotWithSetUp,
    /// Empty where a text is needed.
    Empty,
}

impl FieldProblem {
    pub fn examples() -> Vec<FieldProblem> {
        vec![
            FieldProblem::TooLong { max: 200 },
            FieldProblem::ControlCharacters,
            FieldProblem::NameMissing,
            FieldProblem::ReasonMissing,
            FieldProblem::AtMost { max: 366 },
            FieldProblem::ResumptionOutOfRange { days: 400 },
            FieldProblem::Nonce,
            FieldProblem::SecondsOutOfRange { days: 400 },
            FieldProblem::SecondsOverDays { days: 400 },
            FieldProblem::Unknown,
            FieldProblem::Between { min: 1, max: 156 },
            FieldProblem::NotWithSetUp,
            FieldProblem::Empty,
            FieldProblem::OneMessage,
        ]
    }

    pub const fn key(&self) -> &'static str {
        match self {
            FieldProblem::TooLong { .. } => "field-too-long",
            FieldProblem::ControlCharacters => "field-control-characters",
            FieldProblem::NameMissing => "field-name-missing",
            FieldProblem::ReasonMissing => "field-reason-missing",
            FieldProblem::AtMost { .. } => "field-at-most",
            FieldProblem::ResumptionOutOfRange { .. } => "field-resumption-out-of-range",
            FieldProblem::Nonce => "field-nonce",
            FieldProblem::SecondsOutOfRange { .. } => "field-seconds-out-of-range",
            FieldProblem::SecondsOverDays { .. } => "field-seconds-over-days",
            FieldProblem::Unknown => "field-unknown",
            FieldProblem::Between { .. } => "field-between",
            FieldProblem::NotWithSetUp => "field-not-with-set-up",
            FieldProblem::Empty => "field-empty",
            FieldProblem::OneMessage => "field-one-message",
        }
    }

    pub fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            FieldProblem::TooLong { max } => vec![("max", max.to_string())],
            FieldProblem::AtMost { max } => vec![("max", max.to_string())],
            FieldProblem::Between { min, max } => {
                vec![("min", min.to_string()), ("max", max.to_string())]
            }
            FieldProblem::ResumptionOutOfRange { days } => vec![("days", days.to_string())],
            FieldProblem::SecondsOutOfRange { days } | FieldProblem::SecondsOverDays { days } => {
                vec![("days", days.to_string())]
            }
            FieldProblem::ControlCharacters
            | FieldProblem::NameMissing
            | FieldProblem::ReasonMissing
            | FieldProblem::Nonce
            | FieldProblem::Unknown
            | FieldProblem::NotWithSetUp
            | FieldProblem::Empty
            | FieldProblem::OneMessage => Vec::new(),
        }
    }
}

/// Why a leave cannot be taken as asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeaveProblem {
    InPast,
    /// Starting further ahead than `days`.
    TooFarAhead {
        days: i64,
    },
    EndsBeforeStart,
    AlreadyTaken,
}

impl LeaveProblem {
    pub fn examples() -> Vec<LeaveProblem> {
        vec![
            LeaveProblem::InPast,
            LeaveProblem::TooFarAhead { days: 400 },
            LeaveProblem::EndsBeforeStart,
            LeaveProblem::AlreadyTaken,
        ]
    }

    pub const fn key(&self) -> &'static str {
        match self {
            LeaveProblem::InPast => "leave-in-past",
            LeaveProblem::TooFarAhead { .. } => "leave-too-far-ahead",
            LeaveProblem::EndsBeforeStart => "leave-ends-before-start",
            LeaveProblem::AlreadyTaken => "leave-already-taken",
        }
    }

    pub fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            LeaveProblem::TooFarAhead { days } => vec![("days", days.to_string())],
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rejection_has_a_code_and_a_message_key() {
        let all = Rejection::examples();
        let mut keys: Vec<&str> = all.iter().map(Rejection::key).collect();
        for r in &all {
            let code = r.code();
            assert!(!code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase() || c == '_'));
            assert!(r.key().starts_with("rejection-"), "{code}");
        }
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), all.len(), "each kind its own message");
    }
}
