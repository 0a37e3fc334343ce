//! The team records of TRF-2026: each team's line (`310`: its pairing number, name, short name,
//! strength, match and game points, rank, and its players in board order), the teams'
//! pairing-allocated byes (`320`), forfeited matches (`330`), the colours down the boards of the
//! first-named team (`352`) and the match scoring (`362`).

use std::collections::HashSet;
use std::fmt::Write as _;

use super::*;

/// What a match is worth where the file gives no `362`: 2, 1 and 0.
pub const MATCH_SCORING: Scoring = Scoring {
    win: Points::tenths(20),
    draw: Points::tenths(10),
    loss: Points::ZERO,
    absence: Points::ZERO,
    pairing_bye: Points::tenths(10),
};

/// A team's line (`310`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Team {
    /// Its pairing number, 1 to 999.
    pub number: u16,
    pub name: String,
    /// A short name (five columns), often blank.
    pub nickname: String,
    /// The strength the file gives (an average rating, say, `2345.5`), as it writes it.
    pub strength: Option<String>,
    pub match_points: Points,
    pub game_points: Points,
    pub rank: Option<u16>,
    /// Its players' pairing numbers (their `001` lines) in board order; `None` where the file
    /// leaves a board's place empty.
    pub players: Vec<Option<PlayerId>>,
}

/// The teams' pairing-allocated byes (`320`): what a bye is worth, and who had it in each round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamByes {
    pub match_points: Points,
    pub game_points: Points,
    /// Round by round from round 1: the team left unpaired, if any.
    pub rounds: Vec<Option<u16>>,
}

/// How a forfeited match (`330`) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchForfeit {
    /// `+-`: the team with White on board 1 came, the other did not.
    WhiteWins,
    /// `-+`
    BlackWins,
    /// `--`: neither came.
    BothLose,
}

impl MatchForfeit {
    /// The code as the file writes it; the readers of other programs' files also take `10`,
    /// `WL`, `WZ`, `01`, `LW`, `ZW`, `00`, `LL` and `ZZ`.
    pub fn code(self) -> &'static str {
        match self {
            MatchForfeit::WhiteWins => "+-",
            MatchForfeit::BlackWins => "-+",
            MatchForfeit::BothLose => "--",
        }
    }

    fn parse(code: &str) -> Option<MatchForfeit> {
        Some(match code.to_ascii_uppercase().as_str() {
            "+-" | "10" | "WL" | "WZ" => MatchForfeit::WhiteWins,
            "-+" | "01" | "LW" | "ZW" => MatchForfeit::BlackWins,
            "--" | "00" | "LL" | "ZZ" => MatchForfeit::BothLose,
            _ => return None,
        })
    }
}

/// A match not played because a team did not come (`330`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForfeitedMatch {
    pub forfeit: MatchForfeit,
    pub round: u16,
    /// The teams' pairing numbers: the one with White on board 1 first.
    pub white: u16,
    pub black: u16,
}

fn team_number(text: &str, line: usize) -> Result<u16, TrfError> {
    match number::<u16>(text, line, "a team's pairing number")? {
        0 => err(line, "a team's pairing number is 1 to 999"),
        n if n > 999 => err(line, "a team's pairing number is 1 to 999"),
        n => Ok(n),
    }
}

/// Points in a field `width` columns wide (blank: none), refused where the way the file writes
/// them back (`2.0`) would not fit the field.
fn team_points(text: &str, width: usize, line: usize, what: &str) -> Result<Points, TrfError> {
    if text.trim().is_empty() {
        return Ok(Points::ZERO);
    }
    match Points::parse(text) {
        None => err(line, format!("{what}: {:?} is not points", text.trim())),
        Some(p) if p.to_string().chars().count() > width => err(
            line,
            format!("{what}: {p} does not fit the field's {width} columns"),
        ),
        Some(p) => Ok(p),
    }
}

