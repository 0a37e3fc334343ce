//! Given/when/then tests for the articles of the FIDE Laws that the rules engine judges, each
//! citing its article (2023 numbering, with the 2005 number where it differs). Positions are
//! given as FEN or as the moves that lead to them; the command is issued through `decide`, and
//! the events (or the rejection) are the answer.

mod common;

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
            uci: Uci::parse(uci).unwrap().code(),
            san: san.into(),
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
        t.game().san_moves(),
        vec!["a8=N"],
        "underpromotion, Turkish letters"
    );
}

// ---------------------------------------------------------------- Art. 3.8.2: castling

const CASTLING: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

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

// ---------------------------------------------------------------- Art. 5: the end of the game

#[test]
fn art_5_1_1_checkmate_ends_the_game_at_once() {
    let mut t = Table::new();
    t.play("f3 e5 g4");
    let events = t.by(Black, make("Qh4#")).unwrap();
    assert_eq!(
        events,
        vec![
            played("d8h4", "Qh4#", false),
            end(BlackWins, Termination::Checkmate)
        ]
    );
    assert_eq!(code(t.by(White, make("a3"))), "game_over");
    assert_eq!(code(t.by(White, Command::Resign)), "game_over");
}

#[test]
fn art_5_1_2_resignation_ends_the_game_on_either_turn() {
    let mut t = Table::new();
    t.play("e4");
    assert_eq!(
        t.by(White, Command::Resign).unwrap(),
        vec![
            EventBody::Resigned { by: White },
            end(BlackWins, Termination::Resignation)
        ]
    );
}

#[test]
fn art_5_2_1_stalemate_is_a_draw_at_once() {
    let mut t = Table::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    let events = t.by(White, make("Qf7")).unwrap();
    assert_eq!(ended(&events), Some((Draw, Termination::Stalemate)));
}

#[test]
fn art_5_2_2_dead_position_by_material() {
    let mut t = Table::from_fen("4k3/8/8/8/8/8/1b6/R3K3 b - - 0 1");
    let events = t.by(Black, make("Bxa1")).unwrap();
    assert_eq!(ended(&events), Some((Draw, Termination::DeadPosition)));
}

#[test]
fn art_5_2_2_dead_position_by_a_locked_pawn_wall() {
    // Before d4 either side could still mate; after it the wall is locked and the bishops can
    // never break it. Counting material would miss this.
    let mut t = Table::from_fen("2b1k3/8/8/1p1p1p1p/1P3P1P/3P4/8/2B1K3 w - - 0 1");
    let events = t.by(White, make("d4")).unwrap();
    assert_eq!(ended(&events), Some((Draw, Termination::DeadPosition)));
}

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

const DANCE: &str = "Nf3 Nf6 Ng1 Ng8";

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
        EventBody::DrawClaimed { intended_move: Some(m), upheld: true, .. } if m.san == "Ng8"
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
                    uci: Uci::parse("g1f3").unwrap().code(),
                    san: "Nf3".into()
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

// ---------------------------------------------------------------- Art. 9.6 (2023): automatic

#[test]
fn art_9_6_1_fivefold_repetition_draws_automatically_under_2023() {
    let mut t = Table::new();
    t.play(DANCE).play(DANCE).play(DANCE).play("Nf3 Nf6 Ng1");
    let events = t.by(Black, make("Ng8")).unwrap();
    assert_eq!(
        ended(&events),
        Some((Draw, Termination::FivefoldRepetition))
    );
}

#[test]
fn art_9_6_fivefold_and_75_moves_are_not_automatic_under_2005() {
    let mut t = Table::with(None, RuleSet::FIDE_2005);
    t.play(DANCE).play(DANCE).play(DANCE).play(DANCE);
    assert_eq!(t.status(), Status::Active);
    // It can still be claimed.
    let events = t.by(White, claim(ThreefoldRepetition, None)).unwrap();
    assert!(matches!(
        events[0],
        EventBody::DrawClaimed {
            occurrences: Some(5),
            ..
        }
    ));

    let mut t = Table::with(
        Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 80"),
        RuleSet::FIDE_2005,
    );
    t.play("Ra2");
    assert_eq!(t.status(), Status::Active);
}

#[test]
fn art_9_6_2_seventy_five_moves_draw_automatically_under_2023() {
    let mut t = Table::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 80");
    let events = t.by(White, make("Ra2")).unwrap();
    assert_eq!(ended(&events), Some((Draw, Termination::SeventyfiveMoves)));
}

#[test]
fn art_9_6_2_unless_the_last_move_checkmates() {
    let mut t = Table::from_fen("6k1/5ppp/8/8/8/8/8/R3K3 w - - 149 80");
    let events = t.by(White, make("Ra8#")).unwrap();
    assert_eq!(ended(&events), Some((WhiteWins, Termination::Checkmate)));
}

// ---------------------------------------------------------------- set-up positions

