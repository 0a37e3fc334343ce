//! Checkers behind the game core's seam: the [`Rules`] the core asks, answered from the board
//! in [`super::board`] and the notation in [`super::notation`].

use super::board::{row_col, Board, Move, MAX_PATH};
use super::notation;
use super::spoken;
use crate::game::speech;
use crate::game::spoken::Tongue;
use crate::game::{
    Ballot, ClaimKind, DrawRules, Ending, MoveCode, MoveRecord, MoveText, ReadError, RecordFormat,
    RuleSet, Rules, SetUpError, Side, Termination, Winnability,
};

/// English draughts, by the rules of the World Checkers/Draughts Federation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Checkers;

/// The WCDF's rules, the one rule set checkers is played by here.
pub const WCDF: RuleSet = RuleSet::named("wcdf");

/// How a checkers move is written: PDN's numeric notation, or spoken in words
/// ([`super::spoken`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    Pdn,
    Spoken(Tongue),
}

impl Notation {
    /// Every notation, the standard one first.
    pub const ALL: [Notation; 4] = [
        Notation::Pdn,
        Notation::Spoken(Tongue::German),
        Notation::Spoken(Tongue::Turkish),
        Notation::Spoken(Tongue::English),
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Notation::Pdn => "pdn",
            Notation::Spoken(tongue) => speech::notation_name(tongue),
        }
    }
}

impl Rules for Checkers {
    type Position = Board;
    type Move = Move;
    type Notation = Notation;
    type Memo = ();

    fn named(name: &str) -> Option<Checkers> {
        (name == "checkers").then_some(Checkers)
    }

