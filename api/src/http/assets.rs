//! The pages' own stylesheet, script and icon, served from the binary under a name that
//! carries a hash of its content, so a browser may keep it for a year: a new build with a
//! changed file links a new name. Beside them, what every client asks a site for by a fixed
//! name: `/favicon.ico` and `/robots.txt`.

use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use sha2::{Digest, Sha256};

/// A file the pages link, named `/assets/<stem>.<hash>.<extension>`.
pub struct Asset {
    path: String,
    body: &'static str,
    content_type: &'static str,
}

impl Asset {
    fn new(stem: &str, extension: &str, body: &'static str, content_type: &'static str) -> Asset {
        let hash = hex::encode(&Sha256::digest(body.as_bytes())[..6]);
        Asset {
            path: format!("/assets/{stem}.{hash}.{extension}"),
            body,
            content_type,
        }
    }

    /// Where the pages link it.
    pub fn path(&self) -> &str {
        &self.path
    }
}

pub static STYLESHEET: LazyLock<Asset> = LazyLock::new(|| {
    Asset::new(
        "zarf",
        "css",
        include_str!("../../../templates/assets/zarf.css"),
        "text/css; charset=utf-8",
    )
});

pub static SCRIPT: LazyLock<Asset> = LazyLock::new(|| {
    Asset::new(
        "zarf",
        "js",
        include_str!("../../../templates/assets/zarf.js"),
        "text/javascript; charset=utf-8",
    )
});

pub static ICON: LazyLock<Asset> = LazyLock::new(|| {
    Asset::new(
        "zarf",
        "svg",
        include_str!("../../../templates/assets/favicon.svg"),
        "image/svg+xml",
    )
});

/// A year, and never revalidated: the name changes with the content.
const FOREVER: &str = "public, max-age=31536000, immutable";

#[get("/assets/{name}")]
pub async fn asset(name: web::Path<String>) -> HttpResponse {
    let asset = [&*STYLESHEET, &*SCRIPT, &*ICON]
        .into_iter()
        .find(|a| a.path.strip_prefix("/assets/") == Some(name.as_str()));
    match asset {
        Some(a) => HttpResponse::Ok()
            .content_type(a.content_type)
            .insert_header((header::CACHE_CONTROL, FOREVER))
            .body(a.body),
        None => HttpResponse::NotFound().finish(),
    }
}

/// The icon a client asks for without reading a page (the pages link [`ICON`]): an envelope.
#[get("/favicon.ico")]
pub async fn favicon() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/x-icon")
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(&include_bytes!("../../../templates/assets/favicon.ico")[..])
}

/// What crawlers may read: the public pages of games, players and tournaments, not the API,
/// Xfcc, the live streams or the pages of a signed-in account.
pub const ROBOTS: &str = "User-agent: *
Disallow: /api/
Disallow: /xfcc/
Disallow: /login
Disallow: /signup
Disallow: /settings
Disallow: /organise
Disallow: /admin
Disallow: /metrics
Disallow: /unsubscribe
Disallow: /live
Disallow: /*/live
";

#[get("/robots.txt")]
pub async fn robots() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(ROBOTS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_asset_is_named_by_its_content() {
        let a = Asset::new("zarf", "css", "body {}", "text/css");
        let b = Asset::new("zarf", "css", "body { color: red }", "text/css");
        assert!(a.path().starts_with("/assets/zarf.") && a.path().ends_with(".css"));
        assert_ne!(a.path(), b.path());
        assert_eq!(
            a.path(),
            Asset::new("zarf", "css", "body {}", "text/css").path()
        );
    }
}
