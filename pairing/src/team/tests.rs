use super::*;

fn roster() -> Roster<u16> {
    // Four main players and two reserves.
    Roster::new(vec![11, 12, 13, 14, 15, 16], 4).unwrap()
}

#[test]
fn a_roster_names_each_player_once_and_at_least_one_a_board() {
    assert_eq!(roster().players().len(), 6);
    assert_eq!(
        Roster::new(vec![1, 2, 3], 4),
        Err(TeamError::TooFewPlayers {
            players: 3,
            boards: 4
        })
    );
    assert_eq!(Roster::new(vec![1, 2, 1, 4], 4), Err(TeamError::Twice(1)));
    assert_eq!(Roster::<u16>::new(vec![], 0), Err(TeamError::NoBoards));
}

#[test]
fn the_default_line_up_is_the_main_players() {
    assert_eq!(
        roster().default_line_up().boards(),
        &[Some(11), Some(12), Some(13), Some(14)]
    );
}

#[test]
fn reserves_play_in_the_order_of_the_list() {
    let team = roster();
    // Board 2 rests: the players below move up, and a reserve takes board 4.
    let l = team
        .line_up(&[Some(11), Some(13), Some(14), Some(15)])
        .unwrap();
    assert_eq!(l.boards(), &[Some(11), Some(13), Some(14), Some(15)]);
    // Both reserves.
    assert!(team
        .line_up(&[Some(11), Some(12), Some(15), Some(16)])
        .is_ok());
    // Never reordered.
    assert_eq!(
        team.line_up(&[Some(12), Some(11), Some(13), Some(14)]),
        Err(TeamError::OutOfOrder {
            higher: 11,
            lower: 12
        })
    );
    assert_eq!(
        team.line_up(&[Some(11), Some(16), Some(15), Some(14)]),
        Err(TeamError::OutOfOrder {
            higher: 15,
            lower: 16
        })
    );
}

#[test]
fn a_line_up_is_refused_for_strangers_repeats_and_wrong_boards() {
    let team = roster();
    assert_eq!(
        team.line_up(&[Some(11), Some(12), Some(13), Some(99)]),
        Err(TeamError::NotInTeam(99))
    );
    assert_eq!(
        team.line_up(&[Some(11), Some(12), Some(12), Some(14)]),
        Err(TeamError::Twice(12))
    );
    assert_eq!(
        team.line_up(&[Some(11), Some(12), Some(13)]),
        Err(TeamError::WrongBoards {
            given: 3,
            boards: 4
        })
    );
}

#[test]
fn a_team_short_of_players_leaves_its_last_boards_empty() {
    let team = roster();
    assert!(team.line_up(&[Some(11), Some(12), Some(13), None]).is_ok());
    assert!(team.line_up(&[Some(12), None, None, None]).is_ok());
    assert!(team.line_up(&[None, None, None, None]).is_ok());
    assert_eq!(
        team.line_up(&[Some(11), None, Some(13), Some(14)]),
        Err(TeamError::EmptyAbove { board: 2 })
    );
}

#[test]
fn board_one_takes_the_teams_colour_and_the_boards_alternate() {
    use Colour::{Black, White};
    assert_eq!(board_colours(White, 4), [White, Black, White, Black]);
    assert_eq!(board_colours(Black, 5), [Black, White, Black, White, Black]);
    assert!(board_colours(White, 0).is_empty());
}

fn p(tenths: i32) -> Points {
    Points::tenths(tenths)
}

