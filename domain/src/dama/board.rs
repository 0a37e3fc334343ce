//! The dama board and its moves, on `kish`'s bitboards and move generator (TÜDAF rules: men
//! forward and sideways, flying kings, the maximum capture, no 180° turn, pieces removed as
//! they are jumped, a man crowned only where its move ends). What zarf adds: a move is what a
//! player can tell apart — routes that take the same pieces to the same square are one move,
//! listed once — and the route a move took, rebuilt for its notation (kish cannot name the
//! square of a king's capture that ends where it began).

use kish::{Action, Team};

use crate::game::Side;

/// A square's index: `row * 8 + column`, a1 = 0, h8 = 63.
pub type Square = u8;

/// The longest route: the mover's square and one landing square per piece taken (16 at most).
pub const MAX_ROUTE: usize = 17;

/// A dama position: the pieces, whose turn it is, and what the draw rules count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub inner: kish::Board,
    /// Half-moves since a man moved or a piece was taken (the no-progress rule's count).
    pub quiet_plies: u32,
    /// The number of the move being played: White's and Black's together, from 1.
    pub move_number: u32,
}

/// A move: what it changes on the board (kish's action). Two routes with the same pieces taken
/// and the same end are the same move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub Action);

/// A move's route: every square the piece stood on, in order, and what it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    squares: [Square; MAX_ROUTE],
    len: u8,
    pub captured: u64,
    pub crowned: bool,
}

impl Route {
    pub fn squares(&self) -> &[Square] {
        &self.squares[..usize::from(self.len)]
    }
}

pub(crate) fn team(side: Side) -> Team {
    match side {
        Side::White => Team::White,
        Side::Black => Team::Black,
    }
}

fn side(team: Team) -> Side {
    match team {
        Team::White => Side::White,
        Team::Black => Side::Black,
    }
}

fn bit(square: Square) -> u64 {
    1 << square
}

impl Board {
    /// The standard start: White's men on ranks 2 and 3, Black's on 6 and 7, White to move.
    pub fn start() -> Board {
        Board {
            inner: kish::Board::new_default(),
            quiet_plies: 0,
            move_number: 1,
        }
    }

    pub fn turn(&self) -> Side {
        side(self.inner.turn)
    }

    /// `side`'s pieces, men and kings.
    pub fn pieces(&self, side: Side) -> u64 {
        self.inner.state.pieces[team(side) as usize]
    }

    pub fn kings(&self) -> u64 {
        self.inner.state.kings
    }

    /// Every legal move, each once, in kish's order of actions.
    pub fn moves(&self) -> Vec<Move> {
        let mut actions = self.inner.actions();
        actions.sort_unstable();
        actions.dedup();
        actions.into_iter().map(Move).collect()
    }

    /// Has the side to move a legal move?
    pub fn has_move(&self) -> bool {
        !self.inner.actions().is_empty()
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: &Move) {
        let irreversible = m.is_irreversible();
        self.inner.apply_(&m.0);
        if self.inner.turn == Team::Black {
            self.move_number += 1;
        }
        self.inner.swap_turn_();
        self.quiet_plies = if irreversible {
            0
        } else {
            self.quiet_plies + 1
        };
    }

    /// The route `m` takes from this position: the first, in a fixed order, of the routes that
    /// make it.
    pub fn route(&self, m: &Move) -> Route {
        let mut first = None;
        self.each_route(m, &mut |r| {
            first = Some(*r);
            true
        });
        first.expect("a legal move has a route")
    }

    /// Every route that makes `m`: the ways to take the same pieces to the same square.
    pub fn routes(&self, m: &Move) -> Vec<Route> {
        let mut all = Vec::new();
        self.each_route(m, &mut |r| {
            all.push(*r);
            false
        });
        all
    }

    /// Calls `found` with each route of `m` until it answers true.
    fn each_route(&self, m: &Move, found: &mut dyn FnMut(&Route) -> bool) {
        let us = self.inner.turn as usize;
        let ours = m.0.delta.pieces[us];
        let captured = m.0.delta.pieces[1 - us];
        let own = self.inner.state.pieces[us];
        let from_to: Vec<(Square, Square)> = if ours != 0 {
            vec![(
                (ours & own).trailing_zeros() as Square,
                (ours & !own).trailing_zeros() as Square,
            )]
        } else {
            // A king's capture ending where it began: which of the kings made it.
            squares_of(own & self.kings()).map(|k| (k, k)).collect()
        };
        for (from, to) in from_to {
            let king = self.kings() & bit(from) != 0;
            let mut route = Route {
                squares: [0; MAX_ROUTE],
                len: 1,
                captured,
                crowned: !king && m.0.delta.kings & bit(to) != 0,
            };
            route.squares[0] = from;
            if captured == 0 {
                route.squares[1] = to;
                route.len = 2;
                found(&route);
                return;
            }
            let search = Search {
                us: self.inner.turn,
                king,
                to,
                occupied: (self.inner.state.pieces[0] | self.inner.state.pieces[1]) & !bit(from),
            };
            if search.jumps(from, captured, None, &mut route, found) {
                return;
            }
        }
    }
}

