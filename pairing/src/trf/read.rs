//! Reading and writing a report file: the tournament's lines, each record's columns.

use super::teams::*;
use super::*;

impl Tournament {
    /// Reads a report file; checks that every game appears on both players' lines alike and
    /// that each player's points are what their results give.
    pub fn parse(text: &str) -> Result<Tournament, TrfError> {
        let mut t = Tournament::default();
        let mut player_lines = Vec::new();
        let mut pairing_bye_given = false;
        let mut team_lines = TeamLines::default();
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
                "310" | "320" | "330" | "352" | "362" => {
                    t.read_team_record(&tag, &cols, &rest(), n, &mut team_lines)?
                }
                _ if tag.ends_with('2') && tag.bytes().all(|b| b.is_ascii_digit()) => {
                    t.records.push((tag, rest()))
                }
                _ => t.other.push(line.to_owned()),
            }
        }
        t.check(&player_lines)?;
        t.check_teams(&team_lines)?;
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
    /// The report file: the tournament's records, the players, the teams (`310`) and the rest,
    /// each in its columns.
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
        if let Some(colours) = &self.board_colours {
            let _ = writeln!(out, "{}", board_colours_line(colours));
        }
        if let Some(s) = &self.match_scoring {
            let _ = writeln!(out, "{}", match_scoring_line(s));
        }
        for p in &self.players {
            out.push_str(&player_line(p));
            out.push('\n');
        }
        for team in &self.teams {
            let _ = writeln!(out, "{}", team_line(team));
        }
        for b in &self.byes {
            let _ = write!(out, "240 {} {:03}", b.outcome.code(), b.round);
            for id in &b.players {
                let _ = write!(out, " {id:>4}");
            }
            out.push('\n');
        }
        if let Some(b) = &self.team_byes {
            let _ = writeln!(out, "{}", team_byes_line(b));
        }
        for f in &self.forfeited_matches {
            let _ = writeln!(out, "{}", forfeited_match_line(f));
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

pub(super) fn codes(text: &str) -> Vec<String> {
    text.split([',', ' '])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .collect()
}

pub(super) fn read_player(cols: &Columns, n: usize) -> Result<Player, TrfError> {
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

pub(super) fn player_line(p: &Player) -> String {
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

/// Pairing numbers written every five columns from `from`, each in four.
pub(super) fn ids_from(cols: &Columns, from: usize, n: usize) -> Result<Vec<PlayerId>, TrfError> {
    let mut ids = Vec::new();
    let mut start = from;
    while start <= cols.len() {
        ids.push(player_id(&cols.get(start, start + 3), n)?);
        start += 5;
    }
    Ok(ids)
}

pub(super) fn read_bye(cols: &Columns, n: usize) -> Result<Bye, TrfError> {
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

pub(super) fn read_acceleration(cols: &Columns, n: usize) -> Result<Acceleration, TrfError> {
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

pub(super) fn read_xxa(cols: &Columns, n: usize) -> Result<(PlayerId, Vec<Points>), TrfError> {
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

pub(super) fn read_forbidden(cols: &Columns, n: usize) -> Result<Forbidden, TrfError> {
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
