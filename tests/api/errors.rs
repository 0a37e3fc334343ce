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
        // Even asked for as HTML: the API answers programs.
        let res = app.client.get(app.url("/api/v1/nothing-here")).header("accept", "text/html").send().await.unwrap();
        assert_error(res, 404, "not_found").await;
        // Outside the API, a program still gets JSON.
        assert_error(app.get("/nothing-here", None).await, 404, "not_found").await;
    }

    async fn a_browser_asking_for_an_unknown_page_gets_a_page_in_its_language(app) {
        let browser = |path: &str, language: &str| {
            app.client.get(app.url(path)).header("accept", "text/html,application/xhtml+xml,*/*;q=0.8")
                .header("accept-language", language).send()
        };
        let res = browser("/nothing-here", "en").await.unwrap();
        assert_eq!(res.status(), 404);
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        let html = res.text().await.unwrap();
        assert!(html.contains("There is nothing at this address") && html.contains("<a href=\"/?lang=en\""), "{html}");
        let html = browser("/oyunlar/yok", "tr-TR,tr;q=0.9").await.unwrap().text().await.unwrap();
        assert!(html.contains("Bu adreste bir şey yok"), "{html}");
    }

    async fn head_is_answered_wherever_get_is_without_a_body(app) {
        for path in ["/", "/robots.txt", "/favicon.ico", "/api/v1/openapi.json", "/tournaments"] {
            let get = app.get(path, None).await;
            assert_eq!(get.status(), 200, "GET {path}");
            let head = app.client.head(app.url(path)).send().await.unwrap();
            assert_eq!(head.status(), 200, "HEAD {path}");
            assert_eq!(head.headers()["content-type"], get.headers()["content-type"], "{path}");
            assert!(head.bytes().await.unwrap().is_empty(), "HEAD {path} has no body");
        }
        let robots = app.client.head(app.url("/robots.txt")).send().await.unwrap();
        assert_eq!(robots.headers()["content-length"], api::http::assets::ROBOTS.len().to_string().as_str());
        // A path that takes only POST says so, HEAD or not.
        let res = app.client.head(app.url("/api/v1/players")).send().await.unwrap();
        assert_eq!(res.status(), 405);
        assert_eq!(res.headers()["allow"], "POST");
        let res = app.client.delete(app.url("/api/v1/me")).send().await.unwrap();
        assert_eq!(res.headers()["allow"], "GET, HEAD, PATCH");
    }

    async fn robots_and_the_icon_are_where_clients_look(app) {
        let robots = app.get("/robots.txt", None).await;
        assert!(robots.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
        let robots = robots.text().await.unwrap();
        assert!(robots.starts_with("User-agent: *") && robots.contains("Disallow: /api/"), "{robots}");
        assert!(!robots.contains("Disallow: /games") && !robots.contains("Disallow: /tournaments"), "{robots}");
        let icon = app.get("/favicon.ico", None).await;
        assert_eq!(icon.headers()["content-type"], "image/x-icon");
        let icon = icon.bytes().await.unwrap();
        // An icon file of one image, a PNG inside.
        assert_eq!(&icon[..6], &[0, 0, 1, 0, 1, 0]);
        assert_eq!(&icon[22..26], b"\x89PNG");
        // Pages link the SVG icon, served as an asset.
        let home = app.get("/", None).await.text().await.unwrap();
        let link = home.split("<link rel=\"icon\" href=\"").nth(1).and_then(|r| r.split('"').next()).unwrap();
        let svg = app.get(link, None).await;
        assert_eq!(svg.headers()["content-type"], "image/svg+xml");
        assert!(svg.text().await.unwrap().starts_with("<svg"));
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
