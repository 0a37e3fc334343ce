//! Short questions a player without sight types in the move field, in Turkish, English or
//! German, answered on the page in words: the last move, where the pieces are, what stands on a
//! file or a rank, the legal moves, the deadline, and what may be asked. Nothing is changed.

use domain::game::spoken::Tongue;
use domain::game::Rules;
use domain::games::{Game, GameKind, Position};

use crate::i18n::Texts;

/// A question the move field takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Question {
    LastMove,
    Position,
    LegalMoves,
    Deadline,
    /// What stands on a file (0 for `a`).
    File(u8),
    /// What stands on a rank (0 for the first).
    Rank(u8),
    Help,
}

const FILE_NAMES: [&str; 8] = [
    "anna", "bella", "cesar", "david", "eva", "felix", "gustav", "hektor",
];

/// A file named by its letter or the Laws' name for it.
fn file(word: &str) -> Option<u8> {
    let letter = match word {
        "caesar" | "zasar" | "zaesar" => return Some(2),
        "hector" => return Some(7),
        w if w.len() == 1 => w.chars().next()?,
        w => return FILE_NAMES.iter().position(|n| *n == w).map(|i| i as u8),
    };
    ('a'..='h').contains(&letter).then(|| letter as u8 - b'a')
}

/// A rank named by its digit or a number word in any of the tongues.
fn rank(word: &str) -> Option<u8> {
    Tongue::ALL.into_iter().find_map(|t| {
        let (n, _) = t.read_number(&[word.to_owned()])?;
        (1..=8).contains(&n).then(|| n as u8 - 1)
    })
}

impl Question {
    /// The question `text` asks, if it is one.
    pub(crate) fn parse(text: &str) -> Option<Question> {
        let words = Tongue::Turkish.words(text);
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let question = match words.as_slice() {
            ["son", "hamle"] | ["son"] | ["last", "move"] | ["last"] | ["letzter", "zug"] => {
                Question::LastMove
            }
            ["taslar"]
            | ["konum"]
            | ["pozisyon"]
            | ["pieces"]
            | ["position"]
            | ["where"]
            | ["stellung"]
            | ["figuren"] => Question::Position,
            ["yasal", "hamleler"]
            | ["yasal"]
            | ["hamleler"]
            | ["legal", "moves"]
            | ["legal"]
            | ["moves"]
            | ["zuge"]
            | ["zuege"] => Question::LegalMoves,
            ["sure"] | ["saat"] | ["zaman"] | ["deadline"] | ["time"] | ["clock"] | ["zeit"] => {
                Question::Deadline
            }
            ["yardim"] | ["help"] | ["hilfe"] | [] => Question::Help,
            ["file" | "hat" | "sutun" | "linie", f]
            | [f, "file" | "hatti" | "sutunu" | "linie"] => Question::File(file(f)?),
            ["rank" | "sira" | "yatay" | "reihe", r] | [r, "rank" | "sira" | "yatay" | "reihe"] => {
                Question::Rank(rank(r)?)
            }
            _ => return None,
        };
        // A lone `?` is no word at all: asked for help only where something was typed.
        (question != Question::Help || !text.trim().is_empty()).then_some(question)
    }
}

/// The answer to `text` in `game`, a line each; `clocks` is the page's clock line.
pub(crate) fn answer(
    game: &Game,
    text: &str,
    tongue: Tongue,
    t: &Texts,
    clocks: Option<&str>,
) -> Vec<String> {
    let Some(question) = Question::parse(text) else {
        return vec![t.get("page-text-unknown", &[("text", text.to_owned())])];
    };
    match question {
        Question::LastMove => last_moves(game, tongue, t),
        Question::Position => GameKind::spoken_position(game.position(), tongue),
        Question::LegalMoves => legal_moves(game, tongue, t),
        Question::Deadline => {
            vec![clocks.map_or_else(|| t.text("page-text-no-clock"), str::to_owned)]
        }
        Question::File(f) => line_of(game.position(), t, |file, _| file == f),
        Question::Rank(r) => line_of(game.position(), t, |_, rank| rank == r),
        Question::Help => vec![t.text("page-text-help")],
    }
}

/// The last move and the one before it (the player's own, which it answered).
fn last_moves(game: &Game, tongue: Tongue, t: &Texts) -> Vec<String> {
    let plies: Vec<_> = game.plies().collect();
    let mut lines = Vec::new();
    for (i, (pos, m)) in plies.iter().rev().take(2).enumerate() {
        let key = if i == 0 {
            "page-text-last-move"
        } else {
            "page-text-before"
        };
        let side = match GameKind::turn(pos) {
            domain::game::Side::White => t.text("side-white"),
            domain::game::Side::Black => t.text("side-black"),
        };
        let said = GameKind::spoken(pos, *m, tongue);
        lines.push(t.get(key, &[("side", side), ("move", said)]));
    }
    if lines.is_empty() {
        lines.push(t.text("page-text-no-moves"));
    }
    lines
}

