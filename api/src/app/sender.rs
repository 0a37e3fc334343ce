//! The sender: one thread per server drains the outbox. The mail this server's own writes queue
//! is written already claimed with a lease and handed to it in memory after the commit (D20);
//! everything else (retries, reminders due later, what another server or a crash left behind)
//! it claims from the table with a lease (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so servers
//! share the work). Its SMTP workers send a round's mails in many conversations at once (D41),
//! and it records what was sent once the round is done. Each mail goes over SMTP (or into an .eml
//! file) and is marked sent, or retried with exponential backoff and jitter if it failed. A row is
//! marked sent only after the server
//! accepted it; if the process dies in between, the row goes again with the same Message-ID, so
//! the receiving server can drop the duplicate.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};

use lettre::transport::smtp::PoolConfig;
use lettre::{Message, SmtpTransport, Transport};
use rand::Rng;

use super::AppState;
use crate::mail::compose::{compose, skipped, MailSettings, Skip};
use crate::store::{self, micros};

/// How mail leaves.
pub enum Outlet {
    Smtp(SmtpTransport),
    /// `.eml` files in a directory only the server's account may enter, each readable by it
    /// alone (a mail may hold a live sign-in link).
    Files(PathBuf),
}

impl Outlet {
    /// SMTP from a URL (`smtp://host:port`, `smtps://…`, `?tls=required`), else .eml files.
    pub fn new(smtp_url: Option<&str>, mail_dir: PathBuf) -> anyhow::Result<Outlet> {
        Ok(match smtp_url.filter(|u| !u.trim().is_empty()) {
            Some(url) => Outlet::Smtp(
                SmtpTransport::from_url(url)?
                    .timeout(Some(Duration::from_secs(10)))
                    .pool_config(PoolConfig::new().max_size(WORKERS as u32))
                    .build(),
            ),
            None => {
                crate::files::private_dir(&mail_dir)?;
                Outlet::Files(mail_dir)
            }
        })
    }

    fn send(&self, message: &Message) -> anyhow::Result<()> {
        match self {
            Outlet::Smtp(t) => t.send(message).map(drop).map_err(Into::into),
            Outlet::Files(dir) => crate::files::write_private(
                &dir.join(format!("{}.eml", uuid::Uuid::now_v7())),
                &message.formatted(),
            ),
        }
    }
}

/// Delay before attempt `attempts + 1`: 2^attempts seconds, at most an hour, with ±25% jitter.
pub fn backoff(attempts: i32) -> time::Duration {
    let base = 2f64.powi(attempts.clamp(0, 12)).min(3600.0);
    let jitter = rand::rng().random_range(0.75..1.25);
    time::Duration::milliseconds((base * jitter * 1000.0) as i64)
}

/// The most mails one round takes from the hand-off queue, and from the table.
const ROUND: usize = 1024;

/// How often the sender claims from the table: a claim scans the unsent rows, so it is not done
/// for every mail this server hands over itself.
const POLL: Duration = Duration::from_millis(200);

/// How long a part round waits for more handed mail.
const LINGER: Duration = Duration::from_millis(50);

