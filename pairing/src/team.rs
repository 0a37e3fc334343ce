//! Team competitions, board by board: a team's players in the board order the arbiter approved
//! and each round's line-up drawn from it, a match's colours by board, its game points and match
//! points, and the Scheveningen schedule (every player of one team against every player of the
//! other). A team round robin is [`crate::berger`]'s tables over the teams. [`report`] reads a
//! team event's matches and points back from its report file, [`standings`] ranks its teams.

use std::collections::HashSet;
use std::fmt;
use std::hash::Hash;

use crate::points::Points;
use crate::trf::Colour;

/// A team's players in their fixed board order: its main players first, then its reserves. A
/// round's line-up takes players from it without changing their order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roster<P> {
    players: Vec<P>,
    boards: usize,
}

/// Why a roster or a line-up is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamError<P> {
    /// A match is played on at least one board.
    NoBoards,
    /// A team names at least as many players as the match has boards.
    TooFewPlayers { players: usize, boards: usize },
    /// A player is named twice.
    Twice(P),
    /// A line-up names as many boards as the match has (empty ones included).
    WrongBoards { given: usize, boards: usize },
    /// A player of the line-up is not on the team's list.
    NotInTeam(P),
    /// The line-up puts `lower` above `higher`, whom the team's order puts first.
    OutOfOrder { higher: P, lower: P },
    /// An empty board above a played one: a team short of players leaves its last boards empty.
    EmptyAbove { board: usize },
}

impl<P: fmt::Debug> fmt::Display for TeamError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamError::NoBoards => write!(f, "a match has at least one board"),
            TeamError::TooFewPlayers { players, boards } => write!(
                f,
                "{players} players for {boards} boards: a team names at least one player a board"
            ),
            TeamError::Twice(p) => write!(f, "{p:?} is named twice"),
            TeamError::WrongBoards { given, boards } => {
                write!(f, "{given} boards given, the match has {boards}")
            }
            TeamError::NotInTeam(p) => write!(f, "{p:?} is not on the team's list"),
            TeamError::OutOfOrder { higher, lower } => write!(
                f,
                "{lower:?} is put above {higher:?}, whom the team's board order puts first"
            ),
            TeamError::EmptyAbove { board } => write!(
                f,
                "board {board} is empty above a played board: the empty boards are the last"
            ),
        }
    }
}

impl<P: Copy + Eq + Hash> Roster<P> {
    /// A team of `players` in board order for matches on `boards` boards (the players beyond
    /// the boards are its reserves).
    pub fn new(players: Vec<P>, boards: usize) -> Result<Roster<P>, TeamError<P>> {
        if boards == 0 {
            return Err(TeamError::NoBoards);
        }
        if players.len() < boards {
            return Err(TeamError::TooFewPlayers {
                players: players.len(),
                boards,
            });
        }
        if let Some(p) = first_repeated(players.iter().copied()) {
            return Err(TeamError::Twice(p));
        }
        Ok(Roster { players, boards })
    }

    pub fn players(&self) -> &[P] {
        &self.players
    }

    pub fn boards(&self) -> usize {
        self.boards
    }

    /// The main players: the first of the list, one a board.
    pub fn default_line_up(&self) -> LineUp<P> {
        LineUp(
            self.players[..self.boards]
                .iter()
                .copied()
                .map(Some)
                .collect(),
        )
    }

    /// The line-up `chosen` (board 1 first; `None` an empty board), checked against the team's
    /// order: its players are on the list, each once, in the list's order, and any empty boards
    /// are the last.
    pub fn line_up(&self, chosen: &[Option<P>]) -> Result<LineUp<P>, TeamError<P>> {
        if chosen.len() != self.boards {
            return Err(TeamError::WrongBoards {
                given: chosen.len(),
                boards: self.boards,
            });
        }
        if let Some(p) = first_repeated(chosen.iter().flatten().copied()) {
            return Err(TeamError::Twice(p));
        }
        // The list place of the player fielded on the board above, and who.
        let mut above: Option<(usize, P)> = None;
        let mut empty: Option<usize> = None;
        for (board, player) in chosen.iter().enumerate() {
            let Some(p) = *player else {
                empty.get_or_insert(board + 1);
                continue;
            };
            if let Some(board) = empty {
                return Err(TeamError::EmptyAbove { board });
            }
            let place = self
                .players
                .iter()
                .position(|q| *q == p)
                .ok_or(TeamError::NotInTeam(p))?;
            if let Some((above_place, above_player)) = above {
                // `p` is listed before the player fielded on the board above.
                if place < above_place {
                    return Err(TeamError::OutOfOrder {
                        higher: p,
                        lower: above_player,
                    });
                }
            }
            above = Some((place, p));
        }
        Ok(LineUp(chosen.to_vec()))
    }
}

/// The first element met a second time.
fn first_repeated<P: Copy + Eq + Hash>(items: impl Iterator<Item = P>) -> Option<P> {
    let mut seen = HashSet::new();
    items.into_iter().find(|p| !seen.insert(*p))
}

/// A team's players for one match, board 1 first; `None` is an empty board (lost by forfeit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineUp<P>(Vec<Option<P>>);

