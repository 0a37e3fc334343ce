//! Every route of the JSON API, the pages and Xfcc, tried by every kind of caller, each answer
//! held against the authority model's table (`table.rs`, D69). The routes are read from the
//! doors' own declarations, so a route added without a line in the table fails this test.

mod table;
mod world;

use std::collections::BTreeSet;

use reqwest::StatusCode;

use crate::helpers::*;
use table::{Body, Rule};
use world::{Credentials, Who, World, EVERYONE};

/// Every route the doors declare: `(METHOD, path)`, from their `#[get("…")]`-style attributes.
fn declared_routes() -> BTreeSet<(String, String)> {
    fn walk(dir: &std::path::Path, out: &mut BTreeSet<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for line in text.lines().map(str::trim) {
                    for method in ["get", "post", "put", "patch", "delete"] {
                        let Some(rest) = line.strip_prefix(&format!("#[{method}(\"")) else {
                            continue;
                        };
                        let route = rest.split('"').next().unwrap().to_owned();
                        out.insert((method.to_uppercase(), route));
                    }
                }
            }
        }
    }
    let mut routes = BTreeSet::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("api/src/http"),
        &mut routes,
    );
    routes
}

/// What a caller met: let through (whatever the game's state then said), or refused as the
/// model refuses (401, 403, 404, a page sending them to sign in, a SOAP authentication fault).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Met {
    Through,
    Refused,
}

fn met(path: &str, status: StatusCode, location: Option<&str>, body: &str, xfcc: bool) -> Met {
    // A page sends a reader who must sign in to do this to the sign-in page, to come back.
    let to_sign_in = location.is_some_and(|l| l.starts_with("/login") && l.contains("next="));
    // The arbiter's page sends anyone else back to the tournament's public page.
    let off_the_run_page = path.ends_with("/run") && location.is_some_and(|l| !l.contains("/run"));
    let refused = matches!(status.as_u16(), 401 | 403 | 404)
        || (status.is_redirection() && (to_sign_in || off_the_run_page))
        || body.contains("\"code\":\"no_such_player\"")
        || (xfcc && body.contains("AuthenticationFailed"));
    if refused {
        Met::Refused
    } else {
        Met::Through
    }
}

/// The path with the world's ids in place of the route's parameters.
fn concrete(rule: &Rule, world: &World) -> String {
    let mut path = rule.path.to_owned();
    for (param, value) in rule.params(world) {
        path = path.replace(&format!("{{{param}}}"), &value);
    }
    path
}

async fn try_as(app: &TestApp, rule: &Rule, world: &World, who: Who) -> (Met, String) {
    let c: &Credentials = world.of(who);
    let path = concrete(rule, world);
    let client = no_redirects();
    let method = reqwest::Method::from_bytes(rule.method.as_bytes()).unwrap();
    let mut req = client.request(method, app.url(&path));
    let xfcc = rule.path.starts_with("/xfcc/");
    req = match rule.body(world, c) {
        Body::None => req,
        Body::Json(v) => req.json(&v),
        Body::Form(mut fields) => {
            fields.push(("csrf".into(), c.csrf.clone()));
            req.form(&fields)
        }
        Body::Text(text) => req.header("content-type", "text/plain").body(text),
        Body::Soap(action, xml) => req
            .header("content-type", "text/xml; charset=utf-8")
            .header("soapaction", format!("\"{action}\""))
            .body(xml),
    };
    if rule.is_page() && !c.cookie.is_empty() {
        req = req.header("cookie", &c.cookie);
    } else if !rule.is_page() && !xfcc && !c.token.is_empty() {
        req = req.bearer_auth(&c.token);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    let location = res
        .headers()
        .get("location")
        .and_then(|l| l.to_str().ok())
        .map(str::to_owned);
    // A live stream does not end: its answer's head is enough.
    let stream = res
        .headers()
        .get("content-type")
        .is_some_and(|t| t.as_bytes().starts_with(b"text/event-stream"));
    let body = if stream {
        String::new()
    } else {
        res.text().await.unwrap_or_default()
    };
    let got = met(&path, status, location.as_deref(), &body, xfcc);
    (got, format!("{status} {}", location.unwrap_or_default()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_answers_every_caller_as_the_table_says_sqlite() {
    walk(spawn_app(Backend::Sqlite).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_answers_every_caller_as_the_table_says_postgres() {
    let Some(url) = postgres_url() else {
        eprintln!("skipped: ZARF_TEST_POSTGRES_URL is not set");
        return;
    };
    walk(spawn_app(Backend::Postgres(url)).await).await;
}

/// Runs the walk on one backend.
pub async fn walk(app: TestApp) {
    let routes = declared_routes();
    assert!(
        routes.len() > 100,
        "the doors' routes are read: {}",
        routes.len()
    );
    let table = table::rules();
    let missing: Vec<_> = routes
        .iter()
        .filter(|(m, p)| !table.iter().any(|r| r.method == m && r.path == p))
        .collect();
    assert!(
        missing.is_empty(),
        "routes with no line in the table: {missing:#?}"
    );
    let stale: Vec<_> = table
        .iter()
        .filter(|r| !routes.contains(&(r.method.to_owned(), r.path.to_owned())))
        .map(|r| (r.method, r.path))
        .collect();
    assert!(
        stale.is_empty(),
        "lines for routes nobody declares: {stale:#?}"
    );

    let shared = world::world(&app).await;
    let mut wrong = Vec::new();
    for rule in &table {
        // A read changes nothing: one world for them all; each write gets a world of its own.
        let own;
        let world = if rule.method == "GET" {
            &shared
        } else {
            own = world::world(&app).await;
            &own
        };
        // The refused first, so that what the allowed do cannot hide a refusal.
        let mut order: Vec<Who> = EVERYONE.to_vec();
        order.sort_by_key(|w| rule.allows(*w));
        for who in order {
            let (got, seen) = try_as(&app, rule, world, who).await;
            let expected = if rule.allows(who) {
                Met::Through
            } else {
                Met::Refused
            };
            if got != expected {
                wrong.push(format!(
                    "{} {} as {who:?}: {got:?} ({seen}), the table says {expected:?}",
                    rule.method, rule.path
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "answers against the table:\n{}",
        wrong.join("\n")
    );
}
