//! A team event's matches as its report file gives them: each round's matches found from the
//! games (a team meets one team a round), with the boards forfeited by an absent player, the
//! matches forfeited by an absent team (`330`) and the teams' byes (`320`); and each team's
//! match and game points from them.

use std::collections::BTreeMap;

use crate::points::Points;
use crate::trf::{Colour, MatchForfeit, Outcome, PlayerId, Tournament};

use super::MatchPoints;

/// One match of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportedMatch {
    pub round: u16,
    /// The teams' pairing numbers: first the one with White on the highest board played (where
    /// no board says, the lower number; for a forfeited match, as the file lists them).
    pub teams: [u16; 2],
    pub game_points: [Points; 2],
    pub match_points: [Points; 2],
    /// Not played: a team, or both, did not come (`330`).
    pub forfeited: bool,
}

/// Why the file's games and team records do not make matches.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    #[error("round {round}: player {player} plays but is in no team")]
    NoTeam { round: u16, player: PlayerId },
    #[error("round {round}: team {team} meets teams {first} and {second}")]
    TwoOpponents {
        round: u16,
        team: u16,
        first: u16,
        second: u16,
    },
    #[error("round {round}: player {player} of team {team} meets a player of the same team")]
    SameTeam {
        round: u16,
        team: u16,
        player: PlayerId,
    },
    #[error("round {round}: team {team} scores on its boards but meets no team and no forfeited match names it")]
    NoOpponent { round: u16, team: u16 },
    #[error("round {round}: team {team} has two results (a match, a forfeited match or the bye)")]
    TwoResults { round: u16, team: u16 },
}

/// What a match is worth under the file's `362` (2, 1 and 0 without one).
fn match_points(t: &Tournament) -> MatchPoints {
    let s = t.match_scoring.unwrap_or(crate::trf::MATCH_SCORING);
    MatchPoints {
        win: s.win,
        draw: s.draw,
        loss: s.loss,
    }
}

/// The rounds the file holds results for: games, or forfeited matches.
fn rounds_held(t: &Tournament) -> u16 {
    let played = u16::try_from(t.played_rounds()).unwrap_or(u16::MAX);
    let forfeited = t.forfeited_matches.iter().map(|f| f.round).max();
    forfeited.map_or(played, |f| f.max(played))
}

/// Every match of every round the file holds, round by round.
pub fn matches(t: &Tournament) -> Result<Vec<ReportedMatch>, MatchError> {
    let mut team_of: BTreeMap<PlayerId, (u16, usize)> = BTreeMap::new();
    for team in &t.teams {
        for (place, p) in team.players.iter().enumerate() {
            if let Some(p) = p {
                team_of.insert(*p, (team.number, place));
            }
        }
    }
    let worth = match_points(t);
    let rounds = (1..=rounds_held(t))
        .map(|round| sides_in(t, &team_of, round))
        .collect::<Result<Vec<_>, _>>()?;
    // Without `352`, a match has as many boards as a team ever fielded.
    let boards = t.board_colours.as_ref().map_or_else(
        || rounds.iter().map(most_boards).max().unwrap_or(0),
        Vec::len,
    );
    let mut all = Vec::new();
    for (sides, round) in rounds.iter().zip(1..) {
        let forfeited: Vec<_> = t
            .forfeited_matches
            .iter()
            .filter(|f| f.round == round)
            .collect();
        let mut found = played_matches(sides, round, worth, |team| {
            forfeited.iter().any(|f| f.white == team || f.black == team)
        })?;
        for f in forfeited {
            let present = match f.forfeit {
                MatchForfeit::WhiteWins => Some(0),
                MatchForfeit::BlackWins => Some(1),
                MatchForfeit::BothLose => None,
            };
            let mut game_points = [Points::ZERO; 2];
            let mut match_points = [worth.loss; 2];
            if let Some(i) = present {
                let boards = i32::try_from(boards).unwrap_or(i32::MAX);
                game_points[i] = Points::tenths(t.scoring.win.as_tenths().saturating_mul(boards));
                match_points[i] = worth.win;
            }
            found.push(ReportedMatch {
                round,
                teams: [f.white, f.black],
                game_points,
                match_points,
                forfeited: true,
            });
        }
        once_a_round(&found, t, round)?;
        all.extend(found);
    }
    Ok(all)
}

/// Each team has at most one result in `round`: a match, a forfeited match, or the bye.
fn once_a_round(found: &[ReportedMatch], t: &Tournament, round: u16) -> Result<(), MatchError> {
    let bye = t
        .team_byes
        .as_ref()
        .and_then(|b| b.rounds.get(usize::from(round) - 1).copied().flatten());
    let mut seen = std::collections::HashSet::new();
    for team in found.iter().flat_map(|m| m.teams).chain(bye) {
        if !seen.insert(team) {
            return Err(MatchError::TwoResults { round, team });
        }
    }
    Ok(())
}

