//! Chess, behind the seam the game core talks through. This module (and, in the service, only
//! chess's page and mail adapter) knows shakmaty and chasolver; the game core asks it to read a
//! move, play it, and judge the position.
//! Checkers sits beside it, answering the same questions; every other game will too.

pub mod fuzzing;
#[cfg(test)]
mod judging_tests;
mod mating_line;
pub mod notation;
mod rules;

pub use mating_line::MateMemo;
pub use rules::Chess;

/// Why a FEN cannot start a game.
pub use crate::game::rules::SetUpError as FenError;
pub use crate::game::rules::{Ending, Verdict, Winnability};

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::zobrist::Zobrist128;
use shakmaty::{
    CastlingMode, CastlingSide, Chess as ChessPosition, Color, EnPassantMode, Move, Position,
    PositionError, PositionErrorKinds, Role,
};

pub use notation::{
    read_move, write_move, write_pgn_san, LetterSet, MoveStyle, MoveText, MoveTextError, Notation,
    ParseUciError, ReadError, Uci,
};

/// A position given as FEN that is a legal, playable starting point for a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartFen {
    text: String,
    position: ChessPosition,
}

impl StartFen {
    /// The longest FEN accepted (a real FEN is under 100 characters).
    pub const MAX_LEN: usize = 128;

    /// Parses a FEN of a legal position in which the game can go on: not checkmate, not
    /// stalemate, and not dead by the whole of 5.2.2 ([`dead_position_verdict`], whose search
    /// may take up to a few seconds on rare positions). Where the search stops at its bound, the
    /// position is taken.
    pub fn parse(text: &str) -> Result<StartFen, FenError> {
        Self::parse_judged_by(text, |pos| {
            ending_of(pos).or_else(|| {
                (dead_position_verdict(pos, &MateMemo::default()) == Verdict::Dead)
                    .then_some(Ending::DeadPosition)
            })
        })
    }

    /// As [`StartFen::parse`], with the per-move test only (the fuzz target, which leaves the
    /// search to chasolver's corpus).
    pub(crate) fn parse_judged_by(
        text: &str,
        ending: impl FnOnce(&ChessPosition) -> Option<Ending>,
    ) -> Result<StartFen, FenError> {
        let text = text.trim();
        if text.len() > Self::MAX_LEN {
            return Err(FenError::Invalid("fen-too-long"));
        }
        let fen: Fen = text
            .parse()
            .map_err(|e| FenError::Invalid(fen_problem(e)))?;
        let position: ChessPosition = fen.into_position(CastlingMode::Standard).map_err(
            |e: PositionError<ChessPosition>| FenError::Invalid(position_problem(e.kinds())),
        )?;
        if let Some(ending) = ending(&position) {
            return Err(FenError::NotPlayable(ending));
        }
        let text = fen_of(&position);
        Ok(StartFen { text, position })
    }

    /// The FEN in its normal form (legal en passant squares only).
    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn position(&self) -> &ChessPosition {
        &self.position
    }
}

/// Every reason [`StartFen::parse`] gives for an invalid FEN, as message keys.
pub const FEN_PROBLEMS: [&str; 15] = [
    "fen-too-long",
    "fen-not-fen",
    "fen-board",
    "fen-turn",
    "fen-castling-field",
    "fen-ep-field",
    "fen-clocks",
    "fen-empty-board",
    "fen-missing-king",
    "fen-too-many-kings",
    "fen-pawns-on-back-rank",
    "fen-castling-rights",
    "fen-ep-square",
    "fen-opposite-check",
    "fen-impossible",
];

/// Which field of the text is wrong.
fn fen_problem(e: ParseFenError) -> &'static str {
    match e {
        ParseFenError::InvalidBoard => "fen-board",
        ParseFenError::InvalidTurn => "fen-turn",
        ParseFenError::InvalidCastling => "fen-castling-field",
        ParseFenError::InvalidEpSquare => "fen-ep-field",
        ParseFenError::InvalidHalfmoveClock | ParseFenError::InvalidFullmoves => "fen-clocks",
        _ => "fen-not-fen",
    }
}

