//! The board as SVG, drawn on the server: from the viewer's side, with coordinates, the last
//! move and a king in check marked, pieces as Unicode glyphs (no fonts or images fetched), and a
//! text alternative (the board's side and every piece).

use std::fmt::Write;

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use crate::i18n::Texts;

/// Units per square; the coordinates take a margin of `MARGIN` on the left and at the bottom.
const SQUARE: u32 = 10;
const MARGIN: u32 = 4;

/// The glyph a piece is drawn with: the solid shapes for both sides, filled white or black.
fn glyph(role: Role) -> char {
    match role {
        Role::King => '♚',
        Role::Queen => '♛',
        Role::Rook => '♜',
        Role::Bishop => '♝',
        Role::Knight => '♞',
        Role::Pawn => '♟',
    }
}

/// The piece's letter in the text alternative (English SAN; pawns have none).
fn letter(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "N",
        Role::Pawn => "",
    }
}

/// Where a square is drawn: its top-left corner, with `from_black` turning the board.
fn corner(sq: Square, from_black: bool) -> (u32, u32) {
    let (f, r) = (u32::from(sq.file()), u32::from(sq.rank()));
    let (col, row) = if from_black { (7 - f, r) } else { (f, 7 - r) };
    (MARGIN + col * SQUARE, row * SQUARE)
}

/// The SVG of `pos` as seen from Black's side if `from_black`, marking `last` (the move that led
/// to it) and a king in check; `id` names it on its page (several boards may share one).
pub fn svg(pos: &Chess, last: Option<&Move>, from_black: bool, t: &Texts, id: &str) -> String {
    let size = MARGIN + 8 * SQUARE;
    let mut s = String::with_capacity(8 * 1024);
    let title = t.text(if from_black {
        "page-board-black-below"
    } else {
        "page-board-white-below"
    });
    let _ = write!(
        s,
        r#"<svg class="board" viewBox="0 0 {size} {size}" role="img" aria-labelledby="{id}-title {id}-pieces" xmlns="http://www.w3.org/2000/svg"><title id="{id}-title">{title}</title><desc id="{id}-pieces">{}</desc>"#,
        askama::filters::escape(pieces(pos, t), askama::filters::Html)
            .map(|e| e.to_string())
            .unwrap_or_default()
    );
    for sq in Square::ALL {
        let (x, y) = corner(sq, from_black);
        let class = if sq.is_dark() { "dark" } else { "light" };
        let _ = write!(
            s,
            r#"<rect class="{class}" data-square="{sq}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>"#
        );
    }
    let mut marked: Vec<(Square, &str)> = Vec::new();
    if let Some(m) = last {
        if let Some(from) = m.from() {
            marked.push((from, "last"));
        }
        marked.push((m.to(), "last"));
    }
    if pos.is_check() {
        if let Some(king) = pos.board().king_of(pos.turn()) {
            marked.push((king, "check"));
        }
    }
    for (sq, class) in marked {
        let (x, y) = corner(sq, from_black);
        let _ = write!(
            s,
            r#"<rect class="{class}" data-square="{sq}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>"#
        );
    }
    for (sq, piece) in pos.board().clone() {
        let (x, y) = corner(sq, from_black);
        let colour = match piece.color {
            Color::White => "white",
            Color::Black => "black",
        };
        let _ = write!(
            s,
            r#"<text class="piece {colour}" data-square="{sq}" data-role="{}" x="{}" y="{}" text-anchor="middle" dominant-baseline="central" aria-hidden="true">{}</text>"#,
            piece.role.char(),
            x + SQUARE / 2,
            y + SQUARE / 2 + 1,
            glyph(piece.role)
        );
    }
    for i in 0..8u32 {
        let (rank, file) = if from_black {
            (i + 1, 7 - i)
        } else {
            (8 - i, i)
        };
        let _ = write!(
            s,
            r#"<text class="coord" x="{}" y="{}" text-anchor="middle" dominant-baseline="central" aria-hidden="true">{rank}</text><text class="coord" x="{}" y="{}" text-anchor="middle" dominant-baseline="central" aria-hidden="true">{}</text>"#,
            MARGIN / 2,
            i * SQUARE + SQUARE / 2,
            MARGIN + i * SQUARE + SQUARE / 2,
            8 * SQUARE + MARGIN / 2,
            (b'a' + file as u8) as char
        );
    }
    s.push_str("</svg>");
    s
}

