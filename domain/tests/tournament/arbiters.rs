//! The log read back, the arbiter changing a pairing, tie-breaks, schools and classes, a whole
//! Swiss as a report.

use super::*;

#[test]
fn events_read_back_as_written() {
    let mut log = Log::new(created(System::Swiss, 5), 5);
    let first = log.pair();
    log.draw_all(1, &first);
    log.then(Command::RequestBye {
        player: id(1),
        round: 2,
        kind: ByeKind::Zero,
    });
    log.then(Command::Invite { player: id(7) });
    log.then(Command::Invite { player: id(8) });
    let declined = decide(
        &log.state(),
        Command::DeclineInvitation { player: id(8) },
        now(),
        Actor::Player(id(8)),
    );
    log.events.extend(declined.unwrap());
    for e in &log.events {
        let json = serde_json::to_string(e).unwrap();
        let back: TournamentEvent = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, e, "{json}");
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["type"], e.body.type_name());
    }
    assert!(domain::tournament::replay(&log.events).is_ok());
    assert_eq!(
        domain::tournament::replay(&log.events[1..]).map(drop),
        Err((
            1,
            "the log does not begin with the tournament's creation".into()
        ))
    );
}

#[test]
fn the_arbiter_changes_a_pairing_with_a_reason_and_not_after_results_unless_saying_so() {
    let mut log = Log::new(created(System::Swiss, 3), 4);
    let first = log.pair();
    // Colours exchanged on board 1.
    let mut swapped = first.clone();
    swapped[0] = Pairing {
        white: first[0].black.unwrap(),
        black: Some(first[0].white),
    };
    let change = |pairings: Vec<Pairing>, reason: &str, despite_results| Command::ChangePairing {
        round: 1,
        pairings,
        reason: reason.into(),
        despite_results,
    };
    assert_eq!(
        log.when(change(swapped.clone(), "", false)),
        Err(Rejection::ReasonMissing)
    );
    // A player seated twice, or one left out, is refused.
    let mut twice = first.clone();
    twice[1].white = first[0].white;
    assert_eq!(
        log.when(change(twice, "typo", false)),
        Err(Rejection::NotTheSamePlayers(first[0].white))
    );
    log.then(change(
        swapped.clone(),
        "both had White twice at the other table",
        false,
    ));
    log.then(Command::RecordResult {
        round: 1,
        white: swapped[1].white,
        outcome: Outcome::Draw,
    });
    assert_eq!(
        log.when(change(first.clone(), "back", false)),
        Err(Rejection::ResultsIn(1))
    );
    // Said so: the new pairing holds, and the result of the board that stayed is kept.
    log.then(change(first.clone(), "the arbiter's own mistake", true));
    let TournamentState::Created(t) = log.state() else {
        panic!("created")
    };
    assert_eq!(t.rounds[0].boards[0], (first[0], None));
    assert_eq!(t.rounds[0].boards[1], (first[1], Some(Outcome::Draw)));
}

#[test]
fn tiebreaks_are_fide_codes_and_a_tournament_finishes_when_every_result_is_in() {
    let mut log = Log::new(created(System::Swiss, 2), 4);
    assert_eq!(
        log.when(Command::SetTiebreaks {
            codes: vec!["BH/C1".into(), "XY".into()]
        }),
        Err(Rejection::UnknownTiebreak("XY".into()))
    );
    log.then(Command::SetTiebreaks {
        codes: vec!["BH/C1".into(), "DE".into()],
    });
    assert_eq!(log.when(Command::Finish), Err(Rejection::NotOver(1)));
    for round in 1..=2 {
        let pairings = log.pair();
        assert_eq!(
            log.when(Command::Finish),
            Err(Rejection::NotOver(round.min(2)))
        );
        log.draw_all(round, &pairings);
    }
    log.then(Command::Finish);
    assert_eq!(log.when(Command::PairNextRound), Err(Rejection::Finished));
    let TournamentState::Created(t) = log.state() else {
        panic!("created")
    };
    assert_eq!(t.tiebreaks, Some(vec!["BH/C1".into(), "DE".into()]));
}

