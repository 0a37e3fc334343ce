//! A mating line remembered from one judgement to the next.
//!
//! In sparse endgames the dead-position test (5.2.2) runs chasolver's full search after every
//! move, and the answer is nearly always "a mate is still possible": chasolver proves it with a
//! helpmate, a line of legal moves ending in checkmate. The next position is one move on, and a
//! line from it can usually be made from the last one: the rest of the line if its own first move
//! was played; if one of its later moves for the same side was played early (a pawn on its way to
//! promote, say), the line without it, the other side's moves before it each played before the
//! move it answered; if a quiet piece move was played instead, a tempo move of the side now to move,
//! that piece's move back, the tempo move undone, then the old line. A carried line is only
//! believed once proven, so it proves exactly what the search would have proved: played through,
//! move by move, to checkmate, or, where the detour comes back to the very position the old line
//! starts from, by the old line's own proof (every remembered line mates from its start). Where no
//! line carries over, the search runs as before.
//!
//! [`MateMemo`] is a cache: it never changes an answer, only how soon it is found.

use std::sync::Mutex;

use chess::{BitBoard, Board, BoardStatus, ChessMove, MoveGen, Piece};

/// Longer carried lines are dropped (the search finds a short one again). Each detour adds three
/// moves, so a short bound drops lines that still carry; a line this long is still far cheaper to
/// play through than a search (D34).
const MAX_LINE: usize = 512;
/// Tempo moves tried when carrying a line past a quiet move.
const TEMPOS: usize = 8;

/// The last mating line found or carried in a game, and the last position the whole
/// dead-position test ([`super::dead_position_verdict`]) let go on. Each copy of a game's state
/// has its own (a clone copies both): what one request's judging does to it cannot change
/// another's, so a server can carry the line forward on its own copy before judging a move and
/// know the test will find it there ([`super::dead_position_test_may_search`]).
#[derive(Default)]
pub struct MateMemo(Mutex<Memo>);

#[derive(Clone, Default)]
struct Memo {
    line: Option<MatingLine>,
    /// A board the whole test found not dead (a line may have been carried past it since, or the
    /// search stopped at its bound).
    settled: Option<Board>,
}

impl Clone for MateMemo {
    /// A copy (empty if the memo is in use elsewhere this very moment: it is a cache).
    fn clone(&self) -> MateMemo {
        MateMemo(Mutex::new(
            self.0
                .try_lock()
                .map(|memo| memo.clone())
                .unwrap_or_default(),
        ))
    }
}

/// Legal moves from `from` that end in checkmate (by either side). Every line in a memo is one:
/// it is stored only once proven (see [`MateMemo::remember`] and [`MatingLine::carried_to`]).
#[derive(Clone, Debug)]
struct MatingLine {
    from: Board,
    moves: Vec<ChessMove>,
}

impl MateMemo {
    /// Can a mating line from `board` be made from the remembered one? If so it is remembered
    /// in its place; if not, it is forgotten (it starts one move before `board`, so it could not
    /// start one move before the next position either). A line already from `board` (carried
    /// there by [`MateMemo::carry_to`]) is kept.
    pub(super) fn carries_to(&self, board: &Board) -> bool {
        // Never wait: a memo in use elsewhere is simply not consulted.
        let Ok(mut memo) = self.0.try_lock() else {
            return false;
        };
        carry(&mut memo.line, board)
    }

    /// As [`MateMemo::carries_to`], on a memo no one else can be using.
    pub(super) fn carry_to(&mut self, board: &Board) -> bool {
        match self.0.get_mut() {
            Ok(memo) => carry(&mut memo.line, board),
            Err(_) => false,
        }
    }

    /// Is `board` known not to be dead: the whole test settled it, or a line starts from it
    /// (then it counts as settled too, so that carrying the line on to the next position, as
    /// judging a move from `board` does, does not make `board` unknown again).
    pub(super) fn knows_goes_on(&self, board: &Board) -> bool {
        let Ok(mut memo) = self.0.try_lock() else {
            return false;
        };
        if memo.settled.as_ref() == Some(board) {
            return true;
        }
        if memo.line.as_ref().is_some_and(|line| line.from == *board) {
            memo.settled = Some(*board);
            return true;
        }
        false
    }

    /// Remembers that the whole test found `board` not dead.
    pub(super) fn settled(&self, board: Board) {
        if let Ok(mut memo) = self.0.try_lock() {
            memo.settled = Some(board);
        }
    }