/// A team's boards in one round: its opponent, its game points, whether any board was played or
/// won (a match whose every board both sides forfeited is lost by both), and the list place and
/// colour of its highest player who met an opponent.
#[derive(Default)]
struct Side {
    opponent: Option<u16>,
    points: Points,
    boards: usize,
    scored: bool,
    top: Option<(usize, Colour)>,
}

/// The most boards a team fielded in a round, for a file that does not say how many there are.
fn most_boards(sides: &BTreeMap<u16, Side>) -> usize {
    sides.values().map(|s| s.boards).max().unwrap_or(0)
}

/// Each team's boards in `round`: games and board forfeits (a player's own bye is not a board
/// of the match).
fn sides_in(
    t: &Tournament,
    team_of: &BTreeMap<PlayerId, (u16, usize)>,
    round: u16,
) -> Result<BTreeMap<u16, Side>, MatchError> {
    let mut sides: BTreeMap<u16, Side> = BTreeMap::new();
    for p in &t.players {
        let Some(entry) = p.rounds.get(usize::from(round) - 1) else {
            continue;
        };
        let outcome = entry.outcome;
        if !(outcome.played() || matches!(outcome, Outcome::ForfeitWin | Outcome::ForfeitLoss)) {
            continue;
        }
        let &(team, place) = team_of.get(&p.id).ok_or(MatchError::NoTeam {
            round,
            player: p.id,
        })?;
        let side = sides.entry(team).or_default();
        side.points += t.scoring.of(outcome);
        side.boards += 1;
        side.scored |= outcome != Outcome::ForfeitLoss;
        let Some(opponent) = entry.opponent else {
            continue;
        };
        let &(theirs, _) = team_of.get(&opponent).ok_or(MatchError::NoTeam {
            round,
            player: opponent,
        })?;
        if theirs == team {
            return Err(MatchError::SameTeam {
                round,
                team,
                player: p.id,
            });
        }
        match side.opponent {
            Some(first) if first != theirs => {
                return Err(MatchError::TwoOpponents {
                    round,
                    team,
                    first,
                    second: theirs,
                })
            }
            _ => side.opponent = Some(theirs),
        }
        if let Some(colour) = entry.colour {
            if side.top.is_none_or(|(top, _)| place < top) {
                side.top = Some((place, colour));
            }
        }
    }
    Ok(sides)
}

/// The matches played (or partly forfeited board by board) in `round`; `in_forfeited` says
/// whether a forfeited match names a team (whose board forfeits then belong to it).
fn played_matches(
    sides: &BTreeMap<u16, Side>,
    round: u16,
    worth: MatchPoints,
    in_forfeited: impl Fn(u16) -> bool,
) -> Result<Vec<ReportedMatch>, MatchError> {
    let mut found = Vec::new();
    for (&team, side) in sides {
        let Some(opponent) = side.opponent else {
            if in_forfeited(team) {
                continue;
            }
            return Err(MatchError::NoOpponent { round, team });
        };
        // Each pair once, from the lower number's side.
        if opponent < team && sides.get(&opponent).and_then(|s| s.opponent) == Some(team) {
            continue;
        }
        let empty = Side::default();
        let theirs = sides.get(&opponent).unwrap_or(&empty);
        let white = |s: &Side| s.top.map(|(_, c)| c == Colour::White);
        let team_first = white(side).or(white(theirs).map(|w| !w)).unwrap_or(true);
        let (first, second) = if team_first {
            ((team, side), (opponent, theirs))
        } else {
            ((opponent, theirs), (team, side))
        };
        let game_points = [first.1.points, second.1.points];
        let match_points = worth.result(game_points, !first.1.scored && !second.1.scored);
        found.push(ReportedMatch {
            round,
            teams: [first.0, second.0],
            game_points,
            match_points,
            forfeited: false,
        });
    }
    Ok(found)
}

/// Each team's match points and game points over the rounds the file holds, byes included.
pub fn team_points(t: &Tournament) -> Result<BTreeMap<u16, [Points; 2]>, MatchError> {
    let mut totals: BTreeMap<u16, [Points; 2]> = t
        .teams
        .iter()
        .map(|team| (team.number, [Points::ZERO; 2]))
        .collect();
    for m in matches(t)? {
        for (i, team) in m.teams.iter().enumerate() {
            let total = totals.entry(*team).or_default();
            total[0] += m.match_points[i];
            total[1] += m.game_points[i];
        }
    }
    if let Some(byes) = &t.team_byes {
        let rounds = usize::from(rounds_held(t));
        for team in byes.rounds.iter().take(rounds).flatten() {
            let total = totals.entry(*team).or_default();
            total[0] += byes.match_points;
            total[1] += byes.game_points;
        }
    }
    Ok(totals)
}
