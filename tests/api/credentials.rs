//! The life of each credential: the pages' session cookie on the JSON API, form tokens bound
//! to the session, bearer tokens made, rotated, listed and revoked, tokens never handed to an
//! organiser, and login codes that expire, cancel the older ones and are stored under a key.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::{both_backends, on_each_backend};

/// A session for `player` as signing in opens one: the `cookie` header that carries it.
fn session_for(app: &TestApp, player: &str) -> String {
    let session = api::app::tokens::new_token();
    let expires = api::store::micros(api::store::now() + time::Duration::days(1));
    app.state
        .store
        .create_session(&api::app::tokens::token_hash(&session), player, expires)
        .unwrap();
    format!("zarf_session={session}")
}

/// The value of the field `name` of the first form of `html` that has one.
fn field(html: &str, name: &str) -> String {
    html.split(&format!("name=\"{name}\" value=\""))
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no {name} in {html}"))
        .to_owned()
}

/// A code's plain SHA-256 (case and dashes do not matter), as zarf once stored codes.
fn plain_hash(code: &str) -> String {
    use sha2::{Digest, Sha256};
    let normal: String = code
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    hex::encode(Sha256::digest(normal.as_bytes()))
}

both_backends! {
    async fn the_api_takes_the_pages_cookie_for_a_write_only_with_its_token_from_this_site(app) {
        let admin = app.create_player_with(json!({"name": "Yönetici", "roles": ["admin"]})).await;
        let cookie = session_for(&app, &admin.id);
        let made = |email: &str| app.state.store.player_by_email(email).unwrap().is_some();
        let body = |email: &str| json!({"name": "Yeni Yönetici", "email": email, "roles": ["admin"]});
        let post = |headers: Vec<(&'static str, String)>, email: &'static str| {
            let mut req = app.client.post(app.url("/api/v1/players")).header("cookie", &cookie).json(&body(email));
            for (k, v) in headers {
                req = req.header(k, v);
            }
            req.send()
        };
        // The cookie alone (another site's page making the browser post): refused, no admin made.
        assert_error(post(vec![], "a@okul.tr").await.unwrap(), 403, "forbidden").await;
        assert!(!made("a@okul.tr"));
        // The page's token without this site's Origin, or with another site's, or this site's
        // Origin with a token of no page: refused too.
        let token = page_token(&app, &cookie, "/settings").await;
        let origin = app.base.clone();
        for headers in [
            vec![("x-csrf-token", token.clone())],
            vec![("x-csrf-token", token.clone()), ("origin", "https://evil.example".to_owned())],
            vec![("x-csrf-token", token.clone()), ("referer", "https://evil.example/page".to_owned())],
            vec![("x-csrf-token", "00ff".to_owned()), ("origin", origin.clone())],
            vec![("origin", origin.clone())],
        ] {
            assert_error(post(headers, "a@okul.tr").await.unwrap(), 403, "forbidden").await;
        }
        assert!(!made("a@okul.tr"));
        // The page's own script: its token in the header, from this site.
        let res = post(vec![("x-csrf-token", token.clone()), ("origin", origin.clone())], "a@okul.tr").await.unwrap();
        assert_eq!(res.status(), StatusCode::CREATED);
        assert!(made("a@okul.tr"));
        let res = post(vec![("x-csrf-token", token.clone()), ("referer", format!("{origin}/settings"))], "b@okul.tr").await.unwrap();
        assert_eq!(res.status(), StatusCode::CREATED, "a Referer of this site where no Origin is sent");
        // Reads take the cookie alone; a bearer token needs nothing more.
        let me = app.client.get(app.url("/api/v1/me")).header("cookie", &cookie).send().await.unwrap();
        assert_eq!(me.status(), StatusCode::OK);
        let res = app.post("/api/v1/players", Some(&admin.token), body("c@okul.tr")).await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }

    async fn a_form_token_is_its_sessions_and_changes_at_sign_in(app) {
        let ayse = app.create_player("Ayşe").await;
        let bora = app.create_player("Bora").await;
        // Before signing in, the browser's token; signing in by code opens a session.
        let (form_cookie, before) = form_token(&app).await;
        let code: Value = app.post(&format!("/api/v1/players/{}/login-code", ayse.id), Some(&app.admin), json!({})).await.json().await.unwrap();
        let res = no_redirects().post(app.url("/login/code")).header("cookie", &form_cookie)
            .form(&[("code", code["code"].as_str().unwrap()), ("csrf", before.as_str())]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let session = res.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
        let as_ayse = format!("{session}; {form_cookie}");
        let (as_bora, bora_token) = sign_in(&app, &bora.id).await;
        let make = |cookie: String, csrf: String| {
            no_redirects().post(app.url("/settings/tokens")).header("cookie", cookie).form(&[("name", "bot"), ("csrf", &csrf)]).send()
        };
        // The token from before signing in, and another session's, are refused: nothing made.
        assert_eq!(make(as_ayse.clone(), before.clone()).await.unwrap().status(), StatusCode::FORBIDDEN);
        assert_eq!(make(as_ayse.clone(), bora_token.clone()).await.unwrap().status(), StatusCode::FORBIDDEN);
        assert_eq!(app.state.store.token_count(&ayse.id).unwrap(), 1);
        // The session's own token from its page is taken; Bora's works in Bora's session only.
        let mine = page_token(&app, &as_ayse, "/settings").await;
        assert_ne!(mine, before);
        assert_eq!(make(as_ayse.clone(), mine).await.unwrap().status(), StatusCode::OK);
        assert_eq!(app.state.store.token_count(&ayse.id).unwrap(), 2);
        assert_eq!(make(as_bora, bora_token).await.unwrap().status(), StatusCode::OK);
    }

    async fn a_token_is_rotated_listed_and_revoked_at_once(app) {
        let ayse = app.create_player("Ayşe").await;
        let me = |token: String| {
            let app = &app;
            async move { app.get("/api/v1/me", Some(&token)).await.status() }
        };
        assert_eq!(me(ayse.token.clone()).await, StatusCode::OK);
        // Rotation: a new token, the one used revoked at once (though just seen).
        let res = app.post("/api/v1/me/token", Some(&ayse.token), json!({})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        assert_eq!(res.headers()["cache-control"], "no-store");
        let rotated = res.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned();
        assert_eq!(rotated.len(), 64);
        assert_eq!(me(ayse.token.clone()).await, StatusCode::UNAUTHORIZED);
        assert_eq!(me(rotated.clone()).await, StatusCode::OK);
        assert_error(app.post("/api/v1/me/token", Some(&ayse.token), json!({})).await, 401, "unauthenticated").await;
        assert_error(app.post("/api/v1/me/token", Some(&app.admin), json!({})).await, 403, "not_a_player").await;
        assert_error(app.post("/api/v1/me/token", None, json!({})).await, 401, "unauthenticated").await;
        // From a page (the cookie, its token, this site): one more token, none revoked.
        let cookie = session_for(&app, &ayse.id);
        let csrf = page_token(&app, &cookie, "/settings/tokens").await;
        let res = app.client.post(app.url("/api/v1/me/token")).header("cookie", &cookie)
            .header("x-csrf-token", &csrf).header("origin", &app.base).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::CREATED);
        let from_page = res.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned();
        assert_eq!(me(from_page.clone()).await, StatusCode::OK);
        assert_eq!(me(rotated.clone()).await, StatusCode::OK);
        // The settings page makes one, shown once, and lists them all.
        let res = no_redirects().post(app.url("/settings/tokens?lang=en")).header("cookie", &cookie)
            .form(&[("name", "satranç-botu"), ("csrf", &csrf)]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["cache-control"], "no-store");
        let page = res.text().await.unwrap();
        let named = page.split("<code class=\"secret\">").nth(1).unwrap().split('<').next().unwrap().to_owned();
        assert_eq!(me(named.clone()).await, StatusCode::OK);
        let list = app.client.get(app.url("/settings/tokens?lang=en")).header("cookie", &cookie).send().await.unwrap().text().await.unwrap();
        assert_eq!(list.matches("/settings/tokens/revoke").count(), 3, "{list}");
        assert!(list.contains("satranç-botu") && !list.contains(&named), "{list}");
        // Revoked from the page: refused from the next request on.
        let first = field(&list, "id");
        let res = no_redirects().post(app.url("/settings/tokens/revoke")).header("cookie", &cookie)
            .form(&[("id", first.as_str()), ("csrf", &csrf)]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(me(named).await, StatusCode::UNAUTHORIZED, "the newest, listed first");
        assert_eq!(app.state.store.token_count(&ayse.id).unwrap(), 2);
        // Another's token, or none, is not revoked.
        let bora = app.create_player("Bora").await;
        let as_bora = session_for(&app, &bora.id);
        let bora_csrf = page_token(&app, &as_bora, "/settings/tokens").await;
        let list = app.client.get(app.url("/settings/tokens")).header("cookie", &cookie).send().await.unwrap().text().await.unwrap();
        let res = no_redirects().post(app.url("/settings/tokens/revoke")).header("cookie", &as_bora)
            .form(&[("id", field(&list, "id").as_str()), ("csrf", &bora_csrf)]).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        assert_eq!(app.state.store.token_count(&ayse.id).unwrap(), 2);
    }

    async fn an_organiser_is_never_handed_a_pupils_token(app) {
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let res = app.post("/api/v1/players", Some(&org.token), json!({"name": "Ece"})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let pupil: Value = res.json().await.unwrap();
        assert!(pupil.get("token").is_none(), "{pupil}");
        let id = pupil["id"].as_str().unwrap();
        assert_eq!(app.state.store.token_count(id).unwrap(), 0, "no token anyone could hold");
        // The admin (the token, or a player given the role) is handed the new player's.
        let admin = app.create_player_with(json!({"name": "Yönetici", "roles": ["admin"]})).await;
        for token in [&app.admin, &admin.token] {
            let made: Value = app.post("/api/v1/players", Some(token), json!({"name": "Can"})).await.json().await.unwrap();
            let given = made["token"].as_str().unwrap().to_owned();
            let me: Value = app.get("/api/v1/me", Some(&given)).await.json().await.unwrap();
            assert_eq!(me["id"], made["id"]);
        }
    }

    async fn a_login_code_expires_and_a_new_one_cancels_the_older(app) {
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let pupil = app.create_pupil(&org.token, json!({"name": "Ece"})).await;
        let path = format!("/api/v1/players/{}/login-code", pupil.id);
        let code = |query: &'static str, body: Value| {
            let (app, path, org) = (&app, path.clone(), org.token.clone());
            async move { app.post(&format!("{path}{query}"), Some(&org), body).await }
        };
        // Days out of range (in the body or the query, even beside good days in the body), or a
        // body it does not take: 400, no code made.
        for (query, body) in [("", json!({"days": 0})), ("", json!({"days": 366})), ("?days=0", json!({})), ("", json!({"nope": 1})), ("?days=-5", json!({"days": 1}))] {
            assert_error(code(query, body).await, 400, "bad_request").await;
        }
        // Thirty days unless the organiser says; in the body or the query.
        let first: Value = code("", json!({})).await.json().await.unwrap();
        let until = time::OffsetDateTime::parse(first["expires_at"].as_str().unwrap(), &time::format_description::well_known::Rfc3339).unwrap();
        let days = (until - api::store::now()).whole_hours();
        assert!((29 * 24..=30 * 24).contains(&days), "{first}");
        let second: Value = code("?days=2", json!({})).await.json().await.unwrap();
        // A whole number written with a point is still a whole number of days.
        let written_with_a_point = code("", json!({"days": 249.0})).await;
        assert_eq!(written_with_a_point.status(), 201);
        assert_error(code("", json!({"days": 2.5})).await, 400, "bad_request").await;
        let third: Value = code("", json!({"days": 365})).await.json().await.unwrap();
        let until = time::OffsetDateTime::parse(third["expires_at"].as_str().unwrap(), &time::format_description::well_known::Rfc3339).unwrap();
        assert!((until - api::store::now()).whole_days() >= 364, "{third}");
        // Only the newest works: the older ones were cancelled when it was made.
        let now = api::store::micros(api::store::now());
        for older in [&first, &second] {
            let older = api::app::sign_in::code_hash(&app.state, older["code"].as_str().unwrap());
            assert_eq!(app.state.store.use_login_code(&older, now).unwrap(), None);
        }
        // Expired, it signs nobody in; before, it does.
        let fourth: Value = code("?days=1", json!({})).await.json().await.unwrap();
        let hash = api::app::sign_in::code_hash(&app.state, fourth["code"].as_str().unwrap());
        let after = api::store::micros(api::store::now() + time::Duration::hours(25));
        assert_eq!(app.state.store.use_login_code(&hash, after).unwrap(), None, "expired after a day");
        assert_eq!(app.state.store.use_login_code(&hash, now).unwrap().as_deref(), Some(pupil.id.as_str()));
    }

    async fn a_code_is_stored_under_a_key_and_a_plainly_hashed_one_works_till_it_expires(app) {
        let org = app.create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]})).await;
        let pupil = app.create_pupil(&org.token, json!({"name": "Ece"})).await;
        let made: Value = app.post(&format!("/api/v1/players/{}/login-code", pupil.id), Some(&org.token), json!({}))
            .await.json().await.unwrap();
        let code = made["code"].as_str().unwrap().to_owned();
        // A copy of the database is no list to guess against: no code's plain SHA-256 is in it.
        let now = api::store::micros(api::store::now());
        assert_eq!(app.state.store.use_login_code(&plain_hash(&code), now).unwrap(), None);
        let keyed = api::app::sign_in::code_hash(&app.state, &code);
        assert!(keyed.starts_with("k1:") && !keyed.contains(&plain_hash(&code)), "{keyed}");

        // A code stored before, as its plain SHA-256, signs in once while it is unexpired.
        let (cookie, token) = form_token(&app).await;
        let sign_in = |code: String| {
            let (app, cookie, token) = (&app, cookie.clone(), token.clone());
            async move {
                no_redirects().post(app.url("/login/code")).header("cookie", cookie)
                    .form(&[("code", code.as_str()), ("csrf", token.as_str())]).send().await.unwrap()
            }
        };
        let old = "ABCD-EFGH-2345";
        let until = api::store::micros(api::store::now() + time::Duration::days(3));
        app.state.store.insert_login_code(&plain_hash(old), &pupil.id, now, until).unwrap();
        let first = sign_in("abcd efgh 2345".into()).await;
        assert_eq!(first.status(), StatusCode::SEE_OTHER);
        assert!(first.headers()["set-cookie"].to_str().unwrap().contains("zarf_session="));
        let again = sign_in(old.into()).await;
        assert_ne!(again.status(), StatusCode::SEE_OTHER, "used once");
        let expired = "WXYZ-2345-6789";
        let ended = api::store::micros(api::store::now() - time::Duration::hours(1));
        app.state.store.insert_login_code(&plain_hash(expired), &pupil.id, now - 10, ended).unwrap();
        assert_ne!(sign_in(expired.into()).await.status(), StatusCode::SEE_OTHER, "expired");
    }
}

