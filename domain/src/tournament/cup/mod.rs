//! A cup: a knockout of matches, single or double elimination, on the tournament's own log.
//!
//! The bracket is drawn when whoever runs the cup starts it (`CupDrawn`: the players in seed
//! order), laid out by `pairing::knockout`. A match starts as soon as both its players are known,
//! whatever the rest of the bracket is doing (`MatchGamesStarted`: a pair of games with the
//! colours exchanged, or one game of a game played as a match, as tavla is). Each game's result
//! comes back as `MatchGameFinished`; the match is `MatchDecided` once one side cannot be
//! caught, by the tie rule after its extra games, by the arbiter, or by a walkover when a player
//! withdraws. The cup finishes with its last match.

use std::collections::BTreeMap;

use pairing::knockout::mini_match::{self, MatchState, MiniMatch};
use pairing::knockout::progress::{Cup, Decided, MatchId, Standing};
use pairing::knockout::{Bracket, DoubleBracket, Part};
use serde::{Deserialize, Serialize};

use super::{BoardGame, Outcome, System};
use crate::game::Timestamp;
use crate::ids::{GameId, PlayerId};

mod decide;

pub(super) use decide::*;

/// How a cup's players are seeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeedingRule {
    /// By their zarf rating in the game, the highest first (the unrated last).
    #[default]
    Rating,
    /// In the order they were entered: the first entered is seed 1.
    Given,
    /// By lot, drawn when the cup is drawn.
    Lot,
}

/// How a match still tied after its extra games is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieRule {
    /// The higher seed goes through.
    #[default]
    HigherSeed,
    /// A lot, drawn by the service when the tie stands.
    Lot,
    /// The arbiter decides.
    Arbiter,
}

/// A cup's terms, chosen when it is made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CupTerms {
    #[serde(default)]
    pub seeding: SeedingRule,
    /// The games of a match proper: one, or an even number with the colours alternating; a game
    /// played as a match (tavla) is always one.
    pub games: u16,
    /// How many more pairs of games a tied match is played on for before the tie rule settles
    /// it.
    #[serde(default)]
    pub extra_pairs: u16,
    #[serde(default)]
    pub tie_rule: TieRule,
    /// Whether the semi-finals' losers play for third place (single elimination).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub third_place: bool,
    /// The points each round's match is played to (tavla), round 1 first, the last for every
    /// round after it; empty: the tournament's match length in every round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_lengths: Vec<u16>,
    /// The days a match has from when its first games start; past them, the arbiter decides a
    /// match still being played. None: no deadline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_days: Option<u16>,
}

impl Default for CupTerms {
    fn default() -> CupTerms {
        CupTerms {
            seeding: SeedingRule::Rating,
            games: 2,
            extra_pairs: 1,
            tie_rule: TieRule::HigherSeed,
            third_place: false,
            match_lengths: Vec::new(),
            match_days: None,
        }
    }
}

impl CupTerms {
    /// The terms of every match, as the pairing library reads them.
    pub fn mini_match(&self) -> MiniMatch {
        MiniMatch {
            games: u32::from(self.games),
            extra_pairs: u32::from(self.extra_pairs),
            tie_rule: match self.tie_rule {
                TieRule::HigherSeed => mini_match::TieRule::HigherSeed,
                TieRule::Lot => mini_match::TieRule::Lot,
                TieRule::Arbiter => mini_match::TieRule::Arbiter,
            },
        }
    }

    /// The points a match of `m` is played to, where the terms set them by round: a losers'
    /// bracket's round as the winners' round its players dropped from, a final as the last.
    pub fn match_length(&self, m: MatchRef) -> Option<u16> {
        let last = self.match_lengths.len().checked_sub(1)?;
        let depth = match m.bracket {
            BracketPart::Winners => usize::from(m.round) - 1,
            // Losers' round 1 holds winners' round 1's losers; each even round takes the
            // next winners' round's.
            BracketPart::Losers => usize::from(m.round) / 2,
            BracketPart::Final => last,
        };
        Some(self.match_lengths[depth.min(last)])
    }
}

/// The parts of a bracket, as the contract names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BracketPart {
    Winners,
    Losers,
    /// A double elimination's grand final and its reset; a single elimination's match for third
    /// place.
    Final,
}

