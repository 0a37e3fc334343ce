//! The tavla (backgammon) board and its plays. A position is seen from the side on roll: its
//! checkers move from point 24 down to point 1 and off; the opponent's checkers are counted on
//! the same points (their point `p` is this side's `25 - p`). A play is every checker move a
//! throw allows, as many of the dice as can be played; plays that leave the same position are
//! one play.

use std::collections::BTreeMap;

/// Where a checker stands, from its owner's side: 1–24 on the points, 25 on the bar, 0 off.
pub type Point = u8;

pub const BAR: Point = 25;
pub const OFF: Point = 0;

/// Checkers each side has.
pub const CHECKERS: u8 = 15;

/// A position from the side on roll's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// The side on roll's checkers on each point (index 1–24), on the bar (25); index 0 is
    /// unused (borne-off checkers are what is missing from fifteen).
    pub mine: [u8; 26],
    /// The opponent's checkers on each point, numbered from the side on roll's view (25 is the
    /// opponent's bar).
    pub theirs: [u8; 26],
}

/// One checker's move: from a point to a point (0: off), and whether it hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub from: Point,
    pub to: Point,
    pub hit: bool,
    /// The die it used (bearing off with a higher die goes less far than the die).
    pub die: u8,
}

impl Board {
    /// The start: two on the 24-point, five on the 13, three on the 8, five on the 6, each side.
    pub fn start() -> Board {
        let mut side = [0u8; 26];
        side[24] = 2;
        side[13] = 5;
        side[8] = 3;
        side[6] = 5;
        let mut theirs = [0u8; 26];
        for p in 1..=24 {
            theirs[p] = side[25 - p];
        }
        Board { mine: side, theirs }
    }

    /// The same position from the opponent's side (after a play, the other side is on roll).
    pub fn turned(&self) -> Board {
        let mut mine = [0u8; 26];
        let mut theirs = [0u8; 26];
        for p in 1..=24 {
            mine[p] = self.theirs[25 - p];
            theirs[p] = self.mine[25 - p];
        }
        mine[25] = self.theirs[25];
        theirs[25] = self.mine[25];
        Board { mine, theirs }
    }

    /// Checkers of the side on roll borne off.
    pub fn off(&self) -> u8 {
        CHECKERS - self.mine.iter().sum::<u8>()
    }

    /// The opponent's checkers borne off.
    pub fn their_off(&self) -> u8 {
        CHECKERS - self.theirs.iter().sum::<u8>()
    }

    /// Are all the side on roll's checkers in its home board (points 1–6) or off?
    fn all_home(&self) -> bool {
        self.mine[7..=25].iter().all(|&n| n == 0)
    }

    /// The checker move a die of `die` allows from `from`, if any.
    fn step(&self, from: Point, die: u8) -> Option<Step> {
        if self.mine[usize::from(from)] == 0 {
            return None;
        }
        if self.mine[usize::from(BAR)] > 0 && from != BAR {
            return None;
        }
        let from_i = i16::from(from);
        let to = from_i - i16::from(die);
        if to >= 1 {
            let to = to as usize;
            if self.theirs[to] >= 2 {
                return None;
            }
            return Some(Step {
                from,
                to: to as Point,
                hit: self.theirs[to] == 1,
                die,
            });
        }
        // Bearing off: all home; the exact die, or a higher one from the highest point held.
        if !self.all_home() {
            return None;
        }
        let highest = (1..=6).rev().find(|&p| self.mine[p] > 0).unwrap_or(0) as i16;
        (to == 0 || from_i == highest).then_some(Step {
            from,
            to: OFF,
            hit: false,
            die,
        })
    }

    /// The board after `steps`, a legal play's checker moves (the mover's view, not turned).
    pub fn after(&self, steps: &[Step]) -> Board {
        let mut board = *self;
        for s in steps {
            board.apply(*s);
        }
        board
    }

    /// Plays one checker move.
    fn apply(&mut self, s: Step) {
        self.mine[usize::from(s.from)] -= 1;
        if s.to != OFF {
            self.mine[usize::from(s.to)] += 1;
        }
        if s.hit {
            self.theirs[usize::from(s.to)] -= 1;
            self.theirs[usize::from(BAR)] += 1;
        }
    }

    /// Every legal play of the throw `dice`, once per position it leaves (the side on roll's
    /// view, before turning), each with one sequence of checker moves that makes it. Empty where
    /// no die can be played.
    pub fn plays(&self, dice: (u8, u8)) -> Vec<(Vec<Step>, Board)> {
        let (a, b) = dice;
        let orders: Vec<Vec<u8>> = if a == b {
            vec![vec![a; 4]]
        } else {
            vec![vec![a, b], vec![b, a]]
        };
        let mut found: BTreeMap<Board, Vec<Step>> = BTreeMap::new();
        let mut most = 0;
        for order in &orders {
            let mut steps = Vec::new();
            self.extend(order, &mut steps, &mut found, &mut most);
        }
        if most == 0 {
            return Vec::new();
        }
        let mut plays: Vec<(Vec<Step>, Board)> = found
            .into_iter()
            .filter(|(_, steps)| steps.len() == most)
            .map(|(b, s)| (s, b))
            .collect();
        // Only one die of two can be played: the larger, where it can.
        if a != b && most == 1 {
            let larger = a.max(b);
            let with_larger: Vec<_> = plays
                .iter()
                .filter(|(s, _)| s[0].die == larger)
                .cloned()
                .collect();
            if !with_larger.is_empty() {
                plays = with_larger;
            }
        }
        plays
    }