/// A `310` line.
pub(super) fn read_team(cols: &Columns, n: usize) -> Result<Team, TrfError> {
    let pairing_number = team_number(&cols.get(5, 7), n)?;
    let strength = cols.get(48, 53);
    let rank = cols.get(69, 71);
    let mut players = Vec::new();
    let mut end = 77;
    while end - 3 <= cols.len() {
        let field = cols.get(end - 3, end);
        players.push(match field.trim() {
            "" | "0" | "00" | "000" | "0000" => None,
            id => Some(player_id(id, n)?),
        });
        end += 5;
    }
    while players.last() == Some(&None) {
        players.pop();
    }
    Ok(Team {
        number: pairing_number,
        name: cols.get(9, 40).trim_end().to_owned(),
        nickname: cols.get(42, 46).trim().to_owned(),
        strength: match strength.trim() {
            "" => None,
            s if s.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                && s.bytes().filter(|b| *b == b'.').count() <= 1
                && s.bytes().any(|b| b.is_ascii_digit()) =>
            {
                Some(s.to_owned())
            }
            s => return err(n, format!("a team's strength is a number: {s:?}")),
        },
        match_points: team_points(&cols.get(55, 60), 6, n, "match points")?,
        game_points: team_points(&cols.get(62, 67), 6, n, "game points")?,
        rank: match rank.trim() {
            "" => None,
            r => Some(number::<u16>(r, n, "a team's rank")?).filter(|r| *r > 0),
        },
        players,
    })
}

pub(super) fn team_line(t: &Team) -> String {
    let mut line = format!(
        "310 {:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  ",
        t.number,
        fit(&t.name, 32),
        fit(&t.nickname, 5),
        fit(t.strength.as_deref().unwrap_or_default(), 6),
        t.match_points,
        t.game_points,
        t.rank.map(|r| r.to_string()).unwrap_or_default(),
    );
    for (i, p) in t.players.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        match p {
            Some(id) => {
                let _ = write!(line, "{id:>4}");
            }
            None => line.push_str("    "),
        }
    }
    line.trim_end().to_owned()
}

/// A `320` line.
pub(super) fn read_team_byes(cols: &Columns, n: usize) -> Result<TeamByes, TrfError> {
    let mut rounds = Vec::new();
    let mut end = 17;
    while end - 2 <= cols.len() {
        rounds.push(match cols.get(end - 2, end).trim() {
            "" | "0" | "00" | "000" => None,
            t => Some(team_number(t, n)?),
        });
        end += 4;
    }
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    Ok(TeamByes {
        match_points: team_points(&cols.get(5, 8), 4, n, "a bye's match points")?,
        game_points: team_points(&cols.get(10, 13), 4, n, "a bye's game points")?,
        rounds,
    })
}

pub(super) fn team_byes_line(b: &TeamByes) -> String {
    let mut line = format!("320 {:>4} {:>4}", b.match_points, b.game_points);
    for team in &b.rounds {
        let _ = write!(
            line,
            " {:>3}",
            team.map(|t| t.to_string()).unwrap_or_default()
        );
    }
    line.trim_end().to_owned()
}

/// A `330` line.
pub(super) fn read_forfeited_match(cols: &Columns, n: usize) -> Result<ForfeitedMatch, TrfError> {
    let code = cols.get(5, 6);
    let Some(forfeit) = MatchForfeit::parse(&code) else {
        return err(
            n,
            format!("{code:?} is not a forfeited match's result (+-, -+ or --)"),
        );
    };
    let white = team_number(&cols.get(12, 14), n)?;
    let black = team_number(&cols.get(16, 18), n)?;
    if white == black {
        return err(n, "a forfeited match is between two teams");
    }
    Ok(ForfeitedMatch {
        forfeit,
        round: round_number(&cols.get(8, 10), n)?,
        white,
        black,
    })
}

pub(super) fn forfeited_match_line(f: &ForfeitedMatch) -> String {
    format!(
        "330 {} {:03} {:>3} {:>3}",
        f.forfeit.code(),
        f.round,
        f.white,
        f.black
    )
}

/// A `352` line's colours: `W` and `B`, board 1 first.
pub(super) fn read_board_colours(text: &str, n: usize) -> Result<Vec<Colour>, TrfError> {
    let text = text.trim();
    if text.is_empty() {
        return err(n, "the colours down the boards are W and B, one a board");
    }
    text.chars()
        .map(|c| match c.to_ascii_uppercase() {
            'W' => Ok(Colour::White),
            'B' => Ok(Colour::Black),
            other => err(n, format!("{other:?} is not a board's colour (W or B)")),
        })
        .collect()
}

