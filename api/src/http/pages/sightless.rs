//! The game page without sight: what a screen reader user prefers to the board. Headings, the
//! position in words (grouped as a listener takes it in), the board as a real table, the moves
//! as an ordered list, all in spoken notation; the last move announced in a live region; and
//! short questions typed in the move field (the last move, where the pieces are, a file or a
//! rank, the legal moves, the deadline), answered on the page. It works without JavaScript.
//!
//! It is the same page as the board's (`/games/{id}`), chosen by the player's setting ("I play
//! without sight") or per visit with `?view=text` (`?view=board` for the board).

use actix_web::HttpRequest;
use domain::game::spoken::Tongue;
use domain::game::{Rules, Side};
use domain::games::{Game, GameKind, Notation, Position};
use serde::Deserialize;

use crate::app::views::GameView;
use crate::http::auth::Caller;
use crate::http::pages::questions::piece_words;
use crate::i18n::Texts;
use crate::store::PlayerRow;

/// What the page's query says of the view and a question asked.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct ViewQuery {
    view: Option<String>,
    ask: Option<String>,
}

impl ViewQuery {
    pub(crate) fn of(req: &HttpRequest) -> ViewQuery {
        actix_web::web::Query::<ViewQuery>::from_query(req.query_string())
            .map(|q| q.into_inner())
            .unwrap_or_default()
    }

    /// The page without sight: asked for, or the viewer's setting unless the board is asked for.
    pub(crate) fn text(&self, viewer: &Caller) -> bool {
        match self.view.as_deref() {
            Some("text") => true,
            Some("board") => false,
            _ => viewer.player().is_some_and(|p| p.without_sight),
        }
    }

    /// The question typed, if one was (a question is short: a longer text is cut, as it is
    /// echoed on the page).
    pub(crate) fn ask(&self) -> Option<&str> {
        let ask = self
            .ask
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())?;
        let cut = ask
            .char_indices()
            .nth(MOST_ASKED)
            .map_or(ask.len(), |(i, _)| i);
        Some(&ask[..cut])
    }
}

/// The longest question echoed.
const MOST_ASKED: usize = 64;

/// `view=text` where the request asked for the page without sight (kept across a form's round).
pub(crate) fn view_param(req: &HttpRequest) -> &'static str {
    match ViewQuery::of(req).view.as_deref() {
        Some("text") => "&view=text",
        Some("board") => "&view=board",
        _ => "",
    }
}

/// `text` as a query's value: every byte but the unreserved ones percent-encoded.
pub(crate) fn query_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Records that a player without sight read a game they play in: their list of games then
/// says what happened since. Failing to record it is logged, not the page's failure.
pub(crate) fn visited(state: &crate::app::AppState, viewer: &Caller, view: &GameView) {
    let Caller::Player(p) = viewer else {
        return;
    };
    let plays = p.id == view.white.id || p.id == view.black.id;
    if p.without_sight && plays {
        let seen = (view.version as i64, view.ply as i64);
        if let Err(e) = crate::app::game_reads::mark_visit(state, &p.id, &view.id, seen) {
            tracing::warn!(error = %e, "a visit was not recorded");
        }
    }
}

/// A move of the list: its number where it opens one, and what was played under it.
pub(crate) struct MoveItem {
    pub value: Option<u32>,
    pub text: String,
}

/// The board as a table: the files' letters, then each rank's number and its squares' words.
pub(crate) struct BoardTable {
    pub files: Vec<String>,
    pub ranks: Vec<(String, Vec<String>)>,
}

/// What the page without sight shows besides what every game page shows.
pub(crate) struct TextParts {
    /// The language the spoken words are in, where it is not the page's (`de`).
    pub words_lang: Option<&'static str>,
    /// The last move: who played it (in the page's words), and the move in spoken words. The
    /// live region reads it, with whose turn it is, when the page changes.
    pub last: Option<(String, String)>,
    pub position: Vec<String>,
    pub table: Option<BoardTable>,
    pub moves: Vec<MoveItem>,
    /// The question typed, and its answer (a line each).
    pub asked: Option<String>,
    pub answer: Vec<String>,
}

/// The tongue a viewer hears moves in: their spoken notation's, else their page's language.
pub(crate) fn tongue_of(viewer: Option<&PlayerRow>, t: &Texts) -> Tongue {
    match viewer.and_then(|p| p.move_notation()) {
        Some(Notation::Spoken(tongue)) => tongue,
        _ => Tongue::for_language(t.lang),
    }
}

/// The page's parts for `game` as `viewer` reads it; `clocks` is the page's clock line.
pub(crate) fn parts(
    game: &Game,
    viewer: &Caller,
    from_black: bool,
    t: &Texts,
    ask: Option<&str>,
    clocks: Option<&str>,
) -> TextParts {
    let tongue = tongue_of(viewer.player(), t);
    let words_lang = (tongue.code() != t.lang).then_some(tongue.code());
    let spoken = Some(Notation::Spoken(tongue));
    let moves = list(crate::games::written_moves(game, spoken, t.lang));
    let answer = ask
        .map(|a| crate::http::pages::questions::answer(game, a, tongue, t, clocks))
        .unwrap_or_default();
    TextParts {
        words_lang,
        last: last_said(game, tongue, t),
        position: GameKind::spoken_position(game.position(), tongue),
        table: table(game.position(), from_black, t),
        moves,
        asked: ask.map(str::to_owned),
        answer,
    }
}

