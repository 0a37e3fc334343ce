//! What a Swiss system knows of each player before pairing a round (FIDE C.04.3, the Dutch
//! system's definitions): the score, with and without fictitious points; the colour difference
//! and the colour preference, with its strength; the floats of the last two rounds; whom the
//! player has met; whether the pairing-allocated bye may go to them.

use crate::points::Points;
use crate::trf::{Colour, Entry, Outcome, PlayerId, Tournament};

/// How strongly a player wants a colour (C.04.3 1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No game played yet.
    None,
    /// Colour difference 0: the other colour than the last game's.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games played.
    Absolute,
}

/// A float in one of the last rounds (C.04.3 1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    /// Met a lower score, or scored more than a loss without playing.
    Down,
    /// Met a higher score.
    Up,
    None,
}

/// A player as the next round's pairing sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub id: PlayerId,
    /// Points after the rounds played.
    pub score: Points,
    /// With the fictitious points of acceleration for the round to pair.
    pub paired_score: Points,
    /// Games played over the board.
    pub games: usize,
    /// Games with White minus games with Black.
    pub colour_difference: i32,
    pub preference: Option<Colour>,
    pub strength: Strength,
    /// The colour of the last two games played, where it was the same.
    pub repeated: Option<Colour>,
    /// Floats of the last round and of the round before it.
    pub floats: [Float; 2],
    /// Everyone met over the board (a forfeited game was not played: they may meet again).
    pub opponents: Vec<PlayerId>,
    /// May get the pairing-allocated bye: has not had one, nor a win's points without playing.
    pub bye_eligible: bool,
}

fn played(e: &Entry) -> bool {
    e.opponent.is_some() && e.colour.is_some() && e.outcome.played()
}

