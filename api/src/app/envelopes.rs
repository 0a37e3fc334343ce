//! Sealed-move envelopes (FIDE Laws, Appendix A) in the pipeline: the sealed move is encrypted
//! under the server's envelope key in the same transaction as the event that records its
//! commitment, and decrypted only to open it at the resumption (or for its sealer to read).

use domain::game::{
    envelope_to_open, Actor, EnvelopeKind, EventBody, Rejection, Rules, Side, Timestamp,
};
use domain::games::Notation;
use domain::{GameId, PlayerId};

use super::{execute, AppState, CommandError, Extras, GameOutcome};
use crate::sealing::{new_nonce, Content, EnvelopeKey};
use crate::store::{self, EnvelopeRow};
use domain::games::{Command, Context, GameState, Revealed};

/// The store's name of an envelope kind.
pub fn kind_name(kind: EnvelopeKind) -> &'static str {
    match kind {
        EnvelopeKind::Sealed => "sealed",
        EnvelopeKind::Reply => "reply",
    }
}

/// `player` seals `text` (as written, in their `notation`): the envelope the state allows (the
/// sealed move, or a reply once play resumed without the sealer, A9c). Sealing again replaces
/// it until the envelope is closed. Answers the outcome and the kind sealed.
pub fn seal(
    state: &AppState,
    id: GameId,
    player: PlayerId,
    text: String,
    notation: Option<String>,
    now: Timestamp,
) -> Result<(GameOutcome, EnvelopeKind), CommandError> {
    // A sealed move is written as any move is (a spoken one is long: `Bauer Hektor schlaegt
    // Gustav acht wird Springer Schach`); it is judged at opening, or at sealing where the game
    // says so.
    let text = match domain::game::MoveText::parse(&text) {
        Ok(t) => t.as_str().to_owned(),
        Err(_) => return Err(Rejection::UnparseableMove { text }.into()),
    };
    let ctx = Context {
        now,
        actor: Actor::Player(player),
        notation: notation.as_deref().and_then(Notation::parse),
        dice: None,
        entropy: None,
        tables: None,
    };
    let nonce = new_nonce();
    let key = state.envelope_key.clone();
    let outcome = execute(
        state,
        id,
        move |before: &GameState| {
            let game = before.game();
            let kind =
                game.and_then(|g| g.adjournment.as_ref())
                    .map_or(EnvelopeKind::Sealed, |a| {
                        if a.resumed {
                            EnvelopeKind::Reply
                        } else {
                            EnvelopeKind::Sealed
                        }
                    });
            let side = game.map_or(Side::White, |g| {
                if g.white.id == player {
                    Side::White
                } else {
                    Side::Black
                }
            });
            // The sealer's notation, where it is one of this game's, reads the move at opening.
            let notation = notation
                .clone()
                .filter(|n| game.is_some_and(|g| g.kind.notation_named(n).is_some()));
            let content = Content {
                text: text.clone(),
                nonce: nonce.clone(),
                notation,
            };
            let row = EnvelopeRow {
                game_id: id.to_string(),
                kind: kind_name(kind).to_owned(),
                sealed_by: side.as_str().to_owned(),
                ciphertext: key.seal(&id.to_string(), kind_name(kind), &content),
                sealed_at: store::micros(now),
            };
            Ok((
                Command::Seal {
                    text: text.clone(),
                    nonce: nonce.clone(),
                },
                Extras {
                    envelope: Some(row),
                },
            ))
        },
        &ctx,
        None,
    )?;
    let kind = outcome
        .new_events
        .iter()
        .find_map(|e| match &e.event.body {
            EventBody::EnvelopeSealed { kind, .. } => Some(*kind),
            _ => None,
        })
        .unwrap_or(EnvelopeKind::Sealed);
    Ok((outcome, kind))
}

/// `player` is present for the resumption; when it is the player who must answer the sealed
/// move, the envelope opens (decrypted here) and the move is made or the game decided (A8).
pub fn check_in(
    state: &AppState,
    id: GameId,
    player: PlayerId,
    now: Timestamp,
) -> Result<GameOutcome, CommandError> {
    let ctx = Context {
        now,
        actor: Actor::Player(player),
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    let (store, key) = (state.store.clone(), state.envelope_key.clone());
    execute(
        state,
        id,
        move |before: &GameState| {
            let revealed = match before.game() {
                Some(game) => {
                    let side = if game.white.id == player {
                        Side::White
                    } else {
                        Side::Black
                    };
                    match envelope_to_open(game, side, now) {
                        Some(kind) => Some(reveal(&store, &key, id, kind)?),
                        None => None,
                    }
                }
                None => None,
            };
            Ok((Command::CheckIn { revealed }, Extras::default()))
        },
        &ctx,
        None,
    )
}

/// Decrypts a stored envelope for its opening.
fn reveal(
    store: &store::Store,
    key: &EnvelopeKey,
    id: GameId,
    kind: EnvelopeKind,
) -> Result<Revealed, CommandError> {
    let game = id.to_string();
    let row = store
        .envelope(&game, kind_name(kind))?
        .ok_or_else(|| anyhow::anyhow!("a closed envelope has no stored content"))?;
    let content = key.open(&game, kind_name(kind), &row.ciphertext)?;
    Ok(Revealed {
        kind,
        text: content.text,
        nonce: content.nonce,
        notation: content.notation.as_deref().and_then(Notation::parse),
    })
}

/// A11: the envelope is lost; `actor` (the game's arbiter, or the admin) records the move the
/// sealer states they sealed, stored as the envelope would have held it.
pub fn restore(
    state: &AppState,
    id: GameId,
    account: super::actors::Account<'_>,
    text: String,
    reason: String,
) -> Result<GameOutcome, CommandError> {
    let ctx = Context {
        now: store::now(),
        actor: super::actors::as_arbiter(account)?,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    let nonce = new_nonce();
    let content = Content {
        text: text.clone(),
        nonce: nonce.clone(),
        notation: None,
    };
    let row = EnvelopeRow {
        game_id: id.to_string(),
        kind: "sealed".into(),
        sealed_by: "stated".into(),
        ciphertext: state.envelope_key.seal(&id.to_string(), "sealed", &content),
        sealed_at: store::micros(ctx.now),
    };
    let command = Command::RestoreEnvelope {
        text,
        nonce,
        reason,
    };
    execute(
        state,
        id,
        move |_: &GameState| {
            Ok((
                command.clone(),
                Extras {
                    envelope: Some(row.clone()),
                },
            ))
        },
        &ctx,
        None,
    )
}
