use reqwest::StatusCode;
use serde_json::Value;

use crate::both_backends;

both_backends! {
    async fn health_metrics_and_openapi(app) {
        let res = app.get("/healthz", None).await;
        assert_eq!(res.status(), StatusCode::OK);
        let (game, white, black) = app.new_game().await;
        app.play(game["id"].as_str().unwrap(), &white, &black, "e4 e5").await;
        let metrics = app.get("/metrics", None).await.text().await.unwrap();
        assert!(metrics.contains("zarf_moves_recorded_total 2"), "{metrics}");
        assert!(metrics.contains("zarf_events_appended_total 3"), "{metrics}");
        // Three appends (the game, two moves), one after another: each its own transaction.
        assert!(metrics.contains("zarf_store_appends_total 3"), "{metrics}");
        assert!(metrics.contains("zarf_store_transactions_total 3"), "{metrics}");
        assert!(metrics.contains("zarf_http_requests_total{method=\"POST\",route=\"/api/v1/games/{id}/moves\",status=\"200\"} 2"), "{metrics}");
        assert!(metrics.contains("zarf_http_request_duration_seconds_bucket"));
        let doc: Value = app.get("/api/v1/openapi.json", None).await.json().await.unwrap();
        for path in ["/api/v1/players", "/api/v1/me", "/api/v1/games", "/api/v1/games/{id}", "/api/v1/games/{id}/moves",
                     "/api/v1/games/{id}/draw-offer", "/api/v1/games/{id}/draw-offer/accept", "/api/v1/games/{id}/draw-offer/decline",
                     "/api/v1/games/{id}/claims", "/api/v1/games/{id}/resign", "/api/v1/games/{id}/events",
                     "/api/v1/games/{id}/pgn", "/api/v1/me/games"] {
            assert!(doc["paths"][path].is_object(), "{path} is documented");
        }
        assert!(doc["components"]["schemas"]["GameView"]["properties"]["termination"].is_object());
    }

    async fn the_home_page_says_what_zarf_is(app) {
        let res = app.get("/", None).await;
        assert_eq!(res.status(), StatusCode::OK);
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        let html = res.text().await.unwrap();
        assert!(html.contains("correspondence chess") && html.contains("/api/v1/openapi.json"));
        assert!(html.contains("href=\"/README.md\""));
        let readme = app.get("/README.md", None).await.text().await.unwrap();
        assert!(readme.contains("## A worked example"));
        let tr = app.client.get(app.url("/")).header("accept-language", "tr-TR,tr;q=0.9").send().await.unwrap().text().await.unwrap();
        assert!(tr.contains("Yazışmalı satranç") && tr.contains("lang=\"tr\""), "{tr}");
    }

    async fn responses_carry_a_request_id(app) {
        let res = app.get("/api/v1/games/not-an-id", None).await;
        let id = res.headers().get("x-request-id").expect("a request id").to_str().unwrap().to_owned();
        assert_eq!(id.len(), 36);
    }
}