    /// Remembers a mating line from `board` (chasolver's helpmate), once it is played through:
    /// every line in the memo mates, so the rest of one after its first move mates too.
    pub(super) fn remember(&self, board: Board, moves: Vec<ChessMove>) {
        if !mates(&board, &moves) {
            return;
        }
        if let Ok(mut memo) = self.0.try_lock() {
            memo.line = Some(MatingLine { from: board, moves });
        }
    }
}

fn carry(memo: &mut Option<MatingLine>, board: &Board) -> bool {
    *memo = memo.take().and_then(|line| {
        if line.from == *board {
            Some(line)
        } else {
            line.carried_to(board)
        }
    });
    memo.is_some()
}

/// A memo never makes two game states differ.
impl PartialEq for MateMemo {
    fn eq(&self, _: &MateMemo) -> bool {
        true
    }
}

impl std::fmt::Debug for MateMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MateMemo")
    }
}

impl MatingLine {
    /// A mating line from `to`, one move after `self.from`, made from this one and played
    /// through to checkmate; `None` if none could be made.
    fn carried_to(&self, to: &Board) -> Option<MatingLine> {
        if let Some(line) = self.played_from_the_line(to) {
            return Some(line);
        }
        if self.moves.len() + 3 > MAX_LINE {
            return None;
        }
        let back = quiet_move_between(&self.from, to)?;
        MoveGen::new_legal(to)
            .filter(|&m| is_quiet_piece_move(to, m))
            .take(TEMPOS)
            .find_map(|tempo| {
                let undo = chess::ChessMove::new(tempo.get_dest(), tempo.get_source(), None);
                let detour = [tempo, back, undo];
                let mut moves = Vec::with_capacity(self.moves.len() + 3);
                moves.extend(detour);
                moves.extend_from_slice(&self.moves);
                // Where the detour comes back to the very position the line starts from (the
                // same castling rights and en-passant square too), the line mates from there:
                // only the detour needs playing. Otherwise the whole line is played through.
                let proven = match play(to, &detour) {
                    Some(at) if at == self.from => true,
                    Some(_) => mates(to, &moves),
                    None => false,
                };
                proven.then_some(MatingLine { from: *to, moves })
            })
    }

    /// Where the move played is one of the line's own for the same side: its first (the rest of
    /// the line), or one further on (a pawn on its way to promote, say), played early. Then the
    /// other side's moves before it each come before the move they answered, and the line is one
    /// move shorter.
    fn played_from_the_line(&self, to: &Board) -> Option<MatingLine> {
        // The move played left its square empty (cheap to test first: `legal` generates moves).
        let vacated = self.from.combined() & !to.combined();
        let k = (0..self.moves.len()).step_by(2).find(|&k| {
            let m = self.moves[k];
            (vacated & BitBoard::from_square(m.get_source())) != chess::EMPTY
                && (k == 0 || self.from.legal(m))
                && self.from.make_move_new(m) == *to
        })?;
        let mut moves = Vec::with_capacity(self.moves.len() - 1);
        for pair in self.moves[..k].chunks_exact(2) {
            moves.extend([pair[1], pair[0]]);
        }
        moves.extend_from_slice(&self.moves[k + 1..]);
        // The rest of a line that mates mates; a reordered line must be played through.
        (k == 0 || mates(to, &moves)).then_some(MatingLine { from: *to, moves })
    }
}

/// The move taking a piece back where it stood in `before`, if `after` is `before` after one
/// quiet move of a piece (not a pawn: its moves do not go back; not castling, no capture).
fn quiet_move_between(before: &Board, after: &Board) -> Option<ChessMove> {
    let changed = before.combined() ^ after.combined();
    if changed.popcnt() != 2 || after.side_to_move() == before.side_to_move() {
        return None;
    }
    let from = (changed & before.combined()).to_square();
    let to = (changed & after.combined()).to_square();
    let piece = before.piece_on(from)?;
    let unchanged = piece != Piece::Pawn
        && before.color_on(from) == Some(before.side_to_move())
        && after.piece_on(to) == Some(piece)
        && after.color_on(to) == before.color_on(from);
    unchanged.then(|| ChessMove::new(to, from, None))
}

