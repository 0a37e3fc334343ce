//! Mail a game's events cause: a move, a dead position, checkers', dama's and tavla's boards and
//! records, and an SMTP outage that loses nothing.

use super::*;
use crate::on_each_backend;

on_each_backend!(
    a_dead_position_found_after_the_move_ends_the_game_for_both,
    a_move_mails_the_opponent_once,
    a_checkers_move_mails_its_board_and_the_end_its_pdn,
    a_dama_move_mails_its_board_and_the_end_its_pdn,
    a_tavla_pass_mails_the_player_whose_turn_came_back_and_the_end_its_mat,
    an_opening_die_asks_the_other_player_for_theirs,
    an_smtp_outage_loses_nothing_and_sends_nothing_twice,
    a_message_reaches_the_opponent_by_mail,
    a_game_the_tables_end_tells_both_players_their_verdict,
);

/// A move that leaves no side a mate, where the move's own judgement cannot tell (queens and
/// rooks on the board, boxed in): the server's background test finds it within moments, the game
/// is drawn as of that move, both players are told, and nothing is played after it.
async fn a_dead_position_found_after_the_move_ends_the_game_for_both(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (white, black) = two_players(&app).await;
    // A dead start is refused.
    let locked = "4K3/8/8/8/8/p1p2p1p/P1pppp1P/bnrqkrnb w - - 0 1";
    let why = assert_error(
        app.create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "start_fen": locked}),
        )
        .await,
        422,
        "position_not_playable",
    )
    .await;
    assert!(why.contains("dead position"), "{why}");
    // One move before it, the game goes on.
    let before = "4K3/8/8/8/5p2/p1p4p/P1pppp1P/bnrqkrnb b - - 0 1";
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "start_fen": before}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    wait_for(&inbox, 2).await;
    let res = app.post_move(&g, &black.token, "f3").await;
    assert_eq!(res.status(), StatusCode::OK);
    // Within moments the game is over, as of Black's move.
    let start = Instant::now();
    let game = loop {
        let game = app.get_game(&g).await;
        if game["status"] == "finished" || start.elapsed() > Duration::from_secs(20) {
            break game;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(game["status"], "finished", "{game}");
    assert_eq!(game["result"], "1/2-1/2");
    assert_eq!(game["termination"], "dead_position");
    assert_eq!(game["ply"], 1);
    let events = app.events(&g, &white.token).await;
    let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "game_created",
            "move_played",
            "dead_position_found",
            "game_ended"
        ]
    );
    assert_eq!(events[2]["data"], json!({"ply": 1}));
    assert_eq!(events[2]["actor"], "system");
    assert_chain(&g, &events);
    // White's move after it is not accepted.
    assert_error(
        app.post_move(&g, &white.token, "Kd7").await,
        409,
        "game_over",
    )
    .await;
    // Both are told, with the PGN: the move, then the result.
    let all = wait_for(&inbox, 5).await;
    let over = game_over_mails(&all);
    assert!(over.iter().any(|m| m.to == ["ayse@okul.tr"]));
    assert!(over.iter().any(|m| m.to == ["mehmet@okul.tr"]));
    // The log, replayed, says the same: the PGN (written from the log) and `zarf verify`.
    let pgn = app
        .get(&format!("/api/v1/games/{g}/pgn"), None)
        .await
        .text()
        .await
        .unwrap();
    assert!(
        pgn.contains("[Result \"1/2-1/2\"]") && pgn.contains("dead position"),
        "{pgn}"
    );
    let (code, out) = crate::verify::verify(&app.db);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("verified 1 games: 0 breaks"), "{out}");
}

