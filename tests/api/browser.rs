//! The pages in a real browser (Debian's chromium, headless, through chromedriver): a school's
//! whole story from the organiser's class list to an adjourned game, moves by clicking and
//! dragging, the opponent's answer appearing without a reload; screenshots of every page at
//! desktop and phone widths in target/screenshots, and, where axe-core is installed (.ci/run
//! installs it), its WCAG A/AA checks on each. Without chromedriver these tests say they were
//! skipped (CI installs it).

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

use crate::helpers::*;

/// chromedriver on a port of its own, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn chromedriver() -> Option<PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|dir| PathBuf::from(dir).join("chromedriver"))
        .find(|p| p.is_file())
}

async fn start_driver() -> Option<Driver> {
    let Some(path) = chromedriver() else {
        assert!(
            std::env::var("CI").is_err(),
            "CI installs chromium-driver: the browser tests must run there"
        );
        eprintln!("skipped the browser tests: chromedriver is not installed");
        return None;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    for _ in 0..100 {
        if reqwest::get(format!("{}/status", driver.url)).await.is_ok() {
            return Some(driver);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver did not answer");
}

async fn browser(driver: &Driver) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({"args": ["--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--window-size=1200,1000", "--lang=en"]}),
    );
    ClientBuilder::rustls()
        .expect("a TLS configuration")
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a browser session")
}

/// Signs `player` in through the sign-in page with a one-time code the admin made.
async fn sign_in_as(c: &Client, app: &TestApp, player: &str) {
    let code: Value = app
        .post(
            &format!("/api/v1/players/{player}/login-code"),
            Some(&app.admin),
            json!({}),
        )
        .await
        .json()
        .await
        .unwrap();
    c.goto(&app.url("/login?lang=en")).await.unwrap();
    let field = c.find(Locator::Css("input[name=code]")).await.unwrap();
    field
        .send_keys(code["code"].as_str().unwrap())
        .await
        .unwrap();
    field.send_keys("\u{E007}").await.unwrap();
    c.wait()
        .for_element(Locator::Css("nav form"))
        .await
        .unwrap();
}

/// Saves the page as it looks at `width` pixels wide, as target/screenshots/NAME-WIDTH.png.
async fn screenshot(c: &Client, name: &str, width: u32) {
    c.set_window_size(width, 1000).await.unwrap();
    let png = c.screenshot().await.unwrap();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}-{width}.png")), png).unwrap();
}

/// axe-core's violations on the page, where ZARF_AXE_JS names axe.min.js (.ci/run installs it).
async fn axe_violations(c: &Client) -> Option<Vec<Value>> {
    let path = std::env::var("ZARF_AXE_JS").ok()?;
    let axe = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    c.execute(&axe, vec![]).await.unwrap();
    let result = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']}).then(r => done(r.violations));",
            vec![],
        )
        .await
        .unwrap();
    Some(
        result
            .as_array()
            .cloned()
            .expect("axe answers with its violations"),
    )
}

/// Clicks the element `css` selects.
async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Looks at the page: screenshots at desktop and phone widths, and axe-core's checks.
async fn look(c: &Client, name: &str) {
    screenshot(c, name, 1200).await;
    screenshot(c, name, 360).await;
    c.set_window_size(1200, 1000).await.unwrap();
    if let Some(violations) = axe_violations(c).await {
        assert!(violations.is_empty(), "axe on {name}: {violations:#?}");
    }
}

/// The moves the page lists (nothing while the page is being redrawn).
async fn listed(c: &Client) -> String {
    match c.find(Locator::Css(".moves")).await {
        Ok(list) => list.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

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

/// Types `text` into the field `css` selects.
async fn type_into(c: &Client, css: &str, text: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .send_keys(text)
        .await
        .unwrap();
}

/// On the organiser's page: class 9-A of Atatürk Lisesi from a CSV list of `count` pupils.
async fn add_class(c: &Client, csv: &str, count: usize) {
    type_into(c, "#c-school", "Atatürk Lisesi").await;
    type_into(c, "#c-class", "9-A").await;
    type_into(c, "#c-names", csv).await;
    click(c, "form[action^='/organise/class'] button").await;
    until_shown(c, &format!("9-A, Atatürk Lisesi ({count})")).await;
}

/// Waits until the page holds `text` (it may be redrawn meanwhile).
async fn until_shown(c: &Client, text: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let source = c.source().await.unwrap_or_default();
        if source.contains(text) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never shown {text:?}: {source}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the browser is at a path `at` accepts.
async fn until_at(c: &Client, at: impl Fn(&str) -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while !at(c.current_url().await.unwrap().path()) {
        assert!(tokio::time::Instant::now() < deadline, "never got there");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Plays `from`-`to` on the board by two clicks (choosing `promote`, a piece's letter, if asked).
async fn play(c: &Client, from: &str, to: &str, promote: Option<&str>) {
    click(c, &format!(".playable rect[data-square={from}]")).await;
    click(c, &format!(".playable rect[data-square={to}]")).await;
    if let Some(piece) = promote {
        click(c, &format!(".promote button[value={piece}]")).await;
    }
}

/// The sign-in link of the last sign-in mail to `to`, from the SMTP server's inbox.
async fn sign_in_link(
    inbox: &std::sync::Arc<std::sync::Mutex<Vec<smtp::Received>>>,
    to: &str,
) -> String {
    link_in_mail(inbox, to, "/login/").await
}

/// The first link holding `needle` in the last mail to `to` that has one.
async fn link_in_mail(
    inbox: &std::sync::Arc<std::sync::Mutex<Vec<smtp::Received>>>,
    to: &str,
    needle: &str,
) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let link = inbox.lock().unwrap().iter().rev().find_map(|r| {
            if !r.to.iter().any(|t| t == to) {
                return None;
            }
            let m = mail_parser::MessageParser::default().parse(&r.raw)?;
            let text = m.body_text(0)?.into_owned();
            text.split_whitespace()
                .find(|w| w.contains(needle))
                .map(str::to_owned)
        });
        if let Some(link) = link {
            return link;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no mail to {to} with a link to {needle}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

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
    until_shown(&v, "Atatürk Lisesi").await;
    look(&v, "tournament").await;
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

/// The moves the page lists, once they hold `text` (the page redraws itself meanwhile).
async fn until_listed(c: &Client, text: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !listed(c).await.contains(text) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never listed {text:?}: {}",
            listed(c).await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

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
        let game: Value = res.json().await.unwrap();
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

/// The first move recorded in game `id`, once there is one.
async fn until_played(app: &TestApp, id: &str) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let g = app.get_game(id).await;
        if g["ply"].as_u64() >= Some(1) {
            return g["moves"][0].as_str().unwrap().to_owned();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no move recorded: {g}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

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

/// Waits until the page's moves list holds `moves`.
async fn until_listed_moves(c: &Client, moves: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while !listed(c).await.contains(moves) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never listed {moves:?}: {}",
            listed(c).await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
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
