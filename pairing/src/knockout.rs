//! A knockout's bracket: where each seed stands, and whom the winners meet.
//!
//! The players are seeded 1 to N (1 the strongest). The bracket has the next power of two of
//! places, laid out so that the top seeds meet as late as they can: 1 v N and N/2 v N/2+1 in the
//! top half, 2 v N-1 in the bottom one, each half laid out the same way again (the layout every
//! cup, from Wimbledon to the FIDE World Cup, uses). The places past N are byes, so the byes go
//! to the top seeds, and a player given a bye stands in the second round at once.
//!
//! Matches are listed top to bottom; the winners of matches `2i` and `2i + 1` of a round meet in
//! match `i` of the next.

use std::fmt;

/// The fewest players a knockout takes.
pub const MIN_PLAYERS: u32 = 2;

/// The most players a knockout takes (a bracket of 1,024 places: ten rounds).
pub const MAX_PLAYERS: u32 = 1024;

/// Who stands on one side of a match in the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A seed, known from the draw (or through a bye).
    Seed(u32),
    /// No one: the other side goes through.
    Bye,
    /// The winner of a match of an earlier round, not yet played.
    WinnerOf { round: usize, index: usize },
}

/// Why a bracket cannot be drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooFewOrTooMany(pub u32);

impl fmt::Display for TooFewOrTooMany {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a knockout takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {}",
            self.0
        )
    }
}

impl std::error::Error for TooFewOrTooMany {}

/// A single-elimination bracket as drawn: every round's matches, top to bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    /// The number of players seeded.
    pub players: u32,
    /// Round 1 first; the last round is the final.
    pub rounds: Vec<Vec<[Slot; 2]>>,
}

/// The number of places of a bracket for `players`: the next power of two.
pub fn places(players: u32) -> u32 {
    players.max(MIN_PLAYERS).next_power_of_two()
}

/// The seeds in their places, top to bottom, for a bracket of `places` (a power of two): each
/// seed `s` of the bracket half the size is followed by its opponent `places + 1 - s`.
pub fn seed_order(places: u32) -> Vec<u32> {
    let mut order = vec![1];
    while (order.len() as u32) < places {
        let size = order.len() as u32 * 2;
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    order
}

impl Bracket {
    /// The bracket of `players` seeded 1 to `players`.
    pub fn single(players: u32) -> Result<Bracket, TooFewOrTooMany> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(TooFewOrTooMany(players));
        }
        let place = |s: u32| {
            if s <= players {
                Slot::Seed(s)
            } else {
                Slot::Bye
            }
        };
        let first: Vec<[Slot; 2]> = seed_order(places(players))
            .chunks(2)
            .map(|pair| [place(pair[0]), place(pair[1])])
            .collect();
        let mut rounds = vec![first];
        while rounds.last().is_some_and(|r| r.len() > 1) {
            let round = rounds.len() - 1;
            let next = rounds[round]
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| {
                    [
                        goes_through(pair[0], round, 2 * i),
                        goes_through(pair[1], round, 2 * i + 1),
                    ]
                })
                .collect();
            rounds.push(next);
        }
        Ok(Bracket { players, rounds })
    }

    /// The final: the last round's one match.
    pub fn final_match(&self) -> [Slot; 2] {
        self.rounds.last().expect("a bracket has a round")[0]
    }
}

/// Who comes out of match `index` of round `round` (0 the first), as far as the draw knows: a
/// seed given a bye goes through at once; anyone else must win.
fn goes_through(m: [Slot; 2], round: usize, index: usize) -> Slot {
    match m {
        [Slot::Seed(s), Slot::Bye] | [Slot::Bye, Slot::Seed(s)] => Slot::Seed(s),
        [Slot::Bye, Slot::Bye] => Slot::Bye,
        _ => Slot::WinnerOf { round, index },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_are_laid_out_as_every_cup_lays_them_out() {
        assert_eq!(seed_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        let b = Bracket::single(8).unwrap();
        assert_eq!(b.rounds.len(), 3);
        assert_eq!(
            b.final_match(),
            [
                Slot::WinnerOf { round: 1, index: 0 },
                Slot::WinnerOf { round: 1, index: 1 }
            ]
        );
    }

    #[test]
    fn the_byes_go_to_the_top_seeds_who_stand_in_round_two() {
        let b = Bracket::single(6).unwrap();
        assert_eq!(
            b.rounds[0],
            [
                [Slot::Seed(1), Slot::Bye],
                [Slot::Seed(4), Slot::Seed(5)],
                [Slot::Seed(2), Slot::Bye],
                [Slot::Seed(3), Slot::Seed(6)],
            ]
        );
        assert_eq!(
            b.rounds[1],
            [
                [Slot::Seed(1), Slot::WinnerOf { round: 0, index: 1 }],
                [Slot::Seed(2), Slot::WinnerOf { round: 0, index: 3 }],
            ]
        );
    }

    #[test]
    fn the_top_seeds_are_kept_apart_until_the_late_rounds() {
        for players in MIN_PLAYERS..=130 {
            let order = seed_order(places(players));
            let n = order.len();
            // Seeds 1..k (k a power of two) each stand in a part of their own of k parts.
            let mut k = 2;
            while k <= n {
                let part = n / k;
                let mut seen = vec![false; k];
                for seed in 1..=k as u32 {
                    let at = order.iter().position(|&s| s == seed).unwrap() / part;
                    assert!(!seen[at], "{players} players: seed {seed} shares a part");
                    seen[at] = true;
                }
                k *= 2;
            }
        }
    }

    #[test]
    fn too_few_or_too_many_are_refused() {
        assert_eq!(Bracket::single(1), Err(TooFewOrTooMany(1)));
        assert_eq!(
            Bracket::single(MAX_PLAYERS + 1),
            Err(TooFewOrTooMany(MAX_PLAYERS + 1))
        );
        assert_eq!(Bracket::single(MAX_PLAYERS).unwrap().rounds.len(), 10);
    }
}
