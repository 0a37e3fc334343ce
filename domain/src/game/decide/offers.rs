//! Draw offers (9.1.2): made at any time (with a move, see [`super::moves`]), accepted or
//! declined by the opponent; an offer lapses when the opponent moves.

use super::{player, Context};
use crate::game::conditional::DropReason;
use crate::game::event::EventBody;
use crate::game::rejection::Rejection;
use crate::game::rules::Rules;
use crate::game::state::Game;
use crate::game::types::{GameResult, Side, Termination};

pub(super) fn offer<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    if let Some(by) = game.draw_offer {
        return Err(Rejection::DrawOfferPending {
            by,
            yours: by == side,
        });
    }
    let mut events = vec![EventBody::DrawOffered { by: side }];
    // The opponent must answer the offer: their prepared lines do not.
    events.extend(super::conditional::dropped(
        game,
        &[side.opponent()],
        DropReason::DrawOffer,
    ));
    Ok(events)
}

/// The side answering the opponent's standing offer.
fn answering<R: Rules>(game: &Game<R>, ctx: &Context<R>) -> Result<Side, Rejection> {
    let side = player(game, ctx)?;
    if game.draw_offer != Some(side.opponent()) {
        return Err(Rejection::NoDrawOffer);
    }
    Ok(side)
}

pub(super) fn accept<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = answering(game, ctx)?;
    Ok(vec![
        EventBody::DrawAccepted { by: side },
        EventBody::GameEnded {
            result: GameResult::Draw,
            termination: Termination::Agreement,
        },
    ])
}

pub(super) fn decline<R: Rules>(
    game: &Game<R>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = answering(game, ctx)?;
    Ok(vec![EventBody::DrawDeclined { by: side }])
}
