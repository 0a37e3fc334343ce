//! A cup as its matches are decided: who stands on each side of each match, which matches can be
//! played now (both players known, whatever round the rest of the bracket is in: by
//! correspondence a round need not wait for its slowest match), and who has won the cup.
//!
//! A match one player comes to face a bye in is a walkover: they go through without playing. The
//! grand final's reset is played only if the losers' bracket's winner wins the grand final.

use std::collections::BTreeMap;

use super::{Bracket, DoubleBracket, Part, Slot};

/// A match of a bracket: its part, its round (0 the first) and its place in the round (top to
/// bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MatchId {
    pub part: Part,
    pub round: usize,
    pub index: usize,
}

/// Who stands on a side of a match as the cup stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// The player seeded so.
    Player(u32),
    /// No one will: the other side goes through.
    Bye,
    /// Not known until an earlier match is decided.
    NotYet,
}

/// The matches decided: the side (0 or 1) that won each.
pub type Decided = BTreeMap<MatchId, usize>;

/// Why a match cannot be decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotPlayable {
    /// No such match in the bracket, or no such side.
    NoSuchMatch,
    /// Decided already.
    Decided,
    /// One of its players is not known yet, or it is a walkover.
    NotReady,
}

/// A drawn cup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cup {
    Single(Bracket),
    Double(DoubleBracket),
}

impl Cup {
    fn rounds(&self, part: Part) -> &[Vec<[Slot; 2]>] {
        match (self, part) {
            (Cup::Single(b), Part::Winners) => &b.rounds,
            (Cup::Double(b), Part::Winners) => &b.winners,
            (Cup::Double(b), Part::Losers) => &b.losers,
            _ => &[],
        }
    }

    /// The two sides of match `m` as drawn.
    pub fn sides(&self, m: MatchId) -> Option<[Slot; 2]> {
        match (self, m.part) {
            (Cup::Double(b), Part::Final) => {
                (m.index == 0).then(|| b.finals.get(m.round).copied())?
            }
            (Cup::Single(b), Part::Final) => {
                (m.index == 0 && m.round == 0).then(|| b.third_place_match())?
            }
            _ => self.rounds(m.part).get(m.round)?.get(m.index).copied(),
        }
    }

    /// Every match of the cup: the winners' bracket round by round, then the losers', then the
    /// grand final and its reset (a single elimination's match for third place).
    pub fn matches(&self) -> Vec<MatchId> {
        let mut all = Vec::new();
        for part in [Part::Winners, Part::Losers] {
            for (round, matches) in self.rounds(part).iter().enumerate() {
                all.extend((0..matches.len()).map(|index| MatchId { part, round, index }));
            }
        }
        let finals = match self {
            Cup::Double(_) => 2,
            Cup::Single(b) => usize::from(b.third_place_match().is_some()),
        };
        all.extend((0..finals).map(|round| MatchId {
            part: Part::Final,
            round,
            index: 0,
        }));
        all
    }

    /// The cup's final: the winners' bracket's last match, or the grand final.
    pub fn final_match(&self) -> MatchId {
        match self {
            Cup::Single(b) => MatchId {
                part: Part::Winners,
                round: b.rounds.len() - 1,
                index: 0,
            },
            Cup::Double(_) => GRAND_FINAL,
        }
    }

    /// Who stands on each side of match `m`, given the matches decided.
    pub fn players(&self, m: MatchId, decided: &Decided) -> [Standing; 2] {
        if m == RESET && decided.get(&GRAND_FINAL) == Some(&0) {
            // The winners' bracket's winner won the grand final: there is no reset.
            return [Standing::Bye, Standing::Bye];
        }
        match self.sides(m) {
            Some([a, b]) => [self.standing(a, decided), self.standing(b, decided)],
            None => [Standing::Bye, Standing::Bye],
        }
    }

