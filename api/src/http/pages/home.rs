//! `/`: a signed-in player's games, the most urgent first (their move, nearest deadline first;
//! then the games waiting for the opponent; then finished games with result and PGN); for anyone
//! else, what zarf is and what to do next.

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpRequest, HttpResponse};
use askama::Template;

use crate::app::views::GameView;
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;
use crate::i18n::Texts;
use crate::zone::Zone;

/// One game in the list, as its player sees it.
struct Entry {
    id: String,
    opponent: String,
    /// "White" or "Black": the side the player has.
    side: String,
    /// The last move in SAN with its number (in words, for a player without sight), labelled.
    last_move: Option<String>,
    /// Both clocks and the deadline, in the player's words and time zone.
    clocks: Option<String>,
    /// How it ended, for a finished game.
    result: Option<String>,
    /// For a player without sight: what happened since they last read the game.
    since: Option<String>,
    board: String,
}

#[derive(Template)]
#[template(path = "pages/my-games.html")]
struct MyGames {
    t: Texts,
    csrf: String,
    signed_in: Option<String>,
    /// The reader's id (their profile's address).
    me: String,
    here: &'static str,
    staff: crate::http::page::Staff,
    /// Your move, waiting for the opponent, finished: each a title (its key) and its games.
    sections: [(&'static str, Vec<Entry>); 3],
}

#[derive(Template)]
#[template(path = "pages/index.html")]
struct Welcome {
    t: Texts,
}

/// Both clocks and the deadline of the side to move, in the reader's words and time zone.
pub fn clock_line(view: &GameView, zone: &Zone, t: &Texts) -> Option<String> {
    view.clock.as_ref().map(|c| {
        let mut s = t.get(
            "page-clocks",
            &[
                ("white", t.duration(c.white_seconds)),
                ("black", t.duration(c.black_seconds)),
            ],
        );
        if let Some(at) = c.deadline.as_deref().and_then(|d| t.local_time_of(d, zone)) {
            s.push_str(" · ");
            s.push_str(&t.get("page-deadline", &[("at", at)]));
        }
        s
    })
}

fn entry(view: &GameView, me: &str, zone: &Zone, t: &Texts) -> Entry {
    let white = view.white.id == me;
    let opponent = if white { &view.black } else { &view.white };
    let moves: Vec<&str> = view.moves.iter().collect();
    let last_move = moves.last().map(|m| {
        let n = moves.len().div_ceil(2);
        let numbered = if moves.len() % 2 == 1 {
            format!("{n}. {m}")
        } else {
            format!("{n}… {m}")
        };
        format!("{}: {numbered}", t.text("page-last-move"))
    });
    let clocks = clock_line(view, zone, t);
    let result = view.result.as_ref().map(|r| match &view.termination {
        Some(how) => format!("{r} ({})", t.text(&format!("termination-{how}"))),
        None => r.clone(),
    });
    let board = crate::games::stored_position(&view.game, &view.position)
        .map(|pos| crate::games::board_svg(&pos, None, !white, t, &format!("g{}", view.id)))
        .unwrap_or_default();
    Entry {
        id: view.id.clone(),
        opponent: opponent.name.clone(),
        side: t.text(if white { "side-white" } else { "side-black" }),
        last_move,
        clocks,
        result,
        since: None,
        board,
    }
}

#[get("/")]
pub async fn home(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    let csrf = crate::http::csrf::Csrf::for_page(&state, &req);
    let s = state.clone();
    let mine = web::block(move || -> Result<Option<MyGames>, ApiError> {
        let Caller::Player(p) = caller else {
            return Ok(None);
        };
        let rows = crate::app::game_reads::games_of(&s, &p.id, None, 200)?;
        let mut page = MyGames {
            t,
            csrf: String::new(),
            signed_in: Some(t.get("page-signed-in-as", &[("name", p.name.clone())])),
            me: p.id.clone(),
            here: "/",
            staff: crate::http::page::Staff::of(Some(&p)),
            sections: [
                ("page-your-move", Vec::new()),
                ("page-waiting", Vec::new()),
                ("page-finished-games", Vec::new()),
            ],
        };
        let zone = Zone::of(&p);
        // A player without sight hears each game's last move in words, and what happened since
        // their last visit.
        let seen = if p.without_sight {
            Some(crate::app::game_reads::visits(&s, &p.id)?)
        } else {
            None
        };
        let tongue = crate::http::pages::sightless::tongue_of(Some(&p), &t);
        for row in &rows {
            let view = crate::app::reads::current_view(&s, row)
                .map_err(|e| ApiError::command(e, t.locale()))?;
            let mut e = entry(&view, &p.id, &zone, &t);
            if let Some(seen) = &seen {
                let folded = crate::app::game_reads::folded(&s, &row.id)?;
                if let Some(game) = folded.state.game() {
                    e.last_move = crate::http::pages::sightless::last_said(game, tongue, &t)
                        .map(|(lead, said)| format!("{lead} {said}"));
                    let at = seen.get(&row.id).copied();
                    e.since = crate::http::pages::sightless::since(game, at, tongue, &t);
                }
            }
            let mine = (view.to_move == "white") == (view.white.id == p.id);
            let section = match view.status.as_str() {
                "finished" => 2,
                "active" if mine => 0,
                _ => 1,
            };
            page.sections[section].1.push(e);
        }
        Ok(Some(page))
    })
    .await??;
    let answer = match mine {
        Some(mut page) => {
            page.csrf = csrf.token.clone();
            page::html(StatusCode::OK, &page)?
        }
        None => page::html(StatusCode::OK, &Welcome { t })?,
    };
    Ok(csrf.answer(answer))
}