    fn extend(
        &self,
        dice: &[u8],
        steps: &mut Vec<Step>,
        found: &mut BTreeMap<Board, Vec<Step>>,
        most: &mut usize,
    ) {
        let mut moved = false;
        if let Some((&die, rest)) = dice.split_first() {
            for from in (1..=BAR).rev() {
                if let Some(s) = self.step(from, die) {
                    moved = true;
                    let mut next = *self;
                    next.apply(s);
                    steps.push(s);
                    next.extend(rest, steps, found, most);
                    steps.pop();
                }
            }
        }
        if !moved {
            // As far as this order of dice goes.
            if steps.len() >= *most {
                *most = steps.len();
                let known = found.entry(*self).or_insert_with(|| steps.clone());
                if known.len() < steps.len() {
                    *known = steps.clone();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn throws() -> impl Iterator<Item = (u8, u8)> {
        (1..=6).flat_map(|a| (a..=6).map(move |b| (b, a)))
    }

    #[test]
    fn the_twenty_one_throws_from_the_start_give_447_plays() {
        let start = Board::start();
        assert_eq!(throws().count(), 21);
        let total: usize = throws().map(|d| start.plays(d).len()).sum();
        assert_eq!(total, 447);
        // As GNU Backgammon 1.07's `hint` lists them.
        for (dice, plays) in [((6, 2), 14), ((5, 5), 4), ((4, 1), 14), ((6, 6), 11)] {
            assert_eq!(start.plays(dice).len(), plays, "{dice:?}");
        }
        // 3-1: eight plays, among them making the five point.
        let plays = start.plays((3, 1));
        assert!(plays
            .iter()
            .any(|(_, b)| b.mine[5] == 2 && b.mine[8] == 2 && b.mine[6] == 4));
    }

    #[test]
    fn a_checker_on_the_bar_enters_first_and_a_closed_board_stops_it() {
        let mut b = Board {
            mine: [0; 26],
            theirs: [0; 26],
        };
        b.mine[BAR as usize] = 1;
        b.mine[13] = 6;
        b.mine[8] = 3;
        b.mine[6] = 5;
        // The opponent's home board (19-24 from this side) holds five points; 24 is open.
        for p in 19..=23 {
            b.theirs[p] = 2;
        }
        b.theirs[12] = 5;
        // The 6 cannot enter: the 1 enters on 24 first, and only then is the 6 played (from
        // 24, 13 or 8).
        let plays = b.plays((6, 1));
        assert_eq!(plays.len(), 3, "{plays:?}");
        assert!(
            plays
                .iter()
                .all(|(s, _)| s.len() == 2 && (s[0].from, s[0].to) == (BAR, 24)),
            "{plays:?}"
        );
        b.theirs[12] = 3;
        b.theirs[24] = 2;
        assert!(b.plays((6, 1)).is_empty(), "a closed board: no play");
    }

    #[test]
    fn the_larger_die_where_only_one_can_be_played() {
        // One checker on the 10-point: the 1 is blocked (9), and after the 6 (to 4) so is the
        // 1 again (3); only one die can be played, and it must be the 6.
        let mut b = Board {
            mine: [0; 26],
            theirs: [0; 26],
        };
        b.mine[10] = 1;
        b.theirs[9] = 2;
        b.theirs[3] = 2;
        let plays = b.plays((6, 1));
        assert_eq!(plays.len(), 1);
        assert_eq!(
            plays[0].0,
            vec![Step {
                from: 10,
                to: 4,
                hit: false,
                die: 6
            }]
        );
    }

    #[test]
    fn both_dice_are_played_where_some_order_allows_it() {
        // A checker on the 10-point, fourteen on the 6; the 4-point is held. With 6-3, the 6
        // first is blocked (10 to 4), and no checker may bear off while one is outside home; the
        // 3 first (10 to 7) lets the 6 follow (7 to 1): the one play that uses both dice is the
        // one allowed, though 6/3 alone or 10/7 alone could be played.
        let mut b = Board {
            mine: [0; 26],
            theirs: [0; 26],
        };
        b.mine[10] = 1;
        b.mine[6] = 14;
        b.theirs[4] = 2;
        b.theirs[20] = 13;
        let plays = b.plays((6, 3));
        assert_eq!(plays.len(), 1, "{plays:?}");
        assert_eq!((plays[0].1.mine[10], plays[0].1.mine[1]), (0, 1));
        // With the 1-point held too, no order plays both, and the 6 cannot be played at all:
        // the 3 is played, from either point.
        b.theirs[1] = 2;
        let plays = b.plays((6, 3));
        assert_eq!(plays.len(), 2, "{plays:?}");
        assert!(plays.iter().all(|(s, _)| s.len() == 1 && s[0].die == 3));
    }

    #[test]
    fn bearing_off_takes_the_exact_die_or_a_higher_from_the_highest_point() {
        let mut b = Board {
            mine: [0; 26],
            theirs: [0; 26],
        };
        b.mine[3] = 1;
        b.mine[2] = 1;
        b.theirs[20] = 15;
        // 6-5: both off, the 3 with the 6 and the 2 with the 5 (or either way).
        let plays = b.plays((6, 5));
        assert_eq!(plays.len(), 1);
        assert_eq!(plays[0].1.off(), 15);
        // A checker outside home: no bearing off.
        b.mine[8] = 1;
        b.mine[2] = 0;
        let plays = b.plays((6, 5));
        assert!(plays.iter().all(|(s, _)| s[0].from == 8));
    }
}
