//! Art. 9.1-9.3: draw offers and claims by repetition or fifty moves.

use super::*;

// ---------------------------------------------------------------- Art. 9.1: draw offers
#[test]
fn art_9_1_2_1_an_offer_made_with_a_move_is_recorded_against_it() {
    let mut t = Table::new();
    let events = t
        .by(
            White,
            Command::MakeMove {
                mv: mv("e4"),
                offer_draw: true,
                conditional: Vec::new(),
            },
        )
        .unwrap();
    assert_eq!(events, vec![played("e2e4", "e4", true)]);
    assert_eq!(t.game().draw_offer, Some(White));
    assert!(t.game().offered_after(1) && !t.game().offered_after(0));
    let pgn = export_pgn::<domain::chess::Chess>(&t.log).unwrap();
    assert!(
        pgn.contains("1. e4 {2026-11-22 09:02 UTC} {(=)} *"),
        "{pgn}"
    );
    assert_eq!(
        t.by(Black, Command::AcceptDraw).unwrap(),
        vec![
            EventBody::DrawAccepted { by: Black },
            end(Draw, Termination::Agreement)
        ]
    );
}

#[test]
fn art_9_1_2_2_an_offer_lapses_when_the_opponent_moves() {
    let mut t = Table::new();
    t.by(
        White,
        Command::MakeMove {
            mv: mv("e4"),
            offer_draw: true,
            conditional: Vec::new(),
        },
    )
    .unwrap();
    t.play("e5");
    assert_eq!(t.game().draw_offer, None);
    assert_eq!(code(t.by(Black, Command::AcceptDraw)), "no_draw_offer");
    // The score sheet keeps the lapsed offer against White's move, and only there.
    assert!(t.game().offered_after(1) && !t.game().offered_after(2));
    // An offer made after a move, at another time, is marked after that move too.
    t.by(White, Command::OfferDraw).unwrap();
    assert!(t.game().offered_after(2));
}

#[test]
fn art_9_1_an_offer_at_another_time_is_valid_and_cannot_be_withdrawn() {
    let mut t = Table::new();
    t.play("e4");
    // White offers on Black's turn.
    assert_eq!(
        t.by(White, Command::OfferDraw).unwrap(),
        vec![EventBody::DrawOffered { by: White }]
    );
    // The offerer cannot accept (or withdraw) it, nor offer twice.
    assert_eq!(code(t.by(White, Command::AcceptDraw)), "no_draw_offer");
    assert_eq!(
        t.by(White, Command::OfferDraw),
        Err(Rejection::DrawOfferPending {
            by: White,
            yours: true
        })
    );
    // One standing offer at a time.
    assert_eq!(
        t.by(Black, Command::OfferDraw),
        Err(Rejection::DrawOfferPending {
            by: White,
            yours: false
        })
    );
    assert_eq!(
        t.by(Black, Command::DeclineDraw).unwrap(),
        vec![EventBody::DrawDeclined { by: Black }]
    );
    assert_eq!(t.game().draw_offer, None);
    assert_eq!(code(t.by(Black, Command::DeclineDraw)), "no_draw_offer");
}

#[test]
fn art_9_1_an_offer_stands_while_the_offerer_moves() {
    let mut t = Table::new();
    t.by(White, Command::OfferDraw).unwrap();
    t.play("e4");
    assert_eq!(
        t.game().draw_offer,
        Some(White),
        "only the recipient's move ends it"
    );
    assert!(t.by(Black, Command::AcceptDraw).is_ok());
}

// ---------------------------------------------------------------- Art. 9.2: threefold repetition

#[test]
fn art_9_2_1_2_claim_on_the_position_that_appeared_a_third_time() {
    let mut t = Table::new();
    t.play(DANCE).play(DANCE);
    let events = t.by(White, claim(ThreefoldRepetition, None)).unwrap();
    assert_eq!(
        events,
        vec![
            EventBody::DrawClaimed {
                by: White,
                kind: ThreefoldRepetition,
                intended_move: None,
                upheld: true,
                occurrences: Some(3),
                halfmove_clock: 8,
            },
            end(Draw, Termination::ThreefoldRepetition)
        ]
    );
}

#[test]
fn art_9_2_1_1_claim_on_an_intended_move() {
    let mut t = Table::new();
    t.play(DANCE).play("Nf3 Nf6 Ng1");
    let events = t
        .by(Black, claim(ThreefoldRepetition, Some("Ng8")))
        .unwrap();
    assert_eq!(
        ended(&events),
        Some((Draw, Termination::ThreefoldRepetition))
    );
    assert!(matches!(
        &events[0],
        EventBody::DrawClaimed { intended_move: Some(m), upheld: true, .. } if m.written == "Ng8"
    ));
}

#[test]
fn art_9_2_repetitions_need_not_be_consecutive() {
    let mut t = Table::new();
    t.play(DANCE).play("Nc3 Nc6 Nb1 Nb8");
    let events = t.by(White, claim(ThreefoldRepetition, None)).unwrap();
    assert_eq!(
        ended(&events),
        Some((Draw, Termination::ThreefoldRepetition))
    );
}

