//! The store's limit: the same transaction shape as a move's (append one event row, update the
//! projection row, insert an outbox row, commit) driven straight at the store, with no HTTP and no
//! rules, one commit per append or through the group commit.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use domain::game::{Actor, EventBody, GameEvent, Side};

/// How the limit run commits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Commits {
    /// One transaction per append: the "limit" shape.
    EachAlone,
    /// Through the store's group commit, as the service appends.
    Grouped,
}

/// The store's limit: appends per second of the same transaction shape, straight at the
/// database.
pub fn measure_limit(
    database: &str,
    clients: usize,
    seconds: u64,
    commits: Commits,
) -> anyhow::Result<f64> {
    let store = api::store::Store::open(database, clients as u32 + 2)?;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let total = Arc::new(Mutex::new(0u64));
    std::thread::scope(|scope| {
        for c in 0..clients {
            let (store, total) = (&store, total.clone());
            scope.spawn(move || {
                let game_id = uuid::Uuid::now_v7().to_string();
                let now = api::store::now();
                let row = |seq: i64| api::store::GameRow {
                    id: game_id.clone(),
                    white_id: format!("limit-w{c}"),
                    black_id: format!("limit-b{c}"),
                    organiser_id: None,
                    status: "active".into(),
                    to_move: "white".into(),
                    to_move_id: None,
                    deadline: None,
                    result: None,
                    termination: None,
                    last_seq: seq,
                    created_at: 0,
                    updated_at: seq,
                    view: "{}".into(),
                    clock_state: None,
                    claimed_until: None,
                    reminder_at: None,
                    resume_deadline: None,
                    game: "chess".into(),
                    rated: false,
                    visibility: "public".into(),
                };
                let mut seq = 0i64;
                let mut prev = api::store::chain::GENESIS.to_owned();
                while Instant::now() < deadline {
                    let event = GameEvent {
                        at: now,
                        actor: Actor::System,
                        body: EventBody::DrawOffered {
                            by: if seq % 2 == 0 {
                                Side::White
                            } else {
                                Side::Black
                            },
                        },
                    };
                    let mail = api::store::OutboxRow {
                        id: uuid::Uuid::now_v7().to_string(),
                        game_id: Some(game_id.clone()),
                        kind: "limit".into(),
                        recipient_id: "limit".into(),
                        payload: "{}".into(),
                        created_at: 0,
                        attempts: 0,
                        // Far in the future: the limit run's mail is never sent.
                        next_attempt_at: i64::MAX,
                        sent_at: Some(0),
                        last_error: Some("limit measurement".into()),
                        claimed_until: None,
                    };
                    let projection = row(seq + 1);
                    let append = api::store::Append {
                        after_seq: seq,
                        prev_hash: &prev,
                        events: std::slice::from_ref(&event),
                        projection: &projection,
                        mail: std::slice::from_ref(&mail),
                        envelope: None,
                    };
                    let stored = match commits {
                        Commits::EachAlone => store.append_alone(&append),
                        Commits::Grouped => store.append(&append),
                    };
                    match stored {
                        Ok(s) => {
                            prev = s[0].hash.clone();
                            seq += 1;
                            *total.lock().unwrap() += 1;
                        }
                        Err(e) => {
                            eprintln!("limit: {e}");
                            break;
                        }
                    }
                }
            });
        }
    });
    let n = *total.lock().unwrap();
    Ok(n as f64 / seconds as f64)
}
