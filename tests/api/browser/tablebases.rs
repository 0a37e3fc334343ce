//! Games the endgame tablebases decide, on the game page: the rule shown, a wrong claim refused
//! with what the tables give, a right one ending the game with their verdict, and a game ended
//! by itself on the move that enters the tables.

use super::*;

fn tables() -> Options {
    Options {
        syzygy_path: vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy")],
        ..Default::default()
    }
}

async fn game_under(
    app: &TestApp,
    white: &Player,
    black: &Player,
    fen: &str,
    rule: &str,
) -> String {
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "start_fen": fen, "tablebase": rule}),
        )
        .await;
    assert_eq!(res.status(), 201);
    res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_by_the_tables_on_the_game_page() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app_with(Backend::Sqlite, tables()).await;
    let white = app.create_player("Ayşe").await;
    let black = app
        .create_player_with(json!({"name": "Mehmet", "locale": "tr"}))
        .await;
    // After 1. a7 Black means to take: rook against rook, a draw by the tables.
    let id = game_under(
        &app,
        &white,
        &black,
        "8/8/P4k2/8/4K3/8/r7/7R w - - 0 40",
        "claim",
    )
    .await;
    app.play(&id, &white, &black, "a7").await;
    let b = browser(&driver).await;
    sign_in_as(&b, &app, &black.id).await;
    b.goto(&app.url(&format!("/games/{id}?lang=tr")))
        .await
        .unwrap();
    until_shown(&b, "Oyun sonu tabloları: sırası gelen oyuncu").await;
    click(&b, "details.claim:has(#intended) summary").await;
    type_into(&b, "#intended", "Rxa7").await;
    look(&b, "tablebase-claim-tr").await;
    // Claiming the win is wrong: refused, with the tables' word, and nothing recorded.
    click(&b, "button[value='tablebase_win']").await;
    until_shown(&b, "Tablolara göre burası beraberlik").await;
    assert_eq!(app.get_game(&id).await["ply"], 1);
    look(&b, "tablebase-claim-refused-tr").await;
    click(&b, "details.claim:has(#intended) summary").await;
    type_into(&b, "#intended", "Rxa7").await;
    click(&b, "button[value='tablebase_draw']").await;
    until_shown(&b, "Siyah'ın talebiyle").await;
    let game = app.get_game(&id).await;
    assert_eq!(
        (game["result"].as_str(), game["termination"].as_str()),
        (Some("1/2-1/2"), Some("tablebase"))
    );
    assert_eq!(game["moves"], json!(["a7", "Rxa7"]));
    look(&b, "tablebase-drawn-tr").await;
    // White reads the same ending in English.
    let w = browser(&driver).await;
    sign_in_as(&w, &app, &white.id).await;
    w.goto(&app.url(&format!("/games/{id}?lang=en")))
        .await
        .unwrap();
    until_shown(
        &w,
        "The tablebases: a draw for White to move (DTZ 0, 4 pieces), claimed by Black.",
    )
    .await;
    look(&w, "tablebase-drawn-en").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_under_automatic_ends_on_the_move_that_enters_the_tables() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app_with(Backend::Sqlite, tables()).await;
    let white = app.create_player("Ayşe").await;
    let black = app.create_player("Mehmet").await;
    let id = game_under(
        &app,
        &white,
        &black,
        "3r3k/7p/8/8/8/8/8/3Q2K1 w - - 0 30",
        "automatic",
    )
    .await;
    let w = browser(&driver).await;
    sign_in_as(&w, &app, &white.id).await;
    w.goto(&app.url(&format!("/games/{id}?lang=en")))
        .await
        .unwrap();
    until_shown(&w, "Endgame tablebases: the game ends with their result").await;
    assert!(
        w.find(Locator::Css("button[value='tablebase_win']"))
            .await
            .is_ok(),
        "a claim button"
    );
    look(&w, "tablebase-automatic-en").await;
    play(&w, "d1", "d8", None).await;
    until_shown(
        &w,
        "The tablebases: a loss for Black to move (DTZ -6, 4 pieces), by the game's rule.",
    )
    .await;
    let game = app.get_game(&id).await;
    assert_eq!(
        (game["result"].as_str(), game["termination"].as_str()),
        (Some("1-0"), Some("tablebase"))
    );
    look(&w, "tablebase-automatic-won-en").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rule_is_chosen_on_the_challenge_form() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let me = app.create_player("Ayşe").await;
    let c = browser(&driver).await;
    sign_in_as(&c, &app, &me.id).await;
    c.goto(&app.url("/challenges?lang=tr")).await.unwrap();
    until_shown(&c, "Oyun sonu tabloları (satranç)").await;
    c.find(Locator::Css("#tablebase option[value='claim']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    click(&c, "input[name='to'][value='open']").await;
    look(&c, "tablebase-challenge-form-tr").await;
    click(&c, "form[action^='/challenges?'] > button").await;
    // The challenge is made once the form's answer is back.
    let mut listed = Value::Null;
    for _ in 0..150 {
        listed = app
            .get("/api/v1/challenges", Some(&me.token))
            .await
            .json()
            .await
            .unwrap();
        if listed["challenges"]
            .as_array()
            .is_some_and(|l| !l.is_empty())
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(listed["challenges"][0]["tablebase"], "claim", "{listed}");
    // Another player reads the rule in the lobby and on the challenge's page before accepting.
    let other = app.create_player("Mehmet").await;
    let o = browser(&driver).await;
    sign_in_as(&o, &app, &other.id).await;
    o.goto(&app.url("/challenges?lang=en")).await.unwrap();
    until_shown(&o, "endgame tablebases: claims").await;
    let id = listed["challenges"][0]["id"].as_str().unwrap();
    o.goto(&app.url(&format!("/challenges/{id}?lang=en")))
        .await
        .unwrap();
    until_shown(&o, "Claim: the player to move may claim").await;
    look(&o, "tablebase-challenge-page-en").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organiser_chooses_the_rule_and_a_player_without_sight_reads_it() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app_with(Backend::Sqlite, tables()).await;
    let org = app
        .create_player_with(json!({"name": "Hakem", "roles": ["organiser"]}))
        .await;
    let o = browser(&driver).await;
    sign_in_as(&o, &app, &org.id).await;
    // Two pupils, then a game between them from a queen ending, under `automatic`.
    for name in ["Ayşe Yılmaz", "Mehmet Öz"] {
        o.goto(&app.url("/organise?lang=tr")).await.unwrap();
        type_into(&o, "#p-name", name).await;
        click(&o, "form[action^='/organise/players'] button").await;
        until_shown(&o, name).await;
    }
    o.goto(&app.url("/organise?lang=tr")).await.unwrap();
    until_shown(&o, "Oyun sonu tabloları (satranç)").await;
    type_into(&o, "#g-fen", "8/8/8/8/8/8/k6r/4K2Q w - - 0 60").await;
    click(&o, "#tablebase option[value='automatic']").await;
    look(&o, "tablebase-organise-form-tr").await;
    click(&o, "form[action^='/organise/games'] button").await;
    // The form leads to the game's page.
    until_at(&o, |path| path.starts_with("/games/")).await;
    let url = o.current_url().await.unwrap();
    let made: Value = app
        .get(&format!("/api/v1{}", url.path()), Some(&org.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(made["tablebase"], json!({"rule": "automatic"}), "{made}");
    // The new-tournament form offers the same choice.
    o.goto(&app.url("/tournaments?lang=en")).await.unwrap();
    until_shown(&o, "Endgame tablebases (chess)").await;
    click(&o, "#tablebase option[value='claim']").await;
    look(&o, "tablebase-tournament-form-en").await;

    // A player without sight reads the rule, and claims by the tables, on their page.
    let white = app
        .create_player_with(json!({"name": "Ayşe", "locale": "en"}))
        .await;
    let black = app.create_player("Mehmet").await;
    let res = app
        .client
        .patch(app.url("/api/v1/me"))
        .bearer_auth(&white.token)
        .json(&json!({"without_sight": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let id = game_under(
        &app,
        &white,
        &black,
        "8/8/8/8/8/8/k7/4K2Q w - - 0 60",
        "claim",
    )
    .await;
    let w = browser(&driver).await;
    sign_in_as(&w, &app, &white.id).await;
    w.goto(&app.url(&format!("/games/{id}?lang=en")))
        .await
        .unwrap();
    until_shown(&w, "Endgame tablebases: the player to move may claim").await;
    until_shown(&w, "Claim a win by the tablebases").await;
    look(&w, "tablebase-without-sight-en").await;
}