    fn name(self) -> &'static str {
        "checkers"
    }

    fn rule_sets(self) -> &'static [RuleSet] {
        &[WCDF]
    }

    /// Threefold repetition and the forty-move rule by claim (WCDF). Correspondence games are
    /// often left unattended, so the service also ends a game by itself where a claim has long
    /// been open: the same position for the fifth time, or sixty moves by each player without
    /// a man's move or a capture (the proportions of chess's 9.6 to its claims).
    fn draws(self, _rule_set: RuleSet) -> DrawRules {
        DrawRules {
            threefold_claim: true,
            no_progress_claim: Some((ClaimKind::FortyMoves, 80)),
            automatic_repetition: Some(5),
            automatic_no_progress: Some((120, Termination::SixtyMoves)),
            wrong_claim_bonus_seconds: 120,
        }
    }

    fn notation_named(self, name: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.as_str() == name)
    }

    fn notations(self) -> Vec<Notation> {
        Notation::ALL.to_vec()
    }

    fn notation_name(notation: Notation) -> &'static str {
        notation.as_str()
    }

    fn record_format(self) -> RecordFormat {
        RecordFormat {
            game_type: Some("21"),
            set_up_tag: false,
            own: None,
        }
    }

    fn ballot(self) -> Option<Ballot> {
        Some(Ballot {
            name: "ballot-three-move",
            openings: &super::ballot::THREE_MOVE_DECK,
        })
    }

    fn set_up_problems(self) -> &'static [&'static str] {
        &notation::POSITION_PROBLEMS
    }

    fn start(self) -> Board {
        Board::start()
    }

    fn set_up(self, text: &str) -> Result<(Board, String), SetUpError> {
        let board = notation::read_position(text)?;
        if let Some(ending) = Self::ending(&board, &()) {
            return Err(SetUpError::NotPlayable(ending));
        }
        Ok((board, notation::write_position(&board)))
    }

    fn stored_set_up(self, text: &str) -> Option<Board> {
        notation::read_position(text).ok()
    }

    fn legal_moves(pos: &Board) -> Vec<Move> {
        pos.moves()
    }

    fn set_up_text(pos: &Board) -> String {
        notation::write_position(pos)
    }

    fn turn(pos: &Board) -> Side {
        pos.turn
    }

    fn move_number(pos: &Board) -> u32 {
        pos.move_number
    }

    fn halfmove_clock(pos: &Board) -> u32 {
        pos.quiet_plies
    }

    fn read_move(
        pos: &Board,
        text: &MoveText,
        notation: Option<Notation>,
        preferred: Option<Notation>,
    ) -> Result<Move, ReadError> {
        let text = text.as_str();
        if let Some(Notation::Spoken(tongue)) = notation {
            return spoken::read(pos, text, tongue);
        }
        let first = match preferred {
            Some(Notation::Spoken(tongue)) => Some(tongue),
            _ => None,
        };
        speech::read_usual_then_spoken(
            || notation::read(pos, text),
            |tongue| spoken::read(pos, text, tongue),
            |m, tongue| spoken::spoken(pos, &m, tongue),
            first,
        )
    }

    fn spoken(pos: &Board, m: Move, tongue: Tongue) -> String {
        spoken::spoken(pos, &m, tongue)
    }

    fn spoken_position(pos: &Board, tongue: Tongue) -> Vec<String> {
        spoken::position(pos, tongue)
    }

    fn record(_pos: &Board, m: Move) -> MoveRecord {
        let text = notation::write(&m);
        MoveRecord {
            code: MoveCode::parse(&text).expect("a route of at most 13 squares fits a move code"),
            written: text,
        }
    }

    /// The move a recorded route names, built from the route itself: each jump captures the
    /// piece between its squares.
    fn replay(pos: &Board, code: &MoveCode) -> Option<Move> {
        let text = code.as_str();
        let capture = text.contains('x');
        let mut path = Vec::with_capacity(MAX_PATH);
        for part in text.split(if capture { 'x' } else { '-' }) {
            let n: u8 = part.parse().ok()?;
            if !(1..=32).contains(&n) {
                return None;
            }
            path.push(n - 1);
        }
        if path.len() < 2 || path.len() > MAX_PATH || (!capture && path.len() != 2) {
            return None;
        }
        let mut captured = 0u32;
        if capture {
            for pair in path.windows(2) {
                let ((r0, c0), (r1, c1)) = (row_col(pair[0]), row_col(pair[1]));
                if r0.abs_diff(r1) != 2 || c0.abs_diff(c1) != 2 {
                    return None;
                }
                let over = Board::index_of((r0 + r1) / 2, (c0 + c1) / 2)?;
                captured |= 1 << over;
            }
        }
        let from = path[0];
        if pos.pieces(pos.turn) & (1 << from) == 0 {
            return None;
        }
        Some(Move::new(&path, captured, pos.kings & (1 << from) != 0))
    }

    fn play(pos: &mut Board, m: Move) {
        pos.play(&m);
    }

    fn is_irreversible(m: Move) -> bool {
        !m.by_king() || m.is_capture()
    }

    fn repetition_key(pos: &Board) -> u128 {
        u128::from(pos.black)
            | u128::from(pos.white) << 32
            | u128::from(pos.kings) << 64
            | u128::from(pos.turn == Side::White) << 96
    }

    /// A side with no legal move, or no piece, has lost.
    fn ending(pos: &Board, _memo: &()) -> Option<Ending> {
        (!pos.has_move()).then_some(Ending::NoMoves {
            winner: pos.turn.opponent(),
        })
    }

    fn ending_may_take_long(_pos: &Board, _memo: &mut ()) -> bool {
        false
    }

    /// A side with a piece on the board can still win, should the opponent blunder.
    fn winnability(pos: &Board, side: Side) -> Winnability {
        if pos.pieces(side) != 0 {
            Winnability::Winnable
        } else {
            Winnability::Unwinnable
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_move_replays_as_itself() {
        let b = notation::read_position("W:WK26:B14,15,22,23").unwrap();
        for m in b.moves() {
            let record = Checkers::record(&b, m);
            assert_eq!(Checkers::replay(&b, &record.code), Some(m));
            assert_eq!(Checkers::read_code(&b, &record.code), Some(m));
        }
        let start = Board::start();
        for m in start.moves() {
            let record = Checkers::record(&start, m);
            assert_eq!(Checkers::replay(&start, &record.code), Some(m));
        }
        for bad in ["11-16-20", "33-1", "11x15", "1-5", "22-17"] {
            let code = MoveCode::parse(bad).unwrap();
            assert_eq!(Checkers::read_code(&start, &code), None, "{bad}");
        }
    }

    #[test]
    fn a_side_that_cannot_move_has_lost() {
        // White's man on 29 is blocked by Black's men on 25 and 22 behind it.
        let blocked = notation::read_position("W:W29:B25,22").unwrap();
        assert_eq!(
            Checkers::ending(&blocked, &()),
            Some(Ending::NoMoves {
                winner: Side::Black
            })
        );
        assert!(matches!(
            Checkers.set_up("W:W29:B25,22"),
            Err(SetUpError::NotPlayable(Ending::NoMoves { .. }))
        ));
        let none_left = notation::read_position("B:W:B1").unwrap();
        assert!(
            Checkers::ending(&none_left, &()).is_none(),
            "Black moves on"
        );
        let white_none = notation::read_position("W:W:B1").unwrap();
        assert_eq!(
            Checkers::ending(&white_none, &()),
            Some(Ending::NoMoves {
                winner: Side::Black
            })
        );
    }

    #[test]
    fn only_a_kings_quiet_move_keeps_the_forty_move_count() {
        let mut b = notation::read_position("B:WK30,21:BK3,9").unwrap();
        b.quiet_plies = 7;
        let king_step = notation::read(&b, "3-7").unwrap();
        assert!(!Checkers::is_irreversible(king_step));
        let mut after = b;
        after.play(&king_step);
        assert_eq!(after.quiet_plies, 8);
        let man_step = notation::read(&b, "9-13").unwrap();
        assert!(Checkers::is_irreversible(man_step));
        let mut after = b;
        after.play(&man_step);
        assert_eq!(after.quiet_plies, 0);
    }
}
