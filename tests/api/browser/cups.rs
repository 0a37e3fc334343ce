//! A cup in the browser: made and drawn from the organiser's pages, its bracket on the public
//! page as its matches are decided, and its sheet to print on A4 landscape; each looked at in
//! both widths and checked by axe-core.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cup_is_made_drawn_and_followed_on_its_bracket() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let org = app
        .create_player_with(json!({"name": "Kupa Hakemi", "roles": ["organiser"]}))
        .await;
    let o = browser(&driver).await;
    sign_in_as(&o, &app, &org.id).await;
    o.goto(&app.url("/tournaments?lang=en")).await.unwrap();
    type_into(&o, "#t-name", "Okullar Kupası").await;
    click(&o, "#t-system option[value=knockout]").await;
    click(&o, "#t-play option[value=online]").await;
    click(&o, "#t-seeding option[value=rating]").await;
    type_into(&o, "#t-games", "2").await;
    click(&o, "#visibility option[value=public]").await;
    click(&o, "form[action^='/tournaments'] button").await;
    until_at(&o, |path| path.ends_with("/run")).await;
    let id = o
        .current_url()
        .await
        .unwrap()
        .path()
        .trim_start_matches("/tournaments/")
        .trim_end_matches("/run")
        .to_owned();
    let t: Value = app
        .get(&format!("/api/v1/tournaments/{id}"), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (t["system"].as_str(), t["cup"]["games_per_match"].as_u64()),
        (Some("knockout"), Some(2)),
        "{t}"
    );
    // Six players: seeds 1 and 2 have byes.
    let mut tokens = std::collections::HashMap::new();
    for n in 0..6u32 {
        let p = app.create_player(&format!("Öğrenci {}", n + 1)).await;
        let path = format!("/api/v1/tournaments/{id}/players");
        let res = app
            .post(
                &path,
                Some(&app.admin),
                json!({"player": p.id, "rating": 1800 - n * 20}),
            )
            .await;
        assert_eq!(res.status(), 200);
        tokens.insert(p.id, p.token);
    }
    o.refresh().await.unwrap();
    click(&o, "input[value=draw] + button").await;
    until_shown(&o, "The cup is drawn").await;
    until_shown(&o, "class=\"bracket tree\"").await;
    look(&o, "cup-run").await;

    // The first round's two matches are played: 4 beats 5, 6 beats 3.
    let bracket = || async {
        app.get(&format!("/api/v1/tournaments/{id}/bracket"), None)
            .await
            .json::<Value>()
            .await
            .unwrap()
    };
    let b = bracket().await;
    for (number, winner) in [(2, 0), (4, 1)] {
        let m = &b["rounds"][0]["matches"][number - 1];
        let loser = m["players"][1 - winner].as_str().unwrap();
        for g in m["games"].as_array().unwrap() {
            let res = app
                .post(
                    &format!("/api/v1/games/{}/resign", g.as_str().unwrap()),
                    Some(&tokens[loser]),
                    json!({}),
                )
                .await;
            assert_eq!(res.status(), 200);
        }
    }
    let p = browser(&driver).await;
    p.goto(&app.url(&format!("/tournaments/{id}?lang=tr")))
        .await
        .unwrap();
    // The page follows the cup live: the second round's matches appear with their games.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let games = p
            .find_all(Locator::Css(".bracket .games a"))
            .await
            .unwrap()
            .len();
        if games >= 8 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{games} games shown"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
        p.refresh().await.unwrap();
    }
    until_shown(&p, "Yarı final").await;
    until_shown(&p, "bay").await;
    let won = p.find_all(Locator::Css(".side.won")).await.unwrap().len();
    assert_eq!(won, 2, "the two decided matches mark their winners");
    look(&p, "cup-bracket").await;

    // The arbiter decides a semi-final from their page: its games end with it.
    o.goto(&app.url(&format!("/tournaments/{id}/run?lang=en")))
        .await
        .unwrap();
    until_shown(&o, "Semi-finals, match 1: Öğrenci 1 goes through").await;
    click(&o, "#d-decision option:first-child").await;
    type_into(&o, "#d-reason", "Öğrenci 4 gave up the match").await;
    look(&o, "cup-decide").await;
    click(&o, "input[value=decide] ~ button").await;
    until_shown(&o, "The match is decided.").await;
    let b = bracket().await;
    let semi = &b["rounds"][1]["matches"][0];
    assert_eq!(
        (semi["decided_by"].as_str(), semi["reason"].as_str()),
        (Some("arbiter"), Some("Öğrenci 4 gave up the match")),
        "{semi}"
    );
    for g in semi["games"].as_array().unwrap() {
        assert_eq!(
            app.get_game(g.as_str().unwrap()).await["status"],
            "finished"
        );
    }
    p.goto(&app.url(&format!("/tournaments/{id}/print?sheet=bracket&lang=en")))
        .await
        .unwrap();
    until_shown(&p, "class=\"sheet landscape\"").await;
    until_shown(&p, "Semi-finals").await;
    look(&p, "cup-print").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cup_over_the_board_takes_results_from_the_arbiters_page_and_prints_its_slips() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let org = app
        .create_player_with(json!({"name": "Kupa Hakemi", "roles": ["organiser"]}))
        .await;
    let o = browser(&driver).await;
    sign_in_as(&o, &app, &org.id).await;
    o.goto(&app.url("/tournaments?lang=tr")).await.unwrap();
    type_into(&o, "#t-name", "İlçe Kupası").await;
    click(&o, "#t-system option[value=knockout]").await;
    click(&o, "#t-play option[value=over_the_board]").await;
    click(&o, "#t-seeding option[value=given]").await;
    type_into(&o, "#t-match-days", "14").await;
    click(&o, "#visibility option[value=public]").await;
    click(&o, "form[action^='/tournaments'] button").await;
    until_at(&o, |path| path.ends_with("/run")).await;
    let url = o.current_url().await.unwrap();
    let id = url
        .path()
        .trim_start_matches("/tournaments/")
        .trim_end_matches("/run")
        .to_owned();
    let t: Value = app
        .get(&format!("/api/v1/tournaments/{id}"), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(t["cup"]["match_days"].as_u64(), Some(14), "{t}");
    // Four players of two schools.
    for (n, school) in [
        "Fen Lisesi",
        "Atatürk Lisesi",
        "Atatürk Lisesi",
        "Fen Lisesi",
    ]
    .into_iter()
    .enumerate()
    {
        let name = format!("Öğrenci {}", n + 1);
        let p = app
            .create_player_with(json!({"name": name, "school": school}))
            .await;
        let path = format!("/api/v1/tournaments/{id}/players");
        let res = app
            .post(&path, Some(&app.admin), json!({"player": p.id}))
            .await;
        assert_eq!(res.status(), 200);
    }
    o.refresh().await.unwrap();
    click(&o, "input[value=draw] + button").await;
    until_shown(&o, "g-game").await;
    // The arbiter enters the first board's result: 1 beats 4 in game 1.
    click(&o, "#g-game option:first-child").await;
    click(&o, "#g-result option[value='1-0']").await;
    look(&o, "cup-otb-run").await;
    click(&o, "input[value=match_game] ~ button").await;
    until_shown(&o, "Öğrenci 1</span> <span class=\"score\">1</span>").await;
    let b: Value = app
        .get(&format!("/api/v1/tournaments/{id}/bracket"), None)
        .await
        .json()
        .await
        .unwrap();
    let first = &b["rounds"][0]["matches"][0];
    assert_eq!(first["score"], json!([1.0, 0.0]), "{first}");
    assert!(first["deadline"].is_string(), "{first}");
    // The slips: every game still to be played, the entered one not among them.
    o.goto(&app.url(&format!("/tournaments/{id}/print?sheet=slips&lang=tr")))
        .await
        .unwrap();
    until_shown(&o, "class=\"slips\"").await;
    let slips = o.find_all(Locator::Css(".slips li")).await.unwrap().len();
    assert_eq!(slips, 3, "two games of match 2, one left of match 1");
    look(&o, "cup-otb-slips").await;
    // The public page: the deadline on each match, and the schools by matches won.
    let p = browser(&driver).await;
    p.goto(&app.url(&format!("/tournaments/{id}?lang=tr")))
        .await
        .unwrap();
    until_shown(&p, "Son gün:").await;
    until_shown(&p, "Kazanılan eşleşme").await;
    look(&p, "cup-otb-bracket").await;
}