/// The text alternative: every piece of each side, king first, then rank by rank from the first.
pub fn pieces(pos: &Chess, t: &Texts) -> String {
    let side = |color: Color| {
        let mut list: Vec<(usize, Square)> = pos
            .board()
            .clone()
            .into_iter()
            .filter(|(_, p)| p.color == color)
            .map(|(sq, p)| {
                let order = [
                    Role::King,
                    Role::Queen,
                    Role::Rook,
                    Role::Bishop,
                    Role::Knight,
                    Role::Pawn,
                ]
                .iter()
                .position(|&r| r == p.role)
                .unwrap_or(6);
                (order, sq)
            })
            .collect();
        list.sort();
        list.iter()
            .map(|&(_, sq)| {
                let role = pos.board().role_at(sq).unwrap_or(Role::Pawn);
                format!("{}{sq}", letter(role))
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    t.get(
        "page-board-pieces",
        &[("white", side(Color::White)), ("black", side(Color::Black))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        domain::chess::position_from_stored_fen(fen).expect("a legal FEN")
    }

    fn en() -> Texts {
        Texts::for_locale("en")
    }

    /// The `(x, y)` of the rect with `class`, in order; each drawn where its square's name says.
    fn rects(svg: &str, class: &str) -> Vec<(u32, u32)> {
        let from_black = svg.contains("Black at the bottom");
        svg.split(&format!(r#"<rect class="{class}" data-square=""#))
            .skip(1)
            .map(|rest| {
                let mut fields = rest.split('"');
                let square: Square = fields.next().unwrap().parse().unwrap();
                let x = fields.nth(1).unwrap().parse().unwrap();
                let y = fields.nth(1).unwrap().parse().unwrap();
                assert_eq!(corner(square, from_black), (x, y), "{square}");
                (x, y)
            })
            .collect()
    }

    #[test]
    fn sixty_four_squares_a1_dark_at_the_viewers_left() {
        let start = shakmaty::Chess::default();
        let white = svg(&start, None, false, &en(), "b");
        assert_eq!(
            rects(&white, "dark").len() + rects(&white, "light").len(),
            64
        );
        // a1 is dark and bottom left for White, top right for Black.
        assert!(rects(&white, "dark").contains(&(MARGIN, 70)));
        let black = svg(&start, None, true, &en(), "b");
        assert!(rects(&black, "dark").contains(&(MARGIN + 70, 0)));
        assert_eq!(white.matches("class=\"piece ").count(), 32);
        assert!(white.contains("White at the bottom") && black.contains("Black at the bottom"));
    }

    #[test]
    fn the_last_move_and_a_check_are_marked() {
        // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+: Black is in check.
        let p = pos("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
        let last = Move::Normal {
            role: Role::Queen,
            from: Square::H5,
            capture: Some(Role::Pawn),
            to: Square::F7,
            promotion: None,
        };
        let s = svg(&p, Some(&last), false, &en(), "b");
        assert_eq!(
            rects(&s, "last"),
            vec![corner(Square::H5, false), corner(Square::F7, false)]
        );
        assert_eq!(rects(&s, "check"), vec![corner(Square::E8, false)]);
        assert!(rects(&svg(&Chess::default(), None, false, &en(), "b"), "check").is_empty());
    }

    #[test]
    fn the_text_alternative_lists_every_piece() {
        let p = pos("4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1");
        assert_eq!(pieces(&p, &en()), "White: Ke1, Ra1, e2. Black: Ke8.");
        let tr = pieces(&p, &Texts::for_locale("tr"));
        assert!(tr.starts_with("Beyaz: Ke1"), "{tr}");
        // Coordinates read from the viewer's side.
        let s = svg(&p, None, true, &en(), "b");
        let first_rank_label = s.split(r#"class="coord""#).nth(1).unwrap();
        assert!(first_rank_label.contains(">1</text>"), "{first_rank_label}");
    }
}
