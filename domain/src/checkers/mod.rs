//! English draughts (checkers) by the rules of the World Checkers/Draughts Federation, behind
//! the seam the game core talks through: the board and its moves, PDN's numeric notation and
//! position text, and the [`Checkers`] rules.

pub mod ballot;
pub mod board;
pub mod notation;
mod rules;
pub mod spoken;

pub use board::{perft, Board, Move};
pub use rules::{Checkers, Notation, WCDF};
