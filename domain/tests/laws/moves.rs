//! Art. 1-3: the moves, castling among them.

use super::*;

// ---------------------------------------------------------------- Art. 1-3: the moves
#[test]
fn art_1_2_white_moves_first() {
    let mut t = Table::new();
    assert_eq!(code(t.by(Black, make("e5"))), "not_your_turn");
    assert_eq!(
        t.by(White, make("e4")).unwrap(),
        vec![played("e2e4", "e4", false)]
    );
}

#[test]
fn art_3_9_a_move_may_not_leave_the_own_king_in_check() {
    // The bishop on e2 is pinned by the rook on e7.
    let mut t = Table::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(code(t.by(White, make("Bd3"))), "illegal_move");
    // Nor may the king step into check (e2 and f2 are on the rook's lines elsewhere).
    let mut t = Table::from_fen("4k3/8/8/8/8/8/5r2/4K3 w - - 0 1");
    assert_eq!(code(t.by(White, make("Ke2"))), "illegal_move");
    assert!(t.by(White, make("Kxf2")).is_ok());
}

#[test]
fn art_3_2_to_3_6_pieces_do_not_jump_but_the_knight_does() {
    let mut t = Table::new();
    assert_eq!(code(t.by(White, make("Bc4"))), "illegal_move");
    assert_eq!(code(t.by(White, make("Qd3"))), "illegal_move");
    assert_eq!(code(t.by(White, make("Ra3"))), "illegal_move");
    assert!(t.by(White, make("Nf3")).is_ok());
}

#[test]
fn art_3_7_a_pawn_steps_two_only_from_its_starting_square() {
    let mut t = Table::new();
    t.play("e3 a6");
    assert_eq!(code(t.by(White, make("e5"))), "illegal_move");
    // Both squares must be empty.
    let mut t = Table::new();
    t.play("Nf3 Nf6 Nd4 Ne4");
    assert_eq!(
        code(t.by(White, make("e4"))),
        "illegal_move",
        "e4 is occupied"
    );
    assert_eq!(
        code(t.by(White, make("d4"))),
        "illegal_move",
        "d3 is fine but d4 is occupied"
    );
}

#[test]
fn art_3_7_4_en_passant_on_the_very_next_move_only() {
    let mut t = Table::from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    t.play("d5");
    assert_eq!(
        t.by(White, make("exd6 e.p.")).unwrap(),
        vec![played("e5d6", "exd6", false)]
    );
    let mut t = Table::from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    t.play("d5 Kd2 Ke7");
    assert_eq!(code(t.by(White, make("exd6"))), "illegal_move");
}

#[test]
fn art_3_7_5_promotion_is_free_and_must_be_named() {
    // A second queen although the first is still on the board.
    let mut t = Table::from_fen("8/P7/8/8/8/8/k7/3QK3 w - - 0 1");
    let r = t.by(White, make("a8"));
    assert_eq!(
        r,
        Err(Rejection::PromotionMissing { text: "a8".into() }),
        "a move to the last rank without the new piece is incomplete"
    );
    assert_eq!(r.unwrap_err().code(), "illegal_move");
    assert_eq!(t.log.len(), 1, "a refused command records nothing");
    t.play("a8=Q");
    assert_eq!(t.game().position().board().queens().count(), 2);

    let mut t = Table::from_fen("8/P7/8/8/8/8/k7/4K3 w - - 0 1");
    t.by(
        White,
        Command::MakeMove {
            mv: mv_in("a8A", Notation::SanTr),
            offer_draw: false,
            conditional: Vec::new(),
        },
    )
    .unwrap();
    assert_eq!(
        t.game().written_moves(),
        vec!["a8=N"],
        "underpromotion, Turkish letters"
    );
}

// ---------------------------------------------------------------- Art. 3.8.2: castling

#[test]
fn art_3_8_2_1_never_after_the_king_has_moved() {
    let mut t = Table::from_fen(CASTLING);
    t.play("Kf1 Kf8 Ke1 Ke8");
    assert_eq!(code(t.by(White, make("O-O"))), "illegal_move");
    assert_eq!(code(t.by(White, make("O-O-O"))), "illegal_move");
}

#[test]
fn art_3_8_2_1_never_with_a_rook_that_has_moved() {
    let mut t = Table::from_fen(CASTLING);
    t.play("Rh2 Rh7 Rh1 Rh8");
    assert_eq!(code(t.by(White, make("0-0"))), "illegal_move");
    assert!(
        t.by(White, make("0-0-0")).is_ok(),
        "the other rook has not moved"
    );
}

#[test]
fn art_3_8_2_2_not_now_while_in_check() {
    let mut t = Table::from_fen("r3k2r/8/8/8/4r3/8/8/R3K2R w KQq - 0 1");
    assert_eq!(code(t.by(White, make("O-O"))), "illegal_move");
    assert_eq!(code(t.by(White, make("O-O-O"))), "illegal_move");
}

#[test]
fn art_3_8_2_2_not_across_or_onto_an_attacked_square() {
    // f1, which the king crosses, is attacked.
    let mut t = Table::from_fen("r3k3/8/8/8/8/8/5r2/R3K2R w KQq - 0 1");
    assert_eq!(code(t.by(White, make("O-O"))), "illegal_move");
    assert!(t.by(White, make("O-O-O")).is_ok());
    // g1, where the king lands, is attacked.
    let mut t = Table::from_fen("r3k3/8/8/6r1/8/8/8/R3K2R w KQq - 0 1");
    assert_eq!(code(t.by(White, make("O-O"))), "illegal_move");
}

#[test]
fn art_3_8_2_2_not_with_a_piece_between_king_and_rook() {
    let mut t = Table::from_fen("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert_eq!(
        code(t.by(White, make("O-O-O"))),
        "illegal_move",
        "b1 is occupied"
    );
    assert!(t.by(White, make("O-O")).is_ok());
}

#[test]
fn art_3_8_castling_allowed_although_the_rook_is_attacked() {
    let mut t = Table::from_fen("r3k3/8/8/7r/8/8/8/R3K2R w KQq - 0 1");
    assert_eq!(
        t.by(White, make("O-O")).unwrap(),
        vec![played("e1g1", "O-O", false)]
    );
}

#[test]
fn art_3_8_long_castling_allowed_although_the_rook_crosses_an_attacked_square() {
    // b1 is attacked by the rook on b8; only the king's path matters.
    let mut t = Table::from_fen("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        t.by(White, make("0-0-0")).unwrap(),
        vec![played("e1c1", "O-O-O", false)]
    );
}

#[test]
fn art_3_8_castling_allowed_although_the_king_was_checked_earlier() {
    let mut t = Table::from_fen("r3k2r/8/8/2b5/8/8/2P5/R3K2R b KQkq - 0 1");
    t.play("Bb4+ c3 Ba5");
    assert!(t.by(White, make("O-O")).is_ok());
}

#[test]
fn art_3_8_no_vertical_castling_with_a_promoted_rook() {
    let mut t = Table::from_fen("4R3/8/8/8/8/8/8/k3K3 w - - 0 1");
    assert_eq!(code(t.by(White, make("O-O"))), "illegal_move");
    assert_eq!(code(t.by(White, make("e1e3"))), "illegal_move");
}

#[test]
fn art_3_8_a_promoted_rook_never_castles() {
    let mut t = Table::from_fen("k7/7P/8/8/8/8/8/4K3 w - - 0 1");
    t.play("h8=R+ Kb7 Rh1 Kc7");
    assert_eq!(code(t.by(White, make("O-O"))), "illegal_move");
}
