//! A match created and its plays: commitment and opening throw, no draws, the notation, passes.

use super::*;

#[test]
fn a_match_is_created_with_a_commitment_and_nothing_thrown() {
    let t = Table::created("tavla", None, None, 1);
    assert_eq!(t.log.len(), 1, "{:?}", t.log);
    let EventBody::GameCreated(c) = &t.log[0].body else {
        panic!("{:?}", t.log[0])
    };
    let dice = c.dice.as_ref().unwrap();
    assert_eq!(dice.scheme, "zarf-dice-v2");
    assert_eq!(dice.commitment, seed(1).commitment());
    assert_eq!((&dice.white_entropy, &dice.black_entropy), (&None, &None));
    assert_eq!(<Tavla as Rules>::awaits_throw(t.table()), Throwing::Opening);
    assert_eq!(t.table().length, 5, "tavla's custom");
}

#[test]
fn each_player_throws_their_own_opening_die_with_their_own_entropy() {
    let mut t = Table::created("tavla", None, None, 1);
    let (white, black) = (t.side(Side::White), t.side(Side::Black));
    // Nobody plays before the opening, and no one else throws it.
    assert_eq!(
        t.run(Actor::Admin, Command::ThrowDice),
        Err(Rejection::NotAPlayer)
    );
    let mut opening = None;
    for round in 0..50 {
        // Black first this time: either order will do.
        let first = t.run(black, Command::ThrowDice).unwrap();
        assert_eq!(first.len(), 1, "{first:?}");
        let EventBody::DiceThrown {
            dice: Faces::Die(b),
            by: Some(Side::Black),
            entropy: Some(text),
            drawn: false,
            ..
        } = &first[0]
        else {
            panic!("{first:?}")
        };
        assert_eq!(text, "siyah zar ş");
        assert_eq!(Faces::Die(*b), recomputed(&seed(1), &first[0]));
        // Black's die is in; white's is awaited, and only white's.
        assert_eq!(t.game().turn(), Side::White);
        assert_eq!(
            t.run(black, Command::ThrowDice),
            Err(Rejection::NotYourTurn)
        );
        let second = t.run(white, Command::ThrowDice).unwrap();
        let EventBody::DiceThrown {
            dice: Faces::Die(w),
            by: Some(Side::White),
            ..
        } = &second[0]
        else {
            panic!("{second:?}")
        };
        if w == b {
            // Equal dice: both throw again.
            assert_eq!(second.len(), 1, "round {round}: {second:?}");
            assert_eq!(t.game().turn(), Side::White);
            continue;
        }
        // Tavla: the higher die starts and throws both dice again, in the same request.
        let starter = if w > b { Side::White } else { Side::Black };
        let throws = throws(&second);
        assert_eq!(throws.len(), 1, "{second:?}");
        let EventBody::DiceThrown {
            entropy, by, drawn, ..
        } = &second[1]
        else {
            panic!("{second:?}")
        };
        assert_eq!(
            (entropy.as_deref(), *by, *drawn),
            (Some("beyaz"), Some(Side::White), false)
        );
        assert_eq!(t.game().turn(), starter);
        assert_eq!(t.table().phase, Phase::Play(throws[0]));
        opening = Some(round);
        break;
    }
    assert!(opening.is_some(), "fifty ties in a row");
    // Every throw is the one the recipe gives for its number and its request's entropy.
    for e in &t.log {
        if let EventBody::DiceThrown { dice, .. } = &e.body {
            assert_eq!(*dice, recomputed(&seed(1), &e.body), "{e:?}");
        }
    }
}

#[test]
fn a_request_without_entropy_gets_one_the_service_drew() {
    let mut t = Table::created("backgammon", None, None, 2);
    let white = t.side(Side::White);
    t.now += Duration::minutes(1);
    let ctx = Context {
        now: t.now,
        actor: white,
        notation: None,
        dice: t.seed.clone(),
        entropy: Some(SentEntropy::drawn("9c1d".into())),
        tables: None,
    };
    let events = decide(&t.state, Command::ThrowDice, &ctx).unwrap();
    let EventBody::DiceThrown {
        entropy, by, drawn, ..
    } = &events[0].body
    else {
        panic!("{events:?}")
    };
    assert_eq!(
        (entropy.as_deref(), *by, *drawn),
        (Some("9c1d"), Some(Side::White), true)
    );
    // Without any entropy at all the service asked nothing to be thrown: refused.
    let bare = Context {
        entropy: None,
        ..ctx
    };
    assert_eq!(
        decide(&t.state, Command::ThrowDice, &bare),
        Err(Rejection::DiceUnavailable)
    );
}

#[test]
fn the_entropy_is_a_short_text_as_sent() {
    assert_eq!(SentEntropy::parse(" a b ").unwrap().text(), " a b ");
    assert!(SentEntropy::parse("").is_err());
    assert!(SentEntropy::parse(&"ş".repeat(256)).is_ok());
    assert!(SentEntropy::parse(&"ş".repeat(257)).is_err());
    assert_eq!(SentEntropy::parse("a\nb").unwrap().text(), "a\nb");
    assert!(!SentEntropy::parse("x").unwrap().is_drawn());
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
    assert_eq!(mv.written, legal[0]);
    assert_eq!(mv.code.as_str(), legal[0]);
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

#[test]
fn a_throw_due_from_a_set_up_position_waits_for_the_player_on_roll() {
    let mut c = create("tavla", Some(&closed_out()), None);
    c.time_control = Some(domain::game::TimeControl::PerMove {
        seconds: 3 * 86_400,
        whole_days: false,
        wrong_claim_bonus_seconds: None,
    });
    c.leave_days_per_year = Some(30);
    let mut t = Table {
        state: GameState::NotCreated,
        log: Vec::new(),
        now: datetime!(2026-11-26 10:00 UTC),
        seed: Some(seed(3)),
    };
    t.run(Actor::Admin, Command::CreateGame(Box::new(c)))
        .unwrap();
    // Black's own command throws nothing of White's: the throw waits for White's request.
    let black = t.side(Side::Black);
    let (from, until) = (t.now + Duration::days(1), t.now + Duration::days(3));
    let events = t.run(black, Command::TakeLeave { from, until }).unwrap();
    assert!(throws(&events).is_empty(), "{events:?}");
    assert_eq!(t.game().thrown().len(), 0);
    // White throws with White's own entropy.
    let events = t.throw().unwrap();
    let EventBody::DiceThrown { by, entropy, .. } = &events[0] else {
        panic!("{events:?}")
    };
    assert_eq!(
        (*by, entropy.as_deref()),
        (Some(Side::White), Some("beyaz"))
    );
}
