//! Take-away, a toy game built in for these tests only, played through the whole service: made
//! over HTTP, its moves read in each of its notations, refused where wrong, stored and listed,
//! drawn on its page and in mail, ended by its own rules, its record exported. Nothing here is
//! of any real game: what passes shows the service needs nothing of a game but its modules.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mail_parser::{MessageParser, MimeHeaders};
use serde_json::{json, Value};

use crate::helpers::smtp::{self, Received};
use crate::helpers::*;
use crate::on_each_backend;

on_each_backend!(take_away_is_played_through_the_service_to_its_end);

/// Waits until `n` mails have arrived (at most 30 s): each as its subject, text and attachments.
async fn mails(inbox: &Arc<Mutex<Vec<Received>>>, n: usize) -> Vec<(String, String, Vec<String>)> {
    let start = Instant::now();
    while inbox.lock().unwrap().len() < n && start.elapsed() < Duration::from_secs(30) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    inbox
        .lock()
        .unwrap()
        .iter()
        .map(|r| {
            let m = MessageParser::default().parse(&r.raw).expect("a mail");
            (
                m.subject().unwrap_or_default().to_owned(),
                m.body_text(0).unwrap_or_default().into_owned(),
                m.attachments()
                    .map(|a| a.attachment_name().unwrap_or_default().to_owned())
                    .collect(),
            )
        })
        .collect()
}

async fn take_away_is_played_through_the_service_to_its_end(backend: Backend) {
    let (port, inbox) = smtp::start(0);
    let app = spawn_app_with(
        backend,
        Options {
            smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
            ..Options::default()
        },
    )
    .await;
    let first = app
        .create_player_with(json!({"name": "Ayşe", "email": "ayse@okul.tr", "locale": "tr"}))
        .await;
    let second = app
        .create_player_with(json!({"name": "Mehmet", "email": "mehmet@okul.tr"}))
        .await;
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": first.id, "black": second.id, "game": "take-away",
                   "start_position": "10 w",
                   "time_control": {"kind": "per_move", "seconds": 3 * 86_400}}),
        )
        .await;
    assert_eq!(res.status(), 201, "{:?}", res.text().await);
    let game: Value = res.json().await.unwrap();
    let g = game["id"].as_str().unwrap().to_owned();
    assert_eq!(
        (
            game["game"].as_str(),
            game["rules"].as_str(),
            game["position"].as_str()
        ),
        (Some("take-away"), Some("plain"), Some("10 w"))
    );
    assert!(game.get("fen").is_none(), "fen is chess's alone: {game}");
    assert_eq!(mails(&inbox, 2).await.len(), 2, "the game's start to both");

    // Its legal moves, and what is refused changes nothing.
    let legal: Value = app
        .get(&format!("/api/v1/games/{g}/legal-moves"), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(legal["moves"], json!(["1", "2", "3"]));
    let res = app.post_move(&g, &first.token, "4").await;
    let why = assert_error(res, 422, "unparseable_move").await;
    assert!(
        !why.contains("e4"),
        "no other game's moves in the answer: {why}"
    );
    let res = app.post_move(&g, &second.token, "1").await;
    assert_error(res, 409, "not_your_turn").await;
    let res = app
        .post(
            &format!("/api/v1/games/{g}/moves"),
            Some(&first.token),
            json!({"move": "1", "notation": "san"}),
        )
        .await;
    assert!(res.status().is_client_error(), "another game's notation");
    assert_eq!(app.get_game(&g).await["version"], json!(1));

    // Three counters taken, in digits: the other is told, with the pile in the mail.
    assert_eq!(app.post_move(&g, &first.token, "3").await.status(), 200);
    let all = mails(&inbox, 3).await;
    let (subject, text, _) = &all[2];
    assert!(
        subject.contains("Ayşe") && subject.contains('3'),
        "{subject}"
    );
    assert_eq!(text.matches('●').count(), 7, "seven counters left: {text}");
    // In Turkish words, in English words, then the last one by digits.
    let res = app
        .post(
            &format!("/api/v1/games/{g}/moves"),
            Some(&second.token),
            json!({"move": "iki", "notation": "words_tr", "offer_draw": true}),
        )
        .await;
    assert_eq!(res.status(), 200, "{:?}", res.text().await);
    let res = app
        .post(
            &format!("/api/v1/games/{g}/draw-offer/decline"),
            Some(&first.token),
            json!({}),
        )
        .await;
    assert_eq!(res.status(), 200, "{:?}", res.text().await);
    assert_eq!(app.post_move(&g, &first.token, "two").await.status(), 200);
    let page = app
        .get(&format!("/games/{g}?lang=en"), None)
        .await
        .text()
        .await
        .unwrap();
    assert!(page.contains("3 counters left"), "the pile on the page");
    assert_eq!(page.matches("<circle class=\"piece white\"").count(), 3);
    assert_eq!(app.post_move(&g, &second.token, "3").await.status(), 200);

    // Whoever took the last counter has won, by the game's own rules.
    let end = app.get_game(&g).await;
    assert_eq!(
        (
            end["status"].as_str(),
            end["result"].as_str(),
            end["termination"].as_str()
        ),
        (Some("finished"), Some("0-1"), Some("no_moves"))
    );
    assert_eq!(end["moves"], json!(["3", "2", "2", "3"]));
    let listed: Value = app
        .get("/api/v1/me/games", Some(&first.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed["games"][0]["game"], json!("take-away"), "{listed}");

    // The record: the moves, the offer, the result; mailed to both at the end.
    let record = app
        .get(&format!("/api/v1/games/{g}/pgn"), None)
        .await
        .text()
        .await
        .unwrap();
    assert!(
        record.contains("[FEN \"10 w\"]") && record.contains("[Result \"0-1\"]"),
        "{record}"
    );
    let movetext: String = record
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ")
        .split('{')
        .map(|part| part.split_once('}').map_or(part, |(_, after)| after))
        .collect();
    let words: Vec<&str> = movetext.split_whitespace().collect();
    assert_eq!(
        words,
        ["1.", "3", "1...", "2", "2.", "2", "2...", "3", "0-1"],
        "{record}"
    );
    assert!(
        record.contains("(=)"),
        "the offer made with the move: {record}"
    );
    // Nine: the start to both, four moves, the declined offer, the end to both.
    let all = mails(&inbox, 9).await;
    let over = all
        .iter()
        .filter(|(_, _, a)| a.contains(&"game.pgn".to_owned()))
        .count();
    assert_eq!(
        over,
        2,
        "{:?}",
        all.iter().map(|m| &m.0).collect::<Vec<_>>()
    );
}
