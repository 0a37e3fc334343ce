//! Conditional moves in the pipeline: a player's lines are encrypted under the envelope key in
//! the same transaction as the event that records their commitment (kept beside the sealed
//! moves, as envelope kinds `lines_white` / `lines_black`), and opened only to judge a move in
//! the game or to show them to their owner.

use domain::game::conditional::commitment;
use domain::game::{
    Actor, Advance, ConditionalLines, DropReason, HeldLines, MoveCode, MoveRecord, MoveText,
    OpenedLines, Rejection, Rules, Side, Timestamp,
};
use domain::games::{GameKind, Notation};
use domain::{GameId, PlayerId};

use serde::{Deserialize, Serialize};

use super::commands::run_built;
use super::{AppState, CommandError, Extras, Outcome};
use crate::sealing::{new_nonce, EnvelopeKey};
use crate::store::{self, EnvelopeRow, Store};
use domain::games::{Command, Context, Game, GameState};

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
struct Sealed {
    lines: Vec<Vec<String>>,
    nonce: String,
}

/// `player` sets `lines` (as written, in `notation` if named, else their `preferred` one first)
/// from the game's present position, replacing theirs.
#[allow(clippy::too_many_arguments)]
pub async fn set(
    state: std::sync::Arc<AppState>,
    id: GameId,
    player: PlayerId,
    lines: Vec<Vec<MoveText>>,
    notation: Option<Notation>,
    preferred: Option<Notation>,
    expected_version: Option<u64>,
    now: Timestamp,
) -> Result<(Outcome, Standing), CommandError> {
    let ctx = Context {
        now,
        actor: Actor::Player(player),
        notation: preferred,
        dice: None,
        entropy: None,
    };
    let nonce = new_nonce();
    let nonce_kept = nonce.clone();
    let key = state.envelope_key.clone();
    // The lines as read for the last judgement: kept for this server's next move in the game.
    let read_last = std::sync::Arc::new(std::sync::Mutex::new(None));
    let kept = read_last.clone();
    let first_ply = std::sync::Arc::new(std::sync::Mutex::new(None));
    let command = Command::SetConditionalMoves {
        lines: lines.clone(),
        notation,
        nonce: nonce.clone(),
    };
    let outcome = run_built(
        state.clone(),
        id,
        command,
        move |before: &GameState| {
            *kept.lock().expect("lines read") = None;
            // Lines are read from the position they were first judged in: had a move been
            // made meanwhile (a lost race), they would mean other moves.
            if let Some(game) = before.game() {
                let mut first = first_ply.lock().expect("first ply");
                if *first.get_or_insert(game.ply()) != game.ply() {
                    return Err(CommandError::VersionConflict);
                }
            }
            // The rules read the lines again and judge the command; this reading is what is
            // stored, and only if they accept it.
            let envelope = before.game().and_then(|game| {
                let side = game.side_of(player)?;
                let read = ConditionalLines::parse::<GameKind>(
                    game.position(),
                    side,
                    &lines,
                    notation,
                    preferred,
                )
                .ok()?;
                *kept.lock().expect("lines read") = Some((side, read.clone()));
                let sealed = Sealed {
                    lines: read
                        .lines()
                        .iter()
                        .map(|l| l.iter().map(|c| c.as_str().to_owned()).collect())
                        .collect(),
                    nonce: nonce.clone(),
                };
                Some(EnvelopeRow {
                    game_id: id.to_string(),
                    kind: kind_of(side).to_owned(),
                    sealed_by: side.as_str().to_owned(),
                    ciphertext: key.seal_any(&id.to_string(), kind_of(side), &sealed),
                    sealed_at: store::micros(now),
                })
            });
            Ok((
                Command::SetConditionalMoves {
                    lines: lines.clone(),
                    notation,
                    nonce: nonce.clone(),
                },
                Extras { envelope },
            ))
        },
        ctx,
        expected_version,
    )
    .await?;
    let game = outcome.game();
    let read = read_last.lock().expect("lines read").take();
    let mut standing = Standing {
        version: game.version,
        ..Standing::default()
    };
    if let Some((side, lines)) = read {
        // The lines this command's judgement recorded (the log's commitment is to them).
        let held = game
            .lines_held(side)
            .filter(|h| commitment(game.id, h.from_ply, side, &lines, &nonce_kept) == h.commitment);
        if let Some(held) = held {
            let opened = OpenedLines {
                side,
                lines,
                nonce: nonce_kept,
            };
            state
                .opened_lines
                .put(held.commitment.clone(), opened.clone());
            standing = Standing::of(game, held, &opened, None);
        }
    }
    Ok((outcome, standing))
}

