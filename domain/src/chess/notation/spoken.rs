//! Chess moves and positions in words, for players who play without sight (the Laws' appendix
//! for blind and visually impaired players): `Springer Felix drei`, `At f üç`, `Knight f three`.
//!
//! Writing speaks everything a move does: the piece (a pawn too), the square it leaves as far as
//! SAN needs it, a capture, en passant, the piece a pawn becomes, check and mate. Reading
//! ([`read_spoken`]) is tolerant of what a keyboard or speech-to-text makes of those words, and
//! asks (an ambiguous reading) rather than guesses.

use shakmaty::san::{San, Suffix};
use shakmaty::{Board, CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square};

use crate::game::spoken::Tongue;

mod heard;
mod read;

pub use read::read_spoken;

/// The roles in the order a position is spoken: king, queen, rooks, bishops, knights, pawns.
const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// A piece's name, capitalised as the first word of a move.
pub fn piece_word(tongue: Tongue, role: Role) -> &'static str {
    let names: [&str; 6] = match tongue {
        Tongue::German => ["Koenig", "Dame", "Turm", "Laeufer", "Springer", "Bauer"],
        Tongue::Turkish => ["Şah", "Vezir", "Kale", "Fil", "At", "Piyon"],
        Tongue::English => ["King", "Queen", "Rook", "Bishop", "Knight", "Pawn"],
    };
    names[role_index(role)]
}

/// The plural of [`piece_word`], as a position names two pieces of a kind or more.
fn pieces_word(tongue: Tongue, role: Role) -> &'static str {
    let names: [&str; 6] = match tongue {
        Tongue::German => [
            "Koenige", "Damen", "Tuerme", "Laeufer", "Springer", "Bauern",
        ],
        Tongue::Turkish => [
            "Şahlar", "Vezirler", "Kaleler", "Filler", "Atlar", "Piyonlar",
        ],
        Tongue::English => ["Kings", "Queens", "Rooks", "Bishops", "Knights", "Pawns"],
    };
    names[role_index(role)]
}

fn role_index(role: Role) -> usize {
    ROLES
        .iter()
        .position(|&r| r == role)
        .expect("every role is listed")
}

/// A file as the tongue speaks it: German by the Laws' names (Anna … Hektor), Turkish and
/// English by the letter.
pub fn file_word(tongue: Tongue, file: File) -> &'static str {
    const NAMES: [&str; 8] = [
        "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hektor",
    ];
    const LETTERS: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
    match tongue {
        Tongue::German => NAMES[usize::from(file)],
        Tongue::Turkish | Tongue::English => LETTERS[usize::from(file)],
    }
}

/// A rank as the tongue speaks it: its number in words (`fuenf`, `beş`, `five`).
pub fn rank_word(tongue: Tongue, rank: Rank) -> String {
    tongue.number(u32::from(rank) + 1)
}

/// A square in words: file, then rank (`Felix drei`, `f üç`, `f three`).
pub fn square_words(tongue: Tongue, sq: Square) -> String {
    format!(
        "{} {}",
        file_word(tongue, sq.file()),
        rank_word(tongue, sq.rank())
    )
}

/// `m`, a legal move of `pos`, in words in `tongue`.
pub fn write_spoken(pos: &Chess, m: Move, tongue: Tongue) -> String {
    let mut words: Vec<String> = Vec::with_capacity(8);
    match San::from_move(pos, m) {
        San::Castle(side) => words.push(castle_words(tongue, side).to_owned()),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            words.push(piece_word(tongue, role).to_owned());
            if let Some(f) = file {
                words.push(file_word(tongue, f).to_owned());
            }
            if let Some(r) = rank {
                words.push(rank_word(tongue, r));
            }
            if capture {
                words.push(capture_word(tongue).to_owned());
            }
            words.push(square_words(tongue, to));
            if m.is_en_passant() {
                words.push(en_passant_words(tongue).to_owned());
            }
            if let Some(p) = promotion {
                words.push(promotion_words(tongue, p));
            }
        }
        San::Put { .. } | San::Null => unreachable!("standard chess has no drops"),
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    match Suffix::from_position(&after) {
        Some(Suffix::Check) => words.push(check_word(tongue).to_owned()),
        Some(Suffix::Checkmate) => words.push(mate_word(tongue).to_owned()),
        None => {}
    }
    words.join(" ")
}

