//! The board of English draughts: 32 dark squares, numbered 1–32 as PDN does (square 1 in
//! Black's right-hand corner, Black's men on 1–12 at the start, White's on 21–32), held as three
//! 32-bit sets; and the moves of a position, every capture route a move of its own.

use crate::game::Side;

/// A set of squares: bit `i` is square `i + 1`.
pub type Squares = u32;

/// The four diagonal directions: towards lower numbers (White's forward) left and right, towards
/// higher numbers (Black's forward) left and right, as seen from White's side.
const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
/// The directions a man of each side moves in: White up the board, Black down.
const WHITE_FORWARD: [usize; 2] = [0, 1];
const BLACK_FORWARD: [usize; 2] = [2, 3];
const ALL: [usize; 4] = [0, 1, 2, 3];

const NONE: u8 = 32;

/// The square a step from `index` in each direction reaches, and the square a jump reaches.
struct Tables {
    step: [[u8; 4]; 32],
    jump: [[u8; 4]; 32],
}

const fn coords(index: usize) -> (i8, i8) {
    let row = (index / 4) as i8;
    let k = (index % 4) as i8;
    let col = if row % 2 == 0 { 2 * k + 1 } else { 2 * k };
    (row, col)
}

const fn index_at(row: i8, col: i8) -> u8 {
    if row < 0 || row > 7 || col < 0 || col > 7 || (row + col) % 2 == 0 {
        NONE
    } else {
        (row * 4 + col / 2) as u8
    }
}

const TABLES: Tables = {
    let mut step = [[NONE; 4]; 32];
    let mut jump = [[NONE; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let (row, col) = coords(i);
        let mut d = 0;
        while d < 4 {
            let (dr, dc) = DIRECTIONS[d];
            step[i][d] = index_at(row + dr, col + dc);
            jump[i][d] = index_at(row + 2 * dr, col + 2 * dc);
            d += 1;
        }
        i += 1;
    }
    Tables { step, jump }
};

/// The row and column (0–7, row 0 at Black's side, column 0 at White's left) of a square index.
pub fn row_col(index: u8) -> (u8, u8) {
    let (r, c) = coords(usize::from(index));
    (r as u8, c as u8)
}

/// The squares on which a man of `side` is crowned.
pub const fn crowning_row(side: Side) -> Squares {
    match side {
        Side::White => 0x0000_000f,
        Side::Black => 0xf000_0000,
    }
}

/// A position: the men and kings of both sides, whose turn it is, and the counts the draw rules
/// and move numbers go by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub black: Squares,
    pub white: Squares,
    pub kings: Squares,
    pub turn: Side,
    /// Half-moves since a man moved or a piece was captured (the forty-move rule's count).
    pub quiet_plies: u32,
    /// The number of the move being played: Black's and White's moves together, from 1.
    pub move_number: u32,
}

/// The longest path a move can take: the mover's square and one landing square per capture
/// (a side has at most 12 pieces to lose).
pub const MAX_PATH: usize = 13;

/// A move: the squares it visits (as indices, the first its start), the pieces it captures, and
/// whether the piece that moves is a king. Two captures with the same start, end and captures
/// but different routes are different moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    path: [u8; MAX_PATH],
    len: u8,
    captured: Squares,
    by_king: bool,
}

impl Move {
    /// A move along `path` (indices, at most [`MAX_PATH`]), capturing `captured`.
    pub(super) fn new(path: &[u8], captured: Squares, by_king: bool) -> Move {
        let mut p = [0; MAX_PATH];
        p[..path.len()].copy_from_slice(path);
        Move {
            path: p,
            len: path.len() as u8,
            captured,
            by_king,
        }
    }

    /// The squares visited, as indices (0–31), the start first.
    pub fn path(&self) -> &[u8] {
        &self.path[..usize::from(self.len)]
    }

    pub fn from(&self) -> u8 {
        self.path[0]
    }

    pub fn to(&self) -> u8 {
        self.path[usize::from(self.len) - 1]
    }

    pub fn captured(&self) -> Squares {
        self.captured
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    pub fn by_king(&self) -> bool {
        self.by_king
    }

    /// Does this move crown a man (on `board`, before it is played)?
    pub fn crowns(&self, board: &Board) -> bool {
        !self.by_king && crowning_row(board.turn) & (1 << self.to()) != 0
    }
}

impl Board {
    /// The standard starting position: Black's men on 1–12, White's on 21–32, Black to move.
    pub fn start() -> Board {
        Board {
            black: 0x0000_0fff,
            white: 0xfff0_0000,
            kings: 0,
            turn: Side::Black,
            quiet_plies: 0,
            move_number: 1,
        }
    }

    /// The index of the dark square at a row and column, if it is one.
    pub fn index_of(row: u8, col: u8) -> Option<u8> {
        let i = index_at(row as i8, col as i8);
        (i != NONE).then_some(i)
    }

    pub fn pieces(&self, side: Side) -> Squares {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    fn forward(side: Side) -> &'static [usize] {
        match side {
            Side::White => &WHITE_FORWARD,
            Side::Black => &BLACK_FORWARD,
        }
    }

    /// Every legal move, each capture route once; captures only, where one exists.
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.captures_into(&mut moves);
        if moves.is_empty() {
            self.steps_into(&mut moves);
        }
        moves
    }

