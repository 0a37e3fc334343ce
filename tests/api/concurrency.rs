//! Races for one ply, and a server killed while clients move.

use std::process::{Child, Command};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// Runs `zarf verify` on a database; true when every chain holds.
fn zarf_verify(db: &TestDb) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_zarf"))
        .arg("verify")
        .env("ZARF_DATABASE_URL", &db.url)
        .env("ZARF_DATA_DIR", &db.data_dir)
        .output()
        .expect("zarf verify runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

both_backends! {
    async fn two_servers_on_one_database_judge_the_same_game(app) {
        // Each server keeps its own cached folds; what the other appended must be judged on.
        let peer = spawn_peer(&app).await;
        let (game, white, black) = app.new_game().await;
        let g = game["id"].as_str().unwrap().to_owned();
        assert_eq!(app.post_move(&g, &white.token, "e4").await.status(), StatusCode::OK);
        assert_eq!(peer.post_move(&g, &black.token, "e5").await.status(), StatusCode::OK);
        // The first server last saw Black to move: its cached fold is stale.
        assert_eq!(app.post_move(&g, &white.token, "Nf3").await.status(), StatusCode::OK);
        assert_eq!(app.post_move(&g, &black.token, "Nc6").await.status(), StatusCode::OK);
        // The peer last saw White to move after 1...e5: Bb5 is legal there too, so it is
        // appended after the wrong event, conflicts, and is judged again on the real game.
        let res = peer.post_move(&g, &white.token, "Bb5").await;
        assert_eq!(res.status(), StatusCode::OK);
        let seen: Value = res.json().await.unwrap();
        assert_eq!(seen["moves"], json!(["e4", "e5", "Nf3", "Nc6", "Bb5"]));
        // A refusal is given on the real game only: Black may not move twice.
        assert_eq!(peer.post_move(&g, &black.token, "a6").await.status(), StatusCode::OK);
        assert_error(app.post_move(&g, &black.token, "b5").await, 409, "not_your_turn").await;
        for server in [&app, &peer] {
            let view = server.get_game(&g).await;
            assert_eq!(view["moves"], json!(["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]));
            assert_eq!(view["version"], 7);
        }
        let (verified, out) = zarf_verify(&app.db);
        assert!(verified, "{out}");
    }

    async fn many_clients_race_for_one_ply_and_one_wins(app) {
        let (game, white, _black) = app.new_game().await;
        let g = game["id"].as_str().unwrap().to_owned();
        let moves = ["e4", "d4", "c4", "Nf3", "Nc3", "b3", "g3", "f4", "a3", "h3", "e3", "d3", "b4", "g4", "Na3", "Nh3"];
        let tasks: Vec<_> = moves
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                let (client, url, token) = (app.client.clone(), app.url(&format!("/api/v1/games/{g}/moves")), white.token.clone());
                // Half name the version they expect, half do not.
                let body = if i % 2 == 0 { json!({"move": mv, "expected_version": 1}) } else { json!({"move": mv}) };
                tokio::spawn(async move {
                    let res = client.post(url).bearer_auth(token).json(&body).send().await.unwrap();
                    let status = res.status();
                    let v: Value = res.json().await.unwrap();
                    (status, v)
                })
            })
            .collect();
        let mut ok = 0;
        for t in tasks {
            let (status, body) = t.await.unwrap();
            match status {
                StatusCode::OK => ok += 1,
                StatusCode::CONFLICT => {
                    let code = body["error"]["code"].as_str().unwrap();
                    assert!(code == "version_conflict" || code == "not_your_turn", "{body}");
                }
                other => panic!("unexpected {other}: {body}"),
            }
        }
        assert_eq!(ok, 1, "exactly one move is recorded");
        let now = app.get_game(&g).await;
        assert_eq!((now["version"].as_i64(), now["ply"].as_i64()), (Some(2), Some(1)));
        assert_chain(&g, &app.events(&g, &white.token).await);
        let (verified, out) = zarf_verify(&app.db);
        assert!(verified, "{out}");
    }
}

/// The real binary as a child process, its warnings and errors written to `log`.
struct Server {
    child: Child,
    base: String,
    log: std::path::PathBuf,
}

impl Server {
    /// The end of what the server logged, for a failure's message.
    fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }
}

fn start_server(db: &TestDb, admin: &str, name: &str) -> Server {
    let log = db.data_dir.join(format!("{name}.log"));
    let mut child = zarf_command(db, admin)
        .env("ZARF_RATE_LIMIT_PER_MINUTE", "1000000")
        .env("ZARF_IP_RATE_LIMIT_PER_MINUTE", "1000000")
        .env("RUST_LOG", "warn")
        .stderr(std::fs::File::create(&log).expect("the server's log file"))
        .spawn()
        .expect("zarf starts");
    let base = serving_at(&mut child).unwrap_or_else(|| {
        panic!(
            "zarf did not say where it serves: {}",
            std::fs::read_to_string(&log).unwrap_or_default()
        )
    });
    Server { child, base, log }
}

/// A legal move in UCI for the position, chosen by `n`.
fn some_legal_move(fen: &str, n: usize) -> Option<String> {
    let pos = domain::chess::position_from_stored_fen(fen)?;
    let moves = domain::chess::legal_moves(&pos);
    let m = *moves.get(n % moves.len().max(1))?;
    Some(domain::chess::write_move(
        &pos,
        m,
        domain::chess::MoveStyle::Uci,
    ))
}

async fn durability(backend: Backend) {
    let db = TestDb::new(&backend);
    let admin = format!("admin-{}", uuid::Uuid::now_v7().simple());
    let mut server = start_server(&db, &admin, "first");
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let base = server.base.clone();
    let post = |path: String, token: String, body: Value| {
        let (client, base) = (client.clone(), base.clone());
        async move {
            client
                .post(format!("{base}{path}"))
                .bearer_auth(token)
                .json(&body)
                .send()
                .await
        }
    };
    // Four games, each played by its two players from two client tasks.
    let mut games = Vec::new();
    for i in 0..4 {
        let mut players = Vec::new();
        for side in ["w", "b"] {
            let v: Value = post(
                "/api/v1/players".into(),
                admin.clone(),
                json!({"name": format!("{side}{i}")}),
            )
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
            players.push((
                v["id"].as_str().unwrap().to_owned(),
                v["token"].as_str().unwrap().to_owned(),
            ));
        }
        let g: Value = post(
            "/api/v1/games".into(),
            admin.clone(),
            json!({"white": players[0].0, "black": players[1].0}),
        )
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
        games.push((g["id"].as_str().unwrap().to_owned(), players));
    }
    // Acknowledged moves: (game, version after the move, uci).
    let acked: Arc<Mutex<Vec<(String, i64, String)>>> = Arc::default();
    // What went wrong for the clients before the kill: a failure's message shows it.
    let trouble: Arc<Mutex<Vec<String>>> = Arc::default();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut tasks = Vec::new();
    for (g, players) in &games {
        for (side, (_, token)) in players.iter().enumerate() {
            let (g, token, client, base, acked, stop, trouble) = (
                g.clone(),
                token.clone(),
                client.clone(),
                base.clone(),
                acked.clone(),
                stop.clone(),
                trouble.clone(),
            );
            tasks.push(tokio::spawn(async move {
                let mut n = 0usize;
                // A failed read is noted and tried again: only the kill ends a client early.
                let note = |what: String| {
                    trouble.lock().unwrap().push(what);
                    tokio::time::sleep(Duration::from_millis(20))
                };
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    n += 1;
                    let res = match client.get(format!("{base}/api/v1/games/{g}")).send().await {
                        Ok(res) if res.status() == StatusCode::OK => res,
                        Ok(res) => {
                            note(format!("GET {g}: {}", res.status())).await;
                            continue;
                        }
                        Err(e) => {
                            note(format!("GET {g}: {e}")).await;
                            continue;
                        }
                    };
                    let Ok(game) = res.json::<Value>().await else {
                        note(format!("GET {g}: an unreadable answer")).await;
                        continue;
                    };
                    let my_turn = game["to_move"] == if side == 0 { "white" } else { "black" };
                    if game["status"] != "active" {
                        break;
                    }
                    if !my_turn {
                        tokio::time::sleep(Duration::from_millis(2)).await;
                        continue;
                    }
                    let Some(uci) = some_legal_move(game["fen"].as_str().unwrap(), n * 7 + side) else { break };
                    let body = json!({"move": uci, "notation": "uci", "expected_version": game["version"]});
                    match client.post(format!("{base}/api/v1/games/{g}/moves")).bearer_auth(&token).json(&body).send().await {
                        // Only a complete 2xx answer counts as acknowledged.
                        Ok(res) if res.status() == StatusCode::OK => {
                            if let Ok(after) = res.json::<Value>().await {
                                acked.lock().unwrap().push((g.clone(), after["version"].as_i64().unwrap(), uci));
                            }
                        }
                        // A lost race with the other client's read is normal; anything else is noted.
                        Ok(res) if res.status() == StatusCode::CONFLICT => {}
                        Ok(res) => note(format!("POST {g}: {}", res.status())).await,
                        Err(e) => note(format!("POST {g}: {e}")).await,
                    }
                }
            }));
        }
    }
    // Let them play, then kill the server without warning.
    let started = Instant::now();
    while acked.lock().unwrap().len() < 40 && started.elapsed() < Duration::from_secs(20) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let before_kill = trouble.lock().unwrap().len();
    server.child.kill().expect("SIGKILL"); // std's kill is SIGKILL on Unix
    server.child.wait().unwrap();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    let acked = acked.lock().unwrap().clone();
    let trouble = trouble.lock().unwrap()[..before_kill].to_vec();
    assert!(
        acked.len() >= 10,
        "clients were moving when the server died: {} moves acknowledged after {:?}; \
         the clients' trouble: {trouble:?}; the server's log:\n{}",
        acked.len(),
        started.elapsed(),
        server.log_tail()
    );

    // Restart on the same database: every acknowledged move is in its log.
    let mut server = start_server(&db, &admin, "restarted");
    for (g, version, uci) in &acked {
        let res = client
            .get(format!("{}/api/v1/games/{g}/events", server.base))
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{}", server.log_tail());
        let events: Value = res.json().await.unwrap();
        let e = &events["events"][(*version - 1) as usize];
        let lost = format!("{g} v{version} {uci}: acknowledged, then not in the log: {events}");
        assert_eq!(e["type"], "move_played", "{lost}");
        assert_eq!(
            e["data"]["move"]["uci"].as_str(),
            Some(uci.as_str()),
            "{lost}"
        );
        assert_chain(g, events["events"].as_array().unwrap());
    }
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    let (verified, out) = zarf_verify(&db);
    assert!(verified, "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_killed_server_loses_no_acknowledged_move_sqlite() {
    durability(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_killed_server_loses_no_acknowledged_move_postgres() {
    let Some(url) = postgres_url() else {
        eprintln!("skipped a_killed_server_loses_no_acknowledged_move_postgres: ZARF_TEST_POSTGRES_URL is not set");
        return;
    };
    durability(Backend::Postgres(url)).await;
}

/// A client that hangs up while its move waits for the commit does not stop the server finishing
/// the move: it is recorded, and this server's fold of the game moves on with it, so the next
/// move is judged on it without losing a race first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_client_hangs_up_before_its_commit_still_lands() {
    use diesel::connection::SimpleConnection;
    use diesel::Connection;
    use tokio::io::AsyncWriteExt;
    let app = spawn_app(Backend::Sqlite).await;
    let (game, white, black) = app.new_game().await;
    let id = game["id"].as_str().unwrap().to_owned();
    // Another writer holds SQLite's write lock: the move waits for its commit.
    let file = app.db.url.trim_start_matches("sqlite://").to_owned();
    let mut other = diesel::SqliteConnection::establish(&file).unwrap();
    other.batch_execute("BEGIN IMMEDIATE").unwrap();
    let addr = app.base.trim_start_matches("http://").to_owned();
    let body = r#"{"move":"e4"}"#;
    let mut client = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let request = format!(
        "POST /api/v1/games/{id}/moves HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        white.token,
        body.len()
    );
    client.write_all(request.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop(client);
    tokio::time::sleep(Duration::from_millis(500)).await;
    other.batch_execute("ROLLBACK").unwrap();

    let deadline = Instant::now() + Duration::from_secs(10);
    while app.get_game(&id).await["ply"] != 1 {
        assert!(Instant::now() < deadline, "the move was not recorded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    while app.state.folds.cached(&id).map(|f| f.seq) != Some(2) {
        assert!(
            Instant::now() < deadline,
            "this server's fold of the game did not move on with the move"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let conflicts = app.state.metrics.store_conflicts.get();
    let res = app.post_move(&id, &black.token, "e5").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.state.metrics.store_conflicts.get(),
        conflicts,
        "no lost race"
    );
}
