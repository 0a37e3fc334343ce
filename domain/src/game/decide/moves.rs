//! Moves on the board (Art. 1-5), with a draw offer made with them (9.1.2.1), and what a move
//! ends by itself: checkmate, stalemate, a dead position, and the automatic draws of 9.6.

use super::{having_the_move, Context, MoveInput};
use crate::game::event::EventBody;
use crate::game::moves::MoveRecord;
use crate::game::rejection::Rejection;
use crate::game::rules::{Ending, ReadError, Rules};
use crate::game::state::Game;
use crate::game::types::{GameResult, Termination};

pub(super) fn make_move<R: Rules>(
    game: &Game<R>,
    mv: MoveInput<R>,
    offer_draw: bool,
    ctx: &Context<R>,
) -> Result<Vec<EventBody>, Rejection> {
    let side = having_the_move(game, ctx)?;
    let m = read(game.position(), &mv, ctx)?;
    // Re-offering while one's own offer stands adds nothing: it cannot be withdrawn.
    let draw_offered = offer_draw && game.draw_offer != Some(side);
    Ok(play_and_judge(game, m, draw_offered))
}

pub(super) fn read<R: Rules>(
    pos: &R::Position,
    mv: &MoveInput<R>,
    ctx: &Context<R>,
) -> Result<R::Move, Rejection> {
    let text = mv.text.as_str().to_owned();
    R::read_move(pos, &mv.text, mv.notation, ctx.notation).map_err(|e| match e {
        ReadError::Unparseable => Rejection::UnparseableMove { text },
        ReadError::Illegal => Rejection::IllegalMove { text },
        ReadError::PromotionMissing => Rejection::PromotionMissing { text },
        ReadError::Ambiguous { candidates } => Rejection::AmbiguousMove { text, candidates },
    })
}

pub(super) fn record<R: Rules>(pos: &R::Position, m: R::Move) -> MoveRecord {
    R::record(pos, m)
}

/// The move's event, followed by the game's end if the move ends it.
pub(super) fn play_and_judge<R: Rules>(
    game: &Game<R>,
    m: R::Move,
    draw_offered: bool,
) -> Vec<EventBody> {
    play_judged(game, m, draw_offered, false, false)
}

pub(super) fn play_judged<R: Rules>(
    game: &Game<R>,
    m: R::Move,
    draw_offered: bool,
    sealed: bool,
    conditional: bool,
) -> Vec<EventBody> {
    let pos = game.position();
    let mut events = vec![EventBody::MovePlayed {
        mv: record::<R>(pos, m),
        draw_offered,
        sealed,
        conditional,
    }];
    let mut after = pos.clone();
    R::play(&mut after, m);
    if let Some((result, termination)) = judge_after(game, m, &after) {
        events.push(EventBody::GameEnded {
            result,
            termination,
        });
    }
    events
}

/// Does the position after `m` end the game by itself?
/// Checkmate (5.1.1) first: it wins even on the 75th move or a fifth repetition (9.6).
/// Then stalemate (5.2.1), dead position (5.2.2 / 5.2b 2005), and the draws the rules make by
/// themselves (chess `fide2023`: the fivefold repetition of 9.6.1 and the 75-move rule of 9.6.2).
fn judge_after<R: Rules>(
    game: &Game<R>,
    m: R::Move,
    after: &R::Position,
) -> Option<(GameResult, Termination)> {
    match R::ending(after, game.memo()) {
        Some(Ending::Checkmate { winner }) => {
            return Some((GameResult::win_for(winner), Termination::Checkmate))
        }
        Some(Ending::NoMoves { winner }) => {
            return Some((GameResult::win_for(winner), Termination::NoMoves))
        }
        Some(Ending::Stalemate) => return Some((GameResult::Draw, Termination::Stalemate)),
        Some(Ending::DeadPosition) => return Some((GameResult::Draw, Termination::DeadPosition)),
        Some(Ending::OnePieceEach) => return Some((GameResult::Draw, Termination::OnePieceEach)),
        Some(Ending::MatchWon { winner }) => {
            return Some((GameResult::win_for(winner), Termination::MatchWon))
        }
        Some(Ending::SeventyfiveMoves) | None => {}
    }
    let draws = game.draws();
    if let Some(times) = draws.automatic_repetition {
        if game.occurrences_after(m, after) >= times {
            return Some((GameResult::Draw, Termination::FivefoldRepetition));
        }
    }
    if let Some((plies, termination)) = draws.automatic_no_progress {
        if R::halfmove_clock(after) >= plies {
            return Some((GameResult::Draw, termination));
        }
    }
    None
}
