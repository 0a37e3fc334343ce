//! zarf-load: creates players and games through the public API, plays them with many concurrent
//! clients (random legal moves, some draw offers and claims) for a set time, and prints moves per
//! second, latency percentiles (HDR histogram) and errors by code. With `--database`, it then
//! measures the store's limit on that database: the same transaction shape (append one event row,
//! update the projection row, insert an outbox row, commit) driven straight at the store with the
//! same concurrency, no HTTP and no rules, one commit per append; `limit_ratio` is the service's
//! moves per second over that. It also prints the store's rate through its group commit (the
//! service's own commit path, where concurrent appends share a commit) and the ratio to that. The
//! `--conditional N` makes N% of the moves through conditional lines (the opponent's line,
//! set just before, answers the move); the replies count as moves, the lines' requests in the
//! latency. `--checkers N`, `--dama N` and `--tavla N` make N% of the games those games
//! (`--mix`: a quarter each with chess), each game's moves and latency reported beside the
//! whole. `--tablebase RULE` makes the chess games under that tablebase rule; the games' endings
//! are counted by termination. The last line is machine-readable:
//! `moves_per_s=<n> p99_ms=<n> limit_ratio=<n> errors=<n>`.
//!
//! It sends only to the address it is given.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;

/// The same allocator as the server's: the client shares the server's two cores (D30).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// This run's start in milliseconds: part of its players' addresses, unique on a database that
/// earlier runs filled.
static RUN: std::sync::LazyLock<u128> = std::sync::LazyLock::new(|| {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis())
});

mod answer;
mod args;
mod connection;
mod games;
mod limit;
mod mail;
mod pages;
mod reads;
mod seed;
mod tournament;
use answer::{Answer, Tally};
use args::{Args, Cmd};
use domain::chess::{legal_moves, position_from_stored_fen, write_move, MoveStyle};
use games::Kind;
use limit::{measure_limit, Commits};

use hdrhistogram::Histogram;
use serde_json::{json, Value};

struct Game {
    id: String,
    /// White's and Black's ids.
    players: [String; 2],
    tokens: [String; 2],
    /// The move this game's player to move at that ply will make, following the line their
    /// opponent set (`--conditional`).
    follow: Option<(usize, String)>,
    /// The position it starts from, as its Game gives it (chess: FEN).
    start: String,
    /// The game played (`--checkers`, `--dama`, `--tavla`, `--mix`).
    kind: Kind,
    /// While a tavla match's opening awaits the players' dice: whether White and Black have
    /// thrown.
    opening: Option<[bool; 2]>,
}

/// Chess's standard start.
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Posts `body` and reads the answer as `T` (the default if it is not one). Moves read an
/// [`Answer`], only what the client needs: a move's answer is the whole Game, every move of it,
/// and building a JSON tree of it cost the load generator CPU that the server it shares the
/// machine with could use.
async fn post<T: serde::de::DeserializeOwned + Default>(
    client: &reqwest::Client,
    url: String,
    token: &str,
    body: Value,
) -> anyhow::Result<(u16, T)> {
    let res = client
        .post(url)
        .bearer_auth(token)
        .json(&body)
        .send()
        .await?;
    let status = res.status().as_u16();
    let bytes = res.bytes().await?;
    Ok((status, serde_json::from_slice(&bytes).unwrap_or_default()))
}

async fn new_game(client: &reqwest::Client, args: &Args, n: usize) -> anyhow::Result<Game> {
    let mut ids = Vec::new();
    let mut tokens = Vec::new();
    for side in ["w", "b"] {
        let mut player = json!({"name": format!("load-{side}{n}")});
        if args.mail {
            // Unique across runs on one database: the run's start in the address.
            player["email"] = json!(format!("load-{side}{n}-{}@zarf-load.test", *RUN));
        }
        let (_, p): (_, Value) = post(
            client,
            format!("{}/api/v1/players", args.url()),
            args.admin_token(),
            player,
        )
        .await?;
        ids.push(
            p["id"]
                .as_str()
                .ok_or_else(|| anyhow::anyhow!("no player: {p}"))?
                .to_owned(),
        );
        tokens.push(p["token"].as_str().unwrap_or_default().to_owned());
    }
    let players = [ids[0].clone(), ids[1].clone()];
    let tokens = [tokens[0].clone(), tokens[1].clone()];
    game_between(client, args, Kind::of(n, args), players, tokens).await
}

