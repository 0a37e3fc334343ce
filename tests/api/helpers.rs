//! Test helpers: a real server on port 0 with a fresh database per test, and typed calls.

use std::path::PathBuf;
use std::sync::Arc;

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

/// Which database a test runs on.
#[derive(Debug, Clone)]
pub enum Backend {
    Sqlite,
    Postgres(String),
}

/// A fresh database for one test.
pub struct TestDb {
    pub url: String,
    pub data_dir: PathBuf,
    postgres: Option<(String, String)>,
}

impl TestDb {
    pub fn new(backend: &Backend) -> TestDb {
        let name = format!("zarf_test_{}", uuid::Uuid::now_v7().simple());
        let data_dir = std::env::temp_dir().join(&name);
        std::fs::create_dir_all(&data_dir).unwrap();
        match backend {
            Backend::Sqlite => TestDb {
                url: format!("sqlite://{}", data_dir.join("zarf.sqlite3").display()),
                data_dir,
                postgres: None,
            },
            Backend::Postgres(base) => {
                use diesel::connection::SimpleConnection;
                use diesel::Connection;
                let mut admin =
                    diesel::PgConnection::establish(base).expect("the test PostgreSQL server");
                admin
                    .batch_execute(&format!("CREATE DATABASE {name}"))
                    .unwrap();
                TestDb {
                    url: with_database(base, &name),
                    data_dir,
                    postgres: Some((base.clone(), name)),
                }
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((base, name)) = &self.postgres {
            use diesel::connection::SimpleConnection;
            use diesel::Connection;
            if let Ok(mut admin) = diesel::PgConnection::establish(base) {
                let _ =
                    admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
            }
        }
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

/// `postgres://user@host:port/db?x` with another database name.
fn with_database(base: &str, name: &str) -> String {
    let (head, query) = base
        .split_once('?')
        .map_or((base, None), |(h, q)| (h, Some(q)));
    let scheme_end = head.find("://").map_or(0, |i| i + 3);
    let head = match head[scheme_end..].find('/') {
        Some(slash) => &head[..scheme_end + slash],
        None => head,
    };
    match query {
        Some(q) => format!("{head}/{name}?{q}"),
        None => format!("{head}/{name}"),
    }
}

pub fn postgres_url() -> Option<String> {
    std::env::var("ZARF_TEST_POSTGRES_URL")
        .ok()
        .filter(|u| !u.is_empty())
}

pub struct TestApp {
    pub base: String,
    pub admin: String,
    pub client: reqwest::Client,
    // The state goes before the database it uses.
    pub state: actix_web::web::Data<api::app::AppState>,
    /// Shared with any peer server started on the same database.
    pub db: Arc<TestDb>,
    server: actix_web::dev::ServerHandle,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // Stop the server so its connections close before the database is dropped.
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

pub struct Options {
    pub rate_limit_per_minute: u32,
    pub smtp_url: Option<String>,
    pub signup: api::config::Signup,
    /// Sign-in requests per address an hour.
    pub login_limit_per_hour: u32,
    /// `ZARF_PUBLIC_URL` (none: the address the server binds).
    pub public_url: Option<String>,
    /// Failed Xfcc passwords for a username from one address before it is locked.
    pub failures_before_lock: u32,
    /// Failures from one address (Xfcc passwords, sign-in codes) before it is locked.
    pub address_failures_before_lock: u32,
    /// `ZARF_TRUSTED_PROXIES`.
    pub trusted_proxies: &'static str,
    /// `ZARF_SYZYGY_PATH`.
    pub syzygy_path: Vec<std::path::PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rate_limit_per_minute: 100_000,
            smtp_url: None,
            signup: api::config::Signup::Closed,
            login_limit_per_hour: 1000,
            public_url: None,
            failures_before_lock: 1000,
            address_failures_before_lock: 1000,
            trusted_proxies: "",
            syzygy_path: Vec::new(),
        }
    }
}

pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, Options::default()).await
}

pub async fn spawn_app_with(backend: Backend, options: Options) -> TestApp {
    let db = Arc::new(TestDb::new(&backend));
    let admin = format!("admin-{}", uuid::Uuid::now_v7().simple());
    start_server(db, admin, options).await
}

/// A second server on `app`'s database (as behind a load balancer), with the same admin token.
pub async fn spawn_peer(app: &TestApp) -> TestApp {
    start_server(app.db.clone(), app.admin.clone(), Options::default()).await
}

async fn start_server(db: Arc<TestDb>, admin: String, options: Options) -> TestApp {
    api::telemetry::init_with_default(api::config::LogFormat::Human, "error");
    let mut config = api::config::Config::for_database(&db.url, db.data_dir.clone());
    config.admin_token = Some(admin.clone());
    config.rate_limit_per_minute = options.rate_limit_per_minute;
    config.ip_rate_limit_per_minute = options.rate_limit_per_minute.saturating_mul(10);
    config.db_pool = 8;
    config.smtp_url = options.smtp_url;
    config.signup = options.signup;
    config.login_limit_per_hour = options.login_limit_per_hour;
    config.public_url = options.public_url;
    config.failures_before_lock = options.failures_before_lock;
    config.address_failures_before_lock = options.address_failures_before_lock;
    config.syzygy_path = std::env::join_paths(&options.syzygy_path)
        .expect("tablebase directories")
        .into_string()
        .expect("UTF-8 directories");
    config.trusted_proxies = api::app::addresses::TrustedProxies::parse(options.trusted_proxies)
        .expect("trusted proxies");
    config.workers = Some(2);
    let running = tokio::task::spawn_blocking(move || api::build(&config))
        .await
        .unwrap()
        .expect("the server starts");
    let server = running.server.handle();
    let state = running.state.clone();
    tokio::spawn(running.server);
    TestApp {
        state,
        base: format!("http://{}", running.addr),
        admin,
        client: reqwest::Client::new(),
        db,
        server,
    }
}

/// A player as the tests see it.
#[derive(Debug, Clone)]
pub struct Player {
    pub id: String,
    pub token: String,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Response {
        let mut req = self.client.post(self.url(path)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().await.expect("the request is answered")
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Response {
        let mut req = self.client.put(self.url(path)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().await.expect("the request is answered")
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        let mut req = self.client.get(self.url(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        req.send().await.expect("the request is answered")
    }

    /// `PUT /api/v1/me/mail`: the caller's mail preferences.
    pub async fn put_mail_preferences(&self, token: &str, prefs: Value) -> Response {
        self.client
            .put(self.url("/api/v1/me/mail"))
            .bearer_auth(token)
            .json(&prefs)
            .send()
            .await
            .expect("the request is answered")
    }

    pub async fn create_player_with(&self, body: Value) -> Player {
        let res = self.post("/api/v1/players", Some(&self.admin), body).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let v: Value = res.json().await.unwrap();
        Player {
            id: v["id"].as_str().unwrap().to_owned(),
            token: v["token"].as_str().unwrap().to_owned(),
        }
    }

    pub async fn create_player(&self, name: &str) -> Player {
        self.create_player_with(json!({ "name": name })).await
    }

    /// A pupil the organiser with `org_token` makes from `body` (the answer holds no token: a
    /// pupil signs in with a code), and a bearer token of the pupil's own, made as the pupil
    /// makes one on the settings page.
    pub async fn create_pupil(&self, org_token: &str, body: Value) -> Player {
        let res = self.post("/api/v1/players", Some(org_token), body).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let v: Value = res.json().await.unwrap();
        assert!(v.get("token").is_none(), "an organiser gets no token: {v}");
        let id = v["id"].as_str().unwrap().to_owned();
        let token = api::app::tokens::issue(&self.state, &id, Some("test")).unwrap();
        Player { id, token }
    }

    pub async fn create_game_with(&self, token: &str, body: Value) -> Response {
        self.post("/api/v1/games", Some(token), body).await
    }

    /// A game `organiser` makes between two players who are not theirs, as D69 allows it: both
    /// entered (by the admin) in a tournament the organiser runs, named with the game.
    pub async fn organisers_game(&self, organiser: &Player, mut body: Value) -> Response {
        let t: Value = self
            .post(
                "/api/v1/tournaments",
                Some(&organiser.token),
                json!({"name": "Kulüp Maçları", "system": "swiss", "rounds": 3, "visibility": "public"}),
            )
            .await
            .json()
            .await
            .unwrap();
        let tid = t["id"].as_str().expect("the tournament is made").to_owned();
        for side in ["white", "black"] {
            let res = self
                .post(
                    &format!("/api/v1/tournaments/{tid}/players"),
                    Some(&self.admin),
                    json!({"player": body[side]}),
                )
                .await;
            assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        }
        body["tournament"] = json!(tid);
        self.create_game_with(&organiser.token, body).await
    }

    /// A game between two new players, made by the admin.
    pub async fn new_game(&self) -> (Value, Player, Player) {
        self.new_game_from(None).await
    }

    pub async fn new_game_from(&self, fen: Option<&str>) -> (Value, Player, Player) {
        let white = self.create_player("Ayşe Yılmaz").await;
        let black = self.create_player("Mehmet Öz").await;
        let mut body = json!({ "white": white.id, "black": black.id });
        if let Some(f) = fen {
            body["start_fen"] = json!(f);
        }
        let res = self.create_game_with(&self.admin, body).await;
        assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
        (res.json().await.unwrap(), white, black)
    }

    pub async fn post_move(&self, game: &str, token: &str, mv: &str) -> Response {
        self.post(
            &format!("/api/v1/games/{game}/moves"),
            Some(token),
            json!({ "move": mv }),
        )
        .await
    }

    /// Plays moves alternately, asserting each is accepted; returns the last Game.
    pub async fn play(&self, game: &str, white: &Player, black: &Player, moves: &str) -> Value {
        let mut last = Value::Null;
        for mv in moves.split_whitespace() {
            let g = self.get_game(game).await;
            let token = if g["to_move"] == "white" {
                &white.token
            } else {
                &black.token
            };
            let res = self.post_move(game, token, mv).await;
            assert_eq!(res.status(), StatusCode::OK, "{mv}: {:?}", res.text().await);
            last = res.json().await.unwrap();
        }
        last
    }

    /// A game of `game` between two new players, made by the admin from `start` (the game's
    /// standard start if none), with `extra`'s fields added to the request.
    pub async fn game_of(
        &self,
        game: &str,
        start: Option<&str>,
        extra: Value,
    ) -> (String, Player, Player) {
        let white = self.create_player("Ayşe").await;
        let black = self.create_player("Mehmet").await;
        let mut body = json!({"white": white.id, "black": black.id, "game": game});
        if let Some(s) = start {
            body["start_position"] = json!(s);
        }
        for (k, v) in extra.as_object().expect("fields") {
            body[k] = v.clone();
        }
        let res = self.create_game_with(&self.admin, body).await;
        assert_eq!(res.status(), 201, "{:?}", res.text().await);
        let g: Value = res.json().await.unwrap();
        (g["id"].as_str().unwrap().to_owned(), white, black)
    }

    /// The legal moves of the player to move, as `GET …/legal-moves` lists them.
    pub async fn legal_moves(&self, game: &str) -> Vec<String> {
        let res = self
            .get(&format!("/api/v1/games/{game}/legal-moves"), None)
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let v: Value = res.json().await.unwrap();
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect()
    }

    pub async fn get_game(&self, game: &str) -> Value {
        let res = self.get(&format!("/api/v1/games/{game}"), None).await;
        assert_eq!(res.status(), StatusCode::OK);
        res.json().await.unwrap()
    }

    /// The game as the admin reads it (whatever its visibility).
    pub async fn get_game_as_admin(&self, game: &str) -> Value {
        let res = self
            .get(&format!("/api/v1/games/{game}"), Some(&self.admin))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        res.json().await.unwrap()
    }

    pub async fn events(&self, game: &str, token: &str) -> Vec<Value> {
        let res = self
            .get(&format!("/api/v1/games/{game}/events"), Some(token))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let v: Value = res.json().await.unwrap();
        v["events"].as_array().unwrap().clone()
    }

    /// The data of a game's `dice_thrown` events, as the holder of `token` reads them.
    pub async fn dice_thrown(&self, game: &str, token: &str) -> Vec<Value> {
        let events = self.events(game, token).await;
        events
            .into_iter()
            .filter(|e| e["type"] == "dice_thrown")
            .map(|e| e["data"].clone())
            .collect()
    }
}

/// Asserts the status and the contract's error code; returns the message.
pub async fn assert_error(res: Response, status: u16, code: &str) -> String {
    let got = res.status().as_u16();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    assert_eq!(
        (got, body["error"]["code"].as_str()),
        (status, Some(code)),
        "{body}"
    );
    body["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Canonical JSON (keys sorted, compact): how a client recomputes the hash chain.
pub fn canonical(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<_> = m.keys().collect();
            keys.sort();
            let parts: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{}:{}", Value::String(k.clone()), canonical(&m[k])))
                .collect();
            format!("{{{}}}", parts.join(","))
        }
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(canonical).collect::<Vec<_>>().join(",")
        ),
        other => other.to_string(),
    }
}

/// An event's hash as a client recomputes it from the events endpoint's output: SHA-256 (hex)
/// over the previous hash's hex text, then the canonical JSON of the fields the hash covers.
pub fn recomputed_hash(game_id: &str, prev_hash: &str, e: &Value) -> String {
    use sha2::{Digest, Sha256};
    let envelope = json!({
        "game_id": game_id, "seq": e["seq"], "type": e["type"], "version": e["version"],
        "actor": e["actor"], "at": e["at"], "data": e["data"],
    });
    hex::encode(Sha256::digest(
        format!("{prev_hash}{}", canonical(&envelope)).as_bytes(),
    ))
}

/// Checks a game's events as a client can, from the events endpoint's output and the game's id
/// alone: numbered from 1, each hash chained to the one before and (but for an erased event)
/// recomputed from the fields the endpoint shows.
pub fn assert_chain(game_id: &str, events: &[Value]) {
    let mut prev = "0".repeat(64);
    for (i, e) in events.iter().enumerate() {
        assert_eq!(e["seq"].as_i64(), Some(i as i64 + 1));
        assert_eq!(
            e["prev_hash"].as_str(),
            Some(prev.as_str()),
            "seq {}",
            i + 1
        );
        assert!(e["version"].as_i64().is_some_and(|v| v >= 1), "{e}");
        // An erased event's hash is that of what it held: its place in the chain is checked.
        if e["erased"] != true {
            let hash = recomputed_hash(game_id, &prev, e);
            assert_eq!(e["hash"].as_str(), Some(hash.as_str()), "seq {}", i + 1);
        }
        prev = e["hash"].as_str().unwrap().to_owned();
    }
}

/// Generates each test once per backend: always SQLite; PostgreSQL when ZARF_TEST_POSTGRES_URL
/// is set (and says it was skipped when not).
#[macro_export]
macro_rules! both_backends {
    ($(async fn $name:ident($app:ident) $body:block)*) => {
        mod sqlite {
            #[allow(unused_imports)]
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let $app = $crate::helpers::spawn_app($crate::helpers::Backend::Sqlite).await;
                    $body
                }
            )*
        }
        mod postgres {
            #[allow(unused_imports)]
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let Some(url) = $crate::helpers::postgres_url() else {
                        eprintln!("skipped {}: ZARF_TEST_POSTGRES_URL is not set", stringify!($name));
                        return;
                    };
                    let $app = $crate::helpers::spawn_app($crate::helpers::Backend::Postgres(url)).await;
                    $body
                }
            )*
        }
    };
}

/// For tests written as `async fn name(backend: Backend)` (they start their app themselves):
/// `name::sqlite` always, and `name::postgres` when ZARF_TEST_POSTGRES_URL is set (saying it was
/// skipped when not).
#[macro_export]
macro_rules! on_each_backend {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name($crate::helpers::Backend::Sqlite).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let Some(url) = $crate::helpers::postgres_url() else {
                    eprintln!("skipped {}::postgres: ZARF_TEST_POSTGRES_URL is not set", stringify!($name));
                    return;
                };
                super::$name($crate::helpers::Backend::Postgres(url)).await;
            }
        }
    )*};
}

