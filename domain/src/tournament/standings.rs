//! The tournament's report file, standings, tie-breaks and team standings.

use super::*;

/// Teams ranked from individual results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Team {
    School,
    /// A school's class.
    Class,
}

/// How teams with the same points are told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamTiebreak {
    /// The sum of the counted players' first tie-break.
    SumOfTiebreaks,
    /// The team whose best player ranks higher.
    BestBoard,
}

/// A team's line in the school or class standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRow {
    pub team: String,
    pub rank: usize,
    /// Hundredths of a point.
    pub points: i64,
    pub tiebreak: i64,
    /// The individual rank of the team's best player.
    pub best_board: usize,
    /// The players whose results count, best first.
    pub counted: Vec<PlayerId>,
}

impl Tournament {
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.entrant.player == id)
    }

    /// The round to pair next, from 1.
    pub fn next_round(&self) -> u16 {
        u16::try_from(self.rounds.len()).unwrap_or(u16::MAX) + 1
    }

    pub(super) fn board(
        &self,
        round: u16,
        white: PlayerId,
    ) -> Result<(Pairing, Option<Outcome>), Rejection> {
        let r = self
            .rounds
            .get(usize::from(round).wrapping_sub(1))
            .ok_or(Rejection::RoundNotPaired(round))?;
        let board = r
            .boards
            .iter()
            .find(|(p, _)| p.white == white)
            .ok_or(Rejection::NoSuchBoard { round, white })?;
        if board.0.black.is_none() {
            return Err(Rejection::ByeHasNoResult);
        }
        Ok(*board)
    }

    /// Pairing numbers: the place in `players` (starting rank), from 1.
    pub(super) fn number(&self, id: PlayerId) -> trf::PlayerId {
        let at = self.players.iter().position(|p| p.entrant.player == id);
        at.map_or(0, |i| trf::PlayerId::try_from(i + 1).unwrap_or(0))
    }

    /// The tournament as a report file: every round played, and the entries already known for
    /// round `next` (requested byes, withdrawals, late entries' unplayed rounds).
    pub fn report(&self, next: u16) -> trf::Tournament {
        let s = &self.setup.scoring;
        let scoring = trf::Scoring {
            win: pairing::Points::tenths(s.win),
            draw: pairing::Points::tenths(s.draw),
            loss: pairing::Points::tenths(s.loss),
            absence: pairing::Points::ZERO,
            pairing_bye: pairing::Points::tenths(s.pairing_bye),
        };
        let mut report = trf::Tournament {
            name: self.setup.name.clone(),
            rounds: Some(self.setup.rounds),
            initial_colour: Some(if self.setup.first_colour_white {
                trf::Colour::White
            } else {
                trf::Colour::Black
            }),
            scoring,
            tiebreaks: self.tiebreaks.clone(),
            records: self.records(),
            ..trf::Tournament::default()
        };
        for p in &self.players {
            let id = p.entrant.player;
            let mut rounds = Vec::new();
            for (r, round) in self.rounds.iter().enumerate() {
                let r = u16::try_from(r + 1).unwrap_or(u16::MAX);
                rounds.push(self.entry(p, r, Some(round)).unwrap_or(trf::Entry::ABSENT));
            }
            if next <= self.setup.rounds {
                if let Some(e) = self.entry(p, next, None) {
                    rounds.push(e);
                }
            }
            let points = rounds
                .iter()
                .take(self.rounds.len())
                .map(|e| scoring.of(e.outcome))
                .sum();
            report.players.push(trf::Player {
                id: self.number(id),
                sex: None,
                title: String::new(),
                name: p.entrant.name.clone(),
                rating: p.entrant.rating,
                federation: String::new(),
                fide_id: String::new(),
                birth: p
                    .entrant
                    .birth_year
                    .map(|y| y.to_string())
                    .unwrap_or_default(),
                points,
                rank: None,
                rounds,
            });
        }
        report
    }

    /// The report's tournament records: place (`022`), first and last days (`042`, `052`, as
    /// `YYYY/MM/DD`) and type (`092`, which tells a round robin from a Swiss).
    pub(super) fn records(&self) -> Vec<(String, String)> {
        let s = &self.setup;
        let day = |d: &Option<String>| d.as_ref().map(|d| d.replace('-', "/"));
        let kind = match s.system {
            System::Swiss => "Swiss (FIDE Dutch)",
            System::RoundRobin => "Round robin",
            System::DoubleRoundRobin => "Double round robin",
            System::Knockout => "Knockout",
            System::DoubleElimination => "Double elimination",
        };
        [
            ("022", s.place.clone()),
            ("042", day(&s.start_date)),
            ("052", day(&s.end_date)),
            ("092", Some(kind.to_owned())),
        ]
        .into_iter()
        .filter_map(|(tag, text)| Some((tag.to_owned(), text?)))
        .collect()
    }

    /// A player's entry for round `r`: their game or bye in it, else what is known before it is
    /// paired (a requested bye, a withdrawal, a round before they entered).
    pub(super) fn entry(&self, p: &Player, r: u16, round: Option<&Round>) -> Option<trf::Entry> {
        use trf::Outcome as O;
        let id = p.entrant.player;
        if let Some(round) = round {
            for (pairing, outcome) in &round.boards {
                let (colour, opponent) = if pairing.white == id {
                    (trf::Colour::White, pairing.black)
                } else if pairing.black == Some(id) {
                    (trf::Colour::Black, Some(pairing.white))
                } else {
                    continue;
                };
                let Some(opponent) = opponent else {
                    return Some(trf::Entry {
                        opponent: None,
                        colour: None,
                        outcome: O::PairingBye,
                    });
                };
                let white_view = match outcome {
                    Some(Outcome::WhiteWins) => O::Win,
                    Some(Outcome::Draw) => O::Draw,
                    Some(Outcome::BlackWins) => O::Loss,
                    Some(Outcome::WhiteWinsByForfeit) => O::ForfeitWin,
                    Some(Outcome::BlackWinsByForfeit) | Some(Outcome::DoubleForfeit) => {
                        O::ForfeitLoss
                    }
                    // Not in yet: the pairing is known, the result is not (a loss for now).
                    None => O::Loss,
                };
                let outcome = match (colour, white_view, outcome) {
                    (trf::Colour::White, o, _) => o,
                    (_, _, Some(Outcome::DoubleForfeit)) => O::ForfeitLoss,
                    (_, O::Win, _) => O::Loss,
                    (_, O::Loss, _) => O::Win,
                    (_, O::ForfeitWin, _) => O::ForfeitLoss,
                    (_, O::ForfeitLoss, _) => O::ForfeitWin,
                    (_, o, _) => o,
                };
                return Some(trf::Entry {
                    opponent: Some(self.number(opponent)),
                    colour: Some(colour),
                    outcome,
                });
            }
        }
        let absent = |outcome| {
            Some(trf::Entry {
                opponent: None,
                colour: None,
                outcome,
            })
        };
        if let Some((_, kind)) = p.byes.iter().find(|(round, _)| *round == r) {
            return absent(match kind {
                ByeKind::Half => O::HalfBye,
                ByeKind::Zero => O::ZeroBye,
                ByeKind::Full => O::FullBye,
            });
        }
        if p.withdrawn_from.is_some_and(|from| r >= from) || r < p.entered_for {
            return absent(O::ZeroBye);
        }
        None
    }

    /// Round `round`'s pairs in board order, and with round 1 the starting rank.
    pub(super) fn pair(&self, round: u16) -> Result<(Vec<Pairing>, Vec<PlayerId>), Rejection> {
        let mut t = self.clone();
        let mut ranking = Vec::new();
        if round == 1 {
            t.players.sort_by(|a, b| {
                b.entrant
                    .rating
                    .cmp(&a.entrant.rating)
                    .then_with(|| a.entrant.name.cmp(&b.entrant.name))
            });
            ranking = t.players.iter().map(|p| p.entrant.player).collect();
        }
        let report = t.report(round);
        let by_number = |n: trf::PlayerId| t.players[usize::from(n) - 1].entrant.player;
        let boards = match t.setup.system {
            System::Swiss => {
                let options = dutch::Options { baku: t.setup.baku };
                dutch::pair(&report, options).map_err(|e| Rejection::NoPairing(e.into()))?
            }
            System::RoundRobin | System::DoubleRoundRobin => {
                let n = trf::PlayerId::try_from(t.players.len()).unwrap_or(trf::PlayerId::MAX);
                let double = t.setup.system == System::DoubleRoundRobin;
                let table = berger::schedule(n, double);
                let rounds = u16::try_from(table.len()).unwrap_or(u16::MAX);
                table
                    .into_iter()
                    .nth(usize::from(round) - 1)
                    .ok_or(Rejection::AllRoundsPaired(rounds))?
            }
            System::Knockout | System::DoubleElimination => return Err(Rejection::CupPlaysMatches),
        };
        let pairings = boards
            .into_iter()
            .map(|b| match b {
                berger::Board::Game { white, black } => Pairing {
                    white: by_number(white),
                    black: Some(by_number(black)),
                },
                berger::Board::Bye(p) => Pairing {
                    white: by_number(p),
                    black: None,
                },
            })
            .collect();
        Ok((pairings, ranking))
    }

    /// Schools' (or classes') standings: each team's best `best` players by the individual
    /// standings (by `codes`, the first of them PTS), their points summed; ties broken by the
    /// sum of those players' next tie-break, or by the team's best board (its best player's
    /// rank). Players with no school (or class) are in no team. A cup counts matches instead
    /// (see [`CupPlay::team_entries`]); before its draw it has no team standings.
    pub fn team_standings(
        &self,
        by: Team,
        best: usize,
        codes: &[pairing::tiebreak::Code],
        tiebreak: TeamTiebreak,
    ) -> Vec<TeamRow> {
        let in_a_team = |p: &Player| match by {
            Team::School => p.entrant.school.is_some(),
            Team::Class => p.entrant.class.is_some(),
        };
        if !self.players.iter().any(in_a_team) {
            return Vec::new();
        }
        let entries: Vec<(PlayerId, usize, i64, i64)> = if self.setup.system.is_cup() {
            match &self.cup {
                Some(play) => play.team_entries(),
                None => Vec::new(),
            }
        } else {
            let table = self.standings(codes);
            let mut rows = table.rows.clone();
            rows.sort_by_key(|r| r.rank);
            rows.iter()
                .filter_map(|row| {
                    let p = self.players.get(usize::from(row.id).wrapping_sub(1))?;
                    let value = |i: usize| {
                        row.values
                            .get(i)
                            .copied()
                            .flatten()
                            .map_or(0, |v| v.hundredths())
                    };
                    Some((p.entrant.player, row.rank, value(0), value(1)))
                })
                .collect()
        };
        let mut teams: Vec<TeamRow> = Vec::new();
        for (player, rank, points, second) in entries {
            let Some(p) = self.player(player) else {
                continue;
            };
            let name = match by {
                Team::School => p.entrant.school.clone(),
                Team::Class => p
                    .entrant
                    .class
                    .as_ref()
                    .map(|c| format!("{} {c}", p.entrant.school.as_deref().unwrap_or(""))),
            };
            let Some(name) = name.map(|n| n.trim().to_owned()) else {
                continue;
            };
            let team = match teams.iter_mut().position(|t| t.team == name) {
                Some(i) => &mut teams[i],
                None => {
                    teams.push(TeamRow {
                        team: name,
                        rank: 0,
                        points: 0,
                        tiebreak: 0,
                        best_board: rank,
                        counted: Vec::new(),
                    });
                    teams.last_mut().expect("just pushed")
                }
            };
            if team.counted.len() < best {
                team.counted.push(player);
                team.points += points;
                team.tiebreak += second;
            }
        }
        let key = |t: &TeamRow| match tiebreak {
            TeamTiebreak::SumOfTiebreaks => (std::cmp::Reverse(t.points), -t.tiebreak, 0),
            TeamTiebreak::BestBoard => (std::cmp::Reverse(t.points), 0, t.best_board),
        };
        teams.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.team.cmp(&b.team)));
        for i in 0..teams.len() {
            let tied = i > 0 && key(&teams[i]) == key(&teams[i - 1]);
            teams[i].rank = if tied { teams[i - 1].rank } else { i + 1 };
        }
        teams
    }

    /// The standings' tie-breaks: the tournament's, else FIDE's recommendation for its system;
    /// PTS first.
    pub fn tiebreak_codes(&self) -> Vec<pairing::tiebreak::Code> {
        use pairing::tiebreak::{round_robin_default, swiss_default, Code};
        let mut codes: Vec<Code> = match &self.tiebreaks {
            Some(own) => own.iter().filter_map(|c| Code::parse(c)).collect(),
            None if self.setup.system == System::Swiss => swiss_default(),
            None => round_robin_default(),
        };
        codes.retain(|c| c.to_string() != "PTS");
        codes.insert(0, Code::parse("PTS").expect("PTS is a code"));
        codes
    }

    /// Rounds whose every result is in, from the first: the standings are after these.
    pub fn complete_rounds(&self) -> usize {
        self.rounds.iter().take_while(|r| r.missing() == 0).count()
    }

    /// The standings after the rounds completed (a round in play counts once its every result
    /// is in): each player's rank and tie-break values, by the given codes.
    pub fn standings(&self, codes: &[pairing::tiebreak::Code]) -> pairing::tiebreak::Standings {
        let mut report = self.report(self.next_round());
        let complete = self.complete_rounds();
        let scoring = report.scoring;
        for p in &mut report.players {
            p.rounds.truncate(complete);
            p.points = p.rounds.iter().map(|e| scoring.of(e.outcome)).sum();
        }
        pairing::tiebreak::standings(&report, codes, pairing::tiebreak::Rules::Fide2026)
    }
}
