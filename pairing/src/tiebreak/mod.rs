//! FIDE tie-breaks (Handbook C.07, the Tie-Break Regulations, 2026 edition; the 2024 edition as an
//! option) and the standings they give.
//!
//! Unplayed rounds (C.07 §16): a round is *voluntarily unplayed* (VUR) when the player had no game
//! over the board and did not get a win's points from it (half- and zero-point byes, absences,
//! forfeit losses); a pairing-allocated bye, a full-point bye and a forfeit win are not. For the
//! opponents' Buchholz a player's *adjusted score* counts each VUR after the last round they were
//! not absent as a draw (§16.3). A player's own unplayed rounds count in their Buchholz as a game
//! against a dummy opponent with their own score (§16.4), which the 2026 edition caps by the
//! adjusted score of the forfeiting opponent or by a draw in every round. The cuts (`/C1`, `/M1`)
//! drop VURs first where they are among the lowest.

use std::cmp::Ordering;
use std::fmt;

use crate::points::Points;
use crate::trf::{Colour, Outcome, PlayerId, Tournament};

/// The edition of the Tie-Break Regulations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rules {
    #[default]
    Fide2026,
    Fide2024,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Points.
    Pts,
    /// Buchholz.
    Bh,
    /// Fore Buchholz: as if every game of the last round were a draw.
    Fb,
    /// Sonneborn-Berger.
    Sb,
    /// Progressive scores.
    Ps,
    /// Rounds with a win's points.
    Win,
    /// Games won over the board.
    Won,
    /// Games played with Black.
    Bpg,
    /// Games won with Black.
    Bwg,
    /// Rounds one elected to play.
    Rep,
    /// Average rating of opponents.
    Aro,
    /// Average of opponents' Buchholz.
    Aob,
    /// Tournament performance rating.
    Tpr,
    /// Direct encounter.
    De,
    /// Koya system.
    Ks,
}

/// A tie-break as C.07 writes it: `BH`, `BH/C1`, `BH/M1`, `SB/C1`, `ARO/C1`…
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Code {
    pub kind: Kind,
    /// How many of the lowest values are cut.
    pub cut_low: u16,
    /// How many of the highest values are cut (the median `/M`).
    pub cut_high: u16,
}

const NAMES: [(&str, Kind); 15] = [
    ("PTS", Kind::Pts),
    ("BH", Kind::Bh),
    ("FB", Kind::Fb),
    ("SB", Kind::Sb),
    ("PS", Kind::Ps),
    ("WIN", Kind::Win),
    ("WON", Kind::Won),
    ("BPG", Kind::Bpg),
    ("BWG", Kind::Bwg),
    ("REP", Kind::Rep),
    ("ARO", Kind::Aro),
    ("AOB", Kind::Aob),
    ("TPR", Kind::Tpr),
    ("DE", Kind::De),
    ("KS", Kind::Ks),
];

impl Code {
    pub fn parse(text: &str) -> Option<Code> {
        let text = text.trim().to_ascii_uppercase();
        let (name, modifier) = match text.split_once('/') {
            Some((n, m)) => (n, Some(m)),
            None => (text.as_str(), None),
        };
        let kind = NAMES.iter().find(|(n, _)| *n == name)?.1;
        let (cut_low, cut_high) = match modifier {
            None => (0, 0),
            Some(m) => {
                let letter = m.get(..1)?;
                let n = &m[1..];
                let n: u16 = n.parse().ok().filter(|n| (1..=9).contains(n))?;
                let cuts = matches!(
                    kind,
                    Kind::Bh | Kind::Fb | Kind::Sb | Kind::Aro | Kind::Ps | Kind::Tpr
                );
                match letter {
                    "C" if cuts => (n, 0),
                    "M" if cuts && kind != Kind::Ps => (n, n),
                    _ => return None,
                }
            }
        };
        Some(Code {
            kind,
            cut_low,
            cut_high,
        })
    }

    /// Are its values whole numbers (counts, ratings, places)?
    pub fn whole(&self) -> bool {
        matches!(
            self.kind,
            Kind::Win
                | Kind::Won
                | Kind::Bpg
                | Kind::Bwg
                | Kind::Rep
                | Kind::Aro
                | Kind::Tpr
                | Kind::De
        )
    }