fn side_key(side: Side) -> &'static str {
    match side {
        Side::White => "side-white",
        Side::Black => "side-black",
    }
}

/// Who played the last move (in the page's words) and the move in spoken words.
pub(crate) fn last_said(game: &Game, tongue: Tongue, t: &Texts) -> Option<(String, String)> {
    let (pos, m) = game.plies().last()?;
    let side = t.text(side_key(GameKind::turn(&pos)));
    let lead = t.get("page-text-last-move-by", &[("side", side)]);
    Some((lead, GameKind::spoken(&pos, m, tongue)))
}

/// The numbered moves as an ordered list's items: a new item where a number is written.
fn list(written: Vec<(Option<String>, String)>) -> Vec<MoveItem> {
    let mut items: Vec<MoveItem> = Vec::new();
    for (number, text) in written {
        match number {
            Some(n) => {
                let value = n.trim_end_matches(['.', '…']).parse().ok();
                let text = if n.ends_with('…') {
                    format!("… {text}")
                } else if value.is_none() {
                    // A match's score before the game it opens.
                    format!("{n} {text}")
                } else {
                    text
                };
                items.push(MoveItem { value, text });
            }
            None => match items.last_mut() {
                Some(item) => {
                    item.text.push_str("; ");
                    item.text.push_str(&text);
                }
                None => items.push(MoveItem { value: None, text }),
            },
        }
    }
    items
}

/// What happened in `game` since its player last read its page (`seen`: the version and the
/// number of moves then), in a line: the moves since, in words, a draw offered, the end.
pub(crate) fn since(
    game: &Game,
    seen: Option<(i64, i64)>,
    tongue: Tongue,
    t: &Texts,
) -> Option<String> {
    let (version, ply) = seen?;
    if game.version as i64 <= version {
        return Some(t.text("page-since-nothing"));
    }
    let plies: Vec<_> = game.plies().collect();
    let new = plies
        .len()
        .saturating_sub(usize::try_from(ply).unwrap_or(0));
    let mut parts = Vec::new();
    if new > 0 {
        let said: Vec<String> = plies[plies.len() - new.min(3)..]
            .iter()
            .map(|(pos, m)| {
                let side = t.text(side_key(GameKind::turn(pos)));
                format!("{side}: {}", GameKind::spoken(pos, *m, tongue))
            })
            .collect();
        parts.push(t.get(
            "page-since-moves",
            &[("count", new.to_string()), ("moves", said.join("; "))],
        ));
    }
    if game.draw_offer.is_some() {
        parts.push(t.text("page-since-draw"));
    }
    if let domain::game::Status::Finished { result, .. } = &game.status {
        parts.push(t.get("page-since-over", &[("result", result.as_str().to_owned())]));
    }
    if parts.is_empty() {
        parts.push(t.text("page-since-other"));
    }
    Some(parts.join(" "))
}

/// The board as a table, for the games whose squares are named by file and rank (chess, dama).
fn table(pos: &Position, from_black: bool, t: &Texts) -> Option<BoardTable> {
    if !matches!(pos, Position::Chess(_) | Position::Dama(_)) {
        return None;
    }
    let (cells, _) = crate::games::diagram(pos, from_black);
    let files: Vec<String> = if from_black {
        ('a'..='h').rev().map(String::from).collect()
    } else {
        ('a'..='h').map(String::from).collect()
    };
    let ranks = cells
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let rank = if from_black { i + 1 } else { 8 - i };
            let squares = row
                .iter()
                .map(|c| piece_words(c.glyph, t).unwrap_or_default())
                .collect();
            (rank.to_string(), squares)
        })
        .collect();
    Some(BoardTable { files, ranks })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_list_opens_an_item_at_each_number() {
        let written = vec![
            (Some("1.".to_owned()), "Bauer Eva vier".to_owned()),
            (None, "Bauer Eva fuenf".to_owned()),
            (Some("2.".to_owned()), "Springer Felix drei".to_owned()),
        ];
        let items = list(written);
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].value, Some(1));
        assert_eq!(items[0].text, "Bauer Eva vier; Bauer Eva fuenf");
        assert_eq!(items[1].value, Some(2));
        let black_first = list(vec![(Some("12…".to_owned()), "Dame David acht".to_owned())]);
        assert_eq!(black_first[0].value, Some(12));
        assert_eq!(black_first[0].text, "… Dame David acht");
    }

    #[test]
    fn pieces_are_named_in_the_readers_language() {
        let tr = Texts::for_locale("tr");
        assert_eq!(piece_words("♘", &tr).as_deref(), Some("Beyaz at"));
        let en = Texts::for_locale("en");
        assert_eq!(piece_words("♟", &en).as_deref(), Some("Black pawn"));
        assert_eq!(piece_words(" ", &en), None);
    }
}