/// The next game of a finished one's kind between its players: a game of short games (checkers,
/// tavla) is replaced more often than a chess game, and making new players for each would
/// weigh on the mix's figure.
async fn next_game(client: &reqwest::Client, args: &Args, done: &Game) -> anyhow::Result<Game> {
    let (players, tokens) = (done.players.clone(), done.tokens.clone());
    game_between(client, args, done.kind, players, tokens).await
}

async fn game_between(
    client: &reqwest::Client,
    args: &Args,
    kind: Kind,
    players: [String; 2],
    tokens: [String; 2],
) -> anyhow::Result<Game> {
    let body = kind.creation(&players[0], &players[1], args.tablebase.as_deref());
    let (_, g): (_, Value) = post(
        client,
        format!("{}/api/v1/games", args.url()),
        args.admin_token(),
        body,
    )
    .await?;
    Ok(Game {
        id: g["id"]
            .as_str()
            .ok_or_else(|| anyhow::anyhow!("no game: {g}"))?
            .to_owned(),
        players,
        tokens,
        follow: None,
        start: g["position"].as_str().unwrap_or(CHESS_START).to_owned(),
        kind,
        opening: g["dice"]["opening"]
            .as_object()
            .map(|o| [!o["white"].is_null(), !o["black"].is_null()]),
    })
}