impl<P: Copy> LineUp<P> {
    pub fn boards(&self) -> &[Option<P>] {
        &self.0
    }
}

/// The colours of the first-named team's players, board by board: board 1 takes the colour the
/// pairing gave the team, and the colours alternate down the boards (the other team has the
/// other colour on every board).
pub fn board_colours(team: Colour, boards: usize) -> Vec<Colour> {
    (0..boards)
        .map(|b| if b % 2 == 0 { team } else { team.other() })
        .collect()
}

/// One board's result, for the first-named team and the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardResult {
    FirstWins,
    Draw,
    SecondWins,
    /// The second team's player (or board) was absent.
    FirstByForfeit,
    /// The first team's player (or board) was absent.
    SecondByForfeit,
    /// Neither player played: nobody scores.
    BothForfeit,
}

impl BoardResult {
    /// The game points of the first team and of the second.
    pub fn game_points(self) -> [Points; 2] {
        let (one, half, none) = (Points::tenths(10), Points::tenths(5), Points::ZERO);
        match self {
            BoardResult::FirstWins | BoardResult::FirstByForfeit => [one, none],
            BoardResult::Draw => [half, half],
            BoardResult::SecondWins | BoardResult::SecondByForfeit => [none, one],
            BoardResult::BothForfeit => [none, none],
        }
    }

    /// Whether the board was played over the board (or online): no forfeit.
    pub fn played(self) -> bool {
        matches!(
            self,
            BoardResult::FirstWins | BoardResult::Draw | BoardResult::SecondWins
        )
    }
}

/// What a match is worth: 2, 1 and 0 by default (FIDE's team events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchPoints {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
}

impl Default for MatchPoints {
    fn default() -> MatchPoints {
        MatchPoints {
            win: Points::tenths(20),
            draw: Points::tenths(10),
            loss: Points::ZERO,
        }
    }
}

/// A match's score: each team's game points (the sum of its boards) and match points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchScore {
    pub game_points: [Points; 2],
    pub match_points: [Points; 2],
}

impl MatchPoints {
    /// The score of a match whose boards ended as `boards` say: the team with more game points
    /// wins it, equal game points draw it. A match both teams forfeited on every board is lost
    /// by both.
    pub fn score(&self, boards: &[BoardResult]) -> MatchScore {
        let game_points = boards
            .iter()
            .map(|b| b.game_points())
            .fold([Points::ZERO; 2], |[a, b], [x, y]| [a + x, b + y]);
        let both_absent = boards.iter().all(|b| *b == BoardResult::BothForfeit);
        MatchScore {
            game_points,
            match_points: self.result(game_points, both_absent),
        }
    }

    /// The match points of a match whose teams scored `game_points`: more wins, equal draws; a
    /// match neither team played a board of or won one in (`both_absent`) is lost by both.
    pub fn result(&self, game_points: [Points; 2], both_absent: bool) -> [Points; 2] {
        if both_absent {
            [self.loss, self.loss]
        } else if game_points[0] > game_points[1] {
            [self.win, self.loss]
        } else if game_points[0] < game_points[1] {
            [self.loss, self.win]
        } else {
            [self.draw, self.draw]
        }
    }

    /// A match one team did not come to (`present`: 0 the first, 1 the second; `None`: neither
    /// came): the team present wins every board by forfeit.
    pub fn forfeited(&self, boards: usize, present: Option<usize>) -> MatchScore {
        let board = match present {
            Some(0) => BoardResult::FirstByForfeit,
            Some(_) => BoardResult::SecondByForfeit,
            None => BoardResult::BothForfeit,
        };
        self.score(&vec![board; boards])
    }

    /// What the team left unpaired in a round scores: a drawn match (its match points, and half
    /// the boards' game points).
    pub fn bye(&self, boards: usize) -> (Points, Points) {
        let half = i32::try_from(boards)
            .unwrap_or(i32::MAX / 10)
            .saturating_mul(5);
        (self.draw, Points::tenths(half))
    }
}

/// One game of a Scheveningen match: the first team's board `first` against the second team's
/// board `second` (both from 0), and the first team's player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeting {
    pub first: usize,
    pub second: usize,
    pub colour: Colour,
}

/// A Scheveningen match of two teams of `boards` players, round by round: in round `r` (from 0)
/// the first team's player `i` meets the second team's player `(i + r) mod boards`, so everyone
/// meets everyone of the other team once. The first team's player `i` has White in round `r`
/// when `(i + 2r) mod boards` is in the first half: with a number of boards divisible by four,
/// every player has as many Whites as Blacks and each round half the boards; with an odd number,
/// every player of the second team has one White fewer than Blacks; with two more than a
/// multiple of four (where no such schedule balances all three), each player of the second team
/// and each round are balanced, and the first team's players are one game either side of it.
pub fn scheveningen(boards: usize) -> Vec<Vec<Meeting>> {
    (0..boards)
        .map(|r| {
            (0..boards)
                .map(|i| Meeting {
                    first: i,
                    second: (i + r) % boards,
                    colour: if 2 * ((i + 2 * r) % boards) < boards {
                        Colour::White
                    } else {
                        Colour::Black
                    },
                })
                .collect()
        })
        .collect()
}

pub mod report;
pub mod standings;
#[cfg(test)]
mod tests;