/// A match of the bracket: its part, its round in that part and its place in the round, top to
/// bottom (both from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MatchRef {
    pub bracket: BracketPart,
    pub round: u16,
    pub number: u16,
}

impl MatchRef {
    /// The match as the pairing library names it.
    pub fn id(self) -> MatchId {
        MatchId {
            part: match self.bracket {
                BracketPart::Winners => Part::Winners,
                BracketPart::Losers => Part::Losers,
                BracketPart::Final => Part::Final,
            },
            round: usize::from(self.round).wrapping_sub(1),
            index: usize::from(self.number).wrapping_sub(1),
        }
    }

    pub fn of(m: MatchId) -> MatchRef {
        MatchRef {
            bracket: match m.part {
                Part::Winners => BracketPart::Winners,
                Part::Losers => BracketPart::Losers,
                Part::Final => BracketPart::Final,
            },
            round: u16::try_from(m.round + 1).unwrap_or(u16::MAX),
            number: u16::try_from(m.index + 1).unwrap_or(u16::MAX),
        }
    }
}

/// How a match was decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// By its games: the other side could no longer catch up.
    Games,
    /// Tied after every game: the higher seed goes through, as the terms say.
    HigherSeed,
    /// Tied after every game: by the lot the service drew.
    Lot,
    /// The other player withdrew.
    Walkover,
    /// By the arbiter (a tie the terms leave to them, a forfeit, a stalled match), with why.
    Arbiter { reason: String },
}

/// A game of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchGame {
    pub white: PlayerId,
    pub game: GameId,
    pub outcome: Option<Outcome>,
    /// The opening of the game's ballot it starts from.
    pub ballot: Option<u16>,
}

/// A cup as drawn and played so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CupPlay {
    pub cup: Cup,
    /// The players in seed order: seed 1 first.
    pub seeds: Vec<PlayerId>,
    /// The number the lot was drawn from, where the seeding was by lot.
    pub lot: Option<u64>,
    /// Each started match's games, in the order they were started.
    pub games: BTreeMap<MatchId, Vec<MatchGame>>,
    /// The side (0 or 1) that won each decided match.
    pub decided: Decided,
    pub decisions: BTreeMap<MatchId, Decision>,
    /// When each started match's first games started.
    pub started: BTreeMap<MatchId, Timestamp>,
    /// The days a match has from its start (the terms').
    pub match_days: Option<u16>,
}

impl CupPlay {
    /// The cup `system` draws for `seeds`, with its terms; none where the system is not a cup's
    /// or the number of players is not one it takes.
    pub fn drawn(
        system: System,
        terms: &CupTerms,
        seeds: Vec<PlayerId>,
        lot: Option<u64>,
    ) -> Option<CupPlay> {
        let n = u32::try_from(seeds.len()).ok()?;
        let cup = match system {
            System::Knockout => {
                let bracket = Bracket::single(n).ok()?;
                Cup::Single(if terms.third_place {
                    bracket.with_third_place()
                } else {
                    bracket
                })
            }
            System::DoubleElimination => Cup::Double(DoubleBracket::draw(n).ok()?),
            _ => return None,
        };
        Some(CupPlay {
            cup,
            seeds,
            lot,
            games: BTreeMap::new(),
            decided: Decided::new(),
            decisions: BTreeMap::new(),
            started: BTreeMap::new(),
            match_days: terms.match_days,
        })
    }

    /// The player seeded `seed` (from 1).
    pub fn seeded(&self, seed: u32) -> Option<PlayerId> {
        self.seeds.get((seed as usize).checked_sub(1)?).copied()
    }

    /// A player's seed.
    pub fn seed_of(&self, player: PlayerId) -> Option<u32> {
        let i = self.seeds.iter().position(|p| *p == player)?;
        u32::try_from(i + 1).ok()
    }

    /// Who stands on each side of match `m`, as the pairing library says.
    pub fn standings(&self, m: MatchId) -> [Standing; 2] {
        self.cup.players(m, &self.decided)
    }

    /// The players of match `m`, where both are known.
    pub fn players(&self, m: MatchId) -> Option<[PlayerId; 2]> {
        match self.standings(m) {
            [Standing::Player(a), Standing::Player(b)] => Some([self.seeded(a)?, self.seeded(b)?]),
            _ => None,
        }
    }

