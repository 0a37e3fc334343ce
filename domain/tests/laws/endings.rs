//! Art. 5: the end of the game, and Art. 9.6: draws that come by themselves.

use super::*;

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
