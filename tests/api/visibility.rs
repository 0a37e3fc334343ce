//! Who may read a game: every visibility against every kind of reader on every read path of a
//! game (its page, JSON, events, record, legal moves, live stream). A game with a pupil in it
//! is its participants' by default.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// A pupil the organiser makes: (id, token).
async fn pupil(app: &TestApp, org: &Player, name: &str) -> Player {
    let v: Value = app
        .post("/api/v1/players", Some(&org.token), json!({"name": name}))
        .await
        .json()
        .await
        .unwrap();
    Player {
        id: v["id"].as_str().unwrap().into(),
        token: v["token"].as_str().unwrap().into(),
    }
}

/// The status of each API read of game `id` with `token` (none: anonymous).
async fn api_reads(app: &TestApp, id: &str, token: Option<&str>) -> Vec<u16> {
    let mut statuses = Vec::new();
    for path in ["", "/pgn", "/legal-moves"] {
        statuses.push(
            app.get(&format!("/api/v1/games/{id}{path}"), token)
                .await
                .status()
                .as_u16(),
        );
    }
    statuses
}

/// The status of the game's page and live stream for a browser with `cookie`.
async fn page_reads(app: &TestApp, id: &str, cookie: Option<&str>) -> Vec<u16> {
    let client = no_redirects();
    let mut statuses = Vec::new();
    for path in ["", "/live"] {
        let mut req = client.get(app.url(&format!("/games/{id}{path}?lang=en")));
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        statuses.push(req.send().await.unwrap().status().as_u16());
    }
    statuses
}

both_backends! {
    async fn every_reader_sees_what_each_visibility_allows(app) {
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let (ece, efe, can) = (pupil(&app, &org, "Ece").await, pupil(&app, &org, "Efe").await, pupil(&app, &org, "Can").await);
        let stranger = app.create_player("Yabancı").await;
        let (ali, ada) = (app.create_player("Ali").await, app.create_player("Ada").await);

        // The organiser's game between two pupils: theirs, their organiser's and the admin's.
        let res = app.create_game_with(&org.token, json!({"white": ece.id, "black": efe.id})).await;
        let school: Value = res.json().await.unwrap();
        assert_eq!(school["visibility"], "participants");
        let school = school["id"].as_str().unwrap().to_owned();
        // Between adults: public unless made otherwise.
        let public: Value = app.create_game_with(&app.admin, json!({"white": ali.id, "black": ada.id})).await.json().await.unwrap();
        assert_eq!(public["visibility"], "public");
        let public = public["id"].as_str().unwrap().to_owned();
        let members: Value = app.create_game_with(&app.admin, json!({"white": ali.id, "black": ada.id, "visibility": "signed_in"}))
            .await.json().await.unwrap();
        let members = members["id"].as_str().unwrap().to_owned();
        let res = app.create_game_with(&app.admin, json!({"white": ali.id, "black": ada.id, "visibility": "friends"})).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);

        let ok = vec![200, 200, 200];
        for (who, token) in [("white", Some(&ece.token)), ("organiser", Some(&org.token)), ("admin", Some(&app.admin))] {
            assert_eq!(api_reads(&app, &school, token.map(|t| t.as_str())).await, ok, "{who}");
        }
        for (who, token) in [("classmate", Some(can.token.as_str())), ("stranger", Some(stranger.token.as_str()))] {
            assert_eq!(api_reads(&app, &school, token).await, [404, 404, 404], "{who}");
        }
        assert_eq!(api_reads(&app, &school, None).await, [401, 401, 401]);
        assert_eq!(api_reads(&app, &members, None).await, [401, 401, 401]);
        assert_eq!(api_reads(&app, &members, Some(&stranger.token)).await, ok);
        assert_eq!(api_reads(&app, &public, None).await, ok);

        // The events: a player's or the arbiter's while the game goes on; hidden from others.
        assert_error(app.get(&format!("/api/v1/games/{school}/events"), Some(&stranger.token)).await, 404, "not_found").await;
        assert_error(app.get(&format!("/api/v1/games/{school}/events"), None).await, 401, "unauthenticated").await;
        assert_eq!(app.get(&format!("/api/v1/games/{school}/events"), Some(&efe.token)).await.status(), StatusCode::OK);
        // Resigned: a finished public game's events are anyone's; a participants' game's are not.
        for id in [&school, &public] {
            let token = if *id == school { &ece.token } else { &ali.token };
            assert_eq!(app.post(&format!("/api/v1/games/{id}/resign"), Some(token), json!({})).await.status(), StatusCode::OK);
        }
        assert_eq!(app.get(&format!("/api/v1/games/{public}/events"), None).await.status(), StatusCode::OK);
        assert_error(app.get(&format!("/api/v1/games/{school}/events"), Some(&stranger.token)).await, 404, "not_found").await;

        // The pages and live streams, as browsers.
        let (as_ece, _) = sign_in(&app, &ece.id).await;
        let (as_can, _) = sign_in(&app, &can.id).await;
        let (as_stranger, _) = sign_in(&app, &stranger.id).await;
        assert_eq!(page_reads(&app, &school, Some(&as_ece)).await, [200, 200]);
        assert_eq!(page_reads(&app, &school, Some(&as_can)).await, [404, 404]);
        assert_eq!(page_reads(&app, &school, None).await, [303, 401]);
        let res = no_redirects().get(app.url(&format!("/games/{school}?lang=en"))).send().await.unwrap();
        assert_eq!(res.headers()["location"].to_str().unwrap(), format!("/login?lang=en&next=/games/{school}"));
        assert_eq!(page_reads(&app, &members, Some(&as_stranger)).await, [200, 200]);
        assert_eq!(page_reads(&app, &members, None).await, [303, 401]);
        assert_eq!(page_reads(&app, &public, None).await, [200, 200]);

        // An adult's profile lists only the games its reader may read.
        let mixed: Value = app.create_game_with(&org.token, json!({"white": ece.id, "black": stranger.id}))
            .await.json().await.unwrap();
        assert_eq!(mixed["visibility"], "participants", "a pupil plays in it");
        let mixed = mixed["id"].as_str().unwrap();
        let (as_ali, _) = sign_in(&app, &ali.id).await;
        let profile = |cookie: String| {
            let url = app.url(&format!("/players/{}?lang=en", stranger.id));
            async move { no_redirects().get(url).header("cookie", cookie).send().await.unwrap().text().await.unwrap() }
        };
        assert!(!profile(as_ali.clone()).await.contains(mixed), "hidden from another adult");
        assert!(profile(as_stranger.clone()).await.contains(mixed), "their own");
        let pgn = no_redirects().get(app.url(&format!("/players/{}/games.pgn", stranger.id))).header("cookie", &as_ali)
            .send().await.unwrap().text().await.unwrap();
        assert!(!pgn.contains("Ece"), "{pgn}");
    }
}
