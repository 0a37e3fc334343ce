//! Dead positions (5.2.2) and "can this side still checkmate" (6.9) against positions whose
//! answers are known: a sample of chasolver's classified corpus (tests/data), plus the cases the
//! laws digest names.

use domain::chess::{
    dead_position_needs_full_search, ending_of, ending_of_remembering, full_search_applies,
    is_dead_position, legal_moves, position_from_stored_fen, winnability, Ending, MateMemo,
    Winnability,
};
use shakmaty::{CastlingMode, Chess, Color, Position};

fn corpus() -> Vec<(String, Chess)> {
    include_str!("data/chasolver_positions.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (class, fen) = l.split_at(2);
            // The corpus gives four FEN fields; the counters do not matter here.
            let fen = format!("{} 0 1", fen.trim());
            // Some corpus positions are constructed ones no game can reach (too much material):
            // zarf never meets them, so they are left out.
            let pos = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position::<Chess>(CastlingMode::Standard)
                .ok()?;
            Some((class.to_owned(), pos))
        })
        .collect()
}

/// Random games spend most of their moves in the sparse endgames where the full search runs on
/// every move: each position is judged with and without the game's remembered mating line, and
/// the answers must agree.
#[test]
fn a_remembered_mating_line_never_changes_the_judgement() {
    let mut rng: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let (mut judged, mut endings) = (0, 0);
    for _ in 0..12 {
        let mut pos = Chess::default();
        let memo = MateMemo::default();
        for _ in 0..600 {
            let moves = legal_moves(&pos);
            pos.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
            let ending = ending_of(&pos);
            assert_eq!(
                ending_of_remembering(&pos, &memo),
                ending,
                "{}",
                domain::chess::fen_of(&pos)
            );
            judged += 1;
            if ending.is_some() || pos.halfmoves() >= 150 {
                endings += usize::from(ending.is_some());
                break;
            }
        }
    }
    assert!(
        judged > 2_000 && endings > 0,
        "{judged} positions, {endings} endings"
    );
}

/// A memo holding a mating line (left by a live position just judged) never makes a dead position
/// live: the random games above seldom reach one, the corpus is full of them.
#[test]
fn a_remembered_mating_line_never_makes_a_dead_position_live() {
    let positions = corpus();
    let live = positions
        .iter()
        .map(|(_, pos)| pos)
        .find(|pos| dead_position_needs_full_search(pos) && !is_dead_position(pos))
        .expect("a live position the full search judges");
    let memo = MateMemo::default();
    let mut judged = 0;
    for (class, pos) in &positions {
        if class != "--" || !dead_position_needs_full_search(pos) || !is_dead_position(pos) {
            continue;
        }
        // The live position's search leaves its mating line in the memo.
        assert_eq!(ending_of_remembering(live, &memo), None);
        assert_eq!(
            ending_of_remembering(pos, &memo),
            Some(Ending::DeadPosition),
            "{}",
            domain::chess::fen_of(pos)
        );
        judged += 1;
    }
    assert!(judged >= 5, "{judged} dead positions judged");
}

#[test]
fn dead_positions_match_the_corpus() {
    let positions = corpus();
    assert!(positions.len() >= 100, "{}", positions.len());
    let (mut dead, mut found, mut outside_gate) = (0, 0, 0);
    for (class, pos) in &positions {
        // Some corpus positions are themselves mate or stalemate; deadness is about the rest.
        if shakmaty::Position::legal_moves(pos).is_empty() {
            continue;
        }
        let fen = domain::chess::fen_of(pos);
        let judged = is_dead_position(pos);
        if class != "--" {
            // Sound: a position where either side can still mate is never called dead.
            assert!(!judged, "{class} {fen} is not dead");
            continue;
        }
        dead += 1;
        if judged {
            found += 1;
        } else {
            // Only outside the full search's gate may a dead position go unseen.
            assert!(
                !full_search_applies(pos),
                "{fen} is dead and within the gate"
            );
            outside_gate += 1;
        }
    }
    assert!(dead >= 30, "the sample holds dead positions: {dead}");
    assert!(
        found * 10 >= dead * 9,
        "found {found} of {dead} ({outside_gate} outside the gate)"
    );
}

#[test]
fn winnability_per_side_matches_the_corpus() {
    for (class, pos) in corpus() {
        let bytes = class.as_bytes();
        for (side, can) in [
            (Color::White, bytes[0] == b'W'),
            (Color::Black, bytes[1] == b'B'),
        ] {
            let want = if can {
                Winnability::Winnable
            } else {
                Winnability::Unwinnable
            };
            assert_eq!(
                winnability(&pos, side),
                want,
                "{class} {side:?} {}",
                domain::chess::fen_of(&pos)
            );
        }
    }
}

#[test]
fn the_digests_examples() {
    let p = |fen: &str| position_from_stored_fen(fen).unwrap();
    // A lone king can never mate.
    assert_eq!(
        winnability(&p("8/8/8/8/4k3/8/4P3/4K3 w - - 0 1"), Color::Black),
        Winnability::Unwinnable
    );
    // King and knight against king and pawns: mate is still possible.
    assert_eq!(
        winnability(&p("8/8/8/8/8/2k5/pp6/K1N5 w - - 0 1"), Color::White),
        Winnability::Winnable
    );
    // A blocked pawn wall: dead, though plenty of material is on the board.
    assert!(is_dead_position(&p(
        "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 b - - 0 1"
    )));
    assert!(!is_dead_position(&Chess::default()));
    // Found only by the full search: no fast check proves either side unable to mate.
    assert!(is_dead_position(&p(
        "8/2p5/1pP5/1P6/1P6/KP6/PP6/1k6 w - - 0 1"
    )));
}