/// A real SMTP server on a loopback port, started by the test: it accepts every mail and keeps
/// what it received.
pub mod smtp {
    use std::net::TcpListener;
    use std::sync::{Arc, Mutex};

    use mailin_embedded::{response, Handler, Response, Server, SslConfig};

    #[derive(Debug, Clone)]
    pub struct Received {
        pub to: Vec<String>,
        pub raw: Vec<u8>,
    }

    #[derive(Clone)]
    struct Sink {
        to: Vec<String>,
        data: Vec<u8>,
        inbox: Arc<Mutex<Vec<Received>>>,
    }

    impl Handler for Sink {
        fn data_start(
            &mut self,
            _domain: &str,
            _from: &str,
            _is8bit: bool,
            to: &[String],
        ) -> Response {
            self.to = to.to_vec();
            self.data.clear();
            response::OK
        }

        fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
            self.data.extend_from_slice(buf);
            Ok(())
        }

        fn data_end(&mut self) -> Response {
            self.inbox.lock().unwrap().push(Received {
                to: std::mem::take(&mut self.to),
                raw: std::mem::take(&mut self.data),
            });
            response::OK
        }
    }

    /// A free loopback port (for a server started later: the outage test).
    pub fn free_port() -> u16 {
        TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port()
    }

    /// Starts the server on `port` (0: any); returns its port and inbox.
    pub fn start(port: u16) -> (u16, Arc<Mutex<Vec<Received>>>) {
        let inbox = Arc::new(Mutex::new(Vec::new()));
        let listener = TcpListener::bind(("127.0.0.1", port)).expect("the SMTP port is free");
        let port = listener.local_addr().unwrap().port();
        let mut server = Server::new(Sink {
            to: Vec::new(),
            data: Vec::new(),
            inbox: inbox.clone(),
        });
        server
            .with_name("smtp.test")
            .with_ssl(SslConfig::None)
            .unwrap()
            .with_num_threads(16)
            .with_tcp_listener(listener);
        std::thread::spawn(move || {
            let _ = server.serve();
        });
        (port, inbox)
    }
}

