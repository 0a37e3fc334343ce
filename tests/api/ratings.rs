//! Ratings: a rated game's result moves both players' Glicko-2 ratings in that game once it
//! ends (and only once, whichever server counts it); unrated games leave them; a pupil's
//! ratings are theirs and their school's to see.

use domain::game::GameResult;
use domain::rating::{rated_game, Standing};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

async fn ratings(app: &TestApp, of: &Player, reader: &str) -> Vec<Value> {
    let res = app
        .get(&format!("/api/v1/players/{}/ratings", of.id), Some(reader))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.unwrap();
    v["ratings"].as_array().unwrap().clone()
}

/// The game between `white` and `black`, as the admin makes it with `extra`.
async fn game(app: &TestApp, white: &Player, black: &Player, extra: Value) -> String {
    let mut body = json!({"white": white.id, "black": black.id});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let res = app.create_game_with(&app.admin, body).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Runs the scheduler's round, which counts the rated games that ended.
fn count_ratings(app: &TestApp) {
    api::scheduler::tick(&app.state).unwrap();
}

both_backends! {
    async fn a_rated_game_moves_both_ratings_once(app) {
        let a = app.create_player("Ayşe").await;
        let b = app.create_player("Bora").await;
        let id = game(&app, &a, &b, json!({"rated": true})).await;
        assert_eq!(app.get_game(&id).await["rated"], true);
        // An unrated game first: it ends, and moves nothing.
        let unrated = game(&app, &a, &b, json!({})).await;
        assert_eq!(app.get_game(&unrated).await["rated"], false);
        app.play(&unrated, &a, &b, "f3 e5 g4 Qh4#").await;
        count_ratings(&app);
        assert!(ratings(&app, &a, &b.token).await.is_empty(), "no rating before a rated game");
        // Black mates in the rated game.
        let over = app.play(&id, &a, &b, "f3 e5 g4 Qh4#").await;
        assert_eq!(over["result"], "0-1");
        count_ratings(&app);
        count_ratings(&app);
        let ended = time::OffsetDateTime::parse(over["updated_at"].as_str().unwrap(), &time::format_description::well_known::Rfc3339).unwrap();
        let (white, black) = rated_game(&Standing::NEW, &Standing::NEW, GameResult::BlackWins, ended);
        for (player, expected) in [(&a, white), (&b, black)] {
            let r = ratings(&app, player, &a.token).await;
            assert_eq!(r.len(), 1, "{r:?}");
            assert_eq!(r[0]["game"], "chess");
            assert_eq!(r[0]["games"], 1, "counted once");
            assert!((r[0]["rating"].as_f64().unwrap() - expected.rating.rating).abs() < 1e-6, "{r:?}");
            assert!((r[0]["deviation"].as_f64().unwrap() - expected.rating.deviation).abs() < 1e-6);
            assert_eq!(r[0]["provisional"], true);
            assert_eq!(r[0]["shown"], format!("{}?", expected.rating.rating.round()));
        }
        assert!(white.rating.rating < 1500.0 && black.rating.rating > 1500.0);
        // In a challenge's mail, beside the challenger's name.
        let res = app.post("/api/v1/challenges", Some(&b.token), json!({"to": a.id})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let mail = app.state.store.outbox(1000).unwrap().into_iter().find(|r| r.kind == "challenge").unwrap();
        let from = serde_json::from_str::<Value>(&mail.payload).unwrap()["from"].clone();
        assert_eq!(from, format!("Bora ({}?)", black.rating.rating.round()));
        // Beside each name on the game's page.
        let page = app.client.get(app.url(&format!("/games/{id}?lang=en"))).send().await.unwrap().text().await.unwrap();
        let shown = |r: f64| format!("<span class=\"rating-value\">({}?)</span>", r.round());
        assert!(page.contains(&format!("Ayşe {} – Bora {}", shown(white.rating.rating), shown(black.rating.rating))), "{page}");

        // A rated game of another game is a rating of its own; a draw there moves nothing but
        // the deviation.
        let dama = game(&app, &b, &a, json!({"rated": true, "game": "checkers"})).await;
        let res = app.post(&format!("/api/v1/games/{dama}/resign"), Some(&a.token), json!({})).await;
        assert_eq!(res.status(), StatusCode::OK);
        count_ratings(&app);
        let r = ratings(&app, &b, &b.token).await;
        let games: Vec<&str> = r.iter().map(|x| x["game"].as_str().unwrap()).collect();
        assert_eq!(games, ["checkers", "chess"]);
        assert!(r[0]["rating"].as_f64().unwrap() > 1500.0);
    }

    async fn game_mail_shows_the_players_ratings(app) {
        let a = app.create_player_with(json!({"name": "Ayşe", "email": "ayse@example.org"})).await;
        let b = app.create_player_with(json!({"name": "Bora", "email": "bora@example.org"})).await;
        let first = game(&app, &a, &b, json!({"rated": true})).await;
        app.play(&first, &a, &b, "f3 e5 g4 Qh4#").await;
        count_ratings(&app);
        let bora: Value = ratings(&app, &b, &b.token).await[0].clone();
        // A move in their next game: Ayşe's mail names Bora with his rating.
        let next = game(&app, &a, &b, json!({})).await;
        let before = app.state.store.outbox(1000).unwrap().len();
        assert_eq!(app.post_move(&next, &a.token, "e4").await.status(), StatusCode::OK);
        assert_eq!(app.post_move(&next, &b.token, "e5").await.status(), StatusCode::OK);
        let rows = app.state.store.outbox(1000).unwrap();
        let row = rows[before..].iter().find(|r| r.recipient_id == a.id).expect("a mail to Ayşe");
        let to = app.state.store.player(&a.id).unwrap().unwrap();
        let mail = api::mail::compose::compose(&app.state.store, &app.state.folds, &app.state.mail, row, &to, None)
            .unwrap().expect("sent");
        let text = String::from_utf8(mail.formatted()).unwrap();
        let shown = format!("Bora ({})", bora["shown"].as_str().unwrap());
        assert!(text.contains(&shown), "{shown} in {text}");
    }

    async fn two_servers_count_each_rated_game_once(app) {
        let peer = spawn_peer(&app).await;
        let a = app.create_player("Ayşe").await;
        let b = app.create_player("Bora").await;
        for n in 0..6 {
            let (w, bl) = if n % 2 == 0 { (&a, &b) } else { (&b, &a) };
            let id = game(&app, w, bl, json!({"rated": true})).await;
            app.play(&id, w, bl, "f3 e5 g4 Qh4#").await;
        }
        // Both servers' rounds at once (their own scheduler threads run beside them too).
        let (one, two) = (app.state.clone(), peer.state.clone());
        let threads = [one, two].map(|s| std::thread::spawn(move || {
            for _ in 0..3 { api::scheduler::tick(&s).unwrap(); }
        }));
        threads.into_iter().for_each(|t| t.join().unwrap());
        for p in [&a, &b] {
            let r = ratings(&app, p, &a.token).await;
            assert_eq!(r[0]["games"], 6, "{r:?}");
        }
        // Black won every game: each player won three and lost three, and the two ratings,
        // moved by the same games in the same order, mirror each other about 1500.
        let (ra, rb) = (ratings(&app, &a, &a.token).await, ratings(&app, &b, &b.token).await);
        let sum = ra[0]["rating"].as_f64().unwrap() + rb[0]["rating"].as_f64().unwrap();
        assert!((sum - 3000.0).abs() < 1e-6, "{ra:?} {rb:?}");
    }

    async fn a_profile_shows_ratings_results_opponents_and_records(app) {
        let a = app.create_player("Ayşe").await;
        let b = app.create_player("Bora").await;
        let c = app.create_player("Can").await;
        for (white, black, rated) in [(&a, &b, true), (&b, &a, true), (&a, &c, false)] {
            let id = game(&app, white, black, json!({"rated": rated})).await;
            app.play(&id, white, black, "f3 e5 g4 Qh4#").await;
        }
        let checkers = game(&app, &a, &b, json!({"game": "checkers"})).await;
        game(&app, &a, &c, json!({"game": "checkers"})).await;
        let res = app.post(&format!("/api/v1/games/{checkers}/resign"), Some(&b.token), json!({})).await;
        assert_eq!(res.status(), StatusCode::OK);
        count_ratings(&app);
        let client = no_redirects();
        let res = client.get(app.url(&format!("/players/{}", a.id))).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "signed-in readers only");
        let (as_b, _) = sign_in(&app, &b.id).await;
        let page = |q: String| {
            let (client, url, cookie) = (client.clone(), app.url(&format!("/players/{}?lang=en{q}", a.id)), as_b.clone());
            async move { client.get(url).header("cookie", cookie).send().await.unwrap().text().await.unwrap() }
        };
        let html = page(String::new()).await;
        let r = ratings(&app, &a, &a.token).await;
        let shown = r[0]["shown"].as_str().unwrap();
        assert!(html.contains(&format!("<span class=\"rating-value\">{shown}</span>")), "{html}");
        assert_eq!(html.matches("<circle").count(), 3, "the rating before, and after each of two games");
        assert!(html.contains("2 rated games") && html.contains("provisional"));
        // Black mates in every chess game: Ayşe lost both as White and won the one as Black;
        // Bora resigned the checkers game, and the other goes on.
        assert!(html.contains("<th scope=\"row\">Chess</th><td>1</td><td>0</td><td>2</td><td>0</td>"), "{html}");
        assert!(html.contains("<th scope=\"row\">Checkers</th><td>1</td><td>0</td><td>0</td><td>1</td>"), "{html}");
        assert!(html.find(">Bora</a> · 3 games").unwrap() < html.find(">Can</a> · 2 games").unwrap());
        let playing = page("&outcome=playing".into()).await;
        assert_eq!(playing.matches("href=\"/games/").count(), 1);
        let lost_chess = page("&game=chess&outcome=lost".into()).await;
        assert_eq!(lost_chess.matches("href=\"/games/").count(), 2);
        let pgn = client.get(app.url(&format!("/players/{}/games.pgn", a.id))).header("cookie", &as_b).send().await.unwrap();
        assert_eq!(pgn.headers()["content-type"], "application/x-chess-pgn; charset=utf-8");
        let pgn = pgn.text().await.unwrap();
        assert_eq!(pgn.matches("[Event ").count(), 3, "{pgn}");
        assert_eq!(pgn.matches("2... Qh4# {").count(), 3, "{pgn}");
        assert_eq!(pgn.matches("[Result \"0-1\"]").count(), 3, "{pgn}");
        let pdn = client.get(app.url(&format!("/players/{}/games.pdn", a.id))).header("cookie", &as_b).send().await.unwrap().text().await.unwrap();
        assert_eq!(pdn.matches("[GameType ").count(), 2, "{pdn}");
        let res = client.get(app.url(&format!("/players/{}/games.txt", a.id))).header("cookie", &as_b).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let res = client.get(app.url("/players/nobody?lang=en")).header("cookie", &as_b).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
    }

    async fn a_tournament_registers_a_player_with_their_zarf_rating(app) {
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let a = app.create_player("Ayşe").await;
        let b = app.create_player("Bora").await;
        let c = app.create_player("Can").await;
        let id = game(&app, &a, &b, json!({"rated": true})).await;
        app.play(&id, &a, &b, "f3 e5 g4 Qh4#").await;
        count_ratings(&app);
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), json!({"name": "Kulüp", "system": "swiss", "rounds": 3}))
            .await.json().await.unwrap();
        let path = format!("/api/v1/tournaments/{}/players", t["id"].as_str().unwrap());
        for (p, rating) in [(&b, None), (&a, Some(1400)), (&c, None)] {
            let mut body = json!({"player": p.id});
            if let Some(r) = rating {
                body["rating"] = json!(r);
            }
            assert_eq!(app.post(&path, Some(&app.admin), body).await.status(), StatusCode::OK);
        }
        let view: Value = app.get(&format!("/api/v1/tournaments/{}", t["id"].as_str().unwrap()), None).await.json().await.unwrap();
        let rating_of = |p: &Player| view["players"].as_array().unwrap().iter().find(|x| x["id"] == p.id.as_str()).unwrap()["rating"].clone();
        let bora = ratings(&app, &b, &b.token).await[0]["rating"].as_f64().unwrap().round() as u64;
        assert_eq!(rating_of(&b), json!(bora), "Bora's zarf rating, rounded");
        assert_eq!(rating_of(&a), json!(1400), "a rating given stands");
        assert_eq!(rating_of(&c), Value::Null, "no rated game, no rating");
    }

    async fn a_rated_game_starts_from_the_start(app) {
        let a = app.create_player("Ayşe").await;
        let b = app.create_player("Bora").await;
        let res = app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "rated": true,
            "start_fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"})).await;
        let message = assert_error(res, 400, "bad_request").await;
        assert!(message.contains("rated"), "{message}");
        let res = app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "rated": "yes"})).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    }

    async fn a_pupils_ratings_are_their_schools_to_see(app) {
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let pupil = app.create_pupil(&org.token, json!({"name": "Ece"})).await;
        let classmate = app.create_pupil(&org.token, json!({"name": "Efe"})).await;
        let stranger = app.create_player("Yabancı").await;
        let path = format!("/api/v1/players/{}/ratings", pupil.id);
        for reader in [&org.token, &classmate.token, &pupil.token, &app.admin] {
            assert_eq!(app.get(&path, Some(reader)).await.status(), StatusCode::OK);
        }
        assert_error(app.get(&path, Some(&stranger.token)).await, 404, "not_found").await;
        assert_error(app.get(&path, None).await, 401, "unauthenticated").await;
        let res = app.get(&format!("/api/v1/players/{}/ratings", org.id), Some(&stranger.token)).await;
        assert_eq!(res.status(), StatusCode::OK, "an adult's ratings are seen by anyone signed in");
        assert_error(app.get("/api/v1/players/nobody/ratings", Some(&stranger.token)).await, 404, "not_found").await;
    }
}
