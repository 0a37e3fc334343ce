//! The tournament mode: an online Swiss of `players` (1,000 by default) through the public API.
//! Its players are made and registered, round 1 is paired and published (one game for each
//! board, created by the publishing request), the round's games are played with random legal
//! moves by the clients for a while, and then every game still going is resigned and the run
//! waits until each result has entered the tournament by itself. It prints the time each step
//! took and the moves per second while the round's games were played.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use serde_json::{json, Value};

use super::{client_loop, connection, post, Args, Game, Tally};

/// Posts as `token`, failing on anything but a 2xx answer.
async fn ok(
    client: &reqwest::Client,
    url: String,
    token: &str,
    body: Value,
) -> anyhow::Result<Value> {
    let (status, answer): (u16, Value) = post(client, url.clone(), token, body).await?;
    anyhow::ensure!((200..300).contains(&status), "{url}: {status} {answer}");
    Ok(answer)
}

pub async fn tournament(
    url: &str,
    admin: &str,
    players: usize,
    seconds: u64,
    clients: usize,
) -> anyhow::Result<()> {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(clients)
        .build()?;
    let run = *super::RUN;
    let org = ok(
        &client,
        format!("{url}/api/v1/players"),
        admin,
        json!({"name": format!("load-organiser-{run}"), "roles": ["organiser"]}),
    )
    .await?;
    let org = org["token"].as_str().unwrap_or_default().to_owned();
    let t = ok(
        &client,
        format!("{url}/api/v1/tournaments"),
        &org,
        json!({"name": format!("load {run}"), "system": "swiss", "rounds": 9, "play": "online",
            "time_control": {"kind": "per_move", "seconds": 3 * 86_400}}),
    )
    .await?;
    let id = t["id"].as_str().unwrap_or_default().to_owned();
    let tournament = format!("{url}/api/v1/tournaments/{id}");

    eprintln!("making {players} players");
    let making = Instant::now();
    let makers: Vec<_> = (0..clients.max(1))
        .map(|c| {
            let (client, url, admin) = (client.clone(), url.to_owned(), admin.to_owned());
            tokio::spawn(async move {
                let mut made = Vec::new();
                for n in (c..players).step_by(clients.max(1)) {
                    let p = ok(
                        &client,
                        format!("{url}/api/v1/players"),
                        &admin,
                        json!({"name": format!("load-t{n}")}),
                    )
                    .await?;
                    let field = |f: &str| p[f].as_str().unwrap_or_default().to_owned();
                    made.push((n, field("id"), field("token")));
                }
                anyhow::Ok(made)
            })
        })
        .collect();
    let mut made = Vec::with_capacity(players);
    for m in makers {
        made.extend(m.await??);
    }
    made.sort();
    let made_in = making.elapsed().as_secs_f64();
    // One log takes its registrations one after another.
    let registering = Instant::now();
    for (n, player, _) in &made {
        let rating = 2400 - (*n as i64 * 1400 / players.max(1) as i64);
        ok(
            &client,
            format!("{tournament}/players"),
            &org,
            json!({"player": player, "rating": rating}),
        )
        .await?;
    }
    let registered_in = registering.elapsed().as_secs_f64();

    let pairing = Instant::now();
    ok(&client, format!("{tournament}/rounds"), &org, json!({})).await?;
    let paired_in = pairing.elapsed().as_secs_f64();
    let publishing = Instant::now();
    let t = ok(
        &client,
        format!("{tournament}/publish"),
        &org,
        json!({"round": 1}),
    )
    .await?;
    let published_in = publishing.elapsed().as_secs_f64();

    let tokens: HashMap<&str, &str> = made
        .iter()
        .map(|(_, id, token)| (id.as_str(), token.as_str()))
        .collect();
    let games: Vec<Game> = t["pairings"][0]["boards"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(|b| {
            let token = |side: &str| tokens.get(b[side].as_str()?).map(|t| (*t).to_owned());
            Some(Game {
                id: b["game"].as_str()?.to_owned(),
                players: [
                    b["white"].as_str()?.to_owned(),
                    b["black"].as_str()?.to_owned(),
                ],
                tokens: [token("white")?, token("black")?],
                follow: None,
                start: crate::CHESS_START.to_owned(),
                kind: crate::Kind::Chess,
                opening: None,
            })
        })
        .collect();
    let boards = games.len();
    println!(
        "tournament: {players} players made in {made_in:.1} s, registered in {registered_in:.1} s; round 1 paired in {paired_in:.2} s, published with its {boards} games in {published_in:.2} s"
    );

    // The round's games, played.
    let args = Arc::new(Args {
        command: None,
        url: Some(url.to_owned()),
        admin_token: Some(admin.to_owned()),
        seconds,
        games: boards,
        clients,
        database: None,
        rate: None,
        conditional: 0,
        tavla: 0,
        checkers: 0,
        dama: 0,
        mix: false,
        mail: false,
        tablebase: None,
        smtp_sink: None,
        no_new_games: true,
    });
    let start = crate::CHESS_START;
    let ids: Vec<(String, String)> = games
        .iter()
        .map(|g| (g.id.clone(), g.tokens[0].clone()))
        .collect();
    let mut per_client: Vec<Vec<(Game, String, usize)>> =
        (0..clients.max(1)).map(|_| Vec::new()).collect();
    for (i, g) in games.into_iter().enumerate() {
        per_client[i % clients.max(1)].push((g, start.to_owned(), 0));
    }
    // The round's games are chess: its histogram is the first.
    let hists = Arc::new(Mutex::new(vec![
        Histogram::<u64>::new_with_bounds(
            1, 60_000_000, 3
        )?;
        crate::Kind::ALL.len()
    ]));
    let tally = Arc::new(Mutex::new(Tally::default()));
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for (i, games) in per_client.into_iter().enumerate() {
        tasks.push(tokio::spawn(client_loop(
            client.clone(),
            connection::Connection::to(url)?,
            args.clone(),
            games,
            until,
            hists.clone(),
            tally.clone(),
            0x51f1_5eed + i as u64,
        )));
    }
    for task in tasks {
        task.await?;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let moves = tally.lock().unwrap().moves;
    let p99 = hists.lock().unwrap()[0].value_at_quantile(0.99) as f64 / 1000.0;
    println!(
        "round 1's games: {moves} moves in {elapsed:.1} s = {:.0}/s over {boards} games with {clients} clients, p99 {p99:.2} ms",
        moves as f64 / elapsed
    );
    for (code, n) in &tally.lock().unwrap().errors {
        println!("errors {code}: {n}");
    }

    // Completed: White resigns every game still going; the results come back by themselves.
    let completing = Instant::now();
    for (game, white) in &ids {
        // A game already over refuses (409): its result is in already.
        let _ = post::<Value>(
            &client,
            format!("{url}/api/v1/games/{game}/resign"),
            white,
            json!({}),
        )
        .await?;
    }
    let resigned_in = completing.elapsed().as_secs_f64();
    loop {
        let t: Value = client.get(&tournament).send().await?.json().await?;
        let missing = t["pairings"][0]["boards"]
            .as_array()
            .map_or(usize::MAX, |b| {
                b.iter()
                    .filter(|b| !b["black"].is_null() && b["result"].is_null())
                    .count()
            });
        if missing == 0 {
            break;
        }
        anyhow::ensure!(
            completing.elapsed() < Duration::from_secs(300),
            "{missing} results never came back"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let completed_in = completing.elapsed().as_secs_f64();
    println!(
        "round 1 completed: {boards} games resigned in {resigned_in:.1} s, every result in the tournament {completed_in:.1} s after the first resignation"
    );
    println!(
        "publish_s={published_in:.2} moves_per_s={:.0} complete_s={completed_in:.1}",
        moves as f64 / elapsed
    );
    Ok(())
}