/// The server's largest resident set until `until`, read from its `/metrics` (which takes the
/// admin token) twice a second (`process_resident_memory_bytes`; `None` where the server does
/// not report it).
async fn watch_rss(
    client: reqwest::Client,
    url: String,
    admin: String,
    until: Instant,
) -> Option<f64> {
    let mut max: Option<f64> = None;
    while Instant::now() < until {
        let metrics = client.get(format!("{url}/metrics")).bearer_auth(&admin);
        if let Ok(res) = metrics.send().await {
            if let Ok(text) = res.text().await {
                let rss = text
                    .lines()
                    .find_map(|l| l.strip_prefix("process_resident_memory_bytes "))
                    .and_then(|v| v.trim().parse::<f64>().ok());
                if let Some(r) = rss {
                    max = Some(max.map_or(r, |m: f64| m.max(r)));
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    max
}

/// The server's counters of the background dead-position test, from its `/metrics`: searches,
/// searches that stopped at their bound, dead positions found (`None` where it has none).
async fn verdict_counts(client: &reqwest::Client, url: &str, admin: &str) -> Option<[u64; 3]> {
    let text = client
        .get(format!("{url}/metrics"))
        .bearer_auth(admin)
        .send()
        .await
        .ok()?
        .text()
        .await
        .ok()?;
    let count = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .map(|v| v as u64)
    };
    Some([
        count("zarf_verdict_searches_total")?,
        count("zarf_verdicts_unknown_total")?,
        count("zarf_dead_positions_found_total")?,
    ])
}

/// One client: plays its games in turn until the time is up, the moves on its own connection.
#[allow(clippy::too_many_arguments)]
async fn client_loop(
    client: reqwest::Client,
    mut connection: connection::Connection,
    args: Arc<Args>,
    mut games: Vec<(Game, String, usize)>,
    until: Instant,
    hists: Arc<Mutex<Vec<Histogram<u64>>>>,
    tally: Arc<Mutex<Tally>>,
    seed: u64,
) {
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    // With a rate, each client takes its share of it: one move every `clients / rate` seconds.
    let interval = args
        .rate
        .filter(|r| *r > 0.0)
        .map(|r| Duration::from_secs_f64(args.clients as f64 / r));
    let mut next_move = tokio::time::Instant::now();
    while Instant::now() < until && games.iter().any(|(_, fen, _)| !fen.is_empty()) {
        for slot in games.iter_mut() {
            if Instant::now() >= until {
                break;
            }
            if let Some(interval) = interval {
                next_move += interval;
                tokio::time::sleep_until(next_move).await;
            }
            let (game, fen, ply) = slot;
            // Checkers, dama, tavla: a random legal move (or a tavla opening die).
            if game.kind != Kind::Chess {
                let Some(turn) = games::next_turn(game.kind, fen, game.opening, &mut next) else {
                    continue;
                };
                let started = Instant::now();
                let path = format!("/api/v1/games/{}/{}", game.id, turn.path);
                let result = connection
                    .post(&path, &game.tokens[turn.side], turn.body)
                    .await;
                let micros = started.elapsed().as_micros() as u64;
                let _ = hists.lock().unwrap()[game.kind as usize].record(micros.max(1));
                match result {
                    Ok((200, bytes)) => {
                        let g = serde_json::from_slice::<Answer>(&bytes).unwrap_or_default();
                        if turn.is_move {
                            tally.lock().unwrap().played(game.kind, 1);
                        }
                        tally.lock().unwrap().ended(g.termination.as_deref());
                        game.opening = g.opening();
                        if g.status.as_deref() != Some("active") && !args.no_new_games {
                            if let Ok(ng) = next_game(&client, &args, game).await {
                                let start = ng.start.clone();
                                *slot = (ng, start, 0);
                            }
                        } else if let Some(next) = g.position {
                            *fen = next;
                        }
                    }
                    Ok((_, bytes)) => tally.lock().unwrap().refused(&bytes),
                    Err(_) => tally.lock().unwrap().error("transport"),
                }
                continue;
            }
            let Some(pos) = position_from_stored_fen(fen) else {
                continue;
            };
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                continue;
            }
            let side = *ply % 2;
            // The player follows the line their opponent foresaw, where there is one.
            let followed = match game.follow.take() {
                Some((at, uci)) if at == *ply => moves
                    .iter()
                    .copied()
                    .find(|m| write_move(&pos, *m, MoveStyle::Uci) == uci),
                _ => None,
            };
            let m = followed.unwrap_or_else(|| moves[(next() % moves.len() as u64) as usize]);
            let uci = write_move(&pos, m, MoveStyle::Uci);
            let roll = if followed.is_some() { 99 } else { next() % 100 };
            // Through a conditional line: the opponent foresees this move and the next one,
            // answering each (the player follows it).
            if roll >= 6 && roll < 6 + args.conditional {
                let mut line = vec![uci.clone()];
                let mut at = pos.clone();
                shakmaty::Position::play_unchecked(&mut at, m);
                for _ in 0..3 {
                    let legal = legal_moves(&at);
                    if legal.is_empty() {
                        break;
                    }
                    let n = legal[(next() % legal.len() as u64) as usize];
                    line.push(write_move(&at, n, MoveStyle::Uci));
                    shakmaty::Position::play_unchecked(&mut at, n);
                }
                // A line ends with the opponent's reply.
                line.truncate(if line.len() >= 4 { 4 } else { 2 });
                if line.len() == 4 {
                    game.follow = Some((*ply + 2, line[2].clone()));
                }
                if line.len() >= 2 {
                    let started = Instant::now();
                    let set = connection
                        .put(
                            &format!("/api/v1/games/{}/conditional-moves", game.id),
                            &game.tokens[1 - side],
                            format!(
                                r#"{{"lines":[["{}"]],"notation":"uci"}}"#,
                                line.join(r#"",""#)
                            ),
                        )
                        .await;
                    let micros = started.elapsed().as_micros() as u64;
                    let _ = hists.lock().unwrap()[0].record(micros.max(1));
                    match set {
                        Ok((200, _)) => tally.lock().unwrap().lines += 1,
                        Ok((_, bytes)) => tally.lock().unwrap().refused(&bytes),
                        Err(_) => tally.lock().unwrap().error("transport"),
                    }
                }
            }
            // A UCI move is letters and digits: the bodies are written as they are sent.
            let (path, body) = if roll < 3 {
                (
                    "claims",
                    format!(r#"{{"kind":"threefold_repetition","move":"{uci}","notation":"uci"}}"#),
                )
            } else {
                (
                    "moves",
                    format!(
                        r#"{{"move":"{uci}","notation":"uci","offer_draw":{}}}"#,
                        roll < 6
                    ),
                )
            };
            let started = Instant::now();
            let result = connection
                .post(
                    &format!("/api/v1/games/{}/{path}", game.id),
                    &game.tokens[side],
                    body,
                )
                .await
                .map(|(status, bytes)| {
                    (
                        status,
                        serde_json::from_slice::<Answer>(&bytes).unwrap_or_default(),
                    )
                });
            let micros = started.elapsed().as_micros() as u64;
            let _ = hists.lock().unwrap()[0].record(micros.max(1));
            match result {
                Ok((200, mut a)) => {
                    let g = match a.game.take() {
                        Some(g) if path == "claims" => *g,
                        _ => a,
                    };
                    // A 200 without a Game is the server's error, not a move.
                    let Some(next_fen) = g.fen else {
                        tally.lock().unwrap().error("unreadable_answer");
                        continue;
                    };
                    *fen = next_fen;
                    // A conditional reply is a move recorded with this one.
                    let before = *ply;
                    *ply = g.ply.unwrap_or(0) as usize;
                    let n = (*ply).saturating_sub(before).max(1) as u64;
                    tally.lock().unwrap().played(Kind::Chess, n);
                    tally.lock().unwrap().ended(g.termination.as_deref());
                    if g.status.as_deref() != Some("active") && args.no_new_games {
                        // Finished, and out of play.
                        fen.clear();
                    } else if g.status.as_deref() != Some("active") {
                        // Finished: its players play a new game in its place.
                        if let Ok(ng) = next_game(&client, &args, game).await {
                            let start = ng.start.clone();
                            *slot = (ng, start, 0);
                        }
                    }
                }
                Ok((_, a)) => {
                    let code = a.error.map_or_else(|| "unknown".to_owned(), |e| e.code);
                    tally.lock().unwrap().error(&code);
                }
                Err(e) if e.to_string().contains("connect") => {
                    tally.lock().unwrap().error("connect")
                }
                Err(_) => tally.lock().unwrap().error("transport"),
            }
        }
    }
}

// The clients share one thread: the generator shares the machine with the server it measures,
// and on a second runtime thread every answer would wake another thread first, which shows in
// the server's read latency. Its CPU is a small part of one core; the limit run and `seed` use
// threads of their own.
#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let args = Arc::new(Args::parse());
    match &args.command {
        Some(Cmd::Seed {
            games,
            database,
            players,
            threads,
        }) => {
            return seed::seed(
                database,
                *games,
                players.unwrap_or(games / 5).max(2),
                *threads,
            )
        }
        Some(Cmd::Reads {
            url,
            games,
            players,
            seconds,
            clients,
        }) => {
            let players = players.unwrap_or(games / 5).max(2);
            return reads::reads(url, *games, players, *seconds, *clients).await;
        }
        Some(Cmd::Tournament {
            url,
            admin_token,
            players,
            seconds,
            clients,
        }) => {
            return tournament::tournament(url, admin_token, *players, *seconds, *clients).await;
        }
        Some(Cmd::Pages {
            url,
            admin_token,
            seconds,
            clients,
            watchers,
            watched_games,
            moves,
        }) => {
            anyhow::ensure!(
                *moves <= 8 * watched_games,
                "at most eight moves a watched game"
            );
            return pages::pages(
                url,
                admin_token,
                *seconds,
                *clients,
                *watchers,
                *watched_games,
                *moves,
            )
            .await;
        }
        None => {}
    }
    anyhow::ensure!(
        args.url.is_some() && args.admin_token.is_some(),
        "playing needs --url and --admin-token (or a subcommand: seed, reads)"
    );
    let sink = args
        .smtp_sink
        .as_deref()
        .map(mail::Sink::start)
        .transpose()?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(args.clients)
        .build()?;
    // Each client's own connection for its moves.
    let connections = (0..args.clients)
        .map(|_| connection::Connection::to(args.url()))
        .collect::<anyhow::Result<Vec<_>>>()?;
    eprintln!("creating {} games on {}", args.games, args.url());
    // Created by the clients at once, each its share in turn.
    let creating = Instant::now();
    let creators: Vec<_> = (0..args.clients.max(1))
        .map(|c| {
            let (client, args) = (client.clone(), args.clone());
            tokio::spawn(async move {
                let mut made = Vec::new();
                for n in (c..args.games).step_by(args.clients.max(1)) {
                    made.push(new_game(&client, &args, n).await?);
                }
                anyhow::Ok(made)
            })
        })
        .collect();
    let mut games = Vec::with_capacity(args.games);
    for c in creators {
        games.extend(c.await??);
    }
    eprintln!("created in {:.1} s", creating.elapsed().as_secs_f64());
    let mut per_client: Vec<Vec<(Game, String, usize)>> =
        (0..args.clients).map(|_| Vec::new()).collect();
    for (i, g) in games.into_iter().enumerate() {
        let start = g.start.clone();
        per_client[i % args.clients].push((g, start, 0));
    }
    // A latency histogram for each game (indexed by `Kind`).
    let hists = Arc::new(Mutex::new(
        Kind::ALL
            .iter()
            .map(|_| Histogram::<u64>::new_with_bounds(1, 60_000_000, 3))
            .collect::<Result<Vec<_>, _>>()?,
    ));
    let tally = Arc::new(Mutex::new(Tally::default()));
    let started = Instant::now();
    let until = started + Duration::from_secs(args.seconds);
    let tasks: Vec<_> = per_client
        .into_iter()
        .zip(connections)
        .enumerate()
        .map(|(i, (games, connection))| {
            tokio::spawn(client_loop(
                client.clone(),
                connection,
                args.clone(),
                games,
                until,
                hists.clone(),
                tally.clone(),
                0x9e37_79b9 + i as u64,
            ))
        })
        .collect();
    let rss = tokio::spawn(watch_rss(
        client.clone(),
        args.url().to_owned(),
        args.admin_token().to_owned(),
        until,
    ));
    let backlog = match (&args.database, args.mail) {
        (Some(db), true) => {
            let db = db.clone();
            Some(std::thread::spawn(move || mail::watch_backlog(&db, until)))
        }
        _ => None,
    };
    for t in tasks {
        t.await?;
    }
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(watch) = backlog {
        let seen = watch
            .join()
            .map_err(|_| anyhow::anyhow!("the backlog watch panicked"))??;
        println!(
            "outbox backlog: at most {} mails due and unsent; the oldest due for at most {:.1} s ({} looks)",
            seen.most_due, seen.oldest_seconds, seen.samples
        );
    }
    if let Some(sink) = &sink {
        let received = sink.received();
        println!(
            "mail: {received} received by the sink in {elapsed:.1} s = {:.0}/s",
            received as f64 / elapsed
        );
    }
    // The queue drains within moments of the last move.
    tokio::time::sleep(Duration::from_millis(500)).await;
    if let Some([searches, unknown, dead]) =
        verdict_counts(&client, args.url(), args.admin_token()).await
    {
        println!(
            "background dead-position test: {searches} positions searched ({:.2} a move), {unknown} stopped at the bound, {dead} dead",
            searches as f64 / tally.lock().unwrap().moves.max(1) as f64
        );
    }
    if let Some(max) = rss.await? {
        println!(
            "server resident memory: at most {:.0} MB during the run (its /metrics, twice a second)",
            max / 1e6
        );
    }
    let hists = hists.lock().unwrap();
    let mut hist = hists[0].clone();
    for h in &hists[1..] {
        hist.add(h)?;
    }
    let tally = tally.lock().unwrap();
    let moves_per_s = tally.moves as f64 / elapsed;
    let ms = |q: f64| hist.value_at_quantile(q) as f64 / 1000.0;
    println!(
        "moves: {} in {elapsed:.1} s = {moves_per_s:.0}/s with {} clients over {} games",
        tally.moves, args.clients, args.games
    );
    if args.conditional > 0 {
        println!(
            "conditional lines set: {} (each answered by the move after it, or dropped)",
            tally.lines
        );
    }
    println!(
        "latency ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
        ms(0.5),
        ms(0.9),
        ms(0.99),
        hist.max() as f64 / 1000.0
    );
    // Each game's own figures, where more than one was played.
    if tally.by_kind.len() > 1 {
        for (kind, n) in &tally.by_kind {
            let h = &hists[*kind as usize];
            println!(
                "{}: {n} moves = {:.0}/s, p50 {:.2} ms, p99 {:.2} ms",
                kind.name(),
                *n as f64 / elapsed,
                h.value_at_quantile(0.5) as f64 / 1000.0,
                h.value_at_quantile(0.99) as f64 / 1000.0
            );
        }
    }
    if !tally.endings.is_empty() {
        let endings: Vec<String> = tally
            .endings
            .iter()
            .map(|(how, n)| format!("{how} {n}"))
            .collect();
        println!("games ended: {}", endings.join(", "));
    }
    let errors: u64 = tally.errors.values().sum();
    for (code, n) in &tally.errors {
        println!("errors {code}: {n}");
    }
    let limit_ratio = match &args.database {
        Some(db) => {
            let seconds = args.seconds.clamp(3, 30);
            let limit = measure_limit(db, args.clients, seconds, Commits::EachAlone)?;
            println!(
                "store limit: {limit:.0} appends/s (same transaction shape, one commit each, {} threads, no HTTP, no rules)",
                args.clients
            );
            let grouped = measure_limit(db, args.clients, seconds, Commits::Grouped)?;
            println!(
                "store with group commit: {grouped:.0} appends/s (the service's commit path, {} threads, no HTTP, no rules); service / that = {:.2}",
                args.clients,
                moves_per_s / grouped
            );
            moves_per_s / limit
        }
        None => f64::NAN,
    };
    println!(
        "moves_per_s={moves_per_s:.0} p99_ms={:.2} limit_ratio={limit_ratio:.2} errors={errors}",
        ms(0.99)
    );
    Ok(())
}