/// A move of a piece (not a pawn, not castling) to an empty square.
fn is_quiet_piece_move(board: &Board, m: ChessMove) -> bool {
    let piece = board.piece_on(m.get_source());
    let empty = (board.combined() & BitBoard::from_square(m.get_dest())) == chess::EMPTY;
    let files = m
        .get_source()
        .get_file()
        .to_index()
        .abs_diff(m.get_dest().get_file().to_index());
    let castles = piece == Some(Piece::King) && files == 2;
    empty && piece.is_some_and(|p| p != Piece::Pawn) && !castles && m.get_promotion().is_none()
}

/// Is every move of `moves` legal in turn from `board`, the last one giving checkmate?
fn mates(board: &Board, moves: &[ChessMove]) -> bool {
    play(board, moves).is_some_and(|end| end.status() == BoardStatus::Checkmate)
}

/// The board after `moves`, if each is legal in turn from `board`.
fn play(board: &Board, moves: &[ChessMove]) -> Option<Board> {
    moves.iter().try_fold(*board, |board, &m| {
        board.legal(m).then(|| board.make_move_new(m))
    })
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use chess::Square;

    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_str(fen).unwrap()
    }

    fn line(from: &str, moves: &[(Square, Square)]) -> MatingLine {
        let from = board(from);
        let moves: Vec<ChessMove> = moves
            .iter()
            .map(|&(a, b)| ChessMove::new(a, b, None))
            .collect();
        assert!(mates(&from, &moves), "the test's line mates");
        MatingLine { from, moves }
    }

    // White: Kg6, Ra1; Black: Kh8. 1.Ra8# mates at once.
    const ROOK: &str = "7k/8/6K1/8/8/8/8/R7 w - - 0 1";

    #[test]
    fn the_rest_of_the_line_is_carried_when_its_first_move_is_played() {
        let l = line(
            ROOK,
            &[
                (Square::A1, Square::A7),
                (Square::H8, Square::G8),
                (Square::A7, Square::A8),
            ],
        );
        let to = l.from.make_move_new(l.moves[0]);
        let carried = l.carried_to(&to).expect("carried");
        assert_eq!(carried.moves, &l.moves[1..]);
        assert!(mates(&to, &carried.moves));
    }

    #[test]
    fn a_quiet_piece_move_is_undone_after_a_tempo() {
        let l = line(ROOK, &[(Square::A1, Square::A8)]);
        // White plays the rook to b1 instead; Black's king must waste a move, the rook goes back.
        let to = l
            .from
            .make_move_new(ChessMove::new(Square::A1, Square::B1, None));
        let carried = l.carried_to(&to).expect("carried");
        assert_eq!(carried.moves.len(), 4);
        assert_eq!(
            carried.moves[1],
            ChessMove::new(Square::B1, Square::A1, None)
        );
        assert!(mates(&to, &carried.moves));
    }

    // White: Ke1, Ra1, Rh1 (both castling rights); Black: Kh8, pawns a7, g7, h7. Castling on
    // either side, ...a6, then the rook from f1 or d1 to the back rank mates.
    const CASTLES: &str = "7k/p5pp/8/8/8/8/8/R3K2R w KQ - 0 1";

    /// White moves the h1 rook up and loses the right to castle short; the detour (Black's king
    /// out and back, the rook home) comes back to the line's pieces but not to its rights.
    fn rook_up(from: &Board) -> Board {
        from.make_move_new(ChessMove::new(Square::H1, Square::H2, None))
    }

    #[test]
    fn a_detour_back_without_a_castling_right_the_line_needs_is_not_carried() {
        let l = line(
            CASTLES,
            &[
                (Square::E1, Square::G1),
                (Square::A7, Square::A6),
                (Square::F1, Square::F8),
            ],
        );
        assert!(l.carried_to(&rook_up(&l.from)).is_none());
    }

    #[test]
    fn a_detour_back_without_a_castling_right_the_line_does_not_need_is_carried() {
        let l = line(
            CASTLES,
            &[
                (Square::E1, Square::C1),
                (Square::A7, Square::A6),
                (Square::D1, Square::D8),
            ],
        );
        let to = rook_up(&l.from);
        let carried = l.carried_to(&to).expect("carried");
        assert_eq!(carried.moves.len(), 6);
        assert_eq!(
            carried.moves[1],
            ChessMove::new(Square::H2, Square::H1, None)
        );
        assert!(mates(&to, &carried.moves));
    }

    #[test]
    fn a_move_played_early_from_further_on_in_the_line_is_carried() {
        // 1.Rb1 Kg8 2.c3 Kh8 3.Rb8#; White plays 1.c3 at once.
        let l = line(
            "7k/8/6K1/8/8/8/2P5/R7 w - - 0 1",
            &[
                (Square::A1, Square::B1),
                (Square::H8, Square::G8),
                (Square::C2, Square::C3),
                (Square::G8, Square::H8),
                (Square::B1, Square::B8),
            ],
        );
        let to = l
            .from
            .make_move_new(ChessMove::new(Square::C2, Square::C3, None));
        let carried = l.carried_to(&to).expect("carried");
        // Black's answer comes before the move it answered; the line is one move shorter.
        assert_eq!(
            carried.moves,
            [l.moves[1], l.moves[0], l.moves[3], l.moves[4]]
        );
        assert!(mates(&to, &carried.moves));
    }

    #[test]
    fn pawn_moves_and_captures_off_the_line_are_not_carried() {
        // The same mate with a white pawn on c2 and a black knight on b1.
        let l = line(
            "7k/8/6K1/8/8/8/2P5/Rn6 w - - 0 1",
            &[(Square::A1, Square::A8)],
        );
        for played in [(Square::C2, Square::C3), (Square::A1, Square::B1)] {
            let to = l
                .from
                .make_move_new(ChessMove::new(played.0, played.1, None));
            assert!(l.carried_to(&to).is_none(), "{played:?}");
        }
    }

    #[test]
    fn a_carried_line_is_played_through_before_it_is_believed() {
        // Lines that do not mate (the memo never holds one; this checks the carrying alone). A
        // detour back to the very position a line starts from trusts the line (every remembered
        // one mates); one back to other castling rights is played through.
        let castles = MatingLine {
            from: board(CASTLES),
            moves: vec![ChessMove::new(Square::E1, Square::C1, None)],
        };
        assert!(castles.carried_to(&rook_up(&castles.from)).is_none());
        let l = MatingLine {
            from: board(ROOK),
            moves: vec![ChessMove::new(Square::A1, Square::A7, None)],
        };
        let to = l
            .from
            .make_move_new(ChessMove::new(Square::A1, Square::B1, None));
        let memo = MateMemo::default();
        memo.remember(l.from, l.moves);
        assert!(
            !memo.carries_to(&to),
            "a line that does not mate is not remembered"
        );
    }

    #[test]
    fn the_memo_proves_the_next_position_or_nothing() {
        let memo = MateMemo::default();
        let from = board(ROOK);
        assert!(!memo.carries_to(&from), "an empty memo proves nothing");
        memo.remember(from, vec![ChessMove::new(Square::A1, Square::A8, None)]);
        let next = from.make_move_new(ChessMove::new(Square::A1, Square::C1, None));
        assert!(memo.carries_to(&next));
        // Remembered in its place: the line now starts from `next`.
        let on = next.make_move_new(ChessMove::new(Square::H8, Square::G8, None));
        assert!(memo.carries_to(&on), "the line's own first move");
        // A position it does not carry to makes it forgotten: the next one is not carried either.
        let memo = MateMemo::default();
        memo.remember(from, vec![ChessMove::new(Square::A1, Square::A8, None)]);
        let unrelated = board("7k/8/6K1/8/8/8/8/1R6 w - - 0 1");
        assert!(!memo.carries_to(&unrelated), "not one move on");
        assert!(!memo.carries_to(&next), "forgotten");
    }

    /// A line carried ahead of the test (on a state's own copy) is found there by the test; a
    /// clone of a state has its own copy, which judging elsewhere does not touch.
    #[test]
    fn a_line_carried_ahead_is_found_there_and_each_copy_is_its_own() {
        let mut memo = MateMemo::default();
        let from = board(ROOK);
        memo.remember(from, vec![ChessMove::new(Square::A1, Square::A8, None)]);
        let copy = memo.clone();
        let next = from.make_move_new(ChessMove::new(Square::A1, Square::C1, None));
        assert!(memo.carry_to(&next));
        assert!(memo.carries_to(&next), "already from here: kept");
        assert!(memo.carries_to(&next), "and again");
        // The copy still holds the line from `from`: it carries to `next` by itself.
        let unrelated = board("7k/8/6K1/8/8/8/8/1R6 w - - 0 1");
        assert!(!memo.carries_to(&unrelated), "the original forgets it");
        assert!(copy.carries_to(&next), "the copy was not touched");
    }
}
