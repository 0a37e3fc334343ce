//! Turkish draughts (dama) by the rules of the Turkish Dama Federation (TÜDAF), behind the seam
//! the game core talks through: the board and its moves (on the `kish` crate's move
//! generator), the notation and position text, and the [`Dama`] rules.

pub mod board;
pub mod notation;
mod rules;
pub mod spoken;

pub use board::{perft, Board, Move};
pub use rules::{Dama, Notation, TUDAF};