on_each_backend!(cookies_are_host_only_over_https);

async fn cookies_are_host_only_over_https(backend: Backend) {
    let app = spawn_app_with(
        backend,
        Options {
            public_url: Some("https://zarf.example.org".into()),
            ..Options::default()
        },
    )
    .await;
    let ayse = app.create_player("Ayşe").await;
    let res = app.client.get(app.url("/login")).send().await.unwrap();
    let set = res.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(set.starts_with("__Host-zarf_csrf="), "{set}");
    assert!(
        set.contains("Secure") && set.contains("Path=/") && !set.contains("Domain"),
        "{set}"
    );
    let form_cookie = set.split(';').next().unwrap().to_owned();
    let csrf = field(&res.text().await.unwrap(), "csrf");
    let code: Value = app
        .post(
            &format!("/api/v1/players/{}/login-code", ayse.id),
            Some(&app.admin),
            json!({}),
        )
        .await
        .json()
        .await
        .unwrap();
    let res = no_redirects()
        .post(app.url("/login/code"))
        .header("cookie", &form_cookie)
        .form(&[
            ("code", code["code"].as_str().unwrap()),
            ("csrf", csrf.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let set = res.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(
        set.starts_with("__Host-zarf_session=")
            && set.contains("Secure")
            && !set.contains("Domain"),
        "{set}"
    );
    let session = set.split(';').next().unwrap().to_owned();
    let me = app
        .client
        .get(app.url("/api/v1/me"))
        .header("cookie", &session)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), StatusCode::OK);
    // The name without its prefix (a cookie another host could have set) signs nobody in.
    let bare = session.trim_start_matches("__Host-");
    let me = app
        .client
        .get(app.url("/api/v1/me"))
        .header("cookie", bare)
        .send()
        .await
        .unwrap();
    assert_eq!(me.status(), StatusCode::UNAUTHORIZED);
}
