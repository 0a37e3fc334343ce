//! Mail under load: an SMTP sink of the generator's own (the server's `ZARF_SMTP_URL` points at
//! it), and the outbox's backlog watched in the server's database while the games are played.

use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mailin_embedded::{response, Handler, Response, Server, SslConfig};

/// Counts the mails an SMTP server on loopback accepts.
#[derive(Clone)]
struct Counter(Arc<AtomicUsize>);

impl Handler for Counter {
    fn data_end(&mut self) -> Response {
        self.0.fetch_add(1, Ordering::Relaxed);
        response::OK
    }
}

/// An SMTP server that takes every mail and counts it: one that answers promptly, with a thread
/// for each of the sender's parallel conversations.
pub struct Sink {
    received: Arc<AtomicUsize>,
}

impl Sink {
    pub fn start(addr: &str) -> anyhow::Result<Sink> {
        let received = Arc::new(AtomicUsize::new(0));
        let listener = TcpListener::bind(addr)?;
        anyhow::ensure!(
            listener.local_addr()?.ip().is_loopback(),
            "the sink listens on loopback only"
        );
        let mut smtp = Server::new(Counter(received.clone()));
        smtp.with_name("zarf-load.test")
            .with_ssl(SslConfig::None)
            .map_err(|e| anyhow::anyhow!("{e}"))?
            .with_num_threads(api::app::sender::WORKERS as u32)
            .with_tcp_listener(listener);
        std::thread::spawn(move || {
            let _ = smtp.serve();
        });
        Ok(Sink { received })
    }

    pub fn received(&self) -> usize {
        self.received.load(Ordering::Relaxed)
    }
}

/// The largest backlog seen: mails due and unsent, and how long the oldest had been due.
#[derive(Debug, Default, Clone, Copy)]
pub struct Backlog {
    pub most_due: i64,
    pub oldest_seconds: f64,
    pub samples: u32,
}

/// Reads the outbox's backlog from the server's database every half second until `until`.
pub fn watch_backlog(database: &str, until: Instant) -> anyhow::Result<Backlog> {
    let store = api::store::Store::open(database, 1)?;
    let mut seen = Backlog::default();
    while Instant::now() < until {
        let now = api::store::micros(api::store::now());
        let (due, oldest) = store.outbox_backlog(now)?;
        seen.most_due = seen.most_due.max(due);
        if let Some(at) = oldest {
            seen.oldest_seconds = seen.oldest_seconds.max((now - at) as f64 / 1e6);
        }
        seen.samples += 1;
        std::thread::sleep(Duration::from_millis(500));
    }
    Ok(seen)
}
