//! Conditional moves: a player's prepared lines ("if he plays Nf3, I answer Nc6; then if Bb5,
//! a6"), read move by move against the game's position when they are set, and kept as the log
//! records moves (their codes), so a line matches on moves, not on positions.

use super::event::MoveRecord;
use super::rules::{MoveCode, MoveText, ReadError, Rules};

/// The most lines a player may keep, and the most plies (moves of either side) in one.
pub const MAX_LINES: usize = 32;
pub const MAX_PLIES: usize = 40;

/// A player's lines, each alternating the opponent's move and the player's reply, from a
/// position where the opponent is to move. Every move of every line was legal in its place when
/// the lines were read; two lines that answer the same moves answer them alike.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConditionalLines {
    lines: Vec<Vec<MoveCode>>,
}

/// Why a set of lines is refused (lines and plies counted from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    #[error("at most {max} lines")]
    TooManyLines { max: usize },
    #[error("line {line} is empty")]
    Empty { line: usize },
    #[error("line {line} is longer than {max} plies")]
    TooLong { line: usize, max: usize },
    #[error("line {line} ends with the opponent's move: it needs a reply")]
    NoReply { line: usize },
    #[error("line {line}, ply {ply}: {problem:?}")]
    Move {
        line: usize,
        ply: usize,
        problem: ReadError,
    },
    #[error("line {line} answers ply {ply} otherwise than line {other}")]
    Contradicts {
        line: usize,
        other: usize,
        ply: usize,
    },
}

impl ConditionalLines {
    /// Reads `lines` as written (in `notation` if named, else the writer's `preferred` one
    /// first), from `pos`, where the owner's opponent is to move.
    pub fn parse<R: Rules>(
        pos: &R::Position,
        lines: &[Vec<MoveText>],
        notation: Option<R::Notation>,
        preferred: Option<R::Notation>,
    ) -> Result<ConditionalLines, LineProblem> {
        if lines.len() > MAX_LINES {
            return Err(LineProblem::TooManyLines { max: MAX_LINES });
        }
        let mut read: Vec<Vec<MoveCode>> = Vec::with_capacity(lines.len());
        for (i, line) in lines.iter().enumerate() {
            let n = i + 1;
            if line.is_empty() {
                return Err(LineProblem::Empty { line: n });
            }
            if line.len() > MAX_PLIES {
                return Err(LineProblem::TooLong {
                    line: n,
                    max: MAX_PLIES,
                });
            }
            if line.len() % 2 == 1 {
                return Err(LineProblem::NoReply { line: n });
            }
            let mut at = pos.clone();
            let mut codes = Vec::with_capacity(line.len());
            for (ply, text) in line.iter().enumerate() {
                let m = R::read_move(&at, text, notation, preferred).map_err(|problem| {
                    LineProblem::Move {
                        line: n,
                        ply: ply + 1,
                        problem,
                    }
                })?;
                let MoveRecord { uci, .. } = R::record(&at, m);
                codes.push(uci);
                R::play(&mut at, m);
            }
            // The same moves of the opponent must meet the same reply.
            for (j, other) in read.iter().enumerate() {
                let common = codes.iter().zip(other).take_while(|(a, b)| a == b).count();
                if common % 2 == 1 && common < codes.len() && common < other.len() {
                    return Err(LineProblem::Contradicts {
                        line: n,
                        other: j + 1,
                        ply: common + 1,
                    });
                }
            }
            read.push(codes);
        }
        Ok(ConditionalLines { lines: read })
    }

    pub fn lines(&self) -> &[Vec<MoveCode>] {
        &self.lines
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The opponent played `played`: the owner's reply if a line begins with it, and the lines
    /// that go on from after the reply (the others are dropped). `None`: no line answers it.
    pub fn answer(&self, played: &MoveCode) -> Option<(MoveCode, ConditionalLines)> {
        let mut reply = None;
        let mut rest = Vec::new();
        for line in self.lines.iter().filter(|l| l.first() == Some(played)) {
            reply.get_or_insert(line[1]);
            if line.len() > 2 {
                rest.push(line[2..].to_vec());
            }
        }
        reply.map(|r| (r, ConditionalLines { lines: rest }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Chess, Notation};

    fn lines(text: &[&str]) -> Vec<Vec<MoveText>> {
        text.iter()
            .map(|l| {
                l.split_whitespace()
                    .map(|m| MoveText::parse(m).unwrap())
                    .collect()
            })
            .collect()
    }

    fn code(uci: &str) -> MoveCode {
        MoveCode::parse(uci).unwrap()
    }

    #[test]
    fn lines_are_read_move_by_move_and_answer_on_moves() {
        let start = Chess::start();
        let read = ConditionalLines::parse::<Chess>(
            &start,
            &lines(&["e4 e5 Nf3 Nc6", "e4 e5 Bc4 Nf6", "d4 d5"]),
            None,
            None,
        )
        .unwrap();
        assert_eq!(read.lines().len(), 3);
        // White plays e4: Black answers e5, and the two lines from e4 go on.
        let (reply, rest) = read.answer(&code("e2e4")).unwrap();
        assert_eq!(reply, code("e7e5"));
        assert_eq!(
            rest.lines(),
            [
                vec![code("g1f3"), code("b8c6")],
                vec![code("f1c4"), code("g8f6")]
            ]
        );
        // A move no line begins with drops them all.
        assert!(read.answer(&code("c2c4")).is_none());
        // The last reply of a line leaves nothing.
        let (_, rest) = read.answer(&code("d2d4")).unwrap();
        assert!(rest.is_empty());
    }

    #[test]
    fn any_accepted_notation_is_read() {
        let start = Chess::start();
        let turkish = ConditionalLines::parse::<Chess>(
            &start,
            &lines(&["Af3 Af6"]),
            Some(Notation::SanTr),
            None,
        )
        .unwrap();
        assert_eq!(turkish.lines()[0], [code("g1f3"), code("g8f6")]);
    }

    #[test]
    fn a_wrong_set_of_lines_is_refused_with_the_line_and_ply() {
        let start = Chess::start();
        let parse = |l: &[&str]| ConditionalLines::parse::<Chess>(&start, &lines(l), None, None);
        assert_eq!(
            parse(&["e4 e5", "d4 Ke2"]),
            Err(LineProblem::Move {
                line: 2,
                ply: 2,
                problem: ReadError::Illegal
            })
        );
        assert_eq!(parse(&["e4 e5 Nf3"]), Err(LineProblem::NoReply { line: 1 }));
        assert_eq!(
            parse(&["e4 e5", "e4 c5"]),
            Err(LineProblem::Contradicts {
                line: 2,
                other: 1,
                ply: 2
            })
        );
        let many = vec!["e4 e5"; MAX_LINES + 1];
        assert_eq!(
            parse(&many),
            Err(LineProblem::TooManyLines { max: MAX_LINES })
        );
        let long = "Nf3 Nf6 Ng1 Ng8 ".repeat(MAX_PLIES / 4 + 1);
        assert_eq!(
            parse(&[long.as_str()]),
            Err(LineProblem::TooLong {
                line: 1,
                max: MAX_PLIES
            })
        );
        assert!(matches!(
            parse(&["e4 e5", ""]),
            Err(LineProblem::Empty { line: 2 })
        ));
    }
}
