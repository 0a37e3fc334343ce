//! Who reads a sealed-move envelope, and what they read: its sealer reads their own move before
//! it opens (decrypted from the store); everyone who may see the game's envelopes (its
//! players, its arbiter, the admin) reads the move once the log holds the opening.

use domain::game::{Envelope, EnvelopeKind, Side};
use domain::games::Game;

use super::actors::Account;
use super::envelopes::kind_name;
use super::AppState;
use crate::store::Role;

/// The side `account` plays in `game`, if it plays one.
pub fn side_of(account: Option<Account<'_>>, game: &Game) -> Option<Side> {
    let Some(Account::Player(p)) = account else {
        return None;
    };
    if game.white.id.to_string() == p.id {
        Some(Side::White)
    } else if game.black.id.to_string() == p.id {
        Some(Side::Black)
    } else {
        None
    }
}

/// Whether `account` is `game`'s arbiter: the organiser who runs it, while an organiser.
pub fn is_arbiter(account: Option<Account<'_>>, game: &Game) -> bool {
    matches!(account, Some(Account::Player(p))
        if p.has_role(Role::Organiser) && game.organiser.is_some_and(|o| o.to_string() == p.id))
}

/// May `account` read `game`'s envelopes (what they hold only as [`readable_move`] says): the
/// admin, its players, its organiser.
pub fn may_see(account: Option<Account<'_>>, game: &Game) -> bool {
    match account {
        None => false,
        Some(a) if a.is_admin() => true,
        Some(Account::Player(p)) => {
            side_of(account, game).is_some()
                || game.organiser.is_some_and(|o| o.to_string() == p.id)
        }
        Some(Account::Admin) => true,
    }
}

/// The move in `envelope` of `game`, and its nonce, as `account` may read them (blocking): once
/// opened, as the log holds them; before, to its sealer only, decrypted from the store; else
/// nothing.
pub fn readable_move(
    state: &AppState,
    game: &Game,
    envelope: &Envelope,
    account: Option<Account<'_>>,
) -> anyhow::Result<Option<(String, String)>> {
    if let Some(opened) = &envelope.opened {
        return Ok(Some(opened.clone()));
    }
    if side_of(account, game) != Some(envelope.sealed_by) {
        return Ok(None);
    }
    let key = game.id.to_string();
    let kind = kind_name(envelope.kind);
    let row = state
        .store
        .envelope(&key, kind)?
        .ok_or_else(|| anyhow::anyhow!("a sealed envelope has no stored content"))?;
    let content = state.envelope_key.open(&key, kind, &row.ciphertext)?;
    Ok(Some((content.text, content.nonce)))
}

/// The envelope of `kind` in `game`'s adjournment, or the last one's where play has resumed.
pub fn envelope(game: &Game, kind: EnvelopeKind) -> Option<&Envelope> {
    let a = game
        .adjournment
        .as_ref()
        .or(game.past_adjournment.as_ref())?;
    match kind {
        EnvelopeKind::Sealed => a.envelope.as_ref(),
        EnvelopeKind::Reply => a.reply.as_ref(),
    }
}
