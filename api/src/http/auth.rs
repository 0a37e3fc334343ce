//! Who is calling: bearer tokens (random 256-bit, stored only as SHA-256), the admin token from
//! configuration, and the roles admin / organiser / player.

use std::future::Future;
use std::pin::Pin;

use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use domain::game::Locale;

use crate::app::tokens::{self, same_hash, token_hash};
use crate::app::AppState;
use crate::http::error::ApiError;
use crate::store::{PlayerRow, Role};

/// The caller of a request.
#[derive(Debug, Clone)]
pub enum Caller {
    Anonymous,
    Admin,
    Player(Box<PlayerRow>),
}

impl Caller {
    pub fn locale(&self) -> Locale {
        match self {
            Caller::Player(p) => Locale::parse(&p.locale).unwrap_or_default(),
            _ => Locale::En,
        }
    }

    /// Fails with 401 for an anonymous caller.
    pub fn require(&self) -> Result<&Caller, ApiError> {
        match self {
            Caller::Anonymous => Err(ApiError::unauthenticated()),
            c => Ok(c),
        }
    }

    pub fn player(&self) -> Option<&PlayerRow> {
        match self {
            Caller::Player(p) => Some(p),
            _ => None,
        }
    }

    /// The account acting, as the app layer takes it (none: anonymous).
    pub fn account(&self) -> Option<crate::app::actors::Account<'_>> {
        match self {
            Caller::Admin => Some(crate::app::actors::Account::Admin),
            Caller::Player(p) => Some(crate::app::actors::Account::Player(p)),
            Caller::Anonymous => None,
        }
    }

    /// The account acting, or 401 for an anonymous caller.
    pub fn acting(&self) -> Result<crate::app::actors::Account<'_>, ApiError> {
        self.account().ok_or_else(ApiError::unauthenticated)
    }

    /// The admin token, or a player the admin role was given to.
    pub fn is_admin(&self) -> bool {
        match self {
            Caller::Admin => true,
            Caller::Player(p) => p.has_role(Role::Admin),
            Caller::Anonymous => false,
        }
    }

    pub fn is_organiser(&self) -> bool {
        self.player().is_some_and(|p| p.has_role(Role::Organiser))
    }

    /// What the rate limiter keys writes by.
    pub fn limit_key(&self) -> Option<String> {
        match self {
            Caller::Anonymous => None,
            Caller::Admin => Some("admin".into()),
            Caller::Player(p) => Some(format!("player:{}", p.id)),
        }
    }
}

/// The bearer token of a request, if any. A malformed header is an error, not anonymity.
fn bearer(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = req.headers().get(actix_web::http::header::AUTHORIZATION) else {
        return Ok(None);
    };
    let value = value.to_str().map_err(|_| ApiError::unauthenticated())?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty() && t.len() <= 256)
        .ok_or_else(ApiError::unauthenticated)?;
    Ok(Some(token.to_owned()))
}

/// The hash of the bearer token a request carries, if it carries one.
pub fn bearer_hash(req: &HttpRequest) -> Option<String> {
    bearer(req).ok().flatten().map(|t| token_hash(&t))
}

/// A request's credentials, read without touching the database: the caller already known (no
/// credentials, the admin token, a token seen moments ago), or a token or session to look up.
/// A handler that goes to the database anyway takes this and calls [`Credentials::resolve`] on
/// its blocking thread, saving the thread hop [`Caller`]'s own lookup would take.
#[derive(Clone)]
pub enum Credentials {
    Known(Caller),
    Token { hash: String },
    Session { hash: String },
}

/// A request's credentials as first read, kept in its extensions: the rate limits read them
/// before the handler does, and reading them hashes the token and looks it up.
#[derive(Clone)]
struct ReadOnce(Credentials);

impl Credentials {
    /// The request's credentials (read once a request; a refusal is not kept, and is given
    /// again).
    pub fn read(req: &HttpRequest) -> Result<Credentials, ApiError> {
        let kept = req.extensions().get::<ReadOnce>().cloned();
        if let Some(ReadOnce(read)) = kept {
            return Ok(read);
        }
        let read = Self::read_anew(req)?;
        req.extensions_mut().insert(ReadOnce(read.clone()));
        Ok(read)
    }

