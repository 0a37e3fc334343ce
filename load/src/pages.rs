//! `zarf-load pages`: the pages under load. First the game page (`GET /games/{id}`, as its
//! signed-in player sees it) and the JSON read of the same cached game, side by side, from many
//! clients; then many open live pages (`GET /games/{id}/live`), a move at a time played in their
//! games, timing from the move's request to each watcher hearing of it, and the server's
//! resident memory before and with the pages open. The last line is machine-readable:
//! `page_p99_ms=<n> json_p99_ms=<n> live_p99_ms=<n> live_heard=<n>/<n> rss_growth_mb=<n>`.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use serde_json::{json, Value};

/// An opening both sides play in every game, so each game page has a move list to write.
const OPENING: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
];

struct Game {
    id: String,
    tokens: [String; 2],
}

async fn post(
    client: &reqwest::Client,
    url: &str,
    token: &str,
    body: Value,
) -> anyhow::Result<Value> {
    let res = client
        .post(url)
        .bearer_auth(token)
        .json(&body)
        .send()
        .await?;
    anyhow::ensure!(res.status().is_success(), "{url}: {}", res.status());
    Ok(res.json().await?)
}

/// A game between two new players, the opening played: its id and the players' tokens.
async fn new_game(
    client: &reqwest::Client,
    url: &str,
    admin: &str,
    n: usize,
) -> anyhow::Result<Game> {
    let mut players = Vec::new();
    for side in ["W", "B"] {
        let p = post(
            client,
            &format!("{url}/api/v1/players"),
            admin,
            json!({"name": format!("{side}{n}")}),
        )
        .await?;
        players.push(p);
    }
    let g = post(
        client,
        &format!("{url}/api/v1/games"),
        admin,
        json!({"white": players[0]["id"], "black": players[1]["id"]}),
    )
    .await?;
    let id = g["id"].as_str().unwrap_or_default().to_owned();
    let tokens = [0, 1].map(|i| players[i]["token"].as_str().unwrap_or_default().to_owned());
    for (i, mv) in OPENING.iter().enumerate() {
        post(
            client,
            &format!("{url}/api/v1/games/{id}/moves"),
            &tokens[i % 2],
            json!({"move": mv}),
        )
        .await?;
    }
    Ok(Game { id, tokens })
}

/// A browser's session for `player`: signed in by a one-time code as a pupil is.
async fn session(
    client: &reqwest::Client,
    url: &str,
    admin: &str,
    player: &str,
) -> anyhow::Result<String> {
    let login = client.get(format!("{url}/login")).send().await?;
    let csrf_cookie = cookie(&login, "zarf_csrf").unwrap_or_default();
    let html = login.text().await?;
    let token = html
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or_default()
        .to_owned();
    let code = post(
        client,
        &format!("{url}/api/v1/players/{player}/login-code"),
        admin,
        json!({}),
    )
    .await?;
    let res = client
        .post(format!("{url}/login/code"))
        .header("cookie", &csrf_cookie)
        .form(&[
            ("code", code["code"].as_str().unwrap_or_default()),
            ("csrf", &token),
        ])
        .send()
        .await?;
    let session = cookie(&res, "zarf_session").ok_or_else(|| anyhow::anyhow!("not signed in"))?;
    Ok(format!("{session}; {csrf_cookie}"))
}

fn cookie(res: &reqwest::Response, name: &str) -> Option<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned)
}

/// The server's resident memory from its `/metrics` (which takes the admin token), in MB.
async fn rss_mb(client: &reqwest::Client, url: &str, admin: &str) -> f64 {
    let metrics = client.get(format!("{url}/metrics")).bearer_auth(admin);
    let Ok(res) = metrics.send().await else {
        return f64::NAN;
    };
    res.text()
        .await
        .ok()
        .and_then(|t| {
            t.lines()
                .find_map(|l| l.strip_prefix("process_resident_memory_bytes "))
                .and_then(|v| v.trim().parse::<f64>().ok())
        })
        .map_or(f64::NAN, |b| b / 1e6)
}

fn ms(h: &Histogram<u64>, q: f64) -> f64 {
    h.value_at_quantile(q) as f64 / 1000.0
}

