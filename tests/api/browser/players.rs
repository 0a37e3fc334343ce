//! Players in the browser: the admin's page, a challenge accepted from its mail, a newcomer signing up and rated, an invitation.

use super::*;

/// The admin's page in both languages: an account found by name and made an organiser with a
/// click, whose navigation then leads to the organiser's page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_makes_an_organiser_from_the_page() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let admin = app
        .create_player_with(json!({"name": "Yönetici Ayşe", "roles": ["admin"]}))
        .await;
    let teacher = app
        .create_player_with(json!({"name": "Selin Öğretmen", "email": "selin@okul.example.tr"}))
        .await;
    app.create_player_with(json!({"name": "Mehmet Öz", "email": "mehmet@example.org"}))
        .await;
    let c = browser(&driver).await;
    sign_in_as(&c, &app, &admin.id).await;
    c.goto(&app.url("/admin?lang=tr")).await.unwrap();
    look(&c, "admin-tr").await;
    c.goto(&app.url("/admin?lang=en")).await.unwrap();
    type_into(&c, "#a-q", "selin").await;
    click(&c, "form.search button").await;
    until_shown(&c, "value=\"selin\"").await;
    let rows = c
        .find_all(Locator::Css("table.accounts tbody tr"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 2, "the admin, and the one player found");
    click(&c, "button[aria-label='Make Selin Öğretmen an organiser']").await;
    until_shown(&c, "The account is now an organiser.").await;
    look(&c, "admin-en").await;
    let t = browser(&driver).await;
    sign_in_as(&t, &app, &teacher.id).await;
    click(&t, "nav a[href^='/organise']").await;
    until_at(&t, |path| path == "/organise").await;
    t.close().await.unwrap();
    c.close().await.unwrap();
}

/// A player challenges another from the pages by address, rated, with a message; the other
/// follows the mail's link, accepts, and is taken to the game, which both then see.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_sent_from_the_page_is_accepted_from_its_mail() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let (port, inbox) = smtp::start(0);
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
            ..Options::default()
        },
    )
    .await;
    let ayse = app
        .create_player_with(
            json!({"name": "Ayşe Yılmaz", "email": "ayse@example.org", "locale": "tr"}),
        )
        .await;
    let bora = app
        .create_player_with(json!({"name": "Bora Kaya", "email": "bora@example.org"}))
        .await;
    let can = app.create_player("Can Demir").await;
    let seek = app
        .post(
            "/api/v1/challenges",
            Some(&can.token),
            json!({"open": true, "game": "tavla", "message": "Kim tavla oynar?"}),
        )
        .await;
    assert_eq!(seek.status(), 201);
    let a = browser(&driver).await;
    sign_in_as(&a, &app, &ayse.id).await;
    a.goto(&app.url("/challenges?lang=tr")).await.unwrap();
    look(&a, "challenges-tr").await;
    type_into(&a, "#c-opponent", "bora@example.org").await;
    click(&a, "#c-colour option[value=white]").await;
    click(&a, "#c-rated").await;
    type_into(&a, "#c-message", "Bir oyun daha?").await;
    click(&a, "form[action^='/challenges?'] button").await;
    until_shown(&a, "Bora Kaya için davetiniz").await;
    look(&a, "challenge-sent-tr").await;

    let link = link_in_mail(&inbox, "bora@example.org", "/challenges/").await;
    let b = browser(&driver).await;
    sign_in_as(&b, &app, &bora.id).await;
    b.goto(&link).await.unwrap();
    until_shown(&b, "Challenge from Ayşe Yılmaz").await;
    look(&b, "challenge-received").await;
    click(&b, "form[action*='/accept'] button").await;
    until_at(&b, |path| path.starts_with("/games/")).await;
    let game = b
        .current_url()
        .await
        .unwrap()
        .path()
        .trim_start_matches("/games/")
        .to_owned();
    let g = app.get_game(&game).await;
    assert_eq!(g["white"]["name"], "Ayşe Yılmaz");
    assert_eq!(g["rated"], true);
    a.goto(&app.url("/?lang=tr")).await.unwrap();
    until_shown(&a, &game).await;
    b.goto(&app.url("/challenges?lang=en")).await.unwrap();
    until_shown(&b, "Kim tavla oynar?").await;
    look(&b, "challenges-lobby").await;
    // Ayşe resigns the rated game: both ratings move, as Bora's profile shows.
    let res = app
        .post(
            &format!("/api/v1/games/{game}/resign"),
            Some(&ayse.token),
            json!({}),
        )
        .await;
    assert_eq!(res.status(), 200);
    api::scheduler::tick(&app.state).unwrap();
    b.goto(&app.url(&format!("/players/{}?lang=en", bora.id)))
        .await
        .unwrap();
    until_shown(&b, "1662?").await;
    look(&b, "profile-en").await;
    a.goto(&app.url(&format!("/players/{}?lang=tr", bora.id)))
        .await
        .unwrap();
    until_shown(&b, "svg class=\"rating-graph\"").await;
    look(&a, "profile-tr").await;
    a.close().await.unwrap();
    b.close().await.unwrap();
}