    fn read_anew(req: &HttpRequest) -> Result<Credentials, ApiError> {
        let Some(token) = bearer(req)? else {
            // The web pages sign in with a session cookie instead of a bearer token; the JSON
            // API takes it for a write only with the page's token, from a page of this site.
            let Some(state) = req.app_data::<web::Data<AppState>>() else {
                return Ok(Credentials::Known(Caller::Anonymous));
            };
            let Some(session) =
                crate::http::csrf::cookie_value(state, req, crate::http::csrf::SESSION_COOKIE)
            else {
                return Ok(Credentials::Known(Caller::Anonymous));
            };
            if let Some(refusal) = crate::http::csrf::api_write_refused(state, req) {
                return Err(refusal);
            }
            return Ok(Credentials::Session {
                hash: token_hash(&session),
            });
        };
        let state = req
            .app_data::<web::Data<AppState>>()
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no app state")))?;
        let hash = token_hash(&token);
        if same_hash(&hash, &state.admin_token_hash) {
            return Ok(Credentials::Known(Caller::Admin));
        }
        // Most requests come with a token seen moments ago: no database for those.
        Ok(match tokens::known_holder(state, &hash) {
            Some(p) => Credentials::Known(Caller::Player(Box::new(p))),
            None => Credentials::Token { hash },
        })
    }

    /// The caller, looked up where needed: this blocks (unless `Known`), so call it off the async
    /// workers. An unknown token is a 401; an unknown or expired session is
    /// anonymity (the pages then offer to sign in).
    pub fn resolve(self, state: &AppState) -> Result<Caller, ApiError> {
        match self {
            Credentials::Known(caller) => Ok(caller),
            Credentials::Token { hash } => match tokens::holder(state, &hash)? {
                Some(p) => Ok(Caller::Player(Box::new(p))),
                None => Err(ApiError::unauthenticated()),
            },
            Credentials::Session { hash } => Ok(tokens::session_holder(state, &hash)?
                .map_or(Caller::Anonymous, |p| Caller::Player(Box::new(p)))),
        }
    }
}

impl FromRequest for Credentials {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Credentials, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Credentials::read(req))
    }
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Caller, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let credentials = Credentials::read(req);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            match credentials? {
                Credentials::Known(caller) => Ok(caller),
                lookup => {
                    let state =
                        state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("no app state")))?;
                    web::block(move || lookup.resolve(&state)).await?
                }
            }
        })
    }
}

/// Game `id`'s projection row, if `caller` may read the game, or the answer: 401 to an
/// anonymous caller who may once signed in, 404 to one who may not (as if there were no such
/// game).
pub(crate) fn read_game(
    state: &AppState,
    id: &str,
    caller: &Caller,
    locale: Locale,
) -> Result<crate::store::GameRow, ApiError> {
    use crate::app::game_reads::{readable_game, Unreadable};
    match readable_game(state, id, caller.player(), caller.is_admin()) {
        Ok(row) => Ok(row),
        Err(Unreadable::NotFound) => Err(ApiError::not_found(locale)),
        Err(Unreadable::SignIn) => Err(ApiError::unauthenticated()),
        Err(Unreadable::Failed(e)) => Err(ApiError::command(e, locale)),
    }
}

/// Tournament `t` may be read by `caller`, or the answer, as [`readable`] answers for a game.
pub(crate) fn tournament_readable(
    t: &domain::tournament::Tournament,
    caller: &Caller,
    locale: Locale,
) -> Result<(), ApiError> {
    use crate::app::reads::Access;
    match crate::app::reads::tournament_access(t, caller.player(), caller.is_admin()) {
        Access::Allowed => Ok(()),
        Access::SignIn => Err(ApiError::unauthenticated()),
        Access::Hidden => Err(ApiError::not_found(locale)),
    }
}

/// Who reads, and in which language (blocking: call it off the async workers).
pub fn reader_of(
    credentials: Credentials,
    reader: &crate::http::page::Reader,
    state: &AppState,
) -> Result<(Caller, crate::i18n::Texts), ApiError> {
    let caller = credentials.resolve(state)?;
    let t = reader.texts(caller.player());
    Ok((caller, t))
}

/// Who reads the page (looked up off the async workers) and in which language.
pub async fn viewer(
    state: &web::Data<AppState>,
    req: &HttpRequest,
) -> Result<(Caller, crate::i18n::Texts), ApiError> {
    let credentials = Credentials::read(req)?;
    let reader = crate::http::page::Reader::of(req);
    let s = state.clone();
    web::block(move || reader_of(credentials, &reader, &s)).await?
}
