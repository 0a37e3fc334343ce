//! Limits by client address: each test sends from several loopback addresses (127.0.0.2, …),
//! each another client to the server, and shows that one client's failures or writes do not
//! lock another out, and that X-Forwarded-For names the client only from a trusted proxy.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// A one-time sign-in code the admin made for `player`.
async fn code_for(app: &TestApp, player: &Player) -> String {
    let res = app
        .post(
            &format!("/api/v1/players/{}/login-code", player.id),
            Some(&app.admin),
            json!({}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let body: Value = res.json().await.unwrap();
    body["code"].as_str().unwrap().to_owned()
}

/// Posts `code` at the sign-in page from `client`: the status, and whether a session was opened.
async fn use_code(app: &TestApp, client: &reqwest::Client, code: &str) -> (StatusCode, bool) {
    let (cookie, csrf) = form_token(app).await;
    let res = client
        .post(app.url("/login/code"))
        .header("cookie", cookie)
        .form(&[("code", code), ("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap();
    let session = res
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.starts_with("zarf_session=") && !v.starts_with("zarf_session=;"));
    (res.status(), session)
}

/// A classroom's right code works after a stranger elsewhere used up their attempts; the
/// stranger's address is refused every code, right or wrong, until its lock ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_classrooms_right_code_works_after_a_stranger_exhausted_theirs() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            login_limit_per_hour: 3,
            address_failures_before_lock: 3,
            ..Options::default()
        },
    )
    .await;
    let pupil = app.create_player("Deniz").await;
    let other = app.create_player("Ece").await;
    let (stranger, classroom) = (client_from("127.0.0.2"), client_from("127.0.0.3"));
    for _ in 0..3 {
        let (status, session) = use_code(&app, &stranger, "AAAA-BBBB-CCCC").await;
        assert_eq!((status, session), (StatusCode::BAD_REQUEST, false));
    }
    let code = code_for(&app, &other).await;
    assert_eq!(
        use_code(&app, &stranger, &code).await,
        (StatusCode::TOO_MANY_REQUESTS, false),
        "the stranger's address is locked, right code or wrong"
    );
    let code = code_for(&app, &pupil).await;
    assert_eq!(
        use_code(&app, &classroom, &code).await,
        (StatusCode::SEE_OTHER, true),
        "the classroom signs in"
    );
    // A wrong code in the classroom is not yet a lock there.
    let (status, _) = use_code(&app, &classroom, "AAAA-BBBB-CCCC").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// A write with a token nobody was given counts against its client address, as an anonymous
/// one does: made-up tokens get no bucket of their own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_bearer_token_gets_no_bucket_of_its_own() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            rate_limit_per_minute: 3,
            ..Options::default()
        },
    )
    .await;
    let player = app.create_player("Deniz").await;
    let (forger, neighbour) = (client_from("127.0.0.4"), client_from("127.0.0.5"));
    let write = |client: &reqwest::Client, token: String| {
        client
            .post(app.url("/api/v1/games"))
            .bearer_auth(token)
            .json(&json!({"white": "w", "black": "b"}))
            .send()
    };
    for n in 0..3 {
        let res = write(&forger, format!("made-up-{n}")).await.unwrap();
        assert_error(res, 401, "unauthenticated").await;
    }
    let res = write(&forger, "made-up-again".into()).await.unwrap();
    assert_error(res, 429, "rate_limited").await;
    let res = write(&neighbour, "made-up-there".into()).await.unwrap();
    assert_error(res, 401, "unauthenticated").await;
    // A player whose token was just seen writes under their own account.
    let me = forger
        .get(app.url("/api/v1/me"))
        .bearer_auth(&player.token)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), StatusCode::OK);
    let res = write(&forger, player.token.clone()).await.unwrap();
    assert_ne!(res.status(), StatusCode::TOO_MANY_REQUESTS);
}

/// An anonymous write from `client`, forwarded for `forwarded_for`: its status.
async fn anonymous_write(
    app: &TestApp,
    client: &reqwest::Client,
    forwarded_for: &str,
) -> StatusCode {
    client
        .post(app.url("/api/v1/games"))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .status()
}

/// Behind a trusted proxy each forwarded client has its own limits; from any other peer
/// X-Forwarded-For is ignored, so a client cannot make up addresses to escape its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_for_names_the_client_only_from_a_trusted_proxy() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            rate_limit_per_minute: 2,
            trusted_proxies: "127.0.0.2, 10.0.0.0/8",
            ..Options::default()
        },
    )
    .await;
    let (proxy, direct) = (client_from("127.0.0.2"), client_from("127.0.0.3"));
    for _ in 0..2 {
        let status = anonymous_write(&app, &proxy, "203.0.113.5").await;
        assert_ne!(status, StatusCode::TOO_MANY_REQUESTS);
    }
    assert_eq!(
        anonymous_write(&app, &proxy, "203.0.113.5").await,
        StatusCode::TOO_MANY_REQUESTS,
        "that client is over its limit"
    );
    assert_ne!(
        anonymous_write(&app, &proxy, "203.0.113.6").await,
        StatusCode::TOO_MANY_REQUESTS,
        "another client behind the proxy is not"
    );
    assert_eq!(
        anonymous_write(&app, &proxy, "203.0.113.5, 10.1.2.3").await,
        StatusCode::TOO_MANY_REQUESTS,
        "the right-most address that is not a trusted proxy"
    );
    for n in 0..2 {
        let status = anonymous_write(&app, &direct, &format!("198.51.100.{n}")).await;
        assert_ne!(status, StatusCode::TOO_MANY_REQUESTS);
    }
    assert_eq!(
        anonymous_write(&app, &direct, "198.51.100.9").await,
        StatusCode::TOO_MANY_REQUESTS,
        "an untrusted peer's X-Forwarded-For is ignored"
    );
}

