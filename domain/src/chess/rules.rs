//! Chess behind the game core's seam: the [`Rules`] the core asks, answered with shakmaty
//! (moves, FEN, repetition identity) and chasolver (can a side still checkmate).

use crate::game::spoken::Tongue;
use shakmaty::{Chess as ChessPosition, Color, Move, Position};

use super::notation::{self, MoveText, Notation, ReadError, Uci};
use super::{MateMemo, StartFen};
use crate::game::{
    ClaimKind, DrawRules, Ending, Features, MoveCode, MoveRecord, RuleSet, Rules, SetUpError, Side,
    Termination, Verdict, Winnability,
};

/// The game of chess, by the FIDE Laws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Chess;

impl Rules for Chess {
    type Position = shakmaty::Chess;
    type Move = Move;
    type Notation = Notation;
    type Memo = MateMemo;

    fn named(name: &str) -> Option<Chess> {
        (name == "chess").then_some(Chess)
    }

    fn name(self) -> &'static str {
        "chess"
    }

    fn features(self) -> Features {
        Features {
            tablebases: true,
            ..Features::BOARD_GAME
        }
    }

    fn rule_sets(self) -> &'static [RuleSet] {
        &[RuleSet::FIDE_2023, RuleSet::FIDE_2005]
    }

    /// 9.2 and 9.3 by claim; 9.6 by itself in the 2023 Laws only. A wrong claim gives the
    /// opponent two minutes (2023) or three (2005), 9.5.
    fn draws(self, rule_set: RuleSet) -> DrawRules {
        let since_2023 = rule_set != RuleSet::FIDE_2005;
        DrawRules {
            threefold_claim: true,
            no_progress_claim: Some((ClaimKind::FiftyMoves, 100)),
            automatic_repetition: since_2023.then_some(5),
            automatic_no_progress: since_2023.then_some((150, Termination::SeventyfiveMoves)),
            wrong_claim_bonus_seconds: if since_2023 { 120 } else { 180 },
        }
    }

    fn notation_named(self, name: &str) -> Option<Notation> {
        Notation::parse(name)
    }

    fn notations(self) -> Vec<Notation> {
        Notation::ALL.to_vec()
    }

    fn notation_name(notation: Notation) -> &'static str {
        notation.as_str()
    }

    fn set_up_problems(self) -> &'static [&'static str] {
        &super::FEN_PROBLEMS
    }

    fn position_is_fen(self) -> bool {
        true
    }

    fn start(self) -> ChessPosition {
        ChessPosition::default()
    }

    fn set_up(self, text: &str) -> Result<(ChessPosition, String), SetUpError> {
        let start = StartFen::parse(text)?;
        Ok((start.position().clone(), start.as_str().to_owned()))
    }

    fn stored_set_up(self, text: &str) -> Option<ChessPosition> {
        super::position_from_stored_fen(text)
    }

    fn legal_moves(pos: &ChessPosition) -> Vec<Move> {
        pos.legal_moves().into_iter().collect()
    }

    fn set_up_text(pos: &ChessPosition) -> String {
        super::fen_of(pos)
    }

    fn turn(pos: &ChessPosition) -> Side {
        pos.turn().into()
    }

    fn move_number(pos: &ChessPosition) -> u32 {
        pos.fullmoves().get()
    }

    fn halfmove_clock(pos: &ChessPosition) -> u32 {
        pos.halfmoves()
    }

    fn read_move(
        pos: &ChessPosition,
        text: &MoveText,
        notation: Option<Notation>,
        preferred: Option<Notation>,
    ) -> Result<Move, ReadError> {
        notation::read_move(pos, text, notation, preferred)
    }

    fn spoken(pos: &ChessPosition, m: Move, tongue: Tongue) -> String {
        notation::write_spoken(pos, m, tongue)
    }

    fn spoken_position(pos: &ChessPosition, tongue: Tongue) -> Vec<String> {
        notation::spoken_position(pos, tongue)
    }

    fn record(pos: &ChessPosition, m: Move) -> MoveRecord {
        MoveRecord {
            code: Uci::of(m).code(),
            written: notation::write_pgn_san(pos, m),
        }
    }

    fn replay(pos: &ChessPosition, code: &MoveCode) -> Option<Move> {
        Uci::parse(code.as_str()).ok()?.to_move_unchecked(pos)
    }

    fn read_code(pos: &ChessPosition, code: &MoveCode) -> Option<Move> {
        let m = Uci::parse(code.as_str()).ok()?.to_move_unchecked(pos)?;
        pos.is_legal(m).then_some(m)
    }

    fn play(pos: &mut ChessPosition, m: Move) {
        pos.play_unchecked(m);
    }

    fn is_irreversible(m: Move) -> bool {
        super::is_irreversible(m)
    }

    fn repetition_key(pos: &ChessPosition) -> u128 {
        super::repetition_key(pos)
    }

    fn ending(pos: &ChessPosition, memo: &MateMemo) -> Option<Ending> {
        super::ending_of_remembering(pos, memo)
    }

    fn ending_may_take_long(pos: &ChessPosition, memo: &mut MateMemo) -> bool {
        super::dead_position_test_may_search(pos, memo)
    }

    fn winnability(pos: &ChessPosition, side: Side) -> Winnability {
        super::winnability(pos, side.into())
    }

    fn verdict_pending(pos: &ChessPosition, memo: &MateMemo) -> bool {
        super::dead_position_verdict_pending(pos, memo)
    }

    fn verdict(pos: &ChessPosition, memo: &MateMemo) -> Verdict {
        super::dead_position_verdict(pos, memo)
    }
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}
