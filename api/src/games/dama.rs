//! Dama on pages and in mail: the board of 64 squares as SVG from the viewer's side (men,
//! kings, the files and ranks named at its edges, the last move's route and its captures
//! marked), and the small diagram.

use std::fmt::Write;

use domain::dama::notation::square_name;
use domain::dama::{Board, Dama, Move};
use domain::game::{Rules, Side};

use super::{Cell, PageParts, Shown};
use crate::i18n::Texts;

/// Units per square.
const SQUARE: u32 = 10;

/// Where a square is drawn: its top-left corner, turned for Black's side.
fn corner(square: u8, from_black: bool) -> (u32, u32) {
    let (row, col) = (square / 8, square % 8);
    let (view_row, view_col) = if from_black {
        (row, 7 - col)
    } else {
        (7 - row, col)
    };
    (u32::from(view_col) * SQUARE, u32::from(view_row) * SQUARE)
}

fn has(set: u64, square: u8) -> bool {
    set & (1 << square) != 0
}

/// The position before `m` led to `after` (a move is a change that undoes itself).
fn before(after: &Board, m: &Move) -> Board {
    let mut inner = after.inner;
    inner.apply_(&m.0);
    inner.swap_turn_();
    Board { inner, ..*after }
}

/// Each side's pieces, kings first, for the board's description.
fn pieces(board: &Board, t: &Texts) -> String {
    let side = |side: Side| {
        let own = board.pieces(side);
        let named = |kings: bool| {
            (0..64u8)
                .filter(move |&s| has(own, s) && has(board.kings(), s) == kings)
                .map(move |s| format!("{}{}", if kings { "K" } else { "" }, square_name(s)))
        };
        named(true)
            .chain(named(false))
            .collect::<Vec<_>>()
            .join(", ")
    };
    t.get(
        "page-board-pieces",
        &[("white", side(Side::White)), ("black", side(Side::Black))],
    )
}

fn svg(board: &Board, last: Option<&Move>, from_black: bool, t: &Texts, id: &str) -> String {
    let size = 8 * SQUARE;
    let mut s = String::with_capacity(12 * 1024);
    let title = t.text(if from_black {
        "page-board-black-below"
    } else {
        "page-board-white-below"
    });
    let _ = write!(
        s,
        r#"<svg class="board dama" viewBox="0 0 {size} {size}" role="img" aria-labelledby="{id}-title {id}-pieces" xmlns="http://www.w3.org/2000/svg"><title id="{id}-title">{title}</title><desc id="{id}-pieces">{}</desc>"#,
        askama::filters::escape(pieces(board, t), askama::filters::Html)
            .map(|e| e.to_string())
            .unwrap_or_default()
    );
    // Every square is played on: one colour, the lines between them drawn.
    for square in 0..64u8 {
        let (x, y) = corner(square, from_black);
        let _ = write!(
            s,
            r#"<rect class="dark" data-square="{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>"#,
            square_name(square)
        );
    }
    if let Some(m) = last {
        let before = before(board, m);
        let route = before.route(m);
        for &square in route.squares() {
            let (x, y) = corner(square, from_black);
            let _ = write!(
                s,
                r#"<rect class="last" data-square="{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>"#,
                square_name(square)
            );
        }
        for square in (0..64u8).filter(|&q| has(route.captured, q)) {
            let (x, y) = corner(square, from_black);
            let _ = write!(
                s,
                r#"<rect class="captured" data-square="{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>"#,
                square_name(square)
            );
        }
    }
    let mut lines = String::new();
    for i in 1..8 {
        let _ = write!(lines, "M{} 0V{size}M0 {}H{size}", i * SQUARE, i * SQUARE);
    }
    let _ = write!(
        s,
        r#"<path d="{lines}" stroke="currentColor" stroke-opacity=".35" stroke-width=".3" fill="none" aria-hidden="true"/>"#
    );
    for square in 0..64u8 {
        let (x, y) = corner(square, from_black);
        let name = square_name(square);
        // Files named along the viewer's bottom row, ranks down the left.
        if y == 7 * SQUARE {
            let _ = write!(
                s,
                r#"<text class="coord" x="{}" y="{}" aria-hidden="true">{}</text>"#,
                f64::from(x + SQUARE) - 2.2,
                f64::from(y + SQUARE) - 0.6,
                &name[..1]
            );
        }
        if x == 0 {
            let _ = write!(
                s,
                r#"<text class="coord" x="0.5" y="{}" aria-hidden="true">{}</text>"#,
                f64::from(y) + 2.6,
                &name[1..]
            );
        }
        let colour = if has(board.pieces(Side::White), square) {
            "white"
        } else if has(board.pieces(Side::Black), square) {
            "black"
        } else {
            continue;
        };
        let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
        let king = has(board.kings(), square);
        let role = if king { "king" } else { "man" };
        let _ = write!(
            s,
            r#"<circle class="piece {colour} {role}" data-square="{name}" cx="{cx}" cy="{cy}" r="3.6"/>"#,
        );
        if king {
            let _ = write!(
                s,
                r#"<text class="crown {colour}" x="{cx}" y="{}" text-anchor="middle" dominant-baseline="central" aria-hidden="true">♛</text>"#,
                f64::from(cy) + 0.3
            );
        }
    }
    s.push_str("</svg>");
    s
}

