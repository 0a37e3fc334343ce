//! Dama's notation: squares a1–h8 (a1 at White's lower left; the letters are the same in
//! Turkish and English), a plain move `d3-d4`, a capture with every landing square `b3xd3xd5`;
//! and its position text, `W:Wa2,b2,…,Kd5:Ba6,…` (side to move, then each side's pieces, kings
//! prefixed `K`).

use super::board::{squares_of, Board, Move, Route, Square};
use crate::game::{ReadError, SetUpError, Side};

/// Every reason [`read_position`] gives, as message keys.
pub const POSITION_PROBLEMS: [&str; 4] = [
    "dama-position-unreadable",
    "dama-position-square-twice",
    "dama-position-too-many",
    "dama-position-man-on-last-rank",
];

/// A square's name, `a1`–`h8`.
pub fn square_name(square: Square) -> String {
    format!("{}{}", char::from(b'a' + square % 8), square / 8 + 1)
}

/// A square from its name, either case.
pub fn square_named(text: &str) -> Option<Square> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let col = bytes[0]
        .to_ascii_lowercase()
        .checked_sub(b'a')
        .filter(|c| *c < 8)?;
    let row = bytes[1].checked_sub(b'1').filter(|r| *r < 8)?;
    Some(row * 8 + col)
}

/// A route as the record writes it: `d3-d4`, or every landing square of a capture, `b3xd3xd5`.
pub fn write(route: &Route) -> String {
    let separator = if route.captured != 0 { "x" } else { "-" };
    route
        .squares()
        .iter()
        .map(|s| square_name(*s))
        .collect::<Vec<_>>()
        .join(separator)
}

/// The move's code in the log: its squares run together, a capture marked by a leading `x`
/// (`d3d4`, `xb3d3d5`): short enough for the longest capture.
pub fn code(route: &Route) -> String {
    let mut code = String::with_capacity(1 + 2 * route.squares().len());
    if route.captured != 0 {
        code.push('x');
    }
    for s in route.squares() {
        code.push_str(&square_name(*s));
    }
    code
}

/// The squares a player wrote: separated by `-`, `x` or `:`, or run together (a log's code);
/// `=K` after the last is allowed.
fn squares_written(text: &str) -> Option<Vec<Square>> {
    let text = text.trim();
    let text = text
        .strip_suffix("=K")
        .or_else(|| text.strip_suffix("=k"))
        .unwrap_or(text);
    let text = text.strip_prefix(['x', 'X']).unwrap_or(text);
    let parts: Vec<&str> = if text.contains(['-', 'x', 'X', ':']) {
        text.split(['-', 'x', 'X', ':']).collect()
    } else {
        // Run together: two characters a square.
        if !text.len().is_multiple_of(2) || !text.is_ascii() {
            return None;
        }
        (0..text.len())
            .step_by(2)
            .map(|i| &text[i..i + 2])
            .collect()
    };
    if parts.len() < 2 {
        return None;
    }
    parts.into_iter().map(square_named).collect()
}

/// Does `written` name `route`: its first and last squares, and any of its landing squares
/// between, in order?
fn names(written: &[Square], route: &[Square]) -> bool {
    let (Some(first), Some(last)) = (written.first(), written.last()) else {
        return false;
    };
    if route.first() != Some(first) || route.last() != Some(last) {
        return false;
    }
    let mut rest = route[1..route.len() - 1].iter();
    written[1..written.len() - 1]
        .iter()
        .all(|w| rest.any(|r| r == w))
}

/// The legal move a player wrote: refused where it names none, or more than one (each written
/// as the record writes it).
pub fn read(board: &Board, text: &str) -> Result<Move, ReadError> {
    let written = squares_written(text).ok_or(ReadError::Unparseable)?;
    // Every route of a move counts, not only the one the record writes.
    let found: Vec<Move> = board
        .moves()
        .into_iter()
        .filter(|m| routes(board, m).iter().any(|r| names(&written, r)))
        .collect();
    match found[..] {
        [] => Err(ReadError::Illegal),
        [m] => Ok(m),
        _ => Err(ReadError::Ambiguous {
            candidates: found.iter().map(|m| write(&board.route(m))).collect(),
        }),
    }
}

/// Every route of a move, as squares: each way to take the same pieces to the same square.
fn routes(board: &Board, m: &Move) -> Vec<Vec<Square>> {
    board
        .routes(m)
        .iter()
        .map(|r| r.squares().to_vec())
        .collect()
}

/// A position from its text, with its reason where it is none.
pub fn read_position(text: &str) -> Result<Board, SetUpError> {
    let unreadable = SetUpError::Invalid("dama-position-unreadable");
    let mut parts = text.trim().split(':');
    let turn = match parts.next().map(str::trim) {
        Some("W" | "w") => Side::White,
        Some("B" | "b") => Side::Black,
        _ => return Err(unreadable),
    };
    let mut sets = [0u64; 2];
    let mut kings = 0u64;
    let mut seen = [false; 2];
    for part in parts {
        let part = part.trim();
        let (side, list) = match part.split_at_checked(1) {
            Some(("W" | "w", list)) => (0, list),
            Some(("B" | "b", list)) => (1, list),
            _ => return Err(unreadable),
        };
        if std::mem::replace(&mut seen[side], true) {
            return Err(unreadable);
        }
        for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let (king, name) = match entry.strip_prefix(['K', 'k']) {
                Some(name) => (true, name),
                None => (false, entry),
            };
            let square =
                square_named(name).ok_or(SetUpError::Invalid("dama-position-unreadable"))?;
            let b = 1u64 << square;
            if (sets[0] | sets[1]) & b != 0 {
                return Err(SetUpError::Invalid("dama-position-square-twice"));
            }
            sets[side] |= b;
            if king {
                kings |= b;
            }
        }
    }
    if !seen[0] || !seen[1] {
        return Err(unreadable);
    }
    if sets.iter().any(|s| s.count_ones() > 16) {
        return Err(SetUpError::Invalid("dama-position-too-many"));
    }
    // A man on the rank it is crowned on would be a king.
    const RANK_8: u64 = 0xff << 56;
    const RANK_1: u64 = 0xff;
    if sets[0] & !kings & RANK_8 != 0 || sets[1] & !kings & RANK_1 != 0 {
        return Err(SetUpError::Invalid("dama-position-man-on-last-rank"));
    }
    let team = super::board::team(turn);
    Ok(Board {
        inner: kish::Board::new(team, kish::State::new(sets, kings)),
        quiet_plies: 0,
        move_number: 1,
    })
}

/// A position's text: side to move, then White's and Black's pieces from a1 up.
pub fn write_position(board: &Board) -> String {
    let side = |side: Side| {
        squares_of(board.pieces(side))
            .map(|s| {
                let k = if board.kings() & (1 << s) != 0 {
                    "K"
                } else {
                    ""
                };
                format!("{k}{}", square_name(s))
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let turn = if board.turn() == Side::White {
        "W"
    } else {
        "B"
    };
    format!("{turn}:W{}:B{}", side(Side::White), side(Side::Black))
}
