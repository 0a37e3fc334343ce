//! A1-A6: adjourning, sealing, the envelope, and play between sessions.

use super::*;

#[test]
fn a1_the_arbiter_adjourns_and_the_player_to_move_seals() {
    let mut t = Table::new();
    t.play("e4 e5 Nf3");
    let events = t.act(arbiter(), adjourn_cmd(&t, 20)).unwrap();
    assert!(matches!(
        events[0],
        EventBody::Adjourned { sealer: Black, .. }
    ));
    assert_eq!(t.status(), Status::Adjourned);
    // Only the player to move seals.
    assert_eq!(
        t.by(White, seal("Nc6", N1)).unwrap_err().code(),
        "not_your_turn"
    );
    let first = t.by(Black, seal("Nc6", N1)).unwrap();
    // Until the envelope is closed the move may change (A1).
    let second = t.by(Black, seal("Nf6", N2)).unwrap();
    let c = |e: &EventBody| match e {
        EventBody::EnvelopeSealed {
            commitment,
            move_number,
            ..
        } => (commitment.clone(), *move_number),
        other => panic!("{other:?}"),
    };
    assert_ne!(c(&first[0]).0, c(&second[0]).0);
    assert_eq!(c(&second[0]).1, 2, "the number of the sealed move");
    t.by(Black, Command::CloseEnvelope).unwrap();
    assert_eq!(
        t.by(Black, seal("d6", N1)).unwrap_err().code(),
        "envelope_closed"
    );
    assert_eq!(
        t.by(Black, Command::CloseEnvelope).unwrap_err().code(),
        "no_envelope"
    );
}

#[test]
fn a1_a_player_to_move_may_adjourn_but_not_the_other() {
    let mut t = Table::new();
    t.play("e4");
    assert_eq!(
        t.by(White, adjourn_cmd(&t, 5)).unwrap_err().code(),
        "not_your_turn"
    );
    assert!(t.by(Black, adjourn_cmd(&t, 5)).is_ok());
    assert_eq!(
        t.by(Black, adjourn_cmd(&t, 5)).unwrap_err().code(),
        "adjourned"
    );
    // An arbiter of another event has no say.
    let mut u = Table::new();
    assert_eq!(
        u.act(Actor::Arbiter(player(STRANGER)), adjourn_cmd(&u, 5))
            .unwrap_err()
            .code(),
        "not_a_player"
    );
    // The resumption must be ahead.
    assert_eq!(
        u.act(arbiter(), adjourn_cmd(&u, -1)).unwrap_err().code(),
        "bad_request"
    );
}

#[test]
fn a1_closing_stops_the_sealers_clock_without_starting_the_opponents() {
    let t = sealed_game("Nc6");
    let clock = t.game().clock.as_ref().unwrap();
    let at_resumption = resume_at(&t);
    // Black was charged up to the closing; White's clock waits for the resumption.
    let r = clock.reading(at_resumption - Duration::minutes(1));
    // White used 5 minutes before the adjournment, and nothing since.
    assert_eq!(
        r.left_us[0] / 1_000_000,
        86_400 - 300,
        "White's clock has not started"
    );
    assert_eq!(
        clock.deadline(),
        Some(at_resumption + Duration::seconds(86_400 - 300))
    );
    assert_eq!(clock.running, Some(White));
}

#[test]
fn a1_no_moves_or_claims_while_adjourned() {
    let mut t = sealed_game("Nc6");
    assert_eq!(t.by(White, make("d4")).unwrap_err().code(), "adjourned");
    assert_eq!(t.by(Black, make("Nc6")).unwrap_err().code(), "adjourned");
    assert_eq!(
        t.by(Black, claim(domain::game::ClaimKind::FiftyMoves, None))
            .unwrap_err()
            .code(),
        "adjourned"
    );
}

#[test]
fn a2_the_envelope_records_its_items() {
    let mut t = Table::with_clock(None, RuleSet::FIDE_2023, one_day());
    t.now += Duration::minutes(30);
    t.play("e4");
    t.now += Duration::minutes(10);
    t.by(
        Black,
        Command::MakeMove {
            mv: mv("e5"),
            offer_draw: true,
            conditional: Vec::new(),
        },
    )
    .unwrap();
    t.now += Duration::minutes(20);
    t.act(arbiter(), adjourn_cmd(&t, 48)).unwrap();
    t.now += Duration::minutes(7);
    t.by(White, seal("Nf3", N1)).unwrap();
    t.by(White, Command::CloseEnvelope).unwrap();
    let g = t.game();
    let a = g.adjournment.as_ref().unwrap();
    assert_eq!(a.sealer, White);
    assert_eq!(
        a.position_before,
        g.position_text(),
        "A5: the position before the sealed move"
    );
    assert_eq!(
        a.draw_offer,
        Some(Black),
        "the draw offer standing at adjournment"
    );
    assert_eq!(a.place.as_deref(), Some("Okul salonu"));
    let e = a.envelope.as_ref().unwrap();
    assert_eq!((e.sealed_by, e.move_number, e.closed), (White, 2, true));
    // Time used: White 30 min + 27 min (to the closing), Black 10 min.
    assert_eq!(g.thinking_us, [57 * 60 * 1_000_000, 10 * 60 * 1_000_000]);
}

#[test]
fn a4_a6_draw_offers_agreement_and_resignation_between_sessions() {
    let mut t = sealed_game("Nc6");
    t.by(White, Command::OfferDraw).unwrap();
    assert_eq!(
        t.game().draw_offer,
        Some(White),
        "A4: it stands until answered"
    );
    let events = t.by(Black, Command::AcceptDraw).unwrap();
    assert_eq!(
        ended(&events),
        Some((GameResult::Draw, Termination::Agreement)),
        "A6"
    );
    let mut t = sealed_game("Nc6");
    let events = t.by(Black, Command::Resign).unwrap();
    assert_eq!(
        ended(&events),
        Some((GameResult::WhiteWins, Termination::Resignation)),
        "A6"
    );
}

#[test]
fn a5_the_board_shows_the_position_before_the_sealed_move() {
    let t = sealed_game("Nc6");
    assert_eq!(
        t.game().position_text(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(t.game().written_moves(), ["e4", "e5", "Nf3"]);
}