/// The board for mail: rows of cells for HTML, and text lines with each rank's number.
fn diagram(board: &Board, from_black: bool) -> (Vec<Vec<Cell>>, String) {
    let mut rows = Vec::new();
    let mut text = String::new();
    for view_row in 0..8u8 {
        let row = if from_black { view_row } else { 7 - view_row };
        let mut cells = Vec::new();
        for view_col in 0..8u8 {
            let col = if from_black { 7 - view_col } else { view_col };
            let square = row * 8 + col;
            let king = has(board.kings(), square);
            let glyph = if has(board.pieces(Side::White), square) {
                if king {
                    "⛁"
                } else {
                    "⛀"
                }
            } else if has(board.pieces(Side::Black), square) {
                if king {
                    "⛃"
                } else {
                    "⛂"
                }
            } else {
                " "
            };
            cells.push(Cell { glyph, dark: true });
            text.push_str(if glyph == " " { "·" } else { glyph });
            text.push(' ');
        }
        let _ = write!(text, " {}", row + 1);
        rows.push(cells);
        text.push('\n');
    }
    (rows, text.trim_end().to_owned())
}

impl Shown for Dama {
    fn svg(board: &Board, last: Option<&Move>, from_black: bool, t: &Texts, id: &str) -> String {
        svg(board, last, from_black, t, id)
    }

    fn diagram(board: &Board, from_black: bool) -> (Vec<Vec<Cell>>, String) {
        diagram(board, from_black)
    }

    /// Moves by clicking through a route: every route of every move (a move some routes share
    /// is read the same whichever is clicked).
    fn page_parts(board: &Board) -> PageParts {
        let mut routes: Vec<String> = Dama::legal_moves(board)
            .iter()
            .flat_map(|m| board.routes(m))
            .map(|r| domain::dama::notation::write(&r))
            .collect();
        routes.sort_by(|a, b| super::natural_order(a, b));
        routes.dedup();
        PageParts {
            promotion: false,
            routes: Some(routes.join(" ")),
            board_builds_lines: false,
            move_label: "page-your-move-label-dama",
            claim_title: "page-claim-title-dama",
            ..PageParts::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::dama::notation::read_position;

    #[test]
    fn the_board_names_its_squares_from_the_viewers_side_and_marks_the_last_capture() {
        let t = Texts::for_locale("en");
        let start = Board::start();
        let white = svg(&start, None, false, &t, "b");
        assert!(
            white.contains(r#"data-square="a1" x="0" y="70""#),
            "{white}"
        );
        let black = svg(&start, None, true, &t, "b");
        assert!(
            black.contains(r#"data-square="a1" x="70" y="0""#),
            "{black}"
        );
        assert_eq!(white.matches(r#"class="piece white man""#).count(), 16);

        let before = read_position("W:Wd4:Bd5,e4,f5").unwrap();
        let m = Dama::legal_moves(&before)[0];
        let mut after = before;
        Dama::play(&mut after, m);
        let drawn = svg(&after, Some(&m), false, &t, "b");
        for square in ["d4", "f4", "f6"] {
            assert!(
                drawn.contains(&format!(r#"class="last" data-square="{square}""#)),
                "{square}"
            );
        }
        for square in ["e4", "f5"] {
            assert!(drawn.contains(&format!(r#"class="captured" data-square="{square}""#)));
        }
    }

    #[test]
    fn the_mail_diagram_shows_each_piece() {
        let b = read_position("W:WKa1,b2:Bh8").unwrap();
        let (rows, text) = diagram(&b, false);
        assert_eq!(rows.len(), 8);
        assert_eq!(rows[7][0].glyph, "⛁");
        assert_eq!(rows[6][1].glyph, "⛀");
        assert_eq!(rows[0][7].glyph, "⛂");
        assert!(text.ends_with("⛁ · · · · · · ·  1"), "{text}");
    }
}
