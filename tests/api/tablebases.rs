//! Games the endgame tablebases decide, over the API, with the Syzygy tables in
//! `tests/data/syzygy`: claims (ICCF), the game ended on the move that enters the tables
//! (`automatic`), and a server without tables. The verdicts expected were read from the same
//! files with python-chess 1.11.2's `chess.syzygy`.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// A rook ending with a pawn on a6 (five pieces: not in the tables). After 1. a7 Rxa7 it is
/// rook against rook, a draw.
const ROOK_ENDING: &str = "8/8/P4k2/8/4K3/8/r7/7R w - - 0 40";
/// The same with Black's king on e7: after 1. a7 Rxa7 2. Rh7+ White wins the rook.
const SKEWER: &str = "8/4k3/P7/8/4K3/8/r7/7R w - - 0 40";
/// 1. Qxd8+ leaves king and queen against king and pawn: Black to move loses (DTZ −6).
const QUEEN_TAKES: &str = "3r3k/7p/8/8/8/8/8/3Q2K1 w - - 0 30";
/// White wins only beyond fifty moves without a capture or a pawn move (DTZ 103).
const CURSED_WIN: &str = "8/k7/8/n7/2B5/8/1B6/2K5 w - - 0 1";

/// A game from the start (found by random play among captures, checked with python-chess) whose
/// first position in the test tables is its last: after 24. Kxe2 Black's rook, knight and king
/// win against the king (DTZ 19).
const TO_THE_TABLES: &str = "h4 a5 b3 g5 hxg5 b5 Rxh7 Rxh7 g3 f5 gxf6 Rh2 fxe7 Bxe7 g4 Rxf2 \
    Kxf2 Bb4 Ke1 Bxd2+ Bxd2 Nf6 Bxa5 Nxg4 Qxd7+ Bxd7 Bxc7 Rxa2 Bxd8 Rxa1 Kd2 Rxb1 Bh3 Rxg1 Bxg4 \
    Rxg4 c4 bxc4 bxc4 Kxd8 Kc1 Rxc4+ Kd1 Bg4 Ke1 Bxe2 Kxe2";

fn tables() -> Options {
    Options {
        syzygy_path: vec![
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy")
        ],
        ..Default::default()
    }
}