    /// Who stands in `slot`, given the matches decided.
    pub fn standing(&self, slot: Slot, decided: &Decided) -> Standing {
        match slot {
            Slot::Seed(s) => Standing::Player(s),
            Slot::Bye => Standing::Bye,
            Slot::WinnerOf { part, round, index } => {
                self.came_out(MatchId { part, round, index }, decided, true)
            }
            Slot::LoserOf { part, round, index } => {
                self.came_out(MatchId { part, round, index }, decided, false)
            }
        }
    }

    /// Who came out of match `m` as its winner (or its loser): decided, or a walkover.
    fn came_out(&self, m: MatchId, decided: &Decided, winner: bool) -> Standing {
        let [a, b] = self.players(m, decided);
        match decided.get(&m) {
            Some(&won) => {
                let (w, l) = if won == 0 { (a, b) } else { (b, a) };
                if winner {
                    w
                } else {
                    l
                }
            }
            None => match (a, b) {
                (Standing::Bye, Standing::Bye) => Standing::Bye,
                (Standing::Player(p), Standing::Bye) | (Standing::Bye, Standing::Player(p)) => {
                    if winner {
                        Standing::Player(p)
                    } else {
                        Standing::Bye
                    }
                }
                _ => Standing::NotYet,
            },
        }
    }

    /// The matches that can be played now: both players known, not yet decided.
    pub fn ready(&self, decided: &Decided) -> Vec<MatchId> {
        self.matches()
            .into_iter()
            .filter(|m| !decided.contains_key(m))
            .filter(|&m| {
                matches!(
                    self.players(m, decided),
                    [Standing::Player(_), Standing::Player(_)]
                )
            })
            .collect()
    }

    /// Records that side `winner` (0 or 1) of match `m` won it.
    pub fn decide(
        &self,
        decided: &mut Decided,
        m: MatchId,
        winner: usize,
    ) -> Result<(), NotPlayable> {
        if self.sides(m).is_none() || winner > 1 {
            return Err(NotPlayable::NoSuchMatch);
        }
        if decided.contains_key(&m) {
            return Err(NotPlayable::Decided);
        }
        if !matches!(
            self.players(m, decided),
            [Standing::Player(_), Standing::Player(_)]
        ) {
            return Err(NotPlayable::NotReady);
        }
        decided.insert(m, winner);
        Ok(())
    }

    /// Whether the cup is over: won, and no match left to play (the match for third place).
    pub fn over(&self, decided: &Decided) -> bool {
        self.champion(decided).is_some() && self.ready(decided).is_empty()
    }

    /// Who won the cup, once it is won.
    pub fn champion(&self, decided: &Decided) -> Option<u32> {
        let won = match self {
            Cup::Single(_) => self.came_out(self.final_match(), decided, true),
            Cup::Double(_) => match decided.get(&GRAND_FINAL) {
                Some(0) => self.came_out(GRAND_FINAL, decided, true),
                Some(_) => self.came_out(RESET, decided, true),
                None => Standing::NotYet,
            },
        };
        match won {
            Standing::Player(p) => Some(p),
            _ => None,
        }
    }
}

impl Cup {
    /// The bracket round by round, as it is shown: the winners' bracket, then the losers', then
    /// the finals; each round's matches top to bottom with who stands on each side and who won.
    pub fn shown(&self, decided: &Decided) -> Vec<ShownRound> {
        let mut rounds: Vec<ShownRound> = Vec::new();
        for m in self.matches() {
            let shown = ShownMatch {
                id: m,
                players: self.players(m, decided),
                winner: match self.came_out(m, decided, true) {
                    Standing::Player(p) if decided.contains_key(&m) => Some(p),
                    _ => None,
                },
            };
            match rounds.last_mut() {
                Some(r) if r.part == m.part && r.round == m.round => r.matches.push(shown),
                _ => rounds.push(ShownRound {
                    part: m.part,
                    round: m.round,
                    matches: vec![shown],
                }),
            }
        }
        rounds
    }