/// Sign-in links are limited per mail address from one client address and per client address
/// (over every mail address); a mail address asked for from everywhere is mailed up to a cap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_links_are_limited_per_mail_address_and_per_client() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            login_limit_per_hour: 1,
            ..Options::default()
        },
    )
    .await;
    let ask = |client: reqwest::Client, email: String| {
        let app = &app;
        async move {
            let (cookie, csrf) = form_token(app).await;
            client
                .post(app.url("/login"))
                .header("cookie", cookie)
                .form(&[("email", email.as_str()), ("csrf", csrf.as_str())])
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    let ayse = app
        .create_player_with(serde_json::json!({"name": "Ayşe", "email": "ayse@okul.tr"}))
        .await;
    let mailed = || {
        app.state
            .store
            .outbox(1000)
            .unwrap()
            .iter()
            .filter(|m| m.recipient_id == ayse.id)
            .count()
    };
    let (a, b) = (client_from("127.0.0.6"), client_from("127.0.0.7"));
    assert_eq!(ask(a.clone(), "ayse@okul.tr".into()).await, StatusCode::OK);
    assert_eq!(
        ask(a.clone(), "ayse@okul.tr".into()).await,
        StatusCode::TOO_MANY_REQUESTS,
        "that mail address again, from that client"
    );
    // A stranger who asked for her address locks nobody out: she asks from elsewhere.
    assert_eq!(ask(b.clone(), "ayse@okul.tr".into()).await, StatusCode::OK);
    assert_eq!(mailed(), 2);
    // From ever more places, her address is mailed at most ten links an hour; every asker
    // still gets the same page.
    for n in 10..20 {
        let from = client_from(&format!("127.0.1.{n}"));
        assert_eq!(
            ask(from, "ayse@okul.tr".into()).await,
            StatusCode::OK,
            "{n}"
        );
    }
    assert_eq!(mailed(), 10, "no more mail past the cap");
    assert_eq!(ask(b.clone(), "ece@okul.tr".into()).await, StatusCode::OK);
    // Ten times the per-address limit for one client address (two asked above).
    for n in 0..8 {
        let status = ask(a.clone(), format!("p{n}@okul.tr")).await;
        assert_eq!(status, StatusCode::OK, "{n}");
    }
    assert_eq!(
        ask(a, "last@okul.tr".into()).await,
        StatusCode::TOO_MANY_REQUESTS,
        "that client address"
    );
}

/// Sign-ups are limited as sign-in links are: a second one for the same address from the same
/// client is refused and mails nothing; from elsewhere it is taken (a stranger cannot lock the
/// address's owner out); one client may ask ten times as often before it too is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ups_are_limited_per_mail_address_and_per_client() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            login_limit_per_hour: 1,
            signup: api::config::Signup::Open,
            ..Options::default()
        },
    )
    .await;
    let ask = |client: reqwest::Client, email: String| {
        let app = &app;
        async move {
            client
                .post(app.url("/api/v1/signup"))
                .json(&json!({"email": email, "name": "Yeni Oyuncu"}))
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    let mailed = |to: &str| {
        let Some(player) = app.state.store.player_by_email(to).unwrap() else {
            return 0;
        };
        app.state
            .store
            .outbox(1000)
            .unwrap()
            .iter()
            .filter(|m| m.recipient_id == player.id)
            .count()
    };
    let (a, b) = (client_from("127.0.0.8"), client_from("127.0.0.9"));
    assert_eq!(
        ask(a.clone(), "yeni@okul.tr".into()).await,
        StatusCode::ACCEPTED
    );
    assert_eq!(mailed("yeni@okul.tr"), 1);
    assert_eq!(
        ask(a.clone(), "yeni@okul.tr".into()).await,
        StatusCode::TOO_MANY_REQUESTS,
        "that address again, from that client"
    );
    assert_eq!(mailed("yeni@okul.tr"), 1, "refused: no second mail");
    // From elsewhere the address is known now: a sign-in link, under the same answer.
    assert_eq!(
        ask(b.clone(), "yeni@okul.tr".into()).await,
        StatusCode::ACCEPTED
    );
    assert_eq!(mailed("yeni@okul.tr"), 2);
    // Ten times the per-address limit for one client address (two asked above).
    for n in 0..8 {
        let status = ask(a.clone(), format!("p{n}@okul.tr")).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{n}");
    }
    assert_eq!(
        ask(a, "last@okul.tr".into()).await,
        StatusCode::TOO_MANY_REQUESTS,
        "that client address"
    );
    assert!(
        app.state
            .store
            .player_by_email("last@okul.tr")
            .unwrap()
            .is_none(),
        "a refused sign-up makes no account"
    );
}
