//! Signing in by mail: links, their rate limit, printed codes; one-click unsubscribe.

use super::*;

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
    // Following the link spends nothing (a mail scanner may follow it): its page asks, kept
    // out of caches and referrers, again and again.
    for _ in 0..2 {
        let res = client.get(&link).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["cache-control"], "no-store");
        assert_eq!(res.headers()["referrer-policy"], "no-referrer");
        assert!(res
            .headers()
            .get("set-cookie")
            .is_some_and(|c| !c.to_str().unwrap().contains("zarf_session")));
        let page = res.text().await.unwrap();
        assert!(
            page.contains("Zeynep") && page.contains("action=\"/login/link"),
            "{page}"
        );
    }
    // Its button without the page's form token (another site's form) signs nobody in.
    let forged = client
        .post(app.url("/login/link"))
        .form(&[("token", token.as_str()), ("csrf", "00ff")])
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    // The button opens a session once.
    let res = confirm_sign_in_link(&link).await;
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
    let (form_cookie, form) = form_token(&app).await;
    let again = client
        .post(app.url("/login/link"))
        .header("cookie", &form_cookie)
        .form(&[("token", token.as_str()), ("csrf", form.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::BAD_REQUEST, "single use");
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
    // Her own pupil: an organiser makes codes for no one else (D69).
    let pupil = app.create_pupil(&org.token, json!({"name": "Can"})).await;
    // A printable card; its code is cancelled by the next one made for the pupil.
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
    // To anyone outside her school she is no one (D69).
    let other = app.create_player("Ece").await;
    assert_error(
        app.post(
            &format!("/api/v1/players/{}/login-code", pupil.id),
            Some(&other.token),
            json!({}),
        )
        .await,
        404,
        "not_found",
    )
    .await;
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