    /// The players out of the cup and their places, and the champion's, as far as the cup has
    /// gone: a player's place is one more than the number of players still in or out later, so
    /// those out in the same round share a place (the semi-finalists both third).
    pub fn placings(&self, decided: &Decided) -> Vec<(u32, u32)> {
        // When each player went out (their last loss): matches in order of part and round, a
        // player's first loss always in the winners' bracket.
        let mut out: Vec<(u32, (Part, usize))> = Vec::new();
        let lives = if matches!(self, Cup::Single(_)) { 1 } else { 2 };
        let mut losses: BTreeMap<u32, u32> = BTreeMap::new();
        for (&m, &won) in decided {
            if let Standing::Player(lost) = self.players(m, decided)[1 - won] {
                let n = losses.entry(lost).or_default();
                *n += 1;
                if *n == lives {
                    out.push((lost, (m.part, m.round)));
                }
            }
        }
        out.sort_by_key(|&(_, stage)| std::cmp::Reverse(stage));
        // Those still in (the champion, once the cup is won) come before everyone out.
        let players = match self {
            Cup::Single(b) => b.players,
            Cup::Double(b) => b.players,
        };
        let still_in = players - out.len() as u32;
        let mut places: Vec<(u32, u32)> =
            self.champion(decided).map(|c| (c, 1)).into_iter().collect();
        let mut i = 0;
        while i < out.len() {
            let stage = out[i].1;
            let place = still_in + i as u32 + 1;
            while i < out.len() && out[i].1 == stage {
                places.push((out[i].0, place));
                i += 1;
            }
        }
        // The match for third place parts the semi-finals' losers.
        if let (Cup::Single(b), Some(&won)) = (self, decided.get(&THIRD_PLACE)) {
            if b.third_place_match().is_some() {
                let sides = self.players(THIRD_PLACE, decided);
                for (side, place) in [(won, 3), (1 - won, 4)] {
                    if let Standing::Player(p) = sides[side] {
                        if let Some(entry) = places.iter_mut().find(|(q, _)| *q == p) {
                            entry.1 = place;
                        }
                    }
                }
            }
        }
        places
    }
}

/// A round of the bracket as it is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownRound {
    pub part: Part,
    pub round: usize,
    pub matches: Vec<ShownMatch>,
}

/// A match as it is shown: who stands on each side (a bye, or not known yet), and its winner
/// once it is decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownMatch {
    pub id: MatchId,
    pub players: [Standing; 2],
    pub winner: Option<u32>,
}

/// A double elimination's grand final.
pub const GRAND_FINAL: MatchId = MatchId {
    part: Part::Final,
    round: 0,
    index: 0,
};

/// A single elimination's match for third place.
pub const THIRD_PLACE: MatchId = MatchId {
    part: Part::Final,
    round: 0,
    index: 0,
};

