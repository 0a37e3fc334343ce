//! FIDE's Tournament Report File: TRF-16 and TRF-2026, with the older pairing-engine records
//! (`XXR`, `XXC`, `XXP`, `XXA`, `BBW`…). Fixed columns, counted in characters from 1 as the
//! specification counts them; lines may end in CR, LF or CRLF.

use std::fmt::Write as _;

use crate::points::Points;

pub type PlayerId = u16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }
}

/// A round's result code (TRF's column 99 of round 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1`
    Win,
    /// `=`
    Draw,
    /// `0`
    Loss,
    /// `W`: a win in a game that lasted less than one move (not rated).
    WinUnrated,
    /// `D`
    DrawUnrated,
    /// `L`
    LossUnrated,
    /// `+`
    ForfeitWin,
    /// `-`
    ForfeitLoss,
    /// `H`: a half-point bye.
    HalfBye,
    /// `F`: a full-point bye.
    FullBye,
    /// `U`: the pairing-allocated bye.
    PairingBye,
    /// `Z` (or blank): a zero-point bye, a known absence.
    ZeroBye,
}

impl Outcome {
    pub fn parse(code: char) -> Option<Outcome> {
        use Outcome as O;
        Some(match code.to_ascii_uppercase() {
            '1' => O::Win,
            '=' => O::Draw,
            '0' => O::Loss,
            'W' => O::WinUnrated,
            'D' => O::DrawUnrated,
            'L' => O::LossUnrated,
            '+' => O::ForfeitWin,
            '-' => O::ForfeitLoss,
            'H' => O::HalfBye,
            'F' => O::FullBye,
            'U' => O::PairingBye,
            'Z' | ' ' => O::ZeroBye,
            _ => return None,
        })
    }

    pub fn code(self) -> char {
        use Outcome as O;
        match self {
            O::Win => '1',
            O::Draw => '=',
            O::Loss => '0',
            O::WinUnrated => 'W',
            O::DrawUnrated => 'D',
            O::LossUnrated => 'L',
            O::ForfeitWin => '+',
            O::ForfeitLoss => '-',
            O::HalfBye => 'H',
            O::FullBye => 'F',
            O::PairingBye => 'U',
            O::ZeroBye => 'Z',
        }
    }

    /// Was a game played over the board (`1 = 0 W D L`)?
    pub fn played(self) -> bool {
        use Outcome as O;
        matches!(
            self,
            O::Win | O::Draw | O::Loss | O::WinUnrated | O::DrawUnrated | O::LossUnrated
        )
    }

    /// A bye of any kind (`H F U Z`): no opponent.
    pub fn is_bye(self) -> bool {
        use Outcome as O;
        matches!(self, O::HalfBye | O::FullBye | O::PairingBye | O::ZeroBye)
    }

    /// What the opponent's line must say of the same game.
    fn counterparts(self) -> &'static [Outcome] {
        use Outcome as O;
        match self {
            O::Win => &[O::Loss],
            O::Draw => &[O::Draw],
            O::Loss => &[O::Win],
            O::WinUnrated => &[O::LossUnrated],
            O::DrawUnrated => &[O::DrawUnrated],
            O::LossUnrated => &[O::WinUnrated],
            O::ForfeitWin => &[O::ForfeitLoss],
            // A double forfeit: both lose.
            O::ForfeitLoss => &[O::ForfeitWin, O::ForfeitLoss],
            _ => &[],
        }
    }
}

/// One round of a player's line: the opponent (none for a bye or absence), the colour, the
/// result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    pub opponent: Option<PlayerId>,
    pub colour: Option<Colour>,
    pub outcome: Outcome,
}

impl Entry {
    /// Not paired: a zero-point bye.
    pub const ABSENT: Entry = Entry {
        opponent: None,
        colour: None,
        outcome: Outcome::ZeroBye,
    };

    /// Was this player given to the pairing (an opponent, or the pairing-allocated bye)?
    pub fn paired(&self) -> bool {
        self.opponent.is_some() || matches!(self.outcome, Outcome::PairingBye | Outcome::ForfeitWin)
    }
}

