use reqwest::StatusCode;
use serde_json::Value;

use crate::both_backends;
use crate::helpers::{page_token, sign_in, Player};

both_backends! {
    async fn health_metrics_and_openapi(app) {
        let res = app.get("/healthz", None).await;
        assert_eq!(res.status(), StatusCode::OK);
        let health: Value = res.json().await.unwrap();
        assert_eq!(health["tablebases"], serde_json::json!({"pieces": 0, "files": 0}), "no tables: {health}");
        let (game, white, black) = app.new_game().await;
        app.play(game["id"].as_str().unwrap(), &white, &black, "e4 e5").await;
        let metrics = app.get("/metrics", Some(&app.admin)).await.text().await.unwrap();
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
        // A newcomer is told what to do next: sign in, or, running the server, the command that
        // makes the first organiser.
        assert!(html.contains("href=\"/login?lang=en\"") && html.contains("zarf admin add-organiser --email"), "{html}");
    }

    async fn a_players_home_lists_their_games_most_urgent_first(app) {
        let me = app.create_player("Ayşe").await;
        let b = app.create_player("Mehmet").await;
        let c = app.create_player("Can").await;
        let tc = serde_json::json!({"kind": "per_move", "seconds": 259200});
        let app = &app;
        let game = |white: &Player, black: &Player| {
            let body = serde_json::json!({"white": white.id, "black": black.id, "time_control": tc});
            async move { app.create_game_with(&app.admin, body).await.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned() }
        };
        let mine = game(&me, &b).await;
        let theirs = game(&b, &me).await;
        let over = game(&me, &c).await;
        app.play(&over, &me, &c, "e4 e5").await;
        app.post(&format!("/api/v1/games/{over}/resign"), Some(&c.token), serde_json::json!({})).await;
        let (cookie, _) = sign_in(app, &me.id).await;
        let res = app.client.get(app.url("/")).header("cookie", &cookie).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let html = res.text().await.unwrap();
        let at = |needle: &str| html.find(needle).unwrap_or_else(|| panic!("{needle} not in {html}"));
        assert!(at("Your move") < at(&mine) && at(&mine) < at("Waiting for the opponent"));
        assert!(at("Waiting for the opponent") < at(&theirs) && at(&theirs) < at("<h2>Finished"));
        assert!(at("<h2>Finished") < at(&over));
        assert!(html.contains(&format!("href=\"/api/v1/games/{over}/pgn\"")) && html.contains("1-0 (resignation)"));
        assert!(html.contains("Last move: 1… e5"), "{html}");
        assert!(html.contains(", Black 3 d 0 h · deadline ") && html.contains("(UTC+00:00)"), "{html}");
        assert!(html.contains("Signed in as Ayşe"));
        // The game's page shows the clocks and the deadline too.
        let page = app.client.get(app.url(&format!("/games/{mine}"))).header("cookie", &cookie).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("<p class=\"clocks\">White ") && page.contains(", Black 3 d 0 h · deadline "), "{page}");
        // Each board has its own name on the page.
        assert_eq!(html.matches("id=\"g").count(), 6, "{html}");
    }

    async fn pages_speak_the_readers_language(app) {
        let page = |path: &'static str, lang: Option<&'static str>| {
            let mut req = app.client.get(app.url(path));
            if let Some(lang) = lang {
                req = req.header("accept-language", lang);
            }
            async move {
                let res = req.send().await.unwrap();
                (res.status(), res.text().await.unwrap())
            }
        };
        let (status, tr) = page("/login", Some("tr-TR,tr;q=0.9")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(tr.contains("lang=\"tr\"") && tr.contains("Giriş yap") && tr.contains("action=\"/login?lang=tr\""), "{tr}");
        let (_, en) = page("/login", None).await;
        assert!(en.contains("lang=\"en\"") && en.contains("Send me a sign-in link"), "{en}");
        let (_, asked) = page("/login?lang=en", Some("tr")).await;
        assert!(asked.contains("Sign in"), "the query wins over the browser: {asked}");

        // A link that does not work: 400, in the reader's language.
        let (status, refused) = page("/login/0000?lang=tr", None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(refused.contains("Bu bağlantı geçersiz") && refused.contains("href=\"/login?lang=tr\""), "{refused}");
        let (status, refused) = page("/unsubscribe?player=p&token=t", None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(refused.contains("This link does not work"), "{refused}");

        // A game's page says who is to move, and how it ended.
        let (game, white, black) = app.new_game().await;
        let id = game["id"].as_str().unwrap();
        app.play(id, &white, &black, "e4").await;
        let path: &'static str = Box::leak(format!("/games/{id}").into_boxed_str());
        let (_, tr) = page(path, Some("tr")).await;
        assert!(tr.contains("Oynanıyor · Sıra Siyahta"), "{tr}");
        // A switch to the other language, on the same page.
        assert!(tr.contains("<a href=\"?lang=en\" lang=\"en\">English</a>") && tr.contains("lang=\"tr\" aria-current=\"true\">Türkçe"), "{tr}");
        app.post(&format!("/api/v1/games/{id}/resign"), Some(&black.token), serde_json::json!({})).await;
        let (_, en) = page(path, None).await;
        assert!(en.contains("Finished · 1-0 (resignation)"), "{en}");
    }

    async fn every_page_in_both_languages_has_its_texts_and_the_policy(app) {
        let org = app.create_player_with(serde_json::json!({"name": "Hakem", "roles": ["organiser"]})).await;
        let white = app.create_player_with(serde_json::json!({"name": "Ayşe", "email": "ayse@okul.tr"})).await;
        let black = app.create_player("Mehmet").await;
        let res = app.organisers_game(&org, serde_json::json!({"white": white.id, "black": black.id,
            "time_control": {"kind": "per_move", "seconds": 86400}})).await;
        let id = res.json::<serde_json::Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
        app.play(&id, &white, &black, "e4").await;
        app.post(&format!("/api/v1/games/{id}/draw-offer"), Some(&black.token), serde_json::json!({})).await;
        let (as_org, org_form) = sign_in(&app, &org.id).await;
        let (as_white, _) = sign_in(&app, &white.id).await;
        let game = format!("/games/{id}");
        // A tournament of the two, school set, round 1 paired and half its results in.
        let t: serde_json::Value = app.post("/api/v1/tournaments", Some(&org.token),
            serde_json::json!({"name": "Kupa", "system": "round_robin", "rounds": 3, "place": "İzmir"})).await.json().await.unwrap();
        let tid = t["id"].as_str().unwrap().to_owned();
        for p in [&white, &black, &org] {
            app.post(&format!("/api/v1/tournaments/{tid}/players"), Some(&app.admin), serde_json::json!({"player": p.id})).await;
        }
        let paired: serde_json::Value = app.post(&format!("/api/v1/tournaments/{tid}/rounds"), Some(&org.token), serde_json::json!({})).await.json().await.unwrap();
        let board = paired["pairings"][0]["boards"].as_array().unwrap().iter().find(|b| !b["black"].is_null()).unwrap().clone();
        app.post(&format!("/api/v1/tournaments/{tid}/results"), Some(&org.token), serde_json::json!({"round": 1, "white": board["white"], "result": "1/2-1/2"})).await;
        let (tournament, run) = (format!("/tournaments/{tid}"), format!("/tournaments/{tid}/run"));
        let sheets: Vec<String> = ["pairings", "slips", "standings", "crosstable"].iter().map(|s| format!("/tournaments/{tid}/print?sheet={s}")).collect();
        // The pairing-allocated bye shows its point on the pairings sheet.
        let bye = paired["pairings"][0]["boards"].as_array().unwrap().iter().find(|b| b["black"].is_null()).unwrap()["white"].clone();
        let bye_name = [(&white, "Ayşe"), (&black, "Mehmet"), (&org, "Hakem")].iter().find(|(p, _)| bye == p.id.as_str()).unwrap().1;
        let sheet = app.client.get(app.url(&format!("{}&lang=en", sheets[0]))).send().await.unwrap().text().await.unwrap();
        assert!(sheet.contains(&format!("<td>–</td><td>{bye_name}</td><td>1</td><td>bye</td>")), "{sheet}");
        let mut visits: Vec<(&str, Option<&str>)> = vec![
            ("/", None), ("/login", None), (game.as_str(), None),
            ("/", Some(&as_white)), ("/settings", Some(&as_white)), (game.as_str(), Some(&as_white)),
            ("/organise", Some(&as_org)), (game.as_str(), Some(&as_org)),
            ("/tournaments", None), ("/tournaments", Some(&as_org)), (tournament.as_str(), None),
            (tournament.as_str(), Some(&as_white)), (run.as_str(), Some(&as_org)),
        ];
        visits.extend(sheets.iter().map(|s| (s.as_str(), None)));
        // The arbiter's forms need their token: without it, 403 and nothing done.
        let res = app.client.post(app.url(&run)).header("cookie", &as_org)
            .form(&[("action", "pair")]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        let res = app.client.post(app.url(&run)).header("cookie", &as_org)
            .form(&[("action", "finish"), ("csrf", org_form.as_str())]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "refused on the page, in its words");
        let after: serde_json::Value = app.get(&format!("/api/v1/tournaments/{tid}"), None).await.json().await.unwrap();
        assert_eq!((after["version"].as_u64(), after["pairings"].as_array().unwrap().len()), (paired["version"].as_u64().map(|v| v + 2), 1), "the result, which closed the round, only");
        // A message the translations lack is written as its key: none may show.
        let keys = ["page-", "sealed-page-", "side-", "notation-", "rules-", "termination-", "login-"];
        for (path, cookie) in visits {
            for lang in ["en", "tr"] {
                let sep = if path.contains('?') { '&' } else { '?' };
                let mut req = app.client.get(app.url(&format!("{path}{sep}lang={lang}")));
                if let Some(c) = cookie {
                    req = req.header("cookie", c);
                }
                let res = req.send().await.unwrap();
                assert_eq!(res.status(), StatusCode::OK, "{path} {lang}");
                assert_eq!(res.headers()["content-security-policy"], api::http::headers::CONTENT_SECURITY_POLICY, "{path}");
                let body = res.text().await.unwrap();
                assert!(body.contains(&format!("<html lang=\"{lang}\">")), "{path} {lang}");
                let text: String = body.split('<').map(|part| part.split_once('>').map_or(part, |(_, t)| t)).collect::<Vec<_>>().join(" ");
                for key in keys {
                    let raw = text.split_whitespace().find(|w| w.starts_with(key) && w.len() > key.len());
                    assert!(raw.is_none(), "{path} {lang}: untranslated {raw:?}");
                }
            }
        }
    }

    async fn pages_keep_a_strict_policy_and_the_board_turns_for_black(app) {
        let (game, white, black) = app.new_game().await;
        let id = game["id"].as_str().unwrap().to_owned();
        app.play(&id, &white, &black, "e4").await;
        let game_page = format!("/games/{id}");
        let mut stylesheet = None;
        for path in ["/", "/login", game_page.as_str(), "/unsubscribe?player=p&token=t"] {
            let res = app.client.get(app.url(path)).send().await.unwrap();
            let headers = res.headers().clone();
            assert_eq!(headers["content-security-policy"], api::http::headers::CONTENT_SECURITY_POLICY, "{path}");
            assert_eq!(headers["x-frame-options"], "DENY", "{path}");
            let body = res.text().await.unwrap();
            // Nothing inline for the policy to refuse.
            assert!(!body.contains("<style") && !body.contains(" style=") && !body.contains("<script>"), "{path}: {body}");
            let href = body.split("rel=\"stylesheet\" href=\"").nth(1).and_then(|r| r.split('"').next()).unwrap_or_else(|| panic!("{path} links no stylesheet"));
            assert!(stylesheet.get_or_insert(href.to_owned()) == href);
        }
        let css = app.client.get(app.url(&stylesheet.unwrap())).send().await.unwrap();
        assert_eq!(css.status(), StatusCode::OK);
        assert!(css.headers()["content-type"].to_str().unwrap().starts_with("text/css"));
        assert_eq!(css.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert!(css.text().await.unwrap().contains(".board"));
        assert_eq!(app.client.get(app.url("/assets/zarf.000000000000.css")).send().await.unwrap().status(), StatusCode::NOT_FOUND);

        // The board: White at the bottom for anyone, the last move marked, a text alternative.
        let page = app.client.get(app.url(&game_page)).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("<svg class=\"board\"") && page.contains("White at the bottom"), "{page}");
        assert_eq!(page.matches("class=\"last\"").count(), 2);
        assert!(page.contains("White: Ke1, Qd1, Ra1, Rh1, Bc1, Bf1, Nb1, Ng1, a2, b2, c2, d2, f2, g2, h2, e4."), "{page}");
        // The sign-in link of the game's page comes back to it.
        assert!(page.contains(&format!("href=\"/login?lang=en&amp;next=/games/{id}\"")), "{page}");
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let res = client.get(app.url(&format!("/login?next=/games/{id}"))).send().await.unwrap();
        let cookies: Vec<String> = res.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().split(';').next().unwrap().to_owned()).collect();
        assert_eq!(cookies.len(), 2, "{cookies:?}");
        let cookie = cookies.join("; ");
        let body = res.text().await.unwrap();
        let token = body.split("name=\"csrf\" value=\"").nth(1).unwrap().split('"').next().unwrap().to_owned();
        // Black signs in by code and lands on the game, seen from the other side.
        let code: serde_json::Value = app.post(&format!("/api/v1/players/{}/login-code", black.id), Some(&app.admin), serde_json::json!({})).await.json().await.unwrap();
        let res = client.post(app.url("/login/code")).header("cookie", &cookie).form(&[("code", code["code"].as_str().unwrap()), ("csrf", &token)]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(res.headers()["location"], game_page.as_str());
        let session = res.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap()).find(|v| v.starts_with("zarf_session=")).unwrap().split(';').next().unwrap().to_owned();
        let signed_in = format!("{session}; {}", cookies.iter().find(|c| c.starts_with("zarf_csrf=")).unwrap());
        let page = client.get(app.url(&game_page)).header("cookie", &signed_in).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("Black at the bottom") && page.contains("Signed in as Mehmet Öz"), "{page}");
        // Another site's form cannot sign Black out; the page's own form does, for good.
        let res = client.post(app.url("/logout")).header("cookie", &session).form(&[("csrf", "")]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        let me = client.get(app.url("/api/v1/me")).header("cookie", &session).send().await.unwrap();
        assert_eq!(me.status(), StatusCode::OK);
        // The form token from before signing in is no longer good: the session has its own.
        let res = client.post(app.url("/logout")).header("cookie", &signed_in).form(&[("csrf", &token)]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        let token = page_token(&app, &signed_in, &game_page).await;
        let res = client.post(app.url("/logout")).header("cookie", &signed_in).form(&[("csrf", &token)]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert!(res.headers()["set-cookie"].to_str().unwrap().starts_with("zarf_session=;"));
        let page = client.get(app.url(&game_page)).header("cookie", &signed_in).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("White at the bottom") && !page.contains("Signed in"), "the session is over: {page}");
    }

    async fn a_move_from_the_page_is_judged_as_the_api_judges_it(app) {
        let (game, white, black) = app.new_game().await;
        let id = game["id"].as_str().unwrap().to_owned();
        let page = format!("/games/{id}");
        let (as_white, token) = sign_in(&app, &white.id).await;
        let (as_black, black_token) = sign_in(&app, &black.id).await;
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let get = |cookie: &str| client.get(app.url(&page)).header("cookie", cookie.to_owned()).send();
        let html = get(&as_white).await.unwrap().text().await.unwrap();
        assert!(html.contains(&format!("action=\"/games/{id}/move?lang=en\"")), "the player to move gets the form");
        let html = get(&as_black).await.unwrap().text().await.unwrap();
        assert!(!html.contains("/move?"), "the other player does not");
        let post = |cookie: &str, fields: Vec<(&'static str, String)>, lang: &str| {
            client.post(app.url(&format!("{page}/move?lang={lang}"))).header("cookie", cookie.to_owned()).form(&fields).send()
        };
        // Without the form's token: refused, nothing played.
        let res = post(&as_white, vec![("move", "e4".into())], "en").await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        assert_eq!(app.get_game(&id).await["ply"], 0);
        // An illegal move: the rule's reason, the text kept, nothing played.
        let res = post(&as_white, vec![("move", "Ke2".into()), ("csrf", token.clone())], "en").await.unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let html = res.text().await.unwrap();
        assert!(html.contains("Ke2 is not a legal move in this position.") && html.contains("value=\"Ke2\""), "{html}");
        assert_eq!(app.get_game(&id).await["ply"], 0);
        // The page shows the log's receipt: still the game's creation, nothing having been played.
        let created = app.events(&id, &white.token).await;
        assert_eq!(created.len(), 1);
        let receipt = format!("Log receipt: event 1, hash {}", created[0]["hash"].as_str().unwrap());
        assert!(html.contains(&receipt), "{html}");
        // A legal one, with a draw offer: played, and back to the page.
        let res = post(&as_white, vec![("move", "e4".into()), ("offer_draw", "1".into()), ("csrf", token.clone())], "en").await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(res.headers()["location"], format!("/games/{id}?lang=en"));
        let html = get(&as_black).await.unwrap().text().await.unwrap();
        assert!(html.contains("1. e4 (=) "), "the offer marked against the move: {html}");
        let g = app.get_game(&id).await;
        assert_eq!((g["ply"].as_u64(), g["draw_offer"]["by"].as_str()), (Some(1), Some("white")));
        // The move list in the page's language: Turkish letters for a Turkish reader.
        app.play(&id, &white, &black, "Nf6 Nf3").await;
        let tr = client.get(app.url(&format!("{page}?lang=tr"))).send().await.unwrap().text().await.unwrap();
        assert!(tr.contains("1. e4 (=) Af6 2. Af3 "), "{tr}");
        // The receipt: the seq and hash the events endpoint gives for the last event.
        let events = app.events(&id, &white.token).await;
        let last = events.last().unwrap();
        let receipt = format!("Kayıt makbuzu: olay {}, özet {}", last["seq"], last["hash"].as_str().unwrap());
        assert!(tr.contains(&receipt), "{tr}");
        assert_ne!(last["hash"], created[0]["hash"]);
        assert!(!tr.contains(created[0]["hash"].as_str().unwrap()), "the head has moved on");
        app.play(&id, &white, &black, "Ng8 Ng1").await;
        // Black answers in Turkish letters; a refusal reads in Turkish.
        let res = post(&as_black, vec![("move", "Şe7".into()), ("csrf", black_token.clone())], "tr").await.unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(res.text().await.unwrap().contains("Şe7 bu konumda kurallara uygun bir hamle değil."));
        let res = post(&as_black, vec![("move", "Af6".into()), ("csrf", black_token.clone())], "tr").await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(app.get_game(&id).await["moves"], serde_json::json!(["e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6"]));
        // A player who writes ICCF numeric reads it so.
        let iccf = app.create_player_with(serde_json::json!({"name": "Deniz", "notation": "iccf"})).await;
        let g2: Value = app.create_game_with(&app.admin, serde_json::json!({"white": iccf.id, "black": white.id, "start_fen": "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7"})).await.json().await.unwrap();
        let g2 = g2["id"].as_str().unwrap().to_owned();
        app.post(&format!("/api/v1/games/{g2}/moves"), Some(&white.token), serde_json::json!({"move": "Kd7"})).await;
        let (as_iccf, _) = sign_in(&app, &iccf.id).await;
        let numeric = client.get(app.url(&format!("/games/{g2}"))).header("cookie", as_iccf).send().await.unwrap().text().await.unwrap();
        assert!(numeric.contains("7… 5847 "), "Black moved first, at move 7: {numeric}");
        // Not your turn any more: the API's refusal, on the page.
        let res = post(&as_black, vec![("move", "e5".into()), ("csrf", black_token)], "en").await.unwrap();
        assert_eq!(res.status(), StatusCode::CONFLICT);
    }

    async fn draw_offers_and_resignation_from_the_page(app) {
        let (game, white, black) = app.new_game().await;
        let id = game["id"].as_str().unwrap().to_owned();
        app.play(&id, &white, &black, "e4").await;
        let page = format!("/games/{id}");
        let (as_white, white_token) = sign_in(&app, &white.id).await;
        let (as_black, black_token) = sign_in(&app, &black.id).await;
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let act = |cookie: &str, fields: Vec<(&'static str, String)>| {
            client.post(app.url(&format!("{page}/action?lang=en"))).header("cookie", cookie.to_owned()).form(&fields).send()
        };
        let html = |cookie: &str| {
            let req = client.get(app.url(&page)).header("cookie", cookie.to_owned());
            async move { req.send().await.unwrap().text().await.unwrap() }
        };
        // Black offers a draw without a move; White sees it and declines; then accepts another.
        let res = act(&as_black, vec![("action", "offer_draw".into()), ("csrf", black_token.clone())]).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert!(html(&as_black).await.contains("Your draw offer stands"));
        let shown = html(&as_white).await;
        assert!(shown.contains("Your opponent offers a draw (=).") && shown.contains("value=\"accept_draw\""), "{shown}");
        let res = act(&as_white, vec![("action", "decline_draw".into()), ("csrf", white_token.clone())]).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(app.get_game(&id).await["draw_offer"], Value::Null);
        // Declining what is not offered: the API's refusal, on the page.
        let res = act(&as_white, vec![("action", "decline_draw".into()), ("csrf", white_token.clone())]).await.unwrap();
        assert_eq!(res.status(), StatusCode::CONFLICT);
        // Resigning asks first; only the confirmed form ends the game.
        let res = act(&as_white, vec![("action", "resign".into()), ("csrf", white_token.clone())]).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert!(res.text().await.unwrap().contains("Resign this game?"));
        assert_eq!(app.get_game(&id).await["status"], "active");
        let res = act(&as_white, vec![("action", "resign".into()), ("confirm", "yes".into())]).await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "not without the form's token");
        let res = act(&as_white, vec![("action", "resign".into()), ("confirm", "yes".into()), ("csrf", white_token)]).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let g = app.get_game(&id).await;
        assert_eq!((g["result"].as_str(), g["termination"].as_str()), (Some("0-1"), Some("resignation")));
        assert!(!html(&as_black).await.contains("value=\"resign\""), "nothing to do in a finished game");
    }

    async fn a_draw_claimed_from_the_page_is_judged_by_the_laws(app) {
        let (game, white, black) = app.new_game().await;
        let id = game["id"].as_str().unwrap().to_owned();
        // The knights go out and back: with Black to move, the position has stood twice; Ng8
        // would bring the start position back a third time.
        app.play(&id, &white, &black, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1").await;
        let page = format!("/games/{id}");
        let (as_black, token) = sign_in(&app, &black.id).await;
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let html = client.get(app.url(&page)).header("cookie", &as_black).send().await.unwrap().text().await.unwrap();
        assert!(html.contains("value=\"claim_threefold\"") && html.contains("name=\"intended_move\""), "{html}");
        let claim = |fields: Vec<(&'static str, String)>| {
            client.post(app.url(&format!("{page}/action?lang=en"))).header("cookie", as_black.clone()).form(&fields).send()
        };
        // On the position now: it has stood twice, not three times. Not upheld: the claim stands
        // as a draw offer (9.1.2.3) and the game goes on.
        let res = claim(vec![("action", "claim_threefold".into()), ("csrf", token.clone())]).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let g = app.get_game(&id).await;
        assert_eq!((g["status"].as_str(), g["draw_offer"]["by"].as_str()), (Some("active"), Some("black")));
        // With the intended move that repeats it a third time: upheld, drawn.
        let res = claim(vec![("action", "claim_threefold".into()), ("intended_move", "Ng8".into()), ("csrf", token)]).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let g = app.get_game(&id).await;
        assert_eq!((g["result"].as_str(), g["termination"].as_str()), (Some("1/2-1/2"), Some("threefold_repetition")), "{g}");
    }

    async fn responses_carry_a_request_id(app) {
        let res = app.get("/api/v1/games/not-an-id", None).await;
        let id = res.headers().get("x-request-id").expect("a request id").to_str().unwrap().to_owned();
        assert_eq!(id.len(), 36);
    }
}

/// The operator's tables, as the service reports them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_says_how_many_pieces_the_tablebases_hold() {
    let tables = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy");
    let options = crate::helpers::Options {
        syzygy_path: vec![tables],
        ..Default::default()
    };
    let app = crate::helpers::spawn_app_with(crate::helpers::Backend::Sqlite, options).await;
    let health: Value = app.get("/healthz", None).await.json().await.unwrap();
    assert_eq!(health["status"], "ok");
    assert_eq!(
        health["tablebases"],
        serde_json::json!({"pieces": 5, "files": 74}),
        "{health}"
    );
    // And on the metrics, for the operator's monitoring.
    let metrics = app
        .get("/metrics", Some(&app.admin))
        .await
        .text()
        .await
        .unwrap();
    assert!(metrics.contains("\nzarf_tablebase_pieces 5\n"), "{metrics}");
    assert!(metrics.contains("\nzarf_tablebase_files 74\n"), "{metrics}");
    let without = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite).await;
    let metrics = without
        .get("/metrics", Some(&without.admin))
        .await
        .text()
        .await
        .unwrap();
    assert!(metrics.contains("\nzarf_tablebase_pieces 0\n"), "{metrics}");
}
