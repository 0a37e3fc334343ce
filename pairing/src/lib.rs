//! Tournament pairings and standings by FIDE's rules, as a pure library (no IO, no clock, no
//! randomness): the Tournament Report File, Berger tables for round robins, the FIDE tie-breaks,
//! the Dutch Swiss system, a knockout's bracket and team matches board by board. The service's
//! tournaments and the `zarf pair` command use it.

pub mod berger;
pub mod dutch;
pub mod fuzzing;
pub mod knockout;
pub mod matching;
pub mod points;
pub mod swiss;
pub mod team;
pub mod tiebreak;
pub mod trf;
pub mod wide;

pub use points::Points;
pub use trf::{Colour, Entry, Outcome, Player, PlayerId, Tournament, TrfError};