/// The server binary as a process of its own on `db`, on a port it chooses, its stdout piped
/// (see [`serving_at`]); the test adds its own arguments, environment and stderr.
pub fn zarf_command(db: &TestDb, admin: &str) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_zarf"));
    command
        .env("ZARF_BIND", "127.0.0.1:0")
        .env("ZARF_DATABASE_URL", &db.url)
        .env("ZARF_DATA_DIR", &db.data_dir)
        .env("ZARF_ADMIN_TOKEN", admin)
        .stdout(std::process::Stdio::piped());
    command
}

/// Where a server started from [`zarf_command`] serves, from the line it prints when it is
/// ready (the rest of its stdout is read and dropped); `None` if it stopped before saying.
pub fn serving_at(child: &mut std::process::Child) -> Option<String> {
    use std::io::BufRead;
    let stdout = child.stdout.take().expect("stdout piped");
    let mut lines = std::io::BufReader::new(stdout).lines();
    let base = lines.find_map(|line| {
        line.ok()?
            .strip_prefix("zarf is serving at ")
            .map(|a| a.trim().to_owned())
    })?;
    std::thread::spawn(move || lines.for_each(drop));
    Some(base)
}

/// A server process whose log (stderr, not a terminal) is kept, read as it is written so the
/// server never waits on a full pipe.
pub struct LoggedServer {
    child: std::process::Child,
    log: Option<std::thread::JoinHandle<String>>,
    pub base: String,
    pub db: TestDb,
}

