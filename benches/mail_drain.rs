//! The mail sender draining 10,000 queued mails into a local SMTP server (mails per second).
//!
//! `cargo bench --bench mail_drain` (SQLite); with `ZARF_BENCH_POSTGRES_URL` also on PostgreSQL.
//! The server is the real one (`api::build`): its sender thread does the work, over SMTP to a
//! mailin-embedded server on a loopback port.

use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mailin_embedded::{response, Handler, Response, Server, SslConfig};

const MAILS: usize = 10_000;

#[derive(Clone)]
struct Counter(Arc<AtomicUsize>);

impl Handler for Counter {
    fn data_end(&mut self) -> Response {
        self.0.fetch_add(1, Ordering::Relaxed);
        response::OK
    }
}

fn run(url: &str, data_dir: std::path::PathBuf) -> f64 {
    let received = Arc::new(AtomicUsize::new(0));
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let mut smtp = Server::new(Counter(received.clone()));
    smtp.with_name("bench.test")
        .with_ssl(SslConfig::None)
        .unwrap()
        .with_num_threads(64)
        .with_tcp_listener(listener);
    std::thread::spawn(move || {
        let _ = smtp.serve();
    });

    let mut config = api::config::Config::for_database(url, data_dir);
    config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    config.admin_token = Some("bench".into());
    let running = actix_web::rt::System::new()
        .block_on(async { api::build(&config) })
        .unwrap();
    let state = running.state.clone();
    let store = &state.store;
    let now = api::store::micros(api::store::now());
    let player = api::store::PlayerRow {
        id: uuid::Uuid::now_v7().to_string(),
        name: "Bench".into(),
        email: Some("bench@okul.tr".into()),
        locale: "en".into(),
        notation: None,
        roles: "player".into(),
        created_at: now,
        mail_mode: "every_event".into(),
        digest_hour: 18,
        utc_offset_minutes: 0,
        last_digest_at: None,
        created_by: None,
        school: None,
        class_name: None,
        time_zone: None,
        challenges_from: "anyone".into(),
        max_games: None,
        email_confirmed: true,
        without_sight: false,
    };
    store.create_player(&player, None).unwrap();
    let rows: Vec<api::store::OutboxRow> = (0..MAILS)
        .map(|i| {
            api::store::OutboxRow::queued(
                None,
                "digest",
                player.id.clone(),
                serde_json::json!({"detail": {"games": [{"id": i.to_string(), "label": format!("Game {i}")}]}}).to_string(),
                now,
            )
        })
        .collect();
    let start = Instant::now();
    store.enqueue_many(&rows).unwrap();
    while received.load(Ordering::Relaxed) < MAILS {
        assert!(
            start.elapsed() < Duration::from_secs(600),
            "the sender stalled"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let secs = start.elapsed().as_secs_f64();
    // Every row is marked sent, too.
    while !store.pending_outbox(1).unwrap().is_empty() {
        std::thread::sleep(Duration::from_millis(20));
    }
    MAILS as f64 / secs
}

fn main() {
    let dir = std::env::temp_dir().join(format!("zarf_bench_{}", uuid::Uuid::now_v7().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let rate = run(
        &format!("sqlite://{}", dir.join("zarf.sqlite3").display()),
        dir.clone(),
    );
    println!("SQLite: {MAILS} mails drained into SMTP at {rate:.0} mails/s");
    if let Ok(pg) = std::env::var("ZARF_BENCH_POSTGRES_URL") {
        let rate = run(&pg, dir.clone());
        println!("PostgreSQL: {MAILS} mails drained into SMTP at {rate:.0} mails/s");
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::process::exit(0);
}
