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
//!
//! A double elimination adds the losers' bracket: the first round's losers meet one another,
//! and each later round of the winners' bracket sends its losers down to meet the losers'
//! bracket's survivors, in an order that keeps a player from meeting again the one who beat them
//! (the orderings of the "superior" double-elimination seeding, as brackets-manager and
//! Challonge use them). The grand final sets the winners' bracket's winner against the losers'
//! bracket's, and is played again (the reset) if the latter wins, since each has lost once.

use std::fmt;

pub mod mini_match;
pub mod progress;
pub mod seeding;

/// The fewest players a knockout takes.
pub const MIN_PLAYERS: u32 = 2;

/// The most players a knockout takes (a bracket of 1,024 places: ten rounds).
pub const MAX_PLAYERS: u32 = 1024;

/// The parts of a bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// A single elimination's only bracket; a double elimination's upper one.
    Winners,
    /// A double elimination's lower bracket, of those who lost once.
    Losers,
    /// A double elimination's grand final (round 0) and its reset (round 1); a single
    /// elimination's match for third place (round 0).
    Final,
}

/// Who stands on one side of a match in the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A seed, known from the draw (or through a bye).
    Seed(u32),
    /// No one: the other side goes through.
    Bye,
    /// The winner of a match of an earlier round of `part`, not yet played.
    WinnerOf {
        part: Part,
        round: usize,
        index: usize,
    },
    /// The loser of a match of `part`, not yet played.
    LoserOf {
        part: Part,
        round: usize,
        index: usize,
    },
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
    /// Whether the semi-finals' losers play for third place.
    pub third_place: bool,
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
                        goes_through(pair[0], Part::Winners, round, 2 * i),
                        goes_through(pair[1], Part::Winners, round, 2 * i + 1),
                    ]
                })
                .collect();
            rounds.push(next);
        }
        Ok(Bracket {
            players,
            rounds,
            third_place: false,
        })
    }

    /// The final: the last round's one match.
    pub fn final_match(&self) -> [Slot; 2] {
        self.rounds.last().expect("a bracket has a round")[0]
    }

    /// The same bracket with a match for third place between the semi-finals' losers, where
    /// both semi-finals are played (four players or more).
    pub fn with_third_place(mut self) -> Bracket {
        self.third_place = self.players >= 4;
        self
    }

    /// The match for third place, where there is one: the losers of the two semi-finals.
    pub fn third_place_match(&self) -> Option<[Slot; 2]> {
        let semis = self
            .rounds
            .len()
            .checked_sub(2)
            .filter(|_| self.third_place)?;
        Some([0, 1].map(|index| Slot::LoserOf {
            part: Part::Winners,
            round: semis,
            index,
        }))
    }
}

/// Who comes out of match `index` of round `round` (0 the first) of `part`, as far as the draw
/// knows: a seed facing a bye goes through at once, two byes make a bye; anyone else must win
/// (one who will come to face a bye wins it as a walkover when they come).
fn goes_through(m: [Slot; 2], part: Part, round: usize, index: usize) -> Slot {
    match m {
        [Slot::Bye, Slot::Bye] => Slot::Bye,
        [Slot::Seed(s), Slot::Bye] | [Slot::Bye, Slot::Seed(s)] => Slot::Seed(s),
        _ => Slot::WinnerOf { part, round, index },
    }
}

/// The order the losers of one round of the winners' bracket are set down in the losers'
/// bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DropOrder {
    /// As they lost, top to bottom.
    Natural,
    Reverse,
    /// The bottom half first.
    HalfShift,
    /// Each half reversed.
    ReverseHalfShift,
    /// Each pair's two swapped.
    PairFlip,
}

impl DropOrder {
    fn apply(self, slots: &[Slot]) -> Vec<Slot> {
        let half = slots.len() / 2;
        match self {
            DropOrder::Natural => slots.to_vec(),
            DropOrder::Reverse => slots.iter().rev().copied().collect(),
            DropOrder::HalfShift => [&slots[half..], &slots[..half]].concat(),
            DropOrder::ReverseHalfShift => slots[..half]
                .iter()
                .rev()
                .chain(slots[half..].iter().rev())
                .copied()
                .collect(),
            DropOrder::PairFlip => slots
                .chunks(2)
                .flat_map(|p| p.iter().rev())
                .copied()
                .collect(),
        }
    }

    /// The orders of a bracket of `places`: the first round's losers first, then each later
    /// round's (brackets past 128 places drop every round as it lost).
    fn orders(places: u32) -> &'static [DropOrder] {
        use DropOrder::*;
        match places {
            4 => &[Natural, Reverse],
            8 => &[Natural, Reverse, Natural],
            16 => &[Natural, ReverseHalfShift, Reverse, Natural],
            32 => &[Natural, Reverse, HalfShift, Natural, Natural],
            64 => &[Natural, Reverse, HalfShift, Reverse, Natural, Natural],
            128 => &[
                Natural, Reverse, HalfShift, PairFlip, PairFlip, PairFlip, Natural,
            ],
            _ => &[],
        }
    }

    /// The order round `round` (0 the first) of the winners' bracket drops its losers in.
    fn of_round(places: u32, round: usize) -> DropOrder {
        DropOrder::orders(places)
            .get(round)
            .copied()
            .unwrap_or(DropOrder::Natural)
    }
}

