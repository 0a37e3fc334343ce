//! The headers the service sets: on every answer (the content security policy, no framing, no
//! sniffing, no cache), and on an answer that shows a secret.

use actix_web::http::header::HeaderValue;
use actix_web::HttpResponse;

/// The content security policy of every answer: the page's own stylesheet and script only, no
/// inline script or style, no framing, forms posted only here.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'none'; style-src 'self'; script-src 'self'; \
     img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; \
     frame-ancestors 'none'";

/// Headers on every answer: the CSP, no framing, no sniffing, no referrer to other sites; no
/// copy kept by a browser or a proxy unless the answer says otherwise (only the hashed assets do,
/// D72); and over https, HSTS.
pub(crate) fn security_headers(https: bool) -> actix_web::middleware::DefaultHeaders {
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
