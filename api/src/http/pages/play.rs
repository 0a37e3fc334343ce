//! The game page's forms: a move in any accepted notation, a claim, an offer, a resignation,
//! each judged by the same command as the JSON API. A refused one shows the page again
//! ([`crate::http::pages::game_page`]) with the rule's reason in the viewer's language and changes nothing.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use domain::game::tablebase::TablebaseClaim;
use domain::game::{ClaimKind, MoveText};
use serde::Deserialize;

use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;
use crate::http::pages::game_page::{claim_action, render, Refused, Shown};
use crate::i18n::Texts;
use domain::games::{Command, MoveInput};

pub(crate) fn game_id(id: &str, t: Texts) -> Result<String, ApiError> {
    Ok(domain::GameId::parse(id)
        .map_err(|_| ApiError::not_found(t.locale()))?
        .to_string())
}

#[get("/games/{id}")]
pub async fn game_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = game_id(&id, page::texts(&req))?;
    render(state, &req, id, Shown::default(), StatusCode::OK).await
}

#[derive(Deserialize)]
pub struct MoveForm {
    #[serde(rename = "move")]
    mv: String,
    offer_draw: Option<String>,
    /// A message to the opponent with the move.
    message: Option<String>,
    /// A game of dice: the browser's random text for the throws the move causes.
    entropy: Option<String>,
    csrf: Option<String>,
}

/// A move from the page's form: the same command as `POST /api/v1/games/{id}/moves`; then back
/// to the page (a refused move: the page again, with the reason and the text as typed).
#[post("/games/{id}/move")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn move_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<MoveForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let t = page::texts(&req);
    let id = game_id(&id, t)?;
    let typed = form.mv.clone();
    // A question typed in the move field: answered on the page, nothing played.
    if crate::http::pages::questions::Question::parse(&typed).is_some() {
        let ask = crate::http::pages::sightless::query_value(typed.trim());
        return Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/games/{id}?lang={}&view=text&ask={ask}", t.lang),
            ))
            .finish());
    }
    let text = match MoveText::parse(&form.mv) {
        Ok(text) => text,
        Err(e) => {
            tracing::debug!(error = %e, "not a move text");
            let shown = not_a_move_text(t, typed);
            return render(state, &req, id, shown, StatusCode::UNPROCESSABLE_ENTITY).await;
        }
    };
    let command = Command::MakeMove {
        mv: MoveInput {
            text,
            notation: None,
        },
        offer_draw: form.offer_draw.is_some(),
        conditional: Vec::new(),
    };
    let command = match crate::http::pages::talk::with_message(command, form.message.as_deref(), t)
    {
        Ok(command) => command,
        Err(why) => {
            let shown = Shown {
                refused: Some(Refused { reason: why, typed }),
                ..Shown::default()
            };
            return render(state, &req, id, shown, StatusCode::BAD_REQUEST).await;
        }
    };
    play_sent(state, &req, id, command, typed, form.entropy.as_deref()).await
}

/// The page's answer to a text that cannot even be a move (empty, too long, control characters).
fn not_a_move_text(t: Texts, typed: String) -> Shown {
    let reason = t.get(
        "rejection-unparseable-move",
        &[("text", typed.chars().take(MoveText::MAX_CHARS).collect())],
    );
    Shown {
        refused: Some(Refused { reason, typed }),
        ..Shown::default()
    }
}

/// Runs a player's command from the page: back to the page if it is recorded, the page with the
/// reason (and `typed`, the move as typed) if it is refused; to sign in first if no one is.
pub(crate) async fn play(
    state: web::Data<AppState>,
    req: &HttpRequest,
    id: String,
    command: Command,
    typed: String,
) -> Result<HttpResponse, ApiError> {
    play_sent(state, req, id, command, typed, None).await
}

/// As [`play`], with the entropy the page's form carried for the throws the command causes (a
/// game of dice: the browser fills it when the form is sent; empty where it could not).
pub(crate) async fn play_sent(
    state: web::Data<AppState>,
    req: &HttpRequest,
    id: String,
    command: Command,
    typed: String,
    entropy: Option<&str>,
) -> Result<HttpResponse, ApiError> {
    let (caller, t) = crate::http::auth::viewer(&state, req).await?;
    if !matches!(caller, Caller::Player(_)) {
        return Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/login?lang={}&next=/games/{id}", t.lang),
            ))
            .finish());
    }
    let entropy = entropy.filter(|e| !e.is_empty());
    let done = match crate::http::game_commands::sent_entropy(entropy, t.locale()) {
        Ok(entropy) => {
            let locale = t.locale();
            let (state, id) = (state.clone(), id.clone());
            crate::http::game_commands::run_sent(state, caller, id, command, None, locale, entropy)
                .await
                .map(|_| ())
        }
        Err(e) => Err(e),
    };
    after(state, req, id, done, typed, t).await
}

