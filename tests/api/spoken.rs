//! Play without sight over HTTP: moves sent and given in spoken words, the player's setting
//! (and their organiser's), and the game page without sight with its questions.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::both_backends;
use crate::helpers::*;

async fn move_in(app: &TestApp, g: &str, token: &str, body: Value) -> reqwest::Response {
    app.post(&format!("/api/v1/games/{g}/moves"), Some(token), body)
        .await
}

async fn patch_me(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.client
        .patch(app.url("/api/v1/me"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

both_backends! {
    async fn moves_are_sent_and_given_in_spoken_words(app) {
        let (g, white, black) = app.new_game().await;
        let g = g["id"].as_str().unwrap().to_owned();
        // The Laws' German words, named.
        let res = move_in(&app, &g, &white.token, json!({"move": "Bauer Eva vier", "notation": "spoken-de"})).await;
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
        let game: Value = res.json().await.unwrap();
        assert_eq!(game["moves"], json!(["e4"]));
        assert_eq!(game["spoken"], json!(["Bauer Eva vier"]));
        // `spoken`: the caller's own language (English here), as dictated, with its mishearings.
        let res = move_in(&app, &g, &black.token, json!({"move": "night see six", "notation": "spoken"})).await;
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
        let game: Value = res.json().await.unwrap();
        assert_eq!(game["moves"], json!(["e4", "Nc6"]));
        assert_eq!(game["spoken"], json!(["Pawn e four", "Knight c six"]));
        // Without a notation, a spoken move is read as well.
        let res = move_in(&app, &g, &white.token, json!({"move": "At f üç"})).await;
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
        let game: Value = res.json().await.unwrap();
        assert_eq!(game["moves"], json!(["e4", "Nc6", "Nf3"]));
        // A reader who did not ask gets no spoken list; one who asks gets it in their words.
        assert!(app.get_game(&g).await.get("spoken").is_none());
        let res = app.get(&format!("/api/v1/games/{g}?notation=spoken-tr"), None).await;
        let game: Value = res.json().await.unwrap();
        assert_eq!(game["spoken"], json!(["Piyon e dört", "At c altı", "At f üç"]));
        // A notation that is none is a 400, and a move that fits two is asked, not guessed.
        let res = app.get(&format!("/api/v1/games/{g}?notation=spoken-xx"), None).await;
        assert_error(res, 400, "bad_request").await;
        let res = move_in(&app, &g, &black.token, json!({"move": "Dame Hektor vier", "notation": "spoken-kl"})).await;
        assert_eq!(res.status(), 400);
        let res = move_in(&app, &g, &black.token, json!({"move": "Dame Hektor vier", "notation": "spoken-de"})).await;
        let message = assert_error(res, 422, "illegal_move").await;
        assert!(!message.is_empty());
        let after = app.get_game(&g).await;
        assert_eq!(after["moves"], json!(["e4", "Nc6", "Nf3"]), "a refused move changes nothing");
    }

    async fn a_player_without_sight_speaks_their_moves_and_their_organiser_may_set_it(app) {
        let organiser = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let pupil = app.create_pupil(&organiser.token, json!({"name": "Elif", "locale": "tr"})).await;
        let other = app.create_player_with(json!({"name": "Başka Okul", "roles": ["organiser"]})).await;
        let path = format!("/api/v1/players/{}/without-sight", pupil.id);
        // Another school's organiser may not, and the pupil's own setting is unchanged.
        let res = app.post(&path, Some(&other.token), json!({"without_sight": true})).await;
        assert!(matches!(res.status().as_u16(), 403 | 404), "{}", res.status());
        let me: Value = app.get("/api/v1/me", Some(&pupil.token)).await.json().await.unwrap();
        assert_eq!(me["without_sight"], false);
        let res = app.post(&path, Some(&organiser.token), json!({"without_sight": "yes"})).await;
        assert_eq!(res.status(), 400);
        let res = app.post(&path, Some(&organiser.token), json!({"without_sight": true})).await;
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
        let me: Value = app.get("/api/v1/me", Some(&pupil.token)).await.json().await.unwrap();
        assert_eq!(me["without_sight"], true);
        // Her moves are read and given in Turkish words, with no notation named.
        let opponent = app.create_pupil(&organiser.token, json!({"name": "Can"})).await;
        let res = app.create_game_with(&organiser.token, json!({"white": pupil.id, "black": opponent.id})).await;
        assert_eq!(res.status(), 201, "{:?}", res.text().await);
        let g: Value = res.json().await.unwrap();
        let g = g["id"].as_str().unwrap().to_owned();
        let res = move_in(&app, &g, &pupil.token, json!({"move": "piyon d dört"})).await;
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
        let game: Value = res.json().await.unwrap();
        assert_eq!(game["spoken"], json!(["Piyon d dört"]));
        let game: Value = app.get(&format!("/api/v1/games/{g}"), Some(&pupil.token)).await.json().await.unwrap();
        assert_eq!(game["spoken"], json!(["Piyon d dört"]));
        // She may turn it off herself.
        let res = patch_me(&app, &pupil.token, json!({"without_sight": false})).await;
        assert_eq!(res.status(), 200);
        let game: Value = app.get(&format!("/api/v1/games/{g}"), Some(&pupil.token)).await.json().await.unwrap();
        assert!(game.get("spoken").is_none(), "{game}");
    }

    async fn the_page_without_sight_reads_the_game_and_answers_questions(app) {
        let (g, white, black) = app.new_game().await;
        let g = g["id"].as_str().unwrap().to_owned();
        app.play(&g, &white, &black, "e4 e5 Nf3").await;
        let res = patch_me(&app, &black.token, json!({"without_sight": true, "notation": "spoken-de", "locale": "tr"})).await;
        assert_eq!(res.status(), 200);
        let (cookie, csrf) = sign_in(&app, &black.id).await;
        let client = no_redirects();
        let page = |path: String| {
            let (client, cookie, url) = (client.clone(), cookie.clone(), app.url(&path));
            async move {
                let res = client.get(url).header("cookie", cookie).send().await.unwrap();
                assert_eq!(res.status(), 200);
                res.text().await.unwrap()
            }
        };
        let html = page(format!("/games/{g}")).await;
        // The setting chooses the page without sight: the position in words, the moves as a
        // list, German words marked as German on a Turkish page, the board hidden from readers.
        assert!(html.contains("<h2 id=\"position\">Konum</h2>"), "{html}");
        assert!(html.contains("lang=\"de\""), "{html}");
        assert!(html.contains("Weiss: Koenig Eva eins"), "{html}");
        assert!(html.contains("<li value=\"1\">Bauer Eva vier; Bauer Eva fuenf</li>"), "{html}");
        assert!(html.contains("<li value=\"2\">Springer Felix drei</li>"), "{html}");
        assert!(html.contains("data-announce>Son hamle, Beyaz: <span lang=\"de\">Springer Felix drei</span>."), "{html}");
        assert!(html.contains("aria-hidden=\"true\" class=\"text-view-board\""), "{html}");
        assert!(html.contains("<th scope=\"col\">a</th>"), "the board as a table: {html}");
        // The board page is one link away, and chosen per visit.
        let board = page(format!("/games/{g}?view=board")).await;
        assert!(!board.contains("id=\"position\""));
        assert!(board.contains("view=text"));
        // A question typed in the move field is answered on the page; nothing is played.
        let post = |text: &str| {
            let (client, cookie, url) = (client.clone(), cookie.clone(), app.url(&format!("/games/{g}/move?lang=tr&view=text")));
            let form = vec![("move".to_owned(), text.to_owned()), ("csrf".to_owned(), csrf.clone())];
            async move { client.post(url).header("cookie", cookie).form(&form).send().await.unwrap() }
        };
        let res = post("son hamle").await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let to = res.headers()["location"].to_str().unwrap().to_owned();
        assert!(to.contains("ask=son%20hamle"), "{to}");
        let answer = page(to).await;
        assert!(answer.contains("<li>Son hamle, Beyaz: Springer Felix drei.</li>"), "{answer}");
        assert!(answer.contains("<li>Ondan önce, Siyah: Bauer Eva fuenf.</li>"), "{answer}");
        let answer = page(format!("/games/{g}?view=text&ask=e%20hatt%C4%B1")).await;
        assert!(answer.contains("e4: Beyaz piyon") && answer.contains("e5: Siyah piyon"), "{answer}");
        let answer = page(format!("/games/{g}?view=text&ask=yasal%20hamleler")).await;
        assert!(answer.contains("yasal hamle:") && answer.contains("Springer Cesar sechs"), "{answer}");
        let answer = page(format!("/games/{g}?view=text&ask=xyz")).await;
        assert!(answer.contains("Anlaşılmadı"), "{answer}");
        assert_eq!(app.get_game(&g).await["ply"], 3, "questions play nothing");
        // A move in German words from the field is played, and the page stays without sight.
        let res = post("Springer Cesar sechs").await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let to = res.headers()["location"].to_str().unwrap().to_owned();
        assert!(to.ends_with("view=text"), "{to}");
        page(to).await;
        assert_eq!(app.get_game(&g).await["moves"], json!(["e4", "e5", "Nf3", "Nc6"]));
        // My games: the last move in words, and what happened since the last visit.
        app.post_move(&g, &white.token, "Bb5").await;
        let mine = page("/?lang=tr".to_owned()).await;
        assert!(mine.contains("Son ziyaretinizden beri 1 hamle: Beyaz: Laeufer Bella fuenf."), "{mine}");
    }

    async fn the_page_without_sight_claims_a_draw_and_carries_messages(app) {
        let (g, white, black) = app.new_game().await;
        let g = g["id"].as_str().unwrap().to_owned();
        app.play(&g, &white, &black, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1").await;
        let res = move_in(&app, &g, &black.token, json!({"move": "Ng8", "message": "Bir daha mı?"})).await;
        assert_eq!(res.status(), 200);
        assert_eq!(patch_me(&app, &white.token, json!({"without_sight": true, "locale": "en"})).await.status(), 200);
        let (cookie, csrf) = sign_in(&app, &white.id).await;
        let client = no_redirects();
        let page = || {
            let (client, cookie, url) = (client.clone(), cookie.clone(), app.url(&format!("/games/{g}?lang=en")));
            async move { client.get(url).header("cookie", cookie).send().await.unwrap().text().await.unwrap() }
        };
        let post = |form: Vec<(&'static str, String)>| {
            let (client, cookie, url) = (client.clone(), cookie.clone(), app.url(&format!("/games/{g}/action?lang=en&view=text")));
            let mut form = form;
            form.push(("csrf", csrf.clone()));
            async move { client.post(url).header("cookie", cookie).form(&form).send().await.unwrap() }
        };
        let html = page().await;
        assert!(html.contains("id=\"position\""), "the page without sight: {html}");
        // The opponent's message is read on the page, and one is written back from it.
        assert!(html.contains("<h2 id=\"messages\">Messages</h2>") && html.contains("Bir daha mı?"), "{html}");
        let res = post(vec![("action", "message".into()), ("message", "Evet, bir daha.".into())]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert!(res.headers()["location"].to_str().unwrap().contains("view=text"));
        let events: Value = app.get(&format!("/api/v1/games/{g}/events"), Some(&black.token)).await.json().await.unwrap();
        let texts: Vec<&str> = events["events"].as_array().unwrap().iter().filter_map(|e| e["data"]["text"].as_str()).collect();
        assert_eq!(texts, ["Bir daha mı?", "Evet, bir daha."], "{events}");
        // The third time the position stands, the claim is made from the page without sight.
        let html = page().await;
        assert!(html.contains("<h2 id=\"claim\">") && html.contains("value=\"claim_threefold\""), "{html}");
        let res = post(vec![("action", "claim_threefold".into()), ("intended_move", String::new())]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let game = app.get_game(&g).await;
        assert_eq!((game["result"].as_str(), game["termination"].as_str()), (Some("1/2-1/2"), Some("threefold_repetition")), "{game}");
        assert!(!page().await.contains("<h2 id=\"claim\">"), "no claim once it is over");
    }

    async fn every_game_takes_and_gives_its_moves_in_words(app) {
        // Checkers: squares by number, in English and Turkish words.
        let (g, white, black) = app.game_of("checkers", None, json!({})).await;
        let first = if app.get_game(&g).await["to_move"] == "black" { &black } else { &white };
        let res = move_in(&app, &g, &first.token, json!({"move": "eleven to fifteen", "notation": "spoken-en"})).await;
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
        let game: Value = res.json().await.unwrap();
        assert_eq!(game["moves"], json!(["11-15"]));
        assert_eq!(game["spoken"], json!(["eleven to fifteen"]));
        let game: Value = app.get(&format!("/api/v1/games/{g}?notation=spoken-tr"), None).await.json().await.unwrap();
        assert_eq!(game["spoken"], json!(["on bir'den on beş'e"]));
        // Dama: squares by file and rank, the Laws' file names in German.
        let (g, white, _) = app.game_of("dama", None, json!({})).await;
        let res = move_in(&app, &g, &white.token, json!({"move": "David drei nach David vier", "notation": "spoken-de"})).await;
        assert_eq!(res.status(), 200, "{:?}", res.text().await);
        let game: Value = res.json().await.unwrap();
        assert_eq!(game["moves"], json!(["d3-d4"]));
        // Tavla: a play of the dice in words, points from the mover's side.
        let (g, white, black) = app.game_of("tavla", None, json!({"match_length": 1})).await;
        crate::tavla::open_match(&app, &g, &white, &black).await;
        let game = app.get_game(&g).await;
        let mover = if game["to_move"] == "white" { &white } else { &black };
        // Each checker's move said point to point, a repeated one as often as it is made
        // (`13/7(2)`: a double's play may have no other form).
        const WORDS: [&str; 25] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three", "twenty-four"];
        let say = |play: &str| -> Option<Vec<String>> {
            let mut said = Vec::new();
            for step in play.split(' ') {
                let (step, times) = match step.split_once('(') {
                    Some((s, n)) => (s, n.strip_suffix(')')?.parse::<usize>().ok()?),
                    None => (step, 1),
                };
                let points = step.split('/').map(|p| p.parse::<usize>().ok().filter(|p| *p < 25)).collect::<Option<Vec<_>>>()?;
                for _ in 0..times {
                    for hop in points.windows(2) {
                        said.push(format!("{} to {}", WORDS[hop[0]], WORDS[hop[1]]));
                    }
                }
            }
            Some(said)
        };
        let plain = app.legal_moves(&g).await.into_iter().find_map(|m| Some((say(&m)?, m)));
        let Some((said, play)) = plain else {
            panic!("the first throw has a play without the bar, a hit or bearing off");
        };
        let said = said.join(", ");
        let res = move_in(&app, &g, &mover.token, json!({"move": said, "notation": "spoken-en"})).await;
        assert_eq!(res.status(), 200, "{said}: {:?}", res.text().await);
        let game: Value = res.json().await.unwrap();
        let last = game["moves"].as_array().unwrap().last().unwrap().as_str().unwrap().to_owned();
        assert_eq!(last, play, "{said}");
        let spoken = game["spoken"].as_array().unwrap().last().unwrap().as_str().unwrap().to_owned();
        assert!(spoken.contains(':'), "the dice are spoken before the play: {spoken}");
    }
}
