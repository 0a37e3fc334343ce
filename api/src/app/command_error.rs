//! Why a command was not recorded, for every kind of log: the pipeline's one error.

use domain::game::Rejection;

use crate::store::StoreError;

/// Why a command was not recorded.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// The rules refused it: nothing was written.
    #[error("refused: {}", .0.code())]
    Rejected(Rejection),
    /// A tournament's rules refused it: nothing was written.
    #[error("refused: {0}")]
    TournamentRejected(domain::tournament::Rejection),
    /// No such game.
    #[error("no such game")]
    NotFound,
    /// The client's `expected_version` is not the game's, or the command lost every race.
    #[error("the game changed meanwhile")]
    VersionConflict,
    /// A message in a game whose organiser turned messages off: nothing was written.
    #[error("messages are off in this game")]
    MessagesOff,
    /// Anything unexpected: a store failure, a log that does not fold, a secret that does not open.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<StoreError> for CommandError {
    fn from(e: StoreError) -> CommandError {
        match e {
            StoreError::Conflict => CommandError::VersionConflict,
            other => CommandError::Internal(other.into()),
        }
    }
}

impl From<Rejection> for CommandError {
    fn from(r: Rejection) -> CommandError {
        CommandError::Rejected(r)
    }
}

impl CommandError {
    /// The rules' refusal, if that is what this is.
    pub fn rejection(&self) -> Option<&Rejection> {
        match self {
            CommandError::Rejected(r) => Some(r),
            _ => None,
        }
    }
}