    /// Is a lower value better (a rank, as direct encounter gives)?
    fn ascending(&self) -> bool {
        self.kind == Kind::De
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = NAMES
            .iter()
            .find(|(_, k)| *k == self.kind)
            .map_or("?", |n| n.0);
        match (self.cut_low, self.cut_high) {
            (0, 0) => write!(f, "{name}"),
            (l, 0) => write!(f, "{name}/C{l}"),
            (l, _) => write!(f, "{name}/M{l}"),
        }
    }
}

/// A tie-break's value, exact: in hundredths (points, Buchholz, Sonneborn-Berger, averages
/// rounded as C.07 says), or a whole number (counts, ratings, ranks) times a hundred.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value(i64);

impl Value {
    pub fn hundredths(self) -> i64 {
        self.0
    }

    pub const fn from_hundredths(hundredths: i64) -> Value {
        Value(hundredths)
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }

    fn whole(n: i64) -> Value {
        Value(n * 100)
    }

    fn points(p: Points) -> Value {
        Value(i64::from(p.as_tenths()) * 10)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (sign, v) = if self.0 < 0 {
            ("-", -self.0)
        } else {
            ("", self.0)
        };
        let text = match v % 100 {
            0 => format!("{sign}{}", v / 100),
            c if c % 10 == 0 => format!("{sign}{}.{}", v / 100, c / 10),
            c => format!("{sign}{}.{c:02}", v / 100),
        };
        f.pad(&text)
    }
}

/// One player's place in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub id: PlayerId,
    /// From 1; players tied on every tie-break share a rank.
    pub rank: usize,
    /// Each tie-break's value, in the order asked; `None` where it cannot be computed (a rating
    /// missing).
    pub values: Vec<Option<Value>>,
}

/// The standings after the rounds played: players in rank order (pairing number last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    pub codes: Vec<Code>,
    pub rows: Vec<Row>,
}

/// Is the tournament a round robin? By its encoded type (192), else its type as written (092),
/// else by its size: as many players as rounds, or one more (for a double, as many rounds as
/// twice that).
pub fn is_round_robin(t: &Tournament) -> bool {
    let written = t
        .records
        .iter()
        .find(|(tag, _)| tag == "092")
        .map(|r| r.1.clone());
    let kind = t
        .kind
        .clone()
        .or(written)
        .unwrap_or_default()
        .to_ascii_uppercase();
    if kind.contains("SWISS") || kind.contains("DUTCH") {
        return false;
    }
    if kind.contains("ROBIN") || kind.contains("BERGER") || kind.contains("RR") {
        return true;
    }
    let n = t.players.len();
    let total = t.rounds.map_or_else(|| t.played_rounds(), usize::from);
    n == total + 1 || n == total || n * 2 == total + 2 || n * 2 == total
}

/// The tie-breaks a tournament's standings use: its own (`212`, else `PTS` and `202`), else
/// FIDE's recommendation for its system. Codes zarf does not know are left out.
pub fn tiebreaks_of(t: &Tournament) -> Vec<Code> {
    let own = match (&t.standings, &t.tiebreaks) {
        (Some(codes), _) => Some(codes.clone()),
        (None, Some(codes)) => Some(
            std::iter::once("PTS".to_owned())
                .chain(codes.iter().cloned())
                .collect(),
        ),
        (None, None) => None,
    };
    match own {
        Some(codes) => codes.iter().filter_map(|c| Code::parse(c)).collect(),
        None if is_round_robin(t) => round_robin_default(),
        None => swiss_default(),
    }
}

/// The tie-breaks FIDE's regulations suggest for a Swiss (C.07 §13.1, individual Swiss).
pub fn swiss_default() -> Vec<Code> {
    ["PTS", "BH/C1", "BH", "DE", "WIN", "BPG"]
        .iter()
        .filter_map(|c| Code::parse(c))
        .collect()
}

/// … and for a round robin (C.07 §13.1, individual round robin).
pub fn round_robin_default() -> Vec<Code> {
    ["PTS", "DE", "WIN", "SB", "KS"]
        .iter()
        .filter_map(|c| Code::parse(c))
        .collect()
}

