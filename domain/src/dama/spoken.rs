//! Dama moves and positions in words, for players who play without sight: a square is its file
//! and its rank in words.
//!
//! - English: `d three to d four`, a capture with every landing square
//!   `b three takes d three takes d five`, crowning `…, crowned`.
//! - German, with the Laws' names of the files (Anna, Bella, Cesar, David, Eva, Felix,
//!   Gustav, Hektor): `David drei nach David vier`, `Bella drei schlaegt David drei schlaegt
//!   David fuenf`, `…, wird Dame`.
//! - Turkish, the verb last: `d üç'ten d dört'e`, `b üç'ten d üç'e, d beş'e alır`,
//!   `…, dama olur`.
//!
//! Reading takes the squares in order (a file word, or a plain letter in any tongue, then a
//! rank) and lets the usual reader find the move.

use super::board::{squares_of, Board, Move, Square};
use super::notation;
use crate::game::speech::{self, turkish_number, Case, Token};
use crate::game::spoken::Tongue;
use crate::game::{ReadError, Side};

/// The Laws' names of the files, as German speaks them.
const GERMAN_FILES: [&str; 8] = [
    "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hektor",
];

/// A file (0–7) in words.
fn file(col: u8, tongue: Tongue) -> String {
    match tongue {
        Tongue::German => GERMAN_FILES[usize::from(col)].to_owned(),
        _ => char::from(b'a' + col).to_string(),
    }
}

/// A square in words (`d three`, `David drei`, `d üç`), the rank in `case` in Turkish.
fn square(sq: Square, tongue: Tongue, case: Option<Case>) -> String {
    let rank = u32::from(sq / 8) + 1;
    let rank = match (tongue, case) {
        (Tongue::Turkish, Some(case)) => turkish_number(rank, case),
        _ => tongue.number(rank),
    };
    format!("{} {rank}", file(sq % 8, tongue))
}

/// `m`, a legal move of `board`, in words (the route the record writes).
pub fn spoken(board: &Board, m: &Move, tongue: Tongue) -> String {
    let route = board.route(m);
    let path = route.squares();
    let capture = route.captured != 0;
    let mut out = match tongue {
        Tongue::English | Tongue::German => {
            let link = match (tongue, capture) {
                (Tongue::English, false) => " to ",
                (Tongue::English, true) => " takes ",
                (_, false) => " nach ",
                (_, true) => " schlaegt ",
            };
            path.iter()
                .map(|&s| square(s, tongue, None))
                .collect::<Vec<_>>()
                .join(link)
        }
        Tongue::Turkish => {
            let mut text = square(path[0], tongue, Some(Case::Ablative));
            for (i, &s) in path[1..].iter().enumerate() {
                text.push_str(if i == 0 { " " } else { ", " });
                text.push_str(&square(s, tongue, Some(Case::Dative)));
            }
            if capture {
                text.push_str(" alır");
            }
            text
        }
    };
    if route.crowned {
        out.push_str(match tongue {
            Tongue::English => ", crowned",
            Tongue::German => ", wird Dame",
            Tongue::Turkish => ", dama olur",
        });
    }
    out
}

/// The file a folded word names: a plain letter in any tongue, the German file names, and the
/// letters' names as English and Turkish speak them (`bee`, `see`; `be`, `ce`).
fn file_named(tongue: Tongue, word: &str) -> Option<u8> {
    if let [c @ b'a'..=b'h'] = word.as_bytes() {
        return Some(c - b'a');
    }
    let names: &[(&str, u8)] = match tongue {
        Tongue::English => &[
            ("bee", 1),
            ("see", 2),
            ("sea", 2),
            ("cee", 2),
            ("dee", 3),
            ("ef", 5),
            ("eff", 5),
            ("gee", 6),
            ("aitch", 7),
        ],
        Tongue::German => &[
            ("anna", 0),
            ("bella", 1),
            ("caesar", 2),
            ("casar", 2),
            ("cesar", 2),
            ("david", 3),
            ("eva", 4),
            ("emil", 4),
            ("felix", 5),
            ("gustav", 6),
            ("hektor", 7),
            ("hector", 7),
        ],
        Tongue::Turkish => &[
            ("be", 1),
            ("ce", 2),
            ("de", 3),
            ("fe", 5),
            ("ge", 6),
            ("he", 7),
            ("ha", 7),
        ],
    };
    names.iter().find(|(n, _)| *n == word).map(|&(_, c)| c)
}

/// Words a spoken dama move may hold besides its squares.
fn filler(tongue: Tongue, word: &str) -> bool {
    let words: &[&str] = match tongue {
        Tongue::English => &[
            "to", "from", "takes", "take", "captures", "x", "then", "and", "crowned", "becomes",
            "king", "dama",
        ],
        Tongue::German => &[
            "nach", "von", "schlaegt", "schlagt", "x", "und", "dann", "wird", "dame",
        ],
        Tongue::Turkish => &["alir", "alarak", "ve", "x", "dama", "olur"],
    };
    words.contains(&word)
}

