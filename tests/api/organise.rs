//! The organiser's pages: players one by one and a whole class at once, the class's sign-in
//! codes on one sheet (each works at /login), games between their players, the games they run.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

both_backends! {
    async fn an_organiser_adds_a_class_prints_its_codes_and_makes_a_game(app) {
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let pupil = app.create_player("Başka").await;
        let client = no_redirects();
        // Only organisers: a stranger signs in first, a player is told.
        let res = client.get(app.url("/organise")).send().await.unwrap();
        assert_eq!(res.headers()["location"], "/login?lang=en&next=/organise");
        let (as_pupil, _) = sign_in(&app, &pupil.id).await;
        let res = client.get(app.url("/organise")).header("cookie", &as_pupil).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        let (as_org, token) = sign_in(&app, &org.id).await;
        let post = |path: &'static str, fields: Vec<(&'static str, String)>| {
            client.post(app.url(&format!("{path}?lang=en"))).header("cookie", as_org.clone()).form(&fields).send()
        };
        let class = |names: &str| vec![("school", "Atatürk Lisesi".to_owned()), ("class", "9-A".to_owned()),
            ("locale", "tr".to_owned()), ("names", names.to_owned()), ("csrf", token.clone())];
        // A wrong line refuses the whole list, naming the line; nothing is added.
        let res = post("/organise/class", class("Ad Soyad,E-posta\nAyşe Yılmaz,ayse@okul.tr\nMehmet Öz,not-mail\n")).await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert!(res.text().await.unwrap().contains("Line 3: that is not an e-mail address."));
        assert_eq!(post("/organise/class", vec![("names", "Ayşe".into())]).await.unwrap().status(), StatusCode::FORBIDDEN, "no form token");
        // The list, pasted as a spreadsheet gives it: a header, a semicolon, a tab, a blank line.
        let res = post("/organise/class", class("Ad Soyad;E-posta\nAyşe Yılmaz;ayse@okul.tr\n\nMehmet Öz\nCan Demir\tcan@okul.tr\n")).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(res.headers()["location"], "/organise?lang=en&added=3");
        // An address already taken refuses the whole list again.
        let res = post("/organise/class", class("Zeynep\nCan Demir,can@okul.tr\n")).await.unwrap();
        assert_eq!(res.status(), StatusCode::CONFLICT);
        assert!(res.text().await.unwrap().contains("An e-mail address given already belongs to a player; nothing was added."));
        // Refusals read in the page's language, whether the rules or the form's own checks say no.
        let post_tr = |path: &'static str, fields: Vec<(&'static str, String)>| {
            client.post(app.url(&format!("{path}?lang=tr"))).header("cookie", as_org.clone()).form(&fields).send()
        };
        let long = vec![("name", "ş".repeat(101)), ("csrf", token.clone())];
        let res = post_tr("/organise/players", long).await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert!(res.text().await.unwrap().contains("Ad, tek satırda 1 ile 100 karakter arasıdır."));
        let res = post_tr("/organise/class", vec![("school", "x".into()), ("csrf", token.clone())]).await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "no names field at all");
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(res.text().await.unwrap().contains("Bu form okunamıyor"));
        // And one player alone, with no class.
        let one = vec![("name", "Deniz".to_owned()), ("email", "".to_owned()), ("locale", "en".to_owned()), ("csrf", token.clone())];
        assert_eq!(post("/organise/players", one).await.unwrap().status(), StatusCode::SEE_OTHER);
        let page = client.get(app.url("/organise?lang=en&added=1")).header("cookie", &as_org).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("Players added: 1.") && page.contains("9-A, Atatürk Lisesi (3)") && page.contains("No class (1)"), "{page}");
        assert!(!page.contains("Zeynep") && !page.contains("Başka"), "only what was added, only theirs: {page}");
        // The class's codes, one sheet; each code signs its pupil in once.
        let too_long = post("/organise/codes", vec![("school", "Atatürk Lisesi".into()), ("class", "9-A".into()), ("days", "400".into()), ("csrf", token.clone())]).await.unwrap();
        assert_eq!(too_long.status(), StatusCode::BAD_REQUEST, "codes work 1 to 365 days");
        let sheet = post("/organise/codes", vec![("school", "Atatürk Lisesi".into()), ("class", "9-A".into()), ("days", "7".into()), ("csrf", token.clone())]).await.unwrap();
        assert_eq!(sheet.status(), StatusCode::OK);
        let sheet = sheet.text().await.unwrap();
        let codes: Vec<String> = sheet.split("<span class=\"code\">").skip(1).map(|s| s.split('<').next().unwrap().to_owned()).collect();
        assert_eq!(codes.len(), 3, "{sheet}");
        assert!(sheet.contains("Mehmet Öz") && !sheet.contains("Deniz"));
        // The sheet is the organiser's; each slip is in its pupil's language.
        assert!(sheet.contains("Print this page") && sheet.matches("<li lang=\"tr\">").count() == 3, "{sheet}");
        assert!(sheet.contains("Kod bir kez"), "{sheet}");
        let (form_cookie, form) = form_token(&app).await;
        let login = |code: String| client.post(app.url("/login/code")).header("cookie", form_cookie.clone()).form(&[("code", code), ("csrf", form.clone())]).send();
        let res = login(codes[1].clone()).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "the code signs in");
        assert_ne!(login(codes[1].clone()).await.unwrap().status(), StatusCode::SEE_OTHER, "once");
        // A game between two of their players: the organiser is its arbiter.
        let ids: Vec<String> = page.split("<option value=\"").skip(1).map(|s| s.split('"').next().unwrap().to_owned())
            .filter(|v| v.len() == 36).collect();
        let game = |white: &str, black: &str| vec![("white", white.to_owned()), ("black", black.to_owned()), ("days", "3".to_owned()),
            ("rules", "fide2023".to_owned()), ("start_fen", "".to_owned()), ("event", "Okul turnuvası".to_owned()), ("csrf", token.clone())];
        let res = post("/organise/games", game(&ids[0], &ids[0])).await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "two players");
        let res = post("/organise/games", game(&ids[0], &ids[1])).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let to = res.headers()["location"].to_str().unwrap().to_owned();
        let id = to.trim_start_matches("/games/").split('?').next().unwrap().to_owned();
        let g: Value = app.get_game_as_admin(&id).await;
        assert_eq!(g["visibility"], "participants", "a game between pupils is theirs");
        assert_eq!((g["white"]["id"].as_str(), g["black"]["id"].as_str(), g["event"].as_str()), (Some(ids[0].as_str()), Some(ids[1].as_str()), Some("Okul turnuvası")));
        assert_eq!(g["clock"]["black_seconds"], 3 * 86_400, "three days a move");
        let shown = client.get(app.url(&to)).header("cookie", &as_org).send().await.unwrap().text().await.unwrap();
        assert!(shown.contains("/arbiter?"), "the organiser arbitrates it");
        let page = client.get(app.url("/organise")).header("cookie", &as_org).send().await.unwrap().text().await.unwrap();
        assert!(page.contains(&format!("/games/{id}?lang=en")), "among the games they run");
        // A backgammon match to 3 from the same form; a match length for chess is refused.
        let mut match_form = game(&ids[0], &ids[1]);
        match_form.retain(|(k, _)| *k != "rules");
        match_form.extend([("game", "tavla".to_owned()), ("rules", "backgammon".to_owned()), ("match_length", "3".to_owned())]);
        let res = post("/organise/games", match_form).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let to = res.headers()["location"].to_str().unwrap().to_owned();
        let g: Value = app.get_game_as_admin(to.trim_start_matches("/games/").split('?').next().unwrap()).await;
        assert_eq!((g["game"].as_str(), g["rules"].as_str(), g["match"]["length"].as_u64()), (Some("tavla"), Some("backgammon"), Some(3)), "{g}");
        // The organiser may open a pupils' game to anyone.
        let mut open_game = game(&ids[0], &ids[1]);
        open_game.push(("visibility", "public".to_owned()));
        let res = post("/organise/games", open_game).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let to = res.headers()["location"].to_str().unwrap().to_owned();
        let g: Value = app.get_game(to.trim_start_matches("/games/").split('?').next().unwrap()).await;
        assert_eq!(g["visibility"], "public");
        let mut hidden = game(&ids[0], &ids[1]);
        hidden.push(("visibility", "secret".to_owned()));
        assert_eq!(post("/organise/games", hidden).await.unwrap().status(), StatusCode::BAD_REQUEST);
        let mut chess_match = game(&ids[0], &ids[1]);
        chess_match.push(("match_length", "3".to_owned()));
        let res = post("/organise/games", chess_match).await.unwrap();
        assert!(res.status().is_client_error(), "{}", res.status());
        // An online tavla tournament from the tournament form, its matches to 3.
        let tournament = vec![("name", "Tavla Kupası".to_owned()), ("system", "round_robin".to_owned()), ("rounds", "3".to_owned()),
            ("play", "online".to_owned()), ("game", "tavla".to_owned()), ("rules", "backgammon".to_owned()), ("days", "3".to_owned()), ("match_length", "3".to_owned()),
            ("csrf", token.clone())];
        let res = post("/tournaments", tournament).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{:?}", res.text().await);
        let tid = res.headers()["location"].to_str().unwrap().trim_start_matches("/tournaments/").split(['/', '?']).next().unwrap().to_owned();
        let t: Value = app.get(&format!("/api/v1/tournaments/{tid}"), None).await.json().await.unwrap();
        assert_eq!((t["game"].as_str(), t["rules"].as_str(), t["match_length"].as_u64()), (Some("tavla"), Some("backgammon"), Some(3)), "{t}");
        // The JSON API takes a pupil's school and class too.
        let res = app.post("/api/v1/players", Some(&org.token), json!({"name": "Ece", "school": "Atatürk Lisesi", "class": "9-B"})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let res = app.post("/api/v1/players", Some(&org.token), json!({"name": "Ece", "class": "x\ny"})).await;
        assert_error(res, 400, "bad_request").await;
        let page = client.get(app.url("/organise")).header("cookie", &as_org).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("9-B, Atatürk Lisesi (1)"), "{page}");
    }
}
