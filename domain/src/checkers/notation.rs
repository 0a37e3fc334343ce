//! PDN's numeric notation for English draughts: `11-15`, a capture with every landing square
//! `22x15x6`, and the short form `22x6` where only one route matches; and the position text
//! PDN's FEN tag holds, `B:W21,22,K30:B1,2` (the side to move first, kings prefixed `K`).

use super::board::{crowning_row, Board, Move, Squares};
use crate::game::{ReadError, SetUpError, Side};

/// A move as the record writes it: `11-15`, or every landing square of a capture, `22x15x6`.
pub fn write(m: &Move) -> String {
    let sep = if m.is_capture() { 'x' } else { '-' };
    let mut out = String::with_capacity(3 * m.path().len());
    for (i, sq) in m.path().iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        out.push_str(&(sq + 1).to_string());
    }
    out
}

/// The squares a player wrote, start first (1-based numbers separated by `-`, `x` or `:`);
/// `None` where the text is not of that form.
fn squares_written(text: &str) -> Option<Vec<u8>> {
    let text = text.trim().trim_end_matches(['*', '+', '!', '?']);
    let mut squares = Vec::new();
    for part in text.split(['-', 'x', 'X', ':', '×']) {
        let part = part.trim();
        if part.is_empty() || part.len() > 2 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u8 = part.parse().ok()?;
        if !(1..=32).contains(&n) {
            return None;
        }
        squares.push(n - 1);
    }
    (squares.len() >= 2).then_some(squares)
}

/// The legal move a player's text names: the start, the end, and any landing squares between
/// them in order. Several routes matching a short form are [`ReadError::Ambiguous`].
pub fn read(board: &Board, text: &str) -> Result<Move, ReadError> {
    let written = squares_written(text).ok_or(ReadError::Unparseable)?;
    let matching: Vec<Move> = board
        .moves()
        .into_iter()
        .filter(|m| follows(m.path(), &written))
        .collect();
    match matching.as_slice() {
        [] => Err(ReadError::Illegal),
        [m] => Ok(*m),
        several => {
            let mut candidates: Vec<String> = several.iter().map(write).collect();
            candidates.sort();
            Err(ReadError::Ambiguous { candidates })
        }
    }
}

/// Does `path` start and end where `written` does, visiting its middle squares in order?
fn follows(path: &[u8], written: &[u8]) -> bool {
    let (Some(first), Some(last)) = (written.first(), written.last()) else {
        return false;
    };
    if path[0] != *first || path[path.len() - 1] != *last || written.len() > path.len() {
        return false;
    }
    let mut rest = path[1..path.len() - 1].iter();
    written[1..written.len() - 1]
        .iter()
        .all(|w| rest.any(|p| p == w))
}

/// Every reason [`read_position`] gives for a text that is no position, as message keys.
pub const POSITION_PROBLEMS: [&str; 7] = [
    "position-too-long",
    "position-turn",
    "position-pieces",
    "position-square",
    "position-square-twice",
    "position-man-on-crowning-row",
    "position-too-many-pieces",
];

/// The longest position text accepted (every square named, with kings, is under 120).
pub const MAX_POSITION_CHARS: usize = 200;

/// Reads a PDN FEN: `B:W21,22,K30:B1,2` (also ranges `W21-32`, either colour first, a final
/// `.`). Refused where it is not one, or where a man stands on the row it would be crowned on.
pub fn read_position(text: &str) -> Result<Board, SetUpError> {
    let text = text.trim();
    if text.len() > MAX_POSITION_CHARS {
        return Err(SetUpError::Invalid("position-too-long"));
    }
    let text = text.strip_suffix('.').unwrap_or(text);
    let mut fields = text.split(':');
    let turn = match fields.next().map(str::trim) {
        Some("W") | Some("w") => Side::White,
        Some("B") | Some("b") => Side::Black,
        _ => return Err(SetUpError::Invalid("position-turn")),
    };
    let mut board = Board {
        black: 0,
        white: 0,
        kings: 0,
        turn,
        quiet_plies: 0,
        move_number: 1,
    };
    let mut seen = [false; 2];
    for field in fields {
        let field = field.trim();
        let (side, list) = match field.split_at_checked(1) {
            Some(("W" | "w", rest)) => (Side::White, rest),
            Some(("B" | "b", rest)) => (Side::Black, rest),
            _ => return Err(SetUpError::Invalid("position-pieces")),
        };
        let slot = usize::from(side == Side::Black);
        if seen[slot] {
            return Err(SetUpError::Invalid("position-pieces"));
        }
        seen[slot] = true;
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (king, squares) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            for sq in square_range(squares)? {
                let bit = 1u32 << sq;
                if (board.black | board.white) & bit != 0 {
                    return Err(SetUpError::Invalid("position-square-twice"));
                }
                match side {
                    Side::White => board.white |= bit,
                    Side::Black => board.black |= bit,
                }
                if king {
                    board.kings |= bit;
                }
            }
        }
    }
    if !seen[0] || !seen[1] {
        return Err(SetUpError::Invalid("position-pieces"));
    }
    for side in [Side::White, Side::Black] {
        // A side has twelve pieces at most (and a capture route room for each).
        if board.pieces(side).count_ones() > 12 {
            return Err(SetUpError::Invalid("position-too-many-pieces"));
        }
        if board.pieces(side) & !board.kings & crowning_row(side) != 0 {
            return Err(SetUpError::Invalid("position-man-on-crowning-row"));
        }
    }
    Ok(board)
}

