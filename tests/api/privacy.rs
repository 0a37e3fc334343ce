//! A player's own data: everything zarf holds about them, downloaded as one file.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

both_backends! {
    async fn a_player_downloads_everything_zarf_holds_about_them(app) {
        let ayse = app.create_player_with(json!({"name": "Ayşe Kaya", "email": "ayse@example.org"})).await;
        let bora = app.create_player_with(json!({"name": "Bora Tan", "email": "bora@example.org"})).await;
        let game: Value = app.create_game_with(&app.admin, json!({"white": ayse.id, "black": bora.id, "rated": true}))
            .await.json().await.unwrap();
        let game = game["id"].as_str().unwrap().to_owned();
        app.play(&game, &ayse, &bora, "f3 e5 g4 Qh4#").await;
        api::scheduler::tick(&app.state).unwrap();
        let challenge: Value = app.post("/api/v1/challenges", Some(&bora.token), json!({"to": ayse.id})).await.json().await.unwrap();
        let org = app.create_player_with(json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), json!({"name": "Kış Turnuvası", "system": "swiss", "rounds": 3}))
            .await.json().await.unwrap();
        let tid = t["id"].as_str().unwrap();
        app.post(&format!("/api/v1/tournaments/{tid}/players"), Some(&app.admin), json!({"player": ayse.id})).await;

        let res = app.get("/api/v1/me/export", Some(&ayse.token)).await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["content-disposition"].to_str().unwrap(), format!("attachment; filename=\"zarf-{}.json\"", ayse.id));
        let doc: Value = res.json().await.unwrap();
        let account = &doc["account"];
        assert_eq!((account["id"].as_str(), account["name"].as_str(), account["email"].as_str()),
            (Some(ayse.id.as_str()), Some("Ayşe Kaya"), Some("ayse@example.org")));
        let games = doc["games"].as_array().unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!((games[0]["id"].as_str(), games[0]["result"].as_str()), (Some(game.as_str()), Some("0-1")));
        assert_eq!(games[0]["moves"].as_array().unwrap().len(), 4, "with its moves");
        let ratings = doc["ratings"].as_array().unwrap();
        assert_eq!((ratings.len(), ratings[0]["game"].as_str()), (1, Some("chess")));
        let history = ratings[0]["history"].as_array().unwrap();
        assert_eq!((history.len(), history[0]["game_id"].as_str()), (1, Some(game.as_str())));
        assert!(history[0]["after"].as_f64().unwrap() < 1500.0, "she lost: {history:?}");
        assert_eq!(doc["challenges"][0]["id"], challenge["id"]);
        assert_eq!(doc["challenges"][0]["status"], "open");
        assert_eq!(doc["tournaments"].as_array().unwrap().len(), 1);
        assert_eq!((doc["tournaments"][0]["id"].as_str(), doc["tournaments"][0]["entered_as"]["name"].as_str()),
            (Some(tid), Some("Ayşe Kaya")));
        assert!(doc["mail"].as_array().unwrap().iter().any(|m| m["kind"] == "challenge"), "the challenge's mail to her");
        assert_eq!(doc["sign_in"]["api_tokens"], 1);
        // Hers only: nothing of her opponent's account.
        let text = doc.to_string();
        assert!(!text.contains("bora@example.org"));

        // From the settings page, signed in: the same file.
        let (cookie, _) = sign_in(&app, &ayse.id).await;
        let settings = no_redirects().get(app.url("/settings?lang=en")).header("cookie", &cookie).send().await.unwrap().text().await.unwrap();
        assert!(settings.contains("href=\"/api/v1/me/export\""), "{settings}");
        let res = no_redirects().get(app.url("/api/v1/me/export")).header("cookie", &cookie).send().await.unwrap();
        let by_page: Value = res.json().await.unwrap();
        assert_eq!(by_page["account"]["id"].as_str(), Some(ayse.id.as_str()));
        assert_eq!(by_page["sign_in"]["page_sessions"], 1);

        assert_error(app.get("/api/v1/me/export", None).await, 401, "unauthenticated").await;
        assert_error(app.get("/api/v1/me/export", Some(&app.admin)).await, 403, "not_a_player").await;
    }

    async fn an_organiser_anonymises_a_pupil_who_leaves(app) {
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let pupil = |name: &'static str, email: &'static str| {
            let (app, org) = (&app, &org);
            async move {
                app.create_pupil(&org.token, json!({"name": name, "email": email,
                    "school": "Atatürk Lisesi", "class": "9-A"})).await
            }
        };
        let ayse = pupil("Ayşe Yılmaz", "ayse@okul.tr").await;
        let can = pupil("Can Işık", "can@okul.tr").await;
        let ali = app.create_player("Ali Veli").await;
        let other = app.create_player_with(json!({"name": "Başka Öğretmen", "roles": ["organiser"]})).await;
        let game: Value = app.create_game_with(&app.admin, json!({"white": ayse.id, "black": ali.id, "visibility": "public"}))
            .await.json().await.unwrap();
        let game = game["id"].as_str().unwrap().to_owned();
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), json!({"name": "Okul Turnuvası", "system": "swiss", "rounds": 3, "visibility": "public"}))
            .await.json().await.unwrap();
        let tid = t["id"].as_str().unwrap().to_owned();
        for p in [&ayse, &can] {
            app.post(&format!("/api/v1/tournaments/{tid}/players"), Some(&app.admin), json!({"player": p.id})).await;
        }
        let path = format!("/api/v1/players/{}/anonymise", ayse.id);

        // Only her organiser (or the admin); not while she plays.
        assert_error(app.post(&path, Some(&other.token), json!({})).await, 404, "not_found").await;
        assert_error(app.post(&path, Some(&can.token), json!({})).await, 404, "not_found").await;
        assert_error(app.post(&format!("/api/v1/players/{}/anonymise", ali.id), Some(&app.admin), json!({})).await, 404, "not_found").await;
        assert_error(app.post(&path, None, json!({})).await, 401, "unauthenticated").await;
        let why = assert_error(app.post(&path, Some(&org.token), json!({})).await, 409, "still_playing").await;
        assert!(why.contains("1 games and 1 tournaments"), "{why}");
        // What she wrote to her opponent goes with her name.
        let res = app.post(&format!("/api/v1/games/{game}/moves"), Some(&ayse.token),
            json!({"move": "f3", "message": "Ben Ayşe Yılmaz, 9-A: iyi oyunlar!"})).await;
        assert_eq!(res.status(), StatusCode::OK);
        app.play(&game, &ayse, &ali, "e5 g4 Qh4#").await;
        assert_error(app.post(&path, Some(&org.token), json!({})).await, 409, "still_playing").await;
        let res = app.post(&format!("/api/v1/tournaments/{tid}/withdrawals"), Some(&org.token), json!({"player": ayse.id})).await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(app.get("/api/v1/me", Some(&ayse.token)).await.status(), StatusCode::OK);

        // A second server has read her tournament, and keeps its fold.
        let peer = spawn_peer(&app).await;
        api::scheduler::tick(&peer.state).unwrap();
        let before = peer.get(&format!("/api/v1/tournaments/{tid}"), None).await.text().await.unwrap();
        assert!(before.contains("Ayşe Y."));

        let res = app.post(&path, Some(&org.token), json!({})).await;
        assert_eq!(res.status(), StatusCode::OK);
        let done: Value = res.json().await.unwrap();
        let nn = format!("NN {}", &ayse.id[ayse.id.len() - 4..]);
        assert_eq!(done["name"].as_str(), Some(nn.as_str()));
        assert_error(app.post(&path, Some(&org.token), json!({})).await, 409, "already_anonymised").await;

        // Her ways of signing in are gone; her name is, everywhere her games and entries show.
        assert_error(app.get("/api/v1/me", Some(&ayse.token)).await, 401, "unauthenticated").await;
        let gone = |text: &str| !text.contains("Ayşe") && !text.contains("Yılmaz") && !text.contains("ayse@okul.tr");
        let g = app.get_game(&game).await;
        assert_eq!((g["white"]["name"].as_str(), g["result"].as_str()), (Some(nn.as_str()), Some("0-1")), "{g}");
        let pgn = app.get(&format!("/api/v1/games/{game}/pgn"), None).await.text().await.unwrap();
        assert!(gone(&pgn) && pgn.contains(&format!("[White \"{nn}\"]")), "{pgn}");
        let page = app.client.get(app.url(&format!("/games/{game}?lang=en"))).send().await.unwrap().text().await.unwrap();
        assert!(gone(&page));
        let events: Value = app.get(&format!("/api/v1/games/{game}/events"), Some(&ali.token)).await.json().await.unwrap();
        let events = events["events"].as_array().unwrap();
        assert!(gone(&Value::Array(events.clone()).to_string()));
        assert_eq!(events[0]["erased"], true);
        assert_eq!((events[1]["type"].as_str(), events[1]["erased"].as_bool()), (Some("message_sent"), Some(true)));
        assert_eq!(events[1]["data"]["text"], "");
        assert!(events[2..].iter().all(|e| e.get("erased").is_none()), "only the creation and her message named her");
        assert_chain(&game, events);
        for read in ["", "/report.trf", "/standings"] {
            let text = app.get(&format!("/api/v1/tournaments/{tid}{read}"), None).await.text().await.unwrap();
            assert!(gone(&text) && text.contains(&nn), "{read}: {text}");
        }
        let text = app.client.get(app.url(&format!("/tournaments/{tid}?lang=en"))).send().await.unwrap().text().await.unwrap();
        assert!(gone(&text) && text.contains("Can I."), "classmates keep theirs");
        let t: Value = app.get(&format!("/api/v1/tournaments/{tid}"), None).await.json().await.unwrap();
        let entrant = t["players"].as_array().unwrap().iter().find(|p| p["id"] == ayse.id.as_str()).unwrap();
        assert_eq!((entrant["name"].as_str(), entrant["withdrawn_from"].as_u64()), (Some(nn.as_str()), Some(1)));

        // The logs verify: each erased event keeps the hash of what it held.
        let (code, out) = crate::verify::verify(&app.db);
        assert_eq!(code, 0, "{out}");
        // Another server's folds, made before, are forgotten when its scheduler looks.
        api::scheduler::tick(&peer.state).unwrap();
        let text = peer.get(&format!("/api/v1/tournaments/{tid}"), None).await.text().await.unwrap();
        assert!(gone(&text));

        // Her organiser's page no longer lists her, and says what was done.
        let (cookie, _) = sign_in(&app, &org.id).await;
        let page = no_redirects().get(app.url("/organise?lang=en&privacy=anonymised")).header("cookie", &cookie)
            .send().await.unwrap().text().await.unwrap();
        assert!(gone(&page) && page.contains("Can Işık") && page.contains("Anonymised:"), "{page}");
    }
}
