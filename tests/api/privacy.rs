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
        app.post(&format!("/api/v1/tournaments/{tid}/players"), Some(&org.token), json!({"player": ayse.id})).await;

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
}
