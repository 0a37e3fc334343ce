//! Entering: a player asks, or is invited and accepts or declines; only they answer for
//! themselves, and an invitation enters no one.

use super::*;

fn entrant(n: u128) -> Entrant {
    Entrant {
        player: id(n),
        name: format!("Davetli {n}"),
        rating: Some(1500),
        school: None,
        class: None,
        birth_year: None,
        pupil: false,
    }
}

fn by(log: &Log, command: Command, actor: Actor) -> Result<Vec<TournamentEvent>, Rejection> {
    decide(&log.state(), command, now(), actor)
}

fn tournament(state: &TournamentState) -> &domain::tournament::Tournament {
    match state {
        TournamentState::Created(t) => t,
        TournamentState::NotCreated => panic!("not created"),
    }
}

#[test]
fn an_invited_player_enters_by_accepting_for_themselves_only() {
    let mut log = Log::new(created(System::Swiss, 5), 2);
    let invited = log.then(Command::Invite { player: id(7) });
    assert_eq!(
        invited[0].body,
        TournamentEventBody::EntryInvited { player: id(7) }
    );
    let t = log.state();
    assert_eq!(tournament(&t).invited, vec![id(7)]);
    assert!(
        tournament(&t).player(id(7)).is_none(),
        "invited, not entered"
    );
    assert!(
        tournament(&t).reads_as_participant(id(7)),
        "the invited may read it"
    );
    assert!(!tournament(&t).participant(id(7)), "not its games");
    assert_eq!(
        log.when(Command::Invite { player: id(7) }),
        Err(Rejection::AlreadyInvited(id(7)))
    );
    assert_eq!(
        log.when(Command::Invite { player: id(1) }),
        Err(Rejection::AlreadyRegistered(id(1)))
    );
    // Nobody accepts for them: not the arbiter, not another player.
    let accept = Command::AcceptInvitation(entrant(7));
    assert_eq!(log.when(accept.clone()), Err(Rejection::ArbiterOnly));
    assert_eq!(
        by(&log, accept.clone(), Actor::Player(id(8))),
        Err(Rejection::ArbiterOnly)
    );
    // One not invited cannot accept.
    assert_eq!(
        by(
            &log,
            Command::AcceptInvitation(entrant(8)),
            Actor::Player(id(8))
        ),
        Err(Rejection::NotInvited(id(8)))
    );
    // Only a tournament's runner invites.
    assert_eq!(
        by(
            &log,
            Command::Invite { player: id(8) },
            Actor::Player(id(8))
        ),
        Err(Rejection::ArbiterOnly)
    );
    let events = by(&log, accept.clone(), Actor::Player(id(7))).unwrap();
    assert_eq!(
        events[0].body,
        TournamentEventBody::PlayerRegistered(entrant(7))
    );
    log.events.extend(events);
    let t = log.state();
    assert_eq!(tournament(&t).players.len(), 3);
    assert!(tournament(&t).invited.is_empty());
    assert_eq!(
        by(&log, accept, Actor::Player(id(7))),
        Err(Rejection::AlreadyRegistered(id(7)))
    );
}

#[test]
fn an_invited_player_declines_and_is_no_longer_invited() {
    let mut log = Log::new(created(System::Swiss, 5), 2);
    log.then(Command::Invite { player: id(7) });
    let decline = Command::DeclineInvitation { player: id(7) };
    assert_eq!(
        by(&log, decline.clone(), Actor::Player(id(8))),
        Err(Rejection::ArbiterOnly)
    );
    assert_eq!(log.when(decline.clone()), Err(Rejection::ArbiterOnly));
    let events = by(&log, decline.clone(), Actor::Player(id(7))).unwrap();
    assert_eq!(
        events[0].body,
        TournamentEventBody::InvitationDeclined { player: id(7) }
    );
    log.events.extend(events);
    let t = log.state();
    assert!(tournament(&t).invited.is_empty());
    assert!(!tournament(&t).participant(id(7)));
    assert_eq!(
        by(&log, decline, Actor::Player(id(7))),
        Err(Rejection::NotInvited(id(7)))
    );
    assert_eq!(
        by(
            &log,
            Command::AcceptInvitation(entrant(7)),
            Actor::Player(id(7))
        ),
        Err(Rejection::NotInvited(id(7)))
    );
    assert!(!tournament(&t).reads_as_participant(id(7)));
    // Not invited again; they may still ask to enter.
    assert_eq!(
        log.when(Command::Invite { player: id(7) }),
        Err(Rejection::DeclinedBefore(id(7)))
    );
    let ask = Command::AskToEnter { player: id(7) };
    assert!(by(&log, ask, Actor::Player(id(7))).is_ok());
}