#[test]
fn an_illegal_start_position_is_refused() {
    let ctx: Context = Context {
        now: Table::new().now,
        actor: Actor::Admin,
        notation: None,
        dice: None,
    };
    let create = |fen: &str, rules| {
        decide(
            &GameState::NotCreated,
            Command::CreateGame(Box::new(create_command(Some(fen), rules))),
            &ctx,
        )
    };
    assert_eq!(
        create("8/8/8/8/8/8/8/8 w - - 0 1", RuleSet::FIDE_2023)
            .unwrap_err()
            .code(),
        "invalid_fen"
    );
    assert_eq!(
        create("not a fen", RuleSet::FIDE_2023).unwrap_err().code(),
        "invalid_fen"
    );
    assert_eq!(
        create(
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            RuleSet::FIDE_2023
        ),
        Err(Rejection::PositionNotPlayable(Ending::Checkmate {
            winner: domain::game::Side::Black
        }))
    );
    assert_eq!(
        create("4k3/8/8/8/8/8/8/4K3 w - - 0 1", RuleSet::FIDE_2023)
            .unwrap_err()
            .code(),
        "position_not_playable"
    );
    assert_eq!(
        create("4k3/8/8/8/8/8/8/R3K3 w - - 150 90", RuleSet::FIDE_2023),
        Err(Rejection::PositionNotPlayable(Ending::SeventyfiveMoves))
    );
    assert!(create("4k3/8/8/8/8/8/8/R3K3 w - - 150 90", RuleSet::FIDE_2005).is_ok());
}

#[test]
fn a_set_up_position_with_black_to_move_exports_with_its_fen() {
    let mut t = Table::from_fen("4k3/8/8/8/8/8/4P3/R3K3 b - - 3 40");
    t.play("Kd7 e4");
    let pgn = export_pgn::<domain::chess::Chess>(&t.log).unwrap();
    assert!(
        pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/R3K3 b - - 3 40\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("40... Kd7 {2026-11-22 09:02 UTC} 41. e4 {2026-11-22 09:03 UTC} *"),
        "{pgn}"
    );
}

#[test]
fn the_standard_start_is_not_stored_as_a_set_up_position() {
    let t = Table::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(t.game().start_fen, None);
}

// ---------------------------------------------------------------- who may act

#[test]
fn a_third_party_never_acts_in_a_game() {
    let mut t = Table::new();
    let stranger = Actor::Player(player(STRANGER));
    for command in [
        make("e4"),
        Command::OfferDraw,
        Command::Resign,
        claim(FiftyMoves, None),
    ] {
        assert_eq!(
            t.act(stranger, command.clone()).unwrap_err().code(),
            "not_a_player"
        );
        assert_eq!(
            t.act(Actor::Admin, command.clone()).unwrap_err().code(),
            "not_a_player"
        );
        assert_eq!(
            t.act(Actor::Arbiter(player(ARBITER)), command)
                .unwrap_err()
                .code(),
            "not_a_player"
        );
    }
    assert_eq!(t.log.len(), 1);
}

#[test]
fn arbiter_decisions_need_an_arbiter_and_a_reason() {
    let mut t = Table::new();
    t.play("e4 e5");
    let decision = |reason: &str| Command::DecideResult {
        result: WhiteWins,
        reason: reason.into(),
    };
    assert_eq!(code(t.by(White, decision("I say so"))), "forbidden");
    // The arbiter of another event has no say in this game.
    assert_eq!(
        code(t.act(Actor::Arbiter(player(STRANGER)), decision("mine"))),
        "forbidden"
    );
    assert_eq!(
        code(t.act(Actor::Arbiter(player(ARBITER)), decision("   "))),
        "bad_request"
    );
    let events = t
        .act(
            Actor::Arbiter(player(ARBITER)),
            decision("Black left the playing venue (Art. 11.2.3)"),
        )
        .unwrap();
    assert_eq!(
        ended(&events),
        Some((WhiteWins, Termination::ArbiterDecision))
    );
    let pgn = export_pgn::<domain::chess::Chess>(&t.log).unwrap();
    assert!(pgn.contains("[Termination \"adjudication\"]"), "{pgn}");
    assert!(pgn.contains("Black left the playing venue"), "{pgn}");
}

#[test]
fn only_a_side_or_an_organiser_creates_a_game() {
    let ctx = |actor| Context {
        now: Table::new().now,
        actor,
        notation: None,
        dice: None,
    };
    let create = Command::CreateGame(Box::new(create_command(None, RuleSet::FIDE_2023)));
    assert!(decide(
        &GameState::NotCreated,
        create.clone(),
        &ctx(Table::actor(White))
    )
    .is_ok());
    assert!(decide(
        &GameState::NotCreated,
        create.clone(),
        &ctx(Actor::Arbiter(player(ARBITER)))
    )
    .is_ok());
    assert_eq!(
        decide(
            &GameState::NotCreated,
            create.clone(),
            &ctx(Actor::Player(player(STRANGER)))
        )
        .unwrap_err()
        .code(),
        "not_a_player"
    );
    let mut same = create_command(None, RuleSet::FIDE_2023);
    same.black.id = same.white.id;
    assert_eq!(
        decide(
            &GameState::NotCreated,
            Command::CreateGame(Box::new(same)),
            &ctx(Actor::Admin)
        ),
        Err(Rejection::SamePlayer)
    );
    let t = Table::new();
    assert_eq!(
        decide(&t.state, create, &ctx(Actor::Admin)),
        Err(Rejection::GameExists)
    );
}

