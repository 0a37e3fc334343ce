//! The form on a game's page that sets or withdraws a player's conditional lines, judged by the
//! same command as the JSON API. Its panel is [`crate::http::pages::panels`].

use actix_web::{post, web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::app::AppState;
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;
use crate::http::pages::game_page::{render, Refused, Shown};
use crate::http::pages::play::{after, game_id, play};
use domain::games::Command;

#[derive(Deserialize)]
pub struct ConditionalForm {
    action: String,
    lines: Option<String>,
    csrf: Option<String>,
}

/// The lines typed in the page's field: a line a row, moves apart by spaces or commas, move
/// numbers (`1.`, `12…`) left out.
fn typed_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|row| {
            row.split(|c: char| c.is_whitespace() || c == ',')
                .map(without_number)
                .filter(|w| !w.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .filter(|row| !row.is_empty())
        .collect()
}

/// A word without the move number before it (`1.`, `12…`, `3...e5`); a word of digits alone
/// (ICCF numeric) is a move.
fn without_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    if digits > 0 && (rest.starts_with('.') || rest.starts_with('…')) {
        rest.trim_start_matches(['.', '…'])
    } else {
        word
    }
}

/// A player's conditional moves from the page: set (the same command as
/// `PUT /api/v1/games/{id}/conditional-moves`) or withdrawn; then back to the page.
#[post("/games/{id}/conditional")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn conditional_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
    form: web::Form<ConditionalForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let t = page::texts(&req);
    let id = game_id(&id, t)?;
    match form.action.as_str() {
        "withdraw" => {
            return play(
                state,
                &req,
                id,
                Command::WithdrawConditionalMoves,
                String::new(),
            )
            .await
        }
        "set" => {}
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown action {other:?}: use set or withdraw"
            )))
        }
    }
    let (caller, t) = crate::http::auth::viewer(&state, &req).await?;
    let Caller::Player(p) = &caller else {
        return Ok(HttpResponse::SeeOther()
            .insert_header((
                "location",
                format!("/login?lang={}&next=/games/{id}", t.lang),
            ))
            .finish());
    };
    let typed = form.lines.clone().unwrap_or_default();
    let player = domain::PlayerId::parse(&p.id)
        .map_err(|_| ApiError::internal(anyhow::anyhow!("bad player id")))?;
    let preferred = p.read_notation();
    let game = domain::GameId::parse(&id).map_err(|_| ApiError::not_found(t.locale()))?;
    let locale = t.locale();
    let s = state.clone();
    let done = match crate::app::conditional::line_texts(&typed_lines(&typed)) {
        Err(r) => Err(ApiError::rejection(&r, locale)),
        Ok(lines) => crate::app::conditional::set(
            s.into_inner(),
            game,
            player,
            lines,
            None,
            preferred,
            None,
            crate::store::now(),
        )
        .await
        .map(|_| ())
        .map_err(|e| ApiError::command(e, locale)),
    };
    match done {
        Err(e) if e.status.is_client_error() => {
            let shown = Shown {
                refused: Some(Refused {
                    reason: e.reason(&t),
                    typed: String::new(),
                }),
                lines_typed: Some(typed),
                ..Shown::default()
            };
            render(state, &req, id, shown, e.status).await
        }
        done => after(state, &req, id, done, String::new(), t).await,
    }
}

#[cfg(test)]
mod tests {
    use super::typed_lines;

    #[test]
    fn typed_lines_are_rows_of_moves_without_their_numbers() {
        assert_eq!(
            typed_lines("1. e4 e5 2.Nf3 Nc6\n\n  d4, d5 \n12… Kf8 13...Ke8"),
            [
                vec!["e4", "e5", "Nf3", "Nc6"],
                vec!["d4", "d5"],
                vec!["Kf8", "Ke8"]
            ]
        );
        // A move that begins with a digit (ICCF numeric) is a move, not a number.
        assert_eq!(typed_lines("5254 5755"), [vec!["5254", "5755"]]);
    }
}