pub(super) fn board_colours_line(colours: &[Colour]) -> String {
    let letters: String = colours
        .iter()
        .map(|c| if *c == Colour::White { 'W' } else { 'B' })
        .collect();
    format!("352 {letters}")
}

pub(super) fn match_scoring_line(s: &Scoring) -> String {
    format!(
        "362  W{:>4}    D{:>4}    L{:>4}    A{:>4}    P{:>4}",
        s.win, s.draw, s.loss, s.absence, s.pairing_bye
    )
}

impl Tournament {
    /// Reads one team record (`310`, `320`, `330`, `352` or `362`) of line `n`.
    pub(super) fn read_team_record(
        &mut self,
        tag: &str,
        cols: &Columns,
        rest: &str,
        n: usize,
        at: &mut TeamLines,
    ) -> Result<(), TrfError> {
        let once = |seen: Option<usize>| match seen {
            Some(_) => err(n, format!("a file has one {tag} record")),
            None => Ok(()),
        };
        match tag {
            "310" => {
                self.teams.push(read_team(cols, n)?);
                at.teams.push(n);
            }
            "320" => {
                once(at.byes)?;
                self.team_byes = Some(read_team_byes(cols, n)?);
                at.byes = Some(n);
            }
            "330" => {
                self.forfeited_matches.push(read_forfeited_match(cols, n)?);
                at.forfeits.push(n);
            }
            "352" => {
                once(at.board_colours)?;
                self.board_colours = Some(read_board_colours(rest, n)?);
                at.board_colours = Some(n);
            }
            _ => {
                once(at.match_scoring)?;
                let mut scoring = MATCH_SCORING;
                read_scoring(rest, n, &mut scoring, &mut true)?;
                self.match_scoring = Some(scoring);
                at.match_scoring = Some(n);
            }
        }
        Ok(())
    }

    /// The team with pairing number `number`.
    pub fn team(&self, number: u16) -> Option<&Team> {
        self.teams.iter().find(|t| t.number == number)
    }

    /// The team records agree with each other and with the players: each team once, each of its
    /// players on a `001` line and in one team only; byes and forfeited matches name teams.
    pub(super) fn check_teams(&self, at: &TeamLines) -> Result<(), TrfError> {
        let ids: HashSet<PlayerId> = self.players.iter().map(|p| p.id).collect();
        let mut numbers = HashSet::new();
        let mut placed = std::collections::HashMap::new();
        for (t, &n) in self.teams.iter().zip(&at.teams) {
            if !numbers.insert(t.number) {
                return err(n, format!("team {} has a line already", t.number));
            }
            for p in t.players.iter().flatten() {
                if !ids.contains(p) {
                    return err(
                        n,
                        format!("team {} names player {p}, who has no 001 line", t.number),
                    );
                }
                match placed.insert(*p, t.number) {
                    Some(other) if other == t.number => {
                        return err(n, format!("team {other} lists player {p} twice"))
                    }
                    Some(other) => return err(n, format!("player {p} is in team {other} already")),
                    None => {}
                }
            }
        }
        let unknown = |teams: Vec<u16>, n: usize| match teams.iter().find(|t| !numbers.contains(t))
        {
            Some(t) => err(n, format!("team {t} has no 310 line")),
            None => Ok(()),
        };
        if let (Some(b), Some(n)) = (&self.team_byes, at.byes) {
            unknown(b.rounds.iter().flatten().copied().collect(), n)?;
        }
        for (f, &n) in self.forfeited_matches.iter().zip(&at.forfeits) {
            unknown(vec![f.white, f.black], n)?;
        }
        if self.teams.is_empty() {
            let first = at.byes.or(at.board_colours).or(at.match_scoring);
            if let Some(n) = first.or(at.forfeits.first().copied()) {
                return err(n, "a file without teams (310) has no other team records");
            }
        }
        Ok(())
    }
}

/// Where the team records were, for the errors that only the whole file shows.
#[derive(Default)]
pub(super) struct TeamLines {
    pub teams: Vec<usize>,
    pub byes: Option<usize>,
    pub forfeits: Vec<usize>,
    pub board_colours: Option<usize>,
    pub match_scoring: Option<usize>,
}

#[cfg(test)]
mod tests;
