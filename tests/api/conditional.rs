//! Conditional moves through HTTP: set, read and withdrawn by their owner; played with the move
//! they foresaw; never shown to anyone else; and the opponent's move racing the owner's
//! withdrawal.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::adjournment::{database_text, holds_word};
use crate::both_backends;
use crate::helpers::*;

fn path(game: &str) -> String {
    format!("/api/v1/games/{game}/conditional-moves")
}

async fn put_lines(app: &TestApp, game: &str, token: &str, body: Value) -> reqwest::Response {
    app.client
        .put(app.url(&path(game)))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn delete_lines(app: &TestApp, game: &str, token: &str) -> reqwest::Response {
    app.client
        .delete(app.url(&path(game)))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

async fn lines_of(app: &TestApp, game: &str, token: &str) -> Value {
    let res = app.get(&path(game), Some(token)).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

both_backends! {
    async fn a_line_answers_the_move_it_foresaw(app) {
        let (game, white, black) = app.new_game().await;
        let g = game["id"].as_str().unwrap();
        // Black prepares, in Turkish letters, while White is to move.
        let res = put_lines(&app, g, &black.token, json!({
            "lines": [["e4", "e5", "Af3", "Ac6"], ["d4", "d5"]], "notation": "san-tr"
        })).await;
        assert_eq!(res.status(), StatusCode::OK);
        let set: Value = res.json().await.unwrap();
        assert_eq!(set["lines"], json!([["e4", "e5", "Nf3", "Nc6"], ["d4", "d5"]]));
        assert_eq!(set["set_at_ply"], 0);
        assert_eq!(set["commitment"].as_str().unwrap().len(), 64);
        // White's own lines are none.
        assert_eq!(lines_of(&app, g, &white.token).await["lines"], json!([]));

        let res = app.post_move(g, &white.token, "e4").await;
        assert_eq!(res.status(), StatusCode::OK);
        let after: Value = res.json().await.unwrap();
        assert_eq!(after["moves"], json!(["e4", "e5"]), "the reply is recorded with the move");
        assert_eq!(after["to_move"], "white");
        let events = app.events(g, &black.token).await;
        let reply = events.iter().rev().find(|e| e["type"] == "move_played").unwrap();
        assert_eq!(reply["data"]["conditional"], true);
        assert_eq!(reply["actor"], json!(format!("player:{}", black.id)));
        assert_chain(g, &events);
        let now = lines_of(&app, g, &black.token).await;
        assert_eq!(now["lines"], json!([["Nf3", "Nc6"]]));
        assert_eq!(now["lines_uci"], json!([["g1f3", "b8c6"]]));

        // A move no line foresaw drops them, with the reason.
        app.post_move(g, &white.token, "Bc4").await;
        let now = lines_of(&app, g, &black.token).await;
        assert_eq!((now["lines"].clone(), now["dropped"].clone()), (json!([]), json!("no_match")));
        assert_eq!(app.get_game(g).await["to_move"], "black");
    }

    async fn lines_are_refused_with_the_line_and_move_and_nothing_is_stored(app) {
        let (game, white, black) = app.new_game().await;
        let g = game["id"].as_str().unwrap();
        let version = app.get_game(g).await["version"].clone();
        let res = put_lines(&app, g, &black.token, json!({"lines": [["e4", "e5"], ["d4", "Ke7"]]})).await;
        let message = assert_error(res, 422, "invalid_conditional_moves").await;
        assert!(message.contains("line 2, move 2"), "{message}");
        let res = put_lines(&app, g, &black.token, json!({"lines": [["e4", "e5", "Nf3"]]})).await;
        assert_error(res, 422, "invalid_conditional_moves").await;
        let many: Vec<Value> = (0..33).map(|_| json!(["e4", "e5"])).collect();
        let res = put_lines(&app, g, &black.token, json!({"lines": many})).await;
        assert_error(res, 422, "invalid_conditional_moves").await;
        let res = put_lines(&app, g, &black.token, json!({"lines": [["e4", ""]]})).await;
        assert_error(res, 422, "invalid_conditional_moves").await;
        let res = put_lines(&app, g, &black.token, json!({"lines": "e4 e5"})).await;
        assert_error(res, 400, "bad_request").await;
        let res = put_lines(&app, g, &app.admin, json!({"lines": [["e4", "e5"]]})).await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        let stranger = app.create_player("Can").await;
        let res = put_lines(&app, g, &stranger.token, json!({"lines": [["e4", "e5"]]})).await;
        assert_error(res, 403, "not_a_player").await;
        let res = app.get(&path(g), Some(&stranger.token)).await;
        assert_error(res, 403, "not_a_player").await;
        let res = delete_lines(&app, g, &black.token).await;
        assert_error(res, 409, "no_conditional_moves").await;
        assert_eq!(app.get_game(g).await["version"], version, "nothing was recorded");
        // Withdrawn lines answer nothing.
        put_lines(&app, g, &black.token, json!({"lines": [["e4", "e5"]]})).await;
        let res = delete_lines(&app, g, &black.token).await;
        assert_eq!(res.status(), StatusCode::OK);
        let after: Value = app.post_move(g, &white.token, "e4").await.json().await.unwrap();
        assert_eq!(after["moves"], json!(["e4"]));
    }

    async fn the_owners_mail_says_the_move_came_from_their_line(app) {
        let (game, white, black) = app.new_game().await;
        let g = game["id"].as_str().unwrap();
        put_lines(&app, g, &black.token, json!({"lines": [["e4", "c5"]]})).await;
        app.post_move(g, &white.token, "e4").await;
        let store = &app.state.store;
        let rows = store.outbox(1000).unwrap();
        let to = |id: &str| -> Vec<Value> {
            rows.iter()
                .filter(|r| r.recipient_id == id && r.kind == "opponent_moved")
                .map(|r| serde_json::from_str(&r.payload).unwrap())
                .collect()
        };
        // Black hears of e4, answered by their line; White of c5, as of any move.
        let black_mail = to(&black.id);
        assert_eq!(black_mail.len(), 1, "{black_mail:?}");
        assert_eq!(black_mail[0]["detail"]["answered_san"], "c5");
        let white_mail = to(&white.id);
        assert_eq!(white_mail.len(), 1, "{white_mail:?}");
        assert!(white_mail[0]["detail"].get("answered_san").is_none(), "{white_mail:?}");
        assert_eq!(white_mail[0]["detail"]["san"], "c5");
    }

    async fn the_opponents_move_and_the_withdrawal_race_and_one_order_is_recorded(app) {
        for _ in 0..12 {
            let (game, white, black) = app.new_game().await;
            let g = game["id"].as_str().unwrap().to_owned();
            let res = put_lines(&app, &g, &black.token, json!({"lines": [["e4", "e5", "Nf3", "Nc6"]]})).await;
            assert_eq!(res.status(), StatusCode::OK);
            let (moved, withdrew) = tokio::join!(
                app.post_move(&g, &white.token, "e4"),
                delete_lines(&app, &g, &black.token)
            );
            assert_eq!(moved.status(), StatusCode::OK, "the move is recorded either way");
            assert_eq!(withdrew.status(), StatusCode::OK, "the withdrawal is recorded either way");
            let events = app.events(&g, &white.token).await;
            assert_chain(&g, &events);
            let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
            let at = |t: &str| types.iter().position(|x| *x == t).unwrap();
            let moves = types.iter().filter(|t| **t == "move_played").count();
            if at("conditional_moves_withdrawn") < at("move_played") {
                // Withdrawn first: e4 stands alone.
                assert_eq!(moves, 1, "{types:?}");
            } else {
                // The move first: answered, then the rest withdrawn.
                assert_eq!(moves, 2, "{types:?}");
                assert!(at("conditional_moves_withdrawn") > types.iter().rposition(|t| *t == "move_played").unwrap());
            }
            assert_eq!(lines_of(&app, &g, &black.token).await["lines"], json!([]));
        }
    }

    async fn lines_set_as_the_opponent_moves_are_never_read_from_the_new_position(app) {
        for _ in 0..12 {
            let (game, white, black) = app.new_game().await;
            let g = game["id"].as_str().unwrap().to_owned();
            let (set, moved) = tokio::join!(
                put_lines(&app, &g, &black.token, json!({"lines": [["e4", "e5"]]})),
                app.post_move(&g, &white.token, "e4")
            );
            assert_eq!(moved.status(), StatusCode::OK);
            let status = set.status().as_u16();
            let moves = app.get_game(&g).await["moves"].clone();
            match status {
                // Set first: the move was answered.
                200 => assert_eq!(moves, json!(["e4", "e5"])),
                // The move first: the lines were for the position before it.
                409 | 422 => {
                    assert_eq!(moves, json!(["e4"]));
                    assert_eq!(lines_of(&app, &g, &black.token).await["lines"], json!([]));
                }
                other => panic!("answered {other}"),
            }
        }
    }

    async fn the_pages_form_needs_its_token_and_refuses_in_the_readers_language(app) {
        let (game, white, black) = app.new_game().await;
        let g = game["id"].as_str().unwrap().to_owned();
        let (cookie, token) = sign_in(&app, &black.id).await;
        let client = no_redirects();
        let post = |fields: Vec<(&'static str, String)>, lang: &'static str| {
            client
                .post(app.url(&format!("/games/{g}/conditional?lang={lang}")))
                .header("cookie", cookie.clone())
                .form(&fields)
                .send()
        };
        let version = app.get_game(&g).await["version"].clone();
        // Without the form's token: 403, nothing recorded.
        let res = post(vec![("action", "set".into()), ("lines", "e4 e5".into())], "en").await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        assert_eq!(app.get_game(&g).await["version"], version);
        // A wrong line: the page again, the reason in Turkish, the text kept, nothing recorded.
        let res = post(vec![("action", "set".into()), ("lines", "1. e4 e5\n1. d4 Şe7".into()), ("csrf", token.clone())], "tr").await.unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let page = res.text().await.unwrap();
        assert!(page.contains("2. dizinin 2. hamlesi"), "{page}");
        assert!(page.contains("1. d4 Şe7"), "the text is kept");
        assert_eq!(app.get_game(&g).await["version"], version);
        // Move numbers are left out; the lines are set, and answer White's move.
        let res = post(vec![("action", "set".into()), ("lines", "1. e4 e5\n1. d4 Af6".into()), ("csrf", token.clone())], "tr").await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let after: Value = app.post_move(&g, &white.token, "d4").await.json().await.unwrap();
        assert_eq!(after["moves"], json!(["d4", "Nf6"]));
    }
}

/// Black's lines, written distinctively, whose unplayed replies nobody else may ever see.
const UNPLAYED: [&str; 4] = ["Nc6", "b8c6", "Nf6", "g8f6"];

async fn secrecy(backend: Backend) {
    let server = LoggedServer::start(&backend, &["--log-format", "json"], "debug");
    let (db, base, admin) = (&server.db, server.base.clone(), LoggedServer::ADMIN);
    let client = reqwest::Client::new();
    let mut seen = String::new(); // every response body anyone but Black received
    macro_rules! call {
        ($method:ident, $path:expr, $token:expr, $body:expr, $record:expr) => {{
            let mut req = client
                .$method(format!("{base}{}", $path))
                .bearer_auth($token);
            if let Some(b) = $body {
                req = req.json(&b);
            }
            let text = req.send().await.unwrap().text().await.unwrap();
            if $record {
                seen.push_str(&text);
                seen.push('\n');
            }
            serde_json::from_str::<Value>(&text).unwrap_or(Value::Null)
        }};
    }
    let none: Option<Value> = None;
    let player = |name: &str| json!({"name": name, "email": format!("{name}@okul.tr")});
    let w = call!(post, "/api/v1/players", admin, Some(player("w")), true);
    let b = call!(post, "/api/v1/players", admin, Some(player("b")), true);
    let (wt, bt) = (w["token"].as_str().unwrap(), b["token"].as_str().unwrap());
    let game = call!(
        post,
        "/api/v1/games",
        admin,
        Some(json!({"white": w["id"], "black": b["id"]})),
        true
    );
    let g = game["id"].as_str().unwrap().to_owned();
    for (token, mv) in [(wt, "e4"), (bt, "e5")] {
        call!(
            post,
            format!("/api/v1/games/{g}/moves"),
            token,
            Some(json!({"move": mv})),
            true
        );
    }
    // Black's own answers hold the lines: they are not searched.
    let set = call!(
        put,
        path(&g),
        bt,
        Some(json!({"lines": [["Nf3", "Nc6"], ["Bc4", "Nf6"], ["d4", "exd4"]]})),
        false
    );
    assert_eq!(set["lines"].as_array().map(Vec::len), Some(3), "{set}");
    // What White, the admin and anyone read while the lines are held, and after White's d4
    // is answered by exd4.
    for round in 0..2 {
        for token in [wt, admin] {
            for p in ["", "/events", "/pgn"] {
                call!(
                    get,
                    format!("/api/v1/games/{g}{p}"),
                    token,
                    none.clone(),
                    true
                );
            }
            call!(get, "/api/v1/me/games", token, none.clone(), true);
        }
        call!(get, path(&g), wt, none.clone(), true);
        call!(get, format!("/api/v1/games/{g}"), "", none.clone(), true);
        call!(get, "/metrics", admin, none.clone(), true);
        if round == 0 {
            let after = call!(
                post,
                format!("/api/v1/games/{g}/moves"),
                wt,
                Some(json!({"move": "d4"})),
                true
            );
            assert_eq!(after["moves"], json!(["e4", "e5", "d4", "exd4"]), "{after}");
        }
    }
    assert!(
        seen.contains("conditional_moves_set") && seen.contains("exd4"),
        "the responses were collected"
    );

    let db_text = database_text(db);
    assert!(
        db_text.contains("conditional_moves_set"),
        "the database was read"
    );
    let store = api::store::Store::open(&db.url, 1).unwrap();
    let mails: String = store
        .outbox(1000)
        .unwrap()
        .into_iter()
        .map(|m| m.payload + "\n")
        .collect();
    assert!(
        mails.contains("exd4"),
        "the move's mails were queued: {mails}"
    );
    let logs = server.logs();
    assert!(
        logs.contains("conditional-moves"),
        "the server's logs were captured"
    );
    for form in UNPLAYED {
        for (place, text) in [
            ("a response", &seen),
            ("the database", &db_text),
            ("a mail", &mails),
            ("the logs", &logs),
        ] {
            assert!(
                !holds_word(text, form),
                "an unplayed reply ({form}) appears in {place}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conditional_moves_are_secret_to_their_owner_sqlite() {
    secrecy(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conditional_moves_are_secret_to_their_owner_postgres() {
    let Some(url) = postgres_url() else {
        eprintln!("skipped conditional_moves_are_secret_to_their_owner_postgres: ZARF_TEST_POSTGRES_URL is not set");
        return;
    };
    secrecy(Backend::Postgres(url)).await;
}