/// A newcomer signs up on an open server (in Turkish), confirms by the mailed link, challenges
/// a player to a rated game; the player accepts from the challenge's mail; they play it by
/// clicks, and both see their new ratings.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_signs_up_challenges_plays_and_is_rated() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let (port, inbox) = smtp::start(0);
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
            signup: api::config::Signup::Open,
            ..Options::default()
        },
    )
    .await;
    let bora = app
        .create_player_with(json!({"name": "Bora Kaya", "email": "bora@example.org"}))
        .await;
    let n = browser(&driver).await;
    n.goto(&app.url("/login?lang=tr")).await.unwrap();
    click(&n, "a[href^='/signup']").await;
    until_at(&n, |path| path == "/signup").await;
    look(&n, "signup-tr").await;
    type_into(&n, "#s-name", "Yeni Oyuncu").await;
    type_into(&n, "#s-email", "yeni@example.org").await;
    click(&n, "form[action^='/signup'] button").await;
    until_shown(&n, "Bu adrese bir bağlantı gönderiliyor").await;
    let link = sign_in_link(&inbox, "yeni@example.org").await;
    n.goto(&link).await.unwrap();
    look(&n, "login-link-tr").await;
    click(&n, "form[action^='/login/link'] button").await;
    n.wait()
        .for_element(Locator::Css("nav form"))
        .await
        .unwrap();
    n.goto(&app.url("/challenges?lang=tr")).await.unwrap();
    type_into(&n, "#c-opponent", "bora@example.org").await;
    click(&n, "#c-colour option[value=black]").await;
    click(&n, "#c-rated").await;
    click(&n, "form[action^='/challenges?'] button").await;
    until_shown(&n, "Bora Kaya için davetiniz").await;

    let b = browser(&driver).await;
    sign_in_as(&b, &app, &bora.id).await;
    b.goto(&link_in_mail(&inbox, "bora@example.org", "/challenges/").await)
        .await
        .unwrap();
    until_shown(&b, "Challenge from Yeni Oyuncu").await;
    click(&b, "form[action*='/accept'] button").await;
    until_at(&b, |path| path.starts_with("/games/")).await;
    let game = b.current_url().await.unwrap();
    n.goto(game.as_str()).await.unwrap();
    // Bora has White; the newcomer mates with the queen.
    play(&b, "f2", "f3", None).await;
    until_listed_moves(&n, "1. f3").await;
    play(&n, "e7", "e5", None).await;
    until_listed_moves(&b, "1. f3 e5").await;
    play(&b, "g2", "g4", None).await;
    until_listed_moves(&n, "2. g4").await;
    play(&n, "d8", "h4", None).await;
    until_listed_moves(&b, "Qh4#").await;
    api::scheduler::tick(&app.state).unwrap();
    let newcomer = app
        .state
        .store
        .player_by_email("yeni@example.org")
        .unwrap()
        .unwrap();
    n.goto(&app.url(&format!("/players/{}?lang=tr", newcomer.id)))
        .await
        .unwrap();
    until_shown(&n, "Satranç: <span class=\"rating-value\">1662?</span>").await;
    look(&n, "newcomer-profile-tr").await;
    b.goto(&app.url(&format!("/players/{}?lang=en", bora.id)))
        .await
        .unwrap();
    until_shown(&b, "Chess: <span class=\"rating-value\">1338?</span>").await;
    look(&b, "rated-profile-en").await;
    // Their settings: whom they take challenges from, an invitation for a friend, their data.
    n.goto(&app.url("/settings?lang=tr")).await.unwrap();
    for (section, name) in [
        ("challenges", "settings-challenges-tr"),
        ("data", "settings-data-tr"),
    ] {
        n.execute(
            &format!("document.getElementById('{section}').scrollIntoView()"),
            vec![],
        )
        .await
        .unwrap();
        look(&n, name).await;
    }
    n.close().await.unwrap();
    b.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_invites_a_friend_from_the_settings_page() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            signup: api::config::Signup::Invite,
            ..Options::default()
        },
    )
    .await;
    let ayse = app
        .create_player_with(
            json!({"name": "Ayşe Kaya", "email": "ayse@example.org", "locale": "tr"}),
        )
        .await;
    let a = browser(&driver).await;
    sign_in_as(&a, &app, &ayse.id).await;
    a.goto(&app.url("/settings?lang=tr")).await.unwrap();
    a.execute("document.getElementById('invite').scrollIntoView()", vec![])
        .await
        .unwrap();
    look(&a, "settings-invite-tr").await;
    click(&a, "form[action^='/settings/invite'] button").await;
    until_shown(&a, "/signup?invite=").await;
    look(&a, "invitation-tr").await;
    // The friend follows the link: the sign-up page, for them.
    let link = a
        .find(Locator::Css("code.link"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let link = link.trim().to_owned();
    assert!(link.contains("/signup?invite="), "{link}");
    let f = browser(&driver).await;
    f.goto(&link).await.unwrap();
    until_at(&f, |path| path == "/signup").await;
    look(&f, "signup-invited").await;
    a.close().await.unwrap();
    f.close().await.unwrap();
}

/// A player makes an application password for their correspondence program (shown once, in
/// Turkish), then writes to their opponent with a move; the opponent reads it on the game page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_makes_an_application_password_and_writes_with_a_move() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let ayse = app
        .create_player_with(
            json!({"name": "Ayşe Kaya", "email": "ayse@example.org", "locale": "tr"}),
        )
        .await;
    let bora = app
        .create_player_with(json!({"name": "Bora Can", "email": "bora@example.org"}))
        .await;
    let a = browser(&driver).await;
    sign_in_as(&a, &app, &ayse.id).await;
    a.goto(&app.url("/settings/passwords?lang=tr"))
        .await
        .unwrap();
    type_into(&a, "#pw-name", "Scid vs. PC").await;
    click(&a, "form[action^='/settings/passwords'] button").await;
    until_shown(&a, "class=\"secret\"").await;
    look(&a, "passwords-new-tr").await;
    let password = a
        .find(Locator::Css("code.secret"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(password.trim().len(), 23, "{password}");
    a.goto(&app.url("/settings/passwords?lang=tr"))
        .await
        .unwrap();
    until_shown(&a, "<td>Scid vs. PC</td>").await;
    assert!(
        !a.source().await.unwrap().contains(password.trim()),
        "shown once"
    );
    look(&a, "passwords-tr").await;

    // A bearer token for a program of her own, shown once, listed, revoked.
    a.goto(&app.url("/settings/tokens?lang=tr")).await.unwrap();
    type_into(&a, "#token-name", "bot.py").await;
    click(&a, "form[action^='/settings/tokens?'] button").await;
    until_shown(&a, "class=\"secret\"").await;
    look(&a, "tokens-new-tr").await;
    let token = a
        .find(Locator::Css("code.secret"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(
        app.get("/api/v1/me", Some(token.trim())).await.status(),
        200
    );
    click(&a, "button[aria-label*='bot.py']").await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while app.get("/api/v1/me", Some(token.trim())).await.status() != 401 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "revoked from the page"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let res = app
        .create_game_with(&app.admin, json!({"white": ayse.id, "black": bora.id}))
        .await;
    let game = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    a.goto(&app.url(&format!("/games/{game}?lang=tr")))
        .await
        .unwrap();
    type_into(&a, "#move", "e4").await;
    type_into(&a, "#message", "İyi oyunlar! Haftaya tatildeyim.").await;
    click(&a, "form.move > button").await;
    until_shown(&a, "İyi oyunlar! Haftaya tatildeyim.").await;
    let b = browser(&driver).await;
    sign_in_as(&b, &app, &bora.id).await;
    b.goto(&app.url(&format!("/games/{game}?lang=en")))
        .await
        .unwrap();
    until_shown(&b, "<h2 id=\"messages\">Messages</h2>").await;
    assert!(b
        .source()
        .await
        .unwrap()
        .contains("İyi oyunlar! Haftaya tatildeyim."));
    b.execute(
        "document.getElementById('messages').scrollIntoView()",
        vec![],
    )
    .await
    .unwrap();
    look(&b, "game-messages").await;
    a.close().await.unwrap();
    b.close().await.unwrap();
}
