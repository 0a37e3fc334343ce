//! A match of tavla played by the pages' forms alone: each player throws their own opening die
//! and plays by the form, and every throw in the log comes from entropy the players' browsers
//! made as the forms were sent, which the test never typed.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use super::*;

/// Waits until the log holds more than `count` throws.
async fn until_thrown(app: &TestApp, g: &str, reader: &Player, count: usize) -> Vec<Value> {
    for _ in 0..150 {
        let t = app.dice_thrown(g, &reader.token).await;
        if t.len() > count {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no throw came")
}

/// The player throws their opening die by the page's button.
async fn throw_opening(c: &Client, app: &TestApp, g: &str) {
    c.goto(&app.url(&format!("/games/{g}?lang=tr")))
        .await
        .unwrap();
    click(c, "form.actions button[value=throw_dice]").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_throw_and_play_by_the_forms_with_their_browsers_entropy() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let white = app
        .create_player_with(json!({"name": "Ayşe", "locale": "tr"}))
        .await;
    let black = app.create_player("Mehmet").await;
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "game": "tavla", "match_length": 1}),
        )
        .await;
    let g = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let w = browser(&driver).await;
    let b = browser(&driver).await;
    sign_in_as(&w, &app, &white.id).await;
    sign_in_as(&b, &app, &black.id).await;
    // The opening: each throws their own die by the button, again while they tie.
    w.goto(&app.url(&format!("/games/{g}?lang=tr")))
        .await
        .unwrap();
    look(&w, "dice-opening-tr").await;
    for round in 0..20 {
        let before = app.dice_thrown(&g, &white.token).await.len();
        throw_opening(&w, &app, &g).await;
        until_thrown(&app, &g, &white, before).await;
        if round == 0 {
            // White's die is in: the page says Black's is awaited, and offers White no throw.
            until_shown(&w, "zarı bekleniyor").await;
            assert!(w
                .find_all(Locator::Css("form.actions button[value=throw_dice]"))
                .await
                .unwrap()
                .is_empty());
        }
        throw_opening(&b, &app, &g).await;
        until_thrown(&app, &g, &white, before + 1).await;
        if app.get_game(&g).await["dice"]["opening"].is_null() {
            break;
        }
    }
    // Two turns, each played by typing a legal play into the page's form.
    for _ in 0..2 {
        let game = app.get_game(&g).await;
        let (c, p) = if game["to_move"] == "white" {
            (&w, &white)
        } else {
            (&b, &black)
        };
        let Some(play) = app
            .legal_moves(&g)
            .await
            .into_iter()
            .find(|m| m.contains('/'))
        else {
            break;
        };
        let before = app.dice_thrown(&g, &p.token).await.len();
        let ply = game["ply"].as_u64().unwrap();
        c.goto(&app.url(&format!("/games/{g}?lang=en")))
            .await
            .unwrap();
        c.find(Locator::Css("input[name=move]"))
            .await
            .unwrap()
            .send_keys(&play)
            .await
            .unwrap();
        click(c, "form.move > button").await;
        for _ in 0..150 {
            if app.get_game(&g).await["ply"].as_u64() > Some(ply) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        until_thrown(&app, &g, p, before).await;
    }
    // Every throw came from a browser: 32 random bytes, each a different text, none drawn.
    let throws = app.dice_thrown(&g, &white.token).await;
    assert!(throws.len() >= 4, "{throws:?}");
    let mut texts = std::collections::HashSet::new();
    for t in &throws {
        let text = t["entropy"].as_str().unwrap();
        assert!(
            text.len() == 64 && text.bytes().all(|c| c.is_ascii_hexdigit()),
            "{t}"
        );
        assert!(t["drawn"].is_null(), "{t}");
        assert!(t["by"] == "white" || t["by"] == "black", "{t}");
        texts.insert(text.to_owned());
    }
    let by = |side: &str| throws.iter().filter(|t| t["by"] == side).count();
    assert!(by("white") > 0 && by("black") > 0, "{throws:?}");
    // Requests that cause several throws share one text; no two requests share theirs.
    let requests = throws
        .windows(2)
        .filter(|p| p[0]["entropy"] != p[1]["entropy"])
        .count()
        + 1;
    assert_eq!(texts.len(), requests, "{throws:?}");
    // The page's dice log lists each throw with its text.
    w.goto(&app.url(&format!("/games/{g}?lang=en")))
        .await
        .unwrap();
    click(&w, "details.dice-log summary").await;
    let source = w.source().await.unwrap();
    for t in &throws {
        assert!(source.contains(t["entropy"].as_str().unwrap()), "{source}");
    }
    w.execute(
        "document.querySelector('details.dice-log').scrollIntoView()",
        vec![],
    )
    .await
    .unwrap();
    look(&w, "dice-log-en").await;
    w.close().await.unwrap();
    b.close().await.unwrap();
}
