use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

both_backends! {
    async fn the_admin_creates_a_player_whose_token_works(app) {
        let res = app.post("/api/v1/players", Some(&app.admin), json!({"name": "Ayşe", "email": "Ayse@Okul.tr", "locale": "tr"})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let p: Value = res.json().await.unwrap();
        assert_eq!(p["name"], "Ayşe");
        assert_eq!(p["email"], "ayse@okul.tr");
        assert_eq!(p["locale"], "tr");
        assert_eq!(p["token"].as_str().unwrap().len(), 64);
        let me: Value = app.get("/api/v1/me", p["token"].as_str()).await.json().await.unwrap();
        assert_eq!(me["id"], p["id"]);
        assert_eq!(me["roles"], json!(["player"]));
        assert_eq!(me["locale"], "tr");
        let admin: Value = app.get("/api/v1/me", Some(&app.admin)).await.json().await.unwrap();
        assert_eq!(admin["roles"], json!(["admin"]));
    }

    async fn only_the_admin_or_an_organiser_creates_players(app) {
        let p = app.create_player("Pupil").await;
        assert_error(app.post("/api/v1/players", Some(&p.token), json!({"name": "X"})).await, 403, "forbidden").await;
        assert_error(app.post("/api/v1/players", None, json!({"name": "X"})).await, 401, "unauthenticated").await;
        assert_error(app.post("/api/v1/players", Some("not-a-token"), json!({"name": "X"})).await, 401, "unauthenticated").await;
        assert_error(app.get("/api/v1/me", Some("nope")).await, 401, "unauthenticated").await;
        assert_error(app.get("/api/v1/me", None).await, 401, "unauthenticated").await;

        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let res = app.post("/api/v1/players", Some(&org.token), json!({"name": "Öğrenci"})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        // An organiser cannot make organisers.
        assert_error(
            app.post("/api/v1/players", Some(&org.token), json!({"name": "Y", "roles": ["organiser"]})).await,
            403, "forbidden",
        ).await;
    }

    async fn bad_player_input_is_a_400_and_creates_nothing(app) {
        for body in [
            json!({"name": ""}),
            json!({"name": "   "}),
            json!({"name": "x".repeat(101)}),
            json!({"name": 7}),
            json!({"name": "A", "email": "not-an-address"}),
            json!({"name": "A", "locale": "de"}),
            json!({"name": "A", "notation": "klingon"}),
            json!({"name": "A", "roles": ["king"]}),
            json!({"name": "A", "colour": "white"}),
            json!({}),
        ] {
            assert_error(app.post("/api/v1/players", Some(&app.admin), body.clone()).await, 400, "bad_request").await;
        }
        // The address used above in a refused request is still free.
        let res = app.post("/api/v1/players", Some(&app.admin), json!({"name": "A", "email": "a@b.tr"})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        assert_error(
            app.post("/api/v1/players", Some(&app.admin), json!({"name": "B", "email": "A@B.tr"})).await,
            409, "email_taken",
        ).await;
    }
}
