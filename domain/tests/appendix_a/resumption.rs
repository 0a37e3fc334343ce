//! A9-A12: the resumption, lateness, a lost envelope, clocks corrected, and more than one
//! adjournment.

use super::*;

#[test]
fn a9a_the_responder_present_at_resumption_starts_their_clock() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    let clock = t.game().clock.as_ref().unwrap();
    // White's 5 minutes before the adjournment are gone; the rest runs from the resumption.
    assert_eq!(
        clock.deadline(),
        Some(resume_at(&t) + Duration::seconds(86_400 - 300))
    );
}

#[test]
fn a9b_an_absent_responders_clock_starts_at_the_resumption() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t) + Duration::minutes(30);
    let r = t.game().clock.as_ref().unwrap().reading(t.now);
    assert_eq!(
        r.left_us[0] / 1_000_000,
        86_400 - 300 - 1800,
        "White's clock runs though the envelope is shut"
    );
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    assert_eq!(t.game().written_moves().last().unwrap(), "Nc6");
    assert_eq!(
        t.game().clock.as_ref().unwrap().deadline(),
        Some(resume_at(&t) + Duration::seconds(86_400 - 300))
    );
}

#[test]
fn a9c_an_absent_sealer_gets_a_reply_in_a_new_envelope() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t) + Duration::minutes(5);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    // Black (the sealer) is absent: White answers in writing and seals it.
    t.now += Duration::minutes(10);
    let e = t.by(White, seal("Bb5", N2)).unwrap();
    assert!(matches!(
        e[0],
        EventBody::EnvelopeSealed {
            kind: EnvelopeKind::Reply,
            sealed_by: White,
            ..
        }
    ));
    t.by(White, Command::CloseEnvelope).unwrap();
    let clock = t.game().clock.as_ref().unwrap().clone();
    // White's clock stopped, Black's did not start.
    assert_eq!(clock.running, Some(Black));
    let later = t.now + Duration::hours(2);
    assert_eq!(
        clock.reading(later).left_us[1] / 1_000_000,
        86_400 - 2 * 60,
        "Black's clock waits (2 min used before adjourning)"
    );
    // Black arrives: the reply opens and Black's clock starts.
    t.now = later;
    let events = check_in(&mut t, Black, revealed(EnvelopeKind::Reply, "Bb5", N2)).unwrap();
    assert!(events.iter().any(
        |e| matches!(e, EventBody::MovePlayed { mv, sealed: true, .. } if mv.written == "Bb5")
    ));
    assert!(t.game().adjournment.is_none());
    let deadline = t.game().clock.as_ref().unwrap().deadline().unwrap();
    assert_eq!(deadline, later + Duration::seconds(86_400 - 120));
}

#[test]
fn a10_a_responder_more_than_an_hour_late_loses() {
    let mut t = sealed_game("Nc6");
    check_in(&mut t, Black, None).unwrap_err(); // before the resumption
    t.now = resume_at(&t);
    check_in(&mut t, Black, None).unwrap();
    t.now = resume_at(&t) + Duration::hours(1);
    assert_eq!(
        t.act(Actor::System, Command::ApplyLateness)
            .unwrap_err()
            .code(),
        "not_due",
        "an hour is allowed"
    );
    t.now += Duration::seconds(1);
    let events = t.act(Actor::System, Command::ApplyLateness).unwrap();
    assert_eq!(events[0], EventBody::LateForResumption { side: White });
    assert_eq!(
        ended(&events),
        Some((GameResult::BlackWins, Termination::LateForResumption))
    );
}

#[test]
fn a10_a_sealer_more_than_an_hour_late_loses() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    t.now += Duration::minutes(61);
    let events = t.act(Actor::System, Command::ApplyLateness).unwrap();
    assert_eq!(
        ended(&events),
        Some((GameResult::WhiteWins, Termination::LateForResumption))
    );
}

#[test]
fn a10_a_late_sealer_whose_sealed_move_mates_wins() {
    // Fool's mate sealed: 1. f3 e5 2. g4, Black seals Qh4#.
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, one_day());
    t.play("f3 e5 g4");
    t.act(arbiter(), adjourn_cmd(&t, 10)).unwrap();
    t.by(Black, seal("Qh4#", N1)).unwrap();
    t.by(Black, Command::CloseEnvelope).unwrap();
    t.now = resume_at(&t);
    let events = check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Qh4#", N1)).unwrap();
    assert_eq!(
        ended(&events),
        Some((GameResult::BlackWins, Termination::Checkmate))
    );
    t.now += Duration::hours(2);
    assert_eq!(
        t.act(Actor::System, Command::ApplyLateness)
            .unwrap_err()
            .code(),
        "game_over"
    );
}

#[test]
fn a10_a_late_sealer_whose_sealed_move_stalemates_draws() {
    let events = open_with("Qf7", Some("7k/8/6K1/8/8/8/8/5Q2 w - - 0 50"));
    assert_eq!(
        ended(&events),
        Some((GameResult::Draw, Termination::Stalemate))
    );
}

