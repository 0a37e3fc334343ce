use reqwest::StatusCode;
use serde_json::json;

use crate::both_backends;
use crate::helpers::*;

both_backends! {
    async fn malformed_bodies_are_400_and_change_nothing(app) {
        let (game, white, _black) = app.new_game().await;
        let g = game["id"].as_str().unwrap();
        let url = app.url(&format!("/api/v1/games/{g}/moves"));
        let send = |body: &'static str, content_type: &'static str| {
            app.client.post(url.clone()).bearer_auth(&white.token).header("content-type", content_type).body(body).send()
        };
        for body in ["{", "not json", "[]", "{\"move\": 5}", "{\"move\": \"e4\", \"offer_draw\": \"yes\"}",
                     "{\"move\": \"e4\", \"expected_version\": -1}", "{\"mvoe\": \"e4\"}", "{\"move\": \"e4\", \"extra\": 1}", "null"] {
            assert_error(send(body, "application/json").await.unwrap(), 400, "bad_request").await;
        }
        assert_error(send("{\"move\": \"e4\"}", "text/plain").await.unwrap(), 400, "bad_request").await;
        assert_error(app.post(&format!("/api/v1/games/{g}/moves"), Some(&white.token), json!({"move": "e4", "notation": "morse"})).await, 400, "bad_request").await;
        assert_eq!(app.get_game(g).await["version"], 1, "nothing was recorded");
    }

    async fn oversized_bodies_are_413(app) {
        let (game, white, _black) = app.new_game().await;
        let g = game["id"].as_str().unwrap();
        let huge = json!({"move": "e4", "pad": "x".repeat(100_000)});
        assert_error(app.post(&format!("/api/v1/games/{g}/moves"), Some(&white.token), huge).await, 413, "too_large").await;
        let long_name = json!({"name": "x".repeat(20_000)});
        assert_error(app.post("/api/v1/players", Some(&app.admin), long_name).await, 413, "too_large").await;
        assert_eq!(app.get_game(g).await["version"], 1);
    }

    async fn absurd_strings_are_refused(app) {
        let (game, white, _black) = app.new_game().await;
        let g = game["id"].as_str().unwrap();
        for mv in ["e4".repeat(20), "\u{0}e4".to_owned(), "♔♕♖♗♘♙".repeat(5), "' OR 1=1 --".to_owned()] {
            let res = app.post_move(g, &white.token, &mv).await;
            assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{mv:?}");
        }
        let a = app.create_player("A").await;
        let b = app.create_player("B").await;
        let res = app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "event": "e".repeat(300)})).await;
        assert_error(res, 400, "bad_request").await;
        let res = app.create_game_with(&app.admin, json!({"white": a.id, "black": b.id, "start_fen": "x".repeat(5000)})).await;
        assert_error(res, 422, "invalid_fen").await;
        assert_eq!(app.get_game(g).await["version"], 1);
    }

    async fn malformed_forms_are_a_400_page_in_the_readers_language(app) {
        // Only pages post forms: the answer is a page, changing nothing.
        let res = app.client.post(app.url("/login")).send().await.unwrap();
        assert_eq!(res.status(), 400);
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(res.text().await.unwrap().contains("This form cannot be read"));
        let res = app.client.post(app.url("/login/code?lang=tr")).form(&[("nope", "1")]).send().await.unwrap();
        assert_eq!(res.status(), 400);
        assert!(res.text().await.unwrap().contains("Bu form okunamıyor"));
        let res = app.client.post(app.url("/login/code")).header("accept-language", "tr-TR,tr;q=0.9")
            .form(&[("code", "x".repeat(300_000))]).send().await.unwrap();
        assert_eq!(res.status(), 413);
        assert!(res.text().await.unwrap().contains("Form gönderilemeyecek kadar büyük"));
    }

    async fn unknown_routes_are_json_404(app) {
        assert_error(app.get("/api/v1/nothing-here", None).await, 404, "not_found").await;
    }

    async fn a_method_a_path_does_not_take_is_405_with_the_ones_it_does(app) {
        let trace = reqwest::Method::from_bytes(b"TRACE").unwrap();
        let res = app.client.request(trace, app.url("/api/v1/players")).send().await.unwrap();
        assert_eq!(res.headers()["allow"], "POST");
        assert_error(res, 405, "method_not_allowed").await;
        let g = uuid::Uuid::now_v7();
        let res = app.client.delete(app.url(&format!("/api/v1/games/{g}/moves"))).send().await.unwrap();
        assert_eq!(res.headers()["allow"], "POST");
        assert_error(res, 405, "method_not_allowed").await;
        let res = app.client.patch(app.url("/api/v1/me/leave")).send().await.unwrap();
        assert_eq!(res.headers()["allow"], "DELETE, POST");
        assert_error(res, 405, "method_not_allowed").await;
        // A path the API does not have stays 404 whatever the method.
        let res = app.client.delete(app.url("/api/v1/games/x/nothing")).send().await.unwrap();
        assert_error(res, 404, "not_found").await;
    }

    async fn every_operation_documents_the_contracts_error_answers(app) {
        let doc: serde_json::Value = app.get("/api/v1/openapi.json", None).await.json().await.unwrap();
        let paths = doc["paths"].as_object().unwrap();
        assert!(paths.len() > 20);
        for (path, item) in paths {
            for (method, op) in item.as_object().unwrap() {
                for status in ["400", "401", "404", "409", "413", "422", "429"] {
                    assert!(op["responses"][status].is_object(), "{method} {path} lists no {status}");
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_are_rate_limited_per_token() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            rate_limit_per_minute: 5,
            ..Options::default()
        },
    )
    .await;
    let (game, white, _black) = app.new_game().await;
    let g = game["id"].as_str().unwrap();
    // A token seen once counts against its player (its very first request, against its
    // address). The white player gets five writes a minute; refused requests count too.
    let me = app.get("/api/v1/me", Some(&white.token)).await;
    assert_eq!(me.status(), StatusCode::OK);
    for _ in 0..5 {
        let res = app
            .post(
                &format!("/api/v1/games/{g}/draw-offer/accept"),
                Some(&white.token),
                json!({}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CONFLICT);
    }
    let res = app.post_move(g, &white.token, "e4").await;
    assert_error(res, 429, "rate_limited").await;
    assert_eq!(
        app.get_game(g).await["version"],
        1,
        "the limited move was not recorded"
    );
    // Reads are not limited.
    assert_eq!(
        app.get(&format!("/api/v1/games/{g}"), Some(&white.token))
            .await
            .status(),
        StatusCode::OK
    );
}
