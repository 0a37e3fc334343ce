//! The operator's way in: `zarf admin add-organiser` / `add-admin` on a fresh data directory,
//! the one-time link it prints, and the admin's page that makes and unmakes organisers.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;
use crate::{both_backends, on_each_backend};

/// `zarf admin ARGS…` on `db`: its exit code, standard output and standard error.
fn zarf_admin(db: &TestDb, args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_zarf"))
        .arg("admin")
        .args(args)
        .env("ZARF_DATABASE_URL", &db.url)
        .env("ZARF_DATA_DIR", &db.data_dir)
        .env("ZARF_PUBLIC_URL", "https://zarf.example.org/")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The session cookie a sign-in answer sets, if any.
fn session_cookie(res: &reqwest::Response) -> Option<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("zarf_session="))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned)
}

async fn the_operator_makes_the_first_organiser_who_signs_in(backend: Backend) {
    let db = TestDb::new(&backend);
    // Bad input changes nothing and says why.
    let (code, _, err) = zarf_admin(&db, &["add-organiser", "--email", "not-an-address"]);
    assert_eq!(code, 2);
    assert!(err.contains("not an e-mail address"), "{err}");
    let (code, out, err) = zarf_admin(
        &db,
        &[
            "add-organiser",
            "--email",
            "Ada@Okul.example.tr",
            "--name",
            "Ada Hoca",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Ada Hoca <ada@okul.example.tr> is now an organiser"),
        "{out}"
    );
    let link = out
        .split_whitespace()
        .find(|w| w.starts_with("https://zarf.example.org/login/"))
        .expect("a sign-in link on the public URL");
    let path = link.trim_start_matches("https://zarf.example.org");

    // The server on the same data directory takes the link once.
    let mut child = zarf_command(&db, "admin-operator-test")
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let base = serving_at(&mut child).expect("zarf serves");
    let client = no_redirects();
    let res = confirm_sign_in_link(&format!("{base}{path}")).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let session = session_cookie(&res).expect("the link opens a session");
    let res = client
        .get(format!("{base}/organise?lang=en"))
        .header("cookie", &session)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().contains("Ada Hoca"));
    let again = client.get(format!("{base}{path}")).send().await.unwrap();
    assert_eq!(
        again.status(),
        StatusCode::BAD_REQUEST,
        "the link is single-use"
    );
    assert!(session_cookie(&again).is_none(), "the link is single-use");

    // The same address made an admin: the same account, now with the admin's page too.
    let (code, out, _) = zarf_admin(&db, &["add-admin", "--email", "ada@okul.example.tr"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Ada Hoca <ada@okul.example.tr> is now an admin"),
        "{out}"
    );
    let path = out
        .split_whitespace()
        .find_map(|w| w.strip_prefix("https://zarf.example.org"))
        .unwrap()
        .to_owned();
    let res = confirm_sign_in_link(&format!("{base}{path}")).await;
    let session = session_cookie(&res).expect("signed in again");
    let res = client
        .get(format!("{base}/admin?lang=en"))
        .header("cookie", &session)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.unwrap();
    assert!(
        page.contains("ada@okul.example.tr") && page.contains("admin, organiser"),
        "{page}"
    );
    child.kill().unwrap();
    child.wait().unwrap();
}

on_each_backend!(the_operator_makes_the_first_organiser_who_signs_in);

both_backends! {
    async fn an_admin_makes_and_unmakes_an_organiser(app) {
        let admin = app.create_player_with(json!({"name": "Yönetici", "roles": ["admin"]})).await;
        let teacher = app.create_player_with(json!({"name": "Selin Öğretmen", "email": "selin@okul.example.tr"})).await;
        let client = no_redirects();
        // Strangers sign in first; players and organisers are told the page is not theirs.
        let res = client.get(app.url("/admin")).send().await.unwrap();
        assert_eq!(res.headers()["location"], "/login?lang=en&next=/admin");
        let (as_teacher, teacher_form) = sign_in(&app, &teacher.id).await;
        let res = client.get(app.url("/admin?lang=en")).header("cookie", &as_teacher).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        let res = client.post(app.url("/admin/organisers")).header("cookie", &as_teacher)
            .form(&[("player", teacher.id.as_str()), ("change", "grant"), ("csrf", teacher_form.as_str())])
            .send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "a player cannot make themselves an organiser");
        let res = client.get(app.url("/organise?lang=en")).header("cookie", &as_teacher).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);

        let (as_admin, form) = sign_in(&app, &admin.id).await;
        let page = client.get(app.url("/admin?lang=tr&q=selin")).header("cookie", &as_admin).send().await.unwrap();
        assert_eq!(page.status(), StatusCode::OK);
        let page = page.text().await.unwrap();
        assert!(page.contains("Selin Öğretmen") && page.contains("Düzenleyici yap"), "{page}");
        assert!(page.contains("href=\"/admin?lang=tr\""), "the admin's navigation leads here");
        let change = |player: &str, change: &str, csrf: &str| {
            client.post(app.url("/admin/organisers?lang=en")).header("cookie", as_admin.clone())
                .form(&[("player", player.to_owned()), ("change", change.to_owned()), ("csrf", csrf.to_owned())])
                .send()
        };
        assert_eq!(change(&teacher.id, "grant", "forged").await.unwrap().status(), StatusCode::FORBIDDEN);
        assert_eq!(change(&teacher.id, "promote", &form).await.unwrap().status(), StatusCode::BAD_REQUEST);
        assert_eq!(change("00000000-0000-7000-8000-000000000000", "grant", &form).await.unwrap().status(), StatusCode::NOT_FOUND);
        assert_eq!(change(&admin.id, "grant", &form).await.unwrap().status(), StatusCode::FORBIDDEN, "not their own roles");
        let res = change(&teacher.id, "grant", &form).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(res.headers()["location"], "/admin?lang=en&done=granted");
        let res = client.get(app.url("/organise?lang=en")).header("cookie", &as_teacher).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "the same session, now an organiser's");
        let me: serde_json::Value = app.get("/api/v1/me", Some(&teacher.token)).await.json().await.unwrap();
        assert_eq!(me["roles"], json!(["player", "organiser"]));

        let res = change(&teacher.id, "revoke", &form).await.unwrap();
        assert_eq!(res.headers()["location"], "/admin?lang=en&done=revoked");
        let res = client.get(app.url("/organise?lang=en")).header("cookie", &as_teacher).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);

        // An admin's own token acts as the admin token does: a game between two others.
        let (a, b) = (app.create_player("A").await, app.create_player("B").await);
        let res = app.create_game_with(&admin.token, json!({"white": a.id, "black": b.id})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let res = app.create_game_with(&teacher.token, json!({"white": a.id, "black": b.id})).await;
        assert_error(res, 403, "not_a_player").await;
        // Only the admin makes admins.
        let res = app.post("/api/v1/players", Some(&teacher.token), json!({"name": "X", "roles": ["admin"]})).await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
    }
}
