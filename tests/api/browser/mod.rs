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

mod chess;
mod cups;
mod dice;
mod games;
mod players;
mod school;
mod sightless;
mod tablebases;

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

/// Signs `player` in through the sign-in page with a one-time code the admin made; an organiser
/// or admin, for whom no code is made, by following a sign-in link as from its mail.
async fn sign_in_as(c: &Client, app: &TestApp, player: &str) {
    let res = app
        .post(
            &format!("/api/v1/players/{player}/login-code"),
            Some(&app.admin),
            json!({}),
        )
        .await;
    if res.status() == reqwest::StatusCode::FORBIDDEN {
        let link = api::app::accounts::sign_in_link(
            &app.state.store,
            &app.base,
            player,
            time::Duration::minutes(15),
        )
        .unwrap();
        c.goto(&link).await.unwrap();
        // The link's page asks to confirm before it signs in.
        if let Ok(button) = c
            .find(Locator::Css("form[action^='/login/link'] button"))
            .await
        {
            button.click().await.unwrap();
        }
        if c.wait()
            .for_element(Locator::Css("nav form"))
            .await
            .is_err()
        {
            let page = c.source().await.unwrap_or_default();
            panic!("not signed in by the link: {page}");
        }
        return;
    }
    let code: Value = res.json().await.unwrap();
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

/// Waits until the page no longer shows `text` (the page after a form was sent, say).
async fn until_gone(c: &Client, text: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let source = c.source().await.unwrap_or_default();
        if !source.is_empty() && !source.contains(text) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "still shown {text:?}: {source}"
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
