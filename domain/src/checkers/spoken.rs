//! Checkers moves and positions in words, for players who play without sight: the squares by
//! their PDN numbers in words.
//!
//! - English: `eleven to fifteen`, `twenty-two takes fifteen takes six`, crowning
//!   `…, becomes king`.
//! - German: `elf nach fuenfzehn`, `zweiundzwanzig schlaegt fuenfzehn schlaegt sechs`,
//!   `…, wird Dame`.
//! - Turkish, the verb last: `on bir'den on beş'e`, a capture
//!   `yirmi iki'den on beş'e, altı'ya alır` (from 22 to 15, to 6, takes), `…, dama olur`.
//!
//! Reading takes the squares in order and lets the usual reader find the move, so the words
//! between them may vary: `from`, `to`, `takes`, digits, Turkish endings with or without their
//! apostrophe or letter marks.

use super::board::{Board, Move, Squares};
use super::notation;
use crate::game::speech::{self, turkish_number, Case, Token};
use crate::game::spoken::Tongue;
use crate::game::{ReadError, Side};

/// A square (an index, 0–31) in words.
fn square(sq: u8, tongue: Tongue) -> String {
    tongue.number(u32::from(sq) + 1)
}

/// `m`, a legal move of `board`, in words.
pub fn spoken(board: &Board, m: &Move, tongue: Tongue) -> String {
    let path = m.path();
    let capture = m.is_capture();
    let mut out = match tongue {
        Tongue::English | Tongue::German => {
            let link = match (tongue, capture) {
                (Tongue::English, false) => " to ",
                (Tongue::English, true) => " takes ",
                (_, false) => " nach ",
                (_, true) => " schlaegt ",
            };
            path.iter()
                .map(|&s| square(s, tongue))
                .collect::<Vec<_>>()
                .join(link)
        }
        Tongue::Turkish => {
            let mut text = turkish_number(u32::from(path[0]) + 1, Case::Ablative);
            for (i, &s) in path[1..].iter().enumerate() {
                text.push_str(if i == 0 { " " } else { ", " });
                text.push_str(&turkish_number(u32::from(s) + 1, Case::Dative));
            }
            if capture {
                text.push_str(" alır");
            }
            text
        }
    };
    if m.crowns(board) {
        out.push_str(match tongue {
            Tongue::English => ", becomes king",
            Tongue::German => ", wird Dame",
            Tongue::Turkish => ", dama olur",
        });
    }
    out
}

/// Words a spoken checkers move may hold besides its squares.
fn filler(tongue: Tongue, word: &str) -> bool {
    let words: &[&str] = match tongue {
        Tongue::English => &[
            "to", "from", "takes", "take", "jumps", "captures", "x", "then", "and", "becomes",
            "king", "crowned", "crowns",
        ],
        Tongue::German => &[
            "nach", "von", "schlaegt", "schlagt", "x", "und", "dann", "wird", "dame",
        ],
        Tongue::Turkish => &["alir", "alarak", "ve", "x", "dama", "olur"],
    };
    words.contains(&word)
}

/// The legal move a spoken text names in `tongue`: its squares in order, as the usual reader
/// takes them (the start, the end, and any landing squares between).
pub fn read(board: &Board, text: &str, tongue: Tongue) -> Result<Move, ReadError> {
    let mut squares: Vec<u32> = Vec::new();
    for token in speech::tokens(tongue, text, &[], &|_| false) {
        match token {
            Token::Number(n) if (1..=32).contains(&n) => squares.push(n),
            Token::Number(_) => return Err(ReadError::Unparseable),
            Token::Word(w) if filler(tongue, &w) => {}
            Token::Word(_) => return Err(ReadError::Unparseable),
            Token::From | Token::To | Token::Break => {}
        }
    }
    if squares.len() < 2 {
        return Err(ReadError::Unparseable);
    }
    let written: Vec<String> = squares.iter().map(u32::to_string).collect();
    match notation::read(board, &written.join("x")) {
        Err(ReadError::Ambiguous { candidates }) => {
            let moves = board.moves();
            Err(ReadError::Ambiguous {
                candidates: candidates
                    .iter()
                    .filter_map(|c| moves.iter().find(|m| notation::write(m) == *c))
                    .map(|m| spoken(board, m, tongue))
                    .collect(),
            })
        }
        read => read,
    }
}

