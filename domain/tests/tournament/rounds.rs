//! Swiss rounds paired, withdrawals, late entries, byes, corrections, round robins.

use super::*;

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_by_rating() {
    let mut log = Log::new(created(System::Swiss, 5), 6);
    let pairings = log.pair();
    // Ratings fall with the number: 1 meets 4, 5 meets 2, 3 meets 6, White to the top player.
    assert_eq!(
        pairings,
        vec![
            Pairing {
                white: id(1),
                black: Some(id(4))
            },
            Pairing {
                white: id(5),
                black: Some(id(2))
            },
            Pairing {
                white: id(3),
                black: Some(id(6))
            },
        ]
    );
}

#[test]
fn a_round_needs_two_players() {
    let log = Log::new(created(System::Swiss, 5), 1);
    assert_eq!(
        log.when(Command::PairNextRound),
        Err(Rejection::NoPairing(Unpairable::TooFewPlayers))
    );
}

#[test]
fn the_next_round_is_refused_while_a_result_is_missing() {
    let mut log = Log::new(created(System::Swiss, 5), 6);
    let pairings = log.pair();
    log.then(Command::RecordResult {
        round: 1,
        white: pairings[0].white,
        outcome: Outcome::WhiteWins,
    });
    assert_eq!(
        log.when(Command::PairNextRound),
        Err(Rejection::ResultsMissing {
            round: 1,
            missing: 2
        })
    );
    log.draw_all_missing(1, &pairings);
    assert!(log.when(Command::PairNextRound).is_ok());
}

impl Log {
    /// A player's points in the standings, in hundredths.
    fn points(&self, player: PlayerId) -> i64 {
        let TournamentState::Created(t) = self.state() else {
            panic!("created")
        };
        let standings = t.standings(&[Code::parse("PTS").unwrap()]);
        let at = t.players.iter().position(|p| p.entrant.player == player);
        let number = u16::try_from(at.unwrap() + 1).unwrap();
        let row = standings.rows.iter().find(|r| r.id == number).unwrap();
        row.values[0].unwrap().hundredths()
    }

    fn draw_all_missing(&mut self, round: u16, pairings: &[Pairing]) {
        let TournamentState::Created(t) = self.state() else {
            panic!("created")
        };
        let board = &t.rounds[usize::from(round) - 1].boards;
        let missing: Vec<Pairing> = pairings
            .iter()
            .filter(|p| board.iter().any(|(b, o)| b == *p && o.is_none()))
            .copied()
            .collect();
        self.draw_all(round, &missing);
    }
}

#[test]
fn a_withdrawn_player_is_never_paired_again() {
    let mut log = Log::new(created(System::Swiss, 5), 11);
    let first = log.pair();
    assert!(in_round(&first, id(3)));
    log.draw_all(1, &first);
    log.then(Command::Withdraw { player: id(3) });
    for round in 2..=5 {
        let pairings = log.pair();
        assert!(!in_round(&pairings, id(3)), "round {round}: {pairings:?}");
        log.draw_all(round, &pairings);
    }
    assert_eq!(
        log.when(Command::Withdraw { player: id(3) }),
        Err(Rejection::Withdrawn(id(3)))
    );
}

#[test]
fn a_late_entry_is_paired_from_the_next_round_with_nothing_for_the_rounds_missed() {
    let mut log = Log::new(created(System::Swiss, 5), 6);
    let first = log.pair();
    log.draw_all(1, &first);
    log.then(Command::Register(Entrant {
        player: id(7),
        name: "Geç Gelen".into(),
        rating: Some(2000),
        school: None,
        class: None,
        birth_year: None,
        pupil: false,
    }));
    let second = log.pair();
    assert!(in_round(&second, id(7)), "{second:?}");
    let TournamentState::Created(t) = log.state() else {
        panic!("created")
    };
    // Round 1 unplayed, scoring nothing: the points are round 2's alone.
    let report = t.report(3);
    let late = report
        .players
        .iter()
        .find(|p| p.name == "Geç Gelen")
        .unwrap();
    assert_eq!(late.rounds[0], pairing::Entry::ABSENT);
    assert_eq!(late.points, report.scoring.of(late.rounds[1].outcome));
}

