//! Challenges: a player offers a game to another (or to anyone, or by link), who accepts — the
//! game starts — or declines; a challenge expires; a player may take challenges from nobody, or
//! only from players they have played or from their school, and limit their games; of two
//! players who take one open seek at once, exactly one gets it.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// The challenge mails queued so far: (recipient, what it says).
fn challenge_mail(app: &TestApp) -> Vec<(String, String)> {
    app.state
        .store
        .outbox(1000)
        .unwrap()
        .into_iter()
        .filter(|r| r.kind == "challenge")
        .map(|r| {
            let v: Value = serde_json::from_str(&r.payload).unwrap();
            (r.recipient_id, v["what"].as_str().unwrap().to_owned())
        })
        .collect()
}

async fn challenge(app: &TestApp, by: &Player, body: Value) -> reqwest::Response {
    app.post("/api/v1/challenges", Some(&by.token), body).await
}

async fn made(app: &TestApp, by: &Player, body: Value) -> Value {
    let res = challenge(app, by, body).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    res.json().await.unwrap()
}

async fn act(app: &TestApp, who: &Player, id: &str, what: &str) -> reqwest::Response {
    app.post(
        &format!("/api/v1/challenges/{id}/{what}"),
        Some(&who.token),
        json!({}),
    )
    .await
}

