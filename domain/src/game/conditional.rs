//! Conditional moves: a player's prepared lines ("if he plays Nf3, I answer Nc6; then if Bb5,
//! a6"), read move by move against the game's position when they are set, and kept as the log
//! records moves (their codes), so a line matches on moves, not on positions.
//!
//! The lines are secret to their owner: the log records only that they were set, with a
//! commitment to them ([`commitment`]); the service keeps them encrypted and hands them to
//! `decide` ([`OpenedLines`]) when a move is judged in a game where they are held.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::moves::{MoveCode, MoveRecord, MoveText};
use super::rules::{ReadError, Rules};
use super::types::{Side, Timestamp};
use crate::ids::GameId;

/// The most lines a player may keep, and the most plies (moves of either side) in one.
pub const MAX_LINES: usize = 32;
pub const MAX_PLIES: usize = 40;

/// A player's lines from a position: each alternates the two sides' moves, beginning with the
/// side to move there, and ends with a move of the owner's. Every move of every line was legal
/// in its place when the lines were read; lines that share their moves up to one of the owner's
/// share that move too (an answer is never in doubt).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConditionalLines {
    lines: Vec<Vec<MoveCode>>,
}

/// Why a set of lines is refused (lines and plies counted from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    #[error("no lines (withdraw them instead)")]
    NoLines,
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

impl LineProblem {
    pub fn examples() -> Vec<LineProblem> {
        let mv = |problem| LineProblem::Move {
            line: 1,
            ply: 3,
            problem,
        };
        vec![
            LineProblem::NoLines,
            LineProblem::TooManyLines { max: MAX_LINES },
            LineProblem::Empty { line: 2 },
            LineProblem::TooLong {
                line: 1,
                max: MAX_PLIES,
            },
            LineProblem::NoReply { line: 1 },
            mv(ReadError::Unparseable),
            mv(ReadError::Illegal),
            mv(ReadError::PromotionMissing),
            mv(ReadError::Ambiguous {
                candidates: vec!["Nbd2".into(), "Nfd2".into()],
            }),
            LineProblem::Contradicts {
                line: 2,
                other: 1,
                ply: 2,
            },
        ]
    }

    /// The message's key in the translations.
    pub const fn key(&self) -> &'static str {
        match self {
            LineProblem::NoLines => "lines-none",
            LineProblem::TooManyLines { .. } => "lines-too-many",
            LineProblem::Empty { .. } => "lines-empty",
            LineProblem::TooLong { .. } => "lines-too-long",
            LineProblem::NoReply { .. } => "lines-no-reply",
            LineProblem::Move { problem, .. } => match problem {
                ReadError::Unparseable => "lines-move-unparseable",
                ReadError::Illegal => "lines-move-illegal",
                ReadError::PromotionMissing => "lines-move-promotion-missing",
                ReadError::Ambiguous { .. } => "lines-move-ambiguous",
            },
            LineProblem::Contradicts { .. } => "lines-contradict",
        }
    }

    pub fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            LineProblem::NoLines => Vec::new(),
            LineProblem::TooManyLines { max } => vec![("max", max.to_string())],
            LineProblem::Empty { line } | LineProblem::NoReply { line } => {
                vec![("line", line.to_string())]
            }
            LineProblem::TooLong { line, max } => {
                vec![("line", line.to_string()), ("max", max.to_string())]
            }
            LineProblem::Move { line, ply, problem } => {
                let mut args = vec![("line", line.to_string()), ("ply", ply.to_string())];
                if let ReadError::Ambiguous { candidates } = problem {
                    args.push(("candidates", candidates.join(", ")));
                }
                args
            }
            LineProblem::Contradicts { line, other, ply } => vec![
                ("line", line.to_string()),
                ("other", other.to_string()),
                ("ply", ply.to_string()),
            ],
        }
    }
}

/// What a move does to a set of lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Advance {
    /// Some lines began with it: they go on from after it.
    Continues(ConditionalLines),
    /// Some lines began with it, and it was their last move: nothing is left.
    Exhausted,
    /// No line began with it.
    NoMatch,
}

