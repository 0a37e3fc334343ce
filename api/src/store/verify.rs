//! `zarf verify`: every event's hash chain, and that the log folds.

use super::schema::game_events;
use super::*;

/// A break found by [`verify_game`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainBreak {
    pub game_id: String,
    pub seq: i64,
    pub reason: String,
}

/// Checks one game's log: sequence without gaps, every hash recomputed and chained, every event
/// readable and the whole log folding.
pub fn verify_game(store: &Store, game_id: &str) -> Result<Vec<ChainBreak>, StoreError> {
    let mut conn = store.reader()?;
    let rows: Vec<EventRow> = game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq)
        .select(EventRow::as_select())
        .load(&mut *conn)?;
    let mut breaks: Vec<(i64, String)> = Vec::new();
    let mut prev = chain::GENESIS.to_owned();
    let mut events = Vec::with_capacity(rows.len());
    for (i, row) in rows.into_iter().enumerate() {
        let seq = row.seq;
        if seq != i as i64 + 1 {
            breaks.push((seq, format!("expected seq {}", i + 1)));
        }
        if row.prev_hash != prev {
            breaks.push((
                seq,
                "prev_hash does not match the previous event's hash".into(),
            ));
        }
        match serde_json::from_str::<serde_json::Value>(&row.data) {
            Ok(data) => {
                let at = rfc3339(from_micros(row.recorded_at));
                let expected = chain::event_hash(
                    &row.prev_hash,
                    &chain::Hashed {
                        game_id,
                        seq,
                        type_name: &row.type_,
                        version: row.version,
                        actor: &row.actor,
                        at: &at,
                        data: &chain::canonical_json(&data),
                    },
                );
                if expected != row.hash {
                    breaks.push((seq, "hash does not match the event's content".into()));
                }
            }
            Err(e) => breaks.push((seq, format!("data is not JSON: {e}"))),
        }
        prev = row.hash.clone();
        match StoredEvent::try_from(row) {
            Ok(e) => events.push(e.event),
            Err(e) => breaks.push((seq, e.to_string())),
        }
    }
    if breaks.is_empty() {
        if let Err(e) = domain::GameState::<domain::chess::Chess>::replay(&events) {
            breaks.push((
                e.version as i64,
                format!("the log does not fold: {}", e.reason),
            ));
        }
    }
    Ok(breaks
        .into_iter()
        .map(|(seq, reason)| ChainBreak {
            game_id: game_id.to_owned(),
            seq,
            reason,
        })
        .collect())
}