impl LoggedServer {
    pub const ADMIN: &'static str = "admin-logged-server";

    /// Starts the server on a fresh `backend` database with `args`, logging at `rust_log`.
    pub fn start(backend: &Backend, args: &[&str], rust_log: &str) -> LoggedServer {
        let db = TestDb::new(backend);
        let mut child = zarf_command(&db, Self::ADMIN)
            .args(args)
            .env_remove("NO_COLOR")
            .env("RUST_LOG", rust_log)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("zarf starts");
        let mut stderr = child.stderr.take().unwrap();
        let log = std::thread::spawn(move || {
            let mut log = String::new();
            let _ = std::io::Read::read_to_string(&mut stderr, &mut log);
            log
        });
        let base = serving_at(&mut child).expect("zarf says where it serves");
        LoggedServer {
            child,
            log: Some(log),
            base,
            db,
        }
    }

    /// Stops the server: its whole log.
    pub fn logs(mut self) -> String {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        self.log.take().unwrap().join().unwrap()
    }
}

/// A client that shows redirects instead of following them (a page's answer to a form).
pub fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// A client whose requests come from `ip` (a loopback address such as 127.0.0.2: each is
/// another client to the server's per-address limits), showing redirects.
pub fn client_from(ip: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(Some(ip.parse().expect("an address")))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// A form's token as the sign-in page gives it to a browser: the `zarf_csrf` cookie to send back
/// (as a `cookie` header) and the value of the form's hidden `csrf` field.
pub async fn form_token(app: &TestApp) -> (String, String) {
    let res = app.client.get(app.url("/login")).send().await.unwrap();
    let cookie = res
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("zarf_csrf="))
        .and_then(|v| v.split(';').next())
        .expect("the page sets its form cookie")
        .to_owned();
    let body = res.text().await.unwrap();
    let token = body
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the form carries its token")
        .to_owned();
    (cookie, token)
}

