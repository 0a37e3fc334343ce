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
    /// Lines kept as they are: team records, national rating records, options of other engines.
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

impl Tournament {
    /// Reads a report file; checks that every game appears on both players' lines alike and
    /// that each player's points are what their results give.
    pub fn parse(text: &str) -> Result<Tournament, TrfError> {
        let mut t = Tournament::default();
        let mut player_lines = Vec::new();
        let mut pairing_bye_given = false;
        for (i, raw) in lines(text).enumerate() {
            let n = i + 1;
            let line = raw.trim_end_matches([' ', '\u{feff}']);
            let line = if n == 1 {
                line.trim_start_matches('\u{feff}')
            } else {
                line
            };
            if line.trim().is_empty() || line.starts_with("###") {
                continue;
            }
            let cols = Columns(line.chars().collect());
            let tag = cols.get(1, 3);
            let rest = || line.chars().skip(4).collect::<String>();
            match tag.as_str() {
                "001" => {
                    t.players.push(read_player(&cols, n)?);
                    player_lines.push(n);
                }
                "012" => t.name = rest(),
                "142" | "XXR" => t.rounds = Some(round_number(&rest(), n)?),
                "152" => {
                    t.initial_colour = Some(match rest().trim() {
                        "W" | "w" => Colour::White,
                        "B" | "b" => Colour::Black,
                        other => {
                            return err(n, format!("the initial colour is W or B, not {other:?}"))
                        }
                    })
                }
                "XXC" => {
                    let mut unknown = Vec::new();
                    for word in rest().split_whitespace() {
                        match word {
                            "white1" => t.initial_colour = Some(Colour::White),
                            "black1" => t.initial_colour = Some(Colour::Black),
                            w => unknown.push(w.to_owned()),
                        }
                    }
                    if !unknown.is_empty() {
                        t.other.push(format!("XXC {}", unknown.join(" ")));
                    }
                }
                "162" => read_scoring(&rest(), n, &mut t.scoring, &mut pairing_bye_given)?,
                "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                    let p = points(&rest(), n, "a score")?;
                    let s = &mut t.scoring;
                    match tag.as_str() {
                        "BBW" => {
                            s.win = p;
                            if !pairing_bye_given {
                                s.pairing_bye = p;
                            }
                        }
                        "BBD" => s.draw = p,
                        "BBL" => s.loss = p,
                        "BBU" => {
                            s.pairing_bye = p;
                            pairing_bye_given = true;
                        }
                        // A forfeit loss and a zero-point bye score the same in TRF-2026.
                        _ => s.absence = p,
                    }
                }
                "192" => t.kind = Some(rest().trim().to_owned()),
                "202" => t.tiebreaks = Some(codes(&rest())),
                "212" => t.standings = Some(codes(&rest())),
                "240" => t.byes.push(read_bye(&cols, n)?),
                "250" => t.accelerations.push(read_acceleration(&cols, n)?),
                "XXA" => t.player_accelerations.push(read_xxa(&cols, n)?),
                "260" => t.forbidden.push(read_forbidden(&cols, n)?),
                "XXP" => {
                    let players = rest()
                        .split_whitespace()
                        .map(|w| player_id(w, n))
                        .collect::<Result<Vec<_>, _>>()?;
                    if players.len() < 2 {
                        return err(n, "forbidden pairs name at least two players");
                    }
                    t.forbidden.push(Forbidden {
                        rounds: None,
                        players,
                    });
                }
                _ if tag.ends_with('2') && tag.bytes().all(|b| b.is_ascii_digit()) => {
                    t.records.push((tag, rest()))
                }
                _ => t.other.push(line.to_owned()),
            }
        }
        t.check(&player_lines)?;
        Ok(t)
    }

    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The rounds for which pairings exist: the last round in which any player was paired.
    pub fn played_rounds(&self) -> usize {
        self.players
            .iter()
            .filter_map(|p| p.rounds.iter().rposition(Entry::paired))
            .map(|r| r + 1)
            .max()
            .unwrap_or(0)
    }

    /// A player's points after the rounds played (fictitious points aside).
    pub fn score(&self, player: &Player, rounds: usize) -> Points {
        player
            .rounds
            .iter()
            .take(rounds)
            .map(|e| self.scoring.of(e.outcome))
            .sum()
    }

    /// The fictitious points player `id` has in round `round` (from 1), by `250` or `XXA`.
    pub fn acceleration(&self, id: PlayerId, round: u16) -> Points {
        if let Some((_, by_round)) = self.player_accelerations.iter().find(|(p, _)| *p == id) {
            return by_round
                .get(usize::from(round) - 1)
                .copied()
                .unwrap_or_default();
        }
        self.accelerations
            .iter()
            .filter(|a| (a.first_round..=a.last_round).contains(&round))
            .filter(|a| (a.first_player..=a.last_player).contains(&id))
            .map(|a| a.points)
            .sum()
    }

    fn check(&self, player_lines: &[usize]) -> Result<(), TrfError> {
        let line_of = |id: PlayerId| {
            self.players
                .iter()
                .position(|p| p.id == id)
                .map_or(0, |i| player_lines[i])
        };
        for (i, p) in self.players.iter().enumerate() {
            let n = player_lines[i];
            if self.players[..i].iter().any(|q| q.id == p.id) {
                return err(n, format!("pairing number {} appears twice", p.id));
            }
        }
        for (i, p) in self.players.iter().enumerate() {
            let n = player_lines[i];
            for (r, e) in p.rounds.iter().enumerate() {
                let round = r + 1;
                let Some(o) = e.opponent else { continue };
                let Some(q) = self.player(o) else {
                    return err(n, format!("round {round}: there is no player {o}"));
                };
                let Some(theirs) = q.rounds.get(r) else {
                    return err(
                        line_of(o),
                        format!("round {round}: player {o} has no game with {}", p.id),
                    );
                };
                if theirs.opponent != Some(p.id) {
                    return err(
                        n,
                        format!(
                            "round {round}: player {} plays {o}, but {o}'s line does not say so",
                            p.id
                        ),
                    );
                }
                if theirs.colour != e.colour.map(Colour::other) {
                    return err(
                        n,
                        format!(
                            "round {round}: {} and {o} cannot both have that colour",
                            p.id
                        ),
                    );
                }
                if !e.outcome.counterparts().contains(&theirs.outcome) {
                    return err(
                        n,
                        format!(
                            "round {round}: results {} for {} and {} for {o} are impossible together",
                            e.outcome.code(),
                            p.id,
                            theirs.outcome.code()
                        ),
                    );
                }
            }
        }
        let played = self.played_rounds();
        for r in 0..played {
            let byes = self
                .players
                .iter()
                .filter(|p| p.rounds.get(r).map(|e| e.outcome) == Some(Outcome::PairingBye))
                .count();
            if byes > 1 {
                let second = self
                    .players
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| {
                        p.rounds.get(r).map(|e| e.outcome) == Some(Outcome::PairingBye)
                    })
                    .nth(1)
                    .map_or(0, |(i, _)| player_lines[i]);
                return err(
                    second,
                    format!("round {}: a second pairing-allocated bye", r + 1),
                );
            }
        }
        for (i, p) in self.players.iter().enumerate() {
            if !self.points_add_up(p, played) {
                return err(
                    player_lines[i],
                    format!(
                        "player {} has {} points, but the results give {}",
                        p.id,
                        p.points,
                        self.score(p, played)
                    ),
                );
            }
        }
        for b in &self.byes {
            for id in &b.players {
                if self.player(*id).is_none() {
                    return err(
                        0,
                        format!("a bye for round {} names no player: {id}", b.round),
                    );
                }
            }
        }
        Ok(())
    }

    /// The points on a player's line may count the rounds played, with or without the
    /// fictitious points of acceleration, and with or without a bye already entered for the
    /// round to be paired (as pairing engines accept them).
    fn points_add_up(&self, p: &Player, played: usize) -> bool {
        let results = self.score(p, played);
        let next = u16::try_from(played + 1).unwrap_or(u16::MAX);
        let acceleration = self.acceleration(p.id, next);
        let announced = p
            .rounds
            .get(played)
            .map_or(Points::ZERO, |e| self.scoring.of(e.outcome));
        [Points::ZERO, acceleration]
            .iter()
            .flat_map(|a| [*a, *a + announced])
            .any(|extra| p.points == results + extra)
    }

    /// The file, in TRF-2026 with LF line ends: the tournament records, the players, then byes,
    /// accelerations, forbidden pairs and the lines kept as they were.
    pub fn write(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "012 {}", self.name);
        for (tag, text) in &self.records {
            let _ = writeln!(out, "{tag} {text}");
        }
        if let Some(r) = self.rounds {
            let _ = writeln!(out, "142 {r}");
        }
        if let Some(c) = self.initial_colour {
            let _ = writeln!(out, "152 {}", if c == Colour::White { 'W' } else { 'B' });
        }
        if self.scoring != Scoring::default() {
            let s = &self.scoring;
            let _ = writeln!(
                out,
                "162  W{:>4}    D{:>4}    L{:>4}    A{:>4}    P{:>4}",
                s.win, s.draw, s.loss, s.absence, s.pairing_bye
            );
        }
        if let Some(k) = &self.kind {
            let _ = writeln!(out, "192 {k}");
        }
        if let Some(codes) = &self.tiebreaks {
            let _ = writeln!(out, "202 {}", codes.join(","));
        }
        if let Some(codes) = &self.standings {
            let _ = writeln!(out, "212 {}", codes.join(","));
        }
        for p in &self.players {
            out.push_str(&player_line(p));
            out.push('\n');
        }
        for b in &self.byes {
            let _ = write!(out, "240 {} {:03}", b.outcome.code(), b.round);
            for id in &b.players {
                let _ = write!(out, " {id:>4}");
            }
            out.push('\n');
        }
        for a in &self.accelerations {
            let _ = writeln!(
                out,
                "250      {:>4} {:03} {:03} {:>4} {:>4}",
                a.points, a.first_round, a.last_round, a.first_player, a.last_player
            );
        }
        for (id, by_round) in &self.player_accelerations {
            let _ = write!(out, "XXA {id:>4}");
            for p in by_round {
                let _ = write!(out, " {p:>4}");
            }
            out.push('\n');
        }
        for f in &self.forbidden {
            match f.rounds {
                Some((first, last)) => {
                    let _ = write!(out, "260 {first:03} {last:03}");
                    for id in &f.players {
                        let _ = write!(out, " {id:>4}");
                    }
                }
                None => {
                    out.push_str("XXP");
                    for id in &f.players {
                        let _ = write!(out, " {id}");
                    }
                }
            }
            out.push('\n');
        }
        for line in &self.other {
            out.push_str(line);
            out.push('\n');
        }
        out
    }
}

