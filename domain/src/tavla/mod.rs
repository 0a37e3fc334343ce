//! Tavla and backgammon: the board and its plays (the rules behind the game core's seam, dice
//! from the service, matches and the cube come with them).

pub mod board;
pub mod position_id;