/// `7` or `21-32`: the square indices named.
fn square_range(text: &str) -> Result<std::ops::RangeInclusive<u8>, SetUpError> {
    let number = |t: &str| -> Result<u8, SetUpError> {
        let t = t.trim();
        match t.parse::<u8>() {
            Ok(n) if (1..=32).contains(&n) && t.bytes().all(|b| b.is_ascii_digit()) => Ok(n - 1),
            _ => Err(SetUpError::Invalid("position-square")),
        }
    };
    match text.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (number(a)?, number(b)?);
            if a > b {
                return Err(SetUpError::Invalid("position-square"));
            }
            Ok(a..=b)
        }
        None => {
            let a = number(text)?;
            Ok(a..=a)
        }
    }
}

/// The PDN FEN of a position: the side to move, then White's pieces and Black's, in square
/// order, kings prefixed `K`.
pub fn write_position(board: &Board) -> String {
    let list = |pieces: Squares| {
        let mut out = Vec::new();
        let mut rest = pieces;
        while rest != 0 {
            let sq = rest.trailing_zeros();
            rest &= rest - 1;
            let k = if board.kings & (1 << sq) != 0 {
                "K"
            } else {
                ""
            };
            out.push(format!("{k}{}", sq + 1));
        }
        out.join(",")
    };
    let turn = match board.turn {
        Side::White => 'W',
        Side::Black => 'B',
    };
    format!("{turn}:W{}:B{}", list(board.white), list(board.black))
}

/// A move is shown in the debugger as it is written.
impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        read_position(fen).unwrap()
    }

    #[test]
    fn the_start_is_written_as_pdn_writes_it() {
        let start = Board::start();
        assert_eq!(
            write_position(&start),
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
        assert_eq!(board("B:W21-32:B1-12"), start);
        assert_eq!(board(" B:B1-12:W21-32. "), start);
    }

    #[test]
    fn positions_that_cannot_be_are_refused() {
        for (text, key) in [
            ("", "position-turn"),
            ("X:W21:B1", "position-turn"),
            ("W:W21", "position-pieces"),
            ("W:W21:W22", "position-pieces"),
            ("W:Q21:B1", "position-pieces"),
            ("W:W21,21:B1", "position-square-twice"),
            ("W:W21:B21", "position-square-twice"),
            ("W:W33:B1", "position-square"),
            ("W:W0:B1", "position-square"),
            ("W:W+5:B1", "position-square"),
            ("W:W9-5:B1", "position-square"),
            ("W:W2:B12", "position-man-on-crowning-row"),
            ("W:W12:B30", "position-man-on-crowning-row"),
            ("W:WK1:B5-17", "position-too-many-pieces"),
        ] {
            assert_eq!(
                read_position(text),
                Err(SetUpError::Invalid(key)),
                "{text:?}"
            );
            assert!(POSITION_PROBLEMS.contains(&key), "{key}");
        }
        assert!(read_position("W:WK2:BK30").is_ok());
    }

    #[test]
    fn moves_are_written_with_every_landing_square() {
        let start = Board::start();
        let m = read(&start, "11-15").unwrap();
        assert_eq!(write(&m), "11-15");
        // Black man on 6 jumps 10 and 18 (White), landing on 15 then 22... set up a double jump.
        let b = board("B:W10,18,K30:B6");
        let moves: Vec<String> = b.moves().iter().map(write).collect();
        assert_eq!(moves, ["6x15x22"]);
        assert_eq!(write(&read(&b, "6x22").unwrap()), "6x15x22");
        assert_eq!(write(&read(&b, "6:15:22").unwrap()), "6x15x22");
        assert_eq!(
            read(&b, "6x15"),
            Err(ReadError::Illegal),
            "a jump must be completed"
        );
        assert_eq!(
            read(&b, "6-9"),
            Err(ReadError::Illegal),
            "a capture is compulsory"
        );
        assert_eq!(read(&b, "six"), Err(ReadError::Unparseable));
        assert_eq!(read(&b, "6"), Err(ReadError::Unparseable));
        assert_eq!(read(&b, "6x033"), Err(ReadError::Unparseable));
    }

    #[test]
    fn a_kings_loop_either_way_round_is_two_moves_and_the_short_form_is_ambiguous() {
        // A White king on 26 and Black men on 14, 15, 22 and 23 around 19, 10 and 17: the king
        // takes all four and comes back to 26, one way round or the other.
        let b = board("W:WK26:B14,15,22,23");
        let mut moves: Vec<String> = b.moves().iter().map(write).collect();
        moves.sort();
        assert_eq!(moves, ["26x17x10x19x26", "26x19x10x17x26"]);
        match read(&b, "26x26") {
            Err(ReadError::Ambiguous { candidates }) => assert_eq!(candidates, moves),
            other => panic!("{other:?}"),
        }
        assert_eq!(write(&read(&b, "26x19x10x26").unwrap()), "26x19x10x17x26");
        let mut after = b;
        after.play(&read(&b, "26x17x10x26").unwrap());
        assert_eq!(write_position(&after), "B:WK26:B");
    }

    #[test]
    fn a_man_crowned_in_a_capture_stops_there() {
        // Black man on 22 jumps 26 to land on 31 (crowned); it may not jump on as a king over 27.
        let b = board("B:W26,27:B22");
        let moves: Vec<String> = b.moves().iter().map(write).collect();
        assert_eq!(moves, ["22x31"]);
        let mut after = b;
        after.play(&b.moves()[0]);
        assert_eq!(write_position(&after), "W:W27:BK31");
    }
}
