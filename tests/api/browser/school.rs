//! A school in the browser: the organiser's class, its games and an adjourned one; a tournament run from its pages.

use super::*;

/// The whole story: an organiser adds two pupils from a list and prints their codes; one
/// signs in by code, the other by the link mailed to a real SMTP server; they play a short game
/// by clicking (a refused move, two promotions, a draw offered with a move and accepted live),
/// see the result and the PGN; an adjourned game is sealed and opened from the pages. Every page
/// looked at in both widths and checked by axe-core.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_school_plays_from_the_browser() {
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
    let org = app
        .create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]}))
        .await;
    // The organiser adds the class from a list and prints its codes.
    let o = browser(&driver).await;
    sign_in_as(&o, &app, &org.id).await;
    o.goto(&app.url("/organise?lang=en")).await.unwrap();
    assert!(
        o.find(Locator::Id("c-file"))
            .await
            .unwrap()
            .is_displayed()
            .await
            .unwrap(),
        "with the script, a CSV file may fill the list"
    );
    add_class(&o, "name,email\nAyşe Yılmaz\nMehmet Öz,mehmet@okul.tr\n", 2).await;
    look(&o, "organise").await;
    // A pupil's "leaves the school", opened, and the school's privacy.
    click(&o, "details.leaves summary").await;
    look(&o, "organise-leaves").await;
    o.execute(
        "document.getElementById('privacy').scrollIntoView()",
        vec![],
    )
    .await
    .unwrap();
    look(&o, "organise-privacy").await;
    click(&o, "details.leaves summary").await;
    click(&o, "section.class form[action^='/organise/codes'] button").await;
    until_shown(&o, "class=\"codes\"").await;
    look(&o, "codes").await;
    let mut ayse_code = String::new();
    for card in o.find_all(Locator::Css("ul.codes li")).await.unwrap() {
        let text = card.text().await.unwrap();
        if text.contains("Ayşe") {
            ayse_code = card
                .find(Locator::Css(".code"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
        }
    }
    assert_eq!(ayse_code.len(), 14, "a code for Ayşe");
    // A short game from a set position, made on the organiser's page.
    o.goto(&app.url("/organise?lang=en")).await.unwrap();
    click(&o, "#g-white option:nth-child(1)").await;
    click(&o, "#g-black option:nth-child(2)").await;
    type_into(&o, "#g-fen", "8/1P5k/8/8/8/8/6p1/K7 w - - 0 1").await;
    click(&o, "form[action^='/organise/games'] button").await;
    until_at(&o, |path| path.starts_with("/games/")).await;
    let game_url = o.current_url().await.unwrap();
    let game = game_url.path().trim_start_matches("/games/").to_owned();
    let g = app.get_game_as_admin(&game).await;
    assert_eq!(
        (g["white"]["name"].as_str(), g["black"]["name"].as_str()),
        (Some("Ayşe Y."), Some("Mehmet Ö.")),
        "the list's order, pupils by first name and initial: {g}"
    );
    // Ayşe signs in with her code; Mehmet with the link mailed to him.
    let a = browser(&driver).await;
    a.goto(&app.url("/login?lang=en")).await.unwrap();
    look(&a, "login").await;
    type_into(&a, "input[name=code]", &ayse_code).await;
    click(&a, "form[action^='/login/code'] button").await;
    until_shown(&a, "Signed in as Ayşe Yılmaz").await;
    look(&a, "my-games").await;
    let b = browser(&driver).await;
    b.goto(&app.url("/login?lang=en")).await.unwrap();
    type_into(&b, "input[name=email]", "mehmet@okul.tr").await;
    click(&b, "form[action^='/login?'] button").await;
    let link = sign_in_link(&inbox, "mehmet@okul.tr").await;
    b.goto(&link).await.unwrap();
    click(&b, "form[action^='/login/link'] button").await;
    until_shown(&b, "Signed in as Mehmet Öz").await;
    a.goto(&app.url(&format!("/games/{game}?lang=en")))
        .await
        .unwrap();
    b.goto(&app.url(&format!("/games/{game}?lang=en")))
        .await
        .unwrap();
    look(&a, "game").await;
    // A king two squares: refused with the rule's reason, nothing played.
    play(&a, "a1", "a3", None).await;
    until_shown(&a, "role=\"alert\"").await;
    assert_eq!(app.get_game_as_admin(&game).await["ply"], 0);
    // Promotions by clicking; Black offers a draw with his move.
    play(&a, "b7", "b8", Some("q")).await;
    until_shown(&b, "1. b8=Q").await;
    click(&b, "input[name=offer_draw]").await;
    play(&b, "g2", "g1", Some("q")).await;
    // White sees the offer appear without a reload, and accepts.
    until_shown(&a, "value=\"accept_draw\"").await;
    look(&a, "draw-offered").await;
    click(&a, "button[value=accept_draw]").await;
    until_shown(&a, "1/2-1/2").await;
    until_shown(&b, "1/2-1/2").await;
    look(&b, "game-over").await;
    let g = app.get_game_as_admin(&game).await;
    assert_eq!(g["moves"], json!(["b8=Q", "g1=Q+"]));
    assert_eq!(
        (g["result"].as_str(), g["termination"].as_str()),
        (Some("1/2-1/2"), Some("agreement"))
    );
    // Each page links the PGN (a download, with each move's date and time).
    for c in [&a, &b] {
        let link = c.find(Locator::Css("a[href$='/pgn']")).await.unwrap();
        let href = link.attr("href").await.unwrap().unwrap();
        // The pupils' game is theirs: read here as the admin (the browser sends its session).
        let pgn = app
            .client
            .get(app.url(&href))
            .bearer_auth(&app.admin)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            pgn.contains("[Result \"1/2-1/2\"]") && pgn.contains("b8=Q"),
            "{pgn}"
        );
    }
    // An adjourned game, sealed and opened from the pages.
    o.goto(&app.url("/organise?lang=en")).await.unwrap();
    click(&o, "#g-white option:nth-child(1)").await;
    click(&o, "#g-black option:nth-child(2)").await;
    click(&o, "form[action^='/organise/games'] button").await;
    until_at(&o, |path| {
        path.starts_with("/games/") && path != game_url.path()
    })
    .await;
    let adjourned = o
        .current_url()
        .await
        .unwrap()
        .path()
        .trim_start_matches("/games/")
        .to_owned();
    a.goto(&app.url(&format!("/games/{adjourned}?lang=en")))
        .await
        .unwrap();
    play(&a, "e2", "e4", None).await;
    until_shown(&a, "1. e4").await;
    o.refresh().await.unwrap();
    click(&o, "details.arbiter summary").await;
    let resume = time::OffsetDateTime::now_utc() + time::Duration::seconds(4);
    let at = format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
        resume.year(),
        u8::from(resume.month()),
        resume.day(),
        resume.hour(),
        resume.minute(),
        resume.second()
    );
    // A resumption seconds away (the field takes minutes; to the second for the test).
    o.execute(
        &format!("const f = document.getElementById('resume-at'); f.step = '1'; f.value = '{at}';"),
        vec![],
    )
    .await
    .unwrap();
    type_into(&o, "#place", "Okul salonu").await;
    click(&o, "form[action*='/arbiter'] input[value=adjourn] ~ button").await;
    until_shown(&o, "Okul salonu").await;
    look(&o, "adjourned-arbiter").await;
    b.goto(&app.url(&format!("/games/{adjourned}?lang=en")))
        .await
        .unwrap();
    type_into(&b, "#sealed", "e5").await;
    click(&b, "form[action*='/envelope'] input[value=seal] ~ button").await;
    until_shown(&b, "<strong>e5</strong>").await;
    click(&b, "form[action*='/envelope'] input[value=close] ~ button").await;
    until_shown(&b, "<td>closed</td>").await;
    look(&b, "adjourned-sealer").await;
    let shown = a.source().await.unwrap();
    assert!(
        !shown.contains("<strong>e5</strong>"),
        "the opponent never sees it"
    );
    tokio::time::sleep(Duration::from_secs(5)).await;
    a.refresh().await.unwrap();
    click(
        &a,
        "form[action*='/envelope'] input[value=check_in] ~ button",
    )
    .await;
    until_shown(&a, "1. e4 e5").await;
    assert_eq!(
        app.get_game_as_admin(&adjourned).await["moves"],
        json!(["e4", "e5"])
    );
    b.goto(&app.url("/settings?lang=en")).await.unwrap();
    look(&b, "settings").await;
    for c in [o, a, b] {
        c.close().await.unwrap();
    }
}

