//! Online rounds, standings as results come in, imported tournaments, and openings drawn by ballot.

use super::*;

#[test]
fn an_online_round_is_published_with_a_game_for_each_board_and_its_pairing_then_stays() {
    let mut setup = created(System::Swiss, 3);
    setup.play = domain::tournament::Play::Online(domain::tournament::OnlineGames {
        game: None,
        time_control: domain::game::TimeControl::PerMove {
            seconds: 86_400,
            whole_days: false,
            wrong_claim_bonus_seconds: None,
        },
        rules: Default::default(),
        ballot: false,
        match_length: None,
        tablebase: Default::default(),
    });
    setup.half_point_byes = false;
    let mut log = Log::new(setup, 5);
    assert_eq!(
        log.when(Command::RequestBye {
            player: id(2),
            round: 1,
            kind: ByeKind::Half
        }),
        Err(Rejection::NoHalfPointByes)
    );
    let pairings = log.pair();
    let games: Vec<domain::GameId> = (1..=3)
        .map(|n| domain::GameId::from_uuid(uuid::Uuid::from_u128(500 + n)))
        .collect();
    let publish = |games: Vec<domain::GameId>| Command::PublishRound {
        round: 1,
        starts_at: Some(now() + time::Duration::days(1)),
        games,
        lot: 0,
    };
    assert_eq!(
        log.when(publish(games[..1].to_vec())),
        Err(Rejection::GameIdsMissing(2))
    );
    let published = log.then(publish(games.clone()));
    let TournamentEventBody::RoundPublished { games: boards, .. } = &published[0].body else {
        panic!("{published:?}");
    };
    // Two games; the bye gets none, and the third id is left unused.
    let played: Vec<PlayerId> = pairings
        .iter()
        .filter(|p| p.black.is_some())
        .map(|p| p.white)
        .collect();
    assert_eq!(
        boards.iter().map(|b| (b.white, b.game)).collect::<Vec<_>>(),
        vec![(played[0], games[0]), (played[1], games[1])]
    );
    assert_eq!(
        log.when(publish(games.clone())),
        Err(Rejection::AlreadyPublished(1))
    );
    let swapped: Vec<Pairing> = pairings
        .iter()
        .map(|p| match p.black {
            Some(b) => Pairing {
                white: b,
                black: Some(p.white),
            },
            None => *p,
        })
        .collect();
    assert_eq!(
        log.when(Command::ChangePairing {
            round: 1,
            pairings: swapped,
            reason: "colours".into(),
            despite_results: true,
        }),
        Err(Rejection::GamesStarted(1))
    );
    let TournamentState::Created(t) = log.state() else {
        panic!()
    };
    assert_eq!(t.rounds[0].game_of(played[1]), Some(games[1]));
    log.draw_all(1, &pairings);
    log.pair();
    assert_eq!(
        log.when(publish(games)),
        Err(Rejection::NotTheLatestRound(1))
    );
}

#[test]
fn standings_are_after_the_rounds_whose_every_result_is_in() {
    let mut log = Log::new(created(System::Swiss, 3), 4);
    let first = log.pair();
    log.draw_all(1, &first);
    let second = log.pair();
    let TournamentState::Created(t) = log.state() else {
        panic!()
    };
    let codes = [pairing::tiebreak::Code::parse("PTS").unwrap()];
    let points = |t: &domain::tournament::Tournament| -> Vec<i64> {
        t.standings(&codes)
            .rows
            .iter()
            .map(|r| r.values[0].unwrap().hundredths())
            .collect()
    };
    assert_eq!(t.complete_rounds(), 1);
    assert_eq!(
        points(&t),
        [50; 4],
        "round 2's pairing alone counts nothing"
    );
    log.then(Command::RecordResult {
        round: 2,
        white: second[0].white,
        outcome: Outcome::WhiteWins,
    });
    let TournamentState::Created(t) = log.state() else {
        panic!()
    };
    assert_eq!(points(&t), [50; 4], "nor does half of it");
}

