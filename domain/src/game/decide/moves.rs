//! Moves on the board (Art. 1-5), with a draw offer made with them (9.1.2.1), and what a move
//! ends by itself: checkmate, stalemate, a dead position, and the automatic draws of 9.6.

use shakmaty::{Chess, Move, Position};

use super::{board_in_play, player, Context, MoveInput};
use crate::chess::{self as rules, notation, Ending, ReadError};
use crate::game::event::{EventBody, MoveRecord};
use crate::game::rejection::Rejection;
use crate::game::state::Game;
use crate::game::types::{GameResult, Termination};

pub(super) fn make_move(
    game: &Game,
    mv: MoveInput,
    offer_draw: bool,
    ctx: &Context,
) -> Result<Vec<EventBody>, Rejection> {
    let side = player(game, ctx)?;
    board_in_play(game)?;
    if game.turn() != side {
        return Err(Rejection::NotYourTurn);
    }
    let m = read(game.position(), &mv, ctx)?;
    // Re-offering while one's own offer stands adds nothing: it cannot be withdrawn.
    let draw_offered = offer_draw && game.draw_offer != Some(side);
    Ok(play_and_judge(game, m, draw_offered))
}

pub(super) fn read(pos: &Chess, mv: &MoveInput, ctx: &Context) -> Result<Move, Rejection> {
    let text = mv.text.as_str().to_owned();
    notation::read_move(pos, &mv.text, mv.notation, ctx.notation).map_err(|e| match e {
        ReadError::Unparseable => Rejection::UnparseableMove { text },
        ReadError::Illegal => Rejection::IllegalMove { text },
        ReadError::PromotionMissing => Rejection::PromotionMissing { text },
        ReadError::Ambiguous { candidates } => Rejection::AmbiguousMove { text, candidates },
    })
}

pub(super) fn record(pos: &Chess, m: Move) -> MoveRecord {
    MoveRecord {
        uci: rules::Uci::of(m),
        san: notation::write_pgn_san(pos, m),
    }
}

/// The move's event, followed by the game's end if the move ends it.
pub(super) fn play_and_judge(game: &Game, m: Move, draw_offered: bool) -> Vec<EventBody> {
    play_judged(game, m, draw_offered, false)
}

pub(super) fn play_judged(
    game: &Game,
    m: Move,
    draw_offered: bool,
    sealed: bool,
) -> Vec<EventBody> {
    let pos = game.position();
    let mut events = vec![EventBody::MovePlayed {
        mv: record(pos, m),
        draw_offered,
        sealed,
    }];
    let mut after = pos.clone();
    after.play_unchecked(m);
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
/// Then stalemate (5.2.1), dead position (5.2.2 / 5.2b 2005), and under `fide2023` the automatic
/// fivefold repetition (9.6.1) and 75-move rule (9.6.2).
fn judge_after(game: &Game, m: Move, after: &Chess) -> Option<(GameResult, Termination)> {
    match rules::ending_of_remembering(after, game.mate_memo()) {
        Some(Ending::Checkmate { winner }) => {
            return Some((GameResult::win_for(winner.into()), Termination::Checkmate))
        }
        Some(Ending::Stalemate) => return Some((GameResult::Draw, Termination::Stalemate)),
        Some(Ending::DeadPosition) => return Some((GameResult::Draw, Termination::DeadPosition)),
        Some(Ending::SeventyfiveMoves) | None => {}
    }
    if game.rules.has_automatic_draws() {
        if game.occurrences_after(m, after) >= 5 {
            return Some((GameResult::Draw, Termination::FivefoldRepetition));
        }
        if after.halfmoves() >= 150 {
            return Some((GameResult::Draw, Termination::SeventyfiveMoves));
        }
    }
    None
}
