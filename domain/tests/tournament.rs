//! A tournament's log, given / when / then: pairing waits for results, withdrawn players are not
//! paired again, late entries' unplayed rounds, requested byes, corrections.

use domain::game::{Actor, Timestamp};
use domain::ids::PlayerId;
use domain::tournament::{
    decide, evolve, ByeKind, Command, Entrant, Outcome, Pairing, Rejection, System,
    TournamentCreated, TournamentEvent, TournamentEventBody, TournamentState, Unpairable,
};
use pairing::tiebreak::Code;

fn id(n: u128) -> PlayerId {
    PlayerId::from_uuid(uuid::Uuid::from_u128(n))
}

fn now() -> Timestamp {
    time::macros::datetime!(2026-11-24 10:00 UTC)
}

fn arbiter() -> Actor {
    Actor::Arbiter(id(999))
}

fn created(system: System, rounds: u16) -> TournamentCreated {
    TournamentCreated::new("Okullar arası satranç", system, rounds, vec![id(999)])
}

/// A tournament's history as events, to be folded.
struct Log {
    events: Vec<TournamentEvent>,
}

impl Log {
    fn new(setup: TournamentCreated, players: u128) -> Log {
        let mut log = Log { events: Vec::new() };
        log.then(Command::Create(setup));
        for n in 1..=players {
            log.then(Command::Register(Entrant {
                player: id(n),
                name: format!("Öğrenci {n:02}"),
                rating: Some(1800 - u16::try_from(n).unwrap() * 10),
                school: None,
                class: None,
                birth_year: None,
                pupil: false,
            }));
        }
        log
    }

    fn state(&self) -> TournamentState {
        self.events.iter().fold(TournamentState::default(), evolve)
    }

    fn when(&self, command: Command) -> Result<Vec<TournamentEvent>, Rejection> {
        decide(&self.state(), command, now(), arbiter())
    }

    /// Decides the command and appends its events (it must be accepted).
    fn then(&mut self, command: Command) -> Vec<TournamentEvent> {
        let events = self
            .when(command.clone())
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
        self.events.extend(events.clone());
        events
    }

    fn pair(&mut self) -> Vec<Pairing> {
        match &self.then(Command::PairNextRound)[0].body {
            TournamentEventBody::RoundPaired { pairings, .. } => pairings.clone(),
            other => panic!("{other:?}"),
        }
    }

    /// Every game of the last round drawn.
    fn draw_all(&mut self, round: u16, pairings: &[Pairing]) {
        for p in pairings.iter().filter(|p| p.black.is_some()) {
            self.then(Command::RecordResult {
                round,
                white: p.white,
                outcome: Outcome::Draw,
            });
        }
    }
}

fn in_round(pairings: &[Pairing], player: PlayerId) -> bool {
    pairings
        .iter()
        .any(|p| p.white == player || p.black == Some(player))
}

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
    });
    let mut log = Log::new(chess, 4);
    assert_eq!(play_round(&mut log, 1, 9).1, None);
}
