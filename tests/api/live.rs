//! Live pages: the game page's and My games' event streams hear a move as it lands, on the
//! server that recorded it and, with PostgreSQL, on another server of the same database.

use std::time::Duration;

use reqwest::StatusCode;

use crate::both_backends;
use crate::helpers::*;

/// An open event stream and what it has said so far.
struct Stream {
    res: reqwest::Response,
    said: String,
}

impl Stream {
    async fn open(app: &TestApp, path: &str, cookie: Option<&str>) -> Stream {
        let mut req = app.client.get(app.url(path));
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        let res = req.send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["content-type"], "text/event-stream");
        let mut stream = Stream {
            res,
            said: String::new(),
        };
        stream.until("retry: 5000").await;
        stream
    }

    /// Reads until the stream has said `text` (failing after ten seconds).
    async fn until(&mut self, text: &str) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !self.said.contains(text) {
            let chunk = tokio::time::timeout_at(deadline, self.res.chunk())
                .await
                .unwrap_or_else(|_| panic!("never said {text:?}; said {:?}", self.said))
                .unwrap()
                .expect("the stream stays open");
            self.said.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

both_backends! {
    async fn pages_hear_a_move_as_it_lands(app) {
        let (game, white, black) = app.new_game().await;
        let id = game["id"].as_str().unwrap().to_owned();
        // Drawn at version 1 (the creation); the page is told at once it is behind, then of each
        // new event.
        app.play(&id, &white, &black, "e4").await;
        let mut page = Stream::open(&app, &format!("/games/{id}/live?v=1"), None).await;
        page.until("event: changed\ndata: 2\n\n").await;
        let (as_black, _) = sign_in(&app, &black.id).await;
        let mut mine = Stream::open(&app, "/live", Some(&as_black)).await;
        app.play(&id, &white, &black, "e5").await;
        page.until("data: 3\n\n").await;
        mine.until("event: changed\ndata: 3\n\n").await;
        // Another game of someone else's says nothing to either.
        let (other, w2, b2) = app.new_game().await;
        app.play(other["id"].as_str().unwrap(), &w2, &b2, "d4").await;
        app.play(&id, &white, &black, "Nf3").await;
        page.until("data: 4\n\n").await;
        assert!(!page.said.contains("data: 2\n\nevent: changed\ndata: 2"), "{}", page.said);
        // My games is for a signed-in player; an unknown game is 404.
        let res = app.client.get(app.url("/live")).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        let res = app.client.get(app.url(&format!("/games/{}/live", uuid::Uuid::now_v7()))).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        // With PostgreSQL, a page served by another server hears it too.
        if app.db.url.starts_with("postgres") {
            let peer = spawn_peer(&app).await;
            let mut there = Stream::open(&peer, &format!("/games/{id}/live?v=4"), None).await;
            let mut theirs = Stream::open(&peer, "/live", Some(&as_black)).await;
            app.play(&id, &white, &black, "Nc6").await;
            there.until("event: changed\ndata: 5\n\n").await;
            theirs.until("event: changed\ndata: 5\n\n").await;
        }
    }
}