fn codes(text: &str) -> Vec<String> {
    text.split([',', ' '])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .collect()
}

fn read_player(cols: &Columns, n: usize) -> Result<Player, TrfError> {
    let id = player_id(&cols.get(5, 8), n)?;
    let sex = match cols.at(10) {
        ' ' => None,
        c => Some(c),
    };
    let rating = match cols.get(49, 52).trim() {
        "" => None,
        r => Some(number::<u16>(r, n, "the rating")?),
    };
    let rank = match cols.get(86, 89).trim() {
        "" => None,
        r => Some(number::<u16>(r, n, "the rank")?),
    };
    let mut rounds = Vec::new();
    let mut blanks = 0;
    let mut start = 92;
    while start <= cols.len() {
        let round = rounds.len() + blanks + 1;
        let at = |what: &str| format!("round {round} ({what}, column {start})");
        if cols.at(start - 1) != ' ' || cols.at(start - 2) != ' ' {
            return err(
                n,
                format!("{}: the round's entry is out of its columns", at("entry")),
            );
        }
        let opponent_text = cols.get(start, start + 3);
        let colour = cols.at(start + 5);
        let code = cols.at(start + 7);
        if cols.at(start + 4) != ' ' || cols.at(start + 6) != ' ' {
            return err(
                n,
                format!("{}: the round's entry is out of its columns", at("entry")),
            );
        }
        if opponent_text.trim().is_empty() && colour == ' ' && code == ' ' {
            blanks += 1;
            start += 10;
            continue;
        }
        rounds.extend(std::iter::repeat_n(Entry::ABSENT, blanks));
        blanks = 0;
        let opponent = match opponent_text.trim() {
            "" | "0000" | "0" => None,
            o => Some(player_id(o, n)?),
        };
        if opponent == Some(id) {
            return err(
                n,
                format!("{}: a player cannot meet themselves", at("opponent")),
            );
        }
        let colour = match colour {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            c => {
                return err(
                    n,
                    format!("{}: the colour is w, b or -, not {c:?}", at("colour")),
                )
            }
        };
        let Some(outcome) = Outcome::parse(code) else {
            return err(n, format!("{}: {code:?} is not a result", at("result")));
        };
        if outcome.is_bye() && (opponent.is_some() || colour.is_some()) {
            return err(
                n,
                format!("{}: a bye has no opponent and no colour", at("result")),
            );
        }
        if outcome.played() && (opponent.is_none() || colour.is_none()) {
            return err(
                n,
                format!(
                    "{}: a game played needs an opponent and a colour",
                    at("result")
                ),
            );
        }
        if opponent.is_none() && colour.is_some() {
            return err(n, format!("{}: a colour without an opponent", at("colour")));
        }
        rounds.push(Entry {
            opponent,
            colour,
            outcome,
        });
        start += 10;
    }
    Ok(Player {
        id,
        sex,
        title: cols.get(11, 13).trim().to_owned(),
        name: cols.get(15, 47).trim().to_owned(),
        rating,
        federation: cols.get(54, 56).trim().to_owned(),
        fide_id: cols.get(58, 68).trim().to_owned(),
        birth: cols.get(70, 79).trim().to_owned(),
        points: points(&cols.get(81, 84), n, "the player's points")?,
        rank,
        rounds,
    })
}