/// Why a player's lines were dropped before they were played out. A game's end drops them too;
/// its ending is then the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DropReason {
    /// A move no line foresaw.
    NoMatch,
    /// Every line was played to its end.
    Exhausted,
    /// The opponent offered a draw: the owner must answer it.
    DrawOffer,
    /// A draw was claimed (9.2, 9.3).
    Claim,
    /// The game was adjourned (Appendix A): the sealed move is written afresh.
    Adjournment,
    /// The reply is no longer a legal move.
    ReplyIllegal,
}

impl DropReason {
    pub const ALL: [DropReason; 6] = [
        DropReason::NoMatch,
        DropReason::Exhausted,
        DropReason::DrawOffer,
        DropReason::Claim,
        DropReason::Adjournment,
        DropReason::ReplyIllegal,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            DropReason::NoMatch => "no_match",
            DropReason::Exhausted => "exhausted",
            DropReason::DrawOffer => "draw_offer",
            DropReason::Claim => "claim",
            DropReason::Adjournment => "adjournment",
            DropReason::ReplyIllegal => "reply_illegal",
        }
    }
}

/// A player's lines as the state knows them: the commitment, not the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldLines {
    pub commitment: String,
    /// The ply at which they were set (the number of moves played then).
    pub from_ply: usize,
    pub set_at: Timestamp,
    /// The moves played since (each one a line foresaw).
    pub since: Vec<MoveCode>,
}

/// A player's lines as set, opened by the service for `decide`, with the nonce of their
/// commitment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenedLines {
    pub side: Side,
    pub lines: ConditionalLines,
    pub nonce: String,
}

/// The commitment the log records when lines are set:
/// `hex(sha256("{game_id}\n{ply}\n{side}\n{lines}\n{nonce}"))`, the lines written as
/// [`ConditionalLines::canonical`].
pub fn commitment(
    game: GameId,
    ply: usize,
    side: Side,
    lines: &ConditionalLines,
    nonce: &str,
) -> String {
    let input = format!(
        "{game}\n{ply}\n{}\n{}\n{nonce}",
        side.as_str(),
        lines.canonical()
    );
    hex::encode(Sha256::digest(input.as_bytes()))
}