/// Why a well-formed FEN is no legal position: the first reason, most basic first.
fn position_problem(kinds: PositionErrorKinds) -> &'static str {
    [
        (PositionErrorKinds::EMPTY_BOARD, "fen-empty-board"),
        (PositionErrorKinds::MISSING_KING, "fen-missing-king"),
        (PositionErrorKinds::TOO_MANY_KINGS, "fen-too-many-kings"),
        (
            PositionErrorKinds::PAWNS_ON_BACKRANK,
            "fen-pawns-on-back-rank",
        ),
        (
            PositionErrorKinds::INVALID_CASTLING_RIGHTS,
            "fen-castling-rights",
        ),
        (PositionErrorKinds::INVALID_EP_SQUARE, "fen-ep-square"),
        (PositionErrorKinds::OPPOSITE_CHECK, "fen-opposite-check"),
    ]
    .into_iter()
    .find(|(kind, _)| kinds.contains(*kind))
    // An impossible check, too much material: no game could have reached it.
    .map_or("fen-impossible", |(_, key)| key)
}

/// FEN of a position, naming an en passant square only where the capture is legal.
pub fn fen_of(pos: &ChessPosition) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The position read back from a FEN this crate wrote (stored logs); `None` if it is not one.
pub fn position_from_stored_fen(text: &str) -> Option<ChessPosition> {
    text.parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()
}

/// FIDE's identity of a position for repetition (9.2.3): side to move, placement, castling
/// rights, and en passant only where the capture is legal. A 128-bit Zobrist key: a collision
/// among a game's few hundred positions is not a practical possibility.
pub fn repetition_key(pos: &ChessPosition) -> u128 {
    let key: Zobrist128 = pos.zobrist_hash(EnPassantMode::Legal);
    key.0
}

/// Checkmate and stalemate, and the dead positions chasolver's fast check proves (Art. 5.1.1,
/// 5.2.1, 5.2.2). A dead position chasolver cannot prove lets the game go on.
pub fn ending_of(pos: &ChessPosition) -> Option<Ending> {
    ending_of_remembering(pos, &MateMemo::default())
}

/// As [`ending_of`], carrying a game's last mating line over instead of searching again where it
/// can (the same answer, sooner: see [`MateMemo`]).
pub fn ending_of_remembering(pos: &ChessPosition, memo: &MateMemo) -> Option<Ending> {
    if pos.legal_moves().is_empty() {
        return Some(if pos.is_check() {
            Ending::Checkmate {
                winner: (!pos.turn()).into(),
            }
        } else {
            Ending::Stalemate
        });
    }
    if is_dead_position_remembering(pos, memo) {
        return Some(Ending::DeadPosition);
    }
    None
}

/// chasolver's board of a position, built square by square (as the FEN this crate writes would
/// give it, without writing and reading one on every move's judgement).
fn to_chess_board(pos: &ChessPosition) -> Option<chess::Board> {
    let mut builder = chess::BoardBuilder::new();
    for (square, piece) in pos.board().clone() {
        builder.piece(
            chess::ALL_SQUARES[usize::from(square)],
            to_chess_piece(piece.role),
            to_chess_color(piece.color),
        );
    }
    let castles = pos.castles();
    let rights = |side: Color| {
        let king = castles.has(side, CastlingSide::KingSide);
        let queen = castles.has(side, CastlingSide::QueenSide);
        match (king, queen) {
            (true, true) => chess::CastleRights::Both,
            (true, false) => chess::CastleRights::KingSide,
            (false, true) => chess::CastleRights::QueenSide,
            (false, false) => chess::CastleRights::NoRights,
        }
    };
    builder
        .side_to_move(to_chess_color(pos.turn()))
        .castle_rights(chess::Color::White, rights(Color::White))
        .castle_rights(chess::Color::Black, rights(Color::Black))
        .en_passant(
            pos.ep_square(EnPassantMode::Legal)
                .map(|sq| chess::ALL_FILES[usize::from(sq.file())]),
        );
    chess::Board::try_from(&builder).ok()
}

