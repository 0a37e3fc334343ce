//! Chess on pages and in mail: the board (SVG for pages, a diagram for mail) and moves written
//! as the reader writes them. The only part of the service besides `domain::chess` that knows
//! shakmaty.

pub mod board;

use domain::chess::{write_move, LetterSet, MoveStyle, Notation};
use shakmaty::{Chess, Color, Move, Position, Role, Square};

use super::{Cell, PageParts, Shown};
use crate::i18n::Texts;

/// How a reader reads moves, written in letters: their own notation, else their language's
/// letters where `by_language` (Turkish letters for Turkish, PGN's English SAN otherwise).
/// The spoken notations are written in words ([`Shown::written`]).
fn style_for(notation: Option<Notation>, lang: &str, by_language: bool) -> MoveStyle {
    match notation {
        Some(n) => match n {
            Notation::San => MoveStyle::Pgn,
            Notation::SanTr => MoveStyle::Fide(LetterSet::Turkish),
            Notation::SanDe => MoveStyle::Fide(LetterSet::German),
            Notation::SanFr => MoveStyle::Fide(LetterSet::French),
            Notation::Uci => MoveStyle::Uci,
            Notation::Iccf => MoveStyle::Iccf,
            Notation::SpokenDe | Notation::SpokenTr | Notation::SpokenEn => MoveStyle::Pgn,
        },
        _ if by_language && lang == "tr" => MoveStyle::Fide(LetterSet::Turkish),
        _ => MoveStyle::Pgn,
    }
}

impl Shown for domain::chess::Chess {
    fn svg(pos: &Chess, last: Option<&Move>, from_black: bool, t: &Texts, id: &str) -> String {
        board::svg(pos, last, from_black, t, id)
    }

    fn diagram(pos: &Chess, from_black: bool) -> (Vec<Vec<Cell>>, String) {
        diagram(pos, from_black)
    }

    fn written(
        pos: &Chess,
        m: Move,
        notation: Option<Notation>,
        lang: &str,
        by_language: bool,
    ) -> String {
        match notation.and_then(Notation::tongue) {
            Some(tongue) => domain::chess::notation::write_spoken(pos, m, tongue),
            None => write_move(pos, m, style_for(notation, lang, by_language)),
        }
    }

    fn page_parts(_: &Chess) -> PageParts {
        PageParts {
            promotion: true,
            routes: None,
            board_builds_lines: true,
            move_label: "page-your-move-label",
            claim_title: "page-claim-title",
            ..PageParts::default()
        }
    }
}

fn glyph(role: Role, color: Color) -> &'static str {
    match (color, role) {
        (Color::White, Role::King) => "♔",
        (Color::White, Role::Queen) => "♕",
        (Color::White, Role::Rook) => "♖",
        (Color::White, Role::Bishop) => "♗",
        (Color::White, Role::Knight) => "♘",
        (Color::White, Role::Pawn) => "♙",
        (Color::Black, Role::King) => "♚",
        (Color::Black, Role::Queen) => "♛",
        (Color::Black, Role::Rook) => "♜",
        (Color::Black, Role::Bishop) => "♝",
        (Color::Black, Role::Knight) => "♞",
        (Color::Black, Role::Pawn) => "♟",
    }
}

/// The board from `side`'s point of view: rows of cells for HTML, and text lines.
pub fn diagram(pos: &Chess, from_black: bool) -> (Vec<Vec<Cell>>, String) {
    let board = pos.board();
    let ranks: Vec<u32> = if from_black {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let files: Vec<u32> = if from_black {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let mut rows = Vec::new();
    let mut text = String::new();
    for &r in &ranks {
        let mut row = Vec::new();
        text.push_str(&format!("{} ", r + 1));
        for &f in &files {
            let sq = Square::from_coords(shakmaty::File::new(f), shakmaty::Rank::new(r));
            let g = board.piece_at(sq).map_or(" ", |p| glyph(p.role, p.color));
            row.push(Cell {
                glyph: g,
                dark: (f + r) % 2 == 0,
            });
            text.push_str(if g == " " { "·" } else { g });
            text.push(' ');
        }
        rows.push(row);
        text.push('\n');
    }
    let letters: Vec<String> = files
        .iter()
        .map(|&f| ((b'a' + f as u8) as char).to_string())
        .collect();
    text.push_str(&format!("  {}", letters.join(" ")));
    (rows, text)
}
