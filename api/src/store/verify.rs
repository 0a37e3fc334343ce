//! `zarf verify`: every log's hash chain, that it folds, and that a finished match of dice
//! revealed its seed.

use super::log::{GameLog, LogTable, Recorded, TournamentLog};
use super::*;
use domain::tournament::TournamentEvent;

/// A break found by [`verify_log`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainBreak {
    /// The kind of log (`game`).
    pub kind: &'static str,
    pub log_id: String,
    pub seq: i64,
    pub reason: String,
}

/// How one log of a kind is verified.
pub type Verify = fn(&Store, &str) -> Result<Vec<ChainBreak>, StoreError>;

/// Every kind of log, and how one of its logs is verified.
pub const VERIFIED: [(&dyn LogTable, Verify); 2] =
    [(&GameLog, verify_game), (&TournamentLog, verify_tournament)];

/// Checks one tournament's log: [`verify_log`], folded by the tournament's decider.
pub fn verify_tournament(store: &Store, id: &str) -> Result<Vec<ChainBreak>, StoreError> {
    verify_log(store, &TournamentLog, id, |events: &[TournamentEvent]| {
        domain::tournament::replay(events)
            .map(drop)
            .map_err(|(seq, reason)| (seq as i64, does_not_fold(reason)))
    })
}

/// Checks one game's log: [`verify_log`], folded by its game's rules; a match of dice that is
/// over must have revealed its seed (without it nobody can check its throws).
pub fn verify_game(store: &Store, game_id: &str) -> Result<Vec<ChainBreak>, StoreError> {
    verify_log(store, &GameLog, game_id, |events: &[GameEvent]| {
        let state = domain::games::GameState::replay(events)
            .map_err(|e| (e.version as i64, does_not_fold(e.reason)))?;
        match state.game() {
            Some(g) if g.dice.is_some() && !g.is_live() && g.revealed_seed.is_none() => {
                let ended = events
                    .iter()
                    .rposition(|e| matches!(e.body, domain::game::EventBody::GameEnded { .. }))
                    .unwrap_or(events.len() - 1);
                Err((
                    ended as i64 + 1,
                    "the match of dice is over but its seed was never revealed".into(),
                ))
            }
            _ => Ok(()),
        }
    })
}

fn does_not_fold(reason: String) -> String {
    format!("the log does not fold: {reason}")
}

/// Checks one log: sequence without gaps, every hash recomputed and chained, every event readable
/// and, if all that holds, the whole log folding (`fold` answers where and what is wrong). An
/// event whose personal data was erased keeps the hash of what it held: its hash is not
/// recomputed, its place in the chain is.
pub fn verify_log<E: Recorded>(
    store: &Store,
    log: &dyn LogTable,
    id: &str,
    fold: impl FnOnce(&[E]) -> Result<(), (i64, String)>,
) -> Result<Vec<ChainBreak>, StoreError> {
    let rows = log.load(&mut *store.reader()?, id, 0)?;
    let erased = store.erased(log.kind(), id)?;
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
                        id_field: log.id_field(),
                        log_id: id,
                        seq,
                        type_name: &row.type_,
                        version: row.version,
                        actor: &row.actor,
                        at: &at,
                        data: &chain::canonical_json(&data),
                    },
                );
                if expected != row.hash && !erased.contains(&seq) {
                    breaks.push((seq, "hash does not match the event's content".into()));
                }
            }
            Err(e) => breaks.push((seq, format!("data is not JSON: {e}"))),
        }
        prev = row.hash.clone();
        match StoredEvent::<E>::decode(row) {
            Ok(e) => events.push(e.event),
            Err(e) => breaks.push((seq, e.to_string())),
        }
    }
    if breaks.is_empty() {
        if let Err((seq, reason)) = fold(&events) {
            breaks.push((seq, reason));
        }
    }
    Ok(breaks
        .into_iter()
        .map(|(seq, reason)| ChainBreak {
            kind: log.kind(),
            log_id: id.to_owned(),
            seq,
            reason,
        })
        .collect())
}