#[test]
fn art_9_5_a_wrong_claim_plays_the_intended_move_and_stands_as_an_offer() {
    let mut t = Table::new();
    t.play(DANCE);
    let events = t
        .by(White, claim(ThreefoldRepetition, Some("Nf3")))
        .unwrap();
    assert_eq!(
        events,
        vec![
            EventBody::DrawClaimed {
                by: White,
                kind: ThreefoldRepetition,
                intended_move: Some(MoveRecord {
                    code: Uci::parse("g1f3").unwrap().code(),
                    written: "Nf3".into()
                }),
                upheld: false,
                occurrences: Some(2),
                halfmove_clock: 5,
            },
            played("g1f3", "Nf3", false),
        ]
    );
    assert_eq!(t.status(), Status::Active);
    assert_eq!(t.game().turn(), Black);
    // 9.1.2.3: the claim counts as a draw offer.
    assert_eq!(t.game().draw_offer, Some(White));
    let pgn = export_pgn::<domain::chess::Chess>(&t.log).unwrap();
    assert!(
        pgn.contains("3. Nf3 {2026-11-22 ") && pgn.contains(" UTC} {(=)}"),
        "{pgn}"
    );
}

#[test]
fn art_9_5_a_wrong_claim_without_a_move_leaves_the_claimant_to_move() {
    let mut t = Table::new();
    t.play(DANCE);
    let events = t.by(White, claim(ThreefoldRepetition, None)).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(t.game().turn(), White);
    assert_eq!(t.game().draw_offer, Some(White));
    // The opponent may accept the claim as an offer.
    assert!(t.by(Black, Command::AcceptDraw).is_ok());
}

#[test]
fn art_9_claim_with_an_illegal_intended_move_records_nothing() {
    let mut t = Table::new();
    t.play(DANCE);
    let before = t.log.len();
    assert_eq!(
        code(t.by(White, claim(ThreefoldRepetition, Some("Nf4")))),
        "illegal_move"
    );
    assert_eq!(
        code(t.by(White, claim(FiftyMoves, Some("xyz")))),
        "unparseable_move"
    );
    assert_eq!(t.log.len(), before);
}

#[test]
fn art_9_2_only_the_player_to_move_claims() {
    let mut t = Table::new();
    t.play(DANCE).play(DANCE);
    assert_eq!(
        code(t.by(Black, claim(ThreefoldRepetition, None))),
        "not_your_turn"
    );
}

#[test]
fn art_9_2_3_en_passant_makes_a_position_different() {
    // After 1. e4 Nf6 2. e5 d5 White could take en passant; the same placement later cannot.
    let mut t = Table::new();
    t.play("e4 Nf6 e5 d5");
    t.play("Nf3 Ng8 Ng1 Nf6").play("Nf3 Ng8 Ng1 Nf6");
    let events = t.by(White, claim(ThreefoldRepetition, None)).unwrap();
    assert!(
        matches!(
            events[0],
            EventBody::DrawClaimed {
                upheld: false,
                occurrences: Some(2),
                ..
            }
        ),
        "the first occurrence had an en passant capture: {events:?}"
    );
    t.play("Nf3 Ng8 Ng1 Nf6");
    let events = t.by(White, claim(ThreefoldRepetition, None)).unwrap();
    assert_eq!(
        ended(&events),
        Some((Draw, Termination::ThreefoldRepetition))
    );
}

#[test]
fn art_9_2_3_castling_rights_make_a_position_different_karpov_miles() {
    // As in Karpov-Miles 1986: the placement recurs, but the first time both kings could castle.
    let mut t = Table::from_fen(CASTLING);
    t.play("Kf1 Kf8 Ke1 Ke8").play("Kf1 Kf8 Ke1 Ke8");
    let events = t.by(White, claim(ThreefoldRepetition, None)).unwrap();
    assert!(matches!(
        events[0],
        EventBody::DrawClaimed {
            upheld: false,
            occurrences: Some(2),
            ..
        }
    ));
    t.play("Kf1 Kf8 Ke1 Ke8");
    let events = t.by(White, claim(ThreefoldRepetition, None)).unwrap();
    assert_eq!(
        ended(&events),
        Some((Draw, Termination::ThreefoldRepetition))
    );
}

#[test]
fn art_9_4_moving_without_claiming_loses_the_claim() {
    let mut t = Table::new();
    t.play(DANCE).play(DANCE);
    t.play("e4");
    let events = t.by(Black, claim(ThreefoldRepetition, None)).unwrap();
    assert!(matches!(
        events[0],
        EventBody::DrawClaimed { upheld: false, .. }
    ));
}

// ---------------------------------------------------------------- Art. 9.3: fifty moves
#[test]
fn art_9_3_fifty_moves_on_the_position_or_an_intended_move() {
    let fen = "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80";
    let mut t = Table::from_fen(fen);
    let events = t.by(White, claim(FiftyMoves, None)).unwrap();
    assert!(matches!(
        events[0],
        EventBody::DrawClaimed {
            upheld: false,
            halfmove_clock: 99,
            occurrences: None,
            ..
        }
    ));

    let mut t = Table::from_fen(fen);
    let events = t.by(White, claim(FiftyMoves, Some("Ra2"))).unwrap();
    assert_eq!(ended(&events), Some((Draw, Termination::FiftyMoves)));

    // A pawn move resets the count: the claim is wrong and the move is played (9.5).
    let mut t = Table::from_fen(fen);
    let events = t.by(White, claim(FiftyMoves, Some("e3"))).unwrap();
    assert_eq!(events.len(), 2);
    assert_eq!(events[1], played("e2e3", "e3", false));
    assert_eq!(t.game().position().halfmoves(), 0);

    let mut t = Table::from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80");
    let events = t.by(White, claim(FiftyMoves, None)).unwrap();
    assert_eq!(ended(&events), Some((Draw, Termination::FiftyMoves)));
}