pub async fn pages(
    url: &str,
    admin: &str,
    seconds: u64,
    clients: usize,
    watchers: usize,
    watched_games: usize,
    moves: usize,
) -> anyhow::Result<()> {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .pool_max_idle_per_host(clients.max(watchers))
        .build()?;
    // The game page beside the JSON read, on one cached game.
    let game = new_game(&client, url, admin, 0).await?;
    let white = client
        .get(format!("{url}/api/v1/games/{}", game.id))
        .send()
        .await?
        .json::<Value>()
        .await?["white"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let cookie = session(&client, url, admin, &white).await?;
    let new_hist = || Histogram::<u64>::new_with_bounds(1, 60_000_000, 3);
    let tally = Arc::new(Mutex::new((new_hist()?, new_hist()?, 0u64)));
    let until = Instant::now() + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..clients)
        .map(|c| {
            let (client, tally, cookie) = (client.clone(), tally.clone(), cookie.clone());
            let (page, json) = (
                format!("{url}/games/{}", game.id),
                format!("{url}/api/v1/games/{}", game.id),
            );
            tokio::spawn(async move {
                let mut i = c;
                while Instant::now() < until {
                    i += 1;
                    let html = i % 2 == 0;
                    let req = if html {
                        client.get(&page).header("cookie", &cookie)
                    } else {
                        client.get(&json)
                    };
                    let t0 = Instant::now();
                    let ok = match req.send().await {
                        Ok(res) if res.status().is_success() => res.bytes().await.is_ok(),
                        _ => false,
                    };
                    let us = (t0.elapsed().as_micros() as u64).max(1);
                    let mut t = tally.lock().unwrap();
                    match (ok, html) {
                        (false, _) => t.2 += 1,
                        (true, true) => drop(t.0.record(us)),
                        (true, false) => drop(t.1.record(us)),
                    }
                }
            })
        })
        .collect();
    for t in tasks {
        t.await?;
    }
    let (page_h, json_h, errors) = {
        let t = tally.lock().unwrap();
        (t.0.clone(), t.1.clone(), t.2)
    };
    for (name, h) in [
        ("GET /games/{id} (page)", &page_h),
        ("GET /api/v1/games/{id}", &json_h),
    ] {
        println!(
            "{name}: {} requests, p50 {:.2} ms  p90 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
            h.len(),
            ms(h, 0.5),
            ms(h, 0.9),
            ms(h, 0.99),
            h.max() as f64 / 1000.0
        );
    }

    // Live pages: `watchers` streams over `watched_games` games.
    let mut games = Vec::new();
    for n in 0..watched_games.max(1) {
        games.push(new_game(&client, url, admin, n + 1).await?);
    }
    let before = rss_mb(&client, url, admin).await;
    // When each game's moves were sent, by the log's length they make.
    let sent: Arc<Mutex<std::collections::HashMap<(usize, u64), Instant>>> = Arc::default();
    let heard = Arc::new(Mutex::new((new_hist()?, 0u64)));
    let mut streams = Vec::new();
    for w in 0..watchers {
        let g = w % games.len();
        let res = client
            .get(format!("{url}/games/{}/live", games[g].id))
            .send()
            .await?;
        anyhow::ensure!(res.status().is_success(), "live page {w}: {}", res.status());
        let (sent, heard) = (sent.clone(), heard.clone());
        streams.push(tokio::spawn(async move {
            let mut res = res;
            let mut said = String::new();
            while let Ok(Some(chunk)) = res.chunk().await {
                said.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = said.find("\n\n") {
                    let message: String = said.drain(..end + 2).collect();
                    let version = message
                        .lines()
                        .find_map(|l| l.strip_prefix("data: "))
                        .and_then(|v| v.parse::<u64>().ok());
                    let Some(version) = version else { continue };
                    let at = sent.lock().unwrap().get(&(g, version)).copied();
                    if let Some(at) = at {
                        let mut h = heard.lock().unwrap();
                        let _ = h.0.record((at.elapsed().as_micros() as u64).max(1));
                        h.1 += 1;
                    }
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let open = rss_mb(&client, url, admin).await;
    // A move at a time, round the games: each game's watchers should hear it.
    let per_game = watchers / games.len();
    let mut expected = 0u64;
    for m in 0..moves {
        let g = m % games.len();
        let game = &games[g];
        let ply = OPENING.len() + m / games.len();
        let (mv, side) = shuffle(ply);
        // The log's length after this move: creation, the opening, and the moves since.
        let version = 1 + ply as u64 + 1;
        sent.lock().unwrap().insert((g, version), Instant::now());
        post(
            &client,
            &format!("{url}/api/v1/games/{}/moves", game.id),
            &game.tokens[side],
            json!({"move": mv}),
        )
        .await?;
        expected += (per_game + usize::from(g < watchers % games.len())) as u64;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (live_h, got) = {
        let h = heard.lock().unwrap();
        (h.0.clone(), h.1)
    };
    for s in &streams {
        s.abort();
    }
    println!(
        "live pages: {watchers} open over {} games; {moves} moves; heard {got} of {expected}; \
         p50 {:.2} ms  p90 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
        games.len(),
        ms(&live_h, 0.5),
        ms(&live_h, 0.9),
        ms(&live_h, 0.99),
        live_h.max() as f64 / 1000.0
    );
    println!(
        "server resident memory: {before:.0} MB before the live pages, {open:.0} MB with them open"
    );
    println!(
        "page_p99_ms={:.2} json_p99_ms={:.2} live_p99_ms={:.2} live_heard={got}/{expected} rss_growth_mb={:.0} errors={errors}",
        ms(&page_h, 0.99),
        ms(&json_h, 0.99),
        ms(&live_h, 0.99),
        open - before
    );
    Ok(())
}

/// The move at `ply` after the opening, and whose it is: knights out and back, for ever.
fn shuffle(ply: usize) -> (&'static str, usize) {
    const KNIGHTS: [&str; 4] = ["Nh2", "Nh5", "Nf3", "Nf6"];
    let side = ply % 2;
    (KNIGHTS[(ply - OPENING.len()) % 4], side)
}