    /// Has the side to move a legal move?
    pub fn has_move(&self) -> bool {
        let own = self.pieces(self.turn);
        let occupied = self.black | self.white;
        let theirs = self.pieces(self.turn.opponent());
        let mut rest = own;
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let dirs = self.directions(from);
            for &d in dirs {
                let to = TABLES.step[from][d];
                if to == NONE {
                    continue;
                }
                if occupied & (1 << to) == 0 {
                    return true;
                }
                let land = TABLES.jump[from][d];
                if theirs & (1 << to) != 0 && land != NONE && occupied & (1 << land) == 0 {
                    return true;
                }
            }
        }
        false
    }

    fn directions(&self, from: usize) -> &'static [usize] {
        if self.kings & (1 << from) != 0 {
            &ALL
        } else {
            Self::forward(self.turn)
        }
    }

    fn steps_into(&self, moves: &mut Vec<Move>) {
        let occupied = self.black | self.white;
        let mut rest = self.pieces(self.turn);
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let by_king = self.kings & (1 << from) != 0;
            for &d in self.directions(from) {
                let to = TABLES.step[from][d];
                if to != NONE && occupied & (1 << to) == 0 {
                    let mut path = [0; MAX_PATH];
                    path[0] = from as u8;
                    path[1] = to;
                    moves.push(Move {
                        path,
                        len: 2,
                        captured: 0,
                        by_king,
                    });
                }
            }
        }
    }

    fn captures_into(&self, moves: &mut Vec<Move>) {
        let mut rest = self.pieces(self.turn);
        let theirs = self.pieces(self.turn.opponent());
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let by_king = self.kings & (1 << from) != 0;
            // The mover's square is empty while it moves: a king may pass it again.
            let occupied = (self.black | self.white) & !(1 << from);
            let mut path = [0; MAX_PATH];
            path[0] = from as u8;
            let walk = Walk {
                theirs,
                occupied,
                dirs: self.directions(from),
                crown_row: if by_king { 0 } else { crowning_row(self.turn) },
                by_king,
            };
            walk.extend(&mut path, 1, 0, moves);
        }
    }

    /// Plays a legal move of this position.
    pub fn play(&mut self, m: &Move) {
        let from = 1u32 << m.from();
        let to = 1u32 << m.to();
        let crowns = m.crowns(self);
        let own = match self.turn {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        };
        *own = (*own & !from) | to;
        match self.turn {
            Side::White => self.black &= !m.captured,
            Side::Black => self.white &= !m.captured,
        }
        let was_king = self.kings & from != 0;
        self.kings &= !(from | m.captured);
        if was_king || crowns {
            self.kings |= to;
        }
        if m.by_king && !m.is_capture() {
            self.quiet_plies += 1;
        } else {
            self.quiet_plies = 0;
        }
        if self.turn == Side::White {
            self.move_number += 1;
        }
        self.turn = self.turn.opponent();
    }
}

/// A capture in progress from one square.
struct Walk {
    theirs: Squares,
    occupied: Squares,
    dirs: &'static [usize],
    crown_row: Squares,
    by_king: bool,
}

impl Walk {
    fn extend(
        &self,
        path: &mut [u8; MAX_PATH],
        len: usize,
        captured: Squares,
        moves: &mut Vec<Move>,
    ) {
        let at = usize::from(path[len - 1]);
        let mut went_on = false;
        if len == 1 || self.crown_row & (1 << at) == 0 {
            for &d in self.dirs {
                let over = TABLES.step[at][d];
                let land = TABLES.jump[at][d];
                if land == NONE
                    || self.theirs & !captured & (1 << over) == 0
                    || self.occupied & (1 << land) != 0
                {
                    continue;
                }
                went_on = true;
                path[len] = land;
                self.extend(path, len + 1, captured | (1 << over), moves);
            }
        }
        if !went_on && len > 1 {
            moves.push(Move {
                path: *path,
                len: len as u8,
                captured,
                by_king: self.by_king,
            });
            // The squares past the end are left as they were; equality looks at them, so clear
            // them in the stored move.
            let m = moves.last_mut().expect("just pushed");
            m.path[len..].fill(0);
        }
    }
}

/// The number of move sequences of `depth` plies from `board` (each capture route counted).
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = *board;
            next.play(m);
            perft(&next, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_sit_where_pdn_puts_them() {
        // Square 1 at b8 seen from White, 4 at h8, 5 at a7, 29 at a1, 32 at g1.
        assert_eq!(row_col(0), (0, 1));
        assert_eq!(row_col(3), (0, 7));
        assert_eq!(row_col(4), (1, 0));
        assert_eq!(row_col(28), (7, 0));
        assert_eq!(row_col(31), (7, 6));
        // The long diagonal: 4-8-11-15-18-22-25-29.
        let mut at = 3usize;
        let mut seen = vec![at + 1];
        while TABLES.step[at][2] != NONE {
            at = usize::from(TABLES.step[at][2]);
            seen.push(at + 1);
        }
        assert_eq!(seen, [4, 8, 11, 15, 18, 22, 25, 29]);
    }

    #[test]
    fn perft_from_the_start_agrees_with_the_published_counts() {
        let start = Board::start();
        let expected = [7, 49, 302, 1469, 7361, 36768];
        for (depth, nodes) in expected.iter().enumerate() {
            assert_eq!(
                perft(&start, depth as u32 + 1),
                *nodes,
                "depth {}",
                depth + 1
            );
        }
    }
}
