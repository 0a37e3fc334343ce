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

mod digests;
mod games;
mod rounds;
mod sign_in;

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

/// The log receipt a mail's text quotes (`Log receipt: event N, hash H`, or the Turkish `Kayıt
/// makbuzu: olay N, özet H`), if it quotes one.
fn receipt_in(text: &str) -> Option<(i64, String)> {
    let (_, rest) = text
        .split_once("Log receipt: event ")
        .or_else(|| text.split_once("Kayıt makbuzu: olay "))?;
    let (seq, rest) = rest.split_once(", ")?;
    let hash = rest.split_whitespace().nth(1)?;
    Some((seq.parse().ok()?, hash.to_owned()))
}

/// Asserts that a mail quotes as its receipt the seq and hash the events endpoint gives for
/// the event of type `kind` that caused it; returns the seq.
fn assert_receipt(m: &Mail, events: &[Value], kind: &str) -> i64 {
    let (seq, hash) = receipt_in(&m.text).unwrap_or_else(|| panic!("no receipt: {}", m.text));
    let e = &events[usize::try_from(seq - 1).unwrap()];
    assert_eq!(
        (e["type"].as_str(), e["hash"].as_str()),
        (Some(kind), Some(hash.as_str())),
        "{}",
        m.text
    );
    assert!(m.html.contains(&hash), "{}", m.html);
    seq
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

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Runs the scheduler as at `t`.
async fn tick_at(app: &TestApp, t: time::OffsetDateTime) {
    let s = app.state.clone();
    tokio::task::spawn_blocking(move || api::scheduler::tick_at(&s, t))
        .await
        .unwrap()
        .unwrap();
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

/// The player with White on round 1's first board.
async fn ayse_id_board(app: &TestApp, path: &str) -> Value {
    let t: Value = app.get(path, None).await.json().await.unwrap();
    t["pairings"][0]["boards"][0]["white"].clone()
}
