//! Given/when/then tests for the articles of the FIDE Laws that the rules engine judges, each
//! citing its article (2023 numbering, with the 2005 number where it differs). Positions are
//! given as FEN or as the moves that lead to them; the command is issued through `decide`, and
//! the events (or the rejection) are the answer.

#[path = "../common/mod.rs"]
mod common;
mod draws;
mod endings;
mod games;
mod moves;

use common::*;
use domain::chess::{Ending, Notation, Uci};
use domain::game::{
    export_pgn, Actor, ClaimKind, EventBody, GameResult, MoveRecord, RuleSet, Side, Status,
    Termination,
};
use domain::{decide, Rejection};
use shakmaty::Position as _;

use ClaimKind::{FiftyMoves, ThreefoldRepetition};
use GameResult::{BlackWins, Draw, WhiteWins};
use Side::{Black, White};

type GameState = domain::game::GameState<domain::chess::Chess>;
type Command = domain::game::Command<domain::chess::Chess>;
type Context = domain::game::Context<domain::chess::Chess>;

fn played(uci: &str, san: &str, draw_offered: bool) -> EventBody {
    EventBody::MovePlayed {
        mv: MoveRecord {
            code: Uci::parse(uci).unwrap().code(),
            written: san.into(),
        },
        draw_offered,
        sealed: false,
        conditional: false,
    }
}

fn end(result: GameResult, termination: Termination) -> EventBody {
    EventBody::GameEnded {
        result,
        termination,
    }
}

fn code(r: Result<Vec<EventBody>, Rejection>) -> &'static str {
    r.expect_err("the command is refused").code()
}

/// Knights out and back: the start position again, each time.
const DANCE: &str = "Nf3 Nf6 Ng1 Ng8";

/// Both kings and all four rooks at home, every castling right.
const CASTLING: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
