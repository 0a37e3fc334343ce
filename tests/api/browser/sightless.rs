//! A short game played without sight in Chromium, by the keyboard alone: Tab to the move field,
//! type the move in spoken words (Turkish for one player, the Laws' German for the other), Enter.
//! Chromium's own accessibility tree (over the DevTools protocol) holds the position as text and
//! the opponent's reply in the live region; axe finds nothing; screenshots at both widths.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use super::*;

const TAB: &str = "\u{E004}";
const ENTER: &str = "\u{E007}";

/// Chromium's full accessibility tree of the page, as the DevTools protocol gives it.
async fn ax_tree(c: &Client, driver: &Driver) -> Vec<Value> {
    let session = c.session_id().await.unwrap().expect("a session");
    let res: Value = reqwest::Client::new()
        .post(format!("{}/session/{session}/goog/cdp/execute", driver.url))
        .json(&json!({"cmd": "Accessibility.getFullAXTree", "params": {}}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    res["value"]["nodes"]
        .as_array()
        .cloned()
        .unwrap_or_else(|| panic!("no accessibility tree: {res}"))
}

fn name_of(node: &Value) -> &str {
    node["name"]["value"].as_str().unwrap_or("")
}

/// Whether a node named with `text` sits in a live region of the tree.
fn announced(nodes: &[Value], text: &str) -> bool {
    let by_id: std::collections::HashMap<&str, &Value> = nodes
        .iter()
        .filter_map(|n| Some((n["nodeId"].as_str()?, n)))
        .collect();
    let live = |n: &Value| {
        n["properties"].as_array().is_some_and(|props| {
            props
                .iter()
                .any(|p| p["name"] == "live" && p["value"]["value"] == "polite")
        })
    };
    nodes.iter().filter(|n| name_of(n).contains(text)).any(|n| {
        let mut at = Some(n);
        while let Some(node) = at {
            if live(node) {
                return true;
            }
            at = node["parentId"]
                .as_str()
                .and_then(|p| by_id.get(p).copied());
        }
        false
    })
}

/// Presses Tab until the move field has the focus (it must be reached by the keyboard).
async fn tab_to_move_field(c: &Client) {
    for _ in 0..60 {
        let id = c
            .execute(
                "return document.activeElement && document.activeElement.id;",
                vec![],
            )
            .await
            .unwrap();
        if id == "move" {
            return;
        }
        c.active_element()
            .await
            .unwrap()
            .send_keys(TAB)
            .await
            .unwrap();
    }
    panic!("the move field is never reached by Tab");
}

/// Plays `said` by the keyboard on the page without sight, and waits until the game holds it.
async fn say_move(c: &Client, app: &TestApp, g: &str, said: &str) {
    let ply = app.get_game(g).await["ply"].as_u64().unwrap();
    c.goto(&app.url(&format!("/games/{g}"))).await.unwrap();
    tab_to_move_field(c).await;
    let field = c.active_element().await.unwrap();
    field.send_keys(said).await.unwrap();
    field.send_keys(ENTER).await.unwrap();
    for _ in 0..150 {
        if app.get_game(g).await["ply"].as_u64() > Some(ply) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let page = c.source().await.unwrap_or_default();
    panic!("{said:?} was not played: {page}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_without_sight_by_the_keyboard_in_turkish_and_german_words() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let white = app
        .create_player_with(json!({"name": "Ayşe", "locale": "tr"}))
        .await;
    let black = app
        .create_player_with(json!({"name": "Hans", "locale": "en", "notation": "spoken-de"}))
        .await;
    for p in [&white, &black] {
        let res = app
            .client
            .patch(app.url("/api/v1/me"))
            .bearer_auth(&p.token)
            .json(&json!({"without_sight": true}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    }
    let res = app
        .create_game_with(&app.admin, json!({"white": white.id, "black": black.id}))
        .await;
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let w = browser(&driver).await;
    let b = browser(&driver).await;
    sign_in_as(&w, &app, &white.id).await;
    sign_in_as(&b, &app, &black.id).await;
    w.goto(&app.url(&format!("/games/{g}"))).await.unwrap();
    look(&w, "without-sight-start-tr").await;
    // The setting, ticked, on the settings page.
    w.goto(&app.url("/settings")).await.unwrap();
    assert!(w
        .find(Locator::Css("input[name=without_sight][checked]"))
        .await
        .is_ok());
    look(&w, "without-sight-settings-tr").await;

    // The fool's mate, each move typed in its player's words.
    say_move(&w, &app, &g, "piyon f üç").await;
    say_move(&b, &app, &g, "Bauer Eva fünf").await;
    // Black's page stays open: White's reply comes to it without a reload, into the live region.
    b.goto(&app.url(&format!("/games/{g}"))).await.unwrap();
    tab_to_move_field(&b).await;
    say_move(&w, &app, &g, "Piyon g dört").await;
    until_shown(&b, "Bauer Gustav vier").await;
    // The page was drawn again under the reader: their place, the move field, keeps the focus.
    let focused = b
        .execute(
            "return document.activeElement && document.activeElement.id;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(focused, "move", "the focus is lost on the redraw");
    let mut tree = ax_tree(&b, &driver).await;
    for _ in 0..30 {
        if announced(&tree, "Bauer Gustav vier") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        tree = ax_tree(&b, &driver).await;
    }
    assert!(
        announced(&tree, "Bauer Gustav vier"),
        "the reply is not in a live region: {tree:#?}"
    );
    // The position as text, in the tree, in the Laws' words.
    let names: Vec<&str> = tree.iter().map(name_of).collect();
    assert!(
        names.iter().any(|n| n.contains("Weiss: Bauern")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|n| n.contains("Schwarz: Koenig Eva acht")),
        "{names:?}"
    );
    look(&b, "without-sight-de").await;
    say_move(&b, &app, &g, "Dame Hektor vier").await;
    let game = app.get_game(&g).await;
    assert_eq!(game["moves"], json!(["f3", "e5", "g4", "Qh4#"]));
    assert_eq!(game["termination"], "checkmate");
    // White's list of games: the last move in words, and what happened since she looked.
    w.goto(&app.url("/")).await.unwrap();
    until_shown(&w, "Son ziyaretinizden beri").await;
    look(&w, "without-sight-my-games-tr").await;
    // White hears the end in Turkish words.
    w.goto(&app.url(&format!("/games/{g}"))).await.unwrap();
    until_shown(&w, "Vezir h dört").await;
    let tree = ax_tree(&w, &driver).await;
    assert!(
        tree.iter().any(|n| name_of(n).contains("Beyaz: Şah e bir")),
        "{tree:#?}"
    );
    // A question from the keyboard: where Black's queen is now.
    tab_to_move_field(&w).await;
    let field = w.active_element().await.unwrap();
    field.send_keys("h hattı").await.unwrap();
    field.send_keys(ENTER).await.unwrap();
    until_shown(&w, "h4: Siyah vezir").await;
    look(&w, "without-sight-answer-tr").await;
    assert!(w.find(Locator::Css("[role=status] li")).await.is_ok());
    for c in [w, b] {
        c.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_without_sight_shows_a_claim_and_the_messages() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let (g, white, black) = app.new_game().await;
    let g = g["id"].as_str().unwrap().to_owned();
    app.play(&g, &white, &black, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
        .await;
    let res = app
        .post(
            &format!("/api/v1/games/{g}/moves"),
            Some(&black.token),
            json!({"move": "Ng8", "message": "Bir daha mı?"}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let c = browser(&driver).await;
    sign_in_as(&c, &app, &white.id).await;
    c.goto(&app.url(&format!("/games/{g}?lang=tr&view=text")))
        .await
        .unwrap();
    until_shown(&c, "Bir daha mı?").await;
    until_shown(&c, "value=\"claim_threefold\"").await;
    look(&c, "without-sight-claim-messages-tr").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_at_an_unknown_address_is_shown_a_page() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let c = browser(&driver).await;
    c.goto(&app.url("/oyunlar/yok?lang=tr")).await.unwrap();
    until_shown(&c, "Bu adreste bir şey yok").await;
    look(&c, "not-found-tr").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_without_sight_shows_the_adjourned_games_panel() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let (g, white, black) = app.new_game().await;
    let g = g["id"].as_str().unwrap().to_owned();
    app.play(&g, &white, &black, "e4").await;
    let resume_at = (time::OffsetDateTime::now_utc() + time::Duration::days(2))
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap();
    let res = app
        .post(
            &format!("/api/v1/games/{g}/adjourn"),
            Some(&black.token),
            json!({"resume_at": resume_at, "place": "Okul salonu"}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let c = browser(&driver).await;
    sign_in_as(&c, &app, &black.id).await;
    c.goto(&app.url(&format!("/games/{g}?lang=en&view=text")))
        .await
        .unwrap();
    until_shown(&c, "id=\"adjourned\"").await;
    until_shown(&c, "id=\"sealed\"").await;
    look(&c, "without-sight-adjourned").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arbiter_decides_a_game_from_the_page_without_sight() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let org = app
        .create_player_with(json!({"name": "Hakem", "roles": ["organiser"], "locale": "tr"}))
        .await;
    let (white, black) = (
        app.create_player("Ayşe").await,
        app.create_player("Mehmet").await,
    );
    let res = app
        .organisers_game(&org, json!({"white": white.id, "black": black.id}))
        .await;
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.play(&g, &white, &black, "e4 e5").await;
    let c = browser(&driver).await;
    sign_in_as(&c, &app, &org.id).await;
    c.goto(&app.url(&format!("/games/{g}?lang=tr&view=text")))
        .await
        .unwrap();
    until_shown(&c, "id=\"position\"").await;
    // The arbiter's panel opens and is filled from the keyboard.
    let summary = c
        .find(Locator::Css("details.arbiter summary"))
        .await
        .unwrap();
    summary.send_keys(ENTER).await.unwrap();
    c.find(Locator::Id("result"))
        .await
        .unwrap()
        .select_by_value("1/2-1/2")
        .await
        .unwrap();
    let reason = c.find(Locator::Id("decide-reason")).await.unwrap();
    reason.send_keys("Oyuncular salonda anlaştı").await.unwrap();
    c.execute(
        "document.querySelector('details.arbiter').scrollIntoView()",
        vec![],
    )
    .await
    .unwrap();
    look(&c, "without-sight-arbiter-tr").await;
    reason.send_keys(ENTER).await.unwrap();
    until_shown(&c, "hakem kararı").await;
    let game = app.get_game(&g).await;
    assert_eq!(
        (game["result"].as_str(), game["termination"].as_str()),
        (Some("1/2-1/2"), Some("arbiter_decision")),
        "{game}"
    );
    assert!(c
        .current_url()
        .await
        .unwrap()
        .as_str()
        .ends_with("view=text"));
}
