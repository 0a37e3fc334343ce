//! The game core: commands, events, state, and the two functions that connect them.
//!
//! `decide(&GameState, Command, &Context) -> Result<Vec<GameEvent>, Rejection>` judges a command;
//! `evolve(GameState, &GameEvent) -> GameState` folds an event. The core is generic over the
//! game's [`Rules`]; moves and positions are the rules' business, asked through that one seam
//! ([`rules`]).

mod adjournment;
mod clock;
pub mod conditional;
mod decide;
pub mod dice;
mod event;
mod message;
mod moves;
mod pgn;
mod rejection;
pub mod rules;
pub mod speech;
pub mod spoken;
mod state;
pub mod tablebase;
mod time_control;
mod types;

pub use adjournment::{
    commitment, valid_nonce, Adjournment, Envelope, EnvelopeKind, Revealed, SealedMoveCheck,
};
pub use clock::{Clock, Pause, Reading, DAY_US};
pub use conditional::{Advance, ConditionalLines, DropReason, HeldLines, LineProblem, OpenedLines};
pub use decide::{
    decide, envelope_to_open, judge, judging_may_search, status_name, BallotChoice, Command,
    Context, CreateGame, Judgement, MoveInput, MAX_LABEL_CHARS, MAX_LEAVE_AHEAD_DAYS,
    MAX_REASON_CHARS, MAX_ROUND_CHARS,
};
pub use event::{BallotOpening, DecodeError, EventBody, GameCreated, GameEvent, TournamentBoard};
pub use message::{Message, MessageText, MessageTextError};
pub use moves::{MoveCode, MoveCodeError, MoveRecord, MoveText, MoveTextError};
pub use pgn::{export_pgn, time_control_tag};
pub use rejection::{FieldProblem, LeaveProblem, Rejection};
pub use rules::{
    perft, Ballot, DrawRules, Ending, Features, Happening, MatchLengths, MatchScore, ReadError,
    RecordFormat, RecordHead, Rules, SetUpError, Throwing, Verdict, Winnability, UNNAMED_GAME,
};
pub use state::{evolve, FoldError, Game, GameState, Status};
pub use time_control::{Period, TimeControl, TimeControlError};
pub use types::{
    Actor, ClaimKind, GameResult, Locale, Participant, RuleSet, Side, Termination, Timestamp,
    Visibility,
};
