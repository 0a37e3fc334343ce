//! Conditional moves in the pipeline: a player's lines are encrypted under the envelope key in
//! the same transaction as the event that records their commitment (kept beside the sealed
//! moves, as envelope kinds `lines_white` / `lines_black`), and opened only to judge a move in
//! the game or to show them to their owner.

use domain::game::conditional::commitment;
use domain::game::conditional::{MAX_LINES, MAX_PLIES};
use domain::game::{
    Actor, Advance, ConditionalLines, DropReason, HeldLines, LineProblem, MoveCode, MoveRecord,
    MoveText, OpenedLines, ReadError, Rejection, Rules, Timestamp,
};
use domain::games::{GameKind, Notation};
use domain::{GameId, PlayerId};

use super::games::{run_built, GameOutcome};
use super::held_lines::{kind_of, open, Sealed};
use super::{AppState, CommandError, Extras};
use crate::sealing::new_nonce;
use crate::store::{self, EnvelopeRow};
use domain::games::{Command, Context, Game, GameState};

/// The texts of the lines, each checked as a move text; a refusal names the line and ply.
pub fn line_texts(lines: &[Vec<String>]) -> Result<Vec<Vec<MoveText>>, Rejection> {
    let refuse = Rejection::InvalidConditionalMoves;
    if lines.len() > MAX_LINES {
        return Err(refuse(LineProblem::TooManyLines { max: MAX_LINES }));
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            if line.len() > MAX_PLIES {
                return Err(refuse(LineProblem::TooLong {
                    line: i + 1,
                    max: MAX_PLIES,
                }));
            }
            line.iter()
                .enumerate()
                .map(|(ply, text)| {
                    MoveText::parse(text).map_err(|_| {
                        refuse(LineProblem::Move {
                            line: i + 1,
                            ply: ply + 1,
                            problem: ReadError::Unparseable,
                        })
                    })
                })
                .collect()
        })
        .collect()
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
) -> Result<(GameOutcome, Standing), CommandError> {
    let ctx = Context {
        now,
        actor: Actor::Player(player),
        notation: preferred,
        dice: None,
        entropy: None,
        tables: None,
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