#[test]
fn a10_a_late_sealer_whose_sealed_move_made_a_dead_position_draws() {
    // Black's sealed pawn move boxes in every piece; no quick test sees it (queens and rooks are
    // on the board): the whole test, which a server runs before anything else, does.
    let before = "4K3/8/8/8/5p2/p1p4p/P1pppp1P/bnrqkrnb b - - 0 1";
    let mut t = Table::with_clock(Some(before), RuleSet::FIDE_2023, one_day());
    t.act(arbiter(), adjourn_cmd(&t, 10)).unwrap();
    t.by(Black, seal("f3", N1)).unwrap();
    t.by(Black, Command::CloseEnvelope).unwrap();
    t.now = resume_at(&t);
    let events = check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "f3", N1)).unwrap();
    assert_eq!(
        ended(&events),
        None,
        "the move's own judgement lets it go on"
    );
    // Black never comes. An hour later the service applies A10, as a server judges it.
    t.now += Duration::hours(2);
    let ctx = domain::game::Context {
        now: t.now,
        actor: Actor::System,
        notation: None,
        dice: None,
        entropy: None,
        tables: None,
    };
    let judged = domain::game::judge(&t.state, Command::ApplyLateness, &ctx).unwrap();
    let bodies: Vec<EventBody> = judged.events.into_iter().map(|e| e.body).collect();
    assert_eq!(
        ended(&bodies),
        Some((GameResult::Draw, Termination::DeadPosition)),
        "{bodies:?}"
    );
    assert!(matches!(bodies[0], EventBody::DeadPositionFound { ply: 1 }));
    assert_eq!(judged.then_refuse, Some(domain::Rejection::GameOver));
}

#[test]
fn a10_a_present_player_who_lost_on_time_loses() {
    // White is present, but White's clock (started at the resumption, A9b) runs out first.
    let mut t = Table::with_clock(
        None,
        RuleSet::FIDE_2023,
        TimeControl::PerMove {
            seconds: 1800,
            whole_days: false,
            wrong_claim_bonus_seconds: None,
        },
    );
    t.play("e4 e5 Nf3");
    t.act(arbiter(), adjourn_cmd(&t, 10)).unwrap();
    t.by(Black, seal("Nc6", N1)).unwrap();
    t.by(Black, Command::CloseEnvelope).unwrap();
    t.now = resume_at(&t);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    t.now += Duration::minutes(31);
    let events = t.act(Actor::System, Command::FlagFall).unwrap();
    assert_eq!(
        ended(&events),
        Some((GameResult::BlackWins, Termination::TimeForfeit))
    );
    t.now += Duration::hours(1);
    assert_eq!(
        t.act(Actor::System, Command::ApplyLateness)
            .unwrap_err()
            .code(),
        "game_over"
    );
}

#[test]
fn a10_both_absent_is_for_the_arbiter() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t) + Duration::hours(2);
    assert_eq!(
        t.act(Actor::System, Command::ApplyLateness)
            .unwrap_err()
            .code(),
        "not_due"
    );
    assert_eq!(t.status(), Status::Adjourned);
}

#[test]
fn a11_a_lost_envelope_is_restored_with_the_stated_move() {
    let mut t = sealed_game("Nc6");
    let restore = |text: &str| Command::RestoreEnvelope {
        text: text.into(),
        nonce: N2.into(),
        reason: "the envelope was lost; Black states Nf6".into(),
    };
    assert_eq!(t.by(Black, restore("Nf6")).unwrap_err().code(), "forbidden");
    t.act(arbiter(), restore("Nf6")).unwrap();
    t.now = resume_at(&t);
    // The original content no longer matches; the stated move does.
    assert_eq!(
        check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1))
            .unwrap_err()
            .code(),
        "corrupt_log"
    );
    let events = check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nf6", N2)).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e, EventBody::MovePlayed { mv, .. } if mv.written == "Nf6")));
}

#[test]
fn a12_wrong_clocks_are_corrected_before_the_first_move_of_the_resumption() {
    let mut t = sealed_game("Nc6");
    let set = |grave| Command::SetClocks {
        white_seconds: 3600,
        black_seconds: 7200,
        reason: "the clocks were set wrong".into(),
        grave_consequences: grave,
    };
    t.act(arbiter(), set(false)).unwrap();
    t.now = resume_at(&t);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    check_in(&mut t, Black, None).unwrap();
    assert!(
        t.act(arbiter(), set(false)).is_ok(),
        "no move yet since the resumption"
    );
    let r = t.game().clock.as_ref().unwrap().reading(t.now);
    assert_eq!(
        [r.left_us[0] / 1_000_000, r.left_us[1] / 1_000_000],
        [3600, 7200]
    );
    t.play("Bb5");
    assert_eq!(t.act(arbiter(), set(false)).unwrap_err().code(), "too_late");
    assert!(t.act(arbiter(), set(true)).is_ok(), "grave consequences");
}

#[test]
fn several_adjournments_in_one_game() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t);
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    check_in(&mut t, Black, None).unwrap();
    t.play("Bb5 a6");
    t.act(arbiter(), adjourn_cmd(&t, 24)).unwrap();
    t.by(White, seal("Ba4", N2)).unwrap();
    t.by(White, Command::CloseEnvelope).unwrap();
    t.now = resume_at(&t);
    check_in(&mut t, Black, revealed(EnvelopeKind::Sealed, "Ba4", N2)).unwrap();
    assert_eq!(
        t.game().written_moves(),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]
    );
    let adjournments = t
        .log
        .iter()
        .filter(|e| matches!(e.body, EventBody::Adjourned { .. }))
        .count();
    assert_eq!(adjournments, 2, "the log tells the story");
    assert!(domain::GameState::<domain::chess::Chess>::replay(&t.log).is_ok());
}

#[test]
fn no_envelope_sealed_play_resumes_when_the_sealer_comes() {
    let mut t = Table::new();
    t.play("e4");
    t.act(arbiter(), adjourn_cmd(&t, 3)).unwrap();
    t.now = resume_at(&t);
    assert_eq!(check_in(&mut t, White, None).unwrap().len(), 1);
    assert_eq!(t.status(), Status::Adjourned);
    check_in(&mut t, Black, None).unwrap();
    assert_eq!(t.status(), Status::Active);
    assert!(t.by(Black, make("e5")).is_ok());
}
