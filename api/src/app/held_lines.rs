//! Conditional lines held in a game, as the pipeline opens them to judge a move: decrypted from
//! the store (envelope kinds `lines_white` / `lines_black`) or taken from this server's cache of
//! lines lately set or opened.

use domain::game::{ConditionalLines, MoveCode, OpenedLines, Side};
use domain::GameId;
use serde::{Deserialize, Serialize};

use super::command_error::CommandError;
use super::AppState;
use crate::sealing::EnvelopeKey;
use crate::store::Store;
use domain::games::Game;

/// The store's envelope kind of a side's lines.
pub fn kind_of(side: Side) -> &'static str {
    match side {
        Side::White => "lines_white",
        Side::Black => "lines_black",
    }
}

/// What the store keeps, encrypted: the lines as set (the codes the log records moves by) and the
/// nonce of their commitment.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Sealed {
    pub(crate) lines: Vec<Vec<String>>,
    pub(crate) nonce: String,
}

/// Lines this server set or opened lately, by the commitment the log holds to them: a move in
/// their game is judged without reading them from the store again. A commitment names one
/// setting of lines (its nonce is fresh), so an entry is never stale; lines set on another
/// server are not here and are read from the store. At most [`Opened::KEPT`] are kept.
#[derive(Default)]
pub struct Opened(std::sync::Mutex<std::collections::HashMap<String, OpenedLines>>);

impl Opened {
    pub const KEPT: usize = 10_000;

    pub(crate) fn get(&self, commitment: &str) -> Option<OpenedLines> {
        self.0
            .lock()
            .expect("opened lines")
            .get(commitment)
            .cloned()
    }

    pub(crate) fn put(&self, commitment: String, lines: OpenedLines) {
        let mut map = self.0.lock().expect("opened lines");
        if map.len() >= Self::KEPT {
            // Rarely full: forgetting them all costs a store read for each game's next move.
            map.clear();
        }
        map.insert(commitment, lines);
    }
}

/// The lines the log says are held in `game`, opened for judging a move.
pub fn opened(app: &AppState, game: &Game) -> Result<Vec<OpenedLines>, CommandError> {
    let mut opened = Vec::new();
    for side in [Side::White, Side::Black] {
        let Some(held) = game.lines_held(side) else {
            continue;
        };
        let lines = match app.opened_lines.get(&held.commitment) {
            Some(lines) => lines,
            None => {
                let lines = open(&app.store, &app.envelope_key, game.id, side)?;
                app.opened_lines.put(held.commitment.clone(), lines.clone());
                lines
            }
        };
        opened.push(lines);
    }
    Ok(opened)
}

/// Decrypts a side's stored lines.
pub(crate) fn open(
    store: &Store,
    key: &EnvelopeKey,
    id: GameId,
    side: Side,
) -> Result<OpenedLines, CommandError> {
    let game = id.to_string();
    let row = store
        .envelope(&game, kind_of(side))?
        .ok_or_else(|| anyhow::anyhow!("conditional lines held have no stored content"))?;
    let sealed: Sealed = key.open_any(&game, kind_of(side), &row.ciphertext)?;
    let codes = sealed
        .lines
        .iter()
        .map(|l| l.iter().map(|c| MoveCode::parse(c)).collect())
        .collect::<Result<Vec<Vec<MoveCode>>, _>>()
        .map_err(|e| anyhow::anyhow!("stored conditional lines: {e}"))?;
    let lines = ConditionalLines::stored(codes)
        .ok_or_else(|| anyhow::anyhow!("stored conditional lines are not a set of lines"))?;
    Ok(OpenedLines {
        side,
        lines,
        nonce: sealed.nonce,
    })
}
