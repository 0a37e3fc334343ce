//! A pairing of a cup as a mini-match: a number of games with colours alternating, ended as soon
//! as one side cannot be caught; a tie played on in pairs of games up to the organiser's limit,
//! then settled by the rule the organiser chose. A game of tavla is a match of its own (to N
//! points): its cup pairing is one game, which cannot be drawn.

/// A game's result from the pairing's first side (the one drawn above in the bracket).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    FirstWins,
    Draw,
    SecondWins,
}

/// How a mini-match still tied after its extra games is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieRule {
    /// The higher seed (the lower seed number) goes through.
    HigherSeed,
    /// A lot drawn then.
    Lot,
    /// The arbiter decides.
    Arbiter,
}

/// The terms of every mini-match of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MiniMatch {
    /// The games of the match proper: 1 (a single game, as tavla's), or an even number.
    pub games: u32,
    /// How many more pairs of games a tie is played on for before the tie rule settles it.
    pub extra_pairs: u32,
    pub tie_rule: TieRule,
}

/// Where a mini-match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchState {
    /// Game `game` (1 the first) is to be played, the first side with White (or the first
    /// move) where `first_has_white`.
    Playing { game: u32, first_has_white: bool },
    /// Side 0 or 1 goes through; `settled` where the tie rule, not the games, decided it.
    Won { side: usize, settled: bool },
    /// Tied after every game: the lot is to be drawn.
    AwaitingLot,
    /// Tied after every game: the arbiter is to decide.
    AwaitingArbiter,
}

/// Why the terms of a mini-match cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadTerms {
    /// Neither a single game nor an even number of them (at most 20).
    Games,
    /// More than ten extra pairs.
    ExtraPairs,
}

impl MiniMatch {
    /// The most games of a match proper, and the most extra pairs.
    pub const MAX_GAMES: u32 = 20;
    pub const MAX_EXTRA_PAIRS: u32 = 10;

    pub fn new(games: u32, extra_pairs: u32, tie_rule: TieRule) -> Result<MiniMatch, BadTerms> {
        if !(games == 1 || (games.is_multiple_of(2) && (2..=Self::MAX_GAMES).contains(&games))) {
            return Err(BadTerms::Games);
        }
        if extra_pairs > Self::MAX_EXTRA_PAIRS {
            return Err(BadTerms::ExtraPairs);
        }
        Ok(MiniMatch {
            games,
            extra_pairs,
            tie_rule,
        })
    }

    /// Each side's score in half points.
    pub fn score(results: &[GameResult]) -> [u32; 2] {
        results.iter().fold([0, 0], |[a, b], r| match r {
            GameResult::FirstWins => [a + 2, b],
            GameResult::Draw => [a + 1, b + 1],
            GameResult::SecondWins => [a, b + 2],
        })
    }

