//! A published round's pairings by mail, and an invitation to enter.

use super::*;
use crate::on_each_backend;

on_each_backend!(
    a_published_round_mails_each_player_their_pairing_once,
    a_tavla_pairing_mail_carries_the_commitment_to_the_dice,
    an_invitation_mails_the_player_in_their_language_once,
    a_cup_match_mails_both_players_their_opponent,
);

/// A cup's match starting mails both its players, in their language: the match, their
/// opponent, their colour in its first game, and the game.
async fn a_cup_match_mails_both_players_their_opponent(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let org = app
        .create_player_with(json!({"name": "Hakem", "roles": ["organiser"]}))
        .await;
    let t: Value = app
        .post(
            "/api/v1/tournaments",
            Some(&org.token),
            json!({"name": "Okul Kupası", "system": "knockout", "play": "online",
                   "time_control": {"kind": "per_move", "seconds": 86_400}}),
        )
        .await
        .json()
        .await
        .unwrap();
    let path = format!("/api/v1/tournaments/{}", t["id"].as_str().unwrap());
    for (name, locale, rating) in [("Ayse", "tr", 1900), ("Mehmet", "en", 1800)] {
        let email = format!("{}@okul.tr", name.to_lowercase());
        let p = app
            .create_player_with(json!({"name": name, "email": email, "locale": locale}))
            .await;
        let res = app
            .post(
                &format!("{path}/players"),
                Some(&app.admin),
                json!({"player": p.id, "rating": rating}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    let res = app
        .post(&format!("{path}/rounds"), Some(&org.token), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let mails = wait_for(&inbox, 2).await;
    let to = |address: &str| mails.iter().find(|m| m.to == [address.to_owned()]).unwrap();
    let ayse = to("ayse@okul.tr");
    assert!(
        ayse.text
            .contains("1. tur, 1. eşleşme: Mehmet ile karşılaşıyorsunuz, ilk oyunda beyaz sizde."),
        "{}",
        ayse.text
    );
    let mehmet = to("mehmet@okul.tr");
    assert!(
        mehmet
            .text
            .contains("Round 1, match 1: you meet Ayse, with Black in the first game."),
        "{}",
        mehmet.text
    );
    assert!(mehmet.text.contains("/games/"), "{}", mehmet.text);
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert_eq!(wait_for(&inbox, 2).await.len(), 2, "once each");
}

/// Inviting a player mails them, in their language, the tournament's date, place and page;
/// accepting it mails nothing more.
async fn an_invitation_mails_the_player_in_their_language_once(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let org = app
        .create_player_with(json!({"name": "Hakem", "roles": ["organiser"]}))
        .await;
    let mut invited = Vec::new();
    for (name, locale) in [("Deniz", "tr"), ("Jane", "en")] {
        let email = format!("{}@example.org", name.to_lowercase());
        let p = app
            .create_player_with(json!({"name": name, "email": email, "locale": locale}))
            .await;
        invited.push(p);
    }
    let t: Value = app
        .post(
            "/api/v1/tournaments",
            Some(&org.token),
            json!({"name": "Açık Turnuva", "system": "swiss", "rounds": 5,
                   "place": "Spor salonu", "start_date": "2026-12-12"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let id = t["id"].as_str().unwrap();
    for p in &invited {
        let res = app
            .post(
                &format!("/api/v1/tournaments/{id}/invitations"),
                Some(&org.token),
                json!({"player": p.id}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    let mails = wait_for(&inbox, 2).await;
    let to = |address: &str| mails.iter().find(|m| m.to == [address.to_owned()]).unwrap();
    let deniz = to("deniz@example.org");
    assert_eq!(deniz.subject, "Açık Turnuva: oynamaya davet edildiniz");
    assert!(
        deniz.text.contains("2026-12-12 · Spor salonu"),
        "{}",
        deniz.text
    );
    assert!(
        deniz.text.contains(&format!("/tournaments/{id}")),
        "{}",
        deniz.text
    );
    let jane = to("jane@example.org");
    assert_eq!(jane.subject, "Açık Turnuva: you are invited to play");
    assert!(
        jane.text.contains("Accept or decline on its page."),
        "{}",
        jane.text
    );
    let res = app
        .post(
            &format!("/api/v1/tournaments/{id}/entries"),
            Some(&invited[1].token),
            json!({}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert_eq!(
        wait_for(&inbox, 2).await.len(),
        2,
        "accepting mails nothing"
    );
}

/// Three players over the board: publishing round 1 mails each their board, colour and
/// opponent (the bye too), in their language, with the start time and place; online, the mail
/// links the game instead, and the game itself mails nothing more.
async fn a_published_round_mails_each_player_their_pairing_once(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let org = app
        .create_player_with(json!({"name": "Hakem", "roles": ["organiser"]}))
        .await;
    let mut players = Vec::new();
    for (name, locale, rating) in [
        ("Ayse", "tr", 1900),
        ("Mehmet", "en", 1800),
        ("Can", "en", 1700),
    ] {
        let email = format!("{}@okul.tr", name.to_lowercase());
        let p = app
            .create_player_with(json!({"name": name, "email": email, "locale": locale}))
            .await;
        players.push((p, rating));
    }
    for online in [false, true] {
        let mut body =
            json!({"name": "Okul Kupası", "system": "swiss", "rounds": 3, "place": "Spor salonu"});
        if online {
            body["play"] = json!("online");
            body["time_control"] = json!({"kind": "per_move", "seconds": 86_400});
        }
        let t: Value = app
            .post("/api/v1/tournaments", Some(&org.token), body)
            .await
            .json()
            .await
            .unwrap();
        let path = format!("/api/v1/tournaments/{}", t["id"].as_str().unwrap());
        for (p, rating) in &players {
            let res = app
                .post(
                    &format!("{path}/players"),
                    Some(&app.admin),
                    json!({"player": p.id, "rating": rating}),
                )
                .await;
            assert_eq!(res.status(), StatusCode::OK);
        }
        app.post(&format!("{path}/rounds"), Some(&org.token), json!({}))
            .await;
        let start = (time::OffsetDateTime::now_utc() + time::Duration::days(10))
            .replace_time(time::macros::time!(14:00))
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap();
        let res = app
            .post(
                &format!("{path}/publish"),
                Some(&org.token),
                json!({"round": 1, "starts_at": start}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let expected = if online { 9 } else { 3 };
        let mails = wait_for(&inbox, expected).await;
        assert_eq!(
            mails.len(),
            expected,
            "{:?}",
            mails.iter().map(|m| &m.subject).collect::<Vec<_>>()
        );
        let mails = &mails[expected - 3..];
        let to = |address: &str| mails.iter().find(|m| m.to == [address.to_owned()]).unwrap();
        let ayse = to("ayse@okul.tr");
        assert_eq!(ayse.subject, "Okul Kupası: 1. tur eşlemesi");
        assert!(
            ayse.text
                .contains("1. tur, 1. masa: Mehmet ile beyaz taşlarla oynuyorsunuz."),
            "{}",
            ayse.text
        );
        assert!(ayse.text.contains("Yer: Spor salonu"), "{}", ayse.text);
        let starts = ayse
            .text
            .lines()
            .find(|l| l.starts_with("Oyunların başlama zamanı:"));
        assert!(
            starts.is_some_and(|l| l.contains("17:00 (UTC+03:00)")),
            "{}",
            ayse.text
        );
        let game = t["id"].as_str().unwrap();
        if online {
            assert!(
                ayse.text.contains("/games/"),
                "online, the game's link: {}",
                ayse.text
            );
        } else {
            assert!(
                ayse.text.contains(&format!("/tournaments/{game}")),
                "{}",
                ayse.text
            );
        }
        let mehmet = to("mehmet@okul.tr");
        assert!(
            mehmet
                .text
                .contains("Round 1, board 1: you play Black against Ayse."),
            "{}",
            mehmet.text
        );
        let can = to("can@okul.tr");
        assert!(
            can.text.contains("Round 1: you have the bye this round."),
            "{}",
            can.text
        );
        if !online {
            // The round's last result: each player's place.
            let board = ayse_id_board(&app, &path).await;
            let res = app
                .post(
                    &format!("{path}/results"),
                    Some(&org.token),
                    json!({"round": 1, "white": board, "result": "1/2-1/2"}),
                )
                .await;
            assert_eq!(res.status(), StatusCode::OK);
            let mails = wait_for(&inbox, 6).await;
            let ayse = mails[3..]
                .iter()
                .find(|m| m.to == ["ayse@okul.tr".to_owned()])
                .unwrap();
            assert_eq!(ayse.subject, "Okul Kupası: 1. tur sonunda sıralama");
            assert!(
                ayse.text
                    .contains("1. tur tamamlandı: ½ puanla 3 oyuncu arasında"),
                "{}",
                ayse.text
            );
            let can = mails[3..]
                .iter()
                .find(|m| m.to == ["can@okul.tr".to_owned()])
                .unwrap();
            assert!(
                can.text
                    .contains("Round 1 is complete: you are 1 of 3, with a score of 1."),
                "{}",
                can.text
            );
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        inbox.lock().unwrap().len(),
        9,
        "nothing more: the games announce nothing of their own"
    );
}

/// An online tavla round: each board's pairing mail is the players' first word of their match,
/// so it carries the commitment to the match's dice, as the game-started mail does elsewhere.
async fn a_tavla_pairing_mail_carries_the_commitment_to_the_dice(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let org = app
        .create_player_with(json!({"name": "Hakem", "roles": ["organiser"]}))
        .await;
    let t: Value = app
        .post(
            "/api/v1/tournaments",
            Some(&org.token),
            json!({"name": "Tavla Şenliği", "system": "round_robin", "rounds": 1, "play": "online",
                "game": "tavla", "match_length": 1,
                "time_control": {"kind": "per_move", "seconds": 86_400}}),
        )
        .await
        .json()
        .await
        .unwrap();
    let path = format!("/api/v1/tournaments/{}", t["id"].as_str().unwrap());
    for (name, locale) in [("Ayse", "tr"), ("Mehmet", "en")] {
        let email = format!("{}@okul.tr", name.to_lowercase());
        let p = app
            .create_player_with(json!({"name": name, "email": email, "locale": locale}))
            .await;
        let res = app
            .post(
                &format!("{path}/players"),
                Some(&app.admin),
                json!({"player": p.id}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    app.post(&format!("{path}/rounds"), Some(&org.token), json!({}))
        .await;
    let t: Value = app
        .post(
            &format!("{path}/publish"),
            Some(&org.token),
            json!({"round": 1}),
        )
        .await
        .json()
        .await
        .unwrap();
    let game = t["pairings"][0]["boards"][0]["game"]
        .as_str()
        .unwrap()
        .to_owned();
    let commitment = app.get_game(&game).await["dice"]["commitment"]
        .as_str()
        .unwrap()
        .to_owned();
    let all = wait_for(&inbox, 2).await;
    assert_eq!(
        all.len(),
        2,
        "{:?}",
        all.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    for m in &all {
        let said = [
            format!("Dice commitment (zarf-dice-v2): {commitment}"),
            format!("Zar taahhüdü (zarf-dice-v2): {commitment}"),
        ];
        assert!(
            said.iter()
                .any(|s| m.text.contains(s) && m.html.contains(s)),
            "{}",
            m.text
        );
    }
}
