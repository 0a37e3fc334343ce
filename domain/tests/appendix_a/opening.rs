//! A7-A8: the envelope opened, and a sealed move that cannot stand.

use super::*;

#[test]
fn a7_the_envelope_opens_only_when_the_responder_is_present() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t) - Duration::minutes(1);
    assert_eq!(
        check_in(&mut t, White, None).unwrap_err().code(),
        "before_resumption"
    );
    t.now = resume_at(&t);
    // The sealer is present first: nothing opens.
    assert_eq!(envelope_to_open(t.game(), Black, t.now), None);
    assert_eq!(
        check_in(&mut t, Black, None).unwrap(),
        vec![EventBody::CheckedIn { side: Black }]
    );
    assert_eq!(t.status(), Status::Adjourned);
    assert_eq!(
        check_in(&mut t, Black, None).unwrap_err().code(),
        "already_checked_in"
    );
    // The responder arrives: opened, and the move made.
    assert_eq!(
        envelope_to_open(t.game(), White, t.now),
        Some(EnvelopeKind::Sealed)
    );
    let events = check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    assert_eq!(events[0], EventBody::CheckedIn { side: White });
    assert!(
        matches!(&events[1], EventBody::EnvelopeOpened { text, nonce, sealed_by: Black, .. } if text == "Nc6" && nonce == N1)
    );
    assert!(
        matches!(&events[2], EventBody::MovePlayed { mv, sealed: true, .. } if mv.written == "Nc6")
    );
    assert_eq!(t.status(), Status::Active);
    assert!(
        t.game().adjournment.is_none(),
        "both present: the adjournment is over"
    );
    assert_eq!(t.game().turn(), White);
}

#[test]
fn a7_the_opened_move_must_match_the_commitment() {
    let mut t = sealed_game("Nc6");
    t.now = resume_at(&t);
    let forged = check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nf6", N1));
    assert_eq!(forged.unwrap_err().code(), "corrupt_log");
    let missing = check_in(&mut t, White, None);
    assert_eq!(missing.unwrap_err().code(), "internal");
    assert_eq!(t.status(), Status::Adjourned, "nothing was recorded");
    // Anyone can recompute the commitment from the opened envelope.
    check_in(&mut t, White, revealed(EnvelopeKind::Sealed, "Nc6", N1)).unwrap();
    let sealed_commitment = t.log.iter().find_map(|e| match &e.body {
        EventBody::EnvelopeSealed { commitment, .. } => Some(commitment.clone()),
        _ => None,
    });
    let (text, nonce) = t
        .log
        .iter()
        .find_map(|e| match &e.body {
            EventBody::EnvelopeOpened { text, nonce, .. } => Some((text.clone(), nonce.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        sealed_commitment,
        Some(commitment(t.game().id, 2, Black, &text, &nonce))
    );
}

#[test]
fn a8_an_illegal_sealed_move_loses() {
    let events = open_with("Nf4", None);
    assert_eq!(
        ended(&events),
        Some((GameResult::WhiteWins, Termination::SealedMoveInvalid))
    );
}

#[test]
fn a8_an_ambiguous_sealed_move_loses() {
    // White knights on b1 and f1: `Nd2` could be either.
    let events = open_with("Nd2", Some("r3k3/8/8/8/8/8/8/1N1K1N2 w - - 0 30"));
    assert_eq!(
        ended(&events),
        Some((GameResult::BlackWins, Termination::SealedMoveInvalid))
    );
}

#[test]
fn a8_an_unreadable_sealed_move_loses() {
    let events = open_with("the knight", None);
    assert_eq!(
        ended(&events),
        Some((GameResult::WhiteWins, Termination::SealedMoveInvalid))
    );
}

#[test]
fn a8_except_where_the_opponent_could_not_checkmate() {
    // Black seals nonsense, but White has a lone king: as under 6.9, a draw.
    let events = open_with("Kz9", Some("4k3/4p3/8/8/8/8/8/4K3 b - - 0 40"));
    assert_eq!(
        ended(&events),
        Some((GameResult::Draw, Termination::SealedMoveInvalid))
    );
}

#[test]
fn a8_a_sealed_move_is_read_in_any_notation_as_written() {
    let events = open_with("Ac6", None);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, EventBody::MovePlayed { mv, .. } if mv.written == "Nc6")),
        "{events:?}"
    );
}

#[test]
fn an_event_may_check_the_sealed_move_at_sealing() {
    let mut t = Table::new();
    let mut c = create_command(None, RuleSet::FIDE_2023);
    c.sealed_move_check = SealedMoveCheck::AtSealing;
    let mut u = Table {
        opened: Vec::new(),
        log: Vec::new(),
        state: domain::GameState::NotCreated,
        now: t.now,
        step: Duration::minutes(1),
        tables: None,
    };
    u.act(Actor::Admin, Command::CreateGame(Box::new(c)))
        .unwrap();
    t = u;
    t.act(arbiter(), adjourn_cmd(&t, 5)).unwrap();
    assert_eq!(
        t.by(White, seal("Nf4", N1)).unwrap_err().code(),
        "illegal_move"
    );
    assert!(t.by(White, seal("Nf3", N1)).is_ok());
}