/// Signs `player` in as a browser does: a pupil or player with a one-time code the admin made,
/// posted with the sign-in page's form token; an organiser or admin, for whom no code is made,
/// with the session a followed sign-in link opens. The `cookie` header that carries the session
/// and the form cookie, and the form token for the pages' forms.
pub async fn sign_in(app: &TestApp, player: &str) -> (String, String) {
    let (form_cookie, token) = form_token(app).await;
    let res = app
        .post(
            &format!("/api/v1/players/{player}/login-code"),
            Some(&app.admin),
            serde_json::json!({}),
        )
        .await;
    if res.status() == StatusCode::FORBIDDEN {
        let cookie = signed_in_by_link(app, player, form_cookie);
        let token = page_token(app, &cookie, "/settings").await;
        return (cookie, token);
    }
    let code: Value = res.json().await.unwrap();
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = client
        .post(app.url("/login/code"))
        .header("cookie", &form_cookie)
        .form(&[
            ("code", code["code"].as_str().unwrap()),
            ("csrf", token.as_str()),
        ])
        .send()
        .await
        .unwrap();
    let session = res
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("zarf_session="))
        .and_then(|v| v.split(';').next())
        .expect("signed in")
        .to_owned();
    let cookie = format!("{session}; {form_cookie}");
    // Signing in opens a new session: the forms' token is the session's now.
    let token = page_token(app, &cookie, "/settings").await;
    (cookie, token)
}