#[test]
fn schools_and_classes_rank_by_their_best_players() {
    use domain::tournament::{Team, TeamTiebreak};
    let mut log = Log { events: Vec::new() };
    log.then(Command::Create(created(System::RoundRobin, 3)));
    for (n, school, class) in [
        (1, "A", "5a"),
        (2, "B", "5a"),
        (3, "B", "5a"),
        (4, "A", "5b"),
    ] {
        log.then(Command::Register(Entrant {
            player: id(n),
            name: format!("Öğrenci {n}"),
            rating: Some(1800 - u16::try_from(n).unwrap() * 10),
            school: Some(school.into()),
            class: Some(class.into()),
            birth_year: None,
            pupil: false,
        }));
    }
    // Berger for four: 1–4 2–3, 4–3 1–2, 2–4 3–1. White wins, but 3–1 is drawn.
    for round in 1..=3 {
        let pairings = log.pair();
        for p in &pairings {
            let outcome = if p.white == id(3) {
                Outcome::Draw
            } else {
                Outcome::WhiteWins
            };
            log.then(Command::RecordResult {
                round,
                white: p.white,
                outcome,
            });
        }
    }
    let TournamentState::Created(t) = log.state() else {
        panic!("created")
    };
    let codes = [Code::parse("PTS").unwrap(), Code::parse("SB").unwrap()];
    let line = |r: &domain::tournament::TeamRow| (r.team.clone(), r.rank, r.points, r.tiebreak);
    // Schools, two players each: A 2½ + 1, B 2 + ½.
    let schools = t.team_standings(Team::School, 2, &codes, TeamTiebreak::SumOfTiebreaks);
    assert_eq!(
        schools.iter().map(line).collect::<Vec<_>>(),
        [("A".into(), 1, 350, 375), ("B".into(), 2, 250, 275)]
    );
    // The best player only.
    let schools = t.team_standings(Team::School, 1, &codes, TeamTiebreak::BestBoard);
    assert_eq!(schools[0].counted, [id(1)]);
    assert_eq!(schools[1].counted, [id(2)]);
    assert_eq!((schools[0].points, schools[1].points), (250, 200));
    // Classes: A 5a and B 5a level on 2½, told apart by Sonneborn-Berger (3.25 to 2.75), or by
    // the best board (A 5a's player is first).
    let classes = t.team_standings(Team::Class, 2, &codes, TeamTiebreak::SumOfTiebreaks);
    assert_eq!(
        classes.iter().map(line).collect::<Vec<_>>(),
        [
            ("A 5a".into(), 1, 250, 325),
            ("B 5a".into(), 2, 250, 275),
            ("A 5b".into(), 3, 100, 50)
        ]
    );
    let classes = t.team_standings(Team::Class, 2, &codes, TeamTiebreak::BestBoard);
    assert_eq!(
        classes
            .iter()
            .map(|r| (r.team.as_str(), r.best_board))
            .collect::<Vec<_>>(),
        [("A 5a", 1), ("B 5a", 2), ("A 5b", 3)]
    );
}

#[test]
fn a_whole_swiss_exports_a_report_whose_every_round_the_pairing_engine_confirms() {
    let mut log = Log::new(created(System::Swiss, 9), 40);
    for round in 1..=9u16 {
        match round {
            3 => {
                log.then(Command::Register(Entrant {
                    player: id(41),
                    name: "Geç Gelen".into(),
                    rating: Some(1900),
                    school: None,
                    class: None,
                    birth_year: None,
                    pupil: false,
                }));
            }
            5 => {
                log.then(Command::Withdraw { player: id(7) });
                log.then(Command::RequestBye {
                    player: id(12),
                    round: 5,
                    kind: ByeKind::Half,
                });
            }
            _ => {}
        }
        let pairings = log.pair();
        for (board, p) in pairings.iter().enumerate() {
            if p.black.is_none() {
                continue;
            }
            let key = usize::from(round) * 7 + board * 3;
            let outcome = if round == 3 && board == 1 {
                Outcome::WhiteWinsByForfeit
            } else {
                match key % 5 {
                    0 | 1 => Outcome::WhiteWins,
                    2 => Outcome::Draw,
                    _ => Outcome::BlackWins,
                }
            };
            log.then(Command::RecordResult {
                round,
                white: p.white,
                outcome,
            });
        }
    }
    log.then(Command::Finish);
    let TournamentState::Created(t) = log.state() else {
        panic!("created")
    };
    let report = t.report(10);
    // Read back as a file, and paired again round by round by the engine: as recorded.
    let text = report.write();
    let again = pairing::Tournament::parse(&text).unwrap();
    assert_eq!(again.played_rounds(), 9);
    let differences = pairing::dutch::check(&again, pairing::dutch::Options::default()).unwrap();
    assert!(differences.is_empty(), "{differences:?}\n{text}");
    // The withdrawn player is absent from round 5 on, the half-point bye is in round 5.
    let line = |n: u128| {
        let at = t
            .players
            .iter()
            .position(|p| p.entrant.player == id(n))
            .unwrap();
        &again.players[at]
    };
    assert!(line(7).rounds[4..]
        .iter()
        .all(|e| *e == pairing::Entry::ABSENT));
    assert_eq!(line(12).rounds[4].outcome, pairing::Outcome::HalfBye);
    assert_eq!(line(41).rounds[..2], [pairing::Entry::ABSENT; 2]);
}
