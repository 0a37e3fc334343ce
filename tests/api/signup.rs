//! Sign-up in each of the server's modes: closed refuses and makes nothing; open makes an
//! account that plays only once its address is confirmed by the mailed link; invite takes a
//! player's invitation link and nothing else.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

async fn app_with(
    signup: api::config::Signup,
) -> (
    TestApp,
    std::sync::Arc<std::sync::Mutex<Vec<smtp::Received>>>,
) {
    let (port, inbox) = smtp::start(0);
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
            signup,
            ..Options::default()
        },
    )
    .await;
    (app, inbox)
}

/// The sign-in link in the latest mail to `to` (waiting for it).
async fn link_to(
    inbox: &std::sync::Arc<std::sync::Mutex<Vec<smtp::Received>>>,
    to: &str,
    nth: usize,
) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let links: Vec<String> = inbox
            .lock()
            .unwrap()
            .iter()
            .filter(|r| r.to.iter().any(|t| t == to))
            .filter_map(|r| {
                let m = mail_parser::MessageParser::default().parse(&r.raw)?;
                let text = m.body_text(0)?.into_owned();
                text.split_whitespace()
                    .find(|w| w.contains("/login/"))
                    .map(str::to_owned)
            })
            .collect();
        if links.len() > nth {
            return links[nth].clone();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no sign-in mail to {to}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn sign_up(
    app: &TestApp,
    body: Value,
) -> impl std::future::Future<Output = reqwest::Response> + '_ {
    app.post("/api/v1/signup", None, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_server_takes_no_sign_ups() {
    let (app, _) = app_with(api::config::Signup::Closed).await;
    assert_error(
        sign_up(&app, json!({"email": "yeni@example.org", "name": "Yeni"})).await,
        403,
        "signup_closed",
    )
    .await;
    assert!(app
        .state
        .store
        .player_by_email("yeni@example.org")
        .unwrap()
        .is_none());
    let res = app
        .client
        .get(app.url("/signup?lang=en"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("This server does not take sign-ups"));
    let login = app
        .client
        .get(app.url("/login?lang=en"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(!login.contains("/signup"), "no way to sign up is offered");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_sign_up_plays_once_its_address_is_confirmed() {
    let (app, inbox) = app_with(api::config::Signup::Open).await;
    let login = app
        .client
        .get(app.url("/login?lang=en"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(login.contains("href=\"/signup?lang=en\""));
    assert_error(
        sign_up(&app, json!({"email": "not-mail", "name": "Yeni"})).await,
        400,
        "bad_request",
    )
    .await;
    assert_error(
        sign_up(&app, json!({"email": "yeni@example.org", "name": " "})).await,
        400,
        "bad_request",
    )
    .await;
    let res = sign_up(
        &app,
        json!({"email": "Yeni@Example.org", "name": "Yeni Oyuncu", "locale": "tr"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let newcomer = app
        .state
        .store
        .player_by_email("yeni@example.org")
        .unwrap()
        .expect("made");
    assert!(!newcomer.email_confirmed);
    assert_eq!(
        (newcomer.name.as_str(), newcomer.locale.as_str()),
        ("Yeni Oyuncu", "tr")
    );

    // Unconfirmed: signed in by a code, they cannot challenge, and nobody finds them.
    let other = app
        .create_player_with(json!({"name": "Eski", "email": "eski@example.org"}))
        .await;
    let client = no_redirects();
    let (session, form) = sign_in(&app, &newcomer.id).await;
    let res = client
        .post(app.url("/challenges?lang=en"))
        .header("cookie", &session)
        .form(&[("to", "open"), ("game", "chess"), ("csrf", form.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("Confirm your e-mail address first"));
    let res = app
        .post(
            "/api/v1/challenges",
            Some(&other.token),
            json!({"to": newcomer.id}),
        )
        .await;
    assert_error(res, 404, "not_found").await;

    // The mailed link confirms the address: now they play.
    let link = link_to(&inbox, "yeni@example.org", 0).await;
    let path = link
        .split_once("/login/")
        .map(|(_, t)| format!("/login/{t}"))
        .unwrap();
    let res = confirm_sign_in_link(&app.url(&path)).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(
        app.state
            .store
            .player_by_email("yeni@example.org")
            .unwrap()
            .unwrap()
            .email_confirmed
    );
    let res = client
        .post(app.url("/challenges?lang=en"))
        .header("cookie", &session)
        .form(&[("to", "open"), ("game", "chess"), ("csrf", form.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = app
        .post(
            "/api/v1/challenges",
            Some(&other.token),
            json!({"to": newcomer.id}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);

    // Signing up again with a known address makes nothing new: it mails a sign-in link.
    let res = sign_up(
        &app,
        json!({"email": "yeni@example.org", "name": "Başkası"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    link_to(&inbox, "yeni@example.org", 1).await;
    assert_eq!(
        app.state
            .store
            .player_by_email("yeni@example.org")
            .unwrap()
            .unwrap()
            .name,
        "Yeni Oyuncu"
    );

    // The page: a refusal keeps what was typed; a sign-up says to check the mail.
    let (cookie, token) = form_token(&app).await;
    let post = |fields: Vec<(&'static str, &'static str)>| {
        let mut fields: Vec<(&str, String)> =
            fields.into_iter().map(|(k, v)| (k, v.to_owned())).collect();
        fields.push(("csrf", token.clone()));
        client
            .post(app.url("/signup?lang=en"))
            .header("cookie", cookie.clone())
            .form(&fields)
            .send()
    };
    let res = post(vec![
        ("name", "Deniz"),
        ("email", "deniz@"),
        ("locale", "en"),
    ])
    .await
    .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let page = res.text().await.unwrap();
    assert!(
        page.contains("That is not an e-mail address.") && page.contains("value=\"Deniz\""),
        "{page}"
    );
    let res = post(vec![
        ("name", "Deniz"),
        ("email", "deniz@example.org"),
        ("locale", "en"),
    ])
    .await
    .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().contains("A link is on its way"));
    link_to(&inbox, "deniz@example.org", 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invite_only_server_takes_a_players_invitation() {
    let (app, inbox) = app_with(api::config::Signup::Invite).await;
    assert_error(
        sign_up(&app, json!({"email": "a@example.org", "name": "A"})).await,
        403,
        "invitation_required",
    )
    .await;
    assert_error(
        sign_up(
            &app,
            json!({"email": "a@example.org", "name": "A", "invitation": "forged"}),
        )
        .await,
        403,
        "invitation_required",
    )
    .await;
    let res = app
        .client
        .get(app.url("/signup?lang=en"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_error(
        app.post("/api/v1/invitations", Some(&app.admin), json!({}))
            .await,
        403,
        "not_a_player",
    )
    .await;
    let host = app
        .create_player_with(json!({"name": "Ev Sahibi", "email": "host@example.org"}))
        .await;
    let res = app
        .post("/api/v1/invitations", Some(&host.token), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let invitation: Value = res.json().await.unwrap();
    let link = invitation["link"].as_str().unwrap();
    let token = link.split("invite=").nth(1).unwrap();
    let page = app
        .client
        .get(app.url(&format!("/signup?lang=en&invite={token}")))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page
        .text()
        .await
        .unwrap()
        .contains(&format!("name=\"invite\" value=\"{token}\"")));
    let res = sign_up(
        &app,
        json!({"email": "a@example.org", "name": "A", "invitation": token}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    link_to(&inbox, "a@example.org", 0).await;
    // The settings page offers invitations to players here.
    let (session, form) = sign_in(&app, &host.id).await;
    let settings = app
        .client
        .get(app.url("/settings?lang=en"))
        .header("cookie", &session)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(settings.contains("action=\"/settings/invite?lang=en\""));
    let res = app
        .client
        .post(app.url("/settings/invite?lang=en"))
        .header("cookie", &session)
        .form(&[("csrf", form.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().contains("/signup?invite="));
}