    /// Where the match stands after `results`, the games played in order; `seeds` are the two
    /// sides' seeds (for the tie rule).
    pub fn state(&self, results: &[GameResult], seeds: [u32; 2]) -> MatchState {
        let played = results.len() as u32;
        let [a, b] = Self::score(results);
        // The games of the stage being played: the match proper, or the extra pair under way
        // (after a whole pair, the stage ends where the games played end).
        let stage_end = if played < self.games {
            self.games
        } else {
            self.games + 2 * (played - self.games).div_ceil(2)
        };
        let left = 2 * (stage_end.saturating_sub(played));
        // Decided once the trailing side could not catch up in the stage's games left.
        if a > b + left {
            return MatchState::Won {
                side: 0,
                settled: false,
            };
        }
        if b > a + left {
            return MatchState::Won {
                side: 1,
                settled: false,
            };
        }
        let extra_played = played.saturating_sub(self.games);
        let tied_at_stage_end = left == 0 && a == b;
        if tied_at_stage_end && extra_played >= 2 * self.extra_pairs {
            return match self.tie_rule {
                TieRule::HigherSeed => MatchState::Won {
                    side: usize::from(seeds[1] < seeds[0]),
                    settled: true,
                },
                TieRule::Lot => MatchState::AwaitingLot,
                TieRule::Arbiter => MatchState::AwaitingArbiter,
            };
        }
        MatchState::Playing {
            game: played + 1,
            first_has_white: played.is_multiple_of(2),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::GameResult::*;
    use super::*;

    fn two_games(extra_pairs: u32, tie_rule: TieRule) -> MiniMatch {
        MiniMatch::new(2, extra_pairs, tie_rule).unwrap()
    }

    #[test]
    fn a_two_game_match_is_won_on_points_with_colours_alternating() {
        let m = two_games(0, TieRule::HigherSeed);
        assert_eq!(
            m.state(&[], [1, 16]),
            MatchState::Playing {
                game: 1,
                first_has_white: true
            }
        );
        assert_eq!(
            m.state(&[FirstWins], [1, 16]),
            MatchState::Playing {
                game: 2,
                first_has_white: false
            }
        );
        assert_eq!(
            m.state(&[FirstWins, Draw], [1, 16]),
            MatchState::Won {
                side: 0,
                settled: false
            }
        );
        assert_eq!(MiniMatch::score(&[FirstWins, Draw]), [3, 1]);
    }

    #[test]
    fn a_match_ends_once_one_side_cannot_be_caught() {
        let m = MiniMatch::new(4, 0, TieRule::Arbiter).unwrap();
        assert_eq!(
            m.state(&[SecondWins, SecondWins, SecondWins], [3, 6]),
            MatchState::Won {
                side: 1,
                settled: false
            }
        );
        assert!(matches!(
            m.state(&[SecondWins, SecondWins, Draw], [3, 6]),
            MatchState::Won { side: 1, .. }
        ));
        assert!(matches!(
            m.state(&[SecondWins, SecondWins], [3, 6]),
            MatchState::Playing { game: 3, .. }
        ));
    }

    #[test]
    fn a_tie_goes_on_in_pairs_then_to_the_rule() {
        let m = two_games(1, TieRule::HigherSeed);
        // Tied after the two games: a pair more.
        assert_eq!(
            m.state(&[FirstWins, SecondWins], [5, 4]),
            MatchState::Playing {
                game: 3,
                first_has_white: true
            }
        );
        // A lead after the pair's first game can still be caught in its second.
        assert!(matches!(
            m.state(&[FirstWins, SecondWins, FirstWins], [5, 4]),
            MatchState::Playing { game: 4, .. }
        ));
        assert_eq!(
            m.state(&[FirstWins, SecondWins, FirstWins, Draw], [5, 4]),
            MatchState::Won {
                side: 0,
                settled: false
            }
        );
        // Still tied after the pair: seed 4, the second side, goes through.
        assert_eq!(
            m.state(&[Draw, Draw, Draw, Draw], [5, 4]),
            MatchState::Won {
                side: 1,
                settled: true
            }
        );
        let lot = two_games(0, TieRule::Lot);
        assert_eq!(lot.state(&[Draw, Draw], [1, 2]), MatchState::AwaitingLot);
        let arbiter = two_games(0, TieRule::Arbiter);
        assert_eq!(
            arbiter.state(&[Draw, Draw], [1, 2]),
            MatchState::AwaitingArbiter
        );
    }

    #[test]
    fn a_single_game_is_the_match() {
        let m = MiniMatch::new(1, 0, TieRule::HigherSeed).unwrap();
        assert_eq!(
            m.state(&[SecondWins], [1, 2]),
            MatchState::Won {
                side: 1,
                settled: false
            }
        );
        assert!(matches!(
            m.state(&[], [1, 2]),
            MatchState::Playing { game: 1, .. }
        ));
    }

    #[test]
    fn terms_that_cannot_be_played_are_refused() {
        assert_eq!(MiniMatch::new(3, 0, TieRule::Lot), Err(BadTerms::Games));
        assert_eq!(MiniMatch::new(0, 0, TieRule::Lot), Err(BadTerms::Games));
        assert_eq!(MiniMatch::new(22, 0, TieRule::Lot), Err(BadTerms::Games));
        assert_eq!(
            MiniMatch::new(2, 11, TieRule::Lot),
            Err(BadTerms::ExtraPairs)
        );
    }
}
