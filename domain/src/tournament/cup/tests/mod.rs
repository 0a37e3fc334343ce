//! A cup's decider: given its log, when a command comes, then these events or that refusal.

use super::*;
use crate::game::{Actor, TimeControl, Timestamp};
use crate::tournament::{
    decide, replay, Command, Entrant, OnlineGames, Play, Rejection, TournamentCreated,
    TournamentEvent, TournamentEventBody as E, TournamentState,
};

fn id(n: u128) -> PlayerId {
    PlayerId::from_uuid(uuid::Uuid::from_u128(n))
}

fn game(n: u128) -> GameId {
    GameId::from_uuid(uuid::Uuid::from_u128(1_000_000 + n))
}

const ARBITER: u128 = 99;

fn at() -> Timestamp {
    time::macros::datetime!(2026-11-28 12:00 UTC)
}

/// A cup's log as it is decided, command by command.
struct Log {
    events: Vec<TournamentEvent>,
    next_game: u128,
}

impl Log {
    /// A cup of `players` (rated 2000 down by 10: seed n is player n), played online.
    fn new(system: System, terms: CupTerms, players: u128) -> Log {
        Log::of_game(system, terms, players, None)
    }

    /// The same, of `game` (none: chess), with its ballot where it has one.
    fn of_game(system: System, terms: CupTerms, players: u128, game: Option<&str>) -> Log {
        let play = Play::Online(OnlineGames {
            game: game.map(str::to_owned),
            time_control: TimeControl::PerMove {
                seconds: 86_400,
                whole_days: false,
                wrong_claim_bonus_seconds: None,
            },
            rules: Default::default(),
            ballot: game == Some("checkers"),
            match_length: None,
            tablebase: Default::default(),
        });
        Log::played(system, terms, players, play)
    }

    /// A cup of `players` played as `play` says.
    fn played(system: System, terms: CupTerms, players: u128, play: Play) -> Log {
        let mut setup = TournamentCreated::new("Kupa", system, 1, vec![id(ARBITER)]);
        setup.cup = Some(terms);
        setup.play = play;
        let mut log = Log {
            events: Vec::new(),
            next_game: 0,
        };
        log.run(Command::Create(setup)).unwrap();
        for n in (1..=players).rev() {
            log.run(Command::Register(Entrant {
                player: id(n),
                name: format!("Oyuncu {n}"),
                rating: Some(2000 - 10 * n as u16),
                school: None,
                class: None,
                birth_year: None,
                pupil: false,
            }))
            .unwrap();
        }
        log
    }

    fn state(&self) -> TournamentState {
        replay(&self.events).unwrap()
    }

    fn cup(&self) -> CupPlay {
        match self.state() {
            TournamentState::Created(t) => t.cup.clone().expect("drawn"),
            TournamentState::NotCreated => panic!("not created"),
        }
    }

    fn run_as(&mut self, actor: Actor, command: Command) -> Result<Vec<E>, Rejection> {
        let events = decide(&self.state(), command, at(), actor)?;
        let bodies = events.iter().map(|e| e.body.clone()).collect();
        self.events.extend(events);
        Ok(bodies)
    }

    fn run(&mut self, command: Command) -> Result<Vec<E>, Rejection> {
        self.run_as(Actor::Arbiter(id(ARBITER)), command)
    }

    /// Starts what can start, the service's way.
    fn start(&mut self) -> Vec<E> {
        let games = (0..64).map(|k| game(self.next_game + k)).collect();
        self.next_game += 64;
        self.run_as(Actor::System, Command::StartMatches { games, lot: 7 })
            .unwrap()
    }

    /// The result of the game with `white` of match `m` that is still being played.
    fn result(&mut self, m: MatchRef, white: u128, outcome: Outcome) -> Vec<E> {
        let cup = self.cup();
        let g = cup.games[&m.id()]
            .iter()
            .find(|g| g.white == id(white) && g.outcome.is_none())
            .expect("a game being played");
        let command = Command::RecordMatchGame {
            game: g.game,
            outcome,
            lot: 3,
        };
        self.run_as(Actor::System, command).unwrap()
    }
}

