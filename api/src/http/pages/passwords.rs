//! The settings page's application passwords, for correspondence programs (Xfcc): made with a
//! name, shown once, listed with when each was last used, revoked at once.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::app::app_passwords::{self, CreateError, Created, PasswordName};
use crate::app::AppState;
use crate::http::error::ApiError;
use crate::http::page;
use crate::http::pages::settings::{poster, signed_in};
use crate::i18n::Texts;
use crate::store::{self, PlayerRow};
use crate::zone::Zone;

/// A password as listed: times in the player's zone.
struct Listed {
    id: String,
    name: String,
    created: String,
    last_used: String,
    /// When it was revoked, if it was.
    revoked: Option<String>,
}

#[derive(Template)]
#[template(path = "pages/passwords.html")]
struct PasswordsPage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: &'static str,
    staff: page::Staff,
    refused: Option<String>,
    /// The password just made, shown this once.
    created: Option<Created>,
    /// Where a program sends its calls, and the username it sends.
    service: String,
    username: String,
    rows: Vec<Listed>,
}

async fn render(
    state: web::Data<AppState>,
    req: &HttpRequest,
    p: PlayerRow,
    created: Option<Created>,
    refused: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, ApiError> {
    let t = page::texts_for(req, Some(&p));
    let csrf = crate::http::csrf::Csrf::for_page(&state, req);
    let s = state.clone();
    let id = p.id.clone();
    let rows = web::block(move || app_passwords::list(&s, &id)).await??;
    let zone = Zone::of(&p);
    let at = |micros: i64| t.local_time(store::from_micros(micros), &zone);
    let rows = rows
        .into_iter()
        .map(|r| Listed {
            id: r.id,
            name: r.name,
            created: at(r.created_at),
            last_used: r
                .last_used_at
                .map_or_else(|| t.text("page-passwords-never"), at),
            revoked: r
                .revoked_at
                .map(|w| t.get("page-passwords-revoked", &[("when", at(w))])),
        })
        .collect();
    let page = PasswordsPage {
        t,
        signed_in: Some(t.get("page-signed-in-as", &[("name", p.name.clone())])),
        csrf: csrf.token.clone(),
        here: "/settings",
        staff: page::Staff::of(Some(&p)),
        refused,
        created,
        service: format!("{}/xfcc/XfccBasic.asmx", state.public_url),
        username: p.email.clone().unwrap_or_default(),
        rows,
    };
    Ok(csrf.answer(page::html(status, &page)?))
}

#[get("/settings/passwords")]
pub async fn passwords_page(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    match signed_in(&state, &req, "/settings/passwords").await? {
        Ok(p) => render(state, &req, p, None, None, StatusCode::OK).await,
        Err(to_sign_in) => Ok(to_sign_in),
    }
}

#[derive(Deserialize)]
pub struct CreateForm {
    name: String,
    csrf: Option<String>,
}

/// Makes a password and shows it, this once.
#[post("/settings/passwords")]
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
    let name = match PasswordName::parse(&form.name) {
        Ok(n) => n,
        Err(_) => {
            let why = t.get(
                "page-passwords-bad-name",
                &[("max", app_passwords::MAX_NAME_CHARS.to_string())],
            );
            return render(state, &req, p, None, Some(why), StatusCode::BAD_REQUEST).await;
        }
    };
    if p.email.is_none() {
        let why = t.text("page-passwords-no-email");
        return render(state, &req, p, None, Some(why), StatusCode::CONFLICT).await;
    }
    let s = state.clone();
    let id = p.id.clone();
    let made = web::block(move || app_passwords::create(&s, &id, &name)).await?;
    match made {
        Ok(created) => render(state, &req, p, Some(created), None, StatusCode::OK)
            .await
            .map(crate::http::headers::no_store),
        Err(CreateError::TooMany) => {
            let why = t.get(
                "page-passwords-too-many",
                &[("max", app_passwords::MAX_LIVE.to_string())],
            );
            render(state, &req, p, None, Some(why), StatusCode::CONFLICT).await
        }
        Err(CreateError::Store(e)) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct RevokeForm {
    id: String,
    csrf: Option<String>,
}

/// Revokes a password: it fails from the next call on.
#[post("/settings/passwords/revoke")]
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
    if web::block(move || app_passwords::revoke(&s, &me, &id)).await?? {
        return Ok(HttpResponse::SeeOther()
            .insert_header(("location", format!("/settings/passwords?lang={}", t.lang)))
            .finish());
    }
    let why = t.text("page-passwords-unknown");
    render(state, &req, p, None, Some(why), StatusCode::NOT_FOUND).await
}