both_backends! {
    async fn a_challenge_accepted_starts_the_game(app) {
        let ayse = app.create_player("Ayşe").await;
        let bora = app.create_player("Bora").await;
        let c = made(&app, &ayse, json!({"to": bora.id, "colour": "black", "rated": true,
            "message": "  Bir oyun? ", "time_control": {"kind": "per_move", "seconds": 259200}})).await;
        assert_eq!(c["status"], "open");
        assert_eq!(c["challenged"]["name"], "Bora");
        assert_eq!(c["message"], "Bir oyun?");
        assert!(c["link"].as_str().unwrap().ends_with(&format!("/challenges/{}", c["id"].as_str().unwrap())));
        let id = c["id"].as_str().unwrap();
        assert_eq!(challenge_mail(&app), [(bora.id.clone(), "received".to_owned())]);
        for p in [&ayse, &bora] {
            let mine: Value = app.get("/api/v1/challenges", Some(&p.token)).await.json().await.unwrap();
            assert_eq!(mine["challenges"][0]["id"], c["id"], "both see it among their challenges");
        }
        assert_error(act(&app, &ayse, id, "accept").await, 422, "own_challenge").await;
        let res = act(&app, &bora, id, "accept").await;
        assert_eq!(res.status(), StatusCode::OK);
        let accepted: Value = res.json().await.unwrap();
        assert_eq!(accepted["challenge"]["status"], "accepted");
        let game = &accepted["game"];
        assert_eq!(game["id"], accepted["challenge"]["game_id"]);
        assert_eq!((game["white"]["name"].as_str(), game["black"]["name"].as_str()), (Some("Bora"), Some("Ayşe")));
        assert_eq!(game["rated"], true);
        assert!(game["clock"]["deadline"].is_string());
        // The game is theirs to play, and started as every game does: both are mailed.
        app.play(game["id"].as_str().unwrap(), &bora, &ayse, "e4").await;
        let started: Vec<String> = app.state.store.outbox(1000).unwrap().into_iter()
            .filter(|r| r.kind == "game_started").map(|r| r.recipient_id).collect();
        assert!(started.contains(&ayse.id) && started.contains(&bora.id), "{started:?}");
        assert_error(act(&app, &bora, id, "accept").await, 409, "challenge_closed").await;
        assert_error(act(&app, &bora, id, "decline").await, 409, "challenge_closed").await;
        let mine: Value = app.get("/api/v1/challenges", Some(&bora.token)).await.json().await.unwrap();
        assert_eq!(mine["challenges"], json!([]));
    }

    async fn declined_withdrawn_and_expired_challenges_are_mailed(app) {
        let ayse = app.create_player("Ayşe").await;
        let bora = app.create_player("Bora").await;
        let can = app.create_player("Can").await;
        let c = made(&app, &ayse, json!({"to": bora.id, "game": "dama"})).await;
        let id = c["id"].as_str().unwrap();
        assert_error(app.get(&format!("/api/v1/challenges/{id}"), Some(&can.token)).await, 404, "not_found").await;
        assert_error(act(&app, &can, id, "decline").await, 404, "not_found").await;
        assert_error(act(&app, &ayse, id, "decline").await, 403, "forbidden").await;
        let res = act(&app, &bora, id, "decline").await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.json::<Value>().await.unwrap()["status"], "declined");
        assert_error(act(&app, &bora, id, "accept").await, 409, "challenge_closed").await;

        let w = made(&app, &ayse, json!({"to": bora.id})).await;
        let wid = w["id"].as_str().unwrap();
        assert_error(act(&app, &bora, wid, "withdraw").await, 403, "forbidden").await;
        assert_eq!(act(&app, &ayse, wid, "withdraw").await.status(), StatusCode::OK);

        let e = made(&app, &ayse, json!({"to": bora.id, "days": 1})).await;
        let eid = e["id"].as_str().unwrap();
        let later = time::OffsetDateTime::now_utc() + time::Duration::days(2);
        api::app::challenges::sweep(&app.state, later).unwrap();
        let read: Value = app.get(&format!("/api/v1/challenges/{eid}"), Some(&bora.token)).await.json().await.unwrap();
        assert_eq!(read["status"], "expired");
        assert_error(act(&app, &bora, eid, "accept").await, 409, "challenge_closed").await;
        api::app::challenges::sweep(&app.state, later).unwrap();
        let mut mail = challenge_mail(&app);
        mail.sort();
        let mut expected = vec![
            (bora.id.clone(), "received".to_owned()), (ayse.id.clone(), "declined".to_owned()),
            (bora.id.clone(), "received".to_owned()), (bora.id.clone(), "withdrawn".to_owned()),
            (bora.id.clone(), "received".to_owned()), (ayse.id.clone(), "expired".to_owned()),
            (bora.id.clone(), "expired".to_owned()),
        ];
        expected.sort();
        assert_eq!(mail, expected, "each told once");
    }

    async fn a_player_chooses_whom_they_take_challenges_from(app) {
        let ayse = app.create_player("Ayşe").await;
        let bora = app.create_player("Bora").await;
        let prefs = |p: &Player, body: Value| {
            let (app, token) = (&app, p.token.clone());
            async move { app.put("/api/v1/me/challenges", Some(&token), body).await }
        };
        assert_eq!(prefs(&bora, json!({"from": "nobody"})).await.status(), StatusCode::OK);
        assert_error(challenge(&app, &ayse, json!({"to": bora.id})).await, 403, "challenges_refused").await;
        assert_eq!(prefs(&bora, json!({"from": "played"})).await.status(), StatusCode::OK);
        assert_error(challenge(&app, &ayse, json!({"to": bora.id})).await, 403, "challenges_refused").await;
        let res = app.create_game_with(&app.admin, json!({"white": ayse.id, "black": bora.id})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        made(&app, &ayse, json!({"to": bora.id})).await;
        assert_error(prefs(&bora, json!({"from": "friends"})).await, 400, "bad_request").await;
        assert_error(prefs(&bora, json!({"from": "anyone", "max_games": 0})).await, 400, "bad_request").await;

        // Bora plays one game and wants no more than one at once: an acceptance is refused,
        // and so is a challenge of his own.
        assert_eq!(prefs(&bora, json!({"from": "anyone", "max_games": 1})).await.status(), StatusCode::OK);
        let c = made(&app, &ayse, json!({"to": bora.id})).await;
        assert_error(act(&app, &bora, c["id"].as_str().unwrap(), "accept").await, 409, "too_many_games").await;
        assert_error(challenge(&app, &bora, json!({"to": ayse.id})).await, 409, "too_many_games").await;

        // A pupil takes challenges from their school only, and is not seen by others.
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let pupil: Value = app.post("/api/v1/players", Some(&org.token), json!({"name": "Ece"})).await.json().await.unwrap();
        let mate = app.create_pupil(&org.token, json!({"name": "Efe"})).await;
        assert_error(challenge(&app, &ayse, json!({"to": pupil["id"]})).await, 404, "not_found").await;
        made(&app, &mate, json!({"to": pupil["id"]})).await;
        made(&app, &org, json!({"to": pupil["id"]})).await;
    }

    async fn one_of_two_players_taking_an_open_seek_at_once_gets_it(app) {
        let ayse = app.create_player("Ayşe").await;
        let bora = app.create_player("Bora").await;
        let can = app.create_player("Can").await;
        let seek = made(&app, &ayse, json!({"open": true, "game": "tavla", "match_length": 3,
            "time_control": {"kind": "per_move", "seconds": 172800}})).await;
        let id = seek["id"].as_str().unwrap();
        assert!(challenge_mail(&app).is_empty(), "an open seek mails nobody");
        let lobby = |q: &'static str| {
            let (app, token) = (&app, bora.token.clone());
            async move {
                let v: Value = app.get(&format!("/api/v1/challenges/open{q}"), Some(&token)).await.json().await.unwrap();
                v["challenges"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
            }
        };
        assert_eq!(lobby("").await, [id]);
        assert_eq!(lobby("?game=tavla&seconds_per_move=172800").await, [id]);
        assert!(lobby("?game=chess").await.is_empty());
        assert!(lobby("?seconds_per_move=86400").await.is_empty());
        // Six players take it at the same moment.
        let mut takers = vec![bora.clone(), can.clone()];
        for n in 0..4 {
            takers.push(app.create_player(&format!("Oyuncu {n}")).await);
        }
        let tries = takers.iter().map(|p| {
            let (base, token, client) = (app.base.clone(), p.token.clone(), app.client.clone());
            let url = format!("{base}/api/v1/challenges/{id}/accept");
            tokio::spawn(async move {
                client.post(url).bearer_auth(token).json(&json!({})).send().await.unwrap()
            })
        }).collect::<Vec<_>>();
        let mut answers = Vec::new();
        for t in tries {
            answers.push(t.await.unwrap());
        }
        let statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
        assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 5, "{statuses:?}");
        for loser in answers.into_iter().filter(|r| r.status() != StatusCode::OK) {
            assert_error(loser, 409, "challenge_closed").await;
        }
        assert!(lobby("").await.is_empty());
        let read: Value = app.get(&format!("/api/v1/challenges/{id}"), Some(&ayse.token)).await.json().await.unwrap();
        let game = app.get_game(read["game_id"].as_str().unwrap()).await;
        assert_eq!(game["game"], "tavla");
        assert_eq!(game["match"]["length"], 3);
        let sides = [game["white"]["id"].as_str().unwrap(), game["black"]["id"].as_str().unwrap()];
        assert!(sides.contains(&ayse.id.as_str()));

        // A challenge may keep its game to its players.
        let private = made(&app, &ayse, json!({"to": bora.id, "visibility": "participants"})).await;
        assert_eq!(private["visibility"], "participants");
        let res = act(&app, &bora, private["id"].as_str().unwrap(), "accept").await;
        let accepted: Value = res.json().await.unwrap();
        assert_eq!(accepted["game"]["visibility"], "participants");
        let game = accepted["game"]["id"].as_str().unwrap();
        assert_error(app.get(&format!("/api/v1/games/{game}"), Some(&can.token)).await, 404, "not_found").await;

        // A challenge by link is in no lobby; whoever has it may take it.
        let link = made(&app, &ayse, json!({"game": "checkers"})).await;
        assert!(lobby("").await.is_empty());
        assert_eq!(act(&app, &can, link["id"].as_str().unwrap(), "accept").await.status(), StatusCode::OK);
    }

    async fn a_challenge_that_is_no_game_is_refused(app) {
        let ayse = app.create_player("Ayşe").await;
        let bora = app.create_player("Bora").await;
        for (body, status, code) in [
            (json!({"to": bora.id, "game": "go"}), 400, "bad_request"),
            (json!({"to": bora.id, "rules": "fide1900"}), 400, "bad_request"),
            (json!({"to": bora.id, "game": "chess", "match_length": 3}), 400, "bad_request"),
            (json!({"to": bora.id, "time_control": {"kind": "per_move", "seconds": 0}}), 422, "invalid_time_control"),
            (json!({"to": bora.id, "message": "ş".repeat(501)}), 400, "bad_request"),
            (json!({"to": bora.id, "days": 0}), 400, "bad_request"),
            (json!({"to": bora.id, "days": 31}), 400, "bad_request"),
            (json!({"to": bora.id, "colour": "green"}), 400, "bad_request"),
            (json!({"to": ayse.id}), 422, "own_challenge"),
            (json!({"to": "00000000-0000-7000-8000-000000000000"}), 404, "not_found"),
            (json!({"to": "nobody"}), 404, "not_found"),
        ] {
            assert_error(challenge(&app, &ayse, body.clone()).await, status, code).await;
        }
        assert_error(app.post("/api/v1/challenges", Some(&app.admin), json!({"to": bora.id})).await, 403, "not_a_player").await;
        assert_error(app.post("/api/v1/challenges", None, json!({"to": bora.id})).await, 401, "unauthenticated").await;
        assert!(challenge_mail(&app).is_empty(), "nothing written");
        let mine: Value = app.get("/api/v1/challenges", Some(&ayse.token)).await.json().await.unwrap();
        assert_eq!(mine["challenges"], json!([]));
    }

    async fn the_settings_page_sets_whom_challenges_come_from(app) {
        let ayse = app.create_player("Ayşe").await;
        let bora = app.create_player("Bora").await;
        let client = no_redirects();
        let (as_bora, form) = sign_in(&app, &bora.id).await;
        let set = |from: &str, max: &str| {
            client.post(app.url("/settings/challenges?lang=en")).header("cookie", as_bora.clone())
                .form(&[("from", from.to_owned()), ("max_games", max.to_owned()), ("csrf", form.clone())]).send()
        };
        for (from, max) in [("friends", ""), ("anyone", "0"), ("anyone", "many")] {
            let res = set(from, max).await.unwrap();
            assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{from} {max}");
            assert!(res.text().await.unwrap().contains("Challenges come from anyone"));
        }
        let res = set("nobody", "").await.unwrap();
        assert_eq!(res.headers()["location"], "/settings?lang=en&saved=1");
        assert_error(challenge(&app, &ayse, json!({"to": bora.id})).await, 403, "challenges_refused").await;
        let page = client.get(app.url("/settings?lang=tr")).header("cookie", &as_bora).send().await.unwrap().text().await.unwrap();
        assert!(page.contains("<option value=\"nobody\" selected>hiç kimseden</option>"), "{page}");
        assert_eq!(set("anyone", "2").await.unwrap().status(), StatusCode::SEE_OTHER);
        made(&app, &ayse, json!({"to": bora.id})).await;
    }

    async fn a_challenge_made_and_accepted_on_the_pages(app) {
        let ayse = app.create_player_with(json!({"name": "Ayşe", "email": "ayse@example.org"})).await;
        let bora = app.create_player_with(json!({"name": "Bora", "email": "bora@example.org"})).await;
        app.create_player("Can").await;
        app.create_player("Can").await;
        let client = no_redirects();
        let (as_ayse, form) = sign_in(&app, &ayse.id).await;
        let res = client.get(app.url("/challenges")).send().await.unwrap();
        assert_eq!(res.headers()["location"], "/login?lang=en&next=/challenges");
        let post = |fields: Vec<(&'static str, String)>| {
            client.post(app.url("/challenges?lang=en")).header("cookie", as_ayse.clone()).form(&fields).send()
        };
        let fields = |to: &str, opponent: &str| vec![("to", to.to_owned()), ("opponent", opponent.to_owned()),
            ("game", "chess".to_owned()), ("days", "3".to_owned()), ("colour", "white".to_owned()),
            ("rated", "1".to_owned()), ("message", "Bir oyun?".to_owned()), ("visibility", "signed_in".to_owned()),
            ("csrf", form.clone())];
        for (opponent, said) in [("Nobody Here", "No player you may challenge has that name or address."),
            ("Can", "Several players have that name; give their e-mail address."),
            ("", "Name the player you challenge.")] {
            let res = post(fields("player", opponent)).await.unwrap();
            assert_eq!(res.status(), StatusCode::BAD_REQUEST);
            assert!(res.text().await.unwrap().contains(said), "{opponent}");
        }
        let mut bad_days = fields("player", "Bora");
        bad_days[3].1 = "90".into();
        assert_eq!(post(bad_days).await.unwrap().status(), StatusCode::BAD_REQUEST);
        let res = post(vec![("to", "player".to_owned()), ("opponent", "Bora".to_owned())]).await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "no form token");
        assert!(challenge_mail(&app).is_empty(), "nothing made");

        let res = post(fields("player", "bora@example.org")).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let at = res.headers()["location"].to_str().unwrap().to_owned();
        let id = at.trim_start_matches("/challenges/").split('?').next().unwrap().to_owned();
        let (as_bora, bora_form) = sign_in(&app, &bora.id).await;
        let page = client.get(app.url(&format!("/challenges/{id}?lang=en"))).header("cookie", &as_bora).send().await.unwrap();
        assert_eq!(page.status(), StatusCode::OK);
        let page = page.text().await.unwrap();
        assert!(page.contains("Challenge from Ayşe") && page.contains("Accept and play") && page.contains("Bir oyun?"), "{page}");
        assert!(page.contains("<td>Black</td>"), "Bora's colour");
        let list = client.get(app.url("/challenges?lang=tr")).header("cookie", &as_bora).send().await.unwrap().text().await.unwrap();
        assert!(list.contains("Size gelenler") && list.contains(&id));
        let res = client.post(app.url(&format!("/challenges/{id}/accept?lang=en"))).header("cookie", &as_bora)
            .form(&[("csrf", bora_form.as_str())]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let game = res.headers()["location"].to_str().unwrap().trim_start_matches("/games/").split('?').next().unwrap().to_owned();
        let g = app.get_game_as_admin(&game).await;
        assert_eq!((g["white"]["id"].as_str(), g["rated"].as_bool(), g["visibility"].as_str()),
            (Some(ayse.id.as_str()), Some(true), Some("signed_in")));
        // Answered already: the page says so, and accepting again is refused on the page.
        let res = client.post(app.url(&format!("/challenges/{id}/accept?lang=en"))).header("cookie", &as_bora)
            .form(&[("csrf", bora_form.as_str())]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::CONFLICT);
        assert!(res.text().await.unwrap().contains("This challenge has been accepted."));
        let stranger = app.create_player("Deniz").await;
        let (as_stranger, _) = sign_in(&app, &stranger.id).await;
        let res = client.get(app.url(&format!("/challenges/{id}?lang=en"))).header("cookie", &as_stranger).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
    }
}