/// The most legal moves an answer lists (a game of dice may have hundreds of plays).
const MOST_LISTED: usize = 60;

fn legal_moves(game: &Game, tongue: Tongue, t: &Texts) -> Vec<String> {
    let pos = game.position();
    let legal = if game.is_live() {
        GameKind::legal_moves(pos)
    } else {
        Vec::new()
    };
    if legal.is_empty() {
        return vec![t.text("page-text-no-legal")];
    }
    let mut said: Vec<String> = legal
        .iter()
        .map(|m| GameKind::spoken(pos, *m, tongue))
        .collect();
    said.sort();
    let count = said.len();
    let more = count.saturating_sub(MOST_LISTED);
    said.truncate(MOST_LISTED);
    let mut line = t.get(
        "page-text-legal",
        // A spoken move may hold commas (a tavla play): moves apart with semicolons.
        &[("count", count.to_string()), ("moves", said.join("; "))],
    );
    if more > 0 {
        line.push(' ');
        line.push_str(&t.get("page-text-legal-more", &[("more", more.to_string())]));
    }
    vec![line]
}

/// What stands on the squares `on` picks (file, rank from 0), on a board whose squares are
/// named by file and rank.
fn line_of(pos: &Position, t: &Texts, on: impl Fn(u8, u8) -> bool) -> Vec<String> {
    if !matches!(pos, Position::Chess(_) | Position::Dama(_)) {
        return vec![t.text("page-text-no-files")];
    }
    let (cells, _) = crate::games::diagram(pos, false);
    let mut found = Vec::new();
    let mut empty = Vec::new();
    for (row, cells) in cells.iter().enumerate() {
        let rank = 7 - row as u8;
        for (file, cell) in cells.iter().enumerate() {
            let file = file as u8;
            if !on(file, rank) {
                continue;
            }
            let square = format!("{}{}", (b'a' + file) as char, rank + 1);
            match piece_words(cell.glyph, t) {
                Some(piece) => found.push(format!("{square}: {piece}")),
                None => empty.push(square),
            }
        }
    }
    if !empty.is_empty() {
        found.push(t.get("page-text-empty", &[("squares", empty.join(", "))]));
    }
    found
}

/// The words for a piece drawn as `glyph` on a board of squares (chess; checkers and dama men
/// and kings), in the reader's language.
pub(crate) fn piece_words(glyph: &str, t: &Texts) -> Option<String> {
    let (side, piece) = match glyph {
        "♔" => ("side-white", "piece-king"),
        "♕" => ("side-white", "piece-queen"),
        "♖" => ("side-white", "piece-rook"),
        "♗" => ("side-white", "piece-bishop"),
        "♘" => ("side-white", "piece-knight"),
        "♙" => ("side-white", "piece-pawn"),
        "♚" => ("side-black", "piece-king"),
        "♛" => ("side-black", "piece-queen"),
        "♜" => ("side-black", "piece-rook"),
        "♝" => ("side-black", "piece-bishop"),
        "♞" => ("side-black", "piece-knight"),
        "♟" => ("side-black", "piece-pawn"),
        "⛀" => ("side-white", "piece-man"),
        "⛁" => ("side-white", "piece-crowned"),
        "⛂" => ("side-black", "piece-man"),
        "⛃" => ("side-black", "piece-crowned"),
        _ => return None,
    };
    Some(format!("{} {}", t.text(side), t.text(piece).to_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_are_read_in_turkish_english_and_german() {
        assert_eq!(Question::parse("son hamle"), Some(Question::LastMove));
        assert_eq!(Question::parse("Last move?"), Some(Question::LastMove));
        assert_eq!(Question::parse("taşlar"), Some(Question::Position));
        assert_eq!(
            Question::parse("Yasal hamleler"),
            Some(Question::LegalMoves)
        );
        assert_eq!(Question::parse("süre"), Some(Question::Deadline));
        assert_eq!(Question::parse("e hattı"), Some(Question::File(4)));
        assert_eq!(Question::parse("file Eva"), Some(Question::File(4)));
        assert_eq!(Question::parse("Linie Hektor"), Some(Question::File(7)));
        assert_eq!(Question::parse("4. sıra"), Some(Question::Rank(3)));
        assert_eq!(Question::parse("rank four"), Some(Question::Rank(3)));
        assert_eq!(Question::parse("Reihe fünf"), Some(Question::Rank(4)));
        assert_eq!(Question::parse("yardım"), Some(Question::Help));
        assert_eq!(Question::parse("?"), Some(Question::Help));
    }

    #[test]
    fn moves_are_no_questions() {
        for text in [
            "e4",
            "Nf3",
            "Springer Felix drei",
            "At f üç",
            "Knight f three",
            "O-O",
            "11-15",
            "24/18 13/11",
            "file",
            "rank 9",
            "hat i",
            "e",
        ] {
            assert_eq!(Question::parse(text), None, "{text}");
        }
    }
}
