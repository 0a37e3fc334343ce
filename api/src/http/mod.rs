//! The HTTP doors: the JSON API v1 (`api/`), the pages (`pages/`) and Xfcc (`xfcc/`), over a
//! small shared core: who calls (`auth`, `client`), errors, CSRF, the page frame, access lines,
//! assets and operations.

pub mod access;
pub mod api;
pub mod assets;
pub mod auth;
pub mod client;
pub mod csrf;
pub mod error;
pub mod game_commands;
pub mod headers;
pub mod ops;
pub mod page;
pub mod pages;
pub mod refusals;
pub mod tournament_commands;
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
    info(title = "zarf API", version = "1", description = "Correspondence chess (judged by the FIDE Laws), checkers, Turkish dama and tavla. Errors are {\"error\": {\"code\", \"message\"}}."),
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
                "illegal_move, unparseable_move, invalid_fen (chess) or invalid_position, …: the rules refuse it",
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

/// The OpenAPI document: the JSON API's operations (declared with its routes, `api::Paths`)
/// under the service's description, with the bearer scheme and the errors every operation
/// can answer.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.merge(api::Paths::openapi());
    BearerAuth.modify(&mut doc);
    ErrorAnswers.modify(&mut doc);
    doc
}

pub fn openapi_json() -> String {
    openapi().to_pretty_json().unwrap_or_default()
}

/// The path templates of the API and the methods each takes (from the OpenAPI document).
fn api_paths() -> &'static [(Vec<String>, Vec<&'static str>)] {
    static PATHS: std::sync::OnceLock<Vec<(Vec<String>, Vec<&'static str>)>> =
        std::sync::OnceLock::new();
    PATHS.get_or_init(|| {
        openapi()
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

/// Every route, each declared once in its door: the JSON API's first (a game's routes, which
/// every move and every read of a game takes, come first in it), then the pages, Xfcc, and
/// the core's own (health, metrics, the OpenAPI document, the assets).
pub fn routes(cfg: &mut web::ServiceConfig) {
    api::routes(cfg);
    pages::routes(cfg);
    xfcc::routes(cfg);
    cfg.service(assets::asset)
        .service(assets::favicon)
        .service(assets::robots)
        .service(ops::readme)
        .service(ops::healthz)
        .service(ops::metrics)
        .service(ops::openapi);
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
                .error_handler(page::form_error),
        )
        .app_data(web::PathConfig::default().error_handler(error::path_error))
        .wrap(from_fn(observe))
        .wrap(from_fn(head_as_get))
        .wrap(headers::security_headers(https))
        .wrap(TracingLogger::<RequestSpan>::new())
        .configure(routes)
        .default_service(web::to(not_found))
}
