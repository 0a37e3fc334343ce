//! Secrets at rest and in logs: private files, the admin token printed once, no secret in a log
//! line, no cache keeping a secret, HSTS over https, the metrics for the admin.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    serving_at, sign_in, spawn_app, spawn_app_with, zarf_command, Backend, LoggedServer, Options,
    TestDb,
};

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A server built in this process from a configuration the test changes; stopped when dropped.
struct Started {
    base: String,
    admin: String,
    metrics: Option<String>,
    server: actix_web::dev::ServerHandle,
    client: reqwest::Client,
    db: TestDb,
}

impl Drop for Started {
    fn drop(&mut self) {
        let handle = self.server.clone();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(handle.stop(false));
        })
        .join()
        .ok();
    }
}

impl Started {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

/// Starts a server on `db` (SQLite, mails as files), `change` applied to its configuration.
async fn start(db: TestDb, change: impl FnOnce(&mut api::config::Config)) -> Started {
    api::telemetry::init_with_default(api::config::LogFormat::Human, "error");
    let mut config = api::config::Config::for_database(&db.url, db.data_dir.clone());
    config.workers = Some(1);
    change(&mut config);
    let mut running = tokio::task::spawn_blocking(move || api::build(&config))
        .await
        .unwrap()
        .expect("the server starts");
    let metrics = running.metrics.take().map(|(addr, server)| {
        tokio::spawn(server);
        format!("http://{addr}")
    });
    let server = running.server.handle();
    tokio::spawn(running.server);
    Started {
        base: format!("http://{}", running.addr),
        admin: running.admin_token,
        metrics,
        server,
        client: reqwest::Client::new(),
        db,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_data_directory_and_its_files_are_private() {
    let db = TestDb::new(&Backend::Sqlite);
    let dir = db.data_dir.clone();
    // What an earlier, careless start left: a folder, a key and a mail others could read.
    set_mode(&dir, 0o755);
    let key = dir.join("envelope.key");
    std::fs::write(&key, "11".repeat(32)).unwrap();
    set_mode(&key, 0o644);
    let mail_dir = dir.join("mail");
    std::fs::create_dir(&mail_dir).unwrap();
    set_mode(&mail_dir, 0o755);
    let old_mail = mail_dir.join("old.eml");
    std::fs::write(&old_mail, "Subject: an old sign-in link\r\n\r\n").unwrap();
    set_mode(&old_mail, 0o644);

    let app = start(db, |_| {}).await;
    let token = dir.join("admin-token");
    assert_eq!(
        std::fs::read_to_string(&token).unwrap().trim(),
        app.admin,
        "the token generated is kept"
    );
    let database = dir.join("zarf.sqlite3");
    for (path, want) in [
        (&dir, 0o700),
        (&token, 0o600),
        (&key, 0o600),
        (&database, 0o600),
        (&mail_dir, 0o700),
        (&old_mail, 0o600),
    ] {
        assert_eq!(mode(path), want, "{}", path.display());
    }

    // A game between two players with addresses: its mails are written as files.
    let mut ids = Vec::new();
    for (name, email) in [("Ayşe", "ayse@okul.tr"), ("Mehmet", "mehmet@okul.tr")] {
        let res = app
            .client
            .post(app.url("/api/v1/players"))
            .bearer_auth(&app.admin)
            .json(&json!({"name": name, "email": email}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::CREATED);
        ids.push(
            res.json::<Value>().await.unwrap()["id"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    let res = app
        .client
        .post(app.url("/api/v1/games"))
        .bearer_auth(&app.admin)
        .json(&json!({"white": ids[0], "black": ids[1]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    let mut mails = Vec::new();
    for _ in 0..100 {
        mails = std::fs::read_dir(&mail_dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p != &old_mail)
            .collect();
        if !mails.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(!mails.is_empty(), "the game's mails are written");
    for mail in &mails {
        assert!(mail.extension().is_some_and(|e| e == "eml"));
        assert_eq!(mode(mail), 0o600, "{}", mail.display());
    }
    // The database's journal files are the database's.
    for suffix in ["-wal", "-shm"] {
        let file = dir.join(format!("zarf.sqlite3{suffix}"));
        if file.exists() {
            assert_eq!(mode(&file), 0o600, "{}", file.display());
        }
    }
    drop(app);
}

/// Starts the binary with no configured admin token on `db`: its banner (the lines it prints
/// up to the database's), then stops it.
fn banner(db: &TestDb) -> String {
    use std::io::BufRead;
    let mut child = zarf_command(db, "")
        .env_remove("ZARF_ADMIN_TOKEN")
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("zarf starts");
    let stdout = child.stdout.take().unwrap();
    let mut banner = String::new();
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line.unwrap();
        banner += &line;
        banner.push('\n');
        if line.starts_with("database: ") {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    banner
}

#[test]
fn the_admin_token_is_printed_only_on_the_start_that_makes_it() {
    let db = TestDb::new(&Backend::Sqlite);
    let file = db.data_dir.join("admin-token");
    let first = banner(&db);
    let token = std::fs::read_to_string(&file).unwrap().trim().to_owned();
    assert!(token.len() >= 32, "a token is made: {token:?}");
    assert!(
        first.contains(&format!(
            "(generated now, kept in {}): {token}",
            file.display()
        )),
        "{first}"
    );
    let second = banner(&db);
    assert!(second.contains("zarf is serving at http://"), "{second}");
    assert!(
        second.contains(&format!("admin token: kept in {}", file.display())),
        "{second}"
    );
    assert!(!second.contains(&token), "printed again: {second}");
    // The binary's files are private too (its umask, and the modes it gives).
    assert_eq!(mode(&db.data_dir), 0o700);
    for name in ["admin-token", "envelope.key", "zarf.sqlite3"] {
        assert_eq!(mode(&db.data_dir.join(name)), 0o600, "{name}");
    }
    // A configured token is never printed.
    let mut child = zarf_command(&db, "configured-admin-token")
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    assert!(serving_at(&mut child).is_some());
    child.kill().unwrap();
    child.wait().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_token_code_or_link_is_logged() {
    let server = LoggedServer::start(&Backend::Sqlite, &["--log-format", "json"], "debug");
    let admin = LoggedServer::ADMIN;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let url = |path: &str| format!("{}{path}", server.base);
    let player: Value = client
        .post(url("/api/v1/players"))
        .bearer_auth(admin)
        .json(&json!({"name": "Zeynep", "email": "zeynep@okul.tr"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let (id, token) = (
        player["id"].as_str().unwrap(),
        player["token"].as_str().unwrap(),
    );
    let code: Value = client
        .post(url(&format!("/api/v1/players/{id}/login-code")))
        .bearer_auth(admin)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let code = code["code"].as_str().expect("a code").to_owned();
    client
        .get(url("/api/v1/me"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let link_token = "linktokensecret0123456789abcdef";
    let unsubscribe = "unsubscribesecret0123456789abc";
    let invitation = "invitationsecret0123456789abcd";
    for path in [
        format!("/login/{link_token}"),
        format!("/login/{link_token}?next=/games"),
        format!("/unsubscribe?player={id}&token={unsubscribe}"),
        format!("/signup?invite={invitation}"),
    ] {
        let res = client.get(url(&path)).send().await.unwrap();
        assert!(res.status().as_u16() < 500, "{path}: {}", res.status());
    }
    client
        .post(url("/login/code"))
        .form(&[("code", code.as_str())])
        .send()
        .await
        .unwrap();
    let logs = server.logs();
    assert!(
        logs.contains("\"http.route\":\"/login/{token}\"")
            && logs.contains("\"http.route\":\"/unsubscribe\""),
        "the routes are logged by their patterns: {logs}"
    );
    for secret in [
        token,
        code.as_str(),
        admin,
        link_token,
        unsubscribe,
        invitation,
    ] {
        let line = logs.lines().find(|l| l.contains(secret));
        assert!(line.is_none(), "{secret} is logged: {line:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_that_show_a_secret_are_kept_by_no_cache() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            signup: api::config::Signup::Invite,
            ..Options::default()
        },
    )
    .await;
    let no_store = |res: &reqwest::Response, what: &str| {
        assert_eq!(
            res.headers()
                .get("cache-control")
                .map(|v| v.to_str().unwrap()),
            Some("no-store"),
            "{what}"
        );
    };
    let res = app
        .post(
            "/api/v1/players",
            Some(&app.admin),
            json!({"name": "Ev Sahibi", "email": "host@example.org"}),
        )
        .await;
    no_store(&res, "a new player's token");
    let host: Value = res.json().await.unwrap();
    let (id, token) = (
        host["id"].as_str().unwrap(),
        host["token"].as_str().unwrap(),
    );
    let code = format!("/api/v1/players/{id}/login-code");
    no_store(
        &app.post(&code, Some(&app.admin), json!({})).await,
        "a code",
    );
    let printed = app
        .post(&format!("{code}?format=html"), Some(&app.admin), json!({}))
        .await;
    assert_eq!(printed.status(), StatusCode::OK);
    no_store(&printed, "a printed code");
    let res = app
        .post("/api/v1/invitations", Some(token), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    no_store(&res, "an invitation");
    let res = app.get("/api/v1/me/export", Some(token)).await;
    assert_eq!(res.status(), StatusCode::OK);
    no_store(&res, "the export");
    no_store(
        &app.get("/api/v1/me", Some(token)).await,
        "a signed-in answer",
    );
    no_store(&app.get("/login/not-a-link", None).await, "a sign-in link");
    no_store(&app.get("/", None).await, "a page");
    let (cookie, csrf) = sign_in(&app, id).await;
    let res = app
        .client
        .post(app.url("/settings/passwords?lang=en"))
        .header("cookie", &cookie)
        .form(&[("name", "Scid"), ("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    no_store(&res, "a new application password");
    let res = app
        .client
        .get(app.url("/settings"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    no_store(&res, "the settings page");
    // A hashed asset is kept for good: it shows nothing secret and never changes.
    let html = app.get("/", None).await.text().await.unwrap();
    let css = html
        .split("rel=\"stylesheet\" href=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap();
    let res = app.get(css, None).await;
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hsts_only_when_the_public_url_is_https() {
    let https = start(TestDb::new(&Backend::Sqlite), |c| {
        c.public_url = Some("https://zarf.example.org".into());
        c.admin_token = Some("admin-hsts".into());
        c.rate_limit_per_minute = 1;
        c.ip_rate_limit_per_minute = 1;
    })
    .await;
    let plain = spawn_app(Backend::Sqlite).await;
    for path in ["/", "/healthz", "/api/v1/games/no-such-game", "/login"] {
        let res = https.client.get(https.url(path)).send().await.unwrap();
        assert_eq!(
            res.headers()
                .get("strict-transport-security")
                .map(|v| v.to_str().unwrap()),
            Some("max-age=31536000; includeSubDomains"),
            "{path}"
        );
        let res = plain.get(path, None).await;
        assert!(
            res.headers().get("strict-transport-security").is_none(),
            "{path} over http"
        );
    }
    // A refused write too.
    let res = https
        .client
        .post(https.url("/api/v1/games"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_client_error(), "{}", res.status());
    assert!(res.headers().contains_key("strict-transport-security"));
    // The rate limiter's refusal too.
    let res = https
        .client
        .post(https.url("/api/v1/games"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("strict-transport-security"));
    assert_eq!(res.headers()["cache-control"], "no-store");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_are_the_admins_or_on_their_own_address() {
    let app = start(TestDb::new(&Backend::Sqlite), |c| {
        c.admin_token = Some("admin-metrics".into());
        c.metrics_bind = Some("127.0.0.1:0".parse().unwrap());
    })
    .await;
    let player: Value = app
        .client
        .post(app.url("/api/v1/players"))
        .bearer_auth(&app.admin)
        .json(&json!({"name": "Can"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let metrics = |token: Option<&str>| {
        let mut req = app.client.get(app.url("/metrics"));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send()
    };
    assert_eq!(
        metrics(None).await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
    let player_token = player["token"].as_str().unwrap();
    assert_eq!(
        metrics(Some(player_token)).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        metrics(Some("made-up")).await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
    let res = metrics(Some(&app.admin)).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("zarf_http_requests_total"));

    // The metrics address: the metrics without a token, and nothing else.
    let private = app.metrics.clone().expect("the metrics address");
    let res = app
        .client
        .get(format!("{private}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("zarf_http_requests_total"));
    for path in ["/api/v1/me", "/healthz", "/"] {
        let res = app
            .client
            .get(format!("{private}{path}"))
            .bearer_auth(&app.admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
    }
    assert!(app.db.data_dir.exists());
}
