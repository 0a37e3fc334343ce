//! A player's bearer tokens on the settings page: listed, made (shown once) and revoked at once.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::app::tokens::{self, IssueError};
use crate::app::AppState;
use crate::http::error::ApiError;
use crate::http::headers::no_store;
use crate::http::page;
use crate::http::pages::settings::{poster, signed_in};
use crate::i18n::Texts;
use crate::store::{self, PlayerRow};
use crate::zone::Zone;

/// A token as listed: times in the player's zone.
struct Listed {
    id: String,
    name: String,
    created: String,
    last_used: String,
}

#[derive(Template)]
#[template(path = "pages/tokens.html")]
struct TokensPage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: &'static str,
    staff: page::Staff,
    refused: Option<String>,
    /// The token just made, shown this once.
    created: Option<String>,
    rows: Vec<Listed>,
}

async fn render(
    state: web::Data<AppState>,
    req: &HttpRequest,
    p: PlayerRow,
    created: Option<String>,
    refused: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, ApiError> {
    let t = page::texts_for(req, Some(&p));
    let csrf = crate::http::csrf::Csrf::for_page(&state, req);
    let s = state.clone();
    let id = p.id.clone();
    let rows = web::block(move || tokens::list(&s, &id)).await??;
    let zone = Zone::of(&p);
    let at = |micros: i64| t.local_time(store::from_micros(micros), &zone);
    let rows = rows
        .into_iter()
        .map(|r| Listed {
            id: r.id,
            name: r.name.unwrap_or_else(|| t.text("page-tokens-unnamed")),
            created: at(r.created_at),
            last_used: r
                .last_used_at
                .map_or_else(|| t.text("page-passwords-never"), at),
        })
        .collect();
    let page = TokensPage {
        t,
        signed_in: Some(t.get("page-signed-in-as", &[("name", p.name.clone())])),
        csrf: csrf.token.clone(),
        here: "/settings",
        staff: page::Staff::of(Some(&p)),
        refused,
        created,
        rows,
    };
    Ok(no_store(csrf.answer(page::html(status, &page)?)))
}

#[get("/settings/tokens")]
pub async fn tokens_page(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    match signed_in(&state, &req, "/settings/tokens").await? {
        Ok(p) => render(state, &req, p, None, None, StatusCode::OK).await,
        Err(to_sign_in) => Ok(to_sign_in),
    }
}

#[derive(Deserialize)]
pub struct CreateForm {
    name: String,
    csrf: Option<String>,
}

/// Makes a token and shows it, this once.
#[post("/settings/tokens")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<CreateForm>,
) -> Result<HttpResponse, ApiError> {
    let p = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(p) => p,
        Err(answer) => return Ok(answer),
    };
    let t = page::texts_for(&req, Some(&p));
    let Some(name) = tokens::token_name(&form.name) else {
        let why = t.get(
            "page-tokens-bad-name",
            &[("max", tokens::MAX_NAME_CHARS.to_string())],
        );
        return render(state, &req, p, None, Some(why), StatusCode::BAD_REQUEST).await;
    };
    let s = state.clone();
    let id = p.id.clone();
    let made = web::block(move || tokens::issue(&s, &id, name.as_deref())).await?;
    match made {
        Ok(token) => render(state, &req, p, Some(token), None, StatusCode::OK).await,
        Err(IssueError::TooMany) => {
            let why = t.get(
                "page-tokens-too-many",
                &[("max", tokens::MAX_TOKENS.to_string())],
            );
            render(state, &req, p, None, Some(why), StatusCode::CONFLICT).await
        }
        Err(IssueError::Store(e)) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct RevokeForm {
    id: String,
    csrf: Option<String>,
}

/// Revokes a token: it fails from the next request on.
#[post("/settings/tokens/revoke")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn revoke_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<RevokeForm>,
) -> Result<HttpResponse, ApiError> {
    let p = match poster(&state, &req, form.csrf.as_deref()).await? {
        Ok(p) => p,
        Err(answer) => return Ok(answer),
    };
    let t = page::texts_for(&req, Some(&p));
    let s = state.clone();
    let (me, id) = (p.id.clone(), form.id.clone());
    if web::block(move || tokens::revoke(&s, &me, &id)).await?? {
        return Ok(HttpResponse::SeeOther()
            .insert_header(("location", format!("/settings/tokens?lang={}", t.lang)))
            .finish());
    }
    let why = t.text("page-tokens-unknown");
    render(state, &req, p, None, Some(why), StatusCode::NOT_FOUND).await
}
