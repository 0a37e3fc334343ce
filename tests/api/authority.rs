//! Who may do what to whom (D69): each refusal beside the success it guards.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

/// An organiser the admin made, with a school of two pupils of their own.
struct School {
    organiser: Player,
    pupil: Player,
    classmate: Player,
}

async fn organiser(app: &TestApp, name: &str) -> Player {
    app.create_player_with(json!({"name": name, "roles": ["organiser"]}))
        .await
}

/// A pupil `organiser` makes, with a bearer token of their own to act with.
async fn pupil_of(app: &TestApp, organiser: &Player, name: &str, school: &str) -> Player {
    let res = app
        .post(
            "/api/v1/players",
            Some(&organiser.token),
            json!({"name": name, "school": school, "class": "5-A"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let v: Value = res.json().await.unwrap();
    let id = v["id"].as_str().unwrap().to_owned();
    let token = api::app::tokens::issue(&app.state, &id, Some("test")).unwrap();
    Player { id, token }
}

async fn school(app: &TestApp, name: &str) -> School {
    let organiser = organiser(app, &format!("{name} Öğretmeni")).await;
    let pupil = pupil_of(app, &organiser, "Ayşe Yılmaz", name).await;
    let classmate = pupil_of(app, &organiser, "Can Demir", name).await;
    School {
        organiser,
        pupil,
        classmate,
    }
}

both_backends! {
    async fn a_sign_in_code_is_made_only_for_ones_own_pupil(app) {
        let a = school(&app, "Atatürk Ortaokulu").await;
        let b = school(&app, "Cumhuriyet Ortaokulu").await;
        let admin = app.create_player_with(json!({"name": "Yönetici", "roles": ["admin"]})).await;
        let code = |who: &Player, of: &str| {
            let (app, who, of) = (&app, who.token.clone(), of.to_owned());
            async move { app.post(&format!("/api/v1/players/{of}/login-code"), Some(&who), json!({})).await }
        };
        let mine = code(&a.organiser, &a.pupil.id).await;
        assert_eq!(mine.status(), StatusCode::CREATED);
        let card: Value = mine.json().await.unwrap();
        assert_eq!(card["player"].as_str(), Some(a.pupil.id.as_str()));

        // Another school's organiser: the pupil is no one they know of.
        assert_error(code(&b.organiser, &a.pupil.id).await, 404, "not_found").await;
        // Never a code that signs in as an admin or an organiser, whoever asks.
        assert_error(code(&b.organiser, &admin.id).await, 403, "forbidden").await;
        assert_error(code(&b.organiser, &a.organiser.id).await, 403, "forbidden").await;
        let refused = app.post(&format!("/api/v1/players/{}/login-code", a.organiser.id), Some(&app.admin), json!({})).await;
        assert_error(refused, 403, "forbidden").await;
        // A pupil makes no codes, not even their own.
        assert_error(code(&a.pupil, &a.classmate.id).await, 403, "forbidden").await;
        assert_error(code(&a.pupil, &a.pupil.id).await, 403, "forbidden").await;
        // The admin makes one for any pupil.
        let by_admin = app.post(&format!("/api/v1/players/{}/login-code", b.pupil.id), Some(&app.admin), json!({})).await;
        assert_eq!(by_admin.status(), StatusCode::CREATED);
    }

    async fn a_game_is_made_only_with_both_players_consent_or_by_their_school(app) {
        let a = school(&app, "Atatürk Ortaokulu").await;
        let b = school(&app, "Cumhuriyet Ortaokulu").await;
        let stranger = app.create_player("Yabancı").await;
        let adult = app.create_player("Deniz Kaya").await;
        let games_before = app.get("/api/v1/me/games", Some(&a.pupil.token)).await.json::<Value>().await.unwrap();
        let game = |by: &Player, white: &str, black: &str, extra: Value| {
            let mut body = json!({"white": white, "black": black, "rated": true});
            body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            let (app, token) = (&app, by.token.clone());
            async move { app.create_game_with(&token, body).await }
        };

        // A stranger makes no game against a pupil of a school, rated or not: she is no one to them.
        assert_error(game(&stranger, &stranger.id, &a.pupil.id, json!({})).await, 404, "not_found").await;
        // Another school's pupil neither, whatever the pupil's own settings say.
        assert_error(game(&b.pupil, &b.pupil.id, &a.pupil.id, json!({})).await, 404, "not_found").await;
        // Nothing was made, and the pupil was mailed nothing.
        let games_after = app.get("/api/v1/me/games", Some(&a.pupil.token)).await.json::<Value>().await.unwrap();
        assert_eq!(games_after, games_before);
        let mailed = app.state.store.outbox(1000).unwrap().into_iter().filter(|m| m.recipient_id == a.pupil.id).count();
        assert_eq!(mailed, 0, "no mail reaches the pupil");

        // Another school's organiser makes no game between players who are not theirs, nor
        // arbitrates one to decide it.
        assert_error(game(&b.organiser, &a.pupil.id, &a.classmate.id, json!({})).await, 404, "not_found").await;
        assert_error(game(&b.organiser, &stranger.id, &adult.id, json!({})).await, 403, "forbidden").await;
        assert_error(game(&b.organiser, &b.pupil.id, &a.pupil.id, json!({})).await, 404, "not_found").await;

        // Their own organiser does, and is its arbiter; a school-mate plays a school-mate.
        let made = game(&a.organiser, &a.pupil.id, &a.classmate.id, json!({})).await;
        assert_eq!(made.status(), StatusCode::CREATED);
        let made = game(&a.classmate, &a.pupil.id, &a.classmate.id, json!({"rated": false})).await;
        assert_eq!(made.status(), StatusCode::CREATED);

        // Between adults, a side makes a game where the other takes challenges from anyone
        // (the default), and not once they take them only from players they have played.
        let made = game(&stranger, &stranger.id, &adult.id, json!({})).await;
        assert_eq!(made.status(), StatusCode::CREATED);
        let res = app.put("/api/v1/me/challenges", Some(&adult.token), json!({"from": "nobody"})).await;
        assert_eq!(res.status(), StatusCode::OK);
        let other = app.create_player("Ece Arslan").await;
        assert_error(game(&other, &adult.id, &other.id, json!({})).await, 403, "forbidden").await;
        // The admin makes any game.
        let made = game(&Player { id: String::new(), token: app.admin.clone() }, &b.pupil.id, &a.pupil.id, json!({})).await;
        assert_eq!(made.status(), StatusCode::CREATED);
    }

    async fn an_organiser_makes_games_between_their_tournaments_entrants(app) {
        let a = school(&app, "Atatürk Ortaokulu").await;
        let b = school(&app, "Cumhuriyet Ortaokulu").await;
        let t: Value = app.post("/api/v1/tournaments", Some(&app.admin), json!({
            "name": "İlçe Turnuvası", "system": "swiss", "rounds": 3,
            "arbiters": [a.organiser.id]
        })).await.json().await.unwrap();
        let tid = t["id"].as_str().unwrap().to_owned();
        for p in [&a.pupil, &b.pupil] {
            let res = app.post(&format!("/api/v1/tournaments/{tid}/players"), Some(&app.admin), json!({"player": p.id})).await;
            assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        }
        let body = json!({"white": a.pupil.id, "black": b.pupil.id, "tournament": tid});
        // Not rated: another school's pupil's rating is not theirs to move.
        let rated = json!({"white": a.pupil.id, "black": b.pupil.id, "tournament": tid, "rated": true});
        assert_error(app.create_game_with(&a.organiser.token, rated).await, 403, "forbidden").await;
        let made = app.create_game_with(&a.organiser.token, body.clone()).await;
        assert_eq!(made.status(), StatusCode::CREATED, "{:?}", made.text().await);
        // Not for an organiser who does not run it, nor for players who are not its entrants:
        // another school's pupil is then no one to them.
        assert_error(app.create_game_with(&b.organiser.token, body).await, 404, "not_found").await;
        let body = json!({"white": a.pupil.id, "black": b.classmate.id, "tournament": tid});
        assert_error(app.create_game_with(&a.organiser.token, body).await, 404, "not_found").await;
    }

    async fn an_organiser_enters_only_their_own_pupils(app) {
        let a = school(&app, "Atatürk Ortaokulu").await;
        let b = school(&app, "Cumhuriyet Ortaokulu").await;
        let t: Value = app.post("/api/v1/tournaments", Some(&b.organiser.token), json!({
            "name": "Cumhuriyet Kupası", "system": "swiss", "rounds": 3, "visibility": "public"
        })).await.json().await.unwrap();
        let tid = t["id"].as_str().unwrap().to_owned();
        let enter = |who: &Player, p: &Player| {
            let (app, token, body) = (&app, who.token.clone(), json!({"player": p.id}));
            let path = format!("/api/v1/tournaments/{tid}/players");
            async move { app.post(&path, Some(&token), body).await }
        };
        // Another school's pupil is no player to them.
        assert_error(enter(&b.organiser, &a.pupil).await, 422, "no_such_player").await;
        let adult = app.create_player("Deniz Kaya").await;
        assert_error(enter(&b.organiser, &adult).await, 403, "forbidden").await;
        assert_eq!(enter(&b.organiser, &b.pupil).await.status(), StatusCode::OK);
        // A pupil's own organiser cannot enter them in a tournament somebody else runs.
        assert_eq!(enter(&a.organiser, &a.pupil).await.status(), StatusCode::FORBIDDEN);

        // The public tournament shows a pupil's school and class to their school only.
        let anonymous: Value = app.get(&format!("/api/v1/tournaments/{tid}"), None).await.json().await.unwrap();
        let entrant = &anonymous["players"][0];
        assert_eq!(entrant["id"].as_str(), Some(b.pupil.id.as_str()));
        assert!(entrant["school"].is_null() && entrant["class"].is_null(), "{entrant}");
        let other: Value = app.get(&format!("/api/v1/tournaments/{tid}"), Some(&a.organiser.token)).await.json().await.unwrap();
        assert!(other["players"][0]["school"].is_null(), "{}", other["players"][0]);
        let page = app.get(&format!("/tournaments/{tid}?lang=en"), None).await.text().await.unwrap();
        assert!(!page.contains("Cumhuriyet Ortaokulu") && !page.contains("5-A"), "{page}");
        let theirs: Value = app.get(&format!("/api/v1/tournaments/{tid}"), Some(&b.classmate.token)).await.json().await.unwrap();
        assert_eq!(theirs["players"][0]["school"].as_str(), Some("Cumhuriyet Ortaokulu"));
        assert_eq!(theirs["players"][0]["class"].as_str(), Some("5-A"));
        let by_admin: Value = app.get(&format!("/api/v1/tournaments/{tid}"), Some(&app.admin)).await.json().await.unwrap();
        assert_eq!(by_admin["players"][0]["school"].as_str(), Some("Cumhuriyet Ortaokulu"));
    }

    async fn a_player_who_asked_to_enter_is_entered_by_whoever_runs_it(app) {
        let a = school(&app, "Atatürk Ortaokulu").await;
        let b = school(&app, "Cumhuriyet Ortaokulu").await;
        let t: Value = app.post("/api/v1/tournaments", Some(&b.organiser.token), json!({
            "name": "Açık Turnuva", "system": "swiss", "rounds": 5, "visibility": "public"
        })).await.json().await.unwrap();
        let tid = t["id"].as_str().unwrap().to_owned();
        let (ask, enter) = (format!("/api/v1/tournaments/{tid}/entries"), format!("/api/v1/tournaments/{tid}/players"));
        let deniz = app.create_player("Deniz Kaya").await;
        let ece = app.create_player("Ece Arslan").await;

        // Not asked: not entered.
        assert_error(app.post(&enter, Some(&b.organiser.token), json!({"player": deniz.id})).await, 403, "forbidden").await;
        let asked: Value = app.post(&ask, Some(&deniz.token), json!({})).await.json().await.unwrap();
        assert_eq!(asked["asked"], json!([deniz.id]), "a player knows they asked");
        let ece_reads: Value = app.get(&format!("/api/v1/tournaments/{tid}"), Some(&ece.token)).await.json().await.unwrap();
        assert_eq!(ece_reads["asked"], json!([]), "who asked is for those who run it to know");
        let theirs: Value = app.get(&format!("/api/v1/tournaments/{tid}"), Some(&b.organiser.token)).await.json().await.unwrap();
        assert_eq!(theirs["asked"], json!([deniz.id]));
        let anonymous: Value = app.get(&format!("/api/v1/tournaments/{tid}"), None).await.json().await.unwrap();
        assert_eq!(anonymous["asked"], json!([]));
        assert_error(app.post(&ask, Some(&deniz.token), json!({})).await, 409, "already_registered").await;
        assert_error(app.post(&ask, Some(&app.admin), json!({})).await, 403, "not_a_player").await;
        let entered = app.post(&enter, Some(&b.organiser.token), json!({"player": deniz.id})).await;
        assert_eq!(entered.status(), StatusCode::OK);
        let view: Value = entered.json().await.unwrap();
        assert_eq!(view["players"][0]["id"].as_str(), Some(deniz.id.as_str()));
        assert_eq!(view["asked"], json!([]));
        assert_error(app.post(&enter, Some(&b.organiser.token), json!({"player": ece.id})).await, 403, "forbidden").await;
        // Another school's pupil may ask; her school enters her, not this organiser.
        assert_eq!(app.post(&ask, Some(&a.pupil.token), json!({})).await.status(), StatusCode::OK);
        assert_error(app.post(&enter, Some(&b.organiser.token), json!({"player": a.pupil.id})).await, 422, "no_such_player").await;
    }

    async fn an_invited_player_enters_by_accepting_and_may_decline(app) {
        let a = school(&app, "Atatürk Ortaokulu").await;
        let b = school(&app, "Cumhuriyet Ortaokulu").await;
        // Only its participants read it: the invitation lets the invited read it to choose.
        let t: Value = app.post("/api/v1/tournaments", Some(&b.organiser.token), json!({
            "name": "Davetli Turnuva", "system": "swiss", "rounds": 5, "visibility": "participants"
        })).await.json().await.unwrap();
        let tid = t["id"].as_str().unwrap().to_owned();
        let (invite, ask) = (format!("/api/v1/tournaments/{tid}/invitations"), format!("/api/v1/tournaments/{tid}/entries"));
        let decline = format!("/api/v1/tournaments/{tid}/invitations/decline");
        let read = format!("/api/v1/tournaments/{tid}");
        let deniz = app.create_player("Deniz Kaya").await;
        let ece = app.create_player("Ece Arslan").await;

        assert_eq!(app.get(&read, Some(&deniz.token)).await.status(), StatusCode::NOT_FOUND);
        // Only whoever runs it invites, and only those they may see.
        assert_error(app.post(&invite, Some(&a.organiser.token), json!({"player": deniz.id})).await, 404, "not_found").await;
        assert_error(app.post(&invite, Some(&ece.token), json!({"player": deniz.id})).await, 404, "not_found").await;
        assert_error(app.post(&invite, Some(&b.organiser.token), json!({"player": a.pupil.id})).await, 422, "no_such_player").await;
        assert_error(app.post(&invite, Some(&b.organiser.token), json!({"player": "nobody"})).await, 400, "bad_request").await;
        let unknown = "0190a5b2-7c3e-7f00-8000-00000000dead";
        assert_error(app.post(&invite, Some(&b.organiser.token), json!({"player": unknown})).await, 422, "no_such_player").await;
        let invited = app.post(&invite, Some(&b.organiser.token), json!({"player": deniz.id})).await;
        assert_eq!(invited.status(), StatusCode::OK);
        let invited: Value = invited.json().await.unwrap();
        assert_eq!(invited["invited"], json!([deniz.id]));
        assert_eq!(invited["players"], json!([]), "an invitation enters no one");
        assert_error(app.post(&invite, Some(&b.organiser.token), json!({"player": deniz.id})).await, 409, "already_invited").await;
        let ece_invited = app.post(&invite, Some(&b.organiser.token), json!({"player": ece.id})).await;
        assert_eq!(ece_invited.status(), StatusCode::OK);

        // The invited read it, and see their own invitation only.
        let theirs: Value = app.get(&read, Some(&deniz.token)).await.json().await.unwrap();
        assert_eq!(theirs["invited"], json!([deniz.id]));
        // Nobody else declines for them: even whoever runs it declines only their own.
        assert_error(app.post(&decline, Some(&b.organiser.token), json!({})).await, 409, "not_invited").await;
        assert_error(app.post(&decline, Some(&b.pupil.token), json!({})).await, 404, "not_found").await;
        // Accepting is asking to enter: it enters them at once, as their games record them.
        let entered = app.post(&ask, Some(&deniz.token), json!({})).await;
        assert_eq!(entered.status(), StatusCode::OK);
        let entered: Value = entered.json().await.unwrap();
        assert_eq!(entered["players"][0]["id"].as_str(), Some(deniz.id.as_str()));
        assert_eq!(entered["players"][0]["name"].as_str(), Some("Deniz Kaya"));
        assert_eq!(entered["invited"], json!([]));
        assert_error(app.post(&ask, Some(&deniz.token), json!({})).await, 409, "already_registered").await;
        assert_error(app.post(&invite, Some(&b.organiser.token), json!({"player": deniz.id})).await, 409, "already_registered").await;

        // Ece declines: she is not entered, cannot decline twice, and reads it no more.
        let declined: Value = app.post(&decline, Some(&ece.token), json!({})).await.json().await.unwrap();
        assert_eq!(declined["invited"], json!([]));
        assert_error(app.post(&decline, Some(&ece.token), json!({})).await, 404, "not_found").await;
        let runner: Value = app.get(&read, Some(&b.organiser.token)).await.json().await.unwrap();
        assert_eq!(runner["invited"], json!([]));
        assert_eq!(runner["declined"], json!([ece.id]));
        assert_eq!(runner["players"].as_array().unwrap().len(), 1);
        // The admin token is no player to accept or decline.
        assert_error(app.post(&decline, Some(&app.admin), json!({})).await, 403, "not_a_player").await;
        // Having said no, Ece is not invited again; she may still ask to enter.
        assert_error(app.post(&invite, Some(&b.organiser.token), json!({"player": ece.id})).await, 409, "invitation_declined").await;
        // An entrant reads it, but only whoever runs it invites.
        assert_error(app.post(&invite, Some(&deniz.token), json!({"player": ece.id})).await, 403, "forbidden").await;

        // An invitation not yet answered is withdrawn by whoever runs it: no longer readable by it.
        let can = app.create_player("Can Demir").await;
        let withdraw = format!("/api/v1/tournaments/{tid}/invitations/withdraw");
        assert_eq!(app.post(&invite, Some(&b.organiser.token), json!({"player": can.id})).await.status(), StatusCode::OK);
        assert_eq!(app.get(&read, Some(&can.token)).await.status(), StatusCode::OK);
        assert_error(app.post(&withdraw, Some(&deniz.token), json!({"player": can.id})).await, 403, "forbidden").await;
        let withdrawn: Value = app.post(&withdraw, Some(&b.organiser.token), json!({"player": can.id})).await.json().await.unwrap();
        assert_eq!(withdrawn["invited"], json!([]));
        assert_eq!(app.get(&read, Some(&can.token)).await.status(), StatusCode::NOT_FOUND);
        assert_error(app.post(&withdraw, Some(&b.organiser.token), json!({"player": can.id})).await, 409, "not_invited").await;
    }

    async fn a_decline_from_the_page_returns_to_the_list(app) {
        let org = organiser(&app, "Hakem").await;
        let t: Value = app.post("/api/v1/tournaments", Some(&org.token), json!({
            "name": "Kapalı Turnuva", "system": "swiss", "rounds": 3, "visibility": "participants"
        })).await.json().await.unwrap();
        let tid = t["id"].as_str().unwrap().to_owned();
        let deniz = app.create_player("Deniz Kaya").await;
        app.post(&format!("/api/v1/tournaments/{tid}/invitations"), Some(&org.token), json!({"player": deniz.id})).await;
        let (cookie, _) = sign_in(&app, &deniz.id).await;
        let page = format!("/tournaments/{tid}?lang=en");
        let token = page_token(&app, &cookie, &page).await;
        let decline = |csrf: &str| {
            no_redirects().post(app.url(&format!("/tournaments/{tid}/decline?lang=en")))
                .header("cookie", &cookie).form(&[("csrf", csrf)]).send()
        };
        // Without the page's token, nothing is declined.
        assert_eq!(decline("forged").await.unwrap().status(), StatusCode::FORBIDDEN);
        let still: Value = app.get(&format!("/api/v1/tournaments/{tid}"), Some(&deniz.token)).await.json().await.unwrap();
        assert_eq!(still["invited"], json!([deniz.id]));
        let res = decline(&token).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(res.headers()["location"], "/tournaments?lang=en");
        assert_eq!(app.get(&format!("/api/v1/tournaments/{tid}"), Some(&deniz.token)).await.status(), StatusCode::NOT_FOUND);
        let runner: Value = app.get(&format!("/api/v1/tournaments/{tid}"), Some(&org.token)).await.json().await.unwrap();
        assert_eq!(runner["invited"], json!([]));
    }

    async fn a_schools_messages_off_holds_in_every_game_of_its_pupils(app) {
        let a = school(&app, "Atatürk Ortaokulu").await;
        // A game the pupils made themselves has no organiser.
        let made: Value = app.create_game_with(&a.pupil.token, json!({"white": a.pupil.id, "black": a.classmate.id}))
            .await.json().await.unwrap();
        let game = made["id"].as_str().unwrap().to_owned();
        let message = |text: &str| {
            let (app, path, token) = (&app, format!("/api/v1/games/{game}/moves"), a.pupil.token.clone());
            let body = json!({"move": "e4", "message": text});
            async move { app.post(&path, Some(&token), body).await }
        };
        app.state.store.set_messages_off(&a.organiser.id, true).unwrap();
        assert_error(message("merhaba").await, 403, "messages_off").await;
        app.state.store.set_messages_off(&a.organiser.id, false).unwrap();
        assert_eq!(message("merhaba").await.status(), StatusCode::OK);
    }
}
