//! Checkers on pages and in mail: the board as SVG from the viewer's side (men, kings, the
//! squares' numbers, the last move's route and its captures marked), and the small diagram.

use std::fmt::Write;

use domain::checkers::board::row_col;
use domain::checkers::{Board, Checkers, Move};
use domain::game::Side;

use super::{legal_moves_of, Cell, PageParts, Shown};
use crate::i18n::Texts;

/// Units per square; the board has no margin (the squares carry their numbers).
const SQUARE: u32 = 10;

/// Where a square (by index) is drawn: its top-left corner, turned for Black's side.
fn corner(index: u8, from_black: bool) -> (u32, u32) {
    let (row, col) = row_col(index);
    let (row, col) = if from_black {
        (7 - row, 7 - col)
    } else {
        (row, col)
    };
    (u32::from(col) * SQUARE, u32::from(row) * SQUARE)
}

fn has(set: u32, index: u8) -> bool {
    set & (1 << index) != 0
}

/// The SVG of `board` as seen from Black's side if `from_black`, marking `last` (the move that
/// led to it: every square of its route, and the squares of the pieces it took).
fn svg(board: &Board, last: Option<&Move>, from_black: bool, t: &Texts, id: &str) -> String {
    let size = 8 * SQUARE;
    let mut s = String::with_capacity(8 * 1024);
    let title = t.text(if from_black {
        "page-board-black-below"
    } else {
        "page-board-white-below"
    });
    let _ = write!(
        s,
        r#"<svg class="board checkers" viewBox="0 0 {size} {size}" role="img" aria-labelledby="{id}-title {id}-pieces" xmlns="http://www.w3.org/2000/svg"><title id="{id}-title">{title}</title><desc id="{id}-pieces">{}</desc>"#,
        askama::filters::escape(pieces(board, t), askama::filters::Html)
            .map(|e| e.to_string())
            .unwrap_or_default()
    );
    for row in 0..8u32 {
        for col in 0..8u32 {
            if (row + col) % 2 == 0 {
                let _ = write!(
                    s,
                    r#"<rect class="light" x="{}" y="{}" width="{SQUARE}" height="{SQUARE}"/>"#,
                    col * SQUARE,
                    row * SQUARE
                );
            }
        }
    }
    for index in 0..32u8 {
        let (x, y) = corner(index, from_black);
        let n = index + 1;
        let _ = write!(
            s,
            r#"<rect class="dark" data-square="{n}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>"#
        );
    }
    if let Some(m) = last {
        for &index in m.path() {
            let (x, y) = corner(index, from_black);
            let _ = write!(
                s,
                r#"<rect class="last" data-square="{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>"#,
                index + 1
            );
        }
        for index in (0..32u8).filter(|&i| has(m.captured(), i)) {
            let (x, y) = corner(index, from_black);
            let _ = write!(
                s,
                r#"<rect class="captured" data-square="{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>"#,
                index + 1
            );
        }
    }
    for index in 0..32u8 {
        let (x, y) = corner(index, from_black);
        let _ = write!(
            s,
            r#"<text class="coord" x="{}" y="{}" aria-hidden="true">{}</text>"#,
            f64::from(x) + 0.5,
            f64::from(y) + 2.2,
            index + 1
        );
        let colour = if has(board.white, index) {
            "white"
        } else if has(board.black, index) {
            "black"
        } else {
            continue;
        };
        let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
        let king = has(board.kings, index);
        let role = if king { "king" } else { "man" };
        let _ = write!(
            s,
            r#"<circle class="piece {colour} {role}" data-square="{}" cx="{cx}" cy="{}" r="3.3"/>"#,
            index + 1,
            f64::from(cy) + 0.4
        );
        if king {
            let _ = write!(
                s,
                r#"<text class="crown {colour}" x="{cx}" y="{}" text-anchor="middle" dominant-baseline="central" aria-hidden="true">♛</text>"#,
                f64::from(cy) + 0.7
            );
        }
    }
    s.push_str("</svg>");
    s
}

/// The text alternative: each side's men and kings by square number.
pub fn pieces(board: &Board, t: &Texts) -> String {
    let side = |side: Side| {
        let own = board.pieces(side);
        let kings: Vec<String> = (0..32u8)
            .filter(|&i| has(own & board.kings, i))
            .map(|i| format!("K{}", i + 1))
            .collect();
        let men: Vec<String> = (0..32u8)
            .filter(|&i| has(own & !board.kings, i))
            .map(|i| (i + 1).to_string())
            .collect();
        kings.into_iter().chain(men).collect::<Vec<_>>().join(", ")
    };
    t.get(
        "page-board-pieces",
        &[("white", side(Side::White)), ("black", side(Side::Black))],
    )
}