    /// Each finished game of match `m` as the pairing library counts it, from its first side:
    /// the games in the order they were started, up to the first one still being played.
    pub fn results(&self, m: MatchId) -> Vec<mini_match::GameResult> {
        let Some(first) = self.players(m).map(|p| p[0]) else {
            return Vec::new();
        };
        let games = self.games.get(&m).map(Vec::as_slice).unwrap_or_default();
        games
            .iter()
            .map_while(|g| Some(side_result(g.outcome?, g.white == first)))
            .collect()
    }

    /// Each side's score in match `m`, in half points, over every finished game.
    pub fn score(&self, m: MatchId) -> [u32; 2] {
        let Some(first) = self.players(m).map(|p| p[0]) else {
            return [0, 0];
        };
        let games = self.games.get(&m).map(Vec::as_slice).unwrap_or_default();
        let results: Vec<_> = games
            .iter()
            .filter_map(|g| Some(side_result(g.outcome?, g.white == first)))
            .collect();
        MiniMatch::score(&results)
    }

    /// Where match `m` stands under `terms`.
    pub fn state(&self, m: MatchId, terms: &MiniMatch) -> Option<MatchState> {
        let seeds = match self.standings(m) {
            [Standing::Player(a), Standing::Player(b)] => [a, b],
            _ => return None,
        };
        Some(terms.state(&self.results(m), seeds))
    }

    /// The match game `game` is a game of.
    pub fn match_of_game(&self, game: GameId) -> Option<(MatchId, &MatchGame)> {
        self.games
            .iter()
            .find_map(|(m, games)| Some((*m, games.iter().find(|g| g.game == game)?)))
    }

    /// Each player's final place, as far as the cup has gone (those out in the same round share
    /// one; the champion is first).
    pub fn places(&self) -> Vec<(PlayerId, u32)> {
        self.cup
            .placings(&self.decided)
            .into_iter()
            .filter_map(|(seed, place)| Some((self.seeded(seed)?, place)))
            .collect()
    }

    /// Each player as a team's standings count them in a cup, best first: their rank (their
    /// place once out or champion; 1 while still in, as none can rank above them yet), the
    /// matches they won (walkovers too) in hundredths of a point, and the points their games
    /// scored in hundredths.
    pub fn team_entries(&self) -> Vec<(PlayerId, usize, i64, i64)> {
        let places: BTreeMap<PlayerId, u32> = self.places().into_iter().collect();
        // Matches won and half points, each match's players looked up once a tally.
        let mut won: BTreeMap<PlayerId, i64> = BTreeMap::new();
        for (m, side) in &self.decided {
            if let Some(players) = self.players(*m) {
                *won.entry(players[*side]).or_default() += 1;
            }
        }
        let mut halves: BTreeMap<PlayerId, i64> = BTreeMap::new();
        for m in self.games.keys() {
            if let Some(players) = self.players(*m) {
                for (p, s) in players.iter().zip(self.score(*m)) {
                    *halves.entry(*p).or_default() += i64::from(s);
                }
            }
        }
        let mut entries: Vec<(PlayerId, usize, i64, i64)> = self
            .seeds
            .iter()
            .map(|&p| {
                let rank = places.get(&p).map_or(1, |&place| place as usize);
                let won = won.get(&p).copied().unwrap_or(0);
                let halves = halves.get(&p).copied().unwrap_or(0);
                (p, rank, won * 100, halves * 50)
            })
            .collect();
        // Stable: among equals, the higher seed first.
        entries.sort_by_key(|&(_, rank, won, _)| (rank, std::cmp::Reverse(won)));
        entries
    }

    /// Whether the cup is over: won, and no match left to play.
    pub fn over(&self) -> bool {
        self.cup.over(&self.decided)
    }

    /// The match player `player` is to play or is playing now, if any.
    pub fn current_match(&self, player: PlayerId) -> Option<MatchId> {
        self.cup
            .ready(&self.decided)
            .into_iter()
            .find(|m| self.players(*m).is_some_and(|p| p.contains(&player)))
    }

    /// The time by which match `m` is to be decided, where the terms set days for a match and
    /// it has started.
    pub fn deadline(&self, m: MatchId) -> Option<Timestamp> {
        let days = self.match_days?;
        Some(*self.started.get(&m)? + time::Duration::days(i64::from(days)))
    }