/// Each player's state before round `played_rounds + 1`, from their first `played_rounds`
/// rounds, in the file's order.
pub fn states(t: &Tournament, played_rounds: usize) -> Vec<State> {
    let score_after = |p: &crate::trf::Player, rounds: usize| t.score(p, rounds);
    t.players
        .iter()
        .map(|p| {
            let rounds: Vec<Entry> = (0..played_rounds)
                .map(|r| p.rounds.get(r).copied().unwrap_or(Entry::ABSENT))
                .collect();
            let (mut white, mut black, mut run, mut last) = (0i32, 0i32, 0usize, None);
            for e in rounds.iter().filter(|e| played(e)) {
                match e.colour {
                    Some(Colour::White) => white += 1,
                    _ => black += 1,
                }
                run = if last == e.colour { run + 1 } else { 1 };
                last = e.colour;
            }
            let difference = white - black;
            let lower = if difference > 0 {
                Colour::Black
            } else {
                Colour::White
            };
            let repeated = last.filter(|_| run > 1);
            let preference = if difference.abs() > 1 {
                Some(lower)
            } else if let Some(c) = repeated {
                Some(c.other())
            } else if difference != 0 {
                Some(lower)
            } else {
                last.map(Colour::other)
            };
            let strength = if difference.abs() > 1 || repeated.is_some() {
                Strength::Absolute
            } else if difference != 0 {
                Strength::Strong
            } else if last.is_some() {
                Strength::Mild
            } else {
                Strength::None
            };
            let float = |back: usize| -> Float {
                let Some(r) = played_rounds.checked_sub(back) else {
                    return Float::None;
                };
                let e = &rounds[r];
                if !played(e) {
                    return if t.scoring.of(e.outcome) > t.scoring.loss {
                        Float::Down
                    } else {
                        Float::None
                    };
                }
                let round = u16::try_from(r + 1).unwrap_or(u16::MAX);
                let before =
                    |q: &crate::trf::Player| score_after(q, r) + t.acceleration(q.id, round);
                let opponent = e.opponent.and_then(|o| t.player(o));
                match opponent.map(|o| before(p).cmp(&before(o))) {
                    Some(std::cmp::Ordering::Greater) => Float::Down,
                    Some(std::cmp::Ordering::Less) => Float::Up,
                    _ => Float::None,
                }
            };
            let bye_eligible = rounds.iter().all(|e| {
                played(e)
                    || (t.scoring.of(e.outcome) < t.scoring.win && e.outcome != Outcome::PairingBye)
            });
            let score = score_after(p, played_rounds);
            let next = u16::try_from(played_rounds + 1).unwrap_or(u16::MAX);
            State {
                id: p.id,
                score,
                paired_score: score + t.acceleration(p.id, next),
                games: rounds.iter().filter(|e| played(e)).count(),
                colour_difference: difference,
                preference,
                strength,
                repeated,
                floats: [float(1), float(2)],
                opponents: rounds
                    .iter()
                    .filter(|e| played(e))
                    .filter_map(|e| e.opponent)
                    .collect(),
                bye_eligible,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Player 1's history in five rounds, against players 2..=6 who mirror it.
    fn tournament(history: &[(char, char)]) -> Tournament {
        let mut lines = vec!["012 Colours".to_owned()];
        let mut one = String::new();
        let mut total = Points::ZERO;
        let mut others = Vec::new();
        for (r, &(colour, result)) in history.iter().enumerate() {
            let opponent = r + 2;
            let outcome = Outcome::parse(result).unwrap();
            total += crate::trf::Scoring::default().of(outcome);
            if colour == '-' {
                one.push_str(&format!("  0000 - {result}"));
                others.push((opponent, None));
                continue;
            }
            one.push_str(&format!("  {opponent:>4} {colour} {result}"));
            let theirs = match result {
                '1' => '0',
                '0' => '1',
                '+' => '-',
                '-' => '+',
                other => other,
            };
            let their_colour = if colour == 'w' { 'b' } else { 'w' };
            others.push((opponent, Some((r, their_colour, theirs))));
        }
        lines.push(format!(
            "001    1      {:<33} 2000                            {total:>4}    1{one}",
            "One"
        ));
        for (opponent, game) in others {
            let mut rounds = String::new();
            let mut points = Points::ZERO;
            for r in 0..history.len() {
                match game {
                    Some((g, c, res)) if g == r => {
                        points += crate::trf::Scoring::default().of(Outcome::parse(res).unwrap());
                        rounds.push_str(&format!("     1 {c} {res}"));
                    }
                    _ => rounds.push_str("  0000 - Z"),
                }
            }
            lines.push(format!(
                "001 {opponent:>4}      {:<33} 1900                            {points:>4}    2{rounds}",
                format!("Other {opponent}")
            ));
        }
        Tournament::parse(&(lines.join("\n") + "\n")).unwrap()
    }

    fn first(history: &[(char, char)]) -> State {
        let t = tournament(history);
        states(&t, history.len()).remove(0)
    }

    #[test]
    fn colour_preferences_by_difference_and_the_last_two_games() {
        let s = first(&[]);
        assert_eq!((s.preference, s.strength), (None, Strength::None));
        let s = first(&[('w', '1')]);
        assert_eq!(
            (s.preference, s.strength, s.colour_difference),
            (Some(Colour::Black), Strength::Strong, 1)
        );
        let s = first(&[('w', '1'), ('b', '0')]);
        assert_eq!(
            (s.preference, s.strength),
            (Some(Colour::White), Strength::Mild)
        );
        let s = first(&[('b', '1'), ('w', '0'), ('w', '=')]);
        assert_eq!(
            (s.preference, s.strength, s.repeated),
            (Some(Colour::Black), Strength::Absolute, Some(Colour::White))
        );
        let s = first(&[('w', '1'), ('b', '0'), ('w', '='), ('w', '1')]);
        assert_eq!(
            (s.preference, s.strength, s.colour_difference),
            (Some(Colour::Black), Strength::Absolute, 2)
        );
        // A forfeit is not a game played: it changes no colour.
        let s = first(&[('w', '1'), ('b', '+'), ('w', '=')]);
        assert_eq!(
            (s.preference, s.strength, s.colour_difference, s.games),
            (Some(Colour::Black), Strength::Absolute, 2, 2)
        );
    }

    #[test]
    fn floats_and_the_bye() {
        // Won round 1 (1–0 up), met 0-pointer 3 in round 2 as the higher score: a downfloat.
        let s = first(&[('w', '1'), ('b', '1')]);
        assert_eq!(s.floats, [Float::Down, Float::None]);
        assert!(s.bye_eligible);
        // A half-point bye scores more than a loss without playing: a downfloat too; it does not
        // take the pairing bye away.
        let s = first(&[('w', '0'), ('-', 'H')]);
        assert_eq!(s.floats[0], Float::Down);
        assert!(s.bye_eligible);
        // The pairing bye is a downfloat; then, a point up, meeting 0-pointer 3 another.
        let s = first(&[('-', 'U'), ('w', '0')]);
        assert_eq!(s.floats, [Float::Down, Float::Down]);
        assert!(!s.bye_eligible, "had the pairing-allocated bye");
        assert!(
            !first(&[('b', '+')]).bye_eligible,
            "a forfeit win is a win without playing"
        );
        assert!(first(&[('-', 'Z')]).bye_eligible);
        assert_eq!(first(&[('-', 'Z')]).floats[0], Float::None);
    }
}
