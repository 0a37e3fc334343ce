//! Who may read a game: every visibility against every kind of reader on every read path of a
//! game (its page, JSON, events, record, legal moves, live stream). A game with a pupil in it
//! is its participants' by default.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// A pupil the organiser makes: (id, token).
async fn pupil(app: &TestApp, org: &Player, name: &str) -> Player {
    app.create_pupil(&org.token, json!({"name": name})).await
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

/// The status of each API read of tournament `id` with `token` (none: anonymous).
async fn tournament_api_reads(app: &TestApp, id: &str, token: Option<&str>) -> Vec<u16> {
    let mut statuses = Vec::new();
    for path in ["", "/standings", "/report.trf", "/teams", "/games.pgn"] {
        statuses.push(
            app.get(&format!("/api/v1/tournaments/{id}{path}"), token)
                .await
                .status()
                .as_u16(),
        );
    }
    statuses
}

/// The status of the tournament's page, printed sheets and live stream for a browser with
/// `cookie`, and whether the tournaments' list names it.
async fn tournament_page_reads(
    app: &TestApp,
    id: &str,
    name: &str,
    cookie: Option<&str>,
) -> (Vec<u16>, bool) {
    let client = no_redirects();
    let get = |path: String| {
        let mut req = client.get(app.url(&path));
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        req.send()
    };
    let mut statuses = Vec::new();
    for path in ["?lang=en", "/print?lang=en", "/live"] {
        let res = get(format!("/tournaments/{id}{path}")).await.unwrap();
        statuses.push(res.status().as_u16());
    }
    let list = get("/tournaments?lang=en".into())
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    (statuses, list.contains(name))
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
        let mixed: Value = app.create_game_with(&app.admin, json!({"white": ece.id, "black": stranger.id}))
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

    async fn a_tournament_with_a_pupil_is_its_participants(app) {
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let (ece, efe) = (pupil(&app, &org, "Ece").await, pupil(&app, &org, "Efe").await);
        let (ali, stranger) = (app.create_player("Ali").await, app.create_player("Yabancı").await);
        let body = json!({"name": "Okul Ligi", "system": "round_robin", "rounds": 2, "play": "online",
            "time_control": {"kind": "per_move", "seconds": 3 * 86_400}});
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), body).await.json().await.unwrap();
        assert_eq!(t["visibility"], "public", "no pupil in it yet");
        let id = t["id"].as_str().unwrap().to_owned();
        let path = |rest: &str| format!("/api/v1/tournaments/{id}{rest}");
        assert_eq!(tournament_api_reads(&app, &id, None).await, [200; 5]);
        for p in [&ece, &efe, &ali] {
            let res = app.post(&path("/players"), Some(&app.admin), json!({"player": p.id})).await;
            assert_eq!(res.status(), StatusCode::OK);
        }
        let t: Value = app.get(&path(""), Some(&org.token)).await.json().await.unwrap();
        assert_eq!(t["visibility"], "participants", "a pupil plays in it");

        // Its players, its organiser and the admin read it; anyone else is told nothing.
        for (who, token) in [("pupil", &ece.token), ("adult player", &ali.token), ("organiser", &org.token), ("admin", &app.admin)] {
            assert_eq!(tournament_api_reads(&app, &id, Some(token)).await, [200; 5], "{who}");
        }
        assert_eq!(tournament_api_reads(&app, &id, Some(&stranger.token)).await, [404; 5]);
        assert_eq!(tournament_api_reads(&app, &id, None).await, [401; 5]);
        let (as_ece, _) = sign_in(&app, &ece.id).await;
        let (as_stranger, _) = sign_in(&app, &stranger.id).await;
        assert_eq!(tournament_page_reads(&app, &id, "Okul Ligi", Some(&as_ece)).await, (vec![200, 200, 200], true));
        assert_eq!(tournament_page_reads(&app, &id, "Okul Ligi", Some(&as_stranger)).await, (vec![404, 404, 404], false));
        assert_eq!(tournament_page_reads(&app, &id, "Okul Ligi", None).await, (vec![303, 303, 401], false));
        let res = no_redirects().get(app.url(&format!("/tournaments/{id}?lang=en"))).send().await.unwrap();
        assert_eq!(res.headers()["location"].to_str().unwrap(), format!("/login?lang=en&next=/tournaments/{id}"));

        // Its games are as hidden as it is, and open to all its players, not only the board's.
        app.post(&path("/rounds"), Some(&org.token), json!({})).await;
        let t: Value = app.post(&path("/publish"), Some(&org.token), json!({"round": 1})).await.json().await.unwrap();
        let board = t["pairings"][0]["boards"].as_array().unwrap().iter()
            .find(|b| !b["game"].is_null()).unwrap().clone();
        let game = board["game"].as_str().unwrap();
        let game_json: Value = app.get(&format!("/api/v1/games/{game}"), Some(&org.token)).await.json().await.unwrap();
        assert_eq!(game_json["visibility"], "participants");
        let bystander = [&ece, &efe, &ali].into_iter()
            .find(|p| board["white"] != p.id.as_str() && board["black"] != p.id.as_str()).unwrap();
        assert_eq!(api_reads(&app, game, Some(&bystander.token)).await, [200, 200, 200], "a player of the tournament");
        assert_eq!(api_reads(&app, game, Some(&stranger.token)).await, [404, 404, 404]);
        assert_eq!(api_reads(&app, game, None).await, [401, 401, 401]);
    }

    async fn the_creator_and_the_school_choose_who_sees(app) {
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let stranger = app.create_player("Yabancı").await;
        let body = json!({"name": "Üyeler Turnuvası", "system": "swiss", "rounds": 3, "visibility": "signed_in"});
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), body).await.json().await.unwrap();
        assert_eq!(t["visibility"], "signed_in");
        let id = t["id"].as_str().unwrap().to_owned();
        let ece = pupil(&app, &org, "Ece").await;
        app.post(&format!("/api/v1/tournaments/{id}/players"), Some(&app.admin), json!({"player": ece.id})).await;
        assert_eq!(tournament_api_reads(&app, &id, Some(&stranger.token)).await, [200; 5], "as chosen, pupil or not");
        assert_eq!(tournament_api_reads(&app, &id, None).await, [401; 5]);
        let res = app.post("/api/v1/tournaments", Some(&org.token), json!({"name": "X", "system": "swiss", "rounds": 3, "visibility": "everyone"})).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);

        // The school's default, set on the organiser's page, for games and tournaments after.
        let (cookie, token) = sign_in(&app, &org.id).await;
        let post = |visibility: &'static str| {
            let (url, cookie, token) = (app.url("/organise/privacy?lang=en"), cookie.clone(), token.clone());
            async move {
                no_redirects().post(url).header("cookie", cookie)
                    .form(&[("visibility", visibility), ("csrf", token.as_str())]).send().await.unwrap()
            }
        };
        assert_eq!(post("everyone").await.status(), StatusCode::BAD_REQUEST);
        let res = post("public").await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let page = no_redirects().get(app.url("/organise?lang=en&privacy=saved")).header("cookie", &cookie)
            .send().await.unwrap().text().await.unwrap();
        assert!(page.contains(r#"<option value="public" selected>"#), "{page}");
        let efe = pupil(&app, &org, "Efe").await;
        let game: Value = app.create_game_with(&org.token, json!({"white": ece.id, "black": efe.id})).await.json().await.unwrap();
        assert_eq!(game["visibility"], "public", "the school's choice");
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), json!({"name": "Açık Turnuva", "system": "swiss", "rounds": 3}))
            .await.json().await.unwrap();
        assert_eq!(t["visibility"], "public");
        // Another school's pupil keeps theirs: the narrower of the two.
        let other = app.create_player_with(json!({"name": "Öğretmen 2", "roles": ["organiser"]})).await;
        let can = pupil(&app, &other, "Can").await;
        let game: Value = app.create_game_with(&app.admin, json!({"white": ece.id, "black": can.id})).await.json().await.unwrap();
        assert_eq!(game["visibility"], "participants");
        // A player without the organiser's role is refused the form.
        let (as_ece, ece_token) = sign_in(&app, &ece.id).await;
        let res = no_redirects().post(app.url("/organise/privacy?lang=en")).header("cookie", as_ece)
            .form(&[("visibility", "public"), ("csrf", ece_token.as_str())]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
    }

    async fn a_pupil_goes_by_first_name_and_initial_outside_their_school(app) {
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let (ayse, can) = (pupil(&app, &org, "Ayşe Yılmaz").await, pupil(&app, &org, "Can Işık").await);
        let ali = app.create_player("Ali Veli").await;
        let full = |text: &str| text.contains("Yılmaz");

        // A public game between a pupil and an adult: the pupil is recorded as "Ayşe Y.".
        let game: Value = app.create_game_with(&app.admin, json!({"white": ayse.id, "black": ali.id, "visibility": "public"}))
            .await.json().await.unwrap();
        assert_eq!((game["white"]["name"].as_str(), game["black"]["name"].as_str()), (Some("Ayşe Y."), Some("Ali Veli")));
        let id = game["id"].as_str().unwrap();
        let pgn = app.get(&format!("/api/v1/games/{id}/pgn"), None).await.text().await.unwrap();
        assert!(pgn.contains("[White \"Ayşe Y.\"]") && !full(&pgn), "{pgn}");
        let events = app.get(&format!("/api/v1/games/{id}/events"), Some(&ali.token)).await.text().await.unwrap();
        assert!(!full(&events), "the log never holds the full name: {events}");
        let page = app.client.get(app.url(&format!("/games/{id}?lang=en"))).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("Ayşe Y.") && !full(&page));

        // In a tournament, its report and pages.
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), json!({"name": "Açık", "system": "swiss", "rounds": 3, "visibility": "public"}))
            .await.json().await.unwrap();
        let tid = t["id"].as_str().unwrap();
        let t: Value = app.post(&format!("/api/v1/tournaments/{tid}/players"), Some(&app.admin), json!({"player": ayse.id})).await.json().await.unwrap();
        assert_eq!(t["players"][0]["name"], "Ayşe Y.");
        let trf = app.get(&format!("/api/v1/tournaments/{tid}/report.trf"), None).await.text().await.unwrap();
        assert!(trf.contains("Ayşe Y.") && !full(&trf), "{trf}");

        // An open seek of hers: "Ayşe Y." to an adult, in full to a classmate.
        app.put("/api/v1/me/challenges", Some(&ayse.token), json!({"from": "anyone"})).await;
        let seek: Value = app.post("/api/v1/challenges", Some(&ayse.token), json!({"open": true, "game": "chess"})).await.json().await.unwrap();
        let seek = seek["id"].as_str().expect("made").to_owned();
        let as_seen_by = |token: String| {
            let (app, seek) = (&app, seek.clone());
            async move {
                let v: Value = app.get(&format!("/api/v1/challenges/{seek}"), Some(&token)).await.json().await.unwrap();
                v["challenger"]["name"].as_str().unwrap().to_owned()
            }
        };
        assert_eq!(as_seen_by(ali.token.clone()).await, "Ayşe Y.");
        assert_eq!(as_seen_by(can.token.clone()).await, "Ayşe Yılmaz");

        // Her school reads her full name: her organiser's page, her profile to a classmate.
        let (as_org, _) = sign_in(&app, &org.id).await;
        let page = no_redirects().get(app.url("/organise?lang=en")).header("cookie", as_org).send().await.unwrap().text().await.unwrap();
        assert!(full(&page));
        let (as_can, _) = sign_in(&app, &can.id).await;
        let profile = no_redirects().get(app.url(&format!("/players/{}?lang=en", ayse.id))).header("cookie", as_can)
            .send().await.unwrap().text().await.unwrap();
        assert!(full(&profile), "{profile}");
    }
}