/// The legal move a spoken text names in `tongue`: its squares in order, as the usual reader
/// takes them.
pub fn read(board: &Board, text: &str, tongue: Tongue) -> Result<Move, ReadError> {
    let wants_number = |w: &str| file_named(tongue, w).is_some();
    let tokens = speech::tokens(tongue, text, &[], &wants_number);
    let mut squares: Vec<String> = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        match &tokens[k] {
            Token::Word(w) => {
                if let Some(col) = file_named(tongue, w) {
                    let Some(Token::Number(rank @ 1..=8)) = tokens.get(k + 1) else {
                        return Err(ReadError::Unparseable);
                    };
                    squares.push(notation::square_name(col + 8 * (*rank as u8 - 1)));
                    k += 2;
                    continue;
                }
                if !filler(tongue, w) {
                    return Err(ReadError::Unparseable);
                }
            }
            Token::Number(_) => return Err(ReadError::Unparseable),
            Token::From | Token::To | Token::Break => {}
        }
        k += 1;
    }
    if squares.len() < 2 {
        return Err(ReadError::Unparseable);
    }
    match notation::read(board, &squares.join("x")) {
        Err(ReadError::Ambiguous { candidates }) => {
            let moves = board.moves();
            Err(ReadError::Ambiguous {
                candidates: candidates
                    .iter()
                    .filter_map(|c| {
                        moves
                            .iter()
                            .find(|m| notation::write(&board.route(m)) == *c)
                    })
                    .map(|m| spoken(board, m, tongue))
                    .collect(),
            })
        }
        read => read,
    }
}

/// The position in words: each side's men and kings by square, and whose move it is.
pub fn position(board: &Board, tongue: Tongue) -> Vec<String> {
    let mut lines = Vec::new();
    for side in [Side::White, Side::Black] {
        let name = speech::side_name(side, tongue);
        let pieces = board.pieces(side);
        if pieces == 0 {
            lines.push(match tongue {
                Tongue::English => format!("{name}: no pieces"),
                Tongue::German => format!("{name}: keine Steine"),
                Tongue::Turkish => format!("{name}: taş yok"),
            });
            continue;
        }
        for (set, king) in [
            (pieces & !board.kings(), false),
            (pieces & board.kings(), true),
        ] {
            if set == 0 {
                continue;
            }
            let one = set.count_ones() == 1;
            let label = match (tongue, king, one) {
                (Tongue::English, false, true) => "man",
                (Tongue::English, false, false) => "men",
                (Tongue::English, true, true) => "king",
                (Tongue::English, true, false) => "kings",
                (Tongue::German, false, true) => "Stein",
                (Tongue::German, false, false) => "Steine",
                (Tongue::German, true, true) => "Dame",
                (Tongue::German, true, false) => "Damen",
                (Tongue::Turkish, false, true) => "taş",
                (Tongue::Turkish, false, false) => "taşlar",
                (Tongue::Turkish, true, true) => "dama",
                (Tongue::Turkish, true, false) => "damalar",
            };
            let squares: Vec<String> = squares_of(set).map(|s| square(s, tongue, None)).collect();
            lines.push(format!("{name}: {label} {}", squares.join(", ")));
        }
    }
    lines.push(speech::to_move(board.turn(), tongue));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        notation::read_position(text).unwrap()
    }

    #[test]
    fn moves_are_spoken_in_each_tongue() {
        let start = Board::start();
        let m = notation::read(&start, "d3-d4").unwrap();
        assert_eq!(spoken(&start, &m, Tongue::English), "d three to d four");
        assert_eq!(
            spoken(&start, &m, Tongue::German),
            "David drei nach David vier"
        );
        assert_eq!(spoken(&start, &m, Tongue::Turkish), "d üç'ten d dört'e");
        let b = board("W:Wb3:Bc3,d4,a7");
        let m = notation::read(&b, "b3xd3xd5").unwrap();
        assert_eq!(
            spoken(&b, &m, Tongue::English),
            "b three takes d three takes d five"
        );
        assert_eq!(
            spoken(&b, &m, Tongue::German),
            "Bella drei schlaegt David drei schlaegt David fuenf"
        );
        assert_eq!(
            spoken(&b, &m, Tongue::Turkish),
            "b üç'ten d üç'e, d beş'e alır"
        );
        let b = board("W:Wc7:Ba3,h5");
        let m = notation::read(&b, "c7-c8").unwrap();
        assert_eq!(
            spoken(&b, &m, Tongue::English),
            "c seven to c eight, crowned"
        );
        assert_eq!(
            spoken(&b, &m, Tongue::German),
            "Cesar sieben nach Cesar acht, wird Dame"
        );
        assert_eq!(
            spoken(&b, &m, Tongue::Turkish),
            "c yedi'den c sekiz'e, dama olur"
        );
    }

    #[test]
    fn spoken_moves_are_read_tolerantly() {
        let start = Board::start();
        let m = notation::read(&start, "d3-d4").unwrap();
        for (tongue, text) in [
            (Tongue::English, "from d three to d four"),
            (Tongue::English, "dee 3 to dee 4"),
            (Tongue::English, "d3 d4"),
            (Tongue::German, "David drei nach David vier"),
            (Tongue::German, "d drei nach d vier"),
            (Tongue::Turkish, "de uc ten de dorde"),
            (Tongue::Turkish, "d 3'ten d 4'e"),
        ] {
            assert_eq!(read(&start, text, tongue), Ok(m), "{text}");
        }
        assert_eq!(
            read(&start, "d three to d five", Tongue::English),
            Err(ReadError::Illegal)
        );
        assert_eq!(
            read(&start, "d three to nine", Tongue::English),
            Err(ReadError::Unparseable)
        );
    }

    #[test]
    fn the_position_is_spoken_side_by_side() {
        let b = board("B:Wa2,Kd5:Bh7");
        assert_eq!(
            position(&b, Tongue::English),
            [
                "White: man a two",
                "White: king d five",
                "Black: man h seven",
                "Black to move"
            ]
        );
        assert_eq!(
            position(&b, Tongue::German),
            [
                "Weiss: Stein Anna zwei",
                "Weiss: Dame David fuenf",
                "Schwarz: Stein Hektor sieben",
                "Schwarz am Zug"
            ]
        );
        assert_eq!(position(&b, Tongue::Turkish)[1], "Beyaz: dama d beş");
    }
}