/// Whether [`to_chess_board`] gives the board that the position's FEN, parsed by the `chess`
/// crate, gives (the way it was built before): checked by the tests and the `fen` fuzz target.
pub(crate) fn direct_board_matches_fen(pos: &ChessPosition) -> bool {
    to_chess_board(pos) == fen_of(pos).parse::<chess::Board>().ok()
}

fn to_chess_piece(role: Role) -> chess::Piece {
    match role {
        Role::Pawn => chess::Piece::Pawn,
        Role::Knight => chess::Piece::Knight,
        Role::Bishop => chess::Piece::Bishop,
        Role::Rook => chess::Piece::Rook,
        Role::Queen => chess::Piece::Queen,
        Role::King => chess::Piece::King,
    }
}

fn to_chess_color(c: Color) -> chess::Color {
    match c {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

/// Is this a dead position: can neither side checkmate by any series of legal moves
/// (5.2.2; 5.2b in 2005)?
///
/// chasolver's fast check runs after every move. Its full search runs where the answer is still
/// open and could be "dead": where the fast check proved one side unable to mate (the result hangs
/// on the other side), or in a queenless endgame ([`full_search_applies`]). Elsewhere, and where
/// the full search cannot decide within its limit, the position is not called dead and the game
/// goes on. Never is a position where either side can still mate called dead.
pub fn is_dead_position(pos: &ChessPosition) -> bool {
    is_dead_position_remembering(pos, &MateMemo::default())
}

/// Dead only if every side searched is proven unable to mate; a mating line carried over from the
/// last position, or one the search finds, shows it is not (and is remembered for the next).
///
/// The carried line is tried before chasolver's fast check: a series of legal moves ending in
/// checkmate, played through, shows the position is not dead whatever the fast check would say (it
/// only ever proves a side unable to mate, so it could never have called this position dead), and
/// half the positions of a sparse endgame are settled by the line alone.
fn is_dead_position_remembering(pos: &ChessPosition, memo: &MateMemo) -> bool {
    let board = match before_the_fast_check(pos, |board| memo.carries_to(board)) {
        Ok(dead) => return dead,
        Err(board) => board,
    };
    match fast_check(pos, &board) {
        FastCheck::Settled(dead) => dead,
        FastCheck::Search(sides) => {
            sides
                .iter()
                .all(|&side| match search(&board, to_chess_color(side)) {
                    Some(chasolver::Winnability::Winnable { helpmate }) => {
                        memo.remember(board, helpmate);
                        false
                    }
                    Some(chasolver::Winnability::Unwinnable) => true,
                    None => false,
                })
        }
    }
}

/// Could the dead-position test, remembering `memo`'s line, run chasolver's full search on `pos`?
/// Cheap: the remembered line is first carried to `pos` (as the test would carry it; the test then
/// finds it there and does not search); failing that, every position [`full_search_applies`] to is
/// answered yes without the fast check, and elsewhere the fast check decides, as in the test.
/// Never no where the test searches. It takes the memo mutably: a memo another thread could change
/// between this answer and the test could make the answer wrong (each clone of a game's state has
/// its own).
pub fn dead_position_test_may_search(pos: &ChessPosition, memo: &mut MateMemo) -> bool {
    match before_the_fast_check(pos, |board| memo.carry_to(board)) {
        Ok(_) => false,
        Err(board) => {
            full_search_applies(pos) || matches!(fast_check(pos, &board), FastCheck::Search(_))
        }
    }
}

/// The steps of the dead-position test before chasolver's fast check, shared by the test and by
/// [`dead_position_test_may_search`] so that the two take them in the same order: shakmaty's
/// material test (dead), a position chasolver's board cannot hold (not called dead), then the
/// remembered line, carried by `carry` (not dead). `Ok` with the answer where one of them settles
/// it, else `Err` with chasolver's board for the fast check.
fn before_the_fast_check(
    pos: &ChessPosition,
    carry: impl FnOnce(&chess::Board) -> bool,
) -> Result<bool, chess::Board> {
    if pos.is_insufficient_material() {
        return Ok(true);
    }
    let Some(board) = to_chess_board(pos) else {
        return Ok(false);
    };
    if carry(&board) {
        return Ok(false);
    }
    Err(board)
}

/// The whole of 5.2.2: is `pos` dead? chasolver's full search runs wherever the fast check does
/// not settle it, middlegames too (where the per-move test lets the game go on unsearched). The
/// memo's line is tried first; a line the search finds is remembered, and so is a position that
/// goes on. `Unknown` where the search stops at its bound (chasolver's own node limit, about 16
/// million positions) before an answer.
pub fn dead_position_verdict(pos: &ChessPosition, memo: &MateMemo) -> Verdict {
    let board = match before_the_fast_check(pos, |board| memo.carries_to(board)) {
        Ok(true) => return Verdict::Dead,
        Ok(false) => return Verdict::GoesOn,
        Err(board) => board,
    };
    let sides = match fast_check(pos, &board) {
        FastCheck::Settled(true) => return Verdict::Dead,
        FastCheck::Settled(false) => richer_first(pos),
        FastCheck::Search(sides) => sides,
    };
    let mut verdict = Verdict::Dead;
    for &side in sides {
        match search(&board, to_chess_color(side)) {
            Some(chasolver::Winnability::Winnable { helpmate }) => {
                memo.remember(board, helpmate);
                verdict = Verdict::GoesOn;
                break;
            }
            Some(chasolver::Winnability::Unwinnable) => {}
            None => verdict = Verdict::Unknown,
        }
    }
    if verdict != Verdict::Dead {
        memo.settled(board);
    }
    verdict
}

/// Does `pos` still wait for [`dead_position_verdict`]: no line in the memo starts from it, and
/// the memo has not seen it settled? A game's position is not waiting where the per-move test
/// searched it or carried a line to it; it is where the fast check let the game go on unsearched.
/// Cheap: no search, no fast check.
pub fn dead_position_verdict_pending(pos: &ChessPosition, memo: &MateMemo) -> bool {
    match before_the_fast_check(pos, |_| false) {
        // Dead already (the game would have ended): the verdict says so.
        Ok(true) => true,
        // A position chasolver's board cannot hold is never called dead.
        Ok(false) => false,
        Err(board) => !memo.knows_goes_on(&board),
    }
}

/// Would [`is_dead_position`] run chasolver's full search on `pos` (microseconds usually, up to
/// about a second on rare composed positions)? The fuzz targets skip those positions: the search
/// is measured on chasolver's corpus instead (`cargo bench --bench flag_fall`).
pub fn dead_position_needs_full_search(pos: &ChessPosition) -> bool {
    !pos.is_insufficient_material()
        && to_chess_board(pos)
            .is_some_and(|board| matches!(fast_check(pos, &board), FastCheck::Search(_)))
}

/// The cheap part of the dead-position test, after shakmaty's material test: settled, or the
/// sides whose full search decides.
enum FastCheck {
    Settled(bool),
    Search(&'static [Color]),
}

fn fast_check(pos: &ChessPosition, board: &chess::Board) -> FastCheck {
    let white_cannot = chasolver::is_unwinnable_fast(board, chess::Color::White);
    let black_cannot = chasolver::is_unwinnable_fast(board, chess::Color::Black);
    match (white_cannot, black_cannot) {
        (true, true) => FastCheck::Settled(true),
        (false, false) if full_search_applies(pos) => FastCheck::Search(richer_first(pos)),
        (false, false) => FastCheck::Settled(false),
        (true, false) => FastCheck::Search(&[Color::Black]),
        (false, true) => FastCheck::Search(&[Color::White]),
    }
}

/// Both sides, the one with more material first (by the usual 1-3-3-5 count; White on a tie).
/// Either side able to mate settles that the position is not dead, so the order never changes the
/// answer, only how soon it comes: the side with more material usually has the shorter helpmate
/// to find (D4).
fn richer_first(pos: &ChessPosition) -> &'static [Color] {
    let worth = |side: Color| {
        let m = pos.board().material_side(side);
        u32::from(m.pawn) + 3 * u32::from(m.knight + m.bishop) + 5 * u32::from(m.rook)
    };
    if worth(Color::Black) > worth(Color::White) {
        &[Color::Black, Color::White]
    } else {
        &[Color::White, Color::Black]
    }
}

/// Where the per-move dead-position test runs chasolver's full search although the fast check
/// proved nothing: no queens and at most six pieces besides kings and pawns. Dead positions the
/// fast check misses are locked-pawn endgames of this kind; in a middlegame the full search would
/// cost tens of microseconds on every move to find what is practically never there (D4).
pub fn full_search_applies(pos: &ChessPosition) -> bool {
    let board = pos.board();
    board.queens().is_empty() && (board.occupied() & !board.pawns() & !board.kings()).count() <= 6
}

/// chasolver's full search, the one call here whose time is not bounded by microseconds (up to
/// about a second on rare positions). Tests count the calls on their thread.
fn search(board: &chess::Board, side: chess::Color) -> Option<chasolver::Winnability> {
    #[cfg(test)]
    SEARCHES.with(|n| n.set(n.get() + 1));
    chasolver::winnability(board, side)
}

#[cfg(test)]
thread_local! {
    /// chasolver's full searches run on this thread so far.
    pub(crate) static SEARCHES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn full_search(board: &chess::Board, side: Color) -> Winnability {
    match search(board, to_chess_color(side)) {
        Some(chasolver::Winnability::Winnable { .. }) => Winnability::Winnable,
        Some(chasolver::Winnability::Unwinnable) => Winnability::Unwinnable,
        None => Winnability::Unknown,
    }
}

/// chasolver's full search: can `side` checkmate by any series of legal moves (Art. 6.9, 5.2.2)?
/// It takes microseconds on nearly every position and up to about a second on rare ones; callers
/// that serve requests run it off the request path.
pub fn winnability(pos: &ChessPosition, side: Color) -> Winnability {
    if !pos.has_insufficient_material(side) {
        // Quick exits first: the fast check proves unwinnability cheaply.
        let Some(board) = to_chess_board(pos) else {
            return Winnability::Unknown;
        };
        if chasolver::is_unwinnable_fast(&board, to_chess_color(side)) {
            return Winnability::Unwinnable;
        }
        return full_search(&board, side);
    }
    Winnability::Unwinnable
}

/// Every legal move in `pos` (Art. 3): what a board offers a player, and what perft counts.
pub fn legal_moves(pos: &ChessPosition) -> Vec<Move> {
    pos.legal_moves().into_iter().collect()
}

/// Is this move a capture or pawn move, after which no earlier position can recur (9.3)?
pub fn is_irreversible(m: Move) -> bool {
    m.is_zeroing()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_with_more_material_is_searched_first() {
        let pos = |fen: &str| -> ChessPosition {
            fen.parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap()
        };
        let rook_against_knight = pos("4k3/8/8/8/8/8/3r4/4K1N1 w - - 0 1");
        assert_eq!(
            richer_first(&rook_against_knight),
            [Color::Black, Color::White]
        );
        let knight_and_pawns = pos("4k3/p7/8/8/8/8/PP6/4K1N1 b - - 0 1");
        assert_eq!(
            richer_first(&knight_and_pawns),
            [Color::White, Color::Black]
        );
        let even = pos("4k1n1/8/8/8/8/8/8/4K1N1 b - - 0 1");
        assert_eq!(richer_first(&even), [Color::White, Color::Black]);
    }

    #[test]
    fn start_fen_accepts_legal_playable_positions() {
        let f =
            StartFen::parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
        assert_eq!(
            f.as_str(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "the en passant square is kept only where the capture is legal"
        );
    }

    #[test]
    fn start_fen_rejects_illegal_positions() {
        for (bad, why) in [
            ("", "fen-not-fen"),
            ("hello", "fen-board"),
            ("8/8/8/8/8/8/8/8 w - - 0 1", "fen-empty-board"),
            ("4k3/8/8/8/8/8/8/8 w - - 0 1", "fen-missing-king"),
            ("kk6/8/8/8/8/8/8/7K w - - 0 1", "fen-too-many-kings"),
            ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "fen-pawns-on-back-rank"),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "fen-castling-rights"),
            ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "fen-ep-square"),
            ("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", "fen-opposite-check"),
            // Checked three times at once: no move gives that check.
            ("R3k3/8/8/7B/8/8/4R3/4K3 b - - 0 1", "fen-impossible"),
            ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "fen-turn"),
            ("4k3/8/8/8/8/8/8/4K3 w X - 0 1", "fen-castling-field"),
            ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "fen-ep-field"),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1", "fen-clocks"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "fen-not-fen"),
            (&format!("{} w - - 0 1", "8/".repeat(60)), "fen-too-long"),
        ] {
            assert_eq!(StartFen::parse(bad), Err(FenError::Invalid(why)), "{bad}");
            assert!(FEN_PROBLEMS.contains(&why));
        }
        assert!(StartFen::parse("4k3/8/8/8/8/8/8/4K2R b - - 0 1").is_ok());
    }

    #[test]
    fn start_fen_rejects_positions_already_over() {
        let cases = [
            // Fool's mate: white is mated.
            (
                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                Ending::Checkmate {
                    winner: crate::game::Side::Black,
                },
            ),
            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Ending::Stalemate),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Ending::DeadPosition),
            ("4k3/8/8/8/8/8/8/3BK3 w - - 0 1", Ending::DeadPosition),
            // A locked pawn wall with bishops that cannot break it: no material count sees this.
            (
                "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1",
                Ending::DeadPosition,
            ),
        ];
        for (fen, ending) in cases {
            assert_eq!(
                StartFen::parse(fen),
                Err(FenError::NotPlayable(ending)),
                "{fen}"
            );
        }
    }

    #[test]
    fn winnability_by_side() {
        let p = |fen: &str| StartFen::parse(fen).unwrap().position().clone();
        // King and knight against king and pawns: the knight's side can still mate.
        let kn_vs_kp = p("8/8/8/8/8/2k5/pp6/K1N5 w - - 0 1");
        assert_eq!(winnability(&kn_vs_kp, Color::White), Winnability::Winnable);
        // A lone king never mates.
        let lone = p("8/8/8/8/4k3/8/4P3/4K3 w - - 0 1");
        assert_eq!(winnability(&lone, Color::Black), Winnability::Unwinnable);
        assert_eq!(winnability(&lone, Color::White), Winnability::Winnable);
        // chasolver's README example: black cannot mate, white can.
        let wall = p("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1");
        assert_eq!(winnability(&wall, Color::Black), Winnability::Unwinnable);
        assert_eq!(winnability(&wall, Color::White), Winnability::Winnable);
    }

    #[test]
    fn the_direct_board_is_the_one_its_fen_gives() {
        let p = |fen: &str| StartFen::parse(fen).unwrap().position().clone();
        let cases = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // En passant that can be taken; one that no pawn stands beside; one whose capture
            // would leave the king in check along the rank (the board holds no such square).
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2",
            // Every mix of castling rights.
            "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
            "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1",
        ];
        for fen in cases {
            let pos = p(fen);
            assert!(to_chess_board(&pos).is_some(), "{fen}");
            assert!(direct_board_matches_fen(&pos), "{fen}");
        }
    }

    proptest::proptest! {
        #[test]
        fn the_direct_board_matches_its_fen_along_random_games(
            picks in proptest::collection::vec(proptest::num::u16::ANY, 0..160)
        ) {
            let mut pos: ChessPosition = Default::default();
            for pick in picks {
                proptest::prop_assert!(direct_board_matches_fen(&pos), "{}", fen_of(&pos));
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[usize::from(pick) % moves.len()];
                pos.play_unchecked(m);
            }
        }
    }

    #[test]
    fn repetition_key_follows_fide_identity() {
        let p = |fen: &str| StartFen::parse(fen).unwrap().position().clone();
        let with_rights = p("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let without = p("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
        assert_ne!(repetition_key(&with_rights), repetition_key(&without));
        let black_to_move = p("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        assert_ne!(repetition_key(&with_rights), repetition_key(&black_to_move));
        // Counters do not matter.
        let later = p("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30");
        assert_eq!(repetition_key(&with_rights), repetition_key(&later));
    }
}