#[test]
fn a_match_is_won_by_more_game_points_and_scored_two_one_nothing() {
    use BoardResult::*;
    let points = MatchPoints::default();
    let won = points.score(&[FirstWins, Draw, SecondWins, Draw]);
    assert_eq!(won.game_points, [p(20), p(20)]);
    assert_eq!(won.match_points, [p(10), p(10)], "2–2 is a drawn match");
    let won = points.score(&[FirstWins, Draw, Draw, Draw]);
    assert_eq!(won.game_points, [p(25), p(15)]);
    assert_eq!(won.match_points, [p(20), p(0)]);
    // A board forfeit counts as a game point to the team present.
    let s = points.score(&[SecondWins, SecondWins, FirstWins, FirstByForfeit]);
    assert_eq!(
        (s.game_points, s.match_points),
        ([p(20), p(20)], [p(10), p(10)])
    );
    let s = points.score(&[Draw, Draw, Draw, BothForfeit]);
    assert_eq!(
        (s.game_points, s.match_points),
        ([p(15), p(15)], [p(10), p(10)])
    );
    assert!(FirstWins.played() && !FirstByForfeit.played() && !BothForfeit.played());
}

#[test]
fn the_organiser_chooses_what_a_match_is_worth() {
    let three = MatchPoints {
        win: p(30),
        draw: p(10),
        loss: p(0),
    };
    let s = three.score(&[
        BoardResult::FirstWins,
        BoardResult::SecondWins,
        BoardResult::FirstWins,
    ]);
    assert_eq!(s.match_points, [p(30), p(0)]);
}

#[test]
fn a_forfeited_match_gives_every_board_to_the_team_present() {
    let points = MatchPoints::default();
    let s = points.forfeited(4, Some(1));
    assert_eq!(
        (s.game_points, s.match_points),
        ([p(0), p(40)], [p(0), p(20)])
    );
    let s = points.forfeited(4, Some(0));
    assert_eq!(
        (s.game_points, s.match_points),
        ([p(40), p(0)], [p(20), p(0)])
    );
    // Neither team came: both lose.
    let s = points.forfeited(4, None);
    assert_eq!(
        (s.game_points, s.match_points),
        ([p(0), p(0)], [p(0), p(0)])
    );
}

#[test]
fn the_bye_is_a_drawn_match() {
    assert_eq!(MatchPoints::default().bye(4), (p(10), p(20)));
    assert_eq!(MatchPoints::default().bye(5), (p(10), p(25)));
}

/// Each player's Whites, for the first team and the second, and each round's Whites for the
/// first team.
fn whites(boards: usize) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let rounds = scheveningen(boards);
    let (mut first, mut second, mut round) =
        (vec![0; boards], vec![0; boards], vec![0; rounds.len()]);
    for (r, meetings) in rounds.iter().enumerate() {
        for m in meetings {
            if m.colour == Colour::White {
                first[m.first] += 1;
                round[r] += 1;
            } else {
                second[m.second] += 1;
            }
        }
    }
    (first, second, round)
}

#[test]
fn in_a_scheveningen_match_everyone_meets_everyone_once() {
    for boards in 1..=12 {
        let rounds = scheveningen(boards);
        assert_eq!(rounds.len(), boards);
        let mut met = HashSet::new();
        for meetings in &rounds {
            let seconds: HashSet<usize> = meetings.iter().map(|m| m.second).collect();
            assert_eq!(seconds.len(), boards, "each plays once a round");
            for m in meetings {
                assert!(met.insert((m.first, m.second)), "{boards}: met twice");
            }
        }
        assert_eq!(met.len(), boards * boards);
    }
}

#[test]
fn a_scheveningen_match_balances_colours_as_far_as_they_can_be() {
    for boards in 1..=12usize {
        let (first, second, round) = whites(boards);
        let half = boards / 2;
        let all = |v: &[usize], n: usize| v.iter().all(|w| *w == n);
        match boards % 4 {
            0 => {
                assert!(all(&first, half) && all(&second, half) && all(&round, half));
            }
            2 => {
                assert!(all(&second, half) && all(&round, half), "{boards}");
                assert!(
                    first.iter().all(|w| w.abs_diff(half) <= 1),
                    "{boards}: {first:?}"
                );
            }
            _ => {
                assert!(all(&first, half + 1) && all(&second, half), "{boards}");
                assert!(all(&round, half + 1), "{boards}");
            }
        }
    }
}
