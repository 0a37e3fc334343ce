//! The HTTP API v1 and pages.

pub mod access;
pub mod adjourned;
pub mod adjournment;
pub mod admin;
pub mod assets;
pub mod auth;
pub mod ballot;
pub mod challenge_pages;
pub mod challenges;
pub mod client;
pub mod clocks;
pub mod conditional;
pub mod csrf;
pub mod dice;
pub mod dice_panel;
pub mod error;
pub mod game_page;
pub mod games;
pub mod home;
pub mod live;
pub mod login;
pub mod ops;
pub mod organise;
pub mod page;
pub mod page_lines;
pub mod passwords;
pub mod play;
pub mod players;
pub mod profile;
pub mod questions;
pub(crate) mod receipt;
pub mod records;
pub mod schema;
pub mod school;
pub mod settings;
pub mod sightless;
pub mod signup;
pub mod spoken;
pub mod talk;
pub mod tokens;
pub mod tournament_pages;
pub mod tournaments;
pub mod xfcc;

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::{from_fn, Next};
use actix_web::{web, HttpMessage, HttpResponse};
use tracing_actix_web::{RequestId, TracingLogger};

use access::{RequestSpan, Route};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::app::AppState;
use error::ApiError;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "zarf API", version = "1", description = "Correspondence chess judged by the FIDE Laws. Errors are {\"error\": {\"code\", \"message\"}}."),
    paths(
        players::create_player, players::me, players::change_me, players::ratings, players::export, players::anonymise, players::set_without_sight,
        challenges::create, challenges::mine, challenges::lobby, challenges::read,
        challenges::accept, challenges::decline, challenges::withdraw, challenges::preferences,
        signup::signup_api, signup::invitation_api,
        games::create_game, games::get_game, games::post_move, games::offer_draw, games::accept_draw,
        games::decline_draw, games::claim, games::resign, dice::throw_dice, dice::add_entropy,
        games::decision, games::game_log, records::pgn,
        records::legal_moves, games::my_games, clocks::take_leave, clocks::end_leave, clocks::add_time,
        adjournment::adjourn, adjournment::seal, adjournment::close, adjournment::get_envelope,
        adjournment::check_in, adjournment::restore, adjournment::set_clocks,
        conditional::set_conditional_moves, conditional::get_conditional_moves,
        conditional::withdraw_conditional_moves,
        login::login_code, login::mail_preferences, tokens::new_token,
        tournaments::create_tournament, tournaments::get_tournament, tournaments::register_player, tournaments::ask_to_enter, tournaments::invite_player, tournaments::withdraw_invitation, tournaments::decline_invitation,
        tournaments::pair_round, tournaments::record_result, tournaments::report,
        tournaments::withdraw, tournaments::request_bye, tournaments::correct_result,
        tournaments::standings, tournaments::set_tiebreaks, tournaments::finish,
        tournaments::change_pairing, tournaments::teams, tournaments::publish, tournaments::games_pgn, tournaments::import_tournament, tournaments::register_class, tournaments::continue_board,
    ),
    modifiers(&BearerAuth, &ErrorAnswers),
    tags((name = "players"), (name = "games"), (name = "clocks"), (name = "adjournment"), (name = "tournaments"), (name = "challenges"))
)]
struct ApiDoc;

/// Adds to every operation the contract's error answers it can give but does not list itself:
/// a malformed body or query (400), a missing or unknown token (401), a refusal (403), an unknown
/// id (404), a conflict with the game's state (409), a body too large (413), a move or position
/// the rules refuse (422), a rate limit (429). Each is `{"error": {"code", "message"}}`.
struct ErrorAnswers;

impl Modify for ErrorAnswers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{RefOr, ResponseBuilder};
        let answers = [
            (
                "400",
                "bad_request: the body, query or a field is not valid",
            ),
            ("401", "unauthenticated: a valid bearer token is required"),
            (
                "403",
                "forbidden / not_a_player: the caller may not do this",
            ),
            ("404", "not_found: no such game or player"),
            (
                "409",
                "version_conflict, not_your_turn, game_over, …: the game's state refuses it",
            ),
            ("413", "too_large: the body is too large"),
            (
                "422",
                "illegal_move, unparseable_move, invalid_fen, …: the rules refuse it",
            ),
            ("429", "rate_limited: too many requests"),
        ];
        for item in openapi.paths.paths.values_mut() {
            for op in [
                &mut item.get,
                &mut item.post,
                &mut item.put,
                &mut item.patch,
                &mut item.delete,
            ]
            .into_iter()
            .flatten()
            {
                for (status, description) in answers {
                    op.responses
                        .responses
                        .entry(status.to_owned())
                        .or_insert_with(|| {
                            RefOr::T(
                                ResponseBuilder::new()
                                    .description(description)
                                    .content(
                                        "application/json",
                                        utoipa::openapi::ContentBuilder::new()
                                            .schema(Some(utoipa::openapi::Ref::from_schema_name(
                                                "ErrorBody",
                                            )))
                                            .build(),
                                    )
                                    .build(),
                            )
                        });
                }
            }
        }
    }
}

