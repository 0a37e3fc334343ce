//! `zarf verify` finds a tampered log; JSON logs carry the request id.

use std::process::Command;

use diesel::connection::SimpleConnection;

use crate::both_backends;
use crate::helpers::{Backend, LoggedServer};

pub fn verify(db: &crate::helpers::TestDb) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_zarf"))
        .arg("verify")
        .env("ZARF_DATABASE_URL", &db.url)
        .env("ZARF_DATA_DIR", &db.data_dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Rewrites event `seq` of game `g` with `data`, and every hash from it on, as someone with the
/// database and zarf's source could: the hash chain holds again.
fn forge(db: &crate::helpers::TestDb, g: &str, seq: i64, data: &str) {
    use api::store::chain::{canonical_json, event_hash, Hashed};
    use api::store::log::{GameLog, LogTable};
    let store = api::store::Store::open(&db.url, 1).unwrap();
    let rows = GameLog.load(&mut store.reader().unwrap(), g, 0).unwrap();
    let mut prev = rows[(seq - 2) as usize].hash.clone();
    for row in rows.iter().filter(|r| r.seq >= seq) {
        let data = if row.seq == seq {
            data.to_owned()
        } else {
            row.data.clone()
        };
        let value: serde_json::Value = serde_json::from_str(&data).unwrap();
        let at = api::store::rfc3339(api::store::from_micros(row.recorded_at));
        let hash = event_hash(
            &prev,
            &Hashed {
                id_field: GameLog.id_field(),
                log_id: g,
                seq: row.seq,
                type_name: &row.type_,
                version: row.version,
                actor: &row.actor,
                at: &at,
                data: &canonical_json(&value),
            },
        );
        let sql = format!(
            "UPDATE game_events SET data = '{}', prev_hash = '{prev}', hash = '{hash}' WHERE game_id = '{g}' AND seq = {}",
            canonical_json(&value).replace('\'', "''"),
            row.seq
        );
        store.writer().unwrap().batch_execute(&sql).unwrap();
        prev = hash;
    }
}

both_backends! {
    async fn verify_finds_a_forged_throw_or_seed_though_the_chain_holds(app) {
        // A tavla match: the opening dice and the starter's, a play, the next dice; resigned.
        let (g, white, black) = app.game_of("tavla", None, serde_json::json!({})).await;
        let game = crate::tavla::open_match(&app, &g, &white, &black).await;
        let (mover, other) = if game["to_move"] == "white" { (&white, &black) } else { (&black, &white) };
        let play = app.legal_moves(&g).await.into_iter().find(|m| m.contains('/')).unwrap();
        assert_eq!(app.post_move(&g, &mover.token, &play).await.status(), 200);
        let res = app.post(&format!("/api/v1/games/{g}/resign"), Some(&other.token), serde_json::json!({})).await;
        assert_eq!(res.status(), 200);
        let (code, out) = verify(&app.db);
        assert_eq!(code, 0, "{out}");
        let events: serde_json::Value = app.get(&format!("/api/v1/games/{g}/events"), None).await.json().await.unwrap();
        let events = events["events"].as_array().unwrap().clone();
        let seq_of = |kind: &str| events.iter().rev().find(|e| e["type"] == kind).unwrap()["seq"].as_i64().unwrap();
        // The last throw (no move after it) made another, the chain recomputed.
        let last = seq_of("dice_thrown");
        let thrown = &events[(last - 1) as usize]["data"];
        let mut forged = thrown.clone();
        forged["dice"] = if thrown["dice"] == serde_json::json!([1, 2]) { serde_json::json!([2, 1]) } else { serde_json::json!([1, 2]) };
        forge(&app.db, &g, last, &forged.to_string());
        let (code, out) = verify(&app.db);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("does not follow from the revealed seed"), "{out}");
        forge(&app.db, &g, last, &thrown.to_string());
        assert_eq!(verify(&app.db).0, 0);
        // Another seed revealed: it is not the one committed to.
        let revealed = seq_of("dice_revealed");
        forge(&app.db, &g, revealed, &serde_json::json!({"seed": "00".repeat(32)}).to_string());
        let (code, out) = verify(&app.db);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("does not match the commitment"), "{out}");
    }

    async fn verify_reports_a_finished_match_whose_seed_was_never_revealed(app) {
        let (g, _, black) = crate::dice_log::match_played(&app).await;
        let res = app.post(&format!("/api/v1/games/{g}/resign"), Some(&black.token), serde_json::json!({})).await;
        assert_eq!(res.status(), 200);
        let (code, out) = verify(&app.db);
        assert_eq!(code, 0, "{out}");
        // The reveal taken off the end of the log: the chain still holds, the match is over,
        // and nobody can check its throws.
        let events: serde_json::Value = app.get(&format!("/api/v1/games/{g}/events"), None).await.json().await.unwrap();
        let events = events["events"].as_array().unwrap();
        let last = events.last().unwrap();
        assert_eq!(last["type"], "dice_revealed");
        let ended = events.iter().rev().find(|e| e["type"] == "game_ended").unwrap()["seq"].as_i64().unwrap();
        let store = api::store::Store::open(&app.db.url, 1).unwrap();
        let sql = format!("DELETE FROM game_events WHERE game_id = '{g}' AND seq = {}", last["seq"]);
        store.writer().unwrap().batch_execute(&sql).unwrap();
        let (code, out) = verify(&app.db);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains(&format!("BROKEN game {g} at seq {ended}: the match of dice is over but its seed was never revealed")), "{out}");
    }

    async fn verify_reports_a_tampered_event(app) {
        let (game, white, black) = app.new_game().await;
        let g = game["id"].as_str().unwrap().to_owned();
        app.play(&g, &white, &black, "e4 e5 Nf3").await;
        let (code, out) = verify(&app.db);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("verified 1 games: 0 breaks"), "{out}");

        // Someone with database access rewrites Black's reply.
        let store = api::store::Store::open(&app.db.url, 1).unwrap();
        let sql = format!(
            "UPDATE game_events SET data = replace(data, 'e7e5', 'e7e6') WHERE game_id = '{g}' AND seq = 3"
        );
        store.writer().unwrap().batch_execute(&sql).unwrap();
        let (code, out) = verify(&app.db);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains(&format!("BROKEN game {g} at seq 3: hash does not match")), "{out}");
    }

    async fn an_unreadable_log_is_an_opaque_500_with_a_request_id(app) {
        let (game, white, black) = app.new_game().await;
        let g = game["id"].as_str().unwrap().to_owned();
        app.play(&g, &white, &black, "e4").await;
        let store = api::store::Store::open(&app.db.url, 1).unwrap();
        store
            .writer()
            .unwrap()
            .batch_execute(&format!("UPDATE game_events SET type = 'castled_twice' WHERE game_id = '{g}' AND seq = 2"))
            .unwrap();
        // Reads of the whole log meet the damage (a command may use its cached fold; `zarf
        // verify` reports the damage either way).
        for res in [
            app.get(&format!("/api/v1/games/{g}/pgn"), None).await,
            app.get(&format!("/api/v1/games/{g}/events"), Some(&black.token)).await,
        ] {
            assert_eq!(res.status().as_u16(), 500);
            assert!(res.headers().contains_key("x-request-id"));
            let body: serde_json::Value = res.json().await.unwrap();
            assert_eq!(body["error"]["code"], "internal");
            let message = body["error"]["message"].as_str().unwrap();
            assert!(!message.contains("castled_twice"), "no internals in the answer: {message}");
        }
    }
}

