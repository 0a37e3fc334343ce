//! The client address of a request: its peer, or behind a trusted proxy the address that proxy
//! forwarded (`app::addresses`). Every per-address limit and the access log take it from here.

use actix_web::{web, HttpRequest};

use crate::app::addresses::ClientAddress;
use crate::app::AppState;

/// The client address of `req`.
pub fn client_address(req: &HttpRequest) -> ClientAddress {
    let peer = req.peer_addr().map(|a| a.ip());
    let Some(state) = req.app_data::<web::Data<AppState>>() else {
        return ClientAddress(peer);
    };
    if state.trusted_proxies.is_empty() {
        return ClientAddress(peer);
    }
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok());
    ClientAddress(state.trusted_proxies.client(peer, forwarded))
}

/// Whom a request counts against for the write limits: its account when the caller is known
/// without the database (the admin token, a token seen lately), else its client address (an
/// anonymous caller, a session cookie, a token never seen — a made-up one stays there).
pub struct Counted {
    /// The per-caller key: `player:…`, `admin`, or `ip:` and the address's key.
    pub key: String,
    /// The client address's key.
    pub address: String,
    /// A token not yet known, by its hash: once the request has been answered, its account is
    /// learnt if the token turned out to be one's.
    unknown_token: Option<String>,
}

impl Counted {
    pub fn of(state: &AppState, req: &HttpRequest) -> Counted {
        use crate::http::auth::Credentials;
        let address = client_address(req).key();
        let now = std::time::Instant::now();
        let (key, unknown_token) = match Credentials::read(req) {
            Ok(Credentials::Known(caller)) => (caller.limit_key(), None),
            Ok(Credentials::Token { hash }) => match state.limits.known_caller(&hash, now) {
                Some(key) => (Some(key), None),
                None => (None, Some(hash)),
            },
            _ => (None, None),
        };
        Counted {
            key: key.unwrap_or_else(|| format!("ip:{address}")),
            address,
            unknown_token,
        }
    }

    /// After the answer: a token the request's handler found to be a player's is known as that
    /// player from now on (read from the store's cache of tokens; no database).
    pub fn learn(&self, state: &AppState) {
        let Some(hash) = &self.unknown_token else {
            return;
        };
        if let Some(player) = crate::app::tokens::known_holder(state, hash) {
            let key = format!("player:{}", player.id);
            state
                .limits
                .learn_caller(hash, key, std::time::Instant::now());
        }
    }
}