async fn game_under(app: &TestApp, fen: &str, rule: &str) -> (String, Player, Player) {
    let white = app.create_player("Ayşe Yılmaz").await;
    let black = app.create_player("Mehmet Öz").await;
    let res = app
        .create_game_with(&app.admin, json!({"white": white.id, "black": black.id, "start_fen": fen, "tablebase": rule, "event": "ICCF tarzı"}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    let game: Value = res.json().await.unwrap();
    assert_eq!(game["tablebase"], json!({"rule": rule}), "{game}");
    (game["id"].as_str().unwrap().to_owned(), white, black)
}

async fn claim(app: &TestApp, game: &str, token: &str, body: Value) -> reqwest::Response {
    app.post(&format!("/api/v1/games/{game}/claims"), Some(token), body)
        .await
}

async fn a_whole_game_under_claim(app: TestApp) {
    let (g, white, black) = game_under(&app, ROOK_ENDING, "claim").await;
    // Five pieces: the tables here do not hold the position.
    let why = assert_error(
        claim(&app, &g, &white.token, json!({"kind": "tablebase_win"})).await,
        409,
        "not_in_tablebases",
    )
    .await;
    assert!(why.contains("do not hold"), "{why}");
    app.play(&g, &white, &black, "a7").await;
    // Claiming the win on 1... Rxa7 is wrong: rook against rook is a draw. Refused, nothing recorded.
    let why = assert_error(
        claim(
            &app,
            &g,
            &black.token,
            json!({"kind": "tablebase_win", "move": "Rxa7"}),
        )
        .await,
        409,
        "tablebase_claim_refused",
    )
    .await;
    assert!(why.contains("draw"), "{why}");
    let before = app.get_game(&g).await;
    assert_eq!(
        (
            before["ply"].as_u64(),
            before["version"].as_u64(),
            before["status"].as_str()
        ),
        (Some(1), Some(2), Some("active"))
    );
    // Claimed right, on the intended move: the move is played and the game drawn.
    let res = claim(
        &app,
        &g,
        &black.token,
        json!({"kind": "tablebase_draw", "move": "Rxa7"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let answer: Value = res.json().await.unwrap();
    assert_eq!(answer["accepted"], true);
    let game = &answer["game"];
    assert_eq!(game["moves"], json!(["a7", "Rxa7"]));
    assert_eq!(
        (game["result"].as_str(), game["termination"].as_str()),
        (Some("1/2-1/2"), Some("tablebase"))
    );
    let tablebase = &game["tablebase"];
    assert_eq!(
        (tablebase["rule"].as_str(), tablebase["claimed_by"].as_str()),
        (Some("claim"), Some("black"))
    );
    let verdict = &tablebase["verdict"];
    assert_eq!(
        (
            verdict["wdl"].as_str(),
            verdict["to_move"].as_str(),
            verdict["dtz"].as_i64(),
            verdict["pieces"].as_u64()
        ),
        (Some("draw"), Some("white"), Some(0), Some(4)),
        "{verdict}"
    );
    assert!(verdict["tables"].as_str().unwrap().starts_with("syzygy:"));
    assert_eq!(&app.get_game(&g).await, game);
    // The log keeps the verdict, for a reader with the same tables to check.
    let events = app.events(&g, &white.token).await;
    let adjudicated = events
        .iter()
        .find(|e| e["type"] == "tablebase_adjudicated")
        .expect("the verdict is in the log");
    assert_eq!(adjudicated["data"]["claimed_by"], "black");
    assert_eq!(adjudicated["data"]["claim"], "draw");
    assert_eq!(adjudicated["data"]["verdict"]["wdl"], "draw");
    assert_eq!(events.last().unwrap()["type"], "game_ended");
    assert_chain(&g, &events);
    let pgn = app
        .get(&format!("/api/v1/games/{g}/pgn"), None)
        .await
        .text()
        .await
        .unwrap();
    assert!(pgn.contains("[Termination \"adjudication\"]"), "{pgn}");
    assert!(
        pgn.contains(
            "Draw by the tablebases (claimed by Black): draw for White to move, DTZ 0, 4 pieces"
        ),
        "{pgn}"
    );
    assert!(pgn.contains("1/2-1/2"), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_under_claim_on_sqlite() {
    a_whole_game_under_claim(spawn_app_with(Backend::Sqlite, tables()).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_under_claim_on_postgres() {
    let Some(url) = postgres_url() else {
        eprintln!(
            "skipped a_whole_game_under_claim_on_postgres: ZARF_TEST_POSTGRES_URL is not set"
        );
        return;
    };
    a_whole_game_under_claim(spawn_app_with(Backend::Postgres(url), tables()).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_claim_is_refused_with_what_the_tables_give_the_claimer() {
    let app = spawn_app_with(Backend::Sqlite, tables()).await;
    let (g, white, black) = game_under(&app, SKEWER, "claim").await;
    app.play(&g, &white, &black, "a7").await;
    // 1... Rxa7 2. Rh7+ wins the rook: the tables give Black a loss.
    let why = assert_error(
        claim(
            &app,
            &g,
            &black.token,
            json!({"kind": "tablebase_draw", "move": "Rxa7"}),
        )
        .await,
        409,
        "tablebase_claim_refused",
    )
    .await;
    assert!(why.contains("loss"), "{why}");
    // Only the player to move claims; an illegal intended move is a 422 and changes nothing.
    assert_error(
        claim(&app, &g, &white.token, json!({"kind": "tablebase_win"})).await,
        409,
        "not_your_turn",
    )
    .await;
    assert_error(
        claim(
            &app,
            &g,
            &black.token,
            json!({"kind": "tablebase_draw", "move": "Rxh1"}),
        )
        .await,
        422,
        "illegal_move",
    )
    .await;
    let stranger = app.create_player("Yabancı").await;
    assert_error(
        claim(&app, &g, &stranger.token, json!({"kind": "tablebase_draw"})).await,
        403,
        "not_a_player",
    )
    .await;
    assert_eq!(app.get_game(&g).await["version"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cursed_win_is_claimed_as_a_win() {
    let app = spawn_app_with(Backend::Sqlite, tables()).await;
    let (g, white, _) = game_under(&app, CURSED_WIN, "claim").await;
    assert_error(
        claim(&app, &g, &white.token, json!({"kind": "tablebase_draw"})).await,
        409,
        "tablebase_claim_refused",
    )
    .await;
    let answer: Value = claim(&app, &g, &white.token, json!({"kind": "tablebase_win"}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(answer["accepted"], true, "{answer}");
    assert_eq!(
        (
            answer["game"]["result"].as_str(),
            answer["game"]["termination"].as_str()
        ),
        (Some("1-0"), Some("tablebase"))
    );
    let verdict = &answer["game"]["tablebase"]["verdict"];
    assert_eq!(
        (
            verdict["wdl"].as_str(),
            verdict["dtz"].as_i64(),
            verdict["pieces"].as_u64()
        ),
        (Some("cursed_win"), Some(103), Some(5))
    );
    // A right claim whose intended move mates is accepted, and the game ends by the mate.
    let (g, white, _) = game_under(&app, "8/7Q/8/8/8/8/2K5/k7 w - - 0 60", "claim").await;
    let answer: Value = claim(
        &app,
        &g,
        &white.token,
        json!({"kind": "tablebase_win", "move": "Qa7"}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(answer["accepted"], true, "{answer}");
    assert_eq!(
        (
            answer["game"]["result"].as_str(),
            answer["game"]["termination"].as_str()
        ),
        (Some("1-0"), Some("checkmate"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_automatic_the_move_that_enters_the_tables_ends_the_game() {
    let app = spawn_app_with(Backend::Sqlite, tables()).await;
    let (g, white, black) = game_under(&app, QUEEN_TAKES, "automatic").await;
    let res = app.post_move(&g, &white.token, "Qxd8+").await;
    assert_eq!(res.status(), StatusCode::OK);
    let game: Value = res.json().await.unwrap();
    assert_eq!(
        (
            game["status"].as_str(),
            game["result"].as_str(),
            game["termination"].as_str()
        ),
        (Some("finished"), Some("1-0"), Some("tablebase")),
        "{game}"
    );
    let tablebase = &game["tablebase"];
    assert_eq!(tablebase["claimed_by"], Value::Null, "no one claimed it");
    assert_eq!(
        (
            tablebase["verdict"]["wdl"].as_str(),
            tablebase["verdict"]["to_move"].as_str(),
            tablebase["verdict"]["dtz"].as_i64()
        ),
        (Some("loss"), Some("black"), Some(-6))
    );
    assert_error(
        app.post_move(&g, &black.token, "Kg7").await,
        409,
        "game_over",
    )
    .await;
    // The same game under `claim` goes on after the capture.
    let (g, white, _) = game_under(&app, QUEEN_TAKES, "claim").await;
    let game: Value = app
        .post_move(&g, &white.token, "Qxd8+")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(game["status"], "active");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_tables_plays_on_as_before() {
    let app = spawn_app(Backend::Sqlite).await;
    let (g, white, black) = game_under(&app, QUEEN_TAKES, "automatic").await;
    let game: Value = app
        .post_move(&g, &white.token, "Qxd8+")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (game["status"].as_str(), game["termination"].as_str()),
        (Some("active"), None)
    );
    assert_error(
        claim(&app, &g, &black.token, json!({"kind": "tablebase_draw"})).await,
        409,
        "not_in_tablebases",
    )
    .await;
    let game: Value = app
        .post_move(&g, &black.token, "Kg7")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(game["ply"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rule_is_chosen_at_creation_and_suspends_the_fifty_moves() {
    let app = spawn_app_with(Backend::Sqlite, tables()).await;
    // Rook against rook after a hundred half-moves without a capture or a pawn move.
    let fifty = "8/r7/5k2/8/4K3/8/8/7R w - - 100 80";
    let (g, white, _) = game_under(&app, fifty, "claim").await;
    let why = assert_error(
        claim(&app, &g, &white.token, json!({"kind": "fifty_moves"})).await,
        409,
        "no_progress_rule_suspended",
    )
    .await;
    assert!(why.contains("fifty-move rule does not apply"), "{why}");
    let answer: Value = claim(&app, &g, &white.token, json!({"kind": "tablebase_draw"}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(answer["game"]["termination"], "tablebase");
    // Under `off` (the default) the Laws apply: the fifty-move claim, and no claim by the tables.
    let white = app.create_player("A").await;
    let black = app.create_player("B").await;
    let game: Value = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "start_fen": fifty}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(game.get("tablebase"), None, "{game}");
    let g = game["id"].as_str().unwrap();
    assert_error(
        claim(&app, g, &white.token, json!({"kind": "tablebase_draw"})).await,
        422,
        "claim_not_in_game",
    )
    .await;
    let answer: Value = claim(&app, g, &white.token, json!({"kind": "fifty_moves"}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (
            answer["accepted"].as_bool(),
            answer["game"]["termination"].as_str()
        ),
        (Some(true), Some("fifty_moves"))
    );
    // Castling rights: the tables hold no such position.
    let (g, white, _) = game_under(&app, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "claim").await;
    assert_error(
        claim(&app, &g, &white.token, json!({"kind": "tablebase_win"})).await,
        409,
        "not_in_tablebases",
    )
    .await;
    // A rule that is not one, and a game the tables do not decide.
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "tablebase": "sometimes"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_error(
        app.create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "game": "checkers", "tablebase": "claim"}),
        )
        .await,
        422,
        "not_in_this_game",
    )
    .await;
    let mine: Value = app
        .get("/api/v1/me/games", Some(&white.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        mine["games"].as_array().unwrap().len(),
        1,
        "refused requests make no game"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_tournament_plays_its_games_under_its_rule() {
    let app = spawn_app_with(Backend::Sqlite, tables()).await;
    let org = app
        .create_player_with(json!({"name": "Hakem", "roles": ["organiser"]}))
        .await;
    let online = |game: &str, rule: &str| {
        json!({"name": "Yazışmalı", "system": "swiss", "rounds": 2, "play": "online", "game": game, "tablebase": rule,
            "time_control": {"kind": "per_move", "seconds": 3 * 86_400}})
    };
    let res = app
        .post(
            "/api/v1/tournaments",
            Some(&org.token),
            online("chess", "automatic"),
        )
        .await;
    assert_eq!(res.status(), 201, "{:?}", res.text().await);
    let t: Value = res.json().await.unwrap();
    assert_eq!(t["tablebase"], "automatic");
    let id = t["id"].as_str().unwrap().to_owned();
    let path = |rest: &str| format!("/api/v1/tournaments/{id}{rest}");
    let mut players = Vec::new();
    for n in 0..2u32 {
        let p = app.create_player(&format!("Oyuncu {n}")).await;
        let res = app
            .post(
                &path("/players"),
                Some(&app.admin),
                json!({"player": p.id, "rating": 1500 - n * 50}),
            )
            .await;
        assert_eq!(res.status(), 200);
        players.push(p);
    }
    assert_eq!(
        app.post(&path("/rounds"), Some(&org.token), json!({}))
            .await
            .status(),
        200
    );
    let t: Value = app
        .post(&path("/publish"), Some(&org.token), json!({"round": 1}))
        .await
        .json()
        .await
        .unwrap();
    let game = t["pairings"][0]["boards"][0]["game"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut view = Value::Null;
    for _ in 0..100 {
        let res = app
            .get(&format!("/api/v1/games/{game}"), Some(&app.admin))
            .await;
        if res.status() == StatusCode::OK {
            view = res.json().await.unwrap();
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(view["tablebase"], json!({"rule": "automatic"}), "{view}");
    // The game is played until White's 24. Kxe2 leaves rook, knight and king against king, Black
    // to move: the tables end it, and its result comes back to the tournament by itself.
    let seat = |colour: &str| {
        let id = &t["pairings"][0]["boards"][0][colour];
        players
            .iter()
            .find(|p| p.id == id.as_str().unwrap())
            .unwrap()
    };
    let over = app
        .play(&game, seat("white"), seat("black"), TO_THE_TABLES)
        .await;
    assert_eq!(
        (&over["result"], &over["termination"], &over["ply"]),
        (&json!("0-1"), &json!("tablebase"), &json!(47)),
        "{over}"
    );
    assert_eq!(over["tablebase"]["verdict"]["wdl"], "win", "{over}");
    assert_eq!(over["tablebase"]["verdict"]["pieces"], 4, "{over}");
    let mut board = Value::Null;
    for _ in 0..100 {
        board = app
            .get(&path(""), Some(&org.token))
            .await
            .json::<Value>()
            .await
            .unwrap()["pairings"][0]["boards"][0]
            .clone();
        if !board["result"].is_null() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(board["result"], "0-1", "{board}");
    // Only chess, and only online.
    let why = assert_error(
        app.post(
            "/api/v1/tournaments",
            Some(&org.token),
            online("checkers", "claim"),
        )
        .await,
        400,
        "bad_request",
    )
    .await;
    assert!(why.contains("tablebase"), "{why}");
    let otb = json!({"name": "Salon", "system": "swiss", "rounds": 2, "tablebase": "claim"});
    let why = assert_error(
        app.post("/api/v1/tournaments", Some(&org.token), otb).await,
        400,
        "bad_request",
    )
    .await;
    assert!(why.contains("tablebase"), "{why}");
}
