//! Mail over real SMTP: a move mails the opponent once, in their language and notation, threaded
//! per game; an outage loses nothing and sends nothing twice; sign-in links, login codes and
//! one-click unsubscribe.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mail_parser::{MessageParser, MimeHeaders};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::smtp::{self, Received};
use crate::helpers::*;
use crate::on_each_backend;

on_each_backend!(
    a_move_mails_the_opponent_once,
    a_checkers_move_mails_its_board_and_the_end_its_pdn,
    a_dama_move_mails_its_board_and_the_end_its_pdn,
    a_tavla_pass_mails_the_player_whose_turn_came_back_and_the_end_its_mat,
    an_smtp_outage_loses_nothing_and_sends_nothing_twice,
    a_digest_waits_for_its_hour,
    mail_not_to_be_sent_is_settled,
    mail_a_player_seen_lately_takes_none_of_is_settled_as_it_is_written,
    a_dead_position_found_after_the_move_ends_the_game_for_both,
    a_published_round_mails_each_player_their_pairing_once,
);

struct Mail {
    to: Vec<String>,
    subject: String,
    text: String,
    html: String,
    headers: String,
    message_id: String,
    attachments: Vec<String>,
}

fn parse(r: &Received) -> Mail {
    let m = MessageParser::default().parse(&r.raw).expect("a mail");
    let raw = String::from_utf8_lossy(&r.raw);
    let headers = raw.split("\r\n\r\n").next().unwrap_or_default().to_owned();
    Mail {
        to: r.to.clone(),
        subject: m.subject().unwrap_or_default().to_owned(),
        text: m.body_text(0).unwrap_or_default().into_owned(),
        html: m.body_html(0).unwrap_or_default().into_owned(),
        headers,
        message_id: m.message_id().unwrap_or_default().to_owned(),
        attachments: m
            .attachments()
            .map(|a| a.attachment_name().unwrap_or_default().to_owned())
            .collect(),
    }
}

/// Waits until `n` mails have arrived (at most 30 s) and returns them all.
async fn wait_for(inbox: &Arc<Mutex<Vec<Received>>>, n: usize) -> Vec<Mail> {
    let start = Instant::now();
    while inbox.lock().unwrap().len() < n && start.elapsed() < Duration::from_secs(30) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    inbox.lock().unwrap().iter().map(parse).collect()
}