    /// Whether match `m` is still being played at `now`, past its deadline: the arbiter is to
    /// decide it.
    pub fn overdue(&self, m: MatchId, now: Timestamp) -> bool {
        !self.decided.contains_key(&m) && self.deadline(m).is_some_and(|d| now > d)
    }

    /// Folds a match's started games, at `at`.
    pub(super) fn games_started(
        &mut self,
        m: MatchRef,
        games: &[BoardGame],
        ballot: Option<u16>,
        at: Timestamp,
    ) {
        self.started.entry(m.id()).or_insert(at);
        self.games
            .entry(m.id())
            .or_default()
            .extend(games.iter().map(|g| MatchGame {
                white: g.white,
                game: g.game,
                outcome: None,
                ballot,
            }));
    }

    /// Folds a match game's result.
    pub(super) fn game_finished(&mut self, m: MatchRef, game: GameId, outcome: Outcome) {
        if let Some(g) = self
            .games
            .get_mut(&m.id())
            .and_then(|games| games.iter_mut().find(|g| g.game == game))
        {
            g.outcome = Some(outcome);
        }
    }

    /// Folds a match's decision.
    pub(super) fn match_decided(&mut self, m: MatchRef, winner: PlayerId, by: &Decision) {
        let id = m.id();
        if let Some(side) = self
            .players(id)
            .and_then(|p| p.iter().position(|q| *q == winner))
        {
            self.decided.insert(id, side);
            self.decisions.insert(id, by.clone());
        }
    }
}

/// A round of the bracket as it is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownRound {
    pub bracket: BracketPart,
    /// From 1, within its part.
    pub round: u16,
    pub matches: Vec<ShownMatch>,
}

/// A match as it is shown: a side is a bye or not known yet where it has no player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownMatch {
    pub at: MatchRef,
    pub seeds: [Option<u32>; 2],
    pub players: [Option<PlayerId>; 2],
    /// Whether a side is a bye (no one will stand there), as against not known yet.
    pub byes: [bool; 2],
    /// Each side's score, in half points.
    pub score: [u32; 2],
    pub winner: Option<PlayerId>,
    pub decision: Option<Decision>,
    pub games: Vec<MatchGame>,
    /// The time by which it is to be decided, where the terms set one and it has started.
    pub deadline: Option<Timestamp>,
}

impl CupPlay {
    /// The bracket round by round, each round's matches top to bottom: the winners' bracket,
    /// the losers', then the finals.
    pub fn shown(&self) -> Vec<ShownRound> {
        self.cup
            .shown(&self.decided)
            .into_iter()
            .map(|r| ShownRound {
                bracket: MatchRef::of(MatchId {
                    part: r.part,
                    round: r.round,
                    index: 0,
                })
                .bracket,
                round: u16::try_from(r.round + 1).unwrap_or(u16::MAX),
                matches: r
                    .matches
                    .into_iter()
                    .map(|m| {
                        let seed = |s: Standing| match s {
                            Standing::Player(p) => Some(p),
                            _ => None,
                        };
                        let seeds = m.players.map(seed);
                        ShownMatch {
                            at: MatchRef::of(m.id),
                            seeds,
                            players: seeds.map(|s| s.and_then(|s| self.seeded(s))),
                            byes: m.players.map(|s| s == Standing::Bye),
                            score: self.score(m.id),
                            winner: m.winner.and_then(|s| self.seeded(s)),
                            decision: self.decisions.get(&m.id).cloned(),
                            games: self.games.get(&m.id).cloned().unwrap_or_default(),
                            deadline: self.deadline(m.id),
                        }
                    })
                    .collect(),
            })
            .collect()
    }
}

/// A game's outcome from a match side's view: `first_white` where that side had White.
fn side_result(outcome: Outcome, first_white: bool) -> mini_match::GameResult {
    use mini_match::GameResult as R;
    let white_won = match outcome {
        Outcome::WhiteWins | Outcome::WhiteWinsByForfeit => Some(true),
        Outcome::BlackWins | Outcome::BlackWinsByForfeit => Some(false),
        Outcome::Draw | Outcome::DoubleForfeit => None,
    };
    match white_won {
        None => R::Draw,
        Some(w) if w == first_white => R::FirstWins,
        Some(_) => R::SecondWins,
    }
}

#[cfg(test)]
mod tests;
