//! Operations: health, metrics, the OpenAPI document, and the home page.

use actix_web::{get, web, HttpRequest, HttpResponse};
use askama::Template;

use super::error::ApiError;
use crate::app::AppState;

#[get("/healthz")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let store = state.store.clone();
    match web::block(move || store.ping()).await {
        Ok(Ok(())) => HttpResponse::Ok().json(serde_json::json!({ "status": "ok" })),
        _ => HttpResponse::ServiceUnavailable().json(serde_json::json!({
            "error": { "code": "unavailable", "message": "the database is not reachable" }
        })),
    }
}

#[get("/metrics")]
pub async fn metrics(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4")
        .body(state.metrics.render() + &commit_metrics(&state.store.commit_stats))
}

/// The group committer's counters: appends per transaction is their ratio.
fn commit_metrics(stats: &crate::store::group::CommitStats) -> String {
    use std::sync::atomic::Ordering::Relaxed;
    format!(
        "# HELP zarf_store_transactions_total Transactions the group committer wrote\n\
         # TYPE zarf_store_transactions_total counter\n\
         zarf_store_transactions_total {}\n\
         # HELP zarf_store_appends_total Appends (one command's events each) written by them\n\
         # TYPE zarf_store_appends_total counter\n\
         zarf_store_appends_total {}\n",
        stats.transactions.load(Relaxed),
        stats.appends.load(Relaxed)
    )
}

#[get("/api/v1/openapi.json")]
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(super::openapi_json())
}

/// The README (with the worked example), as plain text.
#[get("/README.md")]
pub async fn readme() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/markdown; charset=utf-8")
        .body(include_str!("../../../README.md"))
}

#[derive(Template)]
#[template(path = "pages/game.html")]
struct GamePage<'a> {
    t: crate::i18n::Texts,
    g: &'a crate::app::views::GameView,
    /// The board as SVG, from the viewer's side.
    board: String,
    /// "Signed in as …" for a signed-in viewer.
    signed_in: Option<String>,
    csrf: String,
    /// Where the game stands, and who is to move or how it ended.
    state: String,
}

impl GamePage<'_> {
    fn state_of(t: crate::i18n::Texts, g: &crate::app::views::GameView) -> String {
        let status = match g.status.as_str() {
            "finished" => t.text("page-game-finished"),
            "adjourned" => t.text("page-game-adjourned"),
            _ => t.text("page-game-active"),
        };
        match (&g.result, &g.termination) {
            (Some(result), Some(how)) => {
                let how = t.text(&format!("termination-{how}"));
                format!("{status} · {result} ({how})")
            }
            (Some(result), None) => format!("{status} · {result}"),
            _ if g.to_move == "black" => format!("{status} · {}", t.text("page-black-to-move")),
            _ => format!("{status} · {}", t.text("page-white-to-move")),
        }
    }
}

/// A game as a page: where mails link.
#[get("/games/{id}")]
pub async fn game_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let t = super::page::texts(&req);
    let locale = t.locale();
    let id = domain::GameId::parse(&id)
        .map_err(|_| ApiError::not_found(locale))?
        .to_string();
    let credentials = super::auth::Credentials::read(&req)?;
    let csrf = super::csrf::Csrf::for_page(&state, &req);
    let s = state.clone();
    let (view, board, signed_in) = web::block(move || -> Result<_, ApiError> {
        let state = s;
        let row = state
            .store
            .game_row(&id)?
            .ok_or_else(|| ApiError::not_found(locale))?;
        let view = crate::app::reads::current_view(&state, &row)
            .map_err(|e| ApiError::command(e, locale))?;
        // The board from the log's fold (this server's cache, mostly): its last move too.
        let folded = state.folds.current(&state.store, &id)?;
        let game = folded
            .state
            .game()
            .ok_or_else(|| ApiError::not_found(locale))?;
        let viewer = credentials.resolve(&state.store)?;
        let from_black = matches!(&viewer, super::auth::Caller::Player(p) if p.id == view.black.id);
        let board = super::board::svg(
            game.position(),
            game.moves().last(),
            from_black,
            &t,
            "board",
        );
        let signed_in = match &viewer {
            super::auth::Caller::Player(p) => {
                Some(t.get("page-signed-in-as", &[("name", p.name.clone())]))
            }
            _ => None,
        };
        Ok((view, board, signed_in))
    })
    .await??;
    let page = GamePage {
        signed_in,
        csrf: csrf.token.clone(),
        t,
        state: GamePage::state_of(t, &view),
        g: &view,
        board,
    };
    Ok(csrf.answer(super::page::html(actix_web::http::StatusCode::OK, &page)?))
}