/// The game-over mails among `all` (they carry the PGN): one to each player.
fn game_over_mails(all: &[Mail]) -> Vec<&Mail> {
    let over: Vec<&Mail> = all
        .iter()
        .filter(|m| m.attachments.contains(&"game.pgn".to_owned()))
        .collect();
    assert_eq!(
        over.len(),
        2,
        "{:?}",
        all.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    over
}

async fn mail_app(backend: Backend) -> (TestApp, Arc<Mutex<Vec<Received>>>) {
    let (port, inbox) = smtp::start(0);
    let app = spawn_app_with(
        backend,
        Options {
            smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
            ..Options::default()
        },
    )
    .await;
    (app, inbox)
}

/// Ayse (Turkish) and Mehmet, each with an address.
async fn two_players(app: &TestApp) -> (Player, Player) {
    let white = app
        .create_player_with(json!({"name": "Ayse", "email": "ayse@okul.tr", "locale": "tr"}))
        .await;
    let black = app
        .create_player_with(json!({"name": "Mehmet", "email": "mehmet@okul.tr"}))
        .await;
    (white, black)
}

async fn game_between(app: &TestApp) -> (String, Player, Player) {
    let (white, black) = two_players(app).await;
    let res = app.create_game_with(&app.admin, json!({"white": white.id, "black": black.id, "time_control": {"kind": "per_move", "seconds": 259200}})).await;
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    (g, white, black)
}

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
    app.play(&g, &white, &black, "e4").await;
    let all = wait_for(&inbox, 3).await;
    assert_eq!(all.len(), 3, "exactly one more mail");
    let m = &all[2];
    assert_eq!(m.to, ["mehmet@okul.tr"]);
    assert_eq!(m.subject, "Ayse played e4: your move");
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
    // The game starts for both, and Black is told that White could not move.
    let all = wait_for(&inbox, 3).await;
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
    // The board in the mail, with Black's own dice to play.
    let m = passed[0];
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

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_by_mail() {
    let (app, inbox) = mail_app(Backend::Sqlite).await;
    let p = app
        .create_player_with(json!({"name": "Zeynep", "email": "zeynep@okul.tr"}))
        .await;
    let client = no_redirects();
    let (cookie, token) = form_token(&app).await;
    // A form without its token changes nothing: no mail.
    let forged = client
        .post(app.url("/login"))
        .form(&[("email", "zeynep@okul.tr")])
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    let forged = client
        .post(app.url("/login"))
        .header("cookie", &cookie)
        .form(&[("email", "zeynep@okul.tr"), ("csrf", "00ff")])
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    // Unknown and known addresses get the same answer; only the known one gets a mail.
    let ask = |email: &str| {
        client
            .post(app.url("/login"))
            .header("cookie", &cookie)
            .form(&[("email", email), ("csrf", token.as_str())])
            .send()
    };
    let unknown = ask("nobody@okul.tr").await.unwrap().text().await.unwrap();
    let known = ask("zeynep@okul.tr").await.unwrap().text().await.unwrap();
    assert_eq!(unknown, known);
    let mails = wait_for(&inbox, 1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(inbox.lock().unwrap().len(), 1);
    assert_eq!(mails[0].to, ["zeynep@okul.tr"]);
    assert!(
        !mails[0].headers.contains("List-Unsubscribe"),
        "a sign-in link is not a subscription"
    );
    let link = mails[0]
        .text
        .split_whitespace()
        .find(|w| w.contains("/login/"))
        .unwrap()
        .to_owned();
    let token = link.rsplit('/').next().unwrap().to_owned();
    let store = api::store::Store::open(&app.db.url, 1).unwrap();
    assert!(store.pending_outbox(10).unwrap().is_empty());
    let db = std::fs::read(app.db.data_dir.join("zarf.sqlite3")).unwrap();
    assert!(
        !String::from_utf8_lossy(&db).contains(&token),
        "the link is stored only hashed"
    );

    // Older than 15 minutes, it would not work (checked without using it).
    let hash = {
        use sha2::{Digest, Sha256};
        hex::encode(Sha256::digest(token.as_bytes()))
    };
    let later = api::store::micros(api::store::now() + time::Duration::minutes(16));
    assert_eq!(
        store.use_login_link(&hash, later).unwrap(),
        None,
        "expired after 15 minutes"
    );
    // The link opens a session once.
    let res = client.get(&link).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    assert!(!cookie.contains("Secure"), "not behind HTTPS here");
    let session = cookie.split(';').next().unwrap().to_owned();
    let me: Value = client
        .get(app.url("/api/v1/me"))
        .header("cookie", &session)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["id"], p.id.as_str());
    assert_eq!(
        client.get(&link).send().await.unwrap().status(),
        StatusCode::BAD_REQUEST,
        "single use"
    );
    assert_eq!(
        client
            .get(app.url("/login/00"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_requests_are_rate_limited() {
    let (app, _inbox) = mail_app(Backend::Sqlite).await;
    let client = no_redirects();
    let (cookie, token) = form_token(&app).await;
    let mut statuses = Vec::new();
    for _ in 0..1002 {
        let s = client
            .post(app.url("/login"))
            .header("cookie", &cookie)
            .form(&[("email", "x@okul.tr"), ("csrf", token.as_str())])
            .send()
            .await
            .unwrap()
            .status();
        statuses.push(s);
        if s == StatusCode::TOO_MANY_REQUESTS {
            break;
        }
    }
    assert_eq!(
        statuses.last(),
        Some(&StatusCode::TOO_MANY_REQUESTS),
        "limited after {}",
        statuses.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_printed_login_code_signs_a_pupil_in_once() {
    let app = spawn_app(Backend::Sqlite).await;
    let org = app
        .create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]}))
        .await;
    let pupil = app.create_player("Can").await;
    let res = app
        .post(
            &format!("/api/v1/players/{}/login-code", pupil.id),
            Some(&org.token),
            json!({}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let code = res.json::<Value>().await.unwrap()["code"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(code.len(), 14);
    let other = app.create_player("Ece").await;
    assert_error(
        app.post(
            &format!("/api/v1/players/{}/login-code", pupil.id),
            Some(&other.token),
            json!({}),
        )
        .await,
        403,
        "forbidden",
    )
    .await;
    let card = app
        .client
        .post(app.url(&format!(
            "/api/v1/players/{}/login-code?format=html",
            pupil.id
        )))
        .bearer_auth(&org.token)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(card.contains("Can"), "a printable card");
    let client = no_redirects();
    let (cookie, token) = form_token(&app).await;
    // Without the form's token the code is refused and stays unused.
    let forged = client
        .post(app.url("/login/code"))
        .form(&[("code", code.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    // Typed from paper: lower case, no dashes.
    let typed = code.replace('-', "").to_lowercase();
    let res = client
        .post(app.url("/login/code"))
        .header("cookie", &cookie)
        .form(&[("code", typed.as_str()), ("csrf", token.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let session = res.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let me: Value = client
        .get(app.url("/api/v1/me"))
        .header("cookie", session)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["id"], pupil.id.as_str());
    let again = client
        .post(app.url("/login/code"))
        .header("cookie", &cookie)
        .form(&[("code", code.as_str()), ("csrf", token.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::BAD_REQUEST, "one time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_click_unsubscribe_leaves_only_reminders() {
    let (app, inbox) = mail_app(Backend::Sqlite).await;
    let (g, white, black) = game_between(&app).await;
    app.play(&g, &white, &black, "e4").await;
    let mails = wait_for(&inbox, 3).await;
    let to_black = mails
        .iter()
        .find(|m| m.subject.contains("played e4"))
        .unwrap();
    let link = to_black
        .headers
        .lines()
        .find_map(|l| l.strip_prefix("List-Unsubscribe: <"))
        .unwrap()
        .trim_end_matches('>')
        .to_owned();
    // A forged token does nothing.
    let forged = link.replace("token=", "token=00");
    let refused = app
        .client
        .post(&forged)
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let store = api::store::Store::open(&app.db.url, 1).unwrap();
    assert_eq!(
        store.player(&black.id).unwrap().unwrap().mail_mode,
        "every_event"
    );
    // RFC 8058: the mail client posts to the link.
    let res = app
        .client
        .post(&link)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        store.player(&black.id).unwrap().unwrap().mail_mode,
        "reminders_only"
    );
    app.play(&g, &white, &black, "e5 Nf3").await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let subjects: Vec<String> = inbox
        .lock()
        .unwrap()
        .iter()
        .map(parse)
        .map(|m| m.subject)
        .collect();
    assert!(
        subjects
            .iter()
            .any(|s| s.contains("Mehmet Af6") || s.contains("e5")),
        "White still gets mail: {subjects:?}"
    );
    assert!(
        !subjects.iter().any(|s| s.contains("played Nf3")),
        "Black does not: {subjects:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_digest_instead_of_every_event() {
    let (app, inbox) = mail_app(Backend::Sqlite).await;
    let (g, white, black) = game_between(&app).await;
    wait_for(&inbox, 2).await;
    // Black wants a digest at this hour of the day in UTC+3.
    let now = time::OffsetDateTime::now_utc();
    let hour = (now.hour() + 3) % 24;
    let prefs = json!({"mode": "digest", "digest_hour": hour, "utc_offset_minutes": 180});
    let res = app.put_mail_preferences(&black.token, prefs).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let bad = app
        .put_mail_preferences(&black.token, json!({"mode": "hourly"}))
        .await;
    assert_error(bad, 400, "bad_request").await;
    app.play(&g, &white, &black, "e4").await;
    // The server's own scheduler sends the digest this hour; the move itself sends nothing.
    let mails = wait_for(&inbox, 3).await;
    assert!(
        !mails.iter().any(|m| m.subject.contains("played e4")),
        "no mail for the move itself"
    );
    // Running the scheduler again an hour before or a minute later sends no second digest.
    let now = time::OffsetDateTime::now_utc();
    for t in [
        now - time::Duration::minutes(61),
        now + time::Duration::minutes(1),
    ] {
        tick_at(&app, t).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(inbox.lock().unwrap().len(), 3);
    let digest = &mails[2];
    assert_eq!(digest.to, ["mehmet@okul.tr"]);
    assert_eq!(digest.subject, "Your move in 1 games");
    assert!(
        digest.text.contains("Ayse – Mehmet") && digest.text.contains(&format!("/games/{g}")),
        "{}",
        digest.text
    );
}

/// Runs the scheduler as at `t`.
async fn tick_at(app: &TestApp, t: time::OffsetDateTime) {
    let s = app.state.clone();
    tokio::task::spawn_blocking(move || api::scheduler::tick_at(&s, t))
        .await
        .unwrap()
        .unwrap();
}

/// A digest chosen for a later hour: rounds before that hour send nothing, the first round in it
/// sends one, later rounds that day none, and the same hour the next day the next one.
async fn a_digest_waits_for_its_hour(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (g, white, black) = game_between(&app).await;
    wait_for(&inbox, 2).await;
    app.play(&g, &white, &black, "e4").await;
    wait_for(&inbox, 3).await;
    // Black's digest hour (UTC+3) starts between five and six hours from now.
    let now = time::OffsetDateTime::now_utc();
    let hour = (now.hour() + 3 + 5) % 24;
    let prefs = json!({"mode": "digest", "digest_hour": hour, "utc_offset_minutes": 180});
    let res = app.put_mail_preferences(&black.token, prefs).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let start = now.replace_time(time::Time::from_hms(now.hour(), 0, 0).unwrap())
        + time::Duration::hours(5);
    // Mail queued for a future moment is not sent before it: the digests are counted in the
    // outbox, where each round's digest is queued.
    let queued = |app: &TestApp| -> Vec<(String, i64)> {
        let rows = app.state.store.outbox(1000).unwrap();
        rows.into_iter()
            .filter(|r| r.kind == "digest")
            .map(|r| (r.recipient_id, r.created_at))
            .collect()
    };
    for (t, digests) in [
        (now, 0),
        (start - time::Duration::minutes(1), 0),
        (start + time::Duration::minutes(1), 1),
        (start + time::Duration::minutes(2), 1),
        (start + time::Duration::minutes(59), 1),
        (start + time::Duration::hours(2), 1),
        (
            start + time::Duration::days(1) + time::Duration::seconds(30),
            2,
        ),
    ] {
        tick_at(&app, t).await;
        let digests_queued = queued(&app);
        assert_eq!(
            digests_queued.len(),
            digests,
            "after a round at {t}: {digests_queued:?}"
        );
        assert!(digests_queued.iter().all(|(to, _)| *to == black.id));
    }
    let days: Vec<i64> = queued(&app).iter().map(|(_, at)| *at).collect();
    let micros = |t: time::OffsetDateTime| (t.unix_timestamp_nanos() / 1000) as i64;
    assert_eq!(
        days,
        [
            micros(start + time::Duration::minutes(1)),
            micros(start + time::Duration::days(1) + time::Duration::seconds(30))
        ]
    );
    // A second server's round that read the same due digest writes nothing: its digest has moved on.
    let late =
        api::store::OutboxRow::queued(None, "digest", black.id.clone(), "{}".into(), micros(start));
    let taken = app
        .state
        .store
        .record_digest(
            &black.id,
            micros(start),
            micros(start + time::Duration::days(1)),
            Some(micros(start)),
            Some(&late),
        )
        .unwrap();
    assert!(!taken);
    assert_eq!(queued(&app).len(), 2);
}

/// A game between Ayse, with an address, and Mehmet, without.
async fn game_with_one_address(app: &TestApp) -> (String, Player, Player) {
    let white = app
        .create_player_with(json!({"name": "Ayse", "email": "ayse@okul.tr"}))
        .await;
    let black = app.create_player_with(json!({"name": "Mehmet"})).await;
    let res = app
        .create_game_with(&app.admin, json!({"white": white.id, "black": black.id}))
        .await;
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    (g, white, black)
}

/// Mail to a player without an address, or against the player's preference, is settled without
/// being sent, each with its reason recorded; the rest is sent.
async fn mail_not_to_be_sent_is_settled(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (g, white, black) = game_with_one_address(&app).await;
    app.play(&g, &white, &black, "e4 e5").await;
    wait_for(&inbox, 2).await;
    let res = app
        .put_mail_preferences(&white.token, json!({"mode": "reminders_only"}))
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    app.play(&g, &white, &black, "Nf3 Nc6").await;
    // Every row settled: sent, or marked with why not.
    let start = Instant::now();
    let rows = loop {
        let rows = app.state.store.outbox(100).unwrap();
        if rows.iter().all(|r| r.sent_at.is_some()) || start.elapsed() > Duration::from_secs(30) {
            break rows;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let notes = |to: &str| -> Vec<(String, Option<String>)> {
        rows.iter()
            .filter(|r| r.recipient_id == to)
            .map(|r| {
                (
                    r.kind.clone(),
                    r.sent_at
                        .and(Some(r.last_error.clone().unwrap_or_default())),
                )
            })
            .collect()
    };
    let no_address = Some("not sent: no e-mail address".to_owned());
    let sent = Some(String::new());
    let preference = Some("not sent: the player's mail preference".to_owned());
    let to_black = notes(&black.id);
    assert_eq!(to_black.len(), 3, "the new game, e4 and Nf3: {to_black:?}");
    assert!(
        to_black.iter().all(|(_, note)| *note == no_address),
        "{to_black:?}"
    );
    let to_white: Vec<Option<String>> =
        notes(&white.id).into_iter().map(|(_, note)| note).collect();
    assert_eq!(
        to_white,
        [sent.clone(), sent, preference],
        "the new game, e5, Nc6"
    );
    let mails = wait_for(&inbox, 2).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(inbox.lock().unwrap().len(), 2);
    assert!(mails.iter().all(|m| m.to == ["ayse@okul.tr"]));
}

/// Mail to a player this server has read in the last few seconds, who takes none of it (no
/// address, or their preference), is settled as it is written, with the sender's own note: its
/// time is the event's, where the sender's would be later (D36). A preference changed through
/// this server is heeded by the very next mail.
async fn mail_a_player_seen_lately_takes_none_of_is_settled_as_it_is_written(backend: Backend) {
    let (app, inbox) = mail_app(backend).await;
    let (g, white, black) = game_with_one_address(&app).await;
    // Each recipient read just before the move that mails them, as the sender's round or a
    // request would read them, so that no slow machine lets the few seconds run out.
    let seen = |p: &Player| app.state.store.player(&p.id).unwrap().expect("the player");
    // The new game's mail to Ayse goes out before her preference changes.
    assert_eq!(wait_for(&inbox, 1).await.len(), 1);
    seen(&black);
    app.play(&g, &white, &black, "e4").await;
    let res = app
        .put_mail_preferences(&white.token, json!({"mode": "reminders_only"}))
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert_eq!(seen(&white).mail_mode, "reminders_only");
    app.play(&g, &white, &black, "e5").await;
    seen(&black);
    app.play(&g, &white, &black, "Nf3").await;
    // Changed through this server, the preference holds for the next mail at once, though the
    // old one was read a moment ago (by Ayse's own move) and she has made no request since.
    let res = app
        .put_mail_preferences(&white.token, json!({"mode": "every_event"}))
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    app.play(&g, &white, &black, "Nc6").await;

    let mails = wait_for(&inbox, 2).await;
    let subjects: Vec<&str> = mails.iter().map(|m| m.subject.as_str()).collect();
    assert_eq!(subjects.len(), 2, "{subjects:?}");
    assert!(
        subjects.iter().any(|s| s.contains("played Nc6")),
        "{subjects:?}"
    );
    // The mail of a move: to `to`, of event `seq`, as the table holds it now.
    let moved = |to: &Player, seq: i64| {
        let rows = app.state.store.outbox(100).unwrap();
        rows.iter()
            .find(|r| {
                r.recipient_id == to.id
                    && r.kind == "opponent_moved"
                    && serde_json::from_str::<Value>(&r.payload).unwrap()["seq"] == seq
            })
            .cloned()
            .unwrap_or_else(|| panic!("mail of event {seq}: {rows:?}"))
    };
    let settled_as_written = |to: &Player, seq: i64, note: &str| {
        let row = moved(to, seq);
        assert_eq!(row.sent_at, Some(row.created_at), "{row:?}");
        assert_eq!(row.last_error.as_deref(), Some(note), "{row:?}");
        assert_eq!(row.claimed_until, None, "{row:?}");
    };
    // Events: 1 the game created, 2 e4, 3 e5, 4 Nf3, 5 Nc6.
    settled_as_written(&black, 2, "not sent: no e-mail address");
    settled_as_written(&white, 3, "not sent: the player's mail preference");
    settled_as_written(&black, 4, "not sent: no e-mail address");
    // Nc6's mail went by the sender (it arrived above), which marks it sent after the event.
    let start = Instant::now();
    let sent = loop {
        let row = moved(&white, 5);
        if row.sent_at.is_some() || start.elapsed() > Duration::from_secs(30) {
            break row;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(
        sent.sent_at.is_some_and(|at| at > sent.created_at),
        "Nc6 sent to Ayse by the sender: {sent:?}"
    );
    assert_eq!(sent.last_error, None, "Nc6 sent to Ayse: {sent:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_smtp_mails_are_eml_files() {
    let app = spawn_app(Backend::Sqlite).await;
    let (g, white, black) = game_between(&app).await;
    app.play(&g, &white, &black, "e4").await;
    let dir = app.db.data_dir.join("mail");
    let start = Instant::now();
    let files = loop {
        let files: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        if files.len() >= 3 || start.elapsed() > Duration::from_secs(20) {
            break files;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(files.len(), 3, "two game_started and one move: {files:?}");
    assert!(files
        .iter()
        .all(|f| f.extension().is_some_and(|e| e == "eml")));
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("mehmet@okul.tr") && t.contains("played e4")),
        "{texts:?}"
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
                    Some(&org.token),
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

/// The player with White on round 1's first board.
async fn ayse_id_board(app: &TestApp, path: &str) -> Value {
    let t: Value = app.get(path, None).await.json().await.unwrap();
    t["pairings"][0]["boards"][0]["white"].clone()
}