/// The squares of a set, from a1 up.
pub fn squares_of(mut set: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let s = set.trailing_zeros() as Square;
            set &= set - 1;
            s
        })
    })
}

/// One step along a rank or file, if the board goes on.
fn step(square: Square, dir: (i8, i8)) -> Option<Square> {
    let row = (square / 8) as i8 + dir.0;
    let col = (square % 8) as i8 + dir.1;
    ((0..8).contains(&row) && (0..8).contains(&col)).then(|| (row * 8 + col) as Square)
}

const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, -1), (0, 1), (-1, 0)];

/// The search for a route that takes exactly a given set of pieces and ends on a given square.
#[derive(Clone, Copy)]
struct Search {
    us: Team,
    king: bool,
    to: Square,
    /// Every piece on the board but the mover; pieces leave it as they are taken.
    occupied: u64,
}

impl Search {
    /// Goes on from `at` with `left` still to take, having come in direction `came`; calls
    /// `found` with each whole route, and stops where it answers true.
    fn jumps(
        &self,
        at: Square,
        left: u64,
        came: Option<(i8, i8)>,
        route: &mut Route,
        found: &mut dyn FnMut(&Route) -> bool,
    ) -> bool {
        if left == 0 {
            return at == self.to && found(route);
        }
        let forward = if self.us == Team::White { 1 } else { -1 };
        for dir in DIRECTIONS {
            // Men never go back; kings never turn back the way they came.
            if !self.king && dir.0 == -forward {
                continue;
            }
            if came.is_some_and(|c| c.0 == -dir.0 && c.1 == -dir.1) {
                continue;
            }
            let Some(victim) = self.first_piece(at, dir) else {
                continue;
            };
            if left & bit(victim) == 0 {
                continue;
            }
            let after = Search {
                occupied: self.occupied & !bit(victim),
                ..*self
            };
            let mut land = step(victim, dir);
            while let Some(square) = land {
                if after.occupied & bit(square) != 0 {
                    break;
                }
                route.squares[usize::from(route.len)] = square;
                route.len += 1;
                if after.jumps(square, left & !bit(victim), Some(dir), route, found) {
                    return true;
                }
                route.len -= 1;
                if !self.king {
                    break;
                }
                land = step(square, dir);
            }
        }
        false
    }

    /// The first piece in direction `dir` from `at`: the adjacent square for a man, the first
    /// beyond empty squares for a king.
    fn first_piece(&self, at: Square, dir: (i8, i8)) -> Option<Square> {
        let mut square = step(at, dir)?;
        loop {
            if self.occupied & bit(square) != 0 {
                return Some(square);
            }
            if !self.king {
                return None;
            }
            square = step(square, dir)?;
        }
    }
}

impl Move {
    /// Does the move take a piece, or move a man (which the no-progress rule counts as
    /// progress)? A king's quiet move changes exactly its own two squares, as a man and as a
    /// king; a capture that brings a king back to its square takes at least four pieces, so
    /// it never looks like one.
    pub fn is_irreversible(&self) -> bool {
        let d = self.0.delta;
        let [white, black] = d.pieces;
        let one_side = if white == 0 { black } else { white };
        let quiet_king =
            (white == 0) != (black == 0) && one_side.count_ones() == 2 && d.kings == one_side;
        !quiet_king
    }

    /// The pieces the move takes, given the side that makes it.
    pub fn captured(&self, mover: Side) -> u64 {
        self.0.delta.pieces[1 - team(mover) as usize]
    }
}

/// The number of leaf positions `depth` moves ahead, each move counted once (a walk of the
/// game tree, with kish's bulk count at the last level where no capture needs merging).
pub fn perft(board: &kish::Board, depth: u32) -> u64 {
    let mut scratch = Vec::with_capacity(48);
    let mut levels: Vec<Vec<Action>> = (0..depth).map(|_| Vec::with_capacity(48)).collect();
    walk(board, depth, &mut levels, &mut scratch)
}

/// How many moves the side to move has, each once: kish's bulk count where no capture needs its
/// routes merged (`scratch` takes the captures kish lists).
pub fn count_moves(board: &kish::Board, scratch: &mut Vec<Action>) -> u64 {
    scratch.clear();
    let count = board.count_actions(scratch);
    if scratch.is_empty() {
        return count;
    }
    // Captures were generated: merge the routes of one move.
    scratch.sort_unstable();
    scratch.dedup();
    scratch.len() as u64
}

fn walk(
    board: &kish::Board,
    depth: u32,
    levels: &mut [Vec<Action>],
    scratch: &mut Vec<Action>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return count_moves(board, scratch);
    }
    let (here, deeper) = levels.split_first_mut().expect("a level per depth");
    board.actions_into(here);
    here.sort_unstable();
    here.dedup();
    let mut nodes = 0;
    for action in here.iter() {
        let mut next = board.apply(action);
        next.swap_turn_();
        nodes += walk(&next, depth - 1, deeper, scratch);
    }
    nodes
}