impl ConditionalLines {
    /// Reads `lines` as written by `owner` (in `notation` if named, else the writer's
    /// `preferred` one first), from `pos`.
    pub fn parse<R: Rules>(
        pos: &R::Position,
        owner: Side,
        lines: &[Vec<MoveText>],
        notation: Option<R::Notation>,
        preferred: Option<R::Notation>,
    ) -> Result<ConditionalLines, LineProblem> {
        if lines.is_empty() {
            return Err(LineProblem::NoLines);
        }
        if lines.len() > MAX_LINES {
            return Err(LineProblem::TooManyLines { max: MAX_LINES });
        }
        // Plies are counted from 0 here: the owner's are the even ones if the owner is to move.
        let owners = usize::from(R::turn(pos) != owner);
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
            if (line.len() - 1) % 2 != owners {
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
                let MoveRecord { code, .. } = R::record(&at, m);
                codes.push(code);
                R::play(&mut at, m);
            }
            // The same moves before one of the owner's must meet the same move of theirs.
            for (j, other) in read.iter().enumerate() {
                let common = codes.iter().zip(other).take_while(|(a, b)| a == b).count();
                if common % 2 == owners && common < codes.len() && common < other.len() {
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

    /// Lines as the service stored them (read when they were set): `None` where they could not
    /// be a set of lines at all.
    pub fn stored(lines: Vec<Vec<MoveCode>>) -> Option<ConditionalLines> {
        let fits = !lines.is_empty()
            && lines.len() <= MAX_LINES
            && lines.iter().all(|l| !l.is_empty() && l.len() <= MAX_PLIES);
        fits.then_some(ConditionalLines { lines })
    }

    pub fn lines(&self) -> &[Vec<MoveCode>] {
        &self.lines
    }

    /// The lines as the commitment writes them: each line's codes separated by spaces, the
    /// lines by `;`.
    pub fn canonical(&self) -> String {
        let line = |l: &Vec<MoveCode>| l.iter().map(MoveCode::as_str).collect::<Vec<_>>().join(" ");
        self.lines.iter().map(line).collect::<Vec<_>>().join(";")
    }

    /// The move every line begins with where the owner is to move (they agree there).
    pub fn next(&self) -> Option<MoveCode> {
        self.lines.first().and_then(|l| l.first()).copied()
    }

    /// `played` was played: the lines that began with it go on from after it.
    pub fn advance(&self, played: &MoveCode) -> Advance {
        let mut matched = false;
        let mut rest = Vec::new();
        for line in self.lines.iter().filter(|l| l.first() == Some(played)) {
            matched = true;
            if line.len() > 1 {
                rest.push(line[1..].to_vec());
            }
        }
        match (matched, rest.is_empty()) {
            (false, _) => Advance::NoMatch,
            (true, true) => Advance::Exhausted,
            (true, false) => Advance::Continues(ConditionalLines { lines: rest }),
        }
    }

    /// The lines after the moves `played` (each of which they foresaw), or why they are gone.
    pub fn after(&self, played: &[MoveCode]) -> Advance {
        let mut now = Advance::Continues(self.clone());
        for code in played {
            now = match now {
                Advance::Continues(lines) => lines.advance(code),
                gone => return gone,
            };
        }
        now
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
        let start = crate::chess::Chess.start();
        let read = ConditionalLines::parse::<Chess>(
            &start,
            Side::Black,
            &lines(&["e4 e5 Nf3 Nc6", "e4 e5 Bc4 Nf6", "d4 d5"]),
            None,
            None,
        )
        .unwrap();
        assert_eq!(read.lines().len(), 3);
        // White plays e4: Black answers e5, and the two lines from e4 go on.
        let Advance::Continues(after_e4) = read.advance(&code("e2e4")) else {
            panic!("e4 was foreseen")
        };
        assert_eq!(after_e4.next(), Some(code("e7e5")));
        let Advance::Continues(rest) = after_e4.advance(&code("e7e5")) else {
            panic!("the reply goes on")
        };
        assert_eq!(
            rest.lines(),
            [
                vec![code("g1f3"), code("b8c6")],
                vec![code("f1c4"), code("g8f6")]
            ]
        );
        assert_eq!(rest.canonical(), "g1f3 b8c6;f1c4 g8f6");
        // A move no line begins with drops them all.
        assert_eq!(read.advance(&code("c2c4")), Advance::NoMatch);
        // The last reply of a line leaves nothing.
        assert_eq!(
            read.after(&[code("d2d4"), code("d7d5")]),
            Advance::Exhausted
        );
        assert_eq!(
            read.after(&[code("e2e4"), code("e7e5"), code("d2d4")]),
            Advance::NoMatch
        );
    }

    #[test]
    fn the_player_to_move_sets_lines_from_their_own_move() {
        let start = crate::chess::Chess.start();
        let parse = |l: &[&str]| {
            ConditionalLines::parse::<Chess>(&start, Side::White, &lines(l), None, None)
        };
        let read = parse(&["e4 e5 Nf3", "e4 c5 Nf3"]).unwrap();
        assert_eq!(read.next(), Some(code("e2e4")));
        // A line must end with the owner's move, and the owner's first move is one.
        assert_eq!(parse(&["e4 e5"]), Err(LineProblem::NoReply { line: 1 }));
        assert_eq!(
            parse(&["e4 e5 Nf3", "d4 d5 c4"]),
            Err(LineProblem::Contradicts {
                line: 2,
                other: 1,
                ply: 1
            })
        );
    }

    #[test]
    fn any_accepted_notation_is_read() {
        let start = crate::chess::Chess.start();
        let turkish = ConditionalLines::parse::<Chess>(
            &start,
            Side::Black,
            &lines(&["Af3 Af6"]),
            Some(Notation::SanTr),
            None,
        )
        .unwrap();
        assert_eq!(turkish.lines()[0], [code("g1f3"), code("g8f6")]);
    }

    #[test]
    fn a_wrong_set_of_lines_is_refused_with_the_line_and_ply() {
        let start = crate::chess::Chess.start();
        let parse = |l: &[&str]| {
            ConditionalLines::parse::<Chess>(&start, Side::Black, &lines(l), None, None)
        };
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
        assert_eq!(parse(&[]), Err(LineProblem::NoLines));
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