/// A `001` record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    /// `m` or `w`, or blank.
    pub sex: Option<char>,
    pub title: String,
    pub name: String,
    pub rating: Option<u16>,
    pub federation: String,
    pub fide_id: String,
    /// `YYYY/MM/DD` as written (or a year alone).
    pub birth: String,
    /// The points the line gives (checked against its results).
    pub points: Points,
    pub rank: Option<u16>,
    pub rounds: Vec<Entry>,
}

/// How many points each kind of result brings (`162`, or `BBW`/`BBD`/… of older files).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoring {
    /// `W`: a win over the board or by forfeit, a full-point bye.
    pub win: Points,
    /// `D`: a draw, a half-point bye.
    pub draw: Points,
    /// `L`: a loss over the board.
    pub loss: Points,
    /// `A`: an absence (zero-point bye) or a forfeit loss.
    pub absence: Points,
    /// `P`: the pairing-allocated bye.
    pub pairing_bye: Points,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            win: Points::tenths(10),
            draw: Points::tenths(5),
            loss: Points::ZERO,
            absence: Points::ZERO,
            pairing_bye: Points::tenths(10),
        }
    }
}

impl Scoring {
    pub fn of(&self, outcome: Outcome) -> Points {
        use Outcome as O;
        match outcome {
            O::Win | O::WinUnrated | O::ForfeitWin | O::FullBye => self.win,
            O::Draw | O::DrawUnrated | O::HalfBye => self.draw,
            O::Loss | O::LossUnrated => self.loss,
            O::ForfeitLoss | O::ZeroBye => self.absence,
            O::PairingBye => self.pairing_bye,
        }
    }
}

/// A requested bye (`240`): its kind (`F`, `H` or `Z`), the round, who.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bye {
    pub outcome: Outcome,
    pub round: u16,
    pub players: Vec<PlayerId>,
}

/// Fictitious points for pairing (`250`): added in rounds `first_round..=last_round` to players
/// `first_player..=last_player`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Acceleration {
    pub points: Points,
    pub first_round: u16,
    pub last_round: u16,
    pub first_player: PlayerId,
    pub last_player: PlayerId,
}

/// Players who may not meet (`260`: from `first_round` to `last_round`; `XXP`: never).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forbidden {
    pub rounds: Option<(u16, u16)>,
    pub players: Vec<PlayerId>,
}

/// A whole tournament as its report file gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tournament {
    /// `012`
    pub name: String,
    /// The other tournament records (`022`–`132`, `172`, `182`, `222`…), tag and text, in order.
    pub records: Vec<(String, String)>,
    /// `142` (or `XXR`): the number of rounds.
    pub rounds: Option<u16>,
    /// `152` (or `XXC white1`/`black1`): the colour of the top-ranked player in round 1.
    pub initial_colour: Option<Colour>,
    /// `162` (or `BBW`…).
    pub scoring: Scoring,
    /// `192`: the encoded type of tournament.
    pub kind: Option<String>,
    /// `202`: the tie-breaks, in order.
    pub tiebreaks: Option<Vec<String>>,
    /// `212`: the tie-breaks that define the standings (with `PTS`).
    pub standings: Option<Vec<String>>,
    pub players: Vec<Player>,
    /// `240`
    pub byes: Vec<Bye>,
    /// `250`
    pub accelerations: Vec<Acceleration>,
    /// `XXA`: a player's fictitious points, round by round.
    pub player_accelerations: Vec<(PlayerId, Vec<Points>)>,
    /// `260` and `XXP`
    pub forbidden: Vec<Forbidden>,
    /// `310`: the teams of a team tournament.
    pub teams: Vec<Team>,
    /// `320`
    pub team_byes: Option<TeamByes>,
    /// `330`
    pub forfeited_matches: Vec<ForfeitedMatch>,
    /// `352`: the first-named team's colours down the boards.
    pub board_colours: Option<Vec<Colour>>,
    /// `362`: what a match is worth (`W`, `D`, `L`, `A`).
    pub match_scoring: Option<Scoring>,
    /// Lines kept as they are: older team records (`013`), national rating records, options of
    /// other engines.
    pub other: Vec<String>,
}

