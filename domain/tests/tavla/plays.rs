//! A match created and its plays: commitment and opening throw, no draws, the notation, passes.

use super::*;

#[test]
fn a_match_is_created_with_a_commitment_and_its_opening_thrown() {
    let t = Table::new("tavla", None, None, 1);
    let EventBody::GameCreated(c) = &t.log[0].body else {
        panic!("{:?}", t.log[0])
    };
    let dice = c.dice.as_ref().unwrap();
    assert_eq!(dice.scheme, "zarf-dice-v1");
    assert_eq!(dice.commitment, seed(1).commitment());
    assert!(dice.black_entropy.drawn && !dice.white_entropy.drawn);
    // Tavla: the opening's single dice (ties again), then the starter's own throw.
    let thrown = throws(&t.log.iter().map(|e| e.body.clone()).collect::<Vec<_>>());
    let opening = thrown.iter().position(|d| !d.is_double()).unwrap();
    assert_eq!(thrown.len(), opening + 2, "{thrown:?}");
    let starter = if thrown[opening].first() > thrown[opening].second() {
        Side::White
    } else {
        Side::Black
    };
    assert_eq!(t.game().turn(), starter);
    assert_eq!(t.table().phase, Phase::Play(thrown[opening + 1]));
    assert_eq!(t.table().length, 5, "tavla's custom");
    for e in &t.log[1..] {
        assert_eq!(e.actor, Actor::System);
    }
    // Each throw is the one the recipe gives for its number.
    for (n, d) in thrown.iter().enumerate() {
        assert_eq!(*d, derive_throw(&seed(1), n as u32, "beyaz", "0f3a"));
    }
}

#[test]
fn without_the_secret_a_game_of_dice_is_not_created_or_played() {
    let mut t = Table {
        state: GameState::NotCreated,
        log: Vec::new(),
        now: datetime!(2026-11-26 10:00 UTC),
        seed: None,
    };
    let r = t.run(
        Actor::Admin,
        Command::CreateGame(Box::new(create("tavla", None, None))),
    );
    assert_eq!(r, Err(Rejection::DiceUnavailable));
    let mut t = Table::new("tavla", None, None, 1);
    let play = t.table().actions()[0];
    let text = t.table().action_text(&play);
    // Another secret than the one committed to is no secret of this game.
    t.seed = Some(seed(2));
    let before = t.log.len();
    let ended = t.act(&text);
    // A play whose next throw needs the secret is refused whole.
    assert_eq!(ended, Err(Rejection::DiceUnavailable));
    assert_eq!(t.log.len(), before);
}

#[test]
fn a_game_of_dice_offers_no_draws_conditional_or_sealed_moves() {
    let mut t = Table::new("tavla", None, None, 1);
    let side = t.game().turn();
    let actor = t.side(side);
    for (command, feature) in [
        (Command::OfferDraw, "draw_offers"),
        (
            Command::SetConditionalMoves {
                lines: vec![],
                notation: None,
                nonce: "0".repeat(32),
            },
            "conditional_moves",
        ),
        (
            Command::Adjourn {
                resume_at: t.now + Duration::days(1),
                place: None,
            },
            "sealed_moves",
        ),
    ] {
        assert_eq!(
            t.run(actor, command),
            Err(Rejection::NotInThisGame { feature })
        );
    }
    // Claims: the rules have none.
    let claim = t.run(
        actor,
        Command::ClaimDraw {
            kind: domain::game::ClaimKind::ThreefoldRepetition,
            intended_move: None,
        },
    );
    assert_eq!(claim, Err(Rejection::ClaimNotInGame));
}

#[test]
fn plays_are_read_in_the_usual_notation_and_refused_when_illegal() {
    let mut t = Table::new("tavla", None, None, 1);
    let Phase::Play(dice) = t.table().phase else {
        panic!()
    };
    let legal: Vec<String> = t
        .table()
        .plays(dice)
        .iter()
        .map(|a| t.table().action_text(a))
        .collect();
    // Not a play of these dice (an 8 from the 24 is two dice at most, never these unless 6-2,
    // 5-3 or 4-4): refused, nothing recorded.
    let before = t.log.len();
    let wrong = [
        "24/23 24/22 13/12 13/11",
        "1/off",
        "double",
        "24/18 13/11 6/5",
    ]
    .into_iter()
    .find(|w| !legal.contains(&w.to_string()))
    .unwrap();
    assert!(matches!(
        t.act(wrong),
        Err(Rejection::IllegalMove { .. }) | Err(Rejection::UnparseableMove { .. })
    ));
    assert!(matches!(
        t.act("hello"),
        Err(Rejection::UnparseableMove { .. })
    ));
    assert_eq!(t.log.len(), before);
    // The first legal play, as written: recorded as written, then the opponent's dice.
    let mover = t.game().turn();
    let events = t.act(&legal[0]).unwrap();
    let EventBody::MovePlayed { mv, .. } = &events[0] else {
        panic!()
    };
    assert_eq!(mv.san, legal[0]);
    assert_eq!(mv.uci.as_str(), legal[0]);
    assert!(!throws(&events).is_empty());
    assert_ne!(t.game().turn(), mover);
}

/// A position from white's side: white on the bar against black's closed home board, black
/// with one checker left to bring home.
fn closed_out() -> String {
    let mut b = Board {
        mine: [0; 26],
        theirs: [0; 26],
    };
    b.mine[BAR as usize] = 1;
    b.mine[6] = 14;
    // Black's home board (white's 19–24) closed, six points of two, and three on black's 12.
    for p in 19..=24 {
        b.theirs[p] = 2;
    }
    b.theirs[12] = 3;
    position_id::write(&b)
}

#[test]
fn a_throw_without_a_legal_play_passes_the_turn() {
    let t = Table::new("tavla", Some(&closed_out()), None, 3);
    let thrown = throws(&t.log.iter().map(|e| e.body.clone()).collect::<Vec<_>>());
    // White's throw passes (closed out); black's follows at once.
    assert!(thrown.len() >= 2, "{thrown:?}");
    assert_eq!(t.game().turn(), Side::Black);
    assert!(matches!(t.table().phase, Phase::Play(_)));
    // The pass is in the log's throws, not a move, and the throw says whose turn it passed.
    assert_eq!(t.game().ply(), 0);
    let passed: Vec<_> = t
        .log
        .iter()
        .filter_map(|e| match e.body {
            EventBody::DiceThrown { passed, .. } => Some(passed),
            _ => None,
        })
        .collect();
    assert_eq!(passed[0], Some(Side::White), "{passed:?}");
    assert!(passed[1..].iter().all(Option::is_none), "{passed:?}");
}