// ---------------------------------------------------------------- Appendix E: notation

/// The example game of the Turkish Appendix E, as written there (`Ke8` is a rook move: Kale).
const APPENDIX_E_TR: &str = "1. d4 Af6 2. c4 e6 3. Ac3 Fb4 4. Fd2 0-0 5. e4 d5 6. exd5 exd5 \
    7. cxd5 Fxc3 8. Fxc3 Axd5 9. Af3 b6 10. Vb3 Axc3 11. bxc3 c5 12. Fe2 cxd4 13. Axd4 Ke8 \
    14. 0-0 Ad7 15. a4 Ac5 16. Vb4 Fb7 17. a5";

#[test]
fn appendix_e_the_turkish_example_game() {
    let mut t = Table::new();
    t.play(APPENDIX_E_TR);
    assert_eq!(
        t.game().san_moves().join(" "),
        "d4 Nf6 c4 e6 Nc3 Bb4 Bd2 O-O e4 d5 exd5 exd5 cxd5 Bxc3 Bxc3 Nxd5 Nf3 b6 Qb3 Nxc3 \
         bxc3 c5 Be2 cxd4 Nxd4 Re8 O-O Nd7 a4 Nc5 Qb4 Bb7 a5"
    );
    // Written back with Turkish letters, FIDE style, it is the Appendix's own text.
    let mut pos = t.game().start_position().clone();
    let mut written = Vec::new();
    for &m in t.game().moves() {
        written.push(domain::chess::write_move(
            &pos,
            m,
            domain::chess::MoveStyle::Fide(domain::chess::LetterSet::Turkish),
        ));
        shakmaty::Position::play_unchecked(&mut pos, m);
    }
    let original: Vec<&str> = APPENDIX_E_TR
        .split_whitespace()
        .filter(|w| !w.ends_with('.'))
        .collect();
    assert_eq!(written, original);
}

#[test]
fn the_players_own_notation_is_tried_first_and_disagreement_is_ambiguous() {
    // Black: king e8, rooks a8 and h8. `Kd8` is the king in English, the a8 rook in Turkish.
    let t = Table::from_fen("r3k2r/8/8/8/8/8/8/4K3 b - - 0 1");
    let ctx = |notation| Context {
        now: t.now,
        actor: Table::actor(Black),
        notation,
        dice: None,
    };
    let r = decide(&t.state, make("Kd8"), &ctx(Some(Notation::SanTr)));
    assert_eq!(r.unwrap_err().code(), "ambiguous_move");
    // Named explicitly, the notation is honoured.
    let events = decide(
        &t.state,
        Command::MakeMove {
            mv: mv_in("Kd8", Notation::SanTr),
            offer_draw: false,
            conditional: Vec::new(),
        },
        &ctx(None),
    )
    .unwrap();
    assert_eq!(events[0].body, played("a8d8", "Rd8", false));
    // Without a Turkish setting, the English reading is the only one tried first.
    let events = decide(&t.state, make("Kd8"), &ctx(None)).unwrap();
    assert_eq!(events[0].body, played("e8d8", "Kd8", false));
}

// ---------------------------------------------------------------- PGN

#[test]
fn pgn_export_has_the_seven_tag_roster_first() {
    let mut t = Table::new();
    t.play("e4 e5 Nf3");
    t.by(
        Black,
        Command::MakeMove {
            mv: mv("Nc6"),
            offer_draw: true,
            conditional: Vec::new(),
        },
    )
    .unwrap();
    t.by(White, Command::Resign).unwrap();
    let pgn = export_pgn::<domain::chess::Chess>(&t.log).unwrap();
    let tags: Vec<&str> = pgn
        .lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| l[1..].split(' ').next().unwrap())
        .collect();
    assert_eq!(
        tags,
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "TimeControl",
            "Termination"
        ]
    );
    assert!(pgn.contains("[Event \"Okul Turnuvası\"]"));
    assert!(pgn.contains("[Date \"2026.11.22\"]"));
    assert!(pgn.contains("[White \"Ayşe Yılmaz\"]"));
    assert!(pgn.contains("[Result \"0-1\"]"));
    assert!(pgn.contains("[Termination \"normal\"]"));
    // Each move with the time it was made; the offer and the ending after the last.
    assert!(
        pgn.contains("1. e4 {2026-11-22 09:02 UTC} 1... e5 {2026-11-22 09:03 UTC} 2. Nf3")
            && pgn.contains("2... Nc6 {2026-11-22 09:05 UTC} {(=)} {White resigns}\n0-1"),
        "{pgn}"
    );
}
