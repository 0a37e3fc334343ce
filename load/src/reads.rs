//! `zarf-load reads`: read latency on a database filled by `zarf-load seed`. Clients ask for
//! random seeded games (`GET /api/v1/games/{id}`) and random players' lists
//! (`GET /api/v1/me/games`, with the seeded players' tokens), each timed into its own HDR
//! histogram.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;

use crate::seed::{game_id, player_token, Rng};

struct Tally {
    game: Histogram<u64>,
    mine: Histogram<u64>,
    errors: u64,
}

pub async fn reads(
    url: &str,
    games: u64,
    players: u64,
    seconds: u64,
    clients: usize,
) -> anyhow::Result<()> {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(clients)
        .build()?;
    let new_hist = || Histogram::<u64>::new_with_bounds(1, 60_000_000, 3);
    let tally = Arc::new(Mutex::new(Tally {
        game: new_hist()?,
        mine: new_hist()?,
        errors: 0,
    }));
    let until = Instant::now() + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..clients)
        .map(|c| {
            let (client, tally, url) = (client.clone(), tally.clone(), url.to_owned());
            tokio::spawn(async move {
                let mut rng = Rng::new(0x5eed + c as u64);
                while Instant::now() < until {
                    let list = rng.below(2) == 0;
                    let request = if list {
                        client
                            .get(format!("{url}/api/v1/me/games"))
                            .bearer_auth(player_token(rng.below(players)))
                    } else {
                        client.get(format!("{url}/api/v1/games/{}", game_id(rng.below(games))))
                    };
                    let t0 = Instant::now();
                    let ok = match request.send().await {
                        Ok(res) if res.status().is_success() => res.bytes().await.is_ok(),
                        _ => false,
                    };
                    let us = t0.elapsed().as_micros() as u64;
                    let mut t = tally.lock().unwrap();
                    if !ok {
                        t.errors += 1;
                    } else if list {
                        let _ = t.mine.record(us.max(1));
                    } else {
                        let _ = t.game.record(us.max(1));
                    }
                }
            })
        })
        .collect();
    for t in tasks {
        t.await?;
    }
    let t = tally.lock().unwrap();
    let ms = |h: &Histogram<u64>, q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    for (name, h) in [
        ("GET /api/v1/games/{id}", &t.game),
        ("GET /api/v1/me/games", &t.mine),
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
    println!(
        "game_p99_ms={:.2} me_games_p99_ms={:.2} errors={}",
        ms(&t.game, 0.99),
        ms(&t.mine, 0.99),
        t.errors
    );
    Ok(())
}
