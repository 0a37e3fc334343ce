//! The request's span and the access log.
//!
//! Each request runs in one span (`HTTP request`) that names the method, the route (the pattern,
//! with `{id}`), the client address and the request id; every line logged while the request is
//! handled carries it. The access line is one event at the end ([`answered`]), target
//! `zarf::access`, with the status and the time taken; `RUST_LOG=info,zarf::access=warn` silences
//! it. Neither names the path or the query: a path or a query may hold a secret (the sign-in
//! link's token, an unsubscribe link's, an invitation's code); the route's pattern says which
//! route it was without it. The span is not timed on every enter and exit, and the route is
//! matched once for the span and the metrics (D32).

use std::borrow::Cow;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{RequestId, RootSpanBuilder};

/// The route pattern a request matched, as found when its span began; "unmatched" for none.
#[derive(Clone)]
pub struct Route(pub Cow<'static, str>);

impl Route {
    /// The route of a request whose span has begun (else matched now).
    pub fn of(req: &actix_web::HttpRequest) -> Route {
        if let Some(route) = req.extensions().get::<Route>() {
            return route.clone();
        }
        Route::matched(req.match_pattern())
    }

    fn matched(pattern: Option<String>) -> Route {
        Route(pattern.map_or(Cow::Borrowed("unmatched"), Cow::Owned))
    }
}

/// [`tracing_actix_web::TracingLogger`]'s span for each request (see the module's text).
pub struct RequestSpan;

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let route = Route::matched(request.match_pattern());
        let request_id = request.extensions().get::<RequestId>().copied();
        let span = tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route.0,
            http.client_ip = %crate::http::client::client_address(request.request()),
            request_id = request_id.map(tracing::field::display),
        );
        request.extensions_mut().insert(route);
        span
    }

    /// The access line is written by [`answered`], which knows the time taken.
    fn on_request_end<B: MessageBody>(_: Span, _: &Result<ServiceResponse<B>, Error>) {}
}

/// The access line of a request: its status and the time it took, in its span. A 5xx answer
/// built from an error names the error (its cause chain was logged where it happened).
pub fn answered<B>(res: &ServiceResponse<B>, took: Duration) {
    let status = res.status().as_u16();
    let micros = took.as_micros() as u64;
    match res.response().error().filter(|_| status >= 500) {
        Some(error) => tracing::error!(
            target: "zarf::access",
            took_us = micros,
            http.status_code = status,
            error = %error,
            "answered"
        ),
        None => tracing::info!(
            target: "zarf::access",
            took_us = micros,
            http.status_code = status,
            "answered"
        ),
    }
}