#[test]
fn a_tournament_played_elsewhere_is_imported_from_its_report_and_goes_on_as_it_would_have() {
    // Five rounds of a Swiss of 16 with a late entry, a half-point bye, a forfeit and a double
    // forfeit, played "elsewhere" (here), exported, and imported under other accounts.
    let mut log = Log::new(created(System::Swiss, 7), 16);
    for round in 1..=5u16 {
        if round == 2 {
            log.then(Command::Register(Entrant {
                player: id(17),
                name: "Geç Gelen".into(),
                rating: Some(1500),
                school: None,
                class: None,
                birth_year: None,
                pupil: false,
            }));
        }
        if round == 4 {
            log.then(Command::RequestBye {
                player: id(3),
                round: 4,
                kind: ByeKind::Half,
            });
        }
        let pairings = log.pair();
        for (board, p) in pairings
            .iter()
            .enumerate()
            .filter(|(_, p)| p.black.is_some())
        {
            let outcome = match (round, board, (usize::from(round) + board) % 3) {
                (2, 0, _) => Outcome::WhiteWinsByForfeit,
                (3, 1, _) => Outcome::DoubleForfeit,
                (_, _, 0) => Outcome::WhiteWins,
                (_, _, 1) => Outcome::Draw,
                _ => Outcome::BlackWins,
            };
            log.then(Command::RecordResult {
                round,
                white: p.white,
                outcome,
            });
        }
    }
    let TournamentState::Created(there) = log.state() else {
        panic!()
    };
    let text = there.report(6).write();
    let report = pairing::Tournament::parse(&text).unwrap();
    let accounts: Vec<PlayerId> = (1..=17).map(|n| id(1000 + n)).collect();
    let setup = TournamentCreated::new("placeholder", System::RoundRobin, 1, vec![id(999)]);
    let imported = domain::tournament::import(&report, &accounts, setup).unwrap();
    assert_eq!(
        (imported.setup.system, imported.setup.rounds),
        (System::Swiss, 7)
    );
    let events = decide(
        &TournamentState::NotCreated,
        Command::Import(Box::new(imported)),
        now(),
        arbiter(),
    )
    .unwrap();
    let mut here = Log { events };
    let TournamentState::Created(t) = here.state() else {
        panic!()
    };
    // The same file, but for the accounts (numbers, names, ratings, rounds, byes, results).
    assert_eq!(t.report(6).write(), text);
    assert_eq!(
        t.standings(&t.tiebreak_codes()),
        there.standings(&there.tiebreak_codes())
    );
    // Round 6 is paired here as it would have been there.
    let account_of = |p: PlayerId| {
        let n = there
            .players
            .iter()
            .position(|q| q.entrant.player == p)
            .unwrap();
        t.players[n].entrant.player
    };
    let next_there: Vec<Pairing> = log
        .pair()
        .into_iter()
        .map(|p| Pairing {
            white: account_of(p.white),
            black: p.black.map(account_of),
        })
        .collect();
    assert_eq!(here.pair(), next_there);
    // An imported tournament is created once.
    assert_eq!(
        here.when(Command::Import(Box::new(
            domain::tournament::import(
                &report,
                &accounts,
                TournamentCreated::new("x", System::Swiss, 7, vec![id(999)])
            )
            .unwrap()
        ))),
        Err(Rejection::TournamentExists)
    );
}

#[test]
fn a_round_closes_with_its_last_result_and_only_then() {
    let mut log = Log::new(created(System::Swiss, 3), 4);
    let pairings = log.pair();
    let result = |white| Command::RecordResult {
        round: 1,
        white,
        outcome: Outcome::Draw,
    };
    let first: Vec<TournamentEventBody> = log
        .then(result(pairings[0].white))
        .into_iter()
        .map(|e| e.body)
        .collect();
    assert!(matches!(
        first[..],
        [TournamentEventBody::ResultRecorded { .. }]
    ));
    let last: Vec<TournamentEventBody> = log
        .then(result(pairings[1].white))
        .into_iter()
        .map(|e| e.body)
        .collect();
    assert!(matches!(
        last[..],
        [
            TournamentEventBody::ResultRecorded { .. },
            TournamentEventBody::RoundClosed { round: 1 }
        ]
    ));
    // A correction changes a closed round's result; it does not close it again.
    let corrected = log.then(Command::CorrectResult {
        round: 1,
        white: pairings[0].white,
        outcome: Outcome::WhiteWins,
        reason: "the slip".into(),
    });
    assert_eq!(corrected.len(), 1);
}