/// Why a file could not be read: the line (from 1) and what is wrong on it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct TrfError {
    pub line: usize,
    pub reason: String,
}

fn err<T>(line: usize, reason: impl Into<String>) -> Result<T, TrfError> {
    Err(TrfError {
        line,
        reason: reason.into(),
    })
}

/// A line as characters, read by the specification's columns (from 1, inclusive); past its end
/// a line is blank.
struct Columns(Vec<char>);

impl Columns {
    fn get(&self, from: usize, to: usize) -> String {
        (from..=to)
            .map(|c| self.0.get(c - 1).copied().unwrap_or(' '))
            .collect()
    }

    fn at(&self, column: usize) -> char {
        self.0.get(column - 1).copied().unwrap_or(' ')
    }

    fn len(&self) -> usize {
        self.0.len()
    }
}

fn number<T: std::str::FromStr>(text: &str, line: usize, what: &str) -> Result<T, TrfError> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return err(line, format!("{what} is not a number: {t:?}"));
    }
    t.parse()
        .or_else(|_| err(line, format!("{what} is too large: {t}")))
}

fn player_id(text: &str, line: usize) -> Result<PlayerId, TrfError> {
    match number::<PlayerId>(text, line, "a pairing number")? {
        0 => err(line, "a pairing number is 1 to 9999"),
        id if id > 9999 => err(line, "a pairing number is 1 to 9999"),
        id => Ok(id),
    }
}

fn round_number(text: &str, line: usize) -> Result<u16, TrfError> {
    match number::<u16>(text, line, "a round number")? {
        0 => err(line, "a round number starts at 1"),
        r => Ok(r),
    }
}

/// Points in a field of four columns, as the file writes them: `-9.9` to `99.9`.
fn points(text: &str, line: usize, what: &str) -> Result<Points, TrfError> {
    match Points::parse(text) {
        None => err(
            line,
            format!("{what}: {:?} is not points written like 11.5", text.trim()),
        ),
        Some(p) if !(-99..=999).contains(&p.as_tenths()) => err(
            line,
            format!("{what}: {p} does not fit the file's four columns (-9.9 to 99.9)"),
        ),
        Some(p) => Ok(p),
    }
}

/// Splits a text into lines ending in CR, LF or CRLF.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find(['\r', '\n']) {
            Some(i) => {
                let line = &rest[..i];
                let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[i + skip..];
                Some(line)
            }
            None => {
                let line = rest;
                rest = "";
                Some(line)
            }
        }
    })
}

/// A text cut to a field's width, so that a longer one (a name given by a program) cannot push
/// the fields after it out of their columns.
fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

/// A scoring system's pairs of a result code and its points (`W 3.0 D 1.0`), read as words:
/// the specification puts each code nine columns after the last, which files do not all keep.
fn read_scoring(
    text: &str,
    n: usize,
    s: &mut Scoring,
    pairing_bye_given: &mut bool,
) -> Result<(), TrfError> {
    let mut words = text.split_whitespace();
    let mut any = false;
    while let Some(word) = words.next() {
        let mut chars = word.chars();
        let code = chars.next().unwrap_or(' ');
        let glued = chars.as_str();
        let amount = if glued.is_empty() {
            words.next().unwrap_or("")
        } else {
            glued
        };
        let p = points(amount, n, "a score")?;
        match code {
            'W' => {
                s.win = p;
                if !*pairing_bye_given {
                    s.pairing_bye = p;
                }
            }
            'D' => s.draw = p,
            'L' => s.loss = p,
            'A' | 'Z' => s.absence = p,
            'P' => {
                s.pairing_bye = p;
                *pairing_bye_given = true;
            }
            'X' => {}
            c => {
                return err(
                    n,
                    format!("{c:?} is not a result of the scoring system (W D L A P X)"),
                )
            }
        }
        any = true;
    }
    if !any {
        return err(n, "the scoring system gives no points");
    }
    Ok(())
}

mod read;
mod teams;
#[cfg(test)]
mod tests;

pub use teams::{ForfeitedMatch, MatchForfeit, Team, TeamByes, MATCH_SCORING};
