//! Clocks through HTTP: short controls (seconds) that flag by themselves, the clock in the Game,
//! leave, the arbiter's time, and reminders.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

async fn clocked_game(app: &TestApp, tc: Value) -> (String, Player, Player) {
    let white = app.create_player("W").await;
    let black = app.create_player("B").await;
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "time_control": tc}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let g: Value = res.json().await.unwrap();
    (g["id"].as_str().unwrap().to_owned(), white, black)
}

/// Polls `f` until it holds, for at most `limit`.
async fn eventually<F, Fut>(limit: Duration, mut f: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let start = Instant::now();
    while start.elapsed() < limit {
        if f().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

both_backends! {
    async fn the_game_shows_both_clocks_and_the_deadline(app) {
        let (g, white, black) = clocked_game(&app, json!({"kind": "per_move", "seconds": 259200})).await;
        let game = app.get_game(&g).await;
        let clock = &game["clock"];
        assert!(clock["white_seconds"].as_i64().unwrap() > 259_100, "{clock}");
        assert_eq!(clock["black_seconds"], 259200);
        assert!(clock["deadline"].as_str().unwrap().ends_with('Z'));
        app.play(&g, &white, &black, "e4").await;
        let game = app.get_game(&g).await;
        assert_eq!(game["clock"]["white_seconds"], 259200, "reset after the move");
        assert!(game["clock"]["black_seconds"].as_i64().unwrap() <= 259200);
    }

    async fn the_list_of_games_shows_running_clocks_as_of_now(app) {
        let (g, white, black) = clocked_game(&app, json!({"kind": "per_move", "seconds": 259200})).await;
        app.play(&g, &white, &black, "e4").await;
        tokio::time::sleep(Duration::from_millis(1200)).await;
        let list: Value = app.get("/api/v1/me/games", Some(&black.token)).await.json().await.unwrap();
        let listed = &list["games"][0]["clock"];
        let running = listed["black_seconds"].as_i64().unwrap();
        assert!(running < 259200, "black's clock has run since white's move: {listed}");
        assert_eq!(listed["white_seconds"], 259200, "white's clock is stopped");
        let shown = app.get_game(&g).await["clock"]["black_seconds"].as_i64().unwrap();
        assert!((running - shown).abs() <= 1, "the list and the game agree: {running} / {shown}");
    }

    async fn a_read_after_the_deadline_shows_the_game_finished(app) {
        let (g, white, _black) = clocked_game(&app, json!({"kind": "per_move", "seconds": 1})).await;
        tokio::time::sleep(Duration::from_millis(1300)).await;
        // Whoever records the flag fall first (this read or the scheduler), the lists agree.
        let active: Value = app.get("/api/v1/me/games?status=active", Some(&white.token)).await.json().await.unwrap();
        assert_eq!(active["games"], json!([]), "no game goes on after its deadline");
        let finished: Value = app.get("/api/v1/me/games?status=finished", Some(&white.token)).await.json().await.unwrap();
        assert_eq!(finished["games"][0]["termination"], "time_forfeit");
        let game = app.get_game(&g).await;
        assert_eq!((game["status"].as_str(), game["result"].as_str(), game["termination"].as_str()),
            (Some("finished"), Some("0-1"), Some("time_forfeit")), "{game}");
        // The move came too late: refused, and the flag fall is in the log once.
        assert_error(app.post_move(&g, &white.token, "e4").await, 409, "game_over").await;
        let events = app.events(&g, &app.admin).await;
        let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
        assert_eq!(types, ["game_created", "flag_fell", "game_ended"]);
        assert_eq!(events[1]["actor"], "system");
        assert_chain(&g, &events);
    }

    async fn the_scheduler_flags_a_game_nobody_reads(app) {
        let (g, _white, _black) = clocked_game(&app, json!({"kind": "per_move", "seconds": 1})).await;
        // Only the log is read here (it does not flag): the scheduler must act by itself.
        let flagged = eventually(Duration::from_secs(10), || async {
            let events = app.events(&g, &app.admin).await;
            events.iter().any(|e| e["type"] == "flag_fell")
        }).await;
        assert!(flagged, "the scheduler recorded the flag fall");
        let list: Value = app.get("/api/v1/me/games?status=finished", Some(&_white.token)).await.json().await.unwrap();
        assert_eq!(list["games"][0]["termination"], "time_forfeit");
    }

    async fn a_lone_king_cannot_win_on_time(app) {
        let white = app.create_player("W").await;
        let black = app.create_player("B").await;
        let res = app.create_game_with(&app.admin, json!({
            "white": white.id, "black": black.id, "start_fen": "8/8/8/8/4k3/8/4P3/4K3 w - - 0 1",
            "time_control": {"kind": "per_move", "seconds": 1}})).await;
        let g = res.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
        tokio::time::sleep(Duration::from_millis(1300)).await;
        let game = app.get_game(&g).await;
        assert_eq!((game["result"].as_str(), game["termination"].as_str()),
            (Some("1/2-1/2"), Some("insufficient_material_on_time")));
    }

    async fn leave_stops_every_clocked_game_and_ends_early(app) {
        let (g, white, black) = clocked_game(&app, json!({"kind": "per_move", "seconds": 259200})).await;
        // A game without a clock is not touched.
        let plain: Value = app.create_game_with(&app.admin, json!({"white": white.id, "black": black.id})).await.json().await.unwrap();
        let before = app.get_game(&g).await["clock"]["deadline"].as_str().unwrap().to_owned();
        let today = time::OffsetDateTime::now_utc().date().to_string();
        let res = app.post("/api/v1/me/leave", Some(&black.token), json!({"from": today, "days": 3})).await;
        assert_eq!(res.status(), StatusCode::OK);
        let answer: Value = res.json().await.unwrap();
        assert_eq!(answer["games"], json!([g.clone()]));
        let after = app.get_game(&g).await["clock"]["deadline"].as_str().unwrap().to_owned();
        let parse = |t: &str| time::OffsetDateTime::parse(t, &time::format_description::well_known::Rfc3339).unwrap();
        let moved = parse(&after) - parse(&before);
        assert!(moved > time::Duration::hours(71) && moved <= time::Duration::days(3), "{moved}");
        let events = app.events(&g, &white.token).await;
        assert_eq!(events.last().unwrap()["type"], "leave_taken", "the opponent sees the leave");
        assert_eq!(app.get_game(plain["id"].as_str().unwrap()).await["version"], 1);
        // Over the allowance: refused everywhere, nothing recorded.
        let version = app.get_game(&g).await["version"].clone();
        assert_error(app.post("/api/v1/me/leave", Some(&white.token), json!({"from": today, "days": 31})).await, 422, "leave_allowance_exceeded").await;
        assert_error(app.post("/api/v1/me/leave", Some(&white.token), json!({"from": "2020-01-01", "days": 3})).await, 422, "invalid_leave").await;
        assert_error(app.post("/api/v1/me/leave", Some(&white.token), json!({"from": "someday", "days": 3})).await, 400, "bad_request").await;
        assert_error(app.post("/api/v1/me/leave", Some(&white.token), json!({"from": "9999-12-31T00:00:00Z", "days": 300})).await, 422, "invalid_leave").await;
        assert_error(app.post("/api/v1/me/leave", Some(&white.token), json!({"from": "9999-12-31", "days": 366})).await, 422, "invalid_leave").await;
        assert_error(app.post("/api/v1/me/leave", Some(&white.token), json!({"from": today, "days": 0})).await, 400, "bad_request").await;
        assert_eq!(app.get_game(&g).await["version"], version);
        // Back early.
        let res = app.client.delete(app.url("/api/v1/me/leave")).bearer_auth(&black.token).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let back = app.get_game(&g).await["clock"]["deadline"].as_str().unwrap().to_owned();
        assert!(parse(&back) - parse(&before) < time::Duration::minutes(1));
        let res = app.client.delete(app.url("/api/v1/me/leave")).bearer_auth(&black.token).send().await.unwrap();
        assert_error(res, 409, "no_leave").await;
    }

    async fn the_arbiter_gives_time(app) {
        let white = app.create_player("W").await;
        let black = app.create_player("B").await;
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let res = app.organisers_game(&org, json!({"white": white.id, "black": black.id, "time_control": {"kind": "per_move", "seconds": 3600}})).await;
        let g = res.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
        let body = json!({"side": "white", "seconds": 7200, "reason": "power cut at the school"});
        assert_error(app.post(&format!("/api/v1/games/{g}/time"), Some(&white.token), body.clone()).await, 403, "forbidden").await;
        assert_error(app.post(&format!("/api/v1/games/{g}/time"), Some(&org.token), json!({"side": "red", "seconds": 1, "reason": "x"})).await, 400, "bad_request").await;
        let game: Value = app.post(&format!("/api/v1/games/{g}/time"), Some(&org.token), body).await.json().await.unwrap();
        assert!(game["clock"]["white_seconds"].as_i64().unwrap() > 10_700, "{game}");
        let events = app.events(&g, &org.token).await;
        assert_eq!(events.last().unwrap()["data"]["reason"], "power cut at the school");
    }

    async fn time_reminders_are_queued(app) {
        // 3 seconds a move: 80% used at 2.4 s.
        let (g, white, _black) = clocked_game(&app, json!({"kind": "per_move", "seconds": 3})).await;
        let store = api::store::Store::open(&app.db.url, 1).unwrap();
        // Sent or not (the mail sender may already have taken it), the reminder was queued.
        let queued = eventually(Duration::from_secs(10), || async {
            use api::store::schema::outbox;
            use diesel::prelude::*;
            let rows: Vec<(String, String, Option<String>)> = outbox::table
                .select((outbox::kind, outbox::recipient_id, outbox::game_id))
                .load(&mut *store.reader().unwrap())
                .unwrap();
            rows.iter().any(|(kind, to, game)| kind == "time_low" && *to == white.id && game.as_deref() == Some(g.as_str()))
        }).await;
        assert!(queued, "a time_low reminder for White");
    }
}
