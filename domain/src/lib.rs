//! zarf's rules engine. A game is an append-only log of events; this crate decides which commands
//! are allowed, turns them into events, and folds events into state, for each game behind one
//! seam (`games::GameKind`): chess judged by the FIDE Laws of Chess (2023 and 2005 texts),
//! checkers, Turkish dama and tavla. A tournament is a log of its own, paired by the `pairing`
//! crate.
//! It does no IO, reads no clock and draws no random numbers: time, the acting player and any
//! entropy are arguments.

#![forbid(unsafe_code)]

pub mod checkers;
pub mod chess;
pub mod dama;
pub use chess::fuzzing;
pub mod game;
pub mod games;
pub mod ids;
pub mod rating;
#[cfg(feature = "take-away")]
pub mod take_away;
pub mod tavla;
pub mod tournament;
pub mod whole;

pub use game::{decide, evolve, Command, Context, GameEvent, GameState, Rejection};
pub use ids::{GameId, PlayerId};