/// A set of squares in words, in order.
fn squares(set: Squares, tongue: Tongue) -> String {
    (0..32u8)
        .filter(|s| set & (1 << s) != 0)
        .map(|s| square(s, tongue))
        .collect::<Vec<_>>()
        .join(", ")
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
        for (set, king) in [(pieces & !board.kings, false), (pieces & board.kings, true)] {
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
            lines.push(format!("{name}: {label} {}", squares(set, tongue)));
        }
    }
    lines.push(speech::to_move(board.turn, tongue));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        notation::read_position(fen).unwrap()
    }

    fn named(b: &Board, pdn: &str) -> Move {
        notation::read(b, pdn).unwrap()
    }

    #[test]
    fn moves_are_spoken_in_each_tongue() {
        let start = Board::start();
        let m = named(&start, "11-15");
        assert_eq!(spoken(&start, &m, Tongue::English), "eleven to fifteen");
        assert_eq!(spoken(&start, &m, Tongue::German), "elf nach fuenfzehn");
        assert_eq!(spoken(&start, &m, Tongue::Turkish), "on bir'den on beş'e");
        let b = board("W:W22:B18,10,K3");
        let m = named(&b, "22x15x6");
        assert_eq!(
            spoken(&b, &m, Tongue::English),
            "twenty-two takes fifteen takes six"
        );
        assert_eq!(
            spoken(&b, &m, Tongue::German),
            "zweiundzwanzig schlaegt fuenfzehn schlaegt sechs"
        );
        assert_eq!(
            spoken(&b, &m, Tongue::Turkish),
            "yirmi iki'den on beş'e, altı'ya alır"
        );
        let b = board("W:W5:B20");
        let m = named(&b, "5-1");
        assert_eq!(spoken(&b, &m, Tongue::English), "five to one, becomes king");
        assert_eq!(spoken(&b, &m, Tongue::German), "fuenf nach eins, wird Dame");
        assert_eq!(spoken(&b, &m, Tongue::Turkish), "beş'ten bir'e, dama olur");
    }

    #[test]
    fn spoken_moves_are_read_tolerantly() {
        let start = Board::start();
        let m = named(&start, "11-15");
        for (tongue, text) in [
            (Tongue::English, "from eleven to fifteen"),
            (Tongue::English, "11 to 15"),
            (Tongue::English, "Eleven fifteen"),
            (Tongue::German, "von elf nach fünfzehn"),
            (Tongue::Turkish, "on bir den on beşe"),
            (Tongue::Turkish, "onbirden onbese"),
            (Tongue::Turkish, "11'den 15'e"),
        ] {
            assert_eq!(read(&start, text, tongue), Ok(m), "{text}");
        }
        assert_eq!(
            read(&start, "eleven to sixteen to twenty", Tongue::English),
            Err(ReadError::Illegal)
        );
        assert_eq!(
            read(&start, "eleven please", Tongue::English),
            Err(ReadError::Unparseable)
        );
        assert_eq!(
            read(&start, "thirty-three to one", Tongue::English),
            Err(ReadError::Unparseable)
        );
    }

    #[test]
    fn a_short_spoken_capture_that_names_two_routes_is_ambiguous_in_words() {
        let b = board("W:WK26:B14,15,22,23");
        match read(&b, "twenty-six takes twenty-six", Tongue::English) {
            Err(ReadError::Ambiguous { candidates }) => assert_eq!(
                candidates,
                [
                    "twenty-six takes seventeen takes ten takes nineteen takes twenty-six",
                    "twenty-six takes nineteen takes ten takes seventeen takes twenty-six"
                ]
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_start_is_spoken_side_by_side() {
        let lines = position(&Board::start(), Tongue::English);
        assert_eq!(
            lines,
            [
                "White: men twenty-one, twenty-two, twenty-three, twenty-four, twenty-five, \
                 twenty-six, twenty-seven, twenty-eight, twenty-nine, thirty, thirty-one, \
                 thirty-two",
                "Black: men one, two, three, four, five, six, seven, eight, nine, ten, eleven, \
                 twelve",
                "Black to move"
            ]
        );
        let b = board("W:WK26,9:B");
        assert_eq!(
            position(&b, Tongue::German),
            [
                "Weiss: Stein neun",
                "Weiss: Dame sechsundzwanzig",
                "Schwarz: keine Steine",
                "Weiss am Zug"
            ]
        );
        assert_eq!(
            position(&b, Tongue::Turkish),
            [
                "Beyaz: taş dokuz",
                "Beyaz: dama yirmi altı",
                "Siyah: taş yok",
                "Beyaz oynar"
            ]
        );
    }
}
