//! A player's settings page and its JSON twin: name, language, notation, time zone, mail, and
//! leave across all their games.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

both_backends! {
    async fn settings_change_how_pages_read_and_are_refused_whole(app) {
        let (game, white, black) = app.new_game().await;
        let id = game["id"].as_str().unwrap().to_owned();
        app.play(&id, &white, &black, "e4 Nf6").await;
        let (as_white, token) = sign_in(&app, &white.id).await;
        let client = no_redirects();
        // Not signed in: to the sign-in page, coming back here.
        let res = client.get(app.url("/settings")).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(res.headers()["location"], "/login?lang=en&next=/settings");
        let html = client.get(app.url("/settings")).header("cookie", &as_white).send().await.unwrap().text().await.unwrap();
        assert!(html.contains("value=\"Ayşe Yılmaz\"") && html.contains("<option selected>UTC+00:00</option>"), "{html}");
        let save = |fields: Vec<(&'static str, String)>| {
            client.post(app.url("/settings?lang=en")).header("cookie", as_white.clone()).form(&fields).send()
        };
        let form = |name: &str, offset: &str, csrf: &str| -> Vec<(&'static str, String)> {
            [("name", name), ("locale", "tr"), ("notation", "san-de"), ("utc_offset_minutes", offset),
             ("mail_mode", "digest"), ("digest_hour", "7"), ("csrf", csrf)]
                .into_iter().map(|(k, v)| (k, v.to_owned())).collect()
        };
        // Without the form's token, or with a bad field: nothing changes.
        assert_eq!(save(form("Ayşe Kaya", "180", "")).await.unwrap().status(), StatusCode::FORBIDDEN);
        let res = save(form("  ", "180", &token)).await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert!(res.text().await.unwrap().contains("role=\"alert\">A name is 1 to 100 characters on one line."));
        let res = save(form("Ayşe Kaya", "7", &token)).await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "not a time zone in use");
        assert!(res.text().await.unwrap().contains("The mail mode, digest hour or time zone is not one the form offers."));
        let me: Value = app.get("/api/v1/me", Some(&white.token)).await.json().await.unwrap();
        assert_eq!((me["name"].as_str(), me["locale"].as_str(), &me["notation"]), (Some("Ayşe Yılmaz"), Some("en"), &Value::Null));
        // Saved: back to the page in the language just chosen.
        let res = save(form("Ayşe Kaya", "180", &token)).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(res.headers()["location"], "/settings?lang=tr&saved=1");
        let me: Value = app.get("/api/v1/me", Some(&white.token)).await.json().await.unwrap();
        assert_eq!((me["name"].as_str(), me["locale"].as_str(), me["notation"].as_str()), (Some("Ayşe Kaya"), Some("tr"), Some("san-de")));
        // Without ?lang the pages now read in Turkish, the moves in German letters, the
        // deadline in UTC+03:00; the game keeps the name it was created with.
        let page = client.get(app.url(&format!("/games/{id}"))).header("cookie", &as_white).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("<html lang=\"tr\">") && page.contains("1. e4 Sf6 "), "{page}");
        assert!(page.contains("<h1>Ayşe Yılmaz – Mehmet Öz</h1>"), "{page}");
        let home = client.get(app.url("/")).header("cookie", &as_white).send().await.unwrap().text().await.unwrap();
        assert!(home.contains("Oyunlarım") && home.contains("Ayarlar"), "{home}");
        let settings = client.get(app.url("/settings")).header("cookie", &as_white).send().await.unwrap().text().await.unwrap();
        assert!(settings.contains("<option selected>UTC+03:00</option>"), "{settings}");
        // A zone by its name: its summer time is followed; one the tz database does not know
        // is refused and changes nothing.
        let mut named = form("Ayşe Kaya", "180", &token);
        named.push(("time_zone", "Mars/Olympus_Mons".into()));
        assert_eq!(save(named.clone()).await.unwrap().status(), StatusCode::BAD_REQUEST);
        named.pop();
        named.push(("time_zone", "Europe/London".into()));
        assert_eq!(save(named).await.unwrap().status(), StatusCode::SEE_OTHER);
        let settings = client.get(app.url("/settings")).header("cookie", &as_white).send().await.unwrap().text().await.unwrap();
        assert!(settings.contains("<option selected>Europe/London</option>") && !settings.contains("<option selected>UTC+03:00</option>"), "{settings}");
        // The JSON twin of the mail settings takes a zone's name too.
        assert_error(app.put_mail_preferences(&white.token, json!({"mode": "digest", "time_zone": "Atlantis/Capital"})).await, 400, "bad_request").await;
        assert_eq!(app.put_mail_preferences(&white.token, json!({"mode": "digest", "time_zone": "America/New_York"})).await.status(), StatusCode::NO_CONTENT);
        let settings = client.get(app.url("/settings")).header("cookie", &as_white).send().await.unwrap().text().await.unwrap();
        assert!(settings.contains("<option selected>America/New_York</option>"), "{settings}");
        // A name the page does not list is offered too, so that saving the page keeps it.
        assert_eq!(app.put_mail_preferences(&white.token, json!({"mode": "digest", "time_zone": "Etc/GMT-3"})).await.status(), StatusCode::NO_CONTENT);
        let settings = client.get(app.url("/settings")).header("cookie", &as_white).send().await.unwrap().text().await.unwrap();
        assert!(settings.contains("<option selected>Etc/GMT-3</option>"), "{settings}");
        assert_eq!(app.put_mail_preferences(&white.token, json!({"mode": "digest", "utc_offset_minutes": 187})).await.status(), StatusCode::NO_CONTENT);
        let settings = client.get(app.url("/settings")).header("cookie", &as_white).send().await.unwrap().text().await.unwrap();
        assert!(settings.contains("<select id=\"zone\" name=\"time_zone\"><option selected>UTC+03:07</option>"), "{settings}");
        // Saved as the page offers it, the odd offset is kept.
        let mut kept = form("Ayşe Kaya", "180", &token);
        kept.push(("time_zone", "UTC+03:07".into()));
        assert_eq!(save(kept).await.unwrap().status(), StatusCode::SEE_OTHER);
        let settings = client.get(app.url("/settings")).header("cookie", &as_white).send().await.unwrap().text().await.unwrap();
        assert!(settings.contains("<option selected>UTC+03:07</option>"), "{settings}");
        assert_eq!(app.put_mail_preferences(&white.token, json!({"mode": "digest", "utc_offset_minutes": 180})).await.status(), StatusCode::NO_CONTENT);
        let settings = client.get(app.url("/settings")).header("cookie", &as_white).send().await.unwrap().text().await.unwrap();
        assert!(settings.contains("<option selected>UTC+03:00</option>"), "{settings}");
        assert!(settings.contains("value=\"digest\" checked") && settings.contains("<option value=\"7\" selected>07:00</option>"), "{settings}");
        // The JSON twin: a notation of null reads moves in the page's language again.
        let res = app.client.patch(app.url("/api/v1/me")).bearer_auth(&white.token).json(&json!({"notation": null, "locale": "en"})).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let me: Value = res.json().await.unwrap();
        assert_eq!((me["name"].as_str(), me["locale"].as_str(), &me["notation"]), (Some("Ayşe Kaya"), Some("en"), &Value::Null));
        let res = app.client.patch(app.url("/api/v1/me")).bearer_auth(&white.token).json(&json!({"name": "x".repeat(101)})).send().await.unwrap();
        assert_error(res, 400, "bad_request").await;
        let res = app.client.patch(app.url("/api/v1/me")).bearer_auth(&white.token).json(&json!({"name": null})).send().await.unwrap();
        assert_error(res, 400, "bad_request").await;
        let res = app.client.patch(app.url("/api/v1/me")).bearer_auth(&white.token).json(&json!({"notation": "klingon"})).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        let res = app.client.patch(app.url("/api/v1/me")).json(&json!({"name": "Nobody"})).send().await.unwrap();
        assert_error(res, 401, "unauthenticated").await;
    }

    async fn leave_is_taken_and_ended_from_the_settings_page(app) {
        let white = app.create_player("W").await;
        let black = app.create_player("B").await;
        let mut games = Vec::new();
        for _ in 0..2 {
            let res = app.create_game_with(&app.admin, json!({"white": white.id, "black": black.id,
                "time_control": {"kind": "per_move", "seconds": 3 * 86_400}})).await;
            let g: Value = res.json().await.unwrap();
            games.push(g["id"].as_str().unwrap().to_owned());
        }
        let (as_white, token) = sign_in(&app, &white.id).await;
        let client = no_redirects();
        let page = || {
            let req = client.get(app.url("/settings")).header("cookie", as_white.clone());
            async move { req.send().await.unwrap().text().await.unwrap() }
        };
        let html = page().await;
        assert!(html.contains("Days of leave left this year: 30"), "{html}");
        let today = html.split("name=\"from\" type=\"date\" required min=\"").nth(1).unwrap()[..10].to_owned();
        let take = |from: &str, days: &str, csrf: &str| {
            let fields = vec![("from", from.to_owned()), ("days", days.to_owned()), ("csrf", csrf.to_owned())];
            client.post(app.url("/settings/leave?lang=en")).header("cookie", as_white.clone()).form(&fields).send()
        };
        // Refused whole: more than the allowance, a date that is no date, no token.
        let res = take(&today, "31", &token).await.unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(res.text().await.unwrap().contains("role=\"alert\""));
        let res = take("24.12.2026", "3", &token).await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert!(res.text().await.unwrap().contains("Give the first day as a date"));
        assert_eq!(take(&today, "3", "").await.unwrap().status(), StatusCode::FORBIDDEN);
        for id in &games {
            let g = app.get_game(id).await;
            assert!(g["clock"]["deadline"].is_string(), "no leave was taken: {g}");
        }
        // Three days from today: both games' clocks stop.
        let res = take(&today, "3", &token).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        for id in &games {
            let log = app.events(id, &white.token).await;
            assert_eq!(log.last().unwrap()["type"], "leave_taken", "{log:?}");
        }
        let html = page().await;
        assert!(html.contains("Days of leave left this year: 27") && html.contains("On leave from"), "{html}");
        assert!(html.contains("/settings/leave/end"), "{html}");
        // Back early: ended in both.
        let end = |csrf: &str| client.post(app.url("/settings/leave/end?lang=en")).header("cookie", as_white.clone()).form(&[("csrf", csrf.to_owned())]).send();
        assert_eq!(end(&token).await.unwrap().status(), StatusCode::SEE_OTHER);
        for id in &games {
            let log = app.events(id, &white.token).await;
            assert_eq!(log.last().unwrap()["type"], "leave_ended");
        }
        // Nothing more to end: the rules' refusal on the page.
        let res = end(&token).await.unwrap();
        assert_eq!(res.status(), StatusCode::CONFLICT);
        assert!(!page().await.contains("On leave from"));
    }
}
