//! Perft from the six standard test positions to depth 4, counted through the crate's own move
//! listing (`chess::legal_moves`) and its own FEN reading, against the published node counts
//! (Chess Programming Wiki, "Perft Results").

use domain::chess::{legal_moves, StartFen};
use shakmaty::{Chess, Position};

fn perft(pos: &Chess, depth: u32) -> u64 {
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            perft(&child, depth - 1)
        })
        .sum()
}

fn check(fen: &str, expected: [u64; 4]) {
    let start = StartFen::parse(fen).expect("a playable position");
    for (depth, want) in (1..=4).zip(expected) {
        assert_eq!(
            perft(start.position(), depth),
            want,
            "{fen} at depth {depth}"
        );
    }
}

#[test]
fn initial_position() {
    check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        [20, 400, 8_902, 197_281],
    );
}

#[test]
fn kiwipete() {
    check(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        [48, 2_039, 97_862, 4_085_603],
    );
}

#[test]
fn position_3() {
    check(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        [14, 191, 2_812, 43_238],
    );
}

#[test]
fn position_4() {
    check(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        [6, 264, 9_467, 422_333],
    );
}

#[test]
fn position_4_mirrored() {
    check(
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        [6, 264, 9_467, 422_333],
    );
}

#[test]
fn position_5() {
    check(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        [44, 1_486, 62_379, 2_103_487],
    );
}

#[test]
fn position_6() {
    check(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        [46, 2_079, 89_890, 3_894_594],
    );
}