/// An organiser's school tournament from the pages: a class from a CSV list, a tournament
/// created, the class registered, round 1 paired and published, its results entered, round 2
/// paired; the pairings, result slips and standings printed; the public page in Turkish too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_school_tournament_run_from_the_browser() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let org = app
        .create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"]}))
        .await;
    let o = browser(&driver).await;
    sign_in_as(&o, &app, &org.id).await;
    o.goto(&app.url("/organise?lang=en")).await.unwrap();
    add_class(
        &o,
        "name,email\nAyşe Yılmaz\nMehmet Öz\nCan Demir\nElif Kaya\nZeynep Ak\n",
        5,
    )
    .await;

    o.goto(&app.url("/tournaments?lang=en")).await.unwrap();
    type_into(&o, "#t-name", "Okul Şampiyonası").await;
    type_into(&o, "#t-place", "Spor salonu").await;
    o.find(Locator::Id("t-rounds"))
        .await
        .unwrap()
        .clear()
        .await
        .unwrap();
    type_into(&o, "#t-rounds", "3").await;
    // The school shows its championship to everyone: parents follow it.
    click(&o, "#visibility option[value=public]").await;
    look(&o, "tournaments").await;
    click(&o, "form[action^='/tournaments'] button").await;
    until_at(&o, |path| path.ends_with("/run")).await;
    let run_url = o.current_url().await.unwrap();
    let id = run_url
        .path()
        .trim_start_matches("/tournaments/")
        .trim_end_matches("/run")
        .to_owned();
    click(&o, "form[aria-label='Register the whole class'] button").await;
    until_shown(&o, "The class is registered.").await;
    let t: Value = app
        .get(&format!("/api/v1/tournaments/{id}"), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(t["players"].as_array().unwrap().len(), 5, "{t}");
    assert_eq!(t["place"].as_str(), Some("Spor salonu"));

    click(&o, "input[value=pair] + button").await;
    until_shown(&o, "The round is paired").await;
    look(&o, "tournament-run").await;
    click(&o, "input[value=publish] ~ button").await;
    until_shown(&o, "The pairing is published.").await;
    // Results board by board; a second result for a board is refused and changes nothing.
    for board in 0..2 {
        let form = o
            .find_all(Locator::Css("form.result"))
            .await
            .unwrap()
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("a board without a result: {board}"));
        if board == 1 {
            form.find(Locator::Css("option[value='1/2-1/2']"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
        }
        form.find(Locator::Css("button"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        // The page comes back with one form fewer (the same notice as the last time).
        let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
        while o.find_all(Locator::Css("form.result")).await.unwrap().len() != 1 - board {
            assert!(
                tokio::time::Instant::now() < deadline,
                "board {board}'s result never came back"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        until_shown(&o, "The result is entered.").await;
    }
    let t: Value = app
        .get(&format!("/api/v1/tournaments/{id}"), None)
        .await
        .json()
        .await
        .unwrap();
    let results: Vec<Value> = t["pairings"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["result"].clone())
        .collect();
    assert_eq!(
        results,
        [json!("1-0"), json!("1/2-1/2"), Value::Null],
        "two games and the bye"
    );
    // The next round is paired from the page, then the printouts.
    click(&o, "input[value=pair] + button").await;
    until_shown(&o, "The round is paired").await;
    o.goto(&app.url(&format!("/tournaments/{id}/print?sheet=pairings&lang=en")))
        .await
        .unwrap();
    until_shown(&o, "Round 2").await;
    look(&o, "tournament-print-pairings").await;
    o.goto(&app.url(&format!("/tournaments/{id}/print?sheet=standings&lang=en")))
        .await
        .unwrap();
    until_shown(&o, "Standings").await;
    look(&o, "tournament-print-standings").await;
    o.goto(&app.url(&format!(
        "/tournaments/{id}/print?sheet=slips&round=2&lang=tr"
    )))
    .await
    .unwrap();
    until_shown(&o, "İmzalar").await;
    look(&o, "tournament-print-slips").await;
    o.goto(&app.url(&format!("/tournaments/{id}/print?sheet=crosstable&lang=en")))
        .await
        .unwrap();
    until_shown(&o, "Each cell: the opponent's rank").await;
    look(&o, "tournament-print-crosstable").await;
    // The public page, in Turkish, to anyone.
    let v = browser(&driver).await;
    v.goto(&app.url(&format!("/tournaments/{id}?lang=tr")))
        .await
        .unwrap();
    until_shown(&v, "Çapraz tablo").await;
    // The pupils' school is their school's to see, not a stranger's (D69).
    let source = v.source().await.unwrap();
    assert!(!source.contains("Atatürk Lisesi"), "{source}");
    look(&v, "tournament").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_asks_to_enter_and_the_organiser_enters_them() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let org = app
        .create_player_with(json!({"name": "Selin Hoca", "roles": ["organiser"]}))
        .await;
    let deniz = app
        .create_player_with(json!({"name": "Deniz Kaya", "locale": "tr"}))
        .await;
    let t: Value = app
        .post(
            "/api/v1/tournaments",
            Some(&org.token),
            json!({"name": "Kulüp Açık", "system": "swiss", "rounds": 5, "visibility": "public"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let id = t["id"].as_str().unwrap().to_owned();
    // The player asks from the tournament's page.
    let p = browser(&driver).await;
    sign_in_as(&p, &app, &deniz.id).await;
    p.goto(&app.url(&format!("/tournaments/{id}?lang=tr")))
        .await
        .unwrap();
    until_shown(&p, "Katılmak istiyorum").await;
    look(&p, "tournament-ask-tr").await;
    click(&p, "form[action*='/enter'] button").await;
    until_at(&p, |path| path == format!("/tournaments/{id}")).await;
    // Asked once: the page says so, and offers no second ask.
    until_shown(&p, "Katılmak istediğinizi bildirdiniz").await;
    let source = p.source().await.unwrap();
    assert!(
        !source.contains("/enter?"),
        "no ask button after asking: {source}"
    );
    look(&p, "tournament-asked-tr").await;
    // The organiser finds them among those to enter, and enters them.
    let o = browser(&driver).await;
    sign_in_as(&o, &app, &org.id).await;
    o.goto(&app.url(&format!("/tournaments/{id}/run?lang=en")))
        .await
        .unwrap();
    until_shown(&o, "Deniz Kaya (asked to enter)").await;
    look(&o, "tournament-run-asked").await;
    click(&o, "form[aria-labelledby='register'] button").await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let view: Value = app
            .get(&format!("/api/v1/tournaments/{id}"), None)
            .await
            .json()
            .await
            .unwrap();
        if view["players"][0]["id"].as_str() == Some(deniz.id.as_str()) {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "entered: {view}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organiser_invites_a_player_who_accepts_from_the_page() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let org = app
        .create_player_with(json!({"name": "Selin Hoca", "roles": ["organiser"]}))
        .await;
    let deniz = app
        .create_player_with(json!({"name": "Deniz Kaya", "locale": "tr"}))
        .await;
    let t: Value = app
        .post(
            "/api/v1/tournaments",
            Some(&org.token),
            json!({"name": "Davetli Turnuva", "system": "swiss", "rounds": 5,
                   "visibility": "participants", "place": "Spor salonu"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let id = t["id"].as_str().unwrap().to_owned();
    // The organiser invites by the address of the player's profile page.
    let o = browser(&driver).await;
    sign_in_as(&o, &app, &org.id).await;
    o.goto(&app.url(&format!("/tournaments/{id}/run?lang=en")))
        .await
        .unwrap();
    until_shown(&o, "Invite a player").await;
    let profile = app.url(&format!("/players/{}?lang=tr", deniz.id));
    o.find(fantoccini::Locator::Css("#i-player"))
        .await
        .unwrap()
        .send_keys(&profile)
        .await
        .unwrap();
    click(&o, "form[aria-labelledby='invite'] button").await;
    until_shown(&o, "The player is invited").await;
    until_shown(&o, "Invited, not answered yet").await;
    look(&o, "tournament-run-invited").await;
    // The list of invitations with a button to withdraw each, below the form.
    o.execute(
        "document.getElementById('invited').scrollIntoView();",
        vec![],
    )
    .await
    .unwrap();
    look(&o, "tournament-run-invited-list").await;
    // The invited player reads the tournament, only its participants' otherwise, and accepts.
    let p = browser(&driver).await;
    sign_in_as(&p, &app, &deniz.id).await;
    p.goto(&app.url(&format!("/tournaments/{id}?lang=tr")))
        .await
        .unwrap();
    until_shown(&p, "Bu turnuvada oynamaya davet edildiniz").await;
    look(&p, "tournament-invited-tr").await;
    click(&p, "form[action*='/enter'] button").await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let view: Value = app
            .get(&format!("/api/v1/tournaments/{id}"), Some(&org.token))
            .await
            .json()
            .await
            .unwrap();
        if view["players"][0]["id"].as_str() == Some(deniz.id.as_str()) {
            assert_eq!(view["invited"], json!([]), "{view}");
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "entered: {view}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Back on the page, entered: nothing left to answer.
    until_gone(&p, "Bu turnuvada oynamaya davet edildiniz").await;
    let source = p.source().await.unwrap();
    assert!(
        !source.contains("/decline?") && !source.contains("/enter?"),
        "answered: {source}"
    );
}
