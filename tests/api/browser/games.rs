//! Checkers, dama and tavla in the browser: moves by clicks and drags, captures, crowning, dice, seen live.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn checkers_played_by_clicks_and_drags_and_seen_live() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let white = app.create_player("Ayşe").await;
    let black = app
        .create_player_with(json!({"name": "Mehmet", "locale": "tr"}))
        .await;
    // Black's man on 14 takes 18 and then 26 or 27: two routes through 23, each crowning.
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "game": "checkers",
                "start_position": "B:W18,21,26,27:B14"}),
        )
        .await;
    let id = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let b = browser(&driver).await;
    sign_in_as(&b, &app, &black.id).await;
    b.goto(&app.url(&format!("/games/{id}?lang=tr")))
        .await
        .unwrap();
    look(&b, "checkers-tr").await;
    assert!(
        b.find(Locator::Css(".promote")).await.is_err(),
        "no promotion choice in checkers"
    );
    let w = browser(&driver).await;
    sign_in_as(&w, &app, &white.id).await;
    w.goto(&app.url(&format!("/games/{id}?lang=en")))
        .await
        .unwrap();
    // Black clicks the man, then each square it lands on: after 23 two routes remain, 32 names
    // one, and the move is played.
    click(&b, ".playable rect.dark[data-square='14']").await;
    click(&b, ".playable rect.dark[data-square='23']").await;
    assert_eq!(
        app.get_game(&id).await["ply"],
        0,
        "two routes still go on from 23"
    );
    click(&b, ".playable rect.dark[data-square='32']").await;
    until_listed(&b, "14x23x32").await;
    let game = app.get_game(&id).await;
    assert_eq!(game["moves"], json!(["14x23x32"]));
    assert_eq!(
        game["position"], "W:W21,26:BK32",
        "crowned where the move ended"
    );
    // White's open page shows it without a reload, the captured men and the crown drawn.
    until_listed(&w, "14x23x32").await;
    let board = w
        .find(Locator::Css(".board"))
        .await
        .unwrap()
        .html(false)
        .await
        .unwrap();
    assert_eq!(board.matches("class=\"captured\"").count(), 2, "{board}");
    assert_eq!(board.matches("class=\"crown black\"").count(), 1, "{board}");
    look(&w, "checkers").await;
    // White drags the man on 21 to 17; Black's page hears it.
    let from = w
        .find(Locator::Css(".playable rect.dark[data-square='21']"))
        .await
        .unwrap();
    let to = w
        .find(Locator::Css(".playable rect.dark[data-square='17']"))
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
    w.perform_actions(drag).await.unwrap();
    until_listed(&b, "21-17").await;
    assert_eq!(
        app.get_game(&id).await["moves"],
        json!(["14x23x32", "21-17"])
    );
    b.close().await.unwrap();
    w.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dama_captured_and_crowned_by_clicks_and_seen_live() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let white = app
        .create_player_with(json!({"name": "Ayşe", "locale": "tr"}))
        .await;
    let black = app.create_player("Mehmet").await;
    // White's man on d6 takes d7, lands on the last rank at d8 and goes on as a man over c8 or
    // e8: two routes through d8, each crowned where it ends.
    let res = app
        .create_game_with(
            &app.admin,
            json!({"white": white.id, "black": black.id, "game": "dama",
                "start_position": "W:Wa2,d6:Bd7,c8,e8,h7"}),
        )
        .await;
    let id = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let w = browser(&driver).await;
    sign_in_as(&w, &app, &white.id).await;
    w.goto(&app.url(&format!("/games/{id}?lang=tr")))
        .await
        .unwrap();
    look(&w, "dama-tr").await;
    let b = browser(&driver).await;
    sign_in_as(&b, &app, &black.id).await;
    b.goto(&app.url(&format!("/games/{id}?lang=en")))
        .await
        .unwrap();
    click(&w, ".playable rect.dark[data-square='d6']").await;
    click(&w, ".playable rect.dark[data-square='d8']").await;
    assert_eq!(
        app.get_game(&id).await["ply"],
        0,
        "two routes still go on from d8"
    );
    click(&w, ".playable rect.dark[data-square='f8']").await;
    until_listed(&w, "d6xd8xf8").await;
    let game = app.get_game(&id).await;
    assert_eq!(
        game["position"], "B:Wa2,Kf8:Bh7,c8",
        "crowned where it ended"
    );
    // Black's open page shows it without a reload: the two men taken, the crown drawn.
    until_listed(&b, "d6xd8xf8").await;
    let board = b
        .find(Locator::Css(".board"))
        .await
        .unwrap()
        .html(false)
        .await
        .unwrap();
    assert_eq!(board.matches("class=\"captured\"").count(), 2, "{board}");
    assert_eq!(board.matches("class=\"crown white\"").count(), 1, "{board}");
    look(&b, "dama").await;
    // Black answers by clicks; White's page hears it.
    click(&b, ".playable rect.dark[data-square='h7']").await;
    click(&b, ".playable rect.dark[data-square='h6']").await;
    until_listed(&w, "h7-h6").await;
    b.close().await.unwrap();
    w.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tavla_is_played_checker_by_checker_with_a_move_taken_back() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let white = app
        .create_player_with(json!({"name": "Ayşe", "locale": "tr"}))
        .await;
    let black = app.create_player("Mehmet").await;
    // A match whose starter's dice are not a double (a double is played four times over).
    let (id, dice) = loop {
        let res = app
            .create_game_with(
                &app.admin,
                json!({"white": white.id, "black": black.id, "game": "tavla"}),
            )
            .await;
        let id = res.json::<Value>().await.unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let game = crate::tavla::open_match(&app, &id, &white, &black).await;
        let last = &game["dice"]["last"];
        let (a, b) = (last[0].as_u64().unwrap(), last[1].as_u64().unwrap());
        if a != b {
            break (game["id"].as_str().unwrap().to_owned(), (a, b));
        }
    };
    let game = app.get_game(&id).await;
    let mover = if game["to_move"] == "white" {
        &white
    } else {
        &black
    };
    // One checker from the 24-point with one die and one from the 13-point with the other: the
    // opponent holds the 19- and 12-points, so a 5 goes from the 13 and a 1 from the 24.
    let (on_24, on_13) = if dice.0 == 5 || dice.1 == 1 {
        (dice.1, dice.0)
    } else {
        dice
    };
    let (first, second) = ((24 - on_24) as u8, (13 - on_13) as u8);
    let w = browser(&driver).await;
    sign_in_as(&w, &app, &mover.id).await;
    w.goto(&app.url(&format!("/games/{id}?lang=tr")))
        .await
        .unwrap();
    look(&w, "tavla-tr").await;
    let field = || async {
        w.find(Locator::Css("input[name=move]"))
            .await
            .unwrap()
            .prop("value")
            .await
            .unwrap()
            .unwrap_or_default()
    };
    let left = || async {
        w.find(Locator::Css(".dice-left output"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    };
    // A point is clicked where it shows: its last checker, or the point itself where it is empty.
    let point = |p: u8| {
        let w = &w;
        async move {
            let on = w
                .find_all(Locator::Css(&format!(".playable circle[data-point='{p}']")))
                .await
                .unwrap();
            match on.last() {
                Some(c) => c.click().await.unwrap(),
                None => click(w, &format!(".playable polygon[data-point='{p}']")).await,
            }
        }
    };
    point(24).await;
    point(first).await;
    assert_eq!(field().await, format!("24/{first}"));
    assert_eq!(left().await, on_13.to_string(), "the other die is left");
    // Taken back, and played again with the other checker too.
    click(&w, ".dice-left button").await;
    assert_eq!(field().await, "");
    point(24).await;
    point(first).await;
    point(13).await;
    point(second).await;
    assert_eq!(left().await, "", "every die used");
    click(&w, "form.move > button").await;
    let recorded = loop {
        let g = app.get_game(&id).await;
        if g["ply"] == 1 {
            break g["moves"][0].as_str().unwrap().to_owned();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // The rules' own record of the play (from the higher point first).
    assert!(
        recorded.starts_with(&format!("24/{first}"))
            || recorded == format!("24/{}", second.min(first)),
        "{recorded}"
    );
    assert!(
        recorded.contains(&format!("13/{second}")) || recorded.starts_with("24/"),
        "{recorded}"
    );
    w.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tavla_enters_from_the_bar_and_bears_off_by_clicks() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let white = app.create_player("Ayşe").await;
    let black = app.create_player("Mehmet").await;
    // Positions from White's side, White on roll: one checker on the bar and fourteen on the
    // 6-point against Black's fifteen on White's 12-point; then two checkers left on the 1-point.
    let game_from = |position: &'static str| {
        let app = &app;
        let (white, black) = (&white, &black);
        async move {
            let res = app
                .create_game_with(
                    &app.admin,
                    json!({"white": white.id, "black": black.id, "game": "tavla",
                        "start_position": position}),
                )
                .await;
            let id = res.json::<Value>().await.unwrap()["id"]
                .as_str()
                .unwrap()
                .to_owned();
            // White throws the dice the position awaits.
            let res = app
                .post(
                    &format!("/api/v1/games/{id}/throw"),
                    Some(&white.token),
                    json!({}),
                )
                .await;
            let game: Value = res.json().await.unwrap();
            let d = &game["dice"]["last"];
            let dice = (d[0].as_u64().unwrap() as u8, d[1].as_u64().unwrap() as u8);
            (game["id"].as_str().unwrap().to_owned(), dice)
        }
    };
    let w = browser(&driver).await;
    sign_in_as(&w, &app, &white.id).await;
    // A point is clicked where it shows: its last checker, or the point itself.
    let point = |p: &'static str| {
        let w = &w;
        async move {
            let on = w
                .find_all(Locator::Css(&format!(".playable circle[data-point='{p}']")))
                .await
                .unwrap();
            match on.last() {
                Some(c) => c.click().await.unwrap(),
                None => {
                    let css = format!(".playable [data-point='{p}']:not(circle):not(text)");
                    click(w, &css).await
                }
            }
        }
    };
    let name = |p: u8| -> &'static str { Box::leak(p.to_string().into_boxed_str()) };

    // Entering: the checker on the bar goes in with the first die and on with the others.
    let (id, (a, b)) = game_from("APD/BwDg/wcAQA").await;
    w.goto(&app.url(&format!("/games/{id}?lang=en")))
        .await
        .unwrap();
    let steps = if a == b { vec![a; 4] } else { vec![a, b] };
    let mut at = 25u8;
    point("bar").await;
    point(name(at - steps[0])).await;
    at -= steps[0];
    for &d in &steps[1..] {
        point(name(at)).await;
        point(name(at - d)).await;
        at -= d;
    }
    look(&w, "tavla-bar").await;
    click(&w, "form.move > button").await;
    let recorded = until_played(&app, &id).await;
    assert_eq!(recorded, format!("bar/{at}"), "one checker in from the bar");

    // Bearing off: both checkers from the 1-point, each with any die.
    let (id, _) = game_from("APD/BwADAAAAAA").await;
    w.goto(&app.url(&format!("/games/{id}?lang=tr")))
        .await
        .unwrap();
    for _ in 0..2 {
        point("1").await;
        point("off").await;
    }
    click(&w, "form.move > button").await;
    assert_eq!(until_played(&app, &id).await, "1/off(2)");
    // The game is White's, a mars (Black bore off nothing): 2 points of the match.
    let game = app.get_game(&id).await;
    assert_eq!(
        (
            game["match"]["white"].as_u64(),
            game["match"]["black"].as_u64()
        ),
        (Some(2), Some(0)),
        "{game}"
    );
    w.close().await.unwrap();
}