/// Starts the sender thread: `handed` carries the mail this server's commits queued (see
/// [`crate::store::Store::hand_off_mail`]).
pub fn spawn(
    state: Weak<AppState>,
    outlet: Outlet,
    settings: MailSettings,
    handed: Receiver<store::OutboxRow>,
) -> std::thread::JoinHandle<()> {
    std::thread::Builder::new()
        .name("zarf-mail".into())
        .spawn(move || {
            let workers = Workers::start(Arc::new(outlet), Arc::new(settings));
            let mut next_poll = Instant::now();
            let mut round: Vec<store::OutboxRow> = Vec::new();
            loop {
                let Some(state) = state.upgrade() else { return };
                round.extend(
                    handed
                        .try_iter()
                        .filter(still_ours)
                        .take(ROUND.saturating_sub(round.len())),
                );
                if Instant::now() >= next_poll {
                    // Never starved by handed mail: a quarter round at least from the table.
                    let limit = ROUND.saturating_sub(round.len()).max(ROUND / 4);
                    let claimed = match claim(&state, limit) {
                        Ok(rows) => rows,
                        Err(e) => {
                            tracing::warn!(error = %e, "claiming mail failed; trying again");
                            Vec::new()
                        }
                    };
                    // A full claim: more are due, look again at once.
                    next_poll = if claimed.len() == limit {
                        Instant::now()
                    } else {
                        Instant::now() + POLL
                    };
                    round.extend(claimed);
                }
                if round.is_empty() {
                    drop(state);
                    // Wait for this server's next mail, or the next look at the table.
                    match handed.recv_timeout(next_poll.saturating_duration_since(Instant::now())) {
                        Ok(row) => round.extend(Some(row).filter(still_ours)),
                        Err(RecvTimeoutError::Timeout) => {}
                        Err(RecvTimeoutError::Disconnected) => {
                            std::thread::sleep(next_poll.saturating_duration_since(Instant::now()))
                        }
                    }
                    continue;
                }
                // A part round: let a few more mails come first (each round costs a recipients
                // query and a record statement per worker; a twentieth of a second is nothing to
                // an e-mail).
                let linger = Instant::now() + LINGER;
                while round.len() < ROUND {
                    match handed.recv_deadline(linger) {
                        Ok(row) => round.extend(Some(row).filter(still_ours)),
                        Err(_) => break,
                    }
                }
                // A failed round's rows stay claimed until their lease runs out, then go again.
                if let Err(e) = send_round(&state, &workers, std::mem::take(&mut round)) {
                    tracing::warn!(error = %e, "mail round failed; trying again");
                }
            }
        })
        .expect("the mail thread starts")
}

/// Whether a handed mail's lease leaves time to send it: one that waited in the queue for most
/// of its lease (a long SMTP outage or backlog) is left to be claimed from the table once the lease
/// has run out, rather than risk a claim by another server while it is being sent.
fn still_ours(row: &store::OutboxRow) -> bool {
    let left_at_least = micros(store::now() + store::MAIL_LEASE / 2);
    row.claimed_until
        .is_some_and(|until| until >= left_at_least)
}

/// Claims up to `limit` due mails from the table.
fn claim(state: &AppState, limit: usize) -> anyhow::Result<Vec<store::OutboxRow>> {
    let now = store::now();
    Ok(state
        .store
        .claim_outbox(micros(now), micros(now + store::MAIL_LEASE), limit as i64)?)
}

/// Parallel SMTP conversations: one conversation waits on the network most of the time.
pub const WORKERS: usize = 64;

/// A part of a round, for one worker.
struct Part {
    state: Arc<AppState>,
    recipients: Arc<HashMap<String, store::PlayerRow>>,
    rows: Vec<store::OutboxRow>,
}

/// The SMTP workers: [`WORKERS`] threads that live as long as the sender, sharing the connection
/// pool, each sending the parts of rounds it is given.
struct Workers {
    parts: Sender<Part>,
    done: Receiver<anyhow::Result<Vec<store::OutboxOutcome>>>,
}

impl Workers {
    fn start(outlet: Arc<Outlet>, settings: Arc<MailSettings>) -> Workers {
        let (parts, incoming) = crossbeam_channel::unbounded::<Part>();
        let (finished, done) = crossbeam_channel::unbounded();
        for n in 0..WORKERS {
            let (incoming, finished) = (incoming.clone(), finished.clone());
            let (outlet, settings) = (outlet.clone(), settings.clone());
            std::thread::Builder::new()
                .name(format!("zarf-smtp-{n}"))
                .spawn(move || {
                    // Until the sender is gone; a part's state is dropped when it is done.
                    while let Ok(part) = incoming.recv() {
                        let sent = send_part(&part, &outlet, &settings);
                        drop(part);
                        if finished.send(sent).is_err() {
                            return;
                        }
                    }
                })
                .expect("a mail worker starts");
        }
        Workers { parts, done }
    }
}