/// A double-elimination bracket as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoubleBracket {
    pub players: u32,
    /// The winners' bracket: a single elimination's bracket.
    pub winners: Vec<Vec<[Slot; 2]>>,
    /// The losers' bracket, its rounds alternating: survivors against one another, then
    /// survivors against the losers the winners' bracket sends down.
    pub losers: Vec<Vec<[Slot; 2]>>,
    /// The grand final, and the reset played if the losers' bracket's winner wins it.
    pub finals: [[Slot; 2]; 2],
}

impl DoubleBracket {
    /// The double-elimination bracket of `players` (at least 3) seeded 1 to `players`.
    pub fn draw(players: u32) -> Result<DoubleBracket, TooFewOrTooMany> {
        if players < 3 {
            return Err(TooFewOrTooMany(players));
        }
        let winners = Bracket::single(players)?.rounds;
        let places = places(players);
        // Each round's losers, top to bottom; a match with a bye has none.
        let losers_of = |round: usize| -> Vec<Slot> {
            winners[round]
                .iter()
                .enumerate()
                .map(|(index, m)| match m {
                    [Slot::Bye, _] | [_, Slot::Bye] => Slot::Bye,
                    _ => Slot::LoserOf {
                        part: Part::Winners,
                        round,
                        index,
                    },
                })
                .collect()
        };
        let dropped = DropOrder::of_round(places, 0).apply(&losers_of(0));
        let mut losers: Vec<Vec<[Slot; 2]>> =
            vec![dropped.chunks(2).map(|p| [p[0], p[1]]).collect()];
        for round in 1..winners.len() {
            if round > 1 {
                // The survivors meet one another.
                let last = losers.len() - 1;
                let met = losers[last]
                    .chunks(2)
                    .enumerate()
                    .map(|(i, p)| {
                        [
                            goes_through(p[0], Part::Losers, last, 2 * i),
                            goes_through(p[1], Part::Losers, last, 2 * i + 1),
                        ]
                    })
                    .collect();
                losers.push(met);
            }
            // The survivors meet those this round of the winners' bracket sends down (the
            // final's loser as they come).
            let order = if round + 1 == winners.len() {
                DropOrder::Natural
            } else {
                DropOrder::of_round(places, round)
            };
            let down = order.apply(&losers_of(round));
            let last = losers.len() - 1;
            let met = losers[last]
                .iter()
                .enumerate()
                .map(|(i, &m)| [down[i], goes_through(m, Part::Losers, last, i)])
                .collect();
            losers.push(met);
        }
        let last = losers.len() - 1;
        let winners_final = winners.len() - 1;
        let finals = [
            [
                goes_through(winners[winners_final][0], Part::Winners, winners_final, 0),
                goes_through(losers[last][0], Part::Losers, last, 0),
            ],
            [
                Slot::WinnerOf {
                    part: Part::Final,
                    round: 0,
                    index: 0,
                },
                Slot::LoserOf {
                    part: Part::Final,
                    round: 0,
                    index: 0,
                },
            ],
        ];
        Ok(DoubleBracket {
            players,
            winners,
            losers,
            finals,
        })
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
                Slot::WinnerOf {
                    part: Part::Winners,
                    round: 1,
                    index: 0
                },
                Slot::WinnerOf {
                    part: Part::Winners,
                    round: 1,
                    index: 1
                }
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
                [
                    Slot::Seed(1),
                    Slot::WinnerOf {
                        part: Part::Winners,
                        round: 0,
                        index: 1
                    }
                ],
                [
                    Slot::Seed(2),
                    Slot::WinnerOf {
                        part: Part::Winners,
                        round: 0,
                        index: 3
                    }
                ],
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

    #[test]
    fn a_double_elimination_of_eight_drops_each_round_so_no_rematch_comes_early() {
        let b = DoubleBracket::draw(8).unwrap();
        let lost = |round, index| Slot::LoserOf {
            part: Part::Winners,
            round,
            index,
        };
        let won = |round, index| Slot::WinnerOf {
            part: Part::Losers,
            round,
            index,
        };
        // Two rounds of the losers' bracket for each round of the winners' after the first.
        assert_eq!(b.losers.len(), 4);
        assert_eq!(
            b.losers[0],
            [[lost(0, 0), lost(0, 1)], [lost(0, 2), lost(0, 3)]]
        );
        // The second round's losers come down reversed: the loser of the top match meets the
        // bottom survivors, not those of its own quarter.
        assert_eq!(
            b.losers[1],
            [[lost(1, 1), won(0, 0)], [lost(1, 0), won(0, 1)]]
        );
        assert_eq!(b.losers[2], [[won(1, 0), won(1, 1)]]);
        assert_eq!(b.losers[3], [[lost(2, 0), won(2, 0)]]);
        assert_eq!(b.finals[0][1], won(3, 0));
    }

    #[test]
    fn a_double_elimination_needs_three() {
        assert_eq!(DoubleBracket::draw(2), Err(TooFewOrTooMany(2)));
        assert!(DoubleBracket::draw(3).is_ok());
    }
}
