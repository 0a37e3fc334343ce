//! Chess in the browser: moves by clicks and drags, seen live; conditional moves built on the board.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_played_in_the_browser_by_clicks_and_live() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let (game, white, black) = app.new_game().await;
    let id = game["id"].as_str().unwrap().to_owned();
    let c = browser(&driver).await;
    sign_in_as(&c, &app, &white.id).await;
    c.goto(&app.url(&format!("/games/{id}?lang=en")))
        .await
        .unwrap();
    look(&c, "game").await;
    let promote = c.find(Locator::Css(".promote")).await.unwrap();
    assert!(
        !promote.is_displayed().await.unwrap(),
        "the promotion choice waits for a promotion"
    );
    // Click the pawn on e2, then e4: the page posts the move; the server judges it.
    click(&c, ".playable rect[data-square=e2]").await;
    click(&c, ".playable rect[data-square=e4]").await;
    c.wait()
        .for_element(Locator::XPath("//p[@class='moves'][contains(., '1. e4')]"))
        .await
        .unwrap();
    assert_eq!(app.get_game(&id).await["moves"], json!(["e4"]));
    // The opponent answers through the API: the open page shows it without a reload, and
    // tells a screen reader.
    app.post_move(&id, &black.token, "c5").await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !listed(&c).await.contains("1. e4 c5") {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never redrawn: {}",
            listed(&c).await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The announcement follows the redraw (the region is emptied, then filled a moment later,
    // so that screen readers speak it again).
    loop {
        let said = c
            .find(Locator::Id("announce"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        if said.contains("c5") {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "announced: {said:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // A drag: the knight from g1 to f3.
    let from = c
        .find(Locator::Css(".playable rect[data-square=g1]"))
        .await
        .unwrap();
    let to = c
        .find(Locator::Css(".playable rect[data-square=f3]"))
        .await
        .unwrap();
    use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
    let drag = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: from,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveToElement {
            element: to,
            duration: Some(Duration::from_millis(200)),
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(drag).await.unwrap();
    c.wait()
        .for_element(Locator::XPath("//p[@class='moves'][contains(., '2. Nf3')]"))
        .await
        .unwrap();
    assert_eq!(app.get_game(&id).await["moves"], json!(["e4", "c5", "Nf3"]));
    // A promotion: the pawn to the last rank asks which piece, then plays it.
    let white_id = white.id.clone();
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white_id, "black": black.id, "start_fen": "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"}),
        )
        .await;
    let g2: Value = res.json().await.unwrap();
    let g2 = g2["id"].as_str().unwrap().to_owned();
    c.goto(&app.url(&format!("/games/{g2}?lang=en")))
        .await
        .unwrap();
    click(&c, ".playable rect[data-square=b7]").await;
    click(&c, ".playable rect[data-square=b8]").await;
    let knight = c
        .find(Locator::Css(".promote button[value=n]"))
        .await
        .unwrap();
    assert!(
        knight.is_displayed().await.unwrap(),
        "the choice is offered"
    );
    knight.click().await.unwrap();
    c.wait()
        .for_element(Locator::XPath("//p[@class='moves'][contains(., 'b8=N')]"))
        .await
        .unwrap();
    assert_eq!(app.get_game(&g2).await["moves"], json!(["b8=N"]));
    // My games, at both widths.
    c.goto(&app.url("/?lang=en")).await.unwrap();
    look(&c, "my-games").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conditional_moves_built_on_the_board_and_played_live() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let (game, white, black) = app.new_game().await;
    let id = game["id"].as_str().unwrap().to_owned();
    let c = browser(&driver).await;
    sign_in_as(&c, &app, &black.id).await;
    c.goto(&app.url(&format!("/games/{id}?lang=en")))
        .await
        .unwrap();
    // White is to move; Black prepares. A wrong line is refused with its line and move, and
    // the text stays in the field.
    click(&c, "details.conditional summary").await;
    type_into(&c, "#lines", "e4 e5\nd4 Ke7").await;
    click(&c, "form[data-lines] button[value=set]").await;
    until_shown(&c, "line 2, move 2").await;
    let kept = c
        .find(Locator::Css("#lines"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap()
        .unwrap_or_default();
    assert_eq!(kept, "e4 e5\nd4 Ke7");
    look(&c, "conditional-refused").await;
    // Built on the board instead: each piece moved is written into the field.
    c.find(Locator::Css("#lines"))
        .await
        .unwrap()
        .clear()
        .await
        .unwrap();
    click(&c, "form[data-lines] button.build").await;
    for square in ["e2", "e4", "e7", "e5", "g1", "f3", "b8", "c6"] {
        click(&c, &format!("main .board rect[data-square={square}]")).await;
    }
    click(&c, "form[data-lines] button.new-line").await;
    for square in ["d2", "d4", "d7", "d5"] {
        click(&c, &format!("main .board rect[data-square={square}]")).await;
    }
    let built = c
        .find(Locator::Css("#lines"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap()
        .unwrap_or_default();
    assert_eq!(built, "e2e4 e7e5 g1f3 b8c6\nd2d4 d7d5");
    click(&c, "form[data-lines] button[value=set]").await;
    until_shown(&c, "Your lines from the present position").await;
    let held: Vec<String> = {
        let mut out = Vec::new();
        for li in c.find_all(Locator::Css("ol.lines li")).await.unwrap() {
            out.push(li.text().await.unwrap());
        }
        out
    };
    assert_eq!(held, ["e4 e5 Nf3 Nc6", "d4 d5"]);
    look(&c, "conditional").await;
    // The panel itself, scrolled to.
    c.execute(
        "document.querySelector('details.conditional').scrollIntoView()",
        vec![],
    )
    .await
    .unwrap();
    screenshot(&c, "conditional-panel", 1200).await;
    c.execute(
        "document.querySelector('details.conditional').scrollIntoView()",
        vec![],
    )
    .await
    .unwrap();
    screenshot(&c, "conditional-panel", 360).await;
    // White plays e4: Black's page shows the answer without a reload.
    app.post_move(&id, &white.token, "e4").await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !listed(&c).await.contains("1. e4 e5") {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never redrawn: {}",
            listed(&c).await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    until_shown(&c, "Nf3 Nc6").await;
    assert_eq!(app.get_game(&id).await["moves"], json!(["e4", "e5"]));
    // The panel in Turkish: the lines that remain in Turkish letters.
    c.goto(&app.url(&format!("/games/{id}?lang=tr")))
        .await
        .unwrap();
    until_shown(&c, "Af3 Ac6").await;
    c.execute(
        "document.querySelector('details.conditional').scrollIntoView()",
        vec![],
    )
    .await
    .unwrap();
    screenshot(&c, "conditional-panel-tr", 360).await;
    if let Some(violations) = axe_violations(&c).await {
        assert!(violations.is_empty(), "axe: {violations:#?}");
    }
    c.goto(&app.url(&format!("/games/{id}?lang=en")))
        .await
        .unwrap();
    // Withdrawn from the page.
    click(&c, "form[data-lines] button[value=withdraw]").await;
    until_shown(&c, "You have no conditional moves in this game").await;
    look(&c, "conditional-withdrawn").await;
    c.close().await.unwrap();
}
