//! How pages and mail show each game: its board (SVG for pages, a diagram of cells for mail) and
//! its moves as the reader writes them. One module per game; the functions here pass each
//! question to the game the position is of. Nothing else in the service draws a board.

pub mod checkers;
pub mod chess;
pub mod dama;
#[cfg(feature = "take-away")]
pub mod take_away;
pub mod tavla;

use domain::game::{MoveCode, Rules};
use domain::games::{Game, GameKind, Move, Notation, Position};

use crate::i18n::Texts;

/// A square of a mail's board diagram.
#[derive(Debug, Clone)]
pub struct Cell {
    pub glyph: &'static str,
    pub dark: bool,
}

/// How pages and mail show one game, answered in the game's own module here: its board, its
/// moves as a reader writes them, and what its page needs beyond them.
pub trait Shown: Rules {
    /// The board of `pos` as SVG, from Black's side if `from_black`, marking `last` (the move
    /// that led to it); `id` names it on its page (several boards may share one).
    fn svg(
        pos: &Self::Position,
        last: Option<&Self::Move>,
        from_black: bool,
        t: &Texts,
        id: &str,
    ) -> String;

    /// The board of `pos` for mail, from Black's side if `from_black`: rows of cells for HTML,
    /// and text lines.
    fn diagram(pos: &Self::Position, from_black: bool) -> (Vec<Vec<Cell>>, String);

    /// `m`, played in `pos`, as a reader writes moves: in their `notation` if they chose one of
    /// this game's, else (where `by_language`) with their language's letters, else as the record
    /// writes it (the default: the record's text).
    fn written(
        pos: &Self::Position,
        m: Self::Move,
        notation: Option<Self::Notation>,
        lang: &str,
        by_language: bool,
    ) -> String {
        let _ = (notation, lang, by_language);
        Self::record(pos, m).written
    }

    /// What the page needs of the game in `pos` beyond its board and moves.
    fn page_parts(pos: &Self::Position) -> PageParts;
}