#[test]
fn a_requested_bye_is_honoured_with_its_points() {
    let mut log = Log::new(created(System::Swiss, 5), 6);
    let first = log.pair();
    log.draw_all(1, &first);
    log.then(Command::RequestBye {
        player: id(2),
        round: 2,
        kind: ByeKind::Half,
    });
    let second = log.pair();
    assert!(!in_round(&second, id(2)), "{second:?}");
    // Five players left: one of them has the pairing-allocated bye.
    assert_eq!(second.iter().filter(|p| p.black.is_none()).count(), 1);
    log.draw_all(2, &second);
    assert_eq!(log.points(id(2)), 100, "a draw and the half-point bye");
    // A bye for a round already paired is refused.
    assert_eq!(
        log.when(Command::RequestBye {
            player: id(4),
            round: 2,
            kind: ByeKind::Zero,
        }),
        Err(Rejection::RoundAlreadyPaired(2))
    );
}

#[test]
fn a_correction_needs_a_reason_and_recomputes_the_standings() {
    let mut log = Log::new(created(System::Swiss, 3), 4);
    let first = log.pair();
    for p in &first {
        log.then(Command::RecordResult {
            round: 1,
            white: p.white,
            outcome: Outcome::WhiteWins,
        });
    }
    let white = first[0].white;
    let black = first[0].black.unwrap();
    assert_eq!(
        log.when(Command::RecordResult {
            round: 1,
            white,
            outcome: Outcome::Draw
        }),
        Err(Rejection::ResultExists)
    );
    assert_eq!(
        log.when(Command::CorrectResult {
            round: 1,
            white,
            outcome: Outcome::BlackWins,
            reason: " ".into()
        }),
        Err(Rejection::ReasonMissing)
    );
    assert_eq!((log.points(white), log.points(black)), (100, 0));
    log.then(Command::CorrectResult {
        round: 1,
        white,
        outcome: Outcome::BlackWins,
        reason: "the slip was filled in the wrong way round".into(),
    });
    assert_eq!((log.points(white), log.points(black)), (0, 100));
}

#[test]
fn a_round_robin_follows_the_berger_table_and_only_the_arbiter_runs_it() {
    let mut log = Log::new(created(System::RoundRobin, 3), 4);
    assert_eq!(
        decide(
            &log.state(),
            Command::PairNextRound,
            now(),
            Actor::Player(id(1))
        ),
        Err(Rejection::ArbiterOnly)
    );
    // An organiser of another tournament neither.
    assert_eq!(
        decide(
            &log.state(),
            Command::PairNextRound,
            now(),
            Actor::Arbiter(id(998))
        ),
        Err(Rejection::ArbiterOnly)
    );
    let first = log.pair();
    // Berger round 1 for four: 1–4, 2–3.
    assert_eq!(
        first,
        vec![
            Pairing {
                white: id(1),
                black: Some(id(4))
            },
            Pairing {
                white: id(2),
                black: Some(id(3))
            },
        ]
    );
    log.draw_all(1, &first);
    assert_eq!(
        log.when(Command::Register(Entrant {
            player: id(5),
            name: "Geç".into(),
            rating: None,
            school: None,
            class: None,
            birth_year: None,
            pupil: false,
        })),
        Err(Rejection::RoundRobinClosed)
    );
    for round in 2..=3 {
        let pairings = log.pair();
        log.draw_all(round, &pairings);
    }
    assert_eq!(
        log.when(Command::PairNextRound),
        Err(Rejection::AllRoundsPaired(3))
    );
    // A round robin announced longer than its table still ends with the table.
    let mut long = Log::new(created(System::DoubleRoundRobin, 9), 3);
    for round in 1..=6 {
        let pairings = long.pair();
        long.draw_all(round, &pairings);
    }
    assert_eq!(
        long.when(Command::PairNextRound),
        Err(Rejection::AllRoundsPaired(6))
    );
}