/// Back to the game page after a command from it: recorded, or refused with the reason in the
/// page's language (and `typed`, the text as typed, kept in its field).
pub(crate) async fn after(
    state: web::Data<AppState>,
    req: &HttpRequest,
    id: String,
    done: Result<(), ApiError>,
    typed: String,
    t: Texts,
) -> Result<HttpResponse, ApiError> {
    match done {
        Ok(()) => Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!(
                    "/games/{id}?lang={}{}",
                    t.lang,
                    crate::http::pages::sightless::view_param(req)
                ),
            ))
            .finish()),
        Err(e) if e.status.is_client_error() => {
            let shown = Shown {
                refused: Some(Refused {
                    reason: e.reason(&t),
                    typed,
                }),
                ..Shown::default()
            };
            render(state, req, id, shown, e.status).await
        }
        Err(e) => Err(e),
    }
}

#[derive(Deserialize)]
pub struct ActionForm {
    action: String,
    confirm: Option<String>,
    /// A claim's intended move (9.2, 9.3), if the player writes one.
    intended_move: Option<String>,
    /// A player's own text for the dice (`entropy`, the first dice scheme's), or the browser's
    /// random text for the throws the action causes.
    entropy: Option<String>,
    /// A message to the opponent (`message`: sent alone).
    message: Option<String>,
    csrf: Option<String>,
}

/// A player's action from the page: offer a draw (9.1.2), accept or decline one, resign (after a
/// confirmation step). The same commands as the JSON API; then back to the page.
#[post("/games/{id}/action")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn action_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<ActionForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let t = page::texts(&req);
    let id = game_id(&id, t)?;
    let command = match form.action.as_str() {
        "offer_draw" => Command::OfferDraw,
        "accept_draw" => Command::AcceptDraw,
        "decline_draw" => Command::DeclineDraw,
        "throw_dice" => {
            let command = Command::ThrowDice;
            let entropy = form.entropy.as_deref();
            return play_sent(state, &req, id, command, String::new(), entropy).await;
        }
        "entropy" => Command::AddEntropy {
            text: form.entropy.clone().unwrap_or_default(),
        },
        action
            if ClaimKind::ALL.iter().any(|k| claim_action(*k) == action)
                || TablebaseClaim::parse(action).is_some() =>
        {
            let typed = form.intended_move.clone().unwrap_or_default();
            let intended_move = match typed.trim() {
                "" => None,
                text => match MoveText::parse(text) {
                    Ok(text) => Some(MoveInput {
                        text,
                        notation: None,
                    }),
                    Err(_) => {
                        let shown = not_a_move_text(t, typed);
                        return render(state, &req, id, shown, StatusCode::UNPROCESSABLE_ENTITY)
                            .await;
                    }
                },
            };
            let command = match TablebaseClaim::parse(action) {
                Some(claim) => Command::ClaimTablebase {
                    claim,
                    intended_move,
                },
                None => Command::ClaimDraw {
                    kind: ClaimKind::ALL
                        .into_iter()
                        .find(|k| claim_action(*k) == action)
                        .unwrap_or(ClaimKind::ThreefoldRepetition),
                    intended_move,
                },
            };
            return play(state, &req, id, command, typed).await;
        }
        "message" => {
            let text = form.message.as_deref().unwrap_or_default();
            match domain::game::MessageText::parse(text) {
                Ok(text) => Command::Message { text, with: None },
                Err(_) => {
                    let reason = t.get(
                        "page-message-invalid",
                        &[("max", domain::game::MessageText::MAX_CHARS.to_string())],
                    );
                    let shown = Shown {
                        refused: Some(Refused {
                            reason,
                            typed: String::new(),
                        }),
                        ..Shown::default()
                    };
                    return render(state, &req, id, shown, StatusCode::BAD_REQUEST).await;
                }
            }
        }
        "resign" if form.confirm.as_deref() == Some("yes") => Command::Resign,
        "resign" => {
            let shown = Shown {
                confirm_resign: true,
                ..Shown::default()
            };
            return render(state, &req, id, shown, StatusCode::OK).await;
        }
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown action {other:?}: use offer_draw, accept_draw, decline_draw, \
                 claim_threefold, claim_fifty_moves, claim_forty_moves, claim_no_progress, \
                 tablebase_win, tablebase_draw, throw_dice, entropy, message or resign"
            )))
        }
    };
    play(state, &req, id, command, String::new()).await
}