/// The grand final played again when the losers' bracket's winner wins it.
pub const RESET: MatchId = MatchId {
    part: Part::Final,
    round: 1,
    index: 0,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the cup to its end, each ready match won by the side `pick` chooses; the matches
    /// played, in order.
    fn play_out(cup: &Cup, mut pick: impl FnMut(MatchId) -> usize) -> (Decided, Vec<MatchId>) {
        let mut decided = Decided::new();
        let mut played = Vec::new();
        while let Some(&m) = cup.ready(&decided).first() {
            cup.decide(&mut decided, m, pick(m)).unwrap();
            played.push(m);
        }
        (decided, played)
    }

    #[test]
    fn a_match_starts_as_soon_as_both_its_players_are_known() {
        // 13 players: seeds 1, 2 and 3 have byes; five first-round matches can start.
        let cup = Cup::Single(Bracket::single(13).unwrap());
        let mut decided = Decided::new();
        assert_eq!(cup.ready(&decided).len(), 5);
        // Seed 1 meets the winner of 8 v 9 the moment that match is decided, while the rest
        // of the first round is still being played.
        let eight_nine = MatchId {
            part: Part::Winners,
            round: 0,
            index: 1,
        };
        assert_eq!(
            cup.players(eight_nine, &decided),
            [Standing::Player(8), Standing::Player(9)]
        );
        cup.decide(&mut decided, eight_nine, 1).unwrap();
        let second = MatchId {
            part: Part::Winners,
            round: 1,
            index: 0,
        };
        assert_eq!(
            cup.players(second, &decided),
            [Standing::Player(1), Standing::Player(9)]
        );
        assert!(cup.ready(&decided).contains(&second));
        assert_eq!(
            cup.decide(&mut decided, eight_nine, 0),
            Err(NotPlayable::Decided)
        );
        let final_match = cup.final_match();
        assert_eq!(
            cup.decide(&mut decided, final_match, 0),
            Err(NotPlayable::NotReady)
        );
    }

    #[test]
    fn every_single_elimination_ends_with_one_champion_after_n_minus_1_matches() {
        for n in 2..=70 {
            let cup = Cup::Single(Bracket::single(n).unwrap());
            // The higher seed wins every match: the top seed wins the cup.
            let (decided, played) = play_out(&cup, |_| 0);
            assert_eq!(played.len() as u32, n - 1, "{n} players");
            assert_eq!(cup.champion(&decided), Some(1), "{n} players");
        }
    }

    #[test]
    fn a_double_elimination_with_a_reset_ends_after_2n_minus_1_matches() {
        for n in 3..=70 {
            let cup = Cup::Double(DoubleBracket::draw(n).unwrap());
            // Seed 1 loses once, in the winners' bracket's final, and wins the grand final from
            // the losers' bracket, forcing the reset, which it wins too.
            let wb_final = cup.rounds(Part::Winners).len() - 1;
            let (decided, played) = play_out(&cup, |m| match m {
                MatchId {
                    part: Part::Winners,
                    round,
                    ..
                } if round == wb_final => 1,
                m if m == GRAND_FINAL => 1,
                _ => 0,
            });
            assert!(played.contains(&RESET), "{n} players: the reset is played");
            assert_eq!(played.len() as u32, 2 * n - 1, "{n} players");
            assert_eq!(cup.champion(&decided), Some(1), "{n} players");
            // Without the reset: the winners' bracket's winner wins the grand final.
            let (decided, played) = play_out(&cup, |_| 0);
            assert!(!played.contains(&RESET), "{n} players");
            assert_eq!(played.len() as u32, 2 * n - 2, "{n} players");
            assert_eq!(cup.champion(&decided), Some(1), "{n} players");
        }
    }

    #[test]
    fn no_one_plays_on_after_losing_once_or_twice() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut coin = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed & 1) as usize
        };
        for n in 3..=70 {
            for cup in [
                Cup::Single(Bracket::single(n).unwrap()),
                Cup::Double(DoubleBracket::draw(n).unwrap()),
            ] {
                let lives = if matches!(cup, Cup::Single(_)) { 1 } else { 2 };
                let (decided, played) = play_out(&cup, |_| coin());
                let mut losses = vec![0; n as usize + 1];
                let mut before = Decided::new();
                for m in played {
                    let players = cup.players(m, &before);
                    for p in players {
                        let Standing::Player(p) = p else {
                            panic!("{n} players: {m:?} played without both players");
                        };
                        assert!(losses[p as usize] < lives, "{n}: {p} plays on at {m:?}");
                    }
                    let won = decided[&m];
                    if let Standing::Player(lost) = players[1 - won] {
                        losses[lost as usize] += 1;
                    }
                    before.insert(m, won);
                }
                let champion = cup.champion(&decided).expect("the cup is won");
                let out = (1..=n).filter(|&p| losses[p as usize] >= lives).count() as u32;
                assert_eq!(out, n - 1, "{n} players: all but the champion are out");
                assert!(losses[champion as usize] < lives);
            }
        }
    }

    #[test]
    fn the_semi_finals_losers_play_for_third_place_where_the_cup_has_that_match() {
        for n in 3..=20 {
            let cup = Cup::Single(Bracket::single(n).unwrap().with_third_place());
            // The upper side wins every match: in the match for third place that is seed 4,
            // the loser of the upper semi-final.
            let (decided, played) = play_out(&cup, |_| 0);
            let real = n >= 4;
            assert_eq!(played.contains(&THIRD_PLACE), real, "{n} players");
            assert_eq!(played.len() as u32, n - 1 + u32::from(real), "{n} players");
            assert!(cup.over(&decided));
            let places: BTreeMap<u32, u32> = cup.placings(&decided).into_iter().collect();
            assert_eq!((places[&1], places[&2]), (1, 2), "{n} players");
            if real {
                // Seeds 3 and 4 lost the semi-finals; 4 won the match for third place.
                assert_eq!((places[&4], places[&3]), (3, 4), "{n} players");
            } else {
                assert_eq!(places[&3], 3);
            }
        }
        // Two players have no semi-finals, three only one: no match for third place.
        let two = Cup::Single(Bracket::single(2).unwrap().with_third_place());
        assert_eq!(two.matches().len(), 1);
        let three = Cup::Single(Bracket::single(3).unwrap().with_third_place());
        assert_eq!(three.matches().len(), 3);
        // The cup is won before the match for third place is played, and not over.
        let cup = Cup::Single(Bracket::single(4).unwrap().with_third_place());
        let mut decided = Decided::new();
        for m in cup
            .matches()
            .into_iter()
            .filter(|m| m.part == Part::Winners)
        {
            cup.decide(&mut decided, m, 0).unwrap();
        }
        assert_eq!(cup.champion(&decided), Some(1));
        assert!(!cup.over(&decided));
        assert_eq!(cup.ready(&decided), [THIRD_PLACE]);
    }

    #[test]
    fn the_places_are_shared_by_those_out_in_the_same_round() {
        let cup = Cup::Single(Bracket::single(8).unwrap());
        let (decided, _) = play_out(&cup, |_| 0);
        let places: BTreeMap<u32, u32> = cup.placings(&decided).into_iter().collect();
        assert_eq!(
            places,
            BTreeMap::from([
                (1, 1),
                (2, 2),
                (3, 3),
                (4, 3),
                (5, 5),
                (6, 5),
                (7, 5),
                (8, 5)
            ])
        );
        // A double elimination: the losers' bracket's rounds place those out in them.
        let cup = Cup::Double(DoubleBracket::draw(8).unwrap());
        let (decided, _) = play_out(&cup, |_| 0);
        let mut places: Vec<u32> = cup.placings(&decided).into_iter().map(|(_, p)| p).collect();
        places.sort_unstable();
        assert_eq!(places, [1, 2, 3, 4, 5, 5, 7, 7]);
        // Half-way, only those out so far are placed, and no one is first yet.
        let cup = Cup::Single(Bracket::single(8).unwrap());
        let (decided, _) = play_out(&cup, |_| 0);
        let first_round: Decided = decided.iter().take(4).map(|(&m, &w)| (m, w)).collect();
        let mut places = cup.placings(&first_round);
        places.sort_unstable();
        assert_eq!(places, [(5, 5), (6, 5), (7, 5), (8, 5)]);
    }

    #[test]
    fn the_bracket_is_shown_round_by_round_with_its_byes_and_winners() {
        let cup = Cup::Single(Bracket::single(3).unwrap());
        let mut decided = Decided::new();
        let shown = cup.shown(&decided);
        assert_eq!(shown.len(), 2);
        assert_eq!(
            shown[0].matches[0].players,
            [Standing::Player(1), Standing::Bye]
        );
        assert_eq!(
            shown[0].matches[0].winner, None,
            "a walkover is no match won"
        );
        assert_eq!(
            shown[1].matches[0].players,
            [Standing::Player(1), Standing::NotYet]
        );
        let two_three = shown[0].matches[1].id;
        cup.decide(&mut decided, two_three, 1).unwrap();
        let shown = cup.shown(&decided);
        assert_eq!(shown[0].matches[1].winner, Some(3));
        assert_eq!(
            shown[1].matches[0].players,
            [Standing::Player(1), Standing::Player(3)]
        );
        let double = Cup::Double(DoubleBracket::draw(4).unwrap()).shown(&Decided::new());
        let parts: Vec<Part> = double.iter().map(|r| r.part).collect();
        assert_eq!(
            parts,
            [
                Part::Winners,
                Part::Winners,
                Part::Losers,
                Part::Losers,
                Part::Final,
                Part::Final
            ]
        );
    }
}
