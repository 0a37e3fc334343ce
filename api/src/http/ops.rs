//! Operations: health, metrics, the OpenAPI document, and the home page.

use actix_web::{get, web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::error::ApiError;
use crate::app::AppState;
use crate::i18n::Texts;
use domain::game::Locale;

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
    g: &'a crate::app::views::GameView,
    board: Vec<Vec<crate::mail::render::Cell>>,
}

/// A game as a page: where mails link.
#[get("/games/{id}")]
pub async fn game_page(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let locale = domain::game::Locale::En;
    let id = domain::GameId::parse(&id)
        .map_err(|_| ApiError::not_found(locale))?
        .to_string();
    let view = web::block(move || -> Result<crate::app::views::GameView, ApiError> {
        let row = state
            .store
            .game_row(&id)?
            .ok_or_else(|| ApiError::not_found(locale))?;
        crate::app::reads::current_view(&state, &row).map_err(|e| ApiError::command(e, locale))
    })
    .await??;
    let pos = domain::chess::position_from_stored_fen(&view.fen)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a stored FEN does not read")))?;
    let (board, _) = crate::mail::render::diagram(&pos, false);
    let html = GamePage { g: &view, board }
        .render()
        .map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(html))
}

#[derive(Template)]
#[template(path = "pages/index.html")]
struct Index {
    lang: &'static str,
    tagline: String,
    about: String,
    openapi: String,
    example: String,
}

#[derive(Deserialize)]
pub struct LangQuery {
    lang: Option<String>,
}

/// A short page saying what zarf is (until the web interface lands), in English or Turkish.
#[get("/")]
pub async fn index(req: HttpRequest, q: web::Query<LangQuery>) -> Result<HttpResponse, ApiError> {
    let accept = req
        .headers()
        .get(actix_web::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let turkish = match q.lang.as_deref() {
        Some(l) => l == "tr",
        None => accept.trim_start().starts_with("tr"),
    };
    let t = Texts::of(if turkish { Locale::Tr } else { Locale::En });
    let page = Index {
        lang: t.lang,
        tagline: t.get("index-tagline", &[]),
        about: t.get("index-about", &[]),
        openapi: t.get("index-openapi", &[]),
        example: t.get("index-example", &[]),
    };
    let html = page.render().map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(html))
}