/// Lines this server set or opened lately, by the commitment the log holds to them: a move in
/// their game is judged without reading them from the store again. A commitment names one
/// setting of lines (its nonce is fresh), so an entry is never stale; lines set on another
/// server are not here and are read from the store. At most [`Opened::KEPT`] are kept.
#[derive(Default)]
pub struct Opened(std::sync::Mutex<std::collections::HashMap<String, OpenedLines>>);

impl Opened {
    pub const KEPT: usize = 10_000;

    fn get(&self, commitment: &str) -> Option<OpenedLines> {
        self.0
            .lock()
            .expect("opened lines")
            .get(commitment)
            .cloned()
    }

    fn put(&self, commitment: String, lines: OpenedLines) {
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
fn open(
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

/// A player's conditional lines as they stand, for their eyes only.
#[derive(Debug, Clone, Default)]
pub struct Standing {
    /// The lines from the present position: each move as the log would record it.
    pub lines: Vec<Vec<MoveRecord>>,
    /// What the log holds of them, while held.
    pub held: Option<HeldLines>,
    /// The lines as set (codes) and the nonce: with the commitment, anyone can check them.
    pub as_set: Option<(Vec<Vec<String>>, String)>,
    /// Why the last ones were dropped.
    pub dropped: Option<DropReason>,
    /// The game's version.
    pub version: u64,
}

/// `player`'s lines in game `id` as they stand now.
pub fn standing(state: &AppState, id: GameId, player: PlayerId) -> Result<Standing, CommandError> {
    let folded = state
        .folds
        .current(&state.store, &id.to_string())
        .map_err(|e| CommandError::Internal(e.into()))?;
    let game = folded.state.game().ok_or(CommandError::NotFound)?;
    let side = game
        .side_of(player)
        .ok_or(CommandError::Rejected(Rejection::NotAPlayer))?;
    let standing = Standing {
        dropped: game.lines_dropped(side),
        version: game.version,
        ..Standing::default()
    };
    let Some(held) = game.lines_held(side) else {
        return Ok(standing);
    };
    let opened = match state.opened_lines.get(&held.commitment) {
        Some(lines) => lines,
        None => open(&state.store, &state.envelope_key, id, side)?,
    };
    Ok(Standing::of(game, held, &opened, standing.dropped))
}

impl Standing {
    /// Held lines as they stand in `game`.
    fn of(
        game: &Game,
        held: &HeldLines,
        opened: &OpenedLines,
        dropped: Option<DropReason>,
    ) -> Standing {
        let lines = match opened.lines.after(&held.since) {
            Advance::Continues(rest) => rest
                .lines()
                .iter()
                .map(|line| records(game.position(), line))
                .collect(),
            Advance::Exhausted | Advance::NoMatch => Vec::new(),
        };
        Standing {
            lines,
            held: Some(held.clone()),
            as_set: Some((
                opened
                    .lines
                    .lines()
                    .iter()
                    .map(|l| l.iter().map(|c| c.as_str().to_owned()).collect())
                    .collect(),
                opened.nonce.clone(),
            )),
            dropped,
            version: game.version,
        }
    }
}

/// A line's moves as the log would record them, played from `pos`.
fn records(pos: &<GameKind as Rules>::Position, line: &[MoveCode]) -> Vec<MoveRecord> {
    let mut at = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for code in line {
        let Some(m) = GameKind::replay(&at, code) else {
            break;
        };
        out.push(GameKind::record(&at, m));
        GameKind::play(&mut at, m);
    }
    out
}