fn castle_words(tongue: Tongue, side: CastlingSide) -> &'static str {
    match (tongue, side) {
        (Tongue::German, CastlingSide::KingSide) => "Kurze Rochade",
        (Tongue::German, CastlingSide::QueenSide) => "Lange Rochade",
        (Tongue::Turkish, CastlingSide::KingSide) => "Kısa rok",
        (Tongue::Turkish, CastlingSide::QueenSide) => "Uzun rok",
        (Tongue::English, CastlingSide::KingSide) => "Short castle",
        (Tongue::English, CastlingSide::QueenSide) => "Long castle",
    }
}

fn capture_word(tongue: Tongue) -> &'static str {
    match tongue {
        Tongue::German => "schlaegt",
        Tongue::Turkish => "alır",
        Tongue::English => "takes",
    }
}

fn en_passant_words(tongue: Tongue) -> &'static str {
    match tongue {
        Tongue::German | Tongue::English => "en passant",
        Tongue::Turkish => "geçerken alma",
    }
}

/// The piece a pawn becomes: `wird Dame`, `vezir olur`, `becomes queen` (a German noun keeps its
/// capital; Turkish and English write the piece in lower case inside a move).
fn promotion_words(tongue: Tongue, role: Role) -> String {
    let piece = piece_word(tongue, role);
    match tongue {
        Tongue::German => format!("wird {piece}"),
        Tongue::Turkish => format!("{} olur", piece.to_lowercase()),
        Tongue::English => format!("becomes {}", piece.to_lowercase()),
    }
}

fn check_word(tongue: Tongue) -> &'static str {
    match tongue {
        Tongue::German => "Schach",
        Tongue::Turkish => "şah",
        Tongue::English => "check",
    }
}

fn mate_word(tongue: Tongue) -> &'static str {
    match tongue {
        Tongue::German => "Schachmatt",
        Tongue::Turkish => "mat",
        Tongue::English => "checkmate",
    }
}

fn side_word(tongue: Tongue, color: Color) -> &'static str {
    match (tongue, color) {
        (Tongue::German, Color::White) => "Weiss",
        (Tongue::German, Color::Black) => "Schwarz",
        (Tongue::Turkish, Color::White) => "Beyaz",
        (Tongue::Turkish, Color::Black) => "Siyah",
        (Tongue::English, Color::White) => "White",
        (Tongue::English, Color::Black) => "Black",
    }
}

/// The pieces on `board` in words: White's lines, then Black's; each line one kind of piece
/// (king, queen, rooks, bishops, knights, pawns), its squares by file, then rank
/// (`Weiss: Tuerme Anna eins, Felix eins`). Kinds a side does not have are left out.
pub fn spoken_board(board: &Board, tongue: Tongue) -> Vec<String> {
    let mut lines = Vec::new();
    for color in [Color::White, Color::Black] {
        for role in ROLES {
            let mut squares: Vec<Square> = board.by_piece(role.of(color)).into_iter().collect();
            if squares.is_empty() {
                continue;
            }
            squares.sort_by_key(|sq| (sq.file(), sq.rank()));
            let kind = if squares.len() == 1 {
                piece_word(tongue, role)
            } else {
                pieces_word(tongue, role)
            };
            let spoken: Vec<String> = squares.iter().map(|&sq| square_words(tongue, sq)).collect();
            lines.push(format!(
                "{}: {} {}",
                side_word(tongue, color),
                kind,
                spoken.join(", ")
            ));
        }
    }
    lines
}

/// The position's pieces in words (see [`spoken_board`]).
pub fn spoken_position(pos: &Chess, tongue: Tongue) -> Vec<String> {
    spoken_board(pos.board(), tongue)
}

#[cfg(test)]
mod tests;
