//! A tournament played elsewhere, continued here from its report file.

use super::*;
use crate::app::tournament_import;
use crate::http::tournament_commands::import_refused;

/// The largest report file an import takes (a few thousand players over many rounds).
const MAX_REPORT_BYTES: usize = 2 * 1024 * 1024;

#[utoipa::path(
    post, path = "/api/v1/tournament-imports", tag = "tournaments",
    description = "Continue here a tournament played elsewhere: the body is its report file (TRF-16 or TRF-2026, at most 2 MB). Each of its players gets an account (no e-mail address; a sign-in code gives them access); its rounds, byes and results are recorded as played, and the next round is paired here as the rules give it. Played over the board; the importing organiser runs it.",
    request_body(content = String, content_type = "text/plain", description = "The tournament report file"),
    responses(
        (status = 201, description = "The tournament, as far as it was played", body = TournamentView),
        (status = 403, description = "Only organisers import tournaments", body = ErrorBody),
        (status = 413, description = "The file is over 2 MB", body = ErrorBody),
        (status = 422, description = "invalid_report: the file cannot be read, or its rounds do not agree", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[post("/api/v1/tournament-imports")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn import_tournament(
    state: web::Data<AppState>,
    caller: Caller,
    mut body: web::Payload,
) -> Result<HttpResponse, ApiError> {
    use futures_core::Stream;
    tournament_import::may_import(caller.acting()?)
        .map_err(|e| import_refused(e, caller.locale()))?;
    let mut bytes = Vec::new();
    while let Some(chunk) =
        std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_next(cx)).await
    {
        let chunk = chunk.map_err(|e| ApiError::bad_request(e.to_string()))?;
        if bytes.len() + chunk.len() > MAX_REPORT_BYTES {
            return Err(ApiError::new(
                actix_web::http::StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                "a report file is at most 2 MB",
            ));
        }
        bytes.extend_from_slice(&chunk);
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| tournament_commands::invalid_report("the file is not UTF-8".into()))?;
    let view = import_report(state, &caller, &text).await?;
    Ok(HttpResponse::Created().json(view))
}

/// A report file the service cannot continue, and why.
/// Makes a tournament of the report file `text`, run by `caller`, answering its view.
async fn import_report(
    state: web::Data<AppState>,
    caller: &Caller,
    text: &str,
) -> Result<TournamentView, ApiError> {
    let (id, done) = tournament_commands::import_report(state.clone(), caller, text).await?;
    shown_to(state, caller, &id, &done.folded.state).await
}
