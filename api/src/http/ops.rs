//! Operations: health, metrics, the OpenAPI document, and the home page.

use actix_web::{get, web, HttpResponse};

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