/// One round of one player, as the tie-breaks see it.
#[derive(Clone, Copy, Debug)]
struct Round {
    /// Index of the opponent (a game or a forfeit), if any.
    opponent: Option<usize>,
    /// A game over the board, or the pairing-allocated bye.
    played: bool,
    points: Points,
    /// Points for rating purposes (1, ½, 0) of a game played.
    rating_points: i64,
    colour: Option<Colour>,
    vur: bool,
    win: bool,
}

struct Player {
    id: PlayerId,
    rating: Option<u16>,
    rounds: Vec<Round>,
    points: Points,
}

struct Event {
    players: Vec<Player>,
    rounds: usize,
    draw: Points,
    win: Points,
    round_robin: bool,
    rules: Rules,
}

impl Event {
    fn of(t: &Tournament, rules: Rules) -> Event {
        let rounds = t.played_rounds();
        let index = |id: PlayerId| t.players.iter().position(|p| p.id == id);
        let players: Vec<Player> = t
            .players
            .iter()
            .map(|p| {
                let rounds: Vec<Round> = (0..rounds)
                    .map(|r| {
                        let e = p
                            .rounds
                            .get(r)
                            .copied()
                            .unwrap_or(crate::trf::Entry::ABSENT);
                        let points = t.scoring.of(e.outcome);
                        let played = e.outcome.played() && e.opponent.is_some()
                            || e.outcome == Outcome::PairingBye;
                        let win_points = matches!(
                            e.outcome,
                            Outcome::Win
                                | Outcome::WinUnrated
                                | Outcome::ForfeitWin
                                | Outcome::FullBye
                        );
                        let rating_points = match e.outcome {
                            Outcome::Win | Outcome::WinUnrated => 100,
                            Outcome::Draw | Outcome::DrawUnrated => 50,
                            _ => 0,
                        };
                        Round {
                            opponent: e.opponent.and_then(index),
                            played,
                            points,
                            rating_points,
                            colour: e.colour,
                            vur: !played && !win_points,
                            win: points == t.scoring.win,
                        }
                    })
                    .collect();
                Player {
                    id: p.id,
                    rating: p.rating.filter(|r| *r > 0),
                    points: rounds.iter().map(|r| r.points).sum(),
                    rounds,
                }
            })
            .collect();
        let round_robin = is_round_robin(t);
        Event {
            players,
            rounds,
            draw: t.scoring.draw,
            win: t.scoring.win,
            round_robin,
            rules,
        }
    }

    /// The last round in which a player was not voluntarily absent.
    fn last_present(&self, p: &Player) -> usize {
        p.rounds.iter().rposition(|r| !r.vur).map_or(0, |r| r + 1)
    }

    /// The last round in which a player was paired (a game, a forfeit or the pairing bye).
    fn last_paired(&self, p: &Player) -> usize {
        p.rounds
            .iter()
            .rposition(|r| r.opponent.is_some() || r.played)
            .map_or(0, |r| r + 1)
    }

    /// Each player's adjusted score for the opponents' Buchholz, and their own score for their
    /// dummy opponents (both as if the last round were drawn, for Fore Buchholz).
    fn adjusted(&self, fore: bool) -> Vec<(Points, Points)> {
        let last = self.rounds;
        self.players
            .iter()
            .map(|p| {
                let paired_last = fore && last > 0 && self.last_paired(p) == last;
                let present = if paired_last {
                    last
                } else {
                    self.last_present(p)
                };
                let mut adjusted = Points::ZERO;
                for (r, round) in p.rounds.iter().enumerate() {
                    let counted = r < present || round.opponent.is_some();
                    adjusted += if counted {
                        round.points
                    } else if self.round_robin {
                        Points::ZERO
                    } else {
                        self.draw
                    };
                }
                let mut own = p.points;
                if paired_last && p.rounds[last - 1].opponent.is_some() {
                    let change = self.draw - p.rounds[last - 1].points;
                    adjusted += change;
                    own += change;
                }
                (adjusted, own)
            })
            .collect()
    }