/// Every game's [`Shown`], side by side: each function passes the question to the game the
/// position is of. A new game adds its module and one line to the list below.
macro_rules! shown {
    ($($(#[$meta:meta])* $variant:ident => $rules:ty),* $(,)?) => {
        /// The board of `pos` as SVG ([`Shown::svg`]).
        pub fn board_svg(
            pos: &Position,
            last: Option<&Move>,
            from_black: bool,
            t: &Texts,
            id: &str,
        ) -> String {
            match pos {
                $($(#[$meta])* Position::$variant(p) => {
                    #[allow(unreachable_patterns)]
                    let last = match last {
                        Some(Move::$variant(m)) => Some(m),
                        _ => None,
                    };
                    <$rules as Shown>::svg(p, last, from_black, t, id)
                })*
            }
        }

        /// The board of `pos` for mail ([`Shown::diagram`]).
        pub fn diagram(pos: &Position, from_black: bool) -> (Vec<Vec<Cell>>, String) {
            match pos {
                $($(#[$meta])* Position::$variant(p) => <$rules as Shown>::diagram(p, from_black),)*
            }
        }

        /// `m`, played in `pos`, as a reader writes moves ([`Shown::written`]): a notation of
        /// another game counts as none.
        pub fn written(
            pos: &Position,
            m: Move,
            notation: Option<Notation>,
            lang: &str,
            by_language: bool,
        ) -> String {
            if let Some(Notation::Spoken(tongue)) = notation {
                return GameKind::spoken(pos, m, tongue);
            }
            match (pos, m) {
                $($(#[$meta])* (Position::$variant(p), Move::$variant(m)) => {
                    #[allow(unreachable_patterns)]
                    let notation = match notation {
                        Some(Notation::$variant(n)) => Some(n),
                        _ => None,
                    };
                    <$rules as Shown>::written(p, m, notation, lang, by_language)
                })*
                #[allow(unreachable_patterns)]
                _ => GameKind::record(pos, m).written,
            }
        }

        /// The page's parts for `game` as it stands ([`Shown::page_parts`]).
        pub fn page_parts(game: &Game) -> PageParts {
            match game.position() {
                $($(#[$meta])* Position::$variant(p) => <$rules as Shown>::page_parts(p),)*
            }
        }
    };
}

#[cfg(not(feature = "take-away"))]
shown! {
    Chess => domain::chess::Chess,
    Checkers => domain::checkers::Checkers,
    Dama => domain::dama::Dama,
    Tavla => domain::tavla::Tavla,
}

#[cfg(feature = "take-away")]
shown! {
    Chess => domain::chess::Chess,
    Checkers => domain::checkers::Checkers,
    Dama => domain::dama::Dama,
    Tavla => domain::tavla::Tavla,
    TakeAway => domain::take_away::TakeAway,
}

/// The move a log's code names in `pos`, as a reader writes moves; `None` where it names none.
pub fn written_code(
    pos: &Position,
    code: &str,
    notation: Option<Notation>,
    lang: &str,
    by_language: bool,
) -> Option<String> {
    let code = MoveCode::parse(code).ok()?;
    let m = GameKind::replay(pos, &code)?;
    Some(written(pos, m, notation, lang, by_language))
}

/// The game's moves as a reader writes them, numbered as a score sheet numbers them: a number
/// before the move of the side that opens each move number (chess: White; checkers: Black), and
/// before the first move where the other side moves first (`12…`); `(=)` after a move a draw
/// was offered with.
pub fn written_moves(
    game: &Game,
    notation: Option<Notation>,
    lang: &str,
) -> Vec<(Option<String>, String)> {
    let opener = GameKind::turn(&game.kind.start());
    let mut score = None;
    game.plies()
        .enumerate()
        .map(|(i, (pos, m))| {
            // A match's moves are not numbered: each game after the first opens with the score.
            let number = if let Some(now) = GameKind::match_score(&pos) {
                let new_game = score.is_some_and(|before| before != (now.white, now.black));
                score = Some((now.white, now.black));
                new_game.then(|| format!("({}–{})", now.white, now.black))
            } else {
                let n = GameKind::move_number(&pos);
                if GameKind::turn(&pos) == opener {
                    Some(format!("{n}."))
                } else if i == 0 {
                    Some(format!("{n}…"))
                } else {
                    None
                }
            };
            let mut text = written(&pos, m, notation, lang, true);
            if game.offered_after(i + 1) {
                text.push_str(" (=)");
            }
            (number, text)
        })
        .collect()
}

/// Each move of the game in words in `tongue`, one to one with the record's moves.
pub fn spoken_moves(game: &Game, tongue: domain::game::spoken::Tongue) -> Vec<String> {
    game.plies()
        .map(|(pos, m)| GameKind::spoken(&pos, m, tongue))
        .collect()
}

/// The legal moves of the side to move, as the record writes them (each exactly as a move
/// request takes it), in natural order: numbers within a move compared as numbers.
pub fn legal_moves(pos: &Position) -> Vec<String> {
    legal_moves_of::<GameKind>(pos)
}

/// [`legal_moves`] in one game's own position.
pub fn legal_moves_of<R: Rules>(pos: &R::Position) -> Vec<String> {
    let mut moves: Vec<String> = R::legal_moves(pos)
        .into_iter()
        .map(|m| R::record(pos, m).written)
        .collect();
    moves.sort_by(|a, b| natural_order(a, b));
    moves
}

/// The order of move texts as people list them: numbers within a text compared as numbers
/// (`9-13` before `10-14`).
pub fn natural_order(a: &str, b: &str) -> std::cmp::Ordering {
    natural_key(a).cmp(&natural_key(b))
}

/// A text as runs of digits (by value) and of other characters, for natural order.
fn natural_key(text: &str) -> Vec<(u64, String)> {
    let mut key = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            key.push((rest[..digits].parse().unwrap_or(u64::MAX), String::new()));
            rest = &rest[digits..];
        } else {
            let other = rest
                .char_indices()
                .find(|(_, c)| c.is_ascii_digit())
                .map_or(rest.len(), |(i, _)| i);
            key.push((0, rest[..other].to_owned()));
            rest = &rest[other..];
        }
    }
    key
}

/// What a game's page needs of the game beyond its board and moves.
#[derive(Default)]
pub struct PageParts {
    /// A pawn reaching the last rank asks which piece it becomes (chess).
    pub promotion: bool,
    /// Every legal move with every square of its route, for moves made on the board by
    /// clicking each square in turn (checkers); `None` where a move is a piece and its square.
    pub routes: Option<String>,
    /// Conditional lines can be built by moving pieces on the board (chess: as UCI).
    pub board_builds_lines: bool,
    /// The message key of the move field's label, with the notations it takes.
    pub move_label: &'static str,
    /// The message key of the draw claims' heading (chess names its Laws' articles).
    pub claim_title: &'static str,
    /// Decisions the player to act takes by a button rather than a written move (tavla: double,
    /// take, drop, resign a game at a level, accept, decline): each as the move it sends and
    /// its label's message key.
    pub decisions: Vec<(String, &'static str)>,
    /// The player to act may ask for their throw (tavla with the cube, instead of doubling; a
    /// match set up with their dice to throw).
    pub throw: bool,
    /// No move is written now (tavla before the dice are thrown, or answering an offer): the
    /// move field is not shown.
    pub no_written_move: bool,
    /// The dice to play, each die as many times as it may be used (`6 2`, `5 5 5 5`), for
    /// moving checker by checker on the board (tavla).
    pub dice: Option<String>,
    /// What the opponent offers and the player to act answers (tavla: a double, a game
    /// resigned): its message key and arguments.
    pub offer: Option<(&'static str, Vec<(&'static str, String)>)>,
}

/// The record of a game of `kind` as a file: its name and media type (PGN for chess, PDN for
/// draughts, a `.mat` match file for tavla).
pub fn record_file(kind: GameKind) -> (&'static str, &'static str) {
    if let Some(own) = kind.record_format().own {
        own
    } else if kind.record_format().game_type.is_some() {
        ("game.pdn", "application/x-pdn")
    } else {
        ("game.pgn", "application/x-chess-pgn")
    }
}

/// The game a log's creation event names (chess where it names none).
pub fn kind_of_log(events: &[domain::game::GameEvent]) -> Option<GameKind> {
    match &events.first()?.body {
        domain::game::EventBody::GameCreated(c) => {
            GameKind::named(c.game.as_deref().unwrap_or(domain::game::UNNAMED_GAME))
        }
        _ => None,
    }
}

/// A game's position from the stored Game view's `game` and `position`.
pub fn stored_position(game: &str, position: &str) -> Option<Position> {
    GameKind::named(game)?.stored_set_up(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_moves_are_in_natural_order() {
        let checkers = legal_moves(&GameKind::Checkers.start());
        assert_eq!(
            checkers,
            ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
        );
        let chess = legal_moves(&GameKind::Chess.start());
        assert_eq!(chess.len(), 20);
        assert_eq!(chess[..4], ["Na3", "Nc3", "Nf3", "Nh3"]);
        assert!(chess.contains(&"e4".to_owned()));
    }
}