/// A text cut to a field's width, so that a longer one (a name given by a program) cannot push
/// the fields after it out of their columns.
fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

fn player_line(p: &Player) -> String {
    let mut line = format!(
        "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.id,
        p.sex.unwrap_or(' '),
        fit(&p.title, 3),
        fit(&p.name, 33),
        p.rating.map(|r| r.to_string()).unwrap_or_default(),
        fit(&p.federation, 3),
        fit(&p.fide_id, 11),
        fit(&p.birth, 10),
        p.points,
        p.rank.map(|r| r.to_string()).unwrap_or_default(),
    );
    for e in &p.rounds {
        let opponent = e.opponent.map_or("0000".to_owned(), |o| format!("{o:>4}"));
        let colour = e.colour.map_or('-', Colour::letter);
        let _ = write!(line, "  {opponent} {colour} {}", e.outcome.code());
    }
    line.trim_end().to_owned()
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

/// Pairing numbers written every five columns from `from`, each in four.
fn ids_from(cols: &Columns, from: usize, n: usize) -> Result<Vec<PlayerId>, TrfError> {
    let mut ids = Vec::new();
    let mut start = from;
    while start <= cols.len() {
        ids.push(player_id(&cols.get(start, start + 3), n)?);
        start += 5;
    }
    Ok(ids)
}

fn read_bye(cols: &Columns, n: usize) -> Result<Bye, TrfError> {
    let outcome = match cols.at(5) {
        'F' | 'f' => Outcome::FullBye,
        'H' | 'h' => Outcome::HalfBye,
        'Z' | 'z' => Outcome::ZeroBye,
        c => return err(n, format!("a bye is F, H or Z, not {c:?}")),
    };
    let round = round_number(&cols.get(7, 9), n)?;
    let players = ids_from(cols, 11, n)?;
    if players.is_empty() {
        return err(n, "a bye names no player");
    }
    Ok(Bye {
        outcome,
        round,
        players,
    })
}

fn read_acceleration(cols: &Columns, n: usize) -> Result<Acceleration, TrfError> {
    let match_points = cols.get(5, 8);
    if !match_points.trim().is_empty() && points(&match_points, n, "match points")? != Points::ZERO
    {
        return err(n, "an individual tournament has no match points");
    }
    let a = Acceleration {
        points: points(&cols.get(10, 13), n, "the fictitious points")?,
        first_round: round_number(&cols.get(15, 17), n)?,
        last_round: round_number(&cols.get(19, 21), n)?,
        first_player: player_id(&cols.get(23, 26), n)?,
        last_player: player_id(&cols.get(28, 31), n)?,
    };
    if a.points == Points::ZERO {
        return err(n, "fictitious points are not 0.0");
    }
    if a.first_round > a.last_round || a.first_player > a.last_player {
        return err(n, "the first round or player comes after the last");
    }
    Ok(a)
}

fn read_xxa(cols: &Columns, n: usize) -> Result<(PlayerId, Vec<Points>), TrfError> {
    let id = player_id(&cols.get(5, 8), n)?;
    let mut by_round = Vec::new();
    let mut start = 10;
    while start <= cols.len() {
        let text = cols.get(start, start + 3);
        by_round.push(if text.trim().is_empty() {
            Points::ZERO
        } else {
            points(&text, n, "the fictitious points")?
        });
        start += 5;
    }
    Ok((id, by_round))
}

fn read_forbidden(cols: &Columns, n: usize) -> Result<Forbidden, TrfError> {
    let first = round_number(&cols.get(5, 7), n)?;
    let last = round_number(&cols.get(9, 11), n)?;
    if first > last {
        return err(n, "the first round comes after the last");
    }
    let players = ids_from(cols, 13, n)?;
    if players.len() < 2 {
        return err(n, "forbidden pairs name at least two players");
    }
    Ok(Forbidden {
        rounds: Some((first, last)),
        players,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "012 Okul turnuvası\n\
022 İzmir\n\
142 5\n\
001    1      Yılmaz, Ayşe                      1800                             1.5    1     3 w 1     2 b =\n\
001    2      Öz, Mehmet                        1750                             1.5    2  0000 - U     1 w =\n\
001    3      Demir, Can                        1700                             0.0    3     1 b 0  0000 - Z\n";

    #[test]
    fn reads_players_rounds_and_records() {
        let t = Tournament::parse(SMALL).unwrap();
        assert_eq!(t.name, "Okul turnuvası");
        assert_eq!(t.rounds, Some(5));
        assert_eq!(t.records, vec![("022".to_owned(), "İzmir".to_owned())]);
        let ayse = t.player(1).unwrap();
        assert_eq!(
            (ayse.name.as_str(), ayse.rating, ayse.points),
            ("Yılmaz, Ayşe", Some(1800), Points::tenths(15))
        );
        assert_eq!(
            ayse.rounds[0],
            Entry {
                opponent: Some(3),
                colour: Some(Colour::White),
                outcome: Outcome::Win
            }
        );
        assert_eq!(t.player(2).unwrap().rounds[0].outcome, Outcome::PairingBye);
        assert_eq!(t.played_rounds(), 2);
    }

    #[test]
    fn a_name_too_long_for_its_columns_is_cut_not_spilled() {
        let mut t = Tournament::parse(SMALL).unwrap();
        t.players[0].name = "Çağlayan-Büyükkarakurt, Ayşe Nur Gülizar".to_owned();
        let again = Tournament::parse(&t.write()).unwrap();
        assert_eq!(again.players[0].name, "Çağlayan-Büyükkarakurt, Ayşe Nur");
        assert_eq!(again.players[0].rounds, t.players[0].rounds);
        assert_eq!(again.players[0].rating, Some(1800));
    }

    #[test]
    fn lines_end_in_cr_lf_or_crlf_alike() {
        let lf = Tournament::parse(SMALL).unwrap();
        assert_eq!(Tournament::parse(&SMALL.replace('\n', "\r\n")).unwrap(), lf);
        assert_eq!(Tournament::parse(&SMALL.replace('\n', "\r")).unwrap(), lf);
    }

    #[test]
    fn writes_what_it_reads() {
        let t = Tournament::parse(SMALL).unwrap();
        let written = t.write();
        assert_eq!(Tournament::parse(&written).unwrap(), t);
        // Columns as the specification counts them: round 1 from column 92.
        let line = written.lines().find(|l| l.starts_with("001    1")).unwrap();
        let chars: Vec<char> = line.chars().collect();
        assert_eq!(chars[91..99].iter().collect::<String>(), "   3 w 1");
    }

    fn refused(text: &str) -> TrfError {
        Tournament::parse(text).expect_err("refused")
    }

    #[test]
    fn names_the_line_of_what_is_wrong() {
        let e = refused(&SMALL.replace("     3 w 1     2 b =", "     3 w 1     2 b ?"));
        assert_eq!(e.line, 4);
        assert!(e.reason.contains("not a result"), "{e}");
        let e = refused(&SMALL.replace("1.5    1", "2.5    1"));
        assert_eq!(e.line, 4);
        assert!(
            e.reason
                .contains("has 2.5 points, but the results give 1.5"),
            "{e}"
        );
        // Both won the same game.
        let e = refused(
            &SMALL
                .replace("     1 b 0", "     1 b 1")
                .replace("0.0    3", "1.0    3"),
        );
        assert!(e.reason.contains("impossible together"), "{e}");
        let e = refused(&SMALL.replace("     1 b 0", "     1 w 0"));
        assert!(e.reason.contains("colour"), "{e}");
        let e = refused(&SMALL.replace("142 5", "142 five"));
        assert_eq!(e.line, 3);
        let again = SMALL.lines().nth(5).unwrap();
        let e = refused(&format!("{SMALL}{again}\n"));
        assert!(e.reason.contains("appears twice"), "{e}");
        let e = refused(&SMALL.replace("     3 w 1", "     9 w 1"));
        assert!(e.reason.contains("no player 9"), "{e}");
        let e = refused(&format!("{SMALL}250      522 001 002    1    2\n"));
        assert!(
            e.reason.contains("does not fit the file's four columns"),
            "{e}"
        );
        let e = refused(&format!("{SMALL}240 H 003    7\n"));
        assert!(e.reason.contains("names no player"), "{e}");
    }

    #[test]
    fn a_bye_announced_for_the_next_round_may_be_counted() {
        let with_bye = SMALL.replace(
            "0.0    3     1 b 0  0000 - Z",
            "0.5    3     1 b 0  0000 - Z  0000 - H",
        );
        let t = Tournament::parse(&with_bye).unwrap();
        assert_eq!(t.player(3).unwrap().rounds.len(), 3);
        assert_eq!(t.played_rounds(), 2);
    }

    #[test]
    fn reads_the_pairing_records() {
        let text = format!(
            "{SMALL}152 B\n162 W  3.0    D  1.0    L  0.0\n192 FIDE_DUTCH_2025\n202 BH/C1,SB\n\
             240 H 003    1    2\n250      1.0 001 002    1    2\nXXP 1 3\n260 001 003    2    3\n"
        )
        .replace("1.5    1", "4.0    1")
        .replace("1.5    2", "4.0    2");
        let t = Tournament::parse(&text).unwrap();
        assert_eq!(t.initial_colour, Some(Colour::Black));
        assert_eq!(t.scoring.win, Points::tenths(30));
        assert_eq!(t.scoring.pairing_bye, Points::tenths(30));
        assert_eq!(t.tiebreaks, Some(vec!["BH/C1".to_owned(), "SB".to_owned()]));
        assert_eq!(
            t.byes,
            vec![Bye {
                outcome: Outcome::HalfBye,
                round: 3,
                players: vec![1, 2]
            }]
        );
        assert_eq!(t.acceleration(2, 2), Points::tenths(10));
        assert_eq!(t.acceleration(3, 2), Points::ZERO);
        assert_eq!(t.forbidden.len(), 2);
        assert_eq!(Tournament::parse(&t.write()).unwrap(), t);
    }
}
