//! A cup's match deadlines, and its schools' standings.

use super::*;
use crate::tournament::{Team, TeamTiebreak};

#[test]
fn a_match_has_the_days_the_terms_give_it_from_its_first_games() {
    let terms = CupTerms {
        match_days: Some(10),
        ..CupTerms::default()
    };
    let mut log = Log::new(System::Knockout, terms, 2);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    log.start();
    // The first pair started two days before the extra pair does.
    let first = at() - time::Duration::days(2);
    for e in &mut log.events {
        if matches!(e.body, E::MatchGamesStarted { .. }) {
            e.at = first;
        }
    }
    let m = winners(1, 1);
    log.result(m, 1, Outcome::Draw);
    log.result(m, 2, Outcome::Draw);
    assert_eq!(log.start().len(), 1, "the tie goes to an extra pair");
    let cup = log.cup();
    let deadline = first + time::Duration::days(10);
    assert_eq!(cup.deadline(m.id()), Some(deadline), "from the first games");
    assert_eq!(cup.shown()[0].matches[0].deadline, Some(deadline));
    assert!(!cup.overdue(m.id(), deadline));
    assert!(cup.overdue(m.id(), deadline + time::Duration::seconds(1)));
    // Decided, it is overdue no more.
    log.result(m, 1, Outcome::WhiteWins);
    log.result(m, 2, Outcome::Draw);
    let cup = log.cup();
    assert!(cup.decided.contains_key(&m.id()));
    assert!(!cup.overdue(m.id(), deadline + time::Duration::days(1)));
    // Without days in the terms, a match has no deadline.
    let mut log = Log::new(System::Knockout, CupTerms::default(), 2);
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    log.start();
    assert_eq!(log.cup().deadline(m.id()), None);
    assert!(!log.cup().overdue(m.id(), at() + time::Duration::days(400)));
}

#[test]
fn schools_in_a_cup_count_the_matches_their_best_players_won() {
    let mut log = Log::new(System::Knockout, CupTerms::default(), 4);
    // Players 1 and 4 are of school A, 2 and 3 of school B; seeds 1 v 4 and 2 v 3.
    for e in &mut log.events {
        if let E::PlayerRegistered(entrant) = &mut e.body {
            let n = (1..=4).find(|n| id(*n) == entrant.player).unwrap();
            entrant.school = Some(if n == 1 || n == 4 { "A" } else { "B" }.into());
        }
    }
    let state = |log: &Log| match log.state() {
        TournamentState::Created(t) => t,
        TournamentState::NotCreated => panic!("not created"),
    };
    let schools = |log: &Log| {
        state(log)
            .team_standings(Team::School, 4, &[], TeamTiebreak::SumOfTiebreaks)
            .into_iter()
            .map(|r| (r.team, r.rank, r.points, r.tiebreak))
            .collect::<Vec<_>>()
    };
    assert_eq!(schools(&log), [], "no standings before the draw");
    log.run(Command::DrawCup { lot: 1 }).unwrap();
    log.start();
    // Player 4 beats player 1 2–0; players 2 and 3 draw both, and seed 2 goes through.
    log.result(winners(1, 1), 1, Outcome::BlackWins);
    log.result(winners(1, 1), 4, Outcome::WhiteWins);
    log.result(winners(1, 2), 2, Outcome::Draw);
    log.result(winners(1, 2), 3, Outcome::Draw);
    log.start();
    log.result(winners(1, 2), 2, Outcome::Draw);
    log.result(winners(1, 2), 3, Outcome::Draw);
    // A match each; B's four drawn games score four points, A's two wins two.
    assert_eq!(
        schools(&log),
        [("B".into(), 1, 100, 400), ("A".into(), 2, 100, 200)]
    );
    let entries = state(&log).cup.unwrap().team_entries();
    assert_eq!(
        entries.iter().map(|e| (e.0, e.1)).collect::<Vec<_>>(),
        [(id(2), 1), (id(4), 1), (id(1), 3), (id(3), 3)],
        "those still in first, the stronger seed first among equals"
    );
    // The final: player 4 wins it.
    log.start();
    log.result(winners(2, 1), 2, Outcome::BlackWins);
    log.result(winners(2, 1), 4, Outcome::WhiteWins);
    assert_eq!(
        schools(&log),
        [("A".into(), 1, 200, 400), ("B".into(), 2, 100, 400)]
    );
    let a = &state(&log).team_standings(Team::School, 1, &[], TeamTiebreak::BestBoard)[0];
    assert_eq!(
        (a.best_board, a.counted.clone()),
        (1, vec![id(4)]),
        "the champion's school's best board is first"
    );
}