async fn a_move_mails_the_opponent_once(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (g, white, black) = game_between(&app).await;
    let started = wait_for(&inbox, 2).await;
    assert_eq!(started.len(), 2, "game_started to both");
    // Each mail quotes the log's receipt after the event it tells of: the game's first event.
    let events = app.events(&g, &white.token).await;
    for m in &started {
        assert_eq!(assert_receipt(m, &events, "game_created"), 1);
        assert!(
            !m.text.contains("Dice commitment") && !m.text.contains("Zar taahhüdü"),
            "{}",
            m.text
        );
    }
    app.play(&g, &white, &black, "e4").await;
    let all = wait_for(&inbox, 3).await;
    assert_eq!(all.len(), 3, "exactly one more mail");
    let m = &all[2];
    assert_eq!(m.to, ["mehmet@okul.tr"]);
    assert_eq!(m.subject, "Ayse played e4: your move");
    let events = app.events(&g, &white.token).await;
    assert_eq!(assert_receipt(m, &events, "move_played"), 2);
    assert!(
        m.text.contains(&format!(
            "Log receipt: event 2, hash {}",
            events[1]["hash"].as_str().unwrap()
        )),
        "{}",
        m.text
    );
    assert!(
        m.text.contains("Hello Mehmet,") && m.text.contains("It is your move."),
        "{}",
        m.text
    );
    assert!(
        m.text.contains("♙") && m.html.contains("<table"),
        "a board diagram, inline"
    );
    assert!(!m.html.contains("<img"), "no remote images");
    assert!(
        m.text.contains(&format!("/games/{g}")),
        "one link to the game"
    );
    assert!(
        m.text.contains("Your time: 2 d 23 h (deadline "),
        "{}",
        m.text
    );
    // The deadline in the reader's time zone (UTC here), to the minute: no raw timestamp.
    let deadline = m.text.split("(deadline ").nth(1).unwrap();
    let deadline = deadline.split(')').next().unwrap();
    assert!(
        deadline.len() == "2026-11-27 14:05 (UTC+00:00".len() && deadline.ends_with("(UTC+00:00"),
        "{deadline}"
    );
    // Threaded per game, a stable id per outbox row, and the unsubscribe headers.
    assert!(
        m.headers
            .contains(&format!("In-Reply-To: <game-{g}@127.0.0.1>")),
        "{}",
        m.headers
    );
    assert!(m
        .headers
        .contains(&format!("References: <game-{g}@127.0.0.1>")));
    assert!(m.message_id.ends_with("@127.0.0.1"));
    assert!(
        m.headers.contains("List-Unsubscribe: <http://127.0.0.1:")
            && m.headers
                .contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click")
    );

    // The Turkish player gets Turkish, and the move in Turkish letters.
    app.play(&g, &white, &black, "Nf6").await;
    let all = wait_for(&inbox, 4).await;
    let m = &all[3];
    assert_eq!(m.to, ["ayse@okul.tr"]);
    assert_eq!(m.subject, "Mehmet Af6 oynadı: hamle sırası sizde");
    assert!(m.text.contains("Merhaba Ayse,"));
    let events = app.events(&g, &white.token).await;
    assert_eq!(assert_receipt(m, &events, "move_played"), 3);
    assert!(
        m.text.contains("Kayıt makbuzu: olay 3, özet "),
        "{}",
        m.text
    );

    // Resignation ends the game: both get the result with the PGN attached.
    app.post(
        &format!("/api/v1/games/{g}/resign"),
        Some(&black.token),
        json!({}),
    )
    .await;
    let all = wait_for(&inbox, 6).await;
    game_over_mails(&all);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(inbox.lock().unwrap().len(), 6, "nothing more");
}

/// A checkers game's mail: the move as the record writes it, the small board of men, and at the
/// end the record as PDN.
async fn a_checkers_move_mails_its_board_and_the_end_its_pdn(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (white, black) = two_players(&app).await;
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "game": "checkers"}),
        )
        .await;
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(wait_for(&inbox, 2).await.len(), 2, "game_started to both");
    app.play(&g, &white, &black, "11-15").await;
    let all = wait_for(&inbox, 3).await;
    let m = &all[2];
    assert_eq!(m.to, ["ayse@okul.tr"]);
    assert_eq!(m.subject, "Mehmet 11-15 oynadı: hamle sırası sizde");
    assert_eq!(m.text.matches('⛂').count(), 12, "Black's men: {}", m.text);
    assert_eq!(m.text.matches('⛀').count(), 12, "White's men: {}", m.text);
    assert!(m.html.contains("<table") && !m.text.contains('♙'));
    app.post(
        &format!("/api/v1/games/{g}/resign"),
        Some(&white.token),
        json!({}),
    )
    .await;
    let all = wait_for(&inbox, 5).await;
    let over: Vec<&Mail> = all
        .iter()
        .filter(|m| m.attachments.contains(&"game.pdn".to_owned()))
        .collect();
    assert_eq!(over.len(), 2, "the record as PDN to both");
}

