//! Every legal move of every position the chess rule tests use, and of positions one move after
//! them, spoken in each tongue and read back as itself: in the tongue's spoken notation
//! and in a move field that names no notation.

use domain::chess::{read_move, Chess, MoveText, Notation};
use domain::game::spoken::Tongue;
use domain::game::Rules;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess as Position, Move, Position as _};

/// The sources of the chess rule tests, whose FEN strings are the positions spoken here.
const SOURCES: &[&str] = &[
    include_str!("laws/draws.rs"),
    include_str!("laws/endings.rs"),
    include_str!("laws/games.rs"),
    include_str!("laws/main.rs"),
    include_str!("laws/moves.rs"),
    include_str!("clocks.rs"),
    include_str!("conditional.rs"),
    include_str!("dead_positions.rs"),
    include_str!("fuzz_regressions.rs"),
    include_str!("messages.rs"),
    include_str!("perft.rs"),
    include_str!("properties.rs"),
    include_str!("winnability.rs"),
    include_str!("../src/chess/judging_tests.rs"),
    include_str!("../src/chess/notation/tests.rs"),
];

/// Positions with what the tests' positions may lack: disambiguation by file, rank and both,
/// promotion with capture and check, underpromotion, en passant, both castlings.
const MORE: &[&str] = &[
    "8/5k2/8/8/Q2Q4/8/8/Q3K3 w - - 0 1",
    "1n1r3k/P1P5/8/8/8/8/6K1/8 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "4k3/8/8/8/1N3N2/8/1N3N2/4K3 w - - 0 1",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
];

fn position(fen: &str) -> Option<Position> {
    fen.parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()
}

/// Every distinct position a FEN-shaped string literal of the sources (or [`MORE`]) sets up,
/// and positions one legal move after each.
fn positions() -> Vec<Position> {
    let mut fens: Vec<String> = Vec::new();
    for source in SOURCES {
        // Every text between two quotes, in either phase, is tried; what is no FEN is skipped.
        for text in source.split('"') {
            if text.matches('/').count() == 7 && text.len() < 100 && position(text).is_some() {
                fens.push(text.to_owned());
            }
        }
    }
    let from_tests = {
        let mut f = fens.clone();
        f.sort();
        f.dedup();
        f.len()
    };
    assert!(
        from_tests >= 40,
        "only {from_tests} FENs found in the tests"
    );
    fens.extend(MORE.iter().map(|f| (*f).to_owned()));
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for fen in fens {
        let Some(p) = position(&fen) else { continue };
        let mut layer = vec![p.clone()];
        // One move in two is followed, so the test stays quick.
        for m in p.legal_moves().into_iter().step_by(2) {
            let mut next = p.clone();
            next.play_unchecked(m);
            layer.push(next);
        }
        for q in layer {
            if seen.insert(Chess::set_up_text(&q)) {
                out.push(q);
            }
        }
    }
    out
}

#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    castles: usize,
    en_passant: usize,
    promotion_capture_check: usize,
    underpromotion: usize,
    by_file: usize,
    by_rank: usize,
    by_both: usize,
}

impl Seen {
    fn count(&mut self, pos: &Position, m: Move) {
        self.moves += 1;
        self.castles += usize::from(m.is_castle());
        self.en_passant += usize::from(m.is_en_passant());
        let mut after = pos.clone();
        after.play_unchecked(m);
        self.promotion_capture_check +=
            usize::from(m.is_promotion() && m.is_capture() && after.is_check());
        self.underpromotion +=
            usize::from(m.promotion().is_some_and(|r| r != shakmaty::Role::Queen));
        if let San::Normal {
            role, file, rank, ..
        } = San::from_move(pos, m)
        {
            if role != shakmaty::Role::Pawn {
                match (file, rank) {
                    (Some(_), None) => self.by_file += 1,
                    (None, Some(_)) => self.by_rank += 1,
                    (Some(_), Some(_)) => self.by_both += 1,
                    (None, None) => {}
                }
            }
        }
    }
}

#[test]
fn every_move_of_the_tests_positions_reads_back_as_itself_in_every_tongue() {
    let positions = positions();
    assert!(positions.len() >= 500, "only {} positions", positions.len());
    let mut seen = Seen::default();
    for pos in &positions {
        for m in pos.legal_moves() {
            seen.count(pos, m);
            for tongue in Tongue::ALL {
                let said = Chess::spoken(pos, m, tongue);
                let text = MoveText::parse(&said).unwrap_or_else(|e| panic!("{said}: {e}"));
                let fen = Chess::set_up_text(pos);
                assert_eq!(
                    read_move(pos, &text, Some(Notation::spoken(tongue)), None),
                    Ok(m),
                    "{fen}: {said}"
                );
                assert_eq!(read_move(pos, &text, None, None), Ok(m), "{fen}: {said}");
            }
        }
    }
    for (what, n) in [
        ("castling", seen.castles),
        ("en passant", seen.en_passant),
        (
            "promotion with capture and check",
            seen.promotion_capture_check,
        ),
        ("underpromotion", seen.underpromotion),
        ("disambiguation by file", seen.by_file),
        ("disambiguation by rank", seen.by_rank),
        ("disambiguation by file and rank", seen.by_both),
    ] {
        assert!(n > 0, "no {what} among {seen:?}");
    }
}
