//! A team event's standings from its report file: each team's match and game points and the
//! team tie-breaks that sum over its opponents, Buchholz and the extended Sonneborn-Berger
//! family, each on match or game points. They are counted as in a round robin: every match as
//! played, a forfeited one with its result, and the bye adds nothing to them.

use std::collections::BTreeMap;

use crate::points::Points;
use crate::tiebreak::Value;
use crate::trf::Tournament;

use super::report::{matches, team_points, MatchError};

/// Which of a team's scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    Match,
    Game,
}

impl Score {
    fn letter(self) -> char {
        match self {
            Score::Match => 'M',
            Score::Game => 'G',
        }
    }

    fn of(self, points: [Points; 2]) -> Points {
        match self {
            Score::Match => points[0],
            Score::Game => points[1],
        }
    }
}

/// A team tie-break, named as the tie-break programs name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamTiebreak {
    /// `MPTS`, `GPTS`: the team's own score.
    Points(Score),
    /// `BH:MP`, `BH:GP`: the sum of its opponents' final scores.
    Buchholz(Score),
    /// `EMMSB`, `EMGSB`, `EGMSB`, `EGGSB`: the sum, over its matches, of the opponent's final
    /// `opponent` score times the team's own `own` score in that match. `EMGSB` (opponents'
    /// match points times the game points won against them) is the Olympiad's.
    SonnebornBerger { opponent: Score, own: Score },
}

impl TeamTiebreak {
    pub fn parse(code: &str) -> Option<TeamTiebreak> {
        use Score::{Game, Match};
        let score = |c: char| match c {
            'M' => Some(Match),
            'G' => Some(Game),
            _ => None,
        };
        Some(match code.trim().to_ascii_uppercase().as_str() {
            "MPTS" => TeamTiebreak::Points(Match),
            "GPTS" => TeamTiebreak::Points(Game),
            "BH:MP" => TeamTiebreak::Buchholz(Match),
            "BH:GP" => TeamTiebreak::Buchholz(Game),
            c if c.len() == 5 && c.starts_with('E') && c.ends_with("SB") => {
                let mut letters = c[1..3].chars();
                TeamTiebreak::SonnebornBerger {
                    opponent: score(letters.next()?)?,
                    own: score(letters.next()?)?,
                }
            }
            _ => return None,
        })
    }

    pub fn code(self) -> String {
        match self {
            TeamTiebreak::Points(s) => format!("{}PTS", s.letter()),
            TeamTiebreak::Buchholz(s) => format!("BH:{}P", s.letter()),
            TeamTiebreak::SonnebornBerger { opponent, own } => {
                format!("E{}{}SB", opponent.letter(), own.letter())
            }
        }
    }
}

/// One team's place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    pub team: u16,
    /// From 1, by the tie-breaks in order; teams tied on every one share a rank (and are listed
    /// by pairing number).
    pub rank: usize,
    pub match_points: Points,
    pub game_points: Points,
    /// The tie-breaks' values, in the order asked.
    pub values: Vec<Value>,
}

/// The product of two scores, in hundredths.
fn product(a: Points, b: Points) -> i64 {
    i64::from(a.as_tenths()) * i64::from(b.as_tenths())
}

/// The standings of the teams by `tiebreaks`, best first.
pub fn standings(t: &Tournament, tiebreaks: &[TeamTiebreak]) -> Result<Vec<TeamRow>, MatchError> {
    let totals = team_points(t)?;
    // Each team's matches: the opponent, and its own match and game points in the match.
    let mut met: BTreeMap<u16, Vec<(u16, [Points; 2])>> = BTreeMap::new();
    for m in matches(t)? {
        for (i, team) in m.teams.iter().enumerate() {
            met.entry(*team)
                .or_default()
                .push((m.teams[1 - i], [m.match_points[i], m.game_points[i]]));
        }
    }
    let final_of = |team: u16| totals.get(&team).copied().unwrap_or_default();
    let mut rows: Vec<TeamRow> = totals
        .iter()
        .map(|(&team, &points)| {
            let matches = met.get(&team).map(Vec::as_slice).unwrap_or_default();
            let values = tiebreaks
                .iter()
                .map(|tb| {
                    Value::from_hundredths(match *tb {
                        TeamTiebreak::Points(s) => i64::from(s.of(points).as_tenths()) * 10,
                        TeamTiebreak::Buchholz(s) => matches
                            .iter()
                            .map(|(o, _)| i64::from(s.of(final_of(*o)).as_tenths()) * 10)
                            .sum(),
                        TeamTiebreak::SonnebornBerger { opponent, own } => matches
                            .iter()
                            .map(|(o, mine)| product(opponent.of(final_of(*o)), own.of(*mine)))
                            .sum(),
                    })
                })
                .collect();
            TeamRow {
                team,
                rank: 0,
                match_points: points[0],
                game_points: points[1],
                values,
            }
        })
        .collect();
    rows.sort_by(|a, b| b.values.cmp(&a.values).then(a.team.cmp(&b.team)));
    for i in 0..rows.len() {
        rows[i].rank = match i {
            0 => 1,
            _ if rows[i].values == rows[i - 1].values => rows[i - 1].rank,
            _ => i + 1,
        };
    }
    Ok(rows)
}