async fn a_dama_move_mails_its_board_and_the_end_its_pdn(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (white, black) = two_players(&app).await;
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "game": "dama"}),
        )
        .await;
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(wait_for(&inbox, 2).await.len(), 2, "game_started to both");
    app.play(&g, &white, &black, "d3-d4").await;
    let all = wait_for(&inbox, 3).await;
    let m = &all[2];
    assert_eq!(m.to, ["mehmet@okul.tr"]);
    assert!(m.subject.contains("d3-d4"), "{}", m.subject);
    assert_eq!(m.text.matches('⛂').count(), 16, "Black's men: {}", m.text);
    assert_eq!(m.text.matches('⛀').count(), 16, "White's men: {}", m.text);
    assert!(m.html.contains("<table") && !m.text.contains('♙'));
    app.post(
        &format!("/api/v1/games/{g}/resign"),
        Some(&black.token),
        json!({}),
    )
    .await;
    let all = wait_for(&inbox, 5).await;
    let over = all
        .iter()
        .filter(|m| m.attachments.contains(&"game.pdn".to_owned()))
        .count();
    assert_eq!(over, 2, "the record as PDN to both");
}

async fn a_tavla_pass_mails_the_player_whose_turn_came_back_and_the_end_its_mat(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (white, black) = two_players(&app).await;
    // White on the bar against Black's closed home board: White's first throw has no play.
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "game": "tavla",
                "start_position": "27YBBwDg/wcAQA"}),
        )
        .await;
    assert_eq!(res.status(), 201);
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    // The game starts for both, each told the commitment to the dice; White throws, and Black
    // is told that White could not move.
    let res = app
        .post(
            &format!("/api/v1/games/{g}/throw"),
            Some(&white.token),
            json!({}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let all = wait_for(&inbox, 3).await;
    let commitment = app.get_game(&g).await["dice"]["commitment"]
        .as_str()
        .unwrap()
        .to_owned();
    let events = app.events(&g, &white.token).await;
    assert_eq!(events[0]["data"]["dice"]["commitment"], commitment.as_str());
    let started: Vec<&Mail> = all
        .iter()
        .filter(|m| m.subject.starts_with("New game") || m.subject.starts_with("Yeni oyun"))
        .collect();
    assert_eq!(started.len(), 2);
    for m in started {
        let line = [
            "Dice commitment (zarf-dice-v2): ",
            "Zar taahhüdü (zarf-dice-v2): ",
        ]
        .map(|l| format!("{l}{commitment}"));
        assert!(
            line.iter()
                .any(|l| m.text.contains(l) && m.html.contains(l)),
            "{}",
            m.text
        );
        assert!(
            m.text.contains("check every throw") || m.text.contains("her atışı"),
            "{}",
            m.text
        );
        assert_eq!(assert_receipt(m, &events, "game_created"), 1);
    }
    let passed: Vec<&Mail> = all
        .iter()
        .filter(|m| m.to == ["mehmet@okul.tr"] && m.subject.contains("could not move"))
        .collect();
    assert_eq!(
        passed.len(),
        1,
        "{:?}",
        all.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    // The board in the mail, with Black's own dice to play, and the receipt of the throw.
    let m = passed[0];
    assert_receipt(m, &events, "dice_thrown");
    assert!(
        m.text.contains("bar: ● 0 ○ 1"),
        "White's checker on the bar: {}",
        m.text
    );
    assert!(
        m.text.chars().any(|c| ('⚀'..='⚅').contains(&c)),
        "{}",
        m.text
    );
    app.post(
        &format!("/api/v1/games/{g}/resign"),
        Some(&white.token),
        json!({}),
    )
    .await;
    let all = wait_for(&inbox, 5).await;
    let over = all
        .iter()
        .filter(|m| m.attachments.contains(&"match.mat".to_owned()))
        .count();
    assert_eq!(over, 2, "the match as a .mat file to both");
}

async fn an_smtp_outage_loses_nothing_and_sends_nothing_twice(backend: Backend) {
    // The SMTP server is down while the game is played...
    let port = smtp::free_port();
    let app = spawn_app_with(
        backend,
        Options {
            smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
            ..Options::default()
        },
    )
    .await;
    let (g, white, black) = game_between(&app).await;
    app.play(&g, &white, &black, "e4 e5 Nf3 Nc6").await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let store = api::store::Store::open(&app.db.url, 1).unwrap();
    let pending = store.pending_outbox(100).unwrap();
    assert_eq!(pending.len(), 6, "2 game_started + 4 moves, all waiting");
    assert!(
        pending.iter().any(|r| r.attempts > 0),
        "sending was tried and failed"
    );
    // ...and comes back: every mail arrives, once.
    let (_, inbox) = smtp::start(port);
    let mails = wait_for(&inbox, 6).await;
    assert_eq!(mails.len(), 6);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mails: Vec<Mail> = inbox.lock().unwrap().iter().map(parse).collect();
    let mut ids: Vec<&String> = mails.iter().map(|m| &m.message_id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!((mails.len(), ids.len()), (6, 6), "each once");
    assert!(store.pending_outbox(100).unwrap().is_empty());
    // Composed after the game went on, each mail still shows its own move and the board after it.
    let about = |subject: &str| {
        mails
            .iter()
            .find(|m| m.subject == subject)
            .unwrap_or_else(|| panic!("no mail {subject:?}"))
    };
    let first = about("Ayse played e4: your move");
    assert!(
        first.text.contains("7 ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ ") && first.text.contains("3 · · · · · · · · "),
        "the board after 1. e4, as Black sees it:\n{}",
        first.text
    );
    about("Mehmet e5 oynadı: hamle sırası sizde");
    about("Ayse played Nf3: your move");
    about("Mehmet Ac6 oynadı: hamle sırası sizde");
}

/// A message sent with a move goes in the move's mail; one sent alone has a mail of its own.
async fn a_message_reaches_the_opponent_by_mail(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (g, white, black) = game_between(&app).await;
    wait_for(&inbox, 2).await;
    let res = app
        .post(
            &format!("/api/v1/games/{g}/moves"),
            Some(&white.token),
            json!({"move": "d4", "message": "İyi oyunlar, <Mehmet> & co!"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let all = wait_for(&inbox, 3).await;
    assert_eq!(all.len(), 3, "one mail for the move and its message");
    let moved = &all[2];
    assert_eq!(moved.to, ["mehmet@okul.tr"]);
    assert_eq!(moved.subject, "Ayse played d4: your move");
    assert!(
        moved
            .text
            .contains("Ayse writes: İyi oyunlar, <Mehmet> & co!"),
        "{}",
        moved.text
    );
    assert!(
        moved
            .html
            .contains("İyi oyunlar, &#60;Mehmet&#62; &#38; co!"),
        "{}",
        moved.html
    );
    // A message alone, from the page's form: a mail of its own to the other player.
    let (cookie, csrf) = sign_in(&app, &black.id).await;
    let res = no_redirects()
        .post(app.url(&format!("/games/{g}/action?lang=en")))
        .header("cookie", &cookie)
        .form(&[
            ("action", "message"),
            ("message", "Bir gün düşüneceğim."),
            ("csrf", csrf.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let all = wait_for(&inbox, 4).await;
    let note = &all[3];
    assert_eq!(note.to, ["ayse@okul.tr"]);
    assert_eq!(
        note.subject, "Mehmet size mesaj gönderdi",
        "in her language"
    );
    assert!(
        note.text.contains("Mehmet yazıyor: Bir gün düşüneceğim."),
        "{}",
        note.text
    );
    // Nothing else was mailed: the message is not a move.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(wait_for(&inbox, 4).await.len(), 4);
}

/// Each player throws their own opening die: the first to throw has the other asked for theirs,
/// in their language, and a tie has the first asked to throw again.
async fn an_opening_die_asks_the_other_player_for_theirs(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (white, black) = two_players(&app).await;
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "game": "tavla", "match_length": 1}),
        )
        .await;
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let throw = |p: &Player| {
        let (app, g, token) = (&app, g.clone(), p.token.clone());
        async move {
            let res = app
                .post(&format!("/api/v1/games/{g}/throw"), Some(&token), json!({}))
                .await;
            assert_eq!(res.status(), 200);
            res.json::<Value>().await.unwrap()
        }
    };
    // Two game-started mails; then Black throws and White (Turkish) is asked for hers.
    let game = throw(&black).await;
    let die = game["dice"]["opening"]["black"].as_u64().unwrap();
    let all = wait_for(&inbox, 3).await;
    let asked: Vec<&Mail> = all
        .iter()
        .filter(|m| m.to == ["ayse@okul.tr"] && m.subject.contains("başlangıç zarınızı atın"))
        .collect();
    assert_eq!(
        asked.len(),
        1,
        "{:?}",
        all.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    assert!(
        asked[0].subject.contains(&die.to_string()),
        "{}",
        asked[0].subject
    );
    // White throws: a tie has Black asked to throw again; otherwise, where Black's die was the
    // higher, Black is told they start (White, who threw last, sees it on the page).
    let game = throw(&white).await;
    let tie = game["dice"]["opening"].is_object();
    let black_starts = !tie && game["to_move"] == "black";
    let all = wait_for(&inbox, if tie || black_starts { 4 } else { 3 }).await;
    let subjects: Vec<&String> = all.iter().map(|m| &m.subject).collect();
    let to_black = |text: &str| {
        all.iter()
            .filter(|m| m.to == ["mehmet@okul.tr"] && m.subject.contains(text))
            .count()
    };
    assert_eq!(
        to_black("opening die again"),
        usize::from(tie),
        "{subjects:?}"
    );
    assert_eq!(
        to_black("you start"),
        usize::from(black_starts),
        "{subjects:?}"
    );
    assert_eq!(
        all.len(),
        3 + usize::from(tie || black_starts),
        "{subjects:?}"
    );
}

/// A game the tables end (under `automatic`, on the capture that reaches them): both players are
/// told the result with the tables' verdict, each in their language, the PGN attached.
async fn a_game_the_tables_end_tells_both_players_their_verdict(backend: Backend) {
    let (port, inbox) = smtp::start(0);
    let tables = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy");
    let options = Options {
        smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
        syzygy_path: vec![tables],
        ..Options::default()
    };
    let app = spawn_app_with(backend, options).await;
    let (white, black) = two_players(&app).await;
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "tablebase": "automatic",
                "start_fen": "3r3k/7p/8/8/8/8/8/3Q2K1 w - - 0 30"}),
        )
        .await;
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.play(&g, &white, &black, "Qxd8+").await;
    // The new game to both, the move to Black, then the end to both.
    let all = wait_for(&inbox, 5).await;
    let over = game_over_mails(&all);
    let to = |address: &str| over.iter().find(|m| m.to == [address]).unwrap();
    let english = to("mehmet@okul.tr");
    assert!(
        english.text.contains("The game is over: 1-0 (the endgame tablebases). The tablebases: a loss for Black to move (DTZ -6, 4 pieces), by the game's rule. The PGN is attached."),
        "{}",
        english.text
    );
    let turkish = to("ayse@okul.tr");
    assert!(
        turkish.text.contains("Oyun sonu tabloları: hamle sırası Siyah'ta, yenilgi (DTZ -6, 4 taş), oyunun kuralıyla."),
        "{}",
        turkish.text
    );
}