/// The request id an answer's raw headers carry.
fn request_id_of(headers: &str) -> String {
    headers
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("x-request-id:")
                .map(|v| v.trim().to_owned())
        })
        .expect("a request id header")
}

/// Starts the server with `args`, asks it for an unknown game, stops it: the request's id and
/// the server's whole log.
fn logs_of_one_request(args: &[&str]) -> (String, String) {
    let server = LoggedServer::start(&Backend::Sqlite, args, "info");
    let request_id = request_id_of(&raw_get(&server.base, "/api/v1/games/not-a-game"));
    (request_id, server.logs())
}

/// The JSON log lines of a request, by its id.
fn json_lines_of(logs: &str, request_id: &str) -> Vec<serde_json::Value> {
    logs.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["span"]["request_id"] == request_id)
        .collect()
}

#[tokio::test]
async fn a_500s_access_line_is_an_error_and_its_cause_is_logged_in_its_span() {
    // As operations.md says: access lines of answered requests left out, 5xx ones kept.
    let server = LoggedServer::start(
        &Backend::Sqlite,
        &["--log-format", "json"],
        "info,zarf::access=warn",
    );
    let http = reqwest::Client::new();
    let post = |path: &str, token: &str, body: serde_json::Value| {
        http.post(format!("{}{path}", server.base))
            .bearer_auth(token)
            .json(&body)
            .send()
    };
    let mut players = Vec::new();
    for name in ["Ayşe", "Bora"] {
        let res = post(
            "/api/v1/players",
            LoggedServer::ADMIN,
            serde_json::json!({"name": name}),
        )
        .await
        .unwrap();
        assert_eq!(res.status().as_u16(), 201);
        players.push(res.json::<serde_json::Value>().await.unwrap());
    }
    let game: serde_json::Value = post(
        "/api/v1/games",
        LoggedServer::ADMIN,
        serde_json::json!({"white": players[0]["id"], "black": players[1]["id"]}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let g = game["id"].as_str().unwrap().to_owned();
    let white = players[0]["token"].as_str().unwrap();
    let res = post(
        &format!("/api/v1/games/{g}/moves"),
        white,
        serde_json::json!({"move": "e4"}),
    )
    .await
    .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let store = api::store::Store::open(&server.db.url, 1).unwrap();
    store
        .writer()
        .unwrap()
        .batch_execute(&format!(
            "UPDATE game_events SET type = 'castled_twice' WHERE game_id = '{g}' AND seq = 2"
        ))
        .unwrap();

    let headers = raw_get(&server.base, &format!("/api/v1/games/{g}/pgn"));
    assert!(headers.starts_with("HTTP/1.1 500"), "{headers}");
    let request_id = request_id_of(&headers);
    let logs = server.logs();

    let lines = json_lines_of(&logs, &request_id);
    let access: Vec<_> = lines
        .iter()
        .filter(|v| v["target"] == "zarf::access")
        .collect();
    assert_eq!(access.len(), 1, "one access line for the 500: {logs}");
    assert_eq!(access[0]["level"], "ERROR", "{}", access[0]);
    assert_eq!(
        access[0]["fields"]["http.status_code"], 500,
        "{}",
        access[0]
    );
    let named = access[0]["fields"]["error"].as_str().unwrap_or_default();
    assert!(
        named.contains("internal"),
        "the access line names the error: {}",
        access[0]
    );
    assert!(
        lines.iter().any(|v| v["target"] != "zarf::access"
            && v["fields"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("castled_twice"))),
        "the cause chain, in the request's span: {logs}"
    );
    assert_eq!(
        logs.lines()
            .filter(|l| l.contains("\"zarf::access\""))
            .count(),
        1,
        "the answered requests' access lines are left out, the 500's kept: {logs}"
    );
}

#[test]
fn json_logs_carry_the_request_id() {
    let (request_id, logs) = logs_of_one_request(&["--log-format", "json"]);
    let line = logs
        .lines()
        .find(|l| l.contains(&request_id))
        .unwrap_or_else(|| panic!("a log line for request {request_id}: {logs}"));
    let v: serde_json::Value = serde_json::from_str(line).expect("JSON log lines");
    assert!(v["level"].is_string() && v["timestamp"].is_string(), "{v}");
    let access: Vec<serde_json::Value> = json_lines_of(&logs, &request_id)
        .into_iter()
        .filter(|v| v["target"] == "zarf::access")
        .collect();
    assert_eq!(access.len(), 1, "one access line for the request: {logs}");
    let fields = &access[0]["fields"];
    assert_eq!(fields["http.status_code"], 404, "{fields}");
    assert!(fields["took_us"].is_u64(), "the time taken: {fields}");
    assert_eq!(access[0]["span"]["http.route"], "/api/v1/games/{id}");
}

#[test]
fn human_logs_written_to_a_file_or_pipe_are_plain_text() {
    let (request_id, logs) = logs_of_one_request(&[]);
    let line = logs
        .lines()
        .find(|l| l.contains(&request_id) && l.contains("zarf::access"))
        .unwrap_or_else(|| panic!("an access line for request {request_id}: {logs}"));
    assert!(
        !logs.contains('\u{1b}'),
        "no terminal colour codes in a log that is not a terminal: {line:?}"
    );
    assert!(
        line.contains(&format!("request_id={request_id}"))
            && line.contains("http.status_code=404")
            && line.contains("http.route=/api/v1/games/{id}"),
        "the access line names the request, its route and its status: {line}"
    );
    assert_eq!(
        logs.lines()
            .filter(|l| l.contains(&request_id) && l.contains("zarf::access"))
            .count(),
        1,
        "one access line for the request: {logs}"
    );
}

fn raw_get(base: &str, path: &str) -> String {
    use std::io::{Read, Write};
    let addr = base.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    text
}
