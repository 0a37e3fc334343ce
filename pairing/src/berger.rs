//! Round robins by FIDE's Berger tables (Handbook C.05, Annex 1), for any number of players.
//!
//! With `n` players (one more, a bye, where `n` is odd), round 1 pairs `1–n`, `2–(n−1)`, … and
//! every later round moves each of the players `1..n−1` on by `n/2` places (counted round
//! `n−1`); player `n` stays on board 1, Black in odd rounds and White in even ones.

use crate::trf::PlayerId;

/// One board of a round: a game, or the bye of an odd number of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    Game { white: PlayerId, black: PlayerId },
    Bye(PlayerId),
}

/// How many rounds a single round robin of `players` has.
pub fn rounds(players: PlayerId) -> u16 {
    let even = players + players % 2;
    even.saturating_sub(1)
}

/// Round `round` (from 1) of a single round robin of `players` (2 or more), boards in order;
/// `None` past its last round.
pub fn round(players: PlayerId, round: u16) -> Option<Vec<Board>> {
    if players < 2 || round == 0 || round > rounds(players) {
        return None;
    }
    let n = players + players % 2;
    let others = n - 1;
    let shift = u32::from(round - 1) * u32::from(n / 2) % u32::from(others);
    // Players 1..n−1 moved on by `shift` places, in 1..n−1.
    let moved = |p: PlayerId| -> PlayerId {
        let p0 = (u32::from(p) - 1 + shift) % u32::from(others);
        PlayerId::try_from(p0 + 1).expect("within the players")
    };
    let first = moved(1);
    let mut boards = Vec::with_capacity(usize::from(n / 2));
    let (white, black) = if round % 2 == 1 {
        (first, n)
    } else {
        (n, first)
    };
    boards.push((white, black));
    for k in 2..=n / 2 {
        boards.push((moved(k), moved(n + 1 - k)));
    }
    Some(
        boards
            .into_iter()
            .map(|(white, black)| match (white, black) {
                (p, bye) | (bye, p) if bye > players => Board::Bye(p),
                _ => Board::Game { white, black },
            })
            .collect(),
    )
}

/// Every round of the tournament. A double round robin plays the last two rounds of its first
/// cycle in swapped order (as C.05 recommends, so that no one has the same colour three times
/// running between the cycles), then the table again with the colours reversed.
pub fn schedule(players: PlayerId, double: bool) -> Vec<Vec<Board>> {
    let single: Vec<Vec<Board>> = (1..=rounds(players))
        .filter_map(|r| round(players, r))
        .collect();
    if !double {
        return single;
    }
    let mut first = single.clone();
    let len = first.len();
    if len >= 2 {
        first.swap(len - 2, len - 1);
    }
    let second = single.iter().map(|boards| {
        boards
            .iter()
            .map(|b| match *b {
                Board::Game { white, black } => Board::Game {
                    white: black,
                    black: white,
                },
                bye => bye,
            })
            .collect()
    });
    first.into_iter().chain(second).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_odd_number_of_players_has_a_bye_each_round() {
        let r1 = round(5, 1).unwrap();
        assert_eq!(r1[0], Board::Bye(1));
        assert_eq!(r1[1], Board::Game { white: 2, black: 5 });
        for r in 1..=rounds(5) {
            let byes = round(5, r)
                .unwrap()
                .iter()
                .filter(|b| matches!(b, Board::Bye(_)))
                .count();
            assert_eq!(byes, 1);
        }
        assert_eq!(round(5, 6), None);
        assert_eq!(round(1, 1), None);
        assert_eq!(round(2, 1), Some(vec![Board::Game { white: 1, black: 2 }]));
    }

    #[test]
    fn everyone_meets_everyone_once_a_cycle_and_with_each_colour_over_two() {
        for n in 2..=40u16 {
            let all = schedule(n, true);
            assert_eq!(all.len(), 2 * usize::from(rounds(n)));
            let mut met = std::collections::HashMap::new();
            for boards in &all {
                let mut seen = std::collections::HashSet::new();
                for b in boards {
                    match *b {
                        Board::Game { white, black } => {
                            assert!(seen.insert(white) && seen.insert(black), "once a round");
                            *met.entry((white, black)).or_insert(0) += 1;
                        }
                        Board::Bye(p) => assert!(seen.insert(p)),
                    }
                }
                assert_eq!(seen.len(), usize::from(n));
            }
            for a in 1..=n {
                for b in 1..=n {
                    if a != b {
                        assert_eq!(
                            met.get(&(a, b)),
                            Some(&1),
                            "{n} players: {a} White against {b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn no_one_has_a_colour_three_times_running_between_the_cycles() {
        for n in 3..=40u16 {
            let all = schedule(n, true);
            let cycle = usize::from(rounds(n));
            for p in 1..=n {
                let colours: Vec<Option<bool>> = all
                    .iter()
                    .map(|boards| {
                        boards.iter().find_map(|b| match *b {
                            Board::Game { white, .. } if white == p => Some(Some(true)),
                            Board::Game { black, .. } if black == p => Some(Some(false)),
                            _ => None,
                        })
                    })
                    .map(Option::flatten)
                    .collect();
                for start in cycle.saturating_sub(2)..=cycle {
                    let three = &colours[start..start + 3];
                    let same = three.iter().all(|c| c.is_some() && *c == three[0]);
                    assert!(!same, "{n} players: player {p} from round {}", start + 1);
                }
            }
        }
    }
}