fn winners(round: u16, number: u16) -> MatchRef {
    MatchRef {
        bracket: BracketPart::Winners,
        round,
        number,
    }
}

#[test]
fn the_draw_seeds_by_rating_and_gives_the_top_seeds_byes() {
    let mut log = Log::new(System::Knockout, CupTerms::default(), 5);
    // Entered from 5 down to 1; player 1 is rated highest.
    let drawn = log.run(Command::DrawCup { lot: 1 }).unwrap();
    assert_eq!(
        drawn,
        [E::CupDrawn {
            seeds: (1..=5).map(id).collect(),
            lot: None
        }]
    );
    assert_eq!(
        log.run(Command::DrawCup { lot: 1 }),
        Err(Rejection::CupAlreadyDrawn)
    );
    // Of eight places, three are byes: 4 v 5 can start, and so can 2 v 3 of round 2.
    let started = log.start();
    assert_eq!(
        started[0],
        E::MatchGamesStarted {
            r#match: winners(1, 2),
            games: vec![
                BoardGame {
                    white: id(4),
                    game: game(0)
                },
                BoardGame {
                    white: id(5),
                    game: game(1)
                },
            ],
            ballot: None,
        }
    );
    assert!(
        matches!(&started[1], E::MatchGamesStarted { r#match, games, .. }
            if *r#match == winners(2, 2) && games[0].white == id(2)),
        "{started:?}"
    );
    assert_eq!(started.len(), 2);
    assert_eq!(log.start(), [], "nothing more until a match is decided");
    // Entries are closed once the cup is drawn.
    let late = Command::Register(Entrant {
        player: id(6),
        name: "Geç".into(),
        rating: None,
        school: None,
        class: None,
        birth_year: None,
        pupil: false,
    });
    assert_eq!(log.run(late), Err(Rejection::CupAlreadyDrawn));
}

#[test]
fn seeding_in_the_given_order_or_by_lot() {
    let given = CupTerms {
        seeding: SeedingRule::Given,
        ..CupTerms::default()
    };
    let mut log = Log::new(System::Knockout, given, 4);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    assert_eq!(log.cup().seeds, [id(4), id(3), id(2), id(1)]);

    let by_lot = CupTerms {
        seeding: SeedingRule::Lot,
        ..CupTerms::default()
    };
    let mut log = Log::new(System::Knockout, by_lot, 8);
    let drawn = log.run(Command::DrawCup { lot: 42 }).unwrap();
    let E::CupDrawn { seeds, lot } = &drawn[0] else {
        panic!("{drawn:?}")
    };
    assert_eq!(*lot, Some(42), "the number is in the log, to draw again");
    let mut sorted = seeds.clone();
    sorted.sort();
    assert_eq!(sorted, (1..=8).map(id).collect::<Vec<_>>());
    assert_ne!(*seeds, (1..=8).rev().map(id).collect::<Vec<_>>());
}

#[test]
fn a_tied_match_goes_to_an_extra_pair_then_to_the_higher_seed() {
    let mut log = Log::new(System::Knockout, CupTerms::default(), 2);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    log.start();
    let m = winners(1, 1);
    // Each wins with White: 1-1.
    assert_eq!(
        log.result(m, 1, Outcome::WhiteWins),
        [E::MatchGameFinished {
            r#match: m,
            game: game(0),
            outcome: Outcome::WhiteWins
        }]
    );
    assert_eq!(log.result(m, 2, Outcome::WhiteWins).len(), 1);
    assert_eq!(log.cup().score(m.id()), [2, 2]);
    // The extra pair starts, colours as before.
    let extra = log.start();
    let [E::MatchGamesStarted { games, .. }] = extra.as_slice() else {
        panic!("{extra:?}")
    };
    assert_eq!(
        games.iter().map(|g| g.white).collect::<Vec<_>>(),
        [id(1), id(2)]
    );
    log.result(m, 1, Outcome::Draw);
    // Still tied after the extra pair: the higher seed goes through, and the cup is over.
    let last = log.result(m, 2, Outcome::Draw);
    assert_eq!(
        last[1..],
        [
            E::MatchDecided {
                r#match: m,
                winner: id(1),
                by: Decision::HigherSeed
            },
            E::Finished
        ]
    );
    let cup = log.cup();
    assert_eq!(cup.places(), [(id(1), 1), (id(2), 2)]);
    assert_eq!(
        log.run(Command::Withdraw { player: id(2) }),
        Err(Rejection::Finished)
    );
}

#[test]
fn a_match_is_won_once_the_other_side_cannot_catch_up() {
    let terms = CupTerms {
        games: 4,
        ..CupTerms::default()
    };
    let mut log = Log::new(System::Knockout, terms, 4);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    // Both semi-finals start their first pair only.
    let started = log.start();
    assert_eq!(started.len(), 2);
    let m = winners(1, 1);
    log.result(m, 1, Outcome::WhiteWins);
    log.result(m, 4, Outcome::BlackWins);
    // 2-0 with two games left: the second pair starts.
    assert_eq!(log.start().len(), 1);
    let decided = log.result(m, 1, Outcome::WhiteWins);
    assert_eq!(
        decided[1],
        E::MatchDecided {
            r#match: m,
            winner: id(1),
            by: Decision::Games
        }
    );
    // The last game's result still comes in, and changes nothing.
    assert_eq!(log.result(m, 4, Outcome::WhiteWins).len(), 1);
    assert!(log.start().is_empty(), "the final waits for the other semi");
}

#[test]
fn a_tie_by_lot_and_a_tie_left_to_the_arbiter() {
    let by_lot = CupTerms {
        extra_pairs: 0,
        tie_rule: TieRule::Lot,
        ..CupTerms::default()
    };
    let mut log = Log::new(System::Knockout, by_lot, 2);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    log.start();
    let m = winners(1, 1);
    log.result(m, 1, Outcome::Draw);
    let last = log.result(m, 2, Outcome::Draw);
    assert!(
        matches!(
            last[1],
            E::MatchDecided {
                by: Decision::Lot,
                ..
            }
        ),
        "{last:?}"
    );

    let to_arbiter = CupTerms {
        extra_pairs: 0,
        tie_rule: TieRule::Arbiter,
        ..CupTerms::default()
    };
    let mut log = Log::new(System::Knockout, to_arbiter, 2);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    log.start();
    log.result(m, 1, Outcome::Draw);
    assert_eq!(
        log.result(m, 2, Outcome::Draw).len(),
        1,
        "left to the arbiter"
    );
    assert!(log.start().is_empty(), "no more games");
    let settle = |winner, reason: &str| Command::SettleMatch {
        at: m,
        winner: id(winner),
        reason: reason.into(),
    };
    assert_eq!(log.run(settle(2, " ")), Err(Rejection::ReasonMissing));
    assert_eq!(
        log.run(settle(3, "coin")),
        Err(Rejection::NotInTheMatch(id(3)))
    );
    assert_eq!(
        log.run_as(Actor::Player(id(2)), settle(2, "I won")),
        Err(Rejection::ArbiterOnly)
    );
    let no_match = Command::SettleMatch {
        at: winners(2, 1),
        winner: id(1),
        reason: "x".into(),
    };
    assert_eq!(log.run(no_match), Err(Rejection::NoSuchMatch));
    let settled = log.run(settle(2, "armageddon game won")).unwrap();
    assert_eq!(
        settled,
        [
            E::MatchDecided {
                r#match: m,
                winner: id(2),
                by: Decision::Arbiter {
                    reason: "armageddon game won".into()
                }
            },
            E::Finished
        ]
    );
}

#[test]
fn a_player_who_withdraws_gives_a_walkover_now_or_when_their_opponent_is_known() {
    let mut log = Log::new(System::Knockout, CupTerms::default(), 8);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    log.start();
    // 8 withdraws while playing 1: 1 goes through.
    let withdrawn = log.run(Command::Withdraw { player: id(8) }).unwrap();
    assert_eq!(
        withdrawn[1],
        E::MatchDecided {
            r#match: winners(1, 1),
            winner: id(1),
            by: Decision::Walkover
        }
    );
    // 5 withdraws during their match with 4: 4 goes through, to meet 1.
    log.run(Command::Withdraw { player: id(5) }).unwrap();
    assert_eq!(log.cup().players(winners(2, 1).id()), Some([id(1), id(4)]));
    log.run(Command::Withdraw { player: id(4) }).unwrap();
    // Then 4 withdraws: their match with 1 was ready, so it is decided at once.
    assert_eq!(log.cup().decided.get(&winners(2, 1).id()), Some(&0));
    // 2 v 7: 7 wins; then 3 v 6 still playing. 7 withdraws before knowing whom they meet.
    let m = winners(1, 3);
    log.result(m, 2, Outcome::BlackWins);
    log.result(m, 7, Outcome::WhiteWins);
    log.run(Command::Withdraw { player: id(7) }).unwrap();
    let m = winners(1, 4);
    log.result(m, 3, Outcome::WhiteWins);
    log.result(m, 6, Outcome::BlackWins);
    // 3 won: the match with 7 is ready, and 7 has withdrawn: decided as the service starts
    // what can start, and the final 1 v 3 starts.
    let started = log.start();
    assert!(matches!(
        started[0],
        E::MatchDecided {
            by: Decision::Walkover,
            ..
        }
    ));
    assert!(matches!(started[1], E::MatchGamesStarted { .. }));
    assert_eq!(log.cup().players(winners(3, 1).id()), Some([id(1), id(3)]));
}

#[test]
fn a_cup_refuses_round_commands_and_a_swiss_refuses_cup_commands() {
    let mut log = Log::new(System::Knockout, CupTerms::default(), 4);
    assert_eq!(
        log.run(Command::PairNextRound),
        Err(Rejection::CupPlaysMatches)
    );
    assert_eq!(log.run(Command::Finish), Err(Rejection::CupNotDrawn));
    assert_eq!(
        log.run_as(
            Actor::System,
            Command::StartMatches {
                games: vec![],
                lot: 0
            }
        ),
        Err(Rejection::CupNotDrawn)
    );
    log.run(Command::DrawCup { lot: 0 }).unwrap();
    assert_eq!(log.run(Command::Finish), Err(Rejection::CupNotOver));
    assert_eq!(
        log.run_as(
            Actor::System,
            Command::StartMatches {
                games: vec![game(0)],
                lot: 0
            }
        ),
        Err(Rejection::GameIdsMissing(4))
    );
    let stranger = Command::RecordMatchGame {
        game: game(500),
        outcome: Outcome::Draw,
        lot: 0,
    };
    assert_eq!(
        log.run_as(Actor::System, stranger),
        Err(Rejection::NotACupGame)
    );
    // Online, a game's result comes from the game, not from whoever runs the cup.
    log.start();
    let entered = Command::RecordMatchGame {
        game: log.cup().games.values().next().unwrap()[0].game,
        outcome: Outcome::WhiteWins,
        lot: 0,
    };
    assert_eq!(log.run(entered), Err(Rejection::ResultFromTheGame));

    let mut swiss = Log::new(System::Swiss, CupTerms::default(), 4);
    assert_eq!(
        swiss.run(Command::DrawCup { lot: 0 }),
        Err(Rejection::NotACup)
    );
    let mut one = Log::new(System::Knockout, CupTerms::default(), 1);
    assert_eq!(
        one.run(Command::DrawCup { lot: 0 }),
        Err(Rejection::CupSize(1))
    );
    let mut two = Log::new(System::DoubleElimination, CupTerms::default(), 2);
    assert_eq!(
        two.run(Command::DrawCup { lot: 0 }),
        Err(Rejection::CupSize(2))
    );
}

/// Plays a whole cup through the decider, each game's result from `coin`: the log folds to the
/// same state every time, and the cup finishes once, with every player placed.
fn play_out(system: System, terms: CupTerms, n: u128, mut coin: impl FnMut() -> u64) {
    let mut log = Log::new(system, terms, n);
    log.run(Command::DrawCup { lot: coin() }).unwrap();
    for _ in 0..10_000 {
        if matches!(log.state(), TournamentState::Created(t) if t.finished) {
            break;
        }
        log.start();
        let cup = log.cup();
        let open: Vec<(MatchId, MatchGame)> = cup
            .games
            .iter()
            .flat_map(|(m, gs)| gs.iter().map(move |g| (*m, *g)))
            .filter(|(_, g)| g.outcome.is_none())
            .collect();
        let Some((m, g)) = open.first() else { break };
        let outcome = [Outcome::WhiteWins, Outcome::Draw, Outcome::BlackWins][coin() as usize % 3];
        log.result(MatchRef::of(*m), u128_of(g.white), outcome);
    }
    let finished = log.events.iter().filter(|e| e.body == E::Finished).count();
    assert_eq!(finished, 1, "{system:?} of {n}");
    assert_eq!(log.state(), replay(&log.events).unwrap());
    let TournamentState::Created(t) = log.state() else {
        panic!()
    };
    assert!(t.finished);
    let places = t.cup.as_ref().unwrap().places();
    assert_eq!(places.len() as u128, n, "{system:?} of {n}: {places:?}");
    assert_eq!(places.iter().filter(|(_, p)| *p == 1).count(), 1);
    // Every event reads back as written.
    for e in &log.events {
        let json = serde_json::to_string(e).unwrap();
        assert_eq!(&serde_json::from_str::<TournamentEvent>(&json).unwrap(), e);
    }
}

fn u128_of(p: PlayerId) -> u128 {
    (1..=2000).find(|&n| id(n) == p).expect("a test player")
}

#[test]
fn every_cup_played_out_finishes_once_with_everyone_placed() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut coin = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for n in 2..=17 {
        play_out(System::Knockout, CupTerms::default(), n, &mut coin);
        let third = CupTerms {
            third_place: true,
            games: 1,
            extra_pairs: 2,
            ..CupTerms::default()
        };
        play_out(System::Knockout, third, n, &mut coin);
        if n >= 3 {
            play_out(System::DoubleElimination, CupTerms::default(), n, &mut coin);
        }
    }
}

#[test]
fn a_match_length_by_round_the_last_for_the_rounds_after() {
    let terms = CupTerms {
        match_lengths: vec![3, 5, 7],
        ..CupTerms::default()
    };
    let m = |bracket, round| MatchRef {
        bracket,
        round,
        number: 1,
    };
    assert_eq!(terms.match_length(m(BracketPart::Winners, 1)), Some(3));
    assert_eq!(terms.match_length(m(BracketPart::Winners, 2)), Some(5));
    assert_eq!(terms.match_length(m(BracketPart::Winners, 9)), Some(7));
    assert_eq!(terms.match_length(m(BracketPart::Losers, 1)), Some(3));
    assert_eq!(terms.match_length(m(BracketPart::Losers, 2)), Some(5));
    assert_eq!(terms.match_length(m(BracketPart::Losers, 3)), Some(5));
    assert_eq!(terms.match_length(m(BracketPart::Losers, 4)), Some(7));
    assert_eq!(terms.match_length(m(BracketPart::Final, 1)), Some(7));
    assert_eq!(
        CupTerms::default().match_length(m(BracketPart::Winners, 1)),
        None
    );
}

#[test]
fn a_checkers_pair_of_games_plays_one_opening_of_the_ballot_with_each_colour() {
    let mut log = Log::of_game(System::Knockout, CupTerms::default(), 8, Some("checkers"));
    log.run(Command::DrawCup { lot: 5 }).unwrap();
    let started = log.start();
    let ballots: Vec<(Option<u16>, Vec<PlayerId>)> = started
        .iter()
        .map(|e| match e {
            E::MatchGamesStarted { ballot, games, .. } => {
                (*ballot, games.iter().map(|g| g.white).collect())
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(ballots.len(), 4);
    for (ballot, whites) in &ballots {
        assert!(ballot.is_some_and(|n| (1..=156).contains(&n)), "{ballot:?}");
        assert_ne!(whites[0], whites[1], "each colour once");
    }
    // The matches started together draw their openings apart from one lot.
    let distinct: std::collections::BTreeSet<_> = ballots.iter().map(|(b, _)| *b).collect();
    assert!(distinct.len() > 1, "{ballots:?}");
    // Both games of the pair carry it.
    let cup = log.cup();
    for games in cup.games.values() {
        assert_eq!(games[0].ballot, games[1].ballot);
    }
}

#[test]
fn a_game_still_played_when_the_cup_finishes_is_recorded_and_decides_nothing() {
    let terms = CupTerms {
        games: 4,
        ..CupTerms::default()
    };
    let mut log = Log::new(System::Knockout, terms, 2);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    log.start();
    let m = winners(1, 1);
    log.result(m, 1, Outcome::WhiteWins);
    log.result(m, 2, Outcome::BlackWins);
    log.start();
    // 3-0 with one game left: won, and the cup with it.
    let won = log.result(m, 1, Outcome::WhiteWins);
    assert_eq!(won.last(), Some(&E::Finished));
    // The fourth game (the second start's second id) ends after: its result is recorded,
    // nothing more.
    assert_eq!(
        log.result(m, 2, Outcome::WhiteWins),
        [E::MatchGameFinished {
            r#match: m,
            game: game(65),
            outcome: Outcome::WhiteWins
        }]
    );
    assert_eq!(log.cup().score(m.id()), [6, 2]);
    let TournamentState::Created(t) = log.state() else {
        panic!()
    };
    assert!(!t.cup_in_play(), "nothing left to carry");
    // Only the service or whoever runs it records a result.
    let again = Command::RecordMatchGame {
        game: game(65),
        outcome: Outcome::Draw,
        lot: 0,
    };
    assert_eq!(
        log.run_as(Actor::Player(id(1)), again.clone()),
        Err(Rejection::ArbiterOnly)
    );
    assert_eq!(
        log.run_as(Actor::System, again),
        Err(Rejection::ResultExists)
    );
}

#[test]
fn over_the_board_the_arbiter_enters_results_while_the_match_is_open() {
    let mut log = Log::played(System::Knockout, CupTerms::default(), 2, Play::OverTheBoard);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    log.start();
    let games: Vec<GameId> = log.cup().games.values().flatten().map(|g| g.game).collect();
    let enter = |game, outcome| Command::RecordMatchGame {
        game,
        outcome,
        lot: 0,
    };
    assert_eq!(
        log.run(enter(games[0], Outcome::DoubleForfeit)),
        Err(Rejection::DoubleForfeitInACup)
    );
    assert_eq!(
        log.run_as(Actor::Player(id(1)), enter(games[0], Outcome::WhiteWins)),
        Err(Rejection::ArbiterOnly)
    );
    assert_eq!(
        log.run(enter(games[0], Outcome::WhiteWins)).unwrap().len(),
        1
    );
    // Player 2 forfeits the match: the arbiter decides it, and then no result is entered for
    // its unplayed game.
    log.run(Command::SettleMatch {
        at: winners(1, 1),
        winner: id(1),
        reason: "2 did not come to the second game".into(),
    })
    .unwrap();
    assert_eq!(
        log.run(enter(games[1], Outcome::BlackWins)),
        Err(Rejection::Finished),
        "the cup of two is over with it"
    );
}

#[test]
fn over_the_board_a_decided_matchs_game_takes_no_result() {
    let mut log = Log::played(System::Knockout, CupTerms::default(), 4, Play::OverTheBoard);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    log.start();
    let semi = log.cup().games[&winners(1, 1).id()].clone();
    log.run(Command::SettleMatch {
        at: winners(1, 1),
        winner: id(1),
        reason: "4 withdrew from the match".into(),
    })
    .unwrap();
    let late = Command::RecordMatchGame {
        game: semi[0].game,
        outcome: Outcome::WhiteWins,
        lot: 0,
    };
    assert_eq!(log.run(late.clone()), Err(Rejection::MatchDecided));
    // The service still records a game that ended in zarf after its match was decided.
    assert_eq!(log.run_as(Actor::System, late).unwrap().len(), 1);
}

mod deadlines_and_schools;
