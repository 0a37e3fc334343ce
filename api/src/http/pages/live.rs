//! Server-sent events for live pages: a game's page hears its game's log grow, My games hears
//! the player's games (D47). Each message is the log's new length (`event: changed`); the page
//! then fetches itself again. A comment every 25 seconds keeps proxies from closing the stream.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::web::Bytes;
use actix_web::{get, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use tokio::sync::{broadcast, mpsc};

use crate::app::live::{game_key, player_key};
use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;

/// How long a quiet stream waits before a keep-alive comment.
const KEEP_ALIVE: Duration = Duration::from_secs(25);

/// The bytes of an event stream, as the task that listens writes them.
struct Events(mpsc::Receiver<Bytes>);

impl futures_core::Stream for Events {
    type Item = Result<Bytes, std::convert::Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx).map(|b| b.map(Ok))
    }
}

fn changed(version: u64) -> Bytes {
    Bytes::from(format!("event: changed\ndata: {version}\n\n"))
}

/// A stream that says `changed` at once if `stale` holds a newer version, then at every word on
/// `heard`, until the reader goes away.
fn stream(mut heard: broadcast::Receiver<u64>, mut stale: Option<u64>) -> HttpResponse {
    let (tx, rx) = mpsc::channel(4);
    actix_web::rt::spawn(async move {
        // Reconnect after five seconds if the connection drops.
        let mut next = Some(Bytes::from_static(b"retry: 5000\n\n"));
        while let Some(bytes) = next.take() {
            if tx.send(bytes).await.is_err() {
                return;
            }
            if let Some(version) = stale.take() {
                if tx.send(changed(version)).await.is_err() {
                    return;
                }
            }
            next = match tokio::time::timeout(KEEP_ALIVE, heard.recv()).await {
                Ok(Ok(version)) => Some(changed(version)),
                // Missed some word: something changed all the same.
                Ok(Err(broadcast::error::RecvError::Lagged(_))) => Some(changed(0)),
                Ok(Err(broadcast::error::RecvError::Closed)) => None,
                Err(_) => Some(Bytes::from_static(b": still here\n\n")),
            };
        }
    });
    HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("cache-control", "no-store"))
        .insert_header(("x-accel-buffering", "no"))
        .streaming(Events(rx))
}

#[derive(Deserialize)]
pub struct LiveQuery {
    /// The log's length the page was drawn at.
    v: Option<u64>,
}

/// A game's page listens here: anyone who may see the page (the version says nothing more).
#[get("/games/{id}/live")]
pub async fn game_live(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    q: web::Query<LiveQuery>,
) -> Result<HttpResponse, ApiError> {
    let t = page::texts(&req);
    let id = domain::GameId::parse(&id)
        .map_err(|_| ApiError::not_found(t.locale()))?
        .to_string();
    // Listen first, then read: a move landing in between is heard either way.
    let heard = state.live.subscribe(&game_key(&id));
    let s = state.clone();
    let key = id.clone();
    let credentials = crate::http::auth::Credentials::read(&req)?;
    let row = web::block(move || -> Result<_, ApiError> {
        let reader = credentials.resolve(&s)?;
        let row = crate::http::auth::read_game(&s, &key, &reader, t.locale())?;
        Ok(row)
    })
    .await??;
    let now = row.last_seq.max(0) as u64;
    let stale = q.v.filter(|&v| v != now).map(|_| now);
    Ok(stream(heard, stale))
}

/// My games listens here: word of any of the signed-in player's games.
#[get("/live")]
pub async fn my_live(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let (caller, _) = crate::http::auth::viewer(&state, &req).await?;
    let Caller::Player(p) = caller else {
        return Err(ApiError::unauthenticated());
    };
    Ok(stream(state.live.subscribe(&player_key(&p.id)), None))
}

/// A tournament's page listens here, as its readers may.
#[get("/tournaments/{id}/live")]
pub async fn tournament_live(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    q: web::Query<LiveQuery>,
) -> Result<HttpResponse, ApiError> {
    let t = page::texts(&req);
    let id = domain::ids::TournamentId::parse(&id)
        .map_err(|_| ApiError::not_found(t.locale()))?
        .to_string();
    let heard = state.live.subscribe(&game_key(&id));
    let s = state.clone();
    let key = id.clone();
    let credentials = crate::http::auth::Credentials::read(&req)?;
    let folded = web::block(move || -> Result<_, ApiError> {
        let folded = crate::app::tournaments::current(&s, &key)?;
        let reader = credentials.resolve(&s)?;
        match &folded.state {
            domain::tournament::TournamentState::Created(tour) => {
                crate::http::auth::tournament_readable(tour, &reader, t.locale())?
            }
            domain::tournament::TournamentState::NotCreated => {
                return Err(ApiError::not_found(t.locale()))
            }
        }
        Ok(folded)
    })
    .await??;
    let now = folded.seq.max(0) as u64;
    let stale = q.v.filter(|&v| v != now).map(|_| now);
    Ok(stream(heard, stale))
}