#[test]
fn declining_withdraws_an_ask_made_before() {
    let mut log = Log::new(created(System::Swiss, 5), 2);
    let ask = Command::AskToEnter { player: id(7) };
    log.events
        .extend(by(&log, ask, Actor::Player(id(7))).unwrap());
    log.then(Command::Invite { player: id(7) });
    let decline = Command::DeclineInvitation { player: id(7) };
    log.events
        .extend(by(&log, decline, Actor::Player(id(7))).unwrap());
    let t = log.state();
    assert!(tournament(&t).asked.is_empty(), "they said no");
    assert_eq!(tournament(&t).declined, vec![id(7)]);
}

#[test]
fn whoever_runs_it_withdraws_an_invitation_not_yet_answered() {
    let mut log = Log::new(created(System::Swiss, 5), 2);
    log.then(Command::Invite { player: id(7) });
    let withdraw = Command::WithdrawInvitation { player: id(7) };
    assert_eq!(
        by(&log, withdraw.clone(), Actor::Player(id(7))),
        Err(Rejection::ArbiterOnly)
    );
    let events = log.then(withdraw.clone());
    assert_eq!(
        events[0].body,
        TournamentEventBody::InvitationWithdrawn { player: id(7) }
    );
    let t = log.state();
    assert!(!tournament(&t).reads_as_participant(id(7)));
    assert_eq!(log.when(withdraw), Err(Rejection::NotInvited(id(7))));
    assert_eq!(
        by(
            &log,
            Command::AcceptInvitation(entrant(7)),
            Actor::Player(id(7))
        ),
        Err(Rejection::NotInvited(id(7)))
    );
    // Withdrawn is not declined: they may be invited again.
    log.then(Command::Invite { player: id(7) });
}

#[test]
fn asks_and_invitations_lapse_when_the_tournament_finishes() {
    let mut log = Log::new(created(System::RoundRobin, 3), 4);
    log.then(Command::Invite { player: id(7) });
    for round in 1..=3 {
        let pairings = log.pair();
        log.draw_all(round, &pairings);
    }
    assert!(tournament(&log.state()).reads_as_participant(id(7)));
    log.then(Command::Finish);
    let t = log.state();
    assert!(tournament(&t).invited.is_empty() && !tournament(&t).reads_as_participant(id(7)));
}

#[test]
fn a_round_robin_under_way_and_a_finished_tournament_take_no_invitation() {
    let mut log = Log::new(created(System::RoundRobin, 3), 4);
    log.then(Command::Invite { player: id(7) });
    log.pair();
    assert_eq!(
        log.when(Command::Invite { player: id(8) }),
        Err(Rejection::RoundRobinClosed)
    );
    assert_eq!(
        by(
            &log,
            Command::AcceptInvitation(entrant(7)),
            Actor::Player(id(7))
        ),
        Err(Rejection::RoundRobinClosed)
    );
    // Declining is still theirs to do.
    assert!(by(
        &log,
        Command::DeclineInvitation { player: id(7) },
        Actor::Player(id(7))
    )
    .is_ok());
}

#[test]
fn a_player_who_asked_and_is_then_invited_and_entered_leaves_both_lists() {
    let mut log = Log::new(created(System::Swiss, 5), 2);
    let ask = Command::AskToEnter { player: id(7) };
    log.events
        .extend(by(&log, ask, Actor::Player(id(7))).unwrap());
    log.then(Command::Invite { player: id(7) });
    log.events.extend(
        by(
            &log,
            Command::AcceptInvitation(entrant(7)),
            Actor::Player(id(7)),
        )
        .unwrap(),
    );
    let t = log.state();
    assert!(tournament(&t).asked.is_empty() && tournament(&t).invited.is_empty());
    assert!(tournament(&t).player(id(7)).is_some());
}
