//! The admin's page: the instance's accounts (organisers and admins first, then players,
//! searchable by name or address), and organisers made or unmade.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::app::{new_accounts, AppState};
use crate::http::auth::Caller;
use crate::http::error::ApiError;
use crate::http::page;
use crate::i18n::Texts;
use crate::store::{PlayerRow, Role};

/// The most accounts the page lists at once.
const LISTED: i64 = 200;

/// An account as the page lists it.
struct Account {
    id: String,
    name: String,
    email: String,
    organiser: bool,
    admin: bool,
    /// The reader's own account: the page offers no change to it.
    me: bool,
    /// The buttons' names for a screen reader, with the account's name.
    grant_label: String,
    revoke_label: String,
}

#[derive(Template)]
#[template(path = "pages/admin.html")]
struct AdminPage {
    t: Texts,
    signed_in: Option<String>,
    csrf: String,
    here: &'static str,
    staff: page::Staff,
    search: String,
    done: Option<String>,
    accounts: Vec<Account>,
}

/// The signed-in admin, or the answer for anyone else (to sign in; 403 for the rest).
async fn admin(
    state: &web::Data<AppState>,
    req: &HttpRequest,
) -> Result<Result<(PlayerRow, Texts), HttpResponse>, ApiError> {
    let (caller, t) = crate::http::auth::viewer(state, req).await?;
    match caller {
        Caller::Player(p) if p.has_role(Role::Admin) => Ok(Ok((*p, t))),
        Caller::Player(_) => {
            let notice = page::Notice {
                t,
                title: "page-admin",
                text: "page-admin-only",
                link: Some(("/", "page-my-games")),
            };
            Ok(Err(page::html(StatusCode::FORBIDDEN, &notice)?))
        }
        _ => Ok(Err(HttpResponse::SeeOther()
            .insert_header(("location", format!("/login?lang={}&next=/admin", t.lang)))
            .finish())),
    }
}

#[derive(Deserialize)]
pub struct AdminQuery {
    q: Option<String>,
    done: Option<String>,
}

#[get("/admin")]
pub async fn admin_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<AdminQuery>,
) -> Result<HttpResponse, ApiError> {
    let (me, t) = match admin(&state, &req).await? {
        Ok(a) => a,
        Err(answer) => return Ok(answer),
    };
    let search = query
        .q
        .as_deref()
        .map(str::trim)
        .filter(|q| !q.is_empty())
        .map(|q| q.chars().take(100).collect::<String>());
    let s = state.clone();
    let looked_for = search.clone();
    let admin_row = me.clone();
    let rows = web::block(move || {
        let account = crate::app::actors::Account::Player(&admin_row);
        new_accounts::accounts(&s, account, looked_for.as_deref(), LISTED)
    })
    .await?
    .map_err(|e| crate::http::refusals::account_refused(e, t.locale()))?;
    let done = match query.done.as_deref() {
        Some("granted") => Some(t.text("page-admin-granted")),
        Some("revoked") => Some(t.text("page-admin-revoked")),
        _ => None,
    };
    let csrf = crate::http::csrf::Csrf::for_page(&state, &req);
    let page = AdminPage {
        t,
        signed_in: Some(t.get("page-signed-in-as", &[("name", me.name.clone())])),
        csrf: csrf.token.clone(),
        here: "/admin",
        staff: page::Staff::of(Some(&me)),
        search: search.unwrap_or_default(),
        done,
        accounts: rows
            .into_iter()
            .map(|p| Account {
                grant_label: t.get("page-admin-grant-who", &[("name", p.name.clone())]),
                revoke_label: t.get("page-admin-revoke-who", &[("name", p.name.clone())]),
                organiser: p.has_role(Role::Organiser),
                admin: p.has_role(Role::Admin),
                me: p.id == me.id,
                email: p.email.unwrap_or_default(),
                id: p.id,
                name: p.name,
            })
            .collect(),
    };
    Ok(csrf.answer(page::html(StatusCode::OK, &page)?))
}

#[derive(Deserialize)]
pub struct OrganiserForm {
    player: String,
    /// `grant` or `revoke`.
    change: String,
    csrf: Option<String>,
}

/// Makes a player an organiser, or no longer one: their players, games and tournaments stay
/// theirs, and they manage them again if made an organiser again.
#[post("/admin/organisers")]
pub async fn set_organiser(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<OrganiserForm>,
) -> Result<HttpResponse, ApiError> {
    if let Some(refusal) = crate::http::csrf::refused(&state, &req, form.csrf.as_deref())? {
        return Ok(refusal);
    }
    let (me, t) = match admin(&state, &req).await? {
        Ok(a) => a,
        Err(answer) => return Ok(answer),
    };
    let grant = match form.change.as_str() {
        "grant" => true,
        "revoke" => false,
        _ => return Err(ApiError::bad_request("change is grant or revoke")),
    };
    let (s, id, admin_row) = (state.clone(), form.player.clone(), me.clone());
    let found = web::block(move || {
        let account = crate::app::actors::Account::Player(&admin_row);
        new_accounts::set_organiser(&s, account, &id, grant)
    })
    .await?
    .map_err(|e| crate::http::refusals::account_refused(e, t.locale()))?;
    if !found {
        return Err(ApiError::not_found(t.locale()));
    }
    let done = if grant { "granted" } else { "revoked" };
    Ok(HttpResponse::SeeOther()
        .insert_header(("location", format!("/admin?lang={}&done={done}", t.lang)))
        .finish())
}
