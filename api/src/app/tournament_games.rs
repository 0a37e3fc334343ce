//! What a tournament's rounds and a cup's matches share: the result a finished game brings to
//! the tournament, fresh ids for the games they make, and what one pass over them did.

use domain::game::{GameResult, Termination};
use domain::tournament::Outcome as BoardOutcome;
use domain::GameId;

/// What one pass over a tournament did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Done {
    pub games_created: usize,
    pub results_carried: usize,
}

/// A finished game's result as the tournament records it: a game lost on time or by default
/// before the loser made a move was not played (a forfeit, as the pairing rules count it).
/// `plies` are the players' own (a ballot's opening is no one's).
pub fn board_outcome(result: GameResult, termination: Termination, plies: usize) -> BoardOutcome {
    let unplayed = matches!(termination, Termination::TimeForfeit) && plies < 2;
    match (result, unplayed) {
        (GameResult::WhiteWins, false) => BoardOutcome::WhiteWins,
        (GameResult::BlackWins, false) => BoardOutcome::BlackWins,
        (GameResult::WhiteWins, true) => BoardOutcome::WhiteWinsByForfeit,
        (GameResult::BlackWins, true) => BoardOutcome::BlackWinsByForfeit,
        (GameResult::Draw, _) => BoardOutcome::Draw,
    }
}

/// Fresh ids for an online round's games.
pub fn game_ids(n: usize) -> Vec<GameId> {
    (0..n)
        .map(|_| GameId::from_uuid(uuid::Uuid::now_v7()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_lost_on_time_before_a_move_was_not_played() {
        use GameResult::*;
        let flag = Termination::TimeForfeit;
        assert_eq!(
            board_outcome(BlackWins, flag, 0),
            BoardOutcome::BlackWinsByForfeit
        );
        assert_eq!(
            board_outcome(WhiteWins, flag, 1),
            BoardOutcome::WhiteWinsByForfeit
        );
        assert_eq!(board_outcome(WhiteWins, flag, 3), BoardOutcome::WhiteWins);
        assert_eq!(
            board_outcome(WhiteWins, Termination::Resignation, 0),
            BoardOutcome::WhiteWins
        );
        assert_eq!(
            board_outcome(Draw, Termination::Agreement, 0),
            BoardOutcome::Draw
        );
    }
}