/// A tournament of checkers played online with the three-move ballot.
fn checkers_with_ballot(system: System, rounds: u16) -> TournamentCreated {
    let mut setup = created(system, rounds);
    setup.play = domain::tournament::Play::Online(domain::tournament::OnlineGames {
        game: Some("checkers".into()),
        time_control: domain::game::TimeControl::PerMove {
            seconds: 86_400,
            whole_days: false,
            wrong_claim_bonus_seconds: None,
        },
        rules: domain::checkers::WCDF,
        ballot: true,
        match_length: None,
        tablebase: Default::default(),
    });
    setup
}

/// Pairs and publishes the next round (entropy `lot`), draws its games, and gives the round's
/// pairing and opening.
fn play_round(log: &mut Log, round: u16, lot: u64) -> (Vec<Pairing>, Option<u16>) {
    let pairings = log.pair();
    let games = (0..4)
        .map(|n| domain::GameId::from_uuid(uuid::Uuid::from_u128(1000 * u128::from(round) + n)))
        .collect();
    let published = log.then(Command::PublishRound {
        round,
        starts_at: None,
        games,
        lot,
    });
    let TournamentEventBody::RoundPublished { ballot, .. } = published[0].body else {
        panic!("{published:?}")
    };
    log.draw_all(round, &pairings);
    (pairings, ballot)
}

#[test]
fn a_double_round_robin_plays_each_rounds_opening_again_with_colours_reversed() {
    // Four players: three rounds a cycle, six in all.
    let mut log = Log::new(checkers_with_ballot(System::DoubleRoundRobin, 6), 4);
    let rounds: Vec<(Vec<Pairing>, Option<u16>)> = (1..=6u16)
        .map(|r| play_round(&mut log, r, 1_000 * u64::from(r) + 17))
        .collect();
    let reversed = |pairings: &[Pairing]| -> Vec<(PlayerId, PlayerId)> {
        let mut v: Vec<_> = pairings
            .iter()
            .filter_map(|p| Some((p.black?, p.white)))
            .collect();
        v.sort();
        v
    };
    let straight = |pairings: &[Pairing]| -> Vec<(PlayerId, PlayerId)> {
        let mut v: Vec<_> = pairings
            .iter()
            .filter_map(|p| Some((p.white, p.black?)))
            .collect();
        v.sort();
        v
    };
    for (r, (pairings, ballot)) in rounds.iter().enumerate().take(3) {
        // The first cycle draws each round's opening from the lot: 1–156.
        let lot = 1_000 * (r as u64 + 1) + 17;
        assert_eq!(*ballot, Some((lot % 156) as u16 + 1), "round {}", r + 1);
        // Its return round plays the same opening with the colours reversed.
        let back = rounds[3..]
            .iter()
            .find(|(later, _)| straight(later) == reversed(pairings))
            .expect("each pairing is played again with colours reversed");
        assert_eq!(back.1, *ballot);
    }
}

#[test]
fn a_swiss_draws_an_opening_for_each_round_and_a_game_without_a_ballot_draws_none() {
    let mut log = Log::new(checkers_with_ballot(System::Swiss, 3), 6);
    for round in 1..=3u16 {
        let (_, ballot) = play_round(&mut log, round, 155 + u64::from(round));
        assert_eq!(ballot, Some(((155 + u64::from(round)) % 156) as u16 + 1));
    }
    let mut chess = created(System::Swiss, 2);
    chess.play = domain::tournament::Play::Online(domain::tournament::OnlineGames {
        game: None,
        time_control: domain::game::TimeControl::PerMove {
            seconds: 86_400,
            whole_days: false,
            wrong_claim_bonus_seconds: None,
        },
        rules: Default::default(),
        ballot: true,
        match_length: None,
        tablebase: Default::default(),
    });
    let mut log = Log::new(chess, 4);
    assert_eq!(play_round(&mut log, 1, 9).1, None);
}
