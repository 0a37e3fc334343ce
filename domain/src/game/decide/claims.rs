//! Draw claims (chess 9.2 threefold repetition, 9.3 fifty moves; each game's own from its
//! [`crate::game::rules::DrawRules`]): judged at once; a wrong claim stands as a draw offer,
//! gives the opponent time (9.5) and plays the intended move.

use super::moves::{play_and_judge, read, record};
use super::{having_the_move, Context, MoveInput};
use crate::game::conditional::DropReason;
use crate::game::event::EventBody;
use crate::game::rejection::Rejection;
use crate::game::rules::Rules;
use crate::game::state::Game;
use crate::game::types::{ClaimKind, GameResult, Side};

pub(super) fn claim<R: Rules>(
    game: &Game<R>,
    kind: ClaimKind,
    intended_move: Option<MoveInput<R>>,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    // 9.2 / 9.3: the claim is made by the player having the move, before moving (9.4).
    let side = having_the_move(game, ctx)?;
    let Some(plies) = game.draws().claim(kind) else {
        return Err(Rejection::ClaimNotInGame);
    };
    let intended = intended_move
        .map(|mv| read(game.position(), &mv, ctx))
        .transpose()?;
    Ok(judge(game, side, kind, plies, intended))
}

/// 9.2 / 9.3 / 9.5: judge the claim; if wrong, it stands as a draw offer and the intended move
/// (if any) is played.
fn judge<R: Rules>(
    game: &Game<R>,
    side: Side,
    kind: ClaimKind,
    plies: Option<u32>,
    intended: Option<R::Move>,
) -> Vec<EventBody> {
    let pos = game.position();
    let (occurrences, halfmove_clock) = match intended {
        Some(m) => {
            let mut after = pos.clone();
            R::play(&mut after, m);
            (game.occurrences_after(m, &after), R::halfmove_clock(&after))
        }
        None => (game.occurrences_now(), R::halfmove_clock(pos)),
    };
    let upheld = match plies {
        None => occurrences >= 3,
        Some(plies) => halfmove_clock >= plies,
    };
    let mut events = vec![EventBody::DrawClaimed {
        by: side,
        kind,
        intended_move: intended.map(|m| record::<R>(pos, m)),
        upheld,
        occurrences: (kind == ClaimKind::ThreefoldRepetition).then_some(occurrences),
        halfmove_clock,
    }];
    if upheld {
        events.push(EventBody::GameEnded {
            result: GameResult::Draw,
            termination: kind.termination(),
        });
    } else {
        // A wrong claim stands as a draw offer: no prepared line answers past it.
        events.extend(super::conditional::dropped(
            game,
            &[Side::White, Side::Black],
            DropReason::Claim,
        ));
        if let Some(m) = intended {
            events.extend(play_and_judge(game, m, false));
        }
    }
    events
}