/// Sends claimed mails, spread over the workers, and waits for all of them.
fn send_round(
    state: &Arc<AppState>,
    workers: &Workers,
    rows: Vec<store::OutboxRow>,
) -> anyhow::Result<()> {
    let n = rows.len();
    if n == 0 {
        return Ok(());
    }
    // The round's recipients in one query, not one each.
    let mut ids: Vec<&str> = rows.iter().map(|r| r.recipient_id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    let recipients = Arc::new(state.store.players(&ids)?);
    // Mail that is not to be sent (no such player, no address, the player's preference) is
    // settled here, all recorded in one statement; only the rest goes to the SMTP workers.
    let at = micros(store::now());
    let (settled, rows): (Vec<_>, Vec<_>) = rows
        .into_iter()
        .partition(|row| not_sent(row, recipients.get(&row.recipient_id)).is_some());
    let settled: Vec<store::OutboxOutcome> = settled
        .into_iter()
        .map(|row| store::OutboxOutcome::Done {
            note: not_sent(&row, recipients.get(&row.recipient_id)).map(Into::into),
            id: row.id,
            at,
        })
        .collect();
    let n = rows.len();
    if n == 0 {
        return record(state, &settled);
    }
    let chunk = n.div_ceil(WORKERS);
    let mut given = 0;
    for part in rows.chunks(chunk) {
        workers
            .parts
            .send(Part {
                state: state.clone(),
                recipients: recipients.clone(),
                rows: part.to_vec(),
            })
            .map_err(|_| anyhow::anyhow!("the mail workers have stopped"))?;
        given += 1;
    }
    // Every part is waited for, so no part of this round is still being sent in the next; what
    // was sent is recorded in one statement for the round. A crash before it sends the round's
    // mails again (delivery is at least once; the stable Message-ID lets mail clients drop the
    // repeat), and a part that failed leaves its mails claimed until their lease runs out.
    let mut outcomes = settled;
    let mut first_error = None;
    for _ in 0..given {
        match workers.done.recv() {
            Ok(Ok(sent)) => outcomes.extend(sent),
            Ok(Err(e)) => {
                first_error.get_or_insert(e);
            }
            Err(_) => {
                first_error.get_or_insert(anyhow::anyhow!("the mail workers have stopped"));
            }
        }
    }
    record(state, &outcomes)?;
    first_error.map_or(Ok(()), Err)
}

/// Records what a round did with its mails.
fn record(state: &AppState, outcomes: &[store::OutboxOutcome]) -> anyhow::Result<()> {
    if !outcomes.is_empty() {
        state.store.outbox_record(outcomes)?;
    }
    Ok(())
}

/// One worker's part: each mail delivered (or skipped), and what to record of it.
fn send_part(
    part: &Part,
    outlet: &Outlet,
    settings: &MailSettings,
) -> anyhow::Result<Vec<store::OutboxOutcome>> {
    part.rows
        .iter()
        .map(|row| {
            let to = part.recipients.get(&row.recipient_id);
            deliver(&part.state, outlet, settings, row, to)
        })
        .collect()
}

/// Settles, as it is written, the mail whose recipient this server has read in the last few
/// seconds and that would not be sent to them (no address, or their preference): recorded with
/// the sender's own note, it is never handed over, claimed, or written a second time (D36). Mail
/// to a player not seen lately is left for the sender, which reads the player then.
pub fn settle_where_written(store: &store::Store, rows: &mut [store::OutboxRow]) {
    for row in rows.iter_mut().filter(|row| row.sent_at.is_none()) {
        if let Some(Some(skip)) = store.recent_player_with(&row.recipient_id, |to| skipped(row, to))
        {
            row.sent_at = Some(row.created_at);
            row.last_error = Some(skip.note().into());
        }
    }
}

/// Why a claimed mail is settled without being sent, if it is.
fn not_sent(row: &store::OutboxRow, to: Option<&store::PlayerRow>) -> Option<&'static str> {
    match to {
        None => Some("no such player"),
        Some(to) => skipped(row, to).map(Skip::note),
    }
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
            note: not_sent(row, None).map(Into::into),
        });
    };
    let link = match row.kind.as_str() {
        "sign_in" => Some(crate::app::sign_in::issue_link(state, &to.id)?),
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
                note: Some(skip.note().into()),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handed_mail_is_sent_only_while_its_lease_has_half_left() {
        let now = store::now();
        let mut row =
            store::OutboxRow::queued(None, "sign_in", "p".into(), "{}".into(), micros(now));
        assert!(!still_ours(&row), "not claimed: not ours to send");
        row.claimed_until = Some(micros(now + store::MAIL_LEASE));
        assert!(still_ours(&row), "just handed");
        row.claimed_until = Some(micros(
            now + store::MAIL_LEASE / 2 + time::Duration::seconds(5),
        ));
        assert!(still_ours(&row));
        row.claimed_until = Some(micros(
            now + store::MAIL_LEASE / 2 - time::Duration::seconds(5),
        ));
        assert!(!still_ours(&row), "waited too long in the queue");
        row.claimed_until = Some(micros(now - time::Duration::seconds(1)));
        assert!(!still_ours(&row), "lease over: any server may claim it");
    }
}
