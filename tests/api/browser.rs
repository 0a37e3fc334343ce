//! The pages in a real browser (Debian's chromium, headless, through chromedriver): a move made
//! by clicking the board, the opponent's answer appearing without a reload, screenshots at
//! desktop and phone widths in target/screenshots, and, where axe-core is installed, its
//! accessibility checks. Without chromedriver these tests say they were skipped (CI installs it).

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
    let said = c
        .find(Locator::Id("announce"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(said.contains("c5"), "announced: {said:?}");
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
async fn the_organisers_pages_in_the_browser() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let app = spawn_app(Backend::Sqlite).await;
    let org = app
        .create_player_with(json!({"name": "Öğretmen", "roles": ["organiser"], "locale": "tr"}))
        .await;
    for name in ["Ayşe Yılmaz", "Mehmet Öz", "Can Demir"] {
        app.post(
            "/api/v1/players",
            Some(&org.token),
            json!({"name": name, "school": "Atatürk Lisesi", "class": "9-A", "locale": "tr"}),
        )
        .await;
    }
    let c = browser(&driver).await;
    sign_in_as(&c, &app, &org.id).await;
    c.goto(&app.url("/organise")).await.unwrap();
    // With the script, a CSV file may fill the list; the page reads in the organiser's language.
    let file = c.find(Locator::Id("c-file")).await.unwrap();
    assert!(file.is_displayed().await.unwrap());
    assert_eq!(
        c.find(Locator::Css("h1"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
        "Düzenle"
    );
    look(&c, "organise").await;
    // The class's code sheet.
    click(&c, "section.class button").await;
    c.wait()
        .for_element(Locator::Css("ul.codes"))
        .await
        .unwrap();
    let cards = c.find_all(Locator::Css("ul.codes li")).await.unwrap();
    assert_eq!(cards.len(), 3);
    look(&c, "codes").await;
    c.close().await.unwrap();
}
