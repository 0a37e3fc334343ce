//! Operations: health, metrics, the OpenAPI document, and the home page.

use actix_web::{get, web, HttpResponse};

use crate::app::reads::Access;
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;

#[get("/healthz")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let tables = serde_json::json!({
        "pieces": state.tablebases.pieces(),
        "files": state.tablebases.files(),
    });
    match web::block(move || crate::app::metrics::store_reachable(&state)).await {
        Ok(true) => {
            HttpResponse::Ok().json(serde_json::json!({ "status": "ok", "tablebases": tables }))
        }
        _ => HttpResponse::ServiceUnavailable().json(serde_json::json!({
            "error": { "code": "unavailable", "message": "the database is not reachable" }
        })),
    }
}

/// The metrics on the main address: for an admin only (401 without a token, 403 for others).
#[get("/metrics")]
pub async fn metrics(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    match crate::app::metrics::may_read(caller.account()) {
        Access::Allowed => Ok(metrics_text(&state)),
        Access::SignIn => Err(ApiError::unauthenticated()),
        Access::Hidden => Err(ApiError::forbidden("the metrics are for the admin")),
    }
}

/// The metrics on the private metrics address: no token.
#[get("/metrics")]
pub async fn open_metrics(state: web::Data<AppState>) -> HttpResponse {
    metrics_text(&state)
}

/// The server on the metrics address (`ZARF_METRICS_BIND`): `/metrics` and nothing else.
pub fn metrics_app(
    state: web::Data<AppState>,
) -> actix_web::App<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    actix_web::App::new()
        .app_data(state)
        .wrap(actix_web::middleware::DefaultHeaders::new().add(("cache-control", "no-store")))
        .service(open_metrics)
}

fn metrics_text(state: &AppState) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4")
        .body(
            state.metrics.render()
                + &commit_metrics(crate::app::metrics::commit_stats(state))
                + &tablebase_metrics(&state.tablebases),
        )
}

/// What the operator's endgame tablebases cover (0 and 0 without tables).
fn tablebase_metrics(tables: &crate::tablebase::Tablebases) -> String {
    format!(
        "# HELP zarf_tablebase_pieces The most pieces (kings included) a table of the server holds\n\
         # TYPE zarf_tablebase_pieces gauge\n\
         zarf_tablebase_pieces {}\n\
         # HELP zarf_tablebase_files Syzygy table files the server registered\n\
         # TYPE zarf_tablebase_files gauge\n\
         zarf_tablebase_files {}\n",
        tables.pieces(),
        tables.files()
    )
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
        .body(crate::http::openapi_json())
}

/// The README (with the worked example), as plain text.
#[get("/README.md")]
pub async fn readme() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/markdown; charset=utf-8")
        .body(include_str!("../../../README.md"))
}