pub fn openapi_json() -> String {
    ApiDoc::openapi().to_pretty_json().unwrap_or_default()
}

/// The path templates of the API and the methods each takes (from the OpenAPI document).
fn api_paths() -> &'static [(Vec<String>, Vec<&'static str>)] {
    static PATHS: std::sync::OnceLock<Vec<(Vec<String>, Vec<&'static str>)>> =
        std::sync::OnceLock::new();
    PATHS.get_or_init(|| {
        ApiDoc::openapi()
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let segments = path.split('/').map(str::to_owned).collect();
                let methods = [
                    (item.get.is_some(), "GET"),
                    (item.post.is_some(), "POST"),
                    (item.put.is_some(), "PUT"),
                    (item.patch.is_some(), "PATCH"),
                    (item.delete.is_some(), "DELETE"),
                ]
                .into_iter()
                .filter_map(|(has, m)| has.then_some(m))
                .collect();
                (segments, methods)
            })
            .collect()
    })
}

/// The methods the API takes at `path`, if the path is one of its operations' (`{id}` matches any
/// one segment).
fn methods_at(path: &str) -> Option<Vec<&'static str>> {
    let segments: Vec<&str> = path.split('/').collect();
    let mut found: Option<Vec<&'static str>> = None;
    for (template, methods) in api_paths() {
        let matches = template.len() == segments.len()
            && template
                .iter()
                .zip(&segments)
                .all(|(t, s)| t == s || (t.starts_with('{') && !s.is_empty()));
        if matches {
            found.get_or_insert_with(Vec::new).extend(methods);
        }
    }
    found
}

/// Every route. A request is matched against the routes in this order, and every route with a
/// `{…}` segment costs a pattern match: a game's own routes, which every move and every read of
/// a game takes, come first (no other route's path has their shape, so the order decides
/// nothing else).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(games::get_game)
        .service(games::post_move)
        .service(games::offer_draw)
        .service(games::accept_draw)
        .service(games::decline_draw)
        .service(games::claim)
        .service(games::resign)
        .service(dice::throw_dice)
        .service(dice::add_entropy)
        .service(games::decision)
        .service(games::game_log)
        .service(records::pgn)
        .service(records::legal_moves)
        .service(clocks::take_leave)
        .service(clocks::end_leave)
        .service(clocks::add_time)
        .service(adjournment::adjourn)
        .service(adjournment::print_envelope)
        .service(adjournment::close)
        .service(adjournment::restore)
        .service(adjournment::seal)
        .service(adjournment::get_envelope)
        .service(adjournment::check_in)
        .service(adjournment::set_clocks)
        .service(conditional::set_conditional_moves)
        .service(conditional::get_conditional_moves)
        .service(conditional::withdraw_conditional_moves)
        .service(home::home)
        .service(xfcc::description)
        .service(xfcc::soap_call)
        .service(passwords::passwords_page)
        .service(passwords::create_form)
        .service(passwords::revoke_form)
        .service(tokens::tokens_page)
        .service(tokens::create_form)
        .service(tokens::revoke_form)
        .service(tokens::new_token)
        .service(assets::asset)
        .service(assets::favicon)
        .service(assets::robots)
        .service(ops::readme)
        .service(play::game_page)
        .service(play::move_form)
        .service(page_lines::conditional_form)
        .service(play::action_form)
        .service(adjourned::envelope_form)
        .service(adjourned::arbiter_form)
        .service(live::game_live)
        .service(live::my_live)
        .service(tournament_pages::tournaments_page)
        .service(tournament_pages::new_tournament)
        .service(tournament_pages::import_tournament_page)
        .service(tournament_pages::tournament_page)
        .service(tournament_pages::run_tournament_page)
        .service(tournament_pages::run_tournament)
        .service(tournament_pages::ask_to_enter)
        .service(tournament_pages::decline_invitation)
        .service(tournament_pages::print_tournament)
        .service(live::tournament_live)
        .service(challenge_pages::challenges_page)
        .service(challenge_pages::new_challenge)
        .service(challenge_pages::challenge_page)
        .service(challenge_pages::answer_challenge)
        .service(profile::records)
        .service(profile::profile_page)
        .service(signup::signup_page)
        .service(signup::signup_form)
        .service(signup::signup_api)
        .service(signup::invitation_api)
        .service(signup::invitation_form)
        .service(admin::admin_page)
        .service(admin::set_organiser)
        .service(organise::organise_page)
        .service(organise::add_player)
        .service(organise::add_class)
        .service(organise::class_codes)
        .service(organise::add_game)
        .service(school::set_privacy)
        .service(school::anonymise)
        .service(school::without_sight)
        .service(settings::settings_page)
        .service(settings::settings_form)
        .service(settings::take_leave_form)
        .service(settings::challenges_form)
        .service(settings::end_leave_form)
        .service(ops::healthz)
        .service(ops::metrics)
        .service(ops::openapi)
        .service(players::create_player)
        .service(players::export)
        .service(players::anonymise)
        .service(players::set_without_sight)
        .service(players::me)
        .service(players::change_me)
        .service(players::ratings)
        .service(challenges::create)
        .service(challenges::mine)
        .service(challenges::lobby)
        .service(challenges::read)
        .service(challenges::accept)
        .service(challenges::decline)
        .service(challenges::withdraw)
        .service(challenges::preferences)
        .service(games::my_games)
        .service(games::create_game)
        .service(tournaments::import_tournament)
        .service(tournaments::create_tournament)
        .service(tournaments::get_tournament)
        .service(tournaments::register_player)
        .service(tournaments::ask_to_enter)
        .service(tournaments::invite_player)
        .service(tournaments::withdraw_invitation)
        .service(tournaments::decline_invitation)
        .service(tournaments::pair_round)
        .service(tournaments::record_result)
        .service(tournaments::report)
        .service(tournaments::withdraw)
        .service(tournaments::request_bye)
        .service(tournaments::correct_result)
        .service(tournaments::standings)
        .service(tournaments::set_tiebreaks)
        .service(tournaments::finish)
        .service(tournaments::change_pairing)
        .service(tournaments::teams)
        .service(tournaments::publish)
        .service(tournaments::register_class)
        .service(tournaments::continue_board)
        .service(tournaments::games_pgn)
        .service(login::login_page)
        .service(login::request_link)
        .service(login::use_code)
        .service(login::logout)
        .service(login::use_link)
        .service(login::link_page)
        .service(login::login_code)
        .service(login::unsubscribe_page)
        .service(login::unsubscribe)
        .service(login::mail_preferences);
}