    /// Buchholz (or Sonneborn-Berger, `sb`), with its cuts, for every player.
    fn buchholz(&self, code: &Code, sb: bool, fore: bool) -> Vec<Value> {
        let adjusted = self.adjusted(fore);
        let last = self.rounds;
        self.players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                // (counted as VUR, the opponent's score, the value) for each round.
                let mut parts: Vec<(bool, i64, i64)> = Vec::new();
                for (r, round) in p.rounds.iter().enumerate() {
                    let played = self.round_robin || round.played || (fore && r + 1 == last);
                    let (vur, score) = match round.opponent {
                        Some(o) if played => (false, adjusted[o].0),
                        _ if self.round_robin => continue,
                        opponent => {
                            let own = adjusted[i].1;
                            let score = match (self.rules, opponent) {
                                (Rules::Fide2024, _) => own,
                                (Rules::Fide2026, Some(o)) => own.min(adjusted[o].0),
                                (Rules::Fide2026, None) => {
                                    let draws = i32::try_from(last).unwrap_or(i32::MAX);
                                    own.min(Points::tenths(self.draw.as_tenths() * draws))
                                }
                            };
                            (round.vur, score)
                        }
                    };
                    // Hundredths: a score in tenths times ten, or times a result in tenths.
                    let score = i64::from(score.as_tenths());
                    let value = if sb {
                        score * i64::from(round.points.as_tenths())
                    } else {
                        score * 10
                    };
                    parts.push((vur, score, value));
                }
                Value(cut(parts, code, self.rounds))
            })
            .collect()
    }

    fn aro(&self, code: &Code, performance: bool) -> Vec<Option<Value>> {
        if self.players.iter().any(|p| p.rating.is_none()) {
            return vec![None; self.players.len()];
        }
        self.players
            .iter()
            .map(|p| {
                let mut games: Vec<(i64, i64)> = p
                    .rounds
                    .iter()
                    .filter(|r| r.played)
                    .filter_map(|r| {
                        let o = r.opponent?;
                        Some((i64::from(self.players[o].rating?), r.rating_points))
                    })
                    .collect();
                games.sort_by_key(|g| g.0);
                // The lowest (and highest) rated opponents are cut.
                let low = usize::from(code.cut_low).min(self.rounds);
                let high = usize::from(code.cut_high).min(self.rounds - low);
                let kept = if low + high >= games.len() {
                    &games[0..0]
                } else {
                    &games[low..games.len() - high]
                };
                if kept.is_empty() {
                    return None;
                }
                let n = i64::try_from(kept.len()).unwrap_or(1);
                let sum: i64 = kept.iter().map(|g| g.0).sum();
                let average = (2 * sum + n) / (2 * n);
                if !performance {
                    return Some(Value::whole(average));
                }
                let score: i64 = kept.iter().map(|g| g.1).sum();
                let percent = (2 * score + n) / (2 * n);
                let dp = SCORE_TO_DP[usize::try_from(percent.clamp(0, 100)).unwrap_or(0)];
                Some(Value::whole(average + i64::from(dp)))
            })
            .collect()
    }
}

/// Cuts the lowest `cut_low` and highest `cut_high` values and sums the rest. Among the lowest a
/// voluntarily unplayed round goes first, unless a played one's value is lower.
fn cut(mut parts: Vec<(bool, i64, i64)>, code: &Code, rounds: usize) -> i64 {
    let low = usize::from(code.cut_low).min(rounds);
    let high = usize::from(code.cut_high).min(rounds - low);
    for _ in 0..low {
        if parts.is_empty() {
            break;
        }
        let lowest = (0..parts.len())
            .min_by_key(|&k| (parts[k].1, parts[k].2))
            .expect("some");
        let lowest_vur = (0..parts.len())
            .min_by_key(|&k| (!parts[k].0, parts[k].1, parts[k].2))
            .expect("some");
        let gone = if parts[lowest].2 > parts[lowest_vur].2 {
            lowest
        } else {
            lowest_vur
        };
        parts.remove(gone);
    }
    for _ in 0..high {
        if parts.is_empty() {
            break;
        }
        let highest = (0..parts.len())
            .max_by_key(|&k| (parts[k].1, parts[k].2))
            .expect("some");
        parts.remove(highest);
    }
    parts.iter().map(|p| p.2).sum()
}

/// FIDE's table of a score's percentage to a rating difference (Handbook B.02, 8.1.a).
const SCORE_TO_DP: [i16; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296,
    -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141,
    -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

mod standings;
pub use standings::*;
#[cfg(test)]
mod tests;