/// The forms' token of the page at `path` as the browser with `cookie` reads it.
pub async fn page_token(app: &TestApp, cookie: &str, path: &str) -> String {
    let page = app
        .client
        .get(app.url(path))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    page.split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the page's forms carry a token")
        .to_owned()
}

/// The `cookie` header of the session a followed sign-in link opens for `player`.
fn signed_in_by_link(app: &TestApp, player: &str, form_cookie: String) -> String {
    let session = api::app::tokens::new_token();
    let expires = time::OffsetDateTime::now_utc() + time::Duration::days(1);
    app.state
        .store
        .create_session(
            &api::app::tokens::token_hash(&session),
            player,
            (expires.unix_timestamp_nanos() / 1000) as i64,
        )
        .expect("a session is opened");
    format!("zarf_session={session}; {form_cookie}")
}

/// `zarf ARGS…`: its exit code and standard output.
pub fn zarf(args: &[&str]) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_zarf"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// Follows a mailed sign-in link as a browser does: its page (which spends nothing), then the
/// page's button (a POST with the page's form token). The button's answer.
pub async fn confirm_sign_in_link(link: &str) -> Response {
    let client = no_redirects();
    let page = client.get(link).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK, "the link's page");
    let cookie = page
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("zarf_csrf="))
        .and_then(|v| v.split(';').next())
        .expect("the page sets its form cookie")
        .to_owned();
    let html = page.text().await.unwrap();
    let field = |name: &str| {
        html.split(&format!("name=\"{name}\" value=\""))
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("the page's form has {name}: {html}"))
            .to_owned()
    };
    let (csrf, token) = (field("csrf"), field("token"));
    let origin = link.split("/login/").next().unwrap();
    client
        .post(format!("{origin}/login/link"))
        .header("cookie", cookie)
        .form(&[("token", token.as_str()), ("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap()
}