/// Body limits: no request of the API needs more than a few hundred bytes.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// Rate-limits writes (per caller and per client address, `client::Counted`), records metrics,
/// hands back the request id and writes the access line.
async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    let started = Instant::now();
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let request_id = req.extensions().get::<RequestId>().map(|r| r.to_string());
    let route = Route::of(req.request());
    let method = req.method().clone();
    // Every method that can change something counts against the write limits.
    let writes = !matches!(
        method,
        actix_web::http::Method::GET
            | actix_web::http::Method::HEAD
            | actix_web::http::Method::OPTIONS
    );
    // A read is counted only to learn whose its token is.
    let counted = state
        .as_ref()
        .filter(|_| {
            writes
                || req
                    .headers()
                    .contains_key(actix_web::http::header::AUTHORIZATION)
        })
        .map(|state| client::Counted::of(state, req.request()));
    if let (Some(state), Some(counted), true) = (&state, &counted, writes) {
        if !state.limits.allow(&counted.key, &counted.address) {
            // A correspondence program reads a SOAP fault, not the API's JSON.
            let refusal = if req.path().starts_with("/xfcc/") {
                xfcc::rate_limited()
            } else {
                actix_web::ResponseError::error_response(&ApiError::rate_limited())
            };
            let mut res = req.into_response(refusal);
            add_request_id(&mut res, request_id.as_deref());
            access::answered(&res, started.elapsed());
            return Ok(res);
        }
    }
    let mut res = next.call(req).await?.map_into_boxed_body();
    add_request_id(&mut res, request_id.as_deref());
    let took = started.elapsed();
    if let (Some(state), Some(counted)) = (&state, &counted) {
        counted.learn(state);
    }
    if let Some(state) = state {
        let status = res.status().as_u16().to_string();
        state
            .metrics
            .requests
            .with_label_values(&[method.as_str(), &route.0, &status])
            .inc();
        state
            .metrics
            .latency
            .with_label_values(&[method.as_str(), &route.0])
            .observe(took.as_secs_f64());
    }
    access::answered(&res, took);
    Ok(res)
}

fn add_request_id<B>(res: &mut ServiceResponse<B>, id: Option<&str>) {
    if let Some(v) = id.and_then(|id| HeaderValue::from_str(id).ok()) {
        res.headers_mut()
            .insert(HeaderName::from_static("x-request-id"), v);
    }
}