/// The board from `side`'s point of view for mail: rows of cells for HTML, and text lines with
/// the dark squares' numbers at the left of each row.
fn diagram(board: &Board, from_black: bool) -> (Vec<Vec<Cell>>, String) {
    let mut rows = Vec::new();
    let mut text = String::new();
    for view_row in 0..8u8 {
        let mut row = Vec::new();
        let mut first = None;
        for view_col in 0..8u8 {
            let (r, c) = if from_black {
                (7 - view_row, 7 - view_col)
            } else {
                (view_row, view_col)
            };
            let index = Board::index_of(r, c);
            let glyph = match index {
                Some(i) if has(board.white & board.kings, i) => "⛁",
                Some(i) if has(board.white, i) => "⛀",
                Some(i) if has(board.black & board.kings, i) => "⛃",
                Some(i) if has(board.black, i) => "⛂",
                _ => " ",
            };
            if let Some(i) = index {
                first = Some(first.map_or(i, |f: u8| f.min(i)));
            }
            row.push(Cell {
                glyph,
                dark: index.is_some(),
            });
            text.push_str(match (index, glyph) {
                (None, _) => " ",
                (Some(_), " ") => "·",
                (_, g) => g,
            });
            text.push(' ');
        }
        let _ = write!(text, " {:>2}", first.map_or(0, |f| f + 1));
        rows.push(row);
        text.push('\n');
    }
    (rows, text.trim_end().to_owned())
}

impl Shown for Checkers {
    fn svg(board: &Board, last: Option<&Move>, from_black: bool, t: &Texts, id: &str) -> String {
        svg(board, last, from_black, t, id)
    }

    fn diagram(board: &Board, from_black: bool) -> (Vec<Vec<Cell>>, String) {
        diagram(board, from_black)
    }

    fn page_parts(board: &Board) -> PageParts {
        PageParts {
            promotion: false,
            routes: Some(legal_moves_of::<Checkers>(board).join(" ")),
            board_builds_lines: false,
            move_label: "page-your-move-label-checkers",
            claim_title: "page-claim-title-checkers",
            ..PageParts::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::checkers::notation::{read, read_position};

    fn en() -> Texts {
        Texts::for_locale("en")
    }

    #[test]
    fn thirty_two_dark_squares_square_one_at_the_top_for_white() {
        let start = Board::start();
        let white = svg(&start, None, false, &en(), "b");
        assert_eq!(white.matches(r#"<rect class="dark""#).count(), 32);
        assert_eq!(white.matches(r#"<rect class="light""#).count(), 32);
        assert_eq!(white.matches("class=\"piece ").count(), 24);
        // Square 1 is b8 for White (top, second column), and at the bottom for Black.
        assert!(white.contains(r#"data-square="1" x="10" y="0""#), "{white}");
        let black = svg(&start, None, true, &en(), "b");
        assert!(black.contains(r#"data-square="1" x="60" y="70""#));
        assert!(white.contains("White at the bottom") && black.contains("Black at the bottom"));
    }

    #[test]
    fn the_last_route_its_captures_and_kings_are_marked() {
        let before = read_position("W:WK26:B14,15,22,23").unwrap();
        let m = read(&before, "26x19x10x17x26").unwrap();
        let mut after = before;
        after.play(&m);
        let s = svg(&after, Some(&m), false, &en(), "b");
        assert_eq!(s.matches(r#"<rect class="last""#).count(), 5);
        assert_eq!(s.matches(r#"<rect class="captured""#).count(), 4);
        assert_eq!(s.matches("class=\"crown white\"").count(), 1);
        assert_eq!(pieces(&after, &en()), "White: K26. Black: .");
    }

    #[test]
    fn the_mail_diagram_shows_men_and_kings_by_their_glyphs() {
        let b = read_position("B:W21,K30:BK1,12").unwrap();
        let (rows, text) = diagram(&b, false);
        assert_eq!(rows.len(), 8);
        assert_eq!(rows.iter().flatten().filter(|c| c.dark).count(), 32);
        assert_eq!(rows[0][1].glyph, "⛃");
        assert_eq!(rows[7][2].glyph, "⛁");
        assert!(text.lines().next().unwrap().ends_with(" 1"), "{text}");
        let (flipped, _) = diagram(&b, true);
        assert_eq!(flipped[7][6].glyph, "⛃");
    }
}
