//! The sender: one thread per server drains the outbox. It claims due rows with a lease
//! (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so servers share the work), sends each over SMTP (or
//! writes an .eml file), marks it sent, and retries failures with exponential backoff and jitter.
//! A row is marked sent only after the server accepted it; if the process dies in between, the
//! row goes again with the same Message-ID, so the receiving server can drop the duplicate.

use std::path::PathBuf;
use std::sync::Weak;
use std::time::Duration;

use lettre::{FileTransport, Message, SmtpTransport, Transport};
use rand::Rng;

use super::compose::{compose, MailSettings, Skip};
use crate::http::AppState;
use crate::store::{self, micros};

/// How mail leaves.
pub enum Outlet {
    Smtp(SmtpTransport),
    Files(FileTransport, PathBuf),
}

impl Outlet {
    /// SMTP from a URL (`smtp://host:port`, `smtps://…`, `?tls=required`), else .eml files.
    pub fn new(smtp_url: Option<&str>, mail_dir: PathBuf) -> anyhow::Result<Outlet> {
        Ok(match smtp_url.filter(|u| !u.trim().is_empty()) {
            Some(url) => Outlet::Smtp(
                SmtpTransport::from_url(url)?
                    .timeout(Some(Duration::from_secs(10)))
                    .build(),
            ),
            None => {
                std::fs::create_dir_all(&mail_dir)?;
                Outlet::Files(FileTransport::new(&mail_dir), mail_dir)
            }
        })
    }

    fn send(&self, message: &Message) -> anyhow::Result<()> {
        match self {
            Outlet::Smtp(t) => t.send(message).map(drop).map_err(Into::into),
            Outlet::Files(t, _) => t.send(message).map(drop).map_err(Into::into),
        }
    }
}

const LEASE: time::Duration = time::Duration::seconds(60);

/// Delay before attempt `attempts + 1`: 2^attempts seconds, at most an hour, with ±25% jitter.
pub fn backoff(attempts: i32) -> time::Duration {
    let base = 2f64.powi(attempts.clamp(0, 12)).min(3600.0);
    let jitter = rand::rng().random_range(0.75..1.25);
    time::Duration::milliseconds((base * jitter * 1000.0) as i64)
}

/// The most mails one round claims.
const ROUND: usize = 100;

pub fn spawn(
    state: Weak<AppState>,
    outlet: Outlet,
    settings: MailSettings,
) -> std::thread::JoinHandle<()> {
    std::thread::Builder::new()
        .name("zarf-mail".into())
        .spawn(move || loop {
            let Some(state) = state.upgrade() else { return };
            let sent = match drain(&state, &outlet, &settings, ROUND as i64) {
                Ok(n) => n,
                Err(e) => {
                    tracing::warn!(error = %e, "mail round failed; trying again");
                    0
                }
            };
            drop(state);
            // Nothing due: look again soon. A part round: let a few more mails queue first (a
            // claim scans the pending rows, and many small claims cost PostgreSQL more than a
            // few large ones; a tenth of a second is nothing to an e-mail). A full round: go on.
            if sent == 0 {
                std::thread::sleep(Duration::from_millis(200));
            } else if sent < ROUND {
                std::thread::sleep(Duration::from_millis(100));
            }
        })
        .expect("the mail thread starts")
}

/// Parallel SMTP conversations: one conversation waits on the network most of the time.
pub const WORKERS: usize = 8;

/// How many outcomes a worker records per transaction.
const RECORD_EVERY: usize = 8;

/// Sends up to `limit` due mails, spread over [`WORKERS`] threads sharing the connection pool;
/// returns how many rows it handled.
pub fn drain(
    state: &AppState,
    outlet: &Outlet,
    settings: &MailSettings,
    limit: i64,
) -> anyhow::Result<usize> {
    let now = store::now();
    let rows = state
        .store
        .claim_outbox(micros(now), micros(now + LEASE), limit)?;
    let n = rows.len();
    if n == 0 {
        return Ok(0);
    }
    // The round's recipients in one query, not one each.
    let mut ids: Vec<&str> = rows.iter().map(|r| r.recipient_id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    let recipients = state.store.players(&ids)?;
    let recipients = &recipients;
    let chunk = n.div_ceil(WORKERS);
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let handles: Vec<_> = rows
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || -> anyhow::Result<()> {
                    // What was sent is recorded a few at a time, in one transaction each: a crash
                    // in between sends those few again (delivery is at least once; the stable
                    // Message-ID lets mail clients drop the repeat).
                    let mut outcomes = Vec::with_capacity(RECORD_EVERY);
                    for row in part {
                        let to = recipients.get(&row.recipient_id);
                        outcomes.push(deliver(state, outlet, settings, row, to)?);
                        if outcomes.len() == RECORD_EVERY {
                            state.store.outbox_record(&outcomes)?;
                            outcomes.clear();
                        }
                    }
                    state.store.outbox_record(&outcomes)?;
                    Ok(())
                })
            })
            .collect();
        for h in handles {
            h.join()
                .map_err(|_| anyhow::anyhow!("a mail worker panicked"))??;
        }
        Ok(())
    })?;
    Ok(n)
}

/// Sends (or skips) one claimed mail and says what to record of it.
fn deliver(
    state: &AppState,
    outlet: &Outlet,
    settings: &MailSettings,
    row: &store::OutboxRow,
    to: Option<&store::PlayerRow>,
) -> anyhow::Result<store::OutboxOutcome> {
    use store::OutboxOutcome::{Done, Retry};
    let now = store::now();
    let id = row.id.clone();
    let Some(to) = to else {
        return Ok(Done {
            id,
            at: micros(now),
            note: Some("no such player".into()),
        });
    };
    let link = match row.kind.as_str() {
        "sign_in" => Some(crate::http::login::issue_link(state, &to.id)?),
        _ => None,
    };
    Ok(
        match compose(
            &state.store,
            &state.folds,
            settings,
            row,
            to,
            link.as_deref(),
        ) {
            Ok(Ok(message)) => match outlet.send(&message) {
                Ok(()) => Done {
                    id,
                    at: micros(store::now()),
                    note: None,
                },
                Err(e) => {
                    let next = store::now() + backoff(row.attempts);
                    tracing::warn!(mail = %row.id, attempts = row.attempts + 1, error = %e, "sending failed; will retry");
                    Retry {
                        id,
                        attempts: row.attempts + 1,
                        next: micros(next),
                        error: e.to_string(),
                    }
                }
            },
            Ok(Err(skip)) => Done {
                id,
                at: micros(now),
                note: Some(
                    match skip {
                        Skip::NoAddress => "not sent: no e-mail address",
                        Skip::Preference => "not sent: the player's mail preference",
                    }
                    .into(),
                ),
            },
            Err(e) => {
                tracing::error!(mail = %row.id, error = %e, "a mail could not be composed");
                Retry {
                    id,
                    attempts: row.attempts + 1,
                    next: micros(now + backoff(row.attempts)),
                    error: e.to_string(),
                }
            }
        },
    )
}