/// No route answered: a method the API does not take at a path it has is 405 with the methods
/// it takes; anything else is 404.
async fn not_found(req: actix_web::HttpRequest) -> HttpResponse {
    if let Some(mut methods) = methods_at(req.path()) {
        // Whatever takes GET takes HEAD.
        if methods.contains(&"GET") {
            methods.push("HEAD");
        }
        methods.sort_unstable();
        methods.dedup();
        let mut res = actix_web::ResponseError::error_response(&ApiError::new(
            actix_web::http::StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            format!("{} takes {}", req.path(), methods.join(", ")),
        ));
        if let Ok(allow) = HeaderValue::from_str(&methods.join(", ")) {
            res.headers_mut()
                .insert(actix_web::http::header::ALLOW, allow);
        }
        return res;
    }
    if wants_a_page(&req) {
        let notice = page::Notice {
            t: page::texts(&req),
            title: "page-not-found",
            text: "page-not-found-text",
            link: Some(("/", "page-my-games")),
        };
        if let Ok(res) = page::html(actix_web::http::StatusCode::NOT_FOUND, &notice) {
            return res;
        }
    }
    actix_web::ResponseError::error_response(&ApiError::not_found(domain::game::Locale::En))
}

/// Whether an unknown address was asked for by a browser, which is shown a page: not the JSON
/// API's or Xfcc's, and asked for as HTML.
fn wants_a_page(req: &actix_web::HttpRequest) -> bool {
    let path = req.path();
    let html = req
        .headers()
        .get(actix_web::http::header::ACCEPT)
        .and_then(|a| a.to_str().ok())
        .is_some_and(|a| a.contains("text/html"));
    html && !path.starts_with("/api/") && !path.starts_with("/xfcc/")
}

/// A `HEAD` request is answered as its `GET` would be, without the body (the server writes
/// the headers, the body's length among them, and leaves the body out for a `HEAD`).
async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == actix_web::http::Method::HEAD {
        req.head_mut().method = actix_web::http::Method::GET;
    }
    next.call(req).await
}

/// The content security policy of every answer: the page's own stylesheet and script only, no
/// inline script or style, no framing, forms posted only here.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'none'; style-src 'self'; script-src 'self'; \
     img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; \
     frame-ancestors 'none'";

/// Headers on every answer: the CSP, no framing, no sniffing, no referrer to other sites; no
/// copy kept by a browser or a proxy unless the answer says otherwise (only the hashed assets do,
/// D72); and over https, HSTS.
fn security_headers(https: bool) -> actix_web::middleware::DefaultHeaders {
    let headers = actix_web::middleware::DefaultHeaders::new()
        .add(("content-security-policy", CONTENT_SECURITY_POLICY))
        .add(("x-frame-options", "DENY"))
        .add(("x-content-type-options", "nosniff"))
        .add(("referrer-policy", "same-origin"))
        .add(NO_STORE);
    match https {
        true => headers.add(("strict-transport-security", HSTS)),
        false => headers,
    }
}

/// Browsers keep to https for a year, on every subdomain too, once they have seen it.
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// An answer no cache may keep.
const NO_STORE: (actix_web::http::header::HeaderName, &str) =
    (actix_web::http::header::CACHE_CONTROL, "no-store");

/// `res`, which shows a secret (a token, a code, a link, a password), kept by no cache. Every
/// answer without a `Cache-Control` of its own already is; this says so where the secret is.
pub fn no_store(mut res: HttpResponse) -> HttpResponse {
    res.headers_mut()
        .insert(NO_STORE.0, HeaderValue::from_static(NO_STORE.1));
    res
}

/// The application, for the server and for tests.
pub fn app(
    state: web::Data<AppState>,
) -> actix_web::App<
    impl actix_web::dev::ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let https = state.public_url.starts_with("https://");
    actix_web::App::new()
        .app_data(state)
        .app_data(
            web::JsonConfig::default()
                .limit(MAX_BODY_BYTES)
                .error_handler(error::json_error),
        )
        .app_data(web::PayloadConfig::default().limit(MAX_BODY_BYTES))
        .app_data(web::QueryConfig::default().error_handler(error::query_error))
        .app_data(
            web::FormConfig::default()
                .limit(MAX_BODY_BYTES)
                .error_handler(error::form_error),
        )
        .app_data(web::PathConfig::default().error_handler(error::path_error))
        .wrap(from_fn(observe))
        .wrap(from_fn(head_as_get))
        .wrap(security_headers(https))
        .wrap(TracingLogger::<RequestSpan>::new())
        .configure(routes)
        .default_service(web::to(not_found))
}
