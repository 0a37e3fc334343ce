//! Moves on the board (Art. 1-5), with a draw offer made with them (9.1.2.1), and what a move
//! ends by itself: checkmate, stalemate, a dead position, and the automatic draws of 9.6.

use super::{having_the_move, Context, MoveInput};
use crate::game::event::EventBody;
use crate::game::moves::MoveRecord;
use crate::game::rejection::Rejection;
use crate::game::rules::{Ending, ReadError, Rules};
use crate::game::state::Game;
use crate::game::tablebase::{TablebaseClaim, TablebaseRule, Verdict};
use crate::game::types::{GameResult, Side, Termination};

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
    Ok(play_and_judge(game, m, draw_offered, ctx))
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
    ctx: &Context<R>,
) -> Vec<EventBody> {
    play_judged(game, m, draw_offered, Played::Plainly, ctx)
}

/// How a move came to be played, as its event records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Played {
    Plainly,
    /// Out of an envelope.
    Sealed,
    /// From the mover's conditional lines.
    Conditionally,
    /// With a claim by the tables: the claim, not the rule, says what the tables decide.
    WithTablebaseClaim,
}

pub(super) fn play_judged<R: Rules>(
    game: &Game<R>,
    m: R::Move,
    draw_offered: bool,
    played: Played,
    ctx: &Context<R>,
) -> Vec<EventBody> {
    let pos = game.position();
    let mut events = vec![EventBody::MovePlayed {
        mv: record::<R>(pos, m),
        draw_offered,
        sealed: played == Played::Sealed,
        conditional: played == Played::Conditionally,
    }];
    let mut after = pos.clone();
    R::play(&mut after, m);
    let tables_decide =
        game.tablebase == TablebaseRule::Automatic && played != Played::WithTablebaseClaim;
    match judge_after(game, m, &after, tables_decide, ctx) {
        Some(Ended::ByRules(result, termination)) => events.push(EventBody::GameEnded {
            result,
            termination,
        }),
        Some(Ended::ByTables(verdict)) => {
            events.extend(adjudicated(R::turn(&after), None, verdict))
        }
        None => {}
    }
    events
}

/// What ends a game after a move.
enum Ended {
    ByRules(GameResult, Termination),
    ByTables(Verdict),
}

/// The tables' verdict on `position`, where the game's rule lets them decide and the service
/// has tables that hold it.
pub(super) fn tables_verdict<R: Rules>(
    game: &Game<R>,
    position: &R::Position,
    ctx: &Context<R>,
) -> Option<Verdict> {
    if game.tablebase.is_off() {
        return None;
    }
    ctx.tables.as_ref()?.probe(position)
}

/// The events of a game the tables decide: their verdict (for `to_move`, the side to move in the
/// position they ruled on), claimed by `claim`'s side or by the rule, and the end it gives.
/// Beyond the fifty-move rule: a cursed win is a win.
pub(super) fn adjudicated(
    to_move: Side,
    claim: Option<(Side, TablebaseClaim)>,
    verdict: Verdict,
) -> Vec<EventBody> {
    let result = match verdict.wdl.without_fifty_moves() {
        Some(true) => GameResult::win_for(to_move),
        Some(false) => GameResult::win_for(to_move.opponent()),
        None => GameResult::Draw,
    };
    vec![
        EventBody::TablebaseAdjudicated {
            claimed_by: claim.map(|(side, _)| side),
            claim: claim.map(|(_, claim)| claim),
            verdict,
        },
        EventBody::GameEnded {
            result,
            termination: Termination::Tablebase,
        },
    ]
}

/// Does the position after `m` end the game by itself?
/// Checkmate (5.1.1) first: it wins even on the 75th move or a fifth repetition (9.6).
/// Then stalemate (5.2.1), dead position (5.2.2 / 5.2b 2005), and the draws the rules make by
/// themselves (chess `fide2023`: the fivefold repetition of 9.6.1 and the 75-move rule of 9.6.2).
/// Where the event's rule is `automatic` (`tables_decide`), a position the tables hold ends the
/// game with their result; under `claim` and `automatic` the 75-move rule does not apply to
/// such a position (the fivefold repetition still does).
fn judge_after<R: Rules>(
    game: &Game<R>,
    m: R::Move,
    after: &R::Position,
    tables_decide: bool,
    ctx: &Context<R>,
) -> Option<Ended> {
    let by_rules = |result, termination| Some(Ended::ByRules(result, termination));
    match R::ending(after, game.memo()) {
        Some(Ending::Checkmate { winner }) => {
            return by_rules(GameResult::win_for(winner), Termination::Checkmate)
        }
        Some(Ending::NoMoves { winner }) => {
            return by_rules(GameResult::win_for(winner), Termination::NoMoves)
        }
        Some(Ending::Stalemate) => return by_rules(GameResult::Draw, Termination::Stalemate),
        Some(Ending::DeadPosition) => return by_rules(GameResult::Draw, Termination::DeadPosition),
        Some(Ending::OnePieceEach) => return by_rules(GameResult::Draw, Termination::OnePieceEach),
        Some(Ending::MatchWon { winner }) => {
            return by_rules(GameResult::win_for(winner), Termination::MatchWon)
        }
        Some(Ending::SeventyfiveMoves) | None => {}
    }
    let draws = game.draws();
    if let Some(times) = draws.automatic_repetition {
        if game.occurrences_after(m, after) >= times {
            return by_rules(GameResult::Draw, Termination::FivefoldRepetition);
        }
    }
    // The tables are asked only where their answer changes something: under `automatic`, after
    // every move; else where the count of moves would end the game.
    if tables_decide {
        if let Some(verdict) = tables_verdict(game, after, ctx) {
            return Some(Ended::ByTables(verdict));
        }
    }
    if let Some((plies, termination)) = draws.automatic_no_progress {
        if R::halfmove_clock(after) >= plies && tables_verdict(game, after, ctx).is_none() {
            return by_rules(GameResult::Draw, termination);
        }
    }
    None
}
