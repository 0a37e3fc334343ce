//! Dama behind the game core's seam: the [`Rules`] the core asks, answered from the board in
//! [`super::board`] and the notation in [`super::notation`].

use super::board::{squares_of, Board, Move};
use super::notation;
use super::spoken;
use crate::game::speech;
use crate::game::spoken::Tongue;
use crate::game::{
    ClaimKind, DrawRules, Ending, MoveCode, MoveRecord, MoveText, ReadError, RecordFormat, RuleSet,
    Rules, SetUpError, Side, Termination, Winnability,
};

/// Turkish draughts, by the rules of the Turkish Dama Federation (TÜDAF).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Dama;

/// The Turkish Dama Federation's rules, the one rule set dama is played by here.
pub const TUDAF: RuleSet = RuleSet::named("tudaf");

/// How a dama move is written: squares a1–h8, or spoken in words ([`super::spoken`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    Squares,
    Spoken(Tongue),
}

impl Notation {
    /// Every notation, the standard one first.
    pub const ALL: [Notation; 4] = [
        Notation::Squares,
        Notation::Spoken(Tongue::German),
        Notation::Spoken(Tongue::Turkish),
        Notation::Spoken(Tongue::English),
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Notation::Squares => "dama",
            Notation::Spoken(tongue) => speech::notation_name(tongue),
        }
    }
}

/// Half-moves without a man's move or a capture after which a draw may be claimed: 25 moves
/// by each player.
pub const NO_PROGRESS_PLIES: u32 = 50;

/// Mixed into a position's identity when Black is to move.
const BLACK_TO_MOVE: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834;

impl Rules for Dama {
    type Position = Board;
    type Move = Move;
    type Notation = Notation;
    type Memo = ();

    fn named(name: &str) -> Option<Dama> {
        (name == "dama").then_some(Dama)
    }

    fn name(self) -> &'static str {
        "dama"
    }

    fn rule_sets(self) -> &'static [RuleSet] {
        &[TUDAF]
    }

    /// Threefold repetition by claim, and a claim after twenty-five moves by each player
    /// without a man's move or a capture (TÜDAF leaves long games to the arbiter; the service
    /// has none at the board, so it counts as draughts' 25-move rule does). Games left
    /// unattended end by themselves at the fifth occurrence of a position, or after fifty moves
    /// each without progress.
    fn draws(self, _rule_set: RuleSet) -> DrawRules {
        DrawRules {
            threefold_claim: true,
            no_progress_claim: Some((ClaimKind::NoProgress, NO_PROGRESS_PLIES)),
            automatic_repetition: Some(5),
            automatic_no_progress: Some((2 * NO_PROGRESS_PLIES, Termination::NoProgress)),
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

    /// PDN with `GameType "30"`, Turkish draughts.
    fn record_format(self) -> RecordFormat {
        RecordFormat {
            game_type: Some("30"),
            set_up_tag: false,
            own: None,
        }
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

    fn count_moves(pos: &Board) -> u64 {
        super::board::count_moves(&pos.inner, &mut Vec::new())
    }

    fn set_up_text(pos: &Board) -> String {
        notation::write_position(pos)
    }

    fn turn(pos: &Board) -> Side {
        pos.turn()
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

    fn record(pos: &Board, m: Move) -> MoveRecord {
        let route = pos.route(&m);
        MoveRecord {
            code: MoveCode::parse(&notation::code(&route))
                .expect("seventeen squares and a mark fit a move code"),
            written: notation::write(&route),
        }
    }

    /// The move a recorded route names: the legal move it reads as (a log's moves were legal).
    fn replay(pos: &Board, code: &MoveCode) -> Option<Move> {
        notation::read(pos, code.as_str()).ok()
    }

    fn play(pos: &mut Board, m: Move) {
        pos.play(&m);
    }

    fn is_irreversible(m: Move) -> bool {
        m.is_irreversible()
    }

    /// Which squares hold a piece, and for each in order its side and whether it is a king.
    fn repetition_key(pos: &Board) -> u128 {
        let occupied = pos.pieces(Side::White) | pos.pieces(Side::Black);
        let (mut black, mut kings) = (0u128, 0u128);
        for (i, square) in squares_of(occupied).enumerate() {
            let b = 1u64 << square;
            black |= u128::from(pos.pieces(Side::Black) & b != 0) << i;
            kings |= u128::from(pos.kings() & b != 0) << i;
        }
        let key = u128::from(occupied) | black << 64 | kings << 96;
        match pos.turn() {
            Side::White => key,
            Side::Black => key ^ BLACK_TO_MOVE,
        }
    }

    /// A side with no legal move, or no piece, has lost; one piece against one is a draw.
    fn ending(pos: &Board, _memo: &()) -> Option<Ending> {
        if pos.pieces(Side::White).count_ones() == 1 && pos.pieces(Side::Black).count_ones() == 1 {
            return Some(Ending::OnePieceEach);
        }
        (!pos.has_move()).then_some(Ending::NoMoves {
            winner: pos.turn().opponent(),
        })
    }

    fn ending_may_take_long(_pos: &Board, _memo: &mut ()) -> bool {
        false
    }

    /// A side with a piece can still win, should the opponent blunder; with one piece each,
    /// neither can.
    fn winnability(pos: &Board, side: Side) -> Winnability {
        let one_each =
            pos.pieces(Side::White).count_ones() == 1 && pos.pieces(Side::Black).count_ones() == 1;
        if pos.pieces(side) != 0 && !one_each {
            Winnability::Winnable
        } else {
            Winnability::Unwinnable
        }
    }
}
